import type { ListPagesQuery, Page } from '../contracts/types.js'
import { contentOf, type PageVersion } from '../store/page-order.js'
import type { PageRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { findLocaleCode, localizationIn } from './page-target.js'
import { paginate, type ListBody } from './paginate.js'
import { presentPage } from './present.js'

/**
 * One page of a site's pages: in the chosen order and version, filtered by prefix, online
 * state and locale. The cursor follows the chosen order, so a walk sees every match once.
 */
export function listPages(store: Store, siteId: string, query: Omit<ListPagesQuery, 'siteId'>): ListBody<Page> {
  const site = store.sites.get(siteId)!
  const version: PageVersion = query.versionRef === 'ref:live' ? 'live' : 'draft'
  const index = store.pages.ofSite(siteId, { version, sortBy: query.sortBy ?? 'path', direction: query.sortDirection ?? 'asc' })
  const prefix = query.pathPrefix ?? '/'
  const includeOffline = query.includeOffline === 'true'
  const localeCode = findLocaleCode(store, site, query.locale)
  const include = (page: PageRecord): boolean => {
    const content = contentOf(page, version)!
    return (
      (includeOffline || content.isOnline) &&
      content.pathname.startsWith(prefix) &&
      (localeCode === undefined || localizationIn(content.localizations, localeCode) !== undefined)
    )
  }
  const { items, hasMore } = paginate(index, (id) => store.pages.byId.get(id), query, { include })
  const data = items.map((page) => {
    const content = contentOf(page, version)!
    return presentPage(page, content, site.defaultLocale, localizationIn(content.localizations, localeCode))
  })
  return { object: 'list', data, hasMore }
}
