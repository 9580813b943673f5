import { PAGES, ROUTES, SITE_PAGES, SITES } from '../endpoints.js'
import { detailFields } from '../exchange-rules.js'
import type { ContractRequest } from '../http-client.js'
import { success, type Reply, type StatusClass } from './freedom-class.js'

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
