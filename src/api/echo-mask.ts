import { maskPath, maskQuery, scrubKeys, type KnownKeys } from '../journal/mask-keys.js'
import type { Store } from '../store/store.js'
import type { Choices } from '../freedom/catalogue.js'
import { ApiError } from './errors.js'
import { isKnownKey } from './known-key.js'
import type { ApiRequest } from './types.js'

/**
 * The error with every key the request carried in its path or query shown as its hint, in any
 * spelling the error echoes it (a 400 names the value it refuses, a 404 the path): the answer
 * lands in the journal, in logs and in reports, where a key must not be read.
 */
export function withoutSentKeys(error: ApiError, request: Pick<ApiRequest, 'path' | 'query' | 'headers'>, store: Store | undefined, choices?: Choices): ApiError {
  const known: KnownKeys = { sent: [request.headers['x-api-key']], ...(store === undefined ? {} : { isKey: (word: string) => isKnownKey(store, word, choices) }) }
  const found: string[] = []
  maskPath(request.path, known, found)
  maskQuery(request.query, known, found)
  if (found.length === 0) return error
  const scrub = (text: string): string => scrubKeys(text, found)
  const details = error.details?.map((detail) => ({ ...detail, field: scrub(detail.field), message: scrub(detail.message) }))
  return new ApiError(error.status, error.code, scrub(error.message), details, error.headers)
}
