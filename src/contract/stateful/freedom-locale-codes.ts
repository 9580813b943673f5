import { canonicalLocaleCode } from '../../freedom/kept-input.js'
import { isUuid } from '../../contracts/uuid.js'
import { LOCALE, LOCALES, PAGE, PAGES, SITE_PAGES } from '../endpoints.js'
import { LACKED_LOCALE } from '../choices-probe-kit.js'
import { detailFields } from '../exchange-rules.js'
import type { ContractRequest } from '../http-client.js'
import { isEmptyList, isObject, listData, success, type Json, type Occurrence, type Reply, type StatusClass } from './freedom-class.js'
import { readsNoLiveVersion } from './freedom-surface.js'
import { ORACLE_APP_KEY } from './oracle.js'

/** A code as a deployment that reads `_` as `-` (en_US as en-US) and ignores case may find it. */
const canonicalSpelling = (code: string): string => canonicalLocaleCode(code.replaceAll('_', '-'))

/**
 * The request with its locale code (a list's or a read's `locale`, a locale named by code) spelt
 * otherwise by `spell`; undefined when it has none that `spell` changes.
 */
function respelt(request: ContractRequest, spell: (code: string) => string): ContractRequest | undefined {
  const { query, params } = request
  if (typeof query?.locale === 'string' && query.locale !== spell(query.locale)) return { ...request, query: { ...query, locale: spell(query.locale) } }
  const code = params?.localeIdOrCode
  if (typeof code === 'string' && !isUuid(code) && code !== spell(code)) return { ...request, params: { ...params, localeIdOrCode: spell(code) } }
  return undefined
}

/** The request with its locale code in canonical spelling; undefined when it has none spelt otherwise. */
const inCanonicalCase = (request: ContractRequest): ContractRequest | undefined => respelt(request, canonicalSpelling)

