// A small port of the Joi 17 idioms this service relies on (celebrate-style schemas).
// Only what the routes need: string / number / boolean / any / object, with
// convert:true semantics, abortEarly:false, stripUnknown / allowUnknown.

const GUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function quote(label) { return `"${label}"`; }

/** The characters RFC 3986 allows in a URI, percent-encodings included. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

class Schema {
  constructor(type) {
    this.type = type;
    this._required = false;
    this._forbidden = false;
    this._allow = [];
    this._valid = null;
    this._default = undefined;
    this._rules = [];
    this._label = null;
  }
  clone() {
    const s = Object.create(Object.getPrototypeOf(this));
    Object.assign(s, this);
    s._allow = [...this._allow];
    s._rules = [...this._rules];
    return s;
  }
  required() { const s = this.clone(); s._required = true; return s; }
  optional() { const s = this.clone(); s._required = false; return s; }
  forbidden() { const s = this.clone(); s._forbidden = true; return s; }
  allow(...v) { const s = this.clone(); s._allow.push(...v); return s; }
  valid(...v) { const s = this.clone(); s._valid = v; return s; }
  default(v) { const s = this.clone(); s._default = v; return s; }
  label(l) { const s = this.clone(); s._label = l; return s; }
  rule(fn) { const s = this.clone(); s._rules.push(fn); return s; }

  // returns { value, errors: [{type, message}] }
  run(value, label) {
    if (value === undefined) {
      if (this._forbidden) return { value };
      if (this._required) return { value, errors: [{ type: 'any.required', message: `${quote(label)} is required` }] };
      return { value: typeof this._default === 'function' ? this._default() : this._default };
    }
    if (this._forbidden) return { value, errors: [{ type: 'any.unknown', message: `${quote(label)} is not allowed` }] };
    if (this._allow.some((a) => a === value)) return { value };
    const base = this.coerce(value, label);
    if (base.errors) return base;
    let v = base.value;
    if (this._valid) {
      const hit = this._valid.find((x) => x === v || (typeof x === 'string' && typeof v === 'string' && this._insensitive && x.toLowerCase() === v.toLowerCase()));
      if (hit === undefined) {
        const list = this._valid.map(String).join(', ');
        const msg = this._valid.length === 1 ? `${quote(label)} must be [${list}]` : `${quote(label)} must be one of [${list}]`;
        return { value: v, errors: [{ type: 'any.only', message: msg }] };
      }
      v = hit;
    }
    const errors = [];
    for (const r of this._rules) {
      const out = r(v, label);
      if (out && out.error) { errors.push(out.error); }
      else if (out && 'value' in out) v = out.value;
    }
    return errors.length ? { value: v, errors } : { value: v };
  }
  coerce(value) { return { value }; }
}

class StringSchema extends Schema {
  constructor() { super('string'); }
  coerce(value, label) {
    if (typeof value !== 'string') return { value, errors: [{ type: 'string.base', message: `${quote(label)} must be a string` }] };
    if (value === '') return { value, errors: [{ type: 'string.empty', message: `${quote(label)} is not allowed to be empty` }] };
    return { value };
  }
  insensitive() { const s = this.clone(); s._insensitive = true; return s; }
  min(n) { return this.rule((v, l) => (v.length < n ? { error: { type: 'string.min', message: `${quote(l)} length must be at least ${n} characters long` } } : null)); }
  max(n) { return this.rule((v, l) => (v.length > n ? { error: { type: 'string.max', message: `${quote(l)} length must be less than or equal to ${n} characters long` } } : null)); }
  guid() {
    return this.rule((v, l) => (GUID_RE.test(v) ? { value: v.toLowerCase() } : { error: { type: 'string.guid', message: `${quote(l)} must be a valid GUID` } }));
  }
  uri(schemes) {
    return this.rule((v, l) => {
      let u = null;
      // Joi's uri() is RFC 3986's grammar: ASCII only, so an IRI (https://exämple.com) is no uri.
      // WHATWG's URL parser alone would take it, punycoding the host.
      if (URI_CHARACTERS.test(v)) { try { u = new URL(v); } catch { u = null; } }
      if (!u) return { error: { type: 'string.uri', message: `${quote(l)} must be a valid uri` } };
      if (schemes && !schemes.includes(u.protocol.slice(0, -1))) {
        return { error: { type: 'string.uriCustomScheme', message: `${quote(l)} must be a valid uri with a scheme matching the ${schemes.join('|')} pattern` } };
      }
      if ((u.protocol === 'http:' || u.protocol === 'https:') && !u.hostname) return { error: { type: 'string.uri', message: `${quote(l)} must be a valid uri` } };
      return null;
    });
  }
  pattern(re, name) {
    return this.rule((v, l) => (re.test(v) ? null : {
      error: name
        ? { type: 'string.pattern.name', message: `${quote(l)} with value ${quote(v)} fails to match the ${name} pattern` }
        : { type: 'string.pattern.base', message: `${quote(l)} with value ${quote(v)} fails to match the required pattern: ${re}` },
    }));
  }
  custom(fn) { return this.rule((v, l) => { try { return { value: fn(v) }; } catch (e) { return { error: { type: 'any.custom', message: `${quote(l)} failed custom validation because ${e.message}` } }; } }); }
}

class NumberSchema extends Schema {
  constructor() { super('number'); }
  coerce(value, label) {
    let v = value;
    if (typeof v === 'string') {
      const t = v.trim();
      if (t !== '' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) v = Number(t);
    }
    if (typeof v !== 'number' || Number.isNaN(v)) return { value, errors: [{ type: 'number.base', message: `${quote(label)} must be a number` }] };
    if (!Number.isFinite(v)) return { value, errors: [{ type: 'number.infinity', message: `${quote(label)} cannot be infinity` }] };
    if (Math.abs(v) > Number.MAX_SAFE_INTEGER && Number.isInteger(v)) return { value, errors: [{ type: 'number.unsafe', message: `${quote(label)} must be a safe number` }] };
    return { value: v };
  }
  integer() { return this.rule((v, l) => (Number.isInteger(v) ? null : { error: { type: 'number.integer', message: `${quote(l)} must be an integer` } })); }
  min(n) { return this.rule((v, l) => (v < n ? { error: { type: 'number.min', message: `${quote(l)} must be greater than or equal to ${n}` } } : null)); }
  max(n) { return this.rule((v, l) => (v > n ? { error: { type: 'number.max', message: `${quote(l)} must be less than or equal to ${n}` } } : null)); }
}

class BooleanSchema extends Schema {
  constructor() { super('boolean'); }
  /** Joi's boolean().sensitive(): only `true` and `false` as written, not `TRUE` or ` true`. */
  sensitive() { const s = this.clone(); s._sensitive = true; return s; }
  coerce(value, label) {
    if (typeof value === 'boolean') return { value };
    if (typeof value === 'string') {
      const t = this._sensitive ? value : value.trim().toLowerCase();
      if (t === 'true') return { value: true };
      if (t === 'false') return { value: false };
    }
    return { value, errors: [{ type: 'boolean.base', message: `${quote(label)} must be a boolean` }] };
  }
}

