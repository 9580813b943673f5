// /v6/pages: create, list, get, update, delete. Pages share a site's path space with routes.
import { Hono } from '../lib/hono.mjs';
import { z, isUuid } from '../lib/zod.mjs';
import { zValidator } from '../lib/validator.mjs';
import { zodHook, conflict, notFound, badRequest } from './errors.mjs';
import { loadSite, authorize, siteForName } from './auth.mjs';
import { uuid, name, limit, bool, pagePathname, LOCALE_RE, canonLocale } from './schemas.mjs';
import { pageOut, defaultLocaleRow } from './serialize.mjs';
import { uuidv7, unixepoch, nocase, UniqueConstraintError } from '../lib/d1.mjs';

export const PAGE_CLASH = 'A page or route with this pathname already exists';
const versionRef = () => z.enum(['ref:live', 'ref:draft']).default('ref:draft');

export const listPagesQuery = (withSiteId = true) => z.object({
  ...(withSiteId ? { siteId: uuid() } : {}),
  limit: limit(),
  startingAfter: uuid().optional(),
  pathPrefix: z.string().max(1024).default('/'),
  sortBy: z.enum(['title', 'path', 'description', 'updatedAt', 'createdAt']).default('path'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
  includeOffline: bool().default('false'),
  locale: z.string().trim().min(1).optional(),
  versionRef: versionRef(),
});

// Resolve a `locale` query value (code in any case, or a site-locale id) among a site's live locales.
function resolveViewLocale(db, siteId, value) {
  const live = db.all('site_locales', (l) => l.site_id === siteId && l.deleted_at === null);
  let found;
  if (isUuid(value)) found = live.find((l) => l.id === value.toLowerCase());
  else if (LOCALE_RE.test(value)) found = live.find((l) => l.locale === canonLocale(value));
  if (!found) throw badRequest('locale', `Unknown locale for this site: ${value}`);
  return found;
}

// The page as shown in `loc`: collapsed onto its localization in a non-default locale.
function view(db, p, loc, defCode) {
  if (loc && !loc.is_default) {
    const x = db.first('page_localizations', (y) => y.page_id === p.id && y.site_locale_id === loc.id);
    if (x) return { pathname: x.pathname, title: x.title ?? p.title, description: x.description ?? p.description, locale: loc.locale, localized: true };
  }
  return { pathname: p.pathname, title: p.title, description: p.description, locale: defCode, localized: false };
}

// SQLite BINARY ordering (UTF-8 bytes); NULL sorts first.
const cmpBinary = (a, b) => {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number') return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
};
const SORT_KEY = { path: (r) => r.v.pathname, title: (r) => r.v.title, description: (r) => r.v.description, updatedAt: (r) => r.p.updated_at, createdAt: (r) => r.p.created_at };
const likePrefix = (s, prefix) => nocase(s).startsWith(nocase(prefix)); // LIKE 'prefix%' ESCAPE '\': ASCII case-insensitive

export function listPages(c, db, q) {
  const site = loadSite(c, db, q.siteId, 'content:read');
  const def = defaultLocaleRow(db, site.id);
  const loc = q.locale ? resolveViewLocale(db, site.id, q.locale) : def;
  const onlineOnly = q.versionRef === 'ref:live' || q.includeOffline === 'false';
  const all = db.all('pages', (p) => p.site_id === site.id).map((p) => ({ p, v: view(db, p, loc, def?.locale) }));
  const key = SORT_KEY[q.sortBy];
  const dir = q.sortDirection === 'desc' ? -1 : 1;
  const cmp = (a, b) => dir * (cmpBinary(key(a), key(b)) || (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0));
  let rows = all.filter((r) => (!onlineOnly || r.p.is_online) && likePrefix(r.v.pathname, q.pathPrefix) && (!loc || loc.is_default || r.v.localized));
  rows.sort(cmp);
  if (q.startingAfter) {
    const cursor = all.find((r) => r.p.id === q.startingAfter);
    if (!cursor) throw badRequest('startingAfter', 'startingAfter does not match a page of this site');
    rows = rows.filter((r) => cmp(r, cursor) > 0);
  }
  const data = rows.slice(0, q.limit).map((r) => pageOut(db, r.p, r.v));
  return c.json({ object: 'list', data, hasMore: rows.length > q.limit });
}

// `{pageIdOrPathname}` takes the rest of the path (`:p{.+}`): an id, "about", "blog/launch",
// or a percent-encoded pathname ("%2F" is the home page). A missing leading "/" is added.
export function findPage(c, db, idOrPath, siteIdQuery, action) {
  let page;
  if (isUuid(idOrPath)) {
    page = db.first('pages', (p) => p.id === idOrPath.toLowerCase());
    if (!page) throw notFound('Page');
    const site = db.first('sites', (s) => s.id === page.site_id);
    authorize(c.get('principal'), site, action);
    return { page, site };
  }
  const siteId = siteForName(c, siteIdQuery, 'pageIdOrPathname');
  const site = loadSite(c, db, siteId, action);
  const pathname = idOrPath.startsWith('/') ? idOrPath : '/' + idOrPath;
  page = db.first('pages', (p) => p.site_id === site.id && p.pathname === pathname);
  if (!page) throw notFound('Page');
  return { page, site };
}

const routeClash = (db, siteId, pathname) => db.first('routes', (r) => r.site_id === siteId && r.pathname === pathname);

export function pagesApp(db) {
  const app = new Hono();
  const ref = z.object({ pageIdOrPathname: z.string().min(1).max(2048) });

  app.post('/', zValidator('json', z.object({ siteId: uuid(), pathname: pagePathname(), name: name() }), zodHook), (c) => {
    const body = c.req.valid('json');
    const site = loadSite(c, db, body.siteId, 'content:write');
    if (routeClash(db, site.id, body.pathname)) throw conflict(PAGE_CLASH);
    const now = unixepoch();
    const row = {
      id: uuidv7(), site_id: site.id, name: body.name, pathname: body.pathname, title: null, description: null,
      canonical_url: null, social_image_url: null, sitemap_priority: 0.5, sitemap_frequency: 'daily',
      is_online: false, excluded_from_search_engines: false, created_at: now, updated_at: now, published_at: null,
    };
    try { db.insert('pages', row); } catch (err) { if (err instanceof UniqueConstraintError) throw conflict(PAGE_CLASH); throw err; }
    const def = defaultLocaleRow(db, site.id);
    return c.json(pageOut(db, row, view(db, row, null, def?.locale)), 201);
  });

  app.get('/', zValidator('query', listPagesQuery(true), zodHook), (c) => listPages(c, db, c.req.valid('query')));

  app.get('/:pageIdOrPathname{.+}', zValidator('param', ref, zodHook),
    zValidator('query', z.object({ siteId: uuid().optional(), versionRef: versionRef(), locale: z.string().trim().min(1).optional() }), zodHook), (c) => {
      const q = c.req.valid('query');
      const { page, site } = findPage(c, db, c.req.valid('param').pageIdOrPathname, q.siteId, 'content:read');
      if (q.versionRef === 'ref:live' && !page.is_online) throw notFound('Page');
      const def = defaultLocaleRow(db, site.id);
      const loc = q.locale ? resolveViewLocale(db, site.id, q.locale) : def;
      return c.json(pageOut(db, page, view(db, page, loc, def?.locale)));
    });

  app.patch('/:pageIdOrPathname{.+}', zValidator('param', ref, zodHook), zValidator('query', z.object({ siteId: uuid().optional() }), zodHook),
    zValidator('json', z.object({ pathname: pagePathname().optional(), name: name().optional(), isOnline: z.boolean().optional() }).strict(), zodHook), (c) => {
      const { page, site } = findPage(c, db, c.req.valid('param').pageIdOrPathname, c.req.valid('query').siteId, 'content:write');
      const body = c.req.valid('json');
      const patch = {};
      if (body.pathname !== undefined && body.pathname !== page.pathname) {
        if (routeClash(db, site.id, body.pathname)) throw conflict(PAGE_CLASH);
        patch.pathname = body.pathname;
      }
      if (body.name !== undefined) patch.name = body.name;
      if (body.isOnline !== undefined) {
        patch.is_online = body.isOnline;
        if (body.isOnline && page.published_at === null) patch.published_at = unixepoch(); // first publication is kept
      }
      if (Object.keys(body).length) patch.updated_at = unixepoch();
      try { db.update('pages', (p) => p.id === page.id, patch); } catch (err) { if (err instanceof UniqueConstraintError) throw conflict(PAGE_CLASH); throw err; }
      const row = db.first('pages', (p) => p.id === page.id);
      return c.json(pageOut(db, row, view(db, row, null, defaultLocaleRow(db, site.id)?.locale)));
    });

  app.delete('/:pageIdOrPathname{.+}', zValidator('param', ref, zodHook), zValidator('query', z.object({ siteId: uuid().optional() }), zodHook), (c) => {
    const { page } = findPage(c, db, c.req.valid('param').pageIdOrPathname, c.req.valid('query').siteId, 'content:write');
    db.batch((tx) => {
      tx.delete('page_localizations', (x) => x.page_id === page.id);
      tx.delete('pages', (p) => p.id === page.id);
    });
    return c.body(null, 204);
  });

  return app;
}
