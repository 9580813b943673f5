// A port of what DRF's JSONParser does: codecs reader + json.load(parse_constant=strict_constant)
// under CPython 3.13. Error texts follow CPython's C scanner, positions are counted in code points.

export class PyJSONError extends Error {}

const MAX_DEPTH = 990; // CPython's recursion limit (1000) minus the frames DRF itself uses

function cpIndex(s, utf16Index) {
  let n = 0;
  for (let i = 0; i < utf16Index && i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

function fail(msg, s, pos) {
  const cp = cpIndex(s, pos);
  const before = s.slice(0, pos);
  const lineno = (before.match(/\n/g) || []).length + 1;
  const last = before.lastIndexOf('\n');
  const colno = last === -1 ? cp + 1 : cp - cpIndex(s, last);
  throw new PyJSONError(`${msg}: line ${lineno} column ${colno} (char ${cp})`);
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUM_RE = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

// Numbers keep their source text so that Python's int/str conversions can be emulated.
export class PyNumber {
  constructor(text, isInt) { this.text = text; this.isInt = isInt; this.value = Number(text); }
}

class StopIteration { constructor(idx) { this.idx = idx; } }

export function pyJsonLoads(s) {
  if (s.charCodeAt(0) === 0xfeff) fail('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0);
  const skip = (i) => { while (i < s.length && WS.has(s[i])) i++; return i; };
  let depth = 0;

  function scanString(end) {
    // end is the index just after the opening quote
    const begin = end - 1;
    let out = '';
    for (;;) {
      let i = end;
      while (i < s.length) {
        const c = s.charCodeAt(i);
        if (c === 0x22 || c === 0x5c || c < 0x20) break;
        i++;
      }
      if (i >= s.length) fail('Unterminated string starting at', s, begin);
      out += s.slice(end, i);
      const c = s[i];
      if (c === '"') return [out, i + 1];
      if (c !== '\\') fail('Invalid control character at', s, i);
      i++;
      if (i >= s.length) fail('Unterminated string starting at', s, begin);
      const e = s[i];
      if (e !== 'u') {
        const map = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (!(e in map)) fail('Invalid \\escape', s, i - 1);
        out += map[e];
        end = i + 1;
        continue;
      }
      const readHex = (at) => {
        if (at + 4 >= s.length) fail('Invalid \\uXXXX escape', s, at - 1);
        const h = s.slice(at, at + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(h)) fail('Invalid \\uXXXX escape', s, at - 1);
        return parseInt(h, 16);
      };
      let u = readHex(i + 1);
      end = i + 5;
      if (u >= 0xd800 && u <= 0xdbff && s[end] === '\\' && s[end + 1] === 'u') {
        const lo = readHex(end + 2);
        if (lo >= 0xdc00 && lo <= 0xdfff) { out += String.fromCharCode(u, lo); end += 6; continue; }
      }
      out += String.fromCharCode(u);
    }
  }

  function scanOnce(idx) {
    if (idx >= s.length) throw new StopIteration(idx);
    const c = s[idx];
    if (c === '"') return scanString(idx + 1);
    if (c === '{') {
      if (++depth > MAX_DEPTH) throw new PyJSONError('maximum recursion depth exceeded while decoding a JSON object from a unicode string');
      const r = parseObject(idx + 1); depth--; return r;
    }
    if (c === '[') {
      if (++depth > MAX_DEPTH) throw new PyJSONError('maximum recursion depth exceeded while decoding a JSON array from a unicode string');
      const r = parseArray(idx + 1); depth--; return r;
    }
    if (c === 'n' && s.startsWith('null', idx)) return [null, idx + 4];
    if (c === 't' && s.startsWith('true', idx)) return [true, idx + 4];
    if (c === 'f' && s.startsWith('false', idx)) return [false, idx + 5];
    if (c === 'N' && s.startsWith('NaN', idx)) strictConstant('NaN');
    if (c === 'I' && s.startsWith('Infinity', idx)) strictConstant('Infinity');
    if (c === '-' && s.startsWith('-Infinity', idx)) strictConstant('-Infinity');
    NUM_RE.lastIndex = idx;
    const m = NUM_RE.exec(s);
    if (m && m.index === idx) {
      const isInt = !m[1] && !m[2];
      return [new PyNumber(m[0], isInt), idx + m[0].length];
    }
    throw new StopIteration(idx);
  }

  function valueAt(idx) {
    try { return scanOnce(idx); } catch (e) {
      if (e instanceof StopIteration) fail('Expecting value', s, e.idx);
      throw e;
    }
  }

  function parseObject(idx) {
    const obj = Object.create(null);
    const keys = [];
    idx = skip(idx);
    if (s[idx] === '}') return [wrapObj(obj, keys), idx + 1];
    for (;;) {
      if (idx >= s.length || s[idx] !== '"') fail('Expecting property name enclosed in double quotes', s, idx);
      let key;
      [key, idx] = scanString(idx + 1);
      idx = skip(idx);
      if (idx >= s.length || s[idx] !== ':') fail("Expecting ':' delimiter", s, idx);
      idx = skip(idx + 1);
      let val;
      [val, idx] = valueAt(idx);
      if (!(key in obj)) keys.push(key);
      obj[key] = val; // duplicate keys: the last one wins, as in a Python dict
      idx = skip(idx);
      if (idx < s.length && s[idx] === '}') return [wrapObj(obj, keys), idx + 1];
      if (idx >= s.length || s[idx] !== ',') fail("Expecting ',' delimiter", s, idx);
      const comma = idx;
      idx = skip(idx + 1);
      if (s[idx] === '}') fail('Illegal trailing comma before end of object', s, comma);
    }
  }

  function parseArray(idx) {
    const arr = [];
    idx = skip(idx);
    if (s[idx] === ']') return [arr, idx + 1];
    for (;;) {
      let val;
      [val, idx] = valueAt(idx);
      arr.push(val);
      idx = skip(idx);
      if (idx < s.length && s[idx] === ']') return [arr, idx + 1];
      if (idx >= s.length || s[idx] !== ',') fail("Expecting ',' delimiter", s, idx);
      const comma = idx;
      idx = skip(idx + 1);
      if (s[idx] === ']') fail('Illegal trailing comma before end of array', s, comma);
    }
  }

  let [val, end] = valueAt(skip(0));
  end = skip(end);
  if (end !== s.length) fail('Extra data', s, end);
  return val;
}

function wrapObj(obj, keys) {
  const out = {};
  for (const k of keys) Object.defineProperty(out, k, { value: obj[k], enumerable: true, writable: true, configurable: true });
  return out;
}

function strictConstant(name) {
  throw new PyJSONError(`Out of range float values are not permitted in JSON: '${name}'`);
}

// Python's type() name of a decoded JSON value, for DRF's "Expected a dictionary, but got X."
export function pyTypeName(v) {
  if (v === null) return 'NoneType';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof PyNumber) return v.isInt ? 'int' : 'float';
  return 'dict';
}

// str() of a Python int or float decoded from JSON.
export function pyStr(n) {
  if (n.isInt) {
    const b = BigInt(n.text);
    return b.toString();
  }
  const v = n.value;
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  const [mant, expS] = v.toExponential().split('e');
  const exp = Number(expS);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  let body;
  if (exp < -4 || exp >= 16) {
    body = digits[0] + (digits.length > 1 ? '.' + digits.slice(1) : '') + 'e' + (exp < 0 ? '-' : '+') + String(Math.abs(exp)).padStart(2, '0');
  } else if (exp < 0) {
    body = '0.' + '0'.repeat(-exp - 1) + digits;
  } else {
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    const frac = digits.slice(exp + 1);
    body = intPart + '.' + (frac || '0');
  }
  return (neg ? '-' : '') + body;
}

// Decode request bytes the way codecs.getreader(encoding) would (strict errors).
export function decodeBody(buf, charset) {
  const cs = (charset || 'utf-8').toLowerCase().replace(/_/g, '-');
  if (['latin-1', 'latin1', 'iso-8859-1', 'iso8859-1', 'l1'].includes(cs)) return buf.toString('latin1');
  if (cs === 'ascii' || cs === 'us-ascii') {
    for (let i = 0; i < buf.length; i++) if (buf[i] > 127) {
      throw new PyJSONError(`'ascii' codec can't decode byte 0x${buf[i].toString(16).padStart(2, '0')} in position ${i}: ordinal not in range(128)`);
    }
    return buf.toString('latin1');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf);
  } catch {
    const [pos, reason] = firstBadUtf8(buf);
    throw new PyJSONError(`'utf-8' codec can't decode byte 0x${(buf[pos] ?? 0).toString(16).padStart(2, '0')} in position ${pos}: ${reason}`);
  }
}

function firstBadUtf8(b) {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    let n = 0, min = 0;
    if (c < 0x80) { i++; continue; }
    if (c >= 0xc2 && c <= 0xdf) { n = 1; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { n = 2; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 3; min = 0x10000; }
    else return [i, 'invalid start byte'];
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      if (i + k >= b.length) return [i, 'unexpected end of data'];
      const d = b[i + k];
      if ((d & 0xc0) !== 0x80) return [i, 'invalid continuation byte'];
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return [i, 'invalid continuation byte'];
    i += n + 1;
  }
  return [0, 'invalid start byte'];
}
