// Self-test of outsider7: starts the server in-process, calls every operation, checks statuses, the error
// envelope and this deployment's own choices, and validates every success body against the published
// OpenAPI response schema (routes, absent from the OpenAPI, against the specification's Route table).
//   node test/contract/outsider7/smoke.mjs        (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import net from 'node:net';
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
    if (schema.format === 'uri' && !URL.canParse(v)) errs.push(`${at}: not a uri`);
  }
  if (typeof v === 'number' && at.endsWith('.sitemapPriority') && (v < 0 || v > 1)) errs.push(`${at}: outside 0..1`);
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
  const alias = op === '/v2/sites/{siteId}/pages' ? '/v6/pages' : op; // the pagination-example path answers a page list
  const m = op === '/v2/sites/{siteId}/pages' ? 'get' : method.toLowerCase();
  return doc.paths[alias]?.[m]?.responses?.[String(status)]?.content?.['application/json']?.schema ?? null;
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
  if (method !== 'HEAD' && r.status !== 204) {
    try {
      json = JSON.parse(r.text);
    } catch {
      ok(false, `${label}: body is not JSON: ${r.text.slice(0, 120)}`);
    }
  }
  ok(r.status === status, `${label}: status ${r.status}, expected ${status}: ${r.text.slice(0, 300)}`);
  if (r.status === 204) ok(r.text === '', `${label}: 204 with a body`);
  else ok(/^application\/json; charset=utf-8$/.test(r.headers['content-type'] || ''), `${label}: content-type ${r.headers['content-type']}`);
  if (r.status >= 400 && json) {
    ok(json.object === 'error' && json.code === CODES[r.status] && typeof json.message === 'string', `${label}: error envelope ${r.text}`);
    ok(Object.keys(json).join() === (r.status === 400 ? 'object,code,message,details' : 'object,code,message'), `${label}: error keys ${Object.keys(json)}`);
    if (r.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: 400 details`);
      ok(new Set(json.details.map((d) => d.field)).size === json.details.length, `${label}: one detail per field`);
    }
    const errSchema = doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(r.status)]?.content?.['application/json']?.schema;
    if (errSchema?.$ref) ok(check(errSchema, json).length === 0, `${label}: error schema`);
  }
  if (r.status < 300 && r.status !== 204 && op && method !== 'HEAD') {
    const schema = schemaFor(op, method, r.status);
    ok(schema !== null, `${label}: no schema for ${method} ${op} ${r.status}`);
    if (schema) {
      validated++;
      const errs = check(schema, json);
      ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`);
    }
  }
  return { status: r.status, body: json, headers: r.headers, text: r.text };
}
const fields = (r) => (r.body?.details || []).map((d) => d.field).join(',');
const ZERO = '00000000-0000-4000-8000-000000000000';
const enc = encodeURIComponent;
const P = '/v6/pages';

