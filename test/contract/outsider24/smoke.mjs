// Self-test: starts the server, calls every operation of both documents, checks success bodies
// against the published OpenAPI response schemas, and probes errors, limits and free choices.
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const openapi = JSON.parse(readFileSync(join(here, '../../../contracts/published-openapi.json'), 'utf8'));

// ---------------------------------------------------------------------------- schema checker
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
function deref(s) {
  while (s && s.$ref) s = s.$ref.split('/').slice(1).reduce((o, k) => o[k], openapi);
  return s;
}
function check(schema, v, path = '$', errs = []) {
  schema = deref(schema);
  if (!schema || Object.keys(schema).filter((k) => !['description', 'title'].includes(k)).length === 0) return errs;
  if (schema.oneOf) {
    const ok = schema.oneOf.filter((s) => check(s, v, path, []).length === 0).length;
    if (ok !== 1) errs.push(`${path}: matches ${ok} of oneOf`);
    return errs;
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
    const ok = types.includes(t) || (t === 'integer' && types.includes('number'));
    if (!ok) { errs.push(`${path}: type ${t}, want ${types}`); return errs; }
  }
  if (v === null) return errs;
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${path}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && schema.format === 'uuid' && !UUID_RE.test(v)) errs.push(`${path}: not a uuid`);
  if (typeof v === 'string' && schema.format === 'date-time' && (!DT_RE.test(v) || Number.isNaN(Date.parse(v)))) errs.push(`${path}: not a date-time`);
  if (typeof v === 'string' && schema.format === 'uri') { try { new URL(v); } catch { errs.push(`${path}: not a uri`); } }
  if (typeof v === 'number' && schema.minimum !== undefined && v < schema.minimum) errs.push(`${path}: below minimum`);
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => check(schema.items, x, `${path}[${i}]`, errs));
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${path}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) check(s, v[k], `${path}.${k}`, errs);
  }
  return errs;
}
const opSchema = (method, p, status) => deref(openapi.paths[p][method].responses[String(status)].content['application/json'].schema);
// The Route resource is only in the specification: its table, written as a schema
const ROUTE_SCHEMA = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ERROR_SCHEMA = { type: 'object', required: ['object', 'code', 'message'], properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } } } };

// ---------------------------------------------------------------------------- harness
let passed = 0, failed = 0;
function ok(cond, label, extra) {
  if (cond) passed++; else { failed++; console.log(`FAIL ${label}`, extra !== undefined ? JSON.stringify(extra).slice(0, 600) : ''); }
}
const srv = await startServer({ port: 0 });
const B = srv.url;
async function call(method, path, { key = srv.apiKey, body, headers = {}, raw } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const res = await fetch(B + path, { method, headers: h, body: payload });
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  return { status: res.status, body: json, headers: res.headers, text };
}
function expectOk(r, status, schema, label) {
  ok(r.status === status, `${label}: status ${r.status} want ${status}`, r.body);
  if (schema && r.status === status) {
    const errs = check(schema, r.body);
    ok(errs.length === 0, `${label}: schema`, errs);
  }
}
function expectErr(r, status, code, label, field, message) {
  ok(r.status === status, `${label}: status ${r.status} want ${status}`, r.body);
  ok(check(ERROR_SCHEMA, r.body).length === 0 && r.body?.code === code, `${label}: envelope ${code}`, r.body);
  if (status === 400) ok(Array.isArray(r.body?.details) && r.body.details.length > 0, `${label}: details present`, r.body);
  if (field) ok(r.body?.details?.some((d) => d.field === field && (!message || d.message === message)), `${label}: detail ${field}${message ? ` "${message}"` : ''}`, r.body);
}

const W = srv.workspaceId, S = srv.siteId;
const j = (o) => JSON.stringify(o);

