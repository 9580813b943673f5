// RouteController: /v2/routes, /v2/routes/{**routeIdOrPathname}.
// A route's pathname is an ASP.NET Core route template written with a leading slash. The template
// grammar and the clash with page pathnames are validator rules, which skipValidation=true turns
// off; the clash with another route is the unique index IX_Routes_SiteId_Pathname, which it cannot;
// the leading slash and the column size are invariants of the entity itself.
import { Policies, authorizeSite } from './auth.mjs';
import { rule, routeTemplateProblem } from './validation.mjs';
import { collate, collationEquals, compareGuids } from './sqlserver.mjs';
import { notFound, duplicateKey, conflict } from './errors.mjs';
import { routeDto } from './representations.mjs';
import {
  ok, created, noContent, throwIfInvalid, resolveSite, checkIfMatch, validateListQuery, keysetPage, unknownCursor,
  idOrPathname, requireSiteIdFor,
} from './support.mjs';

const PATHNAME_MAX = 450;

const CreateRouteRequest = {
  className: 'Sbs.Api.Contracts.Routes.CreateRouteRequest',
  properties: [
    { name: 'siteId', type: 'guid' },
    { name: 'pathname', type: 'string' },
  ],
};

const UpdateRouteRequest = {
  className: 'Sbs.Api.Contracts.Routes.UpdateRouteRequest',
  properties: [{ name: 'pathname', type: 'string' }],
};

function validatePathname(state, value, skipValidation) {
  const chain = rule(state, 'pathname', value)
    .notEmpty()
    .must((v) => v.startsWith('/'), "'Pathname' must begin with '/'.")
    .maximumLength(PATHNAME_MAX);
  if (!skipValidation) chain.must((v) => routeTemplateProblem(v) === null, (v) => routeTemplateProblem(v));
}

function assertPathnameFree(db, siteId, pathname, self, skipValidation) {
  const route = db.activeRoutes(siteId).find((r) => r !== self && collationEquals(r.pathname, pathname));
  if (route) throw duplicateKey('Routes', 'IX_Routes_SiteId_Pathname', [siteId, pathname]);
  if (!skipValidation && db.activePageByPathname(siteId, pathname)) {
    throw conflict('A page or route with this pathname already exists.');
  }
}

async function createRoute(ctx) {
  const { state, body, db, now, query } = ctx;
  if (body) {
    rule(state, 'siteId', body.values.siteId).notEmpty();
    validatePathname(state, body.values.pathname, query.skipValidation);
  }
  throwIfInvalid(state);
  const site = resolveSite(ctx, body.values.siteId);
  assertPathnameFree(db, site.id, body.values.pathname, null, query.skipValidation);
  const route = db.insert(
    db.routes,
    { siteId: site.id, pathname: body.values.pathname, createdAt: null, updatedAt: null, deletedAt: null, rowVersion: 0n },
    now,
  );
  return created(ctx, `/v2/routes/${route.id}`, routeDto(route), route);
}

// ORDER BY Pathname, Id (the pathname under the database collation)
function routeOrder(a, b) {
  return collate(a.pathname, b.pathname) || compareGuids(a.id, b.id);
}

async function listRoutes(ctx) {
  const { state, query, db } = ctx;
  rule(state, 'siteId', query.siteId).notEmpty();
  validateListQuery(state, query);
  throwIfInvalid(state);
  const site = resolveSite(ctx, query.siteId);
  let cursor = null;
  if (query.startingAfter) {
    cursor = db.routes.find((r) => r.id === query.startingAfter && r.siteId === site.id);
    if (!cursor) throw unknownCursor('a route');
  }
  const page = keysetPage(db.activeRoutes(site.id), routeOrder, cursor, query.limit);
  return ok({ ...page, data: page.data.map(routeDto) });
}

function resolveRoute(ctx) {
  const { db, query } = ctx;
  const target = idOrPathname(ctx.route.routeIdOrPathname);
  const site = query.siteId ? resolveSite(ctx, query.siteId) : null;
  if (target.id) {
    const route = db.activeRoute(target.id);
    if (!route || (site && route.siteId !== site.id)) throw notFound(`Route '${target.id}' was not found.`);
    authorizeSite(ctx.principal, db.activeSite(route.siteId));
    return route;
  }
  const route = db.activeRouteByPathname(site.id, target.pathname);
  if (!route) throw notFound(`Route '${target.pathname}' was not found in site '${site.id}'.`);
  return route;
}

function validateRouteTarget(ctx) {
  const isId = idOrPathname(ctx.route.routeIdOrPathname).id !== undefined;
  requireSiteIdFor(ctx.state, isId, ctx.query.siteId, 'pathname');
}

async function getRoute(ctx) {
  validateRouteTarget(ctx);
  throwIfInvalid(ctx.state);
  const route = resolveRoute(ctx);
  return ok(routeDto(route), route);
}

async function updateRoute(ctx) {
  const { state, body, db, now, query } = ctx;
  validateRouteTarget(ctx);
  if (body && body.values.pathname != null) validatePathname(state, body.values.pathname, query.skipValidation);
  throwIfInvalid(state);
  const route = resolveRoute(ctx);
  checkIfMatch(ctx, route);
  const pathname = body.values.pathname;
  if (pathname != null && pathname !== route.pathname) {
    assertPathnameFree(db, route.siteId, pathname, route, query.skipValidation);
  }
  if (pathname != null) db.update(route, { pathname }, now);
  return ok(routeDto(route), route);
}

async function deleteRoute(ctx) {
  validateRouteTarget(ctx);
  throwIfInvalid(ctx.state);
  const route = resolveRoute(ctx);
  checkIfMatch(ctx, route);
  ctx.db.softDelete(route, ctx.now);
  return noContent();
}

const targetQuery = [{ name: 'siteId', type: 'guid' }];

export const routeEndpoints = [
  {
    method: 'POST',
    template: 'v2/routes',
    policy: Policies.SiteEditor,
    query: [{ name: 'skipValidation', type: 'flag', default: false }],
    body: CreateRouteRequest,
    version: '2.0',
    action: createRoute,
  },
  {
    method: 'GET',
    template: 'v2/routes',
    policy: Policies.ContentReader,
    query: [
      { name: 'siteId', type: 'guid', required: true },
      { name: 'limit', type: 'int', default: 20 },
      { name: 'startingAfter', type: 'guid' },
    ],
    version: '2.0',
    action: listRoutes,
  },
  { method: 'GET', template: 'v2/routes/{**routeIdOrPathname}', policy: Policies.ContentReader, query: targetQuery, version: '2.0', action: getRoute },
  {
    method: 'PATCH',
    template: 'v2/routes/{**routeIdOrPathname}',
    policy: Policies.SiteEditor,
    query: [...targetQuery, { name: 'skipValidation', type: 'flag', default: false }],
    body: UpdateRouteRequest,
    version: '2.0',
    action: updateRoute,
  },
  { method: 'DELETE', template: 'v2/routes/{**routeIdOrPathname}', policy: Policies.SiteEditor, query: targetQuery, version: '2.0', action: deleteRoute },
];
