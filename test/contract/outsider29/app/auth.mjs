// x-api-key middleware (mounted on /v2/* and /v6/* only) and the per-site permission rules.
import { ApiError, forbidden, notFound } from './errors.mjs';
import { sha256 } from './db.mjs';
import { isUuid } from '../lib/zod.mjs';

export const apiKeyAuth = (db) => async (c, next) => {
  const key = c.req.header('x-api-key');
  if (!key) throw new ApiError('unauthorized', 'Missing API key: send it in the x-api-key header');
  const hash = sha256(key);
  const app = db.first('app_keys', (k) => k.key_hash === hash);
  if (app) {
    c.set('principal', { kind: 'app', workspaceId: app.workspace_id });
  } else if (isUuid(key)) {
    // Site API keys and publishable keys are compared exactly as issued (lower-case).
    const bySecret = db.first('sites', (s) => s.site_key_hash === hash);
    const byPublic = bySecret ? null : db.first('sites', (s) => s.public_api_key === key);
    const site = bySecret || byPublic;
    if (!site) throw new ApiError('unauthorized', 'Invalid API key');
    c.set('principal', { kind: bySecret ? 'site' : 'public', siteId: site.id, workspaceId: site.workspace_id });
  } else {
    throw new ApiError('unauthorized', 'Invalid API key');
  }
  await next();
};

// Actions: 'site:read' | 'site:write' | 'site:delete' | 'site:duplicate' | 'content:read' | 'content:write'
export function authorize(principal, site, action) {
  if (principal.kind === 'app') {
    if (site.workspace_id !== principal.workspaceId) throw forbidden();
    return;
  }
  if (site.id !== principal.siteId) throw forbidden();
  if (principal.kind === 'site' && (action === 'site:delete' || action === 'site:duplicate')) {
    throw forbidden('A Site API key cannot delete or duplicate its site; use an App API key');
  }
  if (principal.kind === 'public' && !action.endsWith(':read')) {
    throw forbidden('The publishable key (publicApiKey) is read-only');
  }
}

export function requireWorkspace(principal, workspaceId) {
  if (principal.kind !== 'app') throw forbidden('Only an App API key can act on a workspace');
  if (principal.workspaceId !== workspaceId) throw forbidden('This API key does not belong to that workspace');
}

export function loadSite(c, db, siteId, action) {
  const site = db.first('sites', (s) => s.id === siteId);
  if (!site) throw notFound('Site');
  authorize(c.get('principal'), site, action);
  return site;
}

// Site an identifier-by-name (locale code, pathname) is resolved in: the siteId query
// parameter, or, for Site and publishable keys, the key's own site.
export function siteForName(c, siteId, paramName) {
  if (siteId) return siteId;
  const p = c.get('principal');
  if (p.kind !== 'app') return p.siteId;
  throw new ApiError('bad_request', `siteId is required when ${paramName} is not an ID`, [{ field: 'siteId', message: `Required when ${paramName} is not an ID` }]);
}
