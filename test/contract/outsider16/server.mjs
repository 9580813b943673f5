// outsider16 — an independent, in-memory deployment of the Site-Building Service REST API,
// written from the specification and the published OpenAPI only. Built the way a legacy LAMP
// service ported to Node would be: a front controller, a MySQL-like store (store.mjs), PHP-like
// request reading. Every free choice is listed in CHOICES.md.
//   node server.mjs --port 0      -> prints ONE JSON line on stdout once listening
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createDb, uuid1, coll, collEq, collCompare, nowSeconds, renderTime } from './store.mjs';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v) => typeof v === 'string' && UUID_RE.test(v);
const LOCALE_RE = /^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/;
const MAX_BODY = 8 * 1024 * 1024; // post_max_size = 8M
const VARCHAR = 191; // utf8mb4 index prefix limit
const FREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

// ---------------------------------------------------------------- errors
class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
const words = (f) => f.replace(/([A-Z])/g, ' $1').toLowerCase();
function bad(details) {
  const more = details.length - 1;
  const msg = details[0].message + (more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : '');
  return new ApiError(400, 'bad_request', msg, details);
}
const bad1 = (field, message) => bad([{ field, message }]);
const notFound = (what) => new ApiError(404, 'not_found', `${what} not found.`);
const forbidden = (msg = 'This API key does not have permission for this resource.') => new ApiError(403, 'forbidden', msg);
function tooLarge() {
  const e = bad1('body', 'The request body exceeds the 8M limit (post_max_size).');
  e.closeConnection = true;
  return e;
}
const conflict = (msg) => new ApiError(409, 'conflict', msg);

class Checker {
  constructor() {
    this.details = [];
  }
  add(field, message) {
    if (!this.details.some((d) => d.field === field)) this.details.push({ field, message });
  }
  has(field) {
    return this.details.some((d) => d.field === field);
  }
  done() {
    if (this.details.length) throw bad(this.details);
  }
}

