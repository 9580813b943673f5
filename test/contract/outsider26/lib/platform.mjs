// The NestJS 11 + Express 5 request lifecycle, ported to node:http:
// global middleware (express.json()) -> router (URI versioning, case-insensitive, non-strict) ->
// guards -> pipes (params, query, body, in handler-argument order) -> handler -> exception filter.
import http from 'node:http';
import zlib from 'node:zlib';
import { querystring } from './qs.mjs';
import { toEnvelope, bodyParserError, NotFound, BadRequest } from './errors.mjs';
import { validateDto, parseUUIDPipe } from './validation.mjs';

const LIMIT = 100 * 1024; // express.json() default '100kb'

function parseContentType(h) {
  if (typeof h !== 'string') return null;
  const [type, ...params] = h.split(';');
  const out = { type: type.trim().toLowerCase(), params: {} };
  for (const p of params) {
    const i = p.indexOf('=');
    if (i === -1) continue;
    out.params[p.slice(0, i).trim().toLowerCase()] = p.slice(i + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return out;
}

function hasBody(req) {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(parseInt(req.headers['content-length'], 10));
}

function readRaw(req, stream, declared) {
  return new Promise((resolve, reject) => {
    const chunks = []; let size = 0; let done = false;
    const finish = (err, buf) => { if (done) return; done = true; err ? reject(err) : resolve(buf); };
    stream.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > LIMIT) { finish(bodyParserError(413, 'request entity too large', 'entity.too.large')); return; }
      chunks.push(c);
    });
    stream.on('end', () => {
      if (declared !== null && stream === req && size !== declared) return finish(bodyParserError(400, 'request size did not match content length', 'request.size.invalid'));
      finish(null, Buffer.concat(chunks));
    });
    stream.on('error', (e) => finish(bodyParserError(400, e.code === 'Z_DATA_ERROR' || e.code === 'Z_BUF_ERROR' ? 'invalid compressed body' : (e.message || 'request aborted'), 'entity.verify.failed')));
    req.on('aborted', () => finish(bodyParserError(400, 'request aborted', 'request.aborted')));
  });
}

// body-parser's strict-mode error: the message JSON.parse gives for the first offending character.
function strictError(str, char) {
  const index = str.indexOf(char);
  let partial = '';
  if (index !== -1) partial = str.slice(0, index) + '#'.repeat(str.length - index);
  try { JSON.parse(partial); return new SyntaxError('strict violation'); } catch (e) {
    return new SyntaxError(e.message.replace(/#+/g, (ph) => str.substring(index, index + ph.length)));
  }
}

// express.json({ limit: '100kb', strict: true, inflate: true, type: 'application/json' })
export async function jsonBodyParser(req) {
  if (!hasBody(req)) return undefined;
  const ct = parseContentType(req.headers['content-type']);
  if (!ct || ct.type !== 'application/json') return undefined;
  const charset = (ct.params.charset || 'utf-8').toLowerCase();
  if (!charset.startsWith('utf-')) throw bodyParserError(415, `unsupported charset "${charset.toUpperCase()}"`, 'charset.unsupported');
  const encoding = String(req.headers['content-encoding'] || 'identity').toLowerCase();
  let stream = req;
  if (encoding === 'gzip') stream = req.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = req.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = req.pipe(zlib.createBrotliDecompress());
  else if (encoding !== 'identity') throw bodyParserError(415, `unsupported content encoding "${encoding}"`, 'encoding.unsupported');
  const declared = req.headers['content-length'] !== undefined ? parseInt(req.headers['content-length'], 10) : null;
  if (encoding === 'identity' && declared !== null && declared > LIMIT) throw bodyParserError(413, 'request entity too large', 'entity.too.large');
  const buf = await readRaw(req, stream, declared);
  let text;
  try {
    text = new TextDecoder(charset === 'utf-8' || charset === 'utf8' ? 'utf-8' : charset).decode(buf);
  } catch { throw bodyParserError(415, `unsupported charset "${charset.toUpperCase()}"`, 'charset.unsupported'); }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length === 0) return {};
  const first = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d])/.exec(text);
  if (first && first[1] !== '{' && first[1] !== '[') {
    const e = strictError(text, first[1]);
    throw bodyParserError(400, e.message, 'entity.parse.failed');
  }
  try { return JSON.parse(text); } catch (e) { throw bodyParserError(400, e.message, 'entity.parse.failed'); }
}

