// outsider2 — independent in-memory implementation of the Site-Building Service REST API.
// Plain Node 20 ESM, node: built-ins only. See CHOICES.md for every free choice.
import http from 'node:http';
import { randomUUID, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------- constants
const MAX_BODY = 64 * 1024;
const BODY_TIMEOUT_MS = 10_000;
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const LOCALE_RE = /^[a-z]{2}(-[A-Z]{2})?$/;
const PAGE_PATH_RE = /^\/([A-Za-z0-9\-_.~]+(\/[A-Za-z0-9\-_.~]+)*)?$/;
const ROUTE_PATH_RE = /^\/([A-Za-z0-9\-_.~:*[\]]+(\/[A-Za-z0-9\-_.~:*[\]]+)*)?$/;
const SITE_NAME_MAX = 60;
const PAGE_NAME_MAX = 100;
const PATH_MAX = 200;
const SKIP_PATH_MAX = 1024;
const URL_MAX = 512;
const MAX_LOCALES = 10; // active locales per site, default included
const FREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

// ---------------------------------------------------------------- errors
class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status; this.code = code; this.details = details;
  }
}
const notFound = (m) => new ApiError(404, 'not_found', m);
const forbidden = (m) => new ApiError(403, 'forbidden', m);
const conflict = (m) => new ApiError(409, 'conflict', m);
function badRequest(problems) {
  // problems: Map field -> message (first problem per field wins); details sorted by field name
  const fields = [...problems.keys()].sort();
  const details = fields.map((f) => ({ field: f, message: problems.get(f) }));
  return new ApiError(400, 'bad_request',
    `Validation failed for ${details.length} field${details.length === 1 ? '' : 's'}: ${fields.join(', ')}`, details);
}
const bad1 = (field, message) => badRequest(new Map([[field, message]]));

class Problems {
  constructor() { this.map = new Map(); }
  add(field, msg) { if (!this.map.has(field)) this.map.set(field, msg); }
  get size() { return this.map.size; }
  throwIfAny() { if (this.map.size) throw badRequest(this.map); }
}

// ---------------------------------------------------------------- clock (microsecond precision, strictly increasing)
let lastMicros = 0n;
function nowStamp() {
  let m = BigInt(Date.now()) * 1000n;
  if (m <= lastMicros) m = lastMicros + 1n;
  lastMicros = m;
  return microsToIso(m);
}
function microsToIso(m) {
  const ms = Number(m / 1000n);
  const micro = Number(m % 1000000n);
  const base = new Date(ms).toISOString().slice(0, 19);
  return `${base}.${String(micro).padStart(6, '0')}Z`;
}
const stampAt = (iso) => microsToIso(BigInt(Date.parse(iso)) * 1000n);

// ---------------------------------------------------------------- store
function newAppKey() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(40);
  let s = 'sk_';
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return s;
}

function createStore() {
  const st = {
    workspaces: new Map(), // id -> {id, name}
    appKeys: new Map(), // key -> workspaceId
    siteKeys: new Map(), // key -> siteId
    sites: new Map(), // id -> site
    tombstones: new Map(), // deleted site id -> workspaceId
    locales: new Map(), // id -> {id, siteId, code, domain, deletedAt, seq}
    pages: new Map(), // id -> page
    routes: new Map(), // id -> route
    seq: 0,
  };
  return st;
}

function addSite(st, { workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'internal' }) {
  const site = {
    id: randomUUID(), workspaceId, name, hostOrigin, defaultLocale,
    publicApiKey: randomUUID(), siteApiKey: randomUUID(),
    localeManagementMode: mode, seq: ++st.seq,
  };
  st.sites.set(site.id, site);
  st.siteKeys.set(site.siteApiKey, site.id);
  return site;
}
function addLocale(st, siteId, code, domain = null) {
  const loc = { id: randomUUID(), siteId, code, domain, deletedAt: null, seq: ++st.seq };
  st.locales.set(loc.id, loc);
  return loc;
}
function addPage(st, siteId, f) {
  const created = f.createdAt || nowStamp();
  const page = {
    id: randomUUID(), siteId, name: f.name, pathname: f.pathname,
    title: f.title === undefined ? f.name : f.title,
    description: f.description ?? null, canonicalUrl: f.canonicalUrl ?? null,
    socialImageUrl: f.socialImageUrl ?? null,
    sitemapPriority: f.sitemapPriority ?? null, sitemapFrequency: f.sitemapFrequency ?? null,
    excludedFromSearchEngines: f.excludedFromSearchEngines ?? null,
    isOnline: f.isOnline ?? true,
    createdAt: created, updatedAt: f.updatedAt || created,
    publishedAt: f.publishedAt !== undefined ? f.publishedAt : ((f.isOnline ?? true) ? created : null),
    localizations: [], seq: ++st.seq,
  };
  st.pages.set(page.id, page);
  return page;
}
function addLocalization(page, loc, pathname, extra = {}) {
  page.localizations.push({ id: randomUUID(), localeId: loc.id, pathname, title: extra.title ?? null, description: extra.description ?? null });
}
function addRoute(st, siteId, pathname) {
  const r = { id: randomUUID(), siteId, pathname, seq: ++st.seq };
  st.routes.set(r.id, r);
  return r;
}

