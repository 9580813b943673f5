import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { describe, expect, it } from 'vitest'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_PAGES, SITES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { classId } from '../../src/contract/stateful/freedom-class.js'
import { readOnlyPeek, STATUS_CLASSES, type Occurrence, type Reply, type StatusClass } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The stateful group's classes of freedom decided by a status, read on single occurrences: what
 * makes a class apply, and which alternative an answer shows. A wrong reading adopts one
 * alternative and then calls a conforming target inconsistent when it shows the other.
 */
const classOf = (id: string) => STATUS_CLASSES.find((freedom) => freedom.choice === id)!
/** foreignCursor's two readings: a 403 to a cursor the key does not reach, tried before the keys' classes, and every other answer, tried with the other cursors. */
const [UNREACHED_CURSOR, FOREIGN_CURSOR] = STATUS_CLASSES.filter((freedom) => freedom.choice === 'foreignCursor') as [StatusClass, StatusClass]
const LOCALE_ID = '1093964a-fd2d-4b9b-9b16-1405154f199c'
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'

function occurrence(request: ContractRequest, oracle: Reply, peek: (request: ContractRequest) => Reply, classes: Occurrence['classes'] = {}): Occurrence {
  return occurrenceOf(request, oracle, peek, { classes })
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

  it('does not apply where the oracle held the locale deleted before the restore, though a deployment reads it by id (deletedLocaleRead by-id)', () => {
    const seen = { ...occurrence(restore, live(), live, { localeIdOrCode: ['by id'] }), deletedLocaleNamed: true }
    expect(restoreLive.applies(seen)).toBe(false)
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

  it('reads nothing from a 404 to a key that does not reach the locale, whatever the spelling', () => {
    const unreached = occurrence(list, { status: 404, body: { code: 'not_found' } }, () => ({ status: 404, body: { code: 'not_found' } }))
    expect(lookupCase.alternative({ status: 404, body: { code: 'not_found' } }, unreached)).toBeUndefined()
  })

  it('follows any case by asking the oracle in canonical case', () => {
    expect(lookupCase.follow('any-case', seen)).toEqual({ kind: 'resend', request: { ...list, query: { locale: 'fr' } } })
  })
})

describe('emptyLocaleQuery', () => {
  const emptyLocale = classOf('emptyLocaleQuery')
  const list: ContractRequest = { method: 'GET', template: PAGES, query: { siteId: SITE_ID, locale: '' } }
  const read: ContractRequest = { method: 'GET', template: PAGE, params: { pageIdOrPathname: LOCALE_ID }, query: { locale: '' } }
  const listOf = (...ids: string[]): Reply => ({ status: 200, body: { object: 'list', data: ids.map((id) => ({ id })), hasMore: false } })
  // The oracle reads the empty code as no locale: its list without locale holds one page.
  const unsaid = (asked: ContractRequest): Reply => (asked.template === PAGE ? { status: 200, body: { object: 'page', id: LOCALE_ID } } : listOf(LOCALE_ID))
  const seen = occurrence(list, listOf(LOCALE_ID), unsaid)
  const notFound: Reply = { status: 404, body: { code: 'not_found' } }

  it('applies to an empty locale= on the page lists and the page read, and to no other locale', () => {
    expect(emptyLocale.applies(seen)).toBe(true)
    expect(emptyLocale.applies(occurrence(read, unsaid(read), unsaid))).toBe(true)
    expect(emptyLocale.applies(occurrence({ ...list, query: { siteId: SITE_ID, locale: 'fr' } }, listOf(LOCALE_ID), unsaid))).toBe(false)
  })

  it('reads the default locale’s list as default, none of its pages or a 404 as the code no locale has, and a 400 naming locale as refused', () => {
    expect(emptyLocale.alternative(listOf(LOCALE_ID), seen)).toBe('default')
    expect(emptyLocale.alternative(listOf(), seen)).toBe('unknown')
    expect(emptyLocale.alternative(notFound, seen)).toBe('unknown')
    expect(emptyLocale.alternative({ status: 400, body: { code: 'bad_request', details: [{ field: 'locale' }] } }, seen)).toBe('refused')
    // An empty list where the default locale lists none too tells nothing.
    expect(emptyLocale.alternative(listOf(), occurrence(list, listOf(), () => listOf()))).toBeUndefined()
  })

  it('holds a 400 naming locale to refused or unknown, and a read of the page to default or unknown: a code the site lacks may be answered so', () => {
    expect(emptyLocale.fits?.('refused', seen)).toEqual(['refused', 'unknown'])
    expect(emptyLocale.fits?.('default', occurrence(read, unsaid(read), unsaid))).toEqual(['default', 'unknown'])
    expect(emptyLocale.fits?.('unknown', seen)).toEqual(['unknown'])
    const adoptions = new Adoptions()
    adoptions.see('emptyLocaleQuery', 'default', 'a read', emptyLocale.fits?.('default', occurrence(read, unsaid(read), unsaid)))
    expect(adoptions.see('emptyLocaleQuery', 'unknown', 'a list')).toBeUndefined()
    expect(adoptions.see('emptyLocaleQuery', 'default', 'another list')).toMatchObject({ adopted: 'unknown', now: 'default' })
  })

  it('follows unknown with the answer a locale the site lacks gives: an empty list, or a 404', () => {
    expect(emptyLocale.follow('unknown', { ...seen, target: listOf() })).toMatchObject({ kind: 'expect', answer: { status: 200, body: { object: 'list', data: [], hasMore: false } } })
    expect(emptyLocale.follow('unknown', { ...seen, target: notFound })).toEqual({ kind: 'expect', answer: notFound })
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

  it('is the class of an id that never was an item; a deleted locale is cursorOutsideList, one of another list foreignCursor', () => {
    const outside = classOf('cursorOutsideList')
    const foreign = FOREIGN_CURSOR
    const deletedLocale = occurrence({ ...list, template: LOCALES }, empty(), empty, { startingAfter: ['deleted item'] })
    expect([cursor.applies(deletedLocale), outside.applies(deletedLocale), foreign.applies(deletedLocale)]).toEqual([false, true, false])
    for (const kind of ["from another site's list", "from another family's list"]) {
      const seen = occurrence(list, empty(), empty, { startingAfter: [kind] })
      expect([cursor.applies(seen), outside.applies(seen), foreign.applies(seen)]).toEqual([false, false, true])
    }
    expect([outside, foreign].map((each) => each.applies(occurrence(list, empty(), empty, { startingAfter: ['unknown'] })))).toEqual([false, false])
  })

  it('reads an item of another list: its 404, 400 or empty page, or items after it as cursorOutsideList would give them, whose page is taken', () => {
    const foreign = FOREIGN_CURSOR
    const items = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: LOCALE_ID }], hasMore: false } })
    const seen = occurrence(list, { status: 404, body: { code: 'not_found' } }, items, { startingAfter: ["from another site's list"] })
    expect([items(), empty(), { status: 404, body: { code: 'not_found' } }, { status: 400, body: { code: 'bad_request', details: [{ field: 'startingAfter' }] } }].map((reply) => foreign.alternative(reply, seen))).toEqual(['as-outside', 'empty-list', '404', '400'])
    expect(foreign.follow('as-outside', seen)).toEqual({ kind: 'taken' })
    expect(foreign.follow('404', seen)).toEqual({ kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } })
  })

  it("holds an empty page and items after another list's item as one reading: the item placed by its own values may fall last", () => {
    const foreign = FOREIGN_CURSOR
    const adoptions = new Adoptions()
    // A list with an item without the cursor: its empty page says something of the cursor.
    const items = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: LOCALE_ID }], hasMore: false } })
    const seen = occurrence(list, empty(), items, { startingAfter: ["from another site's list"] })
    expect(adoptions.see('foreignCursor', 'empty-list', 'first', foreign.fits?.('empty-list', seen))).toBeUndefined()
    expect(adoptions.see('foreignCursor', 'as-outside', 'then', foreign.fits?.('as-outside', seen))).toBeUndefined()
    // A 404 after them is another reading.
    expect(adoptions.see('foreignCursor', '404', 'last', foreign.fits?.('404', seen))).toBeDefined()
  })

  it("reads no place in the items after one of the site's own pages on the site's page list, which may hold the pages its filters leave out; its refusal still reads", () => {
    const outside = classOf('cursorOutsideList')
    const items = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: LOCALE_ID }], hasMore: false } })
    const refused: Reply = { status: 400, body: { code: 'bad_request', details: [{ field: 'startingAfter' }] } }
    const ownPage: ContractRequest = { method: 'GET', template: SITE_PAGES, params: { siteId: SITE_ID }, query: { includeOffline: 'false', startingAfter: LOCALE_ID } }
    const seen = occurrence(ownPage, refused, items, { startingAfter: ['from this list'] })
    expect(outside.applies(seen)).toBe(true)
    expect([items(), refused].map((reply) => outside.alternative(reply, seen))).toEqual([undefined, '400'])
    // GET /v6/pages lists what its filters say: items after such a page are its place.
    expect(outside.alternative(items(), occurrence({ ...ownPage, template: PAGES, params: {}, query: { siteId: SITE_ID, startingAfter: LOCALE_ID } }, refused, items, { startingAfter: ['from this list'] }))).toBe('after-place')
  })

  it('takes an empty page of a list empty without the cursor as telling nothing of it: every reading fits, the page is taken', () => {
    const seen = occurrence(list, empty(), empty, { startingAfter: ["from another site's list"] })
    expect(FOREIGN_CURSOR.applies(seen)).toBe(true)
    expect(FOREIGN_CURSOR.fits?.('refused-unreached', seen)).toEqual(['400', '404', 'empty-list', 'as-outside', 'refused-unreached'])
    expect(FOREIGN_CURSOR.follow('refused-unreached', seen)).toEqual({ kind: 'taken' })
  })

  it("holds a live list's 400 after another site's page that was never published as as-outside too: it has no place among live versions", () => {
    const foreign = FOREIGN_CURSOR
    const live: ContractRequest = { method: 'GET', template: PAGES, query: { siteId: SITE_ID, versionRef: 'ref:live', startingAfter: LOCALE_ID } }
    // The oracle has the page's draft, and no live version of it.
    const unpublished = (asked: ContractRequest): Reply => (asked.template === PAGES ? empty() : asked.query?.versionRef === 'ref:live' ? { status: 404, body: { code: 'not_found' } } : { status: 200, body: { id: LOCALE_ID } })
    const refused: Reply = { status: 400, body: { code: 'bad_request', details: [{ field: 'startingAfter' }] } }
    const seen = occurrence(live, refused, unpublished, { startingAfter: ["from another site's list"] })
    expect(foreign.fits?.('400', seen)).toEqual(['400', 'as-outside'])
    const adoptions = new Adoptions()
    expect(adoptions.see('foreignCursor', 'as-outside', 'first', foreign.fits?.('as-outside', seen))).toBeUndefined()
    expect(adoptions.see('foreignCursor', '400', 'then', foreign.fits?.('400', seen))).toBeUndefined()
    // A draft list's 400 is a reading of its own.
    expect(foreign.fits?.('400', occurrence({ ...live, query: { ...live.query, versionRef: undefined } }, refused, unpublished, { startingAfter: ["from another site's list"] }))).toEqual(['400'])
  })

  it('reads no place in the items that follow an id that never was; an item that was has one', () => {
    const items = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: LOCALE_ID }], hasMore: false } })
    // The list without the cursor has another item first: the items shown are none of its start.
    const whole = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: SITE_ID }, { id: LOCALE_ID }], hasMore: false } })
    const unknown = occurrence(list, { status: 400, body: { code: 'bad_request', details: [{ field: 'startingAfter' }] } }, whole, { startingAfter: ['unknown'] })
    expect(cursor.alternative(items(), unknown)).toBeUndefined()
    expect(classOf('cursorOutsideList').alternative(items(), { ...unknown, classes: { startingAfter: ['deleted item'] } })).toBe('after-place')
  })

  it('reads the list from its start, as without the cursor, as from-start, which the oracle follows by listing it so', () => {
    const whole = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: SITE_ID }, { id: LOCALE_ID }], hasMore: false } })
    const unknown = occurrence(list, { status: 400, body: { code: 'bad_request', details: [{ field: 'startingAfter' }] } }, whole, { startingAfter: ['unknown'] })
    expect(cursor.alternative(whole(), unknown)).toBe('from-start')
    expect(cursor.follow('from-start', unknown)).toEqual({ kind: 'resend', request: { ...list, query: { ...list.query, startingAfter: undefined } } })
  })

  it("reads a Site key's site list after a site its key does not reach as a cursor outside the list, a class of its own", () => {
    const outside = classOf('cursorOutsideList')
    const SITE_KEY = '7d5b1f9e-2c4a-4e4f-9a51-0b5c2f3e8d11'
    const OTHER_SITE = '0c1e6a7b-5d2f-4f3e-8a9b-1c2d3e4f5a6b'
    const own = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: SITE_ID }], hasMore: false } })
    // The key reaches its own site alone.
    const reach = (asked: ContractRequest): Reply => (asked.template === SITE ? { status: asked.params?.siteId === SITE_ID ? 200 : 404, body: {} } : own())
    const list = (after: string): ContractRequest => ({ method: 'GET', template: SITES, query: { workspaceId: SITE_ID, startingAfter: after }, key: SITE_KEY })
    const beyond = occurrence(list(OTHER_SITE), own(), reach, { startingAfter: ['from this list'] })
    expect(outside.applies(beyond)).toBe(true)
    expect(outside.scope!(beyond)).toBe("a site its Site key's list leaves out")
    expect(outside.alternative({ status: 404, body: { code: 'not_found' } }, beyond)).toBe('404')
    // An empty page may be the place after the key's one site: it fits after-place too, whose page is taken.
    expect(outside.fits!('empty-list', beyond)).toEqual(['empty-list', 'after-place'])
    expect(outside.follow('after-place', beyond)).toEqual({ kind: 'taken' })
    // Its own site is an item of the list; a 403 is the list's own refusal.
    expect(outside.applies(occurrence(list(SITE_ID), own(), reach, { startingAfter: ['from this list'] }))).toBe(false)
    expect(outside.applies(occurrence(list(OTHER_SITE), { status: 403, body: { code: 'forbidden' } }, reach, { startingAfter: ['from this list'] }))).toBe(false)
  })

  it('reads no alternative in an empty page of a list that is empty without the cursor', () => {
    const seen = occurrence(list, empty(), empty, { startingAfter: ['from this list'] })
    expect(cursor.alternative(empty(), seen)).toBeUndefined()
    expect(cursor.alternative({ status: 404, body: { code: 'not_found' } }, seen)).toBe('404')
  })
})

