import { db, alive, now, siteAlive, createSite, createLocale, createPage, createRoute, localesOf, pagesOf, routesOf, newId } from './store.mjs';
import { siteOut, paginate, cmp } from './present.mjs';
import { jsonBody, sendJson, sendEmpty } from './http.mjs';
import { notFound } from './errors.mjs';
import { validateBody, checks, canonicalLocale, qUuid, qLimit, throwIf, normUuid } from './validate.mjs';
import { voteSite, voteWorkspace } from './auth.mjs';

export function loadSite(ctx, id) {
  const s = siteAlive(normUuid(id));
  if (!s) throw notFound('Site not found.');
  voteSite(ctx.auth, s);
  return s;
}

export async function create(ctx) {
  const b = validateBody(await jsonBody(ctx), {
    workspaceId: { type: 'string', required: true, check: checks.uuid },
    name: { type: 'string', required: true, check: checks.siteName },
    hostOrigin: { type: 'string', nullable: true, check: checks.uri },
    defaultLocale: { type: 'string', check: checks.locale },
  });
  voteWorkspace(ctx.auth, normUuid(b.workspaceId));
  const site = createSite({
    workspaceId: normUuid(b.workspaceId), name: b.name, hostOrigin: b.hostOrigin ?? null,
    defaultLocale: b.defaultLocale === undefined ? 'en-US' : canonicalLocale(b.defaultLocale),
  });
  sendJson(ctx.res, 201, siteOut(site), { location: `/v2/sites/${site.id}` });
}

export function list(ctx) {
  const d = [];
  const workspaceId = qUuid(ctx.q, 'workspaceId', d, { required: true });
  const limit = qLimit(ctx.q, d);
  const after = qUuid(ctx.q, 'startingAfter', d);
  throwIf(d);
  voteWorkspace(ctx.auth, workspaceId);
  const items = [...db.sites.values()].filter((s) => s.workspaceId === workspaceId && alive(s))
    .sort((a, b) => cmp(a.name, b.name) || cmp(a.id, b.id));
  sendJson(ctx.res, 200, paginate(items, limit, after, siteOut));
}

export function get(ctx) {
  sendJson(ctx.res, 200, siteOut(loadSite(ctx, ctx.params.siteId)));
}

export async function update(ctx) {
  const s = loadSite(ctx, ctx.params.siteId);
  const b = validateBody(await jsonBody(ctx), {
    name: { type: 'string', check: checks.siteName },
    hostOrigin: { type: 'string', nullable: true, check: checks.uri },
  }, { forbidden: { defaultLocale: 'This field cannot be changed here; the default locale is managed through the locales API.' } });
  let changed = false;
  if (b.name !== undefined && b.name !== s.name) { s.name = b.name; changed = true; }
  if (b.hostOrigin !== undefined && b.hostOrigin !== s.hostOrigin) { s.hostOrigin = b.hostOrigin; changed = true; }
  if (changed) s.updatedAt = now();
  sendJson(ctx.res, 200, siteOut(s));
}

export function remove(ctx) {
  const s = loadSite(ctx, ctx.params.siteId);
  s.deletedAt = now();
  db.siteKeys.delete(s.publicApiKey);
  sendEmpty(ctx.res, 204);
}

export async function duplicate(ctx) {
  const src = loadSite(ctx, ctx.params.siteId);
  const b = validateBody(await jsonBody(ctx), { name: { type: 'string', required: true, check: checks.siteName } });
  const copy = createSite({ workspaceId: src.workspaceId, name: b.name, hostOrigin: src.hostOrigin, defaultLocale: 'en-US', mode: src.localeManagementMode });
  copy.defaultLocalePathPrefix = src.defaultLocalePathPrefix;
  // replace the auto-created default locale by copies of the source's live locales
  for (const l of localesOf(copy.id)) db.locales.delete(l.id);
  const localeMap = new Map();
  for (const l of localesOf(src.id)) {
    const n = createLocale({ siteId: copy.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
    localeMap.set(l.id, n.id);
  }
  for (const p of pagesOf(src.id)) {
    const { id, createdAt, updatedAt, localizations, siteId, deletedAt, isOnline, publishedAt, ...rest } = p;
    const n = createPage({ siteId: copy.id, pathname: p.pathname, name: p.name, extra: rest });
    n.localizations = localizations.filter((z) => localeMap.has(z.localeId))
      .map((z) => ({ id: newId(), localeId: localeMap.get(z.localeId), pathname: z.pathname }));
  }
  for (const r of routesOf(src.id)) createRoute({ siteId: copy.id, pathname: r.pathname });
  sendJson(ctx.res, 201, siteOut(copy), { location: `/v2/sites/${copy.id}` });
}
