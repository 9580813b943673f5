// Route handlers: the port of SiteRoutes.kt / LocaleRoutes.kt / PageRoutes.kt /
// RouteRoutes.kt and their services. Each handler receives an already
// authenticated principal, decoded query values and a decoded body.
import {
  isUuid, normUuid, compareUniqueidentifier, collate, sqlEquals, sqlStartsWith, nowTicks, formatTicks,
  localeCodeProblem, looksLikeLocaleCode, httpUriProblem, pathnameProblem, textProblem, PATHNAME_MAX,
} from './rules.mjs';
import {
  db, insertSite, insertLocale, insertPage, insertRoute, publishPage, unpublishPage, snapshot, newId,
  activeLocalesOf, allLocalesOf, pagesOf, routesOf,
} from './store.mjs';
import { badRequest, notFound, forbidden, conflict } from './http.mjs';

// ---------- query parameter parsers (return { value } or { error }) ----------
const uuidParam = (raw) => (isUuid(raw) ? { value: normUuid(raw) } : { error: 'must be a UUID (8-4-4-4-12 hexadecimal digits)' });
const limitParam = (raw) => {
  if (!/^[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/.test(raw)) return { error: 'must be a number between 1 and 100' };
  const n = Math.floor(Number(raw));
  if (!(n >= 1 && n <= 100)) return { error: 'must be a number between 1 and 100' };
  return { value: n };
};
const enumParam = (values) => (raw) => (values.includes(raw) ? { value: raw } : { error: `must be one of: ${values.join(', ')}` });
const stringParam = (max) => (raw) => (raw.length > max ? { error: `must be at most ${max} characters` } : { value: raw });
const prefixParam = (raw) => {
  if (!raw.startsWith('/')) return { error: 'must start with "/"' };
  if (raw.length > PATHNAME_MAX) return { error: `must be at most ${PATHNAME_MAX} characters` };
  return { value: raw };
};
const localeFilterParam = (raw) => (looksLikeLocaleCode(raw) ? { value: raw } : { error: 'must be a locale code such as "en" or "en-US"' });

const LIST_QUERY = { limit: { parse: limitParam }, startingAfter: { parse: uuidParam } };
const PAGE_LIST_QUERY = {
  ...LIST_QUERY,
  pathPrefix: { parse: prefixParam },
  sortBy: { parse: enumParam(['title', 'path', 'description', 'updatedAt', 'createdAt']) },
  sortDirection: { parse: enumParam(['asc', 'desc']) },
  includeOffline: { parse: enumParam(['true', 'false']) },
  locale: { parse: localeFilterParam },
  versionRef: { parse: enumParam(['ref:live', 'ref:draft']) },
};

// ---------- body field rules ----------
const S = (check, extra = {}) => ({ type: 'string', check, ...extra });
const uuidField = S((v) => (isUuid(v) ? null : 'must be a UUID (8-4-4-4-12 hexadecimal digits)'));
const siteName = S((v) => textProblem(v, 100));
const pageName = S((v) => textProblem(v, 255));
const uriField = S(httpUriProblem);
const localeField = S(localeCodeProblem);
const pathnameField = S(pathnameProblem);

// ---------- views ----------
const siteView = (s) => ({
  object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
  defaultLocale: s.defaultLocale, defaultLocalePathPrefix: null, localeManagementMode: 'external',
});
function localeView(l) {
  const site = db.sites.get(l.siteId);
  return { object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: sqlEquals(site.defaultLocale, l.locale) };
}
const routeView = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });
function pageSource(p, version) {
  return version === 'live' ? p.live : p;
}
function pageView(p, version = 'draft', localeCode = null) {
  const src = pageSource(p, version);
  return {
    object: 'page', id: p.id, pathname: src.pathname, canonicalUrl: src.canonicalUrl, title: src.title,
    description: src.description, socialImageUrl: src.socialImageUrl, sitemapPriority: src.sitemapPriority,
    sitemapFrequency: src.sitemapFrequency, createdAt: formatTicks(p.createdAt), updatedAt: formatTicks(src.updatedAt),
    publishedAt: formatTicks(p.publishedAt), isOnline: version === 'live' ? true : p.isOnline,
    excludedFromSearchEngines: src.excludedFromSearchEngines, locale: localeCode ?? p.locale, localizations: [],
  };
}
const list = (items, limit, view) => ({ object: 'list', data: items.slice(0, limit).map(view), hasMore: items.length > limit });

