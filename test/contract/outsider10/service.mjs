// outsider10 service: the operations. The gateway (gateway.mjs) has already authenticated the key,
// routed the request, refused what the key KIND may never do and parsed the body. Here the order is:
// every query and body problem (400) -> the resources named (404, then 403) -> state rules (400) -> 409.
import { StoreRuleError, now, pathKey } from './store.mjs';
import {
  Problems,
  parseUuid,
  parseFieldUuid,
  normLocaleCode,
  normSiteName,
  checkPageName,
  normHostOrigin,
  normDomain,
  normPagePath,
  normRoutePath,
  lookupPath,
  normPathPrefix,
  parseBool,
  parseLimit,
  parseSortBy,
  parseDirection,
  parseVersionRef,
  pickFields,
  bodyBool,
} from './rules.mjs';

export class HttpError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
const notFound = (m) => new HttpError(404, 'not_found', m);
const forbidden = (m) => new HttpError(403, 'forbidden', m);
const conflict = (m) => new HttpError(409, 'conflict', m);
export function badRequest(problems) {
  const details = problems.details();
  return new HttpError(400, 'bad_request', `Request invalid: ${details.map((d) => d.field).join(', ')}.`, details);
}
const badOne = (field, message) => {
  const p = new Problems();
  p.add(field, message);
  return badRequest(p);
};

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const numericCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const cp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const clone = (x) => structuredClone(x);

export class Service {
  constructor(store) {
    this.store = store;
  }

  // ------------------------------------------------------------------ shared helpers
  defaultCode(site) {
    return this.store.locales.get(site.defaultLocaleId)?.code ?? 'en-US';
  }
  siteView(site) {
    return {
      object: 'site',
      id: site.id,
      name: site.name,
      hostOrigin: site.hostOrigin,
      publicApiKey: site.publicApiKey,
      defaultLocale: this.defaultCode(site),
      defaultLocalePathPrefix: site.defaultLocalePathPrefix,
      localeManagementMode: site.localeManagementMode,
    };
  }
  localeView(loc) {
    const site = this.store.sites.get(loc.siteId);
    return { object: 'locale', id: loc.id, locale: loc.code, domain: loc.domain, pathPrefix: loc.pathPrefix, isDefault: site.defaultLocaleId === loc.id };
  }
  routeView(r) {
    return { object: 'route', id: r.id, pathname: r.pathname };
  }
  // shown values of a page in a version, collapsed into a locale when it has a localization there
  shown(page, site, version, localeRec) {
    const src = version === 'live' ? page.live : page.draft;
    if (!src) return null;
    const active = new Map(this.store.activeLocales(site.id).map((l) => [l.id, l]));
    let pathname = src.pathname;
    let title = src.title;
    let description = src.description;
    let locale = this.defaultCode(site);
    let localized = false;
    if (localeRec && localeRec.id !== site.defaultLocaleId) {
      const z = src.localizations.find((x) => x.localeId === localeRec.id);
      if (z) {
        pathname = z.pathname;
        title = z.title ?? title;
        description = z.description ?? description;
        locale = localeRec.code;
        localized = true;
      }
    }
    const localizations = src.localizations
      .filter((z) => active.has(z.localeId) && z.localeId !== site.defaultLocaleId)
      .sort((a, b) => cp(b.createdAt, a.createdAt) || cp(b.id, a.id))
      .map((z) => ({ id: z.id, locale: active.get(z.localeId).code, pathname: z.pathname }));
    return {
      localized,
      view: {
        object: 'page',
        id: page.id,
        pathname,
        canonicalUrl: src.canonicalUrl,
        title,
        description,
        socialImageUrl: src.socialImageUrl,
        sitemapPriority: src.sitemapPriority,
        sitemapFrequency: src.sitemapFrequency,
        createdAt: src.createdAt,
        updatedAt: src.updatedAt,
        publishedAt: src.publishedAt,
        isOnline: src.isOnline,
        excludedFromSearchEngines: src.excludedFromSearchEngines,
        localizations,
        locale,
      },
    };
  }
  writeView(page, site) {
    const { view } = this.shown(page, site, 'draft', null);
    delete view.locale; // write responses echo the stored record; `locale` is a read-time view
    return view;
  }

