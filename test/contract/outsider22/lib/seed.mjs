// priv/repo/seeds.exs: two workspaces, three sites, locales (one soft-deleted), pages with
// localizations and live snapshots, routes. Ids and keys are random on every start.
import { uuid7, nowUs } from './repo.mjs';
import { generateAppKey, sha256 } from './auth.mjs';
import { createSiteRecords, createLocaleRecord } from './controllers/sites.mjs';
import { newPage } from './controllers/pages.mjs';

export function seed(store) {
  const t0 = nowUs();
  const workspace = (name) => { const w = { id: uuid7(), name }; store.workspaces.push(w); return w; };
  const appKey = (ws) => { const key = generateAppKey(); store.appKeys.push({ workspaceId: ws.id, digest: sha256(key) }); return key; };
  const page = (site, pathname, extra = {}) => {
    const now = nowUs();
    const p = newPage(site.id, { name: extra.name ?? pathname, pathname, ...extra }, now);
    store.pages.push(p);
    return p;
  };
  const localize = (p, loc, pathname, title = null) => store.localizations.push({ id: uuid7(), pageId: p.id, localeId: loc.id, pathname, title, description: null });
  const route = (site, pathname) => { const now = nowUs(); store.routes.push({ id: uuid7(), siteId: site.id, pathname, insertedAt: now, updatedAt: now, deletedAt: null }); };

  const lisbon = workspace('Lisbon Makers');
  const porto = workspace('Porto Wines');
  const apiKey = appKey(lisbon);
  const otherApiKey = appKey(porto);

  // Site 1: Tram 28 Tours (en-US default; pt-PT with a domain; fr-FR; es-ES soft-deleted)
  const tram = createSiteRecords(store, { workspaceId: lisbon.id, name: 'Tram 28 Tours', hostOrigin: 'https://tram28.example', localeManagementMode: 'external' }, t0);
  createLocaleRecord(store, tram, { locale: 'en-US', isDefault: true }, t0);
  const pt = createLocaleRecord(store, tram, { locale: 'pt-PT', domain: 'https://pt.tram28.example', pathPrefix: 'pt' }, nowUs());
  const fr = createLocaleRecord(store, tram, { locale: 'fr-FR' }, nowUs());
  const es = createLocaleRecord(store, tram, { locale: 'es-ES' }, nowUs());
  es.deletedAt = nowUs();
  const home = page(tram, '/', { name: 'Home', title: 'Tram 28 Tours', description: 'Ride the yellow tram', sitemapPriority: 1, sitemapFrequency: 'daily' });
  localize(home, pt, '/', 'Passeios no Elétrico 28');
  const tours = page(tram, '/tours', { name: 'Tours', title: 'Our tours', sitemapPriority: 0.8, sitemapFrequency: 'weekly', canonicalUrl: 'https://tram28.example/tours' });
  localize(tours, pt, '/passeios', 'Os nossos passeios');
  localize(tours, fr, '/visites', 'Nos visites');
  localize(tours, es, '/recorridos', 'Nuestros recorridos');
  page(tram, '/tours/night', { name: 'Night tour', title: 'Night tour', socialImageUrl: 'https://tram28.example/night.png' });
  const about = page(tram, '/About', { name: 'About', title: null });
  about.title = 'About us (draft)'; about.updatedAt = nowUs(); // draft edit not yet published
  page(tram, '/drafts/winter', { name: 'Winter draft', isOnline: false, publishedAt: null, excludedFromSearchEngines: true });
  route(tram, '/api/tickets/:id');
  route(tram, '/feed.xml');

  // Site 2: Alfama Bakery (pt-PT default)
  const bakery = createSiteRecords(store, { workspaceId: lisbon.id, name: 'Alfama Bakery', hostOrigin: null }, nowUs());
  createLocaleRecord(store, bakery, { locale: 'pt-PT', isDefault: true }, nowUs());
  page(bakery, '/', { name: 'Início', title: 'Padaria de Alfama' });
  page(bakery, '/menu', { name: 'Menu', isOnline: false, publishedAt: null });
  route(bakery, '/order/*rest');

  // Workspace 2: Cellar Door (en-GB default)
  const cellar = createSiteRecords(store, { workspaceId: porto.id, name: 'Cellar Door', hostOrigin: 'https://cellar.example' }, nowUs());
  createLocaleRecord(store, cellar, { locale: 'en-GB', isDefault: true }, nowUs());
  page(cellar, '/', { name: 'Home', title: 'Cellar Door' });
  route(cellar, '/status');

  return {
    apiKey, otherApiKey, workspaceId: lisbon.id, otherWorkspaceId: porto.id,
    siteApiKey: tram.siteApiKey, publicApiKey: tram.publicApiKey,
    siteId: tram.id, secondSiteId: bakery.id, otherSiteId: cellar.id,
  };
}
