// Page handlers: GET/POST /v6/pages, GET/PATCH/DELETE /v6/pages/{pageIdOrPathname...},
// and the older GET /v2/sites/{siteId}/pages.
//
// Versions: the `pages` row is the draft. Publishing copies the row into `page_live`
// (PATCH isOnline false -> true); taking a page offline deletes that copy. Edits made
// while a page is online stay in the draft until it is taken offline and published again.

import { newId, activeLocales, defaultLocaleOf, activePages, pathnameTaken, snapshotOf } from './db.mjs';
import { canonicalLocale, goUUIDParse, UUID36 } from './validator.mjs';
import { pageView } from './views.mjs';
import { keysetPage } from './keyset.mjs';
import {
  Problems, readQuery, readLimit, readJSON, siteFor, reaches, pathUUID, forbidden, notFound, conflict,
} from './common.mjs';

const PATHNAME = 'required,startswith=/,max=400,nonul,cleanpath';
const PAGE_NAME = 'required,min=1,max=300,nonul';
const SORT_KEYS = 'title path description updatedAt createdAt';
const EMPTY_LIST = { status: 200, body: { object: 'list', data: [], hasMore: false } };

// The locale a list is shown in: the default locale (every page, as stored), a non-default
// active locale (only pages localized in it, pathname collapsed), or nothing at all.
function localeViewOf(s, site, code) {
  const def = defaultLocaleOf(s, site.id);
  if (!code || code === def.code) return { kind: 'default', code: def.code };
  const locale = activeLocales(s, site.id).find((l) => l.code === code);
  return locale ? { kind: 'localized', code, locale } : { kind: 'none' };
}

function localizationIn(s, pageId, localeId) {
  return [...s.localizations.values()].find((z) => z.pageId === pageId && z.localeId === localeId) || null;
}

// One page as a row of the view: the version's source row and the shown pathname/locale.
function project(s, page, version, view) {
  const source = version === 'ref:live' ? s.pageLive.get(page.id) : page;
  if (!source) return null;
  if (view.kind === 'default') return { source, shown: { pathname: source.pathname, locale: view.code } };
  const z = localizationIn(s, page.id, view.locale.id);
  return z ? { source, shown: { pathname: z.pathname, locale: view.code } } : null;
}

function sortValue(row, sortBy) {
  switch (sortBy) {
    case 'path': return row.shown.pathname;
    case 'title': return row.source.title;
    case 'description': return row.source.description;
    case 'createdAt': return row.source.createdAt;
    default: return row.source.updatedAt;
  }
}

export function listPages(ctx) {
  const get = readQuery(ctx);
  const p = new Problems();
  p.validate('listPagesQuery', [{ field: 'siteId', value: get('siteId'), tags: 'required,uuid' }]);
  const limit = readLimit(get, p, 'listPagesQuery');
  p.validate('listPagesQuery', [
    { field: 'startingAfter', value: get('startingAfter'), tags: 'omitempty,uuid' },
    { field: 'pathPrefix', value: get('pathPrefix'), tags: 'omitempty,nonul' },
    { field: 'sortBy', value: get('sortBy'), tags: `omitempty,oneof=${SORT_KEYS}` },
    { field: 'sortDirection', value: get('sortDirection'), tags: 'omitempty,oneof=asc desc' },
    { field: 'includeOffline', value: get('includeOffline'), tags: 'omitempty,oneof=true false' },
    { field: 'locale', value: get('locale'), tags: 'omitempty,locale' },
    { field: 'versionRef', value: get('versionRef'), tags: 'omitempty,oneof=ref:live ref:draft' },
  ]);
  p.throwIfAny();
  const s = ctx.tx.state;
  const site = siteFor(ctx, get('siteId').toLowerCase());
  const version = get('versionRef') || 'ref:draft';
  const sortBy = get('sortBy') || 'path';
  const direction = get('sortDirection') || 'asc';
  const includeOffline = get('includeOffline') === 'true';
  const prefix = get('pathPrefix') ?? '/';
  const code = get('locale') ? canonicalLocale(get('locale')) : null;
  const view = localeViewOf(s, site, code);
  if (view.kind === 'none') return EMPTY_LIST;

  let cursor = null;
  if (get('startingAfter')) {
    const page = s.pages.get(get('startingAfter').toLowerCase());
    if (!page) return EMPTY_LIST;
    const owner = s.sites.get(page.siteId);
    if (!reaches(ctx.key, owner)) throw forbidden();
    // The cursor row is projected the same way; a row missing from the view (no live
    // version, no localization in this locale) makes the keyset subquery NULL.
    const ownerView = view.kind === 'default'
      ? { kind: 'default', code: view.code }
      : { kind: 'localized', code: view.code, locale: activeLocales(s, owner.id).find((l) => l.code === view.code) };
    if (ownerView.kind === 'localized' && !ownerView.locale) return EMPTY_LIST;
    const row = project(s, page, version, ownerView);
    if (!row) return EMPTY_LIST;
    cursor = [sortValue(row, sortBy), page.id];
  }

  const rows = [];
  for (const page of activePages(s, site.id)) {
    const row = project(s, page, version, view);
    if (!row) continue;
    if (!includeOffline && !row.source.isOnline) continue;
    if (!row.shown.pathname.startsWith(prefix)) continue;
    rows.push({ position: [sortValue(row, sortBy), page.id], item: row });
  }
  const { data, hasMore } = keysetPage(rows, { direction, cursor, limit });
  return { status: 200, body: { object: 'list', data: data.map((r) => pageView(s, r.source, r.shown)), hasMore } };
}

