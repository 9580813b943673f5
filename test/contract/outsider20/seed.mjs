// The data a fresh deployment starts with: the Contoso workspace (two sites) and the Fabrikam
// workspace (one site). Ids and keys are new on every start; everything else is fixed.
import { randomBytes } from 'node:crypto';
import { newSequentialGuid, nowTicks } from './sqlserver.mjs';
import { createSiteRecord } from './sites-controller.mjs';

// Convert.ToHexString(RandomNumberGenerator.GetBytes(32)) behind a fixed prefix.
function newAppKey() {
  return `sbs-app-${randomBytes(32).toString('hex').toUpperCase()}`;
}

function addWorkspace(db, name) {
  const ws = { id: newSequentialGuid(), name };
  db.workspaces.push(ws);
  const key = { id: newSequentialGuid(), workspaceId: ws.id, key: newAppKey() };
  db.appKeys.push(key);
  return { ws, key: key.key };
}

function addLocale(db, site, code, extra = {}) {
  return db.insert(
    db.locales,
    { siteId: site.id, code, domain: extra.domain ?? null, pathPrefix: extra.pathPrefix ?? null, createdAt: null, deletedAt: null, rowVersion: 0n },
    nowTicks(),
  );
}

function addPage(db, site, pathname, extra = {}) {
  const now = nowTicks();
  const online = extra.online ?? true;
  return db.insert(
    db.pages,
    {
      siteId: site.id,
      pathname,
      name: extra.name ?? pathname,
      title: extra.title ?? null,
      description: extra.description ?? null,
      canonicalUrl: extra.canonicalUrl ?? null,
      socialImageUrl: extra.socialImageUrl ?? null,
      sitemapPriority: 'sitemapPriority' in extra ? extra.sitemapPriority : 0,
      sitemapFrequency: 'sitemapFrequency' in extra ? extra.sitemapFrequency : 'always',
      excludedFromSearchEngines: 'excludedFromSearchEngines' in extra ? extra.excludedFromSearchEngines : false,
      isOnline: online,
      createdAt: null,
      updatedAt: null,
      publishedAt: online ? now : null,
      deletedAt: null,
      rowVersion: 0n,
    },
    now,
  );
}

function localize(db, page, locale, pathname, extra = {}) {
  return db.insert(
    db.localizations,
    { pageId: page.id, localeId: locale.id, pathname, title: extra.title ?? null, description: extra.description ?? null },
    nowTicks(),
  );
}

function addRoute(db, site, pathname) {
  return db.insert(db.routes, { siteId: site.id, pathname, createdAt: null, updatedAt: null, deletedAt: null, rowVersion: 0n }, nowTicks());
}

export function seed(db) {
  const contoso = addWorkspace(db, 'Contoso');
  const fabrikam = addWorkspace(db, 'Fabrikam');

  // Contoso Docs: multilingual, one locale soft-deleted, pages in every state.
  const docs = createSiteRecord(
    db,
    { workspaceId: contoso.ws.id, name: 'Contoso Docs', hostOrigin: 'https://docs.contoso.example', localeCode: 'en-US', mode: 'external' },
    nowTicks(),
  );
  const fr = addLocale(db, docs, 'fr-FR', { domain: 'https://fr.docs.contoso.example' });
  const ch = addLocale(db, docs, 'de-CH', { pathPrefix: 'ch' });
  const ja = addLocale(db, docs, 'ja-JP');
  const home = addPage(db, docs, '/', {
    title: 'Contoso Docs', description: 'Guides for every Contoso product.', canonicalUrl: 'https://docs.contoso.example/',
    sitemapPriority: 1, sitemapFrequency: 'daily',
  });
  localize(db, home, fr, '/', { title: 'Documentation Contoso' });
  const start = addPage(db, docs, '/getting-started', { title: 'Getting started', description: 'First steps.', sitemapFrequency: 'weekly', sitemapPriority: 0.8 });
  localize(db, start, fr, '/demarrage', { title: 'Démarrage' });
  localize(db, start, ch, '/einstieg', { title: 'Einstieg' });
  localize(db, start, ja, '/hajimeni');
  const install = addPage(db, docs, '/getting-started/install', { title: 'Install the CLI', sitemapFrequency: 'monthly', sitemapPriority: 0.5 });
  localize(db, install, fr, '/demarrage/installation');
  addPage(db, docs, '/co-op', { title: 'Co-op programme', description: "Partners' corner" });
  addPage(db, docs, '/coop', { title: 'coop' });
  addPage(db, docs, '/About', { name: 'About us' });
  const faq = addPage(db, docs, '/faq', { title: 'FAQ', description: 'Questions & answers' });
  db.update(faq, { title: 'Frequently asked questions' }, nowTicks());
  const notes = addPage(db, docs, '/release-notes', { title: 'Release notes', excludedFromSearchEngines: true });
  db.update(notes, { isOnline: false }, nowTicks());
  addPage(db, docs, '/drafts/roadmap', { title: 'Roadmap', online: false, excludedFromSearchEngines: null, sitemapFrequency: null, sitemapPriority: null });
  addRoute(db, docs, '/api/{version}/{**path}');
  addRoute(db, docs, '/products/{id:int}');
  db.softDelete(ja, nowTicks());

  // Contoso Store: the site whose Site API key is announced at start.
  const store = createSiteRecord(
    db,
    { workspaceId: contoso.ws.id, name: 'Contoso Store', hostOrigin: null, localeCode: 'nl-NL', mode: 'internal' },
    nowTicks(),
  );
  const gb = addLocale(db, store, 'en-GB', { domain: 'https://en.store.contoso.example' });
  addPage(db, store, '/', { title: 'Contoso Winkel' });
  const shop = addPage(db, store, '/winkel', { title: 'Winkel' });
  localize(db, shop, gb, '/shop', { title: 'Shop' });
  addPage(db, store, '/winkelwagen', { title: 'Winkelwagen', online: false });
  addRoute(db, store, '/afrekenen/{step}');

  // Fabrikam Home: the other workspace.
  const fab = createSiteRecord(
    db,
    { workspaceId: fabrikam.ws.id, name: 'Fabrikam Home', hostOrigin: 'https://www.fabrikam.example', localeCode: 'en-AU', mode: 'internal' },
    nowTicks(),
  );
  const mx = addLocale(db, fab, 'es-MX');
  addPage(db, fab, '/', { title: 'Fabrikam' });
  const pricing = addPage(db, fab, '/pricing', { title: 'Pricing' });
  localize(db, pricing, mx, '/precios', { title: 'Precios' });
  addRoute(db, fab, '/status');

  return {
    apiKey: contoso.key,
    workspaceId: contoso.ws.id,
    siteApiKey: store.siteApiKey,
    publicApiKey: store.publicApiKey,
    otherApiKey: fabrikam.key,
  };
}
