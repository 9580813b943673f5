import { maskPath } from '../journal/mask-keys.js'
import type { ErrorBody, ErrorDetail } from '../generated/types.js'
import type { ApiRequest, ApiResponse } from './types.js'

/** The content type of every JSON answer, errors included. */
export const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json; charset=utf-8' }

export type ErrorCode = ErrorBody['code']

/** The code each error status carries in the envelope, wherever an error is answered or described. */
export const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  431: 'request_header_fields_too_large',
  500: 'internal_error',
}

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

  /** The error as an answer: the envelope, its own headers winning over `headers`. */
  toResponse(headers: Record<string, string> = {}): ApiResponse {
    return { status: this.status, headers: { ...JSON_HEADERS, ...headers, ...this.headers }, body: this.toBody() }
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

/** A bug, not a client error: logged with its context, answered in the envelope, never a stack trace. */
export function internalError(error: unknown, request: Pick<ApiRequest, 'method' | 'path'>): ApiError {
  console.error(`sitemock: unexpected error on ${request.method} ${maskPath(request.path)}`, error)
  return new ApiError(500, 'internal_error', 'The mock hit an unexpected error; this is a bug in sitemock.')
}
