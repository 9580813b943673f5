// The parts of SQL Server and Entity Framework Core that leak into the API's behaviour:
// uniqueidentifier ordering, EF Core's sequential GUIDs, the database collation
// SQL_Latin1_General_CP1_CI_AS, datetimeoffset(7) timestamps and the rowversion counter.
import { randomBytes } from 'node:crypto';

// ---------------------------------------------------------------------------------------------
// uniqueidentifier

const GUID_D = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hexToGuid(hex32) {
  const h = hex32.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// Guid.TryParse: surrounding white space is allowed, and the formats D, N, B ({…}), P ((…)) and
// X ({0x…,0x…,0x…,{0x…,…}}) are all accepted, in any letter case. Returns the "D" form, lower case.
export function tryParseGuid(value) {
  if (typeof value !== 'string') return null;
  const s = value.replace(/^[\s\u0085\u00a0]+|[\s\u0085\u00a0]+$/g, '');
  if (GUID_D.test(s)) return s.toLowerCase();
  if (/^[0-9a-f]{32}$/i.test(s)) return hexToGuid(s);
  const wrapped = /^\{(.*)\}$/s.exec(s) ?? /^\((.*)\)$/s.exec(s);
  if (wrapped && GUID_D.test(wrapped[1])) return wrapped[1].toLowerCase();
  const x = /^\{0x([0-9a-f]{1,8}),0x([0-9a-f]{1,4}),0x([0-9a-f]{1,4}),\{((?:0x[0-9a-f]{1,2},){7}0x[0-9a-f]{1,2})\}\}$/i.exec(s);
  if (x) {
    const tail = x[4].split(',').map((b) => b.slice(2).padStart(2, '0')).join('');
    return hexToGuid(x[1].padStart(8, '0') + x[2].padStart(4, '0') + x[3].padStart(4, '0') + tail);
  }
  return null;
}

// System.Text.Json reads a Guid only in the "D" format (36 characters, any letter case).
export function tryParseGuidExact(value) {
  return typeof value === 'string' && GUID_D.test(value) ? value.toLowerCase() : null;
}

export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

// .NET's Guid.ToByteArray() layout: the first three groups little-endian, the rest as written.
const byteCache = new Map();
function guidBytes(guid) {
  let b = byteCache.get(guid);
  if (!b) {
    const s = Buffer.from(guid.replace(/-/g, ''), 'hex');
    b = Buffer.from([s[3], s[2], s[1], s[0], s[5], s[4], s[7], s[6], ...s.subarray(8)]);
    if (byteCache.size > 50000) byteCache.clear();
    byteCache.set(guid, b);
  }
  return b;
}

// SQL Server compares uniqueidentifier values byte group by byte group, starting with the LAST six
// bytes (SqlGuid's comparison order); this is the order in which ids break ties and order lists.
const SQL_GUID_ORDER = [10, 11, 12, 13, 14, 15, 8, 9, 6, 7, 4, 5, 0, 1, 2, 3];
export function compareGuids(a, b) {
  if (a === b) return 0;
  const x = guidBytes(a);
  const y = guidBytes(b);
  for (const i of SQL_GUID_ORDER) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

// EF Core generates keys of type Guid client-side with a sequential generator: a process-wide
// counter lives in the bytes SQL Server compares first, so rows inserted later sort later. The
// version nibble (4) and the RFC 4122 variant bits are kept so that every id is a well-formed UUID.
let sequence = (BigInt(Date.now()) * 10000n) >> 8n;
export function newSequentialGuid() {
  sequence += 1n;
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  let c = sequence & 0xffffffffffffn;
  for (let i = 15; i >= 10; i--) {
    b[i] = Number(c & 0xffn);
    c >>= 8n;
  }
  return hexToGuid(b.toString('hex'));
}

// Guid.NewGuid(): what keys (Site API keys, publishable keys) are made of.
export function newGuid() {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  return hexToGuid(b.toString('hex'));
}

// ---------------------------------------------------------------------------------------------
// Collation SQL_Latin1_General_CP1_CI_AS: case-insensitive, accent-sensitive, trailing spaces are
// ignored in comparisons, and (for Unicode data, like every Windows collation) the hyphen and the
// apostrophe carry only a minimal weight ("word sort"), so "co-op" sorts right beside "coop".

const collator = new Intl.Collator('en', { sensitivity: 'accent', usage: 'sort' });

export function rtrimSpaces(s) {
  return s.replace(/ +$/, '');
}

function withoutWordSortMarks(s) {
  return s.replace(/[-'\u2019]/g, '');
}

export function collate(a, b) {
  const x = rtrimSpaces(a);
  const y = rtrimSpaces(b);
  if (x === y) return 0;
  const primary = collator.compare(withoutWordSortMarks(x), withoutWordSortMarks(y));
  if (primary !== 0) return primary;
  return collator.compare(x, y);
}

export function collationEquals(a, b) {
  if (a == null || b == null) return a == null && b == null;
  return collate(a, b) === 0;
}

// LEFT(column, LEN(@prefix)) = @prefix, which is how a StartsWith is evaluated under the collation.
export function collationStartsWith(value, prefix) {
  const p = rtrimSpaces(prefix);
  if (p.length === 0) return true;
  if (value.length < p.length) return false;
  return collate(value.slice(0, p.length), p) === 0;
}

// ORDER BY on a nullable column: NULL is the smallest value in SQL Server.
export function compareNullable(a, b, compare) {
  if (a == null && b == null) return 0;
  if (a == null) return -1;
  if (b == null) return 1;
  return compare(a, b);
}

// ---------------------------------------------------------------------------------------------
// datetimeoffset(7): timestamps are ticks of 100 ns since the Unix epoch, kept as BigInt.

let lastTicks = 0n;
const hrBase = process.hrtime.bigint();
const wallBase = BigInt(Date.now()) * 10000n;
export function nowTicks() {
  let t = wallBase + (process.hrtime.bigint() - hrBase) / 100n;
  if (t <= lastTicks) t = lastTicks + 1n;
  lastTicks = t;
  return t;
}

// System.Text.Json writes a DateTimeOffset as the round-trip form with all seven fraction digits
// of a datetimeoffset(7) column and the offset spelled out: 2025-03-04T05:06:07.1234567+00:00.
export function formatTicks(ticks) {
  if (ticks == null) return null;
  const ms = Number(ticks / 10000n);
  const iso = new Date(ms).toISOString();
  const fraction = (ticks % 10000000n).toString().padStart(7, '0');
  return `${iso.slice(0, 19)}.${fraction}+00:00`;
}

// ---------------------------------------------------------------------------------------------
// rowversion: one database-wide counter (@@DBTS starts at 2000 in a new database) that every
// insert and update advances; its 8 bytes are exposed base64-encoded as the ETag.

let dbts = 2000n;
export function nextRowVersion() {
  dbts += 1n;
  return dbts;
}

export function rowVersionETag(rowVersion) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(rowVersion);
  return `"${b.toString('base64')}"`;
}
