// What uvicorn, Starlette and FastAPI do with the bytes: path and query decoding, JSON in and out.
import { PyFloat, RequestValidationError, HTTPException } from './pydantic.mjs';

const utf8 = new TextDecoder('utf-8'); // errors='replace'
const utf8strict = new TextDecoder('utf-8', { fatal: true });

/** urllib.parse.unquote: %XX sequences to bytes, decoded as UTF-8 with replacement; bad escapes stay literal. */
export function unquote(s) {
  if (!s.includes('%')) return s;
  const bytes = []; const src = Buffer.from(s, 'utf8');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === 0x25 && i + 2 < src.length + 0 && /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(src[i + 1] ?? 0, src[i + 2] ?? 0))) {
      bytes.push(parseInt(String.fromCharCode(src[i + 1], src[i + 2]), 16)); i += 2;
    } else bytes.push(src[i]);
  }
  return utf8.decode(Buffer.from(bytes));
}

/** Starlette QueryParams: urllib.parse.parse_qsl(keep_blank_values=True); .get() returns the LAST value. */
export function parseQuery(qs) {
  const out = new Map();
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq), v = eq < 0 ? '' : part.slice(eq + 1);
    out.set(unquote(k.replace(/\+/g, ' ')), unquote(v.replace(/\+/g, ' ')));
  }
  return out;
}

/** json.dumps(..., ensure_ascii=False, separators=(",", ":")) with Python float reprs. */
export function dumps(v) {
  if (v instanceof PyFloat) return Number.isInteger(v.v) ? `${v.v}.0` : String(v.v);
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(dumps).join(',')}]`;
  if (typeof v === 'object') return `{${Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => `${JSON.stringify(k)}:${dumps(x)}`).join(',')}}`;
  return JSON.stringify(v);
}

const PY_JSON_MSG = [
  [/Expected property name|Expected double-quoted property name/, 'Expecting property name enclosed in double quotes'],
  [/Expected ',' or '[}\]]'|after (property value|array element)/, "Expecting ',' delimiter"],
  [/Expected ':'/, "Expecting ':' delimiter"],
  [/Unterminated string/, 'Unterminated string starting at'],
  [/Bad control character|Bad escaped character/, 'Invalid control character at'],
  [/non-whitespace character after JSON/, 'Extra data'],
];
/**
 * FastAPI 0.115 get_request_handler: the body is read only for operations that declare one. No Content-Type,
 * or application/json or application/*+json: json.loads; any other type: the raw bytes reach the model.
 */
export function readBody(buf, contentType) {
  if (!buf || buf.length === 0) return undefined; // "body" is None -> Field required for a required body
  let isJson = true;
  if (contentType) {
    const mt = contentType.split(';')[0].trim().toLowerCase();
    const [main, sub = ''] = mt.split('/');
    isJson = main === 'application' && (sub === 'json' || sub.endsWith('+json'));
  }
  if (!isJson) return buf;
  let text;
  try {
    const b = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf; // utf-8-sig
    text = utf8strict.decode(b);
  } catch { throw new HTTPException(400, 'There was an error parsing the body'); }
  try { return JSON.parse(text); } catch (e) {
    const m = /position (\d+)/.exec(e.message);
    const pos = m ? Number(m[1]) : text.length;
    const hit = PY_JSON_MSG.find(([re]) => re.test(e.message));
    const msg = text.trim() === '' ? 'Expecting value' : hit ? hit[1] : 'Expecting value';
    throw new RequestValidationError([{ loc: ['body', pos], type: 'json_invalid', msg: 'JSON decode error', ctx: { error: msg } }]);
  }
}
