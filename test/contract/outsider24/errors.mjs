// DRF's exception classes, and the project's exception handler that maps them onto the API envelope.

export class APIException extends Error {
  constructor(status, detail, extra = {}) {
    super(typeof detail === 'string' ? detail : 'Invalid input.');
    this.status = status;
    this.detail = detail; // a string, or {field: message} for validation errors
    this.headers = extra.headers || {};
    this.closeConnection = !!extra.closeConnection;
  }
}

export const NON_FIELD_ERRORS_KEY = 'non_field_errors';

export const ValidationError = (detail) => new APIException(400, typeof detail === 'string' ? { [NON_FIELD_ERRORS_KEY]: detail } : detail);
export const ParseError = (msg, extra) => new APIException(400, { [NON_FIELD_ERRORS_KEY]: msg }, extra).withMessage(msg);
export const NotAuthenticated = () => new APIException(401, 'Authentication credentials were not provided.', { headers: { 'WWW-Authenticate': 'Api-Key' } });
export const AuthenticationFailed = (msg = 'Invalid API key.') => new APIException(401, msg, { headers: { 'WWW-Authenticate': 'Api-Key' } });
export const PermissionDenied = (msg = 'You do not have permission to perform this action.') => new APIException(403, msg);
export const NotFound = (msg = 'Not found.') => new APIException(404, msg);
export const Conflict = (msg) => new APIException(409, msg);
// Statuses the error table does not list: DRF raises them, the handler folds them into 400.
export const MethodNotAllowed = (method) => new APIException(405, `Method "${method}" not allowed.`);
export const NotAcceptable = () => new APIException(406, 'Could not satisfy the request Accept header.');
export const UnsupportedMediaType = (mt) => new APIException(415, `Unsupported media type "${mt}" in request.`);

APIException.prototype.withMessage = function (m) { this.topMessage = m; return this; };

const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

// api/exceptions.py: envelope_exception_handler
export function exceptionHandler(exc) {
  let status = exc.status;
  let detail = exc.detail;
  let topMessage = exc.topMessage;
  if (status === 405 || status === 406 || status === 415) {
    topMessage = detail;
    detail = { [NON_FIELD_ERRORS_KEY]: detail };
    status = 400;
  }
  const body = { object: 'error', code: CODES[status] || 'bad_request', message: '' };
  if (status === 400) {
    const d = typeof detail === 'string' ? { [NON_FIELD_ERRORS_KEY]: detail } : detail;
    body.message = topMessage || 'Invalid input.';
    body.details = Object.entries(d).map(([field, message]) => ({ field, message: Array.isArray(message) ? message[0] : message }));
  } else {
    body.message = typeof detail === 'string' ? detail : 'Error.';
  }
  return { status, body, headers: exc.headers || {} };
}
