// Self-test: starts the server in-process, exercises every operation family plus errors,
// checks statuses and shapes (and, when the published OpenAPI is readable, validates bodies against it).
import { readFileSync } from 'node:fs';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
let doc = null;
try { doc = JSON.parse(readFileSync(OPENAPI, 'utf8')); } catch { console.log(`(no OpenAPI at ${OPENAPI}; schema checks skipped)`); }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function validate(schema, v, at = '$') {
  if (!schema) return [];
  if (schema.$ref) return validate(doc.components.schemas[schema.$ref.split('/').pop()], v, at);
  if (schema.oneOf) {
    const ok = schema.oneOf.filter((s) => validate(s, v, at).length === 0).length;
    return ok === 1 ? [] : [`${at}: oneOf matched ${ok}`];
  }
  const errs = [];
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    if (!types.includes(t)) return [`${at}: type ${t} not in ${types}`];
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && schema.format === 'uuid' && !UUID.test(v)) errs.push(`${at}: not uuid`);
  if (typeof v === 'string' && schema.format === 'date-time' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v)) errs.push(`${at}: not date-time`);
  if (typeof v === 'string' && schema.format === 'uri' && !/^[a-z][a-z0-9+.-]*:[\x21-\x7e]*$/i.test(v)) errs.push(`${at}: not uri`);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...validate(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...validate(schema.items, x, `${at}[${i}]`)));
  return errs;
}
function schemaFor(path, method, status) {
  if (!doc) return null;
  const op = doc.paths[path]?.[method.toLowerCase()];
  const r = op?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema || null;
}

const s = await startServer({ port: 0 });
let failures = 0, count = 0;
function check(cond, msg) { if (!cond) { failures++; console.error('FAIL', msg); } }

