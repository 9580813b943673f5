// App\Http\Controllers\Api\* together with their FormRequests (authorize() first, then rules())
// and the policies they call. Every handler gets ctx = { db, principal, input, params, site? }.
import { HttpError } from './http.mjs';
import { validateOrThrow, isUuid, rule } from './validation.mjs';
import { localeCode, pagePathname, routePathname, LIMIT_RULES } from './rules.mjs';
import { aiEq, aiCmp, binEq, idEq, likePrefix } from './collation.mjs';
import { now, UniqueViolation } from './models.mjs';
import { siteResource, localeResource, pageResource, routeResource, listResource, shownPage } from './resources.mjs';

const notFound = (model, id) => new HttpError(404, `No query results for model [App\\Models\\${model}] ${id}`);
const forbidden = () => new HttpError(403, 'This action is unauthorized.');
const ok = (body, status = 200) => ({ status, body });
const noContent = () => ({ status: 204 });

// ---- policies --------------------------------------------------------------------------------
// App key: every site of its workspace. Site key: its own site, all but duplicating it.
// Publishable key: reads of its own site's locales and pages (the route middleware checks abilities).
function can(principal, site, ability) {
  if (principal.kind === 'app') return site.workspace_id === principal.workspaceId;
  if (!idEq(site.id, principal.site.id)) return false;
  if (principal.kind === 'site') return ability !== 'duplicate';
  return ability === 'read';
}
function authorizeSite(ctx, site, ability) { if (site && !can(ctx.principal, site, ability)) throw forbidden(); }

// ---- shared input helpers ------------------------------------------------------------------------
const siteIdRules = (db) => ['bail', 'required', 'uuid', rule('exists', (v) => db.siteExistsWithTrashed(v), 'The selected :attribute is invalid.')];
const siteFromInput = (ctx) => (isUuid(ctx.input.siteId) ? ctx.db.findSite(ctx.input.siteId) : null);
function requireSite(ctx) { const s = ctx.db.findSite(ctx.input.siteId); if (!s) throw notFound('Site', ctx.input.siteId); return s; }
const limitOf = (v) => (v === undefined || v === null ? 20 : Number(v));
const siteIdWhenCode = (param, what) => rule('required_without_uuid', (v) => isUuid(param) || (v !== null && v !== undefined && v !== ''), `The :attribute field is required when a ${what} is used.`, true);

// A URI is ASCII (RFC 3986, the documents' "format: uri"): Laravel's url rule takes IDN hosts and
// unencoded letters, so this rule refuses any character beyond ASCII, as a URI does.
const urlRule = rule('ascii_uri', (v) => typeof v !== 'string' || !/[^\x00-\x7f]/.test(v), 'The :attribute field must be a valid URL.');

function uniqueToConflict(fn) {
  try { return fn(); } catch (e) {
    if (!(e instanceof UniqueViolation)) throw e;
    if (e.index.startsWith('site_locales')) throw new HttpError(409, 'The locale has already been taken.');
    throw new HttpError(409, 'A page or route with this pathname already exists.');
  }
}
function paginate(items, cmp, cursor, limit) {
  let rows = items.slice().sort(cmp);
  if (cursor) rows = rows.filter((x) => cmp(x, cursor) > 0);
  return { data: rows.slice(0, limit), hasMore: rows.length > limit };
}
const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
// Eloquent save(): updated_at only moves when an attribute is dirty.
function saveDirty(row, changes) {
  let dirty = false;
  for (const [k, v] of Object.entries(changes)) if (row[k] !== v) { row[k] = v; dirty = true; }
  if (dirty) row.updated_at = now();
  return dirty;
}

// ---- sites -------------------------------------------------------------------------------------------
function workspaceAuthorize(ctx) {
  if (ctx.principal.kind !== 'app') throw forbidden();
  const ws = isUuid(ctx.input.workspaceId) && ctx.db.workspaces.find((w) => idEq(w.id, ctx.input.workspaceId));
  if (ws && ws.id !== ctx.principal.workspaceId) throw forbidden();
}
const workspaceRules = (db) => ['bail', 'required', 'uuid', rule('exists', (v) => db.workspaces.some((w) => idEq(w.id, v)), 'The selected :attribute is invalid.')];

