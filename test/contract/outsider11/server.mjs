// outsider11: an eleventh independent, in-memory deployment of the Site-Building Service REST API,
// written from the specification and the published OpenAPI only. Plain Node ESM, node: built-ins.
//   node server.mjs --port 0    -> prints one JSON line {"baseUrl","apiKey","workspaceId","siteApiKey","otherApiKey"}
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { createDb, fmtTime, appKey, newUuid } from './db.mjs';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
const SOFT_LIMIT = 102400; // 100kb, like a body-parser default
const HARD_LIMIT = 1024 * 1024;
const LOCALE_QUOTA = 20;

class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
const notFound = (m) => new ApiError(404, 'not_found', m);
const forbidden = (m) => new ApiError(403, 'forbidden', m);
const conflict = (m) => new ApiError(409, 'conflict', m);
const badOne = (field, message) => new ApiError(400, 'bad_request', `Validation failed: ${field} ${message}`, [{ field, message }]);

/** Collects 400 problems: one detail per field (its first problem), in the order the operation reads them. */
class Issues {
  constructor() {
    this.list = [];
    this.seen = new Set();
  }
  add(field, message) {
    if (this.seen.has(field)) return;
    this.seen.add(field);
    this.list.push({ field, message });
  }
  has(field) {
    return this.seen.has(field);
  }
  throwIf() {
    if (!this.list.length) return;
    const n = this.list.length;
    const msg = n === 1 ? `Validation failed: ${this.list[0].field} ${this.list[0].message}` : `Validation failed for ${n} fields: ${this.list.map((d) => d.field).join(', ')}`;
    throw new ApiError(400, 'bad_request', msg, this.list);
  }
}

// ---------------------------------------------------------------- value rules
const isStr = (v) => typeof v === 'string';
const CTRL = /[\u0000-\u001f\u007f]/;

export function normLocaleCode(s) {
  if (!isStr(s)) return null;
  const m = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$/.exec(s);
  if (!m) return null;
  return m[1].toLowerCase() + (m[2] ? `-${m[2].toUpperCase()}` : '');
}

/** hostOrigin: an absolute http(s) URL of printable ASCII; path and query kept; stored as the WHATWG href. */
function checkHostOrigin(v) {
  if (!isStr(v)) return { err: 'must be a string' };
  if (v.length === 0) return { err: 'must not be empty' };
  if (v.length > 300) return { err: 'must be at most 300 characters' };
  if (/[^\x21-\x7e]/.test(v)) return { err: 'must be a URI of printable ASCII characters' };
  if (!/^https?:\/\/[^/]/i.test(v)) return { err: 'must be an absolute http or https URL' };
  let u;
  try {
    u = new URL(v);
  } catch {
    return { err: 'must be an absolute http or https URL' };
  }
  if (u.username || u.password) return { err: 'must not carry credentials' };
  if (v.includes('#')) return { err: 'must not carry a fragment' };
  return { value: u.href };
}

/** Locale domain: an http(s) origin (no path, query or fragment); stored as the URL origin. */
function checkDomain(v) {
  if (!isStr(v)) return { err: 'must be a string' };
  if (v.length === 0) return { err: 'must not be empty' };
  if (v.length > 200) return { err: 'must be at most 200 characters' };
  if (/[^\x21-\x7e]/.test(v)) return { err: 'must be a URI of printable ASCII characters' };
  if (!/^https?:\/\/[^/]/i.test(v)) return { err: 'must include the protocol (http:// or https://)' };
  let u;
  try {
    u = new URL(v);
  } catch {
    return { err: 'must be an absolute URL' };
  }
  if (u.username || u.password) return { err: 'must not carry credentials' };
  if (u.pathname !== '/' || u.search || v.includes('#') || v.includes('?')) return { err: 'must be an origin (no path, query or fragment)' };
  return { value: u.origin };
}

function checkSiteName(v) {
  if (!isStr(v)) return { err: 'must be a string' };
  const t = v.normalize('NFC').trim();
  if (t.length === 0) return { err: 'must not be empty' };
  if ([...t].length > 50) return { err: 'must be at most 50 characters' };
  if (CTRL.test(t)) return { err: 'must not contain control characters' };
  return { value: t };
}

function checkPageName(v) {
  if (!isStr(v)) return { err: 'must be a string' };
  if (v.length < 1) return { err: 'must have a minimum length of 1' };
  if ([...v].length > 120) return { err: 'must be at most 120 characters' };
  if (CTRL.test(v)) return { err: 'must not contain control characters' };
  return { value: v };
}

/**
 * Page pathname: begins with "/", no whitespace, control characters, "?", "#", "//", "." or ".." segments;
 * a trailing "/" is KEPT and significant; non-ASCII characters are stored percent-encoded (UTF-8),
 * escapes get upper-case hex; at most 512 characters once encoded.
 */
export function checkPagePath(v) {
  if (!isStr(v)) return { err: 'must be a string' };
  if (v.length === 0) return { err: 'must not be empty' };
  if (!v.startsWith('/')) return { err: 'must begin with "/"' };
  if (/[\s\u0000-\u001f\u007f?#"<>\\^`{|}]/.test(v)) return { err: 'contains a character not allowed in a pathname' };
  if (v.includes('//')) return { err: 'must not contain an empty segment ("//")' };
  if (v.split('/').some((s) => s === '.' || s === '..')) return { err: 'must not contain "." or ".." segments' };
  let out = '';
  try {
    for (const ch of v.normalize('NFC')) out += ch.codePointAt(0) > 0x7e ? encodeURIComponent(ch) : ch;
  } catch {
    return { err: 'is not valid Unicode' };
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(out)) return { err: 'contains a "%" that is not a percent-escape' };
  out = out.replace(/%([0-9a-fA-F]{2})/g, (_, h) => `%${h.toUpperCase()}`);
  if (out.length > 512) return { err: 'must be at most 512 characters' };
  return { value: out };
}

const ROUTE_SEG = /^(?:[A-Za-z0-9._~-]+|:[A-Za-z_][A-Za-z0-9_]*|\*)$/;
function checkRoutePath(v, skip) {
  if (!isStr(v)) return { err: 'must be a string' };
  if (v.length === 0) return { err: 'must not be empty' };
  if (!v.startsWith('/')) return { err: 'must begin with "/"' };
  if (/[\s\u0000-\u001f\u007f]/.test(v)) return { err: 'must not contain whitespace or control characters' };
  if (skip) {
    if (v.length > 2048) return { err: 'must be at most 2048 characters' };
    return { value: v };
  }
  if (v.length > 256) return { err: 'must be at most 256 characters' };
  if (v === '/') return { value: v };
  const segs = v.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s === '') return { err: 'must not contain an empty segment or end with "/"' };
    if (s === '.' || s === '..' || !ROUTE_SEG.test(s)) return { err: `has an invalid segment "${s}"` };
    if (s === '*' && i !== segs.length - 1) return { err: '"*" may only be the last segment' };
  }
  return { value: v };
}

