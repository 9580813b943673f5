// A reader and a writer that behave like System.Text.Json with the ASP.NET Core web defaults:
// the reader reports errors the way Utf8JsonReader does (message, JSON path, 0-based line number and
// byte position in the line), refuses comments and trailing commas and stops at depth 64; the
// writer escapes like JavaScriptEncoder.Default (every non-ASCII character and the HTML-sensitive
// characters become \uXXXX with upper-case hex).

const MAX_DEPTH = 64;
const PLAIN_RUN = /[^"\\\u0000-\u001f]+/y;

export class JsonReaderError extends Error {
  constructor(message, path, line, bytePositionInLine) {
    super(`${message} Path: ${path} | LineNumber: ${line} | BytePositionInLine: ${bytePositionInLine}.`);
    this.path = path;
  }
}

// An object keeps every property it was given, in order, with the place each value starts, so that
// the binder can apply case-insensitive matching (last one wins) and report conversion errors.
export class JsonObject {
  constructor(positionAt) {
    this.entries = [];
    // Line and byte positions are worked out only when an error needs them (big bodies stay linear).
    this.positionAt = positionAt;
  }
}

export function parseJson(text) {
  let i = 0;
  const path = ['$'];

  function position(at) {
    let line = 0;
    let lineStart = 0;
    for (let k = 0; k < at && k < text.length; k++) {
      if (text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    return { line, byte: Buffer.byteLength(text.slice(lineStart, at), 'utf8') };
  }

  function fail(message, at = i) {
    const p = position(at);
    throw new JsonReaderError(message, path.join(''), p.line, p.byte);
  }

  function describe(ch) {
    const code = ch.charCodeAt(0);
    return code < 0x20 ? `0x${code.toString(16).toUpperCase().padStart(2, '0')}` : ch;
  }

  function skipWhitespace() {
    while (i < text.length) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
      else break;
    }
  }

  function parseString() {
    i++;
    let out = '';
    while (true) {
      if (i >= text.length) fail('Expected end of string, but instead reached end of data.');
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === undefined) fail('Expected end of string, but instead reached end of data.', i + 1);
        const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
          continue;
        }
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(`'${describe(hex[0] ?? ' ')}' is not a hex digit following '\\u' within a JSON string. The string should be correctly escaped.`, i + 2);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
          continue;
        }
        fail(`'${describe(e)}' is not a valid escapable character within a JSON string. The string should be correctly escaped.`, i + 1);
      }
      if (c.charCodeAt(0) < 0x20) fail(`'${describe(c)}' is invalid within a JSON string. The string should be correctly escaped.`);
      // Copy the run of ordinary characters in one slice.
      PLAIN_RUN.lastIndex = i;
      const run = PLAIN_RUN.exec(text);
      out += run[0];
      i += run[0].length;
    }
  }

  function parseNumber() {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail(`'${describe(text[i + 1] ?? '-')}' is invalid within a number, immediately after a sign character ('+' or '-'). Expected a digit ('0'-'9').`, i + 1);
    const after = text[i + m[0].length];
    if (after !== undefined && /[0-9]/.test(after) && m[1] === '0') fail(`Invalid leading zero before '${after}'.`, i + m[0].length);
    if (after !== undefined && !/[\s,\]}]/.test(after)) fail(`'${describe(after)}' is an invalid end of a number. Expected a delimiter.`, i + m[0].length);
    i += m[0].length;
    return Number(m[0]);
  }

  function parseLiteral(word, value) {
    if (text.startsWith(word, i)) {
      i += word.length;
      return value;
    }
    let k = 0;
    while (k < word.length && text[i + k] === word[k]) k++;
    const seen = text.slice(i, i + Math.max(k + 1, 1)).replace(/\s+$/, '');
    fail(`'${seen}' is an invalid JSON literal. Expected the literal '${word}'.`, i + k);
  }

  function parseValue(depth) {
    skipWhitespace();
    if (i >= text.length) fail('Expected a value, but instead reached end of data.');
    const c = text[i];
    if (c === '{') return parseObject(depth + 1);
    if (c === '[') return parseArray(depth + 1);
    if (c === '"') return parseString();
    if (c === '-' || (c >= '0' && c <= '9')) return parseNumber();
    if (c === 't') return parseLiteral('true', true);
    if (c === 'f') return parseLiteral('false', false);
    if (c === 'n') return parseLiteral('null', null);
    fail(`'${describe(c)}' is an invalid start of a value.`);
  }

  function parseObject(depth) {
    if (depth > MAX_DEPTH) fail(`The maximum configured depth of ${MAX_DEPTH} has been exceeded. Cannot read next JSON object.`);
    i++;
    const obj = new JsonObject(position);
    skipWhitespace();
    if (text[i] === '}') {
      i++;
      return obj;
    }
    while (true) {
      skipWhitespace();
      if (i >= text.length) fail('Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.');
      if (text[i] !== '"') {
        if (text[i] === '}') fail("The JSON object contains a trailing comma at the end which is not supported in this mode. Change the reader options.");
        fail(`'${describe(text[i])}' is an invalid start of a property name. Expected a '"'.`);
      }
      const key = parseString();
      skipWhitespace();
      if (text[i] !== ':') {
        if (i >= text.length) fail('Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.');
        fail(`'${describe(text[i])}' is invalid after a property name. Expected a ':'.`);
      }
      i++;
      path.push(`.${key}`);
      skipWhitespace();
      const value = parseValue(depth);
      path.pop();
      obj.entries.push({ key, value, end: i });
      skipWhitespace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return obj;
      }
      if (i >= text.length) fail('Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.');
      fail(`'${describe(text[i])}' is invalid after a value. Expected either ',', '}', or ']'.`);
    }
  }

  function parseArray(depth) {
    if (depth > MAX_DEPTH) fail(`The maximum configured depth of ${MAX_DEPTH} has been exceeded. Cannot read next JSON array.`);
    i++;
    const arr = [];
    skipWhitespace();
    if (text[i] === ']') {
      i++;
      return arr;
    }
    while (true) {
      path.push(`[${arr.length}]`);
      skipWhitespace();
      if (text[i] === ']') fail("The JSON array contains a trailing comma at the end which is not supported in this mode. Change the reader options.");
      arr.push(parseValue(depth));
      path.pop();
      skipWhitespace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return arr;
      }
      if (i >= text.length) fail('Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.');
      fail(`'${describe(text[i])}' is invalid after a value. Expected either ',', '}', or ']'.`);
    }
  }

  skipWhitespace();
  if (i >= text.length) fail('The input does not contain any JSON tokens. Expected the input to start with a valid JSON token, while isFinalBlock is true.');
  const root = parseValue(0);
  skipWhitespace();
  if (i < text.length) fail(`'${describe(text[i])}' is invalid after a single JSON value. Expected end of data.`);
  return root;
}

// ---------------------------------------------------------------------------------------------
// Writer

function escapeString(s) {
  let out = '"';
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 0x5c) out += '\\\\';
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c === 0x08) out += '\\b';
    else if (c === 0x0c) out += '\\f';
    else if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x26 || c === 0x27 || c === 0x2b || c === 0x3c || c === 0x3e || c === 0x60) {
      out += `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`;
    } else out += s[k];
  }
  return `${out}"`;
}

// Values System.Text.Json formats itself (DateTimeOffset) are written without the encoder, so the
// offset's "+" stays a "+" while a "+" inside an ordinary string becomes \u002B.
export class PreformattedValue {
  constructor(text) {
    this.text = text;
  }
}

export function writeJson(value) {
  if (value === null || value === undefined) return 'null';
  if (value instanceof PreformattedValue) return `"${value.text}"`;
  if (typeof value === 'string') return escapeString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  const parts = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    parts.push(`${escapeString(k)}:${writeJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}
