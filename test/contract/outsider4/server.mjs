// outsider4: a fourth independent, in-memory deployment of the Site-Building Service REST API.
// Written only from the specification and the published OpenAPI. Plain Node ESM, node: built-ins only.
//   node server.mjs --port 0     -> prints ONE JSON line on stdout once listening (see README.md)
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// ---------------------------------------------------------------------------------------------
// Constants and small helpers
// ---------------------------------------------------------------------------------------------
const MAX_BODY = 100_000; // bytes kept; larger bodies are 400 on `requestBody`
const DRAIN_MAX = 8 * 1024 * 1024; // beyond this we stop listening and close the connection
const LOCALE_QUOTA = 25; // active locales per site, default included
const SITE_NAME_MAX = 100;
const PAGE_NAME_MAX = 150;
const PATH_MAX = 255;
const LOOSE_ROUTE_MAX = 2048;
const URL_MAX = 300;
const FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCALE_RE = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/;
const PCHAR = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
const PATH_RE = new RegExp(`^(?:/|(?:/${PCHAR}+)+)$`);
const PREFIX_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
const collator = new Intl.Collator('en', { sensitivity: 'variant', usage: 'sort' });

const isUuid = (v) => typeof v === 'string' && UUID_RE.test(v);
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

class ApiError extends Error {
  constructor(status, message, details) {
    super(message);
    this.status = status;
    this.details = details;
  }
}
const fail = (status, message) => {
  throw new ApiError(status, message);
};
const bad = (field, message) => {
  throw new ApiError(400, `Invalid value for ${field}: ${message}`, [{ field, message }]);
};

/** Collects every problem of a request; one `details` item per field, its messages joined. */
class Problems {
  constructor() {
    this.map = new Map();
  }
  add(field, message) {
    if (!this.map.has(field)) this.map.set(field, []);
    this.map.get(field).push(message);
  }
  get size() {
    return this.map.size;
  }
  throwIfAny() {
    if (this.map.size === 0) return;
    let entries = [...this.map];
    if (this.rank) {
      const r = entries.map(([field, msgs]) => this.rank(field, msgs));
      entries = entries.map((e, i) => [e, r[i]]).sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1] || a[1][2] - b[1][2]).map((x) => x[0]);
    }
    const details = entries.map(([field, msgs]) => ({ field, message: msgs.join('; ') }));
    const n = details.length;
    throw new ApiError(400, `Request validation failed: ${n} invalid field${n === 1 ? '' : 's'} (${details.map((d) => d.field).join(', ')}).`, details);
  }
}

function normaliseLocale(v) {
  const m = LOCALE_RE.exec(v);
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}

/** RFC 3986 path grammar; returns [normalised, problems[]]. */
function checkPathname(v) {
  const out = [];
  if (v.length === 0) return [v, ['must not be empty']];
  if (v[0] !== '/') out.push("must begin with '/'");
  if (v.length > PATH_MAX) out.push(`must be at most ${PATH_MAX} characters`);
  if (v.length > 1 && v.endsWith('/')) out.push("must not end with '/'");
  if (v.includes('//')) out.push('must not contain empty segments');
  if (v.split('/').some((s) => s === '.' || s === '..')) out.push("must not contain '.' or '..' segments");
  if (out.length === 0 && !PATH_RE.test(v)) out.push('contains characters outside the RFC 3986 path grammar (percent-encode them)');
  return [v.replace(/%[0-9a-fA-F]{2}/g, (s) => s.toUpperCase()), out];
}

function checkLooseRoute(v) {
  const out = [];
  if (!v.startsWith('/')) out.push("must begin with '/'");
  if (/[\s\u0000-\u001f\u007f]/.test(v)) out.push('must not contain whitespace or control characters');
  if (v.length > LOOSE_ROUTE_MAX) out.push(`must be at most ${LOOSE_ROUTE_MAX} characters`);
  return out;
}