async function call(method, path, { key = s.apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = 'application/json'; }
  const res = await fetch(s.baseUrl + path, { method, headers: h, body: payload });
  const text = await res.text();
  count++;
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
async function expect(label, method, path, status, opts = {}, openapiPath) {
  const r = await call(method, path, opts);
  check(r.status === status, `${label}: status ${r.status} != ${status} ${JSON.stringify(r.body)}`);
  if (r.status >= 400) {
    const b = r.body || {};
    check(b.object === 'error' && typeof b.code === 'string' && typeof b.message === 'string', `${label}: error envelope`);
    check({ 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' }[r.status] === b.code, `${label}: code ${b.code}`);
    if (r.status === 400) check(Array.isArray(b.details) && b.details.length > 0 && b.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: details`);
  }
  if (openapiPath && r.status !== 204) {
    const errs = validate(schemaFor(openapiPath, method, r.status), r.body);
    check(errs.length === 0, `${label}: schema ${errs.slice(0, 3).join('; ')}`);
  }
  if (r.status === 204) check(r.body === null, `${label}: 204 has no body`);
  return r;
}

try {
  const ws = s.workspaceId;
  // ---- sites
  const sites = await expect('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, {}, '/v2/sites');
  check(sites.body.data.length >= 2 && sites.body.data[0].name <= sites.body.data[1].name, 'sites sorted by name');
  const [blog, store] = sites.body.data;
  const p1 = await expect('list sites page 1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, {}, '/v2/sites');
  check(p1.body.hasMore === true && p1.body.data.length === 1, 'pagination hasMore');
  const p2 = await expect('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${p1.body.data[0].id}`, 200, {}, '/v2/sites');
  check(p2.body.data[0].id !== p1.body.data[0].id, 'cursor moves');
  const created = await expect('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Smoke Site', hostOrigin: 'https://smoke.example/' } }, '/v2/sites');
  check(created.body.hostOrigin === 'https://smoke.example' && created.body.defaultLocale === 'en-US', 'create site defaults');
  const sid = created.body.id;
  await expect('get site', 'GET', `/v2/sites/${sid}`, 200, {}, '/v2/sites/{siteId}');
  await expect('update site', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Smoke Site 2', hostOrigin: null } }, '/v2/sites/{siteId}');
  await expect('update site defaultLocale refused', 'PATCH', `/v2/sites/${sid}`, 400, { body: { defaultLocale: 'fr' } });
  const dup = await expect('duplicate site', 'POST', `/v2/sites/${blog.id}/duplicate`, 201, { body: { name: 'Blog Copy' } }, '/v2/sites/{siteId}/duplicate');
  await expect('duplicate name conflict', 'POST', `/v2/sites/${blog.id}/duplicate`, 409, { body: { name: 'blog copy' } });
  await expect('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expect('get deleted site', 'GET', `/v2/sites/${dup.body.id}`, 404);

  // ---- locales
  const locs = await expect('list locales', 'GET', `/v2/locales?siteId=${blog.id}`, 200, {}, '/v2/locales');
  check(locs.body.data.at(-1).isDefault === true && locs.body.data.at(-1).id === null, 'default locale last, virtual');
  const nl = await expect('create locale', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'nl-NL', domain: 'https://nl.smoke.example' } }, '/v2/locales');
  await expect('create locale dup', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'nl-NL' } });
  await expect('get locale by code', 'GET', `/v2/locales/nl-NL?siteId=${sid}`, 200, {}, '/v2/locales/{localeIdOrCode}');
  await expect('get default locale by code', 'GET', `/v2/locales/en-US?siteId=${sid}`, 200, {}, '/v2/locales/{localeIdOrCode}');
  await expect('update locale', 'PATCH', `/v2/locales/${nl.body.id}`, 200, { body: { domain: null } }, '/v2/locales/{localeIdOrCode}');
  await expect('delete locale', 'DELETE', `/v2/locales/${nl.body.id}`, 204);
  await expect('get deleted locale', 'GET', `/v2/locales/${nl.body.id}`, 404);
  await expect('restore locale', 'POST', `/v2/locales/nl-NL/restore?siteId=${sid}`, 200, {}, '/v2/locales/{localeIdOrCode}/restore');
  await expect('locale code grammar', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'en_us' } });

  // ---- pages
  const pages = await expect('list pages', 'GET', `/v6/pages?siteId=${blog.id}&includeOffline=true&sortBy=title&sortDirection=desc`, 200, {}, '/v6/pages');
  const titles = pages.body.data.map((p) => p.title);
  check(titles.at(-1) === null, 'null titles sort last');
  const pg = await expect('create page', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: '/hello', name: 'Hello' } }, '/v6/pages');
  check(pg.body.isOnline === true && pg.body.locale === 'en-US', 'new page online in default locale');
  await expect('create page conflict', 'POST', '/v6/pages', 409, { body: { siteId: sid, pathname: '/HELLO', name: 'x' } });
  const bad = await expect('create page invalid', 'POST', '/v6/pages', 400, { body: { siteId: sid, pathname: 'nope', name: '' } });
  check(bad.body.details.length === 2 && bad.body.details[0].field === 'name', 'one detail per field, sorted');
  await expect('get page by id', 'GET', `/v6/pages/${pg.body.id}`, 200, {}, '/v6/pages/{pageIdOrPathname}');
  await expect('get page by pathname', 'GET', `/v6/pages/hello?siteId=${sid}`, 200, {}, '/v6/pages/{pageIdOrPathname}');
  const loc = await expect('get page localized', 'GET', `/v6/pages/posts/hello-world?siteId=${blog.id}&locale=es-ES`, 200, {}, '/v6/pages/{pageIdOrPathname}');
  check(loc.body.pathname === '/articulos/hola-mundo' && loc.body.locale === 'es-ES', 'localized collapse');
  await expect('update page', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: { pathname: '/hello-2', isOnline: false } }, '/v6/pages/{pageIdOrPathname}');
  await expect('update page needs pathname', 'PATCH', `/v6/pages/${pg.body.id}`, 400, { body: { isOnline: true } });
  await expect('site pages alias', 'GET', `/v2/sites/${sid}/pages?limit=5`, 200, {}, '/v6/pages');
  await expect('delete page', 'DELETE', `/v6/pages/${pg.body.id}`, 204);

  // ---- routes
  const rt = await expect('create route', 'POST', '/v2/routes', 201, { body: { siteId: sid, pathname: '/docs/[slug]' } });
  check(rt.body.object === 'route' && typeof rt.body.pathname === 'string', 'route shape');
  await expect('update route by pathname', 'PATCH', `/v2/routes/docs/[slug]?siteId=${sid}`, 200, { body: { pathname: '/guides/[slug]' } });
  await expect('update route skipValidation', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=true`, 200, { body: { pathname: '/weird/{x}' } });
  await expect('list routes', 'GET', `/v2/routes?siteId=${sid}`, 200);

  // ---- auth and errors
  await expect('no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await expect('bad key', 'GET', '/nowhere', 401, { key: 'sk_nope' });
  await expect('other workspace', 'GET', `/v2/sites/${blog.id}`, 403, { key: s.otherApiKey });
  await expect('site key read own', 'GET', `/v2/sites/${store.id}`, 200, { key: s.siteApiKey }, '/v2/sites/{siteId}');
  await expect('site key read other', 'GET', `/v2/sites/${blog.id}`, 403, { key: s.siteApiKey });
  await expect('site key write', 'POST', '/v6/pages', 403, { key: s.siteApiKey, body: { siteId: store.id, pathname: '/x', name: 'x' } });
  await expect('public key', 'GET', `/v2/sites/${blog.id}`, 403, { key: blog.publicApiKey });
  await expect('malformed json', 'POST', '/v2/sites', 400, { raw: '{"name":', headers: { 'content-type': 'application/json' } });
  await expect('huge body', 'POST', '/v2/sites', 400, { raw: 'x'.repeat(200000), headers: { 'content-type': 'application/json' } });
  await expect('bad uuid path', 'GET', '/v2/sites/not-a-uuid', 400);
  await expect('unknown site', 'GET', '/v2/sites/00000000-0000-4000-8000-000000000000', 404);
  await expect('unknown path', 'GET', '/v3/whatever', 404);
  await expect('unknown query param', 'GET', `/v2/locales?siteId=${blog.id}&foo=1`, 400);
  await expect('limit out of range', 'GET', `/v2/locales?siteId=${blog.id}&limit=101`, 400);
  await expect('stale cursor', 'GET', `/v2/locales?siteId=${blog.id}&startingAfter=00000000-0000-4000-8000-000000000000`, 400);
  await expect('wrong method', 'PUT', '/v2/sites', 404);
  await expect('bad workspaceId uuid', 'GET', `/v2/sites?workspaceId=${ws}x`, 400, { key: s.siteApiKey });
  const own2 = await expect('site key list sites', 'GET', `/v2/sites/?workspaceId=${ws}`, 200, { key: s.siteApiKey }, '/v2/sites');
  check(own2.body.data.length === 1 && own2.body.data[0].id === store.id, 'site key sees only its site');
  await expect('site key implied siteId', 'GET', '/v6/pages/boutique', 200, { key: s.siteApiKey }, '/v6/pages/{pageIdOrPathname}');
  await expect('pathname without siteId (app key)', 'GET', '/v6/pages/boutique', 400);
  await expect('never published live', 'GET', `/v6/pages/drafts/launch?siteId=${blog.id}&versionRef=ref:live`, 404);
} catch (e) {
  failures++;
  console.error('FAIL (exception)', e);
} finally {
  await s.close();
}
console.log(`${count} requests, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
