// The HttpRoutes: one function per operation, matched like the http4s DSL
// (`case GET -> Root / "v2" / "sites" / UUIDVar(id)`); anything unmatched falls
// through to a 404, including a known path with another method (http4s has no 405).
import { db, insertSite, insertLocale, insertPage, insertRoute, activeLocales, defaultLocaleOf } from './store.mjs';
import {
  ApiError, badRequest, forbidden, notFound, conflict, fieldErrors, unauthorized,
  nowMicros, isoInstant, uuid, isUuid, localeProblem, originProblem, pathnameProblem, PATHNAME_MAX, storable,
  decodeObject, decodeQuery, qUuid, qLimit, qEnum, qString, cmpText, cmpNullable, cmpNum,
} from './core.mjs';

// ---------------------------------------------------------------- auth
export function authenticate(headers) {
  const key = headers['x-api-key'];
  if (typeof key !== 'string' || key.length === 0) throw unauthorized('The x-api-key header is missing.');
  if (key.startsWith('sk_')) {
    const ws = db.appKeys.get(key);
    if (!ws) throw unauthorized();
    return { kind: 'app', workspaceId: ws };
  }
  if (isUuid(key)) {
    const k = key.toLowerCase();
    for (const s of db.sites.values()) if (s.publicApiKey === k) return { kind: 'site', siteId: s.id };
  }
  throw unauthorized();
}
// Site API keys are the site's publishable key: read-only, own site only.
function requireApp(p) { if (p.kind !== 'app') throw forbidden('A Site API key is read-only; this operation requires an App API key.'); }
function canSee(p, site) { return p.kind === 'app' ? site.workspaceId === p.workspaceId : site.id === p.siteId; }
function loadSite(p, siteId) {
  const s = db.sites.get(siteId);
  if (!s) throw notFound(`Site ${siteId} not found.`);
  if (!canSee(p, s)) throw forbidden();
  return s;
}

// ---------------------------------------------------------------- views
const localeCode = (id) => db.locales.get(id)?.locale;
function siteView(s) {
  const d = defaultLocaleOf(s.id);
  return { object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey, defaultLocale: d.locale, defaultLocalePathPrefix: d.pathPrefix, localeManagementMode: s.localeManagementMode };
}
const localeView = (l) => ({ object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
const routeView = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });
// version: 'ref:draft' | 'ref:live'; collapseLocaleId: a non-default locale id or null.
function pageData(p, version, collapseLocaleId) {
  const v = version === 'ref:live' ? p.live : p.draft;
  if (!v) return null;
  const locs = v.localizations.filter((x) => db.locales.get(x.localeId)?.deletedAt === null);
  const view = {
    object: 'page', id: p.id, pathname: v.pathname, canonicalUrl: v.canonicalUrl, title: v.title, description: v.description,
    socialImageUrl: v.socialImageUrl, sitemapPriority: v.sitemapPriority, sitemapFrequency: v.sitemapFrequency,
    createdAt: isoInstant(p.createdAt), updatedAt: isoInstant(version === 'ref:live' ? v.updatedAt : p.updatedAt), publishedAt: isoInstant(p.publishedAt),
    isOnline: p.isOnline, excludedFromSearchEngines: p.excludedFromSearchEngines, locale: localeCode(p.localeId),
    localizations: locs.map((x) => ({ id: x.id, locale: localeCode(x.localeId), pathname: x.pathname })),
  };
  const keys = { title: v.title, path: v.pathname.toLowerCase(), description: v.description, updatedAt: version === 'ref:live' ? v.updatedAt : p.updatedAt, createdAt: p.createdAt };
  if (collapseLocaleId) {
    const loc = locs.find((x) => x.localeId === collapseLocaleId);
    if (!loc) return { view, keys, localized: false };
    view.pathname = loc.pathname; view.locale = localeCode(loc.localeId);
    if (loc.title != null) view.title = loc.title;
    if (loc.description != null) view.description = loc.description;
    keys.path = loc.pathname.toLowerCase(); keys.title = view.title; keys.description = view.description;
    return { view, keys, localized: true };
  }
  return { view, keys, localized: true };
}

