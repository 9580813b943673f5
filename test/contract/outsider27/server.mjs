// outsider27: the Site-Building Service API as a FastAPI/uvicorn team would ship it, ported to node: built-ins.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { Store, seed } from './lib/store.mjs';
import { createApp, errorBody } from './lib/app.mjs';
import { dumps } from './lib/wire.mjs';

const MAX_BODY = 1024 * 1024; // nginx's client_max_body_size default, enforced by an ASGI middleware
const log = (msg) => process.stderr.write(`[outsider27] ${msg}\n`);

function rawError(socket, message, detail) {
  const body = dumps(errorBody(400, message, [{ field: 'request', message: detail }]));
  socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\nserver: uvicorn\r\n\r\n${body}`);
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const store = new Store();
  const seeded = seed(store);
  const app = createApp(store, { log });

  const send = (res, out, close = false) => {
    const headers = { server: 'uvicorn', ...out.headers };
    if (out.body != null) headers['content-length'] = Buffer.byteLength(out.body);
    if (close) headers.connection = 'close';
    res.writeHead(out.status, headers);
    res.end(out.body ?? undefined);
  };
  const tooLarge = () => ({ status: 400, headers: { 'content-type': 'application/json' }, body: dumps(errorBody(400, 'Request body too large', [{ field: 'body', message: `Request body exceeds ${MAX_BODY} bytes` }])) });

  const server = http.createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    const declared = Number(req.headers['content-length']);
    const drop = () => { req.resume(); const t = setTimeout(() => req.socket.destroy(), 2000); t.unref(); };
    if (Number.isFinite(declared) && declared > MAX_BODY) { send(res, tooLarge(), true); drop(); return; }
    const chunks = []; let size = 0; let refused = false;
    req.on('data', (c) => {
      if (refused) return;
      size += c.length;
      if (size > MAX_BODY) { refused = true; chunks.length = 0; send(res, tooLarge(), true); drop(); return; }
      chunks.push(c);
    });
    req.on('error', () => {});
    req.on('end', async () => {
      if (refused) return;
      try { send(res, await app(req, Buffer.concat(chunks))); } catch (e) { log(`send failed: ${e.stack}`); res.destroy(); }
    });
  });
  server.keepAliveTimeout = 5000; // uvicorn --timeout-keep-alive 5
  server.headersTimeout = 60000;
  server.requestTimeout = 60000;
  server.on('clientError', (err, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) { socket.destroy(); return; }
    const why = err.code === 'HPE_HEADER_OVERFLOW' ? 'Request line or headers exceed 16384 bytes'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'Request not received in time' : `Malformed HTTP request (${err.code || 'parse error'})`;
    rawError(socket, 'Invalid HTTP request received.', why);
  });

  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, host, resolve); });
  const url = `http://${host}:${server.address().port}`;
  log(`listening on ${url}`);
  return {
    url, apiKey: seeded.apiKey, workspaceId: seeded.workspaceId, siteApiKey: seeded.siteApiKey, otherApiKey: seeded.otherApiKey,
    publicApiKey: seeded.publicApiKey, siteId: seeded.siteId, shopId: seeded.shopId, otherSiteId: seeded.otherSiteId, otherWorkspaceId: seeded.otherWorkspaceId,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections?.(); }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port });
  process.stdout.write(`${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`);
  const stop = async () => { await s.close(); process.exit(0); };
  process.on('SIGTERM', stop); process.on('SIGINT', stop);
}