/** The request with its locale code written with `-` where it has `_` (en_US as en-US); undefined when it names no code with `_`. */
const withDash = (request: ContractRequest): ContractRequest | undefined => respelt(request, (code) => code.replaceAll('_', '-'))

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
export const LOCALE_LOOKUP_CASE: StatusClass<'localeLookupCase'> = {
  choice: 'localeLookupCase',
  applies: ({ request, peek }) => {
    // A code written with `_` whose spelling with `-`, in the same case, the oracle finds is localeLookupSpelling's:
    // whether it is found then hangs on how a lookup reads `_`, not on its case.
    const dashed = withDash(request)
    const dashedRead = dashed && lookupRead(dashed)
    if (dashedRead !== undefined && peek(dashedRead).status === 200) return false
    const canonical = inCanonicalCase(request)
    const [read, readCanonical] = [lookupRead(request), canonical && lookupRead(canonical)]
    return read !== undefined && readCanonical !== undefined && peek(readCanonical).status !== peek(read).status
  },
  // Found nothing (a 404, an empty list) where the oracle did too: the exact code. A 400 tells
  // nothing of the lookup: the code's case may have been refused before any lookup (localeCodeCase).
  alternative: (reply, { request, oracle, target, peek }) => {
    if (reply.status === oracle.status) {
      // Only a key that reaches the code's locale (its canonical read answers) shows the lookup: to
      // another site's key, a 404 may hide the site whatever the spelling.
      const reach = inCanonicalCase(request)
      const read = reach && lookupRead(reach)
      return (reply.status === 404 || isEmptyList(reply)) && read !== undefined && peek(read).status === 200 ? 'exact' : undefined
    }
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
 * A locale code written with `_` for `-` (en_US) in a lookup, where the site has the code written
 * with `-`. The documents write codes as "en-US" and do not say whether a code written otherwise
 * names the same locale: a deployment whose writes take `_` (localeCodeCase any-spelling) may read
 * it so in its lookups too (`as-written`, sitemock) or compare the code as sent (`as-sent`: no
 * locale found), which the oracle then chooses too.
 */
export const LOCALE_LOOKUP_SPELLING: StatusClass<'localeLookupSpelling'> = {
  choice: 'localeLookupSpelling',
  applies: ({ request, oracle, peek }) => {
    const dashed = withDash(request)
    const read = dashed && lookupRead(dashed)
    return read !== undefined && (peek(read).status === 200 || success(oracle.status))
  },
  alternative: ({ status, body }, { request, peek }) => {
    if (status === 404) return 'as-sent'
    // A 400 may refuse the code's form before any lookup: it tells the lookup only where the page
    // list's or read's `locale` is refused as a code the site lacks is (pageUnknownLocale 400).
    if (status === 400) {
      const lacked = request.method === 'GET' && typeof request.query?.locale === 'string' ? peek({ ...request, query: { ...request.query, locale: LACKED_LOCALE } }).status : undefined
      return detailFields(body).includes('locale') && lacked === 400 ? 'as-sent' : undefined
    }
    if (!success(status)) return undefined
    // A list of none where the code written with `-` lists pages: the code with `_` names no locale.
    if (request.template !== PAGE && request.method === 'GET' && isEmptyList({ status, body })) {
      const dashed = withDash(request)!
      return listData(peek(dashed).body).length > 0 ? 'as-sent' : undefined
    }
    return 'as-written'
  },
  follow: (alternative) => ({ kind: 'chosen', choices: { localeLookupSpelling: alternative } }),
}

/** A page read without its `locale`: the page in its site's default locale. */
const withoutLocale = (request: ContractRequest): ContractRequest => ({ ...request, query: { ...request.query, locale: undefined } })

/** Value classes of a `locale` refused by its own schema (empty, too long): what no deployment reads as a locale at all. */
const MALFORMED_LOCALE = new Set(['empty', 'too long', 'invalid'])

/**
 * A page read whose `locale` is no locale of the page's site. The published OpenAPI says the
 * read's `locale` "Accepts either a locale code ... or a `site_locale` UUID", and not what one the
 * site lacks gets: a deployment may answer as its page list does (pageUnknownLocale: a 400 naming
 * `locale`, or a 404), or read the page as without `locale`, in its site's default locale (the
 * specification: a page's locale "defaults to the default locale of the parent site"). Read
 * where the oracle refused the locale of a page it reads without one; a code the site has in
 * another spelling is localeLookupCase's.
 */
export const PAGE_READ_UNKNOWN_LOCALE: StatusClass<'pageReadUnknownLocale'> = {
  choice: 'pageReadUnknownLocale',
  applies: ({ request, oracle, classes, peek, site }) => {
    if (request.method !== 'GET' || request.template !== PAGE || typeof request.query?.locale !== 'string') return false
    if ((classes.locale ?? []).some((valueClass) => MALFORMED_LOCALE.has(valueClass))) return false
    // A locale the site has is no unknown one: a page it does not show there (by a pathname it has no localization of) is another class's.
    if (site !== undefined && !siteLacksLocale(request.query.locale, site, peek)) return false
    const refused = oracle.status === 404 || (oracle.status === 400 && detailFields(oracle.body).includes('locale'))
    if (!refused || peek(withoutLocale(request)).status !== 200) return false
    const canonical = inCanonicalCase(request)
    return canonical === undefined || peek(canonical).status !== 200
  },
  alternative: ({ status, body }, occurrence) => {
    if (success(status)) return 'default'
    const refusal = status === 404 ? '404' : status === 400 && detailFields(body).includes('locale') ? '400' : undefined
    if (refusal === undefined) return undefined
    // A refusal of its own (400 or 404) where the page list answers such a locale otherwise; the list's own answer is as-list.
    const asList = listRefusal(occurrence)
    return asList === undefined || refusal === asList ? 'as-list' : refusal
  },
  // The oracle's refusal changed nothing: the target's page is held to the read without locale, or to its own refusal.
  follow: (alternative, { request, peek }) => {
    if (alternative === 'default') return { kind: 'expect', answer: peek(withoutLocale(request)) }
    if (alternative === '400') return { kind: 'expect', answer: { status: 400, body: { code: 'bad_request' } } }
    return alternative === '404' ? { kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } } : undefined
  },
  // The list's own refusal is the read's too under as-list, and under the alternative of that status.
  fits: (alternative, occurrence) => {
    const asList = listRefusal(occurrence)
    return alternative === 'as-list' && asList !== undefined ? ['as-list', asList] : [alternative]
  },
}

/**
 * A page list in a locale its site lacks in every spelling, as the oracle holds the site: what the
 * documents leave to pageUnknownLocale (a 400 naming `locale`, a 404, or no page). An empty code is
 * emptyLocaleQuery's.
 */
export function listsUnknownLocale({ request, site, peek }: Pick<Occurrence, 'request' | 'site' | 'peek'>): boolean {
  const locale = request.query?.locale
  if (request.method !== 'GET' || (request.template !== PAGES && request.template !== SITE_PAGES) || typeof locale !== 'string' || locale === '' || site === undefined) return false
  return siteLacksLocale(locale, site, peek)
}

/** Whether the site lacks a locale of this code or id in every spelling, as the oracle holds it. */
function siteLacksLocale(locale: string, site: string, peek: Occurrence['peek']): boolean {
  const found = (code: string): boolean => peek({ method: 'GET', template: LOCALE, params: { localeIdOrCode: code }, query: { siteId: site }, key: ORACLE_APP_KEY }).status === 200
  return !found(locale) && !found(canonicalSpelling(locale))
}

/**
 * What a page read in the locale would answer as the page list answers it, as the oracle lists the
 * read's site in that locale: a 400 where the list is one, a 404 where it is a 404 or shows no page.
 */
function listRefusal({ request, peek, site }: Occurrence): '400' | '404' | undefined {
  if (site === undefined) return undefined
  const list = peek({ method: 'GET', template: PAGES, query: { siteId: site, locale: request.query?.locale }, key: ORACLE_APP_KEY })
  return list.status === 400 ? '400' : list.status === 404 || isEmptyList(list) ? '404' : undefined
}

/** The lists and the read that take a `locale`. */
const LOCALE_QUERIED: ReadonlySet<string> = new Set([PAGES, SITE_PAGES, PAGE])

/**
 * An empty `locale=` on a page list or a page read. The published OpenAPI types `locale` as a
 * string with no minimum length, and the specification says a page's locale "defaults to the
 * default locale of the parent site", but neither says what an empty one is: a deployment may
 * refuse it (a 400 naming `locale`), read it as no locale (the site's default locale), or look it
 * up as any code, which no locale has (answered as a locale the site lacks: an empty list, a 404,
 * or the 400 its list gives such a code). Read against the request without `locale`, which is
 * the default locale's answer.
 */
export const EMPTY_LOCALE_QUERY: StatusClass<'emptyLocaleQuery'> = {
  choice: 'emptyLocaleQuery',
  applies: ({ request, oracle }) =>
    request.method === 'GET' && LOCALE_QUERIED.has(request.template) && request.query?.locale === '' && (oracle.status === 200 || (oracle.status === 400 && detailFields(oracle.body).includes('locale'))),
  alternative: ({ status, body }, { request, peek }) => {
    if (status === 400) return detailFields(body).includes('locale') ? 'refused' : undefined
    const unsaid = peek(withoutLocale(request))
    // A 404 where the page or the site is there without locale: nothing found in the code.
    if (status === 404) return unsaid.status === 200 ? 'unknown' : undefined
    if (!success(status)) return undefined
    // A read answers the page in its default locale both ways where a locale the site lacks is read as none (pageReadUnknownLocale default): fits says so.
    if (request.template === PAGE) return 'default'
    // A list: none where the default locale lists some is the code no locale has.
    if (unsaid.status !== 200 || listData(unsaid.body).length === 0) return undefined
    return listData(body).length === 0 ? 'unknown' : 'default'
  },
  // The oracle read the empty code as it chose (no locale under the documents): the target's answer is held to its own alternative.
  follow: (alternative, { request, target, peek }) => {
    const unsaid = peek(withoutLocale(request))
    if (alternative === 'default') return { kind: 'expect', answer: unsaid }
    if (alternative === 'refused') return { kind: 'expect', answer: { status: 400, body: { code: 'bad_request' } } }
    // Unknown: a 404, or an empty list, as a locale the site lacks gives them.
    if (target.status === 404) return { kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } }
    return { kind: 'expect', answer: { status: 200, body: { ...(unsaid.body as Json), data: [], hasMore: false } } }
  },
  // A 400 naming locale is also what a list gives a code the site lacks (pageUnknownLocale 400); a read's page, what a read of one gives where it reads such a code as none.
  fits: (alternative, { request }) => (alternative === 'refused' ? ['refused', 'unknown'] : alternative === 'default' && request.template === PAGE ? ['default', 'unknown'] : [alternative]),
}

