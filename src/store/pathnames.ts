import { UndoLog } from './undo-log.js'

/**
 * Pages and routes of a site share one pathname space: a pathname is owned by at most one
 * page or route, save where a deployment lets a route take a held pathname with
 * skipValidation=true (choice skipValidationConflicts other than checked). One map per site makes the 409
 * check O(1) for both families.
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

/** The holders of a free pathname: one array for all, as a route's rename asks on every move. */
const NONE: readonly PathnameOwner[] = []

export class PathnameRegistry {
  /** Each pathname's owner: where several hold it, the first of its holders. */
  private readonly bySite = new Map<string, Map<string, PathnameOwner>>()
  /**
   * Every holder of a pathname that several hold, the page first, then routes oldest first (the
   * order a lookup and a 409 go by): only choice skipValidationConflicts other than checked fills it, so
   * while it is empty every method takes the one-owner path it took before.
   */
  private readonly shared = new Map<string, Map<string, PathnameOwner[]>>()

  /** Claims and releases are taken back by the tables that make them; a dropped site here. */
  constructor(private readonly undo = new UndoLog()) {}

  owner(siteId: string, pathname: string): PathnameOwner | undefined {
    return this.bySite.get(siteId)?.get(pathname)
  }

  /** The first holder of the pathname of this kind: the owner, or a route sharing a page's pathname. */
  holder(siteId: string, pathname: string, kind: PathnameOwner['kind']): PathnameOwner | undefined {
    const owner = this.owner(siteId, pathname)
    if (owner === undefined || owner.kind === kind) return owner
    return this.shared.size === 0 ? undefined : this.holders(siteId, pathname).find((held) => held.kind === kind)
  }

  /** Every holder of the pathname, in the order of `shared`. */
  holders(siteId: string, pathname: string): readonly PathnameOwner[] {
    const owner = this.owner(siteId, pathname)
    return this.shared.get(siteId)?.get(pathname) ?? (owner === undefined ? NONE : [owner])
  }

  /**
   * The first holder that `counts` of a pathname equal to this one in any case (`/About` beside
   * `/about`), for a deployment whose pathnames conflict so (choice pathnameConflictCase). A scan
   * of the site's pathnames: only that choice asks it, and only on a write.
   */
  holderInAnyCase(siteId: string, pathname: string, counts: (holder: PathnameOwner) => boolean): PathnameOwner | undefined {
    const folded = pathname.toLowerCase()
    for (const taken of this.bySite.get(siteId)?.keys() ?? []) {
      const found = taken.toLowerCase() === folded ? this.holders(siteId, taken).find(counts) : undefined
      if (found !== undefined) return found
    }
    return undefined
  }

  /** The one page (or route) of the site whose pathname equals this one in any case (see soleInAnyCase). */
  soleOwnerInAnyCase(siteId: string, pathname: string, kind: PathnameOwner['kind']): PathnameOwner | undefined {
    return soleInAnyCase(this.bySite.get(siteId) ?? [], pathname, (owner) => owner.kind === kind)
  }

  /**
   * Makes `owner` a holder of the pathname. A held one is shared: `owner` goes at place `at` of
   * its holders, or by default a page first (only taking back a write claims one a route holds)
   * and a route last (the newest).
   */
  claim(siteId: string, pathname: string, owner: PathnameOwner, at?: number): void {
    let site = this.bySite.get(siteId)
    if (!site) this.bySite.set(siteId, (site = new Map()))
    const first = site.get(pathname)
    if (first === undefined) return void site.set(pathname, owner)
    const holders = [...this.holders(siteId, pathname)]
    holders.splice(at ?? (owner.kind === 'page' ? 0 : holders.length), 0, owner)
    this.hold(site, siteId, pathname, holders)
  }

  /** Takes the holder `id` off the pathname; returns the place it had, for a claim that takes the release back. */
  release(siteId: string, pathname: string, id: string): number {
    const site = this.bySite.get(siteId)
    if (this.shared.size === 0 || site === undefined) {
      site?.delete(pathname)
      return 0
    }
    const holders = this.holders(siteId, pathname)
    const at = holders.findIndex((held) => held.id === id)
    this.hold(site, siteId, pathname, holders.filter((held) => held.id !== id))
    return Math.max(at, 0)
  }

  /** Sets the pathname's holders: the first owns it, and `shared` lists them where there are several. */
  private hold(site: Map<string, PathnameOwner>, siteId: string, pathname: string, holders: PathnameOwner[]): void {
    const [first] = holders
    if (first === undefined) site.delete(pathname)
    else site.set(pathname, first)
    let shared = this.shared.get(siteId)
    if (holders.length > 1) {
      if (!shared) this.shared.set(siteId, (shared = new Map()))
      shared.set(pathname, holders)
    } else if (shared?.delete(pathname) === true && shared.size === 0) {
      this.shared.delete(siteId)
    }
  }

  dropSite(siteId: string): void {
    const site = this.bySite.get(siteId)
    const shared = this.shared.get(siteId)
    this.bySite.delete(siteId)
    this.shared.delete(siteId)
    if (site) this.undo.record(() => this.bySite.set(siteId, site))
    if (shared) this.undo.record(() => this.shared.set(siteId, shared))
  }
}
