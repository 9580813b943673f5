// The API Gateway (REST API) in front of the functions, ported to node:http:
// edge limits -> resource/method matching -> Lambda REQUEST authoriser + IAM policy
// -> request-parameter validator -> Lambda payload limit -> Lambda proxy integration.
// API Gateway's own answers are reshaped by Gateway Responses into the API envelope.
import http from 'node:http';
import { randomUUID, randomBytes } from 'node:crypto';
import { envelope } from './errors.mjs';

const EDGE_MAX_BODY = 10 * 1024 * 1024; // API Gateway payload quota
const LAMBDA_MAX_EVENT = 6 * 1024 * 1024; // synchronous Invoke request payload
const ARN_PREFIX = 'arn:aws:execute-api:us-east-1:123456789012:sitebuilder/prod';

// Gateway Responses (responseType -> status, code, message, x-amzn-ErrorType)
const GATEWAY_RESPONSES = {
  MISSING_AUTHENTICATION_TOKEN: [404, 'not_found', 'Missing Authentication Token', 'MissingAuthenticationTokenException'],
  UNAUTHORIZED: [401, 'unauthorized', 'Unauthorized', 'UnauthorizedException'],
  ACCESS_DENIED: [403, 'forbidden', 'User is not authorized to access this resource with an explicit deny', 'AccessDeniedException'],
  REQUEST_TOO_LARGE: [400, 'bad_request', 'Request Too Long', 'RequestTooLargeException'],
  BAD_REQUEST_PARAMETERS: [400, 'bad_request', null, 'BadRequestException'],
  BAD_REQUEST_URI: [400, 'bad_request', 'Invalid request URI', 'BadRequestException'],
  INTEGRATION_PAYLOAD: [400, 'bad_request', `Request must be smaller than ${LAMBDA_MAX_EVENT} bytes for the InvokeFunction operation`, 'RequestEntityTooLargeException'],
  INTEGRATION_FAILURE: [400, 'bad_request', 'Internal server error', 'InternalServerErrorException'],
};

