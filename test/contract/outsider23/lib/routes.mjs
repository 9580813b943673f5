import { AppError } from './errors.mjs';
import { readBody, V, query, parseUuid } from './extract.mjs';
import { db, routeDto, insertRoute, pathnameCheck, pathnameTaken, cmpC, siteRoutes, liveSite } from './store.mjs';
import { ok, created, noContent, requireKind, loadSite, siteForLookup, canReach, readListQuery, keyset, badCursor } from './common.mjs';

const skipSpec = { skipValidation: { type: 'enum', values: ['true', 'false'], default: 'false' } };
const byPath = (a, b) => cmpC(a.pathname, b.pathname) || cmpC(a.id, b.id);

// skipValidation=true skips the `validator` checks (format, clash with pages); the NOT NULL / CHECK (<> '')
// constraints, the length of the column and the routes' lower(pathname) unique index still apply
function routeFields(required, skip) {
  const checks = [...(required ? [V.required] : []), V.length(1, 2048)];
  if (!skip) checks.push(pathnameCheck);
  return { pathname: { type: 'string', validate: checks } };
}

function findRoute(req, siteId) {
  const raw = req.params.routeIdOrPathname;
  const id = parseUuid(raw);
  if (id) {
    const r = db.routes.get(id);
    const site = r && liveSite(r.siteId);
    if (!r || !site || (siteId && r.siteId !== siteId)) throw AppError.notFound(`route \`${id}\` not found`);
    if (!canReach(req.principal, site)) throw AppError.forbidden('the API key does not grant access to this route');
    return r;
  }
  const site = siteForLookup(req, siteId, 'pathname');
  const pathname = raw.startsWith('/') ? raw : `/${raw}`;
  const r = siteRoutes(site.id).find((x) => x.pathname.toLowerCase() === pathname.toLowerCase());
  if (!r) throw AppError.notFound(`route \`${pathname}\` not found in site \`${site.id}\``);
  return r;
}

function clash(siteId, pathname, skip, exceptRoute) {
  const taken = pathnameTaken(siteId, pathname, { exceptRoute, routesOnly: skip });
  if (taken) throw AppError.conflict(`a ${taken} with pathname \`${pathname}\` already exists in this site`);
}

export async function listRoutes(req) {
  const q = readListQuery(req, { siteId: { type: 'uuid', required: true } });
  requireKind(req, ['app', 'site']);
  const site = loadSite(req, q.siteId);
  const rows = siteRoutes(site.id);
  let cursor = null;
  if (q.startingAfter) {
    cursor = rows.find((r) => r.id === q.startingAfter);
    if (!cursor) throw badCursor();
  }
  const page = keyset(rows, byPath, cursor, q.limit);
  return ok({ ...page, data: page.data.map(routeDto) });
}

export async function createRoute(req) {
  const q = query(req.rawQuery, skipSpec);
  const skip = q.skipValidation === 'true';
  const b = readBody(req, 'CreateRouteBody', { siteId: { type: 'uuid', validate: [V.required] }, ...routeFields(true, skip) });
  requireKind(req, ['app', 'site']);
  const site = loadSite(req, b.siteId);
  if (skip && !b.pathname.startsWith('/')) throw AppError.badRequest('Validation failed', [{ field: 'pathname', message: 'must start with `/` (database constraint)' }]);
  clash(site.id, b.pathname, skip);
  return created(routeDto(insertRoute({ siteId: site.id, pathname: b.pathname })));
}

export async function getRoute(req) {
  const q = query(req.rawQuery, { siteId: { type: 'uuid' } });
  requireKind(req, ['app', 'site']);
  return ok(routeDto(findRoute(req, q.siteId)));
}

export async function updateRoute(req) {
  const q = query(req.rawQuery, { siteId: { type: 'uuid' }, ...skipSpec });
  const skip = q.skipValidation === 'true';
  const b = readBody(req, 'UpdateRouteBody', routeFields(false, skip), { deny: true });
  requireKind(req, ['app', 'site']);
  const r = findRoute(req, q.siteId);
  if (b.pathname !== undefined) {
    if (skip && !b.pathname.startsWith('/')) throw AppError.badRequest('Validation failed', [{ field: 'pathname', message: 'must start with `/` (database constraint)' }]);
    clash(r.siteId, b.pathname, skip, r.id);
    r.pathname = b.pathname;
  }
  return ok(routeDto(r));
}

export async function deleteRoute(req) {
  const q = query(req.rawQuery, { siteId: { type: 'uuid' } });
  requireKind(req, ['app', 'site']);
  const r = findRoute(req, q.siteId);
  db.routes.delete(r.id);
  return noContent();
}
