import { UndoLog } from './undo-log.js'

/**
 * Pages and routes of a site share one pathname space: a pathname is owned by at most one
 * page or route. One map per site makes the 409 check O(1) for both families.
 */
export interface PathnameOwner {
  kind: 'page' | 'route'
  id: string
}

/**
 * The one value whose key equals `pathname` in any case (`/About` for `/about`), among those
 * `accepted`; undefined when none or several do. A scan: only a deployment that looks pathnames
 * up so (choice pathnameLookupCase any-case) asks it, once the exact pathname is not found.
 */
export function soleInAnyCase<V>(byPathname: Iterable<[string, V]>, pathname: string, accepted: (value: V) => boolean = () => true): V | undefined {
  const folded = pathname.toLowerCase()
  let found: V | undefined
  for (const [taken, value] of byPathname) {
    if (taken.toLowerCase() !== folded || !accepted(value)) continue
    if (found !== undefined) return undefined
    found = value
  }
  return found
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

  /** The one page (or route) of the site whose pathname equals this one in any case (see soleInAnyCase). */
  soleOwnerInAnyCase(siteId: string, pathname: string, kind: PathnameOwner['kind']): PathnameOwner | undefined {
    return soleInAnyCase(this.bySite.get(siteId) ?? [], pathname, (owner) => owner.kind === kind)
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
