// A small in-memory stand-in for the Prisma 6 client over PostgreSQL 17, as this team uses it:
// @default(uuid()) ids, DateTime at millisecond precision, @updatedAt, case-sensitive @@unique
// indexes (P2002), *OrThrow lookups (P2025), and Prisma's cursor pagination
// (`cursor: { id }, skip: 1, take`) including what it does with cursors that name no row.
import { randomUUID } from 'node:crypto';

export class PrismaKnownError extends Error {
  constructor(code, message, meta = {}) { super(message); this.code = code; this.meta = meta; }
}

// Prisma DateTime is a JS Date: millisecond precision. Keep it strictly increasing in-process.
let lastMs = 0;
export function now() {
  let t = Date.now();
  if (t <= lastMs) t = lastMs + 1;
  lastMs = t;
  return new Date(t);
}

export const uuid = () => randomUUID();

// PostgreSQL's default collation on this cluster is en_US.UTF-8 (glibc 2.28+, ISO 14651):
// first level compares base letters case- and accent-blind (punctuation < digits < letters),
// then accents, then case (lower before upper), then code points.
const PRIMARY = new Map();
function primaryKey(s) {
  let k = PRIMARY.get(s);
  if (k !== undefined) return k;
  const base = s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  k = [];
  for (const ch of base) {
    const cp = ch.codePointAt(0);
    if (/\p{L}/u.test(ch)) k.push(3_000_000 + cp);
    else if (/\p{N}/u.test(ch)) k.push(2_000_000 + cp);
    else k.push(1_000_000 + cp);
  }
  if (PRIMARY.size > 5000) PRIMARY.clear();
  PRIMARY.set(s, k);
  return k;
}
function cmpArr(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length - b.length;
}
export function collate(a, b) {
  if (a === b) return 0;
  let c = cmpArr(primaryKey(a), primaryKey(b));
  if (c) return c < 0 ? -1 : 1;
  const sa = a.normalize('NFD').toLowerCase(), sb = b.normalize('NFD').toLowerCase();
  if (sa !== sb) return sa < sb ? -1 : 1;
  // tertiary: lower case first
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i], y = b[i];
    if (x !== y) {
      const xl = x === x.toLowerCase(), yl = y === y.toLowerCase();
      if (xl !== yl) return xl ? -1 : 1;
      return x < y ? -1 : 1;
    }
  }
  return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}

// Compare two column values the way PostgreSQL orders them: NULL is the largest value.
export function compareValues(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (a instanceof Date) a = a.getTime();
  if (b instanceof Date) b = b.getTime();
  if (typeof a === 'string' && typeof b === 'string') return collate(a, b);
  if (typeof a === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function orderComparator(orderBy, pick = (row, f) => row[f]) {
  return (x, y) => {
    for (const [field, dir] of orderBy) {
      let c = field === 'id' ? (x.id < y.id ? -1 : x.id > y.id ? 1 : 0) : compareValues(pick(x, field), pick(y, field));
      if (c) return dir === 'desc' ? -c : c;
    }
    return 0;
  };
}

// Prisma cursor pagination: the cursor row is read by its id from the whole table (filters are not
// applied to it); the result starts AT that row's position (>=) and `skip: 1` drops the first row.
// A cursor id that names no row makes the position NULL, and Prisma returns an empty page.
export function cursorPage(rows, { orderBy, cursorId, take, tableLookup, pick }) {
  const cmp = orderComparator(orderBy, pick);
  const sorted = [...rows].sort(cmp);
  let start = 0;
  if (cursorId !== undefined) {
    const cursorRow = tableLookup(cursorId);
    if (!cursorRow) return { items: [], hasMore: false };
    start = sorted.findIndex((r) => cmp(r, cursorRow) >= 0);
    if (start === -1) return { items: [], hasMore: false };
    start += 1; // skip: 1
  }
  const slice = sorted.slice(start, start + take + 1);
  return { items: slice.slice(0, take), hasMore: slice.length > take };
}

export class Table {
  constructor(model, uniques = []) { this.model = model; this.rows = new Map(); this.uniques = uniques; }
  findUnique(id) { return this.rows.get(String(id).toLowerCase()) ?? null; }
  findUniqueOrThrow(id, where = () => true) {
    const r = this.findUnique(id);
    if (!r || !where(r)) throw new PrismaKnownError('P2025', `No ${this.model} found`, { modelName: this.model });
    return r;
  }
  findMany(where = () => true) { return [...this.rows.values()].filter(where); }
  findFirst(where) { for (const r of this.rows.values()) if (where(r)) return r; return null; }
  findFirstOrThrow(where) {
    const r = this.findFirst(where);
    if (!r) throw new PrismaKnownError('P2025', `No ${this.model} found`, { modelName: this.model });
    return r;
  }
  checkUnique(candidate, selfId) {
    for (const fields of this.uniques) {
      for (const r of this.rows.values()) {
        if (r.id === selfId) continue;
        if (fields.every((f) => r[f] === candidate[f] && candidate[f] !== null && candidate[f] !== undefined)) {
          throw new PrismaKnownError('P2002', `Unique constraint failed on the fields: (${fields.map((f) => `\`${f}\``).join(',')})`, { target: fields, modelName: this.model });
        }
      }
    }
  }
  create(data, { timestamps = true } = {}) {
    const row = { id: uuid(), ...data };
    if (timestamps) { const t = now(); row.createdAt = data.createdAt ?? t; row.updatedAt = data.updatedAt ?? t; }
    this.checkUnique(row, null);
    this.rows.set(row.id, row);
    return row;
  }
  // @updatedAt: moves on every update call the service makes (even if values do not change).
  update(id, data, { timestamps = true } = {}) {
    const row = this.findUniqueOrThrow(id);
    const next = { ...row, ...data };
    if (timestamps) next.updatedAt = now();
    this.checkUnique(next, row.id);
    Object.assign(row, next);
    return row;
  }
  delete(id) { const r = this.findUniqueOrThrow(id); this.rows.delete(r.id); return r; }
}

export function createClient() {
  return {
    workspace: new Table('Workspace'),
    apiKey: new Table('ApiKey', [['hash']]),
    site: new Table('Site', [['publicApiKey'], ['siteApiKey']]),
    // @@unique([siteId, locale]) — a plain Prisma unique index: soft-deleted rows still hold their code.
    siteLocale: new Table('SiteLocale', [['siteId', 'locale']]),
    page: new Table('Page', [['siteId', 'pathname']]),
    pageLocalization: new Table('PageLocalization', [['pageId', 'localeId']]),
    route: new Table('Route', [['siteId', 'pathname']]),
  };
}
