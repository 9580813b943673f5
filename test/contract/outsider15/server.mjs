// outsider15: an in-memory Site-Building Service, built the way a team would put a REST/JSON
// facade (a "gateway") in front of an internal gRPC/protobuf backend. The facade routes the request,
// authenticates the key, maps query and JSON body onto request messages (proto3 JSON rules: json_name
// and original field names, strict unknown-field handling) and validates them; the backend resolves
// resources, checks permissions and state, and answers with a gRPC status that the facade maps to HTTP.
//   node server.mjs --port 0   -> prints one JSON line on stdout once listening.
// Plain Node ESM, node: built-ins only, in-memory state. Every free choice is listed in CHOICES.md.
import { createServer } from 'node:http';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------- gRPC status -> HTTP
const GRPC = {
  OK: [0, 200],
  INVALID_ARGUMENT: [3, 400, 'bad_request'],
  FAILED_PRECONDITION: [9, 400, 'bad_request'],
  NOT_FOUND: [5, 404, 'not_found'],
  ALREADY_EXISTS: [6, 409, 'conflict'],
  ABORTED: [10, 409, 'conflict'],
  PERMISSION_DENIED: [7, 403, 'forbidden'],
  UNAUTHENTICATED: [16, 401, 'unauthorized'],
};
class Status extends Error {
  constructor(kind, message, details) {
    super(message);
    this.kind = kind;
    this.details = details;
  }
}
const invalid = (all) => {
  // one item per invalid field: the first problem found for it
  const violations = all.filter((v, i) => all.findIndex((w) => w.field === v.field) === i);
  return new Status(
    'INVALID_ARGUMENT',
    violations.length === 1
      ? `invalid argument: ${violations[0].field}: ${violations[0].message}`
      : `invalid argument: ${violations.length} field violations: ${violations.map((v) => `${v.field}: ${v.message}`).join('; ')}`,
    violations,
  );
};
const precondition = (field, message) => new Status('FAILED_PRECONDITION', `failed precondition: ${field}: ${message}`, [{ field, message }]);
const notFound = (what) => new Status('NOT_FOUND', `${what} not found`);
const denied = (what) => new Status('PERMISSION_DENIED', `permission denied: ${what}`);
const exists = (what) => new Status('ALREADY_EXISTS', what);

// ---------------------------------------------------------------- clock: proto Timestamp (seconds + nanos)
let lastNs = 0n;
const hrBase = process.hrtime.bigint();
const wallBase = BigInt(Date.now()) * 1000000n;
function now() {
  let ns = wallBase + (process.hrtime.bigint() - hrBase);
  if (ns <= lastNs) ns = lastNs + 1n;
  lastNs = ns;
  return ns;
}
// proto3 JSON mapping of Timestamp: "Z"-normalised, 0, 3, 6 or 9 fractional digits.
function ts(ns) {
  if (ns === null || ns === undefined) return null;
  const secs = ns / 1000000000n;
  const nanos = Number(ns % 1000000000n);
  const base = new Date(Number(secs) * 1000).toISOString().slice(0, 19);
  if (nanos === 0) return `${base}Z`;
  if (nanos % 1000000 === 0) return `${base}.${String(nanos / 1000000).padStart(3, '0')}Z`;
  if (nanos % 1000 === 0) return `${base}.${String(nanos / 1000).padStart(6, '0')}Z`;
  return `${base}.${String(nanos).padStart(9, '0')}Z`;
}

