// outsider12 — a twelfth independent, in-memory deployment of the Site-Building Service REST API,
// written only from the specification and the published OpenAPI. Built the way a team on a
// document / key-value store would: one document per site (holding its locales), pages and routes
// under composite keys, optimistic revisions, a validation library and a small router of its own.
//   node server.mjs --port 0      -> prints ONE JSON line on stdout, logs (if any) go to stderr
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { KV, Conflict, newId, uuid4, appKey, nowMs, iso } from './kv.mjs';
import { Checker, UUID_RE, str, noControl, normLocale, normOrigin, normPagePath, normRoutePath } from './validate.mjs';

const MAX_BODY = 512 * 1024;
const HARD_MAX_BODY = 8 * 1024 * 1024;
const MAX_LOCALES = 16;
const MAX_PAGES = 2000;
const FREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

class HttpError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
const badRequest = (details, message) =>
  new HttpError(400, 'bad_request', message || `Request rejected: ${details.length} invalid field${details.length === 1 ? '' : 's'} (${details.map((d) => d.field).join(', ')})`, details);
const badField = (field, message) => badRequest([{ field, message }], `Request rejected: ${field} ${message}`);
const unauthorized = (m = 'A valid x-api-key header is required.') => new HttpError(401, 'unauthorized', m);
const forbidden = (m = 'This API key has no permission for this resource.') => new HttpError(403, 'forbidden', m);
const notFound = (m = 'The resource does not exist.') => new HttpError(404, 'not_found', m);
const conflict = (m) => new HttpError(409, 'conflict', m);

// ---- canonical JSON: a document store serialises with sorted keys
function canon(v) {
  if (Array.isArray(v)) return v.map(canon);
  if (v && typeof v === 'object') {
    const o = {};
    for (const k of Object.keys(v).sort()) o[k] = canon(v[k]);
    return o;
  }
  return v;
}

// ---- operations a key kind may call (App keys: everything inside their workspace)
const SITE_KEY_OPS = new Set(['getSite', 'updateSite', 'sitePages', 'listLocales', 'getLocale', 'listPages', 'getPage', 'createPage', 'updatePage', 'deletePage', 'listRoutes', 'getRoute']);
const PUB_KEY_OPS = new Set(['sitePages', 'listLocales', 'getLocale', 'listPages', 'getPage', 'listRoutes', 'getRoute']);

