// outsider17: an in-memory Site-Building Service, built the way a Rails API team would build it, in plain Node.
//   node server.mjs --port 0   -> prints one JSON line {baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey}
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  nowMicros, iso, uuid, UUID_RE, appKey, HttpError, errorBody, notFound, forbidden, Errors, conflict,
  normalizeLocale, normalizePagePath, normalizeRoutePath, routeGrammarOk, ROUTE_PATH_MAX, normalizeUrl, rubyNumber, collate,
} from './support.mjs';

const BODY_MAX = 1024 * 1024;
const JSON_TYPES = new Set(['application/json', 'text/x-json', 'application/jsonrequest']);
const SITEMAP_FREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

// ====================================================================== the store ("ActiveRecord")
function createStore() {
  return { workspaces: new Map(), appKeys: new Map(), sites: new Map(), locales: new Map(), pages: new Map(), routes: new Map() };
}

// ---------------------------------------------------------------- model helpers
const alive = (r) => r && !r.deletedAt;
function activeSite(db, id) {
  const s = db.sites.get(id);
  return alive(s) ? s : null;
}
function siteLocales(db, siteId, { withDeleted = false } = {}) {
  return [...db.locales.values()].filter((l) => l.siteId === siteId && (withDeleted || !l.deletedAt));
}
function defaultLocaleOf(db, site) {
  return siteLocales(db, site.id).find((l) => l.isDefault);
}
const sitePages = (db, siteId) => [...db.pages.values()].filter((p) => p.siteId === siteId);
const siteRoutes = (db, siteId) => [...db.routes.values()].filter((r) => r.siteId === siteId);

/** Pages and routes share one pathname space per site, compared case-insensitively (case_sensitive: false). */
function pathnameTaken(db, siteId, pathname, { pageId, routeId } = {}) {
  const p = pathname.toLowerCase();
  return sitePages(db, siteId).some((x) => x.id !== pageId && x.pathname.toLowerCase() === p) || siteRoutes(db, siteId).some((x) => x.id !== routeId && x.pathname.toLowerCase() === p);
}

// ---------------------------------------------------------------- serializers
function siteJson(db, s) {
  return {
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.hostOrigin,
    publicApiKey: s.publicApiKey,
    defaultLocale: defaultLocaleOf(db, s)?.code ?? 'en-US',
    defaultLocalePathPrefix: null,
    localeManagementMode: s.localeManagementMode,
  };
}
const localeJson = (l) => ({ object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: l.isDefault });
const routeJson = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

const VERSIONED = ['pathname', 'title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines', 'isOnline', 'createdAt', 'updatedAt'];
const snapshot = (p) => Object.fromEntries(VERSIONED.map((k) => [k, p[k]]));

/** The page as shown: the draft or its live snapshot, collapsed into a locale. null when that version does not exist. */
function pageView(db, page, { version = 'draft', locale = null } = {}) {
  const src = version === 'live' ? page.live : page;
  if (!src) return null;
  const site = db.sites.get(page.siteId);
  const def = defaultLocaleOf(db, site);
  const active = new Map(siteLocales(db, page.siteId).map((l) => [l.id, l]));
  const v = { ...src, id: page.id, publishedAt: page.publishedAt, locale: def?.code ?? 'en-US' };
  if (locale && !locale.isDefault) {
    const loc = page.localizations.find((x) => x.localeId === locale.id);
    if (loc) Object.assign(v, { pathname: loc.pathname, title: loc.title ?? v.title, description: loc.description ?? v.description, locale: locale.code, localized: true });
  }
  v.localizations = page.localizations
    .filter((x) => active.has(x.localeId) && !active.get(x.localeId).isDefault)
    .map((x) => ({ id: x.id, locale: active.get(x.localeId).code, pathname: x.pathname }))
    .sort((a, b) => collate(a.locale, b.locale));
  return v;
}
function pageJson(v) {
  return {
    object: 'page',
    id: v.id,
    pathname: v.pathname,
    canonicalUrl: v.canonicalUrl,
    title: v.title,
    description: v.description,
    socialImageUrl: v.socialImageUrl,
    sitemapPriority: v.sitemapPriority,
    sitemapFrequency: v.sitemapFrequency,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    publishedAt: iso(v.publishedAt),
    isOnline: v.isOnline,
    excludedFromSearchEngines: v.excludedFromSearchEngines,
    locale: v.locale,
    localizations: v.localizations,
  };
}

