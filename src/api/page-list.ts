import type { Choices } from '../freedom/catalogue.js'
import type { ListPagesQuery, Page } from '../generated/types.js'
import type { PageView } from '../store/page-indexes.js'
import { contentOf, pageComparator, SITEMOCK_PAGE_ORDER, type PageOrder } from '../store/page-order.js'
import { SortedIndex } from '../store/sorted-index.js'
import type { PageRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import { creationRank } from '../store/deleted.js'
import { deletedPages } from './deleted-cursor.js'
import { foreignTo } from './foreign-cursor.js'
import { localeToCollapse, shownIn } from './page-target.js'
import { paginate, type ListBody } from './paginate.js'
import { presentedText, presentPage } from './present.js'
import type { OperationResult } from './types.js'

/**
 * One page of a site's pages: in the chosen order and version, filtered by prefix, online
 * state and locale. Each such view has its own sorted index, so the cost of a page does not
 * depend on how many pages the site holds or how few match. Sorting and the prefix apply to
 * the page's own pathname; a locale then shows each page collapsed into its localization
 * (and, where a deployment lists every page in a locale, choice localeFilterScope all, the
 * pages without one as they are).
 */
export function listPages(store: Store, siteId: string, query: Omit<ListPagesQuery, 'siteId'>, choices?: Required<Choices>): OperationResult {
  const site = store.sites.get(siteId)!
  const locale = localeToCollapse(store, site, query.locale, choices?.pageUnknownLocale, choices)
  if (locale === null) return { status: 200, body: { object: 'list', data: [], hasMore: false } }
  const pathPrefix = query.pathPrefix ?? '/'
  const { view, index: sitemockIndex, matches } = store.pages.view(siteId, {
    version: query.versionRef === 'ref:live' ? 'live' : 'draft',
    sortBy: query.sortBy ?? 'path',
    direction: query.sortDirection ?? 'asc',
    pathPrefix,
    // A deployment that withdraws an offline page's live version lists none offline under ref:live (choice offlineLiveVersion).
    includeOffline: query.includeOffline === 'true' && !(query.versionRef === 'ref:live' && choices?.offlineLiveVersion === 'withdrawn'),
    locale: choices?.localeFilterScope === 'all' ? undefined : locale,
    // A prefix with no letter is the same in every case: its view is the exact one, a range of the pathname order.
    prefixAnyCase: choices?.pathPrefixCase === 'any-case' && pathPrefix.toLowerCase() !== pathPrefix.toUpperCase(),
  })
  const index = choices === undefined ? sitemockIndex : inChosenOrder(store, siteId, sitemockIndex, view, choices)
  // `matches` admits only a cursor that is in this very list.
  const { items, hasMore } = paginate(index, (id) => store.pages.byId.get(id), query, {
    include: matches,
    cursors: choices,
    foreign: foreignTo(store, 'page', siteId),
    placed: (page) => contentOf(page, view.version) !== null,
    deleted: deletedPages(store, siteId, choices),
    limitZero: choices?.limitZero,
  })
  const contents = items.map((page) => contentOf(page, view.version)!)
  const localizations = contents.map((content) => shownIn(content, locale, choices))
  // A page collapsed into a locale has no kept text: such a list is serialized whole.
  if (localizations.some((localization) => localization !== undefined)) {
    const data = items.map((page, i) => presentPage(page, contents[i]!, site.defaultLocale, localizations[i]))
    const body: ListBody<Page> = { object: 'list', data, hasMore }
    return { status: 200, body }
  }
  // Otherwise the list's text joins its pages' kept texts: what JSON.stringify of the list gives,
  // without presenting or serializing a page again.
  const parts = ['{"object":"list","data":[']
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(',')
    parts.push(presentedText(store, items[i]!, contents[i]!, site.defaultLocale))
  }
  parts.push(hasMore ? '],"hasMore":true}' : '],"hasMore":false}')
  return { status: 200, payload: parts.join(''), payloadParts: parts }
}

/**
 * The view's pages in a deployment's order (choices nullsSort, sortCollation, sortTies), sorted
 * afresh for the request: the store keeps its views in sitemock's order only.
 */
function inChosenOrder(store: Store, siteId: string, index: SortedIndex<PageRecord>, view: PageView, choices: Required<Choices>): SortedIndex<PageRecord> {
  const order: PageOrder = { nulls: choices.nullsSort, collation: choices.sortCollation, ties: choices.sortTies }
  if (order.nulls === SITEMOCK_PAGE_ORDER.nulls && order.collation === SITEMOCK_PAGE_ORDER.collation && order.ties === SITEMOCK_PAGE_ORDER.ties) return index
  if (order.ties === 'creation') {
    const ranks = new Map<PageRecord, number>()
    for (const page of store.pages.inOrderAdded(siteId)) ranks.set(page, ranks.size)
    // A page a delete removed (a cursor, deletedCursor after-place) comes just after the one created before it.
    order.creationRank = (page) => creationRank(ranks, page, (each) => store.deleted.placed('page', each.id)) ?? 0
  }
  const compare = pageComparator(view.version, view.sortBy, view.direction, order)
  const chosen = new SortedIndex(compare)
  for (const page of index.values().sort(compare)) chosen.insert(page)
  return chosen
}
