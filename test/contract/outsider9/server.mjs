// outsider9 — an independent, in-memory deployment of the Site-Building Service REST API.
// Plain Node ESM, node: built-ins only. `node server.mjs --port 0` prints one JSON line on stdout.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import {
  parseStrictJson, DuplicateKeyError, uuid6, uuid4, isUuid, newAppKey, canonicalAppKey, now,
  parseLocaleCode, parseOrigin, parsePagePathname, parseRoutePathname, routeSegRank,
} from './lib.mjs';

// ============================================================ errors
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
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
const summary = (list) => `The request could not be accepted: ${list.map((d) => `${d.field} ${d.message}`).join('; ')}`;
const bad = (field, message) => new ApiError(400, summary([{ field, message }]), [{ field, message }]);
class Issues {
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
    if (this.list.length) throw new ApiError(400, summary(this.list), this.list);
  }
}

// ============================================================ state
const LOCALE_QUOTA = 15;
const ALL_QUERY_PARAMS = new Set(['workspaceId', 'siteId', 'limit', 'startingAfter', 'pathPrefix', 'sortBy', 'sortDirection', 'includeOffline', 'locale', 'versionRef', 'skipValidation']);

function createState() {
  return { workspaces: new Map(), sites: new Map(), locales: new Map(), pages: new Map(), routes: new Map(), seq: 0 };
}
function makeSite(st, { workspaceId, name, hostOrigin = null, defaultLocale = 'en-US' }) {
  const site = { id: uuid6(), workspaceId, name, hostOrigin, publicApiKey: uuid4(), siteKey: uuid4(), defaultLocaleId: null, createdAt: now(), seq: ++st.seq, deleted: false };
  st.sites.set(site.id, site);
  site.defaultLocaleId = makeLocale(st, site, defaultLocale, null).id;
  return site;
}
function makeLocale(st, site, code, domain) {
  const l = { id: uuid6(), siteId: site.id, code, domain, deletedAt: null, seq: ++st.seq };
  st.locales.set(l.id, l);
  return l;
}
function makePage(st, site, fields) {
  const t = now();
  const p = {
    id: uuid6(), siteId: site.id, pathname: fields.pathname, name: fields.name,
    title: null, description: null, canonicalUrl: null, socialImageUrl: null,
    sitemapPriority: 0.7, sitemapFrequency: 'hourly', excludedFromSearchEngines: false,
    isOnline: false, createdAt: t, updatedAt: t, publishedAt: null, live: null, localizations: [], seq: ++st.seq,
  };
  for (const k of ['title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines']) if (k in fields) p[k] = fields[k];
  st.pages.set(p.id, p);
  return p;
}
function makeRoute(st, site, pathname) {
  const r = { id: uuid6(), siteId: site.id, pathname, seq: ++st.seq };
  st.routes.set(r.id, r);
  return r;
}
function snapshot(p) {
  return {
    pathname: p.pathname, title: p.title, description: p.description, canonicalUrl: p.canonicalUrl, socialImageUrl: p.socialImageUrl,
    sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency, excludedFromSearchEngines: p.excludedFromSearchEngines,
    updatedAt: p.updatedAt, isOnline: p.isOnline, localizations: p.localizations.map((l) => ({ ...l })),
  };
}
function publish(p) {
  p.isOnline = true;
  p.publishedAt = now();
  p.live = snapshot(p);
}
function localize(st, page, localeCode, pathname, extra = {}) {
  const site = st.sites.get(page.siteId);
  const loc = [...st.locales.values()].find((l) => l.siteId === site.id && l.code === localeCode);
  page.localizations.push({ id: uuid4(), localeId: loc.id, pathname, title: extra.title ?? null, description: extra.description ?? null });
}

function seed(st) {
  const w1 = { id: uuid4(), name: 'Saltmarsh Collective', appKey: newAppKey() };
  const w2 = { id: uuid4(), name: 'Pellucid Works', appKey: newAppKey() };
  for (const w of [w1, w2]) {
    w.canonicalKey = canonicalAppKey(w.appKey);
    st.workspaces.set(w.id, w);
  }
  // ---- workspace 1, site 1
  const review = makeSite(st, { workspaceId: w1.id, name: 'Saltmarsh Review', hostOrigin: 'https://review.saltmarsh.example', defaultLocale: 'en-US' });
  makeLocale(st, review, 'nl-NL', 'https://saltmarsh.nl');
  makeLocale(st, review, 'es-MX', null);
  const pl = makeLocale(st, review, 'pl-PL', null);
  const home = makePage(st, review, { pathname: '/', name: 'Home', title: 'Saltmarsh Review', description: 'Essays from the estuary.', sitemapPriority: 1 });
  const essays = makePage(st, review, { pathname: '/essays', name: 'Essays', title: 'Essays' });
  const tides = makePage(st, review, { pathname: '/essays/tides', name: 'On tides', title: 'On tides', description: 'Twice a day.' });
  const about = makePage(st, review, { pathname: '/about', name: 'About us' });
  const colophon = makePage(st, review, { pathname: '/colophon', name: 'Colophon', title: 'Colophon' });
  const archive = makePage(st, review, { pathname: '/archive', name: 'Archive', title: 'Archive' });
  localize(st, home, 'nl-NL', '/', { title: 'Saltmarsh Recensie' });
  localize(st, essays, 'nl-NL', '/opstellen', { title: 'Opstellen' });
  localize(st, essays, 'es-MX', '/ensayos', { title: 'Ensayos' });
  localize(st, essays, 'pl-PL', '/eseje', { title: 'Eseje' });
  localize(st, tides, 'nl-NL', '/opstellen/getijden', { title: 'Over getijden' });
  for (const p of [home, essays, tides, about, archive]) publish(p);
  archive.isOnline = false;
  archive.live.isOnline = false;
  archive.title = 'Archive (being reorganised)';
  void colophon; // offline, never published
  pl.deletedAt = now();
  makeRoute(st, review, '/feeds/:kind');
  makeRoute(st, review, '/files/:path*');
  makeRoute(st, review, '/feeds/latest');
  // ---- workspace 1, site 2 (its Site API key is announced)
  const market = makeSite(st, { workspaceId: w1.id, name: 'Saltmarsh Market', defaultLocale: 'da' });
  makeLocale(st, market, 'en-GB', null);
  const mhome = makePage(st, market, { pathname: '/', name: 'Forside', title: 'Saltmarsh Marked' });
  const shop = makePage(st, market, { pathname: '/butik', name: 'Butik', title: 'Butik' });
  makePage(st, market, { pathname: '/kurv', name: 'Kurv' });
  localize(st, shop, 'en-GB', '/shop', { title: 'Shop' });
  publish(mhome);
  publish(shop);
  makeRoute(st, market, '/checkout/:step');
  // ---- workspace 2
  const pell = makeSite(st, { workspaceId: w2.id, name: 'Pellucid Home', hostOrigin: 'https://pellucid.example', defaultLocale: 'it-IT' });
  makeLocale(st, pell, 'en-US', 'https://en.pellucid.example');
  const phome = makePage(st, pell, { pathname: '/', name: 'Home', title: 'Pellucid' });
  const prices = makePage(st, pell, { pathname: '/prezzi', name: 'Prezzi', title: 'Prezzi' });
  localize(st, prices, 'en-US', '/pricing', { title: 'Pricing' });
  publish(phome);
  publish(prices);
  makeRoute(st, pell, '/status');
  return { w1, w2, siteApiKey: market.siteKey };
}

