// Shared service helpers and response serializers (the team's *ResponseDto mappers).
import { NotFound, Forbidden, BadRequest } from '../lib/errors.mjs';
import { isUUID } from '../lib/validation.mjs';

export function makeCommon(db, guards) {
  const iso = (d) => (d instanceof Date ? d.toISOString() : null);

  function loadSite(siteId, principal) {
    const site = db.site.findUnique(siteId);
    if (!site || site.deletedAt !== null) throw NotFound('No Site found');
    if (principal && !guards.canAccessSite(principal, site)) throw Forbidden();
    return site;
  }
  const defaultLocaleOf = (site) => db.siteLocale.findFirst((l) => l.siteId === site.id && l.isDefault && l.deletedAt === null);

  function siteDto(site) {
    const def = defaultLocaleOf(site);
    return {
      object: 'site', id: site.id, name: site.name, hostOrigin: site.hostOrigin, publicApiKey: site.publicApiKey,
      defaultLocale: def ? def.locale : site.defaultLocale, defaultLocalePathPrefix: def ? def.pathPrefix : null,
      localeManagementMode: site.localeManagementMode,
    };
  }
  const localeDto = (l) => ({ object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
  const routeDto = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

  // Localizations of a page in kept, non-default locales, ordered by locale code.
  function localizationsOf(page) {
    const out = [];
    for (const z of db.pageLocalization.findMany((z) => z.pageId === page.id)) {
      const l = db.siteLocale.findUnique(z.localeId);
      if (l && l.deletedAt === null && !l.isDefault) out.push({ z, l });
    }
    out.sort((a, b) => (a.l.locale < b.l.locale ? -1 : a.l.locale > b.l.locale ? 1 : 0));
    return out;
  }

  // The page as shown: base fields, collapsed onto a non-default locale when one is asked for.
  function pageView(page, site, locale) {
    const def = defaultLocaleOf(site);
    const v = { ...page, locale: def ? def.locale : site.defaultLocale };
    if (locale && !locale.isDefault) {
      const z = db.pageLocalization.findFirst((z) => z.pageId === page.id && z.localeId === locale.id);
      if (z) {
        v.pathname = z.pathname; v.locale = locale.locale;
        if (z.title !== null && z.title !== undefined) v.title = z.title;
        if (z.description !== null && z.description !== undefined) v.description = z.description;
      }
    }
    return v;
  }
  function pageDto(v) {
    return {
      object: 'page', id: v.id, pathname: v.pathname, canonicalUrl: v.canonicalUrl, title: v.title,
      description: v.description, socialImageUrl: v.socialImageUrl, sitemapPriority: v.sitemapPriority,
      sitemapFrequency: v.sitemapFrequency, createdAt: iso(v.createdAt), updatedAt: iso(v.updatedAt),
      publishedAt: iso(v.publishedAt), isOnline: v.isOnline, excludedFromSearchEngines: v.excludedFromSearchEngines,
      locale: v.locale,
      localizations: localizationsOf(v).map(({ z, l }) => ({ id: z.id, locale: l.locale, pathname: z.pathname })),
    };
  }

  // `locale` query on page reads: a code (mode: 'insensitive') or a site_locale id, kept rows only.
  function resolveLocale(site, value) {
    if (value === undefined || value === null) return null;
    const l = isUUID(value)
      ? db.siteLocale.findFirst((l) => l.id === value.toLowerCase() && l.siteId === site.id && l.deletedAt === null)
      : db.siteLocale.findFirst((l) => l.siteId === site.id && l.deletedAt === null && l.locale.toLowerCase() === value.toLowerCase());
    if (!l) throw NotFound('No SiteLocale found');
    return l;
  }

  function requireSiteIdFor(kind, siteId) {
    if (siteId === undefined || siteId === null) {
      const message = `siteId should not be empty when a ${kind} is used instead of an ID`;
      throw BadRequest(message, [{ field: 'siteId', message }]);
    }
  }
  const asPathname = (v) => (v.startsWith('/') ? v : `/${v}`);

  return { iso, loadSite, defaultLocaleOf, siteDto, localeDto, routeDto, pageDto, pageView, resolveLocale, requireSiteIdFor, asPathname };
}