// ---------------------------------------------------------------- model factories (callbacks: timestamps, default locale)
function buildSite(db, { workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', mode = 'internal' }) {
  const t = nowMicros();
  const site = { id: uuid(), workspaceId, name, hostOrigin, publicApiKey: uuid(), siteApiKey: uuid(), localeManagementMode: mode, createdAt: t, updatedAt: t, deletedAt: null };
  db.sites.set(site.id, site);
  buildLocale(db, { siteId: site.id, code: defaultLocale, isDefault: true });
  return site;
}
function buildLocale(db, { siteId, code, domain = null, isDefault = false }) {
  const t = nowMicros();
  const l = { id: uuid(), siteId, code, domain, isDefault, createdAt: t, updatedAt: t, deletedAt: null };
  db.locales.set(l.id, l);
  return l;
}
function buildPage(db, { siteId, pathname, name }) {
  const t = nowMicros();
  const p = {
    id: uuid(), siteId, pathname, name, title: name, description: null, canonicalUrl: null, socialImageUrl: null,
    sitemapPriority: null, sitemapFrequency: null, excludedFromSearchEngines: false,
    isOnline: true, createdAt: t, updatedAt: t, publishedAt: t, localizations: [], live: null,
  };
  p.live = snapshot(p);
  db.pages.set(p.id, p);
  return p;
}
function buildRoute(db, { siteId, pathname }) {
  const t = nowMicros();
  const r = { id: uuid(), siteId, pathname, createdAt: t, updatedAt: t };
  db.routes.set(r.id, r);
  return r;
}
function localize(page, locale, pathname, extra = {}) {
  page.localizations.push({ id: uuid(), localeId: locale.id, pathname, title: extra.title ?? null, description: extra.description ?? null });
}

// ====================================================================== seed
function seed(db) {
  const ws1 = uuid();
  const ws2 = uuid();
  db.workspaces.set(ws1, { id: ws1, name: 'Kiso Works' });
  db.workspaces.set(ws2, { id: ws2, name: 'Fujiya Labs' });
  const apiKey = appKey();
  const otherApiKey = appKey();
  db.appKeys.set(apiKey, ws1);
  db.appKeys.set(otherApiKey, ws2);

  const journal = buildSite(db, { workspaceId: ws1, name: 'Sakura Journal', hostOrigin: 'https://journal.sakura.example', defaultLocale: 'en-US', mode: 'external' });
  const ja = buildLocale(db, { siteId: journal.id, code: 'ja-JP', domain: 'https://sakura.example.jp' });
  const fr = buildLocale(db, { siteId: journal.id, code: 'fr-FR' });
  const ko = buildLocale(db, { siteId: journal.id, code: 'ko-KR' });
  buildPage(db, { siteId: journal.id, pathname: '/', name: 'Home' });
  const about = buildPage(db, { siteId: journal.id, pathname: '/about', name: 'About us' });
  localize(about, ja, '/gaiyou', { title: '概要' });
  localize(about, ko, '/sogae');
  buildPage(db, { siteId: journal.id, pathname: '/blog', name: 'Blog' });
  const post = buildPage(db, { siteId: journal.id, pathname: '/blog/first-post', name: 'First post' });
  localize(post, fr, '/blog/premier-article', { title: 'Premier article', description: 'Notre premier article' });
  post.description = 'Our first post';
  post.live.description = 'Our first post';
  const draft = buildPage(db, { siteId: journal.id, pathname: '/drafts/spring', name: 'Spring issue' });
  draft.isOnline = false;
  draft.live.isOnline = false;
  buildRoute(db, { siteId: journal.id, pathname: '/feeds/:kind(.:format)' });
  buildRoute(db, { siteId: journal.id, pathname: '/files/*path' });
  ko.deletedAt = nowMicros();

  const shop = buildSite(db, { workspaceId: ws1, name: 'Sakura Shop', defaultLocale: 'ja-JP' });
  const en = buildLocale(db, { siteId: shop.id, code: 'en-US', domain: 'https://shop.sakura.example' });
  buildPage(db, { siteId: shop.id, pathname: '/', name: 'トップ' });
  const products = buildPage(db, { siteId: shop.id, pathname: '/shouhin', name: '商品' });
  localize(products, en, '/products', { title: 'Products' });
  const cart = buildPage(db, { siteId: shop.id, pathname: '/cart', name: 'Cart' });
  cart.isOnline = false;
  cart.live = null;
  cart.publishedAt = null;
  buildRoute(db, { siteId: shop.id, pathname: '/checkout(/:step)' });

  const home = buildSite(db, { workspaceId: ws2, name: 'Fujiya Home', defaultLocale: 'en-GB' });
  const de = buildLocale(db, { siteId: home.id, code: 'de-DE' });
  buildPage(db, { siteId: home.id, pathname: '/', name: 'Home' });
  const pricing = buildPage(db, { siteId: home.id, pathname: '/pricing', name: 'Pricing' });
  localize(pricing, de, '/preise');
  buildRoute(db, { siteId: home.id, pathname: '/status' });

  return { apiKey, workspaceId: ws1, siteApiKey: shop.siteApiKey, otherApiKey };
}

// ====================================================================== request plumbing
function parseQuery(qs) {
  const out = new Map();
  if (!qs) return out;
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const dec = (s) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        throw new HttpError(400, 'Invalid query parameters: invalid %-encoding', [{ field: 'query', message: `invalid %-encoding (${s.slice(0, 60)})` }]);
      }
    };
    const k = dec(eq < 0 ? part : part.slice(0, eq));
    const v = eq < 0 ? '' : dec(part.slice(eq + 1));
    const br = k.indexOf('[');
    if (br > 0) out.set(k.slice(0, br), { nested: true });
    else out.set(k, v); // Rack: the last occurrence wins
  }
  return out;
}

/** Query reader: empty values count as absent (`.presence`); nested (`a[]=`, `a[b]=`) values are not strings. */
class Query {
  constructor(map) {
    this.map = map;
    this.errors = new Errors();
  }
  str(name) {
    const v = this.map.get(name);
    if (v && typeof v === 'object') {
      this.errors.add(name, 'must be a string');
      return undefined;
    }
    return v === '' ? undefined : v;
  }
  uuid(name, { required = false } = {}) {
    const v = this.str(name);
    if (v === undefined) {
      if (required && !this.errors.has(name)) this.errors.add(name, "can't be blank");
      return undefined;
    }
    if (!UUID_RE.test(v)) {
      this.errors.add(name, 'is not a valid UUID');
      return undefined;
    }
    return v.toLowerCase();
  }
  enum(name, values, dflt) {
    const v = this.str(name);
    if (v === undefined) return dflt;
    if (!values.includes(v)) {
      this.errors.add(name, 'is not included in the list');
      return dflt;
    }
    return v;
  }
  limit() {
    const v = this.str('limit');
    if (v === undefined) return 20;
    const n = rubyNumber(v);
    if (n === null || !Number.isFinite(n)) this.errors.add('limit', 'is not a number');
    else if (!Number.isInteger(n)) this.errors.add('limit', 'must be an integer');
    else if (n < 1) this.errors.add('limit', 'must be greater than or equal to 1');
    else if (n > 100) this.errors.add('limit', 'must be less than or equal to 100');
    else return n;
    return 20;
  }
  check() {
    if (this.errors.any) this.errors.raise('Invalid query parameters');
  }
}

