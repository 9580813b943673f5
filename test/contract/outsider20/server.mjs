// The host: a Kestrel-like HTTP server in front of the ASP.NET Core-style pipeline
//   routing (404) -> authentication (401) -> endpoint authorization policy (403)
//   -> model binding and validation (400) -> the action (404, 403, 400, 409, success).
//
// `node server.mjs --port 0` prints one JSON line with the base URL and the seeded keys;
// `startServer({ port })` does the same in-process.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { Db } from './db.mjs';
import { seed } from './seed.mjs';
import { Router } from './router.mjs';
import { authenticate, authorizeEndpoint } from './auth.mjs';
import { kestrelPath, parseQuery, bindQuery, readBody, bindBody } from './binding.mjs';
import { ModelState } from './validation.mjs';
import { ApiProblem, envelope, notFound, VALIDATION_TITLE } from './errors.mjs';
import { writeJson } from './json.mjs';
import { nowTicks } from './sqlserver.mjs';
import { siteEndpoints } from './sites-controller.mjs';
import { localeEndpoints } from './locales-controller.mjs';
import { pageEndpoints } from './pages-controller.mjs';
import { routeEndpoints } from './routes-controller.mjs';

const log = (...args) => process.stderr.write(`${args.join(' ')}\n`);

function send(req, res, status, body, headers = {}) {
  if (res.headersSent || res.destroyed) return;
  res.statusCode = status;
  res.setHeader('server', 'Kestrel');
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v);
  // A request whose body was not read to its end cannot share the connection with the next one.
  if (!req.complete) res.setHeader('connection', 'close');
  if (status === 204 || body === undefined) {
    res.end();
    return;
  }
  const text = writeJson(body);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(req.method === 'HEAD' ? undefined : text);
}

function sendProblem(req, res, problem, headers = {}) {
  send(req, res, problem.status, envelope(problem), headers);
}

export function createApp() {
  const db = new Db();
  const keys = seed(db);
  const router = new Router([...siteEndpoints, ...localeEndpoints, ...pageEndpoints, ...routeEndpoints]);
  return { db, keys, router };
}

async function handle(app, req, res, baseUrl) {
  const { db, router } = app;
  const target = kestrelPath(req.url ?? '/');
  if (target.path === null) {
    sendProblem(req, res, notFound(`No endpoint matches '${req.method} ${req.url}'.`));
    return;
  }
  const match = router.match(req.method, target.path);
  if (!match.endpoint) {
    const headers = match.allow.length ? { allow: match.allow.join(', ') } : {};
    sendProblem(req, res, notFound(`No endpoint matches '${req.method} ${target.path}'.`), headers);
    return;
  }
  const endpoint = match.endpoint;
  const versionHeader = { 'api-supported-versions': endpoint.version };
  try {
    const principal = authenticate(db, req.headers['x-api-key']);
    authorizeEndpoint(principal, endpoint.policy);
    const state = new ModelState();
    const query = bindQuery(parseQuery(target.query), endpoint.query ?? [], state);
    let body = null;
    if (endpoint.body) {
      const raw = await readBody(req);
      body = bindBody(raw, req.headers['content-type'], endpoint.body, state);
    }
    const ctx = { db, principal, state, query, body, route: match.values, now: nowTicks(), req, baseUrl };
    const result = await endpoint.action(ctx);
    send(req, res, result.status, result.body, { ...versionHeader, etag: result.etag, location: result.location });
  } catch (e) {
    if (e instanceof ApiProblem) {
      sendProblem(req, res, e, versionHeader);
      return;
    }
    // No 500 is documented: an unexpected failure is reported as a request the service could not take.
    log('unexpected failure:', e?.stack ?? e);
    sendProblem(req, res, new ApiProblem(400, 'bad_request', VALIDATION_TITLE, [{ field: 'request', message: 'The request could not be processed.' }]), versionHeader);
  }
}

// Kestrel answers malformed HTTP itself; here that answer is the error envelope.
const BAD_HTTP = {
  HPE_HEADER_OVERFLOW: 'Request headers too long.',
  HPE_INVALID_METHOD: 'Invalid request line.',
  HPE_INVALID_URL: 'Invalid request target.',
};

function onClientError(err, socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const message = BAD_HTTP[err.code] ?? 'Malformed request: the HTTP message could not be parsed.';
  const text = writeJson(envelope(new ApiProblem(400, 'bad_request', VALIDATION_TITLE, [{ field: 'request', message }])));
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nServer: Kestrel\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}

export function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const app = createApp();
  const server = http.createServer({ maxHeaderSize: 32 * 1024, headersTimeout: 30_000, requestTimeout: 120_000, keepAliveTimeout: 5_000 });
  let baseUrl = '';
  server.on('request', (req, res) => {
    res.on('finish', () => {
      if (!req.complete) setTimeout(() => req.socket.destroy(), 1000).unref();
    });
    handle(app, req, res, baseUrl).catch((e) => {
      log('pipeline failure:', e?.stack ?? e);
      try {
        sendProblem(req, res, new ApiProblem(400, 'bad_request', VALIDATION_TITLE, [{ field: 'request', message: 'The request could not be processed.' }]));
      } catch {
        res.destroy();
      }
    });
  });
  server.on('clientError', onClientError);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      baseUrl = `http://${host}:${actual}`;
      resolve({
        url: baseUrl,
        ...app.keys,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  startServer({ port: Number.isInteger(port) && port >= 0 ? port : 0 }).then(
    (s) => {
      process.stdout.write(
        `${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`,
      );
      log(`outsider20 listening on ${s.url}`);
      const stop = () => s.close().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (e) => {
      log('could not start:', e?.message ?? e);
      process.exit(1);
    },
  );
}
