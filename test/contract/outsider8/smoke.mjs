// Self-test of outsider8: starts the server in-process, calls every operation, checks statuses, the
// error envelope and this deployment's own choices, and validates every success body against the
// published OpenAPI response schema (routes and /v2/sites/{siteId}/pages, absent from the OpenAPI,
// against the specification's Route table and the List Pages schema).
//   node test/contract/outsider8/smoke.mjs        (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
function check(schema, v, at = '$') {
  if (!schema || Object.keys(schema).length === 0) return [];
  if (schema.$ref) return check(doc.components.schemas[schema.$ref.split('/').pop()], v, at);
  const errs = [];
  if (schema.oneOf) { const n = schema.oneOf.filter((s) => check(s, v, at).length === 0).length; if (n !== 1) errs.push(`${at}: matches ${n} of oneOf`); }
  if (schema.type) {
    const types = [].concat(schema.type), t = typeOf(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return [...errs, `${at}: ${t} is not ${types.join('|')}`];
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string') {
    if (schema.format === 'uuid' && !UUID.test(v)) errs.push(`${at}: not a uuid`);
    if (schema.format === 'date-time' && (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v)))) errs.push(`${at}: not a date-time`);
    if (schema.format === 'uri') { try { new URL(v); } catch { errs.push(`${at}: not a uri`); } }
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
  if (op === 'sitePages') op = '/v6/pages';
  const r = doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema ?? null;
}