export const sites = {
  index(ctx) {
    workspaceAuthorize(ctx);
    const v = validateOrThrow(ctx.input, { workspaceId: workspaceRules(ctx.db), limit: LIMIT_RULES, startingAfter: ['nullable', 'uuid'] });
    const ws = ctx.db.workspaces.find((w) => idEq(w.id, v.workspaceId));
    const rows = ctx.db.liveSites().filter((s) => s.workspace_id === ws.id);
    let cursor = null;
    if (v.startingAfter) { cursor = rows.find((s) => idEq(s.id, v.startingAfter)); if (!cursor) throw notFound('Site', v.startingAfter); }
    const page = paginate(rows, byId, cursor, limitOf(v.limit));
    return ok(listResource(page.data.map((s) => siteResource(ctx.db, s)), page.hasMore));
  },
  store(ctx) {
    workspaceAuthorize(ctx);
    const v = validateOrThrow(ctx.input, {
      workspaceId: workspaceRules(ctx.db), name: ['required', 'string', 'max:255'],
      hostOrigin: ['nullable', 'string', 'url:http,https', urlRule, 'max:255'], defaultLocale: ['nullable', 'string', localeCode],
    });
    const ws = ctx.db.workspaces.find((w) => idEq(w.id, v.workspaceId));
    const site = ctx.db.insertSite({ workspaceId: ws.id, name: v.name, hostOrigin: v.hostOrigin ?? null, defaultLocale: v.defaultLocale ?? 'en-US' });
    return ok(siteResource(ctx.db, site), 201);
  },
  show(ctx) { authorizeSite(ctx, ctx.site, 'read'); return ok(siteResource(ctx.db, ctx.site)); },
  update(ctx) {
    authorizeSite(ctx, ctx.site, 'update');
    const v = validateOrThrow(ctx.input, {
      name: ['sometimes', 'required', 'string', 'max:255'],
      hostOrigin: ['sometimes', 'nullable', 'string', 'url:http,https', urlRule, 'max:255'],
      defaultLocale: ['prohibited'],
    });
    const changes = {};
    if ('name' in v) changes.name = v.name;
    if ('hostOrigin' in v) changes.host_origin = v.hostOrigin;
    saveDirty(ctx.site, changes);
    return ok(siteResource(ctx.db, ctx.site));
  },
  destroy(ctx) {
    authorizeSite(ctx, ctx.site, 'delete');
    ctx.site.deleted_at = now();
    return noContent();
  },
  duplicate(ctx) {
    authorizeSite(ctx, ctx.site, 'duplicate');
    const v = validateOrThrow(ctx.input, { name: ['required', 'string', 'max:255'] });
    const db = ctx.db, src = ctx.site;
    const srcDefault = db.defaultLocale(src);
    const copy = db.insertSite({ workspaceId: src.workspace_id, name: v.name, hostOrigin: src.host_origin, defaultLocale: srcDefault.locale, mode: src.locale_management_mode, prefix: srcDefault.path_prefix });
    const localeMap = new Map([[srcDefault.id, copy.default_locale_id]]);
    db.defaultLocale(copy).domain = srcDefault.domain;
    for (const l of db.siteLocales(src.id)) {
      if (l.id === srcDefault.id) continue;
      localeMap.set(l.id, db.insertLocale({ siteId: copy.id, locale: l.locale, domain: l.domain, pathPrefix: l.path_prefix }).id);
    }
    for (const p of db.sitePages(src.id)) {
      const { id, site_id, created_at, updated_at, ...attrs } = p; // replicate(): new key, fresh timestamps
      const np = db.insertPage(copy.id, attrs);
      for (const x of db.localizations.filter((y) => y.page_id === p.id && localeMap.has(y.site_locale_id))) {
        db.insertLocalization(np.id, localeMap.get(x.site_locale_id), x.pathname, { title: x.title, description: x.description });
      }
    }
    for (const r of db.siteRoutes(src.id)) db.insertRoute(copy.id, r.pathname);
    return ok(siteResource(db, copy), 201);
  },
};

