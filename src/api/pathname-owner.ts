import type { Choices } from '../contracts/choices.js'
import type { PathnameOwner } from '../store/pathnames.js'
import type { Store } from '../store/store.js'

/**
 * The page or route other than `self` that holds this pathname in the site (pages and routes
 * share one pathname space): the very pathname, or one equal in any case where a deployment's
 * pathnames conflict so (choice pathnameConflictCase any-case).
 */
export function otherOwner(store: Store, siteId: string, pathname: string, choices: Choices | undefined, self?: PathnameOwner): PathnameOwner | undefined {
  const exact = store.pathnames.owner(siteId, pathname)
  if (exact !== undefined && !(self !== undefined && exact.kind === self.kind && exact.id === self.id)) return exact
  return choices?.pathnameConflictCase === 'any-case' ? store.pathnames.ownerInAnyCase(siteId, pathname, self) : undefined
}
