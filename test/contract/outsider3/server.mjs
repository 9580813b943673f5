// outsider3: an in-memory deployment of the Site-Building Service REST API, written only from
// the specification and the published OpenAPI. Plain Node ESM, node: built-ins only.
//
//   node server.mjs --port 0
//
// prints ONE JSON line on stdout once listening:
//   {"baseUrl":"http://127.0.0.1:PORT","apiKey":"…","workspaceId":"…","siteApiKey":"…","otherApiKey":"…"}
// Every free choice is listed in CHOICES.md next to this file.

import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------------------------------------
// Constants and small helpers

const MAX_BODY = 256 * 1024; // larger bodies: 400 on `body`
const HARD_BODY = 16 * 1024 * 1024; // beyond this the connection is answered at once and closed
const LIMITS = { siteName: 40, pageName: 80, pagePath: 120, routePath: 200, skippedRoutePath: 2000, url: 300, locales: 30 };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTROL_RE = /\p{Cc}/u;
const FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const ISO3166 = new Set(
  ('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
    'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
    'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
    'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
    'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '),
);
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

let lastMs = 0;
/** Milliseconds, strictly increasing across the process. */
function nowMs() {
  lastMs = Math.max(Date.now(), lastMs + 1);
  return lastMs;
}
/** RFC 3339 with milliseconds and an explicit "+00:00" offset. */
function ts(ms) {
  return ms == null ? null : new Date(ms).toISOString().replace('Z', '+00:00');
}
/** UUID version 7 (time-ordered). */
function uuidv7(ms = Date.now()) {
  const b = randomBytes(16);
  let t = BigInt(ms);
  for (let i = 5; i >= 0; i--) {
    b[i] = Number(t & 0xffn);
    t >>= 8n;
  }
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  return fmtUuid(b);
}
function uuidv4() {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  return fmtUuid(b);
}
function fmtUuid(b) {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const B32 = 'abcdefghijklmnopqrstuvwxyz234567';
function appKey() {
  const b = randomBytes(20);
  let out = '';
  let bits = 0;
  let val = 0;
  for (const byte of b) {
    val = (val << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(val >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `sbs_live_${out}`;
}
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const cpLen = (s) => [...s].length;

// ---------------------------------------------------------------------------------------------
// Errors

class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
function badRequest(details) {
  const first = details[0];
  const more = details.length > 1 ? ` (and ${details.length - 1} more invalid field${details.length > 2 ? 's' : ''})` : '';
  return new ApiError(400, 'bad_request', `${first.field}: ${first.message}${more}`, details);
}
const notFound = (message) => new ApiError(404, 'not_found', message);
const forbidden = (message) => new ApiError(403, 'forbidden', message);
const conflict = (message) => new ApiError(409, 'conflict', message);

/** One detail per field: the first problem found for that field wins. */
class Problems {
  constructor() {
    this.list = [];
    this.fields = new Set();
  }
  add(field, message) {
    if (this.fields.has(field)) return;
    this.fields.add(field);
    this.list.push({ field, message });
  }
  merge(other) {
    for (const d of other.list) this.add(d.field, d.message);
    return this;
  }
  get any() {
    return this.list.length > 0;
  }
  throwIfAny() {
    if (this.any) throw badRequest(this.list);
  }
}

// ---------------------------------------------------------------------------------------------
// Value checks

/** Locale code: language (2-3 letters) with an optional ISO 3166-1 alpha-2 region, normalised to ll-RR. */
function normLocaleCode(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  const m = /^([A-Za-z]{2,3})(?:-([A-Za-z]{2}))?$/.exec(v);
  if (!m) return { error: 'must be a language code with an optional region, such as "en" or "en-US"' };
  const lang = m[1].toLowerCase();
  if (!m[2]) return { value: lang };
  const region = m[2].toUpperCase();
  if (!ISO3166.has(region)) return { error: `"${m[2]}" is not an ISO 3166 region code` };
  return { value: `${lang}-${region}` };
}

function checkUrl(v, { originOnly }) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (cpLen(v) > LIMITS.url) return { error: `must be at most ${LIMITS.url} characters` };
  if (/\s/.test(v) || CONTROL_RE.test(v)) return { error: 'must not contain whitespace' };
  // A URI (RFC 3986) is ASCII: a host in another script is written in punycode (xn--…). Added
  // after the contract suite's first run, which found an IRI taken where the documents say uri.
  if (/[^\x00-\x7f]/.test(v)) return { error: 'must be a URI: ASCII characters only (write an international host in punycode)' };
  let u;
  try {
    u = new URL(v);
  } catch {
    return { error: 'must be an absolute URL including the protocol' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { error: 'must use http or https' };
  if (!u.hostname) return { error: 'must name a host' };
  if (u.username || u.password) return { error: 'must not contain credentials' };
  if (originOnly && (u.pathname !== '/' || u.search || u.hash || v.includes('?') || v.includes('#'))) {
    return { error: 'must be a scheme and host only, without a path, query or fragment' };
  }
  return { value: v, host: u.host };
}

function checkSiteName(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (v.length === 0) return { error: 'must not be empty' };
  if (!/\S/.test(v)) return { error: 'must contain a visible character' };
  if (CONTROL_RE.test(v)) return { error: 'must not contain control characters' };
  if (cpLen(v) > LIMITS.siteName) return { error: `must be at most ${LIMITS.siteName} characters` };
  return { value: v };
}

function checkPageName(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  const t = v.trim();
  if (t.length < 1) return { error: 'must have at least 1 character after trimming' };
  if (CONTROL_RE.test(t)) return { error: 'must not contain control characters' };
  if (cpLen(t) > LIMITS.pageName) return { error: `must be at most ${LIMITS.pageName} characters` };
  return { value: t };
}

const PAGE_SEG = /^[\p{L}\p{M}\p{N}\-_.~]+$/u;
/** Page pathname: leading "/", unicode letters/digits and - _ . ~, one trailing "/" dropped, NFC. */
function normPagePath(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (v === '') return { error: 'must not be empty' };
  if (!v.startsWith('/')) return { error: 'must begin with "/"' };
  let p = v.normalize('NFC');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (cpLen(p) > LIMITS.pagePath) return { error: `must be at most ${LIMITS.pagePath} characters` };
  if (p === '/') return { value: p };
  for (const seg of p.slice(1).split('/')) {
    if (seg === '') return { error: 'must not contain empty segments ("//")' };
    if (seg === '.' || seg === '..') return { error: 'must not contain "." or ".." segments' };
    if (!PAGE_SEG.test(seg)) return { error: 'segments may contain only letters, digits, "-", "_", "." and "~"' };
  }
  return { value: p };
}

const ROUTE_SEG = /^(?:[A-Za-z0-9\-_.~]+|:[A-Za-z_][A-Za-z0-9_]*\??|\[(?:\.\.\.)?[A-Za-z_][A-Za-z0-9_]*\]|\*)$/;
function checkRoutePath(v, skip) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (v === '') return { error: 'must not be empty' };
  if (!v.startsWith('/')) return { error: 'must begin with "/"' };
  if (skip) {
    if (CONTROL_RE.test(v) || /\s/.test(v)) return { error: 'must not contain whitespace or control characters' };
    if (cpLen(v) > LIMITS.skippedRoutePath) return { error: `must be at most ${LIMITS.skippedRoutePath} characters` };
    return { value: v };
  }
  if (cpLen(v) > LIMITS.routePath) return { error: `must be at most ${LIMITS.routePath} characters` };
  if (v === '/') return { value: v };
  if (v.endsWith('/')) return { error: 'must not end with "/"' };
  for (const seg of v.slice(1).split('/')) {
    if (seg === '') return { error: 'must not contain empty segments ("//")' };
    if (seg === '.' || seg === '..') return { error: 'must not contain "." or ".." segments' };
    if (!ROUTE_SEG.test(seg)) return { error: `segment "${seg}" is not a literal, ":param", "[param]", "[...rest]" or "*"` };
  }
  return { value: v };
}

// ---------------------------------------------------------------------------------------------
// Store

class Store {
  constructor() {
    this.workspaces = new Map(); // id -> { id, name }
    this.appKeys = new Map(); // key -> workspaceId
    this.siteKeys = new Map(); // lower-case uuid -> siteId
    this.publicKeys = new Map(); // lower-case uuid -> siteId
    this.sites = new Map();
    this.locales = new Map();
    this.pages = new Map();
    this.routes = new Map();
    this.seq = 0;
  }
  nextSeq() {
    return ++this.seq;
  }
  addWorkspace(name) {
    const ws = { id: uuidv4(), name };
    this.workspaces.set(ws.id, ws);
    const key = appKey();
    this.appKeys.set(key, ws.id);
    return { ws, key };
  }
  createSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'internal', at = nowMs() }) {
    const site = {
      id: uuidv7(at),
      workspaceId,
      name,
      hostOrigin,
      publicApiKey: uuidv4(),
      siteKey: uuidv4(),
      defaultLocaleId: null,
      localeManagementMode: mode,
      seq: this.nextSeq(),
      deleted: false,
    };
    this.sites.set(site.id, site);
    this.siteKeys.set(site.siteKey, site.id);
    this.publicKeys.set(site.publicApiKey, site.id);
    const loc = this.addLocale(site, defaultLocale, null, at);
    site.defaultLocaleId = loc.id;
    return site;
  }
  addLocale(site, code, domain = null, at = nowMs(), pathPrefix = null) {
    const loc = { id: uuidv7(at), siteId: site.id, code, domain, pathPrefix, seq: this.nextSeq(), deleted: false };
    this.locales.set(loc.id, loc);
    return loc;
  }
  addPage(site, { pathname, name, at = nowMs(), ...rest }) {
    const page = {
      id: uuidv7(at),
      siteId: site.id,
      pathname,
      name,
      title: null,
      description: null,
      canonicalUrl: null,
      canonicalAuto: false,
      socialImageUrl: null,
      sitemapPriority: pathname === '/' ? 1 : 0.8,
      sitemapFrequency: 'weekly',
      excludedFromSearchEngines: false,
      isOnline: false,
      publishedAt: null,
      createdAt: at,
      updatedAt: at,
      localizations: [],
      seq: this.nextSeq(),
      deleted: false,
    };
    if (site.hostOrigin) {
      page.canonicalUrl = joinUrl(site.hostOrigin, pathname);
      page.canonicalAuto = true;
    }
    Object.assign(page, rest);
    this.pages.set(page.id, page);
    return page;
  }
  addLocalization(page, locale, pathname, extra = {}) {
    const l = { id: uuidv4(), localeId: locale.id, pathname, title: null, description: null, ...extra };
    page.localizations.push(l);
    return l;
  }
  addRoute(site, pathname, at = nowMs()) {
    const r = { id: uuidv7(at), siteId: site.id, pathname, seq: this.nextSeq(), deleted: false };
    this.routes.set(r.id, r);
    return r;
  }
  liveSite(id) {
    const s = this.sites.get(id);
    return s && !s.deleted ? s : null;
  }
  sitesOf(workspaceId) {
    return [...this.sites.values()].filter((s) => s.workspaceId === workspaceId && !s.deleted);
  }
  localesOf(siteId, { withDeleted = false } = {}) {
    return [...this.locales.values()].filter((l) => l.siteId === siteId && (withDeleted || !l.deleted));
  }
  pagesOf(siteId) {
    return [...this.pages.values()].filter((p) => p.siteId === siteId && !p.deleted);
  }
  routesOf(siteId) {
    return [...this.routes.values()].filter((r) => r.siteId === siteId && !r.deleted);
  }
  activeLocaleIds(siteId) {
    return new Set(this.localesOf(siteId).map((l) => l.id));
  }
  defaultCode(site) {
    return this.locales.get(site.defaultLocaleId).code;
  }
  /** What holds `pathname` in a site: a page (base or localized pathname) or a route. */
  pathHolder(siteId, pathname, { exceptPageId, exceptRouteId } = {}) {
    const active = this.activeLocaleIds(siteId);
    for (const p of this.pagesOf(siteId)) {
      if (p.id === exceptPageId) continue;
      if (p.pathname === pathname) return 'page';
      if (p.localizations.some((l) => active.has(l.localeId) && l.pathname === pathname)) return 'page';
    }
    for (const r of this.routesOf(siteId)) {
      if (r.id !== exceptRouteId && r.pathname === pathname) return 'route';
    }
    return null;
  }
  /** Active locale of the site using this domain host (hosts compare case-insensitively, ports count). */
  domainHolder(siteId, host, exceptLocaleId) {
    for (const l of this.localesOf(siteId)) {
      if (!l.domain || l.id === exceptLocaleId) continue;
      if (new URL(l.domain).host === host) return l;
    }
    return null;
  }
}

function joinUrl(origin, pathname) {
  const base = origin.endsWith('/') ? origin.slice(0, -1) : origin;
  return pathname === '/' ? `${base}/` : base + pathname;
}

// ---------------------------------------------------------------------------------------------
// Views

function siteView(store, s) {
  return {
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.hostOrigin,
    publicApiKey: s.publicApiKey,
    defaultLocale: store.defaultCode(s),
    localeManagementMode: s.localeManagementMode,
  };
}
function localeView(store, l) {
  const s = store.sites.get(l.siteId);
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: s.defaultLocaleId === l.id };
}
function routeView(r) {
  return { object: 'route', id: r.id, pathname: r.pathname };
}
/** A page as seen in one locale (null = the site default); `withLocale` adds the `locale` field. */
function pageView(store, p, localeId = null, withLocale = false) {
  const site = store.sites.get(p.siteId);
  const active = store.activeLocaleIds(p.siteId);
  const loc = localeId && localeId !== site.defaultLocaleId ? p.localizations.find((l) => l.localeId === localeId) : null;
  const v = {
    object: 'page',
    id: p.id,
    pathname: loc ? loc.pathname : p.pathname,
    name: p.name,
    canonicalUrl: p.canonicalUrl,
    title: loc && loc.title != null ? loc.title : p.title,
    description: loc && loc.description != null ? loc.description : p.description,
    socialImageUrl: p.socialImageUrl,
    sitemapPriority: p.sitemapPriority,
    sitemapFrequency: p.sitemapFrequency,
    createdAt: ts(p.createdAt),
    updatedAt: ts(p.updatedAt),
    publishedAt: ts(p.publishedAt),
    isOnline: p.isOnline,
    excludedFromSearchEngines: p.excludedFromSearchEngines,
    localizations: p.localizations
      .filter((l) => active.has(l.localeId))
      .map((l) => ({ id: l.id, locale: store.locales.get(l.localeId).code, pathname: l.pathname })),
  };
  if (withLocale) v.locale = loc ? store.locales.get(loc.localeId).code : store.defaultCode(site);
  return v;
}

// ---------------------------------------------------------------------------------------------
// Request context helpers

function paginate(items, limit) {
  return { object: 'list', data: items.slice(0, limit), hasMore: items.length > limit };
}

/** Query value: undefined when absent or empty. */
function qv(ctx, name) {
  const v = ctx.query.get(name);
  return v === undefined || v === '' ? undefined : v;
}

/** limit: default 20; below 1 refused; fractions floored; above 100 clamped, or refused where `strict` (List Locales: "range 1 to 100"). */
function parseLimit(ctx, probs, strict = false) {
  const v = qv(ctx, 'limit');
  if (v === undefined) return 20;
  if (!/^\s*[+]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(v)) {
    probs.add('limit', 'must be a number from 1 to 100');
    return 20;
  }
  const n = Number(v);
  if (!(n >= 1)) {
    probs.add('limit', 'must be at least 1');
    return 20;
  }
  if (strict && n > 100) {
    probs.add('limit', 'must be at most 100');
    return 20;
  }
  return Math.min(100, Math.floor(n));
}

function uuidQuery(ctx, probs, name, required, requiredMessage) {
  const v = qv(ctx, name);
  if (v === undefined) {
    if (required) probs.add(name, requiredMessage || 'is required');
    return undefined;
  }
  if (!UUID_RE.test(v)) {
    probs.add(name, 'must be a UUID');
    return undefined;
  }
  return v.toLowerCase();
}

function enumQuery(ctx, probs, name, values, dflt) {
  const v = qv(ctx, name);
  if (v === undefined) return dflt;
  if (!values.includes(v)) {
    probs.add(name, `must be one of ${values.join(', ')}`);
    return dflt;
  }
  return v;
}

/**
 * Body check: walks the body keys in the order sent; `fields` maps each accepted key to a checker
 * returning { value } or { error }; keys in `refused` answer 400 with that message; other keys are
 * ignored. Missing required keys are reported after, in `required` order.
 */
function checkBody(ctx, probs, { fields, required = [], refused = {} }) {
  const out = {};
  if (ctx.bodyError) {
    probs.add('body', ctx.bodyError);
    return out;
  }
  const body = ctx.body ?? {};
  for (const key of Object.keys(body)) {
    if (has(fields, key)) {
      const r = fields[key](body[key]);
      if (r.error) probs.add(key, r.error);
      else out[key] = r.value;
    } else if (has(refused, key)) {
      probs.add(key, refused[key]);
    }
  }
  for (const key of required) if (!has(body, key)) probs.add(key, 'is required');
  return out;
}

const uuidField = (v) => (typeof v === 'string' && UUID_RE.test(v) ? { value: v.toLowerCase() } : { error: typeof v === 'string' ? 'must be a UUID' : 'must be a string (UUID)' });
const readOnly = (names, why = 'is read-only and cannot be set by this operation') => Object.fromEntries(names.map((n) => [n, why]));

// ---------------------------------------------------------------------------------------------
// Authorization

const SITE_KEY_ACTIONS = new Set(['site:read', 'locale:read', 'page:read', 'page:write', 'route:read', 'route:write']);
function authorize(ctx, site, action) {
  const p = ctx.principal;
  if (p.kind === 'app') {
    if (site.workspaceId !== p.workspaceId) throw forbidden('this API key has no access to the workspace of this site');
    return;
  }
  if (site.id !== p.siteId) throw forbidden('this API key is limited to another site');
  if (p.kind === 'site') {
    if (!SITE_KEY_ACTIONS.has(action === 'page:read-live' ? 'page:read' : action)) {
      throw forbidden('a Site API key cannot perform this operation; use an App API key');
    }
    return;
  }
  // publishable key: live pages only
  if (action !== 'page:read-live') {
    throw forbidden('a publishable key can only read the live version of pages (versionRef=ref:live)');
  }
}
function authorizeWorkspace(ctx, ws) {
  const p = ctx.principal;
  if (p.kind !== 'app') throw forbidden('only an App API key can work with the sites of a workspace');
  if (p.workspaceId !== ws.id) throw forbidden('this API key has no access to this workspace');
}

// ---------------------------------------------------------------------------------------------
// Resolution of resources named in the URL

function resolveSitePath(ctx, id) {
  const site = UUID_RE.test(id) ? ctx.store.liveSite(id.toLowerCase()) : null;
  if (!site) throw notFound('site not found');
  return site;
}

/**
 * `{xIdOrY}` path parameter: a value beginning with "/" is a pathname, a UUID is an ID, anything else
 * is a code/pathname (for pathnames "/" is prepended). Returns { id } or { key }.
 */
function splitIdOrKey(raw, kind) {
  if (kind !== 'locale' && raw.startsWith('/')) return { key: raw };
  if (UUID_RE.test(raw)) return { id: raw.toLowerCase() };
  return { key: kind === 'locale' ? raw : `/${raw}` };
}

/** Phase A of a `{...IdOrCode}` operation: returns { ref, siteId, probs }. */
function identify(ctx, kind) {
  const probs = new Problems();
  const ref = splitIdOrKey(ctx.params.idOrKey, kind);
  const what = kind === 'locale' ? 'a locale code' : 'a pathname';
  const siteId = uuidQuery(ctx, probs, 'siteId', !ref.id, `is required when ${what} is used instead of an ID`);
  return { ref, siteId, probs };
}

function siteForKeyed(ctx, siteId) {
  const site = ctx.store.liveSite(siteId);
  if (!site) throw notFound('site not found');
  return site;
}

/** Phase C check: an ID used together with a siteId must belong to that site. */
function checkSiteMatch(ctx, probs, ref, siteId, obj) {
  if (ref.id && siteId && obj.siteId !== siteId) probs.add('siteId', 'does not match the site of the resource named by the ID');
}

function findLocale(ctx, ref, siteId, { withDeleted = false } = {}) {
  const { store } = ctx;
  if (ref.id) {
    const l = store.locales.get(ref.id);
    if (!l || (l.deleted && !withDeleted) || !store.liveSite(l.siteId)) throw notFound('locale not found');
    return l;
  }
  siteForKeyed(ctx, siteId);
  const code = normLocaleCode(ref.key);
  if (code.error) throw notFound('locale not found');
  const l = store.localesOf(siteId, { withDeleted: true }).find((x) => x.code === code.value);
  if (!l || (l.deleted && !withDeleted)) throw notFound('locale not found');
  return l;
}

function findPage(ctx, ref, siteId) {
  const { store } = ctx;
  if (ref.id) {
    const p = store.pages.get(ref.id);
    if (!p || p.deleted || !store.liveSite(p.siteId)) throw notFound('page not found');
    return p;
  }
  siteForKeyed(ctx, siteId);
  const path = normPagePath(ref.key);
  const p = path.error ? null : store.pagesOf(siteId).find((x) => x.pathname === path.value);
  if (!p) throw notFound('page not found');
  return p;
}

function findRoute(ctx, ref, siteId) {
  const { store } = ctx;
  if (ref.id) {
    const r = store.routes.get(ref.id);
    if (!r || r.deleted || !store.liveSite(r.siteId)) throw notFound('route not found');
    return r;
  }
  siteForKeyed(ctx, siteId);
  const r = store.routesOf(siteId).find((x) => x.pathname === ref.key);
  if (!r) throw notFound('route not found');
  return r;
}

// ---------------------------------------------------------------------------------------------
// Operations: sites

function listSites(ctx) {
  const { store } = ctx;
  const a = new Problems();
  const wsId = uuidQuery(ctx, a, 'workspaceId', true);
  if (a.any) {
    parseLimit(ctx, a);
    uuidQuery(ctx, a, 'startingAfter', false);
    a.throwIfAny();
  }
  const ws = store.workspaces.get(wsId);
  if (!ws) throw notFound('workspace not found');
  authorizeWorkspace(ctx, ws);
  const c = new Problems();
  const limit = parseLimit(ctx, c);
  const after = uuidQuery(ctx, c, 'startingAfter', false);
  c.throwIfAny();
  let items = store.sitesOf(ws.id).sort((x, y) => x.seq - y.seq);
  if (after) {
    const cur = store.sites.get(after);
    if (!cur || cur.workspaceId !== ws.id) throw notFound('startingAfter: no site with this ID in the workspace');
    items = items.filter((s) => s.seq > cur.seq);
  }
  return [200, paginate(items.map((s) => siteView(store, s)), limit)];
}

function createSite(ctx) {
  const { store } = ctx;
  const c = new Problems();
  const b = checkBody(ctx, c, {
    fields: {
      workspaceId: uuidField,
      name: checkSiteName,
      hostOrigin: (v) => (v === '' ? { value: null } : checkUrl(v, { originOnly: false })),
      defaultLocale: normLocaleCode,
    },
    required: ['workspaceId', 'name'],
    refused: readOnly(['object', 'id', 'publicApiKey', 'localeManagementMode', 'defaultLocalePathPrefix']),
  });
  c.throwIfAny();
  const ws = store.workspaces.get(b.workspaceId);
  if (!ws) throw notFound('workspace not found');
  authorizeWorkspace(ctx, ws);
  const site = store.createSite({ workspaceId: ws.id, name: b.name, hostOrigin: b.hostOrigin ?? null, defaultLocale: b.defaultLocale ?? 'en-US' });
  return [201, siteView(store, site)];
}

function getSite(ctx) {
  const site = resolveSitePath(ctx, ctx.params.siteId);
  authorize(ctx, site, 'site:read');
  return [200, siteView(ctx.store, site)];
}

function updateSite(ctx) {
  const site = resolveSitePath(ctx, ctx.params.siteId);
  authorize(ctx, site, 'site:write');
  const c = new Problems();
  const b = checkBody(ctx, c, {
    fields: {
      name: checkSiteName,
      hostOrigin: (v) => (v === '' ? { value: null } : checkUrl(v, { originOnly: false })),
    },
    refused: {
      defaultLocale: 'is not accepted in this body; the default locale of a site cannot be changed',
      ...readOnly(['object', 'id', 'publicApiKey', 'localeManagementMode', 'defaultLocalePathPrefix', 'workspaceId']),
    },
  });
  c.throwIfAny();
  if (has(b, 'name')) site.name = b.name;
  if (has(b, 'hostOrigin')) site.hostOrigin = b.hostOrigin;
  return [200, siteView(ctx.store, site)];
}

function deleteSite(ctx) {
  const { store } = ctx;
  const site = resolveSitePath(ctx, ctx.params.siteId);
  authorize(ctx, site, 'site:admin');
  site.deleted = true;
  store.siteKeys.delete(site.siteKey);
  store.publicKeys.delete(site.publicApiKey);
  return [204, null];
}

function duplicateSite(ctx) {
  const { store } = ctx;
  const src = resolveSitePath(ctx, ctx.params.siteId);
  authorize(ctx, src, 'site:admin');
  const c = new Problems();
  const b = checkBody(ctx, c, { fields: { name: checkSiteName }, required: ['name'] });
  c.throwIfAny();
  const at = nowMs();
  const site = {
    id: uuidv7(at),
    workspaceId: src.workspaceId,
    name: b.name,
    hostOrigin: src.hostOrigin,
    publicApiKey: uuidv4(),
    siteKey: uuidv4(),
    defaultLocaleId: null,
    localeManagementMode: src.localeManagementMode,
    seq: store.nextSeq(),
    deleted: false,
  };
  store.sites.set(site.id, site);
  store.siteKeys.set(site.siteKey, site.id);
  store.publicKeys.set(site.publicApiKey, site.id);
  const localeMap = new Map();
  for (const l of store.localesOf(src.id).sort((x, y) => x.seq - y.seq)) {
    const n = store.addLocale(site, l.code, l.domain, at, l.pathPrefix);
    localeMap.set(l.id, n.id);
  }
  site.defaultLocaleId = localeMap.get(src.defaultLocaleId);
  for (const p of store.pagesOf(src.id).sort((x, y) => x.seq - y.seq)) {
    const t = nowMs();
    const copy = {
      ...p,
      id: uuidv7(t),
      siteId: site.id,
      createdAt: t,
      updatedAt: t,
      seq: store.nextSeq(),
      localizations: p.localizations
        .filter((l) => localeMap.has(l.localeId))
        .map((l) => ({ ...l, id: uuidv4(), localeId: localeMap.get(l.localeId) })),
    };
    store.pages.set(copy.id, copy);
  }
  for (const r of store.routesOf(src.id).sort((x, y) => x.seq - y.seq)) store.addRoute(site, r.pathname, at);
  return [201, siteView(store, site)];
}

// ---------------------------------------------------------------------------------------------
// Operations: locales

const cmpLocale = (x, y) => (x.code < y.code ? -1 : x.code > y.code ? 1 : x.seq - y.seq);

function listLocales(ctx) {
  const { store } = ctx;
  const a = new Problems();
  const siteId = uuidQuery(ctx, a, 'siteId', true);
  if (a.any) {
    parseLimit(ctx, a, true);
    uuidQuery(ctx, a, 'startingAfter', false);
    a.throwIfAny();
  }
  const site = store.liveSite(siteId);
  if (!site) throw notFound('site not found');
  authorize(ctx, site, 'locale:read');
  const c = new Problems();
  const limit = parseLimit(ctx, c, true);
  const after = uuidQuery(ctx, c, 'startingAfter', false);
  c.throwIfAny();
  let items = store.localesOf(site.id).sort(cmpLocale);
  if (after) {
    const cur = store.locales.get(after);
    if (!cur || cur.siteId !== site.id) throw notFound('startingAfter: no locale with this ID in the site');
    items = items.filter((l) => cmpLocale(l, cur) > 0);
  }
  return [200, paginate(items.map((l) => localeView(store, l)), limit)];
}

function domainField(v) {
  return checkUrl(v, { originOnly: true });
}

function createLocale(ctx) {
  const { store } = ctx;
  const c = new Problems();
  const b = checkBody(ctx, c, {
    fields: { siteId: uuidField, locale: normLocaleCode, domain: (v) => (v === null ? { value: null } : domainField(v)) },
    required: ['siteId', 'locale'],
    refused: readOnly(['object', 'id', 'isDefault', 'pathPrefix']),
  });
  c.throwIfAny();
  const site = store.liveSite(b.siteId);
  if (!site) throw notFound('site not found');
  authorize(ctx, site, 'locale:write');
  const all = store.localesOf(site.id, { withDeleted: true });
  const same = all.find((l) => l.code === b.locale);
  if (same && !same.deleted) throw conflict(`locale ${b.locale} already exists in this site`);
  const domain = b.domain ?? null;
  if (domain) {
    const holder = store.domainHolder(site.id, new URL(domain).host, same?.id);
    if (holder) throw conflict('this domain is already used by another locale of the site');
  }
  if (store.localesOf(site.id).length >= LIMITS.locales) {
    throw badRequest([{ field: 'locale', message: `a site can have at most ${LIMITS.locales} locales` }]);
  }
  let loc;
  if (same) {
    // a soft-deleted locale with this code comes back (same ID) with the new domain
    same.deleted = false;
    same.domain = domain;
    loc = same;
  } else {
    loc = store.addLocale(site, b.locale, domain);
  }
  return [201, localeView(store, loc)];
}

function getLocale(ctx) {
  const { ref, siteId, probs } = identify(ctx, 'locale');
  probs.throwIfAny();
  const loc = findLocale(ctx, ref, siteId);
  authorize(ctx, ctx.store.sites.get(loc.siteId), 'locale:read');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, loc);
  c.throwIfAny();
  return [200, localeView(ctx.store, loc)];
}

