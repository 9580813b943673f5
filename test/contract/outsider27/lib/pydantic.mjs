// A small port of the parts of Pydantic v2 (lax mode, pydantic-core error texts) and of FastAPI's
// exceptions that the service uses. Validators have the shape (value, loc, errors) => value; on failure
// they push {loc, msg, type} and return undefined.

export class RequestValidationError extends Error {
  constructor(errors) { super('request validation'); this.errors = errors; }
}
export class HTTPException extends Error {
  constructor(status, detail, headers = {}) { super(detail); this.status = status; this.detail = detail; this.headers = headers; }
}

/** Python float marker, so that 1 is written as 1.0 like json.dumps does. */
export class PyFloat { constructor(v) { this.v = v; } }

const fail = (errs, loc, type, msg) => { errs.push({ loc, type, msg }); return undefined; };
const chars = (s) => [...s].length; // Python len(): code points
const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;

export function str({ min, max, pattern } = {}) {
  const re = pattern ? new RegExp(pattern, 'u') : null;
  return (v, loc, errs) => {
    if (typeof v !== 'string') return fail(errs, loc, 'string_type', 'Input should be a valid string');
    const n = chars(v);
    if (min != null && n < min) return fail(errs, loc, 'string_too_short', `String should have at least ${plural(min, 'character')}`);
    if (max != null && n > max) return fail(errs, loc, 'string_too_long', `String should have at most ${plural(max, 'character')}`);
    if (re && !re.test(v)) return fail(errs, loc, 'string_pattern_mismatch', `String should match pattern '${pattern}'`);
    return v;
  };
}

