import { ApiError } from '../api/errors.js'
import type { DataList, DataQuery, DataRecord, DataRow } from '../generated/types.js'
import { exportLocale, exportPage, exportRoute, exportSite } from '../scenarios/export-state.js'
import type { LocaleRecord, PageRecord, RouteRecord, SiteRecord } from '../store/records.js'
import type { SortedIndex } from '../store/sorted-index.js'
import type { Store } from '../store/store.js'

export type DataKind = DataList['kind']
export type SiteChildKind = Exclude<DataKind, 'sites'>

const DEFAULT_LIMIT = 25
export const DATA_KINDS: readonly DataKind[] = ['sites', 'locales', 'pages', 'routes']
const CHILD_KINDS: readonly SiteChildKind[] = ['locales', 'pages', 'routes']

/** Records in index order, or any order a list keeps: what a page of the browser is cut from. */
interface Source<T> {
  size: number
  from(position: number): Iterable<T>
}

const fromIndex = <T>(index: SortedIndex<T>): Source<T> => ({ size: index.size, from: (position) => index.walk(position, 1) })
const fromArray = <T>(items: readonly T[]): Source<T> => ({ size: items.length, from: (position) => items.slice(position) })

/**
 * One page of rows. Without a search it starts at `offset` in the index, so a page of a site
 * with 100,000 pages costs the same as one of ten; a search walks the index once to count.
 */
function page<T>(kind: DataKind, source: Source<T>, query: DataQuery, row: (item: T) => DataRow): DataList {
  const { offset = 0, limit = DEFAULT_LIMIT } = query
  const search = query.search?.trim().toLowerCase()
  const items: DataRow[] = []
  if (!search) {
    for (const item of source.from(offset)) {
      if (items.length >= limit) break
      items.push(row(item))
    }
    return { kind, total: source.size, offset, items }
  }
  let total = 0
  for (const item of source.from(0)) {
    const shown = row(item)
    if (!shown.name.toLowerCase().includes(search) && !shown.pathname?.toLowerCase().includes(search)) continue
    if (total >= offset && items.length < limit) items.push(shown)
    total++
  }
  return { kind, total, offset, items }
}

export function listSites(store: Store, query: DataQuery): DataList {
  return page('sites', fromArray([...store.sites.values()]), query, (site) => ({
    id: site.id,
    name: site.name,
    pathname: null,
    summary: `site key ${site.publicApiKey} · workspace ${site.workspaceId} · ${counted(store.locales.ofSite(site.id).size, 'locales')} · ${counted(store.pages.ofSite(site.id).size, 'pages')} · ${counted(store.routes.ofSite(site.id).size, 'routes')}`,
  }))
}

export function listOfSite(store: Store, siteId: string, kind: string, query: DataQuery): DataList {
  const site = siteOf(store, siteId)
  switch (childKind(kind)) {
    case 'locales':
      return page('locales', fromIndex(store.locales.ofSite(site.id)), query, (locale) => localeRow(locale, site))
    case 'pages':
      return page('pages', fromIndex(store.pages.ofSite(site.id)), query, pageRow)
    case 'routes':
      return page('routes', fromIndex(store.routes.ofSite(site.id)), query, (route) => ({ id: route.id, name: route.pathname, pathname: route.pathname, summary: '' }))
  }
}

const counted = (count: number, what: string): string => `${count.toLocaleString('en-US')} ${what}`

function localeRow(locale: LocaleRecord, site: SiteRecord): DataRow {
  const role = locale.locale === site.defaultLocale ? 'default' : 'additional'
  return { id: locale.id, name: locale.locale, pathname: null, summary: locale.domain ? `${role} · domain ${locale.domain}` : role }
}

function pageRow(page: PageRecord): DataRow {
  const versions = page.live ? (page.live.pathname === page.draft.pathname ? 'draft and live' : `draft and live at ${page.live.pathname}`) : 'draft only'
  const localizations = page.draft.localizations.map((l) => l.locale).join(', ')
  const offline = page.draft.isOnline ? '' : ' · offline'
  return { id: page.id, name: page.draft.name, pathname: page.draft.pathname, summary: `${versions}${offline}${localizations ? ` · localized: ${localizations}` : ''}` }
}

/** One record as a fixture document holds it (pages with both versions and their localizations). */
export function recordOf(store: Store, kind: string, id: string): DataRecord {
  const key = id.toLowerCase()
  const missing = (): ApiError => new ApiError(404, 'not_found', `No ${kind.replace(/s$/, '')} found with id ${id}.`)
  switch (dataKind(kind)) {
    case 'sites': {
      const site = store.sites.get(key)
      if (!site) throw missing()
      return exportSite(site)
    }
    case 'locales': {
      const locale = store.locales.byId.get(key)
      if (!locale) throw missing()
      // A deleted site's locale is still found where the site's delete leaves its locales (choice siteDeleteChildren kept).
      return exportLocale(locale, store.siteRecord(locale.siteId)!)
    }
    case 'pages': {
      const page = store.pages.byId.get(key)
      if (!page) throw missing()
      return exportPage(page)
    }
    case 'routes': {
      const route: RouteRecord | undefined = store.routes.byId.get(key)
      if (!route) throw missing()
      return exportRoute(route)
    }
  }
}

function siteOf(store: Store, siteId: string): SiteRecord {
  const site = store.sites.get(siteId.toLowerCase())
  if (!site) throw new ApiError(404, 'not_found', `No site found with id ${siteId}.`)
  return site
}

function childKind(kind: string): SiteChildKind {
  if ((CHILD_KINDS as readonly string[]).includes(kind)) return kind as SiteChildKind
  throw new ApiError(404, 'not_found', `No data of kind ${JSON.stringify(kind)} in a site; accepted: ${CHILD_KINDS.join(', ')}.`)
}

export function dataKind(kind: string): DataKind {
  if ((DATA_KINDS as readonly string[]).includes(kind)) return kind as DataKind
  throw new ApiError(404, 'not_found', `No data of kind ${JSON.stringify(kind)}; accepted: ${DATA_KINDS.join(', ')}.`)
}
