// outsider5: an in-memory Site-Building Service API server, written from the specification and the
// published OpenAPI only. Plain Node ESM, node: built-ins only. Every free choice is in CHOICES.md.
//   node server.mjs --port 0   -> prints one JSON line {"baseUrl",...} on stdout once listening
import { createServer } from 'node:http';
import { randomUUID, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// ----------------------------------------------------------------------------------------------
// errors
class ApiError extends Error {
  constructor(status, message, details) {
    super(message);
    this.status = status;
    this.details = details;
  }
}
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
const bad = (details) => {
  const n = details.length;
  return new ApiError(400, `The request has ${n} invalid field${n === 1 ? '' : 's'}: ${details.map((d) => d.field).join(', ')}.`, details);
};
const notFound = (m) => new ApiError(404, m);
const forbidden = (m) => new ApiError(403, m);
const conflict = (m) => new ApiError(409, m);

/** Collects one problem per field (the first one). */
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
  throwIfAny() {
    if (this.list.length) throw bad(this.list);
  }
}

// ----------------------------------------------------------------------------------------------
// grammars
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v) => typeof v === 'string' && UUID_RE.test(v);
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;
const LOCALE_RE = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/;
const normLocale = (v) => {
  const m = LOCALE_RE.exec(v);
  return m ? m[1].toLowerCase() + (m[2] ? '-' + m[2].toUpperCase() : '') : null;
};
const PAGE_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ROUTE_SEGMENT = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*|\{[a-z][A-Za-z0-9]*\})$/;
const LIMITS = { siteName: 50, pageName: 64, pagePath: 100, routePath: 150, routePathSkipped: 2048, url: 200, localesPerSite: 8, body: 32 * 1024 };

