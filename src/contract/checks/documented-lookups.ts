import { idOf, specOnly, type CheckContext, type Json } from '../check.js'
import { LOCALE, PAGE, ROUTE, ROUTES } from '../endpoints.js'
import type { Exchange } from '../http-client.js'
import type { SiteRef } from '../fixtures.js'
import { breaks, newPage, ownSite, setup, setupSend, type DocumentedCheck, type DocumentStatement } from './documented.js'

/**
 * What a code or a pathname in the path names: the resource of the site `siteId` names that has
 * it now, and nothing else. Which error a lookup that finds nothing answers is the target's; what
 * is judged is that it does not answer another resource.
 */

const NO_ROUTES = 'the published OpenAPI does not document routes'

export const LOCALE_CODE_SITE: DocumentStatement = { where: 'specification, Endpoints › Get Locale, query parameter siteId', quote: 'required when a locale code (not an ID) is used' }
export const PAGE_PATHNAME_SITE: DocumentStatement = { where: 'published OpenAPI, GET /v6/pages/{pageIdOrPathname}, parameter siteId', quote: 'The site ID required when using a pathname instead of a page ID.' }
export const ROUTE_PATHNAME_SITE: DocumentStatement = { where: 'specification, Endpoints › Update Route, query parameter siteId', quote: 'required when a pathname is used instead of a route ID' }
export const PAGE_BY_PATHNAME: DocumentStatement = { where: 'published OpenAPI, GET /v6/pages/{pageIdOrPathname}', quote: 'Returns a page by its ID or pathname.' }
export const ROUTE_BY_PATHNAME: DocumentStatement = { where: 'specification, Endpoints › Update Route', quote: 'routeIdOrPathname (string, required): a route ID or a route pathname ... pathname (string, optional), the new route pathname' }
export const SKIP_VALIDATION: DocumentStatement = { where: 'specification, Endpoints › Update Route, query parameter skipValidation (enum true | false, optional)', quote: 'when true, route validation is skipped' }

/** Fails when a lookup answered the resource `id`: the code or pathname named something else. */
function expectNotFound(ctx: CheckContext, exchange: Exchange, id: string, statement: DocumentStatement, what: string): void {
  if (exchange.status >= 200 && exchange.status < 300 && (exchange.body as Json | undefined)?.id === id) breaks(ctx, statement, `expected ${what} not to answer ${id}, got it (${exchange.status})`, exchange)
}

/** A route of this run in the site, at a plain pathname (no brackets, which some deployments refuse). */
const newRoute = (ctx: CheckContext, site: SiteRef, label: string): Promise<Json> =>
  setupSend(ctx, { method: 'POST', template: ROUTES, body: { siteId: site.id, pathname: ctx.fixtures.uniquePath(label) } }, 201, 'creating a route')

/** The route's pathname read by id, or undefined when the target does not read routes by id. */
async function routePathname(ctx: CheckContext, id: string): Promise<string | undefined> {
  const read = await ctx.get(ROUTE, { routeIdOrPathname: id })
  return read.status === 200 ? String(ctx.json(read).pathname) : undefined
}

/** Fails when the route no longer has the pathname it had: a write that should have named nothing changed it. */
async function expectRouteKept(ctx: CheckContext, id: string, before: string | undefined, statement: DocumentStatement, what: string): Promise<void> {
  const after = await routePathname(ctx, id)
  if (before !== undefined && after !== undefined && after !== before) breaks(ctx, statement, `expected the route ${id} to keep its pathname ${before}, got ${after}: ${what}`)
}

