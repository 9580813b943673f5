// axum extractors ported: Path<Uuid>, Query<T> via serde_urlencoded, Json<T> via serde_json,
// then the `validator` derive. Every field is reported (one detail per field, declaration order).
import { AppError } from './errors.mjs';
import { parseJson, JsonError, DUPS, POS, describe, Float, num } from './json.mjs';

// ---- uuid::Uuid::parse_str: hyphenated, simple, braced and urn forms, any case; rendered lower hyphenated
export function parseUuid(s) {
  if (typeof s !== 'string') return null;
  let t = s;
  if (t.length === 45 && t.slice(0, 9).toLowerCase() === 'urn:uuid:') t = t.slice(9);
  else if (t.length === 38 && t[0] === '{' && t[37] === '}') t = t.slice(1, 37);
  let hex;
  if (t.length === 36 && /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(t)) hex = t.replace(/-/g, '');
  else if (t.length === 32 && /^[0-9a-fA-F]{32}$/.test(t)) hex = t;
  else return null;
  hex = hex.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
// ---- uuid::fmt::Hyphenated for Query<T> and Json<T> fields: the 36-character form alone, any case.
// Both documents declare those fields `format: uuid`; Uuid's parse_str also took the simple and
// braced forms there, which broke the format (the contract suite's near misses caught it).
export function parseFieldUuid(s) {
  return typeof s === 'string' && s.length === 36 ? parseUuid(s) : null;
}
export function fieldUuidError(s) {
  return parseUuid(s) ? `UUID parsing failed: expected the hyphenated form, found a length of ${[...s].length}` : uuidError(s);
}
export function uuidError(s) {
  const len = [...s].length;
  const bad = [...s].findIndex((c) => !/[0-9a-fA-F-]/.test(c));
  if (bad >= 0 && !(len === 38 || len === 45)) return `UUID parsing failed: invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${[...s][bad]}\` at ${bad + 1}`;
  return `UUID parsing failed: invalid length: expected length 32 for simple format, found ${len}`;
}

// ---- Path
export function pathUuid(params, name) {
  const raw = params[name];
  const id = parseUuid(raw);
  if (!id) {
    const msg = `Invalid URL: Cannot parse \`${name}\` with value \`${raw}\` to a \`Uuid\`: ${uuidError(raw)}`;
    throw new AppError(400, 'bad_request', msg, [{ field: name, message: uuidError(raw) }]);
  }
  return id;
}

// ---- Query (serde_urlencoded over form_urlencoded: lossy percent-decoding, '+' is a space)
function formDecode(s) {
  const bytes = [];
  const src = Buffer.from(s.replace(/\+/g, ' '), 'utf8');
  for (let k = 0; k < src.length; k++) {
    const b = src[k];
    if (b === 0x25 && k + 2 < src.length + 0 && /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(src[k + 1] ?? 0, src[k + 2] ?? 0))) {
      bytes.push(parseInt(String.fromCharCode(src[k + 1], src[k + 2]), 16));
      k += 2;
    } else bytes.push(b);
  }
  return Buffer.from(bytes).toString('utf8');
}
export function parseQueryPairs(qs) {
  const pairs = [];
  if (!qs) return pairs;
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = formDecode(eq < 0 ? part : part.slice(0, eq));
    const v = eq < 0 ? '' : formDecode(part.slice(eq + 1));
    pairs.push([k, v]);
  }
  return pairs;
}

function enumText(list) {
  return list.length === 2 ? `\`${list[0]}\` or \`${list[1]}\`` : `one of ${list.map((x) => `\`${x}\``).join(', ')}`;
}

// spec: { name: { type: 'uuid'|'f64'|'string'|'enum', required, values, default } }
export function query(qs, spec) {
  const pairs = parseQueryPairs(qs);
  const seen = new Map();
  const details = [];
  const bad = new Set();
  for (const [k, v] of pairs) {
    if (!(k in spec)) continue; // unknown parameters are ignored
    if (seen.has(k)) { if (!bad.has(k)) { details.push({ field: k, message: `duplicate field \`${k}\`` }); bad.add(k); } continue; }
    seen.set(k, v);
  }
  const out = {};
  for (const [name, f] of Object.entries(spec)) {
    if (bad.has(name)) continue;
    if (!seen.has(name)) {
      if (f.required) details.push({ field: name, message: `missing field \`${name}\`` });
      else out[name] = f.default;
      continue;
    }
    const v = seen.get(name);
    if (f.type === 'uuid') {
      const id = parseFieldUuid(v);
      if (!id) details.push({ field: name, message: fieldUuidError(v) });
      else out[name] = id;
    } else if (f.type === 'f64') {
      const x = parseF64(v);
      if (x === undefined) details.push({ field: name, message: v === '' ? 'cannot parse float from empty string' : 'invalid float literal' });
      else out[name] = x;
    } else if (f.type === 'enum') {
      if (!f.values.includes(v)) details.push({ field: name, message: `unknown variant \`${v}\`, expected ${enumText(f.values)}` });
      else out[name] = v;
    } else out[name] = v;
  }
  if (details.length) throw AppError.badRequest(`Failed to deserialize query string: ${details[0].message}`, details);
  return out;
}
// Rust's f64::from_str grammar
function parseF64(s) {
  if (/^[+-]?(inf|infinity|nan)$/i.test(s)) return /nan/i.test(s) ? NaN : (s.startsWith('-') ? -Infinity : Infinity);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return undefined;
  return Number(s);
}

