import { randomUUID } from 'node:crypto'
import { guard, reachableSite, type Call, type Handler } from '../call.js'
import { checked } from '../checked.js'
import { now } from '../clock.js'
import { badRequest, conflict, notFound } from '../http-error.js'
import { byCodeUnit, listBody, pageOf } from '../lists.js'
import { pageJson } from '../present.js'
import type { Locale, Page, Site } from '../store.js'
import { boolean, isUuid, limit, name, nullable, numberBetween, oneOf, pagePathname, string, text, url, uuid, type Issues, type Rule, type Shape } from '../validate.js'

const FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const
const SORTS = ['title', 'path', 'description', 'updatedAt', 'createdAt'] as const
type SortBy = (typeof SORTS)[number]

const prefix: Rule = (value) => (!string(value) ? 'expected a string' : value.startsWith('/') && value.length <= 2048 ? undefined : 'expected a pathname prefix that starts with /')
const localeParam: Rule = (value) => (!string(value) ? 'expected a string' : value.length >= 1 && value.length <= 64 ? undefined : 'expected a locale code or a locale id')
const VERSION = oneOf(['ref:draft', 'ref:live'])

/** The page list's query, without the site (it comes from the query or from the path). */
export const PAGE_LIST_QUERY: Shape = {
  limit: { rule: limit },
  startingAfter: { rule: uuid },
  pathPrefix: { rule: prefix },
  sortBy: { rule: oneOf(SORTS) },
  sortDirection: { rule: oneOf(['asc', 'desc']) },
  includeOffline: { rule: oneOf(['true', 'false']) },
  locale: { rule: localeParam },
  versionRef: { rule: VERSION },
}

/** The locale a `locale` parameter names in the site: its code or its id; anything else is a 400. */
function localeNamed(call: Call, site: Site, value: string): Locale {
  const found = call.store.activeLocalesOf(site.id).find((locale) => locale.code === value || locale.id === value.toLowerCase())
  if (!found) throw badRequest([{ field: 'locale', message: 'the site has no such locale' }])
  return found
}

/** The value a page sorts by: text, or null for a title or description that has none. */
function sortValue(page: Page, sortBy: SortBy): string | null {
  if (sortBy === 'path') return page.pathname
  if (sortBy === 'title') return page.title
  if (sortBy === 'description') return page.description
  return sortBy === 'updatedAt' ? page.updatedAt : page.createdAt
}

/**
 * The order of the page list: by code unit in the asked direction. Neither document places nulls
 * or ties: here a null comes first in both directions, and ties keep creation order, oldest first.
 */
function comparePages(sortBy: SortBy, direction: 'asc' | 'desc') {
  return (a: Page, b: Page): number => {
    const [x, y] = [sortValue(a, sortBy), sortValue(b, sortBy)]
    if (x === null || y === null) {
      if (x !== y) return x === null ? -1 : 1
    } else {
      const order = byCodeUnit(x, y)
      if (order !== 0) return direction === 'asc' ? order : -order
    }
    return a.seq - b.seq
  }
}

/** GET /v6/pages and GET /v2/sites/{siteId}/pages: one list, filtered, ordered and paged. */
export function listPagesOf(call: Call, siteId: string): ReturnType<Handler> {
  const site = reachableSite(call, siteId)
  const q = call.query
  const locale = q.locale === undefined ? undefined : localeNamed(call, site, q.locale)
  const pages = call.store
    .pagesOf(site.id)
    .filter((page) => page.pathname.startsWith(q.pathPrefix ?? '/'))
    .filter((page) => q.includeOffline === 'true' || page.isOnline)
    .filter((page) => locale === undefined || page.localeId === locale.id)
    // The live version holds published pages only; no operation of the API publishes one.
    .filter((page) => q.versionRef !== 'ref:live' || page.publishedAt !== null)
    .sort(comparePages((q.sortBy as SortBy | undefined) ?? 'path', q.sortDirection === 'desc' ? 'desc' : 'asc'))
  return { status: 200, body: listBody(pageOf(pages, q.limit, q.startingAfter), (page) => pageJson(call.store, page)) }
}

export const listPages: Handler = (call) => {
  checked(call, { query: { siteId: { rule: uuid, required: true }, ...PAGE_LIST_QUERY } })
  return listPagesOf(call, call.query.siteId!)
}

