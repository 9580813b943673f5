/** One invalid field of a 400, as the specification's error body lists them. */
export interface Detail {
  field: string
  message: string
}

/** The error codes of the specification's table, and the two this server adds for HTTP itself. */
export type ErrorCode = 'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'method_not_allowed' | 'payload_too_large'

const STATUS_OF: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  method_not_allowed: 405,
  payload_too_large: 413,
}

/**
 * An answer that is an error. Handlers throw it wherever they stop, so that each check of a
 * request reads as one line and the server turns it into the envelope in one place.
 */
export class ApiError extends Error {
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Detail[] = [],
  ) {
    super(message)
    this.status = STATUS_OF[code]
  }

  /** The body of the answer: the specification's envelope, with details on a 400 only. */
  body(): Record<string, unknown> {
    return { object: 'error', code: this.code, message: this.message, ...(this.code === 'bad_request' ? { details: this.details } : {}) }
  }
}

export const badRequest = (details: Detail[]): ApiError =>
  new ApiError('bad_request', details.length === 1 ? `The request has an invalid field: ${details[0]!.field}.` : `The request has ${details.length} invalid fields.`, details)

export const notFound = (what: string): ApiError => new ApiError('not_found', `No ${what} here matches the request.`)

export const forbidden = (why: string): ApiError => new ApiError('forbidden', `This API key may not do that: ${why}.`)

export const conflict = (why: string): ApiError => new ApiError('conflict', `The change collides with what exists: ${why}.`)
