import type { Fixture, FixturePage, FixturePageContent } from '../contracts/types.js'

/** A page as the scenario cache writes it: `live: true` when its live version equals its draft. */
type CachedPage = Omit<FixturePage, 'live'> & { live?: FixturePageContent | null | true }
type CachedDocument = Omit<Fixture, 'pages'> & { pages?: CachedPage[] }

/**
 * The text the scenario cache keeps of a generated document: its JSON, except that a published
 * page whose live version equals its draft says so instead of holding a second copy. In
 * `large` that is more than a third of the pages and a quarter of the text, which every fresh
 * process that reads the cache would otherwise parse.
 */
export function packDocument(document: Fixture): string {
  if (document.pages === undefined) return JSON.stringify(document)
  const pages: CachedPage[] = document.pages.map((page) => (page.live && JSON.stringify(page.live) === JSON.stringify(page.draft) ? { ...page, live: true } : page))
  return JSON.stringify({ ...document, pages } satisfies CachedDocument)
}

/**
 * The document packDocument wrote, or undefined when the text holds no document. A live
 * version written as `true` is made a copy of its page's draft, localizations included: the
 * two versions change apart from here on, and strings need no copy.
 */
export function unpackDocument(text: string): Fixture | undefined {
  const document = JSON.parse(text) as CachedDocument | null
  if (typeof document !== 'object' || document === null || !Array.isArray(document.workspaces)) return undefined
  for (const page of document.pages ?? []) {
    if (page.live !== true) continue
    const live = { ...page.draft }
    if (live.localizations) live.localizations = live.localizations.map((localization) => ({ ...localization }))
    page.live = live
  }
  return document as Fixture
}
