// x-api-key middleware: App API keys (sk_...) act for a whole workspace; a Site key (a site's
// publicApiKey) is a read-only key for that one site.
import { unauthorized, forbidden, notFound } from './errors.mjs';

export function authenticate(store, req) {
  const key = req.headers['x-api-key'];
  if (key === undefined || key === '') throw unauthorized('Missing API key. Pass it in the x-api-key header.');
  const ws = store.appKeys.get(key);
  if (ws !== undefined) return { kind: 'app', workspaceId: ws };
  const siteId = store.siteKeys.get(key);
  if (siteId !== undefined) return { kind: 'site', siteId, workspaceId: store.sites.get(siteId).workspaceId };
  throw unauthorized('Invalid API key.');
}

export function canRead(auth, site) {
  return auth.kind === 'app' ? auth.workspaceId === site.workspaceId : auth.siteId === site.id;
}

export function assertRead(auth, site) {
  if (!canRead(auth, site)) throw forbidden();
}

// Writes: only App keys of the owning workspace (Site keys were already refused by the router).
export function assertWrite(auth, site) {
  if (auth.kind !== 'app' || auth.workspaceId !== site.workspaceId) throw forbidden();
}

export function loadSite(store, id) {
  const s = store.sites.get(id);
  if (!s) throw notFound('Site not found.');
  return s;
}
