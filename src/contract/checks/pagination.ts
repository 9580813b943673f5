import { specOnly, type CheckContext, type CheckDefinition } from '../check.js'
import { LOCALES, PAGES, ROUTES, SITE_PAGES, SITES } from '../endpoints.js'
import { DEFAULT_LIMIT, expectExactly, expectIncluded, expectSameOrder, expectSameWalk, walk, walkLimits, type WalkTarget } from './walk.js'

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
    const target: WalkTarget = inPath ? { template, params: { siteId }, query: {} } : { template, params: {}, query: { siteId } }
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
      for (const limit of walkLimits(full.length)) {
        const label = `the walk with limit ${limit ?? 'default'}`
        const seen = await walk(ctx, target, limit)
        if (exact) expectSameWalk(ctx, full, seen, label)
        else expectSameOrder(ctx, full, seen, label)
        expectIncluded(ctx, seen, includes, label)
      }
      const first = await ctx.get(target.template, target.params, target.query)
      const size = ctx.items(first).length
      const hasMore = ctx.json(first).hasMore
      const wanted = Math.min(DEFAULT_LIMIT, full.length)
      if (size > DEFAULT_LIMIT || (hasMore === true && size !== DEFAULT_LIMIT) || (exact && (size !== wanted || hasMore !== full.length > DEFAULT_LIMIT))) {
        ctx.fail(`without limit, the first page of ${full.length} items should hold ${wanted} with hasMore ${String(full.length > DEFAULT_LIMIT)}; it holds ${size} with hasMore ${String(hasMore)}`, first)
      }
    },
  }
}

function limitCheck(list: ListTarget): CheckDefinition {
  return {
    id: `pagination.${list.key}.limit-range`,
    group: 'pagination',
    name: `GET ${list.template} refuses limit 0 and limit 101 with a 400 naming limit`,
    ...(list.specOnly ? specOnly(list.specOnly) : {}),
    async run(ctx) {
      ctx.requirePublished('GET', list.template, 400)
      const { target } = await list.resolve(ctx)
      for (const limit of [0, 101]) ctx.expectBadRequest(await ctx.get(target.template, target.params, { ...target.query, limit }), 'limit', `limit=${limit}`)
    },
  }
}

function cursorCheck(list: ListTarget): CheckDefinition {
  return {
    id: `pagination.${list.key}.bad-cursor`,
    group: 'pagination',
    name: `GET ${list.template} refuses a startingAfter that is not the id of an item of the list with a 400 naming startingAfter`,
    ...(list.specOnly ? specOnly(list.specOnly) : {}),
    async run(ctx) {
      ctx.requirePublished('GET', list.template, 400)
      const { target } = await list.resolve(ctx)
      const cursors = ctx.spec ? ['not-a-uuid', ctx.phantomId()] : ['not-a-uuid']
      for (const cursor of cursors) {
        ctx.expectBadRequest(await ctx.get(target.template, target.params, { ...target.query, startingAfter: cursor }), 'startingAfter', `startingAfter=${cursor}`)
      }
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
        if (seen.length !== all.length || seen.some((id) => !all.includes(id))) ctx.fail(`the walk with ${label} saw ${seen.length} pages, not the ${all.length} of the list`)
      }
    }
  },
}

export const paginationChecks: CheckDefinition[] = [...LISTS.flatMap((list) => [walkCheck(list), limitCheck(list), cursorCheck(list)]), sortWalks]