// ---------------------------------------------------------------- helpers
const list = (data, hasMore) => ({ object: 'list', data, hasMore });
const nameCheck = (max) => (v) => (v.length < 1 ? 'must be at least 1 character' : v.trim() === '' ? 'must not be blank' : v.length > max ? `must be at most ${max} characters` : null);
function fail400(...groups) { const all = groups.flat(); if (all.length) throw fieldErrors(all); }
// doobie-style keyset page: rows already sorted; cursor row's position via compare.
function keyset(rows, cmp, cursorRow, limit) {
  const after = cursorRow ? rows.filter((r) => cmp(r, cursorRow) > 0) : rows;
  return { data: after.slice(0, limit), hasMore: after.length > limit };
}
const badCursor = (what) => fieldErrors([{ field: 'startingAfter', message: `does not identify a ${what} of this list` }]);
// unique index on (site_id, lower(pathname)) shared by pages and routes (citext)
function pathTaken(siteId, pathname, exceptId) {
  const k = pathname.toLowerCase();
  for (const p of db.pages.values()) if (p.siteId === siteId && p.id !== exceptId && p.draft.pathname.toLowerCase() === k) return 'page';
  for (const r of db.routes.values()) if (r.siteId === siteId && r.id !== exceptId && r.pathname.toLowerCase() === k) return 'route';
  return null;
}
function requireJson(ctx) { if (ctx.bodyError) throw ctx.bodyError; return ctx.json(); }

// ---------------------------------------------------------------- sites
const createSiteSpec = {
  workspaceId: { type: 'string', required: true, check: (v) => (isUuid(v) ? null : 'must be a UUID') },
  name: { type: 'string', required: true, check: nameCheck(100) },
  hostOrigin: { type: 'string', check: (v) => originProblem(v, 'hostOrigin') },
  defaultLocale: { type: 'string', check: localeProblem },
};
function createSite(ctx) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, {});
  const b = decodeObject(requireJson(ctx), createSiteSpec);
  fail400(q.errors, b.errors);
  const wsId = b.value.workspaceId.toLowerCase();
  if (wsId !== ctx.p.workspaceId) throw forbidden('The API key does not have permission for this workspace.');
  const s = insertSite({ workspaceId: wsId, name: b.value.name, hostOrigin: b.value.hostOrigin ?? null, defaultLocale: b.value.defaultLocale ?? 'en-US' });
  return [201, siteView(s)];
}
function listSites(ctx) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { workspaceId: { required: true, parse: qUuid }, limit: { parse: qLimit, default: 20 }, startingAfter: { parse: qUuid } });
  fail400(q.errors);
  if (q.value.workspaceId !== ctx.p.workspaceId) throw forbidden('The API key does not have permission for this workspace.');
  const rows = [...db.sites.values()].filter((s) => s.workspaceId === q.value.workspaceId);
  const cmp = (a, b) => cmpNum(a.createdAt, b.createdAt) || cmpText(a.id, b.id);
  rows.sort(cmp);
  let cur = null;
  if (q.value.startingAfter) { cur = rows.find((s) => s.id === q.value.startingAfter); if (!cur) throw badCursor('site'); }
  const r = keyset(rows, cmp, cur, q.value.limit);
  return [200, list(r.data.map(siteView), r.hasMore)];
}
function getSite(ctx, siteId) {
  fail400(decodeQuery(ctx.query, {}).errors);
  return [200, siteView(loadSite(ctx.p, siteId))];
}
function updateSite(ctx, siteId) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, {});
  // Every field of the update is optional (the specification: "Body (all optional)"); the first
  // version reused the create's `name`, required there, and refused a rename-free update.
  const b = decodeObject(requireJson(ctx), { name: { ...createSiteSpec.name, required: false }, hostOrigin: createSiteSpec.hostOrigin }, { defaultLocale: 'defaultLocale is not accepted when updating a site' });
  fail400(q.errors, b.errors);
  const s = loadSite(ctx.p, siteId);
  if ('name' in b.value) s.name = b.value.name;
  if ('hostOrigin' in b.value) s.hostOrigin = b.value.hostOrigin;
  return [200, siteView(s)];
}
function deleteSite(ctx, siteId) {
  requireApp(ctx.p);
  fail400(decodeQuery(ctx.query, {}).errors);
  const s = loadSite(ctx.p, siteId);
  // ON DELETE CASCADE
  for (const t of [db.pages, db.routes, db.locales]) for (const [id, row] of t) if (row.siteId === s.id) t.delete(id);
  db.sites.delete(s.id);
  return [204, null];
}
function duplicateSite(ctx, siteId) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, {});
  const b = decodeObject(requireJson(ctx), { name: createSiteSpec.name });
  fail400(q.errors, b.errors);
  const src = loadSite(ctx.p, siteId);
  const copy = { id: uuid(), workspaceId: src.workspaceId, name: b.value.name, hostOrigin: src.hostOrigin, publicApiKey: uuid(), localeManagementMode: src.localeManagementMode, createdAt: nowMicros() };
  const localeMap = new Map();
  const srcLocales = activeLocales(src.id).sort((a, b2) => cmpNum(a.createdAt, b2.createdAt) || cmpText(a.id, b2.id));
  const newLocales = srcLocales.map((l) => { const n = { ...l, id: uuid(), siteId: copy.id, createdAt: nowMicros(), deletedAt: null }; localeMap.set(l.id, n.id); return n; });
  const cloneVersion = (v) => v && { ...structuredClone(v), localizations: v.localizations.filter((x) => localeMap.has(x.localeId)).map((x) => ({ ...x, id: uuid(), localeId: localeMap.get(x.localeId) })) };
  const srcPages = [...db.pages.values()].filter((p) => p.siteId === src.id).sort((a, b2) => cmpNum(a.createdAt, b2.createdAt));
  const newPages = srcPages.map((p) => { const t = nowMicros(); return { ...structuredClone(p), id: uuid(), siteId: copy.id, localeId: localeMap.get(p.localeId), createdAt: t, updatedAt: t, draft: cloneVersion(p.draft), live: cloneVersion(p.live) }; });
  const newRoutes = [...db.routes.values()].filter((r) => r.siteId === src.id).sort((a, b2) => cmpNum(a.createdAt, b2.createdAt)).map((r) => ({ ...r, id: uuid(), siteId: copy.id, createdAt: nowMicros() }));
  db.sites.set(copy.id, copy);
  for (const l of newLocales) db.locales.set(l.id, l);
  for (const p of newPages) db.pages.set(p.id, p);
  for (const r of newRoutes) db.routes.set(r.id, r);
  return [201, siteView(copy)];
}

