// Seed data: workspace A (two sites) and workspace B (one site).
import { Store } from './store.mjs';
import { nowTs } from './util.mjs';

export function seed() {
  const store = new Store();
  const a = store.addWorkspace('Workspace A');
  const b = store.addWorkspace('Workspace B');

  const site = store.createSite({ workspaceId: a.ws.id, name: 'Acme Marketing', hostOrigin: 'https://www.acme.test', localeManagementMode: 'internal' });
  const fr = store.addLocale(site, { locale: 'fr-FR' });
  store.addLocale(site, { locale: 'de', domain: 'https://acme.de.test' });
  store.addPage(site, { name: 'Home', pathname: '/', title: 'Acme', description: 'Welcome to Acme', sitemapPriority: 1, sitemapFrequency: 'daily',
    localizations: [{ id: crypto.randomUUID(), localeId: fr.id, pathname: '/accueil', title: 'Acme FR', description: null }] });
  store.addPage(site, { name: 'About', pathname: '/about', title: 'About us',
    localizations: [{ id: crypto.randomUUID(), localeId: fr.id, pathname: '/a-propos', title: 'A propos', description: null }] });
  store.addPage(site, { name: 'Blog', pathname: '/blog', title: 'Blog', canonicalUrl: 'https://www.acme.test/blog' });
  store.addPage(site, { name: 'First post', pathname: '/blog/first-post', title: null, isOnline: false, excludedFromSearchEngines: true });
  store.addPage(site, { name: 'Contact', pathname: '/contact', title: 'Contact', socialImageUrl: 'https://cdn.acme.test/contact.png' });
  for (const p of store.sitePages(site).slice(0, 2)) p.publishedAt = nowTs();
  store.addRoute(site, '/old-home');
  store.addRoute(site, '/legacy/blog');

  const site2 = store.createSite({ workspaceId: a.ws.id, name: 'Acme Docs', defaultLocale: 'en', localeManagementMode: 'internal' });
  store.addPage(site2, { name: 'Docs home', pathname: '/' });

  const siteB = store.createSite({ workspaceId: b.ws.id, name: 'Beta Corp', hostOrigin: 'https://beta.test', localeManagementMode: 'internal' });
  store.addPage(siteB, { name: 'Home', pathname: '/' });
  store.addRoute(siteB, '/go');

  return {
    store,
    info: { apiKey: a.key, workspaceId: a.ws.id, siteApiKey: site.publicApiKey, otherApiKey: b.key },
  };
}
