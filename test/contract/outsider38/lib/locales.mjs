// /v2/locales
import { Errors, bindBody, qGuid, qLimit, parseGuid } from './binding.mjs';
import * as R from './rules.mjs';
import { badRequest, conflict, notFound } from './http.mjs';
import { checkSite } from './auth.mjs';
import { db, addLocale, activeLocales, ciEq, nowUs } from './store.mjs';
import { findSite } from './sites.mjs';
import * as P from './present.mjs';

// Resolve {localeIdOrCode}. includeDeleted: the restore endpoint bypasses the soft-delete filter.
function resolve(ctx, e, { includeDeleted = false } = {}) {
  const raw = ctx.params.localeIdOrCode;
  const siteId = qGuid(ctx.q, e, 'siteId', false);
  const id = parseGuid(raw);
  if (!id) {
    if (!siteId && !e.has('siteId')) e.add('siteId', "'Site Id' must not be empty when a locale code is used instead of a locale ID.");
    if (!R.isLocaleCode(raw)) e.add('localeIdOrCode', `'Locale Id Or Code' must be a locale ID (UUID) or a locale code. You entered '${raw}'.`);
  }
  e.throwIfAny();
  return () => {
    if (id) {
      const l = db.locales.get(id);
      if (!l || (siteId && l.siteId !== siteId) || (!includeDeleted && l.deletedAt)) throw notFound(`Locale '${raw}' was not found.`);
      checkSite(ctx, db.sites.get(l.siteId));
      return l;
    }
    const s = findSite(ctx, siteId);
    const match = [...s.locales.values()].filter((l) => ciEq(l.code, raw));
    const active = match.find((l) => !l.deletedAt);
    if (!includeDeleted) { if (!active) throw notFound(`Locale '${raw}' was not found in site '${siteId}'.`); return active; }
    const deleted = match.filter((l) => l.deletedAt).sort((a, b) => b.deletedAt - a.deletedAt)[0];
    if (deleted) return deleted;
    if (active) return active; // restore answers 409 for it
    throw notFound(`Locale '${raw}' was not found in site '${siteId}'.`);
  };
}

export function create(ctx) {
  const e = new Errors();
  const b = bindBody(ctx, [{ name: 'siteId' }, { name: 'locale' }, { name: 'domain' }], 'CreateSiteLocaleRequest', e);
  const v = b.values;
  const siteId = e.has('siteId') ? undefined : R.bodyGuid(e, 'siteId', v.siteId);
  const code = e.has('locale') ? undefined : R.localeCode(e, 'locale', v.locale);
  const domain = e.has('domain') ? undefined : R.domain(e, 'domain', v.domain);
  e.throwIfAny();
  const s = findSite(ctx, siteId);
  const act = activeLocales(s);
  if (act.some((l) => ciEq(l.code, code))) throw conflict(`Locale '${code}' already exists in site '${s.id}'.`);
  if (domain && act.some((l) => l.domain && ciEq(l.domain, domain))) throw conflict(`Domain '${domain}' is already used by another locale of this site.`);
  return [201, P.locale(addLocale(s, { code, domain: domain ?? null }))];
}

export function list(ctx) {
  const e = new Errors();
  const siteId = qGuid(ctx.q, e, 'siteId', true);
  const limit = qLimit(ctx.q, e, 1);
  const after = qGuid(ctx.q, e, 'startingAfter', false);
  e.throwIfAny();
  const s = findSite(ctx, siteId);
  let all = activeLocales(s).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (after) all = all.filter((l) => l.id > after);
  return [200, P.list(all.slice(0, limit).map(P.locale), all.length > limit)];
}

export function get(ctx) {
  const load = resolve(ctx, new Errors());
  return [200, P.locale(load())];
}

export function update(ctx) {
  const e = new Errors();
  let load;
  try { load = resolve(ctx, e); } catch (err) { if (err.status !== 400) throw err; }
  const b = bindBody(ctx, [{ name: 'locale' }, { name: 'domain' }], 'UpdateSiteLocaleRequest', e);
  const v = b.values;
  const code = e.has('locale') ? undefined : R.localeCode(e, 'locale', v.locale, false);
  const domain = e.has('domain') ? undefined : R.domain(e, 'domain', v.domain);
  e.throwIfAny();
  const l = load();
  const s = db.sites.get(l.siteId);
  const others = activeLocales(s).filter((x) => x.id !== l.id);
  if (code !== undefined && others.some((x) => ciEq(x.code, code))) throw conflict(`Locale '${code}' already exists in site '${s.id}'.`);
  if (domain && others.some((x) => x.domain && ciEq(x.domain, domain))) throw conflict(`Domain '${domain}' is already used by another locale of this site.`);
  if (code !== undefined) l.code = code;
  if (domain !== undefined) l.domain = domain;
  if (b.nulls.has('domain')) l.domain = null; // domain is nullable: explicit null clears it
  return [200, P.locale(l)];
}

export function remove(ctx) {
  const l = resolve(ctx, new Errors())();
  if (l.isDefault) throw badRequest([{ field: 'localeIdOrCode', message: 'The default locale of a site cannot be deleted.' }], 'The default locale of a site cannot be deleted.');
  l.deletedAt = nowUs();
  return [204];
}

export function restore(ctx) {
  const l = resolve(ctx, new Errors(), { includeDeleted: true })();
  if (!l.deletedAt) throw conflict(`Locale '${l.code}' is not deleted.`);
  const s = db.sites.get(l.siteId);
  if (activeLocales(s).some((x) => ciEq(x.code, l.code))) throw conflict(`Another active locale '${l.code}' exists in site '${s.id}'.`);
  l.deletedAt = null;
  return [200, P.locale(l)];
}
