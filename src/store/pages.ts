import type { PageSortBy } from '../contracts/types.js'
import { contentOf, pageComparator, type PageVersion, type SortDirection } from './page-order.js'
import type { PathnameRegistry } from './pathnames.js'
import type { PageContent, PageRecord } from './records.js'
import { SortedIndex } from './sorted-index.js'

export interface PageOrder {
  version: PageVersion
  sortBy: PageSortBy
  direction: SortDirection
}

const orderKey = ({ version, sortBy, direction }: PageOrder): string => `${version}:${sortBy}:${direction}`

/** One site's pages: every sort order a list has asked for, built on first use and kept up to date. */
class SitePages {
  readonly all = new Set<PageRecord>()
  readonly orders = new Map<string, { order: PageOrder; index: SortedIndex<PageRecord> }>()

  index(order: PageOrder): SortedIndex<PageRecord> {
    const key = orderKey(order)
    let entry = this.orders.get(key)
    if (!entry) {
      const index = new SortedIndex(pageComparator(order.version, order.sortBy, order.direction))
      for (const page of this.all) if (contentOf(page, order.version)) index.insert(page)
      this.orders.set(key, (entry = { order, index }))
    }
    return entry.index
  }

  /** The built indexes a change of this version touches. */
  indexesOf(version: PageVersion): Array<SortedIndex<PageRecord>> {
    return [...this.orders.values()].filter((entry) => entry.order.version === version).map((entry) => entry.index)
  }
}

const DEFAULT_ORDER: PageOrder = { version: 'draft', sortBy: 'path', direction: 'asc' }

/** Pages by id, and each site's pages in every requested order, so no list or lookup scans. */
export class PageTable {
  readonly byId = new Map<string, PageRecord>()
  private readonly sites = new Map<string, SitePages>()

  constructor(private readonly pathnames: PathnameRegistry) {}

  private site(siteId: string): SitePages {
    let site = this.sites.get(siteId)
    if (!site) this.sites.set(siteId, (site = new SitePages()))
    return site
  }

  /** A site's pages in the given order (draft by pathname when none is given). */
  ofSite(siteId: string, order: PageOrder = DEFAULT_ORDER): SortedIndex<PageRecord> {
    return this.site(siteId).index(order)
  }

  byPathname(siteId: string, pathname: string): PageRecord | undefined {
    const owner = this.pathnames.owner(siteId, pathname)
    return owner?.kind === 'page' ? this.byId.get(owner.id) : undefined
  }

  add(page: PageRecord): void {
    this.byId.set(page.id, page)
    const site = this.site(page.siteId)
    site.all.add(page)
    for (const { order, index } of site.orders.values()) if (contentOf(page, order.version)) index.insert(page)
    this.pathnames.claim(page.siteId, page.draft.pathname, { kind: 'page', id: page.id })
  }

  /** Changes the draft; every index of the draft follows, and the pathname moves in the registry. */
  updateDraft(page: PageRecord, changes: Partial<PageContent>): void {
    const indexes = this.site(page.siteId).indexesOf('draft')
    for (const index of indexes) index.remove(page)
    if (changes.pathname !== undefined && changes.pathname !== page.draft.pathname) {
      this.pathnames.release(page.siteId, page.draft.pathname)
      this.pathnames.claim(page.siteId, changes.pathname, { kind: 'page', id: page.id })
    }
    Object.assign(page.draft, changes)
    for (const index of indexes) index.insert(page)
  }

  /** Copies every draft of the site to live; the live orders are rebuilt on their next use. */
  publishSite(siteId: string, at: string): number {
    const site = this.site(siteId)
    for (const page of site.all) {
      page.live = structuredClone(page.draft)
      page.publishedAt = at
    }
    for (const [key, entry] of site.orders) if (entry.order.version === 'live') site.orders.delete(key)
    return site.all.size
  }

  remove(page: PageRecord): void {
    this.byId.delete(page.id)
    const site = this.site(page.siteId)
    for (const { order, index } of site.orders.values()) if (contentOf(page, order.version)) index.remove(page)
    site.all.delete(page)
    this.pathnames.release(page.siteId, page.draft.pathname)
  }

  dropSite(siteId: string): void {
    for (const page of this.site(siteId).all) this.byId.delete(page.id)
    this.sites.delete(siteId)
  }

  /** Deep-copies every page, its localizations included, with fresh ids. */
  copySite(fromSiteId: string, toSiteId: string, newId: () => string): void {
    for (const page of this.ofSite(fromSiteId).values()) {
      const copyContent = (content: PageContent): PageContent => ({
        ...content,
        localizations: content.localizations.map((l) => ({ ...l, id: newId() })),
      })
      this.add({ ...page, id: newId(), siteId: toSiteId, draft: copyContent(page.draft), live: page.live && copyContent(page.live) })
    }
  }
}
