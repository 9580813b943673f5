import type { ListPagesQuery, Page } from '../contracts/types.js'
import { contentOf } from '../store/page-order.js'
import type { Store } from '../store/store.js'
import { localeToCollapse, localizationIn } from './page-target.js'
import { paginate, type ListBody } from './paginate.js'
import { pageResponse } from './present.js'

/**
 * One page of a site's pages: in the chosen order and version, filtered by prefix, online
 * state and locale. Each such view has its own sorted index, so the cost of a page does not
 * depend on how many pages the site holds or how few match. Sorting and the prefix apply to
 * the page's own pathname; a locale then shows each page collapsed into its localization.
 */
export function listPages(store: Store, siteId: string, query: Omit<ListPagesQuery, 'siteId'>): { body: ListBody<Page>; payload?: string; payloadParts?: readonly string[] } {
  const site = store.sites.get(siteId)!
  const locale = localeToCollapse(store, site, query.locale)
  const { view, index, matches } = store.pages.view(siteId, {
    version: query.versionRef === 'ref:live' ? 'live' : 'draft',
    sortBy: query.sortBy ?? 'path',
    direction: query.sortDirection ?? 'asc',
    pathPrefix: query.pathPrefix ?? '/',
    includeOffline: query.includeOffline === 'true',
    locale,
  })
  // `matches` admits only a cursor that is in this very list.
  const { items, hasMore } = paginate(index, (id) => store.pages.byId.get(id), query, { include: matches })
  const pages = items.map((page) => {
    const content = contentOf(page, view.version)!
    return pageResponse(store, page, content, site.defaultLocale, localizationIn(content.localizations, locale))
  })
  const body: ListBody<Page> = { object: 'list', data: pages.map((page) => page.body), hasMore }
  // The list's text joins its pages' texts: what JSON.stringify(body) gives, without serializing a page again.
  if (pages.some((page) => page.payload === undefined)) return { body }
  const parts = ['{"object":"list","data":[']
  for (let i = 0; i < pages.length; i++) {
    if (i > 0) parts.push(',')
    parts.push(pages[i]!.payload!)
  }
  parts.push(hasMore ? '],"hasMore":true}' : '],"hasMore":false}')
  return { body, payload: parts.join(''), payloadParts: parts }
}
