import { runName } from '../tag.js'
import type { CheckContext, CheckDefinition, Json } from '../check.js'
import { freeChoice } from '../choice-reasons.js'
import { LOCALE, LOCALES, PAGES, ROUTES, SITE, SITE_DUPLICATE, SITES } from '../endpoints.js'
import type { SiteRef } from '../fixtures.js'
import { canonical, expectFields, expectGone, expectKept, expectListed, expectSame, holdToSitemockChoice, keptAs } from './support.js'

const DELETED_SITE_KEY = freeChoice('deletedSiteKey', "a missing or invalid key is a 401 and a valid key without permission a 403: whether a deleted site's key is still valid, neither document says; sitemock forgets it")
const DROPPED_DOMAINS = freeChoice('duplicateLocaleDomains', 'a copy holds "all content and configuration copied from the original": whether a locale\'s domain is configuration it holds, no document says (a domain a deployment holds unique cannot be in two sites); sitemock copies it')
const NULL_HOST_ORIGIN = freeChoice('hostOriginNull', 'both documents type hostOrigin in a site update as a string (uri), so a deployment may refuse null, or take it as no change: sitemock takes it and clears hostOrigin')

const NO_ROUTES = 'the published OpenAPI does not document routes'

type Family = [template: string, field: string, query: Record<string, string>]
const LOCALES_AND_PAGES: Family[] = [
  [LOCALES, 'locale', {}],
  [PAGES, 'pathname', { includeOffline: 'true' }],
]

/** A site's family lists, as comparable content: the locale codes, page and route pathnames, and the ids. */
async function contentOf(ctx: CheckContext, siteId: string, families: Family[]): Promise<{ content: string; ids: Set<string> }> {
  const parts: string[][] = []
  const ids = new Set<string>()
  for (const [template, field, query] of families) {
    const exchange = await ctx.get(template, {}, { siteId, limit: 100, ...query })
    ctx.expectStatus(exchange, 200, `listing ${template} of site ${siteId}`)
    const items = ctx.items(exchange)
    parts.push(items.map((item) => String(item[field])).sort())
    // A locale may have no id (the specification: "string (uuid), nullable"): no id, nothing shared.
    for (const item of items) if (typeof item.id === 'string') ids.add(item.id)
  }
  return { content: canonical(parts), ids }
}

/** Duplicates the site and checks the copy: its own id and key, the name, and the content of these families under fresh ids. The copy's id. */
async function expectCopied(ctx: CheckContext, source: SiteRef, families: Family[], label: string): Promise<string> {
  const name = runName(ctx.tag, label)
  const copy = await ctx.create(SITE_DUPLICATE, { name }, 'duplicating the site', { siteId: source.id })
  const fresh = (field: keyof Json & string, original: string): void => {
    if (copy[field] === original) ctx.fail(`expected the copy to have its own ${field}, got the original's ${original}`)
  }
  ctx.expectAll(
    () => fresh('id', source.id),
    () => fresh('publicApiKey', source.publicApiKey),
    () => {
      if (!keptAs(name, copy.name) || copy.defaultLocale !== source.defaultLocale) {
        ctx.fail(`expected the copy named ${canonical(name)} with defaultLocale ${source.defaultLocale}, got ${canonical(copy.name)} with ${canonical(copy.defaultLocale)}`)
      }
    },
  )
  const original = await contentOf(ctx, source.id, families)
  const copied = await contentOf(ctx, String(copy.id), families)
  const shared = [...copied.ids].filter((id) => original.ids.has(id))
  ctx.expectAll(
    () => {
      if (copied.content !== original.content) ctx.fail(`expected the copy's content ${original.content}, got ${copied.content}`)
    },
    () => {
      if (shared.length > 0) ctx.fail(`expected fresh ids in the copy, got the original's ${shared.join(', ')}`)
    },
  )
  return String(copy.id)
}

/** The copy's locale with the code of the original's: its domain is the original's, or none where the deployment drops a copy's domains (duplicateLocaleDomains). */
async function expectCopiedDomain(ctx: CheckContext, copyId: string, locale: Json): Promise<void> {
  const read = await ctx.get(LOCALE, { localeIdOrCode: String(locale.locale) }, { siteId: copyId })
  ctx.expectStatus(read, 200, `reading the copy's locale ${String(locale.locale)}`)
  const { domain } = ctx.json(read)
  if (domain === locale.domain) return
  const what = `expected the copy's locale ${String(locale.locale)} to have the original's domain ${canonical(locale.domain)}, got ${canonical(domain)}`
  if (domain !== null) ctx.fail(what, read)
  await holdToSitemockChoice(ctx, DROPPED_DOMAINS, () => ctx.fail(what, read))
}

