// api/v2/views.py and api/v6/views.py, flattened: one object per APIView/ViewSet route.
import {
  validate, CharField, UUIDField, IntegerField, ChoiceField, BooleanField, BooleanChoiceField, RefusedField,
  PrimaryKeyRelatedField, parsePyUuid,
} from './fields.mjs';
import { ValidationError, NotFound, Conflict } from './errors.mjs';
import { IsAuthenticated, IsAppKey, PublishableReadOnly, checkSite, checkWorkspace } from './auth.mjs';
import {
  siteRepr, localeRepr, routeRepr, pageRepr, pageView, LocaleCodeField, pagePathnameField, urlField,
  ROUTE_RE, ROUTE_MESSAGE,
} from './serializers.mjs';
import { nowMicros, cmpCodePoints } from './store.mjs';
import { regexValidator } from './fields.mjs';

const Q = { isQuery: true };
const pagination = () => ({
  limit: new IntegerField({ min: 1, max: 100, default: 20 }),
  startingAfter: new UUIDField({ required: false }),
});
const siteField = (req, o = {}) => new PrimaryKeyRelatedField({ lookup: (u) => req.store.sites.get(u), ...o });
// siteId in a list query is required whatever the key (the documents declare it required).
const siteListField = (req) => siteField(req);
// siteId on a detail lookup is optional. It filters only when GIVEN; a Site or publishable key implies
// its own site only to resolve a code or pathname (never to filter an id lookup, so an existing
// resource of a site the key does not reach is a 403, not a 404).
const siteLookupField = (req) => siteField(req, { required: false });
const lookupSite = (req, q) => q.siteId || (req.principal.kind === 'app' ? null : req.principal.site);
const getSite = (req, id) => {
  const s = req.store.sites.get(id);
  if (!s) throw NotFound('No Site matches the given query.');
  return s;
};
const invalidCursor = () => NotFound('Invalid cursor');

// CursorPagination mapped onto startingAfter: keyset on (ordering, id) from the named row's position
function paginate(items, cmp, cursor, limit) {
  items.sort(cmp);
  const rest = cursor ? items.filter((x) => cmp(x, cursor) > 0) : items;
  return { page: rest.slice(0, limit), hasMore: rest.length > limit };
}
const listBody = (data, hasMore) => ({ object: 'list', data, hasMore });
const byIdAsc = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// ------------------------------------------------------------------------------------------------
// Sites

export const SiteList = {
  name: 'Site List', description: 'List the sites of a workspace, or create one.',
  permissions: [IsAuthenticated, PublishableReadOnly, IsAppKey],
  GET(req) {
    const q = validate({
      workspaceId: new PrimaryKeyRelatedField({ lookup: (u) => req.store.workspaces.get(u) }), ...pagination(),
    }, req.query, Q);
    checkWorkspace(req, q.workspaceId);
    const items = [...req.store.sites.values()].filter((s) => s.workspaceId === q.workspaceId.id);
    let cursor = null;
    if (q.startingAfter) {
      cursor = req.store.sites.get(q.startingAfter);
      if (!cursor || cursor.workspaceId !== q.workspaceId.id) throw invalidCursor();
    }
    // CursorPagination.ordering = ('-created', '-id'), DRF's own default ordering
    const cmp = (a, b) => (b.createdAt - a.createdAt) || -byIdAsc(a, b);
    const { page, hasMore } = paginate(items, cmp, cursor, q.limit);
    return [200, listBody(page.map(siteRepr), hasMore)];
  },
  POST(req) {
    const d = validate({
      workspaceId: new PrimaryKeyRelatedField({ lookup: (u) => req.store.workspaces.get(u) }),
      name: new CharField({ maxLength: 255 }),
      hostOrigin: urlField({ required: false, allowNull: true }),
      defaultLocale: new LocaleCodeField({ default: 'en-US' }),
    }, req.data());
    checkWorkspace(req, d.workspaceId);
    const site = req.store.createSite({
      workspaceId: d.workspaceId.id, name: d.name, hostOrigin: d.hostOrigin ?? null, defaultLocale: d.defaultLocale,
    });
    return [201, siteRepr(site)];
  },
};

