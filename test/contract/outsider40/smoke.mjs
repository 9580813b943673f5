// Self-check: starts server.mjs, exercises every operation over HTTP, exits 0 on success.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import net from 'node:net';

const here = fileURLToPath(new URL('.', import.meta.url));
const child = spawn(process.execPath, [here + 'server.mjs', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
const info = await new Promise((resolve, reject) => {
  child.stdout.on('data', (c) => { out += c; const i = out.indexOf('\n'); if (i >= 0) resolve(JSON.parse(out.slice(0, i))); });
  child.on('exit', (c) => reject(new Error('server exited ' + c)));
  setTimeout(() => reject(new Error('server start timeout')), 5000);
});
const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = info;
let failures = 0, checks = 0;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

function ok(cond, label) { checks++; if (!cond) { failures++; console.error('FAIL:', label); } }
async function call(method, path, { key = apiKey, body, raw, ct = 'application/json' } = {}) {
  const headers = {};
  if (key) headers['x-api-key'] = key;
  if (body !== undefined || raw !== undefined) headers['content-type'] = ct;
  const r = await fetch(baseUrl + path, { method, headers, body: raw !== undefined ? raw : body !== undefined ? JSON.stringify(body) : undefined });
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch {}
  return { status: r.status, json, text };
}
async function expect(label, status, p) {
  const r = await p;
  ok(r.status === status, `${label}: expected ${status}, got ${r.status} ${r.text.slice(0, 200)}`);
  if (status >= 400) ok(r.json && r.json.object === 'error' && typeof r.json.message === 'string' && r.json.code === { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' }[status], `${label}: error envelope`);
  if (status === 400) ok(Array.isArray(r.json.details) && r.json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: details`);
  if (status === 204) ok(r.text === '', `${label}: empty 204`);
  return r;
}
const isSite = (s) => s && s.object === 'site' && UUID.test(s.id) && typeof s.name === 'string' && UUID.test(s.publicApiKey) && typeof s.defaultLocale === 'string' && ['internal', 'external'].includes(s.localeManagementMode) && 'hostOrigin' in s;
const isLocale = (l) => l && l.object === 'locale' && UUID.test(l.id) && typeof l.locale === 'string' && 'domain' in l && 'pathPrefix' in l && typeof l.isDefault === 'boolean';
const isPage = (p) => p && p.object === 'page' && UUID.test(p.id) && p.pathname.startsWith('/') && Array.isArray(p.localizations)
  && ['canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'publishedAt', 'excludedFromSearchEngines'].every((k) => k in p)
  && DT.test(p.createdAt) && DT.test(p.updatedAt) && typeof p.isOnline === 'boolean';
const isList = (l) => l && l.object === 'list' && Array.isArray(l.data) && typeof l.hasMore === 'boolean';

try {
  // ---- auth ----
  await expect('no key', 401, call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: null }));
  await expect('bad key', 401, call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: 'sk_nope' }));
  await expect('unknown uuid key', 401, call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: '550e8400-e29b-41d4-a716-446655440000' }));
  await expect('unknown route', 404, call('GET', '/v9/nothing'));
  await expect('unknown method', 404, call('PUT', '/v2/sites'));

  // ---- sites ----
  const sl = await expect('list sites', 200, call('GET', `/v2/sites?workspaceId=${workspaceId}`));
  ok(isList(sl.json) && sl.json.data.length >= 1 && sl.json.data.every(isSite), 'list sites shape');
  const site = sl.json.data.find((s) => s.publicApiKey === siteApiKey);
  ok(site, 'seeded site with siteApiKey');
  await expect('list sites no workspace', 400, call('GET', '/v2/sites'));
  await expect('list sites other ws', 403, call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey }));
  await expect('list sites site key', 403, call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: siteApiKey }));
  await expect('get site', 200, call('GET', `/v2/sites/${site.id}`));
  await expect('get site with site key', 200, call('GET', `/v2/sites/${site.id}`, { key: siteApiKey }));
  await expect('get site other ws', 403, call('GET', `/v2/sites/${site.id}`, { key: otherApiKey }));
  await expect('get site unknown', 404, call('GET', '/v2/sites/00000000-0000-4000-8000-000000000000'));

  const c = await expect('create site', 201, call('POST', '/v2/sites', { body: { workspaceId, name: 'Smoke Site', hostOrigin: 'https://smoke.example' } }));
  ok(isSite(c.json) && c.json.defaultLocale === 'en-US' && c.json.hostOrigin === 'https://smoke.example', 'create site shape');
  const c2 = await expect('create site fr', 201, call('POST', '/v2/sites', { body: { workspaceId, name: 'Smoke FR', defaultLocale: 'fr_fr' } }));
  ok(c2.json.defaultLocale === 'fr-FR', 'defaultLocale canonicalized');
  const bad = await expect('create site invalid', 400, call('POST', '/v2/sites', { body: { workspaceId: 'nope', name: '', hostOrigin: 'not a uri' } }));
  ok(bad.json.details.map((d) => d.field).join() === 'workspaceId,name,hostOrigin', 'one detail per invalid field');
  await expect('create site missing', 400, call('POST', '/v2/sites', { body: {} }));
  await expect('create site extra field', 400, call('POST', '/v2/sites', { body: { workspaceId, name: 'x', color: 'red' } }));
  await expect('create site malformed json', 400, call('POST', '/v2/sites', { raw: '{"name":' }));
  await expect('create site wrong ct', 400, call('POST', '/v2/sites', { raw: 'name=x', ct: 'application/x-www-form-urlencoded' }));
  await expect('create site huge', 400, call('POST', '/v2/sites', { raw: JSON.stringify({ name: 'x'.repeat(200000) }) }));
  await expect('create site other ws', 403, call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: otherApiKey }));
  await expect('create site site key', 403, call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: siteApiKey }));

  const u = await expect('update site', 200, call('PATCH', `/v2/sites/${c.json.id}`, { body: { name: 'Renamed', hostOrigin: 'https://renamed.example' } }));
  ok(u.json.name === 'Renamed' && u.json.hostOrigin === 'https://renamed.example', 'update site applied');
  await expect('update site defaultLocale', 400, call('PATCH', `/v2/sites/${c.json.id}`, { body: { defaultLocale: 'fr-FR' } }));
  await expect('update site other ws', 403, call('PATCH', `/v2/sites/${c.json.id}`, { body: { name: 'x' }, key: otherApiKey }));

  const dup = await expect('duplicate site', 201, call('POST', `/v2/sites/${site.id}/duplicate`, { body: { name: 'Copy' } }));
  ok(isSite(dup.json) && dup.json.id !== site.id && dup.json.name === 'Copy' && dup.json.defaultLocale === site.defaultLocale, 'duplicate shape');
  const dupPages = await call('GET', `/v6/pages?siteId=${dup.json.id}&includeOffline=true&limit=100`);
  ok(dupPages.status === 200 && dupPages.json.data.length >= 3, 'duplicate copied pages');
  await expect('duplicate no name', 400, call('POST', `/v2/sites/${site.id}/duplicate`, { body: {} }));
  await expect('duplicate unknown', 404, call('POST', '/v2/sites/00000000-0000-4000-8000-000000000000/duplicate', { body: { name: 'x' } }));

  await expect('delete site', 204, call('DELETE', `/v2/sites/${c.json.id}`));
  await expect('delete site again', 404, call('DELETE', `/v2/sites/${c.json.id}`));
  await expect('get deleted site', 404, call('GET', `/v2/sites/${c.json.id}`));

  // ---- pagination ----
  const seen = new Set();
  let cursor = null, guard = 0;
  do {
    const r = await expect('page sites', 200, call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1${cursor ? '&startingAfter=' + cursor : ''}`));
    r.json.data.forEach((s) => seen.add(s.id));
    cursor = r.json.hasMore ? r.json.data.at(-1).id : null;
  } while (cursor && ++guard < 50);
  const all = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=100`);
  ok(seen.size === all.json.data.length && all.json.data.every((x) => seen.has(x.id)), 'pagination walks all sites');
  await expect('limit 0', 400, call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=0`));
  await expect('limit 101', 400, call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=101`));

  // ---- locales ----
  const ll = await expect('list locales', 200, call('GET', `/v2/locales?siteId=${site.id}`));
  ok(isList(ll.json) && ll.json.data.every(isLocale) && ll.json.data[0].isDefault, 'locales list shape');
  await expect('list locales site key', 200, call('GET', `/v2/locales?siteId=${site.id}`, { key: siteApiKey }));
  await expect('list locales no site', 400, call('GET', '/v2/locales'));
  await expect('list locales other', 403, call('GET', `/v2/locales?siteId=${site.id}`, { key: otherApiKey }));
  const lc = await expect('create locale', 201, call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'es-ES', domain: 'https://es.acme.example' } }));
  ok(isLocale(lc.json) && lc.json.isDefault === false && lc.json.locale === 'es-ES', 'create locale shape');
  await expect('create locale dup', 409, call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'es-ES' } }));
  await expect('create locale bad', 400, call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'klingon' } }));
  await expect('create locale unknown site', 404, call('POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'it' } }));
  await expect('get locale by id', 200, call('GET', `/v2/locales/${lc.json.id}`));
  const byCode = await expect('get locale by code', 200, call('GET', `/v2/locales/es-ES?siteId=${site.id}`));
  ok(byCode.json.id === lc.json.id, 'code finds locale');
  await expect('get locale by code no site', 400, call('GET', '/v2/locales/es-ES'));
  await expect('get locale unknown code', 404, call('GET', `/v2/locales/it-IT?siteId=${site.id}`));
  const lu = await expect('update locale', 200, call('PATCH', `/v2/locales/${lc.json.id}`, { body: { domain: null } }));
  ok(lu.json.domain === null, 'locale domain cleared');
  await expect('update locale conflict', 409, call('PATCH', `/v2/locales/${lc.json.id}`, { body: { locale: 'fr-FR' } }));
  const def = ll.json.data.find((l) => l.isDefault);
  await expect('delete default locale', 400, call('DELETE', `/v2/locales/${def.id}`));
  await expect('delete locale', 204, call('DELETE', `/v2/locales/es-ES?siteId=${site.id}`));
  await expect('delete locale again', 404, call('DELETE', `/v2/locales/${lc.json.id}`));
  await expect('get deleted locale', 404, call('GET', `/v2/locales/${lc.json.id}`));
  await expect('recreate deleted locale', 409, call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'es-ES' } }));
  const rs = await expect('restore locale', 200, call('POST', `/v2/locales/es-ES/restore?siteId=${site.id}`));
  ok(isLocale(rs.json) && rs.json.id === lc.json.id, 'restore shape');
  await expect('restore live locale', 409, call('POST', `/v2/locales/${lc.json.id}/restore`));
  await expect('restore unknown', 404, call('POST', '/v2/locales/00000000-0000-4000-8000-000000000000/restore'));
  await expect('locale write site key', 403, call('DELETE', `/v2/locales/${lc.json.id}`, { key: siteApiKey }));

  // ---- pages ----
  const pl = await expect('list pages', 200, call('GET', `/v6/pages?siteId=${site.id}`));
  ok(isList(pl.json) && pl.json.data.every(isPage) && pl.json.data.every((p) => p.isOnline), 'pages list shape');
  const plAll = await expect('list pages offline', 200, call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true`));
  ok(plAll.json.data.length > pl.json.data.length, 'includeOffline adds pages');
  const pre = await expect('list pages prefix', 200, call('GET', `/v6/pages?siteId=${site.id}&pathPrefix=/blog&includeOffline=true`));
  ok(pre.json.data.length >= 1 && pre.json.data.every((p) => p.pathname.startsWith('/blog')), 'pathPrefix');
  const fr = await expect('list pages fr', 200, call('GET', `/v6/pages?siteId=${site.id}&locale=fr-FR`));
  ok(fr.json.data.length >= 1 && fr.json.data.every((p) => p.locale === 'fr-FR'), 'locale filter');
  await expect('list pages v2 alias', 200, call('GET', `/v2/sites/${site.id}/pages?limit=1`));
  await expect('list pages bad sort', 400, call('GET', `/v6/pages?siteId=${site.id}&sortBy=name`));
  await expect('list pages site key', 200, call('GET', `/v6/pages?siteId=${site.id}`, { key: siteApiKey }));
  await expect('list pages other', 403, call('GET', `/v6/pages?siteId=${site.id}`, { key: otherApiKey }));
  const desc = await expect('list pages desc', 200, call('GET', `/v6/pages?siteId=${site.id}&sortBy=createdAt&sortDirection=desc&versionRef=ref:live`));
  ok(isList(desc.json), 'desc list');

  const pc = await expect('create page', 201, call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/smoke', name: 'Smoke' } }));
  ok(isPage(pc.json) && pc.json.pathname === '/smoke' && pc.json.locale === site.defaultLocale, 'create page shape');
  await expect('create page conflict', 409, call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/smoke', name: 'Again' } }));
  await expect('create page route conflict', 409, call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/old-about', name: 'x' } }));
  await expect('create page empty name', 400, call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: '' } }));
  await expect('create page no site', 400, call('POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } }));
  await expect('create page other', 403, call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/y', name: 'y' }, key: otherApiKey }));
  await expect('get page by id', 200, call('GET', `/v6/pages/${pc.json.id}`));
  const gp = await expect('get page by pathname', 200, call('GET', `/v6/pages/${encodeURIComponent('/smoke')}?siteId=${site.id}`));
  ok(gp.json.id === pc.json.id, 'pathname finds page');
  await expect('get page pathname no site', 400, call('GET', `/v6/pages/${encodeURIComponent('/smoke')}`));
  const about = await expect('get page fr', 200, call('GET', `/v6/pages/${encodeURIComponent('/about')}?siteId=${site.id}&locale=fr-FR`));
  ok(about.json.locale === 'fr-FR' && about.json.pathname === '/a-propos', 'localized collapse');
  await expect('get page live unpublished', 404, call('GET', `/v6/pages/${pc.json.id}?versionRef=ref:live`));
  const up = await expect('update page', 200, call('PATCH', `/v6/pages/${pc.json.id}`, { body: { pathname: '/smoke-2', isOnline: true } }));
  ok(up.json.pathname === '/smoke-2' && up.json.isOnline === true && DT.test(up.json.publishedAt), 'update page applied');
  await expect('update page conflict', 409, call('PATCH', `/v6/pages/${pc.json.id}`, { body: { pathname: '/about' } }));
  await expect('update page bad', 400, call('PATCH', `/v6/pages/${pc.json.id}`, { body: { isOnline: 'yes' } }));
  await expect('update page site key', 403, call('PATCH', `/v6/pages/${pc.json.id}`, { body: { name: 'x' }, key: siteApiKey }));
  await expect('delete page', 204, call('DELETE', `/v6/pages/${encodeURIComponent('/smoke-2')}?siteId=${site.id}`));
  await expect('delete page again', 404, call('DELETE', `/v6/pages/${pc.json.id}`));

  // ---- routes ----
  const ru = await expect('update route by pathname', 200, call('PATCH', `/v2/routes/${encodeURIComponent('/old-about')}?siteId=${site.id}`, { body: { pathname: '/older-about' } }));
  ok(ru.json.object === 'route' && UUID.test(ru.json.id) && ru.json.pathname === '/older-about', 'route shape');
  await expect('update route by id', 200, call('PATCH', `/v2/routes/${ru.json.id}`, { body: { pathname: '/old-about' } }));
  await expect('update route conflict', 409, call('PATCH', `/v2/routes/${ru.json.id}`, { body: { pathname: '/about' } }));
  await expect('update route invalid', 400, call('PATCH', `/v2/routes/${ru.json.id}`, { body: { pathname: 'no slash/' } }));
  const sk = await expect('update route skipValidation', 200, call('PATCH', `/v2/routes/${ru.json.id}?skipValidation=true`, { body: { pathname: '/Weird//Path/' } }));
  ok(sk.json.pathname === '/Weird//Path/', 'skipValidation keeps verbatim');
  await expect('update route bad skip', 400, call('PATCH', `/v2/routes/${ru.json.id}?skipValidation=yes`, { body: {} }));
  await expect('update route no site', 400, call('PATCH', `/v2/routes/${encodeURIComponent('/legacy/home')}`, { body: {} }));
  await expect('update route other', 403, call('PATCH', `/v2/routes/${ru.json.id}`, { body: {}, key: otherApiKey }));
  await expect('update route unknown', 404, call('PATCH', '/v2/routes/00000000-0000-4000-8000-000000000000', { body: {} }));

  // ---- robustness ----
  await expect('bad percent path', 404, call('GET', '/v2/locales/%E0%A4%A'));
  await expect('odd path', 404, call('GET', '/v2/sites/../../etc/passwd'));
  const rawRes = await new Promise((resolve) => {
    const u = new URL(baseUrl);
    const s = net.connect(Number(u.port), u.hostname, () => s.write('GARBAGE\r\n\r\n'));
    let d = ''; s.on('data', (x) => (d += x)); s.on('close', () => resolve(d)); s.on('error', () => resolve(d));
  });
  ok(rawRes.startsWith('HTTP/1.1 400'), 'malformed HTTP answered with 400');
  await expect('still alive', 200, call('GET', `/v2/sites/${site.id}`));
} catch (e) {
  failures++;
  console.error('FAIL: exception', e);
} finally {
  child.kill('SIGTERM');
}
const code = await new Promise((r) => child.on('exit', (c) => r(c)));
ok(code === 0, 'server exits cleanly on SIGTERM (code ' + code + ')');
console.log(`smoke: ${checks - failures}/${checks} checks passed`);
process.exit(failures ? 1 : 0);
