// The "database": tables as Maps with the constraints the migrations would declare
// (lower(...) unique indexes, soft deletes for sites and locales), a timestamptz clock in microseconds.
import { randomUUID, randomBytes } from 'node:crypto';

// ---- timestamptz: microseconds, strictly increasing within the process
let lastMicros = 0;
export function nowMicros() {
  const m = Date.now() * 1000;
  lastMicros = m > lastMicros ? m : lastMicros + 1;
  return lastMicros;
}
// time::OffsetDateTime formatted with Rfc3339: "Z" for UTC, the fraction only as long as needed
export function rfc3339(micros) {
  if (micros == null) return null;
  const ms = Math.floor(micros / 1000);
  const base = new Date(ms).toISOString().slice(0, 19);
  const frac = String(micros % 1000000).padStart(6, '0').replace(/0+$/, '');
  return `${base}${frac ? '.' + frac : ''}Z`;
}

export const uuid = () => randomUUID();
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function newAppKey() {
  const bytes = randomBytes(40);
  let s = '';
  for (let k = 0; s.length < 32; k++) if (bytes[k] < 248) s += B62[bytes[k] % 62];
  return `sbapp_${s}`;
}

// ---- locale codes: language (ISO 639-1) with optional ISO 3166 region; canonicalised to ll-RR
const REGIONS = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '));
export function canonicalLocale(code) {
  if (typeof code !== 'string') return null;
  const m = /^([A-Za-z]{2})(?:[-_]([A-Za-z]{2}))?$/.exec(code);
  if (!m) return null;
  const lang = m[1].toLowerCase();
  if (!m[2]) return lang;
  const region = m[2].toUpperCase();
  return REGIONS.has(region) ? `${lang}-${region}` : null;
}
export const localeCheck = (v) => (typeof v === 'string' && !canonicalLocale(v) ? 'must be a language code with an optional ISO 3166 region, such as `en` or `en-US`' : null);

