// Self-test: starts the server in-process, calls every operation of SPEC.md and the published OpenAPI,
// checks every success body against the published response schemas, and probes this team's choices.
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { startServer } from './server.mjs';

const OPENAPI = JSON.parse(readFileSync(new URL('../../../contracts/published-openapi.json', import.meta.url), 'utf8'));
let passed = 0, failed = 0;
const ok = (cond, name, extra) => { if (cond) passed++; else { failed++; console.error(`FAIL ${name}${extra !== undefined ? ' :: ' + JSON.stringify(extra).slice(0, 600) : ''}`); } };

// ---------- a small JSON Schema (OpenAPI 3.1 subset) checker ----------
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
function deref(s) { while (s && s.$ref) s = s.$ref.split('/').slice(1).reduce((o, k) => o[k], OPENAPI); return s; }
function check(schema, v, path = '$', errs = []) {
  schema = deref(schema);
  if (!schema || Object.keys(schema).filter((k) => k !== 'description').length === 0) return errs;
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => check(s, v, path, []).length === 0).length;
    if (n !== 1) errs.push(`${path}: matches ${n} of oneOf`);
    return errs;
  }
  const types = schema.type === undefined ? null : [].concat(schema.type);
  const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
  if (types && !types.includes(t) && !(t === 'integer' && types.includes('number'))) { errs.push(`${path}: type ${t} not in ${types}`); return errs; }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${path}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && schema.format === 'uuid' && !UUID_RE.test(v)) errs.push(`${path}: not a uuid`);
  if (typeof v === 'string' && schema.format === 'date-time' && (!DT_RE.test(v) || Number.isNaN(Date.parse(v)))) errs.push(`${path}: not a date-time`);
  if (typeof v === 'string' && schema.format === 'uri') { try { new URL(v); } catch { errs.push(`${path}: not a uri`); } }
  if (t === 'object') {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${path}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) check(s, v[k], `${path}.${k}`, errs);
  }
  if (t === 'array' && schema.items) v.forEach((x, i) => check(schema.items, x, `${path}[${i}]`, errs));
  return errs;
}
const respSchema = (p, m, status) => OPENAPI.paths[p][m].responses[String(status)]?.content?.['application/json']?.schema;
// SPEC's Route object (no OpenAPI schema)
const ROUTE_SCHEMA = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE_SCHEMA }, hasMore: { type: 'boolean' } } };
const ERROR_SCHEMA = { type: 'object', required: ['object', 'code', 'message'], properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } } } };
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