// ---------- access helpers ----------
function canSeeSite(principal, site) {
  return principal.kind === 'app' ? site.workspaceId === principal.workspaceId : site.id === principal.siteId;
}
function loadSite(principal, siteId) {
  const site = db.sites.get(siteId);
  if (!site) throw notFound(`Site ${siteId} was not found.`);
  if (!canSeeSite(principal, site)) throw forbidden('The API key does not grant access to this site.');
  return site;
}
function needSiteIdFor(what, siteId, param) {
  if (!siteId) throw badRequest([{ field: 'siteId', message: `is required when ${param} is a ${what} rather than an ID` }]);
}
const asPathname = (raw) => (raw.startsWith('/') ? raw : `/${raw}`);
const pathTaken = (siteId, pathname, { exceptPage = null, exceptRoute = null, pages = true, routes = true } = {}) =>
  (pages && pagesOf(siteId).some((p) => p.id !== exceptPage && sqlEquals(p.pathname, pathname))) ||
  (routes && routesOf(siteId).some((r) => r.id !== exceptRoute && sqlEquals(r.pathname, pathname)));

function byIdKeyset(rows, startingAfter) {
  rows.sort((a, b) => compareUniqueidentifier(a.id, b.id));
  return startingAfter ? rows.filter((r) => compareUniqueidentifier(r.id, startingAfter) > 0) : rows;
}

// ======================= sites =======================
function createSite({ principal, body }) {
  const workspaceId = normUuid(body.workspaceId);
  if (workspaceId !== principal.workspaceId) throw forbidden('The API key does not grant access to this workspace.');
  const site = insertSite({ workspaceId, name: body.name, hostOrigin: body.hostOrigin ?? null, defaultLocale: body.defaultLocale ?? 'en-US' });
  return [201, siteView(site)];
}
function listSites({ principal, query }) {
  if (query.workspaceId !== principal.workspaceId) throw forbidden('The API key does not grant access to this workspace.');
  const rows = byIdKeyset([...db.sites.values()].filter((s) => s.workspaceId === query.workspaceId), query.startingAfter);
  return [200, list(rows, query.limit ?? 20, siteView)];
}
function getSite({ principal, params }) {
  return [200, siteView(loadSite(principal, params.siteId))];
}
function updateSite({ principal, params, body }) {
  const site = loadSite(principal, params.siteId);
  if ('name' in body) site.name = body.name;
  if ('hostOrigin' in body) site.hostOrigin = body.hostOrigin;
  return [200, siteView(site)];
}
function deleteSite({ principal, params }) {
  const site = loadSite(principal, params.siteId);
  for (const t of [db.locales, db.pages, db.routes]) for (const [id, row] of t) if (row.siteId === site.id) t.delete(id);
  db.sites.delete(site.id);
  return [204, null];
}
function duplicateSite({ principal, params, body }) {
  const orig = loadSite(principal, params.siteId);
  const t = nowTicks();
  const copy = { id: newId(), workspaceId: orig.workspaceId, name: body.name, hostOrigin: orig.hostOrigin, publicApiKey: newId(), defaultLocale: orig.defaultLocale, createdAt: t };
  const newRows = [];
  for (const l of activeLocalesOf(orig.id)) newRows.push([db.locales, { ...l, id: newId(), siteId: copy.id, createdAt: nowTicks() }]);
  for (const p of pagesOf(orig.id)) newRows.push([db.pages, { ...p, id: newId(), siteId: copy.id, live: p.live ? { ...p.live } : null }]);
  for (const r of routesOf(orig.id)) newRows.push([db.routes, { ...r, id: newId(), siteId: copy.id, createdAt: nowTicks() }]);
  db.sites.set(copy.id, copy);
  for (const [table, row] of newRows) table.set(row.id, row);
  return [201, siteView(copy)];
}

