#!/usr/bin/env node
// outsider22 — Site-Building Service API, a Phoenix 1.8 / Ecto / PostgreSQL 17 design ported to
// plain Node (node: built-ins only, state in memory).
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { newStore } from './lib/repo.mjs';
import { createHandler, onClientError } from './lib/endpoint.mjs';
import { seed } from './lib/seed.mjs';

const log = (msg) => process.stderr.write(`${new Date().toISOString()} ${msg}\n`);

export function startServer({ port = 0, host = '127.0.0.1', quiet = true } = {}) {
  const store = newStore();
  const seeded = seed(store);
  const handler = createHandler(store, quiet ? () => {} : log);
  const server = http.createServer({ maxHeaderSize: 64 * 1024, requestTimeout: 0 }, (req, res) => {
    handler(req, res).catch((e) => { log(`[fatal] ${e && e.stack}`); try { res.destroy(); } catch { /* ignore */ } });
  });
  server.on('clientError', onClientError);
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: p } = server.address();
      const url = `http://${host}:${p}`;
      resolve({
        url, ...seeded, store,
        close: () => new Promise((r) => { server.close(() => r()); server.closeAllConnections?.(); }),
      });
    });
  });
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 4000);
  const srv = await startServer({ port, quiet: false });
  process.stdout.write(JSON.stringify({ baseUrl: srv.url, apiKey: srv.apiKey, workspaceId: srv.workspaceId, siteApiKey: srv.siteApiKey, otherApiKey: srv.otherApiKey }) + '\n');
  log(`[info] Running SiteBuilderWeb.Endpoint with Bandit at ${srv.url} (http)`);
  const stop = async () => { await srv.close(); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
