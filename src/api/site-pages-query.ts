import type { Choices } from '../freedom/catalogue.js'
import type { ListSitePagesQuery } from '../generated/types.js'
import { badRequest } from './errors.js'

/**
 * What `GET /v2/sites/{siteId}/pages` takes of the page list's parameters (choice sitePagesQuery):
 * all of them (`page-list`), only `limit` and `startingAfter` (`pagination`), or all but the sort
 * (`fixed-order`: a list of one order). The ones it does not take are parameters it does not know,
 * refused naming each, or ignored where unknown ones are (unknownQueryParameters), or refused
 * naming each whatever it does with unknown ones (choice sitePagesUntaken `refused`).
 */

type Parameter = keyof ListSitePagesQuery

const NOT_TAKEN: Readonly<Record<NonNullable<Choices['sitePagesQuery']>, readonly Parameter[]>> = {
  'page-list': [],
  pagination: ['pathPrefix', 'sortBy', 'sortDirection', 'includeOffline', 'locale', 'versionRef'],
  'fixed-order': ['sortBy', 'sortDirection'],
}

const WHY: Readonly<Record<NonNullable<Choices['sitePagesQuery']>, string>> = {
  'page-list': '',
  pagination: 'it takes only limit and startingAfter',
  'fixed-order': 'this list has one order, the order its pages were created in',
}

/** Every parameter of the page list that a site's page list may not take: the untaken of each alternative are among them. */
export const UNTAKEN_PARAMETERS: readonly string[] = NOT_TAKEN.pagination

/** Whether the site's page list does not take a parameter of the page list (choice sitePagesQuery): judged as one it does not know, not by its value. */
export const untakenSitePagesParameter = (name: string, choices: Required<Choices>): boolean => (NOT_TAKEN[choices.sitePagesQuery] as readonly string[]).includes(name)

/** A 400 naming each parameter the site's page list does not take, where those are refused or unknown ones are. */
export function requireTakenSitePagesQuery(query: ListSitePagesQuery, choices: Required<Choices> | undefined): void {
  if (choices === undefined || (choices.unknownQueryParameters === 'ignored' && choices.sitePagesUntaken === 'as-unknown')) return
  const notTaken: readonly string[] = NOT_TAKEN[choices.sitePagesQuery]
  const others = Object.keys(query).filter((name) => notTaken.includes(name))
  if (others.length > 0) throw badRequest(others.map((field) => ({ field, message: `is not a parameter of this list; ${WHY[choices.sitePagesQuery]}` })))
}

/**
 * The page list's query and choices the site's page list answers with: without the parameters
 * it does not take (ignored, where they reach it), and, in a fixed order, sorted by creation — createdAt ascending, the pages of
 * one instant in the order they were made (sortTies creation), whatever the deployment's ties.
 */
export function sitePagesListing(query: ListSitePagesQuery, choices: Required<Choices> | undefined): { query: ListSitePagesQuery; choices: Required<Choices> | undefined } {
  if (choices === undefined || choices.sitePagesQuery === 'page-list') return { query, choices }
  if (choices.sitePagesQuery === 'pagination') return { query: { limit: query.limit, startingAfter: query.startingAfter }, choices }
  return { query: { ...query, sortBy: 'createdAt', sortDirection: 'asc' }, choices: { ...choices, sortTies: 'creation' } }
}
