// class-validator / class-transformer, as far as this API's DTOs use them, and the global
// ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }).
import { BadRequest } from './errors.mjs';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUUID = (v) => typeof v === 'string' && UUID_RE.test(v);
const len = (s) => s.length - (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) || []).length; // validator.js isLength

// ---- constraint decorators (name, test, message) ----
export const IsString = () => ({ test: (v) => typeof v === 'string', msg: (p) => `${p} must be a string` });
export const IsNotEmpty = () => ({ test: (v) => v !== '' && v !== null && v !== undefined, msg: (p) => `${p} should not be empty` });
export const MaxLength = (n) => ({ test: (v) => typeof v === 'string' && len(v) <= n, msg: (p) => `${p} must be shorter than or equal to ${n} characters` });
export const MinLength = (n) => ({ test: (v) => typeof v === 'string' && len(v) >= n, msg: (p) => `${p} must be longer than or equal to ${n} characters` });
export const IsUUID = () => ({ test: isUUID, msg: (p) => `${p} must be a UUID` });
export const IsBoolean = () => ({ test: (v) => typeof v === 'boolean', msg: (p) => `${p} must be a boolean value` });
export const IsInt = () => ({ test: (v) => typeof v === 'number' && Number.isInteger(v), msg: (p) => `${p} must be an integer number` });
export const Min = (n) => ({ test: (v) => typeof v === 'number' && v >= n, msg: (p) => `${p} must not be less than ${n}` });
export const Max = (n) => ({ test: (v) => typeof v === 'number' && v <= n, msg: (p) => `${p} must not be greater than ${n}` });
export const IsIn = (vals) => ({ test: (v) => vals.includes(v), msg: (p) => `${p} must be one of the following values: ${vals.join(', ')}` });
export const Matches = (re, message) => ({ test: (v) => typeof v === 'string' && re.test(v), msg: (p) => message ? message(p) : `${p} must match ${re} regular expression` });
export const IsUrl = () => ({ test: isHttpUrl, msg: (p) => `${p} must be a URL address` });

// validator.js isURL({ require_protocol: true, protocols: ['http','https'], require_tld: false }),
// narrowed to RFC 3986 (ASCII only) because the documents say `format: uri`.
export function isHttpUrl(v) {
  if (typeof v !== 'string' || v.length === 0 || v.length > 2083) return false;
  if (/[^\x21-\x7e]/.test(v) || /[<>"{}|\\^`]/.test(v)) return false;
  const m = /^(https?):\/\/([^/?#]*)([/?#][^]*)?$/i.exec(v);
  if (!m) return false;
  let authority = m[2];
  const at = authority.lastIndexOf('@');
  if (at !== -1) { if (at === 0) return false; authority = authority.slice(at + 1); }
  let host = authority, port = null;
  const v6 = /^\[([0-9a-f:.]+)\](?::(\d+))?$/i.exec(authority);
  if (v6) { port = v6[2] ?? null; host = null; }
  else {
    const c = authority.lastIndexOf(':');
    if (c !== -1) { port = authority.slice(c + 1); host = authority.slice(0, c); }
    if (!host) return false;
    const labels = host.split('.');
    if (host.length > 253) return false;
    for (const l of labels) if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(l)) return false;
  }
  if (port !== null && (!/^\d{1,5}$/.test(port) || +port < 1 || +port > 65535)) return false;
  if (m[3] && /%(?![0-9a-f]{2})/i.test(m[3])) return false;
  try { new URL(v); } catch { return false; }
  return true;
}

// ---- property descriptors ----
// optional: 'nil' = @IsOptional() (skips null and undefined); 'undefined' = @ValidateIf(o => o.p !== undefined)
export const prop = (rules, { optional = false, type } = {}) => ({ rules, optional, type });
// @Type(() => Number) on query strings: class-transformer calls Number(value).
export const toNumber = (v) => (v === undefined ? v : Number(v));

export function validateDto(name, spec, plain) {
  if (Array.isArray(plain)) {
    const message = 'an unknown value was passed to the validate function';
    throw BadRequest(message, [{ field: 'body', message }]);
  }
  if (plain === null || typeof plain !== 'object') plain = {};
  const errors = [];
  for (const key of Object.keys(plain)) {
    if (!Object.prototype.hasOwnProperty.call(spec, key)) errors.push({ field: key, messages: [`property ${key} should not exist`] });
  }
  const out = {};
  for (const [key, d] of Object.entries(spec)) {
    const has = Object.prototype.hasOwnProperty.call(plain, key);
    let value = has ? plain[key] : undefined;
    if (d.type === 'number' && value !== undefined && value !== null) value = Number(value);
    if (d.optional === 'nil' && (value === undefined || value === null)) { if (has && value === null) out[key] = null; continue; }
    if (d.optional === 'undefined' && value === undefined) continue;
    const failed = d.rules.filter((r) => !r.test(value)).map((r) => r.msg(key));
    if (failed.length) errors.push({ field: key, messages: failed });
    else if (value !== undefined) out[key] = value;
  }
  if (errors.length) {
    const all = errors.flatMap((e) => e.messages);
    throw BadRequest(all.join(', '), errors.map((e) => ({ field: e.field, message: e.messages[0] })));
  }
  return out;
}

// Nest's ParseUUIDPipe (version 'all').
export function parseUUIDPipe(field, value) {
  if (!isUUID(value)) throw BadRequest('Validation failed (uuid is expected)', [{ field, message: 'Validation failed (uuid is expected)' }]);
  return value.toLowerCase();
}

// ---- shared rule sets ----
export const LOCALE_RE = /^[a-z]{2}(-[A-Z]{2})?$/;
export const localeRules = [IsString(), Matches(LOCALE_RE, (p) => `${p} must be a language code with an optional region, like en or en-US`)];
export const PATHNAME_RE = /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+)*$|^\/$/;
export const pathnameRules = [IsString(), IsNotEmpty(), MaxLength(512),
  Matches(PATHNAME_RE, (p) => `${p} must start with "/" and contain only URL path segments (no empty segment, no trailing "/")`)];
export const nameRules = [IsString(), IsNotEmpty(), MaxLength(255)];
export const limitProp = prop([IsInt(), Min(1), Max(100)], { optional: 'nil', type: 'number' });
export const cursorProp = prop([IsUUID()], { optional: 'nil' });
