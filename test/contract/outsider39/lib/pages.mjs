import { db, createPage, pathTaken, pageJson, snapshot, now, findActiveLocaleByCode, etag } from './store.mjs';
import { requireAppKey, assertRead, assertWrite } from './auth.mjs';
import { badRequest, notFound, conflict } from './errors.mjs';
import { validateBody, size, uuidCheck, pathProblem, normPath, qUuid, qLimit, qEnum, ci, isUuid, canonUuid } from './validate.mjs';
import { jsonBody, fail, checkIfMatch, checkPathUuid, paginate, ok, created, noContent } from './common.mjs';

const CONFLICT_MSG = 'A page or route with this pathname already exists.';
const pathRule = { type: 'string', checks: [pathProblem] };
const nameRule = { type: 'string', checks: [size(1, 255)] };
const VERSION_REFS = ['ref:live', 'ref:draft'];
const SORTS = ['title', 'path', 'description', 'updatedAt', 'createdAt'];

// ?locale= : a locale code or a site_locale UUID of this site. null = default locale (no collapse).
function resolveLocaleParam(site, raw) {
  if (raw === undefined) return null;
  let l = null;
  if (isUuid(raw)) {
    const x = site.locales.get(canonUuid(raw));
    if (x && x.deletedAt == null) l = x;
  } else l = findActiveLocaleByCode(site, raw);
  if (!l) throw badRequest([{ field: 'locale', message: 'is not an active locale of this site' }]);
  return l.id === site.defaultLocaleId ? null : l;
}

const localizedPath = (view, loc) => view.localizations.find((x) => x.localeId === loc.id)?.pathname;

export async function listPagesOp(ctx) {
  const q = ctx.query;
  const problems = [];
  let siteId;
  if (ctx.params.length) { checkPathUuid(ctx.params[0]); siteId = canonUuid(ctx.params[0]); }
  else siteId = qUuid(q, 'siteId', true, problems);
  const limit = qLimit(q, 0, problems);
  const after = qUuid(q, 'startingAfter', false, problems);
  const prefix = q.has('pathPrefix') ? q.get('pathPrefix') : '/';
  if (!prefix.startsWith('/')) problems.push({ field: 'pathPrefix', message: 'must start with "/"' });
  const sortBy = qEnum(q, 'sortBy', SORTS, 'path', problems);
  const dir = qEnum(q, 'sortDirection', ['asc', 'desc'], 'asc', problems) === 'desc' ? -1 : 1;
  const includeOffline = qEnum(q, 'includeOffline', ['true', 'false'], 'false', problems) === 'true';
  const live = qEnum(q, 'versionRef', VERSION_REFS, 'ref:draft', problems) === 'ref:live';
  fail(problems);
  const site = db.sites.get(siteId);
  if (!site) throw notFound('Site not found');
  assertRead(ctx.principal, site);
  const collapse = resolveLocaleParam(site, q.has('locale') ? q.get('locale') : undefined);
  let cursor = null;
  if (after) {
    const cp = db.pages.get(after);
    if (!cp) fail([{ field: 'startingAfter', message: 'does not reference an existing page' }]);
    const v = (live && cp.live) || cp;
    cursor = { p: cp, v, path: (collapse && localizedPath(v, collapse)) || v.pathname };
  }
  const pfx = ci(prefix);
  const rows = [];
  for (const p of site.pages.values()) {
    const v = live ? p.live : p;
    if (!v || (!includeOffline && !v.isOnline)) continue;
    let path = v.pathname;
    if (collapse) { path = localizedPath(v, collapse); if (path === undefined) continue; }
    if (!ci(path).startsWith(pfx)) continue;
    rows.push({ p, v, path, k: undefined });
  }
  const key = (r) => {
    switch (sortBy) {
      case 'path': return ci(r.path);
      case 'title': return r.v.title == null ? null : ci(r.v.title);
      case 'description': return r.v.description == null ? null : ci(r.v.description);
      case 'createdAt': return r.v.createdAt;
      default: return r.v.updatedAt;
    }
  };
  // MariaDB: NULLs sort first ascending, last descending; ties broken by the surrogate key
  const kOf = (r) => (r.k === undefined ? (r.k = key(r)) : r.k);
  const cmp = (a, b) => {
    const ka = kOf(a), kb = kOf(b);
    let c = 0;
    if (ka === null || kb === null) c = ka === kb ? 0 : ka === null ? -1 : 1;
    else c = ka < kb ? -1 : ka > kb ? 1 : 0;
    return dir * (c || a.p.seq - b.p.seq);
  };
  rows.sort(cmp);
  const page = paginate(rows, cmp, cursor, limit);
  return ok({ object: 'list', data: page.data.map((r) => pageJson(site, r.v, collapse)), hasMore: page.hasMore });
}

