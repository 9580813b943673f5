// A small port of dry-validation: a schema phase (presence, type, filled,
// size, format, inclusion, numeric bounds) and a rules phase. A key's rule only
// runs when that key passed the schema (dry-validation's behaviour), so each
// invalid field yields exactly one message, in declaration order.
import { charLen } from './formats.mjs';

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status; this.code = code; this.details = details;
  }
}
export const badRequest = (details, message) =>
  new ApiError(400, 'bad_request', message || details.map((d) => `${d.field} ${d.message}`).join('; '), details);
export const notFound = (message) => new ApiError(404, 'not_found', message);
export const forbidden = (message) => new ApiError(403, 'forbidden', message || 'This API key is not allowed to access this resource');
export const conflict = (message) => new ApiError(409, 'conflict', message);

const isHash = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// Ruby Integer(str, 10) as used by dry-types Params coercion
const INT_RE = /^\s*[+-]?\d+(?:_\d+)*\s*$/;

// field spec:
// { key, required, source: 'json'|'query', type: 'string'|'boolean'|'integer',
//   filled, maybe (null allowed), minSize, maxSize, format: RegExp, oneOf: [],
//   gteq, lteq, rule: (value, all) => message|null }
export function contract(fields) {
  return function call(input) {
    const out = Object.create(null);
    const errors = [];
    const passed = [];
    for (const f of fields) {
      let v = Object.hasOwn(input, f.key) ? input[f.key] : undefined;
      if (f.source === 'query' && v === '') v = null; // Params processor: "" → nil
      if (f.source === 'query' && v === null && !f.required) v = undefined; // absent
      const msg = schemaCheck(f, v);
      if (msg) { errors.push({ field: f.key, message: msg }); continue; }
      if (v !== undefined) out[f.key] = f.type === 'integer' && typeof v === 'string' ? parseInt(v.replace(/_/g, ''), 10) : v;
      passed.push(f);
    }
    for (const f of passed) {
      if (!f.rule || out[f.key] === undefined || out[f.key] === null) continue;
      const msg = f.rule(out[f.key], out);
      if (msg) errors.push({ field: f.key, message: msg });
    }
    if (errors.length) {
      const order = new Map(fields.map((f, i) => [f.key, i]));
      errors.sort((a, b) => order.get(a.field) - order.get(b.field));
      throw badRequest(errors);
    }
    return out;
  };
}

function schemaCheck(f, v) {
  if (v === undefined) return f.required ? 'is missing' : null;
  if (f.type === 'forbidden') return 'is not allowed';
  if (v === null) {
    if (f.maybe) return null;
    if (f.filled) return 'must be filled';
    return typeMessage(f.type);
  }
  switch (f.type) {
    case 'string':
      if (typeof v !== 'string') return 'must be a string';
      if (f.filled && v === '') return 'must be filled';
      if (f.minSize !== undefined && charLen(v) < f.minSize) return `size cannot be less than ${f.minSize}`;
      if (f.maxSize !== undefined && charLen(v) > f.maxSize) return `size cannot be greater than ${f.maxSize}`;
      if (f.format && !f.format.test(v)) return 'is in invalid format';
      if (f.oneOf && !f.oneOf.includes(v)) return `must be one of: ${f.oneOf.join(', ')}`;
      return null;
    case 'boolean':
      return typeof v === 'boolean' ? null : 'must be boolean';
    case 'integer': {
      let n;
      if (typeof v === 'number' && Number.isInteger(v)) n = v;
      else if (typeof v === 'string' && INT_RE.test(v)) n = parseInt(v.replace(/_/g, ''), 10);
      else return 'must be an integer';
      if (f.gteq !== undefined && n < f.gteq) return `must be greater than or equal to ${f.gteq}`;
      if (f.lteq !== undefined && n > f.lteq) return `must be less than or equal to ${f.lteq}`;
      return null;
    }
    default:
      return null;
  }
}
function typeMessage(t) {
  return t === 'boolean' ? 'must be boolean' : t === 'integer' ? 'must be an integer' : 'must be a string';
}

export const requireHash = (body) => {
  if (!isHash(body)) throw badRequest([{ field: 'body', message: 'must be a hash' }]);
  return body;
};
