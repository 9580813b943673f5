// Serialisation of stored records into response bodies (fields = union of SPEC tables and OpenAPI schemas).

export const siteView = (s) => ({
  object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
  defaultLocale: s.defaultLocale, defaultLocalePathPrefix: s.defaultLocalePathPrefix,
  localeManagementMode: s.localeManagementMode,
});

export const localeView = (store, l) => ({
  object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix,
  isDefault: store.sites.get(l.siteId)?.defaultLocale === l.locale,
});

export const routeView = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

/**
 * Page view. `rec` is the draft page or its live snapshot. When `asLocale` is a non-default active locale and
 * the page has a localization in it, the localization's pathname and locale are collapsed into the response.
 * CHOICE: without such a localization the base page is returned with `locale` = site default.
 * CHOICE: localizations of soft-deleted locales are hidden (and reappear when the locale is restored).
 */
export function pageView(store, rec, asLocale) {
  const site = store.sites.get(rec.siteId);
  const localizations = [];
  for (const z of rec.localizations) {
    const l = store.locales.get(z.localeId);
    if (l && !l.deletedAt) localizations.push({ id: z.id, locale: l.locale, pathname: z.pathname });
  }
  let pathname = rec.pathname;
  let locale = site.defaultLocale;
  if (asLocale && asLocale.locale !== site.defaultLocale) {
    const z = localizations.find((x) => x.locale === asLocale.locale);
    if (z) { pathname = z.pathname; locale = z.locale; }
  }
  return {
    object: 'page', id: rec.id, pathname,
    canonicalUrl: rec.canonicalUrl, title: rec.title, description: rec.description,
    socialImageUrl: rec.socialImageUrl, sitemapPriority: rec.sitemapPriority, sitemapFrequency: rec.sitemapFrequency,
    createdAt: rec.createdAt, updatedAt: rec.updatedAt, publishedAt: rec.publishedAt,
    isOnline: rec.isOnline, excludedFromSearchEngines: rec.excludedFromSearchEngines,
    locale, localizations,
  };
}

/**
 * Cursor pagination (SPEC: cursor = id of the last item of data).
 * CHOICE: a well-formed cursor that is not in the (filtered, sorted) list answers 200 with empty data, hasMore false.
 */
export function paginate(items, limit, startingAfter) {
  let rest = items;
  if (startingAfter !== undefined) {
    const i = items.findIndex((x) => x.id === startingAfter);
    if (i === -1) return { object: 'list', data: [], hasMore: false };
    rest = items.slice(i + 1);
  }
  return { object: 'list', data: rest.slice(0, limit), hasMore: rest.length > limit };
}
