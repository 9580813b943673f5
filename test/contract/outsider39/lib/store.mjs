import { randomUUID, randomBytes } from 'node:crypto';
import { ci } from './validate.mjs';

// In-memory stand-in for the MariaDB schema: every table has an auto-increment surrogate key
// (seq) behind the public UUID column, and a @Version column (version) for optimistic locking.
let seq = 0;
const nextSeq = () => ++seq;

// DATETIME(3): millisecond precision. Rendered like java.time.Instant#toString, which drops
// the fraction when it is zero ("2024-01-02T03:04:05Z") and prints 3 digits otherwise.
let lastMs = 0;
export function now() {
  let ms = Date.now();
  if (ms <= lastMs) ms = lastMs + 1; // strictly increasing so updatedAt always moves
  lastMs = ms;
  return ms;
}
export function instant(ms) {
  if (ms == null) return null;
  const s = new Date(ms).toISOString();
  return s.endsWith('.000Z') ? s.slice(0, -5) + 'Z' : s;
}

export const db = {
  workspaces: new Map(), // id -> { id, appKeys:[] }
  appKeys: new Map(), // key -> workspaceId
  sites: new Map(), // id -> site
  siteKeys: new Map(), // publicApiKey -> siteId
  locales: new Map(), // id -> locale (soft-deleted ones stay here)
  pages: new Map(), // id -> page
  routes: new Map(), // id -> route
};

export function newAppKey() {
  return 'sk_' + randomBytes(32).toString('base64url').replace(/[-_]/g, 'x').slice(0, 43);
}

export function createWorkspace() {
  const ws = { id: randomUUID(), seq: nextSeq() };
  db.workspaces.set(ws.id, ws);
  const key = newAppKey();
  db.appKeys.set(key, ws.id);
  return { ws, key };
}

export function createSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', localeManagementMode = 'external' }) {
  const site = {
    id: randomUUID(), seq: nextSeq(), version: 0, workspaceId, name, hostOrigin,
    publicApiKey: randomUUID(), defaultLocalePathPrefix: null, localeManagementMode,
    defaultLocaleId: null, locales: new Map(), pages: new Map(), routes: new Map(),
  };
  db.sites.set(site.id, site);
  db.siteKeys.set(site.publicApiKey, site.id);
  const loc = createLocale(site, { locale: defaultLocale, domain: null });
  site.defaultLocaleId = loc.id;
  return site;
}

export function deleteSite(site) {
  for (const id of site.locales.keys()) db.locales.delete(id);
  for (const id of site.pages.keys()) db.pages.delete(id);
  for (const id of site.routes.keys()) db.routes.delete(id);
  db.siteKeys.delete(site.publicApiKey);
  db.sites.delete(site.id);
}

export function createLocale(site, { locale, domain = null, pathPrefix = null }) {
  const l = { id: randomUUID(), seq: nextSeq(), version: 0, siteId: site.id, code: locale, domain, pathPrefix, deletedAt: null };
  db.locales.set(l.id, l);
  site.locales.set(l.id, l);
  return l;
}

export function activeLocales(site) {
  return [...site.locales.values()].filter((l) => l.deletedAt == null);
}
export function findActiveLocaleByCode(site, code) {
  const k = ci(code);
  for (const l of site.locales.values()) if (l.deletedAt == null && ci(l.code) === k) return l;
  return null;
}
export const defaultLocaleCode = (site) => db.locales.get(site.defaultLocaleId).code;

export function createPage(site, { pathname, name }) {
  const t = now();
  const p = {
    id: randomUUID(), seq: nextSeq(), version: 0, siteId: site.id, name, pathname,
    canonicalUrl: null, title: null, description: null, socialImageUrl: null,
    sitemapPriority: 0.5, sitemapFrequency: null, createdAt: t, updatedAt: t, publishedAt: null,
    isOnline: false, excludedFromSearchEngines: false, localizations: [], live: null,
  };
  db.pages.set(p.id, p);
  site.pages.set(p.id, p);
  return p;
}