// ---------------------------------------------------------------- identifiers: UUID v3 of backend resource names
const NAMESPACE = randomBytes(16);
function uuidV3(name) {
  const h = createHash('md5').update(NAMESPACE).update(name).digest();
  h[6] = (h[6] & 0x0f) | 0x30;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
let seq = 0;
const nextSeq = () => ++seq; // the backend's int64 primary keys

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Go's uuid.Parse forms, accepted for the x-api-key header only.
function parseKeyUuid(s) {
  let v = s;
  if (/^urn:uuid:/i.test(v)) v = v.slice(9);
  else if (/^\{.*\}$/.test(v)) v = v.slice(1, -1);
  if (/^[0-9a-f]{32}$/i.test(v)) v = `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
  return UUID_RE.test(v) ? v.toLowerCase() : null;
}

// ---------------------------------------------------------------- state
function freshState() {
  return { workspaces: new Map(), appKeys: new Map(), sites: new Map(), locales: new Map(), pages: new Map(), routes: new Map() };
}
let db = freshState();

function appKey() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const b = randomBytes(32);
  let s = '';
  for (let i = 0; i < 32; i++) s += alphabet[b[i] & 31];
  return `sbsapp1_${s}`;
}

function newWorkspace(name) {
  const s = nextSeq();
  const w = { id: uuidV3(`workspaces/${s}`), seq: s, name };
  db.workspaces.set(w.id, w);
  const key = appKey();
  db.appKeys.set(key, w.id);
  return { w, key };
}
function newSite(workspaceId, { name, hostOrigin = null, defaultLocale = 'en-US' }, at = now()) {
  const s = nextSeq();
  const site = {
    id: uuidV3(`workspaces/${workspaceId}/sites/${s}`),
    seq: s,
    workspaceId,
    name,
    hostOrigin,
    publicApiKey: randomUUID(),
    siteKey: randomUUID(),
    defaultLocaleId: null,
    createdAt: at,
    deleted: false,
  };
  db.sites.set(site.id, site);
  const loc = newLocale(site.id, defaultLocale, null);
  site.defaultLocaleId = loc.id;
  return site;
}
function newLocale(siteId, code, domain) {
  const s = nextSeq();
  const l = { id: uuidV3(`sites/${siteId}/locales/${s}`), seq: s, siteId, code, domain, deleted: false, deletedAt: null };
  db.locales.set(l.id, l);
  return l;
}
function newPage(siteId, { pathname, name }, at = now()) {
  const s = nextSeq();
  const p = {
    id: uuidV3(`sites/${siteId}/pages/${s}`),
    seq: s,
    siteId,
    name,
    pathname,
    title: null,
    description: null,
    canonicalUrl: null,
    socialImageUrl: null,
    sitemapPriority: null,
    sitemapFrequency: null,
    excludedFromSearchEngines: false,
    isOnline: false,
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    localizations: [],
    deleted: false,
  };
  db.pages.set(p.id, p);
  return p;
}
function addLocalization(page, localeId, pathname, extra = {}) {
  const s = nextSeq();
  page.localizations.push({ id: uuidV3(`pages/${page.id}/localizations/${s}`), localeId, pathname, title: extra.title ?? null, description: extra.description ?? null });
}
function newRoute(siteId, pathname) {
  const s = nextSeq();
  const r = { id: uuidV3(`sites/${siteId}/routes/${s}`), seq: s, siteId, pathname, deleted: false };
  db.routes.set(r.id, r);
  return r;
}

const liveSites = () => [...db.sites.values()].filter((s) => !s.deleted);
const siteLocales = (siteId) => [...db.locales.values()].filter((l) => l.siteId === siteId);
const activeLocales = (siteId) => siteLocales(siteId).filter((l) => !l.deleted);
const defaultLocaleOf = (site) => db.locales.get(site.defaultLocaleId);
const sitePages = (siteId) => [...db.pages.values()].filter((p) => p.siteId === siteId);
const siteRoutes = (siteId) => [...db.routes.values()].filter((r) => r.siteId === siteId);

// ---------------------------------------------------------------- seed
function seed() {
  db = freshState();
  const T = (iso) => BigInt(Date.parse(iso)) * 1000000n;
  const { w: w1, key: k1 } = newWorkspace('Quillon Systems');
  const { w: w2, key: k2 } = newWorkspace('Marlow Ferries');

  const docs = newSite(w1.id, { name: 'Quillon Docs', hostOrigin: 'https://docs.quillon.example', defaultLocale: 'en-US' }, T('2025-02-03T08:00:00Z'));
  const de = newLocale(docs.id, 'de-DE', 'https://de.quillon.example');
  const ja = newLocale(docs.id, 'ja-JP', null);
  const ko = newLocale(docs.id, 'ko-KR', null);
  ko.deleted = true;
  ko.deletedAt = T('2025-03-01T12:00:00Z');
  const home = newPage(docs.id, { pathname: '/', name: 'Home' }, T('2025-02-03T08:10:00Z'));
  Object.assign(home, { isOnline: true, publishedAt: T('2025-02-03T09:00:00Z'), title: 'Quillon Docs', sitemapPriority: 1, sitemapFrequency: 'daily' });
  const guides = newPage(docs.id, { pathname: '/guides', name: 'Guides' }, T('2025-02-04T10:00:00.250Z'));
  Object.assign(guides, { isOnline: true, publishedAt: T('2025-02-04T11:00:00Z'), title: 'Guides', description: 'How-to guides' });
  addLocalization(guides, de.id, '/anleitungen', { title: 'Anleitungen' });
  addLocalization(guides, ja.id, '/gaido');
  addLocalization(guides, ko.id, '/gaideu');
  const setup = newPage(docs.id, { pathname: '/guides/setup', name: 'Setup' }, T('2025-02-05T10:00:00.000125Z'));
  Object.assign(setup, { isOnline: true, publishedAt: T('2025-02-05T10:30:00Z'), title: 'Setting up', sitemapPriority: 0.6, sitemapFrequency: 'weekly' });
  addLocalization(setup, de.id, '/anleitungen/einrichtung');
  const pricing = newPage(docs.id, { pathname: '/pricing', name: 'Pricing' }, T('2025-02-06T10:00:00Z'));
  Object.assign(pricing, { isOnline: true, publishedAt: T('2025-02-06T10:00:00Z') });
  const changelog = newPage(docs.id, { pathname: '/changelog', name: 'Changelog' }, T('2025-02-07T10:00:00Z'));
  changelog.title = 'Changelog (draft)';
  const archive = newPage(docs.id, { pathname: '/archive/2024', name: 'Archive 2024' }, T('2025-01-02T10:00:00Z'));
  Object.assign(archive, { publishedAt: T('2025-01-03T10:00:00Z'), title: 'Archive', excludedFromSearchEngines: true });
  for (const p of [home, guides, setup, pricing, changelog, archive]) p.updatedAt = p.publishedAt && p.publishedAt > p.createdAt ? p.publishedAt : p.createdAt;
  newRoute(docs.id, '/api/{version}/**');
  newRoute(docs.id, '/v1/items:batchGet');

  const status = newSite(w1.id, { name: 'Quillon Status', defaultLocale: 'en-GB' }, T('2025-02-10T08:00:00Z'));
  const fr = newLocale(status.id, 'fr-FR', null);
  const sh = newPage(status.id, { pathname: '/', name: 'Status home' }, T('2025-02-10T08:05:00Z'));
  Object.assign(sh, { isOnline: true, publishedAt: T('2025-02-10T08:05:00Z'), title: 'All systems' });
  const inc = newPage(status.id, { pathname: '/incidents', name: 'Incidents' }, T('2025-02-10T08:06:00Z'));
  Object.assign(inc, { isOnline: true, publishedAt: T('2025-02-10T08:06:00Z'), title: 'Incidents' });
  addLocalization(inc, fr.id, '/incidents-fr', { title: 'Incidents (FR)' });
  newPage(status.id, { pathname: '/maintenance', name: 'Maintenance' }, T('2025-02-10T08:07:00Z'));
  newRoute(status.id, '/feed/{kind}');

  const tt = newSite(w2.id, { name: 'Marlow Timetables', hostOrigin: 'https://marlow.example', defaultLocale: 'nl-NL' }, T('2025-02-11T08:00:00Z'));
  const en = newLocale(tt.id, 'en-GB', null);
  const th = newPage(tt.id, { pathname: '/', name: 'Home' }, T('2025-02-11T08:01:00Z'));
  Object.assign(th, { isOnline: true, publishedAt: T('2025-02-11T08:01:00Z') });
  const ds = newPage(tt.id, { pathname: '/dienstregeling', name: 'Dienstregeling' }, T('2025-02-11T08:02:00Z'));
  Object.assign(ds, { isOnline: true, publishedAt: T('2025-02-11T08:02:00Z'), title: 'Dienstregeling' });
  addLocalization(ds, en.id, '/timetable', { title: 'Timetable' });
  newRoute(tt.id, '/status');

  return { apiKey: k1, workspaceId: w1.id, siteApiKey: status.siteKey, otherApiKey: k2 };
}

// ---------------------------------------------------------------- rendering (backend message -> proto3 JSON)
function localeManagementMode(site) {
  return activeLocales(site.id).some((l) => l.domain) ? 'external' : 'internal';
}
function renderSite(site) {
  return {
    object: 'site',
    id: site.id,
    name: site.name,
    hostOrigin: site.hostOrigin,
    publicApiKey: site.publicApiKey,
    defaultLocale: defaultLocaleOf(site).code,
    localeManagementMode: localeManagementMode(site),
  };
}
function renderLocale(l) {
  const site = db.sites.get(l.siteId);
  return { object: 'locale', id: l.id, locale: l.code, domain: l.domain, pathPrefix: null, isDefault: site.defaultLocaleId === l.id };
}
function pageShown(p, localeRec) {
  // the values a page shows in a view (localized when a non-default locale is asked and the page has it)
  const site = db.sites.get(p.siteId);
  const def = defaultLocaleOf(site);
  if (localeRec && localeRec.id !== def.id) {
    const loc = p.localizations.find((x) => x.localeId === localeRec.id);
    if (loc) return { pathname: loc.pathname, title: loc.title ?? p.title, description: loc.description ?? p.description, locale: localeRec.code, localized: true };
  }
  return { pathname: p.pathname, title: p.title, description: p.description, locale: def.code, localized: false };
}
function renderPage(p, { localeRec = null, withLocale = true } = {}) {
  const shown = pageShown(p, localeRec);
  const site = db.sites.get(p.siteId);
  const localizations = p.localizations
    .map((x) => ({ x, l: db.locales.get(x.localeId) }))
    .filter(({ l }) => l && !l.deleted && l.id !== site.defaultLocaleId)
    .sort((a, b) => cmpStr(a.l.code, b.l.code))
    .map(({ x, l }) => ({ id: x.id, locale: l.code, pathname: x.pathname }));
  const out = {
    object: 'page',
    id: p.id,
    pathname: shown.pathname,
    canonicalUrl: p.canonicalUrl,
    title: shown.title,
    description: shown.description,
    socialImageUrl: p.socialImageUrl,
    sitemapPriority: p.sitemapPriority,
    sitemapFrequency: p.sitemapFrequency,
    createdAt: ts(p.createdAt),
    updatedAt: ts(p.updatedAt),
    publishedAt: ts(p.publishedAt),
    isOnline: p.isOnline,
    excludedFromSearchEngines: p.excludedFromSearchEngines,
  };
  if (withLocale) out.locale = shown.locale;
  out.localizations = localizations;
  return out;
}
const renderRoute = (r) => ({ object: 'route', id: r.id, pathname: r.pathname });

// ---------------------------------------------------------------- comparisons
const cmpStr = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const cmpNum = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const nameCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

// ---------------------------------------------------------------- facade: request message mapping and validation
const CONTROL = /[\u0000-\u001f\u007f]/;
const cpLen = (s) => [...s].length;
const LOCALE_RE = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/;
function normLocale(s) {
  const m = LOCALE_RE.exec(s);
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
function parseHttpUrl(raw, { allowQuery }) {
  if (raw.length > 2000) return { error: 'must be at most 2000 characters' };
  if (!URI_CHARS.test(raw)) return { error: 'must be an absolute http or https URI of ASCII characters' };
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/.exec(raw);
  if (!m) return { error: 'must be an absolute http or https URI (with its protocol)' };
  const scheme = m[1].toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { error: 'scheme must be http or https' };
  let u;
  try {
    u = new URL(raw);
  } catch {
    return { error: 'must be a valid URI' };
  }
  if (!u.hostname || m[2].includes('@')) return { error: 'must have a host and no user information' };
  if (raw.includes('#')) return { error: 'must not have a fragment' };
  let rest = m[3];
  if (!allowQuery && rest.includes('?')) return { error: 'must not have a query' };
  if (/%(?![0-9A-Fa-f]{2})/.test(rest)) return { error: 'has a malformed percent-encoding' };
  return { scheme, host: u.host, rest };
}
function normHostOrigin(raw) {
  const r = parseHttpUrl(raw, { allowQuery: true });
  if (r.error) return r;
  return { value: `${r.scheme}://${r.host}${r.rest}` };
}
function normDomain(raw) {
  const r = parseHttpUrl(raw, { allowQuery: false });
  if (r.error) return r;
  if (r.rest.length > 255) return { error: 'must be at most 255 characters' };
  return { value: `${r.scheme}://${r.host}${r.rest.replace(/\/+$/, '')}` };
}
const domainKey = (d) => d.replace(/^https?:\/\//, '');
const PAGE_SEG = /^[a-z0-9._~+-]+$/;
function checkPagePath(p) {
  if (typeof p !== 'string' || p === '') return 'Missing pathname field.';
  if (p[0] !== '/') return 'must begin with "/"';
  if (p.length > 300) return 'must be at most 300 characters';
  if (p === '/') return null;
  const segs = p.slice(1).split('/');
  if (segs.length > 16) return 'must have at most 16 segments';
  for (const s of segs) {
    if (s === '') return p.endsWith('/') ? 'must not end with "/"' : 'must not contain "//"';
    if (s === '.' || s === '..') return 'must not contain "." or ".." segments';
    if (/[A-Z]/.test(s)) return 'must be lower case';
    if (!PAGE_SEG.test(s)) return 'segments may hold only a-z, 0-9 and - . _ ~ +';
  }
  return null;
}
// route pathnames follow google.api.http path templates: literals, *, ** (last), {var}, {var=*|**}, and a final :verb
const ROUTE_LIT = /^[A-Za-z0-9._~-]+$/;
const ROUTE_VAR = /^\{[A-Za-z_][A-Za-z0-9_]*(=(\*|\*\*))?\}$/;
function checkRoutePath(p, skip) {
  if (typeof p !== 'string' || p === '') return 'must not be empty';
  if (p[0] !== '/') return 'must begin with "/"';
  if (/[\s\u0000-\u001f\u007f]/.test(p)) return 'must not contain whitespace or control characters';
  if (skip) return p.length > 4096 ? 'must be at most 4096 characters' : null;
  if (p.length > 256) return 'must be at most 256 characters';
  if (p === '/') return null;
  let body = p.slice(1);
  const colon = body.lastIndexOf(':');
  const lastSlash = body.lastIndexOf('/');
  if (colon > lastSlash && !body.slice(colon).includes('}')) {
    const verb = body.slice(colon + 1);
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(verb)) return 'has an invalid ":verb" suffix';
    body = body.slice(0, colon);
  }
  const segs = body.split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s === '') return 'must not have empty segments or a trailing "/"';
    if (s === '**' || /=\*\*\}$/.test(s)) {
      if (i !== segs.length - 1) return '"**" may only be the last segment';
      continue;
    }
    if (s === '*' || ROUTE_VAR.test(s)) continue;
    if (s === '.' || s === '..' || !ROUTE_LIT.test(s)) return `segment "${s}" is not a literal, "*", "**" or "{variable}"`;
  }
  return null;
}

