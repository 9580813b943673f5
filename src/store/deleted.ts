import type { LocaleRecord, PageRecord, RouteRecord, SiteRecord } from './records.js'
import { UndoLog } from './undo-log.js'

/**
 * What deletes removed, kept only where a deployment's choices need it: the sites (for their
 * workspace and default locale, when their locales, pages and routes outlive them: choice
 * siteDeleteChildren kept), and the ids of the pages and routes a delete removed, with the site
 * each was in (a delete sent again: choice repeatedDelete idempotent). A locale's own delete is a
 * soft one, which its table keeps; only a site's delete removes locales, and then they are kept
 * here too. Under sitemock's own choices nothing is kept here. Maps in the order of the deletes,
 * no clock and no random draw: the same requests leave the same entries.
 */
export class DeletedRecords {
  private readonly sites = new Map<string, SiteRecord>()
  private readonly siteOfPage = new Map<string, string>()
  private readonly siteOfRoute = new Map<string, string>()
  private readonly siteOfLocale = new Map<string, string>()

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

  rememberPage(page: PageRecord): void {
    this.siteOfPage.set(page.id, page.siteId)
    this.undo.record(() => this.siteOfPage.delete(page.id))
  }

  rememberRoute(route: RouteRecord): void {
    this.siteOfRoute.set(route.id, route.siteId)
    this.undo.record(() => this.siteOfRoute.delete(route.id))
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
