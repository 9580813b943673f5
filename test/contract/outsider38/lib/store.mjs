// In-memory stand-in for the EF Core / PostgreSQL model.
import { randomBytes, randomUUID } from 'node:crypto';

// Npgsql EF Core 9 generates sequential UUIDv7 keys client-side.
let lastMs = 0, seq = 0;
export function uuid7() {
  let ms = Date.now();
  if (ms <= lastMs) { ms = lastMs; seq++; if (seq > 0xfff) { ms = ++lastMs; seq = 0; } }
  else { lastMs = ms; seq = randomBytes(2).readUInt16BE(0) & 0x7ff; }
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (seq >> 8); b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// timestamptz keeps microseconds; System.Text.Json writes DateTime(Utc) with up to
// 7 fraction digits, trailing zeros trimmed, 'Z' suffix.
let lastUs = 0;
export function nowUs() {
  let us = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  if (us <= lastUs) us = lastUs + 1;
  lastUs = us;
  return us;
}
export function formatUs(us) {
  if (us === null || us === undefined) return null;
  const ms = Math.floor(us / 1000);
  const base = new Date(ms).toISOString().slice(0, 19);
  let frac = String(us % 1000000).padStart(6, '0') + '0';
  frac = frac.replace(/0+$/, '');
  return base + (frac ? '.' + frac : '') + 'Z';
}
const parseIso = (s) => Date.parse(s.slice(0, 19) + 'Z') * 1000 + Number(((/\.(\d+)/.exec(s) || [])[1] || '0').slice(0, 6).padEnd(6, '0'));

export const db = {
  workspaces: new Map(), appKeys: new Map(), sites: new Map(), siteKeys: new Map(),
  locales: new Map(), pages: new Map(), routes: new Map(),
};

export function newAppKey() { return 'sk_' + randomBytes(32).toString('base64url').slice(0, 43); }

export function addSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', localeManagementMode = 'external' }) {
  const site = {
    id: uuid7(), workspaceId, name, hostOrigin, publicApiKey: randomUUID(), defaultLocalePathPrefix: null,
    localeManagementMode, createdAt: nowUs(), locales: new Map(), pages: new Map(), routes: new Map(),
  };
  db.sites.set(site.id, site); db.siteKeys.set(site.publicApiKey, site.id);
  addLocale(site, { code: defaultLocale, isDefault: true });
  return site;
}
export function removeSite(site) {
  for (const id of site.locales.keys()) db.locales.delete(id);
  for (const id of site.pages.keys()) db.pages.delete(id);
  for (const id of site.routes.keys()) db.routes.delete(id);
  db.siteKeys.delete(site.publicApiKey); db.sites.delete(site.id);
}
export function addLocale(site, { code, domain = null, isDefault = false }) {
  const l = { id: uuid7(), siteId: site.id, code, domain, pathPrefix: null, isDefault, deletedAt: null };
  site.locales.set(l.id, l); db.locales.set(l.id, l);
  return l;
}
export function addPage(site, { name, pathname, ...rest }) {
  const t = nowUs();
  const p = {
    id: uuid7(), siteId: site.id, name, pathname, canonicalUrl: null, title: null, description: null,
    socialImageUrl: null, sitemapPriority: 0.5, sitemapFrequency: null, createdAt: t, updatedAt: t,
    publishedAt: null, isOnline: false, excludedFromSearchEngines: false, localizations: [], ...rest,
  };
  site.pages.set(p.id, p); db.pages.set(p.id, p);
  return p;
}
export function addRoute(site, pathname) {
  const r = { id: uuid7(), siteId: site.id, pathname, createdAt: nowUs() };
  site.routes.set(r.id, r); db.routes.set(r.id, r);
  return r;
}
export const activeLocales = (site) => [...site.locales.values()].filter((l) => !l.deletedAt);
export const defaultLocale = (site) => activeLocales(site).find((l) => l.isDefault);
export const ciEq = (a, b) => a.toLowerCase() === b.toLowerCase(); // citext comparison

