// Site handlers: GET/POST /v2/sites, GET/PATCH/DELETE /v2/sites/{siteId},
// POST /v2/sites/{siteId}/duplicate.

import { randomUUID } from 'node:crypto';
import { newId } from './db.mjs';
import { canonicalLocale } from './validator.mjs';
import { siteView } from './views.mjs';
import { keysetPage } from './keyset.mjs';
import { Problems, readQuery, readLimit, readJSON, siteFor, pathUUID, forbidden } from './common.mjs';

const SITE_NAME = 'required,max=150,nonul';
const HOST_ORIGIN = 'url,max=2048';

export function listSites(ctx) {
  const get = readQuery(ctx);
  const p = new Problems();
  p.validate('listSitesQuery', [{ field: 'workspaceId', value: get('workspaceId'), tags: 'required,uuid' }]);
  const limit = readLimit(get, p, 'listSitesQuery');
  p.validate('listSitesQuery', [{ field: 'startingAfter', value: get('startingAfter'), tags: 'omitempty,uuid' }]);
  p.throwIfAny();
  const workspaceId = get('workspaceId').toLowerCase();
  if (workspaceId !== ctx.key.workspaceId) throw forbidden();
  const s = ctx.tx.state;
  let cursor = null;
  if (get('startingAfter')) {
    const row = s.sites.get(get('startingAfter').toLowerCase());
    if (!row) return { status: 200, body: { object: 'list', data: [], hasMore: false } };
    if (row.workspaceId !== ctx.key.workspaceId) throw forbidden();
    cursor = [row.name, row.id];
  }
  const rows = [...s.sites.values()]
    .filter((x) => x.workspaceId === workspaceId && x.deletedAt === null)
    .map((x) => ({ position: [x.name, x.id], item: x }));
  const { data, hasMore } = keysetPage(rows, { cursor, limit });
  return { status: 200, body: { object: 'list', data: data.map((x) => siteView(s, x)), hasMore } };
}

const CREATE_SITE = { name: 'createSiteInput', disallowUnknown: true, fields: [
  { json: 'workspaceId', type: 'string' }, { json: 'name', type: 'string' }, { json: 'hostOrigin', type: 'string' },
  { json: 'defaultLocale', type: 'string' }, { json: 'localeManagementMode', type: 'string' }] };

export function createSite(ctx) {
  const { values, problems } = readJSON(ctx, CREATE_SITE);
  const p = new Problems();
  p.decode(problems);
  p.validate('createSiteInput', [
    { field: 'workspaceId', value: values.get('workspaceId'), tags: 'required,uuid' },
    { field: 'name', value: values.get('name'), tags: SITE_NAME },
    { field: 'hostOrigin', value: values.get('hostOrigin'), tags: `omitempty,${HOST_ORIGIN}` },
    { field: 'defaultLocale', value: values.get('defaultLocale'), tags: 'omitempty,locale' },
    { field: 'localeManagementMode', value: values.get('localeManagementMode'), tags: 'omitempty,oneof=internal external' },
  ]);
  p.throwIfAny();
  if (values.get('workspaceId').toLowerCase() !== ctx.key.workspaceId) throw forbidden();
  const { state: s, now } = ctx.tx;
  const site = {
    id: newId(), workspaceId: ctx.key.workspaceId, name: values.get('name'),
    hostOrigin: values.get('hostOrigin') || null, publicApiKey: randomUUID(), siteApiKey: randomUUID(),
    localeManagementMode: values.get('localeManagementMode') || 'internal', defaultLocalePathPrefix: null,
    createdAt: now, updatedAt: now, deletedAt: null,
  };
  ctx.tx.put('sites', site.id, site);
  const code = values.get('defaultLocale') ? canonicalLocale(values.get('defaultLocale')) : 'en-US';
  const locale = { id: newId(), siteId: site.id, code, domain: null, pathPrefix: null, isDefault: true,
    createdAt: now, updatedAt: now, deletedAt: null };
  ctx.tx.put('locales', locale.id, locale);
  return { status: 201, body: siteView(s, site) };
}

export function getSite(ctx) {
  const site = siteFor(ctx, pathUUID(ctx.params.siteId));
  return { status: 200, body: siteView(ctx.tx.state, site) };
}