function pagePathProblem(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (v === '') return 'must not be empty';
  if (v.length > LIMITS.pagePath) return `must be at most ${LIMITS.pagePath} characters`;
  if (!v.startsWith('/')) return "must begin with '/'";
  if (v === '/') return null;
  if (v.endsWith('/')) return "must not end with '/'";
  const segs = v.slice(1).split('/');
  if (segs.some((s) => s === '')) return "must not contain '//'";
  if (segs.some((s) => !PAGE_SEGMENT.test(s))) return 'each segment must be lower-case letters and digits, joined by single hyphens';
  return null;
}
function routePathProblem(v, skip) {
  if (typeof v !== 'string') return 'must be a string';
  if (v === '') return 'must not be empty';
  if (!v.startsWith('/')) return "must begin with '/'";
  if (skip) {
    if (v.length > LIMITS.routePathSkipped) return `must be at most ${LIMITS.routePathSkipped} characters`;
    if (/\s/.test(v) || CONTROL_RE.test(v)) return 'must not contain whitespace or control characters';
    return null;
  }
  if (v.length > LIMITS.routePath) return `must be at most ${LIMITS.routePath} characters`;
  if (v === '/') return null;
  if (v.endsWith('/')) return "must not end with '/'";
  const segs = v.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s === '*' && i === segs.length - 1) continue;
    if (s === '') return "must not contain '//'";
    if (!ROUTE_SEGMENT.test(s)) return "each segment must be lower-case kebab-case, a '{name}' placeholder, or a final '*'";
  }
  return null;
}
/** https origin (http only for loopback hosts); returns {value} or {problem}. */
function originOf(v) {
  if (typeof v !== 'string') return { problem: 'must be a string' };
  if (v.length > LIMITS.url) return { problem: `must be at most ${LIMITS.url} characters` };
  if (!/^[\x21-\x7e]+$/.test(v)) return { problem: 'must be an absolute URI of printable ASCII characters' };
  let u;
  try {
    u = new URL(v);
  } catch {
    return { problem: 'must be an absolute URI with a protocol' };
  }
  const loopback = u.hostname === 'localhost' || u.hostname === '127.0.0.1';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback)) return { problem: 'must use https (http only for localhost)' };
  if (u.username || u.password) return { problem: 'must not contain credentials' };
  if (u.pathname !== '/' || u.search || u.hash || /[?#]/.test(v)) return { problem: 'must be an origin only (no path, query or fragment)' };
  if (!loopback && !/\.[a-z]{2,}$/i.test(u.hostname)) return { problem: 'must have a fully qualified host name' };
  return { value: u.origin };
}

// ----------------------------------------------------------------------------------------------
// state
let seqCounter = 0;
const seq = () => ++seqCounter;
const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const appKey = () => 'wsk_' + randomBytes(24).toString('hex');

function createState() {
  const st = {
    workspaces: new Map(), // id -> {id, name}
    appKeys: new Map(), // key -> workspaceId
    sites: new Map(),
    locales: new Map(),
    pages: new Map(),
    routes: new Map(),
  };
  return st;
}

function newSite(st, { workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode, defaultLocalePathPrefix = null }) {
  const site = {
    id: randomUUID(),
    workspaceId,
    name,
    hostOrigin,
    publicApiKey: randomUUID(),
    siteKey: randomUUID(),
    defaultLocaleId: null,
    mode: mode ?? (hostOrigin ? 'external' : 'internal'),
    defaultLocalePathPrefix,
    updatedSeq: seq(),
  };
  st.sites.set(site.id, site);
  const loc = newLocale(st, site, defaultLocale, null);
  site.defaultLocaleId = loc.id;
  return site;
}
function newLocale(st, site, code, domain, pathPrefix = null) {
  const loc = { id: randomUUID(), siteId: site.id, code, domain, pathPrefix, deleted: false, deletedSeq: 0, seq: seq() };
  st.locales.set(loc.id, loc);
  return loc;
}
function newPage(st, site, { pathname, name, at = nowIso(), online = false, title = null, description = null, priority = null, frequency = 'daily' }) {
  const page = {
    id: randomUUID(),
    siteId: site.id,
    seq: seq(),
    name,
    pathname,
    title,
    description,
    canonicalUrl: null,
    socialImageUrl: null,
    sitemapPriority: priority,
    sitemapFrequency: frequency,
    excludedFromSearchEngines: false,
    isOnline: false,
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    localizations: [], // {id, localeId, pathname, title, description}
    live: null,
  };
  st.pages.set(page.id, page);
  if (online) publish(page, at);
  return page;
}
function newRoute(st, site, pathname) {
  const r = { id: randomUUID(), siteId: site.id, pathname, seq: seq() };
  st.routes.set(r.id, r);
  return r;
}
const SNAP_FIELDS = ['name', 'pathname', 'title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines', 'updatedAt'];
function publish(page, at = nowIso()) {
  const snap = {};
  for (const f of SNAP_FIELDS) snap[f] = page[f];
  snap.localizations = page.localizations.map((l) => ({ ...l }));
  page.live = snap;
  page.isOnline = true;
  page.publishedAt = at;
}
function localize(st, page, loc, pathname, title = null, description = null) {
  page.localizations.push({ id: randomUUID(), localeId: loc.id, pathname, title, description });
}

function seed(st) {
  const ws1 = randomUUID();
  const ws2 = randomUUID();
  st.workspaces.set(ws1, { id: ws1, name: 'Tidewater Media' });
  st.workspaces.set(ws2, { id: ws2, name: 'Kestrel Labs' });
  const k1 = appKey();
  const k2 = appKey();
  st.appKeys.set(k1, ws1);
  st.appKeys.set(k2, ws2);

  // workspace 1, site A
  const a = newSite(st, { workspaceId: ws1, name: 'Tidewater Journal', hostOrigin: 'https://journal.tidewater.example', defaultLocale: 'en-GB', defaultLocalePathPrefix: '' });
  st.locales.get(a.defaultLocaleId).pathPrefix = '';
  const nb = newLocale(st, a, 'nb-NO', 'https://tidewater.no');
  const de = newLocale(st, a, 'de-DE', null);
  const fi = newLocale(st, a, 'fi-FI', null);
  fi.deleted = true;
  fi.deletedSeq = seq();
  newPage(st, a, { pathname: '/', name: 'Home', at: '2025-03-01T08:00:00Z', online: true, title: 'Tidewater Journal', priority: 1 });
  const stories = newPage(st, a, { pathname: '/stories', name: 'Stories', at: '2025-03-02T08:00:00Z', title: 'Stories', description: 'Everything we wrote' });
  localize(st, stories, nb, '/historier', 'Historier');
  localize(st, stories, de, '/geschichten', 'Geschichten');
  localize(st, stories, fi, '/tarinat', 'Tarinat');
  publish(stories, '2025-03-02T09:00:00Z');
  const lights = newPage(st, a, { pathname: '/stories/harbour-lights', name: 'Harbour lights', at: '2025-03-03T08:00:00Z', title: 'Harbour Lights', description: 'A night at the quay' });
  localize(st, lights, de, '/geschichten/hafenlichter', 'Hafenlichter');
  publish(lights, '2025-03-03T09:00:00Z');
  newPage(st, a, { pathname: '/about', name: 'About', at: '2025-03-04T08:00:00Z', online: true });
  const contact = newPage(st, a, { pathname: '/contact', name: 'Contact', at: '2025-03-05T08:00:00Z', online: true, title: 'Contact' });
  contact.title = 'Contact us (draft)';
  contact.updatedAt = '2025-03-06T08:00:00Z';
  newPage(st, a, { pathname: '/drafts/winter-issue', name: 'Winter issue', at: '2025-03-07T08:00:00Z', title: 'Winter issue' });
  newRoute(st, a, '/feeds/{kind}');
  newRoute(st, a, '/go/{slug}');

  // workspace 1, site B (its Site API key is announced)
  const b = newSite(st, { workspaceId: ws1, name: 'Tidewater Shop', defaultLocale: 'sv-SE' });
  const en = newLocale(st, b, 'en-US', 'https://shop.tidewater.example');
  newPage(st, b, { pathname: '/', name: 'Start', at: '2025-04-01T08:00:00Z', online: true, title: 'Butik' });
  const butik = newPage(st, b, { pathname: '/butik', name: 'Butik', at: '2025-04-02T08:00:00Z', title: 'Butik' });
  localize(st, butik, en, '/shop', 'Shop');
  publish(butik, '2025-04-02T09:00:00Z');
  newPage(st, b, { pathname: '/kassa', name: 'Kassa', at: '2025-04-03T08:00:00Z' });
  newRoute(st, b, '/checkout/{step}');

  // workspace 2
  const c = newSite(st, { workspaceId: ws2, name: 'Kestrel Home', defaultLocale: 'fr-FR', hostOrigin: 'https://kestrel.example' });
  const gb = newLocale(st, c, 'en-GB', null);
  newPage(st, c, { pathname: '/', name: 'Accueil', at: '2025-05-01T08:00:00Z', online: true, title: 'Kestrel' });
  const tarifs = newPage(st, c, { pathname: '/tarifs', name: 'Tarifs', at: '2025-05-02T08:00:00Z', title: 'Tarifs' });
  localize(st, tarifs, gb, '/pricing', 'Pricing');
  publish(tarifs, '2025-05-02T09:00:00Z');
  newRoute(st, c, '/status');

  return { apiKey: k1, workspaceId: ws1, siteApiKey: b.siteKey, otherApiKey: k2 };
}

// ----------------------------------------------------------------------------------------------
// views
const activeLocales = (st, siteId) => [...st.locales.values()].filter((l) => l.siteId === siteId && !l.deleted).sort((x, y) => x.seq - y.seq);
const defaultCode = (st, site) => st.locales.get(site.defaultLocaleId).code;

function siteView(st, s) {
  return {
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.hostOrigin,
    publicApiKey: s.publicApiKey,
    defaultLocale: defaultCode(st, s),
    defaultLocalePathPrefix: s.defaultLocalePathPrefix,
    localeManagementMode: s.mode,
  };
}
function localeView(st, l) {
  const site = st.sites.get(l.siteId);
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: site.defaultLocaleId === l.id };
}
/** The data of a page in one version (null when that version does not exist). */
function versionData(page, ref) {
  if (ref === 'ref:live') {
    if (!page.live) return null;
    return { ...page.live, id: page.id, siteId: page.siteId, seq: page.seq, createdAt: page.createdAt, publishedAt: page.publishedAt, isOnline: true };
  }
  return page;
}
/** Shown form of a version, optionally collapsed into a non-default locale. */
function shown(st, data, collapseLocale) {
  const site = st.sites.get(data.siteId);
  const active = activeLocales(st, site.id);
  const order = new Map(active.map((l, i) => [l.id, i]));
  const locs = data.localizations
    .filter((l) => order.has(l.localeId) && l.localeId !== site.defaultLocaleId)
    .sort((x, y) => order.get(x.localeId) - order.get(y.localeId));
  const out = {
    object: 'page',
    id: data.id,
    pathname: data.pathname,
    canonicalUrl: data.canonicalUrl,
    title: data.title,
    description: data.description,
    socialImageUrl: data.socialImageUrl,
    sitemapPriority: data.sitemapPriority,
    sitemapFrequency: data.sitemapFrequency,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    publishedAt: data.publishedAt,
    isOnline: data.isOnline,
    excludedFromSearchEngines: data.excludedFromSearchEngines,
    localizations: locs.map((l) => ({ id: l.id, locale: st.locales.get(l.localeId).code, pathname: l.pathname })),
  };
  if (collapseLocale) {
    const l = locs.find((x) => x.localeId === collapseLocale.id);
    if (!l) return null;
    out.pathname = l.pathname;
    if (l.title !== null) out.title = l.title;
    if (l.description !== null) out.description = l.description;
    out.locale = collapseLocale.code;
  }
  return out;
}
const routeView = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

