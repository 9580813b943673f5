import { alternativeOfStatus } from '../../freedom/statuses.js'
import { UNSHOWN_ROUTE_OPERATIONS } from '../../freedom/route-operations.js'
import { isUuid } from '../../contracts/uuid.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_DUPLICATE, SITE_PAGES } from '../endpoints.js'
import { detailFields } from '../exchange-rules.js'
import type { ContractRequest } from '../http-client.js'
import { isEmptyList, isObject, listData, success, type Occurrence, type Reply, type StatusClass } from './freedom-class.js'
import { ORACLE_APP_KEY, type Answer } from './oracle.js'

// Classes of what a deployment serves and how: its keys, where its route operations are, what
// makes a locale's domain its own, what publishes a page.

/**
 * A site's `publicApiKey` sent as the `x-api-key`. The specification: a Site API key is "a UUID",
 * and a site's publicApiKey a "publishable key a host can use to fetch page and component data";
 * neither document says that the one is the other. A deployment may take it as the site's Site
 * key (sitemock), or keep its Site keys apart and answer it 401 as no key it knows, or 403 as a
 * valid key without permission for this API ("a valid key without permission for the resource
 * yields 403"), or as a key for the site's published pages alone (`live-pages`: a page list or
 * read asking `versionRef=ref:live` answered as the Site key would; `published-pages`: a page
 * list, read or site page list asking no other version answered with the live versions), or as a
 * read-only key for rendering its site (`online-pages`: its locale lists and reads, and its page
 * lists and reads in any version, answered as the Site key would, but a list asking
 * `includeOffline=true` and a read of a page offline in the version read refused), or as a key
 * that fetches single resources of its site alone (`single-resources`: a read of its site, a
 * locale, a page in any version, online or not, or a route answered as the Site key would, every
 * list and every write refused), or as a key that reads its site's pages alone (`pages`: its page
 * lists and reads in any version, offline pages included, answered as the Site key would), or as
 * one for rendering and previewing its site (`site-and-pages`: those and a read of its site), or as
 * one that reads its site's configuration alone (`configuration`: a read of its site, its locale
 * list and locale reads, no page and no route), or as a read-only key for its site (`reads`: a read
 * of its site, its locale list and reads, and its page lists and reads in any version, offline
 * pages included; its routes only where publicApiKeyRoutes says so, and no write). A 403
 * to any other read then fits `forbidden` and each of those that refuses it, and an answered read
 * `site-key` and each of those that answers it: the run holds the target to what all its answers
 * fit. A page list of live versions where the oracle lists drafts, or a 404 to a read of a page
 * the oracle has never published, shows `published-pages`, which the oracle then chooses; a locale
 * read or a draft page read answered where the oracle refuses the key its site shows
 * `online-pages`, and a draft read of an offline page, or a draft list asking for the offline
 * pages, answered there shows `pages`, which it chooses likewise; a site read answered, a locale
 * read refused and a draft read answered together narrow to `site-and-pages` (a site read fits the
 * keys for live, published or online pages too, which may read their site besides:
 * publicApiKeySiteRead), and a site read and a locale list answered and a page list refused to
 * `configuration`, and a site read, a locale list and a page list answered and a route list
 * refused to `reads` (whose refused writes are siteKeyWrites', as a Site key's are). Any other
 * 403 tells nothing: a Site key's write its deployment refuses (siteKeyWrites), a site not its own,
 * or the oracle refusing the publicApiKey as well.
 */
export const PUBLIC_API_KEY_AS_SITE_KEY: StatusClass<'publicApiKeyAsSiteKey'> = {
  choice: 'publicApiKeyAsSiteKey',
  applies: ({ runSiteKey, oracle }) => runSiteKey === true && oracle.status !== 401,
  // A 400 or 404 may be answered before any key is judged (a route operation served elsewhere): it tells nothing.
  alternative: (reply, occurrence) => {
    const { request, oracle } = occurrence
    const { status } = reply
    if (status === 401) return 'not-a-key'
    // A 400 or 404 of the oracle is input it judged before the key, which a deployment refusing the key may never judge.
    if (status === 403) return request.method === 'GET' && (success(oracle.status) || oracle.status === 400 || oracle.status === 404) ? 'forbidden' : undefined
    if (status === 404) return readsNoLiveVersion(occurrence) ? 'published-pages' : undefined
    if (!success(status)) return undefined
    // A locale read answered where the oracle reads the key its pages as published alone: whether it reads the locales too is publicApiKeyLocales'.
    if (ownLocaleRead(occurrence) && oracleReadsPublishedAlone(occurrence)) return undefined
    // A read beyond the published pages answered where the oracle refuses the key its site: the key reads what rendering the site takes.
    // Answered beyond what a key for rendering reads (a draft of an offline page): a key that reads every page.
    if (!publishedPageRead(request)) return renderingRead(request) && siteBeyondOracleKey(occurrence) ? (readsOnline(occurrence) ? 'online-pages' : 'pages') : 'site-key'
    // A page read answered whose key the oracle refuses its own site: the oracle's live-pages or published-pages, which
    // its answer to the read without a version tells.
    if (siteBeyondOracleKey(occurrence)) return !livePageRead(request) || oracleReadsUnsaid(occurrence) ? 'published-pages' : 'live-pages'
    return listsLiveVersions(reply, occurrence) ? 'published-pages' : 'site-key'
  },
  fits: (alternative, occurrence) => {
    // A 404 to a read of a page never published is published-pages' alone: a Site key reads its draft;
    // to a page offline in the version read, online-pages' too, where offline pages are invisible to the key (publicApiKeyOfflinePages).
    if (alternative === 'not-a-key') return [alternative]
    if (occurrence.target.status === 404) return alternative !== 'online-pages' && offlineClassOf(occurrence) ? [alternative, 'online-pages'] : [alternative]
    // A refusal fits each alternative that refuses the request; an answer, site-key and each that answers it.
    // A route read of its own site fits each that reads pages either way: whether it reads routes is publicApiKeyRoutes';
    // a read of its own site each that reads pages and no site of itself: whether it reads the site is publicApiKeySiteRead's;
    // so does the offline pages' list or read online-pages: whether it is refused them, does not see them or reads them is publicApiKeyOfflinePages'.
    const refused = alternative === 'forbidden'
    const eitherWay = (candidate: string): boolean =>
      (PAGE_READERS.has(candidate) && ownRouteRead(occurrence)) ||
      (SITE_READERS.has(candidate) && ownSiteRead(occurrence)) || (candidate === 'online-pages' && offlineClassOf(occurrence))
    return PUBLIC_KEY_ALTERNATIVES.filter((candidate) => answers(candidate, occurrence) !== refused || eitherWay(candidate))
  },
  // A deployment that reads its pages as published to the key: the oracle does too, and answers the read again.
  follow: (alternative) =>
    alternative === 'not-a-key' || alternative === 'forbidden' ? { kind: 'refused' } : alternative === 'published-pages' || alternative === 'online-pages' || alternative === 'pages' ? { kind: 'chosen', choices: { publicApiKeyAsSiteKey: alternative } } : undefined,
  decisive: (alternative) => alternative === 'not-a-key' || alternative === 'forbidden',
  // A read the oracle answers shows the key refused, and so does a read of the key's own site, which a Site key reaches whatever
  // the input: another's 403 where the oracle refused the input may be access judged first.
  establishes: (alternative, { oracle, ownSiteKey }) => alternative !== 'forbidden' || ownSiteKey || success(oracle.status),
}

