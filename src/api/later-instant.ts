import { instantMs, isoInstant } from '../store/instant.js'
import type { Store } from '../store/store.js'

/**
 * A later instant than `previous`, even within the same millisecond: updatedAt always moves
 * forward. A page with no instant yet (null, as a snapshot of a deployment kept it) gets the clock's.
 */
export function after(store: Store, previous: string | null): string {
  if (previous === null) return store.timestamp()
  // Edits in a burst often share a millisecond: then each lands a millisecond after the one before.
  return isoInstant(Math.max(store.now().getTime(), instantMs(previous) + 1))
}
