import type { Choices } from '../freedom/catalogue.js'
import type { Store } from '../store/store.js'
import { forbidden } from './errors.js'
import type { Scope } from './types.js'

/** The list a cursor is sent to: the sites of a workspace, or a site's locales, pages or routes. */
export type ListFamily = 'site' | 'locale' | 'page' | 'route'

/** The item of a family an id names, with its site: a locale (a deleted one too), page or route. */
function itemOf(store: Store, family: Exclude<ListFamily, 'site'>, id: string): { siteId: string; deletedAt?: string | null } | undefined {
  if (family === 'locale') return store.locales.byId.get(id)
  return family === 'page' ? store.pages.byId.get(id) : store.routes.byId.get(id)
}

const SITE_FAMILIES = ['locale', 'page', 'route'] as const

/**
 * Whether an id names an item of another list than this one (choice foreignCursor): a locale,
 * page or route of another site, or an item of another family (a page id on the route list).
 * A site of another workspace, an item the list's filters leave out and one a delete removed are
 * not: those are cursorOutsideList's and deletedCursor's.
 */
export function foreignTo(store: Store, family: ListFamily, siteId?: string): (id: string) => boolean {
  return (id) => {
    if (family !== 'site' && store.sites.has(id)) return true
    return SITE_FAMILIES.some((other) => {
      const item = itemOf(store, other, id)
      return item !== undefined && (other !== family || item.siteId !== siteId)
    })
  }
}

/** Whether the scope reaches a site: an App key its workspace's (a deleted one's too, whose items may outlive it), a Site key its own. */
function reaches(scope: Scope, store: Store, siteId: string): boolean {
  if (scope.kind === 'site') return scope.siteId === siteId
  return store.siteRecord(siteId)?.workspaceId === scope.workspaceId
}

/**
 * A deployment that looks a cursor up among every item of the list's family, and judges the key's
 * reach on what it finds (choice foreignCursor refused-unreached): a `startingAfter` naming another
 * site's locale, page or route that the key does not reach (another workspace's, or, for a Site key
 * or a publishable key, another site's) is a 403, as a site the list named would be. Called
 * where access to the list is judged, once its own site is found and reached. An item of another
 * family is no item of that table: it is answered as one the key reaches, as `as-outside` says.
 */
export function requireReachedCursor(scope: Scope, store: Store, family: Exclude<ListFamily, 'site'>, cursor: unknown, choices: Choices | undefined): void {
  if (choices?.foreignCursor !== 'refused-unreached' || typeof cursor !== 'string') return
  const item = itemOf(store, family, cursor)
  // A deleted locale is an item its list leaves out (cursorOutsideList's), whichever site it was of.
  if (item === undefined || (item.deletedAt ?? null) !== null || reaches(scope, store, item.siteId)) return
  throw forbidden(`The startingAfter cursor ${cursor} names a ${family} this API key does not reach: pass the id of the last item of the previous page of this list.`)
}