function updateLocale(ctx) {
  const { store } = ctx;
  const { ref, siteId, probs } = identify(ctx, 'locale');
  if (probs.any) {
    updateLocaleBody(ctx, probs);
    probs.throwIfAny();
  }
  const loc = findLocale(ctx, ref, siteId);
  const site = store.sites.get(loc.siteId);
  authorize(ctx, site, 'locale:write');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, loc);
  const b = updateLocaleBody(ctx, c);
  c.throwIfAny();
  if (has(b, 'locale') && b.locale !== loc.code) {
    if (site.defaultLocaleId === loc.id) {
      throw badRequest([{ field: 'locale', message: 'the code of the default locale cannot be changed' }]);
    }
    const other = store.localesOf(site.id, { withDeleted: true }).find((l) => l.code === b.locale);
    if (other && !other.deleted) throw conflict(`locale ${b.locale} already exists in this site`);
  }
  if (has(b, 'domain') && b.domain) {
    if (store.domainHolder(site.id, new URL(b.domain).host, loc.id)) {
      throw conflict('this domain is already used by another locale of the site');
    }
  }
  if (has(b, 'locale') && b.locale !== loc.code) {
    const other = store.localesOf(site.id, { withDeleted: true }).find((l) => l.code === b.locale);
    if (other) purgeLocale(store, other); // a soft-deleted record with the target code is discarded
    loc.code = b.locale;
  }
  if (has(b, 'domain')) loc.domain = b.domain;
  return [200, localeView(store, loc)];
}
function updateLocaleBody(ctx, probs) {
  return checkBody(ctx, probs, {
    fields: { locale: normLocaleCode, domain: (v) => (v === null ? { value: null } : domainField(v)) },
    refused: readOnly(['object', 'id', 'isDefault', 'pathPrefix', 'siteId']),
  });
}
function purgeLocale(store, loc) {
  store.locales.delete(loc.id);
  for (const p of store.pages.values()) {
    if (p.siteId === loc.siteId) p.localizations = p.localizations.filter((l) => l.localeId !== loc.id);
  }
}