function seed(st) {
  const ws1 = { id: randomUUID(), name: 'Northwind' };
  const ws2 = { id: randomUUID(), name: 'Globex' };
  st.workspaces.set(ws1.id, ws1); st.workspaces.set(ws2.id, ws2);
  const apiKey = newAppKey(); const otherApiKey = newAppKey();
  st.appKeys.set(apiKey, ws1.id); st.appKeys.set(otherApiKey, ws2.id);

  const blog = addSite(st, { workspaceId: ws1.id, name: 'Northwind Blog', hostOrigin: 'https://blog.northwind.example', defaultLocale: 'en-GB', mode: 'external' });
  const es = addLocale(st, blog.id, 'es-ES', 'https://es.northwind.example');
  const pt = addLocale(st, blog.id, 'pt-BR');
  const it = addLocale(st, blog.id, 'it-IT');
  it.deletedAt = stampAt('2026-03-01T08:00:00Z');
  addPage(st, blog.id, { name: 'Home', pathname: '/', title: 'Northwind Blog', description: 'Stories from the north', createdAt: stampAt('2026-01-05T10:00:00Z'), sitemapPriority: 1, sitemapFrequency: 'daily', excludedFromSearchEngines: false });
  const posts = addPage(st, blog.id, { name: 'Posts', pathname: '/posts', title: 'All posts', createdAt: stampAt('2026-01-06T10:00:00Z') });
  addLocalization(posts, es, '/articulos', { title: 'Artículos' });
  const hello = addPage(st, blog.id, { name: 'Hello world', pathname: '/posts/hello-world', title: 'Hello, world', description: 'The first post', createdAt: stampAt('2026-01-07T10:00:00Z'), updatedAt: stampAt('2026-02-01T09:30:00Z'), canonicalUrl: 'https://blog.northwind.example/posts/hello-world', socialImageUrl: 'https://cdn.northwind.example/hello.png', sitemapPriority: 0.8, sitemapFrequency: 'monthly' });
  addLocalization(hello, es, '/articulos/hola-mundo', { title: 'Hola, mundo' });
  addLocalization(hello, pt, '/artigos/ola-mundo');
  addPage(st, blog.id, { name: 'Launch draft', pathname: '/drafts/launch', title: null, createdAt: stampAt('2026-02-10T10:00:00Z'), isOnline: false, publishedAt: null });
  addPage(st, blog.id, { name: 'Legacy', pathname: '/legacy', title: 'Old home', createdAt: stampAt('2026-01-02T10:00:00Z'), isOnline: false, publishedAt: stampAt('2026-01-03T10:00:00Z'), excludedFromSearchEngines: true, sitemapFrequency: 'never', sitemapPriority: 0 });
  addRoute(st, blog.id, '/api/feed.xml');
  addRoute(st, blog.id, '/go/[slug]');

  const store = addSite(st, { workspaceId: ws1.id, name: 'Northwind Store', defaultLocale: 'fr', mode: 'internal' });
  addLocale(st, store.id, 'de');
  const enCa = addLocale(st, store.id, 'en-CA', 'https://store.northwind.example');
  addPage(st, store.id, { name: 'Accueil', pathname: '/', title: 'Boutique Northwind', createdAt: stampAt('2026-01-10T10:00:00Z') });
  const shop = addPage(st, store.id, { name: 'Boutique', pathname: '/boutique', title: 'Nos produits', createdAt: stampAt('2026-01-11T10:00:00Z') });
  addLocalization(shop, enCa, '/shop', { title: 'Our products' });
  addPage(st, store.id, { name: 'Contact', pathname: '/contact', title: null, createdAt: stampAt('2026-01-12T10:00:00Z') });
  addRoute(st, store.id, '/checkout');

  const globex = addSite(st, { workspaceId: ws2.id, name: 'Globex Portal', hostOrigin: 'https://globex.example', defaultLocale: 'ja-JP', mode: 'external' });
  addLocale(st, globex.id, 'ko-KR');
  addPage(st, globex.id, { name: 'Top', pathname: '/', title: 'Globex', createdAt: stampAt('2026-01-15T10:00:00Z') });
  addPage(st, globex.id, { name: 'Pricing', pathname: '/pricing', title: 'Pricing', createdAt: stampAt('2026-01-16T10:00:00Z') });
  addRoute(st, globex.id, '/status');

  return { apiKey, otherApiKey, workspaceId: ws1.id, siteApiKey: store.siteApiKey };
}

// ---------------------------------------------------------------- serialisers
function siteView(s) {
  return {
    object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
    defaultLocale: s.defaultLocale, defaultLocalePathPrefix: '', localeManagementMode: s.localeManagementMode,
  };
}
function defaultLocaleView(site) {
  return { object: 'locale', id: null, locale: site.defaultLocale, domain: null, pathPrefix: '', isDefault: true };
}
function localeView(l) {
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: false };
}
function routeView(r) { return { object: 'route', id: r.id, pathname: r.pathname }; }

function pageView(st, page, localeRec /* active non-default locale or null */) {
  const site = st.sites.get(page.siteId);
  let pathname = page.pathname, title = page.title, description = page.description, locale = site.defaultLocale;
  if (localeRec) {
    const lz = page.localizations.find((z) => z.localeId === localeRec.id);
    if (lz) {
      pathname = lz.pathname; locale = localeRec.code;
      if (lz.title !== null) title = lz.title;
      if (lz.description !== null) description = lz.description;
    }
  }
  const localizations = [];
  for (const z of page.localizations) {
    const l = st.locales.get(z.localeId);
    if (!l || l.deletedAt) continue;
    localizations.push({ id: z.id, locale: l.code, pathname: z.pathname });
  }
  return {
    object: 'page', id: page.id, pathname, canonicalUrl: page.canonicalUrl, title, description,
    socialImageUrl: page.socialImageUrl, sitemapPriority: page.sitemapPriority, sitemapFrequency: page.sitemapFrequency,
    createdAt: page.createdAt, updatedAt: page.updatedAt, publishedAt: page.publishedAt, isOnline: page.isOnline,
    excludedFromSearchEngines: page.excludedFromSearchEngines, locale, localizations,
  };
}

function paginate(items, limit, startingAfter) {
  let start = 0;
  if (startingAfter !== undefined) {
    const idx = items.findIndex((x) => x.id !== null && x.id === startingAfter);
    if (idx < 0) throw bad1('startingAfter', 'does not refer to an item of this list (with these filters)');
    start = idx + 1;
  }
  const data = items.slice(start, start + limit);
  return { object: 'list', data, hasMore: start + limit < items.length };
}

// ---------------------------------------------------------------- validation helpers
function isUuid(v) { return typeof v === 'string' && UUID_RE.test(v); }