// ---------------------------------------------------------------- locales
const domainCheck = (v) => originProblem(v, 'domain');
function findLocale(p, idOrCode, siteId, { deleted = false } = {}) {
  if (isUuid(idOrCode)) {
    const l = db.locales.get(idOrCode.toLowerCase());
    if (!l || (siteId && l.siteId !== siteId) || (!deleted && l.deletedAt !== null)) throw notFound(`Locale ${idOrCode} not found.`);
    loadSite(p, l.siteId);
    return l;
  }
  const site = loadSite(p, siteId);
  const rows = [...db.locales.values()].filter((l) => l.siteId === site.id && l.locale === idOrCode);
  const active = rows.find((l) => l.deletedAt === null);
  if (!deleted) { if (!active) throw notFound(`Locale ${idOrCode} not found on site ${site.id}.`); return active; }
  if (active) return active; // restore will answer 409
  const gone = rows.filter((l) => l.deletedAt !== null).sort((a, b) => b.deletedAt - a.deletedAt)[0];
  if (!gone) throw notFound(`No deleted locale ${idOrCode} on site ${site.id}.`);
  return gone;
}
const siteIdForCode = (idOrCode, q) => (!isUuid(idOrCode) && !q.errors.some((e) => e.field === 'siteId') && !q.value.siteId ? [{ field: 'siteId', message: 'is required when a locale code is used instead of a locale ID' }] : []);
function createLocale(ctx) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, {});
  const b = decodeObject(requireJson(ctx), {
    siteId: { type: 'string', required: true, check: (v) => (isUuid(v) ? null : 'must be a UUID') },
    locale: { type: 'string', required: true, check: localeProblem },
    domain: { type: 'string', check: domainCheck },
  });
  fail400(q.errors, b.errors);
  const site = loadSite(ctx.p, b.value.siteId.toLowerCase());
  const act = activeLocales(site.id);
  if (act.some((l) => l.locale === b.value.locale)) throw conflict(`Locale ${b.value.locale} already exists on site ${site.id}.`);
  if (b.value.domain && act.some((l) => l.domain === b.value.domain)) throw conflict(`Domain ${b.value.domain} is already used by another locale of site ${site.id}.`);
  const l = insertLocale({ siteId: site.id, locale: b.value.locale, domain: b.value.domain ?? null });
  return [201, localeView(l)];
}
function listLocales(ctx) {
  const q = decodeQuery(ctx.query, { siteId: { required: true, parse: qUuid }, limit: { parse: qLimit, default: 20 }, startingAfter: { parse: qUuid } });
  fail400(q.errors);
  const site = loadSite(ctx.p, q.value.siteId);
  const cmp = (a, b) => cmpNum(a.createdAt, b.createdAt) || cmpText(a.id, b.id);
  const rows = activeLocales(site.id).sort(cmp);
  let cur = null;
  if (q.value.startingAfter) { cur = db.locales.get(q.value.startingAfter); if (!cur || cur.siteId !== site.id) throw badCursor('locale'); }
  const r = keyset(rows, cmp, cur, q.value.limit);
  return [200, list(r.data.map(localeView), r.hasMore)];
}
function getLocale(ctx, idOrCode) {
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid } });
  fail400(q.errors, siteIdForCode(idOrCode, q));
  return [200, localeView(findLocale(ctx.p, idOrCode, q.value.siteId))];
}
function updateLocale(ctx, idOrCode) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid } });
  const b = decodeObject(requireJson(ctx), { locale: { type: 'string', check: localeProblem }, domain: { type: 'string', nullable: true, check: domainCheck } });
  fail400(q.errors, siteIdForCode(idOrCode, q), b.errors);
  const l = findLocale(ctx.p, idOrCode, q.value.siteId);
  const others = activeLocales(l.siteId).filter((x) => x.id !== l.id);
  if ('locale' in b.value && others.some((x) => x.locale === b.value.locale)) throw conflict(`Locale ${b.value.locale} already exists on this site.`);
  if (b.value.domain && others.some((x) => x.domain === b.value.domain)) throw conflict(`Domain ${b.value.domain} is already used by another locale of this site.`);
  if ('locale' in b.value) l.locale = b.value.locale;
  if ('domain' in b.value) l.domain = b.value.domain;
  return [200, localeView(l)];
}
function deleteLocale(ctx, idOrCode) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid } });
  fail400(q.errors, siteIdForCode(idOrCode, q));
  const l = findLocale(ctx.p, idOrCode, q.value.siteId);
  if (l.isDefault) throw fieldErrors([{ field: 'localeIdOrCode', message: 'the default locale of a site cannot be deleted' }]);
  l.deletedAt = nowMicros();
  return [204, null];
}
function restoreLocale(ctx, idOrCode) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid } });
  fail400(q.errors, siteIdForCode(idOrCode, q));
  const l = findLocale(ctx.p, idOrCode, q.value.siteId, { deleted: true });
  if (l.deletedAt === null) throw conflict(`Locale ${l.locale} is not deleted.`);
  if (activeLocales(l.siteId).some((x) => x.locale === l.locale)) throw conflict(`Another locale ${l.locale} is active on this site.`);
  if (l.domain && activeLocales(l.siteId).some((x) => x.domain === l.domain)) throw conflict(`Domain ${l.domain} is now used by another locale of this site.`);
  l.deletedAt = null;
  return [200, localeView(l)];
}