// ============================================================ lookups and rendering
const liveSite = (st, id) => {
  const s = st.sites.get(String(id).toLowerCase());
  return s && !s.deleted ? s : null;
};
const activeLocales = (st, siteId) => [...st.locales.values()].filter((l) => l.siteId === siteId && !l.deletedAt);
const defaultLocaleOf = (st, site) => st.locales.get(site.defaultLocaleId);
const isActiveLocale = (st, id) => {
  const l = st.locales.get(id);
  return !!l && !l.deletedAt;
};

function renderSite(st, s) {
  return {
    object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
    defaultLocale: defaultLocaleOf(st, s).code, defaultLocalePathPrefix: null,
    localeManagementMode: s.hostOrigin ? 'external' : 'internal',
  };
}
function renderLocale(st, l) {
  const site = st.sites.get(l.siteId);
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: site.defaultLocaleId === l.id };
}
const renderRoute = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });
/** A page in a version (`draft` | `live`), optionally seen through a locale; null when it has no such version. */
function renderPage(st, p, version = 'draft', locale = null) {
  const v = version === 'live' ? p.live : p;
  if (!v) return null;
  const site = st.sites.get(p.siteId);
  const def = defaultLocaleOf(st, site);
  const locs = v.localizations.filter((l) => l.localeId !== def.id && isActiveLocale(st, l.localeId));
  let pathname = v.pathname;
  let title = v.title;
  let description = v.description;
  let code = def.code;
  if (locale && locale.id !== def.id) {
    const lz = locs.find((l) => l.localeId === locale.id);
    if (lz) {
      pathname = lz.pathname;
      title = lz.title ?? title;
      description = lz.description ?? description;
      code = locale.code;
    }
  }
  return {
    object: 'page', id: p.id, pathname, canonicalUrl: v.canonicalUrl, title, description, socialImageUrl: v.socialImageUrl,
    sitemapPriority: v.sitemapPriority, sitemapFrequency: v.sitemapFrequency, createdAt: p.createdAt, updatedAt: v.updatedAt,
    publishedAt: p.publishedAt, isOnline: v.isOnline, excludedFromSearchEngines: v.excludedFromSearchEngines, locale: code,
    localizations: locs.map((l) => ({ id: l.id, locale: st.locales.get(l.localeId).code, pathname: l.pathname })),
  };
}
function paginate(items, startingAfter, limit) {
  let start = 0;
  if (startingAfter !== undefined) {
    const idx = items.findIndex((x) => x.id === startingAfter.toLowerCase());
    if (idx < 0) throw notFound(`startingAfter ${startingAfter} names no item of this list`);
    start = idx + 1;
  }
  return { object: 'list', data: items.slice(start, start + limit), hasMore: start + limit < items.length };
}

// ============================================================ request context helpers
function parseQuery(qs) {
  const map = new Map();
  if (!qs) return map;
  for (const part of qs.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawVal = eq < 0 ? '' : part.slice(eq + 1);
    let name;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      continue; // an undecodable name cannot be a parameter of ours: ignored like any unknown one
    }
    let value = '';
    let undecodable = false;
    try {
      value = decodeURIComponent(rawVal.replace(/\+/g, ' '));
    } catch {
      undecodable = true;
    }
    if (!map.has(name)) map.set(name, []);
    map.get(name).push({ value, bare: eq < 0, undecodable });
  }
  return map;
}

