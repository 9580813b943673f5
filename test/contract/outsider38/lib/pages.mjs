// /v6/pages and /v2/sites/{siteId}/pages
import { Errors, bindBody, qGuid, qLimit, qBool, qEnum, parseGuid, display } from './binding.mjs';
import * as R from './rules.mjs';
import { notFound, conflict } from './http.mjs';
import { checkSite } from './auth.mjs';
import { db, addPage, activeLocales, ciEq, nowUs } from './store.mjs';
import { findSite } from './sites.mjs';
import * as P from './present.mjs';

const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const VERSION_REFS = ['ref:live', 'ref:draft'];

export function pathTaken(site, pathname, { exceptPage, exceptRoute, pages = true, routes = true } = {}) {
  if (pages) for (const p of site.pages.values()) if (p.id !== exceptPage && p.pathname === pathname) return 'page';
  if (routes) for (const r of site.routes.values()) if (r.id !== exceptRoute && r.pathname === pathname) return 'route';
  return null;
}

function qVersionRef(q, e) {
  const raw = q('versionRef');
  if (raw === undefined) return 'ref:draft';
  if (!VERSION_REFS.includes(raw)) { e.add('versionRef', `'Version Ref' must be one of: ref:live, ref:draft. You entered '${raw}'.`); return 'ref:draft'; }
  return raw;
}
// locale query: a site_locale UUID or a locale code (citext). Returns null for the default locale.
function resolveView(site, raw) {
  if (raw === undefined) return { view: null };
  const id = parseGuid(raw);
  const l = activeLocales(site).find((x) => (id ? x.id === id : ciEq(x.code, raw)));
  if (!l) return { error: `'Locale' '${raw}' is not an active locale of site '${site.id}'.` };
  return { view: l.isDefault ? null : { localeId: l.id, code: l.code }, locale: l };
}
const localized = (p, view) => (view ? p.localizations.find((z) => z.localeId === view.localeId) : null);
const effPath = (p, view) => localized(p, view)?.pathname ?? p.pathname;

function listPages(ctx, siteId, e, { includeOfflineDefault }) {
  const q = ctx.q;
  const limit = qLimit(q, e, 0);
  const after = qGuid(q, e, 'startingAfter', false);
  const prefix = q('pathPrefix') ?? '/';
  if (!prefix.startsWith('/')) e.add('pathPrefix', "'Path Prefix' must start with '/'.");
  const sortBy = qEnum(q, e, 'sortBy', SORT_BY, 'path');
  const dir = qEnum(q, e, 'sortDirection', ['asc', 'desc'], 'asc');
  const includeOffline = qBool(q, e, 'includeOffline', includeOfflineDefault);
  const versionRef = qVersionRef(q, e);
  const localeRaw = q('locale');
  e.throwIfAny();
  const site = findSite(ctx, siteId);
  const { view, error } = resolveView(site, localeRaw);
  if (error) { e.add('locale', error); e.throwIfAny(); }
  const key = {
    title: (p) => p.title, description: (p) => p.description, path: (p) => effPath(p, view),
    updatedAt: (p) => p.updatedAt, createdAt: (p) => p.createdAt,
  }[sortBy];
  const sign = dir === 'asc' ? 1 : -1;
  // PostgreSQL: NULLS LAST for ASC, NULLS FIRST for DESC; ordinal ("C") collation; id tiebreak.
  const cmp = (a, b) => {
    const x = key(a), y = key(b);
    if (x !== y) {
      if (x === null) return sign; if (y === null) return -sign;
      return (x < y ? -1 : 1) * sign;
    }
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
  };
  let all = [...site.pages.values()].filter((p) =>
    (includeOffline || p.isOnline) && (versionRef === 'ref:draft' || p.publishedAt !== null) &&
    (!view || localized(p, view)) && effPath(p, view).startsWith(prefix));
  all.sort(cmp);
  if (after) {
    const c = db.pages.get(after);
    if (!c || c.siteId !== site.id) { e.add('startingAfter', `'Starting After' must be the ID of a page of site '${site.id}'.`); e.throwIfAny(); }
    all = all.filter((p) => cmp(p, c) > 0);
  }
  return [200, P.list(all.slice(0, limit).map((p) => P.page(p, view)), all.length > limit)];
}

export function list(ctx) {
  const e = new Errors();
  const siteId = qGuid(ctx.q, e, 'siteId', true);
  return listPages(ctx, siteId, e, { includeOfflineDefault: false });
}
export function listForSite(ctx) {
  return listPages(ctx, ctx.params.siteId, new Errors(), { includeOfflineDefault: true });
}