describe('foreignCursor refused-unreached', () => {
  const SITE_KEY = '7d5b1f9e-2c4a-4e4f-9a51-0b5c2f3e8d11'
  const OTHER_PAGE = '0c1e6a7b-5d2f-4f3e-8a9b-1c2d3e4f5a6b'
  const list = (key?: string): ContractRequest => ({ method: 'GET', template: PAGES, query: { siteId: SITE_ID, startingAfter: OTHER_PAGE }, ...(key === undefined ? {} : { key }) })
  const items = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: LOCALE_ID }], hasMore: false } })
  const refused: Reply = { status: 400, body: { code: 'bad_request', details: [{ field: 'startingAfter' }] } }
  const forbidden: Reply = { status: 403, body: { code: 'forbidden' } }
  const another = { startingAfter: ["from another site's list"] }
  /** The oracle's 400 to the cursor and the target's answer, the oracle listing the site to the key without the cursor. */
  const seen = (key: string | undefined, target: Reply, classes: Occurrence['classes'] = another): Occurrence => ({ ...occurrence(list(key), refused, items, classes), target })

  it("reads a Site key's 403 after another site's item as refused-unreached, before the keys' classes, and decisive", () => {
    const unreached = seen(SITE_KEY, forbidden)
    expect(UNREACHED_CURSOR.applies(unreached)).toBe(true)
    expect(UNREACHED_CURSOR.alternative(forbidden, unreached)).toBe('refused-unreached')
    expect(UNREACHED_CURSOR.alternative(refused, unreached)).toBeUndefined()
    expect(UNREACHED_CURSOR.follow('refused-unreached', unreached)).toEqual({ kind: 'expect', answer: { status: 403, body: { code: 'forbidden' } } })
    expect(UNREACHED_CURSOR.decisive?.('refused-unreached')).toBe(true)
    for (const id of ['publicApiKeyAsSiteKey', 'publicApiKeyRoutes', 'siteKeyRoutes']) expect(STATUS_CLASSES.indexOf(UNREACHED_CURSOR)).toBeLessThan(STATUS_CLASSES.indexOf(classOf(id)))
  })

  it("reads a 403 after another site's deleted item as refused-unreached too, whatever the oracle made of the deleted item; not one of the key's own site", () => {
    const gone = { startingAfter: ['deleted item', 'of another site'] }
    const notFound: Reply = { status: 404, body: { code: 'not_found' } }
    expect(UNREACHED_CURSOR.applies({ ...occurrence(list(SITE_KEY), notFound, items, gone), target: forbidden })).toBe(true)
    expect(UNREACHED_CURSOR.applies({ ...occurrence(list(SITE_KEY), notFound, items, { startingAfter: ['deleted item'] }), target: forbidden })).toBe(false)
  })

  it('reads nothing of a 403 to the App key, to another family\'s item, or where the oracle refuses the key the list', () => {
    expect(UNREACHED_CURSOR.applies(seen(undefined, forbidden))).toBe(false)
    expect(UNREACHED_CURSOR.applies(seen(SITE_KEY, forbidden, { startingAfter: ["from another family's list"] }))).toBe(false)
    const keyRefused = { ...occurrence(list(SITE_KEY), refused, (asked) => (asked.query?.startingAfter === undefined ? forbidden : refused), another), target: forbidden }
    expect(UNREACHED_CURSOR.applies(keyRefused)).toBe(false)
    // An answer other than a 403 is the other reading's.
    expect(UNREACHED_CURSOR.applies(seen(SITE_KEY, refused))).toBe(false)
  })

  it('adopts an item the key does not reach apart from one it reaches, each kind of list apart, so that a 403 there and an answer to the App key are no contradiction', () => {
    const adoptions = new Adoptions()
    const [reached, unreached] = [seen(undefined, refused), seen(SITE_KEY, forbidden)]
    const adopt = (alternative: string, occurrence: Occurrence, freedom: StatusClass) => adoptions.see(classId(freedom, occurrence), alternative, 'step')
    expect(classId(FOREIGN_CURSOR, reached)).toBe("foreignCursor (from another site's list of /v6/pages)")
    expect(classId(UNREACHED_CURSOR, unreached)).toBe("foreignCursor (from another site's list its key does not reach, of /v6/pages, versionRef unsaid, includeOffline unsaid)")
    expect(adopt('400', reached, FOREIGN_CURSOR)).toBeUndefined()
    expect(adopt('refused-unreached', unreached, UNREACHED_CURSOR)).toBeUndefined()
    // A Site key's 400 after an item it does not reach, on the same kind of list: the deployment does not refuse it.
    expect(classId(FOREIGN_CURSOR, seen(SITE_KEY, refused))).toBe(classId(UNREACHED_CURSOR, unreached))
    expect(adopt('400', seen(SITE_KEY, refused), FOREIGN_CURSOR)).toBeDefined()
    // On another kind (a publishable key may be refused the offline pages alone), a class of its own.
    const offline = { ...occurrence({ ...list(SITE_KEY), query: { ...list().query, includeOffline: 'true' } }, refused, items, another), target: refused }
    expect(adopt('400', offline, FOREIGN_CURSOR)).toBeUndefined()
  })
})

