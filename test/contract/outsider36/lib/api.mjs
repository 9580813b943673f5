// Controllers (the HttpController classes of the original design). Each
// handler: validate everything (400), resolve (404), authorise (403),
// check invariants (409), then append events and answer from projections.
import {
  isUuid, normUuid, checkName, checkUuidField, checkLocaleCode, isLocaleCode, checkUri,
  checkPathname, checkPathnameLoose, LIMITS,
} from './validate.mjs';
import { formatTs, newId } from './store.mjs';
import { JObj } from './json.mjs';

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
export const notFound = (what) => new ApiError(404, 'not_found', `${what} not found`);
export const forbidden = (msg = 'This API key does not have permission for this resource') => new ApiError(403, 'forbidden', msg);
export const conflict = (msg) => new ApiError(409, 'conflict', msg);

// Collects per-field problems; one item per field (first problem wins).
export class Problems {
  constructor() { this.list = []; }
  add(field, message) {
    if (!this.list.some((p) => p.field === field)) this.list.push({ field, message });
  }
  throwIf() {
    if (this.list.length) {
      const fields = this.list.map((p) => p.field).join(', ');
      throw new ApiError(400, 'bad_request', `Invalid request: ${fields}`, this.list);
    }
  }
}

// ---------------------------------------------------------------- helpers
const strBytes = (s) => Buffer.from(s, 'utf8');
const byteCmp = (a, b) => Buffer.compare(strBytes(a), strBytes(b));

function checkQuery(ctx, allowed, pr) {
  for (const [name, values] of ctx.query) {
    if (!(name in allowed)) { pr.add(name, 'is not an accepted query parameter'); continue; }
    if (values.length > 1) { pr.add(name, 'must be given at most once'); continue; }
  }
  const out = {};
  for (const [name, spec] of Object.entries(allowed)) {
    const vals = ctx.query.get(name);
    if (!vals) {
      if (spec.required) pr.add(name, 'is required');
      else out[name] = spec.default;
      continue;
    }
    if (vals.length > 1) continue;
    const v = vals[0];
    const msg = spec.check(v);
    if (msg) pr.add(name, msg);
    else out[name] = spec.map ? spec.map(v) : v;
  }
  return out;
}

const qUuid = (required = false) => ({ required, check: (v) => (isUuid(v) ? null : 'must be a UUID (RFC 4122 hyphenated form)'), map: normUuid });
const qLimit = () => ({
  default: 20,
  check: (v) => {
    if (!/^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(v)) return 'must be a number';
    const n = Number(v);
    if (!Number.isInteger(n)) return 'must be a whole number';
    if (n < 1 || n > 100) return 'must be between 1 and 100';
    return null;
  },
  map: (v) => Number(v),
});
const qEnum = (values, def) => ({
  default: def,
  check: (v) => (values.includes(v) ? null : `must be one of: ${values.join(', ')}`),
});

function noBody(ctx, pr) {
  if (ctx.rawBody.length > 0) pr.add('body', 'this operation accepts no request body');
}

// Body: must be a JSON object; unknown fields refused; types checked.
function checkBody(ctx, fields, pr, { optionalBody = false } = {}) {
  const b = ctx.body;
  if (b.error) { pr.add(b.errorField || 'body', b.error); return null; }
  if (b.empty) {
    if (optionalBody) return {};
    pr.add('body', 'a JSON object body is required');
    return null;
  }
  if (!(b.value instanceof JObj)) { pr.add('body', 'must be a JSON object'); return null; }
  const { obj, keys } = b.value;
  const out = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (!Object.prototype.hasOwnProperty.call(obj, name)) {
      if (spec.required) pr.add(name, 'is required');
      continue;
    }
    const v = obj[name];
    if (v === null && spec.nullable) { out[name] = null; continue; }
    if (v === null) { pr.add(name, spec.required ? 'is required and must not be null' : 'must not be null'); continue; }
    const msg = spec.check(v);
    if (msg) pr.add(name, msg);
    else out[name] = spec.map ? spec.map(v) : v;
  }
  for (const k of keys) if (!(k in fields)) pr.add(k, spec404(k));
  return out;
}
const spec404 = (k) => (k === '' ? 'empty field names are not accepted' : 'is not an accepted field');