// body field descriptors: json name, proto name, type
function mapBody(body, fields, violations, { rejectDefaultLocale = false } = {}) {
  // fields: [{ json, proto, type: 'string'|'bool'|'uuid', nullable }]
  const out = {};
  const mask = [];
  const byName = new Map();
  for (const f of fields) {
    byName.set(f.json, f);
    if (f.proto !== f.json) byName.set(f.proto, f);
  }
  const seen = new Map();
  for (const [k, v] of Object.entries(body)) {
    if (rejectDefaultLocale && (k === 'defaultLocale' || k === 'default_locale')) {
      violations.push({ field: k, message: 'is not accepted in this body' });
      continue;
    }
    const f = byName.get(k);
    if (!f) {
      violations.push({ field: k, message: 'unknown field' });
      continue;
    }
    if (seen.has(f.json)) {
      violations.push({ field: k, message: `duplicate field: also given as "${seen.get(f.json)}"` });
      continue;
    }
    seen.set(f.json, k);
    if (v === null && f.nullable) {
      out[f.json] = { sent: k, value: null };
      mask.push(f.json);
      continue;
    }
    const want = f.type === 'bool' ? 'boolean' : 'string';
    if (typeof v !== want) {
      violations.push({ field: k, message: `must be a ${want}` });
      continue;
    }
    if (f.type === 'uuid' && !UUID_RE.test(v)) {
      violations.push({ field: k, message: 'must be a UUID' });
      continue;
    }
    out[f.json] = { sent: k, value: f.type === 'uuid' ? v.toLowerCase() : v };
    mask.push(f.json);
  }
  return { values: out, mask };
}
const req = (values, json, violations, sent = json) => {
  if (!(json in values)) violations.push({ field: sent, message: 'is required' });
};

// query: json name <-> proto name aliases (grpc-gateway reads both)
const QUERY_ALIASES = {
  siteId: 'site_id',
  workspaceId: 'workspace_id',
  limit: 'limit',
  startingAfter: 'starting_after',
  pathPrefix: 'path_prefix',
  sortBy: 'sort_by',
  sortDirection: 'sort_direction',
  includeOffline: 'include_offline',
  locale: 'locale',
  versionRef: 'version_ref',
  skipValidation: 'skip_validation',
};
function readQuery(q, names, violations) {
  const out = {};
  for (const name of names) {
    const forms = [name, QUERY_ALIASES[name]].filter((x, i, a) => x && a.indexOf(x) === i);
    const got = [];
    for (const f of forms) if (q.params.has(f)) for (const v of q.params.get(f)) got.push({ f, v });
    if (q.bad.has(name) || (QUERY_ALIASES[name] && q.bad.has(QUERY_ALIASES[name]))) {
      violations.push({ field: name, message: 'has a malformed percent-encoding' });
      out[name] = { sent: name, value: '', error: true };
      continue;
    }
    if (got.length > 1) {
      violations.push({ field: got[0].f, message: 'must be given only once (it is not a repeated field)' });
      out[name] = { sent: got[0].f, value: '', error: true };
      continue;
    }
    if (got.length === 1 && got[0].v !== '') out[name] = { sent: got[0].f, value: got[0].v };
    // an empty value is the proto3 default value: the same as leaving the parameter out
  }
  return out;
}
function qUuid(out, name, violations, required, requiredMsg = 'is required') {
  const e = out[name];
  if (!e) {
    if (required) violations.push({ field: name, message: requiredMsg });
    return undefined;
  }
  if (e.error) return undefined;
  if (!UUID_RE.test(e.value)) {
    violations.push({ field: e.sent, message: 'must be a UUID' });
    return undefined;
  }
  return e.value.toLowerCase();
}
function qEnum(out, name, allowed, dflt, violations) {
  const e = out[name];
  if (!e || e.error) return dflt;
  if (!allowed.includes(e.value)) {
    violations.push({ field: e.sent, message: `must be one of ${allowed.join(', ')}` });
    return dflt;
  }
  return e.value;
}
const NUMBER_RE = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
function qLimit(out, violations, { strictRange }) {
  const e = out.limit;
  if (!e || e.error) return 20;
  if (!NUMBER_RE.test(e.value)) {
    violations.push({ field: e.sent, message: 'must be a non-negative decimal number' });
    return 20;
  }
  const n = Number(e.value);
  if (!Number.isInteger(n)) {
    violations.push({ field: e.sent, message: 'must be a whole number (int32)' });
    return 20;
  }
  if (strictRange) {
    if (n < 1 || n > 100) {
      violations.push({ field: e.sent, message: 'must be between 1 and 100' });
      return 20;
    }
    return n;
  }
  if (n === 0) return 20; // proto3: 0 is "unset", the server picks the default
  return Math.min(n, 100); // AIP-158: coerced to the maximum
}

