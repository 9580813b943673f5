import { db } from './store.mjs';
import { unauthorized, forbidden } from './errors.mjs';
import { isUuid, canonUuid } from './validate.mjs';

// x-api-key: App API key ("sk_..." -> a workspace) or Site API key (a site's publicApiKey UUID).
export function authenticate(req) {
  const raw = req.headers['x-api-key'];
  if (raw === undefined || raw === '') throw unauthorized('Missing x-api-key header');
  const key = String(raw);
  if (key.startsWith('sk_')) {
    const ws = db.appKeys.get(key);
    if (ws) return { kind: 'app', workspaceId: ws };
  } else if (isUuid(key)) {
    const siteId = db.siteKeys.get(canonUuid(key));
    if (siteId) return { kind: 'site', siteId, workspaceId: db.sites.get(siteId).workspaceId };
  }
  throw unauthorized('Invalid API key');
}

// @RolesAllowed("app"): a Site key is a publishable, read-only key; it is refused before the body is read.
export function requireAppKey(p) {
  if (p.kind !== 'app') throw forbidden('Site API keys are read-only; this operation needs an App API key');
}
export function assertRead(p, site) {
  if (p.kind === 'app' ? site.workspaceId !== p.workspaceId : site.id !== p.siteId) throw forbidden();
}
export function assertWrite(p, site) {
  if (p.kind !== 'app' || site.workspaceId !== p.workspaceId) throw forbidden();
}
