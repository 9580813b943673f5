/** Records → response bodies. The one place that decides what the API shows of a record. */
import type { Choices } from '../freedom/catalogue.js'
import type { Locale, Page, PageLocalization, Route, Site } from '../generated/types.js'
import type { LocaleRecord, PageContent, PageRecord, RouteRecord, SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'
import type { OperationResult } from './types.js'

type Chosen = Required<Choices> | undefined

/**
 * Under localePathPrefixes `code`, what a prefix left null shows: "Null means the locale code is
 * used" (the published OpenAPI), so a deployment may show that prefix itself. Made as it is shown,
 * not stored, so that it moves with a renamed code while one set explicitly stays.
 */
const derivesPrefixes = (choices: Chosen): boolean => choices?.localePathPrefixes === 'code'

export function presentSite(site: SiteRecord, choices: Chosen): Site {
  return {
    object: 'site',
    id: site.id,
    name: site.name,
    hostOrigin: site.hostOrigin,
    publicApiKey: site.publicApiKey,
    defaultLocale: site.defaultLocale,
    defaultLocalePathPrefix: site.defaultLocalePathPrefix ?? (derivesPrefixes(choices) ? '' : null),
    localeManagementMode: site.localeManagementMode,
  }
}

export function presentLocale(locale: LocaleRecord, store: Store, choices: Chosen): Locale {
  // A deleted locale is never the default, even once the default takes its code (read by id: choice deletedLocaleRead by-id).
  const isDefault = locale.deletedAt === null && store.siteRecord(locale.siteId)?.defaultLocale === locale.locale
  // The default locale's pages live at the site's root: its prefix is the site's, "".
  const derived = isDefault ? '' : locale.locale.toLowerCase()
  return {
    object: 'locale',
    id: locale.id,
    locale: locale.locale,
    domain: locale.domain,
    pathPrefix: locale.pathPrefix ?? (derivesPrefixes(choices) ? derived : null),
    isDefault,
  }
}

export function presentRoute(route: RouteRecord): Route {
  return { object: 'route', id: route.id, pathname: route.pathname }
}

/**
 * The JSON text of a page version as the API shows it in the site's default locale: made once
 * per version and reused until a write changes the page.
 */
export function presentedText(store: Store, page: PageRecord, content: PageContent, defaultLocale: string): string {
  let text = store.pages.presented.get(content)
  if (text === undefined) store.pages.presented.set(content, (text = JSON.stringify(presentPage(page, content, defaultLocale))))
  return text
}

/** Where a page is shown in a locale: its localization's pathname and locale, or its own pathname under another label (choice unlocalizedPageLocale requested). */
export type ShownIn = Pick<PageLocalization, 'locale' | 'pathname'>

/**
 * A page version as a response: its kept JSON text in the site's default locale, its body only
 * when it is collapsed into a localization. Built whole here: adding the status to a spread copy
 * would cost about a microsecond of every read.
 */
export function pageResponse(status: number, store: Store, page: PageRecord, content: PageContent, defaultLocale: string, localization?: ShownIn): OperationResult {
  if (localization !== undefined) return { status, body: presentPage(page, content, defaultLocale, localization) }
  const payload = presentedText(store, page, content, defaultLocale)
  return { status, payload, payloadParts: [payload] }
}

/**
 * A page as one version shows it. With a localization, the page is collapsed into it: its
 * pathname and locale are the localization's.
 */
export function presentPage(page: PageRecord, content: PageContent, defaultLocale: string, localization?: ShownIn): Page {
  return {
    object: 'page',
    id: page.id,
    pathname: localization?.pathname ?? content.pathname,
    canonicalUrl: content.canonicalUrl,
    title: content.title,
    description: content.description,
    socialImageUrl: content.socialImageUrl,
    sitemapPriority: content.sitemapPriority,
    sitemapFrequency: content.sitemapFrequency,
    createdAt: page.createdAt,
    updatedAt: content.updatedAt,
    publishedAt: page.publishedAt,
    isOnline: content.isOnline,
    excludedFromSearchEngines: content.excludedFromSearchEngines,
    locale: localization?.locale ?? defaultLocale,
    localizations: content.localizations.map(({ id, locale, pathname }) => ({ id, locale, pathname })),
  }
}
