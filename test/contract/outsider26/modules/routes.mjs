// RoutesModule: @Controller({ path: 'routes', version: '2' })
// A route pathname is an Express 5 route pattern (path-to-regexp v8): literal text, `:param`,
// `*wildcard` and `{optional}` groups — the syntax this team's host routers are written in.
import { prop, IsUUID, IsString, IsNotEmpty, MaxLength, IsIn, limitProp, cursorProp, isUUID } from '../lib/validation.mjs';
import { BadRequest, Conflict } from '../lib/errors.mjs';
import { cursorPage } from '../lib/prisma.mjs';

const routePathRules = [IsString(), IsNotEmpty(), MaxLength(512)];
const CreateRouteDto = { siteId: prop([IsUUID()]), pathname: prop(routePathRules) };
const UpdateRouteDto = { pathname: prop(routePathRules, { optional: 'undefined' }) };
const SkipQuery = { skipValidation: prop([IsIn(['true', 'false'])], { optional: 'nil' }) };
const CreateRouteQuery = { ...SkipQuery };
const RouteLookupQuery = { siteId: prop([IsUUID()], { optional: 'nil' }) };
const UpdateRouteQuery = { ...RouteLookupQuery, ...SkipQuery };
const ListRoutesQuery = { siteId: prop([IsUUID()]), limit: limitProp, startingAfter: cursorProp };

// Returns null when the pattern parses, else path-to-regexp's style of error text.
export function routePatternError(p) {
  if (!p.startsWith('/')) return 'Missing leading "/"';
  if (/\s/.test(p)) return 'Unexpected whitespace';
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') { if (i + 1 >= p.length) return `Unexpected END at ${i + 1}, expected escaped character`; i++; continue; }
    if (c === '{') { depth++; continue; }
    if (c === '}') { if (!depth) return `Unexpected } at ${i}, expected END`; depth--; continue; }
    if (c === ':' || c === '*') {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(p.slice(i + 1));
      if (!m) return `Missing parameter name at ${i + 1}`;
      i += m[0].length; continue;
    }
    if ('()[]?+!'.includes(c)) return `Unexpected ${c} at ${i}, expected END`;
    if (!/[A-Za-z0-9\-._~$&',;=@%/]/.test(c)) return `Unexpected ${c} at ${i}, expected END`;
  }
  if (depth) return `Unexpected END at ${p.length}, expected }`;
  return null;
}

export function registerRoutes(app, { db, guards, common }) {
  const { apiKeyGuard, permissionsGuard } = guards;
  const { loadSite, routeDto, requireSiteIdFor, asPathname } = common;
  const V = '/v2/routes';

  function checkPathname(site, pathname, skip, selfId) {
    if (!skip) {
      const err = routePatternError(pathname);
      if (err) { const message = `pathname must be a valid route pattern: ${err}`; throw BadRequest(message, [{ field: 'pathname', message }]); }
      if (db.page.findFirst((p) => p.siteId === site.id && p.pathname === pathname)) throw Conflict('A page or route with this pathname already exists');
    }
    void selfId;
  }
  function findRoute(idOrPathname, siteId, principal) {
    if (isUUID(idOrPathname)) {
      const id = idOrPathname.toLowerCase();
      const route = db.route.findFirstOrThrow((r) => r.id === id && (!siteId || r.siteId === siteId.toLowerCase()));
      return { route, site: loadSite(route.siteId, principal) };
    }
    requireSiteIdFor('pathname', siteId);
    const site = loadSite(siteId.toLowerCase(), principal);
    const pathname = asPathname(idOrPathname);
    return { route: db.route.findFirstOrThrow((r) => r.siteId === site.id && r.pathname === pathname), site };
  }
  const resource = { site: ['query'], resource: ['route', 'routeIdOrPathname'] };

  app.register({
    method: 'POST', path: V, status: 201, query: CreateRouteQuery, body: CreateRouteDto,
    guards: [apiKeyGuard, permissionsGuard('routes:write', { site: ['body'] })],
    handler: ({ query, body, principal }) => {
      const site = loadSite(body.siteId.toLowerCase(), principal);
      const skip = query.skipValidation === 'true';
      const pathname = skip ? asPathname(body.pathname) : body.pathname;
      checkPathname(site, pathname, skip, null);
      return routeDto(db.route.create({ siteId: site.id, pathname }));
    },
  });

  app.register({
    method: 'GET', path: V, query: ListRoutesQuery,
    guards: [apiKeyGuard, permissionsGuard('routes:read', { site: ['query'] })],
    handler: ({ query, principal }) => {
      const site = loadSite(query.siteId.toLowerCase(), principal);
      const { items, hasMore } = cursorPage(db.route.findMany((r) => r.siteId === site.id), {
        orderBy: [['pathname', 'asc'], ['id', 'asc']], cursorId: query.startingAfter?.toLowerCase(),
        take: query.limit ?? 20, tableLookup: (id) => db.route.findUnique(id),
      });
      return { object: 'list', data: items.map(routeDto), hasMore };
    },
  });

  app.register({
    method: 'GET', path: `${V}/:routeIdOrPathname`, query: RouteLookupQuery,
    guards: [apiKeyGuard, permissionsGuard('routes:read', resource)],
    handler: ({ routeIdOrPathname, query, principal }) => routeDto(findRoute(routeIdOrPathname, query.siteId, principal).route),
  });

  app.register({
    method: 'PATCH', path: `${V}/:routeIdOrPathname`, query: UpdateRouteQuery, body: UpdateRouteDto,
    guards: [apiKeyGuard, permissionsGuard('routes:write', resource)],
    handler: ({ routeIdOrPathname, query, body, principal }) => {
      const { route, site } = findRoute(routeIdOrPathname, query.siteId, principal);
      if (body.pathname === undefined) return routeDto(route);
      const skip = query.skipValidation === 'true';
      const pathname = skip ? asPathname(body.pathname) : body.pathname;
      if (pathname !== route.pathname) checkPathname(site, pathname, skip, route.id);
      return routeDto(db.route.update(route.id, { pathname }));
    },
  });

  app.register({
    method: 'DELETE', path: `${V}/:routeIdOrPathname`, status: 204, query: RouteLookupQuery,
    guards: [apiKeyGuard, permissionsGuard('routes:write', resource)],
    handler: ({ routeIdOrPathname, query, principal }) => {
      db.route.delete(findRoute(routeIdOrPathname, query.siteId, principal).route.id);
      return undefined;
    },
  });
}