/** Absolute http(s) URI of printable ASCII; `originOnly` refuses paths, queries and fragments. */
function checkUrl(v, { originOnly }) {
  if (v.length === 0) return [null, 'must not be empty'];
  if (v.length > URL_MAX) return [null, `must be at most ${URL_MAX} characters`];
  if (!/^[\x21-\x7e]+$/.test(v)) return [null, 'must be a URI of printable ASCII characters (no spaces; punycode for international hosts)'];
  let u;
  try {
    u = new URL(v);
  } catch {
    return [null, 'must be an absolute URL including the protocol'];
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return [null, 'must use the http or https protocol'];
  if (!/^https?:\/\//i.test(v)) return [null, "must be written as 'http(s)://host'"];
  if (u.username || u.password) return [null, 'must not contain credentials'];
  if (v.includes('#')) return [null, 'must not contain a fragment'];
  if (originOnly) {
    if (u.pathname !== '/' || v.includes('?')) return [null, 'must be an origin only (protocol, host and optional port)'];
    return [u.origin, null];
  }
  return [v, null];
}

function cleanSiteName(v) {
  if (CONTROL_RE.test(v.replace(/[\t\n\r]/g, ' '))) return [null, 'must not contain control characters'];
  const s = v.trim().replace(/\s+/g, ' ');
  if (s.length === 0) return [null, 'must contain at least one visible character'];
  if (s.length > SITE_NAME_MAX) return [null, `must be at most ${SITE_NAME_MAX} characters after trimming`];
  return [s, null];
}

function randomAppKey() {
  return `appkey_${randomBytes(16).toString('hex')}`;
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------
function createState() {
  const st = {
    workspaces: new Map(), // id -> { id, name }
    appKeys: new Map(), // key -> workspaceId
    sites: new Map(), // id -> site
    keyIndex: new Map(), // lower-case uuid -> { siteId, kind: 'site' | 'public' }
    revokedKeys: new Map(), // lower-case uuid -> kind (keys of deleted sites)
    locales: new Map(), // id -> locale
    pages: new Map(), // id -> page
    routes: new Map(), // id -> route
    lastMs: 0,
  };
  st.now = () => {
    const ms = Math.max(Date.now(), st.lastMs + 1);
    st.lastMs = ms;
    return new Date(ms).toISOString();
  };
  return st;
}

function addSite(st, { workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'external' }) {
  const site = {
    id: randomUUID(),
    workspaceId,
    name,
    hostOrigin,
    publicApiKey: randomUUID(),
    siteApiKey: randomUUID(),
    defaultLocaleId: null,
    defaultLocalePathPrefix: null,
    localeManagementMode: mode,
  };
  st.sites.set(site.id, site);
  st.keyIndex.set(site.siteApiKey, { siteId: site.id, kind: 'site' });
  st.keyIndex.set(site.publicApiKey, { siteId: site.id, kind: 'public' });
  const loc = addLocale(st, site, { code: defaultLocale });
  site.defaultLocaleId = loc.id;
  return site;
}

function addLocale(st, site, { code, domain = null, pathPrefix = null }) {
  const loc = { id: randomUUID(), siteId: site.id, code, domain, pathPrefix, deletedAt: null };
  st.locales.set(loc.id, loc);
  return loc;
}

function addPage(st, site, { pathname, name, createdAt, fields = {} }) {
  const page = {
    id: randomUUID(),
    siteId: site.id,
    name,
    draft: {
      pathname,
      title: null,
      description: null,
      canonicalUrl: null,
      socialImageUrl: null,
      sitemapPriority: null,
      sitemapFrequency: null,
      excludedFromSearchEngines: null,
      isOnline: false,
      ...fields,
    },
    createdAt: createdAt ?? st.now(),
    updatedAt: null,
    publishedAt: null,
    live: null,
    localizations: [], // { id, localeId, pathname, title, description }
  };
  st.pages.set(page.id, page);
  return page;
}

const snapshot = (page) => ({ ...page.draft, updatedAt: page.updatedAt });

function addRoute(st, site, pathname) {
  const r = { id: randomUUID(), siteId: site.id, pathname };
  st.routes.set(r.id, r);
  return r;
}

const activeLocales = (st, siteId) => [...st.locales.values()].filter((l) => l.siteId === siteId && !l.deletedAt);
const siteDefaultCode = (st, site) => st.locales.get(site.defaultLocaleId).code;

function purgeLocale(st, loc) {
  st.locales.delete(loc.id);
  for (const p of st.pages.values()) if (p.siteId === loc.siteId) p.localizations = p.localizations.filter((l) => l.localeId !== loc.id);
}

function seed(st) {
  const ws1 = randomUUID();
  const ws2 = randomUUID();
  st.workspaces.set(ws1, { id: ws1, name: 'Bramble & Finch' });
  st.workspaces.set(ws2, { id: ws2, name: 'Copperline' });
  const apiKey = randomAppKey();
  const otherApiKey = randomAppKey();
  st.appKeys.set(apiKey, ws1);
  st.appKeys.set(otherApiKey, ws2);

  let t = Date.now() - 40 * 24 * 3600 * 1000;
  const at = () => new Date((t += 7 * 60 * 1000)).toISOString();
  const online = (page, publishedAt) => {
    page.draft.isOnline = true;
    page.publishedAt = publishedAt;
    page.updatedAt = publishedAt;
    page.live = snapshot(page);
  };

  // Workspace 1, site A
  const a = addSite(st, { workspaceId: ws1, name: 'Bramble Journal', hostOrigin: 'https://journal.bramble.example', defaultLocale: 'en-US' });
  const sv = addLocale(st, a, { code: 'sv-SE', domain: 'https://bramble.example.se' });
  const pt = addLocale(st, a, { code: 'pt-BR', pathPrefix: 'brasil' });
  const da = addLocale(st, a, { code: 'da-DK' });
  da.deletedAt = at();
  const home = addPage(st, a, { pathname: '/', name: 'Home', createdAt: at(), fields: { title: 'Bramble Journal', sitemapPriority: 1, sitemapFrequency: 'daily', excludedFromSearchEngines: false } });
  online(home, at());
  const notes = addPage(st, a, { pathname: '/field-notes', name: 'Field notes', createdAt: at(), fields: { title: 'Field notes', description: 'Notes from the hedgerow' } });
  online(notes, at());
  notes.localizations.push(
    { id: randomUUID(), localeId: sv.id, pathname: '/faltanteckningar', title: 'Fältanteckningar', description: null },
    { id: randomUUID(), localeId: pt.id, pathname: '/notas-de-campo', title: 'Notas de campo', description: 'Notas da sebe' },
    { id: randomUUID(), localeId: da.id, pathname: '/feltnoter', title: 'Feltnoter', description: null },
  );
  const otters = addPage(st, a, { pathname: '/field-notes/otters', name: 'Otters', createdAt: at(), fields: { title: 'Otters at dusk', sitemapPriority: 0.4, sitemapFrequency: 'monthly' } });
  online(otters, at());
  otters.localizations.push({ id: randomUUID(), localeId: sv.id, pathname: '/faltanteckningar/uttrar', title: 'Uttrar', description: null });
  const about = addPage(st, a, { pathname: '/About-Us', name: 'About us', createdAt: at(), fields: { title: 'about us', canonicalUrl: 'https://journal.bramble.example/About-Us' } });
  online(about, at());
  addPage(st, a, { pathname: '/drafts/winter', name: 'Winter draft', createdAt: at(), fields: { title: 'Winter (draft)' } });
  const archive = addPage(st, a, { pathname: '/archive', name: 'Archive', createdAt: at(), fields: { title: 'Archive' } });
  online(archive, at());
  archive.draft.isOnline = false;
  archive.updatedAt = at();
  archive.live = snapshot(archive);
  archive.draft.title = 'Archive (reworked, unpublished)';
  archive.updatedAt = at();
  addRoute(st, a, '/feeds/:kind');
  addRoute(st, a, '/assets/*');

  // Workspace 1, site B (its Site API key is the announced one)
  const b = addSite(st, { workspaceId: ws1, name: 'Bramble Market', defaultLocale: 'it', mode: 'internal' });
  const en = addLocale(st, b, { code: 'en', domain: 'https://market.bramble.example' });
  const bhome = addPage(st, b, { pathname: '/', name: 'Home', createdAt: at(), fields: { title: 'Mercato' } });
  online(bhome, at());
  const shop = addPage(st, b, { pathname: '/negozio', name: 'Shop', createdAt: at(), fields: { title: 'Negozio' } });
  online(shop, at());
  shop.localizations.push({ id: randomUUID(), localeId: en.id, pathname: '/shop', title: 'Shop', description: null });
  addPage(st, b, { pathname: '/carrello', name: 'Cart', createdAt: at() });
  addRoute(st, b, '/checkout/:step');

  // Workspace 2
  const c = addSite(st, { workspaceId: ws2, name: 'Copperline HQ', hostOrigin: 'https://copperline.example', defaultLocale: 'de-AT' });
  const cen = addLocale(st, c, { code: 'en-US' });
  const chome = addPage(st, c, { pathname: '/', name: 'Start', createdAt: at(), fields: { title: 'Copperline' } });
  online(chome, at());
  const cabout = addPage(st, c, { pathname: '/ueber-uns', name: 'Über uns', createdAt: at(), fields: { title: 'Über uns' } });
  online(cabout, at());
  cabout.localizations.push({ id: randomUUID(), localeId: cen.id, pathname: '/about', title: 'About', description: null });
  addRoute(st, c, '/status');

  return { apiKey, workspaceId: ws1, siteApiKey: b.siteApiKey, otherApiKey };
}

// ---------------------------------------------------------------------------------------------
// Representations
// ---------------------------------------------------------------------------------------------
function siteView(st, s) {
  return {
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.hostOrigin,
    publicApiKey: s.publicApiKey,
    defaultLocale: siteDefaultCode(st, s),
    defaultLocalePathPrefix: s.defaultLocalePathPrefix,
    localeManagementMode: s.localeManagementMode,
  };
}

function localeView(st, l) {
  const site = st.sites.get(l.siteId);
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: site.defaultLocaleId === l.id };
}

/** The page as shown in one version (`draft` | `live`) and one locale (null = default). */
function pageView(st, page, version, locale) {
  const site = st.sites.get(page.siteId);
  const v = version === 'live' ? page.live : snapshot(page);
  if (!v) return null;
  const localizations = page.localizations.filter((z) => {
    const l = st.locales.get(z.localeId);
    return l && !l.deletedAt;
  });
  let pathname = v.pathname;
  let title = v.title;
  let description = v.description;
  let code = siteDefaultCode(st, site);
  let localized = false;
  if (locale && locale.id !== site.defaultLocaleId) {
    const z = localizations.find((x) => x.localeId === locale.id);
    if (z) {
      localized = true;
      pathname = z.pathname;
      title = z.title ?? title;
      description = z.description ?? description;
      code = locale.code;
    }
  }
  return {
    localized,
    body: {
      object: 'page',
      id: page.id,
      pathname,
      locale: code,
      canonicalUrl: v.canonicalUrl,
      title,
      description,
      socialImageUrl: v.socialImageUrl,
      sitemapPriority: v.sitemapPriority,
      sitemapFrequency: v.sitemapFrequency,
      createdAt: page.createdAt,
      updatedAt: v.updatedAt,
      publishedAt: page.publishedAt,
      isOnline: v.isOnline,
      excludedFromSearchEngines: v.excludedFromSearchEngines,
      localizations: localizations.map((z) => ({ id: z.id, locale: st.locales.get(z.localeId).code, pathname: z.pathname })),
    },
  };
}

const routeView = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

// ---------------------------------------------------------------------------------------------
// Request reading and parsing
// ---------------------------------------------------------------------------------------------
function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let done = false;
    const finish = (v) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        chunks.length = 0;
        if (size > DRAIN_MAX) finish({ tooLarge: true, abort: true });
      } else chunks.push(c);
    });
    req.on('end', () => finish(size > MAX_BODY ? { tooLarge: true } : { buf: Buffer.concat(chunks) }));
    req.on('error', () => finish({ abort: true, tooLarge: true }));
    req.on('close', () => finish({ abort: true, tooLarge: true }));
  });
}

