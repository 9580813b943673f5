import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALE, LOCALES, PAGES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { STATUS_CLASSES, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { ORACLE_APP_KEY } from '../../src/contract/stateful/oracle.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { check, describeFailures, runAgainst, statefulHeadlines } from '../contract/support.js'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { occurrenceOf } from '../unit/occurrence.js'
import { servedPerTest, serveWithChoices, type ChoicesServer } from './choices-server.js'
import { probeMock } from './probe-mock.js'
import { furnishedSite } from './publishable-site.js'

/**
 * publicApiKeyLocales `read`: a site's publicApiKey that reads its site's pages as published alone
 * (publicApiKeyAsSiteKey live-pages, published-pages) reads its site's locales too, as the site's
 * Site key would, for a host rendering the live pages in each locale. A deployment written from the
 * documents alone does so with live-pages. Over real HTTP the mock answers so; the probes learn it
 * (and tell such a key from one for rendering the site, online-pages, by its drafts); the twin takes
 * it and its observation tells it; and the stateful group adopts it without a divergence.
 */
const start = servedPerTest()

const LOCALE_READERS = ['live-pages', 'published-pages'] as const
/** The deployment's. */
const FIELD = { publicApiKeyAsSiteKey: 'live-pages', publicApiKeyLocales: 'read' } as const

describe('publicApiKeyLocales over HTTP', () => {
  it.each(LOCALE_READERS)('at %s, read: its locale list and locale reads are answered as its Site key answers them', async (reads) => {
    const server = await start({ publicApiKeyAsSiteKey: reads, publicApiKeyLocales: 'read' })
    const site = await furnishedSite(server, 'locales read')
    for (const path of [`/v2/locales?siteId=${site.siteId}`, `/v2/locales/${site.localeId}`, `/v2/locales/${site.localeCode}?siteId=${site.siteId}`]) {
      const answer = await server.call('GET', path, undefined, site.publicKey)
      expect(answer.status, path).toBe(200)
      expect(answer, path).toEqual(await server.call('GET', path, undefined, site.siteKey))
    }
    // What it did not read before it still does not: its drafts; the refusal names the locales besides.
    const refused = await server.call('GET', `/v6/pages?siteId=${site.siteId}&versionRef=ref:draft`, undefined, site.publicKey)
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(refused.body.message).toContain("It reads the site's locales too")
  })

  it.each(LOCALE_READERS)('at %s, refused (sitemock): its locales are a 403', async (reads) => {
    const server = await start({ publicApiKeyAsSiteKey: reads })
    const site = await furnishedSite(server, 'locales refused')
    expect(await server.call('GET', `/v2/locales?siteId=${site.siteId}`, undefined, site.publicKey)).toMatchObject({ status: 403, body: { code: 'forbidden' } })
  })

  it("refuses another site's locales and every locale write with a 403, changing nothing", async () => {
    const server = await start(FIELD)
    const site = await furnishedSite(server, 'own site')
    const other = await server.site('other site')
    const refused: Array<[string, string, unknown]> = [
      ['GET', `/v2/locales?siteId=${other.id}`, undefined],
      ['POST', '/v2/locales', { siteId: site.siteId, locale: 'fr-FR' }],
      ['PATCH', `/v2/locales/${site.localeId}`, { domain: null }],
      ['DELETE', `/v2/locales/${site.localeId}`, undefined],
    ]
    for (const [method, path, body] of refused) expect(await server.call(method, path, body, site.publicKey), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    const codes = (await server.call('GET', `/v2/locales?siteId=${site.siteId}`)).body.data!.map((locale) => locale.locale)
    expect(codes).not.toContain('fr-FR')
    expect(codes).toEqual([site.localeCode])
  })

  it('changes nothing under the other alternatives of publicApiKeyAsSiteKey', async () => {
    const status = async (reads: NonNullable<Choices['publicApiKeyAsSiteKey']>): Promise<number> => {
      const server = await serveWithChoices({ publicApiKeyAsSiteKey: reads, publicApiKeyLocales: 'read' })
      try {
        const site = await server.site('elsewhere')
        return (await server.call('GET', `/v2/locales?siteId=${site.id}`, undefined, site.key)).status
      } finally {
        await server.close()
      }
    }
    for (const reads of ['forbidden', 'single-resources', 'pages', 'site-and-pages'] as const) expect(await status(reads), reads).toBe(403)
    for (const reads of ['site-key', 'online-pages', 'configuration', 'reads'] as const) expect(await status(reads), reads).toBe(200)
  })
})

describe('the probes and the twin learn publicApiKeyLocales', () => {
  it.each(LOCALE_READERS)('at %s, read and refused alike, the key still learned so', async (reads) => {
    expect((await probeMock({ publicApiKeyAsSiteKey: reads, publicApiKeyLocales: 'read' }, '10ca1e01')).choices).toMatchObject({ publicApiKeyAsSiteKey: reads, publicApiKeyLocales: 'read' })
    expect((await probeMock({ publicApiKeyAsSiteKey: reads }, '10ca1e02')).choices).toMatchObject({ publicApiKeyAsSiteKey: reads, publicApiKeyLocales: 'refused' })
  }, 60_000)

  it('leaves it unrecorded, with the reason, where the publicApiKey does not read its pages as published alone', async () => {
    const learned = await probeMock({ publicApiKeyAsSiteKey: 'online-pages', publicApiKeyLocales: 'read' }, '10ca1e03')
    expect(learned.choices.publicApiKeyAsSiteKey).toBe('online-pages')
    expect(learned.unrecorded?.publicApiKeyLocales).toContain('publicApiKeyAsSiteKey online-pages')
  }, 60_000)

  it('the twin takes it, and its observation tells it where the key reads its pages as published alone', async () => {
    expect(await observedOnPermissive('publicApiKeyLocales', FIELD)).toBe('read')
    expect(await observedOnPermissive('publicApiKeyLocales', { publicApiKeyAsSiteKey: 'published-pages', publicApiKeyLocales: 'read' })).toBe('read')
    expect(await observedOnPermissive('publicApiKeyLocales', { publicApiKeyAsSiteKey: 'live-pages' })).toBe('refused')
    expect(await observedOnPermissive('publicApiKeyLocales', { publicApiKeyAsSiteKey: 'online-pages', publicApiKeyLocales: 'read' })).toBeUndefined()
    for (const reads of LOCALE_READERS) expect(await observedOnPermissive('publicApiKeyAsSiteKey', { publicApiKeyAsSiteKey: reads, publicApiKeyLocales: 'read' }), reads).toBe(reads)
  })
})

describe('the stateful group reads publicApiKeyLocales', () => {
  const byChoice = (choice: string) => STATUS_CLASSES.find((freedom) => freedom.choice === choice)!
  const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac404'
  const KEY = '0d6f3d4e-5a41-4c3e-9f0e-3b8f8f7f2b11'
  const ok: Reply = { status: 200, body: { object: 'list', data: [] } }
  const refused: Reply = { status: 403, body: { code: 'forbidden' } }
  const localeList: ContractRequest = { method: 'GET', template: LOCALES, query: { siteId: SITE_ID }, key: KEY }
  /** The oracle's reads with the key where it takes it as one for the live pages alone: its locales read or not. */
  const livePages =
    (readsLocales: boolean) =>
    (asked: ContractRequest): Reply => {
      if (asked.key === ORACLE_APP_KEY) return ok
      if (asked.template === LOCALES || asked.template === LOCALE) return readsLocales ? ok : refused
      return asked.template === PAGES && asked.query?.versionRef === 'ref:live' ? ok : refused
    }
  const ownLocaleList = (peek: (asked: ContractRequest) => Reply, target: Reply) =>
    occurrenceOf(localeList, peek(localeList), peek, { runSiteKey: true, site: SITE_ID, ownSiteKey: true, sites: [SITE_ID], target })

  it('reads a locale list answered where the oracle refuses it as read, and still once the oracle reads it, so that a refusal later contradicts it', () => {
    const freedom = byChoice('publicApiKeyLocales')
    const adoptions = new Adoptions()
    const before = ownLocaleList(livePages(false), ok)
    expect(freedom.applies(before)).toBe(true)
    expect(freedom.alternative(before.target, before)).toBe('read')
    expect(freedom.follow('read', before)).toEqual({ kind: 'chosen', choices: { publicApiKeyLocales: 'read' } })
    expect(adoptions.see(freedom.choice, 'read', 'locale.list')).toBeUndefined()
    const after = ownLocaleList(livePages(true), refused)
    expect(freedom.applies(after)).toBe(true)
    expect(adoptions.see(freedom.choice, freedom.alternative(after.target, after)!, 'locale.list')).toMatchObject({ adopted: 'read', now: 'refused' })
  })

  it('does not read a locale list where the oracle takes the key as one that reads drafts', () => {
    expect(byChoice('publicApiKeyLocales').applies(ownLocaleList(() => ok, ok))).toBe(false)
  })

  it('leaves an answered locale list of its own site to the class: no sign of a key for rendering the site', () => {
    const publicKey = byChoice('publicApiKeyAsSiteKey')
    const occurrence = ownLocaleList(livePages(false), ok)
    expect(publicKey.alternative(ok, occurrence)).toBeUndefined()
    // A refused one fits the keys for live or published pages as every refusal of a read they do not make does.
    expect(publicKey.fits?.('forbidden', ownLocaleList(livePages(false), refused))).toEqual(expect.arrayContaining(['live-pages', 'published-pages']))
  })
})

describe('the contract suite against a deployment whose publicApiKey reads its locales and its live pages', () => {
  let server: ChoicesServer
  beforeAll(async () => {
    server = await serveWithChoices(FIELD)
  })
  afterAll(() => server.close())

  it('learns live-pages and read, and no check fails nor does the stateful group diverge', async () => {
    const report = await runAgainst(server.url, server.mock, { stateful: { runs: 12, seed: 1 } })
    const learned = report.notices.find((line) => line.startsWith('learned')) ?? ''
    expect(learned).toContain('publicApiKeyAsSiteKey="live-pages"')
    expect(learned).toContain('publicApiKeyLocales="read"')
    expect(describeFailures(report)).toBe('')
  }, 600_000)

  it('adopts read in the stateful sequences once live-pages is known, without a divergence', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], learnChoices: false, choices: { publicApiKeyAsSiteKey: 'live-pages' }, stateful: { runs: 25, seed: 1 } })
    expect(statefulHeadlines(report, 2)).toEqual([])
    expect(report.notices.join('\n')).toContain('publicApiKeyLocales: read')
  }, 600_000)

  it('names the class under --profile sitemock', async () => {
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', choices: { publicApiKeyAsSiteKey: 'live-pages' }, stateful: { runs: 30, seed: 1 } })
    const named = check(report, 'stateful.model').failures.filter((failure) => failure.leftOpen?.includes('publicApiKeyLocales="refused"'))
    expect(named.length).toBeGreaterThan(0)
  }, 300_000)
})
