// Self-test: starts the server in-process (and once as a child process), calls every operation
// of both documents, checks success bodies against the published OpenAPI response schemas with a
// small hand-written checker, and throws malformed and oversized requests at it. Exit 0 = pass.
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { startServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OPENAPI = JSON.parse(readFileSync(path.join(here, '../../../contracts/published-openapi.json'), 'utf8'));

// ---------------------------------------------------------------- schema checker
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const resolve = (s) => (s && s.$ref ? resolve(s.$ref.split('/').slice(1).reduce((o, k) => o[k], OPENAPI)) : s);
function jsType(v) { if (v === null) return 'null'; if (Array.isArray(v)) return 'array'; if (Number.isInteger(v)) return 'integer'; return typeof v; }
function check(schema, v, at = '$') {
  const s = resolve(schema);
  if (!s || Object.keys(s).length === 0 || (s.description === 'Any type' && !s.type)) return [];
  if (s.oneOf) {
    const ok = s.oneOf.filter((x) => check(x, v, at).length === 0).length;
    return ok === 1 ? [] : [`${at}: matches ${ok} of oneOf`];
  }
  const errs = [];
  const types = s.type ? (Array.isArray(s.type) ? s.type : [s.type]) : null;
  const t = jsType(v);
  if (types && !types.some((x) => x === t || (x === 'number' && t === 'integer'))) return [`${at}: expected ${types.join('|')}, got ${t}`];
  if (s.enum && !s.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && s.format === 'uuid' && !UUID.test(v)) errs.push(`${at}: not a uuid`);
  if (typeof v === 'string' && s.format === 'date-time' && !(DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)))) errs.push(`${at}: not a date-time`);
  if (typeof v === 'string' && s.format === 'uri') { try { new URL(v); } catch { errs.push(`${at}: not a uri`); } }
  if (t === 'object') {
    for (const r of s.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, sub] of Object.entries(s.properties || {})) if (k in v) errs.push(...check(sub, v[k], `${at}.${k}`));
  }
  if (t === 'array' && s.items) v.forEach((x, i) => errs.push(...check(s.items, x, `${at}[${i}]`)));
  return errs;
}
// Shapes the OpenAPI does not publish, written from the SPEC.
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
const ERROR = {
  type: 'object', required: ['object', 'code', 'message'], properties: {
    object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' },
    details: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
  },
};
const CODE_OF = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

// ---------------------------------------------------------------- harness
let passed = 0;
const failures = [];
const ok = (cond, label, extra) => { if (cond) passed++; else { failures.push(label + (extra ? ` :: ${extra}` : '')); } };

let BASE;
async function call(method, url, { key, body, raw, headers = {}, op } = {}) {
  const h = { ...headers };
  if (key) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const res = await fetch(BASE + url, { method, headers: h, body: payload });
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  const r = { status: res.status, body: json, headers: res.headers, text };
  // Every error must be the envelope; every documented success must match the OpenAPI schema.
  if (res.status >= 400) {
    const errs = check(ERROR, json);
    ok(errs.length === 0 && json.code === CODE_OF[res.status] && (res.status !== 400 || Array.isArray(json.details)), `envelope ${method} ${url} ${res.status}`, errs.join('; ') + ' ' + text.slice(0, 200));
  } else if (op && res.status !== 204) {
    const schema = typeof op === 'object' ? op : (() => {
      const [p, m] = op.split(' ');
      const resp = OPENAPI.paths[p][m].responses[String(res.status)];
      ok(!!resp, `status ${res.status} documented for ${op}`);
      return resp?.content?.['application/json']?.schema;
    })();
    const errs = check(schema, json);
    ok(errs.length === 0, `schema ${method} ${url} (${typeof op === 'string' ? op : 'spec'})`, errs.slice(0, 5).join('; '));
  }
  return r;
}
const expect = (r, status, label) => ok(r.status === status, `${label}: expected ${status}, got ${r.status}`, r.text.slice(0, 300));
const detail = (r, field) => (r.body?.details || []).find((d) => d.field === field)?.message;

function rawRequest(port, text) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let out = '';
    sock.on('data', (d) => { out += d; });
    sock.on('close', () => resolve(out));
    sock.on('error', () => resolve(out));
    sock.write(text);
    setTimeout(() => sock.destroy(), 3000).unref();
  });
}

// ---------------------------------------------------------------- the run
const srv = await startServer({ port: 0 });
BASE = srv.url;
const { apiKey: K, siteApiKey: SK, otherApiKey: OK, publicApiKey: PK, workspaceId: W } = srv;
const SEED = srv.seed;
const A = SEED.siteId;
const B = SEED.internalSiteId;
const C = SEED.otherSiteId;
const NOPE = '00000000-0000-4000-8000-000000000000';

