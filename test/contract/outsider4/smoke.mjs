// Self-test of outsider4. Starts `node server.mjs --port 0` as a child process (so the announce line is
// checked too), calls every operation, checks statuses, the error envelope and this deployment's own
// choices, and validates every success body against the response schema of the published OpenAPI
// (routes, which it does not describe, against the Route table of the specification).
//   node test/contract/outsider4/smoke.mjs        (OPENAPI=/path/to/openapi.json for another copy)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OPENAPI = process.env.OPENAPI || fileURLToPath(new URL('../../../contracts/published-openapi.json', import.meta.url));
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ------------------------------------------------------------------ schema checker (the subset the OpenAPI uses)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const jsonType = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
function validate(schema, v, at = '$') {
  if (!schema || schema.description === 'Any type') return [];
  if (schema.$ref) return validate(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')], v, at);
  const errs = [];
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => validate(s, v, at).length === 0).length;
    if (n !== 1) errs.push(`${at}: matches ${n} branches of oneOf`);
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = jsonType(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return [`${at}: ${t} where ${types.join('|')} expected`];
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} not in ${schema.enum.join('|')}`);
  if (typeof v === 'string' && schema.format) {
    if (schema.format === 'uuid' && !UUID.test(v)) errs.push(`${at}: not a uuid`);
    if (schema.format === 'date-time' && !(DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)))) errs.push(`${at}: not a date-time`);
    if (schema.format === 'uri') {
      try {
        new URL(v);
      } catch {
        errs.push(`${at}: not a uri`);
      }
    }
  }
  if (jsonType(v) === 'object') {
    for (const k of schema.required || []) if (!(k in v)) errs.push(`${at}: missing ${k}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...validate(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...validate(schema.items, x, `${at}[${i}]`)));
  return errs;
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTES = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
const SITE_PAGES = doc.paths['/v6/pages'].get.responses['200'].content['application/json'].schema; // same shape as List Pages
function responseSchema(template, method, status) {
  if (template === 'route') return ROUTE;
  if (template === 'routes') return ROUTES;
  if (template === 'sitePages') return SITE_PAGES;
  const r = doc.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r ? (r.content?.['application/json']?.schema ?? {}) : null;
}

// ------------------------------------------------------------------ start the server as a child process
const child = spawn(process.execPath, [fileURLToPath(new URL('./server.mjs', import.meta.url)), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let stdout = '';
const announced = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('server did not announce itself within 10 s')), 10_000);
  child.stdout.on('data', (c) => {
    stdout += c;
    const nl = stdout.indexOf('\n');
    if (nl >= 0) {
      clearTimeout(timer);
      resolve(JSON.parse(stdout.slice(0, nl)));
    }
  });
  child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
});
const { baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey } = announced;

let failures = 0;
let checks = 0;
let validated = 0;
const operations = new Set();
function ok(cond, msg) {
  checks++;
  if (!cond) {
    failures++;
    console.error(`FAIL ${msg}`);
  }
}
ok(Object.keys(announced).join() === 'baseUrl,apiKey,workspaceId,siteApiKey,otherApiKey', `announce keys ${Object.keys(announced)}`);
ok(/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl), 'baseUrl on 127.0.0.1');
ok(UUID.test(siteApiKey) && UUID.test(workspaceId) && !UUID.test(apiKey) && /^appkey_/.test(apiKey), 'key shapes');

const ERROR_CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

/**
 * One call. `t` is the OpenAPI path template (or 'route'/'routes'/'sitePages') used to find the schema.
 * Success bodies are validated; error bodies are checked against the envelope of the specification.
 */
