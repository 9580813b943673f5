// outsider18 — shared helpers: ids, instants, validation of values, the error envelope.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

// ---------- identifiers: UUID v7 for resources (time-ordered, monotonic within the process), v4 for keys
let lastMs = 0;
let seq = 0;
export function uuidv7() {
  let ms = Date.now();
  if (ms <= lastMs) {
    seq++;
    if (seq > 0xfff) {
      lastMs++;
      seq = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    seq = randomInt(0, 0x200);
  }
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
export const uuidv4 = () => randomUUID();
export function appKey() {
  return 'sbx_wsk_' + randomBytes(33).toString('base64url'); // 44 chars
}

// ---------- instants: RFC 3339, UTC "Z", FOUR fraction digits (the store's 100-microsecond column; the
// actor clock has millisecond resolution and is read once per request)
export function instant(d) {
  return d.toISOString().replace(/\.(\d{3})Z$/, '.$10Z');
}

export const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (v) => typeof v === 'string' && UUID_RE.test(v);

// ---------- error envelope
export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
export const notFound = (what) => new ApiError(404, 'not_found', `${what} not found.`);
export const forbidden = (msg = 'This API key is not allowed to perform this operation.') => new ApiError(403, 'forbidden', msg);
export const conflict = (msg) => new ApiError(409, 'conflict', msg);
export const unauthorized = (msg = 'A valid x-api-key header is required.') => new ApiError(401, 'unauthorized', msg);
export function badRequest(details) {
  const fields = details.map((d) => d.field);
  const message = details.length === 1 ? `Invalid request: ${details[0].field} ${details[0].message}` : `Invalid request: ${details.length} invalid fields (${fields.join(', ')})`;
  return new ApiError(400, 'bad_request', message, details);
}
export const bad = (field, message) => badRequest([{ field, message }]);

/** Collects one detail per field (the first problem found for it). */
export class Problems {
  constructor() {
    this.list = [];
  }
  add(field, message) {
    if (!this.list.some((d) => d.field === field)) this.list.push({ field, message });
  }
  has(field) {
    return this.list.some((d) => d.field === field);
  }
  throwIfAny() {
    if (this.list.length) throw badRequest(this.list);
  }
}

// ---------- value grammars
const utf8len = (s) => Buffer.byteLength(s, 'utf8');
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Site names: whitespace runs collapsed to one space, trimmed, NFC, 1..64 code points. */
export function siteName(v, field, P) {
  if (typeof v !== 'string') return P.add(field, 'must be a string'), undefined;
  if (CONTROL.test(v.replace(/[\t\n\r]/g, ' '))) return P.add(field, 'must not contain control characters'), undefined;
  const s = v.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const n = [...s].length;
  if (n < 1) return P.add(field, 'must contain at least one visible character'), undefined;
  if (n > 64) return P.add(field, 'must be at most 64 characters'), undefined;
  return s;
}

/** Page names: kept as sent; 1..200 UTF-8 bytes; no control characters. */
export function pageName(v, field, P) {
  if (typeof v !== 'string') return P.add(field, 'must be a string'), undefined;
  if (v.length < 1) return P.add(field, 'must have a minimum length of 1'), undefined;
  if (utf8len(v) > 200) return P.add(field, 'must be at most 200 bytes (UTF-8)'), undefined;
  if (CONTROL.test(v)) return P.add(field, 'must not contain control characters'), undefined;
  return v;
}

/** Locale codes: language (2 letters) with an optional region (2 letters), hyphen only; stored ll-RR. */
export function parseLocaleCode(v) {
  if (typeof v !== 'string') return null;
  const m = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/.exec(v);
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}
export function localeCode(v, field, P) {
  if (typeof v !== 'string') return P.add(field, 'must be a string'), undefined;
  const c = parseLocaleCode(v);
  if (!c) return P.add(field, 'must be a locale code: a two-letter language, optionally "-" and a two-letter region (e.g. en-US)'), undefined;
  return c;
}

const PAGE_SEGMENT = /^[\p{L}\p{M}\p{N}_~.-]+$/u;
/** Page pathnames: "/" or "/"-separated segments of letters, digits, "-", "_", ".", "~"; no trailing "/", max 200 bytes. */
export function pagePathname(v, field, P) {
  if (typeof v !== 'string') return P.add(field, 'must be a string'), undefined;
  const s = v.normalize('NFC');
  if (!s.startsWith('/')) return P.add(field, 'must begin with "/"'), undefined;
  if (utf8len(s) > 200) return P.add(field, 'must be at most 200 bytes (UTF-8)'), undefined;
  if (s === '/') return s;
  if (s.endsWith('/')) return P.add(field, 'must not end with "/"'), undefined;
  const segs = s.slice(1).split('/');
  if (segs.length > 12) return P.add(field, 'must have at most 12 segments'), undefined;
  for (const g of segs) {
    if (g === '') return P.add(field, 'must not contain an empty segment ("//")'), undefined;
    if (g === '.' || g === '..') return P.add(field, 'must not contain "." or ".." segments'), undefined;
    if (!PAGE_SEGMENT.test(g)) return P.add(field, 'may only contain letters, digits, "-", "_", "." and "~" between slashes'), undefined;
  }
  return s;
}

/** Route pathnames: "/" or segments that are literals, ":name", ":name(pattern)", or a final "*". */
export function routePathname(v, field, P, skipValidation) {
  if (typeof v !== 'string') return P.add(field, 'must be a string'), undefined;
  if (!v.startsWith('/')) return P.add(field, 'must begin with "/"'), undefined;
  if (/\s/.test(v) || CONTROL.test(v)) return P.add(field, 'must not contain whitespace or control characters'), undefined;
  if (skipValidation) {
    if (v.length > 2048) return P.add(field, 'must be at most 2048 characters'), undefined;
    return v;
  }
  if (v.length > 200) return P.add(field, 'must be at most 200 characters'), undefined;
  if (v === '/') return v;
  if (v.endsWith('/')) return P.add(field, 'must not end with "/"'), undefined;
  const segs = v.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const g = segs[i];
    if (g === '') return P.add(field, 'must not contain an empty segment ("//")'), undefined;
    const ok = /^[A-Za-z0-9._~-]+$/.test(g) && g !== '.' && g !== '..' || /^:[A-Za-z_][A-Za-z0-9_]*(\([^/()]+\))?$/.test(g) || (g === '*' && i === segs.length - 1);
    if (!ok) return P.add(field, `segment "${g}" is not a literal, a ":name" parameter or a final "*"`), undefined;
  }
  return v;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
function parseWebUrl(v, field, P, max) {
  if (typeof v !== 'string') return P.add(field, 'must be a string (uri)'), undefined;
  if (v.length > max) return P.add(field, `must be at most ${max} characters`), undefined;
  if (!/^[\x21-\x7e]+$/.test(v)) return P.add(field, 'must be a URI of printable ASCII characters'), undefined;
  let u;
  try {
    u = new URL(v);
  } catch {
    return P.add(field, 'must be an absolute URI'), undefined;
  }
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(v)) return P.add(field, 'must be an absolute URI with "//" authority'), undefined;
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname))) return P.add(field, 'must use https (http is accepted for localhost only)'), undefined;
  if (u.username || u.password) return P.add(field, 'must not carry credentials'), undefined;
  if (u.search || v.includes('?')) return P.add(field, 'must not carry a query'), undefined;
  if (u.hash || v.includes('#')) return P.add(field, 'must not carry a fragment'), undefined;
  return u;
}
/** hostOrigin: https URL (http for localhost), a path allowed; stored origin + path, a lone "/" path dropped. */
export function hostOrigin(v, field, P) {
  const u = parseWebUrl(v, field, P, 300);
  if (!u) return undefined;
  return u.pathname === '/' ? u.origin : u.origin + u.pathname;
}
/** Locale domain: https origin (http for localhost); no path; stored as the origin. */
export function domainUrl(v, field, P) {
  const u = parseWebUrl(v, field, P, 200);
  if (!u) return undefined;
  if (u.pathname !== '/') return P.add(field, 'must be an origin (scheme and host, no path)'), undefined;
  return u.origin;
}
