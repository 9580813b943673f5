import { alternativeOfStatus } from '../../freedom/statuses.js'
import { isUuid } from '../../contracts/uuid.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, SITE, SITE_DUPLICATE, SITE_PAGES, SITES } from '../endpoints.js'
import { detailFields } from '../exchange-rules.js'
import { namesRestoredLocale } from '../restore-live.js'
import type { ContractRequest } from '../http-client.js'
import type { Oracle } from './oracle.js'
import { isEmptyList, isObject, listData, success, type Follow, type Occurrence, type Reply, type StatusClass } from './freedom-class.js'
import { LIMIT_ABOVE_MAXIMUM, LIMIT_ZERO } from './freedom-limit.js'
import { EMPTY_LOCALE_QUERY, LOCALE_LOOKUP_CASE, LOCALE_LOOKUP_SPELLING, PAGE_READ_UNKNOWN_LOCALE, PATHNAME_LOOKUP_LOCALE } from './freedom-locale-codes.js'
import { DELETED_LOCALE_CODE, DELETED_LOCALE_DOMAIN, DELETED_LOCALE_READ, LOCALE_FILTER_SCOPE, PATHNAME_CONFLICT_CASE, PATHNAME_LOOKUP_CASE, PATH_PREFIX_CASE, REPEATED_DELETE, SITE_NAMES, SKIP_VALIDATION_CONFLICTS } from './freedom-lifecycle.js'
import { DELETED_SITE_KEY, LIVE_VERSIONS, LOCALE_DOMAINS, LOCALE_DOMAINS_ACROSS_SITES, OFFLINE_LIVE_VERSION, PUBLIC_API_KEY_AS_SITE_KEY, PUBLIC_API_KEY_OFFLINE_PAGES, PUBLIC_API_KEY_LOCALES, PUBLIC_API_KEY_ROUTES, PUBLIC_API_KEY_SITE_READ, readsNoLiveVersion, ROUTE_CREATE_SKIP_VALIDATION, ROUTE_OPERATIONS, SITE_KEY_ROUTES } from './freedom-surface.js'

export { readOnlyPeek, type Follow, type Occurrence, type Reply, type StatusClass } from './freedom-class.js'

/**
 * What a Site key may write. The specification says only that a key without permission gets 403
 * and that a site's key is "publishable ... to fetch page and component data": a deployment may
 * let it write its own site's data, or keep it read-only. It may also let the key change its own
 * site and keep its pages, locales and routes read-only: each family is a class of its own, so
 * the catalogue's routes-refused, pages-only, pages-refused and locales-refused are their refused
 * families' `refused` and the others' `allowed`.
 */
// A site's duplicate is a write of its own: a deployment may let a Site key change its site and not copy it.
const familyOf = (template: string): string => (template === SITE_DUPLICATE ? 'sites (duplicate)' : (template.split('/')[2] ?? template))
/** The id a Site key's writes to a family are adopted under. */
export const siteKeyWritesClass = (template: string): string => `siteKeyWrites (${familyOf(template)})`

const SITE_KEY_WRITES: StatusClass<'siteKeyWrites'> = {
  choice: 'siteKeyWrites',
  scope: ({ request }) => familyOf(request.template),
  applies: ({ request, ownSiteKey, oracle }) => ownSiteKey && request.method !== 'GET' && oracle.status !== 403,
  alternative: ({ status }) => (status === 403 ? 'refused' : success(status) ? 'allowed' : undefined),
  follow: (alternative) => (alternative === 'refused' ? { kind: 'refused' } : undefined),
}

/**
 * A site list asked with a Site key. The specification says only that a key without permission
 * gets 403; a deployment may refuse a Site key the workspace's list (sitemock), or answer it with
 * what the key reaches. The list is then taken as the target gives it.
 */
