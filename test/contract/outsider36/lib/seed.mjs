// Seed data, written through the event log like any other write.
import { newId, newAppKey } from './store.mjs';

function seedSite(store, workspaceId, { name, hostOrigin, locales, pages, routes }) {
  const siteId = newId();
  const siteKey = newId();
  const events = [{ type: 'SiteCreated', data: { siteId, workspaceId, name, hostOrigin, publicApiKey: newId(), siteKey } }];
  const localeIds = {};
  locales.forEach(([code, domain], i) => {
    localeIds[code] = newId();
    events.push({ type: 'LocaleCreated', data: { localeId: localeIds[code], siteId, locale: code, domain, isDefault: i === 0 } });
  });
  for (const pg of pages) {
    const pageId = newId();
    events.push({
      type: 'PageCreated',
      data: {
        pageId, siteId, localeId: localeIds[locales[0][0]], name: pg.name,
        fields: {
          pathname: pg.pathname, canonicalUrl: pg.canonicalUrl ?? null, title: pg.title ?? null,
          description: pg.description ?? null, socialImageUrl: null, sitemapPriority: pg.priority ?? 0.5,
          sitemapFrequency: pg.frequency ?? null, isOnline: false, excludedFromSearchEngines: false,
        },
      },
    });
    if (pg.online) events.push({ type: 'PagePublished', data: { pageId } });
    for (const [code, p] of pg.localizations ?? []) {
      events.push({ type: 'PageLocalizationAdded', data: { localizationId: newId(), pageId, localeId: localeIds[code], pathname: p } });
    }
  }
  for (const r of routes) events.push({ type: 'RouteCreated', data: { routeId: newId(), siteId, pathname: r } });
  store.append(events);
  return { siteId, siteKey };
}

export function seed(store) {
  const ws1 = newId();
  const ws2 = newId();
  const key1 = newAppKey();
  const key2 = newAppKey();
  store.append([
    { type: 'WorkspaceCreated', data: { workspaceId: ws1 } },
    { type: 'AppKeyIssued', data: { key: key1, workspaceId: ws1 } },
    { type: 'WorkspaceCreated', data: { workspaceId: ws2 } },
    { type: 'AppKeyIssued', data: { key: key2, workspaceId: ws2 } },
  ]);
  const main = seedSite(store, ws1, {
    name: 'Acme Marketing',
    hostOrigin: 'https://www.acme.example',
    locales: [['en-US', null], ['fr-FR', 'https://fr.acme.example'], ['de-DE', null]],
    pages: [
      { pathname: '/', name: 'Home', title: 'Acme', description: 'Welcome to Acme', online: true, frequency: 'daily', priority: 1 },
      { pathname: '/about', name: 'About', title: 'About Acme', description: 'Who we are', online: true, localizations: [['fr-FR', '/a-propos'], ['de-DE', '/ueber-uns']] },
      { pathname: '/blog', name: 'Blog', title: 'Blog', online: true, frequency: 'weekly' },
      { pathname: '/blog/hello-world', name: 'Hello world', title: 'Hello, world', description: 'First post', online: true },
      { pathname: '/drafts/pricing', name: 'Pricing (draft)', title: null, online: false },
    ],
    routes: ['/old-home', '/legacy/about'],
  });
  seedSite(store, ws1, {
    name: 'Acme Docs',
    hostOrigin: null,
    locales: [['en-GB', null]],
    pages: [
      { pathname: '/', name: 'Docs home', title: 'Docs', online: true },
      { pathname: '/getting-started', name: 'Getting started', title: 'Getting started', online: false },
    ],
    routes: ['/docs-v1'],
  });
  seedSite(store, ws2, {
    name: 'Other Corp',
    hostOrigin: 'https://other.example',
    locales: [['en-US', null], ['es-ES', null]],
    pages: [
      { pathname: '/', name: 'Home', title: 'Other', online: true, localizations: [['es-ES', '/inicio']] },
      { pathname: '/contact', name: 'Contact', title: 'Contact', online: true },
    ],
    routes: ['/old-contact'],
  });
  return { apiKey: key1, workspaceId: ws1, siteApiKey: main.siteKey, otherApiKey: key2 };
}
