// routes/api.php + bootstrap/app.php: the route table (per-version groups, whereUuid constraints,
// apiResource-style PUT|PATCH updates), the middleware pipeline and the exception handler that
// renders everything as the API's error envelope.
import { HttpError, phpParseStr, phpUrlDecode, phpJsonDecode, cleanInput, isJsonContentType, isFormContentType } from './http.mjs';
import { isUuid } from './validation.mjs';
import { idEq } from './collation.mjs';
import { sites, locales, pages, routes } from './controllers.mjs';

const UUID = '[\\da-fA-F]{8}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{12}';
const table = [];
// ability: what a publishable (public) key needs; null = never allowed for it
function route(methods, uri, action, { where = {}, ability = null } = {}) {
  const names = [];
  const source = uri.replace(/\{(\w+)\}/g, (_, n) => { names.push(n); return `(${where[n] || '[^/]+'})`; });
  table.push({ methods, uri, action, names, ability, re: new RegExp(`^/${source}$`, 'su') });
}
const site = { where: { site: UUID } }, any = (n) => ({ where: { [n]: '.*' } });

// v2: sites, locales, routes
route(['GET', 'HEAD'], 'v2/sites', sites.index);
route(['POST'], 'v2/sites', sites.store);
route(['GET', 'HEAD'], 'v2/sites/{site}', sites.show, site);
route(['PUT', 'PATCH'], 'v2/sites/{site}', sites.update, site);
route(['DELETE'], 'v2/sites/{site}', sites.destroy, site);
route(['POST'], 'v2/sites/{site}/duplicate', sites.duplicate, site);
route(['GET', 'HEAD'], 'v2/sites/{site}/pages', pages.index, { ...site, ability: 'pages:read' });
route(['GET', 'HEAD'], 'v2/locales', locales.index, { ability: 'locales:read' });
route(['POST'], 'v2/locales', locales.store);
route(['GET', 'HEAD'], 'v2/locales/{localeIdOrCode}', locales.show, { ability: 'locales:read' });
route(['PUT', 'PATCH'], 'v2/locales/{localeIdOrCode}', locales.update);
route(['DELETE'], 'v2/locales/{localeIdOrCode}', locales.destroy);
route(['POST'], 'v2/locales/{localeIdOrCode}/restore', locales.restore);
route(['GET', 'HEAD'], 'v2/routes', routes.index);
route(['POST'], 'v2/routes', routes.store);
route(['GET', 'HEAD'], 'v2/routes/{routeIdOrPathname}', routes.show, any('routeIdOrPathname'));
route(['PUT', 'PATCH'], 'v2/routes/{routeIdOrPathname}', routes.update, any('routeIdOrPathname'));
route(['DELETE'], 'v2/routes/{routeIdOrPathname}', routes.destroy, any('routeIdOrPathname'));
// v6: pages
route(['GET', 'HEAD'], 'v6/pages', pages.index, { ability: 'pages:read' });
route(['POST'], 'v6/pages', pages.store);
route(['GET', 'HEAD'], 'v6/pages/{pageIdOrPathname}', pages.show, { ...any('pageIdOrPathname'), ability: 'pages:read' });
route(['PUT', 'PATCH'], 'v6/pages/{pageIdOrPathname}', pages.update, any('pageIdOrPathname'));
route(['DELETE'], 'v6/pages/{pageIdOrPathname}', pages.destroy, any('pageIdOrPathname'));