const UPDATE_SITE = { name: 'updateSiteInput', disallowUnknown: false, fields: [
  { json: 'name', type: 'string' }, { json: 'hostOrigin', type: 'string' },
  { json: 'defaultLocale', type: 'string' }, { json: 'localeManagementMode', type: 'string' }] };

export function updateSite(ctx) {
  const id = pathUUID(ctx.params.siteId);
  const { values, problems } = readJSON(ctx, UPDATE_SITE);
  const p = new Problems();
  p.decode(problems);
  const entries = [];
  if (values.has('name')) entries.push({ field: 'name', value: values.get('name'), tags: SITE_NAME });
  // "" clears the origin (the column is set to NULL); anything else must be a URL.
  if (values.has('hostOrigin')) entries.push({ field: 'hostOrigin', value: values.get('hostOrigin'), tags: `omitempty,${HOST_ORIGIN}` });
  entries.push({ field: 'defaultLocale', value: values.get('defaultLocale'), tags: 'isdefault' });
  entries.push({ field: 'localeManagementMode', value: values.get('localeManagementMode'), tags: 'omitempty,oneof=internal external' });
  p.validate('updateSiteInput', entries);
  p.throwIfAny();
  const site = ctx.tx.touch(siteFor(ctx, id));
  let touched = false;
  if (values.has('name')) { site.name = values.get('name'); touched = true; }
  if (values.has('hostOrigin')) { site.hostOrigin = values.get('hostOrigin') || null; touched = true; }
  if (values.has('localeManagementMode')) { site.localeManagementMode = values.get('localeManagementMode'); touched = true; }
  if (touched) site.updatedAt = ctx.tx.now;
  return { status: 200, body: siteView(ctx.tx.state, site) };
}

export function deleteSite(ctx) {
  const site = ctx.tx.touch(siteFor(ctx, pathUUID(ctx.params.siteId)));
  site.deletedAt = ctx.tx.now;
  return { status: 204 };
}

const DUPLICATE_SITE = { name: 'duplicateSiteInput', disallowUnknown: true, fields: [{ json: 'name', type: 'string' }] };

// INSERT … SELECT of every row of the site, soft-deleted rows included (they stay
// soft-deleted in the copy), with new ids and keys; page timestamps are copied as they are.
export function duplicateSite(ctx) {
  const id = pathUUID(ctx.params.siteId);
  const { values, problems } = readJSON(ctx, DUPLICATE_SITE);
  const p = new Problems();
  p.decode(problems);
  p.validate('duplicateSiteInput', [{ field: 'name', value: values.get('name'), tags: SITE_NAME }]);
  p.throwIfAny();
  const source = siteFor(ctx, id);
  const { state: s, now } = ctx.tx;
  const copy = { ...source, id: newId(), name: values.get('name'), publicApiKey: randomUUID(), siteApiKey: randomUUID(),
    createdAt: now, updatedAt: now, deletedAt: null };
  ctx.tx.put('sites', copy.id, copy);
  const localeMap = new Map();
  for (const l of [...s.locales.values()].filter((x) => x.siteId === source.id)) {
    const n = { ...l, id: newId(), siteId: copy.id };
    localeMap.set(l.id, n.id);
    ctx.tx.put('locales', n.id, n);
  }
  const pageMap = new Map();
  for (const pg of [...s.pages.values()].filter((x) => x.siteId === source.id)) {
    const n = { ...pg, id: newId(), siteId: copy.id };
    pageMap.set(pg.id, n.id);
    ctx.tx.put('pages', n.id, n);
    const live = s.pageLive.get(pg.id);
    if (live) ctx.tx.put('pageLive', n.id, { ...live, id: n.id, siteId: copy.id });
  }
  for (const z of [...s.localizations.values()].filter((x) => pageMap.has(x.pageId) && localeMap.has(x.localeId))) {
    const n = { ...z, id: newId(), pageId: pageMap.get(z.pageId), localeId: localeMap.get(z.localeId) };
    ctx.tx.put('localizations', n.id, n);
  }
  for (const r of [...s.routes.values()].filter((x) => x.siteId === source.id)) {
    const n = { ...r, id: newId(), siteId: copy.id };
    ctx.tx.put('routes', n.id, n);
  }
  return { status: 201, body: siteView(s, copy) };
}