class AnySchema extends Schema { constructor() { super('any'); } }

class ObjectSchema extends Schema {
  constructor(keys) { super('object'); this._keys = keys || {}; this._or = null; }
  or(...peers) { const s = this.clone(); s._or = peers; return s; }
  coerce(value, label) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { value, errors: [{ type: 'object.base', message: `${quote(label)} must be of type object` }] };
    }
    return { value };
  }
  // validate an object; returns { value, error } like Joi's schema.validate()
  validate(input, opts = {}) {
    const { stripUnknown = false, allowUnknown = false } = opts;
    const base = this.coerce(input, 'value');
    if (base.errors) return { value: input, error: mkError(base.errors.map((e) => ({ ...e, path: [] }))) };
    const out = {};
    const details = [];
    for (const [k, schema] of Object.entries(this._keys)) {
      const raw = Object.prototype.hasOwnProperty.call(input, k) ? input[k] : undefined;
      const r = schema.run(raw, schema._label || k);
      if (r.errors) { for (const e of r.errors) details.push({ ...e, path: [k] }); }
      if (r.value !== undefined) out[k] = r.value;
    }
    for (const k of Object.keys(input)) {
      if (Object.prototype.hasOwnProperty.call(this._keys, k)) continue;
      if (stripUnknown) continue;
      if (allowUnknown) { out[k] = input[k]; continue; }
      details.push({ type: 'object.unknown', message: `${quote(k)} is not allowed`, path: [k] });
    }
    if (this._or && !details.length && !this._or.some((k) => out[k] !== undefined)) {
      details.push({ type: 'object.missing', message: `"value" must contain at least one of [${this._or.join(', ')}]`, path: [], field: this._or[0] });
    }
    return details.length ? { value: out, error: mkError(details) } : { value: out };
  }
}

function mkError(details) {
  // "one item per invalid field": keep the first failure of each path
  const seen = new Set();
  const kept = [];
  for (const d of details) {
    const f = d.field || d.path.join('.') || 'value';
    if (seen.has(f)) continue;
    seen.add(f);
    kept.push({ ...d, field: f });
  }
  return { name: 'ValidationError', isJoi: true, details: kept, message: kept.map((d) => d.message).join('. ') };
}

export const Joi = {
  string: () => new StringSchema(),
  number: () => new NumberSchema(),
  boolean: () => new BooleanSchema(),
  any: () => new AnySchema(),
  object: (keys) => new ObjectSchema(keys),
};
export { GUID_RE };
