import type { PageSortBy } from '../generated/types.js'
import { DerivedTexts } from './derived-texts.js'
import { SitePageIndexes, type PageView, type PageViewIndex } from './page-indexes.js'
import type { PageVersion, SortDirection } from './page-order.js'
import { soleInAnyCase, type PathnameRegistry } from './pathnames.js'
import type { PageContent, PageRecord } from './records.js'
import type { SortedIndex } from './sorted-index.js'
import { UndoLog } from './undo-log.js'

export interface PageOrder {
  version: PageVersion
  sortBy: PageSortBy
  direction: SortDirection
}

const DEFAULT_ORDER: PageOrder = { version: 'draft', sortBy: 'path', direction: 'asc' }

/** Pages by id, and each site's pages in every view a list asks for, so no list or lookup scans. */
export class PageTable {
  readonly byId = new Map<string, PageRecord>()
  private readonly sites = new Map<string, SitePageIndexes>()
  /** Each site's published pages by their live pathname, which a draft may have changed since. */
  private readonly livePathnames = new Map<string, Map<string, PageRecord>>()
  /**
   * Each page version's JSON as the API shows it in the site's default locale, keyed by the
   * version's content: every write below drops what it changes, so a read reuses the text.
   */
  readonly presented = new DerivedTexts<PageContent>(20_000)

  constructor(
    private readonly pathnames: PathnameRegistry,
    private readonly undo = new UndoLog(),
  ) {}

  /** The site's pages in the order they were added: created, or loaded from a scenario. */
  inOrderAdded(siteId: string): Iterable<PageRecord> {
    return this.site(siteId).all
  }

  private site(siteId: string): SitePageIndexes {
    let site = this.sites.get(siteId)
    if (!site) this.sites.set(siteId, (site = new SitePageIndexes()))
    return site
  }

  /** Every page of a site that has the version, offline ones included, in the given order (draft by pathname when none is given). */
  ofSite(siteId: string, order: PageOrder = DEFAULT_ORDER): SortedIndex<PageRecord> {
    // The empty prefix: a pathname need not start with / under the documents' rules.
    return this.site(siteId).view({ ...order, pathPrefix: '', includeOffline: true }).index
  }

  /** The pages one list shows, sorted; built on first use, then kept up to date by every write. */
  view(siteId: string, view: PageView): PageViewIndex {
    return this.site(siteId).view(view)
  }

  byPathname(siteId: string, pathname: string): PageRecord | undefined {
    const owner = this.pathnames.owner(siteId, pathname)
    return owner?.kind === 'page' ? this.byId.get(owner.id) : undefined
  }

  /** The page whose live version has this pathname: what a ref:live lookup by pathname finds. */
  byLivePathname(siteId: string, pathname: string): PageRecord | undefined {
    return this.livePathnames.get(siteId)?.get(pathname)
  }

  /** The one page whose draft (or live) pathname equals this one in any case; see soleInAnyCase. */
  byPathnameInAnyCase(siteId: string, pathname: string, version: PageVersion): PageRecord | undefined {
    if (version === 'live') return soleInAnyCase(this.livePathnames.get(siteId) ?? [], pathname)
    const owner = this.pathnames.soleOwnerInAnyCase(siteId, pathname, 'page')
    return owner === undefined ? undefined : this.byId.get(owner.id)
  }

  add(page: PageRecord): void {
    this.byId.set(page.id, page)
    this.site(page.siteId).add(page)
    this.pathnames.claim(page.siteId, page.draft.pathname, { kind: 'page', id: page.id })
    if (page.live) this.liveOf(page.siteId).set(page.live.pathname, page)
    // Asked first: building a large scenario adds every page while nothing is recorded, and a
    // step made for each would be garbage to collect while the parsed document is still young.
    if (this.undo.recording) this.undo.record(() => this.remove(page))
  }

  /** Changes the draft; every view of the draft follows, and the pathname moves in the registry. */
  updateDraft(page: PageRecord, changes: Partial<PageContent>): void {
    // The whole draft as it was, in one copy: picking the changed fields by name here cost a
    // write about a microsecond, so they are picked when taken back, which is rarer. Only they
    // are set again, so the page moves in no view that reads none of them.
    const before = { ...page.draft }
    this.undo.record(() => {
      const restored: Partial<PageContent> = {}
      for (const field of Object.keys(changes) as Array<keyof PageContent>) Object.assign(restored, { [field]: before[field] })
      this.updateDraft(page, restored)
    })
    if (changes.pathname !== undefined && changes.pathname !== page.draft.pathname) {
      this.pathnames.release(page.siteId, page.draft.pathname, page.id)
      this.pathnames.claim(page.siteId, changes.pathname, { kind: 'page', id: page.id })
    }
    this.presented.drop(page.draft)
    this.site(page.siteId).change(page, 'draft', changes)
  }

  /** Drops the texts made from the page's versions, after a change made in place (a renamed locale). */
  changedInPlace(page: PageRecord): void {
    this.presented.drop(page.draft)
    this.presented.drop(page.live)
  }

