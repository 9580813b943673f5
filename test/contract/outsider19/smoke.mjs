// Self-test: starts the server in-process, calls every operation (success and error paths,
// the free choices of CHOICES.md, pagination walks in every sort and direction) and checks
// each success body against the published OpenAPI response schema with a small checker
// (routes against the specification's Route table). Exits 0 when everything passes.

import { readFileSync } from 'node:fs';
import net from 'node:net';
import { startServer } from './server.mjs';
import { compareValues } from './keyset.mjs';

const openapi = JSON.parse(readFileSync(new URL('../../../contracts/published-openapi.json', import.meta.url), 'utf8'));

// ---- a small JSON Schema checker for the OpenAPI 3.1 subset the document uses ----

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/;

function resolve(ref) {
  return ref.replace(/^#\//, '').split('/').reduce((node, key) => node[key], openapi);
}
function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (Number.isInteger(v)) return 'integer';
  return typeof v;
}
function check(schema, value, at, errors) {
  if (schema.$ref) return check(resolve(schema.$ref), value, at, errors);
  if (schema.oneOf) {
    const passing = schema.oneOf.filter((s) => check(s, value, at, []).length === 0).length;
    if (passing !== 1) errors.push(`${at}: matches ${passing} of oneOf`);
    return errors;
  }
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) {
      errors.push(`${at}: type ${t}, expected ${types.join('|')}`);
      return errors;
    }
  }
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === 'string' && schema.format) {
    const re = { uuid: UUID, 'date-time': DATE_TIME, uri: URI }[schema.format];
    if (re && !re.test(value)) errors.push(`${at}: ${JSON.stringify(value)} is not a ${schema.format}`);
  }
  if (typeOf(value) === 'object') {
    for (const r of schema.required || []) if (!(r in value)) errors.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in value) check(s, value[k], `${at}.${k}`, errors);
  }
  if (Array.isArray(value) && schema.items) value.forEach((v, k) => check(schema.items, v, `${at}[${k}]`, errors));
  return errors;
}

// The specification's Route table (routes are not in the published OpenAPI).
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: {
  object: { type: 'string', enum: ['route'] }, id: { type: 'string', format: 'uuid' },
  pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: {
  object: { type: 'string', enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };

function schemaFor(op, status) {
  if (op.includes('/v2/routes')) return op.startsWith('GET /v2/routes ') || op === 'GET /v2/routes' ? ROUTE_LIST : ROUTE;
  if (op === 'GET /v2/sites/{siteId}/pages') return { $ref: '#/components/schemas/ListPagesV2ResponseBodyDto' };
  const [method, path] = op.split(' ');
  return openapi.paths[path][method.toLowerCase()].responses[String(status)].content['application/json'].schema;
}

// ---- bookkeeping ----

let passed = 0;
const failures = [];
function ok(name, cond, info) {
  if (cond) passed++;
  else failures.push(`${name}${info === undefined ? '' : ` — ${typeof info === 'string' ? info : JSON.stringify(info)}`}`);
}

const app = await startServer({ port: 0 });
const { url: base, apiKey, workspaceId, siteApiKey, otherApiKey, publicApiKey } = app;

async function call(method, path, { key = apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = 'application/json'; }
  const res = await fetch(base + path, { method, headers: h, body: payload, redirect: 'manual' });
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = undefined; }
  return { status: res.status, headers: res.headers, text, json };
}

// A success: the status and the published response schema.
function expectOk(name, res, op, status) {
  ok(`${name}: status ${status}`, res.status === status, { got: res.status, body: res.json });
  if (res.status !== status || status === 204) return res.json;
  const errors = check(schemaFor(op, status), res.json, '$', []);
  ok(`${name}: schema of ${op} ${status}`, errors.length === 0, errors);
  return res.json;
}

const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
// An error: the status, the envelope, details on 400 (optionally naming fields).
function expectError(name, res, status, fields) {
  ok(`${name}: status ${status}`, res.status === status, { got: res.status, body: res.json });
  const b = res.json;
  ok(`${name}: envelope`, b && b.object === 'error' && typeof b.message === 'string' && typeof b.code === 'string', b);
  if (CODES[status]) ok(`${name}: code ${CODES[status]}`, b && b.code === CODES[status], b);
  if (status === 400) {
    ok(`${name}: details`, b && Array.isArray(b.details) && b.details.length > 0
      && b.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), b);
    if (fields) ok(`${name}: detail fields ${fields}`, b && Array.isArray(b.details)
      && JSON.stringify(b.details.map((d) => d.field)) === JSON.stringify(fields), b && b.details);
  } else {
    ok(`${name}: no details`, b && !('details' in b), b);
  }
  return b;
}

const q = (params) => '?' + new URLSearchParams(params).toString();
const enc = encodeURIComponent;

// Walks a list with a small limit and compares with one large page.
async function walk(name, path, params, op, { key = apiKey, limit = 2 } = {}) {
  const all = expectOk(`${name} (all)`, await call('GET', path + q({ ...params, limit: 100 }), { key }), op, 200);
  const seen = [];
  let after = null, guard = 0, last = null;
  do {
    const res = await call('GET', path + q({ ...params, limit, ...(after ? { startingAfter: after } : {}) }), { key });
    last = expectOk(`${name} (page ${guard + 1})`, res, op, 200);
    if (!last) break;
    ok(`${name}: page size`, last.data.length <= limit, last.data.length);
    seen.push(...last.data.map((x) => x.id));
    after = last.data.length ? last.data[last.data.length - 1].id : null;
    guard++;
  } while (last.hasMore && after && guard < 50);
  ok(`${name}: walk equals the single page`, all && JSON.stringify(seen) === JSON.stringify(all.data.map((x) => x.id)),
    { walked: seen.length, all: all && all.data.length });
  ok(`${name}: no duplicates`, new Set(seen).size === seen.length);
  return all ? all.data : [];
}

