// In-memory "tables". Every handler runs synchronously once the body is read, so a
// handler is one serializable transaction: it validates everything first and only
// then mutates, so a refused request changes nothing.
import { uuid, appKey, nowMicros } from './core.mjs';

export const db = {
  workspaces: new Map(), // id -> { id, name }
  appKeys: new Map(),    // key -> workspaceId
  sites: new Map(),      // id -> { id, workspaceId, name, hostOrigin, publicApiKey, localeManagementMode, createdAt }
  locales: new Map(),    // id -> { id, siteId, locale, domain, pathPrefix, isDefault, createdAt, deletedAt }
  pages: new Map(),      // id -> { id, siteId, name, localeId, isOnline, excludedFromSearchEngines, createdAt, updatedAt, publishedAt, draft, live }
  routes: new Map(),     // id -> { id, siteId, pathname, createdAt }
};

export function insertSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', localeManagementMode = 'external' }) {
  const site = { id: uuid(), workspaceId, name, hostOrigin, publicApiKey: uuid(), localeManagementMode, createdAt: nowMicros() };
  db.sites.set(site.id, site);
  insertLocale({ siteId: site.id, locale: defaultLocale, isDefault: true });
  return site;
}
export function insertLocale({ siteId, locale, domain = null, pathPrefix = null, isDefault = false }) {
  const l = { id: uuid(), siteId, locale, domain, pathPrefix, isDefault, createdAt: nowMicros(), deletedAt: null };
  db.locales.set(l.id, l);
  return l;
}
export function insertPage({ siteId, name, pathname, localeId, isOnline = false, content = {} }) {
  const t = nowMicros();
  const p = {
    id: uuid(), siteId, name, localeId, isOnline,
    excludedFromSearchEngines: content.excludedFromSearchEngines ?? null,
    createdAt: t, updatedAt: t, publishedAt: null,
    draft: {
      pathname, title: content.title ?? null, description: content.description ?? null,
      canonicalUrl: content.canonicalUrl ?? null, socialImageUrl: content.socialImageUrl ?? null,
      sitemapPriority: content.sitemapPriority ?? null, sitemapFrequency: content.sitemapFrequency ?? null,
      localizations: [],
    },
    live: null,
  };
  db.pages.set(p.id, p);
  return p;
}
export function insertRoute({ siteId, pathname }) {
  const r = { id: uuid(), siteId, pathname, createdAt: nowMicros() };
  db.routes.set(r.id, r);
  return r;
}
export function publish(page) {
  const t = nowMicros();
  page.publishedAt = t;
  page.live = { ...structuredClone(page.draft), updatedAt: page.updatedAt };
}

export const activeLocales = (siteId) => [...db.locales.values()].filter((l) => l.siteId === siteId && l.deletedAt === null);
export const defaultLocaleOf = (siteId) => [...db.locales.values()].find((l) => l.siteId === siteId && l.isDefault && l.deletedAt === null);

export function seed() {
  const w1 = { id: uuid(), name: 'Acme' }; const w2 = { id: uuid(), name: 'Globex' };
  db.workspaces.set(w1.id, w1); db.workspaces.set(w2.id, w2);
  const k1 = appKey(); const k2 = appKey();
  db.appKeys.set(k1, w1.id); db.appKeys.set(k2, w2.id);

  const s1 = insertSite({ workspaceId: w1.id, name: 'Acme Marketing', hostOrigin: 'https://www.acme.example', defaultLocale: 'en-US', localeManagementMode: 'internal' });
  const en = defaultLocaleOf(s1.id);
  const fr = insertLocale({ siteId: s1.id, locale: 'fr-FR', domain: 'https://acme.example.fr' });
  insertLocale({ siteId: s1.id, locale: 'de' });
  const home = insertPage({ siteId: s1.id, name: 'Home', pathname: '/', localeId: en.id, isOnline: true, content: { title: 'Acme', description: 'Welcome to Acme', sitemapPriority: 1, sitemapFrequency: 'weekly', excludedFromSearchEngines: false } });
  const about = insertPage({ siteId: s1.id, name: 'About', pathname: '/about', localeId: en.id, isOnline: true, content: { title: 'About us', sitemapPriority: 0.8, sitemapFrequency: 'monthly', canonicalUrl: 'https://www.acme.example/about' } });
  about.draft.localizations.push({ id: uuid(), localeId: fr.id, pathname: '/a-propos', title: 'À propos', description: null });
  publish(home); publish(about);
  insertPage({ siteId: s1.id, name: 'Blog', pathname: '/blog', localeId: en.id, isOnline: true, content: { title: 'Blog' } });
  insertPage({ siteId: s1.id, name: 'Draft post', pathname: '/blog/draft-post', localeId: en.id, isOnline: false });
  insertRoute({ siteId: s1.id, pathname: '/docs' });
  insertRoute({ siteId: s1.id, pathname: '/shop/cart' });

  const s2 = insertSite({ workspaceId: w1.id, name: 'Acme Docs', hostOrigin: null, defaultLocale: 'en-GB' });
  const gb = defaultLocaleOf(s2.id);
  insertPage({ siteId: s2.id, name: 'Docs home', pathname: '/', localeId: gb.id, isOnline: true, content: { title: 'Docs' } });
  insertRoute({ siteId: s2.id, pathname: '/reference' });

  const s3 = insertSite({ workspaceId: w2.id, name: 'Globex Corporate', hostOrigin: 'https://globex.example', defaultLocale: 'es-ES' });
  const es = defaultLocaleOf(s3.id);
  insertPage({ siteId: s3.id, name: 'Inicio', pathname: '/', localeId: es.id, isOnline: true, content: { title: 'Globex' } });
  insertRoute({ siteId: s3.id, pathname: '/tienda' });

  return { apiKey: k1, workspaceId: w1.id, siteApiKey: s1.publicApiKey, otherApiKey: k2, otherWorkspaceId: w2.id, siteId: s1.id, otherSiteId: s3.id };
}
