import { ApiError, badRequest, notFound, envelope } from './errors.mjs';
import { sendJson, parseQuery } from './http.mjs';
import { authenticate } from './auth.mjs';
import * as sites from './sites.mjs';
import * as locales from './locales.mjs';
import * as pages from './pages.mjs';
import * as routes from './routes.mjs';

const TABLE = [
  [/^\/v2\/sites$/, [], { POST: sites.createSiteOp, GET: sites.listSitesOp }],
  [/^\/v2\/sites\/([^/]+)$/, ['siteId'], { GET: sites.getSiteOp, PATCH: sites.updateSiteOp, DELETE: sites.deleteSiteOp }],
  [/^\/v2\/sites\/([^/]+)\/duplicate$/, ['siteId'], { POST: sites.duplicateSiteOp }],
  [/^\/v2\/sites\/([^/]+)\/pages$/, ['siteId'], { GET: pages.listPagesOp }],
  [/^\/v2\/locales$/, [], { POST: locales.createLocaleOp, GET: locales.listLocalesOp }],
  [/^\/v2\/locales\/([^/]+)$/, ['localeIdOrCode'], { GET: locales.getLocaleOp, PATCH: locales.updateLocaleOp, DELETE: locales.deleteLocaleOp }],
  [/^\/v2\/locales\/([^/]+)\/restore$/, ['localeIdOrCode'], { POST: locales.restoreLocaleOp }],
  [/^\/v6\/pages$/, [], { POST: pages.createPageOp, GET: pages.listPagesOp }],
  [/^\/v6\/pages\/([^/]+)$/, ['pageIdOrPathname'], { GET: pages.getPageOp, PATCH: pages.updatePageOp, DELETE: pages.deletePageOp }],
  [/^\/v2\/routes\/([^/]+)$/, ['routeIdOrPathname'], { PATCH: routes.updateRouteOp }],
];

const accessLog = process.env.OUTSIDER_ACCESS_LOG === '1';

export async function handle(req, res) {
  const started = accessLog ? Date.now() : 0;
  let status = 500;
  const head = req.method === 'HEAD';
  try {
    const r = await dispatch(req);
    status = r.status;
    sendJson(res, r.status, r.body, r.headers, head);
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(500, 'internal_error', 'Internal server error');
    if (!(e instanceof ApiError) && accessLog) process.stderr.write(`${e && e.stack}\n`);
    status = err.status;
    // drain whatever the client is still sending so it reads our answer
    if (!req.complete) req.resume();
    sendJson(res, err.status, envelope(err), err.headers, head);
  }
  if (accessLog) process.stderr.write(`${req.method} ${req.url} ${status} ${Date.now() - started}ms\n`);
}

async function dispatch(req) {
  let url = req.url || '/';
  if (!url.startsWith('/')) {
    const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url);
    url = m ? m[1] || '/' : '/';
  }
  const qi = url.indexOf('?');
  let path = qi < 0 ? url : url.slice(0, qi);
  const qs = qi < 0 ? '' : url.slice(qi + 1);
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);

  // @PreMatching authentication filter: runs before routing, so unknown paths also need a key.
  const principal = authenticate(req);

  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1); // one trailing slash tolerated
  let match = null;
  for (const [re, names, methods] of TABLE) {
    const m = re.exec(path);
    if (m) { match = { m, names, methods }; break; }
  }
  if (!match) throw notFound(`No resource at ${path.length > 200 ? path.slice(0, 200) + '...' : path}`);
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const allow = Object.keys(match.methods);
  if (method === 'OPTIONS') return { status: 204, headers: { allow: [...allow, 'HEAD', 'OPTIONS'].join(', ') } };
  const op = match.methods[method];
  if (!op) throw notFound(`Method ${req.method} is not supported on this resource`, { allow: allow.join(', ') });

  const params = [];
  for (let i = 0; i < match.names.length; i++) {
    try { params.push(decodeURIComponent(match.m[i + 1])); } catch {
      throw badRequest([{ field: match.names[i], message: 'malformed percent-encoding' }]);
    }
  }
  const { query, bad } = parseQuery(qs);
  if (bad.length) throw badRequest(bad.map((k) => ({ field: k, message: 'malformed percent-encoding' })));
  return op({ req, principal, params, query });
}
