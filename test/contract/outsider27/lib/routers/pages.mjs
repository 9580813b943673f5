// APIRouter(prefix="/v6/pages", tags=["page"]) plus the site-scoped list under /v2/sites/{siteId}/pages.
import { str, uuid, strictBool, literal, model, HTTPException } from '../pydantic.mjs';
import { secretKey, anyKey, siteFor, siteIdForLookup, asId, pageOut, listQuery, keysetPage, owns } from '../deps.mjs';
import { cmpNocase, cmpBinary, cmpNullable, eqNocase, fold, now } from '../store.mjs';
import { NAME } from './sites.mjs';

export const PATHNAME = str({ min: 1, max: 1024, pattern: '^/[^\\s?#]*$' });
const CreatePage = model({ siteId: { type: uuid(), required: true }, pathname: { type: PATHNAME, required: true }, name: { type: NAME, required: true } });
const UpdatePage = model({ pathname: { type: PATHNAME }, name: { type: NAME }, isOnline: { type: strictBool() } });
const CLASH = 'A page or route with this pathname already exists';

const listFilters = () => ({
  ...listQuery(),
  pathPrefix: { type: str(), default: '/' },
  sortBy: { type: literal('title', 'path', 'description', 'updatedAt', 'createdAt'), default: 'path' },
  sortDirection: { type: literal('asc', 'desc'), default: 'asc' },
  // The documents' enum is "true" | "false": a Literal, not a lax bool (which would take "TRUE", "1", "yes").
  includeOffline: { type: literal('true', 'false'), default: 'false' },
  locale: { type: str(), default: null },
  versionRef: { type: literal('ref:live', 'ref:draft'), default: 'ref:draft' },
});

/** A locale of the site by code (NOCASE) or by site_locale id; null when the site has no such live locale. */
function siteLocale(store, site, value) {
  const id = asId(value);
  return store.liveLocales(site.id).find((l) => (id ? l.id === id : eqNocase(l.locale, value))) ?? null;
}

const SORT = {
  path: ['pathname', cmpNocase], title: ['title', cmpBinary], description: ['description', cmpBinary],
  createdAt: ['createdAt', cmpBinary], updatedAt: ['updatedAt', cmpBinary],
};
function listPages(ctx, siteId) {
  const { store, query: q } = ctx;
  const site = siteFor(ctx, siteId);
  let collapse = null;
  if (q.locale != null) {
    const loc = siteLocale(store, site, q.locale);
    if (!loc) return { object: 'list', data: [], hasMore: false }; // a filter that matches nothing
    if (!loc.isDefault) collapse = loc;
  }
  const live = q.versionRef === 'ref:live';
  const all = store.sitePages(site.id);
  const localizedIn = (p) => !collapse || store.pageLocalizations(p).some((x) => x.locale.id === collapse.id);
  const prefix = fold(q.pathPrefix);
  const rows = all.filter((p) => (live || q.includeOffline !== 'true' ? p.isOnline : true) && localizedIn(p))
    .map((p) => pageOut(store, p, collapse))
    .filter((v) => fold(v.pathname).startsWith(prefix)); // LIKE 'prefix%' ESCAPE '/': ASCII case-insensitive
  const [field, cmp] = SORT[q.sortBy];
  const dir = q.sortDirection === 'desc' ? -1 : 1;
  const order = (a, b) => dir * (cmpNullable(cmp)(a[field], b[field]) || cmpBinary(a.id, b.id));
  let cursor = null;
  if (q.startingAfter) { const p = store.pages.get(q.startingAfter); if (p && p.siteId === site.id) cursor = pageOut(store, p, collapse); }
  const { page, hasMore } = keysetPage(rows, order, q.limit, q.startingAfter, cursor);
  return { object: 'list', data: page, hasMore };
}