// ---------------------------------------------------------------- PHP-like JSON output
// json_encode() defaults: "/" escaped as "\/", non-ASCII as \uXXXX.
function phpJson(v) {
  return JSON.stringify(v)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

// ---------------------------------------------------------------- query reading (parse_str-like)
function lenientDecode(s) {
  const bytes = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '+') bytes.push(0x20);
    else if (c === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const cp = s.codePointAt(i);
      const ch = String.fromCodePoint(cp);
      if (ch.length === 2) i++;
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
function parseQuery(qs) {
  const out = Object.create(null);
  if (!qs) return out;
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    let name = lenientDecode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : lenientDecode(part.slice(eq + 1));
    const br = name.indexOf('[');
    if (br > 0 && name.endsWith(']')) {
      name = name.slice(0, br);
      out[name] = { array: true };
      continue;
    }
    out[name] = value; // a repeated parameter: the LAST one wins
  }
  return out;
}
/** A documented query value: undefined when absent or empty; a string otherwise; 400 for arrays. */
function qv(q, name, chk) {
  const v = q[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') {
    chk.add(name, `The ${words(name)} must be a string.`);
    return undefined;
  }
  return v === '' ? undefined : v;
}
const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;
function readLimit(q, chk, strictRange) {
  const raw = qv(q, 'limit', chk);
  if (raw === undefined) return 20;
  if (!NUMERIC.test(raw) || !Number.isFinite(Number(raw))) {
    chk.add('limit', 'The limit must be a number.');
    return 20;
  }
  const n = Math.trunc(Number(raw));
  if (strictRange) {
    if (n < 1 || n > 100) chk.add('limit', 'The limit must be between 1 and 100.');
    return n;
  }
  if (n < 1) chk.add('limit', 'The limit must be at least 1.');
  return Math.min(n, 100);
}
function readUuidQuery(q, name, chk, required, requiredMsg) {
  const v = qv(q, name, chk);
  if (v === undefined) {
    if (required && !chk.has(name)) chk.add(name, requiredMsg || `The ${words(name)} field is required.`);
    return undefined;
  }
  if (!isUuid(v)) {
    chk.add(name, `The ${words(name)} must be a valid UUID.`);
    return undefined;
  }
  return v.toLowerCase();
}
function readEnum(q, name, values, chk) {
  const v = qv(q, name, chk);
  if (v === undefined) return undefined;
  if (!values.includes(v)) {
    chk.add(name, `The selected ${words(name)} is invalid; allowed: ${values.join(', ')}.`);
    return undefined;
  }
  return v;
}

// ---------------------------------------------------------------- body reading (php://input + json_decode)
const utf8 = new TextDecoder('utf-8', { fatal: true });
function depthOf(v, d = 1) {
  if (v === null || typeof v !== 'object') return d;
  let m = d;
  for (const x of Object.values(v)) {
    m = Math.max(m, depthOf(x, d + 1));
    if (m > 512) return m;
  }
  return m;
}
function parseBody(buf) {
  let text;
  try {
    text = utf8.decode(buf);
  } catch {
    throw bad1('body', 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '') return {};
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    throw bad1('body', 'The request body is not valid JSON.');
  }
  if (v === null) return {};
  if (Array.isArray(v)) {
    if (v.length === 0) return {}; // json_decode(..., true): [] and {} are the same empty array
    throw bad1('body', 'The request body must be a JSON object.');
  }
  if (typeof v !== 'object') throw bad1('body', 'The request body must be a JSON object.');
  if (depthOf(v) > 512) throw bad1('body', 'The request body is nested too deeply.');
  return v;
}
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

// ---------------------------------------------------------------- field validators
function bodyString(body, field, chk, { required = false, trim = true, min = 1, max = VARCHAR, requiredMsg } = {}) {
  if (!has(body, field) || body[field] === undefined) {
    if (required) chk.add(field, requiredMsg || `The ${words(field)} field is required.`);
    return undefined;
  }
  let v = body[field];
  if (typeof v !== 'string') {
    chk.add(field, v === null && required ? requiredMsg || `The ${words(field)} field is required.` : `The ${words(field)} must be a string.`);
    return undefined;
  }
  if (trim) v = v.trim();
  const len = [...v].length;
  if (len < min) {
    chk.add(field, required ? requiredMsg || `The ${words(field)} field is required.` : `The ${words(field)} must be at least ${min} character${min > 1 ? 's' : ''}.`);
    return undefined;
  }
  if (len > max) {
    chk.add(field, `The ${words(field)} may not be greater than ${max} characters.`);
    return undefined;
  }
  return v;
}
function checkLocaleCode(v, field, chk) {
  if (v === undefined) return undefined;
  if (!LOCALE_RE.test(v)) {
    chk.add(field, `The ${words(field)} must be a language code with an optional region, such as "en" or "en-US".`);
    return undefined;
  }
  return v;
}
/** An absolute http(s) URI of printable ASCII. */
function checkUri(v, field, chk, { max, query }) {
  if (v === undefined || v === null) return v;
  if (v.length > max) return void chk.add(field, `The ${words(field)} may not be greater than ${max} characters.`);
  let u = null;
  if (/^[\x21-\x7e]+$/.test(v) && /^https?:\/\/[^/]/i.test(v)) {
    try {
      u = new URL(v);
    } catch {
      u = null;
    }
  }
  if (!u || !u.hostname) return void chk.add(field, `The ${words(field)} must be a valid URL that includes the protocol (http or https).`);
  if (u.username || u.password) return void chk.add(field, `The ${words(field)} may not contain credentials.`);
  if (v.includes('#')) return void chk.add(field, `The ${words(field)} may not contain a fragment.`);
  if (!query && v.includes('?')) return void chk.add(field, `The ${words(field)} may not contain a query string.`);
  return v;
}
const SEG_PAGE = /^[\p{L}\p{N}\p{M}._~-]+$/u;
function checkPagePathname(v, field, chk) {
  if (v === undefined) return undefined;
  if (!v.startsWith('/')) return void chk.add(field, `The ${words(field)} must begin with "/".`);
  let p = v.length > 1 ? v.replace(/\/+$/, '') : v;
  if (p === '') p = '/';
  if ([...p].length > VARCHAR) return void chk.add(field, `The ${words(field)} may not be greater than ${VARCHAR} characters.`);
  if (p === '/') return p;
  const segs = p.slice(1).split('/');
  for (const s of segs) {
    if (s === '') return void chk.add(field, `The ${words(field)} may not contain empty segments ("//").`);
    if (s === '.' || s === '..') return void chk.add(field, `The ${words(field)} may not contain "." or ".." segments.`);
    if (!SEG_PAGE.test(s)) return void chk.add(field, `The ${words(field)} may only contain letters, digits, "-", "_", ".", "~" and "/".`);
  }
  return p;
}
const SEG_ROUTE_LIT = /^[\p{L}\p{N}\p{M}._~-]+$/u;
const SEG_ROUTE_PARAM = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;
const SEG_ROUTE_OPT = /^\{[A-Za-z_][A-Za-z0-9_]*\?\}$/;
function checkRoutePathname(v, field, chk, skip) {
  if (v === undefined) return undefined;
  if (!v.startsWith('/')) return void chk.add(field, `The ${words(field)} must begin with "/".`);
  if ([...v].length > VARCHAR) return void chk.add(field, `The ${words(field)} may not be greater than ${VARCHAR} characters.`);
  if (/[\s\p{Cc}]/u.test(v)) return void chk.add(field, `The ${words(field)} may not contain whitespace or control characters.`);
  if (skip || v === '/') return v;
  const segs = v.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s === '') return void chk.add(field, `The ${words(field)} may not contain empty segments or end with "/".`);
    if (s === '.' || s === '..') return void chk.add(field, `The ${words(field)} may not contain "." or ".." segments.`);
    if (SEG_ROUTE_LIT.test(s) || SEG_ROUTE_PARAM.test(s)) continue;
    if (SEG_ROUTE_OPT.test(s) && i === segs.length - 1) continue;
    return void chk.add(field, `The ${words(field)} segment "${s}" is neither a literal nor a {parameter}.`);
  }
  return v;
}

