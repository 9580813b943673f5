// outsider10 gateway: everything answered before the service sees a request.
// Order: 401 key -> 404 route / method -> 400 undecodable URL -> 403 key kind -> 400 body syntax -> service.
import { randomUUID } from 'node:crypto';
import { canonicalAppKey } from './store.mjs';
import { HttpError, Service } from './service.mjs';
import { Problems, parseUuid, canonName } from './rules.mjs';

const SOFT_LIMIT = 2 * 1024 * 1024; // bodies above this are refused (400) after being drained
const HARD_LIMIT = 32 * 1024 * 1024; // above this the connection is closed at once

const APP = 'app';
const SITE = 'site';
const PUB = 'public';
const ALL = [APP, SITE, PUB];
const OPS = [
  ['GET', 'v2/sites', 'listSites', [APP]],
  ['POST', 'v2/sites', 'createSite', [APP], true],
  ['GET', 'v2/sites/:siteId', 'getSite', ALL],
  ['PATCH', 'v2/sites/:siteId', 'updateSite', [APP, SITE], true],
  ['DELETE', 'v2/sites/:siteId', 'deleteSite', [APP]],
  ['POST', 'v2/sites/:siteId/duplicate', 'duplicateSite', [APP], true],
  ['GET', 'v2/sites/:siteId/pages', 'listSitePages', ALL],
  ['GET', 'v2/locales', 'listLocales', ALL],
  ['POST', 'v2/locales', 'createLocale', [APP], true],
  ['GET', 'v2/locales/:localeIdOrCode', 'getLocale', ALL],
  ['PATCH', 'v2/locales/:localeIdOrCode', 'updateLocale', [APP], true],
  ['DELETE', 'v2/locales/:localeIdOrCode', 'deleteLocale', [APP]],
  ['POST', 'v2/locales/:localeIdOrCode/restore', 'restoreLocale', [APP]],
  ['GET', 'v6/pages', 'listPages', ALL],
  ['POST', 'v6/pages', 'createPage', [APP, SITE], true],
  ['GET', 'v6/pages/*pageIdOrPathname', 'getPage', ALL],
  ['PATCH', 'v6/pages/*pageIdOrPathname', 'updatePage', [APP, SITE], true],
  ['DELETE', 'v6/pages/*pageIdOrPathname', 'deletePage', [APP, SITE]],
  ['GET', 'v2/routes', 'listRoutes', [APP, SITE]],
  ['POST', 'v2/routes', 'createRoute', [APP, SITE], true],
  ['GET', 'v2/routes/*routeIdOrPathname', 'getRoute', [APP, SITE]],
  ['PATCH', 'v2/routes/*routeIdOrPathname', 'updateRoute', [APP, SITE], true],
  ['DELETE', 'v2/routes/*routeIdOrPathname', 'deleteRoute', [APP, SITE]],
]
  .map(([method, pattern, op, kinds, hasBody = false]) => ({ method, parts: pattern.split('/'), op, kinds, hasBody }))
  // rest-of-path patterns first: "/v6/pages//" names the root page, not the collection
  .sort((a, b) => Number(b.parts.at(-1).startsWith('*')) - Number(a.parts.at(-1).startsWith('*')));

const QUERY_NAMES = new Map(
  ['siteId', 'workspaceId', 'limit', 'startingAfter', 'pathPrefix', 'sortBy', 'sortDirection', 'includeOffline', 'locale', 'versionRef', 'skipValidation'].map((n) => [canonName(n), n]),
);

const KIND_WORDS = { app: 'An App API key', site: 'A Site API key', public: "A site's publishable key" };

function errorBody(code, message, details) {
  const b = { object: 'error', code, message };
  if (details) b.details = details;
  return b;
}
const STATUS_CODE = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

export class Gateway {
  constructor(store) {
    this.store = store;
    this.service = new Service(store);
  }

