import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { startPermissive } from '../contract/permissive/index.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { Client } from '../contract/twin/observe.js'
import { inPath, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { probeMock } from './probe-mock.js'
import { furnishedSite } from './publishable-site.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * publicApiKeyAsSiteKey `single-resources`, over HTTP: a site's publicApiKey fetches single
 * resources of its site alone. A read of its site, of one of its locales, of one of its pages (in
 * either version, online or offline) and of one of its routes is answered as the site's Site key
 * would answer it; every list and every write is a 403, and the site's Site key is a key of its
 * own, the credentials' siteApiKey.
 */
const start = servedPerTest()

describe('publicApiKeyAsSiteKey single-resources over HTTP', () => {
  it('reads its site, a locale, a page in either version, online or offline, and a route, as its Site key does', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'single-resources' })
    const site = await furnishedSite(server, 'single resources')
    expect(site.siteKey).not.toBe(site.publicKey)
    const reads = [
      `/v2/sites/${site.siteId}`,
      `/v2/locales/${site.localeId}`,
      `/v2/locales/${site.localeCode}?siteId=${site.siteId}`,
      `/v6/pages/${site.offlineDraftId}`,
      `/v6/pages/${site.offlineDraftId}?versionRef=ref:live`,
      `/v6/pages/${site.offlineId}?versionRef=ref:draft`,
      `/v6/pages/${inPath('/offline')}?siteId=${site.siteId}`,
      `/v2/routes/${site.routeId}`,
      `/v2/routes/${inPath('/shop/:item')}?siteId=${site.siteId}`,
    ]
    for (const path of reads) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    // The live version read is the published one, the draft offline: the key reads offline pages too.
    expect((await server.call('GET', `/v6/pages/${site.offlineDraftId}?versionRef=ref:live`, undefined, site.publicKey)).body).toMatchObject({ isOnline: true })
    expect((await server.call('GET', `/v6/pages/${site.offlineDraftId}`, undefined, site.publicKey)).body).toMatchObject({ isOnline: false })
    // A page it lacks is a 404, as for its Site key.
    expect((await server.call('GET', `/v6/pages/${inPath('/nowhere')}?siteId=${site.siteId}`, undefined, site.publicKey)).status).toBe(404)
  })

  it('refuses every list with a 403, its Site key listing them', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'single-resources' })
    const site = await furnishedSite(server, 'single resources')
    const lists = [
      `/v6/pages?siteId=${site.siteId}`,
      `/v6/pages?siteId=${site.siteId}&versionRef=ref:live`,
      `/v2/sites/${site.siteId}/pages`,
      `/v2/locales?siteId=${site.siteId}`,
      `/v2/routes?siteId=${site.siteId}`,
      `/v2/sites?workspaceId=${server.workspaceId}`,
    ]
    for (const path of lists) {
      const refused = await server.call('GET', path, undefined, site.publicKey)
      expect(refused, path).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    }
    expect((await server.call('GET', lists[0]!, undefined, site.publicKey)).body.message).toContain('single resources')
    expect((await server.call('GET', lists[0]!, undefined, site.siteKey)).status).toBe(200)
  })

  it('refuses every write with a 403 and changes nothing', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'single-resources' })
    const site = await furnishedSite(server, 'single resources')
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/v6/pages', { siteId: site.siteId, pathname: '/new', name: 'New' }],
      ['PATCH', `/v6/pages/${site.offlineId}`, { pathname: '/renamed' }],
      ['DELETE', `/v6/pages/${site.offlineId}`, undefined],
      ['PATCH', `/v2/sites/${site.siteId}`, { name: 'Renamed' }],
      ['DELETE', `/v2/sites/${site.siteId}`, undefined],
      ['POST', `/v2/sites/${site.siteId}/duplicate`, { name: 'Copy' }],
      ['POST', '/v2/locales', { siteId: site.siteId, locale: 'fr-FR' }],
      ['PATCH', `/v2/locales/${site.localeId}`, { domain: 'https://renamed.example.com' }],
      ['POST', `/v2/locales/${site.localeId}/restore`, undefined],
      ['POST', '/v2/routes', { siteId: site.siteId, pathname: '/more' }],
      ['PATCH', `/v2/routes/${site.routeId}`, { pathname: '/moved' }],
      ['DELETE', `/v2/routes/${site.routeId}`, undefined],
    ]
    for (const [method, path, body] of writes) expect(await server.call(method, path, body, site.publicKey), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect((await server.call('GET', `/v6/pages/${site.offlineId}`, undefined, site.siteKey)).body).toMatchObject({ pathname: '/offline' })
    expect((await server.call('GET', `/v2/sites/${site.siteId}`, undefined, site.siteKey)).body).toMatchObject({ name: 'single resources' })
    expect((await server.call('GET', `/v2/routes/${site.routeId}`, undefined, site.siteKey)).body).toMatchObject({ pathname: '/shop/:item' })
    expect((await server.call('GET', `/v2/locales?siteId=${site.siteId}`, undefined, site.siteKey)).body.data).toHaveLength(1)
  })

  it("refuses another site's single resources, as its Site key is refused them", async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'single-resources' })
    const site = await furnishedSite(server, 'single resources')
    const other = await furnishedSite(server, 'single resources')
    expect((await server.call('GET', `/v2/sites/${other.siteId}`, undefined, site.publicKey)).status).toBe(403)
    expect((await server.call('GET', `/v6/pages/${other.offlineId}`, undefined, site.publicKey)).status).toBe(403)
    expect((await server.call('GET', `/v2/routes/${other.routeId}`, undefined, site.publicKey)).status).toBe(403)
  })

  it('is refused where access is judged, or as soon as the key is known at keyKindOrder first', async () => {
    const judged = await start({ publicApiKeyAsSiteKey: 'single-resources', accessOrder: 'existence-first' })
    const site = await furnishedSite(judged, 'single resources')
    expect((await judged.call('GET', '/v2/locales?siteId=not-a-uuid', undefined, site.publicKey)).status).toBe(400)
    expect((await judged.call('GET', '/v2/routes?siteId=0b8b8f4e-9a0e-4d8e-8f6c-2d7c1e1f0a00', undefined, site.publicKey)).status).toBe(404)
    const first = await start({ publicApiKeyAsSiteKey: 'single-resources', keyKindOrder: 'first' })
    const firstSite = await furnishedSite(first, 'single resources')
    expect((await first.call('GET', '/v2/locales?siteId=not-a-uuid', undefined, firstSite.publicKey)).status).toBe(403)
    // A single read is no refusal of its kind: its input is judged as its Site key's is.
    expect((await first.call('GET', '/v2/sites/not-a-uuid', undefined, firstSite.publicKey)).status).toBe(400)
  })
})

