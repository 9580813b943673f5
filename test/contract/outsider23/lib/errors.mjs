// thiserror-style AppError, rendered onto the API's error envelope by intoResponse().
export class AppError extends Error {
  constructor(status, code, message, details, headers) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
  static badRequest(message, details) { return new AppError(400, 'bad_request', message, details && details.length ? details : [{ field: 'request', message }]); }
  static unauthorized(message) { return new AppError(401, 'unauthorized', message); }
  static forbidden(message = 'the API key does not grant access to this resource') { return new AppError(403, 'forbidden', message); }
  static notFound(message) { return new AppError(404, 'not_found', message); }
  static conflict(message) { return new AppError(409, 'conflict', message); }
}

export function envelope(err) {
  const body = { object: 'error', code: err.code, message: err.message };
  if (err.status === 400) body.details = err.details || [{ field: 'request', message: err.message }];
  return body;
}