const s = await startServer({ port: 0 });
const B = s.url;
async function call(method, path, { key = s.apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw; else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const r = await fetch(B + path, { method, headers: h, body: payload });
  const text = await r.text();
  let json; try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  return { status: r.status, body: json, headers: r.headers, text };
}
// success against the OpenAPI response schema; errors against the envelope
async function expectOk(name, method, path, status, schema, opts) {
  const r = await call(method, path, opts);
  ok(r.status === status, `${name}: status ${status}`, { got: r.status, body: r.body });
  if (r.status === status && schema) { const e = check(schema, r.body); ok(e.length === 0, `${name}: schema`, e); }
  return r;
}
async function expectErr(name, method, path, status, opts = {}, detailField) {
  const r = await call(method, path, opts);
  ok(r.status === status, `${name}: status ${status}`, { got: r.status, body: r.body });
  const e = check(ERROR_SCHEMA, r.body);
  ok(e.length === 0 && r.body.code === CODES[status], `${name}: envelope`, { e, body: r.body });
  if (status === 400) ok(Array.isArray(r.body?.details) && r.body.details.length > 0, `${name}: details present`, r.body);
  if (detailField) ok(r.body?.details?.some((d) => d.field === detailField), `${name}: detail on ${detailField}`, r.body);
  return r;
}
const q = (o) => '?' + new URLSearchParams(o).toString();

// ================= sites =================
const W = s.workspaceId;
let r = await expectOk('list sites', 'GET', `/v2/sites${q({ workspaceId: W })}`, 200, respSchema('/v2/sites', 'get', 200));
const seededIds = r.body.data.map((x) => x.id);
ok(r.body.data.map((x) => x.name).join('|') === 'acme blog|Acme Shop', 'sites sorted by name with en_US collation (case-insensitive-ish)', r.body.data.map((x) => x.name));
const shop = r.body.data.find((x) => x.name === 'Acme Shop');
r = await expectOk('create site (defaults)', 'POST', '/v2/sites', 201, respSchema('/v2/sites', 'post', 201), { body: { workspaceId: W, name: 'Smoke Site' } });
const site = r.body;
ok(site.defaultLocale === 'en-US' && site.hostOrigin === null && site.localeManagementMode === 'internal', 'create site defaults', site);
ok(r.headers.get('location') === `/v2/sites/${site.id}` && r.headers.get('etag') === '"0"', 'create site Location + ETag', [...r.headers]);
r = await expectOk('create site with all fields', 'POST', '/v2/sites', 201, respSchema('/v2/sites', 'post', 201), { body: { workspaceId: W, name: 'Zeta', hostOrigin: 'https://Zeta.Example:443/app', defaultLocale: 'FR-be' } });
ok(r.body.hostOrigin === 'https://Zeta.Example:443/app' && r.body.defaultLocale === 'fr-BE', 'hostOrigin kept verbatim, locale canonicalised', r.body);
const zeta = r.body;
await expectOk('get site', 'GET', `/v2/sites/${site.id}`, 200, respSchema('/v2/sites/{siteId}', 'get', 200));
await expectOk('get site lenient java uuid -> 404', 'GET', `/v2/sites/1-1-1-1-1`, 404, ERROR_SCHEMA);
r = await expectOk('update site', 'PATCH', `/v2/sites/${site.id}`, 200, respSchema('/v2/sites/{siteId}', 'patch', 200), { body: { name: 'Smoke Site 2', hostOrigin: 'https://smoke.example' } });
ok(r.body.name === 'Smoke Site 2' && r.body.hostOrigin === 'https://smoke.example' && r.headers.get('etag') === '"1"', 'update applied, version bumped', r.body);
r = await expectOk('update site: null means unchanged', 'PATCH', `/v2/sites/${site.id}`, 200, respSchema('/v2/sites/{siteId}', 'patch', 200), { body: { hostOrigin: null } });
ok(r.body.hostOrigin === 'https://smoke.example', 'null hostOrigin leaves it', r.body);
await expectErr('update site: defaultLocale refused', 'PATCH', `/v2/sites/${site.id}`, 400, { body: { defaultLocale: 'de-DE' } }, 'defaultLocale');
await expectErr('update site: stale If-Match', 'PATCH', `/v2/sites/${site.id}`, 409, { body: { name: 'x' }, headers: { 'if-match': '"0"' } });
await expectOk('update site: matching If-Match', 'PATCH', `/v2/sites/${site.id}`, 200, respSchema('/v2/sites/{siteId}', 'patch', 200), { body: { name: 'Smoke Site 3' }, headers: { 'if-match': 'W/"1"' } });
r = await expectOk('duplicate site', 'POST', `/v2/sites/${shop.id}/duplicate`, 201, respSchema('/v2/sites/{siteId}/duplicate', 'post', 201), { body: { name: 'Shop copy' } });
const copy = r.body;
ok(copy.id !== shop.id && copy.publicApiKey !== shop.publicApiKey && copy.hostOrigin === shop.hostOrigin && copy.defaultLocale === shop.defaultLocale, 'duplicate copies configuration', copy);
r = await call('GET', `/v2/locales${q({ siteId: copy.id })}`);
ok(r.body.data.length === 3, 'duplicate copies locales', r.body);
r = await call('GET', `/v6/pages${q({ siteId: copy.id, includeOffline: 'true' })}`);
ok(r.body.data.length === 4, 'duplicate copies pages', r.body.data?.length);
r = await call('GET', `/v2/routes${q({ siteId: copy.id })}`);
ok(r.body.data.length === 2, 'duplicate copies routes', r.body);
await expectErr('duplicate: name required', 'POST', `/v2/sites/${shop.id}/duplicate`, 400, { body: {} }, 'name');
r = await call('DELETE', `/v2/sites/${copy.id}`);
ok(r.status === 204 && r.text === '', 'delete site 204 empty', r);
await expectErr('get deleted site', 'GET', `/v2/sites/${copy.id}`, 404);
await expectErr('delete deleted site', 'DELETE', `/v2/sites/${copy.id}`, 404);
// pagination
r = await call('GET', `/v2/sites${q({ workspaceId: W, limit: '1' })}`);
const seen = [...r.body.data.map((x) => x.id)];
while (r.body.hasMore) { r = await call('GET', `/v2/sites${q({ workspaceId: W, limit: '1', startingAfter: seen.at(-1) })}`); seen.push(...r.body.data.map((x) => x.id)); }
ok(seen.length === 4 && new Set(seen).size === 4, 'site pagination walks every site once', seen);
r = await call('GET', `/v2/sites${q({ workspaceId: W, limit: '2.9' })}`);
ok(r.status === 200 && r.body.data.length === 2, 'fractional limit truncated (Double binding)', r.body);
r = await call('GET', `/v2/sites${q({ workspaceId: W, limit: '' })}`);
ok(r.status === 200 && r.body.data.length === 4, 'empty limit = default', r.status);
await expectErr('limit 0', 'GET', `/v2/sites${q({ workspaceId: W, limit: '0' })}`, 400, {}, 'limit');
await expectErr('limit 101', 'GET', `/v2/sites${q({ workspaceId: W, limit: '101' })}`, 400, {}, 'limit');
await expectErr('limit abc', 'GET', `/v2/sites${q({ workspaceId: W, limit: 'abc' })}`, 400, {}, 'limit');
r = await expectErr('two bad query params -> two details', 'GET', `/v2/sites${q({ workspaceId: 'nope', limit: 'abc' })}`, 400);
ok(r.body.details.length === 2, 'all query errors collected', r.body);
await expectErr('missing workspaceId', 'GET', `/v2/sites`, 400, {}, 'workspaceId');
await expectErr('unknown startingAfter', 'GET', `/v2/sites${q({ workspaceId: W, startingAfter: '00000000-0000-4000-8000-000000000000' })}`, 404);
await expectErr('list sites other workspace', 'GET', `/v2/sites${q({ workspaceId: W })}`, 403, { key: s.otherApiKey });
await expectErr('create site in other workspace', 'POST', '/v2/sites', 403, { body: { workspaceId: W, name: 'x' }, key: s.otherApiKey });
await expectErr('create site: validation before permission', 'POST', '/v2/sites', 400, { body: { workspaceId: W }, key: s.otherApiKey }, 'name');
await expectErr('create site: bad locale', 'POST', '/v2/sites', 400, { body: { workspaceId: W, name: 'x', defaultLocale: 'xx-YY' } }, 'defaultLocale');
await expectErr('create site: en_US refused', 'POST', '/v2/sites', 400, { body: { workspaceId: W, name: 'x', defaultLocale: 'en_US' } }, 'defaultLocale');
await expectErr('create site: null defaultLocale', 'POST', '/v2/sites', 400, { body: { workspaceId: W, name: 'x', defaultLocale: null } }, 'defaultLocale');
await expectErr('create site: blank name', 'POST', '/v2/sites', 400, { body: { workspaceId: W, name: '   ' } }, 'name');
await expectErr('create site: name too long', 'POST', '/v2/sites', 400, { body: { workspaceId: W, name: 'x'.repeat(101) } }, 'name');
await expectErr('create site: bad workspace uuid', 'POST', '/v2/sites', 400, { body: { workspaceId: 'abc', name: 'x' } }, 'workspaceId');
await expectErr('get foreign site', 'GET', `/v2/sites/${s.foreignSiteId}`, 403);
await expectErr('get bad uuid', 'GET', `/v2/sites/not-a-uuid`, 400, {}, 'siteId');
await expectErr('site key cannot create sites', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: W, name: 'x' } });
await expectOk('site key reads its site', 'GET', `/v2/sites/${s.siteId}`, 200, respSchema('/v2/sites/{siteId}', 'get', 200), { key: s.siteApiKey });
await expectErr('site key other site', 'GET', `/v2/sites/${site.id}`, 403, { key: s.siteApiKey });
await expectErr('site key cannot delete', 'DELETE', `/v2/sites/${s.siteId}`, 403, { key: s.siteApiKey });
await expectErr('public key cannot read the site', 'GET', `/v2/sites/${s.siteId}`, 403, { key: s.publicApiKey });