  // query value readers: they add problems and return undefined when absent or invalid
  uuidParam(ctx, name, { required = false, requiredMessage } = {}) {
    const raw = ctx.query[name];
    if (raw === undefined) {
      if (required) ctx.problems.add(name, requiredMessage || 'is required', 0);
      return undefined;
    }
    const id = parseFieldUuid(raw);
    if (!id) ctx.problems.add(name, 'must be a UUID');
    return id ?? undefined;
  }
  readQuery(ctx, name, parser) {
    const raw = ctx.query[name];
    if (raw === undefined) return undefined;
    const r = parser(raw);
    if (r.error) {
      ctx.problems.add(name, r.error, r.rank ?? 2);
      return undefined;
    }
    return r;
  }
  // a Site or publishable key scopes a lookup by ID to its own site where `siteId` is left out
  impliedSite(ctx) {
    return ctx.auth.kind === 'app' ? undefined : ctx.auth.siteId;
  }
  // `siteId` where the documents require it is required with every key (mended: it was implied by a Site key)
  siteIdParam(ctx, { required, requiredMessage } = {}) {
    return this.uuidParam(ctx, 'siteId', { required, requiredMessage });
  }
  bodyField(ctx, fields, name, { required = false }, check) {
    const v = fields[name];
    if (v === undefined) {
      if (required) ctx.problems.add(name, 'is required', 0);
      return undefined;
    }
    if (ctx.problems.has(name)) return undefined;
    const r = check(v);
    if (r.error) {
      ctx.problems.add(name, r.error, r.rank ?? 2);
      return undefined;
    }
    return r;
  }
  requireValid(ctx) {
    if (ctx.problems.size) throw badRequest(ctx.problems);
  }

  // access to a site: unknown or deleted 404; another workspace / another site's key 403
  reachSite(ctx, siteId) {
    const site = this.store.sites.get(siteId);
    if (!site || site.deleted) throw notFound(`No site ${siteId}.`);
    const a = ctx.auth;
    if (a.kind === 'app' ? site.workspaceId !== a.workspaceId : site.id !== a.siteId) throw forbidden('This key has no access to that site.');
    return site;
  }
  reachWorkspace(ctx, workspaceId) {
    if (!this.store.workspaces.has(workspaceId)) throw notFound(`No workspace ${workspaceId}.`);
    if (ctx.auth.workspaceId !== workspaceId) throw forbidden('This key has no access to that workspace.');
  }
  rule(fn) {
    try {
      return fn();
    } catch (e) {
      if (e instanceof StoreRuleError) {
        if (e.kind === 'conflict') throw conflict(e.message);
        throw badOne(e.field, e.message);
      }
      throw e;
    }
  }

  // generic cursor pagination: `ordered` holds every record of the collection in list order,
  // tombstones and filtered-out ones included; `visible` says which are listed
  paginate(ctx, ordered, visible, cursor, limit) {
    let start = 0;
    if (cursor !== undefined) {
      const i = ordered.findIndex((x) => x.id === cursor);
      if (i === -1) return { object: 'list', data: [], hasMore: false };
      start = i + 1;
    }
    const rest = ordered.slice(start).filter(visible);
    return { object: 'list', data: rest.slice(0, limit), hasMore: rest.length > limit };
  }

  // ------------------------------------------------------------------ sites
  listSites(ctx) {
    const workspaceId = this.uuidParam(ctx, 'workspaceId', { required: true });
    const limit = this.readQuery(ctx, 'limit', (v) => parseLimit(v, false))?.value ?? 20;
    const cursor = this.uuidParam(ctx, 'startingAfter');
    this.requireValid(ctx);
    this.reachWorkspace(ctx, workspaceId);
    const all = [...this.store.sites.values()]
      .filter((s) => s.workspaceId === workspaceId)
      .sort((a, b) => numericCollator.compare(a.name, b.name) || cp(b.createdAt, a.createdAt) || b.seq - a.seq);
    const page = this.paginate(ctx, all, (s) => !s.deleted, cursor, limit);
    return { status: 200, body: { ...page, data: page.data.map((s) => this.siteView(s)) } };
  }