// ---------------------------------------------------------------------------- sites
{
  let r = await call('GET', `/v2/sites?workspaceId=${W}`);
  expectOk(r, 200, opSchema('get', '/v2/sites', 200), 'list sites');
  ok(r.body.data.length === 2 && r.body.data[0].name === 'Pony Stables', 'sites newest first', r.body.data.map((s) => s.name));
  r = await call('GET', `/v2/sites?workspaceId=${W}&limit=1`);
  ok(r.body.hasMore === true && r.body.data.length === 1, 'sites page 1');
  const r2 = await call('GET', `/v2/sites?workspaceId=${W}&limit=1&startingAfter=${r.body.data[0].id}`);
  ok(r2.body.hasMore === false && r2.body.data[0].name === 'Pony Gazette', 'sites page 2', r2.body);

  r = await call('POST', '/v2/sites', { body: { workspaceId: W, name: '  Smoke Site  ', hostOrigin: 'https://smoke.example' } });
  expectOk(r, 201, opSchema('post', '/v2/sites', 201), 'create site');
  ok(r.body.name === 'Smoke Site' && r.body.defaultLocale === 'en-US' && r.body.localeManagementMode === 'external', 'create site defaults + trim', r.body);
  ok(!r.headers.get('location'), 'no Location header');
  const sid = r.body.id;
  r = await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'Locale Site', defaultLocale: 'pt_br' } });
  ok(r.status === 201 && r.body.defaultLocale === 'pt-BR', 'locale normalised', r.body);
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 12345 } }), 400, 'bad_request', 'string field refuses numbers', 'name', 'Not a valid string.');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x', defaultLocale: 7 } }), 400, 'bad_request', 'defaultLocale refuses numbers', 'defaultLocale', 'Not a valid string.');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: 5, name: 'x' } }), 400, 'bad_request', 'uuid field refuses integers', 'workspaceId', 'Must be a valid UUID.');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x', hostOrigin: 'https://exämple.com' } }), 400, 'bad_request', 'non-ASCII hostOrigin', 'hostOrigin', 'Enter a valid URL.');
  r = await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'Punycode', hostOrigin: 'https://xn--exmple-cua.com/a%20b?x=1' } });
  ok(r.status === 201, 'punycode host and percent escapes accepted', r.body);
  r = await call('POST', '/v2/sites', { body: { workspaceId: `{${W.toUpperCase()}}`, name: 'Braces' } });
  ok(r.status === 201, 'uuid.UUID() forms accepted in bodies', r.body);

  r = await call('GET', `/v2/sites/${sid}`);
  expectOk(r, 200, opSchema('get', '/v2/sites/{siteId}', 200), 'get site');
  r = await call('PATCH', `/v2/sites/${sid}`, { body: { name: 'Renamed', hostOrigin: null, color: 'red' } });
  expectOk(r, 200, opSchema('patch', '/v2/sites/{siteId}', 200), 'update site');
  ok(r.body.name === 'Renamed' && r.body.hostOrigin === null && r.body.defaultLocale === 'en-US', 'update site; unknown ignored', r.body);
  expectErr(await call('PATCH', `/v2/sites/${sid}`, { body: { name: 'Again', defaultLocale: 'fr-FR' } }), 400, 'bad_request', 'defaultLocale refused in Update Site', 'defaultLocale');
  expectErr(await call('PATCH', `/v2/sites/${sid}`, { body: { defaultLocale: null } }), 400, 'bad_request', 'defaultLocale null refused too', 'defaultLocale');
  r = await call('GET', `/v2/sites/${sid}`);
  ok(r.body.name === 'Renamed' && r.body.defaultLocale === 'en-US', 'refused update changed nothing', r.body);
  expectErr(await call('PATCH', `/v2/sites/${sid}`, { body: { name: 12345 } }), 400, 'bad_request', 'update site name number', 'name', 'Not a valid string.');
  expectErr(await call('PATCH', `/v2/sites/${sid}`, { body: { hostOrigin: 'https://exämple.com' } }), 400, 'bad_request', 'update site non-ASCII hostOrigin', 'hostOrigin', 'Enter a valid URL.');
  expectErr(await call('POST', `/v2/sites/${S}/duplicate`, { body: { name: 12345 } }), 400, 'bad_request', 'duplicate name number', 'name', 'Not a valid string.');
  r = await call('PATCH', `/v2/sites/${sid}`, { body: {} });
  ok(r.status === 200, 'empty PATCH is a no-op');

  r = await call('POST', `/v2/sites/${S}/duplicate`, { body: { name: 'Gazette Copy' } });
  expectOk(r, 201, opSchema('post', '/v2/sites/{siteId}/duplicate', 201), 'duplicate site');
  const dup = r.body.id;
  ok(r.body.publicApiKey !== srv.publicApiKey && r.body.defaultLocale === 'en-US', 'duplicate new keys');
  r = await call('GET', `/v6/pages?siteId=${dup}&includeOffline=true`);
  ok(r.status === 200 && r.body.data.length === 4, 'duplicate copied pages', r.body);
  r = await call('GET', `/v2/locales?siteId=${dup}`);
  ok(r.body.data.length === 3 && r.body.data.every((l) => l.domain === null), 'duplicate copied kept locales without domains', r.body);
  r = await call('GET', `/v2/routes?siteId=${dup}`);
  ok(r.body.data.length === 2, 'duplicate copied routes');

  r = await call('DELETE', `/v2/sites/${dup}`);
  ok(r.status === 204 && r.text === '' && !r.headers.get('content-type'), 'delete site 204 empty');
  r = await call('DELETE', `/v2/sites/${dup}`);
  expectErr(r, 404, 'not_found', 'delete again');
  ok(r.body.message === 'No Site matches the given query.', 'get_object_or_404 message', r.body);

  // errors
  expectErr(await call('POST', '/v2/sites', { body: {} }), 400, 'bad_request', 'create site empty', 'name', 'This field is required.');
  r = await call('POST', '/v2/sites', { body: { workspaceId: 'nope', name: '', hostOrigin: 'not a url', defaultLocale: 'english' } });
  expectErr(r, 400, 'bad_request', 'create site invalid', 'workspaceId', 'Must be a valid UUID.');
  ok(j(r.body.details.map((d) => d.field)) === j(['workspaceId', 'name', 'hostOrigin', 'defaultLocale']), 'details in field order', r.body.details);
  ok(r.body.details[1].message === 'This field may not be blank.' && r.body.details[2].message === 'Enter a valid URL.', 'DRF messages', r.body.details);
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x'.repeat(256) } }), 400, 'bad_request', 'name too long', 'name', 'Ensure this field has no more than 255 characters.');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: '00000000-0000-4000-8000-000000000000', name: 'x' } }), 400, 'bad_request', 'unknown workspace', 'workspaceId', 'Invalid pk "00000000-0000-4000-8000-000000000000" - object does not exist.');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: srv.otherWorkspaceId, name: 'x' } }), 403, 'forbidden', 'foreign workspace');
  expectErr(await call('POST', '/v2/sites', { key: srv.siteApiKey, body: { workspaceId: W, name: 'x' } }), 403, 'forbidden', 'site key cannot create sites');
  expectErr(await call('GET', `/v2/sites?workspaceId=${srv.otherWorkspaceId}`), 403, 'forbidden', 'list foreign workspace');
  expectErr(await call('GET', '/v2/sites'), 400, 'bad_request', 'list sites without workspace', 'workspaceId', 'This field is required.');
  expectErr(await call('GET', `/v2/sites/${srv.otherSiteId}`), 403, 'forbidden', 'foreign site');
  r = await call('GET', `/v2/sites/${srv.otherSiteId}`, { key: srv.otherApiKey });
  ok(r.status === 200 && r.body.name === 'Jazz Archive', 'other workspace key reads its own site', r.body);
}

