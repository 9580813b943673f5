// A small port of DRF's serializer fields: the same parsing rules and the same English messages.
import { PyNumber, pyStr, pyTypeName } from './pyjson.mjs';
import { ValidationError, NON_FIELD_ERRORS_KEY } from './errors.mjs';

export class FieldError extends Error {}
export const SKIP = Symbol('skip');
const fail = (m) => { throw new FieldError(m); };
const cpLen = (s) => [...s].length;

// Python's str.strip() with no argument strips Unicode whitespace.
const PY_WS = /^[\s\u001c-\u001f\u0085]+|[\s\u001c-\u001f\u0085]+$/gu;
export const pyStrip = (s) => s.replace(PY_WS, '');

class Field {
  constructor(o = {}) {
    this.required = o.required ?? (o.default === undefined);
    this.default = o.default;
    this.allowNull = !!o.allowNull;
    this.source = o.source;
    this.validators = o.validators || [];
    // DRF's html-input rule: an empty optional query value counts as absent (enum fields opt out)
    this.emptyIsAbsent = o.emptyIsAbsent ?? true;
  }
  // DRF Field.get_value for html (QueryDict) input: an empty optional value counts as absent
  getValue(data, name, isQuery) {
    if (!(isQuery ? name in data : Object.hasOwn(data, name))) return SKIP;
    let v = data[name];
    if (isQuery) {
      v = v[v.length - 1]; // QueryDict.__getitem__ returns the LAST value
      if (v === '' && this.allowNull) return null;
      if (v === '' && !this.required && this.emptyIsAbsent) return SKIP;
    }
    return v;
  }
  run(v) {
    if (v === null) {
      if (!this.allowNull) fail('This field may not be null.');
      return null;
    }
    const out = this.toInternal(v);
    for (const val of this.validators) val(out);
    return out;
  }
}

