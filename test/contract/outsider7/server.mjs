// outsider7: an independent, in-memory deployment of the Site-Building Service REST API,
// written only from the specification and the published OpenAPI. Plain Node ESM, node: built-ins only.
//   node server.mjs --port 0    -> prints ONE JSON line on stdout once listening
// Every free choice is listed in CHOICES.md next to this file.
import http from 'node:http';
import { randomUUID, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const MAX_BODY = 16 * 1024;
const MAX_LOCALES = 6; // per site, default included
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;
const SITEMAP_FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
const NAME_COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });

// ---------------------------------------------------------------- errors
class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
const unauthorized = (m) => new ApiError(401, 'unauthorized', m);
const forbidden = (m) => new ApiError(403, 'forbidden', m);
const notFound = (m) => new ApiError(404, 'not_found', m);
const conflict = (m) => new ApiError(409, 'conflict', m);
function badRequest(details) {
  const n = details.length;
  const text = details.map((d) => `${d.field} ${d.message}`).join('; ');
  return new ApiError(400, 'bad_request', `Invalid request (${n} field${n === 1 ? '' : 's'}): ${text}`, details);
}
const bad1 = (field, message) => badRequest([{ field, message }]);

/** Collects 400 problems: path parameters, query parameters, body syntax, missing body fields, then sent body fields in the order sent. */
class Problems {
  constructor() {
    this.buckets = { path: [], query: [], payload: [], missing: [], sent: [] };
    this.seen = new Set();
  }
  add(bucket, field, message, order = 0) {
    if (this.seen.has(field)) return;
    this.seen.add(field);
    this.buckets[bucket].push({ field, message, order });
  }
  throwIfAny() {
    const sent = [...this.buckets.sent].sort((a, b) => a.order - b.order);
    const all = [...this.buckets.path, ...this.buckets.query, ...this.buckets.payload, ...this.buckets.missing, ...sent].map(({ field, message }) => ({ field, message }));
    if (all.length) throw badRequest(all);
  }
}

