import { idOf, specOnly, type CheckContext, type CheckDefinition } from '../check.js'
import { LOCALES, PAGES, ROUTES } from '../endpoints.js'
import type { WalkTarget } from './walk.js'
import { cursorAtOrBefore } from './cursors.js'

/** How far into the list the cursor of the middle pages goes, on a list long enough. */
const CURSOR_DEPTH = 4

interface BoundaryList {
  key: string
  template: string
  family: 'locales' | 'pages' | 'routes'
  specOnly?: string
}

const LISTS: BoundaryList[] = [
  { key: 'locales', template: LOCALES, family: 'locales' },
  { key: 'pages', template: PAGES, family: 'pages' },
  { key: 'routes', template: ROUTES, family: 'routes', specOnly: 'the published OpenAPI does not document routes' },
]

/**
 * One page of the list, checked against the part of the full listing it must be: the items right
 * after the cursor (none lost, none repeated), exactly `limit` of them while more are left, and
 * hasMore true exactly when more are left.
 */
async function expectPage(ctx: CheckContext, target: WalkTarget, full: string[], after: number, limit: number): Promise<void> {
  const cursor = after < 0 ? undefined : full[after]
  const exchange = await ctx.get(target.template, target.params, { ...target.query, limit, startingAfter: cursor })
  const where = `limit=${limit}${cursor ? ` after item ${after + 1} of ${full.length}` : ''}, ${full.length - after - 1} items left`
  ctx.expectStatus(exchange, 200, where)
  const got = ctx.items(exchange).map(idOf)
  const wanted = full.slice(after + 1, after + 1 + limit)
  if (got.join() !== wanted.join()) {
    const lost = wanted.filter((id) => !got.includes(id))
    const extra = got.filter((id) => !wanted.includes(id))
    const detail = [lost.length ? `lost ${lost.join(', ')}` : '', extra.length ? `${extra.some((id) => full.indexOf(id) <= after) ? 'repeated' : 'unexpected'} ${extra.join(', ')}` : ''].filter(Boolean).join('; ')
    ctx.fail(`expected the ${wanted.length} items after the cursor, got ${got.length}${detail ? ` (${detail})` : ' in another order'}: ${where}`, exchange)
  }
  const more = after + 1 + limit < full.length
  const hasMore = ctx.json(exchange).hasMore
  if (hasMore !== more) ctx.fail(`expected hasMore ${String(more)}, got ${JSON.stringify(hasMore)}: ${where}`, exchange)
}

function boundaryCheck(list: BoundaryList): CheckDefinition {
  return {
    id: `pagination.${list.key}.boundaries`,
    group: 'pagination',
    name: `GET ${list.template} pages end exactly: exactly limit, limit + 1 and limit - 1 items left, from the start and after a cursor`,
    ...(list.specOnly ? specOnly(list.specOnly) : {}),
    needs: ['write'],
    async run(ctx) {
      const { site, ids, quota } = await ctx.fixtures.listed(list.family)
      // Offline pages too: no document says whether a new page is online.
      const query: Record<string, string> = list.template === PAGES ? { siteId: site.id, includeOffline: 'true' } : { siteId: site.id }
      const target: WalkTarget = { template: list.template, params: {}, query }
      const first = await ctx.get(list.template, {}, { ...query, limit: 100 })
      ctx.expectStatus(first, 200, 'listing every item')
      const full = ctx.items(first).map(idOf)
      if (full.length !== ids.length) ctx.fail(`expected the ${ids.length} items this run made${quota === undefined ? '' : ' (all the target took)'}, got ${full.length}: listing with limit=100`, first)
      // From the start, then after a cursor a few items in (at least 2 left, so that limit - 1 is
      // a limit): with exactly limit, limit + 1 and limit - 1 items left. An item with a null id
      // (nullable Locale.id) cannot be the cursor: the one before it is.
      const middle = cursorAtOrBefore(full, Math.min(CURSOR_DEPTH, full.length - 3))
      for (const after of middle < 0 ? [-1] : [-1, middle]) {
        const left = full.length - after - 1
        for (const limit of [left, left - 1, left + 1]) await expectPage(ctx, target, full, after, limit)
      }
      // The last item that can be a cursor: nothing is left after it, unless items with null ids follow.
      const last = cursorAtOrBefore(full, full.length - 1)
      if (last >= 0) await expectPage(ctx, target, full, last, 5)
    },
  }
}

export const boundaryChecks: CheckDefinition[] = LISTS.map(boundaryCheck)
