import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE, SITE } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { ORACLE_APP_KEY } from '../../src/contract/stateful/oracle.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { startPermissive } from '../contract/permissive/index.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { Client } from '../contract/twin/observe.js'
import { occurrenceOf } from '../unit/occurrence.js'
import { inPath, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { probeMock } from './probe-mock.js'
import { furnishedSite } from './publishable-site.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'

/**
 * publicApiKeyAsSiteKey `pages`, over HTTP: a site's publicApiKey reads its site's pages alone. Its
 * page list, its site page list and its page reads, in either version (the draft unless
 * `versionRef` says otherwise), offline pages included, are answered as the site's Site key would
 * answer them; a read of its site, its locales or its routes, and every write, is a 403, and the
 * site's Site key is a key of its own, the credentials' siteApiKey.
 */
const start = servedPerTest()

describe('publicApiKeyAsSiteKey pages over HTTP', () => {
  it('reads its page lists and pages in either version, offline ones included, as its Site key does', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'pages' })
    const site = await furnishedSite(server, 'pages alone')
    expect(site.siteKey).not.toBe(site.publicKey)
    const reads = [
      `/v6/pages?siteId=${site.siteId}`,
      `/v6/pages?siteId=${site.siteId}&versionRef=ref:draft`,
      `/v6/pages?siteId=${site.siteId}&versionRef=ref:live`,
      `/v6/pages?siteId=${site.siteId}&includeOffline=true`,
      `/v2/sites/${site.siteId}/pages`,
      `/v6/pages/${site.offlineDraftId}`,
      `/v6/pages/${site.offlineDraftId}?versionRef=ref:live`,
      `/v6/pages/${site.offlineId}`,
      `/v6/pages/${site.offlineId}?versionRef=ref:draft`,
      `/v6/pages/${inPath('/offline')}?siteId=${site.siteId}`,
    ]
    for (const path of reads) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    // A page never published is read in its draft, not a 404 as where the key reads published pages alone.
    expect((await server.call('GET', `/v6/pages/${site.offlineId}`, undefined, site.publicKey)).body).toMatchObject({ pathname: '/offline', isOnline: false })
    // The list asking for the offline pages lists both, drafts and all.
    const listed = (await server.call('GET', `/v6/pages?siteId=${site.siteId}&includeOffline=true`, undefined, site.publicKey)).body.data!.map((page) => page.id)
    expect(listed).toEqual(expect.arrayContaining([site.offlineDraftId, site.offlineId]))
    // A page it lacks is a 404, as for its Site key.
    expect((await server.call('GET', `/v6/pages/${inPath('/nowhere')}?siteId=${site.siteId}`, undefined, site.publicKey)).status).toBe(404)
  })

  it('refuses its site, its locales, its routes and the site list with a 403, its Site key reading them', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'pages' })
    const site = await furnishedSite(server, 'pages alone')
    const refusedReads = [
      `/v2/sites/${site.siteId}`,
      `/v2/locales?siteId=${site.siteId}`,
      `/v2/locales/${site.localeId}`,
      `/v2/routes?siteId=${site.siteId}`,
      `/v2/routes/${site.routeId}`,
      `/v2/sites?workspaceId=${server.workspaceId}`,
    ]
    for (const path of refusedReads) expect(await server.call('GET', path, undefined, site.publicKey), path).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect((await server.call('GET', refusedReads[0]!, undefined, site.publicKey)).body.message).toContain("reads the site's pages alone")
    expect((await server.call('GET', refusedReads[0]!, undefined, site.siteKey)).status).toBe(200)
  })

  it('reads the routes too at publicApiKeyRoutes read, as its Site key does, and nothing else more', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'pages', publicApiKeyRoutes: 'read' })
    const site = await furnishedSite(server, 'pages alone')
    for (const path of [`/v2/routes?siteId=${site.siteId}`, `/v2/routes/${site.routeId}`]) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    expect((await server.call('GET', `/v2/locales?siteId=${site.siteId}`, undefined, site.publicKey)).status).toBe(403)
    expect((await server.call('PATCH', `/v2/routes/${site.routeId}`, { pathname: '/moved' }, site.publicKey)).status).toBe(403)
  })

  it('refuses every write with a 403 and changes nothing', async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'pages' })
    const site = await furnishedSite(server, 'pages alone')
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/v6/pages', { siteId: site.siteId, pathname: '/new', name: 'New' }],
      ['PATCH', `/v6/pages/${site.offlineId}`, { pathname: '/renamed' }],
      ['DELETE', `/v6/pages/${site.offlineId}`, undefined],
      ['PATCH', `/v2/sites/${site.siteId}`, { name: 'Renamed' }],
      ['DELETE', `/v2/sites/${site.siteId}`, undefined],
      ['POST', `/v2/sites/${site.siteId}/duplicate`, { name: 'Copy' }],
      ['POST', '/v2/locales', { siteId: site.siteId, locale: 'fr-FR' }],
      ['POST', '/v2/routes', { siteId: site.siteId, pathname: '/more' }],
      ['DELETE', `/v2/routes/${site.routeId}`, undefined],
    ]
    for (const [method, path, body] of writes) expect(await server.call(method, path, body, site.publicKey), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect((await server.call('GET', `/v6/pages/${site.offlineId}`, undefined, site.siteKey)).body).toMatchObject({ pathname: '/offline' })
    expect((await server.call('GET', `/v2/sites/${site.siteId}`, undefined, site.siteKey)).body).toMatchObject({ name: 'pages alone' })
    expect((await server.call('GET', `/v6/pages?siteId=${site.siteId}&includeOffline=true`, undefined, site.siteKey)).body.data).toHaveLength(2)
  })

  it("refuses another site's pages, as its Site key is refused them", async () => {
    const server = await start({ publicApiKeyAsSiteKey: 'pages' })
    const site = await furnishedSite(server, 'pages alone')
    const other = await furnishedSite(server, 'pages alone')
    expect((await server.call('GET', `/v6/pages?siteId=${other.siteId}`, undefined, site.publicKey)).status).toBe(403)
    expect((await server.call('GET', `/v6/pages/${other.offlineId}`, undefined, site.publicKey)).status).toBe(403)
    expect((await server.call('GET', `/v2/sites/${other.siteId}/pages`, undefined, site.publicKey)).status).toBe(403)
  })

  it('is refused where access is judged, or as soon as the key is known at keyKindOrder first', async () => {
    const judged = await start({ publicApiKeyAsSiteKey: 'pages' })
    const site = await furnishedSite(judged, 'pages alone')
    expect((await judged.call('GET', '/v2/sites/not-a-uuid', undefined, site.publicKey)).status).toBe(400)
    const first = await start({ publicApiKeyAsSiteKey: 'pages', keyKindOrder: 'first' })
    const firstSite = await furnishedSite(first, 'pages alone')
    expect((await first.call('GET', '/v2/sites/not-a-uuid', undefined, firstSite.publicKey)).status).toBe(403)
    // A page read is no refusal of its kind: its input is judged as its Site key's is.
    expect((await first.call('GET', '/v6/pages?siteId=not-a-uuid', undefined, firstSite.publicKey)).status).toBe(400)
  })
})

