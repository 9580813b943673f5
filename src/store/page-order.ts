import type { PageSortBy } from '../contracts/types.js'
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

/**
 * A total order for one sort: the value in the chosen direction, nulls last in both directions,
 * ties by id, so that every cursor names exactly one position.
 */
export function pageComparator(version: PageVersion, sortBy: PageSortBy, direction: SortDirection): (a: PageRecord, b: PageRecord) => number {
  const sign = direction === 'asc' ? 1 : -1
  return (a, b) => {
    const va = sortValue(contentOf(a, version)!, a, sortBy)
    const vb = sortValue(contentOf(b, version)!, b, sortBy)
    if (va !== vb) {
      if (va === null) return 1
      if (vb === null) return -1
      return sign * compareStrings(va, vb)
    }
    return compareStrings(a.id, b.id)
  }
}
