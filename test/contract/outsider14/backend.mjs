// outsider14 backend: handlers over in-memory tables. Rows carry integer surrogate keys (pk);
// only the public UUIDs leave the backend. The backend judges semantics: existence (404),
// permission (403), state rules (400) and uniqueness (409). Syntax was judged by the gateway.
import { randomBytes, randomUUID } from 'node:crypto';

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
const notFound = (what) => new ApiError(404, 'not_found', `${what} not found.`);
const forbidden = (msg) => new ApiError(403, 'forbidden', msg || 'This key has no permission for this resource.');
const conflict = (msg) => new ApiError(409, 'conflict', msg);
const badRequest = (field, message) =>
  new ApiError(400, 'bad_request', `Invalid request: ${field} ${message}.`, [{ field, message }]);

// ---- ids: UUID version 8 (custom layout: a table tag byte, then random), keys v4
const TAGS = { workspace: 0x10, site: 0x20, locale: 0x30, page: 0x40, route: 0x50, localization: 0x60 };
function uuid8(table) {
  const b = randomBytes(16);
  b[0] = TAGS[table] ?? 0;
  b[6] = (b[6] & 0x0f) | 0x80;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function appKey() {
  const b = randomBytes(32);
  let s = '';
  for (const x of b) s += B58[x % 58];
  return `apk_${s}`;
}

// ---- clock: strictly increasing milliseconds; written Go-RFC3339Nano style (fraction trimmed)
let lastMs = 0;
function now() {
  const t = Math.max(Date.now(), lastMs + 1);
  lastMs = t;
  return t;
}
export function ts(ms) {
  if (ms === null || ms === undefined) return null;
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  const [main, frac] = iso.slice(0, -1).split('.');
  const f = frac.replace(/0+$/, '');
  return f ? `${main}.${f}Z` : `${main}Z`;
}

export function createBackend(config) {
  const L = config.limits;
  let seq = 0;
  const T = { workspaces: [], sites: [], locales: [], pages: [], localizations: [], routes: [] };
  const byId = new Map(); // public uuid -> row
  const appKeys = new Map(); // key -> workspace row
  const siteKeys = new Map(); // lower-case uuid -> site row

  function insert(table, kind, row) {
    row.pk = ++seq;
    row.id = uuid8(kind);
    row.kind = kind;
    T[table].push(row);
    byId.set(row.id, row);
    return row;
  }

  // ---------- helpers over tables
  const siteLocales = (site, withDeleted = false) =>
    T.locales.filter((l) => l.sitePk === site.pk && (withDeleted || !l.deletedAt));
  const defaultLocaleOf = (site) => T.locales.find((l) => l.sitePk === site.pk && l.isDefault);
  const wsOf = (site) => T.workspaces.find((w) => w.pk === site.wsPk);
  const sitePages = (site) => T.pages.filter((p) => p.sitePk === site.pk && !p.deletedAt);
  const siteRoutes = (site) => T.routes.filter((r) => r.sitePk === site.pk && !r.deletedAt);
  const localeByPk = (pk) => T.locales.find((l) => l.pk === pk);

  // ---------- representations
  function siteOut(site) {
    return {
      object: 'site',
      id: site.id,
      name: site.name,
      hostOrigin: site.hostOrigin,
      publicApiKey: site.publicApiKey,
      defaultLocale: defaultLocaleOf(site).code,
      localeManagementMode: wsOf(site).localeMode,
    };
  }
  function localeOut(l) {
    return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: l.isDefault };
  }
  function routeOut(r) {
    return { object: 'route', id: r.id, pathname: r.pathname };
  }
  function activeLocalizations(page) {
    return T.localizations
      .filter((z) => z.pagePk === page.pk)
      .map((z) => ({ z, l: localeByPk(z.localePk) }))
      .filter(({ l }) => l && !l.deletedAt && !l.isDefault)
      .sort((a, b) => a.l.pk - b.l.pk);
  }
  // The shown form of a page in a version ('draft' | 'live') and an optional non-default locale row.
  function pageView(page, version, localeRow) {
    const src = version === 'live' ? page.live : page;
    if (!src) return null;
    const site = T.sites.find((s) => s.pk === page.sitePk);
    let { pathname, title, description } = src;
    let code = defaultLocaleOf(site).code;
    if (localeRow && !localeRow.isDefault) {
      const z = T.localizations.find((x) => x.pagePk === page.pk && x.localePk === localeRow.pk);
      if (z) {
        pathname = z.pathname;
        if (z.title !== null) title = z.title;
        if (z.description !== null) description = z.description;
        code = localeRow.code;
      }
    }
    return { page, src, pathname, title, description, code, createdMs: page.createdAt, updatedMs: src.updatedAt };
  }
  function pageOut(v) {
    const p = v.page;
    const src = v.src;
    const site = T.sites.find((s) => s.pk === p.sitePk);
    const out = {
      object: 'page',
      id: p.id,
      pathname: v.pathname,
      canonicalUrl: src.canonicalUrl,
      title: v.title,
      description: v.description,
      socialImageUrl: src.socialImageUrl,
      sitemapPriority: src.sitemapPriority,
      sitemapFrequency: src.sitemapFrequency,
      createdAt: ts(p.createdAt),
      updatedAt: ts(src.updatedAt),
      publishedAt: ts(p.publishedAt),
      isOnline: src.isOnline,
      excludedFromSearchEngines: src.excludedFromSearchEngines,
    };
    // `locale` only appears when the site is multilingual (more than one active locale).
    if (siteLocales(site).length > 1) out.locale = v.code;
    out.localizations = activeLocalizations(p).map(({ z, l }) => ({ id: z.id, locale: l.code, pathname: z.pathname }));
    return out;
  }

  // ---------- access
  function loadSite(id) {
    const s = byId.get(id);
    if (!s || s.kind !== 'site' || s.deletedAt) throw notFound('Site');
    return s;
  }
  function authorizeSite(key, site) {
    if (key.kind === 'app') {
      if (site.wsPk !== key.ws.pk) throw forbidden('This key has no permission for this site.');
    } else if (site.pk !== key.site.pk) {
      throw forbidden('This key is limited to its own site.');
    }
  }
  function siteOfRow(row) {
    const s = T.sites.find((x) => x.pk === row.sitePk);
    return s && !s.deletedAt ? s : null;
  }

  // ---------- keyset pagination: rows sorted by cmp; cursor row (any state) located by cmp
  function keyset(rows, cmp, limit, cursorRow) {
    rows.sort(cmp);
    const after = cursorRow ? rows.filter((r) => cmp(r, cursorRow) > 0) : rows;
    return { data: after.slice(0, limit), hasMore: after.length > limit };
  }
  const cmpNullsLast = (a, b) => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    return a < b ? -1 : 1;
  };

  // ---------- pathname space of a site: page base pathnames (draft) and route pathnames
  function pathTaken(site, pathname, { exceptPage, exceptRoute } = {}) {
    if (sitePages(site).some((p) => p !== exceptPage && p.pathname === pathname)) return 'page';
    if (siteRoutes(site).some((r) => r !== exceptRoute && r.pathname === pathname)) return 'route';
    return null;
  }

  // ---------- creation primitives (also used by the seed)
  function makeSite(ws, { name, hostOrigin = null, defaultLocale = 'en-US' }) {
    const site = insert('sites', 'site', {
      wsPk: ws.pk,
      name,
      hostOrigin,
      publicApiKey: randomUUID(),
      siteKey: randomUUID(),
      createdAt: now(),
      deletedAt: null,
    });
    siteKeys.set(site.siteKey, site);
    makeLocale(site, { code: defaultLocale, isDefault: true });
    return site;
  }
  function makeLocale(site, { code, domain = null, isDefault = false }) {
    return insert('locales', 'locale', { sitePk: site.pk, code, domain, isDefault, deletedAt: null, createdAt: now() });
  }
  function makePage(site, { pathname, name }) {
    const t = now();
    const d = config.pageDefaults;
    return insert('pages', 'page', {
      sitePk: site.pk,
      pathname,
      name,
      title: null,
      description: null,
      canonicalUrl: null,
      socialImageUrl: null,
      sitemapPriority: d.sitemapPriority,
      sitemapFrequency: d.sitemapFrequency,
      excludedFromSearchEngines: d.excludedFromSearchEngines,
      isOnline: d.isOnline,
      createdAt: t,
      updatedAt: t,
      publishedAt: null,
      live: null,
      deletedAt: null,
    });
  }
  function publish(page) {
    const t = now();
    page.isOnline = true;
    page.publishedAt = t;
    page.live = {
      pathname: page.pathname,
      title: page.title,
      description: page.description,
      canonicalUrl: page.canonicalUrl,
      socialImageUrl: page.socialImageUrl,
      sitemapPriority: page.sitemapPriority,
      sitemapFrequency: page.sitemapFrequency,
      excludedFromSearchEngines: page.excludedFromSearchEngines,
      updatedAt: page.updatedAt,
      isOnline: true,
    };
  }
  function makeLocalization(page, locale, pathname, title = null, description = null) {
    return insert('localizations', 'localization', { pagePk: page.pk, localePk: locale.pk, pathname, title, description });
  }
  function makeRoute(site, pathname) {
    return insert('routes', 'route', { sitePk: site.pk, pathname, createdAt: now(), deletedAt: null });
  }

  // ---------- locale lookup by id or code (code: active records only)
  function findLocale(ref, siteId, key, { includeDeletedById = false } = {}) {
    if (ref.kind === 'id') {
      const l = byId.get(ref.value);
      if (!l || l.kind !== 'locale') throw notFound('Locale');
      const site = siteOfRow(l);
      if (!site) throw notFound('Locale');
      authorizeSite(key, site);
      if (l.deletedAt && !includeDeletedById) throw notFound('Locale');
      return { l, site };
    }
    const site = loadSite(siteId);
    authorizeSite(key, site);
    const l = siteLocales(site).find((x) => x.code === ref.value);
    if (!l) throw notFound('Locale');
    return { l, site };
  }
  function resolveLocaleFilter(site, value) {
    // value: {kind:'id'|'code', value}
    const l = siteLocales(site).find((x) => (value.kind === 'id' ? x.id === value.value : x.code === value.value));
    if (!l) throw notFound('Locale');
    return l;
  }
  function findPage(ref, siteId, key, version = 'draft') {
    if (ref.kind === 'id') {
      const p = byId.get(ref.value);
      if (!p || p.kind !== 'page' || p.deletedAt) throw notFound('Page');
      const site = siteOfRow(p);
      if (!site) throw notFound('Page');
      authorizeSite(key, site);
      return { p, site };
    }
    const site = loadSite(siteId);
    authorizeSite(key, site);
    const p = sitePages(site).find((x) => (version === 'live' ? x.live && x.live.pathname : x.pathname) === ref.value);
    if (!p) throw notFound('Page');
    return { p, site };
  }
  function findRoute(ref, siteId, key) {
    if (ref.kind === 'id') {
      const r = byId.get(ref.value);
      if (!r || r.kind !== 'route' || r.deletedAt) throw notFound('Route');
      const site = siteOfRow(r);
      if (!site) throw notFound('Route');
      authorizeSite(key, site);
      return { r, site };
    }
    const site = loadSite(siteId);
    authorizeSite(key, site);
    const r = siteRoutes(site).find((x) => x.pathname === ref.value);
    if (!r) throw notFound('Route');
    return { r, site };
  }
  const cursorError = () => badRequest('startingAfter', 'does not name an item of this list');

  // ---------- page listing shared by /v6/pages and /v2/sites/{siteId}/pages
  function listPagesOf(site, q) {
    const version = q.versionRef === 'ref:live' ? 'live' : 'draft';
    const localeRow = q.locale ? resolveLocaleFilter(site, q.locale) : null;
    const dir = q.sortDirection === 'desc' ? -1 : 1;
    const field = { path: 'pathname', title: 'title', description: 'description', createdAt: 'createdMs', updatedAt: 'updatedMs' }[
      q.sortBy || 'path'
    ];
    const cmp = (a, b) => dir * (cmpNullsLast(a[field], b[field]) || a.page.pk - b.page.pk);
    const prefix = q.pathPrefix ?? '/';
    let views = sitePages(site)
      .map((p) => pageView(p, version, localeRow))
      .filter((v) => v !== null)
      .filter((v) => v.pathname.startsWith(prefix));
    if (version === 'draft' && q.includeOffline !== 'true') views = views.filter((v) => v.src.isOnline);
    let cursor = null;
    if (q.startingAfter) {
      const row = byId.get(q.startingAfter);
      if (!row || row.kind !== 'page' || row.sitePk !== site.pk) throw cursorError();
      cursor = pageView(row, version, localeRow) || pageView(row, 'draft', localeRow);
    }
    const { data, hasMore } = keyset(views, cmp, q.limit, cursor);
    return { object: 'list', data: data.map(pageOut), hasMore };
  }

  // ================= handlers =================
  const H = {
    listSites({ key, query }) {
      const ws = key.ws;
      if (query.workspaceId !== ws.id) throw forbidden('This key has no permission for this workspace.');
      const cmp = (a, b) => b.pk - a.pk; // newest first
      let cursor = null;
      if (query.startingAfter) {
        cursor = byId.get(query.startingAfter);
        if (!cursor || cursor.kind !== 'site' || cursor.wsPk !== ws.pk) throw cursorError();
      }
      const rows = T.sites.filter((s) => s.wsPk === ws.pk && !s.deletedAt);
      const { data, hasMore } = keyset(rows, cmp, query.limit, cursor);
      return [200, { object: 'list', data: data.map(siteOut), hasMore }];
    },
    createSite({ key, body }) {
      if (body.workspaceId !== key.ws.id) throw forbidden('This key has no permission for this workspace.');
      const site = makeSite(key.ws, { name: body.name, hostOrigin: body.hostOrigin ?? null, defaultLocale: body.defaultLocale ?? 'en-US' });
      return [201, siteOut(site)];
    },
    getSite({ key, path }) {
      const site = loadSite(path.siteId);
      authorizeSite(key, site);
      return [200, siteOut(site)];
    },
    updateSite({ key, path, body }) {
      const site = loadSite(path.siteId);
      authorizeSite(key, site);
      if ('name' in body) site.name = body.name;
      if ('hostOrigin' in body) site.hostOrigin = body.hostOrigin;
      return [200, siteOut(site)];
    },
    deleteSite({ key, path }) {
      const site = loadSite(path.siteId);
      authorizeSite(key, site);
      site.deletedAt = now();
      siteKeys.delete(site.siteKey);
      return [204, null];
    },
    duplicateSite({ key, path, body }) {
      const src = loadSite(path.siteId);
      authorizeSite(key, src);
      const t = now();
      const copy = insert('sites', 'site', {
        wsPk: src.wsPk,
        name: body.name,
        hostOrigin: src.hostOrigin,
        publicApiKey: randomUUID(),
        siteKey: randomUUID(),
        createdAt: t,
        deletedAt: null,
      });
      siteKeys.set(copy.siteKey, copy);
      const localeMap = new Map();
      for (const l of T.locales.filter((x) => x.sitePk === src.pk).sort((a, b) => a.pk - b.pk)) {
        const nl = insert('locales', 'locale', { sitePk: copy.pk, code: l.code, domain: l.domain, isDefault: l.isDefault, deletedAt: l.deletedAt, createdAt: t });
        localeMap.set(l.pk, nl);
      }
      for (const p of sitePages(src).sort((a, b) => a.pk - b.pk)) {
        const np = insert('pages', 'page', {
          ...structuredClone({ ...p, live: p.live }),
          pk: undefined,
          id: undefined,
          sitePk: copy.pk,
          createdAt: t,
          updatedAt: t,
          live: p.live ? { ...p.live, updatedAt: t } : null,
        });
        for (const z of T.localizations.filter((x) => x.pagePk === p.pk)) {
          const nl = localeMap.get(z.localePk);
          if (nl) makeLocalization(np, nl, z.pathname, z.title, z.description);
        }
      }
      for (const r of siteRoutes(src).sort((a, b) => a.pk - b.pk)) makeRoute(copy, r.pathname);
      return [201, siteOut(copy)];
    },
    listSitePages({ key, path, query }) {
      const site = loadSite(path.siteId);
      authorizeSite(key, site);
      // the published site: live version, path order, default locale
      return [200, listPagesOf(site, { ...query, versionRef: 'ref:live', includeOffline: 'false', sortBy: 'path', sortDirection: 'asc' })];
    },

    // ---- locales
    listLocales({ key, query }) {
      const site = loadSite(query.siteId);
      authorizeSite(key, site);
      const cmp = (a, b) => (b.isDefault - a.isDefault) || cmpNullsLast(a.code, b.code) || a.pk - b.pk;
      let cursor = null;
      if (query.startingAfter) {
        cursor = byId.get(query.startingAfter);
        if (!cursor || cursor.kind !== 'locale' || cursor.sitePk !== site.pk) throw cursorError();
      }
      const { data, hasMore } = keyset(siteLocales(site), cmp, query.limit, cursor);
      return [200, { object: 'list', data: data.map(localeOut), hasMore }];
    },
    getLocale({ key, path, query }) {
      const { l } = findLocale(path.localeIdOrCode, query.siteId, key);
      return [200, localeOut(l)];
    },
    createLocale({ key, body }) {
      const site = loadSite(body.siteId);
      authorizeSite(key, site);
      if (siteLocales(site).some((l) => l.code === body.locale)) throw conflict(`The site already has the locale ${body.locale}.`);
      if (body.domain && T.locales.some((l) => l.sitePk === site.pk && l.domain === body.domain))
        throw conflict('Another locale of this site (active or deleted) holds this domain.');
      if (siteLocales(site).length >= L.activeLocalesPerSite) throw badRequest('locale', `would exceed ${L.activeLocalesPerSite} active locales for this site`);
      const l = makeLocale(site, { code: body.locale, domain: body.domain ?? null });
      return [201, localeOut(l)];
    },
    updateLocale({ key, path, query, body }) {
      const { l, site } = findLocale(path.localeIdOrCode, query.siteId, key);
      if ('locale' in body && body.locale !== l.code) {
        if (l.isDefault) throw badRequest('locale', 'of the default locale cannot be changed');
        const holder = T.locales.find((x) => x.sitePk === site.pk && x !== l && x.code === body.locale);
        if (holder && !holder.deletedAt) throw conflict(`The site already has the locale ${body.locale}.`);
        if (holder) throw conflict(`A deleted locale holds the code ${body.locale}; restore it instead.`);
      }
      if ('domain' in body && body.domain !== null && body.domain !== l.domain) {
        if (T.locales.some((x) => x.sitePk === site.pk && x !== l && x.domain === body.domain))
          throw conflict('Another locale of this site (active or deleted) holds this domain.');
      }
      if ('locale' in body) l.code = body.locale;
      if ('domain' in body) l.domain = body.domain;
      return [200, localeOut(l)];
    },
    deleteLocale({ key, path, query }) {
      const { l } = findLocale(path.localeIdOrCode, query.siteId, key, { includeDeletedById: true });
      if (l.isDefault) throw badRequest('localeIdOrCode', 'names the default locale, which cannot be deleted');
      if (!l.deletedAt) l.deletedAt = now(); // by ID a repeated delete is 204 again
      return [204, null];
    },
    restoreLocale({ key, path, query }) {
      let l;
      let site;
      if (path.localeIdOrCode.kind === 'id') {
        ({ l, site } = findLocale(path.localeIdOrCode, query.siteId, key, { includeDeletedById: true }));
      } else {
        site = loadSite(query.siteId);
        authorizeSite(key, site);
        const code = path.localeIdOrCode.value;
        const active = siteLocales(site).find((x) => x.code === code);
        if (active) return [200, localeOut(active)];
        l = T.locales.filter((x) => x.sitePk === site.pk && x.deletedAt && x.code === code).sort((a, b) => b.deletedAt - a.deletedAt)[0];
        if (!l) throw notFound('Locale');
      }
      if (!l.deletedAt) return [200, localeOut(l)]; // idempotent
      if (siteLocales(site).some((x) => x.code === l.code)) throw conflict(`An active locale already has the code ${l.code}.`);
      if (siteLocales(site).length >= L.activeLocalesPerSite) throw badRequest('localeIdOrCode', `would exceed ${L.activeLocalesPerSite} active locales for this site`);
      l.deletedAt = null;
      return [200, localeOut(l)];
    },

    // ---- pages
    createPage({ key, body }) {
      const site = loadSite(body.siteId);
      authorizeSite(key, site);
      const taken = pathTaken(site, body.pathname);
      if (taken) throw conflict(`A ${taken} with the pathname ${body.pathname} already exists.`);
      const p = makePage(site, { pathname: body.pathname, name: body.name });
      return [201, pageOut(pageView(p, 'draft', null))];
    },
    listPages({ key, query }) {
      const site = loadSite(query.siteId);
      authorizeSite(key, site);
      return [200, listPagesOf(site, query)];
    },
    getPage({ key, path, query }) {
      const version = query.versionRef === 'ref:live' ? 'live' : 'draft';
      const { p, site } = findPage(path.pageIdOrPathname, query.siteId, key, version);
      const localeRow = query.locale ? resolveLocaleFilter(site, query.locale) : null;
      const v = pageView(p, version, localeRow);
      if (!v) throw notFound('Page');
      return [200, pageOut(v)];
    },
    updatePage({ key, path, query, body }) {
      const { p, site } = findPage(path.pageIdOrPathname, query.siteId, key);
      if ('pathname' in body && body.pathname !== p.pathname) {
        const taken = pathTaken(site, body.pathname, { exceptPage: p });
        if (taken) throw conflict(`A ${taken} with the pathname ${body.pathname} already exists.`);
      }
      let changed = false;
      if ('pathname' in body && body.pathname !== p.pathname) ((p.pathname = body.pathname), (changed = true));
      if ('name' in body && body.name !== p.name) ((p.name = body.name), (changed = true));
      if (changed) p.updatedAt = now();
      if (body.isOnline === true) publish(p); // (re-)publishes the current draft
      if (body.isOnline === false) {
        p.isOnline = false;
        p.live = null; // unpublished; publishedAt keeps the last publication
      }
      return [200, pageOut(pageView(p, 'draft', null))];
    },
    deletePage({ key, path, query }) {
      const { p } = findPage(path.pageIdOrPathname, query.siteId, key);
      p.deletedAt = now();
      return [204, null];
    },

    // ---- routes
    createRoute({ key, body, query }) {
      const site = loadSite(body.siteId);
      authorizeSite(key, site);
      const taken = pathTaken(site, body.pathname);
      if (taken) throw conflict(`A ${taken} with the pathname ${body.pathname} already exists.`);
      return [201, routeOut(makeRoute(site, body.pathname))];
    },
    listRoutes({ key, query }) {
      const site = loadSite(query.siteId);
      authorizeSite(key, site);
      const cmp = (a, b) => cmpNullsLast(a.pathname, b.pathname) || a.pk - b.pk;
      let cursor = null;
      if (query.startingAfter) {
        cursor = byId.get(query.startingAfter);
        if (!cursor || cursor.kind !== 'route' || cursor.sitePk !== site.pk) throw cursorError();
      }
      const { data, hasMore } = keyset(siteRoutes(site), cmp, query.limit, cursor);
      return [200, { object: 'list', data: data.map(routeOut), hasMore }];
    },
    getRoute({ key, path, query }) {
      const { r } = findRoute(path.routeIdOrPathname, query.siteId, key);
      return [200, routeOut(r)];
    },
    updateRoute({ key, path, query, body }) {
      const { r, site } = findRoute(path.routeIdOrPathname, query.siteId, key);
      if ('pathname' in body && body.pathname !== r.pathname) {
        const taken = pathTaken(site, body.pathname, { exceptRoute: r });
        if (taken) throw conflict(`A ${taken} with the pathname ${body.pathname} already exists.`);
        r.pathname = body.pathname;
      }
      return [200, routeOut(r)];
    },
    deleteRoute({ key, path, query }) {
      const { r } = findRoute(path.routeIdOrPathname, query.siteId, key);
      r.deletedAt = now();
      return [204, null];
    },
  };

  // ---------- key recognition (used by the gateway)
  function recognizeKey(raw) {
    if (typeof raw !== 'string' || raw === '') return null;
    if (appKeys.has(raw)) return { kind: 'app', ws: appKeys.get(raw) };
    const low = raw.toLowerCase();
    const site = siteKeys.get(low);
    if (site && !site.deletedAt) return { kind: 'site', site, ws: wsOf(site) };
    const pub = T.sites.find((s) => !s.deletedAt && s.publicApiKey === low);
    if (pub) return { kind: 'public', site: pub, ws: wsOf(pub) };
    return null;
  }

  // ---------- seed
  function seed() {
    const modes = config.workspaceLocaleModes;
    const ws1 = insert('workspaces', 'workspace', { name: 'Fenwick & Ives', localeMode: modes['Fenwick & Ives'] || 'external' });
    const ws2 = insert('workspaces', 'workspace', { name: 'Ostrander Labs', localeMode: modes['Ostrander Labs'] || 'internal' });
    const k1 = appKey();
    const k2 = appKey();
    appKeys.set(k1, ws1);
    appKeys.set(k2, ws2);

    const notes = makeSite(ws1, { name: 'Fenwick Field Notes', hostOrigin: 'https://notes.fenwick.example', defaultLocale: 'en-US' });
    const fr = makeLocale(notes, { code: 'fr-FR', domain: 'https://fr.fenwick.example' });
    const ja = makeLocale(notes, { code: 'ja-JP' });
    const pt = makeLocale(notes, { code: 'pt-BR' });
    const home = makePage(notes, { pathname: '/', name: 'Home' });
    home.title = 'Field Notes';
    publish(home);
    makeLocalization(home, fr, '/');
    const journal = makePage(notes, { pathname: '/journal', name: 'Journal' });
    journal.title = 'Journal';
    journal.description = 'Walks and weather';
    publish(journal);
    makeLocalization(journal, fr, '/carnet', 'Carnet', null);
    makeLocalization(journal, ja, '/nikki');
    makeLocalization(journal, pt, '/diario');
    const walk = makePage(notes, { pathname: '/journal/spring-walk', name: 'Spring walk' });
    walk.title = 'A spring walk';
    publish(walk);
    makeLocalization(walk, fr, '/carnet/promenade');
    const about = makePage(notes, { pathname: '/about', name: 'About' });
    publish(about);
    about.title = 'About us (draft)';
    about.updatedAt = now();
    makePage(notes, { pathname: '/drafts/winter', name: 'Winter draft' });
    pt.deletedAt = now();
    makeRoute(notes, '/feed/:format');
    makeRoute(notes, '/assets/**');

    const supply = makeSite(ws1, { name: 'Fenwick Supply', hostOrigin: null, defaultLocale: 'sv-SE' });
    const gb = makeLocale(supply, { code: 'en-GB' });
    const sHome = makePage(supply, { pathname: '/', name: 'Start' });
    publish(sHome);
    const butik = makePage(supply, { pathname: '/butik', name: 'Butik' });
    butik.title = 'Butik';
    publish(butik);
    makeLocalization(butik, gb, '/shop', 'Shop', null);
    makePage(supply, { pathname: '/kundvagn', name: 'Kundvagn' });
    makeRoute(supply, '/kassa/:steg');

    const other = makeSite(ws2, { name: 'Ostrander Home', hostOrigin: 'https://ostrander.example', defaultLocale: 'en-AU' });
    const oh = makePage(other, { pathname: '/', name: 'Home' });
    publish(oh);
    const op = makePage(other, { pathname: '/pricing', name: 'Pricing' });
    publish(op);
    makeRoute(other, '/status');

    return { apiKey: k1, workspaceId: ws1.id, siteApiKey: supply.siteKey, otherApiKey: k2 };
  }

  return { H, recognizeKey, seed, ApiError };
}
