import { authenticate, presentedKey } from '../api/auth.js'
import type { JournalKey } from '../contracts/types.js'
import type { Store } from '../store/store.js'

/** Keys shorter than this show no hint at all: four characters of them would be most of the key. */
const MIN_HINTED_LENGTH = 12

type ApiHeaders = Readonly<Record<string, string | undefined>>

const NONE: JournalKey = { kind: 'none', hint: null, workspaceId: null, siteId: null }

/**
 * Who called, as the journal may show it: the key's kind and scope and its last four
 * characters, never the key itself. Read before the request runs, since a DELETE of a site
 * revokes the key it was sent with.
 */
export function describeKey(headers: ApiHeaders, store: Store): JournalKey {
  let key: string | undefined
  try {
    key = presentedKey(headers)
  } catch {
    // Both headers at once, or an Authorization header that is not "Bearer <key>".
    return { ...NONE, kind: 'unknown' }
  }
  if (key === undefined || key === '') return NONE
  const hint = key.length >= MIN_HINTED_LENGTH ? `…${key.slice(-4)}` : null
  try {
    const scope = authenticate(key, store)
    return { kind: scope.kind, hint, workspaceId: scope.workspaceId, siteId: scope.kind === 'site' ? scope.siteId : null }
  } catch {
    return { kind: 'unknown', hint, workspaceId: null, siteId: null }
  }
}
