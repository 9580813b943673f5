import { db, etag } from './store.mjs';
import { badRequest, notFound, conflict } from './errors.mjs';
import { isUuid, canonUuid } from './validate.mjs';
import { parseJsonBody, readBody } from './http.mjs';

export async function jsonBody(ctx) {
  return parseJsonBody(ctx.req, await readBody(ctx.req));
}

// @PathParam UUID siteId: a value that does not convert makes JAX-RS answer 404, not 400.
export function siteFromPath(raw) {
  if (!isUuid(raw)) throw notFound('Site not found');
  const site = db.sites.get(canonUuid(raw));
  if (!site) throw notFound('Site not found');
  return site;
}

export function checkPathUuid(raw) {
  if (!isUuid(raw)) throw notFound('Site not found');
}

export function fail(problems) {
  if (problems.length) throw badRequest(problems);
}

// Optimistic locking (@Version): an If-Match that names another version is a 409.
export function checkIfMatch(ctx, entity) {
  const im = ctx.req.headers['if-match'];
  if (im === undefined || im.trim() === '*') return;
  const tags = im.split(',').map((s) => s.trim().replace(/^W\//, ''));
  if (!tags.includes(etag(entity).replace(/^W\//, ''))) throw conflict('The resource was modified concurrently (version mismatch)');
}

// Keyset pagination over a fully ordered list; the cursor row may lie outside the list
// (another site, soft-deleted row) and then only marks a position in the ordering.
export function paginate(items, cmp, cursor, limit) {
  let start = 0;
  if (cursor) {
    start = items.findIndex((x) => cmp(x, cursor) > 0);
    if (start < 0) start = items.length;
  }
  return { data: items.slice(start, start + limit), hasMore: items.length - start > limit };
}

export const ok = (body, headers) => ({ status: 200, body, headers });
export const created = (body, headers) => ({ status: 201, body, headers });
export const noContent = () => ({ status: 204 });
export { canonUuid, isUuid };
