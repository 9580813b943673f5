/** Records → response bodies. The one place that decides what the API shows of a record. */
import type { Locale, Page, PageLocalization, Route, Site } from '../contracts/types.js'
import type { LocaleRecord, PageContent, PageRecord, RouteRecord, SiteRecord } from '../store/records.js'
import type { Store } from '../store/store.js'

export function presentSite(site: SiteRecord): Site {
  return {
    object: 'site',
    id: site.id,
    name: site.name,
    hostOrigin: site.hostOrigin,
    publicApiKey: site.publicApiKey,
    defaultLocale: site.defaultLocale,
    defaultLocalePathPrefix: site.defaultLocalePathPrefix,
    localeManagementMode: site.localeManagementMode,
  }
}

export function presentLocale(locale: LocaleRecord, store: Store): Locale {
  return {
    object: 'locale',
    id: locale.id,
    locale: locale.locale,
    domain: locale.domain,
    pathPrefix: locale.pathPrefix,
    isDefault: store.sites.get(locale.siteId)?.defaultLocale === locale.locale,
  }
}

export function presentRoute(route: RouteRecord): Route {
  return { object: 'route', id: route.id, pathname: route.pathname }
}

/**
 * A page version as a response: its body, and in the site's default locale the JSON text too,
 * made once per version and reused until a write changes the page.
 */
export function pageResponse(store: Store, page: PageRecord, content: PageContent, defaultLocale: string, localization?: PageLocalization): { body: Page; payload?: string; payloadParts?: readonly string[] } {
  const body = presentPage(page, content, defaultLocale, localization)
  if (localization !== undefined) return { body }
  let payload = store.pages.presented.get(content)
  if (payload === undefined) store.pages.presented.set(content, (payload = JSON.stringify(body)))
  return { body, payload, payloadParts: [payload] }
}

/**
 * A page as one version shows it. With a localization, the page is collapsed into it: its
 * pathname and locale are the localization's.
 */
export function presentPage(page: PageRecord, content: PageContent, defaultLocale: string, localization?: PageLocalization): Page {
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
