// outsider18 — an eighteenth independent, in-memory deployment of the Site-Building Service REST API.
// Built like an edge service: a Workers-style router in front (request limits, key table with kinds and
// scopes, routing), and one actor per workspace that owns that workspace's data and answers in order.
//   node server.mjs --port 0      -> prints one JSON line on stdout once listening
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { uuidv4, appKey, ApiError, Problems, badRequest, bad, unauthorized, forbidden, notFound } from './lib.mjs';
import { WorkspaceActor, directory } from './actor.mjs';

const MAX_BODY = 32 * 1024; // edge request-size limit
const BODY_TIMEOUT_MS = 5000; // edge time limit for receiving a body

// ---------- routes: [method, pattern, op]; "{x}" is one segment, "{*x}" the rest of the path
const ROUTES = [
  ['GET', '/v2/sites', 'listSites'],
  ['POST', '/v2/sites', 'createSite'],
  ['GET', '/v2/sites/{siteId}', 'getSite'],
  ['PATCH', '/v2/sites/{siteId}', 'updateSite'],
  ['DELETE', '/v2/sites/{siteId}', 'deleteSite'],
  ['POST', '/v2/sites/{siteId}/duplicate', 'duplicateSite'],
  ['GET', '/v2/sites/{siteId}/pages', 'sitePages'],
  ['GET', '/v2/locales', 'listLocales'],
  ['POST', '/v2/locales', 'createLocale'],
  ['GET', '/v2/locales/{localeIdOrCode}', 'getLocale'],
  ['PATCH', '/v2/locales/{localeIdOrCode}', 'updateLocale'],
  ['DELETE', '/v2/locales/{localeIdOrCode}', 'deleteLocale'],
  ['POST', '/v2/locales/{localeIdOrCode}/restore', 'restoreLocale'],
  ['GET', '/v6/pages', 'listPages'],
  ['POST', '/v6/pages', 'createPage'],
  ['GET', '/v6/pages/{*pageIdOrPathname}', 'getPage'],
  ['PATCH', '/v6/pages/{*pageIdOrPathname}', 'updatePage'],
  ['DELETE', '/v6/pages/{*pageIdOrPathname}', 'deletePage'],
  ['GET', '/v2/routes', 'listRoutes'],
  ['POST', '/v2/routes', 'createRoute'],
  ['GET', '/v2/routes/{*routeIdOrPathname}', 'getRoute'],
  ['PATCH', '/v2/routes/{*routeIdOrPathname}', 'updateRoute'],
  ['DELETE', '/v2/routes/{*routeIdOrPathname}', 'deleteRoute'],
];
const PAGE_LIST_PARAMS = ['limit', 'startingAfter', 'pathPrefix', 'sortBy', 'sortDirection', 'includeOffline', 'locale', 'versionRef'];
const QUERY = {
  listSites: ['workspaceId', 'limit', 'startingAfter'],
  sitePages: PAGE_LIST_PARAMS,
  listLocales: ['siteId', 'limit', 'startingAfter'],
  getLocale: ['siteId'], updateLocale: ['siteId'], deleteLocale: ['siteId'], restoreLocale: ['siteId'],
  listPages: ['siteId', ...PAGE_LIST_PARAMS],
  getPage: ['siteId', 'versionRef', 'locale'], updatePage: ['siteId'], deletePage: ['siteId'],
  createRoute: ['skipValidation'],
  listRoutes: ['siteId', 'limit', 'startingAfter'],
  getRoute: ['siteId'], updateRoute: ['siteId', 'skipValidation'], deleteRoute: ['siteId'],
};
const WITH_BODY = new Set(['createSite', 'updateSite', 'duplicateSite', 'createLocale', 'updateLocale', 'createPage', 'updatePage', 'createRoute', 'updateRoute']);
// Key table scopes: what each key kind may call (App keys: everything in their workspace).
const SCOPES = {
  site: new Set(['getSite', 'listLocales', 'getLocale', 'sitePages', 'listPages', 'getPage', 'createPage', 'updatePage', 'deletePage', 'listRoutes', 'getRoute', 'updateRoute']),
  public: new Set(['getSite', 'listLocales', 'getLocale', 'sitePages', 'listPages', 'getPage']),
};
const ACTOR_METHOD = { sitePages: 'listPages' };