try {
  // ---- keys and precedence
  expect(await call('GET', `/v2/sites?workspaceId=${W}`), 401, 'no key');
  expect(await call('GET', `/v2/sites?workspaceId=${W}`, { key: 'sk_nope' }), 401, 'unknown key');
  expect(await call('GET', `/v2/sites/${A}`, { key: SK.toUpperCase() }), 401, 'site key in upper case is not the key');
  expect(await call('GET', '/v2/nothing-here'), 401, 'unknown /v2 path without key is 401 (auth middleware first)');
  expect(await call('GET', '/v2/nothing-here', { key: K }), 404, 'unknown /v2 path with key');
  expect(await call('GET', '/elsewhere'), 404, 'path outside /v2 and /v6 is 404 without key');
  expect(await call('PUT', `/v2/sites/${A}`, { key: K, body: {} }), 404, 'unrouted method is 404');
  expect(await call('GET', '/v2/sites/', { key: K }), 404, 'trailing slash is another path (strict routing)');
  const pre = await call('OPTIONS', '/v2/sites', { headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' } });
  expect(pre, 204, 'CORS preflight needs no key');
  ok(pre.headers.get('access-control-allow-headers')?.includes('x-api-key'), 'preflight allows x-api-key');
  expect(await call('POST', '/v6/pages', { raw: '{bad', headers: { 'content-type': 'application/json' } }), 401, 'malformed JSON without key is 401 (key judged first)');
  expect(await call('GET', `/v2/sites/${C}`, { key: K }), 403, 'other workspace site is 403');
  expect(await call('GET', `/v2/sites/${NOPE}`, { key: K }), 404, 'unknown site is 404');
  expect(await call('GET', `/v2/sites/${A}`, { key: SK, op: '/v2/sites/{siteId} get' }), 200, 'site key reads its site');
  expect(await call('GET', `/v2/sites/${B}`, { key: SK }), 403, 'site key on a sibling site');
  expect(await call('GET', `/v2/sites?workspaceId=${W}`, { key: SK }), 403, 'site key cannot list sites');
  expect(await call('DELETE', `/v2/sites/${A}`, { key: SK }), 403, 'site key cannot delete its site');
  expect(await call('POST', `/v2/sites/${A}/duplicate`, { key: SK, body: { name: 'x' } }), 403, 'site key cannot duplicate');
  expect(await call('GET', `/v6/pages?siteId=${A}`, { key: PK, op: '/v6/pages get' }), 200, 'publishable key reads pages');
  expect(await call('POST', '/v6/pages', { key: PK, body: { siteId: A, pathname: '/pk', name: 'pk' } }), 403, 'publishable key cannot write');
  expect(await call('GET', `/v2/sites?workspaceId=${W}`, { key: OK }), 403, 'other workspace listing');

  // ---- sites
  let r = await call('POST', '/v2/sites', { key: K, body: { workspaceId: W, name: '  Smoke Site  ', hostOrigin: 'HTTPS://Smoke.Example/' }, op: '/v2/sites post' });
  expect(r, 201, 'create site');
  const S1 = r.body.id;
  ok(r.body.name === 'Smoke Site' && r.body.defaultLocale === 'en-US' && r.body.hostOrigin === 'https://smoke.example' && r.body.localeManagementMode === 'external', 'create site: trimmed name, default locale, origin', JSON.stringify(r.body));
  r = await call('POST', '/v2/sites', { key: K, body: { workspaceId: W, name: 'Second', defaultLocale: 'fr-ca', extra: 1 }, op: '/v2/sites post' });
  expect(r, 201, 'create site with defaultLocale');
  ok(r.body.defaultLocale === 'fr-CA' && r.body.hostOrigin === null, 'locale code canonicalised', JSON.stringify(r.body));
  r = await call('POST', '/v2/sites', { key: K, body: { workspaceId: W } });
  expect(r, 400, 'create site without name'); ok(detail(r, 'name') === 'Required', 'Zod "Required"');
  r = await call('POST', '/v2/sites', { key: K, body: { workspaceId: 'nope', name: 'x'.repeat(256), hostOrigin: 'not a url' } });
  expect(r, 400, 'create site invalid fields');
  ok(detail(r, 'workspaceId') === 'Invalid uuid' && detail(r, 'name') === 'String must contain at most 255 character(s)' && detail(r, 'hostOrigin') === 'Invalid url', 'Zod texts, one detail per field', JSON.stringify(r.body));
  r = await call('POST', '/v2/sites', { key: K, body: { workspaceId: W, name: '   ' } });
  ok(detail(r, 'name') === 'String must contain at least 1 character(s)', 'blank name after trim');
  expect(await call('POST', '/v2/sites', { key: K, body: { workspaceId: W, name: 'x', hostOrigin: 'https://a.example/app' } }), 400, 'hostOrigin with a path');
  expect(await call('POST', '/v2/sites', { key: K, body: { workspaceId: W, name: 'x', hostOrigin: 'ftp://a.example' } }), 400, 'hostOrigin not http(s)');
  expect(await call('POST', '/v2/sites', { key: K, body: { workspaceId: W, name: 5 } }), 400, 'name not a string');
  expect(await call('POST', '/v2/sites', { key: K, body: { workspaceId: SEED.otherWorkspaceId, name: 'x' } }), 403, 'create in other workspace');
  expect(await call('POST', '/v2/sites', { key: K, body: { workspaceId: NOPE, name: 'x' } }), 403, 'create in unknown workspace');
  r = await call('POST', '/v2/sites', { key: K, body: [1] });
  expect(r, 400, 'array body'); ok(detail(r, 'body') === 'Expected object, received array', 'root type issue on "body"');
  r = await call('POST', '/v2/sites', { key: K, raw: JSON.stringify({ workspaceId: W, name: 'x' }), headers: { 'content-type': 'text/plain' } });
  ok(r.status === 400 && detail(r, 'name') === 'Required', 'non-JSON media type validates as {}', r.text);

  // list + pagination walk
  const seen = new Set();
  let cursor = '';
  let pages = 0;
  for (;;) {
    r = await call('GET', `/v2/sites?workspaceId=${W}&limit=1${cursor}`, { key: K, op: '/v2/sites get' });
    expect(r, 200, 'list sites page');
    for (const s of r.body.data) { ok(!seen.has(s.id), 'no repeats in site walk'); seen.add(s.id); }
    pages++;
    if (!r.body.hasMore || pages > 20) break;
    cursor = `&startingAfter=${r.body.data.at(-1).id}`;
  }
  ok(seen.size === 4 && seen.has(S1), 'site walk sees all 4 sites', String(seen.size));
  r = await call('GET', `/v2/sites?workspaceId=${W}&limit=0`, { key: K }); ok(detail(r, 'limit') === 'Number must be greater than or equal to 1', 'limit=0');
  r = await call('GET', `/v2/sites?workspaceId=${W}&limit=101`, { key: K }); ok(detail(r, 'limit') === 'Number must be less than or equal to 100', 'limit=101');
  r = await call('GET', `/v2/sites?workspaceId=${W}&limit=abc`, { key: K }); ok(detail(r, 'limit') === 'Expected number, received nan', 'limit=abc');
  r = await call('GET', `/v2/sites?workspaceId=${W}&limit=2.5`, { key: K }); ok(detail(r, 'limit') === 'Expected integer, received float', 'limit=2.5');
  r = await call('GET', `/v2/sites?workspaceId=${W}&workspaceId=${W}`, { key: K }); ok(detail(r, 'workspaceId') === 'Expected string, received array', 'repeated query key');
  r = await call('GET', `/v2/sites?limit=5`, { key: K }); ok(detail(r, 'workspaceId') === 'Required', 'workspaceId required');
  r = await call('GET', `/v2/sites?workspaceId=${W}&startingAfter=${NOPE}`, { key: K, op: '/v2/sites get' }); expect(r, 200, 'keyset cursor needs no existing row');
  r = await call('GET', `/v2/sites/not-a-uuid`, { key: K }); ok(r.status === 400 && detail(r, 'siteId') === 'Invalid uuid', 'bad siteId path');
  r = await fetch(`${BASE}/v2/sites/${A}`, { method: 'HEAD', headers: { 'x-api-key': K } });
  ok(r.status === 200 && (await r.text()) === '', 'HEAD answered by GET without body');

  r = await call('PATCH', `/v2/sites/${S1}`, { key: K, body: { name: 'Renamed', hostOrigin: 'http://localhost:8787' }, op: '/v2/sites/{siteId} patch' });
  ok(r.status === 200 && r.body.name === 'Renamed' && r.body.hostOrigin === 'http://localhost:8787', 'update site', r.text);
  r = await call('PATCH', `/v2/sites/${S1}`, { key: K, body: { defaultLocale: 'fr-FR' } });
  ok(r.status === 400 && detail(r, 'defaultLocale')?.startsWith('Unrecognized key'), 'defaultLocale refused in Update Site', r.text);
  r = await call('PATCH', `/v2/sites/${S1}`, { key: K, body: {}, op: '/v2/sites/{siteId} patch' }); expect(r, 200, 'empty update');
  r = await call('PATCH', `/v2/sites/${S1}`, { key: K, op: '/v2/sites/{siteId} patch' }); expect(r, 200, 'update without body is a no-op');
  r = await call('PATCH', `/v2/sites/${S1}`, { key: K, body: { hostOrigin: null } }); ok(detail(r, 'hostOrigin') === 'Expected string, received null', 'hostOrigin null refused');
  r = await call('PATCH', `/v2/sites/${C}`, { key: K, body: { name: 'x' } }); expect(r, 403, 'update foreign site');
  r = await call('PATCH', `/v2/sites/${C}`, { key: K, body: { name: '' } }); expect(r, 400, 'validation before ownership');

  // ---- locales
  r = await call('GET', `/v2/locales?siteId=${A}`, { key: K, op: '/v2/locales get' });
  ok(r.status === 200 && r.body.data.length === 3 && r.body.data[0].isDefault, 'list locales (deleted it-IT hidden)', r.text);
  const frId = r.body.data.find((l) => l.locale === 'fr-FR').id;
  r = await call('GET', `/v2/locales?siteId=${A}&limit=1`, { key: K, op: '/v2/locales get' });
  ok(r.body.hasMore === true && r.body.data.length === 1, 'locales limit=1');
  r = await call('GET', `/v2/locales?siteId=${A}&limit=1&startingAfter=${r.body.data[0].id}`, { key: K, op: '/v2/locales get' });
  ok(r.body.data[0]?.locale === 'fr-FR', 'locales second page', r.text);
  expect(await call('GET', `/v2/locales?siteId=${A}&limit=0`, { key: K }), 400, 'locales limit 0');
  expect(await call('GET', `/v2/locales`, { key: K }), 400, 'locales siteId required');
  expect(await call('GET', `/v2/locales/${frId}`, { key: K, op: '/v2/locales/{localeIdOrCode} get' }), 200, 'get locale by id');
  r = await call('GET', `/v2/locales/FR-fr?siteId=${A}`, { key: K, op: '/v2/locales/{localeIdOrCode} get' });
  ok(r.status === 200 && r.body.id === frId, 'get locale by code in any case');
  r = await call('GET', `/v2/locales/fr-FR`, { key: K }); ok(r.status === 400 && detail(r, 'siteId'), 'code without siteId (App key)');
  expect(await call('GET', `/v2/locales/fr-FR`, { key: SK, op: '/v2/locales/{localeIdOrCode} get' }), 200, 'code without siteId (Site key: its site)');
  expect(await call('GET', `/v2/locales/xx-XX?siteId=${A}`, { key: K }), 404, 'unknown code');
  expect(await call('GET', `/v2/locales/${frId}`, { key: OK }), 403, 'foreign locale');
  r = await call('POST', '/v2/locales', { key: K, body: { siteId: A, locale: 'pt-br', domain: 'https://pt.lantern.example' }, op: '/v2/locales post' });
  ok(r.status === 201 && r.body.locale === 'pt-BR' && r.body.isDefault === false && r.body.pathPrefix === null, 'create locale', r.text);
  const ptId = r.body.id;
  expect(await call('POST', '/v2/locales', { key: K, body: { siteId: A, locale: 'pt-BR' } }), 409, 'duplicate locale');
  expect(await call('POST', '/v2/locales', { key: K, body: { siteId: A, locale: 'es-ES', domain: 'https://PT.lantern.example' } }), 409, 'domain reused in the site');
  r = await call('POST', '/v2/locales', { key: K, body: { siteId: A, locale: 'english' } }); ok(r.status === 400 && detail(r, 'locale'), 'bad locale code');
  expect(await call('POST', '/v2/locales', { key: K, body: { siteId: A, locale: 'es', domain: 'nope' } }), 400, 'bad domain');
  expect(await call('POST', '/v2/locales', { key: K, body: { siteId: B, locale: 'es' } }), 403, 'internal mode site refuses locale writes');
  expect(await call('POST', '/v2/locales', { key: K, body: { siteId: NOPE, locale: 'es' } }), 404, 'locale for unknown site');
  r = await call('PATCH', `/v2/locales/${ptId}`, { key: K, body: { domain: null }, op: '/v2/locales/{localeIdOrCode} patch' });
  ok(r.status === 200 && r.body.domain === null, 'clear domain', r.text);
  expect(await call('PATCH', `/v2/locales/pt-BR?siteId=${A}`, { key: K, body: { locale: 'fr-FR' } }), 409, 'rename onto an existing code');
  expect(await call('PATCH', `/v2/locales/${ptId}`, { key: K, body: { isDefault: true } }), 400, 'unknown key in Update Locale');
  r = await call('PATCH', `/v2/locales/${ptId}`, { key: K, body: { locale: 'pt-PT' }, op: '/v2/locales/{localeIdOrCode} patch' });
  ok(r.body.locale === 'pt-PT', 'rename locale');
  expect(await call('DELETE', `/v2/locales/${ptId}`, { key: K }), 204, 'delete locale');
  expect(await call('GET', `/v2/locales/${ptId}`, { key: K }), 404, 'deleted locale is gone');
  expect(await call('DELETE', `/v2/locales/${ptId}`, { key: K }), 404, 'delete again');
  r = await call('POST', `/v2/locales/${ptId}/restore`, { key: K, op: '/v2/locales/{localeIdOrCode}/restore post' });
  ok(r.status === 200 && r.body.id === ptId, 'restore locale', r.text);
  expect(await call('POST', `/v2/locales/${ptId}/restore`, { key: K, op: '/v2/locales/{localeIdOrCode}/restore post' }), 200, 'restore a live locale is idempotent');
  r = await call('POST', `/v2/locales/it-IT/restore?siteId=${A}`, { key: K, op: '/v2/locales/{localeIdOrCode}/restore post' });
  ok(r.status === 200 && r.body.locale === 'it-IT', 'restore seeded deleted locale by code', r.text);
  r = await call('GET', `/v2/locales/en-US?siteId=${A}`, { key: K });
  r = await call('DELETE', `/v2/locales/${r.body.id}`, { key: K }); ok(r.status === 400 && detail(r, 'localeIdOrCode'), 'default locale cannot be deleted');
  expect(await call('DELETE', `/v2/locales/nope-nope?siteId=${A}`, { key: K }), 404, 'delete unknown code');

  // ---- pages
  r = await call('POST', '/v6/pages', { key: K, body: { siteId: A, pathname: '/docs/getting-started', name: 'Getting started' }, op: '/v6/pages post' });
  ok(r.status === 201 && r.body.isOnline === false && r.body.publishedAt === null && r.body.locale === 'en-US' && r.body.createdAt === r.body.updatedAt, 'create page', r.text);
  const P1 = r.body.id;
  expect(await call('POST', '/v6/pages', { key: K, body: { siteId: A, pathname: '/docs/getting-started', name: 'again' } }), 409, 'page pathname taken');
  expect(await call('POST', '/v6/pages', { key: K, body: { siteId: A, pathname: '/feed.xml', name: 'feed' } }), 409, 'pathname of a route');
  r = await call('POST', '/v6/pages', { key: K, body: { siteId: A, pathname: '/x', name: '' } }); ok(detail(r, 'name') === 'String must contain at least 1 character(s)', 'page name min 1');
  expect(await call('POST', '/v6/pages', { key: K, body: { siteId: A, pathname: 'no-slash', name: 'x' } }), 400, 'pathname without leading slash');
  expect(await call('POST', '/v6/pages', { key: K, body: { siteId: A, pathname: '/trailing/', name: 'x' } }), 400, 'pathname with trailing slash');
  expect(await call('POST', '/v6/pages', { key: K, body: { pathname: '/x', name: 'x' } }), 400, 'page without siteId');
  expect(await call('POST', '/v6/pages', { key: OK, body: { siteId: A, pathname: '/x', name: 'x' } }), 403, 'page in foreign site');
  r = await call('POST', '/v6/pages', { key: SK, body: { siteId: A, pathname: '/Docs/Getting-Started', name: 'case' }, op: '/v6/pages post' });
  expect(r, 201, 'pathnames are case-sensitive (BINARY)');
  const P2 = r.body.id;

  r = await call('GET', `/v6/pages?siteId=${A}`, { key: K, op: '/v6/pages get' });
  ok(r.status === 200 && r.body.data.every((p) => p.isOnline), 'default list hides offline pages', r.text.slice(0, 200));
  r = await call('GET', `/v6/pages?siteId=${A}&includeOffline=true`, { key: K, op: '/v6/pages get' });
  ok(r.body.data.some((p) => p.id === P1), 'includeOffline=true lists offline pages');
  const paths = r.body.data.map((p) => p.pathname);
  ok(JSON.stringify(paths) === JSON.stringify([...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))), 'path order is binary', paths.join(','));
  r = await call('GET', `/v6/pages?siteId=${A}&includeOffline=yes`, { key: K });
  ok(detail(r, 'includeOffline') === "Invalid enum value. Expected 'true' | 'false', received 'yes'", 'includeOffline enum', r.text);
  r = await call('GET', `/v6/pages?siteId=${A}&sortBy=name`, { key: K }); ok(r.status === 400 && detail(r, 'sortBy')?.startsWith('Invalid enum value'), 'sortBy enum');
  expect(await call('GET', `/v6/pages?siteId=${A}&versionRef=ref:main`, { key: K }), 400, 'versionRef enum');
  r = await call('GET', `/v6/pages?siteId=${A}&pathPrefix=/BLOG&includeOffline=true`, { key: K, op: '/v6/pages get' });
  ok(r.body.data.length === 2 && r.body.data.every((p) => p.pathname.startsWith('/blog')), 'pathPrefix is ASCII case-insensitive', r.text.slice(0, 300));
  r = await call('GET', `/v6/pages?siteId=${A}&locale=fr-FR`, { key: K, op: '/v6/pages get' });
  ok(r.body.data.length === 1 && r.body.data[0].pathname === '/tarifs' && r.body.data[0].locale === 'fr-FR', 'locale filter collapses', r.text.slice(0, 300));
  expect(await call('GET', `/v6/pages?siteId=${A}&locale=ja-JP`, { key: K }), 400, 'unknown locale filter');
  r = await call('GET', `/v6/pages?siteId=${A}&sortBy=title&sortDirection=desc&includeOffline=true`, { key: K, op: '/v6/pages get' });
  ok(r.status === 200 && r.body.data.at(-1).title === null, 'title desc puts NULL last');
  // walk by createdAt with limit 1
  const walked = [];
  cursor = '';
  for (let i = 0; i < 20; i++) {
    r = await call('GET', `/v6/pages?siteId=${A}&includeOffline=true&sortBy=createdAt&limit=1${cursor}`, { key: K, op: '/v6/pages get' });
    walked.push(...r.body.data.map((p) => p.id));
    if (!r.body.hasMore) break;
    cursor = `&startingAfter=${r.body.data.at(-1).id}`;
  }
  ok(walked.length === 6 && new Set(walked).size === 6, 'page walk sees 6 pages once', String(walked.length));
  expect(await call('GET', `/v6/pages?siteId=${A}&startingAfter=${NOPE}`, { key: K }), 400, 'page cursor must be a page of the site');
  r = await call('GET', `/v2/sites/${A}/pages?limit=2`, { key: K, op: '/v6/pages get' });
  ok(r.status === 200 && r.body.data.length === 2 && r.body.hasMore, '/v2/sites/{siteId}/pages', r.text.slice(0, 200));

  expect(await call('GET', `/v6/pages/${P1}`, { key: K, op: '/v6/pages/{pageIdOrPathname} get' }), 200, 'get page by id');
  r = await call('GET', `/v6/pages/docs/getting-started?siteId=${A}`, { key: K, op: '/v6/pages/{pageIdOrPathname} get' });
  ok(r.status === 200 && r.body.id === P1, 'get page by raw multi-segment pathname');
  r = await call('GET', `/v6/pages/%2F?siteId=${A}`, { key: K, op: '/v6/pages/{pageIdOrPathname} get' });
  ok(r.status === 200 && r.body.pathname === '/', 'root page via %2F');
  r = await call('GET', `/v6/pages/pricing?siteId=${A}&locale=de-de`, { key: K, op: '/v6/pages/{pageIdOrPathname} get' });
  ok(r.body.pathname === '/preise' && r.body.title === 'Pricing' && r.body.localizations.length === 2, 'get page collapsed in de-DE', r.text);
  expect(await call('GET', `/v6/pages/${P1}?versionRef=ref:live`, { key: K }), 404, 'offline page has no live version');
  expect(await call('GET', `/v6/pages/pricing`, { key: K }), 400, 'pathname without siteId (App key)');
  expect(await call('GET', `/v6/pages/pricing`, { key: SK, op: '/v6/pages/{pageIdOrPathname} get' }), 200, 'pathname without siteId (Site key)');
  expect(await call('GET', `/v6/pages/nowhere?siteId=${A}`, { key: K }), 404, 'unknown pathname');
  expect(await call('GET', `/v6/pages/${P1}`, { key: OK }), 403, 'foreign page');

  r = await call('PATCH', `/v6/pages/${P1}`, { key: K, body: { isOnline: true, name: 'Start here' }, op: '/v6/pages/{pageIdOrPathname} patch' });
  ok(r.status === 200 && r.body.isOnline && r.body.publishedAt !== null, 'publish page', r.text);
  r = await call('PATCH', `/v6/pages/${P1}`, { key: K, body: { isOnline: 'true' } }); ok(detail(r, 'isOnline') === 'Expected boolean, received string', 'isOnline type');
  expect(await call('PATCH', `/v6/pages/${P1}`, { key: K, body: { title: 'x' } }), 400, 'unknown key in Update Page');
  expect(await call('PATCH', `/v6/pages/${P1}`, { key: K, body: { pathname: '/pricing' } }), 409, 'rename onto a taken pathname');
  expect(await call('PATCH', `/v6/pages/${P1}`, { key: K, body: { pathname: '/a b' } }), 400, 'page pathname rules');
  r = await call('PATCH', `/v6/pages/docs%2Fgetting-started?siteId=${A}`, { key: K, body: { pathname: '/docs/start' }, op: '/v6/pages/{pageIdOrPathname} patch' });
  ok(r.status === 200 && r.body.pathname === '/docs/start', 'rename page by pathname', r.text);
  r = await call('PATCH', `/v6/pages/${P1}`, { key: K, body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname} patch' });
  ok(r.body.isOnline === false && r.body.publishedAt !== null, 'unpublish keeps publishedAt');
  expect(await call('DELETE', `/v6/pages/${P2}`, { key: K }), 204, 'delete page');
  expect(await call('GET', `/v6/pages/${P2}`, { key: K }), 404, 'deleted page');
  expect(await call('DELETE', `/v6/pages/Docs/Getting-Started?siteId=${A}`, { key: K }), 404, 'delete again by pathname');

  // ---- routes (SPEC: Update Route; the rest of the family is this server's)
  r = await call('POST', '/v2/routes', { key: K, body: { siteId: A, pathname: '/docs/:slug' }, op: ROUTE }); expect(r, 201, 'create route');
  const R1 = r.body.id;
  r = await call('POST', '/v2/routes', { key: K, body: { siteId: A, pathname: '/bad/:1' } }); ok(r.status === 400 && detail(r, 'pathname'), 'route pattern validated');
  r = await call('POST', '/v2/routes?skipValidation=true', { key: K, body: { siteId: A, pathname: '/bad/:1' }, op: ROUTE }); expect(r, 201, 'skipValidation=true skips the pattern check');
  expect(await call('POST', '/v2/routes', { key: K, body: { siteId: A, pathname: '/docs/:slug' } }), 409, 'route taken');
  expect(await call('POST', '/v2/routes?skipValidation=true', { key: K, body: { siteId: A, pathname: '/pricing' } }), 409, 'route on a page pathname');
  expect(await call('POST', '/v2/routes', { key: K, body: { siteId: A, pathname: 'rel' } }), 400, 'route needs a leading slash');
  r = await call('PATCH', `/v2/routes/feed.xml?siteId=${A}`, { key: K, body: { pathname: '/rss.xml' }, op: ROUTE });
  ok(r.status === 200 && r.body.pathname === '/rss.xml', 'Update Route by pathname', r.text);
  r = await call('PATCH', `/v2/routes/${R1}?skipValidation=false`, { key: K, body: { pathname: '/guides/:slug{[a-z-]+}' }, op: ROUTE });
  ok(r.status === 200 && r.body.pathname === '/guides/:slug{[a-z-]+}', 'Update Route by id', r.text);
  r = await call('PATCH', `/v2/routes/${R1}?skipValidation=maybe`, { key: K, body: { pathname: '/x' } }); ok(detail(r, 'skipValidation')?.startsWith('Invalid enum value'), 'skipValidation enum');
  expect(await call('PATCH', `/v2/routes/rss.xml`, { key: K, body: { pathname: '/x' } }), 400, 'route pathname without siteId');
  expect(await call('PATCH', `/v2/routes/${R1}`, { key: K, body: { pathname: '/rss.xml' } }), 409, 'route rename conflict');
  expect(await call('PATCH', `/v2/routes/${R1}`, { key: OK, body: { pathname: '/y' } }), 403, 'foreign route');
  expect(await call('PATCH', `/v2/routes/${NOPE}`, { key: K, body: { pathname: '/y' } }), 404, 'unknown route');
  expect(await call('PATCH', `/v2/routes/${R1}`, { key: K, body: { pathname: 7 } }), 400, 'route pathname type');
  r = await call('GET', `/v2/routes?siteId=${A}`, { key: K, op: ROUTE_LIST }); ok(r.status === 200 && r.body.data.length === 4, 'list routes', r.text);
  expect(await call('GET', `/v2/routes/${R1}`, { key: K, op: ROUTE }), 200, 'get route');
  expect(await call('DELETE', `/v2/routes/${R1}`, { key: K }), 204, 'delete route');
  expect(await call('GET', `/v2/routes/${R1}`, { key: K }), 404, 'deleted route');

  // ---- duplicate + delete site
  r = await call('POST', `/v2/sites/${A}/duplicate`, { key: K, body: { name: 'Lantern Docs (copy)' }, op: '/v2/sites/{siteId}/duplicate post' });
  ok(r.status === 201 && r.body.id !== A && r.body.name === 'Lantern Docs (copy)' && r.body.hostOrigin === 'https://docs.lantern.example', 'duplicate site', r.text);
  const D = r.body.id;
  const origPages = (await call('GET', `/v6/pages?siteId=${A}&includeOffline=true&limit=100`, { key: K })).body.data.map((p) => p.pathname).sort();
  const copyPages = (await call('GET', `/v6/pages?siteId=${D}&includeOffline=true&limit=100`, { key: K })).body.data.map((p) => p.pathname).sort();
  ok(JSON.stringify(origPages) === JSON.stringify(copyPages), 'duplicate copies pages', copyPages.join(','));
  r = await call('GET', `/v2/locales?siteId=${D}`, { key: K }); ok(r.body.data.length === 5, 'duplicate copies live locales', r.text.slice(0, 100));
  r = await call('GET', `/v2/routes?siteId=${D}`, { key: K }); ok(r.body.data.length === 3, 'duplicate copies routes');
  r = await call('POST', `/v2/sites/${A}/duplicate`, { key: K, body: {} }); ok(detail(r, 'name') === 'Required', 'duplicate needs a name');
  expect(await call('POST', `/v2/sites/${C}/duplicate`, { key: K, body: { name: 'x' } }), 403, 'duplicate foreign site');
  expect(await call('DELETE', `/v2/sites/${D}`, { key: K }), 204, 'delete site');
  expect(await call('GET', `/v2/sites/${D}`, { key: K }), 404, 'deleted site');
  expect(await call('DELETE', `/v2/sites/${D}`, { key: K }), 404, 'delete site again');
  expect(await call('GET', `/v6/pages?siteId=${D}`, { key: K }), 404, 'pages of a deleted site');

  // ---- malformed and oversized input
  r = await call('POST', '/v6/pages', { key: K, raw: '{"siteId":', headers: { 'content-type': 'application/json' } });
  ok(r.status === 400 && r.body.message === 'Malformed JSON in request body', 'malformed JSON', r.text);
  r = await call('POST', '/v6/pages', { key: K, raw: '', headers: { 'content-type': 'application/json' } }); expect(r, 400, 'empty JSON body');
  r = await call('POST', '/v6/pages', { key: K, raw: 'null', headers: { 'content-type': 'application/json; charset=utf-8' } });
  ok(detail(r, 'body') === 'Expected object, received null', 'null body');
  r = await call('POST', '/v2/sites', { key: K, body: { workspaceId: W, name: 'big', pad: 'x'.repeat(200_000) } });
  ok(r.status === 400 && detail(r, 'body')?.startsWith('Payload Too Large'), 'oversized body', r.text.slice(0, 200));
  r = await call('GET', `/v2/sites?workspaceId=${W}&pad=${'x'.repeat(17_000)}`, { key: K }); ok(r.status === 400 && detail(r, 'url'), 'URL too long');
  r = await call('GET', `/v6/pages/%E0%A4%A?siteId=${A}`, { key: K }); expect(r, 404, 'broken percent-encoding in path');
  r = await call('GET', `/v6/pages?siteId=${A}&pathPrefix=%ZZ`, { key: K, op: '/v6/pages get' }); expect(r, 200, 'broken percent-encoding in query kept literally');
  const port = new URL(BASE).port;
  let raw = await rawRequest(port, 'GARBAGE / HTTP/1.1\r\n\r\n');
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('"object":"error"'), 'bad request line', raw.slice(0, 120));
  raw = await rawRequest(port, `GET /v2/sites HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('"bad_request"'), 'header overflow', raw.slice(0, 120));
  raw = await rawRequest(port, `POST /v6/pages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n{`);
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('Payload Too Large'), 'declared huge body refused at once', raw.slice(0, 120));
  raw = await rawRequest(port, `POST /v6/pages HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`);
  ok(raw.startsWith('HTTP/1.1 400'), 'bad Content-Length', raw.slice(0, 120));
  raw = await rawRequest(port, `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`);
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('"bad_request"'), 'CONNECT', raw.slice(0, 120));
  raw = await rawRequest(port, `TRACE /v2/sites HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('"bad_request"'), 'TRACE', raw.slice(0, 120));
  raw = await rawRequest(port, `POST /v2/sites HTTP/1.1\r\nHost: x\r\nx-api-key: ${K}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n{"a":\r\n0\r\n\r\n`);
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('Malformed JSON'), 'chunked malformed JSON', raw.slice(0, 200));
  raw = await rawRequest(port, `POST /v2/sites HTTP/1.1\r\nHost: x\r\nx-api-key: ${K}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n\xff\xfe`);
  ok(raw.startsWith('HTTP/1.1 400'), 'invalid UTF-8 body', raw.slice(0, 200));
  const chunk = 'x'.repeat(60_000);
  const big = [1, 2, 3].map(() => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
  raw = await rawRequest(port, `POST /v2/sites HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${big}0\r\n\r\n`);
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('Payload Too Large'), 'streamed oversized body', raw.slice(0, 200));
  expect(await call('GET', `/v2/sites/${A}`, { key: K }), 200, 'still alive after abuse');
} finally {
  await srv.close();
}

// ---- the CLI: one JSON line on stdout, SIGTERM exits 0
await new Promise((resolveRun) => {
  const child = spawn(process.execPath, [path.join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', async (d) => {
    out += d;
    if (!out.includes('\n')) return;
    const line = JSON.parse(out.split('\n')[0]);
    ok(['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof line[k] === 'string'), 'CLI prints the JSON line', out);
    const res = await fetch(`${line.baseUrl}/v2/sites?workspaceId=${line.workspaceId}`, { headers: { 'x-api-key': line.apiKey } });
    ok(res.status === 200, 'CLI server answers');
    child.kill('SIGTERM');
  });
  child.on('exit', (code) => {
    ok(code === 0, 'SIGTERM exits 0', String(code));
    ok(out.trim().split('\n').length === 1, 'exactly one stdout line');
    resolveRun();
  });
  setTimeout(() => { child.kill('SIGKILL'); }, 8000).unref();
});

console.log(`smoke: ${passed} checks passed, ${failures.length} failed`);
for (const f of failures) console.log('  FAIL ' + f);
process.exit(failures.length ? 1 : 0);
