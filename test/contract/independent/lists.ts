import { badRequest } from './http-error.js'

/** What a list answer is made of: the page of items after the cursor, and whether more follow. */
export interface ListPage<T> {
  items: T[]
  hasMore: boolean
}

/**
 * One page of an already ordered list. The cursor must be the id of an item of this very list
 * (the specification: "the id of the last item of data"); anything else cannot say where to
 * continue and is refused as a 400 naming it.
 */
export function pageOf<T extends { id: string }>(ordered: T[], limitText: string | undefined, startingAfter: string | undefined): ListPage<T> {
  const limit = limitText === undefined ? 20 : Number(limitText)
  let start = 0
  if (startingAfter !== undefined) {
    const index = ordered.findIndex((item) => item.id === startingAfter.toLowerCase())
    if (index < 0) throw badRequest([{ field: 'startingAfter', message: 'no item of this list has this id' }])
    start = index + 1
  }
  return { items: ordered.slice(start, start + limit), hasMore: start + limit < ordered.length }
}

export function listBody<T>(page: ListPage<T>, render: (item: T) => Record<string, unknown>): Record<string, unknown> {
  return { object: 'list', data: page.items.map(render), hasMore: page.hasMore }
}

/** Compares two texts by UTF-16 code unit, the order of JavaScript's own string comparison. */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
