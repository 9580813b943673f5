// /v6/pages handlers (and GET /v2/sites/{siteId}/pages).
import { decodeBody, Checks, parseLimit } from '../validate.mjs';
import { q } from '../http.mjs';
import { badRequest, conflict, notFound } from '../errors.mjs';
import { assertRead, assertWrite, loadSite } from '../auth.mjs';
import { pageJson, list } from '../present.mjs';
import { UUID_RE, byteCmp, nowTs } from '../util.mjs';
import { normalizePagePath, pathProblem } from '../pathname.mjs';

const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const VERSION_REFS = ['ref:live', 'ref:draft'];

function sortValue(view, sortBy) {
  switch (sortBy) {
    case 'title': return view.json.title;
    case 'description': return view.json.description;
    case 'updatedAt': return view.json.updatedAt;
    case 'createdAt': return view.json.createdAt;
    default: return view.json.pathname;
  }
}

// ORDER BY <key> <dir>, id <dir>; CockroachDB puts NULLs first ascending, last descending.
function comparator(sortBy, dir) {
  const sign = dir === 'desc' ? -1 : 1;
  return (a, b) => {
    const x = sortValue(a, sortBy), y = sortValue(b, sortBy);
    let r;
    if (x === y) r = 0;
    else if (x === null) r = -1;
    else if (y === null) r = 1;
    else r = byteCmp(x, y);
    if (r === 0) r = byteCmp(a.page.id, b.page.id);
    return r * sign;
  };
}

export function listPages(ctx) {
  const c = new Checks();
  const fromPath = ctx.params.siteId;
  const siteId = fromPath ?? q(ctx.query, 'siteId');
  if (fromPath === undefined) c.uuid('siteId', siteId, true);
  const limit = parseLimit(c, ctx.query, 0);
  const after = q(ctx.query, 'startingAfter');
  c.uuid('startingAfter', after, false);
  const pathPrefix = q(ctx.query, 'pathPrefix') ?? '/';
  if (!pathPrefix.startsWith('/')) c.fail('pathPrefix', 'must start with "/"');
  const sortBy = q(ctx.query, 'sortBy') ?? 'path';
  c.oneOf('sortBy', sortBy, SORT_BY);
  const sortDirection = q(ctx.query, 'sortDirection') ?? 'asc';
  c.oneOf('sortDirection', sortDirection, ['asc', 'desc']);
  const includeOffline = q(ctx.query, 'includeOffline') ?? 'false';
  c.oneOf('includeOffline', includeOffline, ['true', 'false']);
  const localeCode = q(ctx.query, 'locale');
  const versionRef = q(ctx.query, 'versionRef') ?? 'ref:draft';
  c.oneOf('versionRef', versionRef, VERSION_REFS);
  c.throwIfAny();

  const store = ctx.store;
  const site = loadSite(store, siteId);
  assertRead(ctx.auth, site);

  let loc = null, nothing = false;
  if (localeCode !== undefined) {
    const l = store.siteLocales(site).find((x) => x.locale === localeCode);
    if (!l) nothing = true;
    else if (!l.isDefault) loc = l;
  }
  const view = (p) => ({ page: p, json: pageJson(store, site, p, loc) });
  let cursor = null;
  if (after !== undefined) {
    const cp = store.pages.get(after);
    if (!cp || cp.siteId !== site.id) throw badRequest([{ field: 'startingAfter', message: 'must be the ID of a page of this site' }]);
    cursor = view(cp);
  }
  const cmp = comparator(sortBy, sortDirection);
  const rows = [];
  if (!nothing) {
    for (const p of store.sitePages(site)) {
      if (loc && !p.localizations.some((z) => z.localeId === loc.id)) continue;
      if (includeOffline !== 'true' && !p.isOnline) continue;
      if (versionRef === 'ref:live' && p.publishedAt === null) continue;
      const v = view(p);
      if (!v.json.pathname.startsWith(pathPrefix)) continue;
      if (cursor && cmp(v, cursor) <= 0) continue;
      rows.push(v);
    }
  }
  rows.sort(cmp);
  return [200, list(rows.slice(0, limit).map((v) => v.json), rows.length > limit)];
}

function pathTaken(store, site, pathname, selfId) {
  for (const p of store.sitePages(site)) {
    if (p.id !== selfId && p.pathname === pathname) return 'A page with this pathname already exists.';
  }
  for (const r of store.siteRoutes(site)) {
    if (r.pathname === pathname) return 'A route with this pathname already exists.';
  }
  return null;
}