const SITE_KEY_SITE_LIST: StatusClass<'siteKeySiteList'> = {
  choice: 'siteKeySiteList',
  applies: ({ request, oracle, runSiteKey, sites = [], peek }) => {
    if (request.method !== 'GET' || request.template !== SITES) return false
    if (typeof request.key !== 'string' || !isUuid(request.key) || oracle.status !== 403) return false
    // A run site's publicApiKey is a Site key only where it reaches its site (publicApiKeyAsSiteKey);
    // one that reaches nothing is refused as a key, which says nothing of Site keys.
    return runSiteKey !== true || sites.some((siteId) => peek({ method: 'GET', template: SITE, params: { siteId }, key: request.key }).status === 200)
  },
  // A 403 tells nothing for sure: the target's list may start after a site of the workspace the key
  // does not reach. A cursor's 400 or 404 says the list was let through to its cursor, which names no
  // item of what the key reaches (the oracle judged the input sound: its 403 came after it).
  // (The cursor is the planner's: one the oracle does not know is left out of the oracle's request.)
  alternative: ({ status }, { classes }) => (status === 200 || (classes.startingAfter !== undefined && (status === 400 || status === 404)) ? 'own-site' : undefined),
  follow: (alternative) => (alternative === 'own-site' ? { kind: 'taken' } : undefined),
}

/**
 * A cursor that is no item of the list (unknown, deleted, of another list). The specification:
 * "the next request passes the `id` of the last item", nothing about other ids: a 400, a 404, an
 * empty page or the items after its place are each a deployment's answer. An id that never was
 * is `unknownCursor`'s; an item of another list (another site's, another family's) `foreignCursor`'s;
 * one the list's filters leave out (or a deleted locale) `cursorOutsideList`'s;
 * a site, page or route a delete removed `deletedCursor`'s, whose `unknown` is unknownCursor's answer.
 * Each kind of cursor is a class of its own, as a deployment may know a deleted item's place and
 * not another list's.
 */
const cursorKinds = ({ classes }: Occurrence): readonly string[] => classes.startingAfter ?? ['unknown']
const neverAnItem = (occurrence: Occurrence): boolean => cursorKinds(occurrence).every((kind) => kind === 'unknown' || kind === 'malformed')

// Each list is a class of its own: a deployment may walk one list by a keyset that any id positions
// and another only from an item of its own (a learned choice's reading of "another list" may differ
// from one list to another too).
const cursorScope = (occurrence: Occurrence): string => `${cursorKinds(occurrence).join(', ')} of ${occurrence.request.template}`

function cursorApplies({ request, oracle, target, classes, peek }: Occurrence): boolean {
  if (request.method !== 'GET' || request.query?.startingAfter === undefined) return false
  if (oracle.status === 400) return detailFields(oracle.body).every((field) => field === 'startingAfter')
  // A list that is empty without the cursor (a locale the site lacks, a prefix nothing has):
  // whether a deployment judges the cursor or the filters first, no document says; on either side.
  const whole = peek(uncursored(request))
  if ((isEmptyList(oracle) || isEmptyList(target)) && isEmptyList(whole)) return true
  // An oracle that follows the target's learned choices answers such a cursor as its choice
  // says; whether an item of another list is "left out by the list" or "no item at all" is the
  // deployment's own reading, so the class is the cursor's kind, when the list itself answers.
  // (A deleted locale's place is the learned cursorOutsideList's, which the oracle follows.)
  const outside = (classes.startingAfter ?? []).some((kind) => kind.startsWith('from another'))
  return outside && whole.status === 200
}

/** What a cursor's answer shows: its refusal, its 404, an empty page, or the items after its place. */
function cursorAnswer({ status, body }: Reply, { request, peek }: Occurrence): '400' | '404' | 'empty-list' | 'after-place' | undefined {
  if (status === 400) return detailFields(body).includes('startingAfter') ? '400' : undefined
  if (status === 404) return '404'
  if (status !== 200 || !isObject(body) || !Array.isArray(body.data)) return undefined
  // An empty page of a list that is empty without the cursor, or of no items at all, tells nothing of the cursor.
  if (body.data.length === 0 && (asksNoItems(request) || isEmptyList(peek(uncursored(request))))) return undefined
  return body.data.length === 0 ? 'empty-list' : 'after-place'
}

function followCursor(alternative: '400' | '404' | 'empty-list' | 'after-place' | 'refused-unreached'): Follow | undefined {
  if (alternative === 'refused-unreached') return { kind: 'expect', answer: { status: 403, body: { code: 'forbidden' } } }
  if (alternative === '400') return { kind: 'expect', answer: { status: 400, body: { code: 'bad_request' } } }
  if (alternative === '404') return { kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } }
  if (alternative === 'empty-list') return { kind: 'expect', answer: { status: 200, body: { object: 'list', data: [], hasMore: false } } }
  return undefined
}

