// The migration's seed rows. Ids and keys are random per start; everything else is fixed.
//
// Workspace "Gopher Lane" (announced apiKey):
//   "Lanternfish Review" — en-GB default, hostOrigin set, mode external; cs-CZ with a domain,
//     pt-PT with the custom path prefix "pt", soft-deleted hu-HU. Its Site API key and
//     publicApiKey are the announced ones. Pages: / [cs-CZ /], /help [cs-CZ /napoveda,
//     pt-PT /ajuda, hidden hu-HU /sugo], /help/install [cs-CZ /napoveda/instalace],
//     /chata (sorts after /help under the Czech collation), /About (no title), /contact
//     (online; its draft title differs from the live one), offline never-published
//     /drafts/autumn-issue, offline once-published /archive/2024 (unpublished: no live
//     version), soft-deleted /retired. Routes /feeds/{kind}, /files/{path...}, /api/v1/{$}.
//   "Lanternfish Market" — da-DK default, no hostOrigin, mode internal; en-GB with a domain;
//     pages /, /butik [en-GB /shop], offline /kurv; route /kasse/{step}.
//   "Lanternfish Legacy" — a soft-deleted site (de-AT; page /).
// Workspace "Tessellate Labs" (announced otherApiKey):
//   "Tessellate Home" — es-AR default; en-US; pages /, /precios [en-US /pricing]; route /status.

import { randomBytes, randomUUID } from 'node:crypto';
import { newId, snapshotOf } from './db.mjs';
import { microsOf } from './gotime.mjs';

// App keys: "app_" and 32 random bytes in unpadded RFC 4648 base32 (upper case).
function appKey() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0, value = 0, out = '';
  for (const byte of randomBytes(32)) {
    value = (value << 8) | byte; bits += 8;
    while (bits >= 5) { out += alphabet[(value >>> (bits - 5)) & 31]; bits -= 5; }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return 'app_' + out;
}

let tick = 0;
// Seed instants: one migration, but each row its own microsecond-precise time.
const at = (stepMicros) => (tick += stepMicros);