function paginate(items, limit, startingAfter) {
  let start = 0;
  if (startingAfter !== undefined) {
    const i = items.findIndex((x) => x.id === startingAfter);
    if (i < 0) throw notFound(`startingAfter ${startingAfter} names no item of this list.`);
    start = i + 1;
  }
  const data = items.slice(start, start + limit);
  return { object: 'list', data, hasMore: start + limit < items.length };
}

// ----------------------------------------------------------------------------------------------
// request plumbing
function parseQuery(raw) {
  const out = new Map();
  const problems = new Problems();
  const repeated = new Set();
  if (!raw) return { out, problems, repeated };
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rn = eq < 0 ? part : part.slice(0, eq);
    const rv = eq < 0 ? '' : part.slice(eq + 1);
    let name;
    try {
      name = decodeURIComponent(rn.replace(/\+/g, ' '));
    } catch {
      problems.add('$query', 'contains a parameter name with malformed percent-encoding');
      continue;
    }
    let value;
    try {
      value = decodeURIComponent(rv.replace(/\+/g, ' '));
    } catch {
      problems.add(name, 'has malformed percent-encoding');
      continue;
    }
    if (out.has(name)) repeated.add(name);
    else out.set(name, value);
  }
  return { out, problems, repeated };
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > LIMITS.body) tooBig = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve({ tooBig, text: tooBig ? '' : Buffer.concat(chunks).toString('utf8'), size }));
    req.on('error', () => resolve({ tooBig: false, text: '', size: 0, broken: true }));
  });
}

function parseJsonBody(req, b) {
  if (b.tooBig) throw bad([{ field: '$', message: `the request body must be at most ${LIMITS.body} bytes` }]);
  if (b.size === 0 || b.text.trim() === '') return {};
  const ct = String(req.headers['content-type'] || '');
  const m = /^\s*application\/json\s*(;.*)?$/i.exec(ct);
  if (!m) throw bad([{ field: '$', message: 'a request body must be sent with Content-Type: application/json' }]);
  const cs = /charset\s*=\s*"?([^";\s]+)/i.exec(m[1] || '');
  if (cs && cs[1].toLowerCase() !== 'utf-8') throw bad([{ field: '$', message: 'the only accepted charset is utf-8' }]);
  let v;
  try {
    v = JSON.parse(b.text);
  } catch {
    throw bad([{ field: '$', message: 'the request body is not valid JSON' }]);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw bad([{ field: '$', message: 'the request body must be a JSON object' }]);
  return v;
}

