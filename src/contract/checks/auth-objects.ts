import { idOf, specOnly, type CheckContext, type CheckDefinition, type Json } from '../check.js'
import { LOCALE, LOCALES, PAGE, PAGES, ROUTE, ROUTES } from '../endpoints.js'
import type { SiteRef } from '../fixtures.js'
import { differenceWords, differingFields } from './support.js'
import { pageUpdate } from '../page-update.js'

type Kind = 'locale' | 'page' | 'route'
type KeyKind = 'site-key' | 'other-workspace'

interface Family {
  one: string
  list: string
  param: string
  /** A change the key must not be able to make. */
  /** A change of `item`, the resource of this family the keys try to reach. */
  change(ctx: CheckContext, item: Json): Json
  /** A create into the other site. */
  create(ctx: CheckContext, site: SiteRef): Json
}

const FAMILIES: Record<Kind, Family> = {
  locale: {
    one: LOCALE,
    list: LOCALES,
    param: 'localeIdOrCode',
    change: () => ({ domain: 'https://taken-over.contract.example' }),
    create: (ctx, site) => ({ siteId: site.id, locale: ctx.fixtures.localeCode(site.id) }),
  },
  page: {
    one: PAGE,
    list: PAGES,
    param: 'pageIdOrPathname',
    change: (ctx, item) => pageUpdate(ctx.options, item, { name: `${ctx.tag} taken over` }),
    create: (ctx, site) => ({ siteId: site.id, pathname: ctx.fixtures.uniquePath('taken-over'), name: `${ctx.tag} taken over` }),
  },
  route: {
    one: ROUTE,
    list: ROUTES,
    param: 'routeIdOrPathname',
    change: (ctx) => ({ pathname: ctx.fixtures.uniquePath('taken-over') }),
    create: (ctx, site) => ({ siteId: site.id, pathname: ctx.fixtures.uniquePath('taken-over') }),
  },
}

const KEY_WORDS: Record<KeyKind, string> = { 'site-key': "another site's Site key", 'other-workspace': "another workspace's App key" }

/** The site whose resources the keys try to reach, made by this run, and one resource of the kind in it. */
async function target(ctx: CheckContext, kind: Kind): Promise<{ site: SiteRef; item: Json }> {
  const site = await ctx.fixtures.once('object-authorization-site', () => ctx.fixtures.createSite('object authorization'))
  const item = await ctx.fixtures.once(`object-authorization-${kind}`, () => ctx.fixtures.createIn(kind, site, 'guarded'))
  return { site, item }
}

/**
 * The key that must be refused: a Site key of another site (--site-api-key's, whose site the run
 * did not make, else the sandbox's own), or --other-api-key.
 */
async function keyOf(ctx: CheckContext, keyKind: KeyKind): Promise<string> {
  return keyKind === 'site-key' ? (await ctx.fixtures.siteKey()).key : ctx.options.otherApiKey!
}

function objectCheck(kind: Kind, keyKind: KeyKind): CheckDefinition {
  const family = FAMILIES[kind]
  return {
    id: `auth.object.${keyKind}.${kind}`,
    group: 'auth',
    name: `${KEY_WORDS[keyKind]} cannot read, change, delete or create a ${kind} of this site by its id (403), and nothing changes`,
    ...(kind === 'route' ? specOnly('the published OpenAPI does not document routes') : {}),
    needs: keyKind === 'other-workspace' ? ['write', 'other-key'] : ['write'],
    async run(ctx) {
      const { site, item } = await target(ctx, kind)
      const key = await keyOf(ctx, keyKind)
      const params = { [family.param]: idOf(item) }
      const words = `with ${KEY_WORDS[keyKind]}`
      ctx.expectError(await ctx.get(family.one, params, {}, key), 403, 'forbidden', `reading the ${kind} by id ${words}`)
      ctx.expectError(await ctx.write('PATCH', family.one, params, family.change(ctx, item), { key }), 403, 'forbidden', `changing the ${kind} ${words}`)
      ctx.expectError(await ctx.write('DELETE', family.one, params, undefined, { key }), 403, 'forbidden', `deleting the ${kind} ${words}`)
      ctx.expectError(await ctx.write('POST', family.list, {}, family.create(ctx, site), { key }), 403, 'forbidden', `creating a ${kind} in the site ${words}`)
      const after = await ctx.get(family.one, params)
      ctx.expectStatus(after, 200, `reading the ${kind} with the App key after the refused writes`)
      const body = ctx.json(after)
      // Compared as a read-back is (differingFields): an optional field the create answer left out tells nothing.
      const fields = differingFields(item, body)
      if (fields.length > 0) ctx.fail(`expected the ${kind} as it was created, got ${differenceWords(item, body, fields)}: after the refused writes ${words}`, after)
    },
  }
}

export const objectAuthorizationChecks: CheckDefinition[] = (['site-key', 'other-workspace'] as const).flatMap((keyKind) => (['locale', 'page', 'route'] as const).map((kind) => objectCheck(kind, keyKind)))
