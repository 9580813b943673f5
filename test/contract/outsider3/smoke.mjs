// Self-test of outsider3: starts the server in-process, calls every operation, checks statuses,
// the error envelope, this deployment's own choices, and validates every success body against the
// published OpenAPI response schema (routes, absent from the OpenAPI, against the specification's table).
//   node test/contract/outsider3/smoke.mjs          (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---- a small JSON Schema checker (the subset the published OpenAPI uses)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}
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
const ROUTE_SCHEMA = {
  type: 'object',
  required: ['object', 'id', 'pathname'],
  properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } },
};
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE_SCHEMA }, hasMore: { type: 'boolean' } } };
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE_SCHEMA;
  if (op === 'routes') return ROUTE_LIST;
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

/** Calls, checks the status, the error envelope, and (with `op`) the success body against its schema. */
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
    const codes = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
    ok(json.object === 'error' && json.code === codes[r.status] && typeof json.message === 'string', `${label}: error envelope ${r.text}`);
    if (r.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: 400 details`);
      ok(new Set(json.details.map((d) => d.field)).size === json.details.length, `${label}: one detail per field`);
    } else ok(!('details' in json), `${label}: details outside 400`);
    const errSchema = schemaFor(Object.keys(doc.paths).find((p) => p === op) || '', method, r.status);
    if (errSchema && errSchema.$ref) ok(check(errSchema, json).length === 0, `${label}: error schema`);
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

try {
  const ws = s.workspaceId;

  // ======== sites
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Lumen Docs|Lumen Shop', 'sites oldest first');
  const [docs, shop] = sites.body.data;
  ok(!('defaultLocalePathPrefix' in docs), 'defaultLocalePathPrefix omitted');
  const s1 = await expect('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(s1.body.hasMore === true && s1.body.data.length === 1, 'sites page 1 hasMore');
  const s2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${s1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(s2.body.hasMore === false && s2.body.data[0].id === shop.id, 'sites page 2');
  await expect('list sites limit clamped', 'GET', `/v2/sites?workspaceId=${ws}&limit=5000`, 200, { op: '/v2/sites' });
  await expect('list sites limit=0', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 400);
  await expect('list sites limit=abc', 'GET', `/v2/sites?workspaceId=${ws}&limit=abc`, 400);
  await expect('list sites no workspaceId', 'GET', '/v2/sites', 400);
  await expect('list sites other workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey });
  await expect('list sites unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 404);
  await expect('list sites unknown cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 404);
  await expect('list sites with site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });

  const created = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: ' Smoke  ', hostOrigin: 'https://smoke.example/app' }, op: '/v2/sites' });
  const sid = created.body.id;
  ok(created.body.name === ' Smoke  ' && created.body.hostOrigin === 'https://smoke.example/app', 'site name and hostOrigin kept as sent');
  ok(created.body.defaultLocale === 'en-US' && created.body.localeManagementMode === 'internal', 'new site defaults');
  ok(sid[14] === '7', 'ids are UUID v7');
  const fr = await expect('create site fr', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Français', defaultLocale: 'FR-fr' }, op: '/v2/sites' });
  ok(fr.body.defaultLocale === 'fr-FR' && fr.body.hostOrigin === null, 'locale code normalised');
  const bad = await expect('create site invalid', 'POST', '/v2/sites', 400, { body: { name: 'x'.repeat(41), hostOrigin: 'ftp://x', defaultLocale: 'en_US', id: ZERO } });
  ok(bad.body.details.map((d) => d.field).join() === 'name,hostOrigin,defaultLocale,id,workspaceId', `details in body order then missing: ${bad.body.details.map((d) => d.field)}`);
  await expect('create site region not ISO 3166', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', defaultLocale: 'en-XX' } });
  await expect('create site foreign workspace', 'POST', '/v2/sites', 403, { key: s.otherApiKey, body: { workspaceId: ws, name: 'x' } });
  await expect('create site unknown workspace', 'POST', '/v2/sites', 404, { body: { workspaceId: ZERO, name: 'x' } });
  await expect('create site with site key', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: ws, name: 'x' } });

  await expect('get site', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site upper-case id', 'GET', `/v2/sites/${sid.toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site malformed id', 'GET', '/v2/sites/not-a-uuid', 404);
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site other workspace', 'GET', `/v2/sites/${docs.id}`, 403, { key: s.otherApiKey });
  const upd = await expect('update site', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Smoke 2', hostOrigin: '', extra: 1 }, op: '/v2/sites/{siteId}' });
  ok(upd.body.name === 'Smoke 2' && upd.body.hostOrigin === null, 'empty hostOrigin clears it; unknown field ignored');
  await expect('update site defaultLocale refused', 'PATCH', `/v2/sites/${sid}`, 400, { body: { defaultLocale: 'de-DE' } });
  await expect('update site hostOrigin null', 'PATCH', `/v2/sites/${sid}`, 400, { body: { hostOrigin: null } });
  await expect('update site bad json (404 wins)', 'PATCH', `/v2/sites/${ZERO}`, 404, { rawBody: '{', headers: { 'content-type': 'application/json' } });
  await expect('update site bad json', 'PATCH', `/v2/sites/${sid}`, 400, { rawBody: '{', headers: { 'content-type': 'application/json' } });
  await expect('update site text/plain', 'PATCH', `/v2/sites/${sid}`, 400, { rawBody: '{}', headers: { 'content-type': 'text/plain' } });
  await expect('update site array body', 'PATCH', `/v2/sites/${sid}`, 400, { body: [1] });
  await expect('update site with site key', 'PATCH', `/v2/sites/${shop.id}`, 403, { key: s.siteApiKey, body: { name: 'x' } });

  const docsLocales = await expect('docs locales', 'GET', `/v2/locales?siteId=${docs.id}`, 200, { op: '/v2/locales' });
  const locsOf = (r) => r.body.data.map((l) => `${l.locale}:${l.domain}`).join();
  const dup = await expect('duplicate site', 'POST', `/v2/sites/${docs.id}/duplicate`, 201, { body: { name: 'Docs copy' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.hostOrigin === docs.hostOrigin && dup.body.defaultLocale === docs.defaultLocale && dup.body.publicApiKey !== docs.publicApiKey, 'duplicate copies configuration');
  const dupPages = await expect('duplicate pages', 'GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  const srcPages = await expect('source pages', 'GET', `/v6/pages?siteId=${docs.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  ok(dupPages.body.data.map((p) => `${p.pathname}:${p.isOnline}`).join() === srcPages.body.data.map((p) => `${p.pathname}:${p.isOnline}`).join(), 'duplicate copies pages and their publication state');
  const dupLocales = await expect('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dupLocales.body.data.map((l) => `${l.locale}:${l.domain}`).join() === locsOf(docsLocales), 'duplicate copies active locales with their domains');
  await expect('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  await expect('duplicate without name', 'POST', `/v2/sites/${docs.id}/duplicate`, 400, { body: {} });
  await expect('duplicate unknown', 'POST', `/v2/sites/${ZERO}/duplicate`, 404, { body: { name: 'x' } });
  await expect('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await expect('get deleted site', 'GET', `/v2/sites/${dup.body.id}`, 404);
  await expect('delete site other workspace', 'DELETE', `/v2/sites/${docs.id}`, 403, { key: s.otherApiKey });
  // a cursor on a deleted site still resumes in place
  const afterDeleted = await expect('cursor on deleted site', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${dup.body.id}`, 200, { op: '/v2/sites' });
  ok(afterDeleted.body.data.length === 0, 'nothing after the newest (deleted) site');

  // ======== locales
  const locs = await expect('list locales', 'GET', `/v2/locales?siteId=${docs.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join() === 'en-US,fr-CA,ja-JP', `locales by code, deleted hidden: ${locs.body.data.map((l) => l.locale)}`);
  ok(locs.body.data[0].isDefault === true && locs.body.data[1].pathPrefix === 'quebec', 'locale fields');
  const l1 = await expect('list locales limit=2', 'GET', `/v2/locales?siteId=${docs.id}&limit=2`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore === true, 'locales hasMore');
  const l2 = await expect('list locales page 2', 'GET', `/v2/locales?siteId=${docs.id}&limit=2&startingAfter=${l1.body.data[1].id}`, 200, { op: '/v2/locales' });
  ok(l2.body.hasMore === false && l2.body.data.length === 1 && l2.body.data[0].locale === 'ja-JP', 'locales page 2');
  await expect('list locales limit=101 refused', 'GET', `/v2/locales?siteId=${docs.id}&limit=101`, 400);
  await expect('list locales limit=2.9 floored', 'GET', `/v2/locales?siteId=${docs.id}&limit=2.9`, 200, { op: '/v2/locales' });
  await expect('list locales no siteId', 'GET', '/v2/locales?limit=0', 400);
  await expect('list locales site key own', 'GET', `/v2/locales?siteId=${shop.id}`, 200, { key: s.siteApiKey, op: '/v2/locales' });

  const de = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'de-de', domain: 'https://de.smoke.example' }, op: '/v2/locales' });
  ok(de.body.locale === 'de-DE' && de.body.isDefault === false && de.body.pathPrefix === null, 'created locale');
  await expect('create locale duplicate code', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'DE-DE' } });
  await expect('create locale domain taken in site', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'it-IT', domain: 'https://DE.smoke.example' } });
  await expect('same domain in another site is fine', 'POST', '/v2/locales', 201, { body: { siteId: fr.body.id, locale: 'it-IT', domain: 'https://de.smoke.example' }, op: '/v2/locales' });
  await expect('create locale domain with path', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'it-IT', domain: 'https://x.example/it' } });
  await expect('create locale underscore', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'it_IT' } });
  await expect('create locale with site key', 'POST', '/v2/locales', 403, { key: s.siteApiKey, body: { siteId: shop.id, locale: 'it-IT' } });
  await expect('get locale by id', 'GET', `/v2/locales/${de.body.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code', 'GET', `/v2/locales/de-de?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code without siteId', 'GET', '/v2/locales/de-DE', 400);
  await expect('get locale id with other siteId', 'GET', `/v2/locales/${de.body.id}?siteId=${docs.id}`, 400);
  await expect('get locale unknown code', 'GET', `/v2/locales/pt-BR?siteId=${sid}`, 404);
  const ud = await expect('update locale', 'PATCH', `/v2/locales/${de.body.id}`, 200, { body: { locale: 'de-AT', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(ud.body.locale === 'de-AT' && ud.body.domain === null, 'locale renamed, domain cleared');
  await expect('update default locale code', 'PATCH', `/v2/locales/en-US?siteId=${sid}`, 400, { body: { locale: 'en-GB' } });
  await expect('update default locale domain', 'PATCH', `/v2/locales/en-US?siteId=${sid}`, 200, { body: { domain: 'https://smoke.example' }, op: '/v2/locales/{localeIdOrCode}' });
  await expect('update locale empty body', 'PATCH', `/v2/locales/${de.body.id}`, 200, { body: {}, op: '/v2/locales/{localeIdOrCode}' });
  await expect('delete default locale', 'DELETE', `/v2/locales/en-US?siteId=${sid}`, 400);
  await expect('restore live locale', 'POST', `/v2/locales/${de.body.id}/restore`, 400);
  await expect('delete locale', 'DELETE', `/v2/locales/de-AT?siteId=${sid}`, 204);
  await expect('delete locale again', 'DELETE', `/v2/locales/${de.body.id}`, 204);
  await expect('get deleted locale', 'GET', `/v2/locales/${de.body.id}`, 404);
  const rs = await expect('restore locale', 'POST', `/v2/locales/de-AT/restore?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(rs.body.id === de.body.id, 'restore keeps the id');
  await expect('delete locale 2', 'DELETE', `/v2/locales/${de.body.id}`, 204);
  const revived = await expect('create locale over deleted code', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'de-AT' }, op: '/v2/locales' });
  ok(revived.body.id === de.body.id, 'creating a soft-deleted code revives it');
  const it = await expect('create it-IT with domain', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'it-IT', domain: 'https://it.smoke.example' }, op: '/v2/locales' });
  await expect('delete it-IT', 'DELETE', `/v2/locales/${it.body.id}`, 204);
  await expect('domain reused meanwhile', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'es-ES', domain: 'https://it.smoke.example' }, op: '/v2/locales' });
  const itBack = await expect('restore it-IT', 'POST', `/v2/locales/${it.body.id}/restore`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(itBack.body.domain === null, 'restore clears a domain taken meanwhile');
  await expect('restore deleted seed locale', 'POST', `/v2/locales/nl-NL/restore?siteId=${docs.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  const gsNl = await expect('localization back after restore', 'GET', `/v6/pages/getting-started?siteId=${docs.id}&locale=nl-NL`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(gsNl.body.pathname === '/aan-de-slag' && gsNl.body.locale === 'nl-NL', 'restored locale brings its localizations back');
  await expect('delete nl-NL again', 'DELETE', `/v2/locales/nl-NL?siteId=${docs.id}`, 204);

  // ======== pages
  const pl = await expect('list pages', 'GET', `/v6/pages?siteId=${docs.id}`, 200, { op: '/v6/pages' });
  ok(pl.body.data.every((p) => p.isOnline) && !pl.body.data.some((p) => 'locale' in p), 'online only by default; no locale field');
  ok(pl.body.data.map((p) => p.pathname).join() === '/,/getting-started,/guides/install,/guides/page2,/guides/page10,/Team', `path order (numeric, case-insensitive): ${pl.body.data.map((p) => p.pathname)}`);
  const all = await expect('list pages includeOffline', 'GET', `/v6/pages?siteId=${docs.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(all.body.data.length === 8, 'offline pages included');
  const byTitle = await expect('list pages by title desc', 'GET', `/v6/pages?siteId=${docs.id}&includeOffline=true&sortBy=title&sortDirection=desc`, 200, { op: '/v6/pages' });
  ok(byTitle.body.data[0].title === null && byTitle.body.data[1].title === 'Lumen Docs', 'null titles first even in desc');
  const live = await expect('list pages live', 'GET', `/v6/pages?siteId=${docs.id}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(live.body.data.every((p) => p.isOnline), 'live version has online pages only');
  const pre = await expect('list pages pathPrefix', 'GET', `/v6/pages?siteId=${docs.id}&pathPrefix=guides`, 200, { op: '/v6/pages' });
  ok(pre.body.data.length === 3 && pre.body.data.every((p) => p.pathname.startsWith('/guides')), 'pathPrefix begins with');
  const frList = await expect('list pages locale', 'GET', `/v6/pages?siteId=${docs.id}&locale=fr-ca`, 200, { op: '/v6/pages' });
  ok(frList.body.data.map((p) => `${p.pathname}@${p.locale}`).join() === '/guides/installation@fr-CA,/premiers-pas@fr-CA', `locale filter collapses: ${frList.body.data.map((p) => p.pathname)}`);
  await expect('list pages unknown locale', 'GET', `/v6/pages?siteId=${docs.id}&locale=pt-PT`, 400);
  await expect('list pages bad sortBy', 'GET', `/v6/pages?siteId=${docs.id}&sortBy=name&includeOffline=yes`, 400);
  // walk every page two by two, in every sort
  for (const sortBy of ['path', 'title', 'description', 'createdAt', 'updatedAt']) {
    for (const dir of ['asc', 'desc']) {
      const base = `/v6/pages?siteId=${docs.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}`;
      const full = (await expect(`full ${sortBy} ${dir}`, 'GET', `${base}&limit=100`, 200, { op: '/v6/pages' })).body.data.map((p) => p.id);
      const seen = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const r = await expect(`walk ${sortBy} ${dir}`, 'GET', `${base}&limit=3${after}`, 200, { op: '/v6/pages' });
        seen.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        after = `&startingAfter=${r.body.data.at(-1).id}`;
      }
      ok(seen.join() === full.join(), `pagination walk ${sortBy} ${dir}`);
    }
  }

  const pg = await expect('create page', 'POST', '/v6/pages', 201, { body: { siteId: docs.id, pathname: '/Über/', name: '  Über uns  ' }, op: '/v6/pages' });
  ok(pg.body.pathname === '/Über' && pg.body.name === 'Über uns' && pg.body.isOnline === false && pg.body.publishedAt === null, 'new page: trailing slash dropped, name trimmed, offline');
  ok(pg.body.canonicalUrl === 'https://docs.lumen.example/Über' && pg.body.sitemapPriority === 0.8 && pg.body.sitemapFrequency === 'weekly' && pg.body.title === null, 'new page defaults');
  ok(pg.body.createdAt.endsWith('+00:00') && pg.body.createdAt === pg.body.updatedAt, 'timestamps');
  await expect('create page conflict (page)', 'POST', '/v6/pages', 409, { body: { siteId: docs.id, pathname: '/Über', name: 'x' } });
  await expect('create page conflict (localization)', 'POST', '/v6/pages', 409, { body: { siteId: docs.id, pathname: '/premiers-pas', name: 'x' } });
  await expect('create route /press', 'POST', '/v2/routes', 201, { body: { siteId: docs.id, pathname: '/press' }, op: 'route' });
  await expect('create page conflict (route)', 'POST', '/v6/pages', 409, { body: { siteId: docs.id, pathname: '/press', name: 'x' } });
  await expect('create page other case is fine', 'POST', '/v6/pages', 201, { body: { siteId: docs.id, pathname: '/team', name: 'team' }, op: '/v6/pages' });
  const pbad = await expect('create page invalid', 'POST', '/v6/pages', 400, { body: { pathname: 'nope', name: '   ', isOnline: true } });
  ok(pbad.body.details.map((d) => d.field).join() === 'pathname,name,isOnline,siteId', 'create page details');
  await expect('create page unknown site', 'POST', '/v6/pages', 404, { body: { siteId: ZERO, pathname: '/x', name: 'x' } });
  await expect('create page other workspace', 'POST', '/v6/pages', 403, { key: s.otherApiKey, body: { siteId: docs.id, pathname: '/x', name: 'x' } });
  const sk = await expect('create page with site key', 'POST', '/v6/pages', 201, { key: s.siteApiKey, body: { siteId: shop.id, pathname: '/ofertas', name: 'Ofertas' }, op: '/v6/pages' });
  await expect('create page with site key elsewhere', 'POST', '/v6/pages', 403, { key: s.siteApiKey, body: { siteId: docs.id, pathname: '/x', name: 'x' } });

  await expect('get page by id', 'GET', `/v6/pages/${pg.body.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by pathname', 'GET', `/v6/pages/${enc('/Über')}?siteId=${docs.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page by bare pathname', 'GET', `/v6/pages/Team?siteId=${docs.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get root page', 'GET', `/v6/pages/%2F?siteId=${docs.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get nested page encoded', 'GET', `/v6/pages/${enc('/guides/install')}?siteId=${docs.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get nested page raw slashes', 'GET', `/v6/pages/guides/install?siteId=${docs.id}`, 404);
  await expect('get page pathname without siteId', 'GET', '/v6/pages/Team', 400);
  await expect('get page live of offline', 'GET', `/v6/pages/${pg.body.id}?versionRef=ref:live`, 404);
  await expect('get page bad versionRef', 'GET', `/v6/pages/${pg.body.id}?versionRef=live`, 400);
  const gl = await expect('get page localized', 'GET', `/v6/pages/getting-started?siteId=${docs.id}&locale=ja-JP`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(gl.body.pathname === '/hajimeni' && gl.body.title === 'はじめに' && gl.body.description === 'Install and first steps' && gl.body.locale === 'ja-JP', 'collapsed localization');
  const fb = await expect('get page unknown locale falls back', 'GET', `/v6/pages/getting-started?siteId=${docs.id}&locale=xx`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(fb.body.pathname === '/getting-started' && fb.body.locale === 'en-US', 'fallback to default');
  await expect('get page other workspace', 'GET', `/v6/pages/${pg.body.id}`, 403, { key: s.otherApiKey });

  const up = await expect('update page online', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: { isOnline: true, pathname: '/ueber' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(up.body.isOnline && up.body.publishedAt !== null && up.body.pathname === '/ueber' && up.body.canonicalUrl === 'https://docs.lumen.example/ueber', 'publish and rename');
  ok(up.body.updatedAt > pg.body.updatedAt, 'updatedAt moves');
  await expect('get page live now', 'GET', `/v6/pages/${pg.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  const same = await expect('update page no change', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: {}, op: '/v6/pages/{pageIdOrPathname}' });
  ok(same.body.updatedAt === up.body.updatedAt, 'no-op keeps updatedAt');
  const off = await expect('update page offline', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.publishedAt === null, 'offline clears publishedAt');
  const missing = await expect('update page empty pathname', 'PATCH', `/v6/pages/${pg.body.id}`, 400, { body: { pathname: '' } });
  ok(missing.body.details[0].message === 'Missing pathname field.', 'missing pathname message');
  await expect('update page conflict', 'PATCH', `/v6/pages/${pg.body.id}`, 409, { body: { pathname: '/Team' } });
  await expect('update page read-only field', 'PATCH', `/v6/pages/${pg.body.id}`, 400, { body: { createdAt: 'x' } });
  await expect('update page site key', 'PATCH', `/v6/pages/${sk.body.id}`, 200, { key: s.siteApiKey, body: { name: 'Ofertas!' }, op: '/v6/pages/{pageIdOrPathname}' });
  await expect('delete page by pathname', 'DELETE', `/v6/pages/ueber?siteId=${docs.id}`, 204);
  await expect('delete page again', 'DELETE', `/v6/pages/${pg.body.id}`, 404);
  await expect('cursor on deleted page', 'GET', `/v6/pages?siteId=${docs.id}&startingAfter=${pg.body.id}`, 200, { op: '/v6/pages' });
  await expect('cursor from another site', 'GET', `/v6/pages?siteId=${docs.id}&startingAfter=${sk.body.id}`, 404);
  await expect('delete page site key', 'DELETE', `/v6/pages/${sk.body.id}`, 204, { key: s.siteApiKey });

  const sp = await expect('site pages (v2 path)', 'GET', `/v2/sites/${docs.id}/pages?limit=100`, 200, { op: '/v6/pages' });
  ok(sp.body.data.some((p) => !p.isOnline), 'site pages include offline pages');

  // ======== routes
  const routes = await expect('list routes', 'GET', `/v2/routes?siteId=${docs.id}`, 200, { op: 'routes' });
  ok(routes.body.data.map((r) => r.pathname).join() === '/api/:version/*,/blog/[slug],/press', 'routes by pathname');
  const rt = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: sid, pathname: '/docs/[...rest]' }, op: 'route' });
  await expect('create route conflict', 'POST', '/v2/routes', 409, { body: { siteId: sid, pathname: '/docs/[...rest]' } });
  await expect('create route bad', 'POST', '/v2/routes', 400, { body: { siteId: sid, pathname: '/a b' } });
  await expect('get route', 'GET', `/v2/routes/${rt.body.id}`, 200, { op: 'route' });
  const ur = await expect('update route by pathname', 'PATCH', `/v2/routes/${enc('/docs/[...rest]')}?siteId=${sid}`, 200, { body: { pathname: '/guides/:slug' }, op: 'route' });
  ok(ur.body.pathname === '/guides/:slug' && ur.body.id === rt.body.id, 'route renamed');
  await expect('update route by id', 'PATCH', `/v2/routes/${rt.body.id}`, 200, { body: { pathname: '/guides/:slug/:part?' }, op: 'route' });
  await expect('update route invalid', 'PATCH', `/v2/routes/${rt.body.id}`, 400, { body: { pathname: '/weird/{x}' } });
  await expect('update route skipValidation', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=true`, 200, { body: { pathname: '/weird/{x}' }, op: 'route' });
  await expect('update route skipValidation needs slash', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=true`, 400, { body: { pathname: 'weird' } });
  await expect('update route bad skipValidation', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=yes`, 400, { body: {} });
  await expect('create page in smoke site', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: '/hello', name: 'Hello' }, op: '/v6/pages' });
  await expect('update route conflict with page', 'PATCH', `/v2/routes/${rt.body.id}`, 409, { body: { pathname: '/hello' } });
  await expect('update route pathname without siteId', 'PATCH', `/v2/routes/${enc('/weird/{x}')}`, 400, { body: {} });
  await expect('update route empty body', 'PATCH', `/v2/routes/${rt.body.id}`, 200, { body: {}, op: 'route' });
  await expect('update route site key', 'PATCH', `/v2/routes/${enc('/checkout/:step')}?siteId=${shop.id}`, 200, { key: s.siteApiKey, body: { pathname: '/pago/:paso' }, op: 'route' });
  await expect('update route other workspace', 'PATCH', `/v2/routes/${rt.body.id}`, 403, { key: s.otherApiKey, body: {} });
  await expect('update route unknown', 'PATCH', `/v2/routes/${ZERO}`, 404, { body: {} });
  await expect('delete route', 'DELETE', `/v2/routes/${rt.body.id}`, 204);
  await expect('get deleted route', 'GET', `/v2/routes/${rt.body.id}`, 404);

  // ======== keys
  await expect('no key', 'GET', `/v2/sites/${docs.id}`, 401, { key: null });
  await expect('bad key', 'GET', '/nowhere', 401, { key: 'sbs_live_nope' });
  await expect('unknown uuid key', 'GET', `/v2/sites/${docs.id}`, 401, { key: ZERO });
  await expect('site key reads its site', 'GET', `/v2/sites/${shop.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await expect('site key upper-case', 'GET', `/v2/sites/${shop.id}`, 200, { key: s.siteApiKey.toUpperCase(), op: '/v2/sites/{siteId}' });
  await expect('site key other site', 'GET', `/v2/sites/${docs.id}`, 403, { key: s.siteApiKey });
  await expect('site key duplicate', 'POST', `/v2/sites/${shop.id}/duplicate`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  await expect('public key live pages', 'GET', `/v6/pages?siteId=${shop.id}&versionRef=ref:live`, 200, { key: shop.publicApiKey, op: '/v6/pages' });
  await expect('public key live page', 'GET', `/v6/pages/productos?siteId=${shop.id}&versionRef=ref:live&locale=en-US`, 200, { key: shop.publicApiKey, op: '/v6/pages/{pageIdOrPathname}' });
  await expect('public key draft pages', 'GET', `/v6/pages?siteId=${shop.id}`, 403, { key: shop.publicApiKey });
  await expect('public key site', 'GET', `/v2/sites/${shop.id}`, 403, { key: shop.publicApiKey });
  // deleting a site revokes its keys
  const tmp = await expect('create tmp site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'tmp' }, op: '/v2/sites' });
  await expect('delete tmp site', 'DELETE', `/v2/sites/${tmp.body.id}`, 204);
  await expect('public key of deleted site', 'GET', `/v6/pages?siteId=${tmp.body.id}&versionRef=ref:live`, 401, { key: tmp.body.publicApiKey });

  // ======== robustness
  await expect('unknown path', 'GET', '/v3/whatever', 404);
  await expect('trailing slash', 'GET', `/v2/sites/${docs.id}/`, 404);
  await expect('wrong method', 'PUT', `/v2/sites/${docs.id}`, 404);
  await expect('bad percent-encoding in path', 'GET', '/v6/pages/%E0%A4%A', 404);
  await expect('bad percent-encoding in query', 'GET', `/v2/locales?siteId=${docs.id}&limit=%ZZ`, 400);
  await expect('repeated query parameter: last wins', 'GET', `/v2/sites?workspaceId=${ws}&limit=0&limit=1`, 200, { op: '/v2/sites' });
  await expect('unknown query parameter ignored', 'GET', `/v2/sites?workspaceId=${ws}&foo=bar`, 200, { op: '/v2/sites' });
  await expect('huge body', 'POST', '/v2/sites', 400, { rawBody: `{"name":"${'x'.repeat(300000)}"}`, headers: { 'content-type': 'application/json' } });
  await expect('json null body', 'POST', '/v6/pages', 400, { rawBody: 'null', headers: { 'content-type': 'application/json' } });
  await expect('deep json', 'POST', '/v6/pages', 400, { rawBody: '['.repeat(100000), headers: { 'content-type': 'application/json' } });
  await expect('__proto__ body', 'POST', '/v6/pages', 400, { rawBody: '{"__proto__":{"siteId":1}}', headers: { 'content-type': 'application/json' } });
  await expect('wrong types', 'POST', '/v6/pages', 400, { body: { siteId: 5, pathname: ['/'], name: {} } });
  const malformed = await new Promise((resolve) => {
    import('node:net').then(({ connect }) => {
      const sock = connect(new URL(s.url).port, '127.0.0.1', () => sock.write('GARBAGE\r\n\r\n'));
      let data = '';
      sock.on('data', (d) => (data += d));
      sock.on('close', () => resolve(data));
      sock.on('error', () => resolve(data));
    });
  });
  calls++;
  ok(/^HTTP\/1\.1 400/.test(malformed) && malformed.includes('"bad_request"'), 'malformed HTTP answered with a 400 envelope');
} catch (e) {
  failures++;
  console.error('FAIL (exception)', e);
} finally {
  await s.close();
}
console.log(`outsider3 smoke: ${calls} requests, ${validated} bodies validated against the schemas, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