// Router::findRoute(): routes of the request method first; a path other methods serve is a 405
// (answered 404 with Laravel's text and an Allow header); OPTIONS on a served path is Laravel's
// automatic 200 with Allow.
function match(method, decodedPath) {
  const hits = table.map((r) => ({ r, m: r.re.exec(decodedPath) })).filter((x) => x.m);
  const found = hits.find((x) => x.r.methods.includes(method));
  if (found) {
    const params = {};
    found.r.names.forEach((n, i) => { params[n] = found.m[i + 1]; });
    return { route: found.r, params };
  }
  const uri = decodedPath.replace(/^\//, '');
  if (!hits.length) throw new HttpError(404, `The route ${uri} could not be found.`);
  const allowed = [...new Set(hits.flatMap((x) => x.r.methods))];
  if (method === 'OPTIONS') return { options: allowed };
  throw new HttpError(404, `The ${method} method is not supported for route ${uri}. Supported methods: ${allowed.join(', ')}.`, undefined, { Allow: allowed.join(', ') });
}

// App\Http\Middleware\AuthenticateApiKey (an AuthenticatesRequests middleware, so it runs before
// SubstituteBindings): a Sanctum personal access token, a Site API key or a site's publishable key.
function authenticate(db, headers) {
  const key = headers['x-api-key'];
  if (typeof key !== 'string' || key === '') throw new HttpError(401, 'Unauthenticated.');
  if (isUuid(key)) {
    const bySite = db.liveSites().find((s) => idEq(s.api_key, key));
    if (bySite) return { kind: 'site', site: bySite };
    const byPublic = db.liveSites().find((s) => idEq(s.public_api_key, key));
    if (byPublic) return { kind: 'public', site: byPublic };
    throw new HttpError(401, 'Unauthenticated.');
  }
  const token = db.findToken(key);
  if (!token) throw new HttpError(401, 'Unauthenticated.');
  token.last_used_at = new Date();
  return { kind: 'app', workspaceId: token.workspace_id };
}

// The request as Laravel sees it: decoded path with trailing slashes ignored, PHP's query parsing,
// a JSON (or form) body merged over the query, everything through TrimStrings and ConvertEmptyStringsToNull.
export async function handle(db, req, body) {
  const method = req.method.toUpperCase();
  const url = req.url.startsWith('/') ? req.url : req.url.replace(/^[a-z]+:\/\/[^/]*/i, '') || '/';
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const decoded = phpUrlDecode(rawPath.replace(/\/+$/, '') || '/', false);
  const matched = match(method, decoded);
  if (matched.options) return { status: 200, body: {}, headers: { Allow: matched.options.join(', ') } };

  // api group middleware (team's EnsureJsonBody, before authentication): the body must be a JSON
  // object when it is JSON; other media types than JSON and forms are refused.
  const ct = req.headers['content-type'] || '';
  let bodyInput = {};
  if (body.length > 0) {
    if (isJsonContentType(ct)) {
      const decodedBody = phpJsonDecode(body);
      if (decodedBody.error) throw new HttpError(400, 'The request body is not valid JSON.', [{ field: 'body', message: decodedBody.error }]);
      const value = decodedBody.value;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'The request body must be a JSON object.', [{ field: 'body', message: 'The request body must be a JSON object.' }]);
      bodyInput = value;
    } else if (isFormContentType(ct)) {
      bodyInput = phpParseStr(body.toString('utf8'));
    } else {
      throw new HttpError(400, `Unsupported content type "${ct || 'none'}"; send application/json.`, [{ field: 'body', message: 'The request body must be sent as application/json.' }]);
    }
  }
  const query = phpParseStr(q < 0 ? '' : url.slice(q + 1));
  const input = cleanInput(Object.assign(Object.create(null), query, bodyInput));

  const principal = authenticate(db, req.headers);
  if (principal.kind === 'public' && (!matched.route.ability)) throw new HttpError(403, 'Invalid ability provided.');

  const ctx = { db, principal, input, params: matched.params };
  if (matched.params.site !== undefined) { // SubstituteBindings: Site::where('id', $value)->firstOrFail()
    ctx.site = db.findSite(matched.params.site);
    if (!ctx.site) throw new HttpError(404, `No query results for model [App\\Models\\Site] ${matched.params.site}`);
  }
  const res = matched.route.action(ctx);
  return method === 'HEAD' ? { ...res, head: true } : res;
}
