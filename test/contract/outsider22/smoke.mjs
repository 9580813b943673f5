#!/usr/bin/env node
// Self-test: starts the server in-process, calls every operation of SPEC.md and the published
// OpenAPI (successes, errors, free choices), checks every success body against the published
// response schemas with a small hand-written checker, and sends malformed/oversized requests.
import net from 'node:net';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { startServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OPENAPI = JSON.parse(fs.readFileSync(path.resolve(here, '../../../contracts/published-openapi.json'), 'utf8'));

// ---- a small JSON Schema (OpenAPI 3.1 subset) checker ---------------------------------------------
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
function resolveRef(s) {
  while (s && s.$ref) s = s.$ref.replace('#/', '').split('/').reduce((o, k) => o[k], OPENAPI);
  return s;
}
function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}
export function check(schema, v, at = '$', errs = []) {
  schema = resolveRef(schema);
  if (!schema || Object.keys(schema).filter((k) => k !== 'description' && k !== 'title').length === 0) return errs;
  if (schema.oneOf) {
    const ok = schema.oneOf.filter((s) => check(s, v, at, []).length === 0).length;
    if (ok !== 1) errs.push(`${at}: matches ${ok} of oneOf`);
    return errs;
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = typeOf(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) { errs.push(`${at}: type ${t} not in ${types}`); return errs; }
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && schema.format) {
    if (schema.format === 'uuid' && !UUID.test(v)) errs.push(`${at}: not a uuid`);
    if (schema.format === 'date-time' && !DATE_TIME.test(v)) errs.push(`${at}: not a date-time`);
    if (schema.format === 'uri' && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(v)) errs.push(`${at}: not a uri`);
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) check(s, v[k], `${at}.${k}`, errs);
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => check(schema.items, x, `${at}[${i}]`, errs));
  if (typeof v === 'number' && schema.minimum != null && v < schema.minimum) errs.push(`${at}: below minimum`);
  return errs;
}
function responseSchema(method, p, status) {
  const r = OPENAPI.paths[p]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema;
}
// Route is in SPEC.md only: its table, written as a schema.
const ROUTE_SCHEMA = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST_SCHEMA = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE_SCHEMA }, hasMore: { type: 'boolean' } } };
const ERROR_SCHEMA = {
  type: 'object', required: ['object', 'code', 'message'],
  properties: {
    object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' },
    details: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
  },
};
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

// ---- test plumbing -----------------------------------------------------------------------------
let passed = 0, failed = 0;
const failures = [];
function ok(cond, name, extra) {
  if (cond) passed++;
  else { failed++; failures.push(`${name}${extra !== undefined ? ` -- ${typeof extra === 'string' ? extra : JSON.stringify(extra)}` : ''}`); }
}
let BASE, SRV;
async function call(method, p, { key, body, raw, headers = {}, ctype } = {}) {
  const h = { ...headers };
  if (key !== undefined) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) { payload = raw; if (ctype !== null) h['content-type'] = ctype ?? 'application/json'; }
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = 'application/json'; }
  const res = await fetch(BASE + p, { method, headers: h, body: payload });
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  return { status: res.status, body: json, headers: res.headers, text };
}
/** expect a success status and validate against the OpenAPI response schema of (method, template). */
async function expectOk(name, method, p, template, status, opts = {}, schema) {
  const r = await call(method, p, opts);
  ok(r.status === status, `${name}: status ${status}`, `${r.status} ${r.text.slice(0, 300)}`);
  if (status === 204) { ok(r.text === '', `${name}: empty 204 body`); return r; }
  const s = schema ?? responseSchema(method, template, status);
  ok(!!s, `${name}: has a schema`);
  if (s) { const errs = check(s, r.body); ok(errs.length === 0, `${name}: schema`, errs.join('; ')); }
  ok(/^application\/json/.test(r.headers.get('content-type') || ''), `${name}: json content-type`);
  return r;
}
async function expectErr(name, method, p, status, opts = {}, detailField) {
  const r = await call(method, p, opts);
  ok(r.status === status, `${name}: status ${status}`, `${r.status} ${r.text.slice(0, 300)}`);
  const errs = check(ERROR_SCHEMA, r.body);
  ok(errs.length === 0, `${name}: error envelope`, errs.join('; '));
  ok(r.body?.code === CODES[status], `${name}: code ${CODES[status]}`, r.body?.code);
  if (status === 400) ok(Array.isArray(r.body?.details) && r.body.details.length > 0, `${name}: 400 has details`);
  if (detailField) ok(r.body?.details?.some((d) => d.field === detailField), `${name}: detail on ${detailField}`, r.body?.details);
  return r;
}
function rawRequest(text, { endAfter = true } = {}) {
  return new Promise((resolve) => {
    const u = new URL(BASE);
    const sock = net.connect(Number(u.port), u.hostname);
    let data = '';
    const timer = setTimeout(() => { sock.destroy(); resolve(data); }, 4000);
    sock.on('connect', () => { sock.write(text); if (endAfter) { /* keep open to read */ } });
    sock.on('data', (d) => { data += d; });
    sock.on('close', () => { clearTimeout(timer); resolve(data); });
    sock.on('error', () => { clearTimeout(timer); resolve(data); });
  });
}
const bodyOfRaw = (s) => { const i = s.indexOf('\r\n\r\n'); try { return JSON.parse(s.slice(i + 4)); } catch { return null; } };
const statusOfRaw = (s) => Number((/^HTTP\/1\.1 (\d{3})/.exec(s) || [])[1]);

