// Row -> response object mappers.
import { toIso } from './db.mjs';

export const defaultLocaleRow = (db, siteId) => db.first('site_locales', (l) => l.site_id === siteId && l.is_default && l.deleted_at === null);

export function siteOut(db, s) {
  const def = defaultLocaleRow(db, s.id);
  return {
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.host_origin,
    publicApiKey: s.public_api_key,
    defaultLocale: def ? def.locale : 'en-US',
    defaultLocalePathPrefix: def ? def.path_prefix : null,
    localeManagementMode: s.locale_management_mode,
  };
}

export const localeOut = (l) => ({ object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.path_prefix, isDefault: !!l.is_default });

export const routeOut = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

// `view` is the page as shown: base fields, or collapsed onto a localization.
export function pageOut(db, p, view) {
  const locs = db.all('page_localizations', (x) => x.page_id === p.id)
    .map((x) => ({ x, l: db.first('site_locales', (l) => l.id === x.site_locale_id && l.deleted_at === null) }))
    .filter(({ l }) => l && !l.is_default)
    .sort((a, b) => (a.l.locale < b.l.locale ? -1 : a.l.locale > b.l.locale ? 1 : 0))
    .map(({ x, l }) => ({ id: x.id, locale: l.locale, pathname: x.pathname }));
  return {
    object: 'page',
    id: p.id,
    pathname: view.pathname,
    canonicalUrl: p.canonical_url,
    title: view.title,
    description: view.description,
    socialImageUrl: p.social_image_url,
    sitemapPriority: p.sitemap_priority,
    sitemapFrequency: p.sitemap_frequency,
    createdAt: toIso(p.created_at),
    updatedAt: toIso(p.updated_at),
    publishedAt: toIso(p.published_at),
    isOnline: !!p.is_online,
    excludedFromSearchEngines: p.excluded_from_search_engines,
    locale: view.locale,
    localizations: locs,
  };
}