export const SiteDetail = {
  name: 'Site Instance', description: 'Read, update or delete one site.',
  permissions: [IsAuthenticated, PublishableReadOnly],
  object(req) { const s = getSite(req, req.kwargs.siteId); checkSite(req, s); return s; },
  GET(req) { return [200, siteRepr(this.object(req))]; },
  PATCH(req) {
    const site = this.object(req);
    // SPEC: "defaultLocale is not accepted in this body" — any value (null included) is a 400 on defaultLocale
    const d = validate({
      name: new CharField({ maxLength: 255, required: false }),
      hostOrigin: urlField({ required: false, allowNull: true }),
      defaultLocale: new RefusedField('This field cannot be updated.'),
    }, req.data(), { partial: true });
    Object.assign(site, d);
    return [200, siteRepr(site)];
  },
  DELETE(req) {
    req.store.deleteSite(this.object(req));
    return [204, null];
  },
};

export const SiteDuplicate = {
  name: 'Site Duplicate', description: 'Copy a site with its locales, pages and routes.',
  permissions: [IsAuthenticated, PublishableReadOnly, IsAppKey],
  POST(req) {
    const src = getSite(req, req.kwargs.siteId);
    checkSite(req, src);
    const d = validate({ name: new CharField({ maxLength: 255 }) }, req.data());
    const st = req.store;
    const copy = st.createSite({
      workspaceId: src.workspaceId, name: d.name, hostOrigin: src.hostOrigin, defaultLocale: src.defaultLocale,
      localeManagementMode: src.localeManagementMode,
    });
    const localeMap = new Map([[st.defaultLocaleOf(src.id).id, st.defaultLocaleOf(copy.id)]]);
    for (const l of st.localesOf(src.id).sort((a, b) => a.createdAt - b.createdAt)) {
      if (l.isDefault) continue;
      localeMap.set(l.id, st.createLocale({ siteId: copy.id, code: l.code, domain: null })); // domains are unique service-wide
    }
    for (const p of st.pagesOf(src.id).sort((a, b) => a.createdAt - b.createdAt)) {
      const { id, siteId, createdAt, updatedAt, ...fields } = p;
      const np = st.createPage({ ...fields, siteId: copy.id });
      for (const z of st.localizations.values()) {
        if (z.pageId !== p.id || !localeMap.has(z.localeId)) continue;
        st.addLocalization(np, localeMap.get(z.localeId), z.pathname, { title: z.title, description: z.description });
      }
    }
    for (const r of st.routesOf(src.id).sort((a, b) => a.createdAt - b.createdAt)) st.createRoute({ siteId: copy.id, pathname: r.pathname });
    return [201, siteRepr(copy)];
  },
};

// ------------------------------------------------------------------------------------------------
// Locales

const localeCmp = (a, b) => (a.createdAt - b.createdAt) || byIdAsc(a, b);

function domainTaken(store, domain, exceptId) {
  if (!domain) return false;
  const d = domain.toLowerCase();
  return [...store.locales.values()].some((l) => l.id !== exceptId && l.domain && l.domain.toLowerCase() === d);
}

export const LocaleList = {
  name: 'Locale List', description: 'List the locales of a site, or add one.',
  permissions: [IsAuthenticated, PublishableReadOnly],
  GET(req) {
    const q = validate({ siteId: siteListField(req), ...pagination() }, req.query, Q);
    checkSite(req, q.siteId);
    let cursor = null;
    if (q.startingAfter) {
      cursor = req.store.locales.get(q.startingAfter);
      if (!cursor || cursor.deletedAt || cursor.siteId !== q.siteId.id) throw invalidCursor();
    }
    const { page, hasMore } = paginate(req.store.localesOf(q.siteId.id), localeCmp, cursor, q.limit);
    return [200, listBody(page.map(localeRepr), hasMore)];
  },
  POST(req) {
    const d = validate({
      siteId: siteField(req), locale: new LocaleCodeField(), domain: urlField({ required: false }),
    }, req.data());
    const site = d.siteId;
    checkSite(req, site);
    const st = req.store;
    const existing = st.localeByCode(site.id, d.locale, true);
    if (existing && !existing.deletedAt) throw Conflict(`A locale with the code "${existing.code}" already exists for this site.`);
    if (domainTaken(st, d.domain, existing?.id)) throw Conflict('A locale with this domain already exists.');
    if (existing) {
      // the unique (site, code) row is soft-deleted: bring it back instead of inserting
      Object.assign(existing, { deletedAt: null, domain: d.domain ?? null, code: d.locale });
      return [201, localeRepr(existing)];
    }
    return [201, localeRepr(st.createLocale({ siteId: site.id, code: d.locale, domain: d.domain ?? null }))];
  },
};

