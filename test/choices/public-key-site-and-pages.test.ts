import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { ORACLE_APP_KEY } from '../../src/contract/stateful/oracle.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { startPermissive } from '../contract/permissive/index.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { Client } from '../contract/twin/observe.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { occurrenceOf } from '../unit/occurrence.js'
import { inPath, servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { probeMock } from './probe-mock.js'
import { SITE_ID, asSiteKey, localeList, ok, pageList, refused, routeList, seeEach, siteRead } from './publishable-narrowing.js'
import { furnishedSite } from './publishable-site.js'

/**
 * publicApiKeyAsSiteKey `site-and-pages`, over HTTP: a site's publicApiKey is a key for rendering
 * and previewing its site. A read of its site, and its page list, its site page list and its page
 * reads, in either version (the draft unless `versionRef` says otherwise), offline pages included,
 * are answered as the site's Site key would answer them; its locales, the site list and every write
 * are a 403, and so are its routes unless the deployment lets it read them (publicApiKeyRoutes).
 * The site's Site key is a key of its own, the credentials' siteApiKey.
 */
const start = servedPerTest()
const CHOSEN = { publicApiKeyAsSiteKey: 'site-and-pages' } as const

describe('publicApiKeyAsSiteKey site-and-pages over HTTP', () => {
  it('reads its site, and its page lists and pages in either version, offline ones included, as its Site key does', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'site and pages')
    expect(site.siteKey).not.toBe(site.publicKey)
    const reads = [
      `/v2/sites/${site.siteId}`,
      `/v6/pages?siteId=${site.siteId}`,
      `/v6/pages?siteId=${site.siteId}&versionRef=ref:draft`,
      `/v6/pages?siteId=${site.siteId}&versionRef=ref:live`,
      `/v6/pages?siteId=${site.siteId}&includeOffline=true`,
      `/v2/sites/${site.siteId}/pages`,
      `/v6/pages/${site.offlineDraftId}`,
      `/v6/pages/${site.offlineDraftId}?versionRef=ref:live`,
      `/v6/pages/${site.offlineId}?versionRef=ref:draft`,
      `/v6/pages/${inPath('/offline')}?siteId=${site.siteId}`,
    ]
    for (const path of reads) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    expect((await server.call('GET', reads[0]!, undefined, site.publicKey)).body).toMatchObject({ id: site.siteId, name: 'site and pages' })
    const listed = (await server.call('GET', `/v6/pages?siteId=${site.siteId}&includeOffline=true`, undefined, site.publicKey)).body.data!.map((page) => page.id)
    expect(listed).toEqual(expect.arrayContaining([site.offlineDraftId, site.offlineId]))
  })

  it('refuses its locales, its routes and the site list with a 403 that names what it reads, its Site key reading them', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'site and pages')
    const refusedReads = [`/v2/locales?siteId=${site.siteId}`, `/v2/locales/${site.localeId}`, `/v2/routes?siteId=${site.siteId}`, `/v2/routes/${site.routeId}`, `/v2/sites?workspaceId=${server.workspaceId}`]
    for (const path of refusedReads) expect(await server.call('GET', path, undefined, site.publicKey), path).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect((await server.call('GET', refusedReads[0]!, undefined, site.publicKey)).body.message).toContain('it reads the site (GET /v2/sites/{siteId}) and its pages')
    for (const path of refusedReads.slice(0, 4)) expect((await server.call('GET', path, undefined, site.siteKey)).status, path).toBe(200)
  })

  it('reads the routes too at publicApiKeyRoutes read, as its Site key does, and its locales still not', async () => {
    const server = await start({ ...CHOSEN, publicApiKeyRoutes: 'read' })
    const site = await furnishedSite(server, 'site and pages')
    for (const path of [`/v2/routes?siteId=${site.siteId}`, `/v2/routes/${site.routeId}`]) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    expect((await server.call('GET', `/v2/locales?siteId=${site.siteId}`, undefined, site.publicKey)).status).toBe(403)
    expect((await server.call('PATCH', `/v2/routes/${site.routeId}`, { pathname: '/moved' }, site.publicKey)).status).toBe(403)
  })

  it('refuses every write with a 403 and changes nothing', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'site and pages')
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/v6/pages', { siteId: site.siteId, pathname: '/new', name: 'New' }],
      ['PATCH', `/v6/pages/${site.offlineId}`, { pathname: '/renamed' }],
      ['DELETE', `/v6/pages/${site.offlineId}`, undefined],
      ['PATCH', `/v2/sites/${site.siteId}`, { name: 'Renamed' }],
      ['DELETE', `/v2/sites/${site.siteId}`, undefined],
      ['POST', `/v2/sites/${site.siteId}/duplicate`, { name: 'Copy' }],
      ['POST', '/v2/locales', { siteId: site.siteId, locale: 'fr-FR' }],
      ['POST', '/v2/routes', { siteId: site.siteId, pathname: '/more' }],
    ]
    for (const [method, path, body] of writes) expect(await server.call(method, path, body, site.publicKey), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect((await server.call('GET', `/v2/sites/${site.siteId}`, undefined, site.siteKey)).body).toMatchObject({ name: 'site and pages' })
    expect((await server.call('GET', `/v6/pages/${site.offlineId}`, undefined, site.siteKey)).body).toMatchObject({ pathname: '/offline' })
    expect((await server.call('GET', `/v2/sites?workspaceId=${server.workspaceId}`)).body.data!.filter((listed) => listed.name === 'Copy')).toEqual([])
  })

  it("refuses another site and its pages, as its Site key is refused them", async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'site and pages')
    const other = await furnishedSite(server, 'site and pages')
    for (const path of [`/v2/sites/${other.siteId}`, `/v6/pages?siteId=${other.siteId}`, `/v6/pages/${other.offlineId}`, `/v2/sites/${other.siteId}/pages`]) {
      expect((await server.call('GET', path, undefined, site.publicKey)).status, path).toBe(403)
      expect((await server.call('GET', path, undefined, site.siteKey)).status, path).toBe(403)
    }
  })

  it('is refused where access is judged, or as soon as the key is known at keyKindOrder first; its site read is judged as its Site key’s', async () => {
    const judged = await start(CHOSEN)
    const site = await furnishedSite(judged, 'site and pages')
    expect((await judged.call('GET', '/v2/locales?siteId=not-a-uuid', undefined, site.publicKey)).status).toBe(400)
    const first = await start({ ...CHOSEN, keyKindOrder: 'first' })
    const firstSite = await furnishedSite(first, 'site and pages')
    expect((await first.call('GET', '/v2/locales?siteId=not-a-uuid', undefined, firstSite.publicKey)).status).toBe(403)
    // A site read is no refusal of its kind: its input is judged as its Site key's is.
    expect((await first.call('GET', '/v2/sites/not-a-uuid', undefined, firstSite.publicKey)).status).toBe(400)
  })
})

