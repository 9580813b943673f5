// Self-test: starts the server in-process, calls every operation of the specification and of the published
// OpenAPI, checks each success body against the OpenAPI response schema, and exercises errors and choices.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const spec = JSON.parse(readFileSync(new URL('../../../contracts/published-openapi.json', import.meta.url), 'utf8'));
let passed = 0; const failures = [];
const ok = (cond, what) => { if (cond) passed++; else { failures.push(what); console.error(`FAIL ${what}`); } };

// ---- a small JSON Schema checker for the OpenAPI 3.1 response schemas ----
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
function check(schema, v, path = '$', errs = []) {
  if (schema.$ref) return check(spec.components.schemas[schema.$ref.split('/').pop()], v, path, errs);
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => check(s, v, path, []).length === 0).length;
    if (n !== 1) errs.push(`${path}: matches ${n} oneOf branches`);
    return errs;
  }
  if (schema.type) {
    const types = [].concat(schema.type); const t = typeOf(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) { errs.push(`${path}: ${t} is not ${types}`); return errs; }
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${path}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && schema.format === 'uuid' && !UUID.test(v)) errs.push(`${path}: not a uuid`);
  if (typeof v === 'string' && schema.format === 'date-time' && !DATETIME.test(v)) errs.push(`${path}: not a date-time`);
  if (typeof v === 'string' && schema.format === 'uri') { try { new URL(v); } catch { errs.push(`${path}: not a uri`); } }
  if (v && typeof v === 'object' && !Array.isArray(v) && schema.properties) {
    for (const r of schema.required ?? []) if (!(r in v)) errs.push(`${path}: missing ${r}`);
    for (const [k, x] of Object.entries(v)) {
      if (!schema.properties[k]) errs.push(`${path}: unexpected property ${k}`);
      else check(schema.properties[k], x, `${path}.${k}`, errs);
    }
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => check(schema.items, x, `${path}[${i}]`, errs));
  return errs;
}
const ops = {};
for (const [p, item] of Object.entries(spec.paths)) for (const [m, op] of Object.entries(item)) ops[op.operationId] = { p, m, op };
function conforms(opId, status, body) {
  const resp = ops[opId].op.responses[String(status)];
  ok(!!resp, `${opId}: status ${status} is documented`);
  const schema = resp?.content?.['application/json']?.schema;
  if (schema && schema.$ref) { const errs = check(schema, body); ok(errs.length === 0, `${opId} ${status} body conforms: ${errs.join('; ')}`); }
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ERROR = { type: 'object', required: ['object', 'code', 'message'], properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } } } };

