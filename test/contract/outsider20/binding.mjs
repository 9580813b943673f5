// Model binding, as ASP.NET Core does it: Kestrel's path decoding, QueryHelpers' query parsing,
// simple-type binders (Guid.TryParse, int.Parse), and the [FromBody] JSON input formatter with
// System.Text.Json's web defaults (case-insensitive property names, last duplicate wins).
import { tryParseGuidExact, EMPTY_GUID } from './sqlserver.mjs';
import { parseJson, JsonObject, JsonReaderError } from './json.mjs';
import { messages } from './validation.mjs';

export const MAX_REQUEST_BODY_SIZE = 30_000_000; // Kestrel's default MaxRequestBodySize
const BODY_STALL_MS = 10_000; // MinRequestBodyDataRate: a body that stops arriving is given up on

// ---------------------------------------------------------------------------------------------
// Percent-decoding

// Decodes runs of valid %XX escapes as UTF-8; escapes that are not valid (or not valid UTF-8) stay
// as written, as Uri.UnescapeDataString and Kestrel leave them. `keepSlash` keeps %2F encoded, the
// way Kestrel leaves it in Request.Path.
export function unescapeData(text, keepSlash = false) {
  if (!text.includes('%')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '%') {
      const next = text.indexOf('%', i);
      const end = next < 0 ? text.length : next;
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const bytes = [];
    let j = i;
    while (j + 2 < text.length && text[j] === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(j + 1, j + 3))) {
      const b = parseInt(text.slice(j + 1, j + 3), 16);
      if (keepSlash && b === 0x2f) break;
      bytes.push(b);
      j += 3;
    }
    if (bytes.length === 0) {
      if (keepSlash && /^%2f/i.test(text.slice(i, i + 3))) {
        out += text.slice(i, i + 3);
        i += 3;
      } else {
        out += '%';
        i += 1;
      }
      continue;
    }
    try {
      out += new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
    } catch {
      out += text.slice(i, j);
    }
    i = j;
  }
  return out;
}

// Kestrel's request path: percent-decoded except %2F, then "." and ".." segments removed.
export function kestrelPath(rawTarget) {
  let target = rawTarget;
  if (/^https?:\/\//i.test(target)) {
    const afterScheme = target.indexOf('//') + 2;
    const slash = target.indexOf('/', afterScheme);
    target = slash < 0 ? '/' : target.slice(slash);
  }
  const q = target.indexOf('?');
  const rawPath = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1);
  if (!rawPath.startsWith('/')) return { path: null, query };
  const decoded = unescapeData(rawPath, true);
  const out = [];
  const segments = decoded.split('/');
  for (let k = 1; k < segments.length; k++) {
    const s = segments[k];
    if (s === '.') {
      if (k === segments.length - 1) out.push('');
      continue;
    }
    if (s === '..') {
      out.pop();
      if (k === segments.length - 1) out.push('');
      continue;
    }
    out.push(s);
  }
  return { path: `/${out.join('/')}`, query };
}

// ---------------------------------------------------------------------------------------------
// Query string (QueryHelpers.ParseQuery): "+" is a space, names compare case-insensitively, and a
// scalar parameter binds to the FIRST value given.

export function parseQuery(query) {
  const map = new Map();
  if (!query) return map;
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = unescapeData((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
    const value = unescapeData((eq < 0 ? '' : part.slice(eq + 1)).replace(/\+/g, ' '));
    const key = name.toLowerCase();
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(value);
  }
  return map;
}

// int.Parse(s, NumberStyles.Integer, CultureInfo.InvariantCulture): white space around, an
// optional sign, digits, within Int32.
function parseInt32(raw) {
  const m = /^[\t\n\v\f\r ]*([+-]?)(\d+)[\t\n\v\f\r ]*$/.exec(raw);
  if (!m) return null;
  const n = Number(`${m[1]}${m[2].replace(/^0+(?=\d)/, '')}`);
  if (!Number.isSafeInteger(n) || n > 2147483647 || n < -2147483648) return null;
  return Object.is(n, -0) ? 0 : n;
}

// Binds the query parameters an action declares. Empty values are treated as absent (ASP.NET's
// ConvertEmptyStringToNull), which makes a required one "required".
export function bindQuery(query, declared, state) {
  const values = {};
  for (const p of declared) {
    const raw = query.get(p.name.toLowerCase())?.[0];
    if (raw === undefined || raw === '') {
      if (p.required) state.add(p.name, messages.required(p.name));
      values[p.name] = p.default ?? null;
      continue;
    }
    if (p.type === 'guid') {
      // A query Guid is read in the "D" format alone, as the body's is: both documents declare
      // `format: uuid`. [FromQuery] Guid's TryParse took the N and B forms, which broke the format
      // (the contract suite's near misses caught it).
      const g = tryParseGuidExact(raw);
      if (g === null) state.add(p.name, messages.notValidFor(raw, p.name));
      values[p.name] = g;
    } else if (p.type === 'int') {
      const n = parseInt32(raw);
      if (n === null) state.add(p.name, messages.notValidFor(raw, p.name));
      values[p.name] = n;
    } else if (p.type === 'flag') {
      // The documents enumerate "true" | "false"; bool.Parse's other spellings are refused.
      if (raw !== 'true' && raw !== 'false') state.add(p.name, messages.notValidFor(raw, p.name));
      values[p.name] = raw === 'true' ? true : raw === 'false' ? false : null;
    } else {
      values[p.name] = raw;
    }
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Request body

// Reads the body, never holding more than MAX_REQUEST_BODY_SIZE bytes and never waiting on a
// stalled client for more than BODY_STALL_MS.
export function readBody(req) {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_REQUEST_BODY_SIZE) {
      resolve({ buffer: null, tooLarge: true, complete: false });
      return;
    }
    const chunks = [];
    let size = 0;
    let settled = false;
    let timer = null;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      resolve(result);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish({ buffer: null, stalled: true, complete: false }), BODY_STALL_MS);
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BODY_SIZE) {
        req.pause();
        finish({ buffer: null, tooLarge: true, complete: false });
        return;
      }
      chunks.push(chunk);
      arm();
    };
    const onEnd = () => finish({ buffer: Buffer.concat(chunks), complete: true });
    const onError = () => finish({ buffer: null, aborted: true, complete: false });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    if (req.readableEnded) onEnd();
    else arm();
  });
}