  authenticate(req) {
    let value;
    const distinct = req.headersDistinct?.['x-api-key'];
    if (distinct && distinct.length) {
      const vals = distinct.map((v) => v.trim());
      if (vals.some((v) => v !== vals[0])) return { error: 'Several different x-api-key headers were sent.' };
      value = vals[0];
    } else if (typeof req.headers.authorization === 'string') {
      const m = /^(?:bearer|apikey|api-key|token)\s+(\S+)\s*$/i.exec(req.headers.authorization);
      if (m) value = m[1];
    }
    if (!value) return { error: 'An API key is required in the x-api-key header.' };
    const canon = canonicalAppKey(value);
    if (canon && this.store.appKeys.has(canon)) return { kind: APP, workspaceId: this.store.appKeys.get(canon) };
    const id = parseUuid(value);
    if (id && this.store.siteKeys.has(id)) {
      const siteId = this.store.siteKeys.get(id);
      return { kind: SITE, siteId, workspaceId: this.store.sites.get(siteId).workspaceId };
    }
    if (id && this.store.publicKeys.has(id)) {
      const siteId = this.store.publicKeys.get(id);
      return { kind: PUB, siteId, workspaceId: this.store.sites.get(siteId).workspaceId };
    }
    return { error: 'The API key is not valid.' };
  }