/**
 * A route list or route read of a site with its `publicApiKey`, where the key reads the site's
 * pages alone (publicApiKeyAsSiteKey live-pages, published-pages, online-pages, pages, site-and-pages, reads: the
 * oracle refuses it the site, or the locale list, and answers it the live page list). The documents call the key a "publishable key a
 * host can use to fetch page and component data for rendering the site", and do not say whether
 * the routes a host renders with are such data: a deployment may refuse them (sitemock) or answer
 * them as the site's Site key would (`read`), which the oracle then does too. Read before
 * publicApiKeyAsSiteKey, so that the routes' answer is this class's, not a reach of the key's own.
 */
export const PUBLIC_API_KEY_ROUTES: StatusClass<'publicApiKeyRoutes'> = {
  choice: 'publicApiKeyRoutes',
  applies: (occurrence) => occurrence.runSiteKey === true && ownRouteRead(occurrence) && oracleReadsPagesAlone(occurrence),
  alternative: ({ status }) => alternativeOfStatus('publicApiKeyRoutes', status),
  follow: (alternative) => ({ kind: 'chosen', choices: { publicApiKeyRoutes: alternative } }),
}

/**
 * A read of a site with its `publicApiKey`, where the key reads the site's pages and not of itself
 * the site (publicApiKeyAsSiteKey live-pages, published-pages, online-pages, pages: the oracle
 * answers it the live page list and refuses it the site, or answers it the site only as it may
 * answer such a key besides). The documents call the key a "publishable key a host can use to fetch page and
 * component data for rendering the site", and do not say whether the site a host renders, its own
 * record, is such data: a deployment may refuse it (sitemock) or answer it as the site's Site key
 * would (`read`), which the oracle then does too. Read before publicApiKeyAsSiteKey, so that the
 * site's answer is this class's, not a reach of the key's own; and still once the oracle reads the
 * key its site, so that the run holds the target to it.
 */
export const PUBLIC_API_KEY_SITE_READ: StatusClass<'publicApiKeySiteRead'> = {
  choice: 'publicApiKeySiteRead',
  applies: (occurrence) => occurrence.runSiteKey === true && ownSiteRead(occurrence) && oracleReadsPagesNotSite(occurrence),
  alternative: ({ status }) => alternativeOfStatus('publicApiKeySiteRead', status),
  follow: (alternative) => ({ kind: 'chosen', choices: { publicApiKeySiteRead: alternative } }),
}

/**
 * A locale list or locale read of a site with its `publicApiKey`, where the key reads the site's
 * pages as published alone (publicApiKeyAsSiteKey live-pages, published-pages: the oracle answers
 * it the live page list and refuses it the drafts). The documents call the key a "publishable key
 * a host can use to fetch page and component data for rendering the site", and do not say whether
 * the locales a host renders the pages in are such data: a deployment may refuse them (sitemock)
 * or answer them as the site's Site key would (`read`), which the oracle then does too. Read
 * before publicApiKeyAsSiteKey, so that the locales' answer is this class's, not a sign of a key
 * for rendering the site (online-pages), which reads the drafts too: where the oracle reads the key
 * so, publicApiKeyAsSiteKey reads nothing of an answered locale read. Where it does not yet (no
 * probes ran), an answered locale read fits the keys that read locales of themselves alone, and a
 * key for live pages that reads them is then held by its own reach (key-reach.ts).
 */
export const PUBLIC_API_KEY_LOCALES: StatusClass<'publicApiKeyLocales'> = {
  choice: 'publicApiKeyLocales',
  applies: (occurrence) => occurrence.runSiteKey === true && ownLocaleRead(occurrence) && oracleReadsPublishedAlone(occurrence),
  alternative: ({ status }) => alternativeOfStatus('publicApiKeyLocales', status),
  follow: (alternative) => ({ kind: 'chosen', choices: { publicApiKeyLocales: alternative } }),
}

