#!/usr/bin/env node
// Hanami-2-style deployment of the site-building REST API, ported to plain Node ESM.
import http from 'node:http';
import { Store } from './lib/store.mjs';
import { seed } from './lib/seed.mjs';
import { makeApp } from './lib/app.mjs';

function argPort(argv) {
  const i = argv.indexOf('--port');
  if (i >= 0 && argv[i + 1] !== undefined) return Number(argv[i + 1]);
  const eq = argv.find((a) => a.startsWith('--port='));
  if (eq) return Number(eq.slice(7));
  return process.env.PORT ? Number(process.env.PORT) : 0;
}

const port = argPort(process.argv.slice(2));
const db = new Store();
const keys = seed(db);
const handle = makeApp(db);

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    process.stderr.write(`[error] unhandled: ${err && err.stack || err}\n`);
    try { if (!res.headersSent) { res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }); } res.end(); } catch { /* ignore */ }
  });
});

// Malformed HTTP (bad request line, oversized headers, ...) still gets the error envelope.
server.on('clientError', (err, socket) => {
  if (!socket.writable || err.code === 'ECONNRESET') { socket.destroy(); return; }
  const body = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request', details: [{ field: 'request', message: String(err.code || 'is invalid') }] });
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
});

server.listen(port, '127.0.0.1', () => {
  const { port: actual } = server.address();
  process.stdout.write(JSON.stringify({
    baseUrl: `http://127.0.0.1:${actual}`, apiKey: keys.apiKey, workspaceId: keys.workspaceId,
    siteApiKey: keys.siteApiKey, otherApiKey: keys.otherApiKey,
  }) + '\n');
  process.stderr.write(`[outsider35] listening on 127.0.0.1:${actual} (Hanami/ROM-style port, in-memory)\n`);
});
server.on('error', (err) => { process.stderr.write(`[error] ${err.stack || err}\n`); process.exit(1); });

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
