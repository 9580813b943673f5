import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { InterruptedError } from '../../src/contract/http-client.js'
import { createMock, type Mock } from '../../src/mock.js'
import { loadFixture } from '../../src/scenarios/fixture.js'
import { generateFixture } from '../../src/scenarios/generate.js'
import { SnapshotError, takeSnapshot, type SnapshotOptions, type SnapshotProgress } from '../../src/snapshot/take-snapshot.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'

let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function target(scenario: 'edge-cases' | 'multi-locale'): Promise<{ mock: Mock; url: string; options: SnapshotOptions }> {
  const mock = createMock({ scenario })
  server = await listen(mock, { port: 0, host: '127.0.0.1' })
  const workspace = mock.credentials().workspaces[0]!
  return { mock, url: server.url, options: { baseUrl: server.url, apiKey: workspace.appApiKey, workspaceId: workspace.id } }
}

/** Makes the target answer the matching requests with `response` instead of its own answer, which may break the API's schema on purpose. */
const override = (url: string, match: object, response: object): Promise<Response> =>
  fetch(`${url}/__mock/overrides`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ match, response, check: 'warn' }) })

describe('takeSnapshot', () => {
  it('reports each answered request, counts what it read, and loads into a store', async () => {
    const { url, options } = await target('multi-locale')
    const progress: SnapshotProgress[] = []
    const sent: string[] = []
    const result = await takeSnapshot({
      ...options,
      onProgress: (p) => progress.push(p),
      fetch: (input, init) => (sent.push(String(input)), fetch(input, init)),
    })
    expect(progress.map((p) => p.done)).toEqual(sent.map((_, i) => i + 1))
    expect(progress.at(-1)).toEqual({ done: sent.length, what: 'site 2 of 2, routes: 3' })
    expect(sent.every((address) => address.startsWith(url))).toBe(true)
    const store = loadFixture(result.fixture)
    expect(store.sites.size).toBe(result.counts.sites)
    expect(result.counts).toMatchObject({ sites: 2, locales: 8, pages: 48, routes: 6 })
    expect(Object.keys(result.keys.siteKeys)).toEqual(result.fixture.sites!.map((site) => site.id))
  })

  it('reads no route list from a deployment that serves its route operations elsewhere, as its choices say', async () => {
    const mock = createMock({ scenario: { fixture: generateFixture({ sites: 1, pages: 3, locales: 1, routes: 2, seed: 5 }) }, choices: { routeOperations: 'elsewhere' } })
    server = await listen(mock, { port: 0, host: '127.0.0.1' })
    const workspace = mock.credentials().workspaces[0]!
    const options = { baseUrl: server.url, apiKey: workspace.appApiKey, workspaceId: workspace.id }
    await expect(takeSnapshot(options)).rejects.toThrow(/\/v2\/routes/)
    const { counts } = await takeSnapshot({ ...options, choices: { routeOperations: 'elsewhere' } })
    expect(counts).toMatchObject({ sites: 1, pages: 3, routes: 0 })
  })

  it('follows every list to its end, 100 items at a time', async () => {
    const mock = createMock({ scenario: { fixture: generateFixture({ sites: 1, pages: 250, locales: 2, routes: 120, seed: 5 }) } })
    server = await listen(mock, { port: 0, host: '127.0.0.1' })
    const workspace = mock.credentials().workspaces[0]!
    const { counts, fixture } = await takeSnapshot({ baseUrl: server.url, apiKey: workspace.appApiKey, workspaceId: workspace.id })
    expect(counts).toMatchObject({ sites: 1, pages: 250, routes: 120 })
    expect(counts.liveVersions).toBe([...mock.store.pages.byId.values()].filter((page) => page.live).length)
    expect(new Set(fixture.pages!.map((page) => page.id)).size).toBe(250)
    const cursors = [...mock.journal.newestFirst()].filter((entry) => entry.query.includes('startingAfter=')).map((entry) => entry.route)
    // Pages: two more pages of drafts, at least one more of live versions; routes: one more.
    expect(cursors.filter((route) => route === '/v6/pages').length).toBeGreaterThanOrEqual(3)
    expect(cursors.filter((route) => route === '/v2/routes')).toHaveLength(1)
  })

  it('keeps a localization whose locale was deleted, under a deleted stand-in locale', async () => {
    const { url, options } = await target('edge-cases')
    const before = (await takeSnapshot(options)).fixture
    const withJapanese = before.pages!.filter((page) => page.draft.localizations?.some((l) => l.locale === 'ja-JP'))
    expect(withJapanese.length).toBeGreaterThan(0)
    const deleted = await fetch(`${url}/v2/locales/ja-JP?siteId=${withJapanese[0]!.siteId}`, { method: 'DELETE', headers: { 'x-api-key': options.apiKey } })
    expect(deleted.status).toBe(204)

    const after = (await takeSnapshot(options)).fixture
    const standIn = after.locales!.filter((locale) => locale.locale === 'ja-JP')
    expect(standIn).toHaveLength(1)
    expect(standIn[0]).toMatchObject({ siteId: withJapanese[0]!.siteId, isDefault: false, deletedAt: '2026-01-01T00:00:00.000Z' })
    expect(after.pages!.find((page) => page.id === withJapanese[0]!.id)!.draft.localizations).toEqual(withJapanese[0]!.draft.localizations)
  })

  it('stops with one line when a list says it has more but gives no cursor', async () => {
    const { url, options } = await target('edge-cases')
    await override(url, { method: 'GET', path: '/v2/routes' }, { status: 200, body: { object: 'list', data: [], hasMore: true } })
    await expect(takeSnapshot(options)).rejects.toThrow(new SnapshotError(`GET /v2/routes?siteId=${(await firstSiteId(url, options))}&limit=100: hasMore is true but the page is empty; the list cannot be followed`))
  })

  it('refuses an answer that is not the documented shape, naming where', async () => {
    const { url, options } = await target('edge-cases')
    await override(url, { method: 'GET', path: '/v2/locales' }, { status: 200, body: { object: 'list', data: [{ id: 'x' }], hasMore: false } })
    await expect(takeSnapshot(options)).rejects.toThrow(/^GET \/v2\/locales\?siteId=[\w-]+&limit=100 answered a body that is not the documented shape: at \/data\/0/)
  })

  it('tries a 5xx again, and gives up with the answer after the third', async () => {
    const { url, options } = await target('edge-cases')
    const notices: string[] = []
    await override(url, { method: 'GET', path: '/v2/routes' }, { status: 503, body: { object: 'error', code: 'unavailable', message: 'Down for a moment.' } })
    await expect(takeSnapshot({ ...options, onNotice: (n) => notices.push(n) })).rejects.toThrow(/^GET \/v2\/routes\?\S+ answered 503: unavailable: Down for a moment\.$/)
    expect(notices).toHaveLength(2)
    expect(notices[0]).toMatch(/^503 on GET \/v2\/routes\?\S+: trying again in 0\.5 s$/)
  })

  it('says in words why a connection failed, not in undici codes', async () => {
    // A deployment that closes the connection on every request, before answering.
    const closing = http.createServer((request) => request.socket.destroy())
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(closing.address() as AddressInfo).port}`
    try {
      const failure = await takeSnapshot({ baseUrl, apiKey: 'sk_NotAKeyOfAnyWorkspace00000', workspaceId: '00000000-0000-4000-8000-000000000000' }).catch((error: unknown) => error as Error)
      expect(failure).toBeInstanceOf(Error)
      expect((failure as Error).message).toMatch(/^GET \/v2\/sites\?.*: the connection was closed before the answer was complete$/)
      expect((failure as Error).message).not.toMatch(/UND_ERR|fetch failed/)
    } finally {
      closing.closeAllConnections()
      closing.close()
    }
  })

  it('stops at once when its signal is aborted, and never sends anything but GET', async () => {
    const { mock, options } = await target('multi-locale')
    const interrupt = new AbortController()
    const run = takeSnapshot({ ...options, signal: interrupt.signal, onProgress: ({ done }) => done === 3 && interrupt.abort() })
    await expect(run).rejects.toBeInstanceOf(InterruptedError)
    expect([...mock.journal.newestFirst()].map((entry) => entry.method)).toEqual(['GET', 'GET', 'GET'])
  })
})

async function firstSiteId(url: string, options: SnapshotOptions): Promise<string> {
  const sites = (await (await fetch(`${url}/v2/sites?workspaceId=${options.workspaceId}`, { headers: { 'x-api-key': options.apiKey } })).json()) as { data: Array<{ id: string }> }
  return sites.data[0]!.id
}
