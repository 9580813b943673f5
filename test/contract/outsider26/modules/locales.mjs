// LocalesModule: @Controller({ path: 'locales', version: '2' })
import { prop, IsUUID, IsString, IsUrl, localeRules, limitProp, cursorProp, isUUID } from '../lib/validation.mjs';
import { BadRequest, Conflict } from '../lib/errors.mjs';
import { cursorPage, now } from '../lib/prisma.mjs';

const CreateLocaleDto = { siteId: prop([IsUUID()]), locale: prop(localeRules), domain: prop([IsString(), IsUrl()], { optional: 'nil' }) };
const UpdateLocaleDto = { locale: prop(localeRules, { optional: 'undefined' }), domain: prop([IsString(), IsUrl()], { optional: 'nil' }) };
const ListLocalesQuery = { siteId: prop([IsUUID()]), limit: limitProp, startingAfter: cursorProp };
const LocaleLookupQuery = { siteId: prop([IsUUID()], { optional: 'nil' }) };

export function registerLocales(app, { db, guards, common }) {
  const { apiKeyGuard, permissionsGuard } = guards;
  const { loadSite, localeDto, requireSiteIdFor } = common;
  const V = '/v2/locales';
  const touchMode = (site) => site; // localeManagementMode is only ever set by the builder

  // by id: findFirst({ where: { id, siteId? } }); by code: siteId required, code matched with mode: 'insensitive'
  function findLocale(idOrCode, siteId, principal, { withDeleted = false } = {}) {
    const kept = (l) => withDeleted || l.deletedAt === null;
    if (isUUID(idOrCode)) {
      const id = idOrCode.toLowerCase();
      const l = db.siteLocale.findFirstOrThrow((l) => l.id === id && kept(l) && (!siteId || l.siteId === siteId.toLowerCase()));
      return { locale: l, site: loadSite(l.siteId, principal) };
    }
    requireSiteIdFor('locale code', siteId);
    const site = loadSite(siteId.toLowerCase(), principal);
    const l = db.siteLocale.findFirstOrThrow((l) => l.siteId === site.id && kept(l) && l.locale.toLowerCase() === idOrCode.toLowerCase());
    return { locale: l, site };
  }

  const resource = { site: ['query'], resource: ['siteLocale', 'localeIdOrCode'] };

  app.register({
    method: 'POST', path: V, status: 201, body: CreateLocaleDto,
    guards: [apiKeyGuard, permissionsGuard('locales:write', { site: ['body'] })],
    handler: ({ body, principal }) => {
      const site = loadSite(body.siteId.toLowerCase(), principal);
      const l = db.siteLocale.create({ siteId: site.id, locale: body.locale, domain: body.domain ?? null, pathPrefix: null, isDefault: false, deletedAt: null });
      touchMode(site);
      return localeDto(l);
    },
  });

  app.register({
    method: 'GET', path: V, query: ListLocalesQuery,
    guards: [apiKeyGuard, permissionsGuard('locales:read', { site: ['query'] })],
    handler: ({ query, principal }) => {
      const site = loadSite(query.siteId.toLowerCase(), principal);
      const rows = db.siteLocale.findMany((l) => l.siteId === site.id && l.deletedAt === null);
      const { items, hasMore } = cursorPage(rows, {
        orderBy: [['isDefault', 'desc'], ['locale', 'asc'], ['id', 'asc']], cursorId: query.startingAfter?.toLowerCase(),
        take: query.limit ?? 20, tableLookup: (id) => db.siteLocale.findUnique(id),
      });
      return { object: 'list', data: items.map(localeDto), hasMore };
    },
  });

  app.register({
    method: 'GET', path: `${V}/:localeIdOrCode`, query: LocaleLookupQuery,
    guards: [apiKeyGuard, permissionsGuard('locales:read', resource)],
    handler: ({ localeIdOrCode, query, principal }) => localeDto(findLocale(localeIdOrCode, query.siteId, principal).locale),
  });

  app.register({
    method: 'PATCH', path: `${V}/:localeIdOrCode`, query: LocaleLookupQuery, body: UpdateLocaleDto,
    guards: [apiKeyGuard, permissionsGuard('locales:write', resource)],
    handler: ({ localeIdOrCode, query, body, principal }) => {
      const { locale, site } = findLocale(localeIdOrCode, query.siteId, principal);
      if (Object.keys(body).length === 0) return localeDto(locale);
      const updated = db.siteLocale.update(locale.id, body);
      if (updated.isDefault) db.site.update(site.id, { defaultLocale: updated.locale });
      return localeDto(updated);
    },
  });

  app.register({
    method: 'DELETE', path: `${V}/:localeIdOrCode`, status: 204, query: LocaleLookupQuery,
    guards: [apiKeyGuard, permissionsGuard('locales:write', resource)],
    handler: ({ localeIdOrCode, query, principal }) => {
      const { locale } = findLocale(localeIdOrCode, query.siteId, principal);
      if (locale.isDefault) {
        const message = 'The default locale of a site cannot be deleted';
        throw BadRequest(message, [{ field: 'localeIdOrCode', message }]);
      }
      db.siteLocale.update(locale.id, { deletedAt: now() });
      return undefined;
    },
  });

  app.register({
    method: 'POST', path: `${V}/:localeIdOrCode/restore`, status: 200, query: LocaleLookupQuery,
    guards: [apiKeyGuard, permissionsGuard('locales:write', resource)],
    handler: ({ localeIdOrCode, query, principal }) => {
      const { locale } = findLocale(localeIdOrCode, query.siteId, principal, { withDeleted: true });
      if (locale.deletedAt === null) throw Conflict('Locale is not deleted');
      return localeDto(db.siteLocale.update(locale.id, { deletedAt: null }));
    },
  });
}