try {
  const ws = s.workspaceId;
  ok(s.apiKey.startsWith('sbsapp-') && UUID.test(s.siteApiKey) && s.otherApiKey !== s.apiKey, 'announced keys');

  // ======== authentication, routing, HTTP
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'sk_nope' });
  await expect('unknown uuid key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: ZERO });
  await expect('unknown path needs auth first', 'GET', '/v9/nothing', 401, { key: null });
  await expect('unknown path', 'GET', '/v9/nothing', 404);
  const put = await expect('unsupported method', 'PUT', `/v2/sites`, 404);
  ok(/supported: GET, POST, HEAD, OPTIONS/.test(put.body.message), 'unsupported method names the supported ones');
  const opt = await raw('OPTIONS', '/v2/sites', { key: null });
  ok(opt.status === 204 && opt.headers.allow === 'GET, POST, HEAD, OPTIONS' && opt.text === '', `OPTIONS preflight without key: ${opt.status} ${opt.headers.allow}`);
  const opt404 = await raw('OPTIONS', '/nothing', { key: null });
  ok(opt404.status === 404, 'OPTIONS on an unknown path is 404');
  const head = await raw('HEAD', `/v2/sites?workspaceId=${ws}`);
  ok(head.status === 200 && head.text === '' && Number(head.headers['content-length']) > 0, 'HEAD answers like GET without a body');
  await expect('trailing slash tolerated', 'GET', `/v2/sites/?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  await expect('double slash is unknown', 'GET', `/v2//sites?workspaceId=${ws}`, 404);
  const pe = await expect('bad percent-encoding in path', 'GET', '/v2/sites/%E0%A4%A', 400);
  ok(fields(pe) === 'path', 'path encoding detail');

  // ======== sites
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.headers['api-version'] === 'v2', 'api-version header');
  ok(sites.text.endsWith('}\n'), 'JSON body ends with a newline');
  ok(sites.body.data.map((x) => x.name).join('|') === 'Quillon Press|Quillon Store', 'sites by name');
  const [press, store] = sites.body.data;
  ok(press.defaultLocalePathPrefix === 'en-US' && press.localeManagementMode === 'external' && store.localeManagementMode === 'internal', 'derived site fields');
  const s1 = await expect('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=01`, 200, { op: '/v2/sites' });
  ok(s1.body.hasMore === true && s1.body.data.length === 1, 'sites page 1');
  const s2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${s1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(s2.body.hasMore === false && s2.body.data[0].id === store.id, 'sites page 2, exact hasMore at the end');
  for (const l of ['0', '101', '2.5', '1e1', '', 'abc']) await expect(`list sites limit=${l}`, 'GET', `/v2/sites?workspaceId=${ws}&limit=${l}`, 400);
  const rep = await expect('repeated parameter', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&limit=1`, 400);
  ok(rep.body.details[0].message === 'must be given only once', 'repeated parameter message');
  await expect('unknown parameter ignored', 'GET', `/v2/sites?workspaceId=${ws}&colour=blue`, 200, { op: '/v2/sites' });
  await expect('list sites no workspaceId', 'GET', '/v2/sites', 400);
  await expect('list sites other workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey });
  await expect('list sites unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 403);
  await expect('list sites unknown cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 400);
  await expect('list sites with site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });

  const created = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Smoke Site ', hostOrigin: 'HTTPS://Smoke.Example:443/App' }, op: '/v2/sites' });
  const sid = created.body.id;
  ok(created.body.name === 'Smoke Site' && created.body.hostOrigin === 'https://smoke.example/App', `site name trimmed, hostOrigin WHATWG-normalised: ${created.body.hostOrigin}`);
  ok(created.body.defaultLocale === 'en-US' && created.body.localeManagementMode === 'internal', 'new site defaults');
  const lt = await expect('create site text/plain JSON', 'POST', '/v2/sites', 201, { rawBody: JSON.stringify({ workspaceId: ws, name: 'Plain', defaultLocale: 'de-at' }), headers: { 'content-type': 'text/plain;charset=UTF-8' }, op: '/v2/sites' });
  ok(lt.body.defaultLocale === 'de-AT', 'region upper-cased');
  await expect('create site no content-type', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ workspaceId: ws, name: 'x' }) });
  await expect('create site latin1', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
  const bad = await expect('create site invalid', 'POST', `/v2/sites?x=1`, 400, { body: { defaultLocale: 'EN-us', name: 'x'.repeat(33), hostOrigin: 'ftp://x' } });
  ok(fields(bad) === 'workspaceId,defaultLocale,name,hostOrigin', `details: missing first, then in sent order: ${fields(bad)}`);
  await expect('create site en_US', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', defaultLocale: 'en_US' } });
  await expect('create site foreign workspace', 'POST', '/v2/sites', 403, { key: s.otherApiKey, body: { workspaceId: ws, name: 'x' } });
  await expect('create site with site key', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: ws, name: 'x' } });
  const bodyFirst = await expect('400 body before 403', 'POST', '/v2/sites', 400, { key: s.siteApiKey, body: { workspaceId: ws } });
  ok(fields(bodyFirst) === 'name', '400 wins over the key-kind 403');
  await expect('malformed JSON', 'POST', '/v2/sites', 400, { rawBody: '{"a":', headers: { 'content-type': 'application/json' } });
  await expect('array body', 'POST', '/v2/sites', 400, { body: [1] });
  const big = await expect('body too large', 'POST', '/v2/sites', 400, { rawBody: JSON.stringify({ name: 'x'.repeat(20000) }), headers: { 'content-type': 'application/json' } });
  ok(fields(big) === 'payload', 'oversized body detail');

  await expect('get site', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  await expect('get site upper-case id', 'GET', `/v2/sites/${sid.toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  const mal = await expect('get site malformed id', 'GET', '/v2/sites/not-a-uuid', 400);
  ok(fields(mal) === 'siteId', 'malformed path id is a 400 on siteId');
  await expect('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await expect('get site other workspace', 'GET', `/v2/sites/${press.id}`, 403, { key: s.otherApiKey });
  await expect('get site with site key', 'GET', `/v2/sites/${store.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await expect('get other site with site key', 'GET', `/v2/sites/${press.id}`, 403, { key: s.siteApiKey });
  await expect('get site with publishable key', 'GET', `/v2/sites/${press.id}`, 200, { key: press.publicApiKey, op: '/v2/sites/{siteId}' });
  const upd = await expect('update site', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Smoke 2', hostOrigin: null, extra: 1 }, op: '/v2/sites/{siteId}' });
  ok(upd.body.name === 'Smoke 2' && upd.body.hostOrigin === null, 'null hostOrigin clears it; unknown field ignored');
  await expect('update site empty body', 'PATCH', `/v2/sites/${sid}`, 200, { rawBody: '', op: '/v2/sites/{siteId}' });
  await expect('update site defaultLocale refused', 'PATCH', `/v2/sites/${sid}`, 400, { body: { defaultLocale: 'de-DE' } });
  await expect('update site bad json before 404', 'PATCH', `/v2/sites/${ZERO}`, 400, { rawBody: '{', headers: { 'content-type': 'application/json' } });
  await expect('update site with site key', 'PATCH', `/v2/sites/${store.id}`, 403, { key: s.siteApiKey, body: { name: 'x' } });

  const dup = await expect('duplicate site', 'POST', `/v2/sites/${press.id}/duplicate`, 201, { body: { name: 'Press copy' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.hostOrigin === press.hostOrigin && dup.body.defaultLocale === press.defaultLocale && dup.body.publicApiKey !== press.publicApiKey, 'duplicate copies configuration');
  const all = (site) => `${P}?siteId=${site}&includeOffline=true&limit=100`;
  const srcPages = await expect('source pages', 'GET', all(press.id), 200, { op: '/v6/pages' });
  const dupPages = await expect('duplicate pages', 'GET', all(dup.body.id), 200, { op: '/v6/pages' });
  const sig = (r) => r.body.data.map((p) => `${p.pathname}:${p.isOnline}:${p.publishedAt}:${p.localizations.map((z) => z.pathname)}`).join();
  ok(sig(srcPages) === sig(dupPages), 'duplicate copies pages, publication and localizations');
  const dupLocales = await expect('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dupLocales.body.data.map((l) => l.locale).join() === 'ca,es-ES,en-US', 'duplicate copies active locales only');
  const dupRoutes = await expect('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  ok(dupRoutes.body.data.length === 2, 'duplicate copies routes');
  await expect('duplicate same name', 'POST', `/v2/sites/${press.id}/duplicate`, 400, { body: { name: 'quillon press' } });
  await expect('duplicate without name', 'POST', `/v2/sites/${press.id}/duplicate`, 400, { body: {} });
  await expect('duplicate unknown', 'POST', `/v2/sites/${ZERO}/duplicate`, 404, { body: { name: 'x' } });
  await expect('duplicate with site key', 'POST', `/v2/sites/${store.id}/duplicate`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  const dupKeyProbe = await expect('site key cannot delete', 'DELETE', `/v2/sites/${store.id}`, 403, { key: s.siteApiKey });
  ok(dupKeyProbe.status === 403, 'site key delete 403');
  await expect('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await expect('deleted site page list', 'GET', all(dup.body.id), 404);
  await expect('deleted site publishable key revoked', 'GET', `/v2/sites/${dup.body.id}`, 401, { key: dup.body.publicApiKey });
  await expect('cursor after a deleted site resumes', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${dup.body.id}`, 200, { op: '/v2/sites' });

  // ======== locales
  const locs = await expect('list locales', 'GET', `/v2/locales?siteId=${press.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join() === 'ca,es-ES,en-US', 'locales: code order, default last');
  ok(locs.body.data.find((l) => l.locale === 'es-ES').domain === 'https://quillon.example/es', 'domain with a path');
  const l1 = await expect('list locales limit=1', 'GET', `/v2/locales?siteId=${press.id}&limit=1`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore === true, 'locales hasMore');
  await expect('list locales limit=101', 'GET', `/v2/locales?siteId=${press.id}&limit=101`, 400);
  await expect('list locales no siteId', 'GET', '/v2/locales', 400);
  await expect('list locales empty siteId', 'GET', '/v2/locales?siteId=', 400);
  await expect('list locales other workspace', 'GET', `/v2/locales?siteId=${press.id}`, 403, { key: s.otherApiKey });
  await expect('list locales with publishable key', 'GET', `/v2/locales?siteId=${press.id}`, 403, { key: press.publicApiKey });
  const esId = locs.body.data.find((l) => l.locale === 'es-ES').id;
  await expect('get locale by id', 'GET', `/v2/locales/${esId}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await expect('get locale by code any case', 'GET', `/v2/locales/ES-es?siteId=${press.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  const need = await expect('get locale by code without siteId', 'GET', '/v2/locales/es-ES', 400);
  ok(fields(need) === 'siteId', 'siteId required with a code');
  await expect('get locale malformed ref', 'GET', `/v2/locales/english?siteId=${press.id}`, 400);
  await expect('get locale unknown code', 'GET', `/v2/locales/it-IT?siteId=${press.id}`, 404);
  await expect('get locale with site key, site implied', 'GET', '/v2/locales/pt-BR', 200, { key: s.siteApiKey, op: '/v2/locales/{localeIdOrCode}' });

  const nl = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'nl-nl', domain: 'HTTPS://Smoke.Example/NL/' }, op: '/v2/locales' });
  ok(nl.body.locale === 'nl-NL' && nl.body.domain === 'https://smoke.example/NL' && nl.body.isDefault === false && nl.body.pathPrefix === null, `locale normalised: ${JSON.stringify(nl.body)}`);
  const ext = await expect('site with a domain locale is external', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  ok(ext.body.localeManagementMode === 'external', 'mode follows domains');
  await expect('create locale duplicate', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'nl-NL' } });
  await expect('create locale domain taken', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'fr', domain: 'https://smoke.example/NL' } });
  await expect('create locale bad', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'NL', domain: 'smoke.example' } });
  await expect('create locale unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'fr' } });
  const fr = await expect('create locale by site key', 'POST', '/v2/locales', 201, { key: s.siteApiKey, body: { siteId: store.id, locale: 'fr' }, op: '/v2/locales' });
  for (const c of ['de', 'it', 'ja']) await expect(`create locale ${c}`, 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: c }, op: '/v2/locales' });
  await expect('create locale quota', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'sv' }, op: '/v2/locales' });
  const quota = await expect('create locale beyond 6', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'da' } });
  ok(fields(quota) === 'locale', 'quota detail on locale');
  const upl = await expect('update locale', 'PATCH', `/v2/locales/nl-NL?siteId=${sid}`, 200, { body: { locale: 'nl-BE', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(upl.body.locale === 'nl-BE' && upl.body.domain === null, 'locale renamed, domain cleared');
  await expect('update locale onto active code', 'PATCH', `/v2/locales/${nl.body.id}`, 409, { body: { locale: 'de' } });
  await expect('update default locale code', 'PATCH', `/v2/locales/en-US?siteId=${sid}`, 403, { body: { locale: 'en-GB' } });
  await expect('update default locale domain', 'PATCH', `/v2/locales/en-US?siteId=${sid}`, 200, { body: { domain: 'https://smoke.example' }, op: '/v2/locales/{localeIdOrCode}' });
  await expect('update locale empty domain', 'PATCH', `/v2/locales/${nl.body.id}`, 400, { body: { domain: '' } });
  await expect('delete default locale', 'DELETE', `/v2/locales/en-US?siteId=${sid}`, 403);
  await expect('delete locale', 'DELETE', `/v2/locales/${nl.body.id}`, 204);
  await expect('delete locale again', 'DELETE', `/v2/locales/${nl.body.id}`, 404);
  await expect('get deleted locale', 'GET', `/v2/locales/${nl.body.id}`, 404);
  const restored = await expect('restore locale by code', 'POST', `/v2/locales/nl-BE/restore?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(restored.body.id === nl.body.id, 'restore brings back the same id');
  await expect('restore live locale is idempotent', 'POST', `/v2/locales/${nl.body.id}/restore`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('restore ignores a body', 'POST', `/v2/locales/${nl.body.id}/restore`, 200, { rawBody: 'not json', headers: { 'content-type': 'application/json' }, op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('restore unknown', 'POST', `/v2/locales/${ZERO}/restore`, 404);
  // two deleted records of one code -> ambiguous
  await expect('delete it', 'DELETE', `/v2/locales/it?siteId=${sid}`, 204);
  const it2 = await expect('create it again', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'it' }, op: '/v2/locales' });
  await expect('restore onto an active code', 'POST', `/v2/locales/it/restore?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('delete it again', 'DELETE', `/v2/locales/${it2.body.id}`, 204);
  await expect('restore ambiguous code', 'POST', `/v2/locales/it/restore?siteId=${sid}`, 409);
  await expect('restore by id', 'POST', `/v2/locales/${it2.body.id}/restore`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await expect('delete locale by site key', 'DELETE', `/v2/locales/${fr.body.id}`, 204, { key: s.siteApiKey });
  await expect('cursor after a deleted locale resumes', 'GET', `/v2/locales?siteId=${store.id}&startingAfter=${fr.body.id}`, 200, { op: '/v2/locales' });

  // ======== pages
  const list = await expect('list pages', 'GET', `${P}?siteId=${press.id}`, 200, { op: '/v6/pages' });
  ok(list.headers['api-version'] === 'v6', 'api-version v6');
  ok(list.body.data.map((p) => p.pathname).join() === '/,/about,/catalogue,/catalogue/spring-2025,/contact', `online pages in tree order: ${list.body.data.map((p) => p.pathname)}`);
  const withOff = await expect('list pages includeOffline=true', 'GET', `${P}?siteId=${press.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(withOff.body.data.length === 7, 'includeOffline=true lists the offline pages too');
  await expect('list pages includeOffline=TRUE', 'GET', `${P}?siteId=${press.id}&includeOffline=TRUE`, 400);
  await expect('list pages includeOffline=1', 'GET', `${P}?siteId=${press.id}&includeOffline=1`, 400);
  const byTitle = await expect('sort by title', 'GET', `${P}?siteId=${press.id}&sortBy=title`, 200, { op: '/v6/pages' });
  ok(byTitle.body.data.map((p) => p.pathname).join() === '/about,/catalogue,/contact,/,/catalogue/spring-2025', `null title sorts as the page name: ${byTitle.body.data.map((p) => p.pathname)}`);
  const desc = await expect('sort createdAt desc', 'GET', `${P}?siteId=${press.id}&sortBy=createdAt&sortDirection=desc`, 200, { op: '/v6/pages' });
  ok(desc.body.data[0].pathname === '/contact', 'createdAt desc');
  await expect('sort invalid', 'GET', `${P}?siteId=${press.id}&sortBy=name`, 400);
  const pre = await expect('pathPrefix', 'GET', `${P}?siteId=${press.id}&pathPrefix=CATALOGUE`, 200, { op: '/v6/pages' });
  ok(pre.body.data.length === 2, 'pathPrefix: "/" added, any case');
  const es = await expect('locale filter', 'GET', `${P}?siteId=${press.id}&locale=es-ES`, 200, { op: '/v6/pages' });
  ok(es.body.data.length === 5 && es.body.data.some((p) => p.pathname === '/catalogo' && p.locale === 'es-ES') && es.body.data.some((p) => p.pathname === '/about' && p.locale === 'en-US'), 'locale filter collapses localized pages, keeps the others');
  await expect('locale filter unknown', 'GET', `${P}?siteId=${press.id}&locale=eu-ES`, 404);
  await expect('locale filter malformed', 'GET', `${P}?siteId=${press.id}&locale=basque`, 400);
  const live = await expect('versionRef live', 'GET', `${P}?siteId=${press.id}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(live.body.data.length === 6 && live.body.data.find((p) => p.pathname === '/contact').title === 'Contact', 'live snapshots (never-published page absent)');
  await expect('versionRef invalid', 'GET', `${P}?siteId=${press.id}&versionRef=live`, 400);
  await expect('list pages other workspace', 'GET', `${P}?siteId=${press.id}`, 403, { key: s.otherApiKey });
  await expect('list pages publishable key', 'GET', `${P}?siteId=${press.id}&includeOffline=true`, 200, { key: press.publicApiKey, op: '/v6/pages' });
  // pagination walk in every sort
  for (const sortBy of ['path', 'title', 'description', 'createdAt', 'updatedAt']) {
    for (const dir of ['asc', 'desc']) {
      const base = `${P}?siteId=${press.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}`;
      const whole = await expect(`whole ${sortBy} ${dir}`, 'GET', `${base}&limit=100`, 200, { op: '/v6/pages' });
      const seen = [];
      let after = null;
      for (let i = 0; i < 20; i++) {
        const r = await expect(`walk ${sortBy} ${dir}`, 'GET', `${base}&limit=2${after ? `&startingAfter=${after}` : ''}`, 200, { op: '/v6/pages' });
        seen.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        after = r.body.data.at(-1).id;
      }
      ok(seen.join() === whole.body.data.map((p) => p.id).join(), `walk ${sortBy} ${dir} matches the whole list`);
    }
  }
  await expect('list pages unknown cursor', 'GET', `${P}?siteId=${press.id}&startingAfter=${ZERO}`, 400);

  const cat = list.body.data.find((p) => p.pathname === '/catalogue');
  await expect('get page by id', 'GET', `${P}/${cat.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  const g1 = await expect('get page by raw pathname', 'GET', `${P}/catalogue/spring-2025?siteId=${press.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(g1.body.pathname === '/catalogue/spring-2025', 'raw multi-segment pathname');
  await expect('get page by encoded pathname', 'GET', `${P}/${enc('/catalogue')}?siteId=${press.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get root page', 'GET', `${P}/%2F?siteId=${press.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await expect('get page pathname without siteId', 'GET', `${P}/about`, 400);
  const gl = await expect('get page in a locale', 'GET', `${P}/${cat.id}?locale=ca`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(gl.body.pathname === '/cataleg' && gl.body.locale === 'ca', 'collapsed localization');
  const gn = await expect('get page in a locale it lacks', 'GET', `${P}/about?siteId=${press.id}&locale=ca`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(gn.body.locale === 'en-US', 'fallback to the default locale');
  await expect('get page unknown locale', 'GET', `${P}/${cat.id}?locale=fr`, 404);
  const draftRef = withOff.body.data.find((p) => p.pathname === '/drafts/autumn');
  await expect('get never-published page live', 'GET', `${P}/${draftRef.id}?versionRef=ref:live`, 404);
  await expect('get page unknown', 'GET', `${P}/${ZERO}`, 404);
  await expect('get page other workspace', 'GET', `${P}/${cat.id}`, 403, { key: s.otherApiKey });

  const np = await expect('create page', 'POST', P, 201, { body: { siteId: press.id, pathname: '/guides/birds/owls', name: 'Owls' }, op: '/v6/pages' });
  ok(np.body.isOnline === false && np.body.publishedAt === null && np.body.sitemapPriority === 0.4 && np.body.sitemapFrequency === 'yearly' && np.body.updatedAt === np.body.createdAt, 'new page defaults');
  ok(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/.test(np.body.createdAt), `microsecond +00:00 timestamps: ${np.body.createdAt}`);
  await expect('create page conflict with page', 'POST', P, 409, { body: { siteId: press.id, pathname: '/about', name: 'x' } });
  await expect('create page conflict with localization', 'POST', P, 409, { body: { siteId: press.id, pathname: '/catalogo', name: 'x' } });
  await expect('create page conflict with hidden localization', 'POST', P, 409, { body: { siteId: press.id, pathname: '/katalogoa', name: 'x' } });
  for (const bad of ['about', '/About', '/a/', '/a//b', '/a/../b', '/ü', `/${'a'.repeat(96)}`, '/a/b/c/d/e/f']) await expect(`create page pathname ${bad}`, 'POST', P, 400, { body: { siteId: press.id, pathname: bad, name: 'x' } });
  await expect('create page empty name', 'POST', P, 400, { body: { siteId: press.id, pathname: '/x', name: '' } });
  const miss = await expect('create page missing siteId', 'POST', P, 400, { body: { pathname: '/x', name: 'x' } });
  ok(fields(miss) === 'siteId', 'missing siteId');
  await expect('create page unknown site', 'POST', P, 404, { body: { siteId: ZERO, pathname: '/x', name: 'x' } });
  await expect('create page by site key', 'POST', P, 403, { key: s.siteApiKey, body: { siteId: store.id, pathname: '/x', name: 'x' } });
  await expect('create page other workspace', 'POST', P, 403, { key: s.otherApiKey, body: { siteId: press.id, pathname: '/x', name: 'x' } });

  const same = await expect('update page same pathname', 'PATCH', `${P}/${np.body.id}`, 200, { body: { pathname: '/guides/birds/owls' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(same.body.updatedAt > np.body.updatedAt, 'updatedAt moves on a PATCH that names a field, even unchanged');
  const noop = await expect('update page empty', 'PATCH', `${P}/${np.body.id}`, 200, { body: {}, op: '/v6/pages/{pageIdOrPathname}' });
  ok(noop.body.updatedAt === same.body.updatedAt, '{} is a no-op');
  const on = await expect('publish page', 'PATCH', `${P}/guides/birds/owls?siteId=${press.id}`, 200, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(on.body.isOnline === true && on.body.publishedAt !== null && on.body.updatedAt === same.body.updatedAt, 'publishing sets publishedAt, not updatedAt');
  const ren = await expect('rename page', 'PATCH', `${P}/${np.body.id}`, 200, { body: { pathname: '/guides/owls', name: 'Owls!' }, op: '/v6/pages/{pageIdOrPathname}' });
  const lv = await expect('live keeps the published pathname', 'GET', `${P}/${np.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(ren.body.pathname === '/guides/owls' && lv.body.pathname === '/guides/birds/owls', 'draft edits stay draft-only');
  const off = await expect('take offline', 'PATCH', `${P}/${np.body.id}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.isOnline === false && off.body.publishedAt === on.body.publishedAt, 'publishedAt kept while offline');
  const again = await expect('republish', 'PATCH', `${P}/${np.body.id}`, 200, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(again.body.publishedAt > on.body.publishedAt, 'publishedAt is the last publication');
  const mp = await expect('update page missing pathname', 'PATCH', `${P}/${np.body.id}`, 400, { body: { pathname: '' } });
  ok(mp.body.details[0].message === 'Missing pathname field.', 'Missing pathname field.');
  await expect('update page bad isOnline', 'PATCH', `${P}/${np.body.id}`, 400, { body: { isOnline: 'yes' } });
  await expect('update page conflict', 'PATCH', `${P}/${np.body.id}`, 409, { body: { pathname: '/contact' } });
  await expect('update page by site key', 'PATCH', `${P}/${cat.id}`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  await expect('update page unknown', 'PATCH', `${P}/${ZERO}`, 404, { body: { name: 'x' } });
  await expect('delete page by pathname', 'DELETE', `${P}/guides/owls?siteId=${press.id}`, 204);
  await expect('delete page again', 'DELETE', `${P}/${np.body.id}`, 404);
  await expect('cursor after a deleted page resumes', 'GET', `${P}?siteId=${press.id}&startingAfter=${np.body.id}`, 200, { op: '/v6/pages' });

  const sp = await expect('site pages alias', 'GET', `/v2/sites/${press.id}/pages?limit=3`, 200, { op: '/v2/sites/{siteId}/pages' });
  ok(sp.body.data[0].pathname === '/drafts/autumn' && sp.body.hasMore === true, 'alias: every draft page, newest first');
  const sp2 = await expect('site pages alias page 2', 'GET', `/v2/sites/${press.id}/pages?limit=3&startingAfter=${sp.body.data[2].id}`, 200, { op: '/v2/sites/{siteId}/pages' });
  ok(!sp2.body.data.some((p) => sp.body.data.some((q) => q.id === p.id)), 'alias pagination');
  await expect('site pages alias refuses filters', 'GET', `/v2/sites/${press.id}/pages?sortBy=path`, 400);

  // ======== routes
  const rl = await expect('list routes', 'GET', `/v2/routes?siteId=${press.id}`, 200, { op: 'routes' });
  ok(rl.body.data.map((r) => r.pathname).join() === '/feeds/<kind>,/go/:slug', 'routes: longest first');
  const rc = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: press.id, pathname: '/blog/:year/<slug>' }, op: 'route' });
  await expect('create route bad grammar', 'POST', '/v2/routes', 400, { body: { siteId: press.id, pathname: '/blog/[slug]' } });
  const rs = await expect('create route skipValidation', 'POST', '/v2/routes?skipValidation=true', 201, { body: { siteId: press.id, pathname: '/Legacy/[x]/' }, op: 'route' });
  ok(rs.body.pathname === '/Legacy/[x]/', 'skipValidation stores verbatim');
  await expect('create route conflict with page', 'POST', '/v2/routes', 409, { body: { siteId: press.id, pathname: '/about' } });
  await expect('create literal route', 'POST', '/v2/routes', 201, { body: { siteId: press.id, pathname: '/press-kit' }, op: 'route' });
  await expect('create page conflict with route', 'POST', P, 409, { body: { siteId: press.id, pathname: '/press-kit', name: 'Press kit' } });
  await expect('create route by site key', 'POST', '/v2/routes', 201, { key: s.siteApiKey, body: { siteId: store.id, pathname: '/promo/<code>' }, op: 'route' });
  await expect('create route publishable key', 'POST', '/v2/routes', 403, { key: store.publicApiKey, body: { siteId: store.id, pathname: '/p' } });
  await expect('get route by id', 'GET', `/v2/routes/${rc.body.id}`, 200, { op: 'route' });
  await expect('get route by pathname', 'GET', `/v2/routes/go/:slug?siteId=${press.id}`, 200, { op: 'route' });
  await expect('get route by pathname, site key implied', 'GET', '/v2/routes/checkout/<step>', 200, { key: s.siteApiKey, op: 'route' });
  const ur = await expect('update route', 'PATCH', `/v2/routes/${rc.body.id}`, 200, { body: { pathname: '/news/<slug>' }, op: 'route' });
  ok(ur.body.pathname === '/news/<slug>', 'route renamed');
  await expect('update route by pathname', 'PATCH', `/v2/routes/${enc('/news/<slug>')}?siteId=${press.id}`, 200, { body: { pathname: '/news/:slug' }, op: 'route' });
  await expect('update route skipValidation=false', 'PATCH', `/v2/routes/${rc.body.id}?skipValidation=false`, 400, { body: { pathname: '/a b' } });
  await expect('update route skipValidation=yes', 'PATCH', `/v2/routes/${rc.body.id}?skipValidation=yes`, 400, { body: { pathname: '/a' } });
  await expect('update route skipValidation=true', 'PATCH', `/v2/routes/${rc.body.id}?skipValidation=true`, 200, { body: { pathname: '/News/{slug}' }, op: 'route' });
  await expect('update route no leading slash even skipped', 'PATCH', `/v2/routes/${rc.body.id}?skipValidation=true`, 400, { body: { pathname: 'news' } });
  await expect('update route conflict', 'PATCH', `/v2/routes/${rc.body.id}`, 409, { body: { pathname: '/go/:slug' } });
  await expect('update route empty body', 'PATCH', `/v2/routes/${rc.body.id}`, 200, { body: {}, op: 'route' });
  await expect('update route without siteId', 'PATCH', '/v2/routes/go/:slug', 400, { body: { pathname: '/x' } });
  await expect('update route unknown', 'PATCH', `/v2/routes/${ZERO}`, 404, { body: { pathname: '/x' } });
  await expect('update route other workspace', 'PATCH', `/v2/routes/${rc.body.id}`, 403, { key: s.otherApiKey, body: { pathname: '/x' } });
  await expect('delete route', 'DELETE', `/v2/routes/${rs.body.id}`, 204);
  await expect('delete route again', 'DELETE', `/v2/routes/${rs.body.id}`, 404);
  await expect('list routes cursor after delete', 'GET', `/v2/routes?siteId=${press.id}&startingAfter=${rs.body.id}`, 200, { op: 'routes' });

  // ======== robustness
  await expect('huge declared body', 'POST', '/v2/sites', 400, { rawBody: 'x'.repeat(100000), headers: { 'content-type': 'application/json' } });
  await expect('bad query percent-encoding', 'GET', `/v2/sites?workspaceId=%ZZ`, 400);
  const garbled = await new Promise((resolve) => {
    const sock = net.connect(Number(new URL(s.url).port), '127.0.0.1', () => sock.write('GARBAGE\r\n\r\n'));
    let d = '';
    sock.on('data', (c) => (d += c));
    sock.on('end', () => resolve(d));
    sock.on('error', () => resolve(d));
  });
  ok(/^HTTP\/1\.1 400/.test(garbled) && garbled.includes('"code":"bad_request"'), 'malformed HTTP gets the error envelope');
} catch (e) {
  failures++;
  console.error('FAIL exception', e);
} finally {
  await s.close();
}

// ---- the process interface: one JSON line, SIGTERM exits 0
const child = spawn(process.execPath, [fileURLToPath(new URL('./server.mjs', import.meta.url)), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (c) => (out += c));
await new Promise((r) => {
  const t = setInterval(() => {
    if (out.includes('\n')) {
      clearInterval(t);
      r();
    }
  }, 20);
});
const line = JSON.parse(out.trim());
ok(['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof line[k] === 'string') && /^http:\/\/127\.0\.0\.1:\d+$/.test(line.baseUrl), 'announce line');
const code = await new Promise((r) => {
  child.on('exit', (c) => r(c));
  child.kill('SIGTERM');
});
ok(code === 0 && out.trim().split('\n').length === 1, `SIGTERM exit ${code}, one stdout line`);

console.log(`${failures === 0 ? 'PASS' : 'FAIL'}: ${calls} calls, ${validated} success bodies validated against the schema, ${failures} failure(s)`);
process.exit(failures === 0 ? 0 : 1);