export function createPage(ctx) {
  const b = decodeBody(ctx, [
    { name: 'siteId', type: 'string' }, { name: 'pathname', type: 'string' }, { name: 'name', type: 'string' },
  ]);
  const c = new Checks();
  c.uuid('siteId', b.get('siteId'), true);
  let pathname = b.get('pathname');
  if (c.str('pathname', pathname, { required: true })) {
    pathname = normalizePagePath(pathname);
    const prob = pathProblem(pathname);
    if (prob) c.fail('pathname', prob);
  }
  c.str('name', b.get('name'), { required: true, min: 1, max: 255 });
  c.throwIfAny();
  const site = loadSite(ctx.store, b.get('siteId'));
  assertWrite(ctx.auth, site);
  const taken = pathTaken(ctx.store, site, pathname, null);
  if (taken) throw conflict(taken);
  const page = ctx.store.addPage(site, { name: b.get('name'), pathname });
  return [201, pageJson(ctx.store, site, page)];
}

// Resolve a locale query value (code or site_locale id) to a non-default locale row, or null.
function resolvePageLocale(store, site, value) {
  if (value === undefined) return null;
  const l = store.siteLocales(site).find((x) => (UUID_RE.test(value) ? x.id === value : x.locale === value));
  if (!l) throw badRequest([{ field: 'locale', message: 'must be a locale code or locale ID of this site' }]);
  return l.isDefault ? null : l;
}

function findPage(ctx, siteId, write, localeValue) {
  const store = ctx.store;
  const key = ctx.params.pageIdOrPathname;
  const check = write ? assertWrite : assertRead;
  if (UUID_RE.test(key)) {
    const p = store.pages.get(key);
    if (!p || (siteId !== undefined && p.siteId !== siteId)) throw notFound('Page not found.');
    const site = store.sites.get(p.siteId);
    check(ctx.auth, site);
    const loc = resolvePageLocale(store, site, localeValue);
    return { page: p, site, loc };
  }
  if (siteId === undefined) throw badRequest([{ field: 'siteId', message: 'is required when a pathname is used instead of a page ID' }]);
  const site = loadSite(store, siteId);
  check(ctx.auth, site);
  const loc = resolvePageLocale(store, site, localeValue);
  const pathname = normalizePagePath(key);
  for (const p of store.sitePages(site)) {
    if (loc) {
      if (p.localizations.some((z) => z.localeId === loc.id && z.pathname === pathname)) return { page: p, site, loc };
    } else if (p.pathname === pathname) return { page: p, site, loc };
  }
  throw notFound('Page not found.');
}

function pageQuery(ctx, extra) {
  const c = new Checks();
  const siteId = q(ctx.query, 'siteId');
  c.uuid('siteId', siteId, false);
  const out = { siteId };
  if (extra) {
    out.versionRef = q(ctx.query, 'versionRef') ?? 'ref:draft';
    c.oneOf('versionRef', out.versionRef, VERSION_REFS);
    out.locale = q(ctx.query, 'locale');
  }
  c.throwIfAny();
  return out;
}

export function getPage(ctx) {
  const qq = pageQuery(ctx, true);
  const { page, site, loc } = findPage(ctx, qq.siteId, false, qq.locale);
  if (qq.versionRef === 'ref:live' && page.publishedAt === null) throw notFound('Page has no live version.');
  if (loc && !page.localizations.some((z) => z.localeId === loc.id)) throw notFound('Page has no localization for this locale.');
  return [200, pageJson(ctx.store, site, page, loc)];
}

export function updatePage(ctx) {
  const qq = pageQuery(ctx, false);
  const b = decodeBody(ctx, [
    { name: 'pathname', type: 'string' }, { name: 'name', type: 'string' }, { name: 'isOnline', type: 'boolean' },
  ]);
  const c = new Checks();
  if (b.size === 0) c.fail('pathname', 'is required when no other field is given');
  let pathname = b.get('pathname');
  if (pathname !== undefined && c.str('pathname', pathname, { required: true })) {
    pathname = normalizePagePath(pathname);
    const prob = pathProblem(pathname);
    if (prob) c.fail('pathname', prob);
  }
  c.str('name', b.get('name'), { min: 1, max: 255 });
  c.throwIfAny();
  const { page, site } = findPage(ctx, qq.siteId, true, undefined);
  if (pathname !== undefined && pathname !== page.pathname) {
    const taken = pathTaken(ctx.store, site, pathname, page.id);
    if (taken) throw conflict(taken);
  }
  let changed = false;
  if (pathname !== undefined && pathname !== page.pathname) { page.pathname = pathname; changed = true; }
  if (b.has('name') && b.get('name') !== page.name) { page.name = b.get('name'); changed = true; }
  if (b.has('isOnline') && b.get('isOnline') !== page.isOnline) { page.isOnline = b.get('isOnline'); changed = true; }
  if (changed) page.updatedAt = nowTs();
  return [200, pageJson(ctx.store, site, page)];
}

export function deletePage(ctx) {
  const qq = pageQuery(ctx, false);
  const { page, site } = findPage(ctx, qq.siteId, true, undefined);
  ctx.store.pages.delete(page.id);
  site.pageIds.delete(page.id);
  return [204];
}
