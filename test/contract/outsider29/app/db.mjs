// The "Drizzle schema": tables and their unique indexes (migrations/0001_init.sql in the Worker).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { D1 } from '../lib/d1.mjs';

export const createDb = () => new D1({
  workspaces: [],
  app_keys: [{ name: 'app_keys_hash_unique', cols: ['key_hash'] }],
  sites: [{ name: 'sites_public_api_key_unique', cols: ['public_api_key'] }, { name: 'sites_site_key_hash_unique', cols: ['site_key_hash'] }],
  // CREATE UNIQUE INDEX site_locales_code ON site_locales(site_id, locale) WHERE deleted_at IS NULL
  // CREATE UNIQUE INDEX site_locales_domain ON site_locales(site_id, domain COLLATE NOCASE) WHERE deleted_at IS NULL
  site_locales: [
    { name: 'site_locales_code', cols: ['site_id', 'locale'], where: (r) => r.deleted_at === null },
    { name: 'site_locales_domain', cols: ['site_id', 'domain'], nocase: ['domain'], where: (r) => r.deleted_at === null },
  ],
  pages: [{ name: 'pages_site_pathname', cols: ['site_id', 'pathname'] }],
  page_localizations: [{ name: 'page_localizations_page_locale', cols: ['page_id', 'site_locale_id'] }],
  routes: [{ name: 'routes_site_pathname', cols: ['site_id', 'pathname'] }],
});

export const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');

const B36 = '0123456789abcdefghijklmnopqrstuvwxyz';
// App API keys: "sbk1_" + 40 base-36 characters (about 206 bits), shown once, stored as SHA-256.
export function newAppKey() {
  const bytes = randomBytes(40);
  let s = '';
  for (const b of bytes) s += B36[b % 36];
  return 'sbk1_' + s;
}
export const newSecretUuid = () => randomUUID(); // Site API keys and publicApiKeys: v4
export const toIso = (sec) => (sec === null || sec === undefined ? null : new Date(sec * 1000).toISOString());
