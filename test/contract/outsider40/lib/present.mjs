// Output serializers (API Platform normalization groups "site:read" etc.).
import { db, alive, fmt, defaultLocaleOf } from './store.mjs';

export function siteOut(s) {
  const d = defaultLocaleOf(s.id);
  return {
    object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
    defaultLocale: d ? d.locale : 'en-US', defaultLocalePathPrefix: s.defaultLocalePathPrefix,
    localeManagementMode: s.localeManagementMode,
  };
}

export const localeOut = (l) => ({
  object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault,
});

export const routeOut = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

// Localizations whose locale is soft-deleted are hidden by the filter.
export function liveLocalizations(p) {
  const out = [];
  for (const z of p.localizations) {
    const l = db.locales.get(z.localeId);
    if (alive(l) && !l.isDefault) out.push({ z, l });
  }
  return out;
}

// `as` is an optional non-default locale: its localized pathname is collapsed in.
export function pageOut(p, as) {
  const d = defaultLocaleOf(p.siteId);
  const locs = liveLocalizations(p);
  let pathname = p.pathname;
  let locale = d ? d.locale : 'en-US';
  if (as && !as.isDefault) {
    const hit = locs.find((x) => x.l.id === as.id);
    if (hit) { pathname = hit.z.pathname; locale = as.locale; }
  }
  return {
    object: 'page', id: p.id, pathname, canonicalUrl: p.canonicalUrl, title: p.title, description: p.description,
    socialImageUrl: p.socialImageUrl, sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency,
    createdAt: fmt(p.createdAt), updatedAt: fmt(p.updatedAt), publishedAt: fmt(p.publishedAt), isOnline: p.isOnline,
    excludedFromSearchEngines: p.excludedFromSearchEngines, locale,
    localizations: locs.map(({ z, l }) => ({ id: z.id, locale: l.locale, pathname: z.pathname })),
  };
}

// Cursor pagination over an already sorted array of entities.
import { violations } from './errors.mjs';
export function paginate(items, limit, startingAfter, out) {
  let start = 0;
  if (startingAfter) {
    const i = items.findIndex((x) => x.id === startingAfter);
    if (i < 0) throw violations([{ field: 'startingAfter', message: 'This cursor does not reference an item of this list.' }]);
    start = i + 1;
  }
  const slice = items.slice(start, start + limit);
  return { object: 'list', data: slice.map(out), hasMore: start + limit < items.length };
}

// Byte-wise ("C" collation) compare, PostgreSQL NULLS LAST for ASC / FIRST for DESC.
export function cmp(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (a instanceof Date) return a - b;
  if (typeof a === 'number') return a - b;
  return a < b ? -1 : 1;
}
