// In-memory stand-in for D1 (SQLite) as the Drizzle layer uses it: tables of rows, UNIQUE
// indexes (optionally partial, optionally COLLATE NOCASE = ASCII-only folding) that throw
// SQLite's constraint error, and batch() as the only all-or-nothing unit.
import { randomBytes } from 'node:crypto';

export const nocase = (s) => (typeof s === 'string' ? s.replace(/[A-Z]/g, (ch) => ch.toLowerCase()) : s);
export const unixepoch = () => Math.floor(Date.now() / 1000); // Drizzle integer({ mode: 'timestamp' })

let lastMs = 0;
let seq = 0;
// UUID v7 (RFC 9562) ids: time-ordered, so ORDER BY id is creation order.
export function uuidv7() {
  let ms = Date.now();
  if (ms <= lastMs) { ms = lastMs; seq = (seq + 1) & 0xfff; if (seq === 0) ms = ++lastMs; } else { seq = randomBytes(2).readUInt16BE(0) & 0x3ff; }
  lastMs = ms;
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export class UniqueConstraintError extends Error {
  constructor(table, cols, index) {
    super(`D1_ERROR: UNIQUE constraint failed: ${cols.map((c) => `${table}.${c}`).join(', ')}: SQLITE_CONSTRAINT`);
    this.index = index;
  }
}

export class D1 {
  constructor(indexes) { this.indexes = indexes; this.tables = {}; for (const t of Object.keys(indexes)) this.tables[t] = []; }
  _key(idx, row) {
    if (idx.where && !idx.where(row)) return null;
    const parts = idx.cols.map((c) => (idx.nocase?.includes(c) ? nocase(row[c]) : row[c]));
    if (parts.some((p) => p === null || p === undefined)) return null; // NULLs never collide in SQLite
    return JSON.stringify(parts);
  }
  _checkUnique(table, row, selfRef) {
    for (const idx of this.indexes[table]) {
      const k = this._key(idx, row);
      if (k === null) continue;
      for (const other of this.tables[table]) {
        if (other === selfRef) continue;
        if (this._key(idx, other) === k) throw new UniqueConstraintError(table, idx.cols, idx.name);
      }
    }
  }
  all(table, pred = () => true) { return this.tables[table].filter(pred).map((r) => ({ ...r })); }
  first(table, pred) { const r = this.tables[table].find(pred); return r ? { ...r } : undefined; }
  insert(table, row) { this._checkUnique(table, row, null); this.tables[table].push({ ...row }); return { ...row }; }
  update(table, pred, patch) {
    let n = 0;
    for (const row of this.tables[table]) {
      if (!pred(row)) continue;
      const next = { ...row, ...(typeof patch === 'function' ? patch(row) : patch) };
      this._checkUnique(table, next, row);
      Object.assign(row, next);
      n++;
    }
    return n;
  }
  delete(table, pred) { const before = this.tables[table].length; this.tables[table] = this.tables[table].filter((r) => !pred(r)); return before - this.tables[table].length; }
  // D1 batch(): every statement or none. The callback runs the statements; any throw rolls back.
  batch(fn) {
    const snapshot = Object.fromEntries(Object.entries(this.tables).map(([t, rows]) => [t, rows.map((r) => ({ ...r }))]));
    try {
      return fn(this);
    } catch (err) {
      this.tables = snapshot;
      throw err;
    }
  }
}
