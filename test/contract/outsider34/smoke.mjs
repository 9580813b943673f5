#!/usr/bin/env node
// Self-check: starts server.mjs on an ephemeral port and exercises every operation.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import net from 'node:net';

const here = dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
let stderr = '';
child.stderr.on('data', (d) => { stderr += d; });
const info = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (d) => {
    buf += d;
    const nl = buf.indexOf('\n');
    if (nl >= 0) resolve(JSON.parse(buf.slice(0, nl)));
  });
  child.on('exit', (c) => reject(new Error(`server exited ${c}: ${stderr}`)));
  setTimeout(() => reject(new Error('server did not start')), 5000);
});
const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = info;

let passed = 0;
const failures = [];
function check(name, cond, extra) {
  if (cond) passed++;
  else failures.push(`${name}${extra !== undefined ? ` :: ${JSON.stringify(extra).slice(0, 400)}` : ''}`);
}
async function call(method, path, { key = apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const r = await fetch(baseUrl + path, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  return { status: r.status, json, headers: r.headers, text };
}
const isErr = (r, status, code) => r.status === status && r.json?.object === 'error' && r.json.code === code && typeof r.json.message === 'string';
const hasField = (r, field) => Array.isArray(r.json?.details) && r.json.details.some((d) => d.field === field && typeof d.message === 'string');
const SITE_KEYS = ['object', 'id', 'name', 'hostOrigin', 'publicApiKey', 'defaultLocale', 'localeManagementMode'];
const PAGE_KEYS = ['object', 'id', 'pathname', 'canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'createdAt', 'updatedAt', 'publishedAt', 'isOnline', 'excludedFromSearchEngines', 'localizations'];
const LOCALE_KEYS = ['object', 'id', 'locale', 'domain', 'pathPrefix', 'isDefault'];
const shape = (o, keys, obj) => o && o.object === obj && keys.every((k) => k in o);
const U0 = '00000000-0000-4000-8000-000000000000';

try {
  // ---------- generic ----------
  let r = await call('GET', '/v2/sites?workspaceId=' + workspaceId, { key: null });
  check('401 missing key', isErr(r, 401, 'unauthorized'), r.json);
  r = await call('GET', '/v2/sites?workspaceId=' + workspaceId, { key: 'sk_nope' });
  check('401 bad key', isErr(r, 401, 'unauthorized'), r.json);
  r = await call('GET', '/v2/nothing');
  check('404 unknown path', isErr(r, 404, 'not_found'), r.json);
  r = await call('GET', '/v2/sites/');
  check('404 trailing slash', isErr(r, 404, 'not_found'), r.json);
  r = await call('PUT', '/v2/sites');
  check('405 wrong method', r.status === 405 && r.json.object === 'error' && r.headers.get('allow').includes('POST'), r.json);
  r = await call('GET', '/v2/sites/%E0%A4%A?x=1');
  check('400 bad percent path', isErr(r, 400, 'bad_request'), r.json);

  // ---------- sites ----------
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`);
  check('list sites page 1', r.status === 200 && r.json.object === 'list' && r.json.data.length === 1 && r.json.hasMore === true && shape(r.json.data[0], SITE_KEYS, 'site'), r.json);
  const p2 = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1&startingAfter=${r.json.data[0].id}`);
  check('list sites page 2', p2.status === 200 && p2.json.data.length === 1 && p2.json.data[0].id !== r.json.data[0].id, p2.json);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=0`);
  check('list sites limit 0', isErr(r, 400, 'bad_request') && hasField(r, 'limit'), r.json);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=101`);
  check('list sites limit 101', isErr(r, 400, 'bad_request') && hasField(r, 'limit'), r.json);
  r = await call('GET', `/v2/sites`);
  check('list sites no workspace', isErr(r, 400, 'bad_request') && hasField(r, 'workspaceId'), r.json);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&bogus=1`);
  check('list sites unknown param', isErr(r, 400, 'bad_request') && hasField(r, 'bogus'), r.json);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey });
  check('list sites foreign 403', isErr(r, 403, 'forbidden'), r.json);

  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'Smoke Site', hostOrigin: 'https://smoke.example' } });
  check('create site', r.status === 201 && shape(r.json, SITE_KEYS, 'site') && r.json.defaultLocale === 'en-US' && r.json.hostOrigin === 'https://smoke.example', r.json);
  const site = r.json;
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'No origin', defaultLocale: 'fr-FR' } });
  check('create site minimal', r.status === 201 && r.json.hostOrigin === null && r.json.defaultLocale === 'fr-FR', r.json);
  const site2 = r.json;
  r = await call('POST', '/v2/sites', { body: { workspaceId: 'nope', name: '', hostOrigin: 'not a uri', defaultLocale: 'english', extra: true } });
  check('create site 400 all fields', isErr(r, 400, 'bad_request') && ['workspaceId', 'name', 'hostOrigin', 'defaultLocale', 'extra'].every((f) => hasField(r, f)), r.json);
  r = await call('POST', '/v2/sites', { body: {} });
  check('create site missing', isErr(r, 400, 'bad_request') && hasField(r, 'workspaceId') && hasField(r, 'name'), r.json);
  r = await call('POST', '/v2/sites', { raw: '{"name":', headers: { 'content-type': 'application/json' } });
  check('create site malformed json', isErr(r, 400, 'bad_request') && hasField(r, 'body'), r.json);
  r = await call('POST', '/v2/sites', { raw: '{"name":"a","name":"b"}', headers: { 'content-type': 'application/json' } });
  check('duplicate json key', isErr(r, 400, 'bad_request'), r.json);
  r = await call('POST', '/v2/sites', { raw: 'x'.repeat(200000), headers: { 'content-type': 'application/json' } });
  check('huge body', isErr(r, 400, 'bad_request') && hasField(r, 'body'), r.json);
  r = await call('POST', '/v2/sites', { raw: JSON.stringify({ workspaceId, name: 'x' }), headers: { 'content-type': 'text/plain' } });
  check('wrong content type', isErr(r, 400, 'bad_request'), r.json);
  r = await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } });
  check('invalid utf8', isErr(r, 400, 'bad_request'), r.json);
  r = await call('POST', '/v2/sites', { raw: `{"__proto__":{"a":1},"workspaceId":"${workspaceId}","name":"p"}`, headers: { 'content-type': 'application/json' } });
  check('__proto__ is an unknown field', isErr(r, 400, 'bad_request') && hasField(r, '__proto__'), r.json);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: otherApiKey });
  check('create site foreign workspace', isErr(r, 403, 'forbidden'), r.json);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: siteApiKey });
  check('create site with site key', isErr(r, 403, 'forbidden'), r.json);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: 'mailto:a@b.c' } });
  check('hostOrigin non-http', isErr(r, 400, 'bad_request') && hasField(r, 'hostOrigin'), r.json);

  r = await call('GET', `/v2/sites/${site.id}`);
  check('get site', r.status === 200 && r.json.id === site.id && shape(r.json, SITE_KEYS, 'site'), r.json);
  r = await call('GET', `/v2/sites/${site.id.toUpperCase()}`);
  check('get site uppercase id', r.status === 200 && r.json.id === site.id, r.json);
  r = await call('GET', `/v2/sites/not-a-uuid`);
  check('get site bad id', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.json);
  r = await call('GET', `/v2/sites/${U0}`);
  check('get site 404', isErr(r, 404, 'not_found'), r.json);
  r = await call('GET', `/v2/sites/${site.id}`, { key: otherApiKey });
  check('get site foreign 403', isErr(r, 403, 'forbidden'), r.json);
  r = await call('GET', `/v2/sites/${site.id}`, { key: siteApiKey });
  check('site key other site 403', isErr(r, 403, 'forbidden'), r.json);

  r = await call('PATCH', `/v2/sites/${site.id}`, { body: { name: 'Renamed', hostOrigin: 'http://localhost:3000' } });
  check('update site', r.status === 200 && r.json.name === 'Renamed' && r.json.hostOrigin === 'http://localhost:3000', r.json);
  r = await call('PATCH', `/v2/sites/${site.id}`, { body: { defaultLocale: 'de-DE' } });
  check('update site defaultLocale refused', isErr(r, 400, 'bad_request') && hasField(r, 'defaultLocale'), r.json);
  r = await call('PATCH', `/v2/sites/${site.id}`, { body: { name: 'ok', hostOrigin: null } });
  check('update site null hostOrigin refused', isErr(r, 400, 'bad_request') && hasField(r, 'hostOrigin'), r.json);
  r = await call('GET', `/v2/sites/${site.id}`);
  check('refused update changed nothing', r.json.name === 'Renamed', r.json);
  r = await call('PATCH', `/v2/sites/${U0}`, { body: { name: 'x' } });
  check('update site 404', isErr(r, 404, 'not_found'), r.json);

  // ---------- locales ----------
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'fr-FR', domain: 'https://fr.smoke.example' } });
  check('create locale', r.status === 201 && shape(r.json, LOCALE_KEYS, 'locale') && r.json.isDefault === false && r.json.domain === 'https://fr.smoke.example', r.json);
  const fr = r.json;
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'fr-FR' } });
  check('create locale 409', isErr(r, 409, 'conflict'), r.json);
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'xx-YY', domain: 'example.com' } });
  check('create locale 400', isErr(r, 400, 'bad_request') && hasField(r, 'locale') && hasField(r, 'domain'), r.json);
  r = await call('POST', '/v2/locales', { body: { siteId: U0, locale: 'it' } });
  check('create locale site 404', isErr(r, 404, 'not_found'), r.json);
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'it' }, key: otherApiKey });
  check('create locale foreign 403', isErr(r, 403, 'forbidden'), r.json);
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'it' } });
  const it = r.json;
  check('create locale 2', r.status === 201, r.json);

  r = await call('GET', `/v2/locales?siteId=${site.id}&limit=1`);
  check('list locales p1', r.status === 200 && r.json.data.length === 1 && r.json.hasMore === true, r.json);
  let all = [], cursor = null;
  for (let guard = 0; guard < 10; guard++) {
    const page = await call('GET', `/v2/locales?siteId=${site.id}&limit=1${cursor ? `&startingAfter=${cursor}` : ''}`);
    all.push(...page.json.data);
    if (!page.json.hasMore) break;
    cursor = page.json.data.at(-1).id;
  }
  check('paginate locales', all.length === 3 && new Set(all.map((l) => l.id)).size === 3 && all.filter((l) => l.isDefault).length === 1, all);
  r = await call('GET', `/v2/locales`);
  check('list locales no site', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.json);

  r = await call('GET', `/v2/locales/${fr.id}`);
  check('get locale by id', r.status === 200 && r.json.id === fr.id, r.json);
  r = await call('GET', `/v2/locales/fr-FR?siteId=${site.id}`);
  check('get locale by code', r.status === 200 && r.json.id === fr.id, r.json);
  r = await call('GET', `/v2/locales/fr-fr?siteId=${site.id}`);
  check('get locale by code CI', r.status === 200 && r.json.id === fr.id, r.json);
  r = await call('GET', `/v2/locales/fr-FR`);
  check('get locale code w/o siteId', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.json);
  r = await call('GET', `/v2/locales/${U0}`);
  check('get locale 404', isErr(r, 404, 'not_found'), r.json);
  r = await call('GET', `/v2/locales/${fr.id}`, { key: otherApiKey });
  check('get locale 403', isErr(r, 403, 'forbidden'), r.json);

  r = await call('PATCH', `/v2/locales/${fr.id}`, { body: { domain: null } });
  check('update locale domain null', r.status === 200 && r.json.domain === null, r.json);
  r = await call('PATCH', `/v2/locales/fr-FR?siteId=${site.id}`, { body: { locale: 'fr-CA', domain: 'https://ca.smoke.example' } });
  check('update locale by code', r.status === 200 && r.json.locale === 'fr-CA' && r.json.domain === 'https://ca.smoke.example', r.json);
  r = await call('PATCH', `/v2/locales/${it.id}`, { body: { locale: 'fr-CA' } });
  check('update locale 409', isErr(r, 409, 'conflict'), r.json);
  r = await call('PATCH', `/v2/locales/${it.id}`, { body: { locale: 5 } });
  check('update locale 400', isErr(r, 400, 'bad_request') && hasField(r, 'locale'), r.json);

  r = await call('DELETE', `/v2/locales/en-US?siteId=${site.id}`);
  check('delete default locale refused', isErr(r, 400, 'bad_request'), r.json);
  r = await call('DELETE', `/v2/locales/${it.id}`);
  check('delete locale', r.status === 204 && r.text === '', r.text);
  r = await call('GET', `/v2/locales/${it.id}`);
  check('deleted locale 404', isErr(r, 404, 'not_found'), r.json);
  r = await call('DELETE', `/v2/locales/${it.id}`);
  check('delete locale again 404', isErr(r, 404, 'not_found'), r.json);
  r = await call('POST', `/v2/locales/it/restore?siteId=${site.id}`);
  check('restore locale', r.status === 200 && r.json.id === it.id && shape(r.json, LOCALE_KEYS, 'locale'), r.json);
  r = await call('POST', `/v2/locales/${it.id}/restore`);
  check('restore active 409', isErr(r, 409, 'conflict'), r.json);
  r = await call('POST', `/v2/locales/${U0}/restore`);
  check('restore 404', isErr(r, 404, 'not_found'), r.json);

  // ---------- pages ----------
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/landing', name: 'Landing' } });
  check('create page', r.status === 201 && shape(r.json, PAGE_KEYS, 'page') && r.json.pathname === '/landing' && r.json.locale === 'en-US', r.json);
  const landing = r.json;
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/LANDING', name: 'Dup' } });
  check('create page 409 (CI)', isErr(r, 409, 'conflict'), r.json);
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: 'nope', name: '' } });
  check('create page 400', isErr(r, 400, 'bad_request') && hasField(r, 'pathname') && hasField(r, 'name'), r.json);
  r = await call('POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } });
  check('create page missing siteId', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.json);
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: 'x' }, key: otherApiKey });
  check('create page 403', isErr(r, 403, 'forbidden'), r.json);
  r = await call('POST', '/v6/pages', { body: { siteId: U0, pathname: '/x', name: 'x' } });
  check('create page 404', isErr(r, 404, 'not_found'), r.json);
  for (const [p, n] of [['/a', 'A'], ['/b', 'B'], ['/blog/one', 'One']]) await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: p, name: n } });

  r = await call('GET', `/v6/pages?siteId=${site.id}`);
  check('list pages default hides offline', r.status === 200 && r.json.data.length === 0 && r.json.hasMore === false, r.json);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&limit=2`);
  check('list pages p1', r.status === 200 && r.json.data.length === 2 && r.json.hasMore && r.json.data[0].pathname === '/a', r.json);
  const p2pages = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&limit=2&startingAfter=${r.json.data[1].id}`);
  check('list pages p2', p2pages.status === 200 && p2pages.json.data.map((x) => x.pathname).join() === '/blog/one,/landing' && !p2pages.json.hasMore, p2pages.json);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&pathPrefix=/blog`);
  check('list pages prefix', r.json.data.length === 1 && r.json.data[0].pathname === '/blog/one', r.json);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&sortBy=path&sortDirection=desc`);
  check('list pages desc', r.json.data[0].pathname === '/landing', r.json);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=yes&sortBy=name&versionRef=ref:x`);
  check('list pages 400', isErr(r, 400, 'bad_request') && hasField(r, 'includeOffline') && hasField(r, 'sortBy') && hasField(r, 'versionRef'), r.json);
  r = await call('GET', `/v6/pages?siteId=${site.id}&startingAfter=${U0}`);
  check('list pages unknown cursor', isErr(r, 400, 'bad_request') && hasField(r, 'startingAfter'), r.json);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&locale=en-US&sortBy=createdAt&sortDirection=desc`);
  check('list pages locale filter + createdAt desc', r.status === 200 && r.json.data.length === 4 && r.json.data[0].pathname === '/blog/one', r.json);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&locale=fr-CA`);
  check('list pages other locale', r.status === 200 && r.json.data.length === 0, r.json);
  r = await call('GET', `/v2/sites/${site.id}/pages?includeOffline=true&limit=100`);
  check('list site pages alias', r.status === 200 && r.json.data.length === 4, r.json);

  r = await call('GET', `/v6/pages/${landing.id}`);
  check('get page by id', r.status === 200 && r.json.id === landing.id && shape(r.json, PAGE_KEYS, 'page'), r.json);
  r = await call('GET', `/v6/pages/${encodeURIComponent('/landing')}?siteId=${site.id}`);
  check('get page by pathname', r.status === 200 && r.json.id === landing.id, r.json);
  r = await call('GET', `/v6/pages/landing`);
  check('get page pathname w/o siteId', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.json);
  r = await call('GET', `/v6/pages/${landing.id}?versionRef=ref:live`);
  check('get page live 404 when offline', isErr(r, 404, 'not_found'), r.json);
  r = await call('GET', `/v6/pages/${landing.id}?locale=fr-CA`);
  check('get page in locale', r.status === 200 && r.json.locale === 'fr-CA', r.json);
  r = await call('GET', `/v6/pages/${landing.id}?locale=ja`);
  check('get page unknown locale', isErr(r, 400, 'bad_request') && hasField(r, 'locale'), r.json);
  r = await call('GET', `/v6/pages/${U0}`);
  check('get page 404', isErr(r, 404, 'not_found'), r.json);
  r = await call('GET', `/v6/pages/${landing.id}`, { key: otherApiKey });
  check('get page 403', isErr(r, 403, 'forbidden'), r.json);

  r = await call('PATCH', `/v6/pages/${landing.id}`, { body: { isOnline: true, pathname: '/welcome', name: 'Welcome' } });
  check('update page', r.status === 200 && r.json.isOnline === true && r.json.pathname === '/welcome' && r.json.publishedAt !== null, r.json);
  r = await call('GET', `/v6/pages?siteId=${site.id}&versionRef=ref:live`);
  check('list live pages', r.status === 200 && r.json.data.length === 1 && r.json.data[0].pathname === '/welcome', r.json);
  r = await call('PATCH', `/v6/pages/${landing.id}`, { body: {} });
  check('update page empty 400', isErr(r, 400, 'bad_request') && hasField(r, 'pathname'), r.json);
  r = await call('PATCH', `/v6/pages/${landing.id}`, { body: { isOnline: 'true' } });
  check('update page bad type', isErr(r, 400, 'bad_request') && hasField(r, 'isOnline'), r.json);
  r = await call('PATCH', `/v6/pages/${landing.id}`, { body: { pathname: '/a' } });
  check('update page 409', isErr(r, 409, 'conflict'), r.json);
  r = await call('PATCH', `/v6/pages/${landing.id}`, { body: { name: 'x' }, key: siteApiKey });
  check('update page site key 403', isErr(r, 403, 'forbidden'), r.json);

  // ---------- routes ----------
  r = await call('POST', '/v2/routes', { body: { siteId: site.id, pathname: '/ext' } });
  check('create route', r.status === 201 && r.json.object === 'route' && r.json.pathname === '/ext', r.json);
  const route = r.json;
  r = await call('POST', '/v2/routes', { body: { siteId: site.id, pathname: '/welcome' } });
  check('create route clashing page 409', isErr(r, 409, 'conflict'), r.json);
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/ext', name: 'x' } });
  check('create page clashing route 409', isErr(r, 409, 'conflict'), r.json);
  r = await call('GET', `/v2/routes?siteId=${site.id}`);
  check('list routes', r.status === 200 && r.json.data.length === 1, r.json);
  r = await call('GET', `/v2/routes/${route.id}`);
  check('get route', r.status === 200 && r.json.id === route.id, r.json);
  r = await call('PATCH', `/v2/routes/${route.id}`, { body: { pathname: '/external' } });
  check('update route by id', r.status === 200 && r.json.pathname === '/external', r.json);
  r = await call('PATCH', `/v2/routes/${encodeURIComponent('/external')}?siteId=${site.id}`, { body: { pathname: '/ext2' } });
  check('update route by pathname', r.status === 200 && r.json.pathname === '/ext2' && r.json.id === route.id, r.json);
  r = await call('PATCH', `/v2/routes/ext2`, { body: { pathname: '/ext3' } });
  check('update route pathname w/o siteId', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.json);
  r = await call('PATCH', `/v2/routes/${route.id}`, { body: { pathname: '/bad path/' } });
  check('update route invalid', isErr(r, 400, 'bad_request') && hasField(r, 'pathname'), r.json);
  r = await call('PATCH', `/v2/routes/${route.id}?skipValidation=true`, { body: { pathname: '/Bad Path/' } });
  check('update route skipValidation', r.status === 200 && r.json.pathname === '/Bad Path/', r.json);
  r = await call('PATCH', `/v2/routes/${route.id}?skipValidation=yes`, { body: { pathname: '/x' } });
  check('skipValidation enum', isErr(r, 400, 'bad_request') && hasField(r, 'skipValidation'), r.json);
  r = await call('PATCH', `/v2/routes/${route.id}`, { body: { pathname: '/welcome' } });
  check('update route 409', isErr(r, 409, 'conflict'), r.json);
  r = await call('PATCH', `/v2/routes/${U0}`, { body: { pathname: '/x' } });
  check('update route 404', isErr(r, 404, 'not_found'), r.json);
  r = await call('PATCH', `/v2/routes/${route.id}`, { body: { pathname: '/x' }, key: otherApiKey });
  check('update route 403', isErr(r, 403, 'forbidden'), r.json);
  r = await call('PATCH', `/v2/routes/${route.id}`, { body: {} });
  check('update route empty body', r.status === 200 && r.json.pathname === '/Bad Path/', r.json);

  // ---------- site key ----------
  const seeded = (await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=100`)).json.data.find((s) => s.publicApiKey === siteApiKey);
  r = await call('GET', `/v2/sites/${seeded.id}`, { key: siteApiKey });
  check('site key reads own site', r.status === 200, r.json);
  r = await call('GET', `/v6/pages?siteId=${seeded.id}`, { key: siteApiKey });
  check('site key lists pages', r.status === 200 && r.json.data.length > 0, r.json);
  r = await call('GET', `/v2/routes/docs?siteId=${seeded.id}`, { key: siteApiKey });
  check('site key gets seeded route', r.status === 200 && r.json.pathname === '/docs', r.json);
  r = await call('PATCH', `/v2/sites/${seeded.id}`, { body: { name: 'x' }, key: siteApiKey });
  check('site key write 403', isErr(r, 403, 'forbidden'), r.json);

  // ---------- duplicate & delete ----------
  r = await call('POST', `/v2/sites/${site.id}/duplicate`, { body: { name: 'Copy' } });
  check('duplicate site', r.status === 201 && r.json.id !== site.id && r.json.name === 'Copy' && r.json.publicApiKey !== site.publicApiKey && r.json.hostOrigin === 'http://localhost:3000', r.json);
  const copy = r.json;
  r = await call('GET', `/v6/pages?siteId=${copy.id}&includeOffline=true&limit=100`);
  check('duplicate copied pages', r.json.data.length === 4 && r.json.data.every((p) => p.id !== landing.id), r.json);
  r = await call('GET', `/v2/locales?siteId=${copy.id}`);
  check('duplicate copied locales', r.json.data.length === 3, r.json);
  await call('PATCH', `/v6/pages/${encodeURIComponent('/welcome')}?siteId=${copy.id}`, { body: { pathname: '/copy-only' } });
  r = await call('GET', `/v6/pages/${landing.id}`);
  check('duplicate independent', r.json.pathname === '/welcome', r.json);
  r = await call('POST', `/v2/sites/${site.id}/duplicate`, { body: {} });
  check('duplicate 400', isErr(r, 400, 'bad_request') && hasField(r, 'name'), r.json);
  r = await call('POST', `/v2/sites/${U0}/duplicate`, { body: { name: 'x' } });
  check('duplicate 404', isErr(r, 404, 'not_found'), r.json);

  r = await call('DELETE', `/v6/pages/${encodeURIComponent('/a')}?siteId=${site.id}`);
  check('delete page', r.status === 204, r.text);
  r = await call('DELETE', `/v6/pages/a?siteId=${site.id}`);
  check('delete page 404', isErr(r, 404, 'not_found'), r.json);
  r = await call('DELETE', `/v2/routes/${route.id}`);
  check('delete route', r.status === 204, r.text);
  r = await call('DELETE', `/v2/sites/${site2.id}`, { key: otherApiKey });
  check('delete site 403', isErr(r, 403, 'forbidden'), r.json);
  r = await call('DELETE', `/v2/sites/${site2.id}`);
  check('delete site', r.status === 204 && r.text === '', r.text);
  r = await call('GET', `/v2/sites/${site2.id}`);
  check('deleted site 404', isErr(r, 404, 'not_found'), r.json);

  // ---------- robustness ----------
  const rawResp = await new Promise((resolve) => {
    const u = new URL(baseUrl);
    const s = net.connect(Number(u.port), u.hostname, () => s.write('GARBAGE / HTTP/1.1\r\n\r\n'));
    let d = '';
    s.on('data', (c) => { d += c; });
    s.on('end', () => resolve(d));
    s.on('error', () => resolve(d));
  });
  check('malformed http', rawResp.startsWith('HTTP/1.1 400'), rawResp.slice(0, 100));
  r = await call('GET', `/v6/pages/${'%2F'.repeat(3000)}?siteId=${site.id}`);
  check('long odd path', isErr(r, 404, 'not_found'), r.json);
  r = await call('POST', '/v6/pages', { raw: '[' .repeat(5000), headers: { 'content-type': 'application/json' } });
  check('deep json', isErr(r, 400, 'bad_request'), r.json);
} catch (e) {
  failures.push(`exception: ${e.stack}`);
} finally {
  child.kill('SIGTERM');
}
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c)));
check('clean exit on SIGTERM', code === 0, code);
for (const f of failures) console.error('FAIL', f);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
