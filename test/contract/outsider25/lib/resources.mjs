// App\Http\Resources\*: JsonResource::withoutWrapping(), camelCase keys, Carbon dates.
import { PhpFloat } from './http.mjs';
import { carbon } from './models.mjs';

export function siteResource(db, site) {
  const def = db.defaultLocale(site);
  return {
    object: 'site', id: site.id, name: site.name, hostOrigin: site.host_origin, publicApiKey: site.public_api_key,
    defaultLocale: def.locale,
    // $this->when($prefix !== null, ...): the key is left out while the default locale has no prefix
    defaultLocalePathPrefix: def.path_prefix !== null ? def.path_prefix : undefined,
    localeManagementMode: site.locale_management_mode,
  };
}

export function localeResource(db, loc) {
  const site = db.sites.find((s) => s.id === loc.site_id);
  return { object: 'locale', id: loc.id, locale: loc.locale, domain: loc.domain, pathPrefix: loc.path_prefix, isDefault: site.default_locale_id === loc.id };
}

export function routeResource(route) { return { object: 'route', id: route.id, pathname: route.pathname }; }

// The values a page shows in a locale: base values, overridden by its localization when the
// requested locale is not the default one and the page has a localization there.
export function shownPage(db, page, localeRow) {
  const site = db.sites.find((s) => s.id === page.site_id);
  const def = db.defaultLocale(site);
  const view = { pathname: page.pathname, title: page.title, description: page.description, locale: def.locale };
  if (localeRow && localeRow.id !== def.id) {
    const l10n = db.localizations.find((x) => x.page_id === page.id && x.site_locale_id === localeRow.id);
    if (l10n) {
      view.pathname = l10n.pathname; view.locale = localeRow.locale;
      if (l10n.title !== null) view.title = l10n.title;
      if (l10n.description !== null) view.description = l10n.description;
      view.localized = true;
    }
  }
  return view;
}

export function pageResource(db, page, localeRow = null) {
  const site = db.sites.find((s) => s.id === page.site_id);
  const view = shownPage(db, page, localeRow);
  const localizations = db.localizations
    .filter((x) => x.page_id === page.id)
    .map((x) => ({ x, loc: db.locales.find((l) => l.id === x.site_locale_id) }))
    .filter(({ loc }) => loc && !loc.deleted_at && loc.id !== site.default_locale_id)
    .sort((a, b) => (a.x.id < b.x.id ? -1 : 1))
    .map(({ x, loc }) => ({ id: x.id, locale: loc.locale, pathname: x.pathname }));
  return {
    object: 'page', id: page.id, pathname: view.pathname, canonicalUrl: page.canonical_url, title: view.title,
    description: view.description, socialImageUrl: page.social_image_url,
    sitemapPriority: page.sitemap_priority === null ? null : new PhpFloat(page.sitemap_priority),
    sitemapFrequency: page.sitemap_frequency, createdAt: carbon(page.created_at), updatedAt: carbon(page.updated_at),
    publishedAt: carbon(page.published_at), isOnline: page.is_online, excludedFromSearchEngines: page.excluded_from_search_engines,
    locale: view.locale, localizations,
  };
}

export const listResource = (data, hasMore) => ({ object: 'list', data, hasMore });
