// Self-test of outsider16: starts the server in-process, calls every operation, checks statuses, the
// error envelope and this deployment's own choices, and validates every success body against the
// published OpenAPI response schema (routes, absent from the OpenAPI, against the specification's table).
//   node test/contract/outsider16/smoke.mjs        (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---------------- a small JSON Schema checker (the subset the published OpenAPI uses)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
function validate(schema, v, at = '$') {
  if (!schema || Object.keys(schema).length === 0) return [];
  if (schema.$ref) return validate(doc.components.schemas[schema.$ref.split('/').pop()], v, at);
  const errs = [];
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => validate(s, v, at).length === 0).length;
    if (n !== 1) errs.push(`${at}: matches ${n} of oneOf`);
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = kind(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return [...errs, `${at}: ${t} is not ${types.join('|')}`];
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string') {
    if (schema.format === 'uuid' && !UUID.test(v)) errs.push(`${at}: not a uuid`);
    if (schema.format === 'date-time' && (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v)))) errs.push(`${at}: not a date-time`);
    if (schema.format === 'uri') {
      try {
        new URL(v);
      } catch {
        errs.push(`${at}: not a uri`);
      }
    }
  }
  if (kind(v) === 'number' || kind(v) === 'integer') {
    if (schema.minimum !== undefined && v < schema.minimum) errs.push(`${at}: below minimum`);
    if (schema.maximum !== undefined && v > schema.maximum) errs.push(`${at}: above maximum`);
  }
  if (kind(v) === 'object') {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...validate(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...validate(schema.items, x, `${at}[${i}]`)));
  return errs;
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTES = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTES;
  const r = doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema ?? null;
}

// ---------------- harness
const s = await startServer({ port: 0 });
let failures = 0;
let calls = 0;
let validated = 0;
const ok = (cond, msg) => {
  if (!cond) {
    failures++;
    console.error(`FAIL ${msg}`);
  }
};
function raw(method, path, { key = s.apiKey, body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const h = { ...headers };
    if (key !== null) h['x-api-key'] = key;
    if (body !== undefined) h['content-length'] = Buffer.byteLength(body);
    const req = request(s.url + path, { method, headers: h }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
async function call(label, method, path, status, { key, body, rawBody, headers, op } = {}) {
  calls++;
  const h = { ...(headers || {}) };
  let payload = rawBody;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] ??= 'application/json';
  }
  const r = await raw(method, path, { key, body: payload, headers: h });
  let json = null;
  if (r.text) {
    try {
      json = JSON.parse(r.text);
    } catch {
      ok(false, `${label}: body is not JSON: ${r.text.slice(0, 80)}`);
    }
  }
  ok(r.status === status, `${label}: status ${r.status}, expected ${status}: ${r.text.slice(0, 300)}`);
  if (r.status === 204) ok(r.text === '', `${label}: 204 with a body`);
  else if (method !== 'HEAD') ok(/^application\/json/.test(r.headers['content-type'] || ''), `${label}: content-type ${r.headers['content-type']}`);
  if (r.status >= 400 && json) {
    ok(json.object === 'error' && json.code === CODES[r.status] && typeof json.message === 'string', `${label}: error envelope ${r.text}`);
    if (r.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: 400 details`);
      ok(new Set(json.details.map((d) => d.field)).size === json.details.length, `${label}: one detail per field`);
    } else ok(!('details' in json), `${label}: details outside 400`);
    const es = op && !['route', 'routes'].includes(op) ? schemaFor(op, method, r.status) : null;
    if (es && es.$ref) ok(validate(es, json).length === 0, `${label}: error schema`);
  }
  if (r.status < 300 && r.status !== 204 && op) {
    const schema = schemaFor(op, method, r.status);
    ok(schema !== null, `${label}: no schema for ${method} ${op} ${r.status}`);
    if (schema) {
      validated++;
      const errs = validate(schema, json);
      ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`);
    }
  }
  return { status: r.status, body: json, headers: r.headers, text: r.text };
}
const enc = encodeURIComponent;
const ZERO = '00000000-0000-4000-8000-000000000000';

