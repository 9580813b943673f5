// JSON views (SiteJSON, LocaleJSON, PageJSON, RouteJSON) and shared controller helpers.
import { renderTs, collate, getLive, castUUID, decodeCursor } from './repo.mjs';
import { cast, validateRequired, validateNumber, raiseIfInvalid, addError, badRequest } from './changeset.mjs';

export function defaultLocaleOf(store, site) {
  return store.locales.find((l) => l.siteId === site.id && l.isDefault && l.deletedAt == null) || null;
}
export function siteJSON(store, site) {
  const def = defaultLocaleOf(store, site);
  return {
    object: 'site', id: site.id, name: site.name, hostOrigin: site.hostOrigin, publicApiKey: site.publicApiKey,
    defaultLocale: def ? def.locale : null, defaultLocalePathPrefix: def ? def.pathPrefix : null,
    localeManagementMode: site.localeManagementMode,
  };
}
export function localeJSON(l) {
  return { object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault };
}
export function routeJSON(r) { return { object: 'route', id: r.id, pathname: r.pathname }; }

/** The fields of one version of a page: the draft row, or the live snapshot (null when unpublished). */
export function pageVersion(page, versionRef) {
  if (versionRef === 'ref:live') return page.live ? { ...page.live, isOnline: true } : null;
  return page;
}
/** Localizations in kept non-default locales, ordered by locale code (preload with order_by). */
export function localizationsOf(store, page) {
  const out = [];
  for (const z of store.localizations) {
    if (z.pageId !== page.id) continue;
    const loc = getLive(store.locales, z.localeId);
    if (!loc || loc.isDefault) continue;
    out.push({ z, loc });
  }
  out.sort((a, b) => collate(a.loc.locale, b.loc.locale) || (a.z.id < b.z.id ? -1 : 1));
  return out;
}
/**
 * The shown page: version-selected, then collapsed into `locale` (a non-default locale record) when
 * the page has a localization there; otherwise the base fields with the default locale code.
 */
export function pageShown(store, page, versionRef, locale) {
  const v = pageVersion(page, versionRef);
  if (!v) return null;
  const site = store.sites.find((s) => s.id === page.siteId);
  const def = defaultLocaleOf(store, site);
  const locs = localizationsOf(store, page);
  const shown = {
    id: page.id, pathname: v.pathname, canonicalUrl: v.canonicalUrl, title: v.title, description: v.description,
    socialImageUrl: v.socialImageUrl, sitemapPriority: v.sitemapPriority, sitemapFrequency: v.sitemapFrequency,
    createdAt: page.insertedAt, updatedAt: v.updatedAt, publishedAt: v.publishedAt, isOnline: v.isOnline,
    excludedFromSearchEngines: v.excludedFromSearchEngines, locale: def ? def.locale : null,
    localizations: locs.map(({ z, loc }) => ({ id: z.id, locale: loc.locale, pathname: z.pathname })),
  };
  if (locale && !locale.isDefault) {
    const hit = locs.find(({ loc }) => loc.id === locale.id);
    if (hit) {
      shown.pathname = hit.z.pathname;
      if (hit.z.title != null) shown.title = hit.z.title;
      if (hit.z.description != null) shown.description = hit.z.description;
      shown.locale = locale.locale;
    }
  }
  return shown;
}
export function pageJSON(shown) {
  return {
    object: 'page', ...shown,
    createdAt: renderTs(shown.createdAt), updatedAt: renderTs(shown.updatedAt), publishedAt: renderTs(shown.publishedAt),
  };
}

export function listJSON(entries, hasMore) { return { object: 'list', data: entries, hasMore }; }

/** The query changeset every list action starts with (limit, startingAfter, paginator's `after`). */
export const LIST_TYPES = { limit: 'integer', startingAfter: 'uuid', after: 'string' };
export function listChangeset(params, types, required) {
  const data = { limit: 20, startingAfter: null, after: null };
  for (const k of Object.keys(types)) if (!(k in data)) data[k] = null;
  const cs = cast(data, params, { ...LIST_TYPES, ...types }, { limit: 20 });
  validateRequired(cs, required);
  validateNumber(cs, 'limit', { gte: 1, lte: 100 });
  return cs;
}
/** startingAfter -> the row's sort values (paginator cursor); `after` -> the decoded cursor. */
export function cursorFrom(cs, findRow, sortValue, type = null) {
  const id = cs.changes.startingAfter;
  if (id) {
    const row = findRow(id);
    if (!row) throw badRequest([{ field: 'startingAfter', message: 'does not exist' }]);
    return [sortValue(row), row.id];
  }
  if (cs.changes.after) {
    const c = decodeCursor(cs.changes.after);
    const t = c && (c[0] === null ? 'null' : typeof c[0]);
    if (!c || (type && t !== 'null' && t !== (type === 'text' ? 'string' : 'number'))) throw badRequest([{ field: 'after', message: 'is invalid' }]);
    return c;
  }
  return null;
}
export function finish(cs) { return raiseIfInvalid(cs); }

/** The body was a JSON value other than an object (Plug.Parsers.JSON put it under "_json"). */
export function rejectNonObject(conn, cs) {
  if (conn.bodyNotObject) addError(cs, '_json', 'is invalid');
  return cs;
}

/** "siteId" query for ID-or-code/pathname lookups; Site and publishable keys imply their own site. */
export function siteIdForLookup(conn, cs) {
  const v = cs.changes.siteId ?? null;
  if (v) return v;
  if (conn.principal.kind !== 'app') return conn.principal.siteId;
  throw badRequest([{ field: 'siteId', message: "can't be blank" }]);
}
export { castUUID };
