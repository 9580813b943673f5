import type { Choices } from '../../freedom/catalogue.js'
import { PAGES, ROUTES, SITE_PAGES, SITES } from '../endpoints.js'
import { detailFields } from '../exchange-rules.js'
import type { ContractRequest } from '../http-client.js'
import { isObject, listData, success, type Alternative, type Reply, type StatusClass } from './freedom-class.js'

/** The lists whose `limit` above 100 a deployment may answer as `limit=100`: all but List Locales, whose range the specification states. */
const CLAMPABLE = new Set([SITES, PAGES, SITE_PAGES, ROUTES])

/** A whole limit above 100: a fraction or a word stays invalid either way. */
const aboveMaximum = (limit: unknown): boolean => (typeof limit === 'number' || typeof limit === 'string') && Number.isInteger(Number(limit)) && Number(limit) > 100

/** The same list asked with limit=100, as a deployment that clamps reads it. */
const atMaximum = (request: ContractRequest): ContractRequest => ({ ...request, query: { ...request.query, limit: 100 } })

/** The oracle's 400 names the limit alone: nothing else of the request is invalid. */
const refusesLimitAlone = ({ status, body }: Reply): boolean => status === 400 && detailFields(body).every((field) => field === 'limit')

/**
 * A `limit` above 100 on the lists of sites, pages, a site's pages and routes. The specification
 * sets the maximum 100 without saying what a larger one gets: a deployment may refuse it with a
 * 400 naming `limit` (sitemock), or answer as `limit=100` (`clamped`), which shows as the answer
 * the oracle gives limit=100: the page itself, or, where the limit was all the oracle refused,
 * what access or a cursor decide once it was taken. A 403 or 404 may also be access judged
 * before any input (validationOrder): only a page or a 400 naming another field shows `clamped`
 * on its own.
 */
export const LIMIT_ABOVE_MAXIMUM: StatusClass<'limitAboveMaximum'> = {
  choice: 'limitAboveMaximum',
  applies: ({ request }) => request.method === 'GET' && CLAMPABLE.has(request.template) && aboveMaximum(request.query?.limit),
  alternative: ({ status, body }, { request, peek, oracle }) => {
    if (status === 400 && detailFields(body).includes('limit')) return 'refused'
    if (status !== peek(atMaximum(request)).status) return undefined
    return success(status) || refusesLimitAlone(oracle) ? 'clamped' : undefined
  },
  follow: (alternative, { request }) => (alternative === 'clamped' ? { kind: 'resend', request: atMaximum(request) } : undefined),
  establishes: (alternative, { target }) => alternative === 'refused' || success(target.status) || target.status === 400,
}

/** A limit of zero: the planner's `minimum - 1` on the lists whose minimum the specification leaves open. */
const zero = (limit: unknown): boolean => (typeof limit === 'number' || (typeof limit === 'string' && limit.trim() !== '')) && Number(limit) === 0

/**
 * How many items a page asked with `limit` holds, as the oracle follows limitZero: `clamped`
 * serves limit=0 as limit=1, `default` as no limit given (`defaultSize`). The page a list call is
 * judged by (the target's own whole list cut after the cursor) is this long.
 */
export function servedLimit(limit: number, limitZero: Choices['limitZero'], defaultSize: number): number {
  if (limit !== 0) return limit
  return limitZero === 'clamped' ? 1 : limitZero === 'default' ? defaultSize : limit
}

/** What else a page asked with limit=0 fits than the alternative it shows: nothing after the cursor fits every page, one item and nothing after it both limit=1 and the default page. */
const ZERO_FITS: Partial<Record<Alternative<'limitZero'>, readonly Alternative<'limitZero'>[]>> = { accepted: ['accepted', 'clamped', 'default'], clamped: ['clamped', 'default'] }

/**
 * `limit=0` on the lists of sites, pages, a site's pages and routes. The specification sets the
 * minimum 1 on List Locales only: a deployment may refuse it with a 400 naming `limit` (sitemock),
 * answer a page of none (`accepted`, what the documents' rules give, which the oracle turns to when
 * the target takes it), answer it as `limit=1` (`clamped`): a page of one item, or as no limit
 * given (`default`, an ORM's `take: limit || 20`): the default page, more than one item where the
 * list holds more. A page of none with hasMore false (nothing after the cursor) fits every page, a
 * page of one with hasMore false both the page of one and the default page.
 */
export const LIMIT_ZERO: StatusClass<'limitZero'> = {
  choice: 'limitZero',
  applies: ({ request }) => request.method === 'GET' && CLAMPABLE.has(request.template) && zero(request.query?.limit),
  alternative: ({ status, body }) => {
    // A 400 that names other fields alone took limit=0, as any page: read as `accepted`, which fits them all.
    if (status === 400) return detailFields(body).includes('limit') ? 'refused' : detailFields(body).length > 0 ? 'accepted' : undefined
    if (status !== 200 || !isObject(body) || !Array.isArray(body.data)) return undefined
    const items = listData(body).length
    return items === 0 ? 'accepted' : items === 1 ? 'clamped' : 'default'
  },
  follow: (alternative) => (alternative === 'refused' ? undefined : { kind: 'chosen', choices: { limitZero: alternative } }),
  fits: (alternative, { target }) => {
    const nothingAfter = target.status === 400 ? alternative === 'accepted' : isObject(target.body) && target.body.hasMore === false
    return (nothingAfter && ZERO_FITS[alternative]) || [alternative]
  },
  // A deployment that names only the first invalid field of a request may leave limit out of a 400 it refuses too.
  establishes: (alternative, { target }) => alternative === 'refused' || target.status === 200,
}
