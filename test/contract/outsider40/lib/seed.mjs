import { db, newId, newAppKey, createSite, createLocale, createPage, createRoute, now } from './store.mjs';

export function seed() {
  const wsA = { id: newId(), name: 'Workspace A' };
  const wsB = { id: newId(), name: 'Workspace B' };
  db.workspaces.set(wsA.id, wsA);
  db.workspaces.set(wsB.id, wsB);
  const keyA = newAppKey();
  const keyB = newAppKey();
  db.appKeys.set(keyA, wsA.id);
  db.appKeys.set(keyB, wsB.id);

  const site = createSite({ workspaceId: wsA.id, name: 'Acme Marketing', hostOrigin: 'https://www.acme.example', defaultLocale: 'en-US', mode: 'internal' });
  const fr = createLocale({ siteId: site.id, locale: 'fr-FR', domain: 'https://fr.acme.example' });
  createLocale({ siteId: site.id, locale: 'de' });
  const t = now();
  const home = createPage({ siteId: site.id, pathname: '/', name: 'Home', isOnline: true, publishedAt: t,
    extra: { title: 'Acme', description: 'Welcome to Acme', sitemapPriority: 1, sitemapFrequency: 'daily' } });
  const about = createPage({ siteId: site.id, pathname: '/about', name: 'About', isOnline: true, publishedAt: t,
    extra: { title: 'About us', canonicalUrl: 'https://www.acme.example/about', sitemapFrequency: 'monthly' } });
  createPage({ siteId: site.id, pathname: '/blog', name: 'Blog', isOnline: true, publishedAt: t, extra: { title: 'Blog' } });
  createPage({ siteId: site.id, pathname: '/blog/draft-post', name: 'Draft post' });
  home.localizations.push({ id: newId(), localeId: fr.id, pathname: '/accueil' });
  about.localizations.push({ id: newId(), localeId: fr.id, pathname: '/a-propos' });
  createRoute({ siteId: site.id, pathname: '/old-about' });
  createRoute({ siteId: site.id, pathname: '/legacy/home' });

  const siteB = createSite({ workspaceId: wsB.id, name: 'Beta Shop', hostOrigin: null, defaultLocale: 'en-GB', mode: 'internal' });
  createPage({ siteId: siteB.id, pathname: '/', name: 'Home', isOnline: true, publishedAt: t });
  createRoute({ siteId: siteB.id, pathname: '/shop-old' });

  return { keyA, keyB, wsA, wsB, site, siteB };
}
