// The "database": MySQL tables as arrays of rows with snake_case columns, Eloquent's conventions
// (HasUuids -> UUIDv7 ids, timestamps in TIMESTAMP columns with second precision, SoftDeletes on
// sites and site_locales), unique indexes checked as MySQL would (the index includes trashed rows).
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { aiEq, binEq, idEq } from './collation.mjs';

let lastMs = 0, seq = 0;
// Str::uuid7(): 48-bit millisecond time, version 7, a 12-bit counter keeps ids of one ms ordered.
export function uuid7() {
  let ms = Date.now();
  if (ms <= lastMs) { ms = lastMs; seq++; if (seq > 0xfff) { ms++; seq = 0; } } else seq = randomBytes(1)[0] & 0x3f;
  lastMs = ms;
  const r = randomBytes(8);
  const h = ms.toString(16).padStart(12, '0');
  const s = (0x7000 | seq).toString(16);
  const v = ((r[0] & 0x3f) | 0x80).toString(16).padStart(2, '0') + r.subarray(1).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${s}-${v.slice(0, 4)}-${v.slice(4, 16)}`;
}

// TIMESTAMP columns keep whole seconds.
export const now = () => new Date(Math.floor(Date.now() / 1000) * 1000);
// Carbon's toJSON(): 2026-01-01T00:00:00.000000Z
export const carbon = (d) => (d ? d.toISOString().replace(/\.\d{3}Z$/, '.000000Z') : null);

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const strRandom = (n) => Array.from(randomBytes(n), (b) => ALNUM[b % 62]).join('');
const sha256 = (s) => createHash('sha256').update(s).digest('hex');
function crc32b(str) {
  let c, crc = 0xffffffff;
  for (const b of Buffer.from(str)) { c = (crc ^ b) & 0xff; for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1; crc = (crc >>> 8) ^ c; }
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

export class UniqueViolation extends Error { constructor(index) { super(index); this.index = index; } }

export function createDb() {
  const db = { workspaces: [], tokens: [], sites: [], locales: [], pages: [], localizations: [], routes: [] };
  let tokenSeq = 0;

  db.issueToken = (workspaceId, name) => {
    const entropy = strRandom(40);
    const plain = 'sbs_' + entropy + crc32b(entropy); // Sanctum 4: prefix + Str::random(40) + crc32b
    db.tokens.push({ id: ++tokenSeq, workspace_id: workspaceId, name, token: sha256(plain), abilities: ['*'], last_used_at: null });
    return plain;
  };
  // PersonalAccessToken::findToken(): "id|token" or the bare token, compared by SHA-256.
  db.findToken = (presented) => {
    if (!presented.includes('|')) return db.tokens.find((t) => t.token === sha256(presented)) || null;
    const [id, plain] = [presented.slice(0, presented.indexOf('|')), presented.slice(presented.indexOf('|') + 1)];
    const t = db.tokens.find((x) => String(x.id) === id);
    return t && t.token === sha256(plain) ? t : null;
  };

  db.liveSites = () => db.sites.filter((s) => !s.deleted_at);
  db.findSite = (id) => db.sites.find((s) => !s.deleted_at && idEq(s.id, id)) || null;
  db.siteExistsWithTrashed = (id) => db.sites.some((s) => idEq(s.id, id)); // the `exists` rule ignores SoftDeletes
  db.siteLocales = (siteId, withTrashed = false) => db.locales.filter((l) => l.site_id === siteId && (withTrashed || !l.deleted_at));
  db.sitePages = (siteId) => db.pages.filter((p) => p.site_id === siteId);
  db.siteRoutes = (siteId) => db.routes.filter((r) => r.site_id === siteId);
  db.defaultLocale = (site) => db.locales.find((l) => l.id === site.default_locale_id);

  // Unique indexes (MySQL: no partial indexes, so soft-deleted rows still hold their values).
  db.checkLocaleUnique = (siteId, code, exceptId) => {
    if (db.locales.some((l) => l.site_id === siteId && l.id !== exceptId && aiEq(l.locale, code))) throw new UniqueViolation('site_locales_site_id_locale_unique');
  };
  db.checkPageUnique = (siteId, pathname, exceptId) => {
    if (db.pages.some((p) => p.site_id === siteId && p.id !== exceptId && aiEq(p.pathname, pathname))) throw new UniqueViolation('pages_site_id_pathname_unique');
  };
  db.checkRouteUnique = (siteId, pathname, exceptId) => { // routes.pathname is utf8mb4_bin
    if (db.routes.some((r) => r.site_id === siteId && r.id !== exceptId && binEq(r.pathname, pathname))) throw new UniqueViolation('routes_site_id_pathname_unique');
  };

  db.insertSite = ({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'internal', prefix = null }) => {
    const t = now();
    const site = { id: uuid7(), workspace_id: workspaceId, name, host_origin: hostOrigin, public_api_key: randomUUID(), api_key: randomUUID(), default_locale_id: null, locale_management_mode: mode, created_at: t, updated_at: t, deleted_at: null };
    db.sites.push(site);
    const loc = db.insertLocale({ siteId: site.id, locale: defaultLocale, pathPrefix: prefix });
    site.default_locale_id = loc.id;
    return site;
  };
  db.insertLocale = ({ siteId, locale, domain = null, pathPrefix = null }) => {
    db.checkLocaleUnique(siteId, locale);
    const t = now();
    const row = { id: uuid7(), site_id: siteId, locale, domain, path_prefix: pathPrefix, created_at: t, updated_at: t, deleted_at: null };
    db.locales.push(row);
    return row;
  };
  db.insertPage = (siteId, attrs) => {
    db.checkPageUnique(siteId, attrs.pathname);
    const t = now();
    // Page::$attributes mirrors the column defaults so a fresh model serialises like a fetched one.
    const row = { id: uuid7(), site_id: siteId, name: attrs.name, pathname: attrs.pathname, title: null, description: null, canonical_url: null, social_image_url: null, sitemap_priority: 0.5, sitemap_frequency: null, excluded_from_search_engines: false, is_online: false, published_at: null, created_at: t, updated_at: t, ...attrs };
    db.pages.push(row);
    return row;
  };
  db.insertLocalization = (pageId, localeId, pathname, extra = {}) => {
    const row = { id: uuid7(), page_id: pageId, site_locale_id: localeId, pathname, title: null, description: null, ...extra };
    db.localizations.push(row);
    return row;
  };
  db.insertRoute = (siteId, pathname) => {
    db.checkRouteUnique(siteId, pathname);
    const t = now();
    const row = { id: uuid7(), site_id: siteId, pathname, created_at: t, updated_at: t };
    db.routes.push(row);
    return row;
  };
  return db;
}

export function seed(db) {
  const w1 = { id: uuid7(), name: 'Harbour Works' }, w2 = { id: uuid7(), name: 'Quarry Labs' };
  db.workspaces.push(w1, w2);
  const apiKey = db.issueToken(w1.id, 'seed'), otherApiKey = db.issueToken(w2.id, 'seed');

  const s1 = db.insertSite({ workspaceId: w1.id, name: 'Lighthouse Journal', hostOrigin: 'https://lighthouse.example', mode: 'external' });
  const de = db.insertLocale({ siteId: s1.id, locale: 'de-DE', domain: 'https://leuchtturm.example', pathPrefix: 'de' });
  const es = db.insertLocale({ siteId: s1.id, locale: 'es-ES' });
  const it = db.insertLocale({ siteId: s1.id, locale: 'it-IT' });
  it.deleted_at = now();
  const t0 = now();
  db.insertPage(s1.id, { name: 'Home', pathname: '/', title: 'Lighthouse Journal', sitemap_priority: 1, sitemap_frequency: 'daily', is_online: true, published_at: t0 });
  const about = db.insertPage(s1.id, { name: 'About', pathname: '/about', title: 'About us', description: 'Who keeps the light', is_online: true, published_at: t0 });
  db.insertLocalization(about.id, de.id, '/ueber-uns', { title: 'Über uns' });
  db.insertLocalization(about.id, es.id, '/acerca');
  db.insertLocalization(about.id, it.id, '/chi-siamo');
  db.insertPage(s1.id, { name: 'Blog', pathname: '/blog', title: 'Blog', is_online: true, published_at: t0, sitemap_frequency: 'weekly' });
  const post = db.insertPage(s1.id, { name: 'First post', pathname: '/blog/first-post', title: 'Café notes', is_online: true, published_at: t0 });
  db.insertLocalization(post.id, de.id, '/blog/erster-beitrag');
  db.insertPage(s1.id, { name: 'Winter draft', pathname: '/drafts/winter', title: null, excluded_from_search_engines: true });
  db.insertRoute(s1.id, '/api/{resource}');
  db.insertRoute(s1.id, '/feed.xml');

  const s2 = db.insertSite({ workspaceId: w1.id, name: 'Tide Tables', defaultLocale: 'fr-FR', prefix: 'fr' });
  db.insertPage(s2.id, { name: 'Accueil', pathname: '/', is_online: true, published_at: t0 });
  db.insertPage(s2.id, { name: 'Marées', pathname: '/marées', title: 'Marées' });
  db.insertRoute(s2.id, '/status');

  const s3 = db.insertSite({ workspaceId: w2.id, name: 'Granite', defaultLocale: 'en-GB' });
  db.insertPage(s3.id, { name: 'Home', pathname: '/', is_online: true, published_at: t0 });
  db.insertRoute(s3.id, '/health');

  return { apiKey, otherApiKey, workspaceId: w1.id, otherWorkspaceId: w2.id, siteApiKey: s1.api_key, publicApiKey: s1.public_api_key, siteId: s1.id, secondSiteId: s2.id, otherSiteId: s3.id };
}
