// api/authentication.py and api/permissions.py
import { timingSafeEqual } from 'node:crypto';
import { AuthenticationFailed, NotAuthenticated, PermissionDenied } from './errors.mjs';
import { parsePyUuid } from './fields.mjs';
import { hashKey } from './store.mjs';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// ApiKeyAuthentication.authenticate(): reads META["HTTP_X_API_KEY"]; returns null when absent,
// raises AuthenticationFailed when present and wrong.
export function authenticate(store, rawHeader) {
  if (rawHeader === undefined) return null;
  const key = String(rawHeader).trim(); // gunicorn strips header values
  if (key === '') return null;
  const asUuid = parsePyUuid(key);
  if (asUuid) {
    const hit = store.siteByKey(asUuid);
    if (!hit) throw AuthenticationFailed();
    return { kind: hit.kind, site: hit.site, siteId: hit.site.id, workspaceId: hit.site.workspaceId };
  }
  const [prefix, , secret] = partition(key, '.');
  const rec = store.appKeys.get(prefix);
  if (!rec || secret === '') throw AuthenticationFailed();
  const a = Buffer.from(rec.hash, 'hex'), b = Buffer.from(hashKey(key), 'hex');
  if (!timingSafeEqual(a, b)) throw AuthenticationFailed();
  if (!store.workspaces.has(rec.workspaceId)) throw AuthenticationFailed();
  return { kind: 'app', workspaceId: rec.workspaceId };
}
function partition(s, sep) {
  const i = s.indexOf(sep);
  return i === -1 ? [s, '', ''] : [s.slice(0, i), sep, s.slice(i + 1)];
}

// Permission classes: each is has_permission(request, view); IsAuthenticated comes first.
export const IsAuthenticated = (req) => { if (!req.principal) throw NotAuthenticated(); };
export const IsAppKey = (req) => { if (req.principal.kind !== 'app') throw PermissionDenied(); };
export const PublishableReadOnly = (req) => {
  if (req.principal.kind === 'publishable' && !SAFE_METHODS.has(req.method)) throw PermissionDenied();
};
// SiteDetail: a Site API key may read, update and delete its own site, but workspace-level
// operations are for App API keys.
export const NotWorkspaceLevelForSiteKeys = IsAppKey;

// has_object_permission(request, view, site)
export function checkSite(req, site) {
  const p = req.principal;
  if (p.kind === 'app' ? site.workspaceId !== p.workspaceId : site.id !== p.siteId) throw PermissionDenied();
}
export function checkWorkspace(req, workspace) {
  const p = req.principal;
  if (p.kind !== 'app' || workspace.id !== p.workspaceId) throw PermissionDenied();
}
