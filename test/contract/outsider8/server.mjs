// outsider8: an independent in-memory deployment of the Site-Building Service REST API,
// written only from the specification and the published OpenAPI. node: built-ins only.
import { createServer } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------- ids, keys, time
const NODE = randomBytes(6); NODE[0] |= 0x01; // random node id, multicast bit set (RFC 4122 4.5)
let lastTicks = 0n; let clockSeq = randomBytes(2).readUInt16BE(0) & 0x3fff;
function uuidV1() {
  let ticks = BigInt(Date.now()) * 10000n + 122192928000000000n;
  if (ticks <= lastTicks) ticks = lastTicks + 1n;
  lastTicks = ticks;
  const low = ticks & 0xffffffffn, mid = (ticks >> 32n) & 0xffffn, hi = (ticks >> 48n) & 0x0fffn;
  const h = (n, w) => n.toString(16).padStart(w, '0');
  const cs = 0x8000 | clockSeq;
  return `${h(low, 8)}-${h(mid, 4)}-1${h(hi, 3)}-${cs.toString(16)}-${NODE.toString('hex')}`;
}
const appKey = () => 'ak-' + randomBytes(24).toString('hex');
let lastMs = 0; let sub = 0;
function now() { // RFC 3339 with nine fractional digits and "Z"; strictly increasing within the process
  const ms = Math.max(Date.now(), lastMs);
  if (ms === lastMs) sub++; else { lastMs = ms; sub = 0; }
  if (sub > 999999) { lastMs++; sub = 0; }
  return new Date(lastMs).toISOString().slice(0, 23) + String(sub).padStart(6, '0') + 'Z';
}

// ---------------------------------------------------------------- grammar
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v) => typeof v === 'string' && UUID_RE.test(v);
const CTRL = /[\u0000-\u001f\u007f]/;
function normLocale(v) { // 2-3 letter language, optional 2-letter region; "-" or "_"; any case
  if (typeof v !== 'string') return null;
  const m = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$/.exec(v);
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}
function pagePathProblem(p) {
  if (typeof p !== 'string') return 'must be a string';
  if (p === '') return 'Missing pathname field.';
  if (!p.startsWith('/')) return 'must begin with "/"';
  if (p.length > 150) return 'must be at most 150 characters';
  if (p === '/') return null;
  if (p.endsWith('/')) return 'must not end with "/"';
  for (const seg of p.slice(1).split('/')) {
    if (seg === '') return 'must not contain "//"';
    if (seg === '.' || seg === '..') return 'must not contain "." or ".." segments';
    if (!/^[\p{L}\p{M}\p{N}_-]+$/u.test(seg)) return 'segments may hold only letters, digits, "-" and "_"';
  }
  return null;
}
function routePathProblem(p, skip) {
  if (typeof p !== 'string') return 'must be a string';
  if (p === '') return 'must not be empty';
  if (CTRL.test(p) || /\s/.test(p)) return 'must not contain whitespace or control characters';
  if (skip) return p.length > 2048 ? 'must be at most 2048 characters' : null;
  if (!p.startsWith('/')) return 'must begin with "/"';
  if (p.length > 200) return 'must be at most 200 characters';
  if (p === '/') return null;
  const segs = p.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s === '*' && i === segs.length - 1) continue;
    if (/^[A-Za-z0-9._~-]+$/.test(s) && s !== '.' && s !== '..') continue;
    if (/^:[A-Za-z_][A-Za-z0-9_]*\??$/.test(s) || /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(s) || /^\[(\.\.\.)?[A-Za-z_][A-Za-z0-9_]*\]$/.test(s)) continue;
    return `segment "${s}" is not a literal, a parameter (:p, {p}, [p], [...p]) or a final "*"`;
  }
  return null;
}
function parseHostOrigin(v) { // returns [value, problem]
  if (typeof v !== 'string') return [null, 'must be a string'];
  if (v.length === 0) return [null, 'must not be empty'];
  if (v.length > 300) return [null, 'must be at most 300 characters'];
  if (!/^[\x21-\x7e]+$/.test(v)) return [null, 'must be an ASCII URI without spaces'];
  let u; try { u = new URL(v); } catch { return [null, 'must be an absolute URL']; }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return [null, 'must use http or https'];
  if (!u.hostname) return [null, 'must name a host'];
  if (u.username || u.password) return [null, 'must not carry credentials'];
  if (u.search || u.hash || v.includes('?') || v.includes('#')) return [null, 'must not carry a query or fragment'];
  const path = u.pathname.replace(/\/+$/, '');
  return [u.origin + path, null];
}
function parseDomain(v) {
  if (typeof v !== 'string') return [null, 'must be a string'];
  if (v.length === 0 || v.length > 200) return [null, 'must be 1 to 200 characters'];
  if (!/^[\x21-\x7e]+$/.test(v)) return [null, 'must be an ASCII URI without spaces'];
  let u; try { u = new URL(v); } catch { return [null, 'must be an absolute URL including the protocol']; }
  if (u.protocol !== 'https:') return [null, 'must use https'];
  if (u.username || u.password || u.search || u.hash || v.includes('?') || v.includes('#')) return [null, 'must be an origin only'];
  if (u.pathname !== '/') return [null, 'must be an origin only (no path)'];
  return [u.origin, null];
}
function siteNameProblem(v) {
  if (typeof v !== 'string') return 'must be a string';
  const t = v.trim();
  if (t.length < 1) return 'must not be blank';
  if ([...t].length > 64) return 'must be at most 64 characters';
  if (CTRL.test(t)) return 'must not contain control characters';
  if (/[<>]/.test(t)) return 'must not contain "<" or ">"';
  return null;
}
function pageNameProblem(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (v.length < 1) return 'must have a minimum length of 1';
  if ([...v].length > 200) return 'must be at most 200 characters';
  if (CTRL.test(v)) return 'must not contain control characters';
  return null;
}

// ---------------------------------------------------------------- errors
class ApiError extends Error {
  constructor(status, message, details) { super(message); this.status = status; this.details = details; }
}
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
class Problems {
  constructor() { this.map = new Map(); }
  add(field, message) { if (!this.map.has(field)) this.map.set(field, message); }
  get size() { return this.map.size; }
  throwIf() {
    if (!this.map.size) return;
    const details = [...this.map].map(([field, message]) => ({ field, message }));
    const msg = `${details.length} problem${details.length > 1 ? 's' : ''} in the request: ` + details.map((d) => `${d.field} ${d.message}`).join('; ');
    throw new ApiError(400, msg, details);
  }
}
const notFound = (what) => new ApiError(404, `${what} not found`);
const forbidden = (msg) => new ApiError(403, msg);
const conflict = (msg) => new ApiError(409, msg);

