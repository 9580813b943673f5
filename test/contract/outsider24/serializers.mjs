// api/serializers.py: output representations and the shared input fields.
import { CharField, URLField, fieldFail, regexValidator } from './fields.mjs';
import { drfDateTime } from './store.mjs';

export class PyFloat { constructor(v) { this.value = v; } } // FloatField values render as Python floats

export const siteRepr = (s) => ({
  object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
  defaultLocale: s.defaultLocale, defaultLocalePathPrefix: null, localeManagementMode: s.localeManagementMode,
});

export const localeRepr = (l) => ({
  object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault,
});

export const routeRepr = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

// `view` is the shown form of the page: the base row, or the row collapsed onto a localization
export function pageView(store, page, locale /* a non-default kept locale, or null */) {
  const site = store.sites.get(page.siteId);
  const v = { ...page, locale: site.defaultLocale };
  if (locale) {
    const hit = store.localizationsOf(page).find(({ l }) => l.id === locale.id);
    if (hit) {
      v.pathname = hit.z.pathname;
      if (hit.z.title !== null) v.title = hit.z.title;
      if (hit.z.description !== null) v.description = hit.z.description;
      v.locale = locale.code;
      v.collapsed = true;
    }
  }
  return v;
}

export const pageRepr = (store, v) => ({
  object: 'page', id: v.id, pathname: v.pathname, canonicalUrl: v.canonicalUrl, title: v.title,
  description: v.description, socialImageUrl: v.socialImageUrl,
  sitemapPriority: v.sitemapPriority === null ? null : new PyFloat(v.sitemapPriority),
  sitemapFrequency: v.sitemapFrequency, createdAt: drfDateTime(v.createdAt), updatedAt: drfDateTime(v.updatedAt),
  publishedAt: drfDateTime(v.publishedAt), isOnline: v.isOnline, excludedFromSearchEngines: v.excludedFromSearchEngines,
  locale: v.locale,
  localizations: store.localizationsOf(v).map(({ z, l }) => ({ id: z.id, locale: l.code, pathname: z.pathname })),
});

// --- input fields ------------------------------------------------------------------------------

// Locale codes: a two-letter language and an optional two-letter region, "-" or "_", any case;
// stored in BCP 47 case ("pt_br" -> "pt-BR"). The column is citext.
export class LocaleCodeField extends CharField {
  constructor(o = {}) { super({ maxLength: 35, ...o }); }
  toInternal(v) {
    const s = super.toInternal(v);
    const m = /^([A-Za-z]{2})(?:[-_]([A-Za-z]{2}))?$/.exec(s);
    if (!m) fieldFail('Enter a valid locale code: a two-letter language, optionally followed by a two-letter region (“fr”, “fr-CA”).');
    return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
  }
}

const PAGE_PATH_RE = /^(?:\/|(?:\/[\p{L}\p{N}_-]+)+)$/u;
export const pagePathnameField = (o = {}) => new CharField({
  maxLength: 255, ...o,
  validators: [regexValidator(PAGE_PATH_RE, 'Enter a valid pathname: a “/” followed by “slug” segments of Unicode letters, numbers, underscores or hyphens.')],
});

// Routes are written in Django's own path() syntax: literal segments and <converter:name> parts,
// an optional trailing slash.
const PART = '(?:[A-Za-z0-9._~-]|<(?:(?:str|int|slug|uuid|path):)?[A-Za-z_][A-Za-z0-9_]*>)+';
export const ROUTE_RE = new RegExp(`^/(?:${PART}(?:/${PART})*/?)?$`);
export const ROUTE_MESSAGE = 'Enter a valid route: a “/” followed by literal segments or Django path converters such as “<slug:slug>”.';

export const urlField = (o = {}) => new URLField(o);
