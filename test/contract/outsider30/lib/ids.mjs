import { randomBytes, randomUUID } from 'node:crypto';

// UUIDv7: 48-bit millisecond time, version 7, 74 random bits; monotonic inside one process
// so that SK=<TYPE>#<uuidv7> sorts in creation order.
let lastMs = 0;
let seq = 0;
export function uuidv7() {
  let ms = Date.now();
  if (ms <= lastMs) {
    seq += 1;
    if (seq > 0xfff) {
      lastMs += 1;
      seq = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    seq = randomBytes(2).readUInt16BE() & 0x3ff;
  }
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// Secrets (Site API keys, publishable keys) are random v4 UUIDs, not time-ordered.
export const secretUuid = () => randomUUID();
export const appKey = () => `sk_${randomBytes(32).toString('base64url')}`;
export const now = () => new Date().toISOString();

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ajv-formats "uuid": also takes the urn:uuid: prefix.
export const AJV_UUID_RE = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
export const canonUuid = (s) => s.replace(/^urn:uuid:/i, '').toLowerCase();