  // returns { op, params } | { unsupported: [methods] } | null ; may add URL problems
  route(method, rawPath, problems) {
    let matchedPath = false;
    const allowed = [];
    for (const r of OPS) {
      const params = this.match(r.parts, rawPath, problems, method === r.method || (method === 'HEAD' && r.method === 'GET'));
      if (!params) continue;
      matchedPath = true;
      allowed.push(r.method);
      if (r.method === method || (method === 'HEAD' && r.method === 'GET')) return { r, params };
    }
    return matchedPath ? { unsupported: allowed } : null;
  }
  match(parts, rawPath, problems, decodeNow) {
    const rest = parts.at(-1).startsWith('*') ? parts.at(-1).slice(1) : null;
    if (rest) {
      const prefix = `/${parts.slice(0, -1).join('/')}/`;
      if (!rawPath.startsWith(prefix)) return null;
      const tail = rawPath.slice(prefix.length);
      if (tail === '') return null;
      const params = {};
      try {
        params[rest] = decodeURIComponent(tail);
      } catch {
        if (decodeNow) problems.add('url', 'contains invalid percent-encoding', 1);
        params[rest] = tail;
      }
      return params;
    }
    const trimmed = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const segs = trimmed.split('/').slice(1);
    if (segs.length !== parts.length) return null;
    const params = {};
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (p.startsWith(':')) {
        if (segs[i] === '') return null;
        try {
          params[p.slice(1)] = decodeURIComponent(segs[i]);
        } catch {
          if (decodeNow) problems.add('url', 'contains invalid percent-encoding', 1);
          params[p.slice(1)] = segs[i];
        }
      } else if (segs[i] !== p) return null;
    }
    return params;
  }

  parseQuery(raw, problems) {
    const q = Object.create(null);
    if (!raw) return q;
    for (const piece of raw.split('&')) {
      if (!piece) continue;
      const eq = piece.indexOf('=');
      const rawName = (eq === -1 ? piece : piece.slice(0, eq)).replace(/\+/g, ' ');
      const rawValue = (eq === -1 ? '' : piece.slice(eq + 1)).replace(/\+/g, ' ');
      let name;
      try {
        name = decodeURIComponent(rawName);
      } catch {
        problems.add('url', 'contains invalid percent-encoding in a query parameter name', 1);
        continue;
      }
      const known = QUERY_NAMES.get(canonName(name));
      if (!known) continue; // unknown parameters are ignored
      let value;
      try {
        value = decodeURIComponent(rawValue);
      } catch {
        problems.add(known, 'contains invalid percent-encoding', 1);
        continue;
      }
      if (value === '') continue; // an empty value counts as absent; the last non-empty value wins
      q[known] = value;
    }
    return q;
  }

  parseBody(req, buf) {
    const ctype = String(req.headers['content-type'] || '');
    const [mediaRaw, ...paramParts] = ctype.split(';');
    const media = mediaRaw.trim().toLowerCase();
    let charset = 'utf-8';
    for (const p of paramParts) {
      const m = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p);
      if (m) charset = m[1];
    }
    if (media.startsWith('multipart/') || /(^|\/|\+)xml$/.test(media) || media === 'text/html')
      return { error: `media type ${media} is not supported; send JSON (or a URL-encoded form)` };
    let text;
    try {
      text = new TextDecoder(charset, { fatal: true }).decode(buf);
    } catch (e) {
      if (e instanceof RangeError) return { error: `charset ${charset} is not supported` };
      return { error: `is not valid ${charset}` };
    }
    if (text.trim() === '') return { value: Object.create(null) };
    // a form body is read as a form, unless it is plainly JSON sent with a form type (as curl -d does)
    if (media === 'application/x-www-form-urlencoded' && !/^\s*[{[]/.test(text)) {
      const out = Object.create(null);
      for (const [k, v] of new URLSearchParams(text)) out[k] = v;
      return { value: out };
    }
    let v;
    try {
      v = JSON.parse(text);
    } catch (e) {
      return { error: `is not valid JSON (${e instanceof SyntaxError ? e.message : 'too deeply nested'})` };
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return { error: 'must be a JSON object' };
    return { value: v };
  }

  async handle(req, res) {
    const requestId = (typeof req.headers['x-request-id'] === 'string' && /^[\w.:-]{1,128}$/.test(req.headers['x-request-id']) && req.headers['x-request-id']) || randomUUID();
    const method = String(req.method || '').toUpperCase();
    const send = (status, body) => {
      const headers = { 'x-request-id': requestId };
      let payload = '';
      if (status !== 204) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json; charset=utf-8';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      res.writeHead(status, headers);
      res.end(method === 'HEAD' ? undefined : payload || undefined);
    };
    const fail = (status, message, details) => send(status, errorBody(STATUS_CODE[status], message, details));
    try {
      const body = await readBody(req);
      if (body.abort) {
        res.setHeader('connection', 'close');
        res.on('finish', () => req.socket?.destroy());
      }
      let target = String(req.url || '/');
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
        try {
          const u = new URL(target);
          target = u.pathname + u.search;
        } catch {
          target = '/';
        }
      }
      const qi = target.indexOf('?');
      const rawPath = qi === -1 ? target : target.slice(0, qi);
      const rawQuery = qi === -1 ? '' : target.slice(qi + 1).split('#')[0];

      const auth = this.authenticate(req);
      if (auth.error) return fail(401, auth.error);

      const urlProblems = new Problems();
      const found = this.route(method, rawPath, urlProblems);
      if (!found) return fail(404, `Nothing is served at ${rawPath}.`);
      if (found.unsupported) return fail(404, `${method} is not supported on ${rawPath} (supported: ${[...new Set(found.unsupported)].join(', ')}).`);
      const query = this.parseQuery(rawQuery, urlProblems);
      if (urlProblems.has('url')) {
        const p = new Problems();
        p.add('url', urlProblems.items.find((x) => x.field === 'url').message, 1);
        return fail(400, 'The request URL could not be decoded.', p.details());
      }
      const { r, params } = found;
      if (!r.kinds.includes(auth.kind)) return fail(403, `${KIND_WORDS[auth.kind]} may not call ${r.op}.`);

      let parsed = Object.create(null);
      if (r.hasBody) {
        const p = new Problems();
        if (body.tooLarge) p.add('body', `must be at most ${SOFT_LIMIT} bytes`, 1);
        else {
          const b = this.parseBody(req, body.buf);
          if (b.error) p.add('body', b.error, 1);
          else parsed = b.value;
        }
        if (p.size) return fail(400, `The request body could not be read: ${p.items[0].message}.`, p.details());
      }
      const problems = new Problems();
      for (const it of urlProblems.items) problems.add(it.field, it.message, it.rank);
      const ctx = { auth, params, query, body: parsed, problems };
      const out = this.service[r.op](ctx);
      return send(out.status, out.body);
    } catch (e) {
      if (e instanceof HttpError) return fail(e.status, e.message, e.details);
      process.stderr.write(`outsider10: unexpected ${e?.stack || e}\n`);
      if (res.headersSent) return res.destroy();
      return fail(400, 'The request could not be processed.', [{ field: 'request', message: 'could not be processed' }]);
    }
  }
}

function readBody(req) {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > HARD_LIMIT) {
      resolve({ tooLarge: true, abort: true, buf: Buffer.alloc(0) });
      return;
    }
    let size = 0;
    let chunks = [];
    let tooLarge = false;
    let done = false;
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size <= SOFT_LIMIT) chunks.push(c);
      else {
        tooLarge = true;
        chunks = [];
      }
      if (size > HARD_LIMIT) {
        done = true;
        req.pause();
        resolve({ tooLarge: true, abort: true, buf: Buffer.alloc(0) });
      }
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve({ tooLarge, buf: Buffer.concat(chunks) });
    });
    req.on('error', () => {
      if (done) return;
      done = true;
      resolve({ tooLarge: false, abort: true, buf: Buffer.alloc(0) });
    });
  });
}

// a raw 400 for what the HTTP parser itself refuses
export function clientErrorResponse() {
  const body = JSON.stringify(errorBody('bad_request', 'The HTTP request is malformed.', [{ field: 'request', message: 'is not a valid HTTP/1.1 request' }]));
  return `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}
