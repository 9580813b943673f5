// SiteController (action_fallback renders ApiError as the envelope).
import { uuid7, uuid4, nowUs, live, paginate, castUUID } from '../repo.mjs';
import {
  cast, validateRequired, validateLength, validateFormat, validateUrl, raiseIfInvalid, addError,
  notFound, forbidden, badRequest, STRING_MAX,
} from '../changeset.mjs';
import { permitKind, loadSite } from '../auth.mjs';
import { siteJSON, listJSON, listChangeset, cursorFrom, rejectNonObject } from '../views.mjs';

/** language (2-3 lower-case letters), optionally "-" and a region (2 upper-case letters or 3 digits). */
export const LOCALE_RE = /^[a-z]{2,3}(?:-(?:[A-Z]{2}|\d{3}))?$/;

function workspaceFor(conn, workspaceId) {
  const ws = conn.store.workspaces.find((w) => w.id === workspaceId);
  if (!ws) throw notFound();
  if (conn.principal.workspaceId !== ws.id) throw forbidden();
  return ws;
}

export function index(conn) {
  permitKind(conn.principal, 'site.list');
  const cs = listChangeset(conn.params, { workspaceId: 'uuid' }, ['workspaceId']);
  raiseIfInvalid(cs);
  const ws = workspaceFor(conn, cs.changes.workspaceId);
  const rows = live(conn.store.sites).filter((s) => s.workspaceId === ws.id);
  const after = cursorFrom(cs, (id) => rows.find((s) => s.id === id), (s) => s.insertedAt, 'number');
  const page = paginate(rows, { key: (s) => s.insertedAt, type: 'number', dir: 'asc', limit: getLimit(cs), after });
  return { status: 200, body: listJSON(page.entries.map((s) => siteJSON(conn.store, s)), page.hasMore), next: page.next };
}
export const getLimit = (cs) => cs.changes.limit ?? cs.data.limit;

export function createSiteRecords(store, { workspaceId, name, hostOrigin, localeManagementMode = 'internal' }, now) {
  const site = {
    id: uuid7(), workspaceId, name, hostOrigin, publicApiKey: uuid4(), siteApiKey: uuid4(),
    localeManagementMode, insertedAt: now, updatedAt: now, deletedAt: null,
  };
  store.sites.push(site);
  return site;
}
export function createLocaleRecord(store, site, { locale, domain = null, isDefault = false, pathPrefix = null }, now) {
  const rec = { id: uuid7(), siteId: site.id, locale, domain, pathPrefix, isDefault, insertedAt: now, updatedAt: now, deletedAt: null };
  store.locales.push(rec);
  return rec;
}

export function create(conn) {
  permitKind(conn.principal, 'site.create');
  const data = { workspaceId: null, name: null, hostOrigin: null, defaultLocale: 'en-US' };
  const cs = cast(data, conn.params, { workspaceId: 'uuid', name: 'string', hostOrigin: 'string', defaultLocale: 'string' }, { defaultLocale: 'en-US' });
  rejectNonObject(conn, cs);
  validateRequired(cs, ['workspaceId', 'name', 'defaultLocale']);
  validateLength(cs, 'name', { max: STRING_MAX });
  validateUrl(cs, 'hostOrigin');
  validateLength(cs, 'hostOrigin', { max: STRING_MAX });
  validateFormat(cs, 'defaultLocale', LOCALE_RE);
  raiseIfInvalid(cs);
  const v = { ...data, ...cs.changes };
  const ws = workspaceFor(conn, v.workspaceId);
  const now = nowUs();
  const site = createSiteRecords(conn.store, { workspaceId: ws.id, name: v.name, hostOrigin: v.hostOrigin }, now);
  createLocaleRecord(conn.store, site, { locale: v.defaultLocale, isDefault: true }, now);
  return { status: 201, body: siteJSON(conn.store, site), location: `/v2/sites/${site.id}` };
}

/** plug :load_site — the {siteId} path parameter. */
export function loadSiteParam(conn) {
  const id = castUUID(conn.pathParams.siteId);
  if (!id) throw badRequest([{ field: 'siteId', message: 'is invalid' }]);
  conn.site = loadSite(conn, id);
}

export function show(conn) {
  permitKind(conn.principal, 'site.show');
  return { status: 200, body: siteJSON(conn.store, conn.site) };
}

export function update(conn) {
  permitKind(conn.principal, 'site.update');
  const site = conn.site;
  const cs = cast(site, conn.params, { name: 'string', hostOrigin: 'string' });
  rejectNonObject(conn, cs);
  if (conn.params && Object.hasOwn(conn.params, 'defaultLocale')) addError(cs, 'defaultLocale', 'cannot be changed');
  validateRequired(cs, ['name']);
  validateLength(cs, 'name', { max: STRING_MAX });
  validateUrl(cs, 'hostOrigin');
  validateLength(cs, 'hostOrigin', { max: STRING_MAX });
  raiseIfInvalid(cs);
  if (Object.keys(cs.changes).length) Object.assign(site, cs.changes, { updatedAt: nowUs() });
  return { status: 200, body: siteJSON(conn.store, site) };
}

export function remove(conn) {
  permitKind(conn.principal, 'site.delete');
  conn.site.deletedAt = nowUs();
  return { status: 204 };
}

/** Duplicate Site: one Ecto.Multi; every copied row shares one timestamp. */
export function duplicate(conn) {
  permitKind(conn.principal, 'site.duplicate');
  const src = conn.site;
  const cs = cast({ name: null }, conn.params, { name: 'string' });
  rejectNonObject(conn, cs);
  validateRequired(cs, ['name']);
  validateLength(cs, 'name', { max: STRING_MAX });
  raiseIfInvalid(cs);
  const { store } = conn;
  const now = nowUs();
  const site = createSiteRecords(store, { workspaceId: src.workspaceId, name: cs.changes.name, hostOrigin: src.hostOrigin, localeManagementMode: src.localeManagementMode }, now);
  const localeMap = new Map();
  for (const l of live(store.locales).filter((x) => x.siteId === src.id)) {
    const copy = createLocaleRecord(store, site, { locale: l.locale, domain: l.domain, isDefault: l.isDefault, pathPrefix: l.pathPrefix }, now);
    localeMap.set(l.id, copy.id);
  }
  for (const p of live(store.pages).filter((x) => x.siteId === src.id)) {
    const copy = { ...p, id: uuid7(), siteId: site.id, insertedAt: now, updatedAt: now, live: p.live ? { ...p.live, updatedAt: now } : null };
    store.pages.push(copy);
    for (const z of store.localizations.filter((x) => x.pageId === p.id && localeMap.has(x.localeId))) {
      store.localizations.push({ ...z, id: uuid7(), pageId: copy.id, localeId: localeMap.get(z.localeId) });
    }
  }
  for (const r of live(store.routes).filter((x) => x.siteId === src.id)) {
    store.routes.push({ ...r, id: uuid7(), siteId: site.id, insertedAt: now, updatedAt: now });
  }
  return { status: 201, body: siteJSON(store, site), location: `/v2/sites/${site.id}` };
}
