import type { Fixture, FixtureLocale, FixturePage, FixturePageContent, FixtureRoute, FixtureSite, FixtureWorkspace } from '../generated/types.js'
import type { LocaleRecord, PageContent, PageRecord, RouteRecord, SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'

export const FIXTURE_VERSION = 1 as const

/** A slice of an export: one collection's records, in the order a fixture lists them. */
export type ExportChunk =
  | { collection: 'workspaces'; items: FixtureWorkspace[] }
  | { collection: 'sites'; items: FixtureSite[] }
  | { collection: 'locales'; items: FixtureLocale[] }
  | { collection: 'pages'; items: FixturePage[] }
  | { collection: 'routes'; items: FixtureRoute[] }

/**
 * The whole state as a fixture document that loadFixture turns back into the same state:
 * every field written out, sites in creation order, each site's locales in creation order
 * (deleted ones included), pages and routes by pathname. The document is a copy.
 */
export function exportState(store: Store): Fixture {
  const fixture: Required<Omit<Fixture, '$schema'>> = {
    version: FIXTURE_VERSION,
    randomState: store.random.state(),
    workspaces: [],
    sites: [],
    locales: [],
    pages: [],
    routes: [],
  }
  for (const chunk of exportChunks(store)) appendChunk(fixture, chunk)
  return fixture
}

/** Adds a slice to the document it came from. */
export function appendChunk(fixture: Required<Omit<Fixture, '$schema' | 'version' | 'randomState'>>, chunk: ExportChunk): void {
  switch (chunk.collection) {
    case 'workspaces':
      return void fixture.workspaces.push(...chunk.items)
    case 'sites':
      return void fixture.sites.push(...chunk.items)
    case 'locales':
      return void fixture.locales.push(...chunk.items)
    case 'pages':
      return void fixture.pages.push(...chunk.items)
    case 'routes':
      return void fixture.routes.push(...chunk.items)
  }
}

/**
 * The same export in slices of at most `size` records, made lazily: a state file writes a
 * large state without holding a second copy of it. Consume it without yielding to other
 * requests, so every slice sees the same state.
 */
export function* exportChunks(store: Store, size = 1000): Generator<ExportChunk> {
  yield { collection: 'workspaces', items: [...store.workspaces.values()].map(({ id, appApiKey }) => ({ id, appApiKey })) }
  const sites = [...store.sites.values()]
  for (const items of slices(sites, size)) {
    yield { collection: 'sites', items: items.map(exportSite) }
  }
  const localesBySite = groupLocales(store)
  for (const site of sites) {
    for (const items of slices(localesBySite.get(site.id) ?? [], size)) {
      yield { collection: 'locales', items: items.map((locale) => exportLocale(locale, site)) }
    }
  }
  for (const site of sites) {
    for (const items of slices(store.pages.ofSite(site.id).values(), size)) {
      yield { collection: 'pages', items: items.map(exportPage) }
    }
  }
  for (const site of sites) {
    for (const items of slices(store.routes.ofSite(site.id).values(), size)) {
      yield { collection: 'routes', items: items.map(exportRoute) }
    }
  }
}

/** One record as a fixture document holds it (and mock.db and the data browser show it). */
export function exportSite(site: SiteRecord): FixtureSite {
  return {
    id: site.id,
    workspaceId: site.workspaceId,
    name: site.name,
    hostOrigin: site.hostOrigin,
    publicApiKey: site.publicApiKey,
    defaultLocale: site.defaultLocale,
    defaultLocalePathPrefix: site.defaultLocalePathPrefix,
    localeManagementMode: site.localeManagementMode,
  }
}

export function exportLocale(locale: LocaleRecord, site: SiteRecord): FixtureLocale {
  return {
    id: locale.id,
    siteId: locale.siteId,
    locale: locale.locale,
    isDefault: locale.deletedAt === null && locale.locale === site.defaultLocale,
    domain: locale.domain,
    pathPrefix: locale.pathPrefix,
    deletedAt: locale.deletedAt,
  }
}

export function exportPage(page: PageRecord): FixturePage {
  return { id: page.id, siteId: page.siteId, createdAt: page.createdAt, publishedAt: page.publishedAt, draft: exportContent(page.draft), live: page.live && exportContent(page.live) }
}

export function exportRoute({ id, siteId, pathname }: RouteRecord): FixtureRoute {
  return { id, siteId, pathname }
}

/** Every locale of every site, deleted ones included, in creation order. */
function groupLocales(store: Store): Map<string, LocaleRecord[]> {
  const bySite = new Map<string, LocaleRecord[]>()
  for (const locale of store.locales.byId.values()) {
    let list = bySite.get(locale.siteId)
    if (!list) bySite.set(locale.siteId, (list = []))
    list.push(locale)
  }
  for (const list of bySite.values()) list.sort((a, b) => a.seq - b.seq)
  return bySite
}

/** One version of a page as a fixture holds it: every field, copied. */
export function exportContent(content: PageContent): FixturePageContent {
  return {
    name: content.name,
    pathname: content.pathname,
    title: content.title,
    description: content.description,
    canonicalUrl: content.canonicalUrl,
    socialImageUrl: content.socialImageUrl,
    sitemapPriority: content.sitemapPriority,
    sitemapFrequency: content.sitemapFrequency,
    isOnline: content.isOnline,
    excludedFromSearchEngines: content.excludedFromSearchEngines,
    localizations: content.localizations.map(({ id, locale, pathname }) => ({ id, locale, pathname })),
    updatedAt: content.updatedAt,
  }
}

function* slices<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size)
}