// ---------------------------------------------------------------- state
export function createState() {
  const st = { workspaces: new Map(), appKeys: new Map(), siteKeys: new Map(), publicKeys: new Map(), sites: new Map(), locales: new Map(), pages: new Map(), routes: new Map(), seq: 0 };
  return st;
}
function addSite(st, { workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'internal' }) {
  const t = now();
  const site = { id: uuidV1(), workspaceId, name, hostOrigin, defaultLocale, mode, publicApiKey: randomUUID(), siteKey: randomUUID(), seq: ++st.seq, createdAt: t };
  st.sites.set(site.id, site);
  st.siteKeys.set(site.siteKey, site.id);
  st.publicKeys.set(site.publicApiKey, site.id);
  addLocale(st, site, defaultLocale, null, true);
  return site;
}
function addLocale(st, site, code, domain = null, isDefault = false) {
  const l = { id: uuidV1(), siteId: site.id, code, domain, isDefault, deleted: false, deletedSeq: 0, seq: ++st.seq };
  st.locales.set(l.id, l);
  return l;
}
function addPage(st, site, { pathname, name, title, description = null, isOnline = true }) {
  const t = now();
  const p = { id: uuidV1(), siteId: site.id, pathname, name, title: title === undefined ? name : title, description, canonicalUrl: null, socialImageUrl: null, sitemapPriority: 0.5, sitemapFrequency: null, createdAt: t, updatedAt: t, publishedAt: isOnline ? t : null, isOnline, excluded: false, localizations: new Map(), seq: ++st.seq };
  st.pages.set(p.id, p);
  return p;
}
function localize(st, page, locale, pathname, extra = {}) {
  page.localizations.set(locale.id, { id: uuidV1(), pathname, title: extra.title ?? null, description: extra.description ?? null });
}
function addRoute(st, site, pathname) {
  const r = { id: uuidV1(), siteId: site.id, pathname, seq: ++st.seq };
  st.routes.set(r.id, r);
  return r;
}
const activeLocales = (st, siteId) => [...st.locales.values()].filter((l) => l.siteId === siteId && !l.deleted);
const localeByCode = (st, siteId, code) => activeLocales(st, siteId).find((l) => l.code === code);
const defaultLocaleOf = (st, siteId) => activeLocales(st, siteId).find((l) => l.isDefault);

export function seed(st) {
  const w1 = uuidV1(), w2 = uuidV1();
  const k1 = appKey(), k2 = appKey();
  st.workspaces.set(w1, { id: w1, name: 'Marrow & Finch' });
  st.workspaces.set(w2, { id: w2, name: 'Ostrava Labs' });
  st.appKeys.set(k1, w1); st.appKeys.set(k2, w2);

  const atlas = addSite(st, { workspaceId: w1, name: 'Finch Atlas', hostOrigin: 'https://atlas.finch.example', mode: 'external' });
  const en = defaultLocaleOf(st, atlas.id);
  const de = addLocale(st, atlas, 'de-DE', 'https://finch.example.de');
  const pt = addLocale(st, atlas, 'pt-PT');
  const it = addLocale(st, atlas, 'it-IT'); it.deleted = true; it.deletedSeq = ++st.seq;
  addPage(st, atlas, { pathname: '/', name: 'Home' });
  const guide = addPage(st, atlas, { pathname: '/guide', name: 'Guide', description: 'How to use the atlas' });
  localize(st, guide, de, '/anleitung', { title: 'Anleitung' });
  localize(st, guide, pt, '/guia');
  localize(st, guide, it, '/guida');
  const start = addPage(st, atlas, { pathname: '/guide/start', name: 'Getting started' });
  localize(st, start, de, '/anleitung/start');
  addPage(st, atlas, { pathname: '/blog', name: 'Blog', title: null });
  addPage(st, atlas, { pathname: '/drafts/ideas', name: 'Ideas', isOnline: false });
  addRoute(st, atlas, '/api/:version/*');
  addRoute(st, atlas, '/blog/[slug]');
  void en;

  const store = addSite(st, { workspaceId: w1, name: 'Finch Store', defaultLocale: 'en-GB' });
  const frFR = addLocale(st, store, 'fr-FR');
  addPage(st, store, { pathname: '/', name: 'Store' });
  const shop = addPage(st, store, { pathname: '/shop', name: 'Shop' });
  localize(st, shop, frFR, '/boutique');
  addPage(st, store, { pathname: '/cart', name: 'Cart', isOnline: false });
  addRoute(st, store, '/checkout/{step}');

  const home = addSite(st, { workspaceId: w2, name: 'Ostrava Home', defaultLocale: 'cs-CZ' });
  const enO = addLocale(st, home, 'en');
  addPage(st, home, { pathname: '/', name: 'Domů' });
  const about = addPage(st, home, { pathname: '/o-nas', name: 'O nás' });
  localize(st, about, enO, '/about');
  addRoute(st, home, '/status');

  return { apiKey: k1, workspaceId: w1, siteApiKey: store.siteKey, otherApiKey: k2 };
}

// ---------------------------------------------------------------- representations
const siteOut = (s) => ({ object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey, defaultLocale: s.defaultLocale, defaultLocalePathPrefix: null, localeManagementMode: s.mode });
const localeOut = (l) => ({ object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: l.isDefault });
const routeOut = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });
function pageView(st, p, locale) { // locale: an active locale record or null (default)
  const site = st.sites.get(p.siteId);
  const loc = locale && !locale.isDefault ? p.localizations.get(locale.id) : null;
  const localizations = [];
  for (const [lid, z] of p.localizations) {
    const l = st.locales.get(lid);
    if (l && !l.deleted && !l.isDefault) localizations.push({ id: z.id, locale: l.code, pathname: z.pathname });
  }
  localizations.sort((a, b) => (a.pathname < b.pathname ? -1 : a.pathname > b.pathname ? 1 : 0));
  return {
    object: 'page', id: p.id,
    pathname: loc ? loc.pathname : p.pathname,
    canonicalUrl: p.canonicalUrl,
    title: loc && loc.title !== null ? loc.title : p.title,
    description: loc && loc.description !== null ? loc.description : p.description,
    socialImageUrl: p.socialImageUrl, sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency,
    createdAt: p.createdAt, updatedAt: p.updatedAt, publishedAt: p.publishedAt, isOnline: p.isOnline,
    excludedFromSearchEngines: p.excluded,
    locale: loc ? locale.code : site.defaultLocale,
    localizations,
  };
}

