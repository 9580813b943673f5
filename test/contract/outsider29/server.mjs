// outsider29: the Worker ported to plain Node. This file plays the part of the Cloudflare edge
// + workerd: it turns node:http requests into WHATWG Requests, enforces the request limits,
// calls app.fetch() and writes the Response back. Logs go to stderr only.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { createDb } from './app/db.mjs';
import { createApp } from './app/index.mjs';
import { seed } from './app/seed.mjs';
import { envelope } from './app/errors.mjs';

export const LIMITS = { body: 128 * 1024, url: 16 * 1024, headers: 32 * 1024, requestTimeoutMs: 30_000 };

const errorJson = (message, field = 'request') => JSON.stringify(envelope('bad_request', message, [{ field, message }]));

function sendRaw(res, status, body, close = false) {
  if (res.headersSent) { res.destroy(); return; }
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(close ? { connection: 'close' } : {}) });
  res.end(body);
}

function refuseBody(req, res, message) {
  sendRaw(res, 400, errorJson(message, 'body'), true);
  req.resume();
  setTimeout(() => req.socket.destroy(), 200).unref();
}

export function createHandler(app, origin) {
  return (req, res) => {
    const fail = (err) => { console.error('[outsider29] adapter error', err); sendRaw(res, 400, errorJson('The request could not be processed'), true); };
    if (!req.url.startsWith('/')) return sendRaw(res, 400, errorJson('Malformed request target'), true);
    if (req.url.length > LIMITS.url) return sendRaw(res, 400, errorJson(`URI Too Long: at most ${LIMITS.url} bytes`, 'url'));
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > LIMITS.body) return refuseBody(req, res, `Payload Too Large: the body may not exceed ${LIMITS.body} bytes`);
    const chunks = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk) => {
      if (refused) return;
      size += chunk.length;
      if (size > LIMITS.body) { refused = true; chunks.length = 0; refuseBody(req, res, `Payload Too Large: the body may not exceed ${LIMITS.body} bytes`); return; }
      chunks.push(chunk);
    });
    req.on('error', () => {});
    req.on('end', async () => {
      if (refused) return;
      try {
        let request;
        try {
          const headers = new Headers();
          for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
          const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && size > 0;
          request = new Request(origin() + req.url, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
        } catch (err) {
          return sendRaw(res, 400, errorJson(`Malformed request: ${err.message}`));
        }
        const response = await app.fetch(request);
        const buf = Buffer.from(await response.arrayBuffer());
        const headers = {};
        response.headers.forEach((v, k) => { headers[k] = v; });
        if (response.status !== 204 && response.status !== 304 && req.method !== 'HEAD') headers['content-length'] = buf.length;
        res.writeHead(response.status, headers);
        res.end(req.method === 'HEAD' || response.status === 204 ? undefined : buf);
      } catch (err) { fail(err); }
    });
  };
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const db = createDb();
  const keys = seed(db);
  const app = createApp(db);
  let base = '';
  const server = http.createServer({ maxHeaderSize: LIMITS.headers, requestTimeout: LIMITS.requestTimeoutMs, headersTimeout: 15_000 }, createHandler(app, () => base));
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (err, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') { socket.destroy(); return; }
    const body = errorJson(err.code === 'HPE_HEADER_OVERFLOW' ? `Request headers exceed ${LIMITS.headers} bytes` : 'Malformed HTTP request');
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  server.on('connect', (req, socket) => {
    const body = errorJson(`Method ${req.method} is not supported`);
    socket.on('error', () => {});
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, host, resolve); });
  base = `http://${host}:${server.address().port}`;
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return {
    url: base,
    apiKey: keys.apiKey,
    workspaceId: keys.workspaceId,
    siteApiKey: keys.siteApiKey,
    otherApiKey: keys.otherApiKey,
    publicApiKey: keys.publicApiKey,
    seed: keys,
    close: () => new Promise((resolve) => { server.close(() => resolve()); for (const s of sockets) s.destroy(); }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i !== -1 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  const srv = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: srv.url, apiKey: srv.apiKey, workspaceId: srv.workspaceId, siteApiKey: srv.siteApiKey, otherApiKey: srv.otherApiKey }) + '\n');
  console.error(`[outsider29] listening on ${srv.url}`);
  const stop = async () => { await srv.close(); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
