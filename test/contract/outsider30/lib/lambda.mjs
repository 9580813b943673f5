// What every function shares: the proxy-integration response, body parsing, the
// principal the authoriser put into requestContext, and the query/limit schema.
import { ApiError, envelope, badRequest, check } from './errors.mjs';
import { AJV_UUID_RE, UUID_RE, canonUuid } from './ids.mjs';

export const json = (statusCode, body) => ({ statusCode, headers: {}, body: body === undefined ? undefined : JSON.stringify(body) });

export function handler(ops, log = (m) => process.stderr.write(`${m}\n`)) {
  return async (event) => {
    const op = ops[event.requestContext.operationName];
    try {
      return await op(event, principalOf(event));
    } catch (e) {
      if (e instanceof ApiError) return json(e.status, envelope(e.code, e.message, e.details));
      log(`unhandled error in ${event.requestContext.operationName}: ${e?.stack ?? e}`);
      return json(400, envelope('bad_request', 'Internal server error', [{ field: 'request', message: 'the request could not be processed' }]));
    }
  };
}

export function principalOf(event) {
  const a = event.requestContext.authorizer ?? {};
  return { kind: a.keyKind, workspaceId: a.workspaceId || null, siteId: a.siteId || null };
}

// JSON.parse(event.body) as the functions do it; the Content-Type header is not looked at.
export function parseBody(event) {
  if (event.body === null || event.body === undefined) return {};
  try {
    return JSON.parse(event.body);
  } catch (e) {
    throw badRequest(`Request body is not valid JSON: ${e.message}`, [{ field: 'body', message: e.message }]);
  }
}

export function body(event, schema) {
  return check({ type: 'object', ...schema }, parseBody(event), 'body', 'body');
}

export function query(event, properties, required = []) {
  const q = { ...(event.queryStringParameters ?? {}) };
  return check({ type: 'object', properties, required }, q, 'querystring', 'query', { coerce: true });
}

export const LIST_QUERY = {
  limit: { type: 'integer', minimum: 1, maximum: 100 },
  startingAfter: { type: 'string', format: 'uuid' },
};
export const UUID_Q = { type: 'string', format: 'uuid' };

export const isIdShaped = (s) => AJV_UUID_RE.test(s);
export const canon = (s) => (s === undefined ? undefined : canonUuid(s));
export const isCanonUuid = (s) => UUID_RE.test(s);

// Keeps limit+1 items to tell hasMore exactly.
export function page(items, limit) {
  const hasMore = items.length > limit;
  return { object: 'list', data: items.slice(0, limit), hasMore };
}

// DynamoDB strings: no trimming; names need one non-blank character.
export const NAME = { type: 'string', minLength: 1, maxLength: 256, pattern: '\\S' };
export const LOCALE_CODE = { type: 'string', pattern: '^[A-Za-z]{2}(?:-[A-Za-z]{2})?$' };
export const canonLocale = (c) => {
  const [lang, region] = c.split('-');
  return region ? `${lang.toLowerCase()}-${region.toUpperCase()}` : lang.toLowerCase();
};
