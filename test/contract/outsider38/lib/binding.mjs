// Model binding the way ASP.NET Core minimal APIs + System.Text.Json (web defaults)
// + FluentValidation would do it: lenient number parsing, exact enums/booleans/UUIDs, case-insensitive property
// names, every invalid field collected into one 400.
import { badRequest } from './http.mjs';

const HEX = '[0-9a-fA-F]';
const D = new RegExp(`^(${HEX}{8})-(${HEX}{4})-(${HEX}{4})-(${HEX}{4})-(${HEX}{12})$`);
const N = new RegExp(`^(${HEX}{8})(${HEX}{4})(${HEX}{4})(${HEX}{4})(${HEX}{12})$`);
const WS = /^[\s]+|[\s]+$/g;

// Guid.TryParse: accepts D, N, B ({D}) and P ((D)) formats, any case, surrounding whitespace.
export function parseGuid(raw) {
  if (typeof raw !== 'string') return null;
  let s = raw.replace(WS, '');
  if ((s.startsWith('{') && s.endsWith('}')) || (s.startsWith('(') && s.endsWith(')'))) {
    s = s.slice(1, -1);
    if (!D.test(s)) return null;
  }
  const m = D.exec(s) || N.exec(s);
  if (!m) return null;
  return `${m[1]}-${m[2]}-${m[3]}-${m[4]}-${m[5]}`.toLowerCase();
}
// Fields documented as `format: uuid` (query parameters and body fields): only the hyphenated
// 8-4-4-4-12 form, any case, nothing around it (no N/B/P forms, no whitespace). Returns lower case.
// Path segments and the x-api-key header keep the lenient parseGuid above.
export function parseUuidStrict(raw) {
  if (typeof raw !== 'string' || !D.test(raw)) return null;
  return raw.toLowerCase();
}

// double.TryParse(NumberStyles.Float, InvariantCulture)
const FLOAT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
export function parseDouble(raw) {
  if (FLOAT.test(raw)) return Number(raw.trim());
  const t = raw.trim();
  if (t === 'NaN') return NaN;
  if (/^[+]?Infinity$/.test(t)) return Infinity;
  if (t === '-Infinity') return -Infinity;
  return null;
}
// Documented boolean enums (`true` | `false`): exactly "true" or "false" (case-sensitive,
// no surrounding whitespace); anything else is refused.
export function parseBool(raw) {
  return raw === 'true' ? true : raw === 'false' ? false : null;
}
// Documented enums: exactly one of the documented names (case-sensitive); numeric ordinals,
// other casings and surrounding whitespace are refused.
export function parseEnum(raw, names) {
  return names.includes(raw) ? raw : null;
}

// FluentValidation-style display name: workspaceId -> "Workspace Id"
export const display = (f) => f.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

export class Errors {
  constructor() { this.list = []; this.seen = new Set(); }
  add(field, message) { if (!this.seen.has(field)) { this.seen.add(field); this.list.push({ field, message }); } }
  has(field) { return this.seen.has(field); }
  throwIfAny() { if (this.list.length) throw badRequest(this.list); }
}

// Query: case-insensitive keys, repeated values joined with ',', empty treated as absent.
export function queryGetter(searchParams) {
  const map = new Map();
  for (const [k, v] of searchParams) {
    const key = k.toLowerCase();
    map.set(key, map.has(key) ? map.get(key) + ',' + v : v);
  }
  return (name) => { const v = map.get(name.toLowerCase()); return v === undefined || v === '' ? undefined : v; };
}

export const notValid = (v, f) => `The value '${v}' is not valid for ${f}.`;

export function qGuid(q, errors, name, required) {
  const raw = q(name);
  if (raw === undefined) { if (required) errors.add(name, `'${display(name)}' must not be empty.`); return undefined; }
  const g = parseUuidStrict(raw);
  if (!g) errors.add(name, `'${display(name)}' must be a UUID in the hyphenated 8-4-4-4-12 form. The value '${raw}' is not valid for ${name}.`);
  return g ?? undefined;
}
export function qLimit(q, errors, min) {
  const raw = q('limit');
  if (raw === undefined) return 20;
  const n = parseDouble(raw);
  if (n === null) { errors.add('limit', notValid(raw, 'limit')); return 20; }
  if (!(n >= min && n <= 100)) { errors.add('limit', `'Limit' must be between ${min} and 100. You entered ${raw.trim()}.`); return 20; }
  return Math.trunc(n);
}
export function qBool(q, errors, name, dflt) {
  const raw = q(name);
  if (raw === undefined) return dflt;
  const b = parseBool(raw);
  if (b === null) { errors.add(name, `'${display(name)}' must be one of: true, false. ${notValid(raw, name)}`); return dflt; }
  return b;
}
export function qEnum(q, errors, name, names, dflt) {
  const raw = q(name);
  if (raw === undefined) return dflt;
  const v = parseEnum(raw, names);
  if (v === null) { errors.add(name, `'${display(name)}' must be one of: ${names.join(', ')}. ${notValid(raw, name)}`); return dflt; }
  return v;
}

// Body binding. spec: [{ name, type: 'string'|'boolean', nullable?: bool }]
// Returns { values: {name: value}, present: Set, nulls: Set } or throws/collects.
export function bindBody(ctx, spec, dtoName, errors, { required = true } = {}) {
  const out = { values: {}, present: new Set(), nulls: new Set(), ok: true };
  const body = ctx.body;
  if (body.tooLarge) { errors.add('body', 'Request body too large. The max request body size is 1048576 bytes.'); out.ok = false; return out; }
  const buf = body.buf;
  if (!buf || buf.length === 0) {
    if (required) { errors.add('body', 'A non-empty request body is required.'); out.ok = false; }
    return out;
  }
  const ct = (ctx.req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
  if (ct !== 'application/json' && !/^application\/[a-z0-9.+-]*\+json$/.test(ct)) {
    errors.add('body', `Expected a supported JSON media type but got "${ct || '(none)'}".`); out.ok = false; return out;
  }
  let parsed;
  try { parsed = JSON.parse(buf.toString('utf8').replace(/^\uFEFF/, '')); }
  catch (e) { errors.add('body', `The request body is not valid JSON: ${String(e.message).slice(0, 200)}`); out.ok = false; return out; }
  if (parsed === null) {
    if (required) { errors.add('body', 'A non-empty request body is required.'); out.ok = false; }
    return out;
  }
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    errors.add('body', `The JSON value could not be converted to ${dtoName}. Path: $`); out.ok = false; return out;
  }
  const byLower = new Map(spec.map((s) => [s.name.toLowerCase(), s]));
  for (const [k, v] of Object.entries(parsed)) {
    const s = byLower.get(k.toLowerCase());
    if (!s) { errors.add(k, `The JSON property '${k}' could not be mapped to any .NET member contained in type '${dtoName}'.`); out.ok = false; continue; }
    if (v === null) { out.nulls.add(s.name); out.present.delete(s.name); delete out.values[s.name]; continue; }
    const t = s.type === 'boolean' ? 'boolean' : 'string';
    if (typeof v !== t) {
      errors.add(s.name, `The JSON value could not be converted to ${t === 'boolean' ? 'System.Boolean' : 'System.String'}. Path: $.${s.name}`);
      out.ok = false; continue;
    }
    out.nulls.delete(s.name); out.present.add(s.name); out.values[s.name] = v;
  }
  return out;
}
