// @RestControllers: SiteController, SiteLocaleController, PageController, RouteController.
// Each handler runs in Spring's order: @PathVariable conversion, @ModelAttribute query, @RequestBody
// (Jackson + @Valid), then @PreAuthorize (403), then the @Transactional service body (404, 409, business 400).
import { pathUuid, bindQuery, readBody, bindDto, notBlank, size, pattern, badRequest, notFound, conflict, forbidden } from './web.mjs';
import { javaUuid, checkLocaleCode, checkHttpUrl, nowMicros } from './convert.mjs';
import { authorizeSite, authorizeWorkspace } from './security.mjs';

const COLL = new Intl.Collator('en-US', { ignorePunctuation: true });
const collate = (a, b) => COLL.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const PAGE_CONFLICT = 'A page or route with this pathname already exists.';
const STALE = 'Row was updated or deleted by another transaction (or unsaved-value mapping was incorrect)';

const localeCheck = (v) => checkLocaleCode(v).error || null;
const urlCheck = (v) => checkHttpUrl(v);
const PATH_SRC = "^/([A-Za-z0-9._~!$&'()*+,;=:@-]+(/[A-Za-z0-9._~!$&'()*+,;=:@-]+)*)?$";
const pathnameChecks = [size(1, 512), pattern(new RegExp(PATH_SRC), PATH_SRC)];

