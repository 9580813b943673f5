// APIRouter(prefix="/v2/routes", tags=["route"]). A route pathname is written in Starlette's own path syntax.
import { str, uuid, literal, model, HTTPException, RequestValidationError } from '../pydantic.mjs';
import { secretKey, siteFor, siteIdForLookup, asId, routeOut, listQuery, keysetPage, byThenId, owns } from '../deps.mjs';
import { cmpBinary } from '../store.mjs';

const ROUTE_PATH = str({ min: 1, max: 1024, pattern: '^/' });
const CreateRoute = model({ siteId: { type: uuid(), required: true }, pathname: { type: ROUTE_PATH, required: true } });
const UpdateRoute = model({ pathname: { type: ROUTE_PATH } });
const CONVERTORS = new Set(['str', 'int', 'float', 'uuid', 'path']);

/** starlette.routing.compile_path rules: literal RFC 3986 unreserved characters and {name} / {name:convertor}. */
export function routeSyntaxError(p) {
  const names = new Set(); const segs = p.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    if (seg === '' && !(i === segs.length - 1)) return `empty path segment in ${p}`;
    const re = /\{([^{}]*)\}|([^{}]+)|([{}])/g; let m;
    while ((m = re.exec(seg))) {
      if (m[3]) return `unbalanced '${m[3]}' in ${p}`;
      if (m[2]) { const bad = /[^A-Za-z0-9\-._~]/.exec(m[2]); if (bad) return `invalid character '${bad[0]}' in ${p}`; continue; }
      const [name, conv = 'str', ...more] = m[1].split(':');
      if (more.length || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `invalid param name '${m[1]}' in ${p}`;
      if (!CONVERTORS.has(conv)) return `Unknown path convertor '${conv}'`;
      if (conv === 'path' && i !== segs.length - 1) return `the path convertor must be in the last segment of ${p}`;
      if (names.has(name)) return `Duplicated param name ${name} at path ${p}`;
      names.add(name);
    }
  }
  return null;
}
function checkPathname(ctx, siteId, pathname, exceptRoute) {
  if (ctx.query.skipValidation !== 'true') {
    const err = routeSyntaxError(pathname);
    if (err) throw new RequestValidationError([{ loc: ['body', 'pathname'], type: 'value_error', msg: `Value error, ${err}` }]);
    if (ctx.store.pathTaken(siteId, pathname, { routes: false })) throw new HTTPException(409, 'A page or route with this pathname already exists');
  }
  if (ctx.store.siteRoutes(siteId).some((r) => r.id !== exceptRoute && r.pathname === pathname)) {
    throw new HTTPException(409, 'A route with this pathname already exists');
  }
}
function resolveRoute(ctx) {
  const { store } = ctx; const raw = ctx.path.routeIdOrPathname; const id = asId(raw);
  if (id) {
    const r = store.routes.get(id);
    if (!r) throw new HTTPException(404, 'Route not found');
    if (!owns(ctx.auth, store.sites.get(r.siteId))) throw new HTTPException(403, 'Not enough permissions');
    return r;
  }
  const pathname = raw.startsWith('/') ? raw : `/${raw}`;
  const site = siteFor(ctx, siteIdForLookup(ctx, ctx.query.siteId));
  const r = store.siteRoutes(site.id).find((x) => x.pathname === pathname); // routing is case-sensitive: BINARY
  if (!r) throw new HTTPException(404, 'Route not found');
  return r;
}
const lookupQuery = { siteId: { type: uuid(), default: null } };
// The documents' enum is "true" | "false": a Literal, not a lax bool (which would take "TRUE", "1", "yes").
const skip = { skipValidation: { type: literal('true', 'false'), default: 'false' } };

export const routes = [
  {
    method: 'POST', path: '/v2/routes', deps: [secretKey], query: skip, body: CreateRoute, status: 201,
    handler(ctx) {
      const b = ctx.body.values; const site = siteFor(ctx, b.siteId);
      checkPathname(ctx, site.id, b.pathname, null);
      return routeOut(ctx.store.createRoute({ siteId: site.id, pathname: b.pathname }));
    },
  },
  {
    method: 'GET', path: '/v2/routes', deps: [secretKey], query: { siteId: { type: uuid(), required: true }, ...listQuery() },
    handler(ctx) {
      const { query, store } = ctx; const site = siteFor(ctx, query.siteId);
      const rows = store.siteRoutes(site.id);
      const cursor = query.startingAfter && rows.find((r) => r.id === query.startingAfter);
      const { page, hasMore } = keysetPage(rows, byThenId(cmpBinary, (r) => r.pathname), query.limit, query.startingAfter, cursor);
      return { object: 'list', data: page.map(routeOut), hasMore };
    },
  },
  {
    method: 'GET', path: '/v2/routes/{routeIdOrPathname:path}', deps: [secretKey], params: { routeIdOrPathname: str() }, query: lookupQuery,
    handler: (ctx) => routeOut(resolveRoute(ctx)),
  },
  {
    method: 'PATCH', path: '/v2/routes/{routeIdOrPathname:path}', deps: [secretKey], params: { routeIdOrPathname: str() },
    query: { ...lookupQuery, ...skip }, body: UpdateRoute,
    handler(ctx) {
      const r = resolveRoute(ctx); const { values, fieldsSet } = ctx.body;
      if (fieldsSet.has('pathname') && values.pathname !== r.pathname) {
        checkPathname(ctx, r.siteId, values.pathname, r.id);
        r.pathname = values.pathname;
      }
      return routeOut(r);
    },
  },
  {
    method: 'DELETE', path: '/v2/routes/{routeIdOrPathname:path}', deps: [secretKey], params: { routeIdOrPathname: str() }, query: lookupQuery, status: 204,
    handler(ctx) { ctx.store.routes.delete(resolveRoute(ctx).id); return null; },
  },
];
