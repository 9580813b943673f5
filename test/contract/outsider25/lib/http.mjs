// The "public/index.php + Symfony HttpFoundation" layer: reading the request the way PHP-FPM and
// Laravel's Request do, and writing JSON the way Illuminate\Http\JsonResponse (json_encode flags 0) does.

export const POST_MAX_SIZE = 8 * 1024 * 1024; // php.ini post_max_size = 8M (ValidatePostSize)
export const MAX_INPUT_VARS = 1000;           // php.ini max_input_vars
const MAX_INPUT_NESTING = 64;                 // php.ini max_input_nesting_level
const utf8 = new TextDecoder('utf-8');        // non-fatal: bad bytes become U+FFFD (SanitizeUtf8 middleware)
const utf8Fatal = new TextDecoder('utf-8', { fatal: true });

export class HttpError extends Error {
  constructor(status, message, details, headers) {
    super(message); this.status = status; this.details = details; this.headers = headers || {};
  }
}

// PHP rawurldecode()/urldecode(): %XX decoded as bytes, malformed escapes kept literally.
export function phpUrlDecode(s, plusIsSpace) {
  if (plusIsSpace) s = s.replace(/\+/g, ' ');
  if (!s.includes('%')) return s;
  const src = Buffer.from(s, 'utf8'); const out = [];
  const hex = (b) => (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102);
  for (let i = 0; i < src.length; i++) {
    if (src[i] === 37 && i + 2 < src.length + 0 && hex(src[i + 1]) && hex(src[i + 2])) { out.push(parseInt(String.fromCharCode(src[i + 1], src[i + 2]), 16)); i += 2; }
    else out.push(src[i]);
  }
  return utf8.decode(Uint8Array.from(out));
}

// PHP parse_str(): "&" only, "+" is a space, "a[]"/"a[k]" build arrays, "." and " " in the base name
// become "_", the last of repeated keys wins, at most max_input_vars variables are read.
export function phpParseStr(qs) {
  const out = Object.create(null);
  let count = 0;
  for (const part of qs.split('&')) {
    if (part === '') continue;
    if (++count > MAX_INPUT_VARS) break;
    const eq = part.indexOf('=');
    let key = phpUrlDecode(eq < 0 ? part : part.slice(0, eq), true).replace(/^ +/, '');
    const value = eq < 0 ? '' : phpUrlDecode(part.slice(eq + 1), true);
    if (key === '' || key.includes('\0')) continue;
    let base = key, path = [];
    const open = key.indexOf('[');
    if (open > 0) {
      base = key.slice(0, open);
      let rest = key.slice(open);
      while (rest.startsWith('[')) {
        const close = rest.indexOf(']');
        if (close < 0) break;
        path.push(rest.slice(1, close)); rest = rest.slice(close + 1);
        if (path.length >= MAX_INPUT_NESTING) break;
      }
      if (path.length === 0) base = key;
    } else if (open === 0) continue;
    base = base.replace(/[. []/g, '_');
    if (path.length === 0) { out[base] = value; continue; }
    let node = out, k = base;
    for (const seg of path) {
      if (node[k] === null || typeof node[k] !== 'object') node[k] = Object.create(null);
      node = node[k];
      k = seg === '' ? String(nextIndex(node)) : seg;
    }
    node[k] = value;
  }
  return out;
}
function nextIndex(obj) { let n = -1; for (const k of Object.keys(obj)) if (/^(0|[1-9]\d*)$/.test(k)) n = Math.max(n, +k); return n + 1; }

// json_decode($content, true) with the error texts of json_last_error_msg().
export function phpJsonDecode(buf) {
  let text;
  try { text = utf8Fatal.decode(buf); } catch { return { error: 'Malformed UTF-8 characters, possibly incorrectly encoded' }; }
  if (/^[\s]*$/.test(text)) return { error: 'Syntax error' };
  let value;
  try { value = JSON.parse(text); }
  catch (e) {
    if (e instanceof RangeError) return { error: 'Maximum stack depth exceeded' };
    // PHP reports raw control characters inside strings with its own message
    if (/"[^"\\]*(?:\\.[^"\\]*)*[\u0000-\u001f]/.test(text)) return { error: 'Control character error, possibly incorrectly encoded' };
    return { error: 'Syntax error' };
  }
  const problem = inspect(value, 1);
  if (problem) return { error: problem };
  return { value };
}
function inspect(v, depth) {
  if (depth > 512) return 'Maximum stack depth exceeded';
  if (typeof v === 'string') return /(?:[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/.test(v) ? 'Single unpaired UTF-16 surrogate in unicode escape' : null;
  if (v && typeof v === 'object') {
    for (const k of Object.keys(v)) { const p = inspect(k, depth) || inspect(v[k], depth + 1); if (p) return p; }
  }
  return null;
}

// Marker for PHP floats, which json_encode writes with a fraction (1.0, 0.5).
export class PhpFloat { constructor(v) { this.v = v; } }

// json_encode($data, 0): "/" escaped as "\/", every non-ASCII character as \uXXXX (lower-case hex).
export function phpJsonEncode(v) {
  if (v === null || v === undefined) return 'null';
  if (v instanceof PhpFloat) return Number.isInteger(v.v) ? v.v.toFixed(1) : String(v.v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '0';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return JSON.stringify(v).replace(/\//g, '\\/').replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  if (Array.isArray(v)) return '[' + v.map(phpJsonEncode).join(',') + ']';
  return '{' + Object.keys(v).filter((k) => v[k] !== undefined).map((k) => phpJsonEncode(k) + ':' + phpJsonEncode(v[k])).join(',') + '}';
}

// Illuminate\Foundation\Http\Middleware\TrimStrings + ConvertEmptyStringsToNull (global middleware).
const TRIM = /^[\s\uFEFF\u200B\u200E]+|[\s\uFEFF\u200B\u200E]+$/gu;
export function cleanInput(v) {
  if (typeof v === 'string') { const t = v.replace(TRIM, ''); return t === '' ? null : t; }
  if (Array.isArray(v)) return v.map(cleanInput);
  if (v && typeof v === 'object') { const o = Object.create(null); for (const k of Object.keys(v)) o[k] = cleanInput(v[k]); return o; }
  return v;
}

export function isJsonContentType(ct) { return /\/json|\+json/i.test(ct || ''); }
export function isFormContentType(ct) { return /^application\/x-www-form-urlencoded\b/i.test(ct || ''); }

// Reads the whole body; refuses (before reading) a declared Content-Length above post_max_size.
export function readBody(req) {
  return new Promise((resolve) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > POST_MAX_SIZE) { resolve({ tooLarge: true }); return; }
    const chunks = []; let size = 0; let done = false;
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > POST_MAX_SIZE) { done = true; resolve({ tooLarge: true }); return; }
      chunks.push(c);
    });
    req.on('end', () => { if (!done) { done = true; resolve({ body: Buffer.concat(chunks) }); } });
    req.on('error', () => { if (!done) { done = true; resolve({ aborted: true }); } });
  });
}

export function rawErrorResponse(status, code, message, details) {
  const body = phpJsonEncode({ object: 'error', code, message, ...(details ? { details } : {}) });
  return `HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Error'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
