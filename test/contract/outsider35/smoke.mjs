// Self-check: starts server.mjs on an ephemeral port and exercises every operation.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import net from 'node:net';

const here = dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
let stderr = '';
child.stderr.on('data', (d) => { stderr += d; });
const cfg = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (d) => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) resolve(JSON.parse(buf.slice(0, i))); });
  child.on('exit', (c) => reject(new Error('server exited ' + c + ' ' + stderr)));
  setTimeout(() => reject(new Error('startup timeout')), 10000);
});
const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = cfg;

let pass = 0, fail = 0;
function check(name, cond, extra) {
  if (cond) pass++; else { fail++; console.error('FAIL', name, extra !== undefined ? JSON.stringify(extra).slice(0, 600) : ''); }
}
async function call(method, path, { key = apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const res = await fetch(baseUrl + path, { method, headers: h, body: payload });
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  return { status: res.status, body: json, headers: res.headers };
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const isSite = (s) => s && s.object === 'site' && UUID.test(s.id) && typeof s.name === 'string' && (s.hostOrigin === null || typeof s.hostOrigin === 'string') && UUID.test(s.publicApiKey) && typeof s.defaultLocale === 'string' && ['internal', 'external'].includes(s.localeManagementMode) && 'defaultLocalePathPrefix' in s;
const isLocale = (l) => l && l.object === 'locale' && UUID.test(l.id) && typeof l.locale === 'string' && 'domain' in l && 'pathPrefix' in l && typeof l.isDefault === 'boolean';
const FREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never', null];
const isPage = (p) => p && p.object === 'page' && UUID.test(p.id) && typeof p.pathname === 'string' && ['canonicalUrl', 'title', 'description', 'socialImageUrl'].every((k) => p[k] === null || typeof p[k] === 'string')
  && (p.sitemapPriority === null || (typeof p.sitemapPriority === 'number' && p.sitemapPriority >= 0 && p.sitemapPriority <= 1)) && FREQ.includes(p.sitemapFrequency)
  && ['createdAt', 'updatedAt', 'publishedAt'].every((k) => p[k] === null || ISO.test(p[k])) && typeof p.isOnline === 'boolean'
  && (p.excludedFromSearchEngines === null || typeof p.excludedFromSearchEngines === 'boolean') && Array.isArray(p.localizations)
  && p.localizations.every((x) => typeof x.pathname === 'string' && UUID.test(x.id) && typeof x.locale === 'string') && typeof p.locale === 'string';
const isList = (b, item) => b && b.object === 'list' && Array.isArray(b.data) && typeof b.hasMore === 'boolean' && b.data.every(item);
const isErr = (r, status, code) => r.status === status && r.body && r.body.object === 'error' && r.body.code === code && typeof r.body.message === 'string' && (status !== 400 || (Array.isArray(r.body.details) && r.body.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string')));
const detail = (r, field) => r.body?.details?.find((d) => d.field === field)?.message;

try {
  // ---------------- auth
  let r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: null });
  check('401 missing key', isErr(r, 401, 'unauthorized'), r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: 'sk_nope' });
  check('401 bad key', isErr(r, 401, 'unauthorized'), r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: '550e8400-e29b-41d4-a716-446655440000' });
  check('401 unknown uuid key', isErr(r, 401, 'unauthorized'), r);
  r = await call('GET', '/nowhere', { key: null });
  check('401 before routing', r.status === 401, r);

  // ---------------- list sites
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`);
  check('list sites 200', r.status === 200 && isList(r.body, isSite) && r.body.data.length === 2 && r.body.hasMore === false, r);
  const [site1, site2] = r.body.data;
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`);
  check('list sites limit 1', r.body.data.length === 1 && r.body.hasMore === true, r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1&startingAfter=${site1.id}`);
  check('list sites page 2', r.body.data.length === 1 && r.body.data[0].id === site2.id && r.body.hasMore === false, r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=0`);
  check('limit 0 → 400', isErr(r, 400, 'bad_request') && detail(r, 'limit') === 'must be greater than or equal to 1', r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=101`);
  check('limit 101 → 400', isErr(r, 400, 'bad_request') && detail(r, 'limit'), r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=abc`);
  check('limit abc → 400', detail(r, 'limit') === 'must be an integer', r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit[]=3`);
  check('limit[] → 400', detail(r, 'limit') === 'must be an integer', r);
  r = await call('GET', `/v2/sites`);
  check('workspaceId missing', detail(r, 'workspaceId') === 'is missing', r);
  r = await call('GET', `/v2/sites?workspaceId=nope`);
  check('workspaceId bad', detail(r, 'workspaceId') === 'is in invalid format', r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey });
  check('list foreign ws 403', isErr(r, 403, 'forbidden'), r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: siteApiKey });
  check('site key list sites 403', isErr(r, 403, 'forbidden'), r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&startingAfter=${crypto.randomUUID()}`);
  check('unknown cursor 400', detail(r, 'startingAfter'), r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&a=1&a[]=2`);
  check('rack type conflict 400', isErr(r, 400, 'bad_request'), r);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&x=%ZZ`);
  check('bad query encoding 400', isErr(r, 400, 'bad_request'), r);

  // ---------------- create site
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'Smoke site', hostOrigin: 'https://smoke.example/' } });
  check('create site 201', r.status === 201 && isSite(r.body) && r.body.defaultLocale === 'en-US' && r.body.hostOrigin === 'https://smoke.example/', r);
  const site = r.body;
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'Fr site', defaultLocale: 'fr-CA' } });
  check('create site defaultLocale', r.status === 201 && r.body.defaultLocale === 'fr-CA' && r.body.hostOrigin === null, r);
  r = await call('POST', '/v2/sites', { body: {} });
  check('create site missing', isErr(r, 400, 'bad_request') && detail(r, 'workspaceId') === 'is missing' && detail(r, 'name') === 'is missing', r);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 5, hostOrigin: 'not a uri', defaultLocale: 'xx-YY' } });
  check('create site types', detail(r, 'name') === 'must be a string' && detail(r, 'hostOrigin') && detail(r, 'defaultLocale') && r.body.details.length === 3, r);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x'.repeat(256) } });
  check('create site long name', detail(r, 'name') === 'size cannot be greater than 255', r);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: null } });
  check('hostOrigin null 400', detail(r, 'hostOrigin'), r);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: 'urn:isbn:0451450523' } });
  check('urn is a URI', r.status === 201, r);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: 'http://[::1]:8080/a?b#c' } });
  check('ipv6 URI', r.status === 201, r);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: '/relative' } });
  check('relative ref is not a URI', detail(r, 'hostOrigin'), r);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: 'http://exa mple.com' } });
  check('space in URI', detail(r, 'hostOrigin'), r);
  r = await call('POST', '/v2/sites', { body: { workspaceId: crypto.randomUUID(), name: 'x' } });
  check('create site foreign ws 403', isErr(r, 403, 'forbidden'), r);
  r = await call('POST', '/v2/sites', { key: siteApiKey, body: { workspaceId, name: 'x' } });
  check('site key create 403', isErr(r, 403, 'forbidden'), r);
  r = await call('POST', '/v2/sites', { raw: '{"name":', headers: { 'content-type': 'application/json' } });
  check('malformed JSON 400', isErr(r, 400, 'bad_request') && detail(r, 'body'), r);
  r = await call('POST', '/v2/sites', { raw: '[1,2]', headers: { 'content-type': 'application/json' } });
  check('array body 400', detail(r, 'body') === 'must be a hash', r);
  r = await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), headers: { 'content-type': 'application/json' } });
  check('bad utf8 400', isErr(r, 400, 'bad_request'), r);
  r = await call('POST', '/v2/sites', { raw: '{"name":"' + 'a'.repeat(1100000) + '"}', headers: { 'content-type': 'application/json' } });
  check('huge body 400', isErr(r, 400, 'bad_request'), r);

  // ---------------- get / update / duplicate / delete site
  r = await call('GET', `/v2/sites/${site.id}`);
  check('get site', r.status === 200 && isSite(r.body) && r.body.id === site.id, r);
  r = await call('GET', `/v2/sites/${site.id.toUpperCase()}`);
  check('get site uppercase id', r.status === 200 && r.body.id === site.id, r);
  r = await call('GET', `/v2/sites/${crypto.randomUUID()}`);
  check('get site 404', isErr(r, 404, 'not_found'), r);
  r = await call('GET', `/v2/sites/not-a-uuid`);
  check('get site bad id 400', detail(r, 'siteId') === 'is in invalid format', r);
  r = await call('GET', `/v2/sites/${site.id}`, { key: otherApiKey });
  check('get site foreign 403', isErr(r, 403, 'forbidden'), r);
  r = await call('GET', `/v2/sites/${site.id}/`);
  check('trailing slash 404', isErr(r, 404, 'not_found'), r);
  r = await call('PUT', `/v2/sites/${site.id}`, { body: {} });
  check('unknown method 404 + Allow', isErr(r, 404, 'not_found') && /PATCH/.test(r.headers.get('allow') || ''), r);
  r = await call('PATCH', `/v2/sites/${site.id}`, { body: { name: 'Renamed', hostOrigin: 'https://renamed.example', extra: 1 } });
  check('patch site', r.status === 200 && r.body.name === 'Renamed' && r.body.hostOrigin === 'https://renamed.example', r);
  r = await call('PATCH', `/v2/sites/${site.id}`, { body: { name: 'Nope', defaultLocale: 'fr-FR' } });
  check('patch site defaultLocale refused', detail(r, 'defaultLocale') === 'is not allowed', r);
  r = await call('GET', `/v2/sites/${site.id}`);
  check('refused patch changed nothing', r.body.name === 'Renamed' && r.body.defaultLocale === 'en-US', r);
  r = await call('PATCH', `/v2/sites/${site.id}`, { body: { hostOrigin: 'nope' } });
  check('patch site bad uri', detail(r, 'hostOrigin'), r);
  r = await call('GET', `/v2/sites/${site1.id}`, { key: siteApiKey });
  check('site key reads own site', r.status === 200 && r.body.id === site1.id, r);
  r = await call('GET', `/v2/sites/${site2.id}`, { key: siteApiKey });
  check('site key other site 403', isErr(r, 403, 'forbidden'), r);
  r = await call('PATCH', `/v2/sites/${site1.id}`, { key: siteApiKey, body: { name: 'Acme Marketing' } });
  check('site key patches own site', r.status === 200, r);
  r = await call('DELETE', `/v2/sites/${site1.id}`, { key: siteApiKey });
  check('site key delete 403', isErr(r, 403, 'forbidden'), r);

  r = await call('POST', `/v2/sites/${site1.id}/duplicate`, { body: { name: 'Copy of Acme' } });
  check('duplicate 201', r.status === 201 && isSite(r.body) && r.body.name === 'Copy of Acme' && r.body.id !== site1.id && r.body.publicApiKey !== site1.publicApiKey && r.body.defaultLocale === site1.defaultLocale, r);
  const dup = r.body;
  r = await call('POST', `/v2/sites/${site1.id}/duplicate`, { body: {} });
  check('duplicate missing name', detail(r, 'name') === 'is missing', r);
  r = await call('POST', `/v2/sites/${crypto.randomUUID()}/duplicate`, { body: { name: 'x' } });
  check('duplicate 404', isErr(r, 404, 'not_found'), r);
  r = await call('POST', `/v2/sites/${site1.id}/duplicate`, { key: otherApiKey, body: { name: 'x' } });
  check('duplicate foreign 403', isErr(r, 403, 'forbidden'), r);
  const dupPages = await call('GET', `/v6/pages?siteId=${dup.id}&includeOffline=true`);
  const origPages = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true`);
  check('duplicate copied pages', dupPages.body.data.length === origPages.body.data.length && dupPages.body.data.every((p, i) => p.pathname === origPages.body.data[i].pathname && p.id !== origPages.body.data[i].id), dupPages);
  await call('PATCH', `/v6/pages/${dupPages.body.data[0].id}`, { body: { pathname: '/dup-only' } });
  const again = await call('GET', `/v6/pages/${origPages.body.data[0].id}`);
  check('duplicate independent', again.body.pathname === origPages.body.data[0].pathname, again);

  r = await call('DELETE', `/v2/sites/${dup.id}`);
  check('delete site 204', r.status === 204, r);
  r = await call('GET', `/v2/sites/${dup.id}`);
  check('deleted site 404', isErr(r, 404, 'not_found'), r);
  r = await call('DELETE', `/v2/sites/${dup.id}`);
  check('delete twice 404', isErr(r, 404, 'not_found'), r);

  // ---------------- locales
  r = await call('GET', `/v2/locales?siteId=${site1.id}`);
  check('list locales', r.status === 200 && isList(r.body, isLocale) && r.body.data.length === 3 && r.body.data.filter((l) => l.isDefault).length === 1, r);
  const [enUS, frFR] = r.body.data;
  r = await call('GET', `/v2/locales?siteId=${site1.id}&limit=1&startingAfter=${enUS.id}`);
  check('list locales page 2', r.body.data.length === 1 && r.body.data[0].id === frFR.id && r.body.hasMore === true, r);
  r = await call('GET', `/v2/locales`);
  check('list locales missing siteId', detail(r, 'siteId') === 'is missing', r);
  r = await call('GET', `/v2/locales?siteId=${site1.id}`, { key: otherApiKey });
  check('list locales foreign 403', isErr(r, 403, 'forbidden'), r);
  r = await call('GET', `/v2/locales?siteId=${site1.id}`, { key: siteApiKey });
  check('site key lists locales', r.status === 200, r);
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'it-IT', domain: 'https://it.smoke.example' } });
  check('create locale 201', r.status === 201 && isLocale(r.body) && r.body.isDefault === false && r.body.domain === 'https://it.smoke.example', r);
  const itIT = r.body;
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'IT-it' } });
  check('create locale dup 409 (NOCASE)', isErr(r, 409, 'conflict'), r);
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'klingon' } });
  check('create locale bad code', detail(r, 'locale'), r);
  r = await call('POST', '/v2/locales', { body: { siteId: site.id } });
  check('create locale missing', detail(r, 'locale') === 'is missing', r);
  r = await call('POST', '/v2/locales', { body: { siteId: crypto.randomUUID(), locale: 'es' } });
  check('create locale 404 site', isErr(r, 404, 'not_found'), r);
  r = await call('POST', '/v2/locales', { key: otherApiKey, body: { siteId: site.id, locale: 'es' } });
  check('create locale 403', isErr(r, 403, 'forbidden'), r);
  r = await call('GET', `/v2/locales/${itIT.id}`);
  check('get locale by id', r.status === 200 && r.body.locale === 'it-IT', r);
  r = await call('GET', `/v2/locales/it-IT?siteId=${site.id}`);
  check('get locale by code', r.status === 200 && r.body.id === itIT.id, r);
  r = await call('GET', `/v2/locales/it-IT`);
  check('get locale code needs siteId', detail(r, 'siteId'), r);
  r = await call('GET', `/v2/locales/${crypto.randomUUID()}`);
  check('get locale 404', isErr(r, 404, 'not_found'), r);
  r = await call('GET', `/v2/locales/${itIT.id}`, { key: otherApiKey });
  check('get locale 403', isErr(r, 403, 'forbidden'), r);
  r = await call('PATCH', `/v2/locales/${itIT.id}`, { body: { domain: null } });
  check('patch locale domain null', r.status === 200 && r.body.domain === null, r);
  r = await call('PATCH', `/v2/locales/it-IT?siteId=${site.id}`, { body: { locale: 'it-CH', domain: 'https://ch.example' } });
  check('patch locale by code', r.status === 200 && r.body.locale === 'it-CH' && r.body.domain === 'https://ch.example', r);
  r = await call('PATCH', `/v2/locales/${itIT.id}`, { body: { locale: 'en-US' } });
  check('patch locale conflict 409', isErr(r, 409, 'conflict'), r);
  r = await call('PATCH', `/v2/locales/${itIT.id}`, { body: { domain: 'bad domain' } });
  check('patch locale bad domain', detail(r, 'domain'), r);
  const siteDefault = (await call('GET', `/v2/locales?siteId=${site.id}`)).body.data.find((l) => l.isDefault);
  r = await call('DELETE', `/v2/locales/${siteDefault.id}`);
  check('delete default locale 400', isErr(r, 400, 'bad_request'), r);
  r = await call('DELETE', `/v2/locales/${itIT.id}`);
  check('delete locale 204', r.status === 204, r);
  r = await call('GET', `/v2/locales/${itIT.id}`);
  check('deleted locale 404', isErr(r, 404, 'not_found'), r);
  r = await call('POST', `/v2/locales/${itIT.id}/restore`);
  check('restore locale 200', r.status === 200 && isLocale(r.body) && r.body.id === itIT.id, r);
  r = await call('POST', `/v2/locales/${itIT.id}/restore`);
  check('restore active 409', isErr(r, 409, 'conflict'), r);
  await call('DELETE', `/v2/locales/it-CH?siteId=${site.id}`);
  r = await call('POST', `/v2/locales/it-CH/restore?siteId=${site.id}`);
  check('restore by code', r.status === 200 && r.body.locale === 'it-CH', r);
  r = await call('POST', `/v2/locales/${crypto.randomUUID()}/restore`);
  check('restore 404', isErr(r, 404, 'not_found'), r);

  // ---------------- pages
  r = await call('GET', `/v6/pages?siteId=${site1.id}`);
  check('list pages (online only)', r.status === 200 && isList(r.body, isPage) && r.body.data.every((p) => p.isOnline) && r.body.data.length === 3, r);
  check('list pages sorted by path', r.body.data.map((p) => p.pathname).join(',') === '/,/about,/blog', r.body);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true`);
  check('includeOffline=true', r.body.data.length === 4 && r.body.data.some((p) => !p.isOnline), r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=yes`);
  check('includeOffline enum', detail(r, 'includeOffline') === 'must be one of: true, false', r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true&sortBy=createdAt&sortDirection=desc`);
  check('sort createdAt desc', r.body.data.map((p) => p.pathname).join(',') === '/blog,/pricing,/about,/', r.body);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&sortBy=name`);
  check('sortBy enum', detail(r, 'sortBy'), r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&pathPrefix=/ab`);
  check('pathPrefix', r.body.data.length === 1 && r.body.data[0].pathname === '/about', r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true&limit=2`);
  check('pages limit', r.body.data.length === 2 && r.body.hasMore, r);
  const p2 = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true&limit=2&startingAfter=${r.body.data[1].id}`);
  check('pages cursor', p2.body.data.length === 2 && !p2.body.hasMore && p2.body.data[0].pathname === '/blog', p2);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&locale=fr-FR`);
  check('pages in fr-FR', r.body.data.length === 2 && r.body.data.every((p) => p.locale === 'fr-FR') && r.body.data.some((p) => p.pathname === '/a-propos'), r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&locale=zz`);
  check('pages unknown locale', detail(r, 'locale'), r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&versionRef=ref:live&includeOffline=true`);
  check('pages live', r.body.data.length === 3 && r.body.data.every((p) => p.isOnline && p.publishedAt), r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&versionRef=latest`);
  check('versionRef enum', detail(r, 'versionRef'), r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}`, { key: otherApiKey });
  check('list pages 403', isErr(r, 403, 'forbidden'), r);
  r = await call('GET', `/v6/pages?siteId=${site1.id}`, { key: siteApiKey });
  check('site key lists pages', r.status === 200, r);

  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/landing', name: 'Landing' } });
  check('create page 201', r.status === 201 && isPage(r.body) && r.body.pathname === '/landing' && r.body.isOnline === false && r.body.locale === 'en-US' && r.body.publishedAt === null, r);
  const page = r.body;
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/LANDING', name: 'x' } });
  check('create page 409', isErr(r, 409, 'conflict'), r);
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: '' } });
  check('page name min 1', detail(r, 'name') === 'size cannot be less than 1', r);
  r = await call('POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } });
  check('create page missing siteId', detail(r, 'siteId') === 'is missing', r);
  r = await call('POST', '/v6/pages', { body: { siteId: site1.id, pathname: '/docs', name: 'x' } });
  check('page vs route 409', isErr(r, 409, 'conflict'), r);
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: 'no-slash', name: 'x' } });
  check('page pathname gets slash', r.status === 201 && r.body.pathname === '/no-slash', r);
  r = await call('POST', '/v6/pages', { key: otherApiKey, body: { siteId: site.id, pathname: '/y', name: 'x' } });
  check('create page 403', isErr(r, 403, 'forbidden'), r);
  r = await call('POST', '/v6/pages', { body: { siteId: crypto.randomUUID(), pathname: '/y', name: 'x' } });
  check('create page 404', isErr(r, 404, 'not_found'), r);

  r = await call('GET', `/v6/pages/${page.id}`);
  check('get page', r.status === 200 && isPage(r.body) && r.body.id === page.id, r);
  r = await call('GET', `/v6/pages/%2Flanding?siteId=${site.id}`);
  check('get page by encoded pathname', r.status === 200 && r.body.id === page.id, r);
  r = await call('GET', `/v6/pages/landing?siteId=${site.id}`);
  check('get page by bare pathname', r.status === 200 && r.body.id === page.id, r);
  r = await call('GET', `/v6/pages/landing`);
  check('pathname needs siteId', detail(r, 'siteId'), r);
  r = await call('GET', `/v6/pages/${page.id}?versionRef=ref:live`);
  check('unpublished page has no live', isErr(r, 404, 'not_found'), r);
  const aboutId = origPages.body.data.find((p) => p.pathname === '/about').id;
  r = await call('GET', `/v6/pages/${aboutId}?locale=fr-FR`);
  check('get page collapsed fr', r.status === 200 && r.body.pathname === '/a-propos' && r.body.locale === 'fr-FR', r);
  r = await call('GET', `/v6/pages/a-propos?siteId=${site1.id}&locale=fr-FR`);
  check('get page by localized pathname', r.status === 200 && r.body.id === aboutId, r);
  r = await call('GET', `/v6/pages/${aboutId}?locale=${frFR.id}`);
  check('get page locale by uuid', r.status === 200 && r.body.locale === 'fr-FR', r);
  r = await call('GET', `/v6/pages/${aboutId}`, { key: otherApiKey });
  check('get page 403', isErr(r, 403, 'forbidden'), r);
  r = await call('GET', `/v6/pages/${crypto.randomUUID()}`);
  check('get page 404', isErr(r, 404, 'not_found'), r);

  r = await call('PATCH', `/v6/pages/${page.id}`, { body: { pathname: '/landing-2', name: 'L2', isOnline: true } });
  check('patch page', r.status === 200 && r.body.pathname === '/landing-2' && r.body.isOnline === true && ISO.test(r.body.publishedAt) && r.body.updatedAt >= page.updatedAt, r);
  r = await call('PATCH', `/v6/pages/${page.id}`, { body: { isOnline: 'true' } });
  check('isOnline must be boolean', detail(r, 'isOnline') === 'must be boolean', r);
  r = await call('PATCH', `/v6/pages/${page.id}`, { body: { pathname: '/no-slash' } });
  check('patch page 409', isErr(r, 409, 'conflict'), r);
  r = await call('PATCH', `/v6/pages/${page.id}`, { body: { pathname: null } });
  check('patch page null pathname', detail(r, 'pathname'), r);
  r = await call('GET', `/v6/pages/${page.id}?versionRef=ref:live`);
  check('live after publish', r.status === 200 && r.body.pathname === '/landing-2', r);
  await call('PATCH', `/v6/pages/${page.id}`, { body: { pathname: '/landing-3' } });
  r = await call('GET', `/v6/pages/${page.id}?versionRef=ref:live`);
  check('live keeps published snapshot', r.body.pathname === '/landing-2', r);
  r = await call('PATCH', `/v6/pages/${page.id}`, { key: otherApiKey, body: { name: 'x' } });
  check('patch page 403', isErr(r, 403, 'forbidden'), r);
  r = await call('DELETE', `/v6/pages/landing-3?siteId=${site.id}`);
  check('delete page 204', r.status === 204, r);
  r = await call('GET', `/v6/pages/${page.id}`);
  check('deleted page 404', isErr(r, 404, 'not_found'), r);
  r = await call('DELETE', `/v6/pages/${page.id}`);
  check('delete page twice 404', isErr(r, 404, 'not_found'), r);

  // ---------------- routes
  r = await call('PATCH', `/v2/routes/%2Fdocs?siteId=${site1.id}`, { body: { pathname: '/documentation' } });
  check('patch route by pathname', r.status === 200 && r.body.object === 'route' && UUID.test(r.body.id) && r.body.pathname === '/documentation', r);
  const routeId = r.body.id;
  r = await call('PATCH', `/v2/routes/${routeId}`, { body: { pathname: 'no-slash' } });
  check('route pathname validated', detail(r, 'pathname') === 'must start with /', r);
  r = await call('PATCH', `/v2/routes/${routeId}?skipValidation=true`, { body: { pathname: 'no-slash//x' } });
  check('skipValidation=true', r.status === 200 && r.body.pathname === '/no-slash//x', r);
  r = await call('PATCH', `/v2/routes/${routeId}?skipValidation=maybe`, { body: { pathname: '/x' } });
  check('skipValidation enum', detail(r, 'skipValidation'), r);
  r = await call('PATCH', `/v2/routes/${routeId}?skipValidation=true`, { body: { pathname: '/about' } });
  check('route vs page 409 even skipped', isErr(r, 409, 'conflict'), r);
  r = await call('PATCH', `/v2/routes/${routeId}`, { body: { pathname: 5 } });
  check('route pathname type', detail(r, 'pathname') === 'must be a string', r);
  r = await call('PATCH', `/v2/routes/changelog`, { body: { pathname: '/x' } });
  check('route pathname needs siteId', detail(r, 'siteId'), r);
  r = await call('PATCH', `/v2/routes/${crypto.randomUUID()}`, { body: { pathname: '/x' } });
  check('route 404', isErr(r, 404, 'not_found'), r);
  r = await call('PATCH', `/v2/routes/${routeId}`, { key: otherApiKey, body: { pathname: '/x' } });
  check('route 403', isErr(r, 403, 'forbidden'), r);
  r = await call('PATCH', `/v2/routes/${routeId}`, { key: siteApiKey, body: { pathname: '/docs' } });
  check('site key patches route', r.status === 200 && r.body.pathname === '/docs', r);
  r = await call('GET', `/v2/routes/${routeId}`);
  check('GET route not routed (404)', isErr(r, 404, 'not_found'), r);

  // ---------------- robustness
  r = await call('GET', '/v2/sites/%E0%A4%A');
  check('bad path encoding 400', isErr(r, 400, 'bad_request'), r);
  r = await call('GET', '/' + 'a'.repeat(5000));
  check('odd long path 404', isErr(r, 404, 'not_found'), r);
  const rawRes = await new Promise((resolve) => {
    const u = new URL(baseUrl);
    const s = net.connect(Number(u.port), u.hostname, () => s.write('GARBAGE\r\n\r\n'));
    let d = ''; s.on('data', (c) => { d += c; }); s.on('end', () => resolve(d)); s.on('error', () => resolve(d));
  });
  check('malformed HTTP envelope', rawRes.startsWith('HTTP/1.1 400') && rawRes.includes('"object":"error"'), rawRes);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`);
  check('server alive', r.status === 200, r);
} catch (e) {
  fail++;
  console.error('EXCEPTION', e);
} finally {
  child.kill('SIGTERM');
  const code = await new Promise((res) => child.on('exit', (c) => res(c)));
  check('clean SIGTERM exit', code === 0, code);
}
console.log(`smoke: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
