import { db, createSite, deleteSite, duplicateSite, siteJson, etag } from './store.mjs';
import { requireAppKey, assertRead, assertWrite } from './auth.mjs';
import { forbidden } from './errors.mjs';
import { validateBody, notBlank, size, uuidCheck, uriCheck, localeCheck, canonLocale, qUuid, qLimit, canonUuid } from './validate.mjs';
import { jsonBody, siteFromPath, checkPathUuid, fail, checkIfMatch, paginate, ok, created, noContent } from './common.mjs';

const nameRule = { type: 'string', required: true, checks: [notBlank, size(1, 255)] };
const hostRule = { type: 'string', checks: [size(1, 2048), uriCheck] };
// Only a bare trailing "/" path is dropped: "https://a.com/" -> "https://a.com".
const normHost = (h) => h.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)\/+$/, '$1');

export async function createSiteOp(ctx) {
  requireAppKey(ctx.principal);
  const body = await jsonBody(ctx);
  fail(validateBody(body, {
    workspaceId: { type: 'string', required: true, checks: [uuidCheck] },
    name: nameRule,
    hostOrigin: hostRule,
    defaultLocale: { type: 'string', checks: [localeCheck] },
  }));
  if (canonUuid(body.workspaceId) !== ctx.principal.workspaceId) throw forbidden('The API key does not belong to this workspace');
  const site = createSite({
    workspaceId: ctx.principal.workspaceId, name: body.name,
    hostOrigin: body.hostOrigin == null ? null : normHost(body.hostOrigin),
    defaultLocale: body.defaultLocale == null ? 'en-US' : canonLocale(body.defaultLocale),
  });
  return created(siteJson(site), { etag: etag(site) });
}

export async function listSitesOp(ctx) {
  requireAppKey(ctx.principal);
  const problems = [];
  const ws = qUuid(ctx.query, 'workspaceId', true, problems);
  const limit = qLimit(ctx.query, 0, problems);
  const after = qUuid(ctx.query, 'startingAfter', false, problems);
  fail(problems);
  if (ws !== ctx.principal.workspaceId) throw forbidden('The API key does not belong to this workspace');
  let cursor = null;
  if (after) {
    cursor = db.sites.get(after);
    if (!cursor) fail([{ field: 'startingAfter', message: 'does not reference an existing site' }]);
  }
  // newest first (ORDER BY id DESC on the surrogate key)
  const cmp = (a, b) => b.seq - a.seq;
  const items = [...db.sites.values()].filter((s) => s.workspaceId === ws).sort(cmp);
  const page = paginate(items, cmp, cursor, limit);
  return ok({ object: 'list', data: page.data.map(siteJson), hasMore: page.hasMore });
}

export async function getSiteOp(ctx) {
  const site = siteFromPath(ctx.params[0]);
  assertRead(ctx.principal, site);
  return ok(siteJson(site), { etag: etag(site) });
}

export async function updateSiteOp(ctx) {
  requireAppKey(ctx.principal);
  checkPathUuid(ctx.params[0]);
  const body = await jsonBody(ctx);
  fail(validateBody(body, { name: { ...nameRule, required: false }, hostOrigin: hostRule }, {
    refuse: { defaultLocale: 'is not accepted by this operation; manage the default locale through locales' },
  }));
  const site = siteFromPath(ctx.params[0]);
  assertWrite(ctx.principal, site);
  checkIfMatch(ctx, site);
  let changed = false;
  if (body.name !== undefined && body.name !== site.name) { site.name = body.name; changed = true; }
  if (body.hostOrigin !== undefined) {
    const h = normHost(body.hostOrigin);
    if (h !== site.hostOrigin) { site.hostOrigin = h; changed = true; }
  }
  if (changed) site.version++;
  return ok(siteJson(site), { etag: etag(site) });
}

export async function deleteSiteOp(ctx) {
  requireAppKey(ctx.principal);
  const site = siteFromPath(ctx.params[0]);
  assertWrite(ctx.principal, site);
  deleteSite(site);
  return noContent();
}

export async function duplicateSiteOp(ctx) {
  requireAppKey(ctx.principal);
  checkPathUuid(ctx.params[0]);
  const body = await jsonBody(ctx);
  fail(validateBody(body, { name: nameRule }));
  const src = siteFromPath(ctx.params[0]);
  assertWrite(ctx.principal, src);
  const site = duplicateSite(src, body.name);
  return created(siteJson(site), { etag: etag(site) });
}
