// Response DTOs, with their properties in declaration order (System.Text.Json writes them so).
import { formatTicks } from './sqlserver.mjs';
import { PreformattedValue } from './json.mjs';
import { liveState } from './db.mjs';

export function siteDto(db, site) {
  const defaultLocale = db.defaultLocaleOf(site);
  return {
    object: 'site',
    id: site.id,
    name: site.name,
    hostOrigin: site.hostOrigin,
    publicApiKey: site.publicApiKey,
    defaultLocale: defaultLocale.code,
    defaultLocalePathPrefix: defaultLocale.pathPrefix,
    localeManagementMode: site.localeManagementMode,
  };
}

export function localeDto(db, locale) {
  const site = db.anySite(locale.siteId);
  return {
    object: 'locale',
    id: locale.id,
    locale: locale.code,
    domain: locale.domain,
    pathPrefix: locale.pathPrefix,
    isDefault: site.defaultLocaleId === locale.id,
  };
}

export function routeDto(route) {
  return { object: 'route', id: route.id, pathname: route.pathname };
}

// The values a page shows in one version ('draft' or 'live') and one locale. Returns null when the
// page has no such version. `locale` is a locale row of the page's site, or null for the default.
export function pageView(db, page, version, locale) {
  const site = db.anySite(page.siteId);
  const state = version === 'live' ? liveState(page) : page;
  if (!state) return null;
  const defaultLocale = db.defaultLocaleOf(site);
  let pathname = state.pathname;
  let title = state.title;
  let description = state.description;
  let code = defaultLocale.code;
  if (locale && locale.id !== site.defaultLocaleId) {
    const localization = db.localizationOf(page, locale.id);
    if (localization) {
      pathname = localization.pathname;
      title = localization.title ?? title;
      description = localization.description ?? description;
      code = locale.code;
    }
  }
  return {
    page,
    pathname,
    title,
    description,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    locale: code,
    state,
  };
}

function dateTimeOffset(ticks) {
  return ticks == null ? null : new PreformattedValue(formatTicks(ticks));
}

export function pageDto(db, view) {
  const { page, state } = view;
  return {
    object: 'page',
    id: page.id,
    pathname: view.pathname,
    canonicalUrl: state.canonicalUrl,
    title: view.title,
    description: view.description,
    socialImageUrl: state.socialImageUrl,
    sitemapPriority: state.sitemapPriority,
    sitemapFrequency: state.sitemapFrequency,
    createdAt: dateTimeOffset(view.createdAt),
    updatedAt: dateTimeOffset(view.updatedAt),
    publishedAt: dateTimeOffset(page.publishedAt),
    isOnline: page.isOnline,
    excludedFromSearchEngines: state.excludedFromSearchEngines,
    locale: view.locale,
    localizations: db
      .visibleLocalizations(page)
      .filter((z) => z.localeId !== db.anySite(page.siteId).defaultLocaleId)
      .map((z) => ({ id: z.id, locale: db.activeLocale(z.localeId).code, pathname: z.pathname })),
  };
}
