import { describe, expect, it } from 'vitest'
import { PAGES, ROUTE, ROUTES } from '../../src/contract/endpoints.js'
import type { ContractRequest } from '../../src/contract/http-client.js'
import { classId } from '../../src/contract/stateful/freedom-class.js'
import type { Occurrence, Reply } from '../../src/contract/stateful/freedom-classes.js'
import { occurrenceOf } from './occurrence.js'
import { SKIP_VALIDATION_CONFLICTS } from '../../src/contract/stateful/freedom-lifecycle.js'

/**
 * skipValidationConflicts read on single occurrences: a route write with skipValidation=true that
 * the oracle refuses with a 409 is a class of its own by what holds the pathname (a page, another
 * route, or both), and following the target's skip there makes the oracle skip that clash alone.
 * A wrong scope adopts one skip for every holder, and then calls a deployment that skips only a
 * page's clash inconsistent when another route's is refused.
 */
const SITE_ID = '3317cebb-6aea-40f0-b17f-0feb952ac403'
const ROUTE_ID = 'a1f0c3a4-5b6c-4d7e-8f90-1a2b3c4d5e6f'
const OTHER_ROUTE_ID = 'b2e1d4b5-6c7d-4e8f-9a01-2b3c4d5e6f70'
const CONFLICT: Reply = { status: 409, body: { code: 'conflict' } }

/** The site's lists as the oracle holds them: pages (with their localizations) and routes. */
interface Held {
  pages: Array<{ pathname: string; localizations?: Array<{ pathname: string }> }>
  routes: Array<{ id: string; pathname: string }>
}

const listOf = (data: unknown[]): Reply => ({ status: 200, body: { object: 'list', data, hasMore: false } })

/** An occurrence whose peek lists what `held()` holds at the time it is asked. */
function occurrence(request: ContractRequest, held: () => Held, oracle: Reply = CONFLICT): Occurrence {
  const peek = (asked: ContractRequest): Reply => (asked.template === PAGES ? listOf(held().pages) : asked.template === ROUTES ? listOf(held().routes) : { status: 404, body: {} })
  return occurrenceOf(request, oracle, peek, { site: SITE_ID })
}

const create = (pathname: string, skipValidation = 'true'): ContractRequest => ({ method: 'POST', template: ROUTES, query: { skipValidation }, body: { siteId: SITE_ID, pathname } })
const update = (named: string, pathname: string): ContractRequest => ({ method: 'PATCH', template: ROUTE, params: { routeIdOrPathname: named }, query: { skipValidation: 'true' }, body: { pathname } })
const holding = (held: Held) => (): Held => held

