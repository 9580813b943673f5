// Self-test of outsider18: starts the server in-process, calls every operation, checks statuses, the
// error envelope and this deployment's own choices, and validates each success body against the
// published OpenAPI response schema (routes, absent from the OpenAPI, against the specification's table).
//   node test/contract/outsider18/smoke.mjs        (OPENAPI=/path/to/openapi.json for another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---------- a small checker for the JSON Schema subset the published OpenAPI uses
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
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
    if (schema.format === 'uri' && !URL.canParse(v)) errs.push(`${at}: not a uri`);
  }
  if (typeOf(v) === 'object') {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...check(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...check(schema.items, x, `${at}[${i}]`)));
  return errs;
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTE_LIST;
  return doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema ?? null;
}

// ---------- harness
const s = await startServer({ port: 0 });
let failures = 0;
let calls = 0;
let validated = 0;
const ok = (cond, msg) => {
  if (!cond) {
    failures++;
    console.error(`FAIL ${msg}`);
  }
};
function raw(method, path, { key = s.apiKey, body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const h = { ...headers };
    if (key !== null) h['x-api-key'] = key;
    const req = request(s.url + path, { method, headers: h }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
async function expect(label, method, path, status, { key, body, rawBody, headers, op } = {}) {
  calls++;
  const h = { ...(headers || {}) };
  let payload = rawBody;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] ??= 'application/json';
  }
  const r = await raw(method, path, { key, body: payload, headers: h });
  let json = null;
  try {
    json = r.text ? JSON.parse(r.text) : null;
  } catch {
    ok(false, `${label}: body is not JSON: ${r.text.slice(0, 80)}`);
  }
  ok(r.status === status, `${label}: status ${r.status}, expected ${status}: ${r.text.slice(0, 300)}`);
  if (r.status === 204) ok(r.text === '', `${label}: 204 with a body`);
  else ok(/^application\/json/.test(r.headers['content-type'] || ''), `${label}: content-type ${r.headers['content-type']}`);
  if (r.status >= 400 && json) {
    ok(json.object === 'error' && json.code === CODES[r.status] && typeof json.message === 'string', `${label}: error envelope ${r.text}`);
    if (r.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: 400 details`);
      ok(new Set(json.details.map((d) => d.field)).size === json.details.length, `${label}: one detail per field`);
    } else ok(!('details' in json), `${label}: details outside 400`);
  }
  if (r.status < 300 && r.status !== 204 && op) {
    const schema = schemaFor(op, method, r.status);
    ok(schema !== null, `${label}: no schema for ${method} ${op} ${r.status}`);
    if (schema) {
      const errs = check(schema, json);
      validated++;
      ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`);
    }
  }
  return { status: r.status, body: json, headers: r.headers };
}
const ZERO = '00000000-0000-4000-8000-000000000000';
const enc = encodeURIComponent;
const fields = (r) => (r.body?.details || []).map((d) => d.field).join(',');