function resolveLocale(req, { withDeleted = false } = {}) {
  const q = validate({ siteId: siteLookupField(req) }, req.query, Q);
  const value = req.kwargs.localeIdOrCode;
  const st = req.store;
  const u = parsePyUuid(value);
  let l = null;
  if (u) {
    l = st.locales.get(u) || null;
  } else {
    const site = lookupSite(req, q);
    if (!site) throw ValidationError({ siteId: 'This field is required.' });
    l = st.localeByCode(site.id, value, true);
  }
  if (!l || (l.deletedAt && !withDeleted)) throw NotFound('No Locale matches the given query.');
  checkSite(req, st.sites.get(l.siteId)); // an existing locale the key does not reach: 403
  if (q.siteId && l.siteId !== q.siteId.id) throw NotFound('No Locale matches the given query.');
  return l;
}

export const LocaleDetail = {
  name: 'Locale Instance', description: 'Read, update or delete one locale, by id or by code.',
  permissions: [IsAuthenticated, PublishableReadOnly],
  GET(req) { return [200, localeRepr(resolveLocale(req))]; },
  PATCH(req) {
    const l = resolveLocale(req);
    const d = validate({
      locale: new LocaleCodeField({ required: false }),
      domain: urlField({ required: false, allowNull: true }),
    }, req.data(), { partial: true });
    const st = req.store;
    if (d.locale !== undefined) {
      const other = st.localeByCode(l.siteId, d.locale, true);
      if (other && other.id !== l.id) throw Conflict(`A locale with the code "${other.code}" already exists for this site.`);
    }
    if (d.domain && domainTaken(st, d.domain, l.id)) throw Conflict('A locale with this domain already exists.');
    if (d.locale !== undefined) {
      l.code = d.locale;
      if (l.isDefault) st.sites.get(l.siteId).defaultLocale = d.locale;
    }
    if (d.domain !== undefined) l.domain = d.domain;
    return [200, localeRepr(l)];
  },
  DELETE(req) {
    const l = resolveLocale(req);
    if (l.isDefault) throw ValidationError('The default locale of a site cannot be deleted.');
    l.deletedAt = nowMicros();
    return [204, null];
  },
};

export const LocaleRestore = {
  name: 'Locale Restore', description: 'Bring back a soft-deleted locale.',
  permissions: [IsAuthenticated, PublishableReadOnly],
  POST(req) {
    const l = resolveLocale(req, { withDeleted: true });
    if (!l.deletedAt) throw ValidationError('This locale is not deleted.');
    l.deletedAt = null;
    return [200, localeRepr(l)];
  },
};

// ------------------------------------------------------------------------------------------------
// Pages

const SORT_KEYS = { path: 'pathname', title: 'title', description: 'description', updatedAt: 'updatedAt', createdAt: 'createdAt' };

function pageCmp(sortBy, direction) {
  const key = SORT_KEYS[sortBy];
  const sign = direction === 'desc' ? -1 : 1;
  return (a, b) => {
    const x = a[key], y = b[key];
    let c;
    if (x === null && y === null) c = 0;
    else if (x === null) c = 1; // PostgreSQL: NULL sorts as the largest value
    else if (y === null) c = -1;
    else c = typeof x === 'string' ? cmpCodePoints(x, y) : x - y;
    return sign * (c || byIdAsc(a, b));
  };
}

function resolveLocaleParam(req, site, value) {
  if (value === undefined) return null;
  const st = req.store;
  const u = parsePyUuid(value);
  let l = u ? st.locales.get(u) : st.localeByCode(site.id, value);
  if (!l || l.deletedAt || l.siteId !== site.id) throw ValidationError({ locale: `Object with code=${value} does not exist.` });
  return l.isDefault ? null : l;
}

