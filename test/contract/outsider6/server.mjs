// outsider6 — an independent in-memory deployment of the Site-Building Service REST API,
// written only from the specification and the published OpenAPI. Plain Node ESM, node: built-ins only.
//   node server.mjs --port 0      -> prints one JSON line on stdout once listening
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------- constants and small helpers
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
const BODY_LIMIT = 10240; // bytes; above this a body is refused (400 on `body`)
const BODY_HARD_LIMIT = 1024 * 1024; // above this the request is answered at once and the connection closed
const LOCALE_QUOTA = 12; // active locales per site, the default included
const SITE_NAME_MAX = 48;
const PAGE_NAME_MAX = 120;
const PAGE_PATH_MAX = 160;
const PAGE_PATH_DEPTH = 6;
const PAGE_SEGMENT_MAX = 40;
const ROUTE_PATH_MAX = 200;
const ROUTE_PATH_DEPTH = 8;
const RAW_ROUTE_MAX = 2048;
const URL_MAX = 300;
const DOMAIN_MAX = 200;
const OFFSET_MS = 60 * 60 * 1000; // timestamps are written with a fixed +01:00 offset
const SORT_FIELDS = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
const CONTROL = /\p{Cc}/u;
const COLLATOR = new Intl.Collator('en', { numeric: true, caseFirst: 'upper' });
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const NOT_REGIONS = new Set(['AA', 'EU', 'EZ', 'UN', 'QO', 'ZZ']);

class ApiError extends Error {
  constructor(status, message, details) {
    super(message);
    this.status = status;
    this.details = details;
  }
}
const notFound = (m) => new ApiError(404, m);
const forbidden = (m) => new ApiError(403, m);
const conflict = (m) => new ApiError(409, m);
function badRequest(details) {
  const fields = details.map((d) => d.field);
  const message =
    details.length === 1
      ? `The request was rejected: ${details[0].field} ${details[0].message}`
      : `The request was rejected: ${details.length} fields are invalid (${fields.join(', ')}).`;
  return new ApiError(400, message, details);
}

/** One detail per field, the first problem found for it. */
class Problems {
  constructor() {
    this.list = [];
  }
  add(field, message) {
    if (!this.list.some((d) => d.field === field)) this.list.push({ field, message });
  }
  has(field) {
    return this.list.some((d) => d.field === field);
  }
  get size() {
    return this.list.length;
  }
  throwIfAny(...more) {
    const all = [...this.list];
    for (const m of more) for (const d of m.list) if (!all.some((x) => x.field === d.field)) all.push(d);
    if (all.length) throw badRequest(all);
  }
}

