// A small port of the parts of Zod 3 this service uses, keeping Zod's own issue texts.
// safeParse(v) -> { success: true, data } | { success: false, error: { issues: [{ code, path, message, keys? }] } }

const UUID_RE = /^[0-9a-fA-F]{8}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{12}$/i;

export function typeOf(v) {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isNaN(v) ? 'nan' : 'number';
  return typeof v;
}

class Ctx {
  constructor() { this.issues = []; }
  add(path, code, message, extra = {}) { this.issues.push({ code, path, message, ...extra }); }
}
const INVALID = Symbol('invalid');

class ZodType {
  constructor() { this._checks = []; this._refines = []; }
  _clone(patch) { const c = Object.create(Object.getPrototypeOf(this)); Object.assign(c, this, patch); c._checks = [...this._checks]; c._refines = [...this._refines]; return c; }
  optional() { return new ZodOptional(this); }
  nullable() { return new ZodNullable(this); }
  default(v) { return new ZodDefault(this, v); }
  refine(fn, message) { const c = this._clone(); c._refines.push({ fn, message }); return c; }
  superRefine(fn) { const c = this._clone(); c._refines.push({ fn, sup: true }); return c; }
  transform(fn) { return new ZodTransform(this, fn); }
  _run(v, path, ctx) {
    const before = ctx.issues.length;
    const out = this._parse(v, path, ctx);
    if (out === INVALID) return INVALID;
    if (ctx.issues.length === before) {
      for (const r of this._refines) {
        if (r.sup) r.fn(out, { addIssue: (i) => ctx.add([...path, ...(i.path || [])], i.code || 'custom', i.message) });
        else if (!r.fn(out)) ctx.add(path, 'custom', r.message || 'Invalid input');
      }
    }
    return out;
  }
  safeParse(v) {
    const ctx = new Ctx();
    const out = this._run(v, [], ctx);
    if (ctx.issues.length) return { success: false, error: { issues: ctx.issues } };
    return { success: true, data: out };
  }
}

function typeIssue(ctx, path, expected, v) {
  const received = typeOf(v);
  ctx.add(path, 'invalid_type', received === 'undefined' ? 'Required' : `Expected ${expected}, received ${received}`, { expected, received });
}

class ZodString extends ZodType {
  min(n, message) { return this._check({ kind: 'min', n, message }); }
  max(n, message) { return this._check({ kind: 'max', n, message }); }
  trim() { return this._check({ kind: 'trim' }); }
  toLowerCase() { return this._check({ kind: 'lower' }); }
  uuid(message) { return this._check({ kind: 'uuid', message }); }
  url(message) { return this._check({ kind: 'url', message }); }
  regex(re, message) { return this._check({ kind: 'regex', re, message }); }
  _check(c) { const x = this._clone(); x._checks.push(c); return x; }
  _parse(v, path, ctx) {
    if (typeof v !== 'string') { typeIssue(ctx, path, 'string', v); return INVALID; }
    let s = v;
    for (const c of this._checks) {
      switch (c.kind) {
        case 'trim': s = s.trim(); break;
        case 'lower': s = s.toLowerCase(); break;
        case 'min': if (s.length < c.n) ctx.add(path, 'too_small', c.message || `String must contain at least ${c.n} character(s)`); break;
        case 'max': if (s.length > c.n) ctx.add(path, 'too_big', c.message || `String must contain at most ${c.n} character(s)`); break;
        case 'uuid': if (!UUID_RE.test(s)) ctx.add(path, 'invalid_string', c.message || 'Invalid uuid'); break;
        // A URL is ASCII (RFC 3986, the documents' format: uri): an IRI that new URL() would punycode is refused.
        case 'url': try { if (/[^\x00-\x7f]/.test(s)) throw new Error('iri'); new URL(s); } catch { ctx.add(path, 'invalid_string', c.message || 'Invalid url'); } break;
        case 'regex': c.re.lastIndex = 0; if (!c.re.test(s)) ctx.add(path, 'invalid_string', c.message || 'Invalid'); break;
      }
    }
    return s;
  }
}