// ---------------------------------------------------------------- facade: HTTP plumbing
function parseQueryString(qs) {
  const params = new Map();
  const bad = new Set();
  if (!qs) return { params, bad };
  for (const part of qs.split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    const rawK = i < 0 ? part : part.slice(0, i);
    const rawV = i < 0 ? '' : part.slice(i + 1);
    let k;
    try {
      k = decodeURIComponent(rawK.replace(/\+/g, ' '));
    } catch {
      continue; // an undecodable parameter name names no field: ignored
    }
    let v;
    try {
      v = decodeURIComponent(rawV.replace(/\+/g, ' '));
    } catch {
      bad.add(k);
      continue;
    }
    if (!params.has(k)) params.set(k, []);
    params.get(k).push(v);
  }
  return { params, bad };
}

const MAX_BODY = 4 * 1024 * 1024; // gRPC's default max message size
const HARD_CAP = 64 * 1024 * 1024;

function readBody(request) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let over = false;
    let done = false;
    const finish = (v) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    request.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        over = true;
        chunks.length = 0;
        if (size > HARD_CAP) finish({ over: true, size, hardCap: true });
        return;
      }
      chunks.push(c);
    });
    request.on('end', () => finish(over ? { over: true, size } : { buf: Buffer.concat(chunks) }));
    request.on('error', () => finish({ over: true, size, aborted: true }));
  });
}

function send(res, statusKind, body, extraHeaders = {}) {
  const [grpcCode, http] = GRPC[statusKind] || [0, statusKind];
  const headers = { 'x-grpc-status': String(grpcCode), ...extraHeaders };
  if (http === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  headers['content-type'] = 'application/json';
  headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(http, headers);
  res.end(text);
}
function sendError(res, err, extra) {
  const [, , code] = GRPC[err.kind];
  const body = { object: 'error', code, message: err.message };
  if (code === 'bad_request') body.details = err.details && err.details.length ? err.details : [{ field: '*', message: err.message }];
  send(res, err.kind, body, extra);
}

// ---------------------------------------------------------------- route table (resolved before authentication)
function route(method, path) {
  // returns { op, params } or null (unknown path) or { methodNotAllowed }
  const segs = path.split('/').slice(1);
  const dec = (s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return null;
    }
  };
  const m = (table) => (table[method] ? { op: table[method] } : { badMethod: true });
  if (segs[0] === 'v2' && segs[1] === 'sites') {
    if (segs.length === 2) return m({ GET: 'listSites', POST: 'createSite' });
    let idSeg = segs[2];
    if (idSeg === '') return null;
    if (segs.length === 3 && idSeg.endsWith(':duplicate')) {
      const id = dec(idSeg.slice(0, -':duplicate'.length));
      if (id === null) return null;
      return { ...m({ POST: 'duplicateSite' }), params: { siteId: id } };
    }
    const siteId = dec(idSeg);
    if (siteId === null) return null;
    if (segs.length === 3) return { ...m({ GET: 'getSite', PATCH: 'updateSite', DELETE: 'deleteSite' }), params: { siteId } };
    if (segs.length === 4 && segs[3] === 'duplicate') return { ...m({ POST: 'duplicateSite' }), params: { siteId } };
    if (segs.length === 4 && segs[3] === 'pages') return { ...m({ GET: 'listSitePages' }), params: { siteId } };
    return null;
  }
  if (segs[0] === 'v2' && segs[1] === 'locales') {
    if (segs.length === 2) return m({ GET: 'listLocales', POST: 'createLocale' });
    const seg = segs[2];
    if (seg === '') return null;
    if (segs.length === 3 && seg.endsWith(':restore')) {
      const x = dec(seg.slice(0, -':restore'.length));
      if (x === null || x === '') return null;
      return { ...m({ POST: 'restoreLocale' }), params: { localeIdOrCode: x } };
    }
    const x = dec(seg);
    if (x === null) return null;
    if (segs.length === 3) return { ...m({ GET: 'getLocale', PATCH: 'updateLocale', DELETE: 'deleteLocale' }), params: { localeIdOrCode: x } };
    if (segs.length === 4 && segs[3] === 'restore') return { ...m({ POST: 'restoreLocale' }), params: { localeIdOrCode: x } };
    return null;
  }
  if ((segs[0] === 'v6' && segs[1] === 'pages') || (segs[0] === 'v2' && segs[1] === 'routes')) {
    const kind = segs[1] === 'pages' ? 'Page' : 'Route';
    if (segs.length === 2) return m({ GET: `list${kind}s`, POST: `create${kind}` });
    const rest = segs.slice(2).join('/');
    if (rest === '') return null;
    const x = dec(rest);
    if (x === null) return null;
    const ref = UUID_RE.test(x) ? { id: x.toLowerCase() } : { pathname: x.startsWith('/') ? x : `/${x}` };
    return { ...m({ GET: `get${kind}`, PATCH: `update${kind}`, DELETE: `delete${kind}` }), params: { ref, raw: x } };
  }
  return null;
}
const BODY_OPS = new Set(['createSite', 'updateSite', 'duplicateSite', 'createLocale', 'updateLocale', 'createPage', 'updatePage', 'createRoute', 'updateRoute']);

// ---------------------------------------------------------------- authentication (facade)
function authenticate(header) {
  if (typeof header !== 'string' || header === '') return null;
  if (db.appKeys.has(header)) return { kind: 'app', workspaceId: db.appKeys.get(header) };
  const u = parseKeyUuid(header);
  if (!u) return null;
  for (const s of liveSites()) {
    if (s.siteKey === u) return { kind: 'site', siteId: s.id, workspaceId: s.workspaceId };
    if (s.publicApiKey === u) return { kind: 'public', siteId: s.id, workspaceId: s.workspaceId };
  }
  return null;
}

// ---------------------------------------------------------------- backend: resolution and permissions
// what each key kind may do on a site it belongs to
const SITE_KEY_OPS = new Set([
  'getSite', 'listLocales', 'getLocale', 'createLocale', 'updateLocale', 'deleteLocale', 'restoreLocale',
  'listPages', 'listSitePages', 'getPage', 'listRoutes', 'getRoute', 'createRoute', 'updateRoute', 'deleteRoute',
]);
const PUBLIC_KEY_OPS = new Set(['getSite', 'listLocales', 'getLocale']);
function authorizeSite(principal, site, op) {
  if (principal.kind === 'app') {
    if (site.workspaceId !== principal.workspaceId) throw denied('the site belongs to another workspace');
    return;
  }
  if (site.id !== principal.siteId) throw denied('the key belongs to another site');
  const allowed = principal.kind === 'site' ? SITE_KEY_OPS : PUBLIC_KEY_OPS;
  if (!allowed.has(op)) throw denied(`a ${principal.kind === 'site' ? 'Site API key' : 'publishable key'} may not call this operation`);
}
function getSiteOr404(id) {
  const s = db.sites.get(id);
  if (!s || s.deleted) throw notFound('site');
  return s;
}

