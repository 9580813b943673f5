// SiteController: /v2/sites, /v2/sites/{siteId:guid}, /v2/sites/{siteId:guid}/duplicate.
import { Policies, authorizeWorkspace } from './auth.mjs';
import { rule, isAbsoluteHttpUri, normaliseCultureName } from './validation.mjs';
import { newGuid, newSequentialGuid } from './sqlserver.mjs';
import { byId, liveState, snapshot } from './db.mjs';
import { siteDto } from './representations.mjs';
import {
  ok, created, noContent, throwIfInvalid, resolveSite, checkIfMatch, validateListQuery, keysetPage, unknownCursor,
} from './support.mjs';

export const SITE_NAME_MAX = 128; // nvarchar(128)
export const HOST_ORIGIN_MAX = 4000; // nvarchar(4000): not indexed, so not held to 450

const CreateSiteRequest = {
  className: 'Sbs.Api.Contracts.Sites.CreateSiteRequest',
  properties: [
    { name: 'workspaceId', type: 'guid' },
    { name: 'name', type: 'string' },
    { name: 'hostOrigin', type: 'string' },
    { name: 'defaultLocale', type: 'string' },
  ],
};

const UpdateSiteRequest = {
  className: 'Sbs.Api.Contracts.Sites.UpdateSiteRequest',
  properties: [
    { name: 'name', type: 'string' },
    { name: 'hostOrigin', type: 'string' },
    { name: 'defaultLocale', type: 'string' },
  ],
};

const DuplicateSiteRequest = {
  className: 'Sbs.Api.Contracts.Sites.DuplicateSiteRequest',
  properties: [{ name: 'name', type: 'string' }],
};

function validateName(state, name, required) {
  if (!required && name == null) return;
  rule(state, 'name', name).notEmpty().maximumLength(SITE_NAME_MAX);
}

// "" leaves a site without a hostOrigin; anything else must be an absolute http(s) URI.
function validateHostOrigin(state, value) {
  if (value == null || value === '') return;
  rule(state, 'hostOrigin', value)
    .must(isAbsoluteHttpUri, "'Host Origin' must be an absolute http or https URI.")
    .maximumLength(HOST_ORIGIN_MAX);
}

export function createSiteRecord(db, { workspaceId, name, hostOrigin, localeCode, mode }, now) {
  const site = db.insert(
    db.sites,
    {
      id: newSequentialGuid(),
      workspaceId,
      name,
      hostOrigin: hostOrigin || null,
      publicApiKey: newGuid(),
      siteApiKey: newGuid(),
      defaultLocaleId: null,
      localeManagementMode: mode,
      createdAt: null,
      updatedAt: null,
      deletedAt: null,
      rowVersion: 0n,
    },
    now,
  );
  const locale = db.insert(
    db.locales,
    { siteId: site.id, code: localeCode, domain: null, pathPrefix: null, createdAt: null, deletedAt: null, rowVersion: 0n },
    now,
  );
  site.defaultLocaleId = locale.id;
  return site;
}

async function createSite(ctx) {
  const { state, body } = ctx;
  if (body) {
    const v = body.values;
    rule(state, 'workspaceId', v.workspaceId).notEmpty();
    validateName(state, v.name, true);
    validateHostOrigin(state, v.hostOrigin);
    if (v.defaultLocale != null) {
      rule(state, 'defaultLocale', v.defaultLocale).must((x) => normaliseCultureName(x) !== null, "'Default Locale' is not a supported culture name (a language, optionally followed by '-' and a region).");
    }
  }
  throwIfInvalid(state);
  const v = body.values;
  authorizeWorkspace(ctx.principal, v.workspaceId);
  const site = createSiteRecord(
    ctx.db,
    {
      workspaceId: v.workspaceId,
      name: v.name,
      hostOrigin: v.hostOrigin,
      localeCode: v.defaultLocale != null ? normaliseCultureName(v.defaultLocale) : 'en-US',
      mode: 'internal',
    },
    ctx.now,
  );
  return created(ctx, `/v2/sites/${site.id}`, siteDto(ctx.db, site), site);
}

async function listSites(ctx) {
  const { state, query, db } = ctx;
  rule(state, 'workspaceId', query.workspaceId).notEmpty();
  validateListQuery(state, query);
  throwIfInvalid(state);
  authorizeWorkspace(ctx.principal, query.workspaceId);
  let cursor = null;
  if (query.startingAfter) {
    // IgnoreQueryFilters(): a deleted site still marks its place in the list.
    cursor = db.sites.find((s) => s.id === query.startingAfter && s.workspaceId === query.workspaceId);
    if (!cursor) throw unknownCursor('a site');
  }
  const sites = db.sites.filter((s) => s.workspaceId === query.workspaceId && !s.deletedAt);
  const page = keysetPage(sites, byId, cursor, query.limit);
  return ok({ ...page, data: page.data.map((s) => siteDto(db, s)) });
}

async function getSite(ctx) {
  throwIfInvalid(ctx.state);
  const site = resolveSite(ctx, ctx.route.siteId);
  return ok(siteDto(ctx.db, site), site);
}

