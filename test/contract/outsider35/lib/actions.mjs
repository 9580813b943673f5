// Hanami-style actions: each one = policy (key kind) → contract (schema, then
// rules) → repository lookups (404, then 403) → constraint checks (409) → write.
import { contract, badRequest, notFound, forbidden, conflict } from './contract.mjs';
import {
  UUID_RE, isUuid, isUri, isLocaleCode, nocaseEq, nocaseCmp, binaryCmp, likePrefix, nowIso,
} from './formats.mjs';

const LIMIT = { key: 'limit', source: 'query', type: 'integer', gteq: 1, lteq: 100 };
const uuidQ = (key, required = false) => ({ key, source: 'query', type: 'string', filled: true, format: UUID_RE, required });
const uuidJ = (key, required = true) => ({ key, source: 'json', type: 'string', filled: true, format: UUID_RE, required });
const uriRule = (v) => (isUri(v) ? null : 'must be a valid URI (RFC 3986)');
const localeRule = (v) => (isLocaleCode(v) ? null : 'must be a supported locale code (language with optional region, e.g. en or en-US)');
const BAD_PATH_CHARS = /[\s\u0000-\u001f\u007f?#]/;
const pagePathRule = (v) => (BAD_PATH_CHARS.test(v) ? 'is in invalid format' : null);
const withSlash = (p) => (p.startsWith('/') ? p : '/' + p);
const routePathRule = (v) => {
  if (!v.startsWith('/')) return 'must start with /';
  if (BAD_PATH_CHARS.test(v)) return 'is in invalid format';
  if (v.includes('//')) return 'must not contain empty segments';
  return null;
};
const PAGE_SORT = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const VERSION_REFS = ['ref:live', 'ref:draft'];
const TF = ['true', 'false'];
const LOCALE_QUOTA = 100;

export function makeActions(db) {
  // ---------------------------------------------------------------- helpers
  const siteKeyForbidden = (auth, what) => {
    if (auth.kind === 'site') throw forbidden(`Site API keys cannot ${what}`);
  };
  function loadSite(siteId, auth) {
    const site = db.findSite(siteId);
    if (!site) throw notFound('Site not found');
    if (auth.kind === 'app' && site.workspaceId !== auth.workspaceId) throw forbidden('This API key does not have access to this site');
    if (auth.kind === 'site' && site.id !== auth.siteId) throw forbidden('This Site API key only grants access to its own site');
    return site;
  }
  const defaultCode = (site) => db.defaultLocaleOf(site)?.locale ?? 'en-US';

  const renderSite = (s) => {
    const def = db.defaultLocaleOf(s);
    return {
      object: 'site', id: s.id, name: s.name, hostOrigin: s.hostOrigin, publicApiKey: s.publicApiKey,
      defaultLocale: def ? def.locale : 'en-US', defaultLocalePathPrefix: def ? def.pathPrefix : null,
      localeManagementMode: s.localeManagementMode,
    };
  };
  const renderLocale = (l) => ({ object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
  const renderRoute = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

  // A page "view": draft or live data, optionally collapsed into a non-default locale.
  function pageView(page, site, { live = false, locale = null, requireLocalization = false } = {}) {
    const data = live ? page.live : page;
    if (!data) return null;
    const active = new Map(db.activeLocales(site.id).map((l) => [l.id, l]));
    const localizations = data.localizations.filter((x) => active.has(x.localeId))
      .map((x) => ({ id: x.id, locale: active.get(x.localeId).locale, pathname: x.pathname }));
    let pathname = data.pathname, title = data.title, description = data.description, code = defaultCode(site);
    if (locale && !locale.isDefault) {
      const loc = data.localizations.find((x) => x.localeId === locale.id);
      if (loc) { pathname = loc.pathname; title = loc.title ?? title; description = loc.description ?? description; code = locale.locale; }
      else if (requireLocalization) return null;
    }
    return {
      rowid: page.rowid,
      body: {
        object: 'page', id: page.id, pathname, canonicalUrl: data.canonicalUrl, title, description,
        socialImageUrl: data.socialImageUrl, sitemapPriority: data.sitemapPriority, sitemapFrequency: data.sitemapFrequency,
        createdAt: data.createdAt, updatedAt: data.updatedAt, publishedAt: data.publishedAt, isOnline: live ? true : data.isOnline,
        excludedFromSearchEngines: data.excludedFromSearchEngines, locale: code, localizations,
      },
    };
  }

  function resolveLocaleParam(site, value) {
    const l = isUuid(value) ? db.findLocale(value) : db.localeByCode(site.id, value);
    if (!l || l.siteId !== site.id) throw badRequest([{ field: 'locale', message: 'is not a locale of this site' }]);
    return l;
  }

  function keysetAfter(rows, cursor) { return cursor ? rows.filter((r) => r.rowid > cursor.rowid) : rows; }
  function paginate(rows, limit) {
    return { object: 'list', data: rows.slice(0, limit), hasMore: rows.length > limit };
  }
  const badCursor = () => badRequest([{ field: 'startingAfter', message: 'is not a known cursor for this list' }]);

  // "Id or natural key" path segments
  function needSiteId(idOrKey, q, keyName) {
    if (isUuid(idOrKey)) return null;
    if (q.siteId === undefined) throw badRequest([{ field: 'siteId', message: `is missing (required when ${keyName} is not an ID)` }]);
    return q.siteId;
  }

  function findLocaleFor(idOrCode, q, auth, { withDeleted = false } = {}) {
    if (isUuid(idOrCode)) {
      const l = db.findLocale(idOrCode, { withDeleted });
      if (!l) throw notFound('Locale not found');
      if (q.siteId !== undefined && !nocaseEq(l.siteId, q.siteId)) {
        loadSite(q.siteId, auth);
        throw notFound('Locale not found');
      }
      const site = loadSite(l.siteId, auth);
      return { site, locale: l };
    }
    const site = loadSite(q.siteId, auth);
    return { site, locale: db.localeByCode(site.id, idOrCode), code: idOrCode };
  }

  function findPageFor(idOrPath, q, auth) {
    if (isUuid(idOrPath)) {
      const p = db.findPage(idOrPath);
      if (!p) throw notFound('Page not found');
      if (q.siteId !== undefined && !nocaseEq(p.siteId, q.siteId)) { loadSite(q.siteId, auth); throw notFound('Page not found'); }
      const site = loadSite(p.siteId, auth);
      return { site, page: p };
    }
    const site = loadSite(q.siteId, auth);
    return { site, page: db.pageByPathname(site.id, withSlash(idOrPath)), pathname: withSlash(idOrPath) };
  }

  // ---------------------------------------------------------------- sites
  const createSiteC = contract([
    uuidJ('workspaceId'),
    { key: 'name', source: 'json', type: 'string', required: true, filled: true, maxSize: 255 },
    { key: 'hostOrigin', source: 'json', type: 'string', filled: true, maxSize: 2048, rule: uriRule },
    { key: 'defaultLocale', source: 'json', type: 'string', filled: true, maxSize: 35, rule: localeRule },
  ]);
  const listSitesC = contract([uuidQ('workspaceId', true), LIMIT, uuidQ('startingAfter')]);
  const siteIdC = contract([{ key: 'siteId', type: 'string', required: true, format: UUID_RE }]);
  const updateSiteC = contract([
    { key: 'siteId', type: 'string', required: true, format: UUID_RE },
    { key: 'name', source: 'json', type: 'string', filled: true, maxSize: 255 },
    { key: 'hostOrigin', source: 'json', type: 'string', filled: true, maxSize: 2048, rule: uriRule },
    { key: 'defaultLocale', source: 'json', type: 'forbidden' },
  ]);
  const duplicateC = contract([
    { key: 'siteId', type: 'string', required: true, format: UUID_RE },
    { key: 'name', source: 'json', type: 'string', required: true, filled: true, maxSize: 255 },
  ]);

  const sites = {
    create({ auth, params }) {
      siteKeyForbidden(auth, 'create sites');
      const p = createSiteC(params);
      if (!nocaseEq(p.workspaceId, auth.workspaceId)) throw forbidden('This API key does not have access to this workspace');
      const site = db.insertSite({ workspaceId: auth.workspaceId, name: p.name, hostOrigin: p.hostOrigin ?? null, defaultLocale: p.defaultLocale ?? 'en-US' });
      return [201, renderSite(site)];
    },
    list({ auth, query }) {
      siteKeyForbidden(auth, 'list sites');
      const q = listSitesC(query);
      if (!nocaseEq(q.workspaceId, auth.workspaceId)) throw forbidden('This API key does not have access to this workspace');
      let cursor = null;
      if (q.startingAfter) {
        cursor = db.findSite(q.startingAfter, { withDeleted: true });
        if (!cursor || cursor.workspaceId !== auth.workspaceId) throw badCursor();
      }
      const rows = keysetAfter(db.sites.filter((s) => s.workspaceId === auth.workspaceId && !s.deletedAt), cursor);
      const page = paginate(rows, q.limit ?? 20);
      return [200, { ...page, data: page.data.map(renderSite) }];
    },
    get({ auth, path }) {
      const p = siteIdC(path);
      return [200, renderSite(loadSite(p.siteId, auth))];
    },
    update({ auth, path, params }) {
      const p = updateSiteC({ ...params, ...path });
      const site = loadSite(p.siteId, auth);
      if (p.name !== undefined) site.name = p.name;
      if (p.hostOrigin !== undefined) site.hostOrigin = p.hostOrigin;
      return [200, renderSite(site)];
    },
    delete({ auth, path }) {
      siteKeyForbidden(auth, 'delete sites');
      const p = siteIdC(path);
      const site = loadSite(p.siteId, auth);
      site.deletedAt = nowIso();
      db.siteKeys.delete(site.siteApiKey);
      return [204, null];
    },
    duplicate({ auth, path, params }) {
      siteKeyForbidden(auth, 'duplicate sites');
      const p = duplicateC({ ...params, ...path });
      const src = loadSite(p.siteId, auth);
      return [201, renderSite(db.duplicateSite(src, p.name))];
    },
  };

  // ---------------------------------------------------------------- locales
  const listLocalesC = contract([uuidQ('siteId', true), LIMIT, uuidQ('startingAfter')]);
  const createLocaleC = contract([
    uuidJ('siteId'),
    { key: 'locale', source: 'json', type: 'string', required: true, filled: true, maxSize: 35, rule: localeRule },
    { key: 'domain', source: 'json', type: 'string', filled: true, maxSize: 2048, rule: uriRule },
  ]);
  const localeRefC = contract([
    { key: 'localeIdOrCode', type: 'string', required: true, filled: true, maxSize: 255 },
    uuidQ('siteId'),
  ]);
  const updateLocaleC = contract([
    { key: 'locale', source: 'json', type: 'string', filled: true, maxSize: 35, rule: localeRule },
    { key: 'domain', source: 'json', type: 'string', maybe: true, maxSize: 2048, rule: uriRule },
  ]);

  const locales = {
    list({ auth, query }) {
      const q = listLocalesC(query);
      const site = loadSite(q.siteId, auth);
      let cursor = null;
      if (q.startingAfter) {
        cursor = db.findLocale(q.startingAfter, { withDeleted: true });
        if (!cursor || cursor.siteId !== site.id) throw badCursor();
      }
      const rows = keysetAfter(db.activeLocales(site.id), cursor);
      const page = paginate(rows, q.limit ?? 20);
      return [200, { ...page, data: page.data.map(renderLocale) }];
    },
    create({ auth, params }) {
      const p = createLocaleC(params);
      const site = loadSite(p.siteId, auth);
      if (db.localeByCode(site.id, p.locale)) throw conflict(`Locale ${p.locale} already exists for this site`);
      if (db.activeLocales(site.id).length >= LOCALE_QUOTA) throw conflict(`A site cannot have more than ${LOCALE_QUOTA} locales`);
      return [201, renderLocale(db.insertLocale({ siteId: site.id, locale: p.locale, domain: p.domain ?? null }))];
    },
    get({ auth, path, query }) {
      const q = localeRefC({ ...query, ...path });
      needSiteId(q.localeIdOrCode, q, 'localeIdOrCode');
      const { locale } = findLocaleFor(q.localeIdOrCode, q, auth);
      if (!locale) throw notFound('Locale not found');
      return [200, renderLocale(locale)];
    },
    update({ auth, path, query, params }) {
      const q = localeRefC({ ...query, ...path });
      needSiteId(q.localeIdOrCode, q, 'localeIdOrCode');
      const p = updateLocaleC(params);
      const { site, locale } = findLocaleFor(q.localeIdOrCode, q, auth);
      if (!locale) throw notFound('Locale not found');
      if (p.locale !== undefined) {
        const other = db.localeByCode(site.id, p.locale);
        if (other && other !== locale) throw conflict(`Locale ${p.locale} already exists for this site`);
        locale.locale = p.locale;
      }
      if (p.domain !== undefined) locale.domain = p.domain;
      return [200, renderLocale(locale)];
    },
    delete({ auth, path, query }) {
      const q = localeRefC({ ...query, ...path });
      needSiteId(q.localeIdOrCode, q, 'localeIdOrCode');
      const { locale } = findLocaleFor(q.localeIdOrCode, q, auth);
      if (!locale) throw notFound('Locale not found');
      if (locale.isDefault) throw badRequest([{ field: 'localeIdOrCode', message: 'cannot delete the default locale of the site' }]);
      locale.deletedAt = nowIso();
      return [204, null];
    },
    restore({ auth, path, query }) {
      const q = localeRefC({ ...query, ...path });
      needSiteId(q.localeIdOrCode, q, 'localeIdOrCode');
      let { site, locale, code } = findLocaleFor(q.localeIdOrCode, q, auth, { withDeleted: true });
      if (code !== undefined) {
        const deleted = db.locales.filter((l) => l.siteId === site.id && l.deletedAt && nocaseEq(l.locale, code));
        if (!deleted.length) {
          if (locale) throw conflict('Locale is not deleted');
          throw notFound('Locale not found');
        }
        locale = deleted.sort((a, b) => binaryCmp(b.deletedAt, a.deletedAt) || b.rowid - a.rowid)[0];
      }
      if (!locale.deletedAt) throw conflict('Locale is not deleted');
      if (db.localeByCode(site.id, locale.locale)) throw conflict(`Locale ${locale.locale} already exists for this site`);
      if (db.activeLocales(site.id).length >= LOCALE_QUOTA) throw conflict(`A site cannot have more than ${LOCALE_QUOTA} locales`);
      locale.deletedAt = null;
      return [200, renderLocale(locale)];
    },
  };

  // ---------------------------------------------------------------- pages
  const createPageC = contract([
    uuidJ('siteId'),
    { key: 'pathname', source: 'json', type: 'string', required: true, filled: true, maxSize: 1024, rule: pagePathRule },
    { key: 'name', source: 'json', type: 'string', required: true, minSize: 1, maxSize: 255 },
  ]);
  const listPagesC = contract([
    uuidQ('siteId', true), LIMIT, uuidQ('startingAfter'),
    { key: 'pathPrefix', source: 'query', type: 'string', maxSize: 1024 },
    { key: 'sortBy', source: 'query', type: 'string', oneOf: PAGE_SORT },
    { key: 'sortDirection', source: 'query', type: 'string', oneOf: ['asc', 'desc'] },
    { key: 'includeOffline', source: 'query', type: 'string', oneOf: TF },
    { key: 'locale', source: 'query', type: 'string', maxSize: 255 },
    { key: 'versionRef', source: 'query', type: 'string', oneOf: VERSION_REFS },
  ]);
  const pageRefC = (extra = []) => contract([
    { key: 'pageIdOrPathname', type: 'string', required: true, filled: true, maxSize: 1024 },
    uuidQ('siteId'), ...extra,
  ]);
  const getPageRefC = pageRefC([
    { key: 'versionRef', source: 'query', type: 'string', oneOf: VERSION_REFS },
    { key: 'locale', source: 'query', type: 'string', maxSize: 255 },
  ]);
  const plainPageRefC = pageRefC();
  const updatePageC = contract([
    { key: 'pathname', source: 'json', type: 'string', filled: true, maxSize: 1024, rule: pagePathRule },
    { key: 'name', source: 'json', type: 'string', minSize: 1, maxSize: 255 },
    { key: 'isOnline', source: 'json', type: 'boolean' },
  ]);

  const SORT_KEYS = {
    title: (b) => b.title, path: (b) => b.pathname, description: (b) => b.description,
    updatedAt: (b) => b.updatedAt, createdAt: (b) => b.createdAt,
  };
  const NOCASE_SORT = new Set(['title', 'path', 'description']);

  const pages = {
    create({ auth, params }) {
      const p = createPageC(params);
      const site = loadSite(p.siteId, auth);
      const pathname = withSlash(p.pathname);
      const taken = db.pathnameTaken(site.id, pathname);
      if (taken) throw conflict(`A ${taken} with pathname ${pathname} already exists`);
      const page = db.insertPage({ siteId: site.id, pathname, name: p.name });
      return [201, pageView(page, site).body];
    },
    list({ auth, query }) {
      const q = listPagesC(query);
      const site = loadSite(q.siteId, auth);
      const live = (q.versionRef ?? 'ref:draft') === 'ref:live';
      const includeOffline = q.includeOffline === 'true';
      const locale = q.locale !== undefined ? resolveLocaleParam(site, q.locale) : null;
      const prefix = q.pathPrefix ?? '/';
      const sortBy = q.sortBy ?? 'path';
      const dir = (q.sortDirection ?? 'asc') === 'desc' ? -1 : 1;
      const keyOf = SORT_KEYS[sortBy];
      const cmpVal = NOCASE_SORT.has(sortBy) ? nocaseCmp : binaryCmp;
      const order = (a, b) => {
        const ka = keyOf(a.body), kb = keyOf(b.body);
        let c;
        if (ka === null && kb === null) c = 0;
        else if (ka === null) c = -1; // SQLite: NULL sorts first ascending
        else if (kb === null) c = 1;
        else c = cmpVal(ka, kb);
        return c * dir || a.rowid - b.rowid;
      };
      let cursorView = null;
      if (q.startingAfter) {
        const cur = db.findPage(q.startingAfter, { withDeleted: true });
        if (!cur || cur.siteId !== site.id) throw badCursor();
        cursorView = pageView(cur, site, { live, locale }) || pageView(cur, site, { locale });
      }
      let rows = db.pages.filter((p) => p.siteId === site.id && !p.deletedAt && (live || includeOffline || p.isOnline))
        .map((p) => pageView(p, site, { live, locale, requireLocalization: true }))
        .filter((v) => v && likePrefix(v.body.pathname, prefix));
      rows.sort(order);
      if (cursorView) rows = rows.filter((r) => order(r, cursorView) > 0);
      const pg = paginate(rows, q.limit ?? 20);
      return [200, { ...pg, data: pg.data.map((v) => v.body) }];
    },
    get({ auth, path, query }) {
      const q = getPageRefC({ ...query, ...path });
      needSiteId(q.pageIdOrPathname, q, 'pageIdOrPathname');
      const live = (q.versionRef ?? 'ref:draft') === 'ref:live';
      let site, page;
      if (!isUuid(q.pageIdOrPathname) && q.locale !== undefined) {
        // a pathname may be the localized one of the requested locale
        site = loadSite(q.siteId, auth);
        const loc = resolveLocaleParam(site, q.locale);
        const path = withSlash(q.pageIdOrPathname);
        page = db.activePages(site.id).find((p) => {
          const d = live ? p.live : p;
          return d && d.localizations.some((x) => x.localeId === loc.id && nocaseEq(x.pathname, path));
        }) || db.pageByPathname(site.id, path);
      } else {
        ({ site, page } = findPageFor(q.pageIdOrPathname, q, auth));
      }
      if (!page) throw notFound('Page not found');
      const locale = q.locale !== undefined ? resolveLocaleParam(site, q.locale) : null;
      const view = pageView(page, site, { live, locale });
      if (!view) throw notFound('Page has no live version');
      return [200, view.body];
    },
    update({ auth, path, query, params }) {
      const q = plainPageRefC({ ...query, ...path });
      needSiteId(q.pageIdOrPathname, q, 'pageIdOrPathname');
      const p = updatePageC(params);
      const { site, page } = findPageFor(q.pageIdOrPathname, q, auth);
      if (!page) throw notFound('Page not found');
      const changes = {};
      if (p.pathname !== undefined) {
        const pathname = withSlash(p.pathname);
        const taken = db.pathnameTaken(site.id, pathname, page);
        if (taken) throw conflict(`A ${taken} with pathname ${pathname} already exists`);
        if (pathname !== page.pathname) changes.pathname = pathname;
      }
      if (p.name !== undefined && p.name !== page.name) changes.name = p.name;
      if (p.isOnline !== undefined && p.isOnline !== page.isOnline) changes.isOnline = p.isOnline;
      if (Object.keys(changes).length) {
        const ts = nowIso();
        Object.assign(page, changes, { updatedAt: ts });
        if (changes.isOnline === true) { page.publishedAt = ts; page.live = db.snapshot(page); }
        if (changes.isOnline === false) page.live = null;
      }
      return [200, pageView(page, site).body];
    },
    delete({ auth, path, query }) {
      const q = plainPageRefC({ ...query, ...path });
      needSiteId(q.pageIdOrPathname, q, 'pageIdOrPathname');
      const { page } = findPageFor(q.pageIdOrPathname, q, auth);
      if (!page) throw notFound('Page not found');
      page.deletedAt = nowIso();
      return [204, null];
    },
  };

  // ---------------------------------------------------------------- routes
  const routeRefC = contract([
    { key: 'routeIdOrPathname', type: 'string', required: true, filled: true, maxSize: 1024 },
    uuidQ('siteId'),
    { key: 'skipValidation', source: 'query', type: 'string', oneOf: TF },
  ]);
  const updateRouteStrict = contract([{ key: 'pathname', source: 'json', type: 'string', filled: true, maxSize: 1024, rule: routePathRule }]);
  const updateRouteLoose = contract([{ key: 'pathname', source: 'json', type: 'string', maxSize: 1024 }]);

  const routes = {
    update({ auth, path, query, params }) {
      const q = routeRefC({ ...query, ...path });
      needSiteId(q.routeIdOrPathname, q, 'routeIdOrPathname');
      const skip = q.skipValidation === 'true';
      const p = (skip ? updateRouteLoose : updateRouteStrict)(params);
      let site, route;
      if (isUuid(q.routeIdOrPathname)) {
        route = db.findRoute(q.routeIdOrPathname);
        if (!route) throw notFound('Route not found');
        if (q.siteId !== undefined && !nocaseEq(route.siteId, q.siteId)) { loadSite(q.siteId, auth); throw notFound('Route not found'); }
        site = loadSite(route.siteId, auth);
      } else {
        site = loadSite(q.siteId, auth);
        route = db.routeByPathname(site.id, withSlash(q.routeIdOrPathname));
        if (!route) throw notFound('Route not found');
      }
      if (p.pathname !== undefined) {
        const pathname = withSlash(p.pathname); // normalisation, not validation: always a leading slash
        const taken = db.pathnameTaken(site.id, pathname, route);
        if (taken) throw conflict(`A ${taken} with pathname ${pathname} already exists`);
        route.pathname = pathname;
      }
      return [200, renderRoute(route)];
    },
  };

  return { sites, locales, pages, routes };
}