export const siteLifecycleChecks: CheckDefinition[] = [
  {
    id: 'lifecycle.site.create',
    group: 'lifecycle',
    name: 'a created site answers 201, reads back equal, is listed, and has its default locale',
    needs: ['write'],
    async run(ctx) {
      const body = { workspaceId: ctx.options.workspaceId, name: `${ctx.tag} lifecycle`, hostOrigin: 'https://lifecycle.contract.example', defaultLocale: 'fr-FR' }
      const created = await ctx.create(SITES, body, 'creating a site')
      const { workspaceId: _workspace, ...shown } = body
      const read = await ctx.get(SITE, { siteId: String(created.id) })
      expectFields(ctx, read, { object: 'site' }, 'the created site')
      // What it kept of the input (a trimmed name, a code's case, a URL's trailing slash) is the target's own: read back as the create answered it.
      expectKept(ctx, read, shown, 'the created site')
      expectSame(ctx, created, read, 'reading the created site')
      await expectListed(ctx, SITES, { workspaceId: String(ctx.options.workspaceId) }, String(created.id), true, 'the site list')
      const locales = await ctx.get(LOCALES, {}, { siteId: String(created.id) })
      ctx.expectStatus(locales, 200, 'listing the locales of the new site')
      const defaults = ctx.items(locales).filter((locale) => locale.isDefault === true)
      if (defaults.length !== 1 || !keptAs('fr-FR', defaults[0]!.locale)) {
        ctx.fail(`expected exactly one default locale, fr-FR, in a new site with defaultLocale fr-FR, got ${canonical(defaults.map((locale) => locale.locale))}`, locales)
      }
    },
  },
  {
    id: 'lifecycle.site.update',
    group: 'lifecycle',
    name: 'an updated site answers the update and reads back updated',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.createSite('update')
      const change = { name: `${ctx.tag} update renamed`, hostOrigin: 'https://renamed.contract.example' }
      const updated = await ctx.write('PATCH', SITE, { siteId: site.id }, change)
      ctx.expectStatus(updated, 200, 'updating the site')
      expectFields(ctx, updated, { id: site.id }, 'the update answer')
      expectKept(ctx, updated, change, 'the update answer')
      const read = await ctx.get(SITE, { siteId: site.id })
      expectSame(ctx, ctx.json(updated), read, 'reading the updated site')
      const kept = { name: ctx.json(updated).name, hostOrigin: ctx.json(updated).hostOrigin }
      // Both documents type hostOrigin in a site update as a string (uri), not null: a deployment
      // may refuse null with a 400, leaving the site as it was, take it as no change (the site
      // keeps its origin), or clear hostOrigin as sitemock does.
      const cleared = await ctx.write('PATCH', SITE, { siteId: site.id }, { hostOrigin: null })
      if (cleared.status === 400) {
        ctx.expectError(cleared, 400, 'bad_request', 'clearing hostOrigin with null')
        expectFields(ctx, await ctx.get(SITE, { siteId: site.id }), kept, 'the site after a refused null hostOrigin')
        await holdToSitemockChoice(ctx, NULL_HOST_ORIGIN, () => ctx.expectStatus(cleared, 200, 'clearing hostOrigin with null'))
        return
      }
      ctx.expectStatus(cleared, 200, 'clearing hostOrigin with null')
      const after = await ctx.get(SITE, { siteId: site.id })
      // The origin kept: the null taken as no change (hostOriginNull unchanged), which the rest of the site shows too.
      if (kept.hostOrigin !== null && ctx.json(after).hostOrigin === kept.hostOrigin) {
        expectFields(ctx, after, kept, 'the site after a null hostOrigin taken as no change')
        await holdToSitemockChoice(ctx, NULL_HOST_ORIGIN, () => expectFields(ctx, after, { hostOrigin: null, name: kept.name }, 'the site after clearing hostOrigin'))
      } else expectFields(ctx, after, { hostOrigin: null, name: kept.name }, 'the site after clearing hostOrigin')
    },
  },
  {
    id: 'lifecycle.site.delete',
    group: 'lifecycle',
    name: 'a deleted site answers 204 with no body, is 404 afterwards and gone from the list',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.createSite('delete')
      const deleted = await ctx.write('DELETE', SITE, { siteId: site.id })
      ctx.expectStatus(deleted, 204, 'deleting the site')
      if (deleted.text.length > 0) ctx.fail('expected no body with the 204 of a delete, got one', deleted)
      expectGone(ctx, await ctx.get(SITE, { siteId: site.id }), 'reading the deleted site')
      await expectListed(ctx, SITES, { workspaceId: String(ctx.options.workspaceId) }, site.id, false, 'the site list after the delete')
      await ctx.rulesOnly('the published OpenAPI declares no 401', async () => {
        // A site that exists, so that no accessOrder answers a key without permission with a 404 first.
        const live = await ctx.fixtures.sandbox()
        const read = await ctx.get(SITE, { siteId: live.id }, {}, site.publicApiKey)
        const what = "a site read with the deleted site's own Site key"
        if (read.status !== 403) return ctx.expectError(read, 401, 'unauthorized', what)
        ctx.expectError(read, 403, 'forbidden', what)
        await holdToSitemockChoice(ctx, DELETED_SITE_KEY, () => ctx.fail(`expected 401 unauthorized, got 403: ${what}`, read))
      })
    },
  },
  {
    id: 'lifecycle.site.duplicate',
    group: 'lifecycle',
    name: 'a duplicated site copies locales, pages and routes under fresh ids, with a new key and the given name',
    needs: ['write'],
    async run(ctx) {
      const source = await ctx.fixtures.createSite('duplicate source')
      // A domain of the run's own: where a domain names one locale of all the sites (localeDomains), no earlier run's holds it.
      const locale = await ctx.create(LOCALES, { siteId: source.id, locale: ctx.fixtures.localeCode(source.id), domain: `https://${ctx.tag}-duplicate.contract.example` }, 'creating a locale with a domain')
      await ctx.fixtures.createIn('page', source, 'copied')
      await expectCopiedDomain(ctx, await expectCopied(ctx, source, LOCALES_AND_PAGES, 'copy'), locale)
      // Routes are the service rules' alone: a second copy, once the source has one.
      await ctx.rulesOnly(NO_ROUTES, async () => {
        await ctx.fixtures.createIn('route', source, 'copied')
        await expectCopied(ctx, source, [...LOCALES_AND_PAGES, [ROUTES, 'pathname', {}]], 'copy with a route')
      })
    },
  },
]
