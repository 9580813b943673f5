import { isUuid } from '../../api/uuid.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, ROUTE, ROUTES, SITE, unshownRouteAbsent } from '../endpoints.js'
import { detailFields } from '../exchange-rules.js'
import type { ContractRequest } from '../http-client.js'
import { canonicalLocaleCode } from '../../api/kept-input.js'
import type { Answer } from './oracle.js'
import type { Family } from './pools.js'

type Json = Record<string, unknown>

/** A status and a body: an answer of either side. */
export interface Reply {
  status: number
  body: unknown
}

/** One request the sequence sent, as a class of freedom reads it. */
export interface Occurrence {
  /** The request as the oracle received it. */
  request: ContractRequest
  oracle: Answer
  target: Reply
  /** The request's key is the Site key of the very site the request is about. */
  ownSiteKey: boolean
  /** The request's key is the Site key (the publicApiKey) of a site the sequence made, this one or another. */
  runSiteKey?: boolean
  /** The oracle's id of the site the request is about, when the sequence knows it. */
  site?: string
  /** The value class of each parameter, as the planner drew it (a cursor "unknown", "deleted item", ...). */
  classes: Readonly<Record<string, readonly string[]>>
  /** Reads the oracle's state without taking an instant: a GET only (readOnlyPeek). */
  peek(request: ContractRequest): Answer
  /**
   * The family of the locale, page or route the request names by id in its path, when that
   * resource still existed as its site was deleted (an orphan of the site's delete); else undefined.
   */
  orphan?: Family
}

/**
 * The oracle's peek for the classes, refusing all but reads: a write peeked at would change the
 * oracle's state behind the sequence's back.
 */
export const readOnlyPeek =
  (peek: (request: ContractRequest) => Answer) =>
  (request: ContractRequest): Answer => {
    if (request.method !== 'GET') throw new Error(`a class of freedom peeked at a ${request.method}: only reads leave the oracle as it was`)
    return peek(request)
  }

/**
 * How the oracle takes on an alternative of the target's: it takes back the write it made (the
 * target refused it; its error must still carry its status's code), sends another request in its
 * place, expects another answer of a request that changed nothing, or, where it holds nothing to
 * answer from (what it deleted and the target kept), takes the target's answer as it is.
 */
export type Follow = { kind: 'refused' } | { kind: 'resend'; request: ContractRequest } | { kind: 'expect'; answer: Reply } | { kind: 'taken' }

/**
 * A class of freedom decided by a status: the documents allow each of its alternatives, and a
 * deployment makes one choice for every request of the class. `alternative` reads which one an
 * answer shows (the target's or the oracle's), undefined when it shows none of them (another rule
 * answered first).
 */