function decodeParam(raw, name, pr) {
  try {
    const v = decodeURIComponent(raw);
    if (/[\u0000-\u001f\u007f]/.test(v)) { pr.add(name, 'must not contain control characters'); return null; }
    return v;
  } catch {
    pr.add(name, 'is not valid percent-encoded UTF-8');
    return null;
  }
}

// ---------------------------------------------------------------- views
function siteView(store, s) {
  const dl = store.defaultLocale(s.id);
  return {
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.hostOrigin,
    publicApiKey: s.publicApiKey,
    defaultLocale: dl ? dl.locale : null,
    defaultLocalePathPrefix: dl ? dl.pathPrefix : null,
    localeManagementMode: 'external',
  };
}
function localeView(l) {
  return { object: 'locale', id: l.id, locale: l.locale, domain: l.domain, pathPrefix: l.pathPrefix, isDefault: l.isDefault };
}
function routeView(r) {
  return { object: 'route', id: r.id, pathname: r.pathname };
}
// A page row as seen in one locale (null localeRow = the page's own locale).
function pageRow(store, p, localeRow) {
  let pathname = p.pathname;
  let localeCode = store.locales.get(p.localeId)?.locale;
  if (localeRow && localeRow.id !== p.localeId) {
    const hit = store.pageLocalizations(p.id).find((x) => x.l.id === localeRow.id);
    if (!hit) return null;
    pathname = hit.z.pathname;
    localeCode = localeRow.locale;
  }
  return { p, pathname, localeCode };
}
function pageView(store, row) {
  const { p } = row;
  const v = {
    object: 'page',
    id: p.id,
    pathname: row.pathname,
    canonicalUrl: p.canonicalUrl,
    title: p.title,
    description: p.description,
    socialImageUrl: p.socialImageUrl,
    sitemapPriority: p.sitemapPriority,
    sitemapFrequency: p.sitemapFrequency,
    createdAt: formatTs(p.createdAt),
    updatedAt: formatTs(p.updatedAt),
    publishedAt: formatTs(p.publishedAt),
    isOnline: p.isOnline,
    excludedFromSearchEngines: p.excludedFromSearchEngines,
  };
  if (row.localeCode !== undefined) v.locale = row.localeCode;
  v.localizations = store.pageLocalizations(p.id).map(({ z, l }) => ({ locale: l.locale, pathname: z.pathname, id: z.id }));
  return v;
}

// ---------------------------------------------------------------- access
function canSee(principal, site) {
  if (principal.kind === 'app') return site.workspaceId === principal.workspaceId;
  return site.id === principal.siteId;
}
function resolveSite(store, principal, siteId) {
  const s = store.liveSite(siteId);
  if (!s) throw notFound('Site');
  if (!canSee(principal, s)) throw forbidden();
  return s;
}
function paginate(sorted, limit) {
  return { object: 'list', data: sorted.slice(0, limit), hasMore: sorted.length > limit };
}

// ---------------------------------------------------------------- sites
const siteNameSpec = { check: (v) => checkName(v, LIMITS.siteName) };

export function createSite(store, ctx) {
  const pr = new Problems();
  checkQuery(ctx, {}, pr);
  const b = checkBody(ctx, {
    workspaceId: { required: true, check: checkUuidField, map: normUuid },
    name: { required: true, ...siteNameSpec },
    hostOrigin: { check: checkUri },
    defaultLocale: { check: checkLocaleCode },
  }, pr);
  pr.throwIf();
  if (b.workspaceId !== ctx.principal.workspaceId) throw forbidden('This API key does not have permission for this workspace');
  const siteId = newId();
  const localeId = newId();
  store.append([
    { type: 'SiteCreated', data: { siteId, workspaceId: b.workspaceId, name: b.name, hostOrigin: b.hostOrigin ?? null, publicApiKey: newId(), siteKey: newId() } },
    { type: 'LocaleCreated', data: { localeId, siteId, locale: b.defaultLocale ?? 'en-US', domain: null, isDefault: true } },
  ]);
  return { status: 201, body: siteView(store, store.sites.get(siteId)) };
}