// ---------------------------------------------------------------- pages
const pathnameSpec = { type: 'string', check: pathnameProblem };
function createPage(ctx) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, {});
  const b = decodeObject(requireJson(ctx), {
    siteId: { type: 'string', required: true, check: (v) => (isUuid(v) ? null : 'must be a UUID') },
    pathname: { ...pathnameSpec, required: true },
    name: { type: 'string', required: true, check: nameCheck(255) },
  });
  fail400(q.errors, b.errors);
  const site = loadSite(ctx.p, b.value.siteId.toLowerCase());
  const taken = pathTaken(site.id, b.value.pathname, null);
  if (taken) throw conflict(`A ${taken} with pathname ${b.value.pathname} already exists.`);
  const p = insertPage({ siteId: site.id, name: b.value.name, pathname: b.value.pathname, localeId: defaultLocaleOf(site.id).id });
  return [201, pageData(p, 'ref:draft', null).view];
}
const pageListSpec = (withSite) => ({
  ...(withSite ? { siteId: { required: true, parse: qUuid } } : {}),
  limit: { parse: qLimit, default: 20 },
  startingAfter: { parse: qUuid },
  pathPrefix: { parse: qString((v) => (v.startsWith('/') ? (v.length > PATHNAME_MAX ? `must be at most ${PATHNAME_MAX} characters` : null) : "must start with '/'")), default: '/' },
  sortBy: { parse: qEnum('title', 'path', 'description', 'updatedAt', 'createdAt'), default: 'path' },
  sortDirection: { parse: qEnum('asc', 'desc'), default: 'asc' },
  includeOffline: { parse: qEnum('true', 'false'), default: 'false' },
  locale: { parse: qString(localeProblem) },
  versionRef: { parse: qEnum('ref:live', 'ref:draft'), default: 'ref:draft' },
});
function listPagesOf(ctx, siteIdFromPath) {
  const q = decodeQuery(ctx.query, pageListSpec(!siteIdFromPath));
  fail400(q.errors);
  const o = q.value;
  const site = loadSite(ctx.p, siteIdFromPath || o.siteId);
  let collapse = null;
  if (o.locale !== undefined) {
    const l = activeLocales(site.id).find((x) => x.locale === o.locale);
    if (!l) return [200, list([], false)];
    if (!l.isDefault) collapse = l.id;
  }
  const sortKey = o.sortBy;
  const dir = o.sortDirection === 'desc' ? -1 : 1;
  const keyCmp = sortKey === 'updatedAt' || sortKey === 'createdAt' ? cmpNum : cmpText;
  const cmp = (a, b) => dir * (cmpNullable(a.keys[sortKey], b.keys[sortKey], keyCmp) || cmpText(a.view.id, b.view.id));
  const all = [...db.pages.values()].filter((p) => p.siteId === site.id).map((p) => pageData(p, o.versionRef, collapse)).filter((x) => x && x.localized);
  let cur = null;
  if (o.startingAfter) {
    const cp = db.pages.get(o.startingAfter);
    cur = cp && cp.siteId === site.id ? pageData(cp, o.versionRef, collapse) : null;
    if (!cur || !cur.localized) throw badCursor('page');
  }
  const rows = all.filter((x) => (o.includeOffline === 'true' || x.view.isOnline) && x.view.pathname.startsWith(o.pathPrefix)).sort(cmp);
  const r = keyset(rows, cmp, cur, o.limit);
  return [200, list(r.data.map((x) => x.view), r.hasMore)];
}
function findPage(ctx, idOrPath, siteId) {
  if (isUuid(idOrPath)) {
    const p = db.pages.get(idOrPath.toLowerCase());
    if (!p || (siteId && p.siteId !== siteId)) throw notFound(`Page ${idOrPath} not found.`);
    loadSite(ctx.p, p.siteId);
    return p;
  }
  const site = loadSite(ctx.p, siteId);
  const k = idOrPath.toLowerCase();
  const p = [...db.pages.values()].find((x) => x.siteId === site.id && x.draft.pathname.toLowerCase() === k);
  if (!p) throw notFound(`No page with pathname ${idOrPath} on site ${site.id}.`);
  return p;
}
const siteIdForPath = (idOrPath, q, what) => (!isUuid(idOrPath) && !q.errors.some((e) => e.field === 'siteId') && !q.value.siteId ? [{ field: 'siteId', message: `is required when a pathname is used instead of a ${what} ID` }] : []);
function getPage(ctx, idOrPath) {
  const q = decodeQuery(ctx.query, {
    siteId: { parse: qUuid },
    versionRef: { parse: qEnum('ref:live', 'ref:draft'), default: 'ref:draft' },
    locale: { parse: qString((v) => (isUuid(v) ? null : localeProblem(v) && 'must be a locale code (e.g. en-US) or a locale UUID')) },
  });
  fail400(q.errors, siteIdForPath(idOrPath, q, 'page'));
  const p = findPage(ctx, idOrPath, q.value.siteId);
  let collapse = null;
  if (q.value.locale !== undefined) {
    const l = isUuid(q.value.locale)
      ? activeLocales(p.siteId).find((x) => x.id === q.value.locale.toLowerCase())
      : activeLocales(p.siteId).find((x) => x.locale === q.value.locale);
    if (l && !l.isDefault) collapse = l.id;
  }
  const d = pageData(p, q.value.versionRef, collapse);
  if (!d) throw notFound(`Page ${p.id} has no ${q.value.versionRef === 'ref:live' ? 'live (published)' : 'draft'} version.`);
  return [200, d.view];
}
function updatePage(ctx, idOrPath) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid } });
  const b = decodeObject(requireJson(ctx), { pathname: pathnameSpec, name: { type: 'string', check: nameCheck(255) }, isOnline: { type: 'boolean' } });
  fail400(q.errors, siteIdForPath(idOrPath, q, 'page'), b.errors);
  const p = findPage(ctx, idOrPath, q.value.siteId);
  if ('pathname' in b.value) { const t = pathTaken(p.siteId, b.value.pathname, p.id); if (t) throw conflict(`A ${t} with pathname ${b.value.pathname} already exists.`); }
  if ('pathname' in b.value) p.draft.pathname = b.value.pathname;
  if ('name' in b.value) p.name = b.value.name;
  if ('isOnline' in b.value) p.isOnline = b.value.isOnline;
  p.updatedAt = nowMicros(); // BEFORE UPDATE trigger: set updated_at = now()
  return [200, pageData(p, 'ref:draft', null).view];
}
function deletePage(ctx, idOrPath) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid } });
  fail400(q.errors, siteIdForPath(idOrPath, q, 'page'));
  const p = findPage(ctx, idOrPath, q.value.siteId);
  db.pages.delete(p.id);
  return [204, null];
}

