import type { ErrorBody, ErrorDetail } from '../contracts/types.js'

export type ErrorCode = ErrorBody['code']

/** The one error type of the core: every failure leaves as the API's error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }

  toBody(): ErrorBody {
    return this.details
      ? { object: 'error', code: this.code, message: this.message, details: this.details }
      : { object: 'error', code: this.code, message: this.message }
  }
}

export const badRequest = (details: ErrorDetail[], message?: string): ApiError =>
  new ApiError(
    400,
    'bad_request',
    message ?? `Invalid request: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
    details,
  )

export const invalidField = (field: string, message: string): ApiError =>
  badRequest([{ field, message }])

export const unauthorized = (message: string): ApiError => new ApiError(401, 'unauthorized', message)

export const forbidden = (message = 'This API key does not have access to this resource.'): ApiError =>
  new ApiError(403, 'forbidden', message)

export const notFound = (resource: string, key: string): ApiError =>
  new ApiError(404, 'not_found', `No ${resource} found with ${key}.`)

export const conflict = (message: string): ApiError => new ApiError(409, 'conflict', message)

export const methodNotAllowed = (method: string, allowed: string[]): ApiError =>
  new ApiError(405, 'method_not_allowed', `Method ${method} is not allowed here; allowed: ${allowed.join(', ')}.`, undefined, {
    allow: allowed.join(', '),
  })

export const payloadTooLarge = (limit: number): ApiError =>
  new ApiError(413, 'payload_too_large', `The request body is larger than the limit of ${limit} bytes.`)
