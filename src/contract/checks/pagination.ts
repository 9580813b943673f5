import { specOnly, type CheckContext, type CheckDefinition } from '../check.js'
import type { Exchange } from '../http-client.js'
import { freeChoice } from '../choice-reasons.js'
import { LOCALES, PAGES, ROUTES, SITE_PAGES, SITES } from '../endpoints.js'
import { documents } from '../judge.js'
import { publishedParameter, resolvePublished } from '../published.js'
import { DEFAULT_LIMIT, expectExactly, expectIncluded, expectSameOrder, expectSameWalk, expectStableSeen, walk, walkLimits, type WalkTarget } from './walk.js'
import { holdToSitemockChoice } from './support.js'
import { cursorSafeLimits } from './cursors.js'

const LIMIT_ZERO_FREE = freeChoice('limitZero', 'the specification sets the minimum 1 on List Locales only: sitemock refuses limit=0 on every list')
const LIMIT_ABOVE_FREE = freeChoice(
  'limitAboveMaximum',
  'the specification sets the maximum 100 without saying what a larger limit gets, and states a range on List Locales only: sitemock refuses limit=101 on every list',
)
// The cursor of these checks is a well-formed id of nothing at all (the class unknownCursor), not an item the list leaves out (cursorOutsideList).
const UNKNOWN_CURSOR_FREE = freeChoice(
  'unknownCursor',
  'a startingAfter that names no item is both an invalid query parameter (400) and a resource that does not exist (404), and neither document says which error wins: sitemock answers 400',
)
const FOREIGN_CURSOR_FREE = freeChoice('unknownCursor', 'neither document says what a startingAfter that names no item at all gives: sitemock refuses it')

interface ListTarget {
  key: string
  template: string
  specOnly?: string
  /** The list to walk and, when this run made it, exactly which ids it must hold (or at least). */
  resolve(ctx: CheckContext): Promise<{ target: WalkTarget; expected?: string[]; includes?: string[] }>
}

/** A list of one site: the pagination site when writing, else the site that was there. */
function siteList(template: string, family: 'locales' | 'pages' | 'routes', inPath = false): ListTarget['resolve'] {
  return async (ctx) => {
    const listing = ctx.fixtures.writable ? await ctx.fixtures.listed(family) : undefined
    const siteId = listing?.site.id ?? (await ctx.fixtures.readSite()).id
    // Offline pages too, where the list takes the flag: no document says whether a new page is online.
    const query: Record<string, string> = template === PAGES ? { siteId, includeOffline: 'true' } : { siteId }
    const target: WalkTarget = inPath ? { template, params: { siteId }, query: {} } : { template, params: {}, query }
    return listing ? { target, expected: listing.ids } : { target }
  }
}

const LISTS: ListTarget[] = [
  {
    key: 'sites',
    template: SITES,
    async resolve(ctx) {
      const workspaceId = ctx.options.workspaceId ?? ctx.skip('no --workspace-id: the site list cannot be read')
      const includes = ctx.fixtures.writable ? await ctx.fixtures.listedSites() : undefined
      return { target: { template: SITES, params: {}, query: { workspaceId } }, includes }
    },
  },
  { key: 'locales', template: LOCALES, resolve: siteList(LOCALES, 'locales') },
  { key: 'pages', template: PAGES, resolve: siteList(PAGES, 'pages') },
  { key: 'site-pages', template: SITE_PAGES, specOnly: 'the published OpenAPI does not document GET /v2/sites/{siteId}/pages', resolve: siteList(SITE_PAGES, 'pages', true) },
  { key: 'routes', template: ROUTES, specOnly: 'the published OpenAPI does not document routes', resolve: siteList(ROUTES, 'routes') },
]