// operations: method, pattern, op name, query params (name -> {type, required}), hasBody
const OPS = [
  ['GET', ['v2', 'sites'], 'listSites', { workspaceId: 'uuid!', limit: 'limit', startingAfter: 'uuid' }],
  ['POST', ['v2', 'sites'], 'createSite', {}, true],
  ['GET', ['v2', 'sites', ':siteId'], 'getSite', {}],
  ['PATCH', ['v2', 'sites', ':siteId'], 'updateSite', {}, true],
  ['DELETE', ['v2', 'sites', ':siteId'], 'deleteSite', {}],
  ['POST', ['v2', 'sites', ':siteId', 'duplicate'], 'duplicateSite', {}, true],
  ['GET', ['v2', 'sites', ':siteId', 'pages'], 'listSitePages', { limit: 'limit', startingAfter: 'uuid' }],
  ['GET', ['v2', 'locales'], 'listLocales', { siteId: 'uuid!', limit: 'limit', startingAfter: 'uuid' }],
  ['POST', ['v2', 'locales'], 'createLocale', {}, true],
  ['GET', ['v2', 'locales', ':ref'], 'getLocale', { siteId: 'uuid' }],
  ['PATCH', ['v2', 'locales', ':ref'], 'updateLocale', { siteId: 'uuid' }, true],
  ['DELETE', ['v2', 'locales', ':ref'], 'deleteLocale', { siteId: 'uuid' }],
  ['POST', ['v2', 'locales', ':ref', 'restore'], 'restoreLocale', { siteId: 'uuid' }],
  [
    'GET',
    ['v6', 'pages'],
    'listPages',
    {
      siteId: 'uuid!',
      limit: 'limit',
      startingAfter: 'uuid',
      pathPrefix: 'prefix',
      sortBy: ['title', 'path', 'description', 'updatedAt', 'createdAt'],
      sortDirection: ['asc', 'desc'],
      includeOffline: ['true', 'false'],
      locale: 'code',
      versionRef: ['ref:live', 'ref:draft'],
    },
  ],
  ['POST', ['v6', 'pages'], 'createPage', {}, true],
  ['GET', ['v6', 'pages', ':ref'], 'getPage', { siteId: 'uuid', versionRef: ['ref:live', 'ref:draft'], locale: 'string' }],
  ['PATCH', ['v6', 'pages', ':ref'], 'updatePage', { siteId: 'uuid' }, true],
  ['DELETE', ['v6', 'pages', ':ref'], 'deletePage', { siteId: 'uuid' }],
  ['GET', ['v2', 'routes'], 'listRoutes', { siteId: 'uuid!', limit: 'limit', startingAfter: 'uuid' }],
  ['POST', ['v2', 'routes'], 'createRoute', {}, true],
  ['GET', ['v2', 'routes', ':ref'], 'getRoute', { siteId: 'uuid' }],
  ['PATCH', ['v2', 'routes', ':ref'], 'updateRoute', { siteId: 'uuid', skipValidation: ['true', 'false'] }, true],
  ['DELETE', ['v2', 'routes', ':ref'], 'deleteRoute', { siteId: 'uuid' }],
];
// what each key kind may call at all (App keys: everything)
const SITE_KEY_OPS = new Set(['getSite', 'listSitePages', 'listLocales', 'createLocale', 'getLocale', 'updateLocale', 'deleteLocale', 'restoreLocale', 'listPages', 'createPage', 'getPage', 'updatePage', 'deletePage', 'listRoutes', 'getRoute']);
const PUBLIC_KEY_OPS = new Set(['listPages', 'getPage']);

function matchOp(method, segs) {
  let pathMatched = false;
  for (const [m, pat, name, query, hasBody] of OPS) {
    if (pat.length !== segs.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < pat.length; i++) {
      if (pat[i].startsWith(':')) {
        if (segs[i] === '') ok = false;
        params[pat[i].slice(1)] = segs[i];
      }
      else if (pat[i] !== segs[i]) ok = false;
    }
    if (!ok) continue;
    pathMatched = true;
    if (m === method) return { name, params, query, hasBody: !!hasBody };
  }
  return { pathMatched };
}

function validateQuery(spec, q) {
  const p = new Problems();
  for (const d of q.problems.list) p.add(d.field, d.message);
  for (const name of q.out.keys()) if (!Object.hasOwn(spec, name) && !p.has(name)) p.add(name, 'is not a parameter of this operation');
  for (const name of q.repeated) if (Object.hasOwn(spec, name)) p.add(name, 'must be given at most once');
  const v = {};
  for (const [name, type] of Object.entries(spec)) {
    if (p.has(name)) continue;
    const raw = q.out.get(name);
    if (raw === undefined) {
      if (type === 'uuid!') p.add(name, 'is required');
      continue;
    }
    if (type === 'uuid' || type === 'uuid!') {
      if (!isUuid(raw)) p.add(name, 'must be a UUID');
      else v[name] = raw.toLowerCase();
    } else if (type === 'limit') {
      if (!/^[1-9][0-9]{0,2}$/.test(raw) || Number(raw) > 100) p.add(name, 'must be a whole number from 1 to 100, written without sign, decimals or leading zeros');
      else v[name] = Number(raw);
    } else if (Array.isArray(type)) {
      if (!type.includes(raw)) p.add(name, `must be one of: ${type.join(', ')}`);
      else v[name] = raw;
    } else if (type === 'prefix') {
      if (!raw.startsWith('/')) p.add(name, "must begin with '/'");
      else v[name] = raw;
    } else if (type === 'code') {
      const c = normLocale(raw);
      if (!c) p.add(name, 'must be a locale code such as en or en-US');
      else v[name] = c;
    } else if (type === 'string') {
      if (raw === '') p.add(name, 'must not be empty');
      else v[name] = raw;
    }
  }
  p.throwIfAny();
  return v;
}

/** Body checker: unknown fields first (in the order sent), then the declared fields in declared order. */
function checkBody(body, declared, rules, messages = {}) {
  const p = new Problems();
  for (const k of Object.keys(body)) if (!declared.includes(k)) p.add(k, Object.hasOwn(messages, k) ? messages[k] : 'is not an accepted field of this body');
  const v = {};
  for (const f of declared) {
    const r = rules[f];
    const has = Object.prototype.hasOwnProperty.call(body, f);
    if (!has) {
      if (r.required) p.add(f, 'is required');
      continue;
    }
    const res = r.check(body[f]);
    if (res && res.problem) p.add(f, res.problem);
    else if (res && 'value' in res) v[f] = res.value;
  }
  p.throwIfAny();
  return v;
}
const rule = {
  uuid: { check: (x) => (isUuid(x) ? { value: x.toLowerCase() } : { problem: typeof x === 'string' ? 'must be a UUID' : 'must be a string (UUID)' }) },
  siteName: {
    check: (x) => {
      if (typeof x !== 'string') return { problem: 'must be a string' };
      const t = x.trim();
      if (t === '') return { problem: 'must not be empty or blank' };
      if (t.length > LIMITS.siteName) return { problem: `must be at most ${LIMITS.siteName} characters after trimming` };
      if (CONTROL_RE.test(t)) return { problem: 'must not contain control characters' };
      return { value: t };
    },
  },
  hostOrigin: { check: (x) => (x === null ? {} : originOf(x)) }, // null = left out
  localeCode: {
    check: (x) => {
      if (typeof x !== 'string') return { problem: 'must be a string' };
      const c = normLocale(x);
      return c ? { value: c } : { problem: 'must be a language code with an optional region, such as en or en-US' };
    },
  },
  pageName: {
    check: (x) => {
      if (typeof x !== 'string') return { problem: 'must be a string' };
      if (x.length < 1) return { problem: 'must be at least 1 character' };
      if (x.trim() === '') return { problem: 'must contain a visible character' };
      if (x.length > LIMITS.pageName) return { problem: `must be at most ${LIMITS.pageName} characters` };
      if (CONTROL_RE.test(x)) return { problem: 'must not contain control characters' };
      return { value: x };
    },
  },
  pagePath: { check: (x) => (pagePathProblem(x) ? { problem: pagePathProblem(x) } : { value: x }) },
  bool: { check: (x) => (typeof x === 'boolean' ? { value: x } : { problem: 'must be a boolean' }) },
};
const req_ = (r) => ({ ...r, required: true });