try {
  const ws = s.workspaceId;
  // ======== sites
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Cinder Row Shop|Cinder Row Press', 'sites: most recently modified first');
  const [shop, press] = sites.body.data;
  ok(press.defaultLocalePathPrefix === null && press.localeManagementMode === 'internal', 'press defaults');
  const p1 = await expect('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(p1.body.hasMore === true && p1.body.data.length === 1, 'sites page 1');
  const p2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${p1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(p2.body.hasMore === false && p2.body.data[0].id === press.id, 'sites page 2, exact hasMore');
  await expect('limit=101', 'GET', `/v2/sites?workspaceId=${ws}&limit=101`, 400);
  await expect('limit=0', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 400);
  await expect('limit=010', 'GET', `/v2/sites?workspaceId=${ws}&limit=010`, 400);
  await expect('limit=1e1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1e1`, 400);
  await expect('limit repeated, same value', 'GET', `/v2/sites?workspaceId=${ws}&limit=5&limit=5`, 200, { op: '/v2/sites' });
  await expect('limit repeated, different values', 'GET', `/v2/sites?workspaceId=${ws}&limit=5&limit=6`, 400);
  await expect('unknown query parameter', 'GET', `/v2/sites?workspaceId=${ws}&color=red`, 400);
  await expect('underscore parameter ignored', 'GET', `/v2/sites?workspaceId=${ws}&_=12345`, 200, { op: '/v2/sites' });
  await expect('stale cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 400);
  await expect('list sites no workspaceId', 'GET', '/v2/sites', 400);
  await expect('list sites other workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 403);
  await expect('list sites with Site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'sbx_wsk_nope' });
  await expect('upper-cased Site key', 'GET', `/v2/sites/${shop.id}`, 401, { key: s.siteApiKey.toUpperCase() });
  await expect('unknown path', 'GET', '/v2/nothing', 404);
  await expect('trailing slash', 'GET', `/v2/sites/`, 404);
  await expect('PUT not served', 'PUT', `/v2/sites/${press.id}`, 404);
  const pre = await raw('OPTIONS', '/v2/sites', { key: null });
  ok(pre.status === 204 && pre.headers['access-control-allow-headers']?.includes('x-api-key'), 'OPTIONS preflight without key');
  await expect('bad percent-encoding in path', 'GET', '/v2/sites/%E0%A4%A', 400, { key: null });

  const created = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Ash   Lane  ', hostOrigin: 'HTTPS://Ash.Example:443/' }, op: '/v2/sites' });
  ok(created.body.name === 'Ash Lane' && created.body.hostOrigin === 'https://ash.example' && created.body.defaultLocale === 'en-US' && created.body.localeManagementMode === 'internal', 'create site normalisation and defaults');
  ok(created.headers.location === `/v2/sites/${created.body.id}`, 'Location header');
  const ext = await expect('create site with defaultLocale', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Ash Lane FR', defaultLocale: 'fr_fr'.replace('_', '-') }, op: '/v2/sites' });
  ok(ext.body.localeManagementMode === 'external' && ext.body.defaultLocale === 'fr-FR', 'explicit defaultLocale -> external, normalised');
  const e1 = await expect('create site invalid', 'POST', '/v2/sites', 400, { body: { workspaceId: 'nope', hostOrigin: 'http://ash.example' } });
  ok(fields(e1) === 'workspaceId,name,hostOrigin', `create site details ${fields(e1)}`);
  await expect('create site hostOrigin null', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', hostOrigin: null } });
  await expect('create site http localhost ok', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Local', hostOrigin: 'http://localhost:3000' }, op: '/v2/sites' });
  await expect('create site other workspace', 'POST', '/v2/sites', 403, { body: { workspaceId: s.otherWorkspaceId, name: 'x' } });
  await expect('create site with Site key', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: ws, name: 'x' } });
  await expect('create site text/plain', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ workspaceId: ws, name: 'x' }), headers: { 'content-type': 'text/plain' } });
  await expect('create site without content-type', 'POST', '/v2/sites', 201, { rawBody: JSON.stringify({ workspaceId: ws, name: 'No CT' }), op: '/v2/sites' });
  await expect('malformed JSON', 'POST', '/v2/sites', 400, { rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
  await expect('JSON array', 'POST', '/v2/sites', 400, { rawBody: '[]', headers: { 'content-type': 'application/json' } });
  await expect('huge body', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ workspaceId: ws, name: 'x'.repeat(40000) }), headers: { 'content-type': 'application/json' } });

  await expect('get site', 'GET', `/v2/sites/${press.id}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site upper-case id', 'GET', `/v2/sites/${press.id.toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site malformed id', 'GET', '/v2/sites/not-a-uuid', 404);
  await expect('get site of other workspace', 'GET', `/v2/sites/${press.id}`, 403, { key: s.otherApiKey });
  await expect('get own site with Site key', 'GET', `/v2/sites/${shop.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await expect('get other site with Site key', 'GET', `/v2/sites/${press.id}`, 403, { key: s.siteApiKey });
  await expect('get site with publishable key', 'GET', `/v2/sites/${shop.id}`, 200, { key: s.publicApiKey, op: '/v2/sites/{siteId}' });

  const upd = await expect('update site', 'PATCH', `/v2/sites/${created.body.id}`, 200, { body: { name: 'Ash Lane Two', hostOrigin: 'https://ash.example/app/' }, op: '/v2/sites/{siteId}' });
  ok(upd.body.name === 'Ash Lane Two' && upd.body.hostOrigin === 'https://ash.example/app/', 'update site');
  const e2 = await expect('update site defaultLocale refused', 'PATCH', `/v2/sites/${created.body.id}`, 400, { body: { defaultLocale: 'de-DE', color: 1 } });
  ok(fields(e2) === 'color,defaultLocale', `update details ${fields(e2)}`);
  await expect('update site empty body', 'PATCH', `/v2/sites/${created.body.id}`, 200, { body: {}, op: '/v2/sites/{siteId}' });
  await expect('update site with Site key', 'PATCH', `/v2/sites/${shop.id}`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  const recent = await expect('list sites after update', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(recent.body.data[0].id === created.body.id, 'updated site moves first');

  const dup = await expect('duplicate site', 'POST', `/v2/sites/${press.id}/duplicate`, 201, { body: { name: 'Cinder Row Press' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.id !== press.id && dup.body.publicApiKey !== press.publicApiKey && dup.body.hostOrigin === press.hostOrigin && dup.body.defaultLocale === 'en-US', 'duplicate copies configuration');
  await expect('duplicate without name', 'POST', `/v2/sites/${press.id}/duplicate`, 400, { body: {} });
  await expect('duplicate unknown site', 'POST', `/v2/sites/${ZERO}/duplicate`, 404, { body: { name: 'x' } });
  const dupPages = await expect('duplicate pages (nested list)', 'GET', `/v2/sites/${dup.body.id}/pages?limit=100`, 200, { op: '/v6/pages' });
  const srcPages = await expect('source pages (nested list)', 'GET', `/v2/sites/${press.id}/pages?limit=100`, 200, { op: '/v6/pages' });
  ok(dupPages.body.data.length === 5 && srcPages.body.data.length === 5, 'nested list includes offline pages by default');
  ok(dupPages.body.data.map((p) => p.pathname).sort().join() === srcPages.body.data.map((p) => p.pathname).sort().join(), 'duplicate copies pages');
  const dupLoc = await expect('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dupLoc.body.data.map((l) => l.locale).join() === 'ja,de-DE,en-US', `duplicate copies active locales ${dupLoc.body.data.map((l) => l.locale)}`);
  const dupRoutes = await expect('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  ok(dupRoutes.body.data.length === 2, 'duplicate copies routes');
  await expect('delete duplicate', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('delete duplicate again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await expect('duplicate pages after delete', 'GET', `/v6/pages/${dupPages.body.data[0].id}`, 404);
  await expect('delete site with Site key', 'DELETE', `/v2/sites/${shop.id}`, 403, { key: s.siteApiKey });

  // ======== locales
  const locs = await expect('list locales', 'GET', `/v2/locales?siteId=${press.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join() === 'ja,de-DE,en-US', `locale order ${locs.body.data.map((l) => l.locale)}`);
  const l1 = await expect('list locales limit=2', 'GET', `/v2/locales?siteId=${press.id}&limit=2`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore === true, 'locales hasMore');
  const l2 = await expect('list locales page 2', 'GET', `/v2/locales?siteId=${press.id}&limit=2&startingAfter=${l1.body.data[1].id}`, 200, { op: '/v2/locales' });
  ok(l2.body.hasMore === false && l2.body.data.length === 1, 'locales page 2');
  await expect('list locales without siteId', 'GET', '/v2/locales', 400);
  await expect('list locales limit=0', 'GET', `/v2/locales?siteId=${press.id}&limit=0`, 400);
  await expect('list locales with publishable key', 'GET', `/v2/locales?siteId=${shop.id}`, 200, { key: s.publicApiKey, op: '/v2/locales' });
  await expect('get locale by code', 'GET', `/v2/locales/de-de?siteId=${press.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  const deId = locs.body.data.find((l) => l.locale === 'de-DE').id;
  await expect('get locale by id', 'GET', `/v2/locales/${deId}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code without siteId', 'GET', '/v2/locales/de-DE', 400);
  await expect('get locale by id with other siteId', 'GET', `/v2/locales/${deId}?siteId=${shop.id}`, 400);
  await expect('get deleted locale', 'GET', `/v2/locales/es-ES?siteId=${press.id}`, 404);
  await expect('get locale of other workspace', 'GET', `/v2/locales/${deId}`, 403, { key: s.otherApiKey });
  const nl = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: press.id, locale: 'nl-nl', domain: 'https://NL.cinderrow.example/' }, op: '/v2/locales' });
  ok(nl.body.locale === 'nl-NL' && nl.body.domain === 'https://nl.cinderrow.example' && nl.body.isDefault === false && nl.body.pathPrefix === null, 'create locale normalisation');
  await expect('create locale duplicate code', 'POST', '/v2/locales', 409, { body: { siteId: press.id, locale: 'nl-NL' } });
  await expect('create locale duplicate domain', 'POST', '/v2/locales', 409, { body: { siteId: press.id, locale: 'it-IT', domain: 'https://nl.cinderrow.example' } });
  await expect('create locale domain = hostOrigin', 'POST', '/v2/locales', 400, { body: { siteId: press.id, locale: 'it-IT', domain: 'https://press.cinderrow.example' } });
  await expect('create locale with path domain', 'POST', '/v2/locales', 400, { body: { siteId: press.id, locale: 'it-IT', domain: 'https://it.example/it' } });
  await expect('create locale bare host domain', 'POST', '/v2/locales', 400, { body: { siteId: press.id, locale: 'it-IT', domain: 'it.example' } });
  await expect('create locale underscore', 'POST', '/v2/locales', 400, { body: { siteId: press.id, locale: 'it_IT' } });
  await expect('create locale unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'it-IT' } });
  await expect('create locale with Site key', 'POST', '/v2/locales', 403, { key: s.siteApiKey, body: { siteId: shop.id, locale: 'it-IT' } });
  const upl = await expect('update locale', 'PATCH', `/v2/locales/nl-NL?siteId=${press.id}`, 200, { body: { locale: 'nl-BE', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(upl.body.locale === 'nl-BE' && upl.body.domain === null, 'update locale');
  await expect('update locale onto active code', 'PATCH', `/v2/locales/${nl.body.id}`, 409, { body: { locale: 'de-DE' } });
  await expect('update locale unknown field', 'PATCH', `/v2/locales/${nl.body.id}`, 400, { body: { isDefault: true } });
  await expect('delete locale', 'DELETE', `/v2/locales/${nl.body.id}`, 204);
  await expect('delete locale again', 'DELETE', `/v2/locales/${nl.body.id}`, 204);
  await expect('get deleted locale by id', 'GET', `/v2/locales/${nl.body.id}`, 404);
  const rs = await expect('restore locale', 'POST', `/v2/locales/${nl.body.id}/restore`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(rs.body.id === nl.body.id && rs.body.locale === 'nl-BE', 'restore keeps id');
  await expect('restore live locale', 'POST', `/v2/locales/${nl.body.id}/restore`, 409);
  const defId = locs.body.data.find((l) => l.isDefault).id;
  await expect('delete default locale', 'DELETE', `/v2/locales/${defId}`, 400);
  const restoredEs = await expect('restore seeded es-ES by code', 'POST', `/v2/locales/es-ES/restore?siteId=${press.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  const j = await expect('journal in es-ES after restore', 'GET', `/v6/pages/journal?siteId=${press.id}&locale=es-ES`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(j.body.pathname === '/diario' && j.body.locale === 'es-ES', 'localization back after restore');
  await expect('delete es-ES again', 'DELETE', `/v2/locales/${restoredEs.body.id}`, 204);
  const es2 = await expect('create es-ES anew (purges the deleted one)', 'POST', '/v2/locales', 201, { body: { siteId: press.id, locale: 'es-ES' }, op: '/v2/locales' });
  ok(es2.body.id !== restoredEs.body.id, 'new record');
  await expect('restore purged locale', 'POST', `/v2/locales/${restoredEs.body.id}/restore`, 404);
  const ren = await expect('rename default locale', 'PATCH', `/v2/locales/${defId}`, 200, { body: { locale: 'en-GB' }, op: '/v2/locales/{localeIdOrCode}' });
  ok(ren.body.isDefault === true, 'default renamed');
  const pressNow = await expect('site follows renamed default', 'GET', `/v2/sites/${press.id}`, 200, { op: '/v2/sites/{siteId}' });
  ok(pressNow.body.defaultLocale === 'en-GB', 'defaultLocale follows');
  await expect('rename default back', 'PATCH', `/v2/locales/${defId}`, 200, { body: { locale: 'en-US' }, op: '/v2/locales/{localeIdOrCode}' });

  // ======== pages
  const list = await expect('list pages', 'GET', `/v6/pages?siteId=${press.id}`, 200, { op: '/v6/pages' });
  ok(list.body.data.map((p) => p.pathname).join() === '/,/about,/journal,/journal/first-light', `pages path order, online only: ${list.body.data.map((p) => p.pathname)}`);
  ok(list.body.data.every((p) => !('locale' in p)), 'no locale field in the default locale');
  const all = await expect('list pages includeOffline', 'GET', `/v6/pages?siteId=${press.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(all.body.data.length === 5, 'includeOffline');
  await expect('includeOffline=TRUE', 'GET', `/v6/pages?siteId=${press.id}&includeOffline=TRUE`, 400);
  const byTitle = await expect('sort by title desc', 'GET', `/v6/pages?siteId=${press.id}&sortBy=title&sortDirection=desc`, 200, { op: '/v6/pages' });
  ok(byTitle.body.data.at(-1).title === null, 'nulls last in desc too');
  for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt']) {
    for (const dir of ['asc', 'desc']) {
      const seen = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const r = await expect(`walk ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${press.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=2${after}`, 200, { op: '/v6/pages' });
        seen.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        after = `&startingAfter=${r.body.data.at(-1).id}`;
      }
      ok(seen.length === 5 && new Set(seen).size === 5, `walk ${sortBy} ${dir} sees every page once`);
    }
  }
  const live = await expect('list live', 'GET', `/v6/pages?siteId=${press.id}&versionRef=ref:live`, 200, { op: '/v6/pages' });
  ok(live.body.data.find((p) => p.pathname === '/journal/first-light').title === 'First Light', 'live snapshot differs from draft');
  const pre2 = await expect('pathPrefix', 'GET', `/v6/pages?siteId=${press.id}&pathPrefix=/journal`, 200, { op: '/v6/pages' });
  ok(pre2.body.data.length === 2, 'pathPrefix begins with');
  const pre3 = await expect('pathPrefix case-sensitive', 'GET', `/v6/pages?siteId=${press.id}&pathPrefix=/Journal`, 200, { op: '/v6/pages' });
  ok(pre3.body.data.length === 0, 'pathPrefix is case-sensitive');
  const de = await expect('list in de-DE', 'GET', `/v6/pages?siteId=${press.id}&locale=de-DE`, 200, { op: '/v6/pages' });
  ok(de.body.data.some((p) => p.pathname === '/tagebuch' && p.locale === 'de-DE') && de.body.data.length === 4, 'locale collapses, keeps every page');
  await expect('list in unknown locale', 'GET', `/v6/pages?siteId=${press.id}&locale=pt-BR`, 404);
  await expect('list pages bad enums', 'GET', `/v6/pages?siteId=${press.id}&sortBy=name&versionRef=live`, 400);
  await expect('list pages with Site key', 'GET', `/v6/pages?siteId=${shop.id}`, 200, { key: s.siteApiKey, op: '/v6/pages' });
  await expect('list pages publishable includeOffline', 'GET', `/v6/pages?siteId=${shop.id}&includeOffline=true`, 403, { key: s.publicApiKey });
  await expect('list pages publishable', 'GET', `/v6/pages?siteId=${shop.id}&versionRef=ref:live`, 200, { key: s.publicApiKey, op: '/v6/pages' });

  const np = await expect('create page', 'POST', '/v6/pages', 201, { body: { siteId: press.id, pathname: '/Über/Uns', name: 'Über uns' }, op: '/v6/pages' });
  ok(np.body.isOnline === false && np.body.publishedAt === null && np.body.sitemapFrequency === 'hourly' && np.body.sitemapPriority === 0.7 && np.body.title === null, 'page defaults');
  ok(/\.\d{4}Z$/.test(np.body.createdAt), 'four fraction digits');
  await expect('create page clash', 'POST', '/v6/pages', 409, { body: { siteId: press.id, pathname: '/about', name: 'x' } });
  await expect('create literal route', 'POST', '/v2/routes', 201, { body: { siteId: press.id, pathname: '/legal' }, op: 'route' });
  await expect('create page clash with route', 'POST', '/v6/pages', 409, { body: { siteId: press.id, pathname: '/legal', name: 'Legal' } });
  const e3 = await expect('create page invalid', 'POST', '/v6/pages', 400, { body: { siteId: press.id, pathname: 'about/', name: '' } });
  ok(fields(e3) === 'pathname,name', `create page details ${fields(e3)}`);
  await expect('create page trailing slash', 'POST', '/v6/pages', 400, { body: { siteId: press.id, pathname: '/x/', name: 'x' } });
  await expect('create page missing siteId', 'POST', '/v6/pages', 400, { body: { pathname: '/x', name: 'x' } });
  await expect('create page with Site key', 'POST', '/v6/pages', 201, { key: s.siteApiKey, body: { siteId: shop.id, pathname: '/contact', name: 'Contact' }, op: '/v6/pages' });
  await expect('create page with publishable key', 'POST', '/v6/pages', 403, { key: s.publicApiKey, body: { siteId: shop.id, pathname: '/x', name: 'x' } });

  await expect('get page by id', 'GET', `/v6/pages/${np.body.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by pathname (rest of path)', 'GET', `/v6/pages/%C3%9Cber/Uns?siteId=${press.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get root page', 'GET', `/v6/pages/${enc('/')}?siteId=${press.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by pathname without siteId', 'GET', '/v6/pages/about', 400);
  await expect('get page live never published', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 404);
  await expect('get page other workspace', 'GET', `/v6/pages/${np.body.id}`, 403, { key: s.otherApiKey });
  await expect('get page unknown locale', 'GET', `/v6/pages/${np.body.id}?locale=xx-YY`, 404);

  const up1 = await expect('update page online', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(up1.body.isOnline === true && up1.body.publishedAt !== null, 'published');
  await expect('get page live', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  const up2 = await expect('update page pathname', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { pathname: '/ueber-uns', name: 'About us' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(up2.body.pathname === '/ueber-uns', 'renamed');
  const lv = await expect('live keeps the published pathname', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(lv.body.pathname === '/Über/Uns', 'live snapshot');
  await expect('update page clash', 'PATCH', `/v6/pages/${np.body.id}`, 409, { body: { pathname: '/about' } });
  await expect('update page empty pathname', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { pathname: '' } });
  await expect('update page unknown field', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { title: 'x' } });
  await expect('update page isOnline string', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { isOnline: 'true' } });
  const noop = await expect('update page empty body', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: {}, op: '/v6/pages/{pageIdOrPathname}' });
  ok(noop.body.updatedAt === up2.body.updatedAt, 'empty PATCH leaves updatedAt');
  const off = await expect('update page offline', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.publishedAt === up1.body.publishedAt, 'publishedAt kept while offline');
  await expect('offline page gone from live', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 404);
  await expect('delete page', 'DELETE', `/v6/pages/ueber-uns?siteId=${press.id}`, 204);
  await expect('delete page again', 'DELETE', `/v6/pages/${np.body.id}`, 404);

  // ======== routes
  const routes = await expect('list routes', 'GET', `/v2/routes?siteId=${press.id}`, 200, { op: 'routes' });
  ok(routes.body.data.map((r) => r.pathname).join() === '/feed/:format,/assets/*,/legal', 'routes in creation order');
  const nr = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: press.id, pathname: '/docs/:id(\\d+)' }, op: 'route' });
  await expect('create route clash with page', 'POST', '/v2/routes', 409, { body: { siteId: press.id, pathname: '/about' } });
  await expect('create route bad grammar', 'POST', '/v2/routes', 400, { body: { siteId: press.id, pathname: '/a/[slug]' } });
  await expect('create route skipValidation', 'POST', '/v2/routes?skipValidation=true', 201, { body: { siteId: press.id, pathname: '/a/[slug]/' }, op: 'route' });
  await expect('create route with Site key', 'POST', '/v2/routes', 403, { key: s.siteApiKey, body: { siteId: shop.id, pathname: '/x' } });
  await expect('get route by id', 'GET', `/v2/routes/${nr.body.id}`, 200, { op: 'route' });
  await expect('get route by pathname', 'GET', `/v2/routes/${enc('/feed/:format')}?siteId=${press.id}`, 200, { op: 'route' });
  const ur = await expect('update route', 'PATCH', `/v2/routes/feed/:format?siteId=${press.id}`, 200, { body: { pathname: '/feeds/:format' }, op: 'route' });
  ok(ur.body.pathname === '/feeds/:format', 'route updated');
  await expect('update route without siteId', 'PATCH', `/v2/routes/feeds/:format`, 400, { body: { pathname: '/x' } });
  await expect('update route invalid', 'PATCH', `/v2/routes/${nr.body.id}`, 400, { body: { pathname: '/x//y' } });
  await expect('update route skipValidation', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=true`, 200, { body: { pathname: '/x//y' }, op: 'route' });
  await expect('update route skipValidation bad enum', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=1`, 400, { body: { pathname: '/x' } });
  await expect('update route no leading slash even skipping', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=true`, 400, { body: { pathname: 'x' } });
  const shopRoutes = await expect('list shop routes with Site key', 'GET', `/v2/routes?siteId=${shop.id}`, 200, { key: s.siteApiKey, op: 'routes' });
  await expect('update route with Site key', 'PATCH', `/v2/routes/${shopRoutes.body.data[0].id}`, 200, { key: s.siteApiKey, body: { pathname: '/caisse/:step' }, op: 'route' });
  await expect('update other site route with Site key', 'PATCH', `/v2/routes/${nr.body.id}`, 403, { key: s.siteApiKey, body: { pathname: '/y' } });
  await expect('delete route', 'DELETE', `/v2/routes/${nr.body.id}`, 204);
  await expect('delete route again', 'DELETE', `/v2/routes/${nr.body.id}`, 404);

  // ======== never a 500
  for (const [m, p, b] of [['POST', '/v6/pages', '{{{'], ['PATCH', `/v2/sites/${press.id}`, '"x"'], ['GET', '/v6/pages/%ZZ', undefined], ['GET', `/v6/pages?siteId=%ZZ`, undefined], ['POST', '/v2/locales', 'null']]) {
    const r = await raw(m, p, { body: b, headers: b ? { 'content-type': 'application/json' } : {} });
    ok(r.status < 500 && JSON.parse(r.text).object === 'error', `${m} ${p}: ${r.status}`);
  }
} catch (e) {
  failures++;
  console.error('FAIL exception', e);
} finally {
  await s.close();
}
console.log(`outsider18 smoke: ${calls} calls, ${validated} bodies validated against the published OpenAPI, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
