import { describe, expect, it } from 'vitest'
import { Adoptions } from '../../src/contract/stateful/adoption.js'
import { compareValue, compareWholeList, COLLATIONS, Correspondence, FreeDefaults, TimeRelations, trialLedger, type Ledger } from '../../src/contract/stateful/compare.js'
import { allowedStatuses, compareErrorFreely, type BrokenRules } from '../../src/contract/stateful/freedom.js'
import { formScope, sameUpToForm, StoredForms } from '../../src/contract/stateful/forms.js'
import { DELETED_LOCALE_DOMAIN } from '../../src/contract/stateful/freedom-lifecycle.js'
import { followReach, OWN_REACH, reachOf, reachScope } from '../../src/contract/stateful/key-reach.js'
import { runName } from '../../src/contract/tag.js'
import { occurrenceOf } from './occurrence.js'

/** Readings of the stateful group for freedoms deployments written outside the project took. */
const ledger = (): Ledger => ({ ids: new Correspondence(), times: new TimeRelations(false), defaults: new FreeDefaults() })
const page = (id: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({ object: 'page', id, pathname: '/a', locale: 'en-US', localizations: [], createdAt: '2030-01-01T00:00:01.000Z', updatedAt: null, ...more })

describe("a page's localizations", () => {
  it("takes an entry of the page itself in its own locale as the target's to list, and nothing more", () => {
    const own = { id: 'l-own', locale: 'en-US', pathname: '/a' }
    expect(compareValue(ledger(), page('t1', { localizations: [own] }), page('o1'), '')).toBeUndefined()
    // Another pathname, or a second extra entry, is no entry of the page itself.
    expect(compareValue(ledger(), page('t1', { localizations: [{ ...own, pathname: '/b' }] }), page('o1'), '')?.message).toMatch(/localizations/)
    expect(compareValue(ledger(), page('t1', { localizations: [own, { id: 'l-fr', locale: 'fr', pathname: '/a' }] }), page('o1'), '')?.message).toMatch(/localizations/)
  })

  it('holds the target to the oracle under --profile sitemock, which has no free defaults', () => {
    const strict: Ledger = { ids: new Correspondence(), times: new TimeRelations() }
    expect(compareValue(strict, page('t1', { localizations: [{ id: 'l-own', locale: 'en-US', pathname: '/a' }] }), page('o1'), '')?.message).toMatch(/localizations/)
  })
})

describe("a copy's page", () => {
  it("may show the original's createdAt and the copy's own updatedAt, then holds each", () => {
    const book = ledger()
    const original = page('o1', { createdAt: '2030-01-01T00:00:01.000Z', updatedAt: '2030-01-01T00:00:01.000Z' })
    book.ids.match('t1', 'o1')
    expect(compareValue(book, page('t1', { createdAt: '2026-05-04T10:00:00.100Z', updatedAt: '2026-05-04T10:00:00.100Z' }), original, '')).toBeUndefined()
    const copy = page('o2', { createdAt: '2030-01-01T00:00:01.000Z', updatedAt: '2030-01-01T00:00:01.000Z' })
    book.ids.match('t2', 'o2')
    const copied = page('t2', { createdAt: '2026-05-04T10:00:00.100Z', updatedAt: '2026-05-04T10:00:00.400Z' })
    expect(compareValue(book, copied, copy, '')).toBeUndefined()
    expect(compareValue(book, copied, copy, '')).toBeUndefined()
    // The original's own page still shows one instant for one write.
    expect(compareValue(book, page('t1', { createdAt: '2026-05-04T10:00:00.100Z', updatedAt: '2026-05-04T10:00:00.400Z' }), original, '')?.message).toMatch(/the instant of the same write/)
  })

  it('learns nothing on a trial ledger', () => {
    const book = ledger()
    const trial = trialLedger(book)
    expect(compareValue(trial, page('t1'), page('o1'), '')).toBeUndefined()
    expect(book.ids.target('o1')).toBeUndefined()
    expect(trial.ids.target('o1')).toBe('t1')
  })
})

describe('a URL kept in a form of its own', () => {
  it("reads a hostOrigin stored serialised (a trailing slash) or as its origin as the same value, and holds the form", () => {
    expect(sameUpToForm('https://a.example', 'https://a.example/', 'site.hostOrigin')).toBe(true)
    expect(sameUpToForm('https://A.example:443', 'https://a.example', 'site.hostOrigin')).toBe(true)
    expect(sameUpToForm('https://a.example', 'https://b.example/', 'site.hostOrigin')).toBe(false)
    const forms = new StoredForms()
    expect(forms.see('site.hostOrigin', 'https://a.example', 'https://a.example/', 'site.create')).toBeUndefined()
    expect(forms.formOf('site.hostOrigin', 'https://b.example')).toBe('https://b.example/')
    expect(forms.see('site.hostOrigin', 'https://c.example/x', 'https://c.example', 'site.update')?.now).toBeDefined()
  })
})

describe('a route pathname written under skipValidation=true', () => {
  it('holds its form apart from the one the route rules write, by operation (routePathnameSlash added-unless-skipped)', () => {
    const forms = new StoredForms()
    expect(forms.see('route.pathname', 'plain', '/plain', 'route.create', formScope('route.pathname', 'POST', {}))).toBeUndefined()
    const skipped = formScope('route.pathname', 'PATCH', { skipValidation: 'true' })
    expect(skipped).not.toBe(formScope('route.pathname', 'POST', { skipValidation: 'true' }))
    // Kept as sent where the rules are skipped: no contradiction of the slash the rules add.
    expect(forms.see('route.pathname', 'a b', 'a b', 'route.update', skipped)).toBeUndefined()
    expect(forms.formOf('route.pathname', 'other', skipped)).toBe('other')
    expect(forms.formOf('route.pathname', 'other')).toBe('/other')
    // Within one scope the form is still held.
    expect(forms.see('route.pathname', 'c', '/c', 'route.update', skipped)?.classId).toBe('stored form of route.pathname (PATCH under skipValidation=true)')
    expect(formScope('page.pathname', 'PATCH', { skipValidation: 'true' })).toBe('')
  })
})

describe('which errors a request may earn', () => {
  const broken: BrokenRules = { unauthenticated: true, forbidden: false, missing: false, invalid: false, brokenFields: [], mayConflict: false }
  it('lets a route operation served elsewhere be a 404 or a 405, and a 401 where the key is refused first', () => {
    expect([...allowedStatuses(404, { ...broken, unauthenticated: false, unservedRoute: true })].sort()).toEqual([404, 405])
    expect([...allowedStatuses(404, { ...broken, unauthenticated: false, unservedRoute: true, keyRefused: true })].sort()).toEqual([401, 404, 405])
    expect([...allowedStatuses(404, { ...broken, unauthenticated: false })]).toEqual([404])
  })
  it('lets a path that names nothing be no operation, a 404 before the key is judged', () => {
    expect([...allowedStatuses(401, broken)]).toEqual([401])
    expect([...allowedStatuses(401, { ...broken, noOperation: true })].sort()).toEqual([401, 404])
  })
})

describe("a publicApiKey's own reach", () => {
  const read = (query: Record<string, string>, isOnline: boolean) =>
    occurrenceOf({ method: 'GET', template: '/v6/pages/{pageIdOrPathname}', params: { pageIdOrPathname: 'p1' }, query, key: 'k' }, { status: 403, body: { code: 'forbidden' } }, () => ({ status: 200, body: { isOnline, publicApiKey: 'k' } }), { sites: ['s1'] })

  it('is held by the kind of request: operation, version, and whether the page is online', () => {
    expect(reachScope(read({ versionRef: 'ref:draft' }, true))).toBe(`publicApiKeyAsSiteKey (${OWN_REACH}: GET /v6/pages/{pageIdOrPathname}, another site, versionRef ref:draft, an online page)`)
    expect(reachScope(read({}, false))).toBe(`publicApiKeyAsSiteKey (${OWN_REACH}: GET /v6/pages/{pageIdOrPathname}, another site, versionRef unsaid, an offline page)`)
    // The key of a site since deleted is a kind of its own.
    expect(reachScope({ ...read({}, false), sites: [] })).toBe(`publicApiKeyAsSiteKey (${OWN_REACH}: GET /v6/pages/{pageIdOrPathname}, a deleted site, versionRef unsaid, an offline page)`)
    const adoptions = new Adoptions()
    const scope = reachScope(read({}, true))
    expect(adoptions.see(scope, 'answered', 'page.get')).toBeUndefined()
    expect(adoptions.see(scope, 'refused', 'page.get again')?.adopted).toBe('answered')
  })

  it('reads an answer as answered or refused, and follows each', () => {
    const occurrence = read({}, true)
    expect([reachOf(200, occurrence), reachOf(403, occurrence), reachOf(404, occurrence)]).toEqual(['answered', 'refused', undefined])
    // A page the App key reads with no live version: the 404 of a key that reads live versions, which reached the request.
    const unpublished = occurrenceOf(occurrence.request, occurrence.oracle, (request) => (request.query?.versionRef === 'ref:live' ? { status: 404, body: {} } : { status: 200, body: { isOnline: false } }))
    expect(reachOf(404, unpublished)).toBe('answered')
    expect(followReach('answered', occurrence)).toEqual({ kind: 'taken' })
    expect(followReach('refused', occurrence)).toEqual({ kind: 'expect', answer: { status: 403, body: { code: 'forbidden' } } })
    const write = occurrenceOf({ method: 'DELETE', template: '/v2/routes/{routeIdOrPathname}', params: { routeIdOrPathname: 'r1' }, key: 'k' }, { status: 204, body: {} }, () => ({ status: 200, body: {} }))
    expect(followReach('refused', write)).toEqual({ kind: 'refused' })
    expect(followReach('answered', { ...write, oracle: { ...write.oracle, status: 403 } })).toMatchObject({ kind: 'resend' })
  })

  it('sets a class aside for good once no alternative explains it', () => {
    const adoptions = new Adoptions()
    adoptions.see('publicApiKeyAsSiteKey', 'published-pages', 'page.list')
    adoptions.setAside('publicApiKeyAsSiteKey', OWN_REACH, 'site.get')
    expect(adoptions.get('publicApiKeyAsSiteKey')).toBe(OWN_REACH)
  })
})

describe("the suite's own names", () => {
  it('fit in 32 characters, the tag first, a long label cut to the first letters of its words', () => {
    const tag = 'contract-0a1b2c3d'
    expect(runName(tag, 'sandbox')).toBe(`${tag} sandbox`)
    expect(runName(tag, 'object authorization')).toBe(`${tag} obj aut`)
    expect(runName(tag, 'listed 12')).toBe(`${tag} listed 12`)
    for (const label of ['duplicate independence', 'copy by site key', 'a very long label indeed of many words']) expect(runName(tag, label).length).toBeLessThanOrEqual(32)
  })
})

describe('a name kept without its control characters', () => {
  it('reads the stored name as a form of the one sent, and holds the target to that form', () => {
    expect(sameUpToForm('a\u0007 site', 'a site')).toBe(true)
    const forms = new StoredForms()
    expect(forms.see('site.name', 'a\u0007', 'a', 'site.create')).toBeUndefined()
    expect(forms.formOf('site.name', 'b\u0001')).toBe('b')
    expect(forms.see('site.name', 'c\u0002', 'c\u0002', 'site.update')?.now).toBeDefined()
  })
})

describe('a path sort by depth', () => {
  const pages = (prefix: string, ...pathnames: string[]) => pathnames.map((pathname, index) => ({ object: 'page', id: `${prefix}${index}`, pathname }))
  it('takes pages ordered level by level, then held to that collation', () => {
    const book: Ledger = { ...ledger(), collations: [...COLLATIONS] }
    const byDepth = pages('t', '/x/日本', '/x/a/b')
    const oracle = byDepth.map((item, index) => ({ ...item, id: `o${index}` }))
    expect(compareWholeList(book, byDepth, oracle, { field: 'pathname', descending: false }, (item) => String(item.pathname))).toBeUndefined()
    expect(book.collations?.every((collation) => collation.startsWith('by depth'))).toBe(true)
    // Deeper first is no order the target kept to.
    const deeperFirst = pages('u', '/y/a/b', '/y/c')
    expect(compareWholeList(book, deeperFirst, deeperFirst.map((item, index) => ({ ...item, id: `p${index}` })), { field: 'pathname', descending: false }, (item) => String(item.pathname))?.aspect).toBe('list order')
  })
})

describe('a sort under a collation that ignores case', () => {
  it('takes titles equal but for case in any order, and then holds the list to such collations', () => {
    const book: Ledger = { ...ledger(), collations: [...COLLATIONS] }
    const titled = (prefix: string, ...titles: string[]) => titles.map((title, index) => ({ object: 'page', id: `${prefix}${index}`, title }))
    const ties = titled('t', 'page', 'PAGE', 'Page', 'zeta')
    const oracle = ties.map((item, index) => ({ ...item, id: `o${index}` }))
    expect(compareWholeList(book, ties, oracle, { field: 'title', descending: false }, (item) => String(item.title))).toBeUndefined()
    // Titles are no paths: each is as deep as the other, so the by-depth forms are kept alike.
    expect(new Set(book.collations?.map((collation) => collation.replace('by depth, ', '')))).toEqual(new Set(['case-folded', 'unicode, base letters']))
    // Letters out of order are out of order under them too.
    const wrong = titled('u', 'zeta', 'page')
    expect(compareWholeList(book, wrong, wrong.map((item, index) => ({ ...item, id: `p${index}` })), { field: 'title', descending: false }, (item) => String(item.title))?.aspect).toBe('list order')
  })
})

describe("a 400's details", () => {
  const broken: BrokenRules = { unauthenticated: false, forbidden: false, missing: false, invalid: true, brokenFields: ['pathPrefix', 'query'], mayConflict: false }
  const refusal = (field: string) => ({ object: 'error', code: 'bad_request', message: 'no', details: [{ field, message: 'too long' }] })
  it('may name the query as a whole where the request sent one, and no field it did not send', () => {
    expect(compareErrorFreely(400, refusal('query'), 400, refusal('pathPrefix'), broken, broken.brokenFields)).toBeUndefined()
    expect(compareErrorFreely(400, refusal('body'), 400, refusal('pathPrefix'), broken, broken.brokenFields)?.aspect).toBe('error details')
  })

  it('may name any field where it refuses a state, not input (a default locale deleted); never a stranger where input is refused', () => {
    const refusedDelete: BrokenRules = { ...broken, brokenFields: ['localeIdOrCode'], stateRefused: true }
    for (const field of ['isDefault', 'base']) expect(compareErrorFreely(400, refusal(field), 400, refusal('localeIdOrCode'), refusedDelete, ['localeIdOrCode'])).toBeUndefined()
    // Still a 400 in the envelope, with its details.
    expect(compareErrorFreely(400, { object: 'error', code: 'bad_request', message: 'no' }, 400, refusal('localeIdOrCode'), refusedDelete, ['localeIdOrCode'])?.aspect).toBe('error details')
    // Where input is refused, a field the request never sent blames input it did not send.
    const input: BrokenRules = { ...broken, brokenFields: ['pageIdOrPathname', 'pathname'] }
    expect(compareErrorFreely(400, refusal('title'), 400, refusal('pathname'), input, ['pageIdOrPathname', 'pathname'])?.aspect).toBe('error details')
  })
})

describe('a pathname kept percent-encoded', () => {
  it('reads /Stra%C3%9Fe as the form of /Straße, and holds the target to that form', () => {
    expect(sameUpToForm('/Straße', '/Stra%C3%9Fe')).toBe(true)
    const forms = new StoredForms()
    expect(forms.see('page.pathname', '/x/Straße', '/x/Stra%C3%9Fe', 'page.create')).toBeUndefined()
    expect(forms.formOf('page.pathname', '/y/é')).toBe('/y/%C3%A9')
    expect(forms.see('page.pathname', '/z/ü', '/z/ü', 'page.update')?.now).toBeDefined()
  })
})

describe("a deleted locale's domain", () => {
  const create = (deletedDomain: boolean) =>
    occurrenceOf({ method: 'POST', template: '/v2/locales', body: { siteId: 's1', locale: 'de', domain: 'https://de.example.com' }, key: 'k' }, { status: 201, body: {} }, () => ({ status: 200, body: {} }), { site: 's1', deletedDomain })
  it('is a class of its own only where a deleted locale of the site had the domain: reserved (409) or free', () => {
    expect(DELETED_LOCALE_DOMAIN.applies(create(false))).toBe(false)
    const occurrence = create(true)
    expect(DELETED_LOCALE_DOMAIN.applies(occurrence)).toBe(true)
    expect(DELETED_LOCALE_DOMAIN.alternative({ status: 409, body: { code: 'conflict' } }, occurrence)).toBe('reserved')
    expect(DELETED_LOCALE_DOMAIN.alternative({ status: 201, body: {} }, occurrence)).toBe('free')
    expect(DELETED_LOCALE_DOMAIN.follow('reserved', occurrence)).toEqual({ kind: 'refused' })
  })
})