/**
 * A cursor naming a site, page or route a delete removed (the planner's "deleted item"; a deleted
 * locale is soft-deleted, an item its list leaves out). The specification: "the next request
 * passes the `id` of the last item of `data`", nothing of an item gone since: a deployment may
 * take it for an id of nothing (as unknownCursor answers it), or go on after the place it had.
 */
const namesRemoved = ({ request, classes }: Occurrence): boolean => request.template !== LOCALES && (classes.startingAfter ?? []).includes('deleted item')

/** The list, answered without its cursor, is answered with it as the cursor decides: the cursor is all that is judged. */
function deletedCursorApplies(occurrence: Occurrence): boolean {
  const { request, oracle, peek } = occurrence
  if (request.method !== 'GET' || request.query?.startingAfter === undefined || !namesRemoved(occurrence)) return false
  if (oracle.status === 400 && !detailFields(oracle.body).every((field) => field === 'startingAfter')) return false
  return peek(uncursored(request)).status === 200
}

/** A page of no items (`limit=0`, where a deployment takes it). */
const asksNoItems = (request: ContractRequest): boolean => Number(request.query?.limit) === 0

/** An empty page of a list that is empty without its cursor, or of no items: the place after any item, or the filters (the limit) judged before the cursor. */
const emptyOfEmpty = (reply: Reply, { request, peek }: Occurrence): boolean => isEmptyList(reply) && (asksNoItems(request) || isEmptyList(peek(uncursored(request))))

const DELETED_CURSOR: StatusClass<'deletedCursor'> = {
  choice: 'deletedCursor',
  applies: deletedCursorApplies,
  alternative: (reply, occurrence) => {
    const shown = cursorAnswer(reply, occurrence)
    if (shown === undefined) return emptyOfEmpty(reply, occurrence) ? 'after-place' : undefined
    return shown === 'after-place' ? 'after-place' : 'unknown'
  },
  // The oracle holds no deleted item to place (it follows `unknown`): the target's page is taken as
  // it is. Its `unknown` is unknownCursor's answer, which that class then holds (it applies too).
  follow: (alternative, occurrence) => {
    if (alternative === 'after-place') return { kind: 'taken' }
    const shown = cursorAnswer(occurrence.target, occurrence)
    return shown === undefined ? undefined : followCursor(shown)
  },
  // An empty page is also the place after the last item; and under after-place a deleted page or
  // route the list leaves out (its filters, another site: the planner says only "deleted item") is
  // answered as cursorOutsideList says. A workspace's sites, listed with the App key, have neither.
  // An empty page of a list empty without the cursor fits both readings.
  fits: (alternative, occurrence) => {
    const { request, runSiteKey, target } = occurrence
    // The list from its start is also an id of nothing ignored (unknownCursor from-start).
    if (emptyOfEmpty(target, occurrence) || fromStart(target, occurrence)) return ['unknown', 'after-place']
    return alternative === 'after-place' || (request.template === SITES && runSiteKey !== true && !isEmptyList(target)) ? [alternative] : ['unknown', 'after-place']
  },
}

/**
 * A page of items that is the list's own first page, as the oracle lists it without the cursor (by
 * its ids or the target's): the cursor ignored, the list from its start (unknownCursor from-start).
 */
function fromStart(reply: Reply, { request, peek, targetOf }: Occurrence): boolean {
  const items = listData(reply.body)
  const whole = listData(peek(uncursored(request)).body)
  const idOf = (item: unknown): string | undefined => (isObject(item) && typeof item.id === 'string' ? item.id : undefined)
  if (reply.status !== 200 || items.length === 0 || items.length !== whole.length) return false
  return items.every((item, at) => {
    const [id, own] = [idOf(item), idOf(whole[at])]
    return id !== undefined && own !== undefined && (id === own || id === targetOf?.(own))
  })
}

