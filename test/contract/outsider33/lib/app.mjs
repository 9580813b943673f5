// Views, ported from a Flask 3 blueprint layout: a before_request auth hook,
// Werkzeug-style URL rules, marshmallow schemas, get_or_404-then-authorise.
import {
  load, assertObjectBody, ValidationError, isCanonicalUuid, pyUuid, normalisePathname, MSG,
} from './validate.mjs';
import { collCmp, collEq, collStartsWith, isoTs, nowSeconds } from './store.mjs';

export class HttpError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}
const notFound = (what) => new HttpError(404, 'not_found', `${what} not found.`);
const forbidden = (msg = 'This API key does not have permission to access this resource.') => new HttpError(403, 'forbidden', msg);
const conflict = (msg) => new HttpError(409, 'conflict', msg);
const bad = (field, message) => new ValidationError([{ field, message }]);

// ---------------------------------------------------------------- serialisers
function siteOut(store, s) {
  const def = store.defaultLocale(s.id);
  return {
    object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
    defaultLocale: def ? def.code : 'en-US', defaultLocalePathPrefix: null,
    localeManagementMode: s.localeManagementMode,
  };
}
function localeOut(l) {
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: l.isDefault };
}
function routeOut(r) { return { object: 'route', id: r.id, pathname: r.pathname }; }
function pageOut(store, p, localeOverride) {
  const def = store.defaultLocale(p.siteId);
  const locs = [];
  for (const x of p.localizations) {
    const l = store.locales.get(x.localeId);
    if (l && !l.deletedAt) locs.push({ id: x.id, locale: l.code, pathname: x.pathname });
  }
  let pathname = p.pathname;
  let locale = def ? def.code : 'en-US';
  if (localeOverride && !localeOverride.isDefault) {
    const hit = p.localizations.find((x) => x.localeId === localeOverride.id);
    if (hit) { pathname = hit.pathname; locale = localeOverride.code; }
  }
  return {
    object: 'page', id: p.id, pathname,
    canonicalUrl: p.canonicalUrl, title: p.title, description: p.description, socialImageUrl: p.socialImageUrl,
    sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency,
    createdAt: isoTs(p.createdAt), updatedAt: isoTs(p.updatedAt), publishedAt: isoTs(p.publishedAt),
    isOnline: p.isOnline, excludedFromSearchEngines: p.excludedFromSearchEngines,
    locale, localizations: locs,
  };
}