// ---------------------------------------------------------------- the application
export function createApp() {
  const db = createDb();

  // ---------- views
  const siteDefaultLocale = (site) => db.locales.find(site.defaultLocaleId);
  function siteView(s) {
    return {
      object: 'site',
      id: s.id,
      name: s.name,
      hostOrigin: s.hostOrigin,
      publicApiKey: s.publicApiKey,
      defaultLocale: siteDefaultLocale(s).code,
      localeManagementMode: s.localeManagementMode,
    };
  }
  const localeView = (l, site) => ({ object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: site.defaultLocaleId === l.id });
  const routeView = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });
  const liveLocalizations = (page) =>
    db.localizations
      .where((z) => z.pageId === page.id && !z.deleted)
      .map((z) => ({ z, l: db.locales.find(z.localeId) }))
      .filter(({ l }) => l && !l.deleted);
  /** The shown form of a page: in the site's default locale, or collapsed into `locale` (a locale row). */
  function shown(page, site, locale) {
    const def = siteDefaultLocale(site);
    let z = null;
    if (locale && locale.id !== def.id) z = db.localizations.rows.find((x) => x.pageId === page.id && x.localeId === locale.id && !x.deleted) || null;
    return {
      page,
      z,
      pathname: z ? z.pathname : page.pathname,
      title: z && z.title !== null ? z.title : page.title,
      description: z && z.description !== null ? z.description : page.description,
      locale: z ? locale.code : def.code,
    };
  }
  function pageView(sh, site) {
    const p = sh.page;
    const def = siteDefaultLocale(site);
    const locs = liveLocalizations(p)
      .filter(({ l }) => l.id !== def.id)
      .sort((a, b) => collCompare(a.l.code, b.l.code) || a.l.pk - b.l.pk)
      .map(({ z, l }) => ({ id: z.id, locale: l.code, pathname: z.pathname }));
    return {
      object: 'page',
      id: p.id,
      pathname: sh.pathname,
      canonicalUrl: p.canonicalUrl,
      title: sh.title,
      description: sh.description,
      socialImageUrl: p.socialImageUrl,
      sitemapPriority: p.sitemapPriority,
      sitemapFrequency: p.sitemapFrequency,
      createdAt: renderTime(p.createdAt),
      updatedAt: renderTime(p.updatedAt),
      publishedAt: renderTime(p.publishedAt),
      isOnline: p.isOnline,
      excludedFromSearchEngines: p.excludedFromSearchEngines,
      locale: sh.locale,
      localizations: locs,
    };
  }

  // ---------- keys and permissions
  const PERMS = {
    site: new Set(['site:read', 'site:duplicate', 'locale:read', 'page:read', 'page:write', 'route:read', 'route:write']),
    public: new Set(['site:read', 'locale:read', 'page:read']),
  };
  function authenticate(key) {
    if (typeof key !== 'string' || key.trim() === '') return null;
    for (const k of db.appKeys.rows) if (!k.deleted && collEq(k.key, key)) return { kind: 'app', workspaceId: k.workspaceId };
    for (const s of db.sites.rows) {
      if (s.deleted) continue;
      if (collEq(s.siteApiKey, key)) return { kind: 'site', siteId: s.id };
      if (collEq(s.publicApiKey, key)) return { kind: 'public', siteId: s.id };
    }
    return null;
  }
  function reach(auth, site, perm) {
    if (auth.kind === 'app') {
      if (site.workspaceId !== auth.workspaceId) throw forbidden('This API key cannot access this site.');
      return;
    }
    if (site.id !== auth.siteId) throw forbidden('This API key cannot access this site.');
    if (!PERMS[auth.kind].has(perm)) throw forbidden(`A ${auth.kind === 'site' ? 'Site' : 'publishable'} API key may not perform this action.`);
  }
  const liveSite = (id) => {
    const s = db.sites.find(id);
    return s && !s.deleted ? s : null;
  };
  /** The `siteId` path parameter: anything that is not a live site's id is 404. */
  function pathSite(auth, raw, perm) {
    const s = isUuid(raw) ? liveSite(raw) : null;
    if (!s) throw notFound('Site');
    reach(auth, s, perm);
    return s;
  }
  /** `siteId` required with a code / pathname. */
  function querySite(auth, q, perm, what) {
    const chk = new Checker();
    const id = readUuidQuery(q, 'siteId', chk, true, `The site id field is required when a ${what} is used instead of an ID.`);
    chk.done();
    const s = liveSite(id);
    if (!s) throw notFound('Site');
    reach(auth, s, perm);
    return s;
  }
  function idSiteCheck(q) {
    // with an ID the siteId query is only checked for its form
    const chk = new Checker();
    readUuidQuery(q, 'siteId', chk, false);
    chk.done();
  }

  // ---------- lookups
  function resolveLocale(auth, raw, q, perm, includeDeleted) {
    if (isUuid(raw)) {
      idSiteCheck(q);
      const l = db.locales.find(raw);
      const s = l ? liveSite(l.siteId) : null;
      if (!l || !s || (l.deleted && !includeDeleted)) throw notFound('Locale');
      reach(auth, s, perm);
      return { l, s };
    }
    const s = querySite(auth, q, perm, 'locale code');
    const l = db.locales.rows.find((x) => x.siteId === s.id && collEq(x.code, raw));
    if (!l || (l.deleted && !includeDeleted)) throw notFound('Locale');
    return { l, s };
  }
  function resolvePage(auth, raw, q, perm) {
    if (isUuid(raw.slice(1)) && !raw.slice(1).includes('/')) {
      idSiteCheck(q);
      const p = db.pages.find(raw.slice(1));
      const s = p ? liveSite(p.siteId) : null;
      if (!p || p.deleted || !s) throw notFound('Page');
      reach(auth, s, perm);
      return { p, s };
    }
    const s = querySite(auth, q, perm, 'pathname');
    const p = db.pages.rows.find((x) => x.siteId === s.id && !x.deleted && collEq(x.pathname, raw));
    if (!p) throw notFound('Page');
    return { p, s };
  }
  function resolveRoute(auth, raw, q, perm) {
    if (isUuid(raw.slice(1)) && !raw.slice(1).includes('/')) {
      idSiteCheck(q);
      const r = db.routes.find(raw.slice(1));
      const s = r ? liveSite(r.siteId) : null;
      if (!r || r.deleted || !s) throw notFound('Route');
      reach(auth, s, perm);
      return { r, s };
    }
    const s = querySite(auth, q, perm, 'pathname');
    const r = db.routes.rows.find((x) => x.siteId === s.id && !x.deleted && collEq(x.pathname, raw));
    if (!r) throw notFound('Route');
    return { r, s };
  }
  const pathTaken = (siteId, pathname, except) =>
    db.pages.rows.some((x) => x.siteId === siteId && !x.deleted && x !== except && collEq(x.pathname, pathname)) ||
    db.routes.rows.some((x) => x.siteId === siteId && !x.deleted && x !== except && collEq(x.pathname, pathname));
  /** Locale domains are UNIQUE per workspace (soft-deleted locales keep theirs). */
  function domainTaken(workspaceId, domain, except) {
    if (domain === null || domain === undefined) return false;
    return db.locales.rows.some((l) => {
      if (l === except || l.domain === null) return false;
      const s = liveSite(l.siteId);
      return s && s.workspaceId === workspaceId && collEq(l.domain, domain);
    });
  }

  // ---------- list helper
  function page(items, limit) {
    return { object: 'list', data: items.slice(0, limit), hasMore: items.length > limit };
  }

  // ---------- creation helpers
  function insertSite({ workspaceId, name, hostOrigin, defaultLocale, localeManagementMode = 'internal' }) {
    const site = db.sites.insert({
      workspaceId,
      name,
      hostOrigin: hostOrigin ?? null,
      publicApiKey: uuid1(),
      siteApiKey: uuid1(),
      localeManagementMode,
      defaultLocaleId: null,
    });
    const l = db.locales.insert({ siteId: site.id, code: defaultLocale, domain: null });
    site.defaultLocaleId = l.id;
    return site;
  }
  function insertPage(site, { pathname, name, isOnline = true, title, description = null, at = nowSeconds() }) {
    return db.pages.insert({
      siteId: site.id,
      pathname,
      name,
      title: title === undefined ? name : title,
      description,
      canonicalUrl: null,
      socialImageUrl: null,
      sitemapPriority: 0.5,
      sitemapFrequency: 'always',
      excludedFromSearchEngines: false,
      isOnline,
      createdAt: at,
      updatedAt: at,
      publishedAt: isOnline ? at : null,
    });
  }

  // ======================================================== handlers
  const H = {};

  // ---------------- sites
  H.createSite = ({ auth, body }) => {
    if (auth.kind !== 'app') throw forbidden('Only an App API key may create sites.');
    const chk = new Checker();
    let ws;
    if (!has(body, 'workspaceId') || body.workspaceId === null) chk.add('workspaceId', 'The workspace id field is required.');
    else if (!isUuid(body.workspaceId)) chk.add('workspaceId', 'The workspace id must be a valid UUID.');
    else ws = body.workspaceId.toLowerCase();
    const name = bodyString(body, 'name', chk, { required: true });
    let hostOrigin = bodyString(body, 'hostOrigin', chk, { max: 2083 });
    hostOrigin = checkUri(hostOrigin, 'hostOrigin', chk, { max: 2083, query: true });
    let defaultLocale = bodyString(body, 'defaultLocale', chk, { max: 16 });
    defaultLocale = checkLocaleCode(defaultLocale, 'defaultLocale', chk);
    chk.done();
    if (ws !== auth.workspaceId) throw forbidden('This API key cannot create sites in this workspace.');
    if (hostOrigin && !hostOrigin.includes('?')) hostOrigin = hostOrigin.replace(/\/+$/, '');
    const site = insertSite({ workspaceId: ws, name, hostOrigin, defaultLocale: defaultLocale ?? 'en-US' });
    return [201, siteView(site), { location: `/v2/sites/${site.id}` }];
  };
  H.listSites = ({ auth, q }) => {
    if (auth.kind !== 'app') throw forbidden('Only an App API key may list sites.');
    const chk = new Checker();
    const ws = readUuidQuery(q, 'workspaceId', chk, true);
    const limit = readLimit(q, chk, false);
    const after = readUuidQuery(q, 'startingAfter', chk, false);
    chk.done();
    if (ws !== auth.workspaceId) throw forbidden('This API key cannot list the sites of this workspace.');
    let rows = db.sites.where((s) => s.workspaceId === ws && !s.deleted);
    if (after) {
      const c = db.sites.find(after);
      rows = c ? rows.filter((s) => s.pk > c.pk) : [];
    }
    return [200, page(rows.map(siteView), limit)];
  };
  H.getSite = ({ auth, params }) => [200, siteView(pathSite(auth, params.siteId, 'site:read'))];
  H.updateSite = ({ auth, params, body }) => {
    const site = pathSite(auth, params.siteId, 'site:write');
    const chk = new Checker();
    const name = bodyString(body, 'name', chk);
    let hostOrigin = bodyString(body, 'hostOrigin', chk, { max: 2083 });
    hostOrigin = checkUri(hostOrigin, 'hostOrigin', chk, { max: 2083, query: true });
    if (has(body, 'defaultLocale')) chk.add('defaultLocale', 'The default locale field is not accepted in this body.');
    chk.done();
    if (name !== undefined) site.name = name;
    if (hostOrigin !== undefined) site.hostOrigin = hostOrigin.includes('?') ? hostOrigin : hostOrigin.replace(/\/+$/, '');
    return [200, siteView(site)];
  };
  H.deleteSite = ({ auth, params }) => {
    const site = pathSite(auth, params.siteId, 'site:delete');
    site.deleted = true;
    return [204];
  };
  H.duplicateSite = ({ auth, params, body }) => {
    const src = pathSite(auth, params.siteId, 'site:duplicate');
    const chk = new Checker();
    const name = bodyString(body, 'name', chk, { required: true });
    chk.done();
    // INSERT ... SELECT of every live row; domains stay with the source (UNIQUE per workspace)
    const copy = db.sites.insert({
      workspaceId: src.workspaceId,
      name,
      hostOrigin: src.hostOrigin,
      publicApiKey: uuid1(),
      siteApiKey: uuid1(),
      localeManagementMode: src.localeManagementMode,
      defaultLocaleId: null,
    });
    const localeMap = new Map();
    for (const l of db.locales.where((x) => x.siteId === src.id && !x.deleted)) {
      const n = db.locales.insert({ siteId: copy.id, code: l.code, domain: null });
      localeMap.set(l.id, n.id);
    }
    copy.defaultLocaleId = localeMap.get(src.defaultLocaleId);
    for (const p of db.pages.where((x) => x.siteId === src.id && !x.deleted)) {
      const { pk, id, ...cols } = p;
      const np = db.pages.insert({ ...cols, siteId: copy.id });
      for (const z of db.localizations.where((x) => x.pageId === p.id && !x.deleted && localeMap.has(x.localeId))) {
        const { pk: _pk, id: _id, ...zc } = z;
        db.localizations.insert({ ...zc, pageId: np.id, localeId: localeMap.get(z.localeId) });
      }
    }
    for (const r of db.routes.where((x) => x.siteId === src.id && !x.deleted)) db.routes.insert({ siteId: copy.id, pathname: r.pathname });
    return [201, siteView(copy), { location: `/v2/sites/${copy.id}` }];
  };

  // ---------------- locales
  H.createLocale = ({ auth, body }) => {
    const chk = new Checker();
    let siteId;
    if (!has(body, 'siteId') || body.siteId === null) chk.add('siteId', 'The site id field is required.');
    else if (!isUuid(body.siteId)) chk.add('siteId', 'The site id must be a valid UUID.');
    else siteId = body.siteId.toLowerCase();
    let code = bodyString(body, 'locale', chk, { required: true, max: 16 });
    code = checkLocaleCode(code, 'locale', chk);
    let domain = bodyString(body, 'domain', chk, { max: 255 });
    domain = checkUri(domain, 'domain', chk, { max: 255, query: false });
    chk.done();
    const site = liveSite(siteId);
    if (!site) throw notFound('Site');
    reach(auth, site, 'locale:write');
    if (db.locales.rows.some((l) => l.siteId === site.id && collEq(l.code, code))) throw conflict(`The locale "${code}" already exists for this site (a deleted locale can be restored).`);
    if (domainTaken(site.workspaceId, domain)) throw conflict('This domain is already used by a locale of this workspace.');
    const l = db.locales.insert({ siteId: site.id, code, domain: domain ?? null });
    return [201, localeView(l, site), { location: `/v2/locales/${l.id}` }];
  };
  H.listLocales = ({ auth, q }) => {
    const chk = new Checker();
    const siteId = readUuidQuery(q, 'siteId', chk, true);
    const limit = readLimit(q, chk, true);
    const after = readUuidQuery(q, 'startingAfter', chk, false);
    chk.done();
    const site = liveSite(siteId);
    if (!site) throw notFound('Site');
    reach(auth, site, 'locale:read');
    let rows = db.locales.where((l) => l.siteId === site.id && !l.deleted);
    if (after) {
      const c = db.locales.find(after);
      rows = c ? rows.filter((l) => l.pk > c.pk) : [];
    }
    return [200, page(rows.map((l) => localeView(l, site)), limit)];
  };
  H.getLocale = ({ auth, params, q }) => {
    const { l, s } = resolveLocale(auth, params.localeIdOrCode, q, 'locale:read', false);
    return [200, localeView(l, s)];
  };
  H.updateLocale = ({ auth, params, q, body }) => {
    const { l, s } = resolveLocale(auth, params.localeIdOrCode, q, 'locale:write', false);
    const chk = new Checker();
    let code = bodyString(body, 'locale', chk, { max: 16 });
    code = checkLocaleCode(code, 'locale', chk);
    let domain;
    if (has(body, 'domain') && body.domain === null) domain = null;
    else {
      domain = bodyString(body, 'domain', chk, { max: 255 });
      domain = checkUri(domain, 'domain', chk, { max: 255, query: false });
    }
    chk.done();
    if (code !== undefined && db.locales.rows.some((x) => x !== l && x.siteId === s.id && collEq(x.code, code))) throw conflict(`The locale "${code}" already exists for this site.`);
    if (domain && domainTaken(s.workspaceId, domain, l)) throw conflict('This domain is already used by a locale of this workspace.');
    if (code !== undefined) l.code = code;
    if (domain !== undefined) l.domain = domain;
    return [200, localeView(l, s)];
  };
  H.deleteLocale = ({ auth, params, q }) => {
    const { l, s } = resolveLocale(auth, params.localeIdOrCode, q, 'locale:write', false);
    if (s.defaultLocaleId === l.id) throw bad1('isDefault', 'The default locale of a site cannot be deleted.');
    l.deleted = true;
    return [204];
  };
  H.restoreLocale = ({ auth, params, q }) => {
    const { l, s } = resolveLocale(auth, params.localeIdOrCode, q, 'locale:write', true);
    l.deleted = false; // UPDATE ... SET deleted = 0: a live locale is simply returned
    return [200, localeView(l, s)];
  };

  // ---------------- pages
  function readPageListQuery(q, chk) {
    return {
      limit: readLimit(q, chk, false),
      after: readUuidQuery(q, 'startingAfter', chk, false),
      pathPrefix: qv(q, 'pathPrefix', chk) ?? '/',
      sortBy: readEnum(q, 'sortBy', ['title', 'path', 'description', 'updatedAt', 'createdAt'], chk) ?? 'path',
      sortDirection: readEnum(q, 'sortDirection', ['asc', 'desc'], chk) ?? 'asc',
      includeOffline: readEnum(q, 'includeOffline', ['true', 'false'], chk),
      locale: qv(q, 'locale', chk),
      versionRef: readEnum(q, 'versionRef', ['ref:live', 'ref:draft'], chk),
    };
  }
  function resolveQueryLocale(site, raw) {
    if (raw === undefined) return null;
    const l = isUuid(raw)
      ? db.locales.rows.find((x) => x.id === raw.toLowerCase() && x.siteId === site.id && !x.deleted)
      : db.locales.rows.find((x) => x.siteId === site.id && !x.deleted && collEq(x.code, raw));
    if (!l) throw bad1('locale', `The locale "${raw}" is not an active locale of this site.`);
    return l;
  }
  const versionFor = (v) => v ?? 'ref:draft';
  const prefixKey = (s) => s.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();
  function listPagesOf(auth, site, o) {
    const version = versionFor(o.versionRef);
    const loc = resolveQueryLocale(site, o.locale);
    const def = siteDefaultLocale(site);
    const nonDefault = loc && loc.id !== def.id ? loc : null;
    const onlineOnly = version === 'ref:live' || o.includeOffline !== 'true';
    const view = (p) => shown(p, site, nonDefault);
    let rows = db.pages
      .where((p) => p.siteId === site.id && !p.deleted && (!onlineOnly || p.isOnline))
      .map(view)
      .filter((sh) => !nonDefault || sh.z);
    const pre = prefixKey(o.pathPrefix);
    rows = rows.filter((sh) => prefixKey(sh.pathname).startsWith(pre));
    const key = { title: (sh) => sh.title, path: (sh) => sh.pathname, description: (sh) => sh.description, updatedAt: (sh) => sh.page.updatedAt, createdAt: (sh) => sh.page.createdAt }[o.sortBy];
    const dir = o.sortDirection === 'desc' ? -1 : 1;
    const cmp = (a, b) => {
      const x = key(a);
      const y = key(b);
      let c;
      if (x === null && y === null) c = 0;
      else if (x === null) c = -1; // NULL is the smallest value
      else if (y === null) c = 1;
      else if (typeof x === 'number') c = x - y;
      else c = collCompare(x, y);
      return c * dir || a.page.pk - b.page.pk;
    };
    rows.sort(cmp);
    if (o.after) {
      const c = db.pages.find(o.after);
      if (!c) rows = [];
      else {
        const cs = shown(c, liveSite(c.siteId) || site, nonDefault && c.siteId === site.id ? nonDefault : null);
        rows = rows.filter((sh) => cmp(sh, cs) > 0);
      }
    }
    return [200, page(rows.map((sh) => pageView(sh, site)), o.limit)];
  }
  H.listPages = ({ auth, q }) => {
    const chk = new Checker();
    const siteId = readUuidQuery(q, 'siteId', chk, true);
    const o = readPageListQuery(q, chk);
    chk.done();
    const site = liveSite(siteId);
    if (!site) throw notFound('Site');
    reach(auth, site, 'page:read');
    return listPagesOf(auth, site, o);
  };
  H.listSitePages = ({ auth, params, q }) => {
    const site = pathSite(auth, params.siteId, 'page:read');
    const chk = new Checker();
    const o = readPageListQuery(q, chk);
    chk.done();
    return listPagesOf(auth, site, o);
  };
  H.createPage = ({ auth, body }) => {
    const chk = new Checker();
    let siteId;
    if (!has(body, 'siteId') || body.siteId === null) chk.add('siteId', 'Missing siteId field.');
    else if (!isUuid(body.siteId)) chk.add('siteId', 'The site id must be a valid UUID.');
    else siteId = body.siteId.toLowerCase();
    let pathname = bodyString(body, 'pathname', chk, { required: true, max: 4096, requiredMsg: 'Missing pathname field.' });
    pathname = checkPagePathname(pathname, 'pathname', chk);
    const name = bodyString(body, 'name', chk, { required: true, trim: false, requiredMsg: 'The name field is required and must be at least 1 character.' });
    chk.done();
    const site = liveSite(siteId);
    if (!site) throw notFound('Site');
    reach(auth, site, 'page:write');
    if (pathTaken(site.id, pathname)) throw conflict('A page or route with this pathname already exists.');
    const p = insertPage(site, { pathname, name });
    return [201, pageView(shown(p, site, null), site), { location: `/v6/pages/${p.id}` }];
  };
  H.getPage = ({ auth, params, q }) => {
    const { p, s } = resolvePage(auth, params.rest, q, 'page:read');
    const chk = new Checker();
    const v = readEnum(q, 'versionRef', ['ref:live', 'ref:draft'], chk);
    const locale = qv(q, 'locale', chk);
    chk.done();
    const version = versionFor(v);
    if (version === 'ref:live' && !p.isOnline) throw notFound('Page');
    const loc = resolveQueryLocale(s, locale);
    const def = siteDefaultLocale(s);
    return [200, pageView(shown(p, s, loc && loc.id !== def.id ? loc : null), s)];
  };
  H.updatePage = ({ auth, params, q, body }) => {
    const { p, s } = resolvePage(auth, params.rest, q, 'page:write');
    const chk = new Checker();
    if (!['pathname', 'name', 'isOnline'].some((k) => has(body, k))) chk.add('pathname', 'Missing pathname field.');
    let pathname = bodyString(body, 'pathname', chk, { max: 4096, requiredMsg: 'Missing pathname field.' });
    pathname = checkPagePathname(pathname, 'pathname', chk);
    const name = bodyString(body, 'name', chk, { trim: false });
    let isOnline;
    if (has(body, 'isOnline')) {
      if (typeof body.isOnline !== 'boolean') chk.add('isOnline', 'The is online field must be true or false.');
      else isOnline = body.isOnline;
    }
    chk.done();
    if (pathname !== undefined && pathTaken(s.id, pathname, p)) throw conflict('A page or route with this pathname already exists.');
    let changed = false;
    if (pathname !== undefined && pathname !== p.pathname) (p.pathname = pathname), (changed = true);
    if (name !== undefined && name !== p.name) (p.name = name), (changed = true);
    if (isOnline !== undefined && isOnline !== p.isOnline) {
      p.isOnline = isOnline;
      changed = true;
    }
    const now = nowSeconds();
    if (changed) p.updatedAt = now; // ON UPDATE CURRENT_TIMESTAMP: only when a column really changes
    if (p.isOnline && p.publishedAt === null) p.publishedAt = now; // first publication, never cleared
    return [200, pageView(shown(p, s, null), s)];
  };
  H.deletePage = ({ auth, params, q }) => {
    const { p } = resolvePage(auth, params.rest, q, 'page:write');
    p.deleted = true;
    p.pathname = `${p.pathname}~deleted~${p.pk}`; // frees the UNIQUE pathname
    return [204];
  };

  // ---------------- routes (only Update Route is documented; the family around it is this deployment's)
  function readSkip(q, chk) {
    return readEnum(q, 'skipValidation', ['true', 'false'], chk) === 'true';
  }
  H.createRoute = ({ auth, q, body }) => {
    const chk = new Checker();
    const skip = readSkip(q, chk);
    let siteId;
    if (!has(body, 'siteId') || body.siteId === null) chk.add('siteId', 'The site id field is required.');
    else if (!isUuid(body.siteId)) chk.add('siteId', 'The site id must be a valid UUID.');
    else siteId = body.siteId.toLowerCase();
    let pathname = bodyString(body, 'pathname', chk, { required: true, max: 4096 });
    pathname = checkRoutePathname(pathname, 'pathname', chk, skip);
    chk.done();
    const site = liveSite(siteId);
    if (!site) throw notFound('Site');
    reach(auth, site, 'route:write');
    if (pathTaken(site.id, pathname)) throw conflict('A page or route with this pathname already exists.');
    const r = db.routes.insert({ siteId: site.id, pathname });
    return [201, routeView(r), { location: `/v2/routes/${r.id}` }];
  };
  H.listRoutes = ({ auth, q }) => {
    const chk = new Checker();
    const siteId = readUuidQuery(q, 'siteId', chk, true);
    const limit = readLimit(q, chk, false);
    const after = readUuidQuery(q, 'startingAfter', chk, false);
    chk.done();
    const site = liveSite(siteId);
    if (!site) throw notFound('Site');
    reach(auth, site, 'route:read');
    const cmp = (a, b) => collCompare(a.pathname, b.pathname) || a.pk - b.pk;
    let rows = db.routes.where((r) => r.siteId === site.id && !r.deleted).sort(cmp);
    if (after) {
      const c = db.routes.find(after);
      rows = c ? rows.filter((r) => cmp(r, c) > 0) : [];
    }
    return [200, page(rows.map(routeView), limit)];
  };
  H.getRoute = ({ auth, params, q }) => [200, routeView(resolveRoute(auth, params.rest, q, 'route:read').r)];
  H.updateRoute = ({ auth, params, q, body }) => {
    const { r, s } = resolveRoute(auth, params.rest, q, 'route:write');
    const chk = new Checker();
    const skip = readSkip(q, chk);
    let pathname = bodyString(body, 'pathname', chk, { max: 4096 });
    pathname = checkRoutePathname(pathname, 'pathname', chk, skip);
    chk.done();
    if (pathname !== undefined) {
      if (pathTaken(s.id, pathname, r)) throw conflict('A page or route with this pathname already exists.');
      r.pathname = pathname;
    }
    return [200, routeView(r)];
  };
  H.deleteRoute = ({ auth, params, q }) => {
    const { r } = resolveRoute(auth, params.rest, q, 'route:write');
    r.deleted = true;
    r.pathname = `${r.pathname}~deleted~${r.pk}`;
    return [204];
  };

  // ======================================================== seed
  function seed() {
    const at = nowSeconds() - 86400 * 30;
    const ws1 = db.workspaces.insert({ name: 'Juniper & Co' });
    const ws2 = db.workspaces.insert({ name: 'Quartz Labs' });
    const hex = (n) => randomBytes(n).toString('hex').toUpperCase();
    const k1 = db.appKeys.insert({ workspaceId: ws1.id, key: `wsk_${hex(20)}` });
    const k2 = db.appKeys.insert({ workspaceId: ws2.id, key: `wsk_${hex(20)}` });

    const gazette = insertSite({ workspaceId: ws1.id, name: 'Juniper Gazette', hostOrigin: 'https://gazette.juniper.example', defaultLocale: 'en-US', localeManagementMode: 'external' });
    const es = db.locales.insert({ siteId: gazette.id, code: 'es-ES', domain: 'https://es.juniper.example' });
    const de = db.locales.insert({ siteId: gazette.id, code: 'de-DE', domain: null });
    const it = db.locales.insert({ siteId: gazette.id, code: 'it-IT', domain: 'https://it.juniper.example', deleted: true });
    insertPage(gazette, { pathname: '/', name: 'Home', at });
    const news = insertPage(gazette, { pathname: '/news', name: 'News', description: 'Latest stories', at: at + 60 });
    db.localizations.insert({ pageId: news.id, localeId: es.id, pathname: '/noticias', title: 'Noticias', description: null });
    db.localizations.insert({ pageId: news.id, localeId: de.id, pathname: '/nachrichten', title: null, description: null });
    db.localizations.insert({ pageId: news.id, localeId: it.id, pathname: '/notizie', title: 'Notizie', description: null });
    const overview = insertPage(gazette, { pathname: '/news/übersicht', name: 'News overview', at: at + 120 });
    db.localizations.insert({ pageId: overview.id, localeId: de.id, pathname: '/nachrichten/übersicht', title: 'Übersicht', description: null });
    insertPage(gazette, { pathname: '/About', name: 'About', title: null, description: 'Who we are', at: at + 180 });
    insertPage(gazette, { pathname: '/drafts/spring', name: 'Spring draft', isOnline: false, at: at + 240 });
    db.routes.insert({ siteId: gazette.id, pathname: '/feed/{format}' });
    db.routes.insert({ siteId: gazette.id, pathname: '/legacy/{slug?}' });

    const store = insertSite({ workspaceId: ws1.id, name: 'Juniper Store', hostOrigin: null, defaultLocale: 'fr-FR' });
    const enGB = db.locales.insert({ siteId: store.id, code: 'en-GB', domain: 'https://shop.juniper.example' });
    insertPage(store, { pathname: '/', name: 'Accueil', at: at + 300 });
    const boutique = insertPage(store, { pathname: '/boutique', name: 'Boutique', at: at + 360 });
    db.localizations.insert({ pageId: boutique.id, localeId: enGB.id, pathname: '/shop', title: 'Shop', description: null });
    insertPage(store, { pathname: '/panier', name: 'Panier', isOnline: false, at: at + 420 });
    db.routes.insert({ siteId: store.id, pathname: '/commande/{step}' });

    const home = insertSite({ workspaceId: ws2.id, name: 'Quartz Home', hostOrigin: 'https://quartz.example', defaultLocale: 'en-AU' });
    insertPage(home, { pathname: '/', name: 'Home', at: at + 480 });
    insertPage(home, { pathname: '/pricing', name: 'Pricing', at: at + 540 });
    db.routes.insert({ siteId: home.id, pathname: '/status' });

    return { apiKey: k1.key, workspaceId: ws1.id, siteApiKey: store.siteApiKey, otherApiKey: k2.key, sites: { gazette, store, home } };
  }

  return { db, H, seed, authenticate };
}