describe('the twin’s observation of publicApiKeyAsSiteKey and publicApiKeyRoutes', () => {
  it.each(['site-and-pages', 'site-key', 'pages', 'single-resources'] as const)('tells %s from outside', async (alternative) => {
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', { publicApiKeyAsSiteKey: alternative })).toBe(alternative)
  })

  it.each(['read', 'refused'] as const)('tells publicApiKeyRoutes %s under site-and-pages', async (alternative) => {
    expect(await observedOnPermissive('publicApiKeyRoutes', { ...CHOSEN, publicApiKeyRoutes: alternative })).toBe(alternative)
  })

  it('the permissive answers its site read and page reads in any version with the publicApiKey and refuses its locales and writes', async () => {
    const permissive = await startPermissive({ choices: CHOSEN })
    try {
      const client = new Client({ ...permissive, seed: 0, choices: CHOSEN })
      const site = await client.site()
      const key = String(site.publicApiKey)
      const page = await client.page(site.id, '/previewed')
      const status = async (method: string, path: string, body?: unknown): Promise<number> => (await client.call(method, path, body, key)).status
      expect(await status('GET', `/v2/sites/${String(site.id)}`)).toBe(200)
      expect(await status('GET', `/v6/pages/${String(page.id)}?versionRef=ref:draft`)).toBe(200)
      expect(await status('GET', `/v6/pages?siteId=${String(site.id)}&includeOffline=true`)).toBe(200)
      expect(await status('GET', `/v2/sites/${String(site.id)}/pages?versionRef=ref:draft`)).toBe(200)
      expect(await status('GET', `/v2/locales?siteId=${String(site.id)}`)).toBe(403)
      expect(await status('GET', `/v2/routes?siteId=${String(site.id)}`)).toBe(403)
      expect(await status('PATCH', `/v2/sites/${String(site.id)}`, { name: 'Renamed' })).toBe(403)
      expect(await status('PATCH', `/v6/pages/${String(page.id)}`, { name: 'Renamed' })).toBe(403)
    } finally {
      await permissive.close()
    }
  })
})

