// The controllers: before_actions (authorize the key kind, find, authorize the record), strong
// parameters, model validations, then save (uniqueness -> 409). Each action returns [status, body, headers].
import { ApiError, Errors, badRequest, notFound, forbidden, conflict } from './errors.mjs';
import { scalar } from './query.mjs';
import { parseFieldUuid, parseUuid, sameText, collate, likePrefix, publish } from './store.mjs';
import { nowMicros } from './clock.mjs';
import {
  localeCodeProblem, normalizePathname, pagePathnameProblem, routePathnameProblem, rawRouteProblem, originOf,
  limitProblem, uuidProblem, SITE_NAME_MAX, PAGE_NAME_MAX, PATHNAME_MAX, ORIGIN_MAX, tooLong, cpLength, isBlank,
} from './rules.mjs';
import { siteJson, localeJson, routeJson, pageView, pageJson, listJson } from './views.mjs';

// ---- key kinds (the policy checked before anything else in the action) ----
const READ = ['app', 'site', 'public'];
const WRITE = ['app', 'site'];
const POLICY = {
  'sites#index': ['app'], 'sites#create': ['app'], 'sites#show': WRITE, 'sites#update': WRITE,
  'sites#destroy': WRITE, 'sites#duplicate': WRITE, 'site_pages#index': READ,
  'locales#index': READ, 'locales#show': READ, 'locales#create': WRITE, 'locales#update': WRITE,
  'locales#destroy': WRITE, 'locales#restore': WRITE,
  'pages#index': READ, 'pages#show': READ, 'pages#create': WRITE, 'pages#update': WRITE, 'pages#destroy': WRITE,
  'routes#index': READ, 'routes#show': READ, 'routes#create': WRITE, 'routes#update': WRITE, 'routes#destroy': WRITE,
};
export function authorizeKind(action, key) {
  if (!POLICY[action].includes(key.kind)) throw forbidden();
}
function authorizeSite(ctx, site) {
  const k = ctx.key;
  if (k.kind === 'app' ? site.workspacePk !== k.workspacePk : site.pk !== k.site.pk) throw forbidden();
}

// ---- strong parameters ----
function permit(ctx, allowed) {
  const body = ctx.body();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'bad_request', 'found unpermitted parameter: :_json', [{ field: '_json', message: 'The request body must be a JSON object' }]);
  }
  const bad = Object.keys(body).filter((k) => !allowed.includes(k) || (body[k] !== null && typeof body[k] === 'object'));
  if (bad.length) {
    throw new ApiError(400, 'bad_request', `found unpermitted parameter${bad.length > 1 ? 's' : ''}: ${bad.map((k) => ':' + k).join(', ')}`,
      bad.map((k) => ({ field: k, message: `${k} is not permitted` })));
  }
  return body;
}
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

// A string attribute: undefined when absent; `invalid` when not a string (and not null).
function stringField(errors, body, field) {
  if (!has(body, field)) return undefined;
  const v = body[field];
  if (v !== null && typeof v !== 'string') { errors.add(field, 'is invalid'); return undefined; }
  return v;
}

// ---- query parameters ----
function requiredUuidQuery(ctx, name, errors) {
  const raw = scalar(ctx.query, name);
  if (raw === undefined) { errors.add(name, "can't be blank"); return null; }
  const id = parseFieldUuid(raw);
  if (!id) errors.add(name, 'is not a valid UUID');
  return id;
}
function readLimit(ctx, errors) {
  const raw = scalar(ctx.query, 'limit');
  if (raw === undefined) return 20;
  const p = limitProblem(raw);
  if (p) { errors.add('limit', p); return 20; }
  return Number(raw);
}
function readCursor(ctx, errors) {
  const raw = scalar(ctx.query, 'startingAfter');
  if (raw === undefined) return null;
  const id = parseUuid(raw);
  if (!id) errors.add('startingAfter', 'is not a valid UUID');
  return id;
}
function readEnum(ctx, name, values, dflt, errors) {
  const raw = scalar(ctx.query, name);
  if (raw === undefined) return dflt;
  if (!values.includes(raw)) { errors.add(name, 'is not included in the list'); return dflt; }
  return raw;
}
const invalidCursor = () => badRequest('startingAfter', 'is invalid', 'Starting after does not name an item of this list');