// path-to-regexp (Express 5 router defaults: sensitive false, strict false, end true)
function compile(path) {
  const names = [];
  const src = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, n) => { names.push(n); return '([^/]+?)'; });
  return { re: new RegExp(`^${src}/?$`, 'i'), names };
}

export class Application {
  constructor() { this.routes = []; }
  register(def) { this.routes.push({ ...def, ...compile(def.path) }); }

  match(method, path) {
    const m = method === 'HEAD' ? 'GET' : method;
    const allowed = new Set();
    for (const r of this.routes) {
      const hit = r.re.exec(path);
      if (!hit) continue;
      allowed.add(r.method);
      if (r.method !== m) continue;
      const params = {};
      r.names.forEach((n, i) => {
        try { params[n] = decodeURIComponent(hit[i + 1]); } catch {
          throw BadRequest(`Failed to decode param '${hit[i + 1]}'`, [{ field: n, message: `Failed to decode param '${hit[i + 1]}'` }]);
        }
      });
      return { route: r, params };
    }
    return { route: null, allowed };
  }

  send(res, status, body, head = false) {
    if (res.headersSent || res.destroyed) return;
    res.setHeader('X-Powered-By', 'Express');
    if (status === 204 || body === undefined) { res.statusCode = status; res.end(); return; }
    const json = JSON.stringify(body);
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(json));
    res.end(head ? undefined : json);
  }

  async handle(req, res) {
    const method = req.method;
    let rawUrl = req.url || '/';
    if (/^https?:\/\//i.test(rawUrl)) rawUrl = rawUrl.replace(/^https?:\/\/[^/?#]*/i, '') || '/';
    const qi = rawUrl.indexOf('?');
    const path = qi === -1 ? rawUrl : rawUrl.slice(0, qi);
    const search = qi === -1 ? '' : rawUrl.slice(qi + 1);
    try {
      // 1. global middleware: express.json()
      const body = await jsonBodyParser(req);
      // 2. routing
      const { route, params, allowed } = this.match(method, path);
      if (!route) {
        if (method === 'OPTIONS' && allowed.size) {
          const list = [...allowed]; if (list.includes('GET')) list.push('HEAD');
          res.setHeader('Allow', list.join(', '));
          return this.send(res, 204);
        }
        throw NotFound(`Cannot ${method} ${decodeSafe(path)}`);
      }
      const ctx = { req, params, query: querystring(search), body, principal: null };
      // 3. guards
      for (const guard of route.guards || []) await guard(ctx, route);
      // 4. pipes, in handler-argument order: @Param, @Query, @Body
      const args = {};
      for (const [name, value] of Object.entries(params)) args[name] = (route.paramPipes || {})[name] === 'uuid' ? parseUUIDPipe(name, value) : value;
      args.query = route.query ? validateDto('query', route.query, ctx.query) : {};
      // Nest's ValidationPipe turns a missing body into {} before validating
      args.body = route.body ? validateDto('body', route.body, body === undefined ? {} : body) : undefined;
      // 5. handler
      const result = await route.handler({ ...args, principal: ctx.principal, params: args });
      this.send(res, route.status ?? 200, result, method === 'HEAD');
    } catch (err) {
      const [status, envelope] = toEnvelope(err);
      if (err && err.expose !== undefined) req.resume(); // discard the rest of a refused body
      this.send(res, status, envelope, method === 'HEAD');
    }
  }

  listen(port, host = '127.0.0.1') {
    const server = http.createServer({ requestTimeout: 60_000, headersTimeout: 30_000, maxHeaderSize: 16 * 1024 }, (req, res) => {
      this.handle(req, res).catch((e) => { try { this.send(res, ...toEnvelope(e)); } catch { res.destroy(); } });
    });
    server.on('clientError', (err, socket) => {
      if (err.code === 'ECONNRESET' || !socket.writable) { socket.destroy(); return; }
      const message = err.code === 'HPE_HEADER_OVERFLOW' ? 'Request header fields too large'
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'Request timeout' : 'Bad Request';
      const json = JSON.stringify({ object: 'error', code: 'bad_request', message, details: [{ field: 'request', message }] });
      socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`);
    });
    const sockets = new Set();
    server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        resolve({
          server,
          port: server.address().port,
          close: () => new Promise((r) => { server.close(() => r()); for (const s of sockets) s.destroy(); }),
        });
      });
    });
  }
}

function decodeSafe(p) { try { return decodeURIComponent(p); } catch { return p; } }