export function seed() {
  const wsA = { id: uuid7(), name: 'Workspace A' }, wsB = { id: uuid7(), name: 'Workspace B' };
  db.workspaces.set(wsA.id, wsA); db.workspaces.set(wsB.id, wsB);
  const apiKey = newAppKey(), otherApiKey = newAppKey();
  db.appKeys.set(apiKey, wsA.id); db.appKeys.set(otherApiKey, wsB.id);

  const a = addSite({ workspaceId: wsA.id, name: 'Acme Marketing', hostOrigin: 'https://www.acme.example', localeManagementMode: 'internal' });
  const fr = addLocale(a, { code: 'fr-FR', domain: 'https://fr.acme.example' });
  addLocale(a, { code: 'de', domain: null });
  const gone = addLocale(a, { code: 'it-IT' }); gone.deletedAt = nowUs();
  const at = (s) => parseIso(s);
  const pub = { isOnline: true, excludedFromSearchEngines: false };
  const home = addPage(a, { name: 'Home', pathname: '/', title: 'Acme — Home', description: 'Welcome to Acme', sitemapPriority: 1, sitemapFrequency: 'daily',
    canonicalUrl: 'https://www.acme.example/', socialImageUrl: 'https://cdn.acme.example/og/home.png',
    createdAt: at('2024-01-15T09:30:12.345678Z'), updatedAt: at('2024-06-01T11:00:00.5Z'), publishedAt: at('2024-06-01T11:05:00Z'), ...pub });
  home.localizations.push({ id: uuid7(), localeId: fr.id, pathname: '/accueil' });
  const about = addPage(a, { name: 'About', pathname: '/about', title: 'About us', sitemapPriority: 0.8, sitemapFrequency: 'monthly',
    createdAt: at('2024-01-16T10:00:00.1234Z'), updatedAt: at('2024-02-01T08:00:00Z'), publishedAt: at('2024-02-01T08:01:00Z'), ...pub });
  about.localizations.push({ id: uuid7(), localeId: fr.id, pathname: '/a-propos' });
  addPage(a, { name: 'Blog', pathname: '/blog', title: 'Blog', description: 'News and articles',
    createdAt: at('2024-02-10T12:00:00Z'), updatedAt: at('2024-03-10T12:00:00.000001Z'), publishedAt: at('2024-03-10T12:30:00Z'), ...pub });
  const post = addPage(a, { name: 'Hello world', pathname: '/blog/hello-world', title: 'Hello, world', sitemapFrequency: 'never',
    createdAt: at('2024-03-01T07:45:00.75Z'), updatedAt: at('2024-03-02T07:45:00Z'), publishedAt: at('2024-03-02T08:00:00Z'), ...pub });
  post.localizations.push({ id: uuid7(), localeId: fr.id, pathname: '/blog/bonjour-le-monde' });
  addPage(a, { name: 'Pricing (draft)', pathname: '/pricing', title: null, sitemapPriority: null, excludedFromSearchEngines: null,
    createdAt: at('2024-04-04T04:04:04.040404Z'), updatedAt: at('2024-04-05T04:04:04Z') });
  addRoute(a, '/docs');
  addRoute(a, '/shop/[slug]');

  const a2 = addSite({ workspaceId: wsA.id, name: 'Acme Docs', defaultLocale: 'en' });
  addPage(a2, { name: 'Docs home', pathname: '/', isOnline: true, publishedAt: at('2024-05-05T05:05:05Z') });

  const b = addSite({ workspaceId: wsB.id, name: 'Beta Corp', hostOrigin: 'https://beta.example', defaultLocale: 'es-419' });
  const bp = addPage(b, { name: 'Inicio', pathname: '/', isOnline: true, publishedAt: at('2024-05-06T05:05:05Z') });
  addRoute(b, '/tienda');
  void bp;
  return { apiKey, otherApiKey, workspaceId: wsA.id, siteApiKey: a.publicApiKey, siteA: a, siteB: b };
}
