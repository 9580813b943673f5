// Self-test of outsider9: starts `server.mjs --port 0` as a child process, reads its one announce line,
// calls every operation, checks statuses, the error envelope and this deployment's own choices, and
// validates every success body against the published OpenAPI response schema (routes, which the OpenAPI
// does not describe, against the specification's Route table). Exit code 0 when everything passes.
//   node test/contract/outsider9/smoke.mjs        (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ------------------------------------------------------------ a small JSON Schema checker
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
const ROUTES = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTES;
  const r = doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema ?? null;
}

// ------------------------------------------------------------ start the server as a deployment would
const child = spawn(process.execPath, [fileURLToPath(new URL('./server.mjs', import.meta.url)), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let stdout = '';
const announce = await new Promise((resolve, reject) => {
  child.stdout.on('data', (c) => {
    stdout += c;
    const nl = stdout.indexOf('\n');
    if (nl >= 0) resolve(JSON.parse(stdout.slice(0, nl)));
  });
  child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  setTimeout(() => reject(new Error('no announce line within 10 s')), 10000);
});
const BASE = announce.baseUrl;
const KEY = announce.apiKey;

let failures = 0;
let calls = 0;
let validated = 0;
const ok = (cond, msg) => {
  if (!cond) {
    failures++;
    console.error(`FAIL ${msg}`);
  }
};
ok(['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof announce[k] === 'string'), 'announce line fields');
ok(/^svc_app_/.test(announce.apiKey) && UUID.test(announce.siteApiKey) && UUID.test(announce.workspaceId), 'announce key formats');

async function call(method, path, { key = KEY, body, rawBody, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload = rawBody;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    if (!Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['content-type'] = 'application/json';
  }
  const r = await fetch(BASE + path, { method, headers: h, body: payload });
  const text = await r.text();
  return { status: r.status, text, headers: r.headers };
}
/** Calls and checks the status, the error envelope, and (with `op`) the success body against its schema. */
async function expect(label, method, path, status, opts = {}) {
  calls++;
  const r = await call(method, path, opts);
  let json = null;
  if (r.text) {
    try {
      json = JSON.parse(r.text);
    } catch {
      ok(false, `${label}: body is not JSON: ${r.text.slice(0, 80)}`);
    }
  }
  ok(r.status === status, `${label}: status ${r.status}, expected ${status}: ${r.text.slice(0, 300)}`);
  if (r.status === 204) ok(r.text === '', `${label}: 204 with a body`);
  else if (method !== 'HEAD') ok(/^application\/json/.test(r.headers.get('content-type') || ''), `${label}: content-type`);
  if (r.status >= 400 && json) {
    const codes = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
    ok(json.object === 'error' && json.code === codes[r.status] && typeof json.message === 'string', `${label}: error envelope ${r.text}`);
    if (r.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: 400 details`);
      ok(new Set(json.details.map((d) => d.field)).size === json.details.length, `${label}: one detail per field`);
    } else ok(!('details' in json), `${label}: details outside 400`);
  }
  if (r.status < 300 && r.status !== 204 && opts.op) {
    const schema = schemaFor(opts.op, method, r.status);
    ok(schema !== null, `${label}: no schema for ${method} ${opts.op} ${r.status}`);
    if (schema) {
      const errs = check(schema, json);
      validated++;
      ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`);
    }
  }
  return { status: r.status, body: json, headers: r.headers };
}
const fields = (r) => (r.body?.details || []).map((d) => d.field).join(',');
const enc = encodeURIComponent;
const ZERO = '00000000-0000-4000-8000-000000000000';

try {
  const ws = announce.workspaceId;
  // ================================================================ authentication
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'sk_nope' });
  await expect('unknown uuid key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: ZERO });
  await expect('401 before unknown path', 'GET', '/v9/nothing', 401, { key: null });
  const loose = KEY.toLowerCase().replace(/-/g, '');
  await expect('app key: any case, hyphens optional', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { key: loose, op: '/v2/sites' });

  // ================================================================ sites
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((s) => s.name).join('|') === 'Saltmarsh Review|Saltmarsh Market', 'sites oldest first');
  const [review, market] = sites.body.data;
  ok(review.localeManagementMode === 'external' && market.localeManagementMode === 'internal', 'mode follows hostOrigin');
  ok(review.defaultLocalePathPrefix === null, 'defaultLocalePathPrefix null');
  const p1 = await expect('sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(p1.body.hasMore === true && p1.body.data.length === 1, 'sites page 1');
  const p2 = await expect('sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${p1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(p2.body.hasMore === false && p2.body.data[0].id === market.id, 'sites page 2 exact hasMore');
  await expect('sites limit=500 clamped', 'GET', `/v2/sites?workspaceId=${ws}&limit=500`, 200, { op: '/v2/sites' });
  await expect('sites limit=010', 'GET', `/v2/sites?workspaceId=${ws}&limit=010`, 200, { op: '/v2/sites' });
  for (const l of ['0', '1e1', '2.5', '+5', '-1', 'ten']) {
    const r = await expect(`sites limit=${l}`, 'GET', `/v2/sites?workspaceId=${ws}&limit=${enc(l)}`, 400);
    ok(fields(r) === 'limit', `limit=${l} detail`);
  }
  await expect('sites: empty limit = default', 'GET', `/v2/sites?workspaceId=${ws}&limit=`, 200, { op: '/v2/sites' });
  await expect('sites: last non-empty value wins', 'GET', `/v2/sites?workspaceId=${ws}&limit=abc&limit=1`, 200, { op: '/v2/sites' });
  await expect('sites: unknown param ignored', 'GET', `/v2/sites?workspaceId=${ws}&colour=blue`, 200, { op: '/v2/sites' });
  let r = await expect('sites: another operation\'s param', 'GET', `/v2/sites?workspaceId=${ws}&sortBy=title`, 400);
  ok(fields(r) === 'sortBy', 'sortBy refused on List Sites');
  await expect('sites: stale cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 404);
  await expect('sites: workspaceId missing', 'GET', '/v2/sites', 400);
  await expect('sites: foreign workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: announce.otherApiKey });
  await expect('sites: unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 403);
  await expect('sites: Site key cannot list', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: announce.siteApiKey });

  r = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Smoke Site  ', hostOrigin: 'HTTPS://Smoke.Example:443/' }, op: '/v2/sites' });
  const smoke = r.body;
  ok(smoke.name === 'Smoke Site' && smoke.hostOrigin === 'https://smoke.example' && smoke.defaultLocale === 'en-US', `create site normalisation ${JSON.stringify(smoke)}`);
  r = await expect('create site without host', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Plain', defaultLocale: 'FR-be' }, op: '/v2/sites' });
  ok(r.body.defaultLocale === 'fr-BE' && r.body.hostOrigin === null && r.body.localeManagementMode === 'internal', 'create site defaults');
  r = await expect('create site: many problems', 'POST', '/v2/sites?limit=2', 400, { body: { name: 'x', hostOrigin: 'https://a.example/path', defaultLocale: 'en_US', colour: 1 } });
  ok(fields(r) === 'workspaceId,name,hostOrigin,defaultLocale,colour,limit', `400 details order: ${fields(r)}`);
  r = await expect('create site: duplicate JSON key', 'POST', '/v2/sites', 400, { rawBody: `{"workspaceId":"${ws}","name":"A1","name":"B2"}`, headers: { 'content-type': 'application/json' } });
  ok(fields(r) === 'body', 'duplicate key on body');
  await expect('create site: malformed JSON', 'POST', '/v2/sites', 400, { rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
  await expect('create site: array body', 'POST', '/v2/sites', 400, { rawBody: '[]', headers: { 'content-type': 'application/json' } });
  r = await expect('create site: text/plain', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ workspaceId: ws, name: 'Txt' }), headers: { 'content-type': 'text/plain' } });
  ok(fields(r) === 'content-type', 'text/plain refused');
  await expect('create site: no content-type is read as JSON', 'POST', '/v2/sites', 201, { rawBody: Buffer.from(JSON.stringify({ workspaceId: ws, name: 'No CT' })), op: '/v2/sites' });
  await expect('create site: latin1 charset', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ workspaceId: ws, name: 'L1' }), headers: { 'content-type': 'application/json; charset=latin1' } });
  await expect('create site: 10 KB body', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'Big', pad: 'x'.repeat(10000) } });
  await expect('create site: name of 1 char', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: ' Q ' } });
  await expect('create site: foreign workspace', 'POST', '/v2/sites', 403, { body: { workspaceId: ws, name: 'Nope' }, key: announce.otherApiKey });
  await expect('create site: Site key', 'POST', '/v2/sites', 403, { body: { workspaceId: ws, name: 'Nope' }, key: announce.siteApiKey });

  r = await expect('get site', 'GET', `/v2/sites/${smoke.id}`, 200, { op: '/v2/sites/{siteId}' });
  ok(/^W\/"/.test(r.headers.get('etag') || ''), 'etag on get');
  await expect('get site upper-case id', 'GET', `/v2/sites/${smoke.id.toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('head site', 'HEAD', `/v2/sites/${smoke.id}`, 200);
  await expect('get site malformed id', 'GET', '/v2/sites/not-a-uuid', 404);
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site foreign', 'GET', `/v2/sites/${smoke.id}`, 403, { key: announce.otherApiKey });
  await expect('get site by Site key', 'GET', `/v2/sites/${market.id}`, 200, { key: announce.siteApiKey, op: '/v2/sites/{siteId}' });
  await expect('get other site by Site key', 'GET', `/v2/sites/${review.id}`, 403, { key: announce.siteApiKey });
  await expect('trailing slash', 'GET', `/v2/sites/${smoke.id}/`, 404);
  await expect('PUT not supported', 'PUT', `/v2/sites/${smoke.id}`, 404, { body: {} });

  r = await expect('update site', 'PATCH', `/v2/sites/${smoke.id}`, 200, { body: { name: 'Smoke Renamed', hostOrigin: 'http://localhost:8080', object: 'site', id: 'ignored' }, op: '/v2/sites/{siteId}' });
  ok(r.body.name === 'Smoke Renamed' && r.body.hostOrigin === 'http://localhost:8080', 'update site applied');
  r = await expect('update site: defaultLocale refused', 'PATCH', `/v2/sites/${smoke.id}`, 400, { body: { defaultLocale: 'de-DE' } });
  ok(fields(r) === 'defaultLocale', 'defaultLocale detail');
  await expect('update site: unknown field', 'PATCH', `/v2/sites/${smoke.id}`, 400, { body: { colour: 'red' } });
  await expect('update site: merge-patch', 'PATCH', `/v2/sites/${smoke.id}`, 200, { body: { name: 'Smoke Site' }, headers: { 'content-type': 'application/merge-patch+json' }, op: '/v2/sites/{siteId}' });
  r = await expect('update site: null clears hostOrigin', 'PATCH', `/v2/sites/${smoke.id}`, 200, { body: { hostOrigin: null }, op: '/v2/sites/{siteId}' });
  ok(r.body.hostOrigin === null && r.body.localeManagementMode === 'internal', 'hostOrigin cleared');
  await expect('update site: empty body', 'PATCH', `/v2/sites/${smoke.id}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('update site: Site key', 'PATCH', `/v2/sites/${market.id}`, 403, { body: { name: 'Mine' }, key: announce.siteApiKey });

  r = await expect('duplicate site', 'POST', `/v2/sites/${review.id}/duplicate`, 201, { body: { name: 'Saltmarsh Review' }, op: '/v2/sites/{siteId}/duplicate' });
  const dup = r.body;
  ok(dup.id !== review.id && dup.publicApiKey !== review.publicApiKey && dup.hostOrigin === review.hostOrigin && dup.defaultLocale === 'en-US', 'duplicate copies configuration');
  const srcPages = await expect('source pages', 'GET', `/v6/pages?siteId=${review.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  const dupPages = await expect('copied pages', 'GET', `/v6/pages?siteId=${dup.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(srcPages.body.data.map((p) => p.pathname).join() === dupPages.body.data.map((p) => p.pathname).join(), 'duplicate copies pages');
  const dupLocales = await expect('copied locales', 'GET', `/v2/locales?siteId=${dup.id}`, 200, { op: '/v2/locales' });
  ok(dupLocales.body.data.map((l) => l.locale).join() === 'en-US,nl-NL,es-MX', `duplicate copies active locales ${dupLocales.body.data.map((l) => l.locale)}`);
  const dupRoutes = await expect('copied routes', 'GET', `/v2/routes?siteId=${dup.id}`, 200, { op: 'routes' });
  ok(dupRoutes.body.data.length === 3, 'duplicate copies routes');
  await expect('duplicate: name required', 'POST', `/v2/sites/${review.id}/duplicate`, 400, { body: {} });
  r = await expect('duplicate own site by Site key', 'POST', `/v2/sites/${market.id}/duplicate`, 201, { body: { name: 'Market Staging' }, key: announce.siteApiKey, op: '/v2/sites/{siteId}/duplicate' });
  await expect('Site key cannot reach its copy', 'GET', `/v2/sites/${r.body.id}`, 403, { key: announce.siteApiKey });

  await expect('delete site', 'DELETE', `/v2/sites/${dup.id}`, 204);
  await expect('deleted site is gone', 'GET', `/v2/sites/${dup.id}`, 404);
  await expect('repeated delete', 'DELETE', `/v2/sites/${dup.id}`, 404);
  await expect('deleted site pages', 'GET', `/v6/pages?siteId=${dup.id}`, 404);
  await expect('delete site: Site key', 'DELETE', `/v2/sites/${market.id}`, 403, { key: announce.siteApiKey });

  // ================================================================ locales
  r = await expect('list locales', 'GET', `/v2/locales?siteId=${review.id}`, 200, { op: '/v2/locales' });
  ok(r.body.data.map((l) => l.locale).join() === 'en-US,nl-NL,es-MX', 'locales: default, with domain, without');
  ok(r.body.data[0].isDefault === true && r.body.data.slice(1).every((l) => !l.isDefault), 'isDefault');
  await expect('list locales limit=1', 'GET', `/v2/locales?siteId=${review.id}&limit=1`, 200, { op: '/v2/locales' });
  await expect('list locales limit=101', 'GET', `/v2/locales?siteId=${review.id}&limit=101`, 400);
  await expect('list locales no siteId (App key)', 'GET', '/v2/locales', 400);
  r = await expect('list locales Site key, no siteId', 'GET', '/v2/locales', 400, { key: announce.siteApiKey });
  ok(fields(r) === 'siteId', 'siteId required with a Site key too');
  await expect('list locales publishable key', 'GET', `/v2/locales?siteId=${review.id}`, 200, { key: review.publicApiKey, op: '/v2/locales' });
  await expect('list locales foreign', 'GET', `/v2/locales?siteId=${review.id}`, 403, { key: announce.otherApiKey });

  await expect('get locale by code', 'GET', `/v2/locales/nl-nl?siteId=${review.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  r = await expect('get locale code without siteId', 'GET', '/v2/locales/nl-NL', 400);
  ok(fields(r) === 'siteId', 'siteId required with a code');
  await expect('get locale malformed code', 'GET', `/v2/locales/english?siteId=${review.id}`, 404);
  await expect('get locale unknown code', 'GET', `/v2/locales/de-DE?siteId=${review.id}`, 404);

  r = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: review.id, locale: 'DE-at', domain: 'https://Saltmarsh.AT/' }, op: '/v2/locales' });
  const at = r.body;
  ok(at.locale === 'de-AT' && at.domain === 'https://saltmarsh.at' && at.pathPrefix === null && at.isDefault === false, 'create locale normalisation');
  await expect('get locale by id', 'GET', `/v2/locales/${at.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by id, wrong siteId', 'GET', `/v2/locales/${at.id}?siteId=${market.id}`, 404);
  await expect('create locale: same code', 'POST', '/v2/locales', 409, { body: { siteId: review.id, locale: 'de-AT' } });
  await expect('create locale: domain taken', 'POST', '/v2/locales', 409, { body: { siteId: review.id, locale: 'fr-FR', domain: 'https://saltmarsh.at' } });
  await expect('create locale: domain = hostOrigin', 'POST', '/v2/locales', 400, { body: { siteId: review.id, locale: 'fr-FR', domain: review.hostOrigin } });
  r = await expect('create locale: unknown region', 'POST', '/v2/locales', 400, { body: { siteId: review.id, locale: 'en-XX' } });
  ok(fields(r) === 'locale', 'unknown region detail');
  await expect('create locale: null domain', 'POST', '/v2/locales', 400, { body: { siteId: review.id, locale: 'fr-FR', domain: null } });
  await expect('create locale: unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'fr-FR' } });
  r = await expect('create locale by Site key', 'POST', '/v2/locales', 201, { body: { siteId: market.id, locale: 'sv-SE' }, key: announce.siteApiKey, op: '/v2/locales' });
  await expect('create locale by publishable key', 'POST', '/v2/locales', 403, { body: { siteId: review.id, locale: 'fr-FR' }, key: review.publicApiKey });

  r = await expect('update locale', 'PATCH', `/v2/locales/de-AT?siteId=${review.id}`, 200, { body: { locale: 'de-CH', domain: null, isDefault: true }, op: '/v2/locales/{localeIdOrCode}' });
  ok(r.body.locale === 'de-CH' && r.body.domain === null && r.body.isDefault === false, 'update locale applied, isDefault ignored');
  await expect('update locale onto active code', 'PATCH', `/v2/locales/${at.id}`, 409, { body: { locale: 'nl-NL' } });
  await expect('update locale: unknown field', 'PATCH', `/v2/locales/${at.id}`, 400, { body: { pathPrefix: 'x', colour: 1 } });

  await expect('delete locale', 'DELETE', `/v2/locales/${at.id}`, 204);
  await expect('deleted locale is 404', 'GET', `/v2/locales/${at.id}`, 404);
  await expect('repeated delete locale', 'DELETE', `/v2/locales/${at.id}`, 404);
  r = await expect('delete default locale', 'DELETE', `/v2/locales/en-US?siteId=${review.id}`, 400);
  ok(fields(r) === 'localeIdOrCode', 'default-locale delete detail');
  r = await expect('restore locale by code', 'POST', `/v2/locales/de-CH/restore?siteId=${review.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(r.body.id === at.id && r.body.locale === 'de-CH', 'restore brings back the record');
  await expect('restore active locale', 'POST', `/v2/locales/${at.id}/restore`, 409);
  await expect('restore seeded soft-deleted pl-PL', 'POST', `/v2/locales/pl-PL/restore?siteId=${review.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  r = await expect('restored locale brings its localizations', 'GET', `/v6/pages/essays?siteId=${review.id}&locale=pl-PL`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.pathname === '/eseje' && r.body.locale === 'pl-PL', 'pl-PL localization back');
  await expect('restore unknown', 'POST', `/v2/locales/${ZERO}/restore`, 404);

  // ================================================================ pages
  r = await expect('list pages', 'GET', `/v6/pages?siteId=${review.id}`, 200, { op: '/v6/pages' });
  ok(r.body.data.map((p) => p.pathname).join() === '/,/about,/essays,/essays/tides', `pages: online, path order by depth: ${r.body.data.map((p) => p.pathname)}`);
  ok(r.body.data.every((p) => p.locale === 'en-US'), 'page locale present');
  r = await expect('list pages includeOffline (bare)', 'GET', `/v6/pages?siteId=${review.id}&includeOffline`, 200, { op: '/v6/pages' });
  ok(r.body.data.length === 6, 'bare includeOffline = true');
  await expect('includeOffline=TRUE refused', 'GET', `/v6/pages?siteId=${review.id}&includeOffline=TRUE`, 400);
  r = await expect('sort by title asc: nulls first', 'GET', `/v6/pages?siteId=${review.id}&sortBy=title&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(r.body.data[0].title === null, 'null title first asc');
  r = await expect('sort by title desc: nulls still first', 'GET', `/v6/pages?siteId=${review.id}&sortBy=title&sortDirection=desc&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(r.body.data[0].title === null && r.body.data[1].title === 'Saltmarsh Review', 'null title first desc');
  await expect('sortBy bad', 'GET', `/v6/pages?siteId=${review.id}&sortBy=name`, 400);
  r = await expect('pathPrefix', 'GET', `/v6/pages?siteId=${review.id}&pathPrefix=/ess`, 200, { op: '/v6/pages' });
  ok(r.body.data.map((p) => p.pathname).join() === '/essays,/essays/tides', 'pathPrefix begins with');
  await expect('pathPrefix without slash', 'GET', `/v6/pages?siteId=${review.id}&pathPrefix=ess`, 400);
  r = await expect('locale filter', 'GET', `/v6/pages?siteId=${review.id}&locale=nl-NL`, 200, { op: '/v6/pages' });
  ok(r.body.data.map((p) => p.pathname).join() === '/,/opstellen,/opstellen/getijden', `locale filter collapses: ${r.body.data.map((p) => p.pathname)}`);
  r = await expect('locale filter unknown', 'GET', `/v6/pages?siteId=${review.id}&locale=ja-JP`, 200, { op: '/v6/pages' });
  ok(r.body.data.length === 0, 'unknown locale = empty list');
  await expect('locale filter malformed', 'GET', `/v6/pages?siteId=${review.id}&locale=xx_YY`, 400);
  r = await expect('live pages', 'GET', `/v6/pages?siteId=${review.id}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(r.body.data.some((p) => p.pathname === '/archive' && p.title === 'Archive') && !r.body.data.some((p) => p.pathname === '/colophon'), 'live snapshot of archive; colophon never published');
  await expect('versionRef bad', 'GET', `/v6/pages?siteId=${review.id}&versionRef=live`, 400);
  await expect('list pages no siteId', 'GET', '/v6/pages', 400);
  await expect('list pages stale cursor', 'GET', `/v6/pages?siteId=${review.id}&startingAfter=${ZERO}`, 404);
  await expect('publishable key: live by default', 'GET', `/v6/pages?siteId=${review.id}`, 200, { key: review.publicApiKey, op: '/v6/pages' });
  await expect('publishable key: draft refused', 'GET', `/v6/pages?siteId=${review.id}&versionRef=ref:draft`, 403, { key: review.publicApiKey });
  await expect('publishable key: writes refused', 'POST', '/v6/pages', 403, { body: { siteId: review.id, pathname: '/x', name: 'x' }, key: review.publicApiKey });
  await expect('site pages alias', 'GET', `/v2/sites/${review.id}/pages?limit=2`, 200, { op: '/v6/pages' });
  await expect('site pages alias, other siteId', 'GET', `/v2/sites/${review.id}/pages?siteId=${market.id}`, 400);

  // pagination walk in every sort
  for (const sortBy of ['path', 'title', 'description', 'createdAt', 'updatedAt']) {
    for (const dir of ['asc', 'desc']) {
      const all = await expect(`all ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${review.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=100`, 200, { op: '/v6/pages' });
      const seen = [];
      let after = '';
      for (let guard = 0; guard < 20; guard++) {
        const pg = await expect(`walk ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${review.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=2${after}`, 200, { op: '/v6/pages' });
        seen.push(...pg.body.data.map((p) => p.id));
        if (!pg.body.hasMore) break;
        after = `&startingAfter=${pg.body.data[pg.body.data.length - 1].id}`;
      }
      ok(seen.join() === all.body.data.map((p) => p.id).join(), `walk ${sortBy} ${dir} equals one-shot list`);
    }
  }

  r = await expect('create page', 'POST', '/v6/pages', 201, { body: { siteId: review.id, pathname: '/über-uns', name: 'Über uns' }, op: '/v6/pages' });
  const page = r.body;
  ok(page.isOnline === false && page.publishedAt === null && page.title === null && page.sitemapPriority === 0.7 && page.sitemapFrequency === 'hourly' && page.locale === 'en-US' && page.localizations.length === 0, 'new page defaults');
  ok(/\.\d{2}Z$/.test(page.createdAt), 'centisecond timestamps');
  ok(page.id[14] === '6', 'UUID v6 ids');
  await expect('create page: same pathname', 'POST', '/v6/pages', 409, { body: { siteId: review.id, pathname: '/über-uns', name: 'Again' } });
  await expect('create page: route pathname', 'POST', '/v6/pages', 409, { body: { siteId: review.id, pathname: '/feeds/latest', name: 'Feed' } });
  r = await expect('create page: upper case', 'POST', '/v6/pages', 400, { body: { siteId: review.id, pathname: '/About', name: '' } });
  ok(fields(r) === 'pathname,name', `create page details ${fields(r)}`);
  await expect('create page: trailing slash', 'POST', '/v6/pages', 400, { body: { siteId: review.id, pathname: '/a/', name: 'A' } });
  await expect('create page: missing fields', 'POST', '/v6/pages', 400, { body: {} });
  await expect('create page: foreign site', 'POST', '/v6/pages', 403, { body: { siteId: review.id, pathname: '/x', name: 'x' }, key: announce.otherApiKey });
  await expect('create page by Site key', 'POST', '/v6/pages', 201, { body: { siteId: market.id, pathname: '/tilbud', name: 'Tilbud' }, key: announce.siteApiKey, op: '/v6/pages' });

  await expect('get page by id', 'GET', `/v6/pages/${page.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by raw pathname', 'GET', `/v6/pages/${enc('über-uns')}?siteId=${review.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get root page', 'GET', `/v6/pages/%2F?siteId=${review.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get nested page', 'GET', `/v6/pages/essays/tides?siteId=${review.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page pathname without siteId', 'GET', '/v6/pages/essays', 400);
  await expect('get page by Site key, no siteId', 'GET', '/v6/pages/butik', 400, { key: announce.siteApiKey });
  await expect('get page never published, live', 'GET', `/v6/pages/${page.id}?versionRef=ref:live`, 404);
  await expect('get page unknown locale', 'GET', `/v6/pages/${page.id}?locale=ja-JP`, 400);
  await expect('get page unknown', 'GET', `/v6/pages/${ZERO}`, 404);

  r = await expect('publish page', 'PATCH', `/v6/pages/${page.id}`, 200, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.isOnline === true && r.body.publishedAt !== null, 'published');
  await expect('live after publishing', 'GET', `/v6/pages/${page.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  r = await expect('rename page (echoing read-only fields)', 'PATCH', `/v6/pages/${enc('/über-uns')}?siteId=${review.id}`, 200, { body: { ...page, pathname: '/om-oss', name: 'Om oss', isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.pathname === '/om-oss', 'rename applied');
  r = await expect('online edit is live at once', 'GET', `/v6/pages/om-oss?siteId=${review.id}&versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('update page: empty body', 'PATCH', `/v6/pages/${page.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  r = await expect('update page: null pathname', 'PATCH', `/v6/pages/${page.id}`, 400, { body: { pathname: null } });
  ok(r.body.details[0].message === 'Missing pathname field.', 'Missing pathname field.');
  await expect('update page: onto route', 'PATCH', `/v6/pages/${page.id}`, 409, { body: { pathname: '/feeds/latest' } });
  await expect('update page: bad isOnline', 'PATCH', `/v6/pages/${page.id}`, 400, { body: { isOnline: 'yes' } });
  r = await expect('take offline', 'PATCH', `/v6/pages/${page.id}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.isOnline === false && r.body.publishedAt !== null, 'offline keeps publishedAt');
  await expect('delete page', 'DELETE', `/v6/pages/${page.id}`, 204);
  await expect('deleted page', 'GET', `/v6/pages/${page.id}`, 404);
  await expect('delete page by publishable key', 'DELETE', `/v6/pages/butik?siteId=${market.id}`, 403, { key: market.publicApiKey });

  // ================================================================ routes
  r = await expect('list routes', 'GET', `/v2/routes?siteId=${review.id}`, 200, { op: 'routes' });
  ok(r.body.data.map((x) => x.pathname).join() === '/feeds/latest,/feeds/:kind,/files/:path*', 'routes: router precedence');
  r = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: review.id, pathname: '/docs/:section+' }, op: 'route' });
  const route = r.body;
  await expect('create route: bad grammar', 'POST', '/v2/routes', 400, { body: { siteId: review.id, pathname: '/docs/[slug]' } });
  await expect('create route: skipValidation', 'POST', '/v2/routes?skipValidation=true', 201, { body: { siteId: review.id, pathname: '/Legacy//[x]/' }, op: 'route' });
  await expect('create route: clash with page', 'POST', '/v2/routes', 409, { body: { siteId: review.id, pathname: '/essays' } });
  await expect('get route by id', 'GET', `/v2/routes/${route.id}`, 200, { op: 'route' });
  await expect('get route by pathname', 'GET', `/v2/routes/feeds/:kind?siteId=${review.id}`, 200, { op: 'route' });
  r = await expect('update route', 'PATCH', `/v2/routes/${enc(route.pathname)}?siteId=${review.id}`, 200, { body: { pathname: '/guides/:section*' }, op: 'route' });
  ok(r.body.pathname === '/guides/:section*', 'route renamed');
  await expect('update route: skipValidation', 'PATCH', `/v2/routes/${route.id}?skipValidation=true`, 200, { body: { pathname: '/Guides/{section}' }, op: 'route' });
  await expect('update route: grammar', 'PATCH', `/v2/routes/${route.id}`, 400, { body: { pathname: '/a/:b*/c' } });
  await expect('update route: skipValidation=yes', 'PATCH', `/v2/routes/${route.id}?skipValidation=yes`, 400, { body: { pathname: '/a' } });
  await expect('update route: clash', 'PATCH', `/v2/routes/${route.id}`, 409, { body: { pathname: '/feeds/latest' } });
  await expect('update route: pathname without siteId', 'PATCH', '/v2/routes/feeds/latest', 400, { body: { pathname: '/x' } });
  await expect('update route by Site key', 'PATCH', `/v2/routes/checkout/:step?siteId=${market.id}`, 200, { body: { pathname: '/kasse/:step' }, key: announce.siteApiKey, op: 'route' });
  await expect('update route: foreign', 'PATCH', `/v2/routes/${route.id}`, 403, { body: { pathname: '/x' }, key: announce.otherApiKey });
  await expect('delete route', 'DELETE', `/v2/routes/${route.id}`, 204);
  await expect('deleted route', 'GET', `/v2/routes/${route.id}`, 404);

  // ================================================================ robustness
  await expect('unknown path', 'GET', '/v3/sites', 404);
  await expect('bad percent-encoding in query', 'GET', `/v2/sites?workspaceId=${ws}&limit=%zz`, 400);
  await expect('query too long', 'GET', `/v2/sites?workspaceId=${ws}&x=${'a'.repeat(3000)}`, 400);
  await expect('invalid UTF-8 body', 'POST', '/v2/sites', 400, { rawBody: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } });
  await expect('deeply nested body', 'POST', '/v2/sites', 400, { rawBody: '['.repeat(5000), headers: { 'content-type': 'application/json' } });
  await expect('OPTIONS', 'OPTIONS', '/v2/sites', 404);
} catch (e) {
  failures++;
  console.error('FAIL (exception)', e);
}

child.kill('SIGTERM');
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c)));
ok(code === 0, `server exit code on SIGTERM: ${code}`);
ok(stdout.trim().split('\n').length === 1, 'exactly one stdout line');
console.log(`${calls} calls, ${validated} bodies validated against the OpenAPI / route table, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