function walkCheck(list: ListTarget): CheckDefinition {
  return {
    id: `pagination.${list.key}.walk`,
    group: 'pagination',
    name: `walks of GET ${list.template} with several limits see every item exactly once, hasMore false only at the end`,
    ...(list.specOnly ? specOnly(list.specOnly) : {}),
    async run(ctx) {
      const { target, expected, includes = [] } = await list.resolve(ctx)
      // The lists of the run's own pagination site are known exactly; any other list may change
      // while it is walked (other checks running at once, other users of the deployment).
      const exact = expected !== undefined
      const full = await walk(ctx, target, 100)
      if (expected) expectExactly(ctx, full, expected, 'the walk with limit 100')
      expectIncluded(ctx, full, includes, 'the walk with limit 100')
      let before = full
      // No page may end on an item with a null id (nullable Locale.id): it cannot be a cursor.
      for (const limit of cursorSafeLimits(full, walkLimits(full.length))) {
        const label = `the walk with limit ${limit ?? 'default'}`
        const seen = await walk(ctx, target, limit)
        if (exact) expectSameWalk(ctx, full, seen, label)
        else {
          // Whatever else the list holds and whoever changes it meanwhile, an item listed both
          // before and after the walk was there all along: the walk must have seen it, in order.
          const after = await walk(ctx, target, 100)
          expectStableSeen(ctx, before, after, seen, label)
          expectSameOrder(ctx, after, seen, label)
          before = after
        }
        expectIncluded(ctx, seen, includes, label)
      }
      // The first page without limit: all of a list of at most DEFAULT_LIMIT items (e.g. the
      // locales of a target that caps them), hasMore false; that a default page holds exactly
      // DEFAULT_LIMIT items can only be shown on a longer list.
      const first = await ctx.get(target.template, target.params, target.query)
      const size = ctx.items(first).length
      const hasMore = ctx.json(first).hasMore
      const wanted = Math.min(DEFAULT_LIMIT, full.length)
      if (size > DEFAULT_LIMIT || (hasMore === true && size !== DEFAULT_LIMIT) || (exact && (size !== wanted || hasMore !== full.length > DEFAULT_LIMIT))) {
        ctx.fail(`expected ${wanted} items with hasMore ${String(full.length > DEFAULT_LIMIT)} on the first page without limit (${full.length} items in all), got ${size} with hasMore ${String(hasMore)}`, first)
      }
    },
  }
}

/**
 * Why the published OpenAPI does not promise a 400 for this parameter value, or undefined when
 * it does: it declares a 400 for the list and bounds (or a format) on the parameter.
 */
function publishedSilence(template: string, name: string, keyword: 'minimum' | 'format'): string | undefined {
  if (!documents('published', 'GET', template, 400)) return `the published OpenAPI declares no 400 for GET ${template}`
  const schema = resolvePublished(publishedParameter('GET', template, name)?.schema ?? {})
  if (schema[keyword] === undefined) return `the published OpenAPI sets ${keyword === 'minimum' ? 'no bounds on' : 'no format for'} ${name} of GET ${template}`
  return undefined
}

/** A check of the service rules alone when the published OpenAPI leaves it open, with the reason. */
function stanceOf(list: ListTarget, silence: string | undefined): Pick<CheckDefinition, 'profiles' | 'unpromised'> {
  if (list.specOnly) return specOnly(list.specOnly)
  return silence ? specOnly(silence) : {}
}

function limitCheck(list: ListTarget): CheckDefinition {
  return {
    id: `pagination.${list.key}.limit-range`,
    group: 'pagination',
    name: `GET ${list.template} refuses limit 0 and limit 101 with a 400 naming limit`,
    ...stanceOf(list, publishedSilence(list.template, 'limit', 'minimum')),
    async run(ctx) {
      const { target, expected } = await list.resolve(ctx)
      const above = await ctx.get(target.template, target.params, { ...target.query, limit: 101 })
      // Elsewhere than on List Locales a deployment may answer limit=101 as limit=100: never with more than 100 items.
      if (list.key === 'locales' || above.status !== 200) ctx.expectBadRequest(above, 'limit', 'limit=101')
      else {
        if (ctx.items(above).length > 100) ctx.fail(`expected at most 100 items with limit=101, got ${ctx.items(above).length}`, above)
        await holdToSitemockChoice(ctx, LIMIT_ABOVE_FREE, () => ctx.expectBadRequest(above, 'limit', 'limit=101'))
      }
      const zero = await ctx.get(target.template, target.params, { ...target.query, limit: 0 })
      // The specification sets the minimum 1 on List Locales only: elsewhere a deployment may take
      // limit=0, as a page of none, as limit=1 or as no limit given (limitZero accepted, clamped, default).
      if (list.key === 'locales' || zero.status !== 200) ctx.expectBadRequest(zero, 'limit', 'limit=0')
      else {
        if (ctx.items(zero).length > 1) await expectDefaultPage(ctx, target, zero, expected !== undefined)
        await holdToSitemockChoice(ctx, LIMIT_ZERO_FREE, () => ctx.expectBadRequest(zero, 'limit', 'limit=0'))
      }
    },
  }
}

