import { idOf, type CheckContext, type Json } from '../check.js'
import { LOCALE, PAGE, PAGES, PUBLIC_API_KEY_WHY, SITE, SITE_DUPLICATE } from '../endpoints.js'
import type { SiteRef } from '../fixtures.js'
import type { Exchange } from '../http-client.js'
import { runName } from '../tag.js'
import { breaks, newPage, ownSite, setup, setupSend, type DocumentedCheck, type DocumentStatement } from './documented.js'
import { listItems } from './support.js'

/**
 * Side effects the documents decide: a copy is a copy (independent of its original, with its own
 * key), and a refused request changes nothing. Each write the check sends is one the target
 * must refuse or one that may only touch what it names.
 */

export const DUPLICATE_COPIES: DocumentStatement = { where: 'specification, Endpoints › Duplicate Site', quote: 'the newly created Site object, with all content and configuration copied from the original' }
export const WITHOUT_PERMISSION: DocumentStatement = { where: 'specification, Authentication', quote: 'a valid key without permission for the resource yields 403 forbidden' }
export const SITE_KEY: DocumentStatement = { where: 'specification, Resources › Site, field publicApiKey', quote: 'publishable key a host can use to fetch page and component data for rendering the site' }
export const INVALID_INPUT: DocumentStatement = { where: 'specification, Errors', quote: '400 bad_request: invalid request body or query parameters' }

/** A copy of the site, made by the App key, named with the run tag. */
async function duplicate(ctx: CheckContext, source: SiteRef, label: string): Promise<Json> {
  return setup(ctx, 'duplicating the site', () => ctx.create(SITE_DUPLICATE, { name: runName(ctx.tag, label) }, 'duplicating the site', { siteId: source.id }))
}

/** The copy's page at the original's pathname, read with the App key. */
async function copiedPage(ctx: CheckContext, copyId: string, page: Json): Promise<Json> {
  return setupSend(ctx, { method: 'GET', template: PAGE, params: { pageIdOrPathname: String(page.pathname) }, query: { siteId: copyId } }, 200, `reading the copy's page ${String(page.pathname)}`)
}

/** Reads a resource by id and fails unless `field` is still what it was. */
async function expectUnchanged(ctx: CheckContext, template: string, param: string, item: Json, field: string, statement: DocumentStatement, what: string): Promise<void> {
  const read = await ctx.get(template, { [param]: idOf(item) })
  ctx.expectStatus(read, 200, `reading ${idOf(item)} ${what}`)
  const now = ctx.json(read)[field]
  if (now !== item[field]) breaks(ctx, statement, `expected ${field} of ${idOf(item)} to stay ${JSON.stringify(item[field])} ${what}, got ${JSON.stringify(now)}`, read)
}

