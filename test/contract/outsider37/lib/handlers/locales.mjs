// /v2/locales handlers. Locales are soft-deleted (deleted_at) and can be restored.
import { decodeBody, Checks, parseLimit } from '../validate.mjs';
import { q } from '../http.mjs';
import { badRequest, conflict, notFound } from '../errors.mjs';
import { assertRead, assertWrite, loadSite } from '../auth.mjs';
import { localeJson, list } from '../present.mjs';
import { UUID_RE, byteCmp } from '../util.mjs';

export function listLocales(ctx) {
  const c = new Checks();
  const siteId = q(ctx.query, 'siteId');
  c.uuid('siteId', siteId, true);
  const limit = parseLimit(c, ctx.query, 1);
  const after = q(ctx.query, 'startingAfter');
  c.uuid('startingAfter', after, false);
  c.throwIfAny();
  const site = loadSite(ctx.store, siteId);
  assertRead(ctx.auth, site);
  const rows = ctx.store.siteLocales(site).filter((l) => after === undefined || byteCmp(l.id, after) > 0);
  rows.sort((a, b) => byteCmp(a.id, b.id));
  return [200, list(rows.slice(0, limit).map(localeJson), rows.length > limit)];
}

function checkDomainFree(store, site, domain, selfId) {
  if (domain == null) return;
  for (const l of store.siteLocales(site)) {
    if (l.id !== selfId && l.domain === domain) throw conflict(`Another locale of this site already uses the domain ${domain}.`);
  }
}

function checkCodeFree(store, site, code, selfId) {
  for (const l of store.siteLocales(site, { includeDeleted: true })) {
    if (l.id !== selfId && l.locale === code) {
      throw conflict(l.deletedAt
        ? `The locale ${code} exists as a deleted locale of this site; restore it instead.`
        : `The locale ${code} already exists for this site.`);
    }
  }
}

export function createLocale(ctx) {
  const b = decodeBody(ctx, [
    { name: 'siteId', type: 'string' }, { name: 'locale', type: 'string' }, { name: 'domain', type: 'string' },
  ]);
  const c = new Checks();
  c.uuid('siteId', b.get('siteId'), true);
  c.locale('locale', b.get('locale'), true);
  c.url('domain', b.get('domain'));
  c.throwIfAny();
  const site = loadSite(ctx.store, b.get('siteId'));
  assertWrite(ctx.auth, site);
  checkCodeFree(ctx.store, site, b.get('locale'), null);
  checkDomainFree(ctx.store, site, b.get('domain') ?? null, null);
  const loc = ctx.store.addLocale(site, { locale: b.get('locale'), domain: b.get('domain') ?? null });
  return [201, localeJson(loc)];
}

// Resolves {localeIdOrCode}. deleted: 'exclude' | 'include' | 'prefer'
function resolveLocale(ctx, write, deleted) {
  const c = new Checks();
  const siteId = q(ctx.query, 'siteId');
  c.uuid('siteId', siteId, false);
  c.throwIfAny();
  return { siteId, find: () => findLocale(ctx, siteId, write, deleted) };
}

function findLocale(ctx, siteId, write, deleted) {
  const key = ctx.params.localeIdOrCode;
  const store = ctx.store;
  const check = write ? assertWrite : assertRead;
  if (UUID_RE.test(key)) {
    const l = store.locales.get(key);
    if (!l || (siteId !== undefined && l.siteId !== siteId)) throw notFound('Locale not found.');
    if (l.deletedAt && deleted === 'exclude') throw notFound('Locale not found.');
    check(ctx.auth, store.sites.get(l.siteId));
    return l;
  }
  if (siteId === undefined) throw badRequest([{ field: 'siteId', message: 'is required when a locale code is used instead of an ID' }]);
  const site = loadSite(store, siteId);
  check(ctx.auth, site);
  const rows = store.siteLocales(site, { includeDeleted: deleted !== 'exclude' }).filter((l) => l.locale === key);
  if (!rows.length) throw notFound('Locale not found.');
  if (deleted === 'prefer') return rows.find((l) => l.deletedAt) || rows[0];
  return rows.find((l) => !l.deletedAt) || rows[0];
}

export function getLocale(ctx) {
  return [200, localeJson(resolveLocale(ctx, false, 'exclude').find())];
}

export function updateLocale(ctx) {
  const r = resolveLocale(ctx, true, 'exclude');
  const b = decodeBody(ctx, [{ name: 'locale', type: 'string' }, { name: 'domain', type: 'string', nullable: true }]);
  const c = new Checks();
  c.locale('locale', b.get('locale'), false);
  c.url('domain', b.get('domain'));
  c.throwIfAny();
  const loc = r.find();
  const site = ctx.store.sites.get(loc.siteId);
  if (b.has('locale')) checkCodeFree(ctx.store, site, b.get('locale'), loc.id);
  if (b.has('domain')) checkDomainFree(ctx.store, site, b.get('domain'), loc.id);
  if (b.has('locale')) loc.locale = b.get('locale');
  if (b.has('domain')) loc.domain = b.get('domain');
  return [200, localeJson(loc)];
}

export function deleteLocale(ctx) {
  const loc = resolveLocale(ctx, true, 'include').find();
  if (loc.isDefault) {
    throw badRequest([{ field: 'localeIdOrCode', message: 'cannot delete the default locale of a site' }], 'The default locale cannot be deleted.');
  }
  if (!loc.deletedAt) loc.deletedAt = new Date().toISOString();
  return [204];
}

export function restoreLocale(ctx) {
  const loc = resolveLocale(ctx, true, 'prefer').find();
  if (!loc.deletedAt) throw conflict('The locale is not deleted.');
  const site = ctx.store.sites.get(loc.siteId);
  checkDomainFree(ctx.store, site, loc.domain, loc.id);
  loc.deletedAt = null;
  return [200, localeJson(loc)];
}
