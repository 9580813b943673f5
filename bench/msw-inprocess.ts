// In-process cost: mean microseconds per request through msw's setupServer + fetch, for
// sitemock's catch-all handler beside a single static msw handler returning the same body.
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createMock } from '../src/mock.js'
import { createMswHandler, DEFAULT_BASE_URL } from '../src/transports/msw.js'

export interface InProcessResult {
  staticMicros: number
  sitemockMicros: number
}

async function meanMicros(url: string, headers: Record<string, string>, count: number): Promise<number> {
  for (let i = 0; i < 500; i++) await (await fetch(url, { headers })).text()
  const started = performance.now()
  for (let i = 0; i < count; i++) await (await fetch(url, { headers })).text()
  return ((performance.now() - started) * 1000) / count
}

export async function measureInProcess(count = 5000): Promise<InProcessResult> {
  const mock = createMock({ seed: 1 })
  const { workspaces, sites } = mock.credentials()
  const siteId = sites[0]!.id
  const key = workspaces[0]!.appApiKey
  const pageId = mock.store.pages.ofSite(siteId).at(0)!.id
  const pageUrl = `${DEFAULT_BASE_URL}/v6/pages/${pageId}`
  const body = (await mock.handle({ method: 'GET', path: `/v6/pages/${pageId}`, query: '', headers: { 'x-api-key': key }, body: undefined })).body
  const staticUrl = 'https://static.test/page'
  const server = setupServer(
    http.get(staticUrl, () => HttpResponse.json(body as Record<string, unknown>)),
    createMswHandler(mock),
  )
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const staticMicros = await meanMicros(staticUrl, {}, count)
    const sitemockMicros = await meanMicros(pageUrl, { 'x-api-key': key }, count)
    return { staticMicros, sitemockMicros }
  } finally {
    server.close()
  }
}