function checkUrlOrigin(v) {
  // returns [error, normalised]
  if (typeof v !== 'string') return ['must be a string'];
  if (v.length === 0) return ['must not be empty'];
  if (v.length > URL_MAX) return [`must be at most ${URL_MAX} characters`];
  if (!/^[\x21-\x7e]+$/.test(v)) return ['must be an ASCII URI without spaces'];
  let u;
  try { u = new URL(v); } catch { return ['must be an absolute URI']; }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return ['must use the http or https scheme'];
  if (u.username || u.password) return ['must not contain credentials'];
  if (u.pathname !== '/' || v.includes('?') || v.includes('#')) return ['must be an origin (scheme://host[:port]) without path, query or fragment'];
  if (!u.hostname.includes('.') && u.hostname !== 'localhost' && !u.hostname.startsWith('[')) return ['host must be a fully qualified domain name, an IP address or localhost'];
  return [null, u.origin];
}
function checkLocaleCode(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (!LOCALE_RE.test(v)) return 'must be a locale code: two lower-case letters, optionally "-" and two upper-case letters (e.g. "en" or "en-US")';
  return null;
}
function checkSiteName(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (v.length < 1) return 'must not be empty';
  if (v.length > SITE_NAME_MAX) return `must be at most ${SITE_NAME_MAX} characters`;
  if (v.trim() !== v) return 'must not start or end with whitespace';
  if (/[\x00-\x1f\x7f]/.test(v)) return 'must not contain control characters';
  return null;
}
function checkPageName(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (v.length < 1) return 'must be at least 1 character';
  if (v.length > PAGE_NAME_MAX) return `must be at most ${PAGE_NAME_MAX} characters`;
  if (v.trim() === '') return 'must contain a non-whitespace character';
  return null;
}
function checkPagePath(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (!v.startsWith('/')) return 'must start with "/"';
  if (v.length > PATH_MAX) return `must be at most ${PATH_MAX} characters`;
  if (v.length > 1 && v.endsWith('/')) return 'must not end with "/" (except the root "/")';
  if (v.includes('//')) return 'must not contain empty segments ("//")';
  if (!PAGE_PATH_RE.test(v)) return 'may contain only A-Z a-z 0-9 - _ . ~ and "/" separators';
  if (v.split('/').some((s) => s === '.' || s === '..')) return 'must not contain "." or ".." segments';
  return null;
}
function checkRoutePath(v, skip) {
  if (typeof v !== 'string') return 'must be a string';
  if (!v.startsWith('/')) return 'must start with "/"';
  if (skip) {
    if (v.length > SKIP_PATH_MAX) return `must be at most ${SKIP_PATH_MAX} characters`;
    if (/[\x00-\x20\x7f]/.test(v)) return 'must not contain whitespace or control characters';
    return null;
  }
  if (v.length > PATH_MAX) return `must be at most ${PATH_MAX} characters`;
  if (v.length > 1 && v.endsWith('/')) return 'must not end with "/" (except the root "/")';
  if (v.includes('//')) return 'must not contain empty segments ("//")';
  if (!ROUTE_PATH_RE.test(v)) return 'may contain only A-Z a-z 0-9 - _ . ~ : * [ ] and "/" separators';
  if (v.split('/').some((s) => s === '.' || s === '..')) return 'must not contain "." or ".." segments';
  return null;
}

// query parameter schemas
const Q = {
  uuid: (v) => (UUID_RE.test(v) ? [null, v.toLowerCase()] : ['must be a UUID']),
  limit: (v) => {
    if (!/^\d+(\.0+)?$/.test(v)) return ['must be an integer between 1 and 100'];
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 100) return ['must be an integer between 1 and 100'];
    return [null, n];
  },
  enumOf: (...vals) => (v) => (vals.includes(v) ? [null, v] : [`must be one of: ${vals.join(', ')}`]),
  str: (v) => [null, v],
  prefix: (v) => (v.startsWith('/') ? (v.length > PATH_MAX ? [`must be at most ${PATH_MAX} characters`] : [null, v]) : ['must start with "/"']),
};