  createSite(ctx) {
    const f = pickFields(ctx.body, ['workspaceId', 'name', 'hostOrigin', 'defaultLocale'], ctx.problems);
    const ws = this.bodyField(ctx, f, 'workspaceId', { required: true }, (v) => (typeof v !== 'string' ? { error: 'must be a string', rank: 1 } : parseFieldUuid(v) ? { value: parseFieldUuid(v) } : { error: 'must be a UUID' }));
    const name = this.bodyField(ctx, f, 'name', { required: true }, normSiteName);
    const host = f.hostOrigin === null || f.hostOrigin === '' ? undefined : this.bodyField(ctx, f, 'hostOrigin', {}, normHostOrigin);
    const code = this.bodyField(ctx, f, 'defaultLocale', {}, normLocaleCode);
    this.requireValid(ctx);
    this.reachWorkspace(ctx, ws.value);
    const site = this.store.insertSite({ workspaceId: ws.value, name: name.value, hostOrigin: host?.value ?? null });
    const loc = this.store.insertLocale(site.id, { code: code?.value ?? 'en-US' });
    site.defaultLocaleId = loc.id;
    return { status: 201, body: this.siteView(site) };
  }

  getSite(ctx) {
    const id = this.pathSiteId(ctx);
    this.requireValid(ctx);
    return { status: 200, body: this.siteView(this.reachSite(ctx, id)) };
  }
  pathSiteId(ctx) {
    const id = parseUuid(ctx.params.siteId);
    if (!id) ctx.problems.add('siteId', 'must be a UUID');
    return id;
  }

  updateSite(ctx) {
    const id = this.pathSiteId(ctx);
    const f = pickFields(ctx.body, ['name', 'hostOrigin', 'defaultLocale'], ctx.problems);
    const name = this.bodyField(ctx, f, 'name', {}, normSiteName);
    let host;
    if (f.hostOrigin === null || f.hostOrigin === '') host = { value: null };
    else host = this.bodyField(ctx, f, 'hostOrigin', {}, normHostOrigin);
    if (f.defaultLocale !== undefined) ctx.problems.add('defaultLocale', 'is not accepted in this body; rename the default locale with Update Locale');
    this.requireValid(ctx);
    const site = this.reachSite(ctx, id);
    let changed = false;
    if (name && name.value !== site.name) {
      site.name = name.value;
      changed = true;
    }
    if (host && host.value !== site.hostOrigin) {
      site.hostOrigin = host.value;
      changed = true;
    }
    if (changed) site.updatedAt = now();
    return { status: 200, body: this.siteView(site) };
  }

  deleteSite(ctx) {
    const id = this.pathSiteId(ctx);
    this.requireValid(ctx);
    const site = this.reachSite(ctx, id);
    this.store.tombstoneSite(site);
    return { status: 204 };
  }

  duplicateSite(ctx) {
    const id = this.pathSiteId(ctx);
    const f = pickFields(ctx.body, ['name'], ctx.problems);
    const name = this.bodyField(ctx, f, 'name', { required: true }, normSiteName);
    this.requireValid(ctx);
    const src = this.reachSite(ctx, id);
    const st = this.store;
    const copy = st.insertSite({
      workspaceId: src.workspaceId,
      name: name.value,
      hostOrigin: src.hostOrigin,
      localeManagementMode: src.localeManagementMode,
      defaultLocalePathPrefix: src.defaultLocalePathPrefix,
    });
    const localeMap = new Map();
    const srcLocales = st.activeLocales(src.id).sort((a, b) => a.seq - b.seq);
    for (const l of srcLocales) {
      const n = st.insertLocale(copy.id, { code: l.code, domain: l.domain, pathPrefix: l.pathPrefix });
      localeMap.set(l.id, n.id);
      if (l.id === src.defaultLocaleId) copy.defaultLocaleId = n.id;
    }
    const t = now();
    const copyVersion = (v) => {
      if (!v) return null;
      const c = clone(v);
      c.createdAt = t;
      c.updatedAt = t;
      c.localizations = c.localizations.filter((z) => localeMap.has(z.localeId)).map((z) => ({ ...z, id: uuidFor(z.id), localeId: localeMap.get(z.localeId) }));
      return c;
    };
    const zIds = new Map();
    const uuidFor = (old) => {
      if (!zIds.has(old)) zIds.set(old, st.newLocalizationId());
      return zIds.get(old);
    };
    for (const p of [...st.pages.values()].filter((p) => p.siteId === src.id && !p.deleted).sort((a, b) => a.seq - b.seq)) {
      const n = st.insertPage(copy.id, p.name, copyVersion(p.draft));
      n.live = copyVersion(p.live);
    }
    for (const r of [...st.routes.values()].filter((r) => r.siteId === src.id && !r.deleted).sort((a, b) => a.seq - b.seq)) st.insertRoute(copy.id, r.pathname, { skipPageClash: true });
    return { status: 201, body: this.siteView(copy) };
  }

