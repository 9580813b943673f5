// A small port of what the functions used from ajv 8 + ajv-formats:
// { allErrors: true, coerceTypes: <for query strings only> }, the JSON Schema keywords
// type / required / properties / enum / minLength / maxLength / pattern / format /
// minimum / maximum / not-required, and ajv's default English messages.
import { AJV_UUID_RE } from './ids.mjs';

const PCHAR = "[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2}";
const URI_RE = new RegExp(
  `^[a-z][a-z0-9+\\-.]*:(?:\\/\\/(?:(?:[a-z0-9\\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\\[[0-9a-f:.]+\\]|(?:[a-z0-9\\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\\d*)?(?:\\/(?:${PCHAR})*)*|(?:${PCHAR})+(?:\\/(?:${PCHAR})*)*|\\/(?:(?:${PCHAR})+(?:\\/(?:${PCHAR})*)*)?)?(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
  'i',
);

export const FORMATS = {
  uuid: (s) => AJV_UUID_RE.test(s),
  uri: (s) => URI_RE.test(s),
};

const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
function typeMatches(t, v) {
  const actual = typeOf(v);
  if (t === 'number') return actual === 'number' || actual === 'integer';
  return actual === t;
}

// ajv's coercion of a query-string value towards a scalar type.
function coerce(v, types) {
  if (typeof v !== 'string') return v;
  for (const t of types) {
    if (t === 'string') return v;
    if ((t === 'number' || t === 'integer') && v !== '' && !Number.isNaN(+v)) {
      const n = +v;
      if (t === 'number' || Number.isInteger(n)) return n;
    }
    if (t === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
    if (t === 'null' && v === '') return null;
  }
  return v;
}

const codePoints = (s) => [...s].length;

function run(schema, data, path, errors, opts) {
  const types = schema.type === undefined ? null : [].concat(schema.type);
  if (types) {
    if (opts.coerce) data = coerce(data, types);
    if (!types.some((t) => typeMatches(t, data))) {
      errors.push({ instancePath: path, keyword: 'type', params: { type: types.join(',') }, message: `must be ${types.join(',')}` });
      return data;
    }
  }
  if (schema.enum && !schema.enum.some((e) => e === data)) {
    errors.push({ instancePath: path, keyword: 'enum', params: { allowedValues: schema.enum }, message: 'must be equal to one of the allowed values' });
  }
  if (typeof data === 'string') {
    if (schema.minLength !== undefined && codePoints(data) < schema.minLength)
      errors.push({ instancePath: path, keyword: 'minLength', params: { limit: schema.minLength }, message: `must NOT have fewer than ${schema.minLength} characters` });
    if (schema.maxLength !== undefined && codePoints(data) > schema.maxLength)
      errors.push({ instancePath: path, keyword: 'maxLength', params: { limit: schema.maxLength }, message: `must NOT have more than ${schema.maxLength} characters` });
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(data))
      errors.push({ instancePath: path, keyword: 'pattern', params: { pattern: schema.pattern }, message: `must match pattern "${schema.pattern}"` });
    if (schema.format && FORMATS[schema.format] && !FORMATS[schema.format](data))
      errors.push({ instancePath: path, keyword: 'format', params: { format: schema.format }, message: `must match format "${schema.format}"` });
  }
  if (typeof data === 'number') {
    if (schema.minimum !== undefined && data < schema.minimum)
      errors.push({ instancePath: path, keyword: 'minimum', params: { comparison: '>=', limit: schema.minimum }, message: `must be >= ${schema.minimum}` });
    if (schema.maximum !== undefined && data > schema.maximum)
      errors.push({ instancePath: path, keyword: 'maximum', params: { comparison: '<=', limit: schema.maximum }, message: `must be <= ${schema.maximum}` });
  }
  if (typeOf(data) === 'object') {
    for (const r of schema.required ?? []) {
      if (!Object.hasOwn(data, r)) errors.push({ instancePath: path, keyword: 'required', params: { missingProperty: r }, message: `must have required property '${r}'` });
    }
    for (const f of schema.forbidden ?? []) {
      if (Object.hasOwn(data, f)) errors.push({ instancePath: `${path}/${f}`, keyword: 'not', params: {}, message: 'must NOT be valid' });
    }
    for (const [k, sub] of Object.entries(schema.properties ?? {})) {
      if (Object.hasOwn(data, k)) data[k] = run(sub, data[k], `${path}/${k}`, errors, opts);
    }
  }
  return data;
}

// Returns { value, errors } ; value has coerced query values.
export function validate(schema, data, opts = {}) {
  const errors = [];
  const value = run(schema, data, '', errors, opts);
  return { value, errors };
}

export function fieldOf(err, root) {
  const p = err.instancePath.slice(1).replaceAll('/', '.');
  if (err.keyword === 'required') return p ? `${p}.${err.params.missingProperty}` : err.params.missingProperty;
  return p || root;
}

// ajv.errorsText(errors, { dataVar })
export function errorsText(errors, dataVar = 'data') {
  return errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).join(', ');
}
