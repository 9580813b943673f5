// Self-test of outsider13: starts the server in-process, calls every operation, checks statuses, the
// error envelope and a number of this deployment's own choices, and validates every success body against
// the published OpenAPI response schema (routes, absent from the OpenAPI, against the specification's table).
//   node test/contract/outsider13/smoke.mjs      (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---- a small JSON Schema checker (the subset the published OpenAPI uses)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
function check(schema, v, at = '$') {
  if (!schema || Object.keys(schema).length === 0) return [];
  if (schema.$ref) return check(doc.components.schemas[schema.$ref.split('/').pop()], v, at);
  const errs = [];
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => check(s, v, at).length === 0).length;
    if (n !== 1) errs.push(`${at}: matches ${n} of oneOf`);
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = typeOf(v);
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
  if (typeof v === 'number' && schema.minimum !== undefined && v < schema.minimum) errs.push(`${at}: below minimum`);
  if (typeOf(v) === 'object') {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...check(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...check(schema.items, x, `${at}[${i}]`)));
  return errs;
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTES = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
const ERROR = {
  type: 'object',
  required: ['object', 'code', 'message'],
  properties: { object: { enum: ['error'] }, code: { enum: ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'conflict'] }, message: { type: 'string' } },
};
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTES;
  const r = doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema ?? null;
}

