// Self-test of outsider14: starts the server in-process, calls every operation, checks statuses,
// the error envelope and this deployment's own choices, and validates each success body against
// the published OpenAPI's response schema (routes, absent from it, against the specification's table).
//   node test/contract/outsider14/smoke.mjs        (OPENAPI=/path/to/openapi.json for another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---- a small checker for the JSON Schema subset the OpenAPI uses
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
function check(schema, v, at = '$') {
  if (!schema || Object.keys(schema).length === 0) return [];
  if (schema.$ref) return check(doc.components.schemas[schema.$ref.split('/').pop()], v, at);
  const errs = [];
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => check(s, v, at).length === 0).length;
    if (n !== 1) errs.push(`${at}: matches ${n} branches of oneOf`);
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = kind(v);
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
  if (kind(v) === 'object') {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...check(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...check(schema.items, x, `${at}[${i}]`)));
  return errs;
}
const ROUTE = {
  type: 'object',
  required: ['object', 'id', 'pathname'],
  properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } },
};
const ROUTES = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
const ERROR = {
  type: 'object',
  required: ['object', 'code', 'message'],
  properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' } },
};
function schemaFor(oaPath, method, status) {
  if (oaPath === 'route') return ROUTE;
  if (oaPath === 'routes') return ROUTES;
  const r = doc.paths[oaPath]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema ?? null;
}