// ---------------------------------------------------------------- helpers
function canAccessSite(principal, site) {
  if (principal.kind === 'site') return principal.siteId === site.id;
  return principal.workspaceId === site.workspaceId;
}
function siteOr404(store, principal, siteId) {
  const site = store.sites.get(siteId);
  if (!site) throw notFound('Site');
  if (!canAccessSite(principal, site)) throw forbidden();
  return site;
}
function requireAppKey(principal) {
  if (principal.kind !== 'app') throw forbidden('A Site API key cannot perform this operation.');
}
function validated(fn) {
  const errors = [];
  const out = fn(errors);
  if (errors.length) throw new ValidationError(errors);
  return out;
}
function bodyObject(req) {
  const b = req.body === undefined ? {} : req.body; // empty body == {}
  assertObjectBody(b);
  return b;
}
// Keyset pagination: rows already in total order; cursor row located by id in
// `universe` (same scope); an unknown cursor compares like SQL NULL => no rows.
function paginate(rows, { limit, startingAfter, universe, cmp }) {
  let after = rows;
  if (startingAfter) {
    const cur = universe.find((r) => r.id === startingAfter);
    if (!cur) return { rows: [], hasMore: false };
    after = rows.filter((r) => cmp(r, cur) > 0);
  }
  const page = after.slice(0, limit);
  return { rows: page, hasMore: after.length > limit };
}
const byCreatedThenId = (a, b) => (a.createdAt - b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const idCmp = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const LIST_LIMIT_LOCALES = { type: 'limit', min: 1, max: 100, default: 20 };
const LIST_LIMIT_OTHER = { type: 'limit', min: 0, max: 100, default: 20 };
const TF = ['true', 'false'];

// ---------------------------------------------------------------- sites
const SiteCreate = [
  ['workspaceId', { type: 'uuid', required: true }],
  ['name', { type: 'string', required: true, max: 255 }],
  ['hostOrigin', { type: 'url' }],
  ['defaultLocale', { type: 'locale', default: 'en-US' }],
];
const SiteUpdate = [
  ['name', { type: 'string', max: 255 }],
  ['hostOrigin', { type: 'url' }],
  ['defaultLocale', { reject: true }],
];
const SiteDuplicate = [['name', { type: 'string', required: true, max: 255 }]];

function createSite({ store, principal, req }) {
  const b = bodyObject(req);
  const v = validated((e) => load(SiteCreate, b, e));
  if (principal.kind !== 'app' || principal.workspaceId !== v.workspaceId) throw forbidden('This API key does not have permission to create sites in this workspace.');
  const site = store.createSite({ workspaceId: v.workspaceId, name: v.name, hostOrigin: v.hostOrigin ?? null, defaultLocale: v.defaultLocale });
  return [201, siteOut(store, site)];
}
function listSites({ store, principal, query }) {
  const v = validated((e) => load([
    ['workspaceId', { type: 'uuid', required: true }],
    ['limit', LIST_LIMIT_OTHER],
    ['startingAfter', { type: 'uuid' }],
  ], query, e));
  if (principal.workspaceId !== v.workspaceId) throw forbidden('This API key does not have permission to list sites of this workspace.');
  let rows = [...store.sites.values()].filter((s) => s.workspaceId === v.workspaceId);
  if (principal.kind === 'site') rows = rows.filter((s) => s.id === principal.siteId);
  rows.sort(byCreatedThenId);
  const r = paginate(rows, { limit: v.limit, startingAfter: v.startingAfter, universe: rows, cmp: byCreatedThenId });
  return [200, { object: 'list', data: r.rows.map((s) => siteOut(store, s)), hasMore: r.hasMore }];
}
function getSite({ store, principal, params }) {
  return [200, siteOut(store, siteOr404(store, principal, params.siteId))];
}
function updateSite({ store, principal, params, req }) {
  const site = siteOr404(store, principal, params.siteId);
  const b = bodyObject(req);
  const v = validated((e) => load(SiteUpdate, b, e));
  if ('name' in v) site.name = v.name;
  if ('hostOrigin' in v) site.hostOrigin = v.hostOrigin;
  return [200, siteOut(store, site)];
}
function deleteSite({ store, principal, params }) {
  const site = siteOr404(store, principal, params.siteId);
  requireAppKey(principal);
  store.deleteSite(site.id);
  return [204, null];
}
function duplicateSite({ store, principal, params, req }) {
  const site = siteOr404(store, principal, params.siteId);
  requireAppKey(principal);
  const b = bodyObject(req);
  const v = validated((e) => load(SiteDuplicate, b, e));
  return [201, siteOut(store, store.duplicateSite(site, v.name))];
}

// ---------------------------------------------------------------- locales
const LocaleCreate = [
  ['siteId', { type: 'uuid', required: true }],
  ['locale', { type: 'locale', required: true }],
  ['domain', { type: 'url' }],
];
const LocaleUpdate = [
  ['locale', { type: 'locale' }],
  ['domain', { type: 'url', allowNull: true }],
];

function listLocales({ store, principal, query }) {
  const v = validated((e) => load([
    ['siteId', { type: 'uuid', required: true }],
    ['limit', LIST_LIMIT_LOCALES],
    ['startingAfter', { type: 'uuid' }],
  ], query, e));
  const site = siteOr404(store, principal, v.siteId);
  const cmp = (a, b) => collCmp(a.code, b.code) || idCmp(a, b);
  const rows = store.siteLocales(site.id).sort(cmp);
  const universe = store.siteLocales(site.id, { withDeleted: true }); // tombstones still work as cursors
  const r = paginate(rows, { limit: v.limit, startingAfter: v.startingAfter, universe, cmp });
  return [200, { object: 'list', data: r.rows.map(localeOut), hasMore: r.hasMore }];
}
function createLocale({ store, principal, req }) {
  const b = bodyObject(req);
  const v = validated((e) => load(LocaleCreate, b, e));
  const site = siteOr404(store, principal, v.siteId);
  if (store.activeLocaleByCode(site.id, v.locale)) throw conflict(`Locale ${v.locale} already exists for this site.`);
  return [201, localeOut(store.createLocale({ siteId: site.id, code: v.locale, domain: v.domain ?? null }))];
}
// Resolve {localeIdOrCode} + ?siteId. mode: 'active' | 'restore'
function resolveLocale(store, principal, idOrCode, query, mode = 'active') {
  const q = validated((e) => load([['siteId', { type: 'uuid' }]], query, e));
  if (isCanonicalUuid(idOrCode)) {
    const loc = store.locales.get(idOrCode.toLowerCase());
    if (loc && (mode === 'restore' || !loc.deletedAt)) {
      siteOr404(store, principal, loc.siteId);
      return loc;
    }
    if (!q.siteId) throw notFound('Locale');
  }
  if (!q.siteId) throw bad('siteId', MSG.required);
  const site = siteOr404(store, principal, q.siteId);
  const active = store.activeLocaleByCode(site.id, idOrCode);
  if (mode === 'active') { if (!active) throw notFound('Locale'); return active; }
  if (active) throw conflict(`Locale ${active.code} is not deleted.`);
  const gone = store.siteLocales(site.id, { withDeleted: true })
    .filter((l) => l.deletedAt && collEq(l.code, idOrCode))
    .sort((a, b) => b.deletedAt - a.deletedAt || idCmp(a, b));
  if (!gone.length) throw notFound('Locale');
  return gone[0];
}
function getLocale({ store, principal, params, query }) {
  return [200, localeOut(resolveLocale(store, principal, params.localeIdOrCode, query))];
}
function updateLocale({ store, principal, params, query, req }) {
  const loc = resolveLocale(store, principal, params.localeIdOrCode, query);
  const b = bodyObject(req);
  const v = validated((e) => load(LocaleUpdate, b, e));
  if ('locale' in v) {
    const other = store.activeLocaleByCode(loc.siteId, v.locale);
    if (other && other.id !== loc.id) throw conflict(`Locale ${v.locale} already exists for this site.`);
  }
  if ('locale' in v) loc.code = v.locale;
  if ('domain' in v) loc.domain = v.domain;
  return [200, localeOut(loc)];
}
function deleteLocale({ store, principal, params, query }) {
  const loc = resolveLocale(store, principal, params.localeIdOrCode, query);
  if (loc.isDefault) throw bad('localeIdOrCode', 'The default locale of a site cannot be deleted.');
  loc.deletedAt = Date.now();
  return [204, null];
}
function restoreLocale({ store, principal, params, query }) {
  const loc = resolveLocale(store, principal, params.localeIdOrCode, query, 'restore');
  if (!loc.deletedAt) throw conflict(`Locale ${loc.code} is not deleted.`);
  if (store.activeLocaleByCode(loc.siteId, loc.code)) throw conflict(`Locale ${loc.code} already exists for this site.`);
  loc.deletedAt = null;
  return [200, localeOut(loc)];
}

// ---------------------------------------------------------------- pages
const PageCreate = [
  ['siteId', { type: 'uuid', required: true }],
  ['pathname', { type: 'pathname', required: true }],
  ['name', { type: 'string', required: true, min: 1, max: 255 }],
];
const PageUpdate = [
  ['pathname', { type: 'pathname' }],
  ['name', { type: 'string', min: 1, max: 255 }],
  ['isOnline', { type: 'boolean' }],
];
const VERSION_REFS = ['ref:live', 'ref:draft'];
const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'];

function createPage({ store, principal, req }) {
  const b = bodyObject(req);
  const v = validated((e) => load(PageCreate, b, e));
  const site = siteOr404(store, principal, v.siteId);
  if (store.pathnameTaken(site.id, v.pathname)) throw conflict('A page or route with this pathname already exists.');
  return [201, pageOut(store, store.createPage({ siteId: site.id, pathname: v.pathname, name: v.name }))];
}
function listPagesCore(store, principal, query, siteIdFromPath) {
  const schema = [
    ['siteId', { type: 'uuid', required: !siteIdFromPath }],
    ['limit', LIST_LIMIT_OTHER],
    ['startingAfter', { type: 'uuid' }],
    ['pathPrefix', { type: 'string', default: '/' }],
    ['sortBy', { type: 'string', oneOf: SORT_BY, default: 'path' }],
    ['sortDirection', { type: 'string', oneOf: ['asc', 'desc'], default: 'asc' }],
    ['includeOffline', { type: 'string', oneOf: TF, default: 'false' }],
    ['locale', { type: 'string' }],
    ['versionRef', { type: 'string', oneOf: VERSION_REFS, default: 'ref:draft' }],
  ];
  const v = validated((e) => load(schema, siteIdFromPath ? { ...query, siteId: undefined } : query, e));
  const site = siteOr404(store, principal, siteIdFromPath || v.siteId);
  const live = v.versionRef === 'ref:live';
  const all = store.sitePages(site.id).map((p) => (live ? p.live : p)).filter(Boolean);
  let rows = all.filter((p) => collStartsWith(p.pathname, v.pathPrefix));
  if (v.includeOffline !== 'true') rows = rows.filter((p) => p.isOnline);
  if (v.locale !== undefined) {
    const loc = store.siteLocales(site.id).find((l) => collEq(l.code, v.locale) || l.id === v.locale.toLowerCase());
    if (!loc) rows = [];
    else if (!loc.isDefault) rows = rows.filter((p) => p.localizations.some((x) => x.localeId === loc.id));
  }
  const key = { title: 'title', path: 'pathname', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' }[v.sortBy];
  const dir = v.sortDirection === 'desc' ? -1 : 1;
  const cmpVal = (a, b) => {
    const x = a[key]; const y = b[key];
    if (x === y) return 0;
    if (x == null) return -1; // MySQL: NULL sorts first ascending
    if (y == null) return 1;
    return typeof x === 'string' ? collCmp(x, y) : x - y;
  };
  const cmp = (a, b) => dir * (cmpVal(a, b) || idCmp(a, b));
  rows.sort(cmp);
  const r = paginate(rows, { limit: v.limit, startingAfter: v.startingAfter, universe: all, cmp });
  return [200, { object: 'list', data: r.rows.map((p) => pageOut(store, p)), hasMore: r.hasMore }];
}
function listPages({ store, principal, query }) { return listPagesCore(store, principal, query, null); }
function listSitePages({ store, principal, query, params }) { return listPagesCore(store, principal, query, params.siteId); }

function resolvePage(store, principal, idOrPath, query) {
  const q = validated((e) => load([['siteId', { type: 'uuid' }]], query, e));
  if (isCanonicalUuid(idOrPath)) {
    const p = store.pages.get(idOrPath.toLowerCase());
    if (p) { siteOr404(store, principal, p.siteId); return p; }
    if (!q.siteId) throw notFound('Page');
  }
  if (!q.siteId) throw bad('siteId', MSG.required);
  const site = siteOr404(store, principal, q.siteId);
  const path = normalisePathname(idOrPath);
  const p = store.sitePages(site.id).find((x) => collEq(x.pathname, path));
  if (!p) throw notFound('Page');
  return p;
}
function getPage({ store, principal, params, query }) {
  const p = resolvePage(store, principal, params.pageIdOrPathname, query);
  const v = validated((e) => load([
    ['versionRef', { type: 'string', oneOf: VERSION_REFS, default: 'ref:draft' }],
    ['locale', { type: 'string' }],
  ], query, e));
  const src = v.versionRef === 'ref:live' ? p.live : p;
  if (!src) throw notFound('Published page');
  let loc = null;
  if (v.locale !== undefined) {
    loc = store.siteLocales(p.siteId).find((l) => collEq(l.code, v.locale) || l.id === (pyUuid(v.locale) || ''));
  }
  return [200, pageOut(store, src, loc)];
}
function updatePage({ store, principal, params, query, req }) {
  const p = resolvePage(store, principal, params.pageIdOrPathname, query);
  const b = bodyObject(req);
  const v = validated((e) => load(PageUpdate, b, e));
  if ('pathname' in v && store.pathnameTaken(p.siteId, v.pathname, { exceptPageId: p.id })) {
    throw conflict('A page or route with this pathname already exists.');
  }
  let changed = false;
  for (const k of ['pathname', 'name', 'isOnline']) {
    if (k in v && p[k] !== v[k]) { p[k] = v[k]; changed = true; }
  }
  if (changed) p.updatedAt = nowSeconds(); // ON UPDATE CURRENT_TIMESTAMP: only on a real change
  return [200, pageOut(store, p)];
}
function deletePage({ store, principal, params, query }) {
  const p = resolvePage(store, principal, params.pageIdOrPathname, query);
  store.pages.delete(p.id);
  return [204, null];
}

// ---------------------------------------------------------------- routes
const routeQuery = [['siteId', { type: 'uuid' }]];
function resolveRoute(store, principal, idOrPath, query) {
  const q = validated((e) => load(routeQuery, query, e));
  if (isCanonicalUuid(idOrPath)) {
    const r = store.routes.get(idOrPath.toLowerCase());
    if (r) { siteOr404(store, principal, r.siteId); return r; }
    if (!q.siteId) throw notFound('Route');
  }
  if (!q.siteId) throw bad('siteId', MSG.required);
  const site = siteOr404(store, principal, q.siteId);
  const path = normalisePathname(idOrPath);
  const r = store.siteRoutes(site.id).find((x) => collEq(x.pathname, path));
  if (!r) throw notFound('Route');
  return r;
}
function updateRoute({ store, principal, params, query, req }) {
  const r = resolveRoute(store, principal, params.routeIdOrPathname, query);
  const q = validated((e) => load([['skipValidation', { type: 'string', oneOf: TF, default: 'false' }]], query, e));
  const b = bodyObject(req);
  const v = validated((e) => load([['pathname', { type: 'pathname', skipRules: q.skipValidation === 'true' }]], b, e));
  if ('pathname' in v) {
    if (store.pathnameTaken(r.siteId, v.pathname, { exceptRouteId: r.id })) throw conflict('A page or route with this pathname already exists.');
    r.pathname = v.pathname;
  }
  return [200, routeOut(r)];
}
function createRoute({ store, principal, req, query }) {
  const q = validated((e) => load([['skipValidation', { type: 'string', oneOf: TF, default: 'false' }]], query, e));
  const b = bodyObject(req);
  const v = validated((e) => load([
    ['siteId', { type: 'uuid', required: true }],
    ['pathname', { type: 'pathname', required: true, skipRules: q.skipValidation === 'true' }],
  ], b, e));
  const site = siteOr404(store, principal, v.siteId);
  if (store.pathnameTaken(site.id, v.pathname)) throw conflict('A page or route with this pathname already exists.');
  return [201, routeOut(store.createRoute({ siteId: site.id, pathname: v.pathname }))];
}
function listRoutes({ store, principal, query }) {
  const v = validated((e) => load([
    ['siteId', { type: 'uuid', required: true }],
    ['limit', LIST_LIMIT_OTHER],
    ['startingAfter', { type: 'uuid' }],
  ], query, e));
  const site = siteOr404(store, principal, v.siteId);
  const cmp = (a, b) => collCmp(a.pathname, b.pathname) || idCmp(a, b);
  const rows = store.siteRoutes(site.id).sort(cmp);
  const r = paginate(rows, { limit: v.limit, startingAfter: v.startingAfter, universe: rows, cmp });
  return [200, { object: 'list', data: r.rows.map(routeOut), hasMore: r.hasMore }];
}
function getRoute({ store, principal, params, query }) {
  return [200, routeOut(resolveRoute(store, principal, params.routeIdOrPathname, query))];
}
function deleteRoute({ store, principal, params, query }) {
  const r = resolveRoute(store, principal, params.routeIdOrPathname, query);
  store.routes.delete(r.id);
  return [204, null];
}

// ---------------------------------------------------------------- URL map
// Converters: uuid (Werkzeug UuidConverter: hyphenated only), string (no '/'),
// path (rest of the URL; unlike Werkzeug a leading '/' is allowed so that an
// encoded pathname like %2Fabout works).
export const URL_MAP = [
  ['/v2/sites', { GET: listSites, POST: createSite }],
  ['/v2/sites/<uuid:siteId>', { GET: getSite, PATCH: updateSite, DELETE: deleteSite }],
  ['/v2/sites/<uuid:siteId>/duplicate', { POST: duplicateSite }],
  ['/v2/sites/<uuid:siteId>/pages', { GET: listSitePages }],
  ['/v2/locales', { GET: listLocales, POST: createLocale }],
  ['/v2/locales/<string:localeIdOrCode>', { GET: getLocale, PATCH: updateLocale, DELETE: deleteLocale }],
  ['/v2/locales/<string:localeIdOrCode>/restore', { POST: restoreLocale }],
  ['/v6/pages', { GET: listPages, POST: createPage }],
  ['/v6/pages/<path:pageIdOrPathname>', { GET: getPage, PATCH: updatePage, DELETE: deletePage }],
  ['/v2/routes', { GET: listRoutes, POST: createRoute }],
  ['/v2/routes/<path:routeIdOrPathname>', { GET: getRoute, PATCH: updateRoute, DELETE: deleteRoute }],
].map(([rule, methods]) => {
  let src = '^';
  const names = [];
  for (const part of rule.split(/(<[^>]+>)/)) {
    const m = /^<(\w+):(\w+)>$/.exec(part);
    if (!m) { src += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); continue; }
    names.push([m[2], m[1]]);
    if (m[1] === 'uuid') src += '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';
    else if (m[1] === 'string') src += '([^/]+)';
    else src += '(.+)';
  }
  return { re: new RegExp(src + '$', 's'), names, methods };
});

export function match(path) {
  for (const r of URL_MAP) {
    const m = r.re.exec(path);
    if (!m) continue;
    const params = {};
    r.names.forEach(([n, conv], i) => { params[n] = conv === 'uuid' ? m[i + 1].toLowerCase() : m[i + 1]; });
    return { methods: r.methods, params };
  }
  return null;
}
