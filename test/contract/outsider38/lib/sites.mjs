// /v2/sites
import { Errors, bindBody, qGuid, qLimit } from './binding.mjs';
import * as R from './rules.mjs';
import { forbidden, notFound } from './http.mjs';
import { checkSite } from './auth.mjs';
import { db, addSite, addLocale, addPage, addRoute, removeSite, activeLocales, uuid7, nowUs } from './store.mjs';
import * as P from './present.mjs';

export function findSite(ctx, id) {
  const s = db.sites.get(id);
  if (!s) throw notFound(`Site '${id}' was not found.`);
  checkSite(ctx, s);
  return s;
}

export function create(ctx) {
  const e = new Errors();
  const b = bindBody(ctx, [{ name: 'workspaceId' }, { name: 'name' }, { name: 'hostOrigin' }, { name: 'defaultLocale' }], 'CreateSiteRequest', e);
  const v = b.values;
  const ws = e.has('workspaceId') ? undefined : R.bodyGuid(e, 'workspaceId', v.workspaceId);
  const name = e.has('name') ? undefined : R.name(e, 'name', v.name, R.LIMITS.siteName);
  const host = e.has('hostOrigin') ? undefined : R.hostOrigin(e, 'hostOrigin', v.hostOrigin);
  const dl = e.has('defaultLocale') ? undefined : R.localeCode(e, 'defaultLocale', v.defaultLocale, false);
  e.throwIfAny();
  // Unknown workspace and foreign workspace are indistinguishable to the caller: 403.
  if (ws !== ctx.principal.workspaceId) throw forbidden('The API key does not grant access to this workspace.');
  const s = addSite({ workspaceId: ws, name, hostOrigin: host ?? null, defaultLocale: dl ?? 'en-US' });
  return [201, P.site(s)];
}

export function list(ctx) {
  const e = new Errors();
  const ws = qGuid(ctx.q, e, 'workspaceId', true);
  const limit = qLimit(ctx.q, e, 0);
  const after = qGuid(ctx.q, e, 'startingAfter', false);
  e.throwIfAny();
  if (ws !== ctx.principal.workspaceId) throw forbidden('The API key does not grant access to this workspace.');
  let all = [...db.sites.values()].filter((s) => s.workspaceId === ws).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (after) all = all.filter((s) => s.id > after); // keyset: WHERE id > @startingAfter
  return [200, P.list(all.slice(0, limit).map(P.site), all.length > limit)];
}

export const get = (ctx) => [200, P.site(findSite(ctx, ctx.params.siteId))];

export function update(ctx) {
  const s = findSiteForWrite(ctx);
  const e = new Errors();
  const b = bindBody(ctx, [{ name: 'name' }, { name: 'hostOrigin' }], 'UpdateSiteRequest', e);
  const v = b.values;
  const name = e.has('name') ? undefined : R.name(e, 'name', v.name, R.LIMITS.siteName, false);
  const host = e.has('hostOrigin') ? undefined : R.hostOrigin(e, 'hostOrigin', v.hostOrigin);
  e.throwIfAny();
  const s2 = lookupAfterValidation(ctx, s);
  if (name !== undefined) s2.name = name;
  if (host !== undefined) s2.hostOrigin = host;
  return [200, P.site(s2)];
}

export function remove(ctx) {
  const s = findSite(ctx, ctx.params.siteId);
  removeSite(s);
  return [204];
}

export function duplicate(ctx) {
  const src = findSiteForWrite(ctx);
  const e = new Errors();
  const b = bindBody(ctx, [{ name: 'name' }], 'DuplicateSiteRequest', e);
  const name = e.has('name') ? undefined : R.name(e, 'name', b.values.name, R.LIMITS.siteName);
  e.throwIfAny();
  const s = lookupAfterValidation(ctx, src);
  const copy = addSite({ workspaceId: s.workspaceId, name, hostOrigin: s.hostOrigin, defaultLocale: '__tmp', localeManagementMode: s.localeManagementMode });
  copy.defaultLocalePathPrefix = s.defaultLocalePathPrefix;
  for (const l of [...copy.locales.values()]) { copy.locales.delete(l.id); db.locales.delete(l.id); }
  const localeMap = new Map();
  for (const l of activeLocales(s)) {
    const n = addLocale(copy, { code: l.code, domain: l.domain, isDefault: l.isDefault });
    n.pathPrefix = l.pathPrefix; localeMap.set(l.id, n.id);
  }
  const t = nowUs();
  for (const p of [...s.pages.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const { id, siteId, localizations, ...rest } = p;
    addPage(copy, {
      ...rest, createdAt: t, updatedAt: t, publishedAt: null,
      localizations: localizations.filter((z) => localeMap.has(z.localeId)).map((z) => ({ id: uuid7(), localeId: localeMap.get(z.localeId), pathname: z.pathname })),
    });
  }
  for (const r of [...s.routes.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) addRoute(copy, r.pathname);
  return [201, P.site(copy)];
}

// Existence/permission are checked after validation (FluentValidation runs as an endpoint filter
// before the handler body queries the database). These two helpers keep that order.
function findSiteForWrite(ctx) { return ctx.params.siteId; }
function lookupAfterValidation(ctx, id) { return findSite(ctx, id); }