/**
 * A page asked with limit=0 that holds more than one item: only the default page, limit=0 read as
 * no limit given (limitZero `default`). On a list the run made (`exact`: nothing else changes it)
 * it is the very first page without limit, its hasMore included; on another, which may change
 * between two requests, a page such a first page can be: at most DEFAULT_LIMIT items, and
 * hasMore true only on a full one.
 */
async function expectDefaultPage(ctx: CheckContext, target: WalkTarget, zero: Exchange, exact: boolean): Promise<void> {
  const ids = (exchange: Exchange): string[] => ctx.items(exchange).map((item) => String(item.id))
  const hasMore = ctx.json(zero).hasMore
  const got = `got ${ids(zero).length} items with hasMore ${String(hasMore)}`
  if (ids(zero).length > DEFAULT_LIMIT || (hasMore === true && ids(zero).length !== DEFAULT_LIMIT)) {
    ctx.fail(`expected at most 1 item with limit=0 (a page of none, or the page of limit=1), or the first page without limit (at most ${DEFAULT_LIMIT} items, hasMore true only with ${DEFAULT_LIMIT}), ${got}`, zero)
  }
  if (!exact) return
  const first = await ctx.get(target.template, target.params, target.query)
  if (ids(zero).join() !== ids(first).join() || hasMore !== ctx.json(first).hasMore) {
    ctx.fail(`expected at most 1 item with limit=0 (a page of none, or the page of limit=1), or the first page without limit (${ids(first).length} items with hasMore ${String(ctx.json(first).hasMore)}), ${got}`, zero)
  }
}

/** A startingAfter that is not a UUID (`bad-cursor`), or a UUID of no item of the list (`foreign-cursor`). */
function cursorCheck(list: ListTarget, kind: 'bad' | 'foreign'): CheckDefinition {
  return {
    id: `pagination.${list.key}.${kind}-cursor`,
    group: 'pagination',
    name: `GET ${list.template} refuses a startingAfter that is ${kind === 'bad' ? 'not a UUID' : 'the id of no item of the list'} with a 400 naming startingAfter`,
    ...stanceOf(list, kind === 'bad' ? publishedSilence(list.template, 'startingAfter', 'format') : 'the published OpenAPI says only that startingAfter is a UUID'),
    async run(ctx) {
      const { target } = await list.resolve(ctx)
      const cursor = kind === 'bad' ? 'not-a-uuid' : ctx.phantomId()
      const answer = await ctx.get(target.template, target.params, { ...target.query, startingAfter: cursor })
      // Neither document says what a well-formed cursor that names no item of the list gives.
      if (kind === 'foreign' && answer.status === 200) {
        ctx.items(answer)
        await holdToSitemockChoice(ctx, FOREIGN_CURSOR_FREE, () => ctx.expectBadRequest(answer, 'startingAfter', `startingAfter=${cursor}`))
      } else if (answer.status === 404) {
        // A cursor that names nothing is also a resource that does not exist: either error applies.
        ctx.expectError(answer, 404, 'not_found', `startingAfter=${cursor}`)
        await holdToSitemockChoice(ctx, UNKNOWN_CURSOR_FREE, () => ctx.expectBadRequest(answer, 'startingAfter', `startingAfter=${cursor}`))
      } else ctx.expectBadRequest(answer, 'startingAfter', `startingAfter=${cursor}`)
    },
  }
}

const SORTS = ['title', 'path', 'description', 'updatedAt', 'createdAt']

const sortWalks: CheckDefinition = {
  id: 'pagination.pages.sorts',
  group: 'pagination',
  name: 'walks of GET /v6/pages see every page exactly once in every sortBy and sortDirection',
  async run(ctx) {
    const { target, expected } = await siteList(PAGES, 'pages')(ctx)
    const all = expected ?? (await walk(ctx, target, 100))
    const limit = Math.max(7, Math.ceil(all.length / 6))
    for (const sortBy of SORTS) {
      for (const sortDirection of ['asc', 'desc']) {
        const seen = await walk(ctx, { ...target, query: { ...target.query, sortBy, sortDirection } }, limit)
        const label = `sortBy=${sortBy}&sortDirection=${sortDirection}`
        if (seen.length !== all.length || seen.some((id) => !all.includes(id))) ctx.fail(`expected the ${all.length} pages of the list, got ${seen.length}: the walk with ${label}`)
      }
    }
  },
}

export const paginationChecks: CheckDefinition[] = [...LISTS.flatMap((list) => [walkCheck(list), limitCheck(list), cursorCheck(list, 'bad'), cursorCheck(list, 'foreign')]), sortWalks]
