import { atLength } from '../soak/lengths.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { startPermissive } from '../contract/permissive/index.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { Client } from '../contract/twin/observe.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { inPath, servedPerTest, serveWithChoices, type Answer, type ChoicesServer } from './choices-server.js'
import { asSiteKey, localeList, ok, pageList, refused, seeEach, siteRead } from './publishable-narrowing.js'
import { furnishedSite } from './publishable-site.js'
import { contentsOf, probe, usersSite } from './site-key-probes.js'

/**
 * Two keys of a deployment written from the documents alone, over HTTP. publicApiKeyAsSiteKey
 * `configuration`: a site's publicApiKey is a publishable key that reads the site's configuration
 * alone, its site read, its locale list and its locale reads answered as the site's Site key would
 * answer them; its pages, its site page list, its routes, the site list and every write are a 403.
 * siteKeyWrites `pages-refused`: a Site key manages its site's locales and routes but writes no
 * page, a 403 where access is judged (after the page, or the site its body names, is found).
 */
const start = servedPerTest()
const TAG = 'contract-9a6e0c2f'
const CHOSEN = { publicApiKeyAsSiteKey: 'configuration' } as const
const PAGES_REFUSED = { siteKeyWrites: 'pages-refused' } as const
/** The deployment the two were written from: both, and existence judged before a key's reach. */
const OUTSIDE: Choices = { ...CHOSEN, ...PAGES_REFUSED, accessOrder: 'existence-first' }
const NOWHERE = '7b0c4a4e-3f52-4a8e-9a51-0d6a5f0c1e99'

const shown = (answer: Answer): string => `${answer.status} ${String(answer.body.code)}`

describe('publicApiKeyAsSiteKey configuration over HTTP', () => {
  it('reads its site, its locale list and its locale reads, by id and by code, as its Site key does', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'configuration')
    expect(site.siteKey).not.toBe(site.publicKey)
    const reads = [`/v2/sites/${site.siteId}`, `/v2/locales?siteId=${site.siteId}`, `/v2/locales/${site.localeId}`, `/v2/locales/${inPath(site.localeCode)}?siteId=${site.siteId}`]
    for (const path of reads) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    expect((await server.call('GET', reads[0]!, undefined, site.publicKey)).body).toMatchObject({ id: site.siteId, name: 'configuration' })
  })

  it.each([{}, { publicApiKeyRoutes: 'read' }] as const)('refuses its pages, its site page list, its routes and the site list with a 403 that names what it reads (%j), its Site key reading them', async (routes) => {
    const server = await start({ ...CHOSEN, ...routes })
    const site = await furnishedSite(server, 'configuration')
    const refusedReads = [
      `/v6/pages?siteId=${site.siteId}`,
      `/v6/pages?siteId=${site.siteId}&versionRef=ref:live`,
      `/v6/pages/${site.offlineDraftId}?versionRef=ref:live`,
      `/v6/pages/${site.offlineId}`,
      `/v2/sites/${site.siteId}/pages`,
      `/v2/routes?siteId=${site.siteId}`,
      `/v2/routes/${site.routeId}`,
    ]
    for (const path of [...refusedReads, `/v2/sites?workspaceId=${server.workspaceId}`]) expect(await server.call('GET', path, undefined, site.publicKey), path).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect((await server.call('GET', refusedReads[0]!, undefined, site.publicKey)).body.message).toContain("it reads the site's configuration alone")
    for (const path of refusedReads) expect((await server.call('GET', path, undefined, site.siteKey)).status, path).toBe(200)
  })

  it('refuses every write with a 403 and changes nothing', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'configuration')
    const writes: Array<[string, string, unknown]> = [
      ['PATCH', `/v2/sites/${site.siteId}`, { name: 'Renamed' }],
      ['DELETE', `/v2/sites/${site.siteId}`, undefined],
      ['POST', `/v2/sites/${site.siteId}/duplicate`, { name: 'Copy' }],
      ['POST', '/v2/locales', { siteId: site.siteId, locale: 'fr-FR' }],
      ['PATCH', `/v2/locales/${site.localeId}`, { domain: 'https://fr.example.com' }],
      ['POST', '/v6/pages', { siteId: site.siteId, pathname: '/new', name: 'New' }],
      ['PATCH', `/v6/pages/${site.offlineId}`, { pathname: '/renamed' }],
      ['POST', '/v2/routes', { siteId: site.siteId, pathname: '/more' }],
    ]
    for (const [method, path, body] of writes) expect(await server.call(method, path, body, site.publicKey), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect((await server.call('GET', `/v2/sites/${site.siteId}`, undefined, site.siteKey)).body).toMatchObject({ name: 'configuration' })
    expect(((await server.call('GET', `/v2/locales?siteId=${site.siteId}`)).body.data ?? []).map((locale) => locale.locale)).toEqual([site.localeCode])
    expect((await server.call('GET', `/v6/pages/${site.offlineId}`, undefined, site.siteKey)).body).toMatchObject({ pathname: '/offline' })
  })

  it('refuses another site and its locales, as its Site key is refused them', async () => {
    const server = await start(CHOSEN)
    const site = await furnishedSite(server, 'configuration')
    const other = await furnishedSite(server, 'configuration')
    for (const path of [`/v2/sites/${other.siteId}`, `/v2/locales?siteId=${other.siteId}`, `/v2/locales/${other.localeId}`]) {
      expect((await server.call('GET', path, undefined, site.publicKey)).status, path).toBe(403)
      expect((await server.call('GET', path, undefined, site.siteKey)).status, path).toBe(403)
    }
  })

  it('is refused where access is judged, or as soon as the key is known at keyKindOrder first; its locale list is judged as its Site key’s', async () => {
    const judged = await start(CHOSEN)
    const site = await furnishedSite(judged, 'configuration')
    expect((await judged.call('GET', '/v6/pages?siteId=not-a-uuid', undefined, site.publicKey)).status).toBe(400)
    const first = await start({ ...CHOSEN, keyKindOrder: 'first' })
    const firstSite = await furnishedSite(first, 'configuration')
    expect((await first.call('GET', '/v6/pages?siteId=not-a-uuid', undefined, firstSite.publicKey)).status).toBe(403)
    // A locale list is no refusal of its kind: its input is judged as its Site key's is.
    expect((await first.call('GET', '/v2/locales?siteId=not-a-uuid', undefined, firstSite.publicKey)).status).toBe(400)
  })
})

