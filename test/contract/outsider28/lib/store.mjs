// In-memory stand-in for the Spring Data JPA repositories over PostgreSQL 17.
// Soft deletes (@SQLDelete/@SQLRestriction) on sites and locales; pages, localizations and routes are hard-deleted.
import { uuid, appKey, nowMicros, isoMicros } from './convert.mjs';

export function createStore() {
  const db = { workspaces: new Map(), appKeys: new Map(), sites: new Map(), locales: new Map(), pages: new Map(), localizations: new Map(), routes: new Map() };

  const liveSite = (id) => { const s = db.sites.get(id); return s && !s.deletedAt ? s : null; };
  const localesOf = (siteId, { deleted = false } = {}) => [...db.locales.values()].filter((l) => l.siteId === siteId && (deleted ? l.deletedAt : !l.deletedAt));
  const defaultLocaleOf = (siteId) => localesOf(siteId).find((l) => l.isDefault);
  const pagesOf = (siteId) => [...db.pages.values()].filter((p) => p.siteId === siteId);
  const routesOf = (siteId) => [...db.routes.values()].filter((r) => r.siteId === siteId);
  // lower(code) unique index among live rows (partial index WHERE deleted_at IS NULL)
  const findLocaleByCode = (siteId, code) => localesOf(siteId).find((l) => l.code.toLowerCase() === code.toLowerCase());

  function insertSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'internal' }) {
    const site = { id: uuid(), workspaceId, name, hostOrigin, publicApiKey: uuid(), siteApiKey: uuid(), localeManagementMode: mode, defaultLocalePathPrefix: null, version: 0, deletedAt: null, createdAt: nowMicros() };
    db.sites.set(site.id, site);
    insertLocale({ siteId: site.id, code: defaultLocale, isDefault: true });
    return site;
  }
  function insertLocale({ siteId, code, domain = null, isDefault = false, pathPrefix = null }) {
    const l = { id: uuid(), siteId, code, domain, pathPrefix, isDefault, deletedAt: null, version: 0, createdAt: nowMicros() };
    db.locales.set(l.id, l);
    return l;
  }
  function insertPage({ siteId, pathname, name, isOnline = false, title = null, description = null }) {
    const t = nowMicros();
    const p = { id: uuid(), siteId, pathname, name, canonicalUrl: null, title, description, socialImageUrl: null, sitemapPriority: 0.5, sitemapFrequency: 'weekly', createdAt: t, updatedAt: t, publishedAt: isOnline ? t : null, isOnline, excludedFromSearchEngines: false, version: 0 };
    db.pages.set(p.id, p);
    return p;
  }
  function insertLocalization({ pageId, localeId, pathname, title = null, description = null }) {
    const z = { id: uuid(), pageId, localeId, pathname, title, description };
    db.localizations.set(z.id, z);
    return z;
  }
  function insertRoute({ siteId, pathname }) {
    const r = { id: uuid(), siteId, pathname, version: 0, createdAt: nowMicros() };
    db.routes.set(r.id, r);
    return r;
  }
  function deletePage(id) {
    db.pages.delete(id);
    for (const [k, z] of db.localizations) if (z.pageId === id) db.localizations.delete(k);
  }
  const localizationsOf = (pageId) => [...db.localizations.values()].filter((z) => z.pageId === pageId);

  // ---- views (Jackson output of the response DTOs) ----
  function siteView(s) {
    return { object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey, defaultLocale: defaultLocaleOf(s.id)?.code ?? 'en-US', defaultLocalePathPrefix: s.defaultLocalePathPrefix, localeManagementMode: s.localeManagementMode };
  }
  const localeView = (l) => ({ object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
  const routeView = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });
  function pageView(p, collapseLocale = null) {
    const def = defaultLocaleOf(p.siteId);
    const live = new Map(localesOf(p.siteId).map((l) => [l.id, l]));
    const locs = localizationsOf(p.id).filter((z) => live.has(z.localeId) && !live.get(z.localeId).isDefault)
      .map((z) => ({ id: z.id, locale: live.get(z.localeId).code, pathname: z.pathname, _z: z }))
      .sort((a, b) => (a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : 0));
    const v = { object: 'page', id: p.id, pathname: p.pathname, canonicalUrl: p.canonicalUrl, title: p.title, description: p.description, socialImageUrl: p.socialImageUrl, sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency, createdAt: isoMicros(p.createdAt), updatedAt: isoMicros(p.updatedAt), publishedAt: isoMicros(p.publishedAt), isOnline: p.isOnline, excludedFromSearchEngines: p.excludedFromSearchEngines, locale: def?.code ?? 'en-US', localizations: locs.map(({ id, locale, pathname }) => ({ id, locale, pathname })) };
    if (collapseLocale && !collapseLocale.isDefault) {
      const z = locs.find((x) => x._z.localeId === collapseLocale.id)?._z;
      if (z) { v.pathname = z.pathname; v.locale = collapseLocale.code; if (z.title !== null) v.title = z.title; if (z.description !== null) v.description = z.description; }
    }
    return v;
  }

  // ---- seed ----
  function seed() {
    const ws1 = { id: uuid(), name: 'Acme Studio' }, ws2 = { id: uuid(), name: 'Other Agency' };
    db.workspaces.set(ws1.id, ws1); db.workspaces.set(ws2.id, ws2);
    const apiKey = appKey(), otherApiKey = appKey();
    db.appKeys.set(apiKey, { workspaceId: ws1.id }); db.appKeys.set(otherApiKey, { workspaceId: ws2.id });
    const shop = insertSite({ workspaceId: ws1.id, name: 'Acme Shop', hostOrigin: 'https://shop.acme.example', defaultLocale: 'en-US', mode: 'external' });
    const fr = insertLocale({ siteId: shop.id, code: 'fr-FR', domain: 'https://fr.shop.acme.example' });
    const de = insertLocale({ siteId: shop.id, code: 'de-DE' });
    const home = insertPage({ siteId: shop.id, pathname: '/', name: 'Home', isOnline: true, title: 'Acme Shop' });
    const about = insertPage({ siteId: shop.id, pathname: '/about', name: 'About', isOnline: true, title: 'About us', description: 'Who we are' });
    insertPage({ siteId: shop.id, pathname: '/blog/hello-world', name: 'Hello world', isOnline: true, title: 'Hello, world' });
    insertPage({ siteId: shop.id, pathname: '/drafts/next-launch', name: 'Next launch' });
    insertLocalization({ pageId: about.id, localeId: fr.id, pathname: '/a-propos', title: 'À propos' });
    insertLocalization({ pageId: about.id, localeId: de.id, pathname: '/ueber-uns' });
    insertLocalization({ pageId: home.id, localeId: fr.id, pathname: '/' });
    insertRoute({ siteId: shop.id, pathname: '/products/{slug}' });
    insertRoute({ siteId: shop.id, pathname: '/api/**' });
    const blog = insertSite({ workspaceId: ws1.id, name: 'acme blog', defaultLocale: 'en-GB' });
    insertPage({ siteId: blog.id, pathname: '/', name: 'Home', isOnline: true });
    const foreign = insertSite({ workspaceId: ws2.id, name: 'Foreign Site', hostOrigin: 'https://other.example' });
    insertPage({ siteId: foreign.id, pathname: '/', name: 'Home', isOnline: true });
    return { workspaceId: ws1.id, otherWorkspaceId: ws2.id, apiKey, otherApiKey, siteApiKey: shop.siteApiKey, publicApiKey: shop.publicApiKey, siteId: shop.id, blogSiteId: blog.id, foreignSiteId: foreign.id };
  }

  return { db, liveSite, localesOf, defaultLocaleOf, pagesOf, routesOf, findLocaleByCode, insertSite, insertLocale, insertPage, insertLocalization, insertRoute, deletePage, localizationsOf, siteView, localeView, routeView, pageView, seed };
}
