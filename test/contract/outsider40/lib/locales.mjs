import { db, alive, now, siteAlive, createLocale, localesOf } from './store.mjs';
import { localeOut, paginate, cmp } from './present.mjs';
import { jsonBody, sendJson, sendEmpty } from './http.mjs';
import { notFound, conflict, violations } from './errors.mjs';
import { validateBody, checks, canonicalLocale, isUuid, normUuid, qUuid, qLimit, throwIf } from './validate.mjs';
import { voteSite } from './auth.mjs';
import { loadSite } from './sites.mjs';

// mode: 'live' (default) | 'deleted' (restore)
function resolve(ctx, mode = 'live') {
  const d = [];
  const siteId = qUuid(ctx.q, 'siteId', d);
  throwIf(d);
  const key = ctx.params.localeIdOrCode;
  let loc;
  if (isUuid(key)) {
    loc = db.locales.get(normUuid(key));
    if (!loc || (siteId && loc.siteId !== siteId)) throw notFound('Locale not found.');
    const site = siteAlive(loc.siteId);
    if (!site) throw notFound('Locale not found.');
    if (mode === 'live' && !alive(loc)) throw notFound('Locale not found.');
    voteSite(ctx.auth, site);
    if (mode === 'deleted' && alive(loc)) throw conflict('This locale is not deleted; nothing to restore.');
    return loc;
  }
  if (!siteId) throw violations([{ field: 'siteId', message: 'This value is required when a locale code is used instead of a locale ID.' }]);
  const code = canonicalLocale(key);
  const site = loadSite(ctx, siteId);
  const all = localesOf(site.id, { withDeleted: true }).filter((l) => l.locale === code);
  const live = all.find(alive);
  if (mode === 'live') { if (!live) throw notFound('Locale not found.'); return live; }
  if (live) throw conflict('This locale is not deleted; nothing to restore.');
  const dead = all.sort((a, b) => b.deletedAt - a.deletedAt)[0];
  if (!dead) throw notFound('Locale not found.');
  return dead;
}

// unique (site_id, locale) includes soft-deleted rows; unique (site_id, domain) among live rows
function assertFree(siteId, code, domain, selfId) {
  for (const l of localesOf(siteId, { withDeleted: true })) {
    if (l.id === selfId) continue;
    if (code !== undefined && l.locale === code) {
      throw conflict(alive(l) ? `The locale "${code}" already exists for this site.`
        : `The locale "${code}" was deleted from this site; restore it with POST /v2/locales/${l.id}/restore.`);
    }
    if (domain && alive(l) && l.domain === domain) throw conflict(`The domain "${domain}" is already used by locale "${l.locale}".`);
  }
}

export async function create(ctx) {
  const b = validateBody(await jsonBody(ctx), {
    siteId: { type: 'string', required: true, check: checks.uuid },
    locale: { type: 'string', required: true, check: checks.locale },
    domain: { type: 'string', nullable: true, check: checks.uri },
  });
  const site = loadSite(ctx, b.siteId);
  const code = canonicalLocale(b.locale);
  assertFree(site.id, code, b.domain ?? null);
  const l = createLocale({ siteId: site.id, locale: code, domain: b.domain ?? null });
  sendJson(ctx.res, 201, localeOut(l), { location: `/v2/locales/${l.id}` });
}

export function list(ctx) {
  const d = [];
  const siteId = qUuid(ctx.q, 'siteId', d, { required: true });
  const limit = qLimit(ctx.q, d);
  const after = qUuid(ctx.q, 'startingAfter', d);
  throwIf(d);
  const site = loadSite(ctx, siteId);
  const items = localesOf(site.id).sort((a, b) => (b.isDefault - a.isDefault) || cmp(a.locale, b.locale) || cmp(a.id, b.id));
  sendJson(ctx.res, 200, paginate(items, limit, after, localeOut));
}

export function get(ctx) { sendJson(ctx.res, 200, localeOut(resolve(ctx))); }

export async function update(ctx) {
  const l = resolve(ctx);
  const b = validateBody(await jsonBody(ctx), {
    locale: { type: 'string', check: checks.locale },
    domain: { type: 'string', nullable: true, check: checks.uri },
  });
  const code = b.locale === undefined ? undefined : canonicalLocale(b.locale);
  assertFree(l.siteId, code === l.locale ? undefined : code, b.domain, l.id);
  let changed = false;
  if (code !== undefined && code !== l.locale) { l.locale = code; changed = true; }
  if (b.domain !== undefined && b.domain !== l.domain) { l.domain = b.domain; changed = true; }
  if (changed) l.updatedAt = now();
  sendJson(ctx.res, 200, localeOut(l));
}

export function remove(ctx) {
  const l = resolve(ctx);
  if (l.isDefault) throw violations([{ field: 'localeIdOrCode', message: 'The default locale of a site cannot be deleted.' }]);
  l.deletedAt = now();
  sendEmpty(ctx.res, 204);
}

export function restore(ctx) {
  const l = resolve(ctx, 'deleted');
  if (l.domain && localesOf(l.siteId).some((x) => x.domain === l.domain)) throw conflict(`The domain "${l.domain}" is now used by another locale.`);
  l.deletedAt = null;
  l.updatedAt = now();
  sendJson(ctx.res, 200, localeOut(l));
}
