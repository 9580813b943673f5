import type { PathnameRegistry } from './pathnames.js'
import type { PageRecord } from './records.js'
import { compareStrings, SortedIndex } from './sorted-index.js'

const byPath = (a: PageRecord, b: PageRecord): number =>
  compareStrings(a.draft.pathname, b.draft.pathname) || compareStrings(a.id, b.id)

/** Pages by id, and a site's pages sorted by draft pathname. */
export class PageTable {
  readonly byId = new Map<string, PageRecord>()
  private readonly ordered = new Map<string, SortedIndex<PageRecord>>()

  constructor(private readonly pathnames: PathnameRegistry) {}

  ofSite(siteId: string): SortedIndex<PageRecord> {
    let index = this.ordered.get(siteId)
    if (!index) this.ordered.set(siteId, (index = new SortedIndex(byPath)))
    return index
  }

  byPathname(siteId: string, pathname: string): PageRecord | undefined {
    const owner = this.pathnames.owner(siteId, pathname)
    return owner?.kind === 'page' ? this.byId.get(owner.id) : undefined
  }

  add(page: PageRecord): void {
    this.byId.set(page.id, page)
    this.ofSite(page.siteId).insert(page)
    this.pathnames.claim(page.siteId, page.draft.pathname, { kind: 'page', id: page.id })
  }

  remove(page: PageRecord): void {
    this.byId.delete(page.id)
    this.ofSite(page.siteId).remove(page)
    this.pathnames.release(page.siteId, page.draft.pathname)
  }

  dropSite(siteId: string): void {
    for (const page of this.ofSite(siteId).values()) this.byId.delete(page.id)
    this.ordered.delete(siteId)
  }

  /** Deep-copies every page, its localizations included, with fresh ids. */
  copySite(fromSiteId: string, toSiteId: string, newId: () => string): void {
    for (const page of this.ofSite(fromSiteId).values()) {
      const copyContent = (content: PageRecord['draft']): PageRecord['draft'] => ({
        ...content,
        localizations: content.localizations.map((l) => ({ ...l, id: newId() })),
      })
      this.add({ ...page, id: newId(), siteId: toSiteId, draft: copyContent(page.draft), live: page.live && copyContent(page.live) })
    }
  }
}