// ---------------------------------------------------------------- time and ids
let lastMicros = 0;
function nowMicros() {
  lastMicros = Math.max(Date.now() * 1000, lastMicros + 1);
  return lastMicros;
}
function fmt(us) {
  if (us === null || us === undefined) return null;
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  return `${iso.slice(0, 23)}${String(us % 1000).padStart(3, '0')}+00:00`;
}
const micros = (iso) => Date.parse(iso) * 1000;
const uuid = () => randomUUID();
function appKey() {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  const bytes = randomBytes(40);
  let s = '';
  for (const b of bytes) s += alphabet[b % 36];
  return `sbsapp-${s}`;
}
const cpCmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------- value checks ({value} or {error})
function uuidCheck(v) {
  if (typeof v !== 'string') return { error: 'must be a string (uuid)' };
  if (v === '') return { error: 'must not be empty' };
  if (!UUID_RE.test(v)) return { error: 'must be a UUID' };
  return { value: v.toLowerCase() };
}
/** Locale code in a request body: lower-case language (2 letters), optional 2-letter region in any case (upper-cased). */
function localeBodyCheck(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (v.includes('_')) return { error: 'must separate language and region with "-", not "_"' };
  const m = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/.exec(v);
  if (!m) return { error: 'must be a two-letter language, optionally followed by "-" and a two-letter region (e.g. "en" or "en-US")' };
  if (m[1] !== m[1].toLowerCase()) return { error: 'must have a lower-case language (e.g. "en", not "EN")' };
  return { value: m[2] ? `${m[1]}-${m[2].toUpperCase()}` : m[1] };
}
/** Locale code used to LOOK something up (path, query): any letter case. */
function lookupCode(v) {
  const m = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/.exec(v);
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}
function siteNameCheck(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  const t = v.trim();
  if (t === '') return { error: 'must contain at least 1 character after trimming' };
  if ([...t].length > 32) return { error: 'must be at most 32 characters after trimming' };
  if (CONTROL_RE.test(t)) return { error: 'must not contain control characters' };
  return { value: t };
}
function pageNameCheck(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (v.length === 0) return { error: 'must be at least 1 character long' };
  if ([...v].length > 90) return { error: 'must be at most 90 characters' };
  if (/^\s|\s$/.test(v)) return { error: 'must not begin or end with whitespace' };
  if (CONTROL_RE.test(v)) return { error: 'must not contain control characters' };
  return { value: v };
}
function pagePathnameCheck(v, { missingMessage } = {}) {
  if (v === null || v === '') return { error: missingMessage || 'must not be empty' };
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (!v.startsWith('/')) return { error: 'must begin with "/"' };
  if (v.length > 96) return { error: 'must be at most 96 characters' };
  if (v === '/') return { value: v };
  if (v.endsWith('/')) return { error: 'must not end with "/"' };
  const segs = v.slice(1).split('/');
  if (segs.length > 5) return { error: 'must have at most 5 segments' };
  for (const s of segs) {
    if (s === '') return { error: 'must not contain "//"' };
    if (s === '.' || s === '..') return { error: 'must not contain "." or ".." segments' };
    if (/[A-Z]/.test(s)) return { error: 'must be lower case' };
    if (!/^[a-z0-9._~-]+$/.test(s)) return { error: 'may contain only a-z, 0-9, "-", "_", "." and "~" between slashes' };
  }
  return { value: v };
}
function routePathnameCheck(v, skip) {
  if (v === null || v === '') return { error: 'must not be empty' };
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (!v.startsWith('/')) return { error: 'must begin with "/"' };
  if (/\s/.test(v) || CONTROL_RE.test(v)) return { error: 'must not contain whitespace or control characters' };
  if (skip) {
    if (v.length > 2048) return { error: 'must be at most 2048 characters' };
    return { value: v };
  }
  if (v.length > 128) return { error: 'must be at most 128 characters' };
  if (v === '/') return { value: v };
  if (v.endsWith('/')) return { error: 'must not end with "/"' };
  for (const s of v.slice(1).split('/')) {
    if (s === '') return { error: 'must not contain "//"' };
    if (s === '.' || s === '..') return { error: 'must not contain "." or ".." segments' };
    const literal = /^[A-Za-z0-9._~-]+$/.test(s);
    const colon = /^:[A-Za-z_][A-Za-z0-9_]*$/.test(s);
    const angle = /^<[A-Za-z_][A-Za-z0-9_]*>$/.test(s);
    if (!literal && !colon && !angle) return { error: `has an invalid segment "${s}" (literal, ":name" or "<name>" expected)` };
  }
  return { value: v };
}
function httpUrl(v, max) {
  if (v.length > max) return { error: `must be at most ${max} characters` };
  if (!/^https?:\/\//i.test(v)) return { error: 'must be an absolute http or https URL' };
  if (!/^[\x21-\x7e]+$/.test(v)) return { error: 'must contain only printable ASCII characters (no spaces)' };
  if (v.includes('?') || v.includes('#')) return { error: 'must not contain a query or a fragment' };
  let u;
  try {
    u = new URL(v);
  } catch {
    return { error: 'must be an absolute http or https URL' };
  }
  if (u.username || u.password) return { error: 'must not contain credentials' };
  if (!u.hostname) return { error: 'must have a host' };
  return { url: u };
}
/** hostOrigin: null or "" means "no hostOrigin"; stored as the WHATWG href (path kept). */
function hostOriginCheck(v) {
  if (v === null || v === '') return { value: null };
  if (typeof v !== 'string') return { error: 'must be a string (uri)' };
  const r = httpUrl(v, 255);
  return r.error ? r : { value: r.url.href };
}
/** Locale domain: an http(s) URL that may carry a path; stored as origin + path without a trailing "/". */
function domainCheck(v, { nullable }) {
  if (v === null) return nullable ? { value: null } : { error: 'must be a string (uri)' };
  if (typeof v !== 'string') return { error: 'must be a string (uri)' };
  if (v === '') return { error: 'must not be empty (use null to clear it)' };
  const r = httpUrl(v, 255);
  if (r.error) return r;
  const path = r.url.pathname === '/' ? '' : r.url.pathname.replace(/\/+$/, '');
  return { value: r.url.origin + path };
}
function booleanCheck(v) {
  if (typeof v !== 'boolean') return { error: 'must be a boolean' };
  return { value: v };
}
const refuse = (message) => () => ({ error: message });

// query value checks
function limitCheck(v) {
  if (v === '') return { error: 'must not be empty' };
  if (!/^[0-9]+$/.test(v)) return { error: 'must be a whole number from 1 to 100 written with digits only' };
  const n = Number.parseInt(v, 10);
  if (n < 1 || n > 100) return { error: 'must be a whole number from 1 to 100' };
  return { value: n };
}
function queryBoolCheck(v) {
  if (v === 'true') return { value: true };
  if (v === 'false') return { value: false };
  return { error: 'must be "true" or "false"' };
}
const enumCheck = (values) => (v) => (values.includes(v) ? { value: v } : { error: `must be one of ${values.map((x) => `"${x}"`).join(', ')}` });
function localeRefCheck(v) {
  if (v === '') return { error: 'must not be empty' };
  if (UUID_RE.test(v)) return { value: { id: v.toLowerCase() } };
  const code = lookupCode(v);
  if (code) return { value: { code } };
  return { error: 'must be a locale code (e.g. "en-US") or a locale ID' };
}
function pathPrefixCheck(v) {
  if (v === '') return { value: '' };
  return { value: v.startsWith('/') ? v : `/${v}` };
}

// ---------------------------------------------------------------- the service
export function createService() {
  const workspaces = new Map(); // id -> {id, name}
  const appKeys = new Map(); // key -> workspaceId
  const sites = new Map(); // id -> site
  const siteKeys = new Map(); // lower-case uuid -> siteId
  const publicKeys = new Map(); // lower-case uuid -> siteId
  const locales = new Map(); // id -> locale (soft delete: deletedAt)
  const pages = new Map(); // id -> page
  const routes = new Map(); // id -> route
  const deadSites = new Map(); // tombstones, used only to resume list cursors
  const deadPages = new Map();
  const deadRoutes = new Map();

  // ---------- model helpers
  const siteLocales = (siteId, { withDeleted = false } = {}) => [...locales.values()].filter((l) => l.siteId === siteId && (withDeleted || !l.deletedAt));
  const defaultLocaleOf = (site) => [...locales.values()].find((l) => l.siteId === site.id && l.isDefault);
  const sitePages = (siteId) => [...pages.values()].filter((p) => p.siteId === siteId);
  const siteRoutes = (siteId) => [...routes.values()].filter((r) => r.siteId === siteId);

  function siteJson(site) {
    const def = defaultLocaleOf(site);
    const external = siteLocales(site.id).some((l) => l.domain !== null);
    return {
      object: 'site',
      id: site.id,
      name: site.name,
      hostOrigin: site.hostOrigin,
      publicApiKey: site.publicApiKey,
      defaultLocale: def.code,
      defaultLocalePathPrefix: def.code,
      localeManagementMode: external ? 'external' : 'internal',
    };
  }
  const localeJson = (l) => ({ object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: l.isDefault });
  const routeJson = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

  function activeLocalizations(page) {
    return page.localizations
      .map((z) => ({ z, L: locales.get(z.localeId) }))
      .filter(({ L }) => L && !L.deletedAt && !L.isDefault)
      .sort((a, b) => cpCmp(a.L.code, b.L.code));
  }
  /** The page as shown in a version ('draft' | 'live') and a locale (record or null); null when the version does not exist. */
  function pageView(page, version = 'draft', localeRec = null) {
    const src = version === 'live' ? page.live : page.draft;
    if (!src) return null;
    const site = sites.get(page.siteId) ?? page.siteSnapshot;
    const def = site ? defaultLocaleOf(site) : null;
    const locs = activeLocalizations(page);
    let { pathname, title, description } = src;
    let locale = def ? def.code : page.defaultCode;
    if (localeRec && !localeRec.isDefault) {
      const hit = locs.find((x) => x.L.id === localeRec.id);
      if (hit) {
        pathname = hit.z.pathname;
        if (hit.z.title != null) title = hit.z.title;
        if (hit.z.description != null) description = hit.z.description;
        locale = localeRec.code;
      }
    }
    return {
      object: 'page',
      id: page.id,
      pathname,
      canonicalUrl: src.canonicalUrl,
      title,
      description,
      socialImageUrl: src.socialImageUrl,
      sitemapPriority: src.sitemapPriority,
      sitemapFrequency: src.sitemapFrequency,
      createdAt: fmt(page.createdAt),
      updatedAt: fmt(version === 'live' ? src.updatedAt : page.updatedAt),
      publishedAt: fmt(page.publishedAt),
      isOnline: page.isOnline,
      excludedFromSearchEngines: src.excludedFromSearchEngines,
      locale,
      localizations: locs.map(({ z, L }) => ({ id: z.id, locale: L.code, pathname: z.pathname })),
    };
  }

  // ---------- storage-level creation (no validation)
  function addWorkspace(name) {
    const ws = { id: uuid(), name };
    workspaces.set(ws.id, ws);
    const key = appKey();
    appKeys.set(key, ws.id);
    return { ws, key };
  }
  function addSite(workspaceId, { name, hostOrigin = null, defaultLocale = 'en-US', createdAt = nowMicros() }) {
    const site = { id: uuid(), workspaceId, name, hostOrigin, publicApiKey: uuid(), siteKey: uuid(), createdAt };
    sites.set(site.id, site);
    siteKeys.set(site.siteKey, site.id);
    publicKeys.set(site.publicApiKey, site.id);
    addLocale(site.id, defaultLocale, { isDefault: true, createdAt });
    return site;
  }
  function addLocale(siteId, code, { domain = null, isDefault = false, createdAt = nowMicros() } = {}) {
    const l = { id: uuid(), siteId, code, domain, isDefault, deletedAt: null, createdAt };
    locales.set(l.id, l);
    return l;
  }
  function depthPriority(pathname) {
    const depth = pathname === '/' ? 0 : pathname.split('/').length - 1;
    return Math.max(0.1, Math.round((1 - 0.2 * depth) * 10) / 10);
  }
  function addPage(siteId, { pathname, name, createdAt = nowMicros(), fields = {} }) {
    const page = {
      id: uuid(),
      siteId,
      name,
      draft: {
        pathname,
        title: null,
        description: null,
        canonicalUrl: null,
        socialImageUrl: null,
        sitemapPriority: depthPriority(pathname),
        sitemapFrequency: 'yearly',
        excludedFromSearchEngines: false,
        ...fields,
      },
      live: null,
      isOnline: false,
      createdAt,
      updatedAt: createdAt,
      publishedAt: null,
      localizations: [],
    };
    pages.set(page.id, page);
    return page;
  }
  function publish(page, at = nowMicros()) {
    page.live = { ...page.draft, name: page.name, updatedAt: page.updatedAt };
    page.isOnline = true;
    page.publishedAt = at;
  }
  function localize(page, locale, pathname, extra = {}) {
    page.localizations.push({ id: uuid(), localeId: locale.id, pathname, title: null, description: null, ...extra });
  }
  function addRoute(siteId, pathname) {
    const r = { id: uuid(), siteId, pathname, createdAt: nowMicros() };
    routes.set(r.id, r);
    return r;
  }

  // ---------- pathname clashes (pages, all their localizations, and routes share one space per site)
  function pathnameTaken(siteId, pathname, { exceptPage = null, exceptRoute = null } = {}) {
    for (const p of sitePages(siteId)) {
      if (p.id === exceptPage) continue;
      if (p.draft.pathname === pathname) return 'a page';
      if (p.localizations.some((z) => z.pathname === pathname)) return 'a page localization';
    }
    for (const r of siteRoutes(siteId)) if (r.id !== exceptRoute && r.pathname === pathname) return 'a route';
    return null;
  }

  // ---------- seed
  const t = (iso) => micros(iso);
  const w1 = addWorkspace('Quillon & Vale');
  const w2 = addWorkspace('Orrery Labs');
  const press = addSite(w1.ws.id, { name: 'Quillon Press', hostOrigin: 'https://press.quillon.example/', defaultLocale: 'en-US', createdAt: t('2025-02-03T09:15:00Z') });
  const esES = addLocale(press.id, 'es-ES', { domain: 'https://quillon.example/es', createdAt: t('2025-02-03T09:20:00Z') });
  const ca = addLocale(press.id, 'ca', { createdAt: t('2025-02-04T10:00:00Z') });
  const euES = addLocale(press.id, 'eu-ES', { createdAt: t('2025-02-05T10:00:00Z') });
  euES.deletedAt = t('2025-03-01T12:00:00Z');
  {
    const home = addPage(press.id, { pathname: '/', name: 'Home', createdAt: t('2025-02-03T09:30:00Z'), fields: { title: 'Quillon Press', description: 'Independent publisher of field guides.', canonicalUrl: 'https://press.quillon.example/', sitemapFrequency: 'weekly' } });
    publish(home, t('2025-02-03T10:00:00Z'));
    localize(home, esES, '/inicio', { title: 'Quillon Editorial' });
    const cat = addPage(press.id, { pathname: '/catalogue', name: 'Catalogue', createdAt: t('2025-02-03T09:40:00Z'), fields: { title: 'Catalogue', description: 'Every title in print.', sitemapFrequency: 'daily' } });
    publish(cat, t('2025-02-03T10:05:00Z'));
    localize(cat, esES, '/catalogo', { title: 'Catálogo' });
    localize(cat, ca, '/cataleg');
    localize(cat, euES, '/katalogoa');
    const spring = addPage(press.id, { pathname: '/catalogue/spring-2025', name: 'Spring 2025', createdAt: t('2025-02-10T08:00:00Z'), fields: { title: 'Spring 2025 list', socialImageUrl: 'https://cdn.quillon.example/spring.png' } });
    publish(spring, t('2025-02-10T09:00:00Z'));
    localize(spring, esES, '/catalogo/primavera-2025');
    const about = addPage(press.id, { pathname: '/about', name: 'About the press', createdAt: t('2025-02-11T08:00:00Z') });
    publish(about, t('2025-02-11T08:30:00Z'));
    const contact = addPage(press.id, { pathname: '/contact', name: 'Contact', createdAt: t('2025-02-12T08:00:00Z'), fields: { title: 'Contact', description: 'Write to us.' } });
    publish(contact, t('2025-02-12T08:10:00Z'));
    contact.draft.title = 'Contact us (draft)';
    contact.updatedAt = t('2025-03-02T14:00:00Z');
    addPage(press.id, { pathname: '/drafts/autumn', name: 'Autumn draft', createdAt: t('2025-03-03T08:00:00Z'), fields: { excludedFromSearchEngines: true } });
    const archive = addPage(press.id, { pathname: '/archive', name: 'Archive', createdAt: t('2025-02-05T08:00:00Z'), fields: { title: 'Archive', sitemapFrequency: 'never', sitemapPriority: null } });
    publish(archive, t('2025-02-05T09:00:00Z'));
    archive.isOnline = false;
    addRoute(press.id, '/feeds/<kind>');
    addRoute(press.id, '/go/:slug');
  }
  const store = addSite(w1.ws.id, { name: 'Quillon Store', hostOrigin: null, defaultLocale: 'pt-BR', createdAt: t('2025-02-20T09:00:00Z') });
  const storeEn = addLocale(store.id, 'en', { createdAt: t('2025-02-20T09:05:00Z') });
  {
    const home = addPage(store.id, { pathname: '/', name: 'Início', createdAt: t('2025-02-20T09:10:00Z'), fields: { title: 'Loja Quillon' } });
    publish(home, t('2025-02-20T09:20:00Z'));
    const loja = addPage(store.id, { pathname: '/loja', name: 'Loja', createdAt: t('2025-02-20T09:15:00Z'), fields: { title: 'Loja' } });
    publish(loja, t('2025-02-20T09:25:00Z'));
    localize(loja, storeEn, '/shop', { title: 'Shop' });
    addPage(store.id, { pathname: '/carrinho', name: 'Carrinho', createdAt: t('2025-02-21T09:00:00Z') });
    addRoute(store.id, '/checkout/<step>');
  }
  const orrery = addSite(w2.ws.id, { name: 'Orrery Home', defaultLocale: 'fi-FI', createdAt: t('2025-01-15T07:00:00Z') });
  const svFI = addLocale(orrery.id, 'sv-FI', { createdAt: t('2025-01-15T07:05:00Z') });
  {
    const home = addPage(orrery.id, { pathname: '/', name: 'Koti', createdAt: t('2025-01-15T07:10:00Z'), fields: { title: 'Orrery' } });
    publish(home, t('2025-01-15T07:20:00Z'));
    const prices = addPage(orrery.id, { pathname: '/hinnat', name: 'Hinnat', createdAt: t('2025-01-15T07:30:00Z'), fields: { title: 'Hinnat' } });
    publish(prices, t('2025-01-15T07:40:00Z'));
    localize(prices, svFI, '/priser', { title: 'Priser' });
    addRoute(orrery.id, '/status');
  }
  const announce = { apiKey: w1.key, workspaceId: w1.ws.id, siteApiKey: store.siteKey, otherApiKey: w2.key };

  // ---------- authentication and permissions
  function authenticate(req) {
    const v = req.headers['x-api-key'];
    if (v === undefined || v === '') throw unauthorized('The x-api-key header is missing.');
    if (typeof v === 'string' && UUID_RE.test(v)) {
      const k = v.toLowerCase();
      if (siteKeys.has(k) && sites.has(siteKeys.get(k))) return { kind: 'site', siteId: siteKeys.get(k) };
      if (publicKeys.has(k) && sites.has(publicKeys.get(k))) return { kind: 'public', siteId: publicKeys.get(k) };
    } else if (typeof v === 'string' && appKeys.has(v)) return { kind: 'app', workspaceId: appKeys.get(v) };
    throw unauthorized('The x-api-key header does not hold a valid API key.');
  }
  const KIND_ACTIONS = {
    site: new Set(['site.read', 'locale.read', 'locale.write', 'page.read', 'route.read', 'route.write']),
    public: new Set(['site.read', 'page.read', 'route.read']),
  };
  const KIND_NAME = { site: 'A Site API key', public: 'A publishable key (publicApiKey)' };
  function reach(ctx, site) {
    const a = ctx.auth;
    const ok = a.kind === 'app' ? site.workspaceId === a.workspaceId : site.id === a.siteId;
    if (!ok) throw forbidden('This API key has no access to this site.');
  }
  function allow(ctx, action, what) {
    const a = ctx.auth;
    if (a.kind === 'app') return;
    if (!KIND_ACTIONS[a.kind].has(action)) throw forbidden(`${KIND_NAME[a.kind]} may not ${what}.`);
  }
  function findSite(ctx, id) {
    const s = sites.get(id);
    if (!s) throw notFound(`Site ${id} not found.`);
    reach(ctx, s);
    return s;
  }
  /** The site a code/pathname is looked up in: the siteId query, or the key's own site for Site/publishable keys. */
  function contextSite(ctx, siteIdQ) {
    if (siteIdQ) return findSite(ctx, siteIdQ);
    return sites.get(ctx.auth.siteId);
  }

  // ---------- request inputs
  function qparam(ctx, name, check, { required = false, requiredMessage = 'is required' } = {}) {
    const vals = ctx.query.get(name);
    if (!vals) {
      if (required) ctx.p.add('query', name, requiredMessage);
      return undefined;
    }
    if (vals.length > 1) {
      ctx.p.add('query', name, 'must be given only once');
      return undefined;
    }
    if (vals[0].bad) {
      ctx.p.add('query', name, 'has malformed percent-encoding');
      return undefined;
    }
    const r = check(vals[0].v);
    if (r.error) {
      ctx.p.add('query', name, r.error);
      return undefined;
    }
    return r.value;
  }
  /** Validates body fields; returns {field: value} for valid fields present (a value may be null = "clear"). */
  function bodyFields(ctx, spec) {
    const out = {};
    const body = ctx.body;
    if (!body) return out; // payload problem already reported
    const keys = Object.keys(body);
    for (const f of spec) {
      if (!Object.prototype.hasOwnProperty.call(body, f.name)) {
        if (f.required) ctx.p.add('missing', f.name, 'is required');
        continue;
      }
      const r = f.check(body[f.name]);
      if (r.error) ctx.p.add('sent', f.name, r.error, keys.indexOf(f.name));
      else out[f.name] = r.value;
    }
    return out;
  }
  function pathSiteId(ctx) {
    const r = uuidCheck(ctx.params.siteId);
    if (r.error) ctx.p.add('path', 'siteId', r.error);
    return r.value;
  }
  function pathLocaleRef(ctx) {
    const v = ctx.params.localeIdOrCode;
    if (UUID_RE.test(v)) return { id: v.toLowerCase() };
    const code = lookupCode(v);
    if (code) return { code };
    ctx.p.add('path', 'localeIdOrCode', 'must be a locale ID (uuid) or a locale code (e.g. "en-US")');
    return null;
  }
  function restRef(v) {
    if (UUID_RE.test(v)) return { id: v.toLowerCase() };
    return { pathname: v.startsWith('/') ? v : `/${v}` };
  }
  function requireSiteIdFor(ctx, ref, siteIdQ, what) {
    if (ref && !ref.id && siteIdQ === undefined && !ctx.query.has('siteId') && ctx.auth.kind === 'app') {
      ctx.p.add('query', 'siteId', `is required when a ${what} is used instead of an ID`);
    }
  }

  // ---------- pagination
  function paginate(items, cmp, cursorId, findInCollection, limit) {
    let start = 0;
    if (cursorId) {
      const idx = items.findIndex((x) => x.id === cursorId);
      if (idx >= 0) start = idx + 1;
      else {
        const rec = findInCollection(cursorId);
        if (!rec) throw bad1('startingAfter', 'does not name an item of this list');
        start = items.findIndex((x) => cmp(x, rec) > 0);
        if (start < 0) start = items.length;
      }
    }
    return { data: items.slice(start, start + limit), hasMore: start + limit < items.length };
  }
  const listBody = (page, toJson) => ({ object: 'list', data: page.data.map(toJson), hasMore: page.hasMore });

  // ---------- sorting
  const siteCmp = (a, b) => NAME_COLLATOR.compare(a.name, b.name) || a.createdAt - b.createdAt || cpCmp(a.id, b.id);
  const localeCmp = (a, b) => (a.isDefault === b.isDefault ? 0 : a.isDefault ? 1 : -1) || cpCmp(a.code, b.code) || cpCmp(a.id, b.id);
  const routeCmp = (a, b) => b.pathname.length - a.pathname.length || cpCmp(a.pathname, b.pathname) || cpCmp(a.id, b.id);
  function treeCmp(a, b) {
    const A = a.split('/');
    const B = b.split('/');
    for (let i = 0; i < Math.min(A.length, B.length); i++) if (A[i] !== B[i]) return cpCmp(A[i], B[i]);
    return A.length - B.length;
  }
  const ciCmp = (a, b) => cpCmp(a.toLowerCase(), b.toLowerCase()) || cpCmp(a, b);
  function pageRowCmp(sortBy, direction) {
    const sign = direction === 'desc' ? -1 : 1;
    const primary = {
      path: (a, b) => treeCmp(a.view.pathname, b.view.pathname),
      title: (a, b) => ciCmp(a.view.title ?? a.page.name, b.view.title ?? b.page.name),
      description: (a, b) => ciCmp(a.view.description ?? '', b.view.description ?? ''),
      createdAt: (a, b) => a.page.createdAt - b.page.createdAt,
      updatedAt: (a, b) => a.updatedAtKey - b.updatedAtKey,
    }[sortBy];
    return (a, b) => sign * primary(a, b) || cpCmp(a.id, b.id);
  }
  function pageRow(page, version, localeRec) {
    const view = pageView(page, version, localeRec) ?? pageView(page, 'draft', localeRec);
    const updatedAtKey = version === 'live' && page.live ? page.live.updatedAt : page.updatedAt;
    return { id: page.id, page, view, updatedAtKey };
  }

  // ---------- handlers: sites
  const h = {};
  h.listSites = (ctx) => {
    const ws = qparam(ctx, 'workspaceId', uuidCheck, { required: true });
    const limit = qparam(ctx, 'limit', limitCheck) ?? 20;
    const after = qparam(ctx, 'startingAfter', uuidCheck);
    ctx.p.throwIfAny();
    if (ctx.auth.kind !== 'app') throw forbidden(`${KIND_NAME[ctx.auth.kind]} may not list sites.`);
    if (ws !== ctx.auth.workspaceId) throw forbidden('This API key has no access to that workspace.');
    const items = [...sites.values()].filter((s) => s.workspaceId === ws).sort(siteCmp);
    const page = paginate(items, siteCmp, after, (id) => {
      const s = sites.get(id) ?? deadSites.get(id);
      return s && s.workspaceId === ws ? s : null;
    }, limit);
    return [200, listBody(page, siteJson)];
  };
  h.createSite = (ctx) => {
    const f = bodyFields(ctx, [
      { name: 'workspaceId', required: true, check: uuidCheck },
      { name: 'name', required: true, check: siteNameCheck },
      { name: 'hostOrigin', check: hostOriginCheck },
      { name: 'defaultLocale', check: localeBodyCheck },
    ]);
    ctx.p.throwIfAny();
    if (ctx.auth.kind !== 'app') throw forbidden(`${KIND_NAME[ctx.auth.kind]} may not create sites.`);
    if (f.workspaceId !== ctx.auth.workspaceId) throw forbidden('This API key has no access to that workspace.');
    const site = addSite(f.workspaceId, { name: f.name, hostOrigin: f.hostOrigin ?? null, defaultLocale: f.defaultLocale ?? 'en-US' });
    return [201, siteJson(site)];
  };
  h.getSite = (ctx) => {
    const id = pathSiteId(ctx);
    ctx.p.throwIfAny();
    const site = findSite(ctx, id);
    allow(ctx, 'site.read', 'read this site');
    return [200, siteJson(site)];
  };
  h.updateSite = (ctx) => {
    const id = pathSiteId(ctx);
    const f = bodyFields(ctx, [
      { name: 'name', check: siteNameCheck },
      { name: 'hostOrigin', check: hostOriginCheck },
      { name: 'defaultLocale', check: refuse('is not accepted in this body (the default locale cannot be changed here)') },
    ]);
    ctx.p.throwIfAny();
    const site = findSite(ctx, id);
    allow(ctx, 'site.write', 'update a site');
    if ('name' in f) site.name = f.name;
    if ('hostOrigin' in f) site.hostOrigin = f.hostOrigin;
    return [200, siteJson(site)];
  };
  h.deleteSite = (ctx) => {
    const id = pathSiteId(ctx);
    ctx.p.throwIfAny();
    const site = findSite(ctx, id);
    allow(ctx, 'site.delete', 'delete a site');
    const def = defaultLocaleOf(site);
    sites.delete(site.id);
    deadSites.set(site.id, site);
    siteKeys.delete(site.siteKey);
    publicKeys.delete(site.publicApiKey);
    for (const l of [...locales.values()]) if (l.siteId === site.id) locales.delete(l.id);
    for (const p of sitePages(site.id)) {
      pages.delete(p.id);
      p.defaultCode = def.code;
    }
    for (const r of siteRoutes(site.id)) routes.delete(r.id);
    return [204];
  };
  h.duplicateSite = (ctx) => {
    const id = pathSiteId(ctx);
    const f = bodyFields(ctx, [{ name: 'name', required: true, check: siteNameCheck }]);
    ctx.p.throwIfAny();
    const src = findSite(ctx, id);
    allow(ctx, 'site.duplicate', 'duplicate a site');
    if (NAME_COLLATOR.compare(f.name, src.name) === 0) throw bad1('name', 'must differ from the name of the site being duplicated');
    const srcDefault = defaultLocaleOf(src);
    const copy = addSite(src.workspaceId, { name: f.name, hostOrigin: src.hostOrigin, defaultLocale: srcDefault.code });
    const localeMap = new Map([[srcDefault.id, defaultLocaleOf(copy).id]]);
    for (const l of siteLocales(src.id).filter((x) => !x.isDefault).sort((a, b) => a.createdAt - b.createdAt)) {
      localeMap.set(l.id, addLocale(copy.id, l.code, { domain: l.domain }).id);
    }
    for (const p of sitePages(src.id).sort((a, b) => a.createdAt - b.createdAt)) {
      const np = structuredClone(p);
      np.id = uuid();
      np.siteId = copy.id;
      np.localizations = p.localizations.filter((z) => localeMap.has(z.localeId)).map((z) => ({ ...z, id: uuid(), localeId: localeMap.get(z.localeId) }));
      pages.set(np.id, np);
    }
    for (const r of siteRoutes(src.id).sort((a, b) => a.createdAt - b.createdAt)) addRoute(copy.id, r.pathname);
    return [201, siteJson(copy)];
  };
  h.listSitePages = (ctx) => {
    const id = pathSiteId(ctx);
    const limit = qparam(ctx, 'limit', limitCheck) ?? 20;
    const after = qparam(ctx, 'startingAfter', uuidCheck);
    for (const name of ['siteId', 'pathPrefix', 'sortBy', 'sortDirection', 'includeOffline', 'locale', 'versionRef']) {
      if (ctx.query.has(name)) ctx.p.add('query', name, 'is not accepted on /v2/sites/{siteId}/pages (use GET /v6/pages)');
    }
    ctx.p.throwIfAny();
    const site = findSite(ctx, id);
    allow(ctx, 'page.read', 'read pages');
    const cmp = (a, b) => b.page.createdAt - a.page.createdAt || cpCmp(a.id, b.id);
    const rows = sitePages(site.id).map((p) => pageRow(p, 'draft', null)).sort(cmp);
    const page = paginate(rows, cmp, after, (cid) => {
      const p = pages.get(cid) ?? deadPages.get(cid);
      return p && p.siteId === site.id ? pageRow(p, 'draft', null) : null;
    }, limit);
    return [200, listBody(page, (r) => r.view)];
  };

  // ---------- handlers: locales
  function resolveLocale(ctx, ref, siteIdQ) {
    if (ref.id) {
      if (siteIdQ) findSite(ctx, siteIdQ); // validated, then not cross-checked
      const l = locales.get(ref.id);
      if (!l || l.deletedAt) throw notFound(`Locale ${ref.id} not found.`);
      reach(ctx, sites.get(l.siteId));
      return l;
    }
    const site = contextSite(ctx, siteIdQ);
    const l = siteLocales(site.id).find((x) => x.code === ref.code);
    if (!l) throw notFound(`Locale "${ref.code}" not found in site ${site.id}.`);
    return l;
  }
  function localeQuota(siteId, field) {
    if (siteLocales(siteId).length >= MAX_LOCALES) throw bad1(field, `cannot be added: a site may have at most ${MAX_LOCALES} locales (default included)`);
  }
  function domainTaken(siteId, domain, exceptId) {
    return domain !== null && siteLocales(siteId).some((l) => l.id !== exceptId && l.domain === domain);
  }
  h.listLocales = (ctx) => {
    const siteId = qparam(ctx, 'siteId', uuidCheck, { required: true });
    const limit = qparam(ctx, 'limit', limitCheck) ?? 20;
    const after = qparam(ctx, 'startingAfter', uuidCheck);
    ctx.p.throwIfAny();
    const site = findSite(ctx, siteId);
    allow(ctx, 'locale.read', 'read locales');
    const items = siteLocales(site.id).sort(localeCmp);
    const page = paginate(items, localeCmp, after, (id) => {
      const l = locales.get(id);
      return l && l.siteId === site.id ? l : null;
    }, limit);
    return [200, listBody(page, localeJson)];
  };
  h.createLocale = (ctx) => {
    const f = bodyFields(ctx, [
      { name: 'siteId', required: true, check: uuidCheck },
      { name: 'locale', required: true, check: localeBodyCheck },
      { name: 'domain', check: (v) => domainCheck(v, { nullable: true }) },
    ]);
    ctx.p.throwIfAny();
    const site = findSite(ctx, f.siteId);
    allow(ctx, 'locale.write', 'create locales');
    localeQuota(site.id, 'locale');
    if (siteLocales(site.id).some((l) => l.code === f.locale)) throw conflict(`Locale "${f.locale}" already exists in this site.`);
    const domain = f.domain ?? null;
    if (domainTaken(site.id, domain)) throw conflict(`Domain ${domain} is already used by another locale of this site.`);
    return [201, localeJson(addLocale(site.id, f.locale, { domain }))];
  };
  h.getLocale = (ctx) => {
    const ref = pathLocaleRef(ctx);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'locale code');
    ctx.p.throwIfAny();
    const l = resolveLocale(ctx, ref, siteIdQ);
    allow(ctx, 'locale.read', 'read locales');
    return [200, localeJson(l)];
  };
  h.updateLocale = (ctx) => {
    const ref = pathLocaleRef(ctx);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'locale code');
    const f = bodyFields(ctx, [
      { name: 'locale', check: localeBodyCheck },
      { name: 'domain', check: (v) => domainCheck(v, { nullable: true }) },
    ]);
    ctx.p.throwIfAny();
    const l = resolveLocale(ctx, ref, siteIdQ);
    allow(ctx, 'locale.write', 'update locales');
    if ('locale' in f && f.locale !== l.code) {
      if (l.isDefault) throw forbidden("The default locale's code cannot be changed.");
      if (siteLocales(l.siteId).some((x) => x.code === f.locale)) throw conflict(`Locale "${f.locale}" already exists in this site.`);
    }
    if ('domain' in f && domainTaken(l.siteId, f.domain, l.id)) throw conflict(`Domain ${f.domain} is already used by another locale of this site.`);
    if ('locale' in f) l.code = f.locale;
    if ('domain' in f) l.domain = f.domain;
    return [200, localeJson(l)];
  };
  h.deleteLocale = (ctx) => {
    const ref = pathLocaleRef(ctx);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'locale code');
    ctx.p.throwIfAny();
    const l = resolveLocale(ctx, ref, siteIdQ);
    allow(ctx, 'locale.write', 'delete locales');
    if (l.isDefault) throw forbidden('The default locale of a site cannot be deleted.');
    l.deletedAt = nowMicros();
    return [204];
  };
  h.restoreLocale = (ctx) => {
    const ref = pathLocaleRef(ctx);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'locale code');
    ctx.p.throwIfAny();
    let l;
    if (ref.id) {
      if (siteIdQ) findSite(ctx, siteIdQ);
      l = locales.get(ref.id);
      if (!l) throw notFound(`Locale ${ref.id} not found.`);
      reach(ctx, sites.get(l.siteId));
    } else {
      const site = contextSite(ctx, siteIdQ);
      const all = siteLocales(site.id, { withDeleted: true }).filter((x) => x.code === ref.code);
      const active = all.find((x) => !x.deletedAt);
      const deleted = all.filter((x) => x.deletedAt);
      if (active) l = active;
      else if (deleted.length === 1) l = deleted[0];
      else if (deleted.length > 1) {
        allow(ctx, 'locale.write', 'restore locales');
        throw conflict(`Several deleted locales have the code "${ref.code}"; restore one by its ID.`);
      } else throw notFound(`Locale "${ref.code}" not found in site ${site.id}.`);
    }
    allow(ctx, 'locale.write', 'restore locales');
    if (!l.deletedAt) return [200, localeJson(l)];
    if (siteLocales(l.siteId).some((x) => x.code === l.code)) throw conflict(`Locale "${l.code}" is active again in this site; this record cannot be restored.`);
    if (domainTaken(l.siteId, l.domain, l.id)) throw conflict(`Domain ${l.domain} is now used by another locale of this site.`);
    localeQuota(l.siteId, 'localeIdOrCode');
    l.deletedAt = null;
    return [200, localeJson(l)];
  };

  // ---------- handlers: pages
  function resolvePageLocale(ctx, site, localeRef) {
    if (!localeRef) return null;
    const l = localeRef.id ? locales.get(localeRef.id) : siteLocales(site.id).find((x) => x.code === localeRef.code);
    if (!l || l.deletedAt || l.siteId !== site.id) throw notFound(`Locale ${localeRef.id ?? `"${localeRef.code}"`} not found in site ${site.id}.`);
    return l;
  }
  const VERSION = { 'ref:draft': 'draft', 'ref:live': 'live' };
  h.listPages = (ctx) => {
    const siteId = qparam(ctx, 'siteId', uuidCheck, { required: true });
    const limit = qparam(ctx, 'limit', limitCheck) ?? 20;
    const after = qparam(ctx, 'startingAfter', uuidCheck);
    const pathPrefix = qparam(ctx, 'pathPrefix', pathPrefixCheck) ?? '/';
    const sortBy = qparam(ctx, 'sortBy', enumCheck(['title', 'path', 'description', 'updatedAt', 'createdAt'])) ?? 'path';
    const direction = qparam(ctx, 'sortDirection', enumCheck(['asc', 'desc'])) ?? 'asc';
    const includeOffline = qparam(ctx, 'includeOffline', queryBoolCheck) ?? false;
    const localeRef = qparam(ctx, 'locale', localeRefCheck);
    const versionRef = qparam(ctx, 'versionRef', enumCheck(['ref:live', 'ref:draft'])) ?? 'ref:draft';
    ctx.p.throwIfAny();
    const site = findSite(ctx, siteId);
    allow(ctx, 'page.read', 'read pages');
    const localeRec = resolvePageLocale(ctx, site, localeRef);
    const version = VERSION[versionRef];
    const prefix = pathPrefix.toLowerCase();
    const cmp = pageRowCmp(sortBy, direction);
    const rows = [];
    for (const p of sitePages(site.id)) {
      const view = pageView(p, version, localeRec);
      if (!view) continue;
      if (!includeOffline && !p.isOnline) continue;
      if (!view.pathname.toLowerCase().startsWith(prefix)) continue;
      rows.push({ id: p.id, page: p, view, updatedAtKey: version === 'live' ? p.live.updatedAt : p.updatedAt });
    }
    rows.sort(cmp);
    const page = paginate(rows, cmp, after, (cid) => {
      const p = pages.get(cid) ?? deadPages.get(cid);
      return p && p.siteId === site.id ? pageRow(p, version, localeRec) : null;
    }, limit);
    return [200, listBody(page, (r) => r.view)];
  };
  function resolvePage(ctx, ref, siteIdQ, version) {
    if (ref.id) {
      if (siteIdQ) findSite(ctx, siteIdQ);
      const p = pages.get(ref.id);
      if (!p) throw notFound(`Page ${ref.id} not found.`);
      reach(ctx, sites.get(p.siteId));
      return p;
    }
    const site = contextSite(ctx, siteIdQ);
    const p = sitePages(site.id).find((x) => (version === 'live' ? x.live?.pathname : x.draft.pathname) === ref.pathname);
    if (!p) throw notFound(`No page with pathname "${ref.pathname}" in site ${site.id}${version === 'live' ? ' (live version)' : ''}.`);
    return p;
  }
  h.getPage = (ctx) => {
    const ref = restRef(ctx.params.rest);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'pathname');
    const versionRef = qparam(ctx, 'versionRef', enumCheck(['ref:live', 'ref:draft'])) ?? 'ref:draft';
    const localeRef = qparam(ctx, 'locale', localeRefCheck);
    ctx.p.throwIfAny();
    const version = VERSION[versionRef];
    const p = resolvePage(ctx, ref, siteIdQ, version);
    allow(ctx, 'page.read', 'read pages');
    const localeRec = resolvePageLocale(ctx, sites.get(p.siteId), localeRef);
    const view = pageView(p, version, localeRec);
    if (!view) throw notFound(`Page ${p.id} has no live version.`);
    return [200, view];
  };
  h.createPage = (ctx) => {
    const f = bodyFields(ctx, [
      { name: 'siteId', required: true, check: uuidCheck },
      { name: 'pathname', required: true, check: (v) => pagePathnameCheck(v) },
      { name: 'name', required: true, check: pageNameCheck },
    ]);
    ctx.p.throwIfAny();
    const site = findSite(ctx, f.siteId);
    allow(ctx, 'page.write', 'create pages');
    const taken = pathnameTaken(site.id, f.pathname);
    if (taken) throw conflict(`A page or route with the pathname "${f.pathname}" already exists (${taken}).`);
    const p = addPage(site.id, { pathname: f.pathname, name: f.name });
    return [201, pageView(p)];
  };
  h.updatePage = (ctx) => {
    const ref = restRef(ctx.params.rest);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'pathname');
    const f = bodyFields(ctx, [
      { name: 'pathname', check: (v) => pagePathnameCheck(v, { missingMessage: 'Missing pathname field.' }) },
      { name: 'name', check: pageNameCheck },
      { name: 'isOnline', check: booleanCheck },
    ]);
    ctx.p.throwIfAny();
    const p = resolvePage(ctx, ref, siteIdQ, 'draft');
    allow(ctx, 'page.write', 'update pages');
    if ('pathname' in f && f.pathname !== p.draft.pathname) {
      const taken = pathnameTaken(p.siteId, f.pathname, { exceptPage: p.id });
      if (taken) throw conflict(`A page or route with the pathname "${f.pathname}" already exists (${taken}).`);
    }
    if ('pathname' in f || 'name' in f) {
      if ('pathname' in f) p.draft.pathname = f.pathname;
      if ('name' in f) p.name = f.name;
      p.updatedAt = nowMicros();
    }
    if (f.isOnline === true) publish(p);
    else if (f.isOnline === false) p.isOnline = false;
    return [200, pageView(p)];
  };
  h.deletePage = (ctx) => {
    const ref = restRef(ctx.params.rest);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'pathname');
    ctx.p.throwIfAny();
    const p = resolvePage(ctx, ref, siteIdQ, 'draft');
    allow(ctx, 'page.write', 'delete pages');
    p.defaultCode = defaultLocaleOf(sites.get(p.siteId)).code;
    pages.delete(p.id);
    deadPages.set(p.id, p);
    return [204];
  };

  // ---------- handlers: routes
  function resolveRoute(ctx, ref, siteIdQ) {
    if (ref.id) {
      if (siteIdQ) findSite(ctx, siteIdQ);
      const r = routes.get(ref.id);
      if (!r) throw notFound(`Route ${ref.id} not found.`);
      reach(ctx, sites.get(r.siteId));
      return r;
    }
    const site = contextSite(ctx, siteIdQ);
    const r = siteRoutes(site.id).find((x) => x.pathname === ref.pathname);
    if (!r) throw notFound(`No route with pathname "${ref.pathname}" in site ${site.id}.`);
    return r;
  }
  h.listRoutes = (ctx) => {
    const siteId = qparam(ctx, 'siteId', uuidCheck, { required: true });
    const limit = qparam(ctx, 'limit', limitCheck) ?? 20;
    const after = qparam(ctx, 'startingAfter', uuidCheck);
    ctx.p.throwIfAny();
    const site = findSite(ctx, siteId);
    allow(ctx, 'route.read', 'read routes');
    const items = siteRoutes(site.id).sort(routeCmp);
    const page = paginate(items, routeCmp, after, (id) => {
      const r = routes.get(id) ?? deadRoutes.get(id);
      return r && r.siteId === site.id ? r : null;
    }, limit);
    return [200, listBody(page, routeJson)];
  };
  h.createRoute = (ctx) => {
    const skip = qparam(ctx, 'skipValidation', queryBoolCheck) ?? false;
    const f = bodyFields(ctx, [
      { name: 'siteId', required: true, check: uuidCheck },
      { name: 'pathname', required: true, check: (v) => routePathnameCheck(v, skip) },
    ]);
    ctx.p.throwIfAny();
    const site = findSite(ctx, f.siteId);
    allow(ctx, 'route.write', 'create routes');
    const taken = pathnameTaken(site.id, f.pathname);
    if (taken) throw conflict(`A page or route with the pathname "${f.pathname}" already exists (${taken}).`);
    return [201, routeJson(addRoute(site.id, f.pathname))];
  };
  h.getRoute = (ctx) => {
    const ref = restRef(ctx.params.rest);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'pathname');
    ctx.p.throwIfAny();
    const r = resolveRoute(ctx, ref, siteIdQ);
    allow(ctx, 'route.read', 'read routes');
    return [200, routeJson(r)];
  };
  h.updateRoute = (ctx) => {
    const ref = restRef(ctx.params.rest);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'pathname');
    const skip = qparam(ctx, 'skipValidation', queryBoolCheck) ?? false;
    const f = bodyFields(ctx, [{ name: 'pathname', check: (v) => routePathnameCheck(v, skip) }]);
    ctx.p.throwIfAny();
    const r = resolveRoute(ctx, ref, siteIdQ);
    allow(ctx, 'route.write', 'update routes');
    if ('pathname' in f && f.pathname !== r.pathname) {
      const taken = pathnameTaken(r.siteId, f.pathname, { exceptRoute: r.id });
      if (taken) throw conflict(`A page or route with the pathname "${f.pathname}" already exists (${taken}).`);
      r.pathname = f.pathname;
    }
    return [200, routeJson(r)];
  };
  h.deleteRoute = (ctx) => {
    const ref = restRef(ctx.params.rest);
    const siteIdQ = qparam(ctx, 'siteId', uuidCheck);
    requireSiteIdFor(ctx, ref, siteIdQ, 'pathname');
    ctx.p.throwIfAny();
    const r = resolveRoute(ctx, ref, siteIdQ);
    allow(ctx, 'route.write', 'delete routes');
    routes.delete(r.id);
    deadRoutes.set(r.id, r);
    return [204];
  };

  // ---------- routing table
  const TABLE = [
    { path: ['v2', 'sites'], methods: { GET: h.listSites, POST: h.createSite } },
    { path: ['v2', 'sites', ':siteId'], methods: { GET: h.getSite, PATCH: h.updateSite, DELETE: h.deleteSite } },
    { path: ['v2', 'sites', ':siteId', 'duplicate'], methods: { POST: h.duplicateSite } },
    { path: ['v2', 'sites', ':siteId', 'pages'], methods: { GET: h.listSitePages } },
    { path: ['v2', 'locales'], methods: { GET: h.listLocales, POST: h.createLocale } },
    { path: ['v2', 'locales', ':localeIdOrCode'], methods: { GET: h.getLocale, PATCH: h.updateLocale, DELETE: h.deleteLocale } },
    { path: ['v2', 'locales', ':localeIdOrCode', 'restore'], methods: { POST: h.restoreLocale } },
    { path: ['v2', 'routes'], methods: { GET: h.listRoutes, POST: h.createRoute } },
    { rest: ['v2', 'routes'], methods: { GET: h.getRoute, PATCH: h.updateRoute, DELETE: h.deleteRoute } },
    { path: ['v6', 'pages'], methods: { GET: h.listPages, POST: h.createPage } },
    { rest: ['v6', 'pages'], methods: { GET: h.getPage, PATCH: h.updatePage, DELETE: h.deletePage } },
  ];
  /** Returns {entry, params} or null. Throws 400 on undecodable path segments. */
  function match(rawPath) {
    let p = rawPath;
    if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1); // one trailing slash is tolerated
    if (!p.startsWith('/')) return null;
    const rawSegs = p.slice(1).split('/');
    const decode = (s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw bad1('path', 'has malformed percent-encoding');
      }
    };
    for (const e of TABLE) {
      if (!e.path || e.path.length !== rawSegs.length) continue;
      const params = {};
      let ok = true;
      for (let i = 0; i < e.path.length && ok; i++) {
        const want = e.path[i];
        if (want.startsWith(':')) {
          if (rawSegs[i] === '') ok = false;
          else params[want.slice(1)] = decode(rawSegs[i]);
        } else if (rawSegs[i] !== want) ok = false;
      }
      if (ok) return { entry: e, params };
    }
    for (const e of TABLE) {
      if (!e.rest || rawSegs.length <= e.rest.length) continue;
      if (!e.rest.every((s, i) => rawSegs[i] === s)) continue;
      const remainder = rawSegs.slice(e.rest.length);
      if (remainder.every((s) => s === '')) continue;
      return { entry: e, params: { rest: remainder.map(decode).join('/') } };
    }
    return null;
  }
  function allowHeader(entry) {
    const m = Object.keys(entry.methods);
    if (m.includes('GET')) m.push('HEAD');
    m.push('OPTIONS');
    return m.join(', ');
  }

  // ---------- HTTP plumbing
  function parseQuery(raw) {
    const q = new Map();
    if (!raw) return q;
    for (const piece of raw.split('&')) {
      if (piece === '') continue;
      const eq = piece.indexOf('=');
      const rn = (eq < 0 ? piece : piece.slice(0, eq)).replace(/\+/g, ' ');
      const rv = (eq < 0 ? '' : piece.slice(eq + 1)).replace(/\+/g, ' ');
      let name;
      try {
        name = decodeURIComponent(rn);
      } catch {
        continue; // an undecodable name cannot be one of ours: ignored like any unknown parameter
      }
      let entry;
      try {
        entry = { v: decodeURIComponent(rv) };
      } catch {
        entry = { bad: true };
      }
      if (!q.has(name)) q.set(name, []);
      q.get(name).push(entry);
    }
    return q;
  }
  function parsePayload(ctx, req, buf) {
    if (buf.length === 0) return {};
    const ct = req.headers['content-type'];
    if (ct === undefined) {
      ctx.p.add('payload', 'payload', 'needs a Content-Type header (application/json)');
      return null;
    }
    const [type, ...params] = String(ct).split(';').map((s) => s.trim());
    const media = type.toLowerCase();
    if (media !== 'application/json' && media !== 'text/plain') {
      ctx.p.add('payload', 'payload', `has an unsupported Content-Type "${type}" (application/json expected)`);
      return null;
    }
    for (const prm of params) {
      const [k, v = ''] = prm.split('=').map((s) => s.trim());
      if (k.toLowerCase() === 'charset' && v.replace(/"/g, '').toLowerCase() !== 'utf-8') {
        ctx.p.add('payload', 'payload', 'must be encoded in UTF-8');
        return null;
      }
    }
    let body;
    try {
      body = JSON.parse(buf.toString('utf8'));
    } catch {
      ctx.p.add('payload', 'payload', 'is not valid JSON');
      return null;
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      ctx.p.add('payload', 'payload', 'must be a JSON object');
      return null;
    }
    return body;
  }
  function send(req, res, status, obj, headers = {}) {
    if (status === 204) {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    const text = `${JSON.stringify(obj)}\n`;
    res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(req.method === 'HEAD' ? undefined : text);
  }
  function errorBody(e) {
    const b = { object: 'error', code: e.code, message: e.message };
    if (e.status === 400) b.details = e.details && e.details.length ? e.details : [{ field: 'request', message: e.message }];
    return b;
  }
  function readBody(req) {
    return new Promise((resolve) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_BODY) {
        resolve({ tooLarge: true });
        return;
      }
      const chunks = [];
      let size = 0;
      let done = false;
      req.on('data', (c) => {
        if (done) return;
        size += c.length;
        if (size > MAX_BODY) {
          done = true;
          resolve({ tooLarge: true });
          return;
        }
        chunks.push(c);
      });
      req.on('end', () => {
        if (!done) {
          done = true;
          resolve({ buf: Buffer.concat(chunks) });
        }
      });
      req.on('error', () => {
        if (!done) {
          done = true;
          resolve({ buf: Buffer.alloc(0) });
        }
      });
    });
  }

  async function handle(req, res) {
    const rawUrl = req.url || '/';
    const qi = rawUrl.indexOf('?');
    const rawPath = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
    const rawQuery = qi < 0 ? '' : rawUrl.slice(qi + 1);
    const version = /^\/(v\d+)\//.exec(rawPath)?.[1];
    const baseHeaders = version ? { 'api-version': version } : {};
    try {
      const body = await readBody(req);
      if (body.tooLarge) {
        send(req, res, 400, errorBody(bad1('payload', `must be at most ${MAX_BODY} bytes`)), { ...baseHeaders, connection: 'close' });
        return;
      }
      if (req.method === 'OPTIONS') {
        let m = null;
        try {
          m = match(rawPath);
        } catch {
          m = null;
        }
        if (!m) throw notFound(`No resource at ${rawPath}.`);
        res.writeHead(204, { ...baseHeaders, allow: allowHeader(m.entry) });
        res.end();
        return;
      }
      const auth = authenticate(req);
      const m = match(rawPath);
      if (!m) throw notFound(`No resource at ${rawPath}.`);
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const fn = m.entry.methods[method];
      if (!fn) throw notFound(`${req.method} is not supported on ${rawPath}; supported: ${allowHeader(m.entry)}.`);
      const ctx = { auth, params: m.params, query: parseQuery(rawQuery), p: new Problems(), body: null };
      const takesBody = (method === 'POST' || method === 'PATCH') && fn !== h.restoreLocale;
      ctx.body = takesBody ? parsePayload(ctx, req, body.buf) : {};
      const [status, out] = fn(ctx);
      send(req, res, status, out, baseHeaders);
    } catch (e) {
      if (e instanceof ApiError) send(req, res, e.status, errorBody(e), baseHeaders);
      else {
        process.stderr.write(`outsider7: unexpected error: ${e && e.stack ? e.stack : e}\n`);
        send(req, res, 400, errorBody(bad1('request', 'could not be processed')), baseHeaders);
      }
    }
  }

  return { handle, announce };
}

// ---------------------------------------------------------------- server
export function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const service = createService();
  const server = http.createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    service.handle(req, res).catch(() => {
      try {
        res.destroy();
      } catch {
        /* ignore */
      }
    });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = `${JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: 'request', message: 'is not a well-formed HTTP request' }] })}\n`;
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      const url = `http://${host}:${actual}`;
      resolve({
        url,
        ...service.announce,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections?.();
          }),
      });
    });
  });
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port: Number.isFinite(port) ? port : 0 });
  process.stdout.write(`${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`);
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
