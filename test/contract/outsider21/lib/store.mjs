// The "database": MySQL 8 tables held in memory. Every table has an AUTO_INCREMENT `pk`; public ids are
// UUIDs kept as BINARY(16) (so every lookup goes through UUID_TO_BIN and accepts its input forms);
// text columns compare under utf8mb4_0900_ai_ci (accent- and case-insensitive, NO PAD).
import { randomUUID, randomBytes, createHash } from 'node:crypto';
import { nowMicros } from './clock.mjs';

const collator = new Intl.Collator('und', { sensitivity: 'base' });
export const collate = (a, b) => collator.compare(a, b);
export const sameText = (a, b) => a != null && b != null && collator.compare(a, b) === 0;
// `col LIKE 'prefix%'` under the collation.
export function likePrefix(s, prefix) {
  if (prefix === '') return true;
  for (let k = 0; k <= s.length; k++) if (collator.compare(s.slice(0, k), prefix) === 0) return true;
  return false;
}

// UUID_TO_BIN / IS_UUID: 36-char form, 32 bare hex digits, or the 36-char form in braces; any case.
export function parseUuid(v) {
  if (typeof v !== 'string') return null;
  let m = /^\{?([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\}?$/i.exec(v);
  if (m && (v[0] === '{') === (v[v.length - 1] === '}')) return m.slice(1).join('-').toLowerCase();
  m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i.exec(v);
  if (m) return m.slice(1).join('-').toLowerCase();
  return null;
}

// A UUID sent as a body or query field: the 36-char form alone, any case. Both documents declare
// those fields `format: uuid`, which IS_UUID's bare and braced forms are not; taking them there
// broke the format (the contract suite's near misses caught it). Paths and keys stay forgiving.
export function parseFieldUuid(v) {
  return typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? v.toLowerCase() : null;
}

export const digest = (s) => createHash('sha256').update(s).digest('hex');

// App API keys: "sbsk_" + 30 base58 characters + 6 base58 characters of CRC32 checksum of the secret.
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes, len) {
  let n = BigInt('0x' + Buffer.from(bytes).toString('hex'));
  let s = '';
  while (s.length < len) { s = B58[Number(n % 58n)] + s; n /= 58n; }
  return s;
}
function crc32(str) {
  let c, crc = 0xffffffff;
  for (const b of Buffer.from(str)) {
    c = (crc ^ b) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
export function newAppKey() {
  const secret = base58(randomBytes(24), 30);
  const sum = base58(Buffer.from(crc32(secret).toString(16).padStart(8, '0'), 'hex'), 6);
  return `sbsk_${secret}${sum}`;
}
export function appKeyChecksumOk(key) {
  const m = /^sbsk_([1-9A-HJ-NP-Za-km-z]{30})([1-9A-HJ-NP-Za-km-z]{6})$/.exec(key);
  if (!m) return false;
  return base58(Buffer.from(crc32(m[1]).toString(16).padStart(8, '0'), 'hex'), 6) === m[2];
}

export class Db {
  constructor() {
    this.seq = { workspaces: 0, sites: 0, site_locales: 0, pages: 0, page_localizations: 0, routes: 0 };
    this.workspaces = []; this.appKeys = []; this.sites = []; this.locales = [];
    this.pages = []; this.localizations = []; this.routes = [];
  }
  nextPk(t) { return ++this.seq[t]; }

  createWorkspace(name) {
    const w = { pk: this.nextPk('workspaces'), id: randomUUID(), name };
    this.workspaces.push(w);
    const key = newAppKey();
    this.appKeys.push({ digest: digest(key), workspacePk: w.pk });
    return { workspace: w, key };
  }
  workspaceById(id) { return this.workspaces.find((w) => w.id === id) || null; }

  insertSite(attrs) {
    const t = nowMicros();
    const s = {
      pk: this.nextPk('sites'), id: randomUUID(), publicApiKey: randomUUID(), siteApiKey: randomUUID(),
      hostOrigin: null, localeManagementMode: 'internal', createdAt: t, updatedAt: t, ...attrs,
    };
    this.sites.push(s);
    return s;
  }
  insertLocale(site, attrs) {
    const t = nowMicros();
    const l = {
      pk: this.nextPk('site_locales'), id: randomUUID(), sitePk: site.pk, domain: null, pathPrefix: null,
      isDefault: false, discardedAt: null, createdAt: t, updatedAt: t, ...attrs,
    };
    this.locales.push(l);
    return l;
  }
  insertPage(site, attrs) {
    const t = nowMicros();
    const p = {
      pk: this.nextPk('pages'), id: randomUUID(), sitePk: site.pk, title: null, description: null,
      canonicalUrl: null, socialImageUrl: null, sitemapPriority: 0.5, sitemapFrequency: 'weekly',
      excludedFromSearchEngines: false, isOnline: false, publishedAt: null, createdAt: t, updatedAt: t, live: null,
      ...attrs,
    };
    this.pages.push(p);
    return p;
  }
  insertLocalization(page, locale, attrs) {
    const z = { pk: this.nextPk('page_localizations'), id: randomUUID(), pagePk: page.pk, localePk: locale.pk, title: null, description: null, ...attrs };
    this.localizations.push(z);
    return z;
  }
  insertRoute(site, pathname) {
    const r = { pk: this.nextPk('routes'), id: randomUUID(), sitePk: site.pk, pathname, createdAt: nowMicros() };
    this.routes.push(r);
    return r;
  }

  siteByPk(pk) { return this.sites.find((s) => s.pk === pk) || null; }
  siteById(id) { return this.sites.find((s) => s.id === id) || null; }
  keptLocales(site) { return this.locales.filter((l) => l.sitePk === site.pk && !l.discardedAt); }
  defaultLocale(site) { return this.locales.find((l) => l.sitePk === site.pk && l.isDefault); }
  localeByPk(pk) { return this.locales.find((l) => l.pk === pk) || null; }
  pagesOf(site) { return this.pages.filter((p) => p.sitePk === site.pk); }
  routesOf(site) { return this.routes.filter((r) => r.sitePk === site.pk); }
  localizationsOf(page) { return this.localizations.filter((z) => z.pagePk === page.pk); }

  // `dependent: :destroy` all the way down.
  destroySite(site) {
    const pagePks = new Set(this.pagesOf(site).map((p) => p.pk));
    this.localizations = this.localizations.filter((z) => !pagePks.has(z.pagePk));
    this.pages = this.pages.filter((p) => p.sitePk !== site.pk);
    this.routes = this.routes.filter((r) => r.sitePk !== site.pk);
    this.locales = this.locales.filter((l) => l.sitePk !== site.pk);
    this.sites = this.sites.filter((s) => s.pk !== site.pk);
  }
  destroyPage(page) {
    this.localizations = this.localizations.filter((z) => z.pagePk !== page.pk);
    this.pages = this.pages.filter((p) => p.pk !== page.pk);
  }
  destroyRoute(route) { this.routes = this.routes.filter((r) => r.pk !== route.pk); }
}

// db/seeds.rb
export function seed(db) {
  const { workspace: w1, key: apiKey } = db.createWorkspace('Maple Street Cooperative');
  const { workspace: w2, key: otherApiKey } = db.createWorkspace('Harbor Lights');

  const bakery = db.insertSite({ workspacePk: w1.pk, name: 'Maple Street Bakery', hostOrigin: 'https://maplestreet.example', localeManagementMode: 'external' });
  const en = db.insertLocale(bakery, { code: 'en-US', isDefault: true });
  const frCA = db.insertLocale(bakery, { code: 'fr-CA', domain: 'https://fr.maplestreet.example' });
  const esMX = db.insertLocale(bakery, { code: 'es-MX' });
  const de = db.insertLocale(bakery, { code: 'de-DE', discardedAt: nowMicros() });
  void en;
  db.insertPage(bakery, { pathname: '/', name: 'Home', title: 'Maple Street Bakery', isOnline: true });
  const menu = db.insertPage(bakery, { pathname: '/menu', name: 'Menu', title: 'Our menu', description: 'Breads and pastries', isOnline: true });
  db.insertLocalization(menu, frCA, { pathname: '/carte', title: 'Notre carte' });
  db.insertLocalization(menu, esMX, { pathname: '/menu-del-dia' });
  db.insertLocalization(menu, de, { pathname: '/speisekarte' });
  const seasonal = db.insertPage(bakery, { pathname: '/menu/seasonal', name: 'Seasonal', title: 'Seasonal specials', isOnline: true });
  db.insertLocalization(seasonal, frCA, { pathname: '/carte/saison' });
  db.insertPage(bakery, { pathname: '/About', name: 'About', title: null, sitemapPriority: null, sitemapFrequency: null, isOnline: true });
  db.insertPage(bakery, { pathname: '/drafts/holiday', name: 'Holiday', title: 'Holiday boxes', excludedFromSearchEngines: true });
  for (const p of db.pagesOf(bakery)) if (p.isOnline) publish(p);
  const about = db.pagesOf(bakery).find((p) => p.pathname === '/About');
  about.title = 'About the bakery (draft)'; about.updatedAt = nowMicros();
  db.insertRoute(bakery, '/order/*');
  db.insertRoute(bakery, '/feed.xml');

  const catering = db.insertSite({ workspacePk: w1.pk, name: 'Maple Street Catering' });
  db.insertLocale(catering, { code: 'en-GB', isDefault: true });
  db.insertPage(catering, { pathname: '/', name: 'Home' });
  db.insertPage(catering, { pathname: '/events', name: 'Events' });
  db.insertRoute(catering, '/book');

  const harbor = db.insertSite({ workspacePk: w2.pk, name: 'Harbor Lights Home', hostOrigin: 'https://harborlights.example' });
  db.insertLocale(harbor, { code: 'pt-BR', isDefault: true });
  db.insertLocale(harbor, { code: 'en' });
  db.insertPage(harbor, { pathname: '/', name: 'Início' });
  db.insertRoute(harbor, '/status');

  return { apiKey, otherApiKey, workspaceId: w1.id, siteApiKey: bakery.siteApiKey, publicApiKey: bakery.publicApiKey, site: bakery, otherSite: harbor, catering };
}

// Publishing copies the draft into the live snapshot (PaperTrail-style reified version).
export function publish(page) {
  const t = nowMicros();
  page.isOnline = true;
  page.publishedAt = t;
  page.live = {
    pathname: page.pathname, title: page.title, description: page.description, canonicalUrl: page.canonicalUrl,
    socialImageUrl: page.socialImageUrl, sitemapPriority: page.sitemapPriority, sitemapFrequency: page.sitemapFrequency,
    excludedFromSearchEngines: page.excludedFromSearchEngines, createdAt: page.createdAt, updatedAt: page.updatedAt,
  };
}
