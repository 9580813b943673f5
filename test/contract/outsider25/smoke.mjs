// Self-test: starts the server in-process, calls every operation of SPEC.md and the published
// OpenAPI, checks each success body against the OpenAPI response schema, and probes errors/choices.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { startServer } from './server.mjs';

const spec = JSON.parse(readFileSync(new URL('../../../contracts/published-openapi.json', import.meta.url)));
let failures = 0, checks = 0;
const ok = (cond, label) => { checks++; if (!cond) { failures++; console.error('FAIL', label); } };

// ---- a small OpenAPI 3.1 schema checker ---------------------------------------------------------------
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
function resolve(s) { while (s && s.$ref) s = s.$ref.split('/').slice(1).reduce((o, k) => o[k], spec); return s; }
function typeOf(v) { return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v; }
function check(schema, v, path = '$') {
  const s = resolve(schema); const errs = [];
  if (!s || Object.keys(s).length === 0) return errs;
  if (s.oneOf) { const n = s.oneOf.filter((o) => check(o, v, path).length === 0).length; if (n !== 1) errs.push(`${path}: oneOf matched ${n}`); return errs; }
  if (s.type) {
    const types = [].concat(s.type), t = typeOf(v);
    if (!types.some((x) => x === t || (x === 'number' && t === 'integer'))) { errs.push(`${path}: type ${t} not in ${types}`); return errs; }
  }
  if (s.enum && !s.enum.includes(v)) errs.push(`${path}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && s.format === 'uuid' && !UUID.test(v)) errs.push(`${path}: not a uuid`);
  if (typeof v === 'string' && s.format === 'date-time' && !DATE_TIME.test(v)) errs.push(`${path}: not a date-time`);
  if (typeof v === 'string' && s.format === 'uri' && !/^[a-z][a-z0-9+.-]*:[\x21-\x7e]*$/i.test(v)) errs.push(`${path}: not a uri`);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const r of s.required || []) if (!(r in v)) errs.push(`${path}: missing ${r}`);
    for (const [k, sub] of Object.entries(s.properties || {})) if (k in v) errs.push(...check(sub, v[k], `${path}.${k}`));
  }
  if (Array.isArray(v) && s.items) v.forEach((x, i) => errs.push(...check(s.items, x, `${path}[${i}]`)));
  return errs;
}
const ops = {};
for (const [p, item] of Object.entries(spec.paths)) for (const [m, op] of Object.entries(item)) ops[op.operationId] = op;
function conforms(opId, res) {
  const r = ops[opId].responses[String(res.status)];
  ok(!!r, `${opId}: status ${res.status} documented`);
  const schema = r && r.content && r.content['application/json'] && r.content['application/json'].schema;
  if (!schema || res.status === 204) return;
  const errs = check(schema, res.json);
  ok(errs.length === 0, `${opId} ${res.status} schema: ${errs.join('; ')}`);
}
const SPEC_ERROR = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
function isError(res, status, label) {
  ok(res.status === status, `${label}: expected ${status}, got ${res.status} ${res.text}`);
  const j = res.json || {};
  ok(j.object === 'error' && j.code === SPEC_ERROR[status] && typeof j.message === 'string', `${label}: envelope ${res.text}`);
  if (status === 400) ok(Array.isArray(j.details) && j.details.length > 0 && j.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: details`);
  return j;
}

