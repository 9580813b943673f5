// PagesModule: @Controller({ path: 'pages', version: '6' })
import { prop, IsUUID, IsString, IsBoolean, IsIn, MinLength, MaxLength, pathnameRules, limitProp, cursorProp, isUUID } from '../lib/validation.mjs';
import { Conflict, NotFound } from '../lib/errors.mjs';
import { cursorPage, now } from '../lib/prisma.mjs';

const CreatePageDto = {
  siteId: prop([IsUUID()]),
  pathname: prop(pathnameRules),
  name: prop([IsString(), MinLength(1), MaxLength(255)]),
};
const UpdatePageDto = {
  pathname: prop(pathnameRules, { optional: 'undefined' }),
  name: prop([IsString(), MinLength(1), MaxLength(255)], { optional: 'undefined' }),
  isOnline: prop([IsBoolean()], { optional: 'undefined' }),
};
const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
export const listPagesQuery = {
  siteId: prop([IsUUID()]),
  limit: limitProp,
  startingAfter: cursorProp,
  pathPrefix: prop([IsString()], { optional: 'nil' }),
  sortBy: prop([IsIn(SORT_BY)], { optional: 'nil' }),
  sortDirection: prop([IsIn(['asc', 'desc'])], { optional: 'nil' }),
  includeOffline: prop([IsIn(['true', 'false'])], { optional: 'nil' }),
  locale: prop([IsString()], { optional: 'nil' }),
  versionRef: prop([IsIn(['ref:live', 'ref:draft'])], { optional: 'nil' }),
};
const GetPageQuery = {
  siteId: prop([IsUUID()], { optional: 'nil' }),
  versionRef: prop([IsIn(['ref:live', 'ref:draft'])], { optional: 'nil' }),
  locale: prop([IsString()], { optional: 'nil' }),
};
const PageLookupQuery = { siteId: prop([IsUUID()], { optional: 'nil' }) };

const SORT_FIELD = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' };

export function listPages({ db, common }, site, query) {
  const locale = common.resolveLocale(site, query.locale);
  const live = query.versionRef === 'ref:live';
  const includeOffline = !live && query.includeOffline === 'true';
  const prefix = (query.pathPrefix ?? '/').toLowerCase(); // startsWith, mode: 'insensitive'
  const views = new Map();
  const view = (p) => { let v = views.get(p.id); if (!v) { v = common.pageView(p, db.site.findUnique(p.siteId) ?? site, locale); views.set(p.id, v); } return v; };
  const rows = db.page.findMany((p) => p.siteId === site.id && (includeOffline || p.isOnline))
    .filter((p) => view(p).pathname.toLowerCase().startsWith(prefix));
  const field = SORT_FIELD[query.sortBy ?? 'path'];
  const dir = query.sortDirection ?? 'asc';
  const { items, hasMore } = cursorPage(rows, {
    orderBy: [[field, dir], ['id', dir]], cursorId: query.startingAfter?.toLowerCase(), take: query.limit ?? 20,
    tableLookup: (id) => db.page.findUnique(id), pick: (p, f) => view(p)[f],
  });
  return { object: 'list', data: items.map((p) => common.pageDto(view(p))), hasMore };
}

export function registerPages(app, { db, guards, common }) {
  const { apiKeyGuard, permissionsGuard } = guards;
  const { loadSite, pageDto, pageView, resolveLocale, requireSiteIdFor, asPathname } = common;
  const V = '/v6/pages';

  function findPage(idOrPathname, siteId, principal) {
    if (isUUID(idOrPathname)) {
      const id = idOrPathname.toLowerCase();
      const page = db.page.findFirstOrThrow((p) => p.id === id && (!siteId || p.siteId === siteId.toLowerCase()));
      return { page, site: loadSite(page.siteId, principal) };
    }
    requireSiteIdFor('pathname', siteId);
    const site = loadSite(siteId.toLowerCase(), principal);
    const pathname = asPathname(idOrPathname);
    const page = db.page.findFirstOrThrow((p) => p.siteId === site.id && p.pathname === pathname);
    return { page, site };
  }
  const routeClash = (siteId, pathname) => db.route.findFirst((r) => r.siteId === siteId && r.pathname === pathname);
  const resource = { site: ['query'], resource: ['page', 'pageIdOrPathname'] };

  app.register({
    method: 'POST', path: V, status: 201, body: CreatePageDto,
    guards: [apiKeyGuard, permissionsGuard('pages:write', { site: ['body'] })],
    handler: ({ body, principal }) => {
      const site = loadSite(body.siteId.toLowerCase(), principal);
      if (routeClash(site.id, body.pathname)) throw Conflict('A page or route with this pathname already exists');
      const page = db.page.create({
        siteId: site.id, pathname: body.pathname, name: body.name, canonicalUrl: null, title: null, description: null,
        socialImageUrl: null, sitemapPriority: null, sitemapFrequency: null, publishedAt: null, isOnline: false,
        excludedFromSearchEngines: false,
      });
      return pageDto(pageView(page, site, null));
    },
  });

  app.register({
    method: 'GET', path: V, query: listPagesQuery,
    guards: [apiKeyGuard, permissionsGuard('pages:read', { site: ['query'] })],
    handler: ({ query, principal }) => listPages({ db, common }, loadSite(query.siteId.toLowerCase(), principal), query),
  });

  app.register({
    method: 'GET', path: `${V}/:pageIdOrPathname`, query: GetPageQuery,
    guards: [apiKeyGuard, permissionsGuard('pages:read', resource)],
    handler: ({ pageIdOrPathname, query, principal }) => {
      const { page, site } = findPage(pageIdOrPathname, query.siteId, principal);
      const locale = resolveLocale(site, query.locale);
      if (query.versionRef === 'ref:live' && !page.isOnline) throw NotFound('No Page found');
      return pageDto(pageView(page, site, locale));
    },
  });

  app.register({
    method: 'PATCH', path: `${V}/:pageIdOrPathname`, query: PageLookupQuery, body: UpdatePageDto,
    guards: [apiKeyGuard, permissionsGuard('pages:write', resource)],
    handler: ({ pageIdOrPathname, query, body, principal }) => {
      const { page, site } = findPage(pageIdOrPathname, query.siteId, principal);
      if (Object.keys(body).length === 0) return pageDto(pageView(page, site, null));
      if (body.pathname !== undefined && body.pathname !== page.pathname && routeClash(site.id, body.pathname)) {
        throw Conflict('A page or route with this pathname already exists');
      }
      const data = { ...body };
      if (body.isOnline === true) data.publishedAt = now();
      return pageDto(pageView(db.page.update(page.id, data), site, null));
    },
  });

  app.register({
    method: 'DELETE', path: `${V}/:pageIdOrPathname`, status: 204, query: PageLookupQuery,
    guards: [apiKeyGuard, permissionsGuard('pages:write', resource)],
    handler: ({ pageIdOrPathname, query, principal }) => {
      const { page } = findPage(pageIdOrPathname, query.siteId, principal);
      for (const z of db.pageLocalization.findMany((z) => z.pageId === page.id)) db.pageLocalization.delete(z.id);
      db.page.delete(page.id);
      return undefined;
    },
  });
}