// ---- the run -----------------------------------------------------------------------------------
async function main() {
  // the checker itself must catch broken bodies
  const siteSchema = responseSchema('GET', '/v2/sites/{siteId}', 200);
  ok(check(siteSchema, { object: 'site' }).length > 0, 'checker: missing fields caught');
  ok(check(siteSchema, { object: 'page', id: 'x', name: 1, hostOrigin: null, publicApiKey: 'k', defaultLocale: 'en', localeManagementMode: 'other' }).length >= 4, 'checker: enum, uuid, type caught');
  ok(check(responseSchema('GET', '/v6/pages/{pageIdOrPathname}', 200), { sitemapFrequency: 'sometimes' }).some((e) => e.includes('oneOf')), 'checker: oneOf caught');
  SRV = await startServer({ port: 0 });
  BASE = SRV.url;
  const { apiKey: K, otherApiKey: OK, siteApiKey: SK, publicApiKey: PK, workspaceId: W, otherWorkspaceId: OW, siteId: S, secondSiteId: S2, otherSiteId: OS } = SRV;
  const enc = encodeURIComponent;
  const ZERO = '00000000-0000-4000-8000-000000000000';

  // ---- authentication and permissions
  await expectErr('no key', 'GET', `/v2/sites/${S}`, 401);
  await expectErr('empty key', 'GET', `/v2/sites/${S}`, 401, { key: '' });
  await expectErr('unknown app key', 'GET', `/v2/sites/${S}`, 401, { key: 'sbs_nope' });
  await expectErr('unknown uuid key', 'GET', `/v2/sites/${S}`, 401, { key: ZERO });
  await expectErr('app key in upper case', 'GET', `/v2/sites/${S}`, 401, { key: K.toUpperCase() });
  ok(/^sbs_[0-9a-v]{32}$/.test(K), 'app key format sbs_ + 32 base32hex');
  await expectOk('site key in upper case still a UUID', 'GET', `/v2/sites/${S}`, '/v2/sites/{siteId}', 200, { key: SK.toUpperCase() });
  const dup = await rawRequest(`GET /v2/sites/${S} HTTP/1.1\r\nHost: x\r\nx-api-key: ${K}\r\nx-api-key: ${K}\r\nConnection: close\r\n\r\n`);
  ok(statusOfRaw(dup) === 401, 'repeated x-api-key header is 401', dup.slice(0, 80));
  await expectErr('other workspace key on a site', 'GET', `/v2/sites/${S}`, 403, { key: OK });
  await expectErr('other workspace key on its pages', 'GET', `/v6/pages?siteId=${S}`, 403, { key: OK });
  await expectErr('site key lists sites', 'GET', `/v2/sites?workspaceId=${W}`, 403, { key: SK });
  await expectErr('site key creates a site', 'POST', '/v2/sites', 403, { key: SK, body: { workspaceId: W, name: 'x' } });
  await expectErr('site key on another site', 'GET', `/v2/sites/${S2}`, 403, { key: SK });
  await expectErr('site key deletes its site', 'DELETE', `/v2/sites/${S}`, 403, { key: SK });
  await expectErr('site key duplicates its site', 'POST', `/v2/sites/${S}/duplicate`, 403, { key: SK, body: { name: 'x' } });
  await expectErr('site key creates a locale (locales read-only)', 'POST', '/v2/locales', 403, { key: SK, body: { siteId: S, locale: 'de-DE' } });
  await expectOk('site key reads locales', 'GET', `/v2/locales?siteId=${S}`, '/v2/locales', 200, { key: SK });
  await expectErr('publishable key reads the site', 'GET', `/v2/sites/${S}`, 403, { key: PK });
  await expectOk('publishable key lists pages', 'GET', `/v6/pages?siteId=${S}`, '/v6/pages', 200, { key: PK });
  await expectOk('publishable key reads a locale by code without siteId', 'GET', '/v2/locales/pt-PT', '/v2/locales/{localeIdOrCode}', 200, { key: PK });
  await expectErr('publishable key lists routes', 'GET', `/v2/routes?siteId=${S}`, 403, { key: PK });
  await expectErr('publishable key creates a page', 'POST', '/v6/pages', 403, { key: PK, body: { siteId: S, pathname: '/p', name: 'p' } });

  // ---- sites
  const list = await expectOk('list sites', 'GET', `/v2/sites?workspaceId=${W}`, '/v2/sites', 200, { key: K });
  ok(list.body.data.length === 2 && list.body.hasMore === false, 'list sites: two seeded sites', list.body.data.length);
  ok(list.body.data[0].id === S, 'list sites: creation order');
  ok(/^max-age=0, private, must-revalidate$/.test(list.headers.get('cache-control')), 'Phoenix cache-control header');
  ok((list.headers.get('x-request-id') || '').length >= 20, 'x-request-id header');
  const p1 = await expectOk('list sites limit=1', 'GET', `/v2/sites?workspaceId=${W}&limit=1`, '/v2/sites', 200, { key: K });
  ok(p1.body.data.length === 1 && p1.body.hasMore === true, 'limit=1 hasMore');
  const p2 = await expectOk('list sites startingAfter', 'GET', `/v2/sites?workspaceId=${W}&limit=1&startingAfter=${p1.body.data[0].id}`, '/v2/sites', 200, { key: K });
  ok(p2.body.data[0].id === S2 && p2.body.hasMore === false, 'startingAfter walks to the next site');
  const cur = p1.headers.get('x-next-cursor');
  ok(!!cur, 'x-next-cursor header on hasMore');
  const p2b = await expectOk('list sites with paginator cursor', 'GET', `/v2/sites?workspaceId=${W}&limit=1&after=${cur}`, '/v2/sites', 200, { key: K });
  ok(p2b.body.data[0]?.id === S2, 'after= cursor equals startingAfter');
  await expectErr('list sites: bad cursor', 'GET', `/v2/sites?workspaceId=${W}&after=@@`, 400, { key: K }, 'after');
  await expectErr('list sites: unknown startingAfter', 'GET', `/v2/sites?workspaceId=${W}&startingAfter=${ZERO}`, 400, { key: K }, 'startingAfter');
  await expectErr('list sites: no workspaceId', 'GET', '/v2/sites', 400, { key: K }, 'workspaceId');
  await expectErr('list sites: other workspace', 'GET', `/v2/sites?workspaceId=${OW}`, 403, { key: K });
  await expectErr('list sites: unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 404, { key: K });
  for (const [v, msg] of [['0', 'must be greater than or equal to 1'], ['101', 'must be less than or equal to 100'], ['abc', 'is invalid'], ['2.5', 'is invalid']]) {
    const r = await expectErr(`limit=${v}`, 'GET', `/v2/sites?workspaceId=${W}&limit=${v}`, 400, { key: K }, 'limit');
    ok(r.body.details[0].message === msg, `limit=${v}: "${msg}"`, r.body.details);
  }
  await expectErr('limit[]=5 is invalid', 'GET', `/v2/sites?workspaceId=${W}&limit[]=5`, 400, { key: K }, 'limit');
  const last = await expectOk('repeated limit: last wins', 'GET', `/v2/sites?workspaceId=${W}&limit=500&limit=1`, '/v2/sites', 200, { key: K });
  ok(last.body.data.length === 1, 'repeated limit: last value used');
  await expectOk('empty limit means default', 'GET', `/v2/sites?workspaceId=${W}&limit=`, '/v2/sites', 200, { key: K });

  const created = await expectOk('create site', 'POST', '/v2/sites', '/v2/sites', 201, { key: K, body: { workspaceId: W, name: 'Sintra Day Trips', hostOrigin: 'https://sintra.example' } });
  const N = created.body.id;
  ok(created.body.defaultLocale === 'en-US' && created.body.localeManagementMode === 'internal', 'create site defaults', created.body);
  ok(created.headers.get('location') === `/v2/sites/${N}`, 'create site: Location header');
  const nl = await call('GET', `/v2/locales?siteId=${N}`, { key: K });
  ok(nl.body.data.length === 1 && nl.body.data[0].isDefault && nl.body.data[0].locale === 'en-US', 'create site makes the default locale');
  const c2 = await expectOk('create site with defaultLocale and "" hostOrigin', 'POST', '/v2/sites', '/v2/sites', 201, { key: K, body: { workspaceId: W, name: 'Cascais', defaultLocale: 'pt-BR', hostOrigin: '' } });
  ok(c2.body.defaultLocale === 'pt-BR' && c2.body.hostOrigin === null, 'defaultLocale kept; "" hostOrigin is none');
  const c3 = await expectOk('create site: blank defaultLocale falls back to the default', 'POST', '/v2/sites', '/v2/sites', 201, { key: K, body: { workspaceId: W, name: 'Blank', defaultLocale: '  ' } });
  ok(c3.body.defaultLocale === 'en-US', 'blank defaultLocale -> en-US');
  await expectErr('create site: defaultLocale null', 'POST', '/v2/sites', 400, { key: K, body: { workspaceId: W, name: 'x', defaultLocale: null } }, 'defaultLocale');
  const miss = await expectErr('create site: empty body', 'POST', '/v2/sites', 400, { key: K, body: {} });
  ok(JSON.stringify(miss.body.details) === JSON.stringify([{ field: 'name', message: "can't be blank" }, { field: 'workspaceId', message: "can't be blank" }]), 'details sorted by field, Ecto messages', miss.body.details);
  await expectErr('create site: name too long', 'POST', '/v2/sites', 400, { key: K, body: { workspaceId: W, name: 'x'.repeat(256) } }, 'name');
  await expectOk('create site: 255 graphemes of emoji fit', 'POST', '/v2/sites', '/v2/sites', 201, { key: K, body: { workspaceId: W, name: '👍🏽'.repeat(255) } });
  await expectErr('create site: bad hostOrigin', 'POST', '/v2/sites', 400, { key: K, body: { workspaceId: W, name: 'x', hostOrigin: 'ftp://x.example' } }, 'hostOrigin');
  await expectErr('create site: bad defaultLocale', 'POST', '/v2/sites', 400, { key: K, body: { workspaceId: W, name: 'x', defaultLocale: 'english' } }, 'defaultLocale');
  await expectErr('create site: name not a string', 'POST', '/v2/sites', 400, { key: K, body: { workspaceId: W, name: 42 } }, 'name');
  await expectErr('create site: bad workspaceId', 'POST', '/v2/sites', 400, { key: K, body: { workspaceId: 'w1', name: 'x' } }, 'workspaceId');
  await expectErr('create site: other workspace', 'POST', '/v2/sites', 403, { key: K, body: { workspaceId: OW, name: 'x' } });
  await expectErr('create site: unknown workspace', 'POST', '/v2/sites', 404, { key: K, body: { workspaceId: ZERO, name: 'x' } });
  const unk = await expectOk('create site: unknown fields ignored', 'POST', '/v2/sites', '/v2/sites', 201, { key: K, body: { workspaceId: W, name: 'Extra', color: 'red' } });
  ok(!('color' in unk.body), 'unknown field not echoed');

  const got = await expectOk('get site', 'GET', `/v2/sites/${N}`, '/v2/sites/{siteId}', 200, { key: K });
  ok(got.body.name === 'Sintra Day Trips', 'get site name');
  await expectErr('get site: malformed id', 'GET', '/v2/sites/not-a-uuid', 400, { key: K }, 'siteId');
  await expectErr('get site: unknown', 'GET', `/v2/sites/${ZERO}`, 404, { key: K });
  const head = await call('HEAD', `/v2/sites/${N}`, { key: K });
  ok(head.status === 200 && head.text === '', 'HEAD served like GET without a body');

  const up = await expectOk('update site', 'PATCH', `/v2/sites/${N}`, '/v2/sites/{siteId}', 200, { key: K, body: { name: 'Sintra Trips' } });
  ok(up.body.name === 'Sintra Trips' && up.body.hostOrigin === 'https://sintra.example', 'update site keeps other fields');
  const up2 = await expectOk('update site: null hostOrigin clears', 'PATCH', `/v2/sites/${N}`, '/v2/sites/{siteId}', 200, { key: K, body: { hostOrigin: null } });
  ok(up2.body.hostOrigin === null, 'hostOrigin cleared');
  await expectOk('update site: PUT is an alias', 'PUT', `/v2/sites/${N}`, '/v2/sites/{siteId}', 200, { key: K, body: { hostOrigin: 'http://localhost:3000' } }, responseSchema('PATCH', '/v2/sites/{siteId}', 200));
  await expectErr('update site: defaultLocale not accepted', 'PATCH', `/v2/sites/${N}`, 400, { key: K, body: { defaultLocale: 'fr-FR' } }, 'defaultLocale');
  await expectErr('update site: blank name', 'PATCH', `/v2/sites/${N}`, 400, { key: K, body: { name: '   ' } }, 'name');
  await expectOk('update site: {} no-op', 'PATCH', `/v2/sites/${N}`, '/v2/sites/{siteId}', 200, { key: K, body: {} });
  await expectOk('site key updates its site', 'PATCH', `/v2/sites/${S}`, '/v2/sites/{siteId}', 200, { key: SK, body: { name: 'Tram 28 Tours' } });

  const d = await expectOk('duplicate site', 'POST', `/v2/sites/${S}/duplicate`, '/v2/sites/{siteId}/duplicate', 201, { key: K, body: { name: 'Tram 28 Copy' } });
  const D = d.body.id;
  ok(d.body.name === 'Tram 28 Copy' && d.body.hostOrigin === 'https://tram28.example' && d.body.publicApiKey !== created.body.publicApiKey, 'duplicate copies configuration, new keys');
  const srcPages = await call('GET', `/v6/pages?siteId=${S}&includeOffline=true&limit=100`, { key: K });
  const dupPages = await call('GET', `/v6/pages?siteId=${D}&includeOffline=true&limit=100`, { key: K });
  ok(srcPages.body.data.length === dupPages.body.data.length && dupPages.body.data.length > 0, 'duplicate copies pages', [srcPages.body.data.length, dupPages.body.data.length]);
  const dupLoc = await call('GET', `/v2/locales?siteId=${D}`, { key: K });
  ok(dupLoc.body.data.map((l) => l.locale).join() === 'en-US,fr-FR,pt-PT', 'duplicate copies kept locales', dupLoc.body.data.map((l) => l.locale));
  const dupRoutes = await call('GET', `/v2/routes?siteId=${D}`, { key: K });
  ok(dupRoutes.body.data.length === 2, 'duplicate copies routes');
  await expectErr('duplicate: no name', 'POST', `/v2/sites/${S}/duplicate`, 400, { key: K, body: {} }, 'name');
  await expectErr('duplicate: unknown site', 'POST', `/v2/sites/${ZERO}/duplicate`, 404, { key: K, body: { name: 'x' } });

  await expectOk('delete site', 'DELETE', `/v2/sites/${D}`, '/v2/sites/{siteId}', 204, { key: K });
  await expectErr('delete site again', 'DELETE', `/v2/sites/${D}`, 404, { key: K });
  await expectErr('deleted site is gone', 'GET', `/v2/sites/${D}`, 404, { key: K });
  await expectErr('deleted site key is revoked', 'GET', `/v6/pages?siteId=${D}`, 401, { key: d.body.publicApiKey });

  // ---- locales
  const locs = await expectOk('list locales', 'GET', `/v2/locales?siteId=${S}`, '/v2/locales', 200, { key: K });
  ok(locs.body.data.map((l) => l.locale).join() === 'en-US,fr-FR,pt-PT', 'locales by code under the collation; deleted hidden', locs.body.data.map((l) => l.locale));
  const lp = await expectOk('list locales limit=2', 'GET', `/v2/locales?siteId=${S}&limit=2`, '/v2/locales', 200, { key: K });
  ok(lp.body.hasMore === true, 'locales hasMore');
  const lp2 = await expectOk('list locales page 2', 'GET', `/v2/locales?siteId=${S}&limit=2&startingAfter=${lp.body.data[1].id}`, '/v2/locales', 200, { key: K });
  ok(lp2.body.data.length === 1 && lp2.body.hasMore === false, 'locales page 2');
  await expectErr('list locales: no siteId', 'GET', '/v2/locales', 400, { key: K }, 'siteId');
  await expectErr('list locales: bad siteId', 'GET', '/v2/locales?siteId=abc', 400, { key: K }, 'siteId');
  await expectErr('list locales: unknown site', 'GET', `/v2/locales?siteId=${ZERO}`, 404, { key: K });
  await expectErr('list locales: limit 0', 'GET', `/v2/locales?siteId=${S}&limit=0`, 400, { key: K }, 'limit');
  const ptId = locs.body.data.find((l) => l.locale === 'pt-PT').id;
  await expectOk('get locale by id', 'GET', `/v2/locales/${ptId}`, '/v2/locales/{localeIdOrCode}', 200, { key: K });
  const byCode = await expectOk('get locale by code', 'GET', `/v2/locales/pt-PT?siteId=${S}`, '/v2/locales/{localeIdOrCode}', 200, { key: K });
  ok(byCode.body.id === ptId && byCode.body.domain === 'https://pt.tram28.example', 'locale by code = by id');
  await expectErr('get locale: code without siteId (app key)', 'GET', '/v2/locales/pt-PT', 400, { key: K }, 'siteId');
  await expectOk('get locale: site key implies its site', 'GET', '/v2/locales/pt-PT', '/v2/locales/{localeIdOrCode}', 200, { key: SK });
  await expectErr('get locale: code is case-sensitive', 'GET', `/v2/locales/PT-pt?siteId=${S}`, 404, { key: K });
  await expectErr('get locale: deleted code', 'GET', `/v2/locales/es-ES?siteId=${S}`, 404, { key: K });
  await expectErr('get locale: other workspace', 'GET', `/v2/locales/${ptId}`, 403, { key: OK });

  const nlc = await expectOk('create locale', 'POST', '/v2/locales', '/v2/locales', 201, { key: K, body: { siteId: N, locale: 'de-DE', domain: 'https://de.sintra.example' } });
  const DE = nlc.body.id;
  ok(nlc.body.isDefault === false && nlc.body.pathPrefix === null, 'new locale defaults');
  await expectOk('create locale: region of digits', 'POST', '/v2/locales', '/v2/locales', 201, { key: K, body: { siteId: N, locale: 'es-419' } });
  await expectErr('create locale: duplicate code', 'POST', '/v2/locales', 409, { key: K, body: { siteId: N, locale: 'de-DE' } });
  await expectErr('create locale: duplicate domain', 'POST', '/v2/locales', 409, { key: K, body: { siteId: N, locale: 'it-IT', domain: 'https://de.sintra.example' } });
  await expectErr('create locale: bad code', 'POST', '/v2/locales', 400, { key: K, body: { siteId: N, locale: 'de_de' } }, 'locale');
  await expectErr('create locale: bad domain', 'POST', '/v2/locales', 400, { key: K, body: { siteId: N, locale: 'it-IT', domain: 'de.example' } }, 'domain');
  await expectErr('create locale: missing fields', 'POST', '/v2/locales', 400, { key: K, body: {} }, 'siteId');
  await expectErr('create locale: unknown site', 'POST', '/v2/locales', 404, { key: K, body: { siteId: ZERO, locale: 'it-IT' } });
  const ul = await expectOk('update locale', 'PATCH', `/v2/locales/${DE}`, '/v2/locales/{localeIdOrCode}', 200, { key: K, body: { domain: null } });
  ok(ul.body.domain === null, 'update locale: null clears the domain');
  const ul2 = await expectOk('update locale by code', 'PATCH', `/v2/locales/de-DE?siteId=${N}`, '/v2/locales/{localeIdOrCode}', 200, { key: K, body: { locale: 'de-AT' } });
  ok(ul2.body.locale === 'de-AT', 'update locale code');
  await expectErr('update locale: onto a taken code', 'PATCH', `/v2/locales/${DE}`, 409, { key: K, body: { locale: 'en-US' } });
  await expectErr('update locale: bad code', 'PATCH', `/v2/locales/${DE}`, 400, { key: K, body: { locale: 'xx-yy' } }, 'locale');
  await expectErr('update locale: unknown', 'PATCH', `/v2/locales/${ZERO}`, 404, { key: K, body: {} });
  const defId = nl.body.data[0].id;
  await expectErr('delete default locale', 'DELETE', `/v2/locales/${defId}`, 400, { key: K });
  const ud = await expectOk('rename the default locale', 'PATCH', `/v2/locales/${defId}`, '/v2/locales/{localeIdOrCode}', 200, { key: K, body: { locale: 'en-GB' } });
  ok(ud.body.isDefault === true, 'default locale renamed');
  ok((await call('GET', `/v2/sites/${N}`, { key: K })).body.defaultLocale === 'en-GB', 'site defaultLocale follows its default locale');
  await expectOk('delete locale', 'DELETE', `/v2/locales/${DE}`, '/v2/locales/{localeIdOrCode}', 204, { key: K });
  await expectErr('deleted locale: get', 'GET', `/v2/locales/${DE}`, 404, { key: K });
  await expectErr('deleted locale: delete again', 'DELETE', `/v2/locales/${DE}`, 404, { key: K });
  const rs = await expectOk('restore locale', 'POST', `/v2/locales/${DE}/restore`, '/v2/locales/{localeIdOrCode}/restore', 200, { key: K });
  ok(rs.body.id === DE && rs.body.locale === 'de-AT', 'restored the same record');
  await expectErr('restore a kept locale', 'POST', `/v2/locales/${DE}/restore`, 404, { key: K });
  await expectOk('delete locale by code', 'DELETE', `/v2/locales/de-AT?siteId=${N}`, '/v2/locales/{localeIdOrCode}', 204, { key: K });
  await expectOk('recreate the code', 'POST', '/v2/locales', '/v2/locales', 201, { key: K, body: { siteId: N, locale: 'de-AT' } });
  await expectErr('restore by code onto a taken code', 'POST', `/v2/locales/de-AT/restore?siteId=${N}`, 409, { key: K });
  const esr = await expectOk('restore seeded es-ES by code', 'POST', `/v2/locales/es-ES/restore?siteId=${S}`, '/v2/locales/{localeIdOrCode}/restore', 200, { key: K });
  ok(esr.body.locale === 'es-ES', 'es-ES restored');

  // ---- pages
  const pg = await expectOk('list pages', 'GET', `/v6/pages?siteId=${S}`, '/v6/pages', 200, { key: K });
  ok(pg.body.data.map((p) => p.pathname).join() === '/,/About,/tours,/tours/night', 'pages: online only, by path under en_US collation', pg.body.data.map((p) => p.pathname));
  ok(pg.body.data.every((p) => /\.\d{6}Z$/.test(p.createdAt)), 'timestamps carry microseconds', pg.body.data[0].createdAt);
  const off = await expectOk('list pages includeOffline', 'GET', `/v6/pages?siteId=${S}&includeOffline=true`, '/v6/pages', 200, { key: K });
  ok(off.body.data.length === 5, 'includeOffline adds the offline page');
  const ttl = await expectOk('list pages sortBy title desc', 'GET', `/v6/pages?siteId=${S}&sortBy=title&sortDirection=desc&includeOffline=true`, '/v6/pages', 200, { key: K });
  ok(ttl.body.data[0].title === null, 'NULL titles first in desc (PostgreSQL NULLS FIRST)', ttl.body.data.map((p) => p.title));
  const pre = await expectOk('list pages pathPrefix', 'GET', `/v6/pages?siteId=${S}&pathPrefix=/tours`, '/v6/pages', 200, { key: K });
  ok(pre.body.data.length === 2, 'pathPrefix /tours');
  const lpt = await expectOk('list pages locale=pt-PT', 'GET', `/v6/pages?siteId=${S}&locale=pt-PT`, '/v6/pages', 200, { key: K });
  ok(lpt.body.data.some((p) => p.pathname === '/passeios' && p.locale === 'pt-PT'), 'locale collapses localized pathnames');
  ok(lpt.body.data.some((p) => p.pathname === '/tours/night' && p.locale === 'en-US'), 'pages without a localization fall back');
  await expectErr('list pages: unknown locale', 'GET', `/v6/pages?siteId=${S}&locale=ja-JP`, 400, { key: K }, 'locale');
  const lv = await expectOk('list pages ref:live', 'GET', `/v6/pages?siteId=${S}&versionRef=ref:live`, '/v6/pages', 200, { key: K });
  ok(lv.body.data.find((p) => p.pathname === '/About')?.title === null, 'ref:live shows the published title');
  await expectErr('list pages: bad sortBy', 'GET', `/v6/pages?siteId=${S}&sortBy=name`, 400, { key: K }, 'sortBy');
  await expectErr('list pages: bad includeOffline', 'GET', `/v6/pages?siteId=${S}&includeOffline=yes`, 400, { key: K }, 'includeOffline');
  await expectErr('list pages: bad versionRef', 'GET', `/v6/pages?siteId=${S}&versionRef=live`, 400, { key: K }, 'versionRef');
  await expectErr('list pages: limit 101', 'GET', `/v6/pages?siteId=${S}&limit=101`, 400, { key: K }, 'limit');
  await expectErr('list pages: no siteId', 'GET', '/v6/pages', 400, { key: K }, 'siteId');
  // walk with limit=1
  const seen = [];
  let after = null;
  for (let i = 0; i < 10; i++) {
    const r = await expectOk(`walk pages #${i}`, 'GET', `/v6/pages?siteId=${S}&includeOffline=true&limit=2${after ? `&startingAfter=${after}` : ''}`, '/v6/pages', 200, { key: K });
    seen.push(...r.body.data.map((p) => p.id));
    if (!r.body.hasMore) break;
    after = r.body.data[r.body.data.length - 1].id;
  }
  ok(seen.length === 5 && new Set(seen).size === 5, 'pagination walk visits every page once', seen.length);
  await expectOk('older listing /v2/sites/{siteId}/pages', 'GET', `/v2/sites/${S}/pages?limit=2`, '/v6/pages', 200, { key: K });

  const np = await expectOk('create page', 'POST', '/v6/pages', '/v6/pages', 201, { key: K, body: { siteId: S, pathname: '/tickets', name: 'Tickets' } });
  const P = np.body.id;
  ok(np.body.isOnline === true && np.body.publishedAt === np.body.createdAt && np.body.title === null && np.body.locale === 'en-US', 'new page defaults', np.body);
  ok(np.headers.get('location') === `/v6/pages/${P}`, 'create page: Location');
  await expectErr('create page: path taken by a page', 'POST', '/v6/pages', 409, { key: K, body: { siteId: S, pathname: '/tickets', name: 'x' } });
  await expectErr('create page: path taken by a route', 'POST', '/v6/pages', 409, { key: K, body: { siteId: S, pathname: '/feed.xml', name: 'x' } });
  await expectOk('create page: case-sensitive pathnames', 'POST', '/v6/pages', '/v6/pages', 201, { key: K, body: { siteId: S, pathname: '/Tickets', name: 'x' } });
  await expectErr('create page: empty name', 'POST', '/v6/pages', 400, { key: K, body: { siteId: S, pathname: '/n', name: '' } }, 'name');
  await expectErr('create page: bad pathname', 'POST', '/v6/pages', 400, { key: K, body: { siteId: S, pathname: 'no-slash', name: 'x' } }, 'pathname');
  await expectErr('create page: trailing slash', 'POST', '/v6/pages', 400, { key: K, body: { siteId: S, pathname: '/a/', name: 'x' } }, 'pathname');
  await expectErr('create page: missing siteId', 'POST', '/v6/pages', 400, { key: K, body: { pathname: '/n', name: 'x' } }, 'siteId');
  await expectErr('create page: other workspace site', 'POST', '/v6/pages', 403, { key: K, body: { siteId: OS, pathname: '/n', name: 'x' } });
  await expectOk('site key creates a page', 'POST', '/v6/pages', '/v6/pages', 201, { key: SK, body: { siteId: S, pathname: '/by-site-key', name: 'x' } });

  await expectOk('get page by id', 'GET', `/v6/pages/${P}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K });
  const gp = await expectOk('get page by pathname', 'GET', `/v6/pages/tours/night?siteId=${S}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K });
  ok(gp.body.pathname === '/tours/night', 'glob pathname');
  const root = await expectOk('get root page', 'GET', `/v6/pages/%2F?siteId=${S}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K });
  ok(root.body.pathname === '/', 'root page by %2F');
  await expectOk('get page by encoded pathname', 'GET', `/v6/pages/${enc('/tours/night')}?siteId=${S}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K });
  const gl = await expectOk('get page locale=pt-PT', 'GET', `/v6/pages/tours?siteId=${S}&locale=pt-PT`, '/v6/pages/{pageIdOrPathname}', 200, { key: K });
  ok(gl.body.pathname === '/passeios' && gl.body.title === 'Os nossos passeios' && gl.body.locale === 'pt-PT', 'locale collapsed');
  ok(gl.body.localizations.map((z) => z.locale).join() === 'es-ES,fr-FR,pt-PT', 'localizations ordered by locale; restored es-ES back', gl.body.localizations);
  const glu = await expectOk('get page locale by site_locale id', 'GET', `/v6/pages/tours?siteId=${S}&locale=${ptId}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K });
  ok(glu.body.locale === 'pt-PT', 'locale by UUID');
  const gliv = await expectOk('get page ref:live', 'GET', `/v6/pages/About?siteId=${S}&versionRef=ref:live`, '/v6/pages/{pageIdOrPathname}', 200, { key: K });
  ok(gliv.body.title === null, 'live title is the published one');
  await expectErr('get page: pathname without siteId', 'GET', '/v6/pages/tours', 400, { key: K }, 'siteId');
  await expectErr('get page: unknown', 'GET', `/v6/pages/${ZERO}`, 404, { key: K });
  await expectErr('get page: unknown pathname', 'GET', `/v6/pages/nope?siteId=${S}`, 404, { key: K });
  await expectErr('get page: offline page live', 'GET', `/v6/pages/drafts/winter?siteId=${S}&versionRef=ref:live`, 404, { key: K });
  await expectErr('get page: bad siteId', 'GET', '/v6/pages/tours?siteId=zzz', 400, { key: K }, 'siteId');
  await expectErr('get page: other workspace', 'GET', `/v6/pages/${P}`, 403, { key: OK });

  const upg = await expectOk('update page pathname', 'PATCH', `/v6/pages/${P}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K, body: { pathname: '/tickets-and-passes' } });
  ok(upg.body.pathname === '/tickets-and-passes' && upg.body.updatedAt > upg.body.createdAt, 'update moves updatedAt');
  const stillLive = await call('GET', `/v6/pages/${P}?versionRef=ref:live`, { key: K });
  ok(stillLive.body.pathname === '/tickets', 'edits stay draft until published');
  const pub = await expectOk('republish with isOnline true', 'PATCH', `/v6/pages/${P}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K, body: { isOnline: true } });
  ok(pub.body.publishedAt > np.body.publishedAt, 'republish moves publishedAt');
  ok((await call('GET', `/v6/pages/${P}?versionRef=ref:live`, { key: K })).body.pathname === '/tickets-and-passes', 'live follows after publish');
  const offp = await expectOk('take page offline', 'PATCH', `/v6/pages/tickets-and-passes?siteId=${S}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K, body: { isOnline: false } });
  ok(offp.body.isOnline === false && offp.body.publishedAt === null, 'offline page has no publishedAt');
  await expectErr('offline page has no live version', 'GET', `/v6/pages/${P}?versionRef=ref:live`, 404, { key: K });
  await expectErr('update page: isOnline not a boolean', 'PATCH', `/v6/pages/${P}`, 400, { key: K, body: { isOnline: 'maybe' } }, 'isOnline');
  await expectErr('update page: isOnline null', 'PATCH', `/v6/pages/${P}`, 400, { key: K, body: { isOnline: null } }, 'isOnline');
  await expectErr('pages: a sites cursor is refused', 'GET', `/v6/pages?siteId=${S}&after=${cur}`, 400, { key: K }, 'after');
  await expectErr('update page: empty pathname', 'PATCH', `/v6/pages/${P}`, 400, { key: K, body: { pathname: '' } }, 'pathname');
  await expectErr('update page: taken pathname', 'PATCH', `/v6/pages/${P}`, 409, { key: K, body: { pathname: '/tours' } });
  await expectOk('update page: PUT alias', 'PUT', `/v6/pages/${P}`, '/v6/pages/{pageIdOrPathname}', 200, { key: K, body: { name: 'Passes' } }, responseSchema('PATCH', '/v6/pages/{pageIdOrPathname}', 200));
  await expectOk('delete page', 'DELETE', `/v6/pages/${P}`, '/v6/pages/{pageIdOrPathname}', 204, { key: K });
  await expectErr('deleted page', 'GET', `/v6/pages/${P}`, 404, { key: K });
  await expectOk('pathname free again after delete', 'POST', '/v6/pages', '/v6/pages', 201, { key: K, body: { siteId: S, pathname: '/tickets-and-passes', name: 'again' } });

  // ---- routes
  const rl = await expectOk('list routes', 'GET', `/v2/routes?siteId=${S}`, null, 200, { key: K }, ROUTE_LIST_SCHEMA);
  ok(rl.body.data.map((r) => r.pathname).join() === '/api/tickets/:id,/feed.xml', 'routes by pathname', rl.body.data);
  const feed = rl.body.data.find((r) => r.pathname === '/feed.xml');
  const ur = await expectOk('update route by pathname', 'PATCH', `/v2/routes/feed.xml?siteId=${S}`, null, 200, { key: K, body: { pathname: '/rss.xml' } }, ROUTE_SCHEMA);
  ok(ur.body.id === feed.id && ur.body.pathname === '/rss.xml', 'route renamed');
  await expectOk('update route by id', 'PATCH', `/v2/routes/${feed.id}`, null, 200, { key: K, body: { pathname: '/feeds/:format' } }, ROUTE_SCHEMA);
  await expectErr('update route: invalid pattern', 'PATCH', `/v2/routes/${feed.id}`, 400, { key: K, body: { pathname: '/a b' } }, 'pathname');
  const sk = await expectOk('update route: skipValidation', 'PATCH', `/v2/routes/${feed.id}?skipValidation=true`, null, 200, { key: K, body: { pathname: '/{weird}/[x]' } }, ROUTE_SCHEMA);
  ok(sk.body.pathname === '/{weird}/[x]', 'skipValidation stores it');
  await expectErr('update route: skipValidation still needs a slash', 'PATCH', `/v2/routes/${feed.id}?skipValidation=true`, 400, { key: K, body: { pathname: 'x' } }, 'pathname');
  await expectErr('update route: skipValidation enum', 'PATCH', `/v2/routes/${feed.id}?skipValidation=yes`, 400, { key: K, body: { pathname: '/x' } }, 'skipValidation');
  await expectErr('update route: clash with a page', 'PATCH', `/v2/routes/${feed.id}`, 409, { key: K, body: { pathname: '/tours' } });
  await expectOk('update route: skipValidation skips the page clash', 'PATCH', `/v2/routes/${feed.id}?skipValidation=true`, null, 200, { key: K, body: { pathname: '/tours' } }, ROUTE_SCHEMA);
  await expectErr('update route: clash with a route', 'PATCH', `/v2/routes/${feed.id}?skipValidation=true`, 409, { key: K, body: { pathname: '/api/tickets/:id' } });
  await expectErr('update route: pathname without siteId', 'PATCH', '/v2/routes/feed.xml', 400, { key: K, body: { pathname: '/x' } }, 'siteId');
  await expectErr('update route: unknown', 'PATCH', `/v2/routes/${ZERO}`, 404, { key: K, body: { pathname: '/x' } });
  await expectErr('update route: other workspace', 'PATCH', `/v2/routes/${feed.id}`, 403, { key: OK, body: { pathname: '/x' } });
  await expectOk('update route: site key', 'PATCH', `/v2/routes/${feed.id}`, null, 200, { key: SK, body: { pathname: '/feed.xml' } }, ROUTE_SCHEMA);
  const cr = await expectOk('create route', 'POST', '/v2/routes', null, 201, { key: K, body: { siteId: S, pathname: '/docs/*path' } }, ROUTE_SCHEMA);
  await expectErr('create route: duplicate', 'POST', '/v2/routes', 409, { key: K, body: { siteId: S, pathname: '/docs/*path' } });
  await expectOk('get route', 'GET', `/v2/routes/${cr.body.id}`, null, 200, { key: K }, ROUTE_SCHEMA);
  await expectOk('delete route', 'DELETE', `/v2/routes/${cr.body.id}`, null, 204, { key: K });
  await expectErr('deleted route', 'GET', `/v2/routes/${cr.body.id}`, 404, { key: K });

  // ---- request reading
  const bad = await expectErr('malformed JSON', 'POST', '/v2/sites', 400, { key: K, raw: '{"name":}' }, 'body');
  ok(bad.body.details[0].message === 'unexpected byte at position 8: 0x7D ("}")', 'Jason error text', bad.body.details);
  await expectErr('malformed JSON before routing', 'POST', '/v2/nowhere', 400, { raw: '{' });
  await expectErr('malformed JSON before auth', 'PATCH', `/v2/sites/${S}`, 400, { raw: '[1,' });
  const dk = await expectOk('duplicate keys: last wins', 'POST', '/v2/sites', '/v2/sites', 201, { key: K, raw: `{"workspaceId":"${W}","name":"first","name":"second"}` });
  ok(dk.body.name === 'second', 'last duplicate key wins');
  await expectErr('array body', 'POST', '/v2/sites', 400, { key: K, raw: '[1,2]' }, '_json');
  await expectErr('array body on PATCH', 'PATCH', `/v2/sites/${S}`, 400, { key: K, raw: '[]' }, '_json');
  const form = await expectOk('urlencoded body', 'POST', '/v2/sites', '/v2/sites', 201, { key: K, raw: `workspaceId=${W}&name=Form+Site`, ctype: 'application/x-www-form-urlencoded' });
  ok(form.body.name === 'Form Site', 'urlencoded parsed');
  await expectErr('text/plain body is not read', 'POST', '/v2/sites', 400, { key: K, raw: `{"workspaceId":"${W}","name":"x"}`, ctype: 'text/plain' }, 'name');
  await expectOk('+json media type parsed', 'POST', '/v2/sites', '/v2/sites', 201, { key: K, raw: `{"workspaceId":"${W}","name":"vnd"}`, ctype: 'application/vnd.api+json' });
  await expectErr('invalid UTF-8 in JSON', 'POST', '/v2/sites', 400, { key: K, raw: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]) }, 'body');
  await expectErr('bad percent-escape in query', 'GET', `/v2/sites?workspaceId=%zz`, 400, { key: K }, 'query');
  await expectErr('bad percent-escape in path', 'GET', '/v6/pages/%E0%A4%A?siteId=x', 400, { key: K });
  await expectErr('unknown route', 'GET', '/v2/nothing', 404, {});
  await expectErr('no 405: wrong method is no route', 'POST', `/v2/sites/${S}`, 404, { key: K, body: {} });
  await expectErr('OPTIONS is no route', 'OPTIONS', '/v2/sites', 404, {});
  await expectOk('squeezed slashes', 'GET', `//v2//sites/${S}/`, '/v2/sites/{siteId}', 200, { key: K });
  await expectErr('Accept text/html', 'GET', `/v2/sites/${S}`, 400, { key: K, headers: { accept: 'text/html' } }, 'accept');
  await expectOk('Accept */*', 'GET', `/v2/sites/${S}`, '/v2/sites/{siteId}', 200, { key: K, headers: { accept: 'text/html, */*' } });
  const qsite = await expectOk('query params merged into params (Phoenix)', 'POST', `/v6/pages?siteId=${S}`, '/v6/pages', 201, { key: K, body: { pathname: '/from-query', name: 'q' } });
  ok(qsite.body.pathname === '/from-query', 'siteId from the query string');

  const big = await rawRequest(`POST /v2/sites HTTP/1.1\r\nHost: x\r\nx-api-key: ${K}\r\ncontent-type: application/json\r\ncontent-length: 9000000\r\n\r\n{"a":`);
  ok(statusOfRaw(big) === 400 && bodyOfRaw(big)?.code === 'bad_request', 'oversized declared body: 400 envelope', big.slice(0, 120));
  const bigChunked = await new Promise((resolve) => {
    const u = new URL(BASE);
    const sock = net.connect(Number(u.port), u.hostname);
    let data = '';
    sock.on('data', (d) => { data += d; });
    sock.on('close', () => resolve(data));
    sock.on('error', () => resolve(data));
    sock.setTimeout(8000, () => sock.destroy());
    sock.write(`POST /v2/sites HTTP/1.1\r\nHost: x\r\nx-api-key: ${K}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`);
    const chunk = 'x'.repeat(1 << 20);
    for (let i = 0; i < 10; i++) sock.write(`${(chunk.length).toString(16)}\r\n${chunk}\r\n`);
    sock.write('0\r\n\r\n');
  });
  ok(statusOfRaw(bigChunked) === 400, 'oversized chunked body: 400', bigChunked.slice(0, 120));
  const garbage = await rawRequest('THIS IS NOT HTTP\r\n\r\n');
  ok(statusOfRaw(garbage) === 400 && bodyOfRaw(garbage)?.object === 'error', 'malformed request line: 400 envelope', garbage.slice(0, 120));
  const longUrl = await rawRequest(`GET /v2/sites?x=${'a'.repeat(12000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  ok(statusOfRaw(longUrl) === 400, 'request line over 10000: 400', longUrl.slice(0, 80));
  const deep = await call('POST', '/v2/sites', { key: K, raw: '['.repeat(100000) });
  ok(deep.status === 400, 'deep nesting: 400');
  const after2 = await call('GET', `/v2/sites/${S}`, { key: K });
  ok(after2.status === 200, 'server still alive after abuse');

  await SRV.close();
}

main().then(() => {
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}, async (e) => {
  console.error(e);
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  try { await SRV?.close(); } catch { /* ignore */ }
  process.exit(1);
});
