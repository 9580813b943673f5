// serde_json-flavoured JSON reader: the same grammar, the same error texts ("... at line L column C"),
// a recursion limit of 128, and for every object the position after each member's value and the
// list of duplicate keys (serde's derive refuses a duplicate field).
export const POS = Symbol('positions');
export const DUPS = Symbol('duplicates');

export class JsonError extends Error {}

export function parseJson(text) {
  let i = 0;
  const n = text.length;
  const where = (at = i) => {
    let line = 1, col = 0;
    for (let k = 0; k < at && k < n; k++) {
      if (text.charCodeAt(k) === 10) { line++; col = 0; } else col++;
    }
    return { line, col };
  };
  const fail = (msg, at = i) => {
    const { line, col } = where(at);
    throw new JsonError(`${msg} at line ${line} column ${col}`);
  };
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++; else break;
    }
  };
  let depth = 0;
  const value = () => {
    ws();
    if (i >= n) fail('EOF while parsing a value');
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]]) {
      if (c === word[0]) {
        for (let k = 0; k < word.length; k++) {
          if (i >= n) fail('EOF while parsing a value');
          if (text[i] !== word[k]) fail('expected ident', i + 1);
          i++;
        }
        return v;
      }
    }
    i++;
    fail('expected value');
  };
  const enter = () => { if (++depth > 128) fail('recursion limit exceeded', i + 1); };
  const object = () => {
    enter();
    i++;
    const out = {};
    const pos = {};
    const dups = [];
    ws();
    if (text[i] === '}') { i++; depth--; return tag(out, pos, dups); }
    for (;;) {
      ws();
      if (i >= n) fail('EOF while parsing an object');
      if (text[i] !== '"') { i++; fail('key must be a string'); }
      const key = string();
      ws();
      if (i >= n) fail('EOF while parsing an object');
      if (text[i] !== ':') { i++; fail('expected `:`'); }
      i++;
      const v = value();
      if (Object.prototype.hasOwnProperty.call(out, key)) dups.push(key);
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      pos[key] = where(i);
      ws();
      if (i >= n) fail('EOF while parsing an object');
      if (text[i] === ',') { i++; ws(); if (text[i] === '}') { i++; fail('trailing comma'); } continue; }
      if (text[i] === '}') { i++; depth--; return tag(out, pos, dups); }
      i++;
      fail('expected `,` or `}`');
    }
  };
  const tag = (o, pos, dups) => {
    Object.defineProperty(o, POS, { value: pos, enumerable: false });
    Object.defineProperty(o, DUPS, { value: dups, enumerable: false });
    return o;
  };
  const array = () => {
    enter();
    i++;
    const out = [];
    ws();
    if (text[i] === ']') { i++; depth--; return out; }
    for (;;) {
      out.push(value());
      ws();
      if (i >= n) fail('EOF while parsing a list');
      if (text[i] === ',') { i++; ws(); if (text[i] === ']') { i++; fail('trailing comma'); } continue; }
      if (text[i] === ']') { i++; depth--; return out; }
      i++;
      fail('expected `,` or `]`');
    }
  };
  const string = () => {
    i++;
    let s = '';
    for (;;) {
      if (i >= n) fail('EOF while parsing a string');
      const c = text.charCodeAt(i);
      if (c === 34) { i++; return s; }
      if (c < 0x20) { i++; fail('control character (\\u0000-\\u001F) found while parsing a string'); }
      if (c === 92) {
        i++;
        if (i >= n) fail('EOF while parsing a string');
        const e = text[i++];
        const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[e];
        if (simple !== undefined) { s += simple; continue; }
        if (e !== 'u') fail('invalid escape');
        const hex = () => {
          const h = text.slice(i, i + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(h)) { i += Math.min(4, n - i); fail(i >= n ? 'EOF while parsing a string' : 'invalid escape'); }
          i += 4;
          return parseInt(h, 16);
        };
        const u = hex();
        if (u >= 0xdc00 && u <= 0xdfff) fail('lone leading surrogate in hex escape');
        if (u >= 0xd800 && u <= 0xdbff) {
          if (text[i] !== '\\' || text[i + 1] !== 'u') fail('unexpected end of hex escape');
          i += 2;
          const lo = hex();
          if (lo < 0xdc00 || lo > 0xdfff) fail('lone leading surrogate in hex escape');
          s += String.fromCharCode(u, lo);
        } else s += String.fromCharCode(u);
        continue;
      }
      s += text[i++];
    }
  };
  const number = () => {
    const start = i;
    if (text[i] === '-') i++;
    if (text[i] === '0') { i++; if (text[i] >= '0' && text[i] <= '9') fail('invalid number', i + 1); }
    else if (text[i] >= '1' && text[i] <= '9') { while (text[i] >= '0' && text[i] <= '9') i++; }
    else { i++; fail('invalid number'); }
    let float = false;
    if (text[i] === '.') {
      float = true; i++;
      if (!(text[i] >= '0' && text[i] <= '9')) { i++; fail(i > n ? 'EOF while parsing a value' : 'invalid number'); }
      while (text[i] >= '0' && text[i] <= '9') i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      float = true; i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!(text[i] >= '0' && text[i] <= '9')) { i++; fail('invalid number'); }
      while (text[i] >= '0' && text[i] <= '9') i++;
    }
    const v = Number(text.slice(start, i));
    if (!Number.isFinite(v)) fail('number out of range');
    return float ? new Float(v) : v;
  };
  const v = value();
  ws();
  if (i < n) { i++; fail('trailing characters'); }
  return v;
}

// a JSON number written with a fraction or exponent (serde_json keeps it an f64)
export class Float { constructor(v) { this.v = v; } }

export function describe(v) {
  if (v === null) return 'unit value';
  if (v instanceof Float) return `floating point \`${fmtFloat(v.v)}\``;
  if (typeof v === 'number') return `integer \`${v}\``;
  if (typeof v === 'boolean') return `boolean \`${v}\``;
  if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
  if (Array.isArray(v)) return 'sequence';
  return 'map';
}
function fmtFloat(x) { return Number.isInteger(x) ? x.toFixed(1) : String(x); }
export const num = (v) => (v instanceof Float ? v.v : v);