// ---- HTTP helpers ------------------------------------------------------------------------------------------
const s = await startServer({ port: 0 });
const { url, apiKey, otherApiKey, siteApiKey, publicApiKey, workspaceId } = s;
async function call(method, path, { key = apiKey, body, raw, ct = 'application/json', headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) { payload = raw; if (ct) h['content-type'] = ct; }
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = ct; }
  const res = await fetch(url + path, { method, headers: h, body: payload });
  const text = await res.text();
  let json = null; try { json = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  return { status: res.status, json, text, headers: res.headers };
}
function rawRequest(data) {
  return new Promise((resolve) => {
    const sock = net.connect(new URL(url).port, '127.0.0.1', () => sock.write(data));
    let out = ''; sock.on('data', (d) => { out += d; }); sock.on('close', () => resolve(out)); sock.on('error', () => resolve(out));
    setTimeout(() => sock.destroy(), 3000);
  });
}
const q = (o) => '?' + new URLSearchParams(o).toString();
async function walk(path, params, opId, key = apiKey) {
  const seen = []; let after = null, pagesN = 0;
  for (;;) {
    const res = await call('GET', path + q({ ...params, limit: '1', ...(after ? { startingAfter: after } : {}) }), { key });
    conforms(opId, res);
    if (res.status !== 200) return seen;
    seen.push(...res.json.data.map((x) => x.id));
    if (!res.json.hasMore || ++pagesN > 50) return seen;
    after = res.json.data[res.json.data.length - 1].id;
  }
}

