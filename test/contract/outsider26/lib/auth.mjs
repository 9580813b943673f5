// ApiKeyGuard and PermissionsGuard. Guards run BEFORE any pipe: they see the raw params, the
// raw query and the raw (parsed) body. The permissions guard resolves every site it can from
// well-formed raw UUIDs and refuses (403) a site the key may not touch; anything it cannot
// resolve is left to the pipes (400) and the services (404).
import { createHash } from 'node:crypto';
import { Unauthorized, Forbidden } from './errors.mjs';
import { isUUID } from './validation.mjs';

export const hashKey = (k) => createHash('sha256').update(k).digest('hex');

export function makeGuards(db) {
  function resolvePrincipal(raw) {
    if (isUUID(raw)) {
      const id = raw.toLowerCase();
      const site = db.site.findFirst((s) => s.deletedAt === null && (s.siteApiKey === id || s.publicApiKey === id));
      if (!site) return null;
      return { kind: site.siteApiKey === id ? 'site' : 'public', siteId: site.id, workspaceId: site.workspaceId };
    }
    const key = db.apiKey.findFirst((k) => k.hash === hashKey(raw) && k.revokedAt === null);
    return key ? { kind: 'app', workspaceId: key.workspaceId, keyId: key.id } : null;
  }

  const apiKeyGuard = (ctx) => {
    const raw = ctx.req.headers['x-api-key'];
    if (raw === undefined || raw === '') throw Unauthorized('Missing API key');
    const principal = resolvePrincipal(String(raw));
    if (!principal) throw Unauthorized('Invalid API key');
    ctx.principal = principal;
  };

  // What each key kind may do (the @RequirePermissions(...) metadata of each handler).
  const MATRIX = {
    app: new Set(['sites:list', 'sites:create', 'sites:read', 'sites:update', 'sites:delete', 'sites:duplicate',
      'locales:read', 'locales:write', 'pages:read', 'pages:write', 'routes:read', 'routes:write']),
    site: new Set(['sites:read', 'sites:update', 'locales:read', 'locales:write', 'pages:read', 'pages:write', 'routes:read', 'routes:write']),
    public: new Set(['sites:read', 'locales:read', 'pages:read']),
  };

  function canAccessSite(p, site) {
    return p.kind === 'app' ? site.workspaceId === p.workspaceId : site.id === p.siteId;
  }

  // resolve: which raw inputs name a site, directly or through a resource
  function permissionsGuard(permission, resolve = {}) {
    return (ctx) => {
      const p = ctx.principal;
      if (!MATRIX[p.kind].has(permission)) throw Forbidden();
      const raw = { params: ctx.params, query: ctx.query, body: ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? ctx.body : {} };
      if (resolve.workspace) {
        const w = raw[resolve.workspace][`workspaceId`];
        if (isUUID(w) && w.toLowerCase() !== p.workspaceId) throw Forbidden();
      }
      const siteIds = [];
      for (const where of resolve.site || []) { const v = raw[where].siteId; if (isUUID(v)) siteIds.push(v.toLowerCase()); }
      if (resolve.resource) {
        const [table, param] = resolve.resource;
        const v = ctx.params[param];
        if (isUUID(v)) { const row = db[table].findUnique(v); if (row) siteIds.push(row.siteId); }
      }
      for (const id of siteIds) {
        const site = db.site.findUnique(id);
        if (site && site.deletedAt === null && !canAccessSite(p, site)) throw Forbidden();
      }
    };
  }

  return { apiKeyGuard, permissionsGuard, canAccessSite };
}
