import { failureOf, idOf, specOnly, type CheckContext, type CheckDefinition } from '../check.js'
import { freeChoice } from '../choice-reasons.js'
import type { Choices } from '../../freedom/catalogue.js'
import { LOCALE, PAGE, ROUTE, ROUTES } from '../endpoints.js'
import type { Exchange } from '../http-client.js'
import { canonical, expectFields, holdToSitemockChoice, keptAs } from './support.js'

const NO_ROUTES = 'the published OpenAPI does not document routes'
const SLASH_UNDER_SKIP = freeChoice(
  'routePathnameSlash',
  'the specification writes a route pathname with its leading slash and lets skipValidation skip "route validation" without its rules: sitemock takes one without the slash under skipValidation=true',
)
const SLASH_TAKEN = freeChoice(
  'routePathnameSlash',
  'the specification writes a route pathname with its leading slash without saying whether one sent without it is refused or written with it: sitemock refuses it unless skipValidation=true',
)
const EMPTY_SEGMENT = freeChoice('routeEmptySegment', 'the specification asks of a route pathname only its leading slash: sitemock refuses an empty segment without skipValidation')
const CONFLICT_UNDER_SKIP = freeChoice(
  'skipValidationConflicts',
  "the specification lets skipValidation=true skip \"route validation\" without saying whether a pathname's uniqueness is part of it: sitemock still answers a held pathname with a 409",
)

type RouteSlash = NonNullable<Choices['routePathnameSlash']>

/**
 * The alternative of routePathnameSlash an answer to a route pathname sent without its leading
 * slash under skipValidation=true takes: a 400 naming pathname `refused`, a 200 that keeps it
 * `accepted`, or one that writes it with the slash `added`. Any other answer fails.
 */
function slashUnderSkip(ctx: CheckContext, skipped: Exchange, sent: string): Extract<RouteSlash, 'refused' | 'accepted' | 'added'> {
  const what = `a route pathname without its leading slash, with skipValidation=true (${sent})`
  if (skipped.status === 400) {
    ctx.expectBadRequest(skipped, 'pathname', what)
    return 'refused'
  }
  ctx.expectStatus(skipped, 200, what)
  const kept = ctx.json(skipped).pathname
  if (typeof kept !== 'string' || !keptAs(sent, kept)) ctx.fail(`expected the pathname as sent, or with its leading slash added, got ${canonical(kept)}: ${what}`, skipped)
  return kept.startsWith('/') ? 'added' : 'accepted'
}

/**
 * Where the target's choice is known (learned by the probes, or --choices), an answer that takes
 * another alternative contradicts it: no document is broken, so it is recorded as inconsistent.
 * Where it is not known, the answer is the target's choice.
 */
function expectAsChosen(ctx: CheckContext, skipped: Exchange, answered: RouteSlash): void {
  const chosen = ctx.options.choices?.routePathnameSlash
  if (chosen === undefined || chosen === answered) return
  const message = `expected routePathnameSlash "${chosen}", the target's own choice, got "${answered}": a route pathname without its leading slash, with skipValidation=true and without it`
  ctx.record({ ...failureOf(message, [], skipped), kind: 'inconsistent' })
}

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
      // skipValidation is Update Route's (the specification; a create's is not documented): a route
      // made plainly is renamed under it.
      const made = await ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname: `/${ctx.tag}-skip` })
      ctx.expectStatus(made, 201, 'a route to rename')
      const rename = (routeId: string, pathname: string, skipValidation?: string) =>
        ctx.write('PATCH', ROUTE, { routeIdOrPathname: routeId }, { pathname }, skipValidation === undefined ? {} : { query: { skipValidation } })
      const id = idOf(ctx.json(made))
      // The documents write a route pathname with its leading slash: one sent without it is refused,
      // or taken written with it (routePathnameSlash `added`), never kept without it.
      let pathname = `${ctx.tag}-no-leading-slash`
      const plain = await rename(id, pathname)
      const plainWhat = `a route pathname without its leading slash (${pathname})`
      if (plain.status === 200) {
        expectFields(ctx, plain, { pathname: `/${pathname}` }, `${plainWhat}, taken without skipValidation: written with its leading slash`)
        await holdToSitemockChoice(ctx, SLASH_TAKEN, () => ctx.expectBadRequest(plain, 'pathname', plainWhat))
      } else ctx.expectBadRequest(plain, 'pathname', plainWhat)
      let skipped = await rename(id, pathname, 'true')
      const underSkip = slashUnderSkip(ctx, skipped, pathname)
      // Written with the slash without skipValidation: added always, or by the rules that skipValidation skips.
      const answered = plain.status !== 200 ? underSkip : ({ added: 'added-always', accepted: 'added-unless-skipped', refused: 'added-refused-under-skip' } as const)[underSkip]
      expectAsChosen(ctx, skipped, answered)
      if (answered === 'added' || answered === 'added-always') {
        const kept = String(ctx.json(skipped).pathname)
        await holdToSitemockChoice(ctx, SLASH_UNDER_SKIP, () => ctx.fail(`expected the pathname kept as sent (${pathname}), got ${kept}: a route pathname without its leading slash, with skipValidation=true`, skipped))
      }
      if (underSkip === 'refused') {
        // A deployment may still refuse it under skipValidation (`routePathnameSlash`): then one
        // with its slash that sitemock's format rules refuse, which no document refuses.
        const refused = skipped
        await holdToSitemockChoice(ctx, SLASH_UNDER_SKIP, () => ctx.expectStatus(refused, 200, 'a route pathname without its leading slash, with skipValidation=true'))
        pathname = `/${ctx.tag}//empty-segment`
        const segmented = await rename(id, pathname)
        const taken = await holdToSitemockChoice(ctx, EMPTY_SEGMENT, () => ctx.expectBadRequest(segmented, 'pathname', `a route pathname with an empty segment (${pathname})`))
        skipped = taken ? segmented : await rename(id, pathname, 'true')
      }
      ctx.expectStatus(skipped, 200, `the same pathname with skipValidation=true (${pathname})`)
      ctx.expectBadRequest(await rename(id, '/x', 'maybe'), 'skipValidation', 'skipValidation=maybe')
      // Another route renamed onto that pathname under skipValidation.
      const other = await ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname: `/${ctx.tag}-other` })
      ctx.expectStatus(other, 201, 'another route')
      const again = await rename(idOf(ctx.json(other)), pathname, 'true')
      await holdToSitemockChoice(ctx, CONFLICT_UNDER_SKIP, () => ctx.expectError(again, 409, 'conflict', 'skipValidation never skips conflicts'))
    },
  },
]
