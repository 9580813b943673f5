import { ApiError } from '../api/errors.js'
import type { Caller } from '../api/auth.js'
import type { Scope } from '../api/types.js'
import type { JournalKey } from '../generated/types.js'
import { MIN_HINTED_LENGTH } from './key-hint.js'

// Who called, never the key itself. The caller is read before the request runs, since a DELETE
// of a site revokes the key it was sent with. The journal keeps these facts in an entry's slots
// one by one: no object per request.

/** The kind of key sent: none, one the dispatcher refused (unknown), or an accepted App or Site key. */
export const keyKind = ({ sentKey, scope }: Caller): JournalKey['kind'] => (!sentKey ? 'none' : scope instanceof ApiError ? 'unknown' : scope.kind)

/** The scope of a key the dispatcher accepted; none for a refused key or none sent. */
export const keyScope = ({ sentKey, scope }: Caller): Scope | undefined => (sentKey && !(scope instanceof ApiError) ? scope : undefined)

/** The key's last four characters as they are (plain ASCII for every valid key); the hint adds its ellipsis when read. */
export const keyTail = ({ key, sentKey }: Caller): string | undefined => (sentKey && key !== undefined && key.length >= MIN_HINTED_LENGTH ? key.slice(-4) : undefined)

/**
 * The kind of a key known only as sent (a proxy's caller): App keys have the form sk_…, Site
 * keys do not; a key the deployment refused with a 401 is unknown.
 */
export function sentKeyKind(key: string | undefined, status: number): JournalKey['kind'] {
  if (!key) return 'none'
  if (status === 401) return 'unknown'
  return key.startsWith('sk_') ? 'app' : 'site'
}
