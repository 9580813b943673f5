import { clockTickMs, compareInstants, pastTickMs } from '../clock-tick.js'
import { idOf, specOnly, type CheckContext, type CheckDefinition, type Json } from '../check.js'
import type { Exchange } from '../http-client.js'
import { freeChoice } from '../choice-reasons.js'
import { LOCALE, PAGE, PAGES, ROUTE, SITE } from '../endpoints.js'
import { expectGone, expectListed, holdToSitemockChoice } from './support.js'
import { pageUpdate } from '../page-update.js'

const UPDATED_AT_AT_CREATION = freeChoice('updatedAtAtCreation', 'updatedAt is nullable, the "last update time", and neither document says whether a page never changed has one: sitemock sets it to createdAt')
const EMPTY_UPDATE = freeChoice('emptyPatchUpdatedAt', 'neither document says whether a PATCH that changes nothing is an update: sitemock moves updatedAt')
const ONLINE_UPDATE = freeChoice('onlineUpdatedAt', 'updatedAt is the "last update time", and neither document says whether turning a page online or offline (its publication) is an update of it: sitemock moves updatedAt')

/** A page's times as read by id, after the read answered 200; `updatedAt` may be null until the first change. */
interface Times {
  createdAt: string
  updatedAt: string | null
}

async function timesOf(ctx: CheckContext, id: string, what: string): Promise<Times> {
  const read = await ctx.get(PAGE, { pageIdOrPathname: id })
  ctx.expectStatus(read, 200, what)
  const body = ctx.json(read)
  return { createdAt: String(body.createdAt), updatedAt: body.updatedAt === null ? null : String(body.updatedAt) }
}

/**
 * One write of the page and the times it answers with, checked against the times before it: each
 * failure states the relation that broke, between the target's own values.
 */
async function expectMoved(ctx: CheckContext, id: string, before: Times, change: Json, what: string): Promise<Times> {
  const { answer, after } = await writeTimes(ctx, id, change, what)
  expectTimes(ctx, answer, before, after, what, true)
  return after
}

/**
 * Turning the page online or offline: whether that is an update of it, or its publication that
 * leaves updatedAt where it was (onlineUpdatedAt), no document says. A kept updatedAt holds the
 * target to sitemock's choice; the other relations hold either way.
 */
async function expectOnlineMoved(ctx: CheckContext, id: string, before: Times, change: Json, what: string): Promise<Times> {
  const { answer, after } = await writeTimes(ctx, id, change, what)
  const kept = after.updatedAt === before.updatedAt
  expectTimes(ctx, answer, before, after, what, !kept)
  if (kept) await holdToSitemockChoice(ctx, ONLINE_UPDATE, () => ctx.fail(`expected updatedAt to move past the page's last change, got ${String(after.updatedAt)}, not after ${before.updatedAt ?? before.createdAt}: after ${what}`, answer))
  return after
}

async function writeTimes(ctx: CheckContext, id: string, change: Json, what: string): Promise<{ answer: Exchange; after: Times }> {
  const answer = await ctx.write('PATCH', PAGE, { pageIdOrPathname: id }, change)
  ctx.expectStatus(answer, 200, what)
  return { answer, after: await timesOf(ctx, id, `reading the page after ${what}`) }
}

/** The relations of a write's times to the times before it; `moves`: updatedAt is held to move past the last change. */
function expectTimes(ctx: CheckContext, answer: Exchange, before: Times, after: Times, what: string, moves: boolean): void {
  // Compared in time, not as text (a deployment may write as many fraction digits as it likes); a page never changed was last changed at its creation.
  const last = before.updatedAt ?? before.createdAt
  ctx.expectAll(
    () => {
      if (after.createdAt !== before.createdAt) ctx.fail(`expected createdAt to stay as it was, got ${after.createdAt} instead of ${before.createdAt}: after ${what}`, answer)
    },
    () => {
      if (moves && (compareInstants(after.updatedAt, last) ?? -1) <= 0) ctx.fail(`expected updatedAt to move past the page's last change, got ${String(after.updatedAt)}, not after ${last}: after ${what}`, answer)
    },
    () => {
      if (ctx.json(answer).updatedAt !== after.updatedAt) ctx.fail(`expected the update to answer the updatedAt a read then returns, got ${String(ctx.json(answer).updatedAt)} and then ${String(after.updatedAt)}: ${what}`, answer)
    },
  )
}

/**
 * Waits past the tick of the target's clock, so that two writes cannot share a timestamp: its
 * millisecond, or its tenth, hundredth or second when every time it gave is a whole one (neither
 * document says how fine the clock is; a clock of whole seconds does not move within one).
 */
