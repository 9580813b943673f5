// The "ApiKey" authentication handler and the authorization policies.
//
// Three principals come out of the x-api-key header:
//   app          an App API key: the workspace's key, compared with the stored key under the
//                database collation (case-insensitive, trailing spaces ignored);
//   site         a Site API key: a Guid (any format Guid.TryParse reads) naming one site;
//   publishable  a site's publicApiKey, also a Guid: read access to what a host renders.
// Endpoint policies (checked before model binding) say which principal kinds may call an action
// at all; resource-based authorization (checked after the resource is loaded) says whether the
// principal reaches that particular site.
import { tryParseGuid, collationEquals } from './sqlserver.mjs';
import { unauthorized, forbidden } from './errors.mjs';

export const Policies = {
  // Workspace-level operations: only the workspace's own key.
  WorkspaceAdmin: { name: 'WorkspaceAdmin', kinds: ['app'] },
  // Managing one site's configuration and content: app keys and that site's Site API key.
  SiteEditor: { name: 'SiteEditor', kinds: ['app', 'site'] },
  // What a host reads to render the site: also the publishable key.
  ContentReader: { name: 'ContentReader', kinds: ['app', 'site', 'publishable'] },
};

export function authenticate(db, header) {
  if (header === undefined || header === '') {
    throw unauthorized('No API key was supplied in the x-api-key header.');
  }
  const guid = tryParseGuid(header);
  if (guid !== null) {
    const bySiteKey = db.sites.find((s) => !s.deletedAt && s.siteApiKey === guid);
    if (bySiteKey) return { kind: 'site', siteId: bySiteKey.id, workspaceId: bySiteKey.workspaceId };
    const byPublicKey = db.sites.find((s) => !s.deletedAt && s.publicApiKey === guid);
    if (byPublicKey) return { kind: 'publishable', siteId: byPublicKey.id, workspaceId: byPublicKey.workspaceId };
  } else {
    const appKey = db.appKeys.find((k) => collationEquals(k.key, header));
    if (appKey) return { kind: 'app', workspaceId: appKey.workspaceId };
  }
  throw unauthorized('The API key supplied in the x-api-key header is not valid.');
}

const KIND_NAMES = { app: 'an App API key', site: 'a Site API key', publishable: 'a publishable key' };

export function authorizeEndpoint(principal, policy) {
  if (!policy.kinds.includes(principal.kind)) {
    throw forbidden(`Authorization failed: policy '${policy.name}' is not satisfied by ${KIND_NAMES[principal.kind]}.`);
  }
}

export function canReachSite(principal, site) {
  return principal.kind === 'app' ? site.workspaceId === principal.workspaceId : site.id === principal.siteId;
}

export function authorizeSite(principal, site) {
  if (!canReachSite(principal, site)) {
    throw forbidden(`Authorization failed: ${KIND_NAMES[principal.kind]} does not grant access to site '${site.id}'.`);
  }
}

export function authorizeWorkspace(principal, workspaceId) {
  if (principal.kind !== 'app' || principal.workspaceId !== workspaceId) {
    throw forbidden(`Authorization failed: the API key does not grant access to workspace '${workspaceId}'.`);
  }
}
