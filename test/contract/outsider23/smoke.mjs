// Self-test: starts the server in-process, calls every operation of both documents, checks every success body
// against the published OpenAPI response schema with a small checker, and sends malformed/oversized requests.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { startServer } from './server.mjs';

const spec = JSON.parse(readFileSync(new URL('../../../contracts/published-openapi.json', import.meta.url), 'utf8'));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function resolve(s) {
  while (s && s.$ref) s = s.$ref.split('/').slice(1).reduce((o, k) => o[k], spec);
  return s;
}
function check(schema, v, path = '$') {
  const s = resolve(schema);
  const errs = [];
  if (!s || Object.keys(s).length === 0 || s.description === 'Any type' && !s.type) return errs;
  if (s.oneOf) {
    const ok = s.oneOf.filter((alt) => check(alt, v, path).length === 0).length;
    if (ok !== 1) errs.push(`${path}: matches ${ok} of oneOf`);
    return errs;
  }
  const types = s.type ? (Array.isArray(s.type) ? s.type : [s.type]) : null;
  const typeOf = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v;
  if (types && !types.includes(typeOf) && !(typeOf === 'number' && types.includes('integer') && Number.isInteger(v))) {
    errs.push(`${path}: ${typeOf} not in ${types}`);
    return errs;
  }
  if (s.enum && !s.enum.includes(v)) errs.push(`${path}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && s.format === 'uuid' && !UUID.test(v)) errs.push(`${path}: not a uuid`);
  if (typeof v === 'string' && s.format === 'date-time' && !(DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)))) errs.push(`${path}: not a date-time`);
  if (typeof v === 'string' && s.format === 'uri') { try { new URL(v); } catch { errs.push(`${path}: not a uri`); } }
  if (typeOf === 'object') {
    for (const r of s.required || []) if (!(r in v)) errs.push(`${path}: missing ${r}`);
    for (const [k, sub] of Object.entries(s.properties || {})) if (k in v) errs.push(...check(sub, v[k], `${path}.${k}`));
  }
  if (typeOf === 'array' && s.items) v.forEach((x, i) => errs.push(...check(s.items, x, `${path}[${i}]`)));
  return errs;
}
function schemaFor(method, path, status) {
  const op = spec.paths[path][method.toLowerCase()];
  return op.responses[String(status)]?.content?.['application/json']?.schema;
}
const ROUTE_SCHEMA = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE_SCHEMA }, hasMore: { type: 'boolean' } } };
const ERROR_SCHEMA = { type: 'object', required: ['object', 'code', 'message'], properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } } } };

let passed = 0, failed = 0;
function t(name, cond, extra) {
  if (cond) passed++;
  else { failed++; console.error(`FAIL ${name}${extra !== undefined ? ' :: ' + JSON.stringify(extra).slice(0, 600) : ''}`); }
}

const srv = await startServer({ port: 0 });
const base = srv.url;
const K = { app: srv.apiKey, site: srv.siteApiKey, other: srv.otherApiKey, pub: srv.publicApiKey };

async function call(method, path, { key = K.app, body, raw, headers = {}, ct = 'application/json' } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) { payload = raw; if (ct) h['content-type'] = ct; }
  else if (body !== undefined) { payload = JSON.stringify(body); if (ct) h['content-type'] = ct; }
  const res = await fetch(base + path, { method, headers: h, body: payload });
  const text = await res.text();
  let json;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  return { status: res.status, body: json, headers: res.headers };
}
// a success checked against the documented schema
async function op(name, method, docPath, path, opts, status, schema) {
  const r = await call(method, path, opts);
  t(`${name}: status ${status}`, r.status === status, { got: r.status, body: r.body });
  if (r.status === status && status !== 204) {
    const errs = check(schema || schemaFor(method, docPath, status), r.body);
    t(`${name}: schema`, errs.length === 0, errs);
  }
  if (status === 204) t(`${name}: empty body`, r.body === undefined, r.body);
  return r;
}
async function err(name, method, path, opts, status, code, field) {
  const r = await call(method, path, opts);
  t(`${name}: ${status}`, r.status === status, { got: r.status, body: r.body });
  t(`${name}: envelope`, check(ERROR_SCHEMA, r.body).length === 0 && r.body.code === code, r.body);
  if (status === 400) t(`${name}: details`, Array.isArray(r.body?.details) && r.body.details.length > 0 && (!field || r.body.details.some((d) => d.field === field)), r.body);
  else t(`${name}: no details`, r.body?.details === undefined, r.body);
  return r;
}

try {
  const SITE = srv.siteId;
  // ---------------- sites
  const list = await op('list sites', 'GET', '/v2/sites', `/v2/sites?workspaceId=${srv.workspaceId}`, {}, 200);
  t('list sites has 2', list.body.data.length === 2 && list.body.hasMore === false, list.body);
  t('sites sorted by lower(name)', list.body.data[0].name === 'Fjord Journal', list.body.data.map((s) => s.name));
  const p1 = await op('list sites limit 1', 'GET', '/v2/sites', `/v2/sites?workspaceId=${srv.workspaceId}&limit=1`, {}, 200);
  t('hasMore true', p1.body.hasMore === true && p1.body.data.length === 1);
  const p2 = await op('list sites page 2', 'GET', '/v2/sites', `/v2/sites?workspaceId=${srv.workspaceId}&limit=1&startingAfter=${p1.body.data[0].id}`, {}, 200);
  t('page 2 ends', p2.body.hasMore === false && p2.body.data.length === 1 && p2.body.data[0].id !== p1.body.data[0].id);
  await op('limit 1e1 is 10', 'GET', '/v2/sites', `/v2/sites?workspaceId=${srv.workspaceId}&limit=1e1`, {}, 200);
  await err('limit 0', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}&limit=0`, {}, 400, 'bad_request', 'limit');
  await err('limit 101', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}&limit=101`, {}, 400, 'bad_request', 'limit');
  await err('limit 2.5', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}&limit=2.5`, {}, 400, 'bad_request', 'limit');
  await err('limit abc', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}&limit=abc`, {}, 400, 'bad_request', 'limit');
  await err('limit empty', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}&limit=`, {}, 400, 'bad_request', 'limit');
  await err('duplicate query field', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}&limit=1&limit=2`, {}, 400, 'bad_request', 'limit');
  await err('list sites missing workspaceId', 'GET', '/v2/sites', {}, 400, 'bad_request', 'workspaceId');
  await err('list sites other workspace', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}`, { key: K.other }, 403, 'forbidden');
  await err('list sites site key', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}`, { key: K.site }, 403, 'forbidden');
  await err('bad cursor', 'GET', `/v2/sites?workspaceId=${srv.workspaceId}&startingAfter=${crypto.randomUUID()}`, {}, 400, 'bad_request', 'startingAfter');

  const c = await op('create site', 'POST', '/v2/sites', '/v2/sites', { body: { workspaceId: srv.workspaceId, name: 'Smoke', hostOrigin: 'https://smoke.example' } }, 201);
  t('create site defaults', c.body.defaultLocale === 'en-US' && c.body.localeManagementMode === 'internal' && !('defaultLocalePathPrefix' in c.body), c.body);
  const c2 = await op('create site locale canonical', 'POST', '/v2/sites', '/v2/sites', { body: { workspaceId: srv.workspaceId, name: 'Smoke 2', defaultLocale: 'PT_br', extra: 1 } }, 201);
  t('defaultLocale canonicalised', c2.body.defaultLocale === 'pt-BR' && c2.body.hostOrigin === null, c2.body);
  await err('create site missing fields', 'POST', '/v2/sites', { body: {} }, 400, 'bad_request', 'name');
  const cm = await call('POST', '/v2/sites', { body: { name: 5, workspaceId: 'nope' } });
  t('create site reports each field', cm.status === 400 && cm.body.details.length === 2, cm.body);
  await err('create site empty name', 'POST', '/v2/sites', { body: { workspaceId: srv.workspaceId, name: '' } }, 400, 'bad_request', 'name');
  await err('create site bad url', 'POST', '/v2/sites', { body: { workspaceId: srv.workspaceId, name: 'x', hostOrigin: 'ftp://x' } }, 400, 'bad_request', 'hostOrigin');
  await err('create site bad locale', 'POST', '/v2/sites', { body: { workspaceId: srv.workspaceId, name: 'x', defaultLocale: 'english' } }, 400, 'bad_request', 'defaultLocale');
  await err('create site other ws', 'POST', '/v2/sites', { body: { workspaceId: srv.workspaceId, name: 'x' }, key: K.other }, 403, 'forbidden');
  await err('create site site key', 'POST', '/v2/sites', { body: { workspaceId: srv.workspaceId, name: 'x' }, key: K.site }, 403, 'forbidden');
  await err('create site no key', 'POST', '/v2/sites', { body: {}, key: null }, 401, 'unauthorized');
  await err('create site bad key', 'POST', '/v2/sites', { body: {}, key: 'sbapp_nope' }, 401, 'unauthorized');
  await err('unknown uuid key', 'GET', `/v2/sites/${SITE}`, { key: crypto.randomUUID() }, 401, 'unauthorized');

  await op('get site', 'GET', '/v2/sites/{siteId}', `/v2/sites/${SITE}`, {}, 200);
  await op('get site with site key', 'GET', '/v2/sites/{siteId}', `/v2/sites/${SITE}`, { key: K.site }, 200);
  await op('site key in urn form', 'GET', '/v2/sites/{siteId}', `/v2/sites/${SITE}`, { key: `urn:uuid:${K.site.toUpperCase()}` }, 200);
  await err('get site public key', 'GET', `/v2/sites/${SITE}`, { key: K.pub }, 403, 'forbidden');
  await err('get site other ws', 'GET', `/v2/sites/${SITE}`, { key: K.other }, 403, 'forbidden');
  await err('get site unknown', 'GET', `/v2/sites/${crypto.randomUUID()}`, {}, 404, 'not_found');
  await err('get site malformed id', 'GET', '/v2/sites/not-a-uuid', {}, 400, 'bad_request', 'siteId');
  await err('malformed id without key is 401', 'GET', '/v2/sites/not-a-uuid', { key: null }, 401, 'unauthorized');

  const u = await op('update site', 'PATCH', '/v2/sites/{siteId}', `/v2/sites/${c.body.id}`, { body: { name: 'Smoke renamed', hostOrigin: null } }, 200);
  t('update applied', u.body.name === 'Smoke renamed' && u.body.hostOrigin === null, u.body);
  const u2 = await op('update site null name is no-op', 'PATCH', '/v2/sites/{siteId}', `/v2/sites/${c.body.id}`, { body: { name: null } }, 200);
  t('null name kept', u2.body.name === 'Smoke renamed');
  await err('update site defaultLocale refused', 'PATCH', `/v2/sites/${c.body.id}`, { body: { defaultLocale: 'fr-FR' } }, 400, 'bad_request', 'defaultLocale');
  await err('update site unknown field', 'PATCH', `/v2/sites/${c.body.id}`, { body: { colour: 'red' } }, 400, 'bad_request', 'colour');
  await err('update site empty body', 'PATCH', `/v2/sites/${c.body.id}`, { raw: '' }, 400, 'bad_request', 'body');
  await op('update site with site key', 'PATCH', '/v2/sites/{siteId}', `/v2/sites/${SITE}`, { body: {}, key: K.site }, 200);

  const d = await op('duplicate site', 'POST', '/v2/sites/{siteId}/duplicate', `/v2/sites/${SITE}/duplicate`, { body: { name: 'Fjord Shop copy' } }, 201);
  t('duplicate new ids', d.body.id !== SITE && d.body.publicApiKey !== K.pub && d.body.defaultLocale === 'en-GB' && d.body.localeManagementMode === 'external', d.body);
  const dp = await call('GET', `/v6/pages?siteId=${d.body.id}&includeOffline=true`);
  t('duplicate copied pages', dp.status === 200 && dp.body.data.length === 5, dp.body);
  await err('duplicate missing name', 'POST', `/v2/sites/${SITE}/duplicate`, { body: {} }, 400, 'bad_request', 'name');
  await err('duplicate site key', 'POST', `/v2/sites/${SITE}/duplicate`, { body: { name: 'x' }, key: K.site }, 403, 'forbidden');

  await op('delete site', 'DELETE', '/v2/sites/{siteId}', `/v2/sites/${c2.body.id}`, {}, 204);
  await err('deleted site gone', 'GET', `/v2/sites/${c2.body.id}`, {}, 404, 'not_found');
  await err('delete again', 'DELETE', `/v2/sites/${c2.body.id}`, {}, 404, 'not_found');
  await err('delete site key', 'DELETE', `/v2/sites/${SITE}`, { key: K.site }, 403, 'forbidden');

  // ---------------- locales
  const ll = await op('list locales', 'GET', '/v2/locales', `/v2/locales?siteId=${SITE}`, {}, 200);
  t('locales by code', ll.body.data.map((l) => l.locale).join(',') === 'de,en-GB,nb-NO', ll.body.data.map((l) => l.locale));
  const l1 = await op('list locales limit 1', 'GET', '/v2/locales', `/v2/locales?siteId=${SITE}&limit=1`, {}, 200);
  await op('list locales page 2', 'GET', '/v2/locales', `/v2/locales?siteId=${SITE}&limit=1&startingAfter=${l1.body.data[0].id}`, {}, 200);
  await op('list locales public key', 'GET', '/v2/locales', `/v2/locales?siteId=${SITE}`, { key: K.pub }, 200);
  await err('list locales missing siteId', 'GET', '/v2/locales', {}, 400, 'bad_request', 'siteId');
  await err('list locales limit 0', 'GET', `/v2/locales?siteId=${SITE}&limit=0`, {}, 400, 'bad_request', 'limit');
  await err('list locales other', 'GET', `/v2/locales?siteId=${SITE}`, { key: K.other }, 403, 'forbidden');
  const g = await op('get locale by code', 'GET', '/v2/locales/{localeIdOrCode}', `/v2/locales/NB-no?siteId=${SITE}`, {}, 200);
  t('locale fields', g.body.locale === 'nb-NO' && g.body.domain === 'https://fjord.example.no' && g.body.pathPrefix === null && g.body.isDefault === false, g.body);
  await op('get locale by id', 'GET', '/v2/locales/{localeIdOrCode}', `/v2/locales/${g.body.id}`, {}, 200);
  await op('get locale code via site key', 'GET', '/v2/locales/{localeIdOrCode}', '/v2/locales/en-GB', { key: K.site }, 200);
  await err('get locale code without siteId', 'GET', '/v2/locales/en-GB', {}, 400, 'bad_request', 'siteId');
  await err('get locale unknown', 'GET', `/v2/locales/es-ES?siteId=${SITE}`, {}, 404, 'not_found');
  await err('get locale bad siteId', 'GET', '/v2/locales/en-GB?siteId=xyz', {}, 400, 'bad_request', 'siteId');
  const cl = await op('create locale', 'POST', '/v2/locales', '/v2/locales', { body: { siteId: SITE, locale: 'fr-fr', domain: 'https://fjord.example.fr' } }, 201);
  t('created locale canonical', cl.body.locale === 'fr-FR' && cl.body.isDefault === false);
  await err('create locale dup', 'POST', '/v2/locales', { body: { siteId: SITE, locale: 'FR-FR' } }, 409, 'conflict');
  await err('create locale dup domain', 'POST', '/v2/locales', { body: { siteId: SITE, locale: 'it-IT', domain: 'https://fjord.example.fr' } }, 409, 'conflict');
  await err('create locale bad', 'POST', '/v2/locales', { body: { siteId: SITE, locale: 'xx-QQ' } }, 400, 'bad_request', 'locale');
  await err('create locale missing', 'POST', '/v2/locales', { body: {} }, 400, 'bad_request', 'siteId');
  await err('create locale unknown site', 'POST', '/v2/locales', { body: { siteId: crypto.randomUUID(), locale: 'it' } }, 404, 'not_found');
  await err('create locale other', 'POST', '/v2/locales', { body: { siteId: SITE, locale: 'it' }, key: K.other }, 403, 'forbidden');
  const ul = await op('update locale', 'PATCH', '/v2/locales/{localeIdOrCode}', `/v2/locales/${cl.body.id}`, { body: { domain: null } }, 200);
  t('domain cleared', ul.body.domain === null);
  await err('update locale conflict', 'PATCH', `/v2/locales/${cl.body.id}`, { body: { locale: 'de' } }, 409, 'conflict');
  await err('update locale unknown field', 'PATCH', `/v2/locales/${cl.body.id}`, { body: { isDefault: true } }, 400, 'bad_request', 'isDefault');
  await op('delete locale', 'DELETE', '/v2/locales/{localeIdOrCode}', `/v2/locales/fr-FR?siteId=${SITE}`, {}, 204);
  await err('deleted locale 404', 'GET', `/v2/locales/${cl.body.id}`, {}, 404, 'not_found');
  await err('delete default locale', 'DELETE', `/v2/locales/en-GB?siteId=${SITE}`, {}, 400, 'bad_request', 'localeIdOrCode');
  await err('delete unknown locale', 'DELETE', `/v2/locales/${crypto.randomUUID()}`, {}, 404, 'not_found');
  await op('restore locale', 'POST', '/v2/locales/{localeIdOrCode}/restore', `/v2/locales/${cl.body.id}/restore`, {}, 200);
  await err('restore live locale', 'POST', `/v2/locales/${cl.body.id}/restore`, {}, 409, 'conflict');
  await op('restore seeded by code', 'POST', '/v2/locales/{localeIdOrCode}/restore', `/v2/locales/sv-SE/restore?siteId=${SITE}`, {}, 200);
  await err('restore unknown', 'POST', `/v2/locales/ja-JP/restore?siteId=${SITE}`, {}, 404, 'not_found');
  await err('restore public key', 'POST', `/v2/locales/${cl.body.id}/restore`, { key: K.pub }, 403, 'forbidden');

  // ---------------- pages
  const lp = await op('list pages', 'GET', '/v6/pages', `/v6/pages?siteId=${SITE}`, {}, 200);
  t('online pages by path (C)', lp.body.data.map((p) => p.pathname).join(',') === '/,/About,/jackets,/jackets/rain', lp.body.data.map((p) => p.pathname));
  const lo = await op('list pages offline', 'GET', '/v6/pages', `/v6/pages?siteId=${SITE}&includeOffline=true&sortBy=title&sortDirection=desc`, {}, 200);
  t('title desc NULLS FIRST', lo.body.data[0].title === null && lo.body.data.length === 5, lo.body.data.map((p) => p.title));
  let walked = [], cur = '';
  for (let k = 0; k < 10; k++) {
    const r = await call('GET', `/v6/pages?siteId=${SITE}&includeOffline=true&limit=2${cur}`);
    walked.push(...r.body.data.map((p) => p.id));
    if (!r.body.hasMore) break;
    cur = `&startingAfter=${r.body.data.at(-1).id}`;
  }
  t('pagination walk', walked.length === 5 && new Set(walked).size === 5, walked);
  const lnb = await op('list pages locale', 'GET', '/v6/pages', `/v6/pages?siteId=${SITE}&locale=nb-NO`, {}, 200);
  t('locale filter collapses', lnb.body.data.map((p) => p.pathname).join(',') === '/,/jakker' && lnb.body.data.every((p) => p.locale === 'nb-NO'), lnb.body.data);
  const lxx = await op('list pages unknown locale', 'GET', '/v6/pages', `/v6/pages?siteId=${SITE}&locale=ja`, {}, 200);
  t('unknown locale empty', lxx.body.data.length === 0);
  await op('list pages prefix', 'GET', '/v6/pages', `/v6/pages?siteId=${SITE}&pathPrefix=/jackets&versionRef=ref:live`, {}, 200);
  await op('list pages public live', 'GET', '/v6/pages', `/v6/pages?siteId=${SITE}&versionRef=ref:live`, { key: K.pub }, 200);
  await err('list pages public draft', 'GET', `/v6/pages?siteId=${SITE}`, { key: K.pub }, 403, 'forbidden');
  await err('list pages bad sortBy', 'GET', `/v6/pages?siteId=${SITE}&sortBy=name`, {}, 400, 'bad_request', 'sortBy');
  await err('list pages bad versionRef', 'GET', `/v6/pages?siteId=${SITE}&versionRef=live`, {}, 400, 'bad_request', 'versionRef');
  await err('list pages missing siteId', 'GET', '/v6/pages', {}, 400, 'bad_request', 'siteId');
  await err('list pages other', 'GET', `/v6/pages?siteId=${SITE}`, { key: K.other }, 403, 'forbidden');
  await op('v2 site pages', 'GET', '/v6/pages', `/v2/sites/${SITE}/pages?limit=2`, {}, 200);

  const cp = await op('create page', 'POST', '/v6/pages', '/v6/pages', { body: { siteId: SITE, pathname: '/boots', name: 'Boots' } }, 201);
  t('new page defaults', cp.body.isOnline === false && cp.body.publishedAt === null && cp.body.title === 'Boots' && cp.body.createdAt === cp.body.updatedAt && !('locale' in cp.body), cp.body);
  await err('create page conflict (case)', 'POST', '/v6/pages', { body: { siteId: SITE, pathname: '/BOOTS', name: 'x' } }, 409, 'conflict');
  await err('create page route clash', 'POST', '/v6/pages', { body: { siteId: SITE, pathname: '/sitemap.xml', name: 'x' } }, 409, 'conflict');
  await err('create page empty name', 'POST', '/v6/pages', { body: { siteId: SITE, pathname: '/x', name: '' } }, 400, 'bad_request', 'name');
  await err('create page missing siteId', 'POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } }, 400, 'bad_request', 'siteId');
  await err('create page bad pathname', 'POST', '/v6/pages', { body: { siteId: SITE, pathname: 'x y', name: 'x' } }, 400, 'bad_request', 'pathname');
  await err('create page unknown site', 'POST', '/v6/pages', { body: { siteId: crypto.randomUUID(), pathname: '/x', name: 'x' } }, 404, 'not_found');
  await err('create page other', 'POST', '/v6/pages', { body: { siteId: SITE, pathname: '/x', name: 'x' }, key: K.other }, 403, 'forbidden');
  await op('create page site key', 'POST', '/v6/pages', '/v6/pages', { body: { siteId: SITE, pathname: '/socks', name: 'Socks' }, key: K.site }, 201);
  const gp = await op('get page by id', 'GET', '/v6/pages/{pageIdOrPathname}', `/v6/pages/${cp.body.id}`, {}, 200);
  t('get page same', gp.body.pathname === '/boots');
  await op('get page by pathname', 'GET', '/v6/pages/{pageIdOrPathname}', `/v6/pages/${encodeURIComponent('/jackets/rain')}?siteId=${SITE}`, {}, 200);
  const gl = await op('get page localized', 'GET', '/v6/pages/{pageIdOrPathname}', `/v6/pages/jackets?siteId=${SITE}&locale=nb_no`, {}, 200);
  t('collapsed', gl.body.pathname === '/jakker' && gl.body.title === 'Jakker' && gl.body.locale === 'nb-NO' && gl.body.localizations.length === 3, gl.body);
  await err('get page offline live', 'GET', `/v6/pages/${cp.body.id}?versionRef=ref:live`, {}, 404, 'not_found');
  await err('get page pathname no siteId', 'GET', '/v6/pages/jackets', {}, 400, 'bad_request', 'siteId');
  await err('get page unknown', 'GET', `/v6/pages/${crypto.randomUUID()}`, {}, 404, 'not_found');
  await err('get page unknown locale', 'GET', `/v6/pages/${cp.body.id}?locale=ja`, {}, 404, 'not_found');
  await err('get page other', 'GET', `/v6/pages/${cp.body.id}`, { key: K.other }, 403, 'forbidden');
  const up = await op('update page online', 'PATCH', '/v6/pages/{pageIdOrPathname}', `/v6/pages/${cp.body.id}`, { body: { isOnline: true, pathname: '/boots-and-shoes' } }, 200);
  t('published', up.body.isOnline === true && up.body.publishedAt !== null && up.body.pathname === '/boots-and-shoes', up.body);
  await op('get page live', 'GET', '/v6/pages/{pageIdOrPathname}', `/v6/pages/${cp.body.id}?versionRef=ref:live`, { key: K.pub }, 200);
  await err('update page conflict', 'PATCH', `/v6/pages/${cp.body.id}`, { body: { pathname: '/jackets' } }, 409, 'conflict');
  await err('update page bad type', 'PATCH', `/v6/pages/${cp.body.id}`, { body: { isOnline: 'yes' } }, 400, 'bad_request', 'isOnline');
  await err('update page unknown field', 'PATCH', `/v6/pages/${cp.body.id}`, { body: { title: 'x' } }, 400, 'bad_request', 'title');
  await err('update page public', 'PATCH', `/v6/pages/${cp.body.id}`, { body: {}, key: K.pub }, 403, 'forbidden');
  await op('delete page', 'DELETE', '/v6/pages/{pageIdOrPathname}', `/v6/pages/${cp.body.id}`, {}, 204);
  await err('deleted page', 'GET', `/v6/pages/${cp.body.id}`, {}, 404, 'not_found');
  await op('delete page by pathname', 'DELETE', '/v6/pages/{pageIdOrPathname}', `/v6/pages/socks`, { key: K.site }, 204);

  // ---------------- routes (shape from the SPEC)
  const lr = await op('list routes', 'GET', null, `/v2/routes?siteId=${SITE}`, {}, 200, ROUTE_LIST);
  t('routes by path', lr.body.data.map((r) => r.pathname).join(',') === '/api/stock,/sitemap.xml', lr.body);
  const cr = await op('create route', 'POST', null, '/v2/routes', { body: { siteId: SITE, pathname: '/feed' } }, 201, ROUTE_SCHEMA);
  await err('create route clash page', 'POST', '/v2/routes', { body: { siteId: SITE, pathname: '/About' } }, 409, 'conflict');
  await op('create route skipValidation shadows page', 'POST', null, '/v2/routes?skipValidation=true', { body: { siteId: SITE, pathname: '/jackets' } }, 201, ROUTE_SCHEMA);
  await err('create route bad', 'POST', '/v2/routes', { body: { siteId: SITE, pathname: 'feed' } }, 400, 'bad_request', 'pathname');
  const ur = await op('update route', 'PATCH', null, `/v2/routes/feed?siteId=${SITE}`, { body: { pathname: '/feed.xml' } }, 200, ROUTE_SCHEMA);
  t('route renamed', ur.body.pathname === '/feed.xml' && ur.body.id === cr.body.id);
  await op('update route by id skip', 'PATCH', null, `/v2/routes/${cr.body.id}?skipValidation=true`, { body: { pathname: '/feed.xml/' } }, 200, ROUTE_SCHEMA);
  await err('update route skipValidation enum', 'PATCH', `/v2/routes/${cr.body.id}?skipValidation=yes`, { body: {} }, 400, 'bad_request', 'skipValidation');
  await err('update route conflict', 'PATCH', `/v2/routes/${cr.body.id}`, { body: { pathname: '/api/stock' } }, 409, 'conflict');
  await err('update route pathname no siteId', 'PATCH', '/v2/routes/feed', { body: {} }, 400, 'bad_request', 'siteId');
  await err('update route unknown', 'PATCH', `/v2/routes/${crypto.randomUUID()}`, { body: {} }, 404, 'not_found');
  await err('update route other', 'PATCH', `/v2/routes/${cr.body.id}`, { body: {}, key: K.other }, 403, 'forbidden');
  await op('get route', 'GET', null, `/v2/routes/${cr.body.id}`, {}, 200, ROUTE_SCHEMA);
  await op('delete route', 'DELETE', null, `/v2/routes/${cr.body.id}`, {}, 204);

  // ---------------- request reading
  await err('malformed json', 'POST', '/v2/sites', { raw: '{"name": "x",' }, 400, 'bad_request', 'body');
  await err('json array', 'POST', '/v2/sites', { raw: '[]' }, 400, 'bad_request', 'body');
  await err('duplicate json key', 'POST', '/v2/sites', { raw: `{"workspaceId":"${srv.workspaceId}","name":"a","name":"b"}` }, 400, 'bad_request', 'name');
  await err('no content-type', 'POST', '/v2/sites', { raw: '{}', ct: null }, 400, 'bad_request', 'content-type');
  await err('text/plain', 'POST', '/v2/sites', { raw: '{}', ct: 'text/plain' }, 400, 'bad_request', 'content-type');
  await op('+json accepted', 'POST', '/v2/sites', '/v2/sites', { body: { workspaceId: srv.workspaceId, name: 'Vendor json' }, ct: 'application/vnd.api+json' }, 201);
  await err('deep nesting', 'POST', '/v2/sites', { raw: '['.repeat(5000) + ']'.repeat(5000) }, 400, 'bad_request', 'body');
  await err('lone surrogate', 'POST', '/v2/sites', { raw: '{"name":"\\udc00"}' }, 400, 'bad_request', 'body');
  await err('oversized body', 'POST', '/v2/sites', { raw: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }) }, 400, 'bad_request', 'body');
  await err('unknown path', 'GET', '/v3/sites', {}, 404, 'not_found');
  await err('trailing slash', 'GET', '/v2/sites/', {}, 404, 'not_found');
  const m = await err('method not served', 'PUT', `/v2/sites/${SITE}`, { body: {} }, 404, 'not_found');
  t('allow header', m.headers.get('allow') === 'GET,HEAD,PATCH,DELETE', m.headers.get('allow'));
  const head = await fetch(`${base}/v2/sites/${SITE}`, { method: 'HEAD', headers: { 'x-api-key': K.app } });
  t('HEAD like GET', head.status === 200 && head.headers.get('content-type') === 'application/json');
  t('x-request-id', head.headers.get('x-request-id') !== null);

  // raw sockets: malformed request line, huge header
  const rawSend = (data) => new Promise((resolve) => {
    const s = net.connect(new URL(base).port, '127.0.0.1');
    let out = '';
    s.on('data', (b) => { out += b; });
    s.on('close', () => resolve(out));
    s.on('error', () => resolve(out));
    s.setTimeout(3000, () => s.destroy());
    s.write(data);
  });
  const bad = await rawSend('GARBAGE\r\n\r\n');
  t('bad request line -> 400 envelope', bad.startsWith('HTTP/1.1 400') && bad.includes('"object":"error"'), bad);
  const big = await rawSend(`GET /v2/sites HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40000)}\r\n\r\n`);
  t('huge header -> 400 envelope', big.startsWith('HTTP/1.1 400') && big.includes('"bad_request"'), big.slice(0, 200));
  const declared = await rawSend(`POST /v2/sites HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n{`);
  t('declared huge body -> 400', declared.startsWith('HTTP/1.1 400') && declared.includes('length limit exceeded'), declared.slice(0, 300));

  // still alive
  await op('alive', 'GET', '/v2/sites/{siteId}', `/v2/sites/${SITE}`, {}, 200);
} catch (e) {
  failed++;
  console.error('smoke crashed:', e);
} finally {
  await srv.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