const tick = (times: Times): Promise<void> => new Promise((resolve) => setTimeout(resolve, pastTickMs(clockTickMs([times.createdAt, times.updatedAt]))))

export const depthLifecycleChecks: CheckDefinition[] = [
  {
    id: 'lifecycle.timestamps.page',
    group: 'lifecycle',
    name: "a page's createdAt never changes; its updatedAt starts equal to it (or null) and moves forward on every write",
    ...specOnly('the published OpenAPI does not say how createdAt and updatedAt move'),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const created = await ctx.fixtures.createIn('page', site, 'timestamps')
      const id = idOf(created)
      let times = await timesOf(ctx, id, 'reading the new page')
      const first = times
      ctx.expectAll(
        () => {
          if (first.createdAt !== created.createdAt) ctx.fail(`expected createdAt to read back as the create answered it, got ${first.createdAt} instead of ${String(created.createdAt)}: reading the new page`)
        },
        () => {
          if (first.updatedAt !== null && first.updatedAt !== first.createdAt) ctx.fail(`expected updatedAt to equal createdAt on a new page (or be null until its first change), got updatedAt ${first.updatedAt} and createdAt ${first.createdAt}`)
        },
      )
      if (times.updatedAt === null) await holdToSitemockChoice(ctx, UPDATED_AT_AT_CREATION, () => ctx.fail('expected updatedAt to equal createdAt on a new page, got null'))
      await tick(times)
      times = await expectMoved(ctx, id, times, pageUpdate(ctx.options, created, { name: `${ctx.tag} times renamed` }), 'a rename')
      // A change, whichever way the deployment starts a new page (newPageOnline): setting the state it has may be no update.
      const [turn, turning] = created.isOnline === false ? [{ isOnline: true }, 'putting it online'] : [{ isOnline: false }, 'taking it offline']
      await tick(times)
      times = await expectOnlineMoved(ctx, id, times, pageUpdate(ctx.options, created, turn), turning)
      // An update with no field may be refused (emptyPageUpdate, as learned): then there is none to time.
      const emptyUpdate = ctx.options.choices?.emptyPageUpdate
      if (emptyUpdate === 'refused' || emptyUpdate === 'pathname-required') return
      await tick(times)
      // Whether an update that changes nothing is an update is not fixed by the documents.
      const moved = times
      await holdToSitemockChoice(ctx, EMPTY_UPDATE, async () => {
        await expectMoved(ctx, id, moved, {}, 'an empty update')
      })
    },
  },
  {
    id: 'lifecycle.cascade.site-delete',
    group: 'lifecycle',
    name: "deleting a site deletes its locales, pages and routes: each is a 404 by id afterwards",
    ...specOnly('the published OpenAPI does not say what deleting a site does to its locales, pages and routes'),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.createSite('cascade')
      const children: Array<[string, string, string]> = [
        [LOCALE, 'localeIdOrCode', idOf(await ctx.fixtures.createIn('locale', site))],
        [PAGE, 'pageIdOrPathname', idOf(await ctx.fixtures.createIn('page', site, 'cascade'))],
        [ROUTE, 'routeIdOrPathname', idOf(await ctx.fixtures.createIn('route', site, 'cascade'))],
      ]
      ctx.expectStatus(await ctx.write('DELETE', SITE, { siteId: site.id }), 204, 'deleting the site')
      for (const [template, param, id] of children) expectGone(ctx, await ctx.get(template, { [param]: id }), `reading ${template.split('/')[2]!.replace(/s$/, '')} ${id} of the deleted site`)
    },
  },
  {
    id: 'lifecycle.cascade.page-delete',
    group: 'lifecycle',
    name: 'deleting a page deletes that page alone: the other pages of its site read back and stay listed',
    ...specOnly('the published OpenAPI does not say what deleting a page does to the rest of its site'),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.createSite('page cascade')
      const doomed = await ctx.fixtures.createIn('page', site, 'doomed')
      // A page below the deleted one's pathname, which a prefix-matching delete would take too.
      const below = await ctx.create(PAGES, { siteId: site.id, pathname: `${String(doomed.pathname)}/below`, name: `${ctx.tag} below` }, 'creating a page below it')
      const sibling = await ctx.fixtures.createIn('page', site, 'sibling')
      ctx.expectStatus(await ctx.write('DELETE', PAGE, { pageIdOrPathname: idOf(doomed) }), 204, 'deleting the page')
      for (const page of [below, sibling]) {
        ctx.expectStatus(await ctx.get(PAGE, { pageIdOrPathname: idOf(page) }), 200, `reading ${String(page.pathname)} after another page was deleted`)
        await expectListed(ctx, PAGES, { siteId: site.id, includeOffline: 'true' }, idOf(page), true, `the page list after deleting ${String(doomed.pathname)}`)
      }
    },
  },
]
