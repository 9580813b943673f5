// In-memory "collections" shaped like Mongoose models with { timestamps: true }.
// Every document carries an ObjectId-like monotonically increasing _seq that is
// used for natural (_id) ordering, plus a soft-delete `deletedAt` (mongoose-delete style).
import { randomUUID, randomBytes } from 'node:crypto';

let seq = 0;
export const nextSeq = () => ++seq;
export const now = () => new Date().toISOString(); // millisecond precision, like a JS Date in Mongo
export const uuid = () => randomUUID();
export const appKey = () => 'sk_' + randomBytes(32).toString('base64url');

// Unique indexes use collation { locale: 'en', strength: 2 }: case-insensitive, accent-sensitive.
const collator = new Intl.Collator('en', { sensitivity: 'accent' });
export const collEq = (a, b) => typeof a === 'string' && typeof b === 'string' && collator.compare(a, b) === 0;
export const collCmp = (a, b) => collator.compare(a, b);

export const db = {
  workspaces: [], // { id, name }
  appKeys: new Map(), // key -> workspaceId
  sites: [],
  locales: [],
  pages: [],
  routes: [],
};

export const live = (d) => d && !d.deletedAt;

export function insert(coll, doc) {
  const t = now();
  const full = { _seq: nextSeq(), createdAt: t, updatedAt: t, deletedAt: null, ...doc };
  if (doc.createdAt) full.createdAt = doc.createdAt; // mongoose keeps a provided createdAt
  full.updatedAt = t;
  db[coll].push(full);
  return full;
}

// doc.set(changes); doc.save() -> only bumps updatedAt when something is modified
export function applyChanges(doc, changes) {
  let modified = false;
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) continue;
    if (doc[k] !== v) { doc[k] = v; modified = true; }
  }
  if (modified) doc.updatedAt = now();
  return modified;
}

export const clone = (o) => JSON.parse(JSON.stringify(o));
