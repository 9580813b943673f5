import { JSON_HEADERS, methodNotAllowed } from '../api/errors.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { buildOpenApiDocument } from './document.js'

export const OPENAPI_PATH = '/openapi.json'

let served: string | undefined

/**
 * GET /openapi.json, or undefined for any other path. The server URL "." is relative to the
 * document, so the reference's "try it" reaches this mock wherever it is mounted.
 */
export function serveOpenApi(request: ApiRequest): ApiResponse | undefined {
  if (request.path !== OPENAPI_PATH) return undefined
  // HEAD as the API answers it: a readiness probe (curl -I) needs no body.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return methodNotAllowed(request.method, ['GET', 'HEAD']).toResponse()
  }
  // Built once: the route table and the schemas never change while the mock runs.
  served ??= JSON.stringify(buildOpenApiDocument({ serverUrl: '.' }), null, 2)
  return { status: 200, headers: { ...JSON_HEADERS }, body: undefined, payload: served }
}