/** {pageIdOrPathname:path}: a UUID is an id; anything else a pathname ("/" prepended; "" is the root page). */
function resolvePage(ctx, collapse) {
  const { store } = ctx;
  const raw = ctx.path.pageIdOrPathname; const id = asId(raw);
  if (id) {
    const page = store.pages.get(id);
    if (!page) throw new HTTPException(404, 'Page not found');
    if (!owns(ctx.auth, store.sites.get(page.siteId))) throw new HTTPException(403, 'Not enough permissions');
    return { page, site: store.sites.get(page.siteId) };
  }
  const pathname = raw.startsWith('/') ? raw : `/${raw}`;
  const site = siteFor(ctx, siteIdForLookup(ctx, ctx.query.siteId));
  let page = store.findPageByPath(site.id, pathname);
  if (!page && collapse) {
    const loc = siteLocale(store, site, collapse);
    if (loc) page = store.sitePages(site.id).find((p) => store.pageLocalizations(p).some((x) => x.locale.id === loc.id && eqNocase(x.row.pathname, pathname)));
  }
  if (!page) throw new HTTPException(404, 'Page not found');
  return { page, site };
}
const lookupQuery = { siteId: { type: uuid(), default: null } };

export const routes = [
  {
    method: 'POST', path: '/v6/pages', deps: [secretKey], body: CreatePage, status: 201,
    handler(ctx) {
      const b = ctx.body.values;
      const site = siteFor(ctx, b.siteId);
      if (ctx.store.pathTaken(site.id, b.pathname)) throw new HTTPException(409, CLASH);
      return pageOut(ctx.store, ctx.store.createPage({ siteId: site.id, pathname: b.pathname, name: b.name }));
    },
  },
  {
    method: 'GET', path: '/v6/pages', deps: [anyKey], query: { siteId: { type: uuid(), required: true }, ...listFilters() },
    handler: (ctx) => listPages(ctx, ctx.query.siteId),
  },
  {
    method: 'GET', path: '/v2/sites/{siteId}/pages', deps: [anyKey], params: { siteId: uuid() }, query: listFilters(),
    handler: (ctx) => listPages(ctx, ctx.path.siteId),
  },
  {
    method: 'GET', path: '/v6/pages/{pageIdOrPathname:path}', deps: [anyKey], params: { pageIdOrPathname: str() },
    query: { ...lookupQuery, versionRef: { type: literal('ref:live', 'ref:draft'), default: 'ref:draft' }, locale: { type: str(), default: null } },
    handler(ctx) {
      const { page, site } = resolvePage(ctx, ctx.query.locale);
      if (ctx.query.versionRef === 'ref:live' && !page.isOnline) throw new HTTPException(404, 'Page not found');
      const loc = ctx.query.locale != null ? siteLocale(ctx.store, site, ctx.query.locale) : null; // unknown: base form
      return pageOut(ctx.store, page, loc && !loc.isDefault ? loc : null);
    },
  },
  {
    method: 'PATCH', path: '/v6/pages/{pageIdOrPathname:path}', deps: [secretKey], params: { pageIdOrPathname: str() }, query: lookupQuery, body: UpdatePage,
    handler(ctx) {
      const { page } = resolvePage(ctx);
      const { values, fieldsSet } = ctx.body;
      let dirty = false;
      if (fieldsSet.has('pathname') && values.pathname !== page.pathname) {
        if (ctx.store.pathTaken(page.siteId, values.pathname, { exceptPage: page.id })) throw new HTTPException(409, CLASH);
        page.pathname = values.pathname; dirty = true;
      }
      if (fieldsSet.has('name') && values.name !== page.name) { page.name = values.name; dirty = true; }
      if (fieldsSet.has('isOnline') && values.isOnline !== page.isOnline) {
        page.isOnline = values.isOnline; page.publishedAt = values.isOnline ? now() : null; dirty = true;
      }
      if (dirty) page.updatedAt = now(); // onupdate=func.now(): only when an UPDATE is emitted
      return pageOut(ctx.store, page);
    },
  },
  {
    method: 'DELETE', path: '/v6/pages/{pageIdOrPathname:path}', deps: [secretKey], params: { pageIdOrPathname: str() }, query: lookupQuery, status: 204,
    handler(ctx) { ctx.store.deletePage(resolvePage(ctx).page.id); return null; },
  },
];
