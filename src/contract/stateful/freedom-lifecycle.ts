import { alternativeOfStatus } from '../../freedom/statuses.js'
import { isUuid } from '../../contracts/uuid.js'
import { LOCALE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_DUPLICATE, SITE_PAGES, SITES } from '../endpoints.js'
import type { ContractRequest } from '../http-client.js'
import { isObject, listData, success, type Alternative, type Occurrence, type StatusClass } from './freedom-class.js'
import { ORACLE_APP_KEY, type Oracle } from './oracle.js'

// Classes of what a write does where the documents stop, and of how a pathname is matched: a
// delete sent again, which pathnames stand in each other's way, what a prefix takes in.

/** The path parameter that names what a DELETE deletes, by its template. */
const DELETED_BY: Readonly<Record<string, string>> = { [SITE]: 'siteId', [LOCALE]: 'localeIdOrCode', [PAGE]: 'pageIdOrPathname', [ROUTE]: 'routeIdOrPathname' }

/**
 * A DELETE of what a delete already removed. The published OpenAPI answers a delete 204 and
 * declares a 404 without saying when; a deployment may answer the second delete 404, as nothing
 * is there (sitemock), or 204 again, as the resource is gone either way (a DELETE is idempotent).
 * Each family is a class of its own: a soft-deleted locale is not a deleted site.
 */
export const REPEATED_DELETE: StatusClass<'repeatedDelete'> = {
  choice: 'repeatedDelete',
  // By id and by pathname or code apart: a deployment may know a deleted id and not a name, which may be taken again.
  scope: ({ request }) => {
    const param = DELETED_BY[request.template]
    if (param === undefined) return request.template
    return isUuid(String(request.params?.[param])) ? `${param} by id` : `${param} by name`
  },
  // Sent with the App key, or the site's own Site key: a key that never reached the resource says
  // nothing of what a delete sent again means (a deployment may answer it 404 as for any stranger).
  // Nor a pathname another page or route holds in another case: the delete may have found that one (pathnameLookupCase).
  applies: (occurrence) => {
    const { request, oracle, classes, ownSiteKey } = occurrence
    const param = DELETED_BY[request.template]
    const reaching = request.key === ORACLE_APP_KEY || ownSiteKey
    // Nor a delete whose other parameters name nothing sound (a siteId unknown, malformed or of a deleted site): another rule may answer it.
    const soundBeside = Object.entries(classes).every(([name, kinds]) => name === param || !kinds.some((kind) => UNSOUND.has(kind)))
    return reaching && soundBeside && request.method === 'DELETE' && param !== undefined && oracle.status === 404 && (classes[param] ?? []).includes('deleted') && inItsOwnCase(occurrence) === undefined
  },
  alternative: ({ status }) => alternativeOfStatus('repeatedDelete', status),
  // The oracle holds nothing of what it deleted: the target's success is taken as it is.
  follow: (alternative) => (alternative === 'idempotent' ? { kind: 'taken' } : undefined),
}

/** Value classes of a parameter that names nothing sound. */
const UNSOUND = new Set(['unknown', 'malformed', 'invalid', 'deleted'])

/** Creates and updates that give a page or a route its pathname. */
const PATHNAME_WRITES = new Set([`POST ${PAGES}`, `PATCH ${PAGE}`, `POST ${ROUTES}`, `PATCH ${ROUTE}`])

/**
 * A pathname that differs from another page's or route's of the site in case alone (`/About`
 * beside `/about`). The published OpenAPI's 409 is "A page or route with this pathname already
 * exists"; whether `/About` is the pathname `/about`, no document says: a deployment may keep
 * them apart (sitemock) or refuse the second with a 409. It may compare so a page's pathname with
 * another page's and not a route's, or the other way round (a route table whose pathnames compare
 * exactly beside pages that compare in any case): what writes and what holds the pathname make a
 * class of their own. Where the oracle keeps them apart and the target refuses, the oracle takes its
 * write back; where the oracle refuses a create and the target takes it, the oracle keeps them apart
 * from then on, and meets the scopes that do not here again.
 */
