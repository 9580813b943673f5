// Ecto/PostgreSQL emulation: in-memory tables, Ecto.UUID, timestamptz(usec), en_US.UTF-8 collation,
// `where: is_nil(deleted_at)` default scope and paginator-style keyset pagination.
import crypto from 'node:crypto';

export function newStore() {
  return { workspaces: [], appKeys: [], sites: [], locales: [], pages: [], localizations: [], routes: [] };
}

// ---- Ecto.UUID -------------------------------------------------------------------------------
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Ecto.UUID.cast/1 for strings: the 36-character hyphenated form in any case, lower-cased. */
export function castUUID(v) {
  return typeof v === 'string' && UUID_RE.test(v) ? v.toLowerCase() : null;
}
/** Ecto.UUID.generate(version: 7): 48-bit Unix ms, version 7, RFC 4122 variant, random rest. */
export function uuid7() {
  const b = crypto.randomBytes(16);
  const ms = Date.now();
  b.writeUIntBE(ms, 0, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
export function uuid4() { return crypto.randomUUID(); }

// ---- timestamptz with microseconds (:utc_datetime_usec) --------------------------------------------
let lastUs = 0;
/** now() as integer microseconds since the epoch, strictly increasing inside the process. */
export function nowUs() {
  let us = Date.now() * 1000 + Number(process.hrtime.bigint() / 1000n % 1000n);
  if (us <= lastUs) us = lastUs + 1;
  lastUs = us;
  return us;
}
/** Jason's DateTime encoding of a :utc_datetime_usec value: always six fraction digits and "Z". */
export function renderTs(us) {
  if (us == null) return null;
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  return `${iso.slice(0, 19)}.${String(us % 1000000).padStart(6, '0')}Z`;
}

// ---- en_US.UTF-8 collation (glibc / ISO 14651 approximation) ---------------------------------
const keyCache = new Map();
function levels(s) {
  let k = keyCache.get(s);
  if (k) return k;
  let base = '', accents = '', cases = '';
  for (const ch of s.normalize('NFD')) {
    if (/\p{M}/u.test(ch)) { accents += ch; continue; }
    if (/[\p{L}\p{N}]/u.test(ch)) {
      const lower = ch.toLowerCase();
      base += lower;
      cases += ch === lower ? 'a' : 'b';
    }
  }
  k = [base, accents, cases];
  if (keyCache.size > 50000) keyCache.clear();
  keyCache.set(s, k);
  return k;
}
function cmpCodepoints(a, b) {
  const A = [...a], B = [...b];
  for (let i = 0; i < Math.min(A.length, B.length); i++) {
    const d = A[i].codePointAt(0) - B[i].codePointAt(0);
    if (d) return d < 0 ? -1 : 1;
  }
  return A.length === B.length ? 0 : A.length < B.length ? -1 : 1;
}
/** ORDER BY text COLLATE "en_US.UTF-8": letters and digits first (case- and accent-blind), then
 * accents, then case (lower first), punctuation last, code points as the final tie-break. */
export function collate(a, b) {
  if (a === b) return 0;
  const A = levels(a), B = levels(b);
  for (let i = 0; i < 3; i++) {
    const c = cmpCodepoints(A[i], B[i]);
    if (c) return c;
  }
  return cmpCodepoints(a, b);
}

/** Compare two column values the way PostgreSQL orders them: NULL is larger than everything. */
export function compareValues(a, b, type) {
  if (a == null && b == null) return 0;
  if (a == null) return 1;
  if (b == null) return -1;
  if (type === 'text') return collate(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---- paginator-style keyset pagination -------------------------------------------------------
/** Opaque cursor: Base64url of the sort fields of the last row ([value, id]). */
export function encodeCursor(values) {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}
export function decodeCursor(s) {
  if (typeof s !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(s)) return null;
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[1] === 'string' && castUUID(v[1])) return v;
  } catch { /* fallthrough */ }
  return null;
}
/**
 * rows: candidate rows (already scoped/filtered); key(row) -> sort value; type 'text'|'number'
 * dir 'asc'|'desc'; after: [value, id] cursor or null. Ties are broken by id in the same direction.
 */
export function paginate(rows, { key, type, dir, limit, after }) {
  const sign = dir === 'desc' ? -1 : 1;
  const cmp = (av, aid, bv, bid) => {
    const c = compareValues(av, bv, type);
    if (c) return c * sign;
    return (aid < bid ? -1 : aid > bid ? 1 : 0) * sign;
  };
  let sorted = rows.map((r) => ({ r, v: key(r) })).sort((x, y) => cmp(x.v, x.r.id, y.v, y.r.id));
  if (after) sorted = sorted.filter((x) => cmp(x.v, x.r.id, after[0], after[1]) > 0);
  const page = sorted.slice(0, limit);
  const hasMore = sorted.length > limit;
  const last = page[page.length - 1];
  return { entries: page.map((x) => x.r), hasMore, next: hasMore && last ? encodeCursor([last.v, last.r.id]) : null };
}

/** Repo.get with the default `where: is_nil(deleted_at)` scope. */
export const live = (rows) => rows.filter((r) => r.deletedAt == null);
export function getLive(rows, id) { return rows.find((r) => r.id === id && r.deletedAt == null) || null; }
