// A web page's TypeScript (msw's types need the DOM lib): the browser entry and the msw
// handler, checked without Node's global types.
import { setupWorker } from 'msw/browser'
import { startBrowserMock, type BrowserMock } from 'sitemock/browser'
import { createMswHandler, expectRequest } from 'sitemock/msw'

export async function start(): Promise<BrowserMock> {
  const sitemock = await startBrowserMock({ baseUrl: '/', quiet: true })
  setupWorker(createMswHandler(sitemock.mock, { baseUrl: '/api' }))
  expectRequest(sitemock.mock, { method: 'GET', path: '/v2/sites' })
  return sitemock
}
