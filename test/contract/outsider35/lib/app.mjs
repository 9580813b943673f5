// The Rack-style stack: error envelope → authentication → body parser → router → action.
import { ApiError, badRequest, notFound } from './contract.mjs';
import { parseQuery, QueryError } from './rack_query.mjs';
import { isUuid } from './formats.mjs';
import { makeActions } from './actions.mjs';

const MAX_BODY = 1024 * 1024;
const HARD_CAP = 64 * 1024 * 1024;
const accessLog = !!process.env.OUTSIDER_ACCESS_LOG;

export function buildRoutes(a) {
  const seg = '([^/]+)';
  const glob = '(.+)';
  return [
    { re: /^\/v2\/sites$/, names: [], methods: { GET: a.sites.list, POST: a.sites.create } },
    { re: new RegExp(`^/v2/sites/${seg}$`), names: ['siteId'], methods: { GET: a.sites.get, PATCH: a.sites.update, DELETE: a.sites.delete } },
    { re: new RegExp(`^/v2/sites/${seg}/duplicate$`), names: ['siteId'], methods: { POST: a.sites.duplicate } },
    // "List pages of a site" is among the endpoints the specification does not show, but its path is
    // given (the pagination example): the page list, for the site the path names. Left out at first,
    // which the contract suite caught as a documented path answering 404.
    { re: new RegExp(`^/v2/sites/${seg}/pages$`), names: ['siteId'], methods: { GET: (ctx) => a.pages.list({ ...ctx, query: { ...ctx.query, siteId: ctx.path.siteId } }) } },
    { re: /^\/v2\/locales$/, names: [], methods: { GET: a.locales.list, POST: a.locales.create } },
    { re: new RegExp(`^/v2/locales/${seg}/restore$`), names: ['localeIdOrCode'], methods: { POST: a.locales.restore } },
    { re: new RegExp(`^/v2/locales/${seg}$`), names: ['localeIdOrCode'], methods: { GET: a.locales.get, PATCH: a.locales.update, DELETE: a.locales.delete } },
    { re: /^\/v6\/pages$/, names: [], methods: { GET: a.pages.list, POST: a.pages.create } },
    { re: new RegExp(`^/v6/pages/${glob}$`), names: ['pageIdOrPathname'], methods: { GET: a.pages.get, PATCH: a.pages.update, DELETE: a.pages.delete } },
    { re: new RegExp(`^/v2/routes/${glob}$`), names: ['routeIdOrPathname'], methods: { PATCH: a.routes.update } },
  ];
}

function send(req, res, status, body, headers = {}) {
  if (res.headersSent) return;
  const h = { ...headers };
  let payload = '';
  if (status !== 204 && body !== null && body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] = 'application/json; charset=utf-8';
    h['content-length'] = Buffer.byteLength(payload);
  }
  res.writeHead(status, h);
  res.end(req.method === 'HEAD' ? undefined : payload || undefined);
}

export function errorBody(err) {
  const body = { object: 'error', code: err.code, message: err.message };
  if (err.status === 400) body.details = err.details || [];
  return body;
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0, tooLarge = false, done = false;
    const finish = (v) => { if (!done) { done = true; resolve(v); } };
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) { tooLarge = true; chunks.length = 0; if (size > HARD_CAP) { finish({ tooLarge: true }); req.destroy(); } return; }
      chunks.push(c);
    });
    req.on('end', () => finish(tooLarge ? { tooLarge: true } : { buf: Buffer.concat(chunks) }));
    req.on('error', () => finish({ aborted: true }));
    req.on('close', () => finish(tooLarge ? { tooLarge: true } : { buf: Buffer.concat(chunks) }));
  });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
function parseJsonBody(req, buf) {
  const ctRaw = req.headers['content-type'];
  const mediaType = ctRaw ? String(ctRaw).split(';')[0].trim() : null;
  if (mediaType !== null && !JSON_TYPE.test(mediaType)) return {}; // not for the JSON body parser: ignored
  if (!buf.length) return {};
  let text;
  try { text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf); }
  catch { throw badRequest([{ field: 'body', message: 'is not valid UTF-8' }], 'Request body is not valid UTF-8'); }
  if (text.trim() === '') return {};
  let value;
  try { value = JSON.parse(text); }
  catch { throw badRequest([{ field: 'body', message: 'is not valid JSON' }], 'Malformed JSON in request body'); }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest([{ field: 'body', message: 'must be a hash' }], 'Request body must be a JSON object');
  return value;
}

export function makeApp(db) {
  const actions = makeActions(db);
  const routes = buildRoutes(actions);

  function authenticate(req) {
    let key = req.headers['x-api-key'];
    if (Array.isArray(key)) key = key.join(', ');
    if (key === undefined || key === '') throw new ApiError(401, 'unauthorized', 'Missing API key: send it in the x-api-key header');
    const ws = db.appKeys.get(key);
    if (ws) return { kind: 'app', workspaceId: ws };
    if (isUuid(key)) {
      const site = db.siteForKey(key);
      if (site) return { kind: 'site', siteId: site.id, workspaceId: site.workspaceId };
    }
    throw new ApiError(401, 'unauthorized', 'Invalid API key');
  }

  async function handle(req, res) {
    const started = Date.now();
    const bodyP = readBody(req);
    let status = 500;
    try {
      const url = req.url || '/';
      const qi = url.indexOf('?');
      const rawPath = qi < 0 ? url : url.slice(0, qi);
      const rawQuery = qi < 0 ? '' : url.slice(qi + 1);
      const auth = authenticate(req);
      const body = await bodyP;
      if (body.tooLarge) throw badRequest([{ field: 'body', message: `size cannot be greater than ${MAX_BODY} bytes` }], 'Request body too large');
      let json = {};
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      if ((method === 'POST' || method === 'PATCH') && body.buf) json = parseJsonBody(req, body.buf);

      // router
      let route = null, m = null;
      for (const r of routes) { m = r.re.exec(rawPath); if (m) { route = r; break; } }
      if (!route) throw notFound(`No route matches ${req.method} ${rawPath.slice(0, 200)}`);
      const handler = route.methods[method];
      if (!handler) {
        const allow = Object.keys(route.methods);
        if (allow.includes('GET')) allow.push('HEAD');
        const err = notFound(`No route matches ${req.method} ${rawPath.slice(0, 200)}`);
        err.headers = { allow: allow.join(', ') };
        throw err;
      }
      const path = Object.create(null);
      for (let i = 0; i < route.names.length; i++) {
        try { path[route.names[i]] = decodeURIComponent(m[i + 1]); }
        catch { throw badRequest([{ field: route.names[i], message: 'has an invalid percent-encoding' }]); }
      }
      let query;
      try { query = parseQuery(rawQuery); }
      catch (e) { if (e instanceof QueryError) throw badRequest([{ field: 'query', message: e.message }], 'Invalid query string'); throw e; }
      // Hanami params: path params override body, body overrides query
      const params = Object.assign(Object.create(null), query, json);
      const [st, out] = handler({ auth, path, query, params, json });
      status = st;
      send(req, res, st, out);
    } catch (err) {
      if (err instanceof ApiError) {
        status = err.status;
        send(req, res, err.status, errorBody(err), err.headers);
      } else {
        status = 500;
        process.stderr.write(`[error] ${req.method} ${req.url}: ${err && err.stack || err}\n`);
        send(req, res, 500, { object: 'error', code: 'internal_server_error', message: 'Internal server error' });
      }
    } finally {
      if (accessLog) process.stderr.write(`${req.method} ${req.url} ${status} ${Date.now() - started}ms\n`);
    }
  }
  return handle;
}