describe('foreignCursor, list by list', () => {
  const OTHER_ITEM = '0c1e6a7b-5d2f-4f3e-8a9b-1c2d3e4f5a6b'
  const refused: Reply = { status: 400, body: { code: 'bad_request', details: [{ field: 'startingAfter' }] } }
  const items = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: LOCALE_ID }], hasMore: false } })
  const listOf = (template: string): Occurrence => ({ ...occurrence({ method: 'GET', template, query: { siteId: SITE_ID, startingAfter: OTHER_ITEM } }, refused, items, { startingAfter: ["from another site's list"] }), target: items() })

  it("holds each list to itself: another site's item taken by a locale list and refused by a page list is no contradiction", () => {
    // A deployment whose locales are walked by a keyset any id positions, its pages only from a page of the list.
    const adoptions = new Adoptions()
    const [locales, pages] = [listOf(LOCALES), { ...listOf(PAGES), target: refused }]
    expect(adoptions.see(classId(FOREIGN_CURSOR, locales), 'as-outside', 'step 1')).toBeUndefined()
    expect(adoptions.see(classId(FOREIGN_CURSOR, pages), '400', 'step 2')).toBeUndefined()
    // The same list answering otherwise later is one.
    expect(adoptions.see(classId(FOREIGN_CURSOR, locales), '400', 'step 3')).toBeDefined()
  })
})