export function listSites(store, ctx) {
  const pr = new Problems();
  const q = checkQuery(ctx, { workspaceId: qUuid(true), limit: qLimit(), startingAfter: qUuid() }, pr);
  noBody(ctx, pr);
  pr.throwIf();
  if (q.workspaceId !== ctx.principal.workspaceId) throw forbidden('This API key does not have permission for this workspace');
  const all = [...store.sites.values()].filter((s) => s.workspaceId === q.workspaceId).sort((a, b) => a.seq - b.seq);
  let rows = all.filter((s) => !s.deleted);
  if (q.startingAfter) {
    const c = all.find((s) => s.id === q.startingAfter);
    if (!c) throw new ApiError(400, 'bad_request', 'Invalid pagination cursor', [{ field: 'startingAfter', message: 'does not refer to a site of this workspace' }]);
    rows = rows.filter((s) => s.seq > c.seq);
  }
  const page = paginate(rows, q.limit);
  page.data = page.data.map((s) => siteView(store, s));
  return { status: 200, body: page };
}

function siteIdParam(ctx, pr) {
  const v = decodeParam(ctx.params.siteId, 'siteId', pr);
  if (v === null) return null;
  if (!isUuid(v)) { pr.add('siteId', 'must be a UUID (RFC 4122 hyphenated form)'); return null; }
  return normUuid(v);
}

export function getSite(store, ctx) {
  const pr = new Problems();
  const id = siteIdParam(ctx, pr);
  checkQuery(ctx, {}, pr);
  noBody(ctx, pr);
  pr.throwIf();
  return { status: 200, body: siteView(store, resolveSite(store, ctx.principal, id)) };
}

export function updateSite(store, ctx) {
  const pr = new Problems();
  const id = siteIdParam(ctx, pr);
  checkQuery(ctx, {}, pr);
  const b = checkBody(ctx, {
    name: siteNameSpec,
    hostOrigin: { check: checkUri },
  }, pr);
  pr.throwIf();
  const s = resolveSite(store, ctx.principal, id);
  const changes = {};
  if (b.name !== undefined && b.name !== s.name) changes.name = b.name;
  if (b.hostOrigin !== undefined && b.hostOrigin !== s.hostOrigin) changes.hostOrigin = b.hostOrigin;
  if (Object.keys(changes).length) store.append([{ type: 'SiteUpdated', data: { siteId: s.id, changes } }]);
  return { status: 200, body: siteView(store, s) };
}

export function deleteSite(store, ctx) {
  const pr = new Problems();
  const id = siteIdParam(ctx, pr);
  checkQuery(ctx, {}, pr);
  noBody(ctx, pr);
  pr.throwIf();
  const s = resolveSite(store, ctx.principal, id);
  store.append([{ type: 'SiteDeleted', data: { siteId: s.id } }]);
  return { status: 204, body: null };
}