// ======================= locales =======================
function resolveLocale({ principal, params, query }, { deleted = false } = {}) {
  const key = params.localeIdOrCode;
  let site = null;
  if (query.siteId) site = loadSite(principal, query.siteId);
  let row;
  if (isUuid(key)) {
    const id = normUuid(key);
    row = db.locales.get(id);
    if (row && site && row.siteId !== site.id) row = undefined;
    if (row && !site) {
      const owner = db.sites.get(row.siteId);
      if (!canSeeSite(principal, owner)) throw forbidden('The API key does not grant access to this locale.');
    }
    if (row && (row.deletedAt !== null) !== deleted) row = undefined;
  } else {
    row = allLocalesOf(site.id).find((l) => (l.deletedAt !== null) === deleted && sqlEquals(l.locale, key));
  }
  if (!row) throw notFound(deleted ? `No deleted locale "${key}" was found.` : `Locale "${key}" was not found.`);
  return row;
}
function checkLocaleKey({ params, query }) {
  const key = params.localeIdOrCode;
  if (isUuid(key)) return;
  if (!looksLikeLocaleCode(key)) throw badRequest([{ field: 'localeIdOrCode', message: 'must be a locale ID (UUID) or a locale code such as "en-US"' }]);
  needSiteIdFor('locale code', query.siteId, 'localeIdOrCode');
}
function domainTaken(siteId, domain, exceptId) {
  return domain !== null && activeLocalesOf(siteId).some((l) => l.id !== exceptId && l.domain !== null && sqlEquals(l.domain, domain));
}
function createLocale({ principal, body }) {
  const site = loadSite(principal, normUuid(body.siteId));
  const existing = allLocalesOf(site.id).find((l) => sqlEquals(l.locale, body.locale));
  if (existing) throw conflict(existing.deletedAt === null
    ? `Locale "${body.locale}" already exists for this site.`
    : `Locale "${body.locale}" was deleted from this site; restore it instead of creating it again.`);
  const domain = body.domain ?? null;
  if (domainTaken(site.id, domain, null)) throw conflict(`Domain "${domain}" is already used by another locale of this site.`);
  return [201, localeView(insertLocale({ siteId: site.id, locale: body.locale, domain }))];
}
function listLocales({ principal, query }) {
  const site = loadSite(principal, query.siteId);
  return [200, list(byIdKeyset(activeLocalesOf(site.id), query.startingAfter), query.limit ?? 20, localeView)];
}
function getLocale(ctx) {
  checkLocaleKey(ctx);
  return [200, localeView(resolveLocale(ctx))];
}
function updateLocale(ctx) {
  checkLocaleKey(ctx);
  const row = resolveLocale(ctx);
  const site = db.sites.get(row.siteId);
  const { body } = ctx;
  if ('locale' in body && !sqlEquals(body.locale, row.locale) && sqlEquals(site.defaultLocale, row.locale)) {
    throw badRequest([{ field: 'locale', message: 'the code of the default locale of a site cannot be changed' }]);
  }
  if ('locale' in body && allLocalesOf(site.id).some((l) => l.id !== row.id && sqlEquals(l.locale, body.locale))) {
    throw conflict(`Locale "${body.locale}" already exists for this site.`);
  }
  if ('domain' in body && domainTaken(site.id, body.domain, row.id)) throw conflict(`Domain "${body.domain}" is already used by another locale of this site.`);
  if ('locale' in body) {
    if (sqlEquals(site.defaultLocale, row.locale)) site.defaultLocale = body.locale; // case-only change of the default
    row.locale = body.locale;
  }
  if ('domain' in body) row.domain = body.domain;
  return [200, localeView(row)];
}
function deleteLocale(ctx) {
  checkLocaleKey(ctx);
  const row = resolveLocale(ctx);
  const site = db.sites.get(row.siteId);
  if (sqlEquals(site.defaultLocale, row.locale)) throw badRequest([{ field: 'localeIdOrCode', message: 'the default locale of a site cannot be deleted' }]);
  row.deletedAt = nowTicks();
  return [204, null];
}
function restoreLocale(ctx) {
  checkLocaleKey(ctx);
  let row;
  try {
    row = resolveLocale(ctx, { deleted: true });
  } catch (e) {
    // A live locale with that key exists: restoring it is a conflict, not a miss.
    if (e.status === 404) {
      let active = null;
      try { active = resolveLocale(ctx, { deleted: false }); } catch { /* keep 404 */ }
      if (active) throw conflict(`Locale "${active.locale}" is not deleted.`);
    }
    throw e;
  }
  if (activeLocalesOf(row.siteId).some((l) => sqlEquals(l.locale, row.locale))) throw conflict(`Locale "${row.locale}" already exists for this site.`);
  if (domainTaken(row.siteId, row.domain, row.id)) throw conflict(`Domain "${row.domain}" is already used by another locale of this site.`);
  row.deletedAt = null;
  return [200, localeView(row)];
}