describe('siteKeyWrites pages-refused over HTTP', () => {
  it("lets a Site key manage its site's locales and routes, and refuses every page write with a 403 that changes nothing", async () => {
    const server = await start(PAGES_REFUSED)
    const { id, key } = await server.site()
    const page = await server.call('POST', '/v6/pages', { siteId: id, pathname: '/by-app', name: 'By app' })
    expect(page.status).toBe(201)

    const locale = await server.call('POST', '/v2/locales', { siteId: id, locale: 'fr-FR' }, key)
    expect(locale.status).toBe(201)
    expect((await server.call('PATCH', `/v2/locales/${String(locale.body.id)}`, { domain: 'https://fr.example.com' }, key)).status).toBe(200)
    expect((await server.call('DELETE', `/v2/locales/${String(locale.body.id)}`, undefined, key)).status).toBe(204)
    expect((await server.call('POST', `/v2/locales/${String(locale.body.id)}/restore`, undefined, key)).status).toBe(200)
    const route = await server.call('POST', '/v2/routes', { siteId: id, pathname: '/by-key' }, key)
    expect(route.status).toBe(201)
    expect((await server.call('PATCH', `/v2/routes/${String(route.body.id)}`, { pathname: '/moved' }, key)).status).toBe(200)
    expect((await server.call('DELETE', `/v2/routes/${String(route.body.id)}`, undefined, key)).status).toBe(204)

    const before = await server.call('GET', `/v6/pages/${String(page.body.id)}`, undefined, key)
    const writes = [
      await server.call('POST', '/v6/pages', { siteId: id, pathname: '/by-key', name: 'By key' }, key),
      await server.call('PATCH', `/v6/pages/${String(page.body.id)}`, { name: 'Renamed' }, key),
      await server.call('DELETE', `/v6/pages/${String(page.body.id)}`, undefined, key),
    ]
    expect(writes.map(shown)).toEqual(Array(3).fill('403 forbidden'))
    expect(writes[0]!.body.message).toMatch(/may not create, change or delete pages/)
    const pages = ((await server.call('GET', `/v6/pages?siteId=${id}&includeOffline=true`, undefined, key)).body.data ?? []).map((item) => item.pathname)
    expect(pages).toEqual(expect.arrayContaining(['/by-app']))
    expect(pages).not.toContain('/by-key')
    expect(await server.call('GET', `/v6/pages/${String(page.body.id)}`, undefined, key)).toEqual(before)
  })

  it.each([
    ['with-access', '404 not_found', '400 bad_request'],
    ['first', '403 forbidden', '403 forbidden'],
  ] as const)('refuses a page write after its target is found at keyKindOrder %s: a site or page that does not exist, a bad body', async (keyKindOrder, missing, bad) => {
    const server = await start({ ...OUTSIDE, keyKindOrder, validationOrder: 'input-first' })
    const site = await usersSite(server)
    expect(shown(await server.call('POST', '/v6/pages', { siteId: NOWHERE, pathname: '/by-key', name: 'By key' }, site.key))).toBe(missing)
    expect(shown(await server.call('PATCH', `/v6/pages/${NOWHERE}`, { name: 'Renamed' }, site.key))).toBe(missing)
    expect(shown(await server.call('PATCH', `/v6/pages/${site.pageId}`, { name: 12 }, site.key))).toBe(bad)
    expect(shown(await server.call('PATCH', `/v6/pages/${site.pageId}`, { name: 'Renamed' }, site.key))).toBe('403 forbidden')
    expect((await server.call('PATCH', `/v2/routes/${site.routeId!}`, { pathname: '/moved' }, site.key)).status).toBe(200)
  })
})

