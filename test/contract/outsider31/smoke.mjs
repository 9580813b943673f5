// Self-check: starts the server and exercises every operation. `node smoke.mjs`
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import path from 'node:path';

const dir = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [path.join(dir, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const cfg = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (d) => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) resolve(JSON.parse(buf.slice(0, i))); });
  child.on('exit', (c) => reject(new Error('server exited ' + c)));
  setTimeout(() => reject(new Error('server did not start')), 5000);
});
const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = cfg;

let passed = 0; const failures = [];
function check(name, cond, extra) {
  if (cond) passed++; else { failures.push(name); console.error('FAIL', name, extra !== undefined ? JSON.stringify(extra).slice(0, 400) : ''); }
}
async function call(method, p, { body, key = apiKey, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = 'application/json'; }
  const r = await fetch(baseUrl + p, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null; try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  return { status: r.status, body: json };
}
const isErr = (r, status, code) => r.status === status && r.body && r.body.object === 'error' && r.body.code === code && typeof r.body.message === 'string';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const siteShape = (s) => s && s.object === 'site' && UUID.test(s.id) && typeof s.name === 'string' && 'hostOrigin' in s && UUID.test(s.publicApiKey) && typeof s.defaultLocale === 'string' && ['internal', 'external'].includes(s.localeManagementMode);
const pageShape = (p) => p && p.object === 'page' && UUID.test(p.id) && typeof p.pathname === 'string' && typeof p.isOnline === 'boolean' && Array.isArray(p.localizations)
  && ['canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'createdAt', 'updatedAt', 'publishedAt', 'excludedFromSearchEngines'].every((k) => k in p);
const localeShape = (l) => l && l.object === 'locale' && UUID.test(l.id) && typeof l.locale === 'string' && 'domain' in l && 'pathPrefix' in l && typeof l.isDefault === 'boolean';

try {
  // ---------------- auth & plumbing
  check('no key -> 401', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: null }), 401, 'unauthorized'));
  check('bad key -> 401', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: 'sk_nope' }), 401, 'unauthorized'));
  check('random uuid key -> 401', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: '550e8400-e29b-41d4-a716-446655440000' }), 401, 'unauthorized'));
  check('unknown path -> 404', isErr(await call('GET', '/v9/nothing'), 404, 'not_found'));
  check('unknown path no key -> 401', isErr(await call('GET', '/v9/nothing', { key: null }), 401, 'unauthorized'));
  check('PUT site -> 404', isErr(await call('PUT', '/v2/sites'), 404, 'not_found'));
  let r = await call('POST', '/v2/sites', { raw: '{"name":', headers: { 'content-type': 'application/json' } });
  check('malformed JSON -> 400', isErr(r, 400, 'bad_request') && Array.isArray(r.body.details), r.body);
  r = await call('POST', '/v2/sites', { raw: JSON.stringify({ name: 'x'.repeat(200 * 1024) }), headers: { 'content-type': 'application/json' } });
  check('huge body -> 400', isErr(r, 400, 'bad_request'), r.body);
  r = await call('POST', '/v2/sites', { raw: '[1,2]', headers: { 'content-type': 'application/json' } });
  check('array body -> 400', isErr(r, 400, 'bad_request'), r.body);
  r = await call('POST', '/v2/sites', { raw: '"str"', headers: { 'content-type': 'application/json' } });
  check('scalar body -> 400', isErr(r, 400, 'bad_request'), r.body);
  r = await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), headers: { 'content-type': 'application/json' } });
  check('bad utf8 body -> 400', isErr(r, 400, 'bad_request'), r.body);
  r = await call('GET', '/v6/pages/%E0%A4%A');
  check('bad percent path -> 400', isErr(r, 400, 'bad_request'), r.body);
  r = await call('GET', '/v2/sites/not-a-uuid');
  check('bad uuid param -> 400 details', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'siteId' && r.body.details[0].message === '"siteId" must be a valid GUID', r.body);

  // ---------------- sites
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`);
  check('list sites 200', r.status === 200 && r.body.object === 'list' && r.body.data.length === 2 && r.body.hasMore === false && r.body.data.every(siteShape), r.body);
  const mkt = r.body.data.find((s) => s.publicApiKey === siteApiKey);
  const docsSite = r.body.data.find((s) => s !== mkt);
  check('site key belongs to a seeded site', !!mkt);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`);
  check('list sites limit=1 hasMore', r.status === 200 && r.body.data.length === 1 && r.body.hasMore === true, r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1&startingAfter=${r.body.data[0].id}`);
  check('list sites page 2', r.status === 200 && r.body.data.length === 1 && r.body.hasMore === false, r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=101`);
  check('limit 101 -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].message === '"limit" must be less than or equal to 100', r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=0`);
  check('limit 0 -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'limit', r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=abc`);
  check('limit abc -> 400', isErr(r, 400, 'bad_request'), r.body);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&startingAfter=550e8400-e29b-41d4-a716-446655440000`);
  check('unknown cursor -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'startingAfter', r.body);
  check('list sites no workspaceId -> 400', isErr(await call('GET', '/v2/sites'), 400, 'bad_request'));
  check('list sites foreign ws -> 403', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey }), 403, 'forbidden'));
  check('list sites site key -> 403', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: siteApiKey }), 403, 'forbidden'));

  r = await call('POST', '/v2/sites', { body: {} });
  check('create site empty -> 400 two details', isErr(r, 400, 'bad_request') && r.body.details.length === 2 && r.body.details.some((d) => d.field === 'name' && d.message === '"name" is required'), r.body);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'X', hostOrigin: 'not a url' } });
  check('create site bad hostOrigin -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'hostOrigin', r.body);
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'X', defaultLocale: 'english!' } });
  check('create site bad locale -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'defaultLocale', r.body);
  check('create site foreign ws -> 403', isErr(await call('POST', '/v2/sites', { body: { workspaceId, name: 'X' }, key: otherApiKey }), 403, 'forbidden'));
  check('create site site key -> 403', isErr(await call('POST', '/v2/sites', { body: { workspaceId, name: 'X' }, key: siteApiKey }), 403, 'forbidden'));
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'New Site', hostOrigin: 'https://new.example' } });
  check('create site 201', r.status === 201 && siteShape(r.body) && r.body.defaultLocale === 'en-US' && r.body.hostOrigin === 'https://new.example', r.body);
  const newSite = r.body;
  r = await call('GET', `/v2/locales?siteId=${newSite.id}`);
  check('new site has default locale', r.status === 200 && r.body.data.length === 1 && r.body.data[0].isDefault && r.body.data[0].locale === 'en-US', r.body);

  r = await call('GET', `/v2/sites/${mkt.id}`);
  check('get site 200', r.status === 200 && siteShape(r.body) && r.body.id === mkt.id, r.body);
  check('get site unknown -> 404', isErr(await call('GET', '/v2/sites/550e8400-e29b-41d4-a716-446655440000'), 404, 'not_found'));
  check('get site foreign -> 403', isErr(await call('GET', `/v2/sites/${mkt.id}`, { key: otherApiKey }), 403, 'forbidden'));
  check('get site with site key 200', (await call('GET', `/v2/sites/${mkt.id}`, { key: siteApiKey })).status === 200);
  check('get other site with site key 403', isErr(await call('GET', `/v2/sites/${docsSite.id}`, { key: siteApiKey }), 403, 'forbidden'));

  r = await call('PATCH', `/v2/sites/${newSite.id}`, { body: { name: 'Renamed', hostOrigin: null } });
  check('patch site 200', r.status === 200 && r.body.name === 'Renamed' && r.body.hostOrigin === null, r.body);
  r = await call('PATCH', `/v2/sites/${newSite.id}`, { body: { name: 'Again', defaultLocale: 'fr' } });
  check('patch site defaultLocale -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'defaultLocale', r.body);
  r = await call('GET', `/v2/sites/${newSite.id}`);
  check('refused patch changed nothing', r.body.name === 'Renamed' && r.body.defaultLocale === 'en-US', r.body);
  check('patch site empty name -> 400', isErr(await call('PATCH', `/v2/sites/${newSite.id}`, { body: { name: '' } }), 400, 'bad_request'));
  check('patch site foreign -> 403', isErr(await call('PATCH', `/v2/sites/${newSite.id}`, { body: { name: 'z' }, key: otherApiKey }), 403, 'forbidden'));

  r = await call('POST', `/v2/sites/${mkt.id}/duplicate`, { body: {} });
  check('duplicate no name -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].message === '"name" is required', r.body);
  r = await call('POST', `/v2/sites/${mkt.id}/duplicate`, { body: { name: 'Copy' } });
  check('duplicate 201', r.status === 201 && siteShape(r.body) && r.body.id !== mkt.id && r.body.name === 'Copy' && r.body.publicApiKey !== mkt.publicApiKey && r.body.hostOrigin === mkt.hostOrigin, r.body);
  const copy = r.body;
  const origPages = (await call('GET', `/v6/pages?siteId=${mkt.id}&includeOffline=true`)).body.data;
  const copyPages = (await call('GET', `/v6/pages?siteId=${copy.id}&includeOffline=true`)).body.data;
  check('duplicate copies pages', copyPages.length === origPages.length && copyPages.every((p) => !origPages.some((o) => o.id === p.id)), copyPages);
  check('duplicate copies locales', (await call('GET', `/v2/locales?siteId=${copy.id}`)).body.data.length === (await call('GET', `/v2/locales?siteId=${mkt.id}`)).body.data.length);
  r = await call('PATCH', `/v6/pages/${copyPages[0].id}`, { body: { pathname: '/changed-in-copy' } });
  check('duplicate is independent', r.status === 200 && (await call('GET', `/v6/pages/${origPages[0].id}`)).body.pathname === origPages[0].pathname, r.body);
  check('duplicate site key -> 403', isErr(await call('POST', `/v2/sites/${mkt.id}/duplicate`, { body: { name: 'c' }, key: siteApiKey }), 403, 'forbidden'));
  check('delete site foreign -> 403', isErr(await call('DELETE', `/v2/sites/${copy.id}`, { key: otherApiKey }), 403, 'forbidden'));
  r = await call('DELETE', `/v2/sites/${copy.id}`);
  check('delete site 204', r.status === 204, r);
  check('deleted site -> 404', isErr(await call('GET', `/v2/sites/${copy.id}`), 404, 'not_found'));
  check('deleted site key -> 401', isErr(await call('GET', `/v2/sites/${copy.id}`, { key: copy.publicApiKey }), 401, 'unauthorized'));

  // ---------------- locales
  r = await call('GET', `/v2/locales?siteId=${mkt.id}`);
  check('list locales 200', r.status === 200 && r.body.object === 'list' && r.body.data.length === 3 && r.body.data.every(localeShape), r.body);
  r = await call('GET', `/v2/locales?siteId=${mkt.id}&limit=2`);
  const r2 = await call('GET', `/v2/locales?siteId=${mkt.id}&limit=2&startingAfter=${r.body.data[1].id}`);
  check('locales pagination', r.body.hasMore === true && r2.body.data.length === 1 && r2.body.hasMore === false, [r.body, r2.body]);
  check('list locales no siteId -> 400', isErr(await call('GET', '/v2/locales'), 400, 'bad_request'));
  check('list locales foreign -> 403', isErr(await call('GET', `/v2/locales?siteId=${mkt.id}`, { key: otherApiKey }), 403, 'forbidden'));
  r = await call('POST', '/v2/locales', { body: { siteId: mkt.id } });
  check('create locale missing -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'locale', r.body);
  r = await call('POST', '/v2/locales', { body: { siteId: mkt.id, locale: 'es-es', domain: 'https://acme.es' } });
  check('create locale 201 canonical', r.status === 201 && localeShape(r.body) && r.body.locale === 'es-ES' && r.body.isDefault === false && r.body.domain === 'https://acme.es', r.body);
  const es = r.body;
  check('create locale dup -> 409', isErr(await call('POST', '/v2/locales', { body: { siteId: mkt.id, locale: 'es-ES' } }), 409, 'conflict'));
  check('create locale unknown site -> 404', isErr(await call('POST', '/v2/locales', { body: { siteId: '550e8400-e29b-41d4-a716-446655440000', locale: 'it' } }), 404, 'not_found'));
  check('get locale by id', (await call('GET', `/v2/locales/${es.id}`)).body.id === es.id);
  check('get locale by code', (await call('GET', `/v2/locales/es-ES?siteId=${mkt.id}`)).body.id === es.id);
  r = await call('GET', '/v2/locales/es-ES');
  check('get locale by code no siteId -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'siteId', r.body);
  check('get locale unknown -> 404', isErr(await call('GET', `/v2/locales/it-IT?siteId=${mkt.id}`), 404, 'not_found'));
  check('get locale foreign -> 403', isErr(await call('GET', `/v2/locales/${es.id}`, { key: otherApiKey }), 403, 'forbidden'));
  check('get locale site key', (await call('GET', `/v2/locales/${es.id}`, { key: siteApiKey })).status === 200);
  r = await call('PATCH', `/v2/locales/${es.id}`, { body: { domain: null } });
  check('patch locale 200', r.status === 200 && r.body.domain === null && r.body.object === 'locale', r.body);
  check('patch locale to dup -> 409', isErr(await call('PATCH', `/v2/locales/${es.id}`, { body: { locale: 'fr-FR' } }), 409, 'conflict'));
  check('patch locale bad domain -> 400', isErr(await call('PATCH', `/v2/locales/${es.id}`, { body: { domain: 'ftp://x' } }), 400, 'bad_request'));
  const enUS = (await call('GET', `/v2/locales/en-US?siteId=${mkt.id}`)).body;
  check('delete default locale -> 400', isErr(await call('DELETE', `/v2/locales/${enUS.id}`), 400, 'bad_request'));
  check('delete locale 204', (await call('DELETE', `/v2/locales/es-ES?siteId=${mkt.id}`)).status === 204);
  check('deleted locale -> 404', isErr(await call('GET', `/v2/locales/${es.id}`), 404, 'not_found'));
  check('delete again -> 404', isErr(await call('DELETE', `/v2/locales/${es.id}`), 404, 'not_found'));
  r = await call('POST', `/v2/locales/${es.id}/restore`);
  check('restore locale 200', r.status === 200 && r.body.id === es.id && localeShape(r.body), r.body);
  check('restore active -> 409', isErr(await call('POST', `/v2/locales/${es.id}/restore`), 409, 'conflict'));
  check('restore unknown -> 404', isErr(await call('POST', '/v2/locales/550e8400-e29b-41d4-a716-446655440000/restore'), 404, 'not_found'));
  await call('DELETE', `/v2/locales/${es.id}`);
  await call('POST', '/v2/locales', { body: { siteId: mkt.id, locale: 'es-ES' } });
  check('restore shadowed -> 409', isErr(await call('POST', `/v2/locales/${es.id}/restore`), 409, 'conflict'));

  // ---------------- pages
  r = await call('GET', `/v6/pages?siteId=${mkt.id}`);
  check('list pages online only', r.status === 200 && r.body.data.every(pageShape) && r.body.data.every((p) => p.isOnline) && r.body.data.length === 4, r.body);
  check('list pages sorted by path', r.body.data.map((p) => p.pathname).join() === '/,/about,/blog,/pricing', r.body.data.map((p) => p.pathname));
  r = await call('GET', `/v6/pages?siteId=${mkt.id}&includeOffline=true`);
  check('includeOffline=true', r.body.data.length === 5, r.body);
  r = await call('GET', `/v6/pages?siteId=${mkt.id}&includeOffline=true&pathPrefix=/blog`);
  check('pathPrefix', r.body.data.length === 2 && r.body.data.every((p) => p.pathname.startsWith('/blog')), r.body);
  r = await call('GET', `/v6/pages?siteId=${mkt.id}&sortBy=title&sortDirection=desc`);
  check('sortBy title desc', r.body.data.map((p) => p.title).join() === 'Pricing,Blog,Acme,About us', r.body.data.map((p) => p.title));
  check('bad sortBy -> 400', isErr(await call('GET', `/v6/pages?siteId=${mkt.id}&sortBy=name`), 400, 'bad_request'));
  check('bad includeOffline -> 400', isErr(await call('GET', `/v6/pages?siteId=${mkt.id}&includeOffline=maybe`), 400, 'bad_request'));
  r = await call('GET', `/v6/pages?siteId=${mkt.id}&limit=2`);
  const p2 = await call('GET', `/v6/pages?siteId=${mkt.id}&limit=2&startingAfter=${r.body.data[1].id}`);
  check('pages pagination', r.body.hasMore && p2.body.data.length === 2 && p2.body.hasMore === false && p2.body.data[0].pathname === '/blog', p2.body);
  r = await call('GET', `/v6/pages?siteId=${mkt.id}&versionRef=ref:live`);
  check('versionRef live', r.status === 200 && r.body.data.length === 3 && r.body.data.every((p) => p.publishedAt), r.body);
  r = await call('GET', `/v6/pages?siteId=${mkt.id}&locale=fr-FR`);
  check('locale filter collapses', r.body.data.length === 1 && r.body.data[0].pathname === '/a-propos' && r.body.data[0].locale === 'fr-FR', r.body);
  check('list pages foreign -> 403', isErr(await call('GET', `/v6/pages?siteId=${mkt.id}`, { key: otherApiKey }), 403, 'forbidden'));
  check('list pages no siteId -> 400', isErr(await call('GET', '/v6/pages'), 400, 'bad_request'));
  r = await call('GET', `/v2/sites/${mkt.id}/pages?limit=1`);
  check('v2 site pages list', r.status === 200 && r.body.object === 'list' && r.body.data.length === 1 && r.body.hasMore, r.body);

  r = await call('POST', '/v6/pages', { body: { siteId: mkt.id, pathname: '/contact', name: '' } });
  check('create page empty name -> 400', isErr(r, 400, 'bad_request') && r.body.details[0].field === 'name', r.body);
  r = await call('POST', '/v6/pages', { body: { siteId: mkt.id } });
  check('create page missing -> 400 two', isErr(r, 400, 'bad_request') && r.body.details.length === 2, r.body);
  check('create page dup -> 409', isErr(await call('POST', '/v6/pages', { body: { siteId: mkt.id, pathname: '/About', name: 'A' } }), 409, 'conflict'));
  check('create page route clash -> 409', isErr(await call('POST', '/v6/pages', { body: { siteId: mkt.id, pathname: '/api/health', name: 'A' } }), 409, 'conflict'));
  check('create page foreign -> 403', isErr(await call('POST', '/v6/pages', { body: { siteId: mkt.id, pathname: '/z', name: 'A' }, key: otherApiKey }), 403, 'forbidden'));
  r = await call('POST', '/v6/pages', { body: { siteId: mkt.id, pathname: 'contact/', name: 'Contact' }, key: siteApiKey });
  check('create page 201', r.status === 201 && pageShape(r.body) && r.body.pathname === '/contact' && r.body.locale === 'en-US' && r.body.isOnline === false, r.body);
  const contact = r.body;
  check('get page by id', (await call('GET', `/v6/pages/${contact.id}`)).body.id === contact.id);
  check('get page by pathname', (await call('GET', `/v6/pages/%2Fcontact?siteId=${mkt.id}`)).body.id === contact.id);
  check('get page by bare nested path', (await call('GET', `/v6/pages/blog/hello-world?siteId=${mkt.id}`)).body.title === 'Hello, world');
  check('get page by path no siteId -> 400', isErr(await call('GET', '/v6/pages/contact'), 400, 'bad_request'));
  check('get page unknown -> 404', isErr(await call('GET', '/v6/pages/550e8400-e29b-41d4-a716-446655440000'), 404, 'not_found'));
  check('get page foreign -> 403', isErr(await call('GET', `/v6/pages/${contact.id}`, { key: otherApiKey }), 403, 'forbidden'));
  check('get page live unpublished -> 404', isErr(await call('GET', `/v6/pages/${contact.id}?versionRef=ref:live`), 404, 'not_found'));
  const about = (await call('GET', `/v6/pages/about?siteId=${mkt.id}`)).body;
  r = await call('GET', `/v6/pages/${about.id}?locale=fr-FR`);
  check('get page localized', r.body.pathname === '/a-propos' && r.body.locale === 'fr-FR', r.body);
  check('get page bad locale -> 404', isErr(await call('GET', `/v6/pages/${about.id}?locale=xx-XX`), 404, 'not_found'));
  r = await call('PATCH', `/v6/pages/${contact.id}`, { body: {} });
  check('patch page empty -> 400', isErr(r, 400, 'bad_request'), r.body);
  check('patch page clash -> 409', isErr(await call('PATCH', `/v6/pages/${contact.id}`, { body: { pathname: '/pricing' } }), 409, 'conflict'));
  r = await call('PATCH', `/v6/pages/${contact.id}`, { body: { pathname: '/contact-us', isOnline: true, name: 'Contact us' } });
  check('patch page 200', r.status === 200 && r.body.pathname === '/contact-us' && r.body.isOnline === true && pageShape(r.body), r.body);
  check('patch page bad isOnline -> 400', isErr(await call('PATCH', `/v6/pages/${contact.id}`, { body: { isOnline: 'sometimes' } }), 400, 'bad_request'));
  check('delete page 204', (await call('DELETE', `/v6/pages/contact-us?siteId=${mkt.id}`)).status === 204);
  check('deleted page -> 404', isErr(await call('GET', `/v6/pages/${contact.id}`), 404, 'not_found'));
  check('delete page foreign -> 403', isErr(await call('DELETE', `/v6/pages/${about.id}`, { key: otherApiKey }), 403, 'forbidden'));

  // ---------------- routes
  r = await call('GET', `/v2/routes?siteId=${mkt.id}`);
  check('list routes', r.status === 200 && r.body.data.length === 2 && r.body.data.every((x) => x.object === 'route' && UUID.test(x.id)), r.body);
  const health = r.body.data.find((x) => x.pathname === '/api/health');
  r = await call('PATCH', `/v2/routes/${health.id}`, { body: { pathname: '/api/healthz' } });
  check('patch route by id', r.status === 200 && r.body.object === 'route' && r.body.pathname === '/api/healthz', r.body);
  r = await call('PATCH', `/v2/routes/%2Fapi%2Fhealthz?siteId=${mkt.id}`, { body: { pathname: '/api/status' } });
  check('patch route by pathname', r.status === 200 && r.body.pathname === '/api/status', r.body);
  check('patch route pathname no siteId -> 400', isErr(await call('PATCH', '/v2/routes/%2Fapi%2Fstatus', { body: { pathname: '/x' } }), 400, 'bad_request'));
  check('patch route page clash -> 409', isErr(await call('PATCH', `/v2/routes/${health.id}`, { body: { pathname: '/about' } }), 409, 'conflict'));
  check('patch route route clash -> 409', isErr(await call('PATCH', `/v2/routes/${health.id}`, { body: { pathname: '/legacy/products' } }), 409, 'conflict'));
  check('patch route bad pathname -> 400', isErr(await call('PATCH', `/v2/routes/${health.id}`, { body: { pathname: '/a b' } }), 400, 'bad_request'));
  r = await call('PATCH', `/v2/routes/${health.id}?skipValidation=true`, { body: { pathname: 'raw path' } });
  check('skipValidation keeps raw', r.status === 200 && r.body.pathname === 'raw path', r.body);
  check('skipValidation bad value -> 400', isErr(await call('PATCH', `/v2/routes/${health.id}?skipValidation=yes`, { body: {} }), 400, 'bad_request'));
  check('patch route unknown -> 404', isErr(await call('PATCH', '/v2/routes/550e8400-e29b-41d4-a716-446655440000', { body: { pathname: '/q' } }), 404, 'not_found'));
  check('patch route foreign -> 403', isErr(await call('PATCH', `/v2/routes/${health.id}`, { body: { pathname: '/q' }, key: otherApiKey }), 403, 'forbidden'));
  check('patch route site key', (await call('PATCH', `/v2/routes/${health.id}`, { body: { pathname: '/api/health' }, key: siteApiKey })).status === 200);
  r = await call('POST', '/v2/routes', { body: { siteId: mkt.id, pathname: '/go' } });
  check('create route 201', r.status === 201 && r.body.pathname === '/go', r.body);
  check('create route dup -> 409', isErr(await call('POST', '/v2/routes', { body: { siteId: mkt.id, pathname: '/GO' } }), 409, 'conflict'));
  check('get route', (await call('GET', `/v2/routes/${r.body.id}`)).body.pathname === '/go');
  check('delete route 204', (await call('DELETE', `/v2/routes/go?siteId=${mkt.id}`)).status === 204);
  check('deleted route 404', isErr(await call('GET', `/v2/routes/${r.body.id}`), 404, 'not_found'));
} catch (e) {
  failures.push('exception: ' + e.stack);
  console.error(e);
} finally {
  child.kill('SIGTERM');
}
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
