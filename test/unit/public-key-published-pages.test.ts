import { describe, expect, it } from 'vitest'
import { LOCALE, PAGE, PAGES, SITE, SITE_PAGES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { STATUS_CLASSES, type Occurrence, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The stateful class publicApiKeyAsSiteKey with `published-pages`: a site's publicApiKey that reads
 * its site's pages as published, asked for or not, and nothing else. Its answers each fit several
 * alternatives (a 403 to a locale read fits forbidden, live-pages and published-pages; a 200 to a
 * page list without versionRef site-key and published-pages): the adoption narrows on them rather
 * than calling the target inconsistent.
 */
const publicKey = STATUS_CLASSES.find((freedom) => freedom.choice === 'publicApiKeyAsSiteKey')!
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const KEY = '0d6f3d4e-5a41-4c3e-9f0e-3b8f8f7f2b10'
const ok: Reply = { status: 200, body: { object: 'list', data: [], hasMore: false } }
const refused: Reply = { status: 403, body: { code: 'forbidden' } }

const localeRead: ContractRequest = { method: 'GET', template: LOCALE, params: { localeIdOrCode: 'en' }, query: { siteId: SITE_ID }, key: KEY }
const unsaidList: ContractRequest = { method: 'GET', template: PAGES, query: { siteId: SITE_ID }, key: KEY }
const liveList: ContractRequest = { ...unsaidList, query: { siteId: SITE_ID, versionRef: 'ref:live' } }
const draftRead: ContractRequest = { method: 'GET', template: PAGE, params: { pageIdOrPathname: SITE_ID }, query: { versionRef: 'ref:draft' }, key: KEY }
const sitePages: ContractRequest = { method: 'GET', template: SITE_PAGES, params: { siteId: SITE_ID }, key: KEY }

/** The request answered 200 by the oracle, whose site read with the key answers `siteRead`, and any other read `other`. */
function sent(request: ContractRequest, siteRead = 200, other: Reply = ok, more: Partial<Occurrence> = {}): Occurrence {
  const peek = (asked: ContractRequest): Reply => (asked.template === SITE ? { status: siteRead, body: {} } : other)
  return occurrenceOf(request, ok, peek, { runSiteKey: true, site: SITE_ID, ...more })
}

/** What the class reads of the target's reply, and every alternative that reply fits. */
function read(reply: Reply, occurrence: Occurrence): { alternative: string | undefined; fits: readonly string[] | undefined } {
  const alternative = publicKey.alternative(reply, occurrence)
  return { alternative, fits: alternative === undefined ? undefined : publicKey.fits?.(alternative, occurrence) }
}

describe('publicApiKeyAsSiteKey: what an answer to a site’s publicApiKey fits, published-pages among them', () => {
  it('reads a 403 to a locale read as forbidden, fitting live-pages, published-pages, pages and site-and-pages too', () => {
    expect(read(refused, sent(localeRead))).toEqual({ alternative: 'forbidden', fits: ['forbidden', 'live-pages', 'published-pages', 'pages', 'site-and-pages'] })
  })

  it('reads a 403 to a draft read as forbidden, fitting both keys for pages and the one for configuration, and one to a page list without versionRef as fitting live-pages alone of them', () => {
    expect(read(refused, sent(draftRead)).fits).toEqual(['forbidden', 'live-pages', 'published-pages', 'configuration'])
    expect(read(refused, sent(unsaidList)).fits).toEqual(['forbidden', 'live-pages', 'single-resources', 'configuration'])
    expect(read(refused, sent(sitePages)).fits).toEqual(['forbidden', 'live-pages', 'single-resources', 'configuration'])
    expect(read(refused, sent(liveList)).fits).toEqual(['forbidden', 'single-resources', 'configuration'])
  })

  it('reads a 200 to a page list without versionRef as fitting site-key, published-pages, online-pages, pages, site-and-pages and reads, and one to a live list as fitting all seven', () => {
    expect(read(ok, sent(unsaidList)).fits).toEqual(['site-key', 'published-pages', 'online-pages', 'pages', 'site-and-pages', 'reads'])
    expect(read(ok, sent(sitePages)).fits).toEqual(['site-key', 'published-pages', 'online-pages', 'pages', 'site-and-pages', 'reads'])
    expect(read(ok, sent(liveList)).fits).toEqual(['site-key', 'live-pages', 'published-pages', 'online-pages', 'pages', 'site-and-pages', 'reads'])
    expect(read(ok, sent(localeRead))).toEqual({ alternative: 'site-key', fits: ['site-key', 'online-pages', 'single-resources', 'configuration', 'reads'] })
  })

  it("reads a page read the oracle's key is refused its site on as the oracle's: published-pages where it answers the read without versionRef, else live-pages", () => {
    expect(read(ok, sent(unsaidList, 403)).alternative).toBe('published-pages')
    expect(read(ok, sent(liveList, 403, ok)).alternative).toBe('published-pages')
    expect(read(ok, sent(liveList, 403, refused)).alternative).toBe('live-pages')
  })

  it("reads a page list of the oracle's live pages, where its draft list has more, as published-pages, which the oracle follows by choosing it", () => {
    const target = (oracleId: string): string => `target-${oracleId}`
    const drafts: Reply = { status: 200, body: { object: 'list', data: [{ id: 'a' }, { id: 'b' }], hasMore: false } }
    const live: Reply = { status: 200, body: { object: 'list', data: [{ id: 'a' }], hasMore: false } }
    const occurrence = { ...occurrenceOf(unsaidList, drafts, (asked) => (asked.query?.versionRef === 'ref:live' ? live : drafts), { runSiteKey: true, site: SITE_ID }), targetOf: target }
    const theirs: Reply = { status: 200, body: { object: 'list', data: [{ id: 'target-a' }], hasMore: false } }
    expect(publicKey.alternative(theirs, occurrence)).toBe('published-pages')
    expect(publicKey.alternative(drafts, occurrence)).toBe('site-key')
    expect(publicKey.alternative({ status: 200, body: { object: 'list', data: [{ id: 'target-a' }, { id: 'target-b' }], hasMore: false } }, occurrence)).toBe('site-key')
    expect(publicKey.follow('published-pages', occurrence)).toEqual({ kind: 'chosen', choices: { publicApiKeyAsSiteKey: 'published-pages' } })
  })

  it('reads a 404 to a page read without versionRef, of a page the oracle has a draft of and never published, as published-pages alone', () => {
    const unsaidRead: ContractRequest = { method: 'GET', template: PAGE, params: { pageIdOrPathname: SITE_ID }, key: KEY }
    const notFound: Reply = { status: 404, body: { code: 'not_found' } }
    const unpublished = { ...sent(unsaidRead, 200, notFound), target: notFound }
    expect(read(notFound, unpublished)).toEqual({ alternative: 'published-pages', fits: ['published-pages'] })
    expect(read(notFound, { ...sent(unsaidRead, 200, ok), target: notFound }).alternative).toBeUndefined()
  })
})

describe('publicApiKeyAsSiteKey: the adoption narrows to published-pages', () => {
  const see = (adoptions: Adoptions, reply: Reply, occurrence: Occurrence, where: string) => {
    const { alternative, fits } = read(reply, occurrence)
    return adoptions.see('publicApiKeyAsSiteKey', alternative!, where, fits)
  }

  it('a locale read refused, then a page list without versionRef answered: published-pages, no inconsistency', () => {
    const adoptions = new Adoptions()
    expect(see(adoptions, refused, sent(localeRead), 'locale.get')).toBeUndefined()
    expect(see(adoptions, ok, sent(unsaidList), 'page list')).toBeUndefined()
    expect(adoptions.get('publicApiKeyAsSiteKey')).toBe('published-pages')
  })

  it('the other way round: a page list answered, then a locale read refused', () => {
    const adoptions = new Adoptions()
    expect(see(adoptions, ok, sent(unsaidList), 'page list')).toBeUndefined()
    expect(see(adoptions, refused, sent(localeRead), 'locale.get')).toBeUndefined()
    expect(adoptions.get('publicApiKeyAsSiteKey')).toBe('published-pages')
  })

  it('still calls a target inconsistent that refuses a page list without versionRef and answers the site’s page list without it', () => {
    const adoptions = new Adoptions()
    expect(see(adoptions, refused, sent(unsaidList), 'page list refused')).toBeUndefined()
    expect(see(adoptions, ok, sent(sitePages), 'site page list')).toMatchObject({ classId: 'publicApiKeyAsSiteKey', adopted: 'forbidden', now: 'site-key' })
  })

  it('still calls a target inconsistent that answered a page list without versionRef and refuses one with ref:live', () => {
    const adoptions = new Adoptions()
    expect(see(adoptions, ok, sent(unsaidList), 'page list')).toBeUndefined()
    expect(see(adoptions, refused, sent(liveList), 'live page list')).toMatchObject({ classId: 'publicApiKeyAsSiteKey', now: 'forbidden' })
  })
})
