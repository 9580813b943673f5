/** Records → response bodies. The one place that decides what the API shows of a record. */
import type { Locale, Route, Site } from '../contracts/types.js'
import type { LocaleRecord, RouteRecord, SiteRecord } from '../store/records.js'
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
