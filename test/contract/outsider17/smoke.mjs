// Self-test of outsider17: starts the server in-process, calls every operation, checks statuses, the error
// envelope and this deployment's own choices, and validates every success body against the published OpenAPI
// response schema (routes, absent from the OpenAPI, against the specification's Route table).
//   node smoke.mjs            (OPENAPI=/path/to/openapi.json to validate against another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---------------------------------------------------------------- a small JSON Schema checker
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
function check(schema, v, at = '$') {
  if (!schema || Object.keys(schema).length === 0) return [];
  if (schema.$ref) return check(doc.components.schemas[schema.$ref.split('/').pop()], v, at);
  const errs = [];
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => check(s, v, at).length === 0).length;
    if (n !== 1) errs.push(`${at}: matches ${n} of oneOf`);
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = kind(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return [...errs, `${at}: ${t} is not ${types.join('|')}`];
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string') {
    if (schema.format === 'uuid' && !UUID.test(v)) errs.push(`${at}: not a uuid`);
    if (schema.format === 'date-time' && (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v)))) errs.push(`${at}: not a date-time`);
    if (schema.format === 'uri') {
      try {
        new URL(v);
      } catch {
        errs.push(`${at}: not a uri`);
      }
    }
  }
  if (kind(v) === 'object') {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...check(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...check(schema.items, x, `${at}[${i}]`)));
  return errs;
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTES = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTES;
  return doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema ?? null;
}

// ---------------------------------------------------------------- harness
const s = await startServer({ port: 0 });
let failures = 0;
let calls = 0;
let validated = 0;
const ok = (cond, msg) => {
  if (!cond) {
    failures++;
    console.error(`FAIL ${msg}`);
  }
};
function raw(method, path, { key = s.apiKey, body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const h = { ...headers };
    if (key !== null) h['x-api-key'] = key;
    const req = request(s.url + path, { method, headers: h }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
async function expect(label, method, path, status, { key, body, rawBody, headers, op, as } = {}) {
  calls++;
  const h = { ...(headers || {}) };
  let payload = rawBody;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] ??= 'application/json';
  }
  const r = await raw(method, path, { key, body: payload, headers: h });
  let json = null;
  if (method !== 'HEAD') {
    try {
      json = r.text ? JSON.parse(r.text) : null;
    } catch {
      ok(false, `${label}: body is not JSON: ${r.text.slice(0, 80)}`);
    }
  }
  ok(r.status === status, `${label}: status ${r.status}, expected ${status}: ${r.text.slice(0, 300)}`);
  if (r.status === 204) ok(r.text === '', `${label}: 204 with a body`);
  else ok(/^application\/json/.test(r.headers['content-type'] || ''), `${label}: content-type ${r.headers['content-type']}`);
  if (r.status >= 400 && json) {
    ok(json.object === 'error' && json.code === CODES[r.status] && typeof json.message === 'string', `${label}: error envelope ${r.text}`);
    if (r.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: 400 details`);
      ok(new Set(json.details.map((d) => d.field)).size === json.details.length, `${label}: one detail per field`);
    } else ok(!('details' in json), `${label}: details outside 400`);
  }
  if (r.status < 300 && r.status !== 204 && op && method !== 'HEAD') {
    const schema = schemaFor(op, as ?? method, r.status);
    ok(schema !== null, `${label}: no schema for ${method} ${op} ${r.status}`);
    if (schema) {
      const errs = check(schema, json);
      validated++;
      ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`);
    }
  }
  return { status: r.status, body: json, headers: r.headers };
}
const ZERO = '00000000-0000-4000-8000-000000000000';
const enc = encodeURIComponent;
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+09:00$/;

