import { AppError } from './errors.mjs';
import { readBody, V, query, parseUuid, pathUuid } from './extract.mjs';
import { db, pageDto, shownPage, insertPage, pathnameCheck, pathnameTaken, cmpC, sitePages, siteLocales, defaultLocaleOf, nowMicros, liveSite, canonicalLocale } from './store.mjs';
import { ok, created, noContent, requireKind, loadSite, siteForLookup, canReach, readListQuery, keyset, badCursor } from './common.mjs';

const SORT_BY = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
const VERSION = ['ref:live', 'ref:draft'];
const pathnameField = (required) => ({ type: 'string', validate: [...(required ? [V.required] : []), V.length(1, 2048), pathnameCheck] });

// a locale code (any case, `_` or `-`) or a site_locale id, among the site's kept locales
function resolveLocale(siteId, raw) {
  const id = parseUuid(raw);
  const code = canonicalLocale(raw);
  return siteLocales(siteId).find((l) => (id && l.id === id) || (code && l.code.toLowerCase() === code.toLowerCase())) || null;
}

// the publishable key reads the live version only
function checkVersionForKey(req, versionRef) {
  if (req.principal.kind === 'public' && versionRef !== 'ref:live') throw AppError.forbidden('a publishable key can only read `versionRef=ref:live`');
}

export async function listPages(req) {
  const fromPath = req.params.siteId !== undefined;
  const pathSiteId = fromPath ? pathUuid(req.params, 'siteId') : undefined;
  const q = readListQuery(req, {
    ...(fromPath ? {} : { siteId: { type: 'uuid', required: true } }),
    pathPrefix: { type: 'string', default: '/' },
    sortBy: { type: 'enum', values: SORT_BY, default: 'path' },
    sortDirection: { type: 'enum', values: ['asc', 'desc'], default: 'asc' },
    includeOffline: { type: 'enum', values: ['true', 'false'], default: 'false' },
    locale: { type: 'string' },
    versionRef: { type: 'enum', values: VERSION, default: 'ref:draft' },
  });
  checkVersionForKey(req, q.versionRef);
  const site = loadSite(req, fromPath ? pathSiteId : q.siteId);
  let locale = null;
  if (q.locale !== undefined) {
    locale = resolveLocale(site.id, q.locale);
    if (!locale) return ok({ object: 'list', data: [], hasMore: false }); // inner join on site_locales finds nothing
  }
  const visible = (p) => (q.versionRef === 'ref:live' ? p.isOnline : q.includeOffline === 'true' || p.isOnline);
  const inLocale = (p) => !locale || locale.isDefault || p.localizations.some((z) => z.localeId === locale.id);
  const all = sitePages(site.id);
  const shown = new Map(all.map((p) => [p.id, shownPage(p, locale)]));
  const rows = all.filter((p) => visible(p) && inLocale(p) && shown.get(p.id).pathname.startsWith(q.pathPrefix));
  const dir = q.sortDirection === 'desc' ? -1 : 1;
  const key = (p) => {
    const s = shown.get(p.id);
    switch (q.sortBy) {
      case 'path': return s.pathname;
      case 'title': return s.title;
      case 'description': return s.description;
      case 'updatedAt': return p.updatedAt;
      default: return p.createdAt;
    }
  };
  const cmpVal = (a, b) => {
    if (a === b) return 0;
    if (a == null) return 1; // NULLS LAST ascending (first descending)
    if (b == null) return -1;
    return typeof a === 'number' ? a - b : cmpC(a, b);
  };
  const cmp = (a, b) => dir * (cmpVal(key(a), key(b)) || cmpC(a.id, b.id));
  let cursor = null;
  if (q.startingAfter) {
    cursor = all.find((p) => p.id === q.startingAfter);
    if (!cursor) throw badCursor();
  }
  const page = keyset(rows, cmp, cursor, q.limit);
  return ok({ ...page, data: page.data.map((p) => pageDto(p, locale)) });
}

function findPage(req, siteId) {
  const raw = req.params.pageIdOrPathname;
  const id = parseUuid(raw);
  if (id) {
    const p = db.pages.get(id);
    const site = p && liveSite(p.siteId);
    if (!p || !site || (siteId && p.siteId !== siteId)) throw AppError.notFound(`page \`${id}\` not found`);
    if (!canReach(req.principal, site)) throw AppError.forbidden('the API key does not grant access to this page');
    return p;
  }
  const site = siteForLookup(req, siteId, 'pathname');
  const pathname = raw.startsWith('/') ? raw : `/${raw}`;
  const p = sitePages(site.id).find((x) => x.pathname.toLowerCase() === pathname.toLowerCase());
  if (!p) throw AppError.notFound(`page \`${pathname}\` not found in site \`${site.id}\``);
  return p;
}

export async function getPage(req) {
  const q = query(req.rawQuery, { siteId: { type: 'uuid' }, versionRef: { type: 'enum', values: VERSION, default: 'ref:draft' }, locale: { type: 'string' } });
  checkVersionForKey(req, q.versionRef);
  const p = findPage(req, q.siteId);
  if (q.versionRef === 'ref:live' && !p.isOnline) throw AppError.notFound('page has no live version (it is offline)');
  let locale = null;
  if (q.locale !== undefined) {
    locale = resolveLocale(p.siteId, q.locale);
    if (!locale) throw AppError.notFound(`locale \`${q.locale}\` not found in site \`${p.siteId}\``);
  }
  return ok(pageDto(p, locale));
}

function conflictFor(kind, pathname) {
  return AppError.conflict(`a ${kind} with pathname \`${pathname}\` already exists in this site`);
}

export async function createPage(req) {
  const b = readBody(req, 'CreatePageBody', {
    siteId: { type: 'uuid', validate: [V.required] },
    pathname: pathnameField(true),
    name: { type: 'string', validate: [V.required, V.length(1, 512)] },
  });
  requireKind(req, ['app', 'site']);
  const site = loadSite(req, b.siteId);
  const taken = pathnameTaken(site.id, b.pathname);
  if (taken) throw conflictFor(taken, b.pathname);
  return created(pageDto(insertPage({ siteId: site.id, pathname: b.pathname, name: b.name })));
}

export async function updatePage(req) {
  const q = query(req.rawQuery, { siteId: { type: 'uuid' } });
  const b = readBody(req, 'UpdatePageBody', {
    pathname: pathnameField(false),
    name: { type: 'string', validate: [V.length(1, 512)] },
    isOnline: { type: 'bool' },
  }, { deny: true });
  requireKind(req, ['app', 'site']);
  const p = findPage(req, q.siteId);
  if (b.pathname !== undefined) {
    const taken = pathnameTaken(p.siteId, b.pathname, { exceptPage: p.id });
    if (taken) throw conflictFor(taken, b.pathname);
    p.pathname = b.pathname;
  }
  if (b.name !== undefined) p.name = b.name;
  const t = nowMicros();
  if (b.isOnline !== undefined) {
    if (b.isOnline && !p.isOnline) p.publishedAt = t;
    p.isOnline = b.isOnline;
  }
  p.updatedAt = t; // UPDATE pages SET ..., updated_at = now()
  return ok(pageDto(p));
}

export async function deletePage(req) {
  const q = query(req.rawQuery, { siteId: { type: 'uuid' } });
  requireKind(req, ['app', 'site']);
  const p = findPage(req, q.siteId);
  db.pages.delete(p.id); // hard delete, localizations cascade
  return noContent();
}

export { defaultLocaleOf };
