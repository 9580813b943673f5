// Endpoint table + ASP.NET Core-like matching: case-insensitive literals, one trailing slash
// tolerated, {x:guid} constraints (non-match -> 404), {**x} catch-alls, 405 with Allow.
import * as sites from './sites.mjs';
import * as locales from './locales.mjs';
import * as pages from './pages.mjs';
import * as routes from './routes.mjs';
import { parseGuid } from './binding.mjs';

const R = (pattern, methods) => ({ segs: pattern.split('/').filter(Boolean), methods });
const ep = (handler, appOnly = false, body = false) => ({ handler, appOnly, body });

export const TABLE = [
  R('v2/sites', { GET: ep(sites.list, true), POST: ep(sites.create, true, true) }),
  R('v2/sites/{siteId:guid}', { GET: ep(sites.get), PATCH: ep(sites.update, true, true), DELETE: ep(sites.remove, true) }),
  R('v2/sites/{siteId:guid}/duplicate', { POST: ep(sites.duplicate, true, true) }),
  R('v2/sites/{siteId:guid}/pages', { GET: ep(pages.listForSite) }),
  R('v2/locales', { GET: ep(locales.list), POST: ep(locales.create, true, true) }),
  R('v2/locales/{localeIdOrCode}', { GET: ep(locales.get), PATCH: ep(locales.update, true, true), DELETE: ep(locales.remove, true) }),
  R('v2/locales/{localeIdOrCode}/restore', { POST: ep(locales.restore, true) }),
  R('v6/pages', { GET: ep(pages.list), POST: ep(pages.create, true, true) }),
  R('v6/pages/{**pageIdOrPathname}', { GET: ep(pages.get), PATCH: ep(pages.update, true, true), DELETE: ep(pages.remove, true) }),
  R('v2/routes', { GET: ep(routes.list), POST: ep(routes.create, true, true) }),
  R('v2/routes/{**routeIdOrPathname}', { GET: ep(routes.get), PATCH: ep(routes.update, true, true), DELETE: ep(routes.remove, true) }),
];

// Kestrel-style decoding: valid %XX sequences decoded as UTF-8, invalid ones left literal.
export function decodeSegment(s) {
  if (!s.includes('%')) return s;
  return s.replace(/(?:%[0-9a-fA-F]{2})+/g, (m) => Buffer.from(m.replace(/%/g, ''), 'hex').toString('utf8'));
}

function matchOne(route, segs) {
  const params = {};
  for (let i = 0; i < route.segs.length; i++) {
    const p = route.segs[i];
    if (p.startsWith('{**')) { params[p.slice(3, -1)] = segs.slice(i).map(decodeSegment).join('/'); return segs.length > i ? params : null; }
    if (i >= segs.length) return null;
    if (p.startsWith('{')) {
      const [name, constraint] = p.slice(1, -1).split(':');
      const v = decodeSegment(segs[i]);
      if (constraint === 'guid') { const g = parseGuid(v); if (!g) return null; params[name] = g; } else params[name] = v;
    } else if (p.toLowerCase() !== segs[i].toLowerCase()) return null;
  }
  return segs.length === route.segs.length ? params : null;
}

export function match(path) {
  let segs = path.split('/');
  segs.shift(); // leading ''
  if (segs.length && segs[segs.length - 1] === '') segs.pop(); // one trailing slash
  if (segs.some((s) => s === '')) return null;
  for (const route of TABLE) {
    const params = matchOne(route, segs);
    if (params) return { route, params };
  }
  return null;
}
