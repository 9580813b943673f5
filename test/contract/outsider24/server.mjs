// The WSGI side (gunicorn limits, Django middleware, URL resolution) and DRF's APIView.dispatch.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { Store, seed } from './store.mjs';
import { resolve } from './urls.mjs';
import { authenticate } from './auth.mjs';
import { exceptionHandler, APIException, ParseError, NotFound, NotAcceptable, MethodNotAllowed, UnsupportedMediaType, NON_FIELD_ERRORS_KEY } from './errors.mjs';
import { pyJsonLoads, decodeBody, PyJSONError } from './pyjson.mjs';
import { renderJson } from './render.mjs';

const DATA_UPLOAD_MAX_MEMORY_SIZE = 2621440;
const DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000;
const LIMIT_REQUEST_LINE = 4094;
const LIMIT_REQUEST_FIELDS = 100;
const LIMIT_REQUEST_FIELD_SIZE = 8190;
const BODY_TIMEOUT_MS = 30000;
const ALLOWED_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
const HTTP_METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const SECURITY_HEADERS = {
  'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin', 'Cross-Origin-Opener-Policy': 'same-origin',
};

const log = (...a) => process.stderr.write(`[outsider24] ${a.join(' ')}\n`);

function badRequest(message, extra) {
  return new APIException(400, { [NON_FIELD_ERRORS_KEY]: message }, extra).withMessage(message);
}