describe('deletedCursor', () => {
  const deleted = classOf('deletedCursor')
  const list: ContractRequest = { method: 'GET', template: ROUTES, query: { siteId: SITE_ID, startingAfter: LOCALE_ID } }
  const notFound = (): Reply => ({ status: 404, body: { code: 'not_found' } })
  const items = (): Reply => ({ status: 200, body: { object: 'list', data: [{ id: SITE_ID }], hasMore: false } })
  const gone = occurrence(list, notFound(), items, { startingAfter: ['deleted item'] })

  it('is the class of a deleted site, page or route, whatever the oracle answers it; not cursorOutsideList', () => {
    expect([deleted.applies(gone), classOf('cursorOutsideList').applies(gone)]).toEqual([true, false])
    // unknownCursor applies too: it follows the target's answer under `unknown`.
    expect(classOf('unknownCursor').applies(gone)).toBe(true)
    expect(deleted.applies(occurrence(list, notFound(), notFound, { startingAfter: ['deleted item'] }))).toBe(false)
    expect(deleted.applies(occurrence({ ...list, template: LOCALES }, notFound(), items, { startingAfter: ['deleted item'] }))).toBe(false)
  })

  it('reads the items after its place, or an id of nothing; the target\'s page is taken', () => {
    expect(deleted.alternative(items(), gone)).toBe('after-place')
    expect(deleted.alternative(notFound(), gone)).toBe('unknown')
    expect(deleted.follow('after-place', { ...gone, target: items() })).toEqual({ kind: 'taken' })
    expect(deleted.follow('unknown', gone)).toEqual({ kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } })
    // A refusal may be a route the list leaves out under after-place, answered as cursorOutsideList says.
    expect(deleted.fits?.('unknown', gone)).toEqual(['unknown', 'after-place'])
  })
})

