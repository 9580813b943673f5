// The "models": in-memory tables shaped like the Django models (UUIDField(default=uuid4) keys,
// auto_now_add / auto_now timestamps with microseconds, a soft-delete column on locales).
import { randomUUID, randomBytes, createHash } from 'node:crypto';

let lastMicros = 0;
const hr0 = process.hrtime.bigint();
const wall0 = BigInt(Date.now()) * 1000n;
// django.utils.timezone.now(): microsecond resolution, strictly increasing within the process
export function nowMicros() {
  const t = Number(wall0 + (process.hrtime.bigint() - hr0) / 1000n);
  lastMicros = Math.max(lastMicros + 1, t);
  return lastMicros;
}
// DRF DateTimeField.to_representation: value.isoformat() with "+00:00" replaced by "Z";
// isoformat() leaves the fraction out when the microsecond is 0.
export function drfDateTime(micros) {
  if (micros === null || micros === undefined) return null;
  const ms = Math.floor(micros / 1000);
  const us = micros % 1000000;
  const base = new Date(ms).toISOString().slice(0, 19);
  return us === 0 ? `${base}Z` : `${base}.${String(us).padStart(6, '0')}Z`;
}

// djangorestframework-api-key style keys: "<8-char prefix>.<32-char secret>", stored hashed.
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function randomString(n) {
  const b = randomBytes(n * 2);
  let s = '';
  for (let i = 0; s.length < n; i++) if (b[i] < 248) s += ALNUM[b[i] % 62];
  return s;
}
export const hashKey = (k) => createHash('sha512').update('sbs-api-key$' + k).digest('hex');

export class Store {
  constructor() {
    this.workspaces = new Map();
    this.appKeys = new Map(); // prefix -> {hash, workspaceId}
    this.sites = new Map();
    this.locales = new Map();
    this.pages = new Map();
    this.localizations = new Map();
    this.routes = new Map();
  }
  uuid() { return randomUUID(); }

  createWorkspace(name) {
    const ws = { id: this.uuid(), name };
    this.workspaces.set(ws.id, ws);
    return ws;
  }
  createAppKey(workspaceId) {
    const prefix = randomString(8);
    const key = `${prefix}.${randomString(32)}`;
    this.appKeys.set(prefix, { hash: hashKey(key), workspaceId });
    return key;
  }

  // sites ------------------------------------------------------------------
  createSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', localeManagementMode = 'external' }) {
    const site = {
      id: this.uuid(), workspaceId, name, hostOrigin, publicApiKey: this.uuid(), siteApiKey: this.uuid(),
      defaultLocale, localeManagementMode, createdAt: nowMicros(),
    };
    this.sites.set(site.id, site);
    this.createLocale({ siteId: site.id, code: defaultLocale, isDefault: true });
    return site;
  }
  deleteSite(site) {
    // on_delete=CASCADE everywhere
    for (const p of this.pagesOf(site.id, true)) this.deletePage(p);
    for (const l of [...this.locales.values()]) if (l.siteId === site.id) this.locales.delete(l.id);
    for (const r of [...this.routes.values()]) if (r.siteId === site.id) this.routes.delete(r.id);
    this.sites.delete(site.id);
  }
  siteByKey(uuid) {
    for (const s of this.sites.values()) if (s.siteApiKey === uuid) return { site: s, kind: 'site' };
    for (const s of this.sites.values()) if (s.publicApiKey === uuid) return { site: s, kind: 'publishable' };
    return null;
  }

  // locales -------------------------------------------------------------------
  createLocale({ siteId, code, domain = null, isDefault = false }) {
    const l = { id: this.uuid(), siteId, code, domain, pathPrefix: null, isDefault, createdAt: nowMicros(), deletedAt: null };
    this.locales.set(l.id, l);
    return l;
  }
  // all_objects (soft-deleted included) vs objects (kept only)
  localesOf(siteId, withDeleted = false) {
    return [...this.locales.values()].filter((l) => l.siteId === siteId && (withDeleted || !l.deletedAt));
  }
  localeByCode(siteId, code, withDeleted = false) {
    const c = code.toLowerCase(); // citext column
    return this.localesOf(siteId, withDeleted).find((l) => l.code.toLowerCase() === c) || null;
  }
  defaultLocaleOf(siteId) { return this.localesOf(siteId, true).find((l) => l.isDefault); }

  // pages ---------------------------------------------------------------------
  createPage({ siteId, pathname, name, ...rest }) {
    const t = nowMicros();
    const p = {
      id: this.uuid(), siteId, name, pathname, canonicalUrl: null, title: null, description: null,
      socialImageUrl: null, sitemapPriority: null, sitemapFrequency: null, createdAt: t, updatedAt: t,
      publishedAt: null, isOnline: false, excludedFromSearchEngines: null, ...rest,
    };
    this.pages.set(p.id, p);
    return p;
  }
  pagesOf(siteId) { return [...this.pages.values()].filter((p) => p.siteId === siteId); }
  deletePage(p) {
    for (const z of [...this.localizations.values()]) if (z.pageId === p.id) this.localizations.delete(z.id);
    this.pages.delete(p.id);
  }
  addLocalization(page, locale, pathname, extra = {}) {
    const z = { id: this.uuid(), pageId: page.id, localeId: locale.id, pathname, title: null, description: null, ...extra };
    this.localizations.set(z.id, z);
    return z;
  }
  // localizations whose locale is kept and not the default one, ordered by locale code
  localizationsOf(page) {
    const out = [];
    for (const z of this.localizations.values()) {
      if (z.pageId !== page.id) continue;
      const l = this.locales.get(z.localeId);
      if (!l || l.deletedAt || l.isDefault) continue;
      out.push({ z, l });
    }
    return out.sort((a, b) => cmpCodePoints(a.l.code, b.l.code));
  }

  // routes --------------------------------------------------------------------
  createRoute({ siteId, pathname }) {
    const r = { id: this.uuid(), siteId, pathname, createdAt: nowMicros() };
    this.routes.set(r.id, r);
    return r;
  }
  routesOf(siteId) { return [...this.routes.values()].filter((r) => r.siteId === siteId); }

  // UniqueConstraint(Lower('pathname'), 'site') on pages and on routes, and the cross check
  pathnameTaken(siteId, pathname, { exceptPage, exceptRoute, pages = true, routes = true } = {}) {
    const lc = pathname.toLowerCase();
    if (pages && this.pagesOf(siteId).some((p) => p.id !== exceptPage && p.pathname.toLowerCase() === lc)) return 'page';
    if (routes && this.routesOf(siteId).some((r) => r.id !== exceptRoute && r.pathname.toLowerCase() === lc)) return 'route';
    return null;
  }
}