export function createApp({ log = () => {} } = {}) {
  const kv = new KV();
  let ord = 0;

  // ---------------------------------------------------------------- storage helpers
  const getSite = (id) => (id ? kv.get(`site:${id}`) : undefined);
  const siteRev = (id) => kv.rev(`site:${id}`);
  const putSite = (s, expectRev) => kv.put(`site:${s.id}`, s, expectRev);
  const pagesOf = (siteId) => kv.scan(`page:${siteId}:`).map(([, d]) => d);
  const routesOf = (siteId) => kv.scan(`route:${siteId}:`).map(([, d]) => d);
  const getPage = (id) => {
    const sid = kv.get(`pageid:${id}`);
    return sid ? kv.get(`page:${sid}:${id}`) : undefined;
  };
  const getRoute = (id) => {
    const sid = kv.get(`routeid:${id}`);
    return sid ? kv.get(`route:${sid}:${id}`) : undefined;
  };
  const putPage = (p, expectRev) => {
    kv.put(`pageid:${p.id}`, p.siteId);
    return kv.put(`page:${p.siteId}:${p.id}`, p, expectRev);
  };
  const putRoute = (r, expectRev) => {
    kv.put(`routeid:${r.id}`, r.siteId);
    return kv.put(`route:${r.siteId}:${r.id}`, r, expectRev);
  };
  const active = (site) => site.locales.filter((l) => !l.deletedAt);
  const defaultCode = (site) => site.locales.find((l) => l.id === site.defaultLocaleId).code;
  const bareHost = (h) => (h.startsWith('www.') ? h.slice(4) : h);

  // ---------------------------------------------------------------- representations
  const siteOut = (s) => ({
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.hostOrigin,
    publicApiKey: s.publicApiKey,
    defaultLocale: defaultCode(s),
    defaultLocalePathPrefix: null,
    localeManagementMode: s.mode,
  });
  const localeOut = (site, l) => ({
    object: 'locale',
    id: l.id,
    locale: l.code,
    domain: l.domain,
    pathPrefix: l.code,
    isDefault: l.id === site.defaultLocaleId,
  });
  function pageOut(site, p, viewLoc) {
    const loc = viewLoc && viewLoc.id !== site.defaultLocaleId ? p.localizations.find((z) => z.localeId === viewLoc.id) : null;
    const localizations = [];
    for (const l of active(site)) {
      if (l.id === site.defaultLocaleId) continue;
      const z = p.localizations.find((x) => x.localeId === l.id);
      if (z) localizations.push({ id: z.id, locale: l.code, pathname: z.pathname });
    }
    return {
      object: 'page',
      id: p.id,
      pathname: loc ? loc.pathname : p.pathname,
      canonicalUrl: p.canonicalUrl,
      title: loc && loc.title != null ? loc.title : p.title,
      description: loc && loc.description != null ? loc.description : p.description,
      socialImageUrl: p.socialImageUrl,
      sitemapPriority: p.sitemapPriority,
      sitemapFrequency: p.sitemapFrequency,
      createdAt: iso(p.createdMs),
      updatedAt: iso(p.updatedMs),
      publishedAt: iso(p.publishedMs),
      isOnline: p.isOnline,
      excludedFromSearchEngines: !p.isOnline,
      locale: loc ? viewLoc.code : defaultCode(site),
      localizations,
    };
  }
  const routeOut = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

  // ---------------------------------------------------------------- seed
  function mkWorkspace(name) {
    const id = newId('workspace');
    const key = appKey();
    kv.put(`ws:${id}`, { id, name });
    kv.put(`appkey:${key}`, id);
    return { id, key };
  }
  function mkSite(workspaceId, { name, hostOrigin = null, defaultLocale = 'en-US', mode = 'external' }, t = nowMs()) {
    const id = newId('site');
    const locId = newId('locale');
    const site = {
      id,
      workspaceId,
      name,
      hostOrigin,
      publicApiKey: uuid4(),
      siteApiKey: uuid4(),
      mode,
      ord: ++ord,
      createdMs: t,
      defaultLocaleId: locId,
      locales: [{ id: locId, code: defaultLocale, domain: null, domainHost: null, deletedAt: null, deletedOrd: 0 }],
    };
    putSite(site);
    kv.put(`localeid:${locId}`, id);
    kv.put(`sitekey:${site.siteApiKey}`, id);
    kv.put(`pubkey:${site.publicApiKey}`, id);
    return site;
  }
  function mkLocale(site, code, domain = null) {
    const l = { id: newId('locale'), code, domain: null, domainHost: null, deletedAt: null, deletedOrd: 0 };
    if (domain) {
      const o = normOrigin(domain);
      l.domain = o.value;
      l.domainHost = bareHost(o.host);
    }
    site.locales.push(l);
    kv.put(`localeid:${l.id}`, site.id);
    return l;
  }
  function mkPage(site, pathname, name, { online = true, title = null, description = null, t = nowMs() } = {}) {
    const p = {
      id: newId('page'),
      siteId: site.id,
      ord: ++ord,
      pathname,
      name,
      canonicalUrl: null,
      title,
      description,
      socialImageUrl: null,
      sitemapPriority: 0.4,
      sitemapFrequency: 'weekly',
      createdMs: t,
      updatedMs: t,
      publishedMs: online ? t : null,
      isOnline: online,
      localizations: [],
    };
    putPage(p);
    return p;
  }
  function mkRoute(site, pathname, t = nowMs()) {
    const r = { id: newId('route'), siteId: site.id, ord: ++ord, pathname, updatedMs: t };
    putRoute(r);
    return r;
  }
  const localize = (p, l, pathname, title = null) => p.localizations.push({ id: newId('localization'), localeId: l.id, pathname, title, description: null });

  const w1 = mkWorkspace('Driftwood Collective');
  const w2 = mkWorkspace('Quarry Labs');
  const t0 = nowMs() - 3600_000;
  {
    const s = mkSite(w1.id, { name: 'Driftwood Gazette', hostOrigin: 'https://gazette.driftwood.example' }, t0);
    const fr = mkLocale(s, 'fr-FR', 'https://fr.driftwood.example');
    const ja = mkLocale(s, 'ja-JP');
    const it = mkLocale(s, 'it-IT');
    it.deletedAt = t0;
    it.deletedOrd = ++ord;
    putSite(s);
    mkPage(s, '/', 'Home', { title: 'Driftwood Gazette', t: t0 });
    const news = mkPage(s, '/news', 'News', { title: 'News', description: 'Harbour news', t: t0 + 100 });
    localize(news, fr, '/actualites', 'Actualités');
    localize(news, ja, '/nyusu');
    localize(news, it, '/notizie');
    putPage(news);
    const fair = mkPage(s, '/news/harbor-fair', 'Harbor fair', { title: 'The harbor fair', t: t0 + 200 });
    localize(fair, fr, '/actualites/foire');
    putPage(fair);
    mkPage(s, '/about', 'About', { t: t0 + 300 });
    mkPage(s, '/drafts/winter', 'Winter issue', { online: false, title: 'Winter issue', t: t0 + 400 });
    mkRoute(s, '/feed/:format', t0);
    mkRoute(s, '/tags/$tag', t0 + 100);
  }
  const shop = mkSite(w1.id, { name: 'Driftwood Outfitters', defaultLocale: 'de-DE' }, t0 + 1000);
  {
    const en = mkLocale(shop, 'en-GB');
    putSite(shop);
    mkPage(shop, '/', 'Start', { title: 'Driftwood Outfitters', t: t0 + 1000 });
    const laden = mkPage(shop, '/laden', 'Laden', { title: 'Laden', t: t0 + 1100 });
    localize(laden, en, '/shop', 'Shop');
    putPage(laden);
    mkPage(shop, '/korb', 'Korb', { online: false, t: t0 + 1200 });
    mkRoute(shop, '/kasse/:schritt', t0 + 1000);
  }
  {
    const s = mkSite(w2.id, { name: 'Quarry Home', defaultLocale: 'es-ES' }, t0 + 2000);
    mkPage(s, '/', 'Inicio', { t: t0 + 2000 });
    mkPage(s, '/precios', 'Precios', { title: 'Precios', t: t0 + 2100 });
    mkRoute(s, '/status', t0 + 2000);
  }
  const announce = { apiKey: w1.key, workspaceId: w1.id, siteApiKey: shop.siteApiKey, otherApiKey: w2.key };

  // ---------------------------------------------------------------- auth and reach
  function authenticate(req) {
    const raw = req.headers['x-api-key'];
    if (typeof raw !== 'string' || raw === '') throw unauthorized();
    const wid = kv.get(`appkey:${raw}`);
    if (wid) return { kind: 'app', workspaceId: wid };
    const sid = kv.get(`sitekey:${raw}`);
    if (sid) return { kind: 'site', siteId: sid, workspaceId: getSite(sid).workspaceId };
    const pid = kv.get(`pubkey:${raw}`);
    if (pid) return { kind: 'pub', siteId: pid, workspaceId: getSite(pid).workspaceId };
    throw unauthorized('The x-api-key header names no key.');
  }
  function kindAllows(auth, op) {
    if (auth.kind === 'app') return;
    const set = auth.kind === 'site' ? SITE_KEY_OPS : PUB_KEY_OPS;
    if (!set.has(op)) throw forbidden(`A ${auth.kind === 'site' ? 'Site' : 'publishable'} API key may not call ${op}.`);
  }
  function reach(auth, site, what = 'site') {
    if (!site) throw notFound(`The ${what} does not exist.`);
    if (auth.kind === 'app' ? site.workspaceId !== auth.workspaceId : site.id !== auth.siteId) throw forbidden();
    return site;
  }
  function apiManaged(site) {
    if (site.mode === 'internal') throw forbidden('This site manages its locales internally (localeManagementMode "internal"); locales cannot be written through the API.');
  }

  // ---------------------------------------------------------------- If-Match (optimistic revisions)
  function ifMatch(ctx, rev) {
    const h = ctx.req.headers['if-match'];
    if (h === undefined || h.trim() === '*') return;
    const tags = h.split(',').map((x) => x.trim().replace(/^W\//, '').replace(/^"|"$/g, ''));
    if (!tags.includes(String(rev))) throw conflict(`The resource is at revision ${rev}; If-Match named ${h.trim()}.`);
  }

  // ---------------------------------------------------------------- query reading
  function qGet(ctx, ck, name) {
    const vals = ctx.query.get(name);
    if (!vals) return undefined;
    if ((name === 'siteId' || name === 'workspaceId') && vals.length > 1) {
      ck.bad('query', name, 'must be given only once');
      return null;
    }
    const v = vals[vals.length - 1];
    if (v.bad) {
      ck.bad('query', name, 'is not valid percent-encoding');
      return null;
    }
    return v.value;
  }
  function qUuid(ctx, ck, name, required) {
    const v = qGet(ctx, ck, name);
    if (v === null) return null;
    if (v === undefined) {
      if (required) ck.bad('query', name, 'is required');
      return undefined;
    }
    if (v === '') return ck.bad('query', name, 'must not be empty'), null;
    if (!UUID_RE.test(v)) return ck.bad('query', name, 'must be a UUID'), null;
    return v.toLowerCase();
  }
  function qLimit(ctx, ck) {
    const v = qGet(ctx, ck, 'limit');
    if (v === undefined) return 20;
    if (v === null) return null;
    if (v === '') return ck.bad('query', 'limit', 'must not be empty'), null;
    if (!/^\d+(\.0+)?$/.test(v)) return ck.bad('query', 'limit', 'must be a whole number between 1 and 100'), null;
    const n = Number(v);
    if (n < 1 || n > 100) return ck.bad('query', 'limit', 'must be between 1 and 100'), null;
    return n;
  }
  function qEnum(ctx, ck, name, values, dflt) {
    const v = qGet(ctx, ck, name);
    if (v === undefined) return dflt;
    if (v === null) return null;
    if (!values.includes(v)) return ck.bad('query', name, `must be one of ${values.join(', ')}`), null;
    return v;
  }
  function reserved(ck, body) {
    for (const k of Object.keys(body)) if (/^[_$]/.test(k)) ck.bad('body', k, 'is a reserved field name (fields beginning with "_" or "$" belong to the store)');
  }
  const fail = (ck) => {
    if (ck.failed) throw badRequest(ck.all());
  };

  // ---------------------------------------------------------------- pagination (cursor = an item id)
  function paginate(all, visible, cursor, limit) {
    // `all` is the whole collection in list order, `visible` the filtered ids; a cursor naming an item of the
    // collection resumes right after its place, a cursor naming nothing of it is ignored (from the start).
    let start = 0;
    if (cursor) {
      const i = all.findIndex((x) => x.id === cursor);
      if (i >= 0) start = i + 1;
    }
    const rest = all.slice(start).filter((x) => visible(x));
    return { data: rest.slice(0, limit), hasMore: rest.length > limit };
  }
  const listOf = (items) => ({ object: 'list', data: items.data, hasMore: items.hasMore });

  // ---------------------------------------------------------------- sites
  function listSites(ctx) {
    const ck = new Checker();
    const workspaceId = qUuid(ctx, ck, 'workspaceId', true);
    const limit = qLimit(ctx, ck);
    const after = qUuid(ctx, ck, 'startingAfter', false);
    fail(ck);
    if (workspaceId !== ctx.auth.workspaceId) throw forbidden('This API key has no access to that workspace.');
    const all = kv
      .scan('site:')
      .map(([, d]) => d)
      .filter((s) => s.workspaceId === workspaceId)
      .sort((a, b) => a.ord - b.ord);
    const page = paginate(all, () => true, after, limit);
    return [200, { object: 'list', data: page.data.map(siteOut), hasMore: page.hasMore }];
  }
  function siteBody(ck, body, { create }) {
    const out = {};
    if (create) {
      const w = body.workspaceId;
      if (w === undefined) ck.bad('body', 'workspaceId', 'is required');
      else if (typeof w !== 'string' || !UUID_RE.test(w)) ck.bad('body', 'workspaceId', 'must be a UUID string');
      else out.workspaceId = w.toLowerCase();
    }
    const name = str(ck, body, 'name', { required: create, maxBytes: 200 });
    if (name !== undefined && noControl(ck, 'name', name)) {
      if (!/\S/.test(name)) ck.bad('body', 'name', 'must contain a visible character');
      else out.name = name;
    }
    if ('hostOrigin' in body) {
      const h = body.hostOrigin;
      if (h === null && !create) out.hostOrigin = null;
      else if (typeof h !== 'string') ck.bad('body', 'hostOrigin', create ? 'must be a URI string' : 'must be a URI string or null');
      else {
        const o = normOrigin(h);
        if (o.error) ck.bad('body', 'hostOrigin', o.error);
        else out.hostOrigin = o.value;
      }
    }
    if ('defaultLocale' in body) {
      if (!create) ck.bad('body', 'defaultLocale', 'is not accepted in this body');
      else {
        const c = normLocale(body.defaultLocale);
        if (!c) ck.bad('body', 'defaultLocale', 'must be a locale code: a two-letter language with an optional two-letter region (en, en-US)');
        else out.defaultLocale = c;
      }
    }
    if ('localeManagementMode' in body) {
      if (!['internal', 'external'].includes(body.localeManagementMode)) ck.bad('body', 'localeManagementMode', 'must be one of internal, external');
      else out.mode = body.localeManagementMode;
    }
    reserved(ck, body);
    return out;
  }
  function createSite(ctx) {
    const ck = new Checker();
    const v = siteBody(ck, ctx.body, { create: true });
    fail(ck);
    if (v.workspaceId !== ctx.auth.workspaceId) throw forbidden('This API key has no access to that workspace.');
    const s = mkSite(v.workspaceId, { name: v.name, hostOrigin: v.hostOrigin ?? null, defaultLocale: v.defaultLocale ?? 'en-US', mode: v.mode ?? 'external' });
    return [201, siteOut(s), { etag: `"${siteRev(s.id)}"` }];
  }
  const sitePathId = (ctx) => {
    const id = ctx.params.siteId;
    if (!UUID_RE.test(id)) throw notFound('The site does not exist.');
    return id.toLowerCase();
  };
  function getSiteOp(ctx) {
    const s = reach(ctx.auth, getSite(sitePathId(ctx)));
    return [200, siteOut(s), { etag: `"${siteRev(s.id)}"` }];
  }
  function updateSite(ctx) {
    const id = sitePathId(ctx);
    const ck = new Checker();
    const v = siteBody(ck, ctx.body, { create: false });
    fail(ck);
    const s = reach(ctx.auth, getSite(id));
    const rev = siteRev(id);
    ifMatch(ctx, rev);
    if (v.name !== undefined) s.name = v.name;
    if (v.hostOrigin !== undefined) s.hostOrigin = v.hostOrigin;
    if (v.mode !== undefined) s.mode = v.mode;
    const nrev = putSite(s, rev);
    return [200, siteOut(s), { etag: `"${nrev}"` }];
  }
  function deleteSite(ctx) {
    const id = sitePathId(ctx);
    const s = reach(ctx.auth, getSite(id));
    ifMatch(ctx, siteRev(id));
    for (const p of pagesOf(id)) {
      kv.del(`page:${id}:${p.id}`);
      kv.del(`pageid:${p.id}`);
    }
    for (const r of routesOf(id)) {
      kv.del(`route:${id}:${r.id}`);
      kv.del(`routeid:${r.id}`);
    }
    for (const l of s.locales) kv.del(`localeid:${l.id}`);
    kv.del(`sitekey:${s.siteApiKey}`);
    kv.del(`pubkey:${s.publicApiKey}`);
    kv.del(`site:${id}`);
    return [204];
  }
  function duplicateSite(ctx) {
    const id = sitePathId(ctx);
    const ck = new Checker();
    const name = str(ck, ctx.body, 'name', { required: true, maxBytes: 200 });
    if (name !== undefined && noControl(ck, 'name', name) && !/\S/.test(name)) ck.bad('body', 'name', 'must contain a visible character');
    reserved(ck, ctx.body);
    fail(ck);
    const src = reach(ctx.auth, getSite(id));
    const t = nowMs();
    const copy = mkSite(src.workspaceId, { name, hostOrigin: src.hostOrigin, defaultLocale: defaultCode(src), mode: src.mode }, t);
    const map = new Map([[src.defaultLocaleId, copy.defaultLocaleId]]);
    for (const l of active(src)) {
      if (l.id === src.defaultLocaleId) continue;
      const n = mkLocale(copy, l.code);
      n.domain = l.domain;
      n.domainHost = l.domainHost;
      map.set(l.id, n.id);
    }
    putSite(copy);
    for (const p of pagesOf(src.id).sort((a, b) => a.ord - b.ord)) {
      const q = structuredClone(p);
      q.id = newId('page');
      q.siteId = copy.id;
      q.ord = ++ord;
      q.localizations = p.localizations
        .filter((z) => map.has(z.localeId) && z.localeId !== src.defaultLocaleId)
        .map((z) => ({ ...z, id: newId('localization'), localeId: map.get(z.localeId) }));
      putPage(q);
    }
    for (const r of routesOf(src.id).sort((a, b) => a.ord - b.ord)) putRoute({ ...r, id: newId('route'), siteId: copy.id, ord: ++ord });
    return [201, siteOut(copy), { etag: `"${siteRev(copy.id)}"` }];
  }

  // ---------------------------------------------------------------- locales
  function listLocales(ctx) {
    const ck = new Checker();
    const siteId = qUuid(ctx, ck, 'siteId', true);
    const limit = qLimit(ctx, ck);
    const after = qUuid(ctx, ck, 'startingAfter', false);
    fail(ck);
    const s = reach(ctx.auth, getSite(siteId));
    const page = paginate(s.locales, (l) => !l.deletedAt, after, limit);
    return [200, { object: 'list', data: page.data.map((l) => localeOut(s, l)), hasMore: page.hasMore }];
  }
  /** Resolves {localeIdOrCode} (+ siteId) to [site, locale record]; deleted records only when asked. */
  function locateLocale(ctx, ck, { deleted = false } = {}) {
    const raw = ctx.params.localeIdOrCode;
    const isId = UUID_RE.test(raw);
    const code = isId ? null : normLocale(raw);
    const siteId = qUuid(ctx, ck, 'siteId', !isId);
    return () => {
      if (!isId && !code) throw notFound('No locale has that ID or code.');
      let site;
      if (siteId) site = reach(ctx.auth, getSite(siteId));
      if (isId) {
        const sid = kv.get(`localeid:${raw.toLowerCase()}`);
        const owner = getSite(sid);
        if (!owner || (site && owner.id !== site.id)) throw notFound('No locale has that ID.');
        reach(ctx.auth, owner, 'locale');
        const l = owner.locales.find((x) => x.id === raw.toLowerCase());
        if (!deleted && l.deletedAt) throw notFound('The locale has been deleted.');
        return [owner, l];
      }
      const l = site.locales.find((x) => x.code === code && !x.deletedAt);
      if (deleted) {
        if (l) return [site, l];
        const gone = site.locales.filter((x) => x.code === code && x.deletedAt).sort((a, b) => b.deletedOrd - a.deletedOrd)[0];
        if (!gone) throw notFound('The site has no locale with that code.');
        return [site, gone];
      }
      if (!l) throw notFound('The site has no locale with that code.');
      return [site, l];
    };
  }
  function getLocale(ctx) {
    const ck = new Checker();
    const find = locateLocale(ctx, ck);
    fail(ck);
    const [site, l] = find();
    return [200, localeOut(site, l), { etag: `"${siteRev(site.id)}"` }];
  }
  function domainField(ck, body, { update }) {
    if (!('domain' in body)) return undefined;
    const d = body.domain;
    if (d === null) return { value: null, host: null };
    if (typeof d !== 'string') return ck.bad('body', 'domain', update ? 'must be a URI string or null' : 'must be a URI string'), undefined;
    const o = normOrigin(d);
    if (o.error) return ck.bad('body', 'domain', o.error), undefined;
    return { value: o.value, host: bareHost(o.host) };
  }
  function domainTaken(site, host, exceptId) {
    return host && active(site).some((l) => l.id !== exceptId && l.domainHost === host);
  }
  function createLocale(ctx) {
    const ck = new Checker();
    const b = ctx.body;
    let siteId;
    if (b.siteId === undefined) ck.bad('body', 'siteId', 'is required');
    else if (typeof b.siteId !== 'string' || !UUID_RE.test(b.siteId)) ck.bad('body', 'siteId', 'must be a UUID string');
    else siteId = b.siteId.toLowerCase();
    let code;
    if (b.locale === undefined) ck.bad('body', 'locale', 'is required');
    else if (!(code = normLocale(b.locale))) ck.bad('body', 'locale', 'must be a locale code: a two-letter language with an optional two-letter region (fr, fr-CA)');
    const domain = domainField(ck, b, { update: false });
    reserved(ck, b);
    fail(ck);
    const site = reach(ctx.auth, getSite(siteId));
    apiManaged(site);
    const rev = siteRev(site.id);
    if (active(site).length >= MAX_LOCALES) throw badField('locale', `cannot be added: a site holds at most ${MAX_LOCALES} active locales`);
    if (active(site).some((l) => l.code === code)) throw conflict(`The site already has the locale ${code}.`);
    if (site.locales.some((l) => l.code === code)) throw conflict(`The locale ${code} of this site was deleted; restore it instead.`);
    if (domain && domainTaken(site, domain.host)) throw conflict('Another locale of this site already uses that domain.');
    const l = mkLocale(site, code);
    if (domain) {
      l.domain = domain.value;
      l.domainHost = domain.host;
    }
    const nrev = putSite(site, rev);
    return [201, localeOut(site, l), { etag: `"${nrev}"` }];
  }
  function updateLocale(ctx) {
    const ck = new Checker();
    const b = ctx.body;
    let code;
    if ('locale' in b && !(code = normLocale(b.locale))) ck.bad('body', 'locale', 'must be a locale code: a two-letter language with an optional two-letter region (fr, fr-CA)');
    const domain = domainField(ck, b, { update: true });
    reserved(ck, b);
    const find = locateLocale(ctx, ck);
    fail(ck);
    const [site, l] = find();
    apiManaged(site);
    const rev = siteRev(site.id);
    ifMatch(ctx, rev);
    if (code && code !== l.code) {
      if (active(site).some((x) => x.code === code)) throw conflict(`The site already has the locale ${code}.`);
      const purged = site.locales.filter((x) => x.code === code && x.deletedAt);
      if (purged.length) {
        site.locales = site.locales.filter((x) => !purged.includes(x));
        for (const x of purged) kv.del(`localeid:${x.id}`);
        for (const p of pagesOf(site.id)) {
          const keep = p.localizations.filter((z) => !purged.some((x) => x.id === z.localeId));
          if (keep.length !== p.localizations.length) putPage({ ...p, localizations: keep });
        }
      }
      l.code = code;
    }
    if (domain) {
      if (domainTaken(site, domain.host, l.id)) throw conflict('Another locale of this site already uses that domain.');
      l.domain = domain.value;
      l.domainHost = domain.host;
    }
    const idx = site.locales.findIndex((x) => x.id === l.id);
    site.locales[idx] = l;
    const nrev = putSite(site, rev);
    return [200, localeOut(site, l), { etag: `"${nrev}"` }];
  }
  function deleteLocale(ctx) {
    const ck = new Checker();
    const find = locateLocale(ctx, ck);
    fail(ck);
    const [site, l] = find();
    apiManaged(site);
    const rev = siteRev(site.id);
    const rec = site.locales.find((x) => x.id === l.id);
    const next = active(site).find((x) => x.id !== rec.id);
    if (!next) throw badField('localeIdOrCode', 'is the only locale of the site and cannot be deleted');
    ifMatch(ctx, rev);
    if (rec.id === site.defaultLocaleId) site.defaultLocaleId = next.id;
    rec.deletedAt = nowMs();
    rec.deletedOrd = ++ord;
    putSite(site, rev);
    return [204];
  }
  function restoreLocale(ctx) {
    const ck = new Checker();
    const find = locateLocale(ctx, ck, { deleted: true });
    fail(ck);
    const [site, l] = find();
    apiManaged(site);
    const rev = siteRev(site.id);
    if (l.deletedAt && active(site).length >= MAX_LOCALES) throw badField('localeIdOrCode', `cannot be restored: a site holds at most ${MAX_LOCALES} active locales`);
    ifMatch(ctx, rev);
    if (!l.deletedAt) throw conflict('The locale is not deleted.');
    if (active(site).some((x) => x.code === l.code)) throw conflict(`The site has an active locale ${l.code} again.`);
    if (domainTaken(site, l.domainHost, l.id)) throw conflict('Another locale of this site uses the domain of this locale now.');
    site.locales = site.locales.filter((x) => x.id !== l.id);
    l.deletedAt = null;
    l.deletedOrd = 0;
    site.locales.push(l); // a restored locale goes to the end of the site document's locale array
    const nrev = putSite(site, rev);
    return [200, localeOut(site, l), { etag: `"${nrev}"` }];
  }

  // ---------------------------------------------------------------- pages
  function findViewLocale(site, v) {
    if (v === undefined) return null;
    const id = UUID_RE.test(v) ? v.toLowerCase() : null;
    const code = id ? null : normLocale(v);
    return active(site).find((l) => (id ? l.id === id : l.code === code)) || undefined;
  }
  function listPagesOp(ctx, fromPath) {
    const ck = new Checker();
    let siteId;
    if (fromPath) {
      siteId = UUID_RE.test(ctx.params.siteId) ? ctx.params.siteId.toLowerCase() : null;
    } else siteId = qUuid(ctx, ck, 'siteId', true);
    const limit = qLimit(ctx, ck);
    const after = qUuid(ctx, ck, 'startingAfter', false);
    let prefix = qGet(ctx, ck, 'pathPrefix');
    if (prefix === undefined || prefix === '') prefix = '/';
    else if (prefix !== null && !prefix.startsWith('/')) prefix = '/' + prefix;
    const sortBy = qEnum(ctx, ck, 'sortBy', ['title', 'path', 'description', 'updatedAt', 'createdAt'], fromPath ? 'title' : 'path');
    const dir = qEnum(ctx, ck, 'sortDirection', ['asc', 'desc'], 'asc');
    let includeOffline = qEnum(ctx, ck, 'includeOffline', ['true', 'false'], fromPath ? 'true' : 'false');
    let locale = qGet(ctx, ck, 'locale');
    if (locale === '') locale = undefined;
    if (typeof locale === 'string' && !UUID_RE.test(locale) && !normLocale(locale)) ck.bad('query', 'locale', 'must be a locale code or a site-locale ID');
    const versionRef = qEnum(ctx, ck, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft');
    fail(ck);
    if (fromPath && !siteId) throw notFound('The site does not exist.');
    const site = reach(ctx.auth, getSite(siteId));
    if (ctx.auth.kind === 'pub') includeOffline = 'false';
    if (versionRef === 'ref:live') includeOffline = 'false';
    const view = findViewLocale(site, locale);
    const rows = pagesOf(site.id).map((p) => ({ id: p.id, p, out: pageOut(site, p, view) }));
    const key = { path: (r) => r.out.pathname, title: (r) => r.out.title, description: (r) => r.out.description, updatedAt: (r) => r.p.updatedMs, createdAt: (r) => r.p.createdMs }[sortBy];
    const cmpVal = (a, b) => {
      if (a === b) return 0;
      if (a === null || a === undefined) return -1;
      if (b === null || b === undefined) return 1;
      if (typeof a === 'number') return a - b;
      const la = a.toLowerCase();
      const lb = b.toLowerCase();
      if (la !== lb) return la < lb ? -1 : 1;
      return a < b ? -1 : 1;
    };
    rows.sort((x, y) => {
      const c = cmpVal(key(x), key(y));
      if (c !== 0) return dir === 'desc' ? -c : c;
      return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
    });
    const visible = (r) => {
      if (view === undefined) return false; // a locale the site does not have: nothing is in it
      if (includeOffline !== 'true' && !r.p.isOnline) return false;
      if (view && view.id !== site.defaultLocaleId && !r.p.localizations.some((z) => z.localeId === view.id)) return false;
      return r.out.pathname.startsWith(prefix);
    };
    const page = paginate(rows, visible, after, limit);
    return [200, { object: 'list', data: page.data.map((r) => r.out), hasMore: page.hasMore }];
  }
  function pageBodyCommon(ck, b, { create }) {
    const out = {};
    if (create) {
      if (b.siteId === undefined) ck.bad('body', 'siteId', 'is required');
      else if (typeof b.siteId !== 'string' || !UUID_RE.test(b.siteId)) ck.bad('body', 'siteId', 'must be a UUID string');
      else out.siteId = b.siteId.toLowerCase();
    }
    if (create || 'pathname' in b) {
      const v = b.pathname;
      if (v === undefined || v === null || v === '') ck.bad('body', 'pathname', create ? 'is required' : 'Missing pathname field.');
      else if (typeof v !== 'string') ck.bad('body', 'pathname', 'must be a string');
      else {
        const n = normPagePath(v);
        if (n.error) ck.bad('body', 'pathname', n.error);
        else out.pathname = n.value;
      }
    }
    const name = str(ck, b, 'name', { required: create, maxBytes: 150 });
    if (name !== undefined && noControl(ck, 'name', name)) out.name = name;
    if (!create && 'isOnline' in b) {
      if (typeof b.isOnline !== 'boolean') ck.bad('body', 'isOnline', 'must be a boolean');
      else out.isOnline = b.isOnline;
    }
    reserved(ck, b);
    return out;
  }
  function pathnameTaken(siteId, pathname, exceptPageId) {
    return pagesOf(siteId).some((p) => p.id !== exceptPageId && p.pathname === pathname) || routesOf(siteId).some((r) => r.pathname === pathname);
  }
  function createPage(ctx) {
    const ck = new Checker();
    const v = pageBodyCommon(ck, ctx.body, { create: true });
    fail(ck);
    const site = reach(ctx.auth, getSite(v.siteId));
    if (pagesOf(site.id).length >= MAX_PAGES) throw badField('siteId', `names a site that already holds ${MAX_PAGES} pages`);
    if (pathnameTaken(site.id, v.pathname)) throw conflict(`A page or route with the pathname ${v.pathname} already exists.`);
    const p = mkPage(site, v.pathname, v.name, { online: v.pathname === '/', t: nowMs() });
    return [201, pageOut(site, p, null), { etag: `"${kv.rev(`page:${site.id}:${p.id}`)}"` }];
  }
  /** Resolves {pageIdOrPathname} (+ siteId) to [site, page]. */
  function locatePage(ctx, ck) {
    const raw = ctx.params.rest;
    let decoded;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = null;
    }
    const isId = decoded !== null && UUID_RE.test(decoded);
    const siteId = qUuid(ctx, ck, 'siteId', !isId);
    return () => {
      if (decoded === null) throw notFound('The page does not exist.');
      let site;
      if (siteId) site = reach(ctx.auth, getSite(siteId));
      if (isId) {
        const p = getPage(decoded.toLowerCase());
        if (!p || (site && p.siteId !== site.id)) throw notFound('No page has that ID.');
        return [reach(ctx.auth, getSite(p.siteId), 'page'), p];
      }
      const n = normPagePath(decoded.startsWith('/') ? decoded : '/' + decoded);
      const p = n.value && pagesOf(site.id).find((x) => x.pathname === n.value);
      if (!p) throw notFound('The site has no page with that pathname.');
      return [site, p];
    };
  }
  function getPageOp(ctx) {
    const ck = new Checker();
    const versionRef = qEnum(ctx, ck, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft');
    let locale = qGet(ctx, ck, 'locale');
    if (locale === '') locale = undefined;
    if (typeof locale === 'string' && !UUID_RE.test(locale) && !normLocale(locale)) ck.bad('query', 'locale', 'must be a locale code or a site-locale ID');
    const find = locatePage(ctx, ck);
    fail(ck);
    const [site, p] = find();
    if (!p.isOnline && (versionRef === 'ref:live' || ctx.auth.kind === 'pub')) throw notFound('The page has no live version.');
    const view = findViewLocale(site, locale);
    if (view === undefined) throw notFound('The site has no active locale ' + locale + '.');
    return [200, pageOut(site, p, view), { etag: `"${kv.rev(`page:${site.id}:${p.id}`)}"` }];
  }
  function updatePage(ctx) {
    const ck = new Checker();
    const v = pageBodyCommon(ck, ctx.body, { create: false });
    let locale = qGet(ctx, ck, 'locale');
    if (locale === '') locale = undefined;
    if (typeof locale === 'string' && !UUID_RE.test(locale) && !normLocale(locale)) ck.bad('query', 'locale', 'must be a locale code or a site-locale ID');
    const find = locatePage(ctx, ck);
    fail(ck);
    const [site, p] = find();
    const view = findViewLocale(site, locale);
    if (view === undefined) throw notFound('The site has no active locale ' + locale + '.');
    const key = `page:${site.id}:${p.id}`;
    const rev = kv.rev(key);
    ifMatch(ctx, rev);
    const localized = view && view.id !== site.defaultLocaleId;
    if (v.pathname !== undefined) {
      if (localized) {
        const clash = pagesOf(site.id).some((x) => x.id !== p.id && x.localizations.some((z) => z.localeId === view.id && z.pathname === v.pathname));
        if (clash) throw conflict(`Another page already has the ${view.code} pathname ${v.pathname}.`);
        const z = p.localizations.find((x) => x.localeId === view.id);
        if (z) z.pathname = v.pathname;
        else p.localizations.push({ id: newId('localization'), localeId: view.id, pathname: v.pathname, title: null, description: null });
      } else {
        if (pathnameTaken(site.id, v.pathname, p.id)) throw conflict(`A page or route with the pathname ${v.pathname} already exists.`);
        p.pathname = v.pathname;
      }
    }
    const t = nowMs();
    if (v.name !== undefined) p.name = v.name;
    if (v.isOnline !== undefined) {
      if (v.isOnline && !p.isOnline) p.publishedMs = t;
      p.isOnline = v.isOnline;
    }
    p.updatedMs = t; // every accepted PATCH writes a new revision of the page document
    const nrev = putPage(p, rev);
    return [200, pageOut(site, p, view), { etag: `"${nrev}"` }];
  }
  function deletePage(ctx) {
    const ck = new Checker();
    const find = locatePage(ctx, ck);
    fail(ck);
    const [site, p] = find();
    ifMatch(ctx, kv.rev(`page:${site.id}:${p.id}`));
    kv.del(`page:${site.id}:${p.id}`);
    kv.del(`pageid:${p.id}`);
    return [204];
  }

  // ---------------------------------------------------------------- routes
  function listRoutes(ctx) {
    const ck = new Checker();
    const siteId = qUuid(ctx, ck, 'siteId', true);
    const limit = qLimit(ctx, ck);
    const after = qUuid(ctx, ck, 'startingAfter', false);
    fail(ck);
    const site = reach(ctx.auth, getSite(siteId));
    const all = routesOf(site.id).sort((a, b) => b.updatedMs - a.updatedMs || b.ord - a.ord);
    const page = paginate(all, () => true, after, limit);
    return [200, { object: 'list', data: page.data.map(routeOut), hasMore: page.hasMore }];
  }
  function skipFlag(ctx, ck) {
    return qEnum(ctx, ck, 'skipValidation', ['true', 'false'], 'false') === 'true';
  }
  function createRoute(ctx) {
    const ck = new Checker();
    const b = ctx.body;
    let siteId;
    if (b.siteId === undefined) ck.bad('body', 'siteId', 'is required');
    else if (typeof b.siteId !== 'string' || !UUID_RE.test(b.siteId)) ck.bad('body', 'siteId', 'must be a UUID string');
    else siteId = b.siteId.toLowerCase();
    const skip = skipFlag(ctx, new Checker());
    let pathname;
    if (b.pathname === undefined) ck.bad('body', 'pathname', 'is required');
    else {
      const n = normRoutePath(b.pathname, skip);
      if (n.error) ck.bad('body', 'pathname', n.error);
      else pathname = n.value;
    }
    reserved(ck, b);
    skipFlag(ctx, ck);
    fail(ck);
    const site = reach(ctx.auth, getSite(siteId));
    if (!skip && pathnameTaken(site.id, pathname)) throw conflict(`A page or route with the pathname ${pathname} already exists.`);
    const r = mkRoute(site, pathname);
    return [201, routeOut(r), { etag: `"${kv.rev(`route:${site.id}:${r.id}`)}"` }];
  }
  function locateRoute(ctx, ck) {
    let decoded;
    try {
      decoded = decodeURIComponent(ctx.params.rest);
    } catch {
      decoded = null;
    }
    const isId = decoded !== null && UUID_RE.test(decoded);
    const siteId = qUuid(ctx, ck, 'siteId', !isId);
    return () => {
      if (decoded === null) throw notFound('The route does not exist.');
      let site;
      if (siteId) site = reach(ctx.auth, getSite(siteId));
      if (isId) {
        const r = getRoute(decoded.toLowerCase());
        if (!r || (site && r.siteId !== site.id)) throw notFound('No route has that ID.');
        return [reach(ctx.auth, getSite(r.siteId), 'route'), r];
      }
      const pathname = decoded.startsWith('/') ? decoded : '/' + decoded;
      const r = routesOf(site.id).find((x) => x.pathname === pathname);
      if (!r) throw notFound('The site has no route with that pathname.');
      return [site, r];
    };
  }
  function getRouteOp(ctx) {
    const ck = new Checker();
    const find = locateRoute(ctx, ck);
    fail(ck);
    const [site, r] = find();
    return [200, routeOut(r), { etag: `"${kv.rev(`route:${site.id}:${r.id}`)}"` }];
  }
  function updateRoute(ctx) {
    const ck = new Checker();
    const skip = skipFlag(ctx, new Checker());
    let pathname;
    if ('pathname' in ctx.body) {
      const n = normRoutePath(ctx.body.pathname, skip);
      if (n.error) ck.bad('body', 'pathname', n.error);
      else pathname = n.value;
    }
    reserved(ck, ctx.body);
    skipFlag(ctx, ck);
    const find = locateRoute(ctx, ck);
    fail(ck);
    const [site, r] = find();
    const key = `route:${site.id}:${r.id}`;
    const rev = kv.rev(key);
    ifMatch(ctx, rev);
    if (pathname !== undefined && pathname !== r.pathname) {
      if (!skip && (pagesOf(site.id).some((p) => p.pathname === pathname) || routesOf(site.id).some((x) => x.id !== r.id && x.pathname === pathname)))
        throw conflict(`A page or route with the pathname ${pathname} already exists.`);
      r.pathname = pathname;
    }
    r.updatedMs = nowMs();
    const nrev = putRoute(r, rev);
    return [200, routeOut(r), { etag: `"${nrev}"` }];
  }
  function deleteRoute(ctx) {
    const ck = new Checker();
    const find = locateRoute(ctx, ck);
    fail(ck);
    const [site, r] = find();
    ifMatch(ctx, kv.rev(`route:${site.id}:${r.id}`));
    kv.del(`route:${site.id}:${r.id}`);
    kv.del(`routeid:${r.id}`);
    return [204];
  }

  // ---------------------------------------------------------------- the router
  // [pattern segments, {METHOD: [opName, handler]}]; ":x" captures one segment, "*rest" the remainder.
  const ROUTES = [
    [['v2', 'sites'], { GET: ['listSites', listSites], POST: ['createSite', createSite] }],
    [['v2', 'sites', ':siteId'], { GET: ['getSite', getSiteOp], PATCH: ['updateSite', updateSite], DELETE: ['deleteSite', deleteSite] }],
    [['v2', 'sites', ':siteId', 'duplicate'], { POST: ['duplicateSite', duplicateSite] }],
    [['v2', 'sites', ':siteId', 'pages'], { GET: ['sitePages', (c) => listPagesOp(c, true)] }],
    [['v2', 'locales'], { GET: ['listLocales', listLocales], POST: ['createLocale', createLocale] }],
    [['v2', 'locales', ':localeIdOrCode'], { GET: ['getLocale', getLocale], PATCH: ['updateLocale', updateLocale], DELETE: ['deleteLocale', deleteLocale] }],
    [['v2', 'locales', ':localeIdOrCode', 'restore'], { POST: ['restoreLocale', restoreLocale] }],
    [['v6', 'pages'], { GET: ['listPages', (c) => listPagesOp(c, false)], POST: ['createPage', createPage] }],
    [['v6', 'pages', '*rest'], { GET: ['getPage', getPageOp], PATCH: ['updatePage', updatePage], DELETE: ['deletePage', deletePage] }],
    [['v2', 'routes'], { GET: ['listRoutes', listRoutes], POST: ['createRoute', createRoute] }],
    [['v2', 'routes', '*rest'], { GET: ['getRoute', getRouteOp], PATCH: ['updateRoute', updateRoute], DELETE: ['deleteRoute', deleteRoute] }],
  ];
  function match(path) {
    // pathname routes keep everything after "/v6/pages/" or "/v2/routes/" (an empty rest names the root "/")
    for (const [prefix, idx] of [
      ['/v6/pages/', 8],
      ['/v2/routes/', 10],
    ]) {
      if (path.startsWith(prefix)) return { route: ROUTES[idx], params: { rest: path.slice(prefix.length) } };
    }
    let p = path;
    if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1); // one trailing slash is forgiven
    const segs = p.split('/').slice(1);
    outer: for (const route of ROUTES) {
      const pat = route[0];
      if (pat[pat.length - 1].startsWith('*') || pat.length !== segs.length) continue;
      const params = {};
      for (let i = 0; i < pat.length; i++) {
        let s;
        try {
          s = decodeURIComponent(segs[i]);
        } catch {
          return null;
        }
        if (pat[i].startsWith(':')) {
          if (s === '') continue outer;
          params[pat[i].slice(1)] = s;
        } else if (s !== pat[i]) continue outer;
      }
      return { route, params };
    }
    return null;
  }

  function parseQuery(search) {
    const m = new Map();
    if (!search) return m;
    for (const part of search.split('&')) {
      if (part === '') continue;
      const i = part.indexOf('=');
      const rn = i < 0 ? part : part.slice(0, i);
      const rv = i < 0 ? '' : part.slice(i + 1);
      let name;
      try {
        name = decodeURIComponent(rn.replace(/\+/g, ' '));
      } catch {
        continue; // an undecodable parameter name names nothing we read
      }
      let value;
      let bad = false;
      try {
        value = decodeURIComponent(rv.replace(/\+/g, ' '));
      } catch {
        bad = true;
      }
      if (!m.has(name)) m.set(name, []);
      m.get(name).push({ value, bad });
    }
    return m;
  }

  /** The body parser (mounted BEFORE authentication, like a framework's JSON middleware). */
  function parseBody(req, buf) {
    const text = buf.toString('utf8');
    if (text.trim() === '') return {};
    const ct = req.headers['content-type'];
    if (ct !== undefined) {
      const [type, ...params] = ct.split(';').map((x) => x.trim().toLowerCase());
      if (!/^application\/(json|[a-z0-9.+-]+\+json)$/.test(type)) throw badField('content-type', 'must be application/json');
      for (const prm of params) {
        const [k, v] = prm.split('=').map((x) => x && x.trim().replace(/^"|"$/g, ''));
        if (k === 'charset' && v !== 'utf-8' && v !== 'utf8') throw badField('content-type', 'charset must be utf-8');
      }
    }
    let body;
    try {
      body = JSON.parse(text);
    } catch (e) {
      throw badField('body', `is not valid JSON (${e.message})`);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badField('body', 'must be a JSON object');
    return body;
  }

  async function handle(req, res, buf, tooLarge) {
    let method = req.method;
    const over = req.headers['x-http-method-override'];
    if (method === 'POST' && typeof over === 'string' && ['PATCH', 'DELETE'].includes(over.trim().toUpperCase())) method = over.trim().toUpperCase();
    const head = method === 'HEAD';
    if (head) method = 'GET';
    try {
      let body = {};
      if (method === 'POST' || method === 'PATCH') {
        if (tooLarge) throw badField('body', `must be at most ${MAX_BODY} bytes`);
        body = parseBody(req, buf);
      }
      const auth = authenticate(req);
      const url = req.url || '/';
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      const m = path.startsWith('/') ? match(path) : null;
      if (!m) throw notFound(`No resource lives at ${path}.`);
      const entry = m.route[1][method];
      if (!entry) throw notFound(`${method} is not served at ${path}.`);
      const [op, fn] = entry;
      kindAllows(auth, op);
      const ctx = { req, auth, op, params: m.params, query: parseQuery(q < 0 ? '' : url.slice(q + 1)), body };
      const [status, payload, headers = {}] = fn(ctx);
      send(res, status, payload, headers, head);
    } catch (e) {
      if (e instanceof HttpError) {
        const out = { object: 'error', code: e.code, message: e.message };
        if (e.status === 400) out.details = e.details;
        send(res, e.status, out, {}, head);
      } else if (e instanceof Conflict) {
        send(res, 409, { object: 'error', code: 'conflict', message: 'The document changed while it was being written; retry.' }, {}, head);
      } else {
        log(`unexpected: ${e && e.stack}`);
        send(res, 400, { object: 'error', code: 'bad_request', message: 'The request could not be processed.', details: [{ field: 'request', message: 'could not be processed' }] }, {}, head);
      }
    }
  }

  return { handle, announce };
}

function send(res, status, payload, headers = {}, head = false) {
  if (res.headersSent) return;
  if (status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(canon(payload));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(head ? undefined : text);
}

export async function startServer({ port = 0, log = (m) => process.stderr.write(m + '\n') } = {}) {
  const app = createApp({ log });
  const server = http.createServer((req, res) => {
    const declared = Number(req.headers['content-length'] || 0);
    if (declared > HARD_MAX_BODY) {
      res.setHeader('connection', 'close');
      send(res, 400, { object: 'error', code: 'bad_request', message: 'Request rejected: body too large', details: [{ field: 'body', message: `must be at most ${MAX_BODY} bytes` }] });
      req.destroy();
      return;
    }
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > HARD_MAX_BODY) {
        res.setHeader('connection', 'close');
        send(res, 400, { object: 'error', code: 'bad_request', message: 'Request rejected: body too large', details: [{ field: 'body', message: `must be at most ${MAX_BODY} bytes` }] });
        req.destroy();
        return;
      }
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () => {
      Promise.resolve(app.handle(req, res, Buffer.concat(chunks), tooLarge)).catch((e) => log(String(e && e.stack)));
    });
    req.on('error', () => {});
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify({ code: 'bad_request', details: [{ field: 'request', message: 'is not a well-formed HTTP request' }], message: 'Request rejected: malformed HTTP', object: 'error' });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    ...app.announce,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT || 0);
  const s = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = async () => {
    await s.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
