// Self-test of outsider5: starts the server in-process, calls every operation, checks statuses, the
// error envelope and this deployment's own choices, and validates every success body against the
// published OpenAPI response schema (routes, absent from the OpenAPI, against the specification's table).
//   node test/contract/outsider5/smoke.mjs        (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
  if (typeof v === 'number' && schema.minimum !== undefined && v < schema.minimum) errs.push(`${at}: below minimum`);
  return errs;
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTE_LIST;
  if (op === 'sitePages') op = '/v6/pages'; // the SPEC's pagination example answers page lists
  const r = doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)];
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
    const es = op && doc.paths[op] ? schemaFor(op, method, r.status) : null;
    if (es && es.$ref) ok(check(es, json).length === 0, `${label}: error schema`);
  }
  if (r.status < 300 && r.status !== 204 && op) {
    const schema = schemaFor(op, method, r.status);
    ok(schema !== null, `${label}: no schema for ${method} ${op} ${r.status}`);
    if (schema) {
      validated++;
      const errs = check(schema, json);
      ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`);
    }
  }
  return { status: r.status, body: json, headers: r.headers };
}
const ZERO = '00000000-0000-4000-8000-000000000000';
const enc = encodeURIComponent;
const fields = (r) => (r.body?.details || []).map((d) => d.field);

try {
  const ws = s.workspaceId;
  // ======== the CLI announcement
  {
    const file = fileURLToPath(new URL('./server.mjs', import.meta.url));
    const child = spawn(process.execPath, [file, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    await new Promise((resolve) => {
      const t = setInterval(() => {
        if (out.includes('\n')) {
          clearInterval(t);
          resolve();
        }
      }, 20);
    });
    const a = JSON.parse(out.trim());
    ok(a.baseUrl.startsWith('http://127.0.0.1:') && a.apiKey.startsWith('wsk_') && UUID.test(a.siteApiKey) && UUID.test(a.workspaceId) && a.otherApiKey, 'announcement line');
    const code = await new Promise((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    ok(code === 0 && out.trim().split('\n').length === 1, `SIGTERM exit ${code}, stdout lines ${out.trim().split('\n').length}`);
  }

  // ======== auth
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'wsk_nope' });
  await expect('no key, unknown path', 'GET', '/nowhere', 401, { key: null });
  await expect('unknown path', 'GET', '/v2/nowhere', 404);
  await expect('unsupported method', 'PUT', `/v2/sites`, 404);
  await expect('trailing slash', 'GET', `/v2/sites/?workspaceId=${ws}`, 404);

  // ======== sites
  const list = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(list.body.data.length === 2 && list.body.hasMore === false, 'two seeded sites');
  const [shop, journal] = list.body.data; // most recently updated first: the shop was seeded last
  ok(journal.name === 'Tidewater Journal' && shop.name === 'Tidewater Shop', `site order ${list.body.data.map((x) => x.name)}`);
  ok(journal.localeManagementMode === 'external' && shop.localeManagementMode === 'internal', 'mode follows hostOrigin');
  const p1 = await expect('list sites limit 1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(p1.body.hasMore === true && p1.body.data.length === 1, 'hasMore');
  const p2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${p1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(p2.body.hasMore === false && p2.body.data[0].id === journal.id, 'page 2');
  await expect('stale cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 404);
  for (const l of ['0', '101', '2.5', '020', 'x', '']) {
    const r = await expect(`limit ${l}`, 'GET', `/v2/sites?workspaceId=${ws}&limit=${l}`, 400);
    ok(fields(r).join() === 'limit', `limit field ${fields(r)}`);
  }
  await expect('limit 100', 'GET', `/v2/sites?workspaceId=${ws}&limit=100`, 200, { op: '/v2/sites' });
  await expect('unknown query param', 'GET', `/v2/sites?workspaceId=${ws}&colour=red`, 400);
  await expect('repeated query param', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&limit=2`, 400);
  await expect('bad percent in query', 'GET', `/v2/sites?workspaceId=%E0%A4%A`, 400);
  await expect('missing workspaceId', 'GET', `/v2/sites`, 400);
  await expect('other workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey, op: '/v2/sites' });
  await expect('unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 403);

  const created = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Pier Notes  ' }, op: '/v2/sites' });
  ok(created.body.name === 'Pier Notes' && created.body.defaultLocale === 'en-US' && created.body.hostOrigin === null && created.body.localeManagementMode === 'internal', 'create defaults');
  const c2 = await expect('create site with origin', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Quay', hostOrigin: 'https://Quay.Example/', defaultLocale: 'pt_br'.replace('_', '-') }, op: '/v2/sites' });
  ok(c2.body.hostOrigin === 'https://quay.example' && c2.body.defaultLocale === 'pt-BR' && c2.body.localeManagementMode === 'external', `origin normalised ${c2.body.hostOrigin}`);
  let r = await expect('create site invalid', 'POST', '/v2/sites', 400, { body: { extra: 1, name: '', hostOrigin: 'http://example.com/x' } });
  ok(fields(r).join() === 'extra,workspaceId,name,hostOrigin', `details order ${fields(r)}`);
  await expect('create site http origin', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', hostOrigin: 'http://example.com' } });
  await expect('create site long name', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'n'.repeat(51) } });
  await expect('create site foreign ws', 'POST', '/v2/sites', 403, { body: { workspaceId: ws, name: 'x' }, key: s.otherApiKey, op: '/v2/sites' });
  await expect('malformed json', 'POST', '/v2/sites', 400, { rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
  await expect('array body', 'POST', '/v2/sites', 400, { rawBody: '[]', headers: { 'content-type': 'application/json' } });
  await expect('text body', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'text/plain' } });
  await expect('huge body', 'POST', '/v2/sites', 400, { rawBody: '{"name":"' + 'x'.repeat(100000) + '"}', headers: { 'content-type': 'application/json' } });
  await expect('malformed json beats site-key 403', 'POST', '/v2/sites', 400, { rawBody: '{', headers: { 'content-type': 'application/json' }, key: s.siteApiKey });

  await expect('get site', 'GET', `/v2/sites/${journal.id}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site upper-case id', 'GET', `/v2/sites/${journal.id.toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site malformed id', 'GET', `/v2/sites/not-a-uuid`, 404);
  await expect('get site foreign', 'GET', `/v2/sites/${journal.id}`, 403, { key: s.otherApiKey, op: '/v2/sites/{siteId}' });
  const up = await expect('update site', 'PATCH', `/v2/sites/${created.body.id}`, 200, { body: { name: 'Pier Notes 2', hostOrigin: null }, op: '/v2/sites/{siteId}' });
  ok(up.body.name === 'Pier Notes 2' && up.body.hostOrigin === null, 'update site');
  await expect('update site empty body', 'PATCH', `/v2/sites/${created.body.id}`, 200, { op: '/v2/sites/{siteId}' });
  r = await expect('update site defaultLocale', 'PATCH', `/v2/sites/${created.body.id}`, 400, { body: { defaultLocale: 'fr-FR' } });
  ok(fields(r).join() === 'defaultLocale', 'defaultLocale refused');
  const after = await expect('list after update', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(after.body.data[0].id === created.body.id, 'recently updated site first');

  // ======== locales
  let locs = await expect('list locales', 'GET', `/v2/locales?siteId=${journal.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join() === 'en-GB,nb-NO,de-DE', `locales ${locs.body.data.map((l) => l.locale)}`);
  ok(locs.body.data[0].isDefault === true && locs.body.data[0].pathPrefix === '', 'default first');
  await expect('list locales limit 0', 'GET', `/v2/locales?siteId=${journal.id}&limit=0`, 400);
  await expect('list locales no siteId', 'GET', `/v2/locales`, 400);
  const lp = await expect('list locales page', 'GET', `/v2/locales?siteId=${journal.id}&limit=2&startingAfter=${locs.body.data[0].id}`, 200, { op: '/v2/locales' });
  ok(lp.body.data.length === 2 && lp.body.hasMore === false, 'locale page');
  await expect('get locale by code', 'GET', `/v2/locales/nb-no?siteId=${journal.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by id', 'GET', `/v2/locales/${locs.body.data[1].id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  r = await expect('get locale code without siteId', 'GET', `/v2/locales/nb-NO`, 400);
  ok(fields(r).join() === 'siteId', 'siteId required');
  await expect('get deleted locale', 'GET', `/v2/locales/fi-FI?siteId=${journal.id}`, 404);
  await expect('get locale site key implied', 'GET', `/v2/locales/en-US`, 200, { key: s.siteApiKey, op: '/v2/locales/{localeIdOrCode}' });
  const nl = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: journal.id, locale: 'NL-nl', domain: 'https://Tidewater.NL' }, op: '/v2/locales' });
  ok(nl.body.locale === 'nl-NL' && nl.body.domain === 'https://tidewater.nl' && nl.body.pathPrefix === null && nl.body.isDefault === false, 'create locale');
  await expect('create locale duplicate', 'POST', '/v2/locales', 409, { body: { siteId: journal.id, locale: 'nl-NL' }, op: '/v2/locales' });
  await expect('create locale domain taken in workspace', 'POST', '/v2/locales', 409, { body: { siteId: shop.id, locale: 'nl-NL', domain: 'https://tidewater.nl' }, op: '/v2/locales' });
  await expect('create locale bad code', 'POST', '/v2/locales', 400, { body: { siteId: journal.id, locale: 'en_US' }, op: '/v2/locales' });
  await expect('create locale unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'it' }, op: '/v2/locales' });
  await expect('create locale foreign site', 'POST', '/v2/locales', 403, { body: { siteId: journal.id, locale: 'it' }, key: s.otherApiKey, op: '/v2/locales' });
  const upd = await expect('update locale', 'PATCH', `/v2/locales/nl-NL?siteId=${journal.id}`, 200, { body: { locale: 'nl-BE', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(upd.body.locale === 'nl-BE' && upd.body.domain === null, 'update locale');
  await expect('update locale onto active', 'PATCH', `/v2/locales/nl-BE?siteId=${journal.id}`, 409, { body: { locale: 'de-DE' }, op: '/v2/locales/{localeIdOrCode}' });
  await expect('delete default locale', 'DELETE', `/v2/locales/en-GB?siteId=${journal.id}`, 400, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('delete locale', 'DELETE', `/v2/locales/${upd.body.id}`, 204);
  await expect('delete locale again', 'DELETE', `/v2/locales/${upd.body.id}`, 404, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('restore locale', 'POST', `/v2/locales/${upd.body.id}/restore`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('restore live locale', 'POST', `/v2/locales/${upd.body.id}/restore`, 409, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('restore by code', 'POST', `/v2/locales/fi-FI/restore?siteId=${journal.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('restore unknown', 'POST', `/v2/locales/it-IT/restore?siteId=${journal.id}`, 404, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('locale via site key (write allowed)', 'POST', '/v2/locales', 201, { body: { siteId: shop.id, locale: 'da' }, key: s.siteApiKey, op: '/v2/locales' });
  await expect('locale via site key, other site', 'GET', `/v2/locales?siteId=${journal.id}`, 403, { key: s.siteApiKey, op: '/v2/locales' });

  // ======== pages
  let pages = await expect('list pages', 'GET', `/v6/pages?siteId=${journal.id}`, 200, { op: '/v6/pages' });
  ok(pages.body.data.map((p) => p.pathname).join() === '/,/about,/contact,/stories,/stories/harbour-lights', `pages ${pages.body.data.map((p) => p.pathname)}`);
  const offline = await expect('list pages incl. offline', 'GET', `/v6/pages?siteId=${journal.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(offline.body.data.length === 6, 'includeOffline');
  const live = await expect('list live pages', 'GET', `/v6/pages?siteId=${journal.id}&versionRef=ref:live`, 200, { op: '/v6/pages' });
  ok(live.body.data.find((p) => p.pathname === '/contact').title === 'Contact', 'live snapshot');
  for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt'])
    for (const sortDirection of ['asc', 'desc']) {
      const seen = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const pg = await expect(`walk ${sortBy} ${sortDirection}`, 'GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&limit=2&sortBy=${sortBy}&sortDirection=${sortDirection}${after}`, 200, { op: '/v6/pages' });
        seen.push(...pg.body.data.map((p) => p.id));
        if (!pg.body.hasMore) break;
        after = `&startingAfter=${pg.body.data.at(-1).id}`;
      }
      ok(seen.length === 6 && new Set(seen).size === 6, `walk ${sortBy} ${sortDirection}: ${seen.length}`);
    }
  const titles = await expect('sort title asc', 'GET', `/v6/pages?siteId=${journal.id}&sortBy=title`, 200, { op: '/v6/pages' });
  ok(titles.body.data[0].title === null, 'nulls first ascending');
  const pre = await expect('pathPrefix', 'GET', `/v6/pages?siteId=${journal.id}&pathPrefix=/stor`, 200, { op: '/v6/pages' });
  ok(pre.body.data.length === 2, 'pathPrefix begins with');
  await expect('pathPrefix without slash', 'GET', `/v6/pages?siteId=${journal.id}&pathPrefix=stor`, 400);
  const de = await expect('locale de-DE', 'GET', `/v6/pages?siteId=${journal.id}&locale=de-de`, 200, { op: '/v6/pages' });
  ok(de.body.data.length === 2 && de.body.data.every((p) => p.locale === 'de-DE'), 'locale filter collapses');
  const fi = await expect('restored locale brings localizations', 'GET', `/v6/pages?siteId=${journal.id}&locale=fi-FI`, 200, { op: '/v6/pages' });
  ok(fi.body.data.length === 1 && fi.body.data[0].pathname === '/tarinat', 'fi localization back');
  await expect('locale unknown', 'GET', `/v6/pages?siteId=${journal.id}&locale=it-IT`, 404);
  await expect('bad sortBy', 'GET', `/v6/pages?siteId=${journal.id}&sortBy=name`, 400);
  await expect('bad versionRef', 'GET', `/v6/pages?siteId=${journal.id}&versionRef=live`, 400);
  await expect('pages foreign', 'GET', `/v6/pages?siteId=${journal.id}`, 403, { key: s.otherApiKey });
  await expect('site pages alias', 'GET', `/v2/sites/${journal.id}/pages?limit=2`, 200, { op: 'sitePages' });
  await expect('site pages alias filter refused', 'GET', `/v2/sites/${journal.id}/pages?includeOffline=true`, 400);

  const np = await expect('create page', 'POST', '/v6/pages', 201, { body: { siteId: journal.id, pathname: '/tide-tables', name: 'Tide tables' }, op: '/v6/pages' });
  ok(np.body.isOnline === false && np.body.publishedAt === null && np.body.sitemapFrequency === 'daily' && np.body.updatedAt === np.body.createdAt && !('locale' in np.body), 'new page defaults');
  ok(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(np.body.createdAt), 'second precision timestamps');
  await expect('create page clash', 'POST', '/v6/pages', 409, { body: { siteId: journal.id, pathname: '/tide-tables', name: 'x' } });
  await expect('create page clash localized', 'POST', '/v6/pages', 409, { body: { siteId: journal.id, pathname: '/geschichten', name: 'x' } });
  await expect('route for the clash', 'POST', '/v2/routes', 201, { body: { siteId: journal.id, pathname: '/tide-log' }, op: 'route' });
  await expect('create page clash route', 'POST', '/v6/pages', 409, { body: { siteId: journal.id, pathname: '/tide-log', name: 'x' } });
  r = await expect('create page invalid', 'POST', '/v6/pages', 400, { body: { pathname: '/Upper', name: '' } });
  ok(fields(r).join() === 'siteId,pathname,name', `page details ${fields(r)}`);
  await expect('create page trailing slash', 'POST', '/v6/pages', 400, { body: { siteId: journal.id, pathname: '/a/', name: 'x' } });
  await expect('create page foreign', 'POST', '/v6/pages', 403, { body: { siteId: journal.id, pathname: '/zz', name: 'x' }, key: s.otherApiKey });
  await expect('get page by id', 'GET', `/v6/pages/${np.body.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by pathname', 'GET', `/v6/pages/${enc('/stories')}?siteId=${journal.id}&locale=nb-NO`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page pathname without siteId', 'GET', `/v6/pages/${enc('/stories')}`, 400);
  await expect('get page not localized', 'GET', `/v6/pages/${enc('/about')}?siteId=${journal.id}&locale=nb-NO`, 404);
  await expect('get page unknown locale', 'GET', `/v6/pages/${enc('/about')}?siteId=${journal.id}&locale=xx`, 400);
  await expect('get page live of never-published', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 404);
  await expect('get page raw segments', 'GET', `/v6/pages/stories/harbour-lights?siteId=${journal.id}`, 404);
  await expect('update page empty', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: {} });
  const online = await expect('update page online', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(online.body.isOnline === true && online.body.publishedAt !== null && online.body.updatedAt === np.body.updatedAt, 'publish keeps updatedAt');
  await expect('get live now', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('update page rename', 'PATCH', `/v6/pages/${enc('/tide-tables')}?siteId=${journal.id}`, 200, { body: { pathname: '/tides', name: 'Tides' }, op: '/v6/pages/{pageIdOrPathname}' });
  const lv = await expect('live keeps old path', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(lv.body.pathname === '/tide-tables', 'live snapshot not republished');
  await expect('update page clash', 'PATCH', `/v6/pages/${np.body.id}`, 409, { body: { pathname: '/about' } });
  const off = await expect('update page offline', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.publishedAt === null, 'unpublished');
  await expect('update page unknown field', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { title: 'x' } });
  await expect('site key page write', 'POST', '/v6/pages', 201, { body: { siteId: shop.id, pathname: '/rea', name: 'Rea' }, key: s.siteApiKey, op: '/v6/pages' });
  await expect('publishable key reads live', 'GET', `/v6/pages?siteId=${journal.id}`, 200, { key: journal.publicApiKey, op: '/v6/pages' });
  await expect('publishable key draft', 'GET', `/v6/pages?siteId=${journal.id}&versionRef=ref:draft`, 403, { key: journal.publicApiKey });
  await expect('publishable key site', 'GET', `/v2/sites/${journal.id}`, 403, { key: journal.publicApiKey });
  await expect('delete page', 'DELETE', `/v6/pages/${np.body.id}`, 204);
  await expect('delete page again', 'DELETE', `/v6/pages/${np.body.id}`, 404);

  // ======== routes
  const routes = await expect('list routes', 'GET', `/v2/routes?siteId=${journal.id}`, 200, { op: 'routes' });
  ok(routes.body.data.map((x) => x.pathname).join() === '/tide-log,/go/{slug},/feeds/{kind}', 'routes newest first');
  const nr = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: journal.id, pathname: '/api/{version}/*' }, op: 'route' });
  await expect('create route bad grammar', 'POST', '/v2/routes', 400, { body: { siteId: journal.id, pathname: '/api/:version' } });
  await expect('create route skipValidation refused', 'POST', '/v2/routes?skipValidation=true', 400, { body: { siteId: journal.id, pathname: '/x' } });
  await expect('create route clash page', 'POST', '/v2/routes', 409, { body: { siteId: journal.id, pathname: '/about' } });
  await expect('get route', 'GET', `/v2/routes/${nr.body.id}`, 200, { op: 'route' });
  await expect('get route by pathname', 'GET', `/v2/routes/${enc('/go/{slug}')}?siteId=${journal.id}`, 200, { op: 'route' });
  await expect('update route', 'PATCH', `/v2/routes/${nr.body.id}`, 200, { body: { pathname: '/api/{version}/docs' }, op: 'route' });
  await expect('update route bad', 'PATCH', `/v2/routes/${nr.body.id}`, 400, { body: { pathname: '/API/:v' } });
  const sk = await expect('update route skipValidation', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=true`, 200, { body: { pathname: '/API/:v' }, op: 'route' });
  ok(sk.body.pathname === '/API/:v', 'skipValidation keeps the value');
  await expect('update route by pathname', 'PATCH', `/v2/routes/${enc('/go/{slug}')}?siteId=${journal.id}`, 200, { body: {}, op: 'route' });
  await expect('update route clash', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=true`, 409, { body: { pathname: '/feeds/{kind}' } });
  await expect('update route skipValidation bad value', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=yes`, 400, { body: {} });
  await expect('update route pathname without siteId', 'PATCH', `/v2/routes/${enc('/go/{slug}')}`, 400, { body: {} });
  await expect('route write with site key', 'PATCH', `/v2/routes/${enc('/checkout/{step}')}`, 403, { body: {}, key: s.siteApiKey });
  await expect('route read with site key', 'GET', `/v2/routes/${enc('/checkout/{step}')}`, 200, { key: s.siteApiKey, op: 'route' });
  await expect('delete route', 'DELETE', `/v2/routes/${nr.body.id}`, 204);

  // ======== duplicate and delete site
  const dup = await expect('duplicate site', 'POST', `/v2/sites/${journal.id}/duplicate`, 201, { body: { name: 'Journal copy' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.hostOrigin === journal.hostOrigin && dup.body.defaultLocale === 'en-GB' && dup.body.publicApiKey !== journal.publicApiKey, 'duplicate copies configuration');
  const dl = await expect('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dl.body.data.length === 5 && dl.body.data.every((l) => l.domain === null), 'locales copied without domains');
  const dp = await expect('duplicate pages', 'GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(dp.body.data.length === 6, `pages copied ${dp.body.data.length}`);
  const dr = await expect('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  ok(dr.body.data.length === 3, 'routes copied');
  await expect('duplicate no name', 'POST', `/v2/sites/${journal.id}/duplicate`, 400, { body: {} });
  await expect('duplicate with site key', 'POST', `/v2/sites/${shop.id}/duplicate`, 403, { body: { name: 'x' }, key: s.siteApiKey });
  await expect('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await expect('delete site foreign', 'DELETE', `/v2/sites/${journal.id}`, 403, { key: s.otherApiKey });
  await expect('deleted site gone', 'GET', `/v2/sites/${dup.body.id}`, 404);
  await expect('site key of deleted site', 'GET', `/v2/sites/${shop.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
} catch (e) {
  failures++;
  console.error('FAIL exception', e);
} finally {
  await s.close();
}
console.log(`${calls} calls, ${validated} success bodies validated, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