// cursor: the id of an item of this collection; items filtered out or deleted since keep their place
function paginate(all, visible, cmp, limit, cursorId, cursorField = 'startingAfter') {
  const sorted = [...all].sort(cmp);
  let start = 0;
  if (cursorId !== undefined) {
    const idx = sorted.findIndex((x) => x.id === cursorId);
    if (idx < 0) throw invalid([{ field: cursorField, message: 'is not a cursor of this list' }]);
    start = idx + 1;
  }
  const rest = sorted.slice(start).filter(visible);
  return { data: rest.slice(0, limit), hasMore: rest.length > limit };
}

// ---------------------------------------------------------------- operations
function ensureObject(body) {
  if (body === undefined) return {};
  return body;
}

const ops = {
  // ---------------- sites
  listSites(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['workspaceId', 'limit', 'startingAfter'], v);
    const workspaceId = qUuid(q, 'workspaceId', v, true);
    const limit = qLimit(q, v, { strictRange: false });
    const cursor = qUuid(q, 'startingAfter', v, false);
    if (v.length) throw invalid(v);
    const w = db.workspaces.get(workspaceId);
    if (!w) throw notFound('workspace');
    if (ctx.principal.kind !== 'app') throw denied('only an App API key may list sites');
    if (w.id !== ctx.principal.workspaceId) throw denied('the workspace belongs to another app');
    const all = [...db.sites.values()].filter((s) => s.workspaceId === w.id);
    const cmp = (a, b) => nameCollator.compare(a.name, b.name) || a.seq - b.seq;
    const page = paginate(all, (s) => !s.deleted, cmp, limit, cursor);
    return ['OK', { object: 'list', data: page.data.map(renderSite), hasMore: page.hasMore }];
  },
  createSite(ctx) {
    const v = [];
    const { values } = mapBody(ctx.body, [
      { json: 'workspaceId', proto: 'workspace_id', type: 'uuid' },
      { json: 'name', proto: 'name', type: 'string' },
      { json: 'hostOrigin', proto: 'host_origin', type: 'string' },
      { json: 'defaultLocale', proto: 'default_locale', type: 'string' },
    ], v);
    req(values, 'workspaceId', v);
    req(values, 'name', v);
    const name = values.name && checkSiteName(values.name, v);
    const hostOrigin = values.hostOrigin ? checkUrlField(values.hostOrigin, normHostOrigin, v) : null;
    let defaultLocale = 'en-US';
    if (values.defaultLocale) {
      defaultLocale = normLocale(values.defaultLocale.value);
      if (!defaultLocale) v.push({ field: values.defaultLocale.sent, message: 'must be a language code with an optional region, such as "en" or "en-US"' });
    }
    if (v.length) throw invalid(v);
    const w = db.workspaces.get(values.workspaceId.value);
    if (!w) throw notFound('workspace');
    if (ctx.principal.kind !== 'app') throw denied('only an App API key may create sites');
    if (w.id !== ctx.principal.workspaceId) throw denied('the workspace belongs to another app');
    const site = newSite(w.id, { name, hostOrigin, defaultLocale });
    return ['CREATED', renderSite(site)];
  },
  getSite(ctx) {
    const siteId = pathUuid(ctx.params.siteId, 'siteId');
    const site = getSiteOr404(siteId);
    authorizeSite(ctx.principal, site, 'getSite');
    return ['OK', renderSite(site)];
  },
  updateSite(ctx) {
    const v = [];
    const siteId = pathUuid(ctx.params.siteId, 'siteId', v);
    const { values, mask } = mapBody(ctx.body, [
      { json: 'name', proto: 'name', type: 'string' },
      { json: 'hostOrigin', proto: 'host_origin', type: 'string' },
    ], v, { rejectDefaultLocale: true });
    const name = values.name && checkSiteName(values.name, v);
    const hostOrigin = values.hostOrigin && checkUrlField(values.hostOrigin, normHostOrigin, v);
    if (v.length) throw invalid(v);
    const site = getSiteOr404(siteId);
    authorizeSite(ctx.principal, site, 'updateSite');
    if (mask.includes('name')) site.name = name;
    if (mask.includes('hostOrigin')) site.hostOrigin = hostOrigin;
    return ['OK', renderSite(site)];
  },
  deleteSite(ctx) {
    const siteId = pathUuid(ctx.params.siteId, 'siteId');
    const site = getSiteOr404(siteId);
    authorizeSite(ctx.principal, site, 'deleteSite');
    site.deleted = true;
    for (const p of sitePages(site.id)) p.deleted = true;
    for (const r of siteRoutes(site.id)) r.deleted = true;
    return ['NO_CONTENT'];
  },
  duplicateSite(ctx) {
    const v = [];
    const siteId = pathUuid(ctx.params.siteId, 'siteId', v);
    const { values } = mapBody(ctx.body, [{ json: 'name', proto: 'name', type: 'string' }], v);
    req(values, 'name', v);
    const name = values.name && checkSiteName(values.name, v);
    if (v.length) throw invalid(v);
    const src = getSiteOr404(siteId);
    authorizeSite(ctx.principal, src, 'duplicateSite');
    const at = now();
    const copy = newSite(src.workspaceId, { name, hostOrigin: src.hostOrigin, defaultLocale: defaultLocaleOf(src).code }, at);
    const localeMap = new Map([[src.defaultLocaleId, copy.defaultLocaleId]]);
    for (const l of [...siteLocales(src.id)].sort((a, b) => a.seq - b.seq)) {
      if (l.id === src.defaultLocaleId) continue;
      const nl = newLocale(copy.id, l.code, l.domain);
      nl.deleted = l.deleted;
      nl.deletedAt = l.deletedAt;
      localeMap.set(l.id, nl.id);
    }
    for (const p of sitePages(src.id).filter((x) => !x.deleted).sort((a, b) => a.seq - b.seq)) {
      const np = newPage(copy.id, { pathname: p.pathname, name: p.name }, at);
      for (const k of ['title', 'description', 'canonicalUrl', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'excludedFromSearchEngines', 'isOnline', 'publishedAt']) np[k] = p[k];
      for (const loc of p.localizations) addLocalization(np, localeMap.get(loc.localeId), loc.pathname, loc);
    }
    for (const r of siteRoutes(src.id).filter((x) => !x.deleted).sort((a, b) => a.seq - b.seq)) newRoute(copy.id, r.pathname);
    return ['CREATED', renderSite(copy)];
  },

  // ---------------- locales
  listLocales(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['siteId', 'limit', 'startingAfter'], v);
    const siteId = qUuid(q, 'siteId', v, true);
    const limit = qLimit(q, v, { strictRange: true });
    const cursor = qUuid(q, 'startingAfter', v, false);
    if (v.length) throw invalid(v);
    const site = getSiteOr404(siteId);
    authorizeSite(ctx.principal, site, 'listLocales');
    const isDef = (l) => (l.id === site.defaultLocaleId ? 1 : 0);
    const cmp = (a, b) => isDef(a) - isDef(b) || cmpStr(a.code.toLowerCase(), b.code.toLowerCase()) || a.seq - b.seq;
    const page = paginate(siteLocales(site.id), (l) => !l.deleted, cmp, limit, cursor);
    return ['OK', { object: 'list', data: page.data.map(renderLocale), hasMore: page.hasMore }];
  },
  createLocale(ctx) {
    const v = [];
    const { values } = mapBody(ctx.body, [
      { json: 'siteId', proto: 'site_id', type: 'uuid' },
      { json: 'locale', proto: 'locale', type: 'string' },
      { json: 'domain', proto: 'domain', type: 'string' },
    ], v);
    req(values, 'siteId', v);
    req(values, 'locale', v);
    let code;
    if (values.locale) {
      code = normLocale(values.locale.value);
      if (!code) v.push({ field: values.locale.sent, message: 'must be a language code with an optional region, such as "fr" or "fr-CA"' });
    }
    const domain = values.domain ? checkUrlField(values.domain, normDomain, v) : null;
    if (v.length) throw invalid(v);
    const site = getSiteOr404(values.siteId.value);
    authorizeSite(ctx.principal, site, 'createLocale');
    const same = siteLocales(site.id).filter((l) => l.code === code);
    if (same.some((l) => !l.deleted)) throw exists(`locale ${code} already exists in this site`);
    if (same.length) throw exists(`locale ${code} was deleted from this site; restore it instead`);
    if (domain) checkDomainFree(site.id, domain, null);
    const l = newLocale(site.id, code, domain);
    return ['CREATED', renderLocale(l)];
  },
  getLocale(ctx) {
    const { site, locale } = resolveLocale(ctx, 'getLocale', { allowDeletedById: true });
    void site;
    return ['OK', renderLocale(locale)];
  },
  updateLocale(ctx) {
    const v = [];
    const pre = localeFacade(ctx, v);
    const { values, mask } = mapBody(ctx.body, [
      { json: 'locale', proto: 'locale', type: 'string' },
      { json: 'domain', proto: 'domain', type: 'string', nullable: true },
    ], v);
    let code;
    if (values.locale) {
      code = normLocale(values.locale.value);
      if (!code) v.push({ field: values.locale.sent, message: 'must be a language code with an optional region, such as "fr" or "fr-CA"' });
    }
    let domain = null;
    if (values.domain && values.domain.value !== null) domain = checkUrlField(values.domain, normDomain, v);
    if (v.length) throw invalid(v);
    const { site, locale } = resolveLocale(ctx, 'updateLocale', { pre });
    if (mask.includes('locale') && code !== locale.code) {
      const same = siteLocales(site.id).filter((l) => l.code === code && l.id !== locale.id);
      if (same.some((l) => !l.deleted)) throw exists(`locale ${code} already exists in this site`);
      if (same.length) throw exists(`locale ${code} was deleted from this site; restore it instead`);
    }
    if (mask.includes('domain') && domain) checkDomainFree(site.id, domain, locale.id);
    if (mask.includes('locale')) locale.code = code;
    if (mask.includes('domain')) locale.domain = domain;
    return ['OK', renderLocale(locale)];
  },
  deleteLocale(ctx) {
    const { site, locale } = resolveLocale(ctx, 'deleteLocale');
    if (locale.id === site.defaultLocaleId) throw precondition('localeIdOrCode', 'the default locale of a site cannot be deleted');
    locale.deleted = true;
    locale.deletedAt = now();
    return ['NO_CONTENT'];
  },
  restoreLocale(ctx) {
    const { site, locale } = resolveLocale(ctx, 'restoreLocale', { forRestore: true });
    if (!locale.deleted) throw exists(`locale ${locale.code} is not deleted`);
    if (activeLocales(site.id).some((l) => l.code === locale.code)) throw exists(`locale ${locale.code} is active again in this site`);
    if (locale.domain && activeLocales(site.id).some((l) => l.domain && domainKey(l.domain) === domainKey(locale.domain))) throw exists(`domain ${locale.domain} is used by another locale of this site`);
    locale.deleted = false;
    locale.deletedAt = null;
    return ['OK', renderLocale(locale)];
  },

  // ---------------- pages
  listPages(ctx) {
    return listPagesImpl(ctx, null);
  },
  listSitePages(ctx) {
    return listPagesImpl(ctx, ctx.params.siteId);
  },
  createPage(ctx) {
    const v = [];
    const { values } = mapBody(ctx.body, [
      { json: 'siteId', proto: 'site_id', type: 'uuid' },
      { json: 'pathname', proto: 'pathname', type: 'string' },
      { json: 'name', proto: 'name', type: 'string' },
    ], v);
    req(values, 'siteId', v, 'siteId');
    req(values, 'pathname', v);
    req(values, 'name', v);
    if (values.pathname) {
      const e = checkPagePath(values.pathname.value);
      if (e) v.push({ field: values.pathname.sent, message: e });
    }
    if (values.name) checkPageName(values.name, v);
    if (v.length) throw invalid(v);
    const site = getSiteOr404(values.siteId.value);
    authorizeSite(ctx.principal, site, 'createPage');
    checkPathFree(site.id, values.pathname.value, null);
    const p = newPage(site.id, { pathname: values.pathname.value, name: values.name.value });
    return ['CREATED', renderPage(p, { withLocale: false })];
  },
  getPage(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['siteId', 'versionRef', 'locale'], v);
    const pre = refFacade(ctx, q, v);
    const version = qEnum(q, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft', v);
    const localeSel = checkLocaleSelector(q, v);
    if (v.length) throw invalid(v);
    let site = pre.siteId ? getSiteOr404(pre.siteId) : null;
    let page;
    let localeRec = null;
    if (site) {
      authorizeSite(ctx.principal, site, 'getPage');
      if (localeSel) localeRec = resolveLocaleSelector(site, localeSel);
    }
    if (pre.ref.id) {
      page = db.pages.get(pre.ref.id);
      if (!page || page.deleted || (site && page.siteId !== site.id)) throw notFound('page');
    } else {
      const candidates = sitePages(site.id).filter((p) => !p.deleted);
      page = candidates.find((p) => p.pathname === pre.ref.pathname);
      if (!page && localeRec) page = candidates.find((p) => pageShown(p, localeRec).localized && pageShown(p, localeRec).pathname === pre.ref.pathname);
      if (!page) throw notFound('page');
    }
    if (!site) {
      site = getSiteOr404(page.siteId);
      authorizeSite(ctx.principal, site, 'getPage');
      if (localeSel) localeRec = resolveLocaleSelector(site, localeSel);
    }
    if (version === 'ref:live' && page.publishedAt === null) throw notFound('page (live version)');
    return ['OK', renderPage(page, { localeRec })];
  },
  updatePage(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['siteId'], v);
    const pre = refFacade(ctx, q, v);
    const { values, mask } = mapBody(ctx.body, [
      { json: 'pathname', proto: 'pathname', type: 'string' },
      { json: 'name', proto: 'name', type: 'string' },
      { json: 'isOnline', proto: 'is_online', type: 'bool' },
    ], v);
    if (mask.length === 0 && !v.some((x) => x.field !== '*')) v.push({ field: 'pathname', message: 'Missing pathname field.' });
    if (values.pathname) {
      const e = checkPagePath(values.pathname.value);
      if (e) v.push({ field: values.pathname.sent, message: e });
    }
    if (values.name) checkPageName(values.name, v);
    if (v.length) throw invalid(v);
    const page = resolvePageForWrite(ctx, pre, 'updatePage');
    if (mask.includes('pathname') && values.pathname.value !== page.pathname) checkPathFree(page.siteId, values.pathname.value, page.id);
    const t = now();
    if (mask.includes('pathname')) page.pathname = values.pathname.value;
    if (mask.includes('name')) page.name = values.name.value;
    if (mask.includes('isOnline')) {
      const on = values.isOnline.value;
      if (on && page.publishedAt === null) page.publishedAt = t;
      page.isOnline = on;
    }
    page.updatedAt = t; // every field named in the mask is written, equal values included
    return ['OK', renderPage(page, { withLocale: false })];
  },
  deletePage(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['siteId'], v);
    const pre = refFacade(ctx, q, v);
    if (v.length) throw invalid(v);
    const page = resolvePageForWrite(ctx, pre, 'deletePage');
    page.deleted = true;
    return ['NO_CONTENT'];
  },

  // ---------------- routes
  listRoutes(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['siteId', 'limit', 'startingAfter'], v);
    const siteId = qUuid(q, 'siteId', v, true);
    const limit = qLimit(q, v, { strictRange: false });
    const cursor = qUuid(q, 'startingAfter', v, false);
    if (v.length) throw invalid(v);
    const site = getSiteOr404(siteId);
    authorizeSite(ctx.principal, site, 'listRoutes');
    const cmp = (a, b) => -cmpStr(a.pathname, b.pathname) || a.seq - b.seq;
    const page = paginate(siteRoutes(site.id), (r) => !r.deleted, cmp, limit, cursor);
    return ['OK', { object: 'list', data: page.data.map(renderRoute), hasMore: page.hasMore }];
  },
  createRoute(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['skipValidation'], v);
    const skip = qEnum(q, 'skipValidation', ['true', 'false'], 'false', v) === 'true';
    const { values } = mapBody(ctx.body, [
      { json: 'siteId', proto: 'site_id', type: 'uuid' },
      { json: 'pathname', proto: 'pathname', type: 'string' },
    ], v);
    req(values, 'siteId', v);
    req(values, 'pathname', v);
    if (values.pathname) {
      const e = checkRoutePath(values.pathname.value, skip);
      if (e) v.push({ field: values.pathname.sent, message: e });
    }
    if (v.length) throw invalid(v);
    const site = getSiteOr404(values.siteId.value);
    authorizeSite(ctx.principal, site, 'createRoute');
    checkPathFree(site.id, values.pathname.value, null);
    return ['CREATED', renderRoute(newRoute(site.id, values.pathname.value))];
  },
  getRoute(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['siteId'], v);
    const pre = refFacade(ctx, q, v);
    if (v.length) throw invalid(v);
    return ['OK', renderRoute(resolveRoute(ctx, pre, 'getRoute'))];
  },
  updateRoute(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['siteId', 'skipValidation'], v);
    const pre = refFacade(ctx, q, v);
    const skip = qEnum(q, 'skipValidation', ['true', 'false'], 'false', v) === 'true';
    const { values, mask } = mapBody(ctx.body, [{ json: 'pathname', proto: 'pathname', type: 'string' }], v);
    if (values.pathname) {
      const e = checkRoutePath(values.pathname.value, skip);
      if (e) v.push({ field: values.pathname.sent, message: e });
    }
    if (v.length) throw invalid(v);
    const r = resolveRoute(ctx, pre, 'updateRoute');
    if (mask.includes('pathname') && values.pathname.value !== r.pathname) {
      checkPathFree(r.siteId, values.pathname.value, r.id);
      r.pathname = values.pathname.value;
    }
    return ['OK', renderRoute(r)];
  },
  deleteRoute(ctx) {
    const v = [];
    const q = readQuery(ctx.query, ['siteId'], v);
    const pre = refFacade(ctx, q, v);
    if (v.length) throw invalid(v);
    const r = resolveRoute(ctx, pre, 'deleteRoute');
    r.deleted = true;
    return ['NO_CONTENT'];
  },
};

