/**
 * sitemock/playwright: a Playwright page or browser context answered by a mock that lives in the
 * test process. Requests are caught with Playwright's own `route()`, so no msw and no service
 * worker take part: it works beside msw 2, msw 3 or none, and the test asks the same mock what
 * the page sent (expectRequest(mock, ...)).
 *
 *   const mock = createMock()
 *   await routeMock(context, mock)
 */
import type { Mock } from '../mock.js'
import type { ApiResponse } from '../api/types.js'
import { unsavedResponse } from '../persist/changes.js'
import { decodeBody } from './decode-body.js'
import { isMockPath } from './mock-path.js'
import { DEFAULT_BASE_URL, parseBaseUrl } from './base-url.js'

export { DEFAULT_BASE_URL }
export { expectRequest, findRequests, type RequestExpectation } from '../journal/expect-request.js'

/** As much of Playwright's Request as the adapter reads. */
export interface RoutedRequest {
  method(): string
  url(): string
  allHeaders(): Promise<Record<string, string>>
  postDataBuffer(): Uint8Array | null
}

/** As much of Playwright's Route as the adapter uses. */
export interface PlaywrightRoute {
  request(): RoutedRequest
  fulfill(response: { status: number; headers: Record<string, string>; body: string }): Promise<void>
  abort(errorCode?: string): Promise<void>
  fallback(): Promise<void>
}

/**
 * A Page or a BrowserContext: anything with Playwright's route() and unroute(). What they resolve
 * to is left open: Playwright 1.65's route() resolves to a Disposable, older ones to nothing.
 */
export interface RouteHost {
  route(url: (url: URL) => boolean, handler: (route: PlaywrightRoute) => Promise<void>): Promise<unknown>
  unroute(url: (url: URL) => boolean, handler?: (route: PlaywrightRoute) => Promise<void>): Promise<unknown>
}

export interface RouteMockOptions {
  /**
   * What the mock answers: the service's address (default https://api.makeswift.com), another
   * absolute base URL, or a path such as "/" or "/api" on whatever origin the page has. Under a
   * path only the API's routes and /__mock/* are answered; the app's own files go on as usual.
   */
  baseUrl?: string
}

/**
 * Answers the page's (or every page of the context's) requests to the API through `mock`.
 * Resolves once the route is in place; the returned function removes it.
 */
export async function routeMock(host: RouteHost, mock: Mock, options: RouteMockOptions = {}): Promise<() => Promise<void>> {
  const { relative, origin, prefix } = parseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL)
  const matches = (url: URL): boolean => (origin === undefined || url.origin === origin) && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))

  const handler = async (route: PlaywrightRoute): Promise<void> => {
    const request = route.request()
    const url = new URL(request.url())
    const path = url.pathname.slice(prefix.length) || '/'
    // Under a path on the page's own origin, the page's scripts and images are not the API's.
    if (relative && !isMockPath(request.method(), path)) return route.fallback()
    const bytes = request.postDataBuffer() ?? new Uint8Array()
    const { body, invalidUtf8 } = decodeBody(bytes)
    let response = mock.respond({ method: request.method(), path, query: url.search.slice(1), headers: await request.allHeaders(), body, invalidUtf8 })
    const saving = mock.settled()
    if (saving) response = await saving.then(() => response, unsavedResponse)
    if (response.delayMs) await new Promise((resolve) => setTimeout(resolve, response.delayMs))
    // An injected fault: the connection reset; or, for a timeout, no answer at all, as the server
    // and the msw handler do, so that the page's own timeout (an AbortSignal) is what ends it.
    if (response.drop === 'reset') return route.abort('connectionreset')
    if (response.drop === 'timeout') return new Promise<void>(() => undefined)
    return route.fulfill({ status: response.status, headers: response.headers, body: bodyText(response) })
  }
  await host.route(matches, handler)
  // Awaited here, so the caller gets Promise<void> whatever unroute() resolves to in its Playwright.
  return async () => {
    await host.unroute(matches, handler)
  }
}

function bodyText(response: ApiResponse): string {
  if (response.payload !== undefined) return response.payload
  return response.body === undefined ? '' : JSON.stringify(response.body)
}
