// Seed data: two workspaces, three sites, locales (one soft-deleted), pages with
// localizations, routes.
import { table, K, transact } from './store.mjs';
import { uuidv7, appKey, now } from './ids.mjs';
import { createSiteRecord } from '../functions/sites.mjs';

function workspace(name) {
  const id = uuidv7();
  const key = appKey();
  transact([
    { Put: { Item: { ...K.ws(id), type: 'workspace', id, name } } },
    { Put: { Item: { ...K.key(key), type: 'key', keyKind: 'app', workspaceId: id } } },
  ]);
  return { id, key };
}

function localesOf(siteId) {
  return Object.fromEntries(table.query({ PK: `SITE#${siteId}`, skPrefix: 'LOCALE#' }).Items.map((l) => [l.locale, l]));
}

function addPage(site, pathname, extra = {}) {
  const t = now();
  const item = {
    type: 'page', id: uuidv7(), siteId: site.id, pathname, name: extra.name ?? pathname,
    isOnline: true, createdAt: t, updatedAt: t, publishedAt: t, localizations: {}, ...extra,
  };
  if (!item.isOnline) item.publishedAt = null;
  transact([
    { Put: { Item: { ...K.pathname(site.id, pathname), type: 'pathMarker', kind: 'page', id: item.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { Item: { ...K.page(site.id, item.id), ...item } } },
    { Put: { Item: { ...K.id(item.id), type: 'page', siteId: site.id } } },
  ]);
  return item;
}

function addRoute(site, pathname) {
  const id = uuidv7();
  transact([
    { Put: { Item: { ...K.pathname(site.id, pathname), type: 'pathMarker', kind: 'route', id }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { Item: { ...K.route(site.id, id), type: 'route', id, siteId: site.id, pathname, createdAt: now() } } },
    { Put: { Item: { ...K.id(id), type: 'route', siteId: site.id } } },
  ]);
}

export function seed() {
  const north = workspace('Northwind Studio');
  const tide = workspace('Tidewater Labs');

  const journal = createSiteRecord({
    workspaceId: north.id, name: 'Lighthouse Journal', hostOrigin: 'https://journal.example.com', defaultLocale: 'en-US', localeManagementMode: 'internal',
    extraLocales: [{ locale: 'fr-FR', domain: 'https://fr.journal.example.com' }, { locale: 'de-DE', pathPrefix: 'de' }, { locale: 'es-ES' }],
  });
  const L = localesOf(journal.id);
  // es-ES is soft-deleted (restorable)
  transact([
    { Put: { Item: { ...L['es-ES'], deletedAt: now(), ttl: Math.floor(Date.now() / 1000) + 30 * 24 * 3600 } } },
    { Delete: { Key: K.code(journal.id, 'es-ES') } },
  ]);
  addPage(journal, '/', { name: 'Home', title: 'Lighthouse Journal', sitemapPriority: 1, sitemapFrequency: 'daily', excludedFromSearchEngines: false });
  addPage(journal, '/about', {
    name: 'About', title: 'About us', description: 'Who keeps the light',
    localizations: {
      [L['fr-FR'].id]: { id: uuidv7(), pathname: '/a-propos', title: 'À propos' },
      [L['de-DE'].id]: { id: uuidv7(), pathname: '/ueber-uns' },
      [L['es-ES'].id]: { id: uuidv7(), pathname: '/sobre' },
    },
  });
  addPage(journal, '/blog', { name: 'Blog', title: 'Blog', canonicalUrl: 'https://journal.example.com/blog', sitemapFrequency: 'weekly', sitemapPriority: 0.6 });
  addPage(journal, '/blog/first-light', { name: 'First light', title: 'First light', isOnline: false });
  addRoute(journal, '/feed.xml');
  addRoute(journal, '/api/[version]/[...rest]');

  const shop = createSiteRecord({ workspaceId: north.id, name: 'Lighthouse Shop', hostOrigin: null, defaultLocale: 'de-DE' });
  addPage(shop, '/', { name: 'Start' });
  addPage(shop, '/produkte', { name: 'Produkte', title: 'Produkte' });

  const docs = createSiteRecord({ workspaceId: tide.id, name: 'Tidewater Docs', hostOrigin: 'https://docs.tidewater.example', defaultLocale: 'en-GB' });
  addPage(docs, '/', { name: 'Docs home' });
  addPage(docs, '/guides', { name: 'Guides' });
  addRoute(docs, '/status');

  return {
    apiKey: north.key, workspaceId: north.id, siteApiKey: journal.siteApiKey, publicApiKey: journal.publicApiKey,
    otherApiKey: tide.key, otherWorkspaceId: tide.id, siteId: journal.id, shopSiteId: shop.id, otherSiteId: docs.id,
  };
}
