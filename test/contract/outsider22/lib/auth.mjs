// plug :authenticate and the policy module (Bodyguard-style `permit/3`).
import crypto from 'node:crypto';
import { castUUID, getLive } from './repo.mjs';
import { unauthorized, forbidden, notFound } from './changeset.mjs';

export const sha256 = (s) => crypto.createHash('sha256').update(s).digest();

/** App API keys: "sbs_" + Base.hex_encode32(20 random bytes, case: :lower, padding: false). */
export function generateAppKey() {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  const bytes = crypto.randomBytes(20);
  let bits = 0, value = 0, out = '';
  for (const b of bytes) {
    value = (value << 8) | b; bits += 8;
    while (bits >= 5) { out += alphabet[(value >>> (bits - 5)) & 31]; bits -= 5; }
  }
  return `sbs_${out}`;
}

/** The raw values of one request header, in order (Node joins repeated unknown headers). */
export function headerValues(req, name) {
  const out = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === name) out.push(req.rawHeaders[i + 1]);
  return out;
}

export function authenticate(conn) {
  const { store } = conn;
  const values = headerValues(conn.req, 'x-api-key');
  if (values.length === 0 || values[0] === '') throw unauthorized('missing API key');
  if (values.length > 1) throw unauthorized('invalid API key');
  const key = values[0];
  const uuid = castUUID(key);
  if (uuid) {
    const site = store.sites.find((s) => s.deletedAt == null && (s.siteApiKey === uuid || s.publicApiKey === uuid));
    if (site) return { kind: site.siteApiKey === uuid ? 'site' : 'public', siteId: site.id, workspaceId: site.workspaceId };
    throw unauthorized('invalid API key');
  }
  const digest = sha256(key);
  const app = store.appKeys.find((a) => crypto.timingSafeEqual(a.digest, digest));
  if (!app) throw unauthorized('invalid API key');
  return { kind: 'app', workspaceId: app.workspaceId };
}

const SITE_KEY_ACTIONS = new Set(['site.show', 'site.update', 'locale.read', 'page.read', 'page.write', 'route.read', 'route.write']);
const PUBLIC_KEY_ACTIONS = new Set(['locale.read', 'page.read']);

/** What the key KIND may do at all (checked first in each action). */
export function permitKind(principal, action) {
  if (principal.kind === 'app') return;
  const allowed = principal.kind === 'site' ? SITE_KEY_ACTIONS : PUBLIC_KEY_ACTIONS;
  if (!allowed.has(action)) throw forbidden();
}
/** Whether the key reaches this site (App key: its workspace; Site/publishable key: its site). */
export function permitSite(principal, site) {
  const ok = principal.kind === 'app' ? site.workspaceId === principal.workspaceId : site.id === principal.siteId;
  if (!ok) throw forbidden();
}
/** Repo.get(Site, id) |> live |> permit. */
export function loadSite(conn, siteId) {
  const site = getLive(conn.store.sites, siteId);
  if (!site) throw notFound();
  permitSite(conn.principal, site);
  return site;
}