export const PATHNAME_CONFLICT_CASE: StatusClass<'pathnameConflictCase'> = {
  choice: 'pathnameConflictCase',
  scope: (occurrence) => caseClashBefore(occurrence) ?? 'no clash seen',
  applies: (occurrence) => caseClashBefore(occurrence) !== undefined,
  alternative: ({ status }) => alternativeOfStatus('pathnameConflictCase', status),
  follow: (alternative) => (alternative === 'any-case' ? { kind: 'refused' } : { kind: 'chosen', choices: { pathnameConflictCase: 'exact' } }),
}

/** What writes a pathname, by the write's template. */
const WRITER: Readonly<Record<string, 'a page' | 'a route'>> = { [PAGES]: 'a page', [PAGE]: 'a page', [ROUTES]: 'a route', [ROUTE]: 'a route' }

/** The pathname an update's path names its resource by (its id looked up in the site's list); none for a create. */
function ownPathname(request: ContractRequest, listed: unknown[]): string | undefined {
  const named = request.method === 'PATCH' ? (request.params?.pageIdOrPathname ?? request.params?.routeIdOrPathname) : undefined
  if (typeof named !== 'string' || !isUuid(named)) return named
  const found = listed.find((item) => isObject(item) && item.id === named)
  return isObject(found) && typeof found.pathname === 'string' ? found.pathname : undefined
}

/** The scope of each occurrence's clash in case alone, read the first time a class asks (before any follow). */
const caseClashes = new WeakMap<Occurrence, string | undefined>()

function caseClashBefore(occurrence: Occurrence): string | undefined {
  if (!caseClashes.has(occurrence)) caseClashes.set(occurrence, caseClashOf(occurrence))
  return caseClashes.get(occurrence)
}

/**
 * Where a page or route write's pathname meets another resource's of the site in case alone:
 * `a page beside a route`, say. After a write the oracle took, the resource written has the
 * pathname itself (in the form it keeps) and another has it in another case; or the oracle refused
 * a write whose pathname no resource has as sent, only in another case. A route write with
 * skipValidation=true is skipValidationConflicts', which may skip the clash whatever the case.
 */
function caseClashOf(occurrence: Occurrence): string | undefined {
  const { request, oracle, site } = occurrence
  const sent = isObject(request.body) ? request.body.pathname : undefined
  const writer = WRITER[request.template]
  if (typeof sent !== 'string' || site === undefined || writer === undefined || !PATHNAME_WRITES.has(`${request.method} ${request.template}`)) return undefined
  // A route write with skipValidation=true may skip a clash whatever the case: that is skipValidationConflicts'.
  if (writer === 'a route' && request.query?.skipValidation === 'true') return undefined
  const { pages, routes } = siteLists(occurrence, site)
  const alike = (pathname: string): boolean => pathname.toLowerCase() === sent.toLowerCase()
  const held = { 'a page': pages.flatMap(pathnamesOfPage).filter(alike), 'a route': routes.flatMap(pathnamesOfRoute).filter(alike) }
  if (success(oracle.status)) {
    if (![...held['a page'], ...held['a route']].some((pathname) => pathname !== sent)) return undefined
    // The resource written holds one of them: its own family's, as sent where it kept it so.
    const own = held[writer]
    own.splice(Math.max(own.indexOf(sent), 0), 1)
  } else {
    if (oracle.status !== 409 || [...held['a page'], ...held['a route']].includes(sent)) return undefined
    // An update's resource holds its own pathname, which it may keep in another case.
    const own = ownPathname(request, writer === 'a page' ? pages : routes)
    if (own !== undefined && held[writer].includes(own)) held[writer].splice(held[writer].indexOf(own), 1)
  }
  const holders = (['a page', 'a route'] as const).filter((family) => held[family].length > 0)
  // One held as the pathname sent in lower case is a scope of its own: a deployment that keeps page pathnames in lower case clashes there alone.
  const lowered = [...held['a page'], ...held['a route']].some((pathname) => pathname !== sent && pathname === sent.toLowerCase())
  return holders.length === 0 ? undefined : `${writer} beside ${holders.join(' and ')}${lowered ? ' holding it in lower case' : ''}`
}

