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

  /** The route with the pathname; where several share it (choice skipValidationConflicts other than checked), the oldest. */
  byPathname(siteId: string, pathname: string): RouteRecord | undefined {
    const owner = this.pathnames.holder(siteId, pathname, 'route')
    return owner === undefined ? undefined : this.byId.get(owner.id)
  }

  /** The one route whose pathname equals this one in any case; see soleInAnyCase. */
  byPathnameInAnyCase(siteId: string, pathname: string): RouteRecord | undefined {
    const owner = this.pathnames.soleOwnerInAnyCase(siteId, pathname, 'route')
    return owner === undefined ? undefined : this.byId.get(owner.id)
  }

  /** Adds the route; one sharing a held pathname goes last of its holders (the newest), or at `at` when a remove is taken back. */
  add(route: RouteRecord, at?: number): void {
    this.byId.set(route.id, route)
    this.ofSite(route.siteId).insert(route)
    this.pathnames.claim(route.siteId, route.pathname, { kind: 'route', id: route.id }, at)
    this.undo.record(() => this.remove(route))
  }

  /** Moves the route to the pathname; one that shares a held pathname goes among its holders by age, or at `at` when a rename is taken back. */
  rename(route: RouteRecord, pathname: string, at?: number): void {
    const previous = route.pathname
    const index = this.ofSite(route.siteId)
    index.remove(route)
    const left = this.pathnames.release(route.siteId, route.pathname, route.id)
    route.pathname = pathname
    index.insert(route)
    this.pathnames.claim(route.siteId, pathname, { kind: 'route', id: route.id }, at ?? this.placeByAge(route))
    this.undo.record(() => this.rename(route, previous, left))
  }

  remove(route: RouteRecord): void {
    this.byId.delete(route.id)
    this.ofSite(route.siteId).remove(route)
    const left = this.pathnames.release(route.siteId, route.pathname, route.id)
    this.undo.record(() => this.add(route, left))
  }

  /**
   * The place among the holders of its pathname of a route moved onto one that others hold
   * (choice skipValidationConflicts other than checked): after the page and the routes made before it. The
   * table's map keeps routes in the order they were made; a scan, as only such a move asks it.
   */
  private placeByAge(route: RouteRecord): number | undefined {
    const holders = this.pathnames.holders(route.siteId, route.pathname)
    if (holders.length === 0) return undefined
    const older = new Set<string>()
    for (const id of this.byId.keys()) {
      if (id === route.id) break
      older.add(id)
    }
    const younger = holders.findIndex((held) => held.kind === 'route' && !older.has(held.id))
    return younger === -1 ? holders.length : younger
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