  // ------------------------------------------------------------------ locales
  listLocales(ctx) {
    const siteId = this.siteIdParam(ctx, { required: true });
    const limit = this.readQuery(ctx, 'limit', (v) => parseLimit(v, true))?.value ?? 20;
    const cursor = this.uuidParam(ctx, 'startingAfter');
    this.requireValid(ctx);
    const site = this.reachSite(ctx, siteId);
    const all = this.store.localeRecords(site.id).sort((a, b) => cp(b.createdAt, a.createdAt) || b.seq - a.seq);
    const page = this.paginate(ctx, all, (l) => !l.deleted, cursor, limit);
    return { status: 200, body: { ...page, data: page.data.map((l) => this.localeView(l)) } };
  }

  createLocale(ctx) {
    const f = pickFields(ctx.body, ['siteId', 'locale', 'domain'], ctx.problems);
    const sid = this.bodyField(ctx, f, 'siteId', { required: true }, (v) => (typeof v !== 'string' ? { error: 'must be a string', rank: 1 } : parseFieldUuid(v) ? { value: parseFieldUuid(v) } : { error: 'must be a UUID' }));
    const code = this.bodyField(ctx, f, 'locale', { required: true }, normLocaleCode);
    const domain = f.domain === null || f.domain === '' ? undefined : this.bodyField(ctx, f, 'domain', {}, normDomain);
    this.requireValid(ctx);
    const site = this.reachSite(ctx, sid.value);
    const st = this.store;
    // a soft-deleted record of the same code is revived (same id) instead of a new one
    const dead = st.localeRecords(site.id).find((l) => l.deleted && l.code === code.value);
    let loc;
    if (dead) {
      this.rule(() => st.checkLocaleRules(site.id, { code: code.value, domain: domain?.value, counting: true }));
      dead.deleted = false;
      dead.domain = domain?.value ?? null;
      loc = dead;
    } else loc = this.rule(() => st.insertLocale(site.id, { code: code.value, domain: domain?.value ?? null }));
    return { status: 201, body: this.localeView(loc) };
  }

  // resolves {localeIdOrCode}; `withDeleted` also finds soft-deleted records
  localeTarget(ctx) {
    const raw = ctx.params.localeIdOrCode;
    const id = parseUuid(raw);
    let siteId;
    if (id) siteId = this.uuidParam(ctx, 'siteId');
    else siteId = this.siteIdParam(ctx, { required: true, requiredMessage: 'is required when a locale code (not an ID) is used' });
    return { id, raw, siteId };
  }
  findLocale(ctx, t, { withDeleted = false } = {}) {
    const st = this.store;
    if (t.id) {
      const loc = st.locales.get(t.id);
      if (!loc || loc.siteGone || (loc.deleted && !withDeleted)) throw notFound(`No locale ${t.id}.`);
      this.reachSite(ctx, loc.siteId);
      if (t.siteId && t.siteId !== loc.siteId) throw badOne('siteId', 'does not match the site of that locale');
      return loc;
    }
    const site = this.reachSite(ctx, t.siteId);
    const code = normLocaleCode(t.raw);
    if (code.error) throw notFound(`No locale ${t.raw} in that site.`);
    const recs = st.localeRecords(site.id).filter((l) => l.code === code.value);
    const loc = recs.find((l) => !l.deleted) ?? (withDeleted ? recs.sort((a, b) => cp(b.deletedAt ?? '', a.deletedAt ?? ''))[0] : undefined);
    if (!loc) throw notFound(`No locale ${code.value} in that site.`);
    return loc;
  }