// ======================= pages =======================
function resolvePage({ principal, params, query }) {
  const key = params.pageIdOrPathname;
  let site = null;
  if (query.siteId) site = loadSite(principal, query.siteId);
  if (isUuid(key)) {
    const page = db.pages.get(normUuid(key));
    if (!page || (site && page.siteId !== site.id)) throw notFound(`Page ${key} was not found.`);
    if (!site && !canSeeSite(principal, db.sites.get(page.siteId))) throw forbidden('The API key does not grant access to this page.');
    return page;
  }
  needSiteIdFor('pathname', query.siteId, 'pageIdOrPathname');
  const pathname = asPathname(key);
  const page = pagesOf(site.id).find((p) => sqlEquals(p.pathname, pathname));
  if (!page) throw notFound(`Page "${pathname}" was not found.`);
  return page;
}
function requireSiteIdForPathname({ params, query }, name) {
  if (!isUuid(params[name])) needSiteIdFor('pathname', query.siteId, name);
}
function createPage({ principal, body }) {
  const site = loadSite(principal, normUuid(body.siteId));
  if (pathTaken(site.id, body.pathname)) throw conflict(`A page or route with pathname "${body.pathname}" already exists.`);
  return [201, pageView(insertPage({ siteId: site.id, pathname: body.pathname, name: body.name, locale: site.defaultLocale }))];
}

