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
    const raw = trimmed.split('/')
    const candidates = this.bySegmentCount.get(raw.length - 1)
    if (!candidates) return NOT_FOUND
    // Every request of the API passes here (and the journal, faults and overrides ask too):
    // plain loops, no closure or array per route, and the 405's list only when there is no match.
    for (const route of candidates) {
      if (route.operation.method === wanted && matchesLiterals(route, raw)) return found(route, raw)
    }
    const allowed: string[] = []
    for (const route of candidates) {
      if (!matchesLiterals(route, raw)) continue
      if (route.operation.method === 'GET') allowed.push('GET', 'HEAD')
      else allowed.push(route.operation.method)
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed } : NOT_FOUND
  }
}

const NOT_FOUND: RouteMatch = Object.freeze({ kind: 'not-found' })

/** Whether the path's segments (after the leading empty one) equal the route's literal ones. */
function matchesLiterals(route: CompiledRoute, raw: string[]): boolean {
  const { segments } = route
  for (let i = 0; i < segments.length; i++) {
    const literal = segments[i]
    if (literal !== null && literal !== raw[i + 1]) return false
  }
  return true
}

function found(route: CompiledRoute, raw: string[]): RouteMatch {
  const params: Record<string, string> = {}
  let n = 0
  for (let i = 0; i < route.segments.length; i++) {
    if (route.segments[i] !== null) continue
    const name = route.paramNames[n++]!
    const segment = raw[i + 1]!
    // decodeURIComponent costs as much as the rest of the match: most segments (ids) need none.
    try {
      params[name] = segment.includes('%') ? decodeURIComponent(segment) : segment
    } catch {
      // The operation is known: its key is judged first, and this is its path parameter's 400.
      return { kind: 'found', operation: route.operation, params, badEncoding: name }
    }
  }
  return { kind: 'found', operation: route.operation, params }
}
