// outsider21 — Site-Building Service API server (a Rails 8 API app on MySQL 8, ported to plain Node).
// `node server.mjs --port 0` prints one JSON line once listening; logs go to stderr.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { Db, seed } from './lib/store.mjs';
import { createHandler, clientErrorResponse } from './lib/app.mjs';

export async function startServer({ port = 0, host = '127.0.0.1', quiet = false } = {}) {
  const db = new Db();
  const seeded = seed(db);
  const log = quiet ? () => {} : (line) => process.stderr.write(`[outsider21] ${line}\n`);
  const server = http.createServer({ maxHeaderSize: 112 * 1024, keepAliveTimeout: 20_000, requestTimeout: 60_000 }, createHandler(db, log));
  server.on('clientError', (err, socket) => {
    if (socket.writable && !socket.destroyed) {
      try { socket.end(clientErrorResponse(err)); } catch { socket.destroy(); }
    } else socket.destroy();
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, host, resolve); });
  const url = `http://${host}:${server.address().port}`;
  log(`Puma-style listener on ${url}`);
  return {
    url, apiKey: seeded.apiKey, workspaceId: seeded.workspaceId, siteApiKey: seeded.siteApiKey,
    otherApiKey: seeded.otherApiKey, publicApiKey: seeded.publicApiKey, db,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections?.(); }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  const s = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = async () => { await s.close(); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
