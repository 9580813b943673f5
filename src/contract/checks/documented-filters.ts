import { idOf, specOnly, type CheckContext, type Json } from '../check.js'
import { PAGE, PAGES, SITE } from '../endpoints.js'
import { breaks, newPage, ownSite, setupSend, type DocumentedCheck, type DocumentStatement } from './documented.js'
import { listItems } from './support.js'
import { pageUpdate } from '../page-update.js'

/**
 * What the page list's filters, flag and sort mean, each for every value it takes, as the
 * published OpenAPI describes them: only pages the check made are judged, listed with
 * includeOffline=true wherever being online is not the point (a new page may be offline).
 */

const LIST_PAGES = 'published OpenAPI, GET /v6/pages'
export const PATH_PREFIX: DocumentStatement = { where: `${LIST_PAGES}, parameter pathPrefix`, quote: 'The filter that limits pages to only those with a pathname that begins with this value.' }
export const INCLUDE_OFFLINE: DocumentStatement = { where: `${LIST_PAGES}, parameter includeOffline`, quote: 'The flag that determines whether to include offline pages in the results.' }
export const LOCALE_FILTER: DocumentStatement = { where: `${LIST_PAGES}, parameter locale`, quote: 'The locale code to filter pages by.' }
export const PAGE_LOCALE_DEFAULT: DocumentStatement = { where: 'specification, Resources › Page, field locale', quote: 'page locale; defaults to the default locale of the parent site' }
export const SORT_BY: DocumentStatement = { where: `${LIST_PAGES}, parameters sortBy and sortDirection`, quote: 'The field to sort pages by. / The sort direction.' }

/** Sets a page online or offline; a refusal is a refused setup. */
async function setOnline(ctx: CheckContext, page: Json, isOnline: boolean): Promise<void> {
  await setupSend(ctx, { method: 'PATCH', template: PAGE, params: { pageIdOrPathname: idOf(page) }, body: pageUpdate(ctx.options, page, { isOnline }) }, 200, `setting isOnline to ${isOnline}`)
}

const idsOf = (items: Json[]): Set<string> => new Set(items.map(idOf))
const pathnameOf = (page: Json): string => String(page.pathname)