  getLocale(ctx) {
    const t = this.localeTarget(ctx);
    this.requireValid(ctx);
    return { status: 200, body: this.localeView(this.findLocale(ctx, t)) };
  }

  updateLocale(ctx) {
    const t = this.localeTarget(ctx);
    const f = pickFields(ctx.body, ['locale', 'domain'], ctx.problems);
    const code = this.bodyField(ctx, f, 'locale', {}, normLocaleCode);
    let domain;
    if (f.domain === null || f.domain === '') domain = { value: null };
    else domain = this.bodyField(ctx, f, 'domain', {}, normDomain);
    this.requireValid(ctx);
    const loc = this.findLocale(ctx, t);
    const st = this.store;
    const site = st.sites.get(loc.siteId);
    this.rule(() =>
      st.checkLocaleRules(site.id, {
        code: code && code.value !== loc.code ? code.value : undefined,
        domain: domain && domain.value !== loc.domain ? domain.value : undefined,
        exceptId: loc.id,
      }),
    );
    if (code && code.value !== loc.code) {
      // renaming onto a soft-deleted code drops that deleted record for good
      for (const d of st.localeRecords(site.id).filter((l) => l.deleted && l.code === code.value)) st.purgeLocale(d);
      loc.code = code.value;
    }
    if (domain) loc.domain = domain.value;
    return { status: 200, body: this.localeView(loc) };
  }

  deleteLocale(ctx) {
    const t = this.localeTarget(ctx);
    this.requireValid(ctx);
    const loc = this.findLocale(ctx, t, { withDeleted: true });
    const site = this.store.sites.get(loc.siteId);
    if (loc.id === site.defaultLocaleId) throw badOne('localeIdOrCode', 'is the default locale of the site and cannot be deleted');
    if (!loc.deleted) {
      loc.deleted = true;
      loc.deletedAt = now();
    }
    return { status: 204 };
  }

  restoreLocale(ctx) {
    const t = this.localeTarget(ctx);
    this.requireValid(ctx);
    const loc = this.findLocale(ctx, t, { withDeleted: true });
    if (loc.deleted) {
      this.rule(() => {
        try {
          this.store.checkLocaleRules(loc.siteId, { code: loc.code, domain: loc.domain, counting: true });
        } catch (e) {
          if (e instanceof StoreRuleError && e.kind === 'quota') e.field = 'localeIdOrCode';
          throw e;
        }
      });
      loc.deleted = false;
      delete loc.deletedAt;
    }
    return { status: 200, body: this.localeView(loc) };
  }

  // ------------------------------------------------------------------ pages
  // resolves a `locale` query value (code in any case, or a site-locale UUID) among active locales
  resolveLocale(site, raw) {
    const active = this.store.activeLocales(site.id);
    const id = parseUuid(raw);
    if (id) return active.find((l) => l.id === id) ?? null;
    const c = normLocaleCode(raw);
    if (c.error) return null;
    return active.find((l) => l.code === c.value) ?? null;
  }

