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
  /** The most segments any route has: a longer path matches none. */
  private readonly maxSegments: number
  /** Where the slashes of the path being matched are, and its end after them. */
  private readonly slashes: Int32Array

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
    this.maxSegments = Math.max(0, ...this.bySegmentCount.keys())
    this.slashes = new Int32Array(this.maxSegments + 1)
  }

  match(method: string, path: string): RouteMatch {
    // The service runs on Express, whose default routing reads one trailing slash as absent
    // (/v2/sites/ is /v2/sites, not a site with an empty id), and answers HEAD wherever it
    // answers GET, with the headers of the GET and no body.
    const end = path.length > 1 && path.charCodeAt(path.length - 1) === SLASH ? path.length - 1 : path.length
    const wanted = method === 'HEAD' ? 'GET' : method
    // Segments are found by their slashes, before any decoding: an encoded slash (%2F) stays
    // inside its segment, so a pathname passed as one parameter can never match another route.
    // The positions go to one array kept for every lookup: no split, no array per request.
    const slashes = this.slashes
    let count = 0
    for (let i = 0; i < end; i++) {
      if (path.charCodeAt(i) !== SLASH) continue
      if (count === this.maxSegments) return NOT_FOUND
      slashes[count++] = i
    }
    slashes[count] = end
    const candidates = this.bySegmentCount.get(count)
    if (!candidates) return NOT_FOUND
    // Every request of the API passes here (and the journal, faults and overrides ask too):
    // plain loops, no closure or array per route, and the 405's list only when there is no match.
    for (const route of candidates) {
      if (route.operation.method === wanted && matchesLiterals(route, path, slashes)) return found(route, path, slashes)
    }
    const allowed: string[] = []
    for (const route of candidates) {
      if (!matchesLiterals(route, path, slashes)) continue
      if (route.operation.method === 'GET') allowed.push('GET', 'HEAD')
      else allowed.push(route.operation.method)
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed } : NOT_FOUND
  }
}

const SLASH = 47
const NOT_FOUND: RouteMatch = Object.freeze({ kind: 'not-found' })

/** Whether the path's segments (between slashes[i] and slashes[i + 1]) equal the route's literal ones. */
function matchesLiterals(route: CompiledRoute, path: string, slashes: Int32Array): boolean {
  const { segments } = route
  for (let i = 0; i < segments.length; i++) {
    const literal = segments[i]!
    if (literal === null) continue
    const start = slashes[i]! + 1
    if (slashes[i + 1]! - start !== literal.length || !path.startsWith(literal, start)) return false
  }
  return true
}

function found(route: CompiledRoute, path: string, slashes: Int32Array): RouteMatch {
  const params: Record<string, string> = {}
  let n = 0
  for (let i = 0; i < route.segments.length; i++) {
    if (route.segments[i] !== null) continue
    const name = route.paramNames[n++]!
    const segment = path.slice(slashes[i]! + 1, slashes[i + 1])
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
