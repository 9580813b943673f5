// shared handler helpers: key kinds, site loading, keyset pagination
import { AppError } from './errors.mjs';
import { db, liveSite } from './store.mjs';
import { query, validateLimit } from './extract.mjs';

export const ok = (body) => ({ status: 200, body });
export const created = (body) => ({ status: 201, body });
export const noContent = () => ({ status: 204 });

// which key kinds an operation accepts (checked after the extractors, before any lookup)
export function requireKind(req, kinds) {
  if (!kinds.includes(req.principal.kind)) {
    const what = { app: 'an App API key', site: 'a Site API key', public: 'a publishable key' }[req.principal.kind];
    throw AppError.forbidden(`this operation cannot be performed with ${what}`);
  }
}

export function canReach(principal, site) {
  if (principal.kind === 'app') return site.workspaceId === principal.workspaceId;
  return site.id === principal.siteId;
}

// SELECT ... FROM sites WHERE id = $1 AND deleted_at IS NULL, then the key's reach
export function loadSite(req, siteId) {
  const site = liveSite(siteId);
  if (!site) throw AppError.notFound(`site \`${siteId}\` not found`);
  if (!canReach(req.principal, site)) throw AppError.forbidden('the API key does not grant access to this site');
  return site;
}

// site implied by a Site/publishable key when `siteId` is omitted with a code or pathname
export function siteForLookup(req, siteId, what) {
  if (siteId) return loadSite(req, siteId);
  if (req.principal.kind !== 'app') return loadSite(req, req.principal.siteId);
  throw AppError.badRequest('Validation failed', [{ field: 'siteId', message: `is required when a ${what} is used instead of an ID` }]);
}

export const listQuerySpec = (extra = {}) => ({
  ...extra,
  limit: { type: 'f64', default: 20 },
  startingAfter: { type: 'uuid' },
});

export function readListQuery(req, extra) {
  const q = query(req.rawQuery, listQuerySpec(extra));
  validateLimit(q.limit);
  return q;
}

// keyset: rows strictly after the cursor row in `cmp` order (cmp must end on id)
export function keyset(rows, cmp, cursorRow, limit) {
  const sorted = [...rows].sort(cmp);
  const after = cursorRow ? sorted.filter((r) => cmp(r, cursorRow) > 0) : sorted;
  return { object: 'list', data: after.slice(0, limit), hasMore: after.length > limit };
}

export function badCursor() {
  return AppError.badRequest('Validation failed', [{ field: 'startingAfter', message: 'does not refer to an item of this list' }]);
}

export { db };
