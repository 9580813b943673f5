// Seed data (the Worker's `wrangler d1 execute --file seed.sql`): two workspaces, three sites.
import { insertSite } from './sites.mjs';
import { newAppKey, sha256 } from './db.mjs';
import { uuidv7, unixepoch } from '../lib/d1.mjs';

export function seed(db) {
  const ws1 = uuidv7();
  const ws2 = uuidv7();
  db.insert('workspaces', { id: ws1, name: 'Lantern Studio' });
  db.insert('workspaces', { id: ws2, name: 'Quarry Works' });
  const apiKey = newAppKey();
  const otherApiKey = newAppKey();
  db.insert('app_keys', { key_hash: sha256(apiKey), workspace_id: ws1 });
  db.insert('app_keys', { key_hash: sha256(otherApiKey), workspace_id: ws2 });

  const now = unixepoch();
  const page = (site, pathname, extra = {}) => {
    const row = {
      id: uuidv7(), site_id: site.id, name: extra.name || pathname, pathname, title: null, description: null, canonical_url: null,
      social_image_url: null, sitemap_priority: 0.5, sitemap_frequency: 'daily', is_online: true, excluded_from_search_engines: false,
      created_at: now, updated_at: now, published_at: now, ...extra,
    };
    db.insert('pages', row);
    return row;
  };
  const locale = (site, code, extra = {}) => {
    const row = { id: uuidv7(), site_id: site.id, locale: code, domain: null, path_prefix: null, is_default: false, created_at: now, deleted_at: null, ...extra };
    db.insert('site_locales', row);
    return row;
  };
  const localize = (p, l, pathname, title = null) => db.insert('page_localizations', { id: uuidv7(), page_id: p.id, site_locale_id: l.id, pathname, title, description: null });
  const route = (site, pathname) => db.insert('routes', { id: uuidv7(), site_id: site.id, pathname, created_at: now, updated_at: now });

  // Workspace 1, site A: the Site API key's site (locales managed externally, i.e. through this API).
  const { site: a, siteKey } = insertSite(db, { workspaceId: ws1, name: 'Lantern Docs', hostOrigin: 'https://docs.lantern.example', defaultLocale: 'en-US' });
  const fr = locale(a, 'fr-FR', { domain: 'https://fr.lantern.example' });
  const de = locale(a, 'de-DE', { path_prefix: 'de' });
  locale(a, 'it-IT', { deleted_at: now });
  page(a, '/', { name: 'Home', title: 'Lantern Docs' });
  const pricing = page(a, '/pricing', { name: 'Pricing', title: 'Pricing', description: 'Plans and prices' });
  localize(pricing, fr, '/tarifs', 'Tarifs');
  localize(pricing, de, '/preise');
  page(a, '/blog', { name: 'Blog', title: 'Blog' });
  page(a, '/blog/draft-post', { name: 'Draft post', is_online: false, published_at: null });
  route(a, '/api/:version/*');
  route(a, '/feed.xml');

  // Workspace 1, site B: locales managed in the builder ("internal").
  const { site: b } = insertSite(db, { workspaceId: ws1, name: 'Lantern Shop', defaultLocale: 'de-DE', mode: 'internal' });
  locale(b, 'en-GB');
  page(b, '/', { name: 'Start' });
  page(b, '/produkte', { name: 'Produkte', is_online: false, published_at: null });

  // Workspace 2.
  const { site: c } = insertSite(db, { workspaceId: ws2, name: 'Quarry Blog', hostOrigin: 'https://quarry.example', defaultLocale: 'en-GB' });
  page(c, '/', { name: 'Home' });
  page(c, '/posts', { name: 'Posts' });
  route(c, '/status');

  return { apiKey, workspaceId: ws1, siteApiKey: siteKey, otherApiKey, publicApiKey: a.public_api_key, otherWorkspaceId: ws2, siteId: a.id, internalSiteId: b.id, otherSiteId: c.id };
}