/**
 * A page list asking `includeOffline=true`, or a read of a page offline in the version read, with
 * a site's `publicApiKey`, where the key reads the site's locales and online pages
 * (publicApiKeyAsSiteKey online-pages: the oracle refuses it the site and answers it the locale
 * list). The documents call the key a "publishable key a host can use to fetch page and component
 * data for rendering the site", and `includeOffline` "The flag that determines whether to include
 * offline pages in the results", and do not say whether such a key is refused the offline pages,
 * does not see them, or reads them: a deployment may refuse them (sitemock, a 403), hide them
 * (`hidden`: the list answered with the online pages alone, the read a 404) or read them as the
 * Site key does (`read`: the list shows them, the read answers the offline page), which the oracle
 * then does too. Read before publicApiKeyAsSiteKey, so that the answer is this class's, not a
 * reach of the key's own. A 403 to a page read, or to a list asking a version, shows `refused`
 * only where a list asking none showed it (a deployment may refuse the key a version, a draft,
 * whatever the page's state), and a list's 404 `hidden` only where an answered list showed it. A
 * list answered without offline pages fits `hidden` and `read` alike unless it tells them apart
 * (listReading), and so does a list's 404 (a cursor no page of the list names); where a page does
 * not, the whole list read to judge it may (sequence.ts offlineReadOfWhole).
 */
export const PUBLIC_API_KEY_OFFLINE_PAGES: StatusClass<'publicApiKeyOfflinePages'> = {
  choice: 'publicApiKeyOfflinePages',
  applies: (occurrence) => occurrence.runSiteKey === true && ownOfflineRead(occurrence) && oracleReadsOnlinePages(occurrence),
  alternative: (reply, occurrence) => {
    const { status, body } = reply
    const { request } = occurrence
    if (status === 403) return 'refused'
    // The offline page answered as it is: read (an online one is the target's state apart from the oracle's, no choice of this class).
    if (request.template === PAGE) return status === 404 ? 'hidden' : success(status) && isObject(body) && body.isOnline === false ? 'read' : undefined
    // A list answered with a cursor judged (which a refused key never reaches): a cursor no page of the list names, to either.
    if (status === 404) return 'hidden'
    return success(status) ? listReading(reply, occurrence).alternative : undefined
  },
  fits: (alternative, occurrence) => {
    const { request, target } = occurrence
    if (alternative === 'refused' || request.template === PAGE) return [alternative]
    return success(target.status) && listReading(target, occurrence).told ? [alternative] : ['hidden', 'read']
  },
  follow: (alternative) => ({ kind: 'chosen', choices: { publicApiKeyOfflinePages: alternative } }),
  // A 403 to a read, or to a list asking a version, may refuse the version (a key for live pages
  // alone refuses drafts): a list asking none shows refused. A list's 404 may be its cursor's,
  // judged before access where existence goes first: an answer shows hidden. An offline page
  // answered shows read wherever it is.
  establishes: (alternative, { request, target }) => {
    if (alternative === 'refused') return request.template !== PAGE && request.query?.versionRef === undefined
    if (alternative === 'read') return true
    return request.template === PAGE || success(target.status)
  },
}

/** Whether a list's items hold an offline page. */
const showsOffline = (body: unknown): boolean => listData(body).some((item) => isObject(item) && item.isOnline === false)

/** Whether the list's cursor is a page offline in its draft, as the App key reads it. */
const cursorOffline = ({ request, peek }: Occurrence): boolean => {
  const cursor = request.query?.startingAfter
  if (cursor === undefined) return false
  const page = peek({ method: 'GET', template: PAGE, params: { pageIdOrPathname: String(cursor) }, key: ORACLE_APP_KEY })
  return success(page.status) && isObject(page.body) && page.body.isOnline === false
}

/** An id no page has, as a list's cursor: how the oracle answers a cursor that names nothing (unknownCursor). */
const NO_PAGE = '00000000-0000-4000-8000-0000000ff11e'

/**
 * Which of `hidden` and `read` a page list answered with a 200 shows, and whether it tells it
 * (`told`) or a key of the other may answer alike. A list that shows offline pages reads them.
 * Without a cursor, the number of pages listed tells, where the App key lists more with the
 * offline ones than without (which pages fill a page the order may leave free, not how many).
 * After an offline page (the cursor), a key that reads it lists what follows it, and one that does
 * not see it takes the cursor for one that names nothing (unknownCursor): pages listed are read,
 * unless such a cursor lists from the start, where the pages the App key lists after it (whatever
 * their order) lean to read, any others to hidden, neither told; an empty list leans to hidden.
 * After any other cursor the two may answer alike.
 */
function listReading(reply: Reply, occurrence: Occurrence): { alternative: 'hidden' | 'read'; told: boolean } {
  const { request, peek } = occurrence
  if (showsOffline(reply.body)) return { alternative: 'read', told: true }
  const asApp = peek({ ...request, key: ORACLE_APP_KEY })
  const listed = listData(reply.body).length
  if (request.query?.startingAfter === undefined) {
    const withOffline = listData(asApp.body).length
    const online = listData(peek({ ...request, query: { ...request.query, includeOffline: 'false' }, key: ORACLE_APP_KEY }).body).length
    if (withOffline !== online && listed === withOffline) return { alternative: 'read', told: true }
    return { alternative: 'hidden', told: withOffline !== online && listed === online }
  }
  if (!cursorOffline(occurrence)) return { alternative: 'hidden', told: false }
  if (listed === 0) return { alternative: 'hidden', told: false }
  const unknown = peek({ ...request, query: { ...request.query, startingAfter: NO_PAGE }, key: ORACLE_APP_KEY })
  if (!(success(unknown.status) && listData(unknown.body).length > 0)) return { alternative: 'read', told: true }
  return { alternative: listsAsApp(reply, asApp, occurrence) ? 'read' : 'hidden', told: false }
}

