// Error envelope, modelled on an API Platform "problem" normaliser that was
// re-shaped into the service's {object:'error', code, message, details} form.
export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const badRequest = (message, details) =>
  new ApiError(400, 'bad_request', message, details && details.length ? details : [{ field: 'body', message }]);
export const violations = (details) =>
  new ApiError(400, 'bad_request', 'Validation failed: ' + details.map((d) => d.field).join(', ') + '.', details);
export const unauthorized = (m = 'API key missing or invalid.') => new ApiError(401, 'unauthorized', m);
export const forbidden = (m = 'Access denied.') => new ApiError(403, 'forbidden', m);
export const notFound = (m = 'Not found.') => new ApiError(404, 'not_found', m);
export const conflict = (m) => new ApiError(409, 'conflict', m);

export function envelope(err) {
  const body = { object: 'error', code: err.code, message: err.message };
  if (err.status === 400) body.details = err.details || [{ field: 'body', message: err.message }];
  return body;
}