function deleteLocale(ctx) {
  const { store } = ctx;
  const { ref, siteId, probs } = identify(ctx, 'locale');
  probs.throwIfAny();
  const loc = findLocale(ctx, ref, siteId, { withDeleted: true });
  const site = store.sites.get(loc.siteId);
  authorize(ctx, site, 'locale:write');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, loc);
  c.throwIfAny();
  if (site.defaultLocaleId === loc.id) {
    throw badRequest([{ field: 'locale', message: 'the default locale of a site cannot be deleted' }]);
  }
  loc.deleted = true; // soft delete; repeated deletes answer 204 again
  return [204, null];
}

function restoreLocale(ctx) {
  const { store } = ctx;
  const { ref, siteId, probs } = identify(ctx, 'locale');
  probs.throwIfAny();
  const loc = findLocale(ctx, ref, siteId, { withDeleted: true });
  const site = store.sites.get(loc.siteId);
  authorize(ctx, site, 'locale:write');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, loc);
  c.throwIfAny();
  if (!loc.deleted) throw badRequest([{ field: 'locale', message: 'this locale is not deleted' }]);
  if (store.localesOf(site.id).length >= LIMITS.locales) {
    throw badRequest([{ field: 'locale', message: `a site can have at most ${LIMITS.locales} locales` }]);
  }
  if (loc.domain && store.domainHolder(site.id, new URL(loc.domain).host, loc.id)) loc.domain = null;
  loc.deleted = false;
  return [200, localeView(store, loc)];
}

