#!/usr/bin/env node
// Express-4 + Mongoose-8 + Joi/celebrate design, ported to plain Node ESM.
import http from 'node:http';
import { buildRouter, authenticate } from './lib/app.mjs';
import { HttpError, notFound, parseQuery, readBody, parseJsonBody, send, errorBody } from './lib/web.mjs';
import { seed } from './lib/seed.mjs';

function argPort(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') return Number(argv[i + 1] ?? 0);
    if (argv[i].startsWith('--port=')) return Number(argv[i].slice(7));
  }
  return Number(process.env.PORT ?? 0);
}

const creds = seed();
const router = buildRouter();
const log = (...a) => process.stderr.write(a.join(' ') + '\n');

function splitUrl(url) {
  let u = url || '/';
  if (!u.startsWith('/')) {
    try { const p = new URL(u); return [p.pathname, p.search.slice(1)]; } catch { return [u, '']; }
  }
  const i = u.indexOf('?');
  return i < 0 ? [u, ''] : [u.slice(0, i), u.slice(i + 1)];
}

async function handle(req, res) {
  const head = req.method === 'HEAD';
  try {
    const raw = await readBody(req); // express.json() (mounted first)
    if (raw.aborted && !raw.tooLarge) return;
    const [path, qs] = splitUrl(req.url);
    req.query = parseQuery(qs); // app.set('query parser', 'extended')
    req.body = parseJsonBody(req, raw);
    req.auth = authenticate(req); // app.use(apiKeyAuth)
    const m = router.match(req.method, path);
    if (!m) throw notFound(`Cannot ${req.method} ${path}`);
    req.params = m.params;
    const [status, body] = m.route.handler(req);
    send(res, status, body, head);
  } catch (err) {
    if (err instanceof HttpError) send(res, err.status, errorBody(err), head);
    else {
      log('unhandled error:', err && err.stack ? err.stack : String(err));
      send(res, 500, { object: 'error', code: 'internal_error', message: 'Internal server error' }, head);
    }
  }
}

const server = http.createServer((req, res) => { handle(req, res).catch(() => {}); });
server.on('clientError', (err, socket) => {
  if (!socket.writable) { socket.destroy(); return; }
  const body = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Bad request', details: [] });
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
});
server.listen(argPort(process.argv.slice(2)), '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(JSON.stringify({ baseUrl: `http://127.0.0.1:${port}`, apiKey: creds.apiKey, workspaceId: creds.workspaceId, siteApiKey: creds.siteApiKey, otherApiKey: creds.otherApiKey }) + '\n');
  log(`listening on 127.0.0.1:${port}`);
});
const stop = () => {
  server.close(() => process.exit(0));
  if (server.closeAllConnections) server.closeAllConnections();
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
