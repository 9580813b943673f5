import type { Choices } from '../freedom/catalogue.js'
import type { ErrorDetail, SkipValidation } from '../generated/types.js'
import type { PathnameOwner } from '../store/pathnames.js'
import type { RouteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { ApiError, badRequest, conflict } from './errors.js'
import { lookupInAnyCase, nonAsciiPathnameCharacters, refusedPathnameCharacters, unletteredPathnameCharacters } from '../freedom/kept-input.js'
import { otherOwner } from './pathname-owner.js'
import { routePathnameProblem, routePathnameRules } from '../freedom/route-pathname.js'
import { findInSite, type TargetKind } from './site-target.js'
import type { Scope } from './types.js'
import type { Validator } from './validate.js'

/**
 * The route a path names. Any non-UUID counts as a pathname because skipValidation lets a
 * route's pathname be any non-empty string, and every route must stay reachable by its pathname.
 */
export function findRoute(store: Store, scope: Scope, idOrPathname: string, siteId: string | undefined, choices?: Required<Choices>): RouteRecord {
  return findInSite(store, scope, idOrPathname, siteId, ROUTE, choices)
}

const ROUTE: TargetKind<RouteRecord> = {
  resource: 'route',
  nameLabel: 'pathname',
  byId: (store, id) => store.routes.byId.get(id),
  // The exact pathname first; then the one route that has it in another case (choice pathnameLookupCase any-case).
  byName: (store, site, pathname, choices) => store.routes.byPathname(site, pathname) ?? (lookupInAnyCase(choices) ? store.routes.byPathnameInAnyCase(site, pathname) : undefined),
}

/**
 * The route rules a deployment judges before access, where the whole input goes first (choice
 * routeRulesOrder): all of them, the leading slash alone, or none, the rest once the route, or the
 * site a create names, is found (its access judges them).
 */
function earlyRouteRules(choices: Required<Choices> | undefined): 'all' | 'slash' | 'none' {
  if (choices?.validationOrder !== 'input-first' || choices.routeRulesOrder === 'with-body') return 'all'
  return choices.routeRulesOrder === 'slash-with-body' ? 'slash' : 'none'
}

/**
 * The body judged whole: the schema's type checks and, unless skipValidation=true, the pathname
 * format rules, so one 400 lists every invalid field. `unchanged` is a pathname the route
 * already has: keeping it is not a change, so its format is not judged again. `early` is the
 * judgement before access, which judges what earlyRouteRules says.
 */
export function judgeRouteBody(validate: Validator<unknown>, rawBody: unknown, skipValidation: SkipValidation | undefined, choices: Required<Choices> | undefined, unchanged?: string, early = false): void {
  const rules = early ? earlyRouteRules(choices) : 'all'
  if (rules === 'none') return
  const details: ErrorDetail[] = []
  try {
    validate(rawBody, choices)
  } catch (error) {
    if (!(error instanceof ApiError) || !error.details) throw error
    details.push(...error.details)
  }
  const pathname = (rawBody as Record<string, unknown>).pathname
  const typed = typeof pathname === 'string' && !details.some((detail) => detail.field === 'pathname')
  if (typed && skipValidation === 'true' && !pathname.startsWith('/') && slashlessRoute(skipValidation, choices) === 'refused') {
    details.push({ field: 'pathname', message: 'does not start with /; a route pathname starts with / even when skipValidation=true' })
  }
  const judged = typed ? withAlwaysSlash(pathname, choices) : undefined
  if (judged !== undefined && skipValidation !== 'true' && judged !== unchanged) {
    // A deployment's own refusal of characters (choice routePathnameCharacters), or the route rules.
    const characters = choices?.routePathnameCharacters
    const refused = characters === 'accepted' || characters === undefined || rules === 'slash' ? undefined : CHARACTER_RULES[characters](judged)
    const emptySegments = choices?.routeEmptySegment === 'accepted'
    const problem = refused !== undefined || (rules === 'slash' && judged.startsWith('/')) ? undefined : routePathnameProblem(judged, emptySegments)
    if (refused !== undefined) details.push({ field: 'pathname', message: `${refused} (or pass skipValidation=true to skip this rule)` })
    if (problem !== undefined) details.push({ field: 'pathname', message: `${problem}; must be ${routePathnameRules(emptySegments)} (or pass skipValidation=true to skip these rules)` })
  }
  if (details.length) throw badRequest(details)
}

/**
 * What a deployment makes of a route pathname sent without its leading slash (choice
 * routePathnameSlash), where the route rules run and where skipValidation=true skips them: the
 * rules refuse it or write the slash; skipping them keeps it as sent, refuses it, or adds the slash.
 */
const SLASHLESS: Readonly<Record<NonNullable<Choices['routePathnameSlash']>, { ruled: 'refused' | 'added'; skipped: 'kept' | 'refused' | 'added' }>> = {
  accepted: { ruled: 'refused', skipped: 'kept' },
  refused: { ruled: 'refused', skipped: 'refused' },
  added: { ruled: 'refused', skipped: 'added' },
  'added-always': { ruled: 'added', skipped: 'added' },
  'added-unless-skipped': { ruled: 'added', skipped: 'kept' },
  'added-refused-under-skip': { ruled: 'added', skipped: 'refused' },
}

/** What becomes of a route pathname without its leading slash, sent with this skipValidation. */
export const slashlessRoute = (skipValidation: SkipValidation | undefined, choices: Required<Choices> | undefined): 'kept' | 'refused' | 'added' =>
  SLASHLESS[choices?.routePathnameSlash ?? 'accepted'][skipValidation === 'true' ? 'skipped' : 'ruled']

/** The pathname the route rules judge: with the slash they write, where a deployment's rules add it. */
const withAlwaysSlash = (pathname: string, choices: Required<Choices> | undefined): string =>
  pathname !== '' && !pathname.startsWith('/') && slashlessRoute(undefined, choices) === 'added' ? `/${pathname}` : pathname

/** What each refusing alternative of routePathnameCharacters says of a pathname's characters, or undefined where it takes them. */
const CHARACTER_RULES: Readonly<Record<Exclude<Required<Choices>['routePathnameCharacters'], 'accepted'>, (pathname: string) => string | undefined>> = {
  refused: refusedPathnameCharacters,
  'ascii-only': nonAsciiPathnameCharacters,
  letters: unletteredPathnameCharacters,
}

type SkipValidationConflicts = Required<Choices>['skipValidationConflicts']

/** What a route write with skipValidation=true may not share a pathname with, by choice skipValidationConflicts. */
const IN_THE_WAY: Readonly<Record<SkipValidationConflicts, readonly PathnameOwner['kind'][]>> = {
  checked: ['page', 'route'],
  skipped: [],
  'page-conflicts': ['route'],
  'route-conflicts': ['page'],
}

/** For a 409 under skipValidation=true that skips some clashes: the one it skips. */
const SKIPS_ONLY: Readonly<Partial<Record<SkipValidationConflicts, string>>> = {
  'page-conflicts': "; skipValidation=true lets a route share a page's pathname, not another route's",
  'route-conflicts': "; skipValidation=true lets a route share another route's pathname, not a page's",
}

/**
 * 409 when the pathname belongs to a page or to another route of the site: they share one
 * pathname space. Not where the deployment lets skipValidation=true skip that too (choice
 * skipValidationConflicts: skipped, or page-conflicts and route-conflicts for one kind of holder):
 * the route then shares the pathname.
 */
export function requireFreePathname(store: Store, siteId: string, pathname: string, skipValidation: SkipValidation | undefined, choices: Choices | undefined, routeId?: string): void {
  const conflicts = skipValidation === 'true' ? (choices?.skipValidationConflicts ?? 'checked') : 'checked'
  const kinds = IN_THE_WAY[conflicts]
  if (kinds.length === 0) return
  const owner = otherOwner(store, siteId, pathname, choices, routeId === undefined ? undefined : { kind: 'route', id: routeId }, kinds)
  if (!owner) return
  throw conflict(`The pathname ${JSON.stringify(pathname)} is already taken in this site by the ${owner.kind} ${owner.id}; pages and routes of a site share one pathname space${SKIPS_ONLY[conflicts] ?? ''}.`)
}