// GET /v2/sites/{siteId}/pages: the older listing. It reads only limit and startingAfter
// and lists the site's online draft pages, newest first.
export function listSitePages(ctx) {
  const id = pathUUID(ctx.params.siteId);
  const get = readQuery(ctx);
  const p = new Problems();
  const limit = readLimit(get, p, 'listSitePagesQuery');
  p.validate('listSitePagesQuery', [{ field: 'startingAfter', value: get('startingAfter'), tags: 'omitempty,uuid' }]);
  p.throwIfAny();
  const s = ctx.tx.state;
  const site = siteFor(ctx, id);
  const code = defaultLocaleOf(s, site.id).code;
  let cursor = null;
  if (get('startingAfter')) {
    const page = s.pages.get(get('startingAfter').toLowerCase());
    if (!page) return EMPTY_LIST;
    if (!reaches(ctx.key, s.sites.get(page.siteId))) throw forbidden();
    cursor = [page.createdAt, page.id];
  }
  const rows = activePages(s, site.id).filter((pg) => pg.isOnline)
    .map((pg) => ({ position: [pg.createdAt, pg.id], item: pg }));
  const { data, hasMore } = keysetPage(rows, { direction: 'desc', cursor, limit });
  return { status: 200, body: { object: 'list',
    data: data.map((pg) => pageView(s, pg, { pathname: pg.pathname, locale: code })), hasMore } };
}

const CREATE_PAGE = { name: 'createPageInput', disallowUnknown: true, fields: [
  { json: 'siteId', type: 'string' }, { json: 'pathname', type: 'string' }, { json: 'name', type: 'string' }] };

export function createPage(ctx) {
  const { values, problems } = readJSON(ctx, CREATE_PAGE);
  const p = new Problems();
  p.decode(problems);
  p.validate('createPageInput', [
    { field: 'siteId', value: values.get('siteId'), tags: 'required,uuid' },
    { field: 'pathname', value: values.get('pathname'), tags: PATHNAME },
    { field: 'name', value: values.get('name'), tags: PAGE_NAME },
  ]);
  p.throwIfAny();
  const site = siteFor(ctx, values.get('siteId').toLowerCase());
  const { state: s, now } = ctx.tx;
  const pathname = values.get('pathname');
  if (pathnameTaken(s, site.id, pathname)) throw conflict('a page or route with this pathname already exists');
  const page = {
    id: newId(), siteId: site.id, pathname, name: values.get('name'),
    title: null, description: null, canonicalUrl: null, socialImageUrl: null,
    sitemapPriority: null, sitemapFrequency: 'monthly', excludedFromSearchEngines: false,
    isOnline: false, createdAt: now, updatedAt: now, publishedAt: null, deletedAt: null,
  };
  ctx.tx.put('pages', page.id, page);
  return { status: 201, body: pageView(s, page, { pathname, locale: defaultLocaleOf(s, site.id).code }) };
}

// {pageIdOrPathname...}: the rest of the path, unescaped by the mux. A value uuid.Parse
// accepts is an ID; anything else is a pathname, "/" prepended when it lacks one.
function target(ctx, get) {
  const raw = ctx.params.pageIdOrPathname;
  const id = goUUIDParse(raw);
  return {
    id,
    pathname: id ? null : (raw.startsWith('/') ? raw : '/' + raw),
    siteIdEntry: {
      field: 'siteId', value: get('siteId'), tags: id ? 'omitempty,uuid' : 'required,uuid',
      messages: { required: 'siteId is required when a pathname is used instead of a page ID' },
    },
  };
}