function hex(b) {
  return b.toString('hex');
}
/** UUID v7: 48-bit Unix milliseconds, version 7, variant 10, random rest. */
function uuid7() {
  const b = randomBytes(16);
  let ms = Date.now();
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function appKey() {
  const b = randomBytes(36);
  let s = 'appk_';
  for (const x of b) s += BASE36[x % 36];
  return s;
}
let lastMs = 0;
function nowMs() {
  let t = Date.now();
  if (t <= lastMs) t = lastMs + 1;
  lastMs = t;
  return t;
}
function ts(ms) {
  if (ms === null || ms === undefined) return null;
  return new Date(ms + OFFSET_MS).toISOString().replace('Z', '+01:00');
}
const cpLength = (s) => [...s].length;
const lc = (s) => s.toLowerCase();

// ---------------------------------------------------------------- value grammars
function isLocaleCode(v) {
  const m = /^([a-z]{2})(?:-([A-Z]{2}))?$/.exec(v);
  if (!m) return false;
  if (LANGUAGE_NAMES.of(m[1]) === undefined) return false;
  if (m[2] !== undefined) {
    if (NOT_REGIONS.has(m[2]) || /^(Q[M-Z]|X[A-Z])$/.test(m[2])) return false;
    if (REGION_NAMES.of(m[2]) === undefined) return false;
  }
  return true;
}
function localeProblem(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(v)) return 'must be a language code with an optional region, written exactly like "en" or "en-US"';
  if (!isLocaleCode(v)) return 'names an unknown ISO 639-1 language or ISO 3166-1 region';
  return null;
}
/** Site name: NFC, trimmed, 1..48 code points, no control characters. Returns [value, problem]. */
function siteName(v) {
  if (typeof v !== 'string') return [null, 'must be a string'];
  const s = v.normalize('NFC').trim();
  if (s.length === 0) return [null, 'must not be empty'];
  if (CONTROL.test(s)) return [null, 'must not contain control characters'];
  if (cpLength(s) > SITE_NAME_MAX) return [null, `must be at most ${SITE_NAME_MAX} characters`];
  return [s, null];
}
function pageName(v) {
  if (typeof v !== 'string') return [null, 'must be a string'];
  const s = v.trim();
  if (s.length < 1) return [null, 'must have a minimum length of 1 (after trimming)'];
  if (CONTROL.test(s)) return [null, 'must not contain control characters'];
  if (cpLength(s) > PAGE_NAME_MAX) return [null, `must be at most ${PAGE_NAME_MAX} characters`];
  return [s, null];
}
function pagePathProblem(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (!v.startsWith('/')) return 'must begin with "/"';
  if (v.length > PAGE_PATH_MAX) return `must be at most ${PAGE_PATH_MAX} characters`;
  if (v === '/') return null;
  if (v.endsWith('/')) return 'must not end with "/"';
  const segs = v.slice(1).split('/');
  if (segs.length > PAGE_PATH_DEPTH) return `must have at most ${PAGE_PATH_DEPTH} segments`;
  for (const s of segs) {
    if (s === '') return 'must not contain empty segments ("//")';
    if (s.length > PAGE_SEGMENT_MAX) return `segments must be at most ${PAGE_SEGMENT_MAX} characters`;
    if (s.startsWith('_')) return 'segments starting with "_" are reserved';
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(s)) return 'segments may only hold ASCII letters, digits, "-" and "_"';
  }
  return null;
}
function normaliseRoute(v) {
  let s = v.replace(/\/{2,}/g, '/');
  if (s.length > 1 && s.endsWith('/')) s = s.slice(0, -1);
  return s;
}
function routePathProblem(v) {
  if (!v.startsWith('/')) return 'must begin with "/"';
  if (v.length > ROUTE_PATH_MAX) return `must be at most ${ROUTE_PATH_MAX} characters`;
  if (v === '/') return null;
  const segs = v.slice(1).split('/');
  if (segs.length > ROUTE_PATH_DEPTH) return `must have at most ${ROUTE_PATH_DEPTH} segments`;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s === '*') {
      if (i !== segs.length - 1) return '"*" may only be the last segment';
      continue;
    }
    if (/^:[A-Za-z_][A-Za-z0-9_]*$/.test(s)) continue;
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(s)) return `segment "${s}" is neither a literal, a ":param" nor a final "*"`;
  }
  return null;
}
function rawRouteProblem(v) {
  if (!v.startsWith('/')) return 'must begin with "/"';
  if (v.length > RAW_ROUTE_MAX) return `must be at most ${RAW_ROUTE_MAX} characters`;
  if (/[\s\p{Cc}]/u.test(v)) return 'must not contain whitespace or control characters';
  return null;
}
/** hostOrigin: http(s) origin, stored WHATWG-serialised with a trailing "/". */
function hostOrigin(v) {
  if (typeof v !== 'string') return [null, 'must be a string'];
  if (v.length === 0) return [null, 'must not be empty'];
  if (v.length > URL_MAX) return [null, `must be at most ${URL_MAX} characters`];
  if (!/^[\x21-\x7e]+$/.test(v)) return [null, 'must be a URI of printable ASCII characters'];
  let u;
  try {
    u = new URL(v);
  } catch {
    return [null, 'must be an absolute URI'];
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return [null, 'must use http or https'];
  if (u.username || u.password) return [null, 'must not contain credentials'];
  if (u.pathname !== '/' || u.search || u.hash || /[?#]/.test(v)) return [null, 'must be an origin (no path, query or fragment)'];
  return [`${u.origin}/`, null];
}
/** Locale domain: http(s) origin, stored as the URL origin (no trailing "/"). */
function domainValue(v) {
  if (typeof v !== 'string') return [null, 'must be a string'];
  if (v.length === 0) return [null, 'must not be empty'];
  if (v.length > DOMAIN_MAX) return [null, `must be at most ${DOMAIN_MAX} characters`];
  if (!/^[\x21-\x7e]+$/.test(v)) return [null, 'must be a URI of printable ASCII characters'];
  let u;
  try {
    u = new URL(v);
  } catch {
    return [null, 'must be an absolute URI including the protocol'];
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return [null, 'must use http or https'];
  if (u.username || u.password) return [null, 'must not contain credentials'];
  if (u.pathname !== '/' || u.search || u.hash || /[?#]/.test(v)) return [null, 'must be an origin (no path, query or fragment)'];
  return [u.origin, null];
}
/** Body fields whose names differ from a known field only in letter case are refused. */
function caseTypos(p, body, known) {
  for (const k of Object.keys(body).sort()) {
    if (known.includes(k)) continue;
    const hit = known.find((x) => lc(x) === lc(k));
    if (hit) p.add(k, `is not a field of this operation; did you mean "${hit}"?`);
  }
}

// ---------------------------------------------------------------- query parsing
function parseQuery(raw) {
  const q = new Map();
  const bad = new Problems();
  if (!raw) return { q, bad };
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    let k = i < 0 ? part : part.slice(0, i);
    let v = i < 0 ? '' : part.slice(i + 1);
    try {
      k = decodeURIComponent(k.replace(/\+/g, ' '));
    } catch {
      bad.add('query', 'holds a parameter name that is not valid percent-encoding');
      continue;
    }
    try {
      v = decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      bad.add(k, 'is not valid percent-encoding');
      continue;
    }
    q.set(k, q.has(k) ? `${q.get(k)},${v}` : v); // repeated parameters are joined with ","
  }
  return { q, bad };
}
function parseLimit(p, q) {
  if (!q.has('limit')) return 20;
  const v = q.get('limit');
  if (!/^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(v)) {
    p.add('limit', 'must be a number');
    return 20;
  }
  const n = Number(v);
  if (!Number.isInteger(n)) p.add('limit', 'must be a whole number');
  else if (n < 1 || n > 100) p.add('limit', 'must be between 1 and 100');
  return n;
}
function parseCursor(p, q) {
  const v = q.get('startingAfter');
  if (v === undefined || v === '') return null;
  if (!UUID_RE.test(v)) {
    p.add('startingAfter', 'must be a UUID');
    return null;
  }
  return lc(v);
}
function parseEnum(p, q, name, values, dflt) {
  if (!q.has(name)) return dflt;
  const v = q.get(name);
  if (!values.includes(v)) {
    p.add(name, `must be one of: ${values.join(', ')}`);
    return dflt;
  }
  return v;
}
/** Cursor pagination over a sorted universe of {id, visible, item}; an id filtered out resumes at its place. */
function paginate(universe, cursor, limit, what) {
  let start = 0;
  if (cursor) {
    const idx = universe.findIndex((e) => e.id === cursor);
    if (idx < 0) throw notFound(`startingAfter names no ${what} of this list.`);
    start = idx + 1;
  }
  const rest = universe.slice(start).filter((e) => e.visible);
  return { object: 'list', data: rest.slice(0, limit).map((e) => e.item), hasMore: rest.length > limit };
}

// ---------------------------------------------------------------- the service
export function createService() {
  const workspaces = new Map(); // id -> {id, name}
  const appKeys = new Map(); // key -> workspaceId
  const sites = new Map(); // id -> site
  const locales = new Map(); // id -> locale record
  const pages = new Map(); // id -> page
  const routes = new Map(); // id -> route
  const siteKeyIndex = new Map(); // lower-case site key -> siteId
  const publicKeyIndex = new Map(); // lower-case publicApiKey -> siteId

  // -------- state helpers
  const siteLocales = (site) => [...locales.values()].filter((l) => l.siteId === site.id);
  const activeLocales = (site) => siteLocales(site).filter((l) => l.deletedAt === null);
  const defaultLocaleOf = (site) => siteLocales(site).find((l) => l.isDefault);
  const sitePages = (site) => [...pages.values()].filter((p) => p.siteId === site.id);
  const siteRoutes = (site) => [...routes.values()].filter((r) => r.siteId === site.id);

  function siteView(s) {
    return {
      object: 'site',
      id: s.id,
      name: s.name,
      hostOrigin: s.hostOrigin,
      publicApiKey: s.publicApiKey,
      defaultLocale: defaultLocaleOf(s).code,
      defaultLocalePathPrefix: '',
      localeManagementMode: activeLocales(s).length >= 2 ? 'external' : 'internal',
    };
  }
  function localeView(l) {
    return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.isDefault ? '' : lc(l.code), isDefault: l.isDefault };
  }
  function routeView(r) {
    return { object: 'route', id: r.id, pathname: r.pathname };
  }
  /** A page as shown in a version and (optionally) a locale; null when it has no such version. */
  function pageView(page, version, locale, withLocale) {
    const v = version === 'live' ? page.live : page.draft;
    if (!v) return null;
    const site = sites.get(page.siteId);
    const def = defaultLocaleOf(site);
    const active = activeLocales(site)
      .filter((l) => !l.isDefault)
      .sort((a, b) => a.createdAt - b.createdAt);
    const localizations = [{ id: page.defaultLocalizationId, locale: def.code, pathname: v.pathname }];
    for (const l of active) {
      const loc = page.localizations.find((x) => x.localeId === l.id);
      if (loc) localizations.push({ id: loc.id, locale: l.code, pathname: loc.pathname });
    }
    const out = {
      object: 'page',
      id: page.id,
      pathname: v.pathname,
      canonicalUrl: v.canonicalUrl,
      title: v.title,
      description: v.description,
      socialImageUrl: v.socialImageUrl,
      sitemapPriority: v.sitemapPriority,
      sitemapFrequency: v.sitemapFrequency,
      createdAt: ts(page.createdAt),
      updatedAt: ts(page.updatedAt),
      publishedAt: ts(page.publishedAt),
      isOnline: v.isOnline,
      excludedFromSearchEngines: v.excludedFromSearchEngines,
      localizations,
    };
    let shown = def.code;
    if (locale && !locale.isDefault) {
      const loc = page.localizations.find((x) => x.localeId === locale.id);
      if (loc) {
        out.pathname = loc.pathname;
        if (loc.title !== null) out.title = loc.title;
        if (loc.description !== null) out.description = loc.description;
        shown = locale.code;
      }
    }
    if (withLocale) out.locale = shown;
    return out;
  }

  // -------- auth and permissions
  function authenticate(req) {
    let v = req.headers['x-api-key'];
    if (Array.isArray(v)) v = v.join(', ');
    if (typeof v !== 'string' || v.trim() === '') throw new ApiError(401, 'The x-api-key header is missing.');
    v = v.trim();
    const ws = appKeys.get(v);
    if (ws) return { kind: 'app', workspaceId: ws };
    if (UUID_RE.test(v)) {
      const sid = siteKeyIndex.get(lc(v));
      if (sid && sites.has(sid)) return { kind: 'site', site: sites.get(sid) };
      const pid = publicKeyIndex.get(lc(v));
      if (pid && sites.has(pid)) return { kind: 'public', site: sites.get(pid) };
    }
    throw new ApiError(401, 'The API key is invalid.');
  }
  const SITE_KEY_OPS = new Set(['getSite', 'listLocales', 'getLocale', 'listPages', 'listSitePages', 'getPage', 'createPage', 'updatePage', 'deletePage', 'listRoutes', 'getRoute']);
  const PUBLIC_KEY_OPS = new Set(['listLocales', 'getLocale', 'listPages', 'listSitePages', 'getPage']);
  function gate(auth, op) {
    if (auth.kind === 'site' && !SITE_KEY_OPS.has(op)) throw forbidden(`A Site API key may not call ${op}; use an App API key.`);
    if (auth.kind === 'public' && !PUBLIC_KEY_OPS.has(op)) throw forbidden(`A publishable key may not call ${op}.`);
  }
  function canSee(auth, site) {
    return auth.kind === 'app' ? site.workspaceId === auth.workspaceId : site.id === auth.site.id;
  }
  function resolveSite(auth, id) {
    const s = sites.get(lc(id));
    if (!s) throw notFound('No site has this id.');
    if (!canSee(auth, s)) throw forbidden('This key has no permission for this site.');
    return s;
  }
  function resolveWorkspace(auth, id) {
    const ws = workspaces.get(lc(id));
    if (!ws) throw notFound('No workspace has this id.');
    const mine = auth.kind === 'app' ? auth.workspaceId : auth.site.workspaceId;
    if (ws.id !== mine) throw forbidden('This key has no permission for this workspace.');
    return ws;
  }
  /** The `siteId` query parameter of an item operation, resolved when given (required with a code or pathname, whatever the key). */
  function querySite(ctx) {
    if (!ctx.q.has('siteId')) return null;
    const v = ctx.q.get('siteId');
    if (!UUID_RE.test(v)) throw badRequest([{ field: 'siteId', message: 'must be a UUID' }]);
    return resolveSite(ctx.auth, v);
  }
  function siteForName(ctx, given, what) {
    if (given) return given;
    throw badRequest([{ field: 'siteId', message: `is required when a ${what} is used instead of an id` }]);
  }

  // -------- lookups of path parameters
  function findLocale(ctx, param, mode /* 'active' | 'restore' */) {
    const given = querySite(ctx);
    if (UUID_RE.test(param)) {
      const l = locales.get(lc(param));
      if (!l || (mode === 'active' && l.deletedAt !== null)) throw notFound('No locale has this id.');
      const site = sites.get(l.siteId);
      if (given && given.id !== site.id) throw notFound('No locale has this id in that site.');
      if (!canSee(ctx.auth, site)) throw forbidden('This key has no permission for this locale.');
      return { locale: l, site };
    }
    const site = siteForName(ctx, given, 'locale code');
    const same = siteLocales(site).filter((l) => l.code === param);
    let l;
    if (mode === 'restore') {
      const deleted = same.filter((x) => x.deletedAt !== null).sort((a, b) => b.deletedAt - a.deletedAt);
      l = deleted[0] || same.find((x) => x.deletedAt === null);
    } else l = same.find((x) => x.deletedAt === null);
    if (!l) throw notFound(`The site has no locale "${param}".`);
    return { locale: l, site };
  }
  function findPage(ctx, param, version) {
    const given = querySite(ctx);
    if (param.id) {
      const p = pages.get(param.id);
      if (!p) throw notFound('No page has this id.');
      const site = sites.get(p.siteId);
      if (given && given.id !== site.id) throw notFound('No page has this id in that site.');
      if (!canSee(ctx.auth, site)) throw forbidden('This key has no permission for this page.');
      if (version === 'live' && !p.live) throw notFound('This page has never been published.');
      return { page: p, site };
    }
    const site = siteForName(ctx, given, 'pathname');
    const want = lc(param.pathname);
    const p = sitePages(site).find((x) => {
      const v = version === 'live' ? x.live : x.draft;
      return v && lc(v.pathname) === want;
    });
    if (!p) throw notFound(`The site has no page at "${param.pathname}"${version === 'live' ? ' in its live version' : ''}.`);
    return { page: p, site };
  }
  function findRoute(ctx, param) {
    const given = querySite(ctx);
    if (param.id) {
      const r = routes.get(param.id);
      if (!r) throw notFound('No route has this id.');
      const site = sites.get(r.siteId);
      if (given && given.id !== site.id) throw notFound('No route has this id in that site.');
      if (!canSee(ctx.auth, site)) throw forbidden('This key has no permission for this route.');
      return { route: r, site };
    }
    const site = siteForName(ctx, given, 'pathname');
    const r = siteRoutes(site).find((x) => lc(x.pathname) === lc(param.pathname));
    if (!r) throw notFound(`The site has no route "${param.pathname}".`);
    return { route: r, site };
  }
  /** Pages (draft base pathname) and routes share one case-insensitive namespace per site. */
  function pathTaken(site, pathname, except) {
    const want = lc(pathname);
    if (sitePages(site).some((p) => p.id !== except && lc(p.draft.pathname) === want)) return 'A page with this pathname already exists.';
    if (siteRoutes(site).some((r) => r.id !== except && lc(r.pathname) === want)) return 'A route with this pathname already exists.';
    return null;
  }
  function domainTaken(domain, except) {
    return [...locales.values()].some((l) => l.deletedAt === null && l.id !== except && l.domain === domain);
  }

  // -------- creation primitives (used by the seed too)
  function makeSite(workspaceId, { name, hostOrigin: origin = null, defaultLocale = 'en-US' }) {
    const t = nowMs();
    const s = { id: uuid7(), workspaceId, name, hostOrigin: origin, publicApiKey: uuid7(), siteKey: uuid7(), createdAt: t };
    sites.set(s.id, s);
    siteKeyIndex.set(s.siteKey, s.id);
    publicKeyIndex.set(s.publicApiKey, s.id);
    makeLocale(s, defaultLocale, null, true);
    return s;
  }
  function makeLocale(site, code, domain, isDefault = false) {
    const l = { id: uuid7(), siteId: site.id, code, domain, isDefault, createdAt: nowMs(), deletedAt: null };
    locales.set(l.id, l);
    return l;
  }
  function makePage(site, pathname, name, extra = {}) {
    const t = nowMs();
    const p = {
      id: uuid7(),
      siteId: site.id,
      name,
      createdAt: t,
      updatedAt: t,
      publishedAt: null,
      defaultLocalizationId: uuid7(),
      draft: {
        pathname,
        canonicalUrl: null,
        title: null,
        description: null,
        socialImageUrl: null,
        sitemapPriority: null,
        sitemapFrequency: null,
        excludedFromSearchEngines: true,
        isOnline: false,
        ...extra,
      },
      live: null,
      localizations: [],
    };
    pages.set(p.id, p);
    return p;
  }
  function makeRoute(site, pathname) {
    const r = { id: uuid7(), siteId: site.id, pathname, createdAt: nowMs() };
    routes.set(r.id, r);
    return r;
  }
  function dropSite(s) {
    for (const l of siteLocales(s)) locales.delete(l.id);
    for (const p of sitePages(s)) pages.delete(p.id);
    for (const r of siteRoutes(s)) routes.delete(r.id);
    siteKeyIndex.delete(s.siteKey);
    publicKeyIndex.delete(s.publicApiKey);
    sites.delete(s.id);
  }

  // ================================================================ handlers
  const H = {};

  // ---------------- sites
  H.listSites = (ctx) => {
    const p = new Problems();
    const w = ctx.q.get('workspaceId');
    if (w === undefined) p.add('workspaceId', 'is required');
    else if (!UUID_RE.test(w)) p.add('workspaceId', 'must be a UUID');
    if (p.size) {
      const rest = new Problems();
      parseLimit(rest, ctx.q);
      parseCursor(rest, ctx.q);
      p.throwIfAny(rest);
    }
    const ws = resolveWorkspace(ctx.auth, w);
    gate(ctx.auth, 'listSites');
    const limit = parseLimit(p, ctx.q);
    const cursor = parseCursor(p, ctx.q);
    p.throwIfAny();
    const list = [...sites.values()]
      .filter((s) => s.workspaceId === ws.id)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : b.createdAt - a.createdAt))
      .map((s) => ({ id: s.id, visible: true, item: siteView(s) }));
    return [200, paginate(list, cursor, limit, 'site')];
  };

  H.createSite = (ctx) => {
    const b = ctx.body();
    if (typeof b.workspaceId === 'string' && UUID_RE.test(b.workspaceId)) resolveWorkspace(ctx.auth, b.workspaceId);
    gate(ctx.auth, 'createSite');
    const p = new Problems();
    if (!('workspaceId' in b)) p.add('workspaceId', 'is required');
    else if (typeof b.workspaceId !== 'string') p.add('workspaceId', 'must be a string');
    else if (!UUID_RE.test(b.workspaceId)) p.add('workspaceId', 'must be a UUID');
    let name;
    if (!('name' in b)) p.add('name', 'is required');
    else {
      const [v, e] = siteName(b.name);
      if (e) p.add('name', e);
      name = v;
    }
    let origin = null;
    if ('hostOrigin' in b && b.hostOrigin !== null) {
      const [v, e] = hostOrigin(b.hostOrigin);
      if (e) p.add('hostOrigin', e);
      origin = v;
    }
    let code = 'en-US';
    if ('defaultLocale' in b) {
      const e = localeProblem(b.defaultLocale);
      if (e) p.add('defaultLocale', e);
      else code = b.defaultLocale;
    }
    caseTypos(p, b, ['workspaceId', 'name', 'hostOrigin', 'defaultLocale']);
    p.throwIfAny();
    const s = makeSite(lc(b.workspaceId), { name, hostOrigin: origin, defaultLocale: code });
    return [201, siteView(s)];
  };

  H.getSite = (ctx) => {
    const s = resolveSite(ctx.auth, ctx.params.siteId);
    gate(ctx.auth, 'getSite');
    return [200, siteView(s)];
  };

  H.updateSite = (ctx) => {
    const s = resolveSite(ctx.auth, ctx.params.siteId);
    gate(ctx.auth, 'updateSite');
    const b = ctx.body();
    const p = new Problems();
    const patch = {};
    if ('name' in b) {
      const [v, e] = siteName(b.name);
      if (e) p.add('name', e);
      patch.name = v;
    }
    if ('hostOrigin' in b) {
      if (b.hostOrigin === null) patch.hostOrigin = null;
      else {
        const [v, e] = hostOrigin(b.hostOrigin);
        if (e) p.add('hostOrigin', e);
        patch.hostOrigin = v;
      }
    }
    if ('defaultLocale' in b) p.add('defaultLocale', 'is not accepted in this body; rename the default locale with Update Locale');
    caseTypos(p, b, ['name', 'hostOrigin', 'defaultLocale']);
    p.throwIfAny();
    Object.assign(s, patch);
    return [200, siteView(s)];
  };

  H.deleteSite = (ctx) => {
    const s = resolveSite(ctx.auth, ctx.params.siteId);
    gate(ctx.auth, 'deleteSite');
    dropSite(s);
    return [204];
  };

  H.duplicateSite = (ctx) => {
    const src = resolveSite(ctx.auth, ctx.params.siteId);
    gate(ctx.auth, 'duplicateSite');
    const b = ctx.body();
    const p = new Problems();
    let name;
    if (!('name' in b)) p.add('name', 'is required');
    else {
      const [v, e] = siteName(b.name);
      if (e) p.add('name', e);
      name = v;
    }
    caseTypos(p, b, ['name']);
    p.throwIfAny();
    const t = nowMs();
    const s = { id: uuid7(), workspaceId: src.workspaceId, name, hostOrigin: src.hostOrigin, publicApiKey: uuid7(), siteKey: uuid7(), createdAt: t };
    sites.set(s.id, s);
    siteKeyIndex.set(s.siteKey, s.id);
    publicKeyIndex.set(s.publicApiKey, s.id);
    const localeMap = new Map();
    for (const l of siteLocales(src).sort((a, c) => a.createdAt - c.createdAt)) {
      // domains are unique across the service, so the copy has none; soft-deleted locales stay soft-deleted
      const n = { id: uuid7(), siteId: s.id, code: l.code, domain: null, isDefault: l.isDefault, createdAt: nowMs(), deletedAt: l.deletedAt };
      locales.set(n.id, n);
      localeMap.set(l.id, n.id);
    }
    for (const pg of sitePages(src).sort((a, c) => a.createdAt - c.createdAt)) {
      const n = {
        id: uuid7(),
        siteId: s.id,
        name: pg.name,
        createdAt: pg.createdAt,
        updatedAt: nowMs(),
        publishedAt: null,
        defaultLocalizationId: uuid7(),
        draft: { ...pg.draft, isOnline: false },
        live: null,
        localizations: pg.localizations.map((x) => ({ ...x, id: uuid7(), localeId: localeMap.get(x.localeId) })),
      };
      pages.set(n.id, n);
    }
    for (const r of siteRoutes(src).sort((a, c) => a.createdAt - c.createdAt)) makeRoute(s, r.pathname);
    return [201, siteView(s)];
  };

  // ---------------- locales
  function listSiteParam(ctx, op) {
    const p = new Problems();
    const v = ctx.q.get('siteId');
    if (v === undefined) p.add('siteId', 'is required');
    else if (!UUID_RE.test(v)) p.add('siteId', 'must be a UUID');
    if (p.size) return { p };
    const site = resolveSite(ctx.auth, v);
    gate(ctx.auth, op);
    return { p, site };
  }
  H.listLocales = (ctx) => {
    const { p, site } = listSiteParam(ctx, 'listLocales');
    const limit = parseLimit(p, ctx.q);
    const cursor = parseCursor(p, ctx.q);
    p.throwIfAny();
    const list = siteLocales(site)
      .sort((a, b) => (a.isDefault !== b.isDefault ? (a.isDefault ? -1 : 1) : b.createdAt - a.createdAt))
      .map((l) => ({ id: l.id, visible: l.deletedAt === null, item: localeView(l) }));
    return [200, paginate(list, cursor, limit, 'locale')];
  };

  H.getLocale = (ctx) => {
    const { locale } = findLocale(ctx, ctx.params.localeIdOrCode, 'active');
    gate(ctx.auth, 'getLocale');
    return [200, localeView(locale)];
  };

  H.createLocale = (ctx) => {
    const b = ctx.body();
    let site = null;
    if (typeof b.siteId === 'string' && UUID_RE.test(b.siteId)) site = resolveSite(ctx.auth, b.siteId);
    gate(ctx.auth, 'createLocale');
    const p = new Problems();
    if (!('siteId' in b)) p.add('siteId', 'is required');
    else if (typeof b.siteId !== 'string') p.add('siteId', 'must be a string');
    else if (!UUID_RE.test(b.siteId)) p.add('siteId', 'must be a UUID');
    if (!('locale' in b)) p.add('locale', 'is required');
    else {
      const e = localeProblem(b.locale);
      if (e) p.add('locale', e);
    }
    let domain = null;
    if ('domain' in b) {
      const [v, e] = domainValue(b.domain);
      if (e) p.add('domain', e);
      domain = v;
    }
    caseTypos(p, b, ['siteId', 'locale', 'domain']);
    p.throwIfAny();
    if (activeLocales(site).length >= LOCALE_QUOTA) throw badRequest([{ field: 'locale', message: `cannot be added: a site has at most ${LOCALE_QUOTA} active locales` }]);
    if (activeLocales(site).some((l) => l.code === b.locale)) throw conflict(`The site already has the locale "${b.locale}".`);
    if (domain && domainTaken(domain)) throw conflict(`The domain ${domain} is already used by another locale.`);
    const l = makeLocale(site, b.locale, domain);
    return [201, localeView(l)];
  };

  H.updateLocale = (ctx) => {
    const { locale, site } = findLocale(ctx, ctx.params.localeIdOrCode, 'active');
    gate(ctx.auth, 'updateLocale');
    const b = ctx.body();
    const p = new Problems();
    const patch = {};
    if ('locale' in b) {
      const e = localeProblem(b.locale);
      if (e) p.add('locale', e);
      else patch.code = b.locale;
    }
    if ('domain' in b) {
      if (b.domain === null) patch.domain = null;
      else {
        const [v, e] = domainValue(b.domain);
        if (e) p.add('domain', e);
        patch.domain = v;
      }
    }
    caseTypos(p, b, ['locale', 'domain']);
    p.throwIfAny();
    if (patch.code !== undefined && patch.code !== locale.code && activeLocales(site).some((l) => l.code === patch.code))
      throw conflict(`The site already has the locale "${patch.code}".`);
    if (patch.domain && domainTaken(patch.domain, locale.id)) throw conflict(`The domain ${patch.domain} is already used by another locale.`);
    Object.assign(locale, patch);
    return [200, localeView(locale)];
  };

  H.deleteLocale = (ctx) => {
    const { locale } = findLocale(ctx, ctx.params.localeIdOrCode, 'active');
    gate(ctx.auth, 'deleteLocale');
    if (locale.isDefault) throw badRequest([{ field: 'localeIdOrCode', message: 'names the default locale of the site, which cannot be deleted' }]);
    locale.deletedAt = nowMs();
    return [204];
  };

  H.restoreLocale = (ctx) => {
    const { locale, site } = findLocale(ctx, ctx.params.localeIdOrCode, 'restore');
    gate(ctx.auth, 'restoreLocale');
    if (locale.deletedAt === null) throw conflict('This locale is not deleted.');
    if (activeLocales(site).some((l) => l.code === locale.code)) throw conflict(`The site has an active locale "${locale.code}" again.`);
    if (locale.domain && domainTaken(locale.domain, locale.id)) throw conflict(`The domain ${locale.domain} is now used by another locale.`);
    if (activeLocales(site).length >= LOCALE_QUOTA) throw badRequest([{ field: 'localeIdOrCode', message: `cannot be restored: a site has at most ${LOCALE_QUOTA} active locales` }]);
    locale.deletedAt = null;
    return [200, localeView(locale)];
  };

  // ---------------- pages
  function versionOf(p, q) {
    return parseEnum(p, q, 'versionRef', ['ref:draft', 'ref:live'], 'ref:draft') === 'ref:live' ? 'live' : 'draft';
  }
  function listPagesOf(ctx, site, defaults) {
    const p = new Problems();
    const limit = parseLimit(p, ctx.q);
    const cursor = parseCursor(p, ctx.q);
    let prefix = ctx.q.get('pathPrefix') ?? '';
    if (prefix !== '' && !prefix.startsWith('/')) p.add('pathPrefix', 'must begin with "/"');
    const sortBy = parseEnum(p, ctx.q, 'sortBy', SORT_FIELDS, defaults.sortBy);
    const dir = parseEnum(p, ctx.q, 'sortDirection', ['asc', 'desc'], 'asc');
    let includeOffline = parseEnum(p, ctx.q, 'includeOffline', ['true', 'false'], defaults.includeOffline) === 'true';
    const version = versionOf(p, ctx.q);
    const localeParam = ctx.q.get('locale');
    if (localeParam !== undefined && localeParam !== '' && !UUID_RE.test(localeParam) && localeProblem(localeParam))
      p.add('locale', 'must be a locale code or a site-locale id');
    p.throwIfAny();
    if (ctx.auth.kind === 'public') {
      if (ctx.q.get('includeOffline') === 'true') throw forbidden('A publishable key cannot list offline pages.');
      includeOffline = false;
    }
    let locale = null;
    let noneMatch = false;
    const withLocale = localeParam !== undefined && localeParam !== '';
    if (withLocale) {
      const active = activeLocales(site);
      locale = UUID_RE.test(localeParam) ? active.find((l) => l.id === lc(localeParam)) : active.find((l) => l.code === localeParam);
      if (!locale) noneMatch = true; // a well-formed locale the site does not have: an empty list
    }
    const views = [];
    for (const pg of sitePages(site)) {
      const view = pageView(pg, version, locale, withLocale);
      if (!view) continue;
      let visible = !noneMatch;
      if (visible && !includeOffline && !view.isOnline) visible = false;
      if (visible && prefix && !lc(view.pathname).startsWith(lc(prefix))) visible = false;
      if (visible && locale && !locale.isDefault && !pg.localizations.some((x) => x.localeId === locale.id)) visible = false;
      views.push({ pg, view, visible });
    }
    const keyOf = (e) => {
      if (sortBy === 'createdAt') return e.pg.createdAt;
      if (sortBy === 'updatedAt') return e.pg.updatedAt;
      if (sortBy === 'path') return e.view.pathname;
      return e.view[sortBy] ?? e.view.pathname; // a null title/description sorts as the pathname
    };
    const sign = dir === 'desc' ? -1 : 1;
    views.sort((a, b) => {
      const ka = keyOf(a);
      const kb = keyOf(b);
      const c = typeof ka === 'number' ? ka - kb : COLLATOR.compare(ka, kb);
      if (c !== 0) return sign * c;
      if (b.pg.createdAt !== a.pg.createdAt) return b.pg.createdAt - a.pg.createdAt; // ties: newest first
      return a.pg.id < b.pg.id ? -1 : 1;
    });
    const list = views.map((e) => ({ id: e.pg.id, visible: e.visible, item: e.view }));
    return [200, paginate(list, cursor, limit, 'page')];
  }
  H.listPages = (ctx) => {
    const { p, site } = listSiteParam(ctx, 'listPages');
    if (!site) {
      const rest = new Problems();
      parseLimit(rest, ctx.q);
      parseCursor(rest, ctx.q);
      p.throwIfAny(rest);
    }
    return listPagesOf(ctx, site, { sortBy: 'path', includeOffline: 'false' });
  };
  H.listSitePages = (ctx) => {
    const site = resolveSite(ctx.auth, ctx.params.siteId);
    gate(ctx.auth, 'listSitePages');
    return listPagesOf(ctx, site, { sortBy: 'createdAt', includeOffline: 'true' });
  };

  H.getPage = (ctx) => {
    const p = new Problems();
    const version = versionOf(p, ctx.q);
    p.throwIfAny();
    const { page, site } = findPage(ctx, ctx.params.page, version);
    gate(ctx.auth, 'getPage');
    let locale = null;
    const lp = ctx.q.get('locale');
    if (lp !== undefined && lp !== '') {
      const active = activeLocales(site);
      locale = UUID_RE.test(lp) ? active.find((l) => l.id === lc(lp)) : active.find((l) => l.code === lp);
      if (!locale) throw notFound(`The site has no active locale "${lp}".`);
    }
    if (ctx.auth.kind === 'public' && !pageView(page, version, null, false).isOnline) throw forbidden('A publishable key cannot read offline pages.');
    return [200, pageView(page, version, locale, true)];
  };

  H.createPage = (ctx) => {
    const b = ctx.body();
    let site = null;
    if (typeof b.siteId === 'string' && UUID_RE.test(b.siteId)) site = resolveSite(ctx.auth, b.siteId);
    gate(ctx.auth, 'createPage');
    const p = new Problems();
    if (!('siteId' in b)) p.add('siteId', 'is required');
    else if (typeof b.siteId !== 'string') p.add('siteId', 'must be a string');
    else if (!UUID_RE.test(b.siteId)) p.add('siteId', 'must be a UUID');
    if (!('pathname' in b)) p.add('pathname', 'is required');
    else {
      const e = pagePathProblem(b.pathname);
      if (e) p.add('pathname', e);
    }
    let name;
    if (!('name' in b)) p.add('name', 'is required');
    else {
      const [v, e] = pageName(b.name);
      if (e) p.add('name', e);
      name = v;
    }
    caseTypos(p, b, ['siteId', 'pathname', 'name']);
    p.throwIfAny();
    const taken = pathTaken(site, b.pathname);
    if (taken) throw conflict(taken);
    const pg = makePage(site, b.pathname, name);
    return [201, pageView(pg, 'draft', null, true)];
  };

  H.updatePage = (ctx) => {
    const { page, site } = findPage(ctx, ctx.params.page, 'draft');
    gate(ctx.auth, 'updatePage');
    const b = ctx.body();
    const p = new Problems();
    if (!('pathname' in b) && !('name' in b) && !('isOnline' in b)) p.add('pathname', 'Missing pathname field.');
    if ('pathname' in b) {
      const e = pagePathProblem(b.pathname);
      if (e) p.add('pathname', e);
    }
    let name;
    if ('name' in b) {
      const [v, e] = pageName(b.name);
      if (e) p.add('name', e);
      name = v;
    }
    if ('isOnline' in b && typeof b.isOnline !== 'boolean') p.add('isOnline', 'must be a boolean');
    caseTypos(p, b, ['pathname', 'name', 'isOnline']);
    p.throwIfAny();
    if ('pathname' in b) {
      const taken = pathTaken(site, b.pathname, page.id);
      if (taken) throw conflict(taken);
    }
    const t = nowMs();
    if ('pathname' in b) page.draft.pathname = b.pathname;
    if (name !== undefined) page.name = name;
    if ('isOnline' in b) {
      if (b.isOnline && !page.draft.isOnline) {
        page.draft.isOnline = true;
        page.live = { ...page.draft };
        page.publishedAt = t;
      } else if (!b.isOnline && page.draft.isOnline) {
        page.draft.isOnline = false;
        if (page.live) page.live.isOnline = false;
      }
    }
    page.updatedAt = t; // every PATCH that names a field moves updatedAt
    return [200, pageView(page, 'draft', null, true)];
  };

  H.deletePage = (ctx) => {
    const { page } = findPage(ctx, ctx.params.page, 'draft');
    gate(ctx.auth, 'deletePage');
    pages.delete(page.id);
    return [204];
  };

  // ---------------- routes
  function routePathname(p, v, skip) {
    if (typeof v !== 'string') {
      p.add('pathname', 'must be a string');
      return null;
    }
    if (skip) {
      const e = rawRouteProblem(v);
      if (e) p.add('pathname', e);
      return v;
    }
    if (/[\s\p{Cc}]/u.test(v)) {
      p.add('pathname', 'must not contain whitespace or control characters');
      return null;
    }
    const n = normaliseRoute(v);
    const e = routePathProblem(n);
    if (e) p.add('pathname', e);
    return n;
  }
  H.listRoutes = (ctx) => {
    const { p, site } = listSiteParam(ctx, 'listRoutes');
    const limit = parseLimit(p, ctx.q);
    const cursor = parseCursor(p, ctx.q);
    p.throwIfAny();
    const list = siteRoutes(site)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((r) => ({ id: r.id, visible: true, item: routeView(r) }));
    return [200, paginate(list, cursor, limit, 'route')];
  };
  H.getRoute = (ctx) => {
    const { route } = findRoute(ctx, ctx.params.route);
    gate(ctx.auth, 'getRoute');
    return [200, routeView(route)];
  };
  H.createRoute = (ctx) => {
    const b = ctx.body();
    let site = null;
    if (typeof b.siteId === 'string' && UUID_RE.test(b.siteId)) site = resolveSite(ctx.auth, b.siteId);
    gate(ctx.auth, 'createRoute');
    const p = new Problems();
    const skip = parseEnum(p, ctx.q, 'skipValidation', ['true', 'false'], 'false') === 'true';
    const bp = new Problems();
    if (!('siteId' in b)) bp.add('siteId', 'is required');
    else if (typeof b.siteId !== 'string') bp.add('siteId', 'must be a string');
    else if (!UUID_RE.test(b.siteId)) bp.add('siteId', 'must be a UUID');
    let pathname = null;
    if (!('pathname' in b)) bp.add('pathname', 'is required');
    else pathname = routePathname(bp, b.pathname, skip);
    caseTypos(bp, b, ['siteId', 'pathname']);
    bp.throwIfAny(p);
    const taken = pathTaken(site, pathname);
    if (taken) throw conflict(taken);
    return [201, routeView(makeRoute(site, pathname))];
  };
  H.updateRoute = (ctx) => {
    const { route, site } = findRoute(ctx, ctx.params.route);
    gate(ctx.auth, 'updateRoute');
    const p = new Problems();
    const skip = parseEnum(p, ctx.q, 'skipValidation', ['true', 'false'], 'false') === 'true';
    const b = ctx.body();
    const bp = new Problems();
    let pathname;
    if ('pathname' in b) pathname = routePathname(bp, b.pathname, skip);
    caseTypos(bp, b, ['pathname']);
    bp.throwIfAny(p);
    if (pathname !== undefined) {
      const taken = pathTaken(site, pathname, route.id);
      if (taken) throw conflict(taken);
      route.pathname = pathname;
    }
    return [200, routeView(route)];
  };
  H.deleteRoute = (ctx) => {
    const { route } = findRoute(ctx, ctx.params.route);
    gate(ctx.auth, 'deleteRoute');
    routes.delete(route.id);
    return [204];
  };

  // ================================================================ routing
  /** Returns {op, params} or throws 404. Fixed segments match in any letter case. */
  function match(method, rawPath) {
    const itemRest = (re) => {
      const m = re.exec(rawPath);
      if (!m) return null;
      return rawPath.slice(m[0].length);
    };
    const decodeItem = (rest) => {
      let v;
      try {
        v = decodeURIComponent(rest);
      } catch {
        throw notFound('The path is not valid percent-encoding.');
      }
      if (UUID_RE.test(v)) return { id: lc(v) };
      if (v.startsWith('/')) return { pathname: v };
      throw notFound('Send an id, or a pathname beginning with "/" (e.g. /v6/pages//about or /v6/pages/%2Fabout).');
    };
    const allow = (allowed, op) => {
      if (!allowed.includes(method)) {
        const e = notFound(`${method} is not supported on this path; it answers ${allowed.join(', ')}.`);
        e.allow = allowed.join(', ');
        throw e;
      }
      return op[method];
    };
    let rest = itemRest(/^\/v6\/pages\//i);
    if (rest !== null) {
      if (rest === '') throw notFound('No such path.');
      const param = decodeItem(rest);
      return { op: allow(['GET', 'PATCH', 'DELETE'], { GET: 'getPage', PATCH: 'updatePage', DELETE: 'deletePage' }), params: { page: param } };
    }
    rest = itemRest(/^\/v2\/routes\//i);
    if (rest !== null) {
      if (rest === '') throw notFound('No such path.');
      const param = decodeItem(rest);
      return { op: allow(['GET', 'PATCH', 'DELETE'], { GET: 'getRoute', PATCH: 'updateRoute', DELETE: 'deleteRoute' }), params: { route: param } };
    }
    const segs = rawPath.split('/').slice(1);
    const fixed = segs.map(lc);
    const dec = (s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw notFound('The path is not valid percent-encoding.');
      }
    };
    const key = (i) => fixed[i];
    if (segs.length === 2 && key(0) === 'v2' && key(1) === 'sites') return { op: allow(['GET', 'POST'], { GET: 'listSites', POST: 'createSite' }), params: {} };
    if (segs.length === 2 && key(0) === 'v2' && key(1) === 'locales') return { op: allow(['GET', 'POST'], { GET: 'listLocales', POST: 'createLocale' }), params: {} };
    if (segs.length === 2 && key(0) === 'v6' && key(1) === 'pages') return { op: allow(['GET', 'POST'], { GET: 'listPages', POST: 'createPage' }), params: {} };
    if (segs.length === 2 && key(0) === 'v2' && key(1) === 'routes') return { op: allow(['GET', 'POST'], { GET: 'listRoutes', POST: 'createRoute' }), params: {} };
    if (segs.length >= 3 && segs.length <= 4 && key(0) === 'v2' && key(1) === 'sites') {
      const id = dec(segs[2]);
      if (!UUID_RE.test(id)) throw notFound('No site has this id (a site id is a UUID).');
      if (segs.length === 3) return { op: allow(['GET', 'PATCH', 'DELETE'], { GET: 'getSite', PATCH: 'updateSite', DELETE: 'deleteSite' }), params: { siteId: lc(id) } };
      if (key(3) === 'duplicate') return { op: allow(['POST'], { POST: 'duplicateSite' }), params: { siteId: lc(id) } };
      if (key(3) === 'pages') return { op: allow(['GET'], { GET: 'listSitePages' }), params: { siteId: lc(id) } };
    }
    if (segs.length >= 3 && segs.length <= 4 && key(0) === 'v2' && key(1) === 'locales') {
      const v = dec(segs[2]);
      if (v === '') throw notFound('No such path.');
      if (segs.length === 3) return { op: allow(['GET', 'PATCH', 'DELETE'], { GET: 'getLocale', PATCH: 'updateLocale', DELETE: 'deleteLocale' }), params: { localeIdOrCode: UUID_RE.test(v) ? lc(v) : v } };
      if (key(3) === 'restore') return { op: allow(['POST'], { POST: 'restoreLocale' }), params: { localeIdOrCode: UUID_RE.test(v) ? lc(v) : v } };
    }
    throw notFound('No such path.');
  }

  // ================================================================ HTTP
  function send(res, status, payload, extraHeaders = {}) {
    if (res.headersSent) return;
    if (status === 204) {
      res.writeHead(204, extraHeaders);
      res.end();
      return;
    }
    const text = JSON.stringify(payload, null, 2);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...extraHeaders });
    res.end(text);
  }
  function sendError(res, err, extraHeaders = {}) {
    const body = { object: 'error', code: CODES[err.status], message: err.message };
    if (err.status === 400) body.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
    const h = { ...extraHeaders };
    if (err.allow) h.allow = err.allow;
    send(res, err.status, body, h);
  }

  function makeBodyReader(req, buf, tooLarge) {
    let parsed;
    let done = false;
    return () => {
      if (done) return parsed;
      done = true;
      const fail = (field, message) => {
        parsed = undefined;
        done = false;
        throw badRequest([{ field, message }]);
      };
      if (tooLarge) fail('body', `must not exceed ${BODY_LIMIT} bytes`);
      const ctype = req.headers['content-type'];
      if (ctype !== undefined) {
        const [type, ...params] = String(ctype).split(';').map((x) => x.trim());
        if (lc(type) !== 'application/json') fail('content-type', 'must be application/json');
        for (const prm of params) {
          const [k, v = ''] = prm.split('=').map((x) => x.trim());
          if (lc(k) === 'charset' && lc(v.replace(/^"|"$/g, '')) !== 'utf-8') fail('content-type', 'charset must be utf-8');
        }
      }
      let text = buf.toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.trim() === '') {
        if (ctype !== undefined) fail('body', 'is empty, which is not JSON; send {} for an empty object');
        parsed = {};
        return parsed;
      }
      let v;
      try {
        v = JSON.parse(text);
      } catch {
        fail('body', 'is not valid JSON');
      }
      if (v === null || typeof v !== 'object' || Array.isArray(v)) fail('body', 'must be a JSON object');
      parsed = v;
      return parsed;
    };
  }

  function handle(req, res) {
    const url = req.url || '/';
    const qi = url.indexOf('?');
    const rawPath = qi < 0 ? url : url.slice(0, qi);
    const rawQuery = qi < 0 ? '' : url.slice(qi + 1);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > BODY_HARD_LIMIT) {
      sendError(res, badRequest([{ field: 'body', message: `must not exceed ${BODY_LIMIT} bytes` }]), { connection: 'close' });
      res.on('finish', () => req.socket.destroy());
      return;
    }
    const chunks = [];
    let size = 0;
    let aborted = false;
    req.on('data', (c) => {
      if (aborted) return;
      size += c.length;
      if (size > BODY_HARD_LIMIT) {
        aborted = true;
        sendError(res, badRequest([{ field: 'body', message: `must not exceed ${BODY_LIMIT} bytes` }]), { connection: 'close' });
        res.on('finish', () => req.socket.destroy());
        return;
      }
      if (size <= BODY_LIMIT) chunks.push(c);
    });
    req.on('error', () => {});
    req.on('end', () => {
      if (aborted) return;
      try {
        const { op, params } = match(req.method, rawPath);
        const auth = authenticate(req);
        const { q, bad } = parseQuery(rawQuery);
        bad.throwIfAny();
        const ctx = { req, auth, q, params, body: makeBodyReader(req, Buffer.concat(chunks), size > BODY_LIMIT) };
        const [status, payload] = H[op](ctx);
        send(res, status, payload);
      } catch (err) {
        if (err instanceof ApiError) sendError(res, err);
        else {
          process.stderr.write(`outsider6: unexpected error: ${err && err.stack}\n`);
          sendError(res, badRequest([{ field: 'request', message: 'could not be processed' }]));
        }
      }
    });
  }

  // ================================================================ seed
  function seed() {
    const w1 = { id: uuid7(), name: 'Marlow Atelier' };
    const w2 = { id: uuid7(), name: 'Vantor Systems' };
    workspaces.set(w1.id, w1);
    workspaces.set(w2.id, w2);
    const k1 = appKey();
    const k2 = appKey();
    appKeys.set(k1, w1.id);
    appKeys.set(k2, w2.id);
    const online = (pg, extra = {}) => {
      pg.draft = { ...pg.draft, excludedFromSearchEngines: false, sitemapFrequency: 'weekly', sitemapPriority: 0.5, ...extra, isOnline: true };
      pg.live = { ...pg.draft };
      pg.publishedAt = pg.createdAt;
      return pg;
    };
    const localize = (pg, l, pathname, title = null, description = null) => pg.localizations.push({ id: uuid7(), localeId: l.id, pathname, title, description });

    // workspace 1, site A
    const a = makeSite(w1.id, { name: 'Marlow Portfolio', hostOrigin: 'https://portfolio.marlow.example/', defaultLocale: 'en-GB' });
    const it = makeLocale(a, 'it-IT', 'https://marlow.it');
    const ja = makeLocale(a, 'ja-JP', null);
    const pl = makeLocale(a, 'pl-PL', null);
    const home = online(makePage(a, '/', 'Home'), { title: 'Marlow Atelier', description: 'Ceramics and textiles.', sitemapPriority: 1, canonicalUrl: 'https://portfolio.marlow.example/' });
    localize(home, it, '/', 'Atelier Marlow');
    const work = online(makePage(a, '/work', 'Work'), { title: 'Work', description: 'Selected pieces.' });
    localize(work, it, '/lavori', 'Lavori', 'Opere scelte.');
    localize(work, ja, '/sakuhin', 'Sakuhin');
    localize(work, pl, '/prace', 'Prace');
    const cer = online(makePage(a, '/work/ceramics', 'Ceramics'), { title: 'Ceramics', description: null });
    localize(cer, it, '/lavori/ceramica', 'Ceramica');
    online(makePage(a, '/About', 'About'), { title: null, description: 'Who we are.' });
    const contact = online(makePage(a, '/contact', 'Contact'), { title: 'Contact', socialImageUrl: 'https://portfolio.marlow.example/og/contact.png' });
    contact.draft.title = 'Get in touch';
    contact.updatedAt = nowMs();
    makePage(a, '/drafts/spring-line', 'Spring line');
    const archive = online(makePage(a, '/archive/2023', 'Archive 2023'), { title: 'Archive 2023', sitemapFrequency: 'never' });
    archive.draft.isOnline = false;
    archive.live.isOnline = false;
    archive.updatedAt = nowMs();
    pl.deletedAt = nowMs();
    makeRoute(a, '/feeds/:kind');
    makeRoute(a, '/shop/*');

    // workspace 1, site B (its Site API key is announced)
    const b = makeSite(w1.id, { name: 'Marlow Supply', defaultLocale: 'pt-PT' });
    const en = makeLocale(b, 'en-GB', 'https://supply.marlow.example');
    online(makePage(b, '/', 'Início'), { title: 'Marlow Supply' });
    const loja = online(makePage(b, '/loja', 'Loja'), { title: 'Loja' });
    localize(loja, en, '/shop', 'Shop');
    makePage(b, '/carrinho', 'Carrinho');
    makeRoute(b, '/go/:code');

    // workspace 2
    const c = makeSite(w2.id, { name: 'Vantor Cloud', hostOrigin: 'https://vantor.example/', defaultLocale: 'en-US' });
    const es = makeLocale(c, 'es-MX', null);
    online(makePage(c, '/', 'Home'), { title: 'Vantor Cloud' });
    const pricing = online(makePage(c, '/pricing', 'Pricing'), { title: 'Pricing' });
    localize(pricing, es, '/precios', 'Precios');
    makeRoute(c, '/status');

    return { apiKey: k1, workspaceId: w1.id, siteApiKey: b.siteKey, otherApiKey: k2, otherWorkspaceId: w2.id };
  }

  const announce = seed();
  return { handle, announce };
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const service = createService();
  const server = http.createServer({ maxHeaderSize: 16384 }, (req, res) => service.handle(req, res));
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'The HTTP request is malformed.', details: [{ field: 'request', message: 'is malformed HTTP' }] }, null, 2);
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    baseUrl: url,
    ...service.announce,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

// ---------------------------------------------------------------- CLI
if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port: Number.isInteger(port) && port >= 0 ? port : 0 });
  process.stdout.write(`${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`);
  const stop = async () => {
    await s.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
