// ASP.NET Core 9 / EF Core port of the site-building REST API, in plain Node.js.
import http from 'node:http';
import { handle } from './lib/app.mjs';
import { seed } from './lib/store.mjs';

const argv = process.argv.slice(2);
const pi = argv.indexOf('--port');
const port = pi >= 0 ? Number(argv[pi + 1]) : Number(process.env.PORT || 0);

const seeded = seed();
const server = http.createServer({ maxHeaderSize: 32 * 1024 }, (req, res) => { handle(req, res); });
server.keepAliveTimeout = 65000;
server.on('clientError', (err, socket) => {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: 'request', message: String(err.code || 'parse error') }] });
  socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
});
process.on('uncaughtException', (e) => { process.stderr.write(`uncaught: ${e && e.stack}\n`); });
process.on('unhandledRejection', (e) => { process.stderr.write(`unhandled: ${e && e.stack}\n`); });

server.listen(Number.isFinite(port) ? port : 0, '127.0.0.1', () => {
  const { port: p } = server.address();
  process.stdout.write(JSON.stringify({
    baseUrl: `http://127.0.0.1:${p}`, apiKey: seeded.apiKey, workspaceId: seeded.workspaceId,
    siteApiKey: seeded.siteApiKey, otherApiKey: seeded.otherApiKey,
  }) + '\n');
});

const stop = () => { server.close(() => process.exit(0)); server.closeAllConnections(); setTimeout(() => process.exit(0), 500).unref(); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
