// Seed data ("db/seeds.rb"): two workspaces, each with its own sites, locales,
// pages (some online, some localized) and routes.
export function seed(db) {
  const a = db.createWorkspace('Acme');
  const b = db.createWorkspace('Globex');

  const t = (d) => new Date(Date.UTC(2024, 0, d, 9, 30, 0, 125)).toISOString();
  const mkPage = (site, pathname, extra = {}) => db.insertPage({
    siteId: site.id, pathname, name: extra.name || pathname,
    createdAt: t(extra.day || 2), updatedAt: t((extra.day || 2) + 1), ...extra,
  });
  const publish = (page, day) => { page.isOnline = true; page.publishedAt = t(day); page.live = db.snapshot(page); };

  // Workspace A, site 1: the Site-key site
  const s1 = db.insertSite({ workspaceId: a.ws.id, name: 'Acme Marketing', hostOrigin: 'https://www.acme.example', defaultLocale: 'en-US', localeManagementMode: 'external' });
  const fr = db.insertLocale({ siteId: s1.id, locale: 'fr-FR', domain: 'https://fr.acme.example' });
  db.insertLocale({ siteId: s1.id, locale: 'de-DE', pathPrefix: 'de' });
  const home = mkPage(s1, '/', { name: 'Home', title: 'Acme — Home', description: 'Welcome to Acme', sitemapPriority: 1, sitemapFrequency: 'weekly', excludedFromSearchEngines: false, canonicalUrl: 'https://www.acme.example/', socialImageUrl: 'https://www.acme.example/og.png', day: 2 });
  home.localizations.push(db.newLocalization(fr.id, { pathname: '/', title: 'Acme — Accueil' }));
  publish(home, 4);
  const about = mkPage(s1, '/about', { name: 'About', title: 'About us', sitemapPriority: 0.5, sitemapFrequency: 'monthly', excludedFromSearchEngines: false, day: 3 });
  about.localizations.push(db.newLocalization(fr.id, { pathname: '/a-propos', title: 'À propos' }));
  publish(about, 5);
  mkPage(s1, '/pricing', { name: 'Pricing', title: 'Pricing', day: 6 });
  const blog = mkPage(s1, '/blog', { name: 'Blog', title: null, description: 'News', day: 7 });
  publish(blog, 8);
  db.insertRoute({ siteId: s1.id, pathname: '/docs' });
  db.insertRoute({ siteId: s1.id, pathname: '/changelog' });

  // Workspace A, site 2
  const s2 = db.insertSite({ workspaceId: a.ws.id, name: 'Acme Docs', hostOrigin: null, defaultLocale: 'en', localeManagementMode: 'internal' });
  const d1 = mkPage(s2, '/', { name: 'Docs home', title: 'Docs', day: 9 });
  publish(d1, 10);
  mkPage(s2, '/getting-started', { name: 'Getting started', day: 11 });
  db.insertRoute({ siteId: s2.id, pathname: '/api' });

  // Workspace B
  const s3 = db.insertSite({ workspaceId: b.ws.id, name: 'Globex Store', hostOrigin: 'https://globex.example', defaultLocale: 'en-GB' });
  db.insertLocale({ siteId: s3.id, locale: 'es-ES' });
  const g1 = mkPage(s3, '/', { name: 'Home', title: 'Globex', day: 12 });
  publish(g1, 13);
  mkPage(s3, '/products', { name: 'Products', day: 14 });
  db.insertRoute({ siteId: s3.id, pathname: '/shop' });

  return { apiKey: a.key, workspaceId: a.ws.id, siteApiKey: s1.siteApiKey, otherApiKey: b.key, otherWorkspaceId: b.ws.id };
}
