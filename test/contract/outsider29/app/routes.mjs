// /v2/routes: external routes of a site. Route pathnames are Hono-style patterns
// ("/docs/:slug", "/files/*", "/posts/:id{[0-9]+}", "/:lang?/about").
import { Hono } from '../lib/hono.mjs';
import { z, isUuid } from '../lib/zod.mjs';
import { zValidator } from '../lib/validator.mjs';
import { zodHook, conflict, notFound, badRequest } from './errors.mjs';
import { loadSite, authorize, siteForName } from './auth.mjs';
import { uuid, limit, bool, routePathname } from './schemas.mjs';
import { routeOut } from './serialize.mjs';
import { uuidv7, unixepoch, UniqueConstraintError } from '../lib/d1.mjs';
import { PAGE_CLASH } from './pages.mjs';

const LITERAL = /^[A-Za-z0-9\-._~%!$&'()+,;=@]+$/;
export function routePatternError(pathname) {
  if (pathname === '/') return null;
  const segs = pathname.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    if (seg === '') return 'Empty path segment (a "//" or a trailing "/")';
    if (seg === '*') continue;
    if (seg.startsWith(':')) {
      const m = seg.match(/^:([A-Za-z_][A-Za-z0-9_]*)(\{(.+)\})?(\?)?$/);
      if (!m) return `Invalid parameter segment "${seg}"`;
      if (m[3]) { try { new RegExp(m[3]); } catch { return `Invalid regular expression in "${seg}"`; } }
      if (m[4] && i !== segs.length - 1) return `Optional parameter "${seg}" must be the last segment`;
      continue;
    }
    if (!LITERAL.test(seg)) return `Invalid characters in segment "${seg}"`;
  }
  return null;
}

function checkPathname(db, siteId, pathname, skipValidation, selfId) {
  if (skipValidation !== 'true') {
    const e = routePatternError(pathname);
    if (e) throw badRequest('pathname', e);
  }
  if (db.first('pages', (p) => p.site_id === siteId && p.pathname === pathname)) throw conflict(PAGE_CLASH);
  if (db.first('routes', (r) => r.site_id === siteId && r.pathname === pathname && r.id !== selfId)) throw conflict(PAGE_CLASH);
}

function findRoute(c, db, idOrPath, siteIdQuery, action) {
  if (isUuid(idOrPath)) {
    const route = db.first('routes', (r) => r.id === idOrPath.toLowerCase());
    if (!route) throw notFound('Route');
    authorize(c.get('principal'), db.first('sites', (s) => s.id === route.site_id), action);
    return route;
  }
  const site = loadSite(c, db, siteForName(c, siteIdQuery, 'routeIdOrPathname'), action);
  const pathname = idOrPath.startsWith('/') ? idOrPath : '/' + idOrPath;
  const route = db.first('routes', (r) => r.site_id === site.id && r.pathname === pathname);
  if (!route) throw notFound('Route');
  return route;
}

export function routesApp(db) {
  const app = new Hono();
  const ref = z.object({ routeIdOrPathname: z.string().min(1).max(2048) });
  const siteQ = z.object({ siteId: uuid().optional() });
  const skipQ = z.object({ siteId: uuid().optional(), skipValidation: bool().default('false') });

  app.post('/', zValidator('query', skipQ, zodHook), zValidator('json', z.object({ siteId: uuid(), pathname: routePathname() }), zodHook), (c) => {
    const body = c.req.valid('json');
    const site = loadSite(c, db, body.siteId, 'content:write');
    checkPathname(db, site.id, body.pathname, c.req.valid('query').skipValidation);
    const now = unixepoch();
    const row = { id: uuidv7(), site_id: site.id, pathname: body.pathname, created_at: now, updated_at: now };
    try { db.insert('routes', row); } catch (err) { if (err instanceof UniqueConstraintError) throw conflict(PAGE_CLASH); throw err; }
    return c.json(routeOut(row), 201);
  });

  app.get('/', zValidator('query', z.object({ siteId: uuid(), limit: limit(), startingAfter: uuid().optional() }), zodHook), (c) => {
    const q = c.req.valid('query');
    const site = loadSite(c, db, q.siteId, 'content:read');
    const rows = db.all('routes', (r) => r.site_id === site.id && (!q.startingAfter || r.id > q.startingAfter)).sort((a, b) => (a.id < b.id ? -1 : 1));
    return c.json({ object: 'list', data: rows.slice(0, q.limit).map(routeOut), hasMore: rows.length > q.limit });
  });

  app.get('/:routeIdOrPathname{.+}', zValidator('param', ref, zodHook), zValidator('query', siteQ, zodHook), (c) => {
    return c.json(routeOut(findRoute(c, db, c.req.valid('param').routeIdOrPathname, c.req.valid('query').siteId, 'content:read')));
  });

  app.patch('/:routeIdOrPathname{.+}', zValidator('param', ref, zodHook), zValidator('query', skipQ, zodHook),
    zValidator('json', z.object({ pathname: routePathname().optional() }).strict(), zodHook), (c) => {
      const q = c.req.valid('query');
      const route = findRoute(c, db, c.req.valid('param').routeIdOrPathname, q.siteId, 'content:write');
      const body = c.req.valid('json');
      if (body.pathname !== undefined && body.pathname !== route.pathname) {
        checkPathname(db, route.site_id, body.pathname, q.skipValidation, route.id);
        try { db.update('routes', (r) => r.id === route.id, { pathname: body.pathname, updated_at: unixepoch() }); } catch (err) { if (err instanceof UniqueConstraintError) throw conflict(PAGE_CLASH); throw err; }
      }
      return c.json(routeOut(db.first('routes', (r) => r.id === route.id)));
    });

  app.delete('/:routeIdOrPathname{.+}', zValidator('param', ref, zodHook), zValidator('query', siteQ, zodHook), (c) => {
    const route = findRoute(c, db, c.req.valid('param').routeIdOrPathname, c.req.valid('query').siteId, 'content:write');
    db.delete('routes', (r) => r.id === route.id);
    return c.body(null, 204);
  });

  return app;
}