/** Parses the query string; repeated names must agree; undecodable values are recorded. */
function parseQuery(qs) {
  const values = new Map();
  const problems = [];
  if (!qs) return { values, problems };
  for (const part of qs.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawK = eq < 0 ? part : part.slice(0, eq);
    const rawV = eq < 0 ? '' : part.slice(eq + 1);
    let k;
    let v;
    try {
      k = decodeURIComponent(rawK.replace(/\+/g, ' '));
    } catch {
      problems.push(['query', 'contains a parameter name with malformed percent-encoding']);
      continue;
    }
    try {
      v = decodeURIComponent(rawV.replace(/\+/g, ' '));
    } catch {
      problems.push([k, 'has malformed percent-encoding']);
      continue;
    }
    if (v === '') continue; // an empty value counts as absent
    if (values.has(k) && values.get(k) !== v) problems.push([k, 'is given more than once with different values']);
    else values.set(k, v);
  }
  return { values, problems };
}

// ---------------------------------------------------------------------------------------------
// Operations table
// ---------------------------------------------------------------------------------------------
// siteKey: may a Site API key call it at all; write: refused to publishable keys; body: operation has a body.
const OPS = [
  { m: 'POST', p: ['v2', 'sites'], name: 'createSite', siteKey: false, write: true, body: true },
  { m: 'GET', p: ['v2', 'sites'], name: 'listSites', siteKey: false },
  { m: 'GET', p: ['v2', 'sites', ':siteId'], name: 'getSite', siteKey: true },
  { m: 'PATCH', p: ['v2', 'sites', ':siteId'], name: 'updateSite', siteKey: true, write: true, body: true },
  { m: 'DELETE', p: ['v2', 'sites', ':siteId'], name: 'deleteSite', siteKey: false, write: true },
  { m: 'POST', p: ['v2', 'sites', ':siteId', 'duplicate'], name: 'duplicateSite', siteKey: false, write: true, body: true },
  { m: 'GET', p: ['v2', 'sites', ':siteId', 'pages'], name: 'listSitePages', siteKey: true },
  { m: 'POST', p: ['v2', 'locales'], name: 'createLocale', siteKey: true, write: true, body: true },
  { m: 'GET', p: ['v2', 'locales'], name: 'listLocales', siteKey: true },
  { m: 'GET', p: ['v2', 'locales', ':locale'], name: 'getLocale', siteKey: true },
  { m: 'PATCH', p: ['v2', 'locales', ':locale'], name: 'updateLocale', siteKey: true, write: true, body: true },
  { m: 'DELETE', p: ['v2', 'locales', ':locale'], name: 'deleteLocale', siteKey: true, write: true },
  { m: 'POST', p: ['v2', 'locales', ':locale', 'restore'], name: 'restoreLocale', siteKey: true, write: true },
  { m: 'POST', p: ['v6', 'pages'], name: 'createPage', siteKey: true, write: true, body: true },
  { m: 'GET', p: ['v6', 'pages'], name: 'listPages', siteKey: true },
  { m: 'GET', p: ['v6', 'pages', ':page'], name: 'getPage', siteKey: true },
  { m: 'PATCH', p: ['v6', 'pages', ':page'], name: 'updatePage', siteKey: true, write: true, body: true },
  { m: 'DELETE', p: ['v6', 'pages', ':page'], name: 'deletePage', siteKey: true, write: true },
  { m: 'POST', p: ['v2', 'routes'], name: 'createRoute', siteKey: true, write: true, body: true },
  { m: 'GET', p: ['v2', 'routes'], name: 'listRoutes', siteKey: true },
  { m: 'GET', p: ['v2', 'routes', ':route'], name: 'getRoute', siteKey: true },
  { m: 'PATCH', p: ['v2', 'routes', ':route'], name: 'updateRoute', siteKey: true, write: true, body: true },
  { m: 'DELETE', p: ['v2', 'routes', ':route'], name: 'deleteRoute', siteKey: true, write: true },
];

function matchPath(pattern, segs) {
  if (pattern.length !== segs.length) return null;
  const params = {};
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) params[pattern[i].slice(1)] = segs[i];
    else if (pattern[i] !== segs[i]) return null;
  }
  return params;
}

// ---------------------------------------------------------------------------------------------
// The request context: auth, access, query/body helpers
// ---------------------------------------------------------------------------------------------
class Ctx {
  constructor(st, auth, query, body, problems) {
    this.st = st;
    this.auth = auth; // { kind: 'app', workspaceId } | { kind: 'site'|'public', siteId }
    this.query = query; // Map
    this.body = body; // object or null
    this.problems = problems;
    this.ignored = [];
    this.known = new Set();
    // details order: missing required fields (in the order they are checked, the schema order), then the
    // invalid fields of the body in the order the client sent them, then query parameters
    const sent = body ? Object.keys(body) : [];
    let n = 0;
    const seen = new Map();
    problems.rank = (field, msgs) => {
      if (!seen.has(field)) seen.set(field, n++);
      const i = seen.get(field);
      if (msgs.length === 1 && msgs[0] === 'is required' && !query.has(field) && !sent.includes(field)) return [0, i, 0];
      if (field === 'requestBody') return [1, -1, 0];
      if (sent.includes(field)) return [1, sent.indexOf(field), 0];
      return [2, i, 0];
    };
  }