// ================= auth / transport =================
await expectErr('no key', 'GET', `/v2/sites/${s.siteId}`, 401, { key: null });
await expectErr('no key on unknown path', 'GET', `/nope`, 401, { key: null });
await expectErr('bad key', 'GET', `/v2/sites/${s.siteId}`, 401, { key: 'sbs_app_nope' });
await expectErr('unknown uuid key', 'GET', `/v2/sites/${s.siteId}`, 401, { key: '00000000-0000-4000-8000-000000000000' });
await expectErr('unknown path', 'GET', `/v2/nothing`, 404);
await expectErr('trailing slash', 'GET', `/v2/sites/`, 404);
r = await expectErr('wrong method', 'PUT', `/v2/sites/${s.siteId}`, 400);
ok(r.headers.get('allow') === 'DELETE, GET, HEAD, PATCH', 'Allow header', r.headers.get('allow'));
await expectErr('firewall: encoded slash', 'GET', `/v6/pages/%2Fabout${q({ siteId: s.siteId })}`, 400);
await expectErr('firewall: semicolon', 'GET', `/v2/sites;jsessionid=1`, 400);
await expectErr('text/plain body', 'POST', '/v2/sites', 400, { raw: '{}', headers: { 'content-type': 'text/plain' } });
await expectErr('missing body', 'POST', '/v2/sites', 400, { headers: { 'content-type': 'application/json' } }, 'requestBody');
await expectErr('malformed json', 'POST', '/v2/sites', 400, { raw: '{"name": ', headers: { 'content-type': 'application/json' } }, 'requestBody');
await expectErr('duplicate json key', 'POST', '/v2/sites', 400, { raw: `{"workspaceId":"${W}","name":"a","name":"b"}`, headers: { 'content-type': 'application/json' } }, 'requestBody');
await expectErr('trailing tokens', 'POST', '/v2/sites', 400, { raw: `{"workspaceId":"${W}","name":"a"} {}`, headers: { 'content-type': 'application/json' } }, 'requestBody');
await expectErr('array body', 'POST', '/v2/sites', 400, { raw: '[1]', headers: { 'content-type': 'application/json' } }, 'requestBody');
await expectErr('deep nesting', 'POST', '/v2/sites', 400, { raw: '['.repeat(600) + ']'.repeat(600), headers: { 'content-type': 'application/json' } }, 'requestBody');
await expectErr('invalid utf-8', 'POST', '/v2/sites', 400, { raw: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } }, 'requestBody');
await expectOk('application/*+json accepted', 'POST', '/v2/sites', 201, respSchema('/v2/sites', 'post', 201), { raw: JSON.stringify({ workspaceId: W, name: 'vnd' }), headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' } });
await expectErr('huge body', 'POST', '/v2/sites', 400, { raw: 'x'.repeat(3 * 1024 * 1024), headers: { 'content-type': 'application/json' } }, 'requestBody');
r = await call('HEAD', `/v2/sites/${s.siteId}`);
ok(r.status === 200 && r.text === '', 'HEAD like GET without body', r.status);
ok(r.headers.get('x-content-type-options') === 'nosniff', 'Spring Security headers');

function rawRequest(text) {
  return new Promise((resolve) => {
    const sock = net.connect(new URL(B).port, '127.0.0.1', () => sock.end(text));
    let out = ''; sock.on('data', (d) => (out += d)); sock.on('close', () => resolve(out)); sock.on('error', () => resolve(out));
  });
}
let rawOut = await rawRequest('GARBAGE\r\n\r\n');
ok(/^HTTP\/1\.1 400/.test(rawOut) && rawOut.includes('"bad_request"'), 'bad request line -> 400 envelope', rawOut);
rawOut = await rawRequest(`GET /v2/sites HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(10000)}\r\n\r\n`);
ok(/^HTTP\/1\.1 400/.test(rawOut) && rawOut.includes('"bad_request"'), 'oversized header -> 400 envelope', rawOut.slice(0, 200));
rawOut = await rawRequest(`TRACE /v2/sites HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
ok(/^HTTP\/1\.1 400/.test(rawOut) && rawOut.includes('"bad_request"'), 'TRACE rejected by firewall', rawOut.slice(0, 200));

// ================= locales =================
r = await expectOk('list locales', 'GET', `/v2/locales${q({ siteId: s.siteId })}`, 200, respSchema('/v2/locales', 'get', 200));
ok(r.body.data.map((l) => l.locale).join() === 'en-US,de-DE,fr-FR', 'default locale first then code order', r.body.data.map((l) => l.locale));
r = await call('GET', `/v2/locales${q({ siteId: s.siteId, limit: '1' })}`);
ok(r.body.hasMore === true && r.body.data.length === 1, 'locale page 1');
r = await call('GET', `/v2/locales${q({ siteId: s.siteId, limit: '5', startingAfter: r.body.data[0].id })}`);
ok(r.body.hasMore === false && r.body.data.length === 2, 'locale page 2', r.body);
await expectErr('list locales missing siteId', 'GET', `/v2/locales`, 400, {}, 'siteId');
await expectErr('list locales foreign', 'GET', `/v2/locales${q({ siteId: s.foreignSiteId })}`, 403);
await expectErr('list locales unknown site', 'GET', `/v2/locales${q({ siteId: '00000000-0000-4000-8000-000000000000' })}`, 404);
r = await expectOk('create locale', 'POST', '/v2/locales', 201, respSchema('/v2/locales', 'post', 201), { body: { siteId: site.id, locale: 'es-419', domain: 'https://es.smoke.example' } });
const es = r.body;
ok(es.isDefault === false && es.pathPrefix === null && es.locale === 'es-419', 'new locale defaults', es);
await expectErr('create locale conflict (case-insensitive)', 'POST', '/v2/locales', 409, { body: { siteId: site.id, locale: 'ES-419' } });
await expectErr('create locale unknown site', 'POST', '/v2/locales', 404, { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'de' } });
await expectErr('create locale foreign site', 'POST', '/v2/locales', 403, { body: { siteId: s.foreignSiteId, locale: 'de' } });
await expectErr('create locale bad code', 'POST', '/v2/locales', 400, { body: { siteId: site.id, locale: 'english' } }, 'locale');
await expectErr('create locale bad domain', 'POST', '/v2/locales', 400, { body: { siteId: site.id, locale: 'it', domain: 'it.example' } }, 'domain');
await expectOk('get locale by id', 'GET', `/v2/locales/${es.id}`, 200, respSchema('/v2/locales/{localeIdOrCode}', 'get', 200));
await expectOk('get locale by code', 'GET', `/v2/locales/es-419${q({ siteId: site.id })}`, 200, respSchema('/v2/locales/{localeIdOrCode}', 'get', 200));
await expectOk('get locale by code, site key', 'GET', `/v2/locales/fr-FR`, 200, respSchema('/v2/locales/{localeIdOrCode}', 'get', 200), { key: s.siteApiKey });
await expectOk('get locale, public key', 'GET', `/v2/locales/fr-fr`, 200, respSchema('/v2/locales/{localeIdOrCode}', 'get', 200), { key: s.publicApiKey });
await expectErr('get locale by code without siteId', 'GET', `/v2/locales/es-419`, 400, {}, 'siteId');
await expectErr('get unknown locale code', 'GET', `/v2/locales/it${q({ siteId: site.id })}`, 404);
r = await expectOk('update locale', 'PATCH', `/v2/locales/${es.id}`, 200, respSchema('/v2/locales/{localeIdOrCode}', 'patch', 200), { body: { domain: null } });
ok(r.body.domain === null, 'domain null clears', r.body);
r = await expectOk('update locale code', 'PATCH', `/v2/locales/es-419${q({ siteId: site.id })}`, 200, respSchema('/v2/locales/{localeIdOrCode}', 'patch', 200), { body: { locale: 'es-mx' } });
ok(r.body.locale === 'es-MX', 'code canonicalised', r.body);
await expectErr('update locale conflict', 'PATCH', `/v2/locales/${es.id}`, 409, { body: { locale: 'en-US' } });
await expectErr('update locale unknown field', 'PATCH', `/v2/locales/${es.id}`, 400, { body: { isDefault: true } }, 'isDefault');
await expectErr('public key cannot write', 'PATCH', `/v2/locales/fr-FR`, 403, { key: s.publicApiKey, body: {} });
r = await call('DELETE', `/v2/locales/${es.id}`);
ok(r.status === 204 && r.text === '', 'delete locale 204', r.status);
await expectErr('get deleted locale', 'GET', `/v2/locales/${es.id}`, 404);
r = await expectOk('restore locale', 'POST', `/v2/locales/${es.id}/restore`, 200, respSchema('/v2/locales/{localeIdOrCode}/restore', 'post', 200));
await expectErr('restore live locale', 'POST', `/v2/locales/${es.id}/restore`, 409);
await call('DELETE', `/v2/locales/es-MX${q({ siteId: site.id })}`);
await expectOk('restore by code', 'POST', `/v2/locales/es-mx/restore${q({ siteId: site.id })}`, 200, respSchema('/v2/locales/{localeIdOrCode}/restore', 'post', 200));
await expectErr('restore unknown', 'POST', `/v2/locales/00000000-0000-4000-8000-000000000000/restore`, 404);
await expectErr('delete default locale', 'DELETE', `/v2/locales/en-US${q({ siteId: site.id })}`, 400, {}, 'localeIdOrCode');
await expectErr('delete unknown locale', 'DELETE', `/v2/locales/00000000-0000-4000-8000-000000000000`, 404);
r = await expectOk('rename default locale', 'PATCH', `/v2/locales/fr-BE${q({ siteId: zeta.id })}`, 200, respSchema('/v2/locales/{localeIdOrCode}', 'patch', 200), { body: { locale: 'nl-BE' } });
r = await call('GET', `/v2/sites/${zeta.id}`);
ok(r.body.defaultLocale === 'nl-BE', 'site defaultLocale follows the default locale row', r.body);

// ================= pages =================
const PG = '/v6/pages/{pageIdOrPathname}';
r = await expectOk('list pages (online only)', 'GET', `/v6/pages${q({ siteId: s.siteId })}`, 200, respSchema('/v6/pages', 'get', 200));
ok(r.body.data.map((p) => p.pathname).join() === '/,/about,/blog/hello-world', 'default: online pages by path', r.body.data.map((p) => p.pathname));
r = await expectOk('list pages includeOffline', 'GET', `/v6/pages${q({ siteId: s.siteId, includeOffline: 'true' })}`, 200, respSchema('/v6/pages', 'get', 200));
ok(r.body.data.length === 4, 'includeOffline shows drafts', r.body.data.length);
r = await call('GET', `/v6/pages${q({ siteId: s.siteId, includeOffline: 'true', sortBy: 'title', sortDirection: 'asc' })}`);
ok(r.body.data.at(-1).title === null, 'NULL titles sort last ascending (PostgreSQL)', r.body.data.map((p) => p.title));
r = await call('GET', `/v6/pages${q({ siteId: s.siteId, includeOffline: 'true', sortBy: 'title', sortDirection: 'desc' })}`);
ok(r.body.data[0].title === null, 'NULL titles first descending', r.body.data.map((p) => p.title));
r = await call('GET', `/v6/pages${q({ siteId: s.siteId, pathPrefix: '/blog' })}`);
ok(r.body.data.length === 1 && r.body.data[0].pathname === '/blog/hello-world', 'pathPrefix filter', r.body.data);
r = await expectOk('list pages in fr-FR', 'GET', `/v6/pages${q({ siteId: s.siteId, locale: 'fr-FR' })}`, 200, respSchema('/v6/pages', 'get', 200));
ok(r.body.data.map((p) => p.pathname).join() === '/,/a-propos' && r.body.data[1].locale === 'fr-FR' && r.body.data[1].title === 'À propos', 'locale filter collapses', r.body.data);
await expectErr('list pages unknown locale', 'GET', `/v6/pages${q({ siteId: s.siteId, locale: 'it-IT' })}`, 400, {}, 'locale');
await expectErr('list pages bad enum', 'GET', `/v6/pages${q({ siteId: s.siteId, sortBy: 'name', includeOffline: 'yes' })}`, 400, {}, 'includeOffline');
r = await call('GET', `/v6/pages${q({ siteId: s.siteId, versionRef: 'ref:live', includeOffline: 'true' })}`);
ok(r.body.data.length === 3, 'ref:live never shows offline pages', r.body.data.length);
r = await call('GET', `/v6/pages${q({ siteId: s.siteId, limit: '2' })}`);
ok(r.body.hasMore && r.body.data.length === 2, 'pages page 1');
r = await call('GET', `/v6/pages${q({ siteId: s.siteId, limit: '2', startingAfter: r.body.data[1].id })}`);
ok(!r.body.hasMore && r.body.data.length === 1, 'pages page 2', r.body);
await expectOk('v2 list pages', 'GET', `/v2/sites/${s.siteId}/pages${q({ limit: '2' })}`, 200, respSchema('/v6/pages', 'get', 200));
await expectOk('public key lists pages', 'GET', `/v6/pages${q({ siteId: s.siteId })}`, 200, respSchema('/v6/pages', 'get', 200), { key: s.publicApiKey });
await expectErr('public key other site', 'GET', `/v6/pages${q({ siteId: s.blogSiteId })}`, 403, { key: s.publicApiKey });
await expectErr('list pages foreign', 'GET', `/v6/pages${q({ siteId: s.foreignSiteId })}`, 403);
r = await expectOk('create page', 'POST', '/v6/pages', 201, respSchema('/v6/pages', 'post', 201), { body: { siteId: site.id, pathname: '/Docs/Intro', name: 'Intro' } });
const page = r.body;
ok(page.isOnline === false && page.publishedAt === null && page.createdAt === page.updatedAt && page.locale === 'en-US' && Array.isArray(page.localizations), 'new page defaults', page);
await expectOk('create page, different case is another page', 'POST', '/v6/pages', 201, respSchema('/v6/pages', 'post', 201), { body: { siteId: site.id, pathname: '/docs/intro', name: 'intro' } });
await expectErr('create page conflict', 'POST', '/v6/pages', 409, { body: { siteId: site.id, pathname: '/Docs/Intro', name: 'Again' } });
await expectOk('create plain route', 'POST', '/v2/routes', 201, ROUTE_SCHEMA, { body: { siteId: site.id, pathname: '/legacy' } });
await expectErr('create page conflicts with route', 'POST', '/v6/pages', 409, { body: { siteId: site.id, pathname: '/legacy', name: 'x' } });
await expectErr('create page missing all', 'POST', '/v6/pages', 400, { body: {} });
r = await call('POST', '/v6/pages', { body: {} });
ok(r.body.details.map((d) => d.field).join() === 'name,pathname,siteId', 'one detail per missing field, sorted', r.body.details);
await expectErr('create page empty name', 'POST', '/v6/pages', 400, { body: { siteId: site.id, pathname: '/x', name: '' } }, 'name');
await expectOk('create page one-space name (min length 1)', 'POST', '/v6/pages', 201, respSchema('/v6/pages', 'post', 201), { body: { siteId: site.id, pathname: '/space', name: ' ' } });
await expectErr('create page bad pathname', 'POST', '/v6/pages', 400, { body: { siteId: site.id, pathname: 'no-slash', name: 'x' } }, 'pathname');
await expectErr('create page trailing slash', 'POST', '/v6/pages', 400, { body: { siteId: site.id, pathname: '/x/', name: 'x' } }, 'pathname');
await expectErr('create page unknown site', 'POST', '/v6/pages', 404, { body: { siteId: '00000000-0000-4000-8000-000000000000', pathname: '/x', name: 'x' } });
await expectErr('create page foreign site', 'POST', '/v6/pages', 403, { body: { siteId: s.foreignSiteId, pathname: '/x', name: 'x' } });
await expectErr('create page string boolean? number name', 'POST', '/v6/pages', 400, { body: { siteId: site.id, pathname: '/x', name: 7 } }, 'name');
await expectOk('get page by id', 'GET', `/v6/pages/${page.id}`, 200, respSchema(PG, 'get', 200));
await expectOk('get page by pathname', 'GET', `/v6/pages/Docs/Intro${q({ siteId: site.id })}`, 200, respSchema(PG, 'get', 200));
await expectOk('get root page (site key)', 'GET', `/v6/pages/`, 200, respSchema(PG, 'get', 200), { key: s.siteApiKey });
r = await expectOk('get page localized', 'GET', `/v6/pages/about${q({ siteId: s.siteId, locale: 'de-DE' })}`, 200, respSchema(PG, 'get', 200));
ok(r.body.pathname === '/ueber-uns' && r.body.locale === 'de-DE' && r.body.localizations.length === 2, 'collapsed localization', r.body);
await expectErr('get page pathname without siteId', 'GET', `/v6/pages/about`, 400, {}, 'siteId');
await expectErr('get page live but offline', 'GET', `/v6/pages/${page.id}${q({ versionRef: 'ref:live' })}`, 404);
await expectErr('get page bad versionRef', 'GET', `/v6/pages/${page.id}${q({ versionRef: 'live' })}`, 400, {}, 'versionRef');
await expectErr('get page unknown', 'GET', `/v6/pages/00000000-0000-4000-8000-000000000000`, 404);
await expectErr('get page foreign', 'GET', `/v6/pages/${q({ siteId: s.foreignSiteId })}`, 403);
r = await expectOk('update page publish', 'PATCH', `/v6/pages/${page.id}`, 200, respSchema(PG, 'patch', 200), { body: { isOnline: true, pathname: '/docs/start' } });
ok(r.body.isOnline && r.body.publishedAt && r.body.pathname === '/docs/start' && r.body.updatedAt > page.updatedAt, 'publish sets publishedAt', r.body);
const pub = r.body;
r = await expectOk('update page no-op', 'PATCH', `/v6/pages/${page.id}`, 200, respSchema(PG, 'patch', 200), { body: {} });
ok(r.body.updatedAt === pub.updatedAt, 'no-op keeps updatedAt (dirty checking)', r.body);
r = await expectOk('update page offline', 'PATCH', `/v6/pages/docs/start${q({ siteId: site.id })}`, 200, respSchema(PG, 'patch', 200), { body: { isOnline: false } });
ok(r.body.isOnline === false && r.body.publishedAt === pub.publishedAt, 'unpublish keeps last publishedAt', r.body);
await expectErr('update page boolean coercion off', 'PATCH', `/v6/pages/${page.id}`, 400, { body: { isOnline: 'true' } }, 'isOnline');
await expectErr('update page conflict', 'PATCH', `/v6/pages/${page.id}`, 409, { body: { pathname: '/docs/intro' } });
await expectErr('update page missing body', 'PATCH', `/v6/pages/${page.id}`, 400, { headers: { 'content-type': 'application/json' } });
r = await call('DELETE', `/v6/pages/${page.id}`);
ok(r.status === 204 && r.text === '', 'delete page 204', r.status);
await expectErr('delete page again', 'DELETE', `/v6/pages/${page.id}`, 404);
await expectErr('site key other site page', 'DELETE', `/v6/pages/${'x'}${q({ siteId: site.id })}`, 403, { key: s.siteApiKey });

// ================= routes =================
r = await expectOk('list routes', 'GET', `/v2/routes${q({ siteId: s.siteId })}`, 200, ROUTE_LIST);
ok(r.body.data.map((x) => x.pathname).join() === '/api/**,/products/{slug}', 'routes by pathname (C collation)', r.body.data);
const prodRoute = r.body.data[1];
r = await expectOk('create route', 'POST', '/v2/routes', 201, ROUTE_SCHEMA, { body: { siteId: site.id, pathname: '/shop/{category}/{id:[0-9]+}' } });
const route = r.body;
await expectErr('create route bad pattern', 'POST', '/v2/routes', 400, { body: { siteId: site.id, pathname: '/a/{id' } }, 'pathname');
await expectOk('create route bad pattern skipped', 'POST', `/v2/routes${q({ skipValidation: 'true' })}`, 201, ROUTE_SCHEMA, { body: { siteId: site.id, pathname: '/a/{id' } });
await expectErr('create route duplicate', 'POST', `/v2/routes${q({ skipValidation: 'true' })}`, 409, { body: { siteId: site.id, pathname: '/a/{id' } });
await expectErr('create route clashes with page', 'POST', '/v2/routes', 409, { body: { siteId: site.id, pathname: '/docs/intro' } });
await expectErr('create route no leading slash', 'POST', `/v2/routes${q({ skipValidation: 'true' })}`, 400, { body: { siteId: site.id, pathname: 'x' } }, 'pathname');
await expectOk('get route by id', 'GET', `/v2/routes/${route.id}`, 200, ROUTE_SCHEMA);
await expectOk('get route by pathname', 'GET', `/v2/routes/products/%7Bslug%7D`, 200, ROUTE_SCHEMA, { key: s.siteApiKey });
r = await expectOk('update route', 'PATCH', `/v2/routes/${prodRoute.id}`, 200, ROUTE_SCHEMA, { body: { pathname: '/products/{*rest}' } });
ok(r.body.pathname === '/products/{*rest}', 'route renamed', r.body);
r = await expectOk('update route by pathname', 'PATCH', `/v2/routes/products/%7B*rest%7D${q({ siteId: s.siteId })}`, 200, ROUTE_SCHEMA, { body: { pathname: '/catalog/{slug}' } });
await expectErr('update route invalid', 'PATCH', `/v2/routes/${prodRoute.id}`, 400, { body: { pathname: '/x/{*a}/b' } }, 'pathname');
await expectOk('update route invalid but skipValidation', 'PATCH', `/v2/routes/${prodRoute.id}${q({ skipValidation: 'true' })}`, 200, ROUTE_SCHEMA, { body: { pathname: '/x/{*a}/b' } });
await expectErr('update route skipValidation=yes', 'PATCH', `/v2/routes/${prodRoute.id}${q({ skipValidation: 'yes' })}`, 400, { body: {} }, 'skipValidation');
await expectErr('update route pathname without siteId', 'PATCH', `/v2/routes/x/%7B*a%7D/b`, 400, { body: {} }, 'siteId');
await expectErr('update route unknown', 'PATCH', `/v2/routes/00000000-0000-4000-8000-000000000000`, 404, { body: {} });
await expectErr('update route foreign', 'PATCH', `/v2/routes/${prodRoute.id}`, 403, { body: {}, key: s.otherApiKey });
r = await call('DELETE', `/v2/routes/${route.id}`);
ok(r.status === 204, 'delete route', r.status);

// ================= more choices =================
r = await call('GET', `/v2/sites${q({ workspaceId: W, limit: ' 0x1p1 ' })}`);
ok(r.status === 200 && r.body.data.length === 2, 'limit parsed by Double.valueOf (hex float, trimmed)', r.status);
r = await call('GET', `/v2/sites${q({ workspaceId: W, limit: '3', limit2: 'x' })}&limit=abc`);
ok(r.status === 200 && r.body.data.length === 3, 'repeated scalar query param: first wins', r.status);
r = await call('GET', `/v2/sites?workspaceId=%zz`);
ok(r.status === 400 && r.body.details[0].message === 'must not be null', 'undecodable query pair dropped (Tomcat)', r.body);
r = await call('GET', `/v2/sites${q({ workspaceId: W.toUpperCase() })}`);
ok(r.status === 200, 'query UUIDs in any case', r.status);
await expectErr('pathname with percent refused', 'POST', '/v6/pages', 400, { body: { siteId: site.id, pathname: '/a%20b', name: 'x' } }, 'pathname');
await expectErr('pathname non-ascii refused', 'POST', '/v6/pages', 400, { body: { siteId: site.id, pathname: '/über', name: 'x' } }, 'pathname');
r = await call('GET', `/v2/sites${q({ workspaceId: W })}`, { headers: { 'x-api-key': `${s.apiKey}` } });
ok(r.status === 200, 'key accepted');
await expectOk('body uuid as 24-char Base64 (Jackson UUIDDeserializer)', 'POST', '/v6/pages', 201, respSchema('/v6/pages', 'post', 201), { body: { siteId: Buffer.from(site.id.replace(/-/g, ''), 'hex').toString('base64'), pathname: '/b64', name: 'b64' } });
rawOut = await rawRequest(`POST /v2/sites HTTP/1.1\r\nHost: x\r\nx-api-key: ${s.apiKey}\r\nContent-Length: abc\r\n\r\n`);
ok(/^HTTP\/1\.1 400/.test(rawOut) && rawOut.includes('"bad_request"'), 'bad Content-Length -> 400 envelope', rawOut.slice(0, 200));

// ================= timestamps =================
r = await call('GET', `/v6/pages${q({ siteId: s.siteId, includeOffline: 'true' })}`);
ok(r.body.data.every((p) => /T\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(p.createdAt)), 'microsecond timestamps with Z, trailing zeros trimmed', r.body.data.map((p) => p.createdAt));

await s.close();

// ================= CLI mode =================
const { spawn } = await import('node:child_process');
const child = spawn(process.execPath, [new URL('./server.mjs', import.meta.url).pathname, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
child.stdout.on('data', (d) => (out += d));
await new Promise((res) => { const t = setInterval(() => { if (out.includes('\n')) { clearInterval(t); res(); } }, 20); });
const line = JSON.parse(out.trim());
ok(['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof line[k] === 'string') && out.trim().split('\n').length === 1, 'CLI prints one JSON line', out);
const cr = await fetch(`${line.baseUrl}/v2/sites?workspaceId=${line.workspaceId}`, { headers: { 'x-api-key': line.apiKey } });
ok(cr.status === 200, 'CLI server answers');
const code = await new Promise((res) => { child.on('exit', (c) => res(c)); child.kill('SIGTERM'); });
ok(code === 0 && out.trim().split('\n').length === 1, 'SIGTERM exits 0', code);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