function parseQuery(rawQuery, spec) {
  const p = new Problems();
  const out = {};
  const seen = new Set();
  if (rawQuery) {
    for (const part of rawQuery.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      let k, v;
      try {
        k = decodeURIComponent((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
        v = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
      } catch {
        p.add('query', 'contains malformed percent-encoding');
        continue;
      }
      if (!Object.hasOwn(spec, k)) { p.add(k, 'is not a supported query parameter for this operation'); continue; }
      if (seen.has(k)) { p.add(k, 'must not be repeated'); continue; }
      seen.add(k);
      if (v === '') { p.add(k, 'must not be empty'); continue; }
      const [err, val] = spec[k].check(v);
      if (err) p.add(k, err); else out[k] = val;
    }
  }
  for (const [k, s] of Object.entries(spec)) {
    if (s.required && !seen.has(k)) p.add(k, 'is required');
    if (out[k] === undefined && s.def !== undefined && !p.map.has(k)) out[k] = s.def;
  }
  p.throwIfAny();
  return out;
}

// ---------------------------------------------------------------- lookups and permissions
function canRead(pr, site) {
  if (pr.kind === 'app') return site.workspaceId === pr.workspaceId;
  if (pr.kind === 'site') return site.id === pr.siteId;
  return false;
}
function getSiteFor(st, pr, siteId, { write = false } = {}) {
  const site = st.sites.get(siteId);
  if (!site) throw notFound(`Site ${siteId} not found`);
  if (!canRead(pr, site)) throw forbidden('This API key has no access to this site');
  if (write && pr.kind !== 'app') throw forbidden('Site API keys are read-only');
  return site;
}
// siteId needed to resolve a code/pathname: explicit query, else the Site API key's own site
function contextSiteId(pr, q, paramName) {
  if (q.siteId) return q.siteId;
  if (pr.kind === 'site') return pr.siteId;
  throw bad1('siteId', `is required when ${paramName} is not an ID`);
}

function activeLocales(st, siteId) {
  return [...st.locales.values()].filter((l) => l.siteId === siteId && !l.deletedAt).sort((a, b) => a.seq - b.seq);
}
function findLocaleByCode(st, siteId, code, { deleted = false } = {}) {
  return [...st.locales.values()].find((l) => l.siteId === siteId && l.code === code && (deleted ? true : !l.deletedAt));
}

// resolves /v2/locales/{idOrCode}; returns {site, loc} where loc null means the (virtual) default locale
function resolveLocale(st, pr, idOrCode, q, { includeDeleted = false } = {}) {
  if (UUID_RE.test(idOrCode)) {
    const loc = st.locales.get(idOrCode.toLowerCase());
    if (!loc || (loc.deletedAt && !includeDeleted) || !st.sites.has(loc.siteId)) throw notFound(`Locale ${idOrCode} not found`);
    const site = getSiteFor(st, pr, loc.siteId);
    return { site, loc };
  }
  const err = checkLocaleCode(idOrCode);
  if (err) throw bad1('localeIdOrCode', `must be a locale ID (UUID) or ${err.replace('must be ', '')}`);
  const siteId = contextSiteId(pr, q, 'localeIdOrCode');
  const site = getSiteFor(st, pr, siteId);
  if (site.defaultLocale === idOrCode) return { site, loc: null };
  const loc = findLocaleByCode(st, site.id, idOrCode, { deleted: includeDeleted });
  if (!loc) throw notFound(`Locale ${idOrCode} not found in site ${site.id}`);
  return { site, loc };
}

function pathKey(p) { return p.toLowerCase(); }
// pathnames (pages, their localizations and routes) share one case-insensitive namespace per site
function pathTaken(st, siteId, pathname, { exceptPage, exceptRoute } = {}) {
  const k = pathKey(pathname);
  for (const pg of st.pages.values()) {
    if (pg.siteId !== siteId) continue;
    if (pg.id !== exceptPage && pathKey(pg.pathname) === k) return true;
    for (const z of pg.localizations) if (pathKey(z.pathname) === k) return true;
  }
  for (const r of st.routes.values()) {
    if (r.siteId === siteId && r.id !== exceptRoute && pathKey(r.pathname) === k) return true;
  }
  return false;
}

function restToIdOrPath(rest, paramName) {
  // rest: the already-decoded remaining segments after the collection
  if (rest.length === 1 && UUID_RE.test(rest[0])) return { id: rest[0].toLowerCase() };
  let p = rest.join('/');
  if (!p.startsWith('/')) p = '/' + p;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (p.length > SKIP_PATH_MAX) throw bad1(paramName, 'is too long');
  return { pathname: p };
}

function resolvePage(st, pr, rest, q) {
  const r = restToIdOrPath(rest, 'pageIdOrPathname');
  if (r.id) {
    const pg = st.pages.get(r.id);
    if (!pg || !st.sites.has(pg.siteId)) throw notFound(`Page ${r.id} not found`);
    const site = getSiteFor(st, pr, pg.siteId);
    return { site, page: pg };
  }
  const siteId = contextSiteId(pr, q, 'pageIdOrPathname');
  const site = getSiteFor(st, pr, siteId);
  const k = pathKey(r.pathname);
  const pg = [...st.pages.values()].find((x) => x.siteId === site.id && pathKey(x.pathname) === k);
  if (!pg) throw notFound(`No page with pathname ${r.pathname} in site ${site.id}`);
  return { site, page: pg };
}
function resolveRoute(st, pr, rest, q) {
  const r = restToIdOrPath(rest, 'routeIdOrPathname');
  if (r.id) {
    const rt = st.routes.get(r.id);
    if (!rt || !st.sites.has(rt.siteId)) throw notFound(`Route ${r.id} not found`);
    return { site: getSiteFor(st, pr, rt.siteId), route: rt };
  }
  const siteId = contextSiteId(pr, q, 'routeIdOrPathname');
  const site = getSiteFor(st, pr, siteId);
  const k = pathKey(r.pathname);
  const rt = [...st.routes.values()].find((x) => x.siteId === site.id && pathKey(x.pathname) === k);
  if (!rt) throw notFound(`No route with pathname ${r.pathname} in site ${site.id}`);
  return { site, route: rt };
}

// locale param of page reads: code (active, any incl. default) or site-locale UUID; returns locale record or null (default)
function pageLocaleParam(st, site, v, allowId) {
  if (allowId && UUID_RE.test(v)) {
    const l = st.locales.get(v.toLowerCase());
    if (!l || l.deletedAt || l.siteId !== site.id) throw bad1('locale', 'is not an active locale of this site');
    return l;
  }
  if (v === site.defaultLocale) return null;
  const l = findLocaleByCode(st, site.id, v);
  if (!l) throw bad1('locale', `is not an active locale code of this site (${allowId ? 'code or site-locale ID' : 'code'} expected)`);
  return l;
}

function markExternal(site) { site.localeManagementMode = 'external'; }

// ---------------------------------------------------------------- body helpers
function bodyObject(body) {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bad1('body', 'must be a JSON object');
  return body;
}
function has(o, k) { return Object.hasOwn(o, k); }

// ---------------------------------------------------------------- handlers
const LIMIT = { check: Q.limit, def: 20 };
const AFTER = { check: Q.uuid };

const handlers = {
  // ------------------------------ sites
  listSites: { query: { workspaceId: { check: Q.uuid, required: true }, limit: LIMIT, startingAfter: AFTER },
    run(st, pr, { q }) {
      if (pr.kind === 'app' && q.workspaceId !== pr.workspaceId) throw forbidden('This API key has no access to this workspace');
      let sites = [...st.sites.values()].filter((s) => s.workspaceId === q.workspaceId);
      if (pr.kind === 'site') {
        const own = st.sites.get(pr.siteId);
        const wsId = own ? own.workspaceId : pr.workspaceId;
        if (q.workspaceId !== wsId) throw forbidden('This API key has no access to this workspace');
        sites = sites.filter((s) => s.id === pr.siteId);
      }
      sites.sort((a, b) => cmpStr(a.name.toLowerCase(), b.name.toLowerCase()) || cmpStr(a.id, b.id));
      const res = paginate(sites, q.limit, q.startingAfter);
      res.data = res.data.map(siteView);
      return [200, res];
    } },
  createSite: { query: {}, write: true,
    run(st, pr, { body }) {
      const b = bodyObject(body);
      const p = new Problems();
      if (!has(b, 'workspaceId')) p.add('workspaceId', 'is required');
      else if (!isUuid(b.workspaceId)) p.add('workspaceId', 'must be a UUID');
      if (!p.size && b.workspaceId.toLowerCase() !== pr.workspaceId) throw forbidden('This API key has no access to this workspace');
      if (!has(b, 'name')) p.add('name', 'is required');
      else { const e = checkSiteName(b.name); if (e) p.add('name', e); }
      let hostOrigin = null;
      if (has(b, 'hostOrigin') && b.hostOrigin !== null) {
        const [e, norm] = checkUrlOrigin(b.hostOrigin);
        if (e) p.add('hostOrigin', e); else hostOrigin = norm;
      }
      let defaultLocale = 'en-US';
      if (has(b, 'defaultLocale')) { const e = checkLocaleCode(b.defaultLocale); if (e) p.add('defaultLocale', e); else defaultLocale = b.defaultLocale; }
      p.throwIfAny();
      assertSiteNameFree(st, pr.workspaceId, b.name);
      const site = addSite(st, { workspaceId: pr.workspaceId, name: b.name, hostOrigin, defaultLocale, mode: 'internal' });
      return [201, siteView(site)];
    } },
  getSite: { query: {},
    run(st, pr, { params }) { return [200, siteView(getSiteFor(st, pr, params.siteId))]; } },
  updateSite: { query: {}, write: true,
    run(st, pr, { params, body }) {
      const site = getSiteFor(st, pr, params.siteId, { write: true });
      const b = bodyObject(body);
      const p = new Problems();
      if (has(b, 'name')) { const e = checkSiteName(b.name); if (e) p.add('name', e); }
      let hostOrigin;
      if (has(b, 'hostOrigin')) {
        if (b.hostOrigin === null) hostOrigin = null;
        else { const [e, norm] = checkUrlOrigin(b.hostOrigin); if (e) p.add('hostOrigin', e); else hostOrigin = norm; }
      }
      if (has(b, 'defaultLocale')) p.add('defaultLocale', 'is not accepted when updating a site');
      p.throwIfAny();
      if (has(b, 'name') && b.name !== site.name) assertSiteNameFree(st, site.workspaceId, b.name, site.id);
      if (has(b, 'name')) site.name = b.name;
      if (hostOrigin !== undefined) site.hostOrigin = hostOrigin;
      return [200, siteView(site)];
    } },
  deleteSite: { query: {}, write: true,
    run(st, pr, { params }) {
      const tomb = st.tombstones.get(params.siteId);
      if (tomb !== undefined && !st.sites.has(params.siteId)) {
        if (pr.kind === 'app' && tomb === pr.workspaceId) return [204, null];
        throw notFound(`Site ${params.siteId} not found`);
      }
      const site = getSiteFor(st, pr, params.siteId, { write: true });
      st.sites.delete(site.id);
      st.tombstones.set(site.id, site.workspaceId);
      for (const m of [st.locales, st.pages, st.routes]) for (const [id, x] of m) if (x.siteId === site.id) m.delete(id);
      return [204, null];
    } },
  duplicateSite: { query: {}, write: true,
    run(st, pr, { params, body }) {
      const src = getSiteFor(st, pr, params.siteId, { write: true });
      const b = bodyObject(body);
      const p = new Problems();
      if (!has(b, 'name')) p.add('name', 'is required');
      else { const e = checkSiteName(b.name); if (e) p.add('name', e); }
      p.throwIfAny();
      assertSiteNameFree(st, src.workspaceId, b.name);
      const copy = addSite(st, { workspaceId: src.workspaceId, name: b.name, hostOrigin: src.hostOrigin, defaultLocale: src.defaultLocale, mode: src.localeManagementMode });
      const locMap = new Map();
      for (const l of [...st.locales.values()].filter((x) => x.siteId === src.id).sort((a, b2) => a.seq - b2.seq)) {
        const nl = addLocale(st, copy.id, l.code, l.domain);
        nl.deletedAt = l.deletedAt;
        locMap.set(l.id, nl);
      }
      const stamp = nowStamp();
      for (const pg of [...st.pages.values()].filter((x) => x.siteId === src.id).sort((a, b2) => a.seq - b2.seq)) {
        const np = addPage(st, copy.id, { ...pg, createdAt: stamp, updatedAt: stamp, isOnline: false, publishedAt: null });
        for (const z of pg.localizations) {
          const nl = locMap.get(z.localeId);
          if (nl) addLocalization(np, nl, z.pathname, z);
        }
      }
      for (const r of [...st.routes.values()].filter((x) => x.siteId === src.id).sort((a, b2) => a.seq - b2.seq)) addRoute(st, copy.id, r.pathname);
      return [201, siteView(copy)];
    } },
  sitePagesAlias: { query: { limit: LIMIT, startingAfter: AFTER },
    run(st, pr, { params, q }) {
      const site = getSiteFor(st, pr, params.siteId);
      const pages = [...st.pages.values()].filter((x) => x.siteId === site.id)
        .sort((a, b) => cmpStr(a.createdAt, b.createdAt) || cmpStr(a.id, b.id));
      const res = paginate(pages, q.limit, q.startingAfter);
      res.data = res.data.map((x) => pageView(st, x, null));
      return [200, res];
    } },

  // ------------------------------ locales
  listLocales: { query: { siteId: { check: Q.uuid, required: true }, limit: LIMIT, startingAfter: AFTER },
    run(st, pr, { q }) {
      const site = getSiteFor(st, pr, q.siteId);
      const items = [...activeLocales(st, site.id).map(localeView), defaultLocaleView(site)];
      return [200, paginate(items, q.limit, q.startingAfter)];
    } },
  createLocale: { query: {}, write: true,
    run(st, pr, { body }) {
      const b = bodyObject(body);
      const p = new Problems();
      let site = null;
      if (!has(b, 'siteId')) p.add('siteId', 'is required');
      else if (!isUuid(b.siteId)) p.add('siteId', 'must be a UUID');
      if (!p.size) site = getSiteFor(st, pr, b.siteId.toLowerCase(), { write: true });
      if (!has(b, 'locale')) p.add('locale', 'is required');
      else { const e = checkLocaleCode(b.locale); if (e) p.add('locale', e); }
      let domain = null;
      if (has(b, 'domain') && b.domain !== null) { const [e, norm] = checkUrlOrigin(b.domain); if (e) p.add('domain', e); else domain = norm; }
      p.throwIfAny();
      if (b.locale === site.defaultLocale) throw conflict(`Locale ${b.locale} is already the default locale of this site`);
      const existing = findLocaleByCode(st, site.id, b.locale, { deleted: true });
      if (existing) throw conflict(existing.deletedAt ? `Locale ${b.locale} was deleted from this site; restore it instead` : `Locale ${b.locale} already exists in this site`);
      if (domain && domainTaken(st, domain)) throw conflict(`Domain ${domain} is already used by another locale`);
      if (activeLocales(st, site.id).length + 1 >= MAX_LOCALES) throw bad1('locale', `a site may have at most ${MAX_LOCALES} active locales (default included)`);
      const loc = addLocale(st, site.id, b.locale, domain);
      markExternal(site);
      return [201, localeView(loc)];
    } },
  getLocale: { query: { siteId: { check: Q.uuid } },
    run(st, pr, { params, q }) {
      const { site, loc } = resolveLocale(st, pr, params.localeIdOrCode, q);
      return [200, loc ? localeView(loc) : defaultLocaleView(site)];
    } },
  updateLocale: { query: { siteId: { check: Q.uuid } }, write: true,
    run(st, pr, { params, q, body }) {
      const { site, loc } = resolveLocale(st, pr, params.localeIdOrCode, q);
      if (pr.kind !== 'app') throw forbidden('Site API keys are read-only');
      const b = bodyObject(body);
      if (!loc) throw bad1('localeIdOrCode', 'the default locale is part of the site and cannot be updated through this endpoint');
      const p = new Problems();
      if (has(b, 'locale')) { const e = checkLocaleCode(b.locale); if (e) p.add('locale', e); }
      let domain;
      if (has(b, 'domain')) {
        if (b.domain === null) domain = null;
        else { const [e, norm] = checkUrlOrigin(b.domain); if (e) p.add('domain', e); else domain = norm; }
      }
      p.throwIfAny();
      if (has(b, 'locale') && b.locale !== loc.code) {
        if (b.locale === site.defaultLocale) throw conflict(`Locale ${b.locale} is the default locale of this site`);
        if (findLocaleByCode(st, site.id, b.locale, { deleted: true })) throw conflict(`Locale ${b.locale} already exists (or was deleted) in this site`);
      }
      if (domain && domain !== loc.domain && domainTaken(st, domain)) throw conflict(`Domain ${domain} is already used by another locale`);
      if (has(b, 'locale')) loc.code = b.locale;
      if (domain !== undefined) loc.domain = domain;
      markExternal(site);
      return [200, localeView(loc)];
    } },
  deleteLocale: { query: { siteId: { check: Q.uuid } }, write: true,
    run(st, pr, { params, q }) {
      const { site, loc } = resolveLocale(st, pr, params.localeIdOrCode, q);
      if (pr.kind !== 'app') throw forbidden('Site API keys are read-only');
      if (!loc) throw bad1('localeIdOrCode', 'the default locale of a site cannot be deleted');
      loc.deletedAt = nowStamp();
      // localizations in a deleted locale are discarded for good (a restore does not bring them back)
      for (const pg of st.pages.values()) if (pg.siteId === site.id) pg.localizations = pg.localizations.filter((z) => z.localeId !== loc.id);
      markExternal(site);
      return [204, null];
    } },
  restoreLocale: { query: { siteId: { check: Q.uuid } }, write: true,
    run(st, pr, { params, q }) {
      const { site, loc } = resolveLocale(st, pr, params.localeIdOrCode, q, { includeDeleted: true });
      if (pr.kind !== 'app') throw forbidden('Site API keys are read-only');
      if (!loc) throw bad1('localeIdOrCode', 'the default locale cannot be restored; it is never deleted');
      if (loc.deletedAt) {
        if (loc.domain && domainTaken(st, loc.domain, loc.id)) throw conflict(`Domain ${loc.domain} is now used by another locale`);
        if (activeLocales(st, site.id).length + 1 >= MAX_LOCALES) throw bad1('localeIdOrCode', `a site may have at most ${MAX_LOCALES} active locales (default included)`);
        loc.deletedAt = null;
        markExternal(site);
      }
      return [200, localeView(loc)];
    } },

  // ------------------------------ pages
  listPages: {
    query: {
      siteId: { check: Q.uuid, required: true }, limit: LIMIT, startingAfter: AFTER,
      pathPrefix: { check: Q.prefix, def: '/' },
      sortBy: { check: Q.enumOf('title', 'path', 'description', 'updatedAt', 'createdAt'), def: 'path' },
      sortDirection: { check: Q.enumOf('asc', 'desc'), def: 'asc' },
      includeOffline: { check: Q.enumOf('true', 'false'), def: 'false' },
      locale: { check: Q.str },
      versionRef: { check: Q.enumOf('ref:live', 'ref:draft'), def: 'ref:draft' },
    },
    run(st, pr, { q }) {
      const site = getSiteFor(st, pr, q.siteId);
      const loc = q.locale !== undefined ? pageLocaleParam(st, site, q.locale, false) : null;
      let pages = [...st.pages.values()].filter((x) => x.siteId === site.id);
      if (q.versionRef === 'ref:live') pages = pages.filter((x) => x.publishedAt !== null);
      if (q.includeOffline !== 'true') pages = pages.filter((x) => x.isOnline);
      let views = pages.map((x) => pageView(st, x, loc));
      const pre = q.pathPrefix.toLowerCase();
      views = views.filter((v) => v.pathname.toLowerCase().startsWith(pre));
      const key = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' }[q.sortBy];
      const dir = q.sortDirection === 'desc' ? -1 : 1;
      views.sort((a, b) => {
        const x = a[key], y = b[key];
        if (x === null && y !== null) return 1; // nulls last whatever the direction
        if (y === null && x !== null) return -1;
        if (x !== null && y !== null) { const c = cmpStr(x, y); if (c) return c * dir; }
        return cmpStr(a.id, b.id);
      });
      return [200, paginate(views, q.limit, q.startingAfter)];
    } },
  createPage: { query: {}, write: true,
    run(st, pr, { body }) {
      const b = bodyObject(body);
      const p = new Problems();
      let site = null;
      if (!has(b, 'siteId')) p.add('siteId', 'Missing siteId field.');
      else if (!isUuid(b.siteId)) p.add('siteId', 'must be a UUID');
      if (!p.size) site = getSiteFor(st, pr, b.siteId.toLowerCase(), { write: true });
      if (!has(b, 'pathname')) p.add('pathname', 'is required');
      else { const e = checkPagePath(b.pathname); if (e) p.add('pathname', e); }
      if (!has(b, 'name')) p.add('name', 'is required');
      else { const e = checkPageName(b.name); if (e) p.add('name', e); }
      p.throwIfAny();
      if (pathTaken(st, site.id, b.pathname)) throw conflict(`A page or route with pathname ${b.pathname} already exists`);
      const page = addPage(st, site.id, { name: b.name, pathname: b.pathname });
      return [201, pageView(st, page, null)];
    } },
  getPage: { query: { siteId: { check: Q.uuid }, versionRef: { check: Q.enumOf('ref:live', 'ref:draft'), def: 'ref:draft' }, locale: { check: Q.str } },
    run(st, pr, { rest, q }) {
      const { site, page } = resolvePage(st, pr, rest, q);
      const loc = q.locale !== undefined ? pageLocaleParam(st, site, q.locale, true) : null;
      if (q.versionRef === 'ref:live' && page.publishedAt === null) throw notFound('This page has never been published');
      return [200, pageView(st, page, loc)];
    } },
  updatePage: { query: { siteId: { check: Q.uuid } }, write: true,
    run(st, pr, { rest, q, body }) {
      const { site, page } = resolvePage(st, pr, rest, q);
      if (pr.kind !== 'app') throw forbidden('Site API keys are read-only');
      const b = bodyObject(body);
      const p = new Problems();
      if (!has(b, 'pathname')) p.add('pathname', 'Missing pathname field.');
      else { const e = checkPagePath(b.pathname); if (e) p.add('pathname', e); }
      if (has(b, 'name')) { const e = checkPageName(b.name); if (e) p.add('name', e); }
      if (has(b, 'isOnline') && typeof b.isOnline !== 'boolean') p.add('isOnline', 'must be a boolean');
      p.throwIfAny();
      if (pathKey(b.pathname) !== pathKey(page.pathname) && pathTaken(st, site.id, b.pathname, { exceptPage: page.id })) {
        throw conflict(`A page or route with pathname ${b.pathname} already exists`);
      }
      const now = nowStamp();
      page.pathname = b.pathname;
      if (has(b, 'name')) page.name = b.name;
      if (has(b, 'isOnline')) {
        if (b.isOnline && !page.isOnline) page.publishedAt = now;
        page.isOnline = b.isOnline;
      }
      page.updatedAt = now;
      return [200, pageView(st, page, null)];
    } },
  deletePage: { query: { siteId: { check: Q.uuid } }, write: true,
    run(st, pr, { rest, q }) {
      const { page } = resolvePage(st, pr, rest, q);
      if (pr.kind !== 'app') throw forbidden('Site API keys are read-only');
      st.pages.delete(page.id);
      return [204, null];
    } },

  // ------------------------------ routes
  listRoutes: { query: { siteId: { check: Q.uuid, required: true }, limit: LIMIT, startingAfter: AFTER },
    run(st, pr, { q }) {
      const site = getSiteFor(st, pr, q.siteId);
      const items = [...st.routes.values()].filter((r) => r.siteId === site.id)
        .sort((a, b) => cmpStr(a.pathname, b.pathname) || cmpStr(a.id, b.id)).map(routeView);
      return [200, paginate(items, q.limit, q.startingAfter)];
    } },
  createRoute: { query: { skipValidation: { check: Q.enumOf('true', 'false'), def: 'false' } }, write: true,
    run(st, pr, { q, body }) {
      const b = bodyObject(body);
      const p = new Problems();
      let site = null;
      if (!has(b, 'siteId')) p.add('siteId', 'is required');
      else if (!isUuid(b.siteId)) p.add('siteId', 'must be a UUID');
      if (!p.size) site = getSiteFor(st, pr, b.siteId.toLowerCase(), { write: true });
      if (!has(b, 'pathname')) p.add('pathname', 'is required');
      else { const e = checkRoutePath(b.pathname, q.skipValidation === 'true'); if (e) p.add('pathname', e); }
      p.throwIfAny();
      if (pathTaken(st, site.id, b.pathname)) throw conflict(`A page or route with pathname ${b.pathname} already exists`);
      return [201, routeView(addRoute(st, site.id, b.pathname))];
    } },
  getRoute: { query: { siteId: { check: Q.uuid } },
    run(st, pr, { rest, q }) { return [200, routeView(resolveRoute(st, pr, rest, q).route)]; } },
  updateRoute: { query: { siteId: { check: Q.uuid }, skipValidation: { check: Q.enumOf('true', 'false'), def: 'false' } }, write: true,
    run(st, pr, { rest, q, body }) {
      const { site, route } = resolveRoute(st, pr, rest, q);
      if (pr.kind !== 'app') throw forbidden('Site API keys are read-only');
      const b = bodyObject(body);
      const p = new Problems();
      if (has(b, 'pathname')) { const e = checkRoutePath(b.pathname, q.skipValidation === 'true'); if (e) p.add('pathname', e); }
      p.throwIfAny();
      if (has(b, 'pathname') && pathKey(b.pathname) !== pathKey(route.pathname) && pathTaken(st, site.id, b.pathname, { exceptRoute: route.id })) {
        throw conflict(`A page or route with pathname ${b.pathname} already exists`);
      }
      if (has(b, 'pathname')) route.pathname = b.pathname;
      return [200, routeView(route)];
    } },
  deleteRoute: { query: { siteId: { check: Q.uuid } }, write: true,
    run(st, pr, { rest, q }) {
      const { route } = resolveRoute(st, pr, rest, q);
      if (pr.kind !== 'app') throw forbidden('Site API keys are read-only');
      st.routes.delete(route.id);
      return [204, null];
    } },
};

function cmpStr(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return a < b ? -1 : a > b ? 1 : 0;
}
function assertSiteNameFree(st, workspaceId, name, exceptId) {
  const k = name.toLowerCase();
  for (const s of st.sites.values()) {
    if (s.workspaceId === workspaceId && s.id !== exceptId && s.name.toLowerCase() === k) throw conflict(`A site named "${name}" already exists in this workspace`);
  }
}
function domainTaken(st, domain, exceptId) {
  for (const l of st.locales.values()) if (!l.deletedAt && l.id !== exceptId && l.domain === domain && st.sites.has(l.siteId)) return true;
  return false;
}

// ---------------------------------------------------------------- routing
// returns { name, params, rest } | { methods } (path known, method not) | null
function match(method, segs) {
  const M = (table) => (table[method] ? { name: table[method] } : { methods: Object.keys(table) });
  const [v, coll, ...tail] = segs;
  if (v === 'v2' && coll === 'sites') {
    if (tail.length === 0) return M({ GET: 'listSites', POST: 'createSite' });
    const params = { siteId: tail[0] };
    if (tail.length === 1) return { ...M({ GET: 'getSite', PATCH: 'updateSite', DELETE: 'deleteSite' }), params, uuidParam: 'siteId' };
    if (tail.length === 2 && tail[1] === 'duplicate') return { ...M({ POST: 'duplicateSite' }), params, uuidParam: 'siteId' };
    if (tail.length === 2 && tail[1] === 'pages') return { ...M({ GET: 'sitePagesAlias' }), params, uuidParam: 'siteId' };
    return null;
  }
  if (v === 'v2' && coll === 'locales') {
    if (tail.length === 0) return M({ GET: 'listLocales', POST: 'createLocale' });
    const params = { localeIdOrCode: tail[0] };
    if (tail.length === 1) return { ...M({ GET: 'getLocale', PATCH: 'updateLocale', DELETE: 'deleteLocale' }), params };
    if (tail.length === 2 && tail[1] === 'restore') return { ...M({ POST: 'restoreLocale' }), params };
    return null;
  }
  if (v === 'v6' && coll === 'pages') {
    if (tail.length === 0) return M({ GET: 'listPages', POST: 'createPage' });
    return { ...M({ GET: 'getPage', PATCH: 'updatePage', DELETE: 'deletePage' }), rest: tail };
  }
  if (v === 'v2' && coll === 'routes') {
    if (tail.length === 0) return M({ GET: 'listRoutes', POST: 'createRoute' });
    return { ...M({ GET: 'getRoute', PATCH: 'updateRoute', DELETE: 'deleteRoute' }), rest: tail };
  }
  return null;
}

function authenticate(st, key) {
  if (typeof key !== 'string' || key === '') return null;
  const ws = st.appKeys.get(key);
  if (ws) return { kind: 'app', workspaceId: ws };
  const siteId = st.siteKeys.get(key);
  if (siteId) {
    const s = st.sites.get(siteId);
    return { kind: 'site', siteId, workspaceId: s ? s.workspaceId : st.tombstones.get(siteId) };
  }
  for (const s of st.sites.values()) if (s.publicApiKey === key) return { kind: 'public', siteId: s.id };
  return null;
}

// ---------------------------------------------------------------- HTTP plumbing
function send(res, status, obj) {
  if (res.headersSent) return;
  if (status === 204 || obj === null) { res.writeHead(status); res.end(); return; }
  const text = JSON.stringify(obj);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
function sendError(res, e) {
  const body = { object: 'error', code: e.code, message: e.message };
  if (e.status === 400) body.details = e.details || [];
  send(res, e.status, body);
}

function readBody(req) {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY) { req.resume(); resolve({ tooLarge: true }); return; }
    const chunks = []; let size = 0; let done = false;
    const timer = setTimeout(() => { if (!done) { done = true; resolve({ timeout: true }); } }, BODY_TIMEOUT_MS);
    timer.unref();
    req.on('close', () => clearTimeout(timer));
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > MAX_BODY) { done = true; resolve({ tooLarge: true }); return; }
      chunks.push(c);
    });
    req.on('end', () => { clearTimeout(timer); if (!done) { done = true; resolve({ buf: Buffer.concat(chunks) }); } });
    req.on('error', () => { if (!done) { done = true; resolve({ error: true }); } });
  });
}