// ---- harness
const s = await startServer({ port: 0 });
let failures = 0;
let calls = 0;
let validated = 0;
const ops = new Set();
const ok = (cond, msg) => {
  if (!cond) {
    failures++;
    console.error(`FAIL ${msg}`);
  }
};
function raw(method, path, { key = s.apiKey, body, headers = {}, rawBody } = {}) {
  return new Promise((resolve, reject) => {
    const h = { ...headers };
    if (key !== null) h['x-api-key'] = key;
    let payload = rawBody;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    if (payload !== undefined) h['content-length'] = Buffer.byteLength(payload);
    const u = new URL(s.url + path);
    const req = request({ host: u.hostname, port: u.port, method, path: u.pathname + u.search, headers: h }, (res) => {
      let d = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (d += c));
      res.on('end', () => {
        calls++;
        let json = null;
        if (d) {
          try {
            json = JSON.parse(d);
          } catch {
            json = { unparsable: d };
          }
        }
        resolve({ status: res.statusCode, body: json, headers: res.headers });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
// call expecting a status; validate success bodies against the OpenAPI, errors against the envelope
async function call(label, method, path, { expect, oa, ...opts }) {
  const r = await raw(method, path, opts);
  ok(r.status === expect, `${label}: status ${r.status}, expected ${expect} ${JSON.stringify(r.body)?.slice(0, 300)}`);
  if (r.status === expect && oa) ops.add(`${method} ${oa}`);
  if (r.status >= 400) {
    const e = check(ERROR, r.body);
    ok(e.length === 0, `${label}: error envelope ${e.join('; ')}`);
    ok((r.status === 400) === Array.isArray(r.body?.details), `${label}: details present only on 400`);
    if (r.status === 400) ok(r.body.details.length > 0 && r.body.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: details items`);
  } else if (r.status === 204) {
    ok(r.body === null, `${label}: 204 has no body`);
  } else if (oa) {
    const schema = schemaFor(oa, method, r.status);
    ok(schema, `${label}: no schema for ${method} ${oa} ${r.status}`);
    if (schema) {
      const e = check(schema, r.body);
      validated++;
      ok(e.length === 0, `${label}: schema: ${e.join('; ')}`);
    }
  }
  return r;
}
const enc = encodeURIComponent;
const W = s.workspaceId;

// ================= sites =================
let r = await call('list sites', 'GET', `/v2/sites?workspaceId=${W}`, { expect: 200, oa: '/v2/sites' });
ok(r.body.data.length >= 2, 'workspace 1 has two sites');
const [supply, notes] = r.body.data; // newest first
ok(notes.name === 'Fenwick Field Notes' && supply.name === 'Fenwick Supply', 'sites newest first');
ok(notes.localeManagementMode === 'external', 'workspace 1 manages locales externally');
r = await call('list sites limit=1', 'GET', `/v2/sites?workspaceId=${W}&limit=1`, { expect: 200, oa: '/v2/sites' });
ok(r.body.data.length === 1 && r.body.hasMore === true, 'limit 1 hasMore');
r = await call('list sites page 2', 'GET', `/v2/sites?workspaceId=${W}&limit=1&startingAfter=${r.body.data[0].id}`, { expect: 200, oa: '/v2/sites' });
ok(r.body.data[0].id === notes.id && r.body.hasMore === false, 'second page ends the list (exact hasMore)');
r = await call('list sites limit=500 clamped', 'GET', `/v2/sites?workspaceId=${W}&limit=500`, { expect: 200, oa: '/v2/sites' });
await call('list sites limit=0', 'GET', `/v2/sites?workspaceId=${W}&limit=0`, { expect: 400 });
await call('list sites limit=010 (not a JSON number)', 'GET', `/v2/sites?workspaceId=${W}&limit=010`, { expect: 400 });
r = await call('list sites limit=1e1', 'GET', `/v2/sites?workspaceId=${W}&limit=1e1`, { expect: 200, oa: '/v2/sites' });
await call('list sites no workspaceId', 'GET', '/v2/sites', { expect: 400 });
await call('list sites other workspace', 'GET', `/v2/sites?workspaceId=${W}`, { key: s.otherApiKey, expect: 403 });
await call('list sites with Site key', 'GET', `/v2/sites?workspaceId=${W}`, { key: s.siteApiKey, expect: 403 });
await call('no key', 'GET', `/v2/sites/${notes.id}`, { key: null, expect: 401 });
await call('bad key', 'GET', `/v2/sites/${notes.id}`, { key: 'apk_nope', expect: 401 });
await call('unknown uuid key', 'GET', `/v2/sites/${notes.id}`, { key: '00000000-0000-4000-8000-000000000000', expect: 401 });

r = await call('create site', 'POST', '/v2/sites', { body: { workspaceId: W, name: '  Smoke Site  ', hostOrigin: 'HTTPS://Smoke.Example:443/' }, expect: 201, oa: '/v2/sites' });
const site = r.body;
ok(site.name === 'Smoke Site' && site.defaultLocale === 'en-US' && site.hostOrigin === 'https://smoke.example', 'create site defaults and normalisation');
await call('create site missing name', 'POST', '/v2/sites', { body: { workspaceId: W }, expect: 400 });
await call('create site IRI hostOrigin', 'POST', '/v2/sites', { body: { workspaceId: W, name: 'x', hostOrigin: 'https://exämple.com' }, expect: 400 });
await call('create site other workspace', 'POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: s.otherApiKey, expect: 403 });
r = await call('create site de_at', 'POST', '/v2/sites', { body: { workspaceId: W, name: 'Alpine', defaultLocale: 'de_at' }, expect: 201, oa: '/v2/sites' });
ok(r.body.defaultLocale === 'de-AT', 'locale code normalised');
const alpine = r.body;
r = await call('get site', 'GET', `/v2/sites/${site.id}`, { expect: 200, oa: '/v2/sites/{siteId}' });
await call('get site malformed id', 'GET', '/v2/sites/not-a-uuid', { expect: 400 });
await call('get site unknown', 'GET', '/v2/sites/00000000-0000-4000-8000-000000000000', { expect: 404 });
await call('get site of another workspace', 'GET', `/v2/sites/${site.id}`, { key: s.otherApiKey, expect: 403 });
r = await call('update site', 'PATCH', `/v2/sites/${site.id}`, { body: { name: 'Smoke Renamed', hostOrigin: 'https://smoke.example/app' }, expect: 200, oa: '/v2/sites/{siteId}' });
ok(r.body.name === 'Smoke Renamed' && r.body.hostOrigin === 'https://smoke.example/app', 'update site');
r = await call('update site clears hostOrigin', 'PATCH', `/v2/sites/${site.id}`, { body: { hostOrigin: null }, expect: 200, oa: '/v2/sites/{siteId}' });
ok(r.body.hostOrigin === null, 'hostOrigin cleared');
await call('update site defaultLocale refused', 'PATCH', `/v2/sites/${site.id}`, { body: { defaultLocale: 'fr-FR' }, expect: 400 });
await call('update site text/plain', 'PATCH', `/v2/sites/${site.id}`, { rawBody: '{"name":"x"}', headers: { 'content-type': 'text/plain' }, expect: 400 });
await call('update site text/json', 'PATCH', `/v2/sites/${site.id}`, { rawBody: '{"name":"Smoke Renamed"}', headers: { 'content-type': 'text/json' }, expect: 200, oa: '/v2/sites/{siteId}' });
await call('update site malformed JSON', 'PATCH', `/v2/sites/${site.id}`, { rawBody: '{"name":', headers: { 'content-type': 'application/json' }, expect: 400 });
await call('update site JSON array', 'PATCH', `/v2/sites/${site.id}`, { body: [1], expect: 400 });
await call('huge body', 'PATCH', `/v2/sites/${site.id}`, { rawBody: JSON.stringify({ name: 'x'.repeat(60000) }), headers: { 'content-type': 'application/json' }, expect: 400 });
r = await call('duplicate site', 'POST', `/v2/sites/${notes.id}/duplicate`, { body: { name: 'Field Notes Copy' }, expect: 201, oa: '/v2/sites/{siteId}/duplicate' });
const copy = r.body;
ok(copy.id !== notes.id && copy.hostOrigin === notes.hostOrigin && copy.defaultLocale === notes.defaultLocale && copy.publicApiKey !== notes.publicApiKey, 'duplicate copies configuration');
r = await call('duplicate pages', 'GET', `/v6/pages?siteId=${copy.id}&includeOffline=true`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.length === 5, `duplicate copied the pages (${r.body.data.length})`);
r = await call('duplicate locales', 'GET', `/v2/locales?siteId=${copy.id}`, { expect: 200, oa: '/v2/locales' });
ok(r.body.data.length === 3, 'duplicate copied the active locales');
await call('duplicate without name', 'POST', `/v2/sites/${notes.id}/duplicate`, { body: {}, expect: 400 });
await call('duplicate with Site key', 'POST', `/v2/sites/${supply.id}/duplicate`, { key: s.siteApiKey, body: { name: 'x' }, expect: 403 });
await call('delete site', 'DELETE', `/v2/sites/${copy.id}`, { expect: 204, oa: '/v2/sites/{siteId}' });
await call('get deleted site', 'GET', `/v2/sites/${copy.id}`, { expect: 404 });
await call('delete deleted site', 'DELETE', `/v2/sites/${copy.id}`, { expect: 404 });
await call('Site key reads its site', 'GET', `/v2/sites/${supply.id}`, { key: s.siteApiKey, expect: 200, oa: '/v2/sites/{siteId}' });
await call('Site key, other site', 'GET', `/v2/sites/${notes.id}`, { key: s.siteApiKey, expect: 403 });
await call('Site key may not delete', 'DELETE', `/v2/sites/${supply.id}`, { key: s.siteApiKey, expect: 403 });
await call('trailing slash on a collection', 'GET', `/v2/sites/?workspaceId=${W}`, { expect: 200, oa: '/v2/sites' });
await call('trailing slash on an item', 'GET', `/v2/sites/${notes.id}/`, { expect: 404 });
await call('unknown path', 'GET', '/v3/sites', { expect: 404 });
await call('unsupported method', 'PUT', `/v2/sites/${notes.id}`, { expect: 404 });

// ================= locales =================
r = await call('list locales', 'GET', `/v2/locales?siteId=${notes.id}`, { expect: 200, oa: '/v2/locales' });
ok(r.body.data[0].isDefault && r.body.data.map((l) => l.locale).join() === 'en-US,fr-FR,ja-JP', 'locales: default first, then code');
const frId = r.body.data[1].id;
r = await call('list locales limit 1', 'GET', `/v2/locales?siteId=${notes.id}&limit=1`, { expect: 200, oa: '/v2/locales' });
ok(r.body.hasMore === true, 'locales hasMore');
r = await call('list locales page 2', 'GET', `/v2/locales?siteId=${notes.id}&limit=2&startingAfter=${r.body.data[0].id}`, { expect: 200, oa: '/v2/locales' });
ok(r.body.data.length === 2 && r.body.hasMore === false, 'locales page 2');
await call('list locales limit 101', 'GET', `/v2/locales?siteId=${notes.id}&limit=101`, { expect: 400 });
await call('list locales no siteId', 'GET', '/v2/locales', { expect: 400 });
await call('list locales stale cursor', 'GET', `/v2/locales?siteId=${notes.id}&startingAfter=00000000-0000-4000-8000-000000000000`, { expect: 400 });
await call('get locale by id', 'GET', `/v2/locales/${frId}`, { expect: 200, oa: '/v2/locales/{localeIdOrCode}' });
r = await call('get locale by code', 'GET', `/v2/locales/fr_fr?siteId=${notes.id}`, { expect: 200, oa: '/v2/locales/{localeIdOrCode}' });
ok(r.body.id === frId, 'code lookup normalised');
await call('get locale by code without siteId', 'GET', '/v2/locales/fr-FR', { expect: 400 });
await call('get locale garbage', 'GET', `/v2/locales/xx-yy-zz?siteId=${notes.id}`, { expect: 400 });
r = await call('create locale', 'POST', '/v2/locales', { body: { siteId: site.id, locale: 'nl-nl', domain: 'https://NL.Smoke.Example/' }, expect: 201, oa: '/v2/locales' });
const nl = r.body;
ok(nl.locale === 'nl-NL' && nl.domain === 'https://nl.smoke.example' && nl.isDefault === false, 'create locale normalised');
await call('create locale again', 'POST', '/v2/locales', { body: { siteId: site.id, locale: 'nl-NL' }, expect: 409 });
await call('create locale same domain', 'POST', '/v2/locales', { body: { siteId: site.id, locale: 'de-DE', domain: 'https://nl.smoke.example' }, expect: 409 });
await call('create locale path domain', 'POST', '/v2/locales', { body: { siteId: site.id, locale: 'de-DE', domain: 'https://smoke.example/de' }, expect: 400 });
await call('create locale unknown site', 'POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'de-DE' }, expect: 404 });
r = await call('update locale', 'PATCH', `/v2/locales/nl-NL?siteId=${site.id}`, { body: { locale: 'nl-BE', domain: null }, expect: 200, oa: '/v2/locales/{localeIdOrCode}' });
ok(r.body.locale === 'nl-BE' && r.body.domain === null && r.body.id === nl.id, 'update locale');
r = await call('list locales of smoke', 'GET', `/v2/locales?siteId=${site.id}`, { expect: 200, oa: '/v2/locales' });
const smokeDefault = r.body.data.find((l) => l.isDefault);
await call('delete default locale', 'DELETE', `/v2/locales/${smokeDefault.id}`, { expect: 400 });
await call('rename default locale', 'PATCH', `/v2/locales/${smokeDefault.id}`, { body: { locale: 'en-GB' }, expect: 400 });
await call('Site key may not delete a locale', 'DELETE', `/v2/locales/en-GB?siteId=${supply.id}`, { key: s.siteApiKey, expect: 403 });
await call('delete locale', 'DELETE', `/v2/locales/${nl.id}`, { expect: 204, oa: '/v2/locales/{localeIdOrCode}' });
await call('delete locale again by id (idempotent)', 'DELETE', `/v2/locales/${nl.id}`, { expect: 204, oa: '/v2/locales/{localeIdOrCode}' });
await call('delete locale again by code', 'DELETE', `/v2/locales/nl-BE?siteId=${site.id}`, { expect: 404 });
await call('get deleted locale', 'GET', `/v2/locales/${nl.id}`, { expect: 404 });
r = await call('restore locale', 'POST', `/v2/locales/${nl.id}/restore`, { expect: 200, oa: '/v2/locales/{localeIdOrCode}/restore' });
ok(r.body.id === nl.id && r.body.locale === 'nl-BE', 'restore brings back the record');
r = await call('restore live locale (idempotent)', 'POST', `/v2/locales/nl-BE/restore?siteId=${site.id}`, { expect: 200, oa: '/v2/locales/{localeIdOrCode}/restore' });
await call('restore unknown code', 'POST', `/v2/locales/it-IT/restore?siteId=${site.id}`, { expect: 404 });
r = await call('restore seeded pt-BR', 'POST', `/v2/locales/pt-BR/restore?siteId=${notes.id}`, { expect: 200, oa: '/v2/locales/{localeIdOrCode}/restore' });
const ptId = r.body.id;
r = await call('journal after restore', 'GET', `/v6/pages/${enc('/journal')}?siteId=${notes.id}`, { expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
ok(r.body.localizations.some((z) => z.locale === 'pt-BR'), 'restored locale brings back its localizations');
await call('delete pt-BR again', 'DELETE', `/v2/locales/${ptId}`, { expect: 204, oa: '/v2/locales/{localeIdOrCode}' });
await call('create locale with Site key', 'POST', '/v2/locales', { key: s.siteApiKey, body: { siteId: supply.id, locale: 'fi-FI' }, expect: 201, oa: '/v2/locales' });

// ================= pages =================
r = await call('create page', 'POST', '/v6/pages', { body: { siteId: site.id, pathname: '/Hello', name: 'Hello' }, expect: 201, oa: '/v6/pages' });
const page = r.body;
ok(page.isOnline === false && page.publishedAt === null && page.title === null && page.createdAt === page.updatedAt, 'new page defaults');
ok(page.pathname === '/Hello', 'pathname case kept');
ok(page.locale === 'en-US', 'multilingual site: page carries locale');
await call('create page clash', 'POST', '/v6/pages', { body: { siteId: site.id, pathname: '/Hello', name: 'Again' }, expect: 409 });
await call('create page bad pathname', 'POST', '/v6/pages', { body: { siteId: site.id, pathname: '/a//b', name: 'x' }, expect: 400 });
await call('create page trailing slash', 'POST', '/v6/pages', { body: { siteId: site.id, pathname: '/a/', name: 'x' }, expect: 400 });
await call('create page empty name', 'POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: '' }, expect: 400 });
await call('create page no siteId', 'POST', '/v6/pages', { body: { pathname: '/x', name: 'x' }, expect: 400 });
await call('create page other workspace', 'POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: 'x' }, key: s.otherApiKey, expect: 403 });
r = await call('create page in monolingual site', 'POST', '/v6/pages', { body: { siteId: alpine.id, pathname: '/', name: 'Start' }, expect: 201, oa: '/v6/pages' });
ok(!('locale' in r.body), 'monolingual site: no locale field');
r = await call('get page by id', 'GET', `/v6/pages/${page.id}`, { expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
r = await call('get page by pathname', 'GET', `/v6/pages/${enc('/Hello')}?siteId=${site.id}`, { expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
ok(r.body.id === page.id, 'pathname lookup');
await call('get page pathname without siteId', 'GET', `/v6/pages/${enc('/Hello')}`, { expect: 400 });
await call('get page bare word', 'GET', `/v6/pages/Hello?siteId=${site.id}`, { expect: 400 });
await call('get page live before publishing', 'GET', `/v6/pages/${page.id}?versionRef=ref:live`, { expect: 404 });
await call('get page bad versionRef', 'GET', `/v6/pages/${page.id}?versionRef=live`, { expect: 400 });
r = await call('update page', 'PATCH', `/v6/pages/${page.id}`, { body: { pathname: '/hello-world', name: 'Hello world' }, expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
ok(r.body.pathname === '/hello-world' && r.body.updatedAt !== page.updatedAt, 'update page moves updatedAt');
const afterRename = r.body;
r = await call('update page same value', 'PATCH', `/v6/pages/${page.id}`, { body: { pathname: '/hello-world' }, expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
ok(r.body.updatedAt === afterRename.updatedAt, 'unchanged value keeps updatedAt');
r = await call('update page empty body', 'PATCH', `/v6/pages/${page.id}`, { body: {}, expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
r = await call('publish page', 'PATCH', `/v6/pages/${page.id}`, { body: { isOnline: true }, expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
ok(r.body.isOnline === true && r.body.publishedAt !== null && r.body.updatedAt === afterRename.updatedAt, 'publishing sets publishedAt, not updatedAt');
const firstPublished = r.body.publishedAt;
await call('get page live', 'GET', `/v6/pages/${page.id}?versionRef=ref:live`, { expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
await call('edit while online', 'PATCH', `/v6/pages/${page.id}`, { body: { pathname: '/hello-again' }, expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
r = await call('live keeps the published pathname', 'GET', `/v6/pages/${page.id}?versionRef=ref:live`, { expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
ok(r.body.pathname === '/hello-world', 'live snapshot is frozen until re-published');
r = await call('unpublish', 'PATCH', `/v6/pages/${page.id}`, { body: { isOnline: false }, expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
ok(r.body.isOnline === false && r.body.publishedAt === firstPublished, 'going offline keeps publishedAt');
await call('live gone after unpublish', 'GET', `/v6/pages/${page.id}?versionRef=ref:live`, { expect: 404 });
await call('update page isOnline string', 'PATCH', `/v6/pages/${page.id}`, { body: { isOnline: 'true' }, expect: 400 });
await call('update page with publishable key', 'PATCH', `/v6/pages/${page.id}`, { key: site.publicApiKey, body: {}, expect: 403 });

// list pages
r = await call('list pages', 'GET', `/v6/pages?siteId=${notes.id}`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.map((p) => p.pathname).join() === '/,/about,/journal,/journal/spring-walk', `list pages default: online, path asc (${r.body.data.map((p) => p.pathname)})`);
r = await call('list pages includeOffline', 'GET', `/v6/pages?siteId=${notes.id}&includeOffline=true`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.length === 5, 'includeOffline');
await call('list pages includeOffline=TRUE', 'GET', `/v6/pages?siteId=${notes.id}&includeOffline=TRUE`, { expect: 400 });
await call('list pages includeOffline=1', 'GET', `/v6/pages?siteId=${notes.id}&includeOffline=1`, { expect: 400 });
r = await call('list pages live + includeOffline', 'GET', `/v6/pages?siteId=${notes.id}&versionRef=ref:live&includeOffline=true`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.length === 4 && r.body.data.find((p) => p.pathname === '/about').title === null, 'live version: online pages, published values');
r = await call('list pages prefix', 'GET', `/v6/pages?siteId=${notes.id}&pathPrefix=/journal`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.length === 2, 'pathPrefix begins with');
r = await call('list pages prefix case', 'GET', `/v6/pages?siteId=${notes.id}&pathPrefix=/JOURNAL`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.length === 0, 'pathPrefix is case-sensitive');
await call('list pages prefix without slash', 'GET', `/v6/pages?siteId=${notes.id}&pathPrefix=journal`, { expect: 400 });
r = await call('list pages locale fr', 'GET', `/v6/pages?siteId=${notes.id}&locale=fr-FR`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.some((p) => p.pathname === '/carnet' && p.locale === 'fr-FR') && r.body.data.some((p) => p.pathname === '/about' && p.locale === 'en-US'), 'locale filter collapses localized pages, keeps the others');
await call('list pages unknown locale', 'GET', `/v6/pages?siteId=${notes.id}&locale=it-IT`, { expect: 404 });
r = await call('get page in fr', 'GET', `/v6/pages/${enc('/journal')}?siteId=${notes.id}&locale=fr-FR`, { expect: 200, oa: '/v6/pages/{pageIdOrPathname}' });
ok(r.body.pathname === '/carnet' && r.body.title === 'Carnet' && r.body.description === 'Walks and weather', 'get page collapsed');
for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt']) {
  for (const dir of ['asc', 'desc']) {
    // walk the whole list two at a time and compare with one full read
    const full = await call(`sort ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${notes.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=100`, { expect: 200, oa: '/v6/pages' });
    const ids = [];
    let after = '';
    for (let i = 0; i < 10; i++) {
      const pg = await call(`walk ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${notes.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=2${after}`, { expect: 200, oa: '/v6/pages' });
      ids.push(...pg.body.data.map((p) => p.id));
      if (!pg.body.hasMore) break;
      after = `&startingAfter=${pg.body.data.at(-1).id}`;
    }
    ok(ids.join() === full.body.data.map((p) => p.id).join(), `walk ${sortBy} ${dir} matches the full list`);
  }
}
r = await call('sort title asc: nulls last', 'GET', `/v6/pages?siteId=${notes.id}&includeOffline=true&sortBy=title`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.at(-1).title === null, 'null titles sort last ascending');
await call('sortBy bad', 'GET', `/v6/pages?siteId=${notes.id}&sortBy=pathname`, { expect: 400 });
await call('list pages bad siteId', 'GET', '/v6/pages?siteId=nope', { expect: 400 });
await call('list pages unknown cursor', 'GET', `/v6/pages?siteId=${notes.id}&startingAfter=00000000-0000-4000-8000-000000000000`, { expect: 400 });
r = await call('list pages publishable key', 'GET', `/v6/pages?siteId=${supply.id}`, { key: supply.publicApiKey, expect: 200, oa: '/v6/pages' });
await call('publishable key cannot read the site', 'GET', `/v2/sites/${supply.id}`, { key: supply.publicApiKey, expect: 403 });
r = await call('site pages alias', 'GET', `/v2/sites/${notes.id}/pages?limit=2`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.length === 2 && r.body.hasMore === true, 'site pages alias paginates');
r = await call('site pages alias page 2', 'GET', `/v2/sites/${notes.id}/pages?limit=2&startingAfter=${r.body.data[1].id}`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.length === 2 && r.body.hasMore === false, 'site pages alias: live pages only');
ops.add('GET /v2/sites/{siteId}/pages');
await call('Site key creates a page', 'POST', '/v6/pages', { key: s.siteApiKey, body: { siteId: supply.id, pathname: '/nyheter', name: 'Nyheter' }, expect: 201, oa: '/v6/pages' });
await call('Site key may not delete a page', 'DELETE', `/v6/pages/${enc('/nyheter')}?siteId=${supply.id}`, { key: s.siteApiKey, expect: 403 });
await call('delete page', 'DELETE', `/v6/pages/${page.id}`, { expect: 204, oa: '/v6/pages/{pageIdOrPathname}' });
await call('get deleted page', 'GET', `/v6/pages/${page.id}`, { expect: 404 });
await call('delete page again', 'DELETE', `/v6/pages/${page.id}`, { expect: 404 });

// ================= routes =================
r = await call('create route', 'POST', '/v2/routes', { body: { siteId: site.id, pathname: '/docs/:slug' }, expect: 201, oa: 'route' });
const route = r.body;
await call('create route clash with page', 'POST', '/v2/routes', { body: { siteId: notes.id, pathname: '/about' }, expect: 409 });
await call('create route /press', 'POST', '/v2/routes', { body: { siteId: site.id, pathname: '/press' }, expect: 201, oa: 'route' });
await call('create page clash with route', 'POST', '/v6/pages', { body: { siteId: site.id, pathname: '/press', name: 'x' }, expect: 409 });
await call('page grammar refuses :param', 'POST', '/v6/pages', { body: { siteId: site.id, pathname: '/docs/:slug', name: 'x' }, expect: 400 });
await call('create route bad grammar', 'POST', '/v2/routes', { body: { siteId: site.id, pathname: '/docs/[slug]' }, expect: 400 });
await call('create route skipValidation', 'POST', '/v2/routes?skipValidation=true', { body: { siteId: site.id, pathname: '/legacy/[slug]' }, expect: 201, oa: 'route' });
await call('skipValidation with Site key', 'POST', '/v2/routes?skipValidation=true', { key: s.siteApiKey, body: { siteId: supply.id, pathname: '/x/[y]' }, expect: 403 });
r = await call('list routes', 'GET', `/v2/routes?siteId=${site.id}`, { expect: 200, oa: 'routes' });
ok(r.body.data.map((x) => x.pathname).join() === '/docs/:slug,/legacy/[slug],/press', 'routes by pathname');
await call('get route by id', 'GET', `/v2/routes/${route.id}`, { expect: 200, oa: 'route' });
await call('get route by pathname', 'GET', `/v2/routes/${enc('/docs/:slug')}?siteId=${site.id}`, { expect: 200, oa: 'route' });
await call('get route pathname without siteId', 'GET', `/v2/routes/${enc('/docs/:slug')}`, { expect: 400 });
r = await call('update route', 'PATCH', `/v2/routes/${route.id}`, { body: { pathname: '/guides/:slug' }, expect: 200, oa: 'route' });
ok(r.body.pathname === '/guides/:slug', 'update route');
await call('update route by pathname', 'PATCH', `/v2/routes/${enc('/guides/:slug')}?siteId=${site.id}`, { body: { pathname: '/guides/:topic' }, expect: 200, oa: 'route' });
await call('update route bad', 'PATCH', `/v2/routes/${route.id}`, { body: { pathname: 'guides' }, expect: 400 });
await call('update route skipValidation', 'PATCH', `/v2/routes/${route.id}?skipValidation=true`, { body: { pathname: '/Guides/<topic>' }, expect: 200, oa: 'route' });
await call('update route skipValidation=yes', 'PATCH', `/v2/routes/${route.id}?skipValidation=yes`, { body: {}, expect: 400 });
await call('update route skipValidation no leading slash', 'PATCH', `/v2/routes/${route.id}?skipValidation=true`, { body: { pathname: 'nope' }, expect: 400 });
await call('Site key updates its route', 'PATCH', `/v2/routes/${enc('/kassa/:steg')}?siteId=${supply.id}`, { key: s.siteApiKey, body: { pathname: '/kassa/:steg' }, expect: 200, oa: 'route' });
await call('delete route', 'DELETE', `/v2/routes/${route.id}`, { expect: 204 });
ops.add('DELETE /v2/routes/{routeIdOrPathname}');
await call('get deleted route', 'GET', `/v2/routes/${route.id}`, { expect: 404 });

// ================= gateway robustness =================
await call('bad percent-encoding in path', 'GET', '/v6/pages/%E0%A4%A?siteId=' + notes.id, { expect: 400 });
await call('bad percent-encoding in query', 'GET', `/v6/pages?siteId=${notes.id}&pathPrefix=%E0%A4%A`, { expect: 400 });
r = await call('repeated parameter: first non-empty wins', 'GET', `/v6/pages?siteId=${notes.id}&limit=&limit=1&limit=50`, { expect: 200, oa: '/v6/pages' });
ok(r.body.data.length === 1, 'first non-empty value of a repeated parameter');
await call('no content-type', 'POST', '/v6/pages', { rawBody: '{}', expect: 400 });
await call('latin1 charset', 'POST', '/v6/pages', { rawBody: '{}', headers: { 'content-type': 'application/json; charset=latin1' }, expect: 400 });
await call('empty body = {}', 'POST', '/v6/pages', { rawBody: '', headers: { 'content-type': 'application/json' }, expect: 400 });
r = await raw('GET', `/v2/sites/${notes.id}`);
ok(r.headers['x-ratelimit-limit'] && r.headers['x-ratelimit-remaining'], 'rate-limit headers');
r = await raw('GET', '/v2/sites/00000000-0000-4000-8000-000000000000');
ok(r.headers['x-error-source'] === 'backend', 'x-error-source: backend');
r = await raw('GET', '/v2/sites/nope');
ok(r.headers['x-error-source'] === 'gateway', 'x-error-source: gateway');
r = await raw('GET', '/v2/sites', { key: null });
ok(r.status === 401, 'unknown key before anything');

// ================= every operation was exercised =================
const want = [];
for (const [p, methods] of Object.entries(doc.paths)) for (const m of Object.keys(methods)) want.push(`${m.toUpperCase()} ${p}`);
want.push('GET /v2/sites/{siteId}/pages', 'POST route', 'GET routes', 'GET route', 'PATCH route', 'DELETE /v2/routes/{routeIdOrPathname}');
const missing = want.filter((w) => !ops.has(w));
ok(missing.length === 0, `operations not exercised: ${missing.join(', ')}`);

await s.close();
console.log(`${failures === 0 ? 'PASS' : 'FAIL'}: ${calls} calls, ${validated} success bodies validated against the OpenAPI, ${ops.size} operations, ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
