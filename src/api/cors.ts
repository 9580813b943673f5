import type { ApiRequest, ApiResponse } from './types.js'
import { FAULT_HEADER } from '../faults/fault-header.js'
import { OVERRIDE_HEADER } from '../overrides/override-header.js'

/**
 * Which browser origins may call the mock. The default admits any local origin
 * (http://localhost:<port>, http://127.0.0.1:<port>), which is where frontends under
 * development run; `*` admits every origin but then never allows credentials.
 */
export type CorsOrigins = '*' | string[]

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

const ALLOWED_HEADERS = 'x-api-key, authorization, content-type, prefer, x-control-token'
const EXPOSED_HEADERS = `x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, ${FAULT_HEADER}, ${OVERRIDE_HEADER}`

/** The CORS headers for this request's Origin; undefined without an Origin or when it is not admitted. */
export function corsHeaders(request: ApiRequest, origins: CorsOrigins | undefined): Record<string, string> | undefined {
  const origin = request.headers['origin']
  if (origin === undefined) return undefined
  if (origins === '*') return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS }
  const admitted = origins === undefined ? LOCAL_ORIGIN.test(origin) : origins.includes(origin)
  if (!admitted) return undefined
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'Origin',
  }
}

/** Answers a CORS preflight (OPTIONS with Access-Control-Request-Method), or undefined for any other request. */
export function preflight(request: ApiRequest, origins: CorsOrigins | undefined): ApiResponse | undefined {
  if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return undefined
  const headers = corsHeaders(request, origins)
  if (headers === undefined) return { status: 403, headers: {}, body: undefined }
  return {
    status: 204,
    headers: {
      ...headers,
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
    },
    body: undefined,
  }
}