// ---------------------------------------------------------------------------- keys
{
  expectErr(await call('GET', `/v2/sites/${S}`, { key: null }), 401, 'unauthorized', 'missing key');
  let r = await call('GET', `/v2/sites/${S}`, { key: 'abcdefgh.wrong' });
  expectErr(r, 401, 'unauthorized', 'bad key');
  ok(r.headers.get('www-authenticate') === 'Api-Key', 'WWW-Authenticate header');
  expectErr(await call('GET', `/v2/sites/${S}`, { key: '' }), 401, 'unauthorized', 'empty key');
  expectErr(await call('GET', `/v2/sites/${S}`, { key: '00000000-0000-4000-8000-000000000000' }), 401, 'unauthorized', 'unknown uuid key');
  r = await call('GET', `/v2/sites/${S}`, { key: srv.siteApiKey.toUpperCase() });
  ok(r.status === 200, 'site key any case', r.body);
  r = await call('PATCH', `/v2/sites/${S}`, { key: srv.siteApiKey, body: { name: 'Pony Gazette' } });
  ok(r.status === 200, 'site key updates its site', r.body);
  expectErr(await call('GET', `/v2/sites?workspaceId=${W}`, { key: srv.siteApiKey }), 403, 'forbidden', 'site key cannot list sites');
  expectErr(await call('POST', `/v2/sites/${S}/duplicate`, { key: srv.siteApiKey, body: { name: 'x' } }), 403, 'forbidden', 'site key cannot duplicate');
  r = await call('GET', `/v6/pages?siteId=${S}`, { key: srv.publicApiKey });
  ok(r.status === 200, 'publishable key reads pages', r.body);
  r = await call('GET', '/v2/locales/fr-FR', { key: srv.publicApiKey });
  ok(r.status === 200 && r.body.locale === 'fr-FR', 'publishable key implies its site for a code lookup', r.body);
  expectErr(await call('GET', '/v2/locales', { key: srv.siteApiKey }), 400, 'bad_request', 'list locales needs siteId with a site key', 'siteId', 'This field is required.');
  expectErr(await call('GET', '/v6/pages', { key: srv.publicApiKey }), 400, 'bad_request', 'list pages needs siteId with a publishable key', 'siteId', 'This field is required.');
  expectErr(await call('GET', '/v2/routes', { key: srv.siteApiKey }), 400, 'bad_request', 'list routes needs siteId with a site key', 'siteId', 'This field is required.');
  expectErr(await call('PATCH', `/v2/sites/${S}`, { key: srv.publicApiKey, body: {} }), 403, 'forbidden', 'publishable key cannot write');
  expectErr(await call('GET', `/v2/sites/${srv.otherSiteId}`, { key: srv.siteApiKey }), 403, 'forbidden', 'site key other site');

  // an existing locale/page/route of a site the key does not reach is 403, by id, whatever the key
  const jazzPages = (await call('GET', `/v6/pages?siteId=${srv.otherSiteId}`, { key: srv.otherApiKey })).body.data;
  const jazzLocale = (await call('GET', `/v2/locales?siteId=${srv.otherSiteId}`, { key: srv.otherApiKey })).body.data[0];
  const jazzRoute = (await call('GET', `/v2/routes?siteId=${srv.otherSiteId}`, { key: srv.otherApiKey })).body.data[0];
  const jp = jazzPages[0].id;
  for (const key of [srv.siteApiKey, srv.publicApiKey, srv.apiKey]) {
    expectErr(await call('GET', `/v6/pages/${jp}`, { key }), 403, 'forbidden', 'foreign page by id');
    expectErr(await call('GET', `/v2/locales/${jazzLocale.id}`, { key }), 403, 'forbidden', 'foreign locale by id');
    expectErr(await call('GET', `/v2/routes/${jazzRoute.id}`, { key }), 403, 'forbidden', 'foreign route by id');
  }
  expectErr(await call('PATCH', `/v6/pages/${jp}`, { key: srv.siteApiKey, body: { name: 'x' } }), 403, 'forbidden', 'foreign page update');
  expectErr(await call('DELETE', `/v6/pages/${jp}`, { key: srv.siteApiKey }), 403, 'forbidden', 'foreign page delete');
  expectErr(await call('PATCH', `/v2/locales/${jazzLocale.id}`, { key: srv.siteApiKey, body: {} }), 403, 'forbidden', 'foreign locale update');
  expectErr(await call('DELETE', `/v2/locales/${jazzLocale.id}`, { key: srv.siteApiKey }), 403, 'forbidden', 'foreign locale delete');
  expectErr(await call('PATCH', `/v2/routes/${jazzRoute.id}`, { key: srv.siteApiKey, body: {} }), 403, 'forbidden', 'foreign route update');
  expectErr(await call('DELETE', `/v2/routes/${jazzRoute.id}`, { key: srv.siteApiKey }), 403, 'forbidden', 'foreign route delete');
  expectErr(await call('GET', `/v6/pages/${jp}?siteId=${S}`, { key: srv.siteApiKey }), 403, 'forbidden', 'foreign page, own siteId given');
  expectErr(await call('GET', `/v6/pages/${jp}?versionRef=ref:live`, { key: srv.siteApiKey }), 403, 'forbidden', 'foreign page, live');
  ok((await call('GET', `/v6/pages/${jp}`, { key: srv.otherApiKey })).status === 200, 'page still there for its own key');
  expectErr(await call('GET', '/v6/pages/00000000-0000-4000-8000-000000000000', { key: srv.siteApiKey }), 404, 'not_found', 'missing page is 404');
  // a page of a duplicated site, with the original site's Site key
  const copy = (await call('POST', `/v2/sites/${S}/duplicate`, { body: { name: 'Key Copy' } })).body.id;
  const copyPage = (await call('GET', `/v6/pages?siteId=${copy}`)).body.data[0].id;
  expectErr(await call('GET', `/v6/pages/${copyPage}`, { key: srv.siteApiKey }), 403, 'forbidden', 'duplicate page with the original site key');
  expectErr(await call('GET', `/v6/pages?siteId=${copy}`, { key: srv.siteApiKey }), 403, 'forbidden', 'duplicate pages list with the original site key');
  // an id with a mismatching siteId the key reaches stays 404
  expectErr(await call('GET', `/v6/pages/${copyPage}?siteId=${S}`), 404, 'not_found', 'id with another reachable siteId');
  await call('DELETE', `/v2/sites/${copy}`);
}

