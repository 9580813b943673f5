// Self-test: starts the server in-process, calls every operation of the specification and
// the published OpenAPI, checks success bodies against the OpenAPI response schemas with a
// small hand-written checker, and sends malformed and oversized requests.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { startServer } from './server.mjs';

const spec = JSON.parse(readFileSync(new URL('../../../contracts/published-openapi.json', import.meta.url)));
const S = spec.components.schemas;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

// --- a small JSON Schema checker for the subset the OpenAPI uses ---
function checkSchema(schema, v, path = '$', errs = []) {
  if (schema.$ref) return checkSchema(S[schema.$ref.split('/').pop()], v, path, errs);
  if (schema.oneOf) {
    const ok = schema.oneOf.filter((s) => checkSchema(s, v, path, []).length === 0).length;
    if (ok !== 1) errs.push(`${path}: matches ${ok} oneOf branches`);
    return errs;
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    const ok = types.some((x) => x === t || (x === 'integer' && Number.isInteger(v)));
    if (!ok) return errs.push(`${path}: ${JSON.stringify(v)} is not ${types}`), errs;
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${path}: ${v} not in ${schema.enum}`);
  if (typeof v === 'string' && schema.format === 'uuid' && !UUID.test(v)) errs.push(`${path}: not a uuid`);
  if (typeof v === 'string' && schema.format === 'date-time' && !DATE_TIME.test(v)) errs.push(`${path}: not a date-time`);
  if (typeof v === 'string' && schema.format === 'uri' && !/^[a-z][a-z0-9+.-]*:/i.test(v)) errs.push(`${path}: not a uri`);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const r of schema.required ?? []) if (!(r in v)) errs.push(`${path}: missing ${r}`);
    for (const [k, sub] of Object.entries(schema.properties ?? {})) if (k in v) checkSchema(sub, v[k], `${path}.${k}`, errs);
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => checkSchema(schema.items, x, `${path}[${i}]`, errs));
  return errs;
}
const ROUTE_SCHEMA = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE_SCHEMA }, hasMore: { type: 'boolean' } } };
const ERROR_SCHEMA = {
  type: 'object', required: ['object', 'code', 'message'],
  properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } } },
};
function opSchema(method, path, status) {
  const op = spec.paths[path]?.[method.toLowerCase()];
  return op?.responses?.[status]?.content?.['application/json']?.schema;
}

let failures = 0;
let passes = 0;
function ok(cond, label, extra) {
  if (cond) passes++;
  else {
    failures++;
    console.error(`FAIL ${label}${extra !== undefined ? ` :: ${typeof extra === 'string' ? extra : JSON.stringify(extra)}` : ''}`);
  }
}

const srv = await startServer({ port: 0 });
const base = srv.url;

async function call(method, path, { key = srv.apiKey, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] = 'application/json';
  }
  const res = await fetch(base + path, { method, headers: h, body: payload });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, body: json, headers: res.headers };
}

// expect a success checked against an OpenAPI schema (or a given one)
async function expectOk(label, method, path, status, opts = {}, schemaPath, schema) {
  const r = await call(method, path, opts);
  ok(r.status === status, `${label}: status ${status}`, `${r.status} ${JSON.stringify(r.body)}`);
  if (status !== 204) {
    const sch = schema ?? opSchema(method, schemaPath, String(status));
    ok(!!sch, `${label}: schema found`);
    if (sch) {
      const errs = checkSchema(sch, r.body);
      ok(errs.length === 0, `${label}: body matches schema`, errs);
    }
  } else ok(r.body === undefined, `${label}: empty 204 body`);
  return r;
}
async function expectErr(label, method, path, status, code, opts = {}, detailField) {
  const r = await call(method, path, opts);
  ok(r.status === status, `${label}: status ${status}`, `${r.status} ${JSON.stringify(r.body)}`);
  ok(checkSchema(ERROR_SCHEMA, r.body).length === 0 && r.body.code === code, `${label}: ${code} envelope`, r.body);
  if (status === 400) ok(Array.isArray(r.body?.details) && r.body.details.length > 0, `${label}: details present`, r.body);
  if (detailField) ok(r.body?.details?.some((d) => d.field === detailField), `${label}: details name ${detailField}`, r.body?.details);
  return r;
}

function rawRequest(text) {
  return new Promise((resolve) => {
    const s = net.connect(new URL(base).port, '127.0.0.1');
    let out = '';
    s.on('data', (d) => (out += d));
    s.on('end', () => resolve(out));
    s.on('error', () => resolve(out));
    s.on('connect', () => s.write(text));
    setTimeout(() => { s.destroy(); resolve(out); }, 3000);
  });
}

const ws = srv.workspaceId;
const siteId = srv.siteId;

try {
  // ---------- sites ----------
  const list = await expectOk('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, {}, '/v2/sites');
  ok(list.body.data.length === 2 && list.body.hasMore === false, 'list sites: two seeded sites', list.body);
  const l1 = await expectOk('list sites limit 1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, {}, '/v2/sites');
  ok(l1.body.data.length === 1 && l1.body.hasMore === true, 'list sites: hasMore', l1.body);
  const l2 = await expectOk('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${l1.body.data[0].id}`, 200, {}, '/v2/sites');
  ok(l2.body.data.length === 1 && l2.body.hasMore === false && l2.body.data[0].id !== l1.body.data[0].id, 'list sites: second page', l2.body);
  await expectErr('list sites other workspace', 'GET', `/v2/sites?workspaceId=${srv.otherWorkspaceId}`, 403, 'forbidden');
  await expectErr('list sites without workspaceId', 'GET', '/v2/sites', 400, 'bad_request', {}, 'workspaceId');
  await expectErr('list sites limit 0', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 400, 'bad_request', {}, 'limit');
  await expectErr('list sites limit 101', 'GET', `/v2/sites?workspaceId=${ws}&limit=101`, 400, 'bad_request', {}, 'limit');
  await expectErr('list sites limit abc', 'GET', `/v2/sites?workspaceId=${ws}&limit=abc`, 400, 'bad_request', {}, 'limit');
  await expectErr('list sites with site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, 'forbidden', { key: srv.siteApiKey });

  const created = await expectOk('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Smoke Site', hostOrigin: 'https://smoke.example.com' } }, '/v2/sites');
  const sid = created.body.id;
  ok(created.body.defaultLocale === 'en-US' && created.body.hostOrigin === 'https://smoke.example.com', 'create site: defaults', created.body);
  const c2 = await expectOk('create site with locale', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Zweite', defaultLocale: 'de-de' } }, '/v2/sites');
  ok(c2.body.defaultLocale === 'de-DE' && c2.body.hostOrigin === null, 'create site: locale canonicalised, hostOrigin null', c2.body);
  const e1 = await expectErr('create site missing fields', 'POST', '/v2/sites', 400, 'bad_request', { body: {} });
  ok(e1.body.details.length === 2, 'create site: one detail per missing field', e1.body.details);
  await expectErr('create site bad uuid', 'POST', '/v2/sites', 400, 'bad_request', { body: { workspaceId: 'nope', name: 'x' } }, 'workspaceId');
  await expectErr('create site bad hostOrigin', 'POST', '/v2/sites', 400, 'bad_request', { body: { workspaceId: ws, name: 'x', hostOrigin: 'not a url' } }, 'hostOrigin');
  await expectErr('create site ftp hostOrigin', 'POST', '/v2/sites', 400, 'bad_request', { body: { workspaceId: ws, name: 'x', hostOrigin: 'ftp://files.example.com' } }, 'hostOrigin');
  await expectErr('create site name type', 'POST', '/v2/sites', 400, 'bad_request', { body: { workspaceId: ws, name: 5 } }, 'name');
  await expectErr('create site blank name', 'POST', '/v2/sites', 400, 'bad_request', { body: { workspaceId: ws, name: '   ' } }, 'name');
  await expectErr('create site bad locale', 'POST', '/v2/sites', 400, 'bad_request', { body: { workspaceId: ws, name: 'x', defaultLocale: 'english' } }, 'defaultLocale');
  await expectErr('create site foreign workspace', 'POST', '/v2/sites', 403, 'forbidden', { body: { workspaceId: srv.otherWorkspaceId, name: 'x' } });
  await expectErr('create site with site key', 'POST', '/v2/sites', 403, 'forbidden', { key: srv.siteApiKey, body: { workspaceId: ws, name: 'x' } });
  await expectErr('create site malformed json', 'POST', '/v2/sites', 400, 'bad_request', { raw: '{"name":', headers: { 'content-type': 'application/json' } }, 'body');
  await expectErr('create site array body', 'POST', '/v2/sites', 400, 'bad_request', { raw: '[1]' }, 'body');
  await expectErr('create site null body', 'POST', '/v2/sites', 400, 'bad_request', { raw: 'null' }, 'body');

  await expectOk('get site', 'GET', `/v2/sites/${sid}`, 200, {}, '/v2/sites/{siteId}');
  await expectOk('get site with site key', 'GET', `/v2/sites/${siteId}`, 200, { key: srv.siteApiKey }, '/v2/sites/{siteId}');
  await expectOk('get site with publishable key', 'GET', `/v2/sites/${siteId}`, 200, { key: srv.publicApiKey }, '/v2/sites/{siteId}');
  await expectErr('get site: site key on other site', 'GET', `/v2/sites/${srv.shopSiteId}`, 403, 'forbidden', { key: srv.siteApiKey });
  await expectErr('get site: other workspace', 'GET', `/v2/sites/${siteId}`, 403, 'forbidden', { key: srv.otherApiKey });
  await expectErr('get site: unknown', 'GET', '/v2/sites/00000000-0000-4000-8000-000000000000', 404, 'not_found');
  await expectErr('get site: not a uuid', 'GET', '/v2/sites/nope', 404, 'not_found');
  const up = await expectOk('update site', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Renamed', hostOrigin: 'http://localhost:3000' } }, '/v2/sites/{siteId}');
  ok(up.body.name === 'Renamed' && up.body.hostOrigin === 'http://localhost:3000', 'update site: applied', up.body);
  await expectOk('update site empty body', 'PATCH', `/v2/sites/${sid}`, 200, { body: {} }, '/v2/sites/{siteId}');
  await expectErr('update site defaultLocale', 'PATCH', `/v2/sites/${sid}`, 400, 'bad_request', { body: { defaultLocale: 'fr-FR' } }, 'defaultLocale');
  await expectErr('update site null hostOrigin', 'PATCH', `/v2/sites/${sid}`, 400, 'bad_request', { body: { hostOrigin: null } }, 'hostOrigin');
  await expectErr('update site with publishable key', 'PATCH', `/v2/sites/${siteId}`, 403, 'forbidden', { key: srv.publicApiKey, body: { name: 'x' } });

  const dup = await expectOk('duplicate site', 'POST', `/v2/sites/${siteId}/duplicate`, 201, { body: { name: 'Journal copy' } }, '/v2/sites/{siteId}/duplicate');
  ok(dup.body.id !== siteId && dup.body.name === 'Journal copy' && dup.body.publicApiKey !== srv.publicApiKey, 'duplicate: new identity', dup.body);
  const dupPages = await call('GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true`);
  ok(dupPages.body.data.length === 4, 'duplicate: pages copied', dupPages.body);
  const dupLocales = await call('GET', `/v2/locales?siteId=${dup.body.id}`);
  ok(dupLocales.body.data.length === 3, 'duplicate: live locales copied', dupLocales.body);
  await expectErr('duplicate without name', 'POST', `/v2/sites/${siteId}/duplicate`, 400, 'bad_request', { body: {} }, 'name');
  await expectErr('duplicate foreign', 'POST', `/v2/sites/${siteId}/duplicate`, 403, 'forbidden', { key: srv.otherApiKey, body: { name: 'x' } });

  // ---------- locales ----------
  const locs = await expectOk('list locales', 'GET', `/v2/locales?siteId=${siteId}`, 200, {}, '/v2/locales');
  ok(locs.body.data.length === 3 && locs.body.data[0].isDefault === true, 'list locales: three live, default first', locs.body);
  const lp = await expectOk('list locales limit 2', 'GET', `/v2/locales?siteId=${siteId}&limit=2`, 200, {}, '/v2/locales');
  ok(lp.body.hasMore === true, 'list locales: hasMore');
  const lp2 = await expectOk('list locales page 2', 'GET', `/v2/locales?siteId=${siteId}&limit=2&startingAfter=${lp.body.data[1].id}`, 200, {}, '/v2/locales');
  ok(lp2.body.data.length === 1 && lp2.body.hasMore === false, 'list locales: last page', lp2.body);
  await expectErr('list locales no siteId', 'GET', '/v2/locales', 400, 'bad_request', {}, 'siteId');
  await expectErr('list locales bad siteId', 'GET', '/v2/locales?siteId=abc', 400, 'bad_request', {}, 'siteId');
  await expectErr('list locales limit 0', 'GET', `/v2/locales?siteId=${siteId}&limit=0`, 400, 'bad_request', {}, 'limit');
  await expectErr('list locales foreign', 'GET', `/v2/locales?siteId=${siteId}`, 403, 'forbidden', { key: srv.otherApiKey });

  const nl = await expectOk('create locale', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'fr-CA', domain: 'https://ca.example.com' } }, '/v2/locales');
  ok(nl.body.isDefault === false && nl.body.pathPrefix === null && nl.body.domain === 'https://ca.example.com', 'create locale: defaults', nl.body);
  await expectErr('create locale duplicate', 'POST', '/v2/locales', 409, 'conflict', { body: { siteId: sid, locale: 'fr-CA' } });
  await expectErr('create locale unknown site', 'POST', '/v2/locales', 404, 'not_found', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'fr-CA' } });
  await expectErr('create locale bad code', 'POST', '/v2/locales', 400, 'bad_request', { body: { siteId: sid, locale: 'fr_CA' } }, 'locale');
  await expectErr('create locale missing', 'POST', '/v2/locales', 400, 'bad_request', { body: {} }, 'siteId');

  await expectOk('get locale by id', 'GET', `/v2/locales/${nl.body.id}`, 200, {}, '/v2/locales/{localeIdOrCode}');
  const byCode = await expectOk('get locale by code', 'GET', `/v2/locales/fr-CA?siteId=${sid}`, 200, {}, '/v2/locales/{localeIdOrCode}');
  ok(byCode.body.id === nl.body.id, 'get locale by code: same locale');
  await expectErr('get locale code without siteId', 'GET', '/v2/locales/fr-CA', 400, 'bad_request', {}, 'siteId');
  await expectErr('get locale unknown code', 'GET', `/v2/locales/it-IT?siteId=${sid}`, 404, 'not_found');
  await expectErr('get locale foreign', 'GET', `/v2/locales/${nl.body.id}`, 403, 'forbidden', { key: srv.otherApiKey });
  const ul = await expectOk('update locale', 'PATCH', `/v2/locales/${nl.body.id}`, 200, { body: { locale: 'fr-BE', domain: null } }, '/v2/locales/{localeIdOrCode}');
  ok(ul.body.locale === 'fr-BE' && ul.body.domain === null, 'update locale: applied', ul.body);
  await expectErr('update locale to taken code', 'PATCH', `/v2/locales/fr-BE?siteId=${sid}`, 409, 'conflict', { body: { locale: 'en-US' } });
  await expectErr('update locale bad domain', 'PATCH', `/v2/locales/fr-BE?siteId=${sid}`, 400, 'bad_request', { body: { domain: 'nope' } }, 'domain');
  await expectOk('delete locale', 'DELETE', `/v2/locales/fr-BE?siteId=${sid}`, 204);
  await expectErr('get deleted locale', 'GET', `/v2/locales/${nl.body.id}`, 404, 'not_found');
  await expectErr('delete locale again', 'DELETE', `/v2/locales/${nl.body.id}`, 404, 'not_found');
  const def = (await call('GET', `/v2/locales/en-US?siteId=${sid}`)).body;
  await expectErr('delete default locale', 'DELETE', `/v2/locales/${def.id}`, 400, 'bad_request', {}, 'localeIdOrCode');
  await expectOk('restore locale by code', 'POST', `/v2/locales/fr-BE/restore?siteId=${sid}`, 200, {}, '/v2/locales/{localeIdOrCode}/restore');
  await expectErr('restore live locale', 'POST', `/v2/locales/${nl.body.id}/restore`, 409, 'conflict');
  await expectErr('restore unknown', 'POST', `/v2/locales/00000000-0000-4000-8000-000000000000/restore`, 404, 'not_found');
  await expectOk('restore seeded es-ES', 'POST', `/v2/locales/es-ES/restore?siteId=${siteId}`, 200, {}, '/v2/locales/{localeIdOrCode}/restore');
  await expectOk('delete es-ES again', 'DELETE', `/v2/locales/es-ES?siteId=${siteId}`, 204);

  // ---------- pages ----------
  const pl = await expectOk('list pages', 'GET', `/v6/pages?siteId=${siteId}`, 200, {}, '/v6/pages');
  ok(pl.body.data.map((p) => p.pathname).join(',') === '/,/about,/blog', 'list pages: online pages by path', pl.body.data.map((p) => p.pathname));
  const plo = await expectOk('list pages offline', 'GET', `/v6/pages?siteId=${siteId}&includeOffline=true&sortBy=createdAt&sortDirection=desc`, 200, {}, '/v6/pages');
  ok(plo.body.data.length === 4 && plo.body.data[0].pathname === '/blog/first-light', 'list pages: offline and desc', plo.body.data.map((p) => p.pathname));
  const plp = await expectOk('list pages prefix', 'GET', `/v6/pages?siteId=${siteId}&pathPrefix=/blog&includeOffline=true`, 200, {}, '/v6/pages');
  ok(plp.body.data.length === 2, 'list pages: pathPrefix', plp.body.data);
  const pfr = await expectOk('list pages locale', 'GET', `/v6/pages?siteId=${siteId}&locale=fr-FR`, 200, {}, '/v6/pages');
  ok(pfr.body.data.length === 1 && pfr.body.data[0].pathname === '/a-propos' && pfr.body.data[0].locale === 'fr-FR', 'list pages: collapsed locale', pfr.body.data);
  await expectOk('list pages live', 'GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live&sortBy=title`, 200, {}, '/v6/pages');
  const pg1 = await expectOk('list pages limit 2', 'GET', `/v6/pages?siteId=${siteId}&limit=2`, 200, {}, '/v6/pages');
  ok(pg1.body.hasMore === true, 'list pages: hasMore');
  const pg2 = await expectOk('list pages page 2', 'GET', `/v6/pages?siteId=${siteId}&limit=2&startingAfter=${pg1.body.data[1].id}`, 200, {}, '/v6/pages');
  ok(pg2.body.data.length === 1 && pg2.body.data[0].pathname === '/blog' && !pg2.body.hasMore, 'list pages: page 2', pg2.body.data);
  await expectOk('list site pages (v2)', 'GET', `/v2/sites/${siteId}/pages?limit=5`, 200, {}, '/v6/pages');
  await expectErr('list pages no siteId', 'GET', '/v6/pages', 400, 'bad_request', {}, 'siteId');
  await expectErr('list pages bad sortBy', 'GET', `/v6/pages?siteId=${siteId}&sortBy=name`, 400, 'bad_request', {}, 'sortBy');
  await expectErr('list pages bad includeOffline', 'GET', `/v6/pages?siteId=${siteId}&includeOffline=yes`, 400, 'bad_request', {}, 'includeOffline');
  await expectErr('list pages unknown locale', 'GET', `/v6/pages?siteId=${siteId}&locale=it-IT`, 400, 'bad_request', {}, 'locale');
  await expectErr('list pages foreign', 'GET', `/v6/pages?siteId=${siteId}`, 403, 'forbidden', { key: srv.otherApiKey });
  await expectOk('list pages with publishable key', 'GET', `/v6/pages?siteId=${siteId}`, 200, { key: srv.publicApiKey }, '/v6/pages');

  const np = await expectOk('create page', 'POST', '/v6/pages', 201, { body: { siteId, pathname: '/contact/', name: 'Contact' } }, '/v6/pages');
  ok(np.body.pathname === '/contact' && np.body.isOnline === true && np.body.createdAt === np.body.updatedAt, 'create page: normalised and online', np.body);
  await expectErr('create page conflict', 'POST', '/v6/pages', 409, 'conflict', { body: { siteId, pathname: '/contact', name: 'Again' } });
  await expectErr('create page clashes with route', 'POST', '/v6/pages', 409, 'conflict', { body: { siteId, pathname: '/feed.xml', name: 'Feed' } });
  const pe = await expectErr('create page empty body', 'POST', '/v6/pages', 400, 'bad_request', { body: {} });
  ok(pe.body.details.length === 3, 'create page: three details', pe.body.details);
  await expectErr('create page empty name', 'POST', '/v6/pages', 400, 'bad_request', { body: { siteId, pathname: '/x', name: '' } }, 'name');
  await expectErr('create page bad pathname', 'POST', '/v6/pages', 400, 'bad_request', { body: { siteId, pathname: 'x y', name: 'x' } }, 'pathname');
  await expectErr('create page unknown site', 'POST', '/v6/pages', 404, 'not_found', { body: { siteId: '00000000-0000-4000-8000-000000000000', pathname: '/x', name: 'x' } });
  await expectErr('create page foreign site', 'POST', '/v6/pages', 403, 'forbidden', { key: srv.otherApiKey, body: { siteId, pathname: '/x', name: 'x' } });
  await expectErr('create page publishable key', 'POST', '/v6/pages', 403, 'forbidden', { key: srv.publicApiKey, body: { siteId, pathname: '/x', name: 'x' } });
  await expectOk('create page with site key', 'POST', '/v6/pages', 201, { key: srv.siteApiKey, body: { siteId, pathname: '/with-site-key', name: 'S' } }, '/v6/pages');

  await expectOk('get page by id', 'GET', `/v6/pages/${np.body.id}`, 200, {}, '/v6/pages/{pageIdOrPathname}');
  await expectOk('get page by pathname', 'GET', `/v6/pages/${encodeURIComponent('/contact')}?siteId=${siteId}`, 200, {}, '/v6/pages/{pageIdOrPathname}');
  const gfr = await expectOk('get page localized', 'GET', `/v6/pages/${encodeURIComponent('/about')}?siteId=${siteId}&locale=fr-FR`, 200, {}, '/v6/pages/{pageIdOrPathname}');
  ok(gfr.body.pathname === '/a-propos' && gfr.body.title === 'À propos' && gfr.body.localizations.length === 2, 'get page: collapsed', gfr.body);
  await expectErr('get page pathname no siteId', 'GET', `/v6/pages/${encodeURIComponent('/contact')}`, 400, 'bad_request', {}, 'siteId');
  await expectErr('get page unknown', 'GET', `/v6/pages/${encodeURIComponent('/nope')}?siteId=${siteId}`, 404, 'not_found');
  const off = plo.body.data[0];
  await expectErr('get offline page live', 'GET', `/v6/pages/${off.id}?versionRef=ref:live`, 404, 'not_found');
  await expectErr('get page bad versionRef', 'GET', `/v6/pages/${off.id}?versionRef=live`, 400, 'bad_request', {}, 'versionRef');

  const upd = await expectOk('update page', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { pathname: '/contact-us', isOnline: false } }, '/v6/pages/{pageIdOrPathname}');
  ok(upd.body.pathname === '/contact-us' && upd.body.isOnline === false && upd.body.updatedAt >= np.body.updatedAt, 'update page: applied', upd.body);
  const repub = await expectOk('update page online', 'PATCH', `/v6/pages/${encodeURIComponent('/contact-us')}?siteId=${siteId}`, 200, { body: { isOnline: true } }, '/v6/pages/{pageIdOrPathname}');
  ok(repub.body.publishedAt >= upd.body.updatedAt, 'update page: republished', repub.body);
  await expectErr('update page conflict', 'PATCH', `/v6/pages/${np.body.id}`, 409, 'conflict', { body: { pathname: '/about' } });
  await expectErr('update page bad type', 'PATCH', `/v6/pages/${np.body.id}`, 400, 'bad_request', { body: { isOnline: 'yes' } }, 'isOnline');
  await expectOk('delete page', 'DELETE', `/v6/pages/${np.body.id}`, 204);
  await expectErr('get deleted page', 'GET', `/v6/pages/${np.body.id}`, 404, 'not_found');
  await expectErr('delete page again', 'DELETE', `/v6/pages/${np.body.id}`, 404, 'not_found');
  await expectOk('pathname free again', 'POST', '/v6/pages', 201, { body: { siteId, pathname: '/contact-us', name: 'Contact' } }, '/v6/pages');

  // ---------- routes ----------
  const rl = await expectOk('list routes', 'GET', `/v2/routes?siteId=${siteId}`, 200, {}, null, ROUTE_LIST);
  ok(rl.body.data.length === 2, 'list routes: seeded', rl.body);
  const nr = await expectOk('create route', 'POST', '/v2/routes', 201, { body: { siteId, pathname: '/docs/[...slug]' } }, null, ROUTE_SCHEMA);
  await expectErr('create route invalid', 'POST', '/v2/routes', 400, 'bad_request', { body: { siteId, pathname: '/a b' } }, 'pathname');
  await expectOk('create route skipValidation', 'POST', '/v2/routes?skipValidation=true', 201, { body: { siteId, pathname: '/legacy/*' } }, null, ROUTE_SCHEMA);
  await expectErr('create route clash with page', 'POST', '/v2/routes', 409, 'conflict', { body: { siteId, pathname: '/about' } });
  const ur = await expectOk('update route by id', 'PATCH', `/v2/routes/${nr.body.id}`, 200, { body: { pathname: '/guides/[...slug]' } }, null, ROUTE_SCHEMA);
  ok(ur.body.pathname === '/guides/[...slug]', 'update route: applied', ur.body);
  const ur2 = await expectOk('update route by pathname', 'PATCH', `/v2/routes/${encodeURIComponent('/feed.xml')}?siteId=${siteId}&skipValidation=true`, 200, { body: { pathname: 'rss (legacy)' } }, null, ROUTE_SCHEMA);
  ok(ur2.body.pathname === 'rss (legacy)', 'update route: skipValidation keeps the value', ur2.body);
  await expectErr('update route invalid', 'PATCH', `/v2/routes/${nr.body.id}`, 400, 'bad_request', { body: { pathname: 'no-slash' } }, 'pathname');
  await expectErr('update route bad skipValidation', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=yes`, 400, 'bad_request', { body: {} }, 'skipValidation');
  await expectErr('update route pathname without siteId', 'PATCH', `/v2/routes/${encodeURIComponent('/status')}`, 400, 'bad_request', { body: {} }, 'siteId');
  await expectErr('update route unknown', 'PATCH', `/v2/routes/${encodeURIComponent('/none')}?siteId=${siteId}`, 404, 'not_found', { body: {} });
  await expectErr('update route clash', 'PATCH', `/v2/routes/${nr.body.id}`, 409, 'conflict', { body: { pathname: '/blog' } });
  await expectErr('update route foreign', 'PATCH', `/v2/routes/${nr.body.id}`, 403, 'forbidden', { key: srv.otherApiKey, body: {} });
  await expectOk('get route', 'GET', `/v2/routes/${nr.body.id}`, 200, {}, null, ROUTE_SCHEMA);
  await expectOk('delete route', 'DELETE', `/v2/routes/${nr.body.id}`, 204);
  await expectErr('get deleted route', 'GET', `/v2/routes/${nr.body.id}`, 404, 'not_found');

  // ---------- delete site ----------
  await expectErr('delete site with site key', 'DELETE', `/v2/sites/${siteId}`, 403, 'forbidden', { key: srv.siteApiKey });
  await expectErr('delete foreign site', 'DELETE', `/v2/sites/${srv.otherSiteId}`, 403, 'forbidden');
  await expectOk('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await expectErr('get deleted site', 'GET', `/v2/sites/${dup.body.id}`, 404, 'not_found');
  await expectErr('pages of deleted site', 'GET', `/v6/pages?siteId=${dup.body.id}`, 404, 'not_found');
  await expectErr('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404, 'not_found');
  const after = await call('GET', `/v2/sites?workspaceId=${ws}&startingAfter=${dup.body.id}`);
  ok(after.status === 200, 'cursor of a deleted site still works', after);

  // ---------- authentication and gateway ----------
  await expectErr('no key', 'GET', `/v2/sites/${siteId}`, 401, 'unauthorized', { key: null });
  await expectErr('empty key', 'GET', `/v2/sites/${siteId}`, 401, 'unauthorized', { key: '' });
  await expectErr('unknown app key', 'GET', `/v2/sites/${siteId}`, 401, 'unauthorized', { key: 'sk_nope' });
  await expectErr('unknown uuid key', 'GET', `/v2/sites/${siteId}`, 401, 'unauthorized', { key: '00000000-0000-4000-8000-000000000000' });
  await expectErr('no key beats bad body', 'POST', '/v2/sites', 401, 'unauthorized', { key: null, raw: '{' });
  await expectErr('unknown path', 'GET', '/v2/nothing', 404, 'not_found', { key: null });
  await expectErr('unknown method', 'PUT', `/v2/sites/${siteId}`, 404, 'not_found');
  await expectErr('wrong version', 'GET', `/v6/sites/${siteId}`, 404, 'not_found');
  await expectErr('bad percent-encoding', 'GET', '/v2/locales/%E0%A4%A?siteId=x', 400, 'bad_request');
  const big = 'x'.repeat(7 * 1024 * 1024);
  await expectErr('body over the Lambda limit', 'POST', '/v6/pages', 400, 'bad_request', { raw: JSON.stringify({ siteId, pathname: '/big', name: big }) });
  const huge = await rawRequest(`POST /v6/pages HTTP/1.1\r\nHost: x\r\nx-api-key: ${srv.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${11 * 1024 * 1024}\r\n\r\n{`);
  ok(/^HTTP\/1\.1 400/.test(huge) && huge.includes('"bad_request"'), 'body over the edge limit: 400 envelope', huge.slice(0, 200));
  const garbage = await rawRequest('GARBAGE\r\n\r\n');
  ok(/^HTTP\/1\.1 400/.test(garbage) && garbage.includes('"object":"error"'), 'malformed request line: 400 envelope', garbage.slice(0, 200));
  const badCl = await rawRequest('POST /v2/sites HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
  ok(/^HTTP\/1\.1 400/.test(badCl), 'bad Content-Length: 400', badCl.slice(0, 200));
  const still = await call('GET', `/v2/sites/${siteId}`);
  ok(still.status === 200, 'server still answers after abuse');
} catch (e) {
  failures++;
  console.error('smoke crashed:', e);
} finally {
  await srv.close();
}
console.log(`${passes} checks passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
