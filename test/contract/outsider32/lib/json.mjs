// Strict RFC 8259 JSON parser (the "jawn" of this port): refuses duplicate keys,
// a byte-order mark, trailing garbage and nesting deeper than MAX_DEPTH.
const MAX_DEPTH = 32;

export class JsonSyntaxError extends Error {}

export function parseStrictJson(text) {
  let i = 0;
  const n = text.length;
  const fail = (msg) => { throw new JsonSyntaxError(`${msg} at offset ${i}`); };
  const ws = () => { while (i < n) { const c = text.charCodeAt(i); if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++; else break; } };
  const value = (depth) => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    ws();
    if (i >= n) fail('unexpected end of input');
    const c = text[i];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === 't') return lit('true', true);
    if (c === 'f') return lit('false', false);
    if (c === 'n') return lit('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    fail(`unexpected character '${c}'`);
  };
  const lit = (word, v) => { if (text.startsWith(word, i)) { i += word.length; return v; } fail('invalid literal'); };
  const number = () => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m) fail('invalid number');
    i += m[0].length;
    const v = Number(m[0]);
    if (!Number.isFinite(v)) fail('number out of range');
    return v;
  };
  const string = () => {
    i++; let out = '';
    let start = i;
    for (;;) {
      if (i >= n) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { out += text.slice(start, i); i++; return out; }
      if (c < 0x20) fail('control character in string');
      if (c === 0x5c) {
        out += text.slice(start, i); i++;
        const e = text[i];
        if (e === '"' || e === '\\' || e === '/') out += e;
        else if (e === 'b') out += '\b'; else if (e === 'f') out += '\f';
        else if (e === 'n') out += '\n'; else if (e === 'r') out += '\r'; else if (e === 't') out += '\t';
        else if (e === 'u') { const h = text.slice(i + 1, i + 5); if (!/^[0-9a-fA-F]{4}$/.test(h)) fail('invalid unicode escape'); out += String.fromCharCode(parseInt(h, 16)); i += 4; }
        else fail('invalid escape');
        i++; start = i; continue;
      }
      i++;
    }
  };
  const array = (depth) => {
    i++; const arr = []; ws();
    if (text[i] === ']') { i++; return arr; }
    for (;;) {
      arr.push(value(depth)); ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') { i++; return arr; }
      fail("expected ',' or ']'");
    }
  };
  const object = (depth) => {
    i++; const obj = Object.create(null); const keys = []; ws();
    if (text[i] === '}') { i++; return { __obj: obj, __keys: keys }; }
    for (;;) {
      ws(); if (text[i] !== '"') fail('expected object key');
      const k = string(); ws();
      if (text[i] !== ':') fail("expected ':'"); i++;
      const v = value(depth);
      if (Object.prototype.hasOwnProperty.call(obj, k)) fail(`duplicate key '${k}'`);
      obj[k] = v; keys.push(k); ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') { i++; return { __obj: obj, __keys: keys }; }
      fail("expected ',' or '}'");
    }
  };
  if (text.charCodeAt(0) === 0xfeff) fail('byte order mark not allowed');
  const v = value(0); ws();
  if (i !== n) fail('trailing characters after JSON value');
  return v;
}

// Objects come back as {__obj, __keys} so key order and absence are exact.
export const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && '__obj' in v;
export function render(v) {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(render).join(',') + ']';
  if (isObj(v)) return '{' + v.__keys.map((k) => JSON.stringify(k) + ':' + render(v.__obj[k])).join(',') + '}';
  return JSON.stringify(v);
}
