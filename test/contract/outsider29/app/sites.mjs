// /v2/sites: create, list, get, update, delete, duplicate, and the /v2/sites/{siteId}/pages alias.
import { Hono } from '../lib/hono.mjs';
import { z } from '../lib/zod.mjs';
import { zValidator } from '../lib/validator.mjs';
import { zodHook, conflict } from './errors.mjs';
import { loadSite, requireWorkspace } from './auth.mjs';
import { uuid, name, limit, hostOrigin, localeCode } from './schemas.mjs';
import { siteOut } from './serialize.mjs';
import { uuidv7, unixepoch, UniqueConstraintError } from '../lib/d1.mjs';
import { newSecretUuid, sha256 } from './db.mjs';
import { listPagesQuery, listPages } from './pages.mjs';

const siteParam = z.object({ siteId: uuid() });

export function insertSite(db, { workspaceId, name: siteName, hostOrigin: origin = null, defaultLocale = 'en-US', mode = 'external', siteKey = newSecretUuid(), publicApiKey = newSecretUuid() }) {
  const now = unixepoch();
  const site = {
    id: uuidv7(), workspace_id: workspaceId, name: siteName, host_origin: origin, public_api_key: publicApiKey,
    site_key_hash: sha256(siteKey), locale_management_mode: mode, created_at: now, updated_at: now,
  };
  db.batch((tx) => {
    tx.insert('sites', site);
    tx.insert('site_locales', { id: uuidv7(), site_id: site.id, locale: defaultLocale, domain: null, path_prefix: null, is_default: true, created_at: now, deleted_at: null });
  });
  return { site, siteKey };
}

export function sitesApp(db) {
  const app = new Hono();

  app.post('/', zValidator('json', z.object({
    workspaceId: uuid(), name: name(), hostOrigin: hostOrigin().optional(), defaultLocale: localeCode().optional(),
  }), zodHook), (c) => {
    const body = c.req.valid('json');
    requireWorkspace(c.get('principal'), body.workspaceId);
    const { site } = insertSite(db, { workspaceId: body.workspaceId, name: body.name, hostOrigin: body.hostOrigin ?? null, defaultLocale: body.defaultLocale ?? 'en-US' });
    return c.json(siteOut(db, site), 201);
  });

  app.get('/', zValidator('query', z.object({ workspaceId: uuid(), limit: limit(), startingAfter: uuid().optional() }), zodHook), (c) => {
    const q = c.req.valid('query');
    requireWorkspace(c.get('principal'), q.workspaceId);
    // Keyset on the UUIDv7 primary key: WHERE id > ? ORDER BY id LIMIT n + 1
    const rows = db.all('sites', (s) => s.workspace_id === q.workspaceId && (!q.startingAfter || s.id > q.startingAfter))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const page = rows.slice(0, q.limit);
    return c.json({ object: 'list', data: page.map((s) => siteOut(db, s)), hasMore: rows.length > q.limit });
  });

  app.get('/:siteId', zValidator('param', siteParam, zodHook), (c) => {
    const site = loadSite(c, db, c.req.valid('param').siteId, 'site:read');
    return c.json(siteOut(db, site));
  });

  app.patch('/:siteId', zValidator('param', siteParam, zodHook),
    zValidator('json', z.object({ name: name().optional(), hostOrigin: hostOrigin().optional() }).strict(), zodHook), (c) => {
      const site = loadSite(c, db, c.req.valid('param').siteId, 'site:write');
      const body = c.req.valid('json');
      const patch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.hostOrigin !== undefined) patch.host_origin = body.hostOrigin;
      if (Object.keys(patch).length) db.update('sites', (s) => s.id === site.id, { ...patch, updated_at: unixepoch() });
      return c.json(siteOut(db, db.first('sites', (s) => s.id === site.id)));
    });

  app.delete('/:siteId', zValidator('param', siteParam, zodHook), (c) => {
    const site = loadSite(c, db, c.req.valid('param').siteId, 'site:delete');
    db.batch((tx) => {
      const pageIds = new Set(tx.all('pages', (p) => p.site_id === site.id).map((p) => p.id));
      tx.delete('page_localizations', (x) => pageIds.has(x.page_id));
      tx.delete('pages', (p) => p.site_id === site.id);
      tx.delete('routes', (r) => r.site_id === site.id);
      tx.delete('site_locales', (l) => l.site_id === site.id);
      tx.delete('sites', (s) => s.id === site.id);
    });
    return c.body(null, 204);
  });

  app.post('/:siteId/duplicate', zValidator('param', siteParam, zodHook), zValidator('json', z.object({ name: name() }), zodHook), (c) => {
    const src = loadSite(c, db, c.req.valid('param').siteId, 'site:duplicate');
    const now = unixepoch();
    const copy = {
      ...src, id: uuidv7(), name: c.req.valid('json').name, public_api_key: newSecretUuid(), site_key_hash: sha256(newSecretUuid()),
      created_at: now, updated_at: now,
    };
    try {
      db.batch((tx) => {
        tx.insert('sites', copy);
        const localeMap = new Map();
        for (const l of tx.all('site_locales', (x) => x.site_id === src.id && x.deleted_at === null).sort((a, b) => (a.id < b.id ? -1 : 1))) {
          const id = uuidv7();
          localeMap.set(l.id, id);
          tx.insert('site_locales', { ...l, id, site_id: copy.id, created_at: now });
        }
        for (const p of tx.all('pages', (x) => x.site_id === src.id).sort((a, b) => (a.id < b.id ? -1 : 1))) {
          const id = uuidv7();
          tx.insert('pages', { ...p, id, site_id: copy.id, created_at: now, updated_at: now });
          for (const x of tx.all('page_localizations', (y) => y.page_id === p.id)) {
            if (localeMap.has(x.site_locale_id)) tx.insert('page_localizations', { ...x, id: uuidv7(), page_id: id, site_locale_id: localeMap.get(x.site_locale_id) });
          }
        }
        for (const r of tx.all('routes', (x) => x.site_id === src.id).sort((a, b) => (a.id < b.id ? -1 : 1))) {
          tx.insert('routes', { ...r, id: uuidv7(), site_id: copy.id, created_at: now, updated_at: now });
        }
      });
    } catch (err) {
      if (err instanceof UniqueConstraintError) throw conflict('The site could not be duplicated: ' + err.message);
      throw err;
    }
    return c.json(siteOut(db, copy), 201);
  });

  // Named by the SPEC in a pagination example: the pages of one site, same query as List Pages.
  app.get('/:siteId/pages', zValidator('param', siteParam, zodHook), zValidator('query', listPagesQuery(false), zodHook), (c) => {
    return listPages(c, db, { ...c.req.valid('query'), siteId: c.req.valid('param').siteId });
  });

  return app;
}
