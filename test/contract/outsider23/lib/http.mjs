// hyper + axum plumbing: a RequestBodyLimitLayer in front, a Router with per-version nested routes,
// a route_layer authenticating the `x-api-key`, and AppError -> envelope in into_response.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { AppError, envelope } from './errors.mjs';
import { db, liveSite, parseUuidKey } from './auth-support.mjs';

export const BODY_LIMIT = 2 * 1024 * 1024; // axum's DefaultBodyLimit (2 MiB)
const BODY_IDLE_MS = 10_000;

export class Router {
  constructor() { this.routes = []; }
  route(path, methods) {
    const segs = path.split('/').slice(1);
    this.routes.push({ path, segs, methods });
    return this;
  }
  nest(prefix, router) {
    for (const r of router.routes) this.route(prefix + r.path, r.methods);
    return this;
  }
  match(pathname) {
    const segs = pathname.split('/').slice(1);
    for (const r of this.routes) {
      if (r.segs.length !== segs.length) continue;
      const params = {};
      let ok = true;
      for (let k = 0; k < segs.length; k++) {
        const p = r.segs[k];
        if (p.startsWith('{')) {
          if (!segs[k]) { ok = false; break; }
          params[p.slice(1, -1)] = segs[k];
        } else if (p !== segs[k]) { ok = false; break; }
      }
      if (ok) return { route: r, params };
    }
    return null;
  }
}

function send(res, status, body, extraHeaders = {}) {
  if (res.headersSent || res.destroyed) return;
  const headers = { ...extraHeaders };
  let payload = '';
  if (status !== 204 && body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  headers['content-length'] = Buffer.byteLength(payload);
  res.writeHead(status, headers);
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}

function sendError(res, err, extra = {}) {
  if (!(err instanceof AppError)) {
    process.stderr.write(`[outsider23] unhandled: ${err && err.stack}\n`);
    err = AppError.badRequest('the request could not be processed', [{ field: 'request', message: 'the request could not be processed' }]);
  }
  send(res, err.status, envelope(err), { ...extra, ...(err.headers || {}) });
}

function percentDecodeParam(name, raw) {
  try {
    const bytes = [];
    for (let k = 0; k < raw.length; k++) {
      if (raw[k] === '%' && /^[0-9a-fA-F]{2}$/.test(raw.slice(k + 1, k + 3))) { bytes.push(parseInt(raw.slice(k + 1, k + 3), 16)); k += 2; }
      else for (const b of Buffer.from(raw[k], 'utf8')) bytes.push(b);
    }
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(bytes));
  } catch {
    throw AppError.badRequest('Invalid URL: Cannot parse percent-encoded path parameter as UTF-8', [{ field: name, message: 'invalid UTF-8 after percent-decoding' }]);
  }
}

// route_layer(from_fn(require_api_key))
function authenticate(req) {
  let key;
  const raw = req.rawHeaders;
  for (let k = 0; k < raw.length; k += 2) if (raw[k].toLowerCase() === 'x-api-key') { key = raw[k + 1]; break; } // HeaderMap::get = first value
  if (key === undefined || key === '') throw AppError.unauthorized('missing `x-api-key` header');
  const asUuid = parseUuidKey(key);
  if (asUuid) {
    for (const s of db.sites.values()) {
      if (s.deletedAt) continue;
      if (s.siteApiKey === asUuid) return { kind: 'site', siteId: s.id, workspaceId: s.workspaceId };
      if (s.publicApiKey === asUuid) return { kind: 'public', siteId: s.id, workspaceId: s.workspaceId };
    }
    throw AppError.unauthorized('invalid API key');
  }
  const ws = db.appKeys.get(key);
  if (!ws || !db.workspaces.has(ws)) throw AppError.unauthorized('invalid API key');
  return { kind: 'app', workspaceId: ws };
}

export function createHttpServer(router) {
  const server = http.createServer({ maxHeaderSize: 16 * 1024, requireHostHeader: false }, (req, res) => {
    const requestId = typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 128 ? req.headers['x-request-id'] : randomUUID();
    res.setHeader('x-request-id', requestId);
    const closeWith = (err) => {
      res.setHeader('connection', 'close');
      sendError(res, err);
      res.on('finish', () => setTimeout(() => req.socket.destroy(), 50));
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > BODY_LIMIT) {
      req.pause();
      return closeWith(AppError.badRequest('Failed to buffer the request body: length limit exceeded', [{ field: 'body', message: `length limit exceeded (${BODY_LIMIT} bytes)` }]));
    }
    const chunks = [];
    let size = 0;
    let done = false;
    let idle = setTimeout(onIdle, BODY_IDLE_MS);
    function onIdle() {
      if (done) return;
      done = true;
      closeWith(AppError.badRequest('Failed to buffer the request body: timed out', [{ field: 'body', message: 'no data received for 10 seconds' }]));
    }
    req.on('data', (c) => {
      if (done) return;
      clearTimeout(idle);
      idle = setTimeout(onIdle, BODY_IDLE_MS);
      size += c.length;
      if (size > BODY_LIMIT) {
        done = true;
        clearTimeout(idle);
        req.pause();
        return closeWith(AppError.badRequest('Failed to buffer the request body: length limit exceeded', [{ field: 'body', message: `length limit exceeded (${BODY_LIMIT} bytes)` }]));
      }
      chunks.push(c);
    });
    req.on('error', () => { done = true; clearTimeout(idle); });
    req.on('end', () => {
      if (done) return;
      done = true;
      clearTimeout(idle);
      req.body = Buffer.concat(chunks);
      dispatch(router, req, res).catch((e) => sendError(res, e));
    });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify(envelope(AppError.badRequest('malformed HTTP request', [{ field: 'request', message: String(err.code || 'bad request') }])));
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  server.requestTimeout = 0;
  server.headersTimeout = 20_000;
  server.keepAliveTimeout = 5_000;
  return server;
}

async function dispatch(router, req, res) {
  const url = req.url || '/';
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  req.rawQuery = q < 0 ? '' : url.slice(q + 1);
  const m = pathname.startsWith('/') ? router.match(pathname) : null;
  if (!m) throw AppError.notFound(`no route for ${req.method} ${pathname}`);
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const handler = m.route.methods[method];
  if (!handler) {
    const allow = Object.keys(m.route.methods).flatMap((x) => (x === 'GET' ? ['GET', 'HEAD'] : [x])).join(',');
    throw new AppError(404, 'not_found', `no route for ${req.method} ${m.route.path}`, undefined, { allow });
  }
  req.principal = authenticate(req);
  const params = {};
  for (const [k, v] of Object.entries(m.params)) params[k] = percentDecodeParam(k, v);
  req.params = params;
  const out = await handler(req);
  send(res, out.status, out.body, out.headers);
}