// ---- harness
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
    let payload;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      if (!('content-type' in h)) h['content-type'] = 'application/json';
      h['content-length'] = Buffer.byteLength(payload);
    }
    const req = request(s.url + path, { method, headers: h }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (data += c));
      res.on('end', () => {
        let json = null;
        try {
          json = data ? JSON.parse(data) : null;
        } catch {}
        resolve({ status: res.statusCode, body: json, text: data, headers: res.headers });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
// call + status check + schema validation of a success body (`op` = OpenAPI path or 'route'/'routes')
async function call(method, path, { op, expect, ...opts } = {}) {
  calls++;
  const r = await raw(method, path, opts);
  if (expect !== undefined) ok(r.status === expect, `${method} ${path} -> ${r.status}, expected ${expect}: ${r.text.slice(0, 300)}`);
  if (r.status >= 400) {
    const errs = check(ERROR, r.body);
    ok(errs.length === 0, `${method} ${path}: error envelope ${errs.join('; ')}`);
    ok((r.status === 400) === Array.isArray(r.body?.details), `${method} ${path}: details present only on 400`);
    if (r.status === 400) ok(r.body.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), 'details items');
  } else if (r.status !== 204 && op) {
    const schema = schemaFor(op, method, r.status);
    ok(schema, `no schema for ${method} ${op} ${r.status}`);
    if (schema) {
      const errs = check(schema, r.body);
      validated++;
      ok(errs.length === 0, `${method} ${path}: schema ${errs.join('; ')}`);
    }
  }
  if (r.status === 204) ok(r.text === '', `${method} ${path}: 204 has no body`);
  return r;
}
const enc = encodeURIComponent;

try {
  const W = s.workspaceId;
  // ---- auth
  await call('GET', `/v2/sites?workspaceId=${W}`, { key: null, expect: 401 });
  await call('GET', `/v2/sites?workspaceId=${W}`, { key: 'evk_app_nope', expect: 401 });
  await call('GET', '/v9/nowhere', { key: null, expect: 401 });
  await call('GET', '/v9/nowhere', { expect: 404 });

  // ---- sites
  const list = await call('GET', `/v2/sites?workspaceId=${W}`, { op: '/v2/sites', expect: 200 });
  ok(list.body.data.length >= 2, 'workspace 1 has two sites');
  ok(list.headers['x-projection-sequence'], 'queries carry x-projection-sequence');
  const [ledger, market] = list.body.data;
  await call('GET', `/v2/sites?workspaceId=${W}`, { key: s.otherApiKey, expect: 403 });
  await call('GET', `/v2/sites?workspaceId=${W}`, { key: s.siteApiKey, expect: 403 });
  await call('GET', `/v2/sites?workspaceId=${W}&limit=0`, { expect: 400 });
  await call('GET', `/v2/sites?workspaceId=${W}&limit=101`, { expect: 400 });
  await call('GET', `/v2/sites?workspaceId=${W}&limit=010`, { expect: 400 });
  const one = await call('GET', `/v2/sites?workspaceId=${W}&limit=1e0`, { op: '/v2/sites', expect: 200 });
  ok(one.body.data.length === 1 && one.body.hasMore === true, 'limit=1e0 is 1, hasMore true');
  const two = await call('GET', `/v2/sites?workspaceId=${W}&limit=1&startingAfter=${one.body.data[0].id}`, { op: '/v2/sites', expect: 200 });
  ok(two.body.data.length === 1 && two.body.hasMore === false, 'second page of sites, exact hasMore');
  await call('GET', `/v2/sites?workspaceId=${W}&startingAfter=00000000-0000-4000-8000-000000000000`, { expect: 400 });

  const created = await call('POST', '/v2/sites', { body: { workspaceId: W, name: '  Tern Notes  ', hostOrigin: 'HTTPS://Tern.Example:443/Home/' }, op: '/v2/sites', expect: 201 });
  const site = created.body;
  ok(site.name === 'Tern Notes', 'site name trimmed');
  ok(site.hostOrigin === 'https://tern.example:443/Home/', 'hostOrigin: scheme and host lower-cased, rest kept');
  ok(site.defaultLocale === 'en-US' && site.localeManagementMode === 'internal', 'site defaults');
  ok(created.headers['x-event-sequence'], 'commands carry x-event-sequence');
  await call('POST', '/v2/sites', { body: { workspaceId: W, name: '---' }, expect: 400 });
  await call('POST', '/v2/sites', { body: { workspaceId: s.workspaceId, name: 'x', hostOrigin: null }, expect: 400 });
  await call('POST', '/v2/sites', { body: { name: 'x' }, key: s.siteApiKey, expect: 400 });
  await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: s.siteApiKey, expect: 403 });
  await call('POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: s.otherApiKey, expect: 403 });
  await call('POST', '/v2/sites', { body: '{"workspaceId":', expect: 400 });
  const cq = await call('POST', `/v2/sites?dryRun=true`, { body: { workspaceId: W, name: 'Q' }, expect: 400 });
  ok(cq.body.details[0].field === 'dryRun', 'commands refuse unknown query parameters');
  await call('GET', `/v2/sites?workspaceId=${W}&dryRun=true`, { op: '/v2/sites', expect: 200 });
  await call('POST', '/v2/sites', { body: JSON.stringify({ workspaceId: W, name: 'x' }), headers: { 'content-type': 'text/plain' }, expect: 400 });
  const multi = await call('POST', '/v2/sites', { body: { name: 5, hostOrigin: 'ftp://x', bogus: true }, expect: 400 });
  ok(multi.body.details.map((d) => d.field).join(',') === 'workspaceId,name,hostOrigin,bogus', 'every invalid field reported, schema order then unknown');

  await call('GET', `/v2/sites/${site.id}`, { op: '/v2/sites/{siteId}', expect: 200 });
  await call('GET', '/v2/sites/not-a-uuid', { expect: 400 });
  await call('GET', `/v2/sites/${ledger.id}`, { key: s.otherApiKey, expect: 403 });
  await call('GET', '/v2/sites/00000000-0000-4000-8000-000000000000', { expect: 404 });
  await call('PATCH', `/v2/sites/${site.id}`, { body: { defaultLocale: 'fr-FR' }, expect: 400 });
  const upd = await call('PATCH', `/v2/sites/${site.id}`, { body: { name: 'Tern Journal' }, op: '/v2/sites/{siteId}', expect: 200 });
  ok(upd.body.name === 'Tern Journal', 'site renamed');
  await call('PATCH', `/v2/sites/${site.id}`, { body: {}, op: '/v2/sites/{siteId}', expect: 200 });
  await call('GET', `/v2/sites/${market.id}/`, { key: s.siteApiKey, op: '/v2/sites/{siteId}', expect: 200 });
  await call('GET', `/v2/sites/${ledger.id}`, { key: s.siteApiKey, expect: 403 });

  // ---- locales
  const locs = await call('GET', `/v2/locales?siteId=${ledger.id}`, { op: '/v2/locales', expect: 200 });
  ok(locs.body.data.map((l) => l.locale).join(',') === 'en-US,es-ES,fr-FR', 'locales grouped by language, default first in its group');
  await call('GET', `/v2/locales`, { expect: 400 });
  await call('GET', `/v2/locales?siteId=${ledger.id}&limit=0`, { expect: 400 });
  const nl = await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'nl_nl', domain: 'HTTPS://NL.Tern.Example/' }, op: '/v2/locales', expect: 201 });
  ok(nl.body.locale === 'nl-NL' && nl.body.domain === 'https://nl.tern.example' && nl.body.isDefault === false, 'locale normalised, domain stored as origin');
  await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'nl-NL' }, expect: 409 });
  await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'de-DE', domain: 'https://nl.tern.example' }, expect: 409 });
  await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'english' }, expect: 400 });
  await call('GET', `/v2/locales/${nl.body.id}`, { op: '/v2/locales/{localeIdOrCode}', expect: 200 });
  await call('GET', `/v2/locales/nl-NL?siteId=${site.id}`, { op: '/v2/locales/{localeIdOrCode}', expect: 200 });
  await call('GET', `/v2/locales/nl-NL`, { expect: 400 });
  const ren = await call('PATCH', `/v2/locales/nl-NL?siteId=${site.id}`, { body: { locale: 'nl-BE', domain: null }, op: '/v2/locales/{localeIdOrCode}', expect: 200 });
  ok(ren.body.locale === 'nl-BE' && ren.body.domain === null, 'locale renamed, domain cleared');
  await call('PATCH', `/v2/locales/nl-BE?siteId=${site.id}&extra=1`, { body: {}, expect: 400 });
  await call('DELETE', `/v2/locales/en-US?siteId=${site.id}`, { expect: 400 });
  await call('DELETE', `/v2/locales/${nl.body.id}`, { expect: 204 });
  await call('DELETE', `/v2/locales/${nl.body.id}`, { expect: 204 });
  await call('GET', `/v2/locales/${nl.body.id}`, { expect: 404 });
  await call('POST', '/v2/locales', { body: { siteId: site.id, locale: 'nl-BE' }, expect: 409 });
  const back = await call('POST', `/v2/locales/nl-BE/restore?siteId=${site.id}`, { op: '/v2/locales/{localeIdOrCode}/restore', expect: 200 });
  ok(back.body.id === nl.body.id, 'restore brings back the same id');
  await call('POST', `/v2/locales/${nl.body.id}/restore`, { op: '/v2/locales/{localeIdOrCode}/restore', expect: 200 });
  await call('POST', `/v2/locales/fr-FR/restore?siteId=${site.id}`, { expect: 404 });

  // ---- pages
  const pages = await call('GET', `/v6/pages?siteId=${ledger.id}`, { op: '/v6/pages', expect: 200 });
  ok(pages.body.data.every((p) => p.isOnline), 'offline pages hidden by default');
  const allPages = await call('GET', `/v6/pages?siteId=${ledger.id}&includeOffline=true`, { op: '/v6/pages', expect: 200 });
  ok(allPages.body.data.length > pages.body.data.length, 'includeOffline=true adds offline pages');
  await call('GET', `/v6/pages?siteId=${ledger.id}&includeOffline=TRUE`, { expect: 400 });
  await call('GET', `/v6/pages?siteId=${ledger.id}&sortBy=name`, { expect: 400 });
  const byTitle = await call('GET', `/v6/pages?siteId=${ledger.id}&sortBy=title&includeOffline=true`, { op: '/v6/pages', expect: 200 });
  ok(byTitle.body.data[0].title === 'Archive', 'title sort');
  ok(byTitle.body.data.findIndex((p) => p.pathname === '/about') > byTitle.body.data.findIndex((p) => p.title === 'Storm'), 'a null title sorts as its description');
  const live = await call('GET', `/v6/pages?siteId=${ledger.id}&versionRef=ref:live&includeOffline=true`, { op: '/v6/pages', expect: 200 });
  ok(!live.body.data.some((p) => p.pathname === '/drafts/storm'), 'never-published page absent from ref:live');
  const fr = await call('GET', `/v6/pages?siteId=${ledger.id}&locale=fr-fr`, { op: '/v6/pages', expect: 200 });
  ok(fr.body.data.some((p) => p.pathname === '/carnet' && p.locale === 'fr-FR'), 'locale collapses localized pages');
  const pre = await call('GET', `/v6/pages?siteId=${ledger.id}&pathPrefix=/journal&pathPrefix=/about`, { op: '/v6/pages', expect: 200 });
  ok(pre.body.data.length === 3, 'repeated pathPrefix values are OR-ed');
  await call('GET', `/v6/pages?siteId=${ledger.id}&pathPrefix=journal`, { expect: 400 });
  await call('GET', `/v6/pages?siteId=${ledger.id}&limit=2&limit=3`, { expect: 400 });

  // pagination walk in every sort
  for (const sortBy of ['path', 'title', 'description', 'createdAt', 'updatedAt'])
    for (const dir of ['asc', 'desc']) {
      const seen = [];
      let after = '';
      for (let i = 0; i < 20; i++) {
        const r = await call('GET', `/v6/pages?siteId=${ledger.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=2${after}`, { op: '/v6/pages', expect: 200 });
        seen.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        after = `&startingAfter=${r.body.data.at(-1).id}`;
      }
      ok(seen.length === allPages.body.data.length && new Set(seen).size === seen.length, `walk ${sortBy} ${dir}`);
    }

  const np = await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/Field-Notes/', name: 'Field notes' }, op: '/v6/pages', expect: 201 });
  ok(np.body.pathname === '/field-notes' && np.body.isOnline === false && np.body.publishedAt === null, 'page pathname lower-cased, trailing slash dropped, offline');
  ok(/\.\d{6}Z$/.test(np.body.createdAt) && np.body.createdAt === np.body.updatedAt, 'microsecond timestamps, updatedAt = createdAt');
  await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/field-notes', name: 'dup' }, expect: 409 });
  await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: '' }, expect: 400 });
  await call('POST', '/v6/pages', { body: { siteId: site.id, pathname: '/x', name: 'x' }, key: s.otherApiKey, expect: 403 });
  await call('GET', `/v6/pages/${np.body.id}`, { op: '/v6/pages/{pageIdOrPathname}', expect: 200 });
  await call('GET', `/v6/pages/field-notes?siteId=${site.id}`, { op: '/v6/pages/{pageIdOrPathname}', expect: 200 });
  await call('GET', `/v6/pages/${enc('/Field-Notes')}?siteId=${site.id}`, { op: '/v6/pages/{pageIdOrPathname}', expect: 200 });
  await call('GET', `/v6/pages/field-notes`, { expect: 400 });
  await call('GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, { expect: 404 });
  const same = await call('PATCH', `/v6/pages/${np.body.id}`, { body: { name: 'Field notes', pathname: '/field-notes' }, op: '/v6/pages/{pageIdOrPathname}', expect: 200 });
  ok(same.body.updatedAt === np.body.updatedAt, 'a PATCH to the current values appends no event');
  const pub = await call('PATCH', `/v6/pages/${np.body.id}`, { body: { isOnline: true }, op: '/v6/pages/{pageIdOrPathname}', expect: 200 });
  ok(pub.body.isOnline === true && pub.body.publishedAt, 'published');
  await call('PATCH', `/v6/pages/${np.body.id}`, { body: { pathname: '/notes' }, op: '/v6/pages/{pageIdOrPathname}', expect: 200 });
  const lv = await call('GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, { op: '/v6/pages/{pageIdOrPathname}', expect: 200 });
  ok(lv.body.pathname === '/field-notes', 'live snapshot keeps the published pathname');
  await call('PATCH', `/v6/pages/${np.body.id}`, { body: { isOnline: 'yes' }, expect: 400 });
  await call('PATCH', `/v6/pages/${np.body.id}`, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}', expect: 200 });
  const sp = await call('POST', '/v6/pages', { body: { siteId: market.id, pathname: '/angebote', name: 'Angebote' }, key: s.siteApiKey, op: '/v6/pages', expect: 201 });
  await call('GET', `/v2/sites/${market.id}/pages?includeOffline=true`, { key: s.siteApiKey, op: '/v6/pages', expect: 200 });
  await call('GET', `/v2/sites/${market.id}/pages?sortBy=title`, { expect: 400 });
  const pk = market.publicApiKey;
  await call('GET', `/v6/pages?siteId=${market.id}`, { key: pk, op: '/v6/pages', expect: 200 });
  await call('GET', `/v2/sites/${market.id}`, { key: pk, expect: 403 });
  await call('DELETE', `/v6/pages/${sp.body.id}`, { key: pk, expect: 403 });
  await call('DELETE', `/v6/pages/${sp.body.id}`, { key: s.siteApiKey, expect: 204 });
  await call('DELETE', `/v6/pages/${sp.body.id}`, { key: s.siteApiKey, expect: 404 });

  // ---- routes (absent from the published OpenAPI: checked against the specification's Route table)
  const rt = await call('POST', '/v2/routes', { body: { siteId: site.id, pathname: '/feeds/:kind' }, op: 'route', expect: 201 });
  await call('POST', '/v2/routes', { body: { siteId: site.id, pathname: '/notes' }, expect: 409 });
  await call('POST', '/v2/routes', { body: { siteId: site.id, pathname: '/bad[slug]' }, expect: 400 });
  await call('GET', `/v2/routes?siteId=${site.id}`, { op: 'routes', expect: 200 });
  await call('GET', `/v2/routes/${rt.body.id}`, { op: 'route', expect: 200 });
  await call('PATCH', `/v2/routes/${enc('/feeds/:kind')}?siteId=${site.id}`, { body: { pathname: '/feeds/:format' }, op: 'route', expect: 200 });
  await call('PATCH', `/v2/routes/${rt.body.id}`, { body: { pathname: '/Legacy[1]' }, expect: 400 });
  const sk = await call('PATCH', `/v2/routes/${rt.body.id}?skipValidation=true`, { body: { pathname: '/Legacy[1]' }, op: 'route', expect: 200 });
  ok(sk.body.pathname === '/Legacy[1]', 'skipValidation stores verbatim');
  await call('PATCH', `/v2/routes/${rt.body.id}?skipValidation=yes`, { body: {}, expect: 400 });
  await call('DELETE', `/v2/routes/${rt.body.id}`, { expect: 204 });

  // ---- duplicate, delete
  const dup = await call('POST', `/v2/sites/${ledger.id}/duplicate`, { body: { name: 'Saltmarsh Ledger' }, op: '/v2/sites/{siteId}/duplicate', expect: 201 });
  ok(dup.body.localeManagementMode === 'external' && dup.body.hostOrigin === ledger.hostOrigin, 'duplicate keeps configuration');
  const dupPages = await call('GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true`, { op: '/v6/pages', expect: 200 });
  ok(dupPages.body.data.length === allPages.body.data.length, 'duplicate copies pages');
  await call('POST', `/v2/locales/pt-BR/restore?siteId=${dup.body.id}`, { op: '/v2/locales/{localeIdOrCode}/restore', expect: 200 });
  await call('POST', `/v2/sites/${ledger.id}/duplicate`, { body: {}, expect: 400 });
  await call('POST', `/v2/sites/${market.id}/duplicate`, { body: { name: 'x' }, key: s.siteApiKey, expect: 403 });
  await call('DELETE', `/v2/sites/${site.id}`, { expect: 204 });
  await call('DELETE', `/v2/sites/${site.id}`, { expect: 404 });
  await call('GET', `/v6/pages/${np.body.id}`, { expect: 404 });

  // ---- robustness
  const bad = await raw('GET', `/v6/pages/%E0%A4%A?siteId=${ledger.id}`);
  ok(bad.status === 404 && bad.body?.object === 'error', 'bad percent-encoding in the path is 404');
  const huge = await raw('POST', '/v6/pages', { body: JSON.stringify({ siteId: ledger.id, pathname: '/h', name: 'x'.repeat(300000) }) });
  ok(huge.status === 400 && huge.body.details[0].field === 'json', 'huge body is 400');
  const arr = await raw('POST', '/v6/pages', { body: '[1,2]' });
  ok(arr.status === 400, 'array body is 400');
  const head = await raw('HEAD', `/v2/sites/${ledger.id}`);
  ok(head.status === 200 && head.text === '', 'HEAD like GET without a body');
} catch (err) {
  failures++;
  console.error('FAIL (exception)', err);
} finally {
  await s.close();
}
console.log(`${calls} calls, ${validated} bodies validated, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
