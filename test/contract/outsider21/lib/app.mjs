// The Rack stack: Puma's request limits, ActionDispatch::RequestId, the router, the controller's
// before_actions (authenticate, authorize the key kind), parameter parsing, rescue_from rendering,
// Rack::ETag + Rack::ConditionalGet on GET responses.
import { createHash, randomUUID } from 'node:crypto';
import { ApiError, unauthorized } from './errors.mjs';
import { parseJson, ParserError } from './json.mjs';
import { parseQuery } from './query.mjs';
import { route } from './router.mjs';
import { ACTIONS, BODY_ACTIONS, authorizeKind } from './controllers.mjs';
import { parseUuid, digest, appKeyChecksumOk } from './store.mjs';

export const BODY_LIMIT = 5 * 1024 * 1024; // Puma `http_content_length_limit`
export const BODY_TIMEOUT_MS = 30_000; // Puma `first_data_timeout`
const MAX_URI = 12 * 1024;
const MAX_PATH = 8192;
const MAX_QUERY = 10 * 1024;

// ActiveSupport's JSON encoder escapes <, >, & (escape_html_entities_in_json) and U+2028/U+2029.
export function encodeJson(v) {
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

export function errorBody(e) {
  const body = { object: 'error', code: e.code, message: e.message };
  if (e.status === 400) body.details = e.details && e.details.length ? e.details : [{ field: 'base', message: e.message }];
  return body;
}

function authenticate(db, header) {
  if (typeof header !== 'string' || header === '') throw unauthorized();
  const id = parseUuid(header);
  if (id) {
    const site = db.sites.find((s) => s.siteApiKey === id);
    if (site) return { kind: 'site', site };
    const pub = db.sites.find((s) => s.publicApiKey === id);
    if (pub) return { kind: 'public', site: pub };
    throw unauthorized();
  }
  if (!appKeyChecksumOk(header)) throw unauthorized();
  const d = digest(header);
  const k = db.appKeys.find((x) => x.digest === d);
  if (!k || !db.workspaces.some((w) => w.pk === k.workspacePk)) throw unauthorized();
  return { kind: 'app', workspacePk: k.workspacePk };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > BODY_LIMIT) {
      reject(tooLarge());
      return;
    }
    const chunks = [];
    let size = 0;
    let done = false;
    const timer = setTimeout(() => finish(new ApiError(400, 'bad_request', 'Timed out while reading the request body',
      [{ field: 'body', message: `Body was not received within ${BODY_TIMEOUT_MS / 1000} seconds` }])), BODY_TIMEOUT_MS);
    const finish = (err) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) { req.pause(); reject(err); } else resolve(Buffer.concat(chunks));
    };
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > BODY_LIMIT) return finish(tooLarge());
      chunks.push(c);
    });
    req.on('end', () => finish());
    req.on('error', (e) => finish(new ApiError(400, 'bad_request', 'The request body could not be read', [{ field: 'body', message: `Body could not be read (${e.code || e.message})` }])));
  });
}
const tooLarge = () => new ApiError(400, 'bad_request', `Request body is larger than the ${BODY_LIMIT} bytes allowed`,
  [{ field: 'body', message: `Body is too large (maximum is ${BODY_LIMIT} bytes)` }]);

function parseBody(raw, contentType) {
  if (raw.length === 0) return {};
  const ct = String(contentType || '').toLowerCase();
  const [media, ...paramsPart] = ct.split(';').map((s) => s.trim());
  if (!(media === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media))) {
    throw new ApiError(400, 'bad_request', 'Request bodies must be sent as application/json',
      [{ field: 'Content-Type', message: `Content-Type ${media ? `"${media}" is not supported` : 'is missing'}` }]);
  }
  const charset = paramsPart.map((p) => p.split('=')).find(([k]) => k === 'charset');
  if (charset && !/^"?utf-?8"?$/.test(charset[1] || '')) {
    throw new ApiError(400, 'bad_request', 'Request bodies must be encoded in UTF-8',
      [{ field: 'Content-Type', message: `Content-Type charset "${charset[1]}" is not supported` }]);
  }
  const text = raw.toString('utf8');
  const parseError = (m) => new ApiError(400, 'bad_request', 'Error occurred while parsing request parameters',
    [{ field: 'body', message: `Body is not valid JSON: ${m}` }]);
  if (!Buffer.from(text, 'utf8').equals(raw)) throw parseError('source sequence is illegal/malformed utf-8');
  try { return parseJson(text); } catch (e) {
    if (e instanceof ParserError) throw parseError(e.message);
    throw e;
  }
}