// ---------------------------------------------------------------- query / body reading
function readQuery(searchParams, problems, spec) {
  // spec: { name: 'uuid'|'limit'|'string'|'bool'|['enum',...] , ... } ; returns values; repeated -> first non-empty
  const out = {};
  for (const [name, type] of Object.entries(spec)) {
    const all = searchParams.all.get(name);
    if (!all) continue;
    const firstSet = all.findIndex((x) => x !== '');
    const v = firstSet < 0 ? '' : all[firstSet];
    if (v === null) { problems.add(name, 'has malformed percent-encoding'); continue; }
    if (type === 'limit') {
      if (v === '') continue; // empty = default
      if (!/^[1-9][0-9]{0,2}$/.test(v) || Number(v) > 100) { problems.add(name, 'must be a whole number from 1 to 100, written without sign, decimals or leading zeros'); continue; }
      out[name] = Number(v);
    } else if (type === 'uuid') {
      if (!isUuid(v)) { problems.add(name, v === '' ? 'must not be empty' : 'must be a UUID'); continue; }
      out[name] = v.toLowerCase();
    } else if (type === 'bool') {
      if (v === 'true') out[name] = true;
      else if (v === 'false') out[name] = false;
      else problems.add(name, 'must be "true" or "false"');
    } else if (Array.isArray(type)) {
      if (!type.includes(v)) { problems.add(name, `must be one of ${type.join(', ')}`); continue; }
      out[name] = v;
    } else out[name] = v;
  }
  return out;
}
function parseSearch(qs) {
  const all = new Map();
  if (!qs) return { all };
  for (const part of qs.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    const rawK = i < 0 ? part : part.slice(0, i), rawV = i < 0 ? '' : part.slice(i + 1);
    let k, v;
    try { k = decodeURIComponent(rawK.replace(/\+/g, ' ')); } catch { continue; }
    try { v = decodeURIComponent(rawV.replace(/\+/g, ' ')); } catch { v = null; }
    if (!all.has(k)) all.set(k, []);
    all.get(k).push(v);
  }
  return { all };
}

const MAX_BODY = 48 * 1024;
const HARD_LIMIT = 1024 * 1024;
function readBody(req) {
  return new Promise((resolve) => {
    const chunks = []; let size = 0; let over = false; let done = false;
    const finish = (v) => { if (!done) { done = true; resolve(v); } };
    if (Number(req.headers['content-length']) > HARD_LIMIT) { req.pause(); return finish({ over: true, hard: true, buf: Buffer.alloc(0) }); }
    req.on('data', (c) => {
      size += c.length;
      if (size > HARD_LIMIT) { req.pause(); return finish({ over: true, hard: true, buf: Buffer.alloc(0) }); }
      if (size > MAX_BODY) { over = true; return; }
      chunks.push(c);
    });
    req.on('end', () => finish({ over, buf: Buffer.concat(chunks) }));
    req.on('error', () => finish({ over: true, hard: true, buf: Buffer.alloc(0) }));
    req.on('close', () => finish({ over, buf: Buffer.concat(chunks) }));
  });
}
// returns { body, syntax } ; syntax problem recorded into problems
function interpretBody(raw, headers, method, problems) {
  if (raw.over) { problems.add('body', `must be at most ${MAX_BODY} bytes`); return null; }
  const text = raw.buf.toString('utf8');
  if (text.trim() === '') return {};
  const ct = headers['content-type'];
  if (!ct) { problems.add('content-type', 'a request body needs Content-Type: application/json'); return null; }
  const [type, ...params] = ct.split(';').map((s) => s.trim());
  const okTypes = method === 'PATCH' ? ['application/json', 'application/merge-patch+json'] : ['application/json'];
  if (!okTypes.includes(type.toLowerCase())) { problems.add('content-type', `must be ${okTypes.join(' or ')}`); return null; }
  for (const p of params) {
    const [k, v = ''] = p.split('=').map((s) => s.trim().toLowerCase());
    if (k === 'charset' && !['utf-8', 'utf8', '"utf-8"'].includes(v)) { problems.add('content-type', 'charset must be utf-8'); return null; }
  }
  let body;
  try { body = JSON.parse(text); } catch { problems.add('body', 'is not valid JSON'); return null; }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) { problems.add('body', 'must be a JSON object'); return null; }
  return body;
}
function unknownFields(body, allowed, problems, strict) {
  if (!body || !strict) return;
  for (const k of Object.keys(body)) if (!allowed.includes(k)) problems.add(k, 'is not a field of this operation');
}

// ---------------------------------------------------------------- auth
function authenticate(st, headers) {
  const raw = headers['x-api-key'];
  if (typeof raw !== 'string' || raw === '') throw new ApiError(401, 'The x-api-key header is missing');
  if (st.appKeys.has(raw)) return { kind: 'app', workspaceId: st.appKeys.get(raw) };
  if (isUuid(raw)) {
    const k = raw.toLowerCase();
    if (st.siteKeys.has(k)) { const s = st.sites.get(st.siteKeys.get(k)); return { kind: 'site', siteId: s.id, workspaceId: s.workspaceId }; }
    if (st.publicKeys.has(k)) { const s = st.sites.get(st.publicKeys.get(k)); return { kind: 'public', siteId: s.id, workspaceId: s.workspaceId }; }
  }
  throw new ApiError(401, 'The x-api-key header does not hold a valid API key');
}
const sees = (who, site) => site && (who.kind === 'app' ? site.workspaceId === who.workspaceId : site.id === who.siteId);
function siteFor(st, who, id, label = 'Site') { // a foreign site is forbidden: "a valid key without permission for the resource yields 403"
  const s = st.sites.get(id);
  if (!s) throw notFound(label);
  if (!sees(who, s)) throw forbidden('This API key has no permission for this resource');
  return s;
}

