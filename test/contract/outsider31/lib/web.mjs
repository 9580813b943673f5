// A tiny Express-4-shaped layer: qs-style query parsing, express.json()-like
// body parsing, a router with :params and a trailing wildcard, and an
// HttpError -> error-envelope handler.

export class HttpError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    if (details) this.details = details;
  }
}
export const badRequest = (message, details) => new HttpError(400, 'bad_request', message, details || []);
export const unauthorized = (m) => new HttpError(401, 'unauthorized', m);
export const forbidden = (m) => new HttpError(403, 'forbidden', m || 'You do not have permission to access this resource');
export const notFound = (m) => new HttpError(404, 'not_found', m);
export const conflict = (m) => new HttpError(409, 'conflict', m);

// ---------------------------------------------------------------- qs
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);
function qsDecode(s) {
  const t = s.replace(/\+/g, ' ');
  try { return decodeURIComponent(t); } catch { return t; }
}
function isPlain(o) { return o !== null && typeof o === 'object' && !Array.isArray(o); }
function merge(target, source) {
  if (target === undefined) return source;
  if (Array.isArray(target) && Array.isArray(source)) return target.concat(source);
  if (Array.isArray(target)) return target.concat([source]);
  if (isPlain(target) && isPlain(source)) {
    for (const [k, v] of Object.entries(source)) target[k] = merge(target[k], v);
    return target;
  }
  if (isPlain(target)) return target; // qs keeps the object when a scalar collides
  return [target].concat(source);
}
function buildFromSegments(segs, value) {
  let leaf = value;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i];
    if (s === '') { leaf = [leaf]; continue; }
    const idx = /^\d+$/.test(s) ? Number(s) : NaN;
    if (!Number.isNaN(idx) && idx <= 20) { const arr = []; arr[idx] = leaf; leaf = arr.filter(() => true); continue; }
    const o = {}; o[s] = leaf; leaf = o;
  }
  return leaf;
}
export function parseQuery(str) {
  const out = {};
  if (!str) return out;
  const parts = str.split('&').slice(0, 1000);
  for (const part of parts) {
    if (!part) continue;
    const eq = part.indexOf(']=') >= 0 ? part.indexOf(']=') + 1 : part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawVal = eq < 0 ? '' : part.slice(eq + 1);
    const key = qsDecode(rawKey);
    const val = qsDecode(rawVal);
    if (!key) continue;
    const b = key.indexOf('[');
    let parent = b > 0 ? key.slice(0, b) : key;
    const segs = [];
    if (b > 0) {
      let rest = key.slice(b);
      const re = /^\[([^[\]]*)\]/;
      let m;
      while ((m = re.exec(rest)) && segs.length < 5) { segs.push(m[1]); rest = rest.slice(m[0].length); }
      if (rest) segs.push(rest);
    }
    if (UNSAFE.has(parent) || segs.some((s) => UNSAFE.has(s))) continue;
    const value = buildFromSegments(segs, val);
    out[parent] = merge(out[parent], value);
  }
  return out;
}

// ---------------------------------------------------------------- body (express.json())
const LIMIT = 100 * 1024;
const HARD_CAP = 64 * 1024 * 1024;
export function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    let done = false;
    const finish = (r) => { if (!done) { done = true; resolve(r); } };
    req.on('data', (c) => {
      size += c.length;
      if (size > LIMIT) { tooLarge = true; chunks.length = 0; if (size > HARD_CAP) { finish({ tooLarge, aborted: true }); req.destroy(); } return; }
      chunks.push(c);
    });
    req.on('end', () => finish({ tooLarge, buf: tooLarge ? null : Buffer.concat(chunks) }));
    req.on('error', () => finish({ aborted: true }));
    req.on('close', () => finish({ aborted: true, tooLarge }));
  });
}

export function parseJsonBody(req, raw) {
  const ct = String(req.headers['content-type'] || '');
  const mime = ct.split(';')[0].trim().toLowerCase();
  // express.json() only looks at application/json; anything else leaves req.body = {}
  if (mime !== 'application/json') return {};
  if (raw.tooLarge) throw badRequest('request entity too large', [{ field: 'body', message: 'request entity too large' }]);
  const enc = String(req.headers['content-encoding'] || 'identity').toLowerCase();
  if (enc !== 'identity') throw badRequest(`unsupported content encoding "${enc}"`, [{ field: 'body', message: `unsupported content encoding "${enc}"` }]);
  const m = /charset\s*=\s*"?([^";]+)"?/i.exec(ct);
  const charset = m ? m[1].trim().toLowerCase() : 'utf-8';
  if (!['utf-8', 'utf8'].includes(charset)) throw badRequest(`unsupported charset "${charset.toUpperCase()}"`, [{ field: 'body', message: `unsupported charset "${charset.toUpperCase()}"` }]);
  const buf = raw.buf || Buffer.alloc(0);
  if (buf.length === 0) return {};
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buf);
  const first = text.replace(/^[\x20\x09\x0a\x0d]*/, '')[0];
  if (first !== '{' && first !== '[') {
    const msg = `Unexpected token ${first === undefined ? 'end of input' : JSON.stringify(first)} in JSON: request body must be an object or array`;
    throw badRequest(msg, [{ field: 'body', message: msg }]);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = String(e.message || 'Invalid JSON').slice(0, 300);
    throw badRequest(msg, [{ field: 'body', message: msg }]);
  }
}

// ---------------------------------------------------------------- router
export class Router {
  constructor() { this.routes = []; }
  add(method, pattern, handler) {
    const names = [];
    let src = '^';
    for (const seg of pattern.split('/').filter(Boolean)) {
      if (seg.startsWith('*')) { names.push('*' + (seg.slice(1) || '0')); src += '/(.+?)'; continue; }
      if (seg.startsWith(':')) { names.push(seg.slice(1)); src += '/([^/]+?)'; continue; }
      src += '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
    src += '/?$';
    this.routes.push({ method, re: new RegExp(src), names, handler, pattern });
  }
  get(p, h) { this.add('GET', p, h); }
  post(p, h) { this.add('POST', p, h); }
  patch(p, h) { this.add('PATCH', p, h); }
  delete(p, h) { this.add('DELETE', p, h); }
  match(method, path) {
    const m = method === 'HEAD' ? 'GET' : method;
    for (const r of this.routes) {
      if (r.method !== m) continue;
      const hit = r.re.exec(path);
      if (!hit) continue;
      const params = {};
      r.names.forEach((n, i) => {
        const raw = hit[i + 1];
        if (n.startsWith('*')) {
          // wildcard: decode each segment on its own, like express' decode_param per piece
          params[n.slice(1)] = raw.split('/').map((s) => decodeParam(s)).join('/');
        } else params[n] = decodeParam(raw);
      });
      return { route: r, params };
    }
    return null;
  }
}
function decodeParam(v) {
  try { return decodeURIComponent(v); } catch {
    throw badRequest(`Failed to decode param '${v}'`, [{ field: 'params', message: `Failed to decode param '${v}'` }]);
  }
}

export function send(res, status, body, head = false) {
  if (res.headersSent || res.writableEnded) return;
  res.statusCode = status;
  res.setHeader('X-Powered-By', 'Express');
  if (status === 204) { res.end(); return; }
  const json = JSON.stringify(body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(head ? undefined : json);
}

export function errorBody(err) {
  const body = { object: 'error', code: err.code, message: err.message };
  if (err.status === 400) body.details = err.details || [];
  return body;
}
