import http from 'node:http';
import { handle } from './lib/router.mjs';
import { seed } from './lib/seed.mjs';
import { envelope, badRequest } from './lib/errors.mjs';

function argPort(argv) {
  const i = argv.indexOf('--port');
  if (i >= 0 && argv[i + 1] !== undefined) return Number(argv[i + 1]);
  const eq = argv.find((a) => a.startsWith('--port='));
  if (eq) return Number(eq.slice(7));
  return 0;
}

const info = seed();
const server = http.createServer({ keepAliveTimeout: 30000 }, (req, res) => {
  handle(req, res).catch(() => { try { res.destroy(); } catch {} });
});
server.keepAliveTimeout = 30000;
server.headersTimeout = 35000;
server.requestTimeout = 60000;

// Malformed requests that never reach the handler still get the error envelope.
server.on('clientError', (err, socket) => {
  if (!socket.writable || err.code === 'ECONNRESET') { socket.destroy(); return; }
  const text = JSON.stringify(envelope(badRequest([{ field: 'request', message: 'malformed HTTP request' }], 'Malformed HTTP request')));
  socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json;charset=UTF-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
});

server.listen(argPort(process.argv.slice(2)), '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(JSON.stringify({ baseUrl: `http://127.0.0.1:${port}`, ...info }) + '\n');
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('uncaughtException', (e) => { if (process.env.OUTSIDER_ACCESS_LOG === '1') process.stderr.write(`${e.stack}\n`); });
