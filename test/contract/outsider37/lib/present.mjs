// Response shapes (superset of SPEC.md and the published OpenAPI document).
export function siteJson(store, s) {
  const def = store.defaultLocale(s);
  return {
    object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
    defaultLocale: def ? def.locale : 'en-US', defaultLocalePathPrefix: s.defaultLocalePathPrefix,
    localeManagementMode: s.localeManagementMode,
  };
}

export function localeJson(l) {
  return { object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault };
}

export function routeJson(r) {
  return { object: 'route', id: r.id, pathname: r.pathname };
}

// view: { page, loc (locale row or null for default), z (localization or null) }
export function pageJson(store, site, page, loc = null) {
  const def = store.defaultLocale(site);
  const z = loc ? page.localizations.find((x) => x.localeId === loc.id) : null;
  const localizations = [];
  for (const x of page.localizations) {
    const l = store.locales.get(x.localeId);
    if (!l || l.deletedAt) continue;
    localizations.push({ id: x.id, locale: l.locale, pathname: x.pathname });
  }
  localizations.sort((a, b) => (a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : 0));
  return {
    object: 'page', id: page.id,
    pathname: z ? z.pathname : page.pathname,
    canonicalUrl: page.canonicalUrl,
    title: z && z.title != null ? z.title : page.title,
    description: z && z.description != null ? z.description : page.description,
    socialImageUrl: page.socialImageUrl,
    sitemapPriority: page.sitemapPriority,
    sitemapFrequency: page.sitemapFrequency,
    createdAt: page.createdAt, updatedAt: page.updatedAt, publishedAt: page.publishedAt,
    isOnline: page.isOnline,
    excludedFromSearchEngines: page.excludedFromSearchEngines,
    locale: z ? loc.locale : (def ? def.locale : 'en-US'),
    localizations,
  };
}

export const list = (data, hasMore) => ({ object: 'list', data, hasMore });
