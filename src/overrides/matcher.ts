import type { ApiRequest, RegisteredOperation } from '../api/types.js'
import type { OverrideMatcher } from '../generated/types.js'
import { matchesPathPattern } from '../journal/entry-filter.js'
import { contains } from '../journal/expect-request.js'

/** Whether every field the matcher gives holds for the request (`operation`: the one its method and path reach, if any). */
export function matchesRequest(matcher: OverrideMatcher, request: ApiRequest, operation: RegisteredOperation | undefined): boolean {
  if (matcher.method !== undefined && matcher.method.toUpperCase() !== request.method) return false
  if (matcher.operation !== undefined && matcher.operation !== operation?.operationId) return false
  if (matcher.path !== undefined && !matchesPathPattern(request.path, operation?.path ?? null, matcher.path)) return false
  if (matcher.query !== undefined && !queryHas(request.query, matcher.query)) return false
  if (matcher.headers !== undefined && !Object.entries(matcher.headers).every(([name, value]) => request.headers[name.toLowerCase()] === value)) return false
  if (matcher.body !== undefined && !bodyHas(request, matcher.body)) return false
  return true
}

function queryHas(query: string, expected: Record<string, string | undefined>): boolean {
  const params = new URLSearchParams(query)
  return Object.entries(expected).every(([name, value]) => params.get(name) === value)
}

function bodyHas(request: ApiRequest, expected: unknown): boolean {
  if (request.body === undefined || request.invalidUtf8) return false
  try {
    return contains(JSON.parse(request.body), expected)
  } catch {
    // A body that is not JSON holds no fields to match.
    return false
  }
}
