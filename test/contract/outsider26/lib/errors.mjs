// Nest-style HttpExceptions and the global exception filter that maps them (and Prisma's known
// request errors, and body-parser's errors) onto the API's error envelope.
import { PrismaKnownError } from './prisma.mjs';

export class HttpException extends Error {
  constructor(status, message, details) { super(message); this.status = status; this.details = details; }
}
export const BadRequest = (message, details) => new HttpException(400, message, details ?? [{ field: 'request', message }]);
export const Unauthorized = (message = 'Unauthorized') => new HttpException(401, message);
export const Forbidden = (message = 'Forbidden resource') => new HttpException(403, message);
export const NotFound = (message = 'Not Found') => new HttpException(404, message);
export const Conflict = (message) => new HttpException(409, message);

const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

// Returns [status, envelope]. Statuses outside the documented table are folded onto it.
export function toEnvelope(err) {
  let status = 400, message = 'Bad Request', details;
  if (err instanceof HttpException) {
    status = err.status; message = err.message; details = err.details;
  } else if (err instanceof PrismaKnownError) {
    if (err.code === 'P2002') { status = 409; message = err.message; }
    else if (err.code === 'P2025') { status = 404; message = err.message; }
    else { status = 400; message = err.message; }
  } else if (err && typeof err.status === 'number' && err.expose !== undefined) {
    // body-parser / raw-body errors (413 entity.too.large, 415 charset/encoding, 400 parse failures)
    status = 400; message = err.message;
    details = [{ field: 'body', message: err.message }];
  } else {
    process.stderr.write(`[ExceptionsHandler] ${err && err.stack ? err.stack : err}\n`);
    status = 400; message = 'Internal server error';
    details = [{ field: 'request', message }];
  }
  if (!CODES[status]) status = 400;
  const body = { object: 'error', code: CODES[status], message };
  if (status === 400) body.details = details && details.length ? details : [{ field: 'request', message }];
  return [status, body];
}

export function bodyParserError(status, message, type) {
  const e = new Error(message); e.status = status; e.expose = true; e.type = type; return e;
}
