// Self-check: starts server.mjs, exercises every operation over HTTP, asserts statuses and shapes.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import assert from 'node:assert/strict';
import net from 'node:net';

const here = dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const info = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (c) => {
    buf += c;
    const i = buf.indexOf('\n');
    if (i >= 0) resolve(JSON.parse(buf.slice(0, i)));
  });
  child.on('exit', (code) => reject(new Error('server exited ' + code)));
});
let extraStdout = '';
child.stdout.on('data', (c) => { extraStdout += c; });

const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = info;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
let checks = 0;

async function call(method, path, { key = apiKey, body, raw, ct = 'application/json', headers = {} } = {}) {
  const h = { ...headers };
  if (key) h['x-api-key'] = key;
  let payload;
  if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = ct; }
  if (raw !== undefined) { payload = raw; if (ct) h['content-type'] = ct; }
  const res = await fetch(baseUrl + path, { method, headers: h, body: payload });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}
async function expect(status, method, path, opts) {
  const r = await call(method, path, opts);
  assert.equal(r.status, status, `${method} ${path} -> ${r.status} ${JSON.stringify(r.json)}`);
  checks++;
  if (status >= 400) checkError(r.json, status);
  return r.json;
}
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
function checkError(j, status) {
  assert.equal(j.object, 'error');
  assert.equal(j.code, CODES[status]);
  assert.equal(typeof j.message, 'string');
  if (status === 400) {
    assert.ok(Array.isArray(j.details) && j.details.length > 0);
    for (const d of j.details) { assert.equal(typeof d.field, 'string'); assert.equal(typeof d.message, 'string'); }
  }
}
const fields = (j) => j.details.map((d) => d.field);
function isSite(s) {
  assert.equal(s.object, 'site'); assert.match(s.id, UUID); assert.equal(typeof s.name, 'string');
  assert.ok(s.hostOrigin === null || /^https?:\/\//.test(s.hostOrigin)); assert.match(s.publicApiKey, UUID);
  assert.equal(typeof s.defaultLocale, 'string'); assert.ok(['internal', 'external'].includes(s.localeManagementMode));
  assert.ok('defaultLocalePathPrefix' in s);
}
function isLocale(l) {
  assert.equal(l.object, 'locale'); assert.match(l.id, UUID); assert.equal(typeof l.locale, 'string');
  assert.ok(l.domain === null || typeof l.domain === 'string'); assert.ok('pathPrefix' in l); assert.equal(typeof l.isDefault, 'boolean');
}
const FREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
function isPage(p) {
  assert.equal(p.object, 'page'); assert.match(p.id, UUID); assert.ok(p.pathname.startsWith('/'));
  for (const k of ['canonicalUrl', 'title', 'description', 'socialImageUrl']) assert.ok(p[k] === null || typeof p[k] === 'string', k);
  assert.ok(p.sitemapPriority === null || (p.sitemapPriority >= 0 && p.sitemapPriority <= 1));
  assert.ok(p.sitemapFrequency === null || FREQ.includes(p.sitemapFrequency));
  for (const k of ['createdAt', 'updatedAt', 'publishedAt']) assert.ok(p[k] === null || TS.test(p[k]), k);
  assert.equal(typeof p.isOnline, 'boolean'); assert.ok(p.excludedFromSearchEngines === null || typeof p.excludedFromSearchEngines === 'boolean');
  assert.ok(Array.isArray(p.localizations));
  for (const z of p.localizations) { assert.match(z.id, UUID); assert.equal(typeof z.locale, 'string'); assert.equal(typeof z.pathname, 'string'); }
  assert.equal(typeof p.locale, 'string');
}
function isList(j, itemCheck) {
  assert.equal(j.object, 'list'); assert.ok(Array.isArray(j.data)); assert.equal(typeof j.hasMore, 'boolean');
  j.data.forEach(itemCheck);
}
async function paginate(base, limit, itemCheck) {
  const ids = [];
  let after;
  for (;;) {
    const j = await expect(200, 'GET', `${base}&limit=${limit}${after ? `&startingAfter=${after}` : ''}`);
    isList(j, itemCheck);
    ids.push(...j.data.map((x) => x.id));
    if (!j.hasMore) return ids;
    after = j.data[j.data.length - 1].id;
  }
}

try {
  // --- authentication
  await expect(401, 'GET', `/v2/sites?workspaceId=${workspaceId}`, { key: null });
  await expect(401, 'GET', `/v2/sites?workspaceId=${workspaceId}`, { key: 'sk_nope' });
  await expect(401, 'GET', '/nowhere', { key: null });
  await expect(404, 'GET', '/nowhere');
  await expect(404, 'PUT', '/v2/sites');

  // --- sites
  const sites = await expect(200, 'GET', `/v2/sites?workspaceId=${workspaceId}`);
  isList(sites, isSite);
  const seeded = sites.data.find((s) => s.publicApiKey === siteApiKey);
  assert.ok(seeded, 'seeded site with siteApiKey listed');
  await expect(403, 'GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey });
  await expect(403, 'GET', `/v2/sites?workspaceId=${workspaceId}`, { key: siteApiKey });
  let e = await expect(400, 'GET', '/v2/sites?limit=500');
  assert.deepEqual(fields(e), ['workspaceId', 'limit']);

  e = await expect(400, 'POST', '/v2/sites', { body: { name: '' } });
  assert.deepEqual(fields(e), ['workspaceId', 'name']);
  await expect(400, 'POST', '/v2/sites', { raw: '{"name":', ct: 'application/json' });
  await expect(400, 'POST', '/v2/sites', { raw: 'name=x', ct: 'application/x-www-form-urlencoded' });
  await expect(403, 'POST', '/v2/sites', { body: { workspaceId, name: 'x' }, key: otherApiKey });
  const created = await expect(201, 'POST', '/v2/sites', { body: { workspaceId, name: 'Smoke site', hostOrigin: 'https://smoke.test' } });
  isSite(created);
  assert.equal(created.defaultLocale, 'en-US');
  assert.equal(created.hostOrigin, 'https://smoke.test');
  const got = await expect(200, 'GET', `/v2/sites/${created.id}`);
  assert.deepEqual(got, created);
  await expect(403, 'GET', `/v2/sites/${created.id}`, { key: otherApiKey });
  await expect(404, 'GET', '/v2/sites/00000000-0000-4000-8000-000000000000');
  const upd = await expect(200, 'PATCH', `/v2/sites/${created.id}`, { body: { name: 'Smoke site 2', hostOrigin: 'https://smoke2.test' } });
  assert.equal(upd.name, 'Smoke site 2');

  // format: uri is ASCII only (RFC 3986): IRIs are refused, never punycoded; punycode hosts are fine.
  const IRI = 'https://exämple.com', PUNY = 'https://xn--exmple-cua.com';
  const sitesBefore = (await paginate(`/v2/sites?workspaceId=${workspaceId}`, 100, isSite)).length;
  e = await expect(400, 'POST', '/v2/sites', { body: { workspaceId, name: 'IRI site', hostOrigin: IRI } });
  assert.deepEqual(fields(e), ['hostOrigin']);
  e = await expect(400, 'POST', '/v2/sites', { body: { workspaceId, name: 'IRI site', hostOrigin: 'https://example.com/café' } });
  assert.deepEqual(fields(e), ['hostOrigin']);
  assert.equal((await paginate(`/v2/sites?workspaceId=${workspaceId}`, 100, isSite)).length, sitesBefore);
  e = await expect(400, 'PATCH', `/v2/sites/${created.id}`, { body: { hostOrigin: IRI } });
  assert.deepEqual(fields(e), ['hostOrigin']);
  assert.equal((await expect(200, 'GET', `/v2/sites/${created.id}`)).hostOrigin, 'https://smoke2.test');
  const punySite = await expect(201, 'POST', '/v2/sites', { body: { workspaceId, name: 'Puny site', hostOrigin: PUNY } });
  assert.equal(punySite.hostOrigin, PUNY);
  await expect(204, 'DELETE', `/v2/sites/${punySite.id}`);
  assert.equal((await expect(200, 'PATCH', `/v2/sites/${created.id}`, { body: { hostOrigin: PUNY } })).hostOrigin, PUNY);
  assert.equal((await expect(200, 'PATCH', `/v2/sites/${created.id}`, { body: { hostOrigin: 'https://smoke2.test' } })).hostOrigin, 'https://smoke2.test');
  e = await expect(400, 'PATCH', `/v2/sites/${created.id}`, { body: { defaultLocale: 'fr-FR' } });
  assert.deepEqual(fields(e), ['defaultLocale']);
  await expect(200, 'GET', `/v2/sites/${seeded.id}`, { key: siteApiKey });
  await expect(403, 'PATCH', `/v2/sites/${seeded.id}`, { key: siteApiKey, body: { name: 'x' } });

  const dup = await expect(201, 'POST', `/v2/sites/${seeded.id}/duplicate`, { body: { name: 'Copy' } });
  isSite(dup);
  assert.notEqual(dup.id, seeded.id);
  assert.equal(dup.defaultLocale, seeded.defaultLocale);
  e = await expect(400, 'POST', `/v2/sites/${seeded.id}/duplicate`, { body: {} });
  assert.deepEqual(fields(e), ['name']);
  await expect(403, 'POST', `/v2/sites/${seeded.id}/duplicate`, { body: { name: 'x' }, key: otherApiKey });

  const allSiteIds = await paginate(`/v2/sites?workspaceId=${workspaceId}`, 1, isSite);
  assert.equal(new Set(allSiteIds).size, allSiteIds.length);
  assert.ok(allSiteIds.includes(dup.id) && allSiteIds.includes(created.id));

  // --- locales
  const locs = await expect(200, 'GET', `/v2/locales?siteId=${seeded.id}`);
  isList(locs, isLocale);
  assert.ok(locs.data.some((l) => l.isDefault && l.locale === seeded.defaultLocale));
  const dupLocs = await expect(200, 'GET', `/v2/locales?siteId=${dup.id}`);
  assert.equal(dupLocs.data.length, locs.data.length);
  e = await expect(400, 'GET', '/v2/locales?limit=0');
  assert.deepEqual(fields(e), ['siteId', 'limit']);
  await expect(200, 'GET', `/v2/locales?siteId=${seeded.id}`, { key: siteApiKey });
  await expect(403, 'GET', `/v2/locales?siteId=${seeded.id}`, { key: otherApiKey });
  const locIds = await paginate(`/v2/locales?siteId=${seeded.id}`, 1, isLocale);
  assert.equal(locIds.length, locs.data.length);

  const nl = await expect(201, 'POST', '/v2/locales', { body: { siteId: created.id, locale: 'es-MX', domain: 'https://smoke.mx' } });
  isLocale(nl);
  assert.equal(nl.isDefault, false);
  await expect(409, 'POST', '/v2/locales', { body: { siteId: created.id, locale: 'es-MX' } });
  e = await expect(400, 'POST', '/v2/locales', { body: { siteId: created.id, locale: 'Spanish', domain: 'nope' } });
  assert.deepEqual(fields(e), ['locale', 'domain']);
  await expect(404, 'POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'es' } });
  assert.deepEqual(await expect(200, 'GET', `/v2/locales/${nl.id}`), nl);
  assert.deepEqual(await expect(200, 'GET', `/v2/locales/es-MX?siteId=${created.id}`), nl);
  e = await expect(400, 'GET', '/v2/locales/es-MX');
  assert.deepEqual(fields(e), ['siteId']);
  e = await expect(400, 'POST', '/v2/locales', { body: { siteId: created.id, locale: 'pt-BR', domain: IRI } });
  assert.deepEqual(fields(e), ['domain']);
  await expect(404, 'GET', `/v2/locales/pt-BR?siteId=${created.id}`);
  e = await expect(400, 'PATCH', `/v2/locales/${nl.id}`, { body: { domain: IRI } });
  assert.deepEqual(fields(e), ['domain']);
  assert.equal((await expect(200, 'GET', `/v2/locales/${nl.id}`)).domain, 'https://smoke.mx');
  const punyLoc = await expect(201, 'POST', '/v2/locales', { body: { siteId: created.id, locale: 'pt-BR', domain: PUNY } });
  assert.equal(punyLoc.domain, PUNY);
  await expect(204, 'DELETE', `/v2/locales/${punyLoc.id}`);
  assert.equal((await expect(200, 'PATCH', `/v2/locales/${nl.id}`, { body: { domain: PUNY } })).domain, PUNY);
  const nl2 = await expect(200, 'PATCH', `/v2/locales/${nl.id}`, { body: { locale: 'es-ES', domain: null } });
  assert.equal(nl2.locale, 'es-ES'); assert.equal(nl2.domain, null);
  await expect(409, 'PATCH', `/v2/locales/es-ES?siteId=${created.id}`, { body: { locale: 'en-US' } });
  const defLoc = (await expect(200, 'GET', `/v2/locales/en-US?siteId=${created.id}`));
  assert.equal(defLoc.isDefault, true);
  await expect(400, 'DELETE', `/v2/locales/${defLoc.id}`);
  await expect(204, 'DELETE', `/v2/locales/es-ES?siteId=${created.id}`);
  await expect(404, 'GET', `/v2/locales/${nl.id}`);
  assert.ok(!(await expect(200, 'GET', `/v2/locales?siteId=${created.id}`)).data.some((l) => l.id === nl.id));
  await expect(409, 'POST', '/v2/locales', { body: { siteId: created.id, locale: 'es-ES' } });
  const restored = await expect(200, 'POST', `/v2/locales/${nl.id}/restore`);
  isLocale(restored);
  assert.equal(restored.id, nl.id);
  await expect(409, 'POST', `/v2/locales/${nl.id}/restore`);
  await expect(404, 'POST', `/v2/locales/de-DE/restore?siteId=${created.id}`);
  await expect(403, 'DELETE', `/v2/locales/${nl.id}`, { key: otherApiKey });

  // --- pages
  const pages = await expect(200, 'GET', `/v6/pages?siteId=${seeded.id}`);
  isList(pages, isPage);
  assert.ok(pages.data.every((p) => p.isOnline));
  const sorted = pages.data.map((p) => p.pathname);
  assert.deepEqual(sorted, [...sorted].sort());
  const offline = await expect(200, 'GET', `/v6/pages?siteId=${seeded.id}&includeOffline=true`);
  assert.ok(offline.data.length > pages.data.length);
  const blog = await expect(200, 'GET', `/v6/pages?siteId=${seeded.id}&pathPrefix=/blog&includeOffline=true`);
  assert.ok(blog.data.length >= 1 && blog.data.every((p) => p.pathname.startsWith('/blog')));
  const fr = await expect(200, 'GET', `/v6/pages?siteId=${seeded.id}&locale=fr-FR`);
  assert.ok(fr.data.length >= 1 && fr.data.every((p) => p.locale === 'fr-FR'));
  const live = await expect(200, 'GET', `/v6/pages?siteId=${seeded.id}&versionRef=ref:live`);
  assert.ok(live.data.every((p) => p.publishedAt !== null));
  const desc = await expect(200, 'GET', `/v6/pages?siteId=${seeded.id}&sortBy=createdAt&sortDirection=desc`);
  isList(desc, isPage);
  e = await expect(400, 'GET', `/v6/pages?siteId=${seeded.id}&sortBy=name&sortDirection=up&includeOffline=yes&versionRef=main`);
  assert.deepEqual(fields(e), ['sortBy', 'sortDirection', 'includeOffline', 'versionRef']);
  await expect(400, 'GET', '/v6/pages');
  await expect(403, 'GET', `/v6/pages?siteId=${seeded.id}`, { key: otherApiKey });
  await expect(200, 'GET', `/v6/pages?siteId=${seeded.id}`, { key: siteApiKey });
  const pageIds = await paginate(`/v6/pages?siteId=${seeded.id}&includeOffline=true`, 2, isPage);
  assert.equal(pageIds.length, offline.data.length);
  const v2pages = await expect(200, 'GET', `/v2/sites/${seeded.id}/pages?limit=100&includeOffline=true`);
  assert.equal(v2pages.data.length, offline.data.length);

  const np = await expect(201, 'POST', '/v6/pages', { body: { siteId: created.id, pathname: '/pricing', name: 'Pricing' } });
  isPage(np);
  assert.equal(np.pathname, '/pricing'); assert.equal(np.locale, 'en-US'); assert.ok(TS.test(np.createdAt));
  await expect(409, 'POST', '/v6/pages', { body: { siteId: created.id, pathname: '/pricing', name: 'Again' } });
  e = await expect(400, 'POST', '/v6/pages', { body: { pathname: '/x', name: '' } });
  assert.deepEqual(fields(e), ['siteId', 'name']);
  await expect(403, 'POST', '/v6/pages', { body: { siteId: created.id, pathname: '/y', name: 'Y' }, key: otherApiKey });
  await expect(403, 'POST', '/v6/pages', { body: { siteId: seeded.id, pathname: '/y', name: 'Y' }, key: siteApiKey });
  await expect(409, 'POST', '/v6/pages', { body: { siteId: seeded.id, pathname: '/old-home', name: 'Clash with route' } });
  assert.deepEqual(await expect(200, 'GET', `/v6/pages/${np.id}`), np);
  assert.equal((await expect(200, 'GET', `/v6/pages/%2Fpricing?siteId=${created.id}`)).id, np.id);
  await expect(400, 'GET', '/v6/pages/%2Fpricing');
  await expect(404, 'GET', `/v6/pages/${np.id}?versionRef=ref:live`);
  const about = await expect(200, 'GET', `/v6/pages/%2Fa-propos?siteId=${seeded.id}&locale=fr-FR`);
  assert.equal(about.pathname, '/a-propos'); assert.equal(about.locale, 'fr-FR');
  const pu = await expect(200, 'PATCH', `/v6/pages/${np.id}`, { body: { pathname: '/plans', isOnline: false, name: 'Plans' } });
  isPage(pu);
  assert.equal(pu.pathname, '/plans'); assert.equal(pu.isOnline, false);
  await expect(400, 'PATCH', `/v6/pages/${np.id}`, { body: {} });
  await expect(400, 'PATCH', `/v6/pages/${np.id}`, { body: { isOnline: 'yes' } });
  await expect(201, 'POST', '/v6/pages', { body: { siteId: created.id, pathname: '/other', name: 'Other' } });
  await expect(409, 'PATCH', `/v6/pages/%2Fother?siteId=${created.id}`, { body: { pathname: '/plans' } });
  await expect(204, 'DELETE', `/v6/pages/${np.id}`);
  await expect(404, 'GET', `/v6/pages/${np.id}`);
  await expect(404, 'DELETE', `/v6/pages/${np.id}`);

  // --- routes
  const r1 = await expect(200, 'PATCH', `/v2/routes/%2Fold-home?siteId=${seeded.id}`, { body: { pathname: '/older-home' } });
  assert.equal(r1.object, 'route'); assert.match(r1.id, UUID); assert.equal(r1.pathname, '/older-home');
  const r2 = await expect(200, 'PATCH', `/v2/routes/${r1.id}`, { body: {} });
  assert.deepEqual(r2, r1);
  e = await expect(400, 'PATCH', `/v2/routes/${r1.id}`, { body: { pathname: 'no-slash/' } });
  assert.deepEqual(fields(e), ['pathname']);
  const r3 = await expect(200, 'PATCH', `/v2/routes/${r1.id}?skipValidation=true`, { body: { pathname: 'no-slash/' } });
  assert.equal(r3.pathname, 'no-slash/');
  await expect(409, 'PATCH', `/v2/routes/${r1.id}`, { body: { pathname: '/about' } });
  await expect(409, 'PATCH', `/v2/routes/${r1.id}`, { body: { pathname: '/legacy/blog' } });
  await expect(400, 'PATCH', '/v2/routes/%2Flegacy%2Fblog', { body: {} });
  await expect(400, 'PATCH', `/v2/routes/${r1.id}?skipValidation=yes`, { body: {} });
  await expect(404, 'PATCH', `/v2/routes/%2Fmissing?siteId=${seeded.id}`, { body: {} });
  await expect(403, 'PATCH', `/v2/routes/${r1.id}`, { body: {}, key: otherApiKey });

  // --- delete site
  await expect(403, 'DELETE', `/v2/sites/${created.id}`, { key: otherApiKey });
  await expect(204, 'DELETE', `/v2/sites/${created.id}`);
  await expect(404, 'GET', `/v2/sites/${created.id}`);
  await expect(404, 'DELETE', `/v2/sites/${created.id}`);
  await expect(401, 'GET', `/v2/sites/${dup.id}`, { key: created.publicApiKey });
  await expect(204, 'DELETE', `/v2/sites/${dup.id}`);

  // --- robustness
  await expect(400, 'GET', '/v2/sites/%E0%A4%A');
  await expect(400, 'POST', '/v2/sites', { raw: 'x'.repeat(200000) });
  await expect(400, 'POST', '/v2/sites', { raw: '[1,2]' });
  await expect(404, 'GET', '/v2/sites/NOT-A-UUID');
  await expect(404, 'GET', '//v2//sites');
  const raw = await new Promise((resolve) => {
    const s = net.connect(new URL(baseUrl).port, '127.0.0.1', () => s.write('GARBAGE\r\n\r\n'));
    let d = ''; s.on('data', (c) => { d += c; }); s.on('end', () => resolve(d)); s.on('error', () => resolve(d));
  });
  assert.match(raw, /^HTTP\/1.1 400/); checks++;

  // --- concurrency burst
  const burst = await Promise.all(Array.from({ length: 200 }, () => call('GET', `/v6/pages?siteId=${seeded.id}`)));
  assert.ok(burst.every((r) => r.status === 200)); checks++;

  assert.equal(extraStdout, '', 'server printed extra stdout');
  console.log(`smoke OK: ${checks} checks passed`);
} catch (err) {
  console.error('smoke FAILED:', err.message);
  process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
  const code = await new Promise((r) => child.on('exit', (c, sig) => r(c ?? sig)));
  if (code !== 0) { console.error('server did not exit cleanly:', code); process.exitCode = 1; }
}