// Keyset page: items after the cursor in `cmp` order, limit + 1 read to know hasMore.
function paginate(items, cmp, cursorItem, limit) {
  const sorted = [...items].sort(cmp);
  const after = cursorItem ? sorted.filter((x) => cmp(x, cursorItem) > 0) : sorted;
  return { data: after.slice(0, limit), hasMore: after.length > limit };
}

// ---- finders ----
function findSite(ctx, id) {
  const site = ctx.db.siteById(id);
  if (!site) throw notFound('Site');
  authorizeSite(ctx, site);
  return site;
}
function siteFromPath(ctx) {
  const id = parseUuid(ctx.params.siteId);
  if (!id) throw notFound('Site');
  return findSite(ctx, id);
}
// `siteId` in the query: required (as `required` says) or only when a code/pathname is used.
function siteFromQuery(ctx, required, message) {
  const errors = new Errors();
  const raw = scalar(ctx.query, 'siteId');
  if (raw === undefined) {
    if (!required) return null;
    errors.add('siteId', "can't be blank").raise('request', message);
  }
  const id = parseFieldUuid(raw);
  if (!id) errors.add('siteId', 'is not a valid UUID').raise('request');
  return findSite(ctx, id);
}

function findLocale(ctx, { withDiscarded = false } = {}) {
  const db = ctx.db;
  const v = ctx.params.localeIdOrCode;
  const id = parseUuid(v);
  const site = siteFromQuery(ctx, !id, 'siteId is required when a locale code is used');
  let loc;
  if (id) {
    loc = db.locales.find((l) => l.id === id && (withDiscarded || !l.discardedAt));
    if (!loc || (site && loc.sitePk !== site.pk)) throw notFound('Locale', 'public_id');
    if (!site) authorizeSite(ctx, db.siteByPk(loc.sitePk));
  } else {
    const all = db.locales.filter((l) => l.sitePk === site.pk && sameText(l.code, v));
    loc = all.find((l) => !l.discardedAt);
    if (!loc && withDiscarded) loc = all.filter((l) => l.discardedAt).sort((a, b) => b.discardedAt - a.discardedAt)[0];
    if (!loc) throw notFound('Locale', 'code');
  }
  return { loc, site: db.siteByPk(loc.sitePk) };
}

