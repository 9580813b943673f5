// Response shapes, in the field order of the Go response structs.

import { rfc3339Nano } from './gotime.mjs';
import { activeLocales, defaultLocaleOf } from './db.mjs';

export function siteView(s, site) {
  const def = defaultLocaleOf(s, site.id);
  return {
    object: 'site',
    id: site.id,
    name: site.name,
    hostOrigin: site.hostOrigin,
    publicApiKey: site.publicApiKey,
    defaultLocale: def ? def.code : null,
    defaultLocalePathPrefix: site.defaultLocalePathPrefix,
    localeManagementMode: site.localeManagementMode,
  };
}

export function localeView(locale) {
  return {
    object: 'locale',
    id: locale.id,
    locale: locale.code,
    domain: locale.domain,
    pathPrefix: locale.pathPrefix,
    isDefault: locale.isDefault,
  };
}

export function routeView(route) {
  return { object: 'route', id: route.id, pathname: route.pathname };
}

// The page's localizations in active, non-default locales, ordered by localization id
// (the primary key: the query has no other ORDER BY).
export function localizationsOf(s, pageId) {
  const live = new Map(activeLocales(s, s.pages.get(pageId).siteId).filter((l) => !l.isDefault).map((l) => [l.id, l]));
  return [...s.localizations.values()]
    .filter((z) => z.pageId === pageId && live.has(z.localeId))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((z) => ({ id: z.id, locale: live.get(z.localeId).code, pathname: z.pathname }));
}

// A page as shown: `source` is the draft row or the live snapshot; `shown` carries the
// pathname and locale code of the locale view (collapsed localization or default).
export function pageView(s, source, shown) {
  return {
    object: 'page',
    id: source.id,
    pathname: shown.pathname,
    canonicalUrl: source.canonicalUrl,
    title: source.title,
    description: source.description,
    socialImageUrl: source.socialImageUrl,
    sitemapPriority: source.sitemapPriority,
    sitemapFrequency: source.sitemapFrequency,
    createdAt: rfc3339Nano(source.createdAt),
    updatedAt: rfc3339Nano(source.updatedAt),
    publishedAt: rfc3339Nano(source.publishedAt),
    isOnline: source.isOnline,
    excludedFromSearchEngines: source.excludedFromSearchEngines,
    locale: shown.locale,
    localizations: localizationsOf(s, source.id),
  };
}
