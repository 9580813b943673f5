import { PageWalk, skippedItem } from '../contract/exchange-rules.js'

/** Walks waiting for their next page, at most: a client that never finishes its walks must not grow the proxy without end. */
const MAX_OPEN_WALKS = 1000

interface OpenWalk {
  walk: PageWalk
  /** Whether the walk began at the list's first page: only such a walk sees the whole list. */
  fromStart: boolean
}

/**
 * The walks clients make through the lists, as the pages pass the proxy: a page whose
 * startingAfter is the last id of an earlier page of the same list (same path and query, same
 * limit) continues that walk, and is held to what a walk's pages promise. A walk that saw a whole
 * list keeps its order, so that a later walk of it whose page does not start where the order
 * says shows a skipped item. Writes may change any list: each one forgets what was learnt.
 */
export class ListWalks {
  private readonly open = new Map<string, OpenWalk>()
  private readonly wholeOrder = new Map<string, readonly string[]>()

  /** The promises of a walk's pages this page breaks (none, or one). */
  page(path: string, query: string, body: unknown): string[] {
    const params = new URLSearchParams(query)
    const cursor = params.get('startingAfter') ?? undefined
    const limitText = params.get('limit')
    const limit = limitText === null ? undefined : Number(limitText)
    params.delete('startingAfter')
    params.delete('limit')
    params.sort()
    const list = `${path}?${params.toString()}`
    const walkKey = (after: string | undefined): string => `${list} limit=${limitText ?? ''} after=${after ?? ''}`
    const continued = cursor === undefined ? undefined : this.open.get(walkKey(cursor))
    if (continued) this.open.delete(walkKey(cursor))
    const label = `the walk of GET ${list.endsWith('?') ? list.slice(0, -1) : list} with limit ${limitText ?? 'default'}`
    const current = continued ?? { walk: new PageWalk(Number.isInteger(limit) ? limit : undefined, label), fromStart: cursor === undefined }
    const problems: string[] = []
    const ids = pageIds(body)
    const known = this.wholeOrder.get(list)
    const skipped = cursor !== undefined && known ? skippedItem(known, cursor, ids) : undefined
    if (skipped) problems.push(`${skipped}: ${label}`)
    const broken = current.walk.next(body)
    if (broken) return [...problems, broken]
    if ((body as { hasMore?: unknown } | null)?.hasMore === true) {
      if (this.open.size >= MAX_OPEN_WALKS) this.open.delete(this.open.keys().next().value!)
      this.open.set(walkKey(current.walk.cursor), current)
    } else if (current.fromStart) this.wholeOrder.set(list, current.walk.seen)
    return problems
  }

  /** A write went through: the lists may have changed, so walks and orders seen before no longer bind. */
  forget(): void {
    this.open.clear()
    this.wholeOrder.clear()
  }
}

function pageIds(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data
  return Array.isArray(data) ? data.map((item) => String((item as { id?: unknown } | null)?.id)) : []
}