// ---------------------------------------------------------------- helpers used by operations
function pathUuid(value, field, v) {
  if (!UUID_RE.test(value)) {
    const viol = { field, message: 'must be a UUID' };
    if (v) {
      v.push(viol);
      return undefined;
    }
    throw invalid([viol]);
  }
  return value.toLowerCase();
}
function checkSiteName(entry, v) {
  const t = entry.value.trim();
  if (t === '') v.push({ field: entry.sent, message: 'must not be empty' });
  else if (cpLen(t) > 90) v.push({ field: entry.sent, message: 'must be at most 90 characters' });
  else if (CONTROL.test(t)) v.push({ field: entry.sent, message: 'must not contain control characters' });
  else return t;
  return undefined;
}
function checkPageName(entry, v) {
  const s = entry.value;
  if (s.length < 1) v.push({ field: entry.sent, message: 'must have a minimum length of 1' });
  else if (cpLen(s) > 160) v.push({ field: entry.sent, message: 'must be at most 160 characters' });
  else if (CONTROL.test(s)) v.push({ field: entry.sent, message: 'must not contain control characters' });
}
function checkUrlField(entry, norm, v) {
  const r = norm(entry.value);
  if (r.error) {
    v.push({ field: entry.sent, message: r.error });
    return undefined;
  }
  return r.value;
}
function checkDomainFree(siteId, domain, selfId) {
  const k = domainKey(domain);
  if (activeLocales(siteId).some((l) => l.id !== selfId && l.domain && domainKey(l.domain) === k)) throw exists(`domain ${domain} is used by another locale of this site`);
}
function checkPathFree(siteId, pathname, selfId) {
  if (sitePages(siteId).some((p) => !p.deleted && p.id !== selfId && p.pathname === pathname)) throw exists(`a page with pathname ${pathname} already exists`);
  if (siteRoutes(siteId).some((r) => !r.deleted && r.id !== selfId && r.pathname === pathname)) throw exists(`a route with pathname ${pathname} already exists`);
}
function localeFacade(ctx, v) {
  const q = readQuery(ctx.query, ['siteId'], v);
  const raw = ctx.params.localeIdOrCode;
  const siteId = qUuid(q, 'siteId', v, false);
  let id = null;
  let code = null;
  if (UUID_RE.test(raw)) id = raw.toLowerCase();
  else {
    code = normLocale(raw);
    if (!code) v.push({ field: 'localeIdOrCode', message: 'must be a locale ID (UUID) or a locale code' });
    else if (!q.siteId) v.push({ field: 'siteId', message: 'is required when a locale code (not an ID) is used' });
  }
  return { id, code, siteId };
}
function resolveLocale(ctx, op, { pre, allowDeletedById = false, forRestore = false } = {}) {
  if (!pre) {
    const v = [];
    pre = localeFacade(ctx, v);
    if (v.length) throw invalid(v);
  }
  let site = pre.siteId ? getSiteOr404(pre.siteId) : null;
  let locale;
  if (pre.id) {
    locale = db.locales.get(pre.id);
    if (!locale || (site && locale.siteId !== site.id)) throw notFound('locale');
    const owner = db.sites.get(locale.siteId);
    if (!owner || owner.deleted) throw notFound('locale');
    if (locale.deleted && !allowDeletedById && !forRestore) throw notFound('locale');
    site = owner;
  } else {
    const all = siteLocales(site.id).filter((l) => l.code === pre.code);
    if (forRestore) {
      locale = all.find((l) => !l.deleted) || all.filter((l) => l.deleted).sort((a, b) => cmpNum(b.deletedAt, a.deletedAt))[0];
    } else locale = all.find((l) => !l.deleted);
    if (!locale) throw notFound('locale');
  }
  authorizeSite(ctx.principal, site, op);
  return { site, locale };
}
function refFacade(ctx, q, v) {
  const ref = ctx.params.ref;
  const siteId = qUuid(q, 'siteId', v, !!ref.pathname, 'is required when a pathname (not an ID) is used');
  return { ref, siteId };
}
function checkLocaleSelector(q, v) {
  const e = q.locale;
  if (!e || e.error) return null;
  if (UUID_RE.test(e.value)) return { id: e.value.toLowerCase() };
  const code = normLocale(e.value);
  if (!code) {
    v.push({ field: e.sent, message: 'must be a locale code or a site locale ID' });
    return null;
  }
  return { code };
}
function resolveLocaleSelector(site, sel) {
  const l = activeLocales(site.id).find((x) => (sel.id ? x.id === sel.id : x.code === sel.code));
  if (!l) throw notFound('locale');
  return l;
}
function resolvePageForWrite(ctx, pre, op) {
  let site = pre.siteId ? getSiteOr404(pre.siteId) : null;
  let page;
  if (pre.ref.id) {
    page = db.pages.get(pre.ref.id);
    if (!page || page.deleted || (site && page.siteId !== site.id)) throw notFound('page');
    site = getSiteOr404(page.siteId);
  } else {
    page = sitePages(site.id).find((p) => !p.deleted && p.pathname === pre.ref.pathname);
    if (!page) throw notFound('page');
  }
  authorizeSite(ctx.principal, site, op);
  return page;
}
function resolveRoute(ctx, pre, op) {
  let site = pre.siteId ? getSiteOr404(pre.siteId) : null;
  let r;
  if (pre.ref.id) {
    r = db.routes.get(pre.ref.id);
    if (!r || r.deleted || (site && r.siteId !== site.id)) throw notFound('route');
    site = getSiteOr404(r.siteId);
  } else {
    r = siteRoutes(site.id).find((x) => !x.deleted && x.pathname === pre.ref.pathname);
    if (!r) throw notFound('route');
  }
  authorizeSite(ctx.principal, site, op);
  return r;
}
function listPagesImpl(ctx, pathSiteId) {
  const v = [];
  const q = readQuery(ctx.query, ['siteId', 'limit', 'startingAfter', 'pathPrefix', 'sortBy', 'sortDirection', 'includeOffline', 'locale', 'versionRef'], v);
  let siteId;
  if (pathSiteId !== null) {
    siteId = pathUuid(pathSiteId, 'siteId', v);
    const qs = qUuid(q, 'siteId', v, false);
    if (qs && siteId && qs !== siteId) v.push({ field: q.siteId.sent, message: 'must match the site of the path when given' });
  } else siteId = qUuid(q, 'siteId', v, true);
  const limit = qLimit(q, v, { strictRange: false });
  const cursor = qUuid(q, 'startingAfter', v, false);
  const prefix = q.pathPrefix && !q.pathPrefix.error ? q.pathPrefix.value : '/';
  const sortBy = qEnum(q, 'sortBy', ['title', 'path', 'description', 'updatedAt', 'createdAt'], 'path', v);
  const dir = qEnum(q, 'sortDirection', ['asc', 'desc'], 'asc', v);
  const includeOffline = qEnum(q, 'includeOffline', ['true', 'false'], pathSiteId !== null ? 'true' : 'false', v) === 'true';
  const version = qEnum(q, 'versionRef', ['ref:live', 'ref:draft'], 'ref:draft', v);
  const localeSel = checkLocaleSelector(q, v);
  if (v.length) throw invalid(v);
  const site = getSiteOr404(siteId);
  authorizeSite(ctx.principal, site, pathSiteId !== null ? 'listSitePages' : 'listPages');
  const localeRec = localeSel ? resolveLocaleSelector(site, localeSel) : null;
  const nonDefault = localeRec && localeRec.id !== site.defaultLocaleId;
  const all = sitePages(site.id).map((p) => ({ id: p.id, p, shown: pageShown(p, localeRec) }));
  const key = (x) => {
    switch (sortBy) {
      case 'title':
        return x.shown.title ?? '';
      case 'description':
        return x.shown.description ?? '';
      case 'updatedAt':
        return x.p.updatedAt;
      case 'createdAt':
        return x.p.createdAt;
      default:
        return x.shown.pathname;
    }
  };
  const sign = dir === 'desc' ? -1 : 1;
  const cmp = (a, b) => sign * (cmpNum(key(a), key(b)) || a.p.seq - b.p.seq);
  const visible = (x) => {
    if (x.p.deleted) return false;
    if (nonDefault && !x.shown.localized) return false;
    if (version === 'ref:live' && x.p.publishedAt === null) return false;
    if (!includeOffline && !x.p.isOnline) return false;
    return x.shown.pathname.startsWith(prefix);
  };
  const page = paginate(all, visible, cmp, limit, cursor);
  return ['OK', { object: 'list', data: page.data.map((x) => renderPage(x.p, { localeRec })), hasMore: page.hasMore }];
}

