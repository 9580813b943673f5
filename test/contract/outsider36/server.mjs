#!/usr/bin/env node
// Port of a Drogon (C++20) service: HttpController-style route table,
// an auth filter chain, jsoncpp-guarded body parsing and an event-sourced
// store whose projections are updated in the same request.
import http from 'node:http';
import { Store } from './lib/store.mjs';
import * as api from './lib/api.mjs';
import { ApiError } from './lib/api.mjs';
import { parseStrictJson, JsonError } from './lib/json.mjs';
import { isUuid, normUuid } from './lib/validate.mjs';
import { seed } from './lib/seed.mjs';

const MAX_BODY = 64 * 1024; // client_max_body_size
const MAX_DRAIN = 8 * 1024 * 1024; // beyond this the connection is simply closed
const ACCESS_LOG = process.env.OUTSIDER_ACCESS_LOG === '1';

// Route table: [method, pattern, handler, siteKeyAllowed]
const ROUTES = [
  ['POST', '/v2/sites', api.createSite, false],
  ['GET', '/v2/sites', api.listSites, false],
  ['GET', '/v2/sites/{siteId}', api.getSite, true],
  ['PATCH', '/v2/sites/{siteId}', api.updateSite, false],
  ['DELETE', '/v2/sites/{siteId}', api.deleteSite, false],
  ['POST', '/v2/sites/{siteId}/duplicate', api.duplicateSite, false],
  ['GET', '/v2/sites/{siteId}/pages', api.listSitePages, true],
  ['POST', '/v2/locales', api.createLocale, true],
  ['GET', '/v2/locales', api.listLocales, true],
  ['GET', '/v2/locales/{localeIdOrCode}', api.getLocale, true],
  ['PATCH', '/v2/locales/{localeIdOrCode}', api.updateLocale, true],
  ['DELETE', '/v2/locales/{localeIdOrCode}', api.deleteLocale, true],
  ['POST', '/v2/locales/{localeIdOrCode}/restore', api.restoreLocale, true],
  ['POST', '/v6/pages', api.createPage, true],
  ['GET', '/v6/pages', api.listPages, true],
  ['GET', '/v6/pages/{pageIdOrPathname}', api.getPage, true],
  ['PATCH', '/v6/pages/{pageIdOrPathname}', api.updatePage, true],
  ['DELETE', '/v6/pages/{pageIdOrPathname}', api.deletePage, true],
  ['PATCH', '/v2/routes/{routeIdOrPathname}', api.updateRoute, true],
].map(([method, pattern, handler, siteKeyAllowed]) => ({
  method, handler, siteKeyAllowed, segs: pattern.slice(1).split('/'),
}));

function matchPath(path) {
  const segs = path.slice(1).split('/');
  const hits = [];
  for (const r of ROUTES) {
    if (r.segs.length !== segs.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < segs.length; i++) {
      const p = r.segs[i];
      if (p.startsWith('{')) {
        if (segs[i] === '') { ok = false; break; }
        params[p.slice(1, -1)] = segs[i];
      } else if (p !== segs[i]) { ok = false; break; }
    }
    if (ok) hits.push({ route: r, params });
  }
  return hits;
}

function parseQuery(raw) {
  const q = new Map();
  if (raw === null || raw === '') return q;
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = eq >= 0 ? part.slice(0, eq) : part;
    const v = eq >= 0 ? part.slice(eq + 1) : '';
    let dk;
    let dv;
    try {
      // RFC 3986 percent-decoding only: "+" stays a literal plus sign.
      dk = decodeURIComponent(k);
      dv = decodeURIComponent(v);
    } catch {
      throw new ApiError(400, 'bad_request', 'Malformed query string', [{ field: 'query', message: 'is not valid percent-encoded UTF-8' }]);
    }
    if (!q.has(dk)) q.set(dk, []);
    q.get(dk).push(dv);
  }
  return q;
}

function send(res, status, body, extraHeaders = {}) {
  if (res.headersSent || res.writableEnded) return;
  const headers = { server: 'drogon-port/1.0', ...extraHeaders };
  if (status === 204 || body === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(status, headers);
  res.end(text);
}

function errorBody(e) {
  const b = { object: 'error', code: e.code, message: e.message };
  if (e.status === 400) b.details = e.details && e.details.length ? e.details : [{ field: 'request', message: e.message }];
  return b;
}

function authenticate(store, req) {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || key.length === 0) throw new ApiError(401, 'unauthorized', 'Missing API key: send it in the x-api-key header');
  if (key.startsWith('sk_') && store.appKeys.has(key)) return { kind: 'app', workspaceId: store.appKeys.get(key) };
  if (isUuid(key)) {
    const siteId = store.siteKeys.get(normUuid(key));
    const site = siteId && store.liveSite(siteId);
    if (site) return { kind: 'site', siteId: site.id, workspaceId: site.workspaceId };
  }
  throw new ApiError(401, 'unauthorized', 'Invalid API key');
}

