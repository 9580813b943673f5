import { describe, expect, it } from 'vitest'
import { LOCALES, PAGE, PAGES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { ORACLE_APP_KEY } from '../../src/contract/stateful/oracle.js'
import { STATUS_CLASSES, type Occurrence, type Reply } from '../../src/contract/stateful/freedom-classes.js'

/**
 * The stateful group's pathnameLookupLocale class, read on single occurrences: a page read by
 * pathname with a `locale` that is a live locale of the site other than its default. The oracle
 * (sitemock) looks the pathname up among the pages' own; a deployment that looks it up among the
 * locale's localizations answers 404 where the oracle found a page with no localization there,
 * and 200 where the oracle found none while a localization has the pathname.
 */
const pathnameLookupLocale = STATUS_CLASSES.find((freedom) => freedom.choice === 'pathnameLookupLocale')!
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const OTHER_SITE = '1093964a-fd2d-4b9b-9b16-1405154f199c'
const DE_ID = '6c1f3a9e-2b1d-4f0e-9a47-5d2c8e7b1a30'
const EN_ID = '0a4c2e6b-8d1f-4a3c-9e5b-7f2d4c6a8e10'
const OTHER_LOCALE = '5e7a9c1b-3d5f-4b7d-8f9a-1c3e5a7b9d20'
const PAGE_ID = 'f2b8c4d1-7e3a-4c59-8b16-0a9d3e5f7c21'
const NOT_FOUND: Reply = { status: 404, body: { object: 'error', code: 'not_found', message: 'No page found with pathname /a in site.' } }

const pageBody = (localizations: Array<{ locale: string; pathname: string }>): Record<string, unknown> => ({ object: 'page', id: PAGE_ID, siteId: SITE_ID, pathname: '/a', locale: 'en-US', localizations })
const FOUND: Reply = { status: 200, body: pageBody([]) }

/** The oracle's reads: de-DE a live locale of the site (en-US its default), and the pages localized in de-DE, `/a-de` among them. */
function peek(asked: ContractRequest): Reply {
  if (asked.method === 'GET' && asked.template === LOCALES) {
    if (asked.query?.siteId !== SITE_ID) return { status: 200, body: { object: 'list', data: [{ object: 'locale', id: OTHER_LOCALE, locale: 'nl-NL', isDefault: false }], hasMore: false } }
    const data = [
      { object: 'locale', id: EN_ID, locale: 'en-US', isDefault: true },
      { object: 'locale', id: DE_ID, locale: 'de-DE', isDefault: false },
    ]
    return { status: 200, body: { object: 'list', data, hasMore: false } }
  }
  if (asked.method === 'GET' && asked.template === PAGES && asked.query?.locale === 'de-DE') return { status: 200, body: { object: 'list', data: [pageBody([{ locale: 'de-DE', pathname: '/a-de' }])], hasMore: false } }
  // The App key reads the page's draft; it has no live version.
  if (asked.method === 'GET' && asked.template === PAGE && asked.key === ORACLE_APP_KEY) return asked.query?.versionRef === 'ref:live' ? NOT_FOUND : FOUND
  throw new Error(`unexpected peek ${JSON.stringify(asked)}`)
}

function occurrence(request: ContractRequest, oracle: Reply, target: Reply): Occurrence {
  return {
    request,
    oracle: { ...oracle, request: { method: request.method, path: '' } } as Occurrence['oracle'],
    target,
    ownSiteKey: false,
    classes: {},
    peek: (asked) => ({ ...peek(asked), request: { method: asked.method, path: '' } }) as ReturnType<Occurrence['peek']>,
  }
}

const read = (pathname: string, locale: string, siteId = SITE_ID): ContractRequest => ({ method: 'GET', template: PAGE, params: { pageIdOrPathname: pathname }, query: { siteId, locale } })

describe('pathnameLookupLocale', () => {
  it("applies where the oracle found a page by its own pathname that no localization in the live locale has, by code or by the locale's id (in any case)", () => {
    expect(pathnameLookupLocale.applies(occurrence(read('/a', 'de-DE'), FOUND, NOT_FOUND))).toBe(true)
    expect(pathnameLookupLocale.applies(occurrence(read('/a', DE_ID), FOUND, NOT_FOUND))).toBe(true)
    expect(pathnameLookupLocale.applies(occurrence(read('/a', DE_ID.toUpperCase()), FOUND, NOT_FOUND))).toBe(true)
  })

  it('does not apply to a 404 of a key other than the App key for a page that has no live version: such a key may read live versions alone', () => {
    const publicKey = 'c0ffee00-1234-4abc-8def-000000000001'
    expect(pathnameLookupLocale.applies(occurrence({ ...read('/a', 'de-DE'), key: publicKey }, FOUND, NOT_FOUND))).toBe(false)
    expect(pathnameLookupLocale.applies(occurrence({ ...read('/a', 'de-DE'), key: ORACLE_APP_KEY }, FOUND, NOT_FOUND))).toBe(true)
  })

  it("applies where the oracle found none while a page's localization in the locale has the pathname", () => {
    expect(pathnameLookupLocale.applies(occurrence(read('/a-de', 'de-DE'), NOT_FOUND, FOUND))).toBe(true)
  })

  it("does not apply to the site's default locale, a locale it lacks, another site's, a code in another case (localeLookupCase's), a read by id, or a pathname both readings find alike", () => {
    expect(pathnameLookupLocale.applies(occurrence(read('/a', 'en-US'), FOUND, NOT_FOUND))).toBe(false)
    expect(pathnameLookupLocale.applies(occurrence(read('/a', 'xx-XX'), NOT_FOUND, NOT_FOUND))).toBe(false)
    expect(pathnameLookupLocale.applies(occurrence(read('/a', DE_ID, OTHER_SITE), FOUND, NOT_FOUND))).toBe(false)
    expect(pathnameLookupLocale.applies(occurrence(read('/a', OTHER_LOCALE), FOUND, NOT_FOUND))).toBe(false)
    expect(pathnameLookupLocale.applies(occurrence(read('/a', 'de-de'), FOUND, NOT_FOUND))).toBe(false)
    expect(pathnameLookupLocale.applies(occurrence({ ...read(PAGE_ID, 'de-DE') }, FOUND, FOUND))).toBe(false)
    // The page's localization in de-DE has its own pathname too (`/` often does): found by either.
    expect(pathnameLookupLocale.applies(occurrence(read('/a', 'de-DE'), { status: 200, body: pageBody([{ locale: 'de-DE', pathname: '/a' }]) }, FOUND))).toBe(false)
    // No localization has the pathname the oracle did not find: a 404 by either.
    expect(pathnameLookupLocale.applies(occurrence(read('/b', 'de-DE'), NOT_FOUND, NOT_FOUND))).toBe(false)
    expect(pathnameLookupLocale.applies(occurrence({ ...read('/a', 'de-DE'), method: 'PATCH' }, FOUND, NOT_FOUND))).toBe(false)
  })

  it("reads the oracle's status as own and the other of 200 and 404 as localized; nothing else", () => {
    const byOwn = occurrence(read('/a', 'de-DE'), FOUND, NOT_FOUND)
    expect(pathnameLookupLocale.alternative(FOUND, byOwn)).toBe('own')
    expect(pathnameLookupLocale.alternative(NOT_FOUND, byOwn)).toBe('localized')
    const byLocalized = occurrence(read('/a-de', 'de-DE'), NOT_FOUND, FOUND)
    expect(pathnameLookupLocale.alternative(NOT_FOUND, byLocalized)).toBe('own')
    expect(pathnameLookupLocale.alternative(FOUND, byLocalized)).toBe('localized')
    expect(pathnameLookupLocale.alternative({ status: 400, body: { code: 'bad_request' } }, byOwn)).toBeUndefined()
    expect(pathnameLookupLocale.alternative({ status: 403, body: { code: 'forbidden' } }, byOwn)).toBeUndefined()
  })

  it("follows localized by expecting the target's 404 where the oracle found the page, and by taking the target's page where it found none; own is the oracle's", () => {
    expect(pathnameLookupLocale.follow('localized', occurrence(read('/a', 'de-DE'), FOUND, NOT_FOUND))).toEqual({ kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } })
    expect(pathnameLookupLocale.follow('localized', occurrence(read('/a-de', 'de-DE'), NOT_FOUND, FOUND))).toEqual({ kind: 'taken' })
    expect(pathnameLookupLocale.follow('own', occurrence(read('/a', 'de-DE'), FOUND, FOUND))).toBeUndefined()
  })
})