function lookup(ctx, t, get, version = 'ref:draft') {
  const s = ctx.tx.state;
  const siteId = get('siteId') ? get('siteId').toLowerCase() : null;
  if (t.id) {
    const page = s.pages.get(t.id);
    if (!page || page.deletedAt !== null) throw notFound();
    const site = s.sites.get(page.siteId);
    if (site.deletedAt !== null || (siteId && siteId !== page.siteId)) throw notFound();
    if (!reaches(ctx.key, site)) throw forbidden();
    return page;
  }
  const site = siteFor(ctx, siteId);
  const page = activePages(s, site.id).find((pg) =>
    version === 'ref:live' ? s.pageLive.get(pg.id)?.pathname === t.pathname : pg.pathname === t.pathname);
  if (!page) throw notFound();
  return page;
}

export function getPage(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const p = new Problems();
  p.validate('getPageQuery', [
    t.siteIdEntry,
    { field: 'versionRef', value: get('versionRef'), tags: 'omitempty,oneof=ref:live ref:draft' },
    { field: 'locale', value: get('locale'), tags: 'omitempty,localeoruuid' },
  ]);
  p.throwIfAny();
  const version = get('versionRef') || 'ref:draft';
  const page = lookup(ctx, t, get, version);
  const s = ctx.tx.state;
  const source = version === 'ref:live' ? s.pageLive.get(page.id) : page;
  if (!source) throw notFound('the page has no live version');
  const def = defaultLocaleOf(s, page.siteId);
  let shown = { pathname: source.pathname, locale: def.code };
  if (get('locale')) {
    const wanted = get('locale');
    const locale = UUID36.test(wanted)
      ? activeLocales(s, page.siteId).find((l) => l.id === wanted.toLowerCase())
      : activeLocales(s, page.siteId).find((l) => l.code === canonicalLocale(wanted));
    if (!locale) throw notFound('the site has no such locale');
    const z = locale.isDefault ? null : localizationIn(s, page.id, locale.id);
    if (z) shown = { pathname: z.pathname, locale: locale.code };
  }
  return { status: 200, body: pageView(s, source, shown) };
}

const UPDATE_PAGE = { name: 'updatePageInput', disallowUnknown: false, fields: [
  { json: 'pathname', type: 'string' }, { json: 'name', type: 'string' }, { json: 'isOnline', type: 'bool' }] };

export function updatePage(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const { values, problems } = readJSON(ctx, UPDATE_PAGE);
  const p = new Problems();
  p.validate('updatePageQuery', [t.siteIdEntry]);
  p.decode(problems);
  const entries = [];
  if (values.has('pathname')) {
    entries.push({ field: 'pathname', value: values.get('pathname'), tags: PATHNAME, messages: { required: 'Missing pathname field.' } });
  }
  if (values.has('name')) entries.push({ field: 'name', value: values.get('name'), tags: PAGE_NAME });
  p.validate('updatePageInput', entries);
  p.throwIfAny();
  const page = ctx.tx.touch(lookup(ctx, t, get));
  const { state: s, now } = ctx.tx;
  if (values.has('pathname') && values.get('pathname') !== page.pathname) {
    if (pathnameTaken(s, page.siteId, values.get('pathname'), { exceptPageId: page.id })) {
      throw conflict('a page or route with this pathname already exists');
    }
    page.pathname = values.get('pathname');
  }
  if (values.has('name')) page.name = values.get('name');
  if (values.size > 0) page.updatedAt = now;
  if (values.has('isOnline')) {
    const online = values.get('isOnline');
    if (online && !page.isOnline) {
      page.isOnline = true;
      page.publishedAt = now;
      ctx.tx.put('pageLive', page.id, snapshotOf(page));
    } else if (!online && page.isOnline) {
      page.isOnline = false;
      ctx.tx.remove('pageLive', page.id);
    }
  }
  return { status: 200, body: pageView(s, page, { pathname: page.pathname, locale: defaultLocaleOf(s, page.siteId).code }) };
}

export function deletePage(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const p = new Problems();
  p.validate('deletePageQuery', [t.siteIdEntry]);
  p.throwIfAny();
  const page = ctx.tx.touch(lookup(ctx, t, get));
  page.deletedAt = ctx.tx.now;
  return { status: 204 };
}
