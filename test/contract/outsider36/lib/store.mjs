// Event-sourced write model. Every accepted write appends events to `log`;
// the projections below are updated synchronously by `apply`, inside the same
// request (the Node port of "INSERT INTO events ...; projection triggers in
// the same transaction"). Reads only ever look at projections.
import { randomUUID, randomBytes } from 'node:crypto';

// timestamptz: microsecond precision, strictly increasing per process.
let lastMicros = 0n;
export function nowMicros() {
  let m = BigInt(Date.now()) * 1000n;
  if (m <= lastMicros) m = lastMicros + 1n;
  lastMicros = m;
  return m;
}
// Rendered the way PostgreSQL's to_json(timestamptz) does with TimeZone=UTC:
// "+00:00" offset, fractional seconds with trailing zeros trimmed.
export function formatTs(micros) {
  if (micros === null || micros === undefined) return null;
  const ms = Number(micros / 1000n);
  const frac = Number(micros % 1000000n);
  const d = new Date(ms);
  const base = d.toISOString().slice(0, 19);
  let f = '';
  if (frac !== 0) f = '.' + String(frac).padStart(6, '0').replace(/0+$/, '');
  return `${base}${f}+00:00`;
}

export const newId = () => randomUUID();
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newAppKey() {
  const b = randomBytes(43);
  let s = 'sk_';
  for (const x of b) s += B62[x % 62];
  return s;
}

export class Store {
  constructor() {
    this.log = [];
    this.seq = 0;
    this.workspaces = new Set();
    this.appKeys = new Map(); // key -> workspaceId
    this.sites = new Map();
    this.siteKeys = new Map(); // site key -> siteId
    this.locales = new Map();
    this.pages = new Map();
    this.live = new Map(); // pageId -> live snapshot
    this.localizations = new Map();
    this.routes = new Map();
  }

  // Append a batch of events atomically and project them.
  append(events) {
    const at = nowMicros();
    for (const e of events) {
      const ev = { seq: ++this.seq, at, ...e };
      this.log.push(ev);
      this.apply(ev);
    }
    return at;
  }

  apply(ev) {
    const d = ev.data;
    switch (ev.type) {
      case 'WorkspaceCreated':
        this.workspaces.add(d.workspaceId);
        break;
      case 'AppKeyIssued':
        this.appKeys.set(d.key, d.workspaceId);
        break;
      case 'SiteCreated':
        this.sites.set(d.siteId, {
          id: d.siteId, workspaceId: d.workspaceId, name: d.name, hostOrigin: d.hostOrigin,
          publicApiKey: d.publicApiKey, siteKey: d.siteKey, seq: ev.seq, deleted: false,
          createdAt: ev.at, updatedAt: ev.at,
        });
        this.siteKeys.set(d.siteKey, d.siteId);
        break;
      case 'SiteUpdated': {
        const s = this.sites.get(d.siteId);
        Object.assign(s, d.changes);
        s.updatedAt = ev.at;
        break;
      }
      case 'SiteDeleted': {
        const s = this.sites.get(d.siteId);
        s.deleted = true;
        this.siteKeys.delete(s.siteKey);
        break;
      }
      case 'LocaleCreated':
        this.locales.set(d.localeId, {
          id: d.localeId, siteId: d.siteId, locale: d.locale, domain: d.domain, pathPrefix: null,
          isDefault: d.isDefault, deleted: false, seq: ev.seq,
        });
        break;
      case 'LocaleUpdated':
        Object.assign(this.locales.get(d.localeId), d.changes);
        break;
      case 'LocaleDeleted': {
        const l = this.locales.get(d.localeId);
        l.deleted = true;
        l.deletedSeq = ev.seq;
        break;
      }
      case 'LocaleRestored':
        this.locales.get(d.localeId).deleted = false;
        break;
      case 'PageCreated':
        this.pages.set(d.pageId, {
          ...d.fields, id: d.pageId, siteId: d.siteId, localeId: d.localeId, name: d.name,
          createdAt: d.createdAt ?? ev.at, updatedAt: ev.at, publishedAt: d.publishedAt ?? null,
          deleted: false, seq: ev.seq,
        });
        break;
      case 'PageUpdated': {
        const p = this.pages.get(d.pageId);
        Object.assign(p, d.changes);
        p.updatedAt = ev.at;
        break;
      }
      case 'PagePublished': {
        const p = this.pages.get(d.pageId);
        p.publishedAt = d.publishedAt ?? ev.at;
        p.isOnline = true;
        const { deleted, ...snap } = p;
        this.live.set(d.pageId, { ...snap });
        break;
      }
      case 'PageUnpublished': {
        const p = this.pages.get(d.pageId);
        p.isOnline = false;
        p.updatedAt = ev.at;
        const l = this.live.get(d.pageId);
        if (l) l.isOnline = false;
        break;
      }
      case 'PageDeleted':
        this.pages.get(d.pageId).deleted = true;
        this.live.delete(d.pageId);
        break;
      case 'PageLocalizationAdded':
        this.localizations.set(d.localizationId, {
          id: d.localizationId, pageId: d.pageId, localeId: d.localeId, pathname: d.pathname, seq: ev.seq,
        });
        break;
      case 'RouteCreated':
        this.routes.set(d.routeId, { id: d.routeId, siteId: d.siteId, pathname: d.pathname, seq: ev.seq });
        break;
      case 'RouteUpdated':
        this.routes.get(d.routeId).pathname = d.pathname;
        break;
      case 'SiteDuplicated':
        break;
      default:
        throw new Error(`unknown event ${ev.type}`);
    }
  }

  // ---- read helpers over projections ----
  liveSite(id) {
    const s = this.sites.get(id);
    return s && !s.deleted ? s : null;
  }
  siteLocales(siteId, { includeDeleted = false } = {}) {
    const out = [];
    for (const l of this.locales.values()) if (l.siteId === siteId && (includeDeleted || !l.deleted)) out.push(l);
    return out.sort((a, b) => a.seq - b.seq);
  }
  defaultLocale(siteId) {
    return this.siteLocales(siteId).find((l) => l.isDefault) || null;
  }
  sitePages(siteId, { includeDeleted = false } = {}) {
    const out = [];
    for (const p of this.pages.values()) if (p.siteId === siteId && (includeDeleted || !p.deleted)) out.push(p);
    return out;
  }
  siteRoutes(siteId) {
    const out = [];
    for (const r of this.routes.values()) if (r.siteId === siteId) out.push(r);
    return out.sort((a, b) => a.seq - b.seq);
  }
  pageLocalizations(pageId) {
    const out = [];
    for (const z of this.localizations.values()) {
      if (z.pageId !== pageId) continue;
      const l = this.locales.get(z.localeId);
      if (!l || l.deleted) continue;
      out.push({ z, l });
    }
    return out.sort((a, b) => a.z.seq - b.z.seq);
  }
}