// ---------------------------------------------------------------- routing table
// each route: method, pattern (array of segments; ':x' param; '*rest' rest), op name
const ROUTES = [
  ['GET', '/v2/sites', 'listSites'], ['POST', '/v2/sites', 'createSite'],
  ['GET', '/v2/sites/:siteId', 'getSite'], ['PATCH', '/v2/sites/:siteId', 'updateSite'], ['DELETE', '/v2/sites/:siteId', 'deleteSite'],
  ['POST', '/v2/sites/:siteId/duplicate', 'duplicateSite'], ['GET', '/v2/sites/:siteId/pages', 'sitePages'],
  ['GET', '/v2/locales', 'listLocales'], ['POST', '/v2/locales', 'createLocale'],
  ['GET', '/v2/locales/:localeIdOrCode', 'getLocale'], ['PATCH', '/v2/locales/:localeIdOrCode', 'updateLocale'], ['DELETE', '/v2/locales/:localeIdOrCode', 'deleteLocale'],
  ['POST', '/v2/locales/:localeIdOrCode/restore', 'restoreLocale'],
  ['GET', '/v6/pages', 'listPages'], ['POST', '/v6/pages', 'createPage'],
  ['GET', '/v6/pages/*pageIdOrPathname', 'getPage'], ['PATCH', '/v6/pages/*pageIdOrPathname', 'updatePage'], ['DELETE', '/v6/pages/*pageIdOrPathname', 'deletePage'],
  ['GET', '/v2/routes', 'listRoutes'], ['POST', '/v2/routes', 'createRoute'],
  ['GET', '/v2/routes/*routeIdOrPathname', 'getRoute'], ['PATCH', '/v2/routes/*routeIdOrPathname', 'updateRoute'], ['DELETE', '/v2/routes/*routeIdOrPathname', 'deleteRoute'],
].map(([m, p, op]) => ({ method: m, segs: p.slice(1).split('/'), op }));
const COLLECTIONS = new Set(['/v2/sites/', '/v2/locales/', '/v6/pages/', '/v2/routes/']);

function matchPath(rawPath) { // returns list of {route, params}
  let path = rawPath;
  if (COLLECTIONS.has(path)) path = path.slice(0, -1); // a trailing slash is tolerated on collections only
  const segs = path.slice(1).split('/');
  const found = [];
  for (const r of ROUTES) {
    const params = {}; let ok = true;
    for (let i = 0; i < r.segs.length; i++) {
      const p = r.segs[i];
      if (p.startsWith('*')) {
        const rest = segs.slice(i);
        if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) { ok = false; break; }
        params[p.slice(1)] = rest;
        break;
      }
      if (i >= segs.length) { ok = false; break; }
      if (p.startsWith(':')) { if (segs[i] === '') { ok = false; break; } params[p.slice(1)] = segs[i]; }
      else if (p !== segs[i]) { ok = false; break; }
    }
    if (ok && !r.segs.some((p) => p.startsWith('*')) && segs.length !== r.segs.length) ok = false;
    if (ok) found.push({ route: r, params });
  }
  return found;
}
const dec = (s) => { try { return decodeURIComponent(s); } catch { return null; } };

// key-kind permissions: what each kind of key may never do (403)
const SITE_KEY_FORBIDDEN = new Set(['listSites', 'createSite', 'duplicateSite']);
const PUBLIC_KEY_ALLOWED = new Set(['listPages', 'getPage', 'sitePages']);

// ---------------------------------------------------------------- list helper
function paginate(items, { limit = 20, startingAfter }, { all, cmp }) {
  // items: current filtered+sorted list. all: every record of the collection (incl. filtered out) for cursor resume.
  let start = 0;
  if (startingAfter) {
    const idx = items.findIndex((x) => x.id === startingAfter);
    if (idx >= 0) start = idx + 1;
    else {
      const ghost = all.find((x) => x.id === startingAfter);
      if (!ghost) return { object: 'list', data: [], hasMore: false, _raw: [] };
      start = items.findIndex((x) => cmp(x, ghost) > 0);
      if (start < 0) start = items.length;
    }
  }
  const slice = items.slice(start, start + limit);
  return { object: 'list', data: slice, hasMore: start + limit < items.length };
}

// page comparator: nulls always last whatever the direction
function pageCmp(sortBy, dir, viewOf) {
  const key = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' }[sortBy];
  const sgn = dir === 'desc' ? -1 : 1;
  const str = (a, b) => { const x = a.toLowerCase(), y = b.toLowerCase(); return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0; };
  return (pa, pb) => {
    const a = viewOf(pa)[key], b = viewOf(pb)[key];
    let c = 0;
    if (a === null && b !== null) return 1;
    if (b === null && a !== null) return -1;
    if (a !== null && b !== null) c = sgn * str(a, b);
    if (c) return c;
    const va = viewOf(pa), vb = viewOf(pb);
    c = str(va.pathname, vb.pathname);
    if (c) return c;
    return pa.id < pb.id ? -1 : pa.id > pb.id ? 1 : 0;
  };
}

