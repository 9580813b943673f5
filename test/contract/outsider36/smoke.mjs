// Self-check: starts the server and exercises every operation.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const info = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (d) => {
    buf += d;
    const nl = buf.indexOf('\n');
    if (nl >= 0) resolve(JSON.parse(buf.slice(0, nl)));
  });
  child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
});
const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = info;
let pass = 0;
let fail = 0;
function check(name, cond, extra) {
  if (cond) pass++;
  else { fail++; console.error(`FAIL ${name}`, extra !== undefined ? JSON.stringify(extra).slice(0, 600) : ''); }
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
  return { status: r.status, body: json, headers: r.headers };
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00:00$/;
const isErr = (r, status, code) => r.status === status && r.body && r.body.object === 'error' && r.body.code === code && typeof r.body.message === 'string'
  && (status !== 400 || (Array.isArray(r.body.details) && r.body.details.length > 0)) && (status === 400 || !('details' in r.body));
const hasField = (r, f) => r.body?.details?.some((d) => d.field === f);
function siteShape(s) {
  return s && s.object === 'site' && UUID.test(s.id) && typeof s.name === 'string' && (s.hostOrigin === null || typeof s.hostOrigin === 'string')
    && UUID.test(s.publicApiKey) && typeof s.defaultLocale === 'string' && ['internal', 'external'].includes(s.localeManagementMode);
}
function pageShape(p) {
  const keys = ['object', 'id', 'pathname', 'canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'createdAt', 'updatedAt', 'publishedAt', 'isOnline', 'excludedFromSearchEngines', 'localizations'];
  return p && p.object === 'page' && keys.every((k) => k in p) && UUID.test(p.id) && typeof p.isOnline === 'boolean' && Array.isArray(p.localizations)
    && TS.test(p.createdAt) && TS.test(p.updatedAt) && (p.publishedAt === null || TS.test(p.publishedAt));
}
const localeShape = (l) => l && l.object === 'locale' && UUID.test(l.id) && typeof l.locale === 'string' && 'domain' in l && 'pathPrefix' in l && typeof l.isDefault === 'boolean';

try {
  // ---------- auth
  let r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: null });
  check('401 missing key', isErr(r, 401, 'unauthorized'), r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: 'sk_nope' });
  check('401 bad key', isErr(r, 401, 'unauthorized'), r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: '550e8400-e29b-41d4-a716-446655440000' });
  check('401 unknown site key', isErr(r, 401, 'unauthorized'), r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey });
  check('403 other workspace list', isErr(r, 403, 'forbidden'), r.body);

  // ---------- list sites
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`);
  check('list sites', r.status === 200 && r.body.object === 'list' && r.body.data.length === 2 && r.body.hasMore === false && r.body.data.every(siteShape), r.body);
  const [site, site2] = r.body.data;
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`);
  check('list sites limit', r.body.data.length === 1 && r.body.hasMore === true, r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1&startingAfter=${site.id}`);
  check('list sites cursor', r.body.data.length === 1 && r.body.data[0].id === site2.id && r.body.hasMore === false, r.body);
  for (const bad of ['0', '101', 'abc', '2.5', '']) {
    r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=${bad}`);
    check(`limit ${bad}`, isErr(r, 400, 'bad_request') && hasField(r, 'limit'), r.body);
  }
  r = await call('GET', `/v2/sites`);
  check('list sites missing workspaceId', isErr(r, 400, 'bad_request') && hasField(r, 'workspaceId'), r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&foo=1`);
  check('unknown query param', isErr(r, 400, 'bad_request') && hasField(r, 'foo'), r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&startingAfter=${site.id.replace(/.$/, '0')}`);
  check('unknown cursor', r.status === 400 || r.body.data, r.body);

  // ---------- get / create / update site
  r = await call('GET', `/v2/sites/${site.id}`);
  check('get site', r.status === 200 && siteShape(r.body) && r.body.id === site.id, r.body);
  r = await call('GET', `/v2/sites/${site.id.toUpperCase()}`);
  check('get site uppercase uuid', r.status === 200 && r.body.id === site.id, r.body);
  r = await call('GET', `/v2/sites/not-a-uuid`);
  check('get site bad id', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.body);
  r = await call('GET', `/v2/sites/00000000-0000-4000-8000-000000000000`);
  check('get site 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('GET', `/v2/sites/${site.id}`, { key: otherApiKey });
  check('get site 403', isErr(r, 403, 'forbidden'), r.body);
  r = await call('GET', `/v2/sites/${site.id}`, { key: siteApiKey });
  check('site key reads own site', r.status === 200, r.body);
  r = await call('GET', `/v2/sites/${site2.id}`, { key: siteApiKey });
  check('site key other site 403', isErr(r, 403, 'forbidden'), r.body);

  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'New site' } });
  check('create site', r.status === 201 && siteShape(r.body) && r.body.defaultLocale === 'en-US' && r.body.hostOrigin === null, r.body);
  const created = r.body;
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'Fr site', hostOrigin: 'https://fr.example/x?y#z', defaultLocale: 'fr-FR' } });
  check('create site full', r.status === 201 && r.body.defaultLocale === 'fr-FR' && r.body.hostOrigin === 'https://fr.example/x?y#z', r.body);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'X', defaultLocale: 'english' } });
  check('create site bad locale', isErr(r, 400, 'bad_request') && hasField(r, 'defaultLocale'), r.body);
  r = await call('POST', '/v2/sites', { body: { name: 'X' } });
  check('create site missing workspaceId', isErr(r, 400, 'bad_request') && hasField(r, 'workspaceId'), r.body);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'X', hostOrigin: 'nope' } });
  check('create site bad uri', isErr(r, 400, 'bad_request') && hasField(r, 'hostOrigin'), r.body);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'X', hostOrigin: 'http://exa mple.com' } });
  check('create site uri with space', isErr(r, 400, 'bad_request') && hasField(r, 'hostOrigin'), r.body);
  r = await call('POST', '/v2/sites', { key: otherApiKey, body: { workspaceId, name: 'X' } });
  check('create site foreign workspace', isErr(r, 403, 'forbidden'), r.body);
  r = await call('POST', '/v2/sites', { key: siteApiKey, body: { workspaceId, name: 'X' } });
  check('create site with site key', isErr(r, 403, 'forbidden'), r.body);
  r = await call('POST', '/v2/sites', { raw: '{"workspaceId":', headers: { 'content-type': 'application/json' } });
  check('malformed json', isErr(r, 400, 'bad_request'), r.body);
  r = await call('POST', '/v2/sites', { raw: `{"workspaceId":"${workspaceId}","name":"a","name":"b"}`, headers: { 'content-type': 'application/json' } });
  check('duplicate keys', isErr(r, 400, 'bad_request'), r.body);
  r = await call('POST', '/v2/sites', { raw: '[1,2]', headers: { 'content-type': 'application/json' } });
  check('array body', isErr(r, 400, 'bad_request'), r.body);
  r = await call('POST', '/v2/sites', { raw: `{"workspaceId":"${workspaceId}","name":"x"}`, headers: { 'content-type': 'text/plain' } });
  check('wrong content type', isErr(r, 400, 'bad_request'), r.body);
  r = await call('POST', '/v2/sites', { raw: 'x'.repeat(200000), headers: { 'content-type': 'application/json' } });
  check('huge body', isErr(r, 400, 'bad_request'), r.body);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'nul\u0000' } });
  check('NUL in string', isErr(r, 400, 'bad_request'), r.body);

  r = await call('PATCH', `/v2/sites/${created.id}`, { body: { name: 'Renamed', hostOrigin: 'https://renamed.example' } });
  check('update site', r.status === 200 && r.body.name === 'Renamed' && r.body.hostOrigin === 'https://renamed.example', r.body);
  r = await call('PATCH', `/v2/sites/${created.id}`, { body: { defaultLocale: 'fr-FR' } });
  check('update site defaultLocale refused', isErr(r, 400, 'bad_request') && hasField(r, 'defaultLocale'), r.body);
  r = await call('PATCH', `/v2/sites/${created.id}`, { body: { name: 5 } });
  check('update site bad name', isErr(r, 400, 'bad_request') && hasField(r, 'name'), r.body);
  r = await call('GET', `/v2/sites/${created.id}`);
  check('refused update changed nothing', r.body.name === 'Renamed', r.body);
  r = await call('PATCH', `/v2/sites/${created.id}`, { body: {} });
  check('empty patch', r.status === 200 && r.body.name === 'Renamed', r.body);

  // ---------- duplicate
  r = await call('POST', `/v2/sites/${site.id}/duplicate`, { body: { name: 'Copy' } });
  check('duplicate', r.status === 201 && siteShape(r.body) && r.body.id !== site.id && r.body.name === 'Copy' && r.body.defaultLocale === site.defaultLocale, r.body);
  const copy = r.body;
  r = await call('POST', `/v2/sites/${site.id}/duplicate`, { body: {} });
  check('duplicate missing name', isErr(r, 400, 'bad_request') && hasField(r, 'name'), r.body);
  r = await call('GET', `/v2/locales?siteId=${copy.id}`);
  check('duplicate copied locales', r.status === 200 && r.body.data.length === 3, r.body);
  r = await call('GET', `/v6/pages?siteId=${copy.id}&includeOffline=true`);
  const copyPages = r.body.data;
  check('duplicate copied pages', r.status === 200 && copyPages.length === 5, r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true`);
  const origPages = r.body.data;
  check('duplicate page ids independent', copyPages.every((p) => !origPages.some((o) => o.id === p.id)), copyPages);

  // ---------- locales
  r = await call('GET', `/v2/locales?siteId=${site.id}`);
  check('list locales', r.status === 200 && r.body.data.length === 3 && r.body.data.every(localeShape) && r.body.data[0].isDefault, r.body);
  r = await call('GET', `/v2/locales?siteId=${site.id}&limit=1`);
  check('list locales paged', r.body.data.length === 1 && r.body.hasMore === true, r.body);
  r = await call('GET', `/v2/locales`);
  check('list locales no site', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.body);
  r = await call('GET', `/v2/locales?siteId=${site.id}`, { key: otherApiKey });
  check('list locales 403', isErr(r, 403, 'forbidden'), r.body);
  r = await call('GET', `/v2/locales/fr-FR?siteId=${site.id}`);
  check('get locale by code', r.status === 200 && r.body.locale === 'fr-FR' && r.body.domain === 'https://fr.acme.example', r.body);
  const fr = r.body;
  r = await call('GET', `/v2/locales/${fr.id}`);
  check('get locale by id', r.status === 200 && r.body.id === fr.id, r.body);
  r = await call('GET', `/v2/locales/fr-FR`);
  check('get locale by code without siteId', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.body);
  r = await call('GET', `/v2/locales/it-IT?siteId=${site.id}`);
  check('get locale 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'it-IT', domain: 'https://it.acme.example' } });
  check('create locale', r.status === 201 && localeShape(r.body) && r.body.isDefault === false && r.body.pathPrefix === null, r.body);
  const it = r.body;
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'it-IT' } });
  check('create locale 409', isErr(r, 409, 'conflict'), r.body);
  r = await call('POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'it-IT' } });
  check('create locale 404 site', isErr(r, 404, 'not_found'), r.body);
  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'xx-YY' } });
  check('create locale bad code', isErr(r, 400, 'bad_request') && hasField(r, 'locale'), r.body);
  r = await call('PATCH', `/v2/locales/${it.id}`, { body: { domain: null } });
  check('update locale domain null', r.status === 200 && r.body.domain === null, r.body);
  r = await call('PATCH', `/v2/locales/it-IT?siteId=${site.id}`, { body: { locale: 'fr-FR' } });
  check('update locale conflict', isErr(r, 409, 'conflict'), r.body);
  r = await call('PATCH', `/v2/locales/it-IT?siteId=${site.id}`, { body: { locale: 'it-CH' } });
  check('update locale code', r.status === 200 && r.body.locale === 'it-CH', r.body);
  r = await call('DELETE', `/v2/locales/${it.id}`);
  check('delete locale', r.status === 204, r.status);
  r = await call('GET', `/v2/locales/${it.id}`);
  check('deleted locale 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('DELETE', `/v2/locales/${it.id}`);
  check('delete locale twice 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('POST', `/v2/locales/${it.id}/restore`);
  check('restore locale', r.status === 200 && r.body.id === it.id && r.body.locale === 'it-CH', r.body);
  r = await call('POST', `/v2/locales/${it.id}/restore`);
  check('restore active locale 409', isErr(r, 409, 'conflict'), r.body);
  r = await call('POST', `/v2/locales/00000000-0000-4000-8000-000000000000/restore`);
  check('restore unknown 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('DELETE', `/v2/locales/en-US?siteId=${site.id}`);
  check('delete default locale refused', isErr(r, 400, 'bad_request'), r.body);
  r = await call('DELETE', `/v2/locales/de-DE?siteId=${site.id}`, { key: siteApiKey });
  check('site key deletes locale of own site', r.status === 204, r.body);
  r = await call('POST', `/v2/locales/de-DE/restore?siteId=${site.id}`, { key: siteApiKey });
  check('restore by code', r.status === 200 && r.body.locale === 'de-DE', r.body);

  // ---------- pages
  r = await call('GET', `/v6/pages?siteId=${site.id}`);
  check('list pages default excludes offline', r.status === 200 && r.body.data.length === 4 && r.body.data.every(pageShape) && r.body.data.every((p) => p.isOnline), r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true`);
  check('list pages includeOffline', r.body.data.length === 5, r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=yes`);
  check('includeOffline bad', isErr(r, 400, 'bad_request') && hasField(r, 'includeOffline'), r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&pathPrefix=/blog`);
  check('pathPrefix', r.body.data.length === 2 && r.body.data.every((p) => p.pathname.startsWith('/blog')), r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&sortBy=path&sortDirection=desc`);
  check('sort desc', r.body.data[0].pathname === '/blog/hello-world', r.body.data.map((p) => p.pathname));
  r = await call('GET', `/v6/pages?siteId=${site.id}&sortBy=bogus`);
  check('sortBy bad', isErr(r, 400, 'bad_request') && hasField(r, 'sortBy'), r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&locale=fr-FR`);
  check('locale filter', r.body.data.length === 1 && r.body.data[0].pathname === '/a-propos' && r.body.data[0].locale === 'fr-FR', r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&versionRef=ref:live`);
  check('versionRef live', r.status === 200 && r.body.data.length === 4, r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&versionRef=live`);
  check('versionRef bad', isErr(r, 400, 'bad_request'), r.body);
  // paginate through all
  let seen = [];
  let after = '';
  for (let i = 0; i < 10; i++) {
    r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&limit=2${after}`);
    seen.push(...r.body.data.map((p) => p.id));
    if (!r.body.hasMore) break;
    after = `&startingAfter=${r.body.data.at(-1).id}`;
  }
  check('paginate pages', seen.length === 5 && new Set(seen).size === 5, seen);
  r = await call('GET', `/v2/sites/${site.id}/pages?limit=3`);
  check('list site pages', r.status === 200 && r.body.data.length === 3 && r.body.hasMore === true, r.body);

  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/new', name: 'New' } });
  check('create page', r.status === 201 && pageShape(r.body) && r.body.pathname === '/new' && r.body.locale === 'en-US', r.body);
  const np = r.body;
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/new', name: 'Dup' } });
  check('create page 409', isErr(r, 409, 'conflict'), r.body);
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/old-home', name: 'Route clash' } });
  check('create page route clash 409', isErr(r, 409, 'conflict'), r.body);
  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: '' } });
  check('create page empty name', isErr(r, 400, 'bad_request') && hasField(r, 'name'), r.body);
  r = await call('POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } });
  check('create page missing siteId', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.body);
  r = await call('POST', '/v6/pages', { key: otherApiKey, body: { siteId: site.id, pathname: '/x', name: 'x' } });
  check('create page 403', isErr(r, 403, 'forbidden'), r.body);
  r = await call('POST', '/v6/pages', { key: siteApiKey, body: { siteId: site2.id, pathname: '/x', name: 'x' } });
  check('site key create page other site 403', isErr(r, 403, 'forbidden'), r.body);
  r = await call('GET', `/v6/pages/${np.id}`);
  check('get page by id', r.status === 200 && r.body.id === np.id, r.body);
  r = await call('GET', `/v6/pages/%2Fnew?siteId=${site.id}`);
  check('get page by pathname', r.status === 200 && r.body.id === np.id, r.body);
  r = await call('GET', `/v6/pages/%2Fnew`);
  check('get page by pathname without siteId', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.body);
  r = await call('GET', `/v6/pages/${np.id}?versionRef=ref:live`);
  check('unpublished page has no live version', isErr(r, 404, 'not_found'), r.body);
  r = await call('GET', `/v6/pages/${np.id}`, { key: otherApiKey });
  check('get page 403', isErr(r, 403, 'forbidden'), r.body);
  r = await call('PATCH', `/v6/pages/${np.id}`, { body: { pathname: '/newer', isOnline: true } });
  check('update page', r.status === 200 && r.body.pathname === '/newer' && r.body.isOnline === true && TS.test(r.body.publishedAt), r.body);
  r = await call('PATCH', `/v6/pages/${np.id}`, { body: { isOnline: 'true' } });
  check('update page bad boolean', isErr(r, 400, 'bad_request') && hasField(r, 'isOnline'), r.body);
  r = await call('PATCH', `/v6/pages/${np.id}`, { body: { pathname: '/about' } });
  check('update page 409', isErr(r, 409, 'conflict'), r.body);
  r = await call('PATCH', `/v6/pages/${np.id}`, { body: { pathname: 'no-slash' } });
  check('update page bad pathname', isErr(r, 400, 'bad_request') && hasField(r, 'pathname'), r.body);
  r = await call('GET', `/v6/pages/${np.id}?versionRef=ref:live`);
  check('published page live', r.status === 200 && r.body.pathname === '/newer', r.body);
  r = await call('GET', `/v6/pages/%2Fabout?siteId=${site.id}&locale=de-DE`);
  check('get page localized', r.status === 200 && r.body.pathname === '/ueber-uns' && r.body.locale === 'de-DE', r.body);
  r = await call('GET', `/v6/pages/%2Fabout?siteId=${site.id}&locale=${fr.id}`);
  check('get page localized by locale id', r.status === 200 && r.body.pathname === '/a-propos', r.body);
  r = await call('DELETE', `/v6/pages/${np.id}`);
  check('delete page', r.status === 204, r.status);
  r = await call('GET', `/v6/pages/${np.id}`);
  check('deleted page 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('DELETE', `/v6/pages/${np.id}`);
  check('delete page twice 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&startingAfter=${np.id}`);
  check('deleted cursor continues', r.status === 200, r.body);

  // ---------- routes
  r = await call('PATCH', `/v2/routes/%2Fold-home?siteId=${site.id}`, { body: { pathname: '/older-home' } });
  check('update route by pathname', r.status === 200 && r.body.object === 'route' && UUID.test(r.body.id) && r.body.pathname === '/older-home', r.body);
  const route = r.body;
  r = await call('PATCH', `/v2/routes/${route.id}`, { body: { pathname: '/about' } });
  check('route clashes page 409', isErr(r, 409, 'conflict'), r.body);
  r = await call('PATCH', `/v2/routes/${route.id}?skipValidation=true`, { body: { pathname: '/about' } });
  check('skipValidation skips page clash', r.status === 200 && r.body.pathname === '/about', r.body);
  r = await call('PATCH', `/v2/routes/${route.id}?skipValidation=true`, { body: { pathname: '/legacy/about' } });
  check('route-route clash always 409', isErr(r, 409, 'conflict'), r.body);
  r = await call('PATCH', `/v2/routes/${route.id}?skipValidation=maybe`, { body: { pathname: '/z' } });
  check('skipValidation bad', isErr(r, 400, 'bad_request') && hasField(r, 'skipValidation'), r.body);
  r = await call('PATCH', `/v2/routes/%2Fnope?siteId=${site.id}`, { body: { pathname: '/z' } });
  check('route 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('PATCH', `/v2/routes/${route.id}`, { key: otherApiKey, body: { pathname: '/z' } });
  check('route 403', isErr(r, 403, 'forbidden'), r.body);
  r = await call('PATCH', `/v2/routes/%2Fold-contact`, { body: { pathname: '/z' } });
  check('route pathname without siteId', isErr(r, 400, 'bad_request') && hasField(r, 'siteId'), r.body);

  // ---------- routing / odd input
  r = await call('GET', '/v2/nothing');
  check('404 unknown path', isErr(r, 404, 'not_found'), r.body);
  r = await call('PUT', `/v2/sites/${site.id}`, { body: {} });
  check('405 wrong method', r.status === 405 && r.body.object === 'error' && r.headers.get('allow'), r.body);
  r = await call('GET', `/v6/pages/%E0%A4%A?siteId=${site.id}`);
  check('bad percent encoding', isErr(r, 400, 'bad_request'), r.body);
  r = await call('GET', `/v2/sites?workspaceId=%ZZ`);
  check('bad query encoding', isErr(r, 400, 'bad_request'), r.body);
  const rawResp = await new Promise((resolve) => {
    const u = new URL(baseUrl);
    const s = net.connect(Number(u.port), u.hostname, () => s.write('GARBAGE\r\n\r\n'));
    let out = '';
    s.on('data', (d) => { out += d; });
    s.on('end', () => resolve(out));
    s.on('error', () => resolve(out));
  });
  check('malformed http', rawResp.startsWith('HTTP/1.1 400'), rawResp);
  r = await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), headers: { 'content-type': 'application/json' } });
  check('invalid utf-8 body', isErr(r, 400, 'bad_request'), r.body);

  // ---------- delete site (last)
  r = await call('DELETE', `/v2/sites/${copy.id}`, { key: siteApiKey });
  check('site key cannot delete site', isErr(r, 403, 'forbidden'), r.body);
  r = await call('DELETE', `/v2/sites/${copy.id}`);
  check('delete site', r.status === 204, r.status);
  r = await call('GET', `/v2/sites/${copy.id}`);
  check('deleted site 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('GET', `/v6/pages/${copyPages[0].id}`);
  check('pages of deleted site 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('DELETE', `/v2/sites/${copy.id}`);
  check('delete site twice 404', isErr(r, 404, 'not_found'), r.body);
  r = await call('GET', `/v2/sites/${site.id}`);
  check('original survives duplicate delete', r.status === 200, r.body);
} catch (e) {
  fail++;
  console.error('FAIL exception', e);
} finally {
  child.kill('SIGTERM');
}
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c)));
check('clean exit on SIGTERM', code === 0, code);
console.log(`smoke: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
