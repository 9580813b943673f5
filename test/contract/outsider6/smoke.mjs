// Self-test of outsider6: starts the server in-process, calls every operation, checks statuses, the error
// envelope and this deployment's own choices, and validates every success body against the published
// OpenAPI response schema (routes, absent from the OpenAPI, against the specification's Route table).
//   node test/contract/outsider6/smoke.mjs        (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---------------------------------------------------------------- a small JSON Schema checker
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
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
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} is not in the enum`);
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
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTES;
  if (op === 'sitePages') op = '/v6/pages'; // the SPEC's /v2/sites/{siteId}/pages answers the List Pages shape
  const r = doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema ?? null;
}

// ---------------------------------------------------------------- harness
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
const CODE = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
async function expect(label, method, path, status, { key, body, rawBody, headers, op } = {}) {
  calls++;
  const h = { ...(headers || {}) };
  let payload = rawBody;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    if (!('content-type' in h)) h['content-type'] = 'application/json';
  }
  const r = await raw(method, path, { key, body: payload, headers: h });
  let json = null;
  try {
    json = r.text ? JSON.parse(r.text) : null;
  } catch {
    ok(false, `${label}: body is not JSON: ${r.text.slice(0, 80)}`);
  }
  ok(r.status === status, `${label}: status ${r.status}, expected ${status}: ${r.text.slice(0, 400)}`);
  if (r.status === 204) ok(r.text === '', `${label}: 204 with a body`);
  else ok(/^application\/json/.test(r.headers['content-type'] || ''), `${label}: content-type ${r.headers['content-type']}`);
  if (r.status >= 400 && json) {
    ok(json.object === 'error' && json.code === CODE[r.status] && typeof json.message === 'string', `${label}: error envelope ${r.text}`);
    if (r.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: 400 details`);
      ok(new Set(json.details.map((d) => d.field)).size === json.details.length, `${label}: one detail per field`);
    } else ok(!('details' in json), `${label}: details outside a 400`);
  }
  if (r.status < 300 && r.status !== 204 && op) {
    ops.add(`${method} ${op}`);
    const schema = schemaFor(op, method, r.status);
    ok(schema !== null, `${label}: no schema for ${method} ${op} ${r.status}`);
    if (schema) {
      const errs = check(schema, json);
      validated++;
      ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`);
    }
  } else if (r.status === 204 && op) ops.add(`${method} ${op}`);
  return { status: r.status, body: json, headers: r.headers };
}
const ZERO = '00000000-0000-4000-8000-000000000000';
const enc = encodeURIComponent;

try {
  const ws = s.workspaceId;
  // ================================================================ auth and routing
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'appk_nope' });
  await expect('unknown path without key (404 first)', 'GET', '/v3/nothing', 404, { key: null });
  const m = await expect('unsupported method', 'PUT', '/v2/sites', 404);
  ok(m.headers.allow === 'GET, POST', 'Allow header on an unsupported method');
  await expect('trailing slash', 'GET', `/v2/sites/?workspaceId=${ws}`, 404);
  await expect('fixed segments any case', 'GET', `/V2/Sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  await expect('key with spaces around', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { key: `  ${s.apiKey} `, op: '/v2/sites' });
  await expect('bad percent-encoding in path', 'GET', '/v2/locales/%E0%A4%A', 404);
  await expect('bad percent-encoding in query', 'GET', `/v2/sites?workspaceId=%ZZ`, 400);

  // ================================================================ sites
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Marlow Portfolio|Marlow Supply', 'sites by name');
  const [port, supply] = sites.body.data;
  ok(port.defaultLocalePathPrefix === '' && port.localeManagementMode === 'external', 'site prefix and mode');
  ok(port.hostOrigin === 'https://portfolio.marlow.example/', 'hostOrigin with trailing slash');
  const s1 = await expect('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(s1.body.hasMore === true && s1.body.data.length === 1, 'sites page 1');
  const s2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1e0&startingAfter=${s1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(s2.body.hasMore === false && s2.body.data[0].id === supply.id, 'sites page 2');
  await expect('limit=010 is 10', 'GET', `/v2/sites?workspaceId=${ws}&limit=010`, 200, { op: '/v2/sites' });
  await expect('limit=2.5', 'GET', `/v2/sites?workspaceId=${ws}&limit=2.5`, 400);
  await expect('limit=0', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 400);
  await expect('limit=101', 'GET', `/v2/sites?workspaceId=${ws}&limit=101`, 400);
  await expect('limit=0x10', 'GET', `/v2/sites?workspaceId=${ws}&limit=0x10`, 400);
  await expect('limit repeated (joined)', 'GET', `/v2/sites?workspaceId=${ws}&limit=5&limit=5`, 400);
  await expect('limit empty', 'GET', `/v2/sites?workspaceId=${ws}&limit=`, 400);
  await expect('no workspaceId', 'GET', '/v2/sites', 400);
  await expect('other workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey });
  await expect('unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 404);
  await expect('unknown cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 404);
  await expect('site key lists sites', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });

  const c = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Smoke  Site ', hostOrigin: 'HTTPS://Smoke.Example:443' }, op: '/v2/sites' });
  const sid = c.body.id;
  ok(c.body.name === 'Smoke  Site' && c.body.hostOrigin === 'https://smoke.example/', `name trimmed, origin normalised: ${c.body.name} ${c.body.hostOrigin}`);
  ok(c.body.defaultLocale === 'en-US' && c.body.localeManagementMode === 'internal', 'new site defaults');
  ok(sid[14] === '7', 'ids are UUID v7');
  const bad = await expect('create site invalid', 'POST', '/v2/sites', 400, { body: { name: 'x'.repeat(49), hostOrigin: 'https://x.example/path', defaultLocale: 'en-us', Name: 'typo' } });
  ok(bad.body.details.map((d) => d.field).join() === 'workspaceId,name,hostOrigin,defaultLocale,Name', `details order: ${bad.body.details.map((d) => d.field)}`);
  await expect('create site unknown region', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', defaultLocale: 'en-XX' } });
  await expect('create site unknown language', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', defaultLocale: 'qq' } });
  await expect('create site foreign workspace', 'POST', '/v2/sites', 403, { key: s.otherApiKey, body: { workspaceId: ws, name: 'x' } });
  await expect('create site unknown workspace', 'POST', '/v2/sites', 404, { body: { workspaceId: ZERO, name: 'x' } });
  await expect('create site with site key', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: ws, name: 'x' } });
  await expect('create site empty JSON body', 'POST', '/v2/sites', 400, { rawBody: '', headers: { 'content-type': 'application/json' } });
  await expect('create site text/plain', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'text/plain' } });
  await expect('create site latin1 charset', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
  await expect('create site no content-type', 'POST', '/v2/sites', 201, { rawBody: JSON.stringify({ workspaceId: ws, name: 'No CT' }), op: '/v2/sites' });
  await expect('create site BOM', 'POST', '/v2/sites', 201, { rawBody: `\ufeff${JSON.stringify({ workspaceId: ws, name: 'Bom' })}`, headers: { 'content-type': 'application/json; charset=UTF-8' }, op: '/v2/sites' });
  await expect('create site bad JSON', 'POST', '/v2/sites', 400, { rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
  await expect('create site array', 'POST', '/v2/sites', 400, { body: [] });
  await expect('create site huge body', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', pad: 'y'.repeat(20000) } });

  await expect('get site', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site upper-case id', 'GET', `/v2/sites/${sid.toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site malformed', 'GET', '/v2/sites/nope', 404);
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site other workspace', 'GET', `/v2/sites/${port.id}`, 403, { key: s.otherApiKey });
  await expect('get site with its site key', 'GET', `/v2/sites/${supply.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await expect('get site with its publishable key', 'GET', `/v2/sites/${supply.id}`, 403, { key: supply.publicApiKey });
  const u = await expect('update site', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Smoke 2', hostOrigin: null, extra: 1 }, op: '/v2/sites/{siteId}' });
  ok(u.body.name === 'Smoke 2' && u.body.hostOrigin === null, 'null hostOrigin clears, unknown field ignored');
  await expect('update site empty object', 'PATCH', `/v2/sites/${sid}`, 200, { body: {}, op: '/v2/sites/{siteId}' });
  await expect('update site defaultLocale', 'PATCH', `/v2/sites/${sid}`, 400, { body: { defaultLocale: 'de-DE' } });
  await expect('update site hostOrigin ""', 'PATCH', `/v2/sites/${sid}`, 400, { body: { hostOrigin: '' } });
  await expect('update site bad JSON on unknown site (404 first)', 'PATCH', `/v2/sites/${ZERO}`, 404, { rawBody: '{', headers: { 'content-type': 'application/json' } });
  await expect('update site with site key', 'PATCH', `/v2/sites/${supply.id}`, 403, { key: s.siteApiKey, body: { name: 'x' } });

  // ================================================================ locales
  const locs = await expect('list locales', 'GET', `/v2/locales?siteId=${port.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join() === 'en-GB,ja-JP,it-IT', `locales default first then newest: ${locs.body.data.map((l) => l.locale)}`);
  ok(locs.body.data[0].pathPrefix === '' && locs.body.data[2].pathPrefix === 'it-it' && locs.body.data[2].domain === 'https://marlow.it', 'locale fields');
  const l1 = await expect('list locales limit=1', 'GET', `/v2/locales?siteId=${port.id}&limit=1`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore === true, 'locales hasMore');
  await expect('list locales page 2', 'GET', `/v2/locales?siteId=${port.id}&limit=1&startingAfter=${l1.body.data[0].id}`, 200, { op: '/v2/locales' });
  await expect('list locales no siteId', 'GET', '/v2/locales', 400);
  await expect('list locales limit=101', 'GET', `/v2/locales?siteId=${port.id}&limit=101`, 400);
  await expect('list locales other workspace', 'GET', `/v2/locales?siteId=${port.id}`, 403, { key: s.otherApiKey });
  await expect('list locales with publishable key', 'GET', `/v2/locales?siteId=${supply.id}`, 200, { key: supply.publicApiKey, op: '/v2/locales' });

  const de = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'de-DE', domain: 'https://DE.Smoke.example/' }, op: '/v2/locales' });
  ok(de.body.domain === 'https://de.smoke.example' && de.body.isDefault === false, `domain normalised: ${de.body.domain}`);
  const afterLocale = await expect('site mode follows locales', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  ok(afterLocale.body.localeManagementMode === 'external', 'two active locales: external');
  await expect('create locale duplicate code', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'de-DE' } });
  const otherSites = await expect('other workspace sites', 'GET', `/v2/sites?workspaceId=${s.otherWorkspaceId}`, 200, { key: s.otherApiKey, op: '/v2/sites' });
  await expect('create locale domain used in another workspace', 'POST', '/v2/locales', 409, { key: s.otherApiKey, body: { siteId: otherSites.body.data[0].id, locale: 'fr-FR', domain: 'https://marlow.it/' } });
  await expect('create locale lower-case region', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'fr-fr' } });
  await expect('create locale domain null', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'fr-FR', domain: null } });
  await expect('create locale with site key', 'POST', '/v2/locales', 403, { key: s.siteApiKey, body: { siteId: supply.id, locale: 'fr-FR' } });
  await expect('create locale unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'fr-FR' } });
  await expect('get locale by id', 'GET', `/v2/locales/${de.body.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code', 'GET', `/v2/locales/de-DE?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code, other case', 'GET', `/v2/locales/de-de?siteId=${sid}`, 404);
  await expect('get locale by code without siteId', 'GET', '/v2/locales/de-DE', 400);
  await expect('get locale by code, site key still needs siteId', 'GET', '/v2/locales/en-GB', 400, { key: s.siteApiKey });
  await expect('get locale by code with site key', 'GET', `/v2/locales/en-GB?siteId=${supply.id}`, 200, { key: s.siteApiKey, op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale id with another siteId', 'GET', `/v2/locales/${de.body.id}?siteId=${port.id}`, 404);
  const ud = await expect('update locale', 'PATCH', `/v2/locales/${de.body.id}`, 200, { body: { locale: 'de-AT', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(ud.body.locale === 'de-AT' && ud.body.domain === null, 'locale renamed and domain cleared');
  await expect('update locale onto active code', 'PATCH', `/v2/locales/de-AT?siteId=${sid}`, 409, { body: { locale: 'en-US' } });
  const rd = await expect('rename default locale', 'PATCH', `/v2/locales/en-US?siteId=${sid}`, 200, { body: { locale: 'en-GB' }, op: '/v2/locales/{localeIdOrCode}' });
  ok(rd.body.isDefault === true, 'default renamed');
  const sAfter = await expect('site default follows', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  ok(sAfter.body.defaultLocale === 'en-GB', 'defaultLocale follows the rename');
  await expect('update locale empty', 'PATCH', `/v2/locales/${de.body.id}`, 200, { body: {}, op: '/v2/locales/{localeIdOrCode}' });
  await expect('delete default locale', 'DELETE', `/v2/locales/en-GB?siteId=${sid}`, 400);
  await expect('restore live locale', 'POST', `/v2/locales/${de.body.id}/restore`, 409);
  await expect('delete locale', 'DELETE', `/v2/locales/${de.body.id}`, 204, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('delete locale again', 'DELETE', `/v2/locales/${de.body.id}`, 404);
  await expect('get deleted locale', 'GET', `/v2/locales/${de.body.id}`, 404);
  const hidden = await expect('deleted locale hidden', 'GET', `/v2/locales?siteId=${sid}`, 200, { op: '/v2/locales' });
  ok(hidden.body.data.length === 1, 'deleted locale not listed');
  const resumed = await expect('deleted locale as cursor resumes', 'GET', `/v2/locales?siteId=${sid}&startingAfter=${de.body.id}`, 200, { op: '/v2/locales' });
  ok(resumed.body.data.length === 0, 'nothing after the deleted locale');
  const rs = await expect('restore locale by code', 'POST', `/v2/locales/de-AT/restore?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(rs.body.id === de.body.id, 'restore keeps the id');
  await expect('restore with site key', 'POST', `/v2/locales/${de.body.id}/restore`, 403, { key: s.siteApiKey });
  const pl = await expect('restore seeded deleted locale', 'POST', `/v2/locales/pl-PL/restore?siteId=${port.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  const work = await expect('localization back after restore', 'GET', `/v6/pages/%2Fwork?siteId=${port.id}&locale=pl-PL`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(work.body.pathname === '/prace' && work.body.locale === 'pl-PL', 'collapsed in the restored locale');
  await expect('delete seeded locale again', 'DELETE', `/v2/locales/${pl.body.id}`, 204);

  // ================================================================ pages
  const pg = await expect('list pages', 'GET', `/v6/pages?siteId=${port.id}`, 200, { op: '/v6/pages' });
  ok(pg.body.data.map((p) => p.pathname).join() === '/,/About,/contact,/work,/work/ceramics', `online pages in path order: ${pg.body.data.map((p) => p.pathname)}`);
  ok(pg.body.data.every((p) => !('locale' in p)), 'no locale field in list items without a locale filter');
  ok(pg.body.data[0].localizations[0].locale === 'en-GB', 'the default locale is a localization entry');
  const all = await expect('list pages includeOffline', 'GET', `/v6/pages?siteId=${port.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  ok(all.body.data.length === 7, 'seven pages with offline ones');
  await expect('includeOffline=TRUE refused', 'GET', `/v6/pages?siteId=${port.id}&includeOffline=TRUE`, 400);
  await expect('includeOffline=1 refused', 'GET', `/v6/pages?siteId=${port.id}&includeOffline=1`, 400);
  const byTitle = await expect('sort by title', 'GET', `/v6/pages?siteId=${port.id}&sortBy=title`, 200, { op: '/v6/pages' });
  ok(byTitle.body.data.map((p) => p.pathname).join() === '/About,/work/ceramics,/contact,/,/work', `null title sorts as its pathname: ${byTitle.body.data.map((p) => p.pathname)}`);
  for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt'])
    for (const dir of ['asc', 'desc']) {
      const seen = [];
      let cursor = '';
      for (let i = 0; i < 10; i++) {
        const r = await expect(`walk ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${port.id}&includeOffline=true&limit=2&sortBy=${sortBy}&sortDirection=${dir}${cursor}`, 200, { op: '/v6/pages' });
        seen.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        cursor = `&startingAfter=${r.body.data.at(-1).id}`;
      }
      ok(seen.length === 7 && new Set(seen).size === 7, `walk ${sortBy} ${dir} sees every page once`);
    }
  const pre = await expect('pathPrefix any case', 'GET', `/v6/pages?siteId=${port.id}&pathPrefix=/WORK`, 200, { op: '/v6/pages' });
  ok(pre.body.data.length === 2, 'pathPrefix is case-insensitive');
  await expect('pathPrefix without slash', 'GET', `/v6/pages?siteId=${port.id}&pathPrefix=work`, 400);
  const it = await expect('locale filter', 'GET', `/v6/pages?siteId=${port.id}&locale=it-IT`, 200, { op: '/v6/pages' });
  ok(it.body.data.map((p) => p.pathname).join() === '/,/lavori,/lavori/ceramica' && it.body.data.every((p) => p.locale === 'it-IT'), 'only localized pages, collapsed');
  const none = await expect('unknown locale filter', 'GET', `/v6/pages?siteId=${port.id}&locale=fr-FR`, 200, { op: '/v6/pages' });
  ok(none.body.data.length === 0, 'unknown locale: empty list');
  await expect('malformed locale filter', 'GET', `/v6/pages?siteId=${port.id}&locale=xx_yy`, 400);
  const live = await expect('live version', 'GET', `/v6/pages?siteId=${port.id}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(live.body.data.length === 6, 'never-published page absent from live');
  const contactLive = await expect('get page live', 'GET', `/v6/pages/%2Fcontact?siteId=${port.id}&versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  const contactDraft = await expect('get page draft (double slash form)', 'GET', `/v6/pages//contact?siteId=${port.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(contactLive.body.title === 'Contact' && contactDraft.body.title === 'Get in touch', 'draft differs from live');
  await expect('get page without slash', 'GET', `/v6/pages/contact?siteId=${port.id}`, 404);
  await expect('get page pathname without siteId', 'GET', '/v6/pages/%2Fcontact', 400);
  await expect('get page pathname any case', 'GET', `/v6/pages/%2FCONTACT?siteId=${port.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page unknown locale', 'GET', `/v6/pages/%2Fcontact?siteId=${port.id}&locale=fr-FR`, 404);
  await expect('get page bad versionRef', 'GET', `/v6/pages/%2Fcontact?siteId=${port.id}&versionRef=live`, 400);
  await expect('get never-published live', 'GET', `/v6/pages/%2Fdrafts%2Fspring-line?siteId=${port.id}&versionRef=ref:live`, 404);
  await expect('get page other workspace', 'GET', `/v6/pages/${contactDraft.body.id}`, 403, { key: s.otherApiKey });
  await expect('list pages no siteId', 'GET', '/v6/pages', 400);

  const np = await expect('create page', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: '/Hello-World', name: ' Hello ' }, op: '/v6/pages' });
  ok(np.body.isOnline === false && np.body.publishedAt === null && np.body.excludedFromSearchEngines === true && np.body.locale === 'en-GB', 'new page defaults');
  ok(np.body.createdAt.endsWith('+01:00') && np.body.updatedAt === np.body.createdAt, 'timestamps +01:00, updatedAt = createdAt');
  await expect('create page clash any case', 'POST', '/v6/pages', 409, { body: { siteId: sid, pathname: '/hello-world', name: 'x' } });
  const badPage = await expect('create page invalid', 'POST', '/v6/pages', 400, { body: { siteId: 'nope', pathname: '/a/_b', name: '   ' } });
  ok(badPage.body.details.map((d) => d.field).join() === 'siteId,pathname,name', 'page details');
  await expect('create page trailing slash', 'POST', '/v6/pages', 400, { body: { siteId: sid, pathname: '/a/', name: 'x' } });
  await expect('create page too deep', 'POST', '/v6/pages', 400, { body: { siteId: sid, pathname: '/a/b/c/d/e/f/g', name: 'x' } });
  await expect('create page with dot', 'POST', '/v6/pages', 400, { body: { siteId: sid, pathname: '/feed.xml', name: 'x' } });
  await expect('create page with site key', 'POST', '/v6/pages', 201, { key: s.siteApiKey, body: { siteId: supply.id, pathname: '/novidades', name: 'Novidades' }, op: '/v6/pages' });
  await expect('create page with publishable key', 'POST', '/v6/pages', 403, { key: supply.publicApiKey, body: { siteId: supply.id, pathname: '/x', name: 'x' } });
  await expect('create route /promo', 'POST', '/v2/routes', 201, { body: { siteId: sid, pathname: '/promo' }, op: 'route' });
  await expect('create page on a route pathname', 'POST', '/v6/pages', 409, { body: { siteId: sid, pathname: '/PROMO', name: 'x' } });
  const up = await expect('update page', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { pathname: '/hello', isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(up.body.isOnline === true && up.body.publishedAt !== null && up.body.pathname === '/hello', 'page published');
  const same = await expect('update page same value', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(same.body.updatedAt !== up.body.updatedAt, 'updatedAt moves on every PATCH naming a field');
  await expect('update page empty', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: {} });
  await expect('update page by pathname', 'PATCH', `/v6/pages//hello?siteId=${sid}`, 200, { body: { name: 'Renamed' }, op: '/v6/pages/{pageIdOrPathname}' });
  await expect('update page edit stays draft', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { pathname: '/hello-2' }, op: '/v6/pages/{pageIdOrPathname}' });
  const lv = await expect('live keeps the published pathname', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(lv.body.pathname === '/hello', 'live snapshot');
  await expect('update page typo field', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { isonline: false } });
  await expect('update page offline', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  const off = await expect('live offline listed only with includeOffline', 'GET', `/v6/pages?siteId=${sid}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(off.body.data.length === 1 && off.body.data[0].isOnline === false, 'offline live snapshot');
  const sp = await expect('/v2/sites/{siteId}/pages', 'GET', `/v2/sites/${sid}/pages?limit=5`, 200, { op: 'sitePages' });
  ok(sp.body.data.length === 1, 'site pages alias includes offline pages');
  await expect('delete page', 'DELETE', `/v6/pages/${np.body.id}`, 204, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('delete page again', 'DELETE', `/v6/pages/${np.body.id}`, 404);
  await expect('deleted page as cursor', 'GET', `/v6/pages?siteId=${sid}&startingAfter=${np.body.id}`, 404);
  await expect('publishable key reads pages', 'GET', `/v6/pages?siteId=${supply.id}&versionRef=ref:live`, 200, { key: supply.publicApiKey, op: '/v6/pages' });
  await expect('publishable key offline refused', 'GET', `/v6/pages?siteId=${supply.id}&includeOffline=true`, 403, { key: supply.publicApiKey });

  // ================================================================ routes
  const rl = await expect('list routes', 'GET', `/v2/routes?siteId=${port.id}`, 200, { op: 'routes' });
  ok(rl.body.data.map((r) => r.pathname).join() === '/feeds/:kind,/shop/*', 'routes oldest first');
  const rc = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: sid, pathname: '//docs//:slug/' }, op: 'route' });
  ok(rc.body.pathname === '/docs/:slug', `route normalised: ${rc.body.pathname}`);
  await expect('create route clash with page', 'POST', '/v2/routes', 409, { body: { siteId: port.id, pathname: '/CONTACT' } });
  await expect('create route bad grammar', 'POST', '/v2/routes', 400, { body: { siteId: sid, pathname: '/a/*/b' } });
  await expect('create route with site key', 'POST', '/v2/routes', 403, { key: s.siteApiKey, body: { siteId: supply.id, pathname: '/x' } });
  await expect('get route by id', 'GET', `/v2/routes/${rc.body.id}`, 200, { op: 'route' });
  await expect('get route by pathname', 'GET', `/v2/routes//docs/:slug?siteId=${sid}`, 200, { op: 'route' });
  await expect('get route with site key', 'GET', `/v2/routes/${enc('/go/:code')}?siteId=${supply.id}`, 200, { key: s.siteApiKey, op: 'route' });
  await expect('publishable key: offline page', 'GET', `/v6/pages/%2Fcarrinho?siteId=${supply.id}`, 403, { key: supply.publicApiKey });
  await expect('publishable key: online page', 'GET', `/v6/pages/%2Floja?siteId=${supply.id}&locale=en-GB`, 200, { key: supply.publicApiKey, op: '/v6/pages/{pageIdOrPathname}' });
  await expect('update route', 'PATCH', `/v2/routes/${rc.body.id}`, 200, { body: { pathname: '/guides/*' }, op: 'route' });
  await expect('update route by pathname', 'PATCH', `/v2/routes/${enc('/guides/*')}?siteId=${sid}`, 200, { body: {}, op: 'route' });
  await expect('update route pathname without siteId', 'PATCH', `/v2/routes/${enc('/guides/*')}`, 400, { body: {} });
  await expect('update route invalid', 'PATCH', `/v2/routes/${rc.body.id}`, 400, { body: { pathname: '/a b' } });
  const sk = await expect('update route skipValidation', 'PATCH', `/v2/routes/${rc.body.id}?skipValidation=true`, 200, { body: { pathname: '/Legacy//Path[1]/' }, op: 'route' });
  ok(sk.body.pathname === '/Legacy//Path[1]/', 'skipValidation stores verbatim');
  await expect('update route skipValidation still needs "/"', 'PATCH', `/v2/routes/${rc.body.id}?skipValidation=true`, 400, { body: { pathname: 'x' } });
  await expect('update route skipValidation=yes', 'PATCH', `/v2/routes/${rc.body.id}?skipValidation=yes`, 400, { body: {} });
  await expect('update route clash (skipValidation keeps it)', 'PATCH', `/v2/routes/${rc.body.id}?skipValidation=true`, 409, { body: { pathname: '/PROMO' } });
  await expect('update route with site key', 'PATCH', `/v2/routes/${rl.body.data[0].id}`, 403, { key: s.siteApiKey, body: {} });
  await expect('delete route', 'DELETE', `/v2/routes/${rc.body.id}`, 204, { op: 'route' });
  await expect('delete route again', 'DELETE', `/v2/routes/${rc.body.id}`, 404);

  // ================================================================ duplicate and delete
  const dup = await expect('duplicate site', 'POST', `/v2/sites/${port.id}/duplicate`, 201, { body: { name: 'Portfolio copy' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.hostOrigin === port.hostOrigin && dup.body.defaultLocale === 'en-GB' && dup.body.publicApiKey !== port.publicApiKey, 'duplicate configuration');
  const dl = await expect('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dl.body.data.every((l) => l.domain === null) && dl.body.data.length === 3, 'locales copied without domains');
  const dp = await expect('duplicate pages', 'GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  ok(dp.body.data.length === 7 && dp.body.data.every((p) => p.isOnline === false && p.publishedAt === null), 'pages copied unpublished');
  const dr = await expect('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  ok(dr.body.data.length === 2, 'routes copied');
  const restoredCopy = await expect('soft-deleted locale copied as deleted', 'POST', `/v2/locales/pl-PL/restore?siteId=${dup.body.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(restoredCopy.body.locale === 'pl-PL', 'restore in the copy');
  await expect('duplicate without name', 'POST', `/v2/sites/${port.id}/duplicate`, 400, { body: {} });
  await expect('duplicate with site key', 'POST', `/v2/sites/${supply.id}/duplicate`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  await expect('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204, { op: '/v2/sites/{siteId}' });
  await expect('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await expect('deleted site key revoked', 'GET', `/v6/pages?siteId=${dup.body.id}`, 401, { key: dup.body.publicApiKey });
  await expect('delete site other workspace', 'DELETE', `/v2/sites/${port.id}`, 403, { key: s.otherApiKey });
  await expect('delete site with site key', 'DELETE', `/v2/sites/${supply.id}`, 403, { key: s.siteApiKey });

  // ================================================================ robustness
  const malformed = await raw('GET', '/v2/sites/%', {});
  ok(malformed.status === 404, 'lone % in the path');
  const big = await raw('POST', '/v2/sites', { body: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'application/json' } }).catch(() => ({ status: 400 }));
  ok(big.status === 400, `huge body: ${big.status}`);
} catch (e) {
  failures++;
  console.error('FAIL unexpected exception', e);
} finally {
  await s.close();
}

const expected = [
  'GET /v2/sites', 'POST /v2/sites', 'GET /v2/sites/{siteId}', 'PATCH /v2/sites/{siteId}', 'DELETE /v2/sites/{siteId}', 'POST /v2/sites/{siteId}/duplicate',
  'GET /v2/locales', 'POST /v2/locales', 'GET /v2/locales/{localeIdOrCode}', 'PATCH /v2/locales/{localeIdOrCode}', 'DELETE /v2/locales/{localeIdOrCode}', 'POST /v2/locales/{localeIdOrCode}/restore',
  'GET /v6/pages', 'POST /v6/pages', 'GET /v6/pages/{pageIdOrPathname}', 'PATCH /v6/pages/{pageIdOrPathname}', 'DELETE /v6/pages/{pageIdOrPathname}',
  'GET sitePages', 'GET routes', 'POST route', 'GET route', 'PATCH route', 'DELETE route',
];
for (const op of expected) ok(ops.has(op), `operation not exercised successfully: ${op}`);
console.log(`outsider6 smoke: ${calls} calls, ${validated} success bodies validated, ${ops.size} operations, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