/**
 * The code of the locale a page read by pathname names with its `locale`, as the oracle holds it,
 * where that is a live locale of the read's site other than its default; undefined otherwise.
 */
function readLocaleOfPathname({ request, peek }: Pick<Occurrence, 'request' | 'peek'>): string | undefined {
  const [pathname, locale, siteId] = [request.params?.pageIdOrPathname, request.query?.locale, request.query?.siteId]
  if (request.method !== 'GET' || request.template !== PAGE || typeof pathname !== 'string' || isUuid(pathname)) return undefined
  if (typeof locale !== 'string' || locale === '' || typeof siteId !== 'string') return undefined
  // The site's live locales, where the code or the id is looked for: a locale answers no siteId.
  const list = peek({ method: 'GET', template: LOCALES, query: { siteId, limit: 100 }, key: request.key })
  const found = listData(list.status === 200 ? list.body : undefined).find((item) => isObject(item) && (item.locale === locale || item.id === locale.toLowerCase()))
  return isObject(found) && found.isDefault === false && typeof found.locale === 'string' ? found.locale : undefined
}

/** Whether a page (an answer's body, or a list's item) has a localization in `locale` with this pathname. */
const localizedAs = (page: unknown, locale: string, pathname: unknown): boolean =>
  isObject(page) && Array.isArray(page.localizations) && page.localizations.some((l) => isObject(l) && l.locale === locale && l.pathname === pathname)

