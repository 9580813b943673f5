// Strict RFC 8259 parser: the guard the team put in front of jsoncpp.
// jsoncpp (Json::Reader / CharReaderBuilder defaults) accepts comments, keeps the
// last of duplicate keys, does not check UTF-8 and happily stores "\u0000";
// the team runs this stricter check first and refuses all of those.
export class JsonError extends Error {}
export class JObj { constructor(obj, keys) { this.obj = obj; this.keys = keys; } }

const MAX_DEPTH = 32;

export function parseStrictJson(text) {
  let i = 0;
  const n = text.length;
  const fail = (msg) => { throw new JsonError(`${msg} at offset ${i}`); };
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  const value = (depth) => {
    if (depth > MAX_DEPTH) fail('Nesting too deep');
    ws();
    if (i >= n) fail('Unexpected end of input');
    const c = text[i];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    fail(`Unexpected character ${JSON.stringify(c)}`);
  };
  const literal = (word, v) => {
    if (text.startsWith(word, i)) { i += word.length; return v; }
    fail('Invalid literal');
  };
  const number = () => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
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
    for (;;) {
      if (i >= n) fail('Unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { out += text.slice(start, i); i++; break; }
      if (c < 0x20) fail('Control character in string');
      if (c === 0x5c) {
        out += text.slice(start, i);
        i++;
        const e = text[i];
        if (e === undefined) fail('Unterminated escape');
        const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in simple) { out += simple[e]; i++; }
        else if (e === 'u') {
          const cp = hex4(i + 1);
          i += 5;
          if (cp >= 0xd800 && cp <= 0xdbff) {
            if (text[i] !== '\\' || text[i + 1] !== 'u') fail('Lone surrogate escape');
            const lo = hex4(i + 2);
            if (lo < 0xdc00 || lo > 0xdfff) fail('Lone surrogate escape');
            i += 6;
            out += String.fromCharCode(cp, lo);
          } else if (cp >= 0xdc00 && cp <= 0xdfff) {
            fail('Lone surrogate escape');
          } else {
            out += String.fromCharCode(cp);
          }
        } else fail('Invalid escape');
        start = i;
        continue;
      }
      i++;
    }
    return out;
  };
  const hex4 = (at) => {
    const h = text.slice(at, at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h)) { i = at; fail('Invalid \\u escape'); }
    return parseInt(h, 16);
  };
  const object = (depth) => {
    i++;
    const obj = Object.create(null);
    const keys = [];
    ws();
    if (text[i] === '}') { i++; return new JObj(obj, keys); }
    for (;;) {
      ws();
      if (text[i] !== '"') fail('Expected object key');
      const k = string();
      if (Object.prototype.hasOwnProperty.call(obj, k) || keys.includes(k)) fail(`Duplicate key ${JSON.stringify(k)}`);
      ws();
      if (text[i] !== ':') fail('Expected ":"');
      i++;
      const v = value(depth);
      obj[k] = v;
      keys.push(k);
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') { i++; break; }
      fail('Expected "," or "}"');
    }
    return new JObj(obj, keys);
  };
  const array = (depth) => {
    i++;
    const arr = [];
    ws();
    if (text[i] === ']') { i++; return arr; }
    for (;;) {
      arr.push(value(depth));
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') { i++; break; }
      fail('Expected "," or "]"');
    }
    return arr;
  };
  const v = value(0);
  ws();
  if (i !== n) fail('Trailing characters after JSON value');
  return v;
}

// Objects come back as {obj, keys}; callers unwrap the root themselves.
export function isWrappedObject(v) {
  return v instanceof JObj;
}