class Ctx {
  constructor(st, req, principal, query, rawQuery, bodyInfo) {
    this.st = st;
    this.req = req;
    this.principal = principal;
    this.query = query;
    this.rawQuery = rawQuery;
    this.bodyInfo = bodyInfo;
  }
  /** The value of a query parameter: the LAST non-empty value; an empty value counts as absent; a bare name is `bare`. */
  param(name) {
    const entries = this.query.get(name);
    if (!entries) return { present: false };
    if (entries.some((e) => e.undecodable)) return { present: true, undecodable: true };
    const filled = entries.filter((e) => e.value !== '');
    if (filled.length) return { present: true, value: filled[filled.length - 1].value };
    if (entries.some((e) => e.bare)) return { present: true, bare: true, value: '' };
    return { present: false };
  }
  /** Query-level 400s: length, and parameters documented for ANOTHER operation. */
  checkQuery(issues, allowed) {
    if (this.rawQuery.length > 2048) issues.add('query', 'must have at most 2048 characters');
    for (const name of this.query.keys()) {
      if (ALL_QUERY_PARAMS.has(name) && !allowed.includes(name)) issues.add(name, 'is not supported by this operation');
    }
    for (const name of allowed) if (this.param(name).undecodable) issues.add(name, 'is not valid percent-encoding');
  }
  uuidParam(issues, name, { required = false } = {}) {
    const p = this.param(name);
    if (!p.present || p.bare) {
      if (required) issues.add(name, 'is required');
      return undefined;
    }
    if (p.undecodable) return undefined;
    if (!isUuid(p.value)) {
      issues.add(name, 'must be a UUID');
      return undefined;
    }
    return p.value.toLowerCase();
  }
  limitParam(issues, { clamp }) {
    const p = this.param('limit');
    if (!p.present || p.bare) return 20;
    if (p.undecodable) return 20;
    if (!/^[0-9]+$/.test(p.value)) {
      issues.add('limit', 'must be a whole number written in decimal digits');
      return 20;
    }
    const n = p.value.replace(/^0+(?=.)/, '').length > 9 ? Infinity : parseInt(p.value, 10);
    if (n < 1) {
      issues.add('limit', 'must be at least 1');
      return 20;
    }
    if (n > 100) {
      if (clamp) return 100;
      issues.add('limit', 'must be at most 100');
      return 20;
    }
    return n;
  }
  boolParam(issues, name) {
    const p = this.param(name);
    if (!p.present || p.undecodable) return false;
    if (p.bare) return true;
    if (p.value === 'true') return true;
    if (p.value === 'false') return false;
    issues.add(name, 'must be "true" or "false"');
    return false;
  }
  enumParam(issues, name, values, dflt) {
    const p = this.param(name);
    if (!p.present || p.bare || p.undecodable) return dflt;
    if (!values.includes(p.value)) {
      issues.add(name, `must be one of ${values.join(', ')}`);
      return dflt;
    }
    return p.value;
  }
  /** Parses the JSON body (syntax problems go to `issues`); returns an object or null. */
  body(issues, { patch = false } = {}) {
    const b = this.bodyInfo;
    if (b.tooLarge) {
      issues.add('body', 'must be at most 8192 bytes');
      return null;
    }
    let text;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(b.buffer);
    } catch {
      issues.add('body', 'must be UTF-8 encoded');
      return null;
    }
    if (text.trim() === '') return {};
    const ct = this.req.headers['content-type'];
    if (ct !== undefined) {
      const [type, ...params] = ct.split(';').map((x) => x.trim().toLowerCase());
      const okType = type === 'application/json' || (patch && type === 'application/merge-patch+json');
      const charset = params.map((x) => /^charset=(.*)$/.exec(x)).find(Boolean);
      if (!okType) {
        issues.add('content-type', patch ? 'must be application/json or application/merge-patch+json' : 'must be application/json');
        return null;
      }
      if (charset && !['utf-8', 'utf8', '"utf-8"'].includes(charset[1])) {
        issues.add('content-type', 'charset must be utf-8');
        return null;
      }
    }
    let v;
    try {
      v = parseStrictJson(text);
    } catch (e) {
      issues.add('body', e instanceof DuplicateKeyError ? `must not repeat the key "${e.key}"` : `must be valid JSON (${e.message})`);
      return null;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      issues.add('body', 'must be a JSON object');
      return null;
    }
    return v;
  }
}
const has = (o, k) => o !== null && Object.prototype.hasOwnProperty.call(o, k);
function unknownFields(body, issues, declared, ignored = []) {
  if (!body) return;
  for (const k of Object.keys(body)) {
    if (declared.includes(k) || ignored.includes(k)) continue;
    issues.add(k, 'is not a field of this operation');
  }
}
function requiredUuid(body, issues, field) {
  if (!body) return undefined;
  if (!has(body, field)) return void issues.add(field, 'is required');
  const v = body[field];
  if (typeof v !== 'string') return void issues.add(field, 'must be a string');
  if (!isUuid(v)) return void issues.add(field, 'must be a UUID');
  return v.toLowerCase();
}
function siteName(body, issues, field, { required }) {
  if (!body || !has(body, field)) {
    if (body && required) issues.add(field, 'is required');
    return undefined;
  }
  const v = body[field];
  if (typeof v !== 'string') return void issues.add(field, 'must be a string');
  const t = v.trim();
  if (/[\x00-\x1f\x7f]/.test(t)) return void issues.add(field, 'must not contain control characters');
  const len = [...t].length;
  if (len < 2) return void issues.add(field, 'must have at least 2 characters after trimming');
  if (len > 72) return void issues.add(field, 'must have at most 72 characters');
  return t;
}

// ============================================================ authorisation helpers
function reachSite(ctx, site) {
  const p = ctx.principal;
  if (p.kind === 'app' ? site.workspaceId !== p.workspaceId : site.id !== p.siteId) {
    throw forbidden(`This API key has no permission for site ${site.id}`);
  }
}
/** Resolves a site named by id (path, query or body): 404 unknown, 403 out of reach. */
function resolveSite(ctx, id) {
  const s = liveSite(ctx.st, id);
  if (!s) throw notFound(`Site ${id} does not exist`);
  reachSite(ctx, s);
  return s;
}
/** The site a code/pathname refers to: `siteId` from the query, required with every key (SPEC). */
function siteForName(ctx, what) {
  const issues = new Issues();
  const id = ctx.uuidParam(issues, 'siteId');
  issues.throwIfAny();
  if (id) return resolveSite(ctx, id);
  throw bad('siteId', `is required when a ${what} is used instead of an ID`);
}
/** The site a list is about: `siteId` is required with every key (SPEC: List Locales, siteId required). */
function listSiteId(ctx, issues) {
  return ctx.uuidParam(issues, 'siteId', { required: true });
}
/** With an ID in the path, a `siteId` query (if given) must be valid, reachable and the resource's own site. */
function crossCheckSite(ctx, resourceSiteId) {
  const issues = new Issues();
  const id = ctx.uuidParam(issues, 'siteId');
  issues.throwIfAny();
  if (id === undefined) return;
  resolveSite(ctx, id);
  if (id !== resourceSiteId) throw notFound(`No such resource in site ${id}`);
}

