// outsider17 support: clock, ids, errors, normalisers and validators (an ActiveSupport/ActiveModel in miniature).
import { randomBytes, randomUUID } from 'node:crypto';

// ---------------------------------------------------------------- clock (app time zone: Asia/Tokyo, +09:00, no DST)
const baseMicros = Date.now() * 1000;
const hrStart = process.hrtime.bigint();
let lastMicros = 0;
/** Microseconds since the epoch, strictly increasing within the process. */
export function nowMicros() {
  const t = baseMicros + Number((process.hrtime.bigint() - hrStart) / 1000n);
  lastMicros = t > lastMicros ? t : lastMicros + 1;
  return lastMicros;
}
const TZ_OFFSET_MS = 9 * 3600 * 1000;
/** RFC 3339 with six fractional digits in the application's time zone: 2026-01-05T19:00:00.123456+09:00. */
export function iso(micros) {
  if (micros === null || micros === undefined) return null;
  const ms = Math.floor(micros / 1000);
  const local = new Date(ms + TZ_OFFSET_MS).toISOString().slice(0, 19);
  return `${local}.${String(micros % 1000000).padStart(6, '0')}+09:00`;
}

// ---------------------------------------------------------------- ids and keys
export const uuid = () => randomUUID();
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** has_secure_token style: 24 base58 characters, behind the `ak_live_` prefix. */
export function appKey() {
  const bytes = randomBytes(24);
  let s = '';
  for (const b of bytes) s += B58[b % 58];
  return `ak_live_${s}`;
}

// ---------------------------------------------------------------- errors
export class HttpError extends Error {
  constructor(status, message, details) {
    super(message);
    this.status = status;
    this.details = details;
  }
}
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
export function errorBody(status, message, details) {
  const body = { object: 'error', code: CODES[status], message };
  if (status === 400) body.details = details && details.length ? details : [{ field: 'base', message }];
  return body;
}
export const notFound = (model, attr, value) => new HttpError(404, `Couldn't find ${model} with '${attr}'=${value}`);
export const forbidden = () => new HttpError(403, 'You are not authorized to perform this action.');

/** Rails' Array#to_sentence. */
export function toSentence(list) {
  if (list.length <= 1) return list.join('');
  if (list.length === 2) return `${list[0]} and ${list[1]}`;
  return `${list.slice(0, -1).join(', ')}, and ${list[list.length - 1]}`;
}
/** "hostOrigin" -> "Host origin", "siteId" -> "Site" (Rails humanize of the snake_case attribute). */
export function humanize(field) {
  if (field === 'base') return '';
  let s = field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/_id$/, '').replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** ActiveModel::Errors in miniature: errors collected per attribute, in the order attributes are validated. */
export class Errors {
  constructor() {
    this.map = new Map();
  }
  add(attr, message) {
    if (!this.map.has(attr)) this.map.set(attr, []);
    this.map.get(attr).push(message);
  }
  has(attr) {
    return this.map.has(attr);
  }
  get any() {
    return this.map.size > 0;
  }
  details() {
    return [...this.map].map(([field, msgs]) => ({ field, message: toSentence(msgs) }));
  }
  fullMessages() {
    return [...this.map].flatMap(([f, msgs]) => msgs.map((m) => (f === 'base' ? m : `${humanize(f)} ${m}`)));
  }
  raise(prefix = 'Validation failed') {
    throw new HttpError(400, `${prefix}: ${this.fullMessages().join(', ')}`, this.details());
  }
}
export function conflict(attr, message = 'has already been taken') {
  return new HttpError(409, `Validation failed: ${humanize(attr)} ${message}`);
}

// ---------------------------------------------------------------- normalisers
/** Locale codes: `en`, `en-US`, `en_us`, `EN-us` -> `en` / `en-US`. Returns null when not a code. */
export function normalizeLocale(v) {
  if (typeof v !== 'string') return null;
  const m = /^([A-Za-z]{2})(?:[-_]([A-Za-z]{2}))?$/.exec(v.trim());
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}

