// Entry point: node server.mjs --port 0
import http from 'node:http';
import { seed } from './lib/seed.mjs';
import { makeHandler } from './lib/app.mjs';

function argPort(argv) {
  const i = argv.indexOf('--port');
  if (i >= 0 && argv[i + 1] !== undefined) return Number(argv[i + 1]);
  const eq = argv.find((a) => a.startsWith('--port='));
  return eq ? Number(eq.slice(7)) : 0;
}

const { store, info } = seed();
const accessLog = process.env.OUTSIDER_ACCESS_LOG === '1';
const server = http.createServer({ keepAlive: true }, makeHandler(store, { accessLog }));
server.keepAliveTimeout = 30_000;
server.headersTimeout = 35_000;

const CLIENT_ERROR = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: 'request', message: 'could not be parsed' }] });
server.on('clientError', (err, socket) => {
  if (!socket.writable || err.code === 'ECONNRESET') { socket.destroy(); return; }
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(CLIENT_ERROR)}\r\nConnection: close\r\n\r\n${CLIENT_ERROR}`);
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
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