const UNKNOWN_CURSOR: StatusClass<'unknownCursor'> = {
  choice: 'unknownCursor',
  scope: cursorScope,
  applies: (occurrence) => (neverAnItem(occurrence) && cursorApplies(occurrence)) || deletedCursorApplies(occurrence),
  // An id that never was has no place: items after one show no reading of it, unless they are the list from its start.
  alternative: (reply, occurrence) => {
    const shown = cursorAnswer(reply, occurrence)
    if (shown !== 'after-place') return shown
    return fromStart(reply, occurrence) ? 'from-start' : undefined
  },
  // Ignored, the cursor leaves the list as it is without one: the oracle lists it so in its place.
  follow: (alternative, { request }) => (alternative === 'from-start' ? { kind: 'resend', request: uncursored(request) } : followCursor(alternative)),
  // A deleted item's cursor is answered as unknownCursor says only under deletedCursor `unknown`:
  // under `after-place` one the list leaves out is cursorOutsideList's, which the planner does not
  // tell apart. The oracle follows the target's answer to it, and holds it to nothing more.
  fits: (alternative, occurrence) => (namesRemoved(occurrence) ? ['400', '404', 'empty-list', 'from-start'] : [alternative]),
}

/**
 * A Site key's site list (siteKeySiteList own-site) after another site of its workspace, which the
 * key does not reach: an item that list leaves out, or an id the key knows nothing of, as the
 * deployment reads it. Its answer is a class of its own, as cursorOutsideList's alternatives name it.
 */
function beyondSiteKey({ request, oracle, classes, peek }: Occurrence): boolean {
  if (request.method !== 'GET' || request.template !== SITES || typeof request.key !== 'string' || !isUuid(request.key)) return false
  // A 403 is the list's own refusal, siteKeySiteList's.
  if (oracle.status === 403 || !(classes.startingAfter ?? []).includes('from this list')) return false
  // A site of the workspace the sequence did not make is left out of the oracle's request: it is none of the key's.
  const cursor = request.query?.startingAfter
  return typeof cursor !== 'string' || peek({ method: 'GET', template: SITE, params: { siteId: cursor }, key: request.key }).status !== 200
}

const CURSOR_OUTSIDE_LIST: StatusClass<'cursorOutsideList'> = {
  choice: 'cursorOutsideList',
  scope: (occurrence) => (beyondSiteKey(occurrence) ? "a site its Site key's list leaves out" : cursorScope(occurrence)),
  applies: (occurrence) => (!neverAnItem(occurrence) && !namesRemoved(occurrence) && !namesForeign(occurrence) && cursorApplies(occurrence)) || beyondSiteKey(occurrence),
  // An empty page that tells nothing of the cursor (emptyOfEmpty) fits every reading, and is taken.
  alternative: (reply, occurrence) => {
    const shown = cursorAnswer(reply, occurrence) ?? (emptyOfEmpty(reply, occurrence) ? 'after-place' : undefined)
    return shown === 'after-place' && mayHoldPage(occurrence) ? undefined : shown
  },
  // Where such a site falls among the one site the key lists is the deployment's own: that page is
  // taken as the target gives it, and an empty one may be the place after the key's site too.
  follow: (alternative, occurrence) => (alternative === 'after-place' && (beyondSiteKey(occurrence) || emptyOfEmpty(occurrence.target, occurrence)) ? { kind: 'taken' } : followCursor(alternative)),
  fits: (alternative, occurrence) => {
    if (emptyOfEmpty(occurrence.target, occurrence)) return ['400', '404', 'empty-list', 'after-place']
    return alternative === 'empty-list' && beyondSiteKey(occurrence) ? ['empty-list', 'after-place'] : [alternative]
  },
}

/**
 * A site's page list after one of the site's own pages that the page list's filters leave out.
 * Which of its pages that list holds (offline ones, those a filter it may not take leaves out) is
 * the deployment's (sequence.ts sitePagesHeld): items after the page's place say only that it holds it.
 */
const mayHoldPage = ({ request, classes }: Occurrence): boolean => request.template === SITE_PAGES && (classes.startingAfter ?? []).includes('from this list')

/** A cursor the planner drew from another list: another site's ("from another site's list") or another family's. */
const namesForeign = ({ classes }: Occurrence): boolean => (classes.startingAfter ?? []).some((kind) => kind.startsWith('from another'))

/**
 * A cursor naming another site's item of the list's own family, live or deleted, sent with a Site
 * key (a run site's publicApiKey among them): an item the key does not reach. The planner draws its
 * cursors from the sites of the run, all of the App key's workspace, which that key reaches.
 */
const namesUnreached = ({ request, classes }: Occurrence): boolean =>
  typeof request.key === 'string' && isUuid(request.key) && (classes.startingAfter ?? []).some((kind) => kind === "from another site's list" || kind === 'of another site')