async function call(method, path, { key = apiKey, body, raw, headers = {}, status, t, label } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload = raw;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] ??= 'application/json';
  }
  const res = await fetch(baseUrl + path, { method, headers: h, body: payload });
  const text = await res.text();
  const name = label || `${method} ${path}`;
  let json = null;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      ok(false, `${name}: body is not JSON: ${text.slice(0, 100)}`);
    }
  }
  if (status !== undefined) ok(res.status === status, `${name}: status ${res.status}, expected ${status}: ${text.slice(0, 300)}`);
  if (res.status === 204) ok(text === '', `${name}: 204 carries a body`);
  else ok((res.headers.get('content-type') || '').startsWith('application/json'), `${name}: content-type ${res.headers.get('content-type')}`);
  if (res.status >= 400 && json) {
    ok(json.object === 'error' && json.code === ERROR_CODES[res.status] && typeof json.message === 'string', `${name}: error envelope ${text}`);
    if (res.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0, `${name}: 400 without details`);
      ok((json.details || []).every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${name}: detail shape`);
      ok(new Set((json.details || []).map((d) => d.field)).size === (json.details || []).length, `${name}: more than one detail for a field`);
    } else ok(!('details' in json), `${name}: details outside a 400`);
    if (t) {
      const s = responseSchema(t, method, res.status);
      if (s && s.$ref) ok(validate(s, json).length === 0, `${name}: error body vs schema: ${validate(s, json).join('; ')}`);
    }
  }
  if (res.ok && t) {
    operations.add(`${method} ${t}`);
    const s = responseSchema(t, method, res.status);
    ok(s !== null, `${name}: the OpenAPI has no ${res.status} response for ${method} ${t}`);
    if (s && res.status !== 204) {
      const errs = validate(s, json);
      validated++;
      ok(errs.length === 0, `${name}: schema: ${errs.slice(0, 5).join('; ')}`);
    }
  }
  return { status: res.status, body: json, headers: res.headers };
}
const enc = encodeURIComponent;
const NOWHERE = '0f0f0f0f-0000-4000-8000-000000000000';

try {
  // ================================================================ sites
  const sites = await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { status: 200, t: '/v2/sites' });
  ok(sites.body.data.length >= 2, 'workspace 1 has two sites');
  const ids = sites.body.data.map((s) => s.id);
  ok(ids.join() === [...ids].sort().join(), 'sites ordered by id');
  const journal = sites.body.data.find((s) => s.name === 'Bramble Journal');
  const market = sites.body.data.find((s) => s.name === 'Bramble Market');
  ok(journal && market, 'seeded sites present');
  const page1 = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1`, { status: 200, t: '/v2/sites' });
  ok(page1.body.data.length === 1 && page1.body.hasMore === true, 'sites limit=1 hasMore');
  const page2 = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=1&startingAfter=${page1.body.data[0].id}`, { status: 200, t: '/v2/sites' });
  ok(page2.body.data[0].id === ids[1], 'sites cursor continues');

  const created = await call('POST', '/v2/sites', { body: { workspaceId, name: '  Smoke   test site ', hostOrigin: 'https://smoke.example/app' }, status: 201, t: '/v2/sites' });
  const site = created.body;
  ok(site.name === 'Smoke test site', 'site name trimmed, inner whitespace collapsed');
  ok(site.defaultLocale === 'en-US' && site.localeManagementMode === 'external' && site.hostOrigin === 'https://smoke.example/app', 'new site defaults');
  await call('GET', `/v2/sites/${site.id}`, { status: 200, t: '/v2/sites/{siteId}' });
  const patched = await call('PATCH', `/v2/sites/${site.id}`, { body: { name: 'Smoke site' }, status: 200, t: '/v2/sites/{siteId}' });
  ok(patched.body.name === 'Smoke site' && patched.body.hostOrigin === 'https://smoke.example/app', 'update site');
  const cleared = await call('PATCH', `/v2/sites/${site.id}`, { body: { hostOrigin: null }, status: 200, t: '/v2/sites/{siteId}' });
  ok(cleared.body.hostOrigin === null, 'hostOrigin null clears it on update');
  const dl = await call('PATCH', `/v2/sites/${site.id}`, { body: { defaultLocale: 'fr-FR' }, status: 400, t: '/v2/sites/{siteId}' });
  ok(dl.body.details[0].field === 'defaultLocale', 'defaultLocale not accepted in Update Site');
  await call('PATCH', `/v2/sites/${site.id}`, { raw: '', headers: { 'content-type': 'application/json' }, status: 400, label: 'PATCH without body' });
  await call('POST', '/v2/sites', { body: { workspaceId, name: 'x', hostOrigin: 'ftp://nope' }, status: 400, t: '/v2/sites' });
  await call('POST', '/v2/sites', { body: { workspaceId: NOWHERE, name: 'x' }, status: 400, label: 'unknown workspace is 400' });
  const bad = await call('POST', '/v2/sites?oops=%zz', { body: { hostOrigin: 'x', name: 7 }, status: 400, t: '/v2/sites' });
  ok(bad.body.details.map((d) => d.field).join() === 'workspaceId,hostOrigin,name,oops', `details order: missing first, then as sent: ${bad.body.details.map((d) => d.field)}`);

  // ================================================================ locales
  const locs = await call('GET', `/v2/locales?siteId=${journal.id}`, { status: 200, t: '/v2/locales' });
  ok(locs.body.data.some((l) => l.isDefault && l.locale === 'en-US'), 'default locale listed');
  ok(!locs.body.data.some((l) => l.locale === 'da-DK'), 'soft-deleted locale hidden');
  const nl = await call('POST', '/v2/locales', { body: { siteId: journal.id, locale: 'NL-nl', domain: 'https://Bramble.example.NL/' }, status: 201, t: '/v2/locales' });
  ok(nl.body.locale === 'nl-NL' && nl.body.domain === 'https://bramble.example.nl' && nl.body.isDefault === false, 'locale normalised, domain stored as origin');
  await call('POST', '/v2/locales', { body: { siteId: journal.id, locale: 'nl-NL' }, status: 409, t: '/v2/locales' });
  await call('POST', '/v2/locales', { body: { siteId: journal.id, locale: 'en_US' }, status: 400, t: '/v2/locales' });
  await call('POST', '/v2/locales', { body: { siteId: NOWHERE, locale: 'fi' }, status: 404, t: '/v2/locales' });
  await call('GET', `/v2/locales/${nl.body.id}`, { status: 200, t: '/v2/locales/{localeIdOrCode}' });
  await call('GET', `/v2/locales/nl-nl?siteId=${journal.id}`, { status: 200, t: '/v2/locales/{localeIdOrCode}' });
  const needSite = await call('GET', '/v2/locales/nl-NL', { status: 400, t: '/v2/locales/{localeIdOrCode}' });
  ok(needSite.body.details[0].field === 'siteId', 'siteId required with a code');
  const upd = await call('PATCH', `/v2/locales/nl-NL?siteId=${journal.id}`, { body: { domain: null, pathPrefix: 'nederland' }, status: 200, t: '/v2/locales/{localeIdOrCode}' });
  ok(upd.body.domain === null && upd.body.pathPrefix === 'nederland', 'update locale');
  await call('DELETE', `/v2/locales/${nl.body.id}`, { status: 204, t: '/v2/locales/{localeIdOrCode}' });
  await call('GET', `/v2/locales/${nl.body.id}`, { status: 404, label: 'deleted locale is 404' });
  await call('DELETE', `/v2/locales/${nl.body.id}`, { status: 404, label: 'repeated locale delete is 404' });
  const restored = await call('POST', `/v2/locales/nl-NL/restore?siteId=${journal.id}`, { status: 200, t: '/v2/locales/{localeIdOrCode}/restore' });
  ok(restored.body.id === nl.body.id && restored.body.pathPrefix === 'nederland', 'restore keeps id and settings');
  await call('POST', `/v2/locales/${nl.body.id}/restore`, { status: 404, label: 'restore of a live locale is 404' });
  const defaultLoc = locs.body.data.find((l) => l.isDefault);
  const delDefault = await call('DELETE', `/v2/locales/${defaultLoc.id}`, { status: 400, t: '/v2/locales/{localeIdOrCode}' });
  ok(delDefault.body.details[0].field === 'localeIdOrCode', 'default locale cannot be deleted');
  const da = await call('POST', `/v2/locales/da-DK/restore?siteId=${journal.id}`, { status: 200, t: '/v2/locales/{localeIdOrCode}/restore' });
  const danish = await call('GET', `/v6/pages/${enc('/feltnoter')}?siteId=${journal.id}&locale=da-DK`, { status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  ok(danish.body.locale === 'da-DK' && danish.body.pathname === '/feltnoter', 'restored locale brings its localizations back');
  await call('DELETE', `/v2/locales/${da.body.id}`, { status: 204 });
  // locale pagination walk
  let seen = [];
  let cursor = '';
  for (let i = 0; i < 10; i++) {
    const r = await call('GET', `/v2/locales?siteId=${journal.id}&limit=1${cursor}`, { status: 200, t: '/v2/locales' });
    seen.push(...r.body.data.map((l) => l.id));
    if (!r.body.hasMore) break;
    cursor = `&startingAfter=${r.body.data.at(-1).id}`;
  }
  const allLocs = await call('GET', `/v2/locales?siteId=${journal.id}&limit=100`, { status: 200, t: '/v2/locales' });
  ok(seen.join() === allLocs.body.data.map((l) => l.id).join(), 'locale walk equals the full list');
  await call('GET', `/v2/locales?siteId=${journal.id}&limit=101`, { status: 400, t: '/v2/locales' });
  await call('GET', `/v2/locales?siteId=${journal.id}&limit=0`, { status: 400, t: '/v2/locales' });
  const rounded = await call('GET', `/v2/locales?siteId=${journal.id}&limit=1.6`, { status: 200, t: '/v2/locales' });
  ok(rounded.body.data.length === 2, 'limit rounded to the nearest whole number');
  await call('GET', `/v2/locales?siteId=${journal.id}&startingAfter=${da.body.id}`, { status: 400, label: 'cursor filtered out of the list is 400' });
  const nowhere = await call('GET', `/v2/locales?siteId=${journal.id}&startingAfter=${NOWHERE}`, { status: 200, t: '/v2/locales' });
  ok(nowhere.body.data.length === 0 && nowhere.body.hasMore === false, 'cursor naming nothing is an empty list');

  // ================================================================ pages
  const pages = await call('GET', `/v6/pages?siteId=${journal.id}`, { status: 200, t: '/v6/pages' });
  ok(pages.body.data.every((p) => p.isOnline), 'offline pages hidden by default');
  const withOffline = await call('GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&limit=100`, { status: 200, t: '/v6/pages' });
  ok(withOffline.body.data.length > pages.body.data.length, 'includeOffline=true widens the list');
  const live = await call('GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&versionRef=ref:live`, { status: 200, t: '/v6/pages' });
  ok(!live.body.data.some((p) => p.pathname === '/drafts/winter'), 'never-published page absent from ref:live');
  const archiveLive = live.body.data.find((p) => p.pathname === '/archive');
  ok(archiveLive && archiveLive.title === 'Archive' && archiveLive.isOnline === false, 'live snapshot of an unpublished page');
  const prefixed = await call('GET', `/v6/pages?siteId=${journal.id}&pathPrefix=${enc('/field')}`, { status: 200, t: '/v6/pages' });
  ok(prefixed.body.data.length === 2 && prefixed.body.data.every((p) => p.pathname.startsWith('/field')), 'pathPrefix begins-with');
  await call('GET', `/v6/pages?siteId=${journal.id}&pathPrefix=field`, { status: 400, t: '/v6/pages' });
  const sv = await call('GET', `/v6/pages?siteId=${journal.id}&locale=sv-se`, { status: 200, t: '/v6/pages' });
  ok(sv.body.data.length === 2 && sv.body.data.every((p) => p.locale === 'sv-SE'), 'non-default locale filter lists localized pages only');
  await call('GET', `/v6/pages?siteId=${journal.id}&locale=fi-FI`, { status: 404, label: 'unknown locale filter is 404' });
  for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt'])
    for (const dir of ['asc', 'desc']) {
      const all = await call('GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=100`, { status: 200, t: '/v6/pages' });
      const walked = [];
      let cur = '';
      for (let i = 0; i < 20; i++) {
        const r = await call('GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}&limit=2${cur}`, { status: 200, t: '/v6/pages' });
        walked.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        cur = `&startingAfter=${r.body.data.at(-1).id}`;
      }
      ok(walked.join() === all.body.data.map((p) => p.id).join(), `page walk ${sortBy} ${dir}`);
      if (sortBy === 'updatedAt' && dir === 'asc') ok(all.body.data.at(-1).updatedAt === null || all.body.data.every((p) => p.updatedAt !== null), 'nulls sort last ascending');
    }
  await call('GET', `/v6/pages?siteId=${journal.id}&sortBy=name`, { status: 400, t: '/v6/pages' });
  await call('GET', `/v6/pages?siteId=${journal.id}&limit=2&limit=3`, { status: 400, label: 'repeated parameter with different values' });
  await call('GET', `/v6/pages?siteId=${journal.id}&limit=2&limit=2`, { status: 200, t: '/v6/pages' });
  await call('GET', `/v6/pages?siteId=${journal.id}&pathPrefix=%E0%A4%A`, { status: 400, label: 'malformed percent-encoding in the query' });

  const np = await call('POST', '/v6/pages', { body: { siteId: journal.id, pathname: '/smoke/new-page', name: 'New', isOnline: true }, status: 201, t: '/v6/pages' });
  ok(np.body.isOnline === false && np.body.updatedAt === null && np.body.publishedAt === null && np.body.title === null, 'new page defaults');
  ok(np.headers.get('x-ignored-fields') === 'isOnline', 'ignored body fields are reported');
  await call('POST', '/v6/pages', { body: { siteId: journal.id, pathname: '/smoke/new-page', name: 'Again' }, status: 409, t: '/v6/pages' });
  await call('POST', '/v6/pages', { body: { siteId: journal.id, pathname: '/feeds/:kind', name: 'Clash with a route' }, status: 409, t: '/v6/pages' });
  await call('POST', '/v6/pages', { body: { siteId: journal.id, pathname: '/ok', name: '' }, status: 400, t: '/v6/pages' });
  await call('GET', `/v6/pages/${np.body.id}`, { status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  await call('GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, { status: 404, label: 'unpublished page has no live version' });
  await call('GET', `/v6/pages/${enc('/smoke/new-page')}?siteId=${journal.id}`, { status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  await call('GET', `/v6/pages/${enc('/smoke/new-page')}`, { status: 400, t: '/v6/pages/{pageIdOrPathname}' });
  const up = await call('PATCH', `/v6/pages/${np.body.id}`, { body: { isOnline: true, pathname: '/smoke/published' }, status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  ok(up.body.isOnline && up.body.publishedAt !== null && up.body.updatedAt !== null, 'going online publishes');
  const liveNow = await call('GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, { status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  ok(liveNow.body.pathname === '/smoke/published', 'live follows an online page');
  const off = await call('PATCH', `/v6/pages/${enc('/smoke/published')}?siteId=${journal.id}`, { body: { isOnline: false }, status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.publishedAt === up.body.publishedAt, 'publishedAt keeps the first publication');
  await call('PATCH', `/v6/pages/${np.body.id}`, { body: { pathname: '/smoke/draft-only' }, status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  const frozen = await call('GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, { status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  ok(frozen.body.pathname === '/smoke/published', 'edits of an offline page stay in the draft');
  const noop = await call('PATCH', `/v6/pages/${np.body.id}`, { body: {}, status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  ok(noop.body.updatedAt === frozen.body.updatedAt || noop.body.updatedAt !== null, 'empty PATCH is a no-op');
  await call('PATCH', `/v6/pages/${np.body.id}`, { body: { isOnline: 'yes' }, status: 400, t: '/v6/pages/{pageIdOrPathname}' });
  await call('PATCH', `/v6/pages/${np.body.id}`, { body: { pathname: '/About-Us' }, status: 409, t: '/v6/pages/{pageIdOrPathname}' });
  await call('DELETE', `/v6/pages/${np.body.id}`, { status: 204, t: '/v6/pages/{pageIdOrPathname}' });
  await call('GET', `/v6/pages/${np.body.id}`, { status: 404, label: 'deleted page is 404' });
  const localized = await call('GET', `/v6/pages/${enc('/notas-de-campo')}?siteId=${journal.id}&locale=pt-BR`, { status: 200, t: '/v6/pages/{pageIdOrPathname}' });
  ok(localized.body.title === 'Notas de campo' && localized.body.locale === 'pt-BR', 'localized page data collapsed');

  const sitePages = await call('GET', `/v2/sites/${journal.id}/pages?limit=3`, { status: 200, t: 'sitePages' });
  ok(sitePages.body.data.length === 3 && sitePages.body.hasMore, '/v2/sites/{siteId}/pages paginates');
  const sp2 = await call('GET', `/v2/sites/${journal.id}/pages?limit=3&startingAfter=${sitePages.body.data[2].id}`, { status: 200, t: 'sitePages' });
  ok(sp2.body.data.every((p) => p.id > sitePages.body.data[2].id), 'site pages in id order');

  // ================================================================ routes
  const routes = await call('GET', `/v2/routes?siteId=${journal.id}`, { status: 200, t: 'routes' });
  const feeds = routes.body.data.find((r) => r.pathname === '/feeds/:kind');
  ok(feeds, 'seeded route');
  const ur = await call('PATCH', `/v2/routes/${enc('/feeds/:kind')}?siteId=${journal.id}`, { body: { pathname: '/feeds/:kind/:page' }, status: 200, t: 'route' });
  ok(ur.body.pathname === '/feeds/:kind/:page' && ur.body.id === feeds.id, 'update route by pathname');
  await call('PATCH', `/v2/routes/${feeds.id}`, { body: { pathname: '/bad path' }, status: 400, label: 'route grammar' });
  await call('PATCH', `/v2/routes/${feeds.id}?skipValidation=true`, { body: { pathname: '/{anything}|goes' }, status: 200, t: 'route' });
  await call('PATCH', `/v2/routes/${feeds.id}?skipValidation=maybe`, { body: { pathname: '/x' }, status: 400, label: 'skipValidation enum' });
  await call('PATCH', `/v2/routes/${feeds.id}`, { body: { pathname: '/assets/*' }, status: 409, label: 'route clash' });
  await call('PATCH', `/v2/routes/${enc('/feeds/x')}`, { body: {}, status: 400, label: 'siteId required with a route pathname' });
  const cr = await call('POST', '/v2/routes', { body: { siteId: journal.id, pathname: '/go/:slug' }, status: 201, t: 'route' });
  await call('GET', `/v2/routes/${cr.body.id}`, { status: 200, t: 'route' });
  await call('DELETE', `/v2/routes/${cr.body.id}`, { status: 204 });

  // ================================================================ keys and permissions
  await call('GET', `/v2/sites/${journal.id}`, { key: null, status: 401, label: 'missing key' });
  await call('GET', `/v2/sites/${journal.id}`, { key: 'appkey_nope', status: 401, label: 'invalid key' });
  await call('GET', `/v2/sites/${journal.id}`, { key: otherApiKey, status: 403, t: '/v2/sites/{siteId}' });
  await call('GET', `/v2/sites?workspaceId=${workspaceId}`, { key: otherApiKey, status: 403, t: '/v2/sites' });
  await call('GET', `/v2/sites/${NOWHERE}`, { status: 404, label: 'unknown site' });
  await call('GET', `/v2/sites/${market.id}`, { key: siteApiKey, status: 200, t: '/v2/sites/{siteId}' });
  await call('GET', `/v2/sites/${journal.id}`, { key: siteApiKey, status: 403, t: '/v2/sites/{siteId}' });
  await call('POST', '/v2/sites', { key: siteApiKey, body: {}, status: 403, t: '/v2/sites' });
  await call('PATCH', `/v2/sites/${market.id}`, { key: siteApiKey, body: { name: 'Bramble Market' }, status: 200, t: '/v2/sites/{siteId}' });
  await call('POST', '/v6/pages', { key: siteApiKey, body: { siteId: market.id, pathname: '/saldi', name: 'Saldi' }, status: 201, t: '/v6/pages' });
  await call('POST', '/v2/locales', { key: siteApiKey, body: { siteId: market.id, locale: 'fr' }, status: 201, t: '/v2/locales' });
  await call('GET', `/v6/pages?siteId=${market.id}`, { key: market.publicApiKey, status: 200, t: '/v6/pages' });
  await call('PATCH', `/v6/pages/${enc('/')}?siteId=${market.id}`, { key: market.publicApiKey, body: { isOnline: false }, status: 403, label: 'publishable key cannot write' });

  // ================================================================ duplicate and delete
  const dup = await call('POST', `/v2/sites/${journal.id}/duplicate`, { body: { name: 'Journal copy' }, status: 201, t: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.id !== journal.id && dup.body.publicApiKey !== journal.publicApiKey && dup.body.defaultLocale === journal.defaultLocale && dup.body.hostOrigin === journal.hostOrigin, 'duplicate copies configuration');
  const dupPages = await call('GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true&limit=100`, { status: 200, t: '/v6/pages' });
  const srcPages = await call('GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&limit=100`, { status: 200, t: '/v6/pages' });
  ok(dupPages.body.data.map((p) => p.pathname).join() === srcPages.body.data.map((p) => p.pathname).join(), 'duplicate copies pages');
  const dupLocs = await call('GET', `/v2/locales?siteId=${dup.body.id}`, { status: 200, t: '/v2/locales' });
  ok(dupLocs.body.data.length === allLocs.body.data.length, 'duplicate copies active locales');
  await call('POST', `/v2/sites/${journal.id}/duplicate`, { body: {}, status: 400, t: '/v2/sites/{siteId}/duplicate' });
  await call('DELETE', `/v2/sites/${dup.body.id}`, { status: 204, t: '/v2/sites/{siteId}' });
  await call('DELETE', `/v2/sites/${dup.body.id}`, { status: 404, label: 'repeated site delete' });
  await call('GET', `/v2/sites/${dup.body.id}`, { key: dup.body.publicApiKey, status: 403, label: 'key of a deleted site is powerless' });
  await call('DELETE', `/v2/sites/${site.id}`, { status: 204, t: '/v2/sites/{siteId}' });

  // ================================================================ robustness
  await call('POST', '/v6/pages', { raw: '{"siteId":', headers: { 'content-type': 'application/json' }, status: 400, label: 'malformed JSON' });
  await call('POST', '/v6/pages', { raw: '[1,2]', headers: { 'content-type': 'application/json' }, status: 400, label: 'JSON array body' });
  await call('POST', '/v6/pages', { raw: 'siteId=1', headers: { 'content-type': 'text/plain' }, status: 400, label: 'wrong content type' });
  await call('POST', '/v6/pages', { raw: JSON.stringify({ siteId: journal.id, pathname: '/big', name: 'x'.repeat(200_000) }), headers: { 'content-type': 'application/json' }, status: 400, label: 'body too large' });
  await call('GET', '/v6/pages/%E0%A4%A', { status: 404, label: 'malformed percent-encoding in the path' });
  await call('GET', '/nothing/here', { key: null, status: 404, label: 'unknown path outside the versions' });
  await call('GET', '/v2/nothing', { status: 404, label: 'unknown path' });
  await call('PUT', `/v2/sites/${journal.id}`, { body: {}, status: 404, label: 'unsupported method' });
  await call('GET', '/v2/sites/not-a-uuid', { status: 404, label: 'malformed path UUID' });
  await call('GET', `//v2//sites/${journal.id}/`, { status: 200, t: '/v2/sites/{siteId}' });

  const want = [
    'POST /v2/sites', 'GET /v2/sites', 'GET /v2/sites/{siteId}', 'PATCH /v2/sites/{siteId}', 'DELETE /v2/sites/{siteId}', 'POST /v2/sites/{siteId}/duplicate',
    'POST /v2/locales', 'GET /v2/locales', 'GET /v2/locales/{localeIdOrCode}', 'PATCH /v2/locales/{localeIdOrCode}', 'DELETE /v2/locales/{localeIdOrCode}', 'POST /v2/locales/{localeIdOrCode}/restore',
    'POST /v6/pages', 'GET /v6/pages', 'GET /v6/pages/{pageIdOrPathname}', 'PATCH /v6/pages/{pageIdOrPathname}', 'DELETE /v6/pages/{pageIdOrPathname}',
  ];
  for (const [p, ops] of Object.entries(doc.paths)) for (const m of Object.keys(ops)) ok(operations.has(`${m.toUpperCase()} ${p}`), `operation not exercised: ${m.toUpperCase()} ${p}`);
  for (const w of want) ok(operations.has(w), `operation not exercised: ${w}`);
} catch (e) {
  failures++;
  console.error(`FAIL uncaught: ${e.stack}`);
}

// ------------------------------------------------------------------ stop: SIGTERM, clean exit, nothing more on stdout
const code = await new Promise((resolve) => {
  child.removeAllListeners('exit');
  child.on('exit', (c, sig) => resolve(c ?? sig));
  child.kill('SIGTERM');
});
ok(code === 0, `server exit code after SIGTERM: ${code}`);
ok(stdout.trim().split('\n').length === 1, `stdout must hold exactly one line, got: ${stdout}`);

console.log(`${failures === 0 ? 'PASS' : 'FAIL'} outsider4 smoke: ${checks} checks, ${validated} bodies validated against the published OpenAPI, ${operations.size} operations, ${failures} failure(s)`);
process.exit(failures === 0 ? 0 : 1);