try {
  const ws = s.workspaceId;
  // ======== sites
  const sites = await call('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Juniper Gazette|Juniper Store', 'sites in primary-key order');
  const [gazette, store] = sites.body.data;
  ok(!('defaultLocalePathPrefix' in gazette), 'defaultLocalePathPrefix omitted');
  ok(sites.text.includes('https:\\/\\/gazette'), 'json_encode escapes "/"');
  const p1 = await call('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(p1.body.hasMore === true && p1.body.data.length === 1, 'sites page 1');
  const p2 = await call('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${p1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(p2.body.hasMore === false && p2.body.data[0].id === store.id, 'sites page 2, exact hasMore');
  await call('list sites limit=1e1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1e1`, 200, { op: '/v2/sites' });
  const clamp = await call('list sites limit=5000 clamped', 'GET', `/v2/sites?workspaceId=${ws}&limit=5000`, 200, { op: '/v2/sites' });
  ok(clamp.body.data.length === 2, 'clamped list');
  await call('list sites limit=0', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 400);
  await call('list sites limit=abc', 'GET', `/v2/sites?workspaceId=${ws}&limit=abc`, 400);
  await call('list sites without workspaceId', 'GET', `/v2/sites`, 400);
  await call('list sites other workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 403, { op: '/v2/sites' });
  const unknownCursor = await call('list sites unknown cursor', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 200, { op: '/v2/sites' });
  ok(unknownCursor.body.data.length === 0 && unknownCursor.body.hasMore === false, 'unknown cursor = empty list');
  await call('list sites no key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await call('list sites bad key', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'wsk_nope' });
  await call('App key in lower case (collation)', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { key: s.apiKey.toLowerCase(), op: '/v2/sites' });
  await call('list sites with a Site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });
  await call('path literals in any case, merged slashes', 'GET', `/V2//Sites/?workspaceId=${ws}`, 200, { op: '/v2/sites' });

  const created = await call('create site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: '  Smoke Site  ', hostOrigin: 'HTTPS://Smoke.Example:443//' }, op: '/v2/sites' });
  const site = created.body;
  ok(site.name === 'Smoke Site', 'site name trimmed');
  ok(site.hostOrigin === 'HTTPS://Smoke.Example:443', `hostOrigin kept as sent without trailing slashes: ${site.hostOrigin}`);
  ok(site.defaultLocale === 'en-US' && site.localeManagementMode === 'internal', 'site defaults');
  await call('create site: several invalid fields', 'POST', '/v2/sites', 400, { body: { workspaceId: 'nope', name: '', hostOrigin: 'ftp://x' } });
  await call('create site: no body', 'POST', '/v2/sites', 400, { rawBody: '' });
  await call('create site: malformed JSON', 'POST', '/v2/sites', 400, { rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
  await call('create site: JSON sent as text/plain', 'POST', '/v2/sites', 201, { rawBody: JSON.stringify({ workspaceId: ws, name: 'Plain' }), headers: { 'content-type': 'text/plain' }, op: '/v2/sites' });
  await call('create site: hostOrigin not a URI (IRI)', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'x', hostOrigin: 'https://exämple.com' } });
  await call('create site: other workspace', 'POST', '/v2/sites', 403, { body: { workspaceId: ZERO, name: 'x' }, op: '/v2/sites' });
  await call('create site: Site key', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: ws, name: 'x' } });
  await call('create site: JSON null body is {}', 'POST', '/v2/sites', 400, { rawBody: 'null' });

  await call('get site', 'GET', `/v2/sites/${site.id}`, 200, { op: '/v2/sites/{siteId}' });
  await call('get site HEAD', 'HEAD', `/v2/sites/${site.id}`, 200);
  await call('get site malformed id', 'GET', `/v2/sites/not-a-uuid`, 404);
  await call('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await call('get site other workspace', 'GET', `/v2/sites/${site.id}`, 403, { key: s.otherApiKey, op: '/v2/sites/{siteId}' });
  await call('get site with its Site key', 'GET', `/v2/sites/${store.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await call('get site with its Site key in upper case', 'GET', `/v2/sites/${store.id}`, 200, { key: s.siteApiKey.toUpperCase(), op: '/v2/sites/{siteId}' });
  await call('get another site with a Site key', 'GET', `/v2/sites/${gazette.id}`, 403, { key: s.siteApiKey });
  await call('get site with its publicApiKey', 'GET', `/v2/sites/${store.id}`, 200, { key: store.publicApiKey, op: '/v2/sites/{siteId}' });

  const upd = await call('update site', 'PATCH', `/v2/sites/${site.id}`, 200, { body: { name: 'Smoke Site 2', hostOrigin: 'https://smoke.example/app/' }, op: '/v2/sites/{siteId}' });
  ok(upd.body.name === 'Smoke Site 2' && upd.body.hostOrigin === 'https://smoke.example/app', 'update site applied');
  await call('update site: defaultLocale not accepted', 'PATCH', `/v2/sites/${site.id}`, 400, { body: { defaultLocale: 'de-DE' } });
  await call('update site: hostOrigin null', 'PATCH', `/v2/sites/${site.id}`, 400, { body: { hostOrigin: null } });
  await call('update site: empty body no-op', 'PATCH', `/v2/sites/${site.id}`, 200, { body: {}, op: '/v2/sites/{siteId}' });
  await call('update site: [] counts as {}', 'PATCH', `/v2/sites/${site.id}`, 200, { rawBody: '[]', op: '/v2/sites/{siteId}' });
  await call('update site: unknown site with a bad body (404 first)', 'PATCH', `/v2/sites/${ZERO}`, 404, { body: { name: 5 } });
  await call('update site: Site key', 'PATCH', `/v2/sites/${store.id}`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  const spoof = await call('update site via _method spoofing', 'POST', `/v2/sites/${site.id}?_method=PATCH`, 200, { body: { name: 'Smoke Site 3' } });
  ok(spoof.body.name === 'Smoke Site 3' && validate(schemaFor('/v2/sites/{siteId}', 'PATCH', 200), spoof.body).length === 0, 'spoofed PATCH');
  await call('PUT is not served', 'PUT', `/v2/sites/${site.id}`, 404, { body: { name: 'x' } });

  // ======== locales
  const locs = await call('list locales', 'GET', `/v2/locales?siteId=${gazette.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join('|') === 'en-US|es-ES|de-DE', `locales in primary-key order, deleted hidden: ${locs.body.data.map((l) => l.locale)}`);
  ok(locs.body.data[0].isDefault === true, 'default flagged');
  const l1 = await call('list locales limit=1', 'GET', `/v2/locales?siteId=${gazette.id}&limit=1`, 200, { op: '/v2/locales' });
  const l2 = await call('list locales page 2', 'GET', `/v2/locales?siteId=${gazette.id}&limit=1&startingAfter=${l1.body.data[0].id}`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore && l2.body.data[0].locale === 'es-ES', 'locale pagination');
  await call('list locales limit=101', 'GET', `/v2/locales?siteId=${gazette.id}&limit=101`, 400, { op: '/v2/locales' });
  await call('list locales limit=0', 'GET', `/v2/locales?siteId=${gazette.id}&limit=0`, 400, { op: '/v2/locales' });
  await call('list locales no siteId', 'GET', `/v2/locales`, 400, { op: '/v2/locales' });
  await call('list locales other workspace', 'GET', `/v2/locales?siteId=${gazette.id}`, 403, { key: s.otherApiKey, op: '/v2/locales' });

  const nl = await call('create locale', 'POST', '/v2/locales', 201, { body: { siteId: site.id, locale: 'nl-nl', domain: 'https://NL.smoke.example' }, op: '/v2/locales' });
  ok(nl.body.locale === 'nl-nl' && nl.body.isDefault === false && nl.body.pathPrefix === null, 'locale code kept as sent');
  await call('create locale: same code other case', 'POST', '/v2/locales', 409, { body: { siteId: site.id, locale: 'NL-NL' }, op: '/v2/locales' });
  await call('create locale: domain taken in the workspace', 'POST', '/v2/locales', 409, { body: { siteId: gazette.id, locale: 'nl-NL', domain: 'https://nl.smoke.example' }, op: '/v2/locales' });
  await call('create locale: soft-deleted code', 'POST', '/v2/locales', 409, { body: { siteId: gazette.id, locale: 'it-IT' }, op: '/v2/locales' });
  await call('create locale: bad code and domain', 'POST', '/v2/locales', 400, { body: { siteId: site.id, locale: 'en_US', domain: 'nl.example' }, op: '/v2/locales' });
  await call('create locale: unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'fr' }, op: '/v2/locales' });
  await call('create locale: Site key', 'POST', '/v2/locales', 403, { key: s.siteApiKey, body: { siteId: store.id, locale: 'fr-BE' }, op: '/v2/locales' });

  await call('get locale by id', 'GET', `/v2/locales/${nl.body.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await call('get locale by code, any case, trailing space', 'GET', `/v2/locales/NL-NL%20?siteId=${site.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await call('get locale by code without siteId', 'GET', `/v2/locales/nl-nl`, 400, { op: '/v2/locales/{localeIdOrCode}' });
  await call('get locale unknown code', 'GET', `/v2/locales/pt-PT?siteId=${site.id}`, 404);
  await call('get locale by id, siteId of another site ignored', 'GET', `/v2/locales/${nl.body.id}?siteId=${gazette.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await call('get locale other workspace', 'GET', `/v2/locales/${nl.body.id}`, 403, { key: s.otherApiKey, op: '/v2/locales/{localeIdOrCode}' });

  const nlu = await call('update locale', 'PATCH', `/v2/locales/nl-nl?siteId=${site.id}`, 200, { body: { locale: 'nl-BE', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(nlu.body.locale === 'nl-BE' && nlu.body.domain === null, 'locale renamed, domain cleared');
  await call('update locale onto existing code', 'PATCH', `/v2/locales/${nl.body.id}`, 409, { body: { locale: 'EN-us' }, op: '/v2/locales/{localeIdOrCode}' });
  await call('update locale bad domain', 'PATCH', `/v2/locales/${nl.body.id}`, 400, { body: { domain: 'https://x.example/?q=1' }, op: '/v2/locales/{localeIdOrCode}' });

  const defLoc = locs.body.data[0];
  await call('delete default locale', 'DELETE', `/v2/locales/${defLoc.id}`, 400, { op: '/v2/locales/{localeIdOrCode}' });
  await call('delete locale', 'DELETE', `/v2/locales/nl-BE?siteId=${site.id}`, 204);
  await call('delete locale again', 'DELETE', `/v2/locales/${nl.body.id}`, 404, { op: '/v2/locales/{localeIdOrCode}' });
  await call('get deleted locale', 'GET', `/v2/locales/${nl.body.id}`, 404);
  const rest = await call('restore locale by code', 'POST', `/v2/locales/nl-be/restore?siteId=${site.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(rest.body.id === nl.body.id, 'restore keeps the id');
  await call('restore live locale (idempotent)', 'POST', `/v2/locales/${nl.body.id}/restore`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await call('restore unknown', 'POST', `/v2/locales/${ZERO}/restore`, 404, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await call('restore seeded it-IT', 'POST', `/v2/locales/it-IT/restore?siteId=${gazette.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await call('delete it-IT again', 'DELETE', `/v2/locales/it-it?siteId=${gazette.id}`, 204);

  // ======== pages
  const pages = await call('list pages', 'GET', `/v6/pages?siteId=${gazette.id}`, 200, { op: '/v6/pages' });
  ok(pages.body.data.map((p) => p.pathname).join('|') === '/|/About|/news|/news/übersicht', `pages by path, collation order, offline left out: ${pages.body.data.map((p) => p.pathname)}`);
  const all = await call('list pages includeOffline', 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(all.body.data.length === 5, 'offline page included');
  await call('list pages includeOffline=TRUE', 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=TRUE`, 400);
  await call('list pages bad sortBy', 'GET', `/v6/pages?siteId=${gazette.id}&sortBy=pathname`, 400);
  await call('list pages ref:live + includeOffline', 'GET', `/v6/pages?siteId=${gazette.id}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  const byTitle = await call('list pages by title desc', 'GET', `/v6/pages?siteId=${gazette.id}&sortBy=title&sortDirection=desc&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(byTitle.body.data[byTitle.body.data.length - 1].title === null, 'null title last in desc (NULL smallest)');
  const pre = await call('list pages pathPrefix any case', 'GET', `/v6/pages?siteId=${gazette.id}&pathPrefix=/NEWS/uber`, 200, { op: '/v6/pages' });
  ok(pre.body.data.length === 1 && pre.body.data[0].pathname === '/news/übersicht', 'pathPrefix case- and accent-insensitive');
  const es = await call('list pages locale=es-es', 'GET', `/v6/pages?siteId=${gazette.id}&locale=es-es`, 200, { op: '/v6/pages' });
  ok(es.body.data.length === 1 && es.body.data[0].pathname === '/noticias' && es.body.data[0].locale === 'es-ES', 'locale filter collapses');
  await call('list pages unknown locale', 'GET', `/v6/pages?siteId=${gazette.id}&locale=pt-BR`, 400);
  for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt'])
    for (const dir of ['asc', 'desc']) {
      const full = (await call(`sort ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}`, 200, { op: '/v6/pages' })).body.data.map((p) => p.id);
      const walked = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const r = await call(`walk ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=2${after}`, 200, { op: '/v6/pages' });
        walked.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        after = `&startingAfter=${r.body.data[r.body.data.length - 1].id}`;
      }
      ok(walked.join() === full.join(), `pagination walk ${sortBy} ${dir}`);
    }
  await call('site pages alias', 'GET', `/v2/sites/${gazette.id}/pages?limit=2`, 200, { op: '/v6/pages' });
  await call('site pages alias malformed site', 'GET', `/v2/sites/nope/pages`, 404);

  const np = await call('create page', 'POST', '/v6/pages', 201, { body: { siteId: site.id, pathname: '/Guides/Start/', name: 'Getting started' }, op: '/v6/pages' });
  ok(np.body.pathname === '/Guides/Start' && np.body.isOnline === true && np.body.title === 'Getting started', 'new page online, trailing slash dropped, title = name');
  ok(np.body.createdAt === np.body.updatedAt && np.body.publishedAt === np.body.createdAt && /[+-]\d\d:\d\d$/.test(np.body.createdAt) && !np.body.createdAt.includes('.'), 'whole-second local timestamps');
  await call('create page: same path other case', 'POST', '/v6/pages', 409, { body: { siteId: site.id, pathname: '/guides/start', name: 'x' } });
  await call('create route /press', 'POST', '/v2/routes', 201, { body: { siteId: gazette.id, pathname: '/press' }, op: 'route' });
  await call('create page: route pathname clash', 'POST', '/v6/pages', 409, { body: { siteId: gazette.id, pathname: '/PRESS', name: 'x' } });
  await call('create page: missing fields', 'POST', '/v6/pages', 400, { body: {} });
  await call('create page: empty name', 'POST', '/v6/pages', 400, { body: { siteId: site.id, pathname: '/x', name: '' } });
  await call('create page: unknown site', 'POST', '/v6/pages', 404, { body: { siteId: ZERO, pathname: '/x', name: 'x' } });
  await call('create page: other workspace', 'POST', '/v6/pages', 403, { key: s.otherApiKey, body: { siteId: site.id, pathname: '/x', name: 'x' } });
  const sp = await call('create page: Site key', 'POST', '/v6/pages', 201, { key: s.siteApiKey, body: { siteId: store.id, pathname: '/contact', name: 'Contact' }, op: '/v6/pages' });

  await call('get page by id', 'GET', `/v6/pages/${np.body.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page by raw path', 'GET', `/v6/pages/guides/START?siteId=${site.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page by encoded path', 'GET', `/v6/pages/${enc('/Guides/Start')}?siteId=${site.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get root page', 'GET', `/v6/pages/${enc('/')}?siteId=${gazette.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page by path without siteId', 'GET', `/v6/pages/guides/start`, 400);
  await call('get page unknown', 'GET', `/v6/pages/${ZERO}`, 404);
  const loc = await call('get page localized', 'GET', `/v6/pages/news?siteId=${gazette.id}&locale=es-ES`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(loc.body.pathname === '/noticias' && loc.body.title === 'Noticias', 'Get Page collapses');
  const base = await call('get page without that localization', 'GET', `/v6/pages/About?siteId=${gazette.id}&locale=es-ES`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(base.body.pathname === '/About' && base.body.locale === 'en-US', 'no localization: base form in the default locale');
  await call('get page unknown locale', 'GET', `/v6/pages/About?siteId=${gazette.id}&locale=pt-BR`, 400);
  await call('get offline page live', 'GET', `/v6/pages/drafts/spring?siteId=${gazette.id}&versionRef=ref:live`, 404);
  await call('get page with publicApiKey', 'GET', `/v6/pages/boutique?siteId=${store.id}`, 200, { key: store.publicApiKey, op: '/v6/pages/{pageIdOrPathname}' });
  await call('list pages with publicApiKey, live', 'GET', `/v6/pages?siteId=${store.id}&versionRef=ref:live`, 200, { key: store.publicApiKey, op: '/v6/pages' });
  await call('publicApiKey reads routes', 'GET', `/v2/routes?siteId=${store.id}`, 403, { key: store.publicApiKey });
  await call('publicApiKey writes', 'POST', '/v6/pages', 403, { key: store.publicApiKey, body: { siteId: store.id, pathname: '/y', name: 'y' } });

  const same = await call('update page same value', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { name: 'Getting started' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(same.body.updatedAt === np.body.updatedAt, 'no change, no updatedAt move');
  const off = await call('update page offline', 'PATCH', `/v6/pages/guides/start?siteId=${site.id}`, 200, { body: { isOnline: false, pathname: '/guides/begin' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.isOnline === false && off.body.publishedAt === np.body.publishedAt && off.body.pathname === '/guides/begin', 'offline keeps publishedAt');
  await call('update page empty body', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: {} });
  await call('update page isOnline "true"', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { isOnline: 'true' } });
  await call('update page clash', 'PATCH', `/v6/pages/${sp.body.id}`, 409, { key: s.siteApiKey, body: { pathname: '/boutique' } });
  await call('update page by Site key', 'PATCH', `/v6/pages/${sp.body.id}`, 200, { key: s.siteApiKey, body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  await call('delete page', 'DELETE', `/v6/pages/${np.body.id}`, 204);
  await call('delete page again', 'DELETE', `/v6/pages/${np.body.id}`, 404);
  await call('pathname free after delete', 'POST', '/v6/pages', 201, { body: { siteId: site.id, pathname: '/guides/begin', name: 'Again' }, op: '/v6/pages' });
  const cur = await call('deleted page as a cursor', 'GET', `/v6/pages?siteId=${site.id}&startingAfter=${np.body.id}&sortBy=createdAt`, 200, { op: '/v6/pages' });
  ok(Array.isArray(cur.body.data), 'deleted cursor answered');

  // ======== routes
  const routes = await call('list routes', 'GET', `/v2/routes?siteId=${gazette.id}`, 200, { op: 'routes' });
  ok(routes.body.data.map((r) => r.pathname).join('|') === '/feed/{format}|/legacy/{slug?}|/press', 'routes by collation');
  const nr = await call('create route', 'POST', '/v2/routes', 201, { body: { siteId: site.id, pathname: '/blog/{slug}' }, op: 'route' });
  await call('create route bad grammar', 'POST', '/v2/routes', 400, { body: { siteId: site.id, pathname: '/blog/:slug' } });
  await call('create route skipValidation', 'POST', '/v2/routes?skipValidation=true', 201, { body: { siteId: site.id, pathname: '/blog/:slug' }, op: 'route' });
  await call('get route by id', 'GET', `/v2/routes/${nr.body.id}`, 200, { op: 'route' });
  await call('get route by path', 'GET', `/v2/routes/BLOG/{slug}?siteId=${site.id}`, 200, { op: 'route' });
  const ur = await call('update route', 'PATCH', `/v2/routes/blog/{slug}?siteId=${site.id}`, 200, { body: { pathname: '/posts/{slug}' }, op: 'route' });
  ok(ur.body.pathname === '/posts/{slug}', 'route renamed');
  await call('update route: skipValidation', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=true`, 200, { body: { pathname: '/posts/[slug]' }, op: 'route' });
  await call('update route: skipValidation=yes', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=yes`, 400, { body: { pathname: '/x' } });
  await call('update route: pathname without siteId', 'PATCH', `/v2/routes/posts/x`, 400, { body: { pathname: '/x' } });
  await call('update route: clash with a page', 'PATCH', `/v2/routes/${nr.body.id}`, 409, { body: { pathname: '/guides/begin' } });
  await call('update route: empty body', 'PATCH', `/v2/routes/${nr.body.id}`, 200, { body: {}, op: 'route' });
  await call('update route: publicApiKey', 'PATCH', `/v2/routes/commande/{step}?siteId=${store.id}`, 403, { key: store.publicApiKey, body: { pathname: '/x' } });
  await call('update route: Site key', 'PATCH', `/v2/routes/commande/{step}?siteId=${store.id}`, 200, { key: s.siteApiKey, body: { pathname: '/commande/{step}/{extra?}' }, op: 'route' });
  await call('delete route', 'DELETE', `/v2/routes/${nr.body.id}`, 204);
  await call('delete route again', 'DELETE', `/v2/routes/${nr.body.id}`, 404);

  // ======== duplicate and delete
  const dup = await call('duplicate site', 'POST', `/v2/sites/${gazette.id}/duplicate`, 201, { body: { name: 'Juniper Gazette' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.id !== gazette.id && dup.body.publicApiKey !== gazette.publicApiKey && dup.body.defaultLocale === 'en-US', 'duplicate is a new site');
  const dl = await call('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dl.body.data.map((l) => l.locale).join('|') === 'en-US|es-ES|de-DE' && dl.body.data.every((l) => l.domain === null), 'duplicate copies live locales without domains');
  const dp = await call('duplicate pages', 'GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(dp.body.data.length === 5 && dp.body.data.find((p) => p.pathname === '/news').localizations.length === 2, 'duplicate copies pages with localizations');
  ok(dp.body.data[0].createdAt === all.body.data[0].createdAt, 'duplicate keeps timestamps');
  await call('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  await call('duplicate: missing name', 'POST', `/v2/sites/${gazette.id}/duplicate`, 400, { body: {} });
  await call('duplicate own site with a Site key', 'POST', `/v2/sites/${store.id}/duplicate`, 201, { key: s.siteApiKey, body: { name: 'Store copy' }, op: '/v2/sites/{siteId}/duplicate' });
  await call('delete site: Site key', 'DELETE', `/v2/sites/${store.id}`, 403, { key: s.siteApiKey });
  await call('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await call('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await call('page of a deleted site', 'GET', `/v6/pages/${dp.body.data[0].id}`, 404);

  // ======== robustness
  await call('unknown path', 'GET', '/v3/nothing', 404, { key: null });
  await call('bad percent-encoding in path', 'GET', '/v2/sites/%zz', 404);
  await call('bad percent-encoding in query', 'GET', `/v2/sites?workspaceId=${ws}&limit=%zz`, 400);
  await call('array query value', 'GET', `/v2/sites?workspaceId[]=${ws}`, 400);
  await call('deep JSON', 'POST', '/v2/sites', 400, { rawBody: '['.repeat(600) + ']'.repeat(600) });
  await call('non-object JSON', 'POST', '/v2/sites', 400, { rawBody: '42' });
  await call('invalid UTF-8', 'POST', '/v2/sites', 400, { rawBody: Buffer.from([0x7b, 0xff, 0x7d]).toString('latin1') });
  const big = await raw('POST', '/v2/sites', { body: 'x'.repeat(9 * 1024 * 1024), headers: { 'content-type': 'application/json' } }).catch(() => ({ status: 400 }));
  ok(big.status === 400, `huge body: ${big.status}`);
} catch (e) {
  failures++;
  console.error('FAIL exception', e);
} finally {
  await s.close();
}
console.log(`${failures === 0 ? 'PASS' : 'FAIL'}: ${calls} calls, ${validated} bodies validated against the OpenAPI, ${failures} failure(s)`);
process.exit(failures === 0 ? 0 : 1);