export function create(ctx) {
  const e = new Errors();
  const b = bindBody(ctx, [{ name: 'siteId' }, { name: 'pathname' }, { name: 'name' }], 'CreatePageRequest', e);
  const v = b.values;
  const siteId = e.has('siteId') ? undefined : R.bodyGuid(e, 'siteId', v.siteId);
  const pathname = e.has('pathname') ? undefined : R.pathname(e, 'pathname', v.pathname);
  const name = e.has('name') ? undefined : R.name(e, 'name', v.name, R.LIMITS.pageName);
  e.throwIfAny();
  const site = findSite(ctx, siteId);
  const taken = pathTaken(site, pathname);
  if (taken) throw conflict(`A ${taken} with the pathname '${pathname}' already exists in site '${site.id}'.`);
  return [201, P.page(addPage(site, { name, pathname }), null)];
}

// {**pageIdOrPathname}: a UUID is an ID, anything else a pathname (leading '/' implied).
function resolve(ctx, e, { localeRaw } = {}) {
  const raw = ctx.params.pageIdOrPathname;
  const siteId = qGuid(ctx.q, e, 'siteId', false);
  const id = parseGuid(raw);
  if (!id && !siteId && !e.has('siteId')) e.add('siteId', "'Site Id' must not be empty when a pathname is used instead of a page ID.");
  e.throwIfAny();
  return (more) => {
    let page, view = null;
    if (id) {
      page = db.pages.get(id);
      if (!page || (siteId && page.siteId !== siteId)) throw notFound(`Page '${raw}' was not found.`);
      checkSite(ctx, db.sites.get(page.siteId));
      const r = resolveView(db.sites.get(page.siteId), localeRaw);
      if (r.error) { e.add('locale', r.error); e.throwIfAny(); }
      view = r.view;
    } else {
      const site = findSite(ctx, siteId);
      const r = resolveView(site, localeRaw);
      if (r.error) { e.add('locale', r.error); e.throwIfAny(); }
      view = r.view;
      const pn = raw.startsWith('/') ? raw : '/' + raw;
      const all = [...site.pages.values()];
      page = all.find((p) => effPath(p, view) === pn) ?? (view ? all.find((p) => p.pathname === pn) : undefined);
      if (!page) throw notFound(`Page '${pn}' was not found in site '${site.id}'.`);
    }
    if (more?.live && page.publishedAt === null) throw notFound(`Page '${raw}' has no live version.`);
    return { page, view };
  };
}

export function get(ctx) {
  const e = new Errors();
  const versionRef = qVersionRef(ctx.q, e);
  const { page, view } = resolve(ctx, e, { localeRaw: ctx.q('locale') })({ live: versionRef === 'ref:live' });
  return [200, P.page(page, view)];
}

export function update(ctx) {
  const e = new Errors();
  let load;
  try { load = resolve(ctx, e); } catch (err) { if (err.status !== 400) throw err; }
  const b = bindBody(ctx, [{ name: 'pathname' }, { name: 'name' }, { name: 'isOnline', type: 'boolean' }], 'UpdatePageRequest', e);
  const v = b.values;
  const pathname = e.has('pathname') ? undefined : R.pathname(e, 'pathname', v.pathname, false);
  const name = e.has('name') ? undefined : R.name(e, 'name', v.name, R.LIMITS.pageName, false);
  e.throwIfAny();
  const { page } = load();
  const site = db.sites.get(page.siteId);
  if (pathname !== undefined) {
    const taken = pathTaken(site, pathname, { exceptPage: page.id });
    if (taken) throw conflict(`A ${taken} with the pathname '${pathname}' already exists in site '${site.id}'.`);
  }
  let changed = false;
  const set = (k, val) => { if (val !== undefined && page[k] !== val) { page[k] = val; changed = true; } };
  set('pathname', pathname); set('name', name); set('isOnline', v.isOnline);
  if (changed) {
    page.updatedAt = nowUs();
    if (page.isOnline && page.publishedAt === null) page.publishedAt = page.updatedAt;
  }
  return [200, P.page(page, null)];
}

export function remove(ctx) {
  const { page } = resolve(ctx, new Errors())();
  const site = db.sites.get(page.siteId);
  site.pages.delete(page.id); db.pages.delete(page.id);
  return [204];
}
void display;
