/**
 * The msw handler itself, for both of its entries: sitemock/msw (setupServer in Node, where
 * every validator is there from the start) and sitemock/handlers (a page, where each operation's
 * validators are imported on its first request: the handler awaits mock.prepare first).
 */
import { delay, http, HttpResponse } from 'msw'
import { CONTROL_PREFIX } from '../control/control-types.js'
import type { Mock } from '../mock.js'
import { unsavedResponse } from '../persist/changes.js'
import { fakerPending, loadFaker } from '../scenarios/faker-provider.js'
import { mayGenerate } from '../scenarios/index.js'
import { DEFAULT_BASE_URL, parseBaseUrl } from './base-url.js'
import { decodeBody } from './decode-body.js'

/** Verification for setupServer users: expectRequest(mock, { method: 'POST', path: '/v6/pages' }). */
export { expectRequest, findRequests, type RequestExpectation } from '../journal/expect-request.js'
/** msw 2's onUnhandledRequest and msw 3's onUnhandledFrame at once: server.listen(onUnhandled('error')). */
export { onUnhandled, type OnUnhandledOptions, type UnhandledOptions, type UnhandledRequestCallback, type UnhandledRequestPrint, type UnhandledRequests, type UnhandledRequestStrategy } from './unhandled.js'

export { DEFAULT_BASE_URL }

export interface MswHandlerOptions {
  /**
   * Where the handler answers: an absolute base URL (origin and optional path prefix, e.g.
   * http://localhost:4010/api), or a path prefix such as "/" that msw resolves against the
   * page's or server's own origin.
   */
  baseUrl?: string
}

/**
 * One catch-all msw handler in front of the core: msw matches a single handler, and the core's
 * own route table does the routing. Used by the browser worker and setupServer.
 */
export function createMswHandler(mock: Mock, options: MswHandlerOptions = {}) {
  const { origin, prefix } = parseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL)
  const pattern = `${origin ?? ''}${prefix}/*`
  return http.all(pattern, async ({ request }) => {
    const url = new URL(request.url)
    const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array()
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => {
      headers[name] = value
    })
    const { body, invalidUtf8 } = decodeBody(bytes)
    const path = url.pathname.slice(prefix.length) || '/'
    if (fakerPending() && request.method === 'POST' && path === `${CONTROL_PREFIX}reset` && resetMayGenerate(body)) await loadFaker()
    const mockRequest = { method: request.method, path, query: url.search.slice(1), headers, body, invalidUtf8 }
    const preparing = mock.prepare(mockRequest)
    if (preparing) await preparing
    let response = mock.respond(mockRequest)
    const saving = mock.settled()
    if (saving) response = await saving.then(() => response, unsavedResponse)
    if (response.delayMs) await delay(response.delayMs)
    // An injected fault: a network error for a reset; for a timeout, an answer that never comes.
    if (response.drop === 'reset') return HttpResponse.error()
    if (response.drop === 'timeout') await delay('infinite')
    if (response.payload !== undefined) return new HttpResponse(response.payload, { status: response.status, headers: response.headers })
    return response.body === undefined
      ? new HttpResponse(null, { status: response.status, headers: response.headers })
      : HttpResponse.json(response.body, { status: response.status, headers: response.headers })
  })
}

/** Whether a reset's body names a scenario or seed that a page must load faker for. */
function resetMayGenerate(body: string | undefined): boolean {
  try {
    const parsed: unknown = JSON.parse(body ?? '')
    if (parsed === null || typeof parsed !== 'object') return false
    const { scenario, seed } = parsed as { scenario?: unknown; seed?: unknown }
    return mayGenerate(scenario, seed)
  } catch {
    // Not JSON: the reset answers its own 400, and generates nothing.
    return false
  }
}
