// In-memory stand-in for the CockroachDB schema (workspaces, app_keys, sites, site_locales,
// pages, page_localizations, routes). Every mutation is synchronous, so each handler runs as
// one serializable transaction.
import { newId, newAppKey, nowTs, byteCmp } from './util.mjs';

export class Store {
  constructor() {
    this.workspaces = new Map();
    this.appKeys = new Map(); // key -> workspaceId
    this.sites = new Map(); // id -> site
    this.siteKeys = new Map(); // publicApiKey -> siteId
    this.locales = new Map(); // id -> locale
    this.pages = new Map(); // id -> page
    this.routes = new Map(); // id -> route
  }

  addWorkspace(name) {
    const ws = { id: newId(), name };
    this.workspaces.set(ws.id, ws);
    const key = newAppKey();
    this.appKeys.set(key, ws.id);
    return { ws, key };
  }

  createSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', localeManagementMode = 'external' }) {
    const site = {
      id: newId(), workspaceId, name, hostOrigin, publicApiKey: newId(),
      defaultLocalePathPrefix: null, localeManagementMode, createdAt: nowTs(),
      localeIds: new Set(), pageIds: new Set(), routeIds: new Set(),
    };
    this.sites.set(site.id, site);
    this.siteKeys.set(site.publicApiKey, site.id);
    this.addLocale(site, { locale: defaultLocale, isDefault: true });
    return site;
  }

  deleteSite(site) {
    for (const id of site.localeIds) this.locales.delete(id);
    for (const id of site.pageIds) this.pages.delete(id);
    for (const id of site.routeIds) this.routes.delete(id);
    this.siteKeys.delete(site.publicApiKey);
    this.sites.delete(site.id);
  }

  addLocale(site, { locale, domain = null, isDefault = false, pathPrefix = null }) {
    const loc = { id: newId(), siteId: site.id, locale, domain, pathPrefix, isDefault, deletedAt: null };
    this.locales.set(loc.id, loc);
    site.localeIds.add(loc.id);
    return loc;
  }

  siteLocales(site, { includeDeleted = false } = {}) {
    const out = [];
    for (const id of site.localeIds) {
      const l = this.locales.get(id);
      if (includeDeleted || !l.deletedAt) out.push(l);
    }
    return out;
  }

  defaultLocale(site) {
    for (const id of site.localeIds) {
      const l = this.locales.get(id);
      if (l.isDefault) return l;
    }
    return null;
  }

  addPage(site, fields) {
    const ts = nowTs();
    const page = {
      id: newId(), siteId: site.id, name: fields.name, pathname: fields.pathname,
      canonicalUrl: null, title: null, description: null, socialImageUrl: null,
      sitemapPriority: null, sitemapFrequency: null,
      createdAt: ts, updatedAt: ts, publishedAt: null,
      isOnline: true, excludedFromSearchEngines: false,
      localizations: [], // { id, localeId, pathname, title, description }
      ...fields,
    };
    this.pages.set(page.id, page);
    site.pageIds.add(page.id);
    return page;
  }

  sitePages(site) {
    const out = [];
    for (const id of site.pageIds) out.push(this.pages.get(id));
    return out;
  }

  addRoute(site, pathname) {
    const r = { id: newId(), siteId: site.id, pathname };
    this.routes.set(r.id, r);
    site.routeIds.add(r.id);
    return r;
  }

  siteRoutes(site) {
    const out = [];
    for (const id of site.routeIds) out.push(this.routes.get(id));
    return out;
  }

  // "Duplicate Site": copies configuration, active locales, pages (with localizations and their
  // timestamps) and routes; new ids everywhere, new publicApiKey.
  duplicateSite(src, name) {
    const site = {
      id: newId(), workspaceId: src.workspaceId, name, hostOrigin: src.hostOrigin, publicApiKey: newId(),
      defaultLocalePathPrefix: src.defaultLocalePathPrefix, localeManagementMode: src.localeManagementMode,
      createdAt: nowTs(), localeIds: new Set(), pageIds: new Set(), routeIds: new Set(),
    };
    this.sites.set(site.id, site);
    this.siteKeys.set(site.publicApiKey, site.id);
    const localeMap = new Map();
    for (const l of this.siteLocales(src)) {
      const nl = this.addLocale(site, { locale: l.locale, domain: l.domain, isDefault: l.isDefault, pathPrefix: l.pathPrefix });
      localeMap.set(l.id, nl.id);
    }
    for (const p of this.sitePages(src)) {
      const np = { ...p, id: newId(), siteId: site.id, localizations: [] };
      for (const z of p.localizations) {
        if (localeMap.has(z.localeId)) np.localizations.push({ ...z, id: newId(), localeId: localeMap.get(z.localeId) });
      }
      this.pages.set(np.id, np);
      site.pageIds.add(np.id);
    }
    for (const r of this.siteRoutes(src)) this.addRoute(site, r.pathname);
    return site;
  }
}

export function sortById(items) {
  return items.sort((a, b) => byteCmp(a.id, b.id));
}
