// PATCH /v2/routes/{routeIdOrPathname} (SPEC only; absent from the published OpenAPI).
import { Problems, readBody, checkRoutePath, queryUuid, queryEnum, isUuid, notFound, conflict } from '../validate.mjs';
import { assertSiteAccess } from '../auth.mjs';
import { routeView } from '../views.mjs';
import { findSite } from './sites.mjs';

export function update({ store, query, params, body, principal }) {
  const p = new Problems();
  const siteId = queryUuid(query, 'siteId', p);
  const skip = queryEnum(query, 'skipValidation', ['true', 'false'], 'false', p) === 'true';
  const param = params[0];
  const byId = isUuid(param);
  if (!byId && !query.has('siteId')) p.add('siteId', 'is required when a pathname is used instead of a route ID');
  // CHOICE (skipValidation=true): skips the format checks AND the uniqueness (409) check; the value must still be
  // a non-empty string, and a missing leading "/" is then prepended so the route is still written with one.
  const b = readBody(body, [{
    name: 'pathname',
    check: skip ? (v) => (v.length ? { value: v.startsWith('/') ? v : '/' + v } : { error: 'must not be empty' }) : checkRoutePath,
  }], p);
  p.throwIfAny();
  const site = siteId !== undefined ? findSite(store, siteId) : undefined;
  let route;
  if (byId) {
    route = store.routes.get(param.toLowerCase());
    if (route && site && route.siteId !== site.id) route = undefined; // CHOICE: id + other siteId -> 404
  } else {
    // CHOICE: a route pathname in the path is matched exactly (no normalisation); a missing "/" is prepended.
    const path = param.startsWith('/') ? param : '/' + param;
    route = store.siteRoutes(site.id).sort((a, b2) => a.seq - b2.seq).find((r) => r.pathname === path);
  }
  if (!route) throw notFound('Route');
  assertSiteAccess(principal, store.sites.get(route.siteId));
  // CHOICE: an empty body is a no-op that answers the unchanged route.
  if (b.pathname !== undefined && b.pathname !== route.pathname) {
    if (!skip) {
      const taken = store.siteRoutes(route.siteId).some((r) => r.id !== route.id && r.pathname === b.pathname)
        || store.sitePages(route.siteId).some((pg) => pg.pathname === b.pathname);
      if (taken) throw conflict(`A page or route with pathname ${b.pathname} already exists`);
    }
    route.pathname = b.pathname;
  }
  return [200, routeView(route)];
}
