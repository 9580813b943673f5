#!/usr/bin/env node
// Entry point: node server.mjs --port 0
import http from 'node:http';
import { handle } from './lib/app.mjs';
import { seed } from './lib/seed.mjs';

const args = process.argv.slice(2);
const pi = args.indexOf('--port');
const port = pi >= 0 ? Number(args[pi + 1]) : Number(process.env.PORT || 0);

const s = seed();
const server = http.createServer({ maxHeaderSize: 16384, keepAliveTimeout: 5000 }, (req, res) => {
  handle(req, res).catch(() => { try { res.destroy(); } catch {} });
});
server.on('clientError', (err, socket) => {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: 'request', message: 'Malformed HTTP request.' }] });
  socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
});

server.listen(Number.isFinite(port) ? port : 0, '127.0.0.1', () => {
  const { port: p } = server.address();
  process.stdout.write(JSON.stringify({
    baseUrl: `http://127.0.0.1:${p}`, apiKey: s.keyA, workspaceId: s.wsA.id,
    siteApiKey: s.site.publicApiKey, otherApiKey: s.keyB,
  }) + '\n');
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
