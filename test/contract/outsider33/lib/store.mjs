// In-memory stand-in for the MySQL 8 schema (utf8mb4_0900_ai_ci everywhere).
import { randomUUID, randomBytes, createHash } from 'node:crypto';

// utf8mb4_0900_ai_ci: case- and accent-insensitive comparison and ordering.
const COLL = new Intl.Collator('und', { sensitivity: 'base', usage: 'sort' });
export const collEq = (a, b) => COLL.compare(a, b) === 0;
export const collCmp = (a, b) => COLL.compare(a, b);
// LIKE 'prefix%' under the same collation.
export function collStartsWith(s, prefix) {
  if (prefix === '') return true;
  const chars = [...s];
  for (let i = 0; i <= chars.length; i++) {
    if (collEq(chars.slice(0, i).join(''), prefix)) return true;
  }
  return false;
}

// MySQL DATETIME (no fractional seconds), served as UTC with an explicit offset.
export function nowSeconds() { return Math.floor(Date.now() / 1000) * 1000; }
export function isoTs(ms) {
  if (ms == null) return null;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export const hashKey = (k) => createHash('sha256').update(k).digest('hex');

export class Store {
  constructor() {
    this.workspaces = new Map(); // id -> {id, keyHash}
    this.sites = new Map();
    this.locales = new Map();
    this.pages = new Map();
    this.routes = new Map();
  }

  newAppKey() {
    return 'sk_' + randomBytes(32).toString('base64url').replace(/[-_]/g, '').slice(0, 43);
  }

  addWorkspace() {
    const id = randomUUID();
    const key = this.newAppKey();
    this.workspaces.set(id, { id, keyHash: hashKey(key) });
    return { id, key };
  }

  workspaceForAppKey(key) {
    const h = hashKey(key);
    for (const w of this.workspaces.values()) if (w.keyHash === h) return w;
    return null;
  }

  siteForSiteKey(uuid) {
    for (const s of this.sites.values()) if (s.publicApiKey === uuid) return s;
    return null;
  }

  createSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', createdAt = nowSeconds() }) {
    const site = {
      id: randomUUID(), workspaceId, name, hostOrigin, publicApiKey: randomUUID(),
      localeManagementMode: 'external', createdAt,
    };
    this.sites.set(site.id, site);
    this.createLocale({ siteId: site.id, code: defaultLocale, domain: null, isDefault: true, createdAt });
    return site;
  }

  createLocale({ siteId, code, domain = null, isDefault = false, createdAt = nowSeconds() }) {
    const loc = { id: randomUUID(), siteId, code, domain, isDefault, deletedAt: null, createdAt };
    this.locales.set(loc.id, loc);
    return loc;
  }

  siteLocales(siteId, { withDeleted = false } = {}) {
    return [...this.locales.values()].filter((l) => l.siteId === siteId && (withDeleted || !l.deletedAt));
  }

  defaultLocale(siteId) {
    return this.siteLocales(siteId).find((l) => l.isDefault) || null;
  }

  activeLocaleByCode(siteId, code) {
    return this.siteLocales(siteId).find((l) => collEq(l.code, code)) || null;
  }

  createPage({ siteId, pathname, name, isOnline = false, extra = {}, at = nowSeconds() }) {
    const page = {
      id: randomUUID(), siteId, pathname, name,
      canonicalUrl: null, title: null, description: null, socialImageUrl: null,
      sitemapPriority: null, sitemapFrequency: null,
      createdAt: at, updatedAt: at, publishedAt: null,
      isOnline, excludedFromSearchEngines: false,
      localizations: [], // {id, localeId, pathname}
      live: null, // published snapshot
      ...extra,
    };
    this.pages.set(page.id, page);
    return page;
  }

  publish(page, at) {
    page.publishedAt = at;
    const { live, localizations, ...rest } = page;
    page.live = { ...rest, localizations: localizations.map((l) => ({ ...l })) };
  }

  createRoute({ siteId, pathname, at = nowSeconds() }) {
    const r = { id: randomUUID(), siteId, pathname, createdAt: at };
    this.routes.set(r.id, r);
    return r;
  }

  sitePages(siteId) { return [...this.pages.values()].filter((p) => p.siteId === siteId); }
  siteRoutes(siteId) { return [...this.routes.values()].filter((r) => r.siteId === siteId); }

  // A page or a route of the site already uses this pathname (collation-equal).
  pathnameTaken(siteId, pathname, { exceptPageId, exceptRouteId } = {}) {
    for (const p of this.sitePages(siteId)) if (p.id !== exceptPageId && collEq(p.pathname, pathname)) return true;
    for (const r of this.siteRoutes(siteId)) if (r.id !== exceptRouteId && collEq(r.pathname, pathname)) return true;
    return false;
  }

  deleteSite(siteId) {
    this.sites.delete(siteId);
    for (const [id, l] of this.locales) if (l.siteId === siteId) this.locales.delete(id);
    for (const [id, p] of this.pages) if (p.siteId === siteId) this.pages.delete(id);
    for (const [id, r] of this.routes) if (r.siteId === siteId) this.routes.delete(id);
  }

  duplicateSite(orig, name) {
    const at = nowSeconds();
    const site = {
      ...orig, id: randomUUID(), name, publicApiKey: randomUUID(), createdAt: at,
    };
    this.sites.set(site.id, site);
    const localeMap = new Map();
    for (const l of this.siteLocales(orig.id)) {
      const c = { ...l, id: randomUUID(), siteId: site.id, createdAt: at };
      this.locales.set(c.id, c);
      localeMap.set(l.id, c.id);
    }
    const copyLocs = (locs) => locs.filter((x) => localeMap.has(x.localeId))
      .map((x) => ({ id: randomUUID(), localeId: localeMap.get(x.localeId), pathname: x.pathname }));
    for (const p of this.sitePages(orig.id)) {
      const id = randomUUID();
      const c = {
        ...p, id, siteId: site.id, createdAt: at, updatedAt: at,
        localizations: copyLocs(p.localizations),
        live: p.live ? { ...p.live, id, siteId: site.id, createdAt: at, localizations: copyLocs(p.live.localizations) } : null,
      };
      this.pages.set(c.id, c);
    }
    for (const r of this.siteRoutes(orig.id)) {
      const c = { ...r, id: randomUUID(), siteId: site.id, createdAt: at };
      this.routes.set(c.id, c);
    }
    return site;
  }
}

