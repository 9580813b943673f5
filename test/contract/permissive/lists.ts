import { badField, ok, Refusal, type Answer, type Json } from './http.js'
import type { Choices } from './choices.js'
import { Fields, limitOf, type LimitRange } from './input.js'
import type { Family, Store } from './store.js'

/**
 * The free parts of a list: the order of strings, nulls and ties, and what a cursor that is not
 * an item of the list means. Each follows the choices; with none, the implementation's own answer.
 */

/** Two strings by the collation chosen: case-insensitive then by code unit (its own), or by code unit. */
export function compareText(choices: Choices, a: string, b: string): number {
  const byUnit = a < b ? -1 : a > b ? 1 : 0
  if (choices.sortCollation === 'code-unit') return byUnit
  const lower = a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0
  return lower !== 0 ? lower : byUnit
}

/** Two sort keys in a direction (1 ascending, -1 descending), a `null` placed as `nullsSort` says (its own: smallest). */
export function compareKeys(choices: Choices, a: string | null, b: string | null, direction: 1 | -1): number {
  if (a === b) return 0
  if (a === null || b === null) {
    const nullsSort = choices.nullsSort ?? 'smallest'
    const nullFirst = nullsSort === 'first' || (nullsSort === 'smallest' && direction === 1) || (nullsSort === 'largest' && direction === -1)
    return (a === null) === nullFirst ? -1 : 1
  }
  return direction * compareText(choices, a, b)
}

/** Items with equal sort values: in creation order (its own) or by id, in both directions. */
export const compareTies = (choices: Choices, a: { id: string; seq: number }, b: { id: string; seq: number }): number =>
  choices.sortTies === 'id' ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.seq - b.seq

/**
 * One page of a list: `limit` items after the cursor. `universe` is what the list would hold
 * without its filters, in the same order: a cursor found there but not in `items` is outside the
 * list (`cursorOutsideList`); one found nowhere is unknown (`unknownCursor`). The implementation's
 * own answer to both is an empty page. `deleted` are the ids of the items a delete removed that the
 * list and the universe hold at the place they had, at `deletedCursor: after-place`: a cursor finds
 * its place among them, and no page shows them. `foreign` tells an item of another list (another
 * site's, another family's), which a `foreignCursor` choice answers (`refused-unreached` as
 * `as-outside`: what the key does not reach was refused with the list's site, reachedCursor);
 * with none, it is unknown.
 */
export function pageOf<T extends { id: string }>(choices: Choices, items: T[], query: Json, range: LimitRange, present: (item: T) => Json, universe: T[] = items, deleted: ReadonlySet<string> = new Set(), foreign: (id: string) => boolean = () => false): Answer {
  const limit = limitOf(query, range)
  const cursor = new Fields(query).uuid('startingAfter')?.toLowerCase()
  let start = 0
  if (cursor !== undefined) {
    const at = items.findIndex((item) => item.id === cursor)
    const place = universe.findIndex((item) => item.id === cursor)
    const asForeign = place < 0 && foreign(cursor) ? choices.foreignCursor : undefined
    if (asForeign === '400') throw badField('startingAfter', 'names an item of another list; pass the id of the last item of the previous page')
    if (asForeign === '404') throw new Refusal(404, `the item ${cursor} is of another list`)
    if (at >= 0) start = at + 1
    // An item of another list answered as nothing after it: an empty page, whatever a cursor outside the list gets.
    else if (asForeign === 'empty-list') start = items.length
    // An item of another list has no place in this one: after-place lists this one from its start.
    else if (place >= 0 || asForeign !== undefined) {
      if (choices.cursorOutsideList === '400') throw badField('startingAfter', 'names an item this list leaves out; pass the id of the last item of the previous page')
      if (choices.cursorOutsideList === '404') throw new Refusal(404, `the item ${cursor} is not in this list`)
      const after = items.findIndex((item) => universe.findIndex((other) => other.id === item.id) > place)
      start = choices.cursorOutsideList === 'after-place' ? (after < 0 ? items.length : after) : items.length
    } else {
      if (choices.unknownCursor === '400') throw badField('startingAfter', 'is not the id of an item of this list; pass the id of the last item of the previous page')
      if (choices.unknownCursor === '404') throw new Refusal(404, `no item ${cursor} to list after`)
      // from-start ignores the cursor, as if none were sent; otherwise (empty-list, its own) an empty page.
      start = choices.unknownCursor === 'from-start' ? 0 : items.length
    }
  }
  const rest = items.slice(start).filter((item) => !deleted.has(item.id))
  return ok({ object: 'list', data: rest.slice(0, limit).map(present), hasMore: rest.length > limit })
}

/** Whether an id names an item of another list than a site's `family` list: another site's, or another family's (choice foreignCursor). */
export const foreignTo =
  (store: Store, family: Family, siteId?: string) =>
  (id: string): boolean =>
    (family !== 'sites' && store.sites.has(id)) ||
    (['locales', 'pages', 'routes'] as const).some((other) => {
      const item = store[other].get(id)
      return item !== undefined && (other !== family || item.siteId !== siteId)
    })
