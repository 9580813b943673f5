// A port of the parts of Ruby's `json` gem parser (as used by ActiveSupport::JSON.decode) that an API
// sees: any JSON value at the top level, /* */ and // comments count as white space, the last of
// duplicate keys wins, NaN/Infinity are refused, nesting deeper than 100 is refused (max_nesting),
// raw control characters inside strings are refused. Errors read like the gem's:
// "unexpected token at '<rest of the input>'".
export class ParserError extends Error {}

const MAX_NESTING = 100;

export function parseJson(text) {
  let i = 0;
  const n = text.length;
  const fail = (at = i) => {
    const rest = text.slice(at, at + 40);
    throw new ParserError(rest.length ? `unexpected token at '${rest}'` : 'unexpected end of input');
  };
  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) { i++; continue; }
      if (c === 47 /* / */) {
        if (text[i + 1] === '*') {
          const end = text.indexOf('*/', i + 2);
          if (end < 0) fail();
          i = end + 2; continue;
        }
        if (text[i + 1] === '/') {
          const end = text.indexOf('\n', i + 2);
          i = end < 0 ? n : end + 1; continue;
        }
        fail();
      }
      return;
    }
  };
  const value = (depth) => {
    skip();
    if (i >= n) fail();
    const c = text[i];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    if (text.startsWith('true', i)) { i += 4; return true; }
    if (text.startsWith('false', i)) { i += 5; return false; }
    if (text.startsWith('null', i)) { i += 4; return null; }
    fail();
  };
  const object = (depth) => {
    if (depth > MAX_NESTING) throw new ParserError(`nesting of ${depth} is too deep`);
    const start = i;
    i++;
    const out = Object.create(null);
    skip();
    if (text[i] === '}') { i++; return out; }
    for (;;) {
      skip();
      if (text[i] !== '"') fail(i < n ? i : start);
      const k = string();
      skip();
      if (text[i] !== ':') fail();
      i++;
      out[k] = value(depth);
      skip();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') { i++; return out; }
      fail(i < n ? i : start);
    }
  };
  const array = (depth) => {
    if (depth > MAX_NESTING) throw new ParserError(`nesting of ${depth} is too deep`);
    const start = i;
    i++;
    const out = [];
    skip();
    if (text[i] === ']') { i++; return out; }
    for (;;) {
      out.push(value(depth));
      skip();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') { i++; return out; }
      fail(i < n ? i : start);
    }
  };
  const string = () => {
    const start = i;
    i++;
    let out = '';
    for (;;) {
      if (i >= n) fail(start);
      const c = text.charCodeAt(i);
      if (c === 34) { i++; return out; }
      if (c < 32) fail(start);
      if (c === 92) {
        const e = text[i + 1];
        const map = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in map) { out += map[e]; i += 2; continue; }
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(start);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6; continue;
        }
        fail(start);
      }
      out += text[i];
      i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '-') fail();
    i += m[0].length;
    const v = Number(m[0]);
    if (!Number.isFinite(v)) fail(i - m[0].length);
    return v;
  };
  const v = value(0);
  skip();
  if (i < n) fail();
  return v;
}
