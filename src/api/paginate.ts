import type { List } from '../api-types.js'
import type { Choices } from '../freedom/catalogue.js'
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
  /** What a cursor that names no item at all, an item the list leaves out, or one of another list gives (choices unknownCursor, cursorOutsideList, foreignCursor); sitemock's 400 when left out. */
  cursors?: Pick<Required<Choices>, 'unknownCursor' | 'cursorOutsideList' | 'foreignCursor'>
  /** Whether an id names an item of another list (another site's, or another family's): under foreignCursor other than `as-outside` and `refused-unreached`, such a cursor has that answer. */
  foreign?: (id: string) => boolean
  /** Whether an item the list leaves out has a place in its order (a page never published has none among live versions). */
  placed?: (item: T) => boolean
  /**
   * Items a delete removed, as they were, where a deployment goes on after the place such an item
   * had (choice deletedCursor after-place): `find` one by id, and whether it was of this list's
   * site or workspace (`held`). Left out: a deleted item's id names nothing.
   */
  deleted?: { find(id: string): T | undefined; held(item: T): boolean }
  /** What `limit=0` gets, where the validation let it through (choice limitZero): `clamped` serves it as 1, `default` as no limit given; left out, a page of none. */
  limitZero?: Required<Choices>['limitZero']
}

export const DEFAULT_LIMIT = 20
/** The largest page: a larger `limit` reaches a list only where a deployment answers it as this one (limitAboveMaximum `clamped`). */
const MAX_LIMIT = 100

const notInList = () => invalidField('startingAfter', 'is not the id of an item of this list; pass the id of the last item of the previous page')

/** A cursor the list refuses, or answers with an empty page. */
function refusedCursor(answer: '400' | '404' | 'empty-list', id: string, where: string): { items: never[]; hasMore: false } {
  if (answer === 'empty-list') return { items: [], hasMore: false }
  if (answer === '404') throw notFound('item', `id ${id} (the startingAfter cursor)${where}`)
  throw notInList()
}

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
  // limit=0 is served as the smallest page where the deployment clamps it (limitZero `clamped`), as a larger one than 100 is served as 100;
  // where it reads 0 as no limit given (`default`, an ORM's `take: limit || 20`), as the default page.
  const asked = query.limit === 0 && options.limitZero === 'default' ? undefined : query.limit
  const smallest = options.limitZero === 'clamped' ? 1 : 0
  const limit = Math.max(Math.min(asked ?? DEFAULT_LIMIT, MAX_LIMIT), smallest)
  const include = options.include ?? (() => true)
  const step = options.descending ? -1 : 1
  let position = options.descending ? index.size - 1 : 0
  if (query.startingAfter !== undefined) {
    // Under refused-unreached an item the key does not reach was refused where access is judged
    // (requireReachedCursor): one that is left here is answered as as-outside answers it.
    const foreign = options.cursors?.foreignCursor ?? 'as-outside'
    if (foreign !== 'as-outside' && foreign !== 'refused-unreached' && options.foreign?.(query.startingAfter) === true) return refusedCursor(foreign, query.startingAfter, ' of another list')
    const live = findById(query.startingAfter)
    const cursor = live ?? options.deleted?.find(query.startingAfter)
    const outside = options.cursors?.cursorOutsideList ?? '400'
    if (cursor === undefined) {
      // An item of another family has no place in this list: as-outside answers it as one the list
      // leaves out, and after-place goes on from the list's start (no place is after none).
      // An id of nothing under unknownCursor from-start is ignored: the walk starts where one without a cursor does.
      const unknown = options.cursors?.unknownCursor ?? '400'
      if (options.foreign?.(query.startingAfter) !== true) {
        if (unknown !== 'from-start') return refusedCursor(unknown, query.startingAfter, '')
      } else if (outside !== 'after-place') return refusedCursor(outside, query.startingAfter, ' in this list')
    }
    const at = live !== undefined && include(live) ? index.indexOf(live) : -1
    // A deleted item the list would hold, were it there, has the place its values give it; one it
    // would leave out (another site's, or filtered out) is answered as such an item that is there.
    const deletedHere = live === undefined && cursor !== undefined && options.deleted?.held(cursor) === true && include(cursor)
    if (cursor === undefined) position = options.descending ? index.size - 1 : 0
    else if (at >= 0) position = at + step
    else if ((deletedHere || outside === 'after-place') && (options.placed?.(cursor) ?? true)) {
      // The place the item would have in this order: the walk goes on from there.
      const place = index.lowerBound(cursor)
      position = index.at(place) === cursor ? place + step : options.descending ? place - 1 : place
    } else return refusedCursor(outside === 'after-place' ? '400' : outside, query.startingAfter, ' in this list')
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
