import { UndoLog } from './undo-log.js'

/**
 * Pages and routes of a site share one pathname space: a pathname is owned by at most one
 * page or route. One map per site makes the 409 check O(1) for both families.
 */
export interface PathnameOwner {
  kind: 'page' | 'route'
  id: string
}

export class PathnameRegistry {
  private readonly bySite = new Map<string, Map<string, PathnameOwner>>()

  /** Claims and releases are taken back by the tables that make them; a dropped site here. */
  constructor(private readonly undo = new UndoLog()) {}

  owner(siteId: string, pathname: string): PathnameOwner | undefined {
    return this.bySite.get(siteId)?.get(pathname)
  }

  /**
   * Another owner of a pathname equal to this one in any case (`/About` beside `/about`), for a
   * deployment whose pathnames conflict so (choice pathnameConflictCase). A scan of the site's
   * pathnames: only that choice asks it, and only on a write.
   */
  ownerInAnyCase(siteId: string, pathname: string, self?: PathnameOwner): PathnameOwner | undefined {
    const folded = pathname.toLowerCase()
    for (const [taken, owner] of this.bySite.get(siteId) ?? []) {
      if (taken.toLowerCase() === folded && !(self !== undefined && owner.kind === self.kind && owner.id === self.id)) return owner
    }
    return undefined
  }

  claim(siteId: string, pathname: string, owner: PathnameOwner): void {
    let site = this.bySite.get(siteId)
    if (!site) this.bySite.set(siteId, (site = new Map()))
    site.set(pathname, owner)
  }

  release(siteId: string, pathname: string): void {
    this.bySite.get(siteId)?.delete(pathname)
  }

  dropSite(siteId: string): void {
    const site = this.bySite.get(siteId)
    this.bySite.delete(siteId)
    if (site) this.undo.record(() => this.bySite.set(siteId, site))
  }
}
