import { idOf, specOnly, type CheckContext, type CheckDefinition, type Json } from '../check.js'
import { LOCALES, PAGE, PAGES, ROUTES, SITES } from '../endpoints.js'
import { freeChoice, type ChoiceReason } from '../choice-reasons.js'
import { holdToSitemockChoice, listItems } from './support.js'
import { expectSameOrder, walk, type WalkTarget } from './walk.js'
import { cursorSafeLimit } from './cursors.js'
import { pageUpdate } from '../page-update.js'
import { compareInstants } from '../clock-tick.js'

const NO_ROUTES = 'the published OpenAPI does not document routes'

/** Pages whose titles and descriptions put every sort to the test: case, nulls, ties. */
const PAGE_TEXTS: Array<{ title: string | null; description: string | null }> = [
  { title: 'beta', description: 'Zulu' },
  { title: 'Zeta', description: null },
  { title: null, description: 'alpha' },
  { title: 'alpha', description: 'Zulu' },
  { title: 'Alpha', description: 'mike' },
  { title: null, description: null },
]

const SORT_FIELD: Record<string, string> = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' }

/** The page size of the walk that must see a list in the order of one long page. */
const SMALL_LIMIT = 2

/**
 * The contract's part of an order that is not sitemock's: a list comes in one order whatever the
 * limit (pagination-walk), so a walk of small pages sees the items of one long page in its order.
 * It tells another choice, kept on every page, from a page put in order on its own.
 */
async function expectOneOrder(ctx: CheckContext, target: WalkTarget, items: Json[], what: string): Promise<void> {
  const ids = items.map(idOf)
  // No page may end on an item with a null id (nullable Locale.id): it cannot be a cursor.
  const limit = cursorSafeLimit(ids, SMALL_LIMIT)
  const seen = await walk(ctx, target, limit)
  expectSameOrder(ctx, ids, seen, `${what}: the walk with limit ${limit} against one page of limit 100`)
}

/** A way to compare two strings of a sort: the contract names the sort fields, not the collation. */
type Collation = (a: string, b: string) => number

const codeUnit: Collation = (a, b) => (a < b ? -1 : a > b ? 1 : 0)
/** The collations a deployment is seen to use: sitemock's UTF-16 code unit first, then case-folded ones, then one where case-folded values tie. */
const COLLATIONS: ReadonlyArray<[name: string, compare: Collation]> = [
  ['UTF-16 code unit', codeUnit],
  ['case-insensitive', (a, b) => codeUnit(a.toLowerCase(), b.toLowerCase()) || codeUnit(a, b)],
  ['locale-aware', (a, b) => a.localeCompare(b, 'en') || codeUnit(a, b)],
  // A store whose collation ignores case and accents: values equal under it are ties, in whatever order its ties take.
  ['case- and accent-insensitive', (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })],
]

/**
 * What an order is held to besides its values, as the service rules add: a null last in both
 * directions (`nulls`), ties by id ascending (`ties`). Each is a choice of its own (nullsSort,
 * sortTies), so a check can tell which one a list breaks.
 */
interface Placement {
  nulls?: boolean
  ties?: boolean
}
const VALUES_ONLY: Placement = {}
const STRICT: Placement = { nulls: true, ties: true }

/**
 * Where a list breaks its order: values compared by `compare` (by default UTF-16 code unit, so `Z`
 * before `a`), and nulls and ties placed as `placement` asks.
 */
function outOfOrder(items: Json[], field: string, direction: 'asc' | 'desc', placement: Placement, compare: Collation = codeUnit): string | undefined {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1]!, items[i]!]
    const [x, y] = [a[field], b[field]]
    const pair = `${idOf(a)} (${JSON.stringify(x)}) before ${idOf(b)} (${JSON.stringify(y)})`
    if (x === null || y === null || x === undefined || y === undefined) {
      if (placement.nulls && (x === null || x === undefined) && y !== null && y !== undefined) return `${pair}: a null ${field} sorts last`
      if (placement.ties && x === y && idOf(a) > idOf(b)) return `${pair}: ties go by id, ascending`
      continue
    }
    const order = compare(String(x), String(y))
    if (order === 0) {
      if (placement.ties && idOf(a) > idOf(b)) return `${pair}: ties go by id, ascending`
      continue
    }
    if (order < 0 !== (direction === 'asc')) return pair
  }
  return undefined
}

/** Instants compare as time, to their finest digit, whatever digits and offset each is written with; any other value as text. */
const byInstant: Collation = (a, b) => compareInstants(a, b) ?? codeUnit(a, b)
/** The fields whose values are instants: their order is time's, no collation of text. */
const INSTANT_FIELDS = new Set(['createdAt', 'updatedAt'])

