import type { Fixture, FixturePage, FixturePageContent } from '../contracts/types.js'

/** A page as the scenario cache writes it: `live: true` when its live version equals its draft. */
type CachedPage = Omit<FixturePage, 'live'> & { live?: FixturePageContent | null | true }
type CachedDocument = Omit<Fixture, 'pages'> & { pages?: CachedPage[] }

/**
 * Written for a value the page repeats from elsewhere: its site id when it is the page
 * before's, its draft's updatedAt when it is the page's createdAt. Kept in place, so every
 * page parses to the same shape, and the value read back is the very string repeated. A
 * document that holds an empty one of these itself is written without it (`repeats: false`).
 */
const REPEATED = ''

/** What the cache file holds after its first line. */
interface CachedText {
  repeats: boolean
  document: CachedDocument
}

/**
 * The text the scenario cache keeps of a generated document: its JSON, except that a published
 * page whose live version equals its draft says so instead of holding a second copy, and
 * values a page repeats are written as REPEATED. In `large` that is more than a quarter of the
 * text, and a fifth of the strings, which every fresh process that reads the cache would
 * otherwise parse.
 */
export function packDocument(document: Fixture): string {
  const original = document.pages ?? []
  const repeats = !original.some((page) => page.siteId === REPEATED || page.draft.updatedAt === REPEATED)
  const pages = original.map((page, i): CachedPage => {
    const live = page.live && JSON.stringify(page.live) === JSON.stringify(page.draft) ? true : page.live
    if (!repeats) return { ...page, live }
    const draft = page.draft.updatedAt === page.createdAt ? { ...page.draft, updatedAt: REPEATED } : page.draft
    return { ...page, siteId: page.siteId === original[i - 1]?.siteId ? REPEATED : page.siteId, draft, live }
  })
  return JSON.stringify({ repeats, document: document.pages === undefined ? document : { ...document, pages } } satisfies CachedText)
}

/**
 * The document packDocument wrote, or undefined when the text holds no document. A live
 * version written as `true` is made a copy of its page's draft, localizations included: the
 * two versions change apart from here on, and strings need no copy.
 */
export function unpackDocument(text: string): Fixture | undefined {
  const { repeats, document } = (JSON.parse(text) ?? {}) as Partial<CachedText>
  if (typeof document !== 'object' || document === null || !Array.isArray(document.workspaces)) return undefined
  let previous: CachedPage | undefined
  for (const page of document.pages ?? []) {
    if (repeats === true) {
      if (page.siteId === REPEATED && previous) page.siteId = previous.siteId
      if (page.draft.updatedAt === REPEATED) page.draft.updatedAt = page.createdAt
    }
    if (page.live === true) {
      const live = { ...page.draft }
      if (live.localizations) live.localizations = live.localizations.map((localization) => ({ ...localization }))
      page.live = live
    }
    previous = page
  }
  return document as Fixture
}