// ============================================================ sites
function listSites(ctx) {
  const issues = new Issues();
  ctx.checkQuery(issues, ['workspaceId', 'limit', 'startingAfter']);
  const ws = ctx.uuidParam(issues, 'workspaceId', { required: true });
  const limit = ctx.limitParam(issues, { clamp: true });
  const after = ctx.uuidParam(issues, 'startingAfter');
  issues.throwIfAny();
  if (ws !== ctx.principal.workspaceId) throw forbidden(`This API key has no permission for workspace ${ws}`);
  const items = [...ctx.st.sites.values()].filter((s) => s.workspaceId === ws && !s.deleted).sort((a, b) => a.seq - b.seq).map((s) => renderSite(ctx.st, s));
  return [200, paginate(items, after, limit)];
}
function createSite(ctx) {
  const issues = new Issues();
  const b = ctx.body(issues);
  const ws = requiredUuid(b, issues, 'workspaceId');
  const name = siteName(b, issues, 'name', { required: true });
  let hostOrigin = null;
  if (b && has(b, 'hostOrigin')) {
    const r = parseOrigin(b.hostOrigin);
    if (r.error) issues.add('hostOrigin', r.error);
    else hostOrigin = r.origin;
  }
  let defaultLocale = 'en-US';
  if (b && has(b, 'defaultLocale')) {
    const r = parseLocaleCode(b.defaultLocale);
    if (r.error) issues.add('defaultLocale', r.error);
    else defaultLocale = r.code;
  }
  unknownFields(b, issues, ['workspaceId', 'name', 'hostOrigin', 'defaultLocale']);
  ctx.checkQuery(issues, []);
  issues.throwIfAny();
  if (ws !== ctx.principal.workspaceId) throw forbidden(`This API key has no permission for workspace ${ws}`);
  const site = makeSite(ctx.st, { workspaceId: ws, name, hostOrigin, defaultLocale });
  return [201, renderSite(ctx.st, site)];
}
function pathSite(ctx, raw) {
  if (!isUuid(raw)) throw notFound(`Site ${raw} does not exist`);
  return resolveSite(ctx, raw);
}
function getSite(ctx, { siteId }) {
  const site = pathSite(ctx, siteId);
  const issues = new Issues();
  ctx.checkQuery(issues, []);
  issues.throwIfAny();
  return [200, renderSite(ctx.st, site), { etag: true }];
}
const SITE_READ_ONLY = ['object', 'id', 'publicApiKey', 'localeManagementMode', 'defaultLocalePathPrefix'];
function updateSite(ctx, { siteId }) {
  const site = pathSite(ctx, siteId);
  const issues = new Issues();
  const b = ctx.body(issues, { patch: true });
  const name = siteName(b, issues, 'name', { required: false });
  let hostOrigin;
  if (b && has(b, 'hostOrigin')) {
    if (b.hostOrigin === null) hostOrigin = null;
    else {
      const r = parseOrigin(b.hostOrigin);
      if (r.error) issues.add('hostOrigin', r.error);
      else hostOrigin = r.origin;
    }
  }
  if (b && has(b, 'defaultLocale')) issues.add('defaultLocale', 'is not accepted in this body');
  unknownFields(b, issues, ['name', 'hostOrigin', 'defaultLocale'], SITE_READ_ONLY);
  ctx.checkQuery(issues, []);
  issues.throwIfAny();
  if (hostOrigin) {
    const clash = activeLocales(ctx.st, site.id).find((l) => l.domain === hostOrigin);
    if (clash) throw bad('hostOrigin', `must differ from the domain of locale ${clash.code}`);
  }
  if (name !== undefined) site.name = name;
  if (hostOrigin !== undefined) site.hostOrigin = hostOrigin;
  return [200, renderSite(ctx.st, site)];
}
function deleteSite(ctx, { siteId }) {
  const site = pathSite(ctx, siteId);
  const issues = new Issues();
  ctx.checkQuery(issues, []);
  issues.throwIfAny();
  site.deleted = true;
  return [204];
}
function duplicateSite(ctx, { siteId }) {
  const src = pathSite(ctx, siteId);
  const issues = new Issues();
  const b = ctx.body(issues);
  const name = siteName(b, issues, 'name', { required: true });
  unknownFields(b, issues, ['name']);
  ctx.checkQuery(issues, []);
  issues.throwIfAny();
  const st = ctx.st;
  const copy = { ...src, id: uuid6(), name, publicApiKey: uuid4(), siteKey: uuid4(), createdAt: now(), seq: ++st.seq, deleted: false };
  st.sites.set(copy.id, copy);
  const localeMap = new Map();
  for (const l of activeLocales(st, src.id).sort((a, b2) => a.seq - b2.seq)) {
    const nl = makeLocale(st, copy, l.code, l.domain);
    localeMap.set(l.id, nl.id);
  }
  copy.defaultLocaleId = localeMap.get(src.defaultLocaleId);
  const mapLocs = (locs) => locs.filter((l) => localeMap.has(l.localeId)).map((l) => ({ ...l, id: uuid4(), localeId: localeMap.get(l.localeId) }));
  for (const p of [...st.pages.values()].filter((x) => x.siteId === src.id).sort((a, b2) => a.seq - b2.seq)) {
    const np = { ...p, id: uuid6(), siteId: copy.id, seq: ++st.seq, localizations: mapLocs(p.localizations) };
    if (p.live) np.live = { ...p.live, localizations: mapLocs(p.live.localizations) };
    st.pages.set(np.id, np);
  }
  for (const r of [...st.routes.values()].filter((x) => x.siteId === src.id).sort((a, b2) => a.seq - b2.seq)) makeRoute(st, copy, r.pathname);
  return [201, renderSite(st, copy)];
}
function sitePages(ctx, { siteId }) {
  const site = pathSite(ctx, siteId);
  return listPagesOf(ctx, site);
}

