// outsider11 storage layer: an in-memory imitation of a relational schema behind an ORM.
// Every table has a per-table bigint sequence; the public id is a UUID version 8 that carries a
// per-boot prefix, a table tag and that sequence number, so id order is insertion order.
// Rows are soft-deleted (deletedAt); sites, pages and routes use partial unique indexes
// (WHERE deletedAt IS NULL), locales use full unique indexes (deleted rows keep their code/domain).
import { randomBytes, randomUUID } from 'node:crypto';

const BOOT = randomBytes(8).toString('hex');
const TAGS = { workspace: '5101', site: '5102', locale: '5103', page: '5104', route: '5105', localization: '5106' };

export function createDb() {
  const seqs = {};
  const tables = { workspace: [], site: [], locale: [], page: [], route: [], localization: [] };
  const index = new Map();
  let lastMicros = 0;

  function nextId(table) {
    const n = (seqs[table] = (seqs[table] || 0) + 1);
    const variant = '89ab'[parseInt(BOOT[11], 16) % 4];
    return {
      seq: n,
      id: `${BOOT.slice(0, 8)}-${TAGS[table]}-8${BOOT.slice(8, 11)}-${variant}${BOOT.slice(12, 15)}-${n.toString(16).padStart(12, '0')}`,
    };
  }

  /** A transaction: one timestamp (microseconds) shared by every row it writes, like now() in SQL. */
  function begin() {
    const m = Math.floor((performance.timeOrigin + performance.now()) * 1000);
    lastMicros = Math.max(m, lastMicros + 1);
    return { now: lastMicros };
  }

  function insert(table, row) {
    const { seq, id } = nextId(table);
    const full = { id, seq, deletedAt: null, ...row };
    tables[table].push(full);
    index.set(id, { table, row: full });
    return full;
  }

  /** Finds a row by id in a table, deleted rows included (callers decide). */
  function byId(table, id) {
    const hit = index.get(String(id).toLowerCase());
    return hit && hit.table === table ? hit.row : null;
  }

  return { tables, insert, byId, begin };
}

/** Postgres-like rendering of a timestamptz: microseconds, trailing zeros trimmed, "Z". */
export function fmtTime(micros) {
  if (micros === null || micros === undefined) return null;
  const ms = Math.floor(micros / 1000);
  const base = new Date(ms).toISOString().slice(0, 19);
  const frac = String(micros % 1000000).padStart(6, '0').replace(/0+$/, '');
  return `${base}${frac ? `.${frac}` : ''}Z`;
}

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function appKey() {
  const bytes = randomBytes(40);
  let s = '';
  for (const b of bytes) s += B62[b % 62];
  return `sbs.app.${s}`;
}
export const newUuid = () => randomUUID();
