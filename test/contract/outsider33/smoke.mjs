// Self-check: starts server.mjs, exercises every operation, exits non-zero on failure.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import http from 'node:http';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [path.join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
let stderr = '';
child.stderr.on('data', (d) => { stderr += d; });
const info = await new Promise((resolve, reject) => {
  let buf = '';
  const t = setTimeout(() => reject(new Error('server did not start')), 5000);
  child.stdout.on('data', (d) => {
    buf += d;
    const nl = buf.indexOf('\n');
    if (nl >= 0) { clearTimeout(t); resolve(JSON.parse(buf.slice(0, nl))); }
  });
  child.on('exit', (c) => reject(new Error(`server exited ${c}: ${stderr}`)));
});

let pass = 0; let fail = 0;
function check(name, cond, extra) {
  if (cond) pass++;
  else { fail++; console.error(`FAIL ${name}${extra !== undefined ? ' ' + JSON.stringify(extra).slice(0, 400) : ''}`); }
}
async function call(method, url, { key = info.apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = 'application/json'; }
  const r = await fetch(info.baseUrl + url, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { unparsable: text }; }
  return { status: r.status, body: json, headers: r.headers };
}
const isErr = (r, status, code) => r.status === status && r.body && r.body.object === 'error' && r.body.code === code && typeof r.body.message === 'string'
  && (status !== 400 || (Array.isArray(r.body.details) && r.body.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string')));
const detail = (r, field) => (r.body?.details || []).find((d) => d.field === field)?.message;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const siteShape = (s) => s && s.object === 'site' && UUID.test(s.id) && typeof s.name === 'string' && 'hostOrigin' in s && UUID.test(s.publicApiKey)
  && typeof s.defaultLocale === 'string' && ['internal', 'external'].includes(s.localeManagementMode);
const pageShape = (p) => p && p.object === 'page' && UUID.test(p.id) && typeof p.pathname === 'string'
  && ['canonicalUrl', 'title', 'description', 'socialImageUrl', 'sitemapPriority', 'sitemapFrequency', 'publishedAt', 'excludedFromSearchEngines'].every((k) => k in p)
  && TS.test(p.createdAt) && TS.test(p.updatedAt) && typeof p.isOnline === 'boolean' && Array.isArray(p.localizations);
const localeShape = (l) => l && l.object === 'locale' && UUID.test(l.id) && typeof l.locale === 'string' && 'domain' in l && 'pathPrefix' in l && typeof l.isDefault === 'boolean';
const W = info.workspaceId;

try {
  // ---------------- auth
  check('401 missing key', isErr(await call('GET', `/v2/sites?workspaceId=${W}`, { key: null }), 401, 'unauthorized'));
  check('401 bad app key', isErr(await call('GET', `/v2/sites?workspaceId=${W}`, { key: 'sk_nope' }), 401, 'unauthorized'));
  check('401 unknown uuid key', isErr(await call('GET', `/v2/sites?workspaceId=${W}`, { key: '550e8400-e29b-41d4-a716-446655440000' }), 401, 'unauthorized'));
  check('401 before 404 on odd path', isErr(await call('GET', '/nope', { key: null }), 401, 'unauthorized'));
  check('404 unknown path', isErr(await call('GET', '/nope'), 404, 'not_found'));
  check('404 trailing slash', isErr(await call('GET', `/v2/sites/?workspaceId=${W}`), 404, 'not_found'));

  // ---------------- sites
  let r = await call('GET', `/v2/sites?workspaceId=${W}`);
  check('list sites 200', r.status === 200 && r.body.object === 'list' && r.body.data.length === 2 && r.body.data.every(siteShape) && r.body.hasMore === false, r.body);
  const site = r.body.data.find((s) => s.publicApiKey === info.siteApiKey);
  const site2 = r.body.data.find((s) => s !== site);
  check('site key belongs to a seeded site', !!site);
  r = await call('GET', `/v2/sites?workspaceId=${W}&limit=1`);
  check('list sites limit=1', r.status === 200 && r.body.data.length === 1 && r.body.hasMore === true);
  const r2 = await call('GET', `/v2/sites?workspaceId=${W}&limit=1&startingAfter=${r.body.data[0].id}`);
  check('list sites page 2', r2.status === 200 && r2.body.data.length === 1 && r2.body.hasMore === false && r2.body.data[0].id !== r.body.data[0].id);
  check('list sites missing workspaceId', isErr(r = await call('GET', '/v2/sites'), 400, 'bad_request') && detail(r, 'workspaceId') === 'Missing data for required field.', r.body);
  check('list sites bad limit', isErr(r = await call('GET', `/v2/sites?workspaceId=${W}&limit=101`), 400, 'bad_request') && detail(r, 'limit'), r.body);
  check('list sites limit nan', isErr(await call('GET', `/v2/sites?workspaceId=${W}&limit=nan`), 400, 'bad_request'));
  check('list sites other workspace 403', isErr(await call('GET', `/v2/sites?workspaceId=${W}`, { key: info.otherApiKey }), 403, 'forbidden'));
  r = await call('GET', `/v2/sites?workspaceId=${W}`, { key: info.siteApiKey });
  check('site key lists only its site', r.status === 200 && r.body.data.length === 1 && r.body.data[0].id === site.id);
  check('unknown cursor => empty', (r = await call('GET', `/v2/sites?workspaceId=${W}&startingAfter=00000000-0000-4000-8000-000000000000`)).status === 200 && r.body.data.length === 0 && r.body.hasMore === false);

  r = await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'New site', hostOrigin: 'https://new.example' } });
  check('create site 201', r.status === 201 && siteShape(r.body) && r.body.defaultLocale === 'en-US' && r.body.hostOrigin === 'https://new.example', r.body);
  const created = r.body;
  r = await call('POST', '/v2/sites', { body: { workspaceId: W.replace(/-/g, '').toUpperCase(), name: 'Braced', defaultLocale: 'fr-CA' } });
  check('create site: a UUID without hyphens is no format uuid', r.status === 400 && r.body.details?.[0]?.field === 'workspaceId', r.body);
  r = await call('POST', '/v2/sites', { body: { workspaceId: W.toUpperCase(), name: 'Braced', defaultLocale: 'fr-CA', extra: 1 } });
  check('create site upper-case uuid + unknown field ignored', r.status === 201 && r.body.defaultLocale === 'fr-CA' && r.body.hostOrigin === null, r.body);
  r = await call('POST', '/v2/sites', { body: { name: 5, hostOrigin: 'not a uri', defaultLocale: 'english' } });
  check('create site 400 details', isErr(r, 400, 'bad_request') && detail(r, 'workspaceId') === 'Missing data for required field.'
    && detail(r, 'name') === 'Not a valid string.' && detail(r, 'hostOrigin') === 'Not a valid URL.' && detail(r, 'defaultLocale'), r.body);
  check('create site urn uri accepted', (await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'u', hostOrigin: 'urn:isbn:0451450523' } })).status === 201);
  check('create site other ws 403', isErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: info.otherApiKey }), 403, 'forbidden'));
  check('create site with site key 403', isErr(await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: info.siteApiKey }), 403, 'forbidden'));
  check('create site malformed json', isErr(await call('POST', '/v2/sites', { raw: '{"a":', headers: { 'content-type': 'application/json' } }), 400, 'bad_request'));
  check('create site array body', isErr(r = await call('POST', '/v2/sites', { body: [1] }), 400, 'bad_request') && detail(r, '_schema') === 'Invalid input type.');
  check('create site huge body', isErr(await call('POST', '/v2/sites', { raw: '{"name":"' + 'x'.repeat(2 * 1024 * 1024) + '"}' }), 400, 'bad_request'));
  check('create site bad utf8', isErr(await call('POST', '/v2/sites', { raw: Buffer.from([0x7b, 0xff, 0x7d]) }), 400, 'bad_request'));
  check('create site name too long', isErr(r = await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x'.repeat(256) } }), 400, 'bad_request') && detail(r, 'name') === 'Longer than maximum length 255.');

  r = await call('GET', `/v2/sites/${site.id}`);
  check('get site', r.status === 200 && siteShape(r.body) && r.body.id === site.id);
  check('get site uppercase id', (await call('GET', `/v2/sites/${site.id.toUpperCase()}`)).status === 200);
  check('get site by site key', (await call('GET', `/v2/sites/${site.id}`, { key: info.siteApiKey })).status === 200);
  check('get other site by site key 403', isErr(await call('GET', `/v2/sites/${site2.id}`, { key: info.siteApiKey }), 403, 'forbidden'));
  check('get site foreign 403', isErr(await call('GET', `/v2/sites/${site.id}`, { key: info.otherApiKey }), 403, 'forbidden'));
  check('get site unknown 404', isErr(await call('GET', '/v2/sites/00000000-0000-4000-8000-000000000000'), 404, 'not_found'));
  check('get site malformed id 404', isErr(await call('GET', '/v2/sites/not-a-uuid'), 404, 'not_found'));
  check('HEAD site', (await call('HEAD', `/v2/sites/${site.id}`)).status === 200);
  r = await call('PUT', `/v2/sites/${site.id}`);
  check('unsupported method', isErr(r, 404, 'not_found') && /PATCH/.test(r.headers.get('allow') || ''));

  r = await call('PATCH', `/v2/sites/${created.id}`, { body: { name: 'Renamed', hostOrigin: 'http://localhost:3000/' } });
  check('update site', r.status === 200 && r.body.name === 'Renamed' && r.body.hostOrigin === 'http://localhost:3000/', r.body);
  r = await call('PATCH', `/v2/sites/${created.id}`, { body: { defaultLocale: 'de-DE', name: 'Nope' } });
  check('update site defaultLocale rejected', isErr(r, 400, 'bad_request') && detail(r, 'defaultLocale') === 'Unknown field.', r.body);
  check('refused update changed nothing', (await call('GET', `/v2/sites/${created.id}`)).body.name === 'Renamed');
  check('update site null name', isErr(r = await call('PATCH', `/v2/sites/${created.id}`, { body: { name: null } }), 400, 'bad_request') && detail(r, 'name') === 'Field may not be null.');
  check('update site empty body ok', (await call('PATCH', `/v2/sites/${created.id}`)).status === 200);
  check('update site foreign 403', isErr(await call('PATCH', `/v2/sites/${created.id}`, { body: { name: 'x' }, key: info.otherApiKey }), 403, 'forbidden'));

  // ---------------- locales
  r = await call('GET', `/v2/locales?siteId=${site.id}`);
  check('list locales', r.status === 200 && r.body.data.length === 3 && r.body.data.every(localeShape) && r.body.data.filter((l) => l.isDefault).length === 1, r.body);
  r = await call('GET', `/v2/locales?siteId=${site.id}&limit=2`);
  check('list locales hasMore', r.body.data.length === 2 && r.body.hasMore === true);
  const r3 = await call('GET', `/v2/locales?siteId=${site.id}&limit=2&startingAfter=${r.body.data[1].id}`);
  check('list locales page 2', r3.body.data.length === 1 && r3.body.hasMore === false);
  check('list locales limit 0', isErr(r = await call('GET', `/v2/locales?siteId=${site.id}&limit=0`), 400, 'bad_request') && detail(r, 'limit'));
  check('list locales missing siteId', isErr(r = await call('GET', '/v2/locales'), 400, 'bad_request') && detail(r, 'siteId'));
  check('list locales foreign 403', isErr(await call('GET', `/v2/locales?siteId=${site.id}`, { key: info.otherApiKey }), 403, 'forbidden'));
  check('list locales unknown site 404', isErr(await call('GET', '/v2/locales?siteId=00000000-0000-4000-8000-000000000000'), 404, 'not_found'));

  r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'it-IT', domain: 'https://acme.it' } });
  check('create locale 201', r.status === 201 && localeShape(r.body) && r.body.isDefault === false && r.body.domain === 'https://acme.it', r.body);
  const it = r.body;
  check('create locale dup ci 409', isErr(await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'IT-it' } }), 409, 'conflict'));
  check('create locale bad 400', isErr(r = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'xx-YY', domain: 'acme.it' } }), 400, 'bad_request') && detail(r, 'locale') && detail(r, 'domain'), r.body);
  check('create locale unknown site 404', isErr(await call('POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'nl' } }), 404, 'not_found'));
  check('create locale foreign 403', isErr(await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'nl' }, key: info.otherApiKey }), 403, 'forbidden'));

  check('get locale by id', (r = await call('GET', `/v2/locales/${it.id}`)).status === 200 && r.body.id === it.id);
  check('get locale by code', (r = await call('GET', `/v2/locales/it-it?siteId=${site.id}`)).status === 200 && r.body.id === it.id);
  check('get locale code w/o siteId 400', isErr(r = await call('GET', '/v2/locales/it-IT'), 400, 'bad_request') && detail(r, 'siteId'));
  check('get locale unknown 404', isErr(await call('GET', `/v2/locales/pl-PL?siteId=${site.id}`), 404, 'not_found'));
  check('get locale foreign 403', isErr(await call('GET', `/v2/locales/${it.id}`, { key: info.otherApiKey }), 403, 'forbidden'));

  r = await call('PATCH', `/v2/locales/${it.id}`, { body: { locale: 'it-CH', domain: null } });
  check('update locale', r.status === 200 && r.body.locale === 'it-CH' && r.body.domain === null, r.body);
  check('update locale conflict 409', isErr(await call('PATCH', `/v2/locales/${it.id}`, { body: { locale: 'fr-FR' } }), 409, 'conflict'));
  check('update locale bad domain 400', isErr(await call('PATCH', `/v2/locales/${it.id}`, { body: { domain: 'no scheme' } }), 400, 'bad_request'));

  const def = (await call('GET', `/v2/locales/en-US?siteId=${site.id}`)).body;
  check('delete default locale 400', isErr(await call('DELETE', `/v2/locales/${def.id}`), 400, 'bad_request'));
  check('delete locale 204', (await call('DELETE', `/v2/locales/it-CH?siteId=${site.id}`)).status === 204);
  check('deleted locale 404', isErr(await call('GET', `/v2/locales/${it.id}`), 404, 'not_found'));
  check('delete locale again 404', isErr(await call('DELETE', `/v2/locales/${it.id}`), 404, 'not_found'));
  r = await call('POST', `/v2/locales/${it.id}/restore`);
  check('restore locale 200', r.status === 200 && r.body.id === it.id && r.body.locale === 'it-CH', r.body);
  check('restore active locale 409', isErr(await call('POST', `/v2/locales/${it.id}/restore`), 409, 'conflict'));
  check('restore unknown 404', isErr(await call('POST', `/v2/locales/pl-PL/restore?siteId=${site.id}`), 404, 'not_found'));
  check('restore code w/o siteId 400', isErr(await call('POST', '/v2/locales/pl-PL/restore'), 400, 'bad_request'));

  // ---------------- pages
  r = await call('GET', `/v6/pages?siteId=${site.id}`);
  check('list pages default online only', r.status === 200 && r.body.data.every(pageShape) && r.body.data.every((p) => p.isOnline) && r.body.data.length === 3, r.body);
  check('list pages sorted by path', r.body.data.map((p) => p.pathname).join() === '/,/about,/pricing');
  r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true`);
  check('includeOffline=true', r.body.data.length === 4);
  check('includeOffline=TRUE rejected', isErr(r = await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=TRUE`), 400, 'bad_request') && detail(r, 'includeOffline') === 'Must be one of: true, false.');
  check('bad sortBy 400', isErr(await call('GET', `/v6/pages?siteId=${site.id}&sortBy=name`), 400, 'bad_request'));
  check('bad versionRef 400', isErr(await call('GET', `/v6/pages?siteId=${site.id}&versionRef=live`), 400, 'bad_request'));
  r = await call('GET', `/v6/pages?siteId=${site.id}&sortBy=path&sortDirection=desc`);
  check('sort desc', r.body.data.map((p) => p.pathname).join() === '/pricing,/about,/');
  r = await call('GET', `/v6/pages?siteId=${site.id}&pathPrefix=/ab`);
  check('pathPrefix', r.body.data.length === 1 && r.body.data[0].pathname === '/about');
  r = await call('GET', `/v6/pages?siteId=${site.id}&versionRef=ref:live`);
  check('live pages', r.body.data.length === 2 && r.body.data.find((p) => p.pathname === '/about').title === 'About us', r.body);
  r = await call('GET', `/v6/pages?siteId=${site.id}&locale=fr-FR`);
  check('locale filter', r.body.data.length === 1 && r.body.data[0].pathname === '/about');
  r = await call('GET', `/v6/pages?siteId=${site.id}&limit=2`);
  const p2 = await call('GET', `/v6/pages?siteId=${site.id}&limit=2&startingAfter=${r.body.data[1].id}`);
  check('pages pagination', r.body.hasMore === true && p2.body.data.length === 1 && p2.body.hasMore === false);
  check('list pages missing siteId', isErr(await call('GET', '/v6/pages'), 400, 'bad_request'));
  check('list pages foreign 403', isErr(await call('GET', `/v6/pages?siteId=${site.id}`, { key: info.otherApiKey }), 403, 'forbidden'));
  r = await call('GET', `/v2/sites/${site.id}/pages?limit=1`);
  check('list site pages (v2)', r.status === 200 && r.body.data.length === 1 && r.body.hasMore === true);

  r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: 'contact/', name: 'Contact' } });
  check('create page 201', r.status === 201 && pageShape(r.body) && r.body.pathname === '/contact' && r.body.isOnline === false && r.body.publishedAt === null, r.body);
  const contact = r.body;
  check('create page conflict (case/accent)', isErr(await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/CONTÀCT', name: 'x' } }), 409, 'conflict'));
  check('create page conflicts with route', isErr(await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/docs', name: 'x' } }), 409, 'conflict'));
  check('create page empty name', isErr(r = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/n', name: '' } }), 400, 'bad_request') && detail(r, 'name') === 'Length must be between 1 and 255.');
  check('create page missing all', isErr(r = await call('POST', '/v6/pages', { body: {} }), 400, 'bad_request') && r.body.details.length === 3);
  check('create page bad pathname', isErr(await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/a b', name: 'x' } }), 400, 'bad_request'));
  check('create page unknown site 404', isErr(await call('POST', '/v6/pages', { body: { siteId: '00000000-0000-4000-8000-000000000000', pathname: '/x', name: 'x' } }), 404, 'not_found'));
  check('create page foreign 403', isErr(await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: 'x' }, key: info.otherApiKey }), 403, 'forbidden'));
  check('create page with site key', (await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/from-site-key', name: 'k' }, key: info.siteApiKey })).status === 201);

  check('get page by id', (r = await call('GET', `/v6/pages/${contact.id}`)).status === 200 && r.body.id === contact.id);
  check('get page by pathname', (r = await call('GET', `/v6/pages/contact?siteId=${site.id}`)).status === 200 && r.body.id === contact.id);
  check('get page by encoded pathname', (r = await call('GET', `/v6/pages/%2Fcontact?siteId=${site.id}`)).status === 200 && r.body.id === contact.id);
  check('get page pathname w/o siteId', isErr(await call('GET', '/v6/pages/contact'), 400, 'bad_request'));
  check('get page unknown 404', isErr(await call('GET', `/v6/pages/nowhere?siteId=${site.id}`), 404, 'not_found'));
  check('get page foreign 403', isErr(await call('GET', `/v6/pages/${contact.id}`, { key: info.otherApiKey }), 403, 'forbidden'));
  check('get unpublished page live 404', isErr(await call('GET', `/v6/pages/${contact.id}?versionRef=ref:live`), 404, 'not_found'));
  r = await call('GET', `/v6/pages/about?siteId=${site.id}&locale=fr-FR`);
  check('get page localized', r.status === 200 && r.body.pathname === '/a-propos' && r.body.locale === 'fr-FR', r.body);

  r = await call('PATCH', `/v6/pages/${contact.id}`, { body: { pathname: '/contact-us', isOnline: true, name: 'Contact us' } });
  check('update page', r.status === 200 && r.body.pathname === '/contact-us' && r.body.isOnline === true, r.body);
  check('update page conflict', isErr(await call('PATCH', `/v6/pages/${contact.id}`, { body: { pathname: '/About' } }), 409, 'conflict'));
  check('update page bad isOnline', isErr(r = await call('PATCH', `/v6/pages/${contact.id}`, { body: { isOnline: 'maybe' } }), 400, 'bad_request') && detail(r, 'isOnline') === 'Not a valid boolean.');
  check('update page same pathname other case ok', (await call('PATCH', `/v6/pages/${contact.id}`, { body: { pathname: '/Contact-Us' } })).status === 200);
  check('delete page 204', (await call('DELETE', `/v6/pages/contact-us?siteId=${site.id}`)).status === 204);
  check('deleted page 404', isErr(await call('GET', `/v6/pages/${contact.id}`), 404, 'not_found'));
  check('delete page foreign 403', isErr(await call('DELETE', `/v6/pages/about?siteId=${site.id}`, { key: info.otherApiKey }), 403, 'forbidden'));

  // ---------------- routes
  r = await call('GET', `/v2/routes?siteId=${site.id}`);
  check('list routes', r.status === 200 && r.body.data.length === 2 && r.body.data.every((x) => x.object === 'route' && UUID.test(x.id)));
  const docs = r.body.data.find((x) => x.pathname === '/docs');
  r = await call('PATCH', `/v2/routes/docs?siteId=${site.id}`, { body: { pathname: '/documentation' } });
  check('update route by pathname', r.status === 200 && r.body.pathname === '/documentation' && r.body.id === docs.id, r.body);
  check('update route invalid pathname', isErr(await call('PATCH', `/v2/routes/${docs.id}`, { body: { pathname: '/a//b' } }), 400, 'bad_request'));
  r = await call('PATCH', `/v2/routes/${docs.id}?skipValidation=true`, { body: { pathname: '/a//b' } });
  check('update route skipValidation', r.status === 200 && r.body.pathname === '/a//b', r.body);
  check('skipValidation enum', isErr(await call('PATCH', `/v2/routes/${docs.id}?skipValidation=yes`, { body: {} }), 400, 'bad_request'));
  check('update route conflict with page', isErr(await call('PATCH', `/v2/routes/${docs.id}`, { body: { pathname: '/pricing' } }), 409, 'conflict'));
  check('update route w/o siteId', isErr(await call('PATCH', '/v2/routes/docs', { body: {} }), 400, 'bad_request'));
  check('update route unknown 404', isErr(await call('PATCH', `/v2/routes/zzz?siteId=${site.id}`, { body: {} }), 404, 'not_found'));
  check('update route foreign 403', isErr(await call('PATCH', `/v2/routes/${docs.id}`, { body: { pathname: '/q' }, key: info.otherApiKey }), 403, 'forbidden'));
  r = await call('POST', '/v2/routes', { body: { siteId: site.id, pathname: '/new-route' } });
  check('create route', r.status === 201 && r.body.pathname === '/new-route');
  check('get route', (await call('GET', `/v2/routes/${r.body.id}`)).status === 200);
  check('delete route', (await call('DELETE', `/v2/routes/${r.body.id}`)).status === 204);

  // ---------------- duplicate + delete site
  r = await call('POST', `/v2/sites/${site.id}/duplicate`, { body: { name: 'Copy' } });
  check('duplicate site 201', r.status === 201 && siteShape(r.body) && r.body.id !== site.id && r.body.publicApiKey !== site.publicApiKey && r.body.name === 'Copy', r.body);
  const copy = r.body;
  const origPages = (await call('GET', `/v6/pages?siteId=${site.id}&includeOffline=true`)).body.data;
  const copyPages = (await call('GET', `/v6/pages?siteId=${copy.id}&includeOffline=true`)).body.data;
  check('duplicate copied pages', copyPages.length === origPages.length && copyPages.every((p) => !origPages.some((o) => o.id === p.id)));
  check('duplicate copied locales', (await call('GET', `/v2/locales?siteId=${copy.id}`)).body.data.length === (await call('GET', `/v2/locales?siteId=${site.id}`)).body.data.length);
  await call('PATCH', `/v6/pages/about?siteId=${copy.id}`, { body: { pathname: '/about-copy' } });
  check('duplicate independent', (await call('GET', `/v6/pages/about?siteId=${site.id}`)).status === 200);
  check('duplicate missing name', isErr(await call('POST', `/v2/sites/${site.id}/duplicate`, { body: {} }), 400, 'bad_request'));
  check('duplicate with site key 403', isErr(await call('POST', `/v2/sites/${site.id}/duplicate`, { body: { name: 'x' }, key: info.siteApiKey }), 403, 'forbidden'));
  check('duplicate foreign 403', isErr(await call('POST', `/v2/sites/${site.id}/duplicate`, { body: { name: 'x' }, key: info.otherApiKey }), 403, 'forbidden'));
  check('delete site foreign 403', isErr(await call('DELETE', `/v2/sites/${copy.id}`, { key: info.otherApiKey }), 403, 'forbidden'));
  check('delete site with site key 403', isErr(await call('DELETE', `/v2/sites/${site.id}`, { key: info.siteApiKey }), 403, 'forbidden'));
  check('delete site 204', (await call('DELETE', `/v2/sites/${copy.id}`)).status === 204);
  check('deleted site 404', isErr(await call('GET', `/v2/sites/${copy.id}`), 404, 'not_found'));
  check('deleted site pages gone', isErr(await call('GET', `/v6/pages?siteId=${copy.id}`), 404, 'not_found'));

  // ---------------- robustness
  const rawReq = (raw) => new Promise((resolve) => {
    const u = new URL(info.baseUrl);
    const req = http.request({ host: u.hostname, port: u.port, method: 'GET', path: raw, headers: { 'x-api-key': info.apiKey } }, (res) => {
      let b = ''; res.on('data', (d) => { b += d; }); res.on('end', () => resolve({ status: res.statusCode, body: b }));
    });
    req.on('error', (e) => resolve({ status: 0, body: String(e) }));
    req.end();
  });
  let x = await rawReq('/v6/pages/%ZZ%C3?siteId=%E0%A4');
  check('bad encodings answered', x.status >= 400 && x.status < 500 && JSON.parse(x.body).object === 'error', x);
  x = await rawReq('/v2/sites?workspaceId=' + 'a'.repeat(5000));
  check('long query answered', x.status === 400, x);
  check('server still alive', (await call('GET', `/v2/sites/${site.id}`)).status === 200);
} catch (e) {
  fail++;
  console.error('smoke crashed:', e);
}

child.kill('SIGTERM');
const code = await new Promise((res) => child.on('exit', (c) => res(c)));
check('SIGTERM exits 0', code === 0, code);
console.log(`smoke: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
