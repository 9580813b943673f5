import type { List } from '../api-types.js'
import type { SortedIndex } from '../store/sorted-index.js'
import { invalidField } from './errors.js'

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
}

export const DEFAULT_LIMIT = 20

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
  const limit = query.limit ?? DEFAULT_LIMIT
  const include = options.include ?? (() => true)
  const step = options.descending ? -1 : 1
  let position = options.descending ? index.size - 1 : 0
  if (query.startingAfter !== undefined) {
    const cursor = findById(query.startingAfter)
    const at = cursor && include(cursor) ? index.indexOf(cursor) : -1
    if (at < 0) throw invalidField('startingAfter', 'is not the id of an item of this list; pass the id of the last item of the previous page')
    position = at + step
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
