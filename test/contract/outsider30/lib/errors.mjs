// The error envelope every answer uses, whether it comes from a Gateway Response
// (edge, authoriser, request validator) or from a function.
import { validate, fieldOf, errorsText } from './validate.mjs';

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const envelope = (code, message, details) => {
  const e = { object: 'error', code, message };
  if (code === 'bad_request') e.details = details && details.length ? details : [{ field: 'request', message }];
  return e;
};

export const badRequest = (message, details) => new ApiError(400, 'bad_request', message, details);
export const badField = (field, message) => new ApiError(400, 'bad_request', `${field} ${message}`, [{ field, message }]);
export const forbidden = (message = 'Forbidden') => new ApiError(403, 'forbidden', message);
export const notFound = (message) => new ApiError(404, 'not_found', message);
export const conflict = (message) => new ApiError(409, 'conflict', message);

// ajv errors -> 400 with one detail per field (that field's first error), in ajv's order.
export function ajvError(errors, dataVar, root) {
  const details = [];
  const seen = new Set();
  for (const e of errors) {
    const field = fieldOf(e, root);
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, message: e.message });
  }
  return badRequest(errorsText(errors, dataVar), details);
}

export function check(schema, data, dataVar, root, opts) {
  const { value, errors } = validate(schema, data, opts);
  if (errors.length) throw ajvError(errors, dataVar, root);
  return value;
}