export function createRoute(site, pathname) {
  const r = { id: randomUUID(), seq: nextSeq(), version: 0, siteId: site.id, pathname };
  db.routes.set(r.id, r);
  site.routes.set(r.id, r);
  return r;
}

// Publishing: a live snapshot is taken when a page goes from offline to online.
export function snapshot(p) {
  const { live, ...rest } = p;
  return { ...rest, localizations: p.localizations.map((x) => ({ ...x })) };
}

// pathname uniqueness across pages and routes of a site (unique index under the ci collation)
export function pathTaken(site, pathname, except) {
  const k = ci(pathname);
  for (const p of site.pages.values()) if (p !== except && ci(p.pathname) === k) return true;
  for (const r of site.routes.values()) if (r !== except && ci(r.pathname) === k) return true;
  return false;
}

export function duplicateSite(src, name) {
  const site = {
    id: randomUUID(), seq: nextSeq(), version: 0, workspaceId: src.workspaceId, name, hostOrigin: src.hostOrigin,
    publicApiKey: randomUUID(), defaultLocalePathPrefix: src.defaultLocalePathPrefix,
    localeManagementMode: src.localeManagementMode, defaultLocaleId: null,
    locales: new Map(), pages: new Map(), routes: new Map(),
  };
  db.sites.set(site.id, site);
  db.siteKeys.set(site.publicApiKey, site.id);
  const map = new Map();
  for (const l of [...src.locales.values()].sort((a, b) => a.seq - b.seq)) {
    if (l.deletedAt != null) continue; // soft-deleted locales are not copied
    const n = createLocale(site, { locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix });
    map.set(l.id, n.id);
    if (l.id === src.defaultLocaleId) site.defaultLocaleId = n.id;
  }
  for (const p of [...src.pages.values()].sort((a, b) => a.seq - b.seq)) {
    const t = now();
    const n = {
      ...p, id: randomUUID(), seq: nextSeq(), version: 0, siteId: site.id, createdAt: t, updatedAt: t,
      publishedAt: null, isOnline: false, live: null,
      localizations: p.localizations.filter((x) => map.has(x.localeId)).map((x) => ({ id: randomUUID(), localeId: map.get(x.localeId), pathname: x.pathname })),
    };
    db.pages.set(n.id, n);
    site.pages.set(n.id, n);
  }
  for (const r of [...src.routes.values()].sort((a, b) => a.seq - b.seq)) createRoute(site, r.pathname);
  return site;
}

// ---------- serializers ----------
export function siteJson(s) {
  return {
    object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
    defaultLocale: defaultLocaleCode(s), defaultLocalePathPrefix: s.defaultLocalePathPrefix,
    localeManagementMode: s.localeManagementMode,
  };
}
export function localeJson(l) {
  const site = db.sites.get(l.siteId);
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: site.defaultLocaleId === l.id };
}
export function routeJson(r) {
  return { object: 'route', id: r.id, pathname: r.pathname };
}
// view: the page record (draft or live snapshot); collapse: locale row to collapse into, or null
export function pageJson(site, view, collapse = null) {
  const locs = [];
  let pathname = view.pathname;
  let locale = defaultLocaleCode(site);
  for (const x of view.localizations) {
    const l = db.locales.get(x.localeId);
    if (!l || l.deletedAt != null) continue;
    locs.push({ id: x.id, locale: l.code, pathname: x.pathname });
    if (collapse && collapse.id === l.id) { pathname = x.pathname; locale = l.code; }
  }
  return {
    object: 'page', id: view.id, pathname, canonicalUrl: view.canonicalUrl, title: view.title,
    description: view.description, socialImageUrl: view.socialImageUrl, sitemapPriority: view.sitemapPriority,
    sitemapFrequency: view.sitemapFrequency, createdAt: instant(view.createdAt), updatedAt: instant(view.updatedAt),
    publishedAt: instant(view.publishedAt), isOnline: view.isOnline, excludedFromSearchEngines: view.excludedFromSearchEngines,
    locale, localizations: locs,
  };
}
export const etag = (x) => `W/"${x.version}"`;
