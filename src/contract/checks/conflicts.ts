import { runName } from '../tag.js'
import { idOf, specOnly, type CheckContext, type CheckDefinition, type Json } from '../check.js'
import { freeChoice } from '../choice-reasons.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES } from '../endpoints.js'
import { publishedResponseText } from '../published.js'
import { holdToSitemockChoice, listItems } from './support.js'

const RESTORE_LIVE_FREE = freeChoice('restoreLiveLocale', 'the published OpenAPI declares a 400, a 404 and a 409 for a restore without saying when: sitemock answers 409 for a locale that is not deleted')
/** The errors other than sitemock's 409 a deployment may answer a restore of a live locale with, each with its code. */
const LIVE_RESTORE_CODES: Readonly<Record<number, string>> = { 404: 'not_found', 400: 'bad_request' }
const NO_ROUTES = 'the published OpenAPI does not document routes'
type Kind = 'page' | 'route'

/** Creates a page or a route at a fresh pathname of the sandbox. */
async function occupy(ctx: CheckContext, kind: Kind, label: string): Promise<Json> {
  const site = await ctx.fixtures.sandbox()
  const pathname = ctx.fixtures.uniquePath(label)
  return kind === 'page'
    ? ctx.create(PAGES, { siteId: site.id, pathname, name: runName(ctx.tag, label) }, `creating a ${kind}`)
    : ctx.create(ROUTES, { siteId: site.id, pathname }, `creating a ${kind}`)
}

/** A create over a taken pathname: 409, and nothing new in the list. */
function createConflict(existing: Kind, incoming: Kind): CheckDefinition {
  const routes = existing === 'route' || incoming === 'route'
  return {
    id: `conflicts.${incoming}-over-${existing}`,
    group: 'conflicts',
    name: `creating a ${incoming} at the pathname of an existing ${existing} is a 409 that creates nothing`,
    ...(routes ? specOnly(NO_ROUTES) : {}),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const taken = await occupy(ctx, existing, `taken-by-${existing}`)
      const template = incoming === 'page' ? PAGES : ROUTES
      const body = incoming === 'page' ? { siteId: site.id, pathname: taken.pathname, name: `${ctx.tag} conflict` } : { siteId: site.id, pathname: taken.pathname }
      ctx.expectError(await ctx.write('POST', template, {}, body), 409, 'conflict', `a ${incoming} over the ${existing} at ${String(taken.pathname)}`)
      // Counted by pathname, which is this check's own: other checks may add to the sandbox meanwhile.
      const listed = await listItems(ctx, template, { siteId: site.id, ...(incoming === 'page' ? { includeOffline: 'true' } : {}) })
      const holders = listed.filter((item) => item.pathname === taken.pathname).length
      const wanted = incoming === existing ? 1 : 0
      if (holders !== wanted) ctx.fail(`expected ${wanted} ${incoming}(s) at ${String(taken.pathname)} after the refused create, got ${holders}`)
    },
  }
}

/** An update onto a pathname another page or route has: 409, and the resource keeps its pathname. */
function updateConflict(kind: Kind, onto: Kind): CheckDefinition {
  return {
    id: `conflicts.${kind}-update-onto-${onto}`,
    group: 'conflicts',
    name: `moving a ${kind} to the pathname of another ${onto} is a 409 that changes nothing`,
    ...(kind === 'route' || onto === 'route' ? specOnly(NO_ROUTES) : {}),
    needs: ['write'],
    async run(ctx) {
      const mover = await occupy(ctx, kind, `${kind}-mover`)
      const taken = await occupy(ctx, onto, `taken-by-${onto}`)
      const template = kind === 'page' ? PAGE : ROUTE
      const param = kind === 'page' ? 'pageIdOrPathname' : 'routeIdOrPathname'
      ctx.expectError(await ctx.write('PATCH', template, { [param]: idOf(mover) }, { pathname: taken.pathname }), 409, 'conflict', `moving the ${kind} onto ${String(taken.pathname)}`)
      const read = await ctx.get(template, { [param]: idOf(mover) })
      ctx.expectStatus(read, 200, `reading the ${kind} after the refused update`)
      if (ctx.json(read).pathname !== mover.pathname) ctx.fail(`expected the pathname ${String(mover.pathname)} after the refused update, got ${String(ctx.json(read).pathname)}`, read)
    },
  }
}

/**
 * A locale conflict is a promise of the published OpenAPI only where its 409 of the operation says
 * when it happens; a 409 declared without words leaves the cause open.
 */
function localeConflictStance(method: string, template: string): Pick<CheckDefinition, 'profiles' | 'unpromised'> {
  return publishedResponseText(method, template, 409) ? {} : specOnly(`the published OpenAPI declares a 409 for ${method} ${template} without saying when`)
}

export const conflictChecks: CheckDefinition[] = [
  createConflict('page', 'page'),
  createConflict('page', 'route'),
  createConflict('route', 'page'),
  createConflict('route', 'route'),
  updateConflict('page', 'page'),
  updateConflict('page', 'route'),
  updateConflict('route', 'page'),
  updateConflict('route', 'route'),
  {
    id: 'conflicts.locale-code',
    group: 'conflicts',
    name: 'creating a locale with a code the site has is a 409; so is changing a code to a taken one',
    ...localeConflictStance('POST', LOCALES),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.localeRoom(2)
      const existing = await ctx.fixtures.createIn('locale', site)
      ctx.expectError(await ctx.write('POST', LOCALES, {}, { siteId: site.id, locale: existing.locale }), 409, 'conflict', `a second ${String(existing.locale)}`)
      const other = await ctx.fixtures.createIn('locale', site)
      ctx.expectError(await ctx.write('PATCH', LOCALE, { localeIdOrCode: idOf(other) }, { locale: existing.locale }), 409, 'conflict', `renaming ${String(other.locale)} to ${String(existing.locale)}`)
      const read = await ctx.get(LOCALE, { localeIdOrCode: idOf(other) })
      ctx.expectStatus(read, 200, 'reading the locale after the refused rename')
      if (ctx.json(read).locale !== other.locale) ctx.fail(`expected the code ${String(other.locale)} after the refused rename, got ${String(ctx.json(read).locale)}`, read)
    },
  },
  {
    id: 'conflicts.locale-restore',
    group: 'conflicts',
    name: 'restoring a locale that is not deleted, or whose code was taken again, is a 409',
    ...localeConflictStance('POST', LOCALE_RESTORE),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.localeRoom(2)
      const locale = await ctx.fixtures.createIn('locale', site)
      // A live locale has nothing to restore: a 409, a 404 (no deleted locale of that id), or a 400 (the path names no deleted locale), as the target chooses.
      const live = await ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: idOf(locale) })
      const otherCode = LIVE_RESTORE_CODES[live.status]
      if (otherCode !== undefined) {
        ctx.expectError(live, live.status, otherCode, 'restoring a locale that is not deleted')
        await holdToSitemockChoice(ctx, RESTORE_LIVE_FREE, () => ctx.expectError(live, 409, 'conflict', 'restoring a locale that is not deleted'))
      } else ctx.expectError(live, 409, 'conflict', 'restoring a locale that is not deleted')
      ctx.expectStatus(await ctx.write('DELETE', LOCALE, { localeIdOrCode: idOf(locale) }), 204, 'deleting the locale')
      await ctx.create(LOCALES, { siteId: site.id, locale: locale.locale }, `creating ${String(locale.locale)} again`)
      ctx.expectError(await ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: idOf(locale) }), 409, 'conflict', 'restoring a locale whose code is taken again')
    },
  },
]
