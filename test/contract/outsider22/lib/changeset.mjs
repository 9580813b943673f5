// Ecto.Changeset emulation: cast (with Ecto 3.10+ empty_trimmed_string empty values), validations
// with Ecto's own English messages, traverse_errors into the API's `details`, and the fallback's
// error envelope (ApiError).
import { castUUID } from './repo.mjs';

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status; this.code = code; this.details = details;
  }
}
const STATUS_MESSAGES = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' };
export const badRequest = (details, message = STATUS_MESSAGES[400]) => new ApiError(400, 'bad_request', message, details);
export const unauthorized = (message) => new ApiError(401, 'unauthorized', message);
export const forbidden = () => new ApiError(403, 'forbidden', STATUS_MESSAGES[403]);
export const notFound = (message = STATUS_MESSAGES[404]) => new ApiError(404, 'not_found', message);
export const conflict = (field, msg = 'has already been taken') =>
  new ApiError(409, 'conflict', `${field} ${msg}`, [{ field, message: msg }]);

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
export const graphemeLength = (s) => { let n = 0; for (const _ of graphemes.segment(s)) n++; return n; };

function castType(type, v) {
  switch (type) {
    case 'string': return typeof v === 'string' ? { ok: true, value: v } : { ok: false };
    case 'uuid': { const u = castUUID(v); return u ? { ok: true, value: u } : { ok: false }; }
    case 'boolean':
      if (typeof v === 'boolean') return { ok: true, value: v };
      if (v === 'true' || v === '1') return { ok: true, value: true };
      if (v === 'false' || v === '0') return { ok: true, value: false };
      return { ok: false };
    case 'integer':
      if (typeof v === 'number' && Number.isInteger(v)) return { ok: true, value: v };
      if (typeof v === 'string' && /^[+-]?\d+$/.test(v)) return { ok: true, value: parseInt(v, 10) }; // Integer.parse/1, whole input
      return { ok: false };
    default:
      throw new Error(`unknown type ${type}`);
  }
}
const isEmpty = (v) => typeof v === 'string' && v.trim() === '';

/**
 * cast(data, params, types, defaults): `types` maps permitted API field names to Ecto types;
 * fields absent from params are not changes; empty (whitespace-only) strings become the field's
 * default; a value that does not cast is "is invalid".
 */
export function cast(data, params, types, defaults = {}) {
  const cs = { data, changes: {}, errors: [], valid: true };
  for (const [field, type] of Object.entries(types)) {
    if (!params || !Object.hasOwn(params, field)) continue;
    let v = params[field];
    if (isEmpty(v)) v = defaults[field] ?? null;
    if (v === null) { if ((data?.[field] ?? null) !== null) cs.changes[field] = null; continue; }
    const r = castType(type, v);
    if (!r.ok) { addError(cs, field, 'is invalid'); continue; }
    if (data?.[field] !== r.value) cs.changes[field] = r.value;
  }
  return cs;
}
export function addError(cs, field, message) { cs.errors.push([field, message]); cs.valid = false; return cs; }
const hasError = (cs, field) => cs.errors.some(([f]) => f === field);
export const getField = (cs, field) => (Object.hasOwn(cs.changes, field) ? cs.changes[field] : cs.data?.[field] ?? null);

export function validateRequired(cs, fields) {
  for (const f of fields) {
    const v = getField(cs, f);
    if ((v == null || isEmpty(v)) && !hasError(cs, f)) addError(cs, f, "can't be blank");
  }
  return cs;
}
/** validate_change semantics: only a non-nil change is validated. */
function changed(cs, f) { return Object.hasOwn(cs.changes, f) && cs.changes[f] != null; }
export function validateLength(cs, f, { min, max }) {
  if (!changed(cs, f)) return cs;
  const n = graphemeLength(cs.changes[f]);
  if (min != null && n < min) addError(cs, f, `should be at least ${min} character(s)`);
  else if (max != null && n > max) addError(cs, f, `should be at most ${max} character(s)`);
  return cs;
}
export function validateFormat(cs, f, re, message = 'has invalid format') {
  if (changed(cs, f) && !re.test(cs.changes[f])) addError(cs, f, message);
  return cs;
}
export function validateInclusion(cs, f, list) {
  if (changed(cs, f) && !list.includes(cs.changes[f])) addError(cs, f, 'is invalid');
  return cs;
}
export function validateNumber(cs, f, { gte, lte }) {
  if (!changed(cs, f)) return cs;
  const v = cs.changes[f];
  if (gte != null && v < gte) addError(cs, f, `must be greater than or equal to ${gte}`);
  else if (lte != null && v > lte) addError(cs, f, `must be less than or equal to ${lte}`);
  return cs;
}
export function validateChange(cs, f, fn) {
  if (!changed(cs, f)) return cs;
  const msg = fn(cs.changes[f]);
  if (msg) addError(cs, f, msg);
  return cs;
}
/**
 * http(s) URL with a host, as the team's `validate_url/2` checks it with URI.new/1, which refuses
 * any character RFC 3986 does not allow unescaped (non-ASCII letters among them).
 */
export function validateUrl(cs, f) {
  return validateChange(cs, f, (v) => {
    if (!/^[\x21-\x7e]+$/.test(v)) return 'is invalid';
    let u;
    try { u = new URL(v); } catch { return 'is invalid'; }
    if (!/^https?:$/.test(u.protocol) || !u.hostname || /\s/.test(v) || !/^https?:\/\//i.test(v)) return 'is invalid';
    return null;
  });
}

/** traverse_errors/2 then one item per field (its first message), fields in map (sorted) order. */
export function errorDetails(cs) {
  const byField = new Map();
  for (const [f, m] of cs.errors) if (!byField.has(f)) byField.set(f, m);
  return [...byField.keys()].sort().map((field) => ({ field, message: byField.get(field) }));
}
export function raiseIfInvalid(cs) {
  if (!cs.valid) throw badRequest(errorDetails(cs));
  return cs;
}
/** Ecto string columns from `add :x, :string` are varchar(255). */
export const STRING_MAX = 255;
