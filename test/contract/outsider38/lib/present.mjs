// Response DTO mapping.
import { db, formatUs, defaultLocale } from './store.mjs';

export function site(s) {
  const d = defaultLocale(s);
  return {
    object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
    defaultLocale: d ? d.code : 'en-US', defaultLocalePathPrefix: s.defaultLocalePathPrefix,
    localeManagementMode: s.localeManagementMode,
  };
}
export const locale = (l) => ({ object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
export const route = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

// view: { localeId, code } of a non-default locale collapsed into the response, or null.
export function page(p, view) {
  const s = db.sites.get(p.siteId);
  const localizations = [];
  for (const z of p.localizations) {
    const l = db.locales.get(z.localeId);
    if (l && !l.deletedAt) localizations.push({ id: z.id, locale: l.code, pathname: z.pathname });
  }
  let pathname = p.pathname, code = defaultLocale(s)?.code ?? 'en-US';
  if (view) { code = view.code; const z = p.localizations.find((x) => x.localeId === view.localeId); if (z) pathname = z.pathname; }
  return {
    object: 'page', id: p.id, pathname, canonicalUrl: p.canonicalUrl, title: p.title, description: p.description,
    socialImageUrl: p.socialImageUrl, sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency,
    createdAt: formatUs(p.createdAt), updatedAt: formatUs(p.updatedAt), publishedAt: formatUs(p.publishedAt),
    isOnline: p.isOnline, excludedFromSearchEngines: p.excludedFromSearchEngines, locale: code, localizations,
  };
}
export const list = (data, hasMore) => ({ object: 'list', data, hasMore });
