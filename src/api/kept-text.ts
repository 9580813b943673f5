import type { ApiResponse } from './types.js'

// A page or a list of pages is answered as its kept text (`payload`, joined from `payloadParts`)
// without a body: the transports send the text, and presenting twenty pages as objects only to
// drop them cost a list 7% of its throughput over HTTP. Callers that read objects (Mock.handle,
// mock.db) add the body from the text.
const keptAsText = (response: ApiResponse): boolean => response.body === undefined && response.payloadParts !== undefined

/** The response with its body: a kept text parsed, so the value as it stood when answered. */
export function withBody(response: ApiResponse): ApiResponse {
  return keptAsText(response) ? { ...response, body: JSON.parse(response.payload!) } : response
}

/** The JSON text of the response's body ("null" for none), a kept text as it is. */
export function bodyJson(response: ApiResponse): string {
  return keptAsText(response) ? response.payload! : JSON.stringify(response.body ?? null)
}
