// Jackson 2.18 emulation: strict JSON reading as Spring Boot's ObjectMapper is configured here
// (STRICT_DUPLICATE_DETECTION on, FAIL_ON_TRAILING_TOKENS on, StreamReadConstraints max depth 500).
export class JsonParseError extends Error {}
export class JNum { constructor(text, isInt) { this.__num = text; this.isInt = isInt; this.value = Number(text); } }

const MAX_DEPTH = 500;

function describe(ch) {
  if (ch === undefined) return 'end-of-input';
  const code = ch.codePointAt(0);
  const shown = code < 32 ? `CTRL-CHAR, code ${code}` : `'${ch}' (code ${code})`;
  return code < 32 ? `(${shown})` : `(${shown})`;
}

export function parseJackson(text) {
  let i = 0, line = 1, col = 1, depth = 0;
  const where = () => ` at [Source: REDACTED (\`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION\` disabled); line: ${line}, column: ${col}]`;
  const fail = (msg) => { throw new JsonParseError(msg + where()); };
  const adv = (n = 1) => { for (let k = 0; k < n; k++) { if (text[i] === '\n') { line++; col = 1; } else col++; i++; } };
  const ws = () => { while (i < text.length && ' \t\r\n'.includes(text[i])) adv(); };
  const unexpected = (expect) => {
    if (i >= text.length) fail(`Unexpected end-of-input: ${expect}`);
    fail(`Unexpected character ${describe(String.fromCodePoint(text.codePointAt(i)))}: ${expect}`);
  };
  function value() {
    ws();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    for (const [lit, v] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(lit, i)) { const after = text[i + lit.length]; if (after === undefined || !/[A-Za-z0-9_]/.test(after)) { adv(lit.length); return v; } }
    }
    if (c !== undefined && /[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z0-9_]+/.exec(text.slice(i, i + 256))[0];
      fail(`Unrecognized token '${m}': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')`);
    }
    unexpected('expected a valid value (JSON String, Number, Array, Object or token \'null\', \'true\' or \'false\')');
  }
  function enter() { depth++; if (depth > MAX_DEPTH) fail(`Document nesting depth (${depth}) exceeds the maximum allowed (${MAX_DEPTH}, from \`StreamReadConstraints.getMaxNestingDepth()\`)`); }
  function object() {
    enter(); adv(); const out = Object.create(null); const seen = new Set();
    ws();
    if (text[i] === '}') { adv(); depth--; return out; }
    for (;;) {
      ws();
      if (text[i] !== '"') unexpected("was expecting double-quote to start field name");
      const k = string();
      if (seen.has(k)) fail(`Duplicate field '${k}'`);
      seen.add(k);
      ws();
      if (text[i] !== ':') unexpected("was expecting a colon to separate field name and value");
      adv();
      out[k] = value();
      ws();
      if (text[i] === ',') { adv(); continue; }
      if (text[i] === '}') { adv(); depth--; return out; }
      unexpected("was expecting comma to separate Object entries");
    }
  }
  function array() {
    enter(); adv(); const out = [];
    ws();
    if (text[i] === ']') { adv(); depth--; return out; }
    for (;;) {
      out.push(value());
      ws();
      if (text[i] === ',') { adv(); continue; }
      if (text[i] === ']') { adv(); depth--; return out; }
      unexpected("was expecting comma to separate Array entries");
    }
  }
  function string() {
    adv(); let s = '';
    for (;;) {
      if (i >= text.length) fail('Unexpected end-of-input: was expecting closing quote for a string value');
      const c = text[i];
      if (c === '"') { adv(); return s; }
      if (c === '\\') {
        const e = text[i + 1];
        const map = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in map) { s += map[e]; adv(2); continue; }
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) { s += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16)); adv(6); continue; }
        adv(); fail(`Unrecognized character escape ${describe(e)}`);
      }
      if (c.charCodeAt(0) < 32) fail(`Illegal unquoted character (${describe(c).slice(1, -1)}): has to be escaped using backslash to be included in string value`);
      s += c; adv();
    }
  }
  function number() {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 1100));
    if (!m || m[0] === '-') { adv(); unexpected('expected digit (0-9) to follow minus sign, for valid numeric value'); }
    const after = text[i + m[0].length];
    if (m[1] === '0' && after >= '0' && after <= '9') fail('Invalid numeric value: Leading zeroes not allowed');
    if (after === '.' || (after !== undefined && /[A-Za-z]/.test(after))) { adv(m[0].length); unexpected('Expected space separating root-level values'); }
    adv(m[0].length);
    return new JNum(m[0], !m[2] && !m[3]);
  }
  ws();
  if (i >= text.length) return undefined; // no content: Spring treats as missing body
  const v = value();
  ws();
  if (i < text.length) {
    const c = text[i];
    const tok = c === '{' ? 'START_OBJECT' : c === '[' ? 'START_ARRAY' : c === '"' ? 'VALUE_STRING' : /[-0-9]/.test(c) ? 'VALUE_NUMBER_INT' : c === '}' ? 'END_OBJECT' : c === ']' ? 'END_ARRAY' : null;
    if (tok) fail(`Trailing token (of type ${tok}) found after value (bound as \`java.lang.Object\`): not allowed as per \`DeserializationFeature.FAIL_ON_TRAILING_TOKENS\``);
    unexpected('expected a valid value (JSON String, Number, Array, Object or token \'null\', \'true\' or \'false\')');
  }
  return v;
}

// JSON token kind names as Jackson reports them in coercion errors
export function jsonKind(v) {
  if (v === null) return 'Null';
  if (Array.isArray(v)) return 'Array';
  if (typeof v === 'string') return 'String';
  if (typeof v === 'boolean') return 'Boolean';
  if (v instanceof JNum) return v.isInt ? 'Integer' : 'Floating-point';
  return 'Object';
}
export const isNum = (v) => v instanceof JNum;