/** Whether the target's list holds the very pages the App key's lists (by the target's ids), whatever their order. */
const listsAsApp = (reply: Reply, asApp: Answer, { targetOf }: Occurrence): boolean => {
  if (targetOf === undefined) return false
  const ids = (items: unknown[], of: (id: string) => string | undefined): string => JSON.stringify(items.map((item) => (isObject(item) ? of(String(item.id)) : undefined)).sort())
  return ids(listData(reply.body), (id) => id) === ids(listData(asApp.body), targetOf)
}

/**
 * A page list of the key's own site asking the offline pages too, or a read of one of its pages
 * that is offline in the version read, as the oracle's App key reads it: what a publicApiKey that
 * reads online pages alone is refused, or does not see (publicApiKeyOfflinePages).
 */
const ownOfflineRead = (occurrence: Occurrence): boolean => {
  const { request, ownSiteKey, peek } = occurrence
  if (!ownSiteKey || request.method !== 'GET') return false
  if (request.template === PAGES || request.template === SITE_PAGES) return request.query?.includeOffline === 'true'
  if (request.template !== PAGE) return false
  const page = peek({ ...request, key: ORACLE_APP_KEY })
  return success(page.status) && isObject(page.body) && page.body.isOnline === false
}

/** Whether the target's answer is one of publicApiKeyOfflinePages' alternatives to an offline pages' list or read: a key for online pages whichever it is. */
const offlineClassOf = (occurrence: Occurrence): boolean => ownOfflineRead(occurrence) && PUBLIC_API_KEY_OFFLINE_PAGES.alternative(occurrence.target, occurrence) !== undefined

/** Whether the oracle takes the request's key as one that reads its site's locales and online pages (online-pages): its site beyond it, its locale list answered. */
const oracleReadsOnlinePages = (occurrence: Occurrence): boolean => {
  const { request, site, peek } = occurrence
  return site !== undefined && siteBeyondOracleKey(occurrence) && success(peek({ method: 'GET', template: LOCALES, query: { siteId: site }, key: request.key }).status)
}

/**
 * A route list or route read with a Site key. The specification: "a valid key without permission
 * for the resource yields 403 `forbidden`", and no document says what a Site key has permission
 * for: a deployment may let it read its site's routes (sitemock) or refuse it every route request,
 * a 403 as soon as the key is known (`refused`), which the oracle then does too. Read where the
 * oracle takes the key as a Site key that reaches the request (it neither refuses it nor reads the
 * site's pages alone with it: that is publicApiKeyRoutes'), and before publicApiKeyAsSiteKey, so
 * that a run site's publicApiKey refused the routes alone is this class's, not a reach of its own.
 */
export const SITE_KEY_ROUTES: StatusClass<'siteKeyRoutes'> = {
  choice: 'siteKeyRoutes',
  applies: (occurrence) => {
    const { request, oracle } = occurrence
    if (request.method !== 'GET' || (request.template !== ROUTES && request.template !== ROUTE)) return false
    return typeof request.key === 'string' && isUuid(request.key) && oracle.status !== 401 && oracle.status !== 403 && !oracleReadsPagesAlone(occurrence)
  },
  alternative: ({ status }) => alternativeOfStatus('siteKeyRoutes', status),
  follow: (alternative) => ({ kind: 'chosen', choices: { siteKeyRoutes: alternative } }),
  // A 403 to another site's key may be that site refused (the oracle's 404 its existence judged first); one to its own site's key
  // is the routes refused where it reads one route: a list refused may be a key that fetches single resources alone (publicApiKeyAsSiteKey).
  establishes: (alternative, { ownSiteKey, request }) => alternative === 'read' || (ownSiteKey && request.template === ROUTE),
  // Refused, the request's input and target were never judged: no later class reads anything of it.
  decisive: (alternative) => alternative === 'refused',
}

/** A route list or route read of the key's own site: what a publicApiKey that reads its site's pages may read too (publicApiKeyRoutes). */
const ownRouteRead = ({ request, ownSiteKey }: Occurrence): boolean => ownSiteKey && request.method === 'GET' && (request.template === ROUTES || request.template === ROUTE)

/** The publicApiKeyAsSiteKey alternatives whose key reads its site's pages, and may read its routes too (publicApiKeyRoutes). */
const PAGE_READERS: ReadonlySet<string> = new Set(['live-pages', 'published-pages', 'online-pages', 'pages', 'site-and-pages', 'reads'])

/** A locale list or locale read of the key's own site: what a publicApiKey that reads its site's pages as published alone may read too (publicApiKeyLocales). */
const ownLocaleRead = ({ request, ownSiteKey }: Occurrence): boolean => ownSiteKey && request.method === 'GET' && (request.template === LOCALES || request.template === LOCALE)

/** Whether the oracle takes the request's key as one that reads its site's pages as published alone (live-pages, published-pages): its live page list answered, its drafts refused. */
const oracleReadsPublishedAlone = (occurrence: Occurrence): boolean => {
  const { request, site, peek } = occurrence
  return site !== undefined && oracleReadsLivePages(occurrence) && peek({ method: 'GET', template: PAGES, query: { siteId: site, versionRef: 'ref:draft' }, key: request.key }).status === 403
}

