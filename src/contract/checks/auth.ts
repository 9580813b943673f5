import { runName } from '../tag.js'
import { randomBytes, randomUUID } from 'node:crypto'
import type { CheckContext, CheckDefinition } from '../check.js'
import { LOCALES, PAGES, PUBLIC_API_KEY_WHY, ROUTES, SITE, SITE_DUPLICATE, SITES } from '../endpoints.js'
import type { Exchange } from '../http-client.js'
import { freeChoice } from '../choice-reasons.js'
import { holdToSitemockChoice } from './support.js'

const SITE_LIST_BY_SITE_KEY = freeChoice('siteKeySiteList', 'the documents accept both kinds of key without saying what each may do: sitemock refuses a Site key the site list')

const NO_401 = 'the published OpenAPI declares no 401'

/** GETs of the read site through each family, with the given key (null: none). */
async function readsWith(ctx: CheckContext, key: string | null): Promise<Exchange[]> {
  const site = await ctx.fixtures.readSite()
  const reads = [() => ctx.get(SITE, { siteId: site.id }, {}, key), () => ctx.get(LOCALES, {}, { siteId: site.id }, key), () => ctx.get(PAGES, {}, { siteId: site.id }, key)]
  if (ctx.spec) reads.push(() => ctx.get(ROUTES, {}, { siteId: site.id }, key))
  const workspaceId = ctx.options.workspaceId
  if (workspaceId) reads.push(() => ctx.get(SITES, {}, { workspaceId }, key))
  const exchanges: Exchange[] = []
  for (const read of reads) exchanges.push(await read())
  return exchanges
}

function expectAllUnauthorized(ctx: CheckContext, exchanges: Exchange[], what: string): void {
  for (const exchange of exchanges) ctx.expectError(exchange, 401, 'unauthorized', what)
}

const randomAppKey = (): string => `sk_${randomBytes(30).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 32).padEnd(32, '0')}`

export const authChecks: CheckDefinition[] = [
  {
    id: 'auth.no-key',
    group: 'auth',
    name: 'a request without an API key is 401 unauthorized',
    profiles: ['documents'],
    unpromised: NO_401,
    async run(ctx) {
      expectAllUnauthorized(ctx, await readsWith(ctx, null), 'no x-api-key header')
      if (!ctx.fixtures.writable) return
      const site = await ctx.fixtures.sandbox()
      const create = await ctx.write('POST', PAGES, {}, { siteId: site.id, pathname: ctx.fixtures.uniquePath('no-key'), name: `${ctx.tag} no key` }, { key: null })
      ctx.expectError(create, 401, 'unauthorized', 'creating a page without a key')
    },
  },
  {
    id: 'auth.malformed-key',
    group: 'auth',
    name: 'a malformed API key is 401 unauthorized',
    profiles: ['documents'],
    unpromised: NO_401,
    async run(ctx) {
      expectAllUnauthorized(ctx, await readsWith(ctx, 'not a key'), 'x-api-key "not a key"')
    },
  },
  {
    id: 'auth.unknown-key',
    group: 'auth',
    name: 'a well-formed but unknown App key or Site key is 401 unauthorized',
    profiles: ['documents'],
    unpromised: NO_401,
    async run(ctx) {
      expectAllUnauthorized(ctx, await readsWith(ctx, randomAppKey()), 'an unknown App key')
      expectAllUnauthorized(ctx, await readsWith(ctx, randomUUID()), 'an unknown Site key')
    },
  },
  {
    id: 'auth.other-key',
    group: 'auth',
    name: "the other key (another workspace's or site's) is 403 forbidden on this key's resources",
    needs: ['other-key'],
    async run(ctx) {
      const other = ctx.options.otherApiKey!
      for (const exchange of await readsWith(ctx, other)) ctx.expectError(exchange, 403, 'forbidden', 'read with --other-api-key')
      if (!ctx.fixtures.writable) return
      const site = await ctx.fixtures.sandbox()
      // The name as it is now: another check's write the target took (a name of the wrong type, say) is that check's to report, not this one's.
      const before = ctx.json(await ctx.get(SITE, { siteId: site.id })).name
      const rename = await ctx.write('PATCH', SITE, { siteId: site.id }, { name: `${ctx.tag} foreign rename` }, { key: other })
      ctx.expectError(rename, 403, 'forbidden', 'renaming the site with --other-api-key')
      const after = await ctx.get(SITE, { siteId: site.id })
      if (ctx.json(after).name !== before) ctx.fail(`expected the name ${String(before)} after the refused update, got ${String(ctx.json(after).name)}`, after)
      const create = await ctx.write('POST', PAGES, {}, { siteId: site.id, pathname: ctx.fixtures.uniquePath('other-key'), name: `${ctx.tag} other key` }, { key: other })
      ctx.expectError(create, 403, 'forbidden', 'creating a page with --other-api-key')
    },
  },
  {
    id: 'auth.site-key-no-sites',
    group: 'auth',
    name: 'a Site key cannot list, create, duplicate or delete sites (403)',
    async run(ctx) {
      const { key } = await ctx.fixtures.siteKey()
      const workspaceId = ctx.options.workspaceId
      if (workspaceId) await holdToSitemockChoice(ctx, SITE_LIST_BY_SITE_KEY, async () => ctx.expectError(await ctx.get(SITES, {}, { workspaceId }, key), 403, 'forbidden', 'listing sites with a Site key'))
      if (!ctx.fixtures.writable) return
      const create = await ctx.write('POST', SITES, {}, { workspaceId: ctx.options.workspaceId, name: `${ctx.tag} by site key` }, { key })
      ctx.expectError(create, 403, 'forbidden', 'creating a site with a Site key')
      const own = await ctx.fixtures.createSite('site key')
      const duplicate = await ctx.write('POST', SITE_DUPLICATE, { siteId: own.id }, { name: runName(ctx.tag, 'copy by site key') }, { key: own.publicApiKey })
      // A publicApiKey that is no key at all (401) is the deployment's to choose: a site the run made then has no Site key to ask with.
      if (duplicate.status === 401) await ctx.sitemockChoice(PUBLIC_API_KEY_WHY, () => ctx.fail("expected the new site's publicApiKey, as its Site key, to be refused 403 duplicating its site, got 401", duplicate))
      ctx.expectError(duplicate, 403, 'forbidden', 'duplicating a site with its Site key')
      const remove = await ctx.write('DELETE', SITE, { siteId: own.id }, undefined, { key: own.publicApiKey })
      ctx.expectError(remove, 403, 'forbidden', 'deleting a site with its Site key')
      ctx.expectStatus(await ctx.get(SITE, { siteId: own.id }), 200, 'the site is still there after the refused delete')
    },
  },
  {
    id: 'auth.site-key-own-site',
    group: 'auth',
    name: 'a Site key reaches its own site and is 403 on another site',
    async run(ctx) {
      const { key, site } = await ctx.fixtures.siteKey()
      ctx.expectStatus(await ctx.get(SITE, { siteId: site.id }, {}, key), 200, 'reading its own site')
      ctx.expectStatus(await ctx.get(PAGES, {}, { siteId: site.id }, key), 200, "listing its own site's pages")
      const target = await ctx.fixtures.siteOtherThan(site.id)
      ctx.expectError(await ctx.get(SITE, { siteId: target.id }, {}, key), 403, 'forbidden', 'reading another site with a Site key')
      ctx.expectError(await ctx.get(LOCALES, {}, { siteId: target.id }, key), 403, 'forbidden', "listing another site's locales with a Site key")
    },
  },
]
