// Error envelope, modelled on a JAX-RS ExceptionMapper<ApiException>.
export class ApiError extends Error {
  constructor(status, code, message, details, headers) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

export const badRequest = (details, message = 'Request validation failed') =>
  new ApiError(400, 'bad_request', message, sortDetails(details));
export const unauthorized = (message = 'API key missing or invalid') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'The API key does not grant access to this resource') =>
  new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Resource not found', headers) => new ApiError(404, 'not_found', message, undefined, headers);
export const conflict = (message) => new ApiError(409, 'conflict', message);

// Hibernate Validator hands back an unordered Set<ConstraintViolation>; the team sorts by property path.
export function sortDetails(details) {
  return [...details].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

export function envelope(err) {
  const body = { object: 'error', code: err.code, message: err.message };
  if (err.status === 400) body.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
  return body;
}