export class CharField extends Field {
  constructor(o = {}) {
    super(o);
    this.allowBlank = !!o.allowBlank; this.trim = o.trim ?? true;
    this.maxLength = o.maxLength; this.minLength = o.minLength;
  }
  toInternal(v) {
    // strict: the OpenAPI types these fields "string", so JSON numbers are refused like booleans
    if (typeof v !== 'string') fail('Not a valid string.');
    let s = v;
    if (s === '' || (this.trim && pyStrip(s) === '')) {
      if (!this.allowBlank) fail('This field may not be blank.');
      return '';
    }
    if (this.trim) s = pyStrip(s);
    if (this.maxLength !== undefined && cpLen(s) > this.maxLength) fail(`Ensure this field has no more than ${this.maxLength} characters.`);
    if (this.minLength !== undefined && cpLen(s) < this.minLength) fail(`Ensure this field has at least ${this.minLength} characters.`);
    if (s.includes('\u0000')) fail('Null characters are not allowed.');
    const sur = s.match(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    if (sur) fail(`Surrogate characters are not allowed: U+${sur[0].charCodeAt(0).toString(16).toUpperCase()}.`);
    return s;
  }
}

// django.core.validators.URLValidator (schemes http, https, ftp, ftps), as DRF's URLField uses it,
// narrowed to RFC 3986: ASCII hosts only (IDNs must be sent as "xn--" labels), and only the URI
// character set (unreserved, reserved, "%" + two hex digits) anywhere in the value.
const HOST = '(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)' +
  '(?:\\.(?!-)[a-z0-9-]{1,63}(?<!-))*\\.(?!-)(?:[a-z-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost)';
const RFC3986_CHARS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const IPV4 = '(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)(?:\\.(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)){3}';
const URL_RE = new RegExp('^(?:[a-z0-9.+-]*)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:' + IPV4 + '|\\[[0-9a-f:.]+\\]|' + HOST + ')(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$', 'i');
export function validUrl(s) {
  if (cpLen(s) > 2048) return false;
  const scheme = s.split('://')[0].toLowerCase();
  if (!['http', 'https', 'ftp', 'ftps'].includes(scheme)) return false;
  if (/[\r\n\t]/.test(s)) return false;
  if (!RFC3986_CHARS.test(s)) return false; // a URI has no non-ASCII characters (https://exämple.com)
  return URL_RE.test(s);
}
export class URLField extends CharField {
  constructor(o = {}) { super({ maxLength: 200, ...o }); }
  toInternal(v) {
    const s = super.toInternal(v);
    if (s !== '' && !validUrl(s)) fail('Enter a valid URL.');
    return s;
  }
}

// uuid.UUID(hex=...) accepts braces, "urn:uuid:", missing hyphens and any letter case. Only strings:
// the OpenAPI types these fields "string", so a JSON integer is not a UUID (unlike DRF's UUIDField).
export function parsePyUuid(v) {
  if (typeof v !== 'string') return null;
  let h = v.replaceAll('urn:', '').replaceAll('uuid:', '');
  h = h.replace(/^[{}]+|[{}]+$/g, '').replaceAll('-', '');
  if (!/^[0-9a-fA-F]{32}$/.test(h)) return null;
  return fmtUuid(h.toLowerCase());
}
const fmtUuid = (h) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

export class UUIDField extends Field {
  toInternal(v) {
    const u = parsePyUuid(v);
    if (!u) fail('Must be a valid UUID.');
    return u;
  }
}

// PrimaryKeyRelatedField(pk_field=UUIDField(), queryset=...)
export class PrimaryKeyRelatedField extends UUIDField {
  constructor(o) { super(o); this.lookup = o.lookup; }
  toInternal(v) {
    const u = super.toInternal(v);
    const obj = this.lookup(u);
    if (!obj) fail(`Invalid pk "${u}" - object does not exist.`);
    return obj;
  }
}

// Strict boolean for JSON bodies: the OpenAPI types these fields "boolean", so only JSON true/false
// are taken; DRF's loose spellings ("yes", "on", "true", 1, 0 ...) are refused like any other value.
export class BooleanField extends Field {
  run(v) {
    if (v === null && !this.allowNull) fail('Must be a valid boolean.'); // null is not a boolean either
    return super.run(v);
  }
  toInternal(v) {
    if (v === true || v === false) return v;
    fail('Must be a valid boolean.');
  }
}

// IntegerField: int(re.sub(r'\.0*\s*$', '', str(data))) — so "20.0", " 7 ", "+5" and "1_0" are integers.
export class IntegerField extends Field {
  constructor(o = {}) { super(o); this.min = o.min; this.max = o.max; }
  toInternal(v) {
    let s;
    if (v instanceof PyNumber) {
      if (!v.isInt && !Number.isInteger(v.value)) fail('A valid integer is required.');
      s = v.isInt ? v.text : String(v.value);
    } else if (typeof v === 'string') s = v; else fail('A valid integer is required.');
    if (s.length > 1000) fail('String value too large.');
    s = s.replace(/\.0*\s*$/u, '');
    const t = pyStrip(s);
    // Python int(): optional sign, digits with single underscores between them (Unicode digits too)
    const m = /^[+-]?\p{Nd}+(?:_\p{Nd}+)*$/u.exec(t);
    if (!m) fail('A valid integer is required.');
    const digits = t.replace(/_/g, '').replace(/\p{Nd}/gu, (d) => String(digitValue(d)));
    const n = Number(digits);
    if (this.max !== undefined && n > this.max) fail(`Ensure this value is less than or equal to ${this.max}.`);
    if (this.min !== undefined && n < this.min) fail(`Ensure this value is greater than or equal to ${this.min}.`);
    return n;
  }
}
function digitValue(d) {
  // Unicode decimal digits come in aligned runs of ten, each starting at zero
  const cp = d.codePointAt(0);
  let start = cp;
  while (start > cp - 60 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

// Enum query parameters take exactly the declared values: no other spellings, and an empty value is
// not "absent" but an invalid choice.
export class ChoiceField extends Field {
  constructor(o) { super({ emptyIsAbsent: false, ...o }); this.choices = o.choices; }
  toInternal(v) {
    const key = typeof v === 'string' ? v : (v instanceof PyNumber ? pyStr(v) : String(v));
    if (!this.choices.includes(key)) fail(`"${key}" is not a valid choice.`);
    return key;
  }
}
// enum "true" | "false" query parameters (includeOffline, skipValidation)
export class BooleanChoiceField extends ChoiceField {
  constructor(o = {}) { super({ ...o, choices: ['true', 'false'] }); }
  toInternal(v) { return super.toInternal(v) === 'true'; }
}
// A field the body must not carry at all (e.g. defaultLocale in Update Site): any value is refused.
export class RefusedField extends Field {
  constructor(message, o = {}) { super({ required: false, ...o }); this.message = message; }
  run() { fail(this.message); }
}

// Serializer.is_valid(raise_exception=True) over a dict of fields; returns the validated data.
export function validate(fields, data, { partial = false, isQuery = false } = {}) {
  if (data === null || data === undefined) throw ValidationError({ [NON_FIELD_ERRORS_KEY]: 'No data provided' });
  if (!isQuery && (typeof data !== 'object' || Array.isArray(data) || data instanceof PyNumber)) {
    throw ValidationError({ [NON_FIELD_ERRORS_KEY]: `Invalid data. Expected a dictionary, but got ${pyTypeName(data)}.` });
  }
  const out = {};
  const errors = {};
  for (const [name, f] of Object.entries(fields)) {
    let v = f.getValue(data, name, isQuery);
    if (v === SKIP) {
      if (partial) continue;
      if (f.required) { errors[name] = 'This field is required.'; continue; }
      if (f.default !== undefined) out[name] = typeof f.default === 'function' ? f.default() : f.default;
      continue;
    }
    try { out[name] = f.run(v); } catch (e) {
      if (e instanceof FieldError) errors[name] = e.message; else throw e;
    }
  }
  if (Object.keys(errors).length) throw ValidationError(errors);
  return out;
}

export function regexValidator(re, message) {
  return (v) => { if (v !== null && v !== '' && !re.test(v)) fail(message); };
}
export { fail as fieldFail };