describe('skipValidationConflicts: a class of its own by what holds the pathname', () => {
  it('scopes a create by the page, the other route, or both that hold its pathname', () => {
    const onPage = occurrence(create('/p'), holding({ pages: [{ pathname: '/p' }], routes: [{ id: ROUTE_ID, pathname: '/r' }] }))
    const onRoute = occurrence(create('/r'), holding({ pages: [{ pathname: '/p' }], routes: [{ id: ROUTE_ID, pathname: '/r' }] }))
    const onBoth = occurrence(create('/s'), holding({ pages: [{ pathname: '/s' }], routes: [{ id: ROUTE_ID, pathname: '/s' }] }))
    expect([onPage, onRoute, onBoth].map((seen) => SKIP_VALIDATION_CONFLICTS.applies(seen))).toEqual([true, true, true])
    expect([onPage, onRoute, onBoth].map((seen) => classId(SKIP_VALIDATION_CONFLICTS, seen))).toEqual([
      'skipValidationConflicts (a page)',
      'skipValidationConflicts (another route)',
      'skipValidationConflicts (a page and another route)',
    ])
  })

  it("counts a page's localization as the page, and a pathname in another case alone only where none has it exactly", () => {
    const localized = occurrence(create('/fr/p'), holding({ pages: [{ pathname: '/p', localizations: [{ pathname: '/fr/p' }] }], routes: [] }))
    expect(classId(SKIP_VALIDATION_CONFLICTS, localized)).toBe('skipValidationConflicts (a page)')
    const exactPage = occurrence(create('/p'), holding({ pages: [{ pathname: '/p' }], routes: [{ id: ROUTE_ID, pathname: '/P' }] }))
    expect(classId(SKIP_VALIDATION_CONFLICTS, exactPage)).toBe('skipValidationConflicts (a page)')
    const otherCase = occurrence(create('/p'), holding({ pages: [], routes: [{ id: ROUTE_ID, pathname: '/P' }] }))
    // In another case alone, a scope of its own: a deployment may check the very pathname and keep route pathnames apart by case.
    expect(classId(SKIP_VALIDATION_CONFLICTS, otherCase)).toBe('skipValidationConflicts (another route in another case)')
    expect(SKIP_VALIDATION_CONFLICTS.follow('skipped', otherCase)).toEqual({ kind: 'chosen', choices: { skipValidationConflicts: 'route-conflicts' } })
  })

  it('does not count the route an update names, by id or by pathname, as another route', () => {
    const held = holding({ pages: [{ pathname: '/p' }], routes: [{ id: ROUTE_ID, pathname: '/mine' }, { id: OTHER_ROUTE_ID, pathname: '/P' }] })
    // Renamed in case alone: only the route itself has the pathname in another case.
    const ownCase = holding({ pages: [], routes: [{ id: ROUTE_ID, pathname: '/Mine' }] })
    expect(classId(SKIP_VALIDATION_CONFLICTS, occurrence(update(ROUTE_ID, '/p'), held))).toBe('skipValidationConflicts (a page)')
    expect(classId(SKIP_VALIDATION_CONFLICTS, occurrence(update('/mine', '/p'), held))).toBe('skipValidationConflicts (a page)')
    expect(SKIP_VALIDATION_CONFLICTS.applies(occurrence(update(ROUTE_ID, '/mine'), ownCase))).toBe(false)
    expect(SKIP_VALIDATION_CONFLICTS.applies(occurrence(update('/Mine', '/mine'), ownCase))).toBe(false)
  })

  it('keeps the holder it read before the oracle took the write: the route written then holds the pathname too', () => {
    let written = false
    const seen = occurrence(create('/p'), () => ({ pages: [{ pathname: '/p' }], routes: written ? [{ id: ROUTE_ID, pathname: '/p' }] : [] }))
    expect(SKIP_VALIDATION_CONFLICTS.applies(seen)).toBe(true)
    written = true
    expect(classId(SKIP_VALIDATION_CONFLICTS, seen)).toBe('skipValidationConflicts (a page)')
    expect(SKIP_VALIDATION_CONFLICTS.follow('skipped', seen)).toEqual({ kind: 'chosen', choices: { skipValidationConflicts: 'page-conflicts' } })
  })

  it('does not apply without skipValidation=true, to a 409 no page or route explains, or to a write the oracle took', () => {
    const held = holding({ pages: [{ pathname: '/p' }], routes: [] })
    expect(SKIP_VALIDATION_CONFLICTS.applies(occurrence(create('/p', 'false'), held))).toBe(false)
    expect(SKIP_VALIDATION_CONFLICTS.applies(occurrence(create('/elsewhere'), held))).toBe(false)
    expect(SKIP_VALIDATION_CONFLICTS.applies(occurrence(create('/p'), held, { status: 201, body: {} }))).toBe(false)
    expect(SKIP_VALIDATION_CONFLICTS.applies(occurrence({ method: 'POST', template: PAGES, query: { skipValidation: 'true' }, body: { siteId: SITE_ID, pathname: '/p', name: 'p' } }, held))).toBe(false)
  })
})

describe('skipValidationConflicts: the alternative an answer shows, and how the oracle follows it', () => {
  const page = occurrence(create('/p'), holding({ pages: [{ pathname: '/p' }], routes: [] }))
  const route = occurrence(create('/r'), holding({ pages: [], routes: [{ id: ROUTE_ID, pathname: '/r' }] }))
  const both = occurrence(create('/s'), holding({ pages: [{ pathname: '/s' }], routes: [{ id: ROUTE_ID, pathname: '/s' }] }))

  it("reads a 409 as the clash checked, a success as skipped, and anything else as neither", () => {
    expect(SKIP_VALIDATION_CONFLICTS.alternative(CONFLICT, page)).toBe('checked')
    expect(SKIP_VALIDATION_CONFLICTS.alternative({ status: 201, body: {} }, page)).toBe('skipped')
    expect(SKIP_VALIDATION_CONFLICTS.alternative({ status: 200, body: {} }, page)).toBe('skipped')
    expect(SKIP_VALIDATION_CONFLICTS.alternative({ status: 400, body: { code: 'bad_request' } }, page)).toBeUndefined()
  })

  it("follows a skip by choosing for the oracle the alternative that skips only that scope's clash", () => {
    const chosen = [page, route, both].map((seen) => SKIP_VALIDATION_CONFLICTS.follow('skipped', seen))
    expect(chosen).toEqual(['page-conflicts', 'route-conflicts', 'skipped'].map((skipValidationConflicts) => ({ kind: 'chosen', choices: { skipValidationConflicts } })))
    expect(SKIP_VALIDATION_CONFLICTS.follow('checked', page)).toBeUndefined()
  })
})