// ================= sites =================

const sitesList = await walk('list sites', '/v2/sites', { workspaceId }, 'GET /v2/sites', { limit: 1 });
ok('seed: two visible sites in workspace 1', sitesList.length === 2, sitesList.map((x) => x.name));
const review = sitesList.find((x) => x.name === 'Lanternfish Review');
const market = sitesList.find((x) => x.name === 'Lanternfish Market');
ok('sites sorted by name', sitesList[0].name === 'Lanternfish Market');
ok('sites: defaultLocalePathPrefix null, seeded modes', review.defaultLocalePathPrefix === null
  && review.localeManagementMode === 'external' && market.localeManagementMode === 'internal');

expectError('list sites: no key', await call('GET', `/v2/sites${q({ workspaceId })}`, { key: null }), 401);
expectError('list sites: unknown key', await call('GET', `/v2/sites${q({ workspaceId })}`, { key: 'app_NOPE' }), 401);
expectError('list sites: other workspace', await call('GET', `/v2/sites${q({ workspaceId })}`, { key: otherApiKey }), 403);
expectError('list sites: site key', await call('GET', `/v2/sites${q({ workspaceId })}`, { key: siteApiKey }), 403);
expectError('list sites: missing workspaceId', await call('GET', '/v2/sites'), 400, ['workspaceId']);
expectError('list sites: bad limit', await call('GET', `/v2/sites${q({ workspaceId, limit: '2.5' })}`), 400, ['limit']);
expectError('list sites: limit 0', await call('GET', `/v2/sites${q({ workspaceId, limit: '0' })}`), 400, ['limit']);
expectError('list sites: limit 101', await call('GET', `/v2/sites${q({ workspaceId, limit: '101' })}`), 400, ['limit']);
expectError('list sites: limit abc', await call('GET', `/v2/sites${q({ workspaceId, limit: 'abc' })}`), 400, ['limit']);
expectOk('list sites: limit as a hex float', await call('GET', `/v2/sites${q({ workspaceId, limit: '0x1p0' })}`), 'GET /v2/sites', 200);
expectError('list sites: bad cursor', await call('GET', `/v2/sites${q({ workspaceId, startingAfter: 'x' })}`), 400, ['startingAfter']);
const unknownCursor = await call('GET', `/v2/sites${q({ workspaceId, startingAfter: '00000000-0000-4000-8000-000000000000' })}`);
ok('list sites: cursor naming nothing is an empty page', unknownCursor.json && unknownCursor.json.data.length === 0 && unknownCursor.json.hasMore === false);
expectError('list sites: undecodable query', await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=%zz`), 400, ['rawQuery']);
expectError('list sites: semicolon in query', await call('GET', `/v2/sites?workspaceId=${workspaceId};limit=1`), 400, ['rawQuery']);

const created = expectOk('create site', await call('POST', '/v2/sites', { body: { workspaceId, name: 'Smoke Site', hostOrigin: 'https://smoke.example' } }), 'POST /v2/sites', 201);
ok('create site: defaults', created.defaultLocale === 'en-US' && created.localeManagementMode === 'internal' && created.hostOrigin === 'https://smoke.example', created);
const created2 = expectOk('create site: case-insensitive keys, last duplicate wins', await call('POST', '/v2/sites',
  { raw: `{"WORKSPACEID":"${workspaceId}","name":"first","Name":"Second Smoke","defaultLocale":"EN_gb","localeManagementMode":"external"}` }), 'POST /v2/sites', 201);
ok('create site: bound fields', created2.name === 'Second Smoke' && created2.defaultLocale === 'en-GB' && created2.localeManagementMode === 'external', created2);
expectError('create site: missing fields', await call('POST', '/v2/sites', { body: {} }), 400, ['workspaceId', 'name']);
expectError('create site: unknown field', await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', color: 'red' } }), 400, ['color']);
expectError('create site: wrong type', await call('POST', '/v2/sites', { body: { workspaceId, name: 7 } }), 400, ['name']);
expectError('create site: bad json', await call('POST', '/v2/sites', { raw: '{"name":' }), 400, ['body']);
expectError('create site: empty body', await call('POST', '/v2/sites', { raw: '' }), 400, ['body']);
expectError('create site: trailing data', await call('POST', '/v2/sites', { raw: '{} {}' }), 400, ['body']);
expectError('create site: array body', await call('POST', '/v2/sites', { raw: '[]' }), 400, ['body']);
expectError('create site: bad origin and locale', await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: 'not a url', defaultLocale: 'english' } }), 400, ['hostOrigin', 'defaultLocale']);
expectError('create site: non-ASCII origin', await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: 'https://exämple.com' } }), 400, ['hostOrigin']);
expectError('create site: NUL in name', await call('POST', '/v2/sites', { body: { workspaceId, name: 'a\u0000b' } }), 400, ['name']);
expectError('create site: other workspace', await call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: otherApiKey }), 403);
expectError('create site: site key', await call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: siteApiKey }), 403);
expectError('create site: null body equals {}', await call('POST', '/v2/sites', { raw: 'null' }), 400, ['workspaceId', 'name']);
const bigBody = await call('POST', '/v2/sites', { raw: '{"name":"' + 'x'.repeat(1_100_000) + '"}' });
expectError('create site: body over 1 MiB', bigBody, 400, ['body']);

expectOk('get site', await call('GET', `/v2/sites/${review.id}`), 'GET /v2/sites/{siteId}', 200);
expectOk('get site: braced upper-case id in the path', await call('GET', `/v2/sites/%7B${review.id.toUpperCase()}%7D`), 'GET /v2/sites/{siteId}', 200);
expectOk('get site: site key on its own site', await call('GET', `/v2/sites/${review.id}`, { key: siteApiKey }), 'GET /v2/sites/{siteId}', 200);
expectOk('get site: site key in another uuid_in form', await call('GET', `/v2/sites/${review.id}`, { key: `{${siteApiKey.replace(/-/g, '').toUpperCase()}}` }), 'GET /v2/sites/{siteId}', 200);
expectError('get site: site key on another site', await call('GET', `/v2/sites/${market.id}`, { key: siteApiKey }), 403);
expectError('get site: public key', await call('GET', `/v2/sites/${review.id}`, { key: publicApiKey }), 403);
expectError('get site: other workspace', await call('GET', `/v2/sites/${review.id}`, { key: otherApiKey }), 403);
expectError('get site: unknown', await call('GET', '/v2/sites/00000000-0000-4000-8000-000000000000'), 404);
expectError('get site: malformed id', await call('GET', '/v2/sites/not-a-uuid'), 404);
const head = await call('HEAD', `/v2/sites/${review.id}`);
ok('HEAD is GET without a body', head.status === 200 && head.text === '');

const updated = expectOk('update site', await call('PATCH', `/v2/sites/${created.id}`, { body: { name: 'Renamed', hostOrigin: '', extra: 1 } }), 'PATCH /v2/sites/{siteId}', 200);
ok('update site: "" clears hostOrigin, unknown fields ignored', updated.name === 'Renamed' && updated.hostOrigin === null, updated);
const nullKeep = expectOk('update site: null changes nothing', await call('PATCH', `/v2/sites/${created.id}`, { body: { name: null } }), 'PATCH /v2/sites/{siteId}', 200);
ok('update site: name kept', nullKeep.name === 'Renamed');
expectError('update site: defaultLocale refused', await call('PATCH', `/v2/sites/${created.id}`, { body: { defaultLocale: 'fr-FR' } }), 400, ['defaultLocale']);
expectError('update site: empty name', await call('PATCH', `/v2/sites/${created.id}`, { body: { name: '' } }), 400, ['name']);
expectError('update site: empty body', await call('PATCH', `/v2/sites/${created.id}`, { raw: '' }), 400, ['body']);
expectOk('update site: site key on its own site', await call('PATCH', `/v2/sites/${review.id}`, { key: siteApiKey, body: {} }), 'PATCH /v2/sites/{siteId}', 200);

// Duplicate: every locale, page and route, independent of the original.
const dup = expectOk('duplicate site', await call('POST', `/v2/sites/${review.id}/duplicate`, { body: { name: 'Review Copy' } }), 'POST /v2/sites/{siteId}/duplicate', 201);
ok('duplicate: configuration copied', dup.defaultLocale === review.defaultLocale && dup.hostOrigin === review.hostOrigin
  && dup.localeManagementMode === review.localeManagementMode && dup.publicApiKey !== review.publicApiKey && dup.id !== review.id, dup);
const origPages = (await call('GET', `/v6/pages${q({ siteId: review.id, includeOffline: 'true', limit: 100 })}`)).json.data;
const dupPages = (await call('GET', `/v6/pages${q({ siteId: dup.id, includeOffline: 'true', limit: 100 })}`)).json.data;
ok('duplicate: same pages, new ids', JSON.stringify(origPages.map((x) => [x.pathname, x.title, x.isOnline, x.createdAt]))
  === JSON.stringify(dupPages.map((x) => [x.pathname, x.title, x.isOnline, x.createdAt]))
  && dupPages.every((x) => !origPages.some((o) => o.id === x.id)));
const origLocales = (await call('GET', `/v2/locales${q({ siteId: review.id })}`)).json.data;
const dupLocales = (await call('GET', `/v2/locales${q({ siteId: dup.id })}`)).json.data;
ok('duplicate: same locales', JSON.stringify(origLocales.map((l) => [l.locale, l.domain, l.pathPrefix, l.isDefault]))
  === JSON.stringify(dupLocales.map((l) => [l.locale, l.domain, l.pathPrefix, l.isDefault])));
const origRoutes = (await call('GET', `/v2/routes${q({ siteId: review.id })}`)).json.data;
const dupRoutes = (await call('GET', `/v2/routes${q({ siteId: dup.id })}`)).json.data;
ok('duplicate: same routes', JSON.stringify(origRoutes.map((r) => r.pathname)) === JSON.stringify(dupRoutes.map((r) => r.pathname)));
const dupHelp = dupPages.find((x) => x.pathname === '/help');
await call('PATCH', `/v6/pages/${dupHelp.id}`, { body: { pathname: '/help-copy' } });
const origHelp = await call('GET', `/v6/pages/%2Fhelp${q({ siteId: review.id })}`);
ok('duplicate: independent of the original', origHelp.status === 200 && origHelp.json.pathname === '/help');
const dupDeleted = await call('POST', `/v2/locales/hu-HU/restore${q({ siteId: dup.id })}`);
ok('duplicate: soft-deleted locale copied, restorable', dupDeleted.status === 200 && dupDeleted.json.locale === 'hu-HU', dupDeleted.json);
expectError('duplicate: missing name', await call('POST', `/v2/sites/${review.id}/duplicate`, { body: {} }), 400, ['name']);
expectError('duplicate: unknown site', await call('POST', '/v2/sites/00000000-0000-4000-8000-000000000000/duplicate', { body: { name: 'x' } }), 404);
expectError('duplicate: other workspace', await call('POST', `/v2/sites/${review.id}/duplicate`, { body: { name: 'x' }, key: otherApiKey }), 403);

expectError('delete site: site key', await call('DELETE', `/v2/sites/${review.id}`, { key: siteApiKey }), 403);
const del = await call('DELETE', `/v2/sites/${created2.id}`);
ok('delete site: 204 without a body', del.status === 204 && del.text === '');
expectError('delete site: gone', await call('GET', `/v2/sites/${created2.id}`), 404);
expectError('delete site: again', await call('DELETE', `/v2/sites/${created2.id}`), 404);
const afterDeleted = await call('GET', `/v2/sites${q({ workspaceId, startingAfter: created2.id })}`);
ok('list sites: a deleted site still positions the list', afterDeleted.status === 200 && afterDeleted.json.data.every((x) => compareValues(x.name, 'Second Smoke') >= 0));
const dupKeyDeleted = await call('DELETE', `/v2/sites/${dup.id}`);
ok('delete site: the copy', dupKeyDeleted.status === 204);

// ================= locales =================

const locs = await walk('list locales', '/v2/locales', { siteId: review.id }, 'GET /v2/locales', { limit: 1 });
ok('locales: active only, by code', JSON.stringify(locs.map((l) => l.locale)) === JSON.stringify(['cs-CZ', 'en-GB', 'pt-PT']), locs.map((l) => l.locale));
ok('locales: custom path prefix shown', locs.find((l) => l.locale === 'pt-PT').pathPrefix === 'pt');
expectError('list locales: missing siteId', await call('GET', '/v2/locales'), 400, ['siteId']);
expectError('list locales: public key', await call('GET', `/v2/locales${q({ siteId: review.id })}`, { key: publicApiKey }), 403);
expectError('list locales: unknown site', await call('GET', `/v2/locales${q({ siteId: '00000000-0000-4000-8000-000000000000' })}`), 404);
expectError('list locales: other workspace', await call('GET', `/v2/locales${q({ siteId: review.id })}`, { key: otherApiKey }), 403);
expectError('list sites: malformed workspaceId', await call('GET', `/v2/sites${q({ workspaceId: 'x' })}`, { key: otherApiKey }), 400, ['workspaceId']);
const foreignLocaleCursor = await call('GET', `/v2/locales${q({ siteId: review.id, startingAfter: locs[0].id })}`, { key: siteApiKey });
ok('list locales: site key walk', foreignLocaleCursor.status === 200);

const enGB = locs.find((l) => l.locale === 'en-GB');
expectOk('get locale by id', await call('GET', `/v2/locales/${enGB.id}`), 'GET /v2/locales/{localeIdOrCode}', 200);
expectOk('get locale by code (any case)', await call('GET', `/v2/locales/cs_cz${q({ siteId: review.id })}`), 'GET /v2/locales/{localeIdOrCode}', 200);
expectError('get locale by code without siteId', await call('GET', '/v2/locales/cs-CZ'), 400, ['siteId']);
expectError('get locale: deleted', await call('GET', `/v2/locales/hu-HU${q({ siteId: review.id })}`), 404);
expectError('get locale: not a code', await call('GET', `/v2/locales/zz-top${q({ siteId: review.id })}`), 404);
expectError('get locale: other workspace', await call('GET', `/v2/locales/${enGB.id}`, { key: otherApiKey }), 403);

const it = expectOk('create locale', await call('POST', '/v2/locales', { body: { siteId: review.id, locale: 'IT_it', domain: 'https://it.lanternfish.example' } }), 'POST /v2/locales', 201);
ok('create locale: canonical code', it.locale === 'it-IT' && it.isDefault === false && it.pathPrefix === null, it);
expectError('create locale: duplicate code', await call('POST', '/v2/locales', { body: { siteId: review.id, locale: 'it-it' } }), 409);
expectError('create locale: duplicate domain', await call('POST', '/v2/locales', { body: { siteId: review.id, locale: 'fi-FI', domain: 'https://it.lanternfish.example' } }), 409);
expectError('create locale: bad code and domain', await call('POST', '/v2/locales', { body: { siteId: review.id, locale: 'en-XX', domain: 'ftp://x.example' } }), 400, ['locale', 'domain']);
expectError('create locale: unknown site', await call('POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'fr' } }), 404);
expectError('create locale: public key', await call('POST', '/v2/locales', { body: { siteId: review.id, locale: 'fr' }, key: publicApiKey }), 403);
const siteKeyLocale = expectOk('create locale: site key', await call('POST', '/v2/locales', { body: { siteId: review.id, locale: 'sk' }, key: siteApiKey }), 'POST /v2/locales', 201);

const itRenamed = expectOk('update locale', await call('PATCH', `/v2/locales/${it.id}`, { body: { locale: 'it-CH', domain: null } }), 'PATCH /v2/locales/{localeIdOrCode}', 200);
ok('update locale: renamed, domain cleared', itRenamed.locale === 'it-CH' && itRenamed.domain === null, itRenamed);
expectError('update locale: onto an active code', await call('PATCH', `/v2/locales/${it.id}`, { body: { locale: 'cs-CZ' } }), 409);
expectError('update locale: a late 409 rolls the transaction back', await call('PATCH', `/v2/locales/${it.id}`, { body: { locale: 'it-SM', domain: 'https://cs.lanternfish.example' } }), 409);
const afterRollback = await call('GET', `/v2/locales/${it.id}`);
ok('rollback: the code is unchanged', afterRollback.json && afterRollback.json.locale === 'it-CH', afterRollback.json);
expectError('update locale: bad domain', await call('PATCH', `/v2/locales/${it.id}`, { body: { domain: 'nope' } }), 400, ['domain']);
expectOk('update locale: by code', await call('PATCH', `/v2/locales/it-CH${q({ siteId: review.id })}`, { body: { domain: 'https://ch.lanternfish.example' } }), 'PATCH /v2/locales/{localeIdOrCode}', 200);

expectError('delete locale: default', await call('DELETE', `/v2/locales/${enGB.id}`), 400, ['localeIdOrCode']);
ok('delete locale', (await call('DELETE', `/v2/locales/${it.id}`)).status === 204);
expectError('delete locale: again', await call('DELETE', `/v2/locales/${it.id}`), 404);
expectError('get locale: after delete', await call('GET', `/v2/locales/${it.id}`), 404);
const restored = expectOk('restore locale', await call('POST', `/v2/locales/${it.id}/restore`), 'POST /v2/locales/{localeIdOrCode}/restore', 200);
ok('restore: same id and domain', restored.id === it.id && restored.domain === 'https://ch.lanternfish.example', restored);
expectOk('restore: an active locale is a no-op', await call('POST', `/v2/locales/${it.id}/restore`), 'POST /v2/locales/{localeIdOrCode}/restore', 200);
await call('DELETE', `/v2/locales/${it.id}`);
expectOk('create locale onto a deleted code', await call('POST', '/v2/locales', { body: { siteId: review.id, locale: 'it-CH' } }), 'POST /v2/locales', 201);
expectError('restore: code active again', await call('POST', `/v2/locales/${it.id}/restore`), 409);
expectError('restore: unknown', await call('POST', '/v2/locales/00000000-0000-4000-8000-000000000000/restore'), 404);
expectError('restore: code without siteId', await call('POST', '/v2/locales/hu-HU/restore'), 400, ['siteId']);
const huBack = expectOk('restore by code', await call('POST', `/v2/locales/hu-HU/restore${q({ siteId: review.id })}`), 'POST /v2/locales/{localeIdOrCode}/restore', 200);
const helpHu = await call('GET', `/v6/pages/%2Fhelp${q({ siteId: review.id, locale: 'hu-HU' })}`);
ok('restore brings localizations back', helpHu.json && helpHu.json.pathname === '/sugo' && helpHu.json.locale === 'hu-HU', helpHu.json);
await call('DELETE', `/v2/locales/${huBack.id}`);
await call('DELETE', `/v2/locales/${siteKeyLocale.id}`, { key: siteApiKey });

// ================= pages =================

const PAGES = '/v6/pages';
const allDraft = expectOk('list pages: offline included', await call('GET', PAGES + q({ siteId: review.id, includeOffline: 'true', limit: 100 })), 'GET /v6/pages', 200);
const onlineDraft = expectOk('list pages: defaults', await call('GET', PAGES + q({ siteId: review.id, limit: 100 })), 'GET /v6/pages', 200);
ok('list pages: default hides offline pages', onlineDraft.data.every((x) => x.isOnline) && allDraft.data.some((x) => !x.isOnline));
ok('list pages: Czech collation puts /chata after /help/install',
  onlineDraft.data.findIndex((x) => x.pathname === '/chata') > onlineDraft.data.findIndex((x) => x.pathname === '/help/install'),
  onlineDraft.data.map((x) => x.pathname));
ok('list pages: soft-deleted page hidden', !allDraft.data.some((x) => x.pathname === '/retired'));
ok('list pages: locale field is the default', allDraft.data.every((x) => x.locale === 'en-GB'));
ok('list pages: timestamps in +05:45', allDraft.data.every((x) => x.createdAt.endsWith('+05:45')));

const sortKey = { path: 'pathname', title: 'title', description: 'description', createdAt: 'createdAt', updatedAt: 'updatedAt' };
for (const sortBy of Object.keys(sortKey)) {
  for (const sortDirection of ['asc', 'desc']) {
    for (const includeOffline of ['false', 'true']) {
      const rows = await walk(`walk pages ${sortBy} ${sortDirection} offline=${includeOffline}`, PAGES,
        { siteId: review.id, sortBy, sortDirection, includeOffline }, 'GET /v6/pages');
      const sign = sortDirection === 'desc' ? -1 : 1;
      const value = (x) => (sortBy.endsWith('At') ? Date.parse(x[sortKey[sortBy]]) : x[sortKey[sortBy]]);
      let sorted = true;
      for (let k = 1; k < rows.length; k++) if (sign * compareValues(value(rows[k - 1]), value(rows[k])) > 0) sorted = false;
      ok(`pages sorted by ${sortBy} ${sortDirection}`, sorted, rows.map((x) => x[sortKey[sortBy]]));
    }
  }
}
await walk('walk pages: live', PAGES, { siteId: review.id, versionRef: 'ref:live' }, 'GET /v6/pages');
await walk('walk pages: live + includeOffline', PAGES, { siteId: review.id, versionRef: 'ref:live', includeOffline: 'true' }, 'GET /v6/pages');
await walk('walk pages: cs-CZ', PAGES, { siteId: review.id, locale: 'cs-CZ' }, 'GET /v6/pages', { limit: 1 });
await walk('walk pages: public key', PAGES, { siteId: review.id }, 'GET /v6/pages', { key: publicApiKey });
await walk('walk /v2/sites/{siteId}/pages', `/v2/sites/${review.id}/pages`, {}, 'GET /v2/sites/{siteId}/pages');
const v2pages = (await call('GET', `/v2/sites/${review.id}/pages?limit=100`)).json.data;
ok('v2 pages: newest first, online only', v2pages.every((x) => x.isOnline)
  && v2pages.every((x, k) => k === 0 || Date.parse(v2pages[k - 1].createdAt) >= Date.parse(x.createdAt)));

const live = (await call('GET', PAGES + q({ siteId: review.id, versionRef: 'ref:live', limit: 100 }))).json.data;
ok('live: contact shows its published title', live.find((x) => x.pathname === '/contact').title === 'Contact');
ok('draft: contact shows its draft title', onlineDraft.data.find((x) => x.pathname === '/contact').title === 'Contact the editors');
ok('live: no never-published or unpublished pages', !live.some((x) => ['/drafts/autumn-issue', '/archive/2024'].includes(x.pathname)));
const czech = (await call('GET', PAGES + q({ siteId: review.id, locale: 'cs-CZ', limit: 100 }))).json.data;
ok('locale view: only localized pages, collapsed', czech.length === 3 && czech.every((x) => x.locale === 'cs-CZ')
  && czech.some((x) => x.pathname === '/napoveda'), czech.map((x) => x.pathname));
const unknownLocale = (await call('GET', PAGES + q({ siteId: review.id, locale: 'fi-FI' }))).json;
ok('locale view: a locale the site lacks lists nothing', unknownLocale.data.length === 0 && unknownLocale.hasMore === false);
const prefixed = (await call('GET', PAGES + q({ siteId: review.id, pathPrefix: '/help', limit: 100 }))).json.data;
ok('pathPrefix: begins with', prefixed.length === 2 && prefixed.every((x) => x.pathname.startsWith('/help')));
expectError('list pages: bad enums', await call('GET', PAGES + q({ siteId: review.id, sortBy: 'name', sortDirection: 'up', includeOffline: 'TRUE', versionRef: 'live' })), 400,
  ['sortBy', 'sortDirection', 'includeOffline', 'versionRef']);
expectError('list pages: bad locale', await call('GET', PAGES + q({ siteId: review.id, locale: 'klingon' })), 400, ['locale']);
expectError('list pages: missing siteId', await call('GET', PAGES), 400, ['siteId']);
expectError('list pages: other workspace', await call('GET', PAGES + q({ siteId: review.id }), { key: otherApiKey }), 403);
const otherHome = (await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey }));
ok('other workspace cannot list workspace 1', otherHome.status === 403);
const offlineCursor = allDraft.data.find((x) => !x.isOnline);
const afterOffline = await call('GET', PAGES + q({ siteId: review.id, startingAfter: offlineCursor.id, limit: 100 }));
ok('cursor naming a filtered-out page resumes after its place', afterOffline.status === 200
  && afterOffline.json.data.every((x) => compareValues(x.pathname, offlineCursor.pathname) > 0));
const emptyLive = await call('GET', PAGES + q({ siteId: review.id, versionRef: 'ref:live', startingAfter: offlineCursor.id }));
ok('cursor naming a page without a live version gives an empty page', emptyLive.json && emptyLive.json.data.length === 0 && emptyLive.json.hasMore === false);
const homePages = (await call('GET', PAGES + q({ siteId: market.id }), {})).json.data;
const crossSite = await call('GET', PAGES + q({ siteId: review.id, startingAfter: homePages[0].id }));
ok('cursor from another site of the workspace positions the list', crossSite.status === 200);
expectError('cursor: page of a site the key cannot reach', await call('GET', PAGES + q({ siteId: review.id, startingAfter: homePages[0].id }), { key: siteApiKey }), 403);

const helpPage = onlineDraft.data.find((x) => x.pathname === '/help');
expectOk('get page by id', await call('GET', `${PAGES}/${helpPage.id}`), 'GET /v6/pages/{pageIdOrPathname}', 200);
expectOk('get page by pathname (%2F)', await call('GET', `${PAGES}/%2Fhelp%2Finstall${q({ siteId: review.id })}`), 'GET /v6/pages/{pageIdOrPathname}', 200);
expectOk('get page by raw pathname', await call('GET', `${PAGES}/help/install${q({ siteId: review.id })}`), 'GET /v6/pages/{pageIdOrPathname}', 200);
expectOk('get root page: empty remainder', await call('GET', `${PAGES}/${q({ siteId: review.id })}`), 'GET /v6/pages/{pageIdOrPathname}', 200);
const root = expectOk('get root page', await call('GET', `${PAGES}/%2F${q({ siteId: review.id })}`), 'GET /v6/pages/{pageIdOrPathname}', 200);
ok('root page', root && root.pathname === '/');
const collapsed = expectOk('get page: locale collapsed', await call('GET', `${PAGES}/${helpPage.id}${q({ locale: 'pt-PT' })}`), 'GET /v6/pages/{pageIdOrPathname}', 200);
ok('get page: pt-PT pathname', collapsed && collapsed.pathname === '/ajuda' && collapsed.locale === 'pt-PT', collapsed);
const byLocaleId = await call('GET', `${PAGES}/${helpPage.id}${q({ locale: locs.find((l) => l.locale === 'cs-CZ').id })}`);
ok('get page: locale by site_locale id', byLocaleId.json && byLocaleId.json.pathname === '/napoveda');
const notLocalized = await call('GET', `${PAGES}/${onlineDraft.data.find((x) => x.pathname === '/chata').id}${q({ locale: 'cs-CZ' })}`);
ok('get page: no localization falls back to the default', notLocalized.json && notLocalized.json.locale === 'en-GB');
expectError('get page: unknown locale', await call('GET', `${PAGES}/${helpPage.id}${q({ locale: 'fi-FI' })}`), 404);
expectError('get page: pathname without siteId', await call('GET', `${PAGES}/%2Fhelp`), 400, ['siteId']);
expectError('get page: unknown pathname', await call('GET', `${PAGES}/%2Fnope${q({ siteId: review.id })}`), 404);
expectError('get page: live of a never-published page', await call('GET', `${PAGES}/${allDraft.data.find((x) => x.pathname === '/drafts/autumn-issue').id}${q({ versionRef: 'ref:live' })}`), 404);
expectError('get page: other workspace', await call('GET', `${PAGES}/${helpPage.id}`, { key: otherApiKey }), 403);
expectOk('get page: public key', await call('GET', `${PAGES}/${helpPage.id}`, { key: publicApiKey }), 'GET /v6/pages/{pageIdOrPathname}', 200);

const np = expectOk('create page', await call('POST', PAGES, { body: { siteId: review.id, pathname: '/smoke/new', name: 'Smoke' } }), 'POST /v6/pages', 201);
ok('create page: defaults', np && np.isOnline === false && np.publishedAt === null && np.sitemapFrequency === 'monthly'
  && np.sitemapPriority === null && np.title === null && np.excludedFromSearchEngines === false && np.createdAt === np.updatedAt
  && np.localizations.length === 0 && np.locale === 'en-GB', np);
expectError('create page: clash with a page', await call('POST', PAGES, { body: { siteId: review.id, pathname: '/smoke/new', name: 'x' } }), 409);
expectError('create page: clash with a route', await call('POST', PAGES, { body: { siteId: review.id, pathname: '/feeds/{kind}', name: 'x' } }), 409);
expectError('create page: unclean pathname', await call('POST', PAGES, { body: { siteId: review.id, pathname: '/a//b/', name: 'x' } }), 400, ['pathname']);
expectError('create page: missing everything', await call('POST', PAGES, { body: {} }), 400, ['siteId', 'pathname', 'name']);
expectError('create page: empty name', await call('POST', PAGES, { body: { siteId: review.id, pathname: '/ok', name: '' } }), 400, ['name']);
const folded = expectOk('create page: Go name folding (long s)', await call('POST', PAGES, { raw: `{"\u017fiteId":"${review.id}","PATHNAME":"/folded","Name":"f"}` }), 'POST /v6/pages', 201);
ok('create page: folded keys bound', folded && folded.pathname === '/folded');
expectError('update page: empty body', await call('PATCH', `${PAGES}/${folded.id}`, { raw: '' }), 400, ['body']);
expectError('create page: public key', await call('POST', PAGES, { body: { siteId: review.id, pathname: '/ok', name: 'x' }, key: publicApiKey }), 403);
expectError('create page: site key on another site', await call('POST', PAGES, { body: { siteId: market.id, pathname: '/ok', name: 'x' }, key: siteApiKey }), 403);

const published = expectOk('update page: publish', await call('PATCH', `${PAGES}/${np.id}`, { body: { isOnline: true, name: 'Smoke 2' } }), 'PATCH /v6/pages/{pageIdOrPathname}', 200);
ok('publish: online with publishedAt', published && published.isOnline && published.publishedAt !== null, published);
const liveNew = await call('GET', `${PAGES}/${np.id}${q({ versionRef: 'ref:live' })}`);
ok('publish: live version exists', liveNew.status === 200 && liveNew.json.pathname === '/smoke/new');
const moved = expectOk('update page: rename while online', await call('PATCH', `${PAGES}/%2Fsmoke%2Fnew${q({ siteId: review.id })}`, { body: { pathname: '/smoke/renamed' } }), 'PATCH /v6/pages/{pageIdOrPathname}', 200);
ok('rename: draft moved', moved && moved.pathname === '/smoke/renamed');
const liveStill = await call('GET', `${PAGES}/${np.id}${q({ versionRef: 'ref:live' })}`);
ok('rename: live keeps the published pathname', liveStill.json && liveStill.json.pathname === '/smoke/new');
expectOk('update page: unpublish', await call('PATCH', `${PAGES}/${np.id}`, { body: { isOnline: false } }), 'PATCH /v6/pages/{pageIdOrPathname}', 200);
expectError('unpublish: live version gone', await call('GET', `${PAGES}/${np.id}${q({ versionRef: 'ref:live' })}`), 404);
expectError('update page: empty pathname', await call('PATCH', `${PAGES}/${np.id}`, { body: { pathname: '' } }), 400, ['pathname']);
expectError('update page: isOnline not a boolean', await call('PATCH', `${PAGES}/${np.id}`, { body: { isOnline: 'true' } }), 400, ['isOnline']);
expectError('update page: clash', await call('PATCH', `${PAGES}/${np.id}`, { body: { pathname: '/help' } }), 409);
expectOk('update page: {} is accepted', await call('PATCH', `${PAGES}/${np.id}`, { body: {} }), 'PATCH /v6/pages/{pageIdOrPathname}', 200);
ok('delete page', (await call('DELETE', `${PAGES}/${np.id}`)).status === 204);
expectError('delete page: again', await call('DELETE', `${PAGES}/${np.id}`), 404);
const reuse = await call('POST', PAGES, { body: { siteId: review.id, pathname: '/smoke/renamed', name: 'again' } });
ok('deleted page frees its pathname', reuse.status === 201);
const sitePage = expectOk('create page: site key', await call('POST', PAGES, { body: { siteId: review.id, pathname: '/by-site-key', name: 'k' }, key: siteApiKey }), 'POST /v6/pages', 201);
ok('delete page: site key', (await call('DELETE', `${PAGES}/${sitePage.id}`, { key: siteApiKey })).status === 204);

// ================= routes =================

const rts = await walk('list routes', '/v2/routes', { siteId: review.id }, 'GET /v2/routes', { limit: 1 });
ok('routes: seeded patterns', rts.some((r) => r.pathname === '/files/{path...}'), rts.map((r) => r.pathname));
await walk('list routes: public key', '/v2/routes', { siteId: review.id }, 'GET /v2/routes', { key: publicApiKey, limit: 1 });
expectError('list routes: public key on another site', await call('GET', `/v2/routes${q({ siteId: market.id })}`, { key: publicApiKey }), 403);
expectError('list routes: missing siteId', await call('GET', '/v2/routes'), 400, ['siteId']);
const rt = expectOk('create route', await call('POST', '/v2/routes', { body: { siteId: review.id, pathname: '/blog/{slug}' } }), 'POST /v2/routes', 201);
expectError('create route: clash', await call('POST', '/v2/routes', { body: { siteId: review.id, pathname: '/blog/{slug}' } }), 409);
expectError('create route: clash with a page', await call('POST', '/v2/routes', { body: { siteId: review.id, pathname: '/help' } }), 409);
expectError('create route: bad pattern', await call('POST', '/v2/routes', { body: { siteId: review.id, pathname: '/blog/[slug]' } }), 400, ['pathname']);
expectOk('create route: skipValidation', await call('POST', `/v2/routes${q({ skipValidation: 'true' })}`, { body: { siteId: review.id, pathname: '/blog/[slug]' } }), 'POST /v2/routes', 201);
expectError('create route: skipValidation still needs a leading slash', await call('POST', `/v2/routes${q({ skipValidation: 'true' })}`, { body: { siteId: review.id, pathname: 'x' } }), 400, ['pathname']);
expectError('create route: bad skipValidation', await call('POST', `/v2/routes${q({ skipValidation: 'yes' })}`, { body: { siteId: review.id, pathname: '/x' } }), 400, ['skipValidation']);
expectOk('get route by id', await call('GET', `/v2/routes/${rt.id}`), 'GET /v2/routes/{id}', 200);
expectOk('get route by pathname', await call('GET', `/v2/routes/${enc('/blog/{slug}')}${q({ siteId: review.id })}`), 'GET /v2/routes/{id}', 200);
expectOk('get route: public key', await call('GET', `/v2/routes/${rt.id}`, { key: publicApiKey }), 'GET /v2/routes/{id}', 200);
expectError('get route: pathname without siteId', await call('GET', '/v2/routes/%2Fblog'), 400, ['siteId']);
const ur = expectOk('update route', await call('PATCH', `/v2/routes/${rt.id}`, { body: { pathname: '/posts/{slug}' } }), 'PATCH /v2/routes/{id}', 200);
ok('update route: new pathname', ur && ur.pathname === '/posts/{slug}');
expectError('update route: invalid without skip', await call('PATCH', `/v2/routes/${rt.id}`, { body: { pathname: '/posts/{slug' } }), 400, ['pathname']);
const skipped = expectOk('update route: skipValidation', await call('PATCH', `/v2/routes/${rt.id}${q({ skipValidation: 'true' })}`, { body: { pathname: '/posts/{slug' } }), 'PATCH /v2/routes/{id}', 200);
ok('skipValidation: stored verbatim', skipped && skipped.pathname === '/posts/{slug');
expectError('update route: clash even with skipValidation', await call('PATCH', `/v2/routes/${rt.id}${q({ skipValidation: 'true' })}`, { body: { pathname: '/feeds/{kind}' } }), 409);
expectError('update route: other workspace', await call('PATCH', `/v2/routes/${rt.id}`, { body: { pathname: '/z' }, key: otherApiKey }), 403);
expectError('update route: public key', await call('PATCH', `/v2/routes/${rt.id}`, { body: { pathname: '/z' }, key: publicApiKey }), 403);
ok('delete route', (await call('DELETE', `/v2/routes/${rt.id}`)).status === 204);
expectError('delete route: again', await call('DELETE', `/v2/routes/${rt.id}`), 404);

// ================= the mux, the wire, malformed input =================

const m405 = await call('PUT', `/v2/sites/${review.id}`);
expectError('unsupported method', m405, 405);
ok('405 carries Allow', m405.headers.get('allow') === 'DELETE, GET, HEAD, PATCH', m405.headers.get('allow'));
const options = await call('OPTIONS', '/v2/sites');
ok('OPTIONS is 405 with Allow', options.status === 405 && options.headers.get('allow') === 'GET, HEAD, POST', options.headers.get('allow'));
ok('405 before authentication', (await call('PUT', `/v2/sites/${review.id}`, { key: null })).status === 405);
expectError('unknown path without a key', await call('GET', '/v2/nothing', { key: null }), 404);
expectError('unknown path with a wrong key', await call('GET', '/v2/nothing', { key: 'wrong' }), 401);
expectError('trailing slash', await call('GET', '/v2/sites/'), 404);
const redirect = await call('GET', `/v2//sites?workspaceId=${workspaceId}`);
ok('unclean path redirects', redirect.status === 301 && redirect.headers.get('location') === `/v2/sites?workspaceId=${workspaceId}`, redirect.status);
expectError('bad escape in the path', await call('GET', '/v2/sites/%zz'), 400, ['requestURI']);
const html = await call('GET', `/v2/sites/${review.id}`, { key: null, headers: { 'x-api-key': apiKey } });
ok('JSON is HTML-escaped and tab-indented', html.text.includes('\n\t"object": "site"') && html.text.endsWith('}\n'));

function rawExchange(payload) {
  return new Promise((resolve) => {
    const { port } = new URL(base);
    const sock = net.connect(Number(port), '127.0.0.1', () => sock.end(payload));
    let data = '';
    sock.on('data', (c) => { data += c; });
    sock.on('close', () => resolve(data));
    sock.on('error', () => resolve(data));
    setTimeout(() => { sock.destroy(); resolve(data); }, 3000);
  });
}
const garbage = await rawExchange('\x16\x03\x01garbage\r\n\r\n');
ok('raw garbage gets a JSON 400', garbage.startsWith('HTTP/1.1 400') && garbage.includes('"bad_request"'), garbage.slice(0, 60));
const lf = await rawExchange(`GET /v2/sites/${review.id} HTTP/1.1\r\nHost: x\r\nx-api-key: ${apiKey}\r\nConnection: close\r\n\r\n`);
ok('plain HTTP/1.1 over a socket', lf.startsWith('HTTP/1.1 200'));
const twoKeys = await rawExchange(`GET /v2/sites/${review.id} HTTP/1.1\r\nHost: x\r\nx-api-key: ${apiKey}\r\nx-api-key: wrong\r\nConnection: close\r\n\r\n`);
ok('the first of two x-api-key headers counts', twoKeys.startsWith('HTTP/1.1 200'), twoKeys.slice(0, 40));
const bigHeader = await rawExchange(`GET /v2/sites HTTP/1.1\r\nHost: x\r\nx-pad: ${'a'.repeat(1_100_000)}\r\n\r\n`);
ok('oversized headers get 431', bigHeader.startsWith('HTTP/1.1 431'), bigHeader.slice(0, 40));

await app.close();
if (failures.length) {
  console.error(`smoke: ${failures.length} failed, ${passed} passed`);
  for (const f of failures) console.error('  FAIL ' + f);
  process.exit(1);
}
console.log(`smoke: all ${passed} checks passed`);
