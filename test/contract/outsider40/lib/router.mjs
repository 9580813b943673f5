import * as sites from './sites.mjs';
import * as locales from './locales.mjs';
import * as pages from './pages.mjs';
import * as routes from './routes.mjs';
import { isUuid } from './validate.mjs';

const SEG = '([^/]+)';
const REST = '(.+)';
// [regex, param names, {METHOD: handler}, uuid-required params]
const TABLE = [
  [/^\/v2\/sites$/, [], { POST: sites.create, GET: sites.list }],
  [new RegExp(`^/v2/sites/${SEG}$`), ['siteId'], { GET: sites.get, PATCH: sites.update, DELETE: sites.remove }, ['siteId']],
  [new RegExp(`^/v2/sites/${SEG}/duplicate$`), ['siteId'], { POST: sites.duplicate }, ['siteId']],
  [new RegExp(`^/v2/sites/${SEG}/pages$`), ['siteId'], { GET: pages.list }, ['siteId']],
  [/^\/v2\/locales$/, [], { POST: locales.create, GET: locales.list }],
  [new RegExp(`^/v2/locales/${SEG}/restore$`), ['localeIdOrCode'], { POST: locales.restore }],
  [new RegExp(`^/v2/locales/${SEG}$`), ['localeIdOrCode'], { GET: locales.get, PATCH: locales.update, DELETE: locales.remove }],
  [/^\/v6\/pages$/, [], { POST: pages.create, GET: pages.list }],
  [new RegExp(`^/v6/pages/${REST}$`), ['pageIdOrPathname'], { GET: pages.get, PATCH: pages.update, DELETE: pages.remove }],
  [new RegExp(`^/v2/routes/${REST}$`), ['routeIdOrPathname'], { PATCH: routes.update }],
];

// Returns {handler, params} | {allow: [...]} | null (no path matched)
export function match(method, path) {
  let allow = null;
  for (const [re, names, methods, uuids = []] of TABLE) {
    const m = re.exec(path);
    if (!m) continue;
    const params = {};
    let ok = true;
    names.forEach((n, i) => {
      let v;
      try { v = decodeURIComponent(m[i + 1]); } catch { ok = false; return; }
      if (uuids.includes(n) && !isUuid(v)) ok = false; // route requirement: Requirement::UUID
      params[n] = uuids.includes(n) ? v.toLowerCase() : v;
    });
    if (!ok) continue;
    const h = methods[method === 'HEAD' ? 'GET' : method];
    if (h) return { handler: h, params };
    allow = Object.keys(methods);
  }
  return allow ? { allow } : null;
}
