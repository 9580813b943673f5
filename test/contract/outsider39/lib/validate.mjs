import { badRequest } from './errors.mjs';

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s) => typeof s === 'string' && UUID_RE.test(s);
// java.util.UUID#toString always prints lower case
export const canonUuid = (s) => s.toLowerCase();

// utf8mb4_unicode_ci: case-insensitive, accent-insensitive, PAD SPACE (trailing spaces ignored)
const keyCache = new Map();
export function ci(s) {
  if (s == null) return s;
  let k = keyCache.get(s);
  if (k === undefined) {
    k = s.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase().replace(/ +$/, '');
    if (keyCache.size > 50000) keyCache.clear();
    keyCache.set(s, k);
  }
  return k;
}
export const ciEq = (a, b) => ci(a) === ci(b);
export function ciCmp(a, b) {
  const x = ci(a), y = ci(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

// RFC 3986 absolute URI, ASCII only.
const URI_RE = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:%]*@)?(?:\[[0-9A-Fa-f:.vV]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)(?::[0-9]*)?(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]*)*|\/?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@%]+(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]*)*)?)(?:\?[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?(?:#[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?$/;
export function isUri(s) {
  if (typeof s !== 'string' || !URI_RE.test(s)) return false;
  return !/%(?![0-9A-Fa-f]{2})/.test(s); // every % must start a pct-encoded triplet
}

// Locale codes: language (2-3 letters) with optional region (2 letters). Canonicalised the way
// java.util.Locale.forLanguageTag(...).toLanguageTag() prints them: "EN-us" -> "en-US".
const LOCALE_RE = /^([A-Za-z]{2,3})(?:-([A-Za-z]{2}))?$/;
export function canonLocale(s) {
  const m = typeof s === 'string' ? LOCALE_RE.exec(s) : null;
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}

export const PATH_MAX = 768; // VARCHAR(768): the utf8mb4 unique-index ceiling of 3072 bytes
// Trailing slashes are dropped (except the root) before storage and lookups.
export function normPath(p) {
  let s = p;
  while (s.length > 1 && s.endsWith('/')) s = s.slice(0, -1);
  return s;
}
export function pathProblem(p) {
  if (p.length === 0 || p.trim().length === 0) return 'must not be blank';
  if (p.length > PATH_MAX) return `size must be between 1 and ${PATH_MAX}`;
  if (!p.startsWith('/')) return 'must start with "/"';
  if (/[\s?#\\\u0000-\u001f\u007f]/.test(p)) return 'must not contain whitespace, "?", "#", "\\" or control characters';
  if (normPath(p).includes('//')) return 'must not contain empty path segments';
  return null;
}

// ---- two-stage body validation (Jackson deserialisation, then Bean Validation) ----
// schema: { field: { type: 'string'|'boolean'|'number', required?, nullable?, checks?: [(v)=>msg|null] } }
export function validateBody(body, schema, { refuse = {} } = {}) {
  const stage1 = [];
  for (const [k, v] of Object.entries(body)) {
    const def = schema[k];
    if (!def) {
      stage1.push({ field: k, message: refuse[k] || 'unrecognized field' });
      continue;
    }
    if (v === null) continue;
    if (def.type === 'string' && typeof v !== 'string') stage1.push({ field: k, message: 'must be a string' });
    else if (def.type === 'boolean' && typeof v !== 'boolean') stage1.push({ field: k, message: 'must be a boolean' });
    else if (def.type === 'number' && (typeof v !== 'number' || !Number.isFinite(v))) stage1.push({ field: k, message: 'must be a number' });
  }
  if (stage1.length) throw badRequest(stage1, 'Request body could not be deserialized');
  return collectConstraints(body, schema);
}

export function collectConstraints(body, schema) {
  const out = [];
  for (const [k, def] of Object.entries(schema)) {
    const present = Object.prototype.hasOwnProperty.call(body, k);
    const v = body[k];
    if (!present) { if (def.required) out.push({ field: k, message: 'must not be null' }); continue; }
    if (v === null) { if (!def.nullable) out.push({ field: k, message: 'must not be null' }); continue; }
    for (const check of def.checks || []) {
      const msg = check(v);
      if (msg) { out.push({ field: k, message: msg }); break; }
    }
  }
  return out;
}

export const notBlank = (v) => (v.trim().length === 0 ? 'must not be blank' : null);
export const size = (min, max) => (v) => (v.length < min || v.length > max ? `size must be between ${min} and ${max}` : null);
export const uuidCheck = (v) => (isUuid(v) ? null : 'must be a valid UUID');
export const uriCheck = (v) => (isUri(v) ? null : 'must be a valid URI');
export const localeCheck = (v) => (canonLocale(v) ? null : 'must be a locale code: language with optional region, e.g. en or en-US');

// ---- query parameter helpers: return [value, problem] ----
export function qUuid(q, name, required, problems) {
  if (!q.has(name)) { if (required) problems.push({ field: name, message: 'must not be null' }); return undefined; }
  const v = q.get(name);
  if (!isUuid(v)) { problems.push({ field: name, message: 'must be a valid UUID' }); return undefined; }
  return canonUuid(v);
}
export function qLimit(q, min, problems) {
  if (!q.has('limit')) return 20;
  const raw = q.get('limit');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(raw.trim()) || raw.trim() !== raw) {
    problems.push({ field: 'limit', message: 'must be a number' });
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isInteger(n)) { problems.push({ field: 'limit', message: 'must be an integer' }); return undefined; }
  if (n < min) { problems.push({ field: 'limit', message: `must be greater than or equal to ${min}` }); return undefined; }
  if (n > 100) { problems.push({ field: 'limit', message: 'must be less than or equal to 100' }); return undefined; }
  return n;
}
export function qEnum(q, name, values, def, problems) {
  if (!q.has(name)) return def;
  const v = q.get(name);
  if (!values.includes(v)) { problems.push({ field: name, message: `must be one of: ${values.join(', ')}` }); return undefined; }
  return v;
}
