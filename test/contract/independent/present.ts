import type { Locale, Page, Route, Site, Store } from './store.js'

/** The JSON of each resource, with the fields the specification and the published OpenAPI require. */

export function siteJson(store: Store, site: Site): Record<string, unknown> {
  return {
    object: 'site',
    id: site.id,
    name: site.name,
    hostOrigin: site.hostOrigin,
    publicApiKey: site.publicApiKey,
    defaultLocale: store.locales.get(site.defaultLocaleId)?.code ?? null,
    // No custom prefix is ever set through this API, so the locale code is the prefix.
    defaultLocalePathPrefix: null,
    // Locales are created, changed and deleted through this API: they are managed externally.
    localeManagementMode: 'external',
  }
}

export function localeJson(store: Store, locale: Locale): Record<string, unknown> {
  return {
    object: 'locale',
    id: locale.id,
    locale: locale.code,
    domain: locale.domain,
    pathPrefix: null,
    isDefault: store.sites.get(locale.siteId)?.defaultLocaleId === locale.id,
  }
}

export function pageJson(store: Store, page: Page): Record<string, unknown> {
  return {
    object: 'page',
    id: page.id,
    pathname: page.pathname,
    canonicalUrl: page.canonicalUrl,
    title: page.title,
    description: page.description,
    socialImageUrl: page.socialImageUrl,
    sitemapPriority: page.sitemapPriority,
    sitemapFrequency: page.sitemapFrequency,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    publishedAt: page.publishedAt,
    isOnline: page.isOnline,
    excludedFromSearchEngines: page.excludedFromSearchEngines,
    locale: store.locales.get(page.localeId)?.code,
    // No operation of the API localizes a page.
    localizations: [],
  }
}

export function routeJson(route: Route): Record<string, unknown> {
  return { object: 'route', id: route.id, pathname: route.pathname }
}