function match(method, segs) {
  let pathKnown = false;
  for (const [m, pattern, op] of ROUTES) {
    const ps = pattern.slice(1).split('/');
    const params = {};
    let ok = true;
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      if (p.startsWith('{*')) {
        const rest = segs.slice(i);
        if (!rest.length || (rest.length === 1 && rest[0] === '')) ok = false;
        else params[p.slice(2, -1)] = rest.join('/');
        break;
      }
      if (i >= segs.length) {
        ok = false;
        break;
      }
      if (p.startsWith('{')) {
        if (segs[i] === '') ok = false;
        else params[p.slice(1, -1)] = segs[i];
      } else if (p !== segs[i]) ok = false;
      if (!ok) break;
      if (i === ps.length - 1 && segs.length !== ps.length) ok = false;
    }
    if (!ok) continue;
    pathKnown = true;
    if (m === method) return { op, params };
  }
  return { op: null, pathKnown };
}

/** Query strings are read strictly: "+" is a literal plus; a parameter repeated with different values is refused. */
function parseQuery(qs, op, P) {
  const q = new Map();
  if (!qs) return q;
  const allowed = QUERY[op] || [];
  for (const part of qs.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawVal = eq < 0 ? '' : part.slice(eq + 1);
    let name;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      P.add('query', 'contains a parameter name that is not valid percent-encoding');
      continue;
    }
    if (name.startsWith('_')) continue; // cache-busters such as _=1712345 are ignored at the edge
    if (!allowed.includes(name)) {
      P.add(name, 'is not a query parameter of this operation');
      continue;
    }
    let val;
    try {
      val = decodeURIComponent(rawVal);
    } catch {
      P.add(name, 'is not valid percent-encoding');
      continue;
    }
    if (q.has(name) && q.get(name) !== val) P.add(name, 'was given several times with different values');
    else q.set(name, val);
  }
  return q;
}

function parseBody(req, buf, P) {
  if (buf.length === 0) return {};
  const ct = req.headers['content-type'];
  if (ct !== undefined) {
    const [type, ...params] = ct.split(';').map((x) => x.trim().toLowerCase());
    if (!(type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type))) {
      P.add('content-type', 'must be application/json');
      return null;
    }
    const cs = params.find((x) => x.startsWith('charset='));
    if (cs && !/^charset="?utf-8"?$/.test(cs)) {
      P.add('content-type', 'charset must be utf-8');
      return null;
    }
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    P.add('body', 'is not valid UTF-8');
    return null;
  }
  if (text.trim() === '') return {};
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    P.add('body', 'is not valid JSON');
    return null;
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    P.add('body', 'must be a JSON object');
    return null;
  }
  return v;
}