export function duplicateSite(store, ctx) {
  const pr = new Problems();
  const id = siteIdParam(ctx, pr);
  checkQuery(ctx, {}, pr);
  const b = checkBody(ctx, { name: { required: true, ...siteNameSpec } }, pr);
  pr.throwIf();
  const src = resolveSite(store, ctx.principal, id);
  const siteId = newId();
  const events = [
    { type: 'SiteDuplicated', data: { siteId, sourceSiteId: src.id } },
    { type: 'SiteCreated', data: { siteId, workspaceId: src.workspaceId, name: b.name, hostOrigin: src.hostOrigin, publicApiKey: newId(), siteKey: newId() } },
  ];
  const localeMap = new Map();
  for (const l of store.siteLocales(src.id)) {
    const nid = newId();
    localeMap.set(l.id, nid);
    events.push({ type: 'LocaleCreated', data: { localeId: nid, siteId, locale: l.locale, domain: l.domain, isDefault: l.isDefault } });
  }
  for (const p of store.sitePages(src.id).sort((a, c) => a.seq - c.seq)) {
    const pid = newId();
    const live = store.live.get(p.id);
    const { id: _i, siteId: _s, localeId, name, createdAt: _c, updatedAt: _u, publishedAt: _p, deleted: _d, seq: _q, ...fields } = p;
    if (live) {
      // Recreate the live version first, then the draft on top of it.
      const { id: _a, siteId: _b, localeId: _e, name: ln, createdAt: _f, updatedAt: _g, publishedAt: _h, seq: _k, ...lf } = live;
      events.push({ type: 'PageCreated', data: { pageId: pid, siteId, localeId: localeMap.get(localeId), name: ln, fields: { ...lf } } });
      events.push({ type: 'PagePublished', data: { pageId: pid, publishedAt: live.publishedAt } });
      if (!live.isOnline) events.push({ type: 'PageUnpublished', data: { pageId: pid } });
      events.push({ type: 'PageUpdated', data: { pageId: pid, changes: { ...fields, name } } });
    } else {
      events.push({ type: 'PageCreated', data: { pageId: pid, siteId, localeId: localeMap.get(localeId), name, fields: { ...fields } } });
    }
    for (const { z, l } of store.pageLocalizations(p.id)) {
      events.push({ type: 'PageLocalizationAdded', data: { localizationId: newId(), pageId: pid, localeId: localeMap.get(l.id), pathname: z.pathname } });
    }
  }
  for (const r of store.siteRoutes(src.id)) {
    events.push({ type: 'RouteCreated', data: { routeId: newId(), siteId, pathname: r.pathname } });
  }
  store.append(events);
  return { status: 201, body: siteView(store, store.sites.get(siteId)) };
}

// ---------------------------------------------------------------- locales
export function createLocale(store, ctx) {
  const pr = new Problems();
  checkQuery(ctx, {}, pr);
  const b = checkBody(ctx, {
    siteId: { required: true, check: checkUuidField, map: normUuid },
    locale: { required: true, check: checkLocaleCode },
    domain: { check: checkUri },
  }, pr);
  pr.throwIf();
  const s = resolveSite(store, ctx.principal, b.siteId);
  const active = store.siteLocales(s.id);
  if (active.some((l) => l.locale === b.locale)) throw conflict(`Locale ${b.locale} already exists for this site`);
  if (b.domain != null && active.some((l) => l.domain === b.domain)) throw conflict('Another locale of this site already uses this domain');
  const localeId = newId();
  store.append([{ type: 'LocaleCreated', data: { localeId, siteId: s.id, locale: b.locale, domain: b.domain ?? null, isDefault: false } }]);
  return { status: 201, body: localeView(store.locales.get(localeId)) };
}

export function listLocales(store, ctx) {
  const pr = new Problems();
  const q = checkQuery(ctx, { siteId: qUuid(true), limit: qLimit(), startingAfter: qUuid() }, pr);
  noBody(ctx, pr);
  pr.throwIf();
  const s = resolveSite(store, ctx.principal, q.siteId);
  const all = store.siteLocales(s.id, { includeDeleted: true });
  let rows = all.filter((l) => !l.deleted);
  if (q.startingAfter) {
    const c = all.find((l) => l.id === q.startingAfter);
    if (!c) throw new ApiError(400, 'bad_request', 'Invalid pagination cursor', [{ field: 'startingAfter', message: 'does not refer to a locale of this site' }]);
    rows = rows.filter((l) => l.seq > c.seq);
  }
  const page = paginate(rows, q.limit);
  page.data = page.data.map(localeView);
  return { status: 200, body: page };
}