// ---- locales -----------------------------------------------------------------------------------------
// {localeIdOrCode}: a UUID is an id; anything else a code of the site named by ?siteId.
function peekLocaleTarget(ctx, withTrashed) {
  const p = ctx.params.localeIdOrCode;
  if (isUuid(p)) {
    const loc = ctx.db.locales.find((l) => idEq(l.id, p) && (withTrashed || !l.deleted_at));
    return loc ? ctx.db.findSite(loc.site_id) : null;
  }
  return siteFromInput(ctx);
}
function resolveLocale(ctx, withTrashed) {
  const p = ctx.params.localeIdOrCode, db = ctx.db;
  if (isUuid(p)) {
    const loc = db.locales.find((l) => idEq(l.id, p) && (withTrashed || !l.deleted_at));
    if (!loc || !db.findSite(loc.site_id) || (ctx.input.siteId && !idEq(loc.site_id, ctx.input.siteId))) throw notFound('SiteLocale', p);
    return loc;
  }
  const site = requireSite(ctx);
  const loc = db.siteLocales(site.id, withTrashed).find((l) => aiEq(l.locale, p)); // utf8mb4_0900_ai_ci, NO PAD
  if (!loc) throw notFound('SiteLocale', p);
  return loc;
}
const lookupRules = (ctx, what, key) => ({ siteId: [siteIdWhenCode(ctx.params[key], what), 'nullable', 'uuid'] });

export const locales = {
  index(ctx) {
    authorizeSite(ctx, siteFromInput(ctx), 'read');
    const v = validateOrThrow(ctx.input, { siteId: siteIdRules(ctx.db), limit: LIMIT_RULES, startingAfter: ['nullable', 'uuid'] });
    const site = requireSite(ctx);
    const rows = ctx.db.siteLocales(site.id);
    let cursor = null;
    if (v.startingAfter) { cursor = rows.find((l) => idEq(l.id, v.startingAfter)); if (!cursor) throw notFound('SiteLocale', v.startingAfter); }
    const page = paginate(rows, byId, cursor, limitOf(v.limit));
    return ok(listResource(page.data.map((l) => localeResource(ctx.db, l)), page.hasMore));
  },
  store(ctx) {
    authorizeSite(ctx, siteFromInput(ctx), 'update');
    const v = validateOrThrow(ctx.input, {
      siteId: siteIdRules(ctx.db), locale: ['required', 'string', localeCode],
      domain: ['nullable', 'string', 'url:http,https', urlRule, 'max:255'],
    });
    const site = requireSite(ctx);
    const loc = uniqueToConflict(() => ctx.db.insertLocale({ siteId: site.id, locale: v.locale, domain: v.domain ?? null }));
    return ok(localeResource(ctx.db, loc), 201);
  },
  show(ctx) {
    authorizeSite(ctx, peekLocaleTarget(ctx, false), 'read');
    validateOrThrow(ctx.input, lookupRules(ctx, 'locale code', 'localeIdOrCode'));
    return ok(localeResource(ctx.db, resolveLocale(ctx, false)));
  },
  update(ctx) {
    authorizeSite(ctx, peekLocaleTarget(ctx, false), 'update');
    const v = validateOrThrow(ctx.input, {
      ...lookupRules(ctx, 'locale code', 'localeIdOrCode'),
      locale: ['sometimes', 'required', 'string', localeCode],
      domain: ['sometimes', 'nullable', 'string', 'url:http,https', urlRule, 'max:255'],
    });
    const loc = resolveLocale(ctx, false);
    const changes = {};
    if ('locale' in v) { uniqueToConflict(() => ctx.db.checkLocaleUnique(loc.site_id, v.locale, loc.id)); changes.locale = v.locale; }
    if ('domain' in v) changes.domain = v.domain;
    saveDirty(loc, changes);
    return ok(localeResource(ctx.db, loc));
  },
  destroy(ctx) {
    authorizeSite(ctx, peekLocaleTarget(ctx, false), 'update');
    validateOrThrow(ctx.input, lookupRules(ctx, 'locale code', 'localeIdOrCode'));
    const loc = resolveLocale(ctx, false);
    const site = ctx.db.findSite(loc.site_id);
    if (site.default_locale_id === loc.id) throw new HttpError(400, 'The default locale of a site cannot be deleted.', [{ field: 'localeIdOrCode', message: 'The default locale of a site cannot be deleted.' }]);
    loc.deleted_at = now();
    return noContent();
  },
  restore(ctx) {
    authorizeSite(ctx, peekLocaleTarget(ctx, true), 'update');
    validateOrThrow(ctx.input, lookupRules(ctx, 'locale code', 'localeIdOrCode'));
    const loc = resolveLocale(ctx, true);
    if (loc.deleted_at) { loc.deleted_at = null; loc.updated_at = now(); } // SoftDeletes::restore() on a kept row is a no-op
    return ok(localeResource(ctx.db, loc));
  },
};

