// Lambda "routes": /v2/routes, /v2/routes/{routeIdOrPathname}
import { handler, json, body, query, LIST_QUERY, UUID_Q, canon, page, isIdShaped } from '../lib/lambda.mjs';
import { badField, notFound } from '../lib/errors.mjs';
import { table, K, get, transact, siteFor, renderRoute } from '../lib/store.mjs';
import { uuidv7, now } from '../lib/ids.mjs';
import { MAX_PATH_BYTES, pathClash } from './pages.mjs';

const LITERAL = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+";
const PARAM = '\\[[A-Za-z_][A-Za-z0-9_]*\\]';
const CATCH_ALL = '\\[\\.\\.\\.[A-Za-z_][A-Za-z0-9_]*\\]|\\[\\[\\.\\.\\.[A-Za-z_][A-Za-z0-9_]*\\]\\]';
const ROUTE_RE = new RegExp(`^(?:/|(?:/(?:${LITERAL}|${PARAM}))*(?:/(?:${CATCH_ALL}))?)$`);

// Route pathnames are file-system-router patterns: literal segments, [param] segments and a
// final [...catchAll] or [[...optionalCatchAll]]. skipValidation=true skips this check only.
function routePathname(p, skip) {
  if (p === '') throw badField('pathname', 'must NOT have fewer than 1 characters');
  if (Buffer.byteLength(p) > MAX_PATH_BYTES) throw badField('pathname', `must NOT be longer than ${MAX_PATH_BYTES} UTF-8 bytes`);
  if (skip) return p;
  const norm = p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  if (!ROUTE_RE.test(norm)) throw badField('pathname', 'must be a route pattern: "/" then literal segments, [param] segments and an optional final [...catchAll] or [[...optionalCatchAll]]');
  return norm;
}

const SKIP = { type: 'string', enum: ['true', 'false'] };

function resolveRoute(event, principal, siteIdQ) {
  const raw = event.pathParameters.routeIdOrPathname;
  const siteId = canon(siteIdQ);
  if (isIdShaped(raw)) {
    const id = canon(raw);
    const ptr = get(K.id(id));
    const site = siteId ? siteFor(principal, siteId) : ptr?.type === 'route' ? siteFor(principal, ptr.siteId) : undefined;
    const item = site && ptr?.type === 'route' && ptr.siteId === site.id ? get(K.route(site.id, id)) : undefined;
    if (!item) throw notFound(`Route ${raw} not found`);
    return { site, item };
  }
  if (!siteId) throw badField('siteId', 'is required when a pathname is used instead of a route ID');
  const site = siteFor(principal, siteId);
  // A route stored as sent under skipValidation (no leading "/") is found by that pathname first; else "/" is added.
  const p = raw.startsWith('/') ? raw : `/${raw}`;
  const exact = raw.startsWith('/') ? undefined : get(K.pathname(site.id, raw));
  const marker = (exact?.kind === 'route' ? exact : undefined) ?? get(K.pathname(site.id, p)) ?? (p.length > 1 && p.endsWith('/') ? get(K.pathname(site.id, p.slice(0, -1))) : undefined);
  const item = marker?.kind === 'route' ? get(K.route(site.id, marker.id)) : undefined;
  if (!item) throw notFound(`Route ${raw} not found`);
  return { site, item };
}

const ops = {
  async listRoutes(event, principal) {
    const q = query(event, { siteId: UUID_Q, ...LIST_QUERY }, ['siteId']);
    const site = siteFor(principal, canon(q.siteId));
    const limit = q.limit ?? 20;
    const r = table.query({
      PK: `SITE#${site.id}`,
      skPrefix: 'ROUTE#',
      ExclusiveStartKey: q.startingAfter ? { PK: `SITE#${site.id}`, SK: `ROUTE#${canon(q.startingAfter)}` } : undefined,
      Limit: limit + 1,
    });
    return json(200, page(r.Items.map(renderRoute), limit));
  },

  async createRoute(event, principal) {
    const q = query(event, { skipValidation: SKIP });
    const b = body(event, { properties: { siteId: UUID_Q, pathname: { type: 'string' } }, required: ['siteId', 'pathname'] });
    const pathname = routePathname(b.pathname, q.skipValidation === 'true');
    const site = siteFor(principal, canon(b.siteId));
    const item = { type: 'route', id: uuidv7(), siteId: site.id, pathname, createdAt: now() };
    transact([
      { Put: { Item: { ...K.pathname(site.id, pathname), type: 'pathMarker', kind: 'route', id: item.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { Item: { ...K.route(site.id, item.id), ...item } } },
      { Put: { Item: { ...K.id(item.id), type: 'route', siteId: site.id } } },
    ], pathClash);
    return json(201, renderRoute(item));
  },

  async getRoute(event, principal) {
    const q = query(event, { siteId: UUID_Q });
    return json(200, renderRoute(resolveRoute(event, principal, q.siteId).item));
  },

  async updateRoute(event, principal) {
    const q = query(event, { siteId: UUID_Q, skipValidation: SKIP });
    const b = body(event, { properties: { pathname: { type: 'string' } } });
    const pathname = b.pathname === undefined ? undefined : routePathname(b.pathname, q.skipValidation === 'true');
    const { site, item } = resolveRoute(event, principal, q.siteId);
    const next = { ...item, updatedAt: now() };
    const tx = [];
    if (pathname !== undefined && pathname !== item.pathname) {
      next.pathname = pathname;
      tx.push({ Put: { Item: { ...K.pathname(site.id, pathname), type: 'pathMarker', kind: 'route', id: item.id }, ConditionExpression: 'attribute_not_exists(PK)' } });
      tx.push({ Delete: { Key: K.pathname(site.id, item.pathname) } });
    }
    tx.push({ Put: { Item: next, ConditionExpression: 'attribute_exists(PK)' } });
    transact(tx, (i) => (i === 0 && tx.length > 1 ? pathClash() : notFound('Route not found')));
    return json(200, renderRoute(next));
  },

  async deleteRoute(event, principal) {
    const q = query(event, { siteId: UUID_Q });
    const { site, item } = resolveRoute(event, principal, q.siteId);
    transact([
      { Delete: { Key: K.route(site.id, item.id), ConditionExpression: 'attribute_exists(PK)' } },
      { Delete: { Key: K.pathname(site.id, item.pathname) } },
      { Delete: { Key: K.id(item.id) } },
    ], () => notFound('Route not found'));
    return json(204);
  },
};

export default handler(ops);
