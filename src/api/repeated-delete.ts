import type { Choices } from '../freedom/catalogue.js'
import type { Store } from '../store/store.js'
import { requireRecordSite } from './auth.js'
import { lowerCase } from './lower-case.js'
import { otherSiteBesideId, siteIdBesideIdRefused } from './site-target.js'
import type { Scope } from './types.js'
import { isUuid } from '../contracts/uuid.js'

/** Whether the deployment answers a delete of what a delete already removed with a 204 again (choice repeatedDelete). */
export const deletesAgain = (choices: Required<Choices> | undefined): boolean => choices?.repeatedDelete === 'idempotent'

/**
 * Whether a site's delete needs the store to keep the site's record, for its workspace: a delete
 * sent again, or what the site held outliving it; or to tell it from a site never made (choice
 * unknownSiteReference invalid-never-made). Not under sitemock's own choices.
 */
export const remembersSites = (choices: Required<Choices> | undefined): boolean =>
  deletesAgain(choices) || choices?.siteDeleteChildren === 'kept' || choices?.unknownSiteReference === 'invalid-never-made'

/**
 * Whether a DELETE names by id a page, route or locale that a delete removed, its own or its
 * site's, for a deployment whose deletes are idempotent: it is then answered 204 again and changes
 * nothing. The key must reach where the record was: another workspace's key, or another site's
 * Site key, is a 403 as for a record that is there. A pathname names what is there now (pathnames
 * are taken again), so a deleted one is a 404 as always. A soft-deleted locale is its table's.
 */
export function deletedBefore(store: Store, scope: Scope, value: string, siteId: string | undefined, family: 'page' | 'route' | 'locale', choices: Required<Choices> | undefined): boolean {
  if (choices?.repeatedDelete !== 'idempotent' || !isUuid(value)) return false
  const site = store.deleted.siteOf(family, lowerCase(value))
  // A siteId beside the id is read as for what is there (choice siteIdBesideId): another site's makes it missing, or is refused once access is settled.
  const otherSite = site !== undefined && otherSiteBesideId(siteId, site, choices)
  if (site === undefined || (otherSite && choices.siteIdBesideId !== 'refused')) return false
  requireRecordSite(scope, store, site)
  if (otherSite) throw siteIdBesideIdRefused(family)
  return true
}

/** Whether a DELETE of a site names one a delete already removed, for a deployment whose deletes are idempotent; a 403 for a key of another workspace. */
export function siteDeletedBefore(store: Store, scope: Scope, siteId: string, choices: Required<Choices> | undefined): boolean {
  if (!deletesAgain(choices) || store.deleted.site(siteId) === undefined) return false
  requireRecordSite(scope, store, siteId)
  return true
}