// ---- pages -----------------------------------------------------------------------------------------------
const asPathname = (p) => (p.startsWith('/') ? p : '/' + p);
const SORTS = { path: 'pathname', title: 'title', description: 'description', createdAt: 'created_at', updatedAt: 'updated_at' };
function resolveLocaleParam(db, site, value) {
  if (value === undefined || value === null) return null;
  const loc = db.siteLocales(site.id).find((l) => (isUuid(value) ? idEq(l.id, value) : aiEq(l.locale, value)));
  if (!loc) throw new HttpError(400, 'The selected locale is invalid.', [{ field: 'locale', message: 'The selected locale is invalid.' }]);
  return loc;
}
function peekPageSite(ctx) {
  const p = ctx.params.pageIdOrPathname;
  if (isUuid(p)) { const page = ctx.db.pages.find((x) => idEq(x.id, p)); return page ? ctx.db.findSite(page.site_id) : null; }
  return siteFromInput(ctx);
}
function resolvePage(ctx) {
  const p = ctx.params.pageIdOrPathname, db = ctx.db;
  if (isUuid(p)) {
    const page = db.pages.find((x) => idEq(x.id, p));
    if (!page || !db.findSite(page.site_id) || (ctx.input.siteId && !idEq(page.site_id, ctx.input.siteId))) throw notFound('Page', p);
    return page;
  }
  const site = requireSite(ctx);
  const page = db.sitePages(site.id).find((x) => aiEq(x.pathname, asPathname(p)));
  if (!page) throw notFound('Page', asPathname(p));
  return page;
}
const pathnamePrepare = (input) => { if (typeof input.pathname === 'string' && !input.pathname.startsWith('/')) input.pathname = '/' + input.pathname; };
const pageLookupRules = (ctx) => lookupRules(ctx, 'pathname', 'pageIdOrPathname');

