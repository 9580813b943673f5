// encoding/json, ported. The service decodes request bodies with a json.Decoder
// (http.MaxBytesReader in front) and writes responses with json.MarshalIndent.
// What is kept from Go:
//   - the scanner's syntax errors, word for word ("invalid character 'x' after object key"),
//     with the byte offset Go reports;
//   - object keys matched to struct fields exactly first, then case-insensitively the way
//     encoding/json folds names (so "NAME", "ſiteId" with a long s, or a Kelvin sign K all bind);
//   - every occurrence of a key is applied in document order, so the last duplicate wins;
//   - JSON null leaves a plain field untouched (as if absent); only Nullable fields record it;
//   - a value of the wrong JSON kind is an UnmarshalTypeError, and decoding carries on;
//   - lone UTF-16 surrogates in strings become U+FFFD, as Go's decoder does;
//   - on output, <, >, & and U+2028/U+2029 are escaped (HTML-safe encoding) and the
//     document is tab-indented with a trailing newline (MarshalIndent + "\n").

const MAX_DEPTH = 10000; // encoding/json's maxNestingDepth

const isSpace = (c) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isDigit = (c) => c >= '0' && c <= '9';
const isHex = (c) => /^[0-9a-fA-F]$/.test(c);

// quoteChar from encoding/json/scanner.go: the offending BYTE shown as a rune.
function quoteChar(ch) {
  let b = ch.charCodeAt(0);
  if (b >= 0x80) b = Buffer.from(ch)[0];
  if (b === 0x27) return "'\\''";
  if (b === 0x22) return "'\"'";
  const short = { 7: '\\a', 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v', 0x5c: '\\\\' };
  if (short[b]) return `'${short[b]}'`;
  if (b < 0x20 || b === 0x7f) return `'\\x${b.toString(16).padStart(2, '0')}'`;
  if ((b >= 0x80 && b <= 0xa0) || b === 0xad) return `'\\u00${b.toString(16).padStart(2, '0')}'`;
  return `'${String.fromCharCode(b)}'`;
}

export class JSONSyntaxError extends Error {
  constructor(msg, offset) { super(msg); this.offset = offset; }
}
export class UnexpectedEOF extends Error {}

// Scans the first JSON value of `text`. Returns { start, end, kind, pairs } where pairs
// lists the top-level object's members in document order (duplicates included).
// Throws JSONSyntaxError / UnexpectedEOF; returns null when the text holds only whitespace.
export function scanFirstValue(text) {
  let i = 0;
  let bytes = 0; // byte offset of text[i]
  const advance = () => {
    const code = text.codePointAt(i);
    const width = code > 0xffff ? 2 : 1;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    i += width;
  };
  const fail = (context) => {
    throw new JSONSyntaxError(`invalid character ${quoteChar(String.fromCodePoint(text.codePointAt(i)))} ${context}`, bytes + 1);
  };
  const eof = () => { if (i >= text.length) throw new UnexpectedEOF('unexpected end of JSON input'); };
  const skipSpace = () => { while (i < text.length && isSpace(text[i])) advance(); };

  skipSpace();
  if (i >= text.length) return null;
  const start = i;
  const stack = []; // 'obj' | 'arr'
  const pairs = [];
  let topKind = null;
  let pendingKey = null; // top-level key awaiting its value

  const scanString = () => { // at opening quote
    advance();
    for (;;) {
      eof();
      const c = text[i];
      if (c === '"') { advance(); return; }
      if (c === '\\') {
        advance(); eof();
        const e = text[i];
        if ('"\\/bfnrt'.includes(e)) { advance(); continue; }
        if (e === 'u') {
          advance();
          for (let k = 0; k < 4; k++) { eof(); if (!isHex(text[i])) fail('in \\u hexadecimal character escape'); advance(); }
          continue;
        }
        fail('in string escape code');
      }
      if (c.charCodeAt(0) < 0x20) fail('in string literal');
      advance();
    }
  };
  const scanNumber = () => {
    if (text[i] === '-') { advance(); eof(); if (!isDigit(text[i])) fail('in numeric literal'); }
    if (text[i] === '0') advance(); else while (i < text.length && isDigit(text[i])) advance();
    if (i < text.length && text[i] === '.') {
      advance(); eof();
      if (!isDigit(text[i])) fail('after decimal point in numeric literal');
      while (i < text.length && isDigit(text[i])) advance();
    }
    if (i < text.length && (text[i] === 'e' || text[i] === 'E')) {
      advance(); eof();
      if (text[i] === '+' || text[i] === '-') { advance(); eof(); }
      if (!isDigit(text[i])) fail('in exponent of numeric literal');
      while (i < text.length && isDigit(text[i])) advance();
    }
  };
  const scanLiteral = (word) => {
    advance();
    for (let k = 1; k < word.length; k++) {
      eof();
      if (text[i] !== word[k]) fail(`in literal ${word} (expecting ${quoteChar(word[k])})`);
      advance();
    }
  };

  // Iterative value scanner: `expect` says what the grammar wants next.
  let expect = 'value';
  let valueStart = -1;
  for (;;) {
    if (expect === 'value') {
      skipSpace(); eof();
      const c = text[i];
      const depth = stack.length;
      if (depth === 1 && stack[0] === 'obj') valueStart = i;
      if (depth === 0) topKind = c === '{' ? 'object' : c === '[' ? 'array' : c === '"' ? 'string'
        : (c === '-' || isDigit(c)) ? 'number' : (c === 't' || c === 'f') ? 'bool' : c === 'n' ? 'null' : null;
      if (c === '{' || c === '[') {
        if (stack.length >= MAX_DEPTH) throw new JSONSyntaxError('exceeded max depth', bytes + 1);
        stack.push(c === '{' ? 'obj' : 'arr');
        advance(); skipSpace(); eof();
        if (c === '{') {
          if (text[i] === '}') { advance(); stack.pop(); expect = 'end'; continue; }
          expect = 'key'; continue;
        }
        if (text[i] === ']') { advance(); stack.pop(); expect = 'end'; continue; }
        expect = 'value'; continue;
      }
      if (c === '"') scanString();
      else if (c === '-' || isDigit(c)) scanNumber();
      else if (c === 't') scanLiteral('true');
      else if (c === 'f') scanLiteral('false');
      else if (c === 'n') scanLiteral('null');
      else fail('looking for beginning of value');
      expect = 'end';
      continue;
    }
    if (expect === 'key') {
      skipSpace(); eof();
      if (text[i] !== '"') fail('looking for beginning of object key string');
      const ks = i; scanString();
      if (stack.length === 1) pendingKey = JSON.parse(text.slice(ks, i));
      skipSpace(); eof();
      if (text[i] !== ':') fail('after object key');
      advance();
      expect = 'value';
      continue;
    }
    // expect === 'end': a value just finished.
    if (stack.length === 1 && stack[0] === 'obj' && pendingKey !== null) {
      pairs.push({ key: pendingKey, vStart: valueStart, vEnd: i });
      pendingKey = null;
    }
    if (stack.length === 0) return { start, end: i, kind: topKind, pairs };
    skipSpace(); eof();
    const top = stack[stack.length - 1];
    const c = text[i];
    if (c === ',') { advance(); expect = top === 'obj' ? 'key' : 'value'; continue; }
    if (top === 'obj' && c === '}') { advance(); stack.pop(); expect = 'end'; continue; }
    if (top === 'arr' && c === ']') { advance(); stack.pop(); expect = 'end'; continue; }
    fail(top === 'obj' ? 'after object key:value pair' : 'after array element');
  }
}

// Go folds names with bytes.EqualFold semantics: ASCII case, plus the two non-ASCII
// runes that fold into ASCII letters (U+017F long s, U+212A Kelvin sign).
export function foldName(name) {
  let out = '';
  for (const ch of name) {
    if (ch === '\u017f') out += 'S';
    else if (ch === '\u212a') out += 'K';
    else if (ch >= 'a' && ch <= 'z') out += ch.toUpperCase();
    else out += ch;
  }
  return out;
}

const kindOf = (v) => v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object'
  : typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'number' : 'string';

function fixSurrogates(s) {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

const GO_TYPES = { string: 'string', nstring: 'nullable.Nullable[string]', bool: 'bool' };

// Decodes `text` into the struct described by `spec`:
//   spec = { name: 'createSiteInput', disallowUnknown: bool, fields: [{ json, type: 'string'|'nstring'|'bool' }] }
// Returns { empty, fatal, values, problems }:
//   empty    — the body held nothing (io.EOF: "body must not be empty");
//   fatal    — { message, detail } for errors that stop decoding (syntax, wrong top-level type, trailing data);
//   values   — Map json -> decoded value (strings, booleans, or null for Nullable fields set to null);
//   problems — [{ field, message }] for type errors and unknown keys, one per key, document order.
export function decodeStruct(text, spec) {
  let scanned;
  try {
    scanned = scanFirstValue(text);
  } catch (err) {
    if (err instanceof UnexpectedEOF) {
      return { fatal: { message: 'body contains badly-formed JSON', detail: 'unexpected EOF' } };
    }
    return { fatal: { message: `body contains badly-formed JSON (at character ${err.offset})`, detail: err.message } };
  }
  if (scanned === null) return { empty: true };
  const values = new Map();
  const problems = [];
  // The first Decode reports a wrong top-level kind before anything else is looked at.
  if (scanned.kind !== 'object' && scanned.kind !== 'null') {
    return { fatal: {
      message: 'body contains incorrect JSON type (at character 1)',
      detail: `json: cannot unmarshal ${scanned.kind} into Go value of type main.${spec.name}`,
    } };
  }
  // A second Decode must hit io.EOF: anything but whitespace after the value is refused.
  if (/[^\t\r\n ]/.test(text.slice(scanned.end))) {
    return { fatal: { message: 'body must only contain a single JSON value', detail: 'unexpected data after the JSON value' } };
  }
  if (scanned.kind === 'null') return { values, problems }; // null into a struct pointer: a no-op
  const exact = new Map(spec.fields.map((f) => [f.json, f]));
  const folded = new Map(spec.fields.map((f) => [foldName(f.json), f]));
  const reported = new Set();
  for (const { key, vStart, vEnd } of scanned.pairs) {
    const field = exact.get(key) || folded.get(foldName(key));
    if (!field) {
      if (spec.disallowUnknown && !reported.has(key)) {
        reported.add(key);
        problems.push({ field: key, message: `json: unknown field "${key}"` });
      }
      continue;
    }
    const raw = JSON.parse(text.slice(vStart, vEnd));
    const kind = kindOf(raw);
    if (kind === 'null') {
      if (field.type === 'nstring') values.set(field.json, null);
      continue; // plain fields keep their zero value
    }
    const wanted = field.type === 'bool' ? 'bool' : 'string';
    if (kind !== wanted) {
      if (!reported.has(field.json)) {
        reported.add(field.json);
        problems.push({ field: field.json,
          message: `json: cannot unmarshal ${kind} into Go struct field ${spec.name}.${field.json} of type ${GO_TYPES[field.type]}` });
      }
      continue;
    }
    values.set(field.json, typeof raw === 'string' ? fixSurrogates(raw) : raw);
  }
  return { values, problems };
}

// json.MarshalIndent(v, "", "\t") + "\n", with encoding/json's HTML-safe escaping.
export function marshalIndent(value) {
  const escapes = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
  return JSON.stringify(value, null, '\t').replace(/[<>&\u2028\u2029]/g, (c) => escapes[c]) + '\n';
}
