// Spring Security: ApiKeyAuthenticationFilter (runs before the DispatcherServlet) and the bean behind
// @PreAuthorize("@sitePermissions.can(authentication, #site, 'action')").
import { isCanonicalUuid } from './convert.mjs';
import { unauthorized, forbidden } from './web.mjs';

export function authenticate(req, store) {
  const all = req.headersDistinct['x-api-key'];
  const raw = all ? all[0].trim() : '';
  if (!raw) throw unauthorized('Full authentication is required to access this resource');
  if (isCanonicalUuid(raw)) {
    const k = raw.toLowerCase();
    for (const s of store.db.sites.values()) {
      if (s.deletedAt) continue;
      if (s.siteApiKey === k) return { kind: 'site', siteId: s.id, workspaceId: s.workspaceId };
      if (s.publicApiKey === k) return { kind: 'public', siteId: s.id, workspaceId: s.workspaceId };
    }
    throw unauthorized('Invalid API key');
  }
  const app = store.db.appKeys.get(raw);
  if (!app) throw unauthorized('Invalid API key');
  return { kind: 'app', workspaceId: app.workspaceId };
}

// actions: read | update | delete | duplicate | content-read | content-write
export function canSite(principal, site, action) {
  if (principal.kind === 'app') return site.workspaceId === principal.workspaceId;
  if (principal.kind === 'site') return site.id === principal.siteId && action !== 'delete' && action !== 'duplicate';
  return site.id === principal.siteId && action === 'content-read';
}
// @PreAuthorize semantics: a missing entity passes (the service answers 404), a foreign one is denied
export function authorizeSite(principal, site, action) {
  if (site && !canSite(principal, site, action)) throw forbidden();
}
export function authorizeWorkspace(principal, workspaceId) {
  if (principal.kind !== 'app' || principal.workspaceId !== workspaceId) throw forbidden();
}
