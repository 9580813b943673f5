// outsider16 — the storage layer: a MySQL-like in-memory store.
// Tables with AUTO_INCREMENT numbers behind UUID v1 ids (MySQL UUID()), a `deleted` flag on every row,
// a case-insensitive, accent-insensitive, trailing-space-insensitive collation for codes, pathnames and
// domains, and DATETIME columns of whole seconds rendered in the server's local zone.
import { randomBytes } from 'node:crypto';

// ---------- UUID v1, as MySQL's UUID() makes them
const NODE = randomBytes(6);
NODE[0] |= 0x01; // multicast bit: a random node id (RFC 4122 4.5)
const CLOCK_SEQ = randomBytes(2).readUInt16BE(0) & 0x3fff;
let lastTicks = 0n;
export function uuid1() {
  let t = BigInt(Date.now()) * 10000n + 0x01b21dd213814000n;
  if (t <= lastTicks) t = lastTicks + 1n;
  lastTicks = t;
  const low = (t & 0xffffffffn).toString(16).padStart(8, '0');
  const mid = ((t >> 32n) & 0xffffn).toString(16).padStart(4, '0');
  const hi = (((t >> 48n) & 0x0fffn) | 0x1000n).toString(16).padStart(4, '0');
  const cs = (CLOCK_SEQ | 0x8000).toString(16).padStart(4, '0');
  return `${low}-${mid}-${hi}-${cs}-${NODE.toString('hex')}`;
}

// ---------- collation: utf8mb4 "general_ci"-like, PAD SPACE
export function coll(s) {
  if (s === null || s === undefined) return null;
  return String(s)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/ +$/, '');
}
export function collCompare(a, b) {
  const x = coll(a);
  const y = coll(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
export const collEq = (a, b) => a !== null && b !== null && coll(a) === coll(b);

// ---------- DATETIME: whole seconds, "server local time" = America/Denver, rendered RFC 3339 with its offset
const TZ = 'America/Denver';
let fmt = null;
try {
  fmt = new Intl.DateTimeFormat('en-US', { timeZone: TZ, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
} catch {
  fmt = null;
}
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export function renderTime(sec) {
  if (sec === null || sec === undefined) return null;
  const ms = sec * 1000;
  let parts;
  if (fmt) {
    parts = Object.fromEntries(fmt.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  }
  let offsetMin;
  let y, mo, d, h, mi, s;
  if (parts) {
    [y, mo, d, h, mi, s] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second];
    const asUtc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
    offsetMin = Math.round((asUtc - ms) / 60000);
  } else {
    offsetMin = -7 * 60;
    const dt = new Date(ms + offsetMin * 60000);
    [y, mo, d, h, mi, s] = [dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate(), dt.getUTCHours(), dt.getUTCMinutes(), dt.getUTCSeconds()].map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'));
  }
  const sign = offsetMin < 0 ? '-' : '+';
  const a = Math.abs(offsetMin);
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

// ---------- tables
export class Table {
  constructor(name) {
    this.name = name;
    this.autoInc = 0;
    this.rows = []; // in primary-key order
    this.byUuid = new Map();
  }
  insert(row) {
    const r = { ...row };
    r.pk = ++this.autoInc;
    r.id = r.id || uuid1();
    r.deleted = r.deleted ?? false;
    this.rows.push(r);
    this.byUuid.set(r.id, r);
    return r;
  }
  /** Any row by uuid (deleted rows included), uuid compared in any letter case. */
  find(id) {
    if (typeof id !== 'string') return null;
    return this.byUuid.get(id.toLowerCase()) || null;
  }
  where(pred) {
    return this.rows.filter(pred);
  }
}

export function createDb() {
  return {
    workspaces: new Table('workspaces'),
    appKeys: new Table('app_keys'),
    sites: new Table('sites'),
    locales: new Table('site_locales'),
    pages: new Table('pages'),
    localizations: new Table('page_localizations'),
    routes: new Table('routes'),
  };
}