async function handle(st, req, res) {
  res.setHeader('x-request-id', randomUUID());
  try {
    const bodyP = readBody(req);
    const rawUrl = req.url || '/';
    const qi = rawUrl.indexOf('?');
    let rawPath = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
    const rawQuery = qi < 0 ? '' : rawUrl.slice(qi + 1);

    // 1. authentication, before anything else (also for unknown paths)
    const pr = authenticate(st, req.headers['x-api-key']);
    if (!pr) throw new ApiError(401, 'unauthorized', 'Missing or invalid x-api-key header');

    // 2. routing
    if (rawPath.length > 1 && rawPath.endsWith('/')) rawPath = rawPath.slice(0, -1); // one trailing slash is tolerated
    const rawSegs = rawPath.split('/').slice(1);
    let segs;
    try { segs = rawSegs.map((s) => decodeURIComponent(s)); } catch { throw bad1('path', 'contains malformed percent-encoding'); }
    const fixed = segs.slice(0, 2);
    if (!rawPath.startsWith('/') || fixed.some((s) => s === '')) throw notFound(`No operation at ${req.method} ${rawPath}`);
    const m = match(req.method, segs);
    if (!m || (m.rest === undefined && segs.slice(2).some((s) => s === ''))) throw notFound(`No operation at ${req.method} ${rawPath}`);
    if (!m.name) { res.setHeader('allow', m.methods.join(', ')); throw notFound(`Method ${req.method} is not supported on ${rawPath}`); }
    const h = handlers[m.name];

    // 3. publishable keys cannot use this API at all; Site API keys are read-only
    if (pr.kind === 'public') throw forbidden('A publishable (public) API key cannot be used with the REST API');
    if (pr.kind === 'site' && h.write) throw forbidden('Site API keys are read-only');

    // 4. path UUID format, query
    if (m.uuidParam && !UUID_RE.test(m.params[m.uuidParam])) throw bad1(m.uuidParam, 'must be a UUID');
    if (m.uuidParam) m.params[m.uuidParam] = m.params[m.uuidParam].toLowerCase();
    const q = parseQuery(rawQuery, h.query);

    // 5. body
    const b = await bodyP;
    if (b.tooLarge) { res.setHeader('connection', 'close'); throw bad1('body', `must be at most ${MAX_BODY} bytes`); }
    if (b.timeout) { res.setHeader('connection', 'close'); throw bad1('body', `was not received completely within ${BODY_TIMEOUT_MS / 1000} seconds`); }
    if (b.error) throw bad1('body', 'could not be read');
    let body;
    const text = b.buf.toString('utf8');
    if (text.trim() !== '') {
      if (!h.write || m.name === 'deletePage' || m.name === 'deleteLocale' || m.name === 'deleteRoute' || m.name === 'deleteSite' || m.name === 'restoreLocale') {
        throw bad1('body', 'this operation takes no request body');
      }
      try { body = JSON.parse(text); } catch { throw bad1('body', 'is not valid JSON'); }
    }
    const [status, out] = h.run(st, pr, { params: m.params || {}, rest: m.rest, q, body });
    send(res, status, out);
  } catch (e) {
    if (e instanceof ApiError) sendError(res, e);
    else {
      console.error(e);
      send(res, 500, { object: 'error', code: 'internal_error', message: 'Internal error' });
    }
  }
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const st = createStore();
  const seeded = seed(st);
  const server = http.createServer({ maxHeaderSize: 32 * 1024 }, (req, res) => { handle(st, req, res); });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) { socket.destroy(); return; }
    const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request', details: [{ field: 'request', message: String(err.code || 'malformed') }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, host, resolve); });
  const addr = server.address();
  return {
    baseUrl: `http://${host}:${addr.port}`,
    ...seeded,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections?.(); }),
  };
}

// ---------------------------------------------------------------- CLI
if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port: Number.isInteger(port) && port >= 0 ? port : 0 });
  const { close, ...info } = s;
  process.stdout.write(JSON.stringify({ baseUrl: info.baseUrl, apiKey: info.apiKey, workspaceId: info.workspaceId, siteApiKey: info.siteApiKey, otherApiKey: info.otherApiKey }) + '\n');
  const stop = () => { close().then(() => process.exit(0)); setTimeout(() => process.exit(0), 2000).unref(); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