const TRANSLIT = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', ð: 'd', Ð: 'D', ı: 'i' };
/** ActiveSupport's String#parameterize on one segment: transliterate, lower-case, runs of other characters -> "-". */
export function parameterize(seg) {
  return seg
    .replace(/[ßæÆøØœŒđĐłŁþÞðÐı]/g, (c) => TRANSLIT[c])
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}
export const PAGE_PATH_MAX = 255;
/** Page pathname: every segment parameterized, empty segments dropped, "/" prepended. {value} or {error}. */
export function normalizePagePath(raw) {
  if (typeof raw !== 'string') return { error: 'must be a string' };
  const t = raw.trim();
  if (t === '') return { error: "can't be blank" };
  const segs = t.split('/').filter((s) => s.trim() !== '');
  const out = segs.map(parameterize);
  if (out.some((s) => s === '')) return { error: 'is invalid' };
  const value = `/${out.join('/')}`;
  if (value.length > PAGE_PATH_MAX) return { error: `is too long (maximum is ${PAGE_PATH_MAX} characters)` };
  return { value };
}

export const ROUTE_PATH_MAX = 255;
/** Route pathname normaliser (runs even when validation is skipped): strip, prepend "/", drop one trailing "/". */
export function normalizeRoutePath(raw) {
  let t = raw.trim();
  if (!t.startsWith('/')) t = `/${t}`;
  if (t.length > 1 && t.endsWith('/')) t = t.slice(0, -1);
  return t;
}
/** Rails routing grammar: literal segments, `:param`, `*glob` segments and balanced `( … )` optional groups. */
export function routeGrammarOk(p) {
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '(') {
      if (p[i + 1] === ')') return false;
      depth++;
    } else if (p[i] === ')') {
      depth--;
      if (depth < 0) return false;
    }
  }
  if (depth !== 0) return false;
  const flat = p.replace(/[()]/g, '');
  if (flat === '/') return true;
  if (!flat.startsWith('/') || flat.endsWith('/')) return false;
  return flat
    .slice(1)
    .split('/')
    .every((seg) => /^\*[a-z_][a-z0-9_]*$/.test(seg) || /^(?::[a-z_][a-z0-9_]*|[A-Za-z0-9._~-])+$/.test(seg));
}

export const URL_MAX = 2048;
/** hostOrigin / locale domain: an absolute http(s) URL of printable ASCII; one trailing "/" is chomped. */
export function normalizeUrl(raw) {
  if (typeof raw !== 'string') return { error: 'must be a string' };
  let t = raw;
  if (t.trim() === '') return { error: "can't be blank" };
  if (t.endsWith('/') && !t.endsWith('//')) t = t.slice(0, -1);
  if (t.length > URL_MAX) return { error: `is too long (maximum is ${URL_MAX} characters)` };
  // eslint-disable-next-line no-control-regex
  if (/[^\x21-\x7e]/.test(t)) return { error: 'is not a valid URL' };
  let u;
  try {
    u = new URL(t);
  } catch {
    return { error: 'is not a valid URL' };
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || !/^https?:\/\/[^/]/i.test(t)) return { error: 'is not a valid URL' };
  if (u.username || u.password) return { error: 'is not a valid URL' };
  return { value: t };
}

/** A decimal numeral, as Ruby's Kernel#Float reads one: sign, leading zeros, fraction and exponent allowed. */
export function rubyNumber(s) {
  if (!/^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(s)) return null;
  return Number(s);
}

/** Collation of the storage layer (en_US.UTF-8): case- and accent-blind, punctuation ignored at the first level. */
const COLLATOR = new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true });
export function collate(a, b) {
  const c = COLLATOR.compare(a, b);
  if (c !== 0) return c;
  return a < b ? -1 : a > b ? 1 : 0;
}
