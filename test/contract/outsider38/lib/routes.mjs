// /v2/routes (only PATCH is shown by the spec; create/list/get/delete complete the family)
import { Errors, bindBody, qGuid, qLimit, qBool, parseGuid } from './binding.mjs';
import * as R from './rules.mjs';
import { notFound, conflict } from './http.mjs';
import { checkSite } from './auth.mjs';
import { db, addRoute } from './store.mjs';
import { findSite } from './sites.mjs';
import { pathTaken } from './pages.mjs';
import * as P from './present.mjs';

function resolve(ctx, e) {
  const raw = ctx.params.routeIdOrPathname;
  const siteId = qGuid(ctx.q, e, 'siteId', false);
  const id = parseGuid(raw);
  if (!id && !siteId && !e.has('siteId')) e.add('siteId', "'Site Id' must not be empty when a pathname is used instead of a route ID.");
  e.throwIfAny();
  return () => {
    if (id) {
      const r = db.routes.get(id);
      if (!r || (siteId && r.siteId !== siteId)) throw notFound(`Route '${raw}' was not found.`);
      checkSite(ctx, db.sites.get(r.siteId));
      return r;
    }
    const site = findSite(ctx, siteId);
    // A route's own pathname names it first, even one kept without its leading slash under
    // skipValidation=true ("a route ID or a route pathname"); a name without the slash then finds
    // the pathname with it, the way the route table's links are written.
    const routes = [...site.routes.values()];
    const pn = raw.startsWith('/') ? raw : '/' + raw;
    const r = routes.find((x) => x.pathname === raw) ?? routes.find((x) => x.pathname === pn);
    if (!r) throw notFound(`Route '${pn}' was not found in site '${site.id}'.`);
    return r;
  };
}

export function create(ctx) {
  const e = new Errors();
  const b = bindBody(ctx, [{ name: 'siteId' }, { name: 'pathname' }], 'CreateRouteRequest', e);
  const siteId = e.has('siteId') ? undefined : R.bodyGuid(e, 'siteId', b.values.siteId);
  const pathname = e.has('pathname') ? undefined : R.pathname(e, 'pathname', b.values.pathname);
  e.throwIfAny();
  const site = findSite(ctx, siteId);
  const taken = pathTaken(site, pathname);
  if (taken) throw conflict(`A ${taken} with the pathname '${pathname}' already exists in site '${site.id}'.`);
  return [201, P.route(addRoute(site, pathname))];
}

export function list(ctx) {
  const e = new Errors();
  const siteId = qGuid(ctx.q, e, 'siteId', true);
  const limit = qLimit(ctx.q, e, 0);
  const after = qGuid(ctx.q, e, 'startingAfter', false);
  e.throwIfAny();
  const site = findSite(ctx, siteId);
  let all = [...site.routes.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  if (after) all = all.filter((r) => r.id > after);
  return [200, P.list(all.slice(0, limit).map(P.route), all.length > limit)];
}

export const get = (ctx) => [200, P.route(resolve(ctx, new Errors())())];

export function update(ctx) {
  const e = new Errors();
  const skip = qBool(ctx.q, e, 'skipValidation', false);
  let load;
  try { load = resolve(ctx, e); } catch (err) { if (err.status !== 400) throw err; }
  const b = bindBody(ctx, [{ name: 'pathname' }], 'UpdateRouteRequest', e);
  let pathname = b.values.pathname;
  if (!skip && !e.has('pathname')) pathname = R.pathname(e, 'pathname', pathname, false);
  e.throwIfAny();
  const r = load();
  if (pathname !== undefined && pathname !== r.pathname) {
    const site = db.sites.get(r.siteId);
    // Route-vs-route uniqueness is a database index and always holds; the page collision
    // check is part of "route validation" and is skipped with skipValidation=true.
    const taken = pathTaken(site, pathname, { exceptRoute: r.id, pages: !skip });
    if (taken) throw conflict(`A ${taken} with the pathname '${pathname}' already exists in site '${site.id}'.`);
    r.pathname = pathname;
  }
  return [200, P.route(r)];
}

export function remove(ctx) {
  const r = resolve(ctx, new Errors())();
  db.sites.get(r.siteId).routes.delete(r.id); db.routes.delete(r.id);
  return [204];
}