function send(res, status, body, extra = {}) {
  if (res.headersSent || res.destroyed) return;
  const headers = { 'x-request-id': uuidv4(), 'cache-control': 'no-store', ...extra };
  if (status === 204 || body === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
function sendError(res, e, extra) {
  const body = { object: 'error', code: e.code, message: e.message };
  if (e.status === 400) body.details = e.details && e.details.length ? e.details : [{ field: 'request', message: e.message }];
  send(res, e.status, body, extra);
}

function readBody(req) {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (declared > MAX_BODY) return resolve({ error: 'too-large' });
    const chunks = [];
    let size = 0;
    let done = false;
    const finish = (r) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const timer = setTimeout(() => finish({ error: 'timeout' }), BODY_TIMEOUT_MS);
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) finish({ error: 'too-large' });
      else chunks.push(c);
    });
    req.on('end', () => finish({ buf: Buffer.concat(chunks) }));
    req.on('error', () => finish({ error: 'aborted' }));
  });
}

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const keys = new Map(); // the edge key table: key -> { kind, workspaceId, siteId? }
  const actors = new Map();
  const registerKey = (k, entry) => keys.set(k, entry);
  const revokeKeys = (...ks) => ks.forEach((k) => keys.delete(k));
  const newActor = (name) => {
    const a = new WorkspaceActor(uuidv4(), name);
    a.registerKey = registerKey;
    a.revokeKeys = revokeKeys;
    actors.set(a.id, a);
    directory.set(a.id, { kind: 'workspace', workspaceId: a.id });
    return a;
  };
  const seeded = seed(newActor);
  const apiKey = appKey();
  const otherApiKey = appKey();
  keys.set(apiKey, { kind: 'app', workspaceId: seeded.w1.id });
  keys.set(otherApiKey, { kind: 'app', workspaceId: seeded.w2.id });

  async function handle(req, res) {
    if (req.method === 'OPTIONS') {
      // CORS preflight, answered by the edge without a key.
      return send(res, 204, null, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, PATCH, DELETE',
        'access-control-allow-headers': 'x-api-key, content-type',
        'access-control-max-age': '600',
      });
    }
    const body = await readBody(req);
    if (body.error === 'too-large') {
      res.setHeader('connection', 'close');
      sendError(res, bad('body', `must be at most ${MAX_BODY} bytes`));
      req.resume();
      return;
    }
    if (body.error === 'timeout') return sendError(res, bad('body', `was not received within ${BODY_TIMEOUT_MS / 1000} s`), { connection: 'close' });
    if (body.error) return;
    const url = req.url || '/';
    const qi = url.indexOf('?');
    const rawPath = qi < 0 ? url : url.slice(0, qi);
    const qs = qi < 0 ? '' : url.slice(qi + 1);
    let segs;
    try {
      segs = rawPath.split('/').slice(1).map(decodeURIComponent);
    } catch {
      return sendError(res, bad('path', 'is not valid percent-encoding'));
    }
    const key = req.headers['x-api-key'];
    const entry = typeof key === 'string' ? keys.get(key) : undefined;
    if (!entry) throw key ? unauthorized('The x-api-key is not a valid API key.') : unauthorized();
    const m = match(req.method, segs);
    if (!m.op) throw notFound(m.pathKnown ? `The method ${req.method} is not served on this path; the resource` : 'Path');
    if (m.params.siteId) m.params.siteId = m.params.siteId.toLowerCase();
    if (entry.kind !== 'app' && !SCOPES[entry.kind].has(m.op)) throw forbidden(`A ${entry.kind === 'site' ? 'Site API key' : 'publishable key'} may not perform this operation.`);
    const P = new Problems();
    const query = parseQuery(qs, m.op, P);
    if (entry.kind === 'public' && query.get('includeOffline') === 'true') throw forbidden('A publishable key cannot read offline pages.');
    let parsed;
    if (WITH_BODY.has(m.op)) {
      const BP = new Problems();
      parsed = parseBody(req, body.buf, BP);
      if (parsed === null) throw badRequest(BP.list);
    }
    P.throwIfAny();
    const actor = actors.get(entry.workspaceId);
    const ctx = { key: entry, params: m.params, query, body: parsed };
    const method = ACTOR_METHOD[m.op] || m.op;
    const [status, out] = await actor.run((now) => (m.op === 'sitePages' ? actor.listPages(ctx, now, m.params.siteId) : actor[method](ctx, now)));
    send(res, status, out, status === 201 && out?.id ? { location: locationOf(out) } : {});
  }

  const server = createServer({ maxHeaderSize: 16384 }, (req, res) => {
    handle(req, res).catch((e) => {
      if (e instanceof ApiError) return sendError(res, e);
      process.stderr.write(`outsider18: unexpected ${e?.stack || e}\n`);
      sendError(res, bad('request', 'could not be processed'));
    });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: 'request', message: 'is not a well-formed HTTP request' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    baseUrl: url,
    apiKey,
    otherApiKey,
    workspaceId: seeded.w1.id,
    otherWorkspaceId: seeded.w2.id,
    siteApiKey: seeded.shop.siteApiKey,
    publicApiKey: seeded.shop.publicApiKey,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    }),
  };
}