/** Pathnames compare like a case-insensitive text column over their decoded form. */
const ciKey = (p) => {
  try {
    return decodeURIComponent(p).toLowerCase();
  } catch {
    return p.toLowerCase();
  }
};

// ---------------------------------------------------------------- the service
export function createService() {
  const db = createDb();
  const T = db.tables;

  // ---- reads
  const liveSite = (id) => {
    const s = db.byId('site', id);
    return s && !s.deletedAt ? s : null;
  };
  const siteLocales = (site, withDeleted = false) => T.locale.filter((l) => l.siteId === site.id && (withDeleted || !l.deletedAt));
  const defaultLocaleOf = (site) => db.byId('locale', site.defaultLocaleId);
  const sitePages = (site) => T.page.filter((p) => p.siteId === site.id && !p.deletedAt);
  const siteRoutes = (site) => T.route.filter((r) => r.siteId === site.id && !r.deletedAt);

  function siteJson(s) {
    return {
      object: 'site',
      id: s.id,
      name: s.name,
      hostOrigin: s.hostOrigin,
      publicApiKey: s.publicApiKey,
      defaultLocale: defaultLocaleOf(s).code,
      defaultLocalePathPrefix: null,
      localeManagementMode: s.mode,
    };
  }
  function localeJson(l) {
    const site = db.byId('site', l.siteId);
    return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: site.defaultLocaleId === l.id };
  }
  const routeJson = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

  function localizationsOf(page, site) {
    const out = [];
    for (const lz of T.localization) {
      if (lz.pageId !== page.id) continue;
      const loc = db.byId('locale', lz.localeId);
      if (!loc || loc.deletedAt || loc.id === site.defaultLocaleId) continue;
      out.push({ seq: loc.seq, item: { id: lz.id, locale: loc.code, pathname: lz.pathname } });
    }
    return out.sort((a, b) => a.seq - b.seq).map((x) => x.item);
  }

  /** A page as seen in one version and one locale; null when that version does not exist. */
  function pageView(page, site, version, locale) {
    const src = version === 'live' ? page.live : page;
    if (!src) return null;
    const v = {
      page,
      id: page.id,
      name: src.name,
      pathname: src.pathname,
      title: src.title,
      description: src.description,
      isOnline: src.isOnline,
      createdAt: page.createdAt,
      updatedAt: src.updatedAt,
      publishedAt: page.publishedAt,
      src,
      locale: defaultLocaleOf(site).code,
      localized: false,
    };
    if (locale && locale.id !== site.defaultLocaleId) {
      const lz = T.localization.find((z) => z.pageId === page.id && z.localeId === locale.id);
      if (lz) {
        v.pathname = lz.pathname;
        if (lz.title != null) v.title = lz.title;
        if (lz.description != null) v.description = lz.description;
        v.locale = locale.code;
        v.localized = true;
      }
    }
    return v;
  }
  function pageJson(v, site) {
    const s = v.src;
    return {
      object: 'page',
      id: v.id,
      pathname: v.pathname,
      canonicalUrl: s.canonicalUrl,
      title: v.title,
      description: v.description,
      socialImageUrl: s.socialImageUrl,
      sitemapPriority: s.sitemapPriority,
      sitemapFrequency: s.sitemapFrequency,
      createdAt: fmtTime(v.createdAt),
      updatedAt: fmtTime(v.updatedAt),
      publishedAt: fmtTime(v.publishedAt),
      isOnline: v.isOnline,
      excludedFromSearchEngines: s.excludedFromSearchEngines,
      locale: v.locale,
      localizations: localizationsOf(v.page, site),
    };
  }

  // ---- writes
  function insertSite(tx, { workspaceId, name, hostOrigin, defaultLocale, mode = 'external' }) {
    const site = db.insert('site', {
      workspaceId,
      name,
      hostOrigin: hostOrigin ?? null,
      publicApiKey: newUuid(),
      siteApiKey: newUuid(),
      mode,
      defaultLocaleId: null,
      createdAt: tx.now,
      updatedAt: tx.now,
    });
    const loc = db.insert('locale', { siteId: site.id, code: defaultLocale, domain: null, createdAt: tx.now });
    site.defaultLocaleId = loc.id;
    return site;
  }
  function insertPage(tx, site, { pathname, name, ...rest }) {
    return db.insert('page', {
      siteId: site.id,
      pathname,
      name,
      title: null,
      description: null,
      canonicalUrl: null,
      socialImageUrl: null,
      sitemapPriority: 0.6,
      sitemapFrequency: 'daily',
      excludedFromSearchEngines: false,
      isOnline: false,
      createdAt: tx.now,
      updatedAt: tx.now,
      publishedAt: null,
      live: null,
      ...rest,
    });
  }
  function snapshot(page) {
    const { name, pathname, title, description, canonicalUrl, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines, isOnline, updatedAt } = page;
    return { name, pathname, title, description, canonicalUrl, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines, isOnline, updatedAt };
  }
  function publish(tx, page) {
    page.isOnline = true;
    page.publishedAt = tx.now;
    page.live = snapshot(page);
  }

  function pathTaken(site, pathname, { exceptPage, exceptRoute } = {}) {
    const k = ciKey(pathname);
    if (sitePages(site).some((p) => p !== exceptPage && ciKey(p.pathname) === k)) return 'A page with this pathname already exists';
    if (siteRoutes(site).some((r) => r !== exceptRoute && ciKey(r.pathname) === k)) return 'A route with this pathname already exists';
    return null;
  }

  // ---- seed
  function seed() {
    const tx = db.begin();
    const ws1 = db.insert('workspace', { name: 'Brightline Studio', appKey: appKey() });
    const ws2 = db.insert('workspace', { name: 'Copperfield Labs', appKey: appKey() });

    const journal = insertSite(tx, { workspaceId: ws1.id, name: 'Brightline Journal', hostOrigin: 'https://journal.brightline.example/', defaultLocale: 'en-US', mode: 'internal' });
    const fr = db.insert('locale', { siteId: journal.id, code: 'fr-FR', domain: 'https://fr.brightline.example', createdAt: tx.now });
    const de = db.insert('locale', { siteId: journal.id, code: 'de-DE', domain: null, createdAt: tx.now });
    const es = db.insert('locale', { siteId: journal.id, code: 'es-ES', domain: 'https://es.brightline.example', createdAt: tx.now });
    const home = insertPage(tx, journal, { pathname: '/', name: 'Home', title: 'Brightline Journal', description: 'Notes from the studio', sitemapPriority: 1 });
    publish(tx, home);
    const about = insertPage(tx, journal, { pathname: '/about', name: 'About', title: 'About us', description: 'Who we are' });
    publish(tx, about);
    about.title = 'About the studio'; // a draft edit not published yet
    const blog = insertPage(tx, journal, { pathname: '/blog/', name: 'Blog index', title: 'Blog' });
    publish(tx, blog);
    const post = insertPage(tx, journal, { pathname: '/blog/first-post', name: 'First post', title: 'A first post', description: 'Hello' });
    publish(tx, post);
    const contact = insertPage(tx, journal, { pathname: '/Contact', name: 'Contact', title: null });
    publish(tx, contact);
    insertPage(tx, journal, { pathname: '/drafts/q3-plan', name: 'Q3 plan', title: 'Q3 plan' });
    const archive = insertPage(tx, journal, { pathname: '/archive/2023', name: 'Archive 2023', title: 'Archive' });
    publish(tx, archive);
    archive.isOnline = false;
    archive.live.isOnline = false;
    db.insert('localization', { pageId: about.id, localeId: fr.id, pathname: '/a-propos', title: 'À propos', description: null });
    db.insert('localization', { pageId: about.id, localeId: de.id, pathname: '/ueber-uns', title: null, description: null });
    db.insert('localization', { pageId: about.id, localeId: es.id, pathname: '/sobre-nosotros', title: null, description: null });
    db.insert('localization', { pageId: post.id, localeId: fr.id, pathname: '/blog/premier-article', title: 'Un premier article', description: null });
    es.deletedAt = tx.now;
    db.insert('route', { siteId: journal.id, pathname: '/feeds/:format' });
    db.insert('route', { siteId: journal.id, pathname: '/assets/*' });

    const shop = insertSite(tx, { workspaceId: ws1.id, name: 'Brightline Shop', defaultLocale: 'de-DE' });
    const gb = db.insert('locale', { siteId: shop.id, code: 'en-GB', domain: 'https://shop.brightline.example', createdAt: tx.now });
    const sHome = insertPage(tx, shop, { pathname: '/', name: 'Start', title: 'Shop' });
    publish(tx, sHome);
    const prod = insertPage(tx, shop, { pathname: '/produkte', name: 'Produkte', title: 'Produkte' });
    publish(tx, prod);
    insertPage(tx, shop, { pathname: '/warenkorb', name: 'Warenkorb', title: 'Warenkorb' });
    db.insert('localization', { pageId: prod.id, localeId: gb.id, pathname: '/products', title: 'Products', description: null });
    db.insert('route', { siteId: shop.id, pathname: '/kasse/:step' });

    const other = insertSite(tx, { workspaceId: ws2.id, name: 'Copperfield Home', defaultLocale: 'en-GB' });
    const nl = db.insert('locale', { siteId: other.id, code: 'nl-NL', domain: null, createdAt: tx.now });
    const oHome = insertPage(tx, other, { pathname: '/', name: 'Home', title: 'Copperfield' });
    publish(tx, oHome);
    const pricing = insertPage(tx, other, { pathname: '/pricing', name: 'Pricing', title: 'Pricing' });
    publish(tx, pricing);
    db.insert('localization', { pageId: pricing.id, localeId: nl.id, pathname: '/prijzen', title: 'Prijzen', description: null });
    db.insert('route', { siteId: other.id, pathname: '/status' });
    return { apiKey: ws1.appKey, workspaceId: ws1.id, siteApiKey: shop.siteApiKey, otherApiKey: ws2.appKey };
  }
  const seeded = seed();

  // ---- keys
  function resolveKey(raw) {
    if (typeof raw !== 'string' || raw === '') return null;
    const ws = T.workspace.find((w) => w.appKey === raw);
    if (ws) return { kind: 'app', workspaceId: ws.id };
    if (UUID_RE.test(raw)) {
      const k = raw.toLowerCase();
      const s = T.site.find((x) => !x.deletedAt && x.siteApiKey === k);
      if (s) return { kind: 'site', siteId: s.id };
      const p = T.site.find((x) => !x.deletedAt && x.publicApiKey === k);
      if (p) return { kind: 'public', siteId: p.id };
    }
    return null;
  }

  /**
   * Grants: an App key may do everything in its workspace. A Site key reads and lists its site and
   * may create, update and restore there, but holds no DELETE grant and cannot duplicate. A site's
   * publicApiKey may only read single resources of its site (no lists, no writes).
   */
  function authorize(key, site, grant) {
    if (key.kind === 'app') {
      if (site.workspaceId !== key.workspaceId) throw forbidden('This API key has no access to that site');
      return;
    }
    if (site.id !== key.siteId) throw forbidden('This API key has no access to that site');
    const allowed = key.kind === 'site' ? ['read', 'list', 'write'] : ['read'];
    if (!allowed.includes(grant)) throw forbidden(`A ${key.kind === 'site' ? 'Site API key' : 'publishable key'} may not ${grant === 'delete' ? 'delete resources' : grant === 'list' ? 'list resources' : 'perform this operation'}`);
  }
  function appOnly(key, what) {
    if (key.kind !== 'app') throw forbidden(`Only an App API key may ${what}`);
  }

  // ---- request parsing helpers
  function rejectUnknown(issues, body, allowed) {
    for (const k of Object.keys(body)) if (!allowed.includes(k)) issues.add(k, 'is not an allowed field');
  }
  function reqUuidQuery(issues, q, name, required) {
    if (!q.has(name)) {
      if (required) issues.add(name, 'is required');
      return undefined;
    }
    const v = q.get(name);
    if (!UUID_RE.test(v)) {
      issues.add(name, 'must be a UUID');
      return undefined;
    }
    return v.toLowerCase();
  }
  function limitQuery(issues, q, strictMin) {
    if (!q.has('limit')) return 20;
    const v = q.get('limit');
    if (!/^[0-9]+$/.test(v)) {
      issues.add('limit', 'must be a whole number');
      return 20;
    }
    const n = Number(v);
    if (n === 0) {
      if (strictMin) issues.add('limit', 'must be between 1 and 100');
      return 20; // limit=0 means "use the default" (take: limit || 20)
    }
    if (n > 100) {
      issues.add('limit', 'must be at most 100');
      return 20;
    }
    return n;
  }
  function enumQuery(issues, q, name, values, dflt) {
    if (!q.has(name)) return dflt;
    const v = q.get(name);
    if (!values.includes(v)) {
      issues.add(name, `must be one of: ${values.join(', ')}`);
      return dflt;
    }
    return v;
  }
  function bodyUuid(issues, body, name, required) {
    if (!(name in body)) {
      if (required) issues.add(name, 'is required');
      return undefined;
    }
    const v = body[name];
    if (!isStr(v)) issues.add(name, 'must be a string');
    else if (!UUID_RE.test(v)) issues.add(name, 'must be a UUID');
    else return v.toLowerCase();
    return undefined;
  }
  function field(issues, body, name, required, check) {
    if (!(name in body)) {
      if (required) issues.add(name, 'is required');
      return undefined;
    }
    const r = check(body[name]);
    if (r.err) {
      issues.add(name, r.err);
      return undefined;
    }
    return r.value;
  }

  /** Pagination over a sorted array with a comparator: the cursor may name a row filtered out or deleted since. */
  function paginate(items, cmp, cursorItem, limit) {
    let start = 0;
    if (cursorItem) {
      const at = items.indexOf(cursorItem);
      if (at >= 0) start = at + 1;
      else {
        start = items.findIndex((x) => cmp(x, cursorItem) > 0);
        if (start < 0) start = items.length;
      }
    }
    const data = items.slice(start, start + limit);
    return { data, hasMore: start + limit < items.length, total: items.length };
  }
  const bySeq = (a, b) => a.seq - b.seq;

  // ---- site lookups by path value
  function siteFromPath(siteIdRaw) {
    if (!UUID_RE.test(siteIdRaw)) throw badOne('siteId', 'must be a UUID');
    const s = liveSite(siteIdRaw);
    if (!s) throw notFound('Site not found');
    return s;
  }
  function siteFromQuery(id) {
    const s = liveSite(id);
    if (!s) throw notFound('Site not found');
    return s;
  }

  /** Resolves a locale path value (an id, or a code with siteId). `deleted`: 'active' | 'deleted' | 'any'. */
  function findLocale(issues, raw, q, mode) {
    const siteId = reqUuidQuery(issues, q, 'siteId', false);
    const isId = UUID_RE.test(raw);
    let code = null;
    if (!isId) {
      code = normLocaleCode(raw);
      if (!code) issues.add('localeIdOrCode', 'is neither a locale ID nor a locale code');
      else if (!q.has('siteId')) issues.add('siteId', 'is required when a locale code is used');
    }
    return () => {
      let loc;
      let site;
      if (isId) {
        loc = db.byId('locale', raw);
        if (siteId && loc && loc.siteId !== siteId) loc = null;
        site = loc && liveSite(loc.siteId);
        if (!loc || !site) throw notFound('Locale not found');
      } else {
        site = siteFromQuery(siteId);
        loc = T.locale.find((l) => l.siteId === site.id && l.code === code);
        if (!loc) throw notFound('Locale not found');
      }
      if (mode === 'active' && loc.deletedAt) throw notFound('Locale not found');
      return { loc, site };
    };
  }

  /** Resolves a page or route path value (an id, or a pathname with siteId). */
  function findByIdOrPath(issues, table, raw, q) {
    const siteId = reqUuidQuery(issues, q, 'siteId', false);
    const isId = UUID_RE.test(raw) && !raw.startsWith('/');
    let pathname = null;
    if (!isId) {
      pathname = raw.startsWith('/') ? raw : `/${raw}`;
      if (table === 'page') {
        const r = checkPagePath(pathname);
        pathname = r.value ?? pathname;
      }
      if (!q.has('siteId')) issues.add('siteId', 'is required when a pathname is used');
    }
    const label = table === 'page' ? 'Page' : 'Route';
    return () => {
      let row;
      let site;
      if (isId) {
        row = db.byId(table, raw);
        if (row && (row.deletedAt || (siteId && row.siteId !== siteId))) row = null;
        site = row && liveSite(row.siteId);
        if (!row || !site) throw notFound(`${label} not found`);
      } else {
        site = siteFromQuery(siteId);
        const k = ciKey(pathname);
        row = T[table].find((r) => r.siteId === site.id && !r.deletedAt && ciKey(r.pathname) === k);
        if (!row) throw notFound(`${label} not found`);
      }
      return { row, site };
    };
  }

  function resolvePageLocale(site, raw) {
    const locs = siteLocales(site);
    if (UUID_RE.test(raw)) return locs.find((l) => l.id === raw.toLowerCase()) || null;
    const code = normLocaleCode(raw);
    return code ? locs.find((l) => l.code === code) || null : null;
  }

  // ================================================================ operations
  const ops = {};

  // ---- sites
  ops.listSites = ({ key, q, issues }) => {
    const ws = reqUuidQuery(issues, q, 'workspaceId', true);
    const limit = limitQuery(issues, q, false);
    const after = reqUuidQuery(issues, q, 'startingAfter', false);
    issues.throwIf();
    appOnly(key, 'list sites');
    if (ws !== key.workspaceId) throw forbidden('This API key has no access to that workspace');
    const items = T.site.filter((s) => s.workspaceId === ws && !s.deletedAt);
    let cur = null;
    if (after) {
      cur = db.byId('site', after);
      if (!cur || cur.workspaceId !== ws) throw notFound('startingAfter names no site of this workspace');
    }
    const page = paginate(items, bySeq, cur, limit);
    return { status: 200, list: page, body: { object: 'list', data: page.data.map(siteJson), hasMore: page.hasMore } };
  };

  ops.createSite = ({ key, body, issues, tx }) => {
    const ws = bodyUuid(issues, body, 'workspaceId', true);
    const name = field(issues, body, 'name', true, checkSiteName);
    const hostOrigin = field(issues, body, 'hostOrigin', false, checkHostOrigin);
    const dl = field(issues, body, 'defaultLocale', false, (v) => {
      const c = normLocaleCode(v);
      return c ? { value: c } : { err: 'must be a locale code (language, optionally with a region)' };
    });
    rejectUnknown(issues, body, ['workspaceId', 'name', 'hostOrigin', 'defaultLocale']);
    issues.throwIf();
    appOnly(key, 'create sites');
    if (ws !== key.workspaceId) throw forbidden('This API key has no access to that workspace');
    const site = insertSite(tx, { workspaceId: ws, name, hostOrigin, defaultLocale: dl || 'en-US' });
    return { status: 201, location: `/v2/sites/${site.id}`, body: siteJson(site) };
  };

  ops.getSite = ({ key, params }) => {
    const site = siteFromPath(params.siteId);
    authorize(key, site, 'read');
    return { status: 200, body: siteJson(site) };
  };

  ops.updateSite = ({ key, params, body, issues, tx }) => {
    if (!UUID_RE.test(params.siteId)) issues.add('siteId', 'must be a UUID');
    const name = field(issues, body, 'name', false, checkSiteName);
    let hostOrigin;
    if ('hostOrigin' in body) {
      if (body.hostOrigin === null) hostOrigin = null;
      else {
        const r = checkHostOrigin(body.hostOrigin);
        if (r.err) issues.add('hostOrigin', r.err);
        else hostOrigin = r.value;
      }
    }
    if ('defaultLocale' in body) issues.add('defaultLocale', 'is not accepted in this body');
    rejectUnknown(issues, body, ['name', 'hostOrigin', 'defaultLocale']);
    issues.throwIf();
    const site = siteFromPath(params.siteId);
    authorize(key, site, 'write');
    let dirty = false;
    if (name !== undefined && name !== site.name) {
      site.name = name;
      dirty = true;
    }
    if (hostOrigin !== undefined && hostOrigin !== site.hostOrigin) {
      site.hostOrigin = hostOrigin;
      dirty = true;
    }
    if (dirty) site.updatedAt = tx.now;
    return { status: 200, body: siteJson(site) };
  };

  ops.deleteSite = ({ key, params, tx }) => {
    const site = siteFromPath(params.siteId);
    authorize(key, site, 'delete');
    site.deletedAt = tx.now;
    return { status: 204 };
  };

  ops.duplicateSite = ({ key, params, body, issues, tx }) => {
    if (!UUID_RE.test(params.siteId)) issues.add('siteId', 'must be a UUID');
    const name = field(issues, body, 'name', true, checkSiteName);
    rejectUnknown(issues, body, ['name']);
    issues.throwIf();
    const src = siteFromPath(params.siteId);
    authorize(key, src, 'read');
    appOnly(key, 'duplicate a site');
    const copy = insertSite(tx, { workspaceId: src.workspaceId, name, hostOrigin: src.hostOrigin, defaultLocale: defaultLocaleOf(src).code, mode: src.mode });
    const locMap = new Map([[src.defaultLocaleId, copy.defaultLocaleId]]);
    for (const l of siteLocales(src)) {
      if (l.id === src.defaultLocaleId) {
        db.byId('locale', copy.defaultLocaleId).domain = l.domain;
        continue;
      }
      locMap.set(l.id, db.insert('locale', { siteId: copy.id, code: l.code, domain: l.domain, createdAt: tx.now }).id);
    }
    for (const p of sitePages(src)) {
      const { id, seq, siteId, deletedAt, live, createdAt, updatedAt, ...rest } = p;
      const np = insertPage(tx, copy, { ...rest, live: live ? { ...live, updatedAt: tx.now } : null });
      for (const lz of T.localization.filter((z) => z.pageId === p.id)) {
        if (!locMap.has(lz.localeId)) continue;
        db.insert('localization', { pageId: np.id, localeId: locMap.get(lz.localeId), pathname: lz.pathname, title: lz.title, description: lz.description });
      }
    }
    for (const r of siteRoutes(src)) db.insert('route', { siteId: copy.id, pathname: r.pathname });
    return { status: 201, location: `/v2/sites/${copy.id}`, body: siteJson(copy) };
  };

  // ---- locales
  const localeCmp = (site) => (a, b) => (b.id === site.defaultLocaleId) - (a.id === site.defaultLocaleId) || a.seq - b.seq;

  ops.listLocales = ({ key, q, issues }) => {
    const siteId = reqUuidQuery(issues, q, 'siteId', true);
    const limit = limitQuery(issues, q, true);
    const after = reqUuidQuery(issues, q, 'startingAfter', false);
    issues.throwIf();
    const site = siteFromQuery(siteId);
    authorize(key, site, 'list');
    const cmp = localeCmp(site);
    const items = siteLocales(site).sort(cmp);
    let cur = null;
    if (after) {
      cur = db.byId('locale', after);
      if (!cur || cur.siteId !== site.id) throw notFound('startingAfter names no locale of this site');
    }
    const page = paginate(items, cmp, cur, limit);
    return { status: 200, list: page, body: { object: 'list', data: page.data.map(localeJson), hasMore: page.hasMore } };
  };

  ops.createLocale = ({ key, body, issues, tx }) => {
    const siteId = bodyUuid(issues, body, 'siteId', true);
    const code = field(issues, body, 'locale', true, (v) => {
      const c = normLocaleCode(v);
      return c ? { value: c } : { err: 'must be a locale code (language, optionally with a region)' };
    });
    let domain = null;
    if ('domain' in body && body.domain !== null) {
      const r = checkDomain(body.domain);
      if (r.err) issues.add('domain', r.err);
      else domain = r.value;
    }
    rejectUnknown(issues, body, ['siteId', 'locale', 'domain']);
    issues.throwIf();
    const site = siteFromQuery(siteId);
    authorize(key, site, 'write');
    if (siteLocales(site).length >= LOCALE_QUOTA) throw badOne('locale', `the site already has ${LOCALE_QUOTA} locales`);
    const all = siteLocales(site, true);
    const same = all.find((l) => l.code === code);
    if (same) throw conflict(same.deletedAt ? `Locale ${code} exists in a deleted state; restore it instead` : `Locale ${code} already exists`);
    if (domain && all.some((l) => l.domain === domain)) throw conflict('Another locale of this site holds that domain');
    const loc = db.insert('locale', { siteId: site.id, code, domain, createdAt: tx.now });
    return { status: 201, location: `/v2/locales/${loc.id}`, body: localeJson(loc) };
  };

  ops.getLocale = ({ key, params, q, issues }) => {
    const find = findLocale(issues, params.localeIdOrCode, q, 'active');
    issues.throwIf();
    const { loc, site } = find();
    authorize(key, site, 'read');
    return { status: 200, body: localeJson(loc) };
  };

  ops.updateLocale = ({ key, params, q, body, issues }) => {
    const find = findLocale(issues, params.localeIdOrCode, q, 'active');
    const code = field(issues, body, 'locale', false, (v) => {
      const c = normLocaleCode(v);
      return c ? { value: c } : { err: 'must be a locale code (language, optionally with a region)' };
    });
    let domain;
    if ('domain' in body) {
      if (body.domain === null) domain = null;
      else {
        const r = checkDomain(body.domain);
        if (r.err) issues.add('domain', r.err);
        else domain = r.value;
      }
    }
    let makeDefault = false;
    if ('isDefault' in body) {
      if (body.isDefault === true) makeDefault = true;
      else if (body.isDefault === false) issues.add('isDefault', 'can only be set to true (make another locale the default instead)');
      else issues.add('isDefault', 'must be a boolean');
    }
    rejectUnknown(issues, body, ['locale', 'domain', 'isDefault']);
    issues.throwIf();
    const { loc, site } = find();
    authorize(key, site, 'write');
    const all = siteLocales(site, true);
    if (code !== undefined && code !== loc.code && all.some((l) => l !== loc && l.code === code)) throw conflict(`Locale ${code} already exists for this site (possibly deleted)`);
    if (domain && domain !== loc.domain && all.some((l) => l !== loc && l.domain === domain)) throw conflict('Another locale of this site holds that domain');
    if (code !== undefined) loc.code = code;
    if (domain !== undefined) loc.domain = domain;
    if (makeDefault) site.defaultLocaleId = loc.id;
    return { status: 200, body: localeJson(loc) };
  };

  ops.deleteLocale = ({ key, params, q, issues, tx }) => {
    const find = findLocale(issues, params.localeIdOrCode, q, 'active');
    issues.throwIf();
    const { loc, site } = find();
    authorize(key, site, 'delete');
    if (loc.id === site.defaultLocaleId) throw badOne('localeIdOrCode', 'is the default locale of the site and cannot be deleted');
    loc.deletedAt = tx.now;
    return { status: 204 };
  };

  ops.restoreLocale = ({ key, params, q, issues }) => {
    const find = findLocale(issues, params.localeIdOrCode, q, 'any');
    issues.throwIf();
    const { loc, site } = find();
    authorize(key, site, 'write');
    if (!loc.deletedAt) throw conflict('This locale is not deleted');
    if (siteLocales(site).length >= LOCALE_QUOTA) throw badOne('localeIdOrCode', `the site already has ${LOCALE_QUOTA} locales`);
    loc.deletedAt = null;
    return { status: 200, body: localeJson(loc) };
  };

  // ---- pages
  function cmpValues(a, b) {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1; // NULLS LAST ascending, FIRST descending (nulls are the largest)
    if (b === null || b === undefined) return -1;
    if (typeof a === 'number') return a - b;
    const la = a.toLowerCase();
    const lb = b.toLowerCase();
    if (la !== lb) return la < lb ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const SORT_FIELD = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' };
  function pageCmp(sortBy, dir) {
    const f = SORT_FIELD[sortBy];
    const sign = dir === 'desc' ? -1 : 1;
    return (a, b) => sign * cmpValues(a[f], b[f]) || cmpValues(a.name, b.name) || cmpValues(a.id, b.id);
  }

  function listPages({ key, q, issues, siteIdFromPath }) {
    let siteId;
    if (siteIdFromPath !== undefined) {
      if (!UUID_RE.test(siteIdFromPath)) issues.add('siteId', 'must be a UUID');
      else siteId = siteIdFromPath.toLowerCase();
    } else siteId = reqUuidQuery(issues, q, 'siteId', true);
    const limit = limitQuery(issues, q, false);
    const after = reqUuidQuery(issues, q, 'startingAfter', false);
    const pathPrefix = q.has('pathPrefix') ? q.get('pathPrefix') : '/';
    const sortBy = enumQuery(issues, q, 'sortBy', ['title', 'path', 'description', 'updatedAt', 'createdAt'], 'path');
    const dir = enumQuery(issues, q, 'sortDirection', ['asc', 'desc'], 'asc');
    const includeOffline = enumQuery(issues, q, 'includeOffline', ['true', 'false'], 'false') === 'true';
    const localeRaw = q.has('locale') && q.get('locale') !== '' ? q.get('locale') : null;
    if (localeRaw && !UUID_RE.test(localeRaw) && !normLocaleCode(localeRaw)) issues.add('locale', 'must be a locale code or a locale ID');
    const version = enumQuery(issues, q, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft') === 'ref:live' ? 'live' : 'draft';
    issues.throwIf();
    const site = siteFromQuery(siteId);
    authorize(key, site, 'list');
    let locale = null;
    if (localeRaw) {
      locale = resolvePageLocale(site, localeRaw);
      if (!locale) return { status: 200, list: { data: [], hasMore: false, total: 0 }, body: { object: 'list', data: [], hasMore: false } };
    }
    const filterLocalized = locale && locale.id !== site.defaultLocaleId;
    const prefix = ciKey(pathPrefix);
    const keep = (v) => v && (includeOffline || v.isOnline) && (!filterLocalized || v.localized) && ciKey(v.pathname).startsWith(prefix);
    const cmp = pageCmp(sortBy, dir);
    const items = sitePages(site)
      .map((p) => pageView(p, site, version, locale))
      .filter(keep)
      .sort(cmp);
    let cur = null;
    if (after) {
      const row = db.byId('page', after);
      if (!row || row.siteId !== site.id) throw notFound('startingAfter names no page of this site');
      cur = items.find((v) => v.id === row.id) || pageView(row, site, version, locale) || pageView(row, site, 'draft', locale);
    }
    const page = paginate(items, cmp, cur, limit);
    return { status: 200, list: page, body: { object: 'list', data: page.data.map((v) => pageJson(v, site)), hasMore: page.hasMore } };
  }
  ops.listPages = (ctx) => listPages(ctx);
  ops.listSitePages = (ctx) => listPages({ ...ctx, siteIdFromPath: ctx.params.siteId });

  ops.createPage = ({ key, body, issues, tx }) => {
    const siteId = bodyUuid(issues, body, 'siteId', true);
    const pathname = field(issues, body, 'pathname', true, checkPagePath);
    const name = field(issues, body, 'name', true, checkPageName);
    rejectUnknown(issues, body, ['siteId', 'pathname', 'name']);
    issues.throwIf();
    const site = siteFromQuery(siteId);
    authorize(key, site, 'write');
    const clash = pathTaken(site, pathname);
    if (clash) throw conflict(clash);
    const p = insertPage(tx, site, { pathname, name });
    return { status: 201, location: `/v6/pages/${p.id}`, body: pageJson(pageView(p, site, 'draft', null), site) };
  };

  ops.getPage = ({ key, params, q, issues }) => {
    const find = findByIdOrPath(issues, 'page', params.rest, q);
    const version = enumQuery(issues, q, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft') === 'ref:live' ? 'live' : 'draft';
    const localeRaw = q.has('locale') && q.get('locale') !== '' ? q.get('locale') : null;
    if (localeRaw && !UUID_RE.test(localeRaw) && !normLocaleCode(localeRaw)) issues.add('locale', 'must be a locale code or a locale ID');
    issues.throwIf();
    const { row, site } = find();
    authorize(key, site, 'read');
    let locale = null;
    if (localeRaw) {
      locale = resolvePageLocale(site, localeRaw);
      if (!locale) throw badOne('locale', 'is not an active locale of the site');
    }
    const v = pageView(row, site, version, locale);
    if (!v) throw notFound('The page has no live version');
    return { status: 200, body: pageJson(v, site) };
  };

  ops.updatePage = ({ key, params, q, body, issues, tx }) => {
    const find = findByIdOrPath(issues, 'page', params.rest, q);
    let pathname;
    if ('pathname' in body) {
      if (body.pathname === null || body.pathname === '') issues.add('pathname', 'Missing pathname field.');
      else {
        const r = checkPagePath(body.pathname);
        if (r.err) issues.add('pathname', r.err);
        else pathname = r.value;
      }
    }
    const name = field(issues, body, 'name', false, checkPageName);
    let isOnline;
    if ('isOnline' in body) {
      if (typeof body.isOnline !== 'boolean') issues.add('isOnline', 'must be a boolean');
      else isOnline = body.isOnline;
    }
    rejectUnknown(issues, body, ['pathname', 'name', 'isOnline']);
    issues.throwIf();
    const { row: page, site } = find();
    authorize(key, site, 'write');
    if (pathname !== undefined && pathname !== page.pathname) {
      const clash = pathTaken(site, pathname, { exceptPage: page });
      if (clash) throw conflict(clash);
    }
    let dirty = false;
    if (pathname !== undefined && pathname !== page.pathname) {
      page.pathname = pathname;
      dirty = true;
    }
    if (name !== undefined && name !== page.name) {
      page.name = name;
      dirty = true;
    }
    if (isOnline !== undefined && isOnline !== page.isOnline) dirty = true;
    if (dirty) page.updatedAt = tx.now;
    if (isOnline === true && !page.isOnline) publish(tx, page);
    else if (isOnline === false && page.isOnline) {
      page.isOnline = false;
      if (page.live) page.live.isOnline = false;
    }
    return { status: 200, body: pageJson(pageView(page, site, 'draft', null), site) };
  };

  ops.deletePage = ({ key, params, q, issues, tx }) => {
    const find = findByIdOrPath(issues, 'page', params.rest, q);
    issues.throwIf();
    const { row, site } = find();
    authorize(key, site, 'delete');
    row.deletedAt = tx.now;
    return { status: 204 };
  };

  // ---- routes
  ops.listRoutes = ({ key, q, issues }) => {
    const siteId = reqUuidQuery(issues, q, 'siteId', true);
    const limit = limitQuery(issues, q, false);
    const after = reqUuidQuery(issues, q, 'startingAfter', false);
    issues.throwIf();
    const site = siteFromQuery(siteId);
    authorize(key, site, 'list');
    const items = siteRoutes(site);
    let cur = null;
    if (after) {
      cur = db.byId('route', after);
      if (!cur || cur.siteId !== site.id) throw notFound('startingAfter names no route of this site');
    }
    const page = paginate(items, bySeq, cur, limit);
    return { status: 200, list: page, body: { object: 'list', data: page.data.map(routeJson), hasMore: page.hasMore } };
  };

  ops.createRoute = ({ key, q, body, issues }) => {
    const skip = enumQuery(issues, q, 'skipValidation', ['true', 'false'], 'false') === 'true';
    const siteId = bodyUuid(issues, body, 'siteId', true);
    const pathname = field(issues, body, 'pathname', true, (v) => checkRoutePath(v, skip));
    rejectUnknown(issues, body, ['siteId', 'pathname']);
    issues.throwIf();
    const site = siteFromQuery(siteId);
    authorize(key, site, 'write');
    const clash = pathTaken(site, pathname);
    if (clash) throw conflict(clash);
    const r = db.insert('route', { siteId: site.id, pathname });
    return { status: 201, location: `/v2/routes/${r.id}`, body: routeJson(r) };
  };

  ops.getRoute = ({ key, params, q, issues }) => {
    const find = findByIdOrPath(issues, 'route', params.rest, q);
    issues.throwIf();
    const { row, site } = find();
    authorize(key, site, 'read');
    return { status: 200, body: routeJson(row) };
  };

  ops.updateRoute = ({ key, params, q, body, issues }) => {
    const find = findByIdOrPath(issues, 'route', params.rest, q);
    const skip = enumQuery(issues, q, 'skipValidation', ['true', 'false'], 'false') === 'true';
    const pathname = field(issues, body, 'pathname', false, (v) => checkRoutePath(v, skip));
    rejectUnknown(issues, body, ['pathname']);
    issues.throwIf();
    const { row, site } = find();
    authorize(key, site, 'write');
    if (pathname !== undefined && pathname !== row.pathname) {
      const clash = pathTaken(site, pathname, { exceptRoute: row });
      if (clash) throw conflict(clash);
      row.pathname = pathname;
    }
    return { status: 200, body: routeJson(row) };
  };

  ops.deleteRoute = ({ key, params, q, issues, tx }) => {
    const find = findByIdOrPath(issues, 'route', params.rest, q);
    issues.throwIf();
    const { row, site } = find();
    authorize(key, site, 'delete');
    row.deletedAt = tx.now;
    return { status: 204 };
  };

  return { ops, resolveKey, seeded, begin: db.begin };
}

// ================================================================ HTTP layer
const BODY_OPS = new Set(['createSite', 'updateSite', 'duplicateSite', 'createLocale', 'updateLocale', 'createPage', 'updatePage', 'createRoute', 'updateRoute']);

/** Routing: returns { op, params } or null. PUT is an alias of PATCH; HEAD is served like GET. */
function route(method, segs) {
  const m = method === 'PUT' ? 'PATCH' : method === 'HEAD' ? 'GET' : method;
  const [v, coll, ...rest] = segs;
  const pick = (table) => table[m] || null;
  if (v === 'v2' && coll === 'sites') {
    if (rest.length === 0) return pick({ GET: { op: 'listSites' }, POST: { op: 'createSite' } });
    const siteId = rest[0];
    if (siteId === '') return null;
    if (rest.length === 1) return pick({ GET: { op: 'getSite', params: { siteId } }, PATCH: { op: 'updateSite', params: { siteId } }, DELETE: { op: 'deleteSite', params: { siteId } } });
    if (rest.length === 2 && rest[1] === 'duplicate') return pick({ POST: { op: 'duplicateSite', params: { siteId } } });
    if (rest.length === 2 && rest[1] === 'pages') return pick({ GET: { op: 'listSitePages', params: { siteId } } });
    return null;
  }
  if (v === 'v2' && coll === 'locales') {
    if (rest.length === 0) return pick({ GET: { op: 'listLocales' }, POST: { op: 'createLocale' } });
    const localeIdOrCode = rest[0];
    if (localeIdOrCode === '') return null;
    if (rest.length === 1) return pick({ GET: { op: 'getLocale', params: { localeIdOrCode } }, PATCH: { op: 'updateLocale', params: { localeIdOrCode } }, DELETE: { op: 'deleteLocale', params: { localeIdOrCode } } });
    if (rest.length === 2 && rest[1] === 'restore') return pick({ POST: { op: 'restoreLocale', params: { localeIdOrCode } } });
    return null;
  }
  if ((v === 'v6' && coll === 'pages') || (v === 'v2' && coll === 'routes')) {
    const kind = coll === 'pages' ? 'Page' : 'Route';
    if (rest.length === 0) return pick({ GET: { op: `list${kind}s` }, POST: { op: `create${kind}` } });
    const joined = rest.join('/');
    if (joined === '') return null;
    const params = { rest: joined };
    return pick({ GET: { op: `get${kind}`, params }, PATCH: { op: `update${kind}`, params }, DELETE: { op: `delete${kind}`, params } });
  }
  return null;
}

function parseQuery(qs) {
  const q = new Map();
  if (!qs) return { q };
  for (const part of qs.split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    const rk = i < 0 ? part : part.slice(0, i);
    const rv = i < 0 ? '' : part.slice(i + 1);
    let k;
    let v;
    try {
      k = decodeURIComponent(rk.replace(/\+/g, ' '));
      v = decodeURIComponent(rv.replace(/\+/g, ' '));
    } catch {
      return { q, bad: true };
    }
    if (!q.has(k)) q.set(k, v); // a repeated parameter: the first value wins
  }
  return { q };
}

function send(res, status, body, headers = {}) {
  if (res.headersSent) return;
  if (status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(res.req && res.req.method === 'HEAD' ? undefined : text);
}
function sendError(res, err, headers) {
  const body = { object: 'error', code: err.code, message: err.message };
  if (err.status === 400) body.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
  send(res, err.status, body, headers);
}

export function createHandler(service) {
  return function handler(req, res) {
    const chunks = [];
    let size = 0;
    let aborted = false;
    req.on('data', (c) => {
      if (aborted) return;
      size += c.length;
      if (size > HARD_LIMIT) {
        aborted = true;
        res.setHeader('connection', 'close');
        sendError(res, new ApiError(400, 'bad_request', 'The request body is too large', [{ field: 'body', message: `must not exceed ${SOFT_LIMIT} bytes` }]));
        res.on('finish', () => req.destroy());
        return;
      }
      if (size <= SOFT_LIMIT) chunks.push(c);
    });
    req.on('error', () => {});
    req.on('end', () => {
      if (aborted) return;
      try {
        dispatch(service, req, res, size, Buffer.concat(chunks));
      } catch (e) {
        if (e instanceof ApiError) sendError(res, e);
        else {
          process.stderr.write(`outsider11: unexpected ${e && e.stack}\n`);
          sendError(res, new ApiError(400, 'bad_request', 'The request could not be processed', [{ field: 'request', message: 'could not be processed' }]));
        }
      }
    });
  };
}

function dispatch(service, req, res, size, raw) {
  const url = req.url || '';
  if (!url.startsWith('/')) throw notFound('Unknown path');
  const qi = url.indexOf('?');
  const rawPath = qi < 0 ? url : url.slice(0, qi);
  const rawQuery = qi < 0 ? '' : url.slice(qi + 1);

  // 1. authentication
  const key = service.resolveKey(req.headers['x-api-key']);
  if (!key) throw new ApiError(401, 'unauthorized', req.headers['x-api-key'] ? 'The API key is invalid' : 'The x-api-key header is missing');

  // 2. routing
  let segs;
  try {
    segs = rawPath.slice(1).split('/').map((s) => decodeURIComponent(s));
  } catch {
    throw badOne('path', 'contains malformed percent-encoding');
  }
  const hit = route(req.method, segs);
  if (!hit) throw notFound(`No operation ${req.method} ${rawPath}`);

  // 3. request syntax (query, body), collected with the operation's field problems
  const issues = new Issues();
  const { q, bad } = parseQuery(rawQuery);
  if (bad) issues.add('query', 'contains malformed percent-encoding');
  let body = {};
  if (BODY_OPS.has(hit.op)) {
    const ct = req.headers['content-type'];
    if (size > SOFT_LIMIT) issues.add('body', `must not exceed ${SOFT_LIMIT} bytes`);
    else if (raw.length > 0) {
      const media = ct ? ct.split(';')[0].trim().toLowerCase() : null;
      const charset = ct && /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(ct);
      if (media !== null && media !== 'application/json') issues.add('body', 'must be sent as application/json');
      else if (charset && !/^utf-?8$/i.test(charset[1])) issues.add('body', 'must be encoded in UTF-8');
      else {
        let parsed;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          issues.add('body', 'is not valid JSON');
        }
        if (!issues.has('body')) {
          if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) issues.add('body', 'must be a JSON object');
          else body = parsed;
        }
      }
    }
    if (issues.has('body')) issues.throwIf();
  }
  const tx = service.begin();
  const out = service.ops[hit.op]({ key, params: hit.params || {}, q, body, issues, tx });
  const headers = {};
  if (out.location) headers.location = out.location;
  if (out.list) headers['x-total-count'] = String(out.list.total);
  send(res, out.status, out.body, headers);
}

export async function startServer({ port = 0 } = {}) {
  const service = createService();
  const server = http.createServer(createHandler(service));
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request', details: [{ field: 'request', message: 'is not valid HTTP' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    ...service.seeded,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) || 0 : Number(process.env.PORT) || 0;
  const s = await startServer({ port });
  process.stdout.write(`${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`);
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
