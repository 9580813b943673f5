// SitesModule: @Controller({ path: 'sites', version: '2' })
import { prop, IsUUID, IsString, IsUrl, nameRules, localeRules, limitProp, cursorProp } from '../lib/validation.mjs';
import { NotFound } from '../lib/errors.mjs';
import { cursorPage, uuid, now } from '../lib/prisma.mjs';
import { listPagesQuery, listPages } from './pages.mjs';

const CreateSiteDto = {
  workspaceId: prop([IsUUID()]),
  name: prop(nameRules),
  hostOrigin: prop([IsString(), IsUrl()], { optional: 'nil' }),
  defaultLocale: prop(localeRules, { optional: 'nil' }),
};
const UpdateSiteDto = {
  name: prop(nameRules, { optional: 'undefined' }),
  hostOrigin: prop([IsString(), IsUrl()], { optional: 'nil' }),
};
const DuplicateSiteDto = { name: prop(nameRules) };
const ListSitesQuery = { workspaceId: prop([IsUUID()]), limit: limitProp, startingAfter: cursorProp };

export function registerSites(app, { db, guards, common }) {
  const { apiKeyGuard, permissionsGuard } = guards;
  const { loadSite, siteDto } = common;
  const V = '/v2/sites';

  function createSiteRow({ workspaceId, name, hostOrigin, defaultLocale, localeManagementMode = 'internal' }) {
    const site = db.site.create({
      workspaceId, name, hostOrigin: hostOrigin ?? null, defaultLocale, localeManagementMode,
      publicApiKey: uuid(), siteApiKey: uuid(), deletedAt: null,
    });
    return site;
  }

  app.register({
    method: 'POST', path: V, status: 201, body: CreateSiteDto,
    guards: [apiKeyGuard, permissionsGuard('sites:create', { workspace: 'body' })],
    handler: ({ body }) => {
      const workspaceId = body.workspaceId.toLowerCase();
      db.workspace.findUniqueOrThrow(workspaceId);
      const defaultLocale = body.defaultLocale ?? 'en-US';
      const site = createSiteRow({ workspaceId, name: body.name, hostOrigin: body.hostOrigin, defaultLocale });
      db.siteLocale.create({ siteId: site.id, locale: defaultLocale, domain: null, pathPrefix: null, isDefault: true, deletedAt: null });
      return siteDto(site);
    },
  });

  app.register({
    method: 'GET', path: V, query: ListSitesQuery,
    guards: [apiKeyGuard, permissionsGuard('sites:list', { workspace: 'query' })],
    handler: ({ query }) => {
      const workspaceId = query.workspaceId.toLowerCase();
      db.workspace.findUniqueOrThrow(workspaceId);
      const rows = db.site.findMany((s) => s.workspaceId === workspaceId && s.deletedAt === null);
      const { items, hasMore } = cursorPage(rows, {
        orderBy: [['createdAt', 'desc'], ['id', 'desc']], cursorId: query.startingAfter?.toLowerCase(),
        take: query.limit ?? 20, tableLookup: (id) => db.site.findUnique(id),
      });
      return { object: 'list', data: items.map(siteDto), hasMore };
    },
  });

  app.register({
    method: 'GET', path: `${V}/:siteId`, paramPipes: { siteId: 'uuid' },
    guards: [apiKeyGuard, permissionsGuard('sites:read', { site: ['params'] })],
    handler: ({ siteId, principal }) => siteDto(loadSite(siteId, principal)),
  });

  app.register({
    method: 'PATCH', path: `${V}/:siteId`, paramPipes: { siteId: 'uuid' }, body: UpdateSiteDto,
    guards: [apiKeyGuard, permissionsGuard('sites:update', { site: ['params'] })],
    handler: ({ siteId, body, principal }) => {
      const site = loadSite(siteId, principal);
      if (Object.keys(body).length === 0) return siteDto(site);
      return siteDto(db.site.update(site.id, body));
    },
  });

  app.register({
    method: 'DELETE', path: `${V}/:siteId`, status: 204, paramPipes: { siteId: 'uuid' },
    guards: [apiKeyGuard, permissionsGuard('sites:delete', { site: ['params'] })],
    handler: ({ siteId, principal }) => {
      const site = loadSite(siteId, principal);
      db.site.update(site.id, { deletedAt: now() });
      return undefined;
    },
  });

  app.register({
    method: 'POST', path: `${V}/:siteId/duplicate`, status: 201, paramPipes: { siteId: 'uuid' }, body: DuplicateSiteDto,
    guards: [apiKeyGuard, permissionsGuard('sites:duplicate', { site: ['params'] })],
    handler: ({ siteId, body, principal }) => {
      const src = loadSite(siteId, principal);
      const copy = createSiteRow({ workspaceId: src.workspaceId, name: body.name, hostOrigin: src.hostOrigin,
        defaultLocale: src.defaultLocale, localeManagementMode: src.localeManagementMode });
      const localeMap = new Map();
      for (const l of db.siteLocale.findMany((l) => l.siteId === src.id && l.deletedAt === null)) {
        const n = db.siteLocale.create({ siteId: copy.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault, deletedAt: null });
        localeMap.set(l.id, n.id);
      }
      for (const p of db.page.findMany((p) => p.siteId === src.id)) {
        const { id, createdAt, updatedAt, siteId: _s, ...rest } = p;
        const n = db.page.create({ ...rest, siteId: copy.id });
        for (const z of db.pageLocalization.findMany((z) => z.pageId === p.id)) {
          if (!localeMap.has(z.localeId)) continue;
          const { id: _i, pageId: _p, localeId, ...zr } = z;
          db.pageLocalization.create({ ...zr, pageId: n.id, localeId: localeMap.get(localeId) }, { timestamps: false });
        }
      }
      for (const r of db.route.findMany((r) => r.siteId === src.id)) db.route.create({ siteId: copy.id, pathname: r.pathname });
      return siteDto(copy);
    },
  });

  // The pagination example of the specification: List Pages with the site in the path.
  const { siteId: _omit, ...SitePagesQuery } = listPagesQuery;
  app.register({
    method: 'GET', path: `${V}/:siteId/pages`, paramPipes: { siteId: 'uuid' }, query: SitePagesQuery,
    guards: [apiKeyGuard, permissionsGuard('pages:read', { site: ['params'] })],
    handler: ({ siteId, query, principal }) => listPages({ db, common }, loadSite(siteId, principal), query),
  });
  void NotFound;
}
