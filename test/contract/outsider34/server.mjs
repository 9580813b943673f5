#!/usr/bin/env node
// Site-building REST API — a Node port of a Ktor 3 / kotlinx.serialization /
// Exposed-on-SQL-Server service. `node server.mjs --port 0`
import http from 'node:http';
import { ROUTES } from './lib/api.mjs';
import { db, seed } from './lib/store.mjs';
import { isUuid, normUuid } from './lib/rules.mjs';
import {
  ApiError, badRequest, notFound, forbidden, unauthorized, sendJson, sendEmpty, errorBody,
  splitPath, matchRoute, parseQuery, readBody, checkContentType, decodeJsonBody, decodeObject, BODY_LIMIT,
} from './lib/http.mjs';

const ACCESS_LOG = process.env.OUTSIDER_ACCESS_LOG === '1';

function parseArgs(argv) {
  let port = 8080; // Ktor's default
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port' && argv[i + 1] !== undefined) port = Number(argv[++i]);
    else if (argv[i].startsWith('--port=')) port = Number(argv[i].slice(7));
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`invalid --port\n`);
    process.exit(2);
  }
  return { port };
}

function authenticate(header) {
  if (header === undefined || header === '') throw unauthorized('The x-api-key header is missing.');
  if (Array.isArray(header)) throw unauthorized('The x-api-key header is invalid.');
  const ws = db.appKeys.get(header); // App keys: exact, case-sensitive compare
  if (ws) return { kind: 'app', workspaceId: ws };
  if (isUuid(header)) { // Site keys: uniqueidentifier compare, case-insensitive
    const key = normUuid(header);
    for (const site of db.sites.values()) {
      if (site.publicApiKey === key) return { kind: 'site', siteId: site.id, workspaceId: site.workspaceId };
    }
  }
  throw unauthorized('The API key is invalid.');
}

async function dispatch(req, res) {
  const url = req.url || '/';
  if (!url.startsWith('/')) throw notFound('No such endpoint.');
  const qi = url.indexOf('?');
  const rawPath = qi < 0 ? url : url.slice(0, qi);
  const rawQuery = qi < 0 ? '' : url.slice(qi + 1);
  const segs = splitPath(rawPath);
  const m = matchRoute(ROUTES, req.method, segs);
  if (!m.route) {
    if (m.allowed.length) {
      const err = new ApiError(405, 'not_found', `Method ${req.method} is not supported on this endpoint.`);
      err.headers = { Allow: [...new Set(m.allowed)].join(', ') };
      throw err;
    }
    throw notFound('No such endpoint.');
  }
  const route = m.route;

  const principal = authenticate(req.headers['x-api-key']);
  if (principal.kind === 'site' && route.access !== 'read') {
    throw forbidden(route.access === 'workspace'
      ? 'Site API keys cannot perform workspace-level operations.'
      : 'Site API keys are read-only.');
  }

  const details = [];
  const params = { ...m.params };
  for (const name of route.pathUuids ?? []) {
    if (!isUuid(params[name])) details.push({ field: name, message: 'must be a UUID (8-4-4-4-12 hexadecimal digits)' });
    else params[name] = normUuid(params[name]);
  }

  const { map, dups } = parseQuery(rawQuery);
  const spec = route.query ?? {};
  const query = {};
  for (const [k, raw] of map) {
    if (!Object.prototype.hasOwnProperty.call(spec, k)) { details.push({ field: k, message: 'is not a supported query parameter' }); continue; }
    if (dups.has(k)) { details.push({ field: k, message: 'must not be repeated' }); continue; }
    const r = spec[k].parse(raw);
    if (r.error) details.push({ field: k, message: r.error });
    else query[k] = r.value;
  }
  for (const [k, s] of Object.entries(spec)) if (s.required && !map.has(k)) details.push({ field: k, message: 'is required' });

  let body = {};
  if (route.body) {
    const got = await readBody(req);
    if (got.abort) res.shouldClose = true;
    if (got.tooLarge) {
      details.push({ field: 'body', message: `must be at most ${BODY_LIMIT} bytes` });
    } else {
      const ctProblem = checkContentType(req);
      if (ctProblem) details.push({ field: 'Content-Type', message: ctProblem });
      else {
        let value;
        try {
          value = decodeJsonBody(got.buf);
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          details.push(...e.details);
        }
        if (value !== undefined) body = decodeObject(value, route.body, details, query) ?? {};
      }
    }
  }
  if (details.length) throw badRequest(details);

  const [status, payload] = route.handler({ principal, params, query, body });
  if (payload === null) sendEmpty(res, status);
  else sendJson(res, status, payload);
}

const server = http.createServer({ maxHeaderSize: 16384 }, (req, res) => {
  const started = process.hrtime.bigint();
  if (ACCESS_LOG) {
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      process.stderr.write(`${req.method} ${req.url} -> ${res.statusCode} ${ms.toFixed(1)}ms\n`);
    });
  }
  dispatch(req, res).catch((err) => {
    let e = err;
    if (!(e instanceof ApiError)) {
      process.stderr.write(`unhandled error: ${err && err.stack ? err.stack : err}\n`);
      e = new ApiError(500, 'internal_error', 'An unexpected error occurred.');
    }
    const headers = { ...(e.headers ?? {}) };
    if (e.status === 401) headers['WWW-Authenticate'] = 'ApiKey header="x-api-key"';
    if (res.shouldClose) headers.Connection = 'close';
    sendJson(res, e.status, errorBody(e), headers);
    if (res.shouldClose) res.on('finish', () => req.socket.destroy());
  }).catch((err) => {
    process.stderr.write(`failed to answer: ${err}\n`);
    try { res.destroy(); } catch { /* ignore */ }
  });
});

server.on('clientError', (err, socket) => {
  if (!socket.writable || err.code === 'ECONNRESET') { socket.destroy(); return; }
  const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'The HTTP request is malformed.', details: [{ field: 'request', message: String(err.code || 'malformed request') }] });
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
});
server.on('error', (err) => {
  process.stderr.write(`server error: ${err.message}\n`);
  process.exit(1);
});

const { port } = parseArgs(process.argv.slice(2));
const creds = seed();
server.listen(port, '127.0.0.1', () => {
  const addr = server.address();
  const baseUrl = `http://127.0.0.1:${addr.port}`;
  process.stdout.write(JSON.stringify({ baseUrl, ...creds }) + '\n');
  process.stderr.write(`outsider34 (ktor-style) listening on ${baseUrl}\n`);
});

function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
