// /v6/pages operations.
import { Problems, readBody, checkUuid, checkPagePath, checkPageName, normalizePagePath, normalizeLocaleCode, queryUuid, queryEnum, queryLimit, isUuid, notFound, conflict } from '../validate.mjs';
import { assertSiteAccess } from '../auth.mjs';
import { pageView, paginate } from '../views.mjs';
import { nowIso, setOnline } from '../store.mjs';
import { findSite } from './sites.mjs';

const VERSION_REFS = ['ref:live', 'ref:draft'];

/** SPEC 409: "A page or route with this pathname already exists" (same site; base pathnames and routes). */
function assertPathFree(store, siteId, pathname, selfId) {
  const taken = store.sitePages(siteId).some((p) => p.id !== selfId && p.pathname === pathname)
    || store.siteRoutes(siteId).some((r) => r.pathname === pathname);
  if (taken) throw conflict(`A page or route with pathname ${pathname} already exists`);
}

/**
 * Resolves {pageIdOrPathname, siteId?}. A UUID-shaped value is always an ID; otherwise a pathname
 * (percent-encoded in the path, normalised like on create). SPEC: siteId required for a pathname (400).
 */
function resolve(store, query, param, principal, p = new Problems()) {
  const siteId = queryUuid(query, 'siteId', p);
  const byId = isUuid(param);
  if (!byId && !query.has('siteId')) p.add('siteId', 'is required when a pathname is used instead of a page ID');
  return () => {
    const site = siteId !== undefined ? findSite(store, siteId) : undefined;
    let page;
    if (byId) {
      page = store.pages.get(param.toLowerCase());
      if (page && site && page.siteId !== site.id) page = undefined; // CHOICE: id + other siteId -> 404
    } else {
      const path = normalizePagePath(param);
      page = store.sitePages(site.id).find((x) => x.pathname === path);
    }
    if (!page) throw notFound('Page');
    assertSiteAccess(principal, store.sites.get(page.siteId));
    return page;
  };
}

/** Finds an active locale of the site by code or by id; undefined when none. */
function siteLocale(store, site, value) {
  if (isUuid(value)) {
    const l = store.locales.get(value.toLowerCase());
    return l && l.siteId === site.id && !l.deletedAt ? l : undefined;
  }
  return store.activeLocaleByCode(site.id, normalizeLocaleCode(value));
}

export function create({ store, body, principal }) {
  const p = new Problems();
  const b = readBody(body, [
    { name: 'siteId', required: true, check: checkUuid, missing: 'Missing siteId field.' },
    { name: 'pathname', required: true, check: checkPagePath },
    { name: 'name', required: true, check: checkPageName },
  ], p);
  p.throwIfAny();
  const site = findSite(store, b.siteId);
  assertSiteAccess(principal, site);
  assertPathFree(store, site.id, b.pathname, null);
  const page = store.addPage({ siteId: site.id, pathname: b.pathname, name: b.name });
  return [201, pageView(store, page)];
}

const cmpNullable = (a, b) => {
  // CHOICE (sorting): null sorts as the SMALLEST value (first in asc, last in desc);
  // strings compare case-insensitively first, then by code point.
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  const la = String(a).toLowerCase(), lb = String(b).toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : 1;
};

