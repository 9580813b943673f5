// A web page's TypeScript (msw's types need the DOM lib): the browser entries and the msw
// handler, checked without Node's global types, against the project's msw 2 or msw 3.
import { setupWorker } from 'msw/browser'
import { startBrowserMock, type BrowserMock } from 'sitemock/browser'
import { createMockHandlers, loadFaker, type MockHandlers } from 'sitemock/handlers'
import { createMswHandler, expectRequest, onUnhandled } from 'sitemock/msw'

export async function start(): Promise<BrowserMock> {
  const sitemock = await startBrowserMock({ baseUrl: '/', quiet: true, onUnhandledRequest: 'error' })
  setupWorker(createMswHandler(sitemock.mock, { baseUrl: '/api' }))
  expectRequest(sitemock.mock, { method: 'GET', path: '/v2/sites' })
  return sitemock
}

export async function startOwnWorker(): Promise<MockHandlers> {
  await loadFaker()
  const made = createMockHandlers({ scenario: 'multi-locale', seed: 7, baseUrl: '/api' })
  await setupWorker(...made.handlers).start({ ...onUnhandled('error'), quiet: true })
  // A callback decides per request, with msw's own warning and error at hand.
  onUnhandled((request, print) => (new URL(request.url).pathname.startsWith('/api') ? print.error() : undefined))
  return made
}
