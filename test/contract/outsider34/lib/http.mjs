// The Ktor-shaped pieces: ApiException + StatusPages envelope, routing with
// 404/405, query decoding, body receive with a size cap, and the
// kotlinx.serialization-like body decoder (ignoreUnknownKeys = false,
// coerceInputValues = false, isLenient = false) that reports every bad field.
import { parseStrictJson, JsonSyntaxError, isPlainObject } from './json.mjs';

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
export const badRequest = (details, message = 'The request is invalid.') => new ApiError(400, 'bad_request', message, details);
export const notFound = (message) => new ApiError(404, 'not_found', message);
export const forbidden = (message) => new ApiError(403, 'forbidden', message);
export const conflict = (message) => new ApiError(409, 'conflict', message);
export const unauthorized = (message) => new ApiError(401, 'unauthorized', message);

export function sendJson(res, status, body, extraHeaders = {}) {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  res.end(text);
}
export function sendEmpty(res, status) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status);
  res.end();
}
export function errorBody(err) {
  const body = { object: 'error', code: err.code, message: err.message };
  if (err.status === 400) body.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
  return body;
}

// ---------- routing ----------
export function splitPath(rawPath) {
  // Ktor decodes each segment on its own, so "%2F" lands inside a parameter.
  const segs = rawPath.split('/').slice(1);
  const out = [];
  for (const s of segs) {
    try {
      out.push(decodeURIComponent(s));
    } catch {
      throw badRequest([{ field: 'path', message: 'contains an invalid percent-encoding' }], 'The request path is not correctly encoded.');
    }
  }
  return out;
}

export function matchRoute(routes, method, segs) {
  const allowed = [];
  for (const r of routes) {
    if (r.segments.length !== segs.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < segs.length; i++) {
      const p = r.segments[i];
      if (p.startsWith('{')) {
        if (segs[i] === '') { ok = false; break; }
        params[p.slice(1, -1)] = segs[i];
      } else if (p !== segs[i]) { ok = false; break; }
    }
    if (!ok) continue;
    if (r.method === method) return { route: r, params };
    allowed.push(r.method);
  }
  return { route: null, allowed };
}

// ---------- query ----------
export function parseQuery(raw) {
  const map = new Map();
  const dups = new Set();
  if (!raw) return { map, dups };
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const kRaw = eq < 0 ? part : part.slice(0, eq);
    const vRaw = eq < 0 ? '' : part.slice(eq + 1);
    let k, v;
    try {
      k = decodeURIComponent(kRaw.replace(/\+/g, ' '));
      v = decodeURIComponent(vRaw.replace(/\+/g, ' '));
    } catch {
      throw badRequest([{ field: 'query', message: 'contains an invalid percent-encoding' }], 'The query string is not correctly encoded.');
    }
    if (map.has(k)) dups.add(k);
    else map.set(k, v);
  }
  return { map, dups };
}

// ---------- body ----------
export const BODY_LIMIT = 64 * 1024;
const DRAIN_LIMIT = 8 * 1024 * 1024;

export function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let done = false;
    const finish = (v) => { if (!done) { done = true; resolve(v); } };
    req.on('data', (c) => {
      size += c.length;
      if (size <= BODY_LIMIT) chunks.push(c);
      else if (size > DRAIN_LIMIT) finish({ tooLarge: true, abort: true });
    });
    req.on('end', () => finish(size > BODY_LIMIT ? { tooLarge: true } : { buf: Buffer.concat(chunks) }));
    req.on('error', () => finish({ tooLarge: false, aborted: true, buf: Buffer.alloc(0) }));
    req.on('aborted', () => finish({ aborted: true, buf: Buffer.alloc(0) }));
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function checkContentType(req) {
  const ct = req.headers['content-type'];
  if (!ct) return 'Content-Type must be application/json';
  const [type, ...params] = ct.split(';').map((s) => s.trim());
  if (type.toLowerCase() !== 'application/json') return 'Content-Type must be application/json';
  for (const p of params) {
    if (p === '') continue;
    const [k, v = ''] = p.split('=').map((s) => s.trim());
    if (k.toLowerCase() === 'charset' && v.replace(/"/g, '').toLowerCase() !== 'utf-8') return 'only the UTF-8 charset is supported';
  }
  return null;
}

// Returns the parsed JSON value, or throws a 400.
export function decodeJsonBody(buf) {
  if (!buf || buf.length === 0) throw badRequest([{ field: 'body', message: 'a JSON object is required' }], 'The request body is missing.');
  let text;
  try {
    text = utf8.decode(buf);
  } catch {
    throw badRequest([{ field: 'body', message: 'is not valid UTF-8' }], 'The request body is not valid UTF-8.');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return parseStrictJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw badRequest([{ field: 'body', message: `is not valid JSON: ${e.message}` }], 'The request body is not valid JSON.');
    throw e;
  }
}

// schema: { field: { type: 'string'|'boolean', required, nullable, check(v) -> msg|null, refuse: msg } }
export function decodeObject(value, schema, details, query = {}) {
  if (!isPlainObject(value)) {
    details.push({ field: 'body', message: 'must be a JSON object' });
    return null;
  }
  const out = Object.create(null);
  for (const key of Object.keys(value)) {
    const spec = Object.prototype.hasOwnProperty.call(schema, key) ? schema[key] : null;
    if (!spec) { details.push({ field: key, message: 'is not a known field' }); continue; }
    if (spec.refuse) { details.push({ field: key, message: spec.refuse }); continue; }
    const v = value[key];
    if (v === null) {
      if (spec.nullable) out[key] = null;
      else details.push({ field: key, message: 'must not be null' });
      continue;
    }
    if (spec.type === 'string' && typeof v !== 'string') { details.push({ field: key, message: 'must be a string' }); continue; }
    if (spec.type === 'boolean' && typeof v !== 'boolean') { details.push({ field: key, message: 'must be a boolean' }); continue; }
    const problem = spec.check ? spec.check(v, query) : null;
    if (problem) { details.push({ field: key, message: problem }); continue; }
    out[key] = v;
  }
  for (const [key, spec] of Object.entries(schema)) {
    if (spec.required && !Object.prototype.hasOwnProperty.call(value, key)) details.push({ field: key, message: 'is required' });
  }
  return out;
}
