import { canonicalLocaleCode } from '../../api/kept-input.js'
import { isUuid } from '../../api/uuid.js'
import { LOCALE, PAGE } from '../endpoints.js'
import { detailFields } from '../exchange-rules.js'
import type { ContractRequest } from '../http-client.js'
import { isEmptyList, isObject, success, type Json, type Reply, type StatusClass } from './freedom-class.js'

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
export const LOCALE_LOOKUP_CASE: StatusClass<'localeLookupCase'> = {
  choice: 'localeLookupCase',
  applies: ({ request, peek }) => {
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
  applies: ({ request, oracle, classes, peek }) => {
    if (request.method !== 'GET' || request.template !== PAGE || typeof request.query?.locale !== 'string') return false
    if ((classes.locale ?? []).some((valueClass) => MALFORMED_LOCALE.has(valueClass))) return false
    const refused = oracle.status === 404 || (oracle.status === 400 && detailFields(oracle.body).includes('locale'))
    if (!refused || peek(withoutLocale(request)).status !== 200) return false
    const canonical = inCanonicalCase(request)
    return canonical === undefined || peek(canonical).status !== 200
  },
  alternative: ({ status, body }) => (success(status) ? 'default' : status === 404 || (status === 400 && detailFields(body).includes('locale')) ? 'as-list' : undefined),
  // The oracle's refusal changed nothing: the target's page is held to the read without locale.
  follow: (alternative, { request, peek }) => (alternative === 'default' ? { kind: 'expect', answer: peek(withoutLocale(request)) } : undefined),
}