// ---------------------------------------------------------------- routes
// Route validation (skippable) = pathname syntax rules. Always enforced: JSON type,
// the column CHECKs (non-empty, <= 2048 chars, storable text) and the unique index.
const routeColumnCheck = (v) => (v.length === 0 ? 'must not be empty' : v.length > 2048 ? 'must be at most 2048 characters' : null);
function findRoute(ctx, idOrPath, siteId) {
  if (isUuid(idOrPath)) {
    const r = db.routes.get(idOrPath.toLowerCase());
    if (!r || (siteId && r.siteId !== siteId)) throw notFound(`Route ${idOrPath} not found.`);
    loadSite(ctx.p, r.siteId);
    return r;
  }
  const site = loadSite(ctx.p, siteId);
  const k = idOrPath.toLowerCase();
  const r = [...db.routes.values()].find((x) => x.siteId === site.id && x.pathname.toLowerCase() === k);
  if (!r) throw notFound(`No route with pathname ${idOrPath} on site ${site.id}.`);
  return r;
}
function createRoute(ctx) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { skipValidation: { parse: qEnum('true', 'false'), default: 'false' } });
  const skip = q.value.skipValidation === 'true';
  const b = decodeObject(requireJson(ctx), {
    siteId: { type: 'string', required: true, check: (v) => (isUuid(v) ? null : 'must be a UUID') },
    pathname: { type: 'string', required: true, check: skip ? routeColumnCheck : pathnameProblem },
  });
  fail400(q.errors, b.errors);
  const site = loadSite(ctx.p, b.value.siteId.toLowerCase());
  const t = pathTaken(site.id, b.value.pathname, null);
  if (t) throw conflict(`A ${t} with pathname ${b.value.pathname} already exists.`);
  return [201, routeView(insertRoute({ siteId: site.id, pathname: b.value.pathname }))];
}
function listRoutes(ctx) {
  const q = decodeQuery(ctx.query, { siteId: { required: true, parse: qUuid }, limit: { parse: qLimit, default: 20 }, startingAfter: { parse: qUuid } });
  fail400(q.errors);
  const site = loadSite(ctx.p, q.value.siteId);
  const cmp = (a, b) => cmpNum(a.createdAt, b.createdAt) || cmpText(a.id, b.id);
  const rows = [...db.routes.values()].filter((r) => r.siteId === site.id).sort(cmp);
  let cur = null;
  if (q.value.startingAfter) { cur = rows.find((r) => r.id === q.value.startingAfter); if (!cur) throw badCursor('route'); }
  const r = keyset(rows, cmp, cur, q.value.limit);
  return [200, list(r.data.map(routeView), r.hasMore)];
}
function getRoute(ctx, idOrPath) {
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid } });
  fail400(q.errors, siteIdForPath(idOrPath, q, 'route'));
  return [200, routeView(findRoute(ctx, idOrPath, q.value.siteId))];
}
function updateRoute(ctx, idOrPath) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid }, skipValidation: { parse: qEnum('true', 'false'), default: 'false' } });
  const skip = q.value.skipValidation === 'true';
  const b = decodeObject(requireJson(ctx), { pathname: { type: 'string', check: skip ? routeColumnCheck : pathnameProblem } });
  fail400(q.errors, siteIdForPath(idOrPath, q, 'route'), b.errors);
  const r = findRoute(ctx, idOrPath, q.value.siteId);
  if ('pathname' in b.value) {
    const t = pathTaken(r.siteId, b.value.pathname, r.id);
    if (t) throw conflict(`A ${t} with pathname ${b.value.pathname} already exists.`);
    r.pathname = b.value.pathname;
  }
  return [200, routeView(r)];
}
function deleteRoute(ctx, idOrPath) {
  requireApp(ctx.p);
  const q = decodeQuery(ctx.query, { siteId: { parse: qUuid } });
  fail400(q.errors, siteIdForPath(idOrPath, q, 'route'));
  const r = findRoute(ctx, idOrPath, q.value.siteId);
  db.routes.delete(r.id);
  return [204, null];
}

