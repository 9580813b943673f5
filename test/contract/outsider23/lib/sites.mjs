import { AppError } from './errors.mjs';
import { readBody, V, pathUuid } from './extract.mjs';
import { db, siteDto, insertSite, localeCheck, canonicalLocale, cmpC, uuid, nowMicros, siteLocales, sitePages, siteRoutes } from './store.mjs';
import { ok, created, noContent, requireKind, loadSite, readListQuery, keyset, badCursor } from './common.mjs';

const nameField = { type: 'string', validate: [V.required, V.length(1, 256)] };

const bySiteName = (a, b) => cmpC(a.name.toLowerCase(), b.name.toLowerCase()) || cmpC(a.id, b.id);

export async function listSites(req) {
  const q = readListQuery(req, { workspaceId: { type: 'uuid', required: true } });
  requireKind(req, ['app']);
  if (q.workspaceId !== req.principal.workspaceId) throw AppError.forbidden('the API key does not grant access to this workspace');
  const rows = [...db.sites.values()].filter((s) => s.workspaceId === q.workspaceId && !s.deletedAt);
  let cursor = null;
  if (q.startingAfter) {
    cursor = rows.find((s) => s.id === q.startingAfter);
    if (!cursor) throw badCursor();
  }
  const page = keyset(rows, bySiteName, cursor, q.limit);
  return ok({ ...page, data: page.data.map(siteDto) });
}

export async function createSite(req) {
  const b = readBody(req, 'CreateSiteBody', {
    workspaceId: { type: 'uuid', validate: [V.required] },
    name: nameField,
    hostOrigin: { type: 'string', validate: [V.length(1, 2048), V.url] },
    defaultLocale: { type: 'string', validate: [localeCheck] },
  });
  requireKind(req, ['app']);
  if (b.workspaceId !== req.principal.workspaceId) throw AppError.forbidden('the API key does not grant access to this workspace');
  const site = insertSite({ workspaceId: b.workspaceId, name: b.name, hostOrigin: b.hostOrigin ?? null, defaultLocale: canonicalLocale(b.defaultLocale ?? 'en-US') });
  return created(siteDto(site));
}

export async function getSite(req) {
  const id = pathUuid(req.params, 'siteId');
  requireKind(req, ['app', 'site']);
  return ok(siteDto(loadSite(req, id)));
}

export async function updateSite(req) {
  const id = pathUuid(req.params, 'siteId');
  const b = readBody(req, 'UpdateSiteBody', {
    name: { type: 'string', validate: [V.length(1, 256)] },
    hostOrigin: { type: 'string', nullable: true, validate: [V.length(1, 2048), V.url] },
  }, { deny: true });
  requireKind(req, ['app', 'site']);
  const site = loadSite(req, id);
  if (b.name !== undefined) site.name = b.name;
  if (b.hostOrigin !== undefined) site.hostOrigin = b.hostOrigin;
  return ok(siteDto(site));
}

export async function deleteSite(req) {
  const id = pathUuid(req.params, 'siteId');
  requireKind(req, ['app']);
  const site = loadSite(req, id);
  site.deletedAt = nowMicros(); // soft delete; its Site API key and publishable key stop working
  return noContent();
}

export async function duplicateSite(req) {
  const id = pathUuid(req.params, 'siteId');
  const b = readBody(req, 'DuplicateSiteBody', { name: nameField });
  requireKind(req, ['app']);
  const src = loadSite(req, id);
  // one transaction: INSERT ... SELECT for every table, timestamps copied as they are
  const copy = { ...src, id: uuid(), name: b.name, publicApiKey: uuid(), siteApiKey: uuid(), createdAt: nowMicros(), deletedAt: null };
  db.sites.set(copy.id, copy);
  const localeMap = new Map();
  for (const l of siteLocales(src.id)) {
    const nl = { ...l, id: uuid(), siteId: copy.id };
    localeMap.set(l.id, nl.id);
    db.locales.set(nl.id, nl);
  }
  for (const p of sitePages(src.id)) {
    const np = { ...p, id: uuid(), siteId: copy.id, localizations: p.localizations.filter((z) => localeMap.has(z.localeId)).map((z) => ({ ...z, id: uuid(), localeId: localeMap.get(z.localeId) })) };
    db.pages.set(np.id, np);
  }
  for (const r of siteRoutes(src.id)) {
    const nr = { ...r, id: uuid(), siteId: copy.id };
    db.routes.set(nr.id, nr);
  }
  return created(siteDto(copy));
}