describe('a locale renamed by a code in another spelling', () => {
  const lookupCase = classOf('localeLookupCase')
  const rename: ContractRequest = { method: 'PATCH', template: LOCALE, params: { localeIdOrCode: 'EN_us' }, query: { siteId: SITE_ID }, body: { locale: 'EN' } }
  const reads: ContractRequest[] = []
  const found = (asked: ContractRequest): Reply => {
    reads.push(asked)
    return asked.params?.localeIdOrCode === 'en-US' ? { status: 200, body: { object: 'locale', locale: 'en-US' } } : { status: 404, body: { code: 'not_found' } }
  }
  const seen = { ...occurrence(rename, { status: 404, body: { code: 'not_found' } }, found), target: { status: 200, body: { object: 'locale', locale: 'en' } } }

  it('is judged by reads alone: the class never peeks at the write itself, which would change the oracle', () => {
    expect(lookupCase.applies(seen)).toBe(true)
    expect(lookupCase.alternative(seen.target, seen)).toBe('any-case')
    expect(reads.every((read) => read.method === 'GET')).toBe(true)
  })

  it('is followed with the code in canonical spelling, and the new code as the target stored it', () => {
    expect(lookupCase.follow('any-case', seen)).toEqual({ kind: 'resend', request: { ...rename, params: { localeIdOrCode: 'en-US' }, body: { locale: 'en' } } })
  })

  it('cannot peek at a write through the peek the classes are given', () => {
    expect(() => readOnlyPeek(() => ({ status: 200, body: {} }) as ReturnType<Occurrence['peek']>)(rename)).toThrow(/peeked at a PATCH/)
  })
})

