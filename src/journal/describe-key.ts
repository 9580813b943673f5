import { ApiError } from '../api/errors.js'
import type { Caller } from '../api/auth.js'
import type { JournalKey } from '../contracts/types.js'

/** Keys shorter than this show no hint at all: four characters of them would be most of the key. */
const MIN_HINTED_LENGTH = 12

const NONE: JournalKey = { kind: 'none', hint: null, workspaceId: null, siteId: null }

/**
 * Who called, as the journal may show it: the key's kind and scope and its last four
 * characters, never the key itself. The caller is read before the request runs, since a
 * DELETE of a site revokes the key it was sent with.
 */
export function describeKey({ key, sentKey, scope }: Caller): JournalKey {
  if (!sentKey) return NONE
  const hint = key !== undefined && key.length >= MIN_HINTED_LENGTH ? `…${key.slice(-4)}` : null
  if (scope instanceof ApiError) return { kind: 'unknown', hint, workspaceId: null, siteId: null }
  return { kind: scope.kind, hint, workspaceId: scope.workspaceId, siteId: scope.kind === 'site' ? scope.siteId : null }
}
