// x-api-key authentication: App API keys ("sk_" prefix) and Site API keys (a site's publicApiKey).
import { HttpError, forbidden } from './http.mjs';
import { db } from './store.mjs';
import { parseGuid } from './binding.mjs';

const unauthorized = (m) => new HttpError(401, 'unauthorized', m, undefined, { 'www-authenticate': 'ApiKey header="x-api-key"' });

export function authenticate(req) {
  const raw = req.headers['x-api-key'];
  if (raw === undefined || raw === '') throw unauthorized('The x-api-key header is missing.');
  if (raw.startsWith('sk_')) {
    const ws = db.appKeys.get(raw);
    if (ws) return { kind: 'app', workspaceId: ws };
    throw unauthorized('The API key is invalid.');
  }
  const g = parseGuid(raw);
  const siteId = g && db.siteKeys.get(g);
  if (siteId) return { kind: 'site', siteId };
  throw unauthorized('The API key is invalid.');
}

// Resource-level permission: App key -> its workspace; Site key -> read-only, its own site.
export function checkSite(ctx, site) {
  const p = ctx.principal;
  if (p.kind === 'app' ? site.workspaceId !== p.workspaceId : site.id !== p.siteId) throw forbidden();
}
export function appOnly(ctx) {
  if (ctx.principal.kind !== 'app') throw forbidden('Site API keys are read-only; this operation requires an App API key.');
}
