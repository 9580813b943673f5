// Route handlers: GET/POST /v2/routes, GET/PATCH/DELETE /v2/routes/{routeIdOrPathname...}.
// A route pathname is a Go 1.22 ServeMux path pattern ("/feeds/{kind}", "/files/{path...}").

import { newId, activeRoutes, pathnameTaken } from './db.mjs';
import { goUUIDParse } from './validator.mjs';
import { routeView } from './views.mjs';
import { keysetPage } from './keyset.mjs';
import {
  Problems, readQuery, readLimit, readJSON, siteFor, reaches, forbidden, notFound, conflict,
} from './common.mjs';

// With skipValidation=true the pattern grammar and the clean-path rule are not checked;
// the value must still be rooted and free of whitespace and control characters.
const pathnameTags = (skip) => (skip
  ? 'required,startswith=/,max=2048,nonul,printunicode'
  : 'required,startswith=/,max=400,nonul,routepattern');
const SKIP = (get) => ({ field: 'skipValidation', value: get('skipValidation'), tags: 'omitempty,oneof=true false' });

export function listRoutes(ctx) {
  const get = readQuery(ctx);
  const p = new Problems();
  p.validate('listRoutesQuery', [{ field: 'siteId', value: get('siteId'), tags: 'required,uuid' }]);
  const limit = readLimit(get, p, 'listRoutesQuery');
  p.validate('listRoutesQuery', [{ field: 'startingAfter', value: get('startingAfter'), tags: 'omitempty,uuid' }]);
  p.throwIfAny();
  const s = ctx.tx.state;
  const site = siteFor(ctx, get('siteId').toLowerCase());
  let cursor = null;
  if (get('startingAfter')) {
    const row = s.routes.get(get('startingAfter').toLowerCase());
    if (!row) return { status: 200, body: { object: 'list', data: [], hasMore: false } };
    if (!reaches(ctx.key, s.sites.get(row.siteId))) throw forbidden();
    cursor = [row.pathname, row.id];
  }
  const rows = activeRoutes(s, site.id).map((r) => ({ position: [r.pathname, r.id], item: r }));
  const { data, hasMore } = keysetPage(rows, { cursor, limit });
  return { status: 200, body: { object: 'list', data: data.map(routeView), hasMore } };
}

const CREATE_ROUTE = { name: 'createRouteInput', disallowUnknown: true, fields: [
  { json: 'siteId', type: 'string' }, { json: 'pathname', type: 'string' }] };

export function createRoute(ctx) {
  const get = readQuery(ctx);
  const { values, problems } = readJSON(ctx, CREATE_ROUTE);
  const p = new Problems();
  p.validate('createRouteQuery', [SKIP(get)]);
  p.decode(problems);
  p.validate('createRouteInput', [
    { field: 'siteId', value: values.get('siteId'), tags: 'required,uuid' },
    { field: 'pathname', value: values.get('pathname'), tags: pathnameTags(get('skipValidation') === 'true') },
  ]);
  p.throwIfAny();
  const site = siteFor(ctx, values.get('siteId').toLowerCase());
  const { state: s, now } = ctx.tx;
  const pathname = values.get('pathname');
  if (pathnameTaken(s, site.id, pathname)) throw conflict('a page or route with this pathname already exists');
  const route = { id: newId(), siteId: site.id, pathname, createdAt: now, updatedAt: now, deletedAt: null };
  ctx.tx.put('routes', route.id, route);
  return { status: 201, body: routeView(route) };
}

function target(ctx, get) {
  const raw = ctx.params.routeIdOrPathname;
  const id = goUUIDParse(raw);
  return {
    id,
    pathname: id ? null : (raw.startsWith('/') ? raw : '/' + raw),
    siteIdEntry: {
      field: 'siteId', value: get('siteId'), tags: id ? 'omitempty,uuid' : 'required,uuid',
      messages: { required: 'siteId is required when a pathname is used instead of a route ID' },
    },
  };
}

function lookup(ctx, t, get) {
  const s = ctx.tx.state;
  const siteId = get('siteId') ? get('siteId').toLowerCase() : null;
  if (t.id) {
    const route = s.routes.get(t.id);
    if (!route || route.deletedAt !== null) throw notFound();
    const site = s.sites.get(route.siteId);
    if (site.deletedAt !== null || (siteId && siteId !== route.siteId)) throw notFound();
    if (!reaches(ctx.key, site)) throw forbidden();
    return route;
  }
  const site = siteFor(ctx, siteId);
  const route = activeRoutes(s, site.id).find((r) => r.pathname === t.pathname);
  if (!route) throw notFound();
  return route;
}

export function getRoute(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const p = new Problems();
  p.validate('getRouteQuery', [t.siteIdEntry]);
  p.throwIfAny();
  return { status: 200, body: routeView(lookup(ctx, t, get)) };
}

const UPDATE_ROUTE = { name: 'updateRouteInput', disallowUnknown: false, fields: [{ json: 'pathname', type: 'string' }] };

export function updateRoute(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const { values, problems } = readJSON(ctx, UPDATE_ROUTE);
  const p = new Problems();
  p.validate('updateRouteQuery', [t.siteIdEntry, SKIP(get)]);
  p.decode(problems);
  if (values.has('pathname')) {
    p.validate('updateRouteInput', [{ field: 'pathname', value: values.get('pathname'), tags: pathnameTags(get('skipValidation') === 'true') }]);
  }
  p.throwIfAny();
  const route = ctx.tx.touch(lookup(ctx, t, get));
  const { state: s, now } = ctx.tx;
  if (values.has('pathname')) {
    const pathname = values.get('pathname');
    if (pathname !== route.pathname && pathnameTaken(s, route.siteId, pathname, { exceptRouteId: route.id })) {
      throw conflict('a page or route with this pathname already exists');
    }
    route.pathname = pathname;
    route.updatedAt = now;
  }
  return { status: 200, body: routeView(route) };
}

export function deleteRoute(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const p = new Problems();
  p.validate('deleteRouteQuery', [t.siteIdEntry]);
  p.throwIfAny();
  const route = ctx.tx.touch(lookup(ctx, t, get));
  route.deletedAt = ctx.tx.now;
  return { status: 204 };
}
