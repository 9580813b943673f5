// In-process cost: mean microseconds per request through msw's setupServer + fetch, for
// sitemock's catch-all handler beside a single static msw handler returning the same body.
import { http, HttpResponse, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { createMock } from '../src/mock.js'
import { createMswHandler, DEFAULT_BASE_URL } from '../src/transports/msw.js'
import { alternate, median } from './rounds.js'

export interface InProcessResult {
  staticMicros: number
  sitemockMicros: number
}

async function meanMicros(url: string, headers: Record<string, string>, count: number): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < count; i++) await (await fetch(url, { headers })).text()
  return ((performance.now() - started) * 1000) / count
}

export async function measureInProcess(count = 1000, rounds = 9): Promise<InProcessResult> {
  const mock = createMock({ seed: 1 })
  const { workspaces, sites } = mock.credentials()
  const siteId = sites[0]!.id
  const key = workspaces[0]!.appApiKey
  const pageId = mock.store.pages.ofSite(siteId).at(0)!.id
  const pageUrl = `${DEFAULT_BASE_URL}/v6/pages/${pageId}`
  const body = mock.handle({ method: 'GET', path: `/v6/pages/${pageId}`, query: '', headers: { 'x-api-key': key }, body: undefined }).body
  // Both handlers answer the same URL, each as the only handler: msw's cost per handler tried
  // depends on the host (cookies are looked up per handler), so anything else would be unequal.
  const staticHandler = http.get(pageUrl, () => HttpResponse.json(body as Record<string, unknown>))
  const sitemockHandler = createMswHandler(mock)
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'error' })
  const headers = { 'x-api-key': key }
  const timed = (handler: RequestHandler, count: number) => {
    server.resetHandlers(handler)
    return meanMicros(pageUrl, headers, count)
  }
  try {
    // Warm-up: both paths compiled and their caches filled before anything counts.
    await timed(staticHandler, 500)
    await timed(sitemockHandler, 500)
    const [staticRounds, sitemockRounds] = await alternate([() => timed(staticHandler, count), () => timed(sitemockHandler, count)], rounds)
    return { staticMicros: median(staticRounds!), sitemockMicros: median(sitemockRounds!) }
  } finally {
    server.close()
  }
}
