import { describe, expect, it } from 'vitest'
import { LOCALE_RESTORE, SITE_PAGES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { STATUS_CLASSES, type Occurrence, type Reply } from '../../src/contract/stateful/freedom-classes.js'

/**
 * The stateful group's classes of freedom decided by a status, read on single occurrences: what
 * makes a class apply, and which alternative an answer shows. A wrong reading adopts one
 * alternative and then calls a conforming target inconsistent when it shows the other.
 */
const ANY = { request: { method: 'GET', template: '' }, oracle: { status: 0 }, classes: {} } as unknown as Occurrence
const classOf = (id: string) => STATUS_CLASSES.find((freedom) => freedom.id(ANY).startsWith(id))!
const LOCALE_ID = '1093964a-fd2d-4b9b-9b16-1405154f199c'
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'

function occurrence(request: ContractRequest, oracle: Reply, peek: (request: ContractRequest) => Reply, classes: Occurrence['classes'] = {}): Occurrence {
  return { request, oracle: { ...oracle, request: { method: request.method, path: '' } } as Occurrence['oracle'], target: oracle, ownSiteKey: false, classes, peek: (asked) => ({ ...peek(asked), request: { method: asked.method, path: '' } }) as ReturnType<Occurrence['peek']> }
}

describe('restoreLiveLocale', () => {
  const restoreLive = classOf('restoreLiveLocale')
  const restore: ContractRequest = { method: 'POST', template: LOCALE_RESTORE, params: { localeIdOrCode: LOCALE_ID } }
  const live = (): Reply => ({ status: 200, body: { object: 'locale', id: LOCALE_ID } })

  it('applies to a restore of a locale the planner found live', () => {
    expect(restoreLive.applies(occurrence(restore, live(), live, { localeIdOrCode: ['by id'] }))).toBe(true)
  })

  it('does not apply to the restore of a deleted locale, live once the oracle restored it', () => {
    expect(restoreLive.applies(occurrence(restore, live(), live, { localeIdOrCode: ['deleted'] }))).toBe(false)
  })

  it('does not apply to a restore by code, which may name a live and a deleted locale at once', () => {
    expect(restoreLive.applies(occurrence({ ...restore, params: { localeIdOrCode: 'fr' }, query: { siteId: SITE_ID } }, live(), live))).toBe(false)
  })
})

describe('localeLookupCase', () => {
  const lookupCase = classOf('localeLookupCase')
  const list: ContractRequest = { method: 'GET', template: SITE_PAGES, params: { siteId: SITE_ID }, query: { locale: 'FR' } }
  const found = (asked: ContractRequest): Reply => (asked.query?.locale === 'fr' ? { status: 200, body: { object: 'list', data: [], hasMore: false } } : { status: 404, body: { code: 'not_found' } })
  const seen = occurrence(list, { status: 404, body: { code: 'not_found' } }, found)

  it('applies to a code in another case than the site has, which the oracle does not find', () => {
    expect(lookupCase.applies(seen)).toBe(true)
    expect(lookupCase.applies(occurrence({ ...list, query: { locale: 'fr' } }, { status: 200, body: {} }, found))).toBe(false)
  })

  it('reads a 404 as the exact code, the canonical code’s answer as any case, and a 400 as neither', () => {
    expect(lookupCase.alternative({ status: 404, body: { code: 'not_found' } }, seen)).toBe('exact')
    expect(lookupCase.alternative({ status: 200, body: { object: 'list', data: [], hasMore: false } }, seen)).toBe('any-case')
    const refused = occurrence(list, { status: 400, body: { code: 'bad_request' } }, found)
    expect(lookupCase.alternative({ status: 400, body: { code: 'bad_request', details: [{ field: 'locale' }] } }, refused)).toBeUndefined()
  })

  it('follows any case by asking the oracle in canonical case', () => {
    expect(lookupCase.follow('any-case', seen)).toEqual({ kind: 'resend', request: { ...list, query: { locale: 'fr' } } })
  })
})

describe('unknownCursor', () => {
  const cursor = classOf('unknownCursor')
  const list: ContractRequest = { method: 'GET', template: SITE_PAGES, params: { siteId: SITE_ID }, query: { locale: 'fé', startingAfter: LOCALE_ID } }
  const empty = (): Reply => ({ status: 200, body: { object: 'list', data: [], hasMore: false } })

  it('applies to a cursor on a list that is empty without it: the cursor or the filters may be judged first', () => {
    expect(cursor.applies(occurrence(list, empty(), empty, { startingAfter: ['unknown'] }))).toBe(true)
    expect(cursor.follow('404', occurrence(list, empty(), empty))).toEqual({ kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } })
  })

  it('reads no alternative in an empty page of a list that is empty without the cursor', () => {
    const seen = occurrence(list, empty(), empty, { startingAfter: ['from this list'] })
    expect(cursor.alternative(empty(), seen)).toBeUndefined()
    expect(cursor.alternative({ status: 404, body: { code: 'not_found' } }, seen)).toBe('404')
  })
})
