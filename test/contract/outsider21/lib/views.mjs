// Serializers (the jbuilder views) and the page "views" for a version and a locale.
import { renderTime } from './clock.mjs';

export function siteJson(db, s) {
  const def = db.defaultLocale(s);
  return {
    object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
    defaultLocale: def ? def.code : 'en-US', defaultLocalePathPrefix: def ? def.pathPrefix : null,
    localeManagementMode: s.localeManagementMode,
  };
}
export const localeJson = (l) => ({ object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
export const routeJson = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

// What a page looks like in `version` ('draft' | 'live') and `locale` (a locale record or null):
// null when the page has no such version. Sorting and filtering use these shown values.
export function pageView(db, page, version, locale) {
  const base = version === 'live' ? page.live : page;
  if (!base) return null;
  const site = db.siteByPk(page.sitePk);
  const def = db.defaultLocale(site);
  const locs = db.localizationsOf(page)
    .map((z) => ({ z, l: db.localeByPk(z.localePk) }))
    .filter(({ l }) => l && !l.discardedAt && !l.isDefault);
  const shown = locale && !locale.isDefault ? locs.find(({ l }) => l.pk === locale.pk) : null;
  return {
    page,
    pathname: shown ? shown.z.pathname : base.pathname,
    title: shown && shown.z.title != null ? shown.z.title : base.title,
    description: shown && shown.z.description != null ? shown.z.description : base.description,
    canonicalUrl: base.canonicalUrl, socialImageUrl: base.socialImageUrl,
    sitemapPriority: base.sitemapPriority, sitemapFrequency: base.sitemapFrequency,
    createdAt: base.createdAt, updatedAt: base.updatedAt, publishedAt: page.publishedAt,
    isOnline: page.isOnline, excludedFromSearchEngines: base.excludedFromSearchEngines,
    locale: shown ? shown.l.code : def ? def.code : 'en-US',
    localized: !!shown,
    localizations: locs.map(({ z, l }) => ({ id: z.id, locale: l.code, pathname: z.pathname })),
  };
}

export function pageJson(v) {
  return {
    object: 'page', id: v.page.id, pathname: v.pathname, canonicalUrl: v.canonicalUrl, title: v.title,
    description: v.description, socialImageUrl: v.socialImageUrl, sitemapPriority: v.sitemapPriority,
    sitemapFrequency: v.sitemapFrequency, createdAt: renderTime(v.createdAt), updatedAt: renderTime(v.updatedAt),
    publishedAt: renderTime(v.publishedAt), isOnline: v.isOnline, excludedFromSearchEngines: v.excludedFromSearchEngines,
    locale: v.locale, localizations: v.localizations,
  };
}

export const listJson = (data, hasMore) => ({ object: 'list', data, hasMore });
