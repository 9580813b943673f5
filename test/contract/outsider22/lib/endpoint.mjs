// SiteBuilderWeb.Endpoint: Plug.RequestId, Plug.Head, Plug.Parsers (urlencoded + Jason JSON,
// pass: ["*/*"]), then the router, plug :accepts, plug :authenticate, the pipelines and the
// controller action, whose failures the FallbackController renders as the error envelope.
import crypto from 'node:crypto';
import { decode as jasonDecode, encode as jasonEncode, DecodeError } from './jason.mjs';
import { decodeQuery, InvalidQueryError } from './query.mjs';
import { ApiError, badRequest } from './changeset.mjs';
import { match } from './router.mjs';
import { authenticate } from './auth.mjs';

export const LIMITS = {
  jsonBody: 8_000_000, // Plug.Parsers :length default
  urlencodedBody: 1_000_000, // Plug.Parsers.URLENCODED :length default
  readTimeoutMs: 15_000, // Plug.Conn.read_body :read_timeout default
  requestLine: 10_000, // Bandit max_request_line_length
  headerCount: 50, // Bandit max_header_count
};
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let requestCounter = 0;
function requestId(req) {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && Buffer.byteLength(given) >= 20 && Buffer.byteLength(given) <= 200) return given;
  // Plug.RequestId: <<system_time(:nanosecond)::64, phash2(...)::24, unique_integer()::32>> in url-safe Base64
  const b = Buffer.alloc(15);
  b.writeBigUInt64BE(BigInt(Date.now()) * 1000000n + process.hrtime.bigint() % 1000000n, 0);
  crypto.randomFillSync(b, 8, 3);
  b.writeUInt32BE((++requestCounter) >>> 0, 11);
  return b.toString('base64url');
}

export function envelope(err) {
  const body = { object: 'error', code: err.code, message: err.message };
  if (err.details) body.details = err.details;
  return body;
}

function send(conn, status, body, extra = {}) {
  const { res } = conn;
  if (res.headersSent || res.destroyed) return;
  const headers = {
    'cache-control': 'max-age=0, private, must-revalidate',
    'x-request-id': conn.requestId,
    ...extra,
  };
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = jasonEncode(body);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(status, headers);
  res.end(conn.head ? undefined : text);
}
function sendError(conn, err, extra) {
  send(conn, err.status, envelope(err), extra);
}

/** Plug.Conn.Utils.media_type/1 */
function mediaType(ct) {
  const m = /^\s*([A-Za-z0-9!#$&^_.+-]+)\/([A-Za-z0-9!#$&^_.+-]+)\s*(?:;.*)?$/s.exec(ct);
  return m ? [m[1].toLowerCase(), m[2].toLowerCase()] : null;
}

/** Read the whole body (bounded by `limit` and the read timeout). */
function readBody(req, limit) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0, done = false, over = false;
    let timer;
    const finish = (r) => { if (done) return; done = true; clearTimeout(timer); resolve(r); };
    const arm = () => { clearTimeout(timer); timer = setTimeout(() => finish({ timeout: true }), LIMITS.readTimeoutMs); };
    arm();
    req.on('data', (c) => {
      arm();
      size += c.length;
      if (size > limit) {
        if (!over) { over = true; chunks.length = 0; }
        if (size > limit * 8) finish({ tooLarge: true }); // stop draining an endless body
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => finish(over ? { tooLarge: true } : { buf: Buffer.concat(chunks) }));
    req.on('error', () => finish({ aborted: true }));
    req.on('close', () => finish(over ? { tooLarge: true } : { aborted: true }));
  });
}

const tooLarge = () => badRequest([{ field: 'body', message: 'is too large' }],
  'the request is too large. If you are willing to process larger requests, please give a :length to Plug.Parsers');

/** Plug.Parsers: body params for POST/PUT/PATCH/DELETE of a JSON or urlencoded content type. */
async function parseBody(conn) {
  const { req } = conn;
  const ct = req.headers['content-type'];
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!BODY_METHODS.has(conn.method) || ct === undefined) {
    await drain(conn);
    return {};
  }
  const mt = mediaType(ct);
  if (!mt) { await drain(conn); throw badRequest([{ field: 'content-type', message: 'is invalid' }], `unsupported media type ${ct}`); }
  const isJson = mt[0] === 'application' && (mt[1] === 'json' || mt[1].endsWith('+json'));
  const isForm = mt[0] === 'application' && mt[1] === 'x-www-form-urlencoded';
  if (!isJson && !isForm) { await drain(conn); return {}; } // pass: ["*/*"]
  const limit = isJson ? LIMITS.jsonBody : LIMITS.urlencodedBody;
  if (declared > limit) { conn.closeAfter = true; throw tooLarge(); }
  const r = await readBody(req, limit);
  if (r.timeout) { conn.closeAfter = true; throw badRequest([{ field: 'body', message: 'was not received in time' }], 'timeout while reading the request body'); }
  if (r.tooLarge) { conn.closeAfter = true; throw tooLarge(); }
  if (r.aborted) { conn.aborted = true; throw badRequest([{ field: 'body', message: 'is incomplete' }]); }
  if (isForm) {
    try {
      return decodeQuery(checkUtf8(r.buf));
    } catch (e) {
      if (e instanceof InvalidQueryError) throw badRequest([{ field: 'body', message: e.message }], e.message);
      throw e;
    }
  }
  if (r.buf.length === 0) return {};
  try {
    const v = jasonDecode(r.buf);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v;
    conn.bodyNotObject = true;
    return { _json: v };
  } catch (e) {
    if (e instanceof DecodeError) {
      throw badRequest([{ field: 'body', message: e.message }],
        `malformed request, a Jason.DecodeError exception was raised with message ${JSON.stringify(e.message)}`);
    }
    throw e;
  }
}
function checkUtf8(buf) {
  try { return new TextDecoder('utf-8', { fatal: true }).decode(buf); } catch { throw new InvalidQueryError('invalid UTF-8 on urlencoded params'); }
}
async function drain(conn) {
  const r = await readBody(conn.req, 64 * 1024 * 1024);
  if (r.timeout || r.tooLarge) conn.closeAfter = true;
}

