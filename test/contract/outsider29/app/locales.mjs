// /v2/locales: create, list, get, update, delete (soft), restore.
import { Hono } from '../lib/hono.mjs';
import { z, isUuid } from '../lib/zod.mjs';
import { zValidator } from '../lib/validator.mjs';
import { zodHook, conflict, notFound, forbidden, badRequest } from './errors.mjs';
import { loadSite, authorize, siteForName } from './auth.mjs';
import { uuid, limit, localeCode, domain, LOCALE_RE, canonLocale } from './schemas.mjs';
import { localeOut } from './serialize.mjs';
import { uuidv7, unixepoch, UniqueConstraintError } from '../lib/d1.mjs';

// localeManagementMode "internal": locales belong to the builder, the API may only read them.
function requireExternal(site) {
  if (site.locale_management_mode !== 'external') {
    throw forbidden('Locales of this site are managed in the builder (localeManagementMode is "internal")');
  }
}

const uniqueToConflict = (err) => {
  if (!(err instanceof UniqueConstraintError)) return err;
  return conflict(err.index === 'site_locales_domain' ? 'Another locale of this site already uses this domain' : 'This site already has this locale');
};

// deleted: false = live rows only; true = deleted rows preferred (Restore).
function findLocale(c, db, idOrCode, siteIdQuery, action, { restore = false } = {}) {
  if (isUuid(idOrCode)) {
    const row = db.first('site_locales', (l) => l.id === idOrCode.toLowerCase() && (restore || l.deleted_at === null));
    if (!row) throw notFound('Locale');
    const site = db.first('sites', (s) => s.id === row.site_id);
    authorize(c.get('principal'), site, action);
    return { row, site };
  }
  const site = loadSite(c, db, siteForName(c, siteIdQuery, 'localeIdOrCode'), action);
  if (!LOCALE_RE.test(idOrCode)) throw notFound('Locale');
  const code = canonLocale(idOrCode);
  let row = db.first('site_locales', (l) => l.site_id === site.id && l.locale === code && l.deleted_at === null);
  if (!row && restore) {
    row = db.all('site_locales', (l) => l.site_id === site.id && l.locale === code && l.deleted_at !== null)
      .sort((a, b) => b.deleted_at - a.deleted_at || (a.id < b.id ? 1 : -1))[0];
  }
  if (!row) throw notFound('Locale');
  return { row, site };
}

export function localesApp(db) {
  const app = new Hono();
  const ref = z.object({ localeIdOrCode: z.string().min(1).max(255) });
  const siteQ = z.object({ siteId: uuid().optional() });

  app.post('/', zValidator('json', z.object({ siteId: uuid(), locale: localeCode(), domain: domain().optional() }), zodHook), (c) => {
    const body = c.req.valid('json');
    const site = loadSite(c, db, body.siteId, 'content:write');
    requireExternal(site);
    const row = { id: uuidv7(), site_id: site.id, locale: body.locale, domain: body.domain ?? null, path_prefix: null, is_default: false, created_at: unixepoch(), deleted_at: null };
    try { db.insert('site_locales', row); } catch (err) { throw uniqueToConflict(err); }
    return c.json(localeOut(row), 201);
  });

  app.get('/', zValidator('query', z.object({ siteId: uuid(), limit: limit(), startingAfter: uuid().optional() }), zodHook), (c) => {
    const q = c.req.valid('query');
    const site = loadSite(c, db, q.siteId, 'content:read');
    const rows = db.all('site_locales', (l) => l.site_id === site.id && l.deleted_at === null && (!q.startingAfter || l.id > q.startingAfter))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    return c.json({ object: 'list', data: rows.slice(0, q.limit).map(localeOut), hasMore: rows.length > q.limit });
  });

  app.get('/:localeIdOrCode', zValidator('param', ref, zodHook), zValidator('query', siteQ, zodHook), (c) => {
    const { row } = findLocale(c, db, c.req.valid('param').localeIdOrCode, c.req.valid('query').siteId, 'content:read');
    return c.json(localeOut(row));
  });

  app.patch('/:localeIdOrCode', zValidator('param', ref, zodHook), zValidator('query', siteQ, zodHook),
    zValidator('json', z.object({ locale: localeCode().optional(), domain: domain().nullable().optional() }).strict(), zodHook), (c) => {
      const { row, site } = findLocale(c, db, c.req.valid('param').localeIdOrCode, c.req.valid('query').siteId, 'content:write');
      requireExternal(site);
      const body = c.req.valid('json');
      const patch = {};
      if (body.locale !== undefined) patch.locale = body.locale;
      if (body.domain !== undefined) patch.domain = body.domain;
      try { db.update('site_locales', (l) => l.id === row.id, patch); } catch (err) { throw uniqueToConflict(err); }
      return c.json(localeOut(db.first('site_locales', (l) => l.id === row.id)));
    });

  app.delete('/:localeIdOrCode', zValidator('param', ref, zodHook), zValidator('query', siteQ, zodHook), (c) => {
    const { row, site } = findLocale(c, db, c.req.valid('param').localeIdOrCode, c.req.valid('query').siteId, 'content:write');
    requireExternal(site);
    if (row.is_default) throw badRequest('localeIdOrCode', 'The default locale of a site cannot be deleted');
    db.update('site_locales', (l) => l.id === row.id, { deleted_at: unixepoch() });
    return c.body(null, 204);
  });

  app.post('/:localeIdOrCode/restore', zValidator('param', ref, zodHook), zValidator('query', siteQ, zodHook), (c) => {
    const { row, site } = findLocale(c, db, c.req.valid('param').localeIdOrCode, c.req.valid('query').siteId, 'content:write', { restore: true });
    requireExternal(site);
    if (row.deleted_at !== null) {
      try { db.update('site_locales', (l) => l.id === row.id, { deleted_at: null }); } catch (err) { throw uniqueToConflict(err); }
    }
    return c.json(localeOut(db.first('site_locales', (l) => l.id === row.id)), 200);
  });

  return app;
}