  listPages(ctx, { siteIdFromPath, defaultVersion = 'draft' } = {}) {
    let siteId;
    if (siteIdFromPath !== undefined) siteId = this.pathSiteId(ctx);
    else siteId = this.siteIdParam(ctx, { required: true });
    const limit = this.readQuery(ctx, 'limit', (v) => parseLimit(v, false))?.value ?? 20;
    const cursor = this.uuidParam(ctx, 'startingAfter');
    const prefix = this.readQuery(ctx, 'pathPrefix', normPathPrefix)?.value ?? '/';
    const sort = this.readQuery(ctx, 'sortBy', parseSortBy);
    const dir = this.readQuery(ctx, 'sortDirection', parseDirection);
    let includeOffline = this.readQuery(ctx, 'includeOffline', parseBool)?.value ?? false;
    let version = this.readQuery(ctx, 'versionRef', parseVersionRef)?.value ?? defaultVersion;
    const localeRaw = ctx.query.locale;
    this.requireValid(ctx);
    const site = this.reachSite(ctx, siteId);
    if (ctx.auth.kind === 'public') {
      version = 'live'; // publishable keys only ever see the online pages of the live version
      includeOffline = false;
    }
    let localeRec = null;
    if (localeRaw !== undefined) {
      localeRec = this.resolveLocale(site, localeRaw);
      if (!localeRec)
        throw badOne('locale', `is not an active locale of the site (available: ${this.store.activeLocales(site.id).map((l) => l.code).sort().join(', ')})`);
    }
    const sortBy = sort?.value ?? 'path';
    const desc = dir?.value === 'desc';
    const filtering = localeRec && localeRec.id !== site.defaultLocaleId;
    const rows = [];
    for (const p of this.store.pages.values()) {
      if (p.siteId !== site.id || p.siteGone) continue;
      const s = this.shown(p, site, version, localeRec);
      if (!s) continue;
      rows.push({ id: p.id, page: p, ...s });
    }
    const key = (r) => ({ path: r.view.pathname, title: r.view.title, description: r.view.description, updatedAt: r.view.updatedAt, createdAt: r.view.createdAt })[sortBy];
    const strings = sortBy === 'path' || sortBy === 'title' || sortBy === 'description';
    rows.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      let c;
      if (ka === null && kb === null) c = 0;
      else if (ka === null) c = -1; // nulls are the smallest value
      else if (kb === null) c = 1;
      else c = strings ? collator.compare(ka, kb) || cp(ka, kb) : cp(ka, kb);
      if (desc) c = -c;
      return c || cp(a.view.pathname, b.view.pathname) || cp(a.id, b.id);
    });
    const pfx = pathKey(prefix);
    const visible = (r) =>
      !r.page.deleted && (includeOffline || r.view.isOnline) && (!filtering || r.localized) && pathKey(r.view.pathname).startsWith(pfx);
    const page = this.paginate(ctx, rows, visible, cursor, limit);
    return { status: 200, body: { ...page, data: page.data.map((r) => r.view) } };
  }

  listSitePages(ctx) {
    // the older /v2 listing shows the published (live) version unless told otherwise
    return this.listPages(ctx, { siteIdFromPath: true, defaultVersion: 'live' });
  }

  createPage(ctx) {
    const f = pickFields(ctx.body, ['siteId', 'pathname', 'name'], ctx.problems);
    const sid = this.bodyField(ctx, f, 'siteId', { required: true }, (v) => (typeof v !== 'string' ? { error: 'must be a string', rank: 1 } : parseFieldUuid(v) ? { value: parseFieldUuid(v) } : { error: 'must be a UUID' }));
    const path = this.bodyField(ctx, f, 'pathname', { required: true }, normPagePath);
    const name = this.bodyField(ctx, f, 'name', { required: true }, checkPageName);
    this.requireValid(ctx);
    const site = this.reachSite(ctx, sid.value);
    const t = now();
    const depth = path.value === '/' ? 0 : path.value.split('/').length - 1;
    const draft = {
      pathname: path.value,
      canonicalUrl: null,
      title: null,
      description: null,
      socialImageUrl: null,
      sitemapPriority: Math.round((1 / (depth + 1)) * 100) / 100,
      sitemapFrequency: 'never',
      createdAt: t,
      updatedAt: t,
      publishedAt: null,
      isOnline: false,
      excludedFromSearchEngines: false,
      localizations: [],
    };
    const page = this.rule(() => this.store.insertPage(site.id, name.value, draft));
    return { status: 201, body: this.writeView(page, site) };
  }

  pageTarget(ctx) {
    const raw = ctx.params.pageIdOrPathname;
    const id = parseUuid(raw);
    const siteId = id ? this.uuidParam(ctx, 'siteId') ?? this.impliedSite(ctx) : this.siteIdParam(ctx, { required: true, requiredMessage: 'is required when a pathname (not an ID) is used' });
    return { raw, id, siteId };
  }
  findPage(ctx, t, { version = 'draft', localeRaw } = {}) {
    const st = this.store;
    if (t.id) {
      const p = st.pages.get(t.id);
      if (p && !p.deleted && !p.siteGone) {
        const site = this.reachSite(ctx, p.siteId);
        if (ctx.query.siteId !== undefined && t.siteId && t.siteId !== p.siteId) throw badOne('siteId', 'does not match the site of that page');
        return { page: p, site };
      }
      if (!t.siteId) throw notFound(`No page ${t.id}.`);
      // a UUID that names no page may still be a pathname ("/<uuid>") of the given site
    }
    const site = this.reachSite(ctx, t.siteId);
    const wanted = lookupPath(t.raw);
    let localeRec = null;
    if (localeRaw !== undefined) localeRec = this.resolveLocale(site, localeRaw);
    const k = wanted === null ? null : pathKey(wanted);
    for (const p of st.pages.values()) {
      if (p.siteId !== site.id || p.deleted || p.siteGone) continue;
      const src = version === 'live' ? p.live : p.draft;
      if (!src) continue;
      if (pathKey(src.pathname) === k) return { page: p, site };
      if (localeRec && localeRec.id !== site.defaultLocaleId && src.localizations.some((z) => z.localeId === localeRec.id && pathKey(z.pathname) === k)) return { page: p, site };
    }
    throw notFound(`No page ${t.raw} in that site.`);
  }

  getPage(ctx) {
    const t = this.pageTarget(ctx);
    let version = this.readQuery(ctx, 'versionRef', parseVersionRef)?.value ?? 'draft';
    const localeRaw = ctx.query.locale;
    this.requireValid(ctx);
    if (ctx.auth.kind === 'public') version = 'live';
    const { page, site } = this.findPage(ctx, t, { version, localeRaw });
    let localeRec = null;
    if (localeRaw !== undefined) {
      localeRec = this.resolveLocale(site, localeRaw);
      if (!localeRec) throw notFound(`No active locale ${localeRaw} in that site.`);
    }
    const s = this.shown(page, site, version, localeRec);
    if (!s) throw notFound('That page has no live version.');
    if (ctx.auth.kind === 'public' && !s.view.isOnline) throw notFound('That page is not online.');
    return { status: 200, body: s.view };
  }

  updatePage(ctx) {
    const t = this.pageTarget(ctx);
    const f = pickFields(ctx.body, ['pathname', 'name', 'isOnline'], ctx.problems);
    const path = this.bodyField(ctx, f, 'pathname', {}, (v) => (v === null ? { error: 'Missing pathname field.', rank: 0 } : normPagePath(v)));
    const name = this.bodyField(ctx, f, 'name', {}, checkPageName);
    const online = this.bodyField(ctx, f, 'isOnline', {}, bodyBool);
    this.requireValid(ctx);
    const { page, site } = this.findPage(ctx, t);
    const d = page.draft;
    let changed = false;
    if (path && path.value !== d.pathname) {
      this.rule(() => this.store.claimPath(site.id, path.value, { exceptPageId: page.id }));
      d.pathname = path.value;
      changed = true;
    }
    if (name && name.value !== page.name) {
      page.name = name.value;
      changed = true;
    }
    const goesOnline = online && online.value && !d.isOnline;
    const goesOffline = online && !online.value && d.isOnline;
    if (changed || goesOnline || goesOffline) d.updatedAt = now();
    if (goesOnline || (changed && d.isOnline && !goesOffline)) {
      // an online page publishes every change at once
      d.isOnline = true;
      d.publishedAt = now();
      page.live = clone(d);
    } else if (goesOffline) {
      d.isOnline = false;
      if (page.live) page.live = clone(d); // the live snapshot is frozen offline, publishedAt kept
    }
    return { status: 200, body: this.writeView(page, site) };
  }

  deletePage(ctx) {
    const t = this.pageTarget(ctx);
    this.requireValid(ctx);
    const { page } = this.findPage(ctx, t);
    page.deleted = true;
    return { status: 204 };
  }

  // ------------------------------------------------------------------ routes
  listRoutes(ctx) {
    const siteId = this.siteIdParam(ctx, { required: true });
    const limit = this.readQuery(ctx, 'limit', (v) => parseLimit(v, false))?.value ?? 20;
    const cursor = this.uuidParam(ctx, 'startingAfter');
    this.requireValid(ctx);
    const site = this.reachSite(ctx, siteId);
    const all = [...this.store.routes.values()]
      .filter((r) => r.siteId === site.id && !r.siteGone)
      .sort((a, b) => a.pathname.length - b.pathname.length || cp(a.pathname, b.pathname) || cp(a.id, b.id));
    const page = this.paginate(ctx, all, (r) => !r.deleted, cursor, limit);
    return { status: 200, body: { ...page, data: page.data.map((r) => this.routeView(r)) } };
  }

  createRoute(ctx) {
    const skip = this.readQuery(ctx, 'skipValidation', parseBool)?.value ?? false;
    const f = pickFields(ctx.body, ['siteId', 'pathname'], ctx.problems);
    const sid = this.bodyField(ctx, f, 'siteId', { required: true }, (v) => (typeof v !== 'string' ? { error: 'must be a string', rank: 1 } : parseFieldUuid(v) ? { value: parseFieldUuid(v) } : { error: 'must be a UUID' }));
    const path = this.bodyField(ctx, f, 'pathname', { required: true }, (v) => normRoutePath(v, skip));
    this.requireValid(ctx);
    const site = this.reachSite(ctx, sid.value);
    const route = this.rule(() => this.store.insertRoute(site.id, path.value, { skipPageClash: skip }));
    return { status: 201, body: this.routeView(route) };
  }

  routeTarget(ctx) {
    const raw = ctx.params.routeIdOrPathname;
    const id = parseUuid(raw);
    const siteId = id ? this.uuidParam(ctx, 'siteId') : this.siteIdParam(ctx, { required: true, requiredMessage: 'is required when a pathname (not an ID) is used' });
    return { raw, id, siteId };
  }
  findRoute(ctx, t) {
    const st = this.store;
    if (t.id) {
      const r = st.routes.get(t.id);
      if (!r || r.deleted || r.siteGone) throw notFound(`No route ${t.id}.`);
      this.reachSite(ctx, r.siteId);
      if (t.siteId && t.siteId !== r.siteId) throw badOne('siteId', 'does not match the site of that route');
      return r;
    }
    const site = this.reachSite(ctx, t.siteId);
    const tidy = lookupPath(t.raw);
    const rawPath = t.raw.startsWith('/') ? t.raw : `/${t.raw}`;
    const keys = new Set([pathKey(rawPath), tidy === null ? null : pathKey(tidy)]);
    for (const r of st.routes.values()) if (r.siteId === site.id && !r.deleted && !r.siteGone && keys.has(pathKey(r.pathname))) return r;
    throw notFound(`No route ${t.raw} in that site.`);
  }

  getRoute(ctx) {
    const t = this.routeTarget(ctx);
    this.requireValid(ctx);
    return { status: 200, body: this.routeView(this.findRoute(ctx, t)) };
  }

  updateRoute(ctx) {
    const t = this.routeTarget(ctx);
    const skip = this.readQuery(ctx, 'skipValidation', parseBool)?.value ?? false;
    const f = pickFields(ctx.body, ['pathname'], ctx.problems);
    const path = this.bodyField(ctx, f, 'pathname', {}, (v) => normRoutePath(v, skip));
    this.requireValid(ctx);
    const r = this.findRoute(ctx, t);
    if (path && path.value !== r.pathname) {
      this.rule(() => this.store.claimPath(r.siteId, path.value, { exceptRouteId: r.id, pages: !skip }));
      r.pathname = path.value;
    }
    return { status: 200, body: this.routeView(r) };
  }

  deleteRoute(ctx) {
    const t = this.routeTarget(ctx);
    this.requireValid(ctx);
    const r = this.findRoute(ctx, t);
    r.deleted = true;
    return { status: 204 };
  }
}