export const documentedLookupChecks: DocumentedCheck[] = [
  {
    id: 'lifecycle.lookup.code-in-named-site',
    group: 'lifecycle',
    name: "a locale code or a pathname with siteId names that site's resource: another site's locale, page or route with that code or pathname is not reached",
    statements: [LOCALE_CODE_SITE, PAGE_PATHNAME_SITE, ROUTE_PATHNAME_SITE],
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.localeRoom(1)
      const other = await ownSite(ctx, 'lookup elsewhere')
      const locale = await setup(ctx, 'creating a locale', () => ctx.fixtures.createIn('locale', site))
      const page = await newPage(ctx, site, 'lookup')
      const code = String(locale.locale)
      expectNotFound(ctx, await ctx.get(LOCALE, { localeIdOrCode: code }, { siteId: other.id }), idOf(locale), LOCALE_CODE_SITE, `the code ${code} of site ${site.id} looked up with siteId=${other.id}`)
      expectNotFound(ctx, await ctx.get(PAGE, { pageIdOrPathname: String(page.pathname) }, { siteId: other.id }), idOf(page), PAGE_PATHNAME_SITE, `the pathname ${String(page.pathname)} of site ${site.id} looked up with siteId=${other.id}`)
      await ctx.rulesOnly(NO_ROUTES, async () => {
        const route = await newRoute(ctx, site, 'lookup-route')
        const before = await routePathname(ctx, idOf(route))
        const rename = await ctx.write('PATCH', ROUTE, { routeIdOrPathname: String(route.pathname) }, { pathname: ctx.fixtures.uniquePath('lookup-moved') }, { query: { siteId: other.id } })
        const what = `renaming by the pathname ${String(route.pathname)} of site ${site.id} with siteId=${other.id}`
        expectNotFound(ctx, rename, idOf(route), ROUTE_PATHNAME_SITE, what)
        await expectRouteKept(ctx, idOf(route), before, ROUTE_PATHNAME_SITE, what)
      })
    },
  },
  {
    id: 'lifecycle.lookup.renamed-old-pathname',
    group: 'lifecycle',
    name: 'after a page or a route is renamed, its old pathname no longer names it',
    statements: [PAGE_BY_PATHNAME, ROUTE_BY_PATHNAME],
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const page = await newPage(ctx, site, 'renamed-page')
      await setupSend(ctx, { method: 'PATCH', template: PAGE, params: { pageIdOrPathname: idOf(page) }, body: { pathname: ctx.fixtures.uniquePath('renamed-page-new') } }, 200, 'renaming the page')
      const old = String(page.pathname)
      expectNotFound(ctx, await ctx.get(PAGE, { pageIdOrPathname: old }, { siteId: site.id }), idOf(page), PAGE_BY_PATHNAME, `reading by the old pathname ${old} after the rename`)
      await ctx.rulesOnly(NO_ROUTES, async () => {
        const route = await newRoute(ctx, site, 'renamed-route')
        const renamed = await setupSend(ctx, { method: 'PATCH', template: ROUTE, params: { routeIdOrPathname: idOf(route) }, body: { pathname: ctx.fixtures.uniquePath('renamed-route-new') } }, 200, 'renaming the route')
        const was = String(route.pathname)
        const again = await ctx.write('PATCH', ROUTE, { routeIdOrPathname: was }, { pathname: ctx.fixtures.uniquePath('renamed-route-again') }, { query: { siteId: site.id } })
        const what = `renaming by the old pathname ${was} after the rename`
        expectNotFound(ctx, again, idOf(route), ROUTE_BY_PATHNAME, what)
        await expectRouteKept(ctx, idOf(route), String(renamed.pathname), ROUTE_BY_PATHNAME, what)
      })
    },
  },
  {
    id: 'lifecycle.route.skip-validation-false',
    group: 'lifecycle',
    name: 'PATCH /v2/routes/{id}?skipValidation=false refuses every pathname the route validation refuses without skipValidation',
    statements: [SKIP_VALIDATION],
    ...specOnly(NO_ROUTES),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const route = await newRoute(ctx, site, 'skip-false')
      const id = idOf(route)
      // Pathnames a route validation may refuse; which it refuses is the target's, learnt from its answer without skipValidation.
      const candidates = [`${ctx.tag}-no-leading-slash`, `/${ctx.tag}//empty-segment`, `/${ctx.tag}/white space`]
      let refused = 0
      for (const pathname of candidates) {
        const before = await routePathname(ctx, id)
        const plain = await ctx.write('PATCH', ROUTE, { routeIdOrPathname: id }, { pathname })
        if (plain.status < 400 || plain.status >= 500) continue
        refused++
        const withFalse = await ctx.write('PATCH', ROUTE, { routeIdOrPathname: id }, { pathname }, { query: { skipValidation: 'false' } })
        if (withFalse.status !== plain.status) {
          breaks(ctx, SKIP_VALIDATION, `expected ${plain.status} for the pathname ${JSON.stringify(pathname)} with skipValidation=false, as without skipValidation, got ${withFalse.status}`, withFalse)
        }
        await expectRouteKept(ctx, id, before, SKIP_VALIDATION, `after the refused rename to ${JSON.stringify(pathname)} with skipValidation=false`)
      }
      if (refused === 0) ctx.skip(`the target's route validation refuses none of ${candidates.map((candidate) => JSON.stringify(candidate)).join(', ')} without skipValidation: no refusal for skipValidation=false to keep`)
    },
  },
]
