// RouteController: external routes of a site (Phoenix-router-style path patterns).
import { uuid7, nowUs, live, paginate, getLive } from '../repo.mjs';
import {
  cast, validateRequired, validateLength, validateFormat, validateInclusion, raiseIfInvalid, addError,
  notFound, conflict, STRING_MAX,
} from '../changeset.mjs';
import { permitKind, permitSite, loadSite } from '../auth.mjs';
import { routeJSON, listJSON, listChangeset, cursorFrom, rejectNonObject, siteIdForLookup } from '../views.mjs';
import { pathnameTaken, identifierOf } from './pages.mjs';
import { getLimit } from './sites.mjs';

/** "/" or segments that are literals (pchar), `:name` parameters, and an optional final `*name` glob. */
export const ROUTE_RE = /^(?:\/|(?:\/(?:[A-Za-z0-9\-._~!$&'()+,;=@%]+|:[a-z_][A-Za-z0-9_]*))*(?:\/\*[a-z_][A-Za-z0-9_]*)?)$/;

/** skipValidation query flag (enum "true" | "false"). */
function skipFlag(conn, cs) {
  const q = cast({ skipValidation: null }, conn.params, { skipValidation: 'string' });
  validateInclusion(q, 'skipValidation', ['true', 'false']);
  for (const [f, m] of q.errors) addError(cs, f, m);
  return q.changes.skipValidation === 'true';
}
/** validations (skippable) vs. database constraints (never skipped: NOT NULL, varchar(255), CHECK). */
function validateRoute(cs, skip) {
  validateRequired(cs, ['pathname']);
  validateLength(cs, 'pathname', { max: STRING_MAX });
  if (!skip) {
    if (cs.changes.pathname != null && cs.changes.pathname !== '' && !ROUTE_RE.test(cs.changes.pathname)) addError(cs, 'pathname', 'has invalid format');
  } else if (cs.changes.pathname != null && !cs.changes.pathname.startsWith('/')) {
    addError(cs, 'pathname', 'is invalid'); // check_constraint(:pathname, name: :pathname_starts_with_slash)
  }
  return cs;
}
function checkClash(store, siteId, pathname, self, skip) {
  // unique_index(:routes, [:site_id, :pathname]) always; the page clash is a validation.
  if (pathnameTaken(store, siteId, pathname, { exceptRoute: self, pages: false })) throw conflict('pathname');
  if (!skip && pathnameTaken(store, siteId, pathname, { routes: false })) throw conflict('pathname');
}

export function index(conn) {
  permitKind(conn.principal, 'route.read');
  const cs = listChangeset(conn.params, { siteId: 'uuid' }, ['siteId']);
  raiseIfInvalid(cs);
  const site = loadSite(conn, cs.changes.siteId);
  const rows = live(conn.store.routes).filter((r) => r.siteId === site.id);
  const after = cursorFrom(cs, (id) => rows.find((r) => r.id === id), (r) => r.pathname, 'text');
  const page = paginate(rows, { key: (r) => r.pathname, type: 'text', dir: 'asc', limit: getLimit(cs), after });
  return { status: 200, body: listJSON(page.entries.map(routeJSON), page.hasMore), next: page.next };
}

function resolve(conn) {
  const { store } = conn;
  const cs = cast({ siteId: null }, conn.params, { siteId: 'uuid' });
  raiseIfInvalid(cs);
  const ident = identifierOf(conn, 'routeIdOrPathname');
  if (ident.id) {
    const route = getLive(store.routes, ident.id);
    if (!route) throw notFound();
    const site = getLive(store.sites, route.siteId);
    if (!site) throw notFound();
    permitSite(conn.principal, site);
    return { route, site };
  }
  const site = loadSite(conn, siteIdForLookup(conn, cs));
  const route = live(store.routes).find((r) => r.siteId === site.id && r.pathname === ident.pathname);
  if (!route) throw notFound();
  return { route, site };
}

export function show(conn) {
  permitKind(conn.principal, 'route.read');
  return { status: 200, body: routeJSON(resolve(conn).route) };
}

export function create(conn) {
  permitKind(conn.principal, 'route.write');
  const data = { siteId: null, pathname: null };
  const cs = cast(data, conn.params, { siteId: 'uuid', pathname: 'string' });
  rejectNonObject(conn, cs);
  const skip = skipFlag(conn, cs);
  validateRequired(cs, ['siteId']);
  validateRoute(cs, skip);
  raiseIfInvalid(cs);
  const site = loadSite(conn, cs.changes.siteId);
  checkClash(conn.store, site.id, cs.changes.pathname, null, skip);
  const now = nowUs();
  const route = { id: uuid7(), siteId: site.id, pathname: cs.changes.pathname, insertedAt: now, updatedAt: now, deletedAt: null };
  conn.store.routes.push(route);
  return { status: 201, body: routeJSON(route), location: `/v2/routes/${route.id}` };
}

export function update(conn) {
  permitKind(conn.principal, 'route.write');
  const { route, site } = resolve(conn);
  const cs = cast(route, conn.params, { pathname: 'string' });
  rejectNonObject(conn, cs);
  const skip = skipFlag(conn, cs);
  validateRoute(cs, skip);
  raiseIfInvalid(cs);
  if (cs.changes.pathname != null) {
    checkClash(conn.store, site.id, cs.changes.pathname, route, skip);
    Object.assign(route, cs.changes, { updatedAt: nowUs() });
  }
  return { status: 200, body: routeJSON(route) };
}

export function remove(conn) {
  permitKind(conn.principal, 'route.write');
  const { route } = resolve(conn);
  route.deletedAt = nowUs();
  return { status: 204 };
}
