// SiteBuilderWeb.Router: scopes, pipelines and path matching on raw path_info segments.
import * as sites from './controllers/sites.mjs';
import * as locales from './controllers/locales.mjs';
import * as pages from './controllers/pages.mjs';
import * as routes from './controllers/routes.mjs';
import { badRequest } from './changeset.mjs';

const PIPELINES = { load_site: sites.loadSiteParam };

// `resources` generates PUT next to PATCH for update, as Phoenix's router does.
const table = [];
function scope(prefix, defs) {
  for (const [method, path, action, pipes = []] of defs) {
    const pattern = (prefix + path).split('/').filter(Boolean);
    for (const m of method.split('|')) table.push({ method: m, pattern, action, pipes });
  }
}
scope('/v2', [
  ['GET', '/sites', sites.index],
  ['POST', '/sites', sites.create],
  ['GET', '/sites/:siteId', sites.show, ['load_site']],
  ['PATCH|PUT', '/sites/:siteId', sites.update, ['load_site']],
  ['DELETE', '/sites/:siteId', sites.remove, ['load_site']],
  ['POST', '/sites/:siteId/duplicate', sites.duplicate, ['load_site']],
  ['GET', '/sites/:siteId/pages', pages.index],
  ['GET', '/locales', locales.index],
  ['POST', '/locales', locales.create],
  ['GET', '/locales/:localeIdOrCode', locales.show],
  ['PATCH|PUT', '/locales/:localeIdOrCode', locales.update],
  ['DELETE', '/locales/:localeIdOrCode', locales.remove],
  ['POST', '/locales/:localeIdOrCode/restore', locales.restore],
  ['GET', '/routes', routes.index],
  ['POST', '/routes', routes.create],
  ['GET', '/routes/*routeIdOrPathname', routes.show],
  ['PATCH|PUT', '/routes/*routeIdOrPathname', routes.update],
  ['DELETE', '/routes/*routeIdOrPathname', routes.remove],
]);
scope('/v6', [
  ['GET', '/pages', pages.index],
  ['POST', '/pages', pages.create],
  ['GET', '/pages/*pageIdOrPathname', pages.show],
  ['PATCH|PUT', '/pages/*pageIdOrPathname', pages.update],
  ['DELETE', '/pages/*pageIdOrPathname', pages.remove],
]);

/** URI.decode/1: %XX escapes decoded, a malformed escape or a non-UTF-8 result is a MalformedURIError. */
function uriDecode(segment, name) {
  if (!segment.includes('%')) return segment;
  const bytes = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '%') {
      const h = segment.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) throw badRequest([{ field: name, message: 'is invalid' }], `malformed URI "${segment}"`);
      bytes.push(parseInt(h, 16)); i += 2;
    } else bytes.push(...Buffer.from(c));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    throw badRequest([{ field: name, message: 'is invalid' }], `malformed URI "${segment}"`);
  }
}

/** Returns { action, pipes, pathParams } or null (Phoenix.Router.NoRouteError). */
export function match(method, pathInfo) {
  for (const r of table) {
    if (r.method !== method) continue;
    const params = {};
    let ok = true;
    let i = 0;
    for (; i < r.pattern.length; i++) {
      const p = r.pattern[i];
      if (p.startsWith('*')) {
        const rest = pathInfo.slice(i);
        if (rest.length === 0) { ok = false; break; }
        params[p.slice(1)] = rest;
        i = pathInfo.length;
        break;
      }
      if (i >= pathInfo.length) { ok = false; break; }
      if (p.startsWith(':')) params[p.slice(1)] = pathInfo[i];
      else if (p !== pathInfo[i]) { ok = false; break; }
    }
    if (!ok || i !== pathInfo.length) continue;
    // decode only once the route matched
    const pathParams = {};
    for (const [k, v] of Object.entries(params)) {
      pathParams[k] = Array.isArray(v) ? v.map((s) => uriDecode(s, k)).join('/') : uriDecode(v, k);
    }
    return { action: r.action, pipes: r.pipes.map((n) => PIPELINES[n]), pathParams };
  }
  return null;
}