// Resolve {localeIdOrCode} (+ optional siteId). mode: 'active' | 'restore'.
function localeTarget(store, ctx, pr, extraBody) {
  const ident = decodeParam(ctx.params.localeIdOrCode, 'localeIdOrCode', pr);
  const q = checkQuery(ctx, { siteId: qUuid() }, pr);
  let kind = null;
  if (ident !== null) {
    if (isUuid(ident)) kind = 'id';
    else if (isLocaleCode(ident)) {
      kind = 'code';
      if (!ctx.query.has('siteId')) pr.add('siteId', 'is required when a locale code is used instead of a locale ID');
    } else pr.add('localeIdOrCode', 'must be a locale ID (UUID) or a locale code such as "en-US"');
  }
  const body = extraBody ? extraBody() : (noBody(ctx, pr), null);
  pr.throwIf();
  return { kind, ident: kind === 'id' ? normUuid(ident) : ident, siteId: q.siteId, body };
}
function findLocale(store, ctx, t, { deleted = false } = {}) {
  let site = null;
  if (t.siteId) site = resolveSite(store, ctx.principal, t.siteId);
  let l = null;
  if (t.kind === 'id') {
    l = store.locales.get(t.ident) || null;
    if (l && !store.liveSite(l.siteId)) l = null;
    if (l && site && l.siteId !== site.id) l = null;
    if (l && !deleted && l.deleted) l = null;
  } else {
    const cands = store.siteLocales(site.id, { includeDeleted: true }).filter((x) => x.locale === t.ident);
    l = cands.find((x) => !x.deleted) || null;
    if (!l && deleted) l = cands.filter((x) => x.deleted).sort((a, b) => b.deletedSeq - a.deletedSeq)[0] || null;
  }
  if (!l) throw notFound('Locale');
  if (!site) {
    const s = store.liveSite(l.siteId);
    if (!canSee(ctx.principal, s)) throw forbidden();
  }
  return l;
}

export function getLocale(store, ctx) {
  const t = localeTarget(store, ctx, new Problems());
  return { status: 200, body: localeView(findLocale(store, ctx, t)) };
}

export function updateLocale(store, ctx) {
  const pr = new Problems();
  const t = localeTarget(store, ctx, pr, () => checkBody(ctx, {
    locale: { check: checkLocaleCode },
    domain: { nullable: true, check: checkUri },
  }, pr));
  const l = findLocale(store, ctx, t);
  const b = t.body;
  const others = store.siteLocales(l.siteId).filter((x) => x.id !== l.id);
  const changes = {};
  if (b.locale !== undefined && b.locale !== l.locale) {
    if (others.some((x) => x.locale === b.locale)) throw conflict(`Locale ${b.locale} already exists for this site`);
    changes.locale = b.locale;
  }
  if (b.domain !== undefined && b.domain !== l.domain) {
    if (b.domain !== null && others.some((x) => x.domain === b.domain)) throw conflict('Another locale of this site already uses this domain');
    changes.domain = b.domain;
  }
  if (Object.keys(changes).length) store.append([{ type: 'LocaleUpdated', data: { localeId: l.id, changes } }]);
  return { status: 200, body: localeView(l) };
}

export function deleteLocale(store, ctx) {
  const t = localeTarget(store, ctx, new Problems());
  const l = findLocale(store, ctx, t);
  if (l.isDefault) {
    throw new ApiError(400, 'bad_request', 'The default locale of a site cannot be deleted', [{ field: 'localeIdOrCode', message: 'refers to the default locale of the site, which cannot be deleted' }]);
  }
  store.append([{ type: 'LocaleDeleted', data: { localeId: l.id } }]);
  return { status: 204, body: null };
}

export function restoreLocale(store, ctx) {
  const pr = new Problems();
  const t = localeTarget(store, ctx, pr, () => {
    const b = checkBody(ctx, {}, pr, { optionalBody: true });
    return b;
  });
  const l = findLocale(store, ctx, t, { deleted: true });
  if (!l.deleted) throw conflict('This locale is not deleted');
  const active = store.siteLocales(l.siteId);
  if (active.some((x) => x.locale === l.locale)) throw conflict(`Locale ${l.locale} already exists for this site`);
  if (l.domain !== null && active.some((x) => x.domain === l.domain)) throw conflict('Another locale of this site already uses this domain');
  store.append([{ type: 'LocaleRestored', data: { localeId: l.id } }]);
  return { status: 200, body: localeView(l) };
}