export function list({ store, query, principal }) {
  const p = new Problems();
  const siteId = queryUuid(query, 'siteId', p, { required: true });
  const limit = queryLimit(query, p, { min: 1 });
  const startingAfter = queryUuid(query, 'startingAfter', p);
  // pathPrefix: raw "begins with" match on the (possibly localized) pathname; no normalisation.
  const pathPrefix = query.has('pathPrefix') ? query.get('pathPrefix') : '/';
  const sortBy = queryEnum(query, 'sortBy', ['title', 'path', 'description', 'updatedAt', 'createdAt'], 'path', p);
  const dir = queryEnum(query, 'sortDirection', ['asc', 'desc'], 'asc', p);
  const includeOffline = queryEnum(query, 'includeOffline', ['true', 'false'], 'false', p) === 'true';
  const versionRef = queryEnum(query, 'versionRef', VERSION_REFS, 'ref:draft', p);
  const localeParam = query.has('locale') ? query.get('locale') : undefined;
  if (localeParam === '') p.add('locale', 'must not be empty');
  p.throwIfAny();
  const site = findSite(store, siteId);
  assertSiteAccess(principal, site);

  let asLocale;
  if (localeParam !== undefined) {
    asLocale = siteLocale(store, site, localeParam);
    // CHOICE: a locale that is not an active locale of the site yields an empty list (200).
    if (!asLocale) return [200, { object: 'list', data: [], hasMore: false }];
  }
  const nonDefault = asLocale && asLocale.locale !== site.defaultLocale;
  let views = store.sitePages(site.id)
    .map((pg) => (versionRef === 'ref:live' ? pg.live : pg)) // CHOICE: never-published pages do not exist in ref:live
    .filter(Boolean)
    .map((rec) => ({ rec, view: pageView(store, rec, asLocale) }));
  // CHOICE: with a non-default locale, only pages that have a localization in that locale are listed (collapsed).
  if (nonDefault) views = views.filter((x) => x.view.locale === asLocale.locale);
  if (!includeOffline) views = views.filter((x) => x.view.isOnline);
  views = views.filter((x) => x.view.pathname.startsWith(pathPrefix));
  const key = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' }[sortBy];
  const sign = dir === 'asc' ? 1 : -1;
  // CHOICE (tie-break): equal sort keys are ordered by creation order, ascending, whatever the direction.
  views.sort((a, b) => sign * cmpNullable(a.view[key], b.view[key]) || a.rec.seq - b.rec.seq);
  const page = paginate(views.map((x) => x.view), limit, startingAfter);
  return [200, page];
}

/** GET /v2/sites/{siteId}/pages: same as GET /v6/pages with siteId taken from the path (a query siteId is ignored). */
export function listForSite(ctx) {
  if (!isUuid(ctx.params[0])) throw notFound('Site'); // malformed path id -> 404, like other path ids
  const query = new URLSearchParams(ctx.query);
  query.set('siteId', ctx.params[0]);
  return list({ ...ctx, query });
}

export function get({ store, query, params, principal }) {
  const p = new Problems();
  const find = resolve(store, query, params[0], principal, p);
  const versionRef = queryEnum(query, 'versionRef', VERSION_REFS, 'ref:draft', p);
  const localeParam = query.has('locale') ? query.get('locale') : undefined;
  if (localeParam === '') p.add('locale', 'must not be empty');
  p.throwIfAny();
  const page = find();
  const rec = versionRef === 'ref:live' ? page.live : page;
  if (!rec) throw notFound('Published page');
  let asLocale;
  if (localeParam !== undefined) {
    asLocale = siteLocale(store, store.sites.get(page.siteId), localeParam);
    if (!asLocale) throw notFound('Locale'); // CHOICE: unknown locale on Get Page is 404
  }
  return [200, pageView(store, rec, asLocale)];
}

export function update({ store, query, params, body, principal }) {
  const p = new Problems();
  const find = resolve(store, query, params[0], principal, p);
  const b = readBody(body, [
    { name: 'pathname', check: checkPagePath },
    { name: 'name', check: checkPageName },
    { name: 'isOnline', type: 'boolean' },
  ], p);
  // OpenAPI 400 "Missing pathname field." -> CHOICE: a body with none of the fields is a 400 on `pathname`.
  if (!p.list.length && Object.keys(b).length === 0) p.add('pathname', 'Missing pathname field. At least one of pathname, name, isOnline is required');
  p.throwIfAny();
  const page = find();
  if (b.pathname !== undefined) assertPathFree(store, page.siteId, b.pathname, page.id);
  const at = nowIso();
  let changed = false;
  if (b.pathname !== undefined && b.pathname !== page.pathname) { page.pathname = b.pathname; changed = true; }
  if (b.name !== undefined && b.name !== page.name) { page.name = b.name; changed = true; }
  // CHOICE: updatedAt moves only when something actually changed.
  if (changed) page.updatedAt = at;
  if (b.isOnline !== undefined && b.isOnline !== page.isOnline) { page.updatedAt = at; setOnline(page, b.isOnline, at); }
  return [200, pageView(store, page)];
}

/** CHOICE: deleting a page also removes its localizations and its live version. */
export function remove({ store, query, params, principal }) {
  const p = new Problems();
  const find = resolve(store, query, params[0], principal, p);
  p.throwIfAny();
  const page = find();
  store.pages.delete(page.id);
  return [204];
}
