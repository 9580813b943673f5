// outsider25: a Laravel 12 / Eloquent / MySQL 8.4 style Site-Building Service API, ported to plain Node.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { HttpError, readBody, phpJsonEncode, rawErrorResponse } from './lib/http.mjs';
import { createDb, seed } from './lib/models.mjs';
import { handle } from './lib/app.mjs';

const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
const log = (...a) => process.stderr.write(a.join(' ') + '\n');

function send(res, status, payload, headers = {}, head = false) {
  const base = { 'Cache-Control': 'no-cache, private', ...headers };
  if (status === 204) { res.writeHead(204, base); res.end(); return; }
  const text = phpJsonEncode(payload);
  res.writeHead(status, { ...base, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

// App\Exceptions\Handler (bootstrap/app.php withExceptions): every exception becomes the envelope.
function renderError(res, err, head) {
  if (!(err instanceof HttpError)) {
    log('[error]', err && err.stack ? err.stack : String(err));
    err = new HttpError(400, 'Server Error', [{ field: 'request', message: 'The request could not be processed.' }]);
  }
  const status = CODES[err.status] ? err.status : 400;
  const body = { object: 'error', code: CODES[status], message: err.message };
  if (status === 400) body.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
  send(res, status, body, err.headers, head);
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const db = createDb();
  const keys = seed(db);
  const server = http.createServer({ maxHeaderSize: 16384, requestTimeout: 60000, headersTimeout: 60000 }, async (req, res) => {
    const head = req.method === 'HEAD';
    try {
      const read = await readBody(req);
      if (read.aborted) return;
      if (read.tooLarge) { // ValidatePostSize: PostTooLargeException (413) answered as 400, then the connection closes
        res.setHeader('Connection', 'close');
        renderError(res, new HttpError(400, 'The POST data is too large.', [{ field: 'body', message: 'The request body must not be greater than 8M.' }]), head);
        res.on('finish', () => req.socket.destroy());
        return;
      }
      const out = await handle(db, req, read.body);
      send(res, out.status, out.body, out.headers, out.head);
    } catch (err) {
      try { renderError(res, err, head); } catch (e) { log('[fatal]', e.stack); res.destroy(); }
    }
  });
  // Malformed HTTP (bad request line, header overflow, timeouts): a raw 400 envelope, connection closed.
  server.on('clientError', (err, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') { socket.destroy(); return; }
    const msg = err.code === 'HPE_HEADER_OVERFLOW' ? 'Request header fields too large.' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'Request timeout.' : 'Bad request.';
    socket.end(rawErrorResponse(400, 'bad_request', msg, [{ field: 'request', message: msg }]));
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, host, resolve); });
  const url = `http://${host}:${server.address().port}`;
  log(`[outsider25] listening on ${url}`);
  return {
    url, apiKey: keys.apiKey, workspaceId: keys.workspaceId, siteApiKey: keys.siteApiKey, otherApiKey: keys.otherApiKey,
    publicApiKey: keys.publicApiKey, siteId: keys.siteId, secondSiteId: keys.secondSiteId, otherSiteId: keys.otherSiteId, otherWorkspaceId: keys.otherWorkspaceId,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  const s = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop); process.on('SIGINT', stop);
}
