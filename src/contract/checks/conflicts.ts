import { idOf, specOnly, type CheckContext, type CheckDefinition, type Json } from '../check.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES } from '../endpoints.js'
import { listItems } from './support.js'

const NO_ROUTES = 'the published OpenAPI does not document routes'
type Kind = 'page' | 'route'

/** Creates a page or a route at a fresh pathname of the sandbox. */
async function occupy(ctx: CheckContext, kind: Kind, label: string): Promise<Json> {
  const site = await ctx.fixtures.sandbox()
  const pathname = ctx.fixtures.uniquePath(label)
  return kind === 'page'
    ? ctx.create(PAGES, { siteId: site.id, pathname, name: `${ctx.tag} ${label}` }, `creating a ${kind}`)
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
      if (holders !== (incoming === existing ? 1 : 0)) ctx.fail(`the refused create left ${holders} ${incoming}(s) at ${String(taken.pathname)}`)
    },
  }
}

/** An update onto a taken pathname: 409, and the resource keeps its pathname. */
function updateConflict(kind: Kind): CheckDefinition {
  return {
    id: `conflicts.${kind}-update`,
    group: 'conflicts',
    name: `moving a ${kind} to a pathname another page or route has is a 409 that changes nothing`,
    ...(kind === 'route' ? specOnly(NO_ROUTES) : {}),
    needs: ['write'],
    async run(ctx) {
      const mover = await occupy(ctx, kind, `${kind}-mover`)
      // Pages and routes share one pathname space; the published OpenAPI knows pages only.
      const taken = await occupy(ctx, kind === 'page' && ctx.spec ? 'route' : 'page', 'taken')
      const template = kind === 'page' ? PAGE : ROUTE
      const param = kind === 'page' ? 'pageIdOrPathname' : 'routeIdOrPathname'
      ctx.expectError(await ctx.write('PATCH', template, { [param]: idOf(mover) }, { pathname: taken.pathname }), 409, 'conflict', `moving the ${kind} onto ${String(taken.pathname)}`)
      const read = await ctx.get(template, { [param]: idOf(mover) })
      if (ctx.json(read).pathname !== mover.pathname) ctx.fail(`the refused update changed the pathname to ${String(ctx.json(read).pathname)}`, read)
    },
  }
}

export const conflictChecks: CheckDefinition[] = [
  createConflict('page', 'page'),
  createConflict('page', 'route'),
  createConflict('route', 'page'),
  createConflict('route', 'route'),
  updateConflict('page'),
  updateConflict('route'),
  {
    id: 'conflicts.locale-code',
    group: 'conflicts',
    name: 'creating a locale with a code the site has is a 409; so is changing a code to a taken one',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const existing = await ctx.fixtures.createIn('locale', site)
      ctx.expectError(await ctx.write('POST', LOCALES, {}, { siteId: site.id, locale: existing.locale }), 409, 'conflict', `a second ${String(existing.locale)}`)
      const other = await ctx.fixtures.createIn('locale', site)
      ctx.expectError(await ctx.write('PATCH', LOCALE, { localeIdOrCode: idOf(other) }, { locale: existing.locale }), 409, 'conflict', `renaming ${String(other.locale)} to ${String(existing.locale)}`)
    },
  },
  {
    id: 'conflicts.locale-restore',
    group: 'conflicts',
    name: 'restoring a locale that is not deleted, or whose code was taken again, is a 409',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const locale = await ctx.fixtures.createIn('locale', site)
      ctx.expectError(await ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: idOf(locale) }), 409, 'conflict', 'restoring a locale that is not deleted')
      ctx.expectStatus(await ctx.write('DELETE', LOCALE, { localeIdOrCode: idOf(locale) }), 204, 'deleting the locale')
      await ctx.create(LOCALES, { siteId: site.id, locale: locale.locale }, `creating ${String(locale.locale)} again`)
      ctx.expectError(await ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: idOf(locale) }), 409, 'conflict', 'restoring a locale whose code is taken again')
    },
  },
]