try {
  const ws = s.workspaceId;
  ok(/^ak_live_[1-9A-HJ-NP-Za-km-z]{24}$/.test(s.apiKey) && UUID.test(s.siteApiKey), 'announced keys');

  // ======== authentication and plumbing
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'ak_live_nope' });
  await expect('unknown path before auth', 'GET', '/v2/nothing', 404, { key: null });
  await expect('OPTIONS unknown', 'OPTIONS', '/v2/sites', 404);
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Sakura Shop|Sakura Journal', 'sites newest first');
  const [shop, journal] = sites.body.data;
  ok(sites.headers['x-request-id'] && sites.headers['x-runtime'], 'x-request-id and x-runtime');
  const rid = await raw('GET', `/v2/sites/${shop.id}`, { headers: { 'x-request-id': 'abc-123!' } });
  ok(rid.headers['x-request-id'] === 'abc-123', 'client request id sanitised and echoed');
  await expect('trailing slash', 'GET', `/v2/sites/?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  await expect('.json suffix', 'GET', `/v2/sites/${shop.id}.json`, 200, { op: '/v2/sites/{siteId}' });
  await expect('HEAD', 'HEAD', `/v2/sites/${shop.id}`, 200);
  await expect('key with spaces', 'GET', `/v2/sites/${shop.id}`, 200, { key: `  ${s.apiKey} `, op: '/v2/sites/{siteId}' });
  await expect('site key upper-case', 'GET', `/v2/sites/${shop.id}`, 200, { key: s.siteApiKey.toUpperCase(), op: '/v2/sites/{siteId}' });
  await expect('publicApiKey is no API key', 'GET', `/v2/sites/${shop.id}`, 401, { key: shop.publicApiKey });
  await expect('bad query encoding', 'GET', `/v2/sites?workspaceId=${ws}&limit=%zz`, 400);
  await expect('bad path encoding', 'GET', '/v6/pages/%E0%A4%A?siteId=' + shop.id, 400);
  await expect('malformed JSON even on GET', 'GET', `/v2/sites/${shop.id}`, 400, { rawBody: '{', headers: { 'content-type': 'application/json' } });
  await expect('huge body', 'POST', '/v2/sites', 400, { rawBody: 'x'.repeat(1100 * 1024), headers: { 'content-type': 'application/json' } });

  // ======== sites
  await expect('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' }).then((r) => ok(r.body.hasMore === true && r.body.data.length === 1, 'sites hasMore'));
  const p2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${shop.id}`, 200, { op: '/v2/sites' });
  ok(p2.body.data[0].id === journal.id && p2.body.hasMore === false, 'sites page 2');
  await expect('limit=010', 'GET', `/v2/sites?workspaceId=${ws}&limit=010`, 200, { op: '/v2/sites' });
  await expect('limit=1_0', 'GET', `/v2/sites?workspaceId=${ws}&limit=1_0`, 400);
  await expect('limit=1e1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1e1`, 200, { op: '/v2/sites' });
  await expect('limit=101', 'GET', `/v2/sites?workspaceId=${ws}&limit=101`, 400);
  await expect('limit=0', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 400);
  await expect('limit=2.5', 'GET', `/v2/sites?workspaceId=${ws}&limit=2.5`, 400);
  await expect('limit= empty is absent', 'GET', `/v2/sites?workspaceId=${ws}&limit=`, 200, { op: '/v2/sites' });
  await expect('limit[] nested', 'GET', `/v2/sites?workspaceId=${ws}&limit[]=3`, 400);
  await expect('unknown cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 404);
  await expect('list sites no workspace', 'GET', '/v2/sites', 400);
  await expect('list sites unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 404);
  await expect('list sites other workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey });
  await expect('list sites site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });

  const created = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Smoke Site  ', hostOrigin: 'https://Smoke.Example/', defaultLocale: 'de_at' }, op: '/v2/sites' });
  ok(created.body.name === 'Smoke Site' && created.body.hostOrigin === 'https://Smoke.Example' && created.body.defaultLocale === 'de-AT', 'create site normalises');
  ok(created.body.localeManagementMode === 'internal' && created.body.defaultLocalePathPrefix === null, 'site defaults');
  const site = created.body;
  await expect('create site array body', 'POST', '/v2/sites', 400, { body: [{ workspaceId: ws, name: 'Array' }] });
  const bad = await expect('create site invalid', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: ' ', hostOrigin: 'ftp://x', defaultLocale: 'english' } });
  ok(bad.body.details.map((d) => d.field).join() === 'name,hostOrigin,defaultLocale', 'details in model order');
  ok(bad.body.message.startsWith("Validation failed: Name can't be blank"), 'Rails message');
  await expect('create site text/plain body ignored', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ workspaceId: ws, name: 'x' }), headers: { 'content-type': 'text/plain' } });
  await expect('create site text/x-json', 'POST', '/v2/sites', 201, { rawBody: JSON.stringify({ workspaceId: ws, name: 'X json' }), headers: { 'content-type': 'text/x-json; charset=latin1' }, op: '/v2/sites' });
  await expect('create site other workspace', 'POST', '/v2/sites', 403, { body: { workspaceId: ws, name: 'x' }, key: s.otherApiKey });
  await expect('create site site key', 'POST', '/v2/sites', 403, { body: { workspaceId: ws, name: 'x' }, key: s.siteApiKey });
  await expect('create site hostOrigin null', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', hostOrigin: null } });
  await expect('create site hostOrigin with spaces', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', hostOrigin: ' https://a.example' } });
  await expect('create site IRI', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', hostOrigin: 'https://exämple.com' } });

  await expect('get site', 'GET', `/v2/sites/${site.id}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site malformed id', 'GET', '/v2/sites/abc', 404);
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site other workspace', 'GET', `/v2/sites/${site.id}`, 403, { key: s.otherApiKey });
  await expect('get site with site key (own)', 'GET', `/v2/sites/${shop.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await expect('get site with site key (other)', 'GET', `/v2/sites/${journal.id}`, 403, { key: s.siteApiKey });
  const upd = await expect('update site', 'PATCH', `/v2/sites/${site.id}`, 200, { body: { name: 'Smoke Renamed', hostOrigin: 'http://localhost:3000/' }, op: '/v2/sites/{siteId}' });
  ok(upd.body.name === 'Smoke Renamed' && upd.body.hostOrigin === 'http://localhost:3000', 'update site');
  await expect('update site PUT alias', 'PUT', `/v2/sites/${site.id}`, 200, { body: { name: 'Smoke Put' }, op: '/v2/sites/{siteId}', as: 'PATCH' });
  await expect('update site method override', 'POST', `/v2/sites/${site.id}`, 200, { body: { name: 'Smoke Override' }, headers: { 'x-http-method-override': 'PATCH' }, op: '/v2/sites/{siteId}', as: 'PATCH' });
  await expect('update site defaultLocale refused', 'PATCH', `/v2/sites/${site.id}`, 400, { body: { defaultLocale: 'fr-FR' } });
  await expect('update site empty body', 'PATCH', `/v2/sites/${site.id}`, 200, { body: {}, op: '/v2/sites/{siteId}' });
  await expect('update site site key', 'PATCH', `/v2/sites/${shop.id}`, 403, { body: { name: 'x' }, key: s.siteApiKey });

  // ======== locales
  const L = (p) => `/v2/locales${p}`;
  const loc = await expect('create locale', 'POST', L(''), 201, { body: { siteId: site.id, locale: 'FR_ca', domain: 'https://fr.smoke.example/' }, op: '/v2/locales' });
  ok(loc.body.locale === 'fr-CA' && loc.body.domain === 'https://fr.smoke.example' && loc.body.isDefault === false && loc.body.pathPrefix === null, 'locale normalised');
  await expect('create locale duplicate code', 'POST', L(''), 409, { body: { siteId: site.id, locale: 'fr-CA' } });
  await expect('create locale duplicate domain', 'POST', L(''), 409, { body: { siteId: site.id, locale: 'it', domain: 'HTTPS://FR.smoke.example' } });
  await expect('create locale invalid', 'POST', L(''), 400, { body: { siteId: site.id, locale: 'fra-CAN', domain: null } });
  await expect('create locale no site', 'POST', L(''), 400, { body: { locale: 'it' } });
  await expect('create locale unknown site', 'POST', L(''), 404, { body: { siteId: ZERO, locale: 'it' } });
  await expect('create locale site key', 'POST', L(''), 403, { body: { siteId: shop.id, locale: 'it' }, key: s.siteApiKey });
  const list = await expect('list locales', 'GET', L(`?siteId=${site.id}`), 200, { op: '/v2/locales' });
  ok(list.body.data.map((x) => x.locale).join() === 'fr-CA,de-AT', 'locales newest first');
  await expect('list locales limit 1', 'GET', L(`?siteId=${site.id}&limit=1`), 200, { op: '/v2/locales' }).then((r) => ok(r.body.hasMore, 'locales hasMore'));
  await expect('list locales page 2', 'GET', L(`?siteId=${site.id}&limit=1&startingAfter=${loc.body.id}`), 200, { op: '/v2/locales' }).then((r) => ok(r.body.data[0].locale === 'de-AT' && !r.body.hasMore, 'locales page 2'));
  await expect('list locales no site', 'GET', L(''), 400);
  await expect('list locales limit 101', 'GET', L(`?siteId=${site.id}&limit=101`), 400);
  await expect('get locale by id', 'GET', L(`/${loc.body.id}`), 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code', 'GET', L(`/fr-ca?siteId=${site.id}`), 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code without site', 'GET', L('/fr-CA'), 400);
  await expect('get locale other workspace', 'GET', L(`/${loc.body.id}`), 403, { key: s.otherApiKey });
  await expect('get locale unknown code', 'GET', L(`/xx?siteId=${site.id}`), 404);
  const lu = await expect('update locale', 'PATCH', L(`/${loc.body.id}`), 200, { body: { locale: 'fr-BE', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(lu.body.locale === 'fr-BE' && lu.body.domain === null, 'update locale');
  await expect('update locale conflict', 'PATCH', L(`/fr-BE?siteId=${site.id}`), 409, { body: { locale: 'de-AT' } });
  await expect('delete default locale', 'DELETE', L(`/de-AT?siteId=${site.id}`), 400);
  await expect('delete locale', 'DELETE', L(`/${loc.body.id}`), 204);
  await expect('deleted locale hidden', 'GET', L(`/${loc.body.id}`), 404);
  await expect('deleted code reserved', 'POST', L(''), 409, { body: { siteId: site.id, locale: 'fr-BE' } });
  const rs = await expect('restore locale', 'POST', L(`/fr-BE/restore?siteId=${site.id}`), 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(rs.body.id === loc.body.id, 'restore keeps id');
  await expect('restore live locale is a no-op', 'POST', L(`/${loc.body.id}/restore`), 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('delete again (soft)', 'DELETE', L(`/${loc.body.id}`), 204);
  await expect('delete a deleted locale purges it', 'DELETE', L(`/${loc.body.id}`), 204);
  await expect('restore purged', 'POST', L(`/${loc.body.id}/restore`), 404);
  await expect('code free after purge', 'POST', L(''), 201, { body: { siteId: site.id, locale: 'fr-BE' }, op: '/v2/locales' });

  // ======== pages
  const P = (p) => `/v6/pages${p}`;
  const pg = await expect('create page', 'POST', P(''), 201, { body: { siteId: site.id, pathname: 'Über Uns//Team ', name: 'Team' }, op: '/v6/pages' });
  ok(pg.body.pathname === '/uber-uns/team' && pg.body.title === 'Team' && pg.body.isOnline === true && pg.body.publishedAt === pg.body.createdAt, 'page created online, titled with its name');
  ok(TS.test(pg.body.createdAt), `timestamp form ${pg.body.createdAt}`);
  await expect('create page 2', 'POST', P(''), 201, { body: { siteId: site.id, pathname: '/', name: 'Home' }, op: '/v6/pages' });
  await expect('create page 3 by site key? no (other site)', 'POST', P(''), 403, { body: { siteId: site.id, pathname: '/k', name: 'K' }, key: s.siteApiKey });
  await expect('create page with site key', 'POST', P(''), 201, { body: { siteId: shop.id, pathname: '/news', name: 'News' }, key: s.siteApiKey, op: '/v6/pages' });
  await expect('create page conflict (case)', 'POST', P(''), 409, { body: { siteId: site.id, pathname: '/UBER-uns/team', name: 'x' } });
  const pbad = await expect('create page invalid', 'POST', P(''), 400, { body: { siteId: site.id, pathname: '/!!!', name: '' } });
  ok(pbad.body.details.map((d) => d.field).join() === 'pathname,name', 'page details');
  await expect('create page missing site', 'POST', P(''), 400, { body: { pathname: '/a', name: 'a' } });
  const lp = await expect('list pages', 'GET', P(`?siteId=${site.id}`), 200, { op: '/v6/pages' });
  ok(lp.body.data.map((x) => x.pathname).join() === '/,/uber-uns/team', 'pages by path');
  await expect('list pages v2 alias', 'GET', `/v2/sites/${site.id}/pages?limit=1`, 200, { op: '/v6/pages' }).then((r) => ok(r.body.hasMore === true, 'alias paginates'));
  await expect('list pages all params', 'GET', P(`?siteId=${site.id}&sortBy=title&sortDirection=desc&includeOffline=true&versionRef=ref:live&pathPrefix=/UBER&locale=de-AT&limit=5`), 200, { op: '/v6/pages' }).then((r) => ok(r.body.data.length === 1, 'pathPrefix case-insensitive'));
  await expect('list pages bad enum', 'GET', P(`?siteId=${site.id}&includeOffline=TRUE&sortBy=name`), 400);
  await expect('list pages unknown locale', 'GET', P(`?siteId=${site.id}&locale=zz`), 400);
  await expect('list pages unknown cursor', 'GET', P(`?siteId=${site.id}&startingAfter=${ZERO}`), 404);
  await expect('get page by id', 'GET', P(`/${pg.body.id}`), 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by raw path', 'GET', P(`/Uber-Uns/Team?siteId=${site.id}`), 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by encoded path', 'GET', P(`/${enc('/uber-uns/team')}?siteId=${site.id}`), 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get root page', 'GET', P(`/%2F?siteId=${site.id}`), 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page path without site', 'GET', P('/uber-uns/team'), 400);
  await expect('get page live', 'GET', P(`/${pg.body.id}?versionRef=ref:live`), 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page other workspace', 'GET', P(`/${pg.body.id}`), 403, { key: s.otherApiKey });
  const off = await expect('page offline', 'PATCH', P(`/${pg.body.id}`), 200, { body: { isOnline: false, name: 'Team (old)' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.isOnline === false && off.body.publishedAt === pg.body.publishedAt && off.body.title === 'Team (old)', 'offline keeps publishedAt');
  await expect('offline hidden', 'GET', P(`?siteId=${site.id}`), 200, { op: '/v6/pages' }).then((r) => ok(r.body.data.length === 1, 'offline page hidden by default'));
  const live = await expect('live keeps old title', 'GET', P(`/${pg.body.id}?versionRef=ref:live`), 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(live.body.title === 'Team' && live.body.isOnline === false, 'live snapshot');
  const on = await expect('page online again', 'PATCH', P(`/${pg.body.id}`), 200, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(on.body.publishedAt > pg.body.publishedAt, 'republished');
  const same = await expect('patch same name', 'PATCH', P(`/${pg.body.id}`), 200, { body: { name: 'Team (old)' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(same.body.updatedAt === on.body.updatedAt, 'no change, no touch');
  await expect('patch page empty', 'PATCH', P(`/${pg.body.id}`), 400, { body: {} });
  await expect('patch page bad isOnline', 'PATCH', P(`/${pg.body.id}`), 400, { body: { isOnline: 'true' } });
  await expect('patch page conflict', 'PATCH', P(`/${pg.body.id}`), 409, { body: { pathname: '/' } });
  await expect('patch page site key other site', 'PATCH', P(`/${pg.body.id}`), 403, { body: { name: 'x' }, key: s.siteApiKey });

  // localized views on the seeded journal
  const jl = await expect('journal ja-JP pages', 'GET', P(`?siteId=${journal.id}&locale=ja-jp`), 200, { op: '/v6/pages' });
  ok(jl.body.data.length === 1 && jl.body.data[0].pathname === '/gaiyou' && jl.body.data[0].locale === 'ja-JP', 'locale filter collapses');
  await expect('journal get about in fr (fallback)', 'GET', P(`/about?siteId=${journal.id}&locale=fr-FR`), 200, { op: '/v6/pages/{pageIdOrPathname}' }).then((r) => ok(r.body.locale === 'en-US', 'fallback to default'));

  // ======== routes
  const R = (p) => `/v2/routes${p}`;
  const rt = await expect('create route', 'POST', R(''), 201, { body: { siteId: site.id, pathname: 'blog(/:page)' }, op: 'route' });
  ok(rt.body.pathname === '/blog(/:page)', 'route normalised');
  await expect('create route glob', 'POST', R(''), 201, { body: { siteId: site.id, pathname: '/files/*path' }, op: 'route' });
  await expect('create route invalid', 'POST', R(''), 400, { body: { siteId: site.id, pathname: '/a[slug]' } });
  await expect('create route skipValidation', 'POST', R('?skipValidation=true'), 201, { body: { siteId: site.id, pathname: '/a[slug]' }, op: 'route' });
  await expect('create route clashes with page', 'POST', R(''), 409, { body: { siteId: site.id, pathname: '/Uber-Uns/Team' } });
  await expect('create route site key', 'POST', R(''), 403, { body: { siteId: shop.id, pathname: '/x' }, key: s.siteApiKey });
  await expect('list routes', 'GET', R(`?siteId=${site.id}`), 200, { op: 'routes' }).then((r) => ok(r.body.data.map((x) => x.pathname).join() === '/blog(/:page),/files/*path,/a[slug]', 'routes oldest first'));
  await expect('list routes limit', 'GET', R(`?siteId=${site.id}&limit=1&startingAfter=${rt.body.id}`), 200, { op: 'routes' }).then((r) => ok(r.body.hasMore === true, 'routes hasMore'));
  await expect('get route by id', 'GET', R(`/${rt.body.id}`), 200, { op: 'route' });
  await expect('get route by path', 'GET', R(`/${enc('/blog(/:page)')}?siteId=${site.id}`), 200, { op: 'route' });
  await expect('get route with site key (read)', 'GET', R(`/${enc('/checkout(/:step)')}?siteId=${shop.id}`), 200, { key: s.siteApiKey, op: 'route' });
  const ru = await expect('update route', 'PATCH', R(`/${rt.body.id}`), 200, { body: { pathname: '/posts/:id(.:format)' }, op: 'route' });
  ok(ru.body.pathname === '/posts/:id(.:format)', 'update route');
  await expect('update route invalid', 'PATCH', R(`/${rt.body.id}`), 400, { body: { pathname: '/posts/(' } });
  await expect('update route skip', 'PATCH', R(`/${rt.body.id}?skipValidation=true`), 200, { body: { pathname: '/posts/(' }, op: 'route' });
  await expect('update route bad skip', 'PATCH', R(`/${rt.body.id}?skipValidation=yes`), 400, { body: { pathname: '/p' } });
  await expect('update route path without site', 'PATCH', R('/files/*path'), 400, { body: { pathname: '/p' } });
  await expect('update route conflict', 'PATCH', R(`/${rt.body.id}?skipValidation=true`), 409, { body: { pathname: '/files/*path' } });
  await expect('delete route', 'DELETE', R(`/${rt.body.id}`), 204);
  await expect('delete route again', 'DELETE', R(`/${rt.body.id}`), 404);

  // ======== duplicate and deletes
  const dup = await expect('duplicate site', 'POST', `/v2/sites/${site.id}/duplicate`, 201, { body: { name: 'Smoke Copy' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.id !== site.id && dup.body.publicApiKey !== site.publicApiKey && dup.body.defaultLocale === 'de-AT', 'duplicate');
  await expect('duplicate pages copied', 'GET', P(`?siteId=${dup.body.id}&includeOffline=true`), 200, { op: '/v6/pages' }).then((r) => ok(r.body.data.length === 2, 'pages copied'));
  await expect('duplicate locales copied', 'GET', L(`?siteId=${dup.body.id}`), 200, { op: '/v2/locales' }).then((r) => ok(r.body.data.length === 2, 'active locales copied'));
  await expect('duplicate no name', 'POST', `/v2/sites/${site.id}/duplicate`, 400, { body: {} });
  await expect('duplicate site key', 'POST', `/v2/sites/${shop.id}/duplicate`, 403, { body: { name: 'x' }, key: s.siteApiKey });
  await expect('delete page', 'DELETE', P(`/${pg.body.id}`), 204);
  await expect('deleted page', 'GET', P(`/${pg.body.id}`), 404);
  await expect('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('deleted site hidden', 'GET', `/v2/sites/${dup.body.id}`, 404);
  await expect('deleted site pages', 'GET', P(`?siteId=${dup.body.id}`), 404);
  await expect('delete deleted site purges', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('delete purged site', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await expect('delete site site key', 'DELETE', `/v2/sites/${shop.id}`, 403, { key: s.siteApiKey });
  await expect('delete site other workspace', 'DELETE', `/v2/sites/${site.id}`, 403, { key: s.otherApiKey });
} catch (err) {
  failures++;
  console.error('FAIL (exception)', err);
} finally {
  await s.close();
}
console.log(`${calls} calls, ${validated} success bodies validated, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