/** A read of the key's own site: what a publicApiKey that reads its site's pages and not the site may read too (publicApiKeySiteRead). */
const ownSiteRead = ({ request, ownSiteKey }: Occurrence): boolean => ownSiteKey && request.method === 'GET' && request.template === SITE

/**
 * Of those, the ones that read no site of themselves, and may read it too (publicApiKeySiteRead). A
 * key for the site's pages in any version that reads the site (pages) answers as site-and-pages
 * does, and is read so, as the probes learn it.
 */
const SITE_READERS: ReadonlySet<string> = new Set(['live-pages', 'published-pages', 'online-pages'])

/**
 * Whether the oracle takes the request's key as one that reads its site's pages alone: its site
 * beyond it, or (a key that reads the site too, site-and-pages) its locale list, and its live page list answered.
 */
const oracleReadsPagesAlone = (occurrence: Occurrence): boolean => {
  const { request, site, peek } = occurrence
  if (site === undefined || !oracleReadsLivePages(occurrence)) return false
  return siteBeyondOracleKey(occurrence) || peek({ method: 'GET', template: LOCALES, query: { siteId: site }, key: request.key }).status === 403
}

/** Whether the oracle takes the request's key as one that reads its site's pages and not of itself the site (live-pages, published-pages, online-pages, pages). */
const oracleReadsPagesNotSite = (occurrence: Occurrence): boolean => oracleReadsLivePages(occurrence) && siteBeyondOracleKey(occurrence)

/** Whether the oracle answers the request's key the live page list of the site the request is about. */
const oracleReadsLivePages = ({ request, site, peek }: Occurrence): boolean =>
  site !== undefined && success(peek({ method: 'GET', template: PAGES, query: { siteId: site, versionRef: 'ref:live' }, key: request.key }).status)

/**
 * The Site key (the publicApiKey) of a site the sequence made and deleted. The specification: "A
 * missing or invalid key yields 401 `unauthorized`; a valid key without permission for the
 * resource yields 403 `forbidden`"; whether a deleted site's key is invalid, or valid without
 * permission, neither document says. sitemock forgets it (401); a deployment may still know it and
 * refuse it where it refuses a key without permission: a 403, or, where that comes after the
 * input or the target (validationOrder, accessOrder), the 400 or 404 they earn first. A 404 of a
 * route operation served elsewhere (routeOperations) comes before any key: it tells nothing.
 */
export const DELETED_SITE_KEY: StatusClass<'deletedSiteKey'> = {
  choice: 'deletedSiteKey',
  applies: (occurrence) => {
    const { request, oracle, runSiteKey } = occurrence
    return runSiteKey === true && oracle.status === 401 && typeof request.key === 'string' && isUuid(request.key) && !keyOfLiveSite(occurrence)
  },
  alternative: ({ status }, occurrence) => {
    const { request } = occurrence
    if (status === 401) return '401'
    // A 404 comes before the key's refusal only where what the request names is not there.
    return status === 403 || status === 400 || (status === 404 && !UNSHOWN_ROUTE_OPERATIONS.has(`${request.method} ${request.template}`) && namesNothing(occurrence)) ? '403' : undefined
  },
  // The oracle refused the key and changed nothing: the target's refusal stands, its code checked.
  follow: (alternative, { target }) => (alternative === '403' ? { kind: 'expect', answer: { status: target.status, body: { code: REFUSAL_CODE[target.status] } } } : undefined),
  // Either answer is the key's: no later class reads the input behind it.
  decisive: () => true,
}

const REFUSAL_CODE: Readonly<Record<number, string>> = { 400: 'bad_request', 403: 'forbidden', 404: 'not_found' }

/** The read of what a request names in its path, by the template that reads it. */
const READ_OF: Readonly<Record<string, string>> = { [SITE]: SITE, [SITE_DUPLICATE]: SITE, [SITE_PAGES]: SITE, [LOCALE]: LOCALE, [LOCALE_RESTORE]: LOCALE, [PAGE]: PAGE, [ROUTE]: ROUTE }

/**
 * Whether what the request names is missing on the oracle's side, as the App key reads it: the
 * resource its path names, else the site its query or body names. A request that names nothing
 * missing has no 404 to earn before a key's refusal.
 */
function namesNothing({ request, peek }: Occurrence): boolean {
  const read = READ_OF[request.template]
  if (read !== undefined) return peek({ method: 'GET', template: read, params: request.params, query: { siteId: request.query?.siteId }, key: ORACLE_APP_KEY }).status === 404
  const siteId = request.query?.siteId ?? (isObject(request.body) ? request.body.siteId : undefined)
  return typeof siteId === 'string' && peek({ method: 'GET', template: SITE, params: { siteId }, key: ORACLE_APP_KEY }).status === 404
}

/**
 * Whether the request's key is the publicApiKey of a site of the sequence the oracle still holds.
 * Without the sequence's sites (`sites` left out) none is found: the oracle, which holds every
 * live site the sequence made, refused the key, so its site is gone.
 */
/** Whether the request's key is the publicApiKey of a site that is not deleted. */
export const keyOfLiveSite = ({ request, sites = [], peek }: Occurrence): boolean =>
  sites.some((siteId) => {
    const read = peek({ method: 'GET', template: SITE, params: { siteId }, key: ORACLE_APP_KEY })
    return read.status === 200 && isObject(read.body) && read.body.publicApiKey === request.key
  })

