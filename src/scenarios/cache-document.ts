import type { Fixture, FixturePage, FixturePageContent, FixtureLocalization } from '../generated/types.js'
import { copyPage } from './page-records.js'

/** A page as the scenario cache writes it: `live: true` when its live version equals its draft. */
type CachedPage = Omit<FixturePage, 'live'> & { live?: FixturePageContent | null | true }
type CachedDocument = Omit<Fixture, 'pages'> & { pages?: CachedPage[] }

/** What the cache file holds after its first line. */
interface CachedText {
  repeats: boolean
  document: CachedDocument
}

/**
 * Written for a value the page repeats from elsewhere (see packPage). Kept in place, so every
 * page parses to the same shape, and the value read back is the very string repeated. A
 * document that holds an empty one of these values itself is written without it
 * (`repeats: false`).
 */
const REPEATED = ''

/**
 * The text the scenario cache keeps of a generated document: its JSON, every page complete
 * (as copyPage makes it, which a generated page is already), except that a published
 * page whose live version equals its draft says so instead of holding a second copy, and
 * values a page repeats are written as REPEATED. In `large` that is 30% of the text and nearly
 * 40% of the strings, which every fresh process that reads the cache would otherwise parse.
 */
export function packDocument(document: Fixture): string {
  // Complete, every field there in the record's order: what is read back is taken as records.
  const complete: FixturePage[] = (document.pages ?? []).map(copyPage)
  const repeats = !complete.some(holdsEmpty)
  const pages = complete.map((page, i): CachedPage => {
    const live = page.live && JSON.stringify(page.live) === JSON.stringify(page.draft) ? true : page.live
    return repeats ? packPage({ ...page, live }, complete[i - 1]) : { ...page, live }
  })
  return JSON.stringify({ repeats, document: document.pages === undefined ? document : { ...document, pages } } satisfies CachedText)
}

/**
 * The repeated values: the site id of the page before, the draft's createdAt as its updatedAt
 * and its name as its title, and what a live version that differs from the draft still has in
 * common with it (name, pathname, description, localizations).
 */
function packPage(page: CachedPage, previous: FixturePage | undefined): CachedPage {
  const { draft, live } = page
  return {
    ...page,
    siteId: repeat(page.siteId, previous?.siteId),
    draft: { ...draft, title: repeat(draft.title, draft.name), updatedAt: repeat(draft.updatedAt, page.createdAt) },
    live:
      live === true || !live
        ? live
        : {
            ...live,
            name: repeat(live.name, draft.name),
            pathname: repeat(live.pathname, draft.pathname),
            description: repeat(live.description, draft.description),
            localizations: live.localizations?.map((l, i) => ({ ...l, id: repeat(l.id, draft.localizations?.[i]?.id), pathname: repeat(l.pathname, draft.localizations?.[i]?.pathname) })),
          },
  }
}

/** REPEATED for a string equal to `other`; the value itself otherwise. */
const repeat = <T extends string | null | undefined>(value: T, other: string | null | undefined): T => (typeof value === 'string' && value === other ? (REPEATED as T) : value)

/** Whether the page holds an empty value where packPage may write REPEATED. */
function holdsEmpty({ siteId, draft, live }: FixturePage): boolean {
  const empty = (...values: unknown[]): boolean => values.includes(REPEATED)
  return (
    empty(siteId, draft.title, draft.updatedAt) ||
    (!!live && (empty(live.name, live.pathname, live.description) || !!live.localizations?.some((l) => empty(l.id, l.pathname))))
  )
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
    if (repeats === true) unpackPage(page, previous)
    if (page.live === true) {
      const live = { ...page.draft }
      if (live.localizations) live.localizations = live.localizations.map((localization) => ({ ...localization }))
      page.live = live
    }
    previous = page
  }
  return document as Fixture
}

/** Puts back what packPage wrote as REPEATED, field by field: this runs for every page of a large scenario. */
function unpackPage(page: CachedPage, previous: CachedPage | undefined): void {
  const { draft, live } = page
  if (page.siteId === REPEATED && previous) page.siteId = previous.siteId
  if (draft.title === REPEATED) draft.title = draft.name
  if (draft.updatedAt === REPEATED) draft.updatedAt = page.createdAt
  if (live === true || !live) return
  if (live.name === REPEATED) live.name = draft.name
  if (live.pathname === REPEATED) live.pathname = draft.pathname
  if (live.description === REPEATED) live.description = draft.description
  const drafted = draft.localizations ?? []
  for (const [i, localization] of (live.localizations ?? []).entries()) unpackLocalization(localization, drafted[i])
}

function unpackLocalization(localization: FixtureLocalization, drafted: FixtureLocalization | undefined): void {
  if (localization.id === REPEATED) localization.id = drafted!.id
  if (localization.pathname === REPEATED) localization.pathname = drafted!.pathname
}
