// Self-test: starts the server, calls every operation of both documents (successes, errors, the free
// choices of CHOICES.md), checks every success body against the published OpenAPI response schemas with
// a small hand-written checker, sends malformed and oversized requests. Exits 0 when all pass.
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const spec = JSON.parse(readFileSync(path.resolve(here, '../../../contracts/published-openapi.json'), 'utf8'));

// ---- a small JSON Schema (OpenAPI 3.1 subset) checker ----
function resolve(s) {
  while (s && s.$ref) s = s.$ref.split('/').slice(1).reduce((o, k) => o[k], spec);
  return s;
}
const FORMATS = {
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
  uri: (v) => { try { return !!new URL(v).protocol; } catch { return false; } },
  double: () => true,
};
function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}
function check(schema, v, at = '$', errs = []) {
  const s = resolve(schema);
  if (!s || Object.keys(s).every((k) => k === 'description' || k === 'title')) return errs;
  if (s.oneOf) {
    const ok = s.oneOf.filter((o) => check(o, v, at, []).length === 0).length;
    if (ok !== 1) errs.push(`${at}: matches ${ok} of oneOf`);
    return errs;
  }
  if (s.type) {
    const types = [].concat(s.type);
    const t = typeOf(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) { errs.push(`${at}: type ${t}, want ${types}`); return errs; }
  }
  if (s.enum && !s.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in enum`);
  if (s.format && typeof v === 'string' && FORMATS[s.format] && !FORMATS[s.format](v)) errs.push(`${at}: not a ${s.format}: ${v}`);
  if (typeOf(v) === 'object') {
    for (const r of s.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, sub] of Object.entries(s.properties || {})) if (k in v) check(sub, v[k], `${at}.${k}`, errs);
  }
  if (Array.isArray(v) && s.items) v.forEach((x, i) => check(s.items, x, `${at}[${i}]`, errs));
  return errs;
}
// Schemas for operations the SPEC shows but the OpenAPI does not carry.
const ROUTE_SCHEMA = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const EXTRA = {
  'POST /v2/routes': ROUTE_SCHEMA, 'GET /v2/routes/{routeIdOrPathname}': ROUTE_SCHEMA, 'PATCH /v2/routes/{routeIdOrPathname}': ROUTE_SCHEMA,
  'GET /v2/routes': { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE_SCHEMA }, hasMore: { type: 'boolean' } } },
  'GET /v2/sites/{siteId}/pages': { $ref: '#/components/schemas/ListPagesV2ResponseBodyDto' },
};
function schemaFor(op, status) {
  const [method, p] = op.split(' ');
  const o = spec.paths[p]?.[method.toLowerCase()];
  if (o) return o.responses[String(status)]?.content?.['application/json']?.schema;
  return EXTRA[op];
}

// ---- plumbing ----
let failures = 0, passes = 0;
const covered = new Set();
function ok(cond, label, extra) {
  if (cond) passes++;
  else { failures++; console.error(`FAIL ${label}${extra !== undefined ? ' :: ' + (typeof extra === 'string' ? extra : JSON.stringify(extra)).slice(0, 600) : ''}`); }
}
let S;
async function call(method, url, { key = S.apiKey, body, raw, headers = {}, op } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const r = await fetch(S.url + url, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  if (op) covered.add(op);
  return { status: r.status, json, headers: r.headers, text };
}
function expectOk(res, status, op, label) {
  ok(res.status === status, `${label}: status ${res.status} want ${status}`, res.json);
  if (res.status !== status || status === 204) return res.json;
  const schema = schemaFor(op, status);
  ok(!!schema, `${label}: a schema for ${op} ${status}`);
  if (schema) { const errs = check(schema, res.json); ok(errs.length === 0, `${label}: schema`, errs); }
  return res.json;
}
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
function expectErr(res, status, label, field) {
  const j = res.json || {};
  ok(res.status === status, `${label}: status ${res.status} want ${status}`, j);
  ok(j.object === 'error' && j.code === CODES[status] && typeof j.message === 'string', `${label}: envelope`, j);
  if (status === 400) {
    ok(Array.isArray(j.details) && j.details.length > 0 && j.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: details`, j);
    if (field) ok((j.details || []).some((d) => d.field === field), `${label}: details name ${field}`, j.details);
  }
  return j;
}
const q = (o) => '?' + new URLSearchParams(o).toString();

async function rawRequest(text, { port = new URL(S.url).port, timeout = 5000 } = {}) {
  return new Promise((resolve) => {
    const sock = net.connect(Number(port), '127.0.0.1');
    let buf = '';
    const t = setTimeout(() => { sock.destroy(); resolve(buf || 'TIMEOUT'); }, timeout);
    sock.on('data', (d) => { buf += d.toString('latin1'); });
    sock.on('close', () => { clearTimeout(t); resolve(buf); });
    sock.on('error', () => {});
    sock.write(text);
  });
}
const statusOf = (raw) => Number((/^HTTP\/1\.1 (\d{3})/.exec(raw) || [])[1]);
const bodyOf = (raw) => { try { return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)); } catch { return null; } };

