import { idOf, type CheckDefinition, type Json } from '../check.js'
import { compareInstants } from '../clock-tick.js'
import { freeChoice, uncatalogued, type ChoiceReason } from '../choice-reasons.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES } from '../endpoints.js'
import { expectFields, expectGone, expectKept, expectListed, expectSame, holdToSitemockChoice } from './support.js'

const NO_ROUTES = 'the published OpenAPI does not document routes'
const NO_PAGE_DEFAULTS = "the published OpenAPI does not say what a new page's other fields are"
const NO_DEFAULT = (field: string): string => `neither the specification nor the published OpenAPI says what a new page's ${field} is (only that it may be null): sitemock starts it null`
/** What a new page starts with where no document says, each field with the choice it is. */
const FREE_PAGE_DEFAULTS: ReadonlyArray<[ChoiceReason, Json]> = [
  [freeChoice('newPageTitle', NO_DEFAULT('title')), { title: null }],
  [freeChoice('newPageSitemapPriority', NO_DEFAULT('sitemapPriority')), { sitemapPriority: null }],
  [freeChoice('newPageSitemapFrequency', NO_DEFAULT('sitemapFrequency')), { sitemapFrequency: null }],
  [freeChoice('newPageDescription', NO_DEFAULT('description')), { description: null }],
  [freeChoice('newPageCanonicalUrl', NO_DEFAULT('canonicalUrl')), { canonicalUrl: null }],
  [freeChoice('newPageSocialImageUrl', NO_DEFAULT('socialImageUrl')), { socialImageUrl: null }],
  [uncatalogued('pages', "neither the specification nor the published OpenAPI says what a new page's localizations are: sitemock starts them empty"), { localizations: [] }],
]
const PAGE_LOCALE_FREE = freeChoice('pageLocale', "the specification lists a page's locale as not required in a response: sitemock always carries it")
const UPDATED_AT_FREE = freeChoice('updatedAtAtCreation', 'updatedAt is nullable, the "last update time", and neither document says whether a page never changed has one: sitemock sets it to createdAt')
const NO_OFFLINE_LIST = 'the published OpenAPI does not say what includeOffline leaves out'
const NEW_PAGE_UNPUBLISHED_FREE = freeChoice('newPagePublished', 'publishedAt is the "publication time", nullable, and no document says whether a new page is published: sitemock publishes nothing on create')
const DELETED_LOCALE_READ_FREE = freeChoice('deletedLocaleRead', 'the published OpenAPI\'s Get Locale "Returns a locale by its ID or locale code." declares no 404, and Restore Locale "Restores a previously deleted locale.": neither document says whether a deleted locale is still read by its id; sitemock answers 404')
/** The id a body carries, if it is an object with one. */
const idOfBody = (body: unknown): unknown => (body !== null && typeof body === 'object' && 'id' in body ? body.id : undefined)
const NEW_PAGE_ONLINE_FREE = freeChoice('newPageOnline', 'neither the specification nor the published OpenAPI says whether a new page is online (the page create body has no isOnline): sitemock starts it online')