// ----------------------------------------------------------------------------------------------
// authorization helpers
function canSee(auth, site) {
  if (auth.kind === 'app') return site.workspaceId === auth.workspaceId;
  return site.id === auth.siteId;
}
function loadSite(st, auth, id, label = 'site') {
  const site = st.sites.get(id);
  if (!site) throw notFound(`No ${label} ${id}.`);
  if (!canSee(auth, site)) throw forbidden(`This API key has no access to site ${id}.`);
  return site;
}
/** siteId for a code/pathname lookup: the query one, else the Site key's own site. */
function siteForLookup(st, auth, q, what) {
  if (q.siteId) return loadSite(st, auth, q.siteId);
  if (auth.kind !== 'app') return st.sites.get(auth.siteId);
  throw bad([{ field: 'siteId', message: `is required when a ${what} is used instead of an ID` }]);
}
/** an ID lookup optionally checked against a siteId */
function checkIdSite(st, auth, q, obj, label) {
  if (q.siteId) {
    loadSite(st, auth, q.siteId);
    if (obj.siteId !== q.siteId) throw notFound(`No ${label} ${obj.id} in site ${q.siteId}.`);
  }
  const site = st.sites.get(obj.siteId);
  if (!canSee(auth, site)) throw forbidden(`This API key has no access to this ${label}.`);
  return site;
}

function resolveLocale(st, auth, ref, q, { deleted = false } = {}) {
  if (isUuid(ref)) {
    const l = st.locales.get(ref.toLowerCase());
    if (!l || (!deleted && l.deleted)) throw notFound(`No locale ${ref}.`);
    const site = checkIdSite(st, auth, q, l, 'locale');
    return { loc: l, site };
  }
  const code = normLocale(ref);
  if (!code) throw notFound(`No locale ${ref}: neither a locale ID nor a locale code.`);
  const site = siteForLookup(st, auth, q, 'locale code');
  if (deleted) {
    const active = activeLocales(st, site.id).find((l) => l.code === code);
    if (active) throw conflict(`Locale ${code} of this site is not deleted.`);
    const del = [...st.locales.values()].filter((l) => l.siteId === site.id && l.deleted && l.code === code).sort((x, y) => y.deletedSeq - x.deletedSeq)[0];
    if (!del) throw notFound(`No deleted locale ${code} in site ${site.id}.`);
    return { loc: del, site };
  }
  const l = activeLocales(st, site.id).find((x) => x.code === code);
  if (!l) throw notFound(`No locale ${code} in site ${site.id}.`);
  return { loc: l, site };
}

function pageRefKind(ref) {
  if (isUuid(ref)) return { id: ref.toLowerCase() };
  if (ref.startsWith('/')) return { pathname: ref };
  return null;
}
function resolvePage(st, auth, ref, q, versionRef = 'ref:draft') {
  const k = pageRefKind(ref);
  if (!k) throw notFound(`No page ${ref}: give a page ID or a pathname beginning with '/' (encoded as %2F).`);
  if (k.id) {
    const page = st.pages.get(k.id);
    if (!page) throw notFound(`No page ${k.id}.`);
    const site = checkIdSite(st, auth, q, page, 'page');
    return { page, site };
  }
  const site = siteForLookup(st, auth, q, 'pathname');
  for (const p of st.pages.values()) {
    if (p.siteId !== site.id) continue;
    const d = versionData(p, versionRef);
    if (d && d.pathname === k.pathname) return { page: p, site };
  }
  throw notFound(`No page with pathname ${k.pathname} in site ${site.id}.`);
}
function resolveRoute(st, auth, ref, q) {
  const k = pageRefKind(ref);
  if (!k) throw notFound(`No route ${ref}: give a route ID or a pathname beginning with '/' (encoded as %2F).`);
  if (k.id) {
    const r = st.routes.get(k.id);
    if (!r) throw notFound(`No route ${k.id}.`);
    const site = checkIdSite(st, auth, q, r, 'route');
    return { route: r, site };
  }
  const site = siteForLookup(st, auth, q, 'pathname');
  const r = [...st.routes.values()].find((x) => x.siteId === site.id && x.pathname === k.pathname);
  if (!r) throw notFound(`No route with pathname ${k.pathname} in site ${site.id}.`);
  return { route: r, site };
}

/** pathnames taken in a site: page base and localized (active locales) pathnames and routes */
function pathTaken(st, site, pathname, { exceptPage, exceptRoute, pages = true, routes = true } = {}) {
  const active = new Set(activeLocales(st, site.id).map((l) => l.id));
  if (pages)
    for (const p of st.pages.values()) {
      if (p.siteId !== site.id || p.id === exceptPage) continue;
      if (p.pathname === pathname) return true;
      if (p.localizations.some((l) => active.has(l.localeId) && l.pathname === pathname)) return true;
    }
  if (routes) for (const r of st.routes.values()) if (r.siteId === site.id && r.id !== exceptRoute && r.pathname === pathname) return true;
  return false;
}
function domainTaken(st, workspaceId, domain, exceptLocale) {
  if (domain === null) return false;
  for (const l of st.locales.values()) {
    if (l.deleted || l.id === exceptLocale || l.domain !== domain) continue;
    const s = st.sites.get(l.siteId);
    if (s && s.workspaceId === workspaceId) return true;
  }
  return false;
}