describe('the twin’s observation of publicApiKeyAsSiteKey', () => {
  it.each(['single-resources', 'forbidden', 'live-pages', 'site-key'] as const)('tells %s from outside', async (alternative) => {
    const choices = { publicApiKeyAsSiteKey: alternative }
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', choices)).toBe(alternative)
  })

  it('the permissive answers a single read with the publicApiKey and refuses its lists and writes', async () => {
    const choices = { publicApiKeyAsSiteKey: 'single-resources' } as const
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      const site = await client.site()
      const key = String(site.publicApiKey)
      const page = await client.page(site.id, '/single')
      const status = async (method: string, path: string, body?: unknown): Promise<number> => (await client.call(method, path, body, key)).status
      expect(await status('GET', `/v2/sites/${String(site.id)}`)).toBe(200)
      expect(await status('GET', `/v6/pages/${String(page.id)}?versionRef=ref:draft`)).toBe(200)
      expect(await status('GET', `/v6/pages?siteId=${String(site.id)}`)).toBe(403)
      expect(await status('GET', `/v2/sites/${String(site.id)}/pages`)).toBe(403)
      expect(await status('PATCH', `/v6/pages/${String(page.id)}`, { name: 'Renamed' })).toBe(403)
    } finally {
      await permissive.close()
    }
  })
})

describe('the probes learn single-resources', () => {
  const probed = async (choices: Choices): Promise<Record<string, unknown>> => ({ ...(await probeMock(choices, '5a1e0001')).choices })

  it('from a site read answered and a locale list refused, where its pages were refused', async () => {
    expect(await probed({ publicApiKeyAsSiteKey: 'single-resources' })).toMatchObject({ publicApiKeyAsSiteKey: 'single-resources', keyKindOrder: 'with-access' })
  }, 60_000)

  it('and where such a key is refused, with a list: first at keyKindOrder first', async () => {
    expect(await probed({ publicApiKeyAsSiteKey: 'single-resources', keyKindOrder: 'first' })).toMatchObject({ publicApiKeyAsSiteKey: 'single-resources', keyKindOrder: 'first' })
  }, 60_000)
})

/** Sequences of the stateful group: enough that the publicApiKey reads single resources and lists (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(30, 300), seed: 1, timeMs: 240_000 }

describe('the contract suite against a deployment whose publicApiKey fetches single resources alone', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ publicApiKeyAsSiteKey: 'single-resources' })
  })
  afterAll(() => server.close())


  it('learns single-resources, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    expect(report.notices.find((line) => line.startsWith('learned')) ?? '').toContain('publicApiKeyAsSiteKey="single-resources"')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts single-resources in the stateful sequences without the probes, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyAsSiteKey: single-resources')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 100, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeyAsSiteKey="site-key"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toContainEqual(expect.stringMatching(/\.list with the site's own Site key.*got 403/))
  }, 300_000)
})
