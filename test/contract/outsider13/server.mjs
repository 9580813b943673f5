// outsider13 — a thirteenth independent deployment of the Site-Building Service REST API, written only
// from the specification and the published OpenAPI. Built like an event-sourced service: every write is
// a command that appends events to a log with a global sequence; every read is a query served from the
// projections (see store.mjs). Plain Node ESM, node: built-ins only, in-memory state.
//   node server.mjs --port 0
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Store, iso, newAppKey, newUuid, sequenceOfId } from './store.mjs';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BODY_LIMIT = 200_000;
const LOCALE_QUOTA = 36;

class HttpError extends Error {
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
const badState = (field, m) => new HttpError(400, 'bad_request', m, [{ field, message: m }]);

// ---------------------------------------------------------------- value grammars
function normLocaleCode(v) {
  if (typeof v !== 'string') return null;
  const m = /^([a-zA-Z]{2})(?:[-_]([a-zA-Z]{2}))?$/.exec(v);
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}

function checkHostOrigin(v) {
  if (typeof v !== 'string') return { error: 'must be a string (uri)' };
  if (v.length > 300) return { error: 'must be at most 300 characters' };
  if (!/^[\x21-\x7e]+$/.test(v)) return { error: 'must be an absolute http(s) URI of printable ASCII characters' };
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]+)([^?#]*)$/.exec(v);
  if (!m) return { error: 'must be an absolute http(s) URI without query or fragment' };
  let u;
  try {
    u = new URL(v);
  } catch {
    return { error: 'must be a valid URI' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { error: 'must use the http or https scheme' };
  if (u.username || u.password) return { error: 'must not carry credentials' };
  if (!u.hostname) return { error: 'must name a host' };
  return { value: `${m[1].toLowerCase()}://${m[2].toLowerCase()}${m[3]}` };
}

function checkDomain(v) {
  if (typeof v !== 'string') return { error: 'must be a string (uri)' };
  if (v.length > 200) return { error: 'must be at most 200 characters' };
  if (!/^[\x21-\x7e]+$/.test(v)) return { error: 'must be an absolute http(s) URI of printable ASCII characters' };
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(v)) return { error: 'must include the protocol (http:// or https://)' };
  let u;
  try {
    u = new URL(v);
  } catch {
    return { error: 'must be a valid URI' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { error: 'must use the http or https scheme' };
  if (u.username || u.password) return { error: 'must not carry credentials' };
  if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || /[?#]/.test(v)) return { error: 'must be an origin (no path, query or fragment)' };
  return { value: u.origin };
}

function normPagePathname(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (!v.startsWith('/')) return { error: "must begin with '/'" };
  let p = v.normalize('NFC').toLowerCase();
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (p === '/') return { value: p };
  if (p.length > 200) return { error: 'must be at most 200 characters' };
  const segs = p.slice(1).split('/');
  if (segs.length > 8) return { error: 'must have at most 8 segments' };
  for (const s of segs) {
    if (s === '') return { error: "must not contain '//'" };
    if (s === '.' || s === '..') return { error: "must not contain '.' or '..' segments" };
    if (!/^[\p{L}\p{N}_.-]+$/u.test(s)) return { error: 'segments may hold letters, digits, "-", "_" and "." only' };
  }
  return { value: p };
}

function checkRoutePathname(v, skip) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (!v.startsWith('/')) return { error: "must begin with '/'" };
  if (skip) {
    if (v.length > 2048) return { error: 'must be at most 2048 characters' };
    if (/[\s\p{Cc}]/u.test(v)) return { error: 'must not contain whitespace or control characters' };
    return { value: v };
  }
  if (v === '/') return { value: v };
  if (v.length > 240) return { error: 'must be at most 240 characters' };
  if (v.endsWith('/')) return { error: "must not end with '/'" };
  for (const s of v.slice(1).split('/')) {
    if (s === '') return { error: "must not contain '//'" };
    if (s === '.' || s === '..') return { error: "must not contain '.' or '..' segments" };
    if (!(/^[A-Za-z0-9._~-]+$/.test(s) || /^:[A-Za-z_][A-Za-z0-9_]*$/.test(s) || s === '*' || s === '**'))
      return { error: `segment '${s}' is neither a literal, a ':name' parameter, '*' nor '**'` };
  }
  return { value: v };
}

function checkSiteName(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  const t = v.trim();
  if (t.length < 1) return { error: 'must not be empty' };
  if (t.length > 90) return { error: 'must be at most 90 characters' };
  if (/\p{Cc}/u.test(t)) return { error: 'must not contain control characters' };
  if (!/[\p{L}\p{N}]/u.test(t)) return { error: 'must contain at least one letter or digit' };
  return { value: t };
}

function checkPageName(v) {
  if (typeof v !== 'string') return { error: 'must be a string' };
  if (v.length < 1) return { error: 'must have a minimum length of 1' };
  if (v.length > 140) return { error: 'must be at most 140 characters' };
  if (/\p{Cc}/u.test(v)) return { error: 'must not contain control characters' };
  return { value: v };
}

// ---------------------------------------------------------------- schema-first validation layer
// A command/query schema is a list of [name, spec]; spec: {required, check(v) -> {value}|{error}}.
// Every violation is collected (one detail per field: its first problem).
function validateObject(obj, schema, { opName, strict = true, errors }) {
  const out = {};
  const known = new Set(schema.map(([n]) => n));
  for (const [name, spec] of schema) {
    if (!(name in obj) || obj[name] === undefined) {
      if (spec.required) errors.push({ field: name, message: 'is required' });
      continue;
    }
    if (spec.refuse) {
      errors.push({ field: name, message: spec.refuse });
      continue;
    }
    const r = spec.check(obj[name]);
    if (r.error) errors.push({ field: name, message: r.error });
    else out[name] = r.value;
  }
  if (strict)
    for (const k of Object.keys(obj).sort())
      if (!known.has(k)) errors.push({ field: k, message: `is not part of the ${opName} command schema` });
  return out;
}

const uuidCheck = (v) => (typeof v === 'string' && UUID_RE.test(v) ? { value: v.toLowerCase() } : { error: 'must be a UUID' });
const localeCheck = (v) => {
  if (typeof v !== 'string') return { error: 'must be a string' };
  const c = normLocaleCode(v);
  return c ? { value: c } : { error: 'must be a locale code: a two-letter language, optionally "-" and a two-letter region' };
};
const boolCheck = (v) => (typeof v === 'boolean' ? { value: v } : { error: 'must be a boolean' });

// ---------------------------------------------------------------- query string
function parseQuery(raw) {
  const params = new Map();
  const undecodable = new Set();
  if (!raw) return { params, undecodable };
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    const rk = i < 0 ? part : part.slice(0, i);
    const rv = i < 0 ? '' : part.slice(i + 1);
    let k;
    let v;
    try {
      k = decodeURIComponent(rk.replace(/\+/g, ' '));
    } catch {
      continue; // an undecodable name names nothing this service reads
    }
    try {
      v = decodeURIComponent(rv.replace(/\+/g, ' '));
    } catch {
      undecodable.add(k);
      v = rv;
    }
    if (!params.has(k)) params.set(k, []);
    params.get(k).push(v);
  }
  return { params, undecodable };
}

const limitCheck = (v) => {
  if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(v)) return { error: 'must be a number (JSON number syntax)' };
  const n = Number(v);
  if (!Number.isInteger(n)) return { error: 'must be a whole number' };
  if (n < 1 || n > 100) return { error: 'must be between 1 and 100' };
  return { value: n };
};
const enumCheck = (vals) => (v) => (vals.includes(v) ? { value: v } : { error: `must be one of ${vals.join(', ')}` });
const prefixCheck = (v) => (v.startsWith('/') ? { value: v } : { error: "must begin with '/'" });
const qUuid = (v) => (UUID_RE.test(v) ? { value: v.toLowerCase() } : { error: 'must be a UUID' });
const qString = (v) => ({ value: v });

// Validates the query of an operation. Queries ignore unknown parameters; commands refuse them.
function validateQuery(q, schema, { command, errors, opName }) {
  const out = {};
  const known = new Map(schema);
  for (const [name, spec] of schema) {
    const vals = q.params.get(name);
    if (q.undecodable.has(name)) {
      errors.push({ field: name, message: 'has undecodable percent-encoding' });
      continue;
    }
    if (!vals) {
      if (spec.required) errors.push({ field: name, message: 'is required' });
      continue;
    }
    if (spec.refuse) {
      errors.push({ field: name, message: spec.refuse });
      continue;
    }
    if (vals.length > 1 && !spec.many) {
      errors.push({ field: name, message: 'must be given only once' });
      continue;
    }
    if (vals.some((v) => v === '')) {
      if (spec.emptyIsAbsent && vals.length === 1) {
        if (spec.required) errors.push({ field: name, message: 'is required' });
        continue;
      }
      errors.push({ field: name, message: 'must not be empty' });
      continue;
    }
    const res = vals.map((v) => spec.check(v));
    const bad = res.find((r) => r.error);
    if (bad) errors.push({ field: name, message: bad.error });
    else out[name] = spec.many ? res.map((r) => r.value) : res[0].value;
  }
  if (command)
    for (const k of [...q.params.keys()].sort())
      if (!known.has(k)) errors.push({ field: k, message: `is not a parameter of the ${opName} command` });
  return out;
}

// ---------------------------------------------------------------- views
function siteView(st, s) {
  const def = st.defaultLocaleOf(s.id);
  return {
    object: 'site',
    id: s.id,
    name: s.name,
    hostOrigin: s.hostOrigin,
    publicApiKey: s.publicApiKey,
    defaultLocale: def ? def.code : 'en-US',
    defaultLocalePathPrefix: null,
    localeManagementMode: s.localeManagementMode,
  };
}
function localeView(l) {
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: l.isDefault };
}
function routeView(r) {
  return { object: 'route', id: r.id, pathname: r.pathname };
}
function pageView(st, p, { version = 'draft', locale = null } = {}) {
  const src = version === 'live' && p.live ? p.live : p.draft;
  const def = st.defaultLocaleOf(p.siteId);
  let pathname = src.pathname;
  let title = src.title;
  let description = src.description;
  let code = def ? def.code : 'en-US';
  const active = st.localizationsOf(p.id).filter((z) => {
    const l = st.locales.get(z.localeId);
    return l && !l.deleted && !l.isDefault;
  });
  if (locale && !locale.isDefault) {
    const z = active.find((x) => x.localeId === locale.id);
    if (z) {
      pathname = z.pathname;
      if (z.title != null) title = z.title;
      if (z.description != null) description = z.description;
      code = locale.code;
    }
  }
  return {
    object: 'page',
    id: p.id,
    pathname,
    canonicalUrl: src.canonicalUrl,
    title,
    description,
    socialImageUrl: src.socialImageUrl,
    sitemapPriority: src.sitemapPriority,
    sitemapFrequency: src.sitemapFrequency,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    publishedAt: iso(p.publishedAt),
    isOnline: src.isOnline,
    excludedFromSearchEngines: src.excludedFromSearchEngines,
    locale: code,
    localizations: active.map((z) => ({ id: z.id, locale: st.locales.get(z.localeId).code, pathname: z.pathname })),
  };
}

// ---------------------------------------------------------------- ordering
function fold(s) {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
function cmpStr(a, b) {
  const fa = fold(a);
  const fb = fold(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  if (a !== b) return a < b ? -1 : 1;
  return 0;
}
function localeOrder(a, b) {
  const la = a.code.split('-')[0];
  const lb = b.code.split('-')[0];
  if (la !== lb) return la < lb ? -1 : 1;
  if (a.isDefault !== b.isDefault) return a.isDefault ? -1 : 1;
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return a.createdSeq - b.createdSeq;
}
function pageKey(view, sortBy) {
  switch (sortBy) {
    case 'title':
      return view.title ?? view.description ?? null;
    case 'description':
      return view.description ?? view.title ?? null;
    case 'createdAt':
      return view._createdAt;
    case 'updatedAt':
      return view._updatedAt;
    default:
      return view.pathname;
  }
}
function pageComparator(sortBy, dir) {
  const sign = dir === 'desc' ? -1 : 1;
  return (a, b) => {
    const ka = pageKey(a.view, sortBy);
    const kb = pageKey(b.view, sortBy);
    let c = 0;
    if (ka === null && kb !== null) c = -1;
    else if (ka !== null && kb === null) c = 1;
    else if (ka !== null && kb !== null) c = typeof ka === 'number' ? Math.sign(ka - kb) : cmpStr(ka, kb);
    if (c !== 0) return c * sign;
    if (a.page.lastSeq !== b.page.lastSeq) return b.page.lastSeq - a.page.lastSeq; // most recently written first
    return a.page.id < b.page.id ? -1 : a.page.id > b.page.id ? 1 : 0;
  };
}

function paginate(sorted, cmp, cursorItem, limit) {
  const rest = cursorItem ? sorted.filter((x) => cmp(x, cursorItem) > 0) : sorted;
  return { data: rest.slice(0, limit), hasMore: rest.length > limit };
}

// ---------------------------------------------------------------- the application
export function createApp() {
  const st = new Store();
  const app = { st };

  // ---- seed
  function seed() {
    const out = {};
    const ws = (name) =>
      st.command((emit) => {
        const workspaceId = newUuid();
        const appKey = newAppKey();
        emit('WorkspaceOpened', { workspaceId, name, appKey });
        return { workspaceId, appKey };
      }).result;
    const w1 = ws('Saltmarsh Foundry');
    const w2 = ws('Fennel Works');
    out.workspaceId = w1.workspaceId;
    out.apiKey = w1.appKey;
    out.otherApiKey = w2.appKey;

    const mkSite = (workspaceId, name, code, hostOrigin, extra) =>
      st.command((emit, at) => {
        const siteId = st.nextId(at);
        emit('SiteCreated', { siteId, workspaceId, name, hostOrigin, publicApiKey: newUuid(), siteKey: newUuid(), localeManagementMode: 'internal' });
        const localeId = st.nextId(at);
        emit('LocaleAdded', { localeId, siteId, code, isDefault: true });
        const locales = { [code]: localeId };
        for (const [c, domain, deleted] of extra) {
          const id = st.nextId(at);
          emit('LocaleAdded', { localeId: id, siteId, code: c, domain, deleted });
          locales[c] = id;
        }
        return { siteId, locales };
      }).result;
    const mkPage = (siteId, pathname, { title = null, description = null, online = true, once = false, loc = {} } = {}) =>
      st.command((emit, at) => {
        const pageId = st.nextId(at);
        const draft = {
          pathname,
          canonicalUrl: null,
          title,
          description,
          socialImageUrl: null,
          sitemapPriority: 0.75,
          sitemapFrequency: null,
          excludedFromSearchEngines: null,
          isOnline: false,
        };
        emit('PageCreated', { pageId, siteId, name: title || pathname, draft });
        if (online || once) emit('PagePublished', { pageId });
        if (once) emit('PageUnpublished', { pageId });
        for (const [localeId, p, t] of Object.entries(loc).map(([k, v]) => [k, ...v])) {
          emit('LocalizationAdded', { id: st.nextId(at), pageId, localeId, pathname: p, title: t });
        }
        return pageId;
      }).result;
    const mkRoute = (siteId, pathname) => st.command((emit, at) => emit('RouteCreated', { routeId: st.nextId(at), siteId, pathname }));

    const a = mkSite(w1.workspaceId, 'Saltmarsh Ledger', 'en-US', 'https://ledger.saltmarsh.example', [
      ['fr-FR', 'https://fr.saltmarsh.example', false],
      ['es-ES', null, false],
      ['pt-BR', null, true],
    ]);
    mkPage(a.siteId, '/', { title: 'Ledger', loc: { [a.locales['fr-FR']]: ['/', 'Registre'] } });
    mkPage(a.siteId, '/journal', {
      title: 'Journal',
      description: 'Notes from the tide line',
      loc: { [a.locales['fr-FR']]: ['/carnet', 'Carnet'], [a.locales['es-ES']]: ['/diario'], [a.locales['pt-BR']]: ['/diario-pt'] },
    });
    mkPage(a.siteId, '/journal/first-tide', { title: 'First tide', loc: { [a.locales['fr-FR']]: ['/carnet/premiere-maree'] } });
    mkPage(a.siteId, '/about', { title: null, description: 'Who keeps the ledger' });
    mkPage(a.siteId, '/drafts/storm', { title: 'Storm', online: false });
    mkPage(a.siteId, '/archive', { title: 'Archive', online: false, once: true });
    mkRoute(a.siteId, '/feeds/:format');
    mkRoute(a.siteId, '/files/**');

    const b = mkSite(w1.workspaceId, 'Saltmarsh Market', 'de-DE', null, [['en-GB', 'https://market.saltmarsh.example', false]]);
    mkPage(b.siteId, '/', { title: 'Markt' });
    mkPage(b.siteId, '/laden', { title: 'Laden', loc: { [b.locales['en-GB']]: ['/shop', 'Shop'] } });
    mkPage(b.siteId, '/korb', { title: 'Korb', online: false });
    mkRoute(b.siteId, '/kasse/:schritt');
    out.siteApiKey = st.sites.get(b.siteId).siteKey;

    const c = mkSite(w2.workspaceId, 'Fennel Home', 'it-IT', 'https://fennel.example', [['en-US', null, false]]);
    mkPage(c.siteId, '/', { title: 'Casa' });
    mkPage(c.siteId, '/chi-siamo', { title: 'Chi siamo', loc: { [c.locales['en-US']]: ['/about', 'About'] } });
    mkRoute(c.siteId, '/status');
    return out;
  }
  app.seed = seed();

  // ---- resolution helpers
  function reach(principal, site) {
    if (principal.kind === 'app') return site.workspaceId === principal.workspaceId;
    return site.id === principal.siteId;
  }
  function liveSite(siteId) {
    const s = st.sites.get(siteId);
    return s && !s.deleted ? s : null;
  }
  function siteFor(principal, siteId) {
    const s = liveSite(siteId);
    if (!s) throw notFound(`No site ${siteId}.`);
    if (!reach(principal, s)) throw forbidden('This API key has no access to that site.');
    return s;
  }
  function resolveLocale(principal, idOrCode, siteId, { forRestore = false, forDelete = false } = {}) {
    if (UUID_RE.test(idOrCode)) {
      const l = st.locales.get(idOrCode.toLowerCase());
      const site = l && liveSite(l.siteId);
      if (!l || !site || (l.deleted && !forRestore && !forDelete)) throw notFound(`No locale ${idOrCode}.`);
      if (siteId && l.siteId !== siteId) throw notFound(`No locale ${idOrCode} in site ${siteId}.`);
      if (!reach(principal, site)) throw forbidden('This API key has no access to that locale.');
      return l;
    }
    const code = normLocaleCode(idOrCode);
    const site = siteFor(principal, siteId);
    if (!code) throw notFound(`No locale '${idOrCode}' in site ${site.id}.`);
    const all = st.localesOf(site.id, { withDeleted: true }).filter((l) => l.code === code);
    const active = all.find((l) => !l.deleted);
    if (forRestore) {
      const deleted = all.filter((l) => l.deleted).sort((x, y) => y.deletedSeq - x.deletedSeq)[0];
      if (deleted) return deleted;
      if (active) return active;
    } else if (active) return active;
    else if (forDelete && all.length) return all.sort((x, y) => y.deletedSeq - x.deletedSeq)[0];
    throw notFound(`No locale '${code}' in site ${site.id}.`);
  }
  function resolvePage(principal, ref, siteId, version = 'draft') {
    if (ref.id) {
      const p = st.pages.get(ref.id);
      const site = p && liveSite(p.siteId);
      if (!p || p.deleted || !site) throw notFound(`No page ${ref.id}.`);
      if (siteId && p.siteId !== siteId) throw notFound(`No page ${ref.id} in site ${siteId}.`);
      if (!reach(principal, site)) throw forbidden('This API key has no access to that page.');
      if (version === 'live' && !p.live) throw notFound(`Page ${ref.id} has no live version.`);
      return p;
    }
    const site = siteFor(principal, siteId);
    const n = normPagePathname(ref.pathname);
    if (n.error) throw notFound(`No page '${ref.pathname}' in site ${site.id}.`);
    const p = st.pagesOf(site.id).find((x) => (version === 'live' ? x.live && x.live.pathname === n.value : x.draft.pathname === n.value));
    if (!p) throw notFound(`No page '${n.value}' in site ${site.id}${version === 'live' ? ' (live version)' : ''}.`);
    return p;
  }
  function resolveRoute(principal, ref, siteId) {
    if (ref.id) {
      const r = st.routes.get(ref.id);
      const site = r && liveSite(r.siteId);
      if (!r || r.deleted || !site) throw notFound(`No route ${ref.id}.`);
      if (siteId && r.siteId !== siteId) throw notFound(`No route ${ref.id} in site ${siteId}.`);
      if (!reach(principal, site)) throw forbidden('This API key has no access to that route.');
      return r;
    }
    const site = siteFor(principal, siteId);
    const r = st.routesOf(site.id).find((x) => x.pathname === ref.pathname);
    if (!r) throw notFound(`No route '${ref.pathname}' in site ${site.id}.`);
    return r;
  }
  function resolveLocaleParam(site, v) {
    if (v === undefined) return null;
    let l;
    if (UUID_RE.test(v)) l = st.locales.get(v.toLowerCase());
    else {
      const code = normLocaleCode(v);
      l = st.localesOf(site.id).find((x) => x.code === code);
    }
    if (!l || l.deleted || l.siteId !== site.id) return undefined;
    return l;
  }
  function pathTaken(siteId, pathname, { exceptPage, exceptRoute } = {}) {
    if (st.pagesOf(siteId).some((p) => p.id !== exceptPage && p.draft.pathname === pathname)) return 'page';
    if (st.routesOf(siteId).some((r) => r.id !== exceptRoute && r.pathname === pathname)) return 'route';
    return null;
  }
  const denyKinds = (principal, kinds, what) => {
    if (kinds.includes(principal.kind)) throw forbidden(`A ${principal.kind === 'site' ? 'Site API key' : principal.kind === 'public' ? 'publishable key' : 'App API key'} may not ${what}.`);
  };

  // ---- operations: each returns [status, body]
  const ops = {};

  ops.createSite = (c) => {
    const e = [];
    const b = validateObject(c.body, [
      ['workspaceId', { required: true, check: uuidCheck }],
      ['name', { required: true, check: checkSiteName }],
      ['hostOrigin', { check: checkHostOrigin }],
      ['defaultLocale', { check: localeCheck }],
    ], { opName: 'CreateSite', errors: e });
    c.fail(e);
    denyKinds(c.principal, ['site', 'public'], 'create sites');
    if (b.workspaceId !== c.principal.workspaceId) throw forbidden('This API key has no access to that workspace.');
    const { result } = c.run((emit, at) => {
      const siteId = st.nextId(at);
      emit('SiteCreated', { siteId, workspaceId: b.workspaceId, name: b.name, hostOrigin: b.hostOrigin ?? null, publicApiKey: newUuid(), siteKey: newUuid(), localeManagementMode: 'internal' });
      emit('LocaleAdded', { localeId: st.nextId(at), siteId, code: b.defaultLocale ?? 'en-US', isDefault: true });
      return siteId;
    });
    return [201, siteView(st, st.sites.get(result))];
  };

  ops.listSites = (c) => {
    const e = [];
    const q = validateQuery(c.query, [
      ['workspaceId', { required: true, check: qUuid }],
      ['limit', { check: limitCheck }],
      ['startingAfter', { check: qUuid, emptyIsAbsent: true }],
    ], { errors: e });
    c.fail(e);
    denyKinds(c.principal, ['site', 'public'], 'list sites');
    if (q.workspaceId !== c.principal.workspaceId) throw forbidden('This API key has no access to that workspace.');
    const all = [...st.sites.values()].filter((s) => s.workspaceId === q.workspaceId);
    const cmp = (a, b) => a.lastSeq - b.lastSeq;
    let cursor = null;
    if (q.startingAfter) {
      cursor = all.find((s) => s.id === q.startingAfter);
      if (!cursor) throw badState('startingAfter', 'startingAfter does not name a site of this workspace.');
    }
    const sorted = all.filter((s) => !s.deleted).sort(cmp);
    const page = paginate(sorted, cmp, cursor, q.limit ?? 20);
    return [200, { object: 'list', data: page.data.map((s) => siteView(st, s)), hasMore: page.hasMore }];
  };

  const siteIdPath = (c, e) => {
    const r = uuidCheck(c.path.siteId);
    if (r.error) e.push({ field: 'siteId', message: r.error });
    return r.value;
  };

  ops.getSite = (c) => {
    const e = [];
    const id = siteIdPath(c, e);
    c.fail(e);
    const s = siteFor(c.principal, id);
    denyKinds(c.principal, ['public'], 'read sites');
    return [200, siteView(st, s)];
  };

  ops.updateSite = (c) => {
    const e = [];
    const b = validateObject(c.body, [
      ['name', { check: checkSiteName }],
      ['hostOrigin', { check: checkHostOrigin }],
      ['defaultLocale', { refuse: 'is not accepted in this body (rename the default locale instead)' }],
    ], { opName: 'UpdateSite', errors: e });
    const id = siteIdPath(c, e);
    c.fail(e);
    const s = siteFor(c.principal, id);
    denyKinds(c.principal, ['public'], 'update sites');
    const changes = {};
    if (b.name !== undefined && b.name !== s.name) changes.name = b.name;
    if (b.hostOrigin !== undefined && b.hostOrigin !== s.hostOrigin) changes.hostOrigin = b.hostOrigin;
    if (Object.keys(changes).length) c.run((emit) => emit('SiteChanged', { siteId: s.id, changes }));
    return [200, siteView(st, s)];
  };

  ops.deleteSite = (c) => {
    const e = [];
    const id = siteIdPath(c, e);
    c.fail(e);
    const s = siteFor(c.principal, id);
    denyKinds(c.principal, ['public'], 'delete sites');
    c.run((emit) => emit('SiteDeleted', { siteId: s.id }));
    return [204, null];
  };

  ops.duplicateSite = (c) => {
    const e = [];
    const b = validateObject(c.body, [['name', { required: true, check: checkSiteName }]], { opName: 'DuplicateSite', errors: e });
    const id = siteIdPath(c, e);
    c.fail(e);
    const src = siteFor(c.principal, id);
    denyKinds(c.principal, ['site', 'public'], 'duplicate sites');
    const { result } = c.run((emit, at) => {
      const siteId = st.nextId(at);
      emit('SiteCreated', { siteId, workspaceId: src.workspaceId, name: b.name, hostOrigin: src.hostOrigin, publicApiKey: newUuid(), siteKey: newUuid(), localeManagementMode: 'external' });
      const localeMap = new Map();
      for (const l of st.localesOf(src.id, { withDeleted: true }).sort((x, y) => x.createdSeq - y.createdSeq)) {
        const nid = st.nextId(at);
        localeMap.set(l.id, nid);
        emit('LocaleAdded', { localeId: nid, siteId, code: l.code, domain: l.domain, isDefault: l.isDefault, deleted: l.deleted });
      }
      for (const p of st.pagesOf(src.id).sort((x, y) => x.createdSeq - y.createdSeq)) {
        const pid = st.nextId(at);
        emit('PageCreated', { pageId: pid, siteId, name: p.name, draft: p.draft, live: p.live, publishedAt: p.publishedAt });
        for (const z of st.localizationsOf(p.id)) {
          if (!localeMap.has(z.localeId)) continue;
          emit('LocalizationAdded', { id: st.nextId(at), pageId: pid, localeId: localeMap.get(z.localeId), pathname: z.pathname, title: z.title, description: z.description });
        }
      }
      for (const r of st.routesOf(src.id).sort((x, y) => x.createdSeq - y.createdSeq)) emit('RouteCreated', { routeId: st.nextId(at), siteId, pathname: r.pathname });
      return siteId;
    });
    return [201, siteView(st, st.sites.get(result))];
  };

  // ---- locales
  ops.createLocale = (c) => {
    const e = [];
    const b = validateObject(c.body, [
      ['siteId', { required: true, check: uuidCheck }],
      ['locale', { required: true, check: localeCheck }],
      ['domain', { check: checkDomain }],
    ], { opName: 'CreateLocale', errors: e });
    c.fail(e);
    const site = siteFor(c.principal, b.siteId);
    denyKinds(c.principal, ['public'], 'write locales');
    const all = st.localesOf(site.id, { withDeleted: true });
    if (all.filter((l) => !l.deleted).length >= LOCALE_QUOTA) throw badState('locale', `A site may have at most ${LOCALE_QUOTA} active locales.`);
    const same = all.find((l) => l.code === b.locale);
    if (same && !same.deleted) throw conflict(`Locale '${b.locale}' already exists in this site.`);
    if (same) throw conflict(`Locale '${b.locale}' exists in this site as a deleted locale: restore it instead.`);
    if (b.domain && all.some((l) => !l.deleted && l.domain === b.domain)) throw conflict(`Domain ${b.domain} is already used by a locale of this site.`);
    const { result } = c.run((emit, at) => {
      const localeId = st.nextId(at);
      emit('LocaleAdded', { localeId, siteId: site.id, code: b.locale, domain: b.domain ?? null });
      return localeId;
    });
    return [201, localeView(st.locales.get(result))];
  };

  ops.listLocales = (c) => {
    const e = [];
    const q = validateQuery(c.query, [
      ['siteId', { required: true, check: qUuid }],
      ['limit', { check: limitCheck }],
      ['startingAfter', { check: qUuid, emptyIsAbsent: true }],
    ], { errors: e });
    c.fail(e);
    const site = siteFor(c.principal, q.siteId);
    denyKinds(c.principal, ['public'], 'read locales');
    const all = st.localesOf(site.id, { withDeleted: true });
    let cursor = null;
    if (q.startingAfter) {
      cursor = all.find((l) => l.id === q.startingAfter);
      if (!cursor) throw badState('startingAfter', 'startingAfter does not name a locale of this site.');
    }
    const page = paginate(all.filter((l) => !l.deleted).sort(localeOrder), localeOrder, cursor, q.limit ?? 20);
    return [200, { object: 'list', data: page.data.map(localeView), hasMore: page.hasMore }];
  };

  const localeQuery = (c, e) =>
    validateQuery(c.query, [['siteId', { check: qUuid }]], { errors: e });
  const needSiteForCode = (c, e, q) => {
    if (!UUID_RE.test(c.path.ref) && !q.siteId && !e.some((x) => x.field === 'siteId'))
      e.push({ field: 'siteId', message: 'is required when a locale code (not an ID) is used' });
  };

  ops.getLocale = (c) => {
    const e = [];
    const q = localeQuery(c, e);
    needSiteForCode(c, e, q);
    c.fail(e);
    const l = resolveLocale(c.principal, c.path.ref, q.siteId);
    denyKinds(c.principal, ['public'], 'read locales');
    return [200, localeView(l)];
  };

  ops.updateLocale = (c) => {
    const e = [];
    const b = validateObject(c.body, [
      ['locale', { check: localeCheck }],
      ['domain', { check: (v) => (v === null ? { value: null } : checkDomain(v)) }],
    ], { opName: 'UpdateLocale', errors: e });
    const q = localeQuery(c, e);
    needSiteForCode(c, e, q);
    c.fail(e);
    const l = resolveLocale(c.principal, c.path.ref, q.siteId);
    denyKinds(c.principal, ['public'], 'write locales');
    const all = st.localesOf(l.siteId, { withDeleted: true }).filter((x) => x.id !== l.id);
    const changes = {};
    if (b.locale !== undefined && b.locale !== l.code) {
      const other = all.find((x) => x.code === b.locale);
      if (other) throw conflict(other.deleted ? `Locale '${b.locale}' exists in this site as a deleted locale.` : `Locale '${b.locale}' already exists in this site.`);
      changes.code = b.locale;
    }
    if (b.domain !== undefined && b.domain !== l.domain) {
      if (b.domain !== null && all.some((x) => !x.deleted && x.domain === b.domain)) throw conflict(`Domain ${b.domain} is already used by a locale of this site.`);
      changes.domain = b.domain;
    }
    if (Object.keys(changes).length) c.run((emit) => emit('LocaleChanged', { localeId: l.id, changes }));
    return [200, localeView(l)];
  };

  ops.deleteLocale = (c) => {
    const e = [];
    const q = localeQuery(c, e);
    needSiteForCode(c, e, q);
    c.fail(e);
    const l = resolveLocale(c.principal, c.path.ref, q.siteId, { forDelete: true });
    denyKinds(c.principal, ['public'], 'write locales');
    if (l.isDefault) throw badState('localeIdOrCode', 'The default locale of a site cannot be deleted.');
    if (!l.deleted) c.run((emit) => emit('LocaleRemoved', { localeId: l.id }));
    return [204, null];
  };

  ops.restoreLocale = (c) => {
    const e = [];
    const q = localeQuery(c, e);
    needSiteForCode(c, e, q);
    c.fail(e);
    const l = resolveLocale(c.principal, c.path.ref, q.siteId, { forRestore: true });
    denyKinds(c.principal, ['public'], 'write locales');
    if (l.deleted) {
      const others = st.localesOf(l.siteId).filter((x) => x.id !== l.id);
      if (others.some((x) => x.code === l.code)) throw conflict(`Another active locale of this site has the code '${l.code}'.`);
      if (l.domain && others.some((x) => x.domain === l.domain)) throw conflict(`Domain ${l.domain} is now used by another locale of this site.`);
      if (others.length >= LOCALE_QUOTA) throw badState('localeIdOrCode', `A site may have at most ${LOCALE_QUOTA} active locales.`);
      c.run((emit) => emit('LocaleRestored', { localeId: l.id }));
    }
    return [200, localeView(l)];
  };

  // ---- pages
  const newDraft = (pathname) => ({
    pathname,
    canonicalUrl: null,
    title: null,
    description: null,
    socialImageUrl: null,
    sitemapPriority: 0.75,
    sitemapFrequency: null,
    excludedFromSearchEngines: null,
    isOnline: false,
  });

  ops.createPage = (c) => {
    const e = [];
    const b = validateObject(c.body, [
      ['siteId', { required: true, check: uuidCheck }],
      ['pathname', { required: true, check: normPagePathname }],
      ['name', { required: true, check: checkPageName }],
    ], { opName: 'CreatePage', errors: e });
    c.fail(e);
    const site = siteFor(c.principal, b.siteId);
    denyKinds(c.principal, ['public'], 'write pages');
    const taken = pathTaken(site.id, b.pathname);
    if (taken) throw conflict(`A ${taken} with the pathname '${b.pathname}' already exists in this site.`);
    const { result } = c.run((emit, at) => {
      const pageId = st.nextId(at);
      emit('PageCreated', { pageId, siteId: site.id, name: b.name, draft: newDraft(b.pathname) });
      return pageId;
    });
    return [201, pageView(st, st.pages.get(result))];
  };

  const LIST_PAGE_PARAMS = (alias) => [
    ['siteId', alias ? { check: qString } : { required: true, check: qUuid }],
    ['limit', { check: limitCheck }],
    ['startingAfter', { check: qUuid, emptyIsAbsent: true }],
    ['pathPrefix', { check: prefixCheck, many: true }],
    ['sortBy', alias ? { refuse: 'is not supported here: this listing has a fixed order (creation)' } : { check: enumCheck(['title', 'path', 'description', 'updatedAt', 'createdAt']) }],
    ['sortDirection', alias ? { refuse: 'is not supported here: this listing has a fixed order (creation)' } : { check: enumCheck(['asc', 'desc']) }],
    ['includeOffline', { check: enumCheck(['true', 'false']) }],
    ['locale', { check: qString }],
    ['versionRef', { check: enumCheck(['ref:live', 'ref:draft']) }],
  ];

  function listPages(c, alias) {
    const e = [];
    const q = validateQuery(c.query, LIST_PAGE_PARAMS(alias), { errors: e });
    if (q.locale !== undefined && !UUID_RE.test(q.locale) && !normLocaleCode(q.locale)) e.push({ field: 'locale', message: 'must be a locale code or a site-locale ID' });
    if (alias) siteIdPath(c, e);
    c.fail(e);
    const siteId = alias ? c.path.siteId.toLowerCase() : q.siteId;
    const site = siteFor(c.principal, siteId);
    const locale = resolveLocaleParam(site, q.locale);
    if (locale === undefined) throw badState('locale', `'${q.locale}' is not an active locale of this site.`);
    const version = q.versionRef === 'ref:live' ? 'live' : 'draft';
    const includeOffline = q.includeOffline === 'true';
    const all = st.pagesOf(site.id, { withDeleted: true }).map((p) => {
      const view = pageView(st, p, { version, locale });
      view._createdAt = p.createdAt;
      view._updatedAt = p.updatedAt;
      return { page: p, view };
    });
    const visible = all.filter(({ page, view }) => {
      if (page.deleted) return false;
      if (version === 'live' && !page.live) return false;
      if (!includeOffline && !view.isOnline) return false;
      if (q.pathPrefix && !q.pathPrefix.some((pre) => view.pathname.startsWith(pre))) return false;
      return true;
    });
    let cmp;
    if (alias) cmp = (a, b) => a.page.createdSeq - b.page.createdSeq;
    else cmp = pageComparator(q.sortBy ?? 'path', q.sortDirection ?? 'asc');
    let cursor = null;
    if (q.startingAfter) {
      cursor = all.find((x) => x.page.id === q.startingAfter);
      if (!cursor && alias) {
        const s = sequenceOfId(q.startingAfter);
        if (s !== null) cursor = { page: { createdSeq: s } };
      }
      if (!cursor) throw badState('startingAfter', 'startingAfter does not name a page of this site.');
    }
    const page = paginate(visible.sort(cmp), cmp, cursor, q.limit ?? 20);
    return [200, {
      object: 'list',
      data: page.data.map(({ view }) => {
        const { _createdAt, _updatedAt, ...v } = view;
        return v;
      }),
      hasMore: page.hasMore,
    }];
  }
  ops.listPages = (c) => listPages(c, false);
  ops.listSitePages = (c) => listPages(c, true);

  const pageRef = (c) => (c.path.single && UUID_RE.test(c.path.ref) ? { id: c.path.ref.toLowerCase() } : { pathname: c.path.ref });
  const needSiteForPath = (c, e, q, what) => {
    if (!pageRef(c).id && !q.siteId && !e.some((x) => x.field === 'siteId')) e.push({ field: 'siteId', message: `is required when a ${what} pathname (not an ID) is used` });
  };

  ops.getPage = (c) => {
    const e = [];
    const q = validateQuery(c.query, [
      ['siteId', { check: qUuid }],
      ['versionRef', { check: enumCheck(['ref:live', 'ref:draft']) }],
      ['locale', { check: qString }],
    ], { errors: e });
    if (q.locale !== undefined && !UUID_RE.test(q.locale) && !normLocaleCode(q.locale)) e.push({ field: 'locale', message: 'must be a locale code or a site-locale ID' });
    needSiteForPath(c, e, q, 'page');
    c.fail(e);
    const version = q.versionRef === 'ref:live' ? 'live' : 'draft';
    const p = resolvePage(c.principal, pageRef(c), q.siteId, version);
    const locale = resolveLocaleParam(st.sites.get(p.siteId), q.locale);
    if (locale === undefined) throw notFound(`'${q.locale}' is not an active locale of this site.`);
    return [200, pageView(st, p, { version, locale })];
  };

  ops.updatePage = (c) => {
    const e = [];
    const b = validateObject(c.body, [
      ['pathname', { check: normPagePathname }],
      ['name', { check: checkPageName }],
      ['isOnline', { check: boolCheck }],
    ], { opName: 'UpdatePage', errors: e });
    const q = validateQuery(c.query, [['siteId', { check: qUuid }]], { errors: e });
    needSiteForPath(c, e, q, 'page');
    c.fail(e);
    const p = resolvePage(c.principal, pageRef(c), q.siteId);
    denyKinds(c.principal, ['public'], 'write pages');
    const draft = {};
    if (b.pathname !== undefined && b.pathname !== p.draft.pathname) {
      const taken = pathTaken(p.siteId, b.pathname, { exceptPage: p.id });
      if (taken) throw conflict(`A ${taken} with the pathname '${b.pathname}' already exists in this site.`);
      draft.pathname = b.pathname;
    }
    const nameChanged = b.name !== undefined && b.name !== p.name;
    c.run((emit) => {
      if (Object.keys(draft).length || nameChanged) emit('PageChanged', { pageId: p.id, draft, ...(nameChanged ? { name: b.name } : {}) });
      if (b.isOnline === true) emit('PagePublished', { pageId: p.id });
      if (b.isOnline === false && (p.draft.isOnline || (p.live && p.live.isOnline))) emit('PageUnpublished', { pageId: p.id });
    });
    return [200, pageView(st, p)];
  };

  ops.deletePage = (c) => {
    const e = [];
    const q = validateQuery(c.query, [['siteId', { check: qUuid }]], { errors: e });
    needSiteForPath(c, e, q, 'page');
    c.fail(e);
    const p = resolvePage(c.principal, pageRef(c), q.siteId);
    denyKinds(c.principal, ['public'], 'write pages');
    c.run((emit) => emit('PageDeleted', { pageId: p.id }));
    return [204, null];
  };

  // ---- routes
  ops.createRoute = (c) => {
    const e = [];
    const qe = [];
    const q = validateQuery(c.query, [['skipValidation', { check: enumCheck(['true', 'false']) }]], { errors: qe });
    const skip = q.skipValidation === 'true';
    const b = validateObject(c.body, [
      ['siteId', { required: true, check: uuidCheck }],
      ['pathname', { required: true, check: (v) => checkRoutePathname(v, skip) }],
    ], { opName: 'CreateRoute', errors: e });
    c.fail([...e, ...qe]);
    const site = siteFor(c.principal, b.siteId);
    denyKinds(c.principal, ['public'], 'write routes');
    const taken = pathTaken(site.id, b.pathname);
    if (taken) throw conflict(`A ${taken} with the pathname '${b.pathname}' already exists in this site.`);
    const { result } = c.run((emit, at) => {
      const routeId = st.nextId(at);
      emit('RouteCreated', { routeId, siteId: site.id, pathname: b.pathname });
      return routeId;
    });
    return [201, routeView(st.routes.get(result))];
  };

  ops.listRoutes = (c) => {
    const e = [];
    const q = validateQuery(c.query, [
      ['siteId', { required: true, check: qUuid }],
      ['limit', { check: limitCheck }],
      ['startingAfter', { check: qUuid, emptyIsAbsent: true }],
    ], { errors: e });
    c.fail(e);
    const site = siteFor(c.principal, q.siteId);
    denyKinds(c.principal, ['public'], 'read routes');
    const all = st.routesOf(site.id, { withDeleted: true });
    const cmp = (a, b) => a.lastSeq - b.lastSeq;
    let cursor = null;
    if (q.startingAfter) {
      cursor = all.find((r) => r.id === q.startingAfter);
      if (!cursor) throw badState('startingAfter', 'startingAfter does not name a route of this site.');
    }
    const page = paginate(all.filter((r) => !r.deleted).sort(cmp), cmp, cursor, q.limit ?? 20);
    return [200, { object: 'list', data: page.data.map(routeView), hasMore: page.hasMore }];
  };

  const routeRef = (c) => (c.path.single && UUID_RE.test(c.path.ref) ? { id: c.path.ref.toLowerCase() } : { pathname: c.path.ref });

  ops.getRoute = (c) => {
    const e = [];
    const q = validateQuery(c.query, [['siteId', { check: qUuid }]], { errors: e });
    if (!routeRef(c).id && !q.siteId && !e.some((x) => x.field === 'siteId')) e.push({ field: 'siteId', message: 'is required when a route pathname (not an ID) is used' });
    c.fail(e);
    const r = resolveRoute(c.principal, routeRef(c), q.siteId);
    denyKinds(c.principal, ['public'], 'read routes');
    return [200, routeView(r)];
  };

  ops.updateRoute = (c) => {
    const e = [];
    const qe = [];
    const q = validateQuery(c.query, [
      ['siteId', { check: qUuid }],
      ['skipValidation', { check: enumCheck(['true', 'false']) }],
    ], { errors: qe });
    const skip = q.skipValidation === 'true';
    const b = validateObject(c.body, [['pathname', { check: (v) => checkRoutePathname(v, skip) }]], { opName: 'UpdateRoute', errors: e });
    if (!routeRef(c).id && !q.siteId && !qe.some((x) => x.field === 'siteId')) qe.push({ field: 'siteId', message: 'is required when a route pathname (not an ID) is used' });
    c.fail([...e, ...qe]);
    const r = resolveRoute(c.principal, routeRef(c), q.siteId);
    denyKinds(c.principal, ['public'], 'write routes');
    if (b.pathname !== undefined && b.pathname !== r.pathname) {
      const taken = pathTaken(r.siteId, b.pathname, { exceptRoute: r.id });
      if (taken) throw conflict(`A ${taken} with the pathname '${b.pathname}' already exists in this site.`);
      c.run((emit) => emit('RouteChanged', { routeId: r.id, pathname: b.pathname }));
    }
    return [200, routeView(r)];
  };

  ops.deleteRoute = (c) => {
    const e = [];
    const q = validateQuery(c.query, [['siteId', { check: qUuid }]], { errors: e });
    if (!routeRef(c).id && !q.siteId && !e.some((x) => x.field === 'siteId')) e.push({ field: 'siteId', message: 'is required when a route pathname (not an ID) is used' });
    c.fail(e);
    const r = resolveRoute(c.principal, routeRef(c), q.siteId);
    denyKinds(c.principal, ['public'], 'write routes');
    c.run((emit) => emit('RouteDeleted', { routeId: r.id }));
    return [204, null];
  };

  // the query parameters each command takes; any other is refused (queries ignore unknown ones)
  const COMMAND_QUERY = {
    updateLocale: ['siteId'],
    deleteLocale: ['siteId'],
    restoreLocale: ['siteId'],
    updatePage: ['siteId'],
    deletePage: ['siteId'],
    createRoute: ['skipValidation'],
    updateRoute: ['siteId', 'skipValidation'],
    deleteRoute: ['siteId'],
  };

  // ---------------------------------------------------------------- routing
  // Returns {op, path, isCommand} or {methods} when the path is known but the method is not.
  function route(method, segs) {
    const m = method === 'HEAD' ? 'GET' : method;
    const table = [];
    const [v, family, ...rest] = segs;
    const key = `${v}/${family}`;
    if (key === 'v2/sites') {
      if (rest.length === 0) table.push(['GET', 'listSites', {}], ['POST', 'createSite', {}]);
      else if (rest.length === 1) table.push(['GET', 'getSite', { siteId: rest[0] }], ['PATCH', 'updateSite', { siteId: rest[0] }], ['DELETE', 'deleteSite', { siteId: rest[0] }]);
      else if (rest.length === 2 && rest[1] === 'duplicate') table.push(['POST', 'duplicateSite', { siteId: rest[0] }]);
      else if (rest.length === 2 && rest[1] === 'pages') table.push(['GET', 'listSitePages', { siteId: rest[0] }]);
    } else if (key === 'v2/locales') {
      if (rest.length === 0) table.push(['GET', 'listLocales', {}], ['POST', 'createLocale', {}]);
      else if (rest.length === 1) table.push(['GET', 'getLocale', { ref: rest[0] }], ['PATCH', 'updateLocale', { ref: rest[0] }], ['DELETE', 'deleteLocale', { ref: rest[0] }]);
      else if (rest.length === 2 && rest[1] === 'restore') table.push(['POST', 'restoreLocale', { ref: rest[0] }]);
    } else if (key === 'v6/pages' || key === 'v2/routes') {
      const isPages = key === 'v6/pages';
      if (rest.length === 0) table.push(['GET', isPages ? 'listPages' : 'listRoutes', {}], ['POST', isPages ? 'createPage' : 'createRoute', {}]);
      else {
        let ref = rest.join('/');
        if (!ref.startsWith('/') && !(rest.length === 1 && UUID_RE.test(rest[0]))) ref = '/' + ref;
        const p = { ref, single: rest.length === 1 };
        if (isPages) table.push(['GET', 'getPage', p], ['PATCH', 'updatePage', p], ['DELETE', 'deletePage', p]);
        else table.push(['GET', 'getRoute', p], ['PATCH', 'updateRoute', p], ['DELETE', 'deleteRoute', p]);
      }
    }
    if (!table.length) return null;
    const hit = table.find(([mm]) => mm === m);
    if (!hit) return { methods: table.map(([mm]) => mm) };
    return { op: hit[1], path: hit[2], isCommand: m !== 'GET' };
  }

  app.handle = async (req, res) => {
    const send = (status, body, headers = {}) => {
      if (res.headersSent) return;
      const h = { ...headers };
      let payload = '';
      if (body !== null && status !== 204) {
        payload = JSON.stringify(body);
        h['content-type'] = 'application/json';
        h['content-length'] = Buffer.byteLength(payload);
      }
      res.writeHead(status, h);
      res.end(req.method === 'HEAD' ? undefined : payload || undefined);
    };
    const sendError = (err, headers) => {
      const body = { object: 'error', code: err.code, message: err.message };
      if (err.status === 400) body.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
      send(err.status, body, headers);
    };

    // read the whole body first (never parsed for queries)
    let size = 0;
    let tooLarge = false;
    const chunks = [];
    try {
      for await (const chunk of req) {
        size += chunk.length;
        if (size > BODY_LIMIT) tooLarge = true;
        else chunks.push(chunk);
        if (size > 8 * BODY_LIMIT) {
          sendError(new HttpError(400, 'bad_request', 'The request body is too large.', [{ field: 'json', message: `must be at most ${BODY_LIMIT} bytes` }]), { connection: 'close' });
          req.destroy();
          return;
        }
      }
    } catch {
      return;
    }

    try {
      const url = req.url || '/';
      const qi = url.indexOf('?');
      const rawPath = qi < 0 ? url : url.slice(0, qi);
      const rawQuery = qi < 0 ? '' : url.slice(qi + 1);

      // 401 first
      const keyHeader = req.headers['x-api-key'];
      const principal = typeof keyHeader === 'string' ? st.keys.get(keyHeader) : undefined;
      if (!principal) throw new HttpError(401, 'unauthorized', keyHeader === undefined ? 'The x-api-key header is missing.' : 'The API key is not valid.');

      // routing: trailing slashes are dropped, an empty segment inside the path is unknown
      let p = rawPath.replace(/\/+$/, '');
      const segsRaw = p.split('/').slice(1);
      let segs;
      try {
        segs = segsRaw.map((s) => decodeURIComponent(s));
      } catch {
        throw notFound(`No resource at ${rawPath}.`);
      }
      if (segsRaw.slice(0, 2).some((s) => s === '')) throw notFound(`No resource at ${rawPath}.`);
      const r = route(req.method, segs);
      if (!r) throw notFound(`No resource at ${rawPath}.`);
      if (r.methods) throw notFound(`${req.method} is not served at ${rawPath}; this path answers ${[...new Set(r.methods)].join(', ')}.`);
      if (r.path.ref !== undefined && r.path.ref === '') throw notFound(`No resource at ${rawPath}.`);

      // body syntax (commands only; bodies of queries, deletes and restore are ignored)
      let body = {};
      const takesBody = ['createSite', 'updateSite', 'duplicateSite', 'createLocale', 'updateLocale', 'createPage', 'updatePage', 'createRoute', 'updateRoute'].includes(r.op);
      if (takesBody) {
        if (tooLarge) throw new HttpError(400, 'bad_request', 'The request body is too large.', [{ field: 'json', message: `must be at most ${BODY_LIMIT} bytes` }]);
        const buf = Buffer.concat(chunks);
        if (buf.length && buf.toString('utf8').trim() !== '') {
          const ct = req.headers['content-type'];
          if (!ct) throw new HttpError(400, 'bad_request', 'A request body needs a JSON Content-Type.', [{ field: 'content-type', message: 'is required with a body (application/json)' }]);
          const [type, ...params] = ct.split(';').map((s) => s.trim());
          if (!/^application\/(json|[a-z0-9.+-]+\+json)$/i.test(type)) throw new HttpError(400, 'bad_request', `Content-Type ${type} is not accepted.`, [{ field: 'content-type', message: 'must be application/json' }]);
          const cs = params.map((x) => x.split('=')).find(([k]) => k && k.trim().toLowerCase() === 'charset');
          if (cs && !/^"?utf-?8"?$/i.test((cs[1] || '').trim())) throw new HttpError(400, 'bad_request', 'Only UTF-8 bodies are accepted.', [{ field: 'content-type', message: 'charset must be utf-8' }]);
          let parsed;
          try {
            parsed = JSON.parse(buf.toString('utf8'));
          } catch {
            throw new HttpError(400, 'bad_request', 'The request body is not valid JSON.', [{ field: 'json', message: 'must be valid JSON' }]);
          }
          if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new HttpError(400, 'bad_request', 'The request body must be a JSON object.', [{ field: 'json', message: 'must be a JSON object' }]);
          body = parsed;
        }
      }

      const query = parseQuery(rawQuery);
      let lastSeq = null;
      const ctx = {
        principal,
        body,
        query,
        path: r.path,
        isCommand: r.isCommand,
        opName: r.op.charAt(0).toUpperCase() + r.op.slice(1),
        fail(errors) {
          if (r.isCommand) {
            const allowed = COMMAND_QUERY[r.op] || [];
            for (const k of [...query.params.keys()].sort())
              if (!allowed.includes(k) && !errors.some((x) => x.field === k)) errors.push({ field: k, message: `is not a parameter of the ${ctx.opName} command` });
          }
          if (!errors.length) return;
          const fields = errors.map((x) => x.field);
          throw new HttpError(400, 'bad_request', `${r.op.charAt(0).toUpperCase() + r.op.slice(1)} rejected: ${errors.length} invalid field${errors.length > 1 ? 's' : ''} (${fields.join(', ')}).`, errors);
        },
        run(fn) {
          const out = st.command(fn);
          lastSeq = out.seq;
          return out;
        },
      };
      const [status, out] = ops[r.op](ctx);
      const headers = r.isCommand ? { 'x-event-sequence': String(lastSeq ?? st.seq) } : { 'x-projection-sequence': String(st.seq) };
      send(status, out, headers);
    } catch (err) {
      if (err instanceof HttpError) sendError(err);
      else {
        process.stderr.write(`outsider13: ${err && err.stack}\n`);
        sendError(new HttpError(400, 'bad_request', 'The request could not be processed.', [{ field: 'request', message: 'could not be processed' }]));
      }
    }
  };
  return app;
}

export async function startServer({ port = 0 } = {}) {
  const app = createApp();
  const server = createServer({ maxHeaderSize: 16384 }, (req, res) => {
    app.handle(req, res).catch(() => {
      try {
        res.destroy();
      } catch {}
    });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({ object: 'error', code: 'bad_request', message: 'Malformed HTTP request.', details: [{ field: 'request', message: 'is not a valid HTTP request' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    baseUrl: url,
    ...app.seed,
    store: app.st,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) || 0 : Number(process.env.PORT) || 0;
  const s = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