// ---- pathnames: "/" or "/seg/seg", no empty segment, no trailing slash, no whitespace, "?" or "#"
export function pathnameCheck(v) {
  if (typeof v !== 'string') return null;
  if (!v.startsWith('/')) return 'must start with `/`';
  if (v !== '/' && v.endsWith('/')) return 'must not end with `/`';
  if (v.includes('//')) return 'must not contain an empty segment';
  if (/[\s?#\u0000-\u001f\u007f]/u.test(v)) return 'must not contain whitespace, control characters, `?` or `#`';
  return null;
}

export const db = {
  workspaces: new Map(), // id -> { id, name }
  appKeys: new Map(), // key -> workspaceId
  sites: new Map(), // id -> site
  locales: new Map(),
  pages: new Map(),
  routes: new Map(),
};

export function resetDb() { for (const t of Object.values(db)) t.clear(); }

// C collation compare (byte order of UTF-8 == code point order)
export function cmpC(a, b) {
  if (a === b) return 0;
  const A = Buffer.from(a, 'utf8'), B = Buffer.from(b, 'utf8');
  return Buffer.compare(A, B);
}

export function liveSite(id) {
  const s = db.sites.get(id);
  return s && !s.deletedAt ? s : null;
}
export function siteLocales(siteId, { withDeleted = false } = {}) {
  return [...db.locales.values()].filter((l) => l.siteId === siteId && (withDeleted || !l.deletedAt));
}
export function defaultLocaleOf(siteId) {
  return siteLocales(siteId).find((l) => l.isDefault);
}
export function sitePages(siteId) { return [...db.pages.values()].filter((p) => p.siteId === siteId); }
export function siteRoutes(siteId) { return [...db.routes.values()].filter((r) => r.siteId === siteId); }
export function pathnameTaken(siteId, pathname, { exceptPage, exceptRoute, routesOnly = false } = {}) {
  const key = pathname.toLowerCase();
  if (!routesOnly) {
    for (const p of sitePages(siteId)) if (p.id !== exceptPage && p.pathname.toLowerCase() === key) return 'page';
  }
  for (const r of siteRoutes(siteId)) if (r.id !== exceptRoute && r.pathname.toLowerCase() === key) return 'route';
  return null;
}

// ---- representations (serde structs, fields in declaration order)
export function siteDto(s) {
  const def = defaultLocaleOf(s.id);
  return {
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.hostOrigin,
    publicApiKey: s.publicApiKey,
    defaultLocale: def ? def.code : 'en-US',
    // defaultLocalePathPrefix: Option<String> with skip_serializing_if = "Option::is_none"
    localeManagementMode: s.localeManagementMode,
  };
}
export function localeDto(l) {
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: l.pathPrefix ?? null, isDefault: l.isDefault };
}
export function routeDto(r) { return { object: 'route', id: r.id, pathname: r.pathname }; }
export function localizationsOf(p) {
  const out = [];
  for (const z of p.localizations) {
    const l = db.locales.get(z.localeId);
    if (!l || l.deletedAt || l.isDefault) continue;
    out.push({ pathname: z.pathname, locale: l.code, id: z.id });
  }
  return out.sort((a, b) => cmpC(a.locale, b.locale));
}
// shown: the page as seen in a locale (collapsed localization) — { pathname, title, description, locale }
export function shownPage(p, locale) {
  const shown = { pathname: p.pathname, title: p.title, description: p.description, locale: null };
  if (locale) {
    shown.locale = locale.code;
    if (!locale.isDefault) {
      const z = p.localizations.find((x) => x.localeId === locale.id);
      if (z) {
        shown.pathname = z.pathname;
        if (z.title != null) shown.title = z.title;
        if (z.description != null) shown.description = z.description;
      } else {
        const def = defaultLocaleOf(p.siteId);
        shown.locale = def ? def.code : locale.code;
      }
    }
  }
  return shown;
}
export function pageDto(p, locale) {
  const s = shownPage(p, locale);
  const out = {
    object: 'page',
    id: p.id,
    pathname: s.pathname,
    canonicalUrl: p.canonicalUrl,
    title: s.title,
    description: s.description,
    socialImageUrl: p.socialImageUrl,
    sitemapPriority: p.sitemapPriority,
    sitemapFrequency: p.sitemapFrequency,
    createdAt: rfc3339(p.createdAt),
    updatedAt: rfc3339(p.updatedAt),
    publishedAt: rfc3339(p.publishedAt),
    isOnline: p.isOnline,
    excludedFromSearchEngines: p.excludedFromSearchEngines,
    localizations: localizationsOf(p),
  };
  if (s.locale) out.locale = s.locale; // Option<String>, skipped when no locale was asked for
  return out;
}

// ---- constructors
export function insertSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'internal' }) {
  const t = nowMicros();
  const site = { id: uuid(), workspaceId, name, hostOrigin, publicApiKey: uuid(), siteApiKey: uuid(), localeManagementMode: mode, createdAt: t, deletedAt: null };
  db.sites.set(site.id, site);
  insertLocale({ siteId: site.id, code: defaultLocale, isDefault: true });
  return site;
}
export function insertLocale({ siteId, code, domain = null, isDefault = false, pathPrefix = null }) {
  const l = { id: uuid(), siteId, code, domain, isDefault, pathPrefix, createdAt: nowMicros(), deletedAt: null };
  db.locales.set(l.id, l);
  return l;
}
export function insertPage({ siteId, pathname, name, isOnline = false, title }) {
  const t = nowMicros();
  const p = {
    id: uuid(), siteId, pathname, name,
    title: title === undefined ? name : title, description: null, canonicalUrl: null, socialImageUrl: null,
    sitemapPriority: null, sitemapFrequency: null, excludedFromSearchEngines: false,
    isOnline, createdAt: t, updatedAt: t, publishedAt: isOnline ? t : null, localizations: [],
  };
  db.pages.set(p.id, p);
  return p;
}
export function insertRoute({ siteId, pathname }) {
  const r = { id: uuid(), siteId, pathname, createdAt: nowMicros() };
  db.routes.set(r.id, r);
  return r;
}
export function localize(page, locale, pathname, extra = {}) {
  page.localizations.push({ id: uuid(), localeId: locale.id, pathname, title: extra.title ?? null, description: extra.description ?? null });
}
