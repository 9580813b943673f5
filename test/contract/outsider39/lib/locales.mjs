import { db, createLocale, findActiveLocaleByCode, localeJson, etag } from './store.mjs';
import { requireAppKey, assertRead, assertWrite } from './auth.mjs';
import { badRequest, notFound, conflict } from './errors.mjs';
import { validateBody, size, uuidCheck, uriCheck, localeCheck, canonLocale, qUuid, qLimit, ci, ciCmp, isUuid, canonUuid } from './validate.mjs';
import { jsonBody, fail, checkIfMatch, paginate, ok, created, noContent } from './common.mjs';

const domainRule = { type: 'string', checks: [size(1, 255), uriCheck] };
const decodeParam = (ctx) => ctx.params[0];

// Resolves {localeIdOrCode}. mode: 'active' | 'deleted' (restore)
function resolve(ctx, mode = 'active', perm = assertRead) {
  const raw = decodeParam(ctx);
  const problems = [];
  const siteId = qUuid(ctx.query, 'siteId', false, problems);
  const byId = isUuid(raw);
  if (!byId && !siteId && !problems.length) problems.push({ field: 'siteId', message: 'must not be null when a locale code is used' });
  fail(problems);
  if (byId) {
    const l = db.locales.get(canonUuid(raw));
    if (!l || (siteId && l.siteId !== siteId)) throw notFound('Locale not found');
    if (mode === 'active' && l.deletedAt != null) throw notFound('Locale not found');
    const s = db.sites.get(l.siteId);
    perm(ctx.principal, s);
    return { site: s, loc: l };
  }
  const site = db.sites.get(siteId);
  if (!site) throw notFound('Site not found');
  perm(ctx.principal, site);
  if (mode === 'active') {
    const l = findActiveLocaleByCode(site, raw);
    if (!l) throw notFound('Locale not found');
    return { site, loc: l };
  }
  const active = findActiveLocaleByCode(site, raw);
  const deleted = [...site.locales.values()].filter((l) => l.deletedAt != null && ci(l.code) === ci(raw))
    .sort((a, b) => b.deletedAt - a.deletedAt || b.seq - a.seq)[0];
  return { site, loc: deleted || active || null, activeTwin: active };
}

export async function listLocalesOp(ctx) {
  const problems = [];
  const siteId = qUuid(ctx.query, 'siteId', true, problems);
  const limit = qLimit(ctx.query, 1, problems);
  const after = qUuid(ctx.query, 'startingAfter', false, problems);
  fail(problems);
  const site = db.sites.get(siteId);
  if (!site) throw notFound('Site not found');
  assertRead(ctx.principal, site);
  let cursor = null;
  if (after) {
    cursor = db.locales.get(after);
    if (!cursor) fail([{ field: 'startingAfter', message: 'does not reference an existing locale' }]);
  }
  // default locale first, then by code under the ci collation, then by surrogate key
  const isDef = (l) => (db.sites.get(l.siteId)?.defaultLocaleId === l.id && l.deletedAt == null ? 0 : 1);
  const cmp = (a, b) => isDef(a) - isDef(b) || ciCmp(a.code, b.code) || a.seq - b.seq;
  const items = [...site.locales.values()].filter((l) => l.deletedAt == null).sort(cmp);
  const page = paginate(items, cmp, cursor, limit);
  return ok({ object: 'list', data: page.data.map(localeJson), hasMore: page.hasMore });
}

export async function createLocaleOp(ctx) {
  requireAppKey(ctx.principal);
  const body = await jsonBody(ctx);
  fail(validateBody(body, {
    siteId: { type: 'string', required: true, checks: [uuidCheck] },
    locale: { type: 'string', required: true, checks: [localeCheck] },
    domain: domainRule,
  }));
  const site = db.sites.get(canonUuid(body.siteId));
  if (!site) throw notFound('Site not found');
  assertWrite(ctx.principal, site);
  const code = canonLocale(body.locale);
  if (findActiveLocaleByCode(site, code)) throw conflict(`Locale ${code} already exists for this site`);
  if ([...site.locales.values()].some((l) => l.deletedAt != null && ci(l.code) === ci(code))) {
    throw conflict(`Locale ${code} was deleted from this site; restore it instead`);
  }
  const l = createLocale(site, { locale: code, domain: body.domain ?? null });
  return created(localeJson(l), { etag: etag(l) });
}

export async function getLocaleOp(ctx) {
  const { site, loc } = resolve(ctx);
  assertRead(ctx.principal, site);
  return ok(localeJson(loc), { etag: etag(loc) });
}

export async function updateLocaleOp(ctx) {
  requireAppKey(ctx.principal);
  const body = await jsonBody(ctx);
  const bodyProblems = validateBody(body, {
    locale: { type: 'string', checks: [localeCheck] },
    domain: { ...domainRule, nullable: true },
  });
  const qp = [];
  qUuid(ctx.query, 'siteId', false, qp);
  fail([...bodyProblems, ...qp]);
  const { site, loc } = resolve(ctx, 'active', assertWrite);
  assertWrite(ctx.principal, site);
  checkIfMatch(ctx, loc);
  let changed = false;
  if (body.locale !== undefined) {
    const code = canonLocale(body.locale);
    const twin = findActiveLocaleByCode(site, code);
    if (twin && twin !== loc) throw conflict(`Locale ${code} already exists for this site`);
    if (code !== loc.code) { loc.code = code; changed = true; }
  }
  if (body.domain !== undefined && body.domain !== loc.domain) { loc.domain = body.domain; changed = true; }
  if (changed) loc.version++;
  return ok(localeJson(loc), { etag: etag(loc) });
}

export async function deleteLocaleOp(ctx) {
  requireAppKey(ctx.principal);
  const { site, loc } = resolve(ctx, 'active', assertWrite);
  assertWrite(ctx.principal, site);
  if (site.defaultLocaleId === loc.id) {
    throw badRequest([{ field: 'localeIdOrCode', message: 'the default locale of a site cannot be deleted' }], 'The default locale cannot be deleted');
  }
  loc.deletedAt = Date.now();
  loc.version++;
  return noContent();
}

export async function restoreLocaleOp(ctx) {
  requireAppKey(ctx.principal);
  const { site, loc, activeTwin } = resolve(ctx, 'deleted', assertWrite);
  if (!loc) throw notFound('Locale not found');
  assertWrite(ctx.principal, site);
  if (loc.deletedAt == null) throw conflict('Locale is not deleted');
  const twin = activeTwin || findActiveLocaleByCode(site, loc.code);
  if (twin && twin !== loc) throw conflict(`Locale ${loc.code} already exists for this site`);
  loc.deletedAt = null;
  loc.version++;
  return ok(localeJson(loc), { etag: etag(loc) });
}