/**
 * A route create or update with skipValidation=true onto a pathname a page or another route of
 * the site holds. The specification lets it skip "route validation" without saying whether a
 * pathname's uniqueness is part of it: a deployment may still answer 409 (sitemock), or take it,
 * so that two hold the pathname; the oracle then makes that choice too and takes the write. It may
 * skip the clash with a page's pathname and not another route's, or the other way round: what
 * holds the pathname makes a class of its own, and in each `skipped` is that clash's skip.
 */
export const SKIP_VALIDATION_CONFLICTS: StatusClass<'skipValidationConflicts'> = {
  choice: 'skipValidationConflicts',
  // A holder in another case alone is a scope of its own: a deployment may keep such pathnames apart for routes (pathnameConflictCase) while it checks the very pathname.
  scope: (occurrence) => {
    const held = holderBefore(occurrence)
    return held === undefined ? 'no holder seen' : held.caseAlone ? `${held.holder} in another case` : held.holder
  },
  applies: (occurrence) => {
    const { request, oracle } = occurrence
    const write = `${request.method} ${request.template}`
    return oracle.status === 409 && request.query?.skipValidation === 'true' && (write === `POST ${ROUTES}` || write === `PATCH ${ROUTE}`) && holderBefore(occurrence) !== undefined
  },
  alternative: ({ status }) => (status === 409 ? 'checked' : success(status) ? 'skipped' : undefined),
  // The oracle skips this scope's clash alone: the choice replaces one it made in another scope, so it refuses at most more than the target, which this class meets again.
  follow: (alternative, occurrence) => {
    const held = holderBefore(occurrence)
    return alternative === 'skipped' && held !== undefined ? { kind: 'chosen', choices: { skipValidationConflicts: SKIPPING[held.holder] } } : undefined
  },
}

/** What holds a route write's pathname in the site, besides the route written. */
type Holder = 'a page' | 'another route' | 'a page and another route'

/** The alternative that skips, of the clashes, only the one with this holder. */
const SKIPPING: Readonly<Record<Holder, Alternative<'skipValidationConflicts'>>> = { 'a page': 'page-conflicts', 'another route': 'route-conflicts', 'a page and another route': 'skipped' }

/**
 * The holder of each occurrence's pathname, read the first time a class asks (`applies`, before
 * any follow): the write the oracle makes once it follows the target holds the pathname too.
 */
const holders = new WeakMap<Occurrence, Held | undefined>()

/** What holds the pathname, and whether it holds it in another case alone. */
interface Held {
  holder: Holder
  caseAlone: boolean
}

function holderBefore(occurrence: Occurrence): Held | undefined {
  if (!holders.has(occurrence)) holders.set(occurrence, holderOf(occurrence))
  return holders.get(occurrence)
}

/**
 * What holds the route write's pathname on the oracle's side: the very pathname where anything
 * does, else one in another case alone (a deployment whose pathnames conflict so, pathnameConflictCase).
 */
function holderOf(occurrence: Occurrence): Held | undefined {
  const { request, site } = occurrence
  const sent = isObject(request.body) ? request.body.pathname : undefined
  if (typeof sent !== 'string' || site === undefined) return undefined
  const { pages, routes } = siteLists(occurrence, site)
  // The route an update names, by id or pathname, holds its own pathname, not the one sent.
  const written = request.params?.routeIdOrPathname
  const pagePathnames = pages.flatMap(pathnamesOfPage)
  const routePathnames = routes.flatMap((route) => (isObject(route) && route.id !== written && route.pathname !== written ? pathnamesOfRoute(route) : []))
  for (const [caseAlone, same] of [[false, (pathname: string) => pathname === sent], [true, (pathname: string) => pathname.toLowerCase() === sent.toLowerCase()]] as const) {
    const [page, route] = [pagePathnames.some(same), routePathnames.some(same)]
    if (page || route) return { holder: page && route ? 'a page and another route' : page ? 'a page' : 'another route', caseAlone }
  }
  return undefined
}