describe('the twin’s observation of publicApiKeyAsSiteKey and siteKeyWrites', () => {
  it.each(['configuration', 'single-resources', 'site-and-pages', 'forbidden'] as const)('tells publicApiKeyAsSiteKey %s from outside', async (alternative) => {
    expect(await observedOnPermissive('publicApiKeyAsSiteKey', { publicApiKeyAsSiteKey: alternative })).toBe(alternative)
  })

  it.each(['pages-refused', 'refused', 'refused-first', 'pages-only'] as const)('tells siteKeyWrites %s from outside, under configuration too', async (alternative) => {
    expect(await observedOnPermissive('siteKeyWrites', { siteKeyWrites: alternative })).toBe(alternative)
    expect(await observedOnPermissive('siteKeyWrites', { ...CHOSEN, siteKeyWrites: alternative })).toBe(alternative)
  })

  it("the permissive answers the publicApiKey its site and locales and refuses the rest, and the Site key all but page writes", async () => {
    const choices: Choices = { ...CHOSEN, ...PAGES_REFUSED }
    const permissive = await startPermissive({ choices })
    try {
      const client = new Client({ ...permissive, seed: 0, choices })
      const site = await client.site()
      const publicKey = String(site.publicApiKey)
      const page = await client.page(site.id, '/configured')
      const status = async (method: string, path: string, body?: unknown, key = publicKey): Promise<number> => (await client.call(method, path, body, key)).status
      const locales = (await client.call('GET', `/v2/locales?siteId=${String(site.id)}`)).body.data as Array<Record<string, unknown>>
      expect(await status('GET', `/v2/sites/${String(site.id)}`)).toBe(200)
      expect(await status('GET', `/v2/locales?siteId=${String(site.id)}`)).toBe(200)
      expect(await status('GET', `/v2/locales/${String(locales[0]!.id)}`)).toBe(200)
      expect(await status('GET', `/v6/pages?siteId=${String(site.id)}`)).toBe(403)
      expect(await status('GET', `/v6/pages/${String(page.id)}`)).toBe(403)
      expect(await status('GET', `/v2/sites/${String(site.id)}/pages`)).toBe(403)
      expect(await status('GET', `/v2/routes?siteId=${String(site.id)}`)).toBe(403)
      expect(await status('PATCH', `/v2/sites/${String(site.id)}`, { name: 'Renamed' })).toBe(403)
      const { site: keyed, key } = await client.keyedSite()
      expect(await status('POST', '/v2/locales', { siteId: keyed.id, locale: 'fr-FR' }, key)).toBe(201)
      expect(await status('POST', '/v2/routes', { siteId: keyed.id, pathname: '/by-key' }, key)).toBe(201)
      expect(await status('POST', '/v6/pages', { siteId: keyed.id, pathname: '/by-key', name: 'By key' }, key)).toBe(403)
    } finally {
      await permissive.close()
    }
  })
})