// ---------------------------------------------------------------- pages
function pathTaken(store, siteId, pathname, { exceptPage = null, exceptRoute = null, pages = true, routes = true } = {}) {
  if (pages && store.sitePages(siteId).some((p) => p.id !== exceptPage && p.pathname === pathname)) return 'A page with this pathname already exists';
  if (routes && store.siteRoutes(siteId).some((r) => r.id !== exceptRoute && r.pathname === pathname)) return 'A route with this pathname already exists';
  return null;
}

export function createPage(store, ctx) {
  const pr = new Problems();
  checkQuery(ctx, {}, pr);
  const b = checkBody(ctx, {
    siteId: { required: true, check: checkUuidField, map: normUuid },
    pathname: { required: true, check: checkPathname },
    name: { required: true, check: (v) => checkName(v, LIMITS.pageName) },
  }, pr);
  pr.throwIf();
  const s = resolveSite(store, ctx.principal, b.siteId);
  const taken = pathTaken(store, s.id, b.pathname);
  if (taken) throw conflict(taken);
  const pageId = newId();
  store.append([{
    type: 'PageCreated',
    data: {
      pageId, siteId: s.id, localeId: store.defaultLocale(s.id).id, name: b.name,
      fields: {
        pathname: b.pathname, canonicalUrl: null, title: null, description: null, socialImageUrl: null,
        sitemapPriority: 0.5, sitemapFrequency: null, isOnline: false, excludedFromSearchEngines: false,
      },
    },
  }]);
  return { status: 201, body: pageView(store, pageRow(store, store.pages.get(pageId), null)) };
}

const SORTS = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
function sortKey(row, sortBy) {
  switch (sortBy) {
    case 'path': return row.pathname;
    case 'title': return row.p.title;
    case 'description': return row.p.description;
    case 'createdAt': return row.p.createdAt;
    case 'updatedAt': return row.p.updatedAt;
    default: return null;
  }
}
// PostgreSQL: NULLs sort as larger than any value (ASC NULLS LAST, DESC NULLS FIRST);
// text under COLLATE "C" (bytes). Ties broken by id ascending.
function makeCmp(sortBy, dir) {
  const sign = dir === 'desc' ? -1 : 1;
  return (a, b) => {
    const va = sortKey(a, sortBy);
    const vb = sortKey(b, sortBy);
    let c = 0;
    if (va === null && vb === null) c = 0;
    else if (va === null) c = 1;
    else if (vb === null) c = -1;
    else if (typeof va === 'bigint') c = va < vb ? -1 : va > vb ? 1 : 0;
    else c = byteCmp(va, vb);
    c *= sign;
    if (c !== 0) return c;
    return byteCmp(a.p.id, b.p.id);
  };
}

function pageListing(store, site, o) {
  const useLive = o.versionRef === 'ref:live';
  const dl = store.defaultLocale(site.id);
  let localeRow = null;
  let emptyLocale = false;
  if (o.locale !== undefined) {
    const l = store.siteLocales(site.id).find((x) => x.locale === o.locale);
    if (!l) emptyLocale = true;
    else if (l.id !== dl.id) localeRow = l;
  }
  const source = (p) => (useLive ? store.live.get(p.id) : p);
  const rows = [];
  if (!emptyLocale) {
    for (const p of store.sitePages(site.id)) {
      const rec = source(p);
      if (!rec) continue;
      const row = pageRow(store, rec, localeRow);
      if (!row) continue;
      if (!o.includeOffline && !rec.isOnline) continue;
      if (!row.pathname.startsWith(o.pathPrefix)) continue;
      rows.push(row);
    }
  }
  const cmp = makeCmp(o.sortBy, o.sortDirection);
  rows.sort(cmp);
  let after = rows;
  if (o.startingAfter) {
    const c = store.pages.get(o.startingAfter);
    if (!c || c.siteId !== site.id) {
      throw new ApiError(400, 'bad_request', 'Invalid pagination cursor', [{ field: 'startingAfter', message: 'does not refer to a page of this site' }]);
    }
    const rec = (useLive && store.live.get(c.id)) || c;
    const crow = pageRow(store, rec, localeRow) || pageRow(store, rec, null);
    after = rows.filter((r) => cmp(r, crow) > 0);
  }
  const page = paginate(after, o.limit);
  page.data = page.data.map((r) => pageView(store, r));
  return page;
}