describe('the twin’s observation of publicApiKeyAsSiteKey', () => {
  it.each(['pages', 'published-pages', 'online-pages', 'site-key'] as const)('tells %s from outside', async (alternative) => {
    const choices = { publicApiKeyAsSiteKey: alternative }
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', choices)).toBe(alternative)
  })

  it('the permissive answers a page read in any version with the publicApiKey and refuses its site, locales and writes', async () => {
    const choices = { publicApiKeyAsSiteKey: 'pages' } as const
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      const site = await client.site()
      const key = String(site.publicApiKey)
      const page = await client.page(site.id, '/pages-alone')
      const status = async (method: string, path: string, body?: unknown): Promise<number> => (await client.call(method, path, body, key)).status
      expect(await status('GET', `/v6/pages/${String(page.id)}?versionRef=ref:draft`)).toBe(200)
      expect(await status('GET', `/v6/pages?siteId=${String(site.id)}&includeOffline=true`)).toBe(200)
      expect(await status('GET', `/v2/sites/${String(site.id)}/pages?versionRef=ref:draft`)).toBe(200)
      expect(await status('GET', `/v2/sites/${String(site.id)}`)).toBe(403)
      expect(await status('GET', `/v2/locales?siteId=${String(site.id)}`)).toBe(403)
      expect(await status('PATCH', `/v6/pages/${String(page.id)}`, { name: 'Renamed' })).toBe(403)
    } finally {
      await permissive.close()
    }
  })
})

