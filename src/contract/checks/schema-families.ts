import { runName } from '../tag.js'
import { idOf, type CheckDefinition } from '../check.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES } from '../endpoints.js'
import { schemaCheck } from './schema-probe.js'
import { pageUpdate } from '../page-update.js'

const NO_ROUTES = 'the published OpenAPI does not document routes'

/** Schema checks of the locale, page and route operations. */
export const familySchemaChecks: CheckDefinition[] = [
  schemaCheck({
    method: 'GET',
    template: LOCALES,
    async run(ctx, probe) {
      const site = await ctx.fixtures.readSite()
      await probe(200, () => ctx.get(LOCALES, {}, { siteId: site.id }))
      await probe(400, () => ctx.get(LOCALES, {}, {}))
      await probe(401, () => ctx.get(LOCALES, {}, { siteId: site.id }, null))
      if (ctx.options.otherApiKey) await probe(403, () => ctx.get(LOCALES, {}, { siteId: site.id }, ctx.options.otherApiKey))
    },
  }),
  schemaCheck({
    method: 'GET',
    template: LOCALE,
    async run(ctx, probe) {
      const site = await ctx.fixtures.readSite()
      const locale = await ctx.fixtures.item('locale')
      await probe(200, () => ctx.get(LOCALE, { localeIdOrCode: idOf(locale) }))
      await probe(200, () => ctx.get(LOCALE, { localeIdOrCode: String(locale.locale) }, { siteId: site.id }))
      await probe(400, () => ctx.get(LOCALE, { localeIdOrCode: String(locale.locale) }))
      await probe(401, () => ctx.get(LOCALE, { localeIdOrCode: idOf(locale) }, {}, null))
      await probe(404, () => ctx.get(LOCALE, { localeIdOrCode: ctx.phantomId() }))
    },
  }),
  schemaCheck({
    method: 'POST',
    template: LOCALES,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.localeRoom(1)
      await probe(201, () => ctx.write('POST', LOCALES, {}, { siteId: site.id, locale: ctx.fixtures.localeCode(site.id) }))
      await probe(400, () => ctx.write('POST', LOCALES, {}, { siteId: site.id, locale: 42 }))
      await probe(401, () => ctx.write('POST', LOCALES, {}, { siteId: site.id, locale: ctx.fixtures.localeCode(site.id) }, { key: null }))
      await probe(404, () => ctx.write('POST', LOCALES, {}, { siteId: ctx.phantomId(), locale: 'de-DE' }))
      await probe(409, () => ctx.write('POST', LOCALES, {}, { siteId: site.id, locale: site.defaultLocale }))
    },
  }),
  schemaCheck({
    method: 'PATCH',
    template: LOCALE,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      const id = idOf(await ctx.fixtures.item('locale'))
      await probe(200, () => ctx.write('PATCH', LOCALE, { localeIdOrCode: id }, { domain: 'https://locale.contract.example' }))
      await probe(400, () => ctx.write('PATCH', LOCALE, { localeIdOrCode: id }, { domain: 42 }))
      await probe(401, () => ctx.write('PATCH', LOCALE, { localeIdOrCode: id }, { domain: null }, { key: null }))
      await probe(404, () => ctx.write('PATCH', LOCALE, { localeIdOrCode: ctx.phantomId() }, { domain: null }))
      await probe(409, () => ctx.write('PATCH', LOCALE, { localeIdOrCode: id }, { locale: site.defaultLocale }))
    },
  }),
  schemaCheck({
    method: 'DELETE',
    template: LOCALE,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.localeRoom(1)
      const id = idOf(await ctx.fixtures.createIn('locale', site))
      await probe(400, () => ctx.write('DELETE', LOCALE, { localeIdOrCode: site.defaultLocale }, undefined, { query: { siteId: site.id } }))
      await probe(401, () => ctx.write('DELETE', LOCALE, { localeIdOrCode: id }, undefined, { key: null }))
      await probe(404, () => ctx.write('DELETE', LOCALE, { localeIdOrCode: ctx.phantomId() }))
      await probe(204, () => ctx.write('DELETE', LOCALE, { localeIdOrCode: id }))
    },
  }),
  schemaCheck({
    method: 'POST',
    template: LOCALE_RESTORE,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.localeRoom(1)
      const id = idOf(await ctx.fixtures.createIn('locale', site))
      await probe(409, () => ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: id }))
      const deleted = await ctx.write('DELETE', LOCALE, { localeIdOrCode: id })
      ctx.expectStatus(deleted, 204, 'deleting the locale to restore')
      await probe(401, () => ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: id }, undefined, { key: null }))
      await probe(404, () => ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: ctx.phantomId() }))
      await probe(200, () => ctx.write('POST', LOCALE_RESTORE, { localeIdOrCode: id }))
    },
  }),
  schemaCheck({
    method: 'GET',
    template: PAGES,
    async run(ctx, probe) {
      const site = await ctx.fixtures.readSite()
      await probe(200, () => ctx.get(PAGES, {}, { siteId: site.id }))
      await probe(200, () => ctx.get(PAGES, {}, { siteId: site.id, includeOffline: 'true', sortBy: 'updatedAt', sortDirection: 'desc' }))
      await probe(400, () => ctx.get(PAGES, {}, { siteId: site.id, sortBy: 'nonsense' }))
      await probe(401, () => ctx.get(PAGES, {}, { siteId: site.id }, null))
      if (ctx.options.otherApiKey) await probe(403, () => ctx.get(PAGES, {}, { siteId: site.id }, ctx.options.otherApiKey))
    },
  }),
  schemaCheck({
    method: 'GET',
    template: PAGE,
    async run(ctx, probe) {
      const site = await ctx.fixtures.readSite()
      const page = await ctx.fixtures.item('page')
      await probe(200, () => ctx.get(PAGE, { pageIdOrPathname: idOf(page) }))
      await probe(200, () => ctx.get(PAGE, { pageIdOrPathname: String(page.pathname) }, { siteId: site.id }))
      await probe(400, () => ctx.get(PAGE, { pageIdOrPathname: String(page.pathname) }))
      await probe(401, () => ctx.get(PAGE, { pageIdOrPathname: idOf(page) }, {}, null))
      await probe(404, () => ctx.get(PAGE, { pageIdOrPathname: ctx.phantomId() }))
    },
  }),
  schemaCheck({
    method: 'POST',
    template: PAGES,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      const taken = await ctx.fixtures.item('page')
      const page = (label: string): Record<string, unknown> => ({ siteId: site.id, pathname: ctx.fixtures.uniquePath(label), name: runName(ctx.tag, label) })
      await probe(201, () => ctx.write('POST', PAGES, {}, page('schema')))
      await probe(400, () => ctx.write('POST', PAGES, {}, { ...page('schema'), name: '' }))
      await probe(401, () => ctx.write('POST', PAGES, {}, page('no-key'), { key: null }))
      await probe(404, () => ctx.write('POST', PAGES, {}, { ...page('nowhere'), siteId: ctx.phantomId() }))
      await probe(409, () => ctx.write('POST', PAGES, {}, { ...page('taken'), pathname: taken.pathname }))
    },
  }),
  schemaCheck({
    method: 'PATCH',
    template: PAGE,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      const page = await ctx.fixtures.createIn('page', site, 'schema-patch')
      const taken = await ctx.fixtures.item('page')
      const id = idOf(page)
      const update = (body: Record<string, unknown>, of: Record<string, unknown> = page) => pageUpdate(ctx.options, of, body)
      await probe(200, () => ctx.write('PATCH', PAGE, { pageIdOrPathname: id }, update({ name: `${ctx.tag} renamed` })))
      await probe(400, () => ctx.write('PATCH', PAGE, { pageIdOrPathname: id }, update({ isOnline: 'yes' })))
      await probe(401, () => ctx.write('PATCH', PAGE, { pageIdOrPathname: id }, update({ name: `${ctx.tag} no key` }), { key: null }))
      await probe(404, () => ctx.write('PATCH', PAGE, { pageIdOrPathname: ctx.phantomId() }, update({ name: `${ctx.tag} nothing` }, { pathname: ctx.fixtures.uniquePath('nothing') })))
      await probe(409, () => ctx.write('PATCH', PAGE, { pageIdOrPathname: id }, { pathname: taken.pathname }))
    },
  }),
  schemaCheck({
    method: 'DELETE',
    template: PAGE,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      const id = idOf(await ctx.fixtures.createIn('page', site, 'schema-delete'))
      await probe(401, () => ctx.write('DELETE', PAGE, { pageIdOrPathname: id }, undefined, { key: null }))
      await probe(404, () => ctx.write('DELETE', PAGE, { pageIdOrPathname: ctx.phantomId() }))
      await probe(204, () => ctx.write('DELETE', PAGE, { pageIdOrPathname: id }))
    },
  }),
  schemaCheck({
    method: 'GET',
    template: ROUTES,
    specOnly: NO_ROUTES,
    async run(ctx, probe) {
      const site = await ctx.fixtures.readSite()
      await probe(200, () => ctx.get(ROUTES, {}, { siteId: site.id }))
      await probe(400, () => ctx.get(ROUTES, {}, { siteId: 'not-a-uuid' }))
      await probe(401, () => ctx.get(ROUTES, {}, { siteId: site.id }, null))
      if (ctx.options.otherApiKey) await probe(403, () => ctx.get(ROUTES, {}, { siteId: site.id }, ctx.options.otherApiKey))
    },
  }),
  schemaCheck({
    method: 'GET',
    template: ROUTE,
    specOnly: NO_ROUTES,
    async run(ctx, probe) {
      const site = await ctx.fixtures.readSite()
      const route = await ctx.fixtures.item('route')
      await probe(200, () => ctx.get(ROUTE, { routeIdOrPathname: idOf(route) }))
      await probe(200, () => ctx.get(ROUTE, { routeIdOrPathname: String(route.pathname) }, { siteId: site.id }))
      await probe(400, () => ctx.get(ROUTE, { routeIdOrPathname: String(route.pathname) }))
      await probe(401, () => ctx.get(ROUTE, { routeIdOrPathname: idOf(route) }, {}, null))
      await probe(404, () => ctx.get(ROUTE, { routeIdOrPathname: ctx.phantomId() }))
    },
  }),
  schemaCheck({
    method: 'POST',
    template: ROUTES,
    specOnly: NO_ROUTES,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      const taken = await ctx.fixtures.item('route')
      await probe(201, () => ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname: ctx.fixtures.uniquePath('schema') }))
      await probe(400, () => ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname: 42 }))
      await probe(401, () => ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname: ctx.fixtures.uniquePath('no-key') }, { key: null }))
      await probe(404, () => ctx.write('POST', ROUTES, {}, { siteId: ctx.phantomId(), pathname: ctx.fixtures.uniquePath('nowhere') }))
      await probe(409, () => ctx.write('POST', ROUTES, {}, { siteId: site.id, pathname: taken.pathname }))
    },
  }),
  schemaCheck({
    method: 'PATCH',
    template: ROUTE,
    specOnly: NO_ROUTES,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      const id = idOf(await ctx.fixtures.createIn('route', site, 'schema-patch'))
      const taken = await ctx.fixtures.item('route')
      await probe(200, () => ctx.write('PATCH', ROUTE, { routeIdOrPathname: id }, { pathname: ctx.fixtures.uniquePath('moved') }))
      await probe(400, () => ctx.write('PATCH', ROUTE, { routeIdOrPathname: id }, { pathname: 42 }))
      await probe(401, () => ctx.write('PATCH', ROUTE, { routeIdOrPathname: id }, { pathname: ctx.fixtures.uniquePath('no-key') }, { key: null }))
      await probe(404, () => ctx.write('PATCH', ROUTE, { routeIdOrPathname: ctx.phantomId() }, { pathname: ctx.fixtures.uniquePath('nothing') }))
      await probe(409, () => ctx.write('PATCH', ROUTE, { routeIdOrPathname: id }, { pathname: taken.pathname }))
    },
  }),
  schemaCheck({
    method: 'DELETE',
    template: ROUTE,
    specOnly: NO_ROUTES,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      const id = idOf(await ctx.fixtures.createIn('route', site, 'schema-delete'))
      await probe(401, () => ctx.write('DELETE', ROUTE, { routeIdOrPathname: id }, undefined, { key: null }))
      await probe(404, () => ctx.write('DELETE', ROUTE, { routeIdOrPathname: ctx.phantomId() }))
      await probe(204, () => ctx.write('DELETE', ROUTE, { routeIdOrPathname: id }))
    },
  }),
]
