import { DEFAULT_LIMIT } from './walk.js'

/**
 * How an item with a null id reads as an id (idOf). The specification types Locale.id as a
 * nullable uuid, so a list may hold one; it cannot be a cursor (startingAfter is a UUID).
 */
const NULL_ID = String(null)

/** Whether a walk of these ids with this limit takes only real ids as the cursors of its next pages. */
export function cursorsAreIds(ids: readonly string[], limit: number | undefined): boolean {
  const size = limit ?? DEFAULT_LIMIT
  for (let last = size - 1; last < ids.length - 1; last += size) if (ids[last] === NULL_ID) return false
  return true
}

/** The limit, else the smallest larger one whose walk of these ids takes only real ids as cursors. */
export function cursorSafeLimit(ids: readonly string[], limit: number): number {
  let safe = limit
  // Ends at the latest when one page holds everything: a walk of one page takes no cursor.
  while (!cursorsAreIds(ids, safe)) safe++
  return safe
}

/**
 * The limits a walk of these ids can take: each limit, else the next larger one whose pages never
 * end on a null id; the default (undefined) only as it is, as a larger one is not the default.
 */
export function cursorSafeLimits(ids: readonly string[], limits: ReadonlyArray<number | undefined>): Array<number | undefined> {
  return limits.flatMap((limit) => (limit !== undefined ? [cursorSafeLimit(ids, limit)] : cursorsAreIds(ids, limit) ? [limit] : []))
}

/** The position of the last item at or before `index` whose id can be a cursor, or -1 when there is none. */
export function cursorAtOrBefore(ids: readonly string[], index: number): number {
  for (let at = index; at >= 0; at--) if (ids[at] !== NULL_ID) return at
  return -1
}
