import { describe, expect, it } from 'vitest'
import { PAGE, PAGES, ROUTES, SITE, SITE_PAGES, SITES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { classId } from '../../src/contract/stateful/freedom-class.js'
import { PATH_PREFIX_CASE, PATHNAME_CONFLICT_CASE, PATHNAME_LOOKUP_CASE, REPEATED_DELETE, SITE_NAMES } from '../../src/contract/stateful/freedom-lifecycle.js'
import { ORACLE_APP_KEY } from '../../src/contract/stateful/oracle.js'
import type { Occurrence, Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'

/**
 * The classes of what a write does where the documents stop, read on single occurrences: a
 * delete sent again, pathnames that differ in case alone, and a lookup by such a pathname.
 */
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'

function occurrence(request: ContractRequest, oracle: Reply, peek: (request: ContractRequest) => Reply = () => ({ status: 404, body: {} }), classes: Occurrence['classes'] = {}): Occurrence {
  return occurrenceOf(request, oracle, peek, { site: SITE_ID, classes })
}

describe('repeatedDelete', () => {
  const again: ContractRequest = { method: 'DELETE', template: SITE, params: { siteId: SITE_ID }, key: ORACLE_APP_KEY }
  const gone = occurrence(again, { status: 404, body: { code: 'not_found' } }, undefined, { siteId: ['deleted'] })

  it('applies to a delete of what the sequence deleted, which the oracle answers 404', () => {
    expect(REPEATED_DELETE.applies(gone)).toBe(true)
    expect(classId(REPEATED_DELETE, gone)).toBe('repeatedDelete (siteId by id)')
    const byPathname: Occurrence = { ...gone, request: { method: 'DELETE', template: PAGE, params: { pageIdOrPathname: '/gone' }, key: ORACLE_APP_KEY } }
    expect(classId(REPEATED_DELETE, byPathname)).toBe('repeatedDelete (pageIdOrPathname by name)')
  })

  it("does not apply to a delete sent with a key that never reached the site (another workspace's)", () => {
    expect(REPEATED_DELETE.applies(occurrence({ ...again, key: 'sk_AnotherWorkspaceKey00000000000000' }, { status: 404, body: {} }, undefined, { siteId: ['deleted'] }))).toBe(false)
  })

  it('does not apply to a delete of what never was, nor to a read', () => {
    expect(REPEATED_DELETE.applies(occurrence(again, { status: 404, body: {} }, undefined, { siteId: ['unknown'] }))).toBe(false)
    expect(REPEATED_DELETE.applies(occurrence({ ...again, method: 'GET' }, { status: 404, body: {} }, undefined, { siteId: ['deleted'] }))).toBe(false)
  })

  it('reads a 204 as idempotent, taken as it is, and a 404 as not-found', () => {
    expect(REPEATED_DELETE.alternative({ status: 204, body: undefined }, gone)).toBe('idempotent')
    expect(REPEATED_DELETE.follow('idempotent', gone)).toEqual({ kind: 'taken' })
    expect(REPEATED_DELETE.alternative({ status: 404, body: {} }, gone)).toBe('not-found')
    expect(REPEATED_DELETE.alternative({ status: 403, body: {} }, gone)).toBeUndefined()
  })
})

describe('pathnameConflictCase', () => {
  const create: ContractRequest = { method: 'POST', template: PAGES, body: { siteId: SITE_ID, pathname: '/About', name: 'About' } }
  const lists = (pages: string[], routes: string[] = []) => (asked: ContractRequest): Reply => ({
    status: 200,
    body: { object: 'list', data: (asked.template === ROUTES ? routes : pages).map((pathname) => ({ pathname, localizations: [] })), hasMore: false },
  })

  it('applies to a pathname another page or route of the site has in another case', () => {
    expect(PATHNAME_CONFLICT_CASE.applies(occurrence(create, { status: 201, body: {} }, lists(['/about', '/About'])))).toBe(true)
    expect(PATHNAME_CONFLICT_CASE.applies(occurrence(create, { status: 201, body: {} }, lists(['/About'], ['/ABOUT'])))).toBe(true)
  })

  it('does not apply to a pathname no other resource has, nor to one the oracle refused', () => {
    expect(PATHNAME_CONFLICT_CASE.applies(occurrence(create, { status: 201, body: {} }, lists(['/About', '/contact'])))).toBe(false)
    expect(PATHNAME_CONFLICT_CASE.applies(occurrence(create, { status: 409, body: {} }, lists(['/About', '/about'])))).toBe(false)
  })

  it('scopes a clash by what writes the pathname and what holds it in another case', () => {
    expect(PATHNAME_CONFLICT_CASE.scope?.(occurrence(create, { status: 201, body: {} }, lists(['/about', '/About'])))).toBe('a page beside a page holding it in lower case')
    expect(PATHNAME_CONFLICT_CASE.scope?.(occurrence(create, { status: 201, body: {} }, lists(['/About'], ['/ABOUT'])))).toBe('a page beside a route')
  })

  it('applies to a create or update the oracle refused where only another case holds the pathname, followed by keeping them apart', () => {
    const refused = occurrence(create, { status: 409, body: {} }, lists(['/contact'], ['/about']))
    expect(PATHNAME_CONFLICT_CASE.applies(refused)).toBe(true)
    expect(PATHNAME_CONFLICT_CASE.scope?.(refused)).toBe('a page beside a route holding it in lower case')
    // A deployment that keeps page pathnames in lower case clashes there alone: /about beside /About is a scope apart.
    expect(PATHNAME_CONFLICT_CASE.scope?.(occurrence({ ...create, body: { siteId: SITE_ID, pathname: '/about', name: 'About' } }, { status: 409, body: {} }, lists(['/contact'], ['/About'])))).toBe('a page beside a route')
    expect(PATHNAME_CONFLICT_CASE.alternative({ status: 201, body: {} }, refused)).toBe('exact')
    expect(PATHNAME_CONFLICT_CASE.follow('exact', refused)).toEqual({ kind: 'chosen', choices: { pathnameConflictCase: 'exact' } })
    // Held as sent: the documents' own conflict, not this class's.
    expect(PATHNAME_CONFLICT_CASE.applies(occurrence(create, { status: 409, body: {} }, lists(['/About'], ['/about'])))).toBe(false)
    // A route write with skipValidation=true is skipValidationConflicts', which may skip the clash whatever the case: taken or refused.
    const skipping: ContractRequest = { method: 'POST', template: ROUTES, query: { skipValidation: 'true' }, body: { siteId: SITE_ID, pathname: '/About' } }
    expect(PATHNAME_CONFLICT_CASE.applies(occurrence(skipping, { status: 409, body: {} }, lists([], ['/about'])))).toBe(false)
    expect(PATHNAME_CONFLICT_CASE.applies(occurrence(skipping, { status: 201, body: {} }, lists(['/about'], ['/About'])))).toBe(false)
    // An update keeps its own pathname, which it may hold in another case: another page's holds it.
    const rename = (named: string): ContractRequest => ({ method: 'PATCH', template: PAGE, params: { pageIdOrPathname: named }, query: { siteId: SITE_ID }, body: { pathname: '/About' } })
    expect(PATHNAME_CONFLICT_CASE.applies(occurrence(rename('/about'), { status: 409, body: {} }, lists(['/about'])))).toBe(false)
    expect(PATHNAME_CONFLICT_CASE.scope?.(occurrence(rename('/contact'), { status: 409, body: {} }, lists(['/contact', '/about'])))).toBe('a page beside a page holding it in lower case')
  })

  it('reads a 409 as any-case, which the oracle follows by taking its write back', () => {
    const seen = occurrence(create, { status: 201, body: {} }, lists(['/about', '/About']))
    expect(PATHNAME_CONFLICT_CASE.alternative({ status: 409, body: { code: 'conflict' } }, seen)).toBe('any-case')
    expect(PATHNAME_CONFLICT_CASE.follow('any-case', seen)).toEqual({ kind: 'refused' })
    expect(PATHNAME_CONFLICT_CASE.alternative({ status: 201, body: {} }, seen)).toBe('exact')
  })
})

describe('pathnameLookupCase', () => {
  const byPathname = (pathname: string): ContractRequest => ({ method: 'GET', template: PAGE, params: { pageIdOrPathname: pathname }, query: { siteId: SITE_ID }, key: ORACLE_APP_KEY })
  // The oracle holds /about: its list, and its read by that very pathname.
  const holds = (asked: ContractRequest): Reply =>
    asked.template === PAGES
      ? { status: 200, body: { object: 'list', data: [{ pathname: '/about' }], hasMore: false } }
      : { status: asked.params?.pageIdOrPathname === '/about' ? 200 : 404, body: {} }

  it('applies to a pathname the oracle does not find where a page of the site has it in another case', () => {
    expect(PATHNAME_LOOKUP_CASE.applies(occurrence(byPathname('/About'), { status: 404, body: {} }, holds))).toBe(true)
    expect(PATHNAME_LOOKUP_CASE.applies(occurrence(byPathname('/contact'), { status: 404, body: {} }, holds))).toBe(false)
    expect(PATHNAME_LOOKUP_CASE.applies(occurrence(byPathname('/about'), { status: 200, body: {} }, holds))).toBe(false)
  })

  it('reads a success as any-case, resent with the pathname the oracle holds, and decisive; a 404 as exact', () => {
    const found = occurrence(byPathname('/About'), { status: 404, body: {} }, holds)
    expect(PATHNAME_LOOKUP_CASE.alternative({ status: 200, body: {} }, found)).toBe('any-case')
    expect(PATHNAME_LOOKUP_CASE.follow('any-case', found)).toEqual({ kind: 'resend', request: byPathname('/about') })
    expect(PATHNAME_LOOKUP_CASE.decisive?.('any-case')).toBe(true)
    expect(PATHNAME_LOOKUP_CASE.alternative({ status: 404, body: {} }, found)).toBe('exact')
  })
})

describe('pathPrefixCase', () => {
  const list = (query: ContractRequest['query']): ContractRequest => ({ method: 'GET', template: PAGES, query: { siteId: SITE_ID, pathPrefix: '/blog', ...query }, key: ORACLE_APP_KEY })
  // The oracle holds /Blog/x, which /blog takes in only in any case.
  const holds = (): Reply => ({ status: 200, body: { object: 'list', data: [{ pathname: '/Blog/x' }], hasMore: false } })
  const empty = (hasMore: boolean): Reply => ({ status: 200, body: { object: 'list', data: [], hasMore } })

  it('reads a page in another case as any-case, and its absence as exact only in a whole list', () => {
    const whole = occurrence(list({}), empty(false), holds)
    expect(PATH_PREFIX_CASE.applies(whole)).toBe(true)
    expect(PATH_PREFIX_CASE.alternative({ status: 200, body: { object: 'list', data: [{ pathname: '/Blog/x' }], hasMore: false } }, whole)).toBe('any-case')
    expect(PATH_PREFIX_CASE.alternative(empty(false), whole)).toBe('exact')
    // A page after a cursor, or cut by its limit, may have left it out.
    expect(PATH_PREFIX_CASE.alternative(empty(false), occurrence(list({ startingAfter: SITE_ID }), empty(false), holds))).toBeUndefined()
    expect(PATH_PREFIX_CASE.alternative(empty(true), whole)).toBeUndefined()
  })

  it("is not read on a site's page list, which may hold pages its prefix leaves out or take no prefix at all (sitePagesQuery)", () => {
    const sitePages: ContractRequest = { method: 'GET', template: SITE_PAGES, params: { siteId: SITE_ID }, query: { pathPrefix: '/blog' }, key: ORACLE_APP_KEY }
    expect(PATH_PREFIX_CASE.applies(occurrence(sitePages, empty(false), holds))).toBe(false)
  })
})

describe('siteNames', () => {
  const create: ContractRequest = { method: 'POST', template: SITES, body: { name: '' }, key: ORACLE_APP_KEY }

  it("applies to a name a site of the workspace the sequences did not make has, which the oracle does not hold", () => {
    const seen = occurrence(create, { status: 201, body: {} })
    expect(SITE_NAMES.applies(seen)).toBe(false)
    expect(SITE_NAMES.applies({ ...seen, workspaceSiteNames: new Set(['']) })).toBe(true)
    expect(SITE_NAMES.alternative({ status: 409, body: { code: 'conflict' } }, seen)).toBe('unique')
  })
})
