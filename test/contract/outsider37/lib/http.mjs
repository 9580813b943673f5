// Raw HTTP plumbing: JSON responses, body collection, Go-style query parsing.
import { envelope } from './errors.mjs';

export const BODY_LIMIT = 64 * 1024; // http.MaxBytesReader(w, r.Body, 64<<10)

export function sendJson(res, status, obj) {
  const data = JSON.stringify(obj);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) });
  res.end(data);
}

export function sendNoContent(res) {
  res.writeHead(204);
  res.end();
}

export function sendError(res, err) {
  sendJson(res, err.status, envelope(err));
}

// Collects the body up to BODY_LIMIT; past it, stops buffering and resolves early with tooLarge.
export function collectBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0, done = false;
    const finish = (v) => { if (!done) { done = true; resolve(v); } };
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > BODY_LIMIT) { finish({ buf: null, tooLarge: true }); return; }
      chunks.push(c);
    });
    req.on('end', () => finish({ buf: Buffer.concat(chunks), tooLarge: false }));
    req.on('error', () => finish({ buf: Buffer.alloc(0), tooLarge: false, aborted: true }));
    req.on('close', () => finish({ buf: Buffer.concat(chunks), tooLarge: false, aborted: !req.complete }));
  });
}

// net/url.ParseQuery as used through r.URL.Query(): pairs that fail to unescape, or that
// contain ';', are silently dropped; '+' means space; Get() returns the first value.
export function parseQuery(raw) {
  const m = new Map();
  if (!raw) return m;
  for (const part of raw.split('&')) {
    if (part === '' || part.includes(';')) continue;
    const i = part.indexOf('=');
    let k = i < 0 ? part : part.slice(0, i);
    let v = i < 0 ? '' : part.slice(i + 1);
    try {
      k = decodeURIComponent(k.replace(/\+/g, ' '));
      v = decodeURIComponent(v.replace(/\+/g, ' '));
    } catch { continue; }
    if (!m.has(k)) m.set(k, v);
  }
  return m;
}

// r.URL.Query().Get(name): "" counts as absent.
export function q(query, name) {
  const v = query.get(name);
  return v === undefined || v === '' ? undefined : v;
}