// {pageIdOrPathname}: a UUID is an id; anything else is a pathname (a missing leading "/" is added).
function resolvePage(ctx, problems, perm, live = false, collapseOf = () => null) {
  const raw = ctx.params[0];
  const siteId = qUuid(ctx.query, 'siteId', false, problems);
  const byId = isUuid(raw);
  if (!byId && !siteId && !problems.some((p) => p.field === 'siteId')) {
    problems.push({ field: 'siteId', message: 'must not be null when a pathname is used' });
  }
  fail(problems);
  if (byId) {
    const p = db.pages.get(canonUuid(raw));
    if (!p || (siteId && p.siteId !== siteId)) throw notFound('Page not found');
    const site = db.sites.get(p.siteId);
    perm(ctx.principal, site);
    const collapse = collapseOf(site);
    const v = live ? p.live : p;
    if (!v) throw notFound('Page has no live version');
    return { site, p, v, collapse };
  }
  const site = db.sites.get(siteId);
  if (!site) throw notFound('Site not found');
  perm(ctx.principal, site);
  const collapse = collapseOf(site);
  const k = ci(normPath(raw.startsWith('/') ? raw : '/' + raw));
  let alt = null;
  for (const p of site.pages.values()) {
    const v = live ? p.live : p;
    if (!v) continue;
    if (ci(v.pathname) === k) return { site, p, v, collapse };
    if (collapse && !alt) { const lp = localizedPath(v, collapse); if (lp !== undefined && ci(lp) === k) alt = { site, p, v, collapse }; }
  }
  if (alt) return alt;
  throw notFound('Page not found');
}

export async function getPageOp(ctx) {
  const problems = [];
  const live = qEnum(ctx.query, 'versionRef', VERSION_REFS, 'ref:draft', problems) === 'ref:live';
  const localeRaw = ctx.query.has('locale') ? ctx.query.get('locale') : undefined;
  const { site, p, v, collapse } = resolvePage(ctx, problems, assertRead, live, (s) => resolveLocaleParam(s, localeRaw));
  return ok(pageJson(site, v, collapse), { etag: etag(p) });
}

export async function createPageOp(ctx) {
  requireAppKey(ctx.principal);
  const body = await jsonBody(ctx);
  fail(validateBody(body, {
    siteId: { type: 'string', required: true, checks: [uuidCheck] },
    pathname: { ...pathRule, required: true },
    name: { ...nameRule, required: true },
  }));
  const site = db.sites.get(canonUuid(body.siteId));
  if (!site) throw notFound('Site not found');
  assertWrite(ctx.principal, site);
  const pathname = normPath(body.pathname);
  if (pathTaken(site, pathname)) throw conflict(CONFLICT_MSG);
  const p = createPage(site, { pathname, name: body.name });
  return created(pageJson(site, p), { etag: etag(p) });
}

export async function updatePageOp(ctx) {
  requireAppKey(ctx.principal);
  const body = await jsonBody(ctx);
  const problems = validateBody(body, { pathname: pathRule, name: nameRule, isOnline: { type: 'boolean' } });
  const { site, p } = resolvePage(ctx, problems, assertWrite);
  checkIfMatch(ctx, p);
  let changed = false;
  if (body.pathname !== undefined) {
    const np = normPath(body.pathname);
    if (np !== p.pathname) {
      if (pathTaken(site, np, p)) throw conflict(CONFLICT_MSG);
      p.pathname = np; changed = true;
    }
  }
  if (body.name !== undefined && body.name !== p.name) { p.name = body.name; changed = true; }
  let publish = false;
  if (body.isOnline !== undefined && body.isOnline !== p.isOnline) {
    p.isOnline = body.isOnline; changed = true;
    publish = body.isOnline;
  }
  if (changed) {
    p.version++;
    p.updatedAt = now();
    if (publish) { p.publishedAt = p.updatedAt; p.live = snapshot(p); }
    else if (!p.isOnline && p.live) p.live = { ...p.live, isOnline: false };
  }
  return ok(pageJson(site, p), { etag: etag(p) });
}

export async function deletePageOp(ctx) {
  requireAppKey(ctx.principal);
  const { site, p } = resolvePage(ctx, [], assertWrite);
  site.pages.delete(p.id);
  db.pages.delete(p.id);
  return noContent();
}