export function createHandler(db, log) {
  return async function handle(req, res) {
    const started = process.hrtime.bigint();
    const rid = String(req.headers['x-request-id'] || '').replace(/[^\w\-@]/g, '').slice(0, 255) || randomUUID();
    const headers = { 'x-request-id': rid };
    let status = 500;
    let payload;
    const method = req.method;
    const rawUrl = req.url || '/';
    try {
      try {
        const q = rawUrl.indexOf('?');
        const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
        const rawQuery = q < 0 ? '' : rawUrl.slice(q + 1);
        if (rawUrl.length > MAX_URI) throw pumaLimit('REQUEST_URI', '(1024 * 12)', rawUrl.length);
        if (rawPath.length > MAX_PATH) throw pumaLimit('REQUEST_PATH', '(8192)', rawPath.length);
        if (rawQuery.length > MAX_QUERY) throw pumaLimit('QUERY_STRING', '(1024 * 10)', rawQuery.length);
        const raw = await readBody(req);
        const { action, params } = route(method, rawPath);
        const key = authenticate(db, req.headers['x-api-key']);
        authorizeKind(action, key);
        const query = parseQuery(rawQuery);
        let parsed;
        const host = /^[\w.\-:[\]]+$/.test(req.headers.host || '') ? req.headers.host : `127.0.0.1:${req.socket.localPort}`;
        const ctx = {
          db, key, params, query, baseUrl: `http://${host}`,
          body: () => (parsed === undefined ? (parsed = BODY_ACTIONS.has(action) ? parseBody(raw, req.headers['content-type']) : {}) : parsed),
        };
        if (BODY_ACTIONS.has(action)) ctx.body();
        const [st, body, extra] = ACTIONS[action](ctx);
        status = st;
        payload = body;
        Object.assign(headers, extra || {});
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        status = e.status;
        payload = errorBody(e);
        Object.assign(headers, e.headers || {});
        if (e.closeConnection || (e.details && e.details[0] && e.details[0].field === 'body' && /too large|not received/.test(e.details[0].message))) headers.connection = 'close';
      }
    } catch (e) {
      log(`unexpected error: ${e && e.stack ? e.stack : e}`);
      status = 400;
      payload = errorBody(new ApiError(400, 'bad_request', 'The request could not be processed', [{ field: 'base', message: 'The request could not be processed' }]));
    }
    send(req, res, status, payload, headers);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log(`${method} ${rawUrl.slice(0, 200)} -> ${status} (${ms.toFixed(1)}ms)`);
  };
}

function pumaLimit(name, allowed, was) {
  const e = new ApiError(400, 'bad_request', `HTTP element ${name} is longer than the ${allowed} allowed length (was ${was})`,
    [{ field: 'request', message: `Request ${name.toLowerCase().replace('_', ' ')} is too long (was ${was} bytes)` }]);
  e.closeConnection = true;
  return e;
}

function send(req, res, status, payload, headers) {
  if (status === 204) {
    res.writeHead(204, { ...headers, 'cache-control': 'no-cache' });
    res.end();
    return;
  }
  const body = Buffer.from(encodeJson(payload), 'utf8');
  const h = { 'content-type': 'application/json; charset=utf-8', ...headers };
  if (status === 200 && (req.method === 'GET' || req.method === 'HEAD')) {
    const etag = `W/"${createHash('md5').update(body).digest('hex')}"`;
    h.etag = etag;
    h['cache-control'] = 'max-age=0, private, must-revalidate';
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').map((s) => s.trim()).includes(etag)) {
      delete h['content-type'];
      res.writeHead(304, h);
      res.end();
      return;
    }
  } else {
    h['cache-control'] = 'no-cache';
  }
  h['content-length'] = body.length;
  res.writeHead(status, h);
  if (req.method === 'HEAD') res.end(); else res.end(body);
  if (h.connection === 'close') res.on('finish', () => req.socket.destroySoon?.());
}

// A request Node's HTTP parser cannot read gets Puma's answer: 400, the envelope, connection closed.
export function clientErrorResponse(err) {
  const tooBig = err && err.code === 'HPE_HEADER_OVERFLOW';
  const e = new ApiError(400, 'bad_request', tooBig ? 'HTTP headers are larger than the allowed size' : 'Invalid HTTP format, parsing fails.',
    [{ field: 'request', message: tooBig ? 'Request headers are too large' : 'Request is not valid HTTP/1.1' }]);
  const body = encodeJson(errorBody(e));
  return `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}
