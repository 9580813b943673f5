// Symfony security: a custom ApiKeyAuthenticator with two user providers.
//  - App API key  "sk_" + 43 base64url chars -> ROLE_APP scoped to one workspace
//  - Site API key (a site's publicApiKey, UUID) -> ROLE_SITE scoped to that site, read-only
import { db, alive } from './store.mjs';
import { unauthorized, forbidden } from './errors.mjs';
import { isUuid, normUuid } from './validate.mjs';

const APP_RE = /^sk_[A-Za-z0-9_-]{43}$/;

export function authenticate(req) {
  const key = req.headers['x-api-key'];
  if (key === undefined || key === '') throw unauthorized('Missing API key: send it in the "x-api-key" header.');
  if (APP_RE.test(key)) {
    const ws = db.appKeys.get(key);
    if (ws) return { kind: 'app', workspaceId: ws };
  } else if (isUuid(key)) {
    const siteId = db.siteKeys.get(normUuid(key));
    const site = siteId && db.sites.get(siteId);
    if (alive(site)) return { kind: 'site', siteId, workspaceId: site.workspaceId };
  }
  throw unauthorized('Invalid API key.');
}

// access_control: ROLE_SITE may only use safe methods.
export function firewall(auth, method) {
  if (auth.kind === 'site' && method !== 'GET' && method !== 'HEAD') {
    throw forbidden('A Site API key is read-only; use an App API key for this operation.');
  }
}

// Voter: can this principal see / act on this site?
export function voteSite(auth, site) {
  if (auth.kind === 'app' && site.workspaceId === auth.workspaceId) return;
  if (auth.kind === 'site' && site.id === auth.siteId) return;
  throw forbidden('You do not have access to this site.');
}

export function voteWorkspace(auth, workspaceId) {
  if (auth.kind !== 'app') throw forbidden('A Site API key cannot access workspace collections.');
  if (workspaceId !== auth.workspaceId) throw forbidden('You do not have access to this workspace.');
}
