import type { LocaleRecord, PageRecord, RouteRecord, SiteRecord } from './records.js'
import { UndoLog } from './undo-log.js'

/** A deleted page or route as its lists place it: its record as it was deleted, and the one of its site created just before it (none: the first). */
export interface Placed<T> {
  record: T
  createdAfter: T | undefined
}

/**
 * What deletes removed, kept only where a deployment's choices need it: the sites (for their
 * workspace and default locale, when their locales, pages and routes outlive them: choice
 * siteDeleteChildren kept), the ids of the pages and routes a delete removed, with the site
 * each was in (a delete sent again: choice repeatedDelete idempotent), and the sites, pages and
 * routes a delete of their own removed, as they were, for a cursor that names one (choice
 * deletedCursor after-place), and the deleted sites by their Site key, for a deployment that still
 * knows such a key (choice deletedSiteKey 403). A locale's own delete is a soft one, which its
 * table keeps; only a site's delete removes locales, and then they are kept here too. Under sitemock's own choices
 * nothing is kept here. Maps in the order of the deletes, no clock and no random draw: the same
 * requests leave the same entries.
 */
export class DeletedRecords {
  private readonly sites = new Map<string, SiteRecord>()
  private readonly siteOfPage = new Map<string, string>()
  private readonly siteOfRoute = new Map<string, string>()
  private readonly siteOfLocale = new Map<string, string>()
  private readonly placedSites = new Map<string, SiteRecord>()
  private readonly placedPages = new Map<string, Placed<PageRecord>>()
  private readonly placedRoutes = new Map<string, Placed<RouteRecord>>()
  private readonly sitesByKey = new Map<string, SiteRecord>()

  constructor(private readonly undo = new UndoLog()) {}

  /** A deleted site's record as it was when deleted (later renames of its kept default locale included). */
  site(id: string): SiteRecord | undefined {
    return this.sites.get(id)
  }

  /** The site a deleted page, route or locale (one its site's delete removed) was in. */
  siteOf(family: 'page' | 'route' | 'locale', id: string): string | undefined {
    return (family === 'page' ? this.siteOfPage : family === 'route' ? this.siteOfRoute : this.siteOfLocale).get(id)
  }

  rememberSite(site: SiteRecord): void {
    this.sites.set(site.id, site)
    this.undo.record(() => this.sites.delete(site.id))
  }

  /** The deleted site whose publicApiKey this was (lower case, as the store indexes live sites' keys). */
  siteOfKey(publicApiKey: string): SiteRecord | undefined {
    return this.sitesByKey.get(publicApiKey)
  }

  /** Keeps a deleted site under its publicApiKey, the key its Site key is found by (choice deletedSiteKey 403). */
  rememberKey(site: SiteRecord): void {
    this.sitesByKey.set(site.publicApiKey, site)
    this.undo.record(() => this.sitesByKey.delete(site.publicApiKey))
  }

  rememberPage(page: PageRecord): void {
    this.siteOfPage.set(page.id, page.siteId)
    this.undo.record(() => this.siteOfPage.delete(page.id))
  }

  rememberRoute(route: RouteRecord): void {
    this.siteOfRoute.set(route.id, route.siteId)
    this.undo.record(() => this.siteOfRoute.delete(route.id))
  }

  /** A soft-deleted locale its table forgot for good (choice deletedLocaleCode revived): a delete sent again still finds where it was. */
  rememberLocale(locale: LocaleRecord): void {
    this.siteOfLocale.set(locale.id, locale.siteId)
    this.undo.record(() => this.siteOfLocale.delete(locale.id))
  }

  /** A site its own delete removed, as it was: its workspace and creation order place it in the site list. */
  placedSite(id: string): SiteRecord | undefined {
    return this.placedSites.get(id)
  }

  /** A page or route its own delete removed, as it was, and the one of its site created just before it. */
  placed(family: 'page', id: string): Placed<PageRecord> | undefined
  placed(family: 'route', id: string): Placed<RouteRecord> | undefined
  placed(family: 'page' | 'route', id: string): Placed<PageRecord> | Placed<RouteRecord> | undefined {
    return family === 'page' ? this.placedPages.get(id) : this.placedRoutes.get(id)
  }

  /** Keeps a deleted site for the cursors that name it (choice deletedCursor after-place). */
  placeSite(site: SiteRecord): void {
    this.placedSites.set(site.id, site)
    this.undo.record(() => this.placedSites.delete(site.id))
  }

  /** Keeps a deleted page for the cursors that name it, with the page of its site created just before it. */
  placePage(page: PageRecord, createdAfter: PageRecord | undefined): void {
    this.placedPages.set(page.id, { record: page, createdAfter })
    this.undo.record(() => this.placedPages.delete(page.id))
  }

  /** Keeps a deleted route for the cursors that name it, with the route of its site created just before it. */
  placeRoute(route: RouteRecord, createdAfter: RouteRecord | undefined): void {
    this.placedRoutes.set(route.id, { record: route, createdAfter })
    this.undo.record(() => this.placedRoutes.delete(route.id))
  }

  /** What a site's delete removed with it, in one step to take back. */
  rememberChildren(removed: { locales: Iterable<LocaleRecord>; pages: Iterable<PageRecord>; routes: Iterable<RouteRecord> }): void {
    const takeBack = [keep(this.siteOfLocale, removed.locales), keep(this.siteOfPage, removed.pages), keep(this.siteOfRoute, removed.routes)]
    this.undo.record(() => {
      for (const step of takeBack) step()
    })
  }
}

/** Notes each record's site under its id; returns the step that forgets them again. */
function keep(into: Map<string, string>, records: Iterable<{ id: string; siteId: string }>): () => void {
  const ids: string[] = []
  for (const { id, siteId } of records) {
    into.set(id, siteId)
    ids.push(id)
  }
  return () => {
    for (const id of ids) into.delete(id)
  }
}

/**
 * Where a record comes in its site's creation order, given the ranks of the live ones: a deleted
 * one (kept by `placedOf`) just after the one created before it, or the one before that where that
 * one was deleted too; undefined for a record neither live nor kept.
 */
export function creationRank<T>(ranks: ReadonlyMap<T, number>, record: T, placedOf: (record: T) => Placed<T> | undefined): number | undefined {
  const live = ranks.get(record)
  if (live !== undefined) return live
  const placed = placedOf(record)
  if (placed === undefined) return undefined
  let before = placed.createdAfter
  while (before !== undefined) {
    const rank = ranks.get(before)
    if (rank !== undefined) return rank + 0.5
    before = placedOf(before)?.createdAfter
  }
  return -0.5
}