export function listPages(store, ctx) {
  const pr = new Problems();
  const q = checkQuery(ctx, {
    siteId: qUuid(true),
    limit: qLimit(),
    startingAfter: qUuid(),
    pathPrefix: { default: '/', check: (v) => (v.startsWith('/') ? (v.length > LIMITS.pathname ? 'is too long' : null) : 'must start with "/"') },
    sortBy: qEnum(SORTS, 'path'),
    sortDirection: qEnum(['asc', 'desc'], 'asc'),
    includeOffline: { ...qEnum(['true', 'false'], false), map: (v) => v === 'true' },
    locale: { default: undefined, check: (v) => checkLocaleCode(v) },
    versionRef: qEnum(['ref:live', 'ref:draft'], 'ref:draft'),
  }, pr);
  noBody(ctx, pr);
  pr.throwIf();
  const s = resolveSite(store, ctx.principal, q.siteId);
  return { status: 200, body: pageListing(store, s, q) };
}

// GET /v2/sites/{siteId}/pages: the draft pages of a site, every state, by pathname.
export function listSitePages(store, ctx) {
  const pr = new Problems();
  const id = siteIdParam(ctx, pr);
  const q = checkQuery(ctx, { limit: qLimit(), startingAfter: qUuid() }, pr);
  noBody(ctx, pr);
  pr.throwIf();
  const s = resolveSite(store, ctx.principal, id);
  return {
    status: 200,
    body: pageListing(store, s, {
      ...q, versionRef: 'ref:draft', includeOffline: true, pathPrefix: '/', sortBy: 'path', sortDirection: 'asc', locale: undefined,
    }),
  };
}

function pageTarget(ctx, pr, extraQuery = {}) {
  const ident = decodeParam(ctx.params.pageIdOrPathname, 'pageIdOrPathname', pr);
  const q = checkQuery(ctx, { siteId: qUuid(), ...extraQuery }, pr);
  let kind = null;
  if (ident !== null) {
    if (isUuid(ident)) kind = 'id';
    else if (ident.startsWith('/')) {
      kind = 'path';
      if (!ctx.query.has('siteId')) pr.add('siteId', 'is required when a pathname is used instead of a page ID');
    } else pr.add('pageIdOrPathname', 'must be a page ID (UUID) or a pathname starting with "/" (percent-encoded, e.g. %2Fabout)');
  }
  return { kind, ident: kind === 'id' ? normUuid(ident) : ident, q };
}
function findPage(store, ctx, t, { live = false } = {}) {
  let site = null;
  if (t.q.siteId) site = resolveSite(store, ctx.principal, t.q.siteId);
  let p = null;
  if (t.kind === 'id') {
    p = store.pages.get(t.ident) || null;
    if (p && (p.deleted || !store.liveSite(p.siteId))) p = null;
    if (p && site && p.siteId !== site.id) p = null;
    if (p && live && !store.live.get(p.id)) p = null;
  } else {
    for (const x of store.sitePages(site.id)) {
      const rec = live ? store.live.get(x.id) : x;
      if (rec && rec.pathname === t.ident) { p = x; break; }
    }
  }
  if (!p) throw notFound('Page');
  if (!site && !canSee(ctx.principal, store.liveSite(p.siteId))) throw forbidden();
  return p;
}

export function getPage(store, ctx) {
  const pr = new Problems();
  const t = pageTarget(ctx, pr, {
    versionRef: qEnum(['ref:live', 'ref:draft'], 'ref:draft'),
    locale: { default: undefined, check: (v) => (isUuid(v) || isLocaleCode(v) ? null : 'must be a locale code (e.g. "en-US") or a locale ID (UUID)') },
  });
  noBody(ctx, pr);
  pr.throwIf();
  const live = t.q.versionRef === 'ref:live';
  const p = findPage(store, ctx, t, { live });
  const rec = live ? store.live.get(p.id) : p;
  let localeRow = null;
  if (t.q.locale !== undefined) {
    const all = store.siteLocales(p.siteId);
    localeRow = isUuid(t.q.locale) ? all.find((l) => l.id === normUuid(t.q.locale)) : all.find((l) => l.locale === t.q.locale);
    if (!localeRow) throw notFound('Locale');
  }
  const row = (localeRow && pageRow(store, rec, localeRow)) || pageRow(store, rec, null);
  return { status: 200, body: pageView(store, row) };
}