/** A page list or page read that asks for the live version, all a publicApiKey for live pages alone reaches. */
const livePageRead = ({ method, template, query }: ContractRequest): boolean => method === 'GET' && (template === PAGES || template === PAGE) && query?.versionRef === 'ref:live'

/** A page list, page read or site page list that asks no version but the live one, all a publicApiKey for published pages reaches. */
const publishedPageRead = ({ method, template, query }: ContractRequest): boolean =>
  method === 'GET' && (template === PAGES || template === PAGE || template === SITE_PAGES) && (query?.versionRef === undefined || query.versionRef === 'ref:live')

/** A locale list or read, or a page list, read or site page list in any version, all a publicApiKey for rendering its site reaches. */
const renderingRead = ({ method, template }: ContractRequest): boolean => method === 'GET' && [LOCALES, LOCALE, PAGES, PAGE, SITE_PAGES].includes(template)

/**
 * Whether a publicApiKey for rendering its site (online-pages) reads what the request asks: a
 * rendering read, but no page list asking for the offline pages, nor a page offline in the version
 * read, as the oracle's App key reads it.
 */
const readsOnline = ({ request, peek }: Occurrence): boolean => {
  if (!renderingRead(request)) return false
  if (request.template !== PAGE) return request.template === LOCALES || request.template === LOCALE || request.query?.includeOffline !== 'true'
  const page = peek({ ...request, key: ORACLE_APP_KEY })
  return !(success(page.status) && isObject(page.body) && page.body.isOnline === false)
}

/** A read of one resource (a site, a locale, a page in any version, a route), all a publicApiKey for its site's single resources reaches. */
const singleRead = ({ method, template }: ContractRequest): boolean => method === 'GET' && [SITE, LOCALE, PAGE, ROUTE].includes(template)

/** A page list, page read or site page list in any version, offline pages included, all a publicApiKey for its site's pages reaches. */
const pageRead = ({ method, template }: ContractRequest): boolean => method === 'GET' && [PAGES, PAGE, SITE_PAGES].includes(template)

/** A page read as above or a read of a site, all a publicApiKey for rendering and previewing its site reaches. */
const siteOrPageRead = (request: ContractRequest): boolean => pageRead(request) || (request.method === 'GET' && request.template === SITE)

/** A read of a site, a locale list or a locale read, all a publicApiKey for its site's configuration reaches. */
const configurationRead = ({ method, template }: ContractRequest): boolean => method === 'GET' && [SITE, LOCALES, LOCALE].includes(template)

/** Either of the two above, all a read-only publicApiKey for its site reaches. */
const siteDataRead = (request: ContractRequest): boolean => pageRead(request) || configurationRead(request)

const PUBLIC_KEY_ALTERNATIVES = ['site-key', 'forbidden', 'live-pages', 'published-pages', 'online-pages', 'single-resources', 'pages', 'site-and-pages', 'configuration', 'reads'] as const

/** Whether a deployment of the alternative answers the request to the publicApiKey (as its Site key would) rather than refusing it. */
const answers = (alternative: (typeof PUBLIC_KEY_ALTERNATIVES)[number], occurrence: Occurrence): boolean => {
  const { request } = occurrence
  if (alternative === 'online-pages') return readsOnline(occurrence)
  if (alternative === 'single-resources') return singleRead(request)
  if (alternative === 'pages') return pageRead(request)
  if (alternative === 'site-and-pages') return siteOrPageRead(request)
  if (alternative === 'configuration') return configurationRead(request)
  if (alternative === 'reads') return siteDataRead(request)
  return alternative === 'site-key' || (alternative === 'live-pages' ? livePageRead(request) : alternative === 'published-pages' && publishedPageRead(request))
}

/** Whether the oracle answers the read without its versionRef: it reads published pages to the key, not live pages alone. */
const oracleReadsUnsaid = ({ request, peek }: Occurrence): boolean => {
  const query = Object.fromEntries(Object.entries(request.query ?? {}).filter(([name]) => name !== 'versionRef'))
  return success(peek({ ...request, query }).status)
}

/**
 * Whether the request reads a page the App key reads and that has no live version, or lists pages
 * from one: a 404 of a key that reads live versions alone. Asked without a version, or from a
 * list, that is published-pages; asked in any version (a key that reads live versions whatever
 * the request asks), a reach of its own.
 */
export const readsNoLiveVersion = (occurrence: Occurrence, anyVersion = false): boolean => readsUnpublished(occurrence, anyVersion) || cursorUnpublished(occurrence)

/** Whether the request reads (without a version, unless `anyVersion`) a page the oracle has a draft of and no live version of. */
const readsUnpublished = ({ request, oracle, peek }: Occurrence, anyVersion: boolean): boolean => {
  if (request.method !== 'GET' || request.template !== PAGE || (!anyVersion && request.query?.versionRef !== undefined)) return false
  // The oracle has the page: it answered the read, or, where it refuses the publicApiKey the page
  // (online-pages, a page offline), the App key reads it.
  const asApp = { ...request, key: ORACLE_APP_KEY }
  const has = success(oracle.status) || success(peek(asApp).status)
  return has && peek({ ...asApp, query: { ...request.query, versionRef: 'ref:live' } }).status === 404
}

/**
 * Whether a page list's cursor names a page the App key reads that has no live version: a list of
 * live versions has no such item, and a deployment answers its cursor as one outside the list.
 */
const cursorUnpublished = ({ request, peek }: Occurrence): boolean => {
  const cursor = request.query?.startingAfter
  if (request.method !== 'GET' || (request.template !== PAGES && request.template !== SITE_PAGES) || cursor === undefined) return false
  const read: ContractRequest = { method: 'GET', template: PAGE, params: { pageIdOrPathname: String(cursor) }, key: ORACLE_APP_KEY }
  return success(peek(read).status) && peek({ ...read, query: { versionRef: 'ref:live' } }).status === 404
}