export const familyLifecycleChecks: CheckDefinition[] = [
  {
    id: 'lifecycle.locale.create',
    group: 'lifecycle',
    name: 'a created locale reads back equal by id and by code, and is listed',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.localeRoom(1)
      const code = ctx.fixtures.localeCode(site.id)
      const domain = 'https://locale-create.contract.example'
      const created = await ctx.create(LOCALES, { siteId: site.id, locale: code, domain }, 'creating a locale')
      const byId = await ctx.get(LOCALE, { localeIdOrCode: idOf(created) })
      expectFields(ctx, byId, { object: 'locale', isDefault: false }, 'the created locale')
      // The code and domain as the target kept them (a code's case, a URL's trailing slash): its create answer is what reads back.
      expectKept(ctx, byId, { locale: code, domain }, 'the created locale')
      expectSame(ctx, created, byId, 'reading the locale by id')
      expectSame(ctx, created, await ctx.get(LOCALE, { localeIdOrCode: String(created.locale) }, { siteId: site.id }), 'reading the locale by code')
      await expectListed(ctx, LOCALES, { siteId: site.id }, idOf(created), true, 'the locale list')
    },
  },
  {
    id: 'lifecycle.locale.update',
    group: 'lifecycle',
    name: 'an updated locale reads back updated: domain set, domain cleared with null, code changed',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.localeRoom(2)
      const id = idOf(await ctx.fixtures.createIn('locale', site))
      const domain = 'https://locale-update.contract.example'
      const withDomain = await ctx.write('PATCH', LOCALE, { localeIdOrCode: id }, { domain })
      ctx.expectStatus(withDomain, 200, 'setting the domain')
      expectKept(ctx, withDomain, { domain }, 'the answer to setting the domain')
      expectFields(ctx, await ctx.get(LOCALE, { localeIdOrCode: id }), { domain: ctx.json(withDomain).domain }, 'the locale after setting its domain')
      ctx.expectStatus(await ctx.write('PATCH', LOCALE, { localeIdOrCode: id }, { domain: null }), 200, 'clearing the domain')
      expectFields(ctx, await ctx.get(LOCALE, { localeIdOrCode: id }), { domain: null }, 'the locale after clearing its domain')
      const code = ctx.fixtures.localeCode(site.id)
      const recoded = await ctx.write('PATCH', LOCALE, { localeIdOrCode: id }, { locale: code })
      ctx.expectStatus(recoded, 200, 'changing the code')
      expectKept(ctx, recoded, { locale: code }, 'the answer to changing the code')
      const kept = String(ctx.json(recoded).locale)
      expectFields(ctx, await ctx.get(LOCALE, { localeIdOrCode: kept }, { siteId: site.id }), { id, locale: kept }, 'the locale read by its new code')
    },
  },
  {
    id: 'lifecycle.locale.delete-restore',
    group: 'lifecycle',
    name: 'a deleted locale is gone from gets and lists, and restore brings it back with its id',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.localeRoom(1)
      const created = await ctx.fixtures.createIn('locale', site)
      const id = idOf(created)
      ctx.expectStatus(await ctx.write('DELETE', LOCALE, { localeIdOrCode: id }), 204, 'deleting the locale')
      const read = await ctx.get(LOCALE, { localeIdOrCode: id })
      // Still read by its id, as a soft-deleted locale is there to be restored: a choice the documents leave free.
      if (read.status === 200 && idOfBody(read.body) === id) await holdToSitemockChoice(ctx, DELETED_LOCALE_READ_FREE, () => expectGone(ctx, read, 'reading the deleted locale'))
      else expectGone(ctx, read, 'reading the deleted locale')
      await expectListed(ctx, LOCALES, { siteId: site.id }, id, false, 'the locale list after the delete')
      const restored = await ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: id })
      ctx.expectStatus(restored, 200, 'restoring the locale')
      expectFields(ctx, restored, { id, locale: created.locale }, 'the restored locale')
      expectSame(ctx, created, await ctx.get(LOCALE, { localeIdOrCode: id }), 'reading the restored locale')
      await expectListed(ctx, LOCALES, { siteId: site.id }, id, true, 'the locale list after the restore')
    },
  },
  {
    id: 'lifecycle.page.create',
    group: 'lifecycle',
    name: 'a created page reads back equal by id and by the pathname it answered, and is listed',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const pathname = ctx.fixtures.uniquePath('page-create')
      const created = await ctx.create(PAGES, { siteId: site.id, pathname, name: `${ctx.tag} page` }, 'creating a page')
      const byId = await ctx.get(PAGE, { pageIdOrPathname: idOf(created) })
      // What a deployment keeps of the pathname sent is its own (a trailing slash, a case): the create answer says it.
      expectFields(ctx, byId, { object: 'page', pathname: created.pathname }, 'the created page')
      await ctx.rulesOnly(NO_PAGE_DEFAULTS, async () => {
        await holdToSitemockChoice(ctx, NEW_PAGE_UNPUBLISHED_FREE, () => expectFields(ctx, byId, { publishedAt: null }, 'the created page'))
        await holdToSitemockChoice(ctx, NEW_PAGE_ONLINE_FREE, () => expectFields(ctx, byId, { isOnline: true }, 'the created page'))
        const page = ctx.json(byId)
        // The specification: a page's locale "defaults to the default locale of the parent site", and is not required in a response.
        if ('locale' in page) expectFields(ctx, byId, { locale: site.defaultLocale }, 'the created page (its locale defaults to the site default)')
        else await holdToSitemockChoice(ctx, PAGE_LOCALE_FREE, () => ctx.fail('expected the page to carry its locale, got no locale field: the created page', byId))
        // `updatedAt` is nullable, the "last update time": equal to createdAt, or null until a change.
        if (created.updatedAt !== null && created.updatedAt !== created.createdAt) ctx.fail(`expected updatedAt to equal createdAt on a new page (or be null until its first change), got updatedAt ${String(created.updatedAt)} and createdAt ${String(created.createdAt)}`, byId)
        if (created.updatedAt === null) await holdToSitemockChoice(ctx, UPDATED_AT_FREE, () => ctx.fail('expected updatedAt to equal createdAt on a new page, got null', byId))
        for (const [why, defaults] of FREE_PAGE_DEFAULTS) await holdToSitemockChoice(ctx, why, () => expectFields(ctx, byId, defaults, 'the created page'))
      })
      expectSame(ctx, created, byId, 'reading the page by id')
      expectSame(ctx, created, await ctx.get(PAGE, { pageIdOrPathname: String(created.pathname) }, { siteId: site.id }), 'reading the page by pathname')
      await expectListed(ctx, PAGES, { siteId: site.id, includeOffline: 'true' }, idOf(created), true, 'the page list with includeOffline=true')
    },
  },
  {
    id: 'lifecycle.page.update',
    group: 'lifecycle',
    name: 'an updated page (pathname, name, isOnline: the published update body) reads back updated, and going offline takes it out of the default list',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const created = await ctx.fixtures.createIn('page', site, 'page-update')
      const id = idOf(created)
      // Only what the published page update body declares: a deployment may ignore or refuse anything else.
      const change = { pathname: ctx.fixtures.uniquePath('page-updated'), name: `${ctx.tag} page updated`, isOnline: false }
      const updated = await ctx.write('PATCH', PAGE, { pageIdOrPathname: id }, change)
      ctx.expectStatus(updated, 200, 'updating the page')
      // The page answers no name; the pathname is compared as the target answers it (it may drop a trailing slash).
      expectFields(ctx, updated, { id, isOnline: false }, 'the update answer')
      if (ctx.json(updated).pathname === created.pathname) ctx.fail(`expected the update to change the pathname to ${change.pathname}, got ${String(created.pathname)} still`, updated)
      expectSame(ctx, ctx.json(updated), await ctx.get(PAGE, { pageIdOrPathname: id }), 'reading the updated page')
      expectFields(ctx, await ctx.get(PAGE, { pageIdOrPathname: String(ctx.json(updated).pathname) }, { siteId: site.id }), { id }, 'reading the updated page by the pathname it answered')
      await ctx.rulesOnly('the published OpenAPI does not say how updatedAt moves', () => {
        // Before the update the page was last changed at its creation: updatedAt (or, while it is null, createdAt).
        const before = String(created.updatedAt ?? created.createdAt)
        const after = ctx.json(updated).updatedAt
        // In time, not as text: `…:05.2Z` is after `…:05Z` (clock-tick.ts compareInstants).
        if ((compareInstants(after, before) ?? -1) < 0) ctx.fail(`expected the update to leave updatedAt no earlier than the page's last change (${created.updatedAt === null ? 'its createdAt' : 'its updatedAt before'}), got ${String(after)} after ${before}`, updated)
      })
      await ctx.rulesOnly(NO_OFFLINE_LIST, async () => {
        await expectListed(ctx, PAGES, { siteId: site.id }, id, false, 'the default page list (online pages) after going offline')
        await expectListed(ctx, PAGES, { siteId: site.id, includeOffline: 'true' }, id, true, 'the page list with includeOffline=true')
      })
    },
  },
  {
    id: 'lifecycle.page.delete',
    group: 'lifecycle',
    name: 'a deleted page answers 204, is 404 afterwards and gone from the list',
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const id = idOf(await ctx.fixtures.createIn('page', site, 'page-delete'))
      ctx.expectStatus(await ctx.write('DELETE', PAGE, { pageIdOrPathname: id }), 204, 'deleting the page')
      expectGone(ctx, await ctx.get(PAGE, { pageIdOrPathname: id }), 'reading the deleted page')
      await expectListed(ctx, PAGES, { siteId: site.id, includeOffline: 'true' }, id, false, 'the page list after the delete')
    },
  },
  {
    id: 'lifecycle.route.create-update-delete',
    group: 'lifecycle',
    name: 'a route reads back equal by id and by pathname, reads back updated, and is gone after its delete',
    profiles: ['documents'],
    unpromised: NO_ROUTES,
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const created = await ctx.fixtures.createRoute(site, 'route', '[...rest]')
      const id = idOf(created)
      // The pathname as the target answered it at create: what it keeps of the input is its own.
      const pathname = String(created.pathname)
      expectFields(ctx, await ctx.get(ROUTE, { routeIdOrPathname: id }), { object: 'route', pathname }, 'the created route')
      expectSame(ctx, created, await ctx.get(ROUTE, { routeIdOrPathname: pathname }, { siteId: site.id }), 'reading the route by pathname')
      await expectListed(ctx, ROUTES, { siteId: site.id }, id, true, 'the route list')
      const moved = ctx.fixtures.uniquePath('route-moved')
      const updated = await ctx.write('PATCH', ROUTE, { routeIdOrPathname: id }, { pathname: moved })
      ctx.expectStatus(updated, 200, 'updating the route')
      expectFields(ctx, await ctx.get(ROUTE, { routeIdOrPathname: id }), { id, pathname: ctx.json(updated).pathname }, 'the updated route')
      if (ctx.json(updated).pathname === pathname) ctx.fail(`expected the update to change the pathname to ${moved}, got ${pathname} still`, updated)
      ctx.expectStatus(await ctx.write('DELETE', ROUTE, { routeIdOrPathname: id }), 204, 'deleting the route')
      expectGone(ctx, await ctx.get(ROUTE, { routeIdOrPathname: id }), 'reading the deleted route')
      await expectListed(ctx, ROUTES, { siteId: site.id }, id, false, 'the route list after the delete')
    },
  },
]