// ---------------------------------------------------------------------------------------------
// Operations: pages

function sortKey(view, p, sortBy) {
  switch (sortBy) {
    case 'path':
      return view.pathname;
    case 'title':
      return view.title;
    case 'description':
      return view.description;
    case 'createdAt':
      return p.createdAt;
    case 'updatedAt':
      return p.updatedAt;
    default:
      return null;
  }
}
/** Nulls first in both directions; strings by collation (case-insensitive, numeric), then code points; ties by creation, in the direction. */
function cmpEntries(a, b, sortBy, dir) {
  const ka = sortKey(a.view, a.page, sortBy);
  const kb = sortKey(b.view, b.page, sortBy);
  if (ka == null && kb != null) return -1;
  if (kb == null && ka != null) return 1;
  let c = 0;
  if (ka != null) {
    if (typeof ka === 'number') c = ka - kb;
    else c = collator.compare(ka, kb) || (ka < kb ? -1 : ka > kb ? 1 : 0);
  }
  if (c === 0) c = a.page.seq - b.page.seq;
  return dir === 'desc' ? -c : c;
}

/** Resolves a `locale` value (code or site-locale ID) among the active locales of a site, or null. */
function resolveLocale(store, site, v) {
  if (v === undefined) return null;
  if (UUID_RE.test(v)) {
    const l = store.locales.get(v.toLowerCase());
    return l && !l.deleted && l.siteId === site.id ? l : null;
  }
  const code = normLocaleCode(v);
  if (code.error) return null;
  return store.localesOf(site.id).find((l) => l.code === code.value) || null;
}

