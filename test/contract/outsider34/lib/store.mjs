// In-memory "tables" standing in for the Exposed schema on SQL Server.
// Every mutating handler validates and checks everything first and only then
// writes, inside one synchronous block: the equivalent of one `transaction {}`.
import { randomUUID, randomBytes } from 'node:crypto';
import { nowTicks } from './rules.mjs';

export const db = {
  workspaces: new Map(), // id -> { id, name }
  appKeys: new Map(),    // key (case-sensitive, binary compare) -> workspaceId
  sites: new Map(),      // id -> site
  locales: new Map(),    // id -> locale (soft-deleted rows keep deletedAt)
  pages: new Map(),      // id -> page
  routes: new Map(),     // id -> route
};

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newAppKey() {
  const bytes = randomBytes(43);
  let s = 'sk_';
  for (const b of bytes) s += B62[b % 62];
  return s;
}
export const newId = () => randomUUID();

export function insertSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US' }) {
  const site = { id: newId(), workspaceId, name, hostOrigin, publicApiKey: newId(), defaultLocale, createdAt: nowTicks() };
  db.sites.set(site.id, site);
  insertLocale({ siteId: site.id, locale: defaultLocale, domain: null });
  return site;
}
export function insertLocale({ siteId, locale, domain = null, pathPrefix = null }) {
  const row = { id: newId(), siteId, locale, domain, pathPrefix, createdAt: nowTicks(), deletedAt: null };
  db.locales.set(row.id, row);
  return row;
}
export function insertPage({ siteId, pathname, name, locale, online = false, title = null, description = null }) {
  const t = nowTicks();
  const page = {
    id: newId(), siteId, name, pathname, locale,
    title, description, canonicalUrl: null, socialImageUrl: null,
    sitemapPriority: 0.5, sitemapFrequency: null, excludedFromSearchEngines: false,
    isOnline: false, createdAt: t, updatedAt: t, publishedAt: null, live: null,
  };
  db.pages.set(page.id, page);
  if (online) publishPage(page, t);
  return page;
}
export function publishPage(page, t = nowTicks()) {
  page.isOnline = true;
  page.publishedAt = t;
  page.live = snapshot(page);
}
export function unpublishPage(page) {
  page.isOnline = false;
  page.live = null;
}
export function snapshot(page) {
  const { pathname, title, description, canonicalUrl, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines, updatedAt } = page;
  return { pathname, title, description, canonicalUrl, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines, updatedAt };
}
export function insertRoute({ siteId, pathname }) {
  const row = { id: newId(), siteId, pathname, createdAt: nowTicks() };
  db.routes.set(row.id, row);
  return row;
}

export const activeLocalesOf = (siteId) => [...db.locales.values()].filter((l) => l.siteId === siteId && l.deletedAt === null);
export const allLocalesOf = (siteId) => [...db.locales.values()].filter((l) => l.siteId === siteId);
export const pagesOf = (siteId) => [...db.pages.values()].filter((p) => p.siteId === siteId);
export const routesOf = (siteId) => [...db.routes.values()].filter((r) => r.siteId === siteId);

export function seed() {
  const wsA = { id: newId(), name: 'Acme' };
  const wsB = { id: newId(), name: 'Globex' };
  db.workspaces.set(wsA.id, wsA);
  db.workspaces.set(wsB.id, wsB);
  const keyA = newAppKey();
  const keyB = newAppKey();
  db.appKeys.set(keyA, wsA.id);
  db.appKeys.set(keyB, wsB.id);

  const marketing = insertSite({ workspaceId: wsA.id, name: 'Acme Marketing', hostOrigin: 'https://www.acme.example', defaultLocale: 'en-US' });
  insertLocale({ siteId: marketing.id, locale: 'fr-FR', domain: 'https://fr.acme.example' });
  insertLocale({ siteId: marketing.id, locale: 'de' });
  insertPage({ siteId: marketing.id, pathname: '/', name: 'Home', locale: 'en-US', online: true, title: 'Acme' });
  insertPage({ siteId: marketing.id, pathname: '/about', name: 'About', locale: 'en-US', online: true, title: 'About Acme', description: 'Who we are' });
  insertPage({ siteId: marketing.id, pathname: '/blog', name: 'Blog', locale: 'en-US', online: true });
  insertPage({ siteId: marketing.id, pathname: '/blog/hello-world', name: 'Hello world', locale: 'en-US', online: false, title: 'Hello, world' });
  insertPage({ siteId: marketing.id, pathname: '/Pricing', name: 'Pricing', locale: 'en-US', online: true, title: 'pricing' });
  insertRoute({ siteId: marketing.id, pathname: '/docs' });
  insertRoute({ siteId: marketing.id, pathname: '/status' });

  const shop = insertSite({ workspaceId: wsA.id, name: 'Acme Shop', defaultLocale: 'de-DE' });
  insertPage({ siteId: shop.id, pathname: '/', name: 'Start', locale: 'de-DE', online: true });
  insertPage({ siteId: shop.id, pathname: '/produkte', name: 'Produkte', locale: 'de-DE', online: false });
  insertRoute({ siteId: shop.id, pathname: '/warenkorb' });

  const globex = insertSite({ workspaceId: wsB.id, name: 'Globex Site', hostOrigin: 'https://globex.example', defaultLocale: 'en-GB' });
  insertLocale({ siteId: globex.id, locale: 'es' });
  insertPage({ siteId: globex.id, pathname: '/', name: 'Home', locale: 'en-GB', online: true });
  insertPage({ siteId: globex.id, pathname: '/contact', name: 'Contact', locale: 'en-GB', online: true });
  insertRoute({ siteId: globex.id, pathname: '/help' });

  return { apiKey: keyA, workspaceId: wsA.id, siteApiKey: marketing.publicApiKey, otherApiKey: keyB };
}