/** The first collation under which the list is in order (nulls and ties aside), if any. */
function collationOf(items: Json[], field: string, direction: 'asc' | 'desc'): [name: string, compare: Collation] | undefined {
  return collationsOf(field).find(([, compare]) => outOfOrder(items, field, direction, VALUES_ONLY, compare) === undefined)
}

/** The orders a field's values may be compared by: time for instants, the collations for text. */
function collationsOf(field: string): ReadonlyArray<[name: string, compare: Collation]> {
  return INSTANT_FIELDS.has(field) ? [['time', byInstant]] : COLLATIONS
}

/** The page list of the order site: offline pages too, as no document says whether a new page is online. */
const orderQuery = (siteId: string): Record<string, string> => ({ siteId, includeOffline: 'true' })

/**
 * The run's own site for order checks, with pages of known update times and, where the target
 * takes them, known titles and descriptions. The published page update takes only pathname, name
 * and isOnline: a target that refuses the texts (a 400) gets the rename alone, and one that
 * ignores them is sorted by the titles and descriptions its pages do have. Either way the sort is
 * checked on the values the pages read back with, and no check depends on the texts being taken.
 */
function orderSite(ctx: CheckContext): Promise<string> {
  return ctx.fixtures.once('order-site', async () => {
    const site = await ctx.fixtures.createSite('order')
    const made: Json[] = []
    for (let index = 0; index < PAGE_TEXTS.length; index++) made.push(await ctx.fixtures.createIn('page', site, `order-${index}`))
    let sendTexts = ctx.spec
    // Updated in reverse order of creation, so updatedAt and createdAt sort differently.
    for (const [index, page] of [...made.entries()].reverse()) {
      const rename = { name: `${ctx.tag} order ${index}` }
      let answer = await ctx.write('PATCH', PAGE, { pageIdOrPathname: idOf(page) }, pageUpdate(ctx.options, page, sendTexts ? { ...rename, ...PAGE_TEXTS[index]! } : rename))
      if (sendTexts && answer.status === 400) {
        sendTexts = false
        answer = await ctx.write('PATCH', PAGE, { pageIdOrPathname: idOf(page) }, pageUpdate(ctx.options, page, rename))
      }
      ctx.expectStatus(answer, 200, 'giving an order page its texts')
    }
    return site.id
  })
}

const COLLATION_FREE = freeChoice('sortCollation', 'neither the specification nor the published OpenAPI says how strings compare in a sort: sitemock compares them by UTF-16 code unit, so `Z` comes before `a`')
const NULLS_FREE = freeChoice('nullsSort', 'neither the specification nor the published OpenAPI says where a null title or description sorts: sitemock puts nulls last')
const TIES_FREE = freeChoice('sortTies', 'neither the specification nor the published OpenAPI says how pages with equal values are ordered: sitemock orders them by id')

function pageOrderCheck(sortBy: string, direction: 'asc' | 'desc'): CheckDefinition {
  return {
    id: `pagination.pages.order.${sortBy}-${direction}`,
    group: 'pagination',
    name: `GET /v6/pages?sortBy=${sortBy}&sortDirection=${direction} lists the pages in that order`,
    needs: ['write'],
    async run(ctx) {
      const siteId = await orderSite(ctx)
      const query = { ...orderQuery(siteId), sortBy, sortDirection: direction }
      const exchange = await ctx.get(PAGES, {}, { ...query, limit: 100 })
      ctx.expectStatus(exchange, 200, `listing with sortBy=${sortBy}&sortDirection=${direction}`)
      const items = ctx.items(exchange)
      const field = SORT_FIELD[sortBy]!
      const expected = `expected the pages by ${sortBy} ${direction === 'asc' ? 'ascending' : 'descending'}`
      const [collationName, compare] =
        collationOf(items, field, direction) ?? ctx.fail(`${expected} ${INSTANT_FIELDS.has(field) ? 'in time order' : `under any collation (${COLLATIONS.map(([name]) => name).join(', ')})`}, got ${outOfOrder(items, field, direction, VALUES_ONLY, collationsOf(field)[0]![1])}`, exchange)
      // Instants have one order, time's; only text leaves the collation free.
      if (compare !== codeUnit && compare !== byInstant) {
        await holdToSitemockChoice(ctx, COLLATION_FREE, () => ctx.fail(`${expected} by UTF-16 code unit, got ${outOfOrder(items, field, direction, VALUES_ONLY)} (a ${collationName} order)`, exchange))
        await expectOneOrder(ctx, { template: PAGES, params: {}, query }, items, `sortBy=${sortBy}&sortDirection=${direction}`)
      }
      await ctx.rulesOnly('the published OpenAPI does not say where nulls and ties sort', async () => {
        let differs = false
        for (const [why, placement] of [[NULLS_FREE, { nulls: true }], [TIES_FREE, { ties: true }]] as const) {
          const misplaced = outOfOrder(items, field, direction, placement, compare)
          const misplacedHere = await holdToSitemockChoice(ctx, why, () => {
            if (misplaced) ctx.fail(`${expected}, got ${misplaced}`, exchange)
          })
          differs ||= misplacedHere
        }
        // Another placement of nulls and ties is a choice only if the list keeps it on every page.
        if (differs) await expectOneOrder(ctx, { template: PAGES, params: {}, query }, items, `sortBy=${sortBy}&sortDirection=${direction}`)
      })
    },
  }
}

