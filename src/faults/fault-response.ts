import { ApiError, CODE_OF_STATUS, JSON_HEADERS } from '../api/errors.js'
import { THROTTLED_BODY } from '../api/rate-limit.js'
import type { ApiResponse } from '../api/types.js'
import { FAULT_HEADER } from './fault-header.js'

/**
 * An error answered on purpose (Prefer: code, an injected fault), in the same body the real
 * error would have: the envelope, with details on a 400, or the throttler's body on a 429.
 * `note` says what caused it, in the x-sitemock-fault header and the journal.
 */
export function faultResponse(status: number, message: string, field: string, note: string): ApiResponse {
  if (status === 429) {
    return { status, headers: { ...JSON_HEADERS, 'retry-after': '1', [FAULT_HEADER]: note }, body: THROTTLED_BODY }
  }
  const code = CODE_OF_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request')
  const error = new ApiError(status, code, message, code === 'bad_request' ? [{ field, message: note }] : undefined)
  return error.toResponse({ [FAULT_HEADER]: note })
}

/** A connection dropped on purpose: the transport resets it or leaves it unanswered. */
export function dropResponse(drop: 'reset' | 'timeout', note: string): ApiResponse {
  return { status: 0, headers: { [FAULT_HEADER]: note }, body: undefined, drop }
}