// ---------------------------------------------------------------- request handling
async function handle(request, res) {
  const rawUrl = request.url || '/';
  const qi = rawUrl.indexOf('?');
  const path = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
  const qs = qi < 0 ? '' : rawUrl.slice(qi + 1);
  const method = request.method;

  // 1. gateway route table, before anything else
  const r = path.startsWith('/') ? route(method, path) : null;
  if (!r || r.badMethod) {
    request.resume();
    const msg = r ? `${method} is not served on ${path}` : `no route for ${method} ${path}`;
    return sendError(res, new Status('NOT_FOUND', msg));
  }
  // 2. body (read fully; size is the first thing the gRPC channel enforces)
  const body = await readBody(request);
  if (body.over) {
    const err = invalid([{ field: '*', message: `message larger than max (${body.size} vs. ${MAX_BODY})` }]);
    return sendError(res, err, body.hardCap ? { connection: 'close' } : {});
  }
  // 3. authentication
  const principal = authenticate(request.headers['x-api-key']);
  if (!principal) return sendError(res, new Status('UNAUTHENTICATED', 'missing or invalid API key (x-api-key)'));
  // 4. body decoding (only for operations with a request body)
  let parsed;
  if (BODY_OPS.has(r.op)) {
    const text = body.buf.toString('utf8');
    if (text.trim() !== '') {
      const ct = String(request.headers['content-type'] || '').toLowerCase();
      const [mediaType, ...params] = ct.split(';').map((s) => s.trim());
      if (/^application\/(x-)?protobuf$|^application\/grpc/.test(mediaType)) {
        return sendError(res, invalid([{ field: '*', message: `binary protobuf (${mediaType}) is not served by the REST gateway; send JSON` }]));
      }
      if (mediaType === 'application/x-www-form-urlencoded' || mediaType.startsWith('multipart/')) {
        return sendError(res, invalid([{ field: '*', message: `${mediaType} bodies are not decoded; send JSON` }]));
      }
      const cs = params.find((p) => p.startsWith('charset='));
      if (cs && !['utf-8', 'utf8', '"utf-8"'].includes(cs.slice(8))) {
        return sendError(res, invalid([{ field: '*', message: `charset ${cs.slice(8)} is not supported; JSON is UTF-8` }]));
      }
      try {
        parsed = JSON.parse(text);
      } catch {
        return sendError(res, invalid([{ field: '*', message: 'the body is not valid JSON' }]));
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return sendError(res, invalid([{ field: '*', message: 'the body must be a JSON object' }]));
      }
    }
  }
  const ctx = { principal, params: r.params || {}, query: parseQueryString(qs), body: ensureObject(parsed) };
  try {
    const [kind, out] = ops[r.op](ctx);
    if (kind === 'NO_CONTENT') return send(res, 204);
    if (kind === 'CREATED') return send(res, 201, out, { 'x-grpc-status': '0' });
    return send(res, 'OK', out);
  } catch (e) {
    if (e instanceof Status) return sendError(res, e);
    process.stderr.write(`outsider15: unexpected ${e && e.stack}\n`);
    return sendError(res, invalid([{ field: '*', message: 'the request could not be processed' }]));
  }
}

export async function startServer({ port = 0 } = {}) {
  const announce = seed();
  const server = createServer((request, res) => {
    handle(request, res).catch((e) => {
      process.stderr.write(`outsider15: ${e && e.stack}\n`);
      try {
        sendError(res, invalid([{ field: '*', message: 'the request could not be processed' }]));
      } catch {
        res.destroy();
      }
    });
  });
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const text = JSON.stringify({ object: 'error', code: 'bad_request', message: 'malformed HTTP request', details: [{ field: '*', message: 'malformed HTTP request' }] });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nx-grpc-status: 3\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    baseUrl: url,
    ...announce,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
        setTimeout(resolve, 250).unref();
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port: Number.isFinite(port) ? port : 0 });
  process.stdout.write(`${JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey })}\n`);
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
