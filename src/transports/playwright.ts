/**
 * sitemock/playwright: a Playwright page or browser context answered by a mock that lives in the
 * test process. Requests are caught with Playwright's own `route()`, so no msw and no service
 * worker take part: it works beside msw 2, msw 3 or none, and the test asks the same mock what
 * the page sent (expectRequest(mock, ...)).
 *
 *   const mock = createMock()
 *   await routeMock(context, mock)
 */
import '../eager-parts.js'
import type { Mock } from '../mock.js'
import type { ApiResponse } from '../api/types.js'
import type { JournalEntry } from '../generated/types.js'
import { expectRequest as expectInJournal, type Journaled, type RequestExpectation } from '../journal/expect-request.js'
import { unsavedResponse } from '../persist/changes.js'
import { decodeBody } from './decode-body.js'
import { isMockPath } from './mock-path.js'
import { DEFAULT_BASE_URL, parseBaseUrl } from './base-url.js'

export { DEFAULT_BASE_URL }
export { findRequests, type RequestExpectation } from '../journal/expect-request.js'
export { connectPageMock, type EvaluatingPage, type PageMock, type PageMockOptions } from './page-mock.js'
export type { RequestFilter } from './browser-console.js'

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

/** As much of Playwright's Response as the adapter reads: whether a service worker gave it. */
export interface ObservedResponse {
  url(): string
  fromServiceWorker(): boolean
  request(): { method(): string }
}

/**
 * A Page or a BrowserContext: anything with Playwright's route() and unroute(). What they resolve
 * to is left open: Playwright 1.65's route() resolves to a Disposable, older ones to nothing.
 * on() and off() (both have them) let routeMock notice answers that never reached its route.
 */
export interface RouteHost {
  route(url: (url: URL) => boolean, handler: (route: PlaywrightRoute) => Promise<void>): Promise<unknown>
  unroute(url: (url: URL) => boolean, handler?: (route: PlaywrightRoute) => Promise<void>): Promise<unknown>
  on?(event: 'response', listener: (response: ObservedResponse) => void): unknown
  off?(event: 'response', listener: (response: ObservedResponse) => void): unknown
}

/**
 * Per mock, the first of the requests to its base URL that a service worker answered instead of
 * the route: expectRequest names it when it finds nothing.
 */
const answeredByWorker = new WeakMap<Journaled, string>()

/** What went wrong when the page's own service worker answers the API: named once per mock, and in expectRequest's error. */
function workerNote(request: string): string {
  return (
    `sitemock: ${request} was answered by the page's service worker, not by routeMock: Playwright's route() never sees ` +
    "what a service worker answers, so this mock's journal, faults and overrides miss it. If the app starts sitemock in the page " +
    "(startBrowserMock from 'sitemock/browser'), drive that mock with connectPageMock(page) instead of routeMock; if its service " +
    "worker is not sitemock's and the app runs without it, set serviceWorkers: 'block' in the Playwright config's use."
  )
}

/**
 * expectRequest(mock, expected) from sitemock's journal, which also says when the page's service
 * worker answered requests the route never saw (the likely reason for finding none).
 */
export function expectRequest(mock: Journaled, expected: RequestExpectation): JournalEntry[] {
  try {
    return expectInJournal(mock, expected)
  } catch (error) {
    const note = answeredByWorker.get(mock)
    if (note === undefined || !(error instanceof Error)) throw error
    throw new Error(`${error.message}\n${workerNote(note)}`)
  }
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
  const onResponse = (response: ObservedResponse): void => {
    if (!response.fromServiceWorker() || answeredByWorker.has(mock)) return
    const url = new URL(response.url())
    const method = response.request().method()
    if (!matches(url) || (relative && !isMockPath(method, url.pathname.slice(prefix.length) || '/'))) return
    const request = `${method} ${url.pathname}`
    answeredByWorker.set(mock, request)
    console.warn(workerNote(request))
  }
  await host.route(matches, handler)
  host.on?.('response', onResponse)
  // Awaited here, so the caller gets Promise<void> whatever unroute() resolves to in its Playwright.
  return async () => {
    host.off?.('response', onResponse)
    await host.unroute(matches, handler)
  }
}

function bodyText(response: ApiResponse): string {
  if (response.payload !== undefined) return response.payload
  return response.body === undefined ? '' : JSON.stringify(response.body)
}
