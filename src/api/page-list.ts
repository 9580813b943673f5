import type { ListPagesQuery, Page } from '../contracts/types.js'
import { contentOf } from '../store/page-order.js'
import type { Store } from '../store/store.js'
import { localeToCollapse, localizationIn } from './page-target.js'
import { paginate, type ListBody } from './paginate.js'
import { presentedText, presentPage } from './present.js'
import type { OperationResult } from './types.js'

/**
 * One page of a site's pages: in the chosen order and version, filtered by prefix, online
 * state and locale. Each such view has its own sorted index, so the cost of a page does not
 * depend on how many pages the site holds or how few match. Sorting and the prefix apply to
 * the page's own pathname; a locale then shows each page collapsed into its localization.
 */
export function listPages(store: Store, siteId: string, query: Omit<ListPagesQuery, 'siteId'>): OperationResult {
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
  const data: Page[] = []
  // The list's text joins its pages' kept texts: what JSON.stringify(body) gives, without
  // serializing a page again. A page collapsed into a locale has no kept text, and its list is serialized whole.
  let parts: string[] | undefined = ['{"object":"list","data":[']
  for (const page of items) {
    const content = contentOf(page, view.version)!
    const localization = localizationIn(content.localizations, locale)
    const presented = presentPage(page, content, site.defaultLocale, localization)
    data.push(presented)
    if (localization !== undefined) parts = undefined
    if (parts === undefined) continue
    if (data.length > 1) parts.push(',')
    parts.push(presentedText(store, content, presented))
  }
  const body: ListBody<Page> = { object: 'list', data, hasMore }
  if (parts === undefined) return { status: 200, body }
  parts.push(hasMore ? '],"hasMore":true}' : '],"hasMore":false}')
  return { status: 200, body, payload: parts.join(''), payloadParts: parts }
}