  /** Copies every draft of the site to live; the live views are rebuilt on their next use. */
  publishSite(siteId: string, at: string): number {
    const site = this.site(siteId)
    const before = { pages: [...site.all].map((page) => ({ page, live: page.live, publishedAt: page.publishedAt })), live: this.livePathnames.get(siteId) }
    this.undo.record(() => {
      for (const { page, live, publishedAt } of before.pages) {
        this.changedInPlace(page)
        page.live = live
        page.publishedAt = publishedAt
      }
      site.forget('live')
      if (before.live) this.livePathnames.set(siteId, before.live)
      else this.livePathnames.delete(siteId)
    })
    for (const page of site.all) {
      // The draft shows publishedAt too.
      this.changedInPlace(page)
      page.live = structuredClone(page.draft)
      page.publishedAt = at
    }
    site.forget('live')
    const live = new Map<string, PageRecord>()
    for (const page of site.all) live.set(page.draft.pathname, page)
    this.livePathnames.set(siteId, live)
    return site.all.size
  }

  /**
   * Sets one page's live version: its draft as it is now, stamped `at` (a deployment that publishes
   * a page as it goes online, choice pagePublishing), the live version it has taken offline, or
   * none (a copy whose pages start unpublished, as the contract suite's oracle follows a deployment).
   */
  setLive(page: PageRecord, live: PageContent | null, publishedAt: string | null): void {
    const site = this.site(page.siteId)
    const index = this.liveOf(page.siteId)
    const before = { live: page.live, publishedAt: page.publishedAt }
    const place = (version: PageContent | null, at: string | null): void => {
      this.changedInPlace(page)
      if (page.live && index.get(page.live.pathname) === page) index.delete(page.live.pathname)
      page.live = version
      page.publishedAt = at
      if (version) index.set(version.pathname, page)
      site.forget('live')
    }
    this.undo.record(() => place(before.live, before.publishedAt))
    place(live, publishedAt)
  }

  remove(page: PageRecord): void {
    this.changedInPlace(page)
    this.byId.delete(page.id)
    this.site(page.siteId).remove(page)
    this.pathnames.release(page.siteId, page.draft.pathname, page.id)
    const live = this.livePathnames.get(page.siteId)
    const listedLive = page.live !== null && live?.get(page.live.pathname) === page
    if (listedLive) live!.delete(page.live!.pathname)
    this.undo.record(() => {
      this.byId.set(page.id, page)
      this.site(page.siteId).add(page)
      this.pathnames.claim(page.siteId, page.draft.pathname, { kind: 'page', id: page.id })
      if (listedLive) this.liveOf(page.siteId).set(page.live!.pathname, page)
    })
  }

  /** Renames a locale in the localizations of every page of the site, both versions. */
  renameLocalizations(siteId: string, previous: string, code: string): void {
    const pages = this.ofSite(siteId).values()
    const renamed: Array<{ locale: string }> = []
    for (const page of pages) {
      // Every page's text names the site's default locale, which the rename may change too.
      this.changedInPlace(page)
      for (const content of [page.draft, page.live]) {
        for (const localization of content?.localizations ?? []) {
          if (localization.locale !== previous) continue
          localization.locale = code
          renamed.push(localization)
        }
      }
    }
    this.undo.record(() => {
      for (const page of pages) this.changedInPlace(page)
      for (const localization of renamed) localization.locale = previous
    })
  }

  /** Drops every page of the site; returns them. */
  dropSite(siteId: string): Iterable<PageRecord> {
    const site = this.site(siteId)
    const live = this.livePathnames.get(siteId)
    for (const page of site.all) {
      this.changedInPlace(page)
      this.byId.delete(page.id)
    }
    this.sites.delete(siteId)
    this.livePathnames.delete(siteId)
    this.undo.record(() => {
      for (const page of site.all) this.byId.set(page.id, page)
      this.sites.set(siteId, site)
      if (live) this.livePathnames.set(siteId, live)
    })
    return site.all
  }

  private liveOf(siteId: string): Map<string, PageRecord> {
    let live = this.livePathnames.get(siteId)
    if (!live) this.livePathnames.set(siteId, (live = new Map()))
    return live
  }

  /**
   * Deep-copies every page, its localizations included, with fresh ids; published and online as
   * the original, or each offline and unpublished where a deployment resets a copy's publication
   * (choice duplicatePublication).
   */
  copySite(fromSiteId: string, toSiteId: string, newId: () => string, publication: 'copied' | 'reset' = 'copied'): void {
    for (const page of this.ofSite(fromSiteId).values()) {
      const copyContent = (content: PageContent): PageContent => ({
        ...content,
        localizations: content.localizations.map((l) => ({ ...l, id: newId() })),
      })
      const copy = { ...page, id: newId(), siteId: toSiteId, draft: copyContent(page.draft), live: page.live && copyContent(page.live) }
      this.add(publication === 'copied' ? copy : { ...copy, draft: { ...copy.draft, isOnline: false }, live: null, publishedAt: null })
    }
  }
}
