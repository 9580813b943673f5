// outsider18 — one actor per workspace (a Durable-Object-like owner of that workspace's sites).
// Each actor answers its requests one at a time, in arrival order, from in-memory sorted arrays.
import {
  uuidv7, uuidv4, instant, isUuid, Problems, notFound, forbidden, conflict, bad,
  siteName, pageName, localeCode, parseLocaleCode, pagePathname, routePathname, hostOrigin, domainUrl,
} from './lib.mjs';

/** The edge's directory: resource id -> owning workspace (lets an actor tell 403 from 404). */
export const directory = new Map();

const MAX_LOCALE_RECORDS = 25; // per site, soft-deleted records included (actor storage budget)
const FREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

// ---------- query helpers
function qget(ctx, name) {
  const v = ctx.query.get(name);
  return v === undefined || v === '' ? undefined : v;
}
function reqUuid(ctx, name, P) {
  const v = qget(ctx, name);
  if (v === undefined) return P.add(name, 'is required'), undefined;
  if (!isUuid(v)) return P.add(name, 'must be a UUID'), undefined;
  return v.toLowerCase();
}
function optUuid(ctx, name, P) {
  const v = qget(ctx, name);
  if (v === undefined) return undefined;
  if (!isUuid(v)) return P.add(name, 'must be a UUID'), undefined;
  return v.toLowerCase();
}
function limitOf(ctx, P) {
  const v = qget(ctx, 'limit');
  if (v === undefined) return 20;
  if (!/^(0|[1-9][0-9]*)$/.test(v)) return P.add('limit', 'must be a whole number written in decimal digits, from 1 to 100'), 20;
  const n = Number(v);
  if (n < 1 || n > 100) return P.add('limit', 'must be between 1 and 100'), 20;
  return n;
}
function enumOf(ctx, name, values, dflt, P) {
  const v = qget(ctx, name);
  if (v === undefined) return dflt;
  if (!values.includes(v)) return P.add(name, `must be one of: ${values.join(', ')}`), dflt;
  return v;
}
function bodyStr(body, name, P, required) {
  if (!(name in body)) {
    if (required) P.add(name, 'is required');
    return undefined;
  }
  return body[name];
}
/** PATCH bodies are closed: any field the operation does not take is a 400. */
function closedBody(body, allowed, P, refused = {}) {
  for (const k of Object.keys(body).sort()) {
    if (refused[k]) P.add(k, refused[k]);
    else if (!allowed.includes(k)) P.add(k, 'is not a field of this update');
  }
}
function paginate(items, limit, after, P) {
  let start = 0;
  if (after !== undefined) {
    const i = items.findIndex((x) => x.id === after);
    if (i < 0) {
      P.add('startingAfter', 'does not name an item of this list');
      P.throwIfAny();
    }
    start = i + 1;
  }
  const data = items.slice(start, start + limit);
  return { data, hasMore: start + limit < items.length };
}
const list = (data, hasMore) => ({ object: 'list', data, hasMore });

