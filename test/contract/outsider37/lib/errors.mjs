// The API error envelope: {object:"error", code, message, details?}.
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

export class ApiError extends Error {
  constructor(status, message, details) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

export const badRequest = (details, message = 'Invalid request.') => new ApiError(400, message, details);
export const unauthorized = (m) => new ApiError(401, m);
export const forbidden = (m = 'The API key does not have permission to access this resource.') => new ApiError(403, m);
export const notFound = (m = 'Resource not found.') => new ApiError(404, m);
export const conflict = (m) => new ApiError(409, m);

export function envelope(err) {
  const body = { object: 'error', code: CODES[err.status] || 'bad_request', message: err.message };
  if (err.status === 400) body.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
  return body;
}
