import type { CheckContext } from '../check.js'

/** The default page size of every list. */
export const DEFAULT_LIMIT = 20
const MAX_PAGES = 500

export interface WalkTarget {
  template: string
  params: Record<string, string>
  query: Record<string, string>
}

/**
 * Follows startingAfter from the first page until hasMore is false, failing on the first
 * broken promise: a missing hasMore, a page over the limit, an item seen twice, more promised
 * on an empty page. Returns the ids in the order seen.
 */
export async function walk(ctx: CheckContext, target: WalkTarget, limit: number | undefined): Promise<string[]> {
  const ids: string[] = []
  const pageOf = new Map<string, number>()
  const label = `the walk with limit ${limit ?? `default (${DEFAULT_LIMIT})`}`
  let cursor: string | undefined
  for (let page = 1; page <= MAX_PAGES; page++) {
    const exchange = await ctx.get(target.template, target.params, { ...target.query, limit, startingAfter: cursor })
    ctx.expectStatus(exchange, 200, `page ${page} of ${label}`)
    const body = ctx.json(exchange)
    const items = ctx.items(exchange)
    if (typeof body.hasMore !== 'boolean') ctx.fail(`expected hasMore true or false, got ${body.hasMore === undefined ? 'none' : JSON.stringify(body.hasMore)}: page ${page} of ${label}`, exchange)
    const max = limit ?? DEFAULT_LIMIT
    if (items.length > max) ctx.fail(`expected at most ${max} items, got ${items.length}: page ${page} of ${label}`, exchange)
    for (const item of items) {
      const id = String(item.id)
      const earlier = pageOf.get(id)
      if (earlier !== undefined) ctx.fail(`expected each item once, got ${id} twice, on page ${earlier} and on page ${page}: ${label}`, exchange)
      pageOf.set(id, page)
      ids.push(id)
    }
    if (body.hasMore !== true) return ids
    if (items.length === 0) ctx.fail(`expected items on a page with hasMore true, got none: page ${page} of ${label}`, exchange)
    cursor = ids[ids.length - 1]
  }
  return ctx.fail(`expected the list to end, got more than ${MAX_PAGES} pages: ${label}`)
}

/** The limits to walk with: the largest, a small one that still takes several pages, 7, and the default. */
export function walkLimits(total: number): Array<number | undefined> {
  const small = Math.max(2, Math.ceil(total / 8))
  const limits: Array<number | undefined> = [small]
  if (total <= 100 && small !== 7) limits.push(7)
  if (total <= 10 * DEFAULT_LIMIT) limits.push(undefined)
  return limits
}

/** Fails unless two walks saw the same items in the same order. */
export function expectSameWalk(ctx: CheckContext, reference: string[], other: string[], label: string): void {
  if (reference.join() === other.join()) return
  const seen = new Set(other)
  const known = new Set(reference)
  const missing = reference.filter((id) => !seen.has(id))
  const extra = other.filter((id) => !known.has(id))
  if (missing.length === 0 && extra.length === 0) ctx.fail(`expected the order of the walk with limit 100, got another order: ${label}`)
  ctx.fail(`expected the ${reference.length} items of the walk with limit 100, got ${other.length}${missing.length ? `; missing: ${missing.slice(0, 5).join(', ')}` : ''}${extra.length ? `; extra: ${extra.slice(0, 5).join(', ')}` : ''}: ${label}`)
}

/** Fails unless two walks of a list that may change meanwhile agree on the order of the items both saw. */
export function expectSameOrder(ctx: CheckContext, reference: string[], other: string[], label: string): void {
  const inOther = new Set(other)
  const inReference = new Set(reference)
  if (reference.filter((id) => inOther.has(id)).join() !== other.filter((id) => inReference.has(id)).join()) {
    ctx.fail(`expected the items it shares with the walk with limit 100 in the same order, got another order: ${label}`)
  }
}

/** Fails unless a walk saw exactly these items. */
export function expectExactly(ctx: CheckContext, seen: string[], expected: string[], label: string): void {
  const missing = expected.filter((id) => !seen.includes(id))
  const extra = seen.filter((id) => !expected.includes(id))
  if (missing.length || extra.length) {
    ctx.fail(`expected exactly the ${expected.length} items this run made, got ${seen.length}${missing.length ? `; missing: ${missing.join(', ')}` : ''}${extra.length ? `; extra: ${extra.join(', ')}` : ''}: ${label}`)
  }
}

/** Fails unless a walk saw every item this run made in the list. */
export function expectIncluded(ctx: CheckContext, seen: string[], includes: string[], label: string): void {
  const absent = includes.filter((id) => !seen.includes(id))
  if (absent.length) ctx.fail(`expected every item this run made, got ${absent.length} missing (${absent.join(', ')}): ${label}`)
}