const s = await startServer({ port: 0 });
let failures = 0, calls = 0, validated = 0;
const ok = (cond, msg) => { if (!cond) { failures++; console.error(`FAIL ${msg}`); } };
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
  if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const r = await raw(method, path, { key, body: payload, headers: h });
  let json = null;
  try { json = r.text ? JSON.parse(r.text) : null; } catch { ok(false, `${label}: body is not JSON: ${r.text.slice(0, 80)}`); }
  ok(r.status === status, `${label}: status ${r.status}, expected ${status}: ${r.text.slice(0, 300)}`);
  if (r.status === 204) ok(r.text === '', `${label}: 204 with a body`);
  else if (method !== 'OPTIONS') ok(/^application\/json/.test(r.headers['content-type'] || ''), `${label}: content-type ${r.headers['content-type']}`);
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
    if (schema) { const errs = check(schema, json); validated++; ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`); }
  }
  return { status: r.status, body: json, headers: r.headers };
}
const ZERO = '00000000-0000-4000-8000-000000000000';
const enc = encodeURIComponent;
const J = { 'content-type': 'application/json' };

try {
  const ws = s.workspaceId;
  // ======== authentication and the gateway
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'ak-nope' });
  await expect('unknown path (401 first)', 'GET', '/v3/nothing', 401, { key: null });
  await expect('unknown path', 'GET', '/v3/nothing', 404);
  await expect('unsupported method', 'PUT', '/v2/sites', 404);
  const opt = await expect('OPTIONS preflight', 'OPTIONS', '/v2/sites', 204, { key: null });
  ok(opt.headers.allow === 'GET, POST, HEAD, OPTIONS', `Allow header ${opt.headers.allow}`);
  await expect('trailing slash on a collection', 'GET', `/v2/sites/?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  const head = await raw('HEAD', `/v2/sites?workspaceId=${ws}`);
  ok(head.status === 200 && head.text === '', 'HEAD answers like GET without a body');
  await expect('malformed HTTP-ish percent path', 'GET', '/v6/pages/%E0%A4%A', 404);

  // ======== sites
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Finch Store|Finch Atlas', 'sites newest first');
  const [store, atlas] = sites.body.data;
  ok(sites.body.data.every((x) => x.id[14] === '1'), 'ids are UUID v1');
  const p1 = await expect('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(p1.body.hasMore === true && p1.body.data.length === 1, 'sites page 1');
  const p2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${p1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(p2.body.hasMore === false && p2.body.data[0].id === atlas.id, 'sites page 2');
  await expect('limit=101', 'GET', `/v2/sites?workspaceId=${ws}&limit=101`, 400);
  await expect('limit=0', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 400);
  await expect('limit=010', 'GET', `/v2/sites?workspaceId=${ws}&limit=010`, 400);
  await expect('limit= (default)', 'GET', `/v2/sites?workspaceId=${ws}&limit=`, 200, { op: '/v2/sites' });
  const rep = await expect('repeated limit: first non-empty', 'GET', `/v2/sites?workspaceId=${ws}&limit=&limit=1&limit=2`, 200, { op: '/v2/sites' });
  ok(rep.body.data.length === 1, 'repeated parameter: first non-empty value');
  const stale = await expect('unknown cursor = empty list', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 200, { op: '/v2/sites' });
  ok(stale.body.data.length === 0 && stale.body.hasMore === false, 'unknown cursor empty');
  await expect('list sites no workspaceId', 'GET', '/v2/sites', 400);
  await expect('list sites other workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey });
  await expect('list sites site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });

  const created = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Smoke  ', hostOrigin: 'HTTPS://Smoke.Example:443/App/' }, op: '/v2/sites' });
  const sid = created.body.id;
  ok(created.body.name === 'Smoke' && created.body.hostOrigin === 'https://smoke.example/App', `name trimmed, hostOrigin normalised: ${created.body.hostOrigin}`);
  ok(created.body.defaultLocale === 'en-US' && created.body.localeManagementMode === 'internal', 'defaults: en-US, internal');
  const fr = await expect('create site with defaultLocale', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Français', defaultLocale: 'FR_fr', extra: true }, op: '/v2/sites' });
  ok(fr.body.defaultLocale === 'fr-FR' && fr.body.localeManagementMode === 'external' && fr.body.hostOrigin === null, 'explicit defaultLocale: external, normalised');
  const bad = await expect('create site invalid', 'POST', '/v2/sites', 400, { body: { name: 'x'.repeat(65), hostOrigin: 'ftp://x', defaultLocale: 'en-419' } });
  ok(bad.body.details.map((d) => d.field).join() === 'workspaceId,name,hostOrigin,defaultLocale', `details order: ${bad.body.details.map((d) => d.field)}`);
  await expect('create site html name', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: '<b>x</b>' } });
  await expect('create site no content-type', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ workspaceId: ws, name: 'x' }) });
  await expect('create site text/plain', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'text/plain' } });
  await expect('create site latin1', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
  await expect('create site bad json', 'POST', '/v2/sites', 400, { rawBody: '{"a":', headers: J });
  await expect('create site huge body', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ name: 'x'.repeat(60000) }), headers: J });
  await expect('create site foreign workspace', 'POST', '/v2/sites', 403, { key: s.otherApiKey, body: { workspaceId: ws, name: 'x' } });
  await expect('create site site key', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: ws, name: 'x' } });

  await expect('get site', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site upper-case id', 'GET', `/v2/sites/${sid.toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site malformed id', 'GET', '/v2/sites/not-a-uuid', 400);
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site foreign (forbidden)', 'GET', `/v2/sites/${atlas.id}`, 403, { key: s.otherApiKey });
  await expect('get site with site key', 'GET', `/v2/sites/${store.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await expect('get other site with site key', 'GET', `/v2/sites/${atlas.id}`, 403, { key: s.siteApiKey });
  await expect('publishable key on site', 'GET', `/v2/sites/${store.id}`, 403, { key: store.publicApiKey });
  const upd = await expect('update site', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Smoke 2', hostOrigin: 'http://localhost:8080' }, op: '/v2/sites/{siteId}' });
  ok(upd.body.name === 'Smoke 2' && upd.body.hostOrigin === 'http://localhost:8080', 'update applied');
  await expect('update site merge-patch', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Smoke 3' }, headers: { 'content-type': 'application/merge-patch+json' }, op: '/v2/sites/{siteId}' });
  await expect('update site defaultLocale', 'PATCH', `/v2/sites/${sid}`, 400, { body: { defaultLocale: 'de-DE' } });
  await expect('update site unknown field', 'PATCH', `/v2/sites/${sid}`, 400, { body: { color: 'red' } });
  await expect('update site hostOrigin null', 'PATCH', `/v2/sites/${sid}`, 400, { body: { hostOrigin: null } });
  await expect('update site bad body before 404', 'PATCH', `/v2/sites/${ZERO}`, 400, { rawBody: '{', headers: J });
  await expect('update site array body', 'PATCH', `/v2/sites/${sid}`, 400, { body: [1] });
  await expect('update site with site key', 'PATCH', `/v2/sites/${store.id}`, 200, { key: s.siteApiKey, body: {}, op: '/v2/sites/{siteId}' });

  // ======== duplicate
  const dup = await expect('duplicate site', 'POST', `/v2/sites/${atlas.id}/duplicate`, 201, { body: { name: 'Finch Atlas' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.hostOrigin === atlas.hostOrigin && dup.body.defaultLocale === atlas.defaultLocale && dup.body.publicApiKey !== atlas.publicApiKey, 'duplicate copies configuration');
  const srcPages = await expect('source pages', 'GET', `/v6/pages?siteId=${atlas.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  const dupPages = await expect('duplicate pages', 'GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  const sig = (r) => r.body.data.map((p) => `${p.pathname}:${p.isOnline}:${p.publishedAt}:${p.createdAt}:${p.localizations.length}`).join();
  ok(sig(dupPages) === sig(srcPages), 'duplicate keeps pages, publication state and timestamps');
  const dupRestore = await expect('duplicate keeps soft-deleted locale', 'POST', `/v2/locales/it-IT/restore?siteId=${dup.body.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(dupRestore.body.locale === 'it-IT', 'restored in the copy');
  await expect('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  await expect('duplicate without name', 'POST', `/v2/sites/${atlas.id}/duplicate`, 400, { body: {} });
  await expect('duplicate unknown', 'POST', `/v2/sites/${ZERO}/duplicate`, 404, { body: { name: 'x' } });
  await expect('duplicate with site key', 'POST', `/v2/sites/${store.id}/duplicate`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  await expect('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await expect('deleted site publishable key revoked', 'GET', `/v6/pages?siteId=${dup.body.id}`, 401, { key: dup.body.publicApiKey });

  // ======== locales
  const locs = await expect('list locales', 'GET', `/v2/locales?siteId=${atlas.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join() === 'de-DE,en-US,pt-PT', `locales by code: ${locs.body.data.map((l) => l.locale)}`);
  ok(locs.body.data.find((l) => l.locale === 'en-US').isDefault === true, 'default flagged');
  const l1 = await expect('list locales limit=1', 'GET', `/v2/locales?siteId=${atlas.id}&limit=1`, 200, { op: '/v2/locales' });
  const l2 = await expect('list locales page 2', 'GET', `/v2/locales?siteId=${atlas.id}&limit=1&startingAfter=${l1.body.data[0].id}`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore && l2.body.data[0].locale === 'en-US', 'locale pagination');
  await expect('list locales no siteId', 'GET', '/v2/locales', 400);
  await expect('list locales foreign', 'GET', `/v2/locales?siteId=${atlas.id}`, 403, { key: s.otherApiKey });
  await expect('get locale by code', 'GET', `/v2/locales/de-de?siteId=${atlas.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by id', 'GET', `/v2/locales/${locs.body.data[0].id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale code without siteId', 'GET', '/v2/locales/de-DE', 400);
  await expect('get locale code with site key (site implied)', 'GET', '/v2/locales/fr-FR', 200, { key: s.siteApiKey, op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale garbage', 'GET', `/v2/locales/english?siteId=${atlas.id}`, 400);
  await expect('get deleted locale', 'GET', `/v2/locales/it-IT?siteId=${atlas.id}`, 404);
  const nl = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'nl_nl', domain: 'https://Smoke.NL/' }, op: '/v2/locales' });
  ok(nl.body.locale === 'nl-NL' && nl.body.domain === 'https://smoke.nl' && nl.body.isDefault === false && nl.body.pathPrefix === null, `locale created: ${JSON.stringify(nl.body)}`);
  await expect('create locale same domain elsewhere ok', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'nl-BE', domain: 'https://smoke.nl' }, op: '/v2/locales' });
  await expect('create locale duplicate', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'nl-NL' } });
  await expect('create locale soft-deleted code', 'POST', '/v2/locales', 409, { body: { siteId: atlas.id, locale: 'it-IT' } });
  await expect('create locale http domain', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'es', domain: 'http://smoke.es' } });
  await expect('create locale unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'es' } });
  const upl = await expect('update locale', 'PATCH', `/v2/locales/nl-NL?siteId=${sid}`, 200, { body: { locale: 'nl', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(upl.body.locale === 'nl' && upl.body.domain === null, 'locale renamed, domain cleared');
  await expect('update locale onto active code', 'PATCH', `/v2/locales/nl?siteId=${sid}`, 409, { body: { locale: 'nl-BE' } });
  await expect('update locale unknown field', 'PATCH', `/v2/locales/nl?siteId=${sid}`, 400, { body: { isDefault: true } });
  const defRename = await expect('rename default locale', 'PATCH', `/v2/locales/en-US?siteId=${sid}`, 200, { body: { locale: 'en-GB' }, op: '/v2/locales/{localeIdOrCode}' });
  ok(defRename.body.isDefault, 'still default');
  const site2 = await expect('site follows default rename', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  ok(site2.body.defaultLocale === 'en-GB', 'defaultLocale follows');
  await expect('delete default locale', 'DELETE', `/v2/locales/en-GB?siteId=${sid}`, 400);
  await expect('delete locale', 'DELETE', `/v2/locales/nl?siteId=${sid}`, 204);
  await expect('delete locale again', 'DELETE', `/v2/locales/nl?siteId=${sid}`, 404);
  await expect('restore live locale', 'POST', `/v2/locales/nl-BE/restore?siteId=${sid}`, 409);
  const rest = await expect('restore locale', 'POST', `/v2/locales/${upl.body.id}/restore`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(rest.body.id === upl.body.id && rest.body.locale === 'nl', 'restore keeps id');
  await expect('restore unknown', 'POST', `/v2/locales/${ZERO}/restore`, 404);

  // ======== pages
  const pg = await expect('list pages', 'GET', `/v6/pages?siteId=${atlas.id}`, 200, { op: '/v6/pages' });
  ok(pg.body.data.map((p) => p.pathname).join() === '/,/blog,/guide,/guide/start', `online pages by path: ${pg.body.data.map((p) => p.pathname)}`);
  ok(pg.body.data.every((p) => p.locale === 'en-US'), 'locale always present');
  await expect('list pages includeOffline=1', 'GET', `/v6/pages?siteId=${atlas.id}&includeOffline=1`, 400);
  const withOff = await expect('list pages includeOffline=true', 'GET', `/v6/pages?siteId=${atlas.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(withOff.body.data.length === 5, 'includeOffline');
  await expect('list pages includeOffline=TRUE', 'GET', `/v6/pages?siteId=${atlas.id}&includeOffline=TRUE`, 400);
  const byTitle = await expect('sort by title desc', 'GET', `/v6/pages?siteId=${atlas.id}&sortBy=title&sortDirection=desc`, 200, { op: '/v6/pages' });
  ok(byTitle.body.data.at(-1).title === null, 'null title last in desc');
  const byTitleAsc = await expect('sort by title asc', 'GET', `/v6/pages?siteId=${atlas.id}&sortBy=title`, 200, { op: '/v6/pages' });
  ok(byTitleAsc.body.data.at(-1).title === null, 'null title last in asc');
  const pre = await expect('pathPrefix', 'GET', `/v6/pages?siteId=${atlas.id}&pathPrefix=/guide`, 200, { op: '/v6/pages' });
  ok(pre.body.data.length === 2, 'pathPrefix begins with');
  const preCase = await expect('pathPrefix case-sensitive', 'GET', `/v6/pages?siteId=${atlas.id}&pathPrefix=/Guide`, 200, { op: '/v6/pages' });
  ok(preCase.body.data.length === 0, 'pathPrefix case-sensitive');
  const de = await expect('locale filter', 'GET', `/v6/pages?siteId=${atlas.id}&locale=de-DE`, 200, { op: '/v6/pages' });
  ok(de.body.data.map((p) => `${p.pathname}:${p.locale}`).join() === '/anleitung:de-DE,/anleitung/start:de-DE', `collapsed: ${de.body.data.map((p) => p.pathname)}`);
  await expect('locale filter unknown', 'GET', `/v6/pages?siteId=${atlas.id}&locale=ja-JP`, 400);
  const live = await expect('ref:live', 'GET', `/v6/pages?siteId=${atlas.id}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(live.body.data.every((p) => p.isOnline), 'ref:live online only');
  await expect('bad sortBy', 'GET', `/v6/pages?siteId=${atlas.id}&sortBy=name`, 400);
  await expect('bad versionRef', 'GET', `/v6/pages?siteId=${atlas.id}&versionRef=live`, 400);
  await expect('list pages foreign', 'GET', `/v6/pages?siteId=${atlas.id}`, 403, { key: s.otherApiKey });
  // pagination walk in every sort
  for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt']) for (const dir of ['asc', 'desc']) {
    const full = await expect(`full ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${atlas.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}`, 200, { op: '/v6/pages' });
    const seen = []; let after = '';
    for (let i = 0; i < 10; i++) {
      const r = await expect(`walk ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${atlas.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=2${after}`, 200, { op: '/v6/pages' });
      seen.push(...r.body.data.map((p) => p.id));
      if (!r.body.hasMore) break;
      after = `&startingAfter=${r.body.data.at(-1).id}`;
    }
    ok(seen.join() === full.body.data.map((p) => p.id).join(), `walk ${sortBy} ${dir} matches the full list`);
  }
  // a cursor filtered out of the list resumes after its place
  const drafts = withOff.body.data.find((p) => p.pathname === '/drafts/ideas');
  const resume = await expect('filtered-out cursor resumes', 'GET', `/v6/pages?siteId=${atlas.id}&startingAfter=${drafts.id}`, 200, { op: '/v6/pages' });
  ok(resume.body.data.map((p) => p.pathname).join() === '/guide,/guide/start', `resume: ${resume.body.data.map((p) => p.pathname)}`);
  const sp = await expect('site pages alias', 'GET', `/v2/sites/${atlas.id}/pages?limit=2`, 200, { op: 'sitePages' });
  ok(sp.body.hasMore === true && sp.body.data.length === 2, 'alias paginates');

  const np = await expect('create page', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: '/Über-uns', name: 'About us' }, op: '/v6/pages' });
  ok(np.body.isOnline === true && np.body.publishedAt === np.body.createdAt && np.body.title === 'About us' && np.body.updatedAt === np.body.createdAt, 'new page online, titled by its name');
  ok(/\.\d{9}Z$/.test(np.body.createdAt), `nine fractional digits: ${np.body.createdAt}`);
  await expect('create page duplicate', 'POST', '/v6/pages', 409, { body: { siteId: sid, pathname: '/Über-uns', name: 'x' } });
  await expect('create page trailing slash', 'POST', '/v6/pages', 400, { body: { siteId: sid, pathname: '/a/', name: 'x' } });
  await expect('create page empty name', 'POST', '/v6/pages', 400, { body: { siteId: sid, pathname: '/x', name: '' } });
  await expect('create page missing fields', 'POST', '/v6/pages', 400, { body: {} });
  await expect('create page unknown site', 'POST', '/v6/pages', 404, { body: { siteId: ZERO, pathname: '/x', name: 'x' } });
  await expect('create page site key', 'POST', '/v6/pages', 201, { key: s.siteApiKey, body: { siteId: store.id, pathname: '/sale', name: 'Sale' }, op: '/v6/pages' });
  await expect('create page site key foreign', 'POST', '/v6/pages', 403, { key: s.siteApiKey, body: { siteId: atlas.id, pathname: '/sale', name: 'Sale' } });
  await expect('get page by id', 'GET', `/v6/pages/${np.body.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by encoded pathname', 'GET', `/v6/pages/${enc('/Über-uns')}?siteId=${sid}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by raw pathname', 'GET', `/v6/pages/guide/start?siteId=${atlas.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get root page', 'GET', `/v6/pages/%2F?siteId=${atlas.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page pathname without siteId', 'GET', '/v6/pages/%2Fguide', 400);
  const gl = await expect('get page locale', 'GET', `/v6/pages/guide?siteId=${atlas.id}&locale=de-DE`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(gl.body.pathname === '/anleitung' && gl.body.title === 'Anleitung' && gl.body.description === 'How to use the atlas', 'collapsed localization');
  await expect('get offline page live', 'GET', `/v6/pages/${drafts.id}?versionRef=ref:live`, 404);
  await expect('get page foreign', 'GET', `/v6/pages/${np.body.id}`, 403, { key: s.otherApiKey });
  await expect('publishable key live', 'GET', `/v6/pages?siteId=${store.id}`, 200, { key: store.publicApiKey, op: '/v6/pages' });
  await expect('publishable key draft', 'GET', `/v6/pages?siteId=${store.id}&versionRef=ref:draft`, 403, { key: store.publicApiKey });
  await expect('publishable key write', 'POST', '/v6/pages', 403, { key: store.publicApiKey, body: { siteId: store.id, pathname: '/x', name: 'x' } });
  const off = await expect('update page offline', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: false, name: 'About' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.isOnline === false && off.body.publishedAt === np.body.publishedAt && off.body.updatedAt > np.body.updatedAt, 'offline keeps publishedAt');
  const noop = await expect('update page {}', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: {}, op: '/v6/pages/{pageIdOrPathname}' });
  ok(noop.body.updatedAt > off.body.updatedAt, 'every PATCH moves updatedAt');
  const on = await expect('update page online', 'PATCH', `/v6/pages/${enc('/Über-uns')}?siteId=${sid}`, 200, { body: { isOnline: true, pathname: '/ueber-uns' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(on.body.publishedAt > np.body.publishedAt && on.body.pathname === '/ueber-uns', 'online again: new publishedAt');
  await expect('update page empty pathname', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { pathname: '' } });
  await expect('update page unknown field', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { title: 'x' } });
  await expect('update page onto route', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { pathname: '/status' }, op: '/v6/pages/{pageIdOrPathname}' });
  await expect('delete page', 'DELETE', `/v6/pages/${np.body.id}`, 204);
  await expect('delete page again', 'DELETE', `/v6/pages/${np.body.id}`, 404);

  // ======== routes
  const rl = await expect('list routes', 'GET', `/v2/routes?siteId=${atlas.id}`, 200, { op: 'routes' });
  ok(rl.body.data.map((r) => r.pathname).join() === '/api/:version/*,/blog/[slug]', 'routes by pathname');
  const nr = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: sid, pathname: '/feeds/{kind}' }, op: 'route' });
  await expect('create route clash with page', 'POST', '/v2/routes', 409, { body: { siteId: atlas.id, pathname: '/guide' } });
  await expect('create route bad grammar', 'POST', '/v2/routes', 400, { body: { siteId: sid, pathname: '/a b' } });
  await expect('get route', 'GET', `/v2/routes/${nr.body.id}`, 200, { op: 'route' });
  await expect('get route by pathname', 'GET', `/v2/routes/${enc('/feeds/{kind}')}?siteId=${sid}`, 200, { op: 'route' });
  const ur = await expect('update route', 'PATCH', `/v2/routes/${nr.body.id}`, 200, { body: { pathname: '/feeds/:kind' }, op: 'route' });
  ok(ur.body.pathname === '/feeds/:kind', 'route renamed');
  await expect('update route invalid', 'PATCH', `/v2/routes/${nr.body.id}`, 400, { body: { pathname: '/Legacy//x' } });
  const sk = await expect('update route skipValidation', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=true`, 200, { body: { pathname: 'Legacy//x[1]' }, op: 'route' });
  ok(sk.body.pathname === '/Legacy//x[1]', 'skipValidation keeps the value, leading slash added');
  await expect('update route pathname without siteId', 'PATCH', `/v2/routes/${enc('/blog/[slug]')}`, 400, { body: {} });
  await expect('update route by pathname', 'PATCH', `/v2/routes/${enc('/blog/[slug]')}?siteId=${atlas.id}`, 200, { body: {}, op: 'route' });
  await expect('update route skipValidation=yes', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=yes`, 400, { body: {} });
  await expect('update route foreign', 'PATCH', `/v2/routes/${nr.body.id}`, 403, { key: s.otherApiKey, body: {} });
  await expect('update route unknown', 'PATCH', `/v2/routes/${ZERO}`, 404, { body: {} });
  await expect('delete route', 'DELETE', `/v2/routes/${nr.body.id}`, 204);

  // ======== site key deletes its own site
  await expect('site key deletes own site', 'DELETE', `/v2/sites/${store.id}`, 204, { key: s.siteApiKey });
  await expect('site key revoked', 'GET', `/v2/sites/${store.id}`, 401, { key: s.siteApiKey });
} catch (e) {
  failures++;
  console.error('FAIL exception', e);
} finally {
  await s.close();
}
console.log(`${failures === 0 ? 'PASS' : 'FAIL'}: ${calls} calls, ${validated} bodies validated against the published OpenAPI, ${failures} failure(s)`);
process.exit(failures === 0 ? 0 : 1);