export const pages = {
  index(ctx) {
    const bound = ctx.site || null;
    authorizeSite(ctx, bound || siteFromInput(ctx), 'read');
    const v = validateOrThrow(ctx.input, {
      ...(bound ? {} : { siteId: siteIdRules(ctx.db) }), limit: LIMIT_RULES, startingAfter: ['nullable', 'uuid'],
      pathPrefix: ['nullable', 'string'], sortBy: ['nullable', 'in:title,path,description,updatedAt,createdAt'],
      sortDirection: ['nullable', 'in:asc,desc'], includeOffline: ['nullable', 'in:true,false'],
      locale: ['nullable', 'string'], versionRef: ['nullable', 'in:ref:live,ref:draft'],
    });
    const db = ctx.db, site = bound || requireSite(ctx);
    const localeRow = resolveLocaleParam(db, site, v.locale);
    const live = v.versionRef === 'ref:live';
    const all = db.sitePages(site.id).map((page) => ({ page, view: shownPage(db, page, localeRow) }));
    const col = SORTS[v.sortBy || 'path'], dir = v.sortDirection === 'desc' ? -1 : 1;
    const key = (r) => (col === 'pathname' || col === 'title' || col === 'description' ? r.view[col] : r.page[col]);
    const cmp = (a, b) => {
      const x = key(a), y = key(b);
      let d = 0;
      if (x === null || y === null) d = x === y ? 0 : x === null ? -1 : 1; // NULL is the smallest value in MySQL
      else d = x instanceof Date ? x - y : aiCmp(x, y);
      return (d || byId(a.page, b.page)) * dir;
    };
    const prefix = v.pathPrefix ?? '/';
    const rows = all.filter((r) => (live || v.includeOffline !== 'true' ? r.page.is_online : true)
      && (!localeRow || localeRow.id === site.default_locale_id || r.view.localized)
      && likePrefix(r.view.pathname, prefix));
    let cursor = null;
    if (v.startingAfter) { cursor = all.find((r) => idEq(r.page.id, v.startingAfter)); if (!cursor) throw notFound('Page', v.startingAfter); }
    const result = paginate(rows, cmp, cursor, limitOf(v.limit));
    return ok(listResource(result.data.map((r) => pageResource(db, r.page, localeRow)), result.hasMore));
  },
  show(ctx) {
    authorizeSite(ctx, peekPageSite(ctx), 'read');
    const v = validateOrThrow(ctx.input, { ...pageLookupRules(ctx), versionRef: ['nullable', 'in:ref:live,ref:draft'], locale: ['nullable', 'string'] });
    const page = resolvePage(ctx);
    if (v.versionRef === 'ref:live' && !page.is_online) throw notFound('Page', ctx.params.pageIdOrPathname);
    const localeRow = resolveLocaleParam(ctx.db, ctx.db.findSite(page.site_id), v.locale);
    return ok(pageResource(ctx.db, page, localeRow));
  },
  store(ctx) {
    authorizeSite(ctx, siteFromInput(ctx), 'update');
    pathnamePrepare(ctx.input);
    const v = validateOrThrow(ctx.input, {
      siteId: siteIdRules(ctx.db), pathname: ['required', 'string', 'max:255', pagePathname], name: ['required', 'string', 'min:1', 'max:255'],
    });
    const site = requireSite(ctx);
    if (ctx.db.siteRoutes(site.id).some((r) => binEq(r.pathname, v.pathname))) throw new HttpError(409, 'A page or route with this pathname already exists.');
    const page = uniqueToConflict(() => ctx.db.insertPage(site.id, { name: v.name, pathname: v.pathname }));
    return ok(pageResource(ctx.db, page), 201);
  },
  update(ctx) {
    authorizeSite(ctx, peekPageSite(ctx), 'update');
    pathnamePrepare(ctx.input);
    const v = validateOrThrow(ctx.input, {
      ...pageLookupRules(ctx), pathname: ['sometimes', 'required', 'string', 'max:255', pagePathname],
      name: ['sometimes', 'required', 'string', 'max:255'], isOnline: ['sometimes', 'boolean'],
    });
    const page = resolvePage(ctx);
    const changes = {};
    if ('pathname' in v) {
      if (ctx.db.siteRoutes(page.site_id).some((r) => binEq(r.pathname, v.pathname))) throw new HttpError(409, 'A page or route with this pathname already exists.');
      uniqueToConflict(() => ctx.db.checkPageUnique(page.site_id, v.pathname, page.id));
      changes.pathname = v.pathname;
    }
    if ('name' in v) changes.name = v.name;
    if ('isOnline' in v) {
      changes.is_online = [true, 1, '1'].includes(v.isOnline);
      if (changes.is_online && !page.is_online) changes.published_at = now(); // PageObserver::saving
    }
    saveDirty(page, changes);
    return ok(pageResource(ctx.db, page));
  },
  destroy(ctx) {
    authorizeSite(ctx, peekPageSite(ctx), 'update');
    validateOrThrow(ctx.input, pageLookupRules(ctx));
    const page = resolvePage(ctx);
    ctx.db.pages.splice(ctx.db.pages.indexOf(page), 1);
    ctx.db.localizations = ctx.db.localizations.filter((x) => x.page_id !== page.id);
    return noContent();
  },
};