describe('publicApiKeyAsSiteKey and routeOperations', () => {
  const publicKey = classOf('publicApiKeyAsSiteKey')
  const routes = classOf('routeOperations')
  const list: ContractRequest = { method: 'GET', template: ROUTES, query: { siteId: SITE_ID, startingAfter: 'not-a-uuid' } }

  it('reads a 401 to a run site’s publicApiKey as no key, and a 404 or 400 as nothing of the key', () => {
    const sent = { ...occurrence(list, { status: 200, body: {} }, () => ({ status: 200, body: {} })), runSiteKey: true }
    expect(publicKey.applies(sent)).toBe(true)
    expect(publicKey.alternative({ status: 401, body: {} }, sent)).toBe('not-a-key')
    expect(publicKey.alternative({ status: 404, body: {} }, sent)).toBeUndefined()
    expect(publicKey.decisive?.('not-a-key')).toBe(true)
  })

  it('reads a 403 to a run site’s publicApiKey on a read the oracle answers as a key without permission, and one on a write as nothing of the key', () => {
    const read = { ...occurrence(list, { status: 200, body: {} }, () => ({ status: 200, body: {} })), runSiteKey: true }
    expect(publicKey.alternative({ status: 403, body: {} }, read)).toBe('forbidden')
    expect(publicKey.follow?.('forbidden', read)).toEqual({ kind: 'refused' })
    expect(publicKey.decisive?.('forbidden')).toBe(true)
    const write: ContractRequest = { method: 'POST', template: ROUTES, body: { siteId: SITE_ID, pathname: '/r' } }
    const written = { ...occurrence(write, { status: 201, body: {} }, () => ({ status: 200, body: {} })), runSiteKey: true }
    expect(publicKey.alternative({ status: 403, body: {} }, written)).toBeUndefined()
    expect(publicKey.alternative({ status: 201, body: {} }, written)).toBe('site-key')
  })

  it('reads a 404 of the route list as its operations served elsewhere, the whole answer, which no later class reads', () => {
    const sent = occurrence(list, { status: 400, body: { code: 'bad_request' } }, () => ({ status: 200, body: {} }))
    expect(routes.applies(sent)).toBe(true)
    expect(routes.alternative({ status: 404, body: { code: 'not_found' } }, sent)).toBe('elsewhere')
    expect(routes.decisive?.('elsewhere')).toBe(true)
    const order = STATUS_CLASSES.map((freedom) => freedom.choice)
    expect(order.indexOf('routeOperations')).toBeLessThan(order.indexOf('unknownCursor'))
  })

  it('takes only a list without a cursor, or a create, that the oracle answers as showing them elsewhere on its own', () => {
    const withCursor = occurrence(list, { status: 200, body: {} }, () => ({ status: 200, body: {} }))
    expect(routes.establishes?.('elsewhere', withCursor)).toBe(false)
    const plain = occurrence({ ...list, query: { siteId: SITE_ID } }, { status: 200, body: {} }, () => ({ status: 200, body: {} }))
    expect(routes.establishes?.('elsewhere', plain)).toBe(true)
    expect(routes.establishes?.('elsewhere', occurrence({ ...list, query: { siteId: SITE_ID } }, { status: 401, body: {} }, () => ({ status: 200, body: {} })))).toBe(false)
  })

  it('does not read a 404 of a route the oracle has as the operations served elsewhere', () => {
    const read: ContractRequest = { method: 'GET', template: ROUTE, params: { routeIdOrPathname: LOCALE_ID } }
    expect(routes.alternative({ status: 404, body: {} }, occurrence(read, { status: 200, body: {} }, () => ({ status: 200, body: {} })))).toBeUndefined()
  })
})