// ----------------------------------------------------------------------------------------------
// sorting of pages
function cmpNullable(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1; // nulls are the smallest value
  if (b === null || b === undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
const SORT_KEY = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' };

function listPagesOf(st, site, { versionRef, includeOffline, locale, pathPrefix, sortBy, sortDirection }) {
  const rows = [];
  for (const p of st.pages.values()) {
    if (p.siteId !== site.id) continue;
    const d = versionData(p, versionRef);
    if (!d) continue;
    if (versionRef === 'ref:draft' && !includeOffline && !d.isOnline) continue;
    const collapse = locale && locale.id !== site.defaultLocaleId ? locale : null;
    const v = shown(st, d, collapse);
    if (!v) continue;
    if (pathPrefix && !v.pathname.startsWith(pathPrefix)) continue;
    rows.push(v);
  }
  const key = SORT_KEY[sortBy];
  const dir = sortDirection === 'desc' ? -1 : 1;
  rows.sort((x, y) => dir * (cmpNullable(x[key], y[key]) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)));
  return rows;
}

// ----------------------------------------------------------------------------------------------
// handlers
const H = {
  listSites(st, auth, c) {
    const q = c.q;
    if (q.workspaceId !== auth.workspaceId) throw forbidden(`This API key has no access to workspace ${q.workspaceId}.`);
    const items = [...st.sites.values()].filter((s) => s.workspaceId === q.workspaceId).sort((x, y) => y.updatedSeq - x.updatedSeq);
    const page = paginate(items, q.limit ?? 20, q.startingAfter);
    return [200, { ...page, data: page.data.map((s) => siteView(st, s)) }];
  },
  createSite(st, auth, c) {
    const v = checkBody(c.body, ['workspaceId', 'name', 'hostOrigin', 'defaultLocale'], {
      workspaceId: req_(rule.uuid),
      name: req_(rule.siteName),
      hostOrigin: rule.hostOrigin,
      defaultLocale: rule.localeCode,
    });
    if (v.workspaceId !== auth.workspaceId) throw forbidden(`This API key has no access to workspace ${v.workspaceId}.`);
    const site = newSite(st, { workspaceId: v.workspaceId, name: v.name, hostOrigin: v.hostOrigin ?? null, defaultLocale: v.defaultLocale ?? 'en-US' });
    return [201, siteView(st, site)];
  },
  getSite(st, auth, c) {
    return [200, siteView(st, loadSite(st, auth, c.params.siteId))];
  },
  updateSite(st, auth, c) {
    const site = loadSite(st, auth, c.params.siteId);
    const v = checkBody(c.body, ['name', 'hostOrigin'], {
      name: rule.siteName,
      hostOrigin: rule.hostOrigin,
    }, { defaultLocale: 'is not accepted in this body: the default locale of a site cannot be changed through Update Site' });
    if (v.name !== undefined) site.name = v.name;
    if (v.hostOrigin !== undefined) site.hostOrigin = v.hostOrigin;
    if (Object.keys(v).length) site.updatedSeq = seq();
    return [200, siteView(st, site)];
  },
  deleteSite(st, auth, c) {
    const site = loadSite(st, auth, c.params.siteId);
    for (const m of [st.locales, st.pages, st.routes]) for (const [id, x] of m) if (x.siteId === site.id) m.delete(id);
    st.sites.delete(site.id);
    return [204];
  },
  duplicateSite(st, auth, c) {
    const src = loadSite(st, auth, c.params.siteId);
    const v = checkBody(c.body, ['name'], { name: req_(rule.siteName) });
    const copy = {
      ...src,
      id: randomUUID(),
      name: v.name,
      publicApiKey: randomUUID(),
      siteKey: randomUUID(),
      updatedSeq: seq(),
    };
    st.sites.set(copy.id, copy);
    const localeMap = new Map();
    for (const l of activeLocales(st, src.id)) {
      // domains are unique in a workspace, so copies start without one
      const n = newLocale(st, copy, l.code, null, l.pathPrefix);
      localeMap.set(l.id, n.id);
    }
    copy.defaultLocaleId = localeMap.get(src.defaultLocaleId);
    const mapLocs = (arr) => arr.filter((l) => localeMap.has(l.localeId)).map((l) => ({ ...l, id: randomUUID(), localeId: localeMap.get(l.localeId) }));
    for (const p of [...st.pages.values()].filter((x) => x.siteId === src.id).sort((x, y) => x.seq - y.seq)) {
      const np = { ...p, id: randomUUID(), siteId: copy.id, seq: seq(), localizations: mapLocs(p.localizations) };
      if (p.live) np.live = { ...p.live, localizations: mapLocs(p.live.localizations) };
      st.pages.set(np.id, np);
    }
    for (const r of [...st.routes.values()].filter((x) => x.siteId === src.id).sort((x, y) => x.seq - y.seq)) newRoute(st, copy, r.pathname);
    return [201, siteView(st, copy)];
  },
  listSitePages(st, auth, c) {
    const site = loadSite(st, auth, c.params.siteId);
    const rows = listPagesOf(st, site, { versionRef: 'ref:draft', includeOffline: false, sortBy: 'path', sortDirection: 'asc' });
    return [200, paginate(rows, c.q.limit ?? 20, c.q.startingAfter)];
  },

  listLocales(st, auth, c) {
    const site = loadSite(st, auth, c.q.siteId);
    const page = paginate(activeLocales(st, site.id), c.q.limit ?? 20, c.q.startingAfter);
    return [200, { ...page, data: page.data.map((l) => localeView(st, l)) }];
  },
  createLocale(st, auth, c) {
    const v = checkBody(c.body, ['siteId', 'locale', 'domain'], {
      siteId: req_(rule.uuid),
      locale: req_(rule.localeCode),
      domain: { check: (x) => originOf(x) },
    });
    const site = loadSite(st, auth, v.siteId);
    if (activeLocales(st, site.id).length >= LIMITS.localesPerSite) throw bad([{ field: 'locale', message: `a site may have at most ${LIMITS.localesPerSite} locales` }]);
    if (activeLocales(st, site.id).some((l) => l.code === v.locale)) throw conflict(`Site ${site.id} already has locale ${v.locale}.`);
    const domain = v.domain ?? null;
    if (domainTaken(st, site.workspaceId, domain)) throw conflict(`Domain ${domain} is already used by a locale of this workspace.`);
    return [201, localeView(st, newLocale(st, site, v.locale, domain))];
  },
  getLocale(st, auth, c) {
    return [200, localeView(st, resolveLocale(st, auth, c.params.ref, c.q).loc)];
  },
  updateLocale(st, auth, c) {
    const { loc, site } = resolveLocale(st, auth, c.params.ref, c.q);
    const v = checkBody(c.body, ['locale', 'domain'], {
      locale: rule.localeCode,
      domain: { check: (x) => (x === null ? { value: null } : originOf(x)) },
    });
    if (v.locale !== undefined && v.locale !== loc.code && activeLocales(st, site.id).some((l) => l.code === v.locale)) throw conflict(`Site ${site.id} already has locale ${v.locale}.`);
    if (v.domain !== undefined && domainTaken(st, site.workspaceId, v.domain, loc.id)) throw conflict(`Domain ${v.domain} is already used by a locale of this workspace.`);
    if (v.locale !== undefined) loc.code = v.locale;
    if (v.domain !== undefined) loc.domain = v.domain;
    return [200, localeView(st, loc)];
  },
  deleteLocale(st, auth, c) {
    const { loc, site } = resolveLocale(st, auth, c.params.ref, c.q);
    if (site.defaultLocaleId === loc.id) throw bad([{ field: 'localeIdOrCode', message: 'the default locale of a site cannot be deleted' }]);
    loc.deleted = true;
    loc.deletedSeq = seq();
    return [204];
  },
  restoreLocale(st, auth, c) {
    const { loc, site } = resolveLocale(st, auth, c.params.ref, c.q, { deleted: true });
    if (!loc.deleted) throw conflict(`Locale ${loc.id} is not deleted.`);
    if (activeLocales(st, site.id).length >= LIMITS.localesPerSite) throw bad([{ field: 'localeIdOrCode', message: `a site may have at most ${LIMITS.localesPerSite} locales` }]);
    if (activeLocales(st, site.id).some((l) => l.code === loc.code)) throw conflict(`Site ${site.id} has an active locale ${loc.code} again.`);
    if (domainTaken(st, site.workspaceId, loc.domain, loc.id)) throw conflict(`Domain ${loc.domain} is now used by another locale of this workspace.`);
    loc.deleted = false;
    return [200, localeView(st, loc)];
  },

  listPages(st, auth, c) {
    const q = c.q;
    const site = loadSite(st, auth, q.siteId);
    const versionRef = q.versionRef ?? (auth.kind === 'public' ? 'ref:live' : 'ref:draft');
    if (auth.kind === 'public' && versionRef !== 'ref:live') throw forbidden('A publishable key may only read the live version.');
    let locale = null;
    if (q.locale) {
      locale = activeLocales(st, site.id).find((l) => l.code === q.locale);
      if (!locale) throw notFound(`Site ${site.id} has no locale ${q.locale}.`);
    }
    const rows = listPagesOf(st, site, {
      versionRef,
      includeOffline: q.includeOffline === 'true',
      locale,
      pathPrefix: q.pathPrefix,
      sortBy: q.sortBy ?? 'path',
      sortDirection: q.sortDirection ?? 'asc',
    });
    return [200, paginate(rows, q.limit ?? 20, q.startingAfter)];
  },
  createPage(st, auth, c) {
    const v = checkBody(c.body, ['siteId', 'pathname', 'name'], { siteId: req_(rule.uuid), pathname: req_(rule.pagePath), name: req_(rule.pageName) });
    const site = loadSite(st, auth, v.siteId);
    if (pathTaken(st, site, v.pathname)) throw conflict(`A page or route with pathname ${v.pathname} already exists in site ${site.id}.`);
    const page = newPage(st, site, { pathname: v.pathname, name: v.name });
    return [201, shown(st, page, null)];
  },
  getPage(st, auth, c) {
    const q = c.q;
    const versionRef = q.versionRef ?? (auth.kind === 'public' ? 'ref:live' : 'ref:draft');
    if (auth.kind === 'public' && versionRef !== 'ref:live') throw forbidden('A publishable key may only read the live version.');
    const { page, site } = resolvePage(st, auth, c.params.ref, q, versionRef);
    const d = versionData(page, versionRef);
    if (!d) throw notFound(`Page ${page.id} has no live version.`);
    let collapse = null;
    if (q.locale !== undefined) {
      const active = activeLocales(st, site.id);
      const loc = isUuid(q.locale) ? active.find((l) => l.id === q.locale.toLowerCase()) : active.find((l) => l.code === normLocale(q.locale));
      if (!loc) throw bad([{ field: 'locale', message: `names no active locale of site ${site.id}` }]);
      if (loc.id !== site.defaultLocaleId) collapse = loc;
    }
    const out = shown(st, d, collapse);
    if (!out) throw notFound(`Page ${page.id} is not localized in ${collapse.code}.`);
    return [200, out];
  },
  updatePage(st, auth, c) {
    const { page, site } = resolvePage(st, auth, c.params.ref, c.q);
    if (Object.keys(c.body).length === 0) throw bad([{ field: 'pathname', message: 'Missing pathname field.' }]);
    const v = checkBody(c.body, ['pathname', 'name', 'isOnline'], { pathname: rule.pagePath, name: rule.pageName, isOnline: rule.bool });
    if (v.pathname !== undefined && v.pathname !== page.pathname && pathTaken(st, site, v.pathname, { exceptPage: page.id }))
      throw conflict(`A page or route with pathname ${v.pathname} already exists in site ${site.id}.`);
    let edited = false;
    if (v.pathname !== undefined && v.pathname !== page.pathname) {
      page.pathname = v.pathname;
      edited = true;
    }
    if (v.name !== undefined && v.name !== page.name) {
      page.name = v.name;
      edited = true;
    }
    if (edited) page.updatedAt = nowIso();
    if (v.isOnline === true) publish(page);
    if (v.isOnline === false) {
      page.isOnline = false;
      page.live = null;
      page.publishedAt = null;
    }
    return [200, shown(st, page, null)];
  },
  deletePage(st, auth, c) {
    const { page } = resolvePage(st, auth, c.params.ref, c.q);
    st.pages.delete(page.id);
    return [204];
  },

  listRoutes(st, auth, c) {
    const site = loadSite(st, auth, c.q.siteId);
    const items = [...st.routes.values()].filter((r) => r.siteId === site.id).sort((x, y) => y.seq - x.seq);
    const page = paginate(items, c.q.limit ?? 20, c.q.startingAfter);
    return [200, { ...page, data: page.data.map(routeView) }];
  },
  createRoute(st, auth, c) {
    const v = checkBody(c.body, ['siteId', 'pathname'], {
      siteId: req_(rule.uuid),
      pathname: req_({ check: (x) => (routePathProblem(x, false) ? { problem: routePathProblem(x, false) } : { value: x }) }),
    });
    const site = loadSite(st, auth, v.siteId);
    if (pathTaken(st, site, v.pathname)) throw conflict(`A page or route with pathname ${v.pathname} already exists in site ${site.id}.`);
    return [201, routeView(newRoute(st, site, v.pathname))];
  },
  getRoute(st, auth, c) {
    return [200, routeView(resolveRoute(st, auth, c.params.ref, c.q).route)];
  },
  updateRoute(st, auth, c) {
    const { route, site } = resolveRoute(st, auth, c.params.ref, c.q);
    const skip = c.q.skipValidation === 'true';
    const v = checkBody(c.body, ['pathname'], {
      pathname: { check: (x) => (routePathProblem(x, skip) ? { problem: routePathProblem(x, skip) } : { value: x }) },
    });
    if (v.pathname !== undefined && v.pathname !== route.pathname) {
      if (pathTaken(st, site, v.pathname, { exceptRoute: route.id })) throw conflict(`A page or route with pathname ${v.pathname} already exists in site ${site.id}.`);
      route.pathname = v.pathname;
    }
    return [200, routeView(route)];
  },
  deleteRoute(st, auth, c) {
    const { route } = resolveRoute(st, auth, c.params.ref, c.q);
    st.routes.delete(route.id);
    return [204];
  },
};

// ----------------------------------------------------------------------------------------------
// dispatcher
function authenticate(st, key) {
  if (typeof key !== 'string' || key === '') return null;
  const ws = st.appKeys.get(key);
  if (ws) return { kind: 'app', workspaceId: ws };
  if (!UUID_RE.test(key)) return null;
  for (const s of st.sites.values()) {
    if (s.siteKey === key) return { kind: 'site', siteId: s.id };
    if (s.publicApiKey === key) return { kind: 'public', siteId: s.id };
  }
  return null;
}

async function handle(st, req) {
  const body = await readBody(req);
  const rawUrl = req.url || '/';
  const qi = rawUrl.indexOf('?');
  const rawPath = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
  const rawQuery = qi < 0 ? '' : rawUrl.slice(qi + 1);

  const auth = authenticate(st, req.headers['x-api-key']);
  if (!auth) throw new ApiError(401, 'The x-api-key header is missing or holds no valid API key.');

  let segs;
  try {
    segs = rawPath.split('/').slice(1).map((s) => decodeURIComponent(s));
  } catch {
    throw notFound(`No resource at ${rawPath}.`);
  }
  const m = matchOp(req.method, segs);
  if (!m.name) throw notFound(m.pathMatched ? `${req.method} is not supported on ${rawPath}.` : `No resource at ${rawPath}.`);

  const parsedBody = m.hasBody ? parseJsonBody(req, body) : {};

  if (auth.kind === 'site' && !SITE_KEY_OPS.has(m.name)) throw forbidden('A Site API key may not perform this operation.');
  if (auth.kind === 'public' && !PUBLIC_KEY_OPS.has(m.name)) throw forbidden('A publishable key may only read live pages.');

  const q = validateQuery(m.query, parseQuery(rawQuery));
  if (m.params.siteId !== undefined) {
    if (!isUuid(m.params.siteId)) throw notFound(`No site ${m.params.siteId}.`);
    m.params.siteId = m.params.siteId.toLowerCase();
  }
  return H[m.name](st, auth, { params: m.params, q, body: parsedBody });
}

function send(res, status, payload) {
  if (status === 204) {
    res.writeHead(204);
    res.end();
    return;
  }
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
function errorPayload(e) {
  const out = { object: 'error', code: CODES[e.status], message: e.message };
  if (e.status === 400) out.details = e.details && e.details.length ? e.details : [{ field: '$', message: e.message }];
  return out;
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const st = createState();
  const announce = seed(st);
  const server = createServer(async (req, res) => {
    try {
      const [status, payload] = await handle(st, req);
      send(res, status, payload);
    } catch (e) {
      if (e instanceof ApiError) send(res, e.status, errorPayload(e));
      else {
        process.stderr.write(`outsider5: unexpected ${e && e.stack}\n`);
        send(res, 400, errorPayload(new ApiError(400, 'The request could not be processed.', [{ field: '$', message: 'could not be processed' }])));
      }
    }
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: '$', message: 'is not a well-formed HTTP request' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  server.maxHeadersCount = 100;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    ...announce,
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
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port: Number.isInteger(port) && port >= 0 ? port : 0 });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = async () => {
    await s.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