// ---------------------------------------------------------------- router
const HANDLER_METHODS = { GET: 1, PATCH: 1, DELETE: 1 };
const U = (s) => (isUuid(s) ? s.toLowerCase() : undefined); // UUIDVar
export function route(method, seg) {
  const [a, b, c, d, ...rest] = seg;
  if (rest.length) return null;
  const n = seg.length;
  if (a === 'v2' && b === 'sites') {
    if (n === 2) return method === 'POST' ? createSite : method === 'GET' ? listSites : null;
    const id = U(c); if (!id) return null;
    if (n === 3) { const h = { GET: getSite, PATCH: updateSite, DELETE: deleteSite }[method]; return h && Object.hasOwn(HANDLER_METHODS, method) ? (ctx) => h(ctx, id) : null; }
    if (n === 4 && d === 'duplicate' && method === 'POST') return (ctx) => duplicateSite(ctx, id);
    if (n === 4 && d === 'pages' && method === 'GET') return (ctx) => listPagesOf(ctx, id);
    return null;
  }
  if (a === 'v2' && b === 'locales') {
    if (n === 2) return method === 'POST' ? createLocale : method === 'GET' ? listLocales : null;
    if (n === 3) { const h = { GET: getLocale, PATCH: updateLocale, DELETE: deleteLocale }[method]; return h && Object.hasOwn(HANDLER_METHODS, method) ? (ctx) => h(ctx, c) : null; }
    if (n === 4 && d === 'restore' && method === 'POST') return (ctx) => restoreLocale(ctx, c);
    return null;
  }
  if (a === 'v6' && b === 'pages') {
    if (n === 2) return method === 'POST' ? createPage : method === 'GET' ? (ctx) => listPagesOf(ctx, null) : null;
    if (n === 3) { const h = { GET: getPage, PATCH: updatePage, DELETE: deletePage }[method]; return h && Object.hasOwn(HANDLER_METHODS, method) ? (ctx) => h(ctx, c) : null; }
    return null;
  }
  if (a === 'v2' && b === 'routes') {
    if (n === 2) return method === 'POST' ? createRoute : method === 'GET' ? listRoutes : null;
    if (n === 3) { const h = { GET: getRoute, PATCH: updateRoute, DELETE: deleteRoute }[method]; return h && Object.hasOwn(HANDLER_METHODS, method) ? (ctx) => h(ctx, c) : null; }
    return null;
  }
  return null;
}
export { ApiError, badRequest, notFound };
