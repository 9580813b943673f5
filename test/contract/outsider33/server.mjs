#!/usr/bin/env node
// Entry point: the "gunicorn + Flask app" of this deployment, in plain Node ESM.
import http from 'node:http';
import { Store, seed } from './lib/store.mjs';
import { match, HttpError } from './lib/app.mjs';
import { ValidationError, pyUuid } from './lib/validate.mjs';

const MAX_CONTENT_LENGTH = 1024 * 1024; // Flask MAX_CONTENT_LENGTH = 1 MiB
const ACCESS_LOG = process.env.OUTSIDER_ACCESS_LOG === '1';
const NOT_FOUND_MSG = 'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.';

function parseArgs(argv) {
  const out = { port: 0, host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') out.port = Number(argv[++i]);
    else if (a.startsWith('--port=')) out.port = Number(a.slice(7));
    else if (a === '--host') out.host = argv[++i];
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) out.port = 0;
  return out;
}

function errorBody(status, code, message, details) {
  const b = { object: 'error', code, message };
  if (status === 400) b.details = details && details.length ? details : [{ field: '_schema', message }];
  return b;
}

function send(res, status, body, extraHeaders = {}) {
  if (res.headersSent || res.writableEnded) return;
  if (status === 204 || body === null) {
    res.writeHead(status, extraHeaders);
    res.end();
    return;
  }
  const text = JSON.stringify(body) + '\n'; // jsonify() ends with a newline
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  res.end(text);
}

// WSGI-style PATH_INFO: percent-decoded bytes, re-decoded as UTF-8 with replacement.
function decodePath(raw) {
  const bytes = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '%' && /^[0-9a-fA-F]{2}$/.test(raw.slice(i + 1, i + 3))) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
    }
  }
  return new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
}

function splitTarget(url) {
  let target = url || '/';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    try { const u = new URL(target); target = u.pathname + u.search; } catch { target = '/'; }
  }
  const q = target.indexOf('?');
  const rawPath = q >= 0 ? target.slice(0, q) : target;
  const rawQuery = q >= 0 ? target.slice(q + 1) : '';
  const query = Object.create(null);
  try {
    for (const [k, v] of new URLSearchParams(rawQuery)) {
      if (!(k in query) && v !== '') query[k] = v; // first value wins; empty == absent
    }
  } catch { /* unparsable query: treat as empty */ }
  return { path: decodePath(rawPath), query };
}

function authenticate(store, header) {
  if (typeof header !== 'string' || header.trim() === '') return { error: 'Missing API key. Provide it in the x-api-key header.' };
  const key = header.trim();
  if (key.startsWith('sk_')) {
    const w = store.workspaceForAppKey(key);
    if (w) return { principal: { kind: 'app', workspaceId: w.id } };
    return { error: 'Invalid API key.' };
  }
  const u = pyUuid(key);
  if (u) {
    const site = store.siteForSiteKey(u);
    if (site) return { principal: { kind: 'site', siteId: site.id, workspaceId: site.workspaceId } };
  }
  return { error: 'Invalid API key.' };
}

function parseBody(buf) {
  if (buf.length === 0) return undefined;
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new ValidationError([{ field: '_schema', message: "Failed to decode JSON object: 'utf-8' codec can't decode the request body." }], 'The request body is not valid JSON.');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ValidationError([{ field: '_schema', message: `Failed to decode JSON object: ${e.message}` }], 'The request body is not valid JSON.');
  }
}

export function createServer(store) {
  const server = http.createServer((req, res) => {
    const started = Date.now();
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c) => {
      if (tooLarge) return;
      size += c.length;
      if (size > MAX_CONTENT_LENGTH) { tooLarge = true; chunks.length = 0; return; }
      chunks.push(c);
    });
    req.on('error', () => {});
    req.on('end', () => {
      let status = 500;
      try {
        status = handle(store, req, res, tooLarge ? null : Buffer.concat(chunks), tooLarge);
      } catch (e) {
        process.stderr.write(`error: ${e && e.stack ? e.stack : e}\n`);
        send(res, 500, { object: 'error', code: 'internal_error', message: 'Internal Server Error' });
      }
      if (ACCESS_LOG) process.stderr.write(`${req.method} ${req.url} ${status} ${Date.now() - started}ms\n`);
    });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) { socket.destroy(); return; }
    const body = JSON.stringify(errorBody(400, 'bad_request', 'The browser (or proxy) sent a request that this server could not understand.', [{ field: '_schema', message: String(err && err.code || 'Bad request') }])) + '\n';
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  server.requestTimeout = 30000;
  server.headersTimeout = 20000;
  return server;
}

function handle(store, req, res, bodyBuf, tooLarge) {
  const fail = (status, code, message, details, headers) => { send(res, status, errorBody(status, code, message, details), headers); return status; };

  // before_request: authentication runs for every URL, matched or not.
  const auth = authenticate(store, req.headers['x-api-key']);
  if (auth.error) return fail(401, 'unauthorized', auth.error);

  const { path, query } = splitTarget(req.url);
  const m = match(path);
  if (!m) return fail(404, 'not_found', NOT_FOUND_MSG);
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const view = m.methods[method];
  if (!view) {
    const allow = Object.keys(m.methods);
    if (allow.includes('GET')) allow.push('HEAD');
    return fail(404, 'not_found', `The method ${req.method} is not allowed for this URL.`, null, { Allow: allow.join(', ') });
  }

  const ctx = { store, principal: auth.principal, params: m.params, query, req: {} };
  try {
    if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
      if (tooLarge) throw new ValidationError([{ field: '_schema', message: `Request body exceeds ${MAX_CONTENT_LENGTH} bytes.` }], 'The request body is too large.');
      ctx.req.body = parseBody(bodyBuf);
    }
    const [status, body] = view(ctx);
    send(res, status, body);
    return status;
  } catch (e) {
    if (e instanceof ValidationError) return fail(400, 'bad_request', e.message, e.details);
    if (e instanceof HttpError) return fail(e.status, e.code, e.message);
    throw e;
  }
}

const isMain = import.meta.url === new URL(`file://${process.argv[1]}`).href || process.argv[1]?.endsWith('server.mjs');
if (isMain) {
  const { port, host } = parseArgs(process.argv.slice(2));
  const store = new Store();
  const seeded = seed(store);
  const server = createServer(store);
  server.on('error', (e) => { process.stderr.write(`server error: ${e.message}\n`); process.exit(1); });
  server.listen(port, host, () => {
    const addr = server.address();
    const info = {
      baseUrl: `http://${host}:${addr.port}`,
      apiKey: seeded.apiKey, workspaceId: seeded.workspaceId,
      siteApiKey: seeded.siteApiKey, otherApiKey: seeded.otherApiKey,
    };
    process.stdout.write(JSON.stringify(info) + '\n');
    process.stderr.write(`outsider33 (flask-style) listening on ${info.baseUrl}\n`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    if (server.closeAllConnections) server.closeAllConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
