// The API's error envelope, Hono's notFound/onError, and the zValidator hook.
import { HTTPException } from '../lib/hono.mjs';

export const envelope = (code, message, details) => (details ? { object: 'error', code, message, details } : { object: 'error', code, message });

const STATUS = { bad_request: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409 };

export class ApiError extends Error {
  constructor(code, message, details) { super(message); this.code = code; this.details = details; }
}
export const badRequest = (field, message) => new ApiError('bad_request', message, [{ field, message }]);
export const notFound = (what) => new ApiError('not_found', `${what} not found`);
export const forbidden = (message = 'This API key is not allowed to access this resource') => new ApiError('forbidden', message);
export const conflict = (message) => new ApiError('conflict', message);

export const respondError = (c, code, message, details) => {
  const body = envelope(code, message, code === 'bad_request' ? details || [] : undefined);
  return c.json(body, STATUS[code]);
};

const TARGET_LABEL = { json: 'request body', query: 'query parameters', param: 'path parameters' };
const ROOT_FIELD = { json: 'body', query: 'query', param: 'path' };

// One detail per invalid field: the first Zod issue of each path; unrecognized keys name each key.
export function zodHook(result, c) {
  if (result.success) return undefined;
  const details = [];
  const seen = new Set();
  for (const issue of result.error.issues) {
    const fields = issue.code === 'unrecognized_keys'
      ? issue.keys.map((k) => [...issue.path, k].join('.'))
      : [issue.path.length ? issue.path.join('.') : ROOT_FIELD[result.target]];
    for (const field of fields) {
      if (seen.has(field)) continue;
      seen.add(field);
      details.push({ field, message: issue.message });
    }
  }
  const message = `Invalid ${TARGET_LABEL[result.target]}: ` + details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return respondError(c, 'bad_request', message, details);
}

export function onError(err, c) {
  if (err instanceof ApiError) return respondError(c, err.code, err.message, err.details);
  if (err instanceof HTTPException) {
    const code = err.status === 401 ? 'unauthorized' : err.status === 403 ? 'forbidden' : err.status === 404 ? 'not_found' : err.status === 409 ? 'conflict' : 'bad_request';
    return respondError(c, code, err.message, [{ field: err.field || 'request', message: err.message }]);
  }
  console.error('[outsider29] unexpected error', err);
  return respondError(c, 'bad_request', 'Internal Server Error', [{ field: 'request', message: 'The request could not be processed' }]);
}

export const onNotFound = (c) => respondError(c, 'not_found', `Route ${c.req.method} ${c.req.path} not found`);