// ---------------------------------------------------------------------------- locales
{
  let r = await call('GET', `/v2/locales?siteId=${S}`);
  expectOk(r, 200, opSchema('get', '/v2/locales', 200), 'list locales');
  ok(j(r.body.data.map((l) => l.locale)) === j(['en-US', 'fr-FR', 'nl-NL']) && r.body.data[0].isDefault, 'locales in creation order, deleted hidden', r.body.data);
  r = await call('GET', `/v2/locales?siteId=${S}&limit=1`);
  ok(r.body.hasMore && r.body.data.length === 1, 'locales paged');
  r = await call('GET', `/v2/locales?siteId=${S}&limit=2&startingAfter=${r.body.data[0].id}`);
  ok(r.body.hasMore === false && r.body.data.length === 2, 'locales page 2', r.body);
  expectErr(await call('GET', `/v2/locales?siteId=${S}&limit=0`), 400, 'bad_request', 'limit 0', 'limit', 'Ensure this value is greater than or equal to 1.');
  expectErr(await call('GET', `/v2/locales?siteId=${S}&limit=101`), 400, 'bad_request', 'limit 101', 'limit', 'Ensure this value is less than or equal to 100.');
  expectErr(await call('GET', `/v2/locales?siteId=${S}&limit=abc`), 400, 'bad_request', 'limit abc', 'limit', 'A valid integer is required.');
  r = await call('GET', `/v2/locales?siteId=${S}&limit=1_0`);
  ok(r.status === 200, 'python int() accepts 1_0', r.body);
  r = await call('GET', `/v2/locales?siteId=${S}&limit=2.0&limit=1`);
  ok(r.status === 200 && r.body.data.length === 1, 'last repeated value wins', r.body);
  r = await call('GET', `/v2/locales?siteId=${S}&limit=`);
  ok(r.status === 200 && r.body.data.length === 3, 'empty optional = default');
  expectErr(await call('GET', `/v2/locales?siteId=${S}&startingAfter=00000000-0000-4000-8000-000000000000`), 404, 'not_found', 'stale cursor');
  expectErr(await call('GET', '/v2/locales'), 400, 'bad_request', 'list locales no site', 'siteId', 'This field is required.');
  expectErr(await call('GET', '/v2/locales?siteId=00000000-0000-4000-8000-000000000000'), 400, 'bad_request', 'list locales unknown site', 'siteId');

  r = await call('POST', '/v2/locales', { body: { siteId: S, locale: 'es_es', domain: 'https://gazette.pony.es' } });
  expectOk(r, 201, opSchema('post', '/v2/locales', 201), 'create locale');
  ok(r.body.locale === 'es-ES' && r.body.isDefault === false && r.body.pathPrefix === null, 'locale defaults', r.body);
  const es = r.body.id;
  expectErr(await call('POST', '/v2/locales', { body: { siteId: S, locale: 'ES-es' } }), 409, 'conflict', 'duplicate locale code');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: S, locale: 'it-IT', domain: 'https://GAZETTE.pony.es' } }), 409, 'conflict', 'duplicate domain');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: S, locale: 'xx-YYY', domain: null } }), 400, 'bad_request', 'bad locale', 'locale');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: S, locale: 'it-IT', domain: 'https://exämple.it' } }), 400, 'bad_request', 'non-ASCII domain', 'domain', 'Enter a valid URL.');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: S, locale: 12 } }), 400, 'bad_request', 'locale number', 'locale', 'Not a valid string.');
  r = await call('POST', '/v2/locales', { body: { siteId: S, locale: 'de-DE' } });
  ok(r.status === 201 && r.body.locale === 'de-DE', 're-creating a soft-deleted code brings the row back', r.body);
  const deId = r.body.id;

  r = await call('GET', `/v2/locales/${es}`);
  expectOk(r, 200, opSchema('get', '/v2/locales/{localeIdOrCode}', 200), 'get locale by id');
  r = await call('GET', `/v2/locales/es-es?siteId=${S}`);
  ok(r.status === 200 && r.body.id === es, 'get locale by code, any case', r.body);
  expectErr(await call('GET', '/v2/locales/es-ES'), 400, 'bad_request', 'code without siteId', 'siteId', 'This field is required.');
  expectErr(await call('GET', `/v2/locales/zz-ZZ?siteId=${S}`), 404, 'not_found', 'unknown code');

  r = await call('PATCH', `/v2/locales/${es}`, { body: { domain: null } });
  expectOk(r, 200, opSchema('patch', '/v2/locales/{localeIdOrCode}', 200), 'update locale');
  ok(r.body.domain === null, 'domain cleared');
  expectErr(await call('PATCH', `/v2/locales/${es}`, { body: { locale: 'fr-FR' } }), 409, 'conflict', 'rename onto existing');
  expectErr(await call('PATCH', `/v2/locales/${es}`, { body: { domain: 'https://exämple.es' } }), 400, 'bad_request', 'update locale non-ASCII domain', 'domain', 'Enter a valid URL.');

  r = await call('DELETE', `/v2/locales/es-ES?siteId=${S}`);
  ok(r.status === 204 && r.text === '', 'delete locale');
  expectErr(await call('GET', `/v2/locales/${es}`), 404, 'not_found', 'deleted locale hidden');
  r = await call('POST', `/v2/locales/${es}/restore`);
  expectOk(r, 200, opSchema('post', '/v2/locales/{localeIdOrCode}/restore', 200), 'restore locale');
  expectErr(await call('POST', `/v2/locales/${es}/restore`), 400, 'bad_request', 'restore a kept locale', 'non_field_errors', 'This locale is not deleted.');
  expectErr(await call('DELETE', `/v2/locales/en-US?siteId=${S}`), 400, 'bad_request', 'delete default locale', 'non_field_errors');
  r = await call('GET', `/v6/pages/news?siteId=${S}`);
  ok(r.body.localizations.some((z) => z.locale === 'de-DE'), 'resurrected locale brings localizations back', r.body);
  await call('DELETE', `/v2/locales/${deId}`);
}