// ======================================================== front controller
const ROUTES = [
  // [segments pattern, { METHOD: handler }]
  [['v2', 'sites'], { GET: 'listSites', POST: 'createSite' }],
  [['v2', 'sites', ':siteId'], { GET: 'getSite', PATCH: 'updateSite', DELETE: 'deleteSite' }],
  [['v2', 'sites', ':siteId', 'duplicate'], { POST: 'duplicateSite' }],
  [['v2', 'sites', ':siteId', 'pages'], { GET: 'listSitePages' }],
  [['v2', 'locales'], { GET: 'listLocales', POST: 'createLocale' }],
  [['v2', 'locales', ':localeIdOrCode'], { GET: 'getLocale', PATCH: 'updateLocale', DELETE: 'deleteLocale' }],
  [['v2', 'locales', ':localeIdOrCode', 'restore'], { POST: 'restoreLocale' }],
  [['v6', 'pages'], { GET: 'listPages', POST: 'createPage' }],
  [['v6', 'pages', '*rest'], { GET: 'getPage', PATCH: 'updatePage', DELETE: 'deletePage' }],
  [['v2', 'routes'], { GET: 'listRoutes', POST: 'createRoute' }],
  [['v2', 'routes', '*rest'], { GET: 'getRoute', PATCH: 'updateRoute', DELETE: 'deleteRoute' }],
];
const BODY_METHODS = new Set(['POST', 'PATCH']);

