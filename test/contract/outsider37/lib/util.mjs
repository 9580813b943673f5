// Small helpers shared by every module: ids, timestamps, byte-wise string order.
import { randomUUID, randomBytes } from 'node:crypto';

// go-playground/validator `uuid` tag: lowercase hex only.
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// language (2-3 lowercase letters) with optional region (2 uppercase letters); case-sensitive.
export const LOCALE_RE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

export const newId = () => randomUUID();

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function newAppKey() {
  const bytes = randomBytes(43);
  let s = 'sk_';
  for (const b of bytes) s += B62[b % 62];
  return s;
}

// TIMESTAMPTZ with microsecond precision, RFC 3339 with exactly 6 fraction digits, UTC "Z".
let lastMicros = 0n;
export function nowTs() {
  let us = BigInt(Date.now()) * 1000n + (process.hrtime.bigint() / 1000n) % 1000n;
  if (us <= lastMicros) us = lastMicros + 1n;
  lastMicros = us;
  const ms = Number(us / 1000n);
  const frac = (us % 1000000n).toString().padStart(6, '0');
  return new Date(ms).toISOString().slice(0, 19) + '.' + frac + 'Z';
}

// CockroachDB STRING comparison = UTF-8 byte order = code point order.
export function byteCmp(a, b) {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i), y = b.charCodeAt(i);
    if (x !== y) {
      const xs = x >= 0xd800 && x <= 0xdfff, ys = y >= 0xd800 && y <= 0xdfff;
      if (xs && !ys) return 1;
      if (ys && !xs) return -1;
      return x < y ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : 1;
}

// utf8.RuneCountInString
export function runeCount(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
