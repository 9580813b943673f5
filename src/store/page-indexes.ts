import type { PageSortBy } from '../generated/types.js'
import { contentOf, pageComparator, SORT_FIELDS, type PageVersion, type SortDirection } from './page-order.js'
import { blankContent, type PageContent, type PageRecord } from './records.js'
import { SortedIndex } from './sorted-index.js'

/**
 * What one page list shows: a version of the pages, in one order, filtered. Every distinct
 * view gets its own sorted index, so a page of 20 is a binary search and 20 steps however
 * few pages match and however deep the cursor is.
 */
export interface PageView {
  version: PageVersion
  sortBy: PageSortBy
  direction: SortDirection
  /** Only pages whose pathname starts with it; '/' keeps every page. */
  pathPrefix: string
  /** The prefix compared without case (`/blog` takes in `/Blog/x`), as a deployment may (choice pathPrefixCase any-case). */
  prefixAnyCase?: boolean
  includeOffline: boolean
  /**
   * Only pages localized in this locale. The record itself, not its code: a renamed locale
   * renames its pages' localizations, so matching the record's current code keeps the view exact.
   */
  locale?: { id: string; locale: string }
}

/** A built view: its sorted members, and the test a page passes to be one. */
export interface PageViewIndex {
  readonly view: PageView
  readonly index: SortedIndex<PageRecord>
  matches(page: PageRecord): boolean
  /** The content fields its order and filter read: a change to none of them leaves the page where it is. */
  readonly reads: ReadonlyArray<keyof PageContent>
}

/**
 * Built views kept per site. Each costs a pointer per member and a little work on every
 * write, so the least recently listed go beyond this many (they are rebuilt if asked for again).
 */
export const MAX_VIEWS_PER_SITE = 32

const viewKey = (v: PageView): string => `${v.version}|${v.sortBy}|${v.direction}|${v.includeOffline}|${v.locale?.id ?? ''}|${v.prefixAnyCase === true ? 'i' : ''}|${v.pathPrefix}`

/** Whether a pathname starts with the prefix: exactly, or in any case for a view whose prefix is compared so. */
function prefixTest(view: PageView): (pathname: string) => boolean {
  const { pathPrefix } = view
  if (view.prefixAnyCase !== true) return (pathname) => pathname.startsWith(pathPrefix)
  const folded = pathPrefix.toLowerCase()
  return (pathname) => pathname.toLowerCase().startsWith(folded)
}

export function pageMatcher(view: PageView): (page: PageRecord) => boolean {
  const { version, includeOffline, locale } = view
  const underPrefix = prefixTest(view)
  return (page) => {
    const content = contentOf(page, version)
    return (
      content !== null &&
      (includeOffline || content.isOnline) &&
      underPrefix(content.pathname) &&
      (locale === undefined || content.localizations.some((l) => l.locale === locale.locale))
    )
  }
}

/** The content fields a view's order and filter read (pageComparator and pageMatcher). */
function fieldsRead(view: PageView): Array<keyof PageContent> {
  const sortField = SORT_FIELDS[view.sortBy]
  return [
    ...(sortField === undefined ? [] : [sortField]),
    ...(view.includeOffline ? [] : ['isOnline' as const]),
    // Only the empty prefix holds every pathname: under the documents' rules a pathname need not start with / (pagePathnameForm).
    ...(view.pathPrefix === '' ? [] : ['pathname' as const]),
    ...(view.locale === undefined ? [] : ['localizations' as const]),
  ]
}

/** A stand-in page that sorts before every page with this pathname: where a prefix's range starts. */
function probe(pathname: string): PageRecord {
  const content = blankContent('', pathname, '')
  return { id: '', siteId: '', createdAt: '', publishedAt: null, draft: content, live: content }
}

/** One site's pages, and every view of them a list has asked for, built on first use and kept up to date. */
export class SitePageIndexes {
  readonly all = new Set<PageRecord>()
  /** In order of last use, least recent first. */
  private readonly views = new Map<string, PageViewIndex>()

  view(view: PageView): PageViewIndex {
    const key = viewKey(view)
    let built = this.views.get(key)
    if (built) this.views.delete(key)
    else built = this.build(view)
    this.views.set(key, built)
    if (this.views.size > MAX_VIEWS_PER_SITE) this.views.delete(this.views.keys().next().value!)
    return built
  }

  add(page: PageRecord): void {
    this.all.add(page)
    // No view is built while a scenario loads: each of its pages skips making an iterator.
    if (this.views.size === 0) return
    for (const { index, matches } of this.views.values()) if (matches(page)) index.insert(page)
  }

  remove(page: PageRecord): void {
    for (const { index, matches } of this.views.values()) if (matches(page)) index.remove(page)
    this.all.delete(page)
  }

  /**
   * Applies `changes` to one version of the page, moving it in (or into, or out of) each view of
   * that version whose order or filter reads a changed field. The other views keep it where it
   * is: at 100,000 pages each move is two binary searches through records the CPU caches no
   * longer hold, and an edit of the title need not move the page in a list by pathname.
   */
  change(page: PageRecord, version: PageVersion, changes: Partial<PageContent>): void {
    const content = contentOf(page, version)
    if (content === null) return
    const moved = [...this.views.values()].filter((built) => built.view.version === version && built.reads.some((field) => Object.hasOwn(changes, field)))
    for (const { index, matches } of moved) if (matches(page)) index.remove(page)
    Object.assign(content, changes)
    for (const { index, matches } of moved) if (matches(page)) index.insert(page)
  }

  /** Forgets the views of a version whose every page changed at once; they are rebuilt on their next use. */
  forget(version: PageVersion): void {
    for (const [key, built] of this.views) if (built.view.version === version) this.views.delete(key)
  }

  private build(view: PageView): PageViewIndex {
    const matches = pageMatcher(view)
    const compare = pageComparator(view.version, view.sortBy, view.direction)
    const members = [...this.candidates(view)].filter(matches).sort(compare)
    const index = new SortedIndex(compare)
    // Inserted in order, each is an append to the last chunk rather than a move within one.
    for (const page of members) index.insert(page)
    return { view, index, matches, reads: fieldsRead(view) }
  }

  /**
   * Pages that may belong to the view: under a prefix, only the range of the pathname order that
   * holds it. A prefix in any case has no one range in that order (`/B` sorts before `/a`, `/b`
   * after): every page is a candidate, once, as the view is built.
   */
  private *candidates(view: PageView): Iterable<PageRecord> {
    if (view.pathPrefix === '' || view.pathPrefix === '/' || view.prefixAnyCase === true) {
      yield* this.all
      return
    }
    const byPath = this.view({ version: view.version, sortBy: 'path', direction: 'asc', pathPrefix: '', includeOffline: true }).index
    for (const page of byPath.walk(byPath.lowerBound(probe(view.pathPrefix)), 1)) {
      if (!contentOf(page, view.version)!.pathname.startsWith(view.pathPrefix)) return
      yield page
    }
  }
}
