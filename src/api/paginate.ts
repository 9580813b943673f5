import type { List } from '../api-types.js'
import type { Choices } from '../contracts/choices.js'
import type { SortedIndex } from '../store/sorted-index.js'
import { invalidField, notFound } from './errors.js'

export interface PageQuery {
  limit?: number
  startingAfter?: string
}

/** A list's body, as the API types it for its users (api-types.ts, from list.json). */
export type ListBody<T> = List<T>

export interface WalkOptions<T> {
  /** Items the list leaves out (offline pages, other prefixes); a cursor must not name one. */
  include?: (item: T) => boolean
  descending?: boolean
  /** What a cursor that names no item at all, or an item the list leaves out, gives (choices unknownCursor, cursorOutsideList); sitemock's 400 when left out. */
  cursors?: Pick<Required<Choices>, 'unknownCursor' | 'cursorOutsideList'>
  /** Whether an item the list leaves out has a place in its order (a page never published has none among live versions). */
  placed?: (item: T) => boolean
  /**
   * Items a delete removed, as they were, where a deployment goes on after the place such an item
   * had (choice deletedCursor after-place): `find` one by id, and whether it was of this list's
   * site or workspace (`held`). Left out: a deleted item's id names nothing.
   */
  deleted?: { find(id: string): T | undefined; held(item: T): boolean }
}

export const DEFAULT_LIMIT = 20
/** The largest page: a larger `limit` reaches a list only where a deployment answers it as this one (limitAboveMaximum `clamped`). */
const MAX_LIMIT = 100

const notInList = () => invalidField('startingAfter', 'is not the id of an item of this list; pass the id of the last item of the previous page')

/**
 * One page of a cursor walk over a sorted index. The cursor is the id of the last item seen;
 * it must name an item of this very list, or the walk could silently skip or repeat items.
 */
export function paginate<T extends { id: string }>(
  index: SortedIndex<T>,
  findById: (id: string) => T | undefined,
  query: PageQuery,
  options: WalkOptions<T> = {},
): { items: T[]; hasMore: boolean } {
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT)
  const include = options.include ?? (() => true)
  const step = options.descending ? -1 : 1
  let position = options.descending ? index.size - 1 : 0
  if (query.startingAfter !== undefined) {
    const live = findById(query.startingAfter)
    const cursor = live ?? options.deleted?.find(query.startingAfter)
    if (cursor === undefined) {
      const unknown = options.cursors?.unknownCursor ?? '400'
      if (unknown === 'empty-list') return { items: [], hasMore: false }
      if (unknown === '404') throw notFound('item', `id ${query.startingAfter} (the startingAfter cursor)`)
      throw notInList()
    }
    const at = live !== undefined && include(cursor) ? index.indexOf(cursor) : -1
    // A deleted item the list would hold, were it there, has the place its values give it; one it
    // would leave out (another site's, or filtered out) is answered as such an item that is there.
    const deletedHere = live === undefined && options.deleted?.held(cursor) === true && include(cursor)
    const outside = options.cursors?.cursorOutsideList ?? '400'
    if (at >= 0) position = at + step
    else if ((deletedHere || outside === 'after-place') && (options.placed?.(cursor) ?? true)) {
      // The place the item would have in this order: the walk goes on from there.
      const place = index.lowerBound(cursor)
      position = index.at(place) === cursor ? place + step : options.descending ? place - 1 : place
    } else if (outside === 'empty-list') return { items: [], hasMore: false }
    else if (outside === '404') throw notFound('item', `id ${query.startingAfter} (the startingAfter cursor) in this list`)
    else throw notInList()
  }
  const items: T[] = []
  if (position < 0 || position >= index.size) return { items, hasMore: false }
  for (const item of index.walk(position, step)) {
    if (!include(item)) continue
    if (items.length === limit) return { items, hasMore: true }
    items.push(item)
  }
  return { items, hasMore: false }
}
