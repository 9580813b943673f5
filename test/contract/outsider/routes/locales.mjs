// /v2/locales operations. Locales are soft-deleted so that Restore Locale can bring them back.
import { Problems, readBody, checkUuid, checkLocaleCode, checkDomain, normalizeLocaleCode, queryUuid, queryLimit, isUuid, notFound, conflict, badRequest } from '../validate.mjs';
import { assertSiteAccess } from '../auth.mjs';
import { localeView, paginate } from '../views.mjs';
import { findSite } from './sites.mjs';

/**
 * Resolves {localeIdOrCode, siteId?}. A UUID-shaped value is always treated as an ID; anything else as a code.
 * SPEC: siteId is required when a code is used (400). CHOICE: a code that is not a valid locale code is 404.
 * CHOICE: an ID combined with a siteId of a different site is 404.
 * `deleted`: 'no' = active only, 'only' = (restore) deleted ones by code, any state by ID.
 */
function resolve(store, query, param, principal, deleted = 'no') {
  const p = new Problems();
  const siteId = queryUuid(query, 'siteId', p);
  const byId = isUuid(param);
  if (!byId && !query.has('siteId')) p.add('siteId', 'is required when a locale code is used instead of a locale ID');
  p.throwIfAny();
  const site = siteId !== undefined ? findSite(store, siteId) : undefined;
  let loc;
  if (byId) {
    loc = store.locales.get(param.toLowerCase());
    if (loc && site && loc.siteId !== site.id) loc = undefined;
    if (loc && deleted === 'no' && loc.deletedAt) loc = undefined;
  } else {
    const code = normalizeLocaleCode(param); // CHOICE: codes in the path are matched case-insensitively
    const all = [...store.locales.values()].filter((l) => l.siteId === site.id && l.locale === code);
    if (deleted === 'no') loc = all.find((l) => !l.deletedAt);
    // CHOICE: restoring by code picks the most recently deleted locale with that code.
    else loc = all.filter((l) => l.deletedAt).sort((a, b) => b.deletedSeq - a.deletedSeq)[0];
  }
  if (!loc) throw notFound('Locale');
  assertSiteAccess(principal, store.sites.get(loc.siteId));
  return loc;
}

/** CHOICE: a domain may be used by only one active locale of a site (409 otherwise). */
function assertFree(store, siteId, code, domain, selfId) {
  for (const l of store.activeLocales(siteId)) {
    if (l.id === selfId) continue;
    if (l.locale === code) throw conflict(`Locale ${code} already exists for this site`);
    if (domain && l.domain === domain) throw conflict(`Domain ${domain} is already used by locale ${l.locale}`);
  }
}

export function create({ store, body, principal }) {
  const p = new Problems();
  const b = readBody(body, [
    { name: 'siteId', required: true, check: checkUuid },
    { name: 'locale', required: true, check: checkLocaleCode },
    { name: 'domain', check: checkDomain }, // CHOICE: null domain rejected on create (schema: string)
  ], p);
  p.throwIfAny();
  const site = findSite(store, b.siteId);
  assertSiteAccess(principal, site);
  assertFree(store, site.id, b.locale, b.domain, null);
  // CHOICE: no limit on the number of locales per site.
  const l = store.addLocale({ siteId: site.id, locale: b.locale, domain: b.domain ?? null });
  return [201, localeView(store, l)];
}

export function list({ store, query, principal }) {
  const p = new Problems();
  const siteId = queryUuid(query, 'siteId', p, { required: true });
  const limit = queryLimit(query, p, { min: 1 });
  const startingAfter = queryUuid(query, 'startingAfter', p);
  p.throwIfAny();
  const site = findSite(store, siteId);
  assertSiteAccess(principal, site);
  // CHOICE (order): default locale first, then the others by locale code ascending.
  const items = store.activeLocales(site.id).sort((a, b) => {
    const da = a.locale === site.defaultLocale, db = b.locale === site.defaultLocale;
    if (da !== db) return da ? -1 : 1;
    return a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : a.seq - b.seq;
  });
  const page = paginate(items, limit, startingAfter);
  return [200, { ...page, data: page.data.map((l) => localeView(store, l)) }];
}

export function get({ store, query, params, principal }) {
  return [200, localeView(store, resolve(store, query, params[0], principal))];
}

export function update({ store, query, params, body, principal }) {
  const p = new Problems();
  const b = readBody(body, [
    { name: 'locale', check: checkLocaleCode },
    { name: 'domain', nullable: true, check: checkDomain }, // null clears the domain
  ], p);
  p.throwIfAny();
  const loc = resolve(store, query, params[0], principal);
  const code = b.locale ?? loc.locale;
  const domain = b.domain !== undefined ? b.domain : loc.domain;
  assertFree(store, loc.siteId, code, domain, loc.id);
  const site = store.sites.get(loc.siteId);
  // CHOICE: renaming the code of the default locale also renames the site's defaultLocale (it stays default).
  if (site.defaultLocale === loc.locale) site.defaultLocale = code;
  loc.locale = code;
  loc.domain = domain;
  return [200, localeView(store, loc)];
}

export function remove({ store, query, params, principal }) {
  const loc = resolve(store, query, params[0], principal);
  const site = store.sites.get(loc.siteId);
  // CHOICE: the default locale cannot be deleted -> 400 (409 is not listed for Delete Locale).
  if (site.defaultLocale === loc.locale) {
    throw badRequest([{ field: 'localeIdOrCode', message: 'the default locale of a site cannot be deleted' }]);
  }
  loc.deletedAt = Date.now();
  loc.deletedSeq = store.next();
  return [204];
}

/** CHOICE: restoring a locale that is not deleted is 409, as is restoring when its code/domain is taken again. */
export function restore({ store, query, params, principal }) {
  const loc = resolve(store, query, params[0], principal, 'only');
  if (!loc.deletedAt) throw conflict('Locale is not deleted');
  assertFree(store, loc.siteId, loc.locale, loc.domain, loc.id);
  loc.deletedAt = null;
  return [200, localeView(store, loc)];
}
