// Self-check: starts the server, exercises every operation (happy paths and errors).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
child.stderr.on('data', () => {});
const cfg = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (d) => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) resolve(JSON.parse(buf.slice(0, i))); });
  child.on('exit', (c) => reject(new Error('server exited ' + c)));
  setTimeout(() => reject(new Error('server did not start')), 5000);
});
const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = cfg;
let passed = 0; const failures = [];
const check = (name, cond, extra) => { if (cond) passed++; else failures.push(name + (extra !== undefined ? ' :: ' + JSON.stringify(extra).slice(0, 300) : '')); };

async function call(method, path, { key = apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let b;
  if (raw !== undefined) { b = raw; } else if (body !== undefined) { b = JSON.stringify(body); h['content-type'] ??= 'application/json'; }
  const r = await fetch(baseUrl + path, { method, headers: h, body: b });
  const t = await r.text();
  let j = null; try { j = t ? JSON.parse(t) : null; } catch { j = { unparsable: t }; }
  return { s: r.status, j, t };
}
const isErr = (r, status, code) => r.s === status && r.j && r.j.object === 'error' && r.j.code === code && typeof r.j.message === 'string' && (status !== 400 || Array.isArray(r.j.details));
const hasDetail = (r, field) => isErr(r, 400, 'bad_request') && r.j.details.some((d) => d.field === field && typeof d.message === 'string');
const UUIDR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const isSite = (o) => o && o.object === 'site' && UUIDR.test(o.id) && typeof o.name === 'string' && (o.hostOrigin === null || typeof o.hostOrigin === 'string') && UUIDR.test(o.publicApiKey) && typeof o.defaultLocale === 'string' && ['internal', 'external'].includes(o.localeManagementMode) && 'defaultLocalePathPrefix' in o;
const isLocale = (o) => o && o.object === 'locale' && UUIDR.test(o.id) && typeof o.locale === 'string' && 'domain' in o && 'pathPrefix' in o && typeof o.isDefault === 'boolean';
const PAGE_REQ = ['object', 'id', 'pathname', 'canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'createdAt', 'updatedAt', 'publishedAt', 'isOnline', 'excludedFromSearchEngines', 'localizations'];
const isPage = (o) => o && o.object === 'page' && PAGE_REQ.every((k) => k in o) && UUIDR.test(o.id) && typeof o.isOnline === 'boolean' && Array.isArray(o.localizations) && [o.createdAt, o.updatedAt].every((t) => t === null || DT.test(t)) && o.localizations.every((l) => typeof l.pathname === 'string');
const isRoute = (o) => o && o.object === 'route' && UUIDR.test(o.id) && typeof o.pathname === 'string';
const isList = (r, itemOk) => r.s === 200 && r.j.object === 'list' && Array.isArray(r.j.data) && typeof r.j.hasMore === 'boolean' && r.j.data.every(itemOk);

try {
  // ---------------- auth
  check('401 missing key', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: null }), 401, 'unauthorized'));
  check('401 bad app key', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: 'sk_nope' }), 401, 'unauthorized'));
  check('401 unknown uuid key', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: '550e8400-e29b-41d4-a716-446655440000' }), 401, 'unauthorized'));
  check('403 other workspace list', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey }), 403, 'forbidden'));
  check('403 site key list sites', isErr(await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: siteApiKey }), 403, 'forbidden'));

  // ---------------- list sites + pagination
  let r = await call('GET', `/v2/sites?workspaceId=${workspaceId}`);
  check('list sites', isList(r, isSite) && r.j.data.length === 2 && r.j.hasMore === false, r.j);
  const [site1, site2] = r.j.data;
  check('site key is publicApiKey of site1', site1.publicApiKey === siteApiKey);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`);
  check('list sites limit 1', isList(r, isSite) && r.j.data.length === 1 && r.j.hasMore === true);
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1&startingAfter=${r.j.data[0].id}`);
  check('list sites page 2', isList(r, isSite) && r.j.data.length === 1 && r.j.hasMore === false && r.j.data[0].id === site2.id);
  for (const bad of ['0', '101', '1.5', 'abc', '-1']) check(`limit ${bad} -> 400`, hasDetail(await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=${bad}`), 'limit'));
  check('missing workspaceId -> 400', hasDetail(await call('GET', '/v2/sites'), 'workspaceId'));
  check('bad startingAfter -> 400', hasDetail(await call('GET', `/v2/sites?workspaceId=${workspaceId}&startingAfter=nope`), 'startingAfter'));
  check('unknown cursor -> 400', hasDetail(await call('GET', `/v2/sites?workspaceId=${workspaceId}&startingAfter=550e8400-e29b-41d4-a716-446655440000`), 'startingAfter'));
  check('unknown query param -> 400', hasDetail(await call('GET', `/v2/sites?workspaceId=${workspaceId}&foo=1`), 'foo'));

  // ---------------- create / get / update site
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'Smoke Site' } });
  check('create site 201', r.s === 201 && isSite(r.j) && r.j.defaultLocale === 'en-US' && r.j.hostOrigin === null, r.j);
  const s = r.j;
  r = await call('POST', '/v2/sites', { body: { workspaceId, name: 'Smoke FR', hostOrigin: 'https://fr.smoke.example', defaultLocale: 'fr-FR' } });
  check('create site with locale+origin', r.s === 201 && r.j.defaultLocale === 'fr-FR' && r.j.hostOrigin === 'https://fr.smoke.example');
  const sFr = r.j;
  r = await call('POST', '/v2/sites', { body: { name: 5, hostOrigin: 'ftp://x', defaultLocale: 'english', extra: 1 } });
  check('create site accumulates details', hasDetail(r, 'workspaceId') && hasDetail(r, 'name') && hasDetail(r, 'hostOrigin') && hasDetail(r, 'defaultLocale') && hasDetail(r, 'extra'), r.j);
  check('create site other workspace 403', isErr(await call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: otherApiKey }), 403, 'forbidden'));
  check('create site with site key 403', isErr(await call('POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: siteApiKey }), 403, 'forbidden'));
  check('create site malformed json 400', isErr(await call('POST', '/v2/sites', { raw: '{"name":', headers: { 'content-type': 'application/json' } }), 400, 'bad_request'));
  check('create site duplicate keys 400', isErr(await call('POST', '/v2/sites', { raw: `{"workspaceId":"${workspaceId}","name":"a","name":"b"}`, headers: { 'content-type': 'application/json' } }), 400, 'bad_request'));
  check('create site array body 400', isErr(await call('POST', '/v2/sites', { raw: '[]', headers: { 'content-type': 'application/json' } }), 400, 'bad_request'));
  check('create site wrong content-type 400', isErr(await call('POST', '/v2/sites', { raw: JSON.stringify({ workspaceId, name: 'a' }), headers: { 'content-type': 'text/plain' } }), 400, 'bad_request'));
  check('create site null name 400', hasDetail(await call('POST', '/v2/sites', { body: { workspaceId, name: null } }), 'name'));
  check('create site blank name 400', hasDetail(await call('POST', '/v2/sites', { body: { workspaceId, name: '   ' } }), 'name'));
  check('create site huge body 400', isErr(await call('POST', '/v2/sites', { body: { workspaceId, name: 'x'.repeat(200000) } }), 400, 'bad_request'));
  r = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=100`);
  check('refused creates changed nothing', r.j.data.length === 4, r.j.data.length);

  r = await call('GET', `/v2/sites/${s.id}`);
  check('get site', r.s === 200 && isSite(r.j) && r.j.id === s.id);
  check('get site uppercase id', (await call('GET', `/v2/sites/${s.id.toUpperCase()}`)).s === 200);
  check('get site 404', isErr(await call('GET', '/v2/sites/550e8400-e29b-41d4-a716-446655440000'), 404, 'not_found'));
  check('get site non-uuid 404', isErr(await call('GET', '/v2/sites/not-a-uuid'), 404, 'not_found'));
  check('get site foreign 403', isErr(await call('GET', `/v2/sites/${s.id}`, { key: otherApiKey }), 403, 'forbidden'));
  check('get site with site key (own)', (await call('GET', `/v2/sites/${site1.id}`, { key: siteApiKey })).s === 200);
  check('get site with site key (other) 403', isErr(await call('GET', `/v2/sites/${site2.id}`, { key: siteApiKey }), 403, 'forbidden'));

  r = await call('PATCH', `/v2/sites/${s.id}`, { body: { name: 'Renamed', hostOrigin: 'http://localhost:3000' } });
  check('update site', r.s === 200 && isSite(r.j) && r.j.name === 'Renamed' && r.j.hostOrigin === 'http://localhost:3000', r.j);
  check('update site defaultLocale refused', hasDetail(await call('PATCH', `/v2/sites/${s.id}`, { body: { defaultLocale: 'de' } }), 'defaultLocale'));
  check('update site hostOrigin null refused', hasDetail(await call('PATCH', `/v2/sites/${s.id}`, { body: { hostOrigin: null } }), 'hostOrigin'));
  check('update site bad origin', hasDetail(await call('PATCH', `/v2/sites/${s.id}`, { body: { hostOrigin: 'https://x.example/path' } }), 'hostOrigin'));
  check('update site name unchanged after refusal', (await call('GET', `/v2/sites/${s.id}`)).j.name === 'Renamed');
  check('update site 404', isErr(await call('PATCH', '/v2/sites/550e8400-e29b-41d4-a716-446655440000', { body: { name: 'x' } }), 404, 'not_found'));
  check('update site foreign 403', isErr(await call('PATCH', `/v2/sites/${s.id}`, { body: { name: 'x' }, key: otherApiKey }), 403, 'forbidden'));
  check('update site site-key 403', isErr(await call('PATCH', `/v2/sites/${site1.id}`, { body: { name: 'x' }, key: siteApiKey }), 403, 'forbidden'));

  // ---------------- locales
  r = await call('GET', `/v2/locales?siteId=${site1.id}`);
  check('list locales', isList(r, isLocale) && r.j.data.length === 3 && r.j.data.filter((l) => l.isDefault).length === 1, r.j);
  const p1 = await call('GET', `/v2/locales?siteId=${site1.id}&limit=2`);
  const p2 = await call('GET', `/v2/locales?siteId=${site1.id}&limit=2&startingAfter=${p1.j.data[1].id}`);
  check('locales pagination', p1.j.hasMore === true && p2.j.hasMore === false && p2.j.data.length === 1 && !p1.j.data.some((l) => l.id === p2.j.data[0].id));
  check('list locales missing siteId', hasDetail(await call('GET', '/v2/locales'), 'siteId'));
  check('list locales site key own', (await call('GET', `/v2/locales?siteId=${site1.id}`, { key: siteApiKey })).s === 200);
  check('list locales foreign 403', isErr(await call('GET', `/v2/locales?siteId=${site1.id}`, { key: otherApiKey }), 403, 'forbidden'));
  check('list locales 404', isErr(await call('GET', '/v2/locales?siteId=550e8400-e29b-41d4-a716-446655440000'), 404, 'not_found'));

  r = await call('POST', '/v2/locales', { body: { siteId: s.id, locale: 'de-DE', domain: 'https://smoke.example.de' } });
  check('create locale 201', r.s === 201 && isLocale(r.j) && r.j.isDefault === false && r.j.domain === 'https://smoke.example.de', r.j);
  const de = r.j;
  check('create locale dup 409', isErr(await call('POST', '/v2/locales', { body: { siteId: s.id, locale: 'de-DE' } }), 409, 'conflict'));
  check('create locale bad code 400', hasDetail(await call('POST', '/v2/locales', { body: { siteId: s.id, locale: 'de-de' } }), 'locale'));
  check('create locale bad domain 400', hasDetail(await call('POST', '/v2/locales', { body: { siteId: s.id, locale: 'it', domain: 'example.it' } }), 'domain'));
  check('create locale missing site 404', isErr(await call('POST', '/v2/locales', { body: { siteId: '550e8400-e29b-41d4-a716-446655440000', locale: 'it' } }), 404, 'not_found'));
  check('create locale foreign 403', isErr(await call('POST', '/v2/locales', { body: { siteId: s.id, locale: 'it' }, key: otherApiKey }), 403, 'forbidden'));
  check('create locale missing fields', hasDetail(await call('POST', '/v2/locales', { body: {} }), 'siteId'));

  check('get locale by id', (await call('GET', `/v2/locales/${de.id}`)).j?.locale === 'de-DE');
  check('get locale by code', (await call('GET', `/v2/locales/de-DE?siteId=${s.id}`)).j?.id === de.id);
  check('get locale by code no siteId 400', hasDetail(await call('GET', '/v2/locales/de-DE'), 'siteId'));
  check('get locale unknown code 404', isErr(await call('GET', `/v2/locales/it?siteId=${s.id}`), 404, 'not_found'));
  check('get locale id/site mismatch 404', isErr(await call('GET', `/v2/locales/${de.id}?siteId=${site1.id}`), 404, 'not_found'));
  check('get locale foreign 403', isErr(await call('GET', `/v2/locales/${de.id}`, { key: otherApiKey }), 403, 'forbidden'));

  r = await call('PATCH', `/v2/locales/${de.id}`, { body: { locale: 'de-AT', domain: null } });
  check('update locale', r.s === 200 && r.j.locale === 'de-AT' && r.j.domain === null, r.j);
  check('update locale to existing 409', isErr(await call('PATCH', `/v2/locales/de-AT?siteId=${s.id}`, { body: { locale: 'en-US' } }), 409, 'conflict'));
  check('update locale bad body', hasDetail(await call('PATCH', `/v2/locales/${de.id}`, { body: { locale: 7 } }), 'locale'));
  check('update locale site key 403', isErr(await call('PATCH', `/v2/locales/${de.id}`, { body: {}, key: siteApiKey }), 403, 'forbidden'));

  const sDefault = (await call('GET', `/v2/locales/en-US?siteId=${s.id}`)).j;
  check('delete default locale 400', isErr(await call('DELETE', `/v2/locales/${sDefault.id}`), 400, 'bad_request'));
  r = await call('DELETE', `/v2/locales/${de.id}`);
  check('delete locale 204', r.s === 204 && r.t === '');
  check('deleted locale 404', isErr(await call('GET', `/v2/locales/${de.id}`), 404, 'not_found'));
  check('delete again 404', isErr(await call('DELETE', `/v2/locales/${de.id}`), 404, 'not_found'));
  r = await call('POST', `/v2/locales/${de.id}/restore`);
  check('restore locale 200', r.s === 200 && isLocale(r.j) && r.j.id === de.id && r.j.locale === 'de-AT', r.j);
  check('restore active 409', isErr(await call('POST', `/v2/locales/${de.id}/restore`), 409, 'conflict'));
  await call('DELETE', `/v2/locales/de-AT?siteId=${s.id}`);
  check('recreate same code', (await call('POST', '/v2/locales', { body: { siteId: s.id, locale: 'de-AT' } })).s === 201);
  check('restore shadowed 409', isErr(await call('POST', `/v2/locales/${de.id}/restore`), 409, 'conflict'));
  check('restore unknown 404', isErr(await call('POST', '/v2/locales/550e8400-e29b-41d4-a716-446655440000/restore'), 404, 'not_found'));

  // ---------------- pages
  r = await call('GET', `/v6/pages?siteId=${site1.id}`);
  check('list pages default (online only)', isList(r, isPage) && r.j.data.every((p) => p.isOnline) && r.j.data.length === 3, r.j.data?.map((p) => p.pathname));
  r = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true`);
  check('list pages includeOffline', isList(r, isPage) && r.j.data.length === 4);
  check('list pages sorted by path', JSON.stringify(r.j.data.map((p) => p.pathname)) === JSON.stringify(['/', '/about', '/blog', '/blog/draft-post']), r.j.data.map((p) => p.pathname));
  r = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true&sortBy=path&sortDirection=desc`);
  check('list pages desc', r.j.data[0].pathname === '/blog/draft-post');
  r = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true&pathPrefix=/blog`);
  check('pathPrefix', r.j.data.length === 2 && r.j.data.every((p) => p.pathname.startsWith('/blog')));
  r = await call('GET', `/v6/pages?siteId=${site1.id}&versionRef=ref:live`);
  check('versionRef live', isList(r, isPage) && r.j.data.length === 2 && r.j.data.every((p) => p.publishedAt));
  r = await call('GET', `/v6/pages?siteId=${site1.id}&locale=fr-FR`);
  check('locale filter collapses', r.j.data.length === 1 && r.j.data[0].pathname === '/a-propos' && r.j.data[0].locale === 'fr-FR', r.j);
  r = await call('GET', `/v6/pages?siteId=${site1.id}&sortBy=title&sortDirection=asc&includeOffline=true`);
  check('sort by title nulls last', r.j.data[r.j.data.length - 1].title === null);
  const pa = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true&limit=3`);
  const pb = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true&limit=3&startingAfter=${pa.j.data[2].id}`);
  check('pages pagination', pa.j.hasMore && !pb.j.hasMore && pb.j.data.length === 1);
  for (const [k, v] of [['sortBy', 'name'], ['sortDirection', 'up'], ['includeOffline', 'yes'], ['versionRef', 'live'], ['pathPrefix', 'blog'], ['locale', 'xx']]) check(`list pages bad ${k}`, hasDetail(await call('GET', `/v6/pages?siteId=${site1.id}&${k}=${v}`), k));
  check('list pages missing siteId', hasDetail(await call('GET', '/v6/pages'), 'siteId'));
  check('list pages site key', (await call('GET', `/v6/pages?siteId=${site1.id}`, { key: siteApiKey })).s === 200);
  check('list pages foreign 403', isErr(await call('GET', `/v6/pages?siteId=${site1.id}`, { key: otherApiKey }), 403, 'forbidden'));
  r = await call('GET', `/v2/sites/${site1.id}/pages?limit=2`);
  check('v2 site pages list', isList(r, isPage) && r.j.data.length === 2 && r.j.hasMore === true);

  r = await call('POST', '/v6/pages', { body: { siteId: s.id, pathname: '/Pricing', name: 'Pricing' } });
  check('create page 201', r.s === 201 && isPage(r.j) && r.j.pathname === '/Pricing' && r.j.isOnline === false && r.j.locale === 'en-US' && r.j.publishedAt === null, r.j);
  const pg = r.j;
  check('create page dup case-insensitive 409', isErr(await call('POST', '/v6/pages', { body: { siteId: s.id, pathname: '/pricing', name: 'x' } }), 409, 'conflict'));
  check('create page empty name 400', hasDetail(await call('POST', '/v6/pages', { body: { siteId: s.id, pathname: '/n', name: '' } }), 'name'));
  check('create page bad pathname 400', hasDetail(await call('POST', '/v6/pages', { body: { siteId: s.id, pathname: 'no-slash', name: 'x' } }), 'pathname'));
  check('create page missing siteId 400', hasDetail(await call('POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } }), 'siteId'));
  check('create page unknown site 404', isErr(await call('POST', '/v6/pages', { body: { siteId: '550e8400-e29b-41d4-a716-446655440000', pathname: '/x', name: 'x' } }), 404, 'not_found'));
  check('create page foreign 403', isErr(await call('POST', '/v6/pages', { body: { siteId: s.id, pathname: '/x', name: 'x' }, key: otherApiKey }), 403, 'forbidden'));
  check('create page site key 403', isErr(await call('POST', '/v6/pages', { body: { siteId: site1.id, pathname: '/x', name: 'x' }, key: siteApiKey }), 403, 'forbidden'));

  check('get page by id', (await call('GET', `/v6/pages/${pg.id}`)).j?.id === pg.id);
  check('get page by pathname', (await call('GET', `/v6/pages/${encodeURIComponent('/pricing')}?siteId=${s.id}`)).j?.id === pg.id);
  check('get page by pathname no siteId 400', hasDetail(await call('GET', `/v6/pages/${encodeURIComponent('/pricing')}`), 'siteId'));
  check('get page live missing 404', isErr(await call('GET', `/v6/pages/${pg.id}?versionRef=ref:live`), 404, 'not_found'));
  check('get page unknown 404', isErr(await call('GET', '/v6/pages/550e8400-e29b-41d4-a716-446655440000'), 404, 'not_found'));
  check('get page foreign 403', isErr(await call('GET', `/v6/pages/${pg.id}`, { key: otherApiKey }), 403, 'forbidden'));
  const about = (await call('GET', `/v6/pages/${encodeURIComponent('/about')}?siteId=${site1.id}&locale=fr-FR`)).j;
  check('get page localized', about?.pathname === '/a-propos' && about.locale === 'fr-FR', about);
  check('get page bad locale 400', hasDetail(await call('GET', `/v6/pages/${pg.id}?locale=!!`), 'locale'));

  r = await call('PATCH', `/v6/pages/${pg.id}`, { body: { pathname: '/plans', isOnline: true, name: 'Plans' } });
  check('update page', r.s === 200 && isPage(r.j) && r.j.pathname === '/plans' && r.j.isOnline === true && r.j.updatedAt > pg.updatedAt, r.j);
  check('update page type error', hasDetail(await call('PATCH', `/v6/pages/${pg.id}`, { body: { isOnline: 'true' } }), 'isOnline'));
  check('update page unknown field', hasDetail(await call('PATCH', `/v6/pages/${pg.id}`, { body: { title: 'x' } }), 'title'));
  check('create page conflict with route 409', isErr(await call('POST', '/v6/pages', { body: { siteId: site1.id, pathname: '/Shop/Cart', name: 'x' } }), 409, 'conflict'));
  const p2c = await call('POST', '/v6/pages', { body: { siteId: s.id, pathname: '/other', name: 'Other' } });
  check('update page conflict 409', isErr(await call('PATCH', `/v6/pages/${p2c.j.id}`, { body: { pathname: '/PLANS' } }), 409, 'conflict'));
  check('refused update changed nothing', (await call('GET', `/v6/pages/${p2c.j.id}`)).j.pathname === '/other');
  check('delete page by pathname', (await call('DELETE', `/v6/pages/${encodeURIComponent('/other')}?siteId=${s.id}`)).s === 204);
  check('deleted page 404', isErr(await call('GET', `/v6/pages/${p2c.j.id}`), 404, 'not_found'));
  check('delete page site key 403', isErr(await call('DELETE', `/v6/pages/${pg.id}`, { key: siteApiKey }), 403, 'forbidden'));

  // ---------------- routes
  r = await call('GET', `/v2/routes?siteId=${site1.id}`);
  check('list routes', isList(r, isRoute) && r.j.data.length === 2);
  r = await call('PATCH', `/v2/routes/${encodeURIComponent('/docs')}?siteId=${site1.id}`, { body: { pathname: '/documentation' } });
  check('update route by pathname', r.s === 200 && isRoute(r.j) && r.j.pathname === '/documentation', r.j);
  const rt = r.j;
  check('update route by id', (await call('PATCH', `/v2/routes/${rt.id}`, { body: { pathname: '/docs' } })).j?.pathname === '/docs');
  check('update route invalid 400', hasDetail(await call('PATCH', `/v2/routes/${rt.id}`, { body: { pathname: '/Bad Path/' } }), 'pathname'));
  r = await call('PATCH', `/v2/routes/${rt.id}?skipValidation=true`, { body: { pathname: '/Bad Path/' } });
  check('update route skipValidation', r.s === 200 && r.j.pathname === '/Bad Path/', r.j);
  check('skipValidation bad value', hasDetail(await call('PATCH', `/v2/routes/${rt.id}?skipValidation=yes`, { body: {} }), 'skipValidation'));
  check('update route conflict with page 409', isErr(await call('PATCH', `/v2/routes/${rt.id}?skipValidation=true`, { body: { pathname: '/ABOUT' } }), 409, 'conflict'));
  check('update route pathname no siteId', hasDetail(await call('PATCH', `/v2/routes/${encodeURIComponent('/docs')}`, { body: {} }), 'siteId'));
  check('update route 404', isErr(await call('PATCH', `/v2/routes/${encodeURIComponent('/nope')}?siteId=${site1.id}`, { body: {} }), 404, 'not_found'));
  check('update route foreign 403', isErr(await call('PATCH', `/v2/routes/${rt.id}`, { body: {}, key: otherApiKey }), 403, 'forbidden'));
  r = await call('POST', '/v2/routes', { body: { siteId: s.id, pathname: '/r1' } });
  check('create route', r.s === 201 && isRoute(r.j));
  check('create route conflict', isErr(await call('POST', '/v2/routes', { body: { siteId: s.id, pathname: '/R1' } }), 409, 'conflict'));
  check('get route', (await call('GET', `/v2/routes/${r.j.id}`)).j?.pathname === '/r1');
  check('delete route', (await call('DELETE', `/v2/routes/${r.j.id}`)).s === 204);

  // ---------------- duplicate + delete site
  r = await call('POST', `/v2/sites/${site1.id}/duplicate`, { body: { name: 'Copy of Acme' } });
  check('duplicate 201', r.s === 201 && isSite(r.j) && r.j.id !== site1.id && r.j.name === 'Copy of Acme' && r.j.publicApiKey !== site1.publicApiKey && r.j.defaultLocale === site1.defaultLocale, r.j);
  const dup = r.j;
  const dupPages = await call('GET', `/v6/pages?siteId=${dup.id}&includeOffline=true&limit=100`);
  const srcPages = await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true&limit=100`);
  check('duplicate copied pages', dupPages.j.data.length === srcPages.j.data.length && dupPages.j.data.every((p) => !srcPages.j.data.some((q) => q.id === p.id)));
  check('duplicate copied locales', (await call('GET', `/v2/locales?siteId=${dup.id}`)).j.data.length === 3);
  await call('PATCH', `/v6/pages/${dupPages.j.data[0].id}`, { body: { pathname: '/changed-in-copy' } });
  check('duplicate independent', !(await call('GET', `/v6/pages?siteId=${site1.id}&includeOffline=true`)).j.data.some((p) => p.pathname === '/changed-in-copy'));
  check('duplicate missing name', hasDetail(await call('POST', `/v2/sites/${site1.id}/duplicate`, { body: {} }), 'name'));
  check('duplicate foreign 403', isErr(await call('POST', `/v2/sites/${site1.id}/duplicate`, { body: { name: 'x' }, key: otherApiKey }), 403, 'forbidden'));
  check('duplicate 404', isErr(await call('POST', '/v2/sites/550e8400-e29b-41d4-a716-446655440000/duplicate', { body: { name: 'x' } }), 404, 'not_found'));

  check('delete site site-key 403', isErr(await call('DELETE', `/v2/sites/${site1.id}`, { key: siteApiKey }), 403, 'forbidden'));
  check('delete site foreign 403', isErr(await call('DELETE', `/v2/sites/${dup.id}`, { key: otherApiKey }), 403, 'forbidden'));
  r = await call('DELETE', `/v2/sites/${dup.id}`);
  check('delete site 204', r.s === 204 && r.t === '');
  check('deleted site 404', isErr(await call('GET', `/v2/sites/${dup.id}`), 404, 'not_found'));
  check('deleted site key 401', isErr(await call('GET', `/v2/sites/${dup.id}`, { key: dup.publicApiKey }), 401, 'unauthorized'));

  // ---------------- routing oddities
  check('unknown path 404', isErr(await call('GET', '/v3/sites'), 404, 'not_found'));
  check('wrong method 404', isErr(await call('PUT', `/v2/sites/${s.id}`, { body: {} }), 404, 'not_found'));
  check('trailing slash 404', isErr(await call('GET', `/v2/sites/?workspaceId=${workspaceId}`), 404, 'not_found'));
  check('bad percent path 400', isErr(await call('GET', '/v6/pages/%E0%A4%A'), 400, 'bad_request'));
  check('bad percent query 400', isErr(await call('GET', `/v6/pages?siteId=%zz`), 400, 'bad_request'));
  check('invalid utf8 body 400', isErr(await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } }), 400, 'bad_request'));
  check('NUL in string 400', hasDetail(await call('POST', '/v2/sites', { body: { workspaceId, name: 'a\u0000b' } }), 'name'));
  const rawResp = await new Promise((resolve) => {
    const sock = net.connect(Number(new URL(baseUrl).port), '127.0.0.1', () => sock.write('GARBAGE \x01\r\n\r\n'));
    let d = ''; sock.on('data', (c) => (d += c)); sock.on('close', () => resolve(d)); sock.on('error', () => resolve(d));
  });
  check('garbage request -> 400 envelope', rawResp.startsWith('HTTP/1.1 400') && rawResp.includes('"bad_request"'), rawResp);
} catch (e) {
  failures.push('exception: ' + (e && e.stack));
}
child.kill('SIGTERM');
const code = await new Promise((res) => child.on('exit', (c) => res(c)));
check('SIGTERM exits 0', code === 0, code);
console.log(`${passed} passed, ${failures.length} failed`);
for (const f of failures) console.log('FAIL', f);
process.exit(failures.length ? 1 : 0);