// ---- UUID: pydantic-core hands the string to the Rust `uuid` crate (Uuid::parse_str) ----
const HEXRE = /^[0-9a-fA-F]+$/;
function hyphenated(s) {
  if (s.length !== 36 || s[8] !== '-' || s[13] !== '-' || s[18] !== '-' || s[23] !== '-') return null;
  const h = s.slice(0, 8) + s.slice(9, 13) + s.slice(14, 18) + s.slice(19, 23) + s.slice(24);
  return HEXRE.test(h) ? h : null;
}
function uuidError(s) {
  let inner = s, offset = 0, simple = true;
  if (s.length >= 2 && s[0] === '{' && s[s.length - 1] === '}') { inner = s.slice(1, -1); offset = 1; simple = false; }
  else if (s.startsWith('urn:uuid:')) { inner = s.slice(9); offset = 9; simple = false; }
  const buf = Buffer.from(inner, 'utf8');
  let hyphens = 0; const bounds = [0, 0, 0, 0]; let byteIdx = 0;
  for (const ch of inner) {
    const code = ch.codePointAt(0);
    if (code > 127) return `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${ch}\` at ${byteIdx + offset + 1}`;
    if (ch === '-') { if (hyphens < 4) bounds[hyphens] = byteIdx; hyphens++; }
    else if (!/[0-9a-fA-F]/.test(ch)) return `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${ch}\` at ${byteIdx + offset + 1}`;
    byteIdx += Buffer.byteLength(ch);
  }
  if (hyphens === 0 && simple) return `invalid length: expected length 32 for simple format, found ${buf.length}`;
  if (hyphens !== 4) return `invalid group count: expected 5, found ${hyphens + 1}`;
  const starts = [0, 9, 14, 19, 24], expected = [8, 4, 4, 4, 12];
  for (let i = 0; i < 4; i++) if (bounds[i] !== starts[i + 1] - 1) return `invalid group length in group ${i}: expected ${expected[i]}, found ${bounds[i] - starts[i]}`;
  return `invalid group length in group 4: expected 12, found ${buf.length - starts[4]}`;
}
/** Returns the canonical lower-case hyphenated form, or {error}. Accepts the four forms the uuid crate accepts. */
export function parseUuid(s) {
  let hex = null;
  const n = Buffer.byteLength(s);
  if (n === 32 && HEXRE.test(s)) hex = s;
  else if (n === 36) hex = hyphenated(s);
  else if (n === 38 && s[0] === '{' && s[37] === '}') hex = hyphenated(s.slice(1, 37));
  else if (n === 45 && s.startsWith('urn:uuid:')) hex = hyphenated(s.slice(9));
  if (!hex) return { error: uuidError(s) };
  hex = hex.toLowerCase();
  return { value: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}
export const isUuidLike = (s) => typeof s === 'string' && !parseUuid(s).error;
export function uuid() {
  return (v, loc, errs) => {
    if (typeof v !== 'string') return fail(errs, loc, 'uuid_type', 'UUID input should be a string, bytes or UUID object');
    const r = parseUuid(v);
    if (r.error) return fail(errs, loc, 'uuid_parsing', `Input should be a valid UUID, ${r.error}`);
    // A field's UUID is the hyphenated form alone (an AfterValidator on the models' UUID fields):
    // both documents declare them `format: uuid`, which the crate's simple, braced and urn forms are
    // not; taking those broke the format (the contract suite's near misses caught it). Paths stay forgiving (asId).
    if (Buffer.byteLength(v) !== 36) return fail(errs, loc, 'uuid_parsing', 'Input should be a valid UUID, expected the hyphenated form of 36 characters');
    return r.value;
  };
}

// ---- HttpUrl: pydantic-core uses the WHATWG-conformant Rust `url` crate, as node:url does ----
function urlParseError(s) {
  if (!/^[A-Za-z][A-Za-z0-9+.\-]*:/.test(s.trim())) return 'relative URL without a base';
  const m = /^[A-Za-z][A-Za-z0-9+.\-]*:\/*([^/?#]*)/.exec(s.trim());
  const auth = m ? m[1] : '';
  const hostport = auth.includes('@') ? auth.slice(auth.lastIndexOf('@') + 1) : auth;
  if (hostport === '' || hostport.startsWith(':')) return 'empty host';
  if (hostport.startsWith('[')) return 'invalid IPv6 address';
  const port = /:([^:\]]*)$/.exec(hostport);
  if (port && !/^\d{0,5}$/.test(port[1])) return 'invalid port number';
  if (port && Number(port[1]) > 65535) return 'invalid port number';
  return 'invalid domain character';
}
export function httpUrl() {
  return (v, loc, errs) => {
    if (typeof v !== 'string') return fail(errs, loc, 'url_type', 'URL input should be a string or URL');
    if (v === '') return fail(errs, loc, 'url_parsing', 'Input should be a valid URL, input is empty');
    if (chars(v) > 2083) return fail(errs, loc, 'url_too_long', 'URL should have at most 2083 characters');
    let u;
    try { u = new URL(v); } catch { return fail(errs, loc, 'url_parsing', `Input should be a valid URL, ${urlParseError(v)}`); }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return fail(errs, loc, 'url_scheme', "URL scheme should be 'http' or 'https'");
    if (!u.hostname) return fail(errs, loc, 'url_parsing', 'Input should be a valid URL, empty host');
    // The documents type these "string (uri)": a URI is ASCII (RFC 3986), so an IDN host or an unencoded letter (an IRI) is refused, as a custom AfterValidator would.
    if (/[^\x00-\x7f]/.test(v)) return fail(errs, loc, 'url_parsing', 'Input should be a valid URL, invalid domain character');
    return u.href; // str(HttpUrl): normalised, a bare origin gains its trailing "/"
  };
}

export const nullable = (t) => (v, loc, errs) => (v === null ? null : t(v, loc, errs));

export function strictBool() {
  return (v, loc, errs) => (typeof v === 'boolean' ? v : fail(errs, loc, 'bool_type', 'Input should be a valid boolean'));
}
/** Lax int from a query string: str.strip(), an all-zero fraction is dropped, Rust i64 parsing. */
export function laxInt({ ge, le } = {}) {
  return (v, loc, errs) => {
    let s = String(v).replace(/^[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g, '');
    if (s.length > 4300) return fail(errs, loc, 'int_parsing_size', 'Unable to parse input string as an integer, exceeded maximum size');
    const z = /^([+-]?\d+)\.0*$/.exec(s); if (z) s = z[1];
    if (!/^[+-]?\d+$/.test(s)) return fail(errs, loc, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
    const n = Number(s);
    if (ge != null && n < ge) return fail(errs, loc, 'greater_than_equal', `Input should be greater than or equal to ${ge}`);
    if (le != null && n > le) return fail(errs, loc, 'less_than_equal', `Input should be less than or equal to ${le}`);
    return n;
  };
}
export function literal(...vals) {
  const q = vals.map((x) => `'${x}'`);
  const expected = q.length === 1 ? q[0] : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
  return (v, loc, errs) => (vals.includes(v) ? v : fail(errs, loc, 'literal_error', `Input should be ${expected}`));
}

/**
 * BaseModel with model_config = ConfigDict(extra='ignore'). fields: { name: { type, required, default, refuse } }.
 * Returns { values, fieldsSet } (fieldsSet = model_fields_set) or undefined.
 */
export function model(fields) {
  return (v, loc, errs) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || Buffer.isBuffer(v)) {
      return fail(errs, loc, 'model_attributes_type', 'Input should be a valid dictionary or object to extract fields from');
    }
    const before = errs.length; const values = {}; const fieldsSet = new Set();
    for (const [name, f] of Object.entries(fields)) {
      const here = [...loc, name];
      if (!Object.prototype.hasOwnProperty.call(v, name)) {
        if (f.required) fail(errs, here, 'missing', 'Field required');
        else values[name] = f.default; // defaults are not validated (validate_default=False)
        continue;
      }
      fieldsSet.add(name);
      if (f.refuse) { fail(errs, here, 'value_error', `Value error, ${f.refuse}`); continue; }
      values[name] = f.type(v[name], here, errs);
    }
    return errs.length === before ? { values, fieldsSet } : undefined;
  };
}
