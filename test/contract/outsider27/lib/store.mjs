// The "SQLAlchemy models over SQLite" part, kept in memory: tables as Maps, SQLite collations as comparators,
// server_default=func.now() as whole-second UTC timestamps (CURRENT_TIMESTAMP has no fraction).
import { randomUUID, randomBytes, createHash, timingSafeEqual } from 'node:crypto';

/** SQLite NOCASE: folds ASCII A-Z only; everything else compares as binary. */
export const fold = (s) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
/** SQLite BINARY: memcmp over UTF-8, i.e. code point order. */
export const cmpBinary = (a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
export const cmpNocase = (a, b) => cmpBinary(fold(a), fold(b));
export const eqNocase = (a, b) => fold(a) === fold(b);
/** SQLite sorts NULL before every value. */
export const cmpNullable = (cmp) => (a, b) => (a == null ? (b == null ? 0 : -1) : b == null ? 1 : cmp(a, b));

let lastTick = 0;
/** func.now() on SQLite: CURRENT_TIMESTAMP, whole seconds, UTC. */
export function now() { lastTick = Math.max(lastTick, Math.floor(Date.now() / 1000)); return lastTick * 1000; }
/** Pydantic v2 serialisation of an aware UTC datetime without microseconds: 2026-01-05T10:00:00Z. */
export const isoZ = (ms) => (ms == null ? null : new Date(ms).toISOString().replace('.000Z', 'Z'));

const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest();

export class Store {
  constructor() {
    this.workspaces = new Map(); this.appKeys = []; // [{ digest, workspaceId }]
    this.sites = new Map(); this.locales = new Map(); this.pages = new Map();
    this.localizations = new Map(); this.routes = new Map();
  }

  // ---- keys ----
  addAppKey(workspaceId) {
    const key = `app_live_${randomBytes(24).toString('base64url')}`; // secrets.token_urlsafe(24)
    this.appKeys.push({ digest: sha256(key), workspaceId });
    return key;
  }
  /** hmac.compare_digest over SHA-256 digests; exact, case-sensitive. */
  findAppKey(key) {
    const d = sha256(key);
    for (const k of this.appKeys) if (timingSafeEqual(k.digest, d)) return k;
    return null;
  }
  /** The api_key / public_api_key columns are declared COLLATE NOCASE: hyphenated UUID text in any case. */
  findSiteByKey(key) {
    const k = fold(key);
    for (const s of this.sites.values()) {
      if (s.apiKey === k) return { kind: 'site', siteId: s.id, workspaceId: s.workspaceId };
      if (s.publicApiKey === k) return { kind: 'public', siteId: s.id, workspaceId: s.workspaceId };
    }
    return null;
  }

  // ---- sites ----
  createSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', localeManagementMode = 'internal', domain = null }) {
    const t = now();
    const site = { id: randomUUID(), workspaceId, name, hostOrigin, publicApiKey: randomUUID(), apiKey: randomUUID(), localeManagementMode, createdAt: t };
    this.sites.set(site.id, site);
    this.createLocale({ siteId: site.id, locale: defaultLocale, domain, isDefault: true });
    return site;
  }
  defaultLocaleOf(siteId) { return this.liveLocales(siteId).find((l) => l.isDefault) ?? null; }
  deleteSite(siteId) { // ON DELETE CASCADE
    for (const p of [...this.pages.values()]) if (p.siteId === siteId) this.deletePage(p.id);
    for (const l of [...this.locales.values()]) if (l.siteId === siteId) this.locales.delete(l.id);
    for (const r of [...this.routes.values()]) if (r.siteId === siteId) this.routes.delete(r.id);
    this.sites.delete(siteId);
  }

  // ---- locales (soft-deleted: deleted_at; unique (site_id, locale) WHERE deleted_at IS NULL) ----
  createLocale({ siteId, locale, domain = null, isDefault = false, pathPrefix = null }) {
    const row = { id: randomUUID(), siteId, locale, domain, pathPrefix, isDefault, deletedAt: null, createdAt: now() };
    this.locales.set(row.id, row);
    return row;
  }
  liveLocales(siteId) { return [...this.locales.values()].filter((l) => l.siteId === siteId && l.deletedAt == null); }
  findLiveLocaleByCode(siteId, code) { return this.liveLocales(siteId).find((l) => eqNocase(l.locale, code)) ?? null; }

  // ---- pages ----
  createPage({ siteId, pathname, name, isOnline = true, ...rest }) {
    const t = now();
    const page = {
      id: randomUUID(), siteId, pathname, name, canonicalUrl: null, title: null, description: null, socialImageUrl: null,
      sitemapPriority: null, sitemapFrequency: null, createdAt: t, updatedAt: t, publishedAt: isOnline ? t : null,
      isOnline, excludedFromSearchEngines: false, ...rest,
    };
    this.pages.set(page.id, page);
    return page;
  }
  sitePages(siteId) { return [...this.pages.values()].filter((p) => p.siteId === siteId); }
  findPageByPath(siteId, pathname) { return this.sitePages(siteId).find((p) => eqNocase(p.pathname, pathname)) ?? null; }
  deletePage(id) {
    for (const l of [...this.localizations.values()]) if (l.pageId === id) this.localizations.delete(l.id);
    this.pages.delete(id);
  }
  addLocalization(pageId, localeId, pathname, extra = {}) {
    const row = { id: randomUUID(), pageId, localeId, pathname, title: null, description: null, ...extra };
    this.localizations.set(row.id, row);
    return row;
  }
  /** Localizations whose locale is alive and not the default one. */
  pageLocalizations(page) {
    const out = [];
    for (const l of this.localizations.values()) {
      if (l.pageId !== page.id) continue;
      const loc = this.locales.get(l.localeId);
      if (!loc || loc.deletedAt != null || loc.isDefault) continue;
      out.push({ row: l, locale: loc });
    }
    return out.sort((a, b) => cmpNocase(a.locale.locale, b.locale.locale) || cmpBinary(a.row.id, b.row.id));
  }

  // ---- routes ----
  createRoute({ siteId, pathname }) {
    const row = { id: randomUUID(), siteId, pathname, createdAt: now() };
    this.routes.set(row.id, row);
    return row;
  }
  siteRoutes(siteId) { return [...this.routes.values()].filter((r) => r.siteId === siteId); }
  /** Pages and routes share a site's path space; compared with lower() (ASCII only on SQLite). */
  pathTaken(siteId, pathname, { exceptPage, exceptRoute, pages = true, routes = true } = {}) {
    if (pages && this.sitePages(siteId).some((p) => p.id !== exceptPage && eqNocase(p.pathname, pathname))) return true;
    if (routes && this.siteRoutes(siteId).some((r) => r.id !== exceptRoute && eqNocase(r.pathname, pathname))) return true;
    return false;
  }

  duplicateSite(src, name) {
    const site = { ...src, id: randomUUID(), name, publicApiKey: randomUUID(), apiKey: randomUUID(), createdAt: now() };
    this.sites.set(site.id, site);
    const localeMap = new Map();
    for (const l of this.liveLocales(src.id)) {
      const copy = { ...l, id: randomUUID(), siteId: site.id };
      this.locales.set(copy.id, copy); localeMap.set(l.id, copy.id);
    }
    for (const p of this.sitePages(src.id)) {
      const copy = { ...p, id: randomUUID(), siteId: site.id }; // a row copy: timestamps travel with it
      this.pages.set(copy.id, copy);
      for (const l of this.localizations.values()) {
        if (l.pageId === p.id && localeMap.has(l.localeId)) this.addLocalization(copy.id, localeMap.get(l.localeId), l.pathname, { title: l.title, description: l.description });
      }
    }
    for (const r of this.siteRoutes(src.id)) this.createRoute({ siteId: site.id, pathname: r.pathname });
    return site;
  }
}