/** plug :accepts, ["json"] */
function accepts(req) {
  const h = req.headers.accept;
  if (h === undefined || h.trim() === '') return;
  const ok = h.split(',').some((part) => {
    const [type, ...ps] = part.trim().split(';').map((s) => s.trim());
    const q = ps.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    const t = type.toLowerCase();
    return t === '*/*' || t === 'application/*' || t === 'application/json';
  });
  if (!ok) throw badRequest([{ field: 'accept', message: 'is not acceptable' }], 'no supported media type in accept header, expected one of ["json"]');
}

export function createHandler(store, log) {
  return async function handle(req, res) {
    const conn = { req, res, store, requestId: requestId(req), head: req.method === 'HEAD', closeAfter: false };
    conn.method = conn.head ? 'GET' : req.method;
    try {
      if (req.url.length > LIMITS.requestLine || req.rawHeaders.length / 2 > LIMITS.headerCount) {
        conn.closeAfter = true;
        throw badRequest([{ field: 'request', message: 'is too large' }], 'request line or headers too large');
      }
      let target = req.url;
      if (/^https?:\/\//i.test(target)) { try { const u = new URL(target); target = u.pathname + u.search; } catch { target = '*'; } }
      if (!target.startsWith('/')) throw badRequest([{ field: 'request', message: 'is invalid' }], 'invalid request target');
      const qi = target.indexOf('?');
      conn.path = qi < 0 ? target : target.slice(0, qi);
      const rawQuery = qi < 0 ? '' : target.slice(qi + 1);
      try { conn.query = decodeQuery(rawQuery); } catch (e) {
        if (e instanceof InvalidQueryError) { await drain(conn); throw badRequest([{ field: 'query', message: e.message }], e.message); }
        throw e;
      }
      conn.body = await parseBody(conn);
      conn.params = Object.assign(Object.create(null), conn.query, conn.body);
      const pathInfo = conn.path.split('/').filter(Boolean);
      const route = match(conn.method, pathInfo);
      if (!route) throw new ApiError(404, 'not_found', `no route found for ${conn.method} ${conn.path} (SiteBuilderWeb.Router)`);
      conn.pathParams = route.pathParams;
      accepts(req);
      conn.principal = authenticate(conn);
      for (const pipe of route.pipes) pipe(conn);
      const out = route.action(conn);
      const extra = {};
      if (out.location) extra.location = out.location;
      if (out.next) extra['x-next-cursor'] = out.next;
      if (conn.closeAfter) extra.connection = 'close';
      send(conn, out.status, out.body, extra);
    } catch (err) {
      if (conn.aborted) { res.destroy(); return; }
      const extra = conn.closeAfter ? { connection: 'close' } : {};
      if (err instanceof ApiError) sendError(conn, err, extra);
      else {
        log(`[error] ${req.method} ${req.url}: ${err && err.stack}`);
        sendError(conn, badRequest([{ field: 'request', message: 'could not be processed' }], 'the request could not be processed'), extra);
      }
    }
    if (conn.closeAfter) res.on('finish', () => setTimeout(() => req.socket.destroy(), 50));
  };
}

/** Malformed HTTP (bad request line, header overflow): a raw 400 envelope, then close. */
export function onClientError(err, socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) { socket.destroy(); return; }
  const body = jasonEncode(envelope(badRequest([{ field: 'request', message: 'is malformed' }], `malformed HTTP request (${err.code || 'parse error'})`)));
  socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}
