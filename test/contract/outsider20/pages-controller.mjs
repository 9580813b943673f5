// PageController: /v6/pages, /v6/pages/{**pageIdOrPathname}, and the older /v2/sites/{siteId}/pages.
//
// Versions come from the Pages table being system-versioned (a SQL Server temporal table):
// ref:draft is the current row; ref:live is the row AS OF its publishedAt. Every PATCH that
// carries isOnline: true (re)publishes, i.e. sets publishedAt to the request's time.
import { Policies, authorizeSite } from './auth.mjs';
import { rule, pagePathnameProblem } from './validation.mjs';
import { tryParseGuid, collate, collationEquals, collationStartsWith, compareGuids, compareNullable } from './sqlserver.mjs';
import { notFound, duplicateKey, conflict } from './errors.mjs';
import { liveState } from './db.mjs';
import { pageView, pageDto } from './representations.mjs';
import {
  ok, created, noContent, throwIfInvalid, resolveSite, checkIfMatch, validateListQuery, keysetPage, unknownCursor,
  idOrPathname, requireSiteIdFor,
} from './support.mjs';

export const PATHNAME_MAX = 450; // nvarchar(450): the longest string an index key holds
export const PAGE_NAME_MAX = 512;

const SORT_KEYS = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const DIRECTIONS = ['asc', 'desc'];
const VERSION_REFS = ['ref:live', 'ref:draft'];

const CreatePageRequest = {
  className: 'Sbs.Api.Contracts.Pages.CreatePageRequest',
  properties: [
    { name: 'siteId', type: 'guid' },
    { name: 'pathname', type: 'string' },
    { name: 'name', type: 'string' },
  ],
};

const UpdatePageRequest = {
  className: 'Sbs.Api.Contracts.Pages.UpdatePageRequest',
  properties: [
    { name: 'pathname', type: 'string' },
    { name: 'name', type: 'string' },
    { name: 'isOnline', type: 'bool' },
  ],
};

function validatePathname(state, value) {
  rule(state, 'pathname', value)
    .notEmpty()
    .maximumLength(PATHNAME_MAX)
    .must((v) => pagePathnameProblem(v) === null, (v) => pagePathnameProblem(v));
}

function validateName(state, value) {
  rule(state, 'name', value).notNull().length(1, PAGE_NAME_MAX);
}

// The pathname clashes the OpenAPI names for 409: another page (unique index) or a route.
function assertPathnameFree(db, siteId, pathname, self) {
  const page = db.activePages(siteId).find((p) => p !== self && collationEquals(p.pathname, pathname));
  if (page) throw duplicateKey('Pages', 'IX_Pages_SiteId_Pathname', [siteId, pathname]);
  if (db.activeRouteByPathname(siteId, pathname)) throw conflict('A page or route with this pathname already exists.');
}

// A locale given by code (under the collation) or by its id, among the site's active locales.
function findLocale(db, site, value) {
  const id = tryParseGuid(value);
  if (id !== null) return db.activeLocales(site.id).find((l) => l.id === id) ?? null;
  return db.activeLocaleByCode(site.id, value);
}

const SORTERS = {
  title: (a, b) => compareNullable(a.title, b.title, collate),
  path: (a, b) => collate(a.pathname, b.pathname),
  description: (a, b) => compareNullable(a.description, b.description, collate),
  updatedAt: (a, b) => compareNullable(a.updatedAt, b.updatedAt, (x, y) => (x < y ? -1 : x > y ? 1 : 0)),
  createdAt: (a, b) => compareNullable(a.createdAt, b.createdAt, (x, y) => (x < y ? -1 : x > y ? 1 : 0)),
};

// ORDER BY <key> <dir>, Id <dir>
function pageOrder(sortBy, direction) {
  const sign = direction === 'desc' ? -1 : 1;
  const byKey = SORTERS[sortBy];
  return (a, b) => sign * (byKey(a, b) || compareGuids(a.page.id, b.page.id));
}

