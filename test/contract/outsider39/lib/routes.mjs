import { db, pathTaken, routeJson, etag } from './store.mjs';
import { requireAppKey, assertWrite } from './auth.mjs';
import { notFound, conflict } from './errors.mjs';
import { validateBody, pathProblem, normPath, PATH_MAX, qUuid, qEnum, ci, isUuid, canonUuid } from './validate.mjs';
import { jsonBody, fail, checkIfMatch, ok } from './common.mjs';

export async function updateRouteOp(ctx) {
  requireAppKey(ctx.principal);
  const body = await jsonBody(ctx);
  const problems = [];
  const skip = qEnum(ctx.query, 'skipValidation', ['true', 'false'], 'false', problems) === 'true';
  // skipValidation=true skips the route rules (leading slash, characters, normalisation) but not
  // what the column itself enforces: non-empty, at most PATH_MAX characters, unique per site.
  const rule = skip
    ? (v) => (v.length === 0 ? 'must not be blank' : v.length > PATH_MAX ? `size must be between 1 and ${PATH_MAX}` : null)
    : pathProblem;
  problems.push(...validateBody(body, { pathname: { type: 'string', checks: [rule] } }));
  const raw = ctx.params[0];
  const siteId = qUuid(ctx.query, 'siteId', false, problems);
  const byId = isUuid(raw);
  if (!byId && !siteId && !problems.some((p) => p.field === 'siteId')) {
    problems.push({ field: 'siteId', message: 'must not be null when a pathname is used' });
  }
  fail(problems);
  let site, route;
  if (byId) {
    route = db.routes.get(canonUuid(raw));
    if (!route || (siteId && route.siteId !== siteId)) throw notFound('Route not found');
    site = db.sites.get(route.siteId);
    assertWrite(ctx.principal, site);
  } else {
    site = db.sites.get(siteId);
    if (!site) throw notFound('Site not found');
    assertWrite(ctx.principal, site);
    const k = ci(normPath(raw.startsWith('/') ? raw : '/' + raw));
    route = [...site.routes.values()].find((r) => ci(r.pathname) === k);
    if (!route) throw notFound('Route not found');
  }
  checkIfMatch(ctx, route);
  if (body.pathname !== undefined) {
    const np = skip ? body.pathname : normPath(body.pathname);
    if (np !== route.pathname) {
      if (pathTaken(site, np, route)) throw conflict('A page or route with this pathname already exists.');
      route.pathname = np;
      route.version++;
    }
  }
  return ok(routeJson(route), { etag: etag(route) });
}
