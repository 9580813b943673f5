// A port of Jason.decode/1 over the raw body bytes: byte positions and error texts as Jason gives
// them, the last of duplicate keys wins, any JSON value at the top level.
export class DecodeError extends Error {
  constructor(message, position) { super(message); this.position = position; }
}

function printable(byte) { return byte >= 0x20 && byte < 0x7f; }
function inspectByte(byte) {
  const ch = String.fromCharCode(byte);
  return JSON.stringify(ch); // "\"}\"" style, as Elixir's inspect of a one-byte binary
}

const MAX_DEPTH = 4096; // BEAM has no limit; Node's stack does — deeper bodies are refused

export function decode(buf) {
  let pos = 0;
  const len = buf.length;
  const fail = (p = pos) => {
    if (p >= len) throw new DecodeError(`unexpected end of input at position ${p}`, p);
    const b = buf[p];
    const hex = b.toString(16).toUpperCase();
    throw new DecodeError(printable(b) ? `unexpected byte at position ${p}: 0x${hex} (${inspectByte(b)})`
      : `unexpected byte at position ${p}: 0x${hex}`, p);
  };
  const sequence = (p, token) => { throw new DecodeError(`unexpected sequence at position ${p}: ${JSON.stringify(token)}`, p); };
  const ws = () => { while (pos < len) { const c = buf[pos]; if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) pos++; else break; } };
  const lit = (word, value) => {
    for (let i = 0; i < word.length; i++) if (buf[pos + i] !== word.charCodeAt(i)) fail(pos + i);
    pos += word.length;
    return value;
  };
  const number = () => {
    const start = pos;
    if (buf[pos] === 0x2d) pos++;
    if (buf[pos] === 0x30) pos++;
    else if (buf[pos] >= 0x31 && buf[pos] <= 0x39) { while (buf[pos] >= 0x30 && buf[pos] <= 0x39) pos++; }
    else fail();
    let float = false;
    if (buf[pos] === 0x2e) {
      float = true; pos++;
      if (!(buf[pos] >= 0x30 && buf[pos] <= 0x39)) fail();
      while (buf[pos] >= 0x30 && buf[pos] <= 0x39) pos++;
    }
    if (buf[pos] === 0x65 || buf[pos] === 0x45) {
      float = true; pos++;
      if (buf[pos] === 0x2b || buf[pos] === 0x2d) pos++;
      if (!(buf[pos] >= 0x30 && buf[pos] <= 0x39)) fail();
      while (buf[pos] >= 0x30 && buf[pos] <= 0x39) pos++;
    }
    const text = buf.toString('latin1', start, pos);
    const n = Number(text);
    if (float && !Number.isFinite(n)) sequence(start, text);
    return n;
  };
  const hex4 = (p) => {
    const s = buf.toString('latin1', p, p + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(s)) { for (let i = 0; i < 4; i++) if (!/[0-9a-fA-F]/.test(String.fromCharCode(buf[p + i] ?? 0)) || p + i >= len) fail(p + i); }
    return parseInt(s, 16);
  };
  const string = () => {
    pos++; // opening quote
    let out = '';
    let chunk = pos;
    for (;;) {
      if (pos >= len) fail(len);
      const c = buf[pos];
      if (c === 0x22) { out += buf.toString('utf8', chunk, pos); pos++; return out; }
      if (c < 0x20) fail();
      if (c === 0x5c) {
        out += buf.toString('utf8', chunk, pos);
        const e = buf[pos + 1];
        const map = { 0x22: '"', 0x5c: '\\', 0x2f: '/', 0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t' };
        if (e in map) { out += map[e]; pos += 2; }
        else if (e === 0x75) {
          const start = pos;
          const u = hex4(pos + 2);
          pos += 6;
          if (u >= 0xd800 && u <= 0xdbff) {
            if (buf[pos] === 0x5c && buf[pos + 1] === 0x75) {
              const lo = hex4(pos + 2);
              if (lo >= 0xdc00 && lo <= 0xdfff) { out += String.fromCharCode(u, lo); pos += 6; }
              else sequence(start, buf.toString('latin1', start, pos + 6));
            } else sequence(start, buf.toString('latin1', start, pos));
          } else if (u >= 0xdc00 && u <= 0xdfff) sequence(start, buf.toString('latin1', start, pos));
          else out += String.fromCharCode(u);
        } else fail(pos + 1);
        chunk = pos;
        continue;
      }
      if (c < 0x80) { pos++; continue; }
      // validate one UTF-8 sequence
      let n = 0, min = 0;
      if (c >= 0xc2 && c <= 0xdf) { n = 1; min = 0x80; } else if (c >= 0xe0 && c <= 0xef) { n = 2; min = 0x800; } else if (c >= 0xf0 && c <= 0xf4) { n = 3; min = 0x10000; } else fail();
      let cp = c & (0x3f >> n);
      for (let i = 1; i <= n; i++) { const d = buf[pos + i]; if (pos + i >= len || (d & 0xc0) !== 0x80) fail(pos); cp = (cp << 6) | (d & 0x3f); }
      if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) fail(pos);
      pos += n + 1;
    }
  };
  const value = (depth) => {
    ws();
    if (pos >= len) fail(len);
    const c = buf[pos];
    if (c === 0x7b) return object(depth + 1);
    if (c === 0x5b) return array(depth + 1);
    if (c === 0x22) return string();
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return number();
    if (c === 0x74) return lit('true', true);
    if (c === 0x66) return lit('false', false);
    if (c === 0x6e) return lit('null', null);
    return fail();
  };
  const object = (depth) => {
    if (depth > MAX_DEPTH) throw new DecodeError(`nesting deeper than ${MAX_DEPTH} at position ${pos}`, pos);
    pos++;
    const obj = Object.create(null);
    ws();
    if (buf[pos] === 0x7d) { pos++; return obj; }
    for (;;) {
      ws();
      if (buf[pos] !== 0x22) fail();
      const k = string();
      ws();
      if (buf[pos] !== 0x3a) fail();
      pos++;
      obj[k] = value(depth);
      ws();
      if (buf[pos] === 0x2c) { pos++; continue; }
      if (buf[pos] === 0x7d) { pos++; return obj; }
      fail();
    }
  };
  const array = (depth) => {
    if (depth > MAX_DEPTH) throw new DecodeError(`nesting deeper than ${MAX_DEPTH} at position ${pos}`, pos);
    pos++;
    const arr = [];
    ws();
    if (buf[pos] === 0x5d) { pos++; return arr; }
    for (;;) {
      arr.push(value(depth));
      ws();
      if (buf[pos] === 0x2c) { pos++; continue; }
      if (buf[pos] === 0x5d) { pos++; return arr; }
      fail();
    }
  };
  const result = value(0);
  ws();
  if (pos < len) fail();
  return result;
}

/** Jason.encode!/1 of maps built from atom-keyed Elixir maps: keys come out in sorted order. */
export function encode(v) {
  return JSON.stringify(sortKeys(v));
}
function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const o = {};
    for (const k of Object.keys(v).sort()) if (v[k] !== undefined) o[k] = sortKeys(v[k]);
    return o;
  }
  return v;
}
