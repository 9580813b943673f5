// outsider19 — the Site-Building Service API, built the way a Go team builds a service on
// net/http (Go 1.22 ServeMux patterns), encoding/json, go-playground/validator and
// PostgreSQL through pgx, ported to plain Node ESM with in-memory tables.
//
//   node server.mjs --port 0     prints one JSON line with baseUrl and keys on stdout.
//   import { startServer } from './server.mjs'

import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { createDB, begin } from './db.mjs';
import { seed } from './seed.mjs';
import { ServeMux } from './mux.mjs';
import { authenticate, firstHeader, permitted } from './auth.mjs';
import { marshalIndent } from './gojson.mjs';
import { ApiError, MAX_BODY_BYTES, badRequest, unauthorized, forbidden, notFound } from './common.mjs';
import * as sites from './sites.mjs';
import * as locales from './locales.mjs';
import * as pages from './pages.mjs';
import * as routes from './routes.mjs';

const log = (msg) => process.stderr.write(`${new Date().toISOString()} ${msg}\n`);

function routesMux() {
  const mux = new ServeMux();
  const add = (pattern, op, handler, body = false) => mux.handle(pattern, handler, { op, body });
  add('GET /v2/sites', 'listSites', sites.listSites);
  add('POST /v2/sites', 'createSite', sites.createSite, true);
  add('GET /v2/sites/{siteId}', 'getSite', sites.getSite);
  add('PATCH /v2/sites/{siteId}', 'updateSite', sites.updateSite, true);
  add('DELETE /v2/sites/{siteId}', 'deleteSite', sites.deleteSite);
  add('POST /v2/sites/{siteId}/duplicate', 'duplicateSite', sites.duplicateSite, true);
  add('GET /v2/sites/{siteId}/pages', 'listSitePages', pages.listSitePages);
  add('GET /v2/locales', 'listLocales', locales.listLocales);
  add('POST /v2/locales', 'createLocale', locales.createLocale, true);
  add('GET /v2/locales/{localeIdOrCode}', 'getLocale', locales.getLocale);
  add('PATCH /v2/locales/{localeIdOrCode}', 'updateLocale', locales.updateLocale, true);
  add('DELETE /v2/locales/{localeIdOrCode}', 'deleteLocale', locales.deleteLocale);
  add('POST /v2/locales/{localeIdOrCode}/restore', 'restoreLocale', locales.restoreLocale);
  add('GET /v6/pages', 'listPages', pages.listPages);
  add('POST /v6/pages', 'createPage', pages.createPage, true);
  add('GET /v6/pages/{pageIdOrPathname...}', 'getPage', pages.getPage);
  add('PATCH /v6/pages/{pageIdOrPathname...}', 'updatePage', pages.updatePage, true);
  add('DELETE /v6/pages/{pageIdOrPathname...}', 'deletePage', pages.deletePage);
  add('GET /v2/routes', 'listRoutes', routes.listRoutes);
  add('POST /v2/routes', 'createRoute', routes.createRoute, true);
  add('GET /v2/routes/{routeIdOrPathname...}', 'getRoute', routes.getRoute);
  add('PATCH /v2/routes/{routeIdOrPathname...}', 'updateRoute', routes.updateRoute, true);
  add('DELETE /v2/routes/{routeIdOrPathname...}', 'deleteRoute', routes.deleteRoute);
  return mux;
}

const envelope = (code, message, details) =>
  (details ? { object: 'error', code, message, details } : { object: 'error', code, message });

function send(res, status, body, headers = {}) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.statusCode = status;
  if (status === 204 || body === undefined) { res.end(); return; }
  const text = marshalIndent(body);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function sendError(res, err) {
  send(res, err.status, envelope(err.code, err.message, err.status === 400 ? err.details : undefined), err.headers);
}

// The request target, as net/http's url.ParseRequestURI would take it: absolute-form
// targets are reduced to their path; a path with an undecodable escape never reaches the
// mux (Go answers 400 before any handler runs).
function requestTarget(rawUrl) {
  let u = rawUrl;
  if (/[^\x00-\x7f]/.test(u)) {
    u = Buffer.from(u, 'latin1').toString('utf8').replace(/[^\x00-\x7f]/gu, (c) => encodeURIComponent(c));
  }
  const absolute = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?]*/.exec(u);
  if (absolute) { u = u.slice(absolute[0].length) || '/'; if (u.startsWith('?')) u = '/' + u; }
  const q = u.indexOf('?');
  const path = q < 0 ? u : u.slice(0, q);
  const rawQuery = q < 0 ? '' : u.slice(q + 1);
  if (!path.startsWith('/')) {
    throw badRequest('invalid URI for request', [{ field: 'requestURI', message: 'invalid URI for request' }]);
  }
  const bad = /%(?![0-9a-fA-F]{2})(.{0,2})/s.exec(path);
  if (bad) {
    const why = `invalid URL escape "${bad[0]}"`;
    throw badRequest(`parse "${path}": ${why}`, [{ field: 'requestURI', message: why }]);
  }
  return { escapedPath: path, rawQuery };
}

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const BODY_READ_TIMEOUT_MS = 10_000;