// ---- the run ----
S = await startServer({ port: 0, quiet: true });
const W = S.workspaceId;
try {
  // ===== Sites =====
  let r = await call('GET', `/v2/sites${q({ workspaceId: W })}`, { op: 'GET /v2/sites' });
  const sites = expectOk(r, 200, 'GET /v2/sites', 'list sites').data;
  ok(sites.length === 2 && sites[0].name === 'Maple Street Bakery', 'sites by name', sites.map((s) => s.name));
  ok(/^W\/"[0-9a-f]{32}"$/.test(r.headers.get('etag') || ''), 'weak ETag on GET');
  const r304 = await call('GET', `/v2/sites${q({ workspaceId: W })}`, { headers: { 'if-none-match': r.headers.get('etag') } });
  ok(r304.status === 304, 'If-None-Match -> 304', r304.status);
  const bakery = sites.find((s) => s.publicApiKey === S.publicApiKey);
  ok(!!bakery, 'publicApiKey of the seeded site with siteApiKey');
  const catering = sites.find((s) => s !== bakery);
  r = await call('GET', `/v2/sites${q({ workspaceId: W, limit: 1 })}`);
  const p1 = expectOk(r, 200, 'GET /v2/sites', 'sites page 1');
  ok(p1.hasMore === true && p1.data.length === 1, 'hasMore on page 1', p1);
  r = await call('GET', `/v2/sites${q({ workspaceId: W, limit: 1, startingAfter: p1.data[0].id })}`);
  const p2 = expectOk(r, 200, 'GET /v2/sites', 'sites page 2');
  ok(p2.hasMore === false && p2.data[0].id === catering.id, 'page 2 ends the walk', p2);
  for (const [limit, msg] of [['0', 'must be greater than or equal to 1'], ['101', 'must be less than or equal to 100'], ['abc', 'is not a number'], ['2.5', 'must be an integer']]) {
    const j = expectErr(await call('GET', `/v2/sites${q({ workspaceId: W, limit })}`), 400, `limit=${limit}`, 'limit');
    ok(j.details?.[0]?.message === `Limit ${msg}`, `limit=${limit} message`, j.details);
  }
  expectOk(await call('GET', `/v2/sites${q({ workspaceId: W, limit: '+05' })}`), 200, 'GET /v2/sites', 'limit=+05 is an integer');
  expectOk(await call('GET', `/v2/sites?workspaceId=${W}&limit[]=1`), 200, 'GET /v2/sites', 'limit[] dropped by strong params');
  expectErr(await call('GET', '/v2/sites'), 400, 'list sites without workspaceId', 'workspaceId');
  expectErr(await call('GET', `/v2/sites${q({ workspaceId: 'nope' })}`), 400, 'malformed workspaceId', 'workspaceId');
  expectErr(await call('GET', `/v2/sites${q({ workspaceId: W, startingAfter: '00000000-0000-4000-8000-000000000000' })}`), 400, 'unknown cursor', 'startingAfter');
  expectErr(await call('GET', `/v2/sites${q({ workspaceId: W })}`, { key: S.otherApiKey }), 403, 'other workspace list');
  expectErr(await call('GET', `/v2/sites${q({ workspaceId: W })}`, { key: S.siteApiKey }), 403, 'site key cannot list sites');
  let j = expectErr(await call('GET', `/v2/sites${q({ workspaceId: W })}`, { key: null }), 401, 'no key');
  ok(j.message === 'HTTP Token: Access denied.', '401 message', j);
  expectErr(await call('GET', `/v2/sites${q({ workspaceId: W })}`, { key: S.apiKey.toLowerCase() }), 401, 'app key is case-sensitive');
  expectErr(await call('GET', `/v2/sites${q({ workspaceId: W })}`, { key: 'sbsk_' + 'a'.repeat(36) }), 401, 'bad checksum');
  expectErr(await call('GET', `/v2/nothing`), 404, 'unknown route');
  expectErr(await call('GET', `/v2/nothing`, { key: null }), 404, 'routing before authentication');
  expectErr(await call('PUT', `/v2/sites/${bakery.id}`, { body: { name: 'x' } }), 404, 'PUT is no route');
  expectOk(await call('GET', `//v2//sites/${bakery.id}/`), 200, 'GET /v2/sites/{siteId}', 'Journey squeezes slashes');

  r = await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'Smoke <Site> & Co' }, op: 'POST /v2/sites' });
  const created = expectOk(r, 201, 'POST /v2/sites', 'create site');
  ok(created.defaultLocale === 'en-US' && created.hostOrigin === null && created.localeManagementMode === 'internal', 'create site defaults', created);
  ok(r.text.includes('\\u003cSite\\u003e \\u0026'), 'html entities escaped in JSON', r.text);
  ok(r.headers.get('location') === `${S.url}/v2/sites/${created.id}`, 'Location header', r.headers.get('location'));
  r = await call('POST', '/v2/sites', { body: { workspaceId: W.toUpperCase(), name: 'Origin site', hostOrigin: 'HTTPS://Shop.Example:443/', defaultLocale: 'de-AT' } });
  const s2 = expectOk(r, 201, 'POST /v2/sites', 'create site with origin');
  ok(s2.hostOrigin === 'https://shop.example' && s2.defaultLocale === 'de-AT', 'origin stored as URL#origin', s2);
  j = expectErr(await call('POST', '/v2/sites', { body: { name: 'x' } }), 400, 'create site without workspaceId', 'workspaceId');
  ok(j.message === 'Missing workspaceId field.', 'missing workspaceId message', j);
  j = expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: '  ', hostOrigin: 'shop.example', defaultLocale: 'en-us' } }), 400, 'create site invalid fields');
  ok(j.details.length === 3 && j.details[0].message === "Name can't be blank" && j.message === '3 errors prohibited this site from being saved', 'three details in order', j);
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x'.repeat(101) } }), 400, 'site name too long', 'name');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 5 } }), 400, 'name must be a string', 'name');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x', color: 'red' } }), 400, 'unpermitted field', 'color');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: { a: 1 } } }), 400, 'hash value unpermitted', 'name');
  expectErr(await call('POST', '/v2/sites', { body: [1, 2] }), 400, 'array body', '_json');
  expectErr(await call('POST', '/v2/sites', { raw: '{"name": ', headers: { 'content-type': 'application/json' } }), 400, 'malformed JSON', 'body');
  expectErr(await call('POST', '/v2/sites', { raw: '['.repeat(101) + ']'.repeat(101), headers: { 'content-type': 'application/json' } }), 400, 'nesting too deep', 'body');
  expectErr(await call('POST', '/v2/sites', { raw: '{"workspaceId":"' + W + '","name":"x"}', headers: { 'content-type': 'text/plain' } }), 400, 'non-JSON content type', 'Content-Type');
  expectErr(await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), headers: { 'content-type': 'application/json' } }), 400, 'invalid UTF-8', 'body');
  r = await call('POST', '/v2/sites', { raw: `{/* comment */ "workspaceId": "${W}", // line\n "name": "Commented", "name": "Last wins"}`, headers: { 'content-type': 'application/json; charset=utf-8' } });
  ok(expectOk(r, 201, 'POST /v2/sites', 'JSON with comments')?.name === 'Last wins', 'duplicate key: last wins');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: S.otherApiKey }), 403, 'create site in another workspace');
  expectErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: S.siteApiKey }), 403, 'site key cannot create sites');

  expectOk(await call('GET', `/v2/sites/${bakery.id}`, { op: 'GET /v2/sites/{siteId}' }), 200, 'GET /v2/sites/{siteId}', 'get site');
  expectOk(await call('GET', `/v2/sites/${bakery.id.replace(/-/g, '').toUpperCase()}`), 200, 'GET /v2/sites/{siteId}', 'get site by bare hex id');
  expectOk(await call('GET', `/v2/sites/${bakery.id}`, { key: S.siteApiKey }), 200, 'GET /v2/sites/{siteId}', 'site key reads its site');
  expectOk(await call('GET', `/v2/sites/${bakery.id}`, { key: `{${S.siteApiKey.toUpperCase()}}` }), 200, 'GET /v2/sites/{siteId}', 'site key in braces');
  expectErr(await call('GET', `/v2/sites/${catering.id}`, { key: S.siteApiKey }), 403, 'site key on another site');
  expectErr(await call('GET', `/v2/sites/${bakery.id}`, { key: S.publicApiKey }), 403, 'publishable key cannot read the site');
  expectErr(await call('GET', `/v2/sites/${bakery.id}`, { key: S.otherApiKey }), 403, 'other workspace site');
  expectErr(await call('GET', `/v2/sites/00000000-0000-4000-8000-000000000000`), 404, 'unknown site');
  expectErr(await call('GET', `/v2/sites/not-a-uuid`), 404, 'malformed path id finds nothing');
  expectErr(await call('GET', `/v2/sites/%FF`), 400, 'path parameter not UTF-8');
  r = await call('HEAD', `/v2/sites/${bakery.id}`);
  ok(r.status === 200 && r.text === '', 'HEAD like GET without a body', r.status);

  r = await call('PATCH', `/v2/sites/${created.id}`, { body: { name: 'Renamed', hostOrigin: 'http://localhost:3000' }, op: 'PATCH /v2/sites/{siteId}' });
  ok(expectOk(r, 200, 'PATCH /v2/sites/{siteId}', 'update site')?.hostOrigin === 'http://localhost:3000', 'hostOrigin set');
  r = await call('PATCH', `/v2/sites/${created.id}`, { body: { hostOrigin: null } });
  ok(expectOk(r, 200, 'PATCH /v2/sites/{siteId}', 'clear hostOrigin')?.hostOrigin === null, 'null clears hostOrigin');
  expectOk(await call('PATCH', `/v2/sites/${created.id}`, { body: {} }), 200, 'PATCH /v2/sites/{siteId}', 'empty update');
  expectOk(await call('PATCH', `/v2/sites/${created.id}`, { raw: '' }), 200, 'PATCH /v2/sites/{siteId}', 'no body at all');
  expectErr(await call('PATCH', `/v2/sites/${created.id}`, { body: { defaultLocale: 'fr-FR' } }), 400, 'defaultLocale not accepted', 'defaultLocale');
  expectErr(await call('PATCH', `/v2/sites/${created.id}`, { body: { hostOrigin: '' } }), 400, 'empty hostOrigin', 'hostOrigin');
  expectErr(await call('PATCH', `/v2/sites/${created.id}`, { body: { name: '' } }), 400, 'blank name', 'name');
  expectErr(await call('PATCH', `/v2/sites/${created.id}`, { body: { name: 'x' }, key: S.publicApiKey }), 403, 'publishable key cannot update');

  r = await call('POST', `/v2/sites/${bakery.id}/duplicate`, { body: { name: 'Bakery copy' }, op: 'POST /v2/sites/{siteId}/duplicate' });
  const dup = expectOk(r, 201, 'POST /v2/sites/{siteId}/duplicate', 'duplicate site');
  ok(dup && dup.id !== bakery.id && dup.publicApiKey !== bakery.publicApiKey && dup.hostOrigin === bakery.hostOrigin && dup.localeManagementMode === 'external', 'duplicate copies configuration', dup);
  r = await call('GET', `/v6/pages${q({ siteId: dup.id, includeOffline: 'true' })}`);
  ok(expectOk(r, 200, 'GET /v6/pages', 'duplicate pages')?.data.length === 5, 'duplicate copies pages', r.json);
  r = await call('GET', `/v2/locales${q({ siteId: dup.id })}`);
  ok(expectOk(r, 200, 'GET /v2/locales', 'duplicate locales')?.data.length === 3, 'duplicate copies kept locales', r.json);
  expectErr(await call('POST', `/v2/sites/${bakery.id}/duplicate`, { body: {} }), 400, 'duplicate without name', 'name');
  expectOk(await call('POST', `/v2/sites/${bakery.id}/duplicate`, { body: { name: 'By site key' }, key: S.siteApiKey }), 201, 'POST /v2/sites/{siteId}/duplicate', 'site key duplicates its site');

  // ===== Locales =====
  r = await call('GET', `/v2/locales${q({ siteId: bakery.id })}`, { op: 'GET /v2/locales' });
  const locs = expectOk(r, 200, 'GET /v2/locales', 'list locales').data;
  ok(locs.map((l) => l.locale).join() === 'en-US,es-MX,fr-CA', 'default first, then by code; discarded hidden', locs.map((l) => l.locale));
  r = await call('GET', `/v2/locales${q({ siteId: bakery.id, limit: 2 })}`);
  ok(expectOk(r, 200, 'GET /v2/locales', 'locales page')?.hasMore === true, 'locales hasMore');
  r = await call('GET', `/v2/locales${q({ siteId: bakery.id, limit: 2, startingAfter: locs[1].id })}`);
  ok(r.json?.data?.[0]?.locale === 'fr-CA' && r.json.hasMore === false, 'locales cursor', r.json);
  expectErr(await call('GET', '/v2/locales'), 400, 'list locales without siteId', 'siteId');
  expectErr(await call('GET', `/v2/locales${q({ siteId: bakery.id, limit: 0 })}`), 400, 'locales limit 0', 'limit');
  expectOk(await call('GET', `/v2/locales${q({ siteId: bakery.id })}`, { key: S.publicApiKey }), 200, 'GET /v2/locales', 'publishable key lists locales');
  expectErr(await call('GET', `/v2/locales${q({ siteId: S.db.sites.find((s) => s.name === 'Harbor Lights Home').id })}`), 403, 'locales of another workspace');

  const fr = locs.find((l) => l.locale === 'fr-CA');
  expectOk(await call('GET', `/v2/locales/${fr.id}`, { op: 'GET /v2/locales/{localeIdOrCode}' }), 200, 'GET /v2/locales/{localeIdOrCode}', 'get locale by id');
  r = await call('GET', `/v2/locales/FR-ca${q({ siteId: bakery.id })}`);
  ok(expectOk(r, 200, 'GET /v2/locales/{localeIdOrCode}', 'get locale by code (collation)')?.id === fr.id, 'code lookup is case-insensitive');
  j = expectErr(await call('GET', '/v2/locales/fr-CA'), 400, 'code without siteId', 'siteId');
  ok(j.message === 'siteId is required when a locale code is used', 'siteId message', j);
  expectErr(await call('GET', `/v2/locales/de-DE${q({ siteId: bakery.id })}`), 404, 'discarded locale is hidden');
  expectErr(await call('GET', `/v2/locales/${fr.id}${q({ siteId: catering.id })}`), 404, 'id scoped to another site');

  r = await call('POST', '/v2/locales', { body: { siteId: bakery.id, locale: 'it-IT', domain: 'https://it.maplestreet.example/' }, op: 'POST /v2/locales' });
  const it = expectOk(r, 201, 'POST /v2/locales', 'create locale');
  ok(it?.domain === 'https://it.maplestreet.example' && it.isDefault === false && it.pathPrefix === null, 'locale created', it);
  expectErr(await call('POST', '/v2/locales', { body: { siteId: bakery.id, locale: 'it-IT' } }), 409, 'duplicate locale code');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: bakery.id, locale: 'ja', domain: 'https://IT.maplestreet.example' } }), 409, 'duplicate domain');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: bakery.id, locale: 'it_IT' } }), 400, 'bad code', 'locale');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: bakery.id, locale: 'xx-YY' } }), 400, 'unknown language', 'locale');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: bakery.id, locale: 'ja', domain: 'ja.example' } }), 400, 'domain without protocol', 'domain');
  j = expectErr(await call('POST', '/v2/locales', { body: { locale: 'ja' } }), 400, 'locale without siteId', 'siteId');
  ok(j.message === 'Missing siteId field.', 'missing siteId message', j);
  expectErr(await call('POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'ja' } }), 404, 'locale for unknown site');
  expectErr(await call('POST', '/v2/locales', { body: { siteId: bakery.id, locale: 'ja' }, key: S.publicApiKey }), 403, 'publishable key cannot create locales');

  r = await call('PATCH', `/v2/locales/${it.id}`, { body: { locale: 'it-CH', domain: null }, op: 'PATCH /v2/locales/{localeIdOrCode}' });
  const it2 = expectOk(r, 200, 'PATCH /v2/locales/{localeIdOrCode}', 'update locale');
  ok(it2?.locale === 'it-CH' && it2.domain === null, 'code renamed, domain cleared', it2);
  expectErr(await call('PATCH', `/v2/locales/it-CH${q({ siteId: bakery.id })}`, { body: { locale: 'fr-CA' } }), 409, 'rename onto a taken code');
  const enUS = locs.find((l) => l.isDefault);
  expectErr(await call('PATCH', `/v2/locales/${enUS.id}`, { body: { locale: 'en-GB' } }), 400, 'default locale code is fixed', 'locale');
  expectOk(await call('PATCH', `/v2/locales/${enUS.id}`, { body: { domain: 'https://www.maplestreet.example' } }), 200, 'PATCH /v2/locales/{localeIdOrCode}', 'default locale domain');
  expectErr(await call('PATCH', `/v2/locales/${it.id}`, { body: { domain: '' } }), 400, 'empty domain', 'domain');

  expectErr(await call('DELETE', `/v2/locales/${enUS.id}`, { op: 'DELETE /v2/locales/{localeIdOrCode}' }), 400, 'default locale cannot be deleted', 'localeIdOrCode');
  r = await call('DELETE', `/v2/locales/${it.id}`);
  ok(r.status === 204 && r.text === '', 'delete locale 204', r.status);
  expectErr(await call('DELETE', `/v2/locales/${it.id}`), 404, 'deleted locale is gone for delete');
  expectErr(await call('GET', `/v2/locales/${it.id}`), 404, 'deleted locale is gone for get');
  r = await call('POST', `/v2/locales/${it.id}/restore`, { op: 'POST /v2/locales/{localeIdOrCode}/restore' });
  ok(expectOk(r, 200, 'POST /v2/locales/{localeIdOrCode}/restore', 'restore locale')?.locale === 'it-CH', 'restored with its code');
  expectOk(await call('POST', `/v2/locales/${it.id}/restore`), 200, 'POST /v2/locales/{localeIdOrCode}/restore', 'restore of a kept locale is a no-op');
  r = await call('POST', `/v2/locales/de-DE/restore${q({ siteId: bakery.id })}`);
  ok(expectOk(r, 200, 'POST /v2/locales/{localeIdOrCode}/restore', 'restore by code')?.locale === 'de-DE', 'seeded de-DE restored');
  await call('DELETE', `/v2/locales/de-DE${q({ siteId: bakery.id })}`);
  expectOk(await call('POST', '/v2/locales', { body: { siteId: bakery.id, locale: 'de-DE' } }), 201, 'POST /v2/locales', 'recreate a discarded code');
  expectOk(await call('POST', `/v2/locales/de-DE/restore${q({ siteId: bakery.id })}`), 200, 'POST /v2/locales/{localeIdOrCode}/restore', 'restore by code finds the kept one');
  const deOld = S.db.locales.find((l) => l.code === 'de-DE' && l.discardedAt && l.sitePk === S.db.siteById(bakery.id).pk);
  expectErr(await call('POST', `/v2/locales/${deOld.id}/restore`), 409, 'restore onto a taken code');
  expectErr(await call('POST', `/v2/locales/00000000-0000-4000-8000-000000000000/restore`), 404, 'restore unknown');

  // ===== Pages =====
  r = await call('GET', `/v6/pages${q({ siteId: bakery.id })}`, { op: 'GET /v6/pages' });
  let pages = expectOk(r, 200, 'GET /v6/pages', 'list pages').data;
  ok(pages.map((p) => p.pathname).join() === '/,/About,/menu,/menu/seasonal', 'online pages by path (collation)', pages.map((p) => p.pathname));
  r = await call('GET', `/v6/pages${q({ siteId: bakery.id, includeOffline: 'true', sortBy: 'title', sortDirection: 'desc' })}`);
  pages = expectOk(r, 200, 'GET /v6/pages', 'pages by title desc').data;
  ok(pages.length === 5 && pages[0].title === 'Seasonal specials', 'title desc, offline included', pages.map((p) => p.title));
  r = await call('GET', `/v6/pages${q({ siteId: bakery.id, pathPrefix: '/MENU' })}`);
  ok(expectOk(r, 200, 'GET /v6/pages', 'pathPrefix')?.data.length === 2, 'pathPrefix is a LIKE under the collation', r.json);
  r = await call('GET', `/v6/pages${q({ siteId: bakery.id, locale: 'fr-CA' })}`);
  pages = expectOk(r, 200, 'GET /v6/pages', 'pages in fr-CA').data;
  ok(pages.length === 2 && pages[0].pathname === '/carte' && pages[0].title === 'Notre carte' && pages[0].locale === 'fr-CA', 'fr-CA collapses localized pages', pages);
  expectErr(await call('GET', `/v6/pages${q({ siteId: bakery.id, locale: 'ko-KR' })}`), 404, 'unknown locale filter');
  r = await call('GET', `/v6/pages${q({ siteId: bakery.id, versionRef: 'ref:live' })}`);
  pages = expectOk(r, 200, 'GET /v6/pages', 'live pages').data;
  ok(pages.find((p) => p.pathname === '/About')?.title === null, 'live snapshot differs from the draft', pages);
  r = await call('GET', `/v6/pages${q({ siteId: bakery.id, limit: 2 })}`);
  const pp1 = expectOk(r, 200, 'GET /v6/pages', 'pages page 1');
  r = await call('GET', `/v6/pages${q({ siteId: bakery.id, limit: 2, startingAfter: pp1.data[1].id })}`);
  const pp2 = expectOk(r, 200, 'GET /v6/pages', 'pages page 2');
  ok(pp1.hasMore && !pp2.hasMore && pp2.data.length === 2 && pp2.data[0].pathname === '/menu', 'pages cursor walk', pp2);
  for (const [k, v] of [['sortBy', 'name'], ['sortDirection', 'DESC'], ['includeOffline', 'yes'], ['versionRef', 'live']]) {
    expectErr(await call('GET', `/v6/pages${q({ siteId: bakery.id, [k]: v })}`), 400, `${k}=${v}`, k);
  }
  expectErr(await call('GET', '/v6/pages'), 400, 'list pages without siteId', 'siteId');
  expectOk(await call('GET', `/v6/pages${q({ siteId: bakery.id })}`, { key: S.publicApiKey }), 200, 'GET /v6/pages', 'publishable key lists pages');

  const menu = (await call('GET', `/v6/pages/menu${q({ siteId: bakery.id })}`, { op: 'GET /v6/pages/{pageIdOrPathname}' })).json;
  ok(menu?.pathname === '/menu' && menu.localizations.length === 2, 'get page by pathname glob', menu);
  expectOk(await call('GET', `/v6/pages/${menu.id}`), 200, 'GET /v6/pages/{pageIdOrPathname}', 'get page by id');
  expectOk(await call('GET', `/v6/pages/%2Fmenu%2Fseasonal${q({ siteId: bakery.id })}`), 200, 'GET /v6/pages/{pageIdOrPathname}', 'encoded pathname');
  expectOk(await call('GET', `/v6/pages/menu/seasonal${q({ siteId: bakery.id })}`), 200, 'GET /v6/pages/{pageIdOrPathname}', 'glob pathname');
  r = await call('GET', `/v6/pages/%2F${q({ siteId: bakery.id })}`);
  ok(expectOk(r, 200, 'GET /v6/pages/{pageIdOrPathname}', 'root page')?.pathname === '/', 'root page via %2F');
  r = await call('GET', `/v6/pages/${menu.id}${q({ locale: 'es-MX' })}`);
  ok(expectOk(r, 200, 'GET /v6/pages/{pageIdOrPathname}', 'page in es-MX')?.pathname === '/menu-del-dia' && r.json.title === 'Our menu', 'es-MX collapse keeps base title', r.json);
  r = await call('GET', `/v6/pages/about${q({ siteId: bakery.id, versionRef: 'ref:live' })}`);
  ok(expectOk(r, 200, 'GET /v6/pages/{pageIdOrPathname}', 'live about')?.title === null, 'live version of /About', r.json);
  expectErr(await call('GET', `/v6/pages/drafts/holiday${q({ siteId: bakery.id, versionRef: 'ref:live' })}`), 404, 'offline page has no live version');
  expectErr(await call('GET', '/v6/pages/menu'), 400, 'pathname without siteId', 'siteId');
  expectErr(await call('GET', `/v6/pages/nowhere${q({ siteId: bakery.id })}`), 404, 'unknown pathname');
  expectErr(await call('GET', `/v6/pages/${menu.id}`, { key: S.otherApiKey }), 403, 'page of another workspace');

  r = await call('POST', '/v6/pages', { body: { siteId: bakery.id, pathname: 'specials/', name: ' ' }, op: 'POST /v6/pages' });
  const np = expectOk(r, 201, 'POST /v6/pages', 'create page');
  ok(np?.pathname === '/specials' && np.isOnline === false && np.publishedAt === null && np.createdAt === np.updatedAt && np.sitemapPriority === 0.5 && np.sitemapFrequency === 'weekly', 'new page defaults', np);
  expectErr(await call('POST', '/v6/pages', { body: { siteId: bakery.id, pathname: '/SPECIALS', name: 'x' } }), 409, 'pathname taken (collation)');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: bakery.id, pathname: '/feed.xml', name: 'x' } }), 409, 'pathname taken by a route');
  j = expectErr(await call('POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } }), 400, 'create page without siteId', 'siteId');
  ok(j.message === 'Missing siteId field.', 'Missing siteId field.', j);
  expectErr(await call('POST', '/v6/pages', { body: { siteId: bakery.id, pathname: '/x', name: '' } }), 400, 'empty page name', 'name');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: bakery.id, pathname: '/a b', name: 'x' } }), 400, 'pathname with a space', 'pathname');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: bakery.id, name: 'x' } }), 400, 'missing pathname', 'pathname');
  expectErr(await call('POST', '/v6/pages', { body: { siteId: bakery.id, pathname: '/p', name: 'x' }, key: S.publicApiKey }), 403, 'publishable key cannot create pages');
  expectOk(await call('POST', '/v6/pages', { body: { siteId: bakery.id, pathname: '/by-site-key', name: 'x' }, key: S.siteApiKey }), 201, 'POST /v6/pages', 'site key creates pages');

  r = await call('PATCH', `/v6/pages/${np.id}`, { body: { isOnline: true, pathname: '/specials/today' }, op: 'PATCH /v6/pages/{pageIdOrPathname}' });
  const up = expectOk(r, 200, 'PATCH /v6/pages/{pageIdOrPathname}', 'publish page');
  ok(up?.isOnline === true && up.publishedAt && up.updatedAt >= np.updatedAt, 'published', up);
  r = await call('PATCH', `/v6/pages/${np.id}`, { body: { name: 'same' } });
  r = await call('PATCH', `/v6/pages/${np.id}`, { body: { name: 'same' } });
  const same = expectOk(r, 200, 'PATCH /v6/pages/{pageIdOrPathname}', 'unchanged name');
  r = await call('PATCH', `/v6/pages/${np.id}`, { body: {} });
  ok(expectOk(r, 200, 'PATCH /v6/pages/{pageIdOrPathname}', 'empty page update')?.updatedAt === same.updatedAt, 'no change, no touch');
  j = expectErr(await call('PATCH', `/v6/pages/${np.id}`, { body: { pathname: '' } }), 400, 'blank pathname', 'pathname');
  ok(j.message === 'Missing pathname field.', 'Missing pathname field.', j);
  expectErr(await call('PATCH', `/v6/pages/${np.id}`, { body: { isOnline: 'yes' } }), 400, 'isOnline must be boolean', 'isOnline');
  expectErr(await call('PATCH', `/v6/pages/${np.id}`, { body: { pathname: '/menu' } }), 409, 'rename onto a taken pathname');
  r = await call('PATCH', `/v6/pages/${np.id}`, { body: { isOnline: false } });
  ok(expectOk(r, 200, 'PATCH /v6/pages/{pageIdOrPathname}', 'unpublish')?.isOnline === false && r.json.publishedAt === up.publishedAt, 'offline keeps publishedAt', r.json);
  r = await call('DELETE', `/v6/pages/${np.id}`, { op: 'DELETE /v6/pages/{pageIdOrPathname}' });
  ok(r.status === 204, 'delete page', r.status);
  expectErr(await call('DELETE', `/v6/pages/${np.id}`), 404, 'deleted page');

  r = await call('GET', `/v2/sites/${bakery.id}/pages${q({ limit: 3 })}`, { op: 'GET /v2/sites/{siteId}/pages' });
  const v2p = expectOk(r, 200, 'GET /v2/sites/{siteId}/pages', 'v2 site pages');
  ok(v2p?.data.length === 3 && v2p.hasMore === true && v2p.data[0].pathname === '/', 'creation order, offline included', v2p);

  // ===== Routes =====
  r = await call('GET', `/v2/routes${q({ siteId: bakery.id })}`, { op: 'GET /v2/routes' });
  const routes = expectOk(r, 200, 'GET /v2/routes', 'list routes').data;
  ok(routes.map((x) => x.pathname).join() === '/order/*,/feed.xml', 'routes in creation order', routes);
  r = await call('POST', `/v2/routes`, { body: { siteId: bakery.id, pathname: 'gift-cards/*' }, op: 'POST /v2/routes' });
  const gr = expectOk(r, 201, 'POST /v2/routes', 'create route');
  ok(gr?.pathname === '/gift-cards/*', 'route normalized', gr);
  expectErr(await call('POST', `/v2/routes`, { body: { siteId: bakery.id, pathname: '/items/:id' } }), 400, 'parameters are not route syntax', 'pathname');
  r = await call('POST', `/v2/routes${q({ skipValidation: 'true' })}`, { body: { siteId: bakery.id, pathname: '/items/:id' } });
  expectOk(r, 201, 'POST /v2/routes', 'skipValidation accepts any printable pathname');
  expectErr(await call('POST', `/v2/routes${q({ skipValidation: 'true' })}`, { body: { siteId: bakery.id, pathname: '/ITEMS/:id' } }), 409, 'route unique index');
  expectErr(await call('POST', `/v2/routes`, { body: { siteId: bakery.id, pathname: '/menu' } }), 409, 'route onto a page');
  expectOk(await call('GET', `/v2/routes/${gr.id}`, { op: 'GET /v2/routes/{routeIdOrPathname}' }), 200, 'GET /v2/routes/{routeIdOrPathname}', 'get route');
  r = await call('GET', `/v2/routes/feed.xml${q({ siteId: bakery.id })}`);
  ok(expectOk(r, 200, 'GET /v2/routes/{routeIdOrPathname}', 'route by pathname')?.pathname === '/feed.xml', 'route by pathname');
  r = await call('PATCH', `/v2/routes/gift-cards/*${q({ siteId: bakery.id })}`, { body: { pathname: '/gifts/*' }, op: 'PATCH /v2/routes/{routeIdOrPathname}' });
  ok(expectOk(r, 200, 'PATCH /v2/routes/{routeIdOrPathname}', 'update route')?.pathname === '/gifts/*', 'route renamed');
  expectErr(await call('PATCH', `/v2/routes/${gr.id}${q({ skipValidation: 'maybe' })}`, { body: { pathname: '/x' } }), 400, 'skipValidation enum', 'skipValidation');
  expectErr(await call('PATCH', `/v2/routes/${gr.id}`, { body: { pathname: '/feed.xml' } }), 409, 'route rename conflict');
  expectErr(await call('PATCH', `/v2/routes/gifts`), 400, 'route pathname without siteId', 'siteId');
  expectErr(await call('PATCH', `/v2/routes/${gr.id}`, { body: { pathname: '/x' }, key: S.publicApiKey }), 403, 'publishable key cannot update routes');
  r = await call('DELETE', `/v2/routes/${gr.id}`, { op: 'DELETE /v2/routes/{routeIdOrPathname}' });
  ok(r.status === 204, 'delete route', r.status);
  expectErr(await call('GET', `/v2/routes/${gr.id}`), 404, 'deleted route');

  // ===== Delete Site =====
  const dupSiteKey = S.db.siteById(dup.id).siteApiKey;
  expectOk(await call('GET', `/v2/locales/${fr.id}`, { key: S.publicApiKey }), 200, 'GET /v2/locales/{localeIdOrCode}', 'publishable key reads a locale');
  expectErr(await call('DELETE', `/v2/sites/${dup.id}`, { key: S.siteApiKey }), 403, 'site key cannot delete another site');
  r = await call('DELETE', `/v2/sites/${dup.id}`, { key: dupSiteKey, op: 'DELETE /v2/sites/{siteId}' });
  ok(r.status === 204 && r.text === '', 'delete site', r.status);
  expectErr(await call('GET', `/v2/sites/${dup.id}`), 404, 'deleted site');
  expectErr(await call('DELETE', `/v2/sites/${dup.id}`), 404, 'delete twice');
  expectErr(await call('GET', `/v6/pages${q({ siteId: dup.id })}`, { key: dup.publicApiKey }), 401, 'keys die with their site');
  expectErr(await call('GET', `/v2/sites/${bakery.id}`, { key: dupSiteKey }), 401, 'site key of a deleted site');

  // ===== Transport =====
  expectErr(await call('GET', `/v2/sites?workspaceId=%zz`), 400, 'bad query escape', 'query');
  expectErr(await call('GET', `/v2/sites?workspaceId=${W}&workspaceId[]=1`), 400, 'query type clash', 'query');
  let raw = await rawRequest('GARBAGE\r\n\r\n');
  ok(statusOf(raw) === 400 && bodyOf(raw)?.code === 'bad_request', 'malformed request line', raw.slice(0, 200));
  raw = await rawRequest(`GET /v2/sites HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(120 * 1024)}\r\n\r\n`);
  ok(statusOf(raw) === 400 && bodyOf(raw)?.object === 'error', 'oversized headers', raw.slice(0, 200));
  raw = await rawRequest(`POST /v2/sites HTTP/1.1\r\nHost: x\r\nx-api-key: ${S.apiKey}\r\ncontent-type: application/json\r\ncontent-length: ${6 * 1024 * 1024}\r\n\r\n{`);
  ok(statusOf(raw) === 400 && bodyOf(raw)?.details?.[0]?.field === 'body', 'declared oversized body', raw.slice(0, 300));
  const big = await call('POST', '/v2/sites', { raw: '{"name":"' + 'x'.repeat(6 * 1024 * 1024) + '"}', headers: { 'content-type': 'application/json' } }).catch((e) => ({ status: 'error ' + e.message }));
  ok(big.status === 400, 'oversized body', big.status);
  raw = await rawRequest(`POST /v2/sites HTTP/1.1\r\nHost: x\r\nx-api-key: ${S.apiKey}\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\n` +
    `${(3 * 1024 * 1024).toString(16)}\r\n${'x'.repeat(3 * 1024 * 1024)}\r\n${(3 * 1024 * 1024).toString(16)}\r\n${'x'.repeat(3 * 1024 * 1024)}\r\n0\r\n\r\n`);
  ok(statusOf(raw) === 400, 'streamed oversized body', raw.slice(0, 200));
  raw = await rawRequest(`GET /v2/${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
  ok(statusOf(raw) === 400, 'path too long (Puma limit)', raw.slice(0, 200));
  r = await call('GET', `/v2/sites${q({ workspaceId: W })}`, { headers: { 'x-request-id': 'abc<>123' } });
  ok(r.headers.get('x-request-id') === 'abc123', 'x-request-id sanitized', r.headers.get('x-request-id'));
  expectOk(await call('GET', `/v2/sites${q({ workspaceId: W })}`), 200, 'GET /v2/sites', 'still serving after the abuse');

  // ===== every operation of both documents was called =====
  const want = [];
  for (const [p, ops] of Object.entries(spec.paths)) for (const m of Object.keys(ops)) want.push(`${m.toUpperCase()} ${p}`);
  want.push('PATCH /v2/routes/{routeIdOrPathname}', 'GET /v2/sites/{siteId}/pages');
  for (const w of want) ok(covered.has(w), `operation called: ${w}`);

  // ===== the CLI: one JSON line, SIGTERM exits 0 =====
  const child = spawn(process.execPath, [path.join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const line = await new Promise((resolve) => { let b = ''; child.stdout.on('data', (d) => { b += d; if (b.includes('\n')) resolve(b); }); setTimeout(() => resolve(b), 5000); });
  let info = null;
  try { info = JSON.parse(line.trim()); } catch {}
  ok(info && ['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof info[k] === 'string') && line.trim().split('\n').length === 1, 'CLI prints one JSON line', line);
  if (info) {
    const rr = await fetch(`${info.baseUrl}/v2/sites?workspaceId=${info.workspaceId}`, { headers: { 'x-api-key': info.apiKey } });
    ok(rr.status === 200, 'CLI server answers', rr.status);
  }
  const code = await new Promise((resolve) => { child.on('exit', (c) => resolve(c)); child.kill('SIGTERM'); });
  ok(code === 0, 'SIGTERM exits 0', code);
} catch (e) {
  failures++;
  console.error('FAIL (exception)', e);
} finally {
  await S.close();
}
console.log(`${passes} checks passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
