import { ApiError, badRequest } from './errors.mjs';

export const MAX_BODY = 64 * 1024; // Symfony-side guard (nginx client_max_body_size 64k)

export function sendJson(res, status, body, extraHeaders) {
  const payload = JSON.stringify(body);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-cache, private',
    'x-content-type-options': 'nosniff',
    ...extraHeaders,
  };
  res.writeHead(status, headers);
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}

export function sendEmpty(res, status) {
  res.writeHead(status, { 'cache-control': 'no-cache, private' });
  res.end();
}

// Reads the raw body; never throws, never buffers more than MAX_BODY.
export function readRaw(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) { tooLarge = true; return; }
      chunks.push(c);
    });
    req.on('end', () => resolve({ tooLarge, buf: tooLarge ? null : Buffer.concat(chunks) }));
    req.on('error', () => resolve({ tooLarge: false, buf: Buffer.alloc(0), aborted: true }));
  });
}

// PHP-style query parsing: '+' is a space, the LAST repeated key wins,
// "key[]" produces an array (which every string parameter then refuses).
export function parseQuery(qs) {
  const out = Object.create(null);
  if (!qs) return out;
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    let k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    k = lenientDecode(k);
    const val = lenientDecode(v);
    const m = /^([^\[]+)\[(.*)\]$/.exec(k);
    if (m) {
      const cur = out[m[1]];
      if (Array.isArray(cur)) cur.push(val); else out[m[1]] = [val];
    } else out[k] = val;
  }
  return out;
}

function lenientDecode(s) {
  s = s.replace(/\+/g, ' ');
  try { return decodeURIComponent(s); } catch { return s; }
}

// Parses a JSON object body once the resource has been read (API Platform's
// DeserializeListener runs after ReadListener).
export async function jsonBody(ctx) {
  const { req } = ctx;
  const ct = String(req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
  const allowed = req.method === 'PATCH' ? ['application/json', 'application/merge-patch+json'] : ['application/json'];
  const raw = await ctx.raw();
  if (raw.tooLarge) throw badRequest('Request body too large (limit 65536 bytes).', [{ field: 'body', message: 'The request body must not exceed 65536 bytes.' }]);
  if (!allowed.includes(ct)) {
    throw badRequest(`The content-type "${ct || '(none)'}" is not supported. Supported MIME types are "${allowed.join('", "')}".`,
      [{ field: 'Content-Type', message: 'This value should be one of: ' + allowed.join(', ') + '.' }]);
  }
  const text = raw.buf.toString('utf8');
  if (text.trim() === '') throw badRequest('Syntax error: the request body is empty.', [{ field: 'body', message: 'The request body must be a JSON object.' }]);
  let data;
  try { data = JSON.parse(text); } catch { throw badRequest('Syntax error: the request body is not valid JSON.', [{ field: 'body', message: 'Syntax error.' }]); }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw badRequest('The request body must be a JSON object.', [{ field: 'body', message: 'This value should be of type object.' }]);
  }
  return data;
}

export { ApiError };
