// Self-check: starts server.mjs, drives every operation over HTTP, asserts statuses and shapes.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import net from 'node:net';

const here = dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let failures = 0, checks = 0;
const stop = () => { try { process.kill(child.pid, 'SIGTERM'); } catch {} };
process.on('exit', stop);

const info = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (d) => {
    buf += d;
    const nl = buf.indexOf('\n');
    if (nl >= 0) resolve(JSON.parse(buf.slice(0, nl)));
  });
  child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  setTimeout(() => reject(new Error('server did not start')), 5000);
});
let extraStdout = '';
child.stdout.on('data', (d) => { extraStdout += d; });

const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = info;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function check(cond, msg) { checks++; if (!cond) { failures++; console.error('FAIL:', msg); } }
async function call(method, path, { key = apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const r = await fetch(baseUrl + path, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch {}
  return { status: r.status, json, headers: r.headers, text };
}
async function expect(method, path, status, opts, label) {
  const r = await call(method, path, opts);
  check(r.status === status, `${label || method + ' ' + path}: expected ${status}, got ${r.status} ${r.text.slice(0, 300)}`);
  if (status >= 400) {
    check(r.json && r.json.object === 'error' && typeof r.json.code === 'string' && typeof r.json.message === 'string', `${label || path}: error envelope`);
    const codes = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
    check(r.json && r.json.code === codes[status], `${label || path}: code ${codes[status]} got ${r.json && r.json.code}`);
    if (status === 400) check(Array.isArray(r.json?.details) && r.json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label || path}: 400 details`);
  }
  return r;
}
const isSite = (s) => s && s.object === 'site' && UUID.test(s.id) && typeof s.name === 'string' && (s.hostOrigin === null || typeof s.hostOrigin === 'string') && UUID.test(s.publicApiKey) && typeof s.defaultLocale === 'string' && ['internal', 'external'].includes(s.localeManagementMode) && 'defaultLocalePathPrefix' in s;
const isLocale = (l) => l && l.object === 'locale' && UUID.test(l.id) && typeof l.locale === 'string' && 'domain' in l && 'pathPrefix' in l && typeof l.isDefault === 'boolean';
const PAGE_KEYS = ['object', 'id', 'pathname', 'canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'createdAt', 'updatedAt', 'publishedAt', 'isOnline', 'excludedFromSearchEngines', 'localizations'];
const isPage = (p) => p && p.object === 'page' && UUID.test(p.id) && PAGE_KEYS.every((k) => k in p) && typeof p.isOnline === 'boolean' && Array.isArray(p.localizations) && p.localizations.every((x) => typeof x.pathname === 'string' && typeof x.locale === 'string' && UUID.test(x.id));
const isList = (l, pred) => l && l.object === 'list' && Array.isArray(l.data) && typeof l.hasMore === 'boolean' && l.data.every(pred);
const enc = encodeURIComponent;

// ---- auth ----
await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 401, { key: null }, 'missing key');
await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 401, { key: 'sk_nope' }, 'bad app key');
await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 401, { key: '00000000-0000-0000-0000-000000000000' }, 'bad site key');
await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 403, { key: otherApiKey }, 'foreign workspace list');

// ---- sites ----
let r = await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 200);
check(isList(r.json, isSite) && r.json.data.length >= 1, 'list sites shape');
const seeded = r.json.data.find((s) => s.publicApiKey === siteApiKey);
check(!!seeded, 'seeded site with siteApiKey is listed');
const siteId = seeded.id;
r = await expect('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`, 200);
check(r.json.data.length === 1 && r.json.hasMore === true, 'sites limit=1 hasMore');
const r2 = await expect('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1&startingAfter=${r.json.data[0].id}`, 200);
check(r2.json.data.length === 1 && r2.json.data[0].id !== r.json.data[0].id, 'sites cursor advances');
await expect('GET', `/v2/sites?limit=5`, 400, {}, 'list sites without workspaceId');
await expect('GET', `/v2/sites?workspaceId=${workspaceId}&limit=101`, 400, {}, 'limit too big');

r = await expect('POST', '/v2/sites', 201, { body: { workspaceId, name: 'Smoke site', hostOrigin: 'https://smoke.example/' } });
check(isSite(r.json) && r.json.defaultLocale === 'en-US' && r.json.hostOrigin === 'https://smoke.example', 'create site defaults');
const newSite = r.json;
r = await expect('POST', '/v2/sites', 400, { body: { name: 123, extra: 1 } }, 'create site bad types');
r = await expect('POST', '/v2/sites', 400, { body: { hostOrigin: 'not a uri' } }, 'create site missing fields');
check(r.json.details.map((d) => d.field).join() === 'hostOrigin,name,workspaceId', 'per-field details ' + JSON.stringify(r.json.details));
await expect('POST', '/v2/sites', 400, { raw: '{"name":', headers: { 'content-type': 'application/json' } }, 'malformed json');
await expect('POST', '/v2/sites', 400, { raw: 'name=x', headers: { 'content-type': 'text/plain' } }, 'wrong content-type');
await expect('POST', '/v2/sites', 400, { raw: 'x'.repeat(200000), headers: { 'content-type': 'application/json' } }, 'huge body');
await expect('POST', '/v2/sites', 403, { body: { workspaceId, name: 'x' }, key: otherApiKey }, 'create in foreign workspace');
await expect('POST', '/v2/sites', 403, { body: { workspaceId, name: 'x' }, key: siteApiKey }, 'site key cannot create');

r = await expect('GET', `/v2/sites/${siteId}`, 200);
check(isSite(r.json) && r.json.id === siteId, 'get site');
await expect('GET', `/v2/sites/${siteId}`, 200, { key: siteApiKey }, 'site key reads own site');
await expect('GET', `/v2/sites/${siteId}`, 403, { key: otherApiKey }, 'foreign get site');
await expect('GET', `/v2/sites/00000000-0000-4000-8000-000000000000`, 404, {}, 'unknown site');
r = await expect('PATCH', `/v2/sites/${newSite.id}`, 200, { body: { name: 'Renamed', hostOrigin: 'https://renamed.example' } });
check(r.json.name === 'Renamed' && r.json.hostOrigin === 'https://renamed.example', 'patch site applied');
await expect('PATCH', `/v2/sites/${newSite.id}`, 400, { body: { defaultLocale: 'fr-FR' } }, 'patch site defaultLocale refused');
await expect('PATCH', `/v2/sites/${newSite.id}`, 400, { body: { hostOrigin: 'https://exämple.com' } }, 'non-ascii uri');
await expect('PATCH', `/v2/sites/${newSite.id}`, 403, { body: { name: 'x' }, key: otherApiKey }, 'foreign patch');

r = await expect('POST', `/v2/sites/${siteId}/duplicate`, 201, { body: { name: 'Copy of Acme' } });
check(isSite(r.json) && r.json.name === 'Copy of Acme' && r.json.id !== siteId && r.json.defaultLocale === seeded.defaultLocale, 'duplicate site');
const dup = r.json;
r = await expect('GET', `/v6/pages?siteId=${dup.id}&includeOffline=true&limit=100`, 200);
check(r.json.data.length >= 3, 'duplicate copied pages');
await expect('POST', `/v2/sites/${siteId}/duplicate`, 400, { body: {} }, 'duplicate without name');
await expect('DELETE', `/v2/sites/${dup.id}`, 204);
await expect('DELETE', `/v2/sites/${dup.id}`, 404, {}, 'repeated delete');
await expect('GET', `/v2/sites/${dup.id}`, 404, {}, 'deleted site gone');

// ---- locales ----
r = await expect('GET', `/v2/locales?siteId=${siteId}`, 200);
check(isList(r.json, isLocale) && r.json.data.length >= 2, 'list locales');
check(r.json.data.filter((l) => l.isDefault).length === 1, 'exactly one default locale');
const defLoc = r.json.data.find((l) => l.isDefault);
await expect('GET', `/v2/locales?siteId=${siteId}`, 200, { key: siteApiKey }, 'site key lists locales');
r = await expect('GET', `/v2/locales?siteId=${siteId}&limit=1`, 200);
check(r.json.data.length === 1 && r.json.hasMore, 'locales limit 1');
r = await expect('GET', `/v2/locales?siteId=${siteId}&limit=1&startingAfter=${r.json.data[0].id}`, 200);
check(r.json.data.length === 1, 'locales cursor');
await expect('GET', `/v2/locales?siteId=${siteId}&limit=0`, 400, {}, 'locales limit 0');
await expect('GET', `/v2/locales`, 400, {}, 'locales without siteId');
await expect('GET', `/v2/locales?siteId=${siteId}`, 403, { key: otherApiKey }, 'foreign locales');

r = await expect('POST', '/v2/locales', 201, { body: { siteId, locale: 'it-IT', domain: 'https://it.acme.example' } });
check(isLocale(r.json) && r.json.locale === 'it-IT' && r.json.isDefault === false, 'create locale');
const it = r.json;
await expect('POST', '/v2/locales', 409, { body: { siteId, locale: 'it-IT' } }, 'duplicate locale');
await expect('POST', '/v2/locales', 400, { body: { siteId, locale: 'not a locale' } }, 'bad locale code');
r = await expect('GET', `/v2/locales/${it.id}`, 200);
check(r.json.id === it.id, 'get locale by id');
r = await expect('GET', `/v2/locales/it-IT?siteId=${siteId}`, 200);
check(r.json.id === it.id, 'get locale by own code');
await expect('GET', `/v2/locales/it-IT`, 400, {}, 'code without siteId');
r = await expect('PATCH', `/v2/locales/${it.id}`, 200, { body: { domain: null } });
check(r.json.domain === null, 'patch locale domain null');
r = await expect('PATCH', `/v2/locales/it-IT?siteId=${siteId}`, 200, { body: { domain: 'https://italia.example' } });
check(r.json.domain === 'https://italia.example', 'patch locale by code');
await expect('DELETE', `/v2/locales/${defLoc.id}`, 400, {}, 'cannot delete default locale');
await expect('DELETE', `/v2/locales/${it.id}`, 204);
await expect('GET', `/v2/locales/${it.id}`, 404, {}, 'soft-deleted locale hidden');
await expect('DELETE', `/v2/locales/${it.id}`, 404, {}, 'repeated locale delete');
r = await expect('POST', `/v2/locales/${it.id}/restore`, 200);
check(isLocale(r.json) && r.json.id === it.id, 'restore locale');
await expect('POST', `/v2/locales/${it.id}/restore`, 409, {}, 'restore active locale');
await expect('DELETE', `/v2/locales/it-IT?siteId=${siteId}`, 204, {}, 'delete by code');
r = await expect('POST', `/v2/locales/it-IT/restore?siteId=${siteId}`, 200, {}, 'restore by code');
check(r.json.id === it.id, 'restore by code same id');

// ---- pages ----
r = await expect('GET', `/v6/pages?siteId=${siteId}`, 200);
check(isList(r.json, isPage) && r.json.data.every((p) => p.isOnline), 'list online pages');
r = await expect('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&limit=100`, 200);
const allPages = r.json.data;
check(allPages.some((p) => !p.isOnline), 'includeOffline shows offline pages');
r = await expect('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&pathPrefix=${enc('/blog')}`, 200);
check(r.json.data.length >= 1 && r.json.data.every((p) => p.pathname.toLowerCase().startsWith('/blog')), 'pathPrefix filter');
r = await expect('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&locale=fr-FR`, 200);
check(r.json.data.length >= 1 && r.json.data.every((p) => p.locale === 'fr-FR'), 'locale filter');
r = await expect('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&limit=2`, 200);
check(r.json.data.length === 2 && r.json.hasMore, 'pages limit');
const seen = new Set(r.json.data.map((p) => p.id));
let cursorId = r.json.data[1].id, guard = 0;
while (r.json.hasMore && guard++ < 20) {
  r = await expect('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&limit=2&startingAfter=${cursorId}`, 200);
  for (const p of r.json.data) { check(!seen.has(p.id), 'no repeats in pagination'); seen.add(p.id); }
  if (r.json.data.length) cursorId = r.json.data.at(-1).id;
}
check(seen.size === allPages.length, 'pagination covers all pages');
r = await expect('GET', `/v2/sites/${siteId}/pages?includeOffline=true&limit=100`, 200, {}, 'list pages of a site (v2)');
check(r.json.data.length === allPages.length, 'v2 site pages = v6 list');
await expect('GET', `/v6/pages?siteId=${siteId}&sortBy=name`, 400, {}, 'bad sortBy');
await expect('GET', `/v6/pages?siteId=${siteId}&sortBy=title&sortDirection=desc&versionRef=ref:live`, 200);
await expect('GET', `/v6/pages?siteId=${siteId}`, 200, { key: siteApiKey }, 'site key lists pages');
await expect('GET', `/v6/pages?siteId=${siteId}`, 403, { key: otherApiKey }, 'foreign pages');

r = await expect('POST', '/v6/pages', 201, { body: { siteId, pathname: '/smoke', name: 'Smoke' } });
check(isPage(r.json) && r.json.pathname === '/smoke' && r.json.locale === seeded.defaultLocale, 'create page');
const page = r.json;
await expect('POST', '/v6/pages', 409, { body: { siteId, pathname: '/smoke', name: 'Again' } }, 'page path conflict');
await expect('POST', '/v6/pages', 409, { body: { siteId, pathname: '/docs', name: 'Route clash' } }, 'page vs route conflict');
await expect('POST', '/v6/pages', 400, { body: { siteId, pathname: '/x', name: '' } }, 'empty page name');
await expect('POST', '/v6/pages', 400, { body: { pathname: '/x', name: 'x' } }, 'page without siteId');
await expect('POST', '/v6/pages', 403, { body: { siteId, pathname: '/y', name: 'y' }, key: otherApiKey }, 'foreign create page');
r = await expect('GET', `/v6/pages/${page.id}`, 200);
check(isPage(r.json) && r.json.id === page.id, 'get page by id');
r = await expect('GET', `/v6/pages/${enc('/smoke')}?siteId=${siteId}`, 200);
check(r.json.id === page.id, 'get page by own pathname');
await expect('GET', `/v6/pages/${enc('/smoke')}`, 400, {}, 'pathname without siteId');
await expect('GET', `/v6/pages/${page.id}?versionRef=ref:live`, 404, {}, 'unpublished page has no live version');
r = await expect('GET', `/v6/pages/${enc('/about')}?siteId=${siteId}&locale=fr-FR`, 200, {}, 'collapsed locale');
check(r.json.locale === 'fr-FR' && r.json.pathname === '/a-propos', 'localized page data collapsed');
r = await expect('PATCH', `/v6/pages/${page.id}`, 200, { body: { pathname: '/smoke-2', name: 'Smoke 2', isOnline: true } });
check(r.json.pathname === '/smoke-2' && r.json.isOnline === true && r.json.publishedAt !== null, 'patch page');
await expect('PATCH', `/v6/pages/${page.id}`, 409, { body: { pathname: '/about' } }, 'patch page conflict');
await expect('PATCH', `/v6/pages/${page.id}`, 400, { body: { isOnline: 'yes' } }, 'patch page bad type');
await expect('PATCH', `/v6/pages/${page.id}`, 403, { body: { name: 'x' }, key: siteApiKey }, 'site key cannot patch');
await expect('DELETE', `/v6/pages/${enc('/smoke-2')}?siteId=${siteId}`, 204, {}, 'delete page by pathname');
await expect('DELETE', `/v6/pages/${page.id}`, 404, {}, 'repeated page delete');

// ---- routes ----
r = await expect('PATCH', `/v2/routes/${enc('/docs')}?siteId=${siteId}`, 200, { body: { pathname: '/documentation' } });
check(r.json && r.json.object === 'route' && UUID.test(r.json.id) && r.json.pathname === '/documentation', 'patch route by pathname');
const routeId = r.json.id;
r = await expect('PATCH', `/v2/routes/${routeId}`, 200, { body: { pathname: '/docs' } });
check(r.json.pathname === '/docs', 'patch route by id');
await expect('PATCH', `/v2/routes/${routeId}`, 400, { body: { pathname: 'no-slash' } }, 'route validation');
r = await expect('PATCH', `/v2/routes/${routeId}?skipValidation=true`, 200, { body: { pathname: 'no-slash' } }, 'skipValidation');
check(r.json.pathname === 'no-slash', 'skipValidation kept pathname');
await expect('PATCH', `/v2/routes/${routeId}?skipValidation=TRUE`, 400, { body: {} }, 'skipValidation enum');
await expect('PATCH', `/v2/routes/${routeId}`, 409, { body: { pathname: '/about' } }, 'route conflict');
await expect('PATCH', `/v2/routes/${enc('/nope')}?siteId=${siteId}`, 404, { body: {} }, 'unknown route');

// ---- odd input ----
await expect('GET', '/nope', 404, {}, 'unknown path');
await expect('PUT', `/v2/sites/${siteId}`, 404, { body: {} }, 'unknown method');
await expect('GET', `/v6/pages/%E0%A4%A?siteId=${siteId}`, 400, {}, 'bad percent-encoding');
await expect('GET', `/v2/sites/not-a-uuid`, 404, {}, 'malformed path uuid');
const raw = await new Promise((resolve) => {
  const u = new URL(baseUrl);
  const s = net.connect(Number(u.port), u.hostname, () => s.write('GARBAGE / HTTP/1.1\r\n\r\n'));
  let d = ''; s.on('data', (c) => (d += c)); s.on('end', () => resolve(d)); s.on('error', () => resolve(d));
});
check(raw.startsWith('HTTP/1.1 400') && raw.includes('"object":"error"'), 'garbage request gets envelope');

// ---- delete the created site last ----
await expect('DELETE', `/v2/sites/${newSite.id}`, 204);

check(extraStdout === '', 'server printed nothing else on stdout');
stop();
await new Promise((res) => { child.on('exit', res); setTimeout(res, 2000); });
console.log(`${checks - failures}/${checks} checks passed`);
process.exit(failures ? 1 : 0);
