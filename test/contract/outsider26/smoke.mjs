// Self-test: starts the server, calls every operation of both documents (successes, errors and
// this implementation's choices), checks every success body against the published OpenAPI
// response schemas with a small checker, and sends malformed and oversized requests.
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const spec = JSON.parse(readFileSync(join(here, '../../../contracts/published-openapi.json'), 'utf8'));
let passed = 0, failed = 0;
function ok(name, cond, extra) {
  if (cond) passed++;
  else { failed++; console.error(`FAIL ${name}${extra !== undefined ? ` :: ${typeof extra === 'string' ? extra : JSON.stringify(extra)}` : ''}`); }
}

// ---- a small JSON-schema checker (OpenAPI 3.1 subset used by the published document) ----
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
function resolve(s) { while (s && s.$ref) s = s.$ref.split('/').slice(1).reduce((o, k) => o[k], spec); return s; }
function typeOf(v) { return v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v; }
function validate(schema, v, path = '$', errs = []) {
  const s = resolve(schema);
  if (!s || Object.keys(s).length === 0 || (s.description === 'Any type' && !s.type)) return errs;
  if (s.oneOf) {
    const n = s.oneOf.filter((x) => validate(x, v, path, []).length === 0).length;
    if (n !== 1) errs.push(`${path}: matches ${n} of oneOf`);
    return errs;
  }
  if (s.type) {
    const types = [].concat(s.type), t = typeOf(v);
    if (!types.some((x) => x === t || (x === 'number' && t === 'integer'))) { errs.push(`${path}: ${t} not ${types}`); return errs; }
  }
  if (s.enum && !s.enum.includes(v)) errs.push(`${path}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && s.format) {
    if (s.format === 'uuid' && !UUID.test(v)) errs.push(`${path}: not uuid`);
    if (s.format === 'date-time' && (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v)))) errs.push(`${path}: not date-time`);
    if (s.format === 'uri') { try { new URL(v); if (/[^\x21-\x7e]/.test(v)) throw 0; } catch { errs.push(`${path}: not uri`); } }
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const r of s.required || []) if (!(r in v)) errs.push(`${path}: missing ${r}`);
    for (const [k, ps] of Object.entries(s.properties || {})) if (k in v) validate(ps, v[k], `${path}.${k}`, errs);
  }
  if (Array.isArray(v) && s.items) v.forEach((x, i) => validate(s.items, x, `${path}[${i}]`, errs));
  return errs;
}
const responseSchema = (p, m, status) => spec.paths[p][m].responses[String(status)].content['application/json'].schema;
const ROUTE_SCHEMA = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE_SCHEMA }, hasMore: { type: 'boolean' } } };
const ERROR_SCHEMA = { type: 'object', required: ['object', 'code', 'message'], properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } } } };

const s = await startServer({ port: 0 });
const { url, apiKey, workspaceId, siteApiKey, otherApiKey, publicApiKey } = s;
const { siteId, shopId, otherSiteId, otherWorkspaceId } = s.seeded;

async function call(method, path, { body, key = apiKey, headers = {}, raw } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const res = await fetch(url + path, { method, headers: h, body: payload });
  const text = await res.text();
  let json; try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  return { status: res.status, body: json, headers: res.headers };
}
// success against an OpenAPI operation, or a custom schema
async function expectOk(name, method, path, opts, status, schema) {
  const r = await call(method, path, opts);
  ok(`${name} status ${status}`, r.status === status, { got: r.status, body: r.body });
  if (status !== 204 && schema) { const e = validate(schema, r.body); ok(`${name} schema`, e.length === 0, e); }
  if (status === 204) ok(`${name} empty body`, r.body === undefined);
  return r;
}
async function expectErr(name, method, path, opts, status, code, check) {
  const r = await call(method, path, opts);
  ok(`${name} -> ${status}`, r.status === status, { got: r.status, body: r.body });
  ok(`${name} envelope`, validate(ERROR_SCHEMA, r.body).length === 0 && r.body.code === code, r.body);
  if (status === 400) ok(`${name} details`, Array.isArray(r.body?.details) && r.body.details.length > 0, r.body);
  if (check) ok(`${name} check`, check(r.body, r), r.body);
  return r;
}
const q = (o) => '?' + new URLSearchParams(o).toString();
const NOPE = '00000000-0000-4000-8000-000000000000';

// ===================== Sites =====================
const created = await expectOk('create site', 'POST', '/v2/sites', { body: { workspaceId, name: 'Smoke Site', hostOrigin: 'http://localhost:3000' } }, 201, responseSchema('/v2/sites', 'post', 201));
const newSite = created.body;
ok('create site defaults', newSite.defaultLocale === 'en-US' && newSite.localeManagementMode === 'internal' && newSite.hostOrigin === 'http://localhost:3000');
const created2 = await expectOk('create site fr', 'POST', '/v2/sites', { body: { workspaceId: workspaceId.toUpperCase(), name: 'Zweite', defaultLocale: 'fr', hostOrigin: null } }, 201, responseSchema('/v2/sites', 'post', 201));
ok('create site given locale', created2.body.defaultLocale === 'fr' && created2.body.hostOrigin === null);
await expectErr('create site missing fields', 'POST', '/v2/sites', { body: {} }, 400, 'bad_request', (b) => b.details.some((d) => d.field === 'workspaceId') && b.details.some((d) => d.field === 'name'));
await expectErr('create site long name', 'POST', '/v2/sites', { body: { workspaceId, name: 'x'.repeat(256) } }, 400, 'bad_request', (b) => b.message.includes('name must be shorter than or equal to 255 characters'));
await expectErr('create site bad uri', 'POST', '/v2/sites', { body: { workspaceId, name: 'a', hostOrigin: 'not a url' } }, 400, 'bad_request', (b) => b.details[0].message === 'hostOrigin must be a URL address');
await expectErr('create site idn uri', 'POST', '/v2/sites', { body: { workspaceId, name: 'a', hostOrigin: 'https://exämple.com' } }, 400, 'bad_request');
await expectErr('create site bad locale', 'POST', '/v2/sites', { body: { workspaceId, name: 'a', defaultLocale: 'en_us' } }, 400, 'bad_request');
await expectErr('create site unknown prop', 'POST', '/v2/sites', { body: { workspaceId, name: 'a', colour: 'red' } }, 400, 'bad_request', (b) => b.details[0].message === 'property colour should not exist');
await expectErr('create site other workspace', 'POST', '/v2/sites', { body: { workspaceId: otherWorkspaceId, name: 'a' } }, 403, 'forbidden');
await expectErr('create site 403 before 400', 'POST', '/v2/sites', { body: { workspaceId: otherWorkspaceId, name: 5 } }, 403, 'forbidden');
await expectErr('create site with site key', 'POST', '/v2/sites', { key: siteApiKey, body: { workspaceId, name: 'a' } }, 403, 'forbidden');
await expectErr('create site no key', 'POST', '/v2/sites', { key: null, body: { workspaceId, name: 'a' } }, 401, 'unauthorized');
await expectErr('create site bad key', 'POST', '/v2/sites', { key: 'sbx_nope', body: { workspaceId, name: 'a' } }, 401, 'unauthorized');
await expectErr('create site text/plain body', 'POST', '/v2/sites', { raw: JSON.stringify({ workspaceId, name: 'a' }), headers: { 'content-type': 'text/plain' } }, 400, 'bad_request');
await expectErr('create site array body', 'POST', '/v2/sites', { raw: '[1,2]', headers: { 'content-type': 'application/json' } }, 400, 'bad_request', (b) => b.message === 'an unknown value was passed to the validate function');

const listed = await expectOk('list sites', 'GET', `/v2/sites${q({ workspaceId })}`, {}, 200, responseSchema('/v2/sites', 'get', 200));
ok('list sites newest first', listed.body.data[0].id === created2.body.id, listed.body.data.map((x) => x.name));
await expectErr('list sites other ws', 'GET', `/v2/sites${q({ workspaceId: otherWorkspaceId })}`, {}, 403, 'forbidden');
await expectErr('list sites missing ws', 'GET', '/v2/sites', {}, 400, 'bad_request');
await expectErr('list sites unknown query', 'GET', `/v2/sites${q({ workspaceId, foo: '1' })}`, {}, 400, 'bad_request', (b) => b.details[0].message === 'property foo should not exist');
await expectErr('list sites site key', 'GET', `/v2/sites${q({ workspaceId })}`, { key: siteApiKey }, 403, 'forbidden');
// walk the documented pagination
let seen = [], after, guard = 0;
for (;;) {
  const r = await expectOk('list sites page', 'GET', `/v2/sites${q({ workspaceId, limit: '1', ...(after ? { startingAfter: after } : {}) })}`, {}, 200, responseSchema('/v2/sites', 'get', 200));
  seen.push(...r.body.data.map((x) => x.id));
  if (!r.body.hasMore || ++guard > 10) break;
  after = r.body.data.at(-1).id;
}
ok('walk sites all', seen.length === 4 && new Set(seen).size === 4, seen);
const stale = await expectOk('list sites unknown cursor', 'GET', `/v2/sites${q({ workspaceId, startingAfter: NOPE })}`, {}, 200, responseSchema('/v2/sites', 'get', 200));
ok('unknown cursor -> empty page (Prisma)', stale.body.data.length === 0 && stale.body.hasMore === false);
await expectErr('limit 0', 'GET', `/v2/sites${q({ workspaceId, limit: '0' })}`, {}, 400, 'bad_request', (b) => b.details[0].message === 'limit must not be less than 1');
await expectErr('limit 101', 'GET', `/v2/sites${q({ workspaceId, limit: '101' })}`, {}, 400, 'bad_request');
await expectErr('limit 2.5', 'GET', `/v2/sites${q({ workspaceId, limit: '2.5' })}`, {}, 400, 'bad_request', (b) => b.details[0].message === 'limit must be an integer number');
await expectOk('limit 1e1 is Number()', 'GET', `/v2/sites${q({ workspaceId, limit: '1e1' })}`, {}, 200);
await expectErr('bad cursor', 'GET', `/v2/sites${q({ workspaceId, startingAfter: 'x' })}`, {}, 400, 'bad_request');

await expectOk('get site', 'GET', `/v2/sites/${siteId}`, {}, 200, responseSchema('/v2/sites/{siteId}', 'get', 200));
await expectOk('get site upper-case id', 'GET', `/v2/sites/${siteId.toUpperCase()}`, {}, 200);
await expectOk('get site with site key', 'GET', `/v2/sites/${siteId}`, { key: siteApiKey }, 200);
await expectOk('get site with publishable key', 'GET', `/v2/sites/${siteId}`, { key: publicApiKey }, 200);
await expectOk('case-insensitive route + trailing slash', 'GET', `/V2/SITES/${siteId}/`, {}, 200);
await expectErr('get site malformed', 'GET', '/v2/sites/abc', {}, 400, 'bad_request', (b) => b.message === 'Validation failed (uuid is expected)');
await expectErr('get site malformed no key -> 401 (guard first)', 'GET', '/v2/sites/abc', { key: null }, 401, 'unauthorized');
await expectErr('get site unknown', 'GET', `/v2/sites/${NOPE}`, {}, 404, 'not_found');
await expectErr('get site other ws', 'GET', `/v2/sites/${otherSiteId}`, {}, 403, 'forbidden');
await expectErr('get other site with site key', 'GET', `/v2/sites/${shopId}`, { key: siteApiKey }, 403, 'forbidden');
await expectErr('other key', 'GET', `/v2/sites/${siteId}`, { key: otherApiKey }, 403, 'forbidden');

const upd = await expectOk('update site', 'PATCH', `/v2/sites/${newSite.id}`, { body: { name: 'Renamed', hostOrigin: 'https://renamed.example' } }, 200, responseSchema('/v2/sites/{siteId}', 'patch', 200));
ok('update site applied', upd.body.name === 'Renamed' && upd.body.hostOrigin === 'https://renamed.example');
const cleared = await expectOk('update site clear host', 'PATCH', `/v2/sites/${newSite.id}`, { body: { hostOrigin: null } }, 200, responseSchema('/v2/sites/{siteId}', 'patch', 200));
ok('hostOrigin cleared', cleared.body.hostOrigin === null);
await expectOk('update site empty', 'PATCH', `/v2/sites/${newSite.id}`, { raw: '' , headers: { 'content-type': 'application/json' } }, 200, responseSchema('/v2/sites/{siteId}', 'patch', 200));
await expectErr('update site defaultLocale refused', 'PATCH', `/v2/sites/${newSite.id}`, { body: { defaultLocale: 'de-DE' } }, 400, 'bad_request', (b) => b.details[0].message === 'property defaultLocale should not exist');
await expectErr('update site name null', 'PATCH', `/v2/sites/${newSite.id}`, { body: { name: null } }, 400, 'bad_request');
await expectErr('update site name empty', 'PATCH', `/v2/sites/${newSite.id}`, { body: { name: '' } }, 400, 'bad_request');
await expectErr('update site pipe before 404', 'PATCH', `/v2/sites/${NOPE}`, { body: { name: 5 } }, 400, 'bad_request');
await expectErr('update site 404', 'PATCH', `/v2/sites/${NOPE}`, { body: { name: 'x' } }, 404, 'not_found');
await expectOk('update site with site key', 'PATCH', `/v2/sites/${siteId}`, { key: siteApiKey, body: {} }, 200);
await expectErr('update site with publishable key', 'PATCH', `/v2/sites/${siteId}`, { key: publicApiKey, body: {} }, 403, 'forbidden');

const dup = await expectOk('duplicate site', 'POST', `/v2/sites/${siteId}/duplicate`, { body: { name: 'Docs copy' } }, 201, responseSchema('/v2/sites/{siteId}/duplicate', 'post', 201));
ok('duplicate new ids', dup.body.id !== siteId && dup.body.publicApiKey !== publicApiKey && dup.body.name === 'Docs copy' && dup.body.hostOrigin === 'https://docs.harbor.example');
const dupPages = await call('GET', `/v6/pages${q({ siteId: dup.body.id, includeOffline: 'true', limit: '100' })}`);
const srcPages = await call('GET', `/v6/pages${q({ siteId, includeOffline: 'true', limit: '100' })}`);
ok('duplicate copied pages', dupPages.body.data.length === srcPages.body.data.length && dupPages.body.data.length > 0);
const dupLocales = await call('GET', `/v2/locales${q({ siteId: dup.body.id })}`);
ok('duplicate copied kept locales', dupLocales.body.data.length === 3, dupLocales.body);
await expectErr('duplicate no name', 'POST', `/v2/sites/${siteId}/duplicate`, { body: {} }, 400, 'bad_request');
await expectErr('duplicate site key', 'POST', `/v2/sites/${siteId}/duplicate`, { key: siteApiKey, body: { name: 'x' } }, 403, 'forbidden');
await expectErr('duplicate 404', 'POST', `/v2/sites/${NOPE}/duplicate`, { body: { name: 'x' } }, 404, 'not_found');

await expectOk('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, {}, 204);
await expectErr('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, {}, 404, 'not_found');
await expectErr('get deleted site', 'GET', `/v2/sites/${dup.body.id}`, {}, 404, 'not_found');
await expectErr('delete site with site key', 'DELETE', `/v2/sites/${siteId}`, { key: siteApiKey }, 403, 'forbidden');

// ===================== Locales =====================
const LS = '/v2/locales';
const locList = await expectOk('list locales', 'GET', `${LS}${q({ siteId })}`, {}, 200, responseSchema(LS, 'get', 200));
ok('default locale first', locList.body.data[0].isDefault === true && locList.body.data[0].locale === 'en-US', locList.body.data);
ok('soft-deleted es-ES hidden', !locList.body.data.some((l) => l.locale === 'es-ES'));
await expectErr('list locales no siteId', 'GET', LS, {}, 400, 'bad_request');
await expectErr('list locales other ws', 'GET', `${LS}${q({ siteId: otherSiteId })}`, {}, 403, 'forbidden');
await expectErr('list locales 404', 'GET', `${LS}${q({ siteId: NOPE })}`, {}, 404, 'not_found');
await expectOk('list locales publishable key', 'GET', `${LS}${q({ siteId })}`, { key: publicApiKey }, 200, responseSchema(LS, 'get', 200));
const lpage = await expectOk('list locales limit 1', 'GET', `${LS}${q({ siteId, limit: '1' })}`, {}, 200, responseSchema(LS, 'get', 200));
ok('locales hasMore', lpage.body.hasMore === true && lpage.body.data.length === 1);

const newLoc = await expectOk('create locale', 'POST', LS, { body: { siteId, locale: 'it-IT', domain: 'https://it.harbor.example' } }, 201, responseSchema(LS, 'post', 201));
ok('new locale defaults', newLoc.body.isDefault === false && newLoc.body.pathPrefix === null);
await expectErr('create locale dup', 'POST', LS, { body: { siteId, locale: 'it-IT' } }, 409, 'conflict');
await expectErr('create locale soft-deleted code', 'POST', LS, { body: { siteId, locale: 'es-ES' } }, 409, 'conflict');
await expectErr('create locale bad', 'POST', LS, { body: { siteId, locale: 'italian' } }, 400, 'bad_request');
await expectErr('create locale 404 site', 'POST', LS, { body: { siteId: NOPE, locale: 'it-IT' } }, 404, 'not_found');
await expectErr('create locale other ws', 'POST', LS, { body: { siteId: otherSiteId, locale: 'it-IT' } }, 403, 'forbidden');

await expectOk('get locale by id', 'GET', `${LS}/${newLoc.body.id}`, {}, 200, responseSchema(`${LS}/{localeIdOrCode}`, 'get', 200));
const byCode = await expectOk('get locale by code (any case)', 'GET', `${LS}/IT-it${q({ siteId })}`, {}, 200, responseSchema(`${LS}/{localeIdOrCode}`, 'get', 200));
ok('by code same row', byCode.body.id === newLoc.body.id);
await expectErr('get locale by code no siteId', 'GET', `${LS}/it-IT`, {}, 400, 'bad_request', (b) => b.details[0].field === 'siteId');
await expectErr('get locale 404', 'GET', `${LS}/${NOPE}`, {}, 404, 'not_found');
await expectErr('get locale id with other siteId', 'GET', `${LS}/${newLoc.body.id}${q({ siteId: shopId })}`, {}, 404, 'not_found');
await expectErr('get locale other ws (guard)', 'GET', `${LS}/${newLoc.body.id}`, { key: otherApiKey }, 403, 'forbidden');
await expectErr('get locale unknown query', 'GET', `${LS}/${newLoc.body.id}${q({ foo: 'x' })}`, {}, 400, 'bad_request');

const updLoc = await expectOk('update locale', 'PATCH', `${LS}/it-IT${q({ siteId })}`, { body: { locale: 'it-CH', domain: null } }, 200, responseSchema(`${LS}/{localeIdOrCode}`, 'patch', 200));
ok('update locale applied', updLoc.body.locale === 'it-CH' && updLoc.body.domain === null);
await expectErr('update locale conflict', 'PATCH', `${LS}/${newLoc.body.id}`, { body: { locale: 'fr-FR' } }, 409, 'conflict');
await expectErr('update locale bad domain', 'PATCH', `${LS}/${newLoc.body.id}`, { body: { domain: 'ftp://x.example' } }, 400, 'bad_request');

await expectOk('delete locale', 'DELETE', `${LS}/${newLoc.body.id}`, {}, 204);
await expectErr('get deleted locale', 'GET', `${LS}/${newLoc.body.id}`, {}, 404, 'not_found');
await expectOk('restore locale', 'POST', `${LS}/${newLoc.body.id}/restore`, {}, 200, responseSchema(`${LS}/{localeIdOrCode}/restore`, 'post', 200));
await expectErr('restore kept locale', 'POST', `${LS}/${newLoc.body.id}/restore`, {}, 409, 'conflict');
await expectOk('restore es-ES by code', 'POST', `${LS}/es-ES/restore${q({ siteId })}`, {}, 200, responseSchema(`${LS}/{localeIdOrCode}/restore`, 'post', 200));
const defLoc = locList.body.data[0];
await expectErr('delete default locale', 'DELETE', `${LS}/${defLoc.id}`, {}, 400, 'bad_request');
await expectErr('restore 404', 'POST', `${LS}/${NOPE}/restore`, {}, 404, 'not_found');
// renaming the default locale moves the site's defaultLocale
const site2 = created2.body;
const s2loc = await call('GET', `${LS}${q({ siteId: site2.id })}`);
await expectOk('rename default locale', 'PATCH', `${LS}/${s2loc.body.data[0].id}`, { body: { locale: 'fr-CA' } }, 200);
ok('site defaultLocale follows', (await call('GET', `/v2/sites/${site2.id}`)).body.defaultLocale === 'fr-CA');

// ===================== Pages =====================
const PG = '/v6/pages';
const pageCreated = await expectOk('create page', 'POST', PG, { body: { siteId, pathname: '/contact', name: 'Contact' } }, 201, responseSchema(PG, 'post', 201));
const pg = pageCreated.body;
ok('page defaults', pg.isOnline === false && pg.publishedAt === null && pg.locale === 'en-US' && Array.isArray(pg.localizations) && pg.createdAt === pg.updatedAt && /\.\d{3}Z$/.test(pg.createdAt));
await expectErr('create page dup', 'POST', PG, { body: { siteId, pathname: '/contact', name: 'x' } }, 409, 'conflict');
await expectOk('create page other case allowed', 'POST', PG, { body: { siteId, pathname: '/Contact', name: 'x' } }, 201, responseSchema(PG, 'post', 201));
await expectErr('create page clashes route', 'POST', PG, { body: { siteId, pathname: '/feed.xml', name: 'x' } }, 409, 'conflict');
await expectErr('create page empty name', 'POST', PG, { body: { siteId, pathname: '/x', name: '' } }, 400, 'bad_request', (b) => b.details[0].message === 'name must be longer than or equal to 1 characters');
await expectErr('create page missing siteId', 'POST', PG, { body: { pathname: '/x', name: 'x' } }, 400, 'bad_request', (b) => b.details[0].field === 'siteId');
await expectErr('create page bad pathname', 'POST', PG, { body: { siteId, pathname: 'x//y', name: 'x' } }, 400, 'bad_request');
await expectErr('create page trailing slash', 'POST', PG, { body: { siteId, pathname: '/x/', name: 'x' } }, 400, 'bad_request');
await expectErr('create page other ws', 'POST', PG, { body: { siteId: otherSiteId, pathname: '/x', name: 'x' } }, 403, 'forbidden');
await expectErr('create page 404', 'POST', PG, { body: { siteId: NOPE, pathname: '/x', name: 'x' } }, 404, 'not_found');
await expectOk('create page site key', 'POST', PG, { key: siteApiKey, body: { siteId, pathname: '/sk', name: 'sk' } }, 201);
await expectErr('create page publishable key', 'POST', PG, { key: publicApiKey, body: { siteId, pathname: '/pk', name: 'pk' } }, 403, 'forbidden');

const plist = await expectOk('list pages', 'GET', `${PG}${q({ siteId })}`, {}, 200, responseSchema(PG, 'get', 200));
ok('default list online only', plist.body.data.every((p) => p.isOnline));
ok('path order en_US', plist.body.data.map((p) => p.pathname).join(',') === '/,/About,/blog,/pricing', plist.body.data.map((p) => p.pathname));
const all = await expectOk('list pages includeOffline', 'GET', `${PG}${q({ siteId, includeOffline: 'true', sortBy: 'createdAt', sortDirection: 'desc' })}`, {}, 200, responseSchema(PG, 'get', 200));
ok('includeOffline', all.body.data.some((p) => !p.isOnline) && all.body.data[0].pathname === '/sk');
const pref = await expectOk('list pages pathPrefix insensitive', 'GET', `${PG}${q({ siteId, pathPrefix: '/BLOG', includeOffline: 'true' })}`, {}, 200, responseSchema(PG, 'get', 200));
ok('pathPrefix', pref.body.data.length === 2, pref.body.data.map((p) => p.pathname));
const fr = await expectOk('list pages locale fr-FR', 'GET', `${PG}${q({ siteId, locale: 'fr-FR' })}`, {}, 200, responseSchema(PG, 'get', 200));
ok('collapsed localized page', fr.body.data.some((p) => p.pathname === '/tarifs' && p.locale === 'fr-FR' && p.title === 'Tarifs'), fr.body.data.map((p) => p.pathname));
await expectErr('list pages unknown locale', 'GET', `${PG}${q({ siteId, locale: 'xx-XX' })}`, {}, 404, 'not_found');
await expectErr('list pages bad sortBy', 'GET', `${PG}${q({ siteId, sortBy: 'name' })}`, {}, 400, 'bad_request', (b) => b.details[0].message.startsWith('sortBy must be one of the following values'));
await expectErr('list pages bad includeOffline', 'GET', `${PG}${q({ siteId, includeOffline: 'yes' })}`, {}, 400, 'bad_request');
await expectErr('list pages bad versionRef', 'GET', `${PG}${q({ siteId, versionRef: 'live' })}`, {}, 400, 'bad_request');
await expectOk('list pages live', 'GET', `${PG}${q({ siteId, versionRef: 'ref:live', sortBy: 'title' })}`, {}, 200, responseSchema(PG, 'get', 200));
await expectOk('list pages publishable', 'GET', `${PG}${q({ siteId })}`, { key: publicApiKey }, 200, responseSchema(PG, 'get', 200));
await expectErr('list pages other ws', 'GET', `${PG}${q({ siteId: otherSiteId })}`, {}, 403, 'forbidden');
seen = []; after = undefined; guard = 0;
for (;;) {
  const r = await expectOk('walk pages', 'GET', `${PG}${q({ siteId, includeOffline: 'true', limit: '2', ...(after ? { startingAfter: after } : {}) })}`, {}, 200, responseSchema(PG, 'get', 200));
  seen.push(...r.body.data.map((x) => x.id));
  if (!r.body.hasMore || ++guard > 20) break;
  after = r.body.data.at(-1).id;
}
ok('walk pages complete', seen.length === all.body.data.length && new Set(seen).size === seen.length, { seen: seen.length, all: all.body.data.length });
const sp = await expectOk('site pages list (v2)', 'GET', `/v2/sites/${siteId}/pages${q({ limit: '2' })}`, {}, 200, responseSchema(PG, 'get', 200));
ok('site pages list hasMore', sp.body.hasMore === true);
await expectErr('site pages list siteId query refused', 'GET', `/v2/sites/${siteId}/pages${q({ siteId })}`, {}, 400, 'bad_request');

const GP = `${PG}/{pageIdOrPathname}`;
await expectOk('get page by id', 'GET', `${PG}/${pg.id}`, {}, 200, responseSchema(GP, 'get', 200));
const byPath = await expectOk('get page by pathname', 'GET', `${PG}/${encodeURIComponent('/pricing')}${q({ siteId })}`, {}, 200, responseSchema(GP, 'get', 200));
ok('localizations listed', byPath.body.localizations.length === 3 && byPath.body.localizations.every((l) => UUID.test(l.id)), byPath.body.localizations);
await expectOk('get page by bare pathname', 'GET', `${PG}/pricing${q({ siteId })}`, {}, 200, responseSchema(GP, 'get', 200));
const deLoc = await expectOk('get page in de-DE', 'GET', `${PG}/pricing${q({ siteId, locale: 'de-DE' })}`, {}, 200, responseSchema(GP, 'get', 200));
ok('collapsed de-DE', deLoc.body.pathname === '/preise' && deLoc.body.locale === 'de-DE' && deLoc.body.title === 'Pricing');
await expectOk('get root page', 'GET', `${PG}/%2F${q({ siteId })}`, {}, 200, responseSchema(GP, 'get', 200));
await expectErr('get page pathname without siteId', 'GET', `${PG}/pricing`, {}, 400, 'bad_request');
await expectErr('get offline page live', 'GET', `${PG}/${pg.id}${q({ versionRef: 'ref:live' })}`, {}, 404, 'not_found');
await expectErr('get page 404', 'GET', `${PG}/${NOPE}`, {}, 404, 'not_found');
await expectErr('get page bad percent', 'GET', `${PG}/%E0%A4%A`, {}, 400, 'bad_request');

const up = await expectOk('update page', 'PATCH', `${PG}/${pg.id}`, { body: { pathname: '/contact-us', name: 'Contact us', isOnline: true } }, 200, responseSchema(GP, 'patch', 200));
ok('update page applied', up.body.pathname === '/contact-us' && up.body.isOnline === true && up.body.publishedAt !== null && up.body.updatedAt > pg.updatedAt);
const noop = await expectOk('update page empty', 'PATCH', `${PG}/${pg.id}`, { body: {} }, 200, responseSchema(GP, 'patch', 200));
ok('empty update keeps updatedAt', noop.body.updatedAt === up.body.updatedAt);
const same = await expectOk('update page same value', 'PATCH', `${PG}/${pg.id}`, { body: { name: 'Contact us' } }, 200);
ok('same-value update moves updatedAt', same.body.updatedAt > up.body.updatedAt);
await expectErr('update page isOnline string', 'PATCH', `${PG}/${pg.id}`, { body: { isOnline: 'true' } }, 400, 'bad_request', (b) => b.details[0].message === 'isOnline must be a boolean value');
await expectErr('update page conflict', 'PATCH', `${PG}/${pg.id}`, { body: { pathname: '/pricing' } }, 409, 'conflict');
await expectErr('update page route conflict', 'PATCH', `${PG}/${pg.id}`, { body: { pathname: '/feed.xml' } }, 409, 'conflict');
await expectErr('update page other ws (403 before 400)', 'PATCH', `${PG}/${pg.id}`, { key: otherApiKey, body: { isOnline: 5 } }, 403, 'forbidden');
await expectOk('update page by pathname', 'PATCH', `${PG}/contact-us${q({ siteId })}`, { body: { isOnline: false } }, 200, responseSchema(GP, 'patch', 200));
await expectOk('delete page', 'DELETE', `${PG}/${pg.id}`, {}, 204);
await expectErr('delete page again', 'DELETE', `${PG}/${pg.id}`, {}, 404, 'not_found');
await expectOk('delete page by pathname', 'DELETE', `${PG}/sk${q({ siteId })}`, { key: siteApiKey }, 204);

// ===================== Routes =====================
const RT = '/v2/routes';
const rc = await expectOk('create route', 'POST', RT, { body: { siteId, pathname: '/docs/:slug' } }, 201, ROUTE_SCHEMA);
await expectErr('create route bad pattern', 'POST', RT, { body: { siteId, pathname: '/docs/(x)' } }, 400, 'bad_request');
await expectOk('create route skipValidation', 'POST', `${RT}${q({ skipValidation: 'true' })}`, { body: { siteId, pathname: 'legacy/(x)' } }, 201, ROUTE_SCHEMA);
await expectErr('create route dup', 'POST', RT, { body: { siteId, pathname: '/docs/:slug' } }, 409, 'conflict');
await expectErr('create route page clash', 'POST', RT, { body: { siteId, pathname: '/blog' } }, 409, 'conflict');
const rlist = await expectOk('list routes', 'GET', `${RT}${q({ siteId })}`, {}, 200, ROUTE_LIST);
ok('routes listed', rlist.body.data.some((r) => r.pathname === '/legacy/(x)'));
await expectOk('get route', 'GET', `${RT}/${rc.body.id}`, {}, 200, ROUTE_SCHEMA);
const ru = await expectOk('update route by id', 'PATCH', `${RT}/${rc.body.id}`, { body: { pathname: '/guides/:slug' } }, 200, ROUTE_SCHEMA);
ok('route updated', ru.body.pathname === '/guides/:slug');
await expectOk('update route by pathname', 'PATCH', `${RT}/${encodeURIComponent('/guides/:slug')}${q({ siteId })}`, { body: { pathname: '/guides/*rest' } }, 200, ROUTE_SCHEMA);
await expectErr('update route pathname no siteId', 'PATCH', `${RT}/feed.xml`, { body: { pathname: '/rss.xml' } }, 400, 'bad_request');
await expectErr('update route bad skipValidation', 'PATCH', `${RT}/${rc.body.id}${q({ skipValidation: 'yes' })}`, { body: { pathname: '/a' } }, 400, 'bad_request');
await expectErr('update route invalid', 'PATCH', `${RT}/${rc.body.id}`, { body: { pathname: '/a[' } }, 400, 'bad_request');
await expectOk('update route skip', 'PATCH', `${RT}/${rc.body.id}${q({ skipValidation: 'true' })}`, { body: { pathname: '/a[' } }, 200, ROUTE_SCHEMA);
await expectErr('update route 404', 'PATCH', `${RT}/${NOPE}`, { body: { pathname: '/a' } }, 404, 'not_found');
await expectErr('update route other ws', 'PATCH', `${RT}/${rc.body.id}`, { key: otherApiKey, body: { pathname: '/a' } }, 403, 'forbidden');
await expectErr('update route publishable', 'PATCH', `${RT}/${rc.body.id}`, { key: publicApiKey, body: { pathname: '/a' } }, 403, 'forbidden');
await expectOk('update route empty', 'PATCH', `${RT}/${rc.body.id}`, { body: {} }, 200, ROUTE_SCHEMA);
await expectOk('delete route', 'DELETE', `${RT}/${rc.body.id}`, {}, 204);

// ===================== request reading, routing, limits =====================
await expectErr('unknown path', 'GET', '/v2/nothing', {}, 404, 'not_found', (b) => b.message === 'Cannot GET /v2/nothing');
await expectErr('wrong version', 'GET', `/v6/sites/${siteId}`, {}, 404, 'not_found');
await expectErr('unsupported method', 'PUT', `/v2/sites/${siteId}`, { body: {} }, 404, 'not_found');
await expectErr('malformed json', 'POST', '/v2/sites', { raw: '{"name":', headers: { 'content-type': 'application/json' } }, 400, 'bad_request', (b) => b.details[0].field === 'body');
await expectErr('malformed json before auth', 'POST', '/v2/sites', { key: null, raw: '{oops', headers: { 'content-type': 'application/json' } }, 400, 'bad_request');
await expectErr('strict refuses scalar', 'POST', '/v2/sites', { raw: '"x"', headers: { 'content-type': 'application/json' } }, 400, 'bad_request');
await expectErr('strict refuses null', 'POST', '/v2/sites', { raw: 'null', headers: { 'content-type': 'application/json' } }, 400, 'bad_request');
await expectErr('oversized body', 'POST', '/v2/sites', { raw: JSON.stringify({ workspaceId, name: 'x'.repeat(200_000) }), headers: { 'content-type': 'application/json' } }, 400, 'bad_request', (b) => b.message === 'request entity too large');
await expectErr('bad charset', 'POST', '/v2/sites', { raw: '{}', headers: { 'content-type': 'application/json; charset=latin1' } }, 400, 'bad_request');
await expectErr('bad encoding', 'POST', '/v2/sites', { raw: '{}', headers: { 'content-type': 'application/json', 'content-encoding': 'zip' } }, 400, 'bad_request');
await expectOk('gzip body', 'POST', '/v2/sites', { raw: zlib.gzipSync(JSON.stringify({ workspaceId, name: 'Gz' })), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }, 201, responseSchema('/v2/sites', 'post', 201));
await expectErr('gzip bomb refused', 'POST', '/v2/sites', { raw: zlib.gzipSync(Buffer.alloc(300_000, 32)), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }, 400, 'bad_request');
const opt = await call('OPTIONS', `/v2/sites/${siteId}`, { key: null });
ok('OPTIONS 204 + Allow', opt.status === 204 && /PATCH/.test(opt.headers.get('allow') || ''));
const head = await fetch(`${url}/v2/sites/${siteId}`, { method: 'HEAD', headers: { 'x-api-key': apiKey } });
ok('HEAD served', head.status === 200);
const g = await call('GET', `/v2/sites/${siteId}`);
ok('content-type json', g.headers.get('content-type') === 'application/json; charset=utf-8');

function rawRequest(text) {
  return new Promise((resolve) => {
    const sock = net.connect(new URL(url).port, '127.0.0.1');
    let data = '';
    sock.on('data', (d) => { data += d; });
    sock.on('end', () => resolve(data)); sock.on('close', () => resolve(data)); sock.on('error', () => resolve(data));
    sock.write(text);
    setTimeout(() => sock.destroy(), 3000);
  });
}
const bad = await rawRequest('GARBAGE\r\n\r\n');
ok('bad request line -> 400 envelope', bad.startsWith('HTTP/1.1 400') && bad.includes('"bad_request"'), bad);
const huge = await rawRequest(`GET /v2/sites HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
ok('oversized headers -> 400 envelope', huge.startsWith('HTTP/1.1 400') && huge.includes('"bad_request"'), huge.slice(0, 200));
const badLen = await rawRequest('POST /v2/sites HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
ok('bad content-length -> 400', badLen.startsWith('HTTP/1.1 400'), badLen);
const alive = await call('GET', `/v2/sites/${siteId}`);
ok('still alive', alive.status === 200);

await s.close();

// ===================== CLI: one JSON line, SIGTERM exits 0 =====================
await new Promise((resolve) => {
  const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', async (d) => {
    out += d;
    if (!out.includes('\n')) return;
    try {
      const line = JSON.parse(out.trim());
      ok('cli line keys', ['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof line[k] === 'string'), line);
      const r = await fetch(`${line.baseUrl}/v2/sites?workspaceId=${line.workspaceId}`, { headers: { 'x-api-key': line.apiKey } });
      ok('cli serves', r.status === 200);
    } catch (e) { ok('cli line json', false, String(e)); }
    child.kill('SIGTERM');
  });
  child.on('exit', (code) => { ok('cli exits 0 on SIGTERM', code === 0, code); ok('cli printed one line', out.trim().split('\n').length === 1, out); resolve(); });
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