// WSGI PATH_INFO is percent-decoded bytes; Django decodes them as UTF-8 and re-percents broken bytes
function pathInfo(raw) {
  const bytes = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '%' && /^[0-9a-fA-F]{2}$/.test(raw.slice(i + 1, i + 3))) { bytes.push(parseInt(raw.slice(i + 1, i + 3), 16)); i += 2; }
    else for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
  }
  const buf = Buffer.from(bytes);
  try { return new TextDecoder('utf-8', { fatal: true }).decode(buf); } catch {
    return [...buf].map((b) => (b < 0x80 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase()}`)).join('');
  }
}

// QueryDict(query_string): parse_qsl(keep_blank_values=True, errors='replace', max_num_fields=1000)
function parseQuery(qs) {
  const out = Object.create(null);
  if (!qs) return out;
  if (1 + (qs.match(/&/g) || []).length > DATA_UPLOAD_MAX_NUMBER_FIELDS) {
    throw badRequest('The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS.');
  }
  const unquote = (s) => {
    s = s.replace(/\+/g, ' ');
    const bytes = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) { bytes.push(parseInt(s.slice(i + 1, i + 3), 16)); i += 2; }
      else for (const b of Buffer.from(s[i], 'utf8')) bytes.push(b);
    }
    return new TextDecoder('utf-8').decode(Buffer.from(bytes)); // errors='replace'
  };
  for (const part of qs.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    const k = unquote(i === -1 ? part : part.slice(0, i));
    const v = unquote(i === -1 ? '' : part.slice(i + 1));
    (out[k] ||= []).push(v);
  }
  return out;
}

function parseMediaType(s) {
  const [type, ...params] = String(s).split(';');
  const p = {};
  for (const x of params) {
    const i = x.indexOf('=');
    if (i > 0) p[x.slice(0, i).trim().toLowerCase()] = x.slice(i + 1).trim().replace(/^"|"$/g, '');
  }
  return { type: type.trim().toLowerCase(), params: p };
}

// DefaultContentNegotiation.select_renderer with only JSONRenderer installed
function negotiate(query, acceptHeader) {
  const fmt = query.format?.at(-1);
  if (fmt !== undefined && fmt !== '' && fmt !== 'json') throw NotFound('Not found.');
  const accept = acceptHeader && acceptHeader.trim() ? acceptHeader : '*/*';
  const types = accept.split(',').map(parseMediaType);
  const precedence = (t) => (t.type === '*/*' ? 0 : t.type.endsWith('/*') ? 1 : Object.keys(t.params).filter((k) => k !== 'q').length ? 3 : 2);
  types.sort((a, b) => precedence(b) - precedence(a));
  for (const t of types) {
    if (t.type === '*/*' || t.type === 'application/*' || t.type === 'application/json') {
      const ind = t.type === 'application/json' ? parseInt(t.params.indent, 10) : NaN;
      return Number.isFinite(ind) ? Math.max(Math.min(ind, 8), 0) : 0;
    }
  }
  throw NotAcceptable();
}

function send(res, status, body, headers, indent = 0, close = false) {
  const h = { ...SECURITY_HEADERS, ...headers };
  let payload = '';
  if (body !== null && body !== undefined) {
    payload = renderJson(body, indent);
    h['Content-Type'] = 'application/json';
  }
  h['Content-Length'] = Buffer.byteLength(payload);
  if (close) h.Connection = 'close';
  res.writeHead(status, h);
  res.end(payload);
}

function sendError(res, exc, extraHeaders = {}, indent = 0) {
  const { status, body, headers } = exceptionHandler(exc);
  send(res, status, body, { ...extraHeaders, ...headers }, indent, exc.closeConnection);
}

function readBody(req, declared) {
  return new Promise((resolveBody) => {
    const chunks = [];
    let size = 0, done = false;
    const finish = (r) => { if (!done) { done = true; clearTimeout(timer); resolveBody(r); } };
    const timer = setTimeout(() => finish({ timeout: true }), BODY_TIMEOUT_MS);
    req.on('data', (c) => {
      size += c.length;
      if (size <= DATA_UPLOAD_MAX_MEMORY_SIZE) chunks.push(c);
      else if (declared === null) finish({ buf: Buffer.alloc(0), overflow: true }); // chunked: drained no further
    });
    req.on('end', () => finish({ buf: Buffer.concat(chunks) }));
    req.on('error', () => finish({ aborted: true }));
    req.on('aborted', () => finish({ aborted: true }));
  });
}

export function makeHandler(store) {
  return async function handle(req, res) {
    let close = false;
    try {
      // gunicorn's request limits
      if (req.url.length > LIMIT_REQUEST_LINE) {
        throw badRequest(`Request Line is too large (${req.url.length} > ${LIMIT_REQUEST_LINE})`, { closeConnection: true });
      }
      if (req.rawHeaders.length / 2 > LIMIT_REQUEST_FIELDS) throw badRequest('Error parsing headers: \'limit request headers fields\'', { closeConnection: true });
      for (let i = 1; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i].length > LIMIT_REQUEST_FIELD_SIZE) throw badRequest('Error parsing headers: \'limit request headers fields size\'', { closeConnection: true });
      }
      // CommonMiddleware -> request.get_host() against ALLOWED_HOSTS
      if (req.headers.host !== undefined) {
        const host = req.headers.host.toLowerCase();
        const m = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::([0-9]+))?$/.exec(host);
        if (!m || !ALLOWED_HOSTS.includes(m[1].replace(/\.$/, ''))) {
          throw badRequest(`Invalid HTTP_HOST header: '${req.headers.host}'. You may need to add '${m ? m[1] : req.headers.host}' to ALLOWED_HOSTS.`);
        }
      }
      // RequestBodyLimitMiddleware: touches request.body, so DATA_UPLOAD_MAX_MEMORY_SIZE applies up front
      const cl = req.headers['content-length'];
      const declared = cl === undefined ? null : Number(cl);
      if (declared !== null && declared > DATA_UPLOAD_MAX_MEMORY_SIZE) {
        throw badRequest('Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.', { closeConnection: true });
      }
      const body = await readBody(req, declared);
      if (body.aborted) { res.destroy(); return; }
      if (body.timeout) throw badRequest('Timed out while reading the request body.', { closeConnection: true });
      if (body.overflow) close = true;

      let rawPath = req.url;
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(rawPath)) rawPath = rawPath.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
      const qi = rawPath.indexOf('?');
      const rawQuery = qi === -1 ? '' : rawPath.slice(qi + 1);
      const match = resolve(pathInfo(qi === -1 ? rawPath : rawPath.slice(0, qi)));
      if (!match) throw NotFound('The requested resource was not found on this server.');
      await dispatch(store, req, res, match, rawQuery, body.buf, declared, close);
    } catch (e) {
      if (!(e instanceof APIException)) {
        log('unexpected error:', e && e.stack);
        e = badRequest('A server error occurred.');
      }
      if (close) e.closeConnection = true;
      if (!res.headersSent) sendError(res, e);
    }
  };
}

async function dispatch(store, req, res, { view, kwargs }, rawQuery, buf, declared, close) {
  const methods = HTTP_METHOD_ORDER.filter((m) => view[m] || (m === 'HEAD' && view.GET) || m === 'OPTIONS');
  const viewHeaders = { Allow: methods.join(', '), Vary: 'Accept' };
  let indent = 0;
  try {
    // APIView.initial(): negotiation, authentication, permissions
    const query = parseQuery(rawQuery);
    indent = negotiate(query, req.headers.accept);
    const r = {
      method: req.method, query, kwargs, store, principal: null,
      data() {
        if (this._data !== undefined) return this._data;
        if (!buf || buf.length === 0 || declared === null || declared === 0) return (this._data = {});
        const ct = req.headers['content-type'];
        const mt = parseMediaType(ct || '');
        if (mt.type !== 'application/json') throw UnsupportedMediaType(ct === undefined ? '' : String(ct).split(';')[0].trim());
        try {
          return (this._data = pyJsonLoads(decodeBody(buf, mt.params.charset)));
        } catch (e) {
          if (e instanceof PyJSONError) throw ParseError(`JSON parse error - ${e.message}`);
          throw e;
        }
      },
    };
    r.principal = authenticate(store, req.headers['x-api-key']);
    for (const perm of view.permissions) perm(r);
    const method = req.method === 'HEAD' && view.GET ? 'GET' : req.method;
    if (method === 'OPTIONS') {
      // SimpleMetadata
      send(res, 200, { name: view.name, description: view.description, renders: ['application/json'], parses: ['application/json'] }, viewHeaders, indent, close);
      return;
    }
    if (!view[method]) throw MethodNotAllowed(req.method);
    const [status, body] = view[method](r);
    send(res, status, body, viewHeaders, indent, close);
  } catch (e) {
    if (!(e instanceof APIException)) throw e;
    if (close) e.closeConnection = true;
    sendError(res, e, viewHeaders, indent);
  }
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const store = new Store();
  const keys = seed(store);
  const server = http.createServer({ maxHeaderSize: 65536, requestTimeout: 0, headersTimeout: 60000, requireHostHeader: false }, makeHandler(store));
  server.on('clientError', (err, socket) => {
    if (!socket.writable) { socket.destroy(); return; }
    const body = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Bad Request', details: [{ field: NON_FIELD_ERRORS_KEY, message: `Invalid HTTP request: ${err.code || 'parse error'}` }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  await new Promise((ok, ko) => { server.once('error', ko); server.listen(port, host, ok); });
  const url = `http://${host}:${server.address().port}`;
  log('listening on', url);
  return {
    url, apiKey: keys.apiKey, workspaceId: keys.workspaceId, siteApiKey: keys.siteApiKey, otherApiKey: keys.otherApiKey,
    publicApiKey: keys.publicApiKey, siteId: keys.siteId, otherWorkspaceId: keys.otherWorkspaceId, otherSiteId: keys.otherSiteId,
    close: () => new Promise((ok) => { server.close(() => ok()); server.closeAllConnections?.(); }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i !== -1 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  const s = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = async () => { await s.close(); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('uncaughtException', (e) => log('uncaught:', e && e.stack));
}
