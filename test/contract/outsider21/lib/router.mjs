// config/routes.rb, with Journey's path handling: the path is normalized first (runs of "/" squeezed,
// a trailing "/" dropped), literals match case-sensitively, a dynamic segment is `[^/.?]+`, a glob
// (`*name`) takes the rest of the path; HEAD is routed to GET. Declared with explicit verbs, so PUT is
// not an alias of PATCH, and with `format: false`, so no `.json` suffix is split off.
import { ApiError } from './errors.mjs';

export const ROUTES = [
  ['GET', '/v2/sites', 'sites#index'],
  ['POST', '/v2/sites', 'sites#create'],
  ['GET', '/v2/sites/:siteId', 'sites#show'],
  ['PATCH', '/v2/sites/:siteId', 'sites#update'],
  ['DELETE', '/v2/sites/:siteId', 'sites#destroy'],
  ['POST', '/v2/sites/:siteId/duplicate', 'sites#duplicate'],
  ['GET', '/v2/sites/:siteId/pages', 'site_pages#index'],
  ['GET', '/v2/locales', 'locales#index'],
  ['POST', '/v2/locales', 'locales#create'],
  ['GET', '/v2/locales/:localeIdOrCode', 'locales#show'],
  ['PATCH', '/v2/locales/:localeIdOrCode', 'locales#update'],
  ['DELETE', '/v2/locales/:localeIdOrCode', 'locales#destroy'],
  ['POST', '/v2/locales/:localeIdOrCode/restore', 'locales#restore'],
  ['GET', '/v6/pages', 'pages#index'],
  ['POST', '/v6/pages', 'pages#create'],
  ['GET', '/v6/pages/*pageIdOrPathname', 'pages#show'],
  ['PATCH', '/v6/pages/*pageIdOrPathname', 'pages#update'],
  ['DELETE', '/v6/pages/*pageIdOrPathname', 'pages#destroy'],
  ['GET', '/v2/routes', 'routes#index'],
  ['POST', '/v2/routes', 'routes#create'],
  ['GET', '/v2/routes/*routeIdOrPathname', 'routes#show'],
  ['PATCH', '/v2/routes/*routeIdOrPathname', 'routes#update'],
  ['DELETE', '/v2/routes/*routeIdOrPathname', 'routes#destroy'],
].map(([method, pattern, action]) => ({ method, segs: pattern.slice(1).split('/'), action }));

export function normalizePath(raw) {
  let p = ('/' + raw).replace(/\/+/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p.replace(/%[0-9a-f]{2}/g, (m) => m.toUpperCase());
}

// URI::DEFAULT_PARSER.unescape: valid escapes decoded, invalid ones kept; the result must be UTF-8.
function unescapeParam(name, s) {
  const bytes = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) { bytes.push(parseInt(s.slice(i + 1, i + 3), 16)); i += 2; }
    else for (const b of Buffer.from(s[i], 'utf8')) bytes.push(b);
  }
  const buf = Buffer.from(bytes);
  const text = buf.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(buf)) {
    throw new ApiError(400, 'bad_request', `Invalid path parameters: Invalid encoding for parameter: ${name}`,
      [{ field: name, message: 'Path parameter has an invalid encoding' }]);
  }
  return text;
}

export function route(method, rawPath) {
  const path = normalizePath(rawPath);
  const segs = path === '/' ? [] : path.slice(1).split('/');
  const verb = method === 'HEAD' ? 'GET' : method;
  for (const r of ROUTES) {
    if (r.method !== verb) continue;
    const params = match(r.segs, segs);
    if (params) {
      const decoded = {};
      for (const [k, v] of Object.entries(params)) decoded[k] = unescapeParam(k, v);
      return { action: r.action, params: decoded };
    }
  }
  throw new ApiError(404, 'not_found', `No route matches [${method}] "${path}"`);
}

function match(pattern, segs) {
  const params = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith('*')) {
      const rest = segs.slice(i);
      if (!rest.length) return null;
      params[p.slice(1)] = rest.join('/');
      return params;
    }
    if (i >= segs.length) return null;
    if (p.startsWith(':')) {
      if (!/^[^/.?]+$/.test(segs[i])) return null;
      params[p.slice(1)] = segs[i];
    } else if (p !== segs[i]) return null;
  }
  return segs.length === pattern.length ? params : null;
}
