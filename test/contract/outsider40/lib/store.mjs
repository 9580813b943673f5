// In-memory stand-in for the Doctrine entities. Every entity carries a
// deletedAt column; the "softdeleteable" SQL filter is emulated by alive().
import { randomUUID, randomBytes } from 'node:crypto';

export const db = {
  workspaces: new Map(), // id -> {id, name}
  appKeys: new Map(),    // key -> workspaceId
  sites: new Map(),      // id -> site
  siteKeys: new Map(),   // publicApiKey -> siteId
  locales: new Map(),    // id -> locale
  pages: new Map(),      // id -> page
  routes: new Map(),     // id -> route
};

export const alive = (e) => e && !e.deletedAt;
export const newId = () => randomUUID();
export const newAppKey = () => 'sk_' + randomBytes(32).toString('base64url');
// DATETIME_IMMUTABLE, second precision, serialized with an explicit offset.
export const now = () => new Date(Math.floor(Date.now() / 1000) * 1000);
export const fmt = (d) => (d ? d.toISOString().slice(0, 19) + '+00:00' : null);

export function siteAlive(siteId) {
  const s = db.sites.get(siteId);
  return alive(s) ? s : null;
}
export const localesOf = (siteId, { withDeleted = false } = {}) =>
  [...db.locales.values()].filter((l) => l.siteId === siteId && (withDeleted || alive(l)));
export const pagesOf = (siteId) => [...db.pages.values()].filter((p) => p.siteId === siteId && alive(p));
export const routesOf = (siteId) => [...db.routes.values()].filter((r) => r.siteId === siteId && alive(r));
export const defaultLocaleOf = (siteId) => localesOf(siteId).find((l) => l.isDefault) || null;

export function createSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'external' }) {
  const t = now();
  const site = {
    id: newId(), workspaceId, name, hostOrigin, publicApiKey: newId(),
    defaultLocalePathPrefix: null, localeManagementMode: mode, createdAt: t, updatedAt: t, deletedAt: null,
  };
  db.sites.set(site.id, site);
  db.siteKeys.set(site.publicApiKey, site.id);
  createLocale({ siteId: site.id, locale: defaultLocale, isDefault: true });
  return site;
}

export function createLocale({ siteId, locale, domain = null, pathPrefix = null, isDefault = false }) {
  const t = now();
  const l = { id: newId(), siteId, locale, domain, pathPrefix, isDefault, createdAt: t, updatedAt: t, deletedAt: null };
  db.locales.set(l.id, l);
  return l;
}

export function createPage({ siteId, pathname, name, isOnline = false, publishedAt = null, extra = {} }) {
  const t = now();
  const p = {
    id: newId(), siteId, name, pathname, canonicalUrl: null, title: null, description: null,
    socialImageUrl: null, sitemapPriority: 0.5, sitemapFrequency: null, createdAt: t, updatedAt: t,
    publishedAt, isOnline, excludedFromSearchEngines: false, localizations: [], deletedAt: null, ...extra,
  };
  db.pages.set(p.id, p);
  return p;
}

export function createRoute({ siteId, pathname }) {
  const t = now();
  const r = { id: newId(), siteId, pathname, createdAt: t, updatedAt: t, deletedAt: null };
  db.routes.set(r.id, r);
  return r;
}

// A pathname is taken when a live page or live route of the site uses it.
export function pathnameTaken(siteId, pathname, { exceptPage, exceptRoute } = {}) {
  for (const p of db.pages.values()) if (p.siteId === siteId && alive(p) && p.id !== exceptPage && p.pathname === pathname) return 'page';
  for (const r of db.routes.values()) if (r.siteId === siteId && alive(r) && r.id !== exceptRoute && r.pathname === pathname) return 'route';
  return null;
}