async function listPagesOf(ctx, siteId, q) {
  const { db, state } = ctx;
  rule(state, 'siteId', siteId).notEmpty();
  validateListQuery(state, q);
  rule(state, 'sortBy', q.sortBy).isEnumName(SORT_KEYS);
  rule(state, 'sortDirection', q.sortDirection).isEnumName(DIRECTIONS);
  rule(state, 'versionRef', q.versionRef).isEnumName(VERSION_REFS);
  throwIfInvalid(state);
  const site = resolveSite(ctx, siteId);
  let locale = null;
  if (q.locale != null) {
    // An inner join on the site's locales: a locale the site does not have yields no rows.
    locale = findLocale(db, site, q.locale);
    if (!locale) return ok({ object: 'list', data: [], hasMore: false });
  }
  const version = q.versionRef === 'ref:live' ? 'live' : 'draft';
  let cursor = null;
  if (q.startingAfter) {
    const row = db.pages.find((p) => p.id === q.startingAfter && p.siteId === site.id);
    if (!row) throw unknownCursor('a page');
    cursor = pageView(db, row, version, locale) ?? pageView(db, row, 'draft', locale);
  }
  const views = db
    .activePages(site.id)
    .map((p) => pageView(db, p, version, locale))
    .filter((v) => v !== null)
    .filter((v) => q.includeOffline || v.page.isOnline)
    .filter((v) => collationStartsWith(v.pathname, q.pathPrefix));
  const page = keysetPage(views, pageOrder(q.sortBy, q.sortDirection), cursor, q.limit);
  return ok({ ...page, data: page.data.map((v) => pageDto(db, v)) });
}

async function listPages(ctx) {
  return listPagesOf(ctx, ctx.query.siteId, ctx.query);
}

// The v2 action predates versionRef and locale: it lists drafts in the default locale, and the
// site comes from the route (a siteId query parameter is not bound).
async function listSitePagesV2(ctx) {
  return listPagesOf(ctx, ctx.route.siteId, { ...ctx.query, versionRef: 'ref:draft', locale: null });
}

async function createPage(ctx) {
  const { state, body, db, now } = ctx;
  if (body) {
    const v = body.values;
    rule(state, 'siteId', v.siteId).notEmpty();
    validatePathname(state, v.pathname);
    validateName(state, v.name);
  }
  throwIfInvalid(state);
  const v = body.values;
  const site = resolveSite(ctx, v.siteId);
  assertPathnameFree(db, site.id, v.pathname, null);
  // A new entity is zero-initialised: double 0, the enum's first member, bool false.
  const page = db.insert(
    db.pages,
    {
      siteId: site.id,
      pathname: v.pathname,
      name: v.name,
      title: null,
      description: null,
      canonicalUrl: null,
      socialImageUrl: null,
      sitemapPriority: 0,
      sitemapFrequency: 'always',
      excludedFromSearchEngines: false,
      isOnline: false,
      createdAt: null,
      updatedAt: null,
      publishedAt: null,
      deletedAt: null,
      rowVersion: 0n,
    },
    now,
  );
  return created(ctx, `/v6/pages/${page.id}`, pageDto(db, pageView(db, page, 'draft', null)), page);
}

// {**pageIdOrPathname}: an id, or a pathname of the requested version, under the collation.
function resolvePage(ctx, version = 'draft') {
  const { db, query } = ctx;
  const target = idOrPathname(ctx.route.pageIdOrPathname);
  const site = query.siteId ? resolveSite(ctx, query.siteId) : null;
  if (target.id) {
    const page = db.activePage(target.id);
    if (!page || (site && page.siteId !== site.id)) throw notFound(`Page '${target.id}' was not found.`);
    authorizeSite(ctx.principal, db.activeSite(page.siteId));
    return page;
  }
  const page = db.activePages(site.id).find((p) => {
    const state = version === 'live' ? liveState(p) : p;
    return state && collationEquals(state.pathname, target.pathname);
  });
  if (!page) throw notFound(`Page '${target.pathname}' was not found in site '${site.id}'.`);
  return page;
}

function validatePageRoute(ctx) {
  const isId = idOrPathname(ctx.route.pageIdOrPathname).id !== undefined;
  requireSiteIdFor(ctx.state, isId, ctx.query.siteId, 'pathname');
}

