// The in-memory stand-in for the SQL Server database behind EF Core. Tables are arrays of rows;
// the global query filters for soft delete are the `active…` accessors, and IgnoreQueryFilters()
// is the `any…` accessors. SaveChanges' interceptor work (timestamps, rowversion, the temporal
// history of pages) happens in insert() and update().
import { compareGuids, collationEquals, newSequentialGuid, nextRowVersion } from './sqlserver.mjs';

const PAGE_COLUMNS = [
  'pathname', 'name', 'title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority',
  'sitemapFrequency', 'excludedFromSearchEngines', 'isOnline', 'createdAt', 'updatedAt', 'publishedAt',
];

export class Db {
  constructor() {
    this.workspaces = [];
    this.appKeys = [];
    this.sites = [];
    this.locales = [];
    this.pages = [];
    this.localizations = [];
    this.routes = [];
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  insert(table, row, now) {
    if (!row.id) row.id = newSequentialGuid();
    if ('createdAt' in row) row.createdAt = row.createdAt ?? now;
    if ('updatedAt' in row) row.updatedAt = row.updatedAt ?? now;
    if ('rowVersion' in row) row.rowVersion = nextRowVersion();
    if (table === this.pages) {
      row.history = row.history ?? [];
      row.history.push({ from: now, state: snapshot(row) });
    }
    table.push(row);
    return row;
  }

  // Applies only the values that differ (EF change tracking): nothing changed, nothing written,
  // so updatedAt, the rowversion and the temporal history stay as they were.
  update(row, changes, now) {
    let changed = false;
    for (const [k, v] of Object.entries(changes)) {
      if (row[k] !== v) {
        row[k] = v;
        changed = true;
      }
    }
    if (!changed) return false;
    if ('updatedAt' in row) row.updatedAt = now;
    if ('rowVersion' in row) row.rowVersion = nextRowVersion();
    if (row.history) row.history.push({ from: now, state: snapshot(row) });
    return true;
  }

  softDelete(row, now) {
    row.deletedAt = now;
    row.rowVersion = nextRowVersion();
  }

  // -------------------------------------------------------------------------------------------
  // Global query filters

  anySite(id) {
    return this.sites.find((s) => s.id === id) ?? null;
  }

  activeSite(id) {
    const site = this.anySite(id);
    return site && !site.deletedAt ? site : null;
  }

  siteIsActive(siteId) {
    return this.activeSite(siteId) !== null;
  }

  activeLocale(id) {
    const l = this.locales.find((x) => x.id === id);
    return l && !l.deletedAt && this.siteIsActive(l.siteId) ? l : null;
  }

  anyLocaleOfActiveSite(id) {
    const l = this.locales.find((x) => x.id === id);
    return l && this.siteIsActive(l.siteId) ? l : null;
  }

  activeLocales(siteId) {
    return this.locales.filter((l) => l.siteId === siteId && !l.deletedAt).sort(byId);
  }

  anyLocales(siteId) {
    return this.locales.filter((l) => l.siteId === siteId).sort(byId);
  }

  activeLocaleByCode(siteId, code) {
    return this.activeLocales(siteId).find((l) => collationEquals(l.code, code)) ?? null;
  }

  activePage(id) {
    const p = this.pages.find((x) => x.id === id);
    return p && !p.deletedAt && this.siteIsActive(p.siteId) ? p : null;
  }

  activePages(siteId) {
    return this.pages.filter((p) => p.siteId === siteId && !p.deletedAt);
  }

  anyPage(id) {
    return this.pages.find((x) => x.id === id) ?? null;
  }

  activePageByPathname(siteId, pathname) {
    return this.activePages(siteId).find((p) => collationEquals(p.pathname, pathname)) ?? null;
  }

  activeRoute(id) {
    const r = this.routes.find((x) => x.id === id);
    return r && !r.deletedAt && this.siteIsActive(r.siteId) ? r : null;
  }

  activeRoutes(siteId) {
    return this.routes.filter((r) => r.siteId === siteId && !r.deletedAt);
  }

  anyRoute(id) {
    return this.routes.find((x) => x.id === id) ?? null;
  }

  activeRouteByPathname(siteId, pathname) {
    return this.activeRoutes(siteId).find((r) => collationEquals(r.pathname, pathname)) ?? null;
  }

  // Include(p => p.Localizations) without an OrderBy: rows come back in clustered-index order,
  // i.e. by their uniqueidentifier key in SQL Server's order. Localizations of soft-deleted locales
  // are filtered out with their locale.
  visibleLocalizations(page) {
    return this.localizations
      .filter((z) => z.pageId === page.id && this.activeLocale(z.localeId) !== null)
      .sort(byId);
  }

  localizationOf(page, localeId) {
    return this.localizations.find((z) => z.pageId === page.id && z.localeId === localeId) ?? null;
  }

  defaultLocaleOf(site) {
    return this.locales.find((l) => l.id === site.defaultLocaleId) ?? null;
  }
}

export function byId(a, b) {
  return compareGuids(a.id, b.id);
}

export function snapshot(page) {
  const state = {};
  for (const c of PAGE_COLUMNS) state[c] = page[c];
  return state;
}

// SELECT … FROM Pages FOR SYSTEM_TIME AS OF @publishedAt: the live version of a page is the row as
// it stood at its last publication. A page never published has none.
export function liveState(page) {
  if (page.publishedAt == null) return null;
  let found = null;
  for (const h of page.history) if (h.from <= page.publishedAt) found = h.state;
  return found;
}
