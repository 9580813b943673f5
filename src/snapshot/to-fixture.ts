import type { FixtureLocale, FixturePage, FixturePageContent, FixtureRoute, FixtureSite, Locale, Page, Route, Site } from '../contracts/types.js'
import type { RandomSource } from '../random.js'
import { FIXTURE_EPOCH } from '../scenarios/page-records.js'

/** A site as the published document has it: defaultLocalePathPrefix may be left out. */
export type ReadSite = Omit<Site, 'defaultLocalePathPrefix'> & Partial<Pick<Site, 'defaultLocalePathPrefix'>>

/** What the API shows of one site: the site, its active locales, its pages in both versions, its routes. */
export interface SiteReading {
  site: ReadSite
  locales: Locale[]
  drafts: Page[]
  lives: Page[]
  routes: Route[]
}

/** A site's records as a fixture holds them. */
export interface SiteRecords {
  site: FixtureSite
  locales: FixtureLocale[]
  pages: FixturePage[]
  routes: FixtureRoute[]
}

/**
 * One site as fixture records. The API does not show everything a fixture holds, so some
 * fields get stand-ins (docs/snapshot.md lists them): a page's name is its version's
 * pathname, and a locale code that only a page's localization still names (its locale was
 * deleted) becomes a deleted locale with a made-up id.
 */
export function siteRecords(reading: SiteReading, workspaceId: string, siteKey: string, random: RandomSource): SiteRecords {
  const { site } = reading
  const live = new Map(reading.lives.map((page) => [page.id, page]))
  const pages = reading.drafts.map((draft): FixturePage => {
    const published = live.get(draft.id)
    return {
      id: draft.id,
      siteId: site.id,
      ...(draft.createdAt === null ? {} : { createdAt: draft.createdAt }),
      publishedAt: draft.publishedAt,
      draft: contentOf(draft),
      live: published ? contentOf(published) : null,
    }
  })
  const locales = reading.locales.map((locale): FixtureLocale => ({
    id: locale.id,
    siteId: site.id,
    locale: locale.locale,
    isDefault: locale.isDefault,
    domain: locale.domain,
    pathPrefix: locale.pathPrefix,
    deletedAt: null,
  }))
  // When such a locale was deleted the API does not say: the fixed instant fixtures use.
  const known = new Set(locales.map((locale) => locale.locale))
  for (const code of localizationCodes(pages)) {
    if (known.has(code)) continue
    known.add(code)
    locales.push({ id: random.uuid(), siteId: site.id, locale: code, isDefault: false, domain: null, pathPrefix: null, deletedAt: FIXTURE_EPOCH })
  }
  return {
    site: {
      id: site.id,
      workspaceId,
      name: site.name,
      hostOrigin: site.hostOrigin,
      publicApiKey: siteKey,
      defaultLocale: site.defaultLocale,
      defaultLocalePathPrefix: site.defaultLocalePathPrefix ?? null,
      localeManagementMode: site.localeManagementMode,
    },
    locales,
    pages,
    routes: reading.routes.map(({ id, pathname }) => ({ id, siteId: site.id, pathname })),
  }
}

function contentOf(page: Page): FixturePageContent {
  return {
    name: page.pathname,
    pathname: page.pathname,
    title: page.title,
    description: page.description,
    canonicalUrl: page.canonicalUrl,
    socialImageUrl: page.socialImageUrl,
    sitemapPriority: page.sitemapPriority,
    sitemapFrequency: page.sitemapFrequency,
    isOnline: page.isOnline,
    excludedFromSearchEngines: page.excludedFromSearchEngines,
    localizations: page.localizations.map(({ id, locale, pathname }) => ({ id, locale, pathname })),
    ...(page.updatedAt === null ? {} : { updatedAt: page.updatedAt }),
  }
}

function* localizationCodes(pages: FixturePage[]): Generator<string> {
  for (const page of pages) for (const content of [page.draft, page.live]) for (const localization of content?.localizations ?? []) yield localization.locale
}