// ============================================================ locales
function listLocales(ctx) {
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId', 'limit', 'startingAfter']);
  const siteId = listSiteId(ctx, issues);
  const limit = ctx.limitParam(issues, { clamp: false });
  const after = ctx.uuidParam(issues, 'startingAfter');
  issues.throwIfAny();
  const site = resolveSite(ctx, siteId);
  const rank = (l) => (l.id === site.defaultLocaleId ? 0 : l.domain ? 1 : 2);
  const items = activeLocales(ctx.st, site.id)
    .sort((a, b) => rank(a) - rank(b) || (a.code < b.code ? -1 : a.code > b.code ? 1 : a.seq - b.seq))
    .map((l) => renderLocale(ctx.st, l));
  return [200, paginate(items, after, limit)];
}
/** Resolves `{localeIdOrCode}`; `deleted`: 'no' (active only), 'restore' (restore rules). */
function pathLocale(ctx, raw, mode = 'active') {
  const st = ctx.st;
  if (isUuid(raw)) {
    const l = st.locales.get(raw.toLowerCase());
    if (!l || !liveSite(st, l.siteId) || (mode === 'active' && l.deletedAt)) throw notFound(`Locale ${raw} does not exist`);
    reachSite(ctx, st.sites.get(l.siteId));
    crossCheckSite(ctx, l.siteId);
    return l;
  }
  const code = parseLocaleCode(raw);
  if (code.error) throw notFound(`"${raw}" names no locale`);
  const site = siteForName(ctx, 'locale code');
  const all = [...st.locales.values()].filter((l) => l.siteId === site.id && l.code === code.code);
  const active = all.find((l) => !l.deletedAt);
  if (mode === 'active') {
    if (!active) throw notFound(`Locale ${code.code} does not exist in site ${site.id}`);
    return active;
  }
  const deleted = all.filter((l) => l.deletedAt).sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : a.deletedAt > b.deletedAt ? -1 : b.seq - a.seq));
  if (deleted.length) return deleted[0];
  if (active) return active; // restore then answers 409 (not deleted)
  throw notFound(`Locale ${code.code} does not exist in site ${site.id}`);
}
function getLocale(ctx, { idOrCode }) {
  const l = pathLocale(ctx, idOrCode);
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId']);
  issues.throwIfAny();
  return [200, renderLocale(ctx.st, l), { etag: true }];
}
function domainField(b, issues, { nullable }) {
  if (!b || !has(b, 'domain')) return undefined;
  if (b.domain === null) {
    if (nullable) return null;
    issues.add('domain', 'must be a string');
    return undefined;
  }
  const r = parseOrigin(b.domain);
  if (r.error) return void issues.add('domain', r.error);
  return r.origin;
}
function checkDomain(st, site, domain, selfId) {
  if (!domain) return;
  if (site.hostOrigin === domain) throw bad('domain', "must differ from the site's hostOrigin");
  const other = activeLocales(st, site.id).find((l) => l.id !== selfId && l.domain === domain);
  if (other) throw conflict(`Domain ${domain} is already used by locale ${other.code} of this site`);
}
function createLocale(ctx) {
  const issues = new Issues();
  const b = ctx.body(issues);
  const siteId = requiredUuid(b, issues, 'siteId');
  let code;
  if (b) {
    if (!has(b, 'locale')) issues.add('locale', 'is required');
    else {
      const r = parseLocaleCode(b.locale);
      if (r.error) issues.add('locale', r.error);
      else code = r.code;
    }
  }
  const domain = domainField(b, issues, { nullable: false });
  unknownFields(b, issues, ['siteId', 'locale', 'domain']);
  ctx.checkQuery(issues, []);
  issues.throwIfAny();
  const st = ctx.st;
  const site = resolveSite(ctx, siteId);
  const active = activeLocales(st, site.id);
  if (active.length >= LOCALE_QUOTA) throw bad('locale', `cannot be added: a site has at most ${LOCALE_QUOTA} locales`);
  if (domain && site.hostOrigin === domain) throw bad('domain', "must differ from the site's hostOrigin");
  if (active.some((l) => l.code === code)) throw conflict(`Locale ${code} already exists in site ${site.id}`);
  checkDomain(st, site, domain ?? null, null);
  const l = makeLocale(st, site, code, domain ?? null);
  return [201, renderLocale(st, l)];
}
function updateLocale(ctx, { idOrCode }) {
  const l = pathLocale(ctx, idOrCode);
  const issues = new Issues();
  const b = ctx.body(issues, { patch: true });
  let code;
  if (b && has(b, 'locale')) {
    const r = parseLocaleCode(b.locale);
    if (r.error) issues.add('locale', r.error);
    else code = r.code;
  }
  const domain = domainField(b, issues, { nullable: true });
  unknownFields(b, issues, ['locale', 'domain'], ['object', 'id', 'isDefault', 'pathPrefix']);
  ctx.checkQuery(issues, ['siteId']);
  issues.throwIfAny();
  const st = ctx.st;
  const site = st.sites.get(l.siteId);
  if (domain) checkDomain(st, site, domain, l.id);
  if (code && code !== l.code && activeLocales(st, site.id).some((x) => x.code === code)) throw conflict(`Locale ${code} already exists in site ${site.id}`);
  if (code !== undefined) l.code = code;
  if (domain !== undefined) l.domain = domain;
  return [200, renderLocale(st, l)];
}
function deleteLocale(ctx, { idOrCode }) {
  const l = pathLocale(ctx, idOrCode);
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId']);
  issues.throwIfAny();
  const site = ctx.st.sites.get(l.siteId);
  if (site.defaultLocaleId === l.id) throw bad('localeIdOrCode', 'names the default locale of the site, which cannot be deleted');
  l.deletedAt = now();
  return [204];
}
function restoreLocale(ctx, { idOrCode }) {
  const l = pathLocale(ctx, idOrCode, 'restore');
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId']);
  issues.throwIfAny();
  const st = ctx.st;
  const site = st.sites.get(l.siteId);
  if (!l.deletedAt) throw conflict(`Locale ${l.code} is not deleted`);
  const active = activeLocales(st, site.id);
  if (active.some((x) => x.code === l.code)) throw conflict(`Another locale ${l.code} is active in site ${site.id}`);
  if (l.domain && active.some((x) => x.domain === l.domain)) throw conflict(`Domain ${l.domain} is now used by another locale`);
  if (active.length >= LOCALE_QUOTA) throw bad('localeIdOrCode', `cannot be restored: a site has at most ${LOCALE_QUOTA} locales`);
  l.deletedAt = null;
  return [200, renderLocale(st, l)];
}