// http.MaxBytesReader: stop at the first byte past the limit.
function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0, done = false;
    const finish = (extra = {}) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ text: utf8.decode(Buffer.concat(chunks)), tooLarge: false, timedOut: false, ...extra });
    };
    const timer = setTimeout(() => finish({ timedOut: true }), BODY_READ_TIMEOUT_MS);
    req.on('data', (chunk) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) { finish({ tooLarge: true }); return; }
      chunks.push(chunk);
    });
    req.on('end', () => finish());
    req.on('error', () => finish({ timedOut: true }));
    req.on('close', () => finish());
  });
}

// After the answer, a body nobody read is drained; a connection whose body was cut off
// (too large, too slow) is closed once the client had a moment to read the answer.
function settle(req, res, closeConnection) {
  res.on('finish', () => {
    if (req.complete) return;
    req.resume();
    if (closeConnection) setTimeout(() => req.socket.destroy(), 2000).unref();
  });
}

async function serve(db, mux, req, res) {
  let closeConnection = false;
  let tx = null;
  try {
    // net/http refuses an HTTP/1.1 request without a Host header before any handler runs.
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      throw badRequest('missing required Host header', [{ field: 'Host', message: 'missing required Host header' }]);
    }
    const target = requestTarget(req.url);
    const key = authenticate(db.state, firstHeader(req, 'x-api-key'));
    if (key === 'invalid') throw unauthorized('invalid or missing authentication token');
    const found = mux.find(req.method, target.escapedPath, target.rawQuery);
    if (found.kind === 'redirect') {
      send(res, 301, envelope('not_found', `Moved Permanently: the canonical path is ${found.location}`), { Location: found.location });
      return;
    }
    if (found.kind === 'notFound') throw notFound('404 page not found');
    if (found.kind === 'methodNotAllowed') throw new ApiError(405, 'not_found', 'Method Not Allowed', undefined, { Allow: found.allow });
    const { entry, params } = found;
    if (key === null) throw unauthorized('you must be authenticated to access this resource');
    if (!permitted(key, entry.meta.op)) throw forbidden();
    const body = entry.meta.body ? await readBody(req) : null;
    if (body && (body.tooLarge || body.timedOut)) closeConnection = true;
    tx = begin(db);
    const ctx = { key, params, rawQuery: target.rawQuery, body, tx };
    const result = entry.handler(ctx);
    tx.commit();
    send(res, result.status, result.body);
  } catch (err) {
    if (tx) tx.rollback();
    if (!(err instanceof ApiError)) {
      // recoverPanic: logged, and answered as a bad request rather than a 500.
      log(`panic: ${err && err.stack ? err.stack : err}`);
      err = badRequest('the server could not process the request', [{ field: 'request', message: String(err && err.message) }]);
    }
    if (closeConnection) err.headers = { ...err.headers, Connection: 'close' };
    if (!res.headersSent) sendError(res, err);
    else res.end();
  } finally {
    settle(req, res, closeConnection);
  }
}

// Bytes that never became a request: answered with the envelope, connection closed.
function onClientError(err, socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) { socket.destroy(); return; }
  let status = 400, reason = 'Bad Request', message = 'malformed HTTP request';
  if (err.code === 'HPE_HEADER_OVERFLOW') { status = 431; reason = 'Request Header Fields Too Large'; message = reason; }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'HPE_HEADERS_TIMEOUT') message = 'i/o timeout';
  const body = marshalIndent(status === 400
    ? envelope('bad_request', message, [{ field: 'request', message: String(err.code || err.message) }])
    : envelope('bad_request', message));
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export async function startServer({ port = 0 } = {}) {
  const db = createDB();
  const announced = seed(db.state);
  const mux = routesMux();
  const server = http.createServer({
    maxHeaderSize: 1 << 20,        // Go's DefaultMaxHeaderBytes
    requireHostHeader: false,      // answered below, with the envelope
    headersTimeout: 10_000,
    requestTimeout: 15_000,
    connectionsCheckingInterval: 2_000,
    keepAliveTimeout: 60_000,
  }, (req, res) => { serve(db, mux, req, res); });
  server.on('clientError', onClientError);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  log(`listening on ${url}`);
  return {
    url, ...announced,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args[at + 1]) : 0;
  const app = await startServer({ port: Number.isInteger(port) && port >= 0 ? port : 0 });
  process.stdout.write(JSON.stringify({
    baseUrl: app.url, apiKey: app.apiKey, workspaceId: app.workspaceId, siteApiKey: app.siteApiKey, otherApiKey: app.otherApiKey,
  }) + '\n');
  const stop = async () => { await app.close(); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
