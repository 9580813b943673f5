import type { FixturePage, FixturePageContent } from '../generated/types.js'
import type { PageContent, PageRecord } from '../store/records.js'

/**
 * Timestamps a fixture leaves out: fixed, so a fixture loads to the same state at any time. A
 * timestamp written as null stays null (the documents let a page's createdAt and updatedAt be
 * null, and a snapshot keeps what the deployment answered), so "left out" is tested as undefined.
 */
export const FIXTURE_EPOCH = '2026-01-01T00:00:00.000Z'

type CompleteContent = Required<FixturePageContent>
type CompletePage = Omit<Required<FixturePage>, 'draft' | 'live'> & { draft: CompleteContent; live: CompleteContent | null }
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

// adoptPage relies on this: a fixture page with every field filled in IS a page record. If the
// record or the fixture schema changes shape, this line stops compiling; then change both.
const pageIsRecord: Same<CompletePage, PageRecord> = true
void pageIsRecord

/** A new record from a fixture page; the document is left as it was. */
export function copyPage(page: FixturePage): PageRecord {
  const createdAt = page.createdAt === undefined ? FIXTURE_EPOCH : page.createdAt
  return {
    id: page.id,
    siteId: page.siteId,
    createdAt,
    publishedAt: page.publishedAt ?? null,
    draft: copyContent(page.draft, createdAt),
    live: page.live ? copyContent(page.live, createdAt) : null,
  }
}

/**
 * The fixture page itself, its left-out fields filled in, as the record: loading a large
 * parsed document then keeps one copy of every page, not two. Only for a document nobody
 * else holds (one just read from a file).
 */
export function adoptPage(page: FixturePage): PageRecord {
  if (page.createdAt === undefined) page.createdAt = FIXTURE_EPOCH
  const { createdAt } = page
  page.publishedAt ??= null
  fillContent(page.draft, createdAt)
  if (page.live) fillContent(page.live, createdAt)
  else page.live = null
  return page as CompletePage
}

/**
 * The fixture page itself as the record, as it is: for a page written complete (every field
 * there, as copyPage makes it) whose repeated strings are shared already, as the scenario
 * cache writes and reads them (cache-document.ts), so there is nothing to fill in or share.
 */
export const takePage = (page: FixturePage): PageRecord => page as CompletePage

/** How a fixture's pages become records: copied, adopted (filled in and shared), or taken as they are. */
export type PageIntake = 'copy' | 'adopt' | 'take'

function copyContent(content: FixturePageContent, createdAt: string | null): PageContent {
  return {
    name: content.name,
    pathname: content.pathname,
    title: content.title ?? null,
    description: content.description ?? null,
    canonicalUrl: content.canonicalUrl ?? null,
    socialImageUrl: content.socialImageUrl ?? null,
    sitemapPriority: content.sitemapPriority ?? null,
    sitemapFrequency: content.sitemapFrequency ?? null,
    isOnline: content.isOnline ?? true,
    excludedFromSearchEngines: content.excludedFromSearchEngines ?? null,
    localizations: (content.localizations ?? []).map(({ id, locale, pathname }) => ({ id, locale, pathname })),
    updatedAt: content.updatedAt === undefined ? createdAt : content.updatedAt,
  }
}

function fillContent(content: FixturePageContent, createdAt: string | null): void {
  content.title ??= null
  content.description ??= null
  content.canonicalUrl ??= null
  content.socialImageUrl ??= null
  content.sitemapPriority ??= null
  content.sitemapFrequency ??= null
  content.isOnline ??= true
  content.excludedFromSearchEngines ??= null
  content.localizations ??= []
  if (content.updatedAt === undefined) content.updatedAt = createdAt
}

/**
 * Points the record's repeated values at one string each: its site id and instants, shared
 * with the page loaded before it, and whatever its live version has in common with its draft.
 * A parsed document holds a copy of each per page, which a large state would otherwise keep,
 * and each copy is one more object for every full garbage collection to visit. Strings never
 * change, so sharing them is safe.
 *
 * Compared with the previous page, not looked up in a pool of every value: pages load in path
 * order, where a value repeated across pages (the site, an instant set on all at once) repeats
 * from one page to the next, and a pool cost a hash and an entry for each of the thousands of
 * instants that occur once, a third of building a large scenario.
 */
export function shareStrings(page: PageRecord, previous: PageRecord | undefined): void {
  const { draft, live } = page
  if (previous !== undefined) {
    page.siteId = shared(page.siteId, previous.siteId)
    page.createdAt = shared(page.createdAt, previous.createdAt)
    if (page.publishedAt !== null) page.publishedAt = shared(page.publishedAt, previous.publishedAt)
    draft.updatedAt = shared(draft.updatedAt, previous.draft.updatedAt)
  }
  draft.updatedAt = shared(draft.updatedAt, page.createdAt)
  if (live === null) return
  if (page.publishedAt !== null) live.updatedAt = shared(live.updatedAt, page.publishedAt)
  // Field by field, not in a loop over their names: a property read by a name in a variable
  // is a lookup each time, and this runs for every published page of a large scenario.
  live.name = shared(live.name, draft.name)
  live.pathname = shared(live.pathname, draft.pathname)
  live.title = shared(live.title, draft.title)
  live.description = shared(live.description, draft.description)
  live.canonicalUrl = shared(live.canonicalUrl, draft.canonicalUrl)
  live.socialImageUrl = shared(live.socialImageUrl, draft.socialImageUrl)
  live.updatedAt = shared(live.updatedAt, draft.updatedAt)
  const drafted = draft.localizations
  for (let i = 0; i < live.localizations.length; i++) {
    const localization = live.localizations[i]!
    const same = drafted[i]
    if (same?.id !== localization.id) continue
    localization.id = same.id
    localization.pathname = shared(localization.pathname, same.pathname)
  }
}

/** `other` when it holds the same text as `value` (the one string to keep), else `value`. */
const shared = <T extends string | null>(value: T, other: string | null): T => (value === other ? (other as T) : value)