/** The path parameter that names a page or a route by id or pathname, by its template. */
const NAMED_BY_PATHNAME: Readonly<Record<string, { param: string; list: string }>> = {
  [PAGE]: { param: 'pageIdOrPathname', list: PAGES },
  [ROUTE]: { param: 'routeIdOrPathname', list: ROUTES },
}

/**
 * A page or route named in the path by a pathname that differs from its own in case alone
 * (`/A` for `/a`). No document says whether a lookup by pathname minds the case: a deployment may
 * find only the exact pathname (sitemock), or the one that differs in case alone, as one whose
 * pathnames conflict in any case may. The oracle is then asked with the pathname it holds.
 */
export const PATHNAME_LOOKUP_CASE: StatusClass<'pathnameLookupCase'> = {
  choice: 'pathnameLookupCase',
  applies: (occurrence) => occurrence.oracle.status === 404 && inItsOwnCase(occurrence) !== undefined,
  alternative: ({ status }) => alternativeOfStatus('pathnameLookupCase', status),
  follow: (alternative, occurrence) => {
    const own = inItsOwnCase(occurrence)
    return alternative === 'any-case' && own !== undefined ? { kind: 'resend', request: own } : undefined
  },
  // Found in another case, the request is that page's or route's: no later class reads it as about the pathname sent.
  decisive: (alternative) => alternative === 'any-case',
}

/**
 * The request with the pathname in its path as the oracle holds it, when one page or route of the
 * site, which the request's key reads, has it in another case alone; else undefined.
 */
function inItsOwnCase({ request, site, peek }: Occurrence): ContractRequest | undefined {
  const named = NAMED_BY_PATHNAME[request.template]
  const sent = named === undefined ? undefined : request.params?.[named.param]
  if (named === undefined || typeof sent !== 'string' || !sent.startsWith('/') || site === undefined) return undefined
  const listed = peek({ method: 'GET', template: named.list, query: { siteId: site, limit: 100, includeOffline: named.list === PAGES ? 'true' : undefined }, key: request.key }).body
  const owns = listData(listed).flatMap((item) => (isObject(item) && typeof item.pathname === 'string' && item.pathname !== sent && item.pathname.toLowerCase() === sent.toLowerCase() ? [item.pathname] : []))
  if (owns.length !== 1) return undefined
  const own = { ...request, params: { ...request.params, [named.param]: owns[0]! } }
  // Only a key that reads it there shows how the lookup matches.
  return peek({ ...own, method: 'GET', body: undefined }).status === 200 ? own : undefined
}

/** The site's pages (offline ones included) and routes, as the oracle holds them. */
function siteLists({ peek, request }: Occurrence, siteId: string): { pages: unknown[]; routes: unknown[] } {
  const read = (template: string, query: ContractRequest['query']): unknown[] => {
    const listed = peek({ method: 'GET', template, query: { siteId, limit: 100, ...query }, key: request.key }).body
    return listData(listed)
  }
  return { pages: read(PAGES, { includeOffline: 'true' }), routes: read(ROUTES, {}) }
}

/** A listed page's pathname and its localizations'. */
function pathnamesOfPage(page: unknown): string[] {
  if (!isObject(page)) return []
  const localizations = Array.isArray(page.localizations) ? page.localizations : []
  return [page, ...localizations].flatMap((held: unknown) => (isObject(held) && typeof held.pathname === 'string' ? [held.pathname] : []))
}

