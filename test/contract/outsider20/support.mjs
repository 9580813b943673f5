// What every controller shares: action results, the end of model validation, site resolution with
// resource-based authorization, If-Match against the rowversion, and keyset pagination.
import { validationProblem, badRequest, notFound, concurrencyConflict } from './errors.mjs';
import { authorizeSite } from './auth.mjs';
import { rowVersionETag, tryParseGuid, EMPTY_GUID } from './sqlserver.mjs';
import { rule } from './validation.mjs';

export const ok = (body, row) => ({ status: 200, body, etag: row ? rowVersionETag(row.rowVersion) : undefined });
export const noContent = () => ({ status: 204 });

// CreatedAtAction: 201 with an absolute Location.
export function created(ctx, path, body, row) {
  return { status: 201, body, location: `${ctx.baseUrl}${path}`, etag: rowVersionETag(row.rowVersion) };
}

// [ApiController]'s automatic 400: whatever binding and the validators put in ModelState.
export function throwIfInvalid(state) {
  if (!state.isValid) throw validationProblem(state.errors);
}

export function resolveSite(ctx, siteId) {
  const site = ctx.db.activeSite(siteId);
  if (!site) throw notFound(`Site '${siteId}' was not found.`);
  authorizeSite(ctx.principal, site);
  return site;
}

// If-Match names the rowversion the client last saw; "*" or no header skip the check.
export function checkIfMatch(ctx, row) {
  const header = ctx.req.headers['if-match'];
  if (!header) return;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes('*')) return;
  if (!tags.includes(rowVersionETag(row.rowVersion))) throw concurrencyConflict();
}

// The list validators shared by every list action.
export function validateListQuery(state, query) {
  rule(state, 'limit', query.limit).inclusiveBetween(1, 100);
}

// WHERE (key) > (cursor key) ORDER BY key, with `compare` giving the order (id last).
export function keysetPage(items, compare, cursor, limit) {
  const sorted = [...items].sort(compare);
  const after = cursor ? sorted.filter((x) => compare(x, cursor) > 0) : sorted;
  return { object: 'list', data: after.slice(0, limit), hasMore: after.length > limit };
}

export function unknownCursor(kind) {
  return badRequest('startingAfter', `'Starting After' does not name ${kind} of this list.`);
}

// `{**pageIdOrPathname}` / `{**routeIdOrPathname}`: the controller unescapes the route value (which
// still holds %2F) and reads a Guid as an id, anything else as a pathname with "/" prepended.
export function idOrPathname(raw) {
  let value;
  try {
    value = decodeURIComponentLenient(raw);
  } catch {
    value = raw;
  }
  const id = tryParseGuid(value);
  if (id !== null) return { id };
  return { pathname: value.startsWith('/') ? value : `/${value}` };
}

function decodeURIComponentLenient(text) {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

// When the path names a resource by code or pathname, the siteId query parameter is required.
export function requireSiteIdFor(state, isId, siteId, what) {
  if (!isId && siteId == null && !state.has('siteId')) {
    state.add('siteId', `'Site Id' must not be empty when a ${what} is used instead of an id.`);
  }
  rule(state, 'siteId', siteId).must((v) => v == null || v !== EMPTY_GUID, "'Site Id' must not be empty.");
}
