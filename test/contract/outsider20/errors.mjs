// Every failure leaves the pipeline as an ApiProblem and is written in the API's error envelope.
// The ASP.NET Core pieces they stand for: the [ApiController] automatic 400 (ValidationProblem,
// whose title becomes the message), the authentication challenge (401), an authorization policy or
// resource-based authorization failure (403), NotFound() (404) and a DbUpdateException from a unique
// index or a DbUpdateConcurrencyException (409).

export class ApiProblem extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const VALIDATION_TITLE = 'One or more validation errors occurred.';

export function validationProblem(errors) {
  return new ApiProblem(400, 'bad_request', VALIDATION_TITLE, errors);
}

export function badRequest(field, message) {
  return validationProblem([{ field, message }]);
}

export function unauthorized(message) {
  return new ApiProblem(401, 'unauthorized', message);
}

export function forbidden(message) {
  return new ApiProblem(403, 'forbidden', message);
}

export function notFound(message) {
  return new ApiProblem(404, 'not_found', message);
}

export function conflict(message) {
  return new ApiProblem(409, 'conflict', message);
}

// SQL Server error 2601, which EF Core surfaces inside a DbUpdateException.
export function duplicateKey(table, index, values) {
  return conflict(
    `Cannot insert duplicate key row in object 'dbo.${table}' with unique index '${index}'. The duplicate key value is (${values.join(', ')}).`,
  );
}

// EF Core's DbUpdateConcurrencyException, raised when the rowversion named by If-Match is stale.
export function concurrencyConflict() {
  return conflict(
    'The database operation was expected to affect 1 row(s), but actually affected 0 row(s); data may have been modified or deleted since entities were loaded.',
  );
}

export function envelope(problem) {
  const body = { object: 'error', code: problem.code, message: problem.message };
  if (problem.status === 400) body.details = problem.details ?? [];
  return body;
}