/** Pure parsing of the List Pages query (no lookups). */
function pageListQuery(ctx, c, { includeOfflineDefault, allFilters }) {
  const q = { limit: parseLimit(ctx, c), after: uuidQuery(ctx, c, 'startingAfter', false) };
  q.prefix = qv(ctx, 'pathPrefix') ?? '/';
  if (!q.prefix.startsWith('/')) q.prefix = `/${q.prefix}`;
  q.sortBy = 'path';
  q.dir = 'asc';
  q.includeOffline = includeOfflineDefault;
  q.live = false;
  q.locale = undefined;
  if (allFilters) {
    q.sortBy = enumQuery(ctx, c, 'sortBy', SORT_BY, 'path');
    q.dir = enumQuery(ctx, c, 'sortDirection', ['asc', 'desc'], 'asc');
    q.includeOffline = enumQuery(ctx, c, 'includeOffline', ['true', 'false'], 'false') === 'true';
    q.live = enumQuery(ctx, c, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft') === 'ref:live';
    q.locale = qv(ctx, 'locale');
  }
  return q;
}

function runPageList(ctx, site, q) {
  const { store } = ctx;
  let locale = null;
  if (q.locale !== undefined) {
    locale = resolveLocale(store, site, q.locale);
    if (!locale) throw badRequest([{ field: 'locale', message: 'is not an active locale of this site' }]);
  }
  const nonDefault = locale && locale.id !== site.defaultLocaleId ? locale : null;
  const entry = (p) => ({ page: p, view: pageView(store, p, nonDefault?.id ?? null, locale !== null) });
  let pages = store.pagesOf(site.id);
  if (q.live || !q.includeOffline) pages = pages.filter((p) => p.isOnline);
  if (nonDefault) pages = pages.filter((p) => p.localizations.some((l) => l.localeId === nonDefault.id));
  let entries = pages.map(entry).filter((e) => e.view.pathname.startsWith(q.prefix));
  entries.sort((a, b) => cmpEntries(a, b, q.sortBy, q.dir));
  if (q.after) {
    const cur = store.pages.get(q.after);
    if (!cur || cur.siteId !== site.id) throw notFound('startingAfter: no page with this ID in the site');
    const ce = entry(cur);
    entries = entries.filter((e) => e.page.id !== cur.id && cmpEntries(e, ce, q.sortBy, q.dir) > 0);
  }
  return [200, paginate(entries.map((e) => e.view), q.limit)];
}

const V6_LIST = { includeOfflineDefault: false, allFilters: true };
const V2_SITE_PAGES = { includeOfflineDefault: true, allFilters: false };

function listPages(ctx) {
  const a = new Problems();
  const siteId = uuidQuery(ctx, a, 'siteId', true);
  if (a.any) {
    pageListQuery(ctx, a, V6_LIST);
    a.throwIfAny();
  }
  const site = ctx.store.liveSite(siteId);
  if (!site) throw notFound('site not found');
  authorize(ctx, site, qv(ctx, 'versionRef') === 'ref:live' ? 'page:read-live' : 'page:read');
  const c = new Problems();
  const q = pageListQuery(ctx, c, V6_LIST);
  c.throwIfAny();
  return runPageList(ctx, site, q);
}

function listSitePages(ctx) {
  const site = resolveSitePath(ctx, ctx.params.siteId);
  authorize(ctx, site, 'page:read');
  const c = new Problems();
  const q = pageListQuery(ctx, c, V2_SITE_PAGES);
  c.throwIfAny();
  return runPageList(ctx, site, q);
}

function createPage(ctx) {
  const { store } = ctx;
  const c = new Problems();
  const b = checkBody(ctx, c, {
    fields: { siteId: uuidField, pathname: normPagePath, name: checkPageName },
    required: ['siteId', 'pathname', 'name'],
    refused: readOnly(
      ['object', 'id', 'createdAt', 'updatedAt', 'publishedAt', 'localizations', 'locale', 'isOnline', 'title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines'],
      'cannot be set when creating a page',
    ),
  });
  c.throwIfAny();
  const site = store.liveSite(b.siteId);
  if (!site) throw notFound('site not found');
  authorize(ctx, site, 'page:write');
  const holder = store.pathHolder(site.id, b.pathname);
  if (holder) throw conflict(`a ${holder} with the pathname ${b.pathname} already exists in this site`);
  const page = store.addPage(site, { pathname: b.pathname, name: b.name });
  return [201, pageView(store, page)];
}

function getPage(ctx) {
  const { store } = ctx;
  const { ref, siteId, probs } = identify(ctx, 'page');
  if (probs.any) {
    enumQuery(ctx, probs, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft');
    probs.throwIfAny();
  }
  const page = findPage(ctx, ref, siteId);
  const site = store.sites.get(page.siteId);
  authorize(ctx, site, qv(ctx, 'versionRef') === 'ref:live' ? 'page:read-live' : 'page:read');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, page);
  const live = enumQuery(ctx, c, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft') === 'ref:live';
  c.throwIfAny();
  if (live && !page.isOnline) throw notFound('page has no live version (it is offline)');
  const localeParam = qv(ctx, 'locale');
  const locale = resolveLocale(store, site, localeParam); // unresolvable: falls back to the default locale
  return [200, pageView(store, page, locale?.id ?? null, localeParam !== undefined)];
}

function updatePage(ctx) {
  const { store } = ctx;
  const { ref, siteId, probs } = identify(ctx, 'page');
  if (probs.any) {
    updatePageBody(ctx, probs);
    probs.throwIfAny();
  }
  const page = findPage(ctx, ref, siteId);
  const site = store.sites.get(page.siteId);
  authorize(ctx, site, 'page:write');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, page);
  const b = updatePageBody(ctx, c);
  c.throwIfAny();
  if (has(b, 'pathname') && b.pathname !== page.pathname) {
    const holder = store.pathHolder(site.id, b.pathname, { exceptPageId: page.id });
    if (holder) throw conflict(`a ${holder} with the pathname ${b.pathname} already exists in this site`);
  }
  let changed = false;
  if (has(b, 'pathname') && b.pathname !== page.pathname) {
    page.pathname = b.pathname;
    if (page.canonicalAuto && site.hostOrigin) page.canonicalUrl = joinUrl(site.hostOrigin, page.pathname);
    changed = true;
  }
  if (has(b, 'name') && b.name !== page.name) {
    page.name = b.name;
    changed = true;
  }
  const t = nowMs();
  if (has(b, 'isOnline') && b.isOnline !== page.isOnline) {
    page.isOnline = b.isOnline;
    page.publishedAt = b.isOnline ? t : null;
    changed = true;
  }
  if (changed) page.updatedAt = t;
  return [200, pageView(store, page)];
}
function updatePageBody(ctx, probs) {
  return checkBody(ctx, probs, {
    fields: {
      pathname: (v) => (v === null || v === '' ? { error: 'Missing pathname field.' } : normPagePath(v)),
      name: checkPageName,
      isOnline: (v) => (typeof v === 'boolean' ? { value: v } : { error: 'must be a boolean' }),
    },
    refused: readOnly(['object', 'id', 'createdAt', 'updatedAt', 'publishedAt', 'localizations', 'locale', 'siteId']),
  });
}

function deletePage(ctx) {
  const { store } = ctx;
  const { ref, siteId, probs } = identify(ctx, 'page');
  probs.throwIfAny();
  const page = findPage(ctx, ref, siteId);
  authorize(ctx, store.sites.get(page.siteId), 'page:write');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, page);
  c.throwIfAny();
  page.deleted = true; // kept as a tombstone so that a cursor on it still resumes in place
  return [204, null];
}

