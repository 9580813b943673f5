// Self-test of outsider15: starts the server in-process, calls every operation, checks statuses, the
// error envelope and this deployment's own choices, and validates every success body against the
// published OpenAPI response schema (routes, absent from the OpenAPI, against the specification's table).
//   node test/contract/outsider15/smoke.mjs        (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---- a small JSON Schema checker (the subset the published OpenAPI uses)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
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
    const t = typeOf(v);
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
  if (typeOf(v) === 'object') {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...check(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...check(schema.items, x, `${at}[${i}]`)));
  return errs;
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
const ERROR = {
  type: 'object',
  required: ['object', 'code', 'message'],
  properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' } },
};
function opSchema(method, path, status) {
  const op = doc.paths[path]?.[method.toLowerCase()];
  const s = op?.responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!s) throw new Error(`no schema for ${method} ${path} ${status}`);
  return s;
}

// ---- harness
let failures = 0;
let passes = 0;
function ok(cond, what) {
  if (cond) passes++;
  else {
    failures++;
    console.error(`FAIL: ${what}`);
  }
}
const s = await startServer({ port: 0 });
const base = s.url;
async function call(method, path, { key = s.apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers: h, body: payload });
  const text = await res.text();
  let json = null;
  if (text) json = JSON.parse(text);
  return { status: res.status, body: json, headers: res.headers };
}
function expectOk(r, status, schema, what) {
  ok(r.status === status, `${what}: status ${r.status} (want ${status}) ${JSON.stringify(r.body)}`);
  if (r.status === status && schema) {
    const errs = check(schema, r.body);
    ok(errs.length === 0, `${what}: schema ${errs.join(', ')}`);
  }
  return r.body;
}
function expectErr(r, status, code, what, field) {
  ok(r.status === status, `${what}: status ${r.status} (want ${status}) ${JSON.stringify(r.body)}`);
  ok(check(ERROR, r.body).length === 0 && r.body.code === code, `${what}: envelope ${JSON.stringify(r.body)}`);
  if (status === 400) {
    ok(Array.isArray(r.body.details) && r.body.details.length > 0 && r.body.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${what}: details`);
    const fields = r.body.details.map((d) => d.field);
    ok(new Set(fields).size === fields.length, `${what}: one detail per field`);
    if (field) ok(fields.includes(field), `${what}: detail on ${field} (got ${fields})`);
  } else ok(!('details' in r.body), `${what}: no details outside 400`);
}

try {
  const W = s.workspaceId;
  // ---------------- sites
  const sites = expectOk(await call('GET', `/v2/sites?workspaceId=${W}`), 200, opSchema('GET', '/v2/sites', 200), 'list sites');
  ok(sites.data.length >= 2, 'workspace 1 has two sites');
  const docs = sites.data.find((x) => x.name === 'Quillon Docs');
  const status = sites.data.find((x) => x.name === 'Quillon Status');
  expectOk(await call('GET', `/v2/sites/${docs.id}`), 200, opSchema('GET', '/v2/sites/{siteId}', 200), 'get site');
  const created = expectOk(await call('POST', '/v2/sites', { body: { workspaceId: W, name: '  Smoke Site ', hostOrigin: 'HTTPS://Smoke.Example:443/app' } }), 201, opSchema('POST', '/v2/sites', 201), 'create site');
  ok(created.name === 'Smoke Site' && created.hostOrigin === 'https://smoke.example/app' && created.defaultLocale === 'en-US', `create site normalises ${JSON.stringify(created)}`);
  const upd = expectOk(await call('PATCH', `/v2/sites/${created.id}`, { body: { name: 'Smoke Site 2', host_origin: 'http://localhost:8080' } }), 200, opSchema('PATCH', '/v2/sites/{siteId}', 200), 'update site');
  ok(upd.name === 'Smoke Site 2' && upd.hostOrigin === 'http://localhost:8080', 'update site (proto field name alias)');
  expectErr(await call('PATCH', `/v2/sites/${created.id}`, { body: { defaultLocale: 'fr-FR' } }), 400, 'bad_request', 'defaultLocale refused', 'defaultLocale');
  const dup = expectOk(await call('POST', `/v2/sites/${docs.id}/duplicate`, { body: { name: 'Docs copy' } }), 201, opSchema('POST', '/v2/sites/{siteId}/duplicate', 201), 'duplicate site');
  const dup2 = expectOk(await call('POST', `/v2/sites/${docs.id}:duplicate`, { body: { name: 'Docs copy 2' } }), 201, opSchema('POST', '/v2/sites/{siteId}/duplicate', 201), 'duplicate site (custom method form)');
  const dupPages = expectOk(await call('GET', `/v6/pages?siteId=${dup.id}&includeOffline=true&limit=100`), 200, opSchema('GET', '/v6/pages', 200), 'duplicate pages');
  const srcPages = expectOk(await call('GET', `/v6/pages?siteId=${docs.id}&includeOffline=true&limit=100`), 200, opSchema('GET', '/v6/pages', 200), 'source pages');
  ok(dupPages.data.length === srcPages.data.length && dupPages.data.length > 0, 'duplicate copies pages');
  ok(expectOk(await call('GET', `/v2/routes?siteId=${dup.id}`), 200, ROUTE_LIST, 'duplicate routes').data.length === 2, 'duplicate copies routes');
  expectOk(await call('DELETE', `/v2/sites/${dup2.id}`), 204, null, 'delete site');
  expectErr(await call('GET', `/v2/sites/${dup2.id}`), 404, 'not_found', 'deleted site is 404');
  expectErr(await call('DELETE', `/v2/sites/${dup2.id}`), 404, 'not_found', 'repeated delete is 404');

  // ---------------- auth and permissions
  expectErr(await call('GET', `/v2/sites/${docs.id}`, { key: null }), 401, 'unauthorized', 'missing key');
  expectErr(await call('GET', `/v2/sites/${docs.id}`, { key: 'sbsapp1_nope' }), 401, 'unauthorized', 'invalid key');
  expectErr(await call('GET', `/v2/sites/${docs.id}`, { key: s.otherApiKey }), 403, 'forbidden', 'other workspace');
  expectErr(await call('GET', `/v2/sites?workspaceId=${W}`, { key: s.otherApiKey }), 403, 'forbidden', 'list other workspace');
  expectOk(await call('GET', `/v2/sites/${status.id}`, { key: s.siteApiKey.toUpperCase().replace(/-/g, '') }), 200, opSchema('GET', '/v2/sites/{siteId}', 200), 'site key in another uuid form');
  expectErr(await call('GET', `/v2/sites/${docs.id}`, { key: s.siteApiKey }), 403, 'forbidden', 'site key on another site');
  expectErr(await call('POST', '/v6/pages', { key: s.siteApiKey, body: { siteId: status.id, pathname: '/x', name: 'x' } }), 403, 'forbidden', 'site key may not write pages');
  expectErr(await call('POST', '/v6/pages', { key: s.siteApiKey, body: { siteId: status.id, pathname: 'x', name: 'x' } }), 400, 'bad_request', 'field problems before the key check', 'pathname');
  expectErr(await call('GET', `/v6/pages?siteId=${status.id}`, { key: status.publicApiKey }), 403, 'forbidden', 'publishable key may not list pages');
  expectOk(await call('GET', `/v2/locales?siteId=${status.id}`, { key: status.publicApiKey }), 200, opSchema('GET', '/v2/locales', 200), 'publishable key lists locales');

  // ---------------- locales
  const locs = expectOk(await call('GET', `/v2/locales?siteId=${docs.id}&limit=1`), 200, opSchema('GET', '/v2/locales', 200), 'list locales');
  ok(locs.data.length === 1 && locs.hasMore === true, 'locale page of 1');
  const locs2 = expectOk(await call('GET', `/v2/locales?siteId=${docs.id}&startingAfter=${locs.data[0].id}`), 200, opSchema('GET', '/v2/locales', 200), 'list locales page 2');
  ok(locs2.data.at(-1).isDefault === true && locs2.hasMore === false, 'default locale listed last');
  expectErr(await call('GET', `/v2/locales?siteId=${docs.id}&limit=101`), 400, 'bad_request', 'locale limit above 100', 'limit');
  expectErr(await call('GET', `/v2/locales?siteId=${docs.id}&limit=0`), 400, 'bad_request', 'locale limit 0', 'limit');
  expectErr(await call('GET', '/v2/locales'), 400, 'bad_request', 'siteId required', 'siteId');
  const nl = expectOk(await call('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'NL-nl', domain: 'https://NL.Quillon.example/' } }), 201, opSchema('POST', '/v2/locales', 201), 'create locale');
  ok(nl.locale === 'nl-NL' && nl.domain === 'https://nl.quillon.example' && nl.isDefault === false, `locale normalised ${JSON.stringify(nl)}`);
  expectErr(await call('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'nl-NL' } }), 409, 'conflict', 'duplicate locale');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'ko-KR' } }), 409, 'conflict', 'soft-deleted code is reserved');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'es-ES', domain: 'http://nl.quillon.example' } }), 409, 'conflict', 'domain taken whatever the scheme');
  expectOk(await call('GET', `/v2/locales/${nl.id}`), 200, opSchema('GET', '/v2/locales/{localeIdOrCode}', 200), 'get locale by id');
  expectOk(await call('GET', `/v2/locales/nl-nl?siteId=${docs.id}`), 200, opSchema('GET', '/v2/locales/{localeIdOrCode}', 200), 'get locale by code');
  expectErr(await call('GET', '/v2/locales/nl-NL'), 400, 'bad_request', 'code without siteId', 'siteId');
  const nl2 = expectOk(await call('PATCH', `/v2/locales/nl-NL?siteId=${docs.id}`, { body: { locale: 'nl-BE', domain: null } }), 200, opSchema('PATCH', '/v2/locales/{localeIdOrCode}', 200), 'update locale');
  ok(nl2.locale === 'nl-BE' && nl2.domain === null, 'update locale renames and clears domain');
  expectOk(await call('DELETE', `/v2/locales/${nl.id}`), 204, null, 'delete locale');
  expectErr(await call('DELETE', `/v2/locales/${nl.id}`), 404, 'not_found', 'repeated locale delete');
  ok((await call('GET', `/v2/locales?siteId=${docs.id}&limit=100`)).body.data.every((l) => l.id !== nl.id), 'deleted locale hidden from the list');
  expectOk(await call('GET', `/v2/locales/${nl.id}`), 200, opSchema('GET', '/v2/locales/{localeIdOrCode}', 200), 'soft-deleted locale still readable by id');
  expectOk(await call('POST', `/v2/locales/${nl.id}/restore`), 200, opSchema('POST', '/v2/locales/{localeIdOrCode}/restore', 200), 'restore locale');
  expectErr(await call('POST', `/v2/locales/${nl.id}/restore`), 409, 'conflict', 'restore an active locale');
  expectOk(await call('POST', `/v2/locales/ko-KR:restore?siteId=${docs.id}`), 200, opSchema('POST', '/v2/locales/{localeIdOrCode}/restore', 200), 'restore by code (custom method form)');
  expectErr(await call('DELETE', `/v2/locales/en-US?siteId=${docs.id}`), 400, 'bad_request', 'default locale delete', 'localeIdOrCode');

  // ---------------- pages
  const p = expectOk(await call('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/smoke/test', name: 'Smoke' } }), 201, opSchema('POST', '/v6/pages', 201), 'create page');
  ok(p.isOnline === false && p.publishedAt === null && p.sitemapFrequency === null && !('locale' in p), 'new page defaults');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/smoke/test', name: 'Again' } }), 409, 'conflict', 'page path conflict');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/v1/items:batchGet', name: 'x' } }), 400, 'bad_request', 'page grammar', 'pathname');
  expectErr(await call('POST', '/v6/pages', { body: { pathname: '/a', name: '' } }), 400, 'bad_request', 'create page several fields', 'siteId');
  expectErr(await call('POST', '/v6/pages', { raw: '{"siteId":', headers: { 'content-type': 'application/json' } }), 400, 'bad_request', 'malformed JSON', '*');
  expectOk(await call('POST', '/v6/pages', { raw: JSON.stringify({ siteId: docs.id, pathname: '/plain', name: 'p' }), headers: { 'content-type': 'text/plain' } }), 201, opSchema('POST', '/v6/pages', 201), 'text/plain body read as JSON');
  expectOk(await call('GET', `/v6/pages/${p.id}`), 200, opSchema('GET', '/v6/pages/{pageIdOrPathname}', 200), 'get page by id');
  const byPath = expectOk(await call('GET', `/v6/pages/smoke/test?siteId=${docs.id}`), 200, opSchema('GET', '/v6/pages/{pageIdOrPathname}', 200), 'get page by pathname');
  ok(byPath.id === p.id && byPath.locale === 'en-US', 'pathname lookup and locale');
  expectErr(await call('GET', `/v6/pages/${p.id}?versionRef=ref:live`), 404, 'not_found', 'never published page has no live version');
  expectErr(await call('GET', '/v6/pages/smoke/test'), 400, 'bad_request', 'pathname without siteId', 'siteId');
  const up = expectOk(await call('PATCH', `/v6/pages/${p.id}`, { body: { isOnline: true } }), 200, opSchema('PATCH', '/v6/pages/{pageIdOrPathname}', 200), 'publish page');
  ok(up.isOnline === true && up.publishedAt !== null, 'published');
  const up2 = expectOk(await call('PATCH', `/v6/pages/%2Fsmoke%2Ftest?siteId=${docs.id}`, { body: { pathname: '/smoke/renamed', is_online: false } }), 200, opSchema('PATCH', '/v6/pages/{pageIdOrPathname}', 200), 'update page');
  ok(up2.pathname === '/smoke/renamed' && up2.publishedAt === up.publishedAt, 'publishedAt keeps the first publication');
  expectErr(await call('PATCH', `/v6/pages/${p.id}`, { body: {} }), 400, 'bad_request', 'empty update', 'pathname');
  expectOk(await call('GET', `/v6/pages/${p.id}?versionRef=ref:live`), 200, opSchema('GET', '/v6/pages/{pageIdOrPathname}', 200), 'once-published page has a live version');
  const loc = expectOk(await call('GET', `/v6/pages/guides?siteId=${docs.id}&locale=de-DE`), 200, opSchema('GET', '/v6/pages/{pageIdOrPathname}', 200), 'get page localized');
  ok(loc.pathname === '/anleitungen' && loc.locale === 'de-DE', 'localized page collapsed');
  // list pages: every sort, walked page by page
  for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt']) {
    for (const dir of ['asc', 'desc']) {
      const seen = [];
      let after = '';
      for (let i = 0; i < 20; i++) {
        const r = expectOk(await call('GET', `/v6/pages?siteId=${docs.id}&includeOffline=true&limit=2&sortBy=${sortBy}&sortDirection=${dir}${after}`), 200, opSchema('GET', '/v6/pages', 200), `list pages ${sortBy} ${dir}`);
        seen.push(...r.data.map((x) => x.id));
        if (!r.hasMore) break;
        after = `&startingAfter=${r.data.at(-1).id}`;
      }
      ok(new Set(seen).size === seen.length && seen.length === (await call('GET', `/v6/pages?siteId=${docs.id}&includeOffline=true&limit=100`)).body.data.length, `walk ${sortBy} ${dir}`);
    }
  }
  const online = expectOk(await call('GET', `/v6/pages?siteId=${docs.id}`), 200, opSchema('GET', '/v6/pages', 200), 'list online pages');
  ok(online.data.every((x) => x.isOnline), 'includeOffline defaults to false');
  const live = expectOk(await call('GET', `/v6/pages?siteId=${docs.id}&versionRef=ref:live&includeOffline=true`), 200, opSchema('GET', '/v6/pages', 200), 'list live pages');
  ok(live.data.every((x) => x.publishedAt !== null), 'live lists published pages');
  const pref = expectOk(await call('GET', `/v6/pages?siteId=${docs.id}&pathPrefix=/guides&includeOffline=true`), 200, opSchema('GET', '/v6/pages', 200), 'pathPrefix');
  ok(pref.data.length === 2 && pref.data.every((x) => x.pathname.startsWith('/guides')), 'pathPrefix begins with');
  const de = expectOk(await call('GET', `/v6/pages?siteId=${docs.id}&locale=de-DE`), 200, opSchema('GET', '/v6/pages', 200), 'list pages in de-DE');
  ok(de.data.length === 2 && de.data.every((x) => x.locale === 'de-DE'), 'locale filter');
  const big = expectOk(await call('GET', `/v6/pages?siteId=${docs.id}&limit=1000`), 200, opSchema('GET', '/v6/pages', 200), 'limit clamped');
  ok(big.hasMore === false, 'clamped limit');
  expectOk(await call('GET', `/v6/pages?siteId=${docs.id}&limit=1e1&include_offline=true`), 200, opSchema('GET', '/v6/pages', 200), 'limit 1e1 and proto name alias');
  expectErr(await call('GET', `/v6/pages?siteId=${docs.id}&limit=2.5`), 400, 'bad_request', 'fractional limit', 'limit');
  expectErr(await call('GET', `/v6/pages?siteId=${docs.id}&includeOffline=TRUE`), 400, 'bad_request', 'boolean spelling', 'includeOffline');
  expectErr(await call('GET', `/v6/pages?siteId=${docs.id}&sortBy=name`), 400, 'bad_request', 'sortBy enum', 'sortBy');
  expectErr(await call('GET', `/v6/pages?siteId=${docs.id}&versionRef=live`), 400, 'bad_request', 'versionRef enum', 'versionRef');
  expectErr(await call('GET', `/v6/pages?siteId=${docs.id}&startingAfter=${status.id}`), 400, 'bad_request', 'foreign cursor', 'startingAfter');
  const sp = expectOk(await call('GET', `/v2/sites/${docs.id}/pages?limit=3`), 200, opSchema('GET', '/v6/pages', 200), 'site pages listing');
  ok(sp.hasMore === true, 'site pages listing paginates');
  expectOk(await call('DELETE', `/v6/pages/${p.id}`), 204, null, 'delete page');
  expectErr(await call('GET', `/v6/pages/${p.id}`), 404, 'not_found', 'deleted page');
  expectOk(await call('DELETE', `/v6/pages/plain?siteId=${docs.id}`), 204, null, 'delete page by pathname');

  // ---------------- routes
  const rts = expectOk(await call('GET', `/v2/routes?siteId=${status.id}`, { key: s.siteApiKey }), 200, ROUTE_LIST, 'list routes (site key)');
  const r = expectOk(await call('POST', '/v2/routes', { key: s.siteApiKey, body: { siteId: status.id, pathname: '/hooks/{name}:notify' } }), 201, ROUTE, 'create route (site key)');
  expectErr(await call('POST', '/v2/routes', { body: { siteId: status.id, pathname: '/incidents' } }), 409, 'conflict', 'route clashes with a page');
  expectOk(await call('GET', `/v2/routes/${r.id}`), 200, ROUTE, 'get route');
  const r2 = expectOk(await call('PATCH', `/v2/routes/hooks/{name}:notify?siteId=${status.id}`, { body: { pathname: '/hooks/v2/{name}' } }), 200, ROUTE, 'update route by pathname');
  ok(r2.pathname === '/hooks/v2/{name}', 'route renamed');
  expectErr(await call('PATCH', `/v2/routes/${r.id}`, { body: { pathname: '/Legacy Path' } }), 400, 'bad_request', 'route grammar', 'pathname');
  const r3 = expectOk(await call('PATCH', `/v2/routes/${r.id}?skipValidation=true`, { body: { pathname: '/Legacy[1]/%zz' } }), 200, ROUTE, 'update route skipValidation');
  ok(r3.pathname === '/Legacy[1]/%zz', 'skipValidation keeps the value');
  expectErr(await call('PATCH', `/v2/routes/${r.id}?skipValidation=yes`, { body: {} }), 400, 'bad_request', 'skipValidation enum', 'skipValidation');
  expectOk(await call('DELETE', `/v2/routes/${r.id}`), 204, null, 'delete route');
  ok(rts.data.length === 1, 'seeded route');

  // ---------------- gateway behaviour
  expectErr(await call('GET', '/v2/nowhere', { key: null }), 404, 'not_found', 'unknown path before auth');
  expectErr(await call('PUT', `/v2/sites/${docs.id}`), 404, 'not_found', 'unsupported method');
  expectErr(await call('GET', `/v2/sites/not-a-uuid`), 400, 'bad_request', 'malformed site id', 'siteId');
  expectErr(await call('GET', `/v2/sites/%E0%A4%A`), 404, 'not_found', 'bad percent-encoding in the path');
  expectErr(await call('GET', `/v6/pages?siteId=${docs.id}&pathPrefix=%E0%A4%A`), 400, 'bad_request', 'bad percent-encoding in the query', 'pathPrefix');
  expectErr(await call('GET', `/v6/pages?siteId=${docs.id}&limit=5&limit=6`), 400, 'bad_request', 'repeated parameter', 'limit');
  expectErr(await call('POST', '/v2/sites', { raw: 'x'.repeat(5 * 1024 * 1024), headers: { 'content-type': 'application/json' } }), 400, 'bad_request', 'huge body', '*');
  expectErr(await call('POST', '/v2/sites', { body: [1] }), 400, 'bad_request', 'not an object', '*');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x', hostOrigin: 'https://exämple.com' } }), 400, 'bad_request', 'IRI refused', 'hostOrigin');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x', hostOrigin: null } }), 400, 'bad_request', 'null hostOrigin', 'hostOrigin');
  const r404 = await call('GET', `/v2/sites/${docs.id}`);
  ok(r404.headers.get('x-grpc-status') === '0', 'x-grpc-status header');
} catch (e) {
  failures++;
  console.error('FAIL: exception', e);
} finally {
  await s.close();
}
console.log(`${passes} checks passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