export function createGateway({ resources, authoriser, log = () => {} }) {
  // resources: [{ path: '/v2/sites/{siteId}', methods: { GET: { op, fn, requiredQuery: [] } } }]
  const compiled = resources.map((r) => ({ ...r, parts: r.path.split('/').slice(1) }));

  function match(rawPath) {
    let p = rawPath;
    if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1); // one trailing slash is tolerated
    const segs = p.split('/').slice(1);
    let best = null;
    for (const r of compiled) {
      if (r.parts.length !== segs.length) continue;
      const params = {};
      let score = 0;
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const part = r.parts[i];
        if (part.startsWith('{')) {
          if (segs[i] === '') { ok = false; break; }
          params[part.slice(1, -1)] = segs[i];
        } else if (part === segs[i]) score++;
        else { ok = false; break; }
      }
      if (ok && (!best || score > best.score)) best = { r, params, score };
    }
    return best;
  }

  function gatewayResponse(res, type, requestId, overrideMessage, details) {
    const [status, code, message, errType] = GATEWAY_RESPONSES[type];
    send(res, status, envelope(code, overrideMessage ?? message, details), requestId, { 'x-amzn-ErrorType': errType });
  }

  function send(res, status, body, requestId, extra = {}) {
    if (res.headersSent || res.destroyed) return;
    const headers = {
      'x-amzn-RequestId': requestId,
      'x-amz-apigw-id': randomBytes(6).toString('base64url').slice(0, 8) + '=',
      ...extra,
    };
    if (status === 204 || body === undefined || body === null) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = Buffer.byteLength(text);
    res.writeHead(status, headers);
    res.end(text);
  }

  function parseQuery(qs) {
    const single = Object.create(null);
    const multi = Object.create(null);
    if (!qs) return { single: null, multi: null };
    for (const pair of qs.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const rawK = eq < 0 ? pair : pair.slice(0, eq);
      const rawV = eq < 0 ? '' : pair.slice(eq + 1);
      let k;
      let v;
      try {
        k = decodeURIComponent(rawK); // '+' stays '+'
        v = decodeURIComponent(rawV);
      } catch {
        throw new URIError('malformed percent-encoding');
      }
      single[k] = v; // queryStringParameters: the last value wins
      (multi[k] ??= []).push(v);
    }
    return Object.keys(single).length ? { single, multi } : { single: null, multi: null };
  }

  // 'allow' | 'implicit' | 'explicit'
  function policyDecision(policy, methodArn) {
    let allowed = false;
    for (const st of policy?.Statement ?? []) {
      const resList = [].concat(st.Resource);
      const hit = resList.some((pat) => new RegExp(`^${pat.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(methodArn));
      if (!hit) continue;
      if (st.Effect === 'Deny') return 'explicit';
      if (st.Effect === 'Allow') allowed = true;
    }
    return allowed ? 'allow' : 'implicit';
  }

  async function handle(req, res, bodyBuf) {
    const requestId = randomUUID();
    const target = req.url ?? '/';
    if (!target.startsWith('/')) return gatewayResponse(res, 'MISSING_AUTHENTICATION_TOKEN', requestId);
    const qi = target.indexOf('?');
    const rawPath = qi < 0 ? target : target.slice(0, qi);
    const rawQuery = qi < 0 ? '' : target.slice(qi + 1);

    // 1. resource and method
    const m = match(rawPath);
    const method = m?.r.methods[req.method];
    if (!m || !method) return gatewayResponse(res, 'MISSING_AUTHENTICATION_TOKEN', requestId);

    // 2. URI decoding (path parameters, query string)
    let pathParameters = null;
    let query;
    try {
      for (const [k, v] of Object.entries(m.params)) (pathParameters ??= {})[k] = decodeURIComponent(v);
      query = parseQuery(rawQuery);
    } catch (e) {
      if (!(e instanceof URIError)) throw e;
      return gatewayResponse(res, 'BAD_REQUEST_URI', requestId, undefined, [{ field: 'uri', message: 'malformed percent-encoding' }]);
    }

    const headers = Object.create(null);
    const multiValueHeaders = Object.create(null);
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const k = req.rawHeaders[i].toLowerCase();
      const v = req.rawHeaders[i + 1];
      headers[k] = v; // the last header of a name wins, as in `headers` of the proxy event
      (multiValueHeaders[k] ??= []).push(v);
    }

    // 3. Lambda REQUEST authoriser, identity source method.request.header.x-api-key
    const methodArn = `${ARN_PREFIX}/${req.method}${m.r.path.replace(/\{[^}]+\}/g, '*')}`;
    const identity = headers['x-api-key'];
    if (identity === undefined || identity.trim() === '') return gatewayResponse(res, 'UNAUTHORIZED', requestId);
    let auth;
    try {
      auth = await authoriser({ type: 'REQUEST', methodArn, headers, pathParameters, queryStringParameters: query.single });
    } catch (e) {
      if (e?.message !== 'Unauthorized') log(`authoriser failure: ${e?.stack ?? e}`);
      return gatewayResponse(res, 'UNAUTHORIZED', requestId);
    }
    const decision = policyDecision(auth.policyDocument, methodArn);
    if (decision !== 'allow') {
      return gatewayResponse(res, 'ACCESS_DENIED', requestId, decision === 'implicit' ? 'User is not authorized to access this resource' : undefined);
    }

    // 4. request validator: required query-string parameters
    const missing = (method.requiredQuery ?? []).filter((q) => query.single?.[q] === undefined);
    if (missing.length) {
      return gatewayResponse(res, 'BAD_REQUEST_PARAMETERS', requestId, `Missing required request parameters: [${missing.join(', ')}]`,
        missing.map((q) => ({ field: q, message: 'Missing required request parameter' })));
    }

    // 5. Lambda proxy integration
    const event = {
      resource: m.r.path,
      path: rawPath,
      httpMethod: req.method,
      headers,
      multiValueHeaders,
      queryStringParameters: query.single,
      multiValueQueryStringParameters: query.multi,
      pathParameters,
      requestContext: { requestId, resourcePath: m.r.path, httpMethod: req.method, operationName: method.op, authorizer: { principalId: auth.principalId, ...auth.context } },
      body: bodyBuf.length ? bodyBuf.toString('utf8') : null,
      isBase64Encoded: false,
    };
    if (Buffer.byteLength(JSON.stringify(event)) > LAMBDA_MAX_EVENT) return gatewayResponse(res, 'INTEGRATION_PAYLOAD', requestId);
    let out;
    try {
      out = await method.fn(event);
    } catch (e) {
      log(`function ${method.op} failed: ${e?.stack ?? e}`);
      return gatewayResponse(res, 'INTEGRATION_FAILURE', requestId);
    }
    send(res, out.statusCode, out.body ?? null, requestId, out.headers ?? {});
  }

  const server = http.createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, (req, res) => {
    const requestId = randomUUID();
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > EDGE_MAX_BODY) {
      res.setHeader('Connection', 'close');
      gatewayResponse(res, 'REQUEST_TOO_LARGE', requestId, undefined, [{ field: 'body', message: `must be at most ${EDGE_MAX_BODY} bytes` }]);
      req.resume();
      res.on('finish', () => req.socket.destroy());
      return;
    }
    const chunks = [];
    let size = 0;
    let over = false;
    req.on('data', (c) => {
      if (over) return;
      size += c.length;
      if (size > EDGE_MAX_BODY) {
        over = true;
        chunks.length = 0;
        res.setHeader('Connection', 'close');
        gatewayResponse(res, 'REQUEST_TOO_LARGE', requestId, undefined, [{ field: 'body', message: `must be at most ${EDGE_MAX_BODY} bytes` }]);
        res.on('finish', () => req.socket.destroy());
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (over) return;
      handle(req, res, Buffer.concat(chunks)).catch((e) => {
        log(`gateway failure: ${e?.stack ?? e}`);
        gatewayResponse(res, 'INTEGRATION_FAILURE', requestId);
      });
    });
    req.on('error', () => {});
  });

  // The edge answers a malformed request line / headers itself, with the envelope.
  server.on('clientError', (err, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') return socket.destroy();
    const body = JSON.stringify(envelope('bad_request', 'Bad Request', [{ field: 'request', message: err.code === 'HPE_HEADER_OVERFLOW' ? 'request headers too large' : 'malformed HTTP request' }]));
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nx-amzn-ErrorType: BadRequestException\r\nConnection: close\r\n\r\n${body}`);
  });
  return server;
}