export const documentedEffectChecks: DocumentedCheck[] = [
  {
    id: 'lifecycle.duplicate.independent',
    group: 'lifecycle',
    name: "a duplicated site's pages and locales are copies: changing one leaves the other as it was, both ways",
    statements: [DUPLICATE_COPIES],
    needs: ['write'],
    async run(ctx) {
      const source = await ownSite(ctx, 'duplicate independence')
      const page = await newPage(ctx, source, 'twin')
      const locale = await setup(ctx, 'creating a locale', () => ctx.fixtures.createIn('locale', source))
      const copy = await duplicate(ctx, source, 'independent copy')
      const copyId = idOf(copy)
      const twin = await copiedPage(ctx, copyId, page)
      const twinLocale = await setupSend(ctx, { method: 'GET', template: LOCALE, params: { localeIdOrCode: String(locale.locale) }, query: { siteId: copyId } }, 200, "reading the copy's locale")
      // The copy's page and locale are written by pathname and code in the copy, the run's own site: the suite writes by id only what it created.
      const movedTwin = await setupSend(ctx, { method: 'PATCH', template: PAGE, params: { pageIdOrPathname: String(twin.pathname) }, query: { siteId: copyId }, body: { pathname: ctx.fixtures.uniquePath('twin-moved') } }, 200, "renaming the copy's page")
      await expectUnchanged(ctx, PAGE, 'pageIdOrPathname', page, 'pathname', DUPLICATE_COPIES, "in the original after its copy's page was renamed")
      await setupSend(ctx, { method: 'PATCH', template: PAGE, params: { pageIdOrPathname: idOf(page) }, body: { pathname: ctx.fixtures.uniquePath('original-moved') } }, 200, "renaming the original's page")
      await expectUnchanged(ctx, PAGE, 'pageIdOrPathname', movedTwin, 'pathname', DUPLICATE_COPIES, "in the copy after the original's page was renamed")
      await setupSend(ctx, { method: 'PATCH', template: LOCALE, params: { localeIdOrCode: String(twinLocale.locale) }, query: { siteId: copyId }, body: { domain: 'https://copy-only.contract.example' } }, 200, "changing the copy's locale domain")
      await expectUnchanged(ctx, LOCALE, 'localeIdOrCode', locale, 'domain', DUPLICATE_COPIES, "in the original after its copy's locale changed")
    },
  },
  {
    id: 'auth.object.site-key.copy-of-its-site',
    group: 'auth',
    name: "the original's Site key is 403 on its copy: the copy's site and pages",
    statements: [WITHOUT_PERMISSION, SITE_KEY],
    needs: ['write'],
    async run(ctx) {
      const source = await ownSite(ctx, 'copied key')
      const page = await newPage(ctx, source, 'copied-key')
      const copy = await duplicate(ctx, source, 'copied key copy')
      const copyId = idOf(copy)
      if (copy.publicApiKey === source.publicApiKey) ctx.skip("the copy has the original's key (lifecycle.site.duplicate reports that): no other site for the key to reach")
      const own = await ctx.get(SITE, { siteId: source.id }, {}, source.publicApiKey)
      // A publicApiKey that is no key at all (401) is the deployment's to choose: the check's means is then sitemock's alone.
      if (own.status === 401) await ctx.sitemockChoice(PUBLIC_API_KEY_WHY, () => ctx.fail(`expected the original's publicApiKey to read its own site as its Site key, got 401`, own))
      if (own.status !== 200) ctx.skip(`the original's Site key does not read its own site (${own.status}): it reaches nothing to compare with`)
      const twin = await copiedPage(ctx, copyId, page)
      const reads: Array<[string, () => Promise<Exchange>]> = [
        ['reading the copy', () => ctx.get(SITE, { siteId: copyId }, {}, source.publicApiKey)],
        ["listing the copy's pages", () => ctx.get(PAGES, {}, { siteId: copyId, includeOffline: 'true' }, source.publicApiKey)],
        ["reading the copy's page by id", () => ctx.get(PAGE, { pageIdOrPathname: idOf(twin) }, {}, source.publicApiKey)],
      ]
      for (const [what, read] of reads) {
        const exchange = await read()
        if (exchange.status !== 403) breaks(ctx, WITHOUT_PERMISSION, `expected 403 ${what} with the original's Site key, got ${exchange.status}`, exchange)
      }
    },
  },
  {
    id: 'auth.object.refused-delete.site',
    group: 'auth',
    name: "a site delete refused to a key without permission (another site's Site key, another workspace's App key) leaves the site and its pages",
    statements: [WITHOUT_PERMISSION],
    needs: ['write'],
    async run(ctx) {
      const site = await ownSite(ctx, 'refused delete')
      const page = await newPage(ctx, site, 'refused-delete')
      const keys: Array<[string, string]> = [["another site's Site key", (await ctx.fixtures.sandbox()).publicApiKey]]
      if (ctx.options.otherApiKey !== undefined) keys.push(["another workspace's App key", ctx.options.otherApiKey])
      for (const [words, key] of keys) {
        const refused = await ctx.write('DELETE', SITE, { siteId: site.id }, undefined, { key })
        if (refused.status < 400) breaks(ctx, WITHOUT_PERMISSION, `expected the delete of site ${site.id} with ${words} refused, got ${refused.status}`, refused)
        const what = `after the delete with ${words} was refused (${refused.status})`
        ctx.expectStatus(await ctx.get(SITE, { siteId: site.id }), 200, `reading the site ${what}`)
        const read = await ctx.get(PAGE, { pageIdOrPathname: idOf(page) })
        if (read.status !== 200) breaks(ctx, WITHOUT_PERMISSION, `expected the page ${idOf(page)} to read back ${what}, got ${read.status}`, read)
        const listed = await listItems(ctx, PAGES, { siteId: site.id, includeOffline: 'true' })
        if (!listed.some((item) => idOf(item) === idOf(page))) breaks(ctx, WITHOUT_PERMISSION, `expected the page ${idOf(page)} still listed ${what}, got it missing`)
      }
    },
  },
  {
    id: 'lifecycle.refused.page-update',
    group: 'lifecycle',
    name: 'a page update refused for an invalid field changes nothing: the pathname it also carried is not applied',
    statements: [INVALID_INPUT],
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const page = await newPage(ctx, site, 'refused-update')
      // isOnline is a boolean in both documents: a string is invalid input wherever a deployment reads it.
      const wanted = ctx.fixtures.uniquePath('refused-update-new')
      const refused = await ctx.write('PATCH', PAGE, { pageIdOrPathname: idOf(page) }, { pathname: wanted, isOnline: 'not a boolean' })
      if (refused.status < 400) ctx.skip(`the target took isOnline "not a boolean" (${refused.status}); the validation checks judge that`)
      await expectUnchanged(ctx, PAGE, 'pageIdOrPathname', page, 'pathname', INVALID_INPUT, `after the update was refused (${refused.status})`)
    },
  },
]