// ============================================================ pages
const SORT_KEYS = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' };
const depth = (p) => (p === '/' ? 0 : p.split('/').length - 1);
function cmpStr(a, b) {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
function sortPages(items, sortBy, dir) {
  const key = SORT_KEYS[sortBy];
  const sign = dir === 'desc' ? -1 : 1;
  return items.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) {
      if (x !== y) return x === null ? -1 : 1; // nulls first in both directions
    } else {
      let c = 0;
      if (sortBy === 'path') c = depth(x) - depth(y) || cmpStr(x, y);
      else if (sortBy === 'createdAt' || sortBy === 'updatedAt') c = x < y ? -1 : x > y ? 1 : 0;
      else c = cmpStr(x, y);
      if (c) return c * sign;
    }
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0; // ties: id descending, whatever the direction
  });
}
/** Resolves a `locale` query value (code or site-locale UUID) of a site: locale | 'unknown' | undefined (absent). */
function localeParam(ctx, issues, site) {
  const p = ctx.param('locale');
  if (!p.present || p.bare || p.undecodable) return undefined;
  if (isUuid(p.value)) {
    const l = ctx.st.locales.get(p.value.toLowerCase());
    return l && l.siteId === site.id && !l.deletedAt ? l : 'unknown';
  }
  const r = parseLocaleCode(p.value);
  if (r.error) {
    issues.add('locale', r.error);
    return undefined;
  }
  return activeLocales(ctx.st, site.id).find((l) => l.code === r.code) ?? 'unknown';
}
function listPages(ctx) {
  return listPagesOf(ctx, null);
}
function listPagesOf(ctx, pathSiteObj) {
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId', 'limit', 'startingAfter', 'pathPrefix', 'sortBy', 'sortDirection', 'includeOffline', 'locale', 'versionRef']);
  let siteId;
  if (pathSiteObj) {
    const q = ctx.uuidParam(issues, 'siteId');
    if (q && q !== pathSiteObj.id) issues.add('siteId', 'must match the site in the path');
    siteId = pathSiteObj.id;
  } else siteId = listSiteId(ctx, issues);
  const limit = ctx.limitParam(issues, { clamp: true });
  const after = ctx.uuidParam(issues, 'startingAfter');
  let prefix = '/';
  const pp = ctx.param('pathPrefix');
  if (pp.present && !pp.bare && !pp.undecodable) {
    if (!pp.value.startsWith('/')) issues.add('pathPrefix', 'must begin with "/"');
    else prefix = pp.value;
  }
  const sortBy = ctx.enumParam(issues, 'sortBy', ['title', 'path', 'description', 'updatedAt', 'createdAt'], 'path');
  const dir = ctx.enumParam(issues, 'sortDirection', ['asc', 'desc'], 'asc');
  const includeOffline = ctx.boolParam(issues, 'includeOffline');
  const versionGiven = ctx.param('versionRef').present && !ctx.param('versionRef').bare;
  const versionRef = ctx.enumParam(issues, 'versionRef', ['ref:live', 'ref:draft'], ctx.principal.kind === 'public' ? 'ref:live' : 'ref:draft');
  // the locale value is checked for form now and resolved against the site below
  const lp = ctx.param('locale');
  if (lp.present && !lp.bare && !lp.undecodable && !isUuid(lp.value) && parseLocaleCode(lp.value).error) issues.add('locale', parseLocaleCode(lp.value).error);
  issues.throwIfAny();
  const st = ctx.st;
  const site = pathSiteObj ?? resolveSite(ctx, siteId);
  if (ctx.principal.kind === 'public' && versionGiven && versionRef === 'ref:draft') throw forbidden('A publishable key may read live pages only');
  const loc = localeParam(ctx, new Issues(), site);
  const version = versionRef === 'ref:live' ? 'live' : 'draft';
  let items = [];
  if (loc !== 'unknown') {
    const def = defaultLocaleOf(st, site);
    for (const p of st.pages.values()) {
      if (p.siteId !== site.id) continue;
      const r = renderPage(st, p, version, loc ?? null);
      if (!r) continue;
      if (loc && loc.id !== def.id && r.locale !== loc.code) continue; // only pages localized in that locale
      if (!includeOffline && !r.isOnline) continue;
      if (!r.pathname.startsWith(prefix)) continue;
      items.push(r);
    }
  }
  items = sortPages(items, sortBy, dir);
  return [200, paginate(items, after, limit)];
}
/** `{pageIdOrPathname}`: an ID, or a pathname looked up among base pathnames of the given version. */
function pathPage(ctx, ref, version = 'draft') {
  const st = ctx.st;
  if (ref.id) {
    const p = st.pages.get(ref.id.toLowerCase());
    if (!p || !liveSite(st, p.siteId)) throw notFound(`Page ${ref.id} does not exist`);
    reachSite(ctx, st.sites.get(p.siteId));
    crossCheckSite(ctx, p.siteId);
    return p;
  }
  const site = siteForName(ctx, 'pathname');
  const p = [...st.pages.values()].find((x) => x.siteId === site.id && (version === 'live' ? x.live?.pathname : x.pathname) === ref.pathname);
  if (!p) throw notFound(`No page with pathname ${ref.pathname} in site ${site.id}`);
  return p;
}
function getPage(ctx, { ref }) {
  const vr = ctx.param('versionRef');
  const dflt = ctx.principal.kind === 'public' ? 'ref:live' : 'ref:draft';
  const versionRef = vr.present && !vr.bare && !vr.undecodable ? vr.value : dflt;
  const p = pathPage(ctx, ref, versionRef === 'ref:live' ? 'live' : 'draft');
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId', 'versionRef', 'locale']);
  ctx.enumParam(issues, 'versionRef', ['ref:live', 'ref:draft'], dflt);
  const site = ctx.st.sites.get(p.siteId);
  const loc = localeParam(ctx, issues, site);
  if (loc === 'unknown') issues.add('locale', 'is not an active locale of this site');
  issues.throwIfAny();
  if (ctx.principal.kind === 'public' && versionRef === 'ref:draft') throw forbidden('A publishable key may read live pages only');
  const r = renderPage(ctx.st, p, versionRef === 'ref:live' ? 'live' : 'draft', loc ?? null);
  if (!r) throw notFound(`Page ${p.id} has no live version`);
  return [200, r, { etag: true }];
}
function pageClash(st, siteId, pathname, selfPageId) {
  if ([...st.pages.values()].some((x) => x.siteId === siteId && x.id !== selfPageId && x.pathname === pathname)) return `A page with pathname ${pathname} already exists`;
  if ([...st.routes.values()].some((x) => x.siteId === siteId && x.pathname === pathname)) return `A route with pathname ${pathname} already exists`;
  return null;
}
function pageName(b, issues, { required }) {
  if (!b || !has(b, 'name')) {
    if (b && required) issues.add('name', 'is required');
    return undefined;
  }
  const v = b.name;
  if (typeof v !== 'string') return void issues.add('name', 'must be a string');
  if (v.length < 1) return void issues.add('name', 'must have a minimum length of 1');
  if (v.trim() === '') return void issues.add('name', 'must contain a visible character');
  if (/[\x00-\x1f\x7f]/.test(v)) return void issues.add('name', 'must not contain control characters');
  if ([...v].length > 50) return void issues.add('name', 'must have at most 50 characters');
  return v;
}
function createPage(ctx) {
  const issues = new Issues();
  const b = ctx.body(issues);
  const siteId = requiredUuid(b, issues, 'siteId');
  let pathname;
  if (b) {
    if (!has(b, 'pathname')) issues.add('pathname', 'is required');
    else {
      const r = parsePagePathname(b.pathname);
      if (r.error) issues.add('pathname', r.error);
      else pathname = r.pathname;
    }
  }
  const name = pageName(b, issues, { required: true });
  unknownFields(b, issues, ['siteId', 'pathname', 'name']);
  ctx.checkQuery(issues, []);
  issues.throwIfAny();
  const site = resolveSite(ctx, siteId);
  const clash = pageClash(ctx.st, site.id, pathname, null);
  if (clash) throw conflict(clash);
  const p = makePage(ctx.st, site, { pathname, name });
  return [201, renderPage(ctx.st, p)];
}
const PAGE_READ_ONLY = ['object', 'id', 'canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'createdAt', 'updatedAt', 'publishedAt', 'excludedFromSearchEngines', 'locale', 'localizations'];
function updatePage(ctx, { ref }) {
  const p = pathPage(ctx, ref);
  const issues = new Issues();
  const b = ctx.body(issues, { patch: true });
  let pathname;
  if (b && has(b, 'pathname')) {
    if (b.pathname === null || b.pathname === '') issues.add('pathname', 'Missing pathname field.');
    else {
      const r = parsePagePathname(b.pathname);
      if (r.error) issues.add('pathname', r.error);
      else pathname = r.pathname;
    }
  }
  const name = pageName(b, issues, { required: false });
  let isOnline;
  if (b && has(b, 'isOnline')) {
    if (typeof b.isOnline !== 'boolean') issues.add('isOnline', 'must be a boolean');
    else isOnline = b.isOnline;
  }
  unknownFields(b, issues, ['pathname', 'name', 'isOnline'], PAGE_READ_ONLY);
  ctx.checkQuery(issues, ['siteId']);
  issues.throwIfAny();
  const st = ctx.st;
  if (pathname !== undefined) {
    const clash = pageClash(st, p.siteId, pathname, p.id);
    if (clash) throw conflict(clash);
  }
  const touched = ['pathname', 'name', 'isOnline'].some((k) => has(b, k));
  if (pathname !== undefined) p.pathname = pathname;
  if (name !== undefined) p.name = name;
  if (touched) p.updatedAt = now();
  if (isOnline === true && !p.isOnline) publish(p);
  else if (isOnline === false && p.isOnline) {
    p.isOnline = false;
    if (p.live) p.live.isOnline = false;
  } else if (p.isOnline && touched) p.live = snapshot(p); // an online page is live: its edits are published at once
  return [200, renderPage(st, p)];
}
function deletePage(ctx, { ref }) {
  const p = pathPage(ctx, ref);
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId']);
  issues.throwIfAny();
  ctx.st.pages.delete(p.id);
  return [204];
}

// ============================================================ routes
function routeCmp(a, b) {
  const sa = a.pathname.split('/').slice(1);
  const sb = b.pathname.split('/').slice(1);
  for (let k = 0; k < Math.min(sa.length, sb.length); k++) {
    const c = routeSegRank(sa[k]) - routeSegRank(sb[k]) || (sa[k] < sb[k] ? -1 : sa[k] > sb[k] ? 1 : 0);
    if (c) return c;
  }
  return sa.length - sb.length || (a.id < b.id ? -1 : 1);
}
function listRoutes(ctx) {
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId', 'limit', 'startingAfter']);
  const siteId = listSiteId(ctx, issues);
  const limit = ctx.limitParam(issues, { clamp: true });
  const after = ctx.uuidParam(issues, 'startingAfter');
  issues.throwIfAny();
  const site = resolveSite(ctx, siteId);
  const items = [...ctx.st.routes.values()].filter((r) => r.siteId === site.id).sort(routeCmp).map(renderRoute);
  return [200, paginate(items, after, limit)];
}
function pathRoute(ctx, ref) {
  const st = ctx.st;
  if (ref.id) {
    const r = st.routes.get(ref.id.toLowerCase());
    if (!r || !liveSite(st, r.siteId)) throw notFound(`Route ${ref.id} does not exist`);
    reachSite(ctx, st.sites.get(r.siteId));
    crossCheckSite(ctx, r.siteId);
    return r;
  }
  const site = siteForName(ctx, 'pathname');
  const r = [...st.routes.values()].find((x) => x.siteId === site.id && x.pathname === ref.pathname);
  if (!r) throw notFound(`No route with pathname ${ref.pathname} in site ${site.id}`);
  return r;
}
function routeClash(st, siteId, pathname, selfId) {
  if ([...st.routes.values()].some((x) => x.siteId === siteId && x.id !== selfId && x.pathname === pathname)) return `A route with pathname ${pathname} already exists`;
  if ([...st.pages.values()].some((x) => x.siteId === siteId && x.pathname === pathname)) return `A page with pathname ${pathname} already exists`;
  return null;
}
function createRoute(ctx) {
  const issues = new Issues();
  const q = new Issues();
  const b = ctx.body(issues);
  const siteId = requiredUuid(b, issues, 'siteId');
  ctx.checkQuery(q, ['skipValidation']);
  const skip = ctx.boolParam(q, 'skipValidation');
  let pathname;
  if (b) {
    if (!has(b, 'pathname')) issues.add('pathname', 'is required');
    else {
      const r = parseRoutePathname(b.pathname, skip);
      if (r.error) issues.add('pathname', r.error);
      else pathname = r.pathname;
    }
  }
  unknownFields(b, issues, ['siteId', 'pathname']);
  for (const d of q.list) issues.add(d.field, d.message); // query details after the body's
  issues.throwIfAny();
  const site = resolveSite(ctx, siteId);
  const clash = routeClash(ctx.st, site.id, pathname, null);
  if (clash) throw conflict(clash);
  return [201, renderRoute(makeRoute(ctx.st, site, pathname))];
}
function getRoute(ctx, { ref }) {
  const r = pathRoute(ctx, ref);
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId']);
  issues.throwIfAny();
  return [200, renderRoute(r), { etag: true }];
}
function updateRoute(ctx, { ref }) {
  const r = pathRoute(ctx, ref);
  const issues = new Issues();
  const b = ctx.body(issues, { patch: true });
  const q = new Issues();
  ctx.checkQuery(q, ['siteId', 'skipValidation']);
  const skip = ctx.boolParam(q, 'skipValidation');
  let pathname;
  if (b && has(b, 'pathname')) {
    const res = parseRoutePathname(b.pathname, skip);
    if (res.error) issues.add('pathname', res.error);
    else pathname = res.pathname;
  }
  unknownFields(b, issues, ['pathname'], ['object', 'id']);
  for (const d of q.list) issues.add(d.field, d.message);
  issues.throwIfAny();
  if (pathname !== undefined) {
    const clash = routeClash(ctx.st, r.siteId, pathname, r.id);
    if (clash) throw conflict(clash);
    r.pathname = pathname;
  }
  return [200, renderRoute(r)];
}
function deleteRoute(ctx, { ref }) {
  const r = pathRoute(ctx, ref);
  const issues = new Issues();
  ctx.checkQuery(issues, ['siteId']);
  issues.throwIfAny();
  ctx.st.routes.delete(r.id);
  return [204];
}

// ============================================================ routing
const ALL = ['app', 'site', 'public'];
const WRITE = ['app', 'site'];
const OPS = {
  listSites: [listSites, ['app']], createSite: [createSite, ['app']], getSite: [getSite, WRITE], updateSite: [updateSite, ['app']],
  deleteSite: [deleteSite, ['app']], duplicateSite: [duplicateSite, WRITE], sitePages: [sitePages, ALL],
  listLocales: [listLocales, ALL], createLocale: [createLocale, WRITE], getLocale: [getLocale, ALL], updateLocale: [updateLocale, WRITE],
  deleteLocale: [deleteLocale, WRITE], restoreLocale: [restoreLocale, WRITE],
  listPages: [listPages, ALL], createPage: [createPage, WRITE], getPage: [getPage, ALL], updatePage: [updatePage, WRITE], deletePage: [deletePage, WRITE],
  listRoutes: [listRoutes, ALL], createRoute: [createRoute, WRITE], getRoute: [getRoute, ALL], updateRoute: [updateRoute, WRITE], deleteRoute: [deleteRoute, WRITE],
};
/** Returns { methods: {GET: op,...}, params } or null for an unknown path. Throws 404 on undecodable segments. */
function matchPath(rawPath) {
  if (!rawPath.startsWith('/')) return null;
  const rest = (prefix) => {
    const raw = rawPath.slice(prefix.length);
    if (raw === '') return null;
    const decoded = raw.split('/').map((s) => decodeURIComponent(s)).join('/');
    if (!raw.includes('/') && isUuid(decoded)) return { id: decoded };
    return { pathname: decoded.startsWith('/') ? decoded : `/${decoded}` };
  };
  if (rawPath.startsWith('/v6/pages/')) {
    const ref = rest('/v6/pages/');
    return ref && { methods: { GET: 'getPage', PATCH: 'updatePage', DELETE: 'deletePage' }, params: { ref } };
  }
  if (rawPath.startsWith('/v2/routes/')) {
    const ref = rest('/v2/routes/');
    return ref && { methods: { GET: 'getRoute', PATCH: 'updateRoute', DELETE: 'deleteRoute' }, params: { ref } };
  }
  const segs = rawPath.split('/').slice(1).map((s) => decodeURIComponent(s));
  const [v, coll, id, sub, ...more] = segs;
  if (more.length) return null;
  if (v === 'v6' && coll === 'pages' && id === undefined) return { methods: { GET: 'listPages', POST: 'createPage' }, params: {} };
  if (v !== 'v2') return null;
  if (coll === 'sites') {
    if (id === undefined) return { methods: { GET: 'listSites', POST: 'createSite' }, params: {} };
    if (id === '') return null;
    if (sub === undefined) return { methods: { GET: 'getSite', PATCH: 'updateSite', DELETE: 'deleteSite' }, params: { siteId: id } };
    if (sub === 'duplicate') return { methods: { POST: 'duplicateSite' }, params: { siteId: id } };
    if (sub === 'pages') return { methods: { GET: 'sitePages' }, params: { siteId: id } };
    return null;
  }
  if (coll === 'locales') {
    if (id === undefined) return { methods: { GET: 'listLocales', POST: 'createLocale' }, params: {} };
    if (id === '') return null;
    if (sub === undefined) return { methods: { GET: 'getLocale', PATCH: 'updateLocale', DELETE: 'deleteLocale' }, params: { idOrCode: id } };
    if (sub === 'restore') return { methods: { POST: 'restoreLocale' }, params: { idOrCode: id } };
    return null;
  }
  if (coll === 'routes' && id === undefined) return { methods: { GET: 'listRoutes', POST: 'createRoute' }, params: {} };
  return null;
}

function authenticate(st, req) {
  const key = req.headers['x-api-key'];
  if (key === undefined || key === '') throw new ApiError(401, 'The x-api-key header is missing');
  if (isUuid(key)) {
    const k = key.toLowerCase();
    for (const s of st.sites.values()) {
      if (s.deleted) continue;
      if (s.siteKey === k) return { kind: 'site', siteId: s.id, workspaceId: s.workspaceId };
      if (s.publicApiKey === k) return { kind: 'public', siteId: s.id, workspaceId: s.workspaceId };
    }
  } else {
    const c = canonicalAppKey(key);
    if (c) for (const w of st.workspaces.values()) if (w.canonicalKey === c) return { kind: 'app', workspaceId: w.id };
  }
  throw new ApiError(401, 'The API key is not valid');
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'x-api-key' };
function send(res, method, status, body, extra = {}) {
  if (res.headersSent) return;
  if (status === 204) {
    res.writeHead(204, { 'cache-control': 'no-store', vary: 'x-api-key' });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  const headers = { ...JSON_HEADERS, 'content-length': Buffer.byteLength(text), ...extra };
  res.writeHead(status, headers);
  res.end(method === 'HEAD' ? undefined : text);
}
function errorBody(e) {
  const b = { object: 'error', code: CODES[e.status], message: e.message };
  if (e.status === 400) b.details = e.details && e.details.length ? e.details : [{ field: 'request', message: e.message }];
  return b;
}

const SOFT_LIMIT = 8192;
const HARD_LIMIT = 4 * 1024 * 1024;

function handler(st) {
  return (req, res) => {
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    let aborted = false;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > HARD_LIMIT) {
      aborted = true;
      res.setHeader('connection', 'close');
      send(res, req.method, 400, errorBody(bad('body', `must be at most ${SOFT_LIMIT} bytes`)));
      req.destroy();
      return;
    }
    req.on('data', (c) => {
      if (aborted) return;
      size += c.length;
      if (size > HARD_LIMIT) {
        aborted = true;
        res.setHeader('connection', 'close');
        send(res, req.method, 400, errorBody(bad('body', `must be at most ${SOFT_LIMIT} bytes`)));
        res.on('finish', () => req.destroy());
        return;
      }
      if (size > SOFT_LIMIT) tooLarge = true;
      else chunks.push(c);
    });
    req.on('error', () => {});
    req.on('end', () => {
      if (aborted) return;
      try {
        process1(st, req, res, { buffer: Buffer.concat(chunks), tooLarge });
      } catch (e) {
        process.stderr.write(`outsider9: unexpected ${e && e.stack}\n`);
        send(res, req.method, 400, errorBody(bad('request', 'could not be processed')));
      }
    });
  };
}

function process1(st, req, res, bodyInfo) {
  const method = req.method;
  try {
    const url = req.url || '';
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    const rawQuery = q < 0 ? '' : url.slice(q + 1).split('#')[0];
    const principal = authenticate(st, req);
    let m;
    try {
      m = matchPath(rawPath);
    } catch {
      throw notFound(`The path ${rawPath} is not valid percent-encoding`);
    }
    if (!m) throw notFound(`No resource at ${rawPath}`);
    const opName = m.methods[method === 'HEAD' ? 'GET' : method];
    if (!opName) throw notFound(`${method} is not supported on ${rawPath}`);
    const [fn, kinds] = OPS[opName];
    if (!kinds.includes(principal.kind)) {
      throw forbidden(`A ${principal.kind === 'app' ? 'App' : principal.kind === 'site' ? 'Site' : 'publishable'} API key cannot perform this operation`);
    }
    const ctx = new Ctx(st, req, principal, parseQuery(rawQuery), rawQuery, bodyInfo);
    const [status, body, opts = {}] = fn(ctx, m.params);
    const extra = {};
    if (opts.etag) extra.etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex').slice(0, 20)}"`;
    send(res, method, status, body, extra);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    send(res, method, e.status, errorBody(e));
  }
}

// ============================================================ server
export async function startServer({ port = 0 } = {}) {
  const st = createState();
  const { w1, w2, siteApiKey } = seed(st);
  const server = http.createServer({ maxHeaderSize: 16384, requestTimeout: 30000 }, handler(st));
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request', details: [{ field: 'request', message: 'is not a valid HTTP request' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url, baseUrl: url, apiKey: w1.appKey, workspaceId: w1.id, siteApiKey, otherApiKey: w2.appKey,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port: Number.isFinite(port) ? port : 0 });
  process.stdout.write(`${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`);
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
