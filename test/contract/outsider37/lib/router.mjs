// chi-like router: exact segments, {param} or {param:uuid} (regexp-constrained; a mismatch is a
// plain routing miss). Unknown paths and unregistered methods both answer 404 not_found.
import * as sites from './handlers/sites.mjs';
import * as locales from './handlers/locales.mjs';
import * as pages from './handlers/pages.mjs';
import * as routes from './handlers/routes.mjs';
import { UUID_RE } from './util.mjs';

// siteKey: true means a Site key may call it (read operations on its own site).
const TABLE = [
  ['GET', '/v2/sites', sites.listSites, false],
  ['POST', '/v2/sites', sites.createSite, false],
  ['GET', '/v2/sites/{siteId:uuid}', sites.getSite, true],
  ['PATCH', '/v2/sites/{siteId:uuid}', sites.updateSite, false],
  ['DELETE', '/v2/sites/{siteId:uuid}', sites.deleteSite, false],
  ['POST', '/v2/sites/{siteId:uuid}/duplicate', sites.duplicateSite, false],
  ['GET', '/v2/sites/{siteId:uuid}/pages', pages.listPages, true],
  ['GET', '/v2/locales', locales.listLocales, true],
  ['POST', '/v2/locales', locales.createLocale, false],
  ['GET', '/v2/locales/{localeIdOrCode}', locales.getLocale, true],
  ['PATCH', '/v2/locales/{localeIdOrCode}', locales.updateLocale, false],
  ['DELETE', '/v2/locales/{localeIdOrCode}', locales.deleteLocale, false],
  ['POST', '/v2/locales/{localeIdOrCode}/restore', locales.restoreLocale, false],
  ['GET', '/v6/pages', pages.listPages, true],
  ['POST', '/v6/pages', pages.createPage, false],
  ['GET', '/v6/pages/{pageIdOrPathname}', pages.getPage, true],
  ['PATCH', '/v6/pages/{pageIdOrPathname}', pages.updatePage, false],
  ['DELETE', '/v6/pages/{pageIdOrPathname}', pages.deletePage, false],
  ['PATCH', '/v2/routes/{routeIdOrPathname}', routes.updateRoute, false],
].map(([method, pattern, handler, siteKey]) => ({
  method, handler, siteKey,
  segs: pattern.split('/').slice(1).map((s) => {
    const m = /^\{(\w+)(?::(\w+))?\}$/.exec(s);
    return m ? { param: m[1], uuid: m[2] === 'uuid' } : { lit: s };
  }),
}));

// segments: already percent-decoded path segments (without the leading empty one).
export function match(method, segments) {
  for (const r of TABLE) {
    if (r.method !== method || r.segs.length !== segments.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const s = r.segs[i], v = segments[i];
      if (s.lit !== undefined) ok = s.lit === v;
      else if (v === '' || (s.uuid && !UUID_RE.test(v))) ok = false;
      else params[s.param] = v;
    }
    if (ok) return { route: r, params };
  }
  return null;
}
