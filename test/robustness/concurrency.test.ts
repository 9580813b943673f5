import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetAndGetCredentials } from '../support/credentials.js'
import { startMock, TRANSPORTS, type TestResponse, type TestServer } from '../support/harness.js'
import { useDefaultScenario } from '../support/suite.js'

const ATTEMPTS = 100

/** Fires `count` requests at once and returns how many got each status. */
async function race(count: number, send: (i: number) => Promise<TestResponse>): Promise<Record<number, number>> {
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => send(i)))
  const tally: Record<number, number> = {}
  for (const response of responses) tally[response.status] = (tally[response.status] ?? 0) + 1
  return tally
}

describe.each(TRANSPORTS)('concurrent writes over %s', (transport) => {
  let server: TestServer
  let key: string
  let siteId: string

  useDefaultScenario(transport, (start) => {
    ;({ server, appKey: key, siteId } = start)
  })

  const count = async (list: string): Promise<number> => {
    let total = 0
    let cursor = ''
    for (;;) {
      const offline = list === '/v6/pages' ? '&includeOffline=true' : ''
      const page = await server.api.get(`${list}?siteId=${siteId}${offline}&limit=100${cursor}`, { key })
      const data = page.body.data!
      total += data.length
      if (!page.body.hasMore) return total
      cursor = `&startingAfter=${String(data[data.length - 1]!.id)}`
    }
  }

  it(`lets exactly one of ${ATTEMPTS} concurrent page creates of one pathname win; the rest are 409`, async () => {
    const before = await count('/v6/pages')
    const tally = await race(ATTEMPTS, (i) => server.api.post('/v6/pages', { key, body: { siteId, pathname: '/contested', name: `Attempt ${i}` } }))
    expect(tally).toEqual({ 201: 1, 409: ATTEMPTS - 1 })
    expect(await count('/v6/pages')).toBe(before + 1)
  })

  it(`lets exactly one of ${ATTEMPTS} concurrent route creates of one pathname win`, async () => {
    const before = await count('/v2/routes')
    const tally = await race(ATTEMPTS, () => server.api.post('/v2/routes', { key, body: { siteId, pathname: '/contested/[slug]' } }))
    expect(tally).toEqual({ 201: 1, 409: ATTEMPTS - 1 })
    expect(await count('/v2/routes')).toBe(before + 1)
  })

  it(`lets exactly one of ${ATTEMPTS} concurrent locale creates of one code win`, async () => {
    const before = await count('/v2/locales')
    const tally = await race(ATTEMPTS, () => server.api.post('/v2/locales', { key, body: { siteId, locale: 'nl-BE' } }))
    expect(tally).toEqual({ 201: 1, 409: ATTEMPTS - 1 })
    expect(await count('/v2/locales')).toBe(before + 1)
  })

  it('settles a rename racing creates of the same pathname: one owner, everything else 409', async () => {
    const page = await server.api.post('/v6/pages', { key, body: { siteId, pathname: '/before-rename', name: 'Renamed' } })
    expect(page.status).toBe(201)
    const tally = await race(ATTEMPTS, (i) =>
      i === ATTEMPTS / 2
        ? server.api.patch(`/v6/pages/${String(page.body.id)}`, { key, body: { pathname: '/raced' } })
        : i % 2 === 0
          ? server.api.post('/v6/pages', { key, body: { siteId, pathname: '/raced', name: `Page ${i}` } })
          : server.api.post('/v2/routes', { key, body: { siteId, pathname: '/raced' } }),
    )
    const winners = (tally[200] ?? 0) + (tally[201] ?? 0)
    expect(winners).toBe(1)
    expect(tally[409]).toBe(ATTEMPTS - 1)
    const owner = await server.api.get(`/v6/pages/${encodeURIComponent('/raced')}?siteId=${siteId}`, { key })
    const route = await server.api.get(`/v2/routes/${encodeURIComponent('/raced')}?siteId=${siteId}`, { key })
    // The pathname belongs to exactly one page or route, and a page renamed away frees its old one.
    expect([owner.status, route.status].sort()).toEqual([200, 404])
    if (tally[200] === 1) expect(owner.body.id).toBe(page.body.id)
  })
})

describe('failed writes change nothing', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startMock()
  })
  afterAll(() => server.close())

  const state = async (): Promise<string> => (await server.api.get('/__mock/state')).text

  it('leaves the exported state byte-identical after refused creates, updates, duplicates, deletes and imports', async () => {
    const creds = await resetAndGetCredentials(server.api, { scenario: 'large' })
    const key = creds.workspaces[0]!.appApiKey
    const siteId = creds.sites[0]!.id
    const pages = await server.api.get(`/v6/pages?siteId=${siteId}&limit=2`, { key })
    const [first, second] = pages.body.data as Array<{ id: string; pathname: string }>
    const before = await state()

    const refused: Array<[Promise<TestResponse>, number]> = [
      [server.api.post('/v6/pages', { key, body: { siteId, pathname: first!.pathname, name: 'Taken' } }), 409],
      [server.api.post('/v6/pages', { key, body: { siteId, pathname: 'no-slash', name: 'Bad' } }), 400],
      [server.api.patch(`/v6/pages/${first!.id}`, { key, body: { pathname: second!.pathname, title: 'Applied?' } }), 409],
      [server.api.patch(`/v6/pages/${first!.id}`, { key, body: { title: 'Applied?', sitemapPriority: 7 } }), 400],
      [server.api.post('/v2/routes', { key, body: { siteId, pathname: second!.pathname } }), 409],
      [server.api.post(`/v2/sites/${siteId}/duplicate`, { key, body: { name: '' } }), 400],
      [server.api.post(`/v2/sites/${siteId}/duplicate`, { key, body: { name: 'Copy', extra: true } }), 400],
      [server.api.request('DELETE', `/v2/sites/${siteId}`, { key, body: { cascade: true } }), 400],
      [server.api.request('PUT', '/__mock/state', { body: { version: 1, workspaces: [], sites: [{ id: 'not-a-uuid' }] } }), 400],
      [server.api.post('/__mock/reset', { body: { fixture: { version: 1, workspaces: 'none' } } }), 400],
    ]
    for (const [pending, status] of refused) expect((await pending).status).toBe(status)

    expect(await state()).toBe(before)
  })
})
