import { describe, expect, it } from 'vitest'
import { createRandom, type RandomSource } from '../../src/random.js'
import { MAX_VIEWS_PER_SITE, type PageView } from '../../src/store/page-indexes.js'
import { PageTable } from '../../src/store/pages.js'
import { PathnameRegistry } from '../../src/store/pathnames.js'
import type { PageContent, PageRecord } from '../../src/store/records.js'

const SITE = 'site'
const SORTS = ['title', 'path', 'description', 'updatedAt', 'createdAt'] as const
const PREFIXES = ['/', '/blog', '/blog/', '/docs/a', '/none']

/** What a view should hold, worked out the slow way: filter everything, then sort. */
function expected(pages: PageRecord[], view: PageView): string[] {
  const contentOf = (page: PageRecord): PageContent | null => (view.version === 'draft' ? page.draft : page.live)
  const value = (page: PageRecord): string | null => {
    const content = contentOf(page)!
    if (view.sortBy === 'createdAt') return page.createdAt
    return view.sortBy === 'path' ? content.pathname : content[view.sortBy]
  }
  const sign = view.direction === 'asc' ? 1 : -1
  return pages
    .filter((page) => {
      const content = contentOf(page)
      if (!content || !(view.includeOffline || content.isOnline) || !content.pathname.startsWith(view.pathPrefix)) return false
      return view.locale === undefined || content.localizations.some((l) => l.locale === view.locale!.locale)
    })
    .sort((a, b) => {
      const [va, vb] = [value(a), value(b)]
      if (va === vb) return a.id < b.id ? -1 : 1
      if (va === null || vb === null) return va === null ? 1 : -1
      return sign * (va < vb ? -1 : 1)
    })
    .map((page) => page.id)
}

const locale = { id: 'locale-fr', locale: 'fr-FR' }

/** More views than a site keeps built, so some are evicted and rebuilt while others are maintained. */
const VIEWS: PageView[] = SORTS.flatMap((sortBy, s) =>
  PREFIXES.flatMap((pathPrefix, p) => [
    { version: 'draft' as const, sortBy, direction: 'asc' as const, pathPrefix, includeOffline: p % 2 === 0 },
    { version: 'live' as const, sortBy, direction: 'desc' as const, pathPrefix, includeOffline: s % 2 === 0, ...(p === 1 ? { locale } : {}) },
    { version: 'draft' as const, sortBy, direction: 'desc' as const, pathPrefix, includeOffline: true, ...(p < 2 ? { locale } : {}) },
  ]),
)

function randomContent(random: RandomSource, pathname: string, at: string): PageContent {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)]!
  return {
    name: 'Page',
    pathname,
    title: pick([null, 'Alpha', 'Beta', 'Gamma']),
    description: pick([null, 'one', 'two']),
    canonicalUrl: null,
    socialImageUrl: null,
    sitemapPriority: null,
    sitemapFrequency: null,
    isOnline: random.next() < 0.7,
    excludedFromSearchEngines: null,
    localizations: random.next() < 0.5 ? [{ id: random.uuid(), locale: locale.locale, pathname: `${pathname}-fr` }] : [],
    updatedAt: at,
  }
}

describe('page views', () => {
  it(`stay exact through random adds, edits, removals, publishes and a locale rename, with more than ${MAX_VIEWS_PER_SITE} views in use`, () => {
    expect(VIEWS.length).toBeGreaterThan(MAX_VIEWS_PER_SITE)
    const random = createRandom(42)
    const table = new PageTable(new PathnameRegistry())
    const pages: PageRecord[] = []
    const taken = new Set<string>()
    const freePathname = (): string => {
      for (;;) {
        const pathname = `${['/blog', '/blog/', '/docs/a', '/docs/b', '/'][Math.floor(random.next() * 5)]}${Math.floor(random.next() * 400)}`
        if (!taken.has(pathname)) return pathname
      }
    }
    const at = (step: number): string => new Date(Date.UTC(2025, 0, 1) + (step % 97) * 60_000).toISOString()

    for (let step = 0; step < 1500; step++) {
      const roll = random.next()
      if (pages.length < 20 || roll < 0.3) {
        const pathname = freePathname()
        taken.add(pathname)
        const page: PageRecord = { id: random.uuid(), siteId: SITE, createdAt: at(step), publishedAt: null, draft: randomContent(random, pathname, at(step)), live: null }
        pages.push(page)
        table.add(page)
      } else if (roll < 0.8) {
        const page = pages[Math.floor(random.next() * pages.length)]!
        const { localizations: _kept, ...changes } = randomContent(random, random.next() < 0.3 ? freePathname() : page.draft.pathname, at(step))
        taken.delete(page.draft.pathname)
        taken.add(changes.pathname)
        table.updateDraft(page, changes)
      } else if (roll < 0.95) {
        const [page] = pages.splice(Math.floor(random.next() * pages.length), 1)
        taken.delete(page!.draft.pathname)
        table.remove(page!)
      } else {
        table.publishSite(SITE, at(step))
      }
      if (step === 700) {
        // As a locale rename does: the record's code changes, and every localization with it.
        locale.locale = 'fr-CA'
        for (const page of pages) for (const content of [page.draft, page.live]) for (const l of content?.localizations ?? []) if (l.locale === 'fr-FR') l.locale = 'fr-CA'
      }
      if (step % 50 === 49) {
        for (const view of VIEWS) expect(table.view(SITE, view).index.values().map((p) => p.id), JSON.stringify(view)).toEqual(expected(pages, view))
      }
    }
  })

  it('lists every page with the version in ofSite, offline ones included, and forgets a dropped site', () => {
    const table = new PageTable(new PathnameRegistry())
    const random = createRandom(7)
    const online: PageRecord = { id: 'b', siteId: SITE, createdAt: 'x', publishedAt: null, draft: { ...randomContent(random, '/b', 'x'), isOnline: true }, live: null }
    const offline: PageRecord = { id: 'a', siteId: SITE, createdAt: 'x', publishedAt: null, draft: { ...randomContent(random, '/a', 'x'), isOnline: false }, live: null }
    table.add(online)
    table.add(offline)
    expect(table.ofSite(SITE).values()).toEqual([offline, online])
    expect(table.ofSite(SITE, { version: 'live', sortBy: 'path', direction: 'asc' }).size).toBe(0)
    table.dropSite(SITE)
    expect(table.byId.size).toBe(0)
    expect(table.ofSite(SITE).size).toBe(0)
  })
})
