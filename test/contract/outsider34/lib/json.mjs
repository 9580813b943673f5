// Strict RFC 8259 JSON reader, modelled on kotlinx.serialization's strict Json
// (isLenient = false, allowSpecialFloatingPointValues = false) plus two refusals
// a Kotlin team adds on top: duplicate object keys and unpaired surrogates.
// Objects are built with a null prototype so "__proto__" is just another key.

export class JsonSyntaxError extends Error {
  constructor(message, position) {
    super(`${message} at offset ${position}`);
    this.position = position;
  }
}

const MAX_DEPTH = 32;

export function parseStrictJson(text) {
  let i = 0;
  const n = text.length;
  const fail = (msg) => { throw new JsonSyntaxError(msg, i); };
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  const value = (depth) => {
    if (depth > MAX_DEPTH) fail('JSON nested too deeply');
    ws();
    if (i >= n) fail('Unexpected end of JSON input');
    const c = text[i];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    fail(`Unexpected character '${printable(c)}'`);
  };
  const literal = (word, v) => {
    if (text.startsWith(word, i)) { i += word.length; return v; }
    fail('Invalid literal');
  };
  const number = () => {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m) fail('Invalid number');
    i += m[0].length;
    const v = Number(m[0]);
    if (!Number.isFinite(v)) fail('Number out of range');
    return v;
  };
  const string = () => {
    i++; // opening quote
    let out = '';
    let start = i;
    while (true) {
      if (i >= n) fail('Unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { out += text.slice(start, i); i++; break; }
      if (c < 0x20) fail('Unescaped control character in string');
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = text.charCodeAt(i + 1);
        if (!(d >= 0xdc00 && d <= 0xdfff)) fail('Unpaired surrogate in string');
        i += 2; continue;
      }
      if (c >= 0xdc00 && c <= 0xdfff) fail('Unpaired surrogate in string');
      if (c === 0x5c) {
        out += text.slice(start, i);
        i++;
        const e = text[i];
        const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[e];
        if (simple !== undefined) { out += simple; i++; }
        else if (e === 'u') {
          const cp = hex4(i + 1);
          i += 5;
          if (cp >= 0xd800 && cp <= 0xdbff) {
            if (text[i] !== '\\' || text[i + 1] !== 'u') fail('Unpaired surrogate escape');
            const lo = hex4(i + 2);
            if (!(lo >= 0xdc00 && lo <= 0xdfff)) fail('Unpaired surrogate escape');
            i += 6;
            out += String.fromCharCode(cp, lo);
          } else if (cp >= 0xdc00 && cp <= 0xdfff) {
            fail('Unpaired surrogate escape');
          } else out += String.fromCharCode(cp);
        } else fail('Invalid escape sequence');
        start = i;
        continue;
      }
      i++;
    }
    return out;
  };
  const hex4 = (at) => {
    const h = text.slice(at, at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h)) { i = at; fail('Invalid unicode escape'); }
    return parseInt(h, 16);
  };
  const object = (depth) => {
    i++;
    const obj = Object.create(null);
    ws();
    if (text[i] === '}') { i++; return obj; }
    while (true) {
      ws();
      if (text[i] !== '"') fail('Expected a quoted property name');
      const keyPos = i;
      const k = string();
      if (Object.prototype.hasOwnProperty.call(obj, k)) { i = keyPos; fail(`Duplicate key '${k}'`); }
      ws();
      if (text[i] !== ':') fail("Expected ':'");
      i++;
      obj[k] = value(depth);
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') { i++; return obj; }
      fail("Expected ',' or '}'");
    }
  };
  const array = (depth) => {
    i++;
    const arr = [];
    ws();
    if (text[i] === ']') { i++; return arr; }
    while (true) {
      arr.push(value(depth));
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') { i++; return arr; }
      fail("Expected ',' or ']'");
    }
  };
  const v = value(0);
  ws();
  if (i < n) fail('Trailing content after JSON value');
  return v;
}

function printable(c) {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : c;
}

export function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
