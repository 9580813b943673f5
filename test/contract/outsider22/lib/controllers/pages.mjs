// PageController (v6) and the older `GET /v2/sites/:siteId/pages` listing (same action).
import { uuid7, nowUs, live, paginate, castUUID, getLive } from '../repo.mjs';
import {
  cast, validateRequired, validateLength, validateFormat, validateInclusion, raiseIfInvalid,
  notFound, conflict, badRequest, STRING_MAX,
} from '../changeset.mjs';
import { permitKind, permitSite, loadSite } from '../auth.mjs';
import { pageShown, pageJSON, listJSON, listChangeset, cursorFrom, rejectNonObject, siteIdForLookup, defaultLocaleOf } from '../views.mjs';
import { getLimit } from './sites.mjs';

/** "/" or "/"-separated non-empty segments of RFC 3986 pchar characters (ASCII). */
export const PAGE_PATH_RE = /^(?:\/|(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]+)+)$/;
const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const VERSION_REFS = ['ref:live', 'ref:draft'];
const SORT_KEYS = {
  path: ['pathname', 'text'], title: ['title', 'text'], description: ['description', 'text'],
  updatedAt: ['updatedAt', 'number'], createdAt: ['createdAt', 'number'],
};

/** Pages and routes share one pathname space per site (draft pathnames of kept pages). */
export function pathnameTaken(store, siteId, pathname, { exceptPage = null, exceptRoute = null, pages = true, routes = true } = {}) {
  if (pages && live(store.pages).some((p) => p.siteId === siteId && p !== exceptPage && p.pathname === pathname)) return true;
  if (routes && live(store.routes).some((r) => r.siteId === siteId && r !== exceptRoute && r.pathname === pathname)) return true;
  return false;
}

/** `locale` query: a code of a kept locale of the site, or a site_locale UUID of it. */
function resolveLocaleParam(store, site, value) {
  if (value == null) return null;
  const id = castUUID(value);
  const loc = live(store.locales).find((l) => l.siteId === site.id && (id ? l.id === id : l.locale === value));
  if (!loc) throw badRequest([{ field: 'locale', message: 'does not exist' }]);
  return loc;
}

export function index(conn) {
  permitKind(conn.principal, 'page.read');
  const { store } = conn;
  const types = { siteId: 'uuid', pathPrefix: 'string', sortBy: 'string', sortDirection: 'string', includeOffline: 'string', locale: 'string', versionRef: 'string' };
  const params = conn.pathParams.siteId !== undefined ? { ...conn.params, siteId: conn.pathParams.siteId } : conn.params;
  const cs = listChangeset(params, types, ['siteId']);
  validateInclusion(cs, 'sortBy', SORT_BY);
  validateInclusion(cs, 'sortDirection', ['asc', 'desc']);
  validateInclusion(cs, 'includeOffline', ['true', 'false']);
  validateInclusion(cs, 'versionRef', VERSION_REFS);
  raiseIfInvalid(cs);
  const q = { pathPrefix: '/', sortBy: 'path', sortDirection: 'asc', includeOffline: 'false', versionRef: 'ref:draft', ...stripNull(cs.changes) };
  const site = loadSite(conn, q.siteId);
  const locale = resolveLocaleParam(store, site, q.locale);
  const shownOf = (p) => pageShown(store, p, q.versionRef, locale);
  const [field, type] = SORT_KEYS[q.sortBy];
  const sitePages = live(store.pages).filter((p) => p.siteId === site.id);
  const rows = [];
  for (const p of sitePages) {
    const s = shownOf(p);
    if (!s) continue;
    if (q.includeOffline !== 'true' && !s.isOnline) continue;
    if (!s.pathname.startsWith(q.pathPrefix)) continue;
    rows.push({ id: p.id, s });
  }
  const after = cursorFrom(cs, (id) => {
    const p = sitePages.find((x) => x.id === id);
    const s = p && shownOf(p);
    return s ? { id: p.id, s } : null;
  }, (r) => r.s[field], type);
  const page = paginate(rows, { key: (r) => r.s[field], type, dir: q.sortDirection, limit: getLimit(cs), after });
  return { status: 200, body: listJSON(page.entries.map((r) => pageJSON(r.s)), page.hasMore), next: page.next };
}
const stripNull = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));

/** {pageIdOrPathname} glob: one UUID segment is an ID; anything else a pathname ("/" prepended). */
export function identifierOf(conn, name) {
  const raw = conn.pathParams[name];
  const id = castUUID(raw);
  if (id) return { id };
  return { pathname: raw.startsWith('/') ? raw : `/${raw}` };
}