export function seed(s) {
  tick = microsOf('2025-02-10T03:15:00Z');
  const workspace = (name) => {
    const ws = { id: newId(), name, appKey: appKey() };
    s.workspaces.set(ws.id, ws);
    return ws;
  };
  const site = (ws, name, hostOrigin, mode, deleted = false) => {
    const t = at(1_250_000);
    const row = { id: newId(), workspaceId: ws.id, name, hostOrigin, publicApiKey: randomUUID(), siteApiKey: randomUUID(),
      localeManagementMode: mode, defaultLocalePathPrefix: null, createdAt: t, updatedAt: t, deletedAt: deleted ? at(10) : null };
    s.sites.set(row.id, row);
    return row;
  };
  const locale = (st, code, { isDefault = false, domain = null, pathPrefix = null, deleted = false } = {}) => {
    const t = at(480_500);
    const row = { id: newId(), siteId: st.id, code, domain, pathPrefix, isDefault, createdAt: t, updatedAt: t,
      deletedAt: deleted ? at(70_000) : null };
    s.locales.set(row.id, row);
    return row;
  };
  const page = (st, pathname, fields = {}) => {
    const t = at(2_000_120);
    const row = {
      id: newId(), siteId: st.id, pathname, name: fields.name ?? pathname,
      title: fields.title ?? null, description: fields.description ?? null,
      canonicalUrl: fields.canonicalUrl ?? null, socialImageUrl: fields.socialImageUrl ?? null,
      sitemapPriority: fields.sitemapPriority ?? null, sitemapFrequency: fields.sitemapFrequency ?? 'monthly',
      excludedFromSearchEngines: fields.excludedFromSearchEngines ?? false,
      isOnline: fields.online ?? true, createdAt: t, updatedAt: t,
      publishedAt: fields.online === false && !fields.oncePublished ? null : t, deletedAt: fields.deleted ? at(5) : null,
    };
    s.pages.set(row.id, row);
    if (row.isOnline) s.pageLive.set(row.id, { ...snapshotOf(row), ...(fields.live || {}) });
    if (fields.draft) Object.assign(row, fields.draft, { updatedAt: at(900_000) });
    for (const [loc, path] of fields.localized || []) {
      const z = { id: newId(), pageId: row.id, localeId: loc.id, pathname: path, createdAt: at(33) };
      s.localizations.set(z.id, z);
    }
    return row;
  };
  const route = (st, pathname) => {
    const t = at(61_000);
    const row = { id: newId(), siteId: st.id, pathname, createdAt: t, updatedAt: t, deletedAt: null };
    s.routes.set(row.id, row);
    return row;
  };

  const gopher = workspace('Gopher Lane');
  const review = site(gopher, 'Lanternfish Review', 'https://review.lanternfish.example', 'external');
  locale(review, 'en-GB', { isDefault: true });
  const cs = locale(review, 'cs-CZ', { domain: 'https://cs.lanternfish.example' });
  const pt = locale(review, 'pt-PT', { pathPrefix: 'pt' });
  const hu = locale(review, 'hu-HU', { deleted: true });
  page(review, '/', { title: 'Lanternfish Review', description: 'Essays from the deep end', sitemapPriority: 1,
    sitemapFrequency: 'daily', canonicalUrl: 'https://review.lanternfish.example/', localized: [[cs, '/']] });
  page(review, '/help', { title: 'Help', description: 'How to read the review', sitemapPriority: 0.6,
    localized: [[cs, '/napoveda'], [pt, '/ajuda'], [hu, '/sugo']] });
  page(review, '/help/install', { title: 'Installing the reader', localized: [[cs, '/napoveda/instalace']] });
  page(review, '/chata', { title: 'Chata u jezera', description: 'A cabin by the lake', socialImageUrl: 'https://review.lanternfish.example/img/chata.jpg' });
  page(review, '/About', { name: 'About us' });
  page(review, '/contact', { title: 'Contact', live: {}, draft: { title: 'Contact the editors' } });
  page(review, '/drafts/autumn-issue', { title: 'Autumn issue', online: false, excludedFromSearchEngines: true });
  page(review, '/archive/2024', { title: 'Archive 2024', online: false, oncePublished: true, sitemapFrequency: 'never' });
  page(review, '/retired', { title: 'Retired', deleted: true });
  route(review, '/feeds/{kind}');
  route(review, '/files/{path...}');
  route(review, '/api/v1/{$}');

  const market = site(gopher, 'Lanternfish Market', null, 'internal');
  locale(market, 'da-DK', { isDefault: true });
  const marketEn = locale(market, 'en-GB', { domain: 'https://shop.lanternfish.example' });
  page(market, '/', { title: 'Butik' });
  page(market, '/butik', { title: 'Butikken', localized: [[marketEn, '/shop']] });
  page(market, '/kurv', { title: 'Kurv', online: false });
  route(market, '/kasse/{step}');

  const legacy = site(gopher, 'Lanternfish Legacy', null, 'internal', true);
  locale(legacy, 'de-AT', { isDefault: true });
  page(legacy, '/', { title: 'Startseite' });

  const tessellate = workspace('Tessellate Labs');
  const home = site(tessellate, 'Tessellate Home', 'https://tessellate.example', 'external');
  locale(home, 'es-AR', { isDefault: true });
  const homeEn = locale(home, 'en-US');
  page(home, '/', { title: 'Inicio' });
  page(home, '/precios', { title: 'Precios', localized: [[homeEn, '/pricing']] });
  route(home, '/status');

  return {
    apiKey: gopher.appKey,
    workspaceId: gopher.id,
    siteApiKey: review.siteApiKey,
    publicApiKey: review.publicApiKey,
    otherApiKey: tessellate.appKey,
  };
}