function listPages(req, fixedSite) {
  const fields = {
    ...pagination(),
    pathPrefix: new CharField({ required: false, default: '/' }),
    sortBy: new ChoiceField({ choices: Object.keys(SORT_KEYS), default: 'path' }),
    sortDirection: new ChoiceField({ choices: ['asc', 'desc'], default: 'asc' }),
    includeOffline: new BooleanChoiceField({ default: false }),
    locale: new CharField({ required: false }),
    versionRef: new ChoiceField({ choices: ['ref:live', 'ref:draft'], default: 'ref:draft' }),
  };
  let site = fixedSite;
  if (!fixedSite) fields.siteId = siteListField(req);
  const q = validate(fields, req.query, Q);
  if (!fixedSite) site = q.siteId;
  checkSite(req, site);
  const locale = resolveLocaleParam(req, site, q.locale);
  const st = req.store;
  const live = q.versionRef === 'ref:live';
  let views = st.pagesOf(site.id)
    .filter((p) => p.isOnline || (!live && q.includeOffline))
    .map((p) => pageView(st, p, locale));
  if (locale) views = views.filter((v) => v.collapsed);
  views = views.filter((v) => v.pathname.startsWith(q.pathPrefix));
  let cursor = null;
  if (q.startingAfter) {
    const p = st.pages.get(q.startingAfter);
    if (!p || p.siteId !== site.id) throw invalidCursor();
    cursor = pageView(st, p, locale);
  }
  const { page, hasMore } = paginate(views, pageCmp(q.sortBy, q.sortDirection), cursor, q.limit);
  return [200, listBody(page.map((v) => pageRepr(st, v)), hasMore)];
}

function resolvePage(req) {
  const q = validate({
    siteId: siteLookupField(req),
    versionRef: new ChoiceField({ choices: ['ref:live', 'ref:draft'], default: 'ref:draft' }),
    locale: new CharField({ required: false }),
  }, req.query, Q);
  const value = req.kwargs.pageIdOrPathname;
  const st = req.store;
  const u = parsePyUuid(value);
  let p = null;
  if (u) {
    p = st.pages.get(u) || null;
  } else {
    const s = lookupSite(req, q);
    if (!s) throw ValidationError({ siteId: 'This field is required.' });
    const pathname = value.startsWith('/') ? value : `/${value}`;
    p = st.pagesOf(s.id).find((x) => x.pathname === pathname) || null;
  }
  const notFound = () => NotFound('No Page matches the given query.');
  if (!p) throw notFound();
  const site = st.sites.get(p.siteId);
  checkSite(req, site); // an existing page the key does not reach: 403
  if (q.siteId && p.siteId !== q.siteId.id) throw notFound();
  if (req.method !== 'PATCH' && req.method !== 'DELETE' && q.versionRef === 'ref:live' && !p.isOnline) throw notFound();
  return { p, q, site };
}

const pageName = (o = {}) => new CharField({ maxLength: 255, minLength: 1, ...o });

export const PageList = {
  name: 'Page List', description: 'List the pages of a site, or create one.',
  permissions: [IsAuthenticated, PublishableReadOnly],
  GET(req) { return listPages(req, null); },
  POST(req) {
    const d = validate({ siteId: siteField(req), pathname: pagePathnameField(), name: pageName() }, req.data());
    checkSite(req, d.siteId);
    if (req.store.pathnameTaken(d.siteId.id, d.pathname)) throw Conflict('A page or route with this pathname already exists.');
    const p = req.store.createPage({ siteId: d.siteId.id, pathname: d.pathname, name: d.name });
    return [201, pageRepr(req.store, pageView(req.store, p, null))];
  },
};

export const SitePageList = {
  name: 'Site Page List', description: 'The pages of one site (the same filters as /v6/pages).',
  permissions: [IsAuthenticated, PublishableReadOnly],
  GET(req) { return listPages(req, getSite(req, req.kwargs.siteId)); },
};

export const PageDetail = {
  name: 'Page Instance', description: 'Read, update or delete one page, by id or by pathname.',
  permissions: [IsAuthenticated, PublishableReadOnly],
  GET(req) {
    const { p, q, site } = resolvePage(req);
    const locale = resolveLocaleParam(req, site, q.locale);
    return [200, pageRepr(req.store, pageView(req.store, p, locale))];
  },
  PATCH(req) {
    const { p } = resolvePage(req);
    const d = validate({
      pathname: pagePathnameField({ required: false }), name: pageName({ required: false }),
      isOnline: new BooleanField({ required: false }),
    }, req.data(), { partial: true });
    if (d.pathname !== undefined && req.store.pathnameTaken(p.siteId, d.pathname, { exceptPage: p.id })) {
      throw Conflict('A page or route with this pathname already exists.');
    }
    Object.assign(p, d);
    p.updatedAt = nowMicros(); // auto_now: every save() moves it
    if (p.isOnline && p.publishedAt === null) p.publishedAt = p.updatedAt;
    return [200, pageRepr(req.store, pageView(req.store, p, null))];
  },
  DELETE(req) {
    const { p } = resolvePage(req);
    req.store.deletePage(p);
    return [204, null];
  },
};

