// Seed data (a prisma/seed.ts equivalent). Ids and keys are random on every start.
import { randomBytes } from 'node:crypto';
import { hashKey } from './auth.mjs';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export function newAppKey() {
  const bytes = randomBytes(48);
  let s = '';
  for (const b of bytes) s += B58[b % 58];
  return `sbx_${s}`;
}

export function seed(db) {
  const ws1 = db.workspace.create({ name: 'Harbor Labs' });
  const ws2 = db.workspace.create({ name: 'Meadow Co' });
  const apiKey = newAppKey();
  const otherApiKey = newAppKey();
  db.apiKey.create({ workspaceId: ws1.id, hash: hashKey(apiKey), revokedAt: null });
  db.apiKey.create({ workspaceId: ws2.id, hash: hashKey(otherApiKey), revokedAt: null });

  const mkSite = (ws, name, defaultLocale, extra = {}) => {
    const site = db.site.create({ workspaceId: ws.id, name, hostOrigin: extra.hostOrigin ?? null, defaultLocale,
      localeManagementMode: extra.mode ?? 'internal', publicApiKey: crypto.randomUUID(), siteApiKey: crypto.randomUUID(), deletedAt: null });
    const def = db.siteLocale.create({ siteId: site.id, locale: defaultLocale, domain: null, pathPrefix: extra.prefix ?? null, isDefault: true, deletedAt: null });
    return { site, def };
  };
  const mkPage = (site, pathname, name, f = {}) => db.page.create({
    siteId: site.id, pathname, name, canonicalUrl: f.canonicalUrl ?? null, title: f.title ?? null, description: f.description ?? null,
    socialImageUrl: null, sitemapPriority: f.sitemapPriority ?? null, sitemapFrequency: f.sitemapFrequency ?? null,
    isOnline: f.isOnline ?? true, publishedAt: (f.isOnline ?? true) ? new Date() : null, excludedFromSearchEngines: false,
  });
  const loc = (page, locale, pathname, title = null) => db.pageLocalization.create({ pageId: page.id, localeId: locale.id, pathname, title, description: null }, { timestamps: false });

  const { site: docs } = mkSite(ws1, 'Harbor Docs', 'en-US', { hostOrigin: 'https://docs.harbor.example', mode: 'external' });
  const fr = db.siteLocale.create({ siteId: docs.id, locale: 'fr-FR', domain: 'https://fr.harbor.example', pathPrefix: null, isDefault: false, deletedAt: null });
  const de = db.siteLocale.create({ siteId: docs.id, locale: 'de-DE', domain: null, pathPrefix: 'de', isDefault: false, deletedAt: null });
  const es = db.siteLocale.create({ siteId: docs.id, locale: 'es-ES', domain: null, pathPrefix: null, isDefault: false, deletedAt: new Date() });
  mkPage(docs, '/', 'Home', { title: 'Harbor Docs', sitemapPriority: 1, sitemapFrequency: 'weekly' });
  const pricing = mkPage(docs, '/pricing', 'Pricing', { title: 'Pricing', description: 'Plans and prices' });
  loc(pricing, fr, '/tarifs', 'Tarifs'); loc(pricing, de, '/preise'); loc(pricing, es, '/precios');
  mkPage(docs, '/blog', 'Blog', { title: 'Blog' });
  mkPage(docs, '/blog/launch', 'Launch post', { isOnline: false });
  mkPage(docs, '/About', 'About', { title: null });
  db.route.create({ siteId: docs.id, pathname: '/api/:version/*rest' });
  db.route.create({ siteId: docs.id, pathname: '/feed.xml' });

  const { site: shop } = mkSite(ws1, 'Harbor Shop', 'de-DE');
  mkPage(shop, '/', 'Start');
  mkPage(shop, '/produkte', 'Produkte', { isOnline: false });
  db.route.create({ siteId: shop.id, pathname: '/checkout{/:step}' });

  const { site: meadow } = mkSite(ws2, 'Meadow Blog', 'en-GB');
  mkPage(meadow, '/', 'Home');
  mkPage(meadow, '/posts', 'Posts');
  db.route.create({ siteId: meadow.id, pathname: '/status' });

  return { apiKey, otherApiKey, workspaceId: ws1.id, otherWorkspaceId: ws2.id, siteApiKey: docs.siteApiKey,
    publicApiKey: docs.publicApiKey, siteId: docs.id, shopId: shop.id, otherSiteId: meadow.id };
}