const SORT_VALUE = {
  path: (v) => v.pathname, title: (v) => v.title, description: (v) => v.description,
  updatedAt: (v) => v.updatedAt, createdAt: (v) => v.createdAt,
};
function compareSortValues(a, b) {
  if (a === b) return 0;
  if (a === null) return -1; // SQL Server: NULL sorts first ascending
  if (b === null) return 1;
  if (typeof a === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  return collate(a, b);
}
function listPagesFor(principal, siteId, query) {
  const site = loadSite(principal, siteId);
  const version = query.versionRef === 'ref:live' ? 'live' : 'draft';
  const sortBy = query.sortBy ?? 'path';
  const dir = query.sortDirection === 'desc' ? -1 : 1;
  const includeOffline = query.includeOffline === 'true';
  const prefix = query.pathPrefix ?? '/';
  const rowOf = (p) => {
    const src = version === 'live' && p.live ? p.live : p;
    return { page: p, id: p.id, pathname: src.pathname, title: src.title, description: src.description, updatedAt: src.updatedAt, createdAt: p.createdAt };
  };
  const cmp = (x, y) => dir * (compareSortValues(SORT_VALUE[sortBy](x), SORT_VALUE[sortBy](y)) || compareUniqueidentifier(x.id, y.id));
  let rows = pagesOf(site.id)
    .filter((p) => (version === 'live' ? p.live !== null : includeOffline || p.isOnline))
    .map(rowOf)
    .filter((r) => sqlStartsWith(r.pathname, prefix))
    .filter((r) => !query.locale || sqlEquals(r.page.locale, query.locale));
  rows.sort(cmp);
  if (query.startingAfter) {
    const cursorPage = db.pages.get(query.startingAfter);
    if (!cursorPage || cursorPage.siteId !== site.id) {
      throw badRequest([{ field: 'startingAfter', message: 'does not identify a page of this site' }]);
    }
    const cursor = rowOf(cursorPage);
    rows = rows.filter((r) => cmp(r, cursor) > 0);
  }
  return [200, list(rows, query.limit ?? 20, (r) => pageView(r.page, version))];
}
function listPages({ principal, query }) {
  return listPagesFor(principal, query.siteId, query);
}
function listSitePages({ principal, params, query }) {
  return listPagesFor(principal, params.siteId, query);
}
function getPage(ctx) {
  requireSiteIdForPathname(ctx, 'pageIdOrPathname');
  const { query } = ctx;
  const version = query.versionRef === 'ref:live' ? 'live' : 'draft';
  let page;
  if (version === 'live' && !isUuid(ctx.params.pageIdOrPathname)) {
    const site = loadSite(ctx.principal, query.siteId);
    const pathname = asPathname(ctx.params.pageIdOrPathname);
    page = pagesOf(site.id).find((p) => p.live && sqlEquals(p.live.pathname, pathname));
    if (!page) throw notFound(`No live page "${pathname}" was found.`);
  } else {
    page = resolvePage(ctx);
    if (version === 'live' && !page.live) throw notFound(`Page ${page.id} has no live version.`);
  }
  let localeCode = null;
  if (query.locale !== undefined) {
    const raw = query.locale;
    const locales = activeLocalesOf(page.siteId);
    const hit = isUuid(raw) ? locales.find((l) => l.id === normUuid(raw)) : looksLikeLocaleCode(raw) ? locales.find((l) => sqlEquals(l.locale, raw)) : undefined;
    if (!hit) throw badRequest([{ field: 'locale', message: 'does not resolve to a locale code or locale ID of this site' }]);
    localeCode = hit.locale;
  }
  return [200, pageView(page, version, localeCode)];
}
function updatePage(ctx) {
  requireSiteIdForPathname(ctx, 'pageIdOrPathname');
  const { body } = ctx;
  if (Object.keys(body).length === 0) {
    throw badRequest([{ field: 'pathname', message: 'Missing pathname field: the body must contain at least one of pathname, name, isOnline' }]);
  }
  const page = resolvePage(ctx);
  if ('pathname' in body && pathTaken(page.siteId, body.pathname, { exceptPage: page.id })) {
    throw conflict(`A page or route with pathname "${body.pathname}" already exists.`);
  }
  const t = nowTicks();
  if ('pathname' in body) page.pathname = body.pathname;
  if ('name' in body) page.name = body.name;
  page.updatedAt = t;
  if (body.isOnline === true) publishPage(page, t);
  else if (body.isOnline === false) unpublishPage(page);
  return [200, pageView(page)];
}
function deletePage(ctx) {
  requireSiteIdForPathname(ctx, 'pageIdOrPathname');
  const page = resolvePage(ctx);
  db.pages.delete(page.id);
  return [204, null];
}

// ======================= routes =======================
function routePathnameProblem(v, skip) {
  if (!skip) return pathnameProblem(v);
  if (!v.startsWith('/')) return 'must start with "/"';
  if (v.length > PATHNAME_MAX) return `must be at most ${PATHNAME_MAX} characters`;
  return null;
}
function resolveRoute({ principal, params, query }) {
  const key = params.routeIdOrPathname;
  let site = null;
  if (query.siteId) site = loadSite(principal, query.siteId);
  if (isUuid(key)) {
    const row = db.routes.get(normUuid(key));
    if (!row || (site && row.siteId !== site.id)) throw notFound(`Route ${key} was not found.`);
    if (!site && !canSeeSite(principal, db.sites.get(row.siteId))) throw forbidden('The API key does not grant access to this route.');
    return row;
  }
  needSiteIdFor('pathname', query.siteId, 'routeIdOrPathname');
  const pathname = asPathname(key);
  const row = routesOf(site.id).find((r) => sqlEquals(r.pathname, pathname));
  if (!row) throw notFound(`Route "${pathname}" was not found.`);
  return row;
}
function createRoute({ principal, body, query }) {
  const skip = query.skipValidation === 'true';
  const site = loadSite(principal, normUuid(body.siteId));
  if (pathTaken(site.id, body.pathname, { pages: !skip })) throw conflict(`A page or route with pathname "${body.pathname}" already exists.`);
  return [201, routeView(insertRoute({ siteId: site.id, pathname: body.pathname }))];
}
function listRoutes({ principal, query }) {
  const site = loadSite(principal, query.siteId);
  return [200, list(byIdKeyset(routesOf(site.id), query.startingAfter), query.limit ?? 20, routeView)];
}
function getRoute(ctx) {
  requireSiteIdForPathname(ctx, 'routeIdOrPathname');
  return [200, routeView(resolveRoute(ctx))];
}
function updateRoute(ctx) {
  requireSiteIdForPathname(ctx, 'routeIdOrPathname');
  const skip = ctx.query.skipValidation === 'true';
  const row = resolveRoute(ctx);
  if ('pathname' in ctx.body) {
    if (pathTaken(row.siteId, ctx.body.pathname, { exceptRoute: row.id, pages: !skip })) {
      throw conflict(`A page or route with pathname "${ctx.body.pathname}" already exists.`);
    }
    row.pathname = ctx.body.pathname;
  }
  return [200, routeView(row)];
}
function deleteRoute(ctx) {
  requireSiteIdForPathname(ctx, 'routeIdOrPathname');
  const row = resolveRoute(ctx);
  db.routes.delete(row.id);
  return [204, null];
}

// ======================= route table =======================
// access: 'read' (any key), 'write' (App key only: Site keys are read-only),
//         'workspace' (App key only: workspace-level operation)
const SITE_ID_QUERY = { siteId: { parse: uuidParam } };
const SKIP_QUERY = { skipValidation: { parse: enumParam(['true', 'false']) } };
const routePathnameBody = { type: 'string', check: (v, query) => routePathnameProblem(v, query.skipValidation === 'true') };

export const ROUTES = [
  { method: 'POST', path: '/v2/sites', access: 'workspace', handler: createSite,
    body: { workspaceId: { ...uuidField, required: true }, name: { ...siteName, required: true }, hostOrigin: uriField, defaultLocale: localeField } },
  { method: 'GET', path: '/v2/sites', access: 'workspace', handler: listSites,
    query: { workspaceId: { parse: uuidParam, required: true }, ...LIST_QUERY } },
  { method: 'GET', path: '/v2/sites/{siteId}', access: 'read', handler: getSite, pathUuids: ['siteId'] },
  { method: 'PATCH', path: '/v2/sites/{siteId}', access: 'write', handler: updateSite, pathUuids: ['siteId'],
    body: { name: siteName, hostOrigin: uriField, defaultLocale: { refuse: 'is not accepted when updating a site' } } },
  { method: 'DELETE', path: '/v2/sites/{siteId}', access: 'workspace', handler: deleteSite, pathUuids: ['siteId'] },
  { method: 'POST', path: '/v2/sites/{siteId}/duplicate', access: 'workspace', handler: duplicateSite, pathUuids: ['siteId'],
    body: { name: { ...siteName, required: true } } },
  { method: 'GET', path: '/v2/sites/{siteId}/pages', access: 'read', handler: listSitePages, pathUuids: ['siteId'], query: PAGE_LIST_QUERY },

  { method: 'POST', path: '/v2/locales', access: 'write', handler: createLocale,
    body: { siteId: { ...uuidField, required: true }, locale: { ...localeField, required: true }, domain: uriField } },
  { method: 'GET', path: '/v2/locales', access: 'read', handler: listLocales,
    query: { siteId: { parse: uuidParam, required: true }, ...LIST_QUERY } },
  { method: 'GET', path: '/v2/locales/{localeIdOrCode}', access: 'read', handler: getLocale, query: SITE_ID_QUERY },
  { method: 'PATCH', path: '/v2/locales/{localeIdOrCode}', access: 'write', handler: updateLocale, query: SITE_ID_QUERY,
    body: { locale: localeField, domain: { ...uriField, nullable: true } } },
  { method: 'DELETE', path: '/v2/locales/{localeIdOrCode}', access: 'write', handler: deleteLocale, query: SITE_ID_QUERY },
  { method: 'POST', path: '/v2/locales/{localeIdOrCode}/restore', access: 'write', handler: restoreLocale, query: SITE_ID_QUERY },

  { method: 'POST', path: '/v6/pages', access: 'write', handler: createPage,
    body: { siteId: { ...uuidField, required: true }, pathname: { ...pathnameField, required: true }, name: { ...pageName, required: true } } },
  { method: 'GET', path: '/v6/pages', access: 'read', handler: listPages,
    query: { siteId: { parse: uuidParam, required: true }, ...PAGE_LIST_QUERY } },
  { method: 'GET', path: '/v6/pages/{pageIdOrPathname}', access: 'read', handler: getPage,
    query: { ...SITE_ID_QUERY, versionRef: { parse: enumParam(['ref:live', 'ref:draft']) }, locale: { parse: stringParam(64) } } },
  { method: 'PATCH', path: '/v6/pages/{pageIdOrPathname}', access: 'write', handler: updatePage, query: SITE_ID_QUERY,
    body: { pathname: pathnameField, name: pageName, isOnline: { type: 'boolean' } } },
  { method: 'DELETE', path: '/v6/pages/{pageIdOrPathname}', access: 'write', handler: deletePage, query: SITE_ID_QUERY },

  { method: 'POST', path: '/v2/routes', access: 'write', handler: createRoute, query: SKIP_QUERY,
    body: { siteId: { ...uuidField, required: true }, pathname: { ...routePathnameBody, required: true } } },
  { method: 'GET', path: '/v2/routes', access: 'read', handler: listRoutes,
    query: { siteId: { parse: uuidParam, required: true }, ...LIST_QUERY } },
  { method: 'GET', path: '/v2/routes/{routeIdOrPathname}', access: 'read', handler: getRoute, query: SITE_ID_QUERY },
  { method: 'PATCH', path: '/v2/routes/{routeIdOrPathname}', access: 'write', handler: updateRoute, query: { ...SITE_ID_QUERY, ...SKIP_QUERY },
    body: { pathname: routePathnameBody } },
  { method: 'DELETE', path: '/v2/routes/{routeIdOrPathname}', access: 'write', handler: deleteRoute, query: SITE_ID_QUERY },
].map((r) => ({ ...r, segments: r.path.split('/').slice(1) }));
