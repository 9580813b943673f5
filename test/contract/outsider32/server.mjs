// Entry point: an Ember-like server. Pipeline per request, in this order:
//   URI parsing (400) -> AuthMiddleware (401) -> Router (404 on no match) ->
//   route capability (403) -> query+body decoding, accumulated (400) ->
//   lookups (404) -> ownership (403) -> business rules (400/409) -> commit.
import http from 'node:http';
import { seed } from './lib/store.mjs';
import { authenticate, route } from './lib/api.mjs';
import { ApiError, badRequest, notFound, errorBody } from './lib/core.mjs';
import { parseStrictJson, JsonSyntaxError } from './lib/json.mjs';

const BODY_LIMIT = 64 * 1024;            // EntityLimiter
const DRAIN_LIMIT = 16 * 1024 * 1024;    // beyond this, answer early and close
const args = process.argv.slice(2);
let port = 0;
for (let i = 0; i < args.length; i++) if (args[i] === '--port') port = Number(args[++i]);
if (!Number.isInteger(port) || port < 0 || port > 65535) { process.stderr.write('invalid --port\n'); process.exit(2); }

const seeded = seed();
const log = (...a) => process.stderr.write(a.join(' ') + '\n');

function send(res, status, body, extraHeaders = {}) {
  if (res.headersSent || res.destroyed) return;
  if (status === 204 || body === null) { res.writeHead(status, extraHeaders); res.end(); return; }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...extraHeaders });
  res.end(text);
}
const sendError = (res, e, extra) => send(res, e.status, errorBody(e), extra);

function parseTarget(url) {
  if (typeof url !== 'string' || url[0] !== '/') throw notFound('No route matches this request.');
  const qi = url.indexOf('?');
  const rawPath = qi === -1 ? url : url.slice(0, qi);
  const rawQuery = qi === -1 ? '' : url.slice(qi + 1);
  const hash = rawQuery.indexOf('#');
  const qs = hash === -1 ? rawQuery : rawQuery.slice(0, hash);
  let seg;
  try { seg = rawPath.slice(1).split('/').map((s) => decodeURIComponent(s)); }
  catch { throw badRequest('Malformed request path: invalid percent-encoding.', [{ field: 'path', message: 'invalid percent-encoding' }]); }
  const map = new Map(); const keys = [];
  if (qs !== '') {
    for (const part of qs.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      let k, v;
      try {
        k = decodeURIComponent((eq === -1 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
        v = eq === -1 ? null : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
      } catch { throw badRequest('Malformed query string: invalid percent-encoding.', [{ field: 'query', message: 'invalid percent-encoding' }]); }
      if (!map.has(k)) { map.set(k, []); keys.push(k); }
      map.get(k).push(v);
    }
  }
  return { seg, query: { map, keys } };
}

function makeJsonReader(req, buf) {
  return () => {
    const ct = req.headers['content-type'];
    if (!ct) throw badRequest('Content-Type must be application/json.', [{ field: 'Content-Type', message: 'missing; expected application/json' }]);
    const [mt, ...params] = ct.split(';').map((s) => s.trim().toLowerCase());
    const okParams = params.every((p) => p === '' || p === 'charset=utf-8' || p === 'charset="utf-8"');
    if (mt !== 'application/json' || !okParams) throw badRequest('Content-Type must be application/json.', [{ field: 'Content-Type', message: `'${ct.slice(0, 80)}' is not supported; expected application/json` }]);
    if (buf.length === 0) throw badRequest('Malformed message body: the body is empty; a JSON object is required.');
    let text;
    try { text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf); }
    catch { throw badRequest('Malformed message body: not valid UTF-8.'); }
    try { return parseStrictJson(text); }
    catch (e) { if (e instanceof JsonSyntaxError) throw badRequest(`Malformed message body: Invalid JSON: ${e.message}.`); throw e; }
  };
}

function handle(req, res, buf, tooLarge) {
  const started = Date.now();
  // The access log, as http4s's Logger middleware writes it, at the level LOG_LEVEL=debug turns on.
  if (process.env.LOG_LEVEL === 'debug') res.on('finish', () => log(`${req.method} ${String(req.url).slice(0, 200)} -> ${res.statusCode} (${Date.now() - started}ms)`));
  try {
    const { seg, query } = parseTarget(req.url);
    const p = authenticate(req.headers);
    const h = route(req.method, seg);
    if (!h) throw notFound(`No route matches ${req.method} ${String(req.url).split('?')[0].slice(0, 200)}.`);
    const ctx = { p, query, json: makeJsonReader(req, buf), bodyError: tooLarge ? badRequest(`Request body exceeds the limit of ${BODY_LIMIT} bytes.`) : null };
    const [status, body] = h(ctx);
    send(res, status, body);
  } catch (e) {
    if (e instanceof ApiError) return sendError(res, e, tooLarge ? { Connection: 'close' } : {});
    log('internal error:', e && e.stack);
    // never leak an unexpected failure as a non-envelope response
    sendError(res, badRequest('The request could not be processed.'));
  }
}

const server = http.createServer({ maxHeaderSize: 16384 }, (req, res) => {
  const chunks = []; let size = 0; let tooLarge = false; let done = false;
  const finish = () => { if (done) return; done = true; handle(req, res, tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge); };
  req.on('data', (c) => {
    size += c.length;
    if (tooLarge) { if (size > DRAIN_LIMIT) finish(); return; } // keep draining, then answer
    if (size > BODY_LIMIT) { tooLarge = true; chunks.length = 0; return; }
    chunks.push(c);
  });
  req.on('end', finish);
  req.on('error', () => { if (!done) { done = true; res.destroy(); } });
});
server.headersTimeout = 20000;
server.requestTimeout = 30000;
server.keepAliveTimeout = 5000;
server.on('clientError', (err, socket) => {
  if (!socket.writable) { socket.destroy(); return; }
  const body = JSON.stringify({ object: 'error', code: 'bad_request', message: `Malformed HTTP request (${err.code || 'parse error'}).`, details: [{ field: 'request', message: 'malformed HTTP request' }] });
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
});

server.listen(port, '127.0.0.1', () => {
  const a = server.address();
  process.stdout.write(JSON.stringify({ baseUrl: `http://127.0.0.1:${a.port}`, apiKey: seeded.apiKey, workspaceId: seeded.workspaceId, siteApiKey: seeded.siteApiKey, otherApiKey: seeded.otherApiKey }) + '\n');
  log(`listening on 127.0.0.1:${a.port}`);
});
const stop = () => { server.close(() => process.exit(0)); server.closeAllConnections?.(); setTimeout(() => process.exit(0), 2000).unref(); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('uncaughtException', (e) => log('uncaught:', e && e.stack));