// ---------------------------------------------------------------- the handler
export function createHandler(st) {
  async function handle(req, res) {
    const reqId = randomUUID();
    res.setHeader('x-request-id', reqId);
    const url = req.url || '/';
    const qi = url.indexOf('?');
    const rawPath = qi < 0 ? url : url.slice(0, qi);
    const search = parseSearch(qi < 0 ? '' : url.slice(qi + 1));
    const matches = rawPath.startsWith('/') ? matchPath(rawPath) : [];
    const method = req.method === 'HEAD' ? 'GET' : req.method;

    if (req.method === 'OPTIONS' && matches.length) {
      const allow = [...new Set(matches.map((m) => m.route.method))];
      if (allow.includes('GET')) allow.push('HEAD');
      allow.push('OPTIONS');
      res.writeHead(204, { allow: allow.join(', '), 'access-control-allow-origin': '*', 'access-control-allow-methods': allow.join(', '), 'access-control-allow-headers': 'x-api-key, content-type', 'access-control-max-age': '600' });
      req.resume();
      return res.end();
    }
    const who = authenticate(st, req.headers);
    const m = matches.find((x) => x.route.method === method);
    if (!m) {
      if (matches.length) throw new ApiError(404, `${req.method} is not supported on ${rawPath.slice(0, 200)}`);
      throw new ApiError(404, 'No such endpoint');
    }
    const op = m.route.op;
    if (who.kind === 'site' && SITE_KEY_FORBIDDEN.has(op)) throw forbidden('A Site API key cannot perform this operation');
    if (who.kind === 'public' && !PUBLIC_KEY_ALLOWED.has(op)) throw forbidden('A publishable key can only read live pages');

    const hasBody = ['POST', 'PATCH'].includes(method) && op !== 'restoreLocale';
    const raw = await readBody(req);
    if (raw.hard) { res.setHeader('connection', 'close'); res.on('finish', () => req.socket.destroySoon?.()); }
    const problems = new Problems();
    const body = hasBody ? interpretBody(raw, req.headers, method, problems) : null;
    const ctx = { st, who, params: m.params, search, body, problems, method, req };
    const out = await OPS[op](ctx);
    const [status, payload] = out;
    if (status === 204) { res.writeHead(204); return res.end(); }
    send(res, status, payload, req.method === 'HEAD');
  }
  return async (req, res) => {
    try { await handle(req, res); }
    catch (e) {
      if (!(e instanceof ApiError)) { process.stderr.write(`outsider8: ${e && e.stack}\n`); e = new ApiError(400, 'The request could not be processed', [{ field: 'request', message: 'could not be processed' }]); }
      if (res.getHeader('connection') !== 'close') req.resume();
      const b = { object: 'error', code: CODES[e.status], message: e.message };
      if (e.status === 400) b.details = e.details && e.details.length ? e.details : [{ field: 'request', message: e.message }];
      if (!res.headersSent) send(res, e.status, b, req.method === 'HEAD');
    }
  };
}
function send(res, status, payload, head) {
  const text = JSON.stringify(payload, null, 2);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

// ---------------------------------------------------------------- operations
function pathIdOrName(segs, label) {
  // segs: array of raw segments; a single UUID = id; else pathname ("/" prepended when missing)
  const parts = segs.map(dec);
  if (parts.some((p) => p === null)) throw notFound(label);
  if (parts.length === 1 && isUuid(parts[0])) return { id: parts[0].toLowerCase() };
  let p = parts.join('/');
  if (!p.startsWith('/')) p = '/' + p;
  return { pathname: p.normalize('NFC') };
}
function needSiteForName(ctx, ident, siteIdQ, problems, field) {
  if (ident.id) return;
  if (!siteIdQ && ctx.who.kind === 'app' && !problems.map.has('siteId')) problems.add('siteId', `is required when a ${field} is used instead of an ID`);
}
function scopeSite(ctx, siteIdQ) {
  if (siteIdQ) return siteFor(ctx.st, ctx.who, siteIdQ);
  if (ctx.who.kind !== 'app') return siteFor(ctx.st, ctx.who, ctx.who.siteId);
  return null;
}

const OPS = {
  // ---------------- sites
  listSites(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { workspaceId: 'uuid', limit: 'limit', startingAfter: 'uuid' });
    if (!ctx.search.all.has('workspaceId')) ctx.problems.add('workspaceId', 'is required');
    ctx.problems.throwIf();
    if (q.workspaceId !== ctx.who.workspaceId) throw forbidden('This key has no access to that workspace');
    const all = [...ctx.st.sites.values()].filter((s) => s.workspaceId === q.workspaceId);
    const cmp = (a, b) => b.seq - a.seq; // newest first
    all.sort(cmp);
    const r = paginate(all, q, { all, cmp });
    return [200, { object: 'list', data: r.data.map(siteOut), hasMore: r.hasMore }];
  },
  createSite(ctx) {
    const b = ctx.body, p = ctx.problems;
    const v = {};
    if (b) {
      if (!('workspaceId' in b)) p.add('workspaceId', 'is required'); else if (!isUuid(b.workspaceId)) p.add('workspaceId', 'must be a UUID');
      if (!('name' in b)) p.add('name', 'is required'); else { const e = siteNameProblem(b.name); if (e) p.add('name', e); else v.name = b.name.trim(); }
      if ('hostOrigin' in b) { const [h, e] = parseHostOrigin(b.hostOrigin); if (e) p.add('hostOrigin', e); else v.hostOrigin = h; }
      if ('defaultLocale' in b) { const c = normLocale(b.defaultLocale); if (!c) p.add('defaultLocale', 'must be a locale code: a 2-3 letter language, optionally "-" and a 2-letter region'); else v.defaultLocale = c; }
    }
    p.throwIf();
    if (b.workspaceId.toLowerCase() !== ctx.who.workspaceId) throw forbidden('This key has no access to that workspace');
    const s = addSite(ctx.st, { workspaceId: ctx.who.workspaceId, name: v.name, hostOrigin: v.hostOrigin ?? null, defaultLocale: v.defaultLocale ?? 'en-US', mode: v.defaultLocale ? 'external' : 'internal' });
    return [201, siteOut(s)];
  },
  getSite(ctx) {
    const id = ctx.params.siteId;
    if (!isUuid(id)) ctx.problems.add('siteId', 'must be a UUID');
    ctx.problems.throwIf();
    return [200, siteOut(siteFor(ctx.st, ctx.who, id.toLowerCase()))];
  },
  updateSite(ctx) {
    const id = ctx.params.siteId, b = ctx.body, p = ctx.problems, v = {};
    if (!isUuid(id)) p.add('siteId', 'must be a UUID');
    if (b) {
      if ('name' in b) { const e = siteNameProblem(b.name); if (e) p.add('name', e); else v.name = b.name.trim(); }
      if ('hostOrigin' in b) { const [h, e] = parseHostOrigin(b.hostOrigin); if (e) p.add('hostOrigin', e); else v.hostOrigin = h; }
      if ('defaultLocale' in b) p.add('defaultLocale', 'is not accepted in this body');
      unknownFields(b, ['name', 'hostOrigin', 'defaultLocale'], p, true);
    }
    p.throwIf();
    const s = siteFor(ctx.st, ctx.who, id.toLowerCase());
    Object.assign(s, v);
    return [200, siteOut(s)];
  },
  deleteSite(ctx) {
    const id = ctx.params.siteId;
    if (!isUuid(id)) ctx.problems.add('siteId', 'must be a UUID');
    ctx.problems.throwIf();
    const s = siteFor(ctx.st, ctx.who, id.toLowerCase());
    const st = ctx.st;
    st.sites.delete(s.id); st.siteKeys.delete(s.siteKey); st.publicKeys.delete(s.publicApiKey);
    for (const [k, l] of st.locales) if (l.siteId === s.id) st.locales.delete(k);
    for (const [k, x] of st.pages) if (x.siteId === s.id) st.pages.delete(k);
    for (const [k, x] of st.routes) if (x.siteId === s.id) st.routes.delete(k);
    return [204];
  },
  duplicateSite(ctx) {
    const id = ctx.params.siteId, b = ctx.body, p = ctx.problems;
    if (!isUuid(id)) p.add('siteId', 'must be a UUID');
    let name;
    if (b) { if (!('name' in b)) p.add('name', 'is required'); else { const e = siteNameProblem(b.name); if (e) p.add('name', e); else name = b.name.trim(); } }
    p.throwIf();
    const st = ctx.st, src = siteFor(st, ctx.who, id.toLowerCase());
    const t = now();
    const copy = { ...src, id: uuidV1(), name, publicApiKey: randomUUID(), siteKey: randomUUID(), seq: ++st.seq, createdAt: t };
    st.sites.set(copy.id, copy); st.siteKeys.set(copy.siteKey, copy.id); st.publicKeys.set(copy.publicApiKey, copy.id);
    const lmap = new Map();
    for (const l of [...st.locales.values()].filter((x) => x.siteId === src.id).sort((a, b2) => a.seq - b2.seq)) {
      const n = { ...l, id: uuidV1(), siteId: copy.id, seq: ++st.seq }; // soft-deleted locales come along, still deleted
      st.locales.set(n.id, n); lmap.set(l.id, n.id);
    }
    for (const pg of [...st.pages.values()].filter((x) => x.siteId === src.id).sort((a, b2) => a.seq - b2.seq)) {
      const n = { ...pg, id: uuidV1(), siteId: copy.id, seq: ++st.seq, localizations: new Map() };
      for (const [lid, z] of pg.localizations) n.localizations.set(lmap.get(lid), { ...z, id: uuidV1() });
      st.pages.set(n.id, n);
    }
    for (const r of [...st.routes.values()].filter((x) => x.siteId === src.id).sort((a, b2) => a.seq - b2.seq)) addRoute(st, copy, r.pathname);
    return [201, siteOut(copy)];
  },
  sitePages(ctx) {
    const id = ctx.params.siteId;
    if (!isUuid(id)) ctx.problems.add('siteId', 'must be a UUID');
    return listPagesImpl(ctx, id, { sortBy: 'updatedAt', sortDirection: 'desc' });
  },

  // ---------------- locales
  listLocales(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid', limit: 'limit', startingAfter: 'uuid' });
    if (!ctx.search.all.has('siteId')) ctx.problems.add('siteId', 'is required');
    ctx.problems.throwIf();
    const s = siteFor(ctx.st, ctx.who, q.siteId);
    const all = [...ctx.st.locales.values()].filter((l) => l.siteId === s.id);
    const cmp = (a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.seq - b.seq);
    all.sort(cmp);
    const r = paginate(all.filter((l) => !l.deleted), q, { all, cmp });
    return [200, { object: 'list', data: r.data.map(localeOut), hasMore: r.hasMore }];
  },
  createLocale(ctx) {
    const b = ctx.body, p = ctx.problems, v = {};
    if (b) {
      if (!('siteId' in b)) p.add('siteId', 'is required'); else if (!isUuid(b.siteId)) p.add('siteId', 'must be a UUID');
      if (!('locale' in b)) p.add('locale', 'is required'); else { v.code = normLocale(b.locale); if (!v.code) p.add('locale', 'must be a locale code: a 2-3 letter language, optionally "-" and a 2-letter region'); }
      if ('domain' in b && b.domain !== null) { const [d, e] = parseDomain(b.domain); if (e) p.add('domain', e); else v.domain = d; }
      else if ('domain' in b) p.add('domain', 'must be a string');
    }
    p.throwIf();
    const st = ctx.st, s = siteFor(st, ctx.who, b.siteId.toLowerCase());
    const same = [...st.locales.values()].filter((l) => l.siteId === s.id && l.code === v.code);
    if (same.some((l) => !l.deleted)) throw conflict(`Locale ${v.code} already exists in this site`);
    if (same.length) throw conflict(`Locale ${v.code} was deleted from this site; restore it instead`);
    return [201, localeOut(addLocale(st, s, v.code, v.domain ?? null))];
  },
  getLocale(ctx) { const l = findLocale(ctx, false); ctx.problems.throwIf(); return [200, localeOut(l())]; },
  updateLocale(ctx) {
    const b = ctx.body, p = ctx.problems, v = {};
    const find = findLocale(ctx, false);
    if (b) {
      if ('locale' in b) { v.code = normLocale(b.locale); if (!v.code) p.add('locale', 'must be a locale code: a 2-3 letter language, optionally "-" and a 2-letter region'); }
      if ('domain' in b) { if (b.domain === null) v.domain = null; else { const [d, e] = parseDomain(b.domain); if (e) p.add('domain', e); else v.domain = d; } }
      unknownFields(b, ['locale', 'domain'], p, true);
    }
    p.throwIf();
    const l = find(), st = ctx.st;
    if (v.code && v.code !== l.code) {
      const same = [...st.locales.values()].filter((x) => x.siteId === l.siteId && x.code === v.code);
      if (same.some((x) => !x.deleted)) throw conflict(`Locale ${v.code} already exists in this site`);
      if (same.length) throw conflict(`Locale ${v.code} was deleted from this site; restore it instead`);
      l.code = v.code;
      if (l.isDefault) st.sites.get(l.siteId).defaultLocale = v.code;
    }
    if ('domain' in v) l.domain = v.domain;
    return [200, localeOut(l)];
  },
  deleteLocale(ctx) {
    const find = findLocale(ctx, false); ctx.problems.throwIf();
    const l = find();
    if (l.isDefault) throw new ApiError(400, 'The default locale of a site cannot be deleted', [{ field: 'localeIdOrCode', message: 'is the default locale of its site, which cannot be deleted' }]);
    l.deleted = true; l.deletedSeq = ++ctx.st.seq;
    return [204];
  },
  restoreLocale(ctx) {
    const find = findLocale(ctx, true); ctx.problems.throwIf();
    const l = find();
    if (!l.deleted) throw conflict('The locale is not deleted');
    if (localeByCode(ctx.st, l.siteId, l.code)) throw conflict(`Locale ${l.code} is active again in this site`);
    l.deleted = false; l.deletedSeq = 0;
    return [200, localeOut(l)];
  },

  // ---------------- pages
  listPages(ctx) {
    if (!ctx.search.all.has('siteId')) ctx.problems.add('siteId', 'is required');
    return listPagesImpl(ctx, null, { sortBy: 'path', sortDirection: 'asc' });
  },
  createPage(ctx) {
    const b = ctx.body, p = ctx.problems, v = {};
    if (b) {
      if (!('siteId' in b)) p.add('siteId', 'is required'); else if (!isUuid(b.siteId)) p.add('siteId', 'must be a UUID');
      if (!('pathname' in b)) p.add('pathname', 'is required'); else { const e = pagePathProblem(typeof b.pathname === 'string' ? b.pathname.normalize('NFC') : b.pathname); if (e) p.add('pathname', e); else v.pathname = b.pathname.normalize('NFC'); }
      if (!('name' in b)) p.add('name', 'is required'); else { const e = pageNameProblem(b.name); if (e) p.add('name', e); }
    }
    p.throwIf();
    const st = ctx.st, s = siteFor(st, ctx.who, b.siteId.toLowerCase());
    clash(st, s.id, v.pathname, null, null);
    const pg = addPage(st, s, { pathname: v.pathname, name: b.name });
    return [201, pageView(st, pg, null)];
  },
  getPage(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid', versionRef: ['ref:live', 'ref:draft'], locale: 'string' });
    const ident = pathIdOrName(ctx.params.pageIdOrPathname, 'Page');
    needSiteForName(ctx, ident, q.siteId, ctx.problems, 'pathname');
    ctx.problems.throwIf();
    const st = ctx.st;
    const version = q.versionRef ?? (ctx.who.kind === 'public' ? 'ref:live' : 'ref:draft');
    if (ctx.who.kind === 'public' && version !== 'ref:live') throw forbidden('A publishable key can only read live pages');
    const pg = findPage(ctx, ident, q.siteId);
    const loc = resolveLocaleParam(st, pg.siteId, q.locale);
    if (version === 'ref:live' && !pg.isOnline) throw notFound('Page');
    return [200, pageView(st, pg, loc)];
  },
  updatePage(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid' });
    const ident = pathIdOrName(ctx.params.pageIdOrPathname, 'Page');
    needSiteForName(ctx, ident, q.siteId, ctx.problems, 'pathname');
    const b = ctx.body, p = ctx.problems, v = {};
    if (b) {
      if ('pathname' in b) { const n = typeof b.pathname === 'string' ? b.pathname.normalize('NFC') : b.pathname; const e = b.pathname === null ? 'Missing pathname field.' : pagePathProblem(n); if (e) p.add('pathname', e); else v.pathname = n; }
      if ('name' in b) { const e = pageNameProblem(b.name); if (e) p.add('name', e); else v.name = b.name; }
      if ('isOnline' in b) { if (typeof b.isOnline !== 'boolean') p.add('isOnline', 'must be a boolean'); else v.isOnline = b.isOnline; }
      unknownFields(b, ['pathname', 'name', 'isOnline'], p, true);
    }
    p.throwIf();
    const st = ctx.st, pg = findPage(ctx, ident, q.siteId);
    if (v.pathname !== undefined && v.pathname !== pg.pathname) clash(st, pg.siteId, v.pathname, pg.id, null);
    if (v.pathname !== undefined) pg.pathname = v.pathname;
    if (v.name !== undefined) pg.name = v.name;
    if (v.isOnline === true && !pg.isOnline) pg.publishedAt = now();
    if (v.isOnline !== undefined) pg.isOnline = v.isOnline;
    pg.updatedAt = now(); // every accepted PATCH is an update, even one that changes nothing
    return [200, pageView(st, pg, null)];
  },
  deletePage(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid' });
    const ident = pathIdOrName(ctx.params.pageIdOrPathname, 'Page');
    needSiteForName(ctx, ident, q.siteId, ctx.problems, 'pathname');
    ctx.problems.throwIf();
    const pg = findPage(ctx, ident, q.siteId);
    ctx.st.pages.delete(pg.id);
    return [204];
  },

  // ---------------- routes
  listRoutes(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid', limit: 'limit', startingAfter: 'uuid' });
    if (!ctx.search.all.has('siteId')) ctx.problems.add('siteId', 'is required');
    ctx.problems.throwIf();
    const s = siteFor(ctx.st, ctx.who, q.siteId);
    const cmp = (a, b) => { const x = a.pathname.toLowerCase(), y = b.pathname.toLowerCase(); return x < y ? -1 : x > y ? 1 : a.seq - b.seq; };
    const all = [...ctx.st.routes.values()].filter((r) => r.siteId === s.id).sort(cmp);
    const r = paginate(all, q, { all, cmp });
    return [200, { object: 'list', data: r.data.map(routeOut), hasMore: r.hasMore }];
  },
  createRoute(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { skipValidation: 'bool' });
    const b = ctx.body, p = ctx.problems; let path;
    if (b) {
      if (!('siteId' in b)) p.add('siteId', 'is required'); else if (!isUuid(b.siteId)) p.add('siteId', 'must be a UUID');
      if (!('pathname' in b)) p.add('pathname', 'is required'); else { const e = routePathProblem(b.pathname, q.skipValidation); if (e) p.add('pathname', e); else path = b.pathname.startsWith('/') ? b.pathname : '/' + b.pathname; }
    }
    p.throwIf();
    const st = ctx.st, s = siteFor(st, ctx.who, b.siteId.toLowerCase());
    clash(st, s.id, path, null, null);
    return [201, routeOut(addRoute(st, s, path))];
  },
  getRoute(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid' });
    const ident = pathIdOrName(ctx.params.routeIdOrPathname, 'Route');
    needSiteForName(ctx, ident, q.siteId, ctx.problems, 'pathname');
    ctx.problems.throwIf();
    return [200, routeOut(findRoute(ctx, ident, q.siteId))];
  },
  updateRoute(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid', skipValidation: 'bool' });
    const ident = pathIdOrName(ctx.params.routeIdOrPathname, 'Route');
    needSiteForName(ctx, ident, q.siteId, ctx.problems, 'pathname');
    const b = ctx.body, p = ctx.problems; let path;
    if (b) {
      if ('pathname' in b) { const e = routePathProblem(b.pathname, q.skipValidation); if (e) p.add('pathname', e); else path = b.pathname.startsWith('/') ? b.pathname : '/' + b.pathname; }
      unknownFields(b, ['pathname'], p, true);
    }
    p.throwIf();
    const r = findRoute(ctx, ident, q.siteId);
    if (path !== undefined && path !== r.pathname) { clash(ctx.st, r.siteId, path, null, r.id); r.pathname = path; }
    return [200, routeOut(r)];
  },
  deleteRoute(ctx) {
    const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid' });
    const ident = pathIdOrName(ctx.params.routeIdOrPathname, 'Route');
    needSiteForName(ctx, ident, q.siteId, ctx.problems, 'pathname');
    ctx.problems.throwIf();
    const r = findRoute(ctx, ident, q.siteId);
    ctx.st.routes.delete(r.id);
    return [204];
  },
};