/**
 * Whether a page list answered to the key lists the pages of the oracle's live list where its
 * draft list has others (a page never published): the live versions, unasked for.
 */
const listsLiveVersions = (reply: Reply, { request, oracle, peek, targetOf }: Occurrence): boolean => {
  if (request.template === PAGE || request.query?.versionRef !== undefined || targetOf === undefined) return false
  const ids = (body: unknown): string => JSON.stringify(listData(body).map((item) => (isObject(item) ? item.id : undefined)))
  const theirs = (body: unknown): string => JSON.stringify(listData(body).map((item) => (isObject(item) ? targetOf(String(item.id)) : undefined)))
  const live = theirs(peek({ ...request, query: { ...request.query, versionRef: 'ref:live' } }).body)
  return live !== theirs(oracle.body) && ids(reply.body) === live
}

/**
 * Whether the site the request is about is beyond what the request's key reads of itself, as the
 * oracle takes the key: the oracle refuses it the site, or answers it the site only as it may
 * answer a key for the site's pages besides (publicApiKeySiteRead read), a key that is then no
 * Site key: its live pages answered, and a read a Site key makes refused, its drafts (live-pages,
 * published-pages) or, where its locales are answered (online-pages), its pages asked with the
 * offline ones (refused, or fewer than the App key's where it does not see those,
 * publicApiKeyOfflinePages hidden). A key for the site's pages in any version that reads the site
 * (pages) answers as site-and-pages does, and is read so.
 */
const siteBeyondOracleKey = (occurrence: Occurrence): boolean => {
  const { request, site, peek } = occurrence
  if (site === undefined) return false
  const read = peek({ method: 'GET', template: SITE, params: { siteId: site }, key: request.key }).status
  if (read === 403) return true
  if (!success(read) || !oracleReadsLivePages(occurrence)) return false
  const asKey = (query: Record<string, string | number>, key = request.key): Answer => peek({ method: 'GET', template: PAGES, query: { siteId: site, ...query }, key })
  if (asKey({ versionRef: 'ref:draft' }).status === 403) return true
  if (!success(peek({ method: 'GET', template: LOCALES, query: { siteId: site }, key: request.key }).status)) return false
  const offline = asKey({ includeOffline: 'true', limit: 100 })
  return offline.status === 403 || (success(offline.status) && listData(offline.body).length < listData(asKey({ includeOffline: 'true', limit: 100 }, ORACLE_APP_KEY).body).length)
}

/**
 * A route operation no document shows (create, list, read, delete: the specification names
 * creating a route among the endpoints not shown, and shows only the update). sitemock serves
 * them under /v2/routes; a deployment may serve them elsewhere, and answer 404 there whatever the
 * request (no key, another site's key, a route's id).
 */
export const ROUTE_OPERATIONS: StatusClass<'routeOperations'> = {
  choice: 'routeOperations',
  applies: ({ request, oracle }) => UNSHOWN_ROUTE_OPERATIONS.has(`${request.method} ${request.template}`) && oracle.status !== 404,
  // A route read or delete the oracle answers itself (a route it has) tells nothing: a deployment
  // that makes no route there has none to answer, so that answer is a divergence of its own.
  alternative: ({ status }, { request, oracle }) =>
    status !== 404 && status !== 405 ? 'served' : request.template === ROUTES || !success(oracle.status) ? 'elsewhere' : undefined,
  follow: (alternative, { request }) =>
    alternative !== 'elsewhere' ? undefined : request.method === 'POST' ? { kind: 'refused' } : { kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } },
  decisive: (alternative) => alternative === 'elsewhere',
  // A 404 where the oracle answers otherwise may be another rule's too (a cursor that names no
  // item, access judged after existence): only a list without a cursor, or a create, that the
  // oracle takes shows the operations served elsewhere.
  establishes: (alternative, { request, oracle }) => alternative !== 'elsewhere' || (request.template === ROUTES && request.query?.startingAfter === undefined && success(oracle.status)),
}

/**
 * A route create sent with `skipValidation`. The specification documents the parameter on Update
 * Route alone and names creating a route among the operations it does not show: a deployment's
 * create may take it (sitemock), or not know it and refuse it as an unknown parameter, a 400
 * naming it, or ignore it. Any other answer (a create made, or refused on another rule) is one
 * to a parameter taken or ignored: it fits both, and shows no difference from the oracle's. The
 * target's refusal then stands for the oracle's create, which the oracle takes back.
 */
export const ROUTE_CREATE_SKIP_VALIDATION: StatusClass<'routeCreateSkipValidation'> = {
  choice: 'routeCreateSkipValidation',
  applies: ({ request }) => request.method === 'POST' && request.template === ROUTES && request.query?.skipValidation !== undefined,
  alternative: ({ status, body }) => (status === 400 && detailFields(body).includes('skipValidation') ? 'unknown' : 'taken'),
  follow: (alternative) => (alternative === 'unknown' ? { kind: 'refused' } : undefined),
  fits: (alternative) => (alternative === 'taken' ? ['taken', 'unknown'] : [alternative]),
  // The refusal is the parameter's: no later class reads the input behind it.
  decisive: (alternative) => alternative === 'unknown',
}

/**
 * A locale created or changed with a `domain` another locale of the site has. The specification:
 * a locale's domain is the "domain URL used for domain-based localization", and a 409 is for
 * "creating a resource that already exists"; whether a domain names one locale only, no document
 * says: a deployment may let locales share it (sitemock), or refuse the second with a 409.
 */
