// /v2/sites handlers.
import { decodeBody, Checks, parseLimit } from '../validate.mjs';
import { q } from '../http.mjs';
import { forbidden } from '../errors.mjs';
import { assertRead, assertWrite, loadSite } from '../auth.mjs';
import { siteJson, list } from '../present.mjs';
import { byteCmp } from '../util.mjs';

const stripSlash = (u) => (u != null && /^https?:\/\/[^/]+\/$/.test(u) ? u.slice(0, -1) : u);

export function listSites(ctx) {
  const c = new Checks();
  const workspaceId = q(ctx.query, 'workspaceId');
  c.uuid('workspaceId', workspaceId, true);
  const limit = parseLimit(c, ctx.query, 0);
  const after = q(ctx.query, 'startingAfter');
  c.uuid('startingAfter', after, false);
  c.throwIfAny();
  if (workspaceId !== ctx.auth.workspaceId) throw forbidden();
  const all = [];
  for (const s of ctx.store.sites.values()) {
    if (s.workspaceId === workspaceId && (after === undefined || byteCmp(s.id, after) > 0)) all.push(s);
  }
  all.sort((a, b) => byteCmp(a.id, b.id));
  return [200, list(all.slice(0, limit).map((s) => siteJson(ctx.store, s)), all.length > limit)];
}

export function createSite(ctx) {
  const b = decodeBody(ctx, [
    { name: 'workspaceId', type: 'string' }, { name: 'name', type: 'string' },
    { name: 'hostOrigin', type: 'string' }, { name: 'defaultLocale', type: 'string' },
  ]);
  const c = new Checks();
  c.uuid('workspaceId', b.get('workspaceId'), true);
  c.str('name', b.get('name'), { required: true, max: 120 });
  c.url('hostOrigin', b.get('hostOrigin'));
  c.locale('defaultLocale', b.get('defaultLocale'), false);
  c.throwIfAny();
  if (b.get('workspaceId') !== ctx.auth.workspaceId) throw forbidden();
  const site = ctx.store.createSite({
    workspaceId: b.get('workspaceId'), name: b.get('name'),
    hostOrigin: stripSlash(b.get('hostOrigin') ?? null), defaultLocale: b.get('defaultLocale') ?? 'en-US',
  });
  return [201, siteJson(ctx.store, site)];
}

export function getSite(ctx) {
  const site = loadSite(ctx.store, ctx.params.siteId);
  assertRead(ctx.auth, site);
  return [200, siteJson(ctx.store, site)];
}

export function updateSite(ctx) {
  const b = decodeBody(ctx, [{ name: 'name', type: 'string' }, { name: 'hostOrigin', type: 'string' }]);
  const c = new Checks();
  c.str('name', b.get('name'), { min: 1, max: 120 });
  c.url('hostOrigin', b.get('hostOrigin'));
  c.throwIfAny();
  const site = loadSite(ctx.store, ctx.params.siteId);
  assertWrite(ctx.auth, site);
  if (b.has('name')) site.name = b.get('name');
  if (b.has('hostOrigin')) site.hostOrigin = stripSlash(b.get('hostOrigin'));
  return [200, siteJson(ctx.store, site)];
}

export function deleteSite(ctx) {
  const site = loadSite(ctx.store, ctx.params.siteId);
  assertWrite(ctx.auth, site);
  ctx.store.deleteSite(site);
  return [204];
}

export function duplicateSite(ctx) {
  const b = decodeBody(ctx, [{ name: 'name', type: 'string' }]);
  const c = new Checks();
  c.str('name', b.get('name'), { required: true, max: 120 });
  c.throwIfAny();
  const site = loadSite(ctx.store, ctx.params.siteId);
  assertWrite(ctx.auth, site);
  return [201, siteJson(ctx.store, ctx.store.duplicateSite(site, b.get('name')))];
}