/** A listed route's pathname. */
const pathnamesOfRoute = (route: unknown): string[] => (isObject(route) && typeof route.pathname === 'string' ? [route.pathname] : [])

/**
 * A `pathPrefix` that some page's pathname begins with in another case alone (`/Blog/x` for
 * `/blog`). The published OpenAPI: "pathname that begins with this value"; whether a deployment
 * compares pathnames in any case (as one whose pathnames conflict in any case does), no document
 * says. The list of a deployment that does is taken as it gives it. Read on GET /v6/pages alone: a
 * site's page list may hold pages its filters leave out, or take no prefix at all (sitePagesQuery),
 * so a page in another case there shows nothing of how the prefix is compared.
 */
export const PATH_PREFIX_CASE: StatusClass<'pathPrefixCase'> = {
  choice: 'pathPrefixCase',
  applies: ({ request, oracle, peek }) => {
    const prefix = request.query?.pathPrefix
    if (request.method !== 'GET' || request.template !== PAGES || typeof prefix !== 'string' || oracle.status !== 200) return false
    const listed = peek({ ...request, query: { ...request.query, pathPrefix: undefined, startingAfter: undefined, limit: 100 } }).body
    const pages = listData(listed)
    return pages.some((page) => isObject(page) && typeof page.pathname === 'string' && !page.pathname.startsWith(prefix) && page.pathname.toLowerCase().startsWith(prefix.toLowerCase()))
  },
  alternative: ({ status, body }, { request }) => {
    const prefix = String(request.query?.pathPrefix)
    if (status !== 200 || !isObject(body) || !Array.isArray(body.data)) return undefined
    if (body.data.some((page) => isObject(page) && typeof page.pathname === 'string' && !page.pathname.startsWith(prefix))) return 'any-case'
    // Only a whole list shows that the page in another case is left out: a page of it may have cut it off.
    return body.hasMore === false && request.query?.startingAfter === undefined ? 'exact' : undefined
  },
  follow: (alternative) => (alternative === 'any-case' ? { kind: 'taken' } : undefined),
}

/**
 * A page list in a locale that not every page has a localization in. The published OpenAPI: "The
 * locale code to filter pages by", and a page's locale "defaults to the default locale of the
 * parent site": a deployment may list only the pages localized in it (sitemock), or every page,
 * each in that locale where it has one. A list of the second kind is taken as it is given.
 */
export const LOCALE_FILTER_SCOPE: StatusClass<'localeFilterScope'> = {
  choice: 'localeFilterScope',
  applies: (occurrence) => {
    const { request, oracle } = occurrence
    if (request.method !== 'GET' || (request.template !== PAGES && request.template !== SITE_PAGES) || typeof request.query?.locale !== 'string') return false
    if (request.query.startingAfter !== undefined || oracle.status !== 200) return false
    const { all, localized } = sizes(occurrence)
    return all > localized
  },
  alternative: (reply, occurrence) => {
    if (reply.status !== 200 || !isObject(reply.body) || !Array.isArray(reply.body.data)) return undefined
    const limit = Number(occurrence.request.query?.limit ?? 20)
    const { all, localized } = sizes(occurrence)
    const length = reply.body.data.length
    return length === Math.min(limit, all) ? 'all' : length === Math.min(limit, localized) ? 'localized' : undefined
  },
  follow: (alternative) => (alternative === 'all' ? { kind: 'taken' } : undefined),
  // A page both readings fill alike (limit=0, or a limit below both) fits either, and is taken as given.
  fits: (alternative, occurrence) => {
    const limit = Number(occurrence.request.query?.limit ?? 20)
    const { all, localized } = sizes(occurrence)
    return Math.min(limit, all) === Math.min(limit, localized) ? ['all', 'localized'] : [alternative]
  },
}

