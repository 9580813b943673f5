// Lambda "pages": /v6/pages, /v6/pages/{pageIdOrPathname}, /v2/sites/{siteId}/pages
import { handler, json, body, query, LIST_QUERY, UUID_Q, NAME, canonLocale, canon, page, isIdShaped } from '../lib/lambda.mjs';
import { badField, badRequest, notFound, conflict } from '../lib/errors.mjs';
import { K, get, queryAll, transact, siteFor, liveLocales } from '../lib/store.mjs';
import { uuidv7, now } from '../lib/ids.mjs';

export const MAX_PATH_BYTES = 1024; // the pathname is a GSI sort key: 1024 bytes at most
export const pathClash = () => conflict('A page or route with this pathname already exists');

// Page pathnames: "/" then characters other than white space, controls, "?" and "#";
// no empty segment; a trailing "/" is dropped (except for the root page).
export function pagePathname(field, p) {
  if (!p.startsWith('/')) throw badField(field, 'must start with "/"');
  if (/[\s\p{Cc}?#]/u.test(p)) throw badField(field, 'must not contain white space, control characters, "?" or "#"');
  const norm = p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  if (norm.includes('//')) throw badField(field, 'must not contain an empty segment ("//")');
  if (Buffer.byteLength(norm) > MAX_PATH_BYTES) throw badField(field, `must NOT be longer than ${MAX_PATH_BYTES} UTF-8 bytes`);
  return norm;
}

const FREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

function renderPage(p, locales, shownLocale) {
  const def = locales.find((l) => l.isDefault);
  const byId = new Map(locales.map((l) => [l.id, l]));
  const loc = shownLocale && !shownLocale.isDefault ? p.localizations?.[shownLocale.id] : undefined;
  const localizations = Object.entries(p.localizations ?? {})
    .filter(([lid]) => byId.has(lid) && !byId.get(lid).isDefault)
    .map(([lid, l]) => ({ id: l.id, locale: byId.get(lid).locale, pathname: l.pathname }))
    .sort((a, b) => (a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : 0));
  return {
    object: 'page',
    id: p.id,
    pathname: loc ? loc.pathname : p.pathname,
    canonicalUrl: p.canonicalUrl ?? null,
    title: (loc && loc.title) ?? p.title ?? null,
    description: (loc && loc.description) ?? p.description ?? null,
    socialImageUrl: p.socialImageUrl ?? null,
    sitemapPriority: p.sitemapPriority ?? null,
    sitemapFrequency: FREQ.includes(p.sitemapFrequency) ? p.sitemapFrequency : null,
    createdAt: p.createdAt ?? null,
    updatedAt: p.updatedAt ?? null,
    publishedAt: p.publishedAt ?? null,
    isOnline: p.isOnline === true,
    excludedFromSearchEngines: p.excludedFromSearchEngines ?? null,
    locale: loc ? shownLocale.locale : def?.locale,
    localizations,
  };
}

function resolveLocale(value, locales) {
  if (value === undefined) return undefined;
  const l = isIdShaped(value)
    ? locales.find((x) => x.id === canon(value))
    : /^[A-Za-z]{2}(?:-[A-Za-z]{2})?$/.test(value) && locales.find((x) => x.locale === canonLocale(value));
  if (!l) throw badField('locale', 'must be a locale code or locale ID of this site');
  return l;
}

const LIST_PARAMS = {
  ...LIST_QUERY,
  pathPrefix: { type: 'string' },
  sortBy: { type: 'string', enum: ['title', 'path', 'description', 'updatedAt', 'createdAt'] },
  sortDirection: { type: 'string', enum: ['asc', 'desc'] },
  includeOffline: { type: 'string', enum: ['true', 'false'] },
  locale: { type: 'string' },
  versionRef: { type: 'string', enum: ['ref:live', 'ref:draft'] },
};

// Strings by UTF-16 code unit; a null sorts after every value in both directions; ties by id.
function comparator(key, dir) {
  const sign = dir === 'desc' ? -1 : 1;
  return (a, b) => {
    const x = a.sort;
    const y = b.sort;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
  };
}

function list(site, q, locales) {
  const limit = q.limit ?? 20;
  const shown = resolveLocale(q.locale, locales);
  const live = q.versionRef === 'ref:live';
  const includeOffline = !live && q.includeOffline === 'true';
  const key = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' }[q.sortBy ?? 'path'];
  const prefix = q.pathPrefix ?? '/';
  const all = queryAll(`SITE#${site.id}`, 'PAGE#').map((p) => {
    const r = renderPage(p, locales, shown);
    return { id: p.id, page: p, r, sort: r[key] ?? null };
  });
  const cmp = comparator(key, q.sortDirection);
  let rows = all
    .filter((x) => (x.page.isOnline || includeOffline) && (!shown || shown.isDefault || x.page.localizations?.[shown.id]) && x.r.pathname.startsWith(prefix))
    .sort(cmp);
  if (q.startingAfter) {
    const cur = all.find((x) => x.id === canon(q.startingAfter));
    if (!cur) throw badField('startingAfter', 'must be the ID of a page of this site');
    rows = rows.filter((x) => cmp(x, cur) > 0);
  }
  return json(200, page(rows.slice(0, limit + 1).map((x) => x.r), limit));
}

function resolvePage(event, principal, siteIdQ) {
  const raw = event.pathParameters.pageIdOrPathname;
  const siteId = canon(siteIdQ);
  if (isIdShaped(raw)) {
    const id = canon(raw);
    const ptr = get(K.id(id));
    const site = siteId ? siteFor(principal, siteId) : ptr?.type === 'page' ? siteFor(principal, ptr.siteId) : undefined;
    const item = site && ptr?.type === 'page' && ptr.siteId === site.id ? get(K.page(site.id, id)) : undefined;
    if (!item) throw notFound(`Page ${raw} not found`);
    return { site, item };
  }
  if (!siteId) throw badField('siteId', 'is required when a pathname is used instead of a page ID');
  const site = siteFor(principal, siteId);
  let p = raw.startsWith('/') ? raw : `/${raw}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  const marker = get(K.pathname(site.id, p));
  const item = marker?.kind === 'page' ? get(K.page(site.id, marker.id)) : undefined;
  return { site, item, pathname: p };
}

const ops = {
  async listPages(event, principal) {
    const q = query(event, { siteId: UUID_Q, ...LIST_PARAMS }, ['siteId']);
    const site = siteFor(principal, canon(q.siteId));
    return list(site, q, liveLocales(site.id));
  },

  async listSitePages(event, principal) {
    const q = query(event, LIST_PARAMS);
    const site = siteFor(principal, canon(event.pathParameters.siteId));
    return list(site, q, liveLocales(site.id));
  },

  async createPage(event, principal) {
    const b = body(event, {
      properties: { siteId: UUID_Q, pathname: { type: 'string' }, name: NAME },
      required: ['siteId', 'pathname', 'name'],
    });
    const pathname = pagePathname('pathname', b.pathname);
    const site = siteFor(principal, canon(b.siteId));
    const t = now();
    const item = {
      type: 'page', id: uuidv7(), siteId: site.id, pathname, name: b.name,
      isOnline: true, createdAt: t, updatedAt: t, publishedAt: t, localizations: {},
    };
    transact([
      { Put: { Item: { ...K.pathname(site.id, pathname), type: 'pathMarker', kind: 'page', id: item.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { Item: { ...K.page(site.id, item.id), ...item } } },
      { Put: { Item: { ...K.id(item.id), type: 'page', siteId: site.id } } },
    ], pathClash);
    return json(201, renderPage(item, liveLocales(site.id)));
  },

  async getPage(event, principal) {
    const q = query(event, { siteId: UUID_Q, versionRef: LIST_PARAMS.versionRef, locale: { type: 'string' } });
    const { site, item, pathname } = resolvePage(event, principal, q.siteId);
    const locales = liveLocales(site.id);
    const shown = resolveLocale(q.locale, locales);
    let found = item;
    if (!found && pathname && shown && !shown.isDefault) {
      found = queryAll(`SITE#${site.id}`, 'PAGE#', (p) => p.localizations?.[shown.id]?.pathname === pathname)[0];
    }
    if (!found) throw notFound(`Page ${event.pathParameters.pageIdOrPathname} not found`);
    if (q.versionRef === 'ref:live' && !found.isOnline) throw notFound('The page has no live version');
    return json(200, renderPage(found, locales, shown));
  },

  async updatePage(event, principal) {
    const q = query(event, { siteId: UUID_Q });
    const b = body(event, { properties: { pathname: { type: 'string' }, name: NAME, isOnline: { type: 'boolean' } } });
    const pathname = b.pathname === undefined ? undefined : pagePathname('pathname', b.pathname);
    const { site, item } = resolvePage(event, principal, q.siteId);
    if (!item) throw notFound(`Page ${event.pathParameters.pageIdOrPathname} not found`);
    const t = now();
    const next = { ...item, updatedAt: t };
    if (b.name !== undefined) next.name = b.name;
    if (b.isOnline === true && !item.isOnline) next.publishedAt = t;
    if (b.isOnline !== undefined) next.isOnline = b.isOnline;
    const tx = [];
    if (pathname !== undefined && pathname !== item.pathname) {
      next.pathname = pathname;
      tx.push({ Put: { Item: { ...K.pathname(site.id, pathname), type: 'pathMarker', kind: 'page', id: item.id }, ConditionExpression: 'attribute_not_exists(PK)' } });
      tx.push({ Delete: { Key: K.pathname(site.id, item.pathname) } });
    }
    tx.push({ Put: { Item: next, ConditionExpression: 'attribute_exists(PK)' } });
    transact(tx, (i) => (i === 0 && tx.length > 1 ? pathClash() : notFound('Page not found')));
    return json(200, renderPage(next, liveLocales(site.id)));
  },

  async deletePage(event, principal) {
    const q = query(event, { siteId: UUID_Q });
    const { site, item } = resolvePage(event, principal, q.siteId);
    if (!item) throw notFound(`Page ${event.pathParameters.pageIdOrPathname} not found`);
    transact([
      { Delete: { Key: K.page(site.id, item.id), ConditionExpression: 'attribute_exists(PK)' } },
      { Delete: { Key: K.pathname(site.id, item.pathname) } },
      { Delete: { Key: K.id(item.id) } },
    ], () => notFound('Page not found'));
    return json(204);
  },
};

export { badRequest };
export default handler(ops);