// PostgreSQL 17 database created with the builtin C.UTF-8 collation: code point order
export function cmpCodePoints(a, b) {
  const A = [...a], B = [...b];
  const n = Math.min(A.length, B.length);
  for (let i = 0; i < n; i++) {
    const x = A[i].codePointAt(0), y = B[i].codePointAt(0);
    if (x !== y) return x < y ? -1 : 1;
  }
  return A.length - B.length;
}

export function seed(store) {
  const ws1 = store.createWorkspace('Pony Express');
  const ws2 = store.createWorkspace('Reinhardt Labs');
  const apiKey = store.createAppKey(ws1.id);
  const otherApiKey = store.createAppKey(ws2.id);

  const gazette = store.createSite({ workspaceId: ws1.id, name: 'Pony Gazette', hostOrigin: 'https://gazette.pony.example', defaultLocale: 'en-US' });
  const fr = store.createLocale({ siteId: gazette.id, code: 'fr-FR', domain: 'https://gazette.pony.fr' });
  const nl = store.createLocale({ siteId: gazette.id, code: 'nl-NL' });
  const de = store.createLocale({ siteId: gazette.id, code: 'de-DE' });
  de.deletedAt = nowMicros();
  const home = store.createPage({ siteId: gazette.id, pathname: '/', name: 'Home', title: 'Pony Gazette', isOnline: true, sitemapPriority: 1, sitemapFrequency: 'daily', excludedFromSearchEngines: false });
  home.publishedAt = home.createdAt;
  const news = store.createPage({ siteId: gazette.id, pathname: '/news', name: 'News', title: 'News', description: 'All the news', isOnline: true, sitemapPriority: 0.8, sitemapFrequency: 'hourly', canonicalUrl: 'https://gazette.pony.example/news' });
  news.publishedAt = news.createdAt;
  store.addLocalization(news, fr, '/actualites', { title: 'Actualités' });
  store.addLocalization(news, nl, '/nieuws');
  store.addLocalization(news, de, '/nachrichten');
  const uber = store.createPage({ siteId: gazette.id, pathname: '/über-uns', name: 'Über uns', isOnline: true, socialImageUrl: 'https://gazette.pony.example/og.png' });
  uber.publishedAt = uber.createdAt;
  store.createPage({ siteId: gazette.id, pathname: '/drafts/spring', name: 'Spring draft' });
  store.createRoute({ siteId: gazette.id, pathname: '/feeds/<slug:feed>/' });
  store.createRoute({ siteId: gazette.id, pathname: '/api/<path:rest>' });

  const stables = store.createSite({ workspaceId: ws1.id, name: 'Pony Stables', defaultLocale: 'nl-NL', localeManagementMode: 'internal' });
  const sh = store.createPage({ siteId: stables.id, pathname: '/', name: 'Thuis', isOnline: true });
  sh.publishedAt = sh.createdAt;
  store.createPage({ siteId: stables.id, pathname: '/paarden', name: 'Paarden' });
  store.createRoute({ siteId: stables.id, pathname: '/boeken/' });

  const jazz = store.createSite({ workspaceId: ws2.id, name: 'Jazz Archive', defaultLocale: 'en-GB' });
  const jh = store.createPage({ siteId: jazz.id, pathname: '/', name: 'Home', isOnline: true });
  jh.publishedAt = jh.createdAt;
  store.createPage({ siteId: jazz.id, pathname: '/albums', name: 'Albums', isOnline: true, publishedAt: nowMicros() });
  store.createRoute({ siteId: jazz.id, pathname: '/status' });

  return { apiKey, otherApiKey, workspaceId: ws1.id, otherWorkspaceId: ws2.id, siteApiKey: gazette.siteApiKey, publicApiKey: gazette.publicApiKey, siteId: gazette.id, otherSiteId: jazz.id };
}