const DTO = {
  createSite: { className: 'CreateSiteRequest', fields: { workspaceId: { type: 'uuid', notNull: true }, name: { type: 'string', notNull: true, checks: [notBlank, size(1, 100)] }, hostOrigin: { type: 'string', nullableClear: true, checks: [size(0, 2048), urlCheck] }, defaultLocale: { type: 'string', nullForbidden: true, checks: [localeCheck] } } },
  updateSite: { className: 'UpdateSiteRequest', fields: { name: { type: 'string', checks: [notBlank, size(1, 100)] }, hostOrigin: { type: 'string', checks: [size(0, 2048), urlCheck] } } },
  duplicateSite: { className: 'DuplicateSiteRequest', fields: { name: { type: 'string', notNull: true, checks: [notBlank, size(1, 100)] } } },
  createLocale: { className: 'CreateSiteLocaleRequest', fields: { siteId: { type: 'uuid', notNull: true }, locale: { type: 'string', notNull: true, checks: [localeCheck] }, domain: { type: 'string', nullableClear: true, checks: [size(0, 2048), urlCheck] } } },
  updateLocale: { className: 'UpdateSiteLocaleRequest', fields: { locale: { type: 'string', checks: [localeCheck] }, domain: { type: 'string', nullableClear: true, checks: [size(0, 2048), urlCheck] } } },
  createPage: { className: 'CreatePageRequest', fields: { siteId: { type: 'uuid', notNull: true }, pathname: { type: 'string', notNull: true, checks: pathnameChecks }, name: { type: 'string', notNull: true, checks: [size(1, 255)] } } },
  updatePage: { className: 'UpdatePageRequest', fields: { pathname: { type: 'string', checks: pathnameChecks }, name: { type: 'string', checks: [size(1, 255)] }, isOnline: { type: 'boolean' } } },
  createRoute: { className: 'CreateRouteRequest', fields: { siteId: { type: 'uuid', notNull: true }, pathname: { type: 'string', notNull: true, checks: [size(1, 512), pattern(/^\//, '^/.*')] } } },
  updateRoute: { className: 'UpdateRouteRequest', fields: { pathname: { type: 'string', checks: [size(1, 512), pattern(/^\//, '^/.*')] } } },
};
// a present null on a field with nullForbidden is "must not be null"; other nulls mean "not given" (Kotlin `String? = null`)
function dto(req, ctx, name) {
  return bindDto(readBody(req, ctx.body), DTO[name]);
}

const Q = {
  siteIdOpt: { type: 'uuid', javaType: 'java.util.UUID' },
  siteIdReq: { type: 'uuid', javaType: 'java.util.UUID', required: true },
  limit: { type: 'limit', javaType: 'java.lang.Double', default: 20 },
  startingAfter: { type: 'uuid', javaType: 'java.util.UUID' },
  skipValidation: { type: 'enum', javaType: 'com.example.sites.web.TrueFalse', values: ['true', 'false'], default: 'false' },
};

// ---- If-Match / ETag on the @Version column ----
function checkIfMatch(req, entity) {
  const h = req.headers['if-match'];
  if (!h) return;
  const tags = h.split(',').map((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, ''));
  if (!tags.includes('*') && !tags.includes(String(entity.version))) throw conflict(STALE);
}
const etag = (e) => ({ etag: `"${e.version}"` });

// ---- keyset pagination: startingAfter names an item; everything strictly after its (key, id) follows ----
function paginate(items, cmp, { limit, startingAfter }, cursorItem) {
  let rest = items.slice().sort(cmp);
  if (startingAfter) rest = rest.filter((x) => cmp(x, cursorItem) > 0);
  return { object: 'list', data: rest.slice(0, limit), hasMore: rest.length > limit, _items: rest.slice(0, limit) };
}

export function makeControllers(store) {
  const { db } = store;
  const siteOr404 = (id) => { const s = store.liveSite(id); if (!s) throw notFound(`Site with id '${id}' not found`); return s; };

  // ---------------- sites ----------------
  function createSite(ctx) {
    const { value: b } = dto(ctx.req, ctx, 'createSite');
    authorizeWorkspace(ctx.principal, b.workspaceId);
    const code = b.defaultLocale === undefined ? 'en-US' : checkLocaleCode(b.defaultLocale).value;
    const s = store.insertSite({ workspaceId: b.workspaceId, name: b.name, hostOrigin: b.hostOrigin ?? null, defaultLocale: code });
    return { status: 201, body: store.siteView(s), headers: { location: `/v2/sites/${s.id}`, ...etag(s) } };
  }
  function listSites(ctx) {
    const q = bindQuery(ctx.query, { workspaceId: Q.siteIdReq, limit: Q.limit, startingAfter: Q.startingAfter }, 'listSitesQuery');
    authorizeWorkspace(ctx.principal, q.workspaceId);
    const items = [...db.sites.values()].filter((s) => !s.deletedAt && s.workspaceId === q.workspaceId);
    let cursor;
    if (q.startingAfter) { cursor = items.find((s) => s.id === q.startingAfter); if (!cursor) throw notFound(`Site with id '${q.startingAfter}' not found in this workspace`); }
    const page = paginate(items, (a, b) => collate(a.name, b.name) || byId(a, b), q, cursor);
    return { status: 200, body: { object: 'list', data: page._items.map(store.siteView), hasMore: page.hasMore } };
  }
  function getSite(ctx) {
    const id = pathUuid('siteId', ctx.vars.siteId);
    authorizeSite(ctx.principal, store.liveSite(id), 'read');
    const s = siteOr404(id);
    return { status: 200, body: store.siteView(s), headers: etag(s) };
  }
  function updateSite(ctx) {
    const id = pathUuid('siteId', ctx.vars.siteId);
    const { value: b } = dto(ctx.req, ctx, 'updateSite');
    authorizeSite(ctx.principal, store.liveSite(id), 'update');
    const s = siteOr404(id);
    checkIfMatch(ctx.req, s);
    let dirty = false;
    for (const f of ['name', 'hostOrigin']) if (b[f] !== undefined && b[f] !== s[f]) { s[f] = b[f]; dirty = true; }
    if (dirty) s.version++;
    return { status: 200, body: store.siteView(s), headers: etag(s) };
  }
  function deleteSite(ctx) {
    const id = pathUuid('siteId', ctx.vars.siteId);
    authorizeSite(ctx.principal, store.liveSite(id), 'delete');
    const s = siteOr404(id);
    checkIfMatch(ctx.req, s);
    s.deletedAt = nowMicros();
    return { status: 204 };
  }
  function duplicateSite(ctx) {
    const id = pathUuid('siteId', ctx.vars.siteId);
    const { value: b } = dto(ctx.req, ctx, 'duplicateSite');
    authorizeSite(ctx.principal, store.liveSite(id), 'duplicate');
    const src = siteOr404(id);
    const def = store.defaultLocaleOf(src.id);
    const copy = store.insertSite({ workspaceId: src.workspaceId, name: b.name, hostOrigin: src.hostOrigin, defaultLocale: def.code, mode: src.localeManagementMode });
    copy.defaultLocalePathPrefix = src.defaultLocalePathPrefix;
    const localeMap = new Map([[def.id, store.defaultLocaleOf(copy.id)]]);
    store.defaultLocaleOf(copy.id).domain = def.domain;
    store.defaultLocaleOf(copy.id).pathPrefix = def.pathPrefix;
    for (const l of store.localesOf(src.id)) if (!l.isDefault) localeMap.set(l.id, store.insertLocale({ siteId: copy.id, code: l.code, domain: l.domain, pathPrefix: l.pathPrefix }));
    for (const p of store.pagesOf(src.id)) {
      const np = store.insertPage({ siteId: copy.id, pathname: p.pathname, name: p.name });
      Object.assign(np, { canonicalUrl: p.canonicalUrl, title: p.title, description: p.description, socialImageUrl: p.socialImageUrl, sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency, isOnline: p.isOnline, publishedAt: p.publishedAt, excludedFromSearchEngines: p.excludedFromSearchEngines });
      for (const z of store.localizationsOf(p.id)) if (localeMap.has(z.localeId)) store.insertLocalization({ pageId: np.id, localeId: localeMap.get(z.localeId).id, pathname: z.pathname, title: z.title, description: z.description });
    }
    for (const r of store.routesOf(src.id)) store.insertRoute({ siteId: copy.id, pathname: r.pathname });
    return { status: 201, body: store.siteView(copy), headers: { location: `/v2/sites/${copy.id}`, ...etag(copy) } };
  }

  // ---------------- locales ----------------
  // {localeIdOrCode}: a value UUID.fromString accepts is an id, anything else a code (then siteId or a Site key names the site)
  function siteForCode(ctx, q, what) {
    if (q.siteId) return q.siteId;
    if (ctx.principal.kind !== 'app') return ctx.principal.siteId;
    throw badRequest(`Required request parameter 'siteId' for method parameter type UUID is not present`, [{ field: 'siteId', message: `must not be null when a ${what} is used` }]);
  }
  function resolveLocale(ctx, q, action, { includeDeleted = false } = {}) {
    const raw = ctx.vars.localeIdOrCode;
    const asId = javaUuid(raw).value;
    if (asId) {
      const l = db.locales.get(asId);
      const site = l ? store.liveSite(l.siteId) : null;
      authorizeSite(ctx.principal, site, action);
      if (!l || !site || (q.siteId && q.siteId !== l.siteId) || (!includeDeleted && l.deletedAt)) throw notFound(`Locale with id '${asId}' not found`);
      return l;
    }
    const siteId = siteForCode(ctx, q, 'locale code');
    const site = store.liveSite(siteId);
    authorizeSite(ctx.principal, site, action);
    if (!site) throw notFound(`Site with id '${siteId}' not found`);
    let l = store.findLocaleByCode(siteId, raw);
    if (!l && includeDeleted) l = store.localesOf(siteId, { deleted: true }).filter((x) => x.code.toLowerCase() === raw.toLowerCase()).sort((a, b) => (b.deletedAt > a.deletedAt ? 1 : -1))[0];
    if (!l) throw notFound(`Locale '${raw}' not found for site '${siteId}'`);
    return l;
  }
  function createLocale(ctx) {
    const { value: b } = dto(ctx.req, ctx, 'createLocale');
    const site = store.liveSite(b.siteId);
    authorizeSite(ctx.principal, site, 'content-write');
    if (!site) throw notFound(`Site with id '${b.siteId}' not found`);
    const code = checkLocaleCode(b.locale).value;
    if (store.findLocaleByCode(site.id, code)) throw conflict(`Locale '${code}' already exists for this site`);
    const l = store.insertLocale({ siteId: site.id, code, domain: b.domain ?? null });
    return { status: 201, body: store.localeView(l), headers: { location: `/v2/locales/${l.id}`, ...etag(l) } };
  }
  function listLocales(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdReq, limit: Q.limit, startingAfter: Q.startingAfter }, 'listLocalesQuery');
    const site = store.liveSite(q.siteId);
    authorizeSite(ctx.principal, site, 'content-read');
    if (!site) throw notFound(`Site with id '${q.siteId}' not found`);
    const items = store.localesOf(site.id);
    let cursor;
    if (q.startingAfter) { cursor = items.find((l) => l.id === q.startingAfter); if (!cursor) throw notFound(`Locale with id '${q.startingAfter}' not found for this site`); }
    const cmp = (a, b) => (b.isDefault - a.isDefault) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || byId(a, b);
    const page = paginate(items, cmp, q, cursor);
    return { status: 200, body: { object: 'list', data: page._items.map(store.localeView), hasMore: page.hasMore } };
  }
  function getLocale(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt }, 'localeQuery');
    const l = resolveLocale(ctx, q, 'content-read');
    return { status: 200, body: store.localeView(l), headers: etag(l) };
  }
  function updateLocale(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt }, 'localeQuery');
    const { value: b, present } = dto(ctx.req, ctx, 'updateLocale');
    const l = resolveLocale(ctx, q, 'content-write');
    checkIfMatch(ctx.req, l);
    let dirty = false;
    if (b.locale !== undefined) {
      const code = checkLocaleCode(b.locale).value;
      const other = store.findLocaleByCode(l.siteId, code);
      if (other && other.id !== l.id) throw conflict(`Locale '${code}' already exists for this site`);
      if (code !== l.code) { l.code = code; dirty = true; }
    }
    if (present.has('domain') && b.domain !== l.domain) { l.domain = b.domain; dirty = true; }
    if (dirty) l.version++;
    return { status: 200, body: store.localeView(l), headers: etag(l) };
  }
  function deleteLocale(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt }, 'localeQuery');
    const l = resolveLocale(ctx, q, 'content-write');
    if (l.isDefault) throw badRequest('The default locale of a site cannot be deleted', [{ field: 'localeIdOrCode', message: 'is the default locale of the site' }]);
    checkIfMatch(ctx.req, l);
    l.deletedAt = nowMicros(); l.version++;
    return { status: 204 };
  }
  function restoreLocale(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt }, 'localeQuery');
    const l = resolveLocale(ctx, q, 'content-write', { includeDeleted: true });
    if (!l.deletedAt) throw conflict(`Locale '${l.code}' is not deleted`);
    if (store.findLocaleByCode(l.siteId, l.code)) throw conflict(`Locale '${l.code}' already exists for this site`);
    l.deletedAt = null; l.version++;
    return { status: 200, body: store.localeView(l), headers: etag(l) };
  }

  // ---------------- pages ----------------
  const VERSION_REF = { type: 'enum', javaType: 'com.example.sites.web.VersionRef', values: ['ref:live', 'ref:draft'], default: 'ref:draft' };
  function resolveSiteLocale(site, raw, { allowId }) {
    if (raw === undefined || raw.trim() === '') return null;
    const id = allowId ? javaUuid(raw).value : undefined;
    const l = id ? store.localesOf(site.id).find((x) => x.id === id) : store.findLocaleByCode(site.id, raw.trim());
    if (!l) throw badRequest(`Unknown locale '${raw}' for site '${site.id}'`, [{ field: 'locale', message: 'is not a locale of this site' }]);
    return l;
  }
  function resolvePage(ctx, q, action) {
    const raw = ctx.vars.pageIdOrPathname;
    const seg = raw.slice(1);
    const asId = !seg.includes('/') ? javaUuid(seg).value : undefined;
    if (asId) {
      const p = db.pages.get(asId);
      const site = p ? store.liveSite(p.siteId) : null;
      authorizeSite(ctx.principal, site, action);
      if (!p || !site || (q.siteId && q.siteId !== p.siteId)) throw notFound(`Page with id '${asId}' not found`);
      return { page: p, site };
    }
    const siteId = siteForCode(ctx, q, 'pathname');
    const site = store.liveSite(siteId);
    authorizeSite(ctx.principal, site, action);
    if (!site) throw notFound(`Site with id '${siteId}' not found`);
    const p = store.pagesOf(site.id).find((x) => x.pathname === raw);
    if (!p) throw notFound(`Page '${raw}' not found for site '${siteId}'`);
    return { page: p, site };
  }
  const clashes = (siteId, pathname, exceptPageId) => store.pagesOf(siteId).some((p) => p.pathname === pathname && p.id !== exceptPageId) || store.routesOf(siteId).some((r) => r.pathname === pathname);

  function createPage(ctx) {
    const { value: b } = dto(ctx.req, ctx, 'createPage');
    const site = store.liveSite(b.siteId);
    authorizeSite(ctx.principal, site, 'content-write');
    if (!site) throw notFound(`Site with id '${b.siteId}' not found`);
    if (clashes(site.id, b.pathname)) throw conflict(PAGE_CONFLICT);
    const p = store.insertPage({ siteId: site.id, pathname: b.pathname, name: b.name });
    return { status: 201, body: store.pageView(p), headers: { location: `/v6/pages/${p.id}`, ...etag(p) } };
  }
  function listPages(ctx, siteFromPath) {
    const spec = {
      siteId: Q.siteIdReq, limit: Q.limit, startingAfter: Q.startingAfter,
      pathPrefix: { type: 'string', default: '/' },
      sortBy: { type: 'enum', javaType: 'com.example.sites.web.PageSortBy', values: ['title', 'path', 'description', 'updatedAt', 'createdAt'], default: 'path' },
      sortDirection: { type: 'enum', javaType: 'com.example.sites.web.SortDirection', values: ['asc', 'desc'], default: 'asc' },
      includeOffline: { type: 'enum', javaType: 'com.example.sites.web.TrueFalse', values: ['true', 'false'], default: 'false' },
      locale: { type: 'string' }, versionRef: VERSION_REF,
    };
    let siteId;
    if (siteFromPath) { siteId = pathUuid('siteId', siteFromPath); delete spec.siteId; }
    const q = bindQuery(ctx.query, spec, 'listPagesQuery');
    siteId ??= q.siteId;
    const site = store.liveSite(siteId);
    authorizeSite(ctx.principal, site, 'content-read');
    if (!site) throw notFound(`Site with id '${siteId}' not found`);
    const loc = resolveSiteLocale(site, q.locale, { allowId: false });
    const all = store.pagesOf(site.id);
    const views = new Map(all.map((p) => [p.id, store.pageView(p, loc)]));
    let items = all.filter((p) => (q.versionRef === 'ref:live' ? p.isOnline : q.includeOffline === 'true' || p.isOnline));
    if (loc && !loc.isDefault) items = items.filter((p) => store.localizationsOf(p.id).some((z) => z.localeId === loc.id));
    items = items.filter((p) => views.get(p.id).pathname.startsWith(q.pathPrefix));
    let cursor;
    if (q.startingAfter) { cursor = all.find((p) => p.id === q.startingAfter); if (!cursor) throw notFound(`Page with id '${q.startingAfter}' not found for this site`); }
    const key = { path: (p) => views.get(p.id).pathname, title: (p) => views.get(p.id).title, description: (p) => views.get(p.id).description, createdAt: (p) => p.createdAt, updatedAt: (p) => p.updatedAt }[q.sortBy];
    const dir = q.sortDirection === 'desc' ? -1 : 1;
    const cmp = (a, b) => {
      const x = key(a), y = key(b);
      let c;
      if (x === null || y === null) c = x === y ? 0 : x === null ? 1 : -1; // PostgreSQL: NULLS LAST ascending, FIRST descending
      else if (typeof x === 'bigint') c = x < y ? -1 : x > y ? 1 : 0;
      else c = collate(x, y);
      return dir * (c || byId(a, b));
    };
    const page = paginate(items, cmp, q, cursor);
    return { status: 200, body: { object: 'list', data: page._items.map((p) => views.get(p.id)), hasMore: page.hasMore } };
  }
  function getPage(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt, versionRef: VERSION_REF, locale: { type: 'string' } }, 'getPageQuery');
    const { page, site } = resolvePage(ctx, q, 'content-read');
    const loc = resolveSiteLocale(site, q.locale, { allowId: true });
    if (q.versionRef === 'ref:live' && !page.isOnline) throw notFound(`Page '${page.id}' has no live version`);
    return { status: 200, body: store.pageView(page, loc), headers: etag(page) };
  }
  function updatePage(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt }, 'pageQuery');
    const { value: b } = dto(ctx.req, ctx, 'updatePage');
    const { page } = resolvePage(ctx, q, 'content-write');
    checkIfMatch(ctx.req, page);
    if (b.pathname !== undefined && b.pathname !== page.pathname && clashes(page.siteId, b.pathname, page.id)) throw conflict(PAGE_CONFLICT);
    let dirty = false;
    for (const f of ['pathname', 'name']) if (b[f] !== undefined && b[f] !== page[f]) { page[f] = b[f]; dirty = true; }
    const now = nowMicros();
    if (b.isOnline !== undefined && b.isOnline !== page.isOnline) { page.isOnline = b.isOnline; if (b.isOnline) page.publishedAt = now; dirty = true; }
    if (dirty) { page.updatedAt = now; page.version++; }
    return { status: 200, body: store.pageView(page), headers: etag(page) };
  }
  function deletePage(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt }, 'pageQuery');
    const { page } = resolvePage(ctx, q, 'content-write');
    checkIfMatch(ctx.req, page);
    store.deletePage(page.id);
    return { status: 204 };
  }

  // ---------------- routes ----------------
  function validateRoutePattern(p) {
    const names = new Set();
    const segs = p.split('/').slice(1);
    for (let i = 0; i < segs.length; i++) {
      const s = segs[i];
      const last = i === segs.length - 1;
      if (s === '**' || /^\{\*[^}]*\}$/.test(s)) {
        if (!last) return 'No more pattern data allowed after {*...} or ** pattern element';
        if (s !== '**') { const n = s.slice(2, -1); if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) return `Char '${n[0] || '}'}' not allowed in a capture descriptor`; if (names.has(n)) return `Not allowed to capture '${n}' twice in the same pattern`; names.add(n); }
        continue;
      }
      if (s.includes('{*')) return "'{*...}' can only be preceded by a path separator";
      let k = 0;
      while (k < s.length) {
        const c = s[k];
        if (c === '}') return "Missing preceding open capture character before variable name'{'";
        if (c === '{') {
          let depth = 1, j = k + 1;
          while (j < s.length && depth) { if (s[j] === '{') depth++; else if (s[j] === '}') depth--; j++; }
          if (depth) return "Expected close capture character after variable name '}'";
          const inner = s.slice(k + 1, j - 1);
          const colon = inner.indexOf(':');
          const n = colon < 0 ? inner : inner.slice(0, colon);
          if (colon < 0 && inner.includes('{')) return 'Not allowed to nest variable captures';
          if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) return `Char '${n.replace(/^[A-Za-z_][A-Za-z0-9_]*/, '')[0] || ':'}' not allowed in a capture descriptor`;
          if (colon >= 0) { try { new RegExp(inner.slice(colon + 1)); } catch { return 'Exception occurred in regex pattern compilation'; } }
          if (names.has(n)) return `Not allowed to capture '${n}' twice in the same pattern`;
          names.add(n); k = j; continue;
        }
        if (!/[A-Za-z0-9._~!$&'()*+,;=:@-]/.test(c)) return `Char '${c}' not allowed in a path pattern segment`;
        k++;
      }
    }
    return null;
  }
  function routeRules(site, pathname, skip, exceptId) {
    if (store.routesOf(site.id).some((r) => r.pathname === pathname && r.id !== exceptId)) throw conflict(`A route with pathname '${pathname}' already exists.`);
    if (skip) return;
    const bad = validateRoutePattern(pathname);
    if (bad) throw badRequest('Route validation failed', [{ field: 'pathname', message: bad }]);
    if (store.pagesOf(site.id).some((p) => p.pathname === pathname)) throw conflict(PAGE_CONFLICT);
  }
  function resolveRoute(ctx, q, action) {
    const raw = ctx.vars.routeIdOrPathname;
    const seg = raw.slice(1);
    const asId = !seg.includes('/') ? javaUuid(seg).value : undefined;
    if (asId) {
      const r = db.routes.get(asId);
      const site = r ? store.liveSite(r.siteId) : null;
      authorizeSite(ctx.principal, site, action);
      if (!r || !site || (q.siteId && q.siteId !== r.siteId)) throw notFound(`Route with id '${asId}' not found`);
      return { route: r, site };
    }
    const siteId = siteForCode(ctx, q, 'pathname');
    const site = store.liveSite(siteId);
    authorizeSite(ctx.principal, site, action);
    if (!site) throw notFound(`Site with id '${siteId}' not found`);
    const r = store.routesOf(site.id).find((x) => x.pathname === raw);
    if (!r) throw notFound(`Route '${raw}' not found for site '${siteId}'`);
    return { route: r, site };
  }
  function createRoute(ctx) {
    const q = bindQuery(ctx.query, { skipValidation: Q.skipValidation }, 'createRouteQuery');
    const { value: b } = dto(ctx.req, ctx, 'createRoute');
    const site = store.liveSite(b.siteId);
    authorizeSite(ctx.principal, site, 'content-write');
    if (!site) throw notFound(`Site with id '${b.siteId}' not found`);
    routeRules(site, b.pathname, q.skipValidation === 'true');
    const r = store.insertRoute({ siteId: site.id, pathname: b.pathname });
    return { status: 201, body: store.routeView(r), headers: { location: `/v2/routes/${r.id}`, ...etag(r) } };
  }
  function listRoutes(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdReq, limit: Q.limit, startingAfter: Q.startingAfter }, 'listRoutesQuery');
    const site = store.liveSite(q.siteId);
    authorizeSite(ctx.principal, site, 'content-read');
    if (!site) throw notFound(`Site with id '${q.siteId}' not found`);
    const items = store.routesOf(site.id);
    let cursor;
    if (q.startingAfter) { cursor = items.find((r) => r.id === q.startingAfter); if (!cursor) throw notFound(`Route with id '${q.startingAfter}' not found for this site`); }
    const cmp = (a, b) => (a.pathname < b.pathname ? -1 : a.pathname > b.pathname ? 1 : 0) || byId(a, b); // COLLATE "C"
    const page = paginate(items, cmp, q, cursor);
    return { status: 200, body: { object: 'list', data: page._items.map(store.routeView), hasMore: page.hasMore } };
  }
  function getRoute(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt }, 'routeQuery');
    const { route } = resolveRoute(ctx, q, 'content-read');
    return { status: 200, body: store.routeView(route), headers: etag(route) };
  }
  function updateRoute(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt, skipValidation: Q.skipValidation }, 'updateRouteQuery');
    const { value: b } = dto(ctx.req, ctx, 'updateRoute');
    const { route, site } = resolveRoute(ctx, q, 'content-write');
    checkIfMatch(ctx.req, route);
    if (b.pathname !== undefined && b.pathname !== route.pathname) {
      routeRules(site, b.pathname, q.skipValidation === 'true', route.id);
      route.pathname = b.pathname; route.version++;
    }
    return { status: 200, body: store.routeView(route), headers: etag(route) };
  }
  function deleteRoute(ctx) {
    const q = bindQuery(ctx.query, { siteId: Q.siteIdOpt }, 'routeQuery');
    const { route } = resolveRoute(ctx, q, 'content-write');
    checkIfMatch(ctx.req, route);
    db.routes.delete(route.id);
    return { status: 204 };
  }

  return [
    { method: 'POST', path: '/v2/sites', handler: createSite, body: true },
    { method: 'GET', path: '/v2/sites', handler: listSites },
    { method: 'GET', path: '/v2/sites/{siteId}', handler: getSite },
    { method: 'PATCH', path: '/v2/sites/{siteId}', handler: updateSite, body: true },
    { method: 'DELETE', path: '/v2/sites/{siteId}', handler: deleteSite },
    { method: 'POST', path: '/v2/sites/{siteId}/duplicate', handler: duplicateSite, body: true },
    { method: 'GET', path: '/v2/sites/{siteId}/pages', handler: (ctx) => listPages(ctx, ctx.vars.siteId) },
    { method: 'POST', path: '/v2/locales', handler: createLocale, body: true },
    { method: 'GET', path: '/v2/locales', handler: listLocales },
    { method: 'GET', path: '/v2/locales/{localeIdOrCode}', handler: getLocale },
    { method: 'PATCH', path: '/v2/locales/{localeIdOrCode}', handler: updateLocale, body: true },
    { method: 'DELETE', path: '/v2/locales/{localeIdOrCode}', handler: deleteLocale },
    { method: 'POST', path: '/v2/locales/{localeIdOrCode}/restore', handler: restoreLocale },
    { method: 'POST', path: '/v6/pages', handler: createPage, body: true },
    { method: 'GET', path: '/v6/pages', handler: (ctx) => listPages(ctx) },
    { method: 'GET', path: '/v6/pages/{*pageIdOrPathname}', handler: getPage },
    { method: 'PATCH', path: '/v6/pages/{*pageIdOrPathname}', handler: updatePage, body: true },
    { method: 'DELETE', path: '/v6/pages/{*pageIdOrPathname}', handler: deletePage },
    { method: 'POST', path: '/v2/routes', handler: createRoute, body: true },
    { method: 'GET', path: '/v2/routes', handler: listRoutes },
    { method: 'GET', path: '/v2/routes/{*routeIdOrPathname}', handler: getRoute },
    { method: 'PATCH', path: '/v2/routes/{*routeIdOrPathname}', handler: updateRoute, body: true },
    { method: 'DELETE', path: '/v2/routes/{*routeIdOrPathname}', handler: deleteRoute },
  ];
}
