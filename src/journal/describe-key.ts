import { ApiError } from '../api/errors.js'
import type { Caller } from '../api/auth.js'
import type { JournalKey } from '../contracts/types.js'

/** Keys shorter than this show no hint at all: four characters of them would be most of the key. */
const MIN_HINTED_LENGTH = 12

/** A caller as the journal keeps it: the key's kind and scope, and its last four characters (`tail`). */
export interface KeptKey extends Omit<JournalKey, 'hint'> {
  tail: string | undefined
}

const NONE: KeptKey = { kind: 'none', tail: undefined, workspaceId: null, siteId: null }

/**
 * Who called, never the key itself. The caller is read before the request runs, since a DELETE
 * of a site revokes the key it was sent with. The tail is kept as it is (plain ASCII for every
 * valid key, cheap to copy) and gets its ellipsis when read.
 */
export function describeKey({ key, sentKey, scope }: Caller): KeptKey {
  if (!sentKey) return NONE
  const tail = key !== undefined && key.length >= MIN_HINTED_LENGTH ? key.slice(-4) : undefined
  if (scope instanceof ApiError) return { kind: 'unknown', tail, workspaceId: null, siteId: null }
  return { kind: scope.kind, tail, workspaceId: scope.workspaceId, siteId: scope.kind === 'site' ? scope.siteId : null }
}

/** The hint the journal shows for a kept tail. */
export const hintOf = (tail: string | undefined): string | null => (tail === undefined ? null : `…${tail}`)
