// LocaleController (site_locales table, soft-deleted through deleted_at).
import { nowUs, live, paginate, castUUID, getLive } from '../repo.mjs';
import {
  cast, validateRequired, validateLength, validateFormat, validateUrl, raiseIfInvalid,
  notFound, conflict, badRequest, STRING_MAX,
} from '../changeset.mjs';
import { permitKind, permitSite, loadSite } from '../auth.mjs';
import { localeJSON, listJSON, listChangeset, cursorFrom, rejectNonObject, siteIdForLookup } from '../views.mjs';
import { LOCALE_RE, createLocaleRecord, getLimit } from './sites.mjs';

const liveOfSite = (store, siteId) => live(store.locales).filter((l) => l.siteId === siteId);

export function index(conn) {
  permitKind(conn.principal, 'locale.read');
  const cs = listChangeset(conn.params, { siteId: 'uuid' }, ['siteId']);
  raiseIfInvalid(cs);
  const site = loadSite(conn, cs.changes.siteId);
  const rows = liveOfSite(conn.store, site.id);
  const after = cursorFrom(cs, (id) => rows.find((l) => l.id === id), (l) => l.locale, 'text');
  const page = paginate(rows, { key: (l) => l.locale, type: 'text', dir: 'asc', limit: getLimit(cs), after });
  return { status: 200, body: listJSON(page.entries.map(localeJSON), page.hasMore), next: page.next };
}

/** {localeIdOrCode}: an Ecto.UUID is an ID, anything else a code of the `siteId` site. */
function resolve(conn, { trash = false } = {}) {
  const { store } = conn;
  const cs = cast({ siteId: null }, conn.params, { siteId: "uuid" });
  raiseIfInvalid(cs);
  const raw = conn.pathParams.localeIdOrCode;
  const id = castUUID(raw);
  const pick = (rows) => {
    const cands = rows.filter((l) => (trash ? l.deletedAt != null : l.deletedAt == null));
    if (!trash) return cands[0] || null;
    return cands.sort((a, b) => b.deletedAt - a.deletedAt)[0] || null; // most recently deleted first
  };
  if (id) {
    const loc = pick(store.locales.filter((l) => l.id === id));
    if (!loc) throw notFound();
    const site = getLive(store.sites, loc.siteId);
    if (!site) throw notFound();
    permitSite(conn.principal, site);
    return { loc, site };
  }
  const site = loadSite(conn, siteIdForLookup(conn, cs));
  const loc = pick(store.locales.filter((l) => l.siteId === site.id && l.locale === raw));
  if (!loc) throw notFound();
  return { loc, site };
}

export function show(conn) {
  permitKind(conn.principal, 'locale.read');
  return { status: 200, body: localeJSON(resolve(conn).loc) };
}

function validate(cs) {
  validateRequired(cs, ['locale']);
  validateFormat(cs, 'locale', LOCALE_RE);
  validateLength(cs, 'locale', { max: STRING_MAX });
  validateUrl(cs, 'domain');
  validateLength(cs, 'domain', { max: STRING_MAX });
  return cs;
}
/** unique_index(:site_locales, [:site_id, :locale]) and [:site_id, :domain], WHERE deleted_at IS NULL. */
function checkUnique(store, siteId, self, { locale, domain }) {
  const others = liveOfSite(store, siteId).filter((l) => l !== self);
  if (others.some((l) => l.locale === locale)) throw conflict('locale');
  if (domain != null && others.some((l) => l.domain === domain)) throw conflict('domain');
}

export function create(conn) {
  permitKind(conn.principal, 'locale.write');
  const data = { siteId: null, locale: null, domain: null };
  const cs = cast(data, conn.params, { siteId: 'uuid', locale: 'string', domain: 'string' });
  rejectNonObject(conn, cs);
  validateRequired(cs, ['siteId']);
  validate(cs);
  raiseIfInvalid(cs);
  const v = { ...data, ...cs.changes };
  const site = loadSite(conn, v.siteId);
  checkUnique(conn.store, site.id, null, v);
  const loc = createLocaleRecord(conn.store, site, { locale: v.locale, domain: v.domain }, nowUs());
  return { status: 201, body: localeJSON(loc), location: `/v2/locales/${loc.id}` };
}

export function update(conn) {
  permitKind(conn.principal, 'locale.write');
  const { loc, site } = resolve(conn);
  const cs = cast(loc, conn.params, { locale: 'string', domain: 'string' });
  rejectNonObject(conn, cs);
  validate(cs);
  raiseIfInvalid(cs);
  checkUnique(conn.store, site.id, loc, { ...loc, ...cs.changes });
  if (Object.keys(cs.changes).length) Object.assign(loc, cs.changes, { updatedAt: nowUs() });
  return { status: 200, body: localeJSON(loc) };
}

export function remove(conn) {
  permitKind(conn.principal, 'locale.write');
  const { loc } = resolve(conn);
  if (loc.isDefault) throw badRequest([{ field: 'localeIdOrCode', message: 'is the default locale and cannot be deleted' }]);
  loc.deletedAt = nowUs();
  return { status: 204 };
}

export function restore(conn) {
  permitKind(conn.principal, 'locale.write');
  const { loc, site } = resolve(conn, { trash: true });
  checkUnique(conn.store, site.id, loc, loc);
  loc.deletedAt = null;
  loc.updatedAt = nowUs();
  return { status: 200, body: localeJSON(loc) };
}