// ------------------------------------------------------------------------------------------------
// Routes

const skipField = () => ({ skipValidation: new BooleanChoiceField({ default: false }) });
function routePathnameField(skip, required = true) {
  const f = new CharField({ maxLength: 255, required, validators: skip ? [] : [regexValidator(ROUTE_RE, ROUTE_MESSAGE)] });
  return f;
}
const normaliseSkipped = (s) => (s.startsWith('/') ? s : `/${s}`);

function resolveRoute(req) {
  const q = validate({ siteId: siteLookupField(req), ...skipField() }, req.query, Q);
  const value = req.kwargs.routeIdOrPathname;
  const st = req.store;
  const u = parsePyUuid(value);
  let r = null;
  if (u) {
    r = st.routes.get(u) || null;
  } else {
    const s = lookupSite(req, q);
    if (!s) throw ValidationError({ siteId: 'This field is required.' });
    const pathname = value.startsWith('/') ? value : `/${value}`;
    r = st.routesOf(s.id).find((x) => x.pathname === pathname) || null;
  }
  if (!r) throw NotFound('No Route matches the given query.');
  checkSite(req, st.sites.get(r.siteId)); // an existing route the key does not reach: 403
  if (q.siteId && r.siteId !== q.siteId.id) throw NotFound('No Route matches the given query.');
  return { r, q };
}

function routeConflicts(store, siteId, pathname, skip, exceptRoute) {
  const hit = store.pathnameTaken(siteId, pathname, { exceptRoute, pages: !skip });
  if (hit) throw Conflict('A page or route with this pathname already exists.');
}

export const RouteList = {
  name: 'Route List', description: 'List the routes of a site, or create one.',
  permissions: [IsAuthenticated, PublishableReadOnly],
  GET(req) {
    const q = validate({ siteId: siteListField(req), ...pagination() }, req.query, Q);
    checkSite(req, q.siteId);
    let cursor = null;
    if (q.startingAfter) {
      cursor = req.store.routes.get(q.startingAfter);
      if (!cursor || cursor.siteId !== q.siteId.id) throw invalidCursor();
    }
    const cmp = (a, b) => cmpCodePoints(a.pathname, b.pathname) || byIdAsc(a, b);
    const { page, hasMore } = paginate(req.store.routesOf(q.siteId.id), cmp, cursor, q.limit);
    return [200, listBody(page.map(routeRepr), hasMore)];
  },
  POST(req) {
    const q = validate(skipField(), req.query, Q);
    const d = validate({ siteId: siteField(req), pathname: routePathnameField(q.skipValidation) }, req.data());
    checkSite(req, d.siteId);
    const pathname = normaliseSkipped(d.pathname);
    routeConflicts(req.store, d.siteId.id, pathname, q.skipValidation, null);
    return [201, routeRepr(req.store.createRoute({ siteId: d.siteId.id, pathname }))];
  },
};

export const RouteDetail = {
  name: 'Route Instance', description: 'Read, update or delete one route, by id or by pathname.',
  permissions: [IsAuthenticated, PublishableReadOnly],
  GET(req) { return [200, routeRepr(resolveRoute(req).r)]; },
  PATCH(req) {
    const { r, q } = resolveRoute(req);
    const d = validate({ pathname: routePathnameField(q.skipValidation, false) }, req.data(), { partial: true });
    if (d.pathname !== undefined) {
      const pathname = normaliseSkipped(d.pathname);
      routeConflicts(req.store, r.siteId, pathname, q.skipValidation, r.id);
      r.pathname = pathname;
    }
    return [200, routeRepr(r)];
  },
  DELETE(req) {
    const { r } = resolveRoute(req);
    req.store.routes.delete(r.id);
    return [204, null];
  },
};