// ---------------------------------------------------------------- shared lookups
function findLocale(ctx, includeDeleted) { // validates now, returns a resolver to call after problems.throwIf()
  const q = readQuery(ctx.search, ctx.problems, { siteId: 'uuid' });
  const raw = dec(ctx.params.localeIdOrCode);
  let id = null, code = null;
  if (raw === null) ctx.problems.add('localeIdOrCode', 'has malformed percent-encoding');
  else if (isUuid(raw)) id = raw.toLowerCase();
  else { code = normLocale(raw); if (!code) ctx.problems.add('localeIdOrCode', 'is neither a locale ID nor a locale code'); }
  if (code && !q.siteId && ctx.who.kind === 'app' && !ctx.problems.map.has('siteId')) ctx.problems.add('siteId', 'is required when a locale code is used instead of an ID');
  return () => {
    const st = ctx.st;
    const scope = scopeSite(ctx, q.siteId);
    if (id) {
      const l = st.locales.get(id);
      if (!l || (q.siteId && l.siteId !== scope.id) || (l.deleted && !includeDeleted)) throw notFound('Locale');
      if (!st.sites.get(l.siteId)) throw notFound('Locale');
    if (!sees(ctx.who, st.sites.get(l.siteId))) throw forbidden('This API key has no permission for this resource');
      return l;
    }
    const cands = [...st.locales.values()].filter((l) => l.siteId === scope.id && l.code === code);
    const active = cands.find((l) => !l.deleted);
    if (active) return active;
    if (includeDeleted && cands.length) return cands.sort((a, b) => b.deletedSeq - a.deletedSeq)[0];
    throw notFound('Locale');
  };
}
function findPage(ctx, ident, siteIdQ) {
  const st = ctx.st, scope = scopeSite(ctx, siteIdQ);
  if (ident.id) {
    const pg = st.pages.get(ident.id);
    if (!pg || (siteIdQ && pg.siteId !== scope.id)) throw notFound('Page');
    if (!st.sites.get(pg.siteId)) throw notFound('Page');
    if (!sees(ctx.who, st.sites.get(pg.siteId))) throw forbidden('This API key has no permission for this resource');
    return pg;
  }
  const pg = [...st.pages.values()].find((x) => x.siteId === scope.id && x.pathname === ident.pathname);
  if (!pg) throw notFound('Page');
  return pg;
}
function findRoute(ctx, ident, siteIdQ) {
  const st = ctx.st, scope = scopeSite(ctx, siteIdQ);
  if (ident.id) {
    const r = st.routes.get(ident.id);
    if (!r || (siteIdQ && r.siteId !== scope.id)) throw notFound('Route');
    if (!st.sites.get(r.siteId)) throw notFound('Route');
    if (!sees(ctx.who, st.sites.get(r.siteId))) throw forbidden('This API key has no permission for this resource');
    return r;
  }
  const r = [...st.routes.values()].find((x) => x.siteId === scope.id && x.pathname === ident.pathname);
  if (!r) throw notFound('Route');
  return r;
}
function clash(st, siteId, pathname, pageId, routeId) {
  for (const p of st.pages.values()) if (p.siteId === siteId && p.id !== pageId && p.pathname === pathname) throw conflict(`A page with pathname ${pathname} already exists`);
  for (const r of st.routes.values()) if (r.siteId === siteId && r.id !== routeId && r.pathname === pathname) throw conflict(`A route with pathname ${pathname} already exists`);
}
function resolveLocaleParam(st, siteId, raw) {
  if (raw === undefined || raw === '') return null;
  let l;
  if (isUuid(raw)) { l = st.locales.get(raw.toLowerCase()); if (l && (l.siteId !== siteId || l.deleted)) l = null; }
  else { const c = normLocale(raw); if (!c) throw new ApiError(400, 'locale is not a locale code', [{ field: 'locale', message: 'is not a locale code' }]); l = localeByCode(st, siteId, c); }
  if (!l) throw new ApiError(400, 'locale is not an active locale of this site', [{ field: 'locale', message: 'is not an active locale of this site' }]);
  return l;
}
function listPagesImpl(ctx, pathSiteId, defaults) {
  const q = readQuery(ctx.search, ctx.problems, {
    ...(pathSiteId === null ? { siteId: 'uuid' } : {}), limit: 'limit', startingAfter: 'uuid', pathPrefix: 'string',
    sortBy: ['title', 'path', 'description', 'updatedAt', 'createdAt'], sortDirection: ['asc', 'desc'], includeOffline: 'bool', locale: 'string', versionRef: ['ref:live', 'ref:draft'],
  });
  ctx.problems.throwIf();
  const st = ctx.st;
  const s = siteFor(st, ctx.who, (pathSiteId ?? q.siteId).toLowerCase());
  const version = q.versionRef ?? (ctx.who.kind === 'public' ? 'ref:live' : 'ref:draft');
  if (ctx.who.kind === 'public' && version !== 'ref:live') throw forbidden('A publishable key can only read live pages');
  const loc = resolveLocaleParam(st, s.id, q.locale);
  const prefix = q.pathPrefix === undefined || q.pathPrefix === '' ? '/' : q.pathPrefix;
  const views = new Map();
  const viewOf = (p) => { if (!views.has(p.id)) views.set(p.id, pageView(st, p, loc)); return views.get(p.id); };
  const all = [...st.pages.values()].filter((p) => p.siteId === s.id);
  const cmp = pageCmp(q.sortBy ?? defaults.sortBy, q.sortDirection ?? defaults.sortDirection, viewOf);
  all.sort(cmp);
  const shown = all.filter((p) => {
    if (version === 'ref:live' && !p.isOnline) return false;
    if (version === 'ref:draft' && !q.includeOffline && !p.isOnline) return false;
    if (loc && !loc.isDefault && !p.localizations.has(loc.id)) return false;
    return viewOf(p).pathname.startsWith(prefix);
  });
  const r = paginate(shown, q, { all, cmp });
  return [200, { object: 'list', data: r.data.map(viewOf), hasMore: r.hasMore }];
}

// ---------------------------------------------------------------- server
export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const st = createState();
  const keys = seed(st);
  const server = createServer({ maxHeaderSize: 16384 }, createHandler(st));
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const b = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request', details: [{ field: 'request', message: 'is not valid HTTP' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(b)}\r\nconnection: close\r\n\r\n${b}`);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${server.address().port}`;
  return {
    url, ...keys, server,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) || 0 : 0;
  const s = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop); process.on('SIGINT', stop);
}