class ZodNumber extends ZodType {
  constructor(coerce) { super(); this._coerce = coerce; }
  int() { const x = this._clone(); x._checks.push({ kind: 'int' }); return x; }
  min(n) { const x = this._clone(); x._checks.push({ kind: 'min', n }); return x; }
  max(n) { const x = this._clone(); x._checks.push({ kind: 'max', n }); return x; }
  _parse(v, path, ctx) {
    if (this._coerce) v = Number(v);
    if (typeof v !== 'number' || Number.isNaN(v)) { typeIssue(ctx, path, 'number', v); return INVALID; }
    for (const c of this._checks) {
      if (c.kind === 'int' && !Number.isInteger(v)) ctx.add(path, 'invalid_type', 'Expected integer, received float');
      if (c.kind === 'min' && v < c.n) ctx.add(path, 'too_small', `Number must be greater than or equal to ${c.n}`);
      if (c.kind === 'max' && v > c.n) ctx.add(path, 'too_big', `Number must be less than or equal to ${c.n}`);
    }
    return v;
  }
}

class ZodBoolean extends ZodType {
  _parse(v, path, ctx) { if (typeof v !== 'boolean') { typeIssue(ctx, path, 'boolean', v); return INVALID; } return v; }
}

class ZodEnum extends ZodType {
  constructor(values) { super(); this.options = values; }
  _parse(v, path, ctx) {
    if (typeof v !== 'string') { typeIssue(ctx, path, this.options.map((o) => `'${o}'`).join(' | '), v); return INVALID; }
    if (!this.options.includes(v)) {
      ctx.add(path, 'invalid_enum_value', `Invalid enum value. Expected ${this.options.map((o) => `'${o}'`).join(' | ')}, received '${v}'`);
      return INVALID;
    }
    return v;
  }
}

class ZodObject extends ZodType {
  constructor(shape, mode = 'strip') { super(); this.shape = shape; this.mode = mode; }
  strict() { return this._clone({ mode: 'strict' }); }
  passthrough() { return this._clone({ mode: 'passthrough' }); }
  _parse(v, path, ctx) {
    if (typeOf(v) !== 'object') { typeIssue(ctx, path, 'object', v); return INVALID; }
    const out = {};
    for (const [k, schema] of Object.entries(this.shape)) {
      const r = schema._run(Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined, [...path, k], ctx);
      if (r !== INVALID && r !== undefined) out[k] = r;
    }
    const extra = Object.keys(v).filter((k) => !(k in this.shape));
    if (extra.length && this.mode === 'strict') {
      ctx.add(path, 'unrecognized_keys', `Unrecognized key(s) in object: ${extra.map((k) => `'${k}'`).join(', ')}`, { keys: extra });
    } else if (this.mode === 'passthrough') {
      for (const k of extra) out[k] = v[k];
    }
    return out;
  }
}

class ZodOptional extends ZodType {
  constructor(inner) { super(); this.inner = inner; }
  _parse(v, path, ctx) { return v === undefined ? undefined : this.inner._run(v, path, ctx); }
}
class ZodNullable extends ZodType {
  constructor(inner) { super(); this.inner = inner; }
  _parse(v, path, ctx) { return v === null ? null : this.inner._run(v, path, ctx); }
}
class ZodDefault extends ZodType {
  constructor(inner, d) { super(); this.inner = inner; this.d = d; }
  _parse(v, path, ctx) { return this.inner._run(v === undefined ? this.d : v, path, ctx); }
}
class ZodTransform extends ZodType {
  constructor(inner, fn) { super(); this.inner = inner; this.fn = fn; }
  _parse(v, path, ctx) {
    const before = ctx.issues.length;
    const r = this.inner._run(v, path, ctx);
    if (r === INVALID || ctx.issues.length !== before) return r;
    return this.fn(r, { addIssue: (i) => ctx.add([...path, ...(i.path || [])], i.code || 'custom', i.message) });
  }
}

export const z = {
  string: () => new ZodString(),
  number: () => new ZodNumber(false),
  boolean: () => new ZodBoolean(),
  enum: (values) => new ZodEnum(values),
  object: (shape) => new ZodObject(shape),
  coerce: { number: () => new ZodNumber(true) },
};
export const isUuid = (s) => typeof s === 'string' && UUID_RE.test(s);