// Body handling of the jsoncpp guard: strict content type, UTF-8, RFC 8259.
function decodeBody(req, raw) {
  if (raw.length === 0) return { empty: true };
  const ct = req.headers['content-type'];
  if (typeof ct !== 'string') return { error: 'Content-Type must be application/json', errorField: 'Content-Type' };
  const [type, ...params] = ct.split(';').map((s) => s.trim());
  if (type.toLowerCase() !== 'application/json') return { error: 'Content-Type must be application/json', errorField: 'Content-Type' };
  for (const p of params) {
    const [k, v = ''] = p.split('=').map((s) => s.trim());
    if (k.toLowerCase() === 'charset' && v.replace(/"/g, '').toLowerCase() !== 'utf-8') {
      return { error: 'only the utf-8 charset is accepted', errorField: 'Content-Type' };
    }
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(raw);
  } catch {
    return { error: 'is not valid UTF-8' };
  }
  if (text.charCodeAt(0) === 0xfeff) return { error: 'must not start with a byte order mark' };
  try {
    const value = parseStrictJson(text);
    return { value };
  } catch (e) {
    if (e instanceof JsonError) return { error: `is not valid JSON: ${e.message}` };
    throw e;
  }
}

function hasNulChar(v) {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNulChar);
  if (v && typeof v === 'object' && v.obj) return v.keys.some((k) => k.includes('\u0000') || hasNulChar(v.obj[k]));
  return false;
}

function handle(store, req, res, raw) {
  const started = process.hrtime.bigint();
  try {
    const url = req.url || '/';
    const qi = url.indexOf('?');
    const path = qi >= 0 ? url.slice(0, qi) : url;
    const rawQuery = qi >= 0 ? url.slice(qi + 1) : null;
    if (!path.startsWith('/')) throw new ApiError(404, 'not_found', 'No such endpoint');
    const hits = matchPath(path);
    if (hits.length === 0) throw new ApiError(404, 'not_found', `No endpoint at ${path.length > 200 ? path.slice(0, 200) + '…' : path}`);
    const hit = hits.find((h) => h.route.method === req.method);
    if (!hit) {
      const allow = [...new Set(hits.map((h) => h.route.method))].join(', ');
      throw Object.assign(new ApiError(405, 'bad_request', `Method ${req.method} is not allowed here; allowed: ${allow}`, [{ field: 'method', message: `must be one of: ${allow}` }]), { allow });
    }
    // Filter chain: ApiKeyFilter (401) then SiteKeyScopeFilter (403).
    const principal = authenticate(store, req);
    if (principal.kind === 'site' && !hit.route.siteKeyAllowed) {
      throw new ApiError(403, 'forbidden', 'A Site API key cannot perform this operation; use an App API key');
    }
    const query = parseQuery(rawQuery);
    for (const [k, vs] of query) {
      if (k.includes('\u0000') || vs.some((v) => v.includes('\u0000'))) {
        throw new ApiError(400, 'bad_request', 'NUL characters are not accepted', [{ field: k.replace(/\u0000/g, ''), message: 'must not contain NUL characters' }]);
      }
    }
    const body = decodeBody(req, raw);
    if (body.value !== undefined && hasNulChar(body.value)) {
      body.error = 'must not contain NUL (\\u0000) characters';
      delete body.value;
    }
    const ctx = { principal, params: hit.params, query, body, rawBody: raw };
    const out = hit.route.handler(store, ctx);
    send(res, out.status, out.body);
  } catch (e) {
    if (e instanceof ApiError) {
      send(res, e.status, errorBody(e), e.allow ? { allow: e.allow } : {});
    } else {
      process.stderr.write(`error: ${e && e.stack ? e.stack : e}\n`);
      send(res, 500, { object: 'error', code: 'internal_error', message: 'Internal server error' });
    }
  } finally {
    if (ACCESS_LOG) {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      process.stderr.write(`${req.method} ${req.url} ${res.statusCode} ${ms.toFixed(2)}ms\n`);
    }
  }
}

export function createServer(store) {
  const server = http.createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    const chunks = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        tooBig = true;
        if (size > MAX_DRAIN) {
          send(res, 400, errorBody(new ApiError(400, 'bad_request', 'Request body too large', [{ field: 'body', message: `must be at most ${MAX_BODY} bytes` }])), { connection: 'close' });
          req.destroy();
        }
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (tooBig) {
        send(res, 400, errorBody(new ApiError(400, 'bad_request', 'Request body too large', [{ field: 'body', message: `must be at most ${MAX_BODY} bytes` }])));
        return;
      }
      handle(store, req, res, Buffer.concat(chunks));
    });
    req.on('error', () => {});
    res.on('error', () => {});
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable || socket.destroyed) return;
    const body = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request', details: [{ field: 'request', message: 'is not a well-formed HTTP/1.1 request' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  server.requestTimeout = 30000;
  server.headersTimeout = 20000;
  return server;
}

function parseArgs(argv) {
  let port = 0;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') port = Number(argv[++i]);
    else if (argv[i].startsWith('--port=')) port = Number(argv[i].slice(7));
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('invalid --port\n');
    process.exit(2);
  }
  return { port };
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain || process.argv[1]?.endsWith('server.mjs')) {
  const { port } = parseArgs(process.argv.slice(2));
  const store = new Store();
  const info = seed(store);
  const server = createServer(store);
  server.listen(port, '127.0.0.1', () => {
    const addr = server.address();
    process.stdout.write(JSON.stringify({ baseUrl: `http://127.0.0.1:${addr.port}`, ...info }) + '\n');
    process.stderr.write(`outsider36 (drogon-port) listening on 127.0.0.1:${addr.port}\n`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('uncaughtException', (e) => process.stderr.write(`uncaught: ${e && e.stack ? e.stack : e}\n`));
}