function resolve(conn, versionRef = 'ref:draft') {
  const { store } = conn;
  const cs = cast({ siteId: null }, conn.params, { siteId: 'uuid' });
  raiseIfInvalid(cs);
  const ident = identifierOf(conn, 'pageIdOrPathname');
  let page, site;
  if (ident.id) {
    page = getLive(store.pages, ident.id);
    if (!page) throw notFound();
    site = getLive(store.sites, page.siteId);
    if (!site) throw notFound();
    permitSite(conn.principal, site);
  } else {
    site = loadSite(conn, siteIdForLookup(conn, cs));
    const ref = versionRef === 'ref:live' ? (p) => p.live?.pathname : (p) => p.pathname;
    page = live(store.pages).find((p) => p.siteId === site.id && ref(p) === ident.pathname);
    if (!page) throw notFound();
  }
  return { page, site };
}

export function show(conn) {
  permitKind(conn.principal, 'page.read');
  const cs = cast({ versionRef: 'ref:draft', locale: null }, conn.params, { versionRef: 'string', locale: 'string' }, { versionRef: 'ref:draft' });
  validateInclusion(cs, 'versionRef', VERSION_REFS);
  raiseIfInvalid(cs);
  const versionRef = cs.changes.versionRef ?? 'ref:draft';
  const { page, site } = resolve(conn, versionRef);
  const locale = resolveLocaleParam(conn.store, site, cs.changes.locale ?? null);
  const shown = pageShown(conn.store, page, versionRef, locale);
  if (!shown) throw notFound();
  return { status: 200, body: pageJSON(shown) };
}

export function snapshot(page, now) {
  const { pathname, title, description, canonicalUrl, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines } = page;
  return { pathname, title, description, canonicalUrl, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines, updatedAt: now, publishedAt: now };
}
export function newPage(siteId, fields, now) {
  const page = {
    id: uuid7(), siteId, name: null, pathname: null, title: null, description: null, canonicalUrl: null, socialImageUrl: null,
    sitemapPriority: null, sitemapFrequency: null, excludedFromSearchEngines: false, isOnline: true,
    publishedAt: now, insertedAt: now, updatedAt: now, deletedAt: null, live: null, ...fields,
  };
  page.live = page.isOnline ? snapshot(page, page.publishedAt ?? now) : null;
  if (page.live) page.live.updatedAt = page.updatedAt;
  return page;
}

function validatePage(cs) {
  validateLength(cs, 'name', { min: 1, max: STRING_MAX });
  validateFormat(cs, 'pathname', PAGE_PATH_RE);
  validateLength(cs, 'pathname', { max: STRING_MAX });
  return cs;
}

export function create(conn) {
  permitKind(conn.principal, 'page.write');
  const data = { siteId: null, pathname: null, name: null };
  const cs = cast(data, conn.params, { siteId: 'uuid', pathname: 'string', name: 'string' });
  rejectNonObject(conn, cs);
  validateRequired(cs, ['siteId', 'pathname', 'name']);
  validatePage(cs);
  raiseIfInvalid(cs);
  const v = { ...data, ...cs.changes };
  const site = loadSite(conn, v.siteId);
  if (pathnameTaken(conn.store, site.id, v.pathname)) throw conflict('pathname');
  const page = newPage(site.id, { name: v.name, pathname: v.pathname }, nowUs());
  conn.store.pages.push(page);
  return { status: 201, body: pageJSON(pageShown(conn.store, page, 'ref:draft', null)), location: `/v6/pages/${page.id}` };
}

export function update(conn) {
  permitKind(conn.principal, 'page.write');
  const { page, site } = resolve(conn);
  const cs = cast(page, conn.params, { pathname: 'string', name: 'string', isOnline: 'boolean' });
  rejectNonObject(conn, cs);
  validateRequired(cs, ['pathname', 'name', 'isOnline']);
  validatePage(cs);
  raiseIfInvalid(cs);
  const ch = cs.changes;
  if (ch.pathname != null && pathnameTaken(conn.store, site.id, ch.pathname, { exceptPage: page })) throw conflict('pathname');
  const publish = conn.params.isOnline === true || conn.params.isOnline === 'true' || conn.params.isOnline === '1';
  const now = nowUs();
  if (Object.keys(ch).length || publish) {
    Object.assign(page, ch, { updatedAt: now });
    if (page.isOnline && publish) { page.publishedAt = now; page.live = snapshot(page, now); }
    if (!page.isOnline) { page.publishedAt = null; page.live = null; }
  }
  return { status: 200, body: pageJSON(pageShown(conn.store, page, 'ref:draft', null)) };
}

export function remove(conn) {
  permitKind(conn.principal, 'page.write');
  const { page } = resolve(conn);
  page.deletedAt = nowUs();
  return { status: 204 };
}
export { defaultLocaleOf };
