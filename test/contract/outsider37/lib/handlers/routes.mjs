// PATCH /v2/routes/{routeIdOrPathname}
import { decodeBody, Checks } from '../validate.mjs';
import { q } from '../http.mjs';
import { badRequest, conflict, notFound } from '../errors.mjs';
import { assertWrite, loadSite } from '../auth.mjs';
import { routeJson } from '../present.mjs';
import { UUID_RE } from '../util.mjs';
import { routeProblem } from '../pathname.mjs';

export function updateRoute(ctx) {
  const c = new Checks();
  const siteId = q(ctx.query, 'siteId');
  c.uuid('siteId', siteId, false);
  const skip = q(ctx.query, 'skipValidation') ?? 'false';
  c.oneOf('skipValidation', skip, ['true', 'false']);
  c.throwIfAny();
  const b = decodeBody(ctx, [{ name: 'pathname', type: 'string' }], { optional: true });
  const pathname = b.get('pathname');
  if (pathname !== undefined && c.str('pathname', pathname, { required: true }) && skip !== 'true') {
    const prob = routeProblem(pathname);
    if (prob) c.fail('pathname', prob);
  }
  c.throwIfAny();

  const store = ctx.store;
  const key = ctx.params.routeIdOrPathname;
  let route, site;
  if (UUID_RE.test(key)) {
    route = store.routes.get(key);
    if (!route || (siteId !== undefined && route.siteId !== siteId)) throw notFound('Route not found.');
    site = store.sites.get(route.siteId);
    assertWrite(ctx.auth, site);
  } else {
    if (siteId === undefined) throw badRequest([{ field: 'siteId', message: 'is required when a pathname is used instead of a route ID' }]);
    site = loadSite(store, siteId);
    assertWrite(ctx.auth, site);
    const want = key.startsWith('/') ? key : '/' + key;
    route = store.siteRoutes(site).find((r) => r.pathname === want);
    if (!route) throw notFound('Route not found.');
  }
  if (pathname !== undefined && pathname !== route.pathname) {
    if (store.siteRoutes(site).some((r) => r.id !== route.id && r.pathname === pathname)) throw conflict('A route with this pathname already exists.');
    if (skip !== 'true' && store.sitePages(site).some((p) => p.pathname === pathname)) throw conflict('A page with this pathname already exists.');
    route.pathname = pathname;
  }
  return [200, routeJson(route)];
}