/** How many pages the list holds without its locale, and with it, as the oracle holds them. */
function sizes({ request, peek }: Occurrence): { all: number; localized: number } {
  const count = (query: ContractRequest['query']): number => {
    const listed = peek({ ...request, query: { ...request.query, startingAfter: undefined, limit: 100, ...query } }).body
    return listData(listed).length
  }
  return { all: count({ locale: undefined }), localized: count({}) }
}

/** The code a locale create or rename sends, else undefined. */
function localeCodeWritten(request: ContractRequest): string | undefined {
  const code = isObject(request.body) ? request.body.locale : undefined
  const writes = (request.method === 'POST' && request.template === LOCALES) || (request.method === 'PATCH' && request.template === LOCALE)
  return writes && typeof code === 'string' ? code : undefined
}

/**
 * For a locale create or rename, the oracle's id of the deleted locale of the site with the code
 * it sends, as the oracle held it before the request: the request is its last, and one that
 * revives or discards that locale leaves none after it. Read at once, before a class follows the
 * target and the oracle's last request changes.
 */
export function deletedLocaleBefore(oracle: Oracle, request: ContractRequest, site: string | undefined): string | undefined {
  const code = localeCodeWritten(request)
  if (code === undefined || site === undefined) return undefined
  return oracle.beforeLast((mock) => mock.store.locales.deletedByCode(site, code)?.id)
}

/** For a request naming a locale by a UUID in its path, whether the oracle held that locale as deleted before the request. */
export function deletedLocaleNamedBefore(oracle: Oracle, request: ContractRequest): boolean {
  const named = request.params?.localeIdOrCode
  if (typeof named !== 'string' || !isUuid(named)) return false
  return oracle.beforeLast((mock) => {
    const locale = mock.store.locales.byId.get(named.toLowerCase())
    return locale !== undefined && locale.deletedAt !== null
  })
}

/**
 * A deleted locale read by its id. The published OpenAPI's Get Locale "Returns a locale by its ID
 * or locale code." and declares no 404; Restore Locale "Restores a previously deleted locale.", so
 * a deleted locale still exists. A deployment may answer it 404, as gone (sitemock), or 200 with the
 * locale as it was (AIP-164's soft delete): the oracle then makes that choice and answers again,
 * so the body is still compared and later reads of it, by any key, are answered alike.
 */
export const DELETED_LOCALE_READ: StatusClass<'deletedLocaleRead'> = {
  choice: 'deletedLocaleRead',
  applies: ({ request, oracle, deletedLocaleNamed }) => request.method === 'GET' && request.template === LOCALE && oracle.status === 404 && deletedLocaleNamed === true,
  alternative: ({ status, body }, { request, targetOf }) => {
    const named = String(request.params?.localeIdOrCode).toLowerCase()
    // A 200 shows the locale read by its id only where it answers that very locale: the oracle's answer names it by the oracle's id, the target's by its own.
    if (status === 200 && !(isObject(body) && (body.id === named || body.id === targetOf?.(named)))) return undefined
    return alternativeOfStatus('deletedLocaleRead', status)
  },
  follow: (alternative) => (alternative === 'by-id' ? { kind: 'chosen', choices: { deletedLocaleRead: 'by-id' } } : undefined),
}

/** Whether a deleted locale of the site had the domain a locale create or update sends, before the request. */
export function deletedDomainBefore(oracle: Oracle, request: ContractRequest, site: string | undefined): boolean {
  const domain = isObject(request.body) ? request.body.domain : undefined
  const writes = (request.method === 'POST' && request.template === LOCALES) || (request.method === 'PATCH' && request.template === LOCALE)
  if (typeof domain !== 'string' || site === undefined || !writes) return false
  return oracle.beforeLast((mock) => mock.store.locales.deletedWithDomain(site, domain))
}

/**
 * A locale given the domain a deleted locale of the site had. Whether a deleted locale still holds
 * its domain (for its restore) no document says, as for its code: a deployment may free it
 * (sitemock) or refuse the domain with a 409 while the deleted locale may come back. Held apart
 * from the codes (`deletedLocaleCode (domains)`): a deployment may keep one and free the other.
 */