  // ---- query fields (validated, collected into problems)
  qUuid(name, { required = false } = {}) {
    const v = this.query.get(name);
    if (v === undefined) {
      if (required) this.problems.add(name, 'is required');
      return undefined;
    }
    if (!isUuid(v)) {
      this.problems.add(name, 'must be a UUID');
      return undefined;
    }
    return v.toLowerCase();
  }
  qEnum(name, values, dflt) {
    const v = this.query.get(name);
    if (v === undefined) return dflt;
    if (!values.includes(v)) {
      this.problems.add(name, `must be one of: ${values.join(', ')}`);
      return dflt;
    }
    return v;
  }
  qLimit(name = 'limit') {
    const v = this.query.get(name);
    if (v === undefined) return 20;
    if (!/^[+-]?\d+(\.\d+)?$/.test(v)) {
      this.problems.add(name, 'must be a number');
      return 20;
    }
    const n = Math.round(Number(v));
    if (n < 1 || n > 100) {
      this.problems.add(name, 'must be between 1 and 100 (after rounding to the nearest whole number)');
      return 20;
    }
    return n;
  }
  qString(name) {
    return this.query.get(name);
  }

  // ---- body fields
  field(name) {
    this.known.add(name);
    return this.body && has(this.body, name) ? { present: true, value: this.body[name] } : { present: false };
  }
  bString(name, { required = false, nullable = false } = {}) {
    const f = this.field(name);
    if (!this.body) return undefined;
    if (!f.present) {
      if (required) this.problems.add(name, 'is required');
      return undefined;
    }
    if (f.value === null && nullable) return null;
    if (typeof f.value !== 'string') {
      this.problems.add(name, nullable ? 'must be a string or null' : 'must be a string');
      return undefined;
    }
    return f.value;
  }
  bUuid(name, opts) {
    const v = this.bString(name, opts);
    if (v === undefined || v === null) return v;
    if (!isUuid(v)) {
      this.problems.add(name, 'must be a UUID');
      return undefined;
    }
    return v.toLowerCase();
  }
  finishBody() {
    if (!this.body) return;
    for (const k of Object.keys(this.body)) if (!this.known.has(k)) this.ignored.push(k);
  }

