// outsider12 — the storage layer: an in-memory document / key-value store.
// Every value is a JSON document under a string key, with an optimistic revision number.
// Keys are composite ("page:<siteId>:<pageId>") and range scans run over a key prefix in byte order.
import { createHash, randomBytes } from 'node:crypto';

export class Conflict extends Error {}

export class KV {
  constructor() {
    this.map = new Map();
  }
  get(key) {
    const e = this.map.get(key);
    return e ? structuredClone(e.doc) : undefined;
  }
  rev(key) {
    return this.map.get(key)?.rev ?? 0;
  }
  /** Writes a document; with expectRev, refuses when the stored revision moved (optimistic concurrency). */
  put(key, doc, expectRev) {
    const cur = this.map.get(key);
    if (expectRev !== undefined && (cur?.rev ?? 0) !== expectRev) throw new Conflict(key);
    const rev = (cur?.rev ?? 0) + 1;
    this.map.set(key, { doc: structuredClone(doc), rev });
    return rev;
  }
  del(key) {
    return this.map.delete(key);
  }
  /** All [key, doc] under a prefix, keys in byte order. */
  scan(prefix) {
    const out = [];
    for (const [k, e] of this.map) if (k.startsWith(prefix)) out.push([k, structuredClone(e.doc), e.rev]);
    out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return out;
  }
}

// ---- identifiers: UUID version 5 (SHA-1, name based) of the storage key that is about to be written
const NAMESPACE = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex'); // RFC 9562 URL namespace
const BOOT = randomBytes(8).toString('hex');
let seq = 0;
export function newId(kind) {
  seq++;
  const h = createHash('sha1').update(NAMESPACE).update(`kv://${BOOT}/${kind}/${seq}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
export function uuid4() {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = b.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
const B32 = 'abcdefghijklmnopqrstuvwxyz234567';
export function appKey() {
  const b = randomBytes(40);
  let s = '';
  for (const x of b) s += B32[x & 31];
  return `doc_app_${s}`;
}

// ---- time: decisecond precision, "Z"
export function nowMs() {
  return Math.floor(Date.now() / 100) * 100;
}
export function iso(ms) {
  if (ms === null || ms === undefined) return null;
  const s = new Date(ms).toISOString(); // 2026-01-05T10:00:00.123Z
  return s.slice(0, 21) + 'Z';
}