// validator: range on a list limit (integral, 1..=100)
export function validateLimit(limit) {
  if (!Number.isFinite(limit) || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw AppError.badRequest('Validation failed', [{ field: 'limit', message: 'must be an integer between 1 and 100' }]);
  }
  return limit;
}

// ---- Json<T>
export function jsonBody(req, bodyName) {
  const ct = req.headers['content-type'];
  const essence = (ct || '').split(';')[0].trim().toLowerCase();
  const [type, sub = ''] = essence.split('/');
  if (!(type === 'application' && (sub === 'json' || sub.endsWith('+json')))) {
    throw new AppError(400, 'bad_request', 'Expected request with `Content-Type: application/json`', [{ field: 'content-type', message: 'Expected request with `Content-Type: application/json`' }]);
  }
  let text;
  try { text = new TextDecoder('utf-8', { fatal: true }).decode(req.body); } catch {
    throw AppError.badRequest('Failed to parse the request body as JSON: invalid unicode code point at line 1 column 1', [{ field: 'body', message: 'invalid unicode code point at line 1 column 1' }]);
  }
  let v;
  try { v = parseJson(text); } catch (e) {
    if (e instanceof JsonError) {
      const m = e.message;
      throw AppError.badRequest(`Failed to parse the request body as JSON: ${m}`, [{ field: 'body', message: m }]);
    }
    throw e;
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v) || v instanceof Float) {
    const m = `invalid type: ${describe(v)}, expected struct ${bodyName} at line 1 column ${text.trimEnd().length}`;
    throw AppError.badRequest(`Failed to deserialize the JSON body into the target type: ${m}`, [{ field: 'body', message: m }]);
  }
  return v;
}

// fields: { name: { type: 'string'|'uuid'|'bool', nullable (Option<Option<T>>) } }; deny: deny_unknown_fields
// Returns { value, details }: value[name] is undefined (absent), null (explicit null, nullable only) or the value.
export function deserialize(obj, fields, { deny }) {
  const details = [];
  const value = {};
  const pos = obj[POS] || {};
  const at = (k) => (pos[k] ? ` at line ${pos[k].line} column ${pos[k].col}` : '');
  const names = Object.keys(fields);
  for (const k of obj[DUPS] || []) if (k in fields) details.push({ field: k, message: `duplicate field \`${k}\`${at(k)}` });
  for (const k of Object.keys(obj)) {
    if (!(k in fields)) {
      if (deny) details.push({ field: k, message: `unknown field \`${k}\`, expected ${enumText(names)}${at(k)}` });
      continue;
    }
    if (details.some((d) => d.field === k)) continue;
    const f = fields[k];
    const v = obj[k];
    if (v === null) { value[k] = f.nullable ? null : undefined; continue; }
    if (f.type === 'string' || f.type === 'uuid') {
      if (typeof v !== 'string') { details.push({ field: k, message: `invalid type: ${describe(v)}, expected ${f.type === 'uuid' ? 'a UUID string' : 'a string'}${at(k)}` }); continue; }
      if (f.type === 'uuid') {
        const id = parseFieldUuid(v);
        if (!id) { details.push({ field: k, message: `${fieldUuidError(v)}${at(k)}` }); continue; }
        value[k] = id;
      } else value[k] = v;
    } else if (f.type === 'bool') {
      if (typeof v !== 'boolean') { details.push({ field: k, message: `invalid type: ${describe(v)}, expected a boolean${at(k)}` }); continue; }
      value[k] = v;
    } else if (f.type === 'number') {
      if (typeof v !== 'number' && !(v instanceof Float)) { details.push({ field: k, message: `invalid type: ${describe(v)}, expected f64${at(k)}` }); continue; }
      value[k] = num(v);
    }
  }
  return { value, details };
}

// the `validator` crate's checks, with this team's messages
export const V = {
  required: (v) => (v === undefined ? 'is required' : null),
  length: (min, max) => (v) => {
    if (typeof v !== 'string') return null;
    const n = [...v].length; // validator counts chars (Unicode scalar values)
    if (n < min) return min === 1 ? 'must not be empty' : `must be at least ${min} characters long`;
    if (n > max) return `must be at most ${max} characters long`;
    return null;
  },
  url: (v) => {
    if (typeof v !== 'string') return null;
    // Mended after the contract suite's first run: the documents type these fields "string (uri)", and an RFC 3986 URI
    // has no unescaped non-ASCII character, which the `url` crate's WHATWG parse (and `new URL`) would take.
    if (!/^[\x21-\x7e]+$/.test(v)) return 'must be a valid URL';
    try {
      const u = new URL(v);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an http or https URL';
      if (!/^https?:\/\//i.test(v)) return 'must be a valid URL';
      return null;
    } catch { return 'must be a valid URL'; }
  },
};

// run Json<T> + Validate: fields with their validators, all errors collected
export function readBody(req, bodyName, fields, { deny = false } = {}) {
  const obj = jsonBody(req, bodyName);
  const { value, details } = deserialize(obj, fields, { deny });
  if (details.length) throw AppError.badRequest(`Failed to deserialize the JSON body into the target type: ${details[0].message}`, details);
  const vdetails = [];
  for (const [k, f] of Object.entries(fields)) {
    for (const check of f.validate || []) {
      const m = check(value[k]);
      if (m) { vdetails.push({ field: k, message: m }); break; }
    }
  }
  if (vdetails.length) throw AppError.badRequest('Validation failed', vdetails);
  return value;
}