/** Items with the rank this run created them in, as text that sorts in that order ("created 002"). */
const withCreationRank = (items: Json[], created: string[]): Json[] =>
  items.map((item) => ({ ...item, createdOrder: `created ${String(created.indexOf(idOf(item)) + 1).padStart(3, '0')}` }))

/** A list with one fixed order: the field it goes by, and how this run fills it. */
interface FixedOrder {
  key: string
  template: string
  field: string
  /** What the order is, in words, as the service rules state it. */
  words: string
  unpromised: string
  /** Why the order is sitemock's choice: neither document fixes it. */
  free: ChoiceReason
  /** The list and its items (all of them, following cursors). */
  items(ctx: CheckContext): Promise<{ target: WalkTarget; items: Json[] }>
}

const FIXED_ORDERS: FixedOrder[] = [
  {
    key: 'routes',
    template: ROUTES,
    field: 'pathname',
    words: 'by pathname',
    unpromised: NO_ROUTES,
    free: freeChoice('routeListOrder', 'neither the specification nor the published OpenAPI says in which order routes are listed: sitemock lists them by pathname'),
    async items(ctx) {
      const { site } = await ctx.fixtures.listed('routes')
      return { target: { template: ROUTES, params: {}, query: { siteId: site.id } }, items: await listItems(ctx, ROUTES, { siteId: site.id }) }
    },
  },
  {
    key: 'locales',
    template: LOCALES,
    field: 'createdOrder',
    words: 'in creation order',
    unpromised: 'the published OpenAPI does not say in which order locales are listed',
    free: freeChoice('localeListOrder', 'neither the specification nor the published OpenAPI says in which order locales are listed: sitemock lists them in creation order'),
    async items(ctx) {
      const { site, ids } = await ctx.fixtures.listed('locales')
      // Locales carry no timestamp: their order is the order this run created them in.
      return { target: { template: LOCALES, params: {}, query: { siteId: site.id } }, items: withCreationRank(await listItems(ctx, LOCALES, { siteId: site.id }), ids) }
    },
  },
  {
    key: 'sites',
    template: SITES,
    field: 'createdOrder',
    words: 'oldest first',
    unpromised: 'the published OpenAPI does not say in which order sites are listed',
    free: freeChoice('siteListOrder', 'neither the specification nor the published OpenAPI says in which order sites are listed: sitemock lists them oldest first'),
    async items(ctx) {
      const created = await ctx.fixtures.once('order-sites', async () => {
        const ids: string[] = []
        // Named against their order of creation: a list by name (siteListOrder name) is then no list oldest first.
        for (const label of ['order b', 'order a', 'order c']) ids.push((await ctx.fixtures.createSite(label)).id)
        return ids
      })
      const query = { workspaceId: String(ctx.options.workspaceId) }
      const all = await listItems(ctx, SITES, query)
      // Only the sites this run made, in the order it made them; others may be older or newer.
      return { target: { template: SITES, params: {}, query }, items: withCreationRank(all.filter((item) => created.includes(idOf(item))), created) }
    },
  },
]

function fixedOrderCheck(order: FixedOrder): CheckDefinition {
  return {
    id: `pagination.${order.key}.order`,
    group: 'pagination',
    name: `GET ${order.template} lists ${order.words}`,
    ...specOnly(order.unpromised),
    needs: ['write'],
    async run(ctx) {
      const { target, items } = await order.items(ctx)
      const differs = await holdToSitemockChoice(ctx, order.free, () => {
        const wrong = outOfOrder(items, order.field, 'asc', STRICT)
        if (wrong) ctx.fail(`expected GET ${order.template} ${order.words}, got ${wrong}`)
      })
      // Another order is a choice only if the list keeps it on every page.
      if (differs) await expectOneOrder(ctx, target, items, `GET ${order.template}`)
    },
  }
}

export const orderChecks: CheckDefinition[] = [
  ...Object.keys(SORT_FIELD).flatMap((sortBy) => [pageOrderCheck(sortBy, 'asc'), pageOrderCheck(sortBy, 'desc')]),
  ...FIXED_ORDERS.map(fixedOrderCheck),
]