function paginate(items, limit) {
  return { object: 'list', data: items.slice(0, limit), hasMore: items.length > limit };
}

// ====================================================================== controllers
function makeApp(db) {
  // ---------------------------------------------------------------- policies (Pundit-like)
  const sameWorkspace = (actor, site) => actor.workspaceId === site.workspaceId;
  const policy = {
    readSite: (a, s) => (a.kind === 'app' ? sameWorkspace(a, s) : a.siteId === s.id),
    manageSite: (a, s) => a.kind === 'app' && sameWorkspace(a, s),
    writePages: (a, s) => (a.kind === 'app' ? sameWorkspace(a, s) : a.siteId === s.id),
  };
  const authorize = (ok) => {
    if (!ok) throw forbidden();
  };

  function requireSiteParam(value, errors, field = 'siteId') {
    errors.add(field, value === undefined ? "can't be blank" : 'is not a valid UUID');
    errors.raise();
  }
  /** before_action :set_site — find (404) then authorize (403). */
  function loadSite(actor, id, can) {
    const site = activeSite(db, id);
    if (!site) throw notFound('Site', 'id', id);
    authorize(policy[can](actor, site));
    return site;
  }
  function bodyString(body, errors, field, { required = false, nullable = false } = {}) {
    if (!(field in body)) {
      if (required) errors.add(field, "can't be blank");
      return undefined;
    }
    const v = body[field];
    if (v === null) {
      if (nullable) return null;
      errors.add(field, required ? "can't be blank" : 'must be a string');
      return undefined;
    }
    if (typeof v !== 'string') {
      errors.add(field, 'must be a string');
      return undefined;
    }
    return v;
  }
  function siteIdFromBody(body) {
    const e = new Errors();
    const v = body.siteId;
    if (typeof v !== 'string' || !UUID_RE.test(v)) requireSiteParam(v === undefined || v === null || v === '' ? undefined : v, e);
    return v.toLowerCase();
  }

  // ---------------------------------------------------------------- sites
  function validateSiteName(raw, errors, field = 'name', required = true) {
    const v = bodyString(raw, errors, field, { required });
    if (v === undefined) return undefined;
    const t = v.trim();
    if (t === '') errors.add(field, "can't be blank");
    else if (t.length > 255) errors.add(field, 'is too long (maximum is 255 characters)');
    else return t;
    return undefined;
  }
  function validateHostOrigin(body, errors) {
    if (!('hostOrigin' in body)) return undefined;
    const r = normalizeUrl(body.hostOrigin === null ? 0 : body.hostOrigin);
    if (r.error) errors.add('hostOrigin', r.error);
    return r.value;
  }

  const sites = {
    create(ctx) {
      const { actor, body } = ctx;
      const e = new Errors();
      const ws = body.workspaceId;
      if (typeof ws !== 'string' || !UUID_RE.test(ws)) requireSiteParam(ws === undefined || ws === null || ws === '' ? undefined : ws, e, 'workspaceId');
      const wsId = ws.toLowerCase();
      if (!db.workspaces.has(wsId)) throw notFound('Workspace', 'id', wsId);
      authorize(actor.kind === 'app' && actor.workspaceId === wsId);
      const name = validateSiteName(body, e);
      const hostOrigin = validateHostOrigin(body, e);
      let defaultLocale = 'en-US';
      if ('defaultLocale' in body) {
        const v = bodyString(body, e, 'defaultLocale');
        if (v !== undefined) {
          const code = normalizeLocale(v);
          if (!code) e.add('defaultLocale', 'is not a valid locale code');
          else defaultLocale = code;
        }
      }
      if (e.any) e.raise();
      const site = buildSite(db, { workspaceId: wsId, name, hostOrigin: hostOrigin ?? null, defaultLocale });
      return [201, siteJson(db, site)];
    },
    list(ctx) {
      const { actor, query } = ctx;
      const wsId = query.uuid('workspaceId', { required: true });
      if (query.errors.has('workspaceId')) query.check();
      if (!db.workspaces.has(wsId)) throw notFound('Workspace', 'id', wsId);
      authorize(actor.kind === 'app' && actor.workspaceId === wsId);
      const limit = query.limit();
      const after = query.uuid('startingAfter');
      query.check();
      let items = [...db.sites.values()].filter((s) => s.workspaceId === wsId && alive(s));
      const order = (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1); // newest first
      items.sort(order);
      if (after) {
        const cur = items.find((s) => s.id === after);
        if (!cur) throw notFound('Site', 'id', after);
        items = items.filter((s) => order(s, cur) > 0);
      }
      const page = paginate(items, limit);
      page.data = page.data.map((s) => siteJson(db, s));
      return [200, page];
    },
    show(ctx) {
      const site = loadSite(ctx.actor, ctx.params.siteId, 'readSite');
      return [200, siteJson(db, site)];
    },
    update(ctx) {
      const { actor, body } = ctx;
      const site = loadSite(actor, ctx.params.siteId, 'manageSite');
      const e = new Errors();
      const name = validateSiteName(body, e, 'name', false);
      const hostOrigin = validateHostOrigin(body, e);
      if ('defaultLocale' in body) e.add('defaultLocale', 'is not accepted in this body');
      if (e.any) e.raise();
      let dirty = false;
      if (name !== undefined && name !== site.name) (site.name = name), (dirty = true);
      if (hostOrigin !== undefined && hostOrigin !== site.hostOrigin) (site.hostOrigin = hostOrigin), (dirty = true);
      if (dirty) site.updatedAt = nowMicros();
      return [200, siteJson(db, site)];
    },
    destroy(ctx) {
      const { actor } = ctx;
      const id = ctx.params.siteId;
      const site = db.sites.get(id); // with_deleted
      if (!site) throw notFound('Site', 'id', id);
      authorize(policy.manageSite(actor, site));
      if (!site.deletedAt) {
        site.deletedAt = nowMicros(); // acts_as_paranoid: soft delete
      } else {
        // destroying an already-deleted record really destroys it, with its dependents
        for (const l of siteLocales(db, id, { withDeleted: true })) db.locales.delete(l.id);
        for (const p of sitePages(db, id)) db.pages.delete(p.id);
        for (const r of siteRoutes(db, id)) db.routes.delete(r.id);
        db.sites.delete(id);
      }
      return [204, null];
    },
    duplicate(ctx) {
      const { actor, body } = ctx;
      const src = loadSite(actor, ctx.params.siteId, 'manageSite');
      const e = new Errors();
      const name = validateSiteName(body, e);
      if (e.any) e.raise();
      const t = nowMicros();
      const copy = { ...src, id: uuid(), name, publicApiKey: uuid(), siteApiKey: uuid(), createdAt: t, updatedAt: t, deletedAt: null };
      db.sites.set(copy.id, copy);
      const localeMap = new Map();
      const oldLocales = siteLocales(db, src.id).sort((a, b) => a.createdAt - b.createdAt);
      for (const l of oldLocales) {
        const c = buildLocale(db, { siteId: copy.id, code: l.code, domain: l.domain, isDefault: l.isDefault });
        localeMap.set(l.id, c.id);
      }
      for (const p of sitePages(db, src.id).sort((a, b) => a.createdAt - b.createdAt)) {
        const now = nowMicros();
        const np = { ...p, id: uuid(), siteId: copy.id, createdAt: now, updatedAt: now, live: p.live ? { ...p.live, createdAt: now, updatedAt: now } : null };
        np.localizations = p.localizations.filter((x) => localeMap.has(x.localeId)).map((x) => ({ ...x, id: uuid(), localeId: localeMap.get(x.localeId) }));
        db.pages.set(np.id, np);
      }
      for (const r of siteRoutes(db, src.id).sort((a, b) => a.createdAt - b.createdAt)) buildRoute(db, { siteId: copy.id, pathname: r.pathname });
      return [201, siteJson(db, copy)];
    },
  };

  // ---------------------------------------------------------------- locales
  /** Finds a locale by id or by code (code needs siteId). withDeleted for destroy/restore. */
  function findLocale(ctx, { withDeleted = false, can = 'readSite' } = {}) {
    const { actor, query } = ctx;
    const key = ctx.params.localeIdOrCode;
    const siteId = query.uuid('siteId');
    const isId = UUID_RE.test(key);
    if (!isId && siteId === undefined && !query.errors.has('siteId')) query.errors.add('siteId', "can't be blank when a locale code is used");
    if (query.errors.has('siteId')) query.check();
    let site = null;
    if (siteId) site = loadSite(actor, siteId, can);
    let loc;
    if (isId) {
      loc = db.locales.get(key.toLowerCase());
      if (loc && site && loc.siteId !== site.id) loc = null;
      if (loc && !activeSite(db, loc.siteId)) loc = null;
    } else {
      const code = normalizeLocale(key);
      loc = code ? siteLocales(db, site.id, { withDeleted: true }).find((l) => l.code === code) : null;
    }
    if (loc && loc.deletedAt && !withDeleted) loc = null;
    if (!loc) throw notFound('Locale', isId ? 'id' : 'locale', key);
    const owner = db.sites.get(loc.siteId);
    authorize(policy[can](actor, owner));
    return { loc, site: owner };
  }
  function validateDomain(body, e, { nullable }) {
    if (!('domain' in body)) return undefined;
    if (body.domain === null) {
      if (nullable) return null;
      e.add('domain', 'must be a string');
      return undefined;
    }
    const r = normalizeUrl(body.domain);
    if (r.error) e.add('domain', r.error);
    return r.value;
  }
  /** validates_uniqueness_of runs unscoped: soft-deleted locales keep their code and domain. */
  function localeConflicts(siteId, { code, domain, exceptId }) {
    const others = siteLocales(db, siteId, { withDeleted: true }).filter((l) => l.id !== exceptId);
    if (code !== undefined && others.some((l) => l.code === code)) return conflict('locale');
    if (domain && others.some((l) => l.domain && l.domain.toLowerCase() === domain.toLowerCase())) return conflict('domain');
    return null;
  }

  const locales = {
    create(ctx) {
      const { actor, body } = ctx;
      const siteId = siteIdFromBody(body);
      const site = loadSite(actor, siteId, 'manageSite');
      const e = new Errors();
      let code;
      const raw = bodyString(body, e, 'locale', { required: true });
      if (raw !== undefined) {
        code = normalizeLocale(raw);
        if (!code) e.add('locale', raw.trim() === '' ? "can't be blank" : 'is not a valid locale code');
      }
      const domain = validateDomain(body, e, { nullable: false });
      if (e.any) e.raise();
      const c = localeConflicts(site.id, { code, domain });
      if (c) throw c;
      const l = buildLocale(db, { siteId: site.id, code, domain: domain ?? null });
      return [201, localeJson(l)];
    },
    list(ctx) {
      const { actor, query } = ctx;
      const siteId = query.uuid('siteId', { required: true });
      if (query.errors.has('siteId')) query.check();
      const site = loadSite(actor, siteId, 'readSite');
      const limit = query.limit();
      const after = query.uuid('startingAfter');
      query.check();
      let items = siteLocales(db, site.id);
      const order = (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1); // newest first
      items.sort(order);
      if (after) {
        const cur = items.find((l) => l.id === after);
        if (!cur) throw notFound('Locale', 'id', after);
        items = items.filter((l) => order(l, cur) > 0);
      }
      const page = paginate(items, limit);
      page.data = page.data.map(localeJson);
      return [200, page];
    },
    show(ctx) {
      const { loc } = findLocale(ctx);
      ctx.query.check();
      return [200, localeJson(loc)];
    },
    update(ctx) {
      const { loc, site } = findLocale(ctx, { can: 'manageSite' });
      ctx.query.check();
      const { body } = ctx;
      const e = new Errors();
      let code;
      if ('locale' in body) {
        const raw = bodyString(body, e, 'locale');
        if (raw !== undefined) {
          code = normalizeLocale(raw);
          if (!code) e.add('locale', raw.trim() === '' ? "can't be blank" : 'is not a valid locale code');
        }
      }
      const domain = validateDomain(body, e, { nullable: true });
      if (e.any) e.raise();
      const c = localeConflicts(site.id, { code: code === loc.code ? undefined : code, domain: domain && domain.toLowerCase() !== (loc.domain ?? '').toLowerCase() ? domain : undefined, exceptId: loc.id });
      if (c) throw c;
      const t = nowMicros();
      let dirty = false;
      if (code !== undefined && code !== loc.code) {
        loc.code = code;
        dirty = true;
        // after_update :touch_pages — pages localized in this locale show a new locale code
        for (const p of sitePages(db, site.id)) if (p.localizations.some((x) => x.localeId === loc.id) || loc.isDefault) p.updatedAt = nowMicros();
      }
      if (domain !== undefined && domain !== loc.domain) (loc.domain = domain), (dirty = true);
      if (dirty) loc.updatedAt = t;
      return [200, localeJson(loc)];
    },
    destroy(ctx) {
      const { loc } = findLocale(ctx, { withDeleted: true, can: 'manageSite' });
      ctx.query.check();
      if (loc.isDefault) {
        const e = new Errors();
        e.add('base', 'Cannot delete the default locale of a site');
        e.raise('Locale could not be deleted');
      }
      if (!loc.deletedAt) loc.deletedAt = nowMicros();
      else {
        db.locales.delete(loc.id);
        for (const p of sitePages(db, loc.siteId)) p.localizations = p.localizations.filter((x) => x.localeId !== loc.id);
      }
      return [204, null];
    },
    restore(ctx) {
      const { loc } = findLocale(ctx, { withDeleted: true, can: 'manageSite' });
      ctx.query.check();
      if (loc.deletedAt) {
        loc.deletedAt = null;
        loc.updatedAt = nowMicros();
      }
      return [200, localeJson(loc)];
    },
  };

  // ---------------------------------------------------------------- pages
  function resolveLocaleParam(query, site, name = 'locale') {
    const v = query.str(name);
    if (v === undefined) return null;
    const all = siteLocales(db, site.id);
    const found = UUID_RE.test(v) ? all.find((l) => l.id === v.toLowerCase()) : all.find((l) => l.code === normalizeLocale(v));
    if (!found) query.errors.add(name, 'is not included in the list');
    return found ?? null;
  }
  function findPage(ctx, { version = 'draft', can = 'readSite' } = {}) {
    const { actor, query } = ctx;
    const key = ctx.params.pageIdOrPathname;
    const siteId = query.uuid('siteId');
    const isId = UUID_RE.test(key);
    if (!isId && siteId === undefined && !query.errors.has('siteId')) query.errors.add('siteId', "can't be blank when a pathname is used");
    if (query.errors.has('siteId')) query.check();
    let site = null;
    if (siteId) site = loadSite(actor, siteId, can === 'writePages' ? 'readSite' : can);
    let page;
    if (isId) {
      page = db.pages.get(key.toLowerCase());
      if (page && site && page.siteId !== site.id) page = null;
      if (page && !activeSite(db, page.siteId)) page = null;
    } else {
      const n = normalizePagePath(key.startsWith('/') ? key : `/${key}`);
      page = n.value ? sitePages(db, site.id).find((p) => (version === 'live' ? p.live?.pathname : p.pathname) === n.value) : null;
    }
    if (!page) throw notFound('Page', isId ? 'id' : 'pathname', key);
    const owner = db.sites.get(page.siteId);
    authorize(policy[can](actor, owner));
    return { page, site: owner };
  }
  function validatePageName(body, e, required) {
    const v = bodyString(body, e, 'name', { required });
    if (v === undefined) return undefined;
    if (v.trim() === '') e.add('name', v === '' ? 'is too short (minimum is 1 character)' : "can't be blank");
    else if (v.length > 255) e.add('name', 'is too long (maximum is 255 characters)');
    else return v;
    return undefined;
  }

  const pages = {
    create(ctx) {
      const { actor, body } = ctx;
      const siteId = siteIdFromBody(body);
      const site = loadSite(actor, siteId, 'writePages');
      const e = new Errors();
      let pathname;
      if (!('pathname' in body) || body.pathname === null) e.add('pathname', "can't be blank");
      else {
        const n = normalizePagePath(body.pathname);
        if (n.error) e.add('pathname', n.error);
        else pathname = n.value;
      }
      const name = validatePageName(body, e, true);
      if (e.any) e.raise();
      if (pathnameTaken(db, site.id, pathname)) throw conflict('pathname');
      const p = buildPage(db, { siteId: site.id, pathname, name });
      return [201, pageJson(pageView(db, p))];
    },
    list(ctx, siteIdFromPath) {
      const { actor, query } = ctx;
      const siteId = siteIdFromPath ?? query.uuid('siteId', { required: true });
      if (query.errors.has('siteId')) query.check();
      const site = loadSite(actor, siteId, 'readSite');
      const limit = query.limit();
      const after = query.uuid('startingAfter');
      const pathPrefix = query.str('pathPrefix') ?? '/';
      const sortBy = query.enum('sortBy', ['title', 'path', 'description', 'updatedAt', 'createdAt'], 'path');
      const dir = query.enum('sortDirection', ['asc', 'desc'], 'asc');
      const includeOffline = query.enum('includeOffline', ['true', 'false'], 'false') === 'true';
      const version = query.enum('versionRef', ['ref:live', 'ref:draft'], 'ref:draft') === 'ref:live' ? 'live' : 'draft';
      const locale = resolveLocaleParam(query, site);
      query.check();
      const key = sortBy === 'path' ? 'pathname' : sortBy;
      const sign = dir === 'desc' ? -1 : 1;
      const order = (a, b) => {
        const x = a[key];
        const y = b[key];
        let c = 0;
        if (x === null || x === undefined) c = y === null || y === undefined ? 0 : 1; // NULL is the largest value
        else if (y === null || y === undefined) c = -1;
        else c = typeof x === 'string' ? collate(x, y) : x - y;
        if (c !== 0) return c * sign;
        return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      };
      const all = sitePages(db, site.id);
      const prefix = pathPrefix.toLowerCase();
      let items = all
        .map((p) => pageView(db, p, { version, locale }))
        .filter((v) => v && (includeOffline || v.isOnline) && (!locale || locale.isDefault || v.localized) && v.pathname.toLowerCase().startsWith(prefix));
      items.sort(order);
      if (after) {
        const cp = all.find((p) => p.id === after);
        if (!cp) throw notFound('Page', 'id', after);
        const cv = pageView(db, cp, { version, locale }) ?? pageView(db, cp, { locale });
        items = items.filter((v) => order(v, cv) > 0);
      }
      const out = paginate(items, limit);
      out.data = out.data.map(pageJson);
      return [200, out];
    },
    show(ctx) {
      const { query } = ctx;
      const version = query.enum('versionRef', ['ref:live', 'ref:draft'], 'ref:draft') === 'ref:live' ? 'live' : 'draft';
      const { page, site } = findPage(ctx, { version });
      const locale = resolveLocaleParam(query, site);
      query.check();
      const v = pageView(db, page, { version, locale });
      if (!v) throw notFound('Page', 'id', page.id);
      return [200, pageJson(v)];
    },
    update(ctx) {
      const { page, site } = findPage(ctx, { can: 'writePages' });
      ctx.query.check();
      const { body } = ctx;
      const e = new Errors();
      if (!('pathname' in body) && !('name' in body) && !('isOnline' in body)) {
        e.add('pathname', 'Missing pathname field.');
        throw new HttpError(400, 'Missing pathname field.', e.details());
      }
      let pathname;
      if ('pathname' in body) {
        const n = body.pathname === null ? { error: "can't be blank" } : normalizePagePath(body.pathname);
        if (n.error) e.add('pathname', n.error);
        else pathname = n.value;
      }
      const name = validatePageName(body, e, false);
      let isOnline;
      if ('isOnline' in body) {
        if (typeof body.isOnline !== 'boolean') e.add('isOnline', 'must be true or false');
        else isOnline = body.isOnline;
      }
      if (e.any) e.raise();
      if (pathname !== undefined && pathname !== page.pathname && pathnameTaken(db, site.id, pathname, { pageId: page.id })) throw conflict('pathname');
      let dirty = false;
      if (pathname !== undefined && pathname !== page.pathname) (page.pathname = pathname), (dirty = true);
      if (name !== undefined && name !== page.name) (page.name = name), (page.title = name), (dirty = true);
      const t = nowMicros();
      if (isOnline === true) {
        // publishing (again): the live version becomes the draft as it is now
        page.isOnline = true;
        page.publishedAt = t;
        page.updatedAt = t;
        page.live = snapshot(page);
      } else {
        if (isOnline === false && page.isOnline) {
          page.isOnline = false;
          if (page.live) page.live.isOnline = false;
          dirty = true;
        }
        if (dirty) page.updatedAt = t;
      }
      return [200, pageJson(pageView(db, page))];
    },
    destroy(ctx) {
      const { page } = findPage(ctx, { can: 'writePages' });
      ctx.query.check();
      db.pages.delete(page.id);
      return [204, null];
    },
  };

  // ---------------------------------------------------------------- routes
  function findRoute(ctx, can = 'readSite') {
    const { actor, query } = ctx;
    const key = ctx.params.routeIdOrPathname;
    const siteId = query.uuid('siteId');
    const isId = UUID_RE.test(key);
    if (!isId && siteId === undefined && !query.errors.has('siteId')) query.errors.add('siteId', "can't be blank when a pathname is used");
    if (query.errors.has('siteId')) query.check();
    let site = null;
    if (siteId) site = loadSite(actor, siteId, 'readSite');
    let route;
    if (isId) {
      route = db.routes.get(key.toLowerCase());
      if (route && site && route.siteId !== site.id) route = null;
      if (route && !activeSite(db, route.siteId)) route = null;
    } else {
      const p = normalizeRoutePath(key).toLowerCase();
      route = siteRoutes(db, site.id).find((r) => r.pathname.toLowerCase() === p);
    }
    if (!route) throw notFound('Route', isId ? 'id' : 'pathname', key);
    const owner = db.sites.get(route.siteId);
    authorize(policy[can](actor, owner));
    return { route, site: owner };
  }
  function validateRoutePath(body, e, { required, skip }) {
    if (!('pathname' in body)) {
      if (required) e.add('pathname', "can't be blank");
      return undefined;
    }
    const v = body.pathname;
    if (typeof v !== 'string') {
      e.add('pathname', v === null ? "can't be blank" : 'must be a string');
      return undefined;
    }
    if (v.trim() === '') {
      e.add('pathname', "can't be blank");
      return undefined;
    }
    const p = normalizeRoutePath(v);
    if (!skip) {
      if (p.length > ROUTE_PATH_MAX) e.add('pathname', `is too long (maximum is ${ROUTE_PATH_MAX} characters)`);
      else if (!routeGrammarOk(p)) e.add('pathname', 'is not a valid route pattern');
    }
    return p;
  }
  const routes = {
    create(ctx) {
      const { actor, body, query } = ctx;
      const siteId = siteIdFromBody(body);
      const site = loadSite(actor, siteId, 'manageSite');
      const skip = query.enum('skipValidation', ['true', 'false'], 'false') === 'true';
      const e = query.errors;
      const pathname = validateRoutePath(body, e, { required: true, skip });
      if (e.any) e.raise();
      if (pathnameTaken(db, site.id, pathname)) throw conflict('pathname');
      return [201, routeJson(buildRoute(db, { siteId: site.id, pathname }))];
    },
    list(ctx) {
      const { actor, query } = ctx;
      const siteId = query.uuid('siteId', { required: true });
      if (query.errors.has('siteId')) query.check();
      const site = loadSite(actor, siteId, 'readSite');
      const limit = query.limit();
      const after = query.uuid('startingAfter');
      query.check();
      // implicit order: created_at. An item equal to itself (0): the cursor's own item is not after it
      // (first contact with the contract suite found the cursor's item listed again on the next page).
      const order = (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      let items = siteRoutes(db, site.id).sort(order);
      if (after) {
        const cur = items.find((r) => r.id === after);
        if (!cur) throw notFound('Route', 'id', after);
        items = items.filter((r) => order(r, cur) > 0);
      }
      const out = paginate(items, limit);
      out.data = out.data.map(routeJson);
      return [200, out];
    },
    show(ctx) {
      const { route } = findRoute(ctx);
      ctx.query.check();
      return [200, routeJson(route)];
    },
    update(ctx) {
      const { route, site } = findRoute(ctx, 'manageSite');
      const skip = ctx.query.enum('skipValidation', ['true', 'false'], 'false') === 'true';
      const e = ctx.query.errors;
      const pathname = validateRoutePath(ctx.body, e, { required: false, skip });
      if (e.any) e.raise();
      if (pathname !== undefined && pathname !== route.pathname) {
        if (pathnameTaken(db, site.id, pathname, { routeId: route.id })) throw conflict('pathname');
        route.pathname = pathname;
        route.updatedAt = nowMicros();
      }
      return [200, routeJson(route)];
    },
    destroy(ctx) {
      const { route } = findRoute(ctx, 'manageSite');
      ctx.query.check();
      db.routes.delete(route.id);
      return [204, null];
    },
  };

  // ---------------------------------------------------------------- routes table (config/routes.rb)
  // Each entry: method, pattern segments (":x" one segment, "*x" the rest), handler, resource name.
  const table = [
    ['POST', '/v2/sites', sites.create, 'site'],
    ['GET', '/v2/sites', sites.list],
    ['GET', '/v2/sites/:siteId/pages', (c) => pages.list(c, c.params.siteId)],
    ['POST', '/v2/sites/:siteId/duplicate', sites.duplicate, 'site'],
    ['GET', '/v2/sites/:siteId', sites.show],
    ['PATCH', '/v2/sites/:siteId', sites.update, 'site'],
    ['DELETE', '/v2/sites/:siteId', sites.destroy],
    ['POST', '/v2/locales', locales.create, 'locale'],
    ['GET', '/v2/locales', locales.list],
    ['POST', '/v2/locales/:localeIdOrCode/restore', locales.restore],
    ['GET', '/v2/locales/:localeIdOrCode', locales.show],
    ['PATCH', '/v2/locales/:localeIdOrCode', locales.update, 'locale'],
    ['DELETE', '/v2/locales/:localeIdOrCode', locales.destroy],
    ['POST', '/v6/pages', pages.create, 'page'],
    ['GET', '/v6/pages', pages.list],
    ['GET', '/v6/pages/*pageIdOrPathname', pages.show],
    ['PATCH', '/v6/pages/*pageIdOrPathname', pages.update, 'page'],
    ['DELETE', '/v6/pages/*pageIdOrPathname', pages.destroy],
    ['POST', '/v2/routes', routes.create, 'route'],
    ['GET', '/v2/routes', routes.list],
    ['GET', '/v2/routes/*routeIdOrPathname', routes.show],
    ['PATCH', '/v2/routes/*routeIdOrPathname', routes.update, 'route'],
    ['DELETE', '/v2/routes/*routeIdOrPathname', routes.destroy],
  ].map(([method, pattern, handler, wrap]) => ({ method, segs: pattern.split('/').slice(1), handler, wrap }));

  function match(method, rawSegs) {
    for (const r of table) {
      if (r.method !== method) continue;
      const params = {};
      let ok = true;
      for (let i = 0; i < r.segs.length; i++) {
        const s = r.segs[i];
        if (s.startsWith('*')) {
          if (i >= rawSegs.length || rawSegs.slice(i).join('/') === '') {
            ok = false;
            break;
          }
          params[s.slice(1)] = { raw: rawSegs.slice(i) };
          i = rawSegs.length;
          break;
        }
        if (i >= rawSegs.length) {
          ok = false;
          break;
        }
        if (s.startsWith(':')) {
          if (rawSegs[i] === '') {
            ok = false;
            break;
          }
          params[s.slice(1)] = { raw: [rawSegs[i]] };
        } else if (s !== rawSegs[i]) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const last = r.segs[r.segs.length - 1];
      if (!last.startsWith('*') && rawSegs.length !== r.segs.length) continue;
      return { route: r, params };
    }
    return null;
  }

  function authenticate(req) {
    let key = req.headers['x-api-key'];
    if (Array.isArray(key)) key = key.join(', ');
    key = (key ?? '').trim();
    if (!key) throw new HttpError(401, 'API key is missing. Send it in the x-api-key header.');
    const ws = db.appKeys.get(key);
    if (ws) return { kind: 'app', workspaceId: ws };
    if (UUID_RE.test(key)) {
      const k = key.toLowerCase();
      const site = [...db.sites.values()].find((s) => alive(s) && s.siteApiKey === k);
      if (site) return { kind: 'site', siteId: site.id, workspaceId: site.workspaceId };
    }
    throw new HttpError(401, 'Invalid API key.');
  }

  function parseBody(req, buf) {
    const ct = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!JSON_TYPES.has(ct) || buf.length === 0) return {};
    const text = buf.toString('utf8');
    if (text.trim() === '') return {};
    let v;
    try {
      v = JSON.parse(text);
    } catch (err) {
      throw new HttpError(400, 'Error occurred while parsing request parameters', [{ field: 'body', message: `is not valid JSON (${String(err.message).slice(0, 80)})` }]);
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      // Rails would file it under params[:_json], which no controller permits
      throw new HttpError(400, 'Validation failed: _json is not permitted', [{ field: '_json', message: 'is not permitted: the body must be a JSON object' }]);
    }
    return v;
  }

  /** The whole middleware stack and dispatch. Returns [status, body|null]. */
  function dispatch(req, method, pathname, search, buf, tooLarge) {
    let path = pathname;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    if (path.endsWith('.json')) path = path.slice(0, -5);
    const rawSegs = path.split('/').slice(1);
    const m = match(method, rawSegs);
    if (!m) throw new HttpError(404, `No route matches [${method}] "${pathname}"`);
    if (tooLarge) throw new HttpError(400, 'Request body is too large', [{ field: 'body', message: `is too large (maximum is ${BODY_MAX} bytes)` }]);
    const actor = authenticate(req);
    const query = new Query(parseQuery(search));
    const body = parseBody(req, buf);
    const params = {};
    for (const [k, { raw }] of Object.entries(m.params)) {
      try {
        params[k] = raw.map((s) => decodeURIComponent(s)).join('/');
      } catch {
        throw new HttpError(400, 'Invalid path: invalid %-encoding', [{ field: 'path', message: 'contains invalid %-encoding' }]);
      }
    }
    if ('siteId' in params) {
      if (!UUID_RE.test(params.siteId)) throw notFound('Site', 'id', params.siteId);
      params.siteId = params.siteId.toLowerCase();
    }
    const ctx = { actor, query, body: method === 'GET' || method === 'DELETE' ? {} : body, params };
    return m.route.handler(ctx);
  }

  return { dispatch };
}

// ====================================================================== HTTP server
export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const db = createStore();
  const announced = seed(db);
  const app = makeApp(db);
  const server = createServer((req, res) => {
    const started = process.hrtime.bigint();
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > BODY_MAX) tooLarge = true;
      else chunks.push(c);
    });
    req.on('error', () => {});
    req.on('end', () => {
      let status;
      let body;
      let method = req.method;
      const override = String(req.headers['x-http-method-override'] ?? '').toUpperCase();
      if (method === 'POST' && ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(override)) method = override;
      const head = method === 'HEAD';
      if (head) method = 'GET';
      if (method === 'PUT') method = 'PATCH';
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const pathname = q < 0 ? url : url.slice(0, q);
      const search = q < 0 ? '' : url.slice(q + 1);
      try {
        [status, body] = app.dispatch(req, method, pathname, search, Buffer.concat(chunks), tooLarge);
      } catch (err) {
        if (err instanceof HttpError) {
          status = err.status;
          body = errorBody(err.status, err.message, err.details);
        } else {
          process.stderr.write(`outsider17: unexpected ${err?.stack ?? err}\n`);
          status = 400;
          body = errorBody(400, 'The request could not be processed', [{ field: 'base', message: 'could not be processed' }]);
        }
      }
      const rid = String(req.headers['x-request-id'] ?? '').replace(/[^\w\-@]/g, '').slice(0, 255) || uuid();
      const headers = {
        'x-request-id': rid,
        'x-runtime': (Number(process.hrtime.bigint() - started) / 1e9).toFixed(6),
        'cache-control': status === 200 && method === 'GET' ? 'max-age=0, private, must-revalidate' : 'no-cache',
      };
      if (status === 204 || body === null) {
        res.writeHead(204, headers);
        res.end();
        return;
      }
      const text = JSON.stringify(body);
      headers['content-type'] = 'application/json; charset=utf-8';
      headers['content-length'] = Buffer.byteLength(text);
      res.writeHead(status, headers);
      res.end(head ? undefined : text);
    });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify(errorBody(400, 'Malformed HTTP request', [{ field: 'request', message: 'is malformed' }]));
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    ...announced,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    }),
  };
}

// ====================================================================== CLI
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port: Number.isInteger(port) ? port : 0 });
  process.stdout.write(`${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`);
  const stop = () => {
    setTimeout(() => process.exit(0), 250).unref();
    s.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
