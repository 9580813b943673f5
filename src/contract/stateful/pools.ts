import type { HttpMethod } from '../../api/types.js'
import type { ContractRequest } from '../http-client.js'

/** A value that differs between the two sides: an id, a key. */
export class Both<T extends string | undefined = string> {
  constructor(
    readonly target: T,
    readonly oracle: T,
  ) {}
}

export type Side = 'target' | 'oracle'
/** A request whose ids and keys may still be pairs, anywhere in it. */
export interface PairedRequest {
  method: HttpMethod
  template: string
  params?: Record<string, string | Both>
  query?: Record<string, unknown>
  body?: unknown
  key: Both | null
}

/** The request as one side receives it. */
export function onSide(request: PairedRequest, side: Side): ContractRequest {
  const pick = (value: unknown): unknown => {
    if (value instanceof Both) return value[side]
    if (Array.isArray(value)) return value.map(pick)
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, pick(inner)]))
    return value
  }
  return pick(request) as ContractRequest
}

export interface SiteEntry {
  id: Both
  key: Both
}

export interface ChildEntry {
  id: Both
  /** Index of its site in the sites pool. */
  site: number
}

export type Family = 'locale' | 'page' | 'route'

/** The field that names a resource of a family besides its id: unique in its site, so taking and freeing it matters. */
export const NAME_FIELD: Readonly<Record<Family, 'locale' | 'pathname'>> = { locale: 'locale', page: 'pathname', route: 'pathname' }

/**
 * What a sequence has created so far, deleted or not, in creation order: commands name a
 * resource by a number taken modulo its pool, so a deleted one is still named (and must be 404).
 */
export class Pools {
  readonly sites: SiteEntry[] = []
  readonly children: Record<Family, ChildEntry[]> = { locale: [], page: [], route: [] }
  private readonly known = new Set<string>()
  /** Every name seen on a resource of a site, by site and name field (pages and routes share pathnames). */
  private readonly names = new Map<string, Set<string>>()

  addSite(entry: SiteEntry): number {
    this.sites.push(entry)
    this.known.add(entry.id.oracle)
    return this.sites.length - 1
  }

  addChild(family: Family, entry: ChildEntry): void {
    if (this.known.has(entry.id.oracle)) return
    this.known.add(entry.id.oracle)
    this.children[family].push(entry)
  }

  /** Most commands work in the own site, so that its lists grow long enough to sort and page through. */
  site(choice: number): number {
    return choice % 2 === 0 ? 0 : (choice >> 1) % this.sites.length
  }

  /** Another site than this one (a sequence always has at least two). */
  otherSite(site: number, choice: number): number {
    return (site + 1 + (choice % (this.sites.length - 1))) % this.sites.length
  }

  /** Remembers that a resource of the site held this name: once nothing holds it, it is a freed name. */
  sawName(site: number, field: string, name: string): void {
    const key = `${site} ${field}`
    const seen = this.names.get(key) ?? new Set<string>()
    seen.add(name)
    this.names.set(key, seen)
  }

  namesSeen(site: number, field: string): ReadonlySet<string> {
    return this.names.get(`${site} ${field}`) ?? new Set()
  }

  child(family: Family, choice: number): ChildEntry | undefined {
    const pool = this.children[family]
    return pool.length === 0 ? undefined : pool[choice % pool.length]
  }
}
