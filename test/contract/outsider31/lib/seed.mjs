// Seed data: two workspaces, each with its own App API key, sites, locales, pages and routes.
import { db, insert, uuid, appKey, now } from './store.mjs';
import { createSiteDocs, snapshot } from './app.mjs';

function page(site, pathname, name, extra = {}) {
  const p = insert('pages', {
    id: uuid(), siteId: site.id, name, pathname,
    canonicalUrl: null, title: null, description: null, socialImageUrl: null,
    sitemapPriority: null, sitemapFrequency: null, publishedAt: null,
    isOnline: true, excludedFromSearchEngines: false, localizations: [], live: null,
    ...extra,
  });
  if (extra.publish) {
    delete p.publish;
    p.publishedAt = now();
    p.live = snapshot(p);
  }
  return p;
}
const locale = (site, code, domain = null) => insert('locales', { id: uuid(), siteId: site.id, locale: code, domain, pathPrefix: null, isDefault: false });
const route = (site, pathname) => insert('routes', { id: uuid(), siteId: site.id, pathname });

export function seed() {
  const wsA = { id: uuid(), name: 'Acme' };
  const wsB = { id: uuid(), name: 'Globex' };
  db.workspaces.push(wsA, wsB);
  const keyA = appKey();
  const keyB = appKey();
  db.appKeys.set(keyA, wsA.id);
  db.appKeys.set(keyB, wsB.id);

  const mkt = createSiteDocs(wsA.id, { name: 'Acme Marketing', hostOrigin: 'https://www.acme.example', defaultLocale: 'en-US' });
  locale(mkt, 'fr-FR');
  locale(mkt, 'de-DE', 'https://acme.example.de');
  page(mkt, '/', 'Home', { title: 'Acme', description: 'Welcome to Acme', sitemapPriority: 1, sitemapFrequency: 'weekly', publish: true });
  page(mkt, '/about', 'About', {
    title: 'About us', canonicalUrl: 'https://www.acme.example/about', sitemapPriority: 0.8, sitemapFrequency: 'monthly',
    localizations: [{ id: uuid(), locale: 'fr-FR', pathname: '/a-propos' }], publish: true,
  });
  page(mkt, '/blog', 'Blog', { title: 'Blog', sitemapPriority: 0.5, sitemapFrequency: 'daily' });
  page(mkt, '/blog/hello-world', 'Hello world', { title: 'Hello, world', isOnline: false, excludedFromSearchEngines: true });
  page(mkt, '/pricing', 'Pricing', { title: 'Pricing', socialImageUrl: 'https://cdn.acme.example/pricing.png', publish: true });
  route(mkt, '/api/health');
  route(mkt, '/legacy/products');

  const docs = createSiteDocs(wsA.id, { name: 'Acme Docs', hostOrigin: null, defaultLocale: 'en' });
  page(docs, '/', 'Docs home', { title: 'Docs' });
  page(docs, '/getting-started', 'Getting started', { title: 'Getting started' });
  route(docs, '/search');

  const store = createSiteDocs(wsB.id, { name: 'Globex Store', hostOrigin: 'https://shop.globex.example', defaultLocale: 'de-DE' });
  locale(store, 'en-GB');
  page(store, '/', 'Start', { title: 'Globex', publish: true });
  page(store, '/produkte', 'Produkte', { title: 'Produkte' });
  route(store, '/warenkorb');

  return { apiKey: keyA, workspaceId: wsA.id, siteApiKey: mkt.publicApiKey, otherApiKey: keyB, otherWorkspaceId: wsB.id };
}