describe('the probes learn pages', () => {
  const probed = async (choices: Choices): Promise<Record<string, unknown>> => ({ ...(await probeMock(choices, '9a6e0001')).choices })

  it('from a draft list answered, where its pages were read and its site and locales refused', async () => {
    expect(await probed({ publicApiKeyAsSiteKey: 'pages' })).toMatchObject({ publicApiKeyAsSiteKey: 'pages', keyKindOrder: 'with-access', publicApiKeyRoutes: 'refused' })
  }, 60_000)

  it('and whether it reads the routes too, and where such a key is refused: first at keyKindOrder first', async () => {
    expect(await probed({ publicApiKeyAsSiteKey: 'pages', publicApiKeyRoutes: 'read', keyKindOrder: 'first' })).toMatchObject({ publicApiKeyAsSiteKey: 'pages', keyKindOrder: 'first', publicApiKeyRoutes: 'read' })
  }, 60_000)

  it('and still learns published-pages from a draft list refused', async () => {
    expect(await probed({ publicApiKeyAsSiteKey: 'published-pages' })).toMatchObject({ publicApiKeyAsSiteKey: 'published-pages' })
  }, 60_000)
})

describe('the stateful group reads pages', () => {
  const publicKey = STATUS_CLASSES.find((freedom) => freedom.choice === 'publicApiKeyAsSiteKey')!
  const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
  const PAGE_ID = '5b0f4a1e-2f3c-4d5e-8a9b-0c1d2e3f4a5b'
  const KEY = '0d6f3d4e-5a41-4c3e-9f0e-3b8f8f7f2b10'
  const draftRead: ContractRequest = { method: 'GET', template: PAGE, params: { pageIdOrPathname: PAGE_ID }, query: { versionRef: 'ref:draft' }, key: KEY }
  const ok: Reply = { status: 200, body: { id: PAGE_ID, isOnline: false } }
  /** The draft read answered, where the oracle refuses the key its site (it was given another alternative) and its App key reads the page online or not. */
  const sent = (pageOnline: boolean) =>
    occurrenceOf(draftRead, { status: 403, body: { code: 'forbidden' } }, (asked) => (asked.template === SITE ? { status: 403, body: {} } : asked.key === ORACLE_APP_KEY ? { status: 200, body: { id: PAGE_ID, isOnline: pageOnline } } : ok), { runSiteKey: true, site: SITE_ID, ownSiteKey: true, target: ok })

  it('takes a draft read of an offline page answered where the oracle refuses the key its site as pages, which the oracle follows by choosing it', () => {
    const occurrence = sent(false)
    expect(publicKey.alternative(ok, occurrence)).toBe('pages')
    // A key for online pages fits it too: it may read the offline ones as well (publicApiKeyOfflinePages read).
    expect(publicKey.fits?.('pages', occurrence)).toEqual(['site-key', 'online-pages', 'single-resources', 'pages', 'site-and-pages', 'reads'])
    expect(publicKey.follow('pages', occurrence)).toEqual({ kind: 'chosen', choices: { publicApiKeyAsSiteKey: 'pages' } })
  })

  it('still takes a draft read of an online page answered there as online-pages', () => {
    expect(publicKey.alternative(ok, sent(true))).toBe('online-pages')
  })
})

/** Sequences of the stateful group: enough that the publicApiKey reads pages, drafts and all, and is refused the rest (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(30, 300), seed: 1, timeMs: 240_000 }

describe('the contract suite against a deployment whose publicApiKey reads its pages alone', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices({ publicApiKeyAsSiteKey: 'pages' })
  })
  afterAll(() => server.close())

  it('learns pages, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    expect(report.notices.find((line) => line.startsWith('learned')) ?? '').toContain('publicApiKeyAsSiteKey="pages"')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts pages in the stateful sequences without the probes, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyAsSiteKey: pages')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 100, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeyAsSiteKey="site-key"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toContainEqual(expect.stringMatching(/with the site's own Site key.*got 403/))
  }, 300_000)
})