/** Seed: two workspaces, three sites, locales (one soft-deleted), pages with localizations, routes. */
export function seed(store) {
  const ws1 = { id: randomUUID(), name: 'Cobalt Studio' }, ws2 = { id: randomUUID(), name: 'Birch & Co' };
  store.workspaces.set(ws1.id, ws1); store.workspaces.set(ws2.id, ws2);
  const apiKey = store.addAppKey(ws1.id), otherApiKey = store.addAppKey(ws2.id);

  const journal = store.createSite({ workspaceId: ws1.id, name: 'Cobalt Journal', hostOrigin: 'https://journal.cobalt.example/' });
  const fr = store.createLocale({ siteId: journal.id, locale: 'fr-FR', domain: 'https://fr.cobalt.example/' });
  const ja = store.createLocale({ siteId: journal.id, locale: 'ja-JP' });
  const de = store.createLocale({ siteId: journal.id, locale: 'de-DE' });
  de.deletedAt = now();
  store.createPage({ siteId: journal.id, pathname: '/', name: 'Home', title: 'Cobalt Journal', sitemapPriority: 1, sitemapFrequency: 'daily' });
  const about = store.createPage({ siteId: journal.id, pathname: '/about', name: 'About', title: 'About us', description: 'Who we are' });
  store.addLocalization(about.id, fr.id, '/a-propos', { title: 'À propos' });
  store.addLocalization(about.id, ja.id, '/about-ja');
  store.addLocalization(about.id, de.id, '/ueber-uns');
  store.createPage({ siteId: journal.id, pathname: '/blog', name: 'Blog', title: 'Blog', sitemapPriority: 0.8, sitemapFrequency: 'weekly' });
  store.createPage({ siteId: journal.id, pathname: '/blog/hello-world', name: 'Hello world', title: 'hello, world', excludedFromSearchEngines: null });
  store.createPage({ siteId: journal.id, pathname: '/drafts/next', name: 'Next', isOnline: false });
  store.createRoute({ siteId: journal.id, pathname: '/api/{version}/{rest:path}' });
  store.createRoute({ siteId: journal.id, pathname: '/rss.xml' });

  const shop = store.createSite({ workspaceId: ws1.id, name: 'Cobalt Shop', defaultLocale: 'nl-NL', localeManagementMode: 'external' });
  store.createPage({ siteId: shop.id, pathname: '/', name: 'Start' });
  store.createPage({ siteId: shop.id, pathname: '/Winkel', name: 'Winkel', isOnline: false });

  const notes = store.createSite({ workspaceId: ws2.id, name: 'Birch Notes', defaultLocale: 'en-GB' });
  store.createPage({ siteId: notes.id, pathname: '/', name: 'Home' });
  store.createRoute({ siteId: notes.id, pathname: '/health' });

  return { apiKey, otherApiKey, workspaceId: ws1.id, otherWorkspaceId: ws2.id, siteApiKey: journal.apiKey, publicApiKey: journal.publicApiKey, siteId: journal.id, shopId: shop.id, otherSiteId: notes.id };
}