// ---- routes ----------------------------------------------------------------------------------------------
function peekRouteSite(ctx) {
  const p = ctx.params.routeIdOrPathname;
  if (isUuid(p)) { const r = ctx.db.routes.find((x) => idEq(x.id, p)); return r ? ctx.db.findSite(r.site_id) : null; }
  return siteFromInput(ctx);
}
function resolveRoute(ctx) {
  const p = ctx.params.routeIdOrPathname, db = ctx.db;
  if (isUuid(p)) {
    const r = db.routes.find((x) => idEq(x.id, p));
    if (!r || !db.findSite(r.site_id) || (ctx.input.siteId && !idEq(r.site_id, ctx.input.siteId))) throw notFound('Route', p);
    return r;
  }
  const site = requireSite(ctx);
  const r = db.siteRoutes(site.id).find((x) => binEq(x.pathname, asPathname(p))); // routes.pathname is utf8mb4_bin
  if (!r) throw notFound('Route', asPathname(p));
  return r;
}
const routeLookupRules = (ctx) => lookupRules(ctx, 'pathname', 'routeIdOrPathname');
const skipRules = { skipValidation: ['nullable', 'in:true,false'] };

export const routes = {
  index(ctx) {
    authorizeSite(ctx, siteFromInput(ctx), 'read');
    const v = validateOrThrow(ctx.input, { siteId: siteIdRules(ctx.db), limit: LIMIT_RULES, startingAfter: ['nullable', 'uuid'] });
    const site = requireSite(ctx);
    const rows = ctx.db.siteRoutes(site.id);
    let cursor = null;
    if (v.startingAfter) { cursor = rows.find((r) => idEq(r.id, v.startingAfter)); if (!cursor) throw notFound('Route', v.startingAfter); }
    const result = paginate(rows, byId, cursor, limitOf(v.limit));
    return ok(listResource(result.data.map(routeResource), result.hasMore));
  },
  store(ctx) {
    authorizeSite(ctx, siteFromInput(ctx), 'update');
    pathnamePrepare(ctx.input);
    const skip = ctx.input.skipValidation === 'true';
    const v = validateOrThrow(ctx.input, { ...skipRules, siteId: siteIdRules(ctx.db), pathname: ['required', 'string', 'max:255', ...(skip ? [] : [routePathname])] });
    const site = requireSite(ctx);
    if (!skip && ctx.db.sitePages(site.id).some((p) => aiEq(p.pathname, v.pathname))) throw new HttpError(409, 'A page or route with this pathname already exists.');
    const route = uniqueToConflict(() => ctx.db.insertRoute(site.id, v.pathname));
    return ok(routeResource(route), 201);
  },
  show(ctx) {
    authorizeSite(ctx, peekRouteSite(ctx), 'read');
    validateOrThrow(ctx.input, routeLookupRules(ctx));
    return ok(routeResource(resolveRoute(ctx)));
  },
  update(ctx) {
    authorizeSite(ctx, peekRouteSite(ctx), 'update');
    pathnamePrepare(ctx.input);
    const skip = ctx.input.skipValidation === 'true';
    const v = validateOrThrow(ctx.input, { ...routeLookupRules(ctx), ...skipRules, pathname: ['sometimes', 'required', 'string', 'max:255', ...(skip ? [] : [routePathname])] });
    const route = resolveRoute(ctx);
    if ('pathname' in v) {
      if (!skip && ctx.db.sitePages(route.site_id).some((p) => aiEq(p.pathname, v.pathname))) throw new HttpError(409, 'A page or route with this pathname already exists.');
      uniqueToConflict(() => ctx.db.checkRouteUnique(route.site_id, v.pathname, route.id));
      saveDirty(route, { pathname: v.pathname });
    }
    return ok(routeResource(route));
  },
  destroy(ctx) {
    authorizeSite(ctx, peekRouteSite(ctx), 'update');
    validateOrThrow(ctx.input, routeLookupRules(ctx));
    const r = resolveRoute(ctx);
    ctx.db.routes.splice(ctx.db.routes.indexOf(r), 1);
    return noContent();
  },
};