/**
 * The class a cursor of another list is adopted under. One the key does not reach is a class of
 * its own for each kind of list (the list, and for pages the version and the offline pages asked):
 * a deployment may refuse it (`refused-unreached`) and answer one the key reaches as `as-outside`
 * says; and a 403 there may be a publishable key's own refusal of that kind of list, not the
 * cursor's, which the run cannot tell at first sight.
 */
function foreignScope(occurrence: Occurrence): string {
  if (!namesUnreached(occurrence)) return cursorScope(occurrence)
  const { template, query = {} } = occurrence.request
  const asked = template === PAGES || template === SITE_PAGES ? `, versionRef ${String(query.versionRef ?? 'unsaid')}, includeOffline ${String(query.includeOffline ?? 'unsaid')}` : ''
  return `${cursorKinds(occurrence).join(', ')} its key does not reach, of ${template}${asked}`
}

/**
 * A cursor naming an item of another list. A deployment may answer it as one its filters leave out
 * (`as-outside`, choice cursorOutsideList), or tell it apart: a 404, a 400 or an empty page. Items
 * after it are read as `as-outside`; where such an item falls in this list's order is the
 * deployment's own, so the oracle takes that page as the target gives it.
 */
const FOREIGN_CURSOR: StatusClass<'foreignCursor'> = {
  choice: 'foreignCursor',
  scope: foreignScope,
  applies: (occurrence) => namesForeign(occurrence) && cursorApplies(occurrence),
  // An empty page of a list empty without the cursor tells nothing of it (emptyOfEmpty): the filters judged first, taken as it is.
  alternative: (reply, occurrence) => {
    const shown = cursorAnswer(reply, occurrence) ?? (emptyOfEmpty(reply, occurrence) ? 'after-place' : undefined)
    return shown === 'after-place' ? 'as-outside' : shown
  },
  follow: (alternative, occurrence) => (alternative === 'as-outside' || emptyOfEmpty(occurrence.target, occurrence) ? { kind: 'taken' } : followCursor(alternative)),
  // An empty page is also the place after every item of this list: a deployment that places the
  // item by its own values (as-outside, where cursorOutsideList is after-place) may find it last;
  // and a page with no live version has no place among live versions, which such a deployment
  // refuses as an item the list leaves out without a place to go on from.
  fits: (alternative, occurrence) => {
    if (emptyOfEmpty(occurrence.target, occurrence)) return ['400', '404', 'empty-list', 'as-outside', 'refused-unreached']
    if (alternative === 'empty-list') return ['empty-list', 'as-outside']
    const unplaced = occurrence.request.query?.versionRef === 'ref:live' && readsNoLiveVersion(occurrence)
    return alternative === '400' && unplaced ? ['400', 'as-outside'] : [alternative]
  },
}

/**
 * The same class where the key does not reach the cursor's item and the target answers 403: a
 * deployment that looks the cursor up among all its family's items refuses it as a resource the
 * key has no permission for (`refused-unreached`), where the oracle lets the key list the site
 * without the cursor. Read before the keys' classes, which would take that 403 for the key's own
 * reach (a publicApiKey refused, a Site key refused the routes), and decisive: the list was never walked.
 */
const UNREACHED_CURSOR: StatusClass<'foreignCursor'> = {
  choice: 'foreignCursor',
  scope: foreignScope,
  // Whatever the oracle made of the cursor (a deleted item is no item of its own), the list without it answered to the key.
  applies: (occurrence) => occurrence.request.method === 'GET' && occurrence.target.status === 403 && namesUnreached(occurrence) && success(occurrence.peek(uncursored(occurrence.request)).status),
  alternative: ({ status }) => (status === 403 ? 'refused-unreached' : undefined),
  follow: FOREIGN_CURSOR.follow,
  decisive: () => true,
}

/** The list without its cursor. */
const uncursored = (request: ContractRequest): ContractRequest => ({ ...request, query: { ...request.query, startingAfter: undefined } })

/** The read of what a lookup names, without its siteId. */
const readWithoutSiteId = (request: ContractRequest): ContractRequest => ({
  method: 'GET',
  template: request.template === LOCALE_RESTORE ? LOCALE : request.template,
  params: request.params,
  query: { ...request.query, siteId: undefined },
  key: request.key,
})
const withoutSiteId = (request: ContractRequest): ContractRequest => ({ ...request, query: { ...request.query, siteId: undefined } })

