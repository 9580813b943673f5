// Routes, celebrate-style validation and controllers.
import { Joi, GUID_RE } from './joi.mjs';
import { Router, badRequest, unauthorized, forbidden, notFound, conflict } from './web.mjs';
import { db, insert, applyChanges, uuid, now, collEq, collCmp, clone, live } from './store.mjs';

// ------------------------------------------------------------------ helpers
const LOCALE_RE = /^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/;
export function canonLocale(v) {
  const [l, r] = v.split('-');
  return r ? `${l.toLowerCase()}-${r.toUpperCase()}` : l.toLowerCase();
}
export function normalizePath(p) {
  let s = p;
  if (!s.startsWith('/')) s = '/' + s;
  s = s.replace(/\/+$/, '');
  return s === '' ? '/' : s;
}
const PATH_RE = /^\/(?:[^\s?#/]+(?:\/[^\s?#/]+)*)?$/;

const guid = () => Joi.string().guid();
const limit = Joi.number().integer().min(1).max(100).default(20);
const localeCode = Joi.string().max(35).pattern(LOCALE_RE, 'locale').custom(canonLocale);
const httpUri = () => Joi.string().max(2048).uri(['http', 'https']);
const pagePath = Joi.string().max(1024).custom(normalizePath).pattern(PATH_RE, 'pathname');
const siteName = Joi.string().max(255);

const S = {
  siteParams: Joi.object({ siteId: guid().required() }),
  createSite: Joi.object({
    workspaceId: guid().required(),
    name: siteName.required(),
    hostOrigin: httpUri().allow(null),
    defaultLocale: localeCode.default('en-US'),
  }),
  listSites: Joi.object({ workspaceId: guid().required(), limit, startingAfter: guid() }),
  updateSite: Joi.object({ name: siteName, hostOrigin: httpUri().allow(null), defaultLocale: Joi.any().forbidden() }),
  duplicateSite: Joi.object({ name: siteName.required() }),
  createLocale: Joi.object({ siteId: guid().required(), locale: localeCode.required(), domain: httpUri().allow(null) }),
  listBySite: Joi.object({ siteId: guid().required(), limit, startingAfter: guid() }),
  idOrKey: (name) => Joi.object({ [name]: Joi.string().max(2048).required() }),
  siteIdQuery: Joi.object({ siteId: guid() }),
  updateLocale: Joi.object({ locale: localeCode, domain: httpUri().allow(null) }),
  createPage: Joi.object({ siteId: guid().required(), pathname: pagePath.required(), name: Joi.string().min(1).max(255).required() }),
  listPagesQuery: (withSite) => Joi.object({
    ...(withSite ? { siteId: guid().required() } : {}),
    limit,
    startingAfter: guid(),
    pathPrefix: Joi.string().max(1024).allow('').default('/'),
    sortBy: Joi.string().valid('title', 'path', 'description', 'updatedAt', 'createdAt').default('path'),
    sortDirection: Joi.string().valid('asc', 'desc').default('asc'),
    includeOffline: Joi.boolean().sensitive().default(false),
    locale: Joi.string().max(64),
    versionRef: Joi.string().valid('ref:live', 'ref:draft').default('ref:draft'),
  }),
  getPageQuery: Joi.object({
    siteId: guid(),
    versionRef: Joi.string().valid('ref:live', 'ref:draft').default('ref:draft'),
    locale: Joi.string().max(64),
  }),
  updatePage: Joi.object({ pathname: pagePath, name: Joi.string().min(1).max(255), isOnline: Joi.boolean() }).or('pathname', 'name', 'isOnline'),
  createRoute: Joi.object({ siteId: guid().required(), pathname: pagePath.required() }),
  updateRouteQuery: Joi.object({ siteId: guid(), skipValidation: Joi.boolean().sensitive().default(false) }),
  updateRoute: Joi.object({ pathname: Joi.string().max(1024) }),
};

// celebrate({ params, query, body }) in Modes.PARTIAL: segments are checked in
// celebrate's order (params, query, body) and the first failing segment wins.
function celebrate(req, spec) {
  for (const seg of ['params', 'query', 'body']) {
    if (!spec[seg]) continue;
    const opts = seg === 'body' ? { stripUnknown: true } : { allowUnknown: true };
    const { value, error } = spec[seg].validate(req[seg], opts);
    if (error) {
      throw badRequest(error.message, error.details.map((d) => ({ field: d.field, message: d.message })));
    }
    req[seg] = value;
  }
}

// ------------------------------------------------------------------ auth
export function authenticate(req) {
  const raw = req.headers['x-api-key'];
  if (raw === undefined || raw === '') throw unauthorized('Missing API key. Provide it in the x-api-key header.');
  const key = String(raw).trim();
  const ws = db.appKeys.get(key);
  if (ws) return { kind: 'app', workspaceId: ws };
  if (GUID_RE.test(key)) {
    const site = db.sites.find((s) => live(s) && s.publicApiKey === key.toLowerCase());
    if (site) return { kind: 'site', siteId: site.id, workspaceId: site.workspaceId };
  }
  throw unauthorized('Invalid API key.');
}

function requireAppKey(auth) {
  if (auth.kind !== 'app') throw forbidden('A Site API key cannot perform workspace-level operations.');
}
function requireWorkspace(auth, workspaceId) {
  requireAppKey(auth);
  if (auth.workspaceId !== workspaceId) throw forbidden('This API key has no access to that workspace.');
}
function loadSite(auth, siteId) {
  if (auth.kind === 'site' && auth.siteId !== siteId) throw forbidden('This Site API key has no access to that site.');
  const site = db.sites.find((s) => live(s) && s.id === siteId);
  if (!site) throw notFound(`Site ${siteId} not found.`);
  if (site.workspaceId !== auth.workspaceId) throw forbidden('This API key has no access to that site.');
  return site;
}
const siteOf = (doc) => db.sites.find((s) => live(s) && s.id === doc.siteId);

// Resolve a child (locale/page/route) by ID or by natural key (code/pathname + siteId).
function resolveChild(auth, { idOrKey, siteId, coll, byKey, what, keyName }) {
  if (GUID_RE.test(idOrKey)) {
    const id = idOrKey.toLowerCase();
    if (siteId) {
      const site = loadSite(auth, siteId);
      const doc = db[coll].find((d) => live(d) && d.id === id && d.siteId === site.id);
      if (!doc) throw notFound(`${what} ${id} not found.`);
      return { site, doc };
    }
    const doc = db[coll].find((d) => live(d) && d.id === id && siteOf(d));
    if (!doc) throw notFound(`${what} ${id} not found.`);
    const site = loadSite(auth, doc.siteId);
    return { site, doc };
  }
  if (!siteId) throw badRequest(`"siteId" is required when a ${keyName} is used`, [{ field: 'siteId', message: '"siteId" is required' }]);
  const site = loadSite(auth, siteId);
  const doc = byKey(site);
  if (!doc) throw notFound(`${what} ${idOrKey} not found.`);
  return { site, doc };
}

// ------------------------------------------------------------------ serializers
const siteOut = (s) => ({
  object: 'site',
  id: s.id,
  name: s.name,
  hostOrigin: s.hostOrigin,
  publicApiKey: s.publicApiKey,
  defaultLocale: s.defaultLocale,
  defaultLocalePathPrefix: s.defaultLocalePathPrefix,
  localeManagementMode: s.localeManagementMode,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});
const localeOut = (l) => ({ object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault });
const routeOut = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

const activeLocales = (siteId) => db.locales.filter((l) => live(l) && l.siteId === siteId);

const PAGE_FIELDS = ['name', 'pathname', 'canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'publishedAt', 'isOnline', 'excludedFromSearchEngines', 'localizations', 'updatedAt'];
export function snapshot(page) {
  const snap = {};
  for (const f of PAGE_FIELDS) snap[f] = clone(page[f] === undefined ? null : page[f]);
  return snap;
}
// the page as seen in a version, optionally collapsed into a non-default locale
function pageView(site, page, version, localeCode) {
  const src = version === 'ref:live' ? page.live : page;
  if (!src) return null;
  const codes = new Set(activeLocales(site.id).map((l) => l.locale));
  const localizations = (src.localizations || []).filter((z) => codes.has(z.locale)).map((z) => ({ id: z.id, locale: z.locale, pathname: z.pathname }));
  const v = {
    object: 'page',
    id: page.id,
    name: src.name,
    pathname: src.pathname,
    canonicalUrl: src.canonicalUrl,
    title: src.title,
    description: src.description,
    socialImageUrl: src.socialImageUrl,
    sitemapPriority: src.sitemapPriority,
    sitemapFrequency: src.sitemapFrequency,
    createdAt: page.createdAt,
    updatedAt: src.updatedAt,
    publishedAt: src.publishedAt,
    isOnline: src.isOnline,
    excludedFromSearchEngines: src.excludedFromSearchEngines,
    locale: site.defaultLocale,
    localizations,
  };
  if (localeCode && localeCode !== site.defaultLocale) {
    const z = localizations.find((x) => x.locale === localeCode);
    if (z) { v.pathname = z.pathname; v.locale = localeCode; }
  }
  return v;
}

// ------------------------------------------------------------------ pagination
function cursorError() {
  return badRequest('"startingAfter" does not reference an item of this list', [{ field: 'startingAfter', message: '"startingAfter" does not reference an item of this list' }]);
}
function pageSlice(sorted, cmp, cursor, lim) {
  const after = cursor ? sorted.filter((x) => cmp(x, cursor) > 0) : sorted;
  return { object: 'list', data: after.slice(0, lim), hasMore: after.length > lim };
}
const bySeq = (a, b) => a._seq - b._seq;

function listSimple(items, cursorDoc, lim, out) {
  const sorted = [...items].sort(bySeq);
  const r = pageSlice(sorted, bySeq, cursorDoc, lim);
  r.data = r.data.map(out);
  return r;
}

// ------------------------------------------------------------------ conflicts
function pathOwner(siteId, pathname, { exceptPage, exceptRoute, pages = true, routes = true } = {}) {
  if (pages && db.pages.some((p) => live(p) && p.siteId === siteId && p.id !== exceptPage && collEq(p.pathname, pathname))) return 'page';
  if (routes && db.routes.some((r) => live(r) && r.siteId === siteId && r.id !== exceptRoute && collEq(r.pathname, pathname))) return 'route';
  return null;
}
function pathConflict(kind, pathname) {
  return conflict(`A ${kind} with pathname "${pathname}" already exists in this site.`);
}

// ------------------------------------------------------------------ site ops
function createSiteDocs(workspaceId, { name, hostOrigin = null, defaultLocale = 'en-US' }) {
  const site = insert('sites', {
    id: uuid(), workspaceId, name, hostOrigin, publicApiKey: uuid(), defaultLocale,
    defaultLocalePathPrefix: null, localeManagementMode: 'external',
  });
  insert('locales', { id: uuid(), siteId: site.id, locale: defaultLocale, domain: null, pathPrefix: null, isDefault: true });
  return site;
}
export { createSiteDocs };

function duplicateSite(src, name) {
  const site = insert('sites', {
    id: uuid(), workspaceId: src.workspaceId, name, hostOrigin: src.hostOrigin, publicApiKey: uuid(),
    defaultLocale: src.defaultLocale, defaultLocalePathPrefix: src.defaultLocalePathPrefix, localeManagementMode: src.localeManagementMode,
  });
  for (const l of activeLocales(src.id).sort(bySeq)) {
    insert('locales', { id: uuid(), siteId: site.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault, createdAt: l.createdAt });
  }
  for (const p of db.pages.filter((x) => live(x) && x.siteId === src.id).sort(bySeq)) {
    const copy = clone(p);
    delete copy._seq; delete copy.updatedAt;
    insert('pages', {
      ...copy, id: uuid(), siteId: site.id, publishedAt: null, live: null,
      localizations: (p.localizations || []).map((z) => ({ ...z, id: uuid() })),
    });
  }
  for (const r of db.routes.filter((x) => live(x) && x.siteId === src.id).sort(bySeq)) {
    insert('routes', { id: uuid(), siteId: site.id, pathname: r.pathname, createdAt: r.createdAt });
  }
  return site;
}

// ------------------------------------------------------------------ pages list
function listPages(auth, site, q) {
  const version = q.versionRef;
  let localeCode = null;
  if (q.locale !== undefined) {
    const code = LOCALE_RE.test(q.locale) ? canonLocale(q.locale) : q.locale;
    const loc = activeLocales(site.id).find((l) => collEq(l.locale, code));
    if (!loc) return { object: 'list', data: [], hasMore: false };
    localeCode = loc.locale;
  }
  const nonDefault = localeCode && localeCode !== site.defaultLocale;
  const views = [];
  for (const p of db.pages.filter((x) => live(x) && x.siteId === site.id)) {
    const v = pageView(site, p, version, localeCode);
    if (!v) continue;
    if (nonDefault && v.locale !== localeCode) continue;
    if (!q.includeOffline && !v.isOnline) continue;
    if (!v.pathname.startsWith(q.pathPrefix)) continue;
    views.push({ v, _seq: p._seq });
  }
  const key = q.sortBy === 'path' ? 'pathname' : q.sortBy;
  const dir = q.sortDirection === 'desc' ? -1 : 1;
  const cmpVal = (a, b) => {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1; // null sorts first, like MongoDB
    if (b === null || b === undefined) return 1;
    if (key === 'createdAt' || key === 'updatedAt') return a < b ? -1 : 1; // Date comparison
    return collCmp(String(a), String(b));
  };
  const cmp = (a, b) => (cmpVal(a.v[key], b.v[key]) || (a._seq - b._seq)) * dir;
  views.sort(cmp);
  let cursor = null;
  if (q.startingAfter) {
    const cp = db.pages.find((p) => p.siteId === site.id && p.id === q.startingAfter); // soft-deleted pages keep their place
    if (!cp) throw cursorError();
    const cv = pageView(site, cp, version, localeCode) || pageView(site, cp, 'ref:draft', localeCode);
    cursor = { v: cv, _seq: cp._seq };
  }
  const r = pageSlice(views, cmp, cursor, q.limit);
  r.data = r.data.map((x) => x.v);
  return r;
}

function resolvePageLocale(site, value) {
  if (value === undefined) return null;
  const locs = activeLocales(site.id);
  let loc;
  if (GUID_RE.test(value)) loc = locs.find((l) => l.id === value.toLowerCase());
  else {
    const code = LOCALE_RE.test(value) ? canonLocale(value) : value;
    loc = locs.find((l) => collEq(l.locale, code));
  }
  if (!loc) throw notFound(`Locale ${value} not found for this site.`);
  return loc.locale;
}

function findPageByPath(site, pathname, version, localeCode) {
  const norm = normalizePath(pathname);
  const pages = db.pages.filter((p) => live(p) && p.siteId === site.id);
  const src = (p) => (version === 'ref:live' ? p.live : p);
  if (localeCode && localeCode !== site.defaultLocale) {
    const hit = pages.find((p) => src(p) && (src(p).localizations || []).some((z) => z.locale === localeCode && collEq(z.pathname, norm)));
    if (hit) return hit;
  }
  return pages.find((p) => src(p) && collEq(src(p).pathname, norm));
}

// ------------------------------------------------------------------ router
export function buildRouter() {
  const r = new Router();

  // ---- sites
  r.post('/v2/sites', (req) => {
    celebrate(req, { body: S.createSite });
    requireWorkspace(req.auth, req.body.workspaceId);
    return [201, siteOut(createSiteDocs(req.body.workspaceId, req.body))];
  });
  r.get('/v2/sites', (req) => {
    celebrate(req, { query: S.listSites });
    const q = req.query;
    requireWorkspace(req.auth, q.workspaceId);
    let cursor = null;
    if (q.startingAfter) {
      cursor = db.sites.find((s) => s.id === q.startingAfter && s.workspaceId === q.workspaceId);
      if (!cursor) throw cursorError();
    }
    return [200, listSimple(db.sites.filter((s) => live(s) && s.workspaceId === q.workspaceId), cursor, q.limit, siteOut)];
  });
  r.get('/v2/sites/:siteId', (req) => {
    celebrate(req, { params: S.siteParams });
    return [200, siteOut(loadSite(req.auth, req.params.siteId))];
  });
  r.patch('/v2/sites/:siteId', (req) => {
    celebrate(req, { params: S.siteParams, body: S.updateSite });
    requireAppKey(req.auth);
    const site = loadSite(req.auth, req.params.siteId);
    applyChanges(site, { name: req.body.name, hostOrigin: req.body.hostOrigin });
    return [200, siteOut(site)];
  });
  r.delete('/v2/sites/:siteId', (req) => {
    celebrate(req, { params: S.siteParams });
    requireAppKey(req.auth);
    const site = loadSite(req.auth, req.params.siteId);
    site.deletedAt = now();
    return [204];
  });
  r.post('/v2/sites/:siteId/duplicate', (req) => {
    celebrate(req, { params: S.siteParams, body: S.duplicateSite });
    requireAppKey(req.auth);
    const site = loadSite(req.auth, req.params.siteId);
    return [201, siteOut(duplicateSite(site, req.body.name))];
  });
  r.get('/v2/sites/:siteId/pages', (req) => {
    celebrate(req, { params: S.siteParams, query: S.listPagesQuery(false) });
    const site = loadSite(req.auth, req.params.siteId);
    return [200, listPages(req.auth, site, req.query)];
  });

  // ---- locales
  const findLocaleByCode = (site, code, deleted = false) => {
    const c = LOCALE_RE.test(code) ? canonLocale(code) : code;
    return db.locales.filter((l) => l.siteId === site.id && (deleted ? l.deletedAt : !l.deletedAt) && collEq(l.locale, c))
      .sort((a, b) => (b.deletedAt || '').localeCompare(a.deletedAt || '') || b._seq - a._seq)[0];
  };
  const resolveLocale = (req) => resolveChild(req.auth, {
    idOrKey: req.params.localeIdOrCode, siteId: req.query.siteId, coll: 'locales', what: 'Locale', keyName: 'locale code',
    byKey: (site) => findLocaleByCode(site, req.params.localeIdOrCode),
  });
  r.post('/v2/locales', (req) => {
    celebrate(req, { body: S.createLocale });
    const site = loadSite(req.auth, req.body.siteId);
    if (activeLocales(site.id).some((l) => collEq(l.locale, req.body.locale))) throw conflict(`Locale ${req.body.locale} already exists for this site.`);
    const loc = insert('locales', { id: uuid(), siteId: site.id, locale: req.body.locale, domain: req.body.domain ?? null, pathPrefix: null, isDefault: false });
    return [201, localeOut(loc)];
  });
  r.get('/v2/locales', (req) => {
    celebrate(req, { query: S.listBySite });
    const q = req.query;
    const site = loadSite(req.auth, q.siteId);
    let cursor = null;
    if (q.startingAfter) {
      cursor = db.locales.find((l) => l.siteId === site.id && l.id === q.startingAfter);
      if (!cursor) throw cursorError();
    }
    return [200, listSimple(activeLocales(site.id), cursor, q.limit, localeOut)];
  });
  r.post('/v2/locales/:localeIdOrCode/restore', (req) => {
    celebrate(req, { params: S.idOrKey('localeIdOrCode'), query: S.siteIdQuery });
    const idOrCode = req.params.localeIdOrCode;
    let site; let doc;
    if (GUID_RE.test(idOrCode)) {
      const id = idOrCode.toLowerCase();
      if (req.query.siteId) site = loadSite(req.auth, req.query.siteId);
      doc = db.locales.find((l) => l.id === id && (!site || l.siteId === site.id) && siteOf(l));
      if (!doc) throw notFound(`Locale ${id} not found.`);
      if (!site) site = loadSite(req.auth, doc.siteId);
    } else {
      if (!req.query.siteId) throw badRequest('"siteId" is required when a locale code is used', [{ field: 'siteId', message: '"siteId" is required' }]);
      site = loadSite(req.auth, req.query.siteId);
      doc = findLocaleByCode(site, idOrCode, true);
      if (!doc) {
        if (findLocaleByCode(site, idOrCode)) throw conflict(`Locale ${idOrCode} is not deleted.`);
        throw notFound(`Locale ${idOrCode} not found.`);
      }
    }
    if (!doc.deletedAt) throw conflict(`Locale ${doc.locale} is not deleted.`);
    if (activeLocales(site.id).some((l) => collEq(l.locale, doc.locale))) throw conflict(`An active locale ${doc.locale} already exists for this site.`);
    doc.deletedAt = null;
    doc.updatedAt = now();
    return [200, localeOut(doc)];
  });
  r.get('/v2/locales/:localeIdOrCode', (req) => {
    celebrate(req, { params: S.idOrKey('localeIdOrCode'), query: S.siteIdQuery });
    return [200, localeOut(resolveLocale(req).doc)];
  });
  r.patch('/v2/locales/:localeIdOrCode', (req) => {
    celebrate(req, { params: S.idOrKey('localeIdOrCode'), query: S.siteIdQuery, body: S.updateLocale });
    const { site, doc } = resolveLocale(req);
    const b = req.body;
    if (b.locale !== undefined && activeLocales(site.id).some((l) => l.id !== doc.id && collEq(l.locale, b.locale))) {
      throw conflict(`Locale ${b.locale} already exists for this site.`);
    }
    const oldCode = doc.locale;
    applyChanges(doc, { locale: b.locale, domain: b.domain });
    if (b.locale !== undefined && oldCode !== doc.locale) {
      for (const p of db.pages.filter((x) => x.siteId === site.id)) {
        for (const z of p.localizations || []) if (z.locale === oldCode) z.locale = doc.locale;
      }
      if (doc.isDefault) applyChanges(site, { defaultLocale: doc.locale });
    }
    return [200, localeOut(doc)];
  });
  r.delete('/v2/locales/:localeIdOrCode', (req) => {
    celebrate(req, { params: S.idOrKey('localeIdOrCode'), query: S.siteIdQuery });
    const { doc } = resolveLocale(req);
    if (doc.isDefault) throw badRequest('The default locale of a site cannot be deleted.', [{ field: 'localeIdOrCode', message: '"localeIdOrCode" references the default locale, which cannot be deleted' }]);
    doc.deletedAt = now();
    return [204];
  });

  // ---- pages
  r.post('/v6/pages', (req) => {
    celebrate(req, { body: S.createPage });
    const site = loadSite(req.auth, req.body.siteId);
    const owner = pathOwner(site.id, req.body.pathname);
    if (owner) throw pathConflict(owner, req.body.pathname);
    const page = insert('pages', {
      id: uuid(), siteId: site.id, name: req.body.name, pathname: req.body.pathname,
      canonicalUrl: null, title: null, description: null, socialImageUrl: null, sitemapPriority: null, sitemapFrequency: null,
      publishedAt: null, isOnline: false, excludedFromSearchEngines: null, localizations: [], live: null,
    });
    return [201, pageView(site, page, 'ref:draft', null)];
  });
  r.get('/v6/pages', (req) => {
    celebrate(req, { query: S.listPagesQuery(true) });
    const site = loadSite(req.auth, req.query.siteId);
    return [200, listPages(req.auth, site, req.query)];
  });
  const resolvePage = (req, version, localeFor) => {
    const idOrPath = req.params.pageIdOrPathname;
    if (GUID_RE.test(idOrPath)) {
      return resolveChild(req.auth, { idOrKey: idOrPath, siteId: req.query.siteId, coll: 'pages', what: 'Page', keyName: 'pathname' });
    }
    if (!req.query.siteId) throw badRequest('"siteId" is required when a pathname is used', [{ field: 'siteId', message: '"siteId" is required' }]);
    const site = loadSite(req.auth, req.query.siteId);
    const localeCode = localeFor ? localeFor(site) : null;
    const doc = findPageByPath(site, idOrPath, version, localeCode);
    if (!doc) throw notFound(`Page ${normalizePath(idOrPath)} not found.`);
    return { site, doc, localeCode };
  };
  r.get('/v6/pages/*pageIdOrPathname', (req) => {
    celebrate(req, { params: S.idOrKey('pageIdOrPathname'), query: S.getPageQuery });
    const q = req.query;
    const res = resolvePage(req, q.versionRef, (site) => resolvePageLocale(site, q.locale));
    const localeCode = res.localeCode ?? resolvePageLocale(res.site, q.locale);
    const v = pageView(res.site, res.doc, q.versionRef, localeCode);
    if (!v) throw notFound(`Page ${res.doc.id} has no ${q.versionRef === 'ref:live' ? 'published' : 'draft'} version.`);
    return [200, v];
  });
  r.patch('/v6/pages/*pageIdOrPathname', (req) => {
    celebrate(req, { params: S.idOrKey('pageIdOrPathname'), query: S.siteIdQuery, body: S.updatePage });
    const { site, doc } = resolvePage(req, 'ref:draft');
    const b = req.body;
    if (b.pathname !== undefined) {
      const owner = pathOwner(site.id, b.pathname, { exceptPage: doc.id });
      if (owner) throw pathConflict(owner, b.pathname);
    }
    applyChanges(doc, { pathname: b.pathname, name: b.name, isOnline: b.isOnline });
    return [200, pageView(site, doc, 'ref:draft', null)];
  });
  r.delete('/v6/pages/*pageIdOrPathname', (req) => {
    celebrate(req, { params: S.idOrKey('pageIdOrPathname'), query: S.siteIdQuery });
    const { doc } = resolvePage(req, 'ref:draft');
    doc.deletedAt = now();
    return [204];
  });

  // ---- routes
  const resolveRoute = (req) => resolveChild(req.auth, {
    idOrKey: req.params.routeIdOrPathname, siteId: req.query.siteId, coll: 'routes', what: 'Route', keyName: 'pathname',
    byKey: (site) => {
      const raw = req.params.routeIdOrPathname;
      const rs = db.routes.filter((x) => live(x) && x.siteId === site.id);
      return rs.find((x) => collEq(x.pathname, raw)) || rs.find((x) => collEq(x.pathname, normalizePath(raw)));
    },
  });
  r.post('/v2/routes', (req) => {
    celebrate(req, { body: S.createRoute });
    const site = loadSite(req.auth, req.body.siteId);
    const owner = pathOwner(site.id, req.body.pathname);
    if (owner) throw pathConflict(owner, req.body.pathname);
    return [201, routeOut(insert('routes', { id: uuid(), siteId: site.id, pathname: req.body.pathname }))];
  });
  r.get('/v2/routes', (req) => {
    celebrate(req, { query: S.listBySite });
    const q = req.query;
    const site = loadSite(req.auth, q.siteId);
    let cursor = null;
    if (q.startingAfter) {
      cursor = db.routes.find((x) => x.siteId === site.id && x.id === q.startingAfter);
      if (!cursor) throw cursorError();
    }
    return [200, listSimple(db.routes.filter((x) => live(x) && x.siteId === site.id), cursor, q.limit, routeOut)];
  });
  r.get('/v2/routes/*routeIdOrPathname', (req) => {
    celebrate(req, { params: S.idOrKey('routeIdOrPathname'), query: S.siteIdQuery });
    return [200, routeOut(resolveRoute(req).doc)];
  });
  r.patch('/v2/routes/*routeIdOrPathname', (req) => {
    celebrate(req, { params: S.idOrKey('routeIdOrPathname'), query: S.updateRouteQuery, body: S.updateRoute });
    const { site, doc } = resolveRoute(req);
    let pathname = req.body.pathname;
    if (pathname !== undefined) {
      if (!req.query.skipValidation) {
        // route validation: normalisation, format, and no page may own the pathname
        pathname = normalizePath(pathname);
        if (!PATH_RE.test(pathname)) {
          const m = `"pathname" with value "${pathname}" fails to match the pathname pattern`;
          throw badRequest(m, [{ field: 'pathname', message: m }]);
        }
        if (pathOwner(site.id, pathname, { routes: false })) throw pathConflict('page', pathname);
      }
      // the { siteId, pathname } unique index (collation strength 2) is never skipped
      if (pathOwner(site.id, pathname, { pages: false, exceptRoute: doc.id })) throw pathConflict('route', pathname);
    }
    applyChanges(doc, { pathname });
    return [200, routeOut(doc)];
  });
  r.delete('/v2/routes/*routeIdOrPathname', (req) => {
    celebrate(req, { params: S.idOrKey('routeIdOrPathname'), query: S.siteIdQuery });
    const { doc } = resolveRoute(req);
    doc.deletedAt = now();
    return [204];
  });
  return r;
}