function versionOf(ctx, errors) {
  return readEnum(ctx, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft', errors) === 'ref:live' ? 'live' : 'draft';
}

function findPage(ctx, version) {
  const db = ctx.db;
  const v = ctx.params.pageIdOrPathname;
  const id = parseUuid(v);
  const site = siteFromQuery(ctx, !id, 'siteId is required when a pathname is used');
  let page;
  if (id) {
    page = db.pages.find((p) => p.id === id);
    if (!page || (site && page.sitePk !== site.pk)) throw notFound('Page');
    if (!site) authorizeSite(ctx, db.siteByPk(page.sitePk));
  } else {
    const pathname = normalizePathname(v) || '/';
    page = db.pagesOf(site).find((p) => {
      const base = version === 'live' ? p.live : p;
      return base && sameText(base.pathname, pathname);
    });
    if (!page) throw notFound('Page', 'pathname');
  }
  return page;
}

function findRoute(ctx) {
  const db = ctx.db;
  const v = ctx.params.routeIdOrPathname;
  const id = parseUuid(v);
  const site = siteFromQuery(ctx, !id, 'siteId is required when a pathname is used');
  let r;
  if (id) {
    r = db.routes.find((x) => x.id === id);
    if (!r || (site && r.sitePk !== site.pk)) throw notFound('Route');
    if (!site) authorizeSite(ctx, db.siteByPk(r.sitePk));
  } else {
    const pathname = normalizePathname(v) || '/';
    r = db.routesOf(site).find((x) => sameText(x.pathname, pathname));
    if (!r) throw notFound('Route', 'pathname');
  }
  return r;
}

const location = (ctx, path) => ({ location: `${ctx.baseUrl}${path}` });

// ---- sites ----
const siteOrder = (a, b) => collate(a.name, b.name) || a.pk - b.pk;

function sitesIndex(ctx) {
  const errors = new Errors();
  const wsId = requiredUuidQuery(ctx, 'workspaceId', errors);
  errors.raise('request');
  const ws = ctx.db.workspaceById(wsId);
  if (!ws || ws.pk !== ctx.key.workspacePk) throw forbidden();
  const limit = readLimit(ctx, errors);
  const cursorId = readCursor(ctx, errors);
  errors.raise('request');
  const sites = ctx.db.sites.filter((s) => s.workspacePk === ws.pk);
  let cursor = null;
  if (cursorId) { cursor = sites.find((s) => s.id === cursorId); if (!cursor) throw invalidCursor(); }
  const { data, hasMore } = paginate(sites, siteOrder, cursor, limit);
  return [200, listJson(data.map((s) => siteJson(ctx.db, s)), hasMore)];
}

function validateSiteName(errors, name) {
  if (isBlank(name)) errors.add('name', "can't be blank");
  else if (cpLength(name) > SITE_NAME_MAX) errors.add('name', tooLong(SITE_NAME_MAX));
}
function validateOrigin(errors, field, v) {
  if (v === null || v === undefined) return v;
  if (v.length > ORIGIN_MAX) { errors.add(field, tooLong(ORIGIN_MAX)); return undefined; }
  const o = originOf(v);
  if (!o) { errors.add(field, field === 'domain' ? 'is not a valid URL (it must include the protocol)' : 'is not a valid URL'); return undefined; }
  return o;
}

function sitesCreate(ctx) {
  const body = permit(ctx, ['workspaceId', 'name', 'hostOrigin', 'defaultLocale']);
  const errors = new Errors();
  const wsRaw = stringField(errors, body, 'workspaceId');
  if (isBlank(wsRaw)) errors.add('workspaceId', "can't be blank");
  else if (!errors.has('workspaceId') && uuidProblem(wsRaw)) errors.add('workspaceId', uuidProblem(wsRaw));
  errors.raise('site', errors.size && isBlank(wsRaw) ? 'Missing workspaceId field.' : undefined);
  const ws = ctx.db.workspaceById(parseUuid(wsRaw));
  if (!ws || ws.pk !== ctx.key.workspacePk) throw forbidden();
  const name = stringField(errors, body, 'name');
  if (!errors.has('name')) validateSiteName(errors, name);
  let hostOrigin = stringField(errors, body, 'hostOrigin');
  if (!errors.has('hostOrigin')) hostOrigin = validateOrigin(errors, 'hostOrigin', hostOrigin);
  let code = stringField(errors, body, 'defaultLocale');
  if (code == null) code = 'en-US';
  else if (!errors.has('defaultLocale')) { const p = localeCodeProblem(code); if (p) errors.add('defaultLocale', p); }
  errors.raise('site');
  const site = ctx.db.insertSite({ workspacePk: ws.pk, name, hostOrigin: hostOrigin ?? null });
  ctx.db.insertLocale(site, { code, isDefault: true });
  return [201, siteJson(ctx.db, site), location(ctx, `/v2/sites/${site.id}`)];
}

function sitesShow(ctx) {
  return [200, siteJson(ctx.db, siteFromPath(ctx))];
}

function sitesUpdate(ctx) {
  const site = siteFromPath(ctx);
  const body = permit(ctx, ['name', 'hostOrigin']);
  const errors = new Errors();
  const name = stringField(errors, body, 'name');
  if (name !== undefined && !errors.has('name')) validateSiteName(errors, name);
  let hostOrigin = stringField(errors, body, 'hostOrigin');
  if (hostOrigin !== undefined && !errors.has('hostOrigin')) hostOrigin = validateOrigin(errors, 'hostOrigin', hostOrigin);
  errors.raise('site');
  let changed = false;
  if (name !== undefined && name !== site.name) { site.name = name; changed = true; }
  if (has(body, 'hostOrigin') && hostOrigin !== undefined && hostOrigin !== site.hostOrigin) { site.hostOrigin = hostOrigin; changed = true; }
  if (changed) site.updatedAt = nowMicros();
  return [200, siteJson(ctx.db, site)];
}

function sitesDestroy(ctx) {
  ctx.db.destroySite(siteFromPath(ctx));
  return [204];
}

// amoeba-style deep copy: kept locales (with domains), pages (with live versions and localizations), routes.
function sitesDuplicate(ctx) {
  const db = ctx.db;
  const src = siteFromPath(ctx);
  const body = permit(ctx, ['name']);
  const errors = new Errors();
  const name = stringField(errors, body, 'name');
  if (!errors.has('name')) validateSiteName(errors, name);
  errors.raise('site');
  const copy = db.insertSite({ workspacePk: src.workspacePk, name, hostOrigin: src.hostOrigin, localeManagementMode: src.localeManagementMode });
  const localeMap = new Map();
  for (const l of db.keptLocales(src).sort((a, b) => a.pk - b.pk)) {
    localeMap.set(l.pk, db.insertLocale(copy, { code: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault }));
  }
  for (const p of db.pagesOf(src).sort((a, b) => a.pk - b.pk)) {
    const t = nowMicros();
    const np = db.insertPage(copy, {
      pathname: p.pathname, name: p.name, title: p.title, description: p.description, canonicalUrl: p.canonicalUrl,
      socialImageUrl: p.socialImageUrl, sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency,
      excludedFromSearchEngines: p.excludedFromSearchEngines, isOnline: p.isOnline, publishedAt: p.publishedAt,
      createdAt: t, updatedAt: t, live: p.live ? { ...p.live, createdAt: t, updatedAt: t } : null,
    });
    for (const z of db.localizationsOf(p)) {
      const nl = localeMap.get(z.localePk);
      if (nl) db.insertLocalization(np, nl, { pathname: z.pathname, title: z.title, description: z.description });
    }
  }
  for (const r of db.routesOf(src).sort((a, b) => a.pk - b.pk)) db.insertRoute(copy, r.pathname);
  return [201, siteJson(db, copy), location(ctx, `/v2/sites/${copy.id}`)];
}

// ---- locales ----
const localeOrder = (a, b) => (b.isDefault - a.isDefault) || collate(a.code, b.code) || a.pk - b.pk;

function localesIndex(ctx) {
  const site = siteFromQuery(ctx, true);
  const errors = new Errors();
  const limit = readLimit(ctx, errors);
  const cursorId = readCursor(ctx, errors);
  errors.raise('request');
  let cursor = null;
  if (cursorId) {
    cursor = ctx.db.locales.find((l) => l.id === cursorId && l.sitePk === site.pk);
    if (!cursor) throw invalidCursor();
  }
  const { data, hasMore } = paginate(ctx.db.keptLocales(site), localeOrder, cursor, limit);
  return [200, listJson(data.map(localeJson), hasMore)];
}

function localesShow(ctx) {
  return [200, localeJson(findLocale(ctx).loc)];
}

function checkLocaleClash(db, site, code, domain, self) {
  const kept = db.keptLocales(site).filter((l) => l !== self);
  if (code != null && kept.some((l) => sameText(l.code, code))) throw conflict('Locale has already been taken');
  if (domain != null && kept.some((l) => sameText(l.domain, domain))) throw conflict('Domain has already been taken');
}

function localesCreate(ctx) {
  const db = ctx.db;
  const body = permit(ctx, ['siteId', 'locale', 'domain']);
  const errors = new Errors();
  const siteRaw = stringField(errors, body, 'siteId');
  if (isBlank(siteRaw)) errors.add('siteId', "can't be blank");
  else if (!errors.has('siteId') && uuidProblem(siteRaw)) errors.add('siteId', uuidProblem(siteRaw));
  errors.raise('locale', errors.size && isBlank(siteRaw) ? 'Missing siteId field.' : undefined);
  const site = findSite(ctx, parseUuid(siteRaw));
  const code = stringField(errors, body, 'locale');
  if (!errors.has('locale')) {
    if (isBlank(code)) errors.add('locale', "can't be blank");
    else { const p = localeCodeProblem(code); if (p) errors.add('locale', p); }
  }
  let domain = stringField(errors, body, 'domain');
  if (!errors.has('domain')) domain = validateOrigin(errors, 'domain', domain);
  errors.raise('locale');
  checkLocaleClash(db, site, code, domain ?? null, null);
  const loc = db.insertLocale(site, { code, domain: domain ?? null });
  return [201, localeJson(loc), location(ctx, `/v2/locales/${loc.id}`)];
}

function localesUpdate(ctx) {
  const db = ctx.db;
  const { loc, site } = findLocale(ctx);
  const body = permit(ctx, ['locale', 'domain']);
  const errors = new Errors();
  const code = stringField(errors, body, 'locale');
  if (code !== undefined && !errors.has('locale')) {
    if (isBlank(code)) errors.add('locale', "can't be blank");
    else {
      const p = localeCodeProblem(code);
      if (p) errors.add('locale', p);
      else if (loc.isDefault && code !== loc.code) errors.add('locale', 'cannot be changed on the default locale');
    }
  }
  let domain = stringField(errors, body, 'domain');
  if (domain !== undefined && !errors.has('domain')) domain = validateOrigin(errors, 'domain', domain);
  errors.raise('locale');
  checkLocaleClash(db, site, code ?? null, domain ?? null, loc);
  let changed = false;
  if (code != null && code !== loc.code) { loc.code = code; changed = true; }
  if (has(body, 'domain') && domain !== undefined && domain !== loc.domain) { loc.domain = domain; changed = true; }
  if (changed) loc.updatedAt = nowMicros();
  return [200, localeJson(loc)];
}

function localesDestroy(ctx) {
  const { loc } = findLocale(ctx);
  if (loc.isDefault) throw badRequest('localeIdOrCode', 'cannot be the default locale of the site', 'Cannot delete the default locale of a site');
  loc.discardedAt = nowMicros();
  return [204];
}

function localesRestore(ctx) {
  const { loc, site } = findLocale(ctx, { withDiscarded: true });
  if (loc.discardedAt) {
    checkLocaleClash(ctx.db, site, loc.code, loc.domain, loc);
    loc.discardedAt = null;
    loc.updatedAt = nowMicros();
  }
  return [200, localeJson(loc)];
}

// ---- pages ----
const SORT_KEYS = { title: 'title', path: 'pathname', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' };
function pageComparator(sortBy, dir) {
  const key = SORT_KEYS[sortBy];
  const sign = dir === 'desc' ? -1 : 1;
  return (a, b) => {
    const x = a[key], y = b[key];
    let c;
    if (x == null || y == null) c = x == null && y == null ? 0 : x == null ? -1 : 1; // NULL is the smallest value
    else c = typeof x === 'string' ? collate(x, y) : x - y;
    return sign * (c || a.page.pk - b.page.pk);
  };
}

function resolveLocaleParam(ctx, site, errors) {
  const raw = scalar(ctx.query, 'locale');
  if (raw === undefined) return null;
  const id = parseUuid(raw);
  const loc = ctx.db.keptLocales(site).find((l) => (id ? l.id === id : sameText(l.code, raw)));
  if (!loc) throw notFound('Locale', id ? 'public_id' : 'code');
  return loc;
}

function listPages(ctx, site) {
  const db = ctx.db;
  const errors = new Errors();
  const limit = readLimit(ctx, errors);
  const cursorId = readCursor(ctx, errors);
  const pathPrefix = scalar(ctx.query, 'pathPrefix') ?? '/';
  const sortBy = readEnum(ctx, 'sortBy', Object.keys(SORT_KEYS), 'path', errors);
  const dir = readEnum(ctx, 'sortDirection', ['asc', 'desc'], 'asc', errors);
  const includeOffline = readEnum(ctx, 'includeOffline', ['true', 'false'], 'false', errors) === 'true';
  const version = versionOf(ctx, errors);
  errors.raise('request');
  const locale = resolveLocaleParam(ctx, site, errors);
  const all = db.pagesOf(site).map((p) => pageView(db, p, version, locale)).filter(Boolean);
  let cursor = null;
  if (cursorId) {
    cursor = all.find((v) => v.page.id === cursorId);
    if (!cursor) throw invalidCursor();
  }
  const shown = all.filter((v) =>
    (v.isOnline || includeOffline) && (!locale || locale.isDefault || v.localized) && likePrefix(v.pathname, pathPrefix));
  const { data, hasMore } = paginate(shown, pageComparator(sortBy, dir), cursor, limit);
  return [200, listJson(data.map(pageJson), hasMore)];
}

function pagesIndex(ctx) {
  return listPages(ctx, siteFromQuery(ctx, true));
}

// The v2 listing that predates v6: draft pages, offline ones included, in creation order; only
// `limit` and `startingAfter` are read.
function sitePagesIndex(ctx) {
  const db = ctx.db;
  const site = siteFromPath(ctx);
  const errors = new Errors();
  const limit = readLimit(ctx, errors);
  const cursorId = readCursor(ctx, errors);
  errors.raise('request');
  const all = db.pagesOf(site).map((p) => pageView(db, p, 'draft', null));
  let cursor = null;
  if (cursorId) { cursor = all.find((v) => v.page.id === cursorId); if (!cursor) throw invalidCursor(); }
  const { data, hasMore } = paginate(all, (a, b) => a.page.pk - b.page.pk, cursor, limit);
  return [200, listJson(data.map(pageJson), hasMore)];
}

function pagesShow(ctx) {
  const errors = new Errors();
  const version = versionOf(ctx, errors);
  errors.raise('request');
  const page = findPage(ctx, version);
  const site = ctx.db.siteByPk(page.sitePk);
  const locale = resolveLocaleParam(ctx, site, errors);
  const v = pageView(ctx.db, page, version, locale);
  if (!v || (version === 'live' && !page.isOnline)) throw notFound('Page');
  return [200, pageJson(v)];
}

function validatePathname(errors, field, raw, { route = false, skip = false } = {}) {
  if (raw === undefined) return undefined;
  if (isBlank(raw)) { errors.add(field, "can't be blank"); return undefined; }
  const p = normalizePathname(raw);
  if (cpLength(p) > PATHNAME_MAX) { errors.add(field, tooLong(PATHNAME_MAX)); return undefined; }
  const problem = skip ? rawRouteProblem(p) : route ? routePathnameProblem(p) : pagePathnameProblem(p);
  if (problem) { errors.add(field, problem); return undefined; }
  return p;
}
function validatePageName(errors, body, required) {
  const name = stringField(errors, body, 'name');
  if (errors.has('name')) return undefined;
  if (name === undefined ? required : name === null) errors.add('name', "can't be blank");
  else if (name === '') errors.add('name', 'is too short (minimum is 1 character)');
  else if (name !== undefined && cpLength(name) > PAGE_NAME_MAX) errors.add('name', tooLong(PAGE_NAME_MAX));
  return name;
}
// Pages and routes share a site's pathname space. A page's clash is a model validation; a route's clash
// with another route is the unique index (MySQL error 1062), which `skipValidation` cannot skip.
function pageOrRouteClash(db, site, pathname, { selfPage = null, selfRoute = null, pages = true, isRoute = false } = {}) {
  if (pages && db.pagesOf(site).some((p) => p !== selfPage && sameText(p.pathname, pathname))) {
    throw conflict(isRoute ? 'Pathname has already been taken by a page' : 'Pathname has already been taken');
  }
  if (db.routesOf(site).some((x) => x !== selfRoute && sameText(x.pathname, pathname))) {
    throw conflict(isRoute
      ? `Duplicate entry '${site.pk}-${pathname}' for key 'routes.index_routes_on_site_id_and_pathname'`
      : 'Pathname has already been taken by a route');
  }
}

function pagesCreate(ctx) {
  const db = ctx.db;
  const body = permit(ctx, ['siteId', 'pathname', 'name']);
  const errors = new Errors();
  const siteRaw = stringField(errors, body, 'siteId');
  if (isBlank(siteRaw)) errors.add('siteId', "can't be blank");
  else if (!errors.has('siteId') && uuidProblem(siteRaw)) errors.add('siteId', uuidProblem(siteRaw));
  errors.raise('page', errors.size && isBlank(siteRaw) ? 'Missing siteId field.' : undefined);
  const site = findSite(ctx, parseUuid(siteRaw));
  let raw = stringField(errors, body, 'pathname');
  if (raw === undefined && !errors.has('pathname')) raw = null;
  const pathname = validatePathname(errors, 'pathname', raw);
  const name = validatePageName(errors, body, true);
  errors.raise('page');
  pageOrRouteClash(db, site, pathname);
  const page = db.insertPage(site, { pathname, name });
  return [201, pageJson(pageView(db, page, 'draft', null)), location(ctx, `/v6/pages/${page.id}`)];
}

function pagesUpdate(ctx) {
  const db = ctx.db;
  const page = findPage(ctx, 'draft');
  const site = db.siteByPk(page.sitePk);
  const body = permit(ctx, ['pathname', 'name', 'isOnline']);
  const errors = new Errors();
  const raw = stringField(errors, body, 'pathname');
  const pathname = validatePathname(errors, 'pathname', raw);
  const name = validatePageName(errors, body, false);
  if (has(body, 'isOnline') && typeof body.isOnline !== 'boolean') errors.add('isOnline', 'is not included in the list');
  errors.raise('page', errors.has('pathname') && isBlank(raw) ? 'Missing pathname field.' : undefined);
  if (pathname !== undefined && pathname !== page.pathname) pageOrRouteClash(db, site, pathname, { selfPage: page });
  let changed = false;
  if (pathname !== undefined && pathname !== page.pathname) { page.pathname = pathname; changed = true; }
  if (name !== undefined && name !== page.name) { page.name = name; changed = true; }
  const goOnline = body.isOnline === true && !page.isOnline;
  const goOffline = body.isOnline === false && page.isOnline;
  if (changed || goOnline || goOffline) page.updatedAt = nowMicros();
  if (goOnline) publish(page);
  if (goOffline) page.isOnline = false;
  return [200, pageJson(pageView(db, page, 'draft', null))];
}

function pagesDestroy(ctx) {
  ctx.db.destroyPage(findPage(ctx, 'draft'));
  return [204];
}

// ---- routes ----
function skipValidationOf(ctx) {
  const errors = new Errors();
  const v = readEnum(ctx, 'skipValidation', ['true', 'false'], 'false', errors);
  errors.raise('request');
  return v === 'true';
}

function routesIndex(ctx) {
  const site = siteFromQuery(ctx, true);
  const errors = new Errors();
  const limit = readLimit(ctx, errors);
  const cursorId = readCursor(ctx, errors);
  errors.raise('request');
  const all = ctx.db.routesOf(site);
  let cursor = null;
  if (cursorId) { cursor = all.find((r) => r.id === cursorId); if (!cursor) throw invalidCursor(); }
  const { data, hasMore } = paginate(all, (a, b) => a.pk - b.pk, cursor, limit);
  return [200, listJson(data.map(routeJson), hasMore)];
}

function routesShow(ctx) {
  return [200, routeJson(findRoute(ctx))];
}

function routesCreate(ctx) {
  const db = ctx.db;
  const skip = skipValidationOf(ctx);
  const body = permit(ctx, ['siteId', 'pathname']);
  const errors = new Errors();
  const siteRaw = stringField(errors, body, 'siteId');
  if (isBlank(siteRaw)) errors.add('siteId', "can't be blank");
  else if (!errors.has('siteId') && uuidProblem(siteRaw)) errors.add('siteId', uuidProblem(siteRaw));
  errors.raise('route', errors.size && isBlank(siteRaw) ? 'Missing siteId field.' : undefined);
  const site = findSite(ctx, parseUuid(siteRaw));
  let raw = stringField(errors, body, 'pathname');
  if (raw === undefined && !errors.has('pathname')) raw = null;
  const pathname = validatePathname(errors, 'pathname', raw, { route: true, skip });
  errors.raise('route');
  pageOrRouteClash(db, site, pathname, { pages: !skip, isRoute: true });
  const r = db.insertRoute(site, pathname);
  return [201, routeJson(r), location(ctx, `/v2/routes/${r.id}`)];
}

function routesUpdate(ctx) {
  const db = ctx.db;
  const skip = skipValidationOf(ctx);
  const r = findRoute(ctx);
  const site = db.siteByPk(r.sitePk);
  const body = permit(ctx, ['pathname']);
  const errors = new Errors();
  const raw = stringField(errors, body, 'pathname');
  if (raw === null) errors.add('pathname', "can't be blank");
  const pathname = raw === null ? undefined : validatePathname(errors, 'pathname', raw, { route: true, skip });
  errors.raise('route');
  if (pathname !== undefined && pathname !== r.pathname) {
    pageOrRouteClash(db, site, pathname, { selfRoute: r, pages: !skip, isRoute: true });
    r.pathname = pathname;
  }
  return [200, routeJson(r)];
}

function routesDestroy(ctx) {
  ctx.db.destroyRoute(findRoute(ctx));
  return [204];
}

export const ACTIONS = {
  'sites#index': sitesIndex, 'sites#create': sitesCreate, 'sites#show': sitesShow, 'sites#update': sitesUpdate,
  'sites#destroy': sitesDestroy, 'sites#duplicate': sitesDuplicate, 'site_pages#index': sitePagesIndex,
  'locales#index': localesIndex, 'locales#show': localesShow, 'locales#create': localesCreate,
  'locales#update': localesUpdate, 'locales#destroy': localesDestroy, 'locales#restore': localesRestore,
  'pages#index': pagesIndex, 'pages#show': pagesShow, 'pages#create': pagesCreate, 'pages#update': pagesUpdate,
  'pages#destroy': pagesDestroy,
  'routes#index': routesIndex, 'routes#show': routesShow, 'routes#create': routesCreate,
  'routes#update': routesUpdate, 'routes#destroy': routesDestroy,
};
// Actions that read a JSON body (the others never parse one).
export const BODY_ACTIONS = new Set(['sites#create', 'sites#update', 'sites#duplicate', 'locales#create', 'locales#update',
  'pages#create', 'pages#update', 'routes#create', 'routes#update']);