describe('localeDomains', () => {
  const domains = classOf('localeDomains')
  const create: ContractRequest = { method: 'POST', template: LOCALES, body: { siteId: SITE_ID, locale: 'de-DE', domain: 'https://fr.example.com' } }
  const listed = (count: number) => (): Reply => ({ status: 200, body: { object: 'list', data: Array.from({ length: count }, () => ({ domain: 'https://fr.example.com' })) } })

  it('applies to a locale given a domain another locale of its site has, and reads a 409 as one locale a domain', () => {
    const shared = { ...occurrence(create, { status: 201, body: {} }, listed(2)), site: SITE_ID }
    expect(domains.applies(shared)).toBe(true)
    expect(domains.alternative({ status: 409, body: { code: 'conflict' } }, shared)).toBe('unique')
    expect(domains.follow('unique', shared)).toEqual({ kind: 'refused' })
    expect(domains.applies({ ...occurrence(create, { status: 201, body: {} }, listed(1)), site: SITE_ID })).toBe(false)
  })

  it("across sites, applies to a domain a locale its site's delete may have kept holds, and reads only a 409 then", () => {
    const across = STATUS_CLASSES.filter((freedom) => freedom.choice === 'localeDomains')[1]!
    const alone = { ...occurrence(create, { status: 201, body: {} }, listed(1)), site: SITE_ID, sites: [SITE_ID] }
    expect(across.applies(alone)).toBe(false)
    const kept = { ...alone, orphanDomains: () => ['https://fr.example.com'] }
    expect(across.applies(kept)).toBe(true)
    expect(across.alternative({ status: 409, body: { code: 'conflict' } }, kept)).toBe('unique-everywhere')
    expect(across.alternative({ status: 201, body: {} }, kept)).toBeUndefined()
  })
})

describe('pagePublishing', () => {
  const publishing = classOf('pagePublishing')
  const live: ContractRequest = { method: 'GET', template: PAGES, query: { siteId: SITE_ID, versionRef: 'ref:live' } }
  const none = occurrence(live, { status: 200, body: { object: 'list', data: [], hasMore: false } }, () => ({ status: 200, body: {} }))

  it('reads a live version the oracle lacks as a page published by the API, and follows it as the target gives it', () => {
    expect(publishing.applies(none)).toBe(true)
    expect(publishing.alternative({ status: 200, body: { object: 'list', data: [{ publishedAt: '2026-01-01T00:00:00Z' }], hasMore: false } }, none)).toBe('going-online')
    expect(publishing.follow('going-online', none)).toEqual({ kind: 'taken' })
  })

  it('reads nothing from a live version without a publication time, nor from no live version', () => {
    expect(publishing.alternative({ status: 200, body: { object: 'list', data: [{ publishedAt: null }], hasMore: false } }, none)).toBeUndefined()
    expect(publishing.alternative({ status: 200, body: { object: 'list', data: [], hasMore: false } }, none)).toBeUndefined()
  })
})
