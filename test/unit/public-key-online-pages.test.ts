import { describe, expect, it } from 'vitest'
import { LOCALES, PAGE, PAGES, SITE } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { STATUS_CLASSES, type Occurrence, type Reply } from '../../src/contract/stateful/freedom-classes.js'
import { ORACLE_APP_KEY } from '../../src/contract/stateful/oracle.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The stateful class publicApiKeyAsSiteKey with `online-pages`: a site's publicApiKey that reads
 * its site's locales and online pages, in any version, and nothing else. An answered locale or
 * draft read narrows the adoption to it, a refused list asking for the offline pages or read of an
 * offline page fits it, and where the oracle refuses the key its site, an answered locale read
 * shows it, which the oracle then chooses.
 */
const publicKey = STATUS_CLASSES.find((freedom) => freedom.choice === 'publicApiKeyAsSiteKey')!
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const PAGE_ID = '5b0f4a1e-2f3c-4d5e-8a9b-0c1d2e3f4a5b'
const KEY = '0d6f3d4e-5a41-4c3e-9f0e-3b8f8f7f2b10'
const ok: Reply = { status: 200, body: { object: 'list', data: [], hasMore: false } }
const refused: Reply = { status: 403, body: { code: 'forbidden' } }

const localeList: ContractRequest = { method: 'GET', template: LOCALES, query: { siteId: SITE_ID }, key: KEY }
const unsaidList: ContractRequest = { method: 'GET', template: PAGES, query: { siteId: SITE_ID }, key: KEY }
const offlineList: ContractRequest = { ...unsaidList, query: { siteId: SITE_ID, includeOffline: 'true' } }
const draftRead: ContractRequest = { method: 'GET', template: PAGE, params: { pageIdOrPathname: PAGE_ID }, query: { versionRef: 'ref:draft' }, key: KEY }
const siteRead: ContractRequest = { method: 'GET', template: SITE, params: { siteId: SITE_ID }, key: KEY }

/** The request answered 200 by the oracle, whose site read with the key answers `siteRead`, and whose App key reads the page online or not. */
function sent(request: ContractRequest, siteStatus = 200, pageOnline = true): Occurrence {
  const peek = (asked: ContractRequest): Reply => {
    if (asked.template === SITE) return { status: siteStatus, body: {} }
    if (asked.template === PAGE && asked.key === ORACLE_APP_KEY) return { status: 200, body: { id: PAGE_ID, isOnline: pageOnline } }
    return ok
  }
  return occurrenceOf(request, ok, peek, { runSiteKey: true, site: SITE_ID, ownSiteKey: true })
}

function read(reply: Reply, occurrence: Occurrence): { alternative: string | undefined; fits: readonly string[] | undefined } {
  const alternative = publicKey.alternative(reply, occurrence)
  return { alternative, fits: alternative === undefined ? undefined : publicKey.fits?.(alternative, occurrence) }
}

describe('publicApiKeyAsSiteKey: what an answer fits, online-pages among them', () => {
  it('reads a 200 to a locale list as fitting site-key, online-pages, configuration and reads alone, and one to a draft read of an online page single-resources, pages and site-and-pages too', () => {
    expect(read(ok, sent(localeList))).toEqual({ alternative: 'site-key', fits: ['site-key', 'online-pages', 'configuration', 'reads'] })
    expect(read(ok, sent(draftRead)).fits).toEqual(['site-key', 'online-pages', 'single-resources', 'pages', 'site-and-pages', 'reads'])
  })

  it('reads a 403 to a list asking for the offline pages, or to a read of a page offline, as fitting online-pages too', () => {
    expect(read(refused, sent(offlineList)).fits).toEqual(['forbidden', 'live-pages', 'online-pages', 'single-resources', 'configuration'])
    expect(read(refused, sent(draftRead, 200, false)).fits).toEqual(['forbidden', 'live-pages', 'published-pages', 'online-pages', 'configuration'])
    expect(read(refused, sent(draftRead, 200, true)).fits).toEqual(['forbidden', 'live-pages', 'published-pages', 'configuration'])
  })

  it('reads a locale list answered where the oracle refuses the key its site as online-pages, which the oracle follows by choosing it', () => {
    const occurrence = sent(localeList, 403)
    expect(publicKey.alternative(ok, occurrence)).toBe('online-pages')
    expect(publicKey.follow('online-pages', occurrence)).toEqual({ kind: 'chosen', choices: { publicApiKeyAsSiteKey: 'online-pages' } })
  })
})

describe('publicApiKeyAsSiteKey: the adoption narrows to online-pages', () => {
  const see = (adoptions: Adoptions, reply: Reply, occurrence: Occurrence, where: string) => {
    const { alternative, fits } = read(reply, occurrence)
    return adoptions.see('publicApiKeyAsSiteKey', alternative!, where, fits)
  }

  it('a page list answered, the site refused, a locale list answered, a list asking for the offline pages refused: online-pages, no inconsistency', () => {
    const adoptions = new Adoptions()
    expect(see(adoptions, ok, sent(unsaidList), 'page list')).toBeUndefined()
    expect(see(adoptions, refused, sent(siteRead), 'site.get')).toBeUndefined()
    expect(see(adoptions, ok, sent(localeList), 'locale list')).toBeUndefined()
    expect(adoptions.get('publicApiKeyAsSiteKey')).toBe('online-pages')
    expect(see(adoptions, refused, sent(offlineList), 'offline page list')).toBeUndefined()
    expect(adoptions.get('publicApiKeyAsSiteKey')).toBe('online-pages')
  })

  it('still calls a target inconsistent that reads its locales and refuses its site, then refuses its online pages', () => {
    const adoptions = new Adoptions()
    expect(see(adoptions, ok, sent(localeList), 'locale list')).toBeUndefined()
    expect(see(adoptions, refused, sent(siteRead), 'site.get')).toBeUndefined()
    expect(see(adoptions, refused, sent(unsaidList), 'page list refused')).toMatchObject({ classId: 'publicApiKeyAsSiteKey', adopted: 'online-pages' })
  })
})