try {
  // ---- authentication ----
  isError(await call('GET', `/v2/sites${q({ workspaceId })}`, { key: null }), 401, 'missing key');
  isError(await call('GET', `/v2/sites${q({ workspaceId })}`, { key: 'sbs_nope' }), 401, 'invalid key');
  isError(await call('GET', `/v2/sites${q({ workspaceId })}`, { key: '00000000-0000-4000-8000-000000000000' }), 401, 'unknown uuid key');
  ok((await call('GET', `/v2/sites${q({ workspaceId })}`, { key: `1|${apiKey}` })).status === 200, 'Sanctum id|token form accepted');

  // ---- sites ----
  const list = await call('GET', `/v2/sites${q({ workspaceId })}`);
  conforms('SiteController_listV2_v2', list);
  ok(list.text.includes('https:\\/\\/lighthouse.example'), 'json_encode escapes slashes');
  const siteId = s.siteId, site2 = s.secondSiteId, otherSite = s.otherSiteId;
  ok((await walk('/v2/sites', { workspaceId }, 'SiteController_listV2_v2')).length === 2, 'sites walk');
  isError(await call('GET', `/v2/sites${q({ workspaceId: s.otherWorkspaceId })}`), 403, 'list other workspace');
  isError(await call('GET', `/v2/sites${q({ workspaceId })}`, { key: siteApiKey }), 403, 'list sites with site key');
  isError(await call('GET', '/v2/sites'), 400, 'list sites without workspaceId');
  isError(await call('GET', `/v2/sites${q({ workspaceId: '00000000-0000-4000-8000-000000000000' })}`), 400, 'unknown workspace');
  for (const bad of ['0', '101', '2.5', '007', 'abc']) isError(await call('GET', `/v2/sites${q({ workspaceId, limit: bad })}`), 400, `limit=${bad}`);
  ok((await call('GET', `/v2/sites${q({ workspaceId, limit: '' })}`)).status === 200, 'empty limit = default');
  isError(await call('GET', `/v2/sites${q({ workspaceId, startingAfter: otherSite })}`), 404, 'foreign cursor');

  let res = await call('POST', '/v2/sites', { body: { workspaceId, name: 'Beacon', hostOrigin: 'https://beacon.example' } });
  conforms('SiteController_createV2_v2', res);
  ok(res.status === 201 && res.json.defaultLocale === 'en-US' && res.json.localeManagementMode === 'internal', 'create site defaults');
  const newSite = res.json;
  res = await call('POST', '/v2/sites', { body: { workspaceId, name: 'Zürich', defaultLocale: '', hostOrigin: '' } });
  ok(res.status === 201 && res.json.defaultLocale === 'en-US' && res.json.hostOrigin === null && res.text.includes('Z\\u00fcrich'), 'empty strings -> null -> defaults; unicode escaped');
  let e = isError(await call('POST', '/v2/sites', { body: { workspaceId, name: 'x'.repeat(256), hostOrigin: 'ftp://x.example' } }), 400, 'create site invalid');
  ok(e.message === 'The name field must not be greater than 255 characters. (and 1 more error)', 'Laravel summary message');
  ok(e.details[1].message === 'The host origin field must be a valid URL.', 'url message');
  isError(await call('POST', '/v2/sites', { body: { workspaceId: s.otherWorkspaceId, name: 'x' } }), 403, 'create in other workspace');
  isError(await call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: siteApiKey }), 403, 'create site with site key');
  isError(await call('POST', '/v2/sites', { body: { workspaceId, name: 12 } }), 400, 'name must be a string');
  isError(await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', defaultLocale: 'en-us' } }), 400, 'locale case');

  res = await call('GET', `/v2/sites/${siteId}`);
  conforms('SiteController_getOneV2_v2', res);
  ok(res.status === 200 && res.json.id === siteId, 'get site');
  ok((await call('GET', `/v2/sites/${siteId.toUpperCase()}`)).json.id === siteId, 'upper-case id found (ai_ci char(36))');
  ok((await call('GET', `/v2/sites/${siteId}/`)).status === 200, 'trailing slash ignored');
  isError(await call('GET', '/v2/sites/not-a-uuid', { key: null }), 404, 'malformed id: route constraint 404 before auth');
  isError(await call('GET', '/v2/sites/00000000-0000-4000-8000-000000000000'), 404, 'unknown site');
  isError(await call('GET', `/v2/sites/${otherSite}`), 403, 'foreign site');
  ok((await call('GET', `/v2/sites/${siteId}`, { key: siteApiKey })).status === 200, 'site key reads own site');
  isError(await call('GET', `/v2/sites/${site2}`, { key: siteApiKey }), 403, 'site key other site');
  isError(await call('GET', `/v2/sites/${siteId}`, { key: publicApiKey }), 403, 'publishable key cannot read site');

  res = await call('PATCH', `/v2/sites/${newSite.id}`, { body: { name: 'Beacon 2', hostOrigin: null, defaultLocale: null } });
  conforms('SiteController_updateOneV2_v2', res);
  ok(res.status === 200 && res.json.name === 'Beacon 2' && res.json.hostOrigin === null, 'update site');
  e = isError(await call('PATCH', `/v2/sites/${newSite.id}`, { body: { defaultLocale: 'fr-FR' } }), 400, 'defaultLocale prohibited');
  ok(e.details[0].field === 'defaultLocale' && e.details[0].message === 'The default locale field is prohibited.', 'prohibited message');
  isError(await call('PATCH', `/v2/sites/${newSite.id}`, { body: { name: '' } }), 400, 'empty name');
  isError(await call('PATCH', '/v2/sites/00000000-0000-4000-8000-000000000000', { raw: '{bad' }), 400, 'malformed JSON before binding');
  isError(await call('PATCH', '/v2/sites/00000000-0000-4000-8000-000000000000', { body: { name: '' } }), 404, 'binding 404 before validation');
  isError(await call('PATCH', `/v2/sites/${otherSite}`, { body: { name: '' } }), 403, 'authorize 403 before validation');
  ok((await call('PUT', `/v2/sites/${newSite.id}`, { body: { name: 'Beacon 3' } })).json.name === 'Beacon 3', 'PUT is apiResource alias');

  res = await call('POST', `/v2/sites/${siteId}/duplicate`, { body: { name: 'Lighthouse Copy' } });
  conforms('SiteController_duplicateV2_v2', res);
  ok(res.status === 201 && res.json.id !== siteId && res.json.defaultLocale === 'en-US', 'duplicate');
  const dup = res.json;
  const dupPages = await call('GET', `/v6/pages${q({ siteId: dup.id, includeOffline: 'true' })}`);
  ok(dupPages.json.data.length === 5, 'duplicate copied pages');
  ok((await call('GET', `/v2/locales${q({ siteId: dup.id })}`)).json.data.length === 3, 'duplicate copied kept locales');
  isError(await call('POST', `/v2/sites/${siteId}/duplicate`, { body: {} }), 400, 'duplicate without name');
  isError(await call('POST', `/v2/sites/${siteId}/duplicate`, { body: { name: 'x' }, key: siteApiKey }), 403, 'duplicate with site key');

  res = await call('DELETE', `/v2/sites/${dup.id}`);
  ok(res.status === 204 && res.text === '', 'delete site 204');
  isError(await call('GET', `/v2/sites/${dup.id}`), 404, 'deleted site');
  isError(await call('GET', `/v2/locales${q({ siteId: dup.id })}`), 404, 'deleted site passes exists rule, then 404');
  isError(await call('GET', `/v2/locales${q({ siteId: '00000000-0000-4000-8000-000000000000' })}`), 400, 'nonexistent site fails exists rule');

  // ---- locales ----
  res = await call('GET', `/v2/locales${q({ siteId })}`);
  conforms('SiteLocaleController_listV2_v2', res);
  ok(res.json.data.length === 3 && res.json.data[0].isDefault === true, 'locales list');
  ok((await walk('/v2/locales', { siteId }, 'SiteLocaleController_listV2_v2')).length === 3, 'locales walk');
  isError(await call('GET', '/v2/locales'), 400, 'locales without siteId');
  isError(await call('GET', `/v2/locales${q({ siteId, limit: '0' })}`), 400, 'locales limit 0');
  isError(await call('GET', `/v2/locales${q({ siteId, startingAfter: '00000000-0000-4000-8000-000000000000' })}`), 404, 'unknown locale cursor');
  isError(await call('GET', `/v2/locales${q({ siteId: otherSite })}`), 403, 'foreign locales');
  ok((await call('GET', `/v2/locales${q({ siteId })}`, { key: publicApiKey })).status === 200, 'publishable key lists locales');

  res = await call('GET', `/v2/locales/EN-us${q({ siteId })}`);
  conforms('SiteLocaleController_getV2_v2', res);
  ok(res.status === 200 && res.json.locale === 'en-US', 'code lookup is case-insensitive');
  const deId = (await call('GET', `/v2/locales/de-DE${q({ siteId })}`)).json.id;
  ok((await call('GET', `/v2/locales/${deId}`)).json.domain === 'https://leuchtturm.example', 'get by id');
  isError(await call('GET', '/v2/locales/de-DE'), 400, 'code without siteId');
  isError(await call('GET', `/v2/locales/de-DE%20${q({ siteId })}`), 404, 'NO PAD: trailing space matters');
  isError(await call('GET', `/v2/locales/it-IT${q({ siteId })}`), 404, 'soft-deleted locale');
  isError(await call('GET', `/v2/locales/${deId}${q({ siteId: site2 })}`), 404, 'id with other siteId');

  res = await call('POST', '/v2/locales', { body: { siteId, locale: 'nl-NL', domain: 'https://vuurtoren.example' } });
  conforms('SiteLocaleController_createV2_v2', res);
  ok(res.status === 201 && res.json.isDefault === false && res.json.pathPrefix === null, 'create locale');
  const nl = res.json;
  isError(await call('POST', '/v2/locales', { body: { siteId, locale: 'nl-NL' } }), 409, 'duplicate locale');
  isError(await call('POST', '/v2/locales', { body: { siteId, locale: 'it-IT' } }), 409, 'soft-deleted code stays taken');
  isError(await call('POST', '/v2/locales', { body: { siteId, locale: 'zz-QQ' } }), 400, 'invalid locale code');
  isError(await call('POST', '/v2/locales', { body: { siteId: otherSite, locale: 'nl-NL' } }), 403, 'locale on foreign site');

  res = await call('PATCH', `/v2/locales/${nl.id}`, { body: { domain: null } });
  conforms('SiteLocaleController_updateV2_v2', res);
  ok(res.status === 200 && res.json.domain === null, 'update locale');
  isError(await call('PATCH', `/v2/locales/nl-NL${q({ siteId })}`, { body: { locale: 'de-DE' } }), 409, 'rename onto taken code');
  res = await call('DELETE', `/v2/locales/nl-NL${q({ siteId })}`);
  ok(res.status === 204, 'delete locale');
  isError(await call('DELETE', `/v2/locales/en-US${q({ siteId })}`), 400, 'default locale cannot be deleted');
  res = await call('POST', `/v2/locales/${nl.id}/restore`);
  conforms('SiteLocaleController_restoreV2_v2', res);
  ok(res.status === 200 && res.json.id === nl.id, 'restore locale');
  ok((await call('POST', `/v2/locales/${nl.id}/restore`)).status === 200, 'restore of a kept locale is a no-op 200');
  res = await call('POST', `/v2/locales/it-IT/restore${q({ siteId })}`);
  ok(res.status === 200 && res.json.locale === 'it-IT', 'restore by code');
  isError(await call('POST', `/v2/locales/00000000-0000-4000-8000-000000000000/restore`), 404, 'restore unknown');

  // ---- pages ----
  res = await call('GET', `/v6/pages${q({ siteId })}`);
  conforms('PageController_listV6_v6', res);
  ok(res.json.data.map((p) => p.pathname).join(',') === '/,/about,/blog,/blog/first-post', 'pages default: online, by path');
  ok(res.text.includes('"sitemapPriority":1.0'), 'float rendered as PHP does');
  ok((await walk('/v6/pages', { siteId, includeOffline: 'true' }, 'PageController_listV6_v6')).length === 5, 'pages walk');
  res = await call('GET', `/v6/pages${q({ siteId, sortBy: 'title', sortDirection: 'desc', includeOffline: 'true' })}`);
  ok(res.json.data[res.json.data.length - 1].title === null, 'NULL smallest: last when descending');
  res = await call('GET', `/v6/pages${q({ siteId, locale: 'de-DE' })}`);
  ok(res.json.data.length === 2 && res.json.data[0].pathname === '/blog/erster-beitrag' && res.json.data.every((p) => p.locale === 'de-DE'), 'locale collapse');
  res = await call('GET', `/v6/pages${q({ siteId, pathPrefix: '/BLOG' })}`);
  ok(res.json.data.length === 2, 'pathPrefix is a case-insensitive LIKE');
  ok((await call('GET', `/v6/pages${q({ siteId, versionRef: 'ref:live' })}`)).json.data.length === 4, 'live version');
  isError(await call('GET', `/v6/pages${q({ siteId, sortBy: 'name' })}`), 400, 'bad sortBy');
  isError(await call('GET', `/v6/pages${q({ siteId, includeOffline: 'TRUE' })}`), 400, 'bad includeOffline');
  isError(await call('GET', `/v6/pages${q({ siteId, locale: 'pt-BR' })}`), 400, 'unknown locale');
  res = await call('GET', `/v2/sites/${siteId}/pages${q({ limit: '2' })}`);
  conforms('PageController_listV6_v6', res);
  ok(res.json.data.length === 2 && res.json.hasMore === true, 'site pages path');
  ok((await call('GET', `/v6/pages${q({ siteId })}`, { key: publicApiKey })).status === 200, 'publishable key reads pages');
  isError(await call('POST', '/v6/pages', { body: { siteId, pathname: '/x', name: 'x' }, key: publicApiKey }), 403, 'publishable key cannot write');

  res = await call('POST', '/v6/pages', { body: { siteId, pathname: '/contact', name: 'Contact' } });
  conforms('PageController_createV6_v6', res);
  ok(res.status === 201 && res.json.isOnline === false && res.json.publishedAt === null && /\.000000Z$/.test(res.json.createdAt), 'create page defaults');
  const contact = res.json;
  ok((await call('POST', '/v6/pages', { body: { siteId, pathname: 'team', name: 'Team' } })).json.pathname === '/team', 'leading slash prepended');
  isError(await call('POST', '/v6/pages', { body: { siteId, pathname: '/ABOUT', name: 'x' } }), 409, 'ai_ci: case clash');
  isError(await call('POST', '/v6/pages', { body: { siteId: site2, pathname: '/marees', name: 'x' } }), 409, 'ai_ci: accent clash');
  isError(await call('POST', '/v6/pages', { body: { siteId, pathname: '/feed.xml', name: 'x' } }), 409, 'route clash');
  e = isError(await call('POST', '/v6/pages', { body: { siteId, pathname: '/a b', name: '' } }), 400, 'page validation');
  ok(e.details.map((d) => d.field).join() === 'pathname,name', 'details per field');
  isError(await call('POST', '/v6/pages', { body: { pathname: '/y', name: 'y' } }), 400, 'missing siteId');

  res = await call('GET', `/v6/pages/${contact.id}`);
  conforms('PageController_getV6_v6', res);
  ok(res.status === 200, 'get page by id');
  res = await call('GET', `/v6/pages/blog/first-post${q({ siteId })}`);
  ok(res.status === 200 && res.json.title === 'Café notes', 'get page by pathname (rest of path)');
  ok((await call('GET', `/v6/pages/%2F${q({ siteId })}`)).json.pathname === '/', 'root page');
  ok((await call('GET', `/v6/pages/about${q({ siteId, locale: 'de-DE' })}`)).json.pathname === '/ueber-uns', 'get page collapsed');
  isError(await call('GET', `/v6/pages/${contact.id}${q({ versionRef: 'ref:live' })}`), 404, 'offline page has no live version');
  isError(await call('GET', '/v6/pages/about'), 400, 'pathname without siteId');

  res = await call('PATCH', `/v6/pages/${contact.id}`, { body: { isOnline: true, pathname: '/kontakt' } });
  conforms('PageController_updateV6_v6', res);
  ok(res.json.isOnline === true && res.json.publishedAt !== null && res.json.pathname === '/kontakt', 'publish page');
  const before = res.json.updatedAt;
  ok((await call('PATCH', `/v6/pages/${contact.id}`, { body: {} })).json.updatedAt === before, 'no dirty attributes: updatedAt kept');
  isError(await call('PATCH', `/v6/pages/${contact.id}`, { body: { pathname: '/About' } }), 409, 'rename onto page');
  isError(await call('PATCH', `/v6/pages/${contact.id}`, { body: { isOnline: 'yes' } }), 400, 'boolean rule');
  ok((await call('PATCH', `/v6/pages/${contact.id}`, { body: { isOnline: 0 } })).json.isOnline === false, 'boolean rule accepts 0');
  res = await call('DELETE', `/v6/pages/kontakt${q({ siteId })}`);
  ok(res.status === 204, 'delete page');
  isError(await call('GET', `/v6/pages/${contact.id}`), 404, 'deleted page');

  // ---- routes ----
  res = await call('GET', `/v2/routes${q({ siteId })}`);
  ok(res.status === 200 && res.json.object === 'list' && res.json.data.length === 2, 'list routes');
  const apiRoute = res.json.data[0];
  res = await call('PATCH', `/v2/routes/${apiRoute.id}`, { body: { pathname: '/api/v1/{resource}/{id?}' } });
  ok(res.status === 200 && res.json.object === 'route' && res.json.pathname === '/api/v1/{resource}/{id?}', 'update route by id');
  res = await call('PATCH', `/v2/routes/feed.xml${q({ siteId })}`, { body: { pathname: '/rss.xml' } });
  ok(res.status === 200 && res.json.pathname === '/rss.xml', 'update route by pathname');
  isError(await call('PATCH', `/v2/routes/RSS.xml${q({ siteId })}`, { body: { pathname: '/x' } }), 404, 'route pathnames are utf8mb4_bin');
  isError(await call('PATCH', `/v2/routes/rss.xml`, { body: { pathname: '/x' } }), 400, 'route pathname without siteId');
  isError(await call('PATCH', `/v2/routes/rss.xml${q({ siteId })}`, { body: { pathname: '/{a?}/b' } }), 400, 'route syntax');
  ok((await call('PATCH', `/v2/routes/rss.xml${q({ siteId, skipValidation: 'true' })}`, { body: { pathname: '/{a?}/b' } })).status === 200, 'skipValidation');
  isError(await call('PATCH', `/v2/routes/${apiRoute.id}${q({ skipValidation: 'yes' })}`, { body: {} }), 400, 'skipValidation enum');
  isError(await call('PATCH', `/v2/routes/${apiRoute.id}`, { body: { pathname: '/blog' } }), 409, 'route onto page');
  res = await call('POST', '/v2/routes', { body: { siteId, pathname: '/go/{code}' } });
  ok(res.status === 201 && res.json.pathname === '/go/{code}', 'create route');
  isError(await call('POST', '/v2/routes', { body: { siteId, pathname: '/go/{code}' } }), 409, 'route unique');
  ok((await call('GET', `/v2/routes/${res.json.id}`)).status === 200, 'get route');
  ok((await call('DELETE', `/v2/routes/${res.json.id}`)).status === 204, 'delete route');
  isError(await call('PATCH', `/v2/routes/${apiRoute.id}`, { body: { pathname: '/x' }, key: otherApiKey }), 403, 'foreign route');

  // ---- request reading, limits, robustness ----
  e = isError(await call('POST', '/v2/sites', { raw: '{"name": "x",}' }), 400, 'trailing comma');
  ok(e.details[0].message === 'Syntax error', 'json_last_error_msg text');
  isError(await call('POST', '/v2/sites', { raw: '[1,2]' }), 400, 'non-object JSON');
  isError(await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]) }), 400, 'invalid UTF-8');
  isError(await call('POST', '/v2/sites', { raw: 'name=x', ct: 'text/plain' }), 400, 'unsupported media type');
  isError(await call('POST', '/v2/sites', { raw: '[' .repeat(100000) }), 400, 'deep nesting');
  ok((await call('POST', '/v2/sites', { raw: `workspaceId=${workspaceId}&name=Form+Site`, ct: 'application/x-www-form-urlencoded' })).status === 201, 'form bodies accepted');
  isError(await call('POST', '/v2/sites', { raw: 'x'.repeat(9 * 1024 * 1024) }), 400, 'body over post_max_size');
  isError(await call('GET', `/v2/sites${q({ workspaceId })}&workspaceId[]=x`), 400, 'PHP array query value');
  res = await call('OPTIONS', '/v2/sites');
  ok(res.status === 200 && /POST/.test(res.headers.get('allow')), 'OPTIONS');
  isError(await call('DELETE', '/v2/locales'), 404, 'method not allowed answered 404');
  isError(await call('GET', '/v3/sites'), 404, 'unknown version');
  ok((await call('HEAD', `/v2/sites/${siteId}`)).status === 200, 'HEAD');
  let raw = await rawRequest('GARBAGE\r\n\r\n');
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('"bad_request"'), 'bad request line');
  raw = await rawRequest(`GET /v2/sites HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
  ok(raw.startsWith('HTTP/1.1 400') && raw.includes('"bad_request"'), 'oversized headers');
  ok((await call('GET', `/v2/sites/${siteId}`)).status === 200, 'still alive');

  // revoked keys after site deletion
  const victim = (await call('POST', '/v2/sites', { body: { workspaceId, name: 'Victim' } })).json;
  ok((await call('DELETE', `/v2/sites/${victim.id}`)).status === 204, 'delete victim');
  isError(await call('GET', `/v2/locales${q({ siteId })}`, { key: victim.publicApiKey }), 401, 'publishable key of deleted site');
} catch (err) {
  failures++; console.error('CRASH', err);
} finally {
  await s.close();
}
console.log(`${checks - failures}/${checks} checks passed`);
process.exit(failures ? 1 : 0);
