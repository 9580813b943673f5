// In-memory port of the ROM relations over SQLite: every table has an INTEGER
// rowid (insertion order), TEXT ids, soft deletes via deleted_at, and NOCASE
// collations on pathname/locale columns.
import { newId, newAppKey, nowIso, nocaseEq, fold } from './formats.mjs';

export class Store {
  constructor() {
    this.seq = { sites: 0, locales: 0, pages: 0, routes: 0, localizations: 0 };
    this.workspaces = new Map(); // id -> { id, name }
    this.appKeys = new Map();    // key -> workspaceId
    this.siteKeys = new Map();   // lowercase uuid -> siteId
    this.sites = [];
    this.locales = [];
    this.pages = [];
    this.routes = [];
  }
  nextRowid(t) { return ++this.seq[t]; }

  createWorkspace(name) {
    const ws = { id: newId(), name };
    this.workspaces.set(ws.id, ws);
    const key = newAppKey();
    this.appKeys.set(key, ws.id);
    return { ws, key };
  }

  // ---------- lookups (ids compare NOCASE: the id column is TEXT COLLATE NOCASE)
  findSite(id, { withDeleted = false } = {}) {
    return this.sites.find((s) => nocaseEq(s.id, id) && (withDeleted || !s.deletedAt)) || null;
  }
  findLocale(id, { withDeleted = false } = {}) {
    return this.locales.find((l) => nocaseEq(l.id, id) && (withDeleted || !l.deletedAt)) || null;
  }
  findPage(id, { withDeleted = false } = {}) {
    return this.pages.find((p) => nocaseEq(p.id, id) && (withDeleted || !p.deletedAt)) || null;
  }
  findRoute(id) { return this.routes.find((r) => nocaseEq(r.id, id) && !r.deletedAt) || null; }

  activeLocales(siteId) { return this.locales.filter((l) => l.siteId === siteId && !l.deletedAt); }
  localeByCode(siteId, code) { return this.activeLocales(siteId).find((l) => nocaseEq(l.locale, code)) || null; }
  defaultLocaleOf(site) { return this.activeLocales(site.id).find((l) => l.isDefault) || null; }
  activePages(siteId) { return this.pages.filter((p) => p.siteId === siteId && !p.deletedAt); }
  activeRoutes(siteId) { return this.routes.filter((r) => r.siteId === siteId && !r.deletedAt); }
  pageByPathname(siteId, pathname) { return this.activePages(siteId).find((p) => nocaseEq(p.pathname, pathname)) || null; }
  routeByPathname(siteId, pathname) { return this.activeRoutes(siteId).find((r) => nocaseEq(r.pathname, pathname)) || null; }
  // partial unique index over (site_id, pathname COLLATE NOCASE) shared by pages and routes
  pathnameTaken(siteId, pathname, except) {
    const p = this.pageByPathname(siteId, pathname);
    if (p && p !== except) return 'page';
    const r = this.routeByPathname(siteId, pathname);
    if (r && r !== except) return 'route';
    return null;
  }

  // ---------- inserts
  insertSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', localeManagementMode = 'external' }) {
    const site = {
      rowid: this.nextRowid('sites'), id: newId(), workspaceId, name, hostOrigin,
      publicApiKey: newId(), siteApiKey: newId(), localeManagementMode, deletedAt: null,
    };
    this.sites.push(site);
    this.siteKeys.set(site.siteApiKey, site.id);
    this.insertLocale({ siteId: site.id, locale: defaultLocale, isDefault: true });
    return site;
  }
  insertLocale({ siteId, locale, domain = null, pathPrefix = null, isDefault = false }) {
    const row = { rowid: this.nextRowid('locales'), id: newId(), siteId, locale, domain, pathPrefix, isDefault, deletedAt: null };
    this.locales.push(row);
    return row;
  }
  insertPage(attrs) {
    const ts = nowIso();
    const page = {
      rowid: this.nextRowid('pages'), id: newId(), siteId: attrs.siteId,
      pathname: attrs.pathname, name: attrs.name,
      title: null, description: null, canonicalUrl: null, socialImageUrl: null,
      sitemapPriority: null, sitemapFrequency: null, excludedFromSearchEngines: null,
      isOnline: false, createdAt: ts, updatedAt: ts, publishedAt: null,
      localizations: [], live: null, deletedAt: null,
      ...attrs,
    };
    this.pages.push(page);
    return page;
  }
  insertRoute({ siteId, pathname }) {
    const r = { rowid: this.nextRowid('routes'), id: newId(), siteId, pathname, deletedAt: null };
    this.routes.push(r);
    return r;
  }
  newLocalization(localeId, data) {
    return { id: newId(), localeId, pathname: data.pathname, title: data.title ?? null, description: data.description ?? null };
  }

  // live snapshot = the page as it was when it went online
  snapshot(page) {
    const { live, deletedAt, rowid, ...rest } = page;
    return structuredClone({ ...rest, localizations: page.localizations.map((l) => ({ ...l })) });
  }

  // Deep copy of a site, inside one "transaction"
  duplicateSite(src, name) {
    const site = {
      rowid: this.nextRowid('sites'), id: newId(), workspaceId: src.workspaceId, name,
      hostOrigin: src.hostOrigin, publicApiKey: newId(), siteApiKey: newId(),
      localeManagementMode: src.localeManagementMode, deletedAt: null,
    };
    const localeMap = new Map();
    const locales = this.activeLocales(src.id).map((l) => {
      const c = { ...l, rowid: this.nextRowid('locales'), id: newId(), siteId: site.id };
      localeMap.set(l.id, c.id);
      return c;
    });
    const copyLocs = (locs) => locs.filter((x) => localeMap.has(x.localeId))
      .map((x) => ({ ...x, id: newId(), localeId: localeMap.get(x.localeId) }));
    const pages = this.activePages(src.id).map((p) => {
      const c = structuredClone(p);
      c.rowid = this.nextRowid('pages'); c.id = newId(); c.siteId = site.id;
      c.localizations = copyLocs(p.localizations);
      if (p.live) { c.live = structuredClone(p.live); c.live.id = c.id; c.live.siteId = site.id; c.live.localizations = copyLocs(p.live.localizations); }
      return c;
    });
    const routes = this.activeRoutes(src.id).map((r) => ({ ...r, rowid: this.nextRowid('routes'), id: newId(), siteId: site.id }));
    this.sites.push(site);
    this.siteKeys.set(site.siteApiKey, site.id);
    this.locales.push(...locales);
    this.pages.push(...pages);
    this.routes.push(...routes);
    return site;
  }

  siteForKey(uuid) {
    const id = this.siteKeys.get(fold(uuid));
    return id ? this.findSite(id) : null;
  }
}
