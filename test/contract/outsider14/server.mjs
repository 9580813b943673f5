// outsider14: an in-memory deployment of the Site-Building Service REST API, written only from the
// specification and the published OpenAPI. Shape: a GATEWAY (this file: keys, request syntax,
// key-kind scopes, soft rate limits) in front of a BACKEND (backend.mjs: tables with integer
// surrogate keys behind public UUIDs, semantics, uniqueness). Limits come from config.json.
//   node server.mjs --port 0     -> prints one JSON line on stdout once listening
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBackend, ApiError } from './backend.mjs';

const config = JSON.parse(readFileSync(new URL('./config.json', import.meta.url), 'utf8'));
const G = config.gateway;
const L = config.limits;

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const log = (...a) => process.stderr.write(`[outsider14] ${a.join(' ')}\n`);

// ================= syntax checkers (gateway side) =================
// Each returns { value } or { error }.
const isStr = (v) => typeof v === 'string';
function cUuid(v) {
  if (!isStr(v)) return { error: 'must be a string' };
  if (!UUID_RE.test(v)) return { error: 'must be a UUID' };
  return { value: v.toLowerCase() };
}
function normCode(v) {
  const m = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$/.exec(v);
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}
function cCode(v) {
  if (!isStr(v)) return { error: 'must be a string' };
  const c = normCode(v);
  if (!c) return { error: 'must be a locale code: a language of 2 or 3 letters, optionally "-" and a 2-letter region' };
  return { value: c };
}
function cSiteName(v) {
  if (!isStr(v)) return { error: 'must be a string' };
  const t = v.trim();
  if (t.length < 1) return { error: 'must not be empty' };
  if ([...t].length > L.siteNameMax) return { error: `must be at most ${L.siteNameMax} characters` };
  if (CONTROL.test(t)) return { error: 'must not contain control characters' };
  return { value: t };
}
function cPageName(v) {
  if (!isStr(v)) return { error: 'must be a string' };
  if (v.length < 1) return { error: 'must have a minimum length of 1' };
  if (!/\S/.test(v)) return { error: 'must contain a visible character' };
  if ([...v].length > L.pageNameMax) return { error: `must be at most ${L.pageNameMax} characters` };
  if (CONTROL.test(v)) return { error: 'must not contain control characters' };
  return { value: v };
}
function cPagePath(v) {
  if (!isStr(v)) return { error: 'must be a string' };
  if (v === '') return { error: 'must not be empty' };
  if (!v.startsWith('/')) return { error: "must begin with '/'" };
  if (v.length > L.pagePathnameMax) return { error: `must be at most ${L.pagePathnameMax} characters` };
  if (v === '/') return { value: v };
  if (v.endsWith('/')) return { error: "must not end with '/'" };
  const segs = v.slice(1).split('/');
  if (segs.length > L.pagePathDepthMax) return { error: `must have at most ${L.pagePathDepthMax} segments` };
  for (const s of segs) {
    if (s === '') return { error: "must not contain '//'" };
    if (s === '.' || s === '..') return { error: "must not contain '.' or '..' segments" };
    if (!/^[A-Za-z0-9._~-]+$/.test(s)) return { error: "segments may hold only ASCII letters, digits and '-', '.', '_', '~'" };
  }
  return { value: v };
}
function cRoutePath(v, skip) {
  if (!isStr(v)) return { error: 'must be a string' };
  if (v === '') return { error: 'must not be empty' };
  if (!v.startsWith('/')) return { error: "must begin with '/'" };
  if (/\s/.test(v) || CONTROL.test(v)) return { error: 'must not contain whitespace or control characters' };
  if (skip) {
    if (v.length > L.routeSkipValidationMax) return { error: `must be at most ${L.routeSkipValidationMax} characters` };
    return { value: v };
  }
  if (v.length > L.routePathnameMax) return { error: `must be at most ${L.routePathnameMax} characters` };
  if (v === '/') return { value: v };
  if (v.endsWith('/')) return { error: "must not end with '/'" };
  const segs = v.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const last = i === segs.length - 1;
    if (s === '') return { error: "must not contain '//'" };
    if (/^[A-Za-z0-9._~-]+$/.test(s) && s !== '.' && s !== '..') continue;
    if (/^:[A-Za-z_][A-Za-z0-9_]*$/.test(s)) continue;
    if (last && (s === '*' || s === '**')) continue;
    return { error: `segment "${s}" is not a literal, a :parameter or a final * / **` };
  }
  return { value: v };
}
function cUri(v, { originOnly }) {
  if (!isStr(v)) return { error: 'must be a string' };
  if (v === '') return { error: 'must not be empty' };
  if (v.length > L.uriMax) return { error: `must be at most ${L.uriMax} characters` };
  if (!/^[\x21-\x7e]+$/.test(v)) return { error: 'must be a URI of printable ASCII characters' };
  if (!/^https?:\/\/[^/?#@]+/i.test(v)) return { error: 'must be an absolute http or https URL' };
  let u;
  try {
    u = new URL(v);
  } catch {
    return { error: 'must be a valid URI' };
  }
  if (u.username || u.password) return { error: 'must not carry credentials' };
  if (u.hash || v.includes('#')) return { error: 'must not carry a fragment' };
  if (u.search || v.includes('?')) return { error: 'must not carry a query' };
  if (originOnly && u.pathname !== '/') return { error: 'must be an origin (no path)' };
  const base = `${u.protocol}//${u.host}`; // scheme and host lower-cased, default port dropped
  if (originOnly) return { value: base };
  const rawPath = v.replace(/^https?:\/\/[^/]+/i, '');
  return { value: rawPath === '' || rawPath === '/' ? base : base + rawPath };
}
const cHostOrigin = (v) => cUri(v, { originOnly: false });
const cDomain = (v) => cUri(v, { originOnly: true });
function cBool(v) {
  return typeof v === 'boolean' ? { value: v } : { error: 'must be a boolean' };
}
function cEnum(values) {
  return (v) => (values.includes(v) ? { value: v } : { error: `must be one of ${values.join(', ')}` });
}
function cLimit(strict) {
  return (v) => {
    if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(v)) return { error: 'must be a number' };
    const n = Math.floor(Number(v));
    if (!Number.isFinite(n)) return { error: 'must be a finite number' };
    if (n < 1) return { error: 'must be at least 1' };
    if (n > L.listMax) return strict ? { error: `must be at most ${L.listMax}` } : { value: L.listMax };
    return { value: n };
  };
}
function cPrefix(v) {
  if (!v.startsWith('/')) return { error: "must begin with '/'" };
  return { value: v };
}
function cLocaleRef(v) {
  if (UUID_RE.test(v)) return { value: { kind: 'id', value: v.toLowerCase() } };
  const c = normCode(v);
  if (!c) return { error: 'must be a locale code or a locale ID' };
  return { value: { kind: 'code', value: c } };
}
function cPathRef(v) {
  if (UUID_RE.test(v)) return { value: { kind: 'id', value: v.toLowerCase() } };
  if (v.startsWith('/')) return { value: { kind: 'pathname', value: v } };
  return { error: "must be a UUID or a pathname beginning with '/' (sent as %2F…)" };
}

// ================= operations =================
const q = {
  siteId: { name: 'siteId', check: cUuid },
  siteIdReq: { name: 'siteId', check: cUuid, required: true },
  limitClamp: { name: 'limit', check: cLimit(false), default: L.listDefault },
  limitStrict: { name: 'limit', check: cLimit(true), default: L.listDefault },
  startingAfter: { name: 'startingAfter', check: cUuid },
  pathPrefix: { name: 'pathPrefix', check: cPrefix },
  skipValidation: { name: 'skipValidation', check: cEnum(['true', 'false']) },
  versionRef: { name: 'versionRef', check: cEnum(['ref:live', 'ref:draft']) },
  locale: { name: 'locale', check: cLocaleRef },
};
const f = (name, check, opts = {}) => ({ name, check, ...opts });
const pageListQuery = [
  q.siteIdReq,
  q.limitClamp,
  q.startingAfter,
  q.pathPrefix,
  { name: 'sortBy', check: cEnum(['title', 'path', 'description', 'updatedAt', 'createdAt']) },
  { name: 'sortDirection', check: cEnum(['asc', 'desc']) },
  { name: 'includeOffline', check: cEnum(['true', 'false']) },
  q.locale,
  q.versionRef,
];
// kinds: which key kinds may call it at all (the gateway answers 403 for the others).
const OPS = [
  { m: 'GET', p: '/v2/sites', op: 'listSites', kinds: ['app'], query: [{ name: 'workspaceId', check: cUuid, required: true }, q.limitClamp, q.startingAfter] },
  {
    m: 'POST', p: '/v2/sites', op: 'createSite', kinds: ['app'],
    body: [f('workspaceId', cUuid, { required: true }), f('name', cSiteName, { required: true }), f('hostOrigin', cHostOrigin, { nullMeansAbsent: true }), f('defaultLocale', cCode)],
  },
  { m: 'GET', p: '/v2/sites/:siteId', op: 'getSite', kinds: ['app', 'site'] },
  {
    m: 'PATCH', p: '/v2/sites/:siteId', op: 'updateSite', kinds: ['app', 'site'],
    body: [f('name', cSiteName), f('hostOrigin', cHostOrigin, { nullable: true }), f('defaultLocale', () => ({ error: 'is not accepted in this body' }))],
  },
  { m: 'DELETE', p: '/v2/sites/:siteId', op: 'deleteSite', kinds: ['app'] },
  { m: 'POST', p: '/v2/sites/:siteId/duplicate', op: 'duplicateSite', kinds: ['app'], body: [f('name', cSiteName, { required: true })] },
  { m: 'GET', p: '/v2/sites/:siteId/pages', op: 'listSitePages', kinds: ['app', 'site', 'public'], query: [q.limitClamp, q.startingAfter, q.pathPrefix] },
  { m: 'GET', p: '/v2/locales', op: 'listLocales', kinds: ['app', 'site'], query: [q.siteIdReq, q.limitStrict, q.startingAfter] },
  {
    m: 'POST', p: '/v2/locales', op: 'createLocale', kinds: ['app', 'site'],
    body: [f('siteId', cUuid, { required: true }), f('locale', cCode, { required: true }), f('domain', cDomain)],
  },
  { m: 'GET', p: '/v2/locales/:localeIdOrCode', op: 'getLocale', kinds: ['app', 'site'], query: [q.siteId], needsSite: 'localeIdOrCode' },
  {
    m: 'PATCH', p: '/v2/locales/:localeIdOrCode', op: 'updateLocale', kinds: ['app', 'site'], query: [q.siteId], needsSite: 'localeIdOrCode',
    body: [f('locale', cCode), f('domain', cDomain, { nullable: true })],
  },
  { m: 'DELETE', p: '/v2/locales/:localeIdOrCode', op: 'deleteLocale', kinds: ['app'], query: [q.siteId], needsSite: 'localeIdOrCode' },
  { m: 'POST', p: '/v2/locales/:localeIdOrCode/restore', op: 'restoreLocale', kinds: ['app', 'site'], query: [q.siteId], needsSite: 'localeIdOrCode', noBody: true },
  {
    m: 'POST', p: '/v6/pages', op: 'createPage', kinds: ['app', 'site'],
    body: [f('siteId', cUuid, { required: true }), f('pathname', cPagePath, { required: true }), f('name', cPageName, { required: true })],
  },
  { m: 'GET', p: '/v6/pages', op: 'listPages', kinds: ['app', 'site', 'public'], query: pageListQuery },
  { m: 'GET', p: '/v6/pages/:pageIdOrPathname', op: 'getPage', kinds: ['app', 'site', 'public'], query: [q.siteId, q.versionRef, q.locale], needsSite: 'pageIdOrPathname' },
  {
    m: 'PATCH', p: '/v6/pages/:pageIdOrPathname', op: 'updatePage', kinds: ['app', 'site'], query: [q.siteId], needsSite: 'pageIdOrPathname',
    body: [f('pathname', cPagePath), f('name', cPageName), f('isOnline', cBool)],
  },
  { m: 'DELETE', p: '/v6/pages/:pageIdOrPathname', op: 'deletePage', kinds: ['app'], query: [q.siteId], needsSite: 'pageIdOrPathname' },
  { m: 'GET', p: '/v2/routes', op: 'listRoutes', kinds: ['app', 'site'], query: [q.siteIdReq, q.limitClamp, q.startingAfter] },
  {
    m: 'POST', p: '/v2/routes', op: 'createRoute', kinds: ['app', 'site'], query: [q.skipValidation],
    body: [f('siteId', cUuid, { required: true }), f('pathname', 'route', { required: true })],
  },
  { m: 'GET', p: '/v2/routes/:routeIdOrPathname', op: 'getRoute', kinds: ['app', 'site'], query: [q.siteId], needsSite: 'routeIdOrPathname' },
  {
    m: 'PATCH', p: '/v2/routes/:routeIdOrPathname', op: 'updateRoute', kinds: ['app', 'site'], query: [q.siteId, q.skipValidation], needsSite: 'routeIdOrPathname',
    body: [f('pathname', 'route')],
  },
  { m: 'DELETE', p: '/v2/routes/:routeIdOrPathname', op: 'deleteRoute', kinds: ['app'], query: [q.siteId], needsSite: 'routeIdOrPathname' },
];
const PATH_CHECK = { siteId: cUuid, localeIdOrCode: cLocaleRef, pageIdOrPathname: cPathRef, routeIdOrPathname: cPathRef };
const COLLECTIONS = new Set(['/v2/sites', '/v2/locales', '/v6/pages', '/v2/routes']);
for (const o of OPS) o.segs = o.p.split('/').slice(1);

function matchPath(rawPath) {
  let path = rawPath;
  // one trailing slash is tolerated on collection paths only
  if (path.length > 1 && path.endsWith('/') && COLLECTIONS.has(path.slice(0, -1))) path = path.slice(0, -1);
  const segs = path.split('/').slice(1);
  const found = [];
  for (const o of OPS) {
    if (o.segs.length !== segs.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < segs.length; i++) {
      const want = o.segs[i];
      if (want.startsWith(':')) {
        if (segs[i] === '') {
          ok = false;
          break;
        }
        params[want.slice(1)] = segs[i];
      } else if (want !== segs[i]) {
        ok = false;
        break;
      }
    }
    if (ok) found.push({ o, params });
  }
  return found;
}

// ================= HTTP plumbing =================
function send(res, status, body, extra = {}) {
  if (res.headersSent || res.writableEnded) return;
  const headers = { 'cache-control': 'no-store', ...extra };
  if (status === 204 || body === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(status, headers);
  res.end(text);
}
function errorBody(status, code, message, details) {
  const b = { object: 'error', code, message };
  if (status === 400) b.details = details && details.length ? details : [{ field: 'request', message }];
  return b;
}
function sendError(res, err, source, extra = {}) {
  send(res, err.status, errorBody(err.status, err.code, err.message, err.details), { 'x-error-source': source, ...extra });
}
const gwError = (status, code, message, details) => new ApiError(status, code, message, details);
function invalid(details) {
  const names = details.map((d) => d.field);
  return gwError(400, 'bad_request', `Invalid request: ${details.length} invalid field${details.length > 1 ? 's' : ''} (${names.join(', ')}).`, details);
}

function readBody(req) {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] || 0);
    if (declared > G.maxDeclaredBodyBytes) {
      resolve({ tooLarge: true, abort: true });
      return;
    }
    const chunks = [];
    let size = 0;
    let over = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > G.maxBodyBytes) over = true;
      else chunks.push(c);
      if (size > G.maxDeclaredBodyBytes) {
        resolve({ tooLarge: true, abort: true });
      }
    });
    req.on('end', () => resolve(over ? { tooLarge: true } : { buf: Buffer.concat(chunks) }));
    req.on('error', () => resolve({ tooLarge: true, abort: true }));
  });
}