describe('the probes learn configuration and pages-refused', () => {
  it('configuration from a locale list answered, where its pages were refused and its site read; the key then no Site key of theirs', async () => {
    const server = await start(CHOSEN)
    const learned = await probe(server, TAG)
    expect(learned.choices).toMatchObject({ publicApiKeyAsSiteKey: 'configuration', keyKindOrder: 'with-access' })
    expect(learned.choices.publicApiKeyRoutes).toBeUndefined()
    expect(learned.choices.siteKeyRoutes).toBeUndefined()
  })

  it('configuration at keyKindOrder first', async () => {
    const server = await start({ ...CHOSEN, keyKindOrder: 'first' })
    expect((await probe(server, TAG)).choices).toMatchObject({ publicApiKeyAsSiteKey: 'configuration', keyKindOrder: 'first' })
  })

  it('pages-refused with the Site key of their own site', async () => {
    const server = await start(PAGES_REFUSED)
    expect((await probe(server, TAG)).choices).toMatchObject({ publicApiKeyAsSiteKey: 'site-key', siteKeyWrites: 'pages-refused' })
  })

  it.each(['with-access', 'first'] as const)('both, with --site-api-key, at keyKindOrder %s, its routes read and its site left as it was', async (keyKindOrder) => {
    const server = await start({ ...OUTSIDE, keyKindOrder })
    const site = await usersSite(server)
    const before = await contentsOf(server, site.id)
    const learned = await probe(server, TAG, site.key)
    expect(learned.choices).toMatchObject({ publicApiKeyAsSiteKey: 'configuration', siteKeyWrites: 'pages-refused', siteKeyRoutes: 'read', keyKindOrder })
    expect(await contentsOf(server, site.id)).toEqual(before)
  })
})

describe('the stateful group reads configuration', () => {
  const publicKey = STATUS_CLASSES.find((freedom) => freedom.choice === 'publicApiKeyAsSiteKey')!

  it('narrows to configuration from a page list refused, a site read and a locale list answered, where the oracle reads the key as a Site key', () => {
    const adoptions = new Adoptions()
    const seen: Array<[ContractRequest, Reply]> = [
      [pageList, refused],
      [siteRead, ok],
      [localeList, ok],
    ]
    seeEach(publicKey, adoptions, seen)
    expect(adoptions.get('publicApiKeyAsSiteKey')).toBe('configuration')
    // A page list answered after all contradicts it.
    expect(adoptions.see('publicApiKeyAsSiteKey', 'site-key', 'page.list', publicKey.fits?.('site-key', asSiteKey(pageList, ok)))).toMatchObject({ adopted: 'configuration' })
  })
})

/** Sequences of the stateful group: enough that the publicApiKey reads its site and locales and is refused its pages, and the Site key writes (`npm run soak` runs 300). */
const STATEFUL = { runs: atLength(30, 300), seed: 1, timeMs: 240_000 }

describe('the contract suite against a deployment whose publicApiKey reads its configuration and whose Site keys write no page', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices(OUTSIDE)
  })
  afterAll(() => server.close())

  it('learns both, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: STATEFUL })
    const learned = report.notices.find((line) => line.startsWith('learned')) ?? ''
    expect(learned).toContain('publicApiKeyAsSiteKey="configuration"')
    expect(learned).toContain('siteKeyWrites="pages-refused"')
    // Its Site key's routes read, sitemock's own: named neither among the others nor among what was not learned.
    expect(learned).not.toContain('siteKeyRoutes')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts configuration in the stateful sequences without the probes, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, stateful: STATEFUL })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyAsSiteKey: configuration')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: { runs: 100, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeyAsSiteKey="site-key"'))
    expect(named.map((failure) => failure.message.split('\n')[0])).toContainEqual(expect.stringMatching(/with the site's own Site key.*got 403/))
  }, 300_000)
})
