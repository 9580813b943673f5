import type { CheckContext } from '../check.js'
import { DEFAULT_LIMIT, PageWalk } from '../exchange-rules.js'

export { DEFAULT_LIMIT }
const MAX_PAGES = 500

export interface WalkTarget {
  template: string
  params: Record<string, string>
  query: Record<string, string>
}

/**
 * Follows startingAfter from the first page until hasMore is false, failing on the first
 * promise of a walk's pages broken (see PageWalk). Returns the ids in the order seen.
 */
export async function walk(ctx: CheckContext, target: WalkTarget, limit: number | undefined): Promise<string[]> {
  const pages = new PageWalk(limit, `the walk with limit ${limit ?? `default (${DEFAULT_LIMIT})`}`)
  for (let page = 1; page <= MAX_PAGES; page++) {
    const exchange = await ctx.get(target.template, target.params, { ...target.query, limit, startingAfter: pages.cursor })
    ctx.expectStatus(exchange, 200, `page ${page} of ${pages.label}`)
    ctx.items(exchange)
    const problem = pages.next(exchange.body)
    if (problem) ctx.fail(problem, exchange)
    if (ctx.json(exchange).hasMore !== true) return [...pages.seen]
  }
  return ctx.fail(`expected the list to end, got more than ${MAX_PAGES} pages: ${pages.label}`)
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

/**
 * Fails unless a walk saw every item listed both by the walk before it and by the walk after it:
 * such an item was in the list all along, so a walk that misses it skipped it (after a cursor,
 * at a page boundary), however many items others added or removed meanwhile.
 */
export function expectStableSeen(ctx: CheckContext, before: string[], after: string[], seen: string[], label: string): void {
  const inAfter = new Set(after)
  const inSeen = new Set(seen)
  const missing = before.filter((id) => inAfter.has(id) && !inSeen.has(id))
  if (missing.length) ctx.fail(`expected every item listed before and after the walk, got ${missing.length} missing (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}): ${label}`)
}
