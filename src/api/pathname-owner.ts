import type { Choices } from '../freedom/catalogue.js'
import type { PathnameOwner } from '../store/pathnames.js'
import type { Store } from '../store/store.js'

/** Both kinds of holder: a page's pathname and a route's stand in each other's way. */
const EVERY_KIND: readonly PathnameOwner['kind'][] = ['page', 'route']

/**
 * The page or route other than `self`, of one of the `kinds`, that holds this pathname in the
 * site (pages and routes share one pathname space): the very pathname, or one equal in any case
 * where a deployment's pathnames conflict so (choice pathnameConflictCase any-case). None where
 * `self` holds the very pathname already: it keeps it, whoever shares it.
 */
export function otherOwner(store: Store, siteId: string, pathname: string, choices: Choices | undefined, self?: PathnameOwner, kinds = EVERY_KIND): PathnameOwner | undefined {
  const isSelf = (held: PathnameOwner): boolean => self !== undefined && held.kind === self.kind && held.id === self.id
  const holders = store.pathnames.holders(siteId, pathname)
  if (holders.some(isSelf)) return undefined
  const counts = (held: PathnameOwner): boolean => kinds.includes(held.kind) && !isSelf(held)
  const exact = holders.find(counts)
  if (exact !== undefined || choices?.pathnameConflictCase !== 'any-case') return exact
  return store.pathnames.holderInAnyCase(siteId, pathname, counts)
}
