import type { PathnameRegistry } from './pathnames.js'
import type { RouteRecord } from './records.js'
import { compareStrings, SortedIndex } from './sorted-index.js'
import { UndoLog } from './undo-log.js'

const byPathname = (a: RouteRecord, b: RouteRecord): number =>
  compareStrings(a.pathname, b.pathname) || compareStrings(a.id, b.id)

/** A site's routes by id, and sorted by pathname for lists. */
export class RouteTable {
  readonly byId = new Map<string, RouteRecord>()
  private readonly ordered = new Map<string, SortedIndex<RouteRecord>>()

  constructor(
    private readonly pathnames: PathnameRegistry,
    private readonly undo = new UndoLog(),
  ) {}

  ofSite(siteId: string): SortedIndex<RouteRecord> {
    let index = this.ordered.get(siteId)
    if (!index) this.ordered.set(siteId, (index = new SortedIndex(byPathname)))
    return index
  }

  byPathname(siteId: string, pathname: string): RouteRecord | undefined {
    const owner = this.pathnames.owner(siteId, pathname)
    return owner?.kind === 'route' ? this.byId.get(owner.id) : undefined
  }

  /** The one route whose pathname equals this one in any case; see soleInAnyCase. */
  byPathnameInAnyCase(siteId: string, pathname: string): RouteRecord | undefined {
    const owner = this.pathnames.soleOwnerInAnyCase(siteId, pathname, 'route')
    return owner === undefined ? undefined : this.byId.get(owner.id)
  }

  add(route: RouteRecord): void {
    this.byId.set(route.id, route)
    this.ofSite(route.siteId).insert(route)
    this.pathnames.claim(route.siteId, route.pathname, { kind: 'route', id: route.id })
    this.undo.record(() => this.remove(route))
  }

  rename(route: RouteRecord, pathname: string): void {
    const previous = route.pathname
    const index = this.ofSite(route.siteId)
    index.remove(route)
    this.pathnames.release(route.siteId, route.pathname)
    route.pathname = pathname
    index.insert(route)
    this.pathnames.claim(route.siteId, pathname, { kind: 'route', id: route.id })
    this.undo.record(() => this.rename(route, previous))
  }

  remove(route: RouteRecord): void {
    this.byId.delete(route.id)
    this.ofSite(route.siteId).remove(route)
    this.pathnames.release(route.siteId, route.pathname)
    this.undo.record(() => this.add(route))
  }

  /** Drops every route of the site; returns them. */
  dropSite(siteId: string): RouteRecord[] {
    const index = this.ofSite(siteId)
    const routes = index.values()
    for (const route of routes) this.byId.delete(route.id)
    this.ordered.delete(siteId)
    this.undo.record(() => {
      for (const route of routes) this.byId.set(route.id, route)
      this.ordered.set(siteId, index)
    })
    return routes
  }

  copySite(fromSiteId: string, toSiteId: string, newId: () => string): void {
    for (const route of this.ofSite(fromSiteId).values()) this.add({ ...route, id: newId(), siteId: toSiteId })
  }
}
