// Port of the Go decode+validate step: json.Decoder with DisallowUnknownFields (field names matched
// case-insensitively, like encoding/json), pointer fields (null == absent unless nullable), then
// go-playground/validator tags evaluated in struct-field order, one detail per invalid field.
import { badRequest } from './errors.mjs';
import { UUID_RE, LOCALE_RE, runeCount } from './util.mjs';
import { BODY_LIMIT, q } from './http.mjs';

const TYPE_NAMES = { string: 'a string', boolean: 'a boolean', number: 'a number' };

// fields: [{ name, type, nullable }]. Returns a Map name -> value (only present fields).
export function decodeBody(ctx, fields, { optional = false } = {}) {
  const { buf, tooLarge } = ctx.body;
  if (optional && !tooLarge && (!buf || buf.length === 0)) return new Map();
  const ct = String(ctx.req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
  if (ct !== 'application/json') {
    throw badRequest([{ field: 'Content-Type', message: 'must be application/json' }], 'Content-Type must be application/json.');
  }
  if (tooLarge) throw badRequest([{ field: 'body', message: `must not exceed ${BODY_LIMIT} bytes` }], 'Request body too large.');
  if (!buf || buf.length === 0) throw badRequest([{ field: 'body', message: 'is required' }], 'Request body is required.');
  let parsed;
  try {
    parsed = JSON.parse(buf.toString('utf8'));
  } catch {
    throw badRequest([{ field: 'body', message: 'must be valid JSON' }], 'Malformed JSON body.');
  }
  if (parsed === null) parsed = {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest([{ field: 'body', message: 'must be a JSON object' }], 'Request body must be a JSON object.');
  }
  const out = new Map();
  const errs = [];
  for (const key of Object.keys(parsed)) {
    let f = fields.find((x) => x.name === key);
    if (!f) f = fields.find((x) => x.name.toLowerCase() === key.toLowerCase());
    if (!f) { errs.push({ field: key, message: 'unknown field' }); continue; }
    const v = parsed[key];
    if (v === null) {
      if (f.nullable) out.set(f.name, null); else out.delete(f.name);
      continue;
    }
    if (typeof v !== f.type) { errs.push({ field: f.name, message: `must be ${TYPE_NAMES[f.type]}` }); continue; }
    out.set(f.name, v);
  }
  if (errs.length) throw badRequest(errs, 'Request body could not be decoded.');
  return out;
}

// Collector for validator-style rule failures.
export class Checks {
  constructor() { this.details = []; }
  fail(field, message) { this.details.push({ field, message }); return false; }
  throwIfAny(message = 'Validation failed.') { if (this.details.length) throw badRequest(this.details, message); }

  uuid(field, v, required) {
    if (v === undefined) return required ? this.fail(field, 'is required') : true;
    if (v === '' && required) return this.fail(field, 'is required');
    return UUID_RE.test(v) || this.fail(field, 'must be a valid UUID');
  }
  str(field, v, { required = false, min = 0, max = Infinity } = {}) {
    if (v === undefined) return required ? this.fail(field, 'is required') : true;
    if (required && v === '') return this.fail(field, 'is required');
    const n = runeCount(v);
    if (n < min) return this.fail(field, `must be at least ${min} character${min === 1 ? '' : 's'}`);
    if (n > max) return this.fail(field, `must be at most ${max} characters`);
    return true;
  }
  locale(field, v, required) {
    if (v === undefined) return required ? this.fail(field, 'is required') : true;
    if (v === '' && required) return this.fail(field, 'is required');
    return LOCALE_RE.test(v) || this.fail(field, 'must be a locale code such as "en" or "en-US"');
  }
  // validator `http_url` + max=2048, plus the RFC 3986 rule behind the documents' `format: uri`:
  // a URI is ASCII only, so an IRI such as `https://exämple.com` is refused (never punycoded).
  url(field, v) {
    if (v === undefined || v === null) return true;
    if (typeof v === 'string' && NON_ASCII_RE.test(v)) {
      return this.fail(field, 'must be a URI: ASCII characters only (use punycode or percent-encoding)');
    }
    if (!isHttpUrl(v)) return this.fail(field, 'must be a valid absolute http(s) URL');
    if (v.length > 2048) return this.fail(field, 'must be at most 2048 characters');
    return true;
  }
  oneOf(field, v, allowed) {
    if (v === undefined) return true;
    return allowed.includes(v) || this.fail(field, `must be one of [${allowed.join(' ')}]`);
  }
}

const NON_ASCII_RE = /[^\x00-\x7F]/;

export function isHttpUrl(v) {
  if (typeof v !== 'string' || /\s/.test(v) || NON_ASCII_RE.test(v)) return false;
  const m = /^(https?):\/\/([^/?#]+)/.exec(v);
  if (!m) return false;
  try { const u = new URL(v); return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''; } catch { return false; }
}

// strconv.Atoi semantics ("+5" and "007" are fine), then range check.
export function parseLimit(checks, query, min) {
  const raw = q(query, 'limit');
  if (raw === undefined) return 20;
  if (!/^[+-]?\d{1,18}$/.test(raw)) { checks.fail('limit', 'must be an integer'); return 20; }
  const n = Number(raw);
  if (n < min || n > 100) { checks.fail('limit', `must be between ${min} and 100`); return 20; }
  return n;
}
