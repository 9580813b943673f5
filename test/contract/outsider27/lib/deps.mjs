// Depends(): the API key dependency, key-kind guards, and helpers shared by the routers (serialisers,
// keyset pagination, site lookups).
import { HTTPException, RequestValidationError, PyFloat, parseUuid, laxInt, uuid } from './pydantic.mjs';
import { isoZ, cmpBinary } from './store.mjs';

const HYPHENATED = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** get_api_key = Header(alias="x-api-key", default=None); raises before any parameter is validated. */
export function apiKey(ctx) {
  const raw = ctx.headers['x-api-key'];
  if (raw === undefined || raw === '') throw new HTTPException(401, 'Not authenticated');
  const auth = HYPHENATED.test(raw) ? ctx.store.findSiteByKey(raw) : (() => {
    const k = ctx.store.findAppKey(raw);
    return k && { kind: 'app', workspaceId: k.workspaceId };
  })();
  if (!auth) throw new HTTPException(401, 'Invalid API key');
  ctx.auth = auth;
}
const FORBIDDEN = 'Not enough permissions';
/** Workspace-level operations: App API keys only. */
export function appKeyOnly(ctx) { if (ctx.auth.kind !== 'app') throw new HTTPException(403, FORBIDDEN); }
/** Everything but page reads: App or Site API key (the publishable key is refused). */
export function secretKey(ctx) { if (ctx.auth.kind === 'public') throw new HTTPException(403, FORBIDDEN); }
/** Page reads: any key, the site's publishable key included. */
export function anyKey() {}

export const owns = (auth, site) => (auth.kind === 'app' ? auth.workspaceId === site.workspaceId : auth.siteId === site.id);
/** session.get(Site, id) or 404, then the key's permission on it or 403. */
export function siteFor(ctx, siteId) {
  const site = ctx.store.sites.get(siteId);
  if (!site) throw new HTTPException(404, 'Site not found');
  if (!owns(ctx.auth, site)) throw new HTTPException(403, FORBIDDEN);
  return site;
}
/** siteId is Optional in the signature; a code or pathname needs one (a Site key stands for its own site). */
export function siteIdForLookup(ctx, given) {
  if (given != null) return given;
  if (ctx.auth.kind !== 'app') return ctx.auth.siteId;
  throw new RequestValidationError([{ loc: ['query', 'siteId'], type: 'missing', msg: 'Field required' }]);
}
export const asId = (s) => { const r = parseUuid(s); return r.error ? null : r.value; };

// ---- response models ----
export function siteOut(store, site) {
  const def = store.defaultLocaleOf(site.id);
  return {
    object: 'site', id: site.id, name: site.name, hostOrigin: site.hostOrigin, publicApiKey: site.publicApiKey,
    defaultLocale: def ? def.locale : 'en-US', defaultLocalePathPrefix: def ? def.pathPrefix : null,
    localeManagementMode: site.localeManagementMode,
  };
}
export const localeOut = (l) => ({ object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
export const routeOut = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });
/** A page as shown; with `collapse` (a non-default locale) the localized pathname/title/description replace the base ones. */
export function pageOut(store, page, collapse = null) {
  const def = store.defaultLocaleOf(page.siteId);
  const locs = store.pageLocalizations(page);
  let shown = { pathname: page.pathname, title: page.title, description: page.description, locale: def ? def.locale : 'en-US' };
  if (collapse) {
    const hit = locs.find((x) => x.locale.id === collapse.id);
    if (hit) shown = { pathname: hit.row.pathname, title: hit.row.title ?? page.title, description: hit.row.description ?? page.description, locale: collapse.locale };
  }
  return {
    object: 'page', id: page.id, pathname: shown.pathname, canonicalUrl: page.canonicalUrl, title: shown.title,
    description: shown.description, socialImageUrl: page.socialImageUrl,
    sitemapPriority: page.sitemapPriority == null ? null : new PyFloat(page.sitemapPriority),
    sitemapFrequency: page.sitemapFrequency, createdAt: isoZ(page.createdAt), updatedAt: isoZ(page.updatedAt),
    publishedAt: isoZ(page.publishedAt), isOnline: page.isOnline, excludedFromSearchEngines: page.excludedFromSearchEngines,
    locale: shown.locale, localizations: locs.map((x) => ({ id: x.row.id, locale: x.locale.locale, pathname: x.row.pathname })),
  };
}

// ---- lists ----
export const listQuery = () => ({
  limit: { type: laxInt({ ge: 1, le: 100 }), default: 20 },
  startingAfter: { type: uuid(), default: null },
});
export const byThenId = (cmp, key) => (a, b) => cmp(key(a), key(b)) || cmpBinary(a.id, b.id);
/**
 * Keyset pagination: WHERE (sort_key, id) > (cursor's sort_key, cursor's id) ORDER BY sort_key, id LIMIT limit + 1.
 * The cursor must be an item of the listed collection, else 400 on startingAfter.
 */
export function keysetPage(rows, cmp, limit, startingAfter, cursorRow) {
  if (startingAfter != null && !cursorRow) {
    throw new RequestValidationError([{ loc: ['query', 'startingAfter'], type: 'value_error', msg: 'Value error, startingAfter does not name an item of this list' }]);
  }
  const sorted = [...rows].sort(cmp);
  const after = cursorRow ? sorted.filter((r) => cmp(r, cursorRow) > 0) : sorted;
  return { page: after.slice(0, limit), hasMore: after.length > limit };
}