// ---------------------------------------------------------------------------------------------
// Operations: routes

const cmpRoute = (x, y) => (x.pathname < y.pathname ? -1 : x.pathname > y.pathname ? 1 : x.seq - y.seq);

function listRoutes(ctx) {
  const { store } = ctx;
  const a = new Problems();
  const siteId = uuidQuery(ctx, a, 'siteId', true);
  if (a.any) {
    parseLimit(ctx, a);
    uuidQuery(ctx, a, 'startingAfter', false);
    a.throwIfAny();
  }
  const site = store.liveSite(siteId);
  if (!site) throw notFound('site not found');
  authorize(ctx, site, 'route:read');
  const c = new Problems();
  const limit = parseLimit(ctx, c);
  const after = uuidQuery(ctx, c, 'startingAfter', false);
  c.throwIfAny();
  let items = store.routesOf(site.id).sort(cmpRoute);
  if (after) {
    const cur = store.routes.get(after);
    if (!cur || cur.siteId !== site.id) throw notFound('startingAfter: no route with this ID in the site');
    items = items.filter((r) => r.id !== cur.id && cmpRoute(r, cur) > 0);
  }
  return [200, paginate(items.map(routeView), limit)];
}

function skipValidationQuery(ctx, probs) {
  return enumQuery(ctx, probs, 'skipValidation', ['true', 'false'], 'false') === 'true';
}

