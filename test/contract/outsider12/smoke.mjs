// Self-test of outsider12: starts the server in-process, calls every operation, checks statuses, the error
// envelope and this deployment's own choices, and validates every success body against the published
// OpenAPI response schema (routes, absent from the OpenAPI, against the specification's Route table).
//   node test/contract/outsider12/smoke.mjs        (OPENAPI=/path/to/openapi.json for another copy)
import { readFileSync } from 'node:fs';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---- a hand-written checker for the JSON Schema subset the OpenAPI uses
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
    const k = kind(v);
    if (!types.includes(k) && !(k === 'integer' && types.includes('number'))) return [...errs, `${at}: ${k} is not ${types.join('|')}`];
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
  if (kind(v) === 'object') {
    for (const r of schema.required || []) if (!(r in v)) errs.push(`${at}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties || {})) if (k in v) errs.push(...validate(s, v[k], `${at}.${k}`));
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...validate(schema.items, x, `${at}[${i}]`)));
  return errs;
}
const ROUTE = { type: 'object', required: ['object', 'id', 'pathname'], properties: { object: { enum: ['route'] }, id: { type: 'string', format: 'uuid' }, pathname: { type: 'string' } } };
const ROUTES = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
function schemaOf(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTES;
  const r = doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)];
  return r?.content?.['application/json']?.schema ?? null;
}

// ---- harness
const s = await startServer({ port: 0, log: () => {} });
let failures = 0;
let calls = 0;
let validated = 0;
const ok = (cond, msg) => {
  if (!cond) {
    failures++;
    console.error(`FAIL ${msg}`);
  }
};
const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

async function call(label, method, path, status, { key = s.apiKey, body, raw, headers = {}, op, as } = {}) {
  calls++;
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload = raw;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    if (!('content-type' in h)) h['content-type'] = 'application/json';
  }
  const r = await fetch(s.url + path, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      ok(false, `${label}: body is not JSON: ${text.slice(0, 80)}`);
    }
  }
  ok(r.status === status, `${label}: status ${r.status}, expected ${status}: ${text.slice(0, 300)}`);
  if (r.status === 204) ok(text === '', `${label}: 204 with a body`);
  else if (method !== 'HEAD') ok(/^application\/json/.test(r.headers.get('content-type') || ''), `${label}: content-type`);
  if (r.status >= 400 && json) {
    ok(json.object === 'error' && json.code === CODES[r.status] && typeof json.message === 'string', `${label}: error envelope ${text}`);
    if (r.status === 400) {
      ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), `${label}: 400 details`);
      ok(new Set(json.details.map((d) => d.field)).size === json.details.length, `${label}: one detail per field`);
    } else ok(!('details' in json), `${label}: details outside 400`);
    const es = op && op.startsWith('/') ? schemaOf(op, method, r.status) : null;
    if (es && es.$ref) ok(validate(es, json).length === 0, `${label}: error schema`);
  }
  if (r.status < 300 && r.status !== 204 && op) {
    const schema = schemaOf(op, as || method, r.status);
    ok(schema !== null, `${label}: no schema for ${as || method} ${op} ${r.status}`);
    if (schema) {
      validated++;
      const errs = validate(schema, json);
      ok(errs.length === 0, `${label}: schema: ${errs.slice(0, 4).join('; ')}`);
    }
  }
  return { status: r.status, body: json, headers: r.headers, text };
}
const ZERO = '00000000-0000-4000-8000-000000000000';
const enc = encodeURIComponent;
const fields = (r) => (r.body?.details || []).map((d) => d.field).join(',');

try {
  const ws = s.workspaceId;
  // ======== sites
  const sites = await call('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Driftwood Gazette|Driftwood Outfitters', 'sites in creation order');
  ok(Object.keys(sites.body).join(',') === 'data,hasMore,object', 'keys serialised sorted');
  const [gazette, outfitters] = sites.body.data;
  ok(gazette.defaultLocalePathPrefix === null && gazette.localeManagementMode === 'external', 'site defaults');
  ok(/^[0-9a-f-]{14}5/.test(gazette.id), 'ids are UUID v5');
  const p1 = await call('list sites limit=1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1`, 200, { op: '/v2/sites' });
  ok(p1.body.hasMore === true && p1.body.data.length === 1, 'sites page 1');
  const p2 = await call('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${p1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(p2.body.hasMore === false && p2.body.data[0].id === outfitters.id, 'sites page 2, hasMore exact');
  const stale = await call('unknown cursor is ignored', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 200, { op: '/v2/sites' });
  ok(stale.body.data.length === 2, 'unknown cursor restarts the list');
  await call('limit=010 accepted', 'GET', `/v2/sites?workspaceId=${ws}&limit=010`, 200, { op: '/v2/sites' });
  let r = await call('limit=101 refused', 'GET', `/v2/sites?workspaceId=${ws}&limit=101`, 400);
  ok(fields(r) === 'limit', 'limit detail');
  await call('limit=0 refused', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 400);
  await call('limit=2.5 refused', 'GET', `/v2/sites?workspaceId=${ws}&limit=2.5`, 400);
  await call('limit= refused', 'GET', `/v2/sites?workspaceId=${ws}&limit=`, 400);
  await call('workspaceId twice', 'GET', `/v2/sites?workspaceId=${ws}&workspaceId=${ws}`, 400);
  await call('workspaceId missing', 'GET', `/v2/sites`, 400);
  await call('other workspace 403', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey });
  await call('unknown workspace 403', 'GET', `/v2/sites?workspaceId=${ZERO}`, 403);
  await call('no key 401', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: null });
  await call('bad key 401', 'GET', `/v2/sites?workspaceId=${ws}`, 401, { key: 'doc_app_nope' });
  await call('site key cannot list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });
  await call('trailing slash forgiven', 'GET', `/v2/sites/?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  await call('unknown path 404', 'GET', `/v2/nothing`, 404);
  await call('unknown method 404', 'PUT', `/v2/sites`, 404);
  await call('malformed JSON answered before auth', 'POST', `/v2/sites`, 400, { key: null, raw: '{oops', headers: { 'content-type': 'application/json' } });
  r = await call('text/plain refused', 'POST', `/v2/sites`, 400, { raw: '{}', headers: { 'content-type': 'text/plain' } });
  ok(fields(r) === 'content-type', 'content-type detail');
  await call('charset latin1 refused', 'POST', `/v2/sites`, 400, { raw: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
  await call('array body refused', 'POST', `/v2/sites`, 400, { body: [] });
  await call('huge body refused', 'POST', `/v2/sites`, 400, { raw: '{"name":"' + 'x'.repeat(600_000) + '"}', headers: { 'content-type': 'application/json' } });

  r = await call('create site: several problems', 'POST', `/v2/sites`, 400, { body: { name: 5, hostOrigin: 'ftp://x', _rev: 3 } });
  ok(fields(r) === 'workspaceId,name,hostOrigin,_rev', `details in declared order then reserved: ${fields(r)}`);
  const created = await call('create site', 'POST', `/v2/sites`, 201, { body: { workspaceId: ws, name: '  Spaced  ', hostOrigin: 'HTTPS://Smoke.Example:443/', defaultLocale: 'en-gb', extra: 1 }, op: '/v2/sites' });
  const cs = created.body;
  ok(cs.name === '  Spaced  ', 'site name kept as sent');
  ok(cs.hostOrigin === 'https://smoke.example:443', `hostOrigin keeps its explicit port: ${cs.hostOrigin}`);
  ok(cs.defaultLocale === 'en-GB', 'defaultLocale normalised');
  ok(created.headers.get('etag') === '"1"', 'etag is the document revision');
  await call('create site in other workspace 403', 'POST', `/v2/sites`, 403, { body: { workspaceId: ws, name: 'x' }, key: s.otherApiKey });
  await call('create site hostOrigin with path 400', 'POST', `/v2/sites`, 400, { body: { workspaceId: ws, name: 'x', hostOrigin: 'https://a.example/app' } });
  await call('create site IRI 400', 'POST', `/v2/sites`, 400, { body: { workspaceId: ws, name: 'x', hostOrigin: 'https://exämple.com' } });
  await call('create site name too long (bytes)', 'POST', `/v2/sites`, 400, { body: { workspaceId: ws, name: 'é'.repeat(101) } });
  await call('get site', 'GET', `/v2/sites/${cs.id}`, 200, { op: '/v2/sites/{siteId}' });
  await call('get site upper-case id', 'GET', `/v2/sites/${cs.id.toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  await call('get site malformed id 404', 'GET', `/v2/sites/not-a-uuid`, 404);
  await call('get site unknown 404', 'GET', `/v2/sites/${ZERO}`, 404);
  await call('get site other workspace 403', 'GET', `/v2/sites/${cs.id}`, 403, { key: s.otherApiKey });
  await call('head site', 'HEAD', `/v2/sites/${cs.id}`, 200);
  r = await call('update site', 'PATCH', `/v2/sites/${cs.id}`, 200, { body: { name: 'Renamed', hostOrigin: null }, op: '/v2/sites/{siteId}' });
  ok(r.body.name === 'Renamed' && r.body.hostOrigin === null, 'update site applied, null clears hostOrigin');
  ok(r.headers.get('etag') === '"2"', 'revision moved');
  await call('update site defaultLocale refused', 'PATCH', `/v2/sites/${cs.id}`, 400, { body: { defaultLocale: 'fr' } });
  await call('update site stale If-Match 409', 'PATCH', `/v2/sites/${cs.id}`, 409, { body: { name: 'x' }, headers: { 'if-match': '"1"' } });
  await call('update site current If-Match', 'PATCH', `/v2/sites/${cs.id}`, 200, { body: { name: 'Renamed again' }, headers: { 'if-match': '"2"' }, op: '/v2/sites/{siteId}' });
  r = await call('method override POST->PATCH', 'POST', `/v2/sites/${cs.id}`, 200, { body: { name: 'Overridden' }, headers: { 'x-http-method-override': 'PATCH' }, op: '/v2/sites/{siteId}', as: 'PATCH' });
  ok(r.body.name === 'Overridden', 'override applied');
  await call('site key updates its site', 'PATCH', `/v2/sites/${outfitters.id}`, 200, { key: s.siteApiKey, body: {}, op: '/v2/sites/{siteId}' });
  await call('site key other site 403', 'GET', `/v2/sites/${gazette.id}`, 403, { key: s.siteApiKey });
  await call('site key cannot delete', 'DELETE', `/v2/sites/${outfitters.id}`, 403, { key: s.siteApiKey });
  await call('publishable key cannot get site', 'GET', `/v2/sites/${gazette.id}`, 403, { key: gazette.publicApiKey });

  // duplicate
  const dup = await call('duplicate site', 'POST', `/v2/sites/${gazette.id}/duplicate`, 201, { body: { name: 'Driftwood Gazette' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.name === 'Driftwood Gazette' && dup.body.id !== gazette.id && dup.body.publicApiKey !== gazette.publicApiKey, 'duplicate is a new site, same name allowed');
  ok(dup.body.hostOrigin === gazette.hostOrigin && dup.body.defaultLocale === 'en-US', 'duplicate copies configuration');
  const dl = await call('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dl.body.data.map((l) => l.locale).join(',') === 'en-US,fr-FR,ja-JP', `duplicate copies active locales only: ${dl.body.data.map((l) => l.locale)}`);
  const dp = await call('duplicate pages', 'GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  const op = await call('source pages', 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(dp.body.data.length === op.body.data.length && dp.body.data.every((p, i) => p.createdAt === op.body.data[i].createdAt && p.id !== op.body.data[i].id), 'duplicate copies pages with their timestamps, new ids');
  const dr = await call('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  ok(dr.body.data.length === 2, 'duplicate copies routes');
  await call('duplicate name missing', 'POST', `/v2/sites/${gazette.id}/duplicate`, 400, { body: {} });
  await call('duplicate by site key 403', 'POST', `/v2/sites/${outfitters.id}/duplicate`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  await call('delete duplicate', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await call('delete duplicate again 404', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await call('deleted site pages gone', 'GET', `/v6/pages/${dp.body.data[0].id}`, 404);

  // ======== locales
  const locs = await call('list locales', 'GET', `/v2/locales?siteId=${gazette.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join(',') === 'en-US,fr-FR,ja-JP', 'locales in document order, deleted hidden');
  ok(locs.body.data[1].pathPrefix === 'fr-FR' && locs.body.data[0].isDefault === true, 'pathPrefix is the code');
  const l1 = await call('list locales limit=1', 'GET', `/v2/locales?siteId=${gazette.id}&limit=1`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore === true, 'locales hasMore');
  await call('list locales page 2', 'GET', `/v2/locales?siteId=${gazette.id}&limit=2&startingAfter=${l1.body.data[0].id}`, 200, { op: '/v2/locales' });
  await call('list locales siteId missing', 'GET', `/v2/locales`, 400);
  await call('list locales limit 101', 'GET', `/v2/locales?siteId=${gazette.id}&limit=101`, 400);
  await call('list locales publishable key', 'GET', `/v2/locales?siteId=${gazette.id}`, 200, { key: gazette.publicApiKey, op: '/v2/locales' });
  const fr = locs.body.data[1];
  await call('get locale by id', 'GET', `/v2/locales/${fr.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await call('get locale by code', 'GET', `/v2/locales/fr-fr?siteId=${gazette.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  r = await call('get locale by code without siteId', 'GET', `/v2/locales/fr-FR`, 400);
  ok(fields(r) === 'siteId', 'siteId detail');
  await call('get locale garbage 404', 'GET', `/v2/locales/zzz-1?siteId=${gazette.id}`, 404);
  await call('get deleted locale 404', 'GET', `/v2/locales/it-IT?siteId=${gazette.id}`, 404);
  await call('get locale other workspace 403', 'GET', `/v2/locales/${fr.id}`, 403, { key: s.otherApiKey });

  const nl = await call('create locale', 'POST', `/v2/locales`, 201, { body: { siteId: cs.id, locale: 'nl-nl', domain: 'https://www.NL.smoke.example' }, op: '/v2/locales' });
  ok(nl.body.locale === 'nl-NL' && nl.body.domain === 'https://www.nl.smoke.example' && nl.body.isDefault === false, 'locale normalised');
  await call('create locale same domain without www 409', 'POST', `/v2/locales`, 409, { body: { siteId: cs.id, locale: 'de', domain: 'https://nl.smoke.example' } });
  await call('create locale duplicate code 409', 'POST', `/v2/locales`, 409, { body: { siteId: cs.id, locale: 'nl-NL' } });
  await call('create locale soft-deleted code 409', 'POST', `/v2/locales`, 409, { body: { siteId: gazette.id, locale: 'it-IT' } });
  await call('create locale underscore 400', 'POST', `/v2/locales`, 400, { body: { siteId: cs.id, locale: 'de_DE' } });
  await call('create locale domain without protocol 400', 'POST', `/v2/locales`, 400, { body: { siteId: cs.id, locale: 'de', domain: 'de.example' } });
  await call('create locale unknown site 404', 'POST', `/v2/locales`, 404, { body: { siteId: ZERO, locale: 'de' } });
  await call('site key cannot create locales', 'POST', `/v2/locales`, 403, { key: s.siteApiKey, body: { siteId: outfitters.id, locale: 'fr' } });
  r = await call('update locale', 'PATCH', `/v2/locales/${nl.body.id}`, 200, { body: { locale: 'nl-BE', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(r.body.locale === 'nl-BE' && r.body.domain === null, 'locale renamed, domain cleared');
  await call('update locale onto the default code 409', 'PATCH', `/v2/locales/nl-BE?siteId=${cs.id}`, 409, { body: { locale: 'en-GB' } });
  // default locale deletion promotes the next locale
  const en = await call('get default locale', 'GET', `/v2/locales/en-GB?siteId=${cs.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await call('delete default locale', 'DELETE', `/v2/locales/${en.body.id}`, 204);
  r = await call('site default follows', 'GET', `/v2/sites/${cs.id}`, 200, { op: '/v2/sites/{siteId}' });
  ok(r.body.defaultLocale === 'nl-BE', `default promoted: ${r.body.defaultLocale}`);
  await call('delete the only locale 400', 'DELETE', `/v2/locales/nl-BE?siteId=${cs.id}`, 400);
  await call('delete locale again 404', 'DELETE', `/v2/locales/${en.body.id}`, 404);
  r = await call('restore locale', 'POST', `/v2/locales/en-GB/restore?siteId=${cs.id}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(r.body.id === en.body.id && r.body.isDefault === false, 'restored with its id, no longer default');
  await call('restore active locale 409', 'POST', `/v2/locales/${en.body.id}/restore`, 409);
  r = await call('restored locale listed last', 'GET', `/v2/locales?siteId=${cs.id}`, 200, { op: '/v2/locales' });
  ok(r.body.data.map((l) => l.locale).join(',') === 'nl-BE,en-GB', `restore appends: ${r.body.data.map((l) => l.locale)}`);
  await call('restore unknown code 404', 'POST', `/v2/locales/pt-PT/restore?siteId=${cs.id}`, 404);
  // internal locale management
  await call('switch site to internal', 'PATCH', `/v2/sites/${cs.id}`, 200, { body: { localeManagementMode: 'internal' }, op: '/v2/sites/{siteId}' });
  await call('internal site refuses locale writes', 'POST', `/v2/locales`, 403, { body: { siteId: cs.id, locale: 'sv' } });
  await call('switch site back to external', 'PATCH', `/v2/sites/${cs.id}`, 200, { body: { localeManagementMode: 'external' }, op: '/v2/sites/{siteId}' });

  // ======== pages
  const pages = await call('list pages', 'GET', `/v6/pages?siteId=${gazette.id}`, 200, { op: '/v6/pages' });
  ok(pages.body.data.map((p) => p.pathname).join(',') === '/,/about,/news,/news/harbor-fair', `pages path order, offline hidden: ${pages.body.data.map((p) => p.pathname)}`);
  ok(/\.\dZ$/.test(pages.body.data[0].createdAt), 'decisecond timestamps');
  ok(pages.body.data.every((p) => p.excludedFromSearchEngines === !p.isOnline && p.locale === 'en-US'), 'excluded follows isOnline; locale present');
  const news = pages.body.data[2];
  ok(news.localizations.map((z) => z.locale).join(',') === 'fr-FR,ja-JP', 'localizations in locale order, deleted hidden');
  r = await call('list pages with offline', 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(r.body.data.length === 5, 'includeOffline');
  r = await call('list pages title desc', 'GET', `/v6/pages?siteId=${gazette.id}&sortBy=title&sortDirection=desc`, 200, { op: '/v6/pages' });
  ok(r.body.data[r.body.data.length - 1].pathname === '/about', 'null title sorts smallest (last when desc)');
  for (const sortBy of ['title', 'path', 'description', 'updatedAt', 'createdAt'])
    for (const dir of ['asc', 'desc']) {
      const seen = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const pg = await call(`walk ${sortBy} ${dir}`, 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=true&limit=2&sortBy=${sortBy}&sortDirection=${dir}${after}`, 200, { op: '/v6/pages' });
        seen.push(...pg.body.data.map((p) => p.id));
        if (!pg.body.hasMore) break;
        after = `&startingAfter=${pg.body.data[pg.body.data.length - 1].id}`;
      }
      ok(seen.length === 5 && new Set(seen).size === 5, `walk ${sortBy} ${dir} sees every page once`);
    }
  r = await call('list pages pathPrefix', 'GET', `/v6/pages?siteId=${gazette.id}&pathPrefix=news`, 200, { op: '/v6/pages' });
  ok(r.body.data.map((p) => p.pathname).join(',') === '/news,/news/harbor-fair', 'pathPrefix gets its slash');
  r = await call('list pages locale fr', 'GET', `/v6/pages?siteId=${gazette.id}&locale=fr-FR`, 200, { op: '/v6/pages' });
  ok(r.body.data.map((p) => p.pathname).join(',') === '/actualites,/actualites/foire' && r.body.data[0].locale === 'fr-FR' && r.body.data[0].title === 'Actualités', 'locale filter collapses');
  r = await call('list pages unknown locale', 'GET', `/v6/pages?siteId=${gazette.id}&locale=pt-BR`, 200, { op: '/v6/pages' });
  ok(r.body.data.length === 0 && r.body.hasMore === false, 'unknown locale: empty');
  await call('list pages malformed locale', 'GET', `/v6/pages?siteId=${gazette.id}&locale=xx_yy_zz`, 400);
  r = await call('live + includeOffline: the live version holds online pages only', 'GET', `/v6/pages?siteId=${gazette.id}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(r.body.data.every((p) => p.isOnline), 'live pages are online');
  await call('list pages live', 'GET', `/v6/pages?siteId=${gazette.id}&versionRef=ref:live`, 200, { op: '/v6/pages' });
  await call('list pages TRUE refused', 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=TRUE`, 400);
  await call('list pages bad sortBy', 'GET', `/v6/pages?siteId=${gazette.id}&sortBy=name`, 400);
  await call('list pages bad encoding', 'GET', `/v6/pages?siteId=${gazette.id}&pathPrefix=%E0%A4%A`, 400);
  await call('list pages publishable key', 'GET', `/v6/pages?siteId=${gazette.id}&includeOffline=true`, 200, { key: gazette.publicApiKey, op: '/v6/pages' });
  r = await call('site pages alias', 'GET', `/v2/sites/${gazette.id}/pages?limit=100`, 200, { op: '/v6/pages' });
  ok(r.body.data.length === 5 && r.body.data[0].title === null, 'alias: offline included, title order');

  const np = await call('create page', 'POST', `/v6/pages`, 201, { body: { siteId: gazette.id, pathname: '/Guides//Start/', name: 'Start' }, op: '/v6/pages' });
  ok(np.body.pathname === '/Guides/Start' && np.body.isOnline === false && np.body.publishedAt === null, 'pathname tidied; new page offline');
  ok(np.body.sitemapPriority === 0.4 && np.body.sitemapFrequency === 'weekly' && np.body.excludedFromSearchEngines === true, 'new page defaults');
  const home = await call('create home page in new site', 'POST', `/v6/pages`, 201, { body: { siteId: cs.id, pathname: '/', name: 'Home' }, op: '/v6/pages' });
  ok(home.body.isOnline === true && home.body.publishedAt === home.body.createdAt, 'a new home page is online');
  await call('create page clash 409', 'POST', `/v6/pages`, 409, { body: { siteId: gazette.id, pathname: '/about', name: 'x' } });
  await call('create route /press', 'POST', `/v2/routes`, 201, { body: { siteId: gazette.id, pathname: '/press' }, op: 'route' });
  await call('create page clash with route 409', 'POST', `/v6/pages`, 409, { body: { siteId: gazette.id, pathname: '/press', name: 'x' } });
  r = await call('create page missing fields', 'POST', `/v6/pages`, 400, { body: {} });
  ok(fields(r) === 'siteId,pathname,name', `details order ${fields(r)}`);
  await call('create page empty name', 'POST', `/v6/pages`, 400, { body: { siteId: gazette.id, pathname: '/x', name: '' } });
  await call('create page bad pathname', 'POST', `/v6/pages`, 400, { body: { siteId: gazette.id, pathname: '/a b', name: 'x' } });
  await call('create page other workspace 403', 'POST', `/v6/pages`, 403, { key: s.otherApiKey, body: { siteId: gazette.id, pathname: '/x', name: 'x' } });
  await call('create page with site key', 'POST', `/v6/pages`, 201, { key: s.siteApiKey, body: { siteId: outfitters.id, pathname: '/neu', name: 'Neu' }, op: '/v6/pages' });
  await call('create page publishable key 403', 'POST', `/v6/pages`, 403, { key: gazette.publicApiKey, body: { siteId: gazette.id, pathname: '/x', name: 'x' } });

  await call('get page by id', 'GET', `/v6/pages/${news.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page by pathname', 'GET', `/v6/pages/news/harbor-fair?siteId=${gazette.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page by encoded pathname', 'GET', `/v6/pages/${enc('/news')}?siteId=${gazette.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  r = await call('get root page by trailing slash', 'GET', `/v6/pages/?siteId=${gazette.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.pathname === '/', 'root page');
  await call('get page pathname without siteId', 'GET', `/v6/pages/news`, 400);
  r = await call('get page in fr', 'GET', `/v6/pages/${news.id}?locale=fr-FR`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.pathname === '/actualites' && r.body.locale === 'fr-FR', 'collapsed');
  await call('get page unknown locale 404', 'GET', `/v6/pages/${news.id}?locale=pt-BR`, 404);
  await call('get offline page live 404', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:live`, 404);
  await call('get offline page draft', 'GET', `/v6/pages/${np.body.id}?versionRef=ref:draft`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page id + other siteId 404', 'GET', `/v6/pages/${news.id}?siteId=${outfitters.id}`, 404);
  await call('get page other workspace 403', 'GET', `/v6/pages/${news.id}`, 403, { key: s.otherApiKey });
  await call('get page unknown 404', 'GET', `/v6/pages/${ZERO}`, 404);

  r = await call('update page online', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: true, name: 'Start here' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.isOnline === true && r.body.publishedAt !== null && r.body.excludedFromSearchEngines === false, 'published');
  const firstPub = r.body.publishedAt;
  r = await call('update page {}', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: {}, op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.headers.get('etag') === '"3"', `every accepted PATCH writes a revision: ${r.headers.get('etag')}`);
  await call('update page offline', 'PATCH', `/v6/pages/${np.body.id}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  r = await call('get offline page keeps publishedAt', 'GET', `/v6/pages/${np.body.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.publishedAt === firstPub, 'publishedAt kept while offline');
  r = await call('update page pathname', 'PATCH', `/v6/pages/Guides/Start?siteId=${gazette.id}`, 200, { body: { pathname: '/guides/start' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.pathname === '/guides/start', 'renamed');
  r = await call('update page pathname null', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { pathname: null } });
  ok(r.body.details[0].message === 'Missing pathname field.', 'missing pathname message');
  await call('update page isOnline string 400', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { isOnline: 'true' } });
  await call('update page clash 409', 'PATCH', `/v6/pages/${np.body.id}`, 409, { body: { pathname: '/news' } });
  r = await call('update page localized pathname', 'PATCH', `/v6/pages/${np.body.id}?locale=ja-JP`, 200, { body: { pathname: '/gaido' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(r.body.pathname === '/gaido' && r.body.locale === 'ja-JP', 'localization written');
  await call('update page stale If-Match 409', 'PATCH', `/v6/pages/${np.body.id}`, 409, { body: {}, headers: { 'if-match': '"1"' } });
  await call('update page reserved field 400', 'PATCH', `/v6/pages/${np.body.id}`, 400, { body: { $set: { title: 'x' } } });
  await call('site key updates its page', 'PATCH', `/v6/pages/laden?siteId=${outfitters.id}`, 200, { key: s.siteApiKey, body: { name: 'Laden!' }, op: '/v6/pages/{pageIdOrPathname}' });
  await call('delete page', 'DELETE', `/v6/pages/${np.body.id}`, 204);
  await call('delete page again 404', 'DELETE', `/v6/pages/${np.body.id}`, 404);
  await call('delete page via override', 'POST', `/v6/pages/${enc('/neu')}?siteId=${outfitters.id}`, 204, { headers: { 'x-http-method-override': 'DELETE' } });

  // ======== routes
  const routes = await call('list routes', 'GET', `/v2/routes?siteId=${gazette.id}`, 200, { op: 'routes' });
  ok(routes.body.data.map((x) => x.pathname).join(',') === '/press,/tags/$tag,/feed/:format', `routes most recently written first: ${routes.body.data.map((x) => x.pathname)}`);
  const nr = await call('create route', 'POST', `/v2/routes`, 201, { body: { siteId: gazette.id, pathname: '/go/$slug/*' }, op: 'route' });
  await call('create route clash 409', 'POST', `/v2/routes`, 409, { body: { siteId: gazette.id, pathname: '/news' } });
  await call('create route bad grammar 400', 'POST', `/v2/routes`, 400, { body: { siteId: gazette.id, pathname: '/a/[slug]' } });
  r = await call('create route skipValidation', 'POST', `/v2/routes?skipValidation=true`, 201, { body: { siteId: gazette.id, pathname: 'legacy/[slug]' }, op: 'route' });
  ok(r.body.pathname === '/legacy/[slug]', 'skipValidation: leading slash added');
  await call('site key cannot create routes', 'POST', `/v2/routes`, 403, { key: s.siteApiKey, body: { siteId: outfitters.id, pathname: '/x' } });
  await call('get route by id', 'GET', `/v2/routes/${nr.body.id}`, 200, { op: 'route' });
  await call('get route by pathname', 'GET', `/v2/routes/feed/:format?siteId=${gazette.id}`, 200, { op: 'route' });
  await call('get route by pathname without siteId', 'GET', `/v2/routes/feed/:format`, 400);
  await call('site key reads routes', 'GET', `/v2/routes?siteId=${outfitters.id}`, 200, { key: s.siteApiKey, op: 'routes' });
  r = await call('update route', 'PATCH', `/v2/routes/${nr.body.id}`, 200, { body: { pathname: '/go/:slug' }, op: 'route' });
  ok(r.body.pathname === '/go/:slug', 'route renamed');
  await call('update route bad grammar', 'PATCH', `/v2/routes/${nr.body.id}`, 400, { body: { pathname: '/go/<slug>' } });
  r = await call('update route skipValidation', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=true`, 200, { body: { pathname: '/go/<slug>' }, op: 'route' });
  ok(r.body.pathname === '/go/<slug>', 'route validation skipped');
  await call('update route bad skipValidation', 'PATCH', `/v2/routes/${nr.body.id}?skipValidation=yes`, 400, { body: {} });
  await call('update route clash 409', 'PATCH', `/v2/routes/${nr.body.id}`, 409, { body: { pathname: '/about' } });
  await call('update route by pathname', 'PATCH', `/v2/routes/${enc('/tags/$tag')}?siteId=${gazette.id}`, 200, { body: {}, op: 'route' });
  await call('delete route', 'DELETE', `/v2/routes/${nr.body.id}`, 204);
  await call('delete route again 404', 'DELETE', `/v2/routes/${nr.body.id}`, 404);

  // ======== delete site (and its keys)
  await call('delete site', 'DELETE', `/v2/sites/${cs.id}`, 204);
  await call('get deleted site 404', 'GET', `/v2/sites/${cs.id}`, 404);
  await call('deleted site publishable key 401', 'GET', `/v2/locales?siteId=${cs.id}`, 401, { key: cs.publicApiKey });

  // ======== robustness
  await call('bad percent-encoding in path', 'GET', `/v2/sites/%E0%A4%A`, 404);
  await call('bad percent-encoding in page path', 'GET', `/v6/pages/%E0%A4%A?siteId=${gazette.id}`, 404);
} catch (e) {
  failures++;
  console.error('FAIL exception', e);
} finally {
  await s.close();
}
console.log(`${calls} calls, ${validated} success bodies validated against the OpenAPI, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
