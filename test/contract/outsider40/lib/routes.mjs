import { db, alive, now, siteAlive, routesOf, pathnameTaken } from './store.mjs';
import { routeOut } from './present.mjs';
import { jsonBody, sendJson } from './http.mjs';
import { notFound, conflict, violations } from './errors.mjs';
import { validateBody, checks, isUuid, normUuid, qUuid, qEnum, throwIf } from './validate.mjs';
import { voteSite } from './auth.mjs';
import { loadSite } from './sites.mjs';

export async function update(ctx) {
  const d = [];
  const siteId = qUuid(ctx.q, 'siteId', d);
  const skip = qEnum(ctx.q, 'skipValidation', ['true', 'false'], 'false', d) === 'true';
  throwIf(d);
  const key = ctx.params.routeIdOrPathname;
  let route;
  if (isUuid(key)) {
    route = db.routes.get(normUuid(key));
    if (!alive(route) || (siteId && route.siteId !== siteId)) throw notFound('Route not found.');
    const site = siteAlive(route.siteId);
    if (!site) throw notFound('Route not found.');
    voteSite(ctx.auth, site);
  } else {
    if (!siteId) throw violations([{ field: 'siteId', message: 'This value is required when a pathname is used instead of a route ID.' }]);
    const site = loadSite(ctx, siteId);
    const pn = key.startsWith('/') ? key : '/' + key;
    route = routesOf(site.id).find((r) => r.pathname === pn);
    if (!route) throw notFound('Route not found.');
  }
  const b = validateBody(await jsonBody(ctx), {
    pathname: { type: 'string', check: skip ? (v) => (v.length > 2048 ? 'This value is too long. It should have 2048 characters or less.' : null) : checks.pathname },
  });
  if (b.pathname !== undefined) {
    const pn = b.pathname.startsWith('/') ? b.pathname : '/' + b.pathname;
    if (pn !== route.pathname) {
      const taken = pathnameTaken(route.siteId, pn, { exceptRoute: route.id });
      if (taken) throw conflict(`A ${taken} with the pathname "${pn}" already exists.`);
      route.pathname = pn;
      route.updatedAt = now();
    }
  }
  sendJson(ctx.res, 200, routeOut(route));
}