export interface StatusClass {
  /** The class's id; the choice catalogue's id where it has one, with the input's kind where that makes it another class. */
  id(occurrence: Occurrence): string
  applies(occurrence: Occurrence): boolean
  alternative(reply: Reply, occurrence: Occurrence): string | undefined
  follow(alternative: string, occurrence: Occurrence): Follow | undefined
  /** Whether this alternative is the whole answer: no later class reads anything of it (a 404 of an operation served elsewhere, a 401 of no key). */
  decisive?(alternative: string): boolean
  /**
   * Whether this occurrence alone shows the alternative; when not (an answer other rules may
   * explain too), it is followed only once an occurrence that does has adopted it. Left out: always.
   */
  establishes?(alternative: string, occurrence: Occurrence): boolean
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const isEmptyList = ({ status, body }: Reply): boolean => status === 200 && isObject(body) && Array.isArray(body.data) && body.data.length === 0
const success = (status: number): boolean => status >= 200 && status < 300

/**
 * What a Site key may write. The specification says only that a key without permission gets 403
 * and that a site's key is "publishable ... to fetch page and component data": a deployment may
 * let it write its own site's data, or keep it read-only. It may also let the key change its own
 * site and keep its pages, locales and routes read-only: each family is a class of its own.
 */
export const siteKeyWritesClass = (template: string): string => `siteKeyWrites (${template.split('/')[2] ?? template})`

const SITE_KEY_WRITES: StatusClass = {
  id: ({ request }) => siteKeyWritesClass(request.template),
  applies: ({ request, ownSiteKey, oracle }) => ownSiteKey && request.method !== 'GET' && oracle.status !== 403,
  alternative: ({ status }) => (status === 403 ? 'refused' : success(status) ? 'allowed' : undefined),
  follow: (alternative) => (alternative === 'refused' ? { kind: 'refused' } : undefined),
}

/**
 * A cursor that is no item of the list (unknown, deleted, of another list). The specification:
 * "the next request passes the `id` of the last item", nothing about other ids: a 400, a 404, an
 * empty page or the items after its place are each a deployment's answer. Each kind of cursor is
 * a class of its own, as a deployment may know a deleted item's place and not an unknown id's.
 */
const UNKNOWN_CURSOR: StatusClass = {
  // An oracle's answer other than a 400 follows a learned choice, whose reading of "another list"
  // may differ from one list to another: then each list is a class of its own.
  id: ({ classes, oracle, request }) => `unknownCursor (${(classes.startingAfter ?? ['unknown']).join(', ')})${oracle.status === 400 ? '' : ` of ${request.template}`}`,
  applies: ({ request, oracle, classes, peek }) => {
    if (request.method !== 'GET' || request.query?.startingAfter === undefined) return false
    if (oracle.status === 400) return detailFields(oracle.body).every((field) => field === 'startingAfter')
    // A list that is empty without the cursor (a locale the site lacks, a prefix nothing has):
    // whether a deployment judges the cursor or the filters first, no document says.
    const whole = peek(uncursored(request))
    if (isEmptyList(oracle) && isEmptyList(whole)) return true
    // An oracle that follows the target's learned choices answers such a cursor as its choice
    // says; whether an item of another list is "left out by the list" or "no item at all" is the
    // deployment's own reading, so the class is the cursor's kind, when the list itself answers.
    // (A deleted item's place is the learned cursorOutsideList's, which the oracle follows.)
    const outside = (classes.startingAfter ?? []).some((kind) => kind.startsWith('from another'))
    return outside && whole.status === 200
  },
  alternative: (reply, { request, peek }) => {
    const { status, body } = reply
    if (status === 400) return detailFields(body).includes('startingAfter') ? '400' : undefined
    if (status === 404) return '404'
    if (status !== 200 || !isObject(body) || !Array.isArray(body.data)) return undefined
    // An empty page of a list that is empty without the cursor tells nothing of the cursor.
    if (body.data.length === 0 && isEmptyList(peek(uncursored(request)))) return undefined
    return body.data.length === 0 ? 'empty-list' : 'after-place'
  },
  follow: (alternative) => {
    if (alternative === '400') return { kind: 'expect', answer: { status: 400, body: { code: 'bad_request' } } }
    if (alternative === '404') return { kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } }
    if (alternative === 'empty-list') return { kind: 'expect', answer: { status: 200, body: { object: 'list', data: [], hasMore: false } } }
    return undefined
  },
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

/**
 * A `siteId` sent beside an id that names a resource of another site. The documents give siteId
 * to lookups by code or pathname; beside an id, a deployment may check it (404) or ignore it.
 */
const SITE_ID_BESIDE_ID: StatusClass = {
  id: () => 'siteIdBesideId',
  applies: ({ request, oracle, peek }) =>
    [LOCALE, LOCALE_RESTORE, PAGE, ROUTE].includes(request.template) && request.query?.siteId !== undefined && oracle.status === 404 && peek(readWithoutSiteId(request)).status === 200,
  // Any other answer may be the lookup's without the siteId: the oracle asked so decides it.
  alternative: ({ status }) => (status === 404 ? 'checked' : status === 401 || status === 403 ? undefined : 'ignored'),
  follow: (alternative, { request }) => (alternative === 'ignored' ? { kind: 'resend', request: withoutSiteId(request) } : undefined),
}

/**
 * Restoring a locale that is not deleted. The published OpenAPI declares 404 and 409 for the
 * restore without saying when; a deployment may also restore nothing and answer the live locale.
 * Only a restore by id names a live locale alone: a code may name a live locale and a deleted one
 * at once, whose restore a live code blocks (a conflict, whatever the class's alternative). The
 * locale was live before the request when the planner did not class it deleted: read after the
 * oracle's step, a locale it has just restored is live too.
 */
const RESTORE_LIVE_LOCALE: StatusClass = {
  id: () => 'restoreLiveLocale',
  applies: ({ request, classes, peek }) =>
    request.template === LOCALE_RESTORE &&
    isUuid(String(request.params?.localeIdOrCode)) &&
    !(classes.localeIdOrCode ?? []).includes('deleted') &&
    peek({ ...request, method: 'GET', template: LOCALE, body: undefined }).status === 200,
  alternative: ({ status }) => (status === 409 || status === 404 || status === 200 ? String(status) : undefined),
  follow: (alternative, { request, peek }) => (alternative === '200' ? { kind: 'expect', answer: peek({ ...request, method: 'GET', template: LOCALE, body: undefined }) } : undefined),
}

/**
 * `hostOrigin: null` in a site update. The site's `hostOrigin` is "string (uri), nullable", but the
 * update's body types it a string: a deployment may clear the origin, or refuse the null.
 */
const HOST_ORIGIN_NULL: StatusClass = {
  id: () => 'hostOriginNull',
  applies: ({ request }) => request.method === 'PATCH' && request.template === SITE && isObject(request.body) && request.body.hostOrigin === null,
  alternative: ({ status, body }) => (success(status) ? 'clears' : status === 400 && detailFields(body).includes('hostOrigin') ? 'refused' : undefined),
  follow: (alternative) => (alternative === 'refused' ? { kind: 'refused' } : undefined),
}

/**
 * What a site's delete does to its locales, pages and routes. The published OpenAPI says "Deletes
 * a site." and nothing of what hangs below it; the specification does not describe the delete:
 * a deployment may delete them with the site (sitemock), or leave them to be read, changed and
 * deleted by id. Each family is adopted apart; the oracle, which deleted them, takes the answers
 * about a kept one as the target gives them, and holds only that the target keeps to its choice.
 */
const SITE_DELETE_CHILDREN: StatusClass = {
  id: ({ orphan }) => `siteDeleteChildren (${orphan ?? 'child'}s)`,
  applies: ({ orphan, oracle }) => orphan !== undefined && oracle.status === 404,
  alternative: ({ status }) => (status === 404 ? 'deleted' : success(status) ? 'kept' : undefined),
  follow: (alternative) => (alternative === 'kept' ? { kind: 'taken' } : undefined),
}

/** A code as a deployment that reads `_` as `-` (en_US as en-US) and ignores case may find it. */
const canonicalSpelling = (code: string): string => canonicalLocaleCode(code.replaceAll('_', '-'))

/** The request with its locale code (a list's or a read's `locale`, a locale named by code) in canonical spelling; undefined when it has none spelt otherwise. */
function inCanonicalCase(request: ContractRequest): ContractRequest | undefined {
  const { query, params } = request
  if (typeof query?.locale === 'string' && query.locale !== canonicalSpelling(query.locale)) return { ...request, query: { ...query, locale: canonicalSpelling(query.locale) } }
  const code = params?.localeIdOrCode
  if (typeof code === 'string' && !isUuid(code) && code !== canonicalSpelling(code)) return { ...request, params: { ...params, localeIdOrCode: canonicalSpelling(code) } }
  return undefined
}

/**
 * The read that shows whether a request's code is found, for the oracle to peek at without a
 * write: the request itself when it reads, the locale it names by code when it writes (a restore,
 * which finds deleted locales, has none).
 */
function lookupRead(request: ContractRequest): ContractRequest | undefined {
  if (request.method === 'GET') return request
  if (request.template !== LOCALE) return undefined
  return { method: 'GET', template: LOCALE, params: request.params, query: { siteId: request.query?.siteId }, key: request.key }
}

/**
 * The request as a deployment that finds codes in any spelling reads it: its code in canonical
 * spelling, and a code the same write renames the locale to in the form the target stored it.
 */
function asFound(request: ContractRequest, target: Reply): ContractRequest | undefined {
  const canonical = inCanonicalCase(request)
  if (canonical === undefined) return undefined
  const stored = isObject(target.body) ? target.body.locale : undefined
  const sent = isObject(request.body) ? request.body.locale : undefined
  const sameCode = typeof sent === 'string' && typeof stored === 'string' && canonicalSpelling(sent) === canonicalSpelling(stored)
  return sameCode ? { ...canonical, body: { ...(request.body as Json), locale: stored } } : canonical
}

/**
 * A locale code sent in another case than its site's (FR where the site has fr), or with `_` for
 * `-` (en_US). The documents write codes as "en-US" and say nothing of the spelling a lookup
 * matches: a deployment may find the site's code whatever the case and separator (as one that
 * stores codes in canonical form may), or none.
 * The oracle, which finds only the exact code, is asked in canonical case to follow the first.
 */
const LOCALE_LOOKUP_CASE: StatusClass = {
  id: () => 'localeLookupCase',
  applies: ({ request, peek }) => {
    const canonical = inCanonicalCase(request)
    const [read, readCanonical] = [lookupRead(request), canonical && lookupRead(canonical)]
    return read !== undefined && readCanonical !== undefined && peek(readCanonical).status !== peek(read).status
  },
  // Found nothing (a 404, an empty list) where the oracle did too: the exact code. A 400 tells
  // nothing of the lookup: the code's case may have been refused before any lookup (localeCodeCase).
  alternative: (reply, { request, oracle, target, peek }) => {
    if (reply.status === oracle.status) return reply.status === 404 || isEmptyList(reply) ? 'exact' : undefined
    const canonical = asFound(request, target)
    if (canonical === undefined) return undefined
    // A read answers as its canonical spelling does; a write that found the locale succeeds where its canonical read does.
    if (request.method === 'GET') return reply.status === peek(canonical).status ? 'any-case' : undefined
    const read = lookupRead(canonical)
    return success(reply.status) && read !== undefined && peek(read).status === 200 ? 'any-case' : undefined
  },
  follow: (alternative, { request, target }) => {
    const canonical = asFound(request, target)
    return alternative === 'any-case' && canonical !== undefined ? { kind: 'resend', request: canonical } : undefined
  },
}

/**
 * A site's `publicApiKey` sent as the `x-api-key`. The specification: a Site API key is "a UUID",
 * and a site's publicApiKey a "publishable key a host can use to fetch page and component data";
 * neither document says that the one is the other. A deployment may take it as the site's Site
 * key (sitemock), or keep its Site keys apart and answer it 401 as no key it knows.
 */
const PUBLIC_API_KEY_AS_SITE_KEY: StatusClass = {
  id: () => 'publicApiKeyAsSiteKey',
  applies: ({ runSiteKey, oracle }) => runSiteKey === true && oracle.status !== 401,
  // A 400 or 404 may be answered before any key is judged (a route operation served elsewhere): it tells nothing.
  alternative: ({ status }) => (status === 401 ? 'not-a-key' : success(status) || status === 403 ? 'site-key' : undefined),
  follow: (alternative) => (alternative === 'not-a-key' ? { kind: 'refused' } : undefined),
  decisive: (alternative) => alternative === 'not-a-key',
}

/**
 * A route operation no document shows (create, list, read, delete: the specification names
 * creating a route among the endpoints not shown, and shows only the update). sitemock serves
 * them under /v2/routes; a deployment may serve them elsewhere, and answer 404 there whatever the
 * request (no key, another site's key, a route's id).
 */
const ROUTE_OPERATIONS: StatusClass = {
  id: () => 'routeOperations',
  applies: ({ request, oracle }) => unshownRouteAbsent(request.method, request.template, 404) && oracle.status !== 404,
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
 * A locale created or changed with a `domain` another locale of the site has. The specification:
 * a locale's domain is the "domain URL used for domain-based localization", and a 409 is for
 * "creating a resource that already exists"; whether a domain names one locale only, no document
 * says: a deployment may let locales share it (sitemock), or refuse the second with a 409.
 */
const LOCALE_DOMAINS: StatusClass = {
  id: () => 'localeDomains',
  applies: ({ request, oracle, site, peek }) => {
    const domain = isObject(request.body) ? request.body.domain : undefined
    if (typeof domain !== 'string' || site === undefined || !success(oracle.status)) return false
    if (!(request.method === 'POST' && request.template === LOCALES) && !(request.method === 'PATCH' && request.template === LOCALE)) return false
    // After the oracle's write the locale itself has the domain: another one has it too.
    const listed = peek({ method: 'GET', template: LOCALES, query: { siteId: site, limit: 100 }, key: request.key }).body
    const locales = isObject(listed) && Array.isArray(listed.data) ? listed.data : []
    return locales.filter((locale) => isObject(locale) && locale.domain === domain).length > 1
  },
  alternative: ({ status }) => (status === 409 ? 'unique' : success(status) ? 'shared' : undefined),
  follow: (alternative) => (alternative === 'unique' ? { kind: 'refused' } : undefined),
}

/**
 * What publishes a page. The published OpenAPI reads a page's `ref:live` ("Live/published
 * version"), and the specification's `publishedAt` is the "publication time"; no operation of
 * either document is said to publish. sitemock publishes only through its control plane, so its
 * oracle never has a live version; a deployment may publish a page as it goes online. Its live
 * reads are then taken as it gives them: a page is live by its own publishing, which the oracle
 * does not hold. Only a live version the oracle lacks shows the class; none shows nothing.
 */
const LIVE_VERSIONS: StatusClass = {
  id: () => 'publishing',
  applies: ({ request, oracle }) => request.method === 'GET' && request.query?.versionRef === 'ref:live' && (oracle.status === 404 || isEmptyList(oracle)),
  // A live version without a publication time is no published one (`publishedAt`, "publication time").
  alternative: (reply) => (reply.status === 200 && !isEmptyList(reply) && livePages(reply.body).every((page) => isObject(page) && typeof page.publishedAt === 'string') ? 'by the API' : undefined),
  follow: (alternative) => (alternative === 'by the API' ? { kind: 'taken' } : undefined),
}

/** The pages of a live read: the page, or a list's items. */
const livePages = (body: unknown): unknown[] => (isObject(body) && Array.isArray(body.data) ? body.data : [body])

/** Every class of freedom decided by a status, in the order they are tried. */
export const STATUS_CLASSES: readonly StatusClass[] = [PUBLIC_API_KEY_AS_SITE_KEY, ROUTE_OPERATIONS, LOCALE_DOMAINS, LIVE_VERSIONS, SITE_KEY_WRITES, UNKNOWN_CURSOR, SITE_ID_BESIDE_ID, RESTORE_LIVE_LOCALE, HOST_ORIGIN_NULL, SITE_DELETE_CHILDREN, LOCALE_LOOKUP_CASE]