export function seed(store) {
  const base = nowSeconds() - 86400 * 1000;
  const a = store.addWorkspace();
  const b = store.addWorkspace();

  const s1 = store.createSite({ workspaceId: a.id, name: 'Acme Marketing', hostOrigin: 'https://www.acme.example', defaultLocale: 'en-US', createdAt: base });
  const fr = store.createLocale({ siteId: s1.id, code: 'fr-FR', domain: 'https://acme.example.fr', createdAt: base });
  store.createLocale({ siteId: s1.id, code: 'de-DE', createdAt: base + 1000 });
  const home = store.createPage({ siteId: s1.id, pathname: '/', name: 'Home', isOnline: true, at: base,
    extra: { title: 'Acme', description: 'Welcome to Acme', sitemapPriority: 1, sitemapFrequency: 'weekly' } });
  store.publish(home, base + 60000);
  const about = store.createPage({ siteId: s1.id, pathname: '/about', name: 'About', isOnline: true, at: base + 1000,
    extra: { title: 'About us', canonicalUrl: 'https://www.acme.example/about', sitemapPriority: 0.5, sitemapFrequency: 'monthly' } });
  about.localizations.push({ id: randomUUID(), localeId: fr.id, pathname: '/a-propos' });
  store.publish(about, base + 120000);
  about.title = 'About Acme (draft)';
  about.updatedAt = base + 180000;
  store.createPage({ siteId: s1.id, pathname: '/blog', name: 'Blog', isOnline: false, at: base + 2000, extra: { title: 'Blog', description: 'News' } });
  store.createPage({ siteId: s1.id, pathname: '/pricing', name: 'Pricing', isOnline: true, at: base + 3000, extra: { excludedFromSearchEngines: true } });
  store.createRoute({ siteId: s1.id, pathname: '/docs', at: base });
  store.createRoute({ siteId: s1.id, pathname: '/legacy/shop', at: base + 1000 });

  const s2 = store.createSite({ workspaceId: a.id, name: 'Acme Docs', hostOrigin: null, defaultLocale: 'en-GB', createdAt: base + 5000 });
  store.createPage({ siteId: s2.id, pathname: '/', name: 'Docs home', isOnline: true, at: base + 5000 });
  store.createRoute({ siteId: s2.id, pathname: '/api', at: base + 5000 });

  const s3 = store.createSite({ workspaceId: b.id, name: 'Globex', hostOrigin: 'https://globex.example', defaultLocale: 'es-ES', createdAt: base });
  store.createLocale({ siteId: s3.id, code: 'pt-BR', createdAt: base });
  store.createPage({ siteId: s3.id, pathname: '/', name: 'Inicio', isOnline: true, at: base });
  store.createPage({ siteId: s3.id, pathname: '/contacto', name: 'Contacto', isOnline: true, at: base + 1000 });
  store.createRoute({ siteId: s3.id, pathname: '/ayuda', at: base });

  return { apiKey: a.key, workspaceId: a.id, siteApiKey: s1.publicApiKey, otherApiKey: b.key, otherWorkspaceId: b.id, siteIds: [s1.id, s2.id], otherSiteId: s3.id };
}