describe('the probes learn site-and-pages', () => {
  const probed = async (choices: Choices): Promise<Record<string, unknown>> => ({ ...(await probeMock(choices, '9a6e0002')).choices })

  it('from a locale list refused, where its pages and its site were read', async () => {
    expect(await probed(CHOSEN)).toMatchObject({ publicApiKeyAsSiteKey: 'site-and-pages', keyKindOrder: 'with-access', publicApiKeyRoutes: 'refused' })
  }, 60_000)

  it('and whether it reads the routes too, and where such a key is refused: first at keyKindOrder first', async () => {
    expect(await probed({ ...CHOSEN, publicApiKeyRoutes: 'read', keyKindOrder: 'first' })).toMatchObject({ publicApiKeyAsSiteKey: 'site-and-pages', keyKindOrder: 'first', publicApiKeyRoutes: 'read' })
  }, 60_000)
})

describe('the stateful group reads site-and-pages', () => {
  const byChoice = (choice: string) => STATUS_CLASSES.find((freedom) => freedom.choice === choice)!

  it('narrows to site-and-pages from a locale list refused, a site read and a draft list answered, where the oracle reads the key as a Site key', () => {
    const publicKey = byChoice('publicApiKeyAsSiteKey')
    const adoptions = new Adoptions()
    // A page list asking no version fits a key for published pages that reads its site too (publicApiKeySiteRead): the drafts tell them apart.
    const seen: Array<[ContractRequest, Reply]> = [
      [localeList, refused],
      [siteRead, ok],
      [pageList, ok],
      [{ ...pageList, query: { ...pageList.query, versionRef: 'ref:draft' } }, ok],
    ]
    seeEach(publicKey, adoptions, seen)
    expect(adoptions.get('publicApiKeyAsSiteKey')).toBe('site-and-pages')
    // A locale list answered after all contradicts it.
    const answered = asSiteKey(localeList, ok)
    expect(adoptions.see('publicApiKeyAsSiteKey', 'site-key', 'locale.list', publicKey.fits?.('site-key', answered))).toMatchObject({ adopted: 'site-and-pages' })
  })

  it('reads a route list of its own site as publicApiKeyRoutes’, not siteKeyRoutes’, where the oracle reads the site and its pages and refuses the locales', () => {
    const oracleSiteAndPages = (asked: ContractRequest): Reply => (asked.key === ORACLE_APP_KEY || asked.template !== LOCALES ? ok : refused)
    const occurrence = occurrenceOf(routeList, ok, oracleSiteAndPages, { runSiteKey: true, site: SITE_ID, ownSiteKey: true, sites: [SITE_ID], target: refused })
    expect(byChoice('publicApiKeyRoutes').applies(occurrence)).toBe(true)
    expect(byChoice('publicApiKeyRoutes').alternative(refused, occurrence)).toBe('refused')
    expect(byChoice('siteKeyRoutes').applies(occurrence)).toBe(false)
    // Where the oracle takes it as a Site key (its locales answered), the route list stays siteKeyRoutes'.
    const asSite = occurrenceOf(routeList, ok, () => ok, { runSiteKey: true, site: SITE_ID, ownSiteKey: true, sites: [SITE_ID], target: refused })
    expect(byChoice('publicApiKeyRoutes').applies(asSite)).toBe(false)
    expect(byChoice('siteKeyRoutes').applies(asSite)).toBe(true)
  })
})

/** Sequences of the stateful group: enough that the publicApiKey reads its site and pages, drafts and all, and is refused the rest (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(30, 300), seed: 1, timeMs: 240_000 }

describe('the contract suite against a deployment whose publicApiKey reads its site and its pages', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices(CHOSEN)
  })
  afterAll(() => server.close())

  it('learns site-and-pages, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    expect(report.notices.find((line) => line.startsWith('learned')) ?? '').toContain('publicApiKeyAsSiteKey="site-and-pages"')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts site-and-pages in the stateful sequences without the probes, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyAsSiteKey: site-and-pages')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 100, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeyAsSiteKey="site-key"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toContainEqual(expect.stringMatching(/with the site's own Site key.*got 403/))
  }, 300_000)
})