/**
 * A page read by pathname with a `locale` that is a live locale of the site other than its default.
 * The published OpenAPI names the page by "The page ID or pathname for the page you are
 * requesting." and reads `locale` as "The locale to retrieve the page in. ... If provided and
 * resolves to a non-default locale, localized page data is collapsed into the response.", and
 * neither document says which pathname the path names then: the page's own (sitemock), or its
 * localization's in that locale (a page with none there is a 404 by pathname). Read where the two
 * part: the oracle found the page by its own pathname while no localization in the locale has it,
 * or found none while a page's localization in the locale has it.
 */
export const PATHNAME_LOOKUP_LOCALE: StatusClass<'pathnameLookupLocale'> = {
  choice: 'pathnameLookupLocale',
  applies: (occurrence) => {
    const { request, oracle, peek } = occurrence
    // A key other than the App key that may read live versions alone finds no page without one, by whichever pathname.
    if (typeof request.key === 'string' && request.key !== ORACLE_APP_KEY && readsNoLiveVersion(occurrence, true)) return false
    const locale = oracle.status === 200 || oracle.status === 404 ? readLocaleOfPathname(occurrence) : undefined
    if (locale === undefined) return false
    const pathname = request.params?.pageIdOrPathname
    if (oracle.status === 200) return !localizedAs(oracle.body, locale, pathname)
    // Asked of the pages localized in the locale, in the version read: one whose localization has the pathname.
    const query = { siteId: request.query?.siteId, locale, includeOffline: 'true', limit: 100, versionRef: request.query?.versionRef }
    const list = peek({ method: 'GET', template: PAGES, query, key: request.key })
    return list.status === 200 && isObject(list.body) && Array.isArray(list.body.data) && list.body.data.some((page) => localizedAs(page, locale, pathname))
  },
  // The oracle's status is the page's own pathname's; the other of 200 and 404 the localization's.
  alternative: ({ status }, { oracle }) => (status !== 200 && status !== 404 ? undefined : status === oracle.status ? 'own' : 'localized'),
  // The oracle found the page by its own pathname: the target's is a 404. Found by a localization's, the target's page is taken as it is.
  follow: (alternative, { oracle }) => (alternative !== 'localized' ? undefined : oracle.status === 200 ? { kind: 'expect', answer: { status: 404, body: { code: 'not_found' } } } : { kind: 'taken' }),
}