function createRoute(ctx) {
  const { store } = ctx;
  const c = new Problems();
  const skip = skipValidationQuery(ctx, c);
  const b = checkBody(ctx, c, {
    fields: { siteId: uuidField, pathname: (v) => checkRoutePath(v, skip) },
    required: ['siteId', 'pathname'],
    refused: readOnly(['object', 'id']),
  });
  c.throwIfAny();
  const site = store.liveSite(b.siteId);
  if (!site) throw notFound('site not found');
  authorize(ctx, site, 'route:write');
  if (!skip) {
    const holder = store.pathHolder(site.id, b.pathname);
    if (holder) throw conflict(`a ${holder} with the pathname ${b.pathname} already exists in this site`);
  }
  return [201, routeView(store.addRoute(site, b.pathname))];
}

function getRoute(ctx) {
  const { ref, siteId, probs } = identify(ctx, 'route');
  probs.throwIfAny();
  const r = findRoute(ctx, ref, siteId);
  authorize(ctx, ctx.store.sites.get(r.siteId), 'route:read');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, r);
  c.throwIfAny();
  return [200, routeView(r)];
}

function updateRoute(ctx) {
  const { store } = ctx;
  const { ref, siteId, probs } = identify(ctx, 'route');
  const body = (p, skip) =>
    checkBody(ctx, p, { fields: { pathname: (v) => checkRoutePath(v, skip) }, refused: readOnly(['object', 'id', 'siteId']) });
  if (probs.any) {
    body(probs, skipValidationQuery(ctx, probs));
    probs.throwIfAny();
  }
  const r = findRoute(ctx, ref, siteId);
  authorize(ctx, store.sites.get(r.siteId), 'route:write');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, r);
  const skip = skipValidationQuery(ctx, c);
  const b = body(c, skip);
  c.throwIfAny();
  if (has(b, 'pathname') && b.pathname !== r.pathname) {
    if (!skip) {
      const holder = store.pathHolder(r.siteId, b.pathname, { exceptRouteId: r.id });
      if (holder) throw conflict(`a ${holder} with the pathname ${b.pathname} already exists in this site`);
    }
    r.pathname = b.pathname;
  }
  return [200, routeView(r)];
}

function deleteRoute(ctx) {
  const { ref, siteId, probs } = identify(ctx, 'route');
  probs.throwIfAny();
  const r = findRoute(ctx, ref, siteId);
  authorize(ctx, ctx.store.sites.get(r.siteId), 'route:write');
  const c = new Problems();
  checkSiteMatch(ctx, c, ref, siteId, r);
  c.throwIfAny();
  r.deleted = true;
  return [204, null];
}

// ---------------------------------------------------------------------------------------------
// Routing

function route(method, segs) {
  const n = segs.length;
  if (segs.some((s) => s === '')) return null;
  const [v, fam, x, sub] = segs;
  const pick = (table, params = {}) => (table[method] ? { op: table[method], params } : null);
  if (v === 'v2' && fam === 'sites') {
    if (n === 2) return pick({ GET: listSites, POST: createSite });
    if (n === 3) return pick({ GET: getSite, PATCH: updateSite, DELETE: deleteSite }, { siteId: x });
    if (n === 4 && sub === 'duplicate') return pick({ POST: duplicateSite }, { siteId: x });
    if (n === 4 && sub === 'pages') return pick({ GET: listSitePages }, { siteId: x });
    return null;
  }
  if (v === 'v2' && fam === 'locales') {
    if (n === 2) return pick({ GET: listLocales, POST: createLocale });
    if (n === 3) return pick({ GET: getLocale, PATCH: updateLocale, DELETE: deleteLocale }, { idOrKey: x });
    if (n === 4 && sub === 'restore') return pick({ POST: restoreLocale }, { idOrKey: x });
    return null;
  }
  if (v === 'v6' && fam === 'pages') {
    if (n === 2) return pick({ GET: listPages, POST: createPage });
    if (n === 3) return pick({ GET: getPage, PATCH: updatePage, DELETE: deletePage }, { idOrKey: x });
    return null;
  }
  if (v === 'v2' && fam === 'routes') {
    if (n === 2) return pick({ GET: listRoutes, POST: createRoute });
    if (n === 3) return pick({ GET: getRoute, PATCH: updateRoute, DELETE: deleteRoute }, { idOrKey: x });
    return null;
  }
  return null;
}

function parseQuery(raw) {
  const map = new Map();
  const errors = [];
  if (!raw) return { map, errors };
  for (const part of raw.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    let k = i < 0 ? part : part.slice(0, i);
    let v = i < 0 ? '' : part.slice(i + 1);
    try {
      k = decodeURIComponent(k.replace(/\+/g, ' '));
    } catch {
      errors.push({ field: 'query', message: 'malformed percent-encoding in a parameter name' });
      continue;
    }
    try {
      v = decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      errors.push({ field: k, message: 'malformed percent-encoding' });
      continue;
    }
    map.set(k, v); // a repeated parameter: the last value wins
  }
  return { map, errors };
}

function authenticate(store, header) {
  if (typeof header !== 'string' || header === '') return { error: 'the x-api-key header is missing' };
  const ws = store.appKeys.get(header);
  if (ws) return { principal: { kind: 'app', workspaceId: ws } };
  if (UUID_RE.test(header)) {
    const lower = header.toLowerCase();
    const s = store.siteKeys.get(lower);
    if (s) return { principal: { kind: 'site', siteId: s } };
    const p = store.publicKeys.get(lower);
    if (p) return { principal: { kind: 'public', siteId: p } };
  }
  return { error: 'the API key is not valid' };
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let settled = false;
    const done = (r) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else if (size > HARD_BODY) {
        req.pause();
        done({ size, hard: true });
      }
    });
    req.on('end', () => done({ size, buf: Buffer.concat(chunks) }));
    req.on('error', () => done({ size, aborted: true }));
    req.on('close', () => done({ size, aborted: true }));
  });
}