async function getPage(ctx) {
  const { db, state, query } = ctx;
  validatePageRoute(ctx);
  rule(state, 'versionRef', query.versionRef).isEnumName(VERSION_REFS);
  throwIfInvalid(state);
  const version = query.versionRef === 'ref:live' ? 'live' : 'draft';
  const page = resolvePage(ctx, version);
  let locale = null;
  if (query.locale != null) {
    locale = findLocale(db, db.activeSite(page.siteId), query.locale);
    if (!locale) throw notFound(`Locale '${query.locale}' was not found in site '${page.siteId}'.`);
  }
  const view = pageView(db, page, version, locale);
  if (!view) throw notFound(`Page '${page.id}' has no live version.`);
  return ok(pageDto(db, view), page);
}

async function updatePage(ctx) {
  const { state, body, db, now } = ctx;
  validatePageRoute(ctx);
  if (body) {
    const v = body.values;
    if (v.pathname === '') state.add('pathname', 'Missing pathname field.');
    else if (v.pathname != null) validatePathname(state, v.pathname);
    if (v.name != null) validateName(state, v.name);
  }
  throwIfInvalid(state);
  const page = resolvePage(ctx);
  checkIfMatch(ctx, page);
  const v = body.values;
  const changes = {};
  if (v.pathname != null) {
    if (v.pathname !== page.pathname) assertPathnameFree(db, page.siteId, v.pathname, page);
    changes.pathname = v.pathname;
  }
  if (v.name != null) changes.name = v.name;
  if (v.isOnline === true) {
    changes.isOnline = true;
    changes.publishedAt = now;
  } else if (v.isOnline === false) {
    changes.isOnline = false;
  }
  db.update(page, changes, now);
  return ok(pageDto(db, pageView(db, page, 'draft', null)), page);
}

async function deletePage(ctx) {
  validatePageRoute(ctx);
  throwIfInvalid(ctx.state);
  const page = resolvePage(ctx);
  checkIfMatch(ctx, page);
  ctx.db.softDelete(page, ctx.now);
  return noContent();
}

const listParameters = [
  { name: 'limit', type: 'int', default: 20 },
  { name: 'startingAfter', type: 'guid' },
  { name: 'pathPrefix', type: 'string', default: '/' },
  { name: 'sortBy', type: 'string', default: 'path' },
  { name: 'sortDirection', type: 'string', default: 'asc' },
  { name: 'includeOffline', type: 'flag', default: false },
];

export const pageEndpoints = [
  { method: 'POST', template: 'v6/pages', policy: Policies.SiteEditor, body: CreatePageRequest, version: '6.0', action: createPage },
  {
    method: 'GET',
    template: 'v6/pages',
    policy: Policies.ContentReader,
    query: [
      { name: 'siteId', type: 'guid', required: true },
      ...listParameters,
      { name: 'locale', type: 'string' },
      { name: 'versionRef', type: 'string', default: 'ref:draft' },
    ],
    version: '6.0',
    action: listPages,
  },
  { method: 'GET', template: 'v2/sites/{siteId:guid}/pages', policy: Policies.ContentReader, query: listParameters, version: '2.0', action: listSitePagesV2 },
  {
    method: 'GET',
    template: 'v6/pages/{**pageIdOrPathname}',
    policy: Policies.ContentReader,
    query: [
      { name: 'siteId', type: 'guid' },
      { name: 'versionRef', type: 'string', default: 'ref:draft' },
      { name: 'locale', type: 'string' },
    ],
    version: '6.0',
    action: getPage,
  },
  { method: 'PATCH', template: 'v6/pages/{**pageIdOrPathname}', policy: Policies.SiteEditor, query: [{ name: 'siteId', type: 'guid' }], body: UpdatePageRequest, version: '6.0', action: updatePage },
  { method: 'DELETE', template: 'v6/pages/{**pageIdOrPathname}', policy: Policies.SiteEditor, query: [{ name: 'siteId', type: 'guid' }], version: '6.0', action: deletePage },
];
