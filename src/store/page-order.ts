import type { PageSortBy } from '../generated/types.js'
import type { PageContent, PageRecord } from './records.js'
import { compareStrings } from './sorted-index.js'

export type PageVersion = 'draft' | 'live'
export type SortDirection = 'asc' | 'desc'

/** The content field each sort reads; createdAt is the page's own, the same in every version. */
export const SORT_FIELDS: Readonly<Record<PageSortBy, keyof PageContent | undefined>> = {
  path: 'pathname',
  title: 'title',
  description: 'description',
  updatedAt: 'updatedAt',
  createdAt: undefined,
}

/** The value a page sorts by; null for a missing title or description. */
function sortValue(content: PageContent, page: PageRecord, sortBy: PageSortBy): string | null {
  switch (sortBy) {
    case 'path':
      return content.pathname
    case 'title':
      return content.title
    case 'description':
      return content.description
    case 'updatedAt':
      return content.updatedAt
    case 'createdAt':
      return page.createdAt
  }
}

export const contentOf = (page: PageRecord, version: PageVersion): PageContent | null => (version === 'draft' ? page.draft : page.live)

/** How a deployment orders pages where the documents leave it open (see contracts/schemas/choices.json). */
export interface PageOrder {
  nulls: 'last' | 'first' | 'smallest' | 'largest'
  collation: 'code-unit' | 'case-insensitive'
  ties: 'id' | 'creation'
  /** Where a page comes in creation order, for ties by creation: instants alone cannot say, as writes in a burst share a millisecond. */
  creationRank?: (page: PageRecord) => number
}

/** sitemock's own: nulls last in both directions, UTF-16 code units, ties by id. */
export const SITEMOCK_PAGE_ORDER: PageOrder = { nulls: 'last', collation: 'code-unit', ties: 'id' }

/** Where a null goes, as -1 (before every value) or 1 (after), in this direction. */
function nullPlace(nulls: PageOrder['nulls'], sign: number): number {
  if (nulls === 'last') return 1
  if (nulls === 'first') return -1
  return nulls === 'smallest' ? -sign : sign
}

const caseFolded = (a: string, b: string): number => compareStrings(a.toLowerCase(), b.toLowerCase()) || compareStrings(a, b)

/**
 * A total order for one sort: the value in the chosen direction, nulls and ties placed as the
 * order says (sitemock's: nulls last in both directions, ties by id), so that every cursor names
 * exactly one position.
 */
export function pageComparator(version: PageVersion, sortBy: PageSortBy, direction: SortDirection, order: PageOrder = SITEMOCK_PAGE_ORDER): (a: PageRecord, b: PageRecord) => number {
  const sign = direction === 'asc' ? 1 : -1
  const nulls = nullPlace(order.nulls, sign)
  const compareValues = order.collation === 'case-insensitive' && sortBy !== 'createdAt' && sortBy !== 'updatedAt' ? caseFolded : compareStrings
  return (a, b) => {
    const va = sortValue(contentOf(a, version)!, a, sortBy)
    const vb = sortValue(contentOf(b, version)!, b, sortBy)
    if (va !== vb) {
      if (va === null) return nulls
      if (vb === null) return -nulls
      const byValue = sign * compareValues(va, vb)
      if (byValue !== 0) return byValue
    }
    if (order.ties === 'creation' && order.creationRank) return order.creationRank(a) - order.creationRank(b) || compareStrings(a.id, b.id)
    return compareStrings(a.id, b.id)
  }
}
