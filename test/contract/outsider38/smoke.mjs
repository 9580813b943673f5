// Self-check: starts server.mjs, exercises every operation over HTTP, asserts statuses and shapes.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import net from 'node:net';

const here = dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
const info = await new Promise((resolve, reject) => {
  child.stdout.on('data', (d) => { out += d; const i = out.indexOf('\n'); if (i >= 0) resolve(JSON.parse(out.slice(0, i))); });
  child.on('exit', (c) => reject(new Error('server exited ' + c)));
  setTimeout(() => reject(new Error('timeout waiting for server')), 5000);
});
const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = info;
let passed = 0, failed = 0;
function check(cond, msg) { if (cond) passed++; else { failed++; console.error('FAIL:', msg); } }
async function call(method, path, { key = apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key) h['x-api-key'] = key;
  let payload;
  if (body !== undefined) { h['content-type'] ??= 'application/json'; payload = JSON.stringify(body); }
  if (raw !== undefined) payload = raw;
  const r = await fetch(baseUrl + path, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null; try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  return { status: r.status, json, headers: r.headers, text };
}
async function expect(method, path, status, opts = {}, label = '') {
  const r = await call(method, path, opts);
  check(r.status === status, `${label} ${method} ${path} -> ${r.status} (want ${status}) ${r.text.slice(0, 300)}`);
  if (status >= 400) {
    const e = r.json || {};
    check(e.object === 'error' && typeof e.message === 'string', `${label} envelope ${r.text.slice(0, 200)}`);
    const code = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' }[status];
    if (code) check(e.code === code, `${label} code ${e.code} want ${code}`);
    if (status === 400) check(Array.isArray(e.details) && e.details.length > 0 && e.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label} 400 details`);
  }
  if (status === 204) check(r.text === '', `${label} 204 empty body`);
  return r;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,7})?Z$/;
const isSite = (s) => s && s.object === 'site' && UUID.test(s.id) && typeof s.name === 'string' && (s.hostOrigin === null || typeof s.hostOrigin === 'string') && UUID.test(s.publicApiKey) && typeof s.defaultLocale === 'string' && ['internal', 'external'].includes(s.localeManagementMode) && 'defaultLocalePathPrefix' in s;
const isLocale = (l) => l && l.object === 'locale' && UUID.test(l.id) && typeof l.locale === 'string' && 'domain' in l && 'pathPrefix' in l && typeof l.isDefault === 'boolean';
const FREQ = [null, 'always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
const isPage = (p) => p && p.object === 'page' && UUID.test(p.id) && typeof p.pathname === 'string' && ['canonicalUrl', 'title', 'description', 'socialImageUrl'].every((k) => p[k] === null || typeof p[k] === 'string') &&
  (p.sitemapPriority === null || (p.sitemapPriority >= 0 && p.sitemapPriority <= 1)) && FREQ.includes(p.sitemapFrequency) &&
  ['createdAt', 'updatedAt', 'publishedAt'].every((k) => p[k] === null || DT.test(p[k])) && typeof p.isOnline === 'boolean' &&
  (p.excludedFromSearchEngines === null || typeof p.excludedFromSearchEngines === 'boolean') && typeof p.locale === 'string' &&
  Array.isArray(p.localizations) && p.localizations.every((z) => typeof z.pathname === 'string' && typeof z.locale === 'string' && UUID.test(z.id));
const isRoute = (r) => r && r.object === 'route' && UUID.test(r.id) && typeof r.pathname === 'string';
const isList = (l, f) => l && l.object === 'list' && typeof l.hasMore === 'boolean' && Array.isArray(l.data) && l.data.every(f);

try {
  // --- auth
  await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 401, { key: null }, 'missing key');
  await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 401, { key: 'sk_nope' }, 'bad key');
  await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 403, { key: otherApiKey }, 'other ws');
  await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 403, { key: siteApiKey }, 'site key list');

  // --- sites
  let r = await expect('GET', `/v2/sites?workspaceId=${workspaceId}`, 200);
  check(isList(r.json, isSite) && r.json.data.length >= 1, 'list sites shape');
  const seeded = r.json.data.find((s) => s.publicApiKey === siteApiKey);
  check(!!seeded, 'seeded site has siteApiKey');
  r = await expect('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`, 200);
  check(r.json.data.length === 1 && r.json.hasMore === true, 'sites paging p1');
  const r2 = await expect('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1&startingAfter=${r.json.data[0].id}`, 200);
  check(r2.json.data[0]?.id !== r.json.data[0].id, 'sites paging p2');
  await expect('GET', `/v2/sites?limit=500`, 400, {}, 'sites list invalid');
  r = await expect('POST', '/v2/sites', 201, { body: { workspaceId, name: 'Smoke site', hostOrigin: 'https://smoke.example' } });
  check(isSite(r.json) && r.json.defaultLocale === 'en-US' && r.json.hostOrigin === 'https://smoke.example', 'create site');
  const site = r.json;
  r = await expect('POST', '/v2/sites', 400, { body: { name: '', hostOrigin: 'not a url' } }, 'create site invalid');
  check(r.json.details.length === 3, 'all invalid fields reported ' + JSON.stringify(r.json.details));
  await expect('POST', '/v2/sites', 403, { body: { workspaceId, name: 'x' }, key: otherApiKey }, 'create site other ws');
  await expect('POST', '/v2/sites', 400, { raw: '{bad json', headers: { 'content-type': 'application/json' } }, 'malformed json');
  await expect('POST', '/v2/sites', 400, { raw: 'name=x', headers: { 'content-type': 'text/plain' } }, 'wrong content type');
  r = await expect('GET', `/v2/sites/${site.id}`, 200);
  check(isSite(r.json) && r.json.id === site.id, 'get site');
  await expect('GET', `/v2/sites/${site.id}`, 403, { key: otherApiKey }, 'get site other ws');
  await expect('GET', `/v2/sites/${seeded.id}`, 200, { key: siteApiKey }, 'site key reads own site');
  await expect('GET', `/v2/sites/00000000-0000-4000-8000-000000000000`, 404, {}, 'get missing site');
  r = await expect('PATCH', `/v2/sites/${site.id}`, 200, { body: { name: 'Smoke site 2', hostOrigin: 'https://smoke2.example' } });
  check(r.json.name === 'Smoke site 2' && r.json.hostOrigin === 'https://smoke2.example', 'update site');
  await expect('PATCH', `/v2/sites/${site.id}`, 400, { body: { defaultLocale: 'de-DE' } }, 'update site defaultLocale refused');
  await expect('PATCH', `/v2/sites/${site.id}`, 403, { body: { name: 'x' }, key: siteApiKey }, 'site key cannot write');

  // --- locales
  r = await expect('GET', `/v2/locales?siteId=${site.id}`, 200);
  check(isList(r.json, isLocale) && r.json.data.length === 1 && r.json.data[0].isDefault && r.json.data[0].locale === 'en-US', 'list locales');
  await expect('GET', `/v2/locales?siteId=${site.id}&limit=0`, 400, {}, 'locales limit 0');
  await expect('GET', `/v2/locales`, 400, {}, 'locales missing siteId');
  r = await expect('POST', '/v2/locales', 201, { body: { siteId: site.id, locale: 'fr-FR', domain: 'https://fr.smoke.example' } });
  check(isLocale(r.json) && r.json.isDefault === false && r.json.locale === 'fr-FR', 'create locale');
  const fr = r.json;
  await expect('POST', '/v2/locales', 409, { body: { siteId: site.id, locale: 'FR-fr' } }, 'duplicate locale (citext)');
  await expect('POST', '/v2/locales', 400, { body: { siteId: site.id } }, 'create locale missing code');
  await expect('POST', '/v2/locales', 404, { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'de' } }, 'create locale missing site');
  r = await expect('GET', `/v2/locales/${fr.id}`, 200); check(isLocale(r.json) && r.json.id === fr.id, 'get locale by id');
  r = await expect('GET', `/v2/locales/fr-FR?siteId=${site.id}`, 200); check(r.json.id === fr.id, 'get locale by code');
  await expect('GET', `/v2/locales/fr-FR`, 400, {}, 'get locale by code without siteId');
  r = await expect('PATCH', `/v2/locales/${fr.id}`, 200, { body: { domain: null } }); check(r.json.domain === null, 'update locale domain null');
  r = await expect('PATCH', `/v2/locales/fr-FR?siteId=${site.id}`, 200, { body: { locale: 'fr-CA' } }); check(r.json.locale === 'fr-CA', 'update locale code');
  await expect('PATCH', `/v2/locales/${fr.id}`, 409, { body: { locale: 'en-US' } }, 'update locale conflict');
  await expect('DELETE', `/v2/locales/en-US?siteId=${site.id}`, 400, {}, 'delete default locale');
  await expect('DELETE', `/v2/locales/${fr.id}`, 204, {}, 'delete locale');
  await expect('GET', `/v2/locales/${fr.id}`, 404, {}, 'deleted locale hidden');
  await expect('DELETE', `/v2/locales/${fr.id}`, 404, {}, 'repeat delete');
  r = await expect('POST', `/v2/locales/${fr.id}/restore`, 200); check(isLocale(r.json) && r.json.id === fr.id, 'restore locale');
  await expect('POST', `/v2/locales/${fr.id}/restore`, 409, {}, 'restore active locale');
  await expect('POST', `/v2/locales/00000000-0000-4000-8000-000000000000/restore`, 404, {}, 'restore missing');

  // --- pages
  r = await expect('POST', '/v6/pages', 201, { body: { siteId: site.id, pathname: '/hello', name: 'Hello' } });
  check(isPage(r.json) && r.json.pathname === '/hello' && r.json.locale === 'en-US', 'create page');
  const page = r.json;
  await expect('POST', '/v6/pages', 409, { body: { siteId: site.id, pathname: '/hello', name: 'Again' } }, 'page conflict');
  r = await expect('POST', '/v6/pages', 400, { body: { siteId: site.id, pathname: '/x', name: '' } }, 'page name min 1');
  await expect('POST', '/v6/pages', 400, { body: {} }, 'page empty body');
  await expect('POST', '/v6/pages', 403, { body: { siteId: site.id, pathname: '/y', name: 'Y' }, key: otherApiKey }, 'page other ws');
  for (let i = 0; i < 3; i++) await expect('POST', '/v6/pages', 201, { body: { siteId: site.id, pathname: `/blog/p${i}`, name: `P${i}` } });
  r = await expect('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&limit=2`, 200);
  check(isList(r.json, isPage) && r.json.data.length === 2 && r.json.hasMore, 'list pages p1');
  const seen = new Set(r.json.data.map((p) => p.id)); let cursor = r.json.data.at(-1).id; let guard = 0;
  while (guard++ < 10) {
    const n = await expect('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&limit=2&startingAfter=${cursor}`, 200);
    n.json.data.forEach((p) => seen.add(p.id));
    if (!n.json.hasMore) break; cursor = n.json.data.at(-1).id;
  }
  check(seen.size === 4, 'paged through all pages ' + seen.size);
  r = await expect('GET', `/v6/pages?siteId=${site.id}&includeOffline=true&pathPrefix=/blog`, 200);
  check(r.json.data.length === 3 && r.json.data.every((p) => p.pathname.startsWith('/blog')), 'pathPrefix filter');
  await expect('GET', `/v6/pages?siteId=${site.id}&sortBy=nope`, 400, {}, 'bad sortBy');
  await expect('GET', `/v6/pages`, 400, {}, 'pages missing siteId');
  r = await expect('GET', `/v6/pages/${page.id}`, 200); check(isPage(r.json) && r.json.id === page.id, 'get page by id');
  r = await expect('GET', `/v6/pages/%2Fhello?siteId=${site.id}`, 200); check(r.json.id === page.id, 'get page by pathname');
  await expect('GET', `/v6/pages/hello`, 400, {}, 'get page by pathname without siteId');
  r = await expect('PATCH', `/v6/pages/${page.id}`, 200, { body: { pathname: '/hello-2', name: 'Hello 2', isOnline: true } });
  check(isPage(r.json) && r.json.pathname === '/hello-2' && r.json.isOnline === true && r.json.publishedAt !== null, 'update page');
  await expect('PATCH', `/v6/pages/${page.id}`, 409, { body: { pathname: '/blog/p0' } }, 'update page conflict');
  await expect('PATCH', `/v6/pages/${page.id}`, 400, { body: { pathname: 'no-slash', isOnline: 'yes' } }, 'update page invalid');
  r = await expect('GET', `/v6/pages?siteId=${site.id}`, 200);
  check(r.json.data.length === 1 && r.json.data[0].id === page.id, 'default list hides offline pages');
  // seeded site: locale filter and localized get
  r = await expect('GET', `/v6/pages?siteId=${seeded.id}&locale=fr-FR`, 200);
  check(r.json.data.length >= 1 && r.json.data.every((p) => p.locale === 'fr-FR'), 'locale filter');
  r = await expect('GET', `/v6/pages/%2F?siteId=${seeded.id}&locale=fr-FR`, 200, { key: siteApiKey });
  check(r.json.pathname === '/accueil', 'localized get collapses pathname');
  r = await expect('GET', `/v2/sites/${seeded.id}/pages?limit=2`, 200);
  check(isList(r.json, isPage) && r.json.data.length === 2, 'v2 site pages list');

  // --- routes
  r = await expect('POST', '/v2/routes', 201, { body: { siteId: site.id, pathname: '/ext' } });
  check(isRoute(r.json), 'create route'); const route = r.json;
  await expect('POST', '/v2/routes', 409, { body: { siteId: site.id, pathname: '/hello-2' } }, 'route vs page conflict');
  r = await expect('GET', `/v2/routes?siteId=${site.id}`, 200); check(isList(r.json, isRoute) && r.json.data.length === 1, 'list routes');
  r = await expect('GET', `/v2/routes/${route.id}`, 200); check(r.json.id === route.id, 'get route');
  r = await expect('PATCH', `/v2/routes/${route.id}`, 200, { body: { pathname: '/ext-2' } }); check(isRoute(r.json) && r.json.pathname === '/ext-2', 'update route');
  r = await expect('PATCH', `/v2/routes/ext-2?siteId=${site.id}&skipValidation=true`, 200, { body: { pathname: 'raw/path/' } }); check(r.json.pathname === 'raw/path/', 'skipValidation');
  await expect('PATCH', `/v2/routes/${route.id}?skipValidation=false`, 400, { body: { pathname: 'bad' } }, 'route validation');
  await expect('PATCH', `/v2/routes/nowhere`, 400, { body: {} }, 'route pathname without siteId');
  await expect('PATCH', `/v2/routes/00000000-0000-4000-8000-000000000000`, 404, { body: {} }, 'route missing');
  await expect('DELETE', `/v2/routes/${route.id}`, 204);

  // --- delete page, duplicate and delete site
  await expect('DELETE', `/v6/pages/${page.id}`, 204);
  await expect('DELETE', `/v6/pages/${page.id}`, 404, {}, 'repeat page delete');
  r = await expect('POST', `/v2/sites/${site.id}/duplicate`, 201, { body: { name: 'Copy' } });
  check(isSite(r.json) && r.json.id !== site.id && r.json.name === 'Copy' && r.json.publicApiKey !== site.publicApiKey, 'duplicate site');
  const copy = r.json;
  r = await expect('GET', `/v6/pages?siteId=${copy.id}&includeOffline=true`, 200); check(r.json.data.length === 3, 'duplicate copied pages');
  r = await expect('GET', `/v2/locales?siteId=${copy.id}`, 200); check(r.json.data.length === 2, 'duplicate copied locales');
  await expect('POST', `/v2/sites/${site.id}/duplicate`, 400, { body: {} }, 'duplicate without name');
  await expect('DELETE', `/v2/sites/${copy.id}`, 204);
  await expect('DELETE', `/v2/sites/${site.id}`, 204);
  await expect('GET', `/v2/sites/${site.id}`, 404, {}, 'deleted site');
  await expect('DELETE', `/v2/sites/${site.id}`, 404, {}, 'repeat site delete');

  // --- mend 1: enums and booleans match the documented values exactly (case-sensitive, no ordinals)
  const hasDetail = (r, f) => Array.isArray(r.json?.details) && r.json.details.some((d) => d.field === f);
  for (const [qs, f] of [['sortBy=TITLE', 'sortBy'], ['sortBy=Path', 'sortBy'], ['sortBy=3', 'sortBy'], ['sortBy=0', 'sortBy'], ['sortBy=%20path', 'sortBy'],
    ['sortDirection=ASC', 'sortDirection'], ['sortDirection=1', 'sortDirection'], ['includeOffline=TRUE', 'includeOffline'],
    ['includeOffline=True', 'includeOffline'], ['includeOffline=1', 'includeOffline'], ['includeOffline=%20false%20', 'includeOffline']]) {
    r = await expect('GET', `/v6/pages?siteId=${seeded.id}&${qs}`, 400, {}, `enum exact ${qs}`);
    check(hasDetail(r, f), `enum exact ${qs} names ${f} ${r.text.slice(0, 200)}`);
  }
  r = await expect('GET', `/v2/sites/${seeded.id}/pages?sortBy=UPDATEDAT`, 400, {}, 'v2 site pages enum exact');
  check(hasDetail(r, 'sortBy'), 'v2 site pages sortBy detail');
  for (const qs of ['sortBy=title', 'sortBy=updatedAt', 'sortBy=createdAt', 'sortBy=description&sortDirection=desc', 'includeOffline=true', 'includeOffline=false&sortDirection=asc']) {
    await expect('GET', `/v6/pages?siteId=${seeded.id}&${qs}`, 200, {}, `enum documented ${qs}`);
  }
  for (const v of ['TRUE', 'True', '1', 'yes']) {
    r = await expect('PATCH', `/v2/routes/docs?siteId=${seeded.id}&skipValidation=${v}`, 400, { body: { pathname: '/docs' } }, `skipValidation=${v}`);
    check(hasDetail(r, 'skipValidation'), `skipValidation=${v} detail`);
  }
  await expect('PATCH', `/v2/routes/docs?siteId=${seeded.id}&skipValidation=false`, 200, { body: { pathname: '/docs' } }, 'skipValidation=false');
  // --- mend 2: format uuid (query and body) takes only the hyphenated 8-4-4-4-12 form, any case
  const ws32 = workspaceId.replace(/-/g, '');
  for (const bad of [ws32, `{${workspaceId}}`, `(${workspaceId})`, ` ${workspaceId}`]) {
    r = await expect('GET', `/v2/sites?workspaceId=${encodeURIComponent(bad)}`, 400, {}, `workspaceId query ${bad}`);
    check(hasDetail(r, 'workspaceId'), `workspaceId query ${bad} detail`);
    r = await expect('POST', '/v2/sites', 400, { body: { workspaceId: bad, name: 'U' } }, `workspaceId body ${bad}`);
    check(hasDetail(r, 'workspaceId'), `workspaceId body ${bad} detail`);
  }
  await expect('GET', `/v2/sites?workspaceId=${workspaceId.toUpperCase()}`, 200, {}, 'workspaceId upper case hyphenated');
  const sid32 = seeded.id.replace(/-/g, '');
  for (const [m, path, body] of [
    ['GET', `/v2/locales?siteId=${sid32}`], ['GET', `/v6/pages?siteId=${sid32}`], ['GET', `/v2/routes?siteId=${sid32}`],
    ['GET', `/v2/locales/fr-FR?siteId=%7B${seeded.id}%7D`], ['GET', `/v6/pages/about?siteId=(${seeded.id})`],
    ['PATCH', `/v2/routes/docs?siteId=${sid32}`, {}],
    ['POST', '/v2/locales', { siteId: sid32, locale: 'nl' }], ['POST', '/v6/pages', { siteId: `{${seeded.id}}`, pathname: '/u', name: 'U' }],
    ['POST', '/v2/routes', { siteId: `(${seeded.id})`, pathname: '/u' }]]) {
    r = await expect(m, path, 400, body ? { body } : {}, `siteId strict ${m} ${path}`);
    check(hasDetail(r, 'siteId'), `siteId strict ${m} ${path} detail ${r.text.slice(0, 200)}`);
  }
  r = await expect('GET', `/v2/locales?siteId=${seeded.id}&startingAfter=${sid32}`, 400, {}, 'startingAfter strict');
  check(hasDetail(r, 'startingAfter'), 'startingAfter strict detail');
  await expect('GET', `/v2/locales?siteId=${seeded.id.toUpperCase()}`, 200, {}, 'siteId upper case hyphenated');
  await expect('GET', `/v2/sites/${sid32}`, 200, {}, 'path segment keeps lenient Guid parsing');
  // --- mend 3: format uri refuses characters outside ASCII (IRIs are not URIs; no punycode)
  for (const [m, path, body, f] of [
    ['POST', '/v2/sites', { workspaceId, name: 'IRI', hostOrigin: 'https://exämple.com' }, 'hostOrigin'],
    ['PATCH', `/v2/sites/${seeded.id}`, { hostOrigin: 'https://xn--exmple-cua.com/päth' }, 'hostOrigin'],
    ['POST', '/v2/locales', { siteId: seeded.id, locale: 'nl', domain: 'https://exämple.com' }, 'domain'],
    ['PATCH', `/v2/locales/fr-FR?siteId=${seeded.id}`, { domain: 'https://fr.example/é' }, 'domain']]) {
    r = await expect(m, path, 400, { body }, `uri ascii ${f}`);
    check(hasDetail(r, f), `uri ascii ${f} detail ${r.text.slice(0, 200)}`);
  }
  r = await expect('GET', `/v2/sites/${seeded.id}`, 200, {}, 'hostOrigin unchanged');
  check(!/xn--/.test(String(r.json.hostOrigin)), 'IRI not punycoded into hostOrigin');
  r = await expect('POST', '/v2/sites', 201, { body: { workspaceId, name: 'Puny', hostOrigin: 'https://xn--exmple-cua.com' } }, 'ASCII (punycode) host accepted');
  await expect('DELETE', `/v2/sites/${r.json.id}`, 204);

  // --- robustness
  await expect('GET', '/nope', 404, {}, 'unknown path');
  await expect('PUT', '/v2/sites', 405, {}, 'unknown method');
  await expect('GET', '/v2/sites/not-a-uuid', 404, {}, 'non-guid siteId');
  await expect('GET', '/v6/pages/%E0%A4%A?siteId=' + seeded.id, 404, {}, 'bad percent-encoding');
  await expect('POST', '/v2/sites', 400, { raw: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'application/json' } }, 'huge body');
  await expect('POST', '/v2/sites', 400, { raw: '[1,2]', headers: { 'content-type': 'application/json' } }, 'array body');
  const rawResp = await new Promise((resolve) => {
    const s = net.connect(new URL(baseUrl).port, '127.0.0.1', () => s.write('GARBAGE\r\n\r\n'));
    let d = ''; s.on('data', (c) => (d += c)); s.on('end', () => resolve(d)); s.on('error', () => resolve(d));
  });
  check(rawResp.startsWith('HTTP/1.1 400'), 'garbage request -> 400');
  // concurrency
  const many = await Promise.all(Array.from({ length: 200 }, () => call('GET', `/v2/locales?siteId=${seeded.id}`)));
  check(many.every((x) => x.status === 200), 'concurrent requests');
  await expect('GET', `/v2/sites/${seeded.id}`, 200, {}, 'still alive');
} catch (e) {
  failed++; console.error('ERROR', e);
} finally {
  child.kill('SIGTERM');
}
const code = await new Promise((res) => child.on('exit', (c) => res(c)));
check(code === 0, 'server exit code on SIGTERM ' + code);
console.log(`smoke: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