export const DELETED_LOCALE_DOMAIN: StatusClass<'deletedLocaleCode'> = {
  choice: 'deletedLocaleCode',
  scope: () => 'domains',
  applies: ({ oracle, deletedDomain }) => success(oracle.status) && deletedDomain === true,
  alternative: ({ status }) => (status === 409 ? 'reserved' : success(status) ? 'free' : undefined),
  // A create taken may also have revived a deleted locale of its code: that is the codes' class.
  fits: (alternative) => (alternative === 'free' ? ['free', 'revived'] : [alternative]),
  follow: (alternative) => (alternative === 'reserved' ? { kind: 'refused' } : undefined),
}

/**
 * A locale created or renamed with the code of a deleted locale of the site. The published
 * OpenAPI restores "a previously deleted locale", and its 409 is for a resource that already
 * exists; whether a deleted locale still holds its code, no document says: a deployment may free
 * it (sitemock), keep it for the restore and refuse it with a 409, or bring it back by the create
 * (its own id again; a rename onto its code discards it). A rename taken shows no more than that
 * the code was free to take: it fits `revived` too.
 */
export const DELETED_LOCALE_CODE: StatusClass<'deletedLocaleCode'> = {
  choice: 'deletedLocaleCode',
  applies: ({ request, oracle, deletedLocale }) => localeCodeWritten(request) !== undefined && success(oracle.status) && deletedLocale !== undefined,
  alternative: ({ status, body }, { request, deletedLocale, targetOf }) => {
    if (status === 409) return 'reserved'
    if (!success(status)) return undefined
    const id = request.method === 'POST' && isObject(body) ? body.id : undefined
    // The oracle's answer names the deleted locale by the oracle's id, the target's by its own.
    return id !== undefined && deletedLocale !== undefined && (id === deletedLocale || id === targetOf?.(deletedLocale)) ? 'revived' : 'free'
  },
  fits: (alternative, { request }) => (request.method === 'PATCH' && alternative === 'free' ? ['free', 'revived'] : [alternative]),
  follow: (alternative) => (alternative === 'reserved' ? { kind: 'refused' } : alternative === 'revived' ? { kind: 'chosen', choices: { deletedLocaleCode: 'revived' } } : undefined),
}

/** Writes that name a site. */
const SITE_NAMING = new Set([`POST ${SITES}`, `PATCH ${SITE}`, `POST ${SITE_DUPLICATE}`])

/**
 * A site created, renamed or copied with the name another site of the sequence has, in any case.
 * No document says a site's name is unique: a deployment may let sites share one (sitemock), or
 * refuse the second with a 409 ("creating a resource that already exists").
 */
export const SITE_NAMES: StatusClass<'siteNames'> = {
  choice: 'siteNames',
  applies: (occurrence) => {
    const { request, oracle, site, sites = [], peek, workspaceSiteNames } = occurrence
    const name = isObject(request.body) ? request.body.name : undefined
    if (typeof name !== 'string' || !success(oracle.status) || !SITE_NAMING.has(`${request.method} ${request.template}`)) return false
    // A site of the workspace the sequences did not make (an earlier check's), which the oracle does not hold.
    if (workspaceSiteNames?.has(name.toLowerCase()) === true) return true
    // A renamed site has the name itself now: only the others count.
    const others = request.method === 'PATCH' ? sites.filter((id) => id !== site) : sites
    return others.some((siteId) => {
      const read = peek({ method: 'GET', template: SITE, params: { siteId }, key: request.key })
      return read.status === 200 && isObject(read.body) && typeof read.body.name === 'string' && read.body.name.toLowerCase() === name.toLowerCase()
    })
  },
  alternative: ({ status }) => alternativeOfStatus('siteNames', status),
  follow: (alternative) => (alternative === 'unique' ? { kind: 'refused' } : undefined),
}