export const LOCALE_DOMAINS: StatusClass<'localeDomains'> = {
  choice: 'localeDomains',
  applies: (occurrence) => {
    const { site } = occurrence
    const domain = domainWritten(occurrence)
    // After the oracle's write the locale itself has the domain: another one has it too.
    return domain !== undefined && site !== undefined && withDomain(occurrence, site, domain) > 1
  },
  alternative: ({ status }) => (status === 409 ? 'unique' : success(status) ? 'shared' : undefined),
  follow: (alternative) => (alternative === 'unique' ? { kind: 'refused' } : undefined),
}

/**
 * The same, with a domain a locale of another site has: a deployment may hold a domain to one
 * locale of all its sites (`unique-everywhere`: a domain serves one site), or take it (a domain
 * `shared` across sites, whether or not it is `unique` within one: that is the class above).
 */
export const LOCALE_DOMAINS_ACROSS_SITES: StatusClass<'localeDomains'> = {
  choice: 'localeDomains',
  scope: () => 'other sites',
  // A locale its site's delete may have kept (siteDeleteChildren) may hold the domain too: the
  // oracle deleted it, so only a 409 shows anything then.
  applies: (occurrence) => {
    const domain = domainWritten(occurrence)
    return domain !== undefined && occurrence.site !== undefined && (inAnotherSite(occurrence, domain) || (occurrence.orphanDomains?.().includes(domain) ?? false))
  },
  alternative: ({ status }, occurrence) => {
    if (status === 409) return 'unique-everywhere'
    const domain = domainWritten(occurrence)
    return success(status) && domain !== undefined && inAnotherSite(occurrence, domain) ? 'shared' : undefined
  },
  follow: (alternative) => (alternative === 'unique-everywhere' ? { kind: 'refused' } : undefined),
}

/** Whether a live locale of another site of the sequence has the domain, as the oracle holds them. */
const inAnotherSite = (occurrence: Occurrence, domain: string): boolean => (occurrence.sites ?? []).some((other) => other !== occurrence.site && withDomain(occurrence, other, domain) > 0)

/** The domain a locale create or update the oracle took sets. */
function domainWritten({ request, oracle }: Occurrence): string | undefined {
  const domain = isObject(request.body) ? request.body.domain : undefined
  if (typeof domain !== 'string' || !success(oracle.status)) return undefined
  return (request.method === 'POST' && request.template === LOCALES) || (request.method === 'PATCH' && request.template === LOCALE) ? domain : undefined
}

/** How many live locales of the site have the domain, as the oracle holds them. */
function withDomain({ peek, request }: Occurrence, siteId: string, domain: string): number {
  const listed = peek({ method: 'GET', template: LOCALES, query: { siteId, limit: 100 }, key: request.key }).body
  const locales = listData(listed)
  return locales.filter((locale) => isObject(locale) && locale.domain === domain).length
}

/**
 * What publishes a page. The published OpenAPI reads a page's `ref:live` ("Live/published
 * version"), and the specification's `publishedAt` is the "publication time"; no operation of
 * either document is said to publish. sitemock publishes only through its control plane, so its
 * oracle, unless it follows a learned choice, has no live version; a deployment may publish a
 * page as it goes online (`going-online`; one that publishes a page as it is created,
 * newPagePublished, shows the same here). Its live reads are then taken as it gives them: a page
 * is live by its own publishing, which the oracle does not hold. Only a live version the oracle
 * lacks shows the class; none shows nothing.
 */
export const LIVE_VERSIONS: StatusClass<'pagePublishing'> = {
  choice: 'pagePublishing',
  applies: ({ request, oracle }) => request.method === 'GET' && request.query?.versionRef === 'ref:live' && (oracle.status === 404 || isEmptyList(oracle)),
  // A live version without a publication time is no published one (`publishedAt`, "publication time").
  alternative: (reply) => (reply.status === 200 && !isEmptyList(reply) && livePages(reply.body).every((page) => isObject(page) && typeof page.publishedAt === 'string') ? 'going-online' : undefined),
  follow: (alternative) => (alternative === 'going-online' ? { kind: 'taken' } : undefined),
}

/**
 * Whether a page that went offline keeps a live version. The specification's `isOnline` is
 * "whether the page is online" and the published OpenAPI's `ref:live` the "Live/published
 * version", listed with offline pages where `includeOffline` asks; whether a live version that
 * went offline with its page is still there, neither says. sitemock keeps it, shown offline; a
 * deployment may withdraw it until the page goes online again (`withdrawn`): its live read of
 * such a page is a 404, which the oracle then answers too. (Its live lists: sequence.ts freePage.)
 */
export const OFFLINE_LIVE_VERSION: StatusClass<'offlineLiveVersion'> = {
  choice: 'offlineLiveVersion',
  applies: ({ request, oracle }) => request.method === 'GET' && request.template === PAGE && request.query?.versionRef === 'ref:live' && oracle.status === 200 && isObject(oracle.body) && oracle.body.isOnline === false,
  alternative: (reply) => (reply.status === 404 ? 'withdrawn' : reply.status === 200 && isObject(reply.body) && reply.body.isOnline === false ? 'kept' : undefined),
  follow: (alternative) => (alternative === 'withdrawn' ? { kind: 'chosen', choices: { offlineLiveVersion: 'withdrawn' } } : undefined),
}

/** The pages of a live read: the page, or a list's items. */
const livePages = (body: unknown): unknown[] => (isObject(body) && Array.isArray(body.data) ? body.data : [body])