function match(rawSegs) {
  // rawSegs: non-empty raw (still percent-encoded) segments — Apache merges slashes and the trailing one
  for (const [pat, methods] of ROUTES) {
    const params = {};
    let ok = true;
    const rest = pat[pat.length - 1].startsWith('*');
    if (rest ? rawSegs.length < pat.length : rawSegs.length !== pat.length) continue;
    for (let i = 0; i < pat.length && ok; i++) {
      const p = pat[i];
      if (p.startsWith('*')) {
        const parts = rawSegs.slice(i).map((s) => decodeURIComponent(s));
        let v = parts.join('/');
        if (!v.startsWith('/')) v = '/' + v;
        params[p.slice(1)] = v;
        break;
      }
      if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(rawSegs[i]);
      else if (rawSegs[i].toLowerCase() !== p) ok = false; // literal segments in any letter case
    }
    if (ok) return { methods, params };
  }
  return null;
}

export function createHandler(app) {
  return async function handle(req, res) {
    const send = (status, body, extra = {}) => {
      const headers = { 'x-powered-by': 'PHP/7.4.33', ...extra };
      if (closeAfter) headers.connection = 'close';
      if (status === 204 || body === undefined) {
        res.writeHead(status, headers);
        res.end();
        return;
      }
      const text = phpJson(body);
      headers['content-type'] = 'application/json; charset=UTF-8';
      headers['content-length'] = Buffer.byteLength(text);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : text);
    };
    let closeAfter = false;
    const sendError = (e) => {
      const body = { object: 'error', code: e.code, message: e.message };
      if (e.closeConnection) closeAfter = true;
      if (e.status === 400) body.details = e.details && e.details.length ? e.details : [{ field: 'request', message: e.message }];
      send(e.status, body);
    };
    let drained = false;
    const readBody = () =>
      new Promise((resolve, reject) => {
        const declared = Number(req.headers['content-length'] || 0);
        if (declared > MAX_BODY) {
          reject(tooLarge());
          return;
        }
        const chunks = [];
        let size = 0;
        req.on('data', (c) => {
          size += c.length;
          if (size > MAX_BODY) {
            req.removeAllListeners('data');
            req.pause();
            reject(tooLarge());
            return;
          }
          chunks.push(c);
        });
        req.on('end', () => {
          drained = true;
          resolve(Buffer.concat(chunks));
        });
        req.on('error', reject);
      });
    try {
      const url = req.url || '/';
      const qi = url.indexOf('?');
      const rawPath = qi < 0 ? url : url.slice(0, qi);
      const q = parseQuery(qi < 0 ? '' : url.slice(qi + 1));
      let method = req.method === 'HEAD' ? 'GET' : req.method;
      // Laravel-style method spoofing: POST ...?_method=PATCH|DELETE
      if (method === 'POST' && typeof q._method === 'string' && ['PATCH', 'DELETE'].includes(q._method.toUpperCase())) method = q._method.toUpperCase();
      const segs = rawPath.split('/').filter((s) => s !== '');
      let m;
      try {
        m = match(segs);
      } catch {
        m = null; // undecodable percent-encoding in the path names nothing
      }
      if (!m) throw notFound('Resource');
      if (!m.methods[method]) throw new ApiError(404, 'not_found', `This path does not answer ${req.method}; it answers ${Object.keys(m.methods).join(', ')}.`);
      const auth = app.authenticate(req.headers['x-api-key']);
      if (!auth) throw new ApiError(401, 'unauthorized', 'A valid API key is required in the x-api-key header.');
      let body = {};
      if (BODY_METHODS.has(req.method)) {
        const buf = await readBody();
        if (m.methods[method] !== 'restoreLocale') body = parseBody(buf);
      }
      const out = app.H[m.methods[method]]({ auth, q, body, params: m.params });
      send(out[0], out[1], out[2]);
    } catch (e) {
      if (e instanceof ApiError) sendError(e);
      else {
        process.stderr.write(`outsider16: ${e && e.stack ? e.stack : e}\n`);
        sendError(bad1('request', 'The request could not be processed.'));
      }
      if (!drained) req.resume(); // drain what nobody read (an oversized body already closed the connection)
    }
  };
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const app = createApp();
  const seeded = app.seed();
  const server = createServer(createHandler(app));
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = phpJson({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: 'request', message: 'Malformed HTTP request.' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=UTF-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    baseUrl: url,
    apiKey: seeded.apiKey,
    workspaceId: seeded.workspaceId,
    siteApiKey: seeded.siteApiKey,
    otherApiKey: seeded.otherApiKey,
    app,
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
  const port = i >= 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  const s = await startServer({ port: Number.isFinite(port) ? port : 0 });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
