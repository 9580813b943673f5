// /v2/sites operations.
import { randomUUID } from 'node:crypto';
import { Problems, readBody, checkUuid, checkSiteName, checkHostOrigin, checkLocaleCode, queryUuid, queryLimit, isUuid, notFound } from '../validate.mjs';
import { assertAppKey, assertSiteAccess, assertWorkspaceAccess } from '../auth.mjs';
import { siteView, paginate } from '../views.mjs';

/** CHOICE: a malformed siteId in the PATH is 404 (it can name no site), not 400. */
export function findSite(store, id) {
  const site = isUuid(id) ? store.sites.get(id.toLowerCase()) : undefined;
  if (!site) throw notFound('Site');
  return site;
}

export function create({ store, body, principal }) {
  const p = new Problems();
  const b = readBody(body, [
    { name: 'workspaceId', required: true, check: checkUuid },
    { name: 'name', required: true, check: checkSiteName },
    { name: 'hostOrigin', check: checkHostOrigin },
    { name: 'defaultLocale', check: checkLocaleCode },
  ], p);
  p.throwIfAny();
  assertWorkspaceAccess(principal, b.workspaceId);
  // CHOICE: site names need not be unique. hostOrigin defaults to null.
  const site = store.addSite({ workspaceId: b.workspaceId, name: b.name, hostOrigin: b.hostOrigin ?? null, defaultLocale: b.defaultLocale ?? 'en-US' });
  return [201, siteView(site)];
}

export function list({ store, query, principal }) {
  const p = new Problems();
  const workspaceId = queryUuid(query, 'workspaceId', p, { required: true });
  const limit = queryLimit(query, p, { min: 1 });
  const startingAfter = queryUuid(query, 'startingAfter', p);
  p.throwIfAny();
  assertWorkspaceAccess(principal, workspaceId);
  // CHOICE (order): newest site first (reverse creation order).
  const items = [...store.sites.values()].filter((s) => s.workspaceId === workspaceId).sort((a, b) => b.seq - a.seq);
  const page = paginate(items, limit, startingAfter);
  return [200, { ...page, data: page.data.map(siteView) }];
}

export function get({ store, params, principal }) {
  const site = findSite(store, params[0]);
  assertSiteAccess(principal, site);
  return [200, siteView(site)];
}

export function update({ store, params, body, principal }) {
  const p = new Problems();
  const b = readBody(body, [
    { name: 'name', check: checkSiteName },
    { name: 'hostOrigin', check: checkHostOrigin }, // CHOICE: null is rejected (hostOrigin cannot be cleared)
    // SPEC: "defaultLocale is not accepted in this body" (the OpenAPI lists it; SPEC wins) -> 400.
    { name: 'defaultLocale', reject: 'is not accepted by Update Site' },
  ], p);
  p.throwIfAny();
  const site = findSite(store, params[0]);
  assertAppKey(principal); // CHOICE: Site API keys may not update the site itself
  assertSiteAccess(principal, site);
  if (b.name !== undefined) site.name = b.name;
  if (b.hostOrigin !== undefined) site.hostOrigin = b.hostOrigin;
  return [200, siteView(site)];
}

export function remove({ store, params, principal }) {
  const site = findSite(store, params[0]);
  assertAppKey(principal);
  assertSiteAccess(principal, site);
  store.deleteSite(site);
  return [204];
}

/**
 * Duplicate: copies hostOrigin, defaultLocale, localeManagementMode, active locales, pages (with localizations
 * and live snapshots) and routes, all with new ids; new publicApiKey and Site API key.
 * CHOICE: soft-deleted locales are NOT copied; page timestamps (createdAt/updatedAt/publishedAt) are preserved.
 */
export function duplicate({ store, params, body, principal }) {
  const p = new Problems();
  const b = readBody(body, [{ name: 'name', required: true, check: checkSiteName }], p);
  p.throwIfAny();
  const src = findSite(store, params[0]);
  assertAppKey(principal);
  assertSiteAccess(principal, src);
  const copy = store.addSite({
    workspaceId: src.workspaceId, name: b.name, hostOrigin: src.hostOrigin,
    defaultLocale: src.defaultLocale, localeManagementMode: src.localeManagementMode,
  });
  const localeMap = new Map();
  for (const l of store.activeLocales(src.id)) {
    const existing = store.activeLocaleByCode(copy.id, l.locale); // the default locale was created by addSite
    const n = existing ?? store.addLocale({ siteId: copy.id, locale: l.locale, domain: l.domain });
    n.domain = l.domain;
    localeMap.set(l.id, n.id);
  }
  const cloneRec = (rec, id) => {
    const c = structuredClone({ ...rec, live: null });
    c.id = id;
    c.siteId = copy.id;
    c.localizations = c.localizations.filter((z) => localeMap.has(z.localeId))
      .map((z) => ({ ...z, localeId: localeMap.get(z.localeId) }));
    return c;
  };
  const locIds = new Map();
  for (const pg of store.sitePages(src.id).sort((x, y) => x.seq - y.seq)) {
    const id = randomUUID();
    const c = cloneRec(pg, id);
    for (const z of c.localizations) { const nz = randomUUID(); locIds.set(z.id, nz); z.id = nz; }
    if (pg.live) {
      c.live = cloneRec(pg.live, id);
      for (const z of c.live.localizations) z.id = locIds.get(z.id) ?? randomUUID();
    }
    c.seq = store.next();
    store.pages.set(id, c);
  }
  for (const r of store.siteRoutes(src.id).sort((x, y) => x.seq - y.seq)) store.addRoute({ siteId: copy.id, pathname: r.pathname });
  return [201, siteView(copy)];
}
