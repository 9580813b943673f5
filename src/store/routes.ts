import type { PathnameRegistry } from './pathnames.js'
import type { RouteRecord } from './records.js'
import { compareStrings, SortedIndex } from './sorted-index.js'

const byPathname = (a: RouteRecord, b: RouteRecord): number =>
  compareStrings(a.pathname, b.pathname) || compareStrings(a.id, b.id)

/** A site's routes by id, and sorted by pathname for lists. */
export class RouteTable {
  readonly byId = new Map<string, RouteRecord>()
  private readonly ordered = new Map<string, SortedIndex<RouteRecord>>()

  constructor(private readonly pathnames: PathnameRegistry) {}

  ofSite(siteId: string): SortedIndex<RouteRecord> {
    let index = this.ordered.get(siteId)
    if (!index) this.ordered.set(siteId, (index = new SortedIndex(byPathname)))
    return index
  }

  byPathname(siteId: string, pathname: string): RouteRecord | undefined {
    const owner = this.pathnames.owner(siteId, pathname)
    return owner?.kind === 'route' ? this.byId.get(owner.id) : undefined
  }

  add(route: RouteRecord): void {
    this.byId.set(route.id, route)
    this.ofSite(route.siteId).insert(route)
    this.pathnames.claim(route.siteId, route.pathname, { kind: 'route', id: route.id })
  }

  rename(route: RouteRecord, pathname: string): void {
    const index = this.ofSite(route.siteId)
    index.remove(route)
    this.pathnames.release(route.siteId, route.pathname)
    route.pathname = pathname
    index.insert(route)
    this.pathnames.claim(route.siteId, pathname, { kind: 'route', id: route.id })
  }

  remove(route: RouteRecord): void {
    this.byId.delete(route.id)
    this.ofSite(route.siteId).remove(route)
    this.pathnames.release(route.siteId, route.pathname)
  }

  dropSite(siteId: string): void {
    for (const route of this.ofSite(siteId).values()) this.byId.delete(route.id)
    this.ordered.delete(siteId)
  }

  copySite(fromSiteId: string, toSiteId: string, newId: () => string): void {
    for (const route of this.ofSite(fromSiteId).values()) this.add({ ...route, id: newId(), siteId: toSiteId })
  }
}
