// API keys. The authenticate middleware wraps the whole mux:
//   - no x-api-key (or an empty one): the request continues as anonymous, and the
//     requireKey wrapper of the matched handler answers 401 — so an unknown path is
//     still 404 and a wrong method 405 for a request without a key;
//   - a key that matches nothing: 401 at once, before routing.
// Only the first x-api-key header counts (r.Header.Get).
//
// Key kinds and what each may call (requirePermission, checked before the handler):
//   app    — an App API key: every operation on its own workspace;
//   site   — a Site API key: its own site, its locales, pages and routes, Update and
//            Duplicate of its site; not List Sites, Create Site or Delete Site;
//   public — a site's publicApiKey: reads of its site's pages and routes only.

import { pgUUIDParse } from './validator.mjs';

const SITE_KEY_DENIED = new Set(['listSites', 'createSite', 'deleteSite']);
const PUBLIC_KEY_ALLOWED = new Set(['listPages', 'getPage', 'listSitePages', 'listRoutes', 'getRoute']);

export function firstHeader(req, name) {
  for (let k = 0; k < req.rawHeaders.length; k += 2) {
    if (req.rawHeaders[k].toLowerCase() === name) return req.rawHeaders[k + 1].replace(/^[ \t]+|[ \t]+$/g, '');
  }
  return undefined;
}

// Returns null (anonymous), 'invalid', or { kind, workspaceId, siteId }.
export function authenticate(state, value) {
  if (value === undefined || value === '') return null;
  const asUUID = pgUUIDParse(value);
  if (asUUID) {
    for (const site of state.sites.values()) {
      if (site.deletedAt !== null) continue;
      if (site.siteApiKey === asUUID) return { kind: 'site', workspaceId: site.workspaceId, siteId: site.id };
      if (site.publicApiKey === asUUID) return { kind: 'public', workspaceId: site.workspaceId, siteId: site.id };
    }
    return 'invalid';
  }
  for (const ws of state.workspaces.values()) {
    if (ws.appKey === value) return { kind: 'app', workspaceId: ws.id, siteId: null };
  }
  return 'invalid';
}

export function permitted(key, operation) {
  if (key.kind === 'app') return true;
  if (key.kind === 'site') return !SITE_KEY_DENIED.has(operation);
  return PUBLIC_KEY_ALLOWED.has(operation);
}