/** The path names a page by id (a UUID) or by pathname (starting with /); a pathname needs `siteId`. */
function lookupRules(call: Call) {
  return (issues: Issues): void => {
    const key = call.params.pageIdOrPathname!
    if (!isUuid(key) && !key.startsWith('/')) issues.add('pageIdOrPathname', 'expected a page id or a pathname that starts with /')
    else if (!isUuid(key) && call.query.siteId === undefined) issues.add('siteId', 'siteId is required when the page is named by its pathname')
  }
}

function findPage(call: Call): Page {
  const key = call.params.pageIdOrPathname!
  if (isUuid(key)) {
    const page = call.store.pages.get(key.toLowerCase())
    if (!page || (call.query.siteId !== undefined && call.query.siteId.toLowerCase() !== page.siteId)) throw notFound('page')
    guard(call, page.siteId)
    return page
  }
  const site = reachableSite(call, call.query.siteId!)
  return call.store.pagesOf(site.id).find((page) => page.pathname === key) ?? notFoundPage()
}

const notFoundPage = (): never => {
  throw notFound('page')
}

export const createPage: Handler = (call) => {
  const body = checked(call, { body: { siteId: { rule: uuid, required: true }, pathname: { rule: pagePathname, required: true }, name: { rule: name, required: true } } })
  const site = reachableSite(call, String(body.siteId))
  const pathname = String(body.pathname)
  if (call.store.pathnameTaken(site.id, pathname)) throw conflict(`a page or route of the site is at ${pathname}`)
  const at = now()
  const page: Page = {
    id: randomUUID(),
    siteId: site.id,
    pathname,
    name: String(body.name),
    localeId: site.defaultLocaleId,
    // Neither document says what a new page's search fields are: the title starts as the page's
    // name, and the sitemap priority at 0.5, the sitemap protocol's own default.
    title: String(body.name),
    description: null,
    canonicalUrl: null,
    socialImageUrl: null,
    sitemapPriority: 0.5,
    sitemapFrequency: null,
    excludedFromSearchEngines: false,
    isOnline: true,
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    seq: call.store.nextSeq(),
  }
  call.store.pages.set(page.id, page)
  return { status: 201, body: pageJson(call.store, page) }
}

export const getPage: Handler = (call) => {
  checked(call, { query: { siteId: { rule: uuid }, locale: { rule: localeParam }, versionRef: { rule: VERSION } } }, lookupRules(call))
  const page = findPage(call)
  if (call.query.locale !== undefined) localeNamed(call, call.store.sites.get(page.siteId)!, call.query.locale)
  if (call.query.versionRef === 'ref:live' && page.publishedAt === null) throw notFound('published page')
  return { status: 200, body: pageJson(call.store, page) }
}

const PAGE_UPDATE: Shape = {
  pathname: { rule: pagePathname },
  name: { rule: name },
  isOnline: { rule: boolean },
  title: { rule: nullable(text(512, false)) },
  description: { rule: nullable(text(4096, true)) },
  canonicalUrl: { rule: nullable(url) },
  socialImageUrl: { rule: nullable(url) },
  sitemapPriority: { rule: nullable(numberBetween(0, 1)) },
  sitemapFrequency: { rule: oneOf([...FREQUENCIES, null]) },
  excludedFromSearchEngines: { rule: nullable(boolean) },
}

export const updatePage: Handler = (call) => {
  const body = checked(call, { query: { siteId: { rule: uuid } }, body: PAGE_UPDATE }, lookupRules(call))
  const page = findPage(call)
  if (body.pathname !== undefined && call.store.pathnameTaken(page.siteId, String(body.pathname), page.id)) throw conflict(`a page or route of the site is at ${String(body.pathname)}`)
  // Every field given is taken as is: the shape above has vouched for its type.
  const record = page as unknown as Record<string, unknown>
  for (const field of Object.keys(PAGE_UPDATE)) if (body[field] !== undefined) record[field] = body[field]
  // An update that names no field changes nothing, and leaves updatedAt (`emptyPatchUpdatedAt`: unchanged).
  if (Object.keys(body).length > 0) page.updatedAt = now()
  return { status: 200, body: pageJson(call.store, page) }
}

export const deletePage: Handler = (call) => {
  checked(call, { query: { siteId: { rule: uuid } } }, lookupRules(call))
  call.store.pages.delete(findPage(call).id)
  return { status: 204 }
}