/** A 400 that names `siteId`: a siteId beside an id refused (or a malformed one, which the class leaves out). */
const namesSiteId = ({ status, body }: Reply): boolean => status === 400 && detailFields(body).includes('siteId')

/**
 * A `siteId` sent beside an id that names a resource of another site. The documents give siteId
 * to lookups by code or pathname; beside an id, a deployment may check it (404), ignore it, or
 * refuse it (a 400 naming siteId). Read where the oracle found nothing (or, following a learned
 * `refused`, refused the siteId) for a siteId of the right form, and the read without it answers.
 */
const SITE_ID_BESIDE_ID: StatusClass<'siteIdBesideId'> = {
  choice: 'siteIdBesideId',
  applies: ({ request, oracle, peek }) =>
    [LOCALE, LOCALE_RESTORE, PAGE, ROUTE].includes(request.template) &&
    isUuid(String(request.query?.siteId)) &&
    (oracle.status === 404 || namesSiteId(oracle)) &&
    peek(readWithoutSiteId(request)).status === 200,
  // Any other answer may be the lookup's without the siteId: the oracle asked so decides it. A
  // restore's 404 may be its own, nothing deleted to restore (restoreLiveLocale): it tells nothing.
  alternative: (reply, { request }) => (reply.status === 404 ? (request.template === LOCALE_RESTORE ? undefined : 'checked') : namesSiteId(reply) ? 'refused' : reply.status === 401 || reply.status === 403 ? undefined : 'ignored'),
  follow: (alternative, { request }) => {
    if (alternative === 'ignored') return { kind: 'resend', request: withoutSiteId(request) }
    // The oracle's 404 changed nothing: the target's refusal stands, its code checked.
    return alternative === 'refused' ? { kind: 'expect', answer: { status: 400, body: { code: 'bad_request' } } } : undefined
  },
}

/**
 * Restoring a locale that is not deleted. The published OpenAPI declares 400, 404 and 409 for the
 * restore without saying when; a deployment may also restore nothing and answer the live locale.
 * Only a restore by id names a live locale alone: a code may name a live locale and a deleted one
 * at once, whose restore a live code blocks (a conflict, whatever the class's alternative). The
 * locale was live before the request when the planner did not class it deleted: read after the
 * oracle's step, a locale it has just restored is live too.
 */
const RESTORE_LIVE_LOCALE: StatusClass<'restoreLiveLocale'> = {
  choice: 'restoreLiveLocale',
  // Live before the request as the oracle held it: a deployment may read a deleted locale by id (deletedLocaleRead), so a read does not tell.
  applies: ({ request, classes, peek, deletedLocaleNamed }) =>
    request.template === LOCALE_RESTORE &&
    isUuid(String(request.params?.localeIdOrCode)) &&
    !(classes.localeIdOrCode ?? []).includes('deleted') &&
    deletedLocaleNamed !== true &&
    peek({ ...request, method: 'GET', template: LOCALE, body: undefined }).status === 200,
  // A 400 is the class's only where it names the locale the path named (localeIdOrCode, or locale as a deployment was seen to word it).
  alternative: ({ status, body }) => (status === 400 && !namesRestoredLocale(body) ? undefined : alternativeOfStatus('restoreLiveLocale', status)),
  follow: (alternative, { request, peek }) => {
    if (alternative === '200') return { kind: 'expect', answer: peek({ ...request, method: 'GET', template: LOCALE, body: undefined }) }
    // The oracle's 409 changed nothing: the target's refusal stands for it, its code checked.
    return alternative === '400' ? { kind: 'refused' } : undefined
  },
}

/** A site update with `hostOrigin: null`. */
const nullOrigin = (request: ContractRequest): boolean => request.method === 'PATCH' && request.template === SITE && isObject(request.body) && request.body.hostOrigin === null

/** For a site update with a null hostOrigin, whether the site had an origin before it, as the oracle held it; else undefined. */
export function hadOriginBefore(oracle: Oracle, request: ContractRequest): boolean | undefined {
  if (!nullOrigin(request)) return undefined
  return oracle.beforeLast((mock) => (mock.store.sites.get(String(request.params?.siteId))?.hostOrigin ?? null) !== null)
}

