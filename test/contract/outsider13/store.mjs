// outsider13 — the write side: an append-only event log with a global sequence number, and the
// projections every read is served from. Projections are updated synchronously inside append(), so a
// read that follows a write always sees it.
import { randomBytes, randomUUID } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function ulid(ms = Date.now()) {
  let t = '';
  let n = ms;
  for (let i = 0; i < 10; i++) {
    t = CROCKFORD[n % 32] + t;
    n = Math.floor(n / 32);
  }
  const r = randomBytes(16);
  let s = '';
  for (let i = 0; i < 16; i++) s += CROCKFORD[r[i] % 32];
  return t + s;
}

// Identifiers: UUID version 8 laid out as  tttttttt-tttt-8sss-Vsss-ssssrrrrrrrr
// (48-bit event time in ms, then the 40-bit global sequence of the creating event, then 32 random bits),
// so ids sort in event order and a cursor carries the sequence of the event that created its item.
export function mintId(ms, seqNo) {
  const t = ms.toString(16).padStart(12, '0').slice(-12);
  const s = seqNo.toString(16).padStart(10, '0').slice(-10);
  const r = randomBytes(5).toString('hex');
  const variant = (8 + (parseInt(r[0], 16) & 3)).toString(16);
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-8${s.slice(0, 3)}-${variant}${s.slice(3, 6)}-${s.slice(6, 10)}${r.slice(1, 9)}`;
}

export function sequenceOfId(id) {
  const m = /^[0-9a-f]{8}-[0-9a-f]{4}-8([0-9a-f]{3})-[89ab]([0-9a-f]{3})-([0-9a-f]{4})[0-9a-f]{8}$/i.exec(id);
  if (!m) return null;
  return parseInt(m[1] + m[2] + m[3], 16);
}

// Microsecond clock: strictly increasing across commands; every event of one command shares its instant.
let lastMicros = 0;
export function tick() {
  let m = Date.now() * 1000 + Number(process.hrtime.bigint() % 1000n);
  if (m <= lastMicros) m = lastMicros + 1;
  lastMicros = m;
  return m;
}
export function iso(micros) {
  if (micros == null) return null;
  const ms = Math.floor(micros / 1000);
  const base = new Date(ms).toISOString(); // 2026-01-05T10:00:00.123Z
  return base.slice(0, 23) + String(micros % 1000).padStart(3, '0') + 'Z';
}

export class Store {
  constructor() {
    this.log = [];
    this.seq = 0;
    this.workspaces = new Map();
    this.sites = new Map();
    this.locales = new Map();
    this.pages = new Map();
    this.localizations = new Map();
    this.routes = new Map();
    this.keys = new Map(); // x-api-key value -> principal
  }

  nextId(at) {
    // the id embeds the sequence the creating event is about to receive
    return mintId(Math.floor(at / 1000), this.seq + 1);
  }

  // One command = one call of `command(fn)`; fn appends events through `emit`.
  command(fn) {
    const at = tick();
    const emit = (type, data) => this.append(type, data, at);
    const result = fn(emit, at);
    return { result, seq: this.seq };
  }

  append(type, data, at) {
    const event = { seq: ++this.seq, type, at, data };
    this.log.push(event);
    this.apply(event);
    return event;
  }

  apply(e) {
    const d = e.data;
    switch (e.type) {
      case 'WorkspaceOpened':
        this.workspaces.set(d.workspaceId, { id: d.workspaceId, name: d.name, appKey: d.appKey });
        this.keys.set(d.appKey, { kind: 'app', workspaceId: d.workspaceId });
        break;
      case 'SiteCreated':
        this.sites.set(d.siteId, {
          id: d.siteId,
          workspaceId: d.workspaceId,
          name: d.name,
          hostOrigin: d.hostOrigin ?? null,
          publicApiKey: d.publicApiKey,
          siteKey: d.siteKey,
          localeManagementMode: d.localeManagementMode,
          deleted: false,
          createdSeq: e.seq,
          lastSeq: e.seq,
        });
        this.keys.set(d.siteKey, { kind: 'site', siteId: d.siteId, workspaceId: d.workspaceId });
        this.keys.set(d.publicApiKey, { kind: 'public', siteId: d.siteId, workspaceId: d.workspaceId });
        break;
      case 'SiteChanged': {
        const s = this.sites.get(d.siteId);
        Object.assign(s, d.changes);
        s.lastSeq = e.seq;
        break;
      }
      case 'SiteDeleted': {
        const s = this.sites.get(d.siteId);
        s.deleted = true;
        s.lastSeq = e.seq;
        this.keys.delete(s.siteKey);
        this.keys.delete(s.publicApiKey);
        break;
      }
      case 'LocaleAdded':
        this.locales.set(d.localeId, {
          id: d.localeId,
          siteId: d.siteId,
          code: d.code,
          domain: d.domain ?? null,
          isDefault: !!d.isDefault,
          deleted: !!d.deleted,
          deletedSeq: d.deleted ? e.seq : 0,
          createdSeq: e.seq,
          lastSeq: e.seq,
        });
        this.touchSite(d.siteId, e.seq);
        break;
      case 'LocaleChanged': {
        const l = this.locales.get(d.localeId);
        Object.assign(l, d.changes);
        l.lastSeq = e.seq;
        this.touchSite(l.siteId, e.seq);
        break;
      }
      case 'LocaleRemoved': {
        const l = this.locales.get(d.localeId);
        l.deleted = true;
        l.deletedSeq = e.seq;
        l.lastSeq = e.seq;
        this.touchSite(l.siteId, e.seq);
        break;
      }
      case 'LocaleRestored': {
        const l = this.locales.get(d.localeId);
        l.deleted = false;
        l.lastSeq = e.seq;
        this.touchSite(l.siteId, e.seq);
        break;
      }
      case 'PageCreated':
        this.pages.set(d.pageId, {
          id: d.pageId,
          siteId: d.siteId,
          name: d.name,
          draft: { ...d.draft },
          live: d.live ? { ...d.live } : null,
          createdAt: d.createdAt ?? e.at,
          updatedAt: d.updatedAt ?? e.at,
          publishedAt: d.publishedAt ?? null,
          deleted: false,
          createdSeq: e.seq,
          lastSeq: e.seq,
        });
        break;
      case 'PageChanged': {
        const p = this.pages.get(d.pageId);
        if (d.name !== undefined) p.name = d.name;
        Object.assign(p.draft, d.draft || {});
        p.updatedAt = e.at;
        p.lastSeq = e.seq;
        break;
      }
      case 'PagePublished': {
        const p = this.pages.get(d.pageId);
        p.draft.isOnline = true;
        p.live = { ...p.draft, isOnline: true };
        p.publishedAt = e.at;
        p.updatedAt = e.at;
        p.lastSeq = e.seq;
        break;
      }
      case 'PageUnpublished': {
        const p = this.pages.get(d.pageId);
        p.draft.isOnline = false;
        if (p.live) p.live.isOnline = false;
        p.updatedAt = e.at;
        p.lastSeq = e.seq;
        break;
      }
      case 'PageDeleted': {
        const p = this.pages.get(d.pageId);
        p.deleted = true;
        p.lastSeq = e.seq;
        break;
      }
      case 'LocalizationAdded':
        this.localizations.set(d.id, {
          id: d.id,
          pageId: d.pageId,
          localeId: d.localeId,
          pathname: d.pathname,
          title: d.title ?? null,
          description: d.description ?? null,
          seq: e.seq,
        });
        break;
      case 'RouteCreated':
        this.routes.set(d.routeId, { id: d.routeId, siteId: d.siteId, pathname: d.pathname, deleted: false, createdSeq: e.seq, lastSeq: e.seq });
        break;
      case 'RouteChanged': {
        const r = this.routes.get(d.routeId);
        r.pathname = d.pathname;
        r.lastSeq = e.seq;
        break;
      }
      case 'RouteDeleted': {
        const r = this.routes.get(d.routeId);
        r.deleted = true;
        r.lastSeq = e.seq;
        break;
      }
      default:
        throw new Error(`unknown event ${e.type}`);
    }
  }

  touchSite(siteId, seqNo) {
    const s = this.sites.get(siteId);
    if (s) s.lastSeq = seqNo;
  }

  // ---- projection queries
  defaultLocaleOf(siteId) {
    for (const l of this.locales.values()) if (l.siteId === siteId && l.isDefault && !l.deleted) return l;
    return null;
  }
  localesOf(siteId, { withDeleted = false } = {}) {
    return [...this.locales.values()].filter((l) => l.siteId === siteId && (withDeleted || !l.deleted));
  }
  pagesOf(siteId, { withDeleted = false } = {}) {
    return [...this.pages.values()].filter((p) => p.siteId === siteId && (withDeleted || !p.deleted));
  }
  routesOf(siteId, { withDeleted = false } = {}) {
    return [...this.routes.values()].filter((r) => r.siteId === siteId && (withDeleted || !r.deleted));
  }
  localizationsOf(pageId) {
    return [...this.localizations.values()].filter((z) => z.pageId === pageId).sort((a, b) => a.seq - b.seq);
  }
}

export function newAppKey() {
  return `evk_app_${ulid()}`;
}
export function newUuid() {
  return randomUUID();
}
