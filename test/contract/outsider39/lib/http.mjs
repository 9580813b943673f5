import { badRequest } from './errors.mjs';

export const MAX_BODY = 64 * 1024; // quarkus.http.limits.max-body-size=64K

export function sendJson(res, status, body, headers = {}, head = false) {
  if (status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(head ? undefined : text);
}

// Reads the whole body (draining past the limit so the client always gets an answer).
export function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) { tooLarge = true; chunks.length = 0; return; }
      chunks.push(c);
    });
    req.on('end', () => resolve({ tooLarge, buf: tooLarge ? null : Buffer.concat(chunks) }));
    req.on('error', () => resolve({ tooLarge: false, aborted: true, buf: Buffer.alloc(0) }));
  });
}

// Query string parser: first occurrence wins (JAX-RS @QueryParam single-valued semantics).
export function parseQuery(qs) {
  const out = new Map();
  const bad = [];
  if (!qs) return { query: out, bad };
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawK = eq < 0 ? part : part.slice(0, eq);
    const rawV = eq < 0 ? '' : part.slice(eq + 1);
    let k, v;
    try { k = decodeURIComponent(rawK.replace(/\+/g, ' ')); } catch { bad.push(rawK); continue; }
    try { v = decodeURIComponent(rawV.replace(/\+/g, ' ')); } catch { bad.push(k); continue; }
    if (!out.has(k)) out.set(k, v);
  }
  return { query: out, bad };
}

export function parseJsonBody(req, body) {
  // returns the parsed object or throws 400
  const ct = String(req.headers['content-type'] || '');
  const empty = !body.buf || body.buf.length === 0;
  if (body.tooLarge) throw badRequest([{ field: 'body', message: `request body exceeds ${MAX_BODY} bytes` }], 'Request body too large');
  if (empty) throw badRequest([{ field: 'body', message: 'must not be null' }], 'Request body is required');
  const mt = ct.split(';')[0].trim().toLowerCase();
  if (mt !== 'application/json') {
    throw badRequest([{ field: 'Content-Type', message: 'must be application/json' }], 'Unsupported content type');
  }
  let text;
  try { text = new TextDecoder('utf-8', { fatal: true }).decode(body.buf); } catch {
    throw badRequest([{ field: 'body', message: 'body is not valid UTF-8' }], 'Malformed JSON body');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let v;
  try { v = JSON.parse(text); } catch {
    throw badRequest([{ field: 'body', message: 'malformed JSON' }], 'Malformed JSON body');
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw badRequest([{ field: 'body', message: 'must be a JSON object' }], 'Malformed JSON body');
  }
  return v;
}