function mediaType(header) {
  if (!header) return null;
  const [type, ...params] = header.split(';');
  const result = { type: type.trim().toLowerCase(), charset: null };
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    if (p.slice(0, eq).trim().toLowerCase() === 'charset') {
      result.charset = p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    }
  }
  return result;
}

function isJsonMediaType(type) {
  return type === 'application/json' || type === 'text/json' || /^application\/[^/\s]+\+json$/.test(type);
}

const TYPE_NAMES = {
  string: 'System.String',
  guid: 'System.Guid',
  bool: 'System.Nullable`1[System.Boolean]',
};

const REQUIRED_MODEL = { field: 'request', message: 'The request field is required.' };

// Runs the JSON input formatter and binds the DTO. Returns { values, present } or null when the
// body could not be read at all (the problems are then in `state`).
export function bindBody(body, contentType, dto, state) {
  if (body.tooLarge) {
    state.add('$', `Request body too large. The max request body size is ${MAX_REQUEST_BODY_SIZE} bytes.`);
    return null;
  }
  if (body.stalled || body.aborted) {
    state.add('$', 'Reading the request body timed out due to data arriving too slowly. See MinRequestBodyDataRate.');
    return null;
  }
  if (body.buffer.length === 0) {
    state.add('$', 'A non-empty request body is required.');
    return null;
  }
  const media = mediaType(contentType);
  if (!media || !isJsonMediaType(media.type)) {
    state.add('$', `Unsupported Media Type: '${contentType ?? ''}'. The body must be sent as application/json, text/json or application/*+json.`);
    return null;
  }
  let encoding = 'utf-8';
  if (media.charset !== null) {
    if (media.charset === 'utf-8' || media.charset === 'utf8') encoding = 'utf-8';
    else if (media.charset === 'utf-16' || media.charset === 'unicode') encoding = 'utf-16le';
    else {
      state.add('$', `Unsupported Media Type: the charset '${media.charset}' is not supported; use utf-8 or utf-16.`);
      return null;
    }
  }
  let text;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(body.buffer);
  } catch {
    state.add('$', 'Cannot read invalid UTF-8 JSON text. Path: $ | LineNumber: 0 | BytePositionInLine: 0.');
    state.add(REQUIRED_MODEL.field, REQUIRED_MODEL.message);
    return null;
  }
  let root;
  try {
    root = parseJson(text);
  } catch (e) {
    if (!(e instanceof JsonReaderError)) throw e;
    state.add('$', e.message);
    state.add(REQUIRED_MODEL.field, REQUIRED_MODEL.message);
    return null;
  }
  if (root === null) {
    state.add(REQUIRED_MODEL.field, REQUIRED_MODEL.message);
    return null;
  }
  if (!(root instanceof JsonObject)) {
    state.add('$', `The JSON value could not be converted to ${dto.className}. Path: $ | LineNumber: 0 | BytePositionInLine: ${Buffer.byteLength(text.replace(/^\uFEFF/, '').trimStart().slice(0, 1))}.`);
    state.add(REQUIRED_MODEL.field, REQUIRED_MODEL.message);
    return null;
  }

  const values = {};
  const present = {};
  for (const prop of dto.properties) {
    let entry = null;
    const wanted = prop.name.toLowerCase();
    for (const e of root.entries) if (e.key.toLowerCase() === wanted) entry = e;
    present[prop.name] = entry !== null;
    values[prop.name] = prop.type === 'guid' ? EMPTY_GUID : null;
    if (!entry) continue;
    const v = entry.value;
    const conversionError = () => {
      const pos = root.positionAt(entry.end);
      state.add(prop.name, `The JSON value could not be converted to ${TYPE_NAMES[prop.type]}. Path: $.${entry.key} | LineNumber: ${pos.line} | BytePositionInLine: ${pos.byte}.`);
    };
    if (prop.type === 'guid') {
      const g = tryParseGuidExact(v);
      if (g === null) conversionError();
      else values[prop.name] = g;
    } else if (prop.type === 'string') {
      if (v !== null && typeof v !== 'string') conversionError();
      else values[prop.name] = v;
    } else if (prop.type === 'bool') {
      if (v !== null && typeof v !== 'boolean') conversionError();
      else values[prop.name] = v;
    }
  }
  return { values, present };
}
