// outsider28 — Site-Building Service API, a port of a Kotlin 2 / Spring Boot 3.4 (Spring MVC) service to plain Node.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { createStore } from './lib/store.mjs';
import { makeControllers } from './lib/controllers.mjs';
import { ApiError, badRequest, notFound, send, sendError, firewall, parseQuery, compileRoutes, matchPath, errorBody } from './lib/web.mjs';
import { authenticate } from './lib/security.mjs';

const MAX_BODY = 2 * 1024 * 1024; // Tomcat maxSwallowSize-sized cap on request bodies
const log = (...a) => process.stderr.write(`${new Date().toISOString()}  INFO --- [outsider28] ${a.join(' ')}\n`);

export function createApp() {
  const store = createStore();
  const seed = store.seed();
  const routes = compileRoutes(makeControllers(store));

  function dispatch(req, res, body, tooLarge) {
    const method = req.method;
    const head = method === 'HEAD';
    const close = tooLarge;
    try {
      // 1. Tomcat + Spring Security's StrictHttpFirewall
      const fw = firewall(method, req.url);
      if (fw.error) throw fw.error;
      // 2. ApiKeyAuthenticationFilter
      const principal = authenticate(req, store);
      // 3. DispatcherServlet handler mapping
      const hits = matchPath(routes, fw.path);
      if (!hits.length) throw notFound(`No static resource ${fw.path.replace(/^\//, '')}.`);
      const want = head ? 'GET' : method;
      const hit = hits.find((h) => h.route.method === want);
      if (!hit) {
        const allow = [...new Set(hits.flatMap((h) => (h.route.method === 'GET' ? ['GET', 'HEAD'] : [h.route.method])))].sort();
        throw badRequest(`Request method '${method}' is not supported`, [{ field: 'method', message: `supported methods: ${allow.join(', ')}` }], { allow: allow.join(', ') });
      }
      if (tooLarge) throw badRequest(`Maximum request body size of ${MAX_BODY} bytes exceeded`, [{ field: 'requestBody', message: `must be at most ${MAX_BODY} bytes` }]);
      const out = hit.route.handler({ req, vars: hit.vars, query: parseQuery(fw.rawQuery), body: hit.route.body ? body : Buffer.alloc(0), principal });
      send(res, out.status, out.body, { head, headers: out.headers, close });
    } catch (err) {
      if (err instanceof ApiError) return sendError(res, err, { head, close });
      log('ERROR', err && err.stack);
      // an unexpected exception: the advice's catch-all keeps the envelope (the table has no 5xx code)
      sendError(res, badRequest('Unexpected error while processing the request', [{ field: 'request', message: 'unexpected error' }]), { head, close });
    }
  }

  const server = http.createServer({ maxHeaderSize: 8192, requestTimeout: 60000, headersTimeout: 20000, keepAliveTimeout: 20000 }, (req, res) => {
    const chunks = [];
    let size = 0, done = false;
    const finish = (tooLarge) => {
      if (done) return; done = true;
      if (tooLarge) res.on('finish', () => req.socket.destroy());
      dispatch(req, res, Buffer.concat(chunks), tooLarge);
    };
    const declared = Number(req.headers['content-length']);
    if (declared > MAX_BODY) { req.pause(); return finish(true); }
    req.on('data', (c) => { if (done) return; size += c.length; if (size > MAX_BODY) { req.pause(); finish(true); } else chunks.push(c); });
    req.on('end', () => finish(false));
    req.on('error', () => { done = true; try { req.socket.destroy(); } catch {} });
  });
  // Tomcat answers a request it cannot parse with 400; the HTML error page is replaced by the envelope
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooBig = err.code === 'HPE_HEADER_OVERFLOW';
    const line = ['HPE_INVALID_METHOD', 'HPE_INVALID_URL', 'HPE_INVALID_VERSION', 'HPE_INVALID_CONSTANT'].includes(err.code);
    const e = tooBig ? badRequest('Request header is too large', [{ field: 'headers', message: 'request line and headers must fit in 8192 bytes' }])
      : line ? badRequest('Invalid character found in the request target or method', [{ field: 'requestLine', message: 'the request line could not be parsed' }])
      : badRequest('Error parsing HTTP request header', [{ field: 'headers', message: `the HTTP request could not be parsed (${err.code || 'unknown'})` }]);
    const text = JSON.stringify(errorBody(e));
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  return { server, seed, store };
}

export function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const { server, seed } = createApp();
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const url = `http://${host}:${server.address().port}`;
      log(`Tomcat started on port ${server.address().port} (http) with context path '/'`);
      resolve({
        url, apiKey: seed.apiKey, workspaceId: seed.workspaceId, siteApiKey: seed.siteApiKey, otherApiKey: seed.otherApiKey, publicApiKey: seed.publicApiKey,
        siteId: seed.siteId, otherWorkspaceId: seed.otherWorkspaceId, foreignSiteId: seed.foreignSiteId, blogSiteId: seed.blogSiteId,
        close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  startServer({ port }).then((s) => {
    process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
    const stop = () => s.close().then(() => process.exit(0));
    process.on('SIGTERM', stop); process.on('SIGINT', stop);
  }, (e) => { log('ERROR', e.stack); process.exit(1); });
}