const s = await startServer({ port: 0 });
const call = async (method, path, { key = s.apiKey, body, raw, headers = {} } = {}) => {
  const h = { ...headers }; if (key != null) h['x-api-key'] = key;
  let payload = raw;
  if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const r = await fetch(s.url + path, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null; try { json = text ? JSON.parse(text) : null; } catch { /* not json */ }
  return { status: r.status, json, text, headers: r.headers };
};
const expectError = (r, status, code, what, field) => {
  ok(r.status === status, `${what}: status ${r.status} (want ${status}) ${r.text.slice(0, 200)}`);
  ok(r.json && check(ERROR, r.json).length === 0 && r.json.code === code, `${what}: ${code} envelope`);
  if (status === 400) ok(Array.isArray(r.json?.details) && r.json.details.length > 0, `${what}: details present`);
  if (field) ok(r.json?.details?.some((d) => d.field === field), `${what}: details name ${field} (${JSON.stringify(r.json?.details)})`);
};
const SITE = s.siteId;

// ---------------- sites ----------------
let r = await call('POST', '/v2/sites', { body: { workspaceId: s.workspaceId, name: 'Smoke Site', hostOrigin: 'https://Smoke.Example' } });
ok(r.status === 201, 'create site 201'); conforms('SiteController_createV2_v2', r.status, r.json);
ok(r.json.defaultLocale === 'en-US' && r.json.hostOrigin === 'https://smoke.example/', 'create site: en-US default, HttpUrl normalised');
const newSite = r.json;
r = await call('GET', `/v2/sites/${newSite.id}`); ok(r.status === 200, 'get site'); conforms('SiteController_getOneV2_v2', r.status, r.json);
r = await call('GET', `/v2/sites/${newSite.id.replace(/-/g, '').toUpperCase()}`); ok(r.status === 400, 'a simple-form UUID is no `format: uuid`: 400');
r = await call('PATCH', `/v2/sites/${newSite.id}`, { body: { name: 'Renamed', hostOrigin: null } });
ok(r.status === 200 && r.json.name === 'Renamed' && r.json.hostOrigin === null, 'update site'); conforms('SiteController_updateOneV2_v2', r.status, r.json);
r = await call('PATCH', `/v2/sites/${newSite.id}`, { body: { defaultLocale: 'fr-FR' } }); expectError(r, 400, 'bad_request', 'update site defaultLocale refused', 'defaultLocale');
r = await call('PATCH', `/v2/sites/${newSite.id}`, { body: { name: null } }); expectError(r, 400, 'bad_request', 'update site name null', 'name');
r = await call('PATCH', `/v2/sites/${newSite.id}`, {}); expectError(r, 400, 'bad_request', 'update site without body', 'body');
r = await call('POST', `/v2/sites/${SITE}/duplicate`, { body: { name: 'Journal copy' } });
ok(r.status === 201 && r.json.name === 'Journal copy', 'duplicate site'); conforms('SiteController_duplicateV2_v2', r.status, r.json);
const copy = r.json;
r = await call('GET', `/v6/pages?siteId=${copy.id}&includeOffline=true`); ok(r.json.data.length === 5, 'duplicate copied pages');
r = await call('GET', `/v2/sites?workspaceId=${s.workspaceId}&limit=2`); conforms('SiteController_listV2_v2', r.status, r.json);
ok(r.json.data.length === 2 && r.json.hasMore === true, 'list sites first page');
const names = []; let after = null;
do { r = await call('GET', `/v2/sites?workspaceId=${s.workspaceId}&limit=2${after ? `&startingAfter=${after}` : ''}`); names.push(...r.json.data.map((x) => x.name)); after = r.json.data.at(-1)?.id; } while (r.json.hasMore);
ok(JSON.stringify(names) === JSON.stringify(['Cobalt Journal', 'Cobalt Shop', 'Journal copy', 'Renamed']), `sites by name, binary: ${names}`);
r = await call('GET', `/v2/sites?workspaceId=${s.workspaceId}&startingAfter=${s.otherSiteId}`); expectError(r, 400, 'bad_request', 'foreign cursor', 'startingAfter');
r = await call('GET', `/v2/sites?workspaceId=${s.otherWorkspaceId}`); expectError(r, 403, 'forbidden', 'list foreign workspace');
r = await call('GET', `/v2/sites?workspaceId=${s.workspaceId}&limit=0`); expectError(r, 400, 'bad_request', 'limit 0', 'limit');
r = await call('GET', `/v2/sites?workspaceId=${s.workspaceId}&limit=101`); expectError(r, 400, 'bad_request', 'limit 101', 'limit');
r = await call('GET', `/v2/sites?workspaceId=${s.workspaceId}&limit=%2005.0%20`); ok(r.status === 200, 'lax int " 05.0 "');
r = await call('GET', '/v2/sites'); expectError(r, 400, 'bad_request', 'list sites without workspaceId', 'workspaceId');
r = await call('POST', '/v2/sites', { body: { workspaceId: s.otherWorkspaceId, name: 'x' } }); expectError(r, 403, 'forbidden', 'create in foreign workspace');
r = await call('POST', '/v2/sites', { body: { workspaceId: 'nope', name: '', hostOrigin: 'example.com', defaultLocale: 'EN' } });
expectError(r, 400, 'bad_request', 'create site: every field at once');
ok(r.json.details.length === 4, `four details: ${JSON.stringify(r.json.details)}`);
r = await call('DELETE', `/v2/sites/${newSite.id}`); ok(r.status === 204 && r.text === '', 'delete site 204');
r = await call('GET', `/v2/sites/${newSite.id}`); expectError(r, 404, 'not_found', 'deleted site');
r = await call('GET', `/v2/sites/${s.otherSiteId}`); expectError(r, 403, 'forbidden', 'foreign site');
r = await call('GET', `/v2/sites/${s.otherSiteId}`, { key: s.otherApiKey }); ok(r.status === 200, 'other key reads its site');

// ---------------- keys ----------------
r = await call('GET', `/v2/sites/${SITE}`, { key: null }); expectError(r, 401, 'unauthorized', 'no key');
r = await call('GET', `/v2/sites/${SITE}`, { key: 'app_live_nope' }); expectError(r, 401, 'unauthorized', 'bad key');
r = await call('GET', `/v2/sites/not-a-uuid`, { key: null }); expectError(r, 401, 'unauthorized', 'auth before path validation');
r = await call('GET', `/v2/sites/${SITE}`, { key: s.siteApiKey }); ok(r.status === 200, 'site key reads own site');
r = await call('GET', `/v2/sites/${SITE}`, { key: s.siteApiKey.toUpperCase() }); ok(r.status === 200, 'site key in any case (NOCASE)');
r = await call('GET', `/v2/sites/${s.shopId}`, { key: s.siteApiKey }); expectError(r, 403, 'forbidden', 'site key on another site');
r = await call('GET', `/v2/sites?workspaceId=${s.workspaceId}`, { key: s.siteApiKey }); expectError(r, 403, 'forbidden', 'site key lists sites');
r = await call('POST', '/v2/sites', { key: s.siteApiKey, body: {} }); expectError(r, 403, 'forbidden', 'site key guard before body validation');
r = await call('GET', `/v6/pages?siteId=${SITE}`, { key: s.publicApiKey }); ok(r.status === 200, 'publishable key lists pages');
r = await call('GET', `/v2/locales?siteId=${SITE}`, { key: s.publicApiKey }); expectError(r, 403, 'forbidden', 'publishable key cannot read locales');

// ---------------- locales ----------------
r = await call('GET', `/v2/locales?siteId=${SITE}`); conforms('SiteLocaleController_listV2_v2', r.status, r.json);
ok(JSON.stringify(r.json.data.map((l) => l.locale)) === '["en-US","fr-FR","ja-JP"]', 'locales by code, deleted hidden');
const loc1 = await call('GET', `/v2/locales?siteId=${SITE}&limit=1`); ok(loc1.json.hasMore && loc1.json.data.length === 1, 'locale limit');
r = await call('GET', `/v2/locales?siteId=${SITE}&limit=1&startingAfter=${loc1.json.data[0].id}`); ok(r.json.data[0].locale === 'fr-FR', 'locale cursor');
r = await call('POST', '/v2/locales', { body: { siteId: SITE, locale: 'es-ES', domain: 'https://es.cobalt.example' } });
ok(r.status === 201, 'create locale'); conforms('SiteLocaleController_createV2_v2', r.status, r.json);
const es = r.json;
r = await call('POST', '/v2/locales', { body: { siteId: SITE, locale: 'es-ES' } }); expectError(r, 409, 'conflict', 'duplicate locale');
r = await call('POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'es-ES' } }); expectError(r, 404, 'not_found', 'locale on missing site');
r = await call('POST', '/v2/locales', { body: { siteId: SITE, locale: 'es_es' } }); expectError(r, 400, 'bad_request', 'bad locale code', 'locale');
r = await call('GET', `/v2/locales/${es.id}`); ok(r.status === 200, 'get locale by id'); conforms('SiteLocaleController_getV2_v2', r.status, r.json);
r = await call('GET', `/v2/locales/ES-es?siteId=${SITE}`); ok(r.status === 200 && r.json.id === es.id, 'get locale by code, NOCASE');
r = await call('GET', '/v2/locales/es-ES'); expectError(r, 400, 'bad_request', 'code without siteId', 'siteId');
r = await call('GET', '/v2/locales/es-ES', { key: s.siteApiKey }); ok(r.status === 200, 'site key implies its site');
r = await call('PATCH', `/v2/locales/es-ES?siteId=${SITE}`, { body: { domain: null } });
ok(r.status === 200 && r.json.domain === null, 'update locale'); conforms('SiteLocaleController_updateV2_v2', r.status, r.json);
r = await call('PATCH', `/v2/locales/${es.id}`, { body: { locale: 'fr-FR' } }); expectError(r, 409, 'conflict', 'rename onto existing code');
r = await call('DELETE', `/v2/locales/${es.id}`); ok(r.status === 204, 'delete locale');
r = await call('GET', `/v2/locales/${es.id}`); expectError(r, 404, 'not_found', 'deleted locale');
r = await call('POST', `/v2/locales/${es.id}/restore`); ok(r.status === 200 && r.json.id === es.id, 'restore locale'); conforms('SiteLocaleController_restoreV2_v2', r.status, r.json);
r = await call('POST', `/v2/locales/${es.id}/restore`); expectError(r, 404, 'not_found', 'restore a live locale');
r = await call('POST', '/v2/locales', { body: { siteId: SITE, locale: 'de-DE' } }); ok(r.status === 201, 're-create a soft-deleted code');
r = await call('POST', `/v2/locales/de-DE/restore?siteId=${SITE}`); expectError(r, 409, 'conflict', 'restore onto a live code');
r = await call('DELETE', `/v2/locales/en-US?siteId=${SITE}`); expectError(r, 400, 'bad_request', 'delete default locale', 'localeIdOrCode');
r = await call('PATCH', `/v2/locales/en-US?siteId=${s.shopId}`); expectError(r, 400, 'bad_request', 'update locale without body', 'body');

// ---------------- pages ----------------
r = await call('POST', '/v6/pages', { body: { siteId: SITE, pathname: '/Contact', name: 'Contact' } });
ok(r.status === 201 && r.json.isOnline === true && r.json.locale === 'en-US', 'create page'); conforms('PageController_createV6_v6', r.status, r.json);
const contact = r.json;
r = await call('POST', '/v6/pages', { body: { siteId: SITE, pathname: '/contact', name: 'c' } }); expectError(r, 409, 'conflict', 'page pathname NOCASE clash');
r = await call('POST', '/v6/pages', { body: { siteId: SITE, pathname: '/rss.xml', name: 'c' } }); expectError(r, 409, 'conflict', 'page vs route clash');
r = await call('POST', '/v6/pages', { body: { siteId: SITE, pathname: 'no-slash', name: '' } }); expectError(r, 400, 'bad_request', 'page pathname+name', 'pathname');
ok(r.json.details.some((d) => d.field === 'name' && d.message === 'String should have at least 1 character'), 'name min length 1 text');
r = await call('GET', `/v6/pages?siteId=${SITE}`); conforms('PageController_listV6_v6', r.status, r.json);
ok(!r.json.data.some((p) => p.pathname === '/drafts/next'), 'offline hidden by default');
ok(JSON.stringify(r.json.data.map((p) => p.pathname)) === '["/","/about","/blog","/blog/hello-world","/Contact"]', `path order NOCASE: ${r.json.data.map((p) => p.pathname)}`);
r = await call('GET', `/v6/pages?siteId=${SITE}&includeOffline=yes`); expectError(r, 400, 'bad_request', 'includeOffline is the enum true|false', 'includeOffline');
r = await call('GET', `/v6/pages?siteId=${SITE}&includeOffline=true&sortBy=title&sortDirection=desc`);
ok(r.json.data.length === 6 && r.json.data.at(-1).title === null, 'title desc, NULL last in desc');
r = await call('GET', `/v6/pages?siteId=${SITE}&pathPrefix=/BLOG`); ok(r.json.data.length === 2, 'pathPrefix LIKE, ASCII case-insensitive');
r = await call('GET', `/v6/pages?siteId=${SITE}&versionRef=ref:live&includeOffline=true`); ok(r.json.data.every((p) => p.isOnline), 'ref:live lists online pages');
r = await call('GET', `/v6/pages?siteId=${SITE}&locale=fr-FR`); ok(r.json.data.length === 1 && r.json.data[0].pathname === '/a-propos' && r.json.data[0].locale === 'fr-FR', 'locale filter collapses');
r = await call('GET', `/v6/pages?siteId=${SITE}&locale=xx-XX`); ok(r.status === 200 && r.json.data.length === 0, 'unknown locale: empty list');
r = await call('GET', `/v6/pages?siteId=${SITE}&sortBy=name&includeOffline=maybe&versionRef=live`); expectError(r, 400, 'bad_request', 'enum query params');
ok(r.json.details.length === 3, 'three query errors at once');
const seen = []; after = null;
do { r = await call('GET', `/v6/pages?siteId=${SITE}&limit=2${after ? `&startingAfter=${after}` : ''}`); seen.push(...r.json.data.map((p) => p.id)); after = r.json.data.at(-1)?.id; } while (r.json.hasMore);
ok(seen.length === 5 && new Set(seen).size === 5, 'page keyset walk');
r = await call('GET', `/v2/sites/${SITE}/pages?limit=1`); ok(r.status === 200 && r.json.hasMore, 'site-scoped page list'); conforms('PageController_listV6_v6', r.status, r.json);
r = await call('GET', `/v6/pages/${contact.id}`); ok(r.status === 200, 'get page by id'); conforms('PageController_getV6_v6', r.status, r.json);
r = await call('GET', `/v6/pages/about?siteId=${SITE}&locale=fr-FR`); ok(r.json.pathname === '/a-propos' && r.json.title === 'À propos', 'get page collapsed');
r = await call('GET', `/v6/pages/%2F?siteId=${SITE}`); ok(r.status === 200 && r.json.pathname === '/' && r.json.sitemapPriority === 1, 'root page by %2F');
ok(r.text.includes('"sitemapPriority":1.0'), 'floats written like Python');
r = await call('GET', `/v6/pages/drafts/next?siteId=${SITE}&versionRef=ref:live`); expectError(r, 404, 'not_found', 'offline page in ref:live');
r = await call('GET', '/v6/pages/about'); expectError(r, 400, 'bad_request', 'pathname without siteId', 'siteId');
r = await call('PATCH', `/v6/pages/${contact.id}`, { body: { pathname: '/contact-us', isOnline: false } });
ok(r.status === 200 && r.json.pathname === '/contact-us' && r.json.publishedAt === null, 'update page'); conforms('PageController_updateV6_v6', r.status, r.json);
r = await call('PATCH', `/v6/pages/${contact.id}`, { body: { isOnline: 'true' } }); expectError(r, 400, 'bad_request', 'strict bool', 'isOnline');
r = await call('PATCH', `/v6/pages/contact-us?siteId=${SITE}`, { body: { pathname: '/about' } }); expectError(r, 409, 'conflict', 'update page clash');
r = await call('DELETE', `/v6/pages/contact-us?siteId=${SITE}`); ok(r.status === 204, 'delete page');
r = await call('GET', `/v6/pages/${contact.id}`); expectError(r, 404, 'not_found', 'deleted page');
r = await call('POST', '/v6/pages', { key: s.publicApiKey, body: { siteId: SITE, pathname: '/x', name: 'x' } }); expectError(r, 403, 'forbidden', 'publishable key cannot write');

// ---------------- routes ----------------
r = await call('POST', '/v2/routes', { body: { siteId: SITE, pathname: '/items/{item_id:int}' } });
ok(r.status === 201 && check(ROUTE, r.json).length === 0, 'create route');
const route = r.json;
r = await call('POST', '/v2/routes', { body: { siteId: SITE, pathname: '/items/{id:slug}' } }); expectError(r, 400, 'bad_request', 'unknown convertor', 'pathname');
r = await call('POST', '/v2/routes?skipValidation=true', { body: { siteId: SITE, pathname: '/items/{id:slug}' } }); ok(r.status === 201, 'skipValidation=true');
r = await call('POST', '/v2/routes?skipValidation=true', { body: { siteId: SITE, pathname: 'x' } }); expectError(r, 400, 'bad_request', 'leading slash even when skipping', 'pathname');
r = await call('GET', `/v2/routes?siteId=${SITE}`); ok(r.json.data.length === 4 && r.json.data.every((x) => check(ROUTE, x).length === 0), 'list routes');
r = await call('PATCH', `/v2/routes/${route.id}`, { body: { pathname: '/things/{thing_id}' } }); ok(r.status === 200 && r.json.pathname === '/things/{thing_id}' && check(ROUTE, r.json).length === 0, 'update route by id');
r = await call('PATCH', `/v2/routes/rss.xml?siteId=${SITE}&skipValidation=false`, { body: { pathname: '/blog' } }); expectError(r, 409, 'conflict', 'route onto a page');
r = await call('PATCH', `/v2/routes/%2Frss.xml?siteId=${SITE}`, { body: { pathname: '/feed.xml' } }); ok(r.status === 200 && r.json.pathname === '/feed.xml', 'update route by pathname');
r = await call('PATCH', '/v2/routes/feed.xml', { body: {} }); expectError(r, 400, 'bad_request', 'route pathname without siteId', 'siteId');
r = await call('GET', `/v2/routes/feed.xml?siteId=${SITE}`); ok(r.status === 200, 'get route');
r = await call('DELETE', `/v2/routes/${route.id}`); ok(r.status === 204, 'delete route');
r = await call('PATCH', `/v2/routes/${route.id}`, { body: {} }); expectError(r, 404, 'not_found', 'deleted route');

// ---------------- request reading, routing, limits ----------------
r = await call('POST', '/v2/sites', { raw: '{"name":', headers: { 'content-type': 'application/json' } }); expectError(r, 400, 'bad_request', 'malformed JSON', 'body');
r = await call('POST', '/v2/sites', { key: null, raw: '{oops', headers: { 'content-type': 'application/json' } }); expectError(r, 400, 'bad_request', 'JSON read before the key is checked');
r = await call('POST', '/v2/sites', { raw: '[1,2]', headers: { 'content-type': 'application/json' } }); expectError(r, 400, 'bad_request', 'array body', 'body');
r = await call('POST', '/v2/sites', { raw: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }); expectError(r, 400, 'bad_request', 'form body', 'body');
r = await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } }); expectError(r, 400, 'bad_request', 'invalid UTF-8');
r = await call('POST', '/v2/sites', { raw: JSON.stringify({ workspaceId: s.workspaceId, name: 'vnd', colour: 'blue' }), headers: { 'content-type': 'application/vnd.api+json' } });
ok(r.status === 201 && !('colour' in r.json), '+json read, unknown fields ignored');
r = await call('POST', '/v2/sites', { raw: 'x'.repeat(1024 * 1024 + 10), headers: { 'content-type': 'application/json' } }); expectError(r, 400, 'bad_request', 'oversized body', 'body');
r = await call('GET', '/v2/sites/'); expectError(r, 404, 'not_found', 'trailing slash (redirect_slashes=False)');
r = await call('GET', '/v9/nothing', { key: null }); expectError(r, 404, 'not_found', 'unknown path before auth');
r = await call('DELETE', '/v2/sites'); expectError(r, 404, 'not_found', '405 folded to 404'); ok((r.headers.get('allow') || '').includes('GET'), 'Allow header');
r = await call('GET', `/v2/sites/${SITE}`, { headers: { 'x-pad': 'a'.repeat(20000) } }).catch(() => ({ status: 0, json: null, text: '' }));
expectError(r, 400, 'bad_request', 'oversized header');
const rawReq = (text) => new Promise((resolve) => {
  const u = new URL(s.url); const sock = net.connect(Number(u.port), u.hostname); let data = '';
  sock.on('data', (d) => { data += d; }); sock.on('end', () => resolve(data)); sock.on('error', () => resolve(data)); sock.write(text);
});
let rawOut = await rawReq('GARBAGE\r\n\r\n');
ok(/^HTTP\/1\.1 400/.test(rawOut) && rawOut.includes('"code":"bad_request"'), 'bad request line: 400 envelope');
rawOut = await rawReq('POST /v2/sites HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
ok(/^HTTP\/1\.1 400/.test(rawOut), 'bad Content-Length: 400');

// ---------------- the CLI ----------------
const child = spawn(process.execPath, ['server.mjs', '--port', '0'], { cwd: here, stdio: ['ignore', 'pipe', 'ignore'] });
const line = await new Promise((resolve) => { let b = ''; child.stdout.on('data', (d) => { b += d; if (b.includes('\n')) resolve(b); }); });
const info = JSON.parse(line.trim());
ok(['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof info[k] === 'string') && line.trim().split('\n').length === 1, 'CLI prints one JSON line');
const cr = await fetch(`${info.baseUrl}/v2/sites?workspaceId=${info.workspaceId}`, { headers: { 'x-api-key': info.apiKey } });
ok(cr.status === 200, 'CLI server answers');
const code = await new Promise((resolve) => { child.on('exit', (c) => resolve(c)); child.kill('SIGTERM'); });
ok(code === 0, 'SIGTERM exits 0');

await s.close();
console.log(`${passed} checks passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
