import type { RegisteredOperation } from './types.js'

interface CompiledRoute {
  operation: RegisteredOperation
  /** A literal segment, or null where a parameter stands. */
  segments: Array<string | null>
  paramNames: string[]
}

export type RouteMatch =
  | { kind: 'found'; operation: RegisteredOperation; params: Record<string, string>; badEncoding?: string }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' }

/**
 * Method + path → operation, compiled once. Routes are grouped by segment count, so a lookup
 * compares a handful of literal segments instead of running a pattern per route.
 */
export class RouteTable {
  private readonly bySegmentCount = new Map<number, CompiledRoute[]>()

  constructor(readonly operations: readonly RegisteredOperation[]) {
    for (const operation of operations) {
      const parts = operation.path.split('/').slice(1)
      const route: CompiledRoute = {
        operation,
        segments: parts.map((part) => (part.startsWith('{') ? null : part)),
        paramNames: parts.filter((part) => part.startsWith('{')).map((part) => part.slice(1, -1)),
      }
      const group = this.bySegmentCount.get(parts.length) ?? []
      group.push(route)
      this.bySegmentCount.set(parts.length, group)
    }
  }

  match(method: string, path: string): RouteMatch {
    // The service runs on Express, whose default routing reads one trailing slash as absent
    // (/v2/sites/ is /v2/sites, not a site with an empty id), and answers HEAD wherever it
    // answers GET, with the headers of the GET and no body.
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
    const wanted = method === 'HEAD' ? 'GET' : method
    // Split before decoding: an encoded slash (%2F) stays inside its segment, so a pathname
    // passed as one parameter can never be matched against a different route.
    const raw = trimmed.split('/').slice(1)
    const candidates = this.bySegmentCount.get(raw.length)
    if (!candidates) return { kind: 'not-found' }
    const allowed: string[] = []
    for (const route of candidates) {
      if (!route.segments.every((literal, i) => literal === null || literal === raw[i])) continue
      if (route.operation.method !== wanted) {
        allowed.push(...(route.operation.method === 'GET' ? ['GET', 'HEAD'] : [route.operation.method]))
        continue
      }
      const params: Record<string, string> = {}
      let n = 0
      for (let i = 0; i < raw.length; i++) {
        if (route.segments[i] !== null) continue
        const name = route.paramNames[n++]!
        try {
          params[name] = decodeURIComponent(raw[i]!)
        } catch {
          // The operation is known: its key is judged first, and this is its path parameter's 400.
          return { kind: 'found', operation: route.operation, params, badEncoding: name }
        }
      }
      return { kind: 'found', operation: route.operation, params }
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' }
  }
}