async function updateSite(ctx) {
  const { state, body } = ctx;
  if (body) {
    const v = body.values;
    validateName(state, v.name, false);
    validateHostOrigin(state, v.hostOrigin);
    // The SPEC keeps the default locale out of this body; a null is what an absent value binds to.
    rule(state, 'defaultLocale', v.defaultLocale).must((x) => x == null, "'Default Locale' is not accepted in this body; a site's default locale cannot be changed through Update Site.");
  }
  throwIfInvalid(state);
  const site = resolveSite(ctx, ctx.route.siteId);
  checkIfMatch(ctx, site);
  const v = body.values;
  const changes = {};
  if (v.name != null) changes.name = v.name;
  if (v.hostOrigin === '') changes.hostOrigin = null;
  else if (v.hostOrigin != null) changes.hostOrigin = v.hostOrigin;
  ctx.db.update(site, changes, ctx.now);
  return ok(siteDto(ctx.db, site), site);
}

async function deleteSite(ctx) {
  throwIfInvalid(ctx.state);
  const site = resolveSite(ctx, ctx.route.siteId);
  checkIfMatch(ctx, site);
  ctx.db.softDelete(site, ctx.now);
  return noContent();
}

// The copy is a new site in the same workspace with the source's configuration and every row the
// global query filters let through (soft-deleted locales, pages and routes stay behind).
async function duplicateSite(ctx) {
  const { state, body, db, now } = ctx;
  if (body) validateName(state, body.values.name, true);
  throwIfInvalid(state);
  const source = resolveSite(ctx, ctx.route.siteId);
  const copy = createSiteRecord(
    db,
    {
      workspaceId: source.workspaceId,
      name: body.values.name,
      hostOrigin: source.hostOrigin,
      localeCode: db.defaultLocaleOf(source).code,
      mode: source.localeManagementMode,
    },
    now,
  );
  const localeMap = new Map();
  for (const l of db.activeLocales(source.id)) {
    if (l.id === source.defaultLocaleId) {
      const d = db.defaultLocaleOf(copy);
      db.update(d, { domain: l.domain, pathPrefix: l.pathPrefix }, now);
      localeMap.set(l.id, d.id);
      continue;
    }
    const c = db.insert(db.locales, { siteId: copy.id, code: l.code, domain: l.domain, pathPrefix: l.pathPrefix, createdAt: null, deletedAt: null, rowVersion: 0n }, now);
    localeMap.set(l.id, c.id);
  }
  for (const p of db.activePages(source.id).sort(byId)) {
    const live = liveState(p);
    const columns = snapshot(p);
    const page = db.insert(db.pages, { ...columns, id: null, siteId: copy.id, createdAt: null, updatedAt: null, publishedAt: null, deletedAt: null, rowVersion: 0n }, now);
    if (live) {
      // A published page is published in the copy at the moment of the copy, with the source's
      // live version; the draft follows one tick later in the copy's history.
      page.publishedAt = now;
      page.history = [
        { from: now, state: { ...live, createdAt: now, updatedAt: now, publishedAt: now } },
        { from: now + 1n, state: snapshot(page) },
      ];
    }
    for (const z of db.localizations.filter((x) => x.pageId === p.id).sort(byId)) {
      if (!localeMap.has(z.localeId)) continue;
      db.insert(db.localizations, { ...z, id: null, pageId: page.id, localeId: localeMap.get(z.localeId) }, now);
    }
  }
  for (const r of db.activeRoutes(source.id).sort(byId)) {
    db.insert(db.routes, { id: null, siteId: copy.id, pathname: r.pathname, createdAt: null, updatedAt: null, deletedAt: null, rowVersion: 0n }, now);
  }
  return created(ctx, `/v2/sites/${copy.id}`, siteDto(db, copy), copy);
}

const listQuery = [
  { name: 'workspaceId', type: 'guid', required: true },
  { name: 'limit', type: 'int', default: 20 },
  { name: 'startingAfter', type: 'guid' },
];

export const siteEndpoints = [
  { method: 'POST', template: 'v2/sites', policy: Policies.WorkspaceAdmin, body: CreateSiteRequest, version: '2.0', action: createSite },
  { method: 'GET', template: 'v2/sites', policy: Policies.WorkspaceAdmin, query: listQuery, version: '2.0', action: listSites },
  { method: 'GET', template: 'v2/sites/{siteId:guid}', policy: Policies.ContentReader, version: '2.0', action: getSite },
  { method: 'PATCH', template: 'v2/sites/{siteId:guid}', policy: Policies.SiteEditor, body: UpdateSiteRequest, version: '2.0', action: updateSite },
  { method: 'DELETE', template: 'v2/sites/{siteId:guid}', policy: Policies.WorkspaceAdmin, version: '2.0', action: deleteSite },
  { method: 'POST', template: 'v2/sites/{siteId:guid}/duplicate', policy: Policies.SiteEditor, body: DuplicateSiteRequest, version: '2.0', action: duplicateSite },
];

