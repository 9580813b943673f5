import type { Choices } from '../freedom/catalogue.js'
import type { PageRecord, RouteRecord, SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import type { WalkOptions } from './paginate.js'

/**
 * A cursor that names a site, page or route a delete removed: where a deployment goes on after
 * the place it had in the list (choice deletedCursor after-place), its delete keeps it as it was,
 * and each list finds it there. Under sitemock's own choice (`unknown`) nothing is kept, and such
 * a cursor names nothing (choice unknownCursor).
 */
const placesDeleted = (choices: Required<Choices> | undefined): boolean => choices?.deletedCursor === 'after-place'

/** A site's delete keeps it for the site list's cursors. */
export function keepDeletedSite(store: Store, site: SiteRecord, choices: Required<Choices> | undefined): void {
  if (placesDeleted(choices)) store.deleted.placeSite(site)
}

/** A page's delete, before the page leaves the store, keeps it with the page of its site created just before it (ties by creation place it after that one). */
export function keepDeletedPage(store: Store, page: PageRecord, choices: Required<Choices> | undefined): void {
  if (placesDeleted(choices)) store.deleted.placePage(page, createdBefore(store.pages.inOrderAdded(page.siteId), page))
}

/** A route's delete, before the route leaves the store, keeps it with the route of its site created just before it (routeListOrder creation). */
export function keepDeletedRoute(store: Store, route: RouteRecord, choices: Required<Choices> | undefined): void {
  if (!placesDeleted(choices)) return
  const ofSite = function* (): Iterable<RouteRecord> {
    for (const each of store.routes.byId.values()) if (each.siteId === route.siteId) yield each
  }
  store.deleted.placeRoute(route, createdBefore(ofSite(), route))
}

/** The item just before `item` in creation order; a scan, made by a delete under after-place alone. */
function createdBefore<T>(inCreationOrder: Iterable<T>, item: T): T | undefined {
  let before: T | undefined
  for (const each of inCreationOrder) {
    if (each === item) return before
    before = each
  }
  return undefined
}

/** The deleted sites a workspace's list places; undefined where deleted sites are kept nowhere. */
export function deletedSites(store: Store, workspaceId: string, choices: Required<Choices> | undefined): WalkOptions<SiteRecord>['deleted'] {
  if (!placesDeleted(choices)) return undefined
  return { find: (id) => store.deleted.placedSite(id), held: (site) => site.workspaceId === workspaceId }
}

/** The deleted pages a site's page list places. */
export function deletedPages(store: Store, siteId: string, choices: Required<Choices> | undefined): WalkOptions<PageRecord>['deleted'] {
  if (!placesDeleted(choices)) return undefined
  return { find: (id) => store.deleted.placed('page', id)?.record, held: (page) => page.siteId === siteId }
}

/** The deleted routes a site's route list places. */
export function deletedRoutes(store: Store, siteId: string, choices: Required<Choices> | undefined): WalkOptions<RouteRecord>['deleted'] {
  if (!placesDeleted(choices)) return undefined
  return { find: (id) => store.deleted.placed('route', id)?.record, held: (route) => route.siteId === siteId }
}