export const documentedFilterChecks: DocumentedCheck[] = [
  {
    id: 'lifecycle.filter.page-path-prefix',
    group: 'lifecycle',
    name: 'GET /v6/pages?pathPrefix=P lists the pages whose pathname begins with P, the page whose pathname is P included, and no other',
    statements: [PATH_PREFIX],
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const exact = await newPage(ctx, site, 'prefix')
      // The prefix is the pathname as the target stored it: what it keeps of the input is its own.
      const prefix = pathnameOf(exact)
      const below = await newPage(ctx, site, 'prefix-below', `${prefix}/below`)
      const outside = await newPage(ctx, site, 'outside')
      const listed = await listItems(ctx, PAGES, { siteId: site.id, pathPrefix: prefix, includeOffline: 'true' })
      const ids = idsOf(listed)
      const stray = listed.find((page) => !pathnameOf(page).startsWith(prefix))
      ctx.expectAll(
        () => {
          if (!ids.has(idOf(exact))) breaks(ctx, PATH_PREFIX, `expected the page whose pathname is the prefix ${prefix} itself in the list with pathPrefix=${prefix}, got it missing`)
        },
        () => {
          if (pathnameOf(below).startsWith(prefix) && !ids.has(idOf(below))) breaks(ctx, PATH_PREFIX, `expected ${pathnameOf(below)} in the list with pathPrefix=${prefix}, got it missing`)
        },
        () => {
          if (ids.has(idOf(outside))) breaks(ctx, PATH_PREFIX, `expected ${pathnameOf(outside)} left out of the list with pathPrefix=${prefix}, got it listed`)
        },
        () => {
          if (stray) breaks(ctx, PATH_PREFIX, `expected only pathnames that begin with ${prefix}, got ${pathnameOf(stray)}`)
        },
      )
    },
  },
  {
    id: 'lifecycle.filter.page-include-offline',
    group: 'lifecycle',
    name: 'GET /v6/pages lists an offline page with includeOffline=true and leaves it out with includeOffline=false; an online page is listed with both',
    statements: [INCLUDE_OFFLINE],
    needs: ['write'],
    async run(ctx) {
      const site = await ownSite(ctx, 'include offline')
      const online = await newPage(ctx, site, 'online')
      const offline = await newPage(ctx, site, 'offline')
      await setOnline(ctx, online, true)
      await setOnline(ctx, offline, false)
      for (const flag of ['true', 'false'] as const) {
        const ids = idsOf(await listItems(ctx, PAGES, { siteId: site.id, includeOffline: flag }))
        ctx.expectAll(
          () => {
            if (!ids.has(idOf(online))) breaks(ctx, INCLUDE_OFFLINE, `expected the online page ${pathnameOf(online)} in the list with includeOffline=${flag}, got it missing`)
          },
          () => {
            if (ids.has(idOf(offline)) !== (flag === 'true')) {
              breaks(ctx, INCLUDE_OFFLINE, `expected the offline page ${pathnameOf(offline)} ${flag === 'true' ? 'in' : 'left out of'} the list with includeOffline=${flag}, got it ${flag === 'true' ? 'missing' : 'listed'}`)
            }
          },
        )
      }
    },
  },
  {
    id: 'lifecycle.filter.page-locale-default',
    group: 'lifecycle',
    name: "GET /v6/pages?locale=<the site's default locale> lists a page created without a locale",
    statements: [LOCALE_FILTER, PAGE_LOCALE_DEFAULT],
    ...specOnly("the published OpenAPI does not say which locale a page created without one has"),
    needs: ['write'],
    async run(ctx) {
      const site = await ctx.fixtures.sandbox()
      const page = await newPage(ctx, site, 'default-locale')
      // The code as the target answers it for the site: the form it stores is its own.
      const read = await ctx.get(SITE, { siteId: site.id })
      ctx.expectStatus(read, 200, 'reading the site')
      const code = String(ctx.json(read).defaultLocale)
      const ids = idsOf(await listItems(ctx, PAGES, { siteId: site.id, locale: code, includeOffline: 'true' }))
      if (!ids.has(idOf(page))) breaks(ctx, PAGE_LOCALE_DEFAULT, `expected the page ${pathnameOf(page)}, created without a locale, in the list with locale=${code} (the site's default locale), got it missing`)
      // A page that carries its locale is listed by that very code too.
      if (typeof page.locale === 'string' && page.locale !== code) {
        const own = idsOf(await listItems(ctx, PAGES, { siteId: site.id, locale: page.locale, includeOffline: 'true' }))
        if (!own.has(idOf(page))) breaks(ctx, LOCALE_FILTER, `expected the page ${pathnameOf(page)} in the list with locale=${page.locale}, the locale it answered, got it missing`)
      }
    },
  },
  {
    id: 'pagination.pages.sorts-offline-by-field',
    group: 'pagination',
    name: 'GET /v6/pages?includeOffline=true sorts offline pages by the field among the online ones, in both directions',
    statements: [SORT_BY],
    needs: ['write'],
    async run(ctx) {
      const site = await ownSite(ctx, 'sort offline')
      // Pathnames that differ only in their last lower-case letter: every collation orders them alike.
      const base = ctx.fixtures.uniquePath('sort')
      const pages: Json[] = []
      for (const letter of ['a', 'b', 'c']) pages.push(await newPage(ctx, site, `sort-${letter}`, `${base}-${letter}`))
      await setOnline(ctx, pages[0]!, true)
      await setOnline(ctx, pages[1]!, false)
      await setOnline(ctx, pages[2]!, true)
      const ours = idsOf(pages)
      for (const direction of ['asc', 'desc'] as const) {
        const listed = await listItems(ctx, PAGES, { siteId: site.id, includeOffline: 'true', sortBy: 'path', sortDirection: direction })
        const order = listed.filter((page) => ours.has(idOf(page))).map(pathnameOf)
        const expected = [...pages.map(pathnameOf)].sort()
        if (direction === 'desc') expected.reverse()
        if (order.join(' ') !== expected.join(' ')) {
          breaks(ctx, SORT_BY, `expected ${expected.join(', ')} with sortBy=path&sortDirection=${direction} (the middle one offline), got ${order.join(', ')}`)
        }
      }
    },
  },
]
