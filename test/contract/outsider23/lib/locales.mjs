import { AppError } from './errors.mjs';
import { readBody, V, query, parseUuid } from './extract.mjs';
import { db, localeDto, insertLocale, localeCheck, canonicalLocale, cmpC, siteLocales, nowMicros, liveSite } from './store.mjs';
import { ok, created, noContent, requireKind, loadSite, siteForLookup, canReach, readListQuery, keyset, badCursor } from './common.mjs';

const byCode = (a, b) => cmpC(a.code, b.code) || cmpC(a.id, b.id);
const siteIdQuery = { siteId: { type: 'uuid' } };

export async function listLocales(req) {
  const q = readListQuery(req, { siteId: { type: 'uuid', required: true } });
  const site = loadSite(req, q.siteId);
  const rows = siteLocales(site.id);
  let cursor = null;
  if (q.startingAfter) {
    cursor = siteLocales(site.id, { withDeleted: true }).find((l) => l.id === q.startingAfter);
    if (!cursor) throw badCursor();
  }
  const page = keyset(rows, byCode, cursor, q.limit);
  return ok({ ...page, data: page.data.map(localeDto) });
}

// a value uuid::Uuid::parse_str accepts is an ID; anything else is a locale code
function findLocale(req, siteId, { deleted = false } = {}) {
  const raw = req.params.localeIdOrCode;
  const id = parseUuid(raw);
  if (id) {
    const l = db.locales.get(id);
    const site = l && liveSite(l.siteId);
    if (!l || !site || (!deleted && l.deletedAt) || (siteId && l.siteId !== siteId)) throw AppError.notFound(`locale \`${id}\` not found`);
    if (!canReach(req.principal, site)) throw AppError.forbidden('the API key does not grant access to this locale');
    return l;
  }
  const site = siteForLookup(req, siteId, 'locale code');
  const code = canonicalLocale(raw);
  const matches = siteLocales(site.id, { withDeleted: true }).filter((l) => code && l.code.toLowerCase() === code.toLowerCase());
  const live = matches.find((l) => !l.deletedAt);
  if (live) return live;
  if (deleted) {
    const last = matches.sort((a, b) => b.deletedAt - a.deletedAt)[0];
    if (last) return last;
  }
  throw AppError.notFound(`locale \`${raw}\` not found in site \`${site.id}\``);
}

function clash(siteId, { code, domain }, exceptId) {
  for (const l of siteLocales(siteId)) {
    if (l.id === exceptId) continue;
    if (code && l.code.toLowerCase() === code.toLowerCase()) return AppError.conflict(`locale \`${l.code}\` already exists in this site`);
    if (domain && l.domain && l.domain.toLowerCase() === domain.toLowerCase()) return AppError.conflict(`domain \`${domain}\` is already used by locale \`${l.code}\``);
  }
  return null;
}

export async function getLocale(req) {
  const q = query(req.rawQuery, siteIdQuery);
  return ok(localeDto(findLocale(req, q.siteId)));
}

export async function createLocale(req) {
  const b = readBody(req, 'CreateLocaleBody', {
    siteId: { type: 'uuid', validate: [V.required] },
    locale: { type: 'string', validate: [V.required, localeCheck] },
    domain: { type: 'string', validate: [V.length(1, 2048), V.url] },
  });
  requireKind(req, ['app', 'site']);
  const site = loadSite(req, b.siteId);
  const code = canonicalLocale(b.locale);
  const c = clash(site.id, { code, domain: b.domain });
  if (c) throw c;
  const l = insertLocale({ siteId: site.id, code, domain: b.domain ?? null });
  site.localeManagementMode = 'external';
  return created(localeDto(l));
}

export async function updateLocale(req) {
  const q = query(req.rawQuery, siteIdQuery);
  const b = readBody(req, 'UpdateLocaleBody', {
    locale: { type: 'string', validate: [localeCheck] },
    domain: { type: 'string', nullable: true, validate: [V.length(1, 2048), V.url] },
  }, { deny: true });
  requireKind(req, ['app', 'site']);
  const l = findLocale(req, q.siteId);
  const code = b.locale !== undefined ? canonicalLocale(b.locale) : undefined;
  const c = clash(l.siteId, { code, domain: b.domain }, l.id);
  if (c) throw c;
  if (code !== undefined) l.code = code;
  if (b.domain !== undefined) l.domain = b.domain;
  db.sites.get(l.siteId).localeManagementMode = 'external';
  return ok(localeDto(l));
}

export async function deleteLocale(req) {
  const q = query(req.rawQuery, siteIdQuery);
  requireKind(req, ['app', 'site']);
  const l = findLocale(req, q.siteId);
  if (l.isDefault) throw AppError.badRequest('Validation failed', [{ field: 'localeIdOrCode', message: 'the default locale of a site cannot be deleted' }]);
  l.deletedAt = nowMicros();
  db.sites.get(l.siteId).localeManagementMode = 'external';
  return noContent();
}

export async function restoreLocale(req) {
  const q = query(req.rawQuery, siteIdQuery);
  requireKind(req, ['app', 'site']);
  const l = findLocale(req, q.siteId, { deleted: true });
  if (!l.deletedAt) throw AppError.conflict(`locale \`${l.code}\` is not deleted`);
  const c = clash(l.siteId, { code: l.code, domain: l.domain }, l.id);
  if (c) throw c;
  l.deletedAt = null;
  db.sites.get(l.siteId).localeManagementMode = 'external';
  return ok(localeDto(l));
}
