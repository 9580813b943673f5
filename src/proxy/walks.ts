import { PageWalk, skippedItem } from '../contract/exchange-rules.js'

/** A broken promise of a walk: its words, and the name the exchanges that show the same promise share. */
export interface WalkProblem {
  message: string
  promise: string
}

/**
 * The promise a walk that misses an item breaks, however it is seen: a page after a cursor that
 * skips one (a later walk of a list seen whole shows it), a hasMore false with items left (the
 * shadow's first page says otherwise), or a walk that ends without an item the shadow's list
 * held all along. Which of the two a deployment did, the proxy cannot always tell (the order of
 * ties and of nulls is the deployment's), and the rule is one: walking a list sees every item.
 */
export const EVERY_ITEM = 'walk: every item seen, hasMore false only at the end'
/** The promise a hasMore true with nothing left breaks: the next page, on a list nobody changed meanwhile, is empty. */
export const HAS_MORE_WITH_ITEMS = 'walk: hasMore true only when items follow'

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

  /** The promises of a walk's pages this page breaks (none, or one), each with the name of the promise. */
  page(path: string, query: string, body: unknown): WalkProblem[] {
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
    const problems: WalkProblem[] = []
    const ids = pageIds(body)
    const known = this.wholeOrder.get(list)
    const skipped = cursor !== undefined && known ? skippedItem(known, cursor, ids) : undefined
    if (skipped) problems.push({ message: `${skipped}: ${label}`, promise: EVERY_ITEM })
    const broken = current.walk.next(body)
    if (broken) return [...problems, { message: broken, promise: promiseOf(broken) }]
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

/** The promise a page of a walk broke, from PageWalk's words: the same for every list and page that breaks it. */
function promiseOf(message: string): string {
  if (message.startsWith('expected each item once')) return 'walk: each item once'
  if (message.startsWith('expected at most')) return 'walk: at most limit items a page'
  if (message.startsWith('expected items on a page with hasMore true')) return 'walk: items while hasMore is true'
  return 'walk: hasMore true or false'
}

function pageIds(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data
  return Array.isArray(data) ? data.map((item) => String((item as { id?: unknown } | null)?.id)) : []
}