/**
 * `hostOrigin: null` in a site update. The site's `hostOrigin` is "string (uri), nullable", but the
 * update's body types it a string: a deployment may clear the origin, refuse the null, or take it
 * as no change (the site keeps its origin). A site that had no origin answers null either way, so
 * there a null fits `unchanged` too.
 */
const HOST_ORIGIN_NULL: StatusClass<'hostOriginNull'> = {
  choice: 'hostOriginNull',
  applies: ({ request }) => nullOrigin(request),
  alternative: ({ status, body }) => {
    if (success(status)) return isObject(body) && body.hostOrigin !== null && body.hostOrigin !== undefined ? 'unchanged' : 'clears'
    return status === 400 && detailFields(body).includes('hostOrigin') ? 'refused' : undefined
  },
  fits: (alternative, { hadOrigin }) => (alternative === 'clears' && hadOrigin !== true ? ['clears', 'unchanged'] : [alternative]),
  // Taken as no change: the oracle makes that choice and answers the update again.
  follow: (alternative) => (alternative === 'refused' ? { kind: 'refused' } : alternative === 'unchanged' ? { kind: 'chosen', choices: { hostOriginNull: 'unchanged' } } : undefined),
}

/**
 * What a site's delete does to its locales, pages and routes. The published OpenAPI says "Deletes
 * a site." and nothing of what hangs below it; the specification does not describe the delete:
 * a deployment may delete them with the site (sitemock), or leave them to be read, changed and
 * deleted by id. Each family is adopted apart; the oracle, which deleted them, takes the answers
 * about a kept one as the target gives them, and holds only that the target keeps to its choice.
 */
const SITE_DELETE_CHILDREN: StatusClass<'siteDeleteChildren'> = {
  choice: 'siteDeleteChildren',
  scope: ({ orphan }) => `${orphan ?? 'child'}s`,
  applies: ({ orphan, oracle }) => orphan !== undefined && oracle.status === 404,
  alternative: ({ status }) => alternativeOfStatus('siteDeleteChildren', status),
  follow: (alternative) => (alternative === 'kept' ? { kind: 'taken' } : undefined),
}


/** Every class of freedom decided by a status, in the order they are tried (a limit above 100 first: asked again at 100, the oracle answers what the others read; a cursor naming another site's item before the keys' classes: a 403 to it is the cursor's, not the key's reach; a lookup's case before a delete sent again: a delete by a pathname in another case may have found another page). */
export const STATUS_CLASSES: readonly StatusClass[] = [LIMIT_ABOVE_MAXIMUM, LIMIT_ZERO, UNREACHED_CURSOR, PUBLIC_API_KEY_ROUTES, PUBLIC_API_KEY_OFFLINE_PAGES, SITE_KEY_ROUTES, PUBLIC_API_KEY_SITE_READ, PUBLIC_API_KEY_LOCALES, PUBLIC_API_KEY_AS_SITE_KEY, ROUTE_OPERATIONS, ROUTE_CREATE_SKIP_VALIDATION, DELETED_SITE_KEY, LOCALE_DOMAINS, LOCALE_DOMAINS_ACROSS_SITES, LIVE_VERSIONS, OFFLINE_LIVE_VERSION, SITE_KEY_WRITES, SITE_KEY_SITE_LIST, DELETED_CURSOR, UNKNOWN_CURSOR, CURSOR_OUTSIDE_LIST, FOREIGN_CURSOR, SITE_ID_BESIDE_ID, RESTORE_LIVE_LOCALE, HOST_ORIGIN_NULL, SITE_DELETE_CHILDREN, LOCALE_LOOKUP_CASE, LOCALE_LOOKUP_SPELLING, EMPTY_LOCALE_QUERY, PAGE_READ_UNKNOWN_LOCALE, PATHNAME_LOOKUP_LOCALE, PATHNAME_LOOKUP_CASE, REPEATED_DELETE, PATHNAME_CONFLICT_CASE, SKIP_VALIDATION_CONFLICTS, PATH_PREFIX_CASE, LOCALE_FILTER_SCOPE, DELETED_LOCALE_CODE, DELETED_LOCALE_DOMAIN, SITE_NAMES, DELETED_LOCALE_READ]