function parseQuery(qs) {
  // first NON-EMPTY value of a repeated parameter wins; undecodable values are remembered
  const out = new Map();
  if (!qs) return out;
  for (const part of qs.split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    const rawName = i < 0 ? part : part.slice(0, i);
    const rawVal = i < 0 ? '' : part.slice(i + 1);
    let name;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      continue; // an undecodable name can name no parameter: ignored
    }
    let val;
    try {
      val = decodeURIComponent(rawVal.replace(/\+/g, ' '));
    } catch {
      val = { undecodable: true };
    }
    const prev = out.get(name);
    if (prev === undefined || prev === '') out.set(name, val);
  }
  return out;
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const backend = createBackend(config);
  const announce = backend.seed();
  const windows = new Map(); // soft rate-limit counters per key

  async function handle(req, res) {
    const url = req.url || '/';
    const qi = url.indexOf('?');
    const rawPath = qi < 0 ? url : url.slice(0, qi);
    const qs = qi < 0 ? '' : url.slice(qi + 1);

    // ---- 1. authentication (before routing: the edge knows no paths for strangers)
    const rawKey = req.headers['x-api-key'];
    const key = backend.recognizeKey(Array.isArray(rawKey) ? rawKey.join(',') : rawKey);
    let bodyP = readBody(req);
    if (!key) {
      await bodyP;
      throw gwError(401, 'unauthorized', rawKey === undefined || rawKey === '' ? 'The x-api-key header is missing.' : 'The API key is not valid.');
    }
    // ---- soft rate limit: counted and announced, never enforced (see config)
    const wkey = key.kind === 'app' ? `a${key.ws.pk}` : `s${key.site.pk}`;
    const minute = Math.floor(Date.now() / 60000);
    let w = windows.get(wkey);
    if (!w || w.minute !== minute) windows.set(wkey, (w = { minute, n: 0, warned: false }));
    w.n++;
    if (w.n > G.rateLimitPerMinute && !w.warned) {
      w.warned = true;
      log(`soft rate limit passed for ${wkey}`);
    }
    res.setHeader('x-ratelimit-limit', String(G.rateLimitPerMinute));
    res.setHeader('x-ratelimit-remaining', String(Math.max(0, G.rateLimitPerMinute - w.n)));

    // ---- 2. routing
    const matches = matchPath(rawPath);
    if (matches.length === 0) {
      await bodyP;
      throw gwError(404, 'not_found', `No resource at ${rawPath.slice(0, 200)}.`);
    }
    const hit = matches.find((x) => x.o.m === req.method);
    if (!hit) {
      await bodyP;
      const allowed = [...new Set(matches.map((x) => x.o.m))].join(', ');
      throw gwError(404, 'not_found', `${req.method} is not served at this path (served: ${allowed}).`);
    }
    const { o } = hit;

    // ---- 3. request syntax: body, then query, then path parameters (all reported together)
    const bodyDetails = [];
    const queryDetails = [];
    const pathDetails = [];
    const body = {};
    let parsed = {};
    if (o.body) {
      const r = await bodyP;
      if (r.abort) {
        res.setHeader('connection', 'close');
        throw gwError(400, 'bad_request', 'The request body is too large.', [{ field: 'body', message: `must be at most ${G.maxBodyBytes} bytes` }]);
      }
      if (r.tooLarge) throw gwError(400, 'bad_request', 'The request body is too large.', [{ field: 'body', message: `must be at most ${G.maxBodyBytes} bytes` }]);
      const text = r.buf.toString('utf8');
      if (text.trim() !== '') {
        const ct = req.headers['content-type'];
        if (!ct) throw gwError(400, 'bad_request', 'A request body needs a Content-Type.', [{ field: 'content-type', message: 'must be application/json' }]);
        const [mt, ...params] = ct.split(';').map((x) => x.trim().toLowerCase());
        if (mt !== 'application/json' && mt !== 'text/json')
          throw gwError(400, 'bad_request', 'Unsupported Content-Type.', [{ field: 'content-type', message: 'must be application/json' }]);
        const cs = params.find((x) => x.startsWith('charset='));
        if (cs && !['utf-8', 'utf8', '"utf-8"'].includes(cs.slice(8)))
          throw gwError(400, 'bad_request', 'Unsupported charset.', [{ field: 'content-type', message: 'charset must be utf-8' }]);
        try {
          parsed = JSON.parse(text);
        } catch {
          throw gwError(400, 'bad_request', 'The request body is not valid JSON.', [{ field: 'body', message: 'must be valid JSON' }]);
        }
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
          throw gwError(400, 'bad_request', 'The request body must be a JSON object.', [{ field: 'body', message: 'must be a JSON object' }]);
      }
    } else {
      await bodyP; // read and ignored
    }

    if (qs.length > G.maxQueryStringChars) throw gwError(400, 'bad_request', 'The query string is too long.', [{ field: 'query', message: `must be at most ${G.maxQueryStringChars} characters` }]);
    const qmap = parseQuery(qs);
    const query = {};
    for (const spec of o.query || []) {
      const v = qmap.get(spec.name);
      if (v === undefined || v === '') {
        if (spec.required) queryDetails.push({ field: spec.name, message: 'is required' });
        else if (spec.default !== undefined) query[spec.name] = spec.default;
        continue;
      }
      if (typeof v !== 'string') {
        queryDetails.push({ field: spec.name, message: 'is not valid percent-encoding' });
        continue;
      }
      const r = spec.check(v);
      if (r.error) queryDetails.push({ field: spec.name, message: r.error });
      else query[spec.name] = r.value;
    }

    const path = {};
    for (const [name, raw] of Object.entries(hit.params)) {
      let dec;
      try {
        dec = decodeURIComponent(raw);
      } catch {
        pathDetails.push({ field: name, message: 'is not valid percent-encoding' });
        continue;
      }
      const r = PATH_CHECK[name](dec);
      if (r.error) pathDetails.push({ field: name, message: r.error });
      else path[name] = r.value;
    }
    // siteId is required when a code or pathname (not an ID) is used
    if (o.needsSite && path[o.needsSite] && path[o.needsSite].kind !== 'id' && !('siteId' in query) && !queryDetails.some((d) => d.field === 'siteId'))
      queryDetails.push({ field: 'siteId', message: `is required when ${o.needsSite} is not an ID` });

    if (o.body) {
      const skip = query.skipValidation === 'true';
      for (const spec of o.body) {
        const has = Object.prototype.hasOwnProperty.call(parsed, spec.name);
        if (!has) {
          if (spec.required) bodyDetails.push({ field: spec.name, message: 'is required' });
          continue;
        }
        const v = parsed[spec.name];
        if (v === null && spec.nullable) {
          body[spec.name] = null;
          continue;
        }
        if (v === null && spec.nullMeansAbsent) continue;
        const r = spec.check === 'route' ? cRoutePath(v, skip) : spec.check(v);
        if (r.error) bodyDetails.push({ field: spec.name, message: r.error });
        else body[spec.name] = r.value;
      }
    }
    const details = [...bodyDetails, ...queryDetails, ...pathDetails];
    if (details.length) throw invalid(details);

    // ---- 4. key-kind scopes (what a kind of key may never do)
    if (!o.kinds.includes(key.kind)) {
      throw gwError(403, 'forbidden', key.kind === 'public' ? 'A publishable key may only read pages.' : key.kind === 'site' ? 'A Site API key may not perform this operation.' : 'This key may not perform this operation.');
    }
    if (key.kind === 'site' && query.skipValidation === 'true')
      throw gwError(403, 'forbidden', 'skipValidation is reserved to App API keys (external systems).');

    // ---- 5. backend
    try {
      return backend.H[o.op]({ key, path, query, body });
    } catch (e) {
      if (e instanceof ApiError) e.source = 'backend';
      throw e;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res)
      .then(([status, out]) => send(res, status, out))
      .catch((err) => {
        if (err instanceof ApiError) {
          const source = err.source || 'gateway';
          if (res.getHeader('connection') === 'close') {
            sendError(res, err, source);
            setImmediate(() => req.destroy());
          } else sendError(res, err, source);
        } else {
          log('unexpected:', err && err.stack ? err.stack : String(err));
          send(res, 400, errorBody(400, 'bad_request', 'The request could not be processed.', [{ field: 'request', message: 'could not be processed' }]));
        }
      });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify(errorBody(400, 'bad_request', 'Malformed HTTP request.', [{ field: 'request', message: 'is not valid HTTP' }]));
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    baseUrl: url,
    ...announce,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

// ---- command line
const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolvePath(process.argv[1])).href;
if (isMain) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 0;
  startServer({ port }).then((s) => {
    process.stdout.write(
      JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n',
    );
    const stop = () => s.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