  // ---- access
  /** 404 when missing, 403 when the key may not touch it. */
  site(siteId) {
    const site = this.st.sites.get(siteId);
    if (!site) fail(404, `Site ${siteId} does not exist.`);
    if (this.auth.kind === 'app') {
      if (site.workspaceId !== this.auth.workspaceId) fail(403, 'This API key has no permission for that site.');
    } else if (site.id !== this.auth.siteId) fail(403, 'This site-scoped key has no permission for another site.');
    return site;
  }
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------
function paginate(items, startingAfter, limit, inCollection) {
  let start = 0;
  if (startingAfter) {
    const idx = items.findIndex((x) => x.id === startingAfter);
    if (idx < 0) {
      if (inCollection(startingAfter)) bad('startingAfter', 'names an item that this filtered listing does not contain');
      return { slice: [], hasMore: false };
    }
    start = idx + 1;
  }
  const slice = items.slice(start, start + limit);
  return { slice, hasMore: start + limit < items.length };
}
const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function resolveLocaleParam(ctx, raw, siteIdQ, { deleted = false } = {}) {
  const st = ctx.st;
  if (isUuid(raw)) {
    const loc = st.locales.get(raw.toLowerCase());
    if (!loc || Boolean(loc.deletedAt) !== deleted) {
      // the ID may still belong to a site the key cannot see; look at the site first when we know it
      if (siteIdQ) ctx.site(siteIdQ);
      fail(404, deleted ? `No deleted locale ${raw} to restore.` : `Locale ${raw} does not exist.`);
    }
    if (siteIdQ) {
      ctx.site(siteIdQ);
      if (loc.siteId !== siteIdQ) fail(404, `Locale ${raw} does not exist in site ${siteIdQ}.`);
    }
    ctx.site(loc.siteId);
    return loc;
  }
  const code = normaliseLocale(raw);
  const site = ctx.site(siteIdQ);
  const loc = [...st.locales.values()].find((l) => l.siteId === site.id && l.code === code && Boolean(l.deletedAt) === deleted);
  if (!loc) fail(404, deleted ? `Site has no deleted locale ${code} to restore.` : `Locale ${code} does not exist in this site.`);
  return loc;
}

/** `locale` query on pages: a code (any case) or a site-locale UUID of an active locale of the site. */
function resolvePageLocale(ctx, site, raw) {
  if (raw === undefined) return null;
  const st = ctx.st;
  const id = isUuid(raw) ? raw.toLowerCase() : null;
  const code = id ? null : normaliseLocale(raw);
  const loc = activeLocales(st, site.id).find((l) => (id ? l.id === id : l.code === code));
  if (!loc) fail(404, `Locale ${raw} is not an active locale of this site.`);
  return loc;
}

function pathnameTaken(st, siteId, pathname, { exceptPage, exceptRoute, pages = true, routes = true }) {
  if (pages) for (const p of st.pages.values()) if (p.siteId === siteId && p.id !== exceptPage && p.draft.pathname === pathname) return 'page';
  if (routes) for (const r of st.routes.values()) if (r.siteId === siteId && r.id !== exceptRoute && r.pathname === pathname) return 'route';
  return null;
}

function checkLocaleFields(ctx, { create }) {
  const out = {};
  const code = ctx.bString('locale', { required: create });
  if (typeof code === 'string') {
    const n = normaliseLocale(code);
    if (!n) ctx.problems.add('locale', "must be a language code ('fr') or language and ISO 3166 region ('fr-CA')");
    else out.code = n;
  }
  const domain = ctx.bString('domain', { nullable: true });
  if (domain === null) out.domain = null;
  else if (typeof domain === 'string') {
    const [v, err] = checkUrl(domain, { originOnly: true });
    if (err) ctx.problems.add('domain', err);
    else out.domain = v;
  }
  const prefix = ctx.bString('pathPrefix', { nullable: true });
  if (prefix === null) out.pathPrefix = null;
  else if (typeof prefix === 'string') {
    if (prefix.length > 32 || !PREFIX_RE.test(prefix)) ctx.problems.add('pathPrefix', "must be 1 to 32 lower-case letters, digits and inner '-'");
    else out.pathPrefix = prefix;
  }
  return out;
}

function localeClash(st, siteId, { domain, pathPrefix }, exceptId) {
  for (const l of activeLocales(st, siteId)) {
    if (l.id === exceptId) continue;
    if (domain && l.domain === domain) fail(409, `Domain ${domain} is already used by locale ${l.code} of this site.`);
    if (pathPrefix && l.pathPrefix === pathPrefix) fail(409, `Path prefix ${pathPrefix} is already used by locale ${l.code} of this site.`);
  }
}

function listPagesOf(ctx, site, { limit, startingAfter, pathPrefix = '/', sortBy = 'path', dir = 'asc', includeOffline = true, locale = null, version = 'draft' }) {
  const st = ctx.st;
  const filterNonDefault = locale && locale.id !== site.defaultLocaleId;
  const rows = [];
  for (const p of st.pages.values()) {
    if (p.siteId !== site.id) continue;
    const v = pageView(st, p, version, locale);
    if (!v) continue;
    if (filterNonDefault && !v.localized) continue;
    if (!includeOffline && !v.body.isOnline) continue;
    if (!v.body.pathname.startsWith(pathPrefix)) continue;
    rows.push(v.body);
  }
  const keyOf = (b) => {
    switch (sortBy) {
      case 'title':
        return b.title;
      case 'description':
        return b.description;
      case 'updatedAt':
        return b.updatedAt === null ? null : Date.parse(b.updatedAt);
      case 'createdAt':
        return b.createdAt === null ? null : Date.parse(b.createdAt);
      case 'id':
        return null; // every key equal: the id tie-break orders the list
      default:
        return b.pathname;
    }
  };
  rows.sort((x, y) => {
    const a = keyOf(x);
    const b = keyOf(y);
    let c;
    if (a === null && b === null) c = 0;
    else if (a === null) c = 1; // nulls are the largest value
    else if (b === null) c = -1;
    else if (typeof a === 'string') c = collator.compare(a, b);
    else c = a < b ? -1 : a > b ? 1 : 0;
    if (c === 0) c = byId(x, y);
    return dir === 'desc' ? -c : c;
  });
  const { slice, hasMore } = paginate(rows, startingAfter, limit, (id) => st.pages.get(id)?.siteId === site.id);
  return { object: 'list', data: slice, hasMore };
}

function findPage(ctx, raw, siteIdQ, { version = 'draft', locale: localeRaw } = {}) {
  const st = ctx.st;
  if (isUuid(raw)) {
    const page = st.pages.get(raw.toLowerCase());
    if (siteIdQ) ctx.site(siteIdQ);
    if (!page) fail(404, `Page ${raw} does not exist.`);
    const site = ctx.site(page.siteId);
    if (siteIdQ && page.siteId !== siteIdQ) fail(404, `Page ${raw} does not exist in site ${siteIdQ}.`);
    const locale = resolvePageLocale(ctx, site, localeRaw);
    if (version === 'live' && !page.live) fail(404, `Page ${raw} has never been published.`);
    return { page, site, locale };
  }
  const site = ctx.site(siteIdQ);
  const locale = resolvePageLocale(ctx, site, localeRaw);
  const useLocalized = Boolean(locale && locale.id !== site.defaultLocaleId);
  const wanted = raw.replace(/%[0-9a-fA-F]{2}/g, (x) => x.toUpperCase());
  for (const p of st.pages.values()) {
    if (p.siteId !== site.id) continue;
    const v = pageView(st, p, version, locale);
    if (!v) continue;
    if (v.body.pathname === wanted && (!useLocalized || v.localized)) return { page: p, site, locale };
  }
  fail(404, `No page with pathname ${raw} in this site${version === 'live' ? ' (live version)' : ''}.`);
}

function findRoute(ctx, raw, siteIdQ) {
  const st = ctx.st;
  if (isUuid(raw)) {
    const r = st.routes.get(raw.toLowerCase());
    if (siteIdQ) ctx.site(siteIdQ);
    if (!r) fail(404, `Route ${raw} does not exist.`);
    ctx.site(r.siteId);
    if (siteIdQ && r.siteId !== siteIdQ) fail(404, `Route ${raw} does not exist in site ${siteIdQ}.`);
    return r;
  }
  const site = ctx.site(siteIdQ);
  const r = [...st.routes.values()].find((x) => x.siteId === site.id && x.pathname === raw);
  if (!r) fail(404, `No route with pathname ${raw} in this site.`);
  return r;
}

function routePathname(ctx, value, skip) {
  if (typeof value !== 'string') return undefined;
  if (skip) {
    const errs = checkLooseRoute(value);
    if (errs.length) ctx.problems.add('pathname', errs.join('; '));
    return errs.length ? undefined : value;
  }
  const [n, errs] = checkPathname(value);
  if (errs.length) ctx.problems.add('pathname', errs.join('; '));
  return errs.length ? undefined : n;
}

const H = {
  // ------------------------------------------------------------------ sites
  createSite(ctx) {
    const st = ctx.st;
    const workspaceId = ctx.bUuid('workspaceId', { required: true });
    const rawName = ctx.bString('name', { required: true });
    const host = ctx.bString('hostOrigin');
    const dl = ctx.bString('defaultLocale');
    let name;
    if (typeof rawName === 'string') {
      const [v, err] = cleanSiteName(rawName);
      if (err) ctx.problems.add('name', err);
      name = v;
    }
    let hostOrigin = null;
    if (typeof host === 'string') {
      const [v, err] = checkUrl(host, { originOnly: false });
      if (err) ctx.problems.add('hostOrigin', err);
      hostOrigin = v;
    }
    let defaultLocale = 'en-US';
    if (typeof dl === 'string') {
      const n = normaliseLocale(dl);
      if (!n) ctx.problems.add('defaultLocale', "must be a language code ('fr') or language and ISO 3166 region ('fr-CA')");
      defaultLocale = n;
    }
    ctx.problems.throwIfAny();
    if (workspaceId !== ctx.auth.workspaceId) {
      if (st.workspaces.has(workspaceId)) fail(403, 'This API key has no permission for that workspace.');
      bad('workspaceId', 'names no workspace');
    }
    const site = addSite(st, { workspaceId, name, hostOrigin, defaultLocale });
    return [201, siteView(st, site)];
  },

  listSites(ctx) {
    const st = ctx.st;
    const workspaceId = ctx.qUuid('workspaceId', { required: true });
    const limit = ctx.qLimit();
    const startingAfter = ctx.qUuid('startingAfter');
    ctx.problems.throwIfAny();
    if (workspaceId !== ctx.auth.workspaceId) {
      if (st.workspaces.has(workspaceId)) fail(403, 'This API key has no permission for that workspace.');
      bad('workspaceId', 'names no workspace');
    }
    const items = [...st.sites.values()].filter((s) => s.workspaceId === workspaceId).sort(byId);
    const { slice, hasMore } = paginate(items, startingAfter, limit, () => false);
    return [200, { object: 'list', data: slice.map((s) => siteView(st, s)), hasMore }];
  },

  getSite(ctx, { siteId }) {
    ctx.problems.throwIfAny();
    return [200, siteView(ctx.st, ctx.site(siteId))];
  },

  updateSite(ctx, { siteId }) {
    const rawName = ctx.bString('name');
    const host = ctx.bString('hostOrigin', { nullable: true });
    if (ctx.field('defaultLocale').present) ctx.problems.add('defaultLocale', 'is not accepted in this body; the default locale is managed through the locale endpoints');
    let name;
    if (typeof rawName === 'string') {
      const [v, err] = cleanSiteName(rawName);
      if (err) ctx.problems.add('name', err);
      name = v;
    }
    let hostOrigin;
    if (host === null) hostOrigin = null;
    else if (typeof host === 'string') {
      const [v, err] = checkUrl(host, { originOnly: false });
      if (err) ctx.problems.add('hostOrigin', err);
      hostOrigin = v;
    }
    ctx.problems.throwIfAny();
    const site = ctx.site(siteId);
    if (name !== undefined) site.name = name;
    if (hostOrigin !== undefined) site.hostOrigin = hostOrigin;
    return [200, siteView(ctx.st, site)];
  },

  deleteSite(ctx, { siteId }) {
    ctx.problems.throwIfAny();
    const st = ctx.st;
    const site = ctx.site(siteId);
    for (const [id, l] of st.locales) if (l.siteId === site.id) st.locales.delete(id);
    for (const [id, p] of st.pages) if (p.siteId === site.id) st.pages.delete(id);
    for (const [id, r] of st.routes) if (r.siteId === site.id) st.routes.delete(id);
    st.sites.delete(site.id);
    for (const k of [site.siteApiKey, site.publicApiKey]) {
      st.revokedKeys.set(k, st.keyIndex.get(k).kind);
      st.keyIndex.delete(k);
    }
    return [204];
  },

  duplicateSite(ctx, { siteId }) {
    const st = ctx.st;
    const rawName = ctx.bString('name', { required: true });
    let name;
    if (typeof rawName === 'string') {
      const [v, err] = cleanSiteName(rawName);
      if (err) ctx.problems.add('name', err);
      name = v;
    }
    ctx.problems.throwIfAny();
    const src = ctx.site(siteId);
    const copy = addSite(st, { workspaceId: src.workspaceId, name, hostOrigin: src.hostOrigin, defaultLocale: siteDefaultCode(st, src), mode: src.localeManagementMode });
    copy.defaultLocalePathPrefix = src.defaultLocalePathPrefix;
    const localeMap = new Map([[src.defaultLocaleId, copy.defaultLocaleId]]);
    const srcDefault = st.locales.get(src.defaultLocaleId);
    Object.assign(st.locales.get(copy.defaultLocaleId), { domain: srcDefault.domain, pathPrefix: srcDefault.pathPrefix });
    for (const l of activeLocales(st, src.id).sort(byId)) {
      if (l.id === src.defaultLocaleId) continue;
      localeMap.set(l.id, addLocale(st, copy, { code: l.code, domain: l.domain, pathPrefix: l.pathPrefix }).id);
    }
    for (const p of [...st.pages.values()].filter((x) => x.siteId === src.id)) {
      const np = addPage(st, copy, { pathname: p.draft.pathname, name: p.name, fields: { ...p.draft } });
      np.publishedAt = p.publishedAt;
      np.live = p.live ? { ...p.live, updatedAt: null } : null;
      np.localizations = p.localizations.filter((z) => localeMap.has(z.localeId)).map((z) => ({ ...z, id: randomUUID(), localeId: localeMap.get(z.localeId) }));
    }
    for (const r of [...st.routes.values()].filter((x) => x.siteId === src.id)) addRoute(st, copy, r.pathname);
    return [201, siteView(st, copy)];
  },

  listSitePages(ctx, { siteId }) {
    const limit = ctx.qLimit();
    const startingAfter = ctx.qUuid('startingAfter');
    ctx.problems.throwIfAny();
    const site = ctx.site(siteId);
    return [200, listPagesOf(ctx, site, { limit, startingAfter, sortBy: 'id', includeOffline: true })];
  },

  // ------------------------------------------------------------------ locales
  createLocale(ctx) {
    const st = ctx.st;
    const siteId = ctx.bUuid('siteId', { required: true });
    const f = checkLocaleFields(ctx, { create: true });
    ctx.problems.throwIfAny();
    const site = ctx.site(siteId);
    const mine = [...st.locales.values()].filter((l) => l.siteId === site.id && l.code === f.code);
    if (mine.some((l) => !l.deletedAt)) fail(409, `Locale ${f.code} already exists in this site.`);
    if (activeLocales(st, site.id).length >= LOCALE_QUOTA) bad('locale', `the site already has the maximum of ${LOCALE_QUOTA} active locales`);
    localeClash(st, site.id, f);
    for (const l of mine) purgeLocale(st, l); // a soft-deleted record of the same code is discarded
    const loc = addLocale(st, site, { code: f.code, domain: f.domain ?? null, pathPrefix: f.pathPrefix ?? null });
    return [201, localeView(st, loc)];
  },

  listLocales(ctx) {
    const st = ctx.st;
    const siteId = ctx.qUuid('siteId', { required: true });
    const limit = ctx.qLimit();
    const startingAfter = ctx.qUuid('startingAfter');
    ctx.problems.throwIfAny();
    const site = ctx.site(siteId);
    const items = activeLocales(st, site.id).sort(byId);
    const { slice, hasMore } = paginate(items, startingAfter, limit, (id) => st.locales.get(id)?.siteId === site.id);
    return [200, { object: 'list', data: slice.map((l) => localeView(st, l)), hasMore }];
  },

  getLocale(ctx, { locale }) {
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(locale) && !this._siteGiven(ctx)) ctx.problems.add('siteId', 'is required when a locale code is used instead of a locale ID');
    ctx.problems.throwIfAny();
    return [200, localeView(ctx.st, resolveLocaleParam(ctx, locale, siteId))];
  },