function interpretBody(req, b) {
  if (b.size > MAX_BODY) return { error: `must be at most ${MAX_BODY} bytes` };
  const text = b.buf ? b.buf.toString('utf8') : '';
  if (text.trim() === '') return { body: undefined };
  const ct = req.headers['content-type'];
  if (ct !== undefined && !/^\s*application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(ct)) {
    return { error: 'Content-Type must be application/json' };
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { error: `is not valid JSON (${e instanceof SyntaxError ? e.message : 'parse error'})` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { error: 'must be a JSON object' };
  return { body: parsed };
}

function send(res, status, payload, extraHeaders = {}) {
  if (res.headersSent) return;
  const headers = { 'cache-control': 'no-store', ...extraHeaders };
  if (status === 204 || payload === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(payload);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
function errorBody(e) {
  const out = { object: 'error', code: e.code, message: e.message };
  if (e.status === 400) out.details = e.details && e.details.length ? e.details : [{ field: 'request', message: e.message }];
  return out;
}

async function handle(store, req, res) {
  const raw = await readBody(req);
  if (raw.aborted && !raw.buf) return;
  if (raw.hard) {
    const e = badRequest([{ field: 'body', message: `must be at most ${MAX_BODY} bytes` }]);
    send(res, 400, errorBody(e), { connection: 'close' });
    res.on('finish', () => req.socket.destroy());
    return;
  }
  const url = req.url || '/';
  const qi = url.indexOf('?');
  const rawPath = qi < 0 ? url : url.slice(0, qi);
  const rawQuery = qi < 0 ? '' : url.slice(qi + 1).split('#')[0];

  // 1. authentication, before anything else
  const auth = authenticate(store, req.headers['x-api-key']);
  if (auth.error) throw new ApiError(401, 'unauthorized', auth.error);

  // 2. routing (a path that cannot be decoded names nothing)
  let segs = null;
  if (rawPath.startsWith('/')) {
    try {
      segs = rawPath.slice(1).split('/').map((s) => decodeURIComponent(s));
    } catch {
      segs = null;
    }
  }
  const match = segs && route(req.method, segs);
  if (!match) throw notFound(`no operation ${req.method} ${rawPath.length > 200 ? `${rawPath.slice(0, 200)}…` : rawPath}`);

  const { map, errors } = parseQuery(rawQuery);
  if (errors.length) {
    const p = new Problems();
    for (const d of errors) p.add(d.field, d.message);
    p.throwIfAny();
  }
  const bodyInfo = interpretBody(req, raw);
  const ctx = { store, principal: auth.principal, params: match.params, query: map, body: bodyInfo.body, bodyError: bodyInfo.error };
  const [status, payload] = match.op(ctx);
  send(res, status, payload);
}

// ---------------------------------------------------------------------------------------------
// Seed

function seed(store) {
  const day = (d, h = 9) => Date.UTC(2025, 0, 1, h) + d * 86400000;
  const { ws: ws1, key: key1 } = store.addWorkspace('Lumen Studio');
  const { ws: ws2, key: key2 } = store.addWorkspace('Harbor Labs');

  // Lumen Docs: en-US default, fr-CA (custom path prefix), ja-JP (domain), nl-NL soft-deleted
  const docs = store.createSite({ workspaceId: ws1.id, name: 'Lumen Docs', hostOrigin: 'https://docs.lumen.example', defaultLocale: 'en-US', at: day(3) });
  const frCA = store.addLocale(docs, 'fr-CA', null, day(4), 'quebec');
  const jaJP = store.addLocale(docs, 'ja-JP', 'https://docs.lumen.example.jp', day(5));
  const nlNL = store.addLocale(docs, 'nl-NL', null, day(6));
  nlNL.deleted = true;
  store.addPage(docs, { pathname: '/', name: 'Home', title: 'Lumen Docs', description: 'Documentation for Lumen', isOnline: true, publishedAt: day(7, 10), at: day(7) });
  const gs = store.addPage(docs, { pathname: '/getting-started', name: 'Getting started', title: 'Getting started', description: 'Install and first steps', isOnline: true, publishedAt: day(8, 10), at: day(8) });
  store.addLocalization(gs, frCA, '/premiers-pas', { title: 'Premiers pas', description: 'Installation et premiers pas' });
  store.addLocalization(gs, jaJP, '/hajimeni', { title: 'はじめに' });
  store.addLocalization(gs, nlNL, '/aan-de-slag', { title: 'Aan de slag' });
  const inst = store.addPage(docs, { pathname: '/guides/install', name: 'Install guide', title: 'Install', isOnline: true, publishedAt: day(9, 10), at: day(9) });
  store.addLocalization(inst, frCA, '/guides/installation', { title: 'Installation' });
  store.addPage(docs, { pathname: '/guides/page2', name: 'Page 2', title: 'Guide 2', isOnline: true, publishedAt: day(10, 10), at: day(10) });
  store.addPage(docs, { pathname: '/guides/page10', name: 'Page 10', title: 'Guide 10', isOnline: true, publishedAt: day(11, 10), at: day(11) });
  store.addPage(docs, { pathname: '/Team', name: 'Team', isOnline: true, publishedAt: day(12, 10), at: day(12) });
  store.addPage(docs, { pathname: '/changelog', name: 'Changelog', title: 'Changelog', description: 'Coming soon', at: day(13) });
  store.addPage(docs, { pathname: '/archive/2024', name: 'Archive 2024', title: 'Archive 2024', excludedFromSearchEngines: true, sitemapPriority: null, sitemapFrequency: 'never', at: day(14) });
  store.addRoute(docs, '/api/:version/*', day(15));
  store.addRoute(docs, '/blog/[slug]', day(15, 11));

  // Lumen Shop: es-MX default, en-US with a domain; its Site API key is printed
  const shop = store.createSite({ workspaceId: ws1.id, name: 'Lumen Shop', hostOrigin: null, defaultLocale: 'es-MX', mode: 'external', at: day(20) });
  const shopEn = store.addLocale(shop, 'en-US', 'https://shop.lumen.example', day(21));
  store.addPage(shop, { pathname: '/', name: 'Inicio', title: 'Tienda Lumen', isOnline: true, publishedAt: day(22, 10), at: day(22) });
  const prod = store.addPage(shop, { pathname: '/productos', name: 'Productos', title: 'Productos', isOnline: true, publishedAt: day(23, 10), at: day(23) });
  store.addLocalization(prod, shopEn, '/products', { title: 'Products' });
  store.addPage(shop, { pathname: '/carrito', name: 'Carrito', title: 'Carrito', at: day(24) });
  store.addRoute(shop, '/checkout/:step', day(25));

  // Harbor Home (workspace 2)
  const harbor = store.createSite({ workspaceId: ws2.id, name: 'Harbor Home', hostOrigin: 'https://harbor.example', defaultLocale: 'en-GB', at: day(30) });
  const deDE = store.addLocale(harbor, 'de-DE', null, day(31));
  store.addPage(harbor, { pathname: '/', name: 'Home', title: 'Harbor', isOnline: true, publishedAt: day(32, 10), at: day(32) });
  const about = store.addPage(harbor, { pathname: '/about', name: 'About', title: 'About us', isOnline: true, publishedAt: day(33, 10), at: day(33) });
  store.addLocalization(about, deDE, '/ueber-uns', { title: 'Über uns' });
  store.addRoute(harbor, '/status', day(34));

  return { apiKey: key1, workspaceId: ws1.id, siteApiKey: shop.siteKey, otherApiKey: key2 };
}

// ---------------------------------------------------------------------------------------------
// Server

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const store = new Store();
  const info = seed(store);
  const server = http.createServer((req, res) => {
    handle(store, req, res).catch((e) => {
      if (e instanceof ApiError) return send(res, e.status, errorBody(e));
      process.stderr.write(`outsider3: unexpected error: ${e && e.stack ? e.stack : e}\n`);
      send(res, 500, { object: 'error', code: 'internal_error', message: 'unexpected server error' });
    });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') return socket.destroy();
    const body = JSON.stringify({ object: 'error', code: 'bad_request', message: 'malformed HTTP request', details: [{ field: 'request', message: 'malformed HTTP request' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    baseUrl: url,
    ...info,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port: Number.isInteger(port) && port >= 0 ? port : 0 });
  process.stdout.write(
    `${JSON.stringify({ baseUrl: s.baseUrl, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`,
  );
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
