// x-api-key resolution and permission checks.
import { unauthorized, forbidden } from './validate.mjs';

/** Returns {kind:'app', workspaceId} or {kind:'site', siteId, workspaceId}; 401 otherwise. */
export function authenticate(store, req) {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || key === '') throw unauthorized('API key missing');
  for (const ws of store.workspaces.values()) if (ws.appKey === key) return { kind: 'app', workspaceId: ws.id };
  // CHOICE: Site API keys are compared case-insensitively (they are UUIDs).
  const k = key.toLowerCase();
  for (const site of store.sites.values()) {
    if (site.siteApiKey === k) return { kind: 'site', siteId: site.id, workspaceId: site.workspaceId };
  }
  throw unauthorized('API key invalid');
}

/** App key: any site of its workspace. Site key: only its own site. */
export function assertSiteAccess(principal, site) {
  const ok = principal.kind === 'app' ? site.workspaceId === principal.workspaceId : site.id === principal.siteId;
  if (!ok) throw forbidden();
}

/**
 * CHOICE (Site API key scope): a Site API key may read its own site and fully manage that site's
 * locales, pages and routes, but may NOT create, list, update, delete or duplicate sites (403).
 */
export function assertAppKey(principal) {
  if (principal.kind !== 'app') throw forbidden('A Site API key cannot perform workspace-level site operations');
}

/** CHOICE: any workspace other than the App key's own answers 403, whether or not it exists. */
export function assertWorkspaceAccess(principal, workspaceId) {
  assertAppKey(principal);
  if (principal.workspaceId !== workspaceId) throw forbidden('This API key does not have permission for this workspace');
}