  updateLocale(ctx, { locale }) {
    const st = ctx.st;
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(locale) && !this._siteGiven(ctx)) ctx.problems.add('siteId', 'is required when a locale code is used instead of a locale ID');
    const f = checkLocaleFields(ctx, { create: false });
    ctx.problems.throwIfAny();
    const loc = resolveLocaleParam(ctx, locale, siteId);
    let purge = [];
    if (f.code !== undefined && f.code !== loc.code) {
      const same = [...st.locales.values()].filter((l) => l.siteId === loc.siteId && l.code === f.code);
      if (same.some((l) => !l.deletedAt)) fail(409, `Locale ${f.code} already exists in this site.`);
      purge = same;
    }
    localeClash(st, loc.siteId, f, loc.id);
    for (const l of purge) purgeLocale(st, l);
    if (f.code !== undefined) loc.code = f.code;
    if (f.domain !== undefined) loc.domain = f.domain;
    if (f.pathPrefix !== undefined) loc.pathPrefix = f.pathPrefix;
    return [200, localeView(st, loc)];
  },

  deleteLocale(ctx, { locale }) {
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(locale) && !this._siteGiven(ctx)) ctx.problems.add('siteId', 'is required when a locale code is used instead of a locale ID');
    ctx.problems.throwIfAny();
    const loc = resolveLocaleParam(ctx, locale, siteId);
    if (ctx.st.sites.get(loc.siteId).defaultLocaleId === loc.id) bad('localeIdOrCode', 'the default locale of a site cannot be deleted');
    loc.deletedAt = ctx.st.now();
    return [204];
  },

  restoreLocale(ctx, { locale }) {
    const st = ctx.st;
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(locale) && !this._siteGiven(ctx)) ctx.problems.add('siteId', 'is required when a locale code is used instead of a locale ID');
    ctx.problems.throwIfAny();
    const loc = resolveLocaleParam(ctx, locale, siteId, { deleted: true });
    if (activeLocales(st, loc.siteId).length >= LOCALE_QUOTA) bad('localeIdOrCode', `the site already has the maximum of ${LOCALE_QUOTA} active locales`);
    localeClash(st, loc.siteId, { domain: loc.domain, pathPrefix: loc.pathPrefix }, loc.id);
    loc.deletedAt = null;
    return [200, localeView(st, loc)];
  },

  _siteGiven(ctx) {
    return ctx.query.has('siteId');
  },

  // ------------------------------------------------------------------ pages
  createPage(ctx) {
    const st = ctx.st;
    const siteId = ctx.bUuid('siteId', { required: true });
    const rawPath = ctx.bString('pathname', { required: true });
    const name = ctx.bString('name', { required: true });
    let pathname;
    if (typeof rawPath === 'string') {
      const [n, errs] = checkPathname(rawPath);
      if (errs.length) ctx.problems.add('pathname', errs.join('; '));
      pathname = n;
    }
    if (typeof name === 'string') checkPageName(ctx, name);
    ctx.problems.throwIfAny();
    const site = ctx.site(siteId);
    const clash = pathnameTaken(st, site.id, pathname, {});
    if (clash) fail(409, `A ${clash} with pathname ${pathname} already exists in this site.`);
    const page = addPage(st, site, { pathname, name });
    return [201, pageView(st, page, 'draft', null).body];
  },

  listPages(ctx) {
    const siteId = ctx.qUuid('siteId', { required: true });
    const limit = ctx.qLimit();
    const startingAfter = ctx.qUuid('startingAfter');
    const pathPrefix = ctx.qString('pathPrefix') ?? '/';
    if (!pathPrefix.startsWith('/')) ctx.problems.add('pathPrefix', "must begin with '/'");
    const sortBy = ctx.qEnum('sortBy', SORT_BY, 'path');
    const dir = ctx.qEnum('sortDirection', ['asc', 'desc'], 'asc');
    const includeOffline = ctx.qEnum('includeOffline', ['true', 'false'], 'false') === 'true';
    const localeRaw = ctx.qString('locale');
    if (localeRaw !== undefined && !isUuid(localeRaw) && !normaliseLocale(localeRaw)) ctx.problems.add('locale', 'must be a locale code or a site-locale ID');
    const version = ctx.qEnum('versionRef', ['ref:live', 'ref:draft'], 'ref:draft') === 'ref:live' ? 'live' : 'draft';
    ctx.problems.throwIfAny();
    const site = ctx.site(siteId);
    const locale = resolvePageLocale(ctx, site, localeRaw);
    return [200, listPagesOf(ctx, site, { limit, startingAfter, pathPrefix, sortBy, dir, includeOffline, locale, version })];
  },

  getPage(ctx, { page: raw }) {
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(raw) && !ctx.query.has('siteId')) ctx.problems.add('siteId', 'is required when a pathname is used instead of a page ID');
    const version = ctx.qEnum('versionRef', ['ref:live', 'ref:draft'], 'ref:draft') === 'ref:live' ? 'live' : 'draft';
    const localeRaw = ctx.qString('locale');
    if (localeRaw !== undefined && !isUuid(localeRaw) && !normaliseLocale(localeRaw)) ctx.problems.add('locale', 'must be a locale code or a site-locale ID');
    ctx.problems.throwIfAny();
    const { page, locale } = findPage(ctx, raw, siteId, { version, locale: localeRaw });
    return [200, pageView(ctx.st, page, version, locale).body];
  },

  updatePage(ctx, { page: raw }) {
    const st = ctx.st;
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(raw) && !ctx.query.has('siteId')) ctx.problems.add('siteId', 'is required when a pathname is used instead of a page ID');
    const rawPath = ctx.bString('pathname');
    const name = ctx.bString('name');
    const online = ctx.field('isOnline');
    let pathname;
    if (typeof rawPath === 'string') {
      const [n, errs] = checkPathname(rawPath);
      if (errs.length) ctx.problems.add('pathname', errs.join('; '));
      pathname = n;
    }
    if (typeof name === 'string') checkPageName(ctx, name);
    if (online.present && typeof online.value !== 'boolean') ctx.problems.add('isOnline', 'must be a boolean');
    ctx.problems.throwIfAny();
    const { page } = findPage(ctx, raw, siteId);
    if (pathname !== undefined && pathname !== page.draft.pathname) {
      const clash = pathnameTaken(st, page.siteId, pathname, { exceptPage: page.id });
      if (clash) fail(409, `A ${clash} with pathname ${pathname} already exists in this site.`);
    }
    let changed = false;
    let onlineChanged = false;
    if (pathname !== undefined && pathname !== page.draft.pathname) {
      page.draft.pathname = pathname;
      changed = true;
    }
    if (name !== undefined && name !== page.name) {
      page.name = name;
      changed = true;
    }
    if (online.present && online.value !== page.draft.isOnline) {
      page.draft.isOnline = online.value;
      changed = onlineChanged = true;
    }
    if (changed) {
      const t = st.now();
      page.updatedAt = t;
      if (onlineChanged && page.draft.isOnline && !page.publishedAt) page.publishedAt = t;
      if (page.draft.isOnline || onlineChanged) page.live = snapshot(page);
    }
    return [200, pageView(st, page, 'draft', null).body];
  },

  deletePage(ctx, { page: raw }) {
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(raw) && !ctx.query.has('siteId')) ctx.problems.add('siteId', 'is required when a pathname is used instead of a page ID');
    ctx.problems.throwIfAny();
    const { page } = findPage(ctx, raw, siteId);
    ctx.st.pages.delete(page.id);
    return [204];
  },

  // ------------------------------------------------------------------ routes
  createRoute(ctx) {
    const st = ctx.st;
    const skip = ctx.qEnum('skipValidation', ['true', 'false'], 'false') === 'true';
    const siteId = ctx.bUuid('siteId', { required: true });
    const pathname = routePathname(ctx, ctx.bString('pathname', { required: true }), skip);
    ctx.problems.throwIfAny();
    const site = ctx.site(siteId);
    const clash = pathnameTaken(st, site.id, pathname, { pages: !skip });
    if (clash) fail(409, `A ${clash} with pathname ${pathname} already exists in this site.`);
    return [201, routeView(addRoute(st, site, pathname))];
  },

  listRoutes(ctx) {
    const st = ctx.st;
    const siteId = ctx.qUuid('siteId', { required: true });
    const limit = ctx.qLimit();
    const startingAfter = ctx.qUuid('startingAfter');
    ctx.problems.throwIfAny();
    const site = ctx.site(siteId);
    const items = [...st.routes.values()].filter((r) => r.siteId === site.id).sort(byId);
    const { slice, hasMore } = paginate(items, startingAfter, limit, () => false);
    return [200, { object: 'list', data: slice.map(routeView), hasMore }];
  },

  getRoute(ctx, { route }) {
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(route) && !ctx.query.has('siteId')) ctx.problems.add('siteId', 'is required when a pathname is used instead of a route ID');
    ctx.problems.throwIfAny();
    return [200, routeView(findRoute(ctx, route, siteId))];
  },

  updateRoute(ctx, { route }) {
    const st = ctx.st;
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(route) && !ctx.query.has('siteId')) ctx.problems.add('siteId', 'is required when a pathname is used instead of a route ID');
    const skip = ctx.qEnum('skipValidation', ['true', 'false'], 'false') === 'true';
    const pathname = routePathname(ctx, ctx.bString('pathname'), skip);
    ctx.problems.throwIfAny();
    const r = findRoute(ctx, route, siteId);
    if (pathname !== undefined && pathname !== r.pathname) {
      const clash = pathnameTaken(st, r.siteId, pathname, { exceptRoute: r.id, pages: !skip });
      if (clash) fail(409, `A ${clash} with pathname ${pathname} already exists in this site.`);
      r.pathname = pathname;
    }
    return [200, routeView(r)];
  },

  deleteRoute(ctx, { route }) {
    const siteId = ctx.qUuid('siteId');
    if (!isUuid(route) && !ctx.query.has('siteId')) ctx.problems.add('siteId', 'is required when a pathname is used instead of a route ID');
    ctx.problems.throwIfAny();
    const r = findRoute(ctx, route, siteId);
    ctx.st.routes.delete(r.id);
    return [204];
  },
};

