import { ApiError, JSON_HEADERS, methodNotAllowed } from '../api/errors.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { OnDemandPart } from '../control/on-demand-part.js'
import type { buildOpenApiDocument } from './document.js'

export const OPENAPI_PATH = '/openapi.json'

/**
 * The document's builder (document.ts, with the schemas' components and the operations' objects):
 * only a request for the document needs it, so a page's mock imports it then (handlers.ts), and
 * Node's entries hold it from the start (eager-parts.ts).
 */
export const openApiBuilder = new OnDemandPart<typeof buildOpenApiDocument>('the OpenAPI document (GET /openapi.json)')

let served: string | undefined

/** Whether the request is one serveOpenApi answers with the document. */
const asksForDocument = (request: Pick<ApiRequest, 'method' | 'path'>): boolean => request.path === OPENAPI_PATH && (request.method === 'GET' || request.method === 'HEAD')

/** In a page, the first request for the document imports its builder (see Mock.prepare); undefined for every other request. */
export function prepareOpenApi(request: Pick<ApiRequest, 'method' | 'path'>): Promise<void> | undefined {
  return asksForDocument(request) && served === undefined ? openApiBuilder.load() : undefined
}

/**
 * GET /openapi.json, or undefined for any other path. The server URL "." is relative to the
 * document, so the reference's "try it" reaches this mock wherever it is mounted.
 */
export function serveOpenApi(request: ApiRequest): ApiResponse | undefined {
  if (request.path !== OPENAPI_PATH) return undefined
  // HEAD as the API answers it: a readiness probe (curl -I) needs no body.
  if (!asksForDocument(request)) return methodNotAllowed(request.method, ['GET', 'HEAD']).toResponse()
  try {
    // Built once: the route table and the schemas never change while the mock runs.
    served ??= JSON.stringify(openApiBuilder.get()({ serverUrl: '.' }), null, 2)
  } catch (error) {
    // The builder not imported (yet): OnDemandPart's 500 in the envelope says why.
    if (error instanceof ApiError) return error.toResponse()
    throw error
  }
  return { status: 200, headers: { ...JSON_HEADERS }, body: undefined, payload: served }
}
