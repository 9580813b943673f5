// outsider10 storage layer: in-memory tables with their own rules (ids, clocks, tombstones,
// uniqueness of pathnames / locale codes / domains, quotas). The service above it never touches
// the maps directly for writes that have a rule attached; it calls the methods below, which throw
// StoreRuleError when a rule is broken.
import { randomBytes, randomUUID } from 'node:crypto';

export class StoreRuleError extends Error {
  constructor(kind, field, message) {
    super(message);
    this.kind = kind; // 'conflict' | 'quota'
    this.field = field;
  }
}

export const LOCALE_QUOTA = 50;

// ---- identifiers: UUID version 6 (time-ordered Gregorian timestamp, random clock sequence and node)
const GREGORIAN_OFFSET = 0x01b21dd213814000n; // 100-ns intervals between 1582-10-15 and 1970-01-01
let lastTicks = 0n;
export function uuidV6() {
  let ticks = BigInt(Date.now()) * 10000n + GREGORIAN_OFFSET;
  if (ticks <= lastTicks) ticks = lastTicks + 1n;
  lastTicks = ticks;
  const hex = ticks.toString(16).padStart(15, '0');
  const rnd = randomBytes(8);
  const clockSeq = ((rnd.readUInt16BE(0) & 0x3fff) | 0x8000).toString(16).padStart(4, '0');
  const node = rnd.subarray(2, 8).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-6${hex.slice(12, 15)}-${clockSeq}-${node}`;
}
export const uuidV4 = () => randomUUID();

// ---- clock: centisecond precision, "+00:00" offset, strictly increasing within the process
let lastCs = 0;
export function now() {
  let cs = Math.floor(Date.now() / 10);
  if (cs <= lastCs) cs = lastCs + 1;
  lastCs = cs;
  return stamp(cs * 10);
}
export function stamp(ms) {
  return new Date(ms).toISOString().slice(0, 22) + '+00:00';
}

// ---- App API keys: "sbk_app_" + 26 Crockford base32 characters; matched the Crockford way
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newAppKey() {
  const b = randomBytes(26);
  let s = '';
  for (const x of b) s += CROCKFORD[x & 31];
  return `sbk_app_${s}`;
}
export function canonicalAppKey(value) {
  const m = /^sbk_app_([0-9A-Za-z-]+)$/i.exec(value);
  if (!m) return null;
  return m[1].replace(/-/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
}

export const pathKey = (p) => String(p).normalize('NFC').toLowerCase();

export function domainHost(domain) {
  try {
    return new URL(domain).hostname.toLowerCase();
  } catch {
    return String(domain).toLowerCase();
  }
}

export class Store {
  constructor() {
    this.workspaces = new Map();
    this.sites = new Map();
    this.locales = new Map();
    this.pages = new Map();
    this.routes = new Map();
    this.appKeys = new Map(); // canonical -> workspaceId
    this.siteKeys = new Map(); // lower-case uuid -> siteId
    this.publicKeys = new Map(); // lower-case uuid -> siteId
    this.seq = 0;
  }
  nextSeq() {
    return ++this.seq;
  }
  newLocalizationId() {
    return uuidV6();
  }

  // ---- workspaces and keys
  addWorkspace(name) {
    const ws = { id: uuidV6(), name };
    this.workspaces.set(ws.id, ws);
    const appKey = newAppKey();
    this.appKeys.set(canonicalAppKey(appKey), ws.id);
    return { ws, appKey };
  }

  // ---- sites
  insertSite(fields) {
    const site = {
      id: uuidV6(),
      seq: this.nextSeq(),
      deleted: false,
      publicApiKey: uuidV4(),
      siteKey: uuidV4(),
      defaultLocaleId: null,
      localeManagementMode: 'internal',
      defaultLocalePathPrefix: null,
      hostOrigin: null,
      ...fields,
    };
    site.createdAt = site.updatedAt = now();
    this.sites.set(site.id, site);
    this.siteKeys.set(site.siteKey, site.id);
    this.publicKeys.set(site.publicApiKey, site.id);
    return site;
  }
  tombstoneSite(site) {
    site.deleted = true;
    site.deletedAt = now();
    this.siteKeys.delete(site.siteKey);
    this.publicKeys.delete(site.publicApiKey);
    for (const t of [this.locales, this.pages, this.routes]) for (const r of t.values()) if (r.siteId === site.id) r.siteGone = true;
  }

  // ---- locales
  activeLocales(siteId) {
    return [...this.locales.values()].filter((l) => l.siteId === siteId && !l.deleted && !l.siteGone);
  }
  localeRecords(siteId) {
    return [...this.locales.values()].filter((l) => l.siteId === siteId && !l.siteGone);
  }
  checkLocaleRules(siteId, { code, domain, exceptId, counting }) {
    const active = this.activeLocales(siteId).filter((l) => l.id !== exceptId);
    if (code !== undefined && active.some((l) => l.code.toLowerCase() === code.toLowerCase()))
      throw new StoreRuleError('conflict', 'locale', `The site already has an active locale ${code}.`);
    if (domain) {
      const host = domainHost(domain);
      const clash = active.find((l) => l.domain && domainHost(l.domain) === host);
      if (clash) throw new StoreRuleError('conflict', 'domain', `The host ${host} is already used by the locale ${clash.code} of this site.`);
    }
    if (counting && active.length >= LOCALE_QUOTA) throw new StoreRuleError('quota', 'locale', `A site may have at most ${LOCALE_QUOTA} active locales.`);
  }
  insertLocale(siteId, { code, domain = null, pathPrefix = null }) {
    this.checkLocaleRules(siteId, { code, domain, counting: true });
    const loc = { id: uuidV6(), seq: this.nextSeq(), siteId, code, domain, pathPrefix, deleted: false, createdAt: now() };
    this.locales.set(loc.id, loc);
    return loc;
  }
  purgeLocale(loc) {
    this.locales.delete(loc.id);
    for (const p of this.pages.values()) {
      if (p.siteId !== loc.siteId) continue;
      p.draft.localizations = p.draft.localizations.filter((z) => z.localeId !== loc.id);
      if (p.live) p.live.localizations = p.live.localizations.filter((z) => z.localeId !== loc.id);
    }
  }

  // ---- pathnames: pages (base pathnames of drafts) and routes share one space per site,
  // compared after NFC in any letter case
  pathOwner(siteId, pathname, { exceptPageId, exceptRouteId, pages = true, routes = true } = {}) {
    const k = pathKey(pathname);
    if (pages)
      for (const p of this.pages.values())
        if (p.siteId === siteId && !p.deleted && !p.siteGone && p.id !== exceptPageId && pathKey(p.draft.pathname) === k) return 'page';
    if (routes)
      for (const r of this.routes.values())
        if (r.siteId === siteId && !r.deleted && !r.siteGone && r.id !== exceptRouteId && pathKey(r.pathname) === k) return 'route';
    return null;
  }
  claimPath(siteId, pathname, opts) {
    const owner = this.pathOwner(siteId, pathname, opts);
    if (owner) throw new StoreRuleError('conflict', 'pathname', `A ${owner} with the pathname ${pathname} already exists in this site.`);
  }

  insertPage(siteId, name, draft) {
    this.claimPath(siteId, draft.pathname);
    const page = { id: uuidV6(), seq: this.nextSeq(), siteId, name, draft, live: null, deleted: false };
    this.pages.set(page.id, page);
    return page;
  }
  insertRoute(siteId, pathname, { skipPageClash = false } = {}) {
    this.claimPath(siteId, pathname, { pages: !skipPageClash });
    const route = { id: uuidV6(), seq: this.nextSeq(), siteId, pathname, createdAt: now(), deleted: false };
    this.routes.set(route.id, route);
    return route;
  }
}
