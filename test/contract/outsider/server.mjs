// Entry point: `node server.mjs --port 0` or `import { startServer } from './server.mjs'`.
import http from 'node:http';
import { createSeededStore } from './store.mjs';
import { handle } from './router.mjs';

export async function startServer({ port = 0 } = {}) {
  const store = createSeededStore();
  const server = http.createServer((req, res) => { handle(store, req, res); });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: actual } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${actual}`,
    ...store.seedInfo,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

function argPort(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') return Number(argv[i + 1]);
    if (argv[i].startsWith('--port=')) return Number(argv[i].slice(7));
  }
  return 0;
}

// Run as a program only when this file is the entry script.
if (process.argv[1] && /(^|[\\/])server\.mjs$/.test(process.argv[1])) {
  const s = await startServer({ port: argPort(process.argv.slice(2)) });
  const { close, ...info } = s;
  process.stdout.write(JSON.stringify({ baseUrl: info.baseUrl, apiKey: info.apiKey, workspaceId: info.workspaceId, siteApiKey: info.siteApiKey, otherApiKey: info.otherApiKey }) + '\n');
  const stop = () => close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
