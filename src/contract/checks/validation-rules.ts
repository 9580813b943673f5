import { idOf, specOnly, type CheckDefinition } from '../check.js'
import { LOCALE, PAGE, ROUTE, ROUTES } from '../endpoints.js'
import type { Exchange } from '../http-client.js'
import { holdToSitemockChoice } from './support.js'

const NO_ROUTES = 'the published OpenAPI does not document routes'
const SLASH_UNDER_SKIP = 'the specification writes a route pathname with its leading slash and lets skipValidation skip "route validation" without its rules (`routePathnameSlash`): sitemock takes one without the slash under skipValidation=true'

/** Rules no schema states: lookups by code or pathname need the site, the default locale stays, skipValidation. */
export const validationRuleChecks: CheckDefinition[] = [
  {
    id: 'validation.locale.code-needs-site',
    group: 'validation',
    name: 'GET /v2/locales/{code} without siteId is a 400 naming siteId',
    async run(ctx) {
      const locale = await ctx.fixtures.item('locale')
      ctx.expectBadRequest(await ctx.get(LOCALE, { localeIdOrCode: String(locale.locale) }), 'siteId', 'a locale code without siteId')
    },
  },
  {
    id: 'validation.page.pathname-needs-site',
    group: 'validation',
    name: 'GET /v6/pages/{pathname} without siteId is a 400 naming siteId',
    profiles: ['documents'],
    unpromised: 'the published OpenAPI declares no 400 for GET /v6/pages/{pageIdOrPathname}',
    async run(ctx) {
      const page = await ctx.fixtures.item('page')
      ctx.expectBadRequest(await ctx.get(PAGE, { pageIdOrPathname: String(page.pathname) }), 'siteId', 'a page pathname without siteId')
    },
  },
  {
    id: 'validation.route.pathname-needs-site',
    group: 'validation',
    name: 'GET /v2/routes/{pathname} without siteId is a 400 naming siteId',
    profiles: ['documents'],
    unpromised: NO_ROUTES,
    async run(ctx) {
      const route = await ctx.fixtures.item('route')
      ctx.expectBadRequest(await ctx.get(ROUTE, { routeIdOrPathname: String(route.pathname) }), 'siteId', 'a route pathname without siteId')
    },
  },
  {
    id: 'validation.locale.default-undeletable',
    group: 'validation',
    name: "the site's default locale cannot be deleted (400)",
    ...specOnly('the published OpenAPI declares a 400 for DELETE /v2/locales/{localeIdOrCode} without saying the default locale cannot be deleted'),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const refused = await ctx.write('DELETE', LOCALE, { localeIdOrCode: site.defaultLocale }, undefined, { query: { siteId: site.id } })
      ctx.expectError(refused, 400, 'bad_request', 'deleting the default locale')
      ctx.expectStatus(await ctx.get(LOCALE, { localeIdOrCode: site.defaultLocale }, { siteId: site.id }), 200, 'the default locale is still there')
    },
  },
  {
    id: 'validation.route.skip-validation',
    group: 'validation',
    name: 'route pathname rules apply unless skipValidation=true, and skipValidation takes only true or false',
    profiles: ['documents'],
    unpromised: NO_ROUTES,
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      // Pathnames the format rules refuse: without its leading slash, which a deployment may still
      // refuse under skipValidation (`routePathnameSlash`), then with it but an empty segment.
      const candidates = [`${ctx.tag}-no-leading-slash`, `/${ctx.tag}//empty-segment`]
      let pathname = candidates[0]!
      let skipped: Exchange | undefined
      for (const candidate of candidates) {
        pathname = candidate
        ctx.expectBadRequest(await ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname }), 'pathname', `a route pathname the format rules refuse (${pathname})`)
        skipped = await ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname }, { query: { skipValidation: 'true' } })
        if (skipped.status !== 400 || candidate === candidates[candidates.length - 1]) break
        const refused = skipped
        await holdToSitemockChoice(ctx, SLASH_UNDER_SKIP, () => ctx.expectStatus(refused, 201, 'a route pathname without its leading slash, with skipValidation=true'))
      }
      ctx.expectStatus(skipped!, 201, `the same pathname with skipValidation=true (${pathname})`)
      const id = idOf(ctx.json(skipped!))
      ctx.expectBadRequest(await ctx.write('PATCH', ROUTE, { routeIdOrPathname: id }, { pathname: '/x' }, { query: { skipValidation: 'maybe' } }), 'skipValidation', 'skipValidation=maybe')
      ctx.expectError(await ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname }, { query: { skipValidation: 'true' } }), 409, 'conflict', 'skipValidation never skips conflicts')
    },
  },
]