export function updatePage(store, ctx) {
  const pr = new Problems();
  const t = pageTarget(ctx, pr);
  const b = checkBody(ctx, {
    pathname: { check: checkPathname },
    name: { check: (v) => checkName(v, LIMITS.pageName) },
    isOnline: { check: (v) => (typeof v === 'boolean' ? null : 'must be a boolean (true or false)') },
  }, pr);
  pr.throwIf();
  const p = findPage(store, ctx, t);
  const changes = {};
  if (b.pathname !== undefined && b.pathname !== p.pathname) {
    const taken = pathTaken(store, p.siteId, b.pathname, { exceptPage: p.id });
    if (taken) throw conflict(taken);
    changes.pathname = b.pathname;
  }
  if (b.name !== undefined && b.name !== p.name) changes.name = b.name;
  const events = [];
  if (Object.keys(changes).length) events.push({ type: 'PageUpdated', data: { pageId: p.id, changes } });
  if (b.isOnline === true && !p.isOnline) events.push({ type: 'PagePublished', data: { pageId: p.id } });
  if (b.isOnline === false && p.isOnline) events.push({ type: 'PageUnpublished', data: { pageId: p.id } });
  if (events.length) store.append(events);
  return { status: 200, body: pageView(store, pageRow(store, p, null)) };
}

export function deletePage(store, ctx) {
  const pr = new Problems();
  const t = pageTarget(ctx, pr);
  noBody(ctx, pr);
  pr.throwIf();
  const p = findPage(store, ctx, t);
  store.append([{ type: 'PageDeleted', data: { pageId: p.id } }]);
  return { status: 204, body: null };
}

// ---------------------------------------------------------------- routes
export function updateRoute(store, ctx) {
  const pr = new Problems();
  const ident = decodeParam(ctx.params.routeIdOrPathname, 'routeIdOrPathname', pr);
  const q = checkQuery(ctx, { siteId: qUuid(), skipValidation: { ...qEnum(['true', 'false'], false), map: (v) => v === 'true' } }, pr);
  let kind = null;
  if (ident !== null) {
    if (isUuid(ident)) kind = 'id';
    else if (ident.startsWith('/')) {
      kind = 'path';
      if (!ctx.query.has('siteId')) pr.add('siteId', 'is required when a pathname is used instead of a route ID');
    } else pr.add('routeIdOrPathname', 'must be a route ID (UUID) or a pathname starting with "/" (percent-encoded, e.g. %2Fold-blog)');
  }
  const skip = q.skipValidation === true;
  const b = checkBody(ctx, { pathname: { check: skip ? checkPathnameLoose : checkPathname } }, pr);
  pr.throwIf();
  let site = null;
  if (q.siteId) site = resolveSite(store, ctx.principal, q.siteId);
  let r = null;
  if (kind === 'id') {
    r = store.routes.get(normUuid(ident)) || null;
    if (r && !store.liveSite(r.siteId)) r = null;
    if (r && site && r.siteId !== site.id) r = null;
  } else {
    r = store.siteRoutes(site.id).find((x) => x.pathname === ident) || null;
  }
  if (!r) throw notFound('Route');
  if (!site && !canSee(ctx.principal, store.liveSite(r.siteId))) throw forbidden();
  if (b.pathname !== undefined && b.pathname !== r.pathname) {
    // Route-to-route uniqueness is a storage constraint and always holds;
    // the page collision check is the "route validation" that can be skipped.
    const taken = pathTaken(store, r.siteId, b.pathname, { exceptRoute: r.id, pages: !skip });
    if (taken) throw conflict(taken);
    store.append([{ type: 'RouteUpdated', data: { routeId: r.id, pathname: b.pathname } }]);
  }
  return { status: 200, body: routeView(r) };
}