// ---------- ordering
function cmpStr(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class WorkspaceActor {
  constructor(id, name) {
    this.id = id;
    this.name = name;
    this.sites = new Map();
    this.locales = new Map();
    this.pages = new Map();
    this.routes = new Map();
    this.queue = Promise.resolve();
    this.registerKey = null; // set by the edge: (key, entry) => void
    this.revokeKeys = null;
  }

  /** Requests are answered in order, one at a time; each gets one instant from the actor clock. */
  run(fn) {
    const p = this.queue.then(() => fn(new Date()));
    this.queue = p.catch(() => {});
    return p;
  }

  // ---------- lookups
  ownSite(id) {
    const s = this.sites.get(id);
    return s && !s.deleted ? s : null;
  }
  /** 404 when nothing by that id exists (anywhere), 403 when it belongs elsewhere or the key is scoped to another site. */
  resolveSite(ctx, id) {
    const s = this.ownSite(id);
    if (!s) {
      const d = directory.get(id);
      if (d && d.kind === 'site' && d.workspaceId !== this.id) throw forbidden('This API key has no access to that site.');
      throw notFound('Site');
    }
    this.checkSiteScope(ctx, s.id);
    return s;
  }
  checkSiteScope(ctx, siteId) {
    if (ctx.key.kind !== 'app' && ctx.key.siteId !== siteId) throw forbidden('This API key is scoped to another site.');
  }
  foreignOr404(id, kind, what) {
    const d = directory.get(id);
    if (d && d.kind === kind && d.workspaceId !== this.id) throw forbidden(`This API key has no access to that ${what.toLowerCase()}.`);
    throw notFound(what);
  }
  siteLocales(siteId, withDeleted = false) {
    return [...this.locales.values()].filter((l) => l.siteId === siteId && (withDeleted || !l.deletedAt));
  }
  defaultLocaleOf(site) {
    return this.locales.get(site.defaultLocaleId);
  }

  // ---------- views
  siteView(s) {
    return {
      object: 'site',
      id: s.id,
      name: s.name,
      hostOrigin: s.hostOrigin,
      publicApiKey: s.publicApiKey,
      defaultLocale: this.defaultLocaleOf(s).code,
      defaultLocalePathPrefix: null,
      localeManagementMode: s.localeManagementMode,
    };
  }
  localeView(l) {
    return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: l.isDefault };
  }
  routeView(r) {
    return { object: 'route', id: r.id, pathname: r.pathname };
  }
  /** A page as seen in a version (draft|live) and a locale record (null = the site's default). */
  pageView(p, version, locale) {
    const b = version === 'live' ? { ...p, ...p.live, isOnline: true } : p;
    const localizations = [];
    for (const [lid, lz] of p.localizations) {
      const l = this.locales.get(lid);
      if (l && !l.deletedAt && !l.isDefault) localizations.push({ id: lz.id, locale: l.code, pathname: lz.pathname });
    }
    localizations.sort((x, y) => cmpStr(x.pathname, y.pathname) || cmpStr(x.locale, y.locale));
    const v = {
      object: 'page',
      id: p.id,
      pathname: b.pathname,
      canonicalUrl: b.canonicalUrl,
      title: b.title,
      description: b.description,
      socialImageUrl: b.socialImageUrl,
      sitemapPriority: b.sitemapPriority,
      sitemapFrequency: b.sitemapFrequency,
      createdAt: instant(p.createdAt),
      updatedAt: instant(b.updatedAt),
      publishedAt: p.publishedAt ? instant(p.publishedAt) : null,
      isOnline: b.isOnline,
      excludedFromSearchEngines: b.excludedFromSearchEngines,
      localizations,
    };
    if (locale && !locale.isDefault) {
      const lz = p.localizations.get(locale.id);
      if (lz) {
        v.pathname = lz.pathname;
        if (lz.title != null) v.title = lz.title;
        if (lz.description != null) v.description = lz.description;
        v.locale = locale.code; // present only when the page is shown in a non-default locale
      }
    }
    return v;
  }

  // ---------- helpers shared by creators (also used by the seed)
  newSite(now, { name, hostOrigin: ho = null, defaultLocale = 'en-US', mode = 'internal' }) {
    const id = uuidv7();
    const site = {
      id, name, hostOrigin: ho, publicApiKey: uuidv4(), siteApiKey: uuidv4(),
      localeManagementMode: mode, defaultLocaleId: null, createdAt: now, updatedAt: now, deleted: false,
    };
    this.sites.set(id, site);
    directory.set(id, { kind: 'site', workspaceId: this.id });
    const l = this.newLocale(now, site, defaultLocale, null, true);
    site.defaultLocaleId = l.id;
    this.registerKey(site.siteApiKey, { kind: 'site', workspaceId: this.id, siteId: id });
    this.registerKey(site.publicApiKey, { kind: 'public', workspaceId: this.id, siteId: id });
    return site;
  }
  newLocale(now, site, code, domain, isDefault = false) {
    const l = { id: uuidv7(), siteId: site.id, code, domain, isDefault, deletedAt: null, createdAt: now };
    this.locales.set(l.id, l);
    directory.set(l.id, { kind: 'locale', workspaceId: this.id });
    return l;
  }
  newPage(now, site, pathname, name, extra = {}) {
    const p = {
      id: uuidv7(), siteId: site.id, pathname, name,
      canonicalUrl: null, title: null, description: null, socialImageUrl: null,
      sitemapPriority: 0.7, sitemapFrequency: 'hourly', excludedFromSearchEngines: false,
      isOnline: false, createdAt: now, updatedAt: now, publishedAt: null, live: null, localizations: new Map(),
      ...extra,
    };
    this.pages.set(p.id, p);
    directory.set(p.id, { kind: 'page', workspaceId: this.id });
    return p;
  }
  snapshot(p) {
    const { pathname, canonicalUrl, title, description, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines, updatedAt } = p;
    return { pathname, canonicalUrl, title, description, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines, updatedAt };
  }
  newRoute(site, pathname) {
    const r = { id: uuidv7(), siteId: site.id, pathname };
    this.routes.set(r.id, r);
    directory.set(r.id, { kind: 'route', workspaceId: this.id });
    return r;
  }
  pathTaken(siteId, pathname, except) {
    for (const p of this.pages.values()) if (p.siteId === siteId && p.id !== except && p.pathname === pathname) return 'page';
    for (const r of this.routes.values()) if (r.siteId === siteId && r.id !== except && r.pathname === pathname) return 'route';
    return null;
  }

  // =====================================================================================
  // Sites
  createSite(ctx, now) {
    const P = new Problems();
    const b = ctx.body;
    const ws = bodyStr(b, 'workspaceId', P, true);
    if (ws !== undefined && !isUuid(ws)) P.add('workspaceId', 'must be a UUID');
    const nm = bodyStr(b, 'name', P, true);
    const name = nm === undefined ? undefined : siteName(nm, 'name', P);
    const ho = 'hostOrigin' in b ? hostOrigin(b.hostOrigin, 'hostOrigin', P) : null;
    const dl = 'defaultLocale' in b ? localeCode(b.defaultLocale, 'defaultLocale', P) : 'en-US';
    P.throwIfAny();
    if (ws.toLowerCase() !== this.id) throw forbidden('This API key cannot create sites in that workspace.');
    // A site created with an explicit default locale is taken as managed through the API.
    const s = this.newSite(now, { name, hostOrigin: ho, defaultLocale: dl, mode: 'defaultLocale' in b ? 'external' : 'internal' });
    return [201, this.siteView(s)];
  }
  listSites(ctx) {
    const P = new Problems();
    const ws = reqUuid(ctx, 'workspaceId', P);
    const limit = limitOf(ctx, P);
    const after = optUuid(ctx, 'startingAfter', P);
    P.throwIfAny();
    if (ws !== this.id) throw forbidden('This API key cannot list sites of that workspace.');
    // Most recently modified first; ties: newer id first.
    const items = [...this.sites.values()].filter((s) => !s.deleted).sort((a, b) => b.updatedAt - a.updatedAt || cmpStr(b.id, a.id));
    const { data, hasMore } = paginate(items, limit, after, P);
    return [200, list(data.map((s) => this.siteView(s)), hasMore)];
  }
  getSite(ctx) {
    return [200, this.siteView(this.resolveSite(ctx, ctx.params.siteId))];
  }
  updateSite(ctx, now) {
    const P = new Problems();
    const b = ctx.body;
    closedBody(b, ['name', 'hostOrigin'], P, { defaultLocale: 'is not accepted in this body' });
    const name = 'name' in b ? siteName(b.name, 'name', P) : undefined;
    const ho = 'hostOrigin' in b ? hostOrigin(b.hostOrigin, 'hostOrigin', P) : undefined;
    P.throwIfAny();
    const s = this.resolveSite(ctx, ctx.params.siteId);
    if (name !== undefined) s.name = name;
    if (ho !== undefined) s.hostOrigin = ho;
    if (Object.keys(b).length) s.updatedAt = now;
    return [200, this.siteView(s)];
  }
  deleteSite(ctx) {
    const s = this.resolveSite(ctx, ctx.params.siteId);
    s.deleted = true;
    directory.delete(s.id);
    for (const m of [this.locales, this.pages, this.routes]) for (const [id, x] of m) if (x.siteId === s.id) {
      m.delete(id);
      directory.delete(id);
    }
    this.sites.delete(s.id);
    this.revokeKeys(s.siteApiKey, s.publicApiKey);
    return [204, null];
  }
  duplicateSite(ctx, now) {
    const P = new Problems();
    const nm = bodyStr(ctx.body, 'name', P, true);
    const name = nm === undefined ? undefined : siteName(nm, 'name', P);
    P.throwIfAny();
    const src = this.resolveSite(ctx, ctx.params.siteId);
    const srcDefault = this.defaultLocaleOf(src);
    const copy = this.newSite(now, { name, hostOrigin: src.hostOrigin, defaultLocale: srcDefault.code, mode: src.localeManagementMode });
    const localeMap = new Map([[srcDefault.id, copy.defaultLocaleId]]);
    this.locales.get(copy.defaultLocaleId).domain = srcDefault.domain;
    for (const l of this.siteLocales(src.id).sort((a, b) => cmpStr(a.id, b.id))) {
      if (l.isDefault) continue;
      localeMap.set(l.id, this.newLocale(now, copy, l.code, l.domain).id);
    }
    const pages = [...this.pages.values()].filter((p) => p.siteId === src.id).sort((a, b) => cmpStr(a.id, b.id));
    for (const p of pages) {
      const np = this.newPage(now, copy, p.pathname, p.name, {
        canonicalUrl: p.canonicalUrl, title: p.title, description: p.description, socialImageUrl: p.socialImageUrl,
        sitemapPriority: p.sitemapPriority, sitemapFrequency: p.sitemapFrequency, excludedFromSearchEngines: p.excludedFromSearchEngines,
        isOnline: p.isOnline, createdAt: p.createdAt, updatedAt: p.updatedAt, publishedAt: p.publishedAt, live: p.live ? { ...p.live } : null,
      });
      for (const [lid, lz] of p.localizations) {
        const nl = localeMap.get(lid);
        if (nl) np.localizations.set(nl, { ...lz, id: uuidv4() });
      }
    }
    for (const r of [...this.routes.values()].filter((r) => r.siteId === src.id).sort((a, b) => cmpStr(a.id, b.id))) this.newRoute(copy, r.pathname);
    return [201, this.siteView(copy)];
  }

  // =====================================================================================
  // Locales
  /** Finds a locale by ID or by code (+ siteId). Codes find the active record, else the most recently deleted one. */
  findLocale(ctx, P, { allowDeleted }) {
    const raw = ctx.params.localeIdOrCode;
    const siteId = optUuid(ctx, 'siteId', P);
    const byId = isUuid(raw);
    let code = null;
    if (!byId) {
      code = parseLocaleCode(raw);
      if (qget(ctx, 'siteId') === undefined) P.add('siteId', 'is required when a locale code is used instead of a locale ID');
    }
    return { raw, byId, code, siteId };
  }
  locateLocale(ctx, ref, { allowDeleted }) {
    if (ref.byId) {
      const l = this.locales.get(ref.raw.toLowerCase());
      if (!l) this.foreignOr404(ref.raw.toLowerCase(), 'locale', 'Locale');
      this.checkSiteScope(ctx, l.siteId);
      if (ref.siteId !== undefined) {
        this.resolveSite(ctx, ref.siteId);
        if (ref.siteId !== l.siteId) throw bad('siteId', 'does not match the site of that locale');
      }
      if (l.deletedAt && !allowDeleted) throw notFound('Locale');
      return l;
    }
    const site = this.resolveSite(ctx, ref.siteId);
    if (!ref.code) throw notFound('Locale');
    const all = this.siteLocales(site.id, true).filter((l) => l.code === ref.code);
    const active = all.find((l) => !l.deletedAt);
    if (active) return active;
    if (!allowDeleted || !all.length) throw notFound('Locale');
    return all.sort((a, b) => b.deletedAt - a.deletedAt || cmpStr(b.id, a.id))[0];
  }
  createLocale(ctx, now) {
    const P = new Problems();
    const b = ctx.body;
    const sid = bodyStr(b, 'siteId', P, true);
    if (sid !== undefined && !isUuid(sid)) P.add('siteId', 'must be a UUID');
    const lc = bodyStr(b, 'locale', P, true);
    const code = lc === undefined ? undefined : localeCode(lc, 'locale', P);
    const domain = 'domain' in b ? domainUrl(b.domain, 'domain', P) : null;
    P.throwIfAny();
    const site = this.resolveSite(ctx, sid.toLowerCase());
    const records = this.siteLocales(site.id, true);
    if (records.some((l) => !l.deletedAt && l.code === code)) throw conflict(`The site already has the locale ${code}.`);
    this.checkDomain(site, domain, null);
    // A soft-deleted record of the same code is purged: the new locale replaces it for good.
    for (const l of records) if (l.deletedAt && l.code === code) this.purgeLocale(l);
    if (this.siteLocales(site.id, true).length >= MAX_LOCALE_RECORDS) throw bad('locale', `a site holds at most ${MAX_LOCALE_RECORDS} locale records, deleted ones included`);
    const l = this.newLocale(now, site, code, domain);
    return [201, this.localeView(l)];
  }
  purgeLocale(l) {
    this.locales.delete(l.id);
    directory.delete(l.id);
    for (const p of this.pages.values()) p.localizations.delete(l.id);
  }
  checkDomain(site, domain, exceptId) {
    if (domain == null) return;
    if (site.hostOrigin && new URL(site.hostOrigin).origin === domain) throw bad('domain', "must differ from the site's hostOrigin");
    if (this.siteLocales(site.id).some((l) => l.id !== exceptId && l.domain === domain)) throw conflict(`Another locale of this site already uses the domain ${domain}.`);
  }
  listLocales(ctx) {
    const P = new Problems();
    const sid = reqUuid(ctx, 'siteId', P);
    const limit = limitOf(ctx, P);
    const after = optUuid(ctx, 'startingAfter', P);
    P.throwIfAny();
    const site = this.resolveSite(ctx, sid);
    // Ordered by region (language-only locales first), then language, then id.
    const key = (l) => `${l.code.slice(3)}\u0000${l.code.slice(0, 2)}`;
    const items = this.siteLocales(site.id).sort((a, b) => cmpStr(key(a), key(b)) || cmpStr(a.id, b.id));
    const { data, hasMore } = paginate(items, limit, after, P);
    return [200, list(data.map((l) => this.localeView(l)), hasMore)];
  }
  getLocale(ctx) {
    const P = new Problems();
    const ref = this.findLocale(ctx, P, {});
    P.throwIfAny();
    return [200, this.localeView(this.locateLocale(ctx, ref, { allowDeleted: false }))];
  }
  updateLocale(ctx) {
    const P = new Problems();
    const ref = this.findLocale(ctx, P, {});
    const b = ctx.body;
    closedBody(b, ['locale', 'domain'], P);
    const code = 'locale' in b ? localeCode(b.locale, 'locale', P) : undefined;
    const domain = 'domain' in b ? (b.domain === null ? null : domainUrl(b.domain, 'domain', P)) : undefined;
    P.throwIfAny();
    const l = this.locateLocale(ctx, ref, { allowDeleted: false });
    const site = this.sites.get(l.siteId);
    if (code !== undefined && code !== l.code && this.siteLocales(site.id).some((x) => x.code === code)) throw conflict(`The site already has the locale ${code}.`);
    if (domain !== undefined) this.checkDomain(site, domain, l.id);
    if (code !== undefined) l.code = code; // the site's defaultLocale follows a renamed default locale
    if (domain !== undefined) l.domain = domain;
    return [200, this.localeView(l)];
  }
  deleteLocale(ctx, now) {
    const P = new Problems();
    const ref = this.findLocale(ctx, P, {});
    P.throwIfAny();
    const l = this.locateLocale(ctx, ref, { allowDeleted: true });
    if (l.isDefault) throw bad('localeIdOrCode', 'is the default locale of its site and cannot be deleted');
    if (!l.deletedAt) l.deletedAt = now; // deleting a deleted locale is a no-op 204
    return [204, null];
  }
  restoreLocale(ctx) {
    const P = new Problems();
    const ref = this.findLocale(ctx, P, {});
    P.throwIfAny();
    const l = this.locateLocale(ctx, ref, { allowDeleted: true });
    if (!l.deletedAt) throw conflict('That locale is not deleted.');
    const site = this.sites.get(l.siteId);
    if (this.siteLocales(site.id).some((x) => x.code === l.code)) throw conflict(`The site already has an active locale ${l.code}.`);
    if (l.domain && this.siteLocales(site.id).some((x) => x.domain === l.domain)) throw conflict(`Another locale of this site now uses the domain ${l.domain}.`);
    l.deletedAt = null;
    return [200, this.localeView(l)];
  }

  // =====================================================================================
  // Pages
  /** Resolves a `locale` query value (code or site-locale id) to an active locale of the site; 404 otherwise. */
  resolveLocaleParam(site, value) {
    if (value === undefined) return null;
    let l = null;
    if (isUuid(value)) l = this.locales.get(value.toLowerCase());
    else {
      const c = parseLocaleCode(value);
      l = c ? this.siteLocales(site.id).find((x) => x.code === c) : null;
    }
    if (!l || l.siteId !== site.id || l.deletedAt) throw notFound('Locale');
    return l;
  }
  createPage(ctx, now) {
    const P = new Problems();
    const b = ctx.body;
    const sid = bodyStr(b, 'siteId', P, true);
    if (sid !== undefined && !isUuid(sid)) P.add('siteId', 'must be a UUID');
    const pn = bodyStr(b, 'pathname', P, true);
    const pathname = pn === undefined ? undefined : pagePathname(pn, 'pathname', P);
    const nm = bodyStr(b, 'name', P, true);
    const name = nm === undefined ? undefined : pageName(nm, 'name', P);
    P.throwIfAny();
    const site = this.resolveSite(ctx, sid.toLowerCase());
    const taken = this.pathTaken(site.id, pathname);
    if (taken) throw conflict(`A ${taken} with the pathname ${pathname} already exists.`);
    const p = this.newPage(now, site, pathname, name);
    return [201, this.pageView(p, 'draft', null)];
  }
  listPages(ctx, now, fixedSiteId) {
    const P = new Problems();
    const sid = fixedSiteId ?? reqUuid(ctx, 'siteId', P);
    const limit = limitOf(ctx, P);
    const after = optUuid(ctx, 'startingAfter', P);
    const prefix = ctx.query.get('pathPrefix') ?? '/';
    const nested = fixedSiteId !== undefined;
    const sortBy = enumOf(ctx, 'sortBy', ['title', 'path', 'description', 'updatedAt', 'createdAt'], nested ? 'updatedAt' : 'path', P);
    const dir = enumOf(ctx, 'sortDirection', ['asc', 'desc'], nested ? 'desc' : 'asc', P);
    // A publishable key never sees offline pages (the edge refuses includeOffline=true for it).
    const includeOffline = enumOf(ctx, 'includeOffline', ['true', 'false'], nested && ctx.key.kind !== 'public' ? 'true' : 'false', P) === 'true';
    const version = enumOf(ctx, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft', P) === 'ref:live' ? 'live' : 'draft';
    const localeParam = qget(ctx, 'locale');
    P.throwIfAny();
    const site = this.resolveSite(ctx, sid);
    const locale = this.resolveLocaleParam(site, localeParam);
    let pages = [...this.pages.values()].filter((p) => p.siteId === site.id);
    if (version === 'live') pages = pages.filter((p) => p.live);
    else if (!includeOffline) pages = pages.filter((p) => p.isOnline);
    let views = pages.map((p) => this.pageView(p, version, locale)).filter((v) => v.pathname.startsWith(prefix));
    const field = sortBy === 'path' ? 'pathname' : sortBy;
    const sgn = dir === 'desc' ? -1 : 1;
    views.sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (x === null && y === null) return cmpStr(a.id, b.id);
      if (x === null) return 1; // nulls last, in both directions
      if (y === null) return -1;
      const c = field === 'updatedAt' || field === 'createdAt' ? Date.parse(x) - Date.parse(y) : cmpStr(x, y);
      return c * sgn || cmpStr(a.id, b.id);
    });
    const { data, hasMore } = paginate(views, limit, after, P);
    return [200, list(data, hasMore)];
  }
  findPage(ctx, P) {
    const raw = ctx.params.pageIdOrPathname;
    const siteId = optUuid(ctx, 'siteId', P);
    const byId = isUuid(raw);
    if (!byId && qget(ctx, 'siteId') === undefined) P.add('siteId', 'is required when a pathname is used instead of a page ID');
    return { raw, byId, siteId };
  }
  locatePage(ctx, ref) {
    if (ref.byId) {
      const id = ref.raw.toLowerCase();
      const p = this.pages.get(id);
      if (!p) this.foreignOr404(id, 'page', 'Page');
      this.checkSiteScope(ctx, p.siteId);
      if (ref.siteId !== undefined) {
        this.resolveSite(ctx, ref.siteId);
        if (ref.siteId !== p.siteId) throw bad('siteId', 'does not match the site of that page');
      }
      return p;
    }
    const site = this.resolveSite(ctx, ref.siteId);
    const pn = ref.raw.startsWith('/') ? ref.raw : '/' + ref.raw;
    const p = [...this.pages.values()].find((x) => x.siteId === site.id && x.pathname === pn);
    if (!p) throw notFound('Page');
    return p;
  }
  getPage(ctx) {
    const P = new Problems();
    const ref = this.findPage(ctx, P);
    const version = enumOf(ctx, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft', P) === 'ref:live' ? 'live' : 'draft';
    const localeParam = qget(ctx, 'locale');
    P.throwIfAny();
    const p = this.locatePage(ctx, ref);
    const locale = this.resolveLocaleParam(this.sites.get(p.siteId), localeParam);
    if (version === 'live' && !p.live) throw notFound('Live version of that page');
    if (ctx.key.kind === 'public' && !(version === 'live' ? true : p.isOnline)) throw notFound('Page');
    return [200, this.pageView(p, version, locale)];
  }
  updatePage(ctx, now) {
    const P = new Problems();
    const ref = this.findPage(ctx, P);
    const b = ctx.body;
    closedBody(b, ['pathname', 'name', 'isOnline'], P);
    let pathname;
    if ('pathname' in b) pathname = b.pathname === '' || b.pathname === null ? (P.add('pathname', 'Missing pathname field.'), undefined) : pagePathname(b.pathname, 'pathname', P);
    const name = 'name' in b ? pageName(b.name, 'name', P) : undefined;
    if ('isOnline' in b && typeof b.isOnline !== 'boolean') P.add('isOnline', 'must be a boolean');
    P.throwIfAny();
    const p = this.locatePage(ctx, ref);
    if (pathname !== undefined && pathname !== p.pathname) {
      const taken = this.pathTaken(p.siteId, pathname, p.id);
      if (taken) throw conflict(`A ${taken} with the pathname ${pathname} already exists.`);
    }
    if (!Object.keys(b).length) return [200, this.pageView(p, 'draft', null)];
    if (pathname !== undefined) p.pathname = pathname;
    if (name !== undefined) p.name = name;
    p.updatedAt = now; // every PATCH naming a field moves updatedAt, even to the same value
    if (b.isOnline === true) {
      if (!p.isOnline) p.publishedAt = now; // publishedAt = start of the current online period
      p.isOnline = true;
      p.live = this.snapshot(p); // going (or staying) online publishes the draft
    } else if (b.isOnline === false) {
      p.isOnline = false;
      p.live = null; // unpublished: gone from ref:live; publishedAt keeps the last publication
    }
    return [200, this.pageView(p, 'draft', null)];
  }
  deletePage(ctx) {
    const P = new Problems();
    const ref = this.findPage(ctx, P);
    P.throwIfAny();
    const p = this.locatePage(ctx, ref);
    this.pages.delete(p.id);
    directory.delete(p.id);
    return [204, null];
  }

  // =====================================================================================
  // Routes
  skipValidationOf(ctx, P) {
    return enumOf(ctx, 'skipValidation', ['true', 'false'], 'false', P) === 'true';
  }
  createRoute(ctx) {
    const P = new Problems();
    const skip = this.skipValidationOf(ctx, P);
    const b = ctx.body;
    const sid = bodyStr(b, 'siteId', P, true);
    if (sid !== undefined && !isUuid(sid)) P.add('siteId', 'must be a UUID');
    const pn = bodyStr(b, 'pathname', P, true);
    const pathname = pn === undefined ? undefined : routePathname(pn, 'pathname', P, skip);
    P.throwIfAny();
    const site = this.resolveSite(ctx, sid.toLowerCase());
    const taken = this.pathTaken(site.id, pathname);
    if (taken) throw conflict(`A ${taken} with the pathname ${pathname} already exists.`);
    return [201, this.routeView(this.newRoute(site, pathname))];
  }
  listRoutes(ctx) {
    const P = new Problems();
    const sid = reqUuid(ctx, 'siteId', P);
    const limit = limitOf(ctx, P);
    const after = optUuid(ctx, 'startingAfter', P);
    P.throwIfAny();
    const site = this.resolveSite(ctx, sid);
    const items = [...this.routes.values()].filter((r) => r.siteId === site.id).sort((a, b) => cmpStr(a.id, b.id));
    const { data, hasMore } = paginate(items, limit, after, P);
    return [200, list(data.map((r) => this.routeView(r)), hasMore)];
  }
  findRoute(ctx, P) {
    const raw = ctx.params.routeIdOrPathname;
    const siteId = optUuid(ctx, 'siteId', P);
    const byId = isUuid(raw);
    if (!byId && qget(ctx, 'siteId') === undefined) P.add('siteId', 'is required when a pathname is used instead of a route ID');
    return { raw, byId, siteId };
  }
  locateRoute(ctx, ref) {
    if (ref.byId) {
      const id = ref.raw.toLowerCase();
      const r = this.routes.get(id);
      if (!r) this.foreignOr404(id, 'route', 'Route');
      this.checkSiteScope(ctx, r.siteId);
      if (ref.siteId !== undefined) {
        this.resolveSite(ctx, ref.siteId);
        if (ref.siteId !== r.siteId) throw bad('siteId', 'does not match the site of that route');
      }
      return r;
    }
    const site = this.resolveSite(ctx, ref.siteId);
    const pn = ref.raw.startsWith('/') ? ref.raw : '/' + ref.raw;
    const r = [...this.routes.values()].find((x) => x.siteId === site.id && x.pathname === pn);
    if (!r) throw notFound('Route');
    return r;
  }
  getRoute(ctx) {
    const P = new Problems();
    const ref = this.findRoute(ctx, P);
    P.throwIfAny();
    return [200, this.routeView(this.locateRoute(ctx, ref))];
  }
  updateRoute(ctx) {
    const P = new Problems();
    const ref = this.findRoute(ctx, P);
    const skip = this.skipValidationOf(ctx, P);
    const b = ctx.body;
    closedBody(b, ['pathname'], P);
    const pathname = 'pathname' in b ? routePathname(b.pathname, 'pathname', P, skip) : undefined;
    P.throwIfAny();
    const r = this.locateRoute(ctx, ref);
    if (pathname !== undefined && pathname !== r.pathname) {
      const taken = this.pathTaken(r.siteId, pathname, r.id);
      if (taken) throw conflict(`A ${taken} with the pathname ${pathname} already exists.`);
      r.pathname = pathname;
    }
    return [200, this.routeView(r)];
  }
  deleteRoute(ctx) {
    const P = new Problems();
    const ref = this.findRoute(ctx, P);
    P.throwIfAny();
    const r = this.locateRoute(ctx, ref);
    this.routes.delete(r.id);
    directory.delete(r.id);
    return [204, null];
  }
}
