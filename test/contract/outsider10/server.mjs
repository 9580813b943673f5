// outsider10: an independent in-memory deployment of the Site-Building Service REST API,
// written from the specification and the published OpenAPI only. Node 20+, node: built-ins only.
//   node server.mjs --port 0   -> prints one JSON line {baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey}
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Store } from './store.mjs';
import { Gateway, clientErrorResponse } from './gateway.mjs';
import { seed } from './seed.mjs';

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const store = new Store();
  const keys = seed(store);
  const gateway = new Gateway(store);
  const server = createServer({ maxHeaderSize: 32 * 1024, requestTimeout: 60_000 }, (req, res) => {
    gateway.handle(req, res).catch((e) => {
      process.stderr.write(`outsider10: ${e?.stack || e}\n`);
      try {
        res.destroy();
      } catch {}
    });
  });
  server.on('clientError', (err, socket) => {
    if (socket.writable && !socket.destroyed) socket.end(clientErrorResponse());
    else socket.destroy();
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    ...keys,
    store,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  let running = null;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const done = () => process.exit(0);
    if (!running) return done();
    running.close().then(done, done);
    setTimeout(done, 2000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const i = process.argv.indexOf('--port');
  const port = i !== -1 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  running = await startServer({ port: Number.isFinite(port) ? port : 0 });
  if (stopping) {
    await running.close();
    process.exit(0);
  }
  const s = running;
  process.stdout.write(
    `${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`,
  );
}
