import { randomUUID } from 'node:crypto';
import { createWorkspace, createSite, createLocale, createPage, createRoute, snapshot, now } from './store.mjs';

function localize(page, loc, pathname) {
  page.localizations.push({ id: randomUUID(), localeId: loc.id, pathname });
}
function publish(page) {
  page.isOnline = true;
  page.publishedAt = now();
  page.updatedAt = page.publishedAt;
  page.version++;
  page.live = snapshot(page);
}

export function seed() {
  const { ws: a, key: keyA } = createWorkspace();
  const { ws: b, key: keyB } = createWorkspace();

  const site = createSite({ workspaceId: a.id, name: 'Acme Marketing', hostOrigin: 'https://www.acme.example', defaultLocale: 'en-US', localeManagementMode: 'internal' });
  const fr = createLocale(site, { locale: 'fr-FR', domain: 'https://fr.acme.example' });
  const de = createLocale(site, { locale: 'de', domain: null });
  const home = createPage(site, { pathname: '/', name: 'Home' });
  home.title = 'Acme - Home';
  home.description = 'Welcome to Acme';
  localize(home, fr, '/accueil');
  publish(home);
  const about = createPage(site, { pathname: '/about', name: 'About' });
  about.title = 'About us';
  localize(about, fr, '/a-propos');
  localize(about, de, '/ueber-uns');
  publish(about);
  const blog = createPage(site, { pathname: '/blog', name: 'Blog' });
  blog.title = 'Blog';
  publish(blog);
  createPage(site, { pathname: '/blog/hello-world', name: 'Hello world' });
  const pricing = createPage(site, { pathname: '/pricing', name: 'Pricing' });
  localize(pricing, de, '/preise');
  createRoute(site, '/docs');
  createRoute(site, '/shop/[slug]');

  const other = createSite({ workspaceId: a.id, name: 'Acme Docs', hostOrigin: null, defaultLocale: 'en-GB', localeManagementMode: 'internal' });
  createPage(other, { pathname: '/', name: 'Docs home' });

  const siteB = createSite({ workspaceId: b.id, name: 'Beta Corp', hostOrigin: 'https://beta.example', defaultLocale: 'es-ES', localeManagementMode: 'internal' });
  publish(createPage(siteB, { pathname: '/', name: 'Inicio' }));
  createRoute(siteB, '/tienda');

  return { apiKey: keyA, workspaceId: a.id, siteApiKey: site.publicApiKey, otherApiKey: keyB };
}
