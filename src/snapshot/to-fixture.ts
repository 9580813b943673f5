import type { FixtureLocale, FixturePage, FixturePageContent, FixtureRoute, FixtureSite, Locale, Page, Route, Site } from '../generated/types.js'
import type { RandomSource } from '../random.js'
import { exportContent } from '../scenarios/export-state.js'
import { FIXTURE_EPOCH } from '../scenarios/page-records.js'

/** A site as the published document has it: defaultLocalePathPrefix may be left out. */
export type ReadSite = Omit<Site, 'defaultLocalePathPrefix'> & Partial<Pick<Site, 'defaultLocalePathPrefix'>>

/**
 * What the API shows of one site: the site, its active locales as listed, the deleted ones it
 * answered by code, its pages in both versions, its routes; and the workspace whose key read it
 * (null for a site read with its Site key alone).
 */
export interface SiteReading {
  site: ReadSite
  workspaceId: string | null
  locales: Locale[]
  deletedLocales: Locale[]
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
 * One site as fixture records, timestamps answered as null kept as null. The API does not show
 * everything a fixture holds, so some fields get stand-ins (docs/snapshot.md lists them): a
 * page's name is its version's pathname, and a locale code that only a page's localization
 * still names (its locale was deleted) and that the deployment did not show when asked by code
 * becomes a deleted locale with a made-up id.
 */
export function siteRecords(reading: SiteReading, workspaceId: string, siteKey: string, random: RandomSource): SiteRecords {
  const { site } = reading
  const live = new Map(reading.lives.map((page) => [page.id, page]))
  const pages = reading.drafts.map((draft): FixturePage => {
    const published = live.get(draft.id)
    return {
      id: draft.id,
      siteId: site.id,
      createdAt: draft.createdAt,
      publishedAt: draft.publishedAt,
      draft: contentOf(draft),
      live: published ? contentOf(published) : null,
    }
  })
  const locale = (deletedAt: string | null) => (shown: Locale): FixtureLocale => ({
    // A locale the deployment gives no id (the documents let it) gets a stand-in: every stored locale has one.
    id: shown.id ?? random.uuid(),
    siteId: site.id,
    locale: shown.locale,
    isDefault: deletedAt === null && shown.isDefault,
    domain: shown.domain,
    pathPrefix: shown.pathPrefix,
    deletedAt,
  })
  // When a locale was deleted the API does not say: the fixed instant fixtures use for what they leave out.
  const locales = [...reading.locales.map(locale(null)), ...reading.deletedLocales.map(locale(FIXTURE_EPOCH))]
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

/** A version as the API shows it, its timestamps as answered: a fixture keeps a null as null. */
function contentOf(page: Page): FixturePageContent {
  return exportContent({ ...page, name: page.pathname })
}

function* localizationCodes(pages: FixturePage[]): Generator<string> {
  for (const page of pages) for (const content of [page.draft, page.live]) for (const localization of content?.localizations ?? []) yield localization.locale
}
