// Self-test of outsider11: starts the server in-process, calls every operation, checks statuses, the
// error envelope and this deployment's own choices, and validates every success body against the
// published OpenAPI response schema (routes, absent from the OpenAPI, against the specification's table).
//   node test/contract/outsider11/smoke.mjs        (OPENAPI=/path/to/openapi.json for another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---- a small JSON Schema checker (the subset the published OpenAPI uses)
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
  const m = method === 'PUT' ? 'patch' : method === 'HEAD' ? 'get' : method.toLowerCase();
  const r = doc.paths[op]?.[m]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema ?? null;
}

// ---- harness
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
function raw(method, path, { key, body, headers = {} } = {}) {
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
async function expect(label, method, path, status, { key = s.apiKey, body, rawBody, headers, op } = {}) {
  calls++;
  const h = { ...(headers || {}) };
  let payload = rawBody;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] ??= 'application/json';
  }
  const r = await raw(method, path, { key, body: payload, headers: h });
  let json = null;
  if (method !== 'HEAD') {
    try {
      json = r.text ? JSON.parse(r.text) : null;
    } catch {
      ok(false, `${label}: body is not JSON: ${r.text.slice(0, 80)}`);
    }
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
const fields = (r) => (r.body?.details || []).map((d) => d.field).join();

try {
  const ws = s.workspaceId;

  // ================= auth
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'sbs.app.nope' });
  await expect('no key on unknown path', 'GET', '/nowhere', 401, { key: null });
  await expect('unknown path', 'GET', '/v2/nowhere', 404);
  await expect('trailing slash', 'GET', `/v2/sites/?workspaceId=${ws}`, 404);
  await expect('unsupported method', 'DELETE', '/v2/locales', 404);
  await expect('OPTIONS', 'OPTIONS', '/v2/sites', 404);

  // ================= sites
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Brightline Journal|Brightline Shop', 'sites oldest first');
  ok(sites.headers['x-total-count'] === '2', 'x-total-count on lists');
  const [journal, shop] = sites.body.data;
  ok(journal.id.toLowerCase()[14] === '8', 'ids are UUID v8');
  ok(journal.localeManagementMode === 'internal' && journal.defaultLocalePathPrefix === null, 'seeded site mode');
  const s1 = await expect('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(s1.body.hasMore === true && s1.body.data.length === 1, 'sites page 1');
  const s2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${s1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(s2.body.hasMore === false && s2.body.data[0].id === shop.id, 'sites page 2, exact hasMore');
  const s0 = await expect('list sites limit=0 = default', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 200, { op: '/v2/sites' });
  ok(s0.body.data.length === 2, 'limit=0 means default');
  await expect('list sites limit=101', 'GET', `/v2/sites?workspaceId=${ws}&limit=101`, 400);
  await expect('list sites limit=2.5', 'GET', `/v2/sites?workspaceId=${ws}&limit=2.5`, 400);
  await expect('list sites limit=010', 'GET', `/v2/sites?workspaceId=${ws}&limit=010`, 200, { op: '/v2/sites' });
  await expect('list sites repeated limit (first wins)', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&limit=abc`, 200, { op: '/v2/sites' });
  await expect('list sites no workspaceId', 'GET', '/v2/sites', 400);
  await expect('list sites bad encoding', 'GET', `/v2/sites?workspaceId=${ws}&x=%E0%A4%A`, 400);
  await expect('list sites other workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey });
  await expect('list sites unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 403);
  await expect('list sites unknown cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 404);
  await expect('list sites with site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });

  const created = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Smoke  ', hostOrigin: 'HTTPS://Smoke.Example:443' }, op: '/v2/sites' });
  const sid = created.body.id;
  ok(created.headers.location === `/v2/sites/${sid}`, 'Location header on 201');
  ok(created.body.name === 'Smoke' && created.body.hostOrigin === 'https://smoke.example/', `name trimmed, hostOrigin WHATWG href: ${created.body.hostOrigin}`);
  ok(created.body.defaultLocale === 'en-US' && created.body.localeManagementMode === 'external', 'new site defaults');
  const fr = await expect('create site fr', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Français', defaultLocale: 'fr_fr' }, op: '/v2/sites' });
  ok(fr.body.defaultLocale === 'fr-FR' && fr.body.hostOrigin === null, 'locale code normalised');
  const bad = await expect('create site invalid', 'POST', '/v2/sites', 400, { body: { name: 'x'.repeat(51), hostOrigin: 'ftp://x', defaultLocale: 'english', id: ZERO } });
  ok(fields(bad) === 'workspaceId,name,hostOrigin,defaultLocale,id', `details in declared order then unknown: ${fields(bad)}`);
  await expect('create site foreign workspace', 'POST', '/v2/sites', 403, { key: s.otherApiKey, body: { workspaceId: ws, name: 'x' } });
  await expect('create site with site key', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: ws, name: 'x' } });
  await expect('create site text/plain', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'text/plain' } });
  await expect('create site no content-type', 'POST', '/v2/sites', 201, { rawBody: JSON.stringify({ workspaceId: ws, name: 'Headerless' }), op: '/v2/sites' });
  await expect('create site bad json', 'POST', '/v2/sites', 400, { rawBody: '{"a":', headers: { 'content-type': 'application/json' } });
  await expect('create site latin1', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
  await expect('create site huge body', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', pad: 'y'.repeat(200000) } });

  await expect('get site', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('HEAD site', 'HEAD', `/v2/sites/${sid}`, 200);
  await expect('get site malformed id', 'GET', '/v2/sites/not-a-uuid', 400);
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site other workspace', 'GET', `/v2/sites/${journal.id}`, 403, { key: s.otherApiKey });
  await expect('get site with site key', 'GET', `/v2/sites/${shop.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await expect('get site publishable key', 'GET', `/v2/sites/${shop.id}`, 200, { key: shop.publicApiKey, op: '/v2/sites/{siteId}' });
  await expect('get other site with site key', 'GET', `/v2/sites/${journal.id}`, 403, { key: s.siteApiKey });
  const upd = await expect('update site', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Smoke 2', hostOrigin: null }, op: '/v2/sites/{siteId}' });
  ok(upd.body.name === 'Smoke 2' && upd.body.hostOrigin === null, 'null hostOrigin clears it');
  await expect('update site via PUT', 'PUT', `/v2/sites/${sid}`, 200, { body: { hostOrigin: 'http://smoke.example/app?x=1' }, op: '/v2/sites/{siteId}' });
  await expect('update site defaultLocale refused', 'PATCH', `/v2/sites/${sid}`, 400, { body: { defaultLocale: 'de-DE' } });
  await expect('update site unknown field', 'PATCH', `/v2/sites/${sid}`, 400, { body: { color: 'red' } });
  await expect('update site empty hostOrigin', 'PATCH', `/v2/sites/${sid}`, 400, { body: { hostOrigin: '' } });
  await expect('update site array body', 'PATCH', `/v2/sites/${sid}`, 400, { body: [1] });
  await expect('update site bad json before 404', 'PATCH', `/v2/sites/${ZERO}`, 400, { rawBody: '{', headers: { 'content-type': 'application/json' } });
  await expect('update own site with site key', 'PATCH', `/v2/sites/${shop.id}`, 200, { key: s.siteApiKey, body: { name: 'Brightline Shop' }, op: '/v2/sites/{siteId}' });
  await expect('update site publishable key', 'PATCH', `/v2/sites/${shop.id}`, 403, { key: shop.publicApiKey, body: {} });

  const journalLocales = await expect('journal locales', 'GET', `/v2/locales?siteId=${journal.id}`, 200, { op: '/v2/locales' });
  const dup = await expect('duplicate site', 'POST', `/v2/sites/${journal.id}/duplicate`, 201, { body: { name: 'Journal copy' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.hostOrigin === journal.hostOrigin && dup.body.defaultLocale === journal.defaultLocale && dup.body.publicApiKey !== journal.publicApiKey && dup.body.localeManagementMode === 'internal', 'duplicate copies configuration');
  const dupPages = await expect('duplicate pages', 'GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  const srcPages = await expect('source pages', 'GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  const sig = (r) => r.body.data.map((p) => `${p.pathname}:${p.isOnline}:${p.title}:${p.publishedAt}:${p.localizations.length}`).join();
  ok(sig(dupPages) === sig(srcPages), 'duplicate copies pages, publication and localizations');
  ok(new Set(dupPages.body.data.map((p) => p.createdAt)).size === 1, 'copied rows share the transaction timestamp');
  const dupLocales = await expect('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dupLocales.body.data.map((l) => `${l.locale}:${l.domain}`).join() === journalLocales.body.data.map((l) => `${l.locale}:${l.domain}`).join(), 'duplicate copies active locales');
  const dupRoutes = await expect('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  ok(dupRoutes.body.data.length === 2, 'duplicate copies routes');
  await expect('duplicate without name', 'POST', `/v2/sites/${journal.id}/duplicate`, 400, { body: {} });
  await expect('duplicate unknown', 'POST', `/v2/sites/${ZERO}/duplicate`, 404, { body: { name: 'x' } });
  await expect('duplicate with site key', 'POST', `/v2/sites/${shop.id}/duplicate`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  await expect('delete site with site key', 'DELETE', `/v2/sites/${shop.id}`, 403, { key: s.siteApiKey });
  await expect('delete site other workspace', 'DELETE', `/v2/sites/${journal.id}`, 403, { key: s.otherApiKey });
  await expect('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await expect('get deleted site', 'GET', `/v2/sites/${dup.body.id}`, 404);
  await expect('deleted site page by id', 'GET', `/v6/pages/${dupPages.body.data[0].id}`, 404);
  const afterDeleted = await expect('cursor on a deleted site resumes', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${dup.body.id}`, 200, { op: '/v2/sites' });
  ok(afterDeleted.body.data.length === 0, 'nothing after the newest (deleted) site');

  // ================= locales
  const locs = journalLocales;
  ok(locs.body.data.map((l) => l.locale).join() === 'en-US,fr-FR,de-DE', `locales default first then creation order: ${locs.body.data.map((l) => l.locale)}`);
  const l1 = await expect('list locales limit=2', 'GET', `/v2/locales?siteId=${journal.id}&limit=2`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore === true, 'locales hasMore');
  const l2 = await expect('list locales page 2', 'GET', `/v2/locales?siteId=${journal.id}&limit=2&startingAfter=${l1.body.data[1].id}`, 200, { op: '/v2/locales' });
  ok(l2.body.hasMore === false && l2.body.data[0].locale === 'de-DE', 'locales page 2');
  await expect('list locales limit=0', 'GET', `/v2/locales?siteId=${journal.id}&limit=0`, 400);
  await expect('list locales limit=101', 'GET', `/v2/locales?siteId=${journal.id}&limit=101`, 400);
  await expect('list locales no siteId', 'GET', '/v2/locales', 400);
  await expect('list locales site key', 'GET', `/v2/locales?siteId=${shop.id}`, 200, { key: s.siteApiKey, op: '/v2/locales' });
  await expect('list locales publishable key', 'GET', `/v2/locales?siteId=${shop.id}`, 403, { key: shop.publicApiKey });

  const de = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'de_de', domain: 'https://DE.smoke.example/' }, op: '/v2/locales' });
  ok(de.body.locale === 'de-DE' && de.body.domain === 'https://de.smoke.example' && de.body.isDefault === false && de.body.pathPrefix === null, 'created locale');
  await expect('create locale duplicate code', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'DE-de' } });
  await expect('create locale domain taken', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'it-IT', domain: 'https://de.smoke.example' } });
  await expect('create locale domain with path', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'it-IT', domain: 'https://x.example/it' } });
  await expect('create locale domain without protocol', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'it-IT', domain: 'x.example' } });
  await expect('create locale soft-deleted code', 'POST', '/v2/locales', 409, { body: { siteId: journal.id, locale: 'es-ES' } });
  await expect('create locale domain held by a deleted locale', 'POST', '/v2/locales', 409, { body: { siteId: journal.id, locale: 'it-IT', domain: 'https://es.brightline.example' } });
  await expect('create locale with site key', 'POST', '/v2/locales', 201, { key: s.siteApiKey, body: { siteId: shop.id, locale: 'fr' }, op: '/v2/locales' });
  await expect('create locale unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'fr' } });
  await expect('get locale by id', 'GET', `/v2/locales/${de.body.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code', 'GET', `/v2/locales/de-de?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code without siteId', 'GET', '/v2/locales/de-DE', 400);
  await expect('get locale publishable key', 'GET', `/v2/locales/de-DE?siteId=${shop.id}`, 200, { key: shop.publicApiKey, op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale unknown', 'GET', `/v2/locales/${ZERO}`, 404);
  await expect('get locale other workspace', 'GET', `/v2/locales/${de.body.id}`, 403, { key: s.otherApiKey });
  const ren = await expect('update locale', 'PATCH', `/v2/locales/${de.body.id}`, 200, { body: { locale: 'de-AT', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(ren.body.locale === 'de-AT' && ren.body.domain === null, 'locale renamed, domain cleared');
  await expect('update locale onto a deleted code', 'PATCH', `/v2/locales/fr-FR?siteId=${journal.id}`, 409, { body: { locale: 'es-ES' } });
  await expect('update locale bad isDefault', 'PATCH', `/v2/locales/${de.body.id}`, 400, { body: { isDefault: false } });
  const mk = await expect('make a locale the default', 'PATCH', `/v2/locales/${de.body.id}`, 200, { body: { isDefault: true }, op: '/v2/locales/{localeIdOrCode}' });
  ok(mk.body.isDefault === true, 'isDefault switched');
  const site2 = await expect('site follows the default', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  ok(site2.body.defaultLocale === 'de-AT', 'defaultLocale follows');
  await expect('delete default locale', 'DELETE', `/v2/locales/${de.body.id}`, 400);
  await expect('delete locale with site key', 'DELETE', `/v2/locales/en-GB?siteId=${shop.id}`, 403, { key: s.siteApiKey });
  await expect('delete locale', 'DELETE', `/v2/locales/en-US?siteId=${sid}`, 204);
  await expect('delete locale again', 'DELETE', `/v2/locales/en-US?siteId=${sid}`, 404);
  await expect('get deleted locale', 'GET', `/v2/locales/en-US?siteId=${sid}`, 404);
  const rest = await expect('restore locale by code', 'POST', `/v2/locales/en-US/restore?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(rest.body.locale === 'en-US' && rest.body.isDefault === false, 'restored');
  await expect('restore live locale', 'POST', `/v2/locales/${rest.body.id}/restore`, 409);
  await expect('restore unknown', 'POST', `/v2/locales/${ZERO}/restore`, 404);
  await expect('restore seeded deleted es-ES', 'POST', `/v2/locales/es-ES/restore?siteId=${journal.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('delete es-ES again', 'DELETE', `/v2/locales/es-ES?siteId=${journal.id}`, 204);

  // ================= pages
  const P = `/v6/pages?siteId=${journal.id}`;
  const def = await expect('list pages', 'GET', P, 200, { op: '/v6/pages' });
  ok(def.body.data.map((p) => p.pathname).join() === '/,/about,/blog/,/blog/first-post,/Contact', `online pages by path, case-insensitive: ${def.body.data.map((p) => p.pathname)}`);
  ok(def.body.data.every((p) => p.locale === 'en-US'), 'page locale present');
  const about = def.body.data.find((p) => p.pathname === '/about');
  ok(about.localizations.map((l) => `${l.locale}:${l.pathname}`).join() === 'fr-FR:/a-propos,de-DE:/ueber-uns', 'localizations of active non-default locales');
  const all = await expect('list pages includeOffline', 'GET', `${P}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(all.body.data.length === 7, 'includeOffline lists 7');
  await expect('list pages includeOffline=TRUE', 'GET', `${P}&includeOffline=TRUE`, 400);
  const live = await expect('list pages live', 'GET', `${P}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(live.body.data.length === 6 && live.body.data.find((p) => p.pathname === '/about').title === 'About us', 'live snapshot values, never-published page absent');
  const byTitle = await expect('list pages by title desc', 'GET', `${P}&includeOffline=true&sortBy=title&sortDirection=desc`, 200, { op: '/v6/pages' });
  ok(byTitle.body.data[0].title === null, 'nulls first in desc (nulls are the largest)');
  const pref = await expect('list pages pathPrefix', 'GET', `${P}&pathPrefix=/BLOG`, 200, { op: '/v6/pages' });
  ok(pref.body.data.map((p) => p.pathname).join() === '/blog/,/blog/first-post', 'pathPrefix case-insensitive begins-with');
  const frList = await expect('list pages locale fr-FR', 'GET', `${P}&locale=fr_fr`, 200, { op: '/v6/pages' });
  ok(frList.body.data.map((p) => `${p.locale}:${p.pathname}`).join() === 'fr-FR:/a-propos,fr-FR:/blog/premier-article', 'locale filter keeps localized pages, collapsed');
  const unknownLoc = await expect('list pages unknown locale', 'GET', `${P}&locale=it-IT`, 200, { op: '/v6/pages' });
  ok(unknownLoc.body.data.length === 0, 'unknown locale is an empty list');
  await expect('list pages bad locale', 'GET', `${P}&locale=not a locale`, 400);
  await expect('list pages bad sort', 'GET', `${P}&sortBy=name`, 400);
  await expect('list pages bad version', 'GET', `${P}&versionRef=live`, 400);
  await expect('list pages no siteId', 'GET', '/v6/pages', 400);
  await expect('list pages publishable', 'GET', `/v6/pages?siteId=${shop.id}`, 403, { key: shop.publicApiKey });
  // walk every sort with limit 2
  for (const sortBy of ['path', 'title', 'description', 'updatedAt', 'createdAt']) {
    for (const dir of ['asc', 'desc']) {
      const base = `${P}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}`;
      const full = await expect(`full ${sortBy} ${dir}`, 'GET', `${base}&limit=100`, 200, { op: '/v6/pages' });
      const seen = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const r = await expect(`walk ${sortBy} ${dir}`, 'GET', `${base}&limit=2${after}`, 200, { op: '/v6/pages' });
        seen.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        after = `&startingAfter=${r.body.data.at(-1).id}`;
      }
      ok(seen.join() === full.body.data.map((p) => p.id).join(), `pagination walk ${sortBy} ${dir}`);
    }
  }
  await expect('site pages alias', 'GET', `/v2/sites/${journal.id}/pages?limit=2`, 200, { op: '/v6/pages' });
  await expect('site pages alias unknown site', 'GET', `/v2/sites/${ZERO}/pages`, 404);

  const np = await expect('create page', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: '/Über/uns', name: 'About' }, op: '/v6/pages' });
  ok(np.body.pathname === '/%C3%9Cber/uns' && np.body.isOnline === false && np.body.sitemapFrequency === 'daily' && np.body.sitemapPriority === 0.6 && np.body.createdAt === np.body.updatedAt, `new page defaults: ${JSON.stringify(np.body)}`);
  ok(np.body.locale === 'de-AT', 'page locale is the site default');
  await expect('create page case clash', 'POST', '/v6/pages', 409, { body: { siteId: sid, pathname: '/%c3%bcber/UNS', name: 'x' } });
  await expect('create page trailing slash is another page', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: '/%C3%9Cber/uns/', name: 'x' }, op: '/v6/pages' });
  const badPage = await expect('create page invalid', 'POST', '/v6/pages', 400, { body: { siteId: 'x', pathname: 'nope', name: '' } });
  ok(fields(badPage) === 'siteId,pathname,name', `page details: ${fields(badPage)}`);
  await expect('create page missing siteId', 'POST', '/v6/pages', 400, { body: { pathname: '/x', name: 'x' } });
  await expect('create page double slash', 'POST', '/v6/pages', 400, { body: { siteId: sid, pathname: '/a//b', name: 'x' } });
  await expect('create page clash with route', 'POST', '/v6/pages', 409, { body: { siteId: journal.id, pathname: '/FEEDS/:format', name: 'x' } });
  await expect('create page unknown site', 'POST', '/v6/pages', 404, { body: { siteId: ZERO, pathname: '/x', name: 'x' } });
  await expect('create page other workspace', 'POST', '/v6/pages', 403, { key: s.otherApiKey, body: { siteId: sid, pathname: '/x', name: 'x' } });
  const sp = await expect('create page with site key', 'POST', '/v6/pages', 201, { key: s.siteApiKey, body: { siteId: shop.id, pathname: '/neu', name: 'Neu' }, op: '/v6/pages' });
  await expect('delete page with site key', 'DELETE', `/v6/pages/${sp.body.id}`, 403, { key: s.siteApiKey });

  await expect('get page by id', 'GET', `/v6/pages/${np.body.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by raw path', 'GET', `/v6/pages/%C3%BCber/uns?siteId=${sid}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by encoded path', 'GET', `/v6/pages/${enc('/Über/uns/')}?siteId=${sid}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get root page', 'GET', `/v6/pages/%2F?siteId=${journal.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by path without siteId', 'GET', '/v6/pages/about', 400);
  await expect('get page live of a draft', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 404);
  const gl = await expect('get page localized', 'GET', `/v6/pages/about?siteId=${journal.id}&locale=fr-FR`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(gl.body.pathname === '/a-propos' && gl.body.title === 'À propos' && gl.body.locale === 'fr-FR', 'localized page collapsed');
  await expect('get page unknown locale', 'GET', `/v6/pages/about?siteId=${journal.id}&locale=it-IT`, 400);
  await expect('get page publishable', 'GET', `/v6/pages/produkte?siteId=${shop.id}`, 200, { key: shop.publicApiKey, op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page unknown', 'GET', `/v6/pages/${ZERO}`, 404);
  await expect('get page id with other siteId', 'GET', `/v6/pages/${np.body.id}?siteId=${journal.id}`, 404);
  await expect('get page other workspace', 'GET', `/v6/pages/${np.body.id}`, 403, { key: s.otherApiKey });

  const before = np.body.updatedAt;
  const same = await expect('update page same value', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { name: 'About' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(same.body.updatedAt === before, 'no change keeps updatedAt');
  const on = await expect('publish page', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: true, pathname: '/ueber-uns' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(on.body.isOnline === true && on.body.publishedAt !== null && on.body.updatedAt !== before, 'publishing sets publishedAt');
  const lv = await expect('get page live', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(lv.body.pathname === '/ueber-uns', 'live snapshot');
  await expect('edit online page', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { pathname: '/ueber' }, op: '/v6/pages/{pageIdOrPathname}' });
  const lv2 = await expect('live unchanged', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(lv2.body.pathname === '/ueber-uns', 'edits stay draft until the next publication');
  const off = await expect('take page offline', 'PUT', `/v6/pages/ueber?siteId=${sid}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.isOnline === false && off.body.publishedAt === on.body.publishedAt, 'offline keeps publishedAt');
  const on2 = await expect('publish again', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(on2.body.publishedAt !== on.body.publishedAt, 'publishedAt is the last publication');
  await expect('update page {}', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: {}, op: '/v6/pages/{pageIdOrPathname}' });
  await expect('update page pathname null', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { pathname: null } });
  await expect('update page isOnline string', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { isOnline: 'true' } });
  await expect('update page clash', 'PATCH', `/v6/pages/${np.body.id}`, 409, { body: { pathname: '/%C3%9Cber/uns/' } });
  await expect('update page unknown', 'PATCH', `/v6/pages/${ZERO}`, 404, { body: {} });
  await expect('delete page', 'DELETE', `/v6/pages/${np.body.id}`, 204);
  await expect('delete page again', 'DELETE', `/v6/pages/${np.body.id}`, 404);
  await expect('get deleted page', 'GET', `/v6/pages/${np.body.id}`, 404);
  await expect('recreate at a deleted pathname', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: '/ueber', name: 'again' }, op: '/v6/pages' });
  await expect('cursor on a deleted page', 'GET', `/v6/pages?siteId=${sid}&includeOffline=true&startingAfter=${np.body.id}`, 200, { op: '/v6/pages' });
  await expect('cursor unknown page', 'GET', `/v6/pages?siteId=${sid}&startingAfter=${ZERO}`, 404);

  // ================= routes
  const routes = await expect('list routes', 'GET', `/v2/routes?siteId=${journal.id}`, 200, { op: 'routes' });
  ok(routes.body.data.map((r) => r.pathname).join() === '/feeds/:format,/assets/*', 'routes in creation order');
  const rt = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: sid, pathname: '/go/:slug' }, op: 'route' });
  await expect('create route bad grammar', 'POST', '/v2/routes', 400, { body: { siteId: sid, pathname: '/go/[slug]' } });
  await expect('create route skipValidation', 'POST', '/v2/routes?skipValidation=true', 201, { body: { siteId: sid, pathname: '/go/[slug]/' }, op: 'route' });
  await expect('create route clash', 'POST', '/v2/routes', 409, { body: { siteId: sid, pathname: '/GO/:slug' } });
  await expect('get route by id', 'GET', `/v2/routes/${rt.body.id}`, 200, { op: 'route' });
  await expect('get route by path', 'GET', `/v2/routes/go/:slug?siteId=${sid}`, 200, { op: 'route' });
  const ur = await expect('update route', 'PATCH', `/v2/routes/${enc('/go/:slug')}?siteId=${sid}`, 200, { body: { pathname: '/r/:slug' }, op: 'route' });
  ok(ur.body.pathname === '/r/:slug', 'route renamed');
  await expect('update route without siteId', 'PATCH', '/v2/routes/r/:slug', 400, { body: { pathname: '/x' } });
  await expect('update route invalid', 'PATCH', `/v2/routes/${rt.body.id}`, 400, { body: { pathname: 'r' } });
  await expect('update route skipValidation', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=true`, 200, { body: { pathname: '/r/{slug}' }, op: 'route' });
  await expect('update route bad skipValidation', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=yes`, 400, { body: {} });
  await expect('update route with site key', 'PATCH', `/v2/routes/kasse/:step?siteId=${shop.id}`, 200, { key: s.siteApiKey, body: { pathname: '/kasse/:schritt' }, op: 'route' });
  await expect('delete route with site key', 'DELETE', `/v2/routes/kasse/:schritt?siteId=${shop.id}`, 403, { key: s.siteApiKey });
  await expect('delete route', 'DELETE', `/v2/routes/${rt.body.id}`, 204);
  await expect('delete route again', 'DELETE', `/v2/routes/${rt.body.id}`, 404);

  // ================= robustness
  await expect('bad path encoding', 'GET', '/v2/sites/%E0%A4%A', 400);
  await expect('huge query value', 'GET', `/v2/sites?workspaceId=${ws}&x=${'a'.repeat(5000)}`, 200, { op: '/v2/sites' });
} catch (e) {
  failures++;
  console.error('FAIL (exception)', e);
} finally {
  await s.close();
}
console.log(`${failures === 0 ? 'PASS' : 'FAIL'}: ${calls} calls, ${validated} bodies validated against the published OpenAPI, ${failures} failure(s)`);
process.exit(failures === 0 ? 0 : 1);
