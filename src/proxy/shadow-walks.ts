import type { ExchangeWindow } from '../contract/stateful/compare.js'
import { EVERY_ITEM, HAS_MORE_WITH_ITEMS, type WalkProblem } from './walks.js'

/** Walks waiting for their next page, and writes remembered for the walks still open, at most. */
const MAX_OPEN_WALKS = 1000
const MAX_WRITES = 5000

interface Walk {
  label: string
  /** When the walk's first page was asked for: a write answered after it may have changed what the walk saw. */
  sentAt: number
  /** The list as the shadow held it when the walk began, in the deployment's ids. */
  start: readonly string[]
  seen: Set<string>
  last: string | undefined
  /** The ids the walk continued after: one a write moved (a renamed title in a list by title) rightly makes the walk skip what it passed over. */
  cursors: string[]
}

/**
 * The walks clients make through a list, held against the shadow's whole list: when a walk ends
 * (hasMore false), every item the shadow's list held both when the walk began and when it ended,
 * that no write during the walk touched, must have been on one of its pages. So a skip after a
 * cursor and a hasMore false one page too early are found on any walk, whatever other clients
 * write meanwhile, and without a second walk of the same list. Items a concurrent write touched
 * may rightly have been seen or not: they are not held to either; nor is a walk whose cursor a
 * write touched, since where its next page starts moved with it.
 */
export class ShadowWalks {
  private readonly open = new Map<string, Walk>()
  private readonly writes: Array<{ window: ExchangeWindow; ids: readonly string[] }> = []

  /** A write passed, touching these ids (the deployment's). */
  wrote(window: ExchangeWindow, ids: readonly string[]): void {
    this.writes.push({ window, ids })
    if (this.writes.length > MAX_WRITES) this.writes.shift()
  }

  /**
   * A page of a list passed: `list` names the list (its path and query but the cursor and the
   * limit), `whole` gives the shadow's whole list now, in the deployment's ids (undefined when it
   * cannot). Returns what the walk broke when this page ended it.
   */
  page(list: string, limit: string, cursor: string | undefined, ids: readonly string[], hasMore: boolean, window: ExchangeWindow, whole: () => readonly string[] | undefined): WalkProblem | undefined {
    const key = (after: string | undefined): string => `${list} limit=${limit} after=${after ?? ''}`
    let walk: Walk | undefined
    if (cursor === undefined) {
      const start = whole()
      if (start === undefined) return undefined
      walk = { label: `the walk of GET ${list} with limit ${limit || 'default'}`, sentAt: window.sentAt, start, seen: new Set(), last: undefined, cursors: [] }
    } else {
      walk = this.open.get(key(cursor))
      this.open.delete(key(cursor))
      if (walk === undefined) return undefined
      walk.cursors.push(cursor)
    }
    for (const id of ids) walk.seen.add(id)
    walk.last = ids[ids.length - 1] ?? walk.last
    if (hasMore && ids.length > 0) {
      if (this.open.size >= MAX_OPEN_WALKS) this.open.delete(this.open.keys().next().value!)
      this.open.set(key(walk.last), walk)
      return undefined
    }
    if (hasMore) return undefined
    const end = whole()
    return end === undefined ? undefined : this.finished(walk, end, window, ids.length === 0)
  }

  private finished(walk: Walk, end: readonly string[], window: ExchangeWindow, lastIsEmpty: boolean): WalkProblem | undefined {
    const touched = new Set<string>()
    for (const write of this.writes) if (write.window.receivedAt >= walk.sentAt && write.window.sentAt <= window.receivedAt) for (const id of write.ids) touched.add(id)
    if (walk.cursors.some((cursor) => touched.has(cursor))) return undefined
    const atEnd = new Set(end)
    const missing = walk.start.filter((id) => atEnd.has(id) && !touched.has(id) && !walk.seen.has(id))
    if (missing.length === 0) {
      // An empty last page after a page that said more followed: right only if what followed went
      // meanwhile, which a write during the walk would show on one of the list's items.
      const untouched = (ids: Iterable<string>): boolean => [...ids].every((id) => !touched.has(id))
      if (lastIsEmpty && walk.cursors.length > 0 && untouched(walk.start) && untouched(end) && untouched(walk.seen)) {
        return { message: `${walk.label}: the page before the last said hasMore true, and the last page (after ${walk.last ?? 'its cursor'}) holds nothing, while no write touched the list during the walk`, promise: HAS_MORE_WITH_ITEMS }
      }
      return undefined
    }
    const listed = missing.slice(0, 5).join(', ') + (missing.length > 5 ? `, and ${missing.length - 5} more` : '')
    return {
      message: `${walk.label} ended without ${listed}, which the list held from the walk's first page to its last, untouched by any write: a page skipped it, or hasMore was false with items left`,
      promise: EVERY_ITEM,
    }
  }
}