// ---------------------------------------------------------------------------- pages
{
  let r = await call('GET', `/v6/pages?siteId=${S}`);
  expectOk(r, 200, opSchema('get', '/v6/pages', 200), 'list pages');
  ok(j(r.body.data.map((p) => p.pathname)) === j(['/', '/news', '/über-uns']), 'online pages by path, code point order', r.body.data.map((p) => p.pathname));
  r = await call('GET', `/v6/pages?siteId=${S}&includeOffline=true&sortBy=title&sortDirection=desc`);
  ok(r.body.data.length === 4 && r.body.data[0].title === null, 'NULL sorts largest (first when desc)', r.body.data.map((p) => p.title));
  r = await call('GET', `/v6/pages?siteId=${S}&includeOffline=false`);
  ok(r.status === 200 && r.body.data.length === 3, 'includeOffline=false', r.body);
  for (const bad of ['TRUE', '1', 'yes', 'True', '']) {
    expectErr(await call('GET', `/v6/pages?siteId=${S}&includeOffline=${bad}`), 400, 'bad_request', `includeOffline=${bad}`, 'includeOffline', `"${bad}" is not a valid choice.`);
  }
  for (const [k, v] of [['sortBy', 'PATH'], ['sortBy', ''], ['sortDirection', 'DESC'], ['sortDirection', ''], ['versionRef', 'live'], ['versionRef', '']]) {
    expectErr(await call('GET', `/v6/pages?siteId=${S}&${k}=${v}`), 400, 'bad_request', `${k}=${v}`, k, `"${v}" is not a valid choice.`);
  }
  expectErr(await call('GET', `/v6/pages/news?siteId=${S}&versionRef=REF:LIVE`), 400, 'bad_request', 'get page versionRef enum', 'versionRef');
  r = await call('GET', `/v6/pages?siteId=${S}&locale=fr-FR`);
  ok(r.body.data.length === 1 && r.body.data[0].pathname === '/actualites' && r.body.data[0].locale === 'fr-FR' && r.body.data[0].title === 'Actualités', 'locale filter collapses', r.body);
  expectErr(await call('GET', `/v6/pages?siteId=${S}&locale=ja-JP`), 400, 'bad_request', 'unknown locale filter', 'locale', 'Object with code=ja-JP does not exist.');
  expectErr(await call('GET', `/v6/pages?siteId=${S}&sortBy=name`), 400, 'bad_request', 'bad sortBy', 'sortBy', '"name" is not a valid choice.');
  r = await call('GET', `/v6/pages?siteId=${S}&pathPrefix=/n`);
  ok(r.body.data.length === 1, 'pathPrefix');
  r = await call('GET', `/v6/pages?siteId=${S}&limit=1&includeOffline=true`);
  const first = r.body.data[0];
  r = await call('GET', `/v6/pages?siteId=${S}&limit=10&includeOffline=true&startingAfter=${first.id}`);
  ok(r.body.data.length === 3 && !r.body.data.some((p) => p.id === first.id), 'pages cursor', r.body);
  r = await call('GET', `/v2/sites/${S}/pages?limit=2`);
  expectOk(r, 200, opSchema('get', '/v6/pages', 200), 'list pages of a site (v2 path)');
  ok(r.body.hasMore === true, 'v2 pages hasMore');

  r = await call('POST', '/v6/pages', { body: { siteId: S, pathname: '/blog/été', name: 'Blog' } });
  expectOk(r, 201, opSchema('post', '/v6/pages', 201), 'create page');
  ok(r.body.isOnline === false && r.body.publishedAt === null && r.body.locale === 'en-US' && r.body.excludedFromSearchEngines === null, 'page defaults', r.body);
  const pid = r.body.id;
  expectErr(await call('POST', '/v6/pages', { body: { siteId: S, pathname: '/NEWS', name: 'x' } }), 409, 'conflict', 'Lower() unique pathname');
  ok((await call('POST', '/v2/routes', { body: { siteId: S, pathname: '/contact' } })).status === 201, 'route /contact');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: S, pathname: '/Contact', name: 'x' } }), 409, 'conflict', 'page onto a route pathname');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: S, pathname: 'no-slash/', name: '   ' } }), 400, 'bad_request', 'bad page', 'name', 'This field may not be blank.');
  expectErr(await call('POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } }), 400, 'bad_request', 'missing siteId', 'siteId', 'This field is required.');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: srv.otherSiteId, pathname: '/x', name: 'x' } }), 403, 'forbidden', 'page in foreign site');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: S, pathname: '/x', name: 12345 } }), 400, 'bad_request', 'page name number', 'name', 'Not a valid string.');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: S, pathname: 5, name: 'x' } }), 400, 'bad_request', 'page pathname number', 'pathname', 'Not a valid string.');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: 5, pathname: '/x', name: 'x' } }), 400, 'bad_request', 'page siteId integer', 'siteId', 'Must be a valid UUID.');

  r = await call('GET', `/v6/pages/${pid}`);
  expectOk(r, 200, opSchema('get', '/v6/pages/{pageIdOrPathname}', 200), 'get page by id');
  r = await call('GET', `/v6/pages/${encodeURIComponent('/blog/été')}?siteId=${S}`);
  ok(r.status === 200 && r.body.id === pid, 'get page by encoded pathname', r.body);
  r = await call('GET', `/v6/pages/blog/%C3%A9t%C3%A9?siteId=${S}`);
  ok(r.status === 200 && r.body.id === pid, 'get page by raw pathname', r.body);
  r = await call('GET', `/v6/pages/%2F?siteId=${S}`);
  ok(r.status === 200 && r.body.pathname === '/', 'root page via %2F', r.body);
  expectErr(await call('GET', `/v6/pages/${pid}?versionRef=ref:live`), 404, 'not_found', 'offline page not live');
  expectErr(await call('GET', `/v6/pages/BLOG/été?siteId=${S}`), 404, 'not_found', 'lookups are case-sensitive');
  r = await call('GET', `/v6/pages/news?siteId=${S}&locale=nl-NL`);
  ok(r.body.pathname === '/nieuws' && r.body.locale === 'nl-NL', 'get page collapsed', r.body);

  r = await call('PATCH', `/v6/pages/${pid}`, { body: { isOnline: true, pathname: '/blog/ete' } });
  expectOk(r, 200, opSchema('patch', '/v6/pages/{pageIdOrPathname}', 200), 'update page');
  ok(r.body.isOnline === true && r.body.publishedAt !== null && r.body.pathname === '/blog/ete', 'publish on first isOnline', r.body);
  const pub = r.body.publishedAt, upd = r.body.updatedAt;
  r = await call('PATCH', `/v6/pages/${pid}`, { body: {} });
  ok(r.status === 200 && r.body.updatedAt !== upd && r.body.publishedAt === pub, 'empty PATCH still saves (auto_now)', r.body);
  await call('PATCH', `/v6/pages/${pid}`, { body: { isOnline: false } });
  r = await call('PATCH', `/v6/pages/${pid}`, { body: { isOnline: true } });
  ok(r.body.publishedAt === pub, 'publishedAt keeps the first publication', r.body);
  expectErr(await call('PATCH', `/v6/pages/${pid}`, { body: { pathname: '/News' } }), 409, 'conflict', 'rename onto existing page');
  for (const bad of ['maybe', 'on', 'yes', 'true', 'True', '1', 't', '', 1, 0, 1.0, [], {}]) {
    expectErr(await call('PATCH', `/v6/pages/${pid}`, { body: { isOnline: bad } }), 400, 'bad_request', `strict boolean ${JSON.stringify(bad)}`, 'isOnline', 'Must be a valid boolean.');
  }
  for (const raw of ['{"isOnline": 1.0}', '{"isOnline": 0}']) {
    expectErr(await call('PATCH', `/v6/pages/${pid}`, { raw, headers: { 'content-type': 'application/json' } }), 400, 'bad_request', `strict boolean raw ${raw}`, 'isOnline', 'Must be a valid boolean.');
  }
  expectErr(await call('PATCH', `/v6/pages/${pid}`, { body: { isOnline: null } }), 400, 'bad_request', 'boolean null', 'isOnline', 'Must be a valid boolean.');
  r = await call('GET', `/v6/pages/${pid}`);
  ok(r.body.isOnline === true, 'refused booleans change nothing', r.body);
  expectErr(await call('PATCH', `/v6/pages/${pid}`, { body: { name: 12345 } }), 400, 'bad_request', 'update page name number', 'name', 'Not a valid string.');
  r = await call('DELETE', `/v6/pages/${pid}`);
  ok(r.status === 204, 'delete page');
  expectErr(await call('GET', `/v6/pages/${pid}`), 404, 'not_found', 'deleted page');
}

// ---------------------------------------------------------------------------- routes
{
  let r = await call('GET', `/v2/routes?siteId=${S}`);
  ok(r.status === 200 && r.body.object === 'list' && r.body.data.every((x) => check(ROUTE_SCHEMA, x).length === 0), 'list routes', r.body);
  const feed = r.body.data.find((x) => x.pathname.startsWith('/feeds'));
  r = await call('PATCH', `/v2/routes/${feed.id}`, { body: { pathname: '/feeds/<slug:feed>.xml' } });
  ok(r.status === 200 && check(ROUTE_SCHEMA, r.body).length === 0 && r.body.pathname === '/feeds/<slug:feed>.xml', 'update route (Django path syntax)', r.body);
  r = await call('PATCH', `/v2/routes/${encodeURIComponent('/feeds/<slug:feed>.xml')}?siteId=${S}`, { body: { pathname: '/feeds/<slug:feed>/' } });
  ok(r.status === 200, 'update route by pathname', r.body);
  expectErr(await call('PATCH', `/v2/routes/${feed.id}`, { body: { pathname: '/feeds/{feed}' } }), 400, 'bad_request', 'route grammar', 'pathname');
  r = await call('PATCH', `/v2/routes/${feed.id}?skipValidation=true`, { body: { pathname: 'legacy/{feed}' } });
  ok(r.status === 200 && r.body.pathname === '/legacy/{feed}', 'skipValidation skips the grammar, keeps the slash', r.body);
  expectErr(await call('PATCH', `/v2/routes/${feed.id}`, { body: { pathname: '/news' } }), 409, 'conflict', 'route onto a page pathname');
  r = await call('PATCH', `/v2/routes/${feed.id}?skipValidation=true`, { body: { pathname: '/news' } });
  ok(r.status === 200, 'skipValidation skips the page clash', r.body);
  expectErr(await call('PATCH', `/v2/routes/${feed.id}?skipValidation=true`, { body: { pathname: '/API/<path:rest>' } }), 409, 'conflict', 'route unique constraint not skipped');
  for (const bad of ['TRUE', '1', 'yes', '']) {
    expectErr(await call('PATCH', `/v2/routes/${feed.id}?skipValidation=${bad}`, { body: {} }), 400, 'bad_request', `skipValidation=${bad}`, 'skipValidation', `"${bad}" is not a valid choice.`);
  }
  r = await call('PATCH', `/v2/routes/${feed.id}?skipValidation=false`, { body: {} });
  ok(r.status === 200, 'skipValidation=false', r.body);
  expectErr(await call('PATCH', '/v2/routes/feeds'), 400, 'bad_request', 'route pathname without siteId', 'siteId');
  expectErr(await call('PATCH', `/v2/routes/nope?siteId=${S}`, { body: {} }), 404, 'not_found', 'unknown route');
  r = await call('POST', '/v2/routes', { body: { siteId: S, pathname: '/go/<int:id>' } });
  ok(r.status === 201 && check(ROUTE_SCHEMA, r.body).length === 0, 'create route', r.body);
  const gid = r.body.id;
  r = await call('GET', `/v2/routes/go/<int:id>?siteId=${S}`);
  ok(r.status === 200 && r.body.id === gid, 'get route by pathname');
  ok((await call('DELETE', `/v2/routes/${gid}`)).status === 204, 'delete route');
}

// ---------------------------------------------------------------------------- request reading
{
  let r = await call('POST', '/v6/pages', { raw: '{"siteId": ', headers: { 'content-type': 'application/json' } });
  expectErr(r, 400, 'bad_request', 'malformed json', 'non_field_errors', 'JSON parse error - Expecting value: line 1 column 12 (char 11)');
  r = await call('POST', '/v6/pages', { raw: '[1,2]', headers: { 'content-type': 'application/json' } });
  expectErr(r, 400, 'bad_request', 'array body', 'non_field_errors', 'Invalid data. Expected a dictionary, but got list.');
  r = await call('POST', '/v6/pages', { raw: '{"name": NaN}', headers: { 'content-type': 'application/json' } });
  expectErr(r, 400, 'bad_request', 'NaN body', 'non_field_errors');
  r = await call('POST', '/v6/pages', { raw: 'siteId=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expectErr(r, 400, 'bad_request', 'form body', 'non_field_errors', 'Unsupported media type "application/x-www-form-urlencoded" in request.');
  r = await call('POST', '/v6/pages', { raw: '{"a":1}', headers: { 'content-type': 'text/plain' } });
  expectErr(r, 400, 'bad_request', 'text/plain body', 'non_field_errors');
  r = await call('POST', '/v6/pages', { raw: Buffer.from('{"siteId":"' + S + '","pathname":"/caf\xe9","name":"Caf\xe9"}', 'latin1'), headers: { 'content-type': 'application/json; charset=latin-1' } });
  ok(r.status === 201 && r.body.pathname === '/café', 'latin-1 charset honoured', r.body);
  r = await call('POST', '/v6/pages', { raw: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } });
  expectErr(r, 400, 'bad_request', 'invalid utf-8', 'non_field_errors');
  r = await call('POST', '/v6/pages', { raw: 'x'.repeat(2621441), headers: { 'content-type': 'application/json' } });
  expectErr(r, 400, 'bad_request', 'huge body', 'non_field_errors', 'Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.');
  r = await call('POST', '/v6/pages', { raw: '[' .repeat(5000), headers: { 'content-type': 'application/json' } });
  expectErr(r, 400, 'bad_request', 'deep nesting', 'non_field_errors');
  r = await call('POST', '/v6/pages', { body: { siteId: S, pathname: '/x\u0000', name: 'x' } });
  expectErr(r, 400, 'bad_request', 'null char', 'pathname');
  r = await call('GET', `/v2/locales?siteId=${S}&${'a=1&'.repeat(1000)}`);
  expectErr(r, 400, 'bad_request', 'too many fields', 'non_field_errors');
  r = await call('PUT', `/v2/sites/${S}`, { body: {} });
  expectErr(r, 400, 'bad_request', 'PUT is 405 folded into 400', 'non_field_errors', 'Method "PUT" not allowed.');
  ok(r.headers.get('allow') === 'GET, PATCH, DELETE, HEAD, OPTIONS', 'Allow header', r.headers.get('allow'));
  expectErr(await call('PUT', `/v2/sites/${S}`, { key: null }), 401, 'unauthorized', 'auth before method');
  r = await call('OPTIONS', '/v2/sites');
  ok(r.status === 200 && r.body.name === 'Site List' && r.body.renders[0] === 'application/json', 'OPTIONS metadata', r.body);
  r = await call('HEAD', `/v2/sites/${S}`);
  ok(r.status === 200 && r.text === '', 'HEAD');
  expectErr(await call('GET', `/v2/sites/${S}`, { headers: { accept: 'text/html' } }), 400, 'bad_request', 'Accept text/html', 'non_field_errors', 'Could not satisfy the request Accept header.');
  expectErr(await call('GET', `/v2/sites/${S}?format=xml`), 404, 'not_found', '?format=xml');
  r = await call('GET', `/v2/sites/${S}`, { headers: { accept: 'application/json; indent=2' } });
  ok(r.text.startsWith('{\n  "object": "site"'), 'indent= in Accept');
  expectErr(await call('GET', `/v2/sites/${S.toUpperCase()}`, { key: null }), 404, 'not_found', 'uuid converter is lower-case, 404 before auth');
  expectErr(await call('GET', '/v2/sites/not-a-uuid', { key: null }), 404, 'not_found', 'malformed path id');
  expectErr(await call('GET', '/v2/sites/'), 404, 'not_found', 'trailing slash');
  expectErr(await call('GET', '/v3/sites'), 404, 'not_found', 'unknown version');
  expectErr(await call('GET', '/v2/sites', { headers: { host: 'evil.example' } }), 400, 'bad_request', 'ALLOWED_HOSTS');
  r = await call('GET', `/v6/pages/news?siteId=${S}`);
  ok(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z$/.test(r.body.createdAt) && r.text.includes('"sitemapPriority":0.8'), 'DRF timestamps and floats', r.body);
  r = await call('GET', `/v6/pages/%2F?siteId=${S}`);
  ok(r.text.includes('"sitemapPriority":1.0'), 'float 1.0 rendered as Python does', r.text);
}

// ---------------------------------------------------------------------------- raw sockets
function rawRequest(text) {
  return new Promise((resolveRaw) => {
    const u = new URL(B);
    const sock = net.connect(Number(u.port), u.hostname, () => sock.end(text));
    let out = '';
    sock.on('data', (d) => { out += d; });
    sock.on('close', () => resolveRaw(out));
    sock.on('error', () => resolveRaw(out));
    setTimeout(() => { sock.destroy(); resolveRaw(out); }, 3000);
  });
}
{
  let out = await rawRequest('GARBAGE\r\n\r\n');
  ok(out.startsWith('HTTP/1.1 400') && out.includes('"code":"bad_request"'), 'bad request line', out);
  out = await rawRequest(`GET /${'a'.repeat(5000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  ok(out.startsWith('HTTP/1.1 400') && out.includes('Request Line is too large'), 'long request line', out.slice(0, 200));
  out = await rawRequest(`POST /v6/pages HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${srv.apiKey}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n{"a":\r\n0\r\n\r\n`);
  ok(out.startsWith('HTTP/1.1 400') && out.includes('This field is required.'), 'chunked body read as empty (no CONTENT_LENGTH)', out.slice(0, 300));
}

// ---------------------------------------------------------------------------- the process form
{
  const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const line = await new Promise((res) => { let b = ''; child.stdout.on('data', (d) => { b += d; if (b.includes('\n')) res(b); }); });
  const info = JSON.parse(line.trim());
  ok(['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof info[k] === 'string') && line.trim().split('\n').length === 1, 'one JSON line', line);
  const r = await fetch(`${info.baseUrl}/v2/sites?workspaceId=${info.workspaceId}`, { headers: { 'x-api-key': info.apiKey } });
  ok(r.status === 200, 'child serves');
  const code = await new Promise((res) => { child.on('exit', (c) => res(c)); child.kill('SIGTERM'); });
  ok(code === 0, 'SIGTERM exits 0', code);
}

await srv.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
