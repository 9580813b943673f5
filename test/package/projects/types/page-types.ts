// A web page's TypeScript: the API's types from the browser-safe entries, checked with the DOM
// lib and `types: []` (no Node globals, as TypeScript 7 defaults to), skipLibCheck off.
import { startBrowserMock, type Page as BrowserPage } from 'sitemock/browser'
import {
  createMockHandlers,
  type CreatePageBody,
  type ErrorBody,
  type ListPagesQuery,
  type Locale,
  type Page,
  type PageList,
  type Route,
  type RouteList,
  type Site,
  type SiteList,
  type UpdatePageBody,
} from 'sitemock/handlers'

const { mock } = createMockHandlers({ baseUrl: '/api' })
const site = mock.credentials().sites[0]!

export async function listPages(query: ListPagesQuery): Promise<Page[]> {
  const response = await fetch(`/api/v6/pages?siteId=${encodeURIComponent(query.siteId)}`, { headers: { 'x-api-key': site.publicApiKey } })
  if (!response.ok) {
    const error = (await response.json()) as ErrorBody
    throw new Error(`${error.code}: ${error.details?.map((detail) => detail.field).join(', ') ?? error.message}`)
  }
  const list = (await response.json()) as PageList
  return list.data
}

export const create: CreatePageBody = { siteId: site.id, pathname: '/about', name: 'About' }
export const update: UpdatePageBody = { title: 'About us' }
export const titles = (pages: readonly Page[]): Array<string | null> => pages.map((page) => page.title)
export const names = (list: SiteList): string[] => list.data.map((each: Site) => each.name)
export const codes = (locales: readonly Locale[]): string[] => locales.map((locale) => locale.locale)
export const pathnames = (list: RouteList): string[] => list.data.map((route: Route) => route.pathname)
export const same = (page: BrowserPage): Page => page
export const started = startBrowserMock