function locationOf(o) {
  const base = { site: '/v2/sites/', locale: '/v2/locales/', page: '/v6/pages/', route: '/v2/routes/' }[o.object];
  return base ? base + o.id : undefined;
}

// ---------- seed
function seed(newActor) {
  let t = Date.parse('2025-03-02T08:15:00.000Z');
  const at = (min) => new Date((t += min * 60000));
  const w1 = newActor('Cinder Row');
  const press = w1.newSite(at(1), { name: 'Cinder Row Press', hostOrigin: 'https://press.cinderrow.example', defaultLocale: 'en-US', mode: 'internal' });
  const de = w1.newLocale(at(1), press, 'de-DE', 'https://de.cinderrow.example');
  const ja = w1.newLocale(at(1), press, 'ja', null);
  const es = w1.newLocale(at(1), press, 'es-ES', null);
  es.deletedAt = at(1);
  const online = (p, when) => {
    p.isOnline = true;
    p.publishedAt = when;
    p.live = w1.snapshot(p);
    return p;
  };
  const home = w1.newPage(at(1), press, '/', 'Home', { title: 'Cinder Row Press', description: 'Small press, slow books.', sitemapPriority: 1, sitemapFrequency: 'daily' });
  online(home, at(1));
  home.localizations.set(de.id, { id: uuidv4(), pathname: '/', title: 'Cinder Row Verlag', description: null });
  const journal = w1.newPage(at(2), press, '/journal', 'Journal', { title: 'Journal', description: null });
  online(journal, at(1));
  journal.localizations.set(de.id, { id: uuidv4(), pathname: '/tagebuch', title: 'Tagebuch', description: null });
  journal.localizations.set(ja.id, { id: uuidv4(), pathname: '/nikki', title: null, description: null });
  journal.localizations.set(es.id, { id: uuidv4(), pathname: '/diario', title: 'Diario', description: null });
  const first = w1.newPage(at(3), press, '/journal/first-light', 'First light', { title: 'First Light', description: 'Notes from the first print run.' });
  online(first, at(1));
  first.title = 'First Light (revised)'; // draft differs from live
  first.updatedAt = at(1);
  const about = w1.newPage(at(2), press, '/about', 'About', { title: null, description: 'Who we are.' });
  online(about, at(1));
  w1.newPage(at(2), press, '/drafts/ember', 'Ember (draft)', { title: 'Ember' });
  w1.newRoute(press, '/feed/:format');
  w1.newRoute(press, '/assets/*');
  const shop = w1.newSite(at(5), { name: 'Cinder Row Shop', hostOrigin: null, defaultLocale: 'fr-FR', mode: 'external' });
  const enGB = w1.newLocale(at(1), shop, 'en-GB', 'https://shop.cinderrow.example');
  online(w1.newPage(at(1), shop, '/', 'Accueil', { title: 'Boutique Cinder Row' }), at(1));
  const boutique = online(w1.newPage(at(1), shop, '/boutique', 'Boutique', { title: 'Boutique' }), at(1));
  boutique.localizations.set(enGB.id, { id: uuidv4(), pathname: '/shop', title: 'Shop', description: null });
  w1.newPage(at(1), shop, '/panier', 'Panier', { title: 'Panier' });
  w1.newRoute(shop, '/caisse/:etape');

  const w2 = newActor('Tallow Yard');
  const tallow = w2.newSite(at(3), { name: 'Tallow Home', hostOrigin: 'https://tallow.example', defaultLocale: 'nl-NL', mode: 'internal' });
  const enUS = w2.newLocale(at(1), tallow, 'en-US', null);
  online(w2.newPage(at(1), tallow, '/', 'Home', { title: 'Tallow Yard' }), at(1));
  const prijzen = online(w2.newPage(at(1), tallow, '/prijzen', 'Prijzen', { title: 'Prijzen' }), at(1));
  prijzen.localizations.set(enUS.id, { id: uuidv4(), pathname: '/pricing', title: 'Pricing', description: null });
  w2.newRoute(tallow, '/status');
  return { w1, w2, press, shop, tallow };
}

// ---------- command line
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  const s = await startServer({ port: Number.isFinite(port) ? port : 0 });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