function checkPageName(ctx, name) {
  if (name.length < 1) ctx.problems.add('name', 'must be at least 1 character long');
  else if (name.length > PAGE_NAME_MAX) ctx.problems.add('name', `must be at most ${PAGE_NAME_MAX} characters`);
  else if (CONTROL_RE.test(name)) ctx.problems.add('name', 'must not contain control characters');
}

/** Path parameters that name nothing answer 404, as an unknown path would. */
function checkPathParams(params) {
  if (params.siteId !== undefined && !isUuid(params.siteId)) fail(404, `No site ${params.siteId}: site IDs are UUIDs.`);
  if (params.locale !== undefined && !isUuid(params.locale) && !normaliseLocale(params.locale)) fail(404, `${params.locale} is neither a locale ID nor a locale code.`);
  if (params.page !== undefined && !isUuid(params.page) && !params.page.startsWith('/')) fail(404, `${params.page} is neither a page ID nor a pathname (pathnames begin with '/', sent as %2F).`);
  if (params.route !== undefined && !isUuid(params.route) && !params.route.startsWith('/')) fail(404, `${params.route} is neither a route ID nor a pathname (pathnames begin with '/', sent as %2F).`);
  if (params.siteId) params.siteId = params.siteId.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------------------------
function send(res, status, body, extraHeaders = {}) {
  const headers = { 'cache-control': 'no-store', ...extraHeaders };
  if (status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function errorBody(err) {
  const body = { object: 'error', code: CODES[err.status], message: err.message };
  if (err.status === 400) body.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
  return body;
}

function authenticate(st, req) {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || key.length === 0) fail(401, 'The x-api-key header is missing.');
  const ws = st.appKeys.get(key);
  if (ws) return { kind: 'app', workspaceId: ws };
  if (isUuid(key)) {
    const k = key.toLowerCase();
    const hit = st.keyIndex.get(k);
    if (hit) return { kind: hit.kind, siteId: hit.siteId };
    if (st.revokedKeys.has(k)) return { kind: 'revoked' };
  }
  fail(401, 'The x-api-key header does not hold a valid API key.');
}

async function handle(st, req, res) {
  const extra = {};
  let bodyInfo;
  try {
    bodyInfo = await readBody(req);
    if (bodyInfo.abort) {
      res.setHeader('connection', 'close');
      res.on('finish', () => req.socket.destroy());
      throw new ApiError(400, 'The request body is too large.', [{ field: 'requestBody', message: `must be at most ${MAX_BODY} bytes` }]);
    }
    // ---- path
    let target = req.url || '/';
    if (!target.startsWith('/')) {
      try {
        const u = new URL(target);
        target = u.pathname + u.search;
      } catch {
        fail(404, 'Unknown path.');
      }
    }
    const qi = target.indexOf('?');
    const rawPath = qi < 0 ? target : target.slice(0, qi);
    const qs = qi < 0 ? '' : target.slice(qi + 1);
    const rawSegs = rawPath.split('/').filter((s) => s !== ''); // repeated and trailing slashes are tolerated
    let segs;
    try {
      segs = rawSegs.map((s) => decodeURIComponent(s));
    } catch {
      fail(404, 'Unknown path (malformed percent-encoding).');
    }
    if (segs[0] !== 'v2' && segs[0] !== 'v6') fail(404, `Unknown path ${rawPath}.`);

    // ---- authentication
    const auth = authenticate(st, req);

    // ---- routing
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const matches = OPS.map((op) => ({ op, params: matchPath(op.p, segs) })).filter((x) => x.params);
    if (matches.length === 0) fail(404, `Unknown path ${rawPath}.`);
    const hit = matches.find((x) => x.op.m === method);
    if (!hit) fail(404, `${req.method} is not supported on ${rawPath}; supported: ${[...new Set(matches.map((x) => x.op.m))].join(', ')}.`);
    const { op, params } = hit;

    // ---- capability of the key kind
    if (auth.kind === 'revoked') fail(403, 'This key belongs to a deleted site and no longer grants any permission.');
    if (auth.kind === 'public' && op.write) fail(403, 'A publishable site key may only read.');
    if ((auth.kind === 'site' || auth.kind === 'public') && !op.siteKey) fail(403, 'A site-scoped key may not perform this operation; use an App API key.');

    checkPathParams(params);

    // ---- query and body syntax
    const { values: query, problems: qProblems } = parseQuery(qs);
    const problems = new Problems();
    for (const [f, m] of qProblems) problems.add(f, m);
    let body = null;
    if (op.body) {
      const text = bodyInfo.tooLarge ? null : bodyInfo.buf.toString('utf8');
      const ct = req.headers['content-type'];
      if (bodyInfo.tooLarge) problems.add('requestBody', `must be at most ${MAX_BODY} bytes`);
      else if (text.trim() === '') problems.add('requestBody', 'is required: send a JSON object (use {} for no changes)');
      else if (ct !== undefined && !/^application\/json\s*(;|$)/i.test(ct)) problems.add('requestBody', 'must be sent with Content-Type: application/json');
      else {
        try {
          body = JSON.parse(text);
          if (body === null || typeof body !== 'object' || Array.isArray(body)) {
            problems.add('requestBody', 'must be a JSON object');
            body = null;
          }
        } catch {
          problems.add('requestBody', 'is not valid JSON');
        }
      }
    }
    const ctx = new Ctx(st, auth, query, body, problems);
    const [status, out] = H[op.name].call(H, ctx, params);
    ctx.finishBody();
    if (ctx.ignored.length) extra['x-ignored-fields'] = ctx.ignored.map((k) => encodeURIComponent(k)).join(',');
    send(res, status, out, extra);
  } catch (err) {
    if (err instanceof ApiError) {
      send(res, err.status, errorBody(err), extra);
    } else {
      process.stderr.write(`outsider4: unexpected error: ${err && err.stack}\n`);
      send(res, 400, errorBody(new ApiError(400, 'The request could not be processed.', [{ field: 'request', message: 'could not be processed' }])));
    }
  }
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const st = createState();
  const announced = seed(st);
  const server = http.createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    handle(st, req, res).catch((e) => {
      process.stderr.write(`outsider4: ${e && e.stack}\n`);
      try {
        res.destroy();
      } catch {}
    });
  });
  server.on('clientError', (err, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: 'request', message: 'is not a well-formed HTTP/1.1 request' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    baseUrl: url,
    ...announced,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------
function isMain() {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const args = process.argv.slice(2);
  let port = 0;
  const i = args.indexOf('--port');
  if (i >= 0) port = Number(args[i + 1]);
  const eq = args.find((a) => a.startsWith('--port='));
  if (eq) port = Number(eq.slice(7));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('usage: node server.mjs --port <0-65535>\n');
    process.exit(2);
  }
  const s = await startServer({ port });
  process.stdout.write(`${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`);
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
