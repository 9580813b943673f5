import { db, alive, now, siteAlive, createPage, pagesOf, localesOf, pathnameTaken } from './store.mjs';
import { pageOut, paginate, cmp, liveLocalizations } from './present.mjs';
import { jsonBody, sendJson, sendEmpty } from './http.mjs';
import { notFound, conflict, violations } from './errors.mjs';
import { validateBody, checks, canonicalLocale, isUuid, normUuid, qUuid, qLimit, qEnum, qString, throwIf } from './validate.mjs';
import { voteSite } from './auth.mjs';
import { loadSite } from './sites.mjs';

const VERSION_REFS = ['ref:live', 'ref:draft'];

// `locale` query: a locale code or a site_locale UUID, must be a live locale of the site.
function resolveLocaleParam(site, raw) {
  if (raw === undefined) return null;
  const ls = localesOf(site.id);
  const hit = isUuid(raw) ? ls.find((l) => l.id === normUuid(raw)) : ls.find((l) => l.locale === canonicalLocale(raw));
  if (!hit) throw violations([{ field: 'locale', message: 'This locale does not exist for this site.' }]);
  return hit;
}

function resolvePage(ctx, { withLocale = false } = {}) {
  const d = [];
  const siteId = qUuid(ctx.q, 'siteId', d);
  const versionRef = withLocale ? qEnum(ctx.q, 'versionRef', VERSION_REFS, 'ref:draft', d) : 'ref:draft';
  const localeRaw = withLocale ? qString(ctx.q, 'locale', d) : undefined;
  throwIf(d);
  const key = ctx.params.pageIdOrPathname;
  let page, site, as = null;
  if (isUuid(key)) {
    page = db.pages.get(normUuid(key));
    if (!alive(page) || (siteId && page.siteId !== siteId)) throw notFound('Page not found.');
    site = siteAlive(page.siteId);
    if (!site) throw notFound('Page not found.');
    voteSite(ctx.auth, site);
    as = resolveLocaleParam(site, localeRaw);
  } else {
    if (!siteId) throw violations([{ field: 'siteId', message: 'This value is required when a pathname is used instead of a page ID.' }]);
    site = loadSite(ctx, siteId);
    as = resolveLocaleParam(site, localeRaw);
    const pn = key.startsWith('/') ? key : '/' + key;
    const pages = pagesOf(site.id);
    page = pages.find((p) => p.pathname === pn);
    if (!page && as && !as.isDefault) {
      page = pages.find((p) => p.localizations.some((z) => z.localeId === as.id && z.pathname === pn));
    }
    if (!page) throw notFound('Page not found.');
  }
  if (versionRef === 'ref:live' && !page.publishedAt) throw notFound('Page not found in the live version.');
  return { page, site, as };
}

export async function create(ctx) {
  const b = validateBody(await jsonBody(ctx), {
    siteId: { type: 'string', required: true, check: checks.uuid },
    pathname: { type: 'string', required: true, check: checks.pathname },
    name: { type: 'string', required: true, check: checks.pageName },
  });
  const site = loadSite(ctx, b.siteId);
  const taken = pathnameTaken(site.id, b.pathname);
  if (taken) throw conflict(`A ${taken} with the pathname "${b.pathname}" already exists.`);
  const p = createPage({ siteId: site.id, pathname: b.pathname, name: b.name });
  sendJson(ctx.res, 201, pageOut(p), { location: `/v6/pages/${p.id}` });
}

const SORT_KEYS = { title: 'title', path: 'pathname', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' };

export function list(ctx) {
  const d = [];
  const siteId = ctx.params.siteId !== undefined ? ctx.params.siteId : qUuid(ctx.q, 'siteId', d, { required: true });
  const limit = qLimit(ctx.q, d);
  const after = qUuid(ctx.q, 'startingAfter', d);
  const pathPrefix = qString(ctx.q, 'pathPrefix', d) ?? '/';
  if (!pathPrefix.startsWith('/')) d.push({ field: 'pathPrefix', message: 'The path prefix must start with a "/".' });
  const sortBy = qEnum(ctx.q, 'sortBy', Object.keys(SORT_KEYS), 'path', d);
  const dir = qEnum(ctx.q, 'sortDirection', ['asc', 'desc'], 'asc', d);
  const includeOffline = qEnum(ctx.q, 'includeOffline', ['true', 'false'], 'false', d) === 'true';
  const localeRaw = qString(ctx.q, 'locale', d);
  const versionRef = qEnum(ctx.q, 'versionRef', VERSION_REFS, 'ref:draft', d);
  throwIf(d);
  const site = loadSite(ctx, siteId);
  const as = resolveLocaleParam(site, localeRaw);
  const nonDefault = as && !as.isDefault ? as : null;
  let rows = pagesOf(site.id)
    .filter((p) => includeOffline || p.isOnline)
    .filter((p) => versionRef === 'ref:draft' || p.publishedAt);
  let view = rows.map((p) => {
    if (!nonDefault) return { p, pathname: p.pathname };
    const hit = liveLocalizations(p).find((x) => x.l.id === nonDefault.id);
    return hit ? { p, pathname: hit.z.pathname } : null;
  }).filter(Boolean).filter((v) => v.pathname.startsWith(pathPrefix));
  const k = SORT_KEYS[sortBy];
  const sgn = dir === 'asc' ? 1 : -1;
  view.sort((a, b) => {
    const va = k === 'pathname' ? a.pathname : a.p[k];
    const vb = k === 'pathname' ? b.pathname : b.p[k];
    return sgn * (cmp(va, vb) || cmp(a.p.id, b.p.id));
  });
  const items = view.map((v) => ({ id: v.p.id, p: v.p }));
  sendJson(ctx.res, 200, paginate(items, limit, after, (x) => pageOut(x.p, nonDefault)));
}

export function get(ctx) {
  const { page, as } = resolvePage(ctx, { withLocale: true });
  sendJson(ctx.res, 200, pageOut(page, as));
}

export async function update(ctx) {
  const { page } = resolvePage(ctx);
  const b = validateBody(await jsonBody(ctx), {
    pathname: { type: 'string', check: checks.pathname },
    name: { type: 'string', check: checks.pageName },
    isOnline: { type: 'boolean' },
  });
  if (!Object.keys(b).length) throw violations([{ field: 'pathname', message: 'Missing pathname field.' }]);
  if (b.pathname !== undefined && b.pathname !== page.pathname) {
    const taken = pathnameTaken(page.siteId, b.pathname, { exceptPage: page.id });
    if (taken) throw conflict(`A ${taken} with the pathname "${b.pathname}" already exists.`);
  }
  let changed = false;
  for (const f of ['pathname', 'name', 'isOnline']) {
    if (b[f] !== undefined && b[f] !== page[f]) { page[f] = b[f]; changed = true; }
  }
  if (changed) {
    page.updatedAt = now();
    if (page.isOnline && !page.publishedAt) page.publishedAt = page.updatedAt;
  }
  sendJson(ctx.res, 200, pageOut(page));
}

export function remove(ctx) {
  const { page } = resolvePage(ctx);
  page.deletedAt = now();
  sendEmpty(ctx.res, 204);
}
