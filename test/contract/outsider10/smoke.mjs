// Self-test of outsider10: starts the server in-process, calls every operation, checks statuses,
// the error envelope and this deployment's own choices, and validates every success body against the
// published OpenAPI response schema (routes, absent from the OpenAPI, against the specification's table).
//   node test/contract/outsider10/smoke.mjs        (OPENAPI=/path/to/openapi.json to use another copy)
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { startServer } from './server.mjs';

const OPENAPI = process.env.OPENAPI || new URL('../../../contracts/published-openapi.json', import.meta.url);
const doc = JSON.parse(readFileSync(OPENAPI, 'utf8'));

// ---------------------------------------------------------------- a small JSON Schema checker
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
function validate(schema, v, at = '$') {
  if (!schema || Object.keys(schema).length === 0) return [];
  if (schema.$ref) return validate(doc.components.schemas[schema.$ref.split('/').pop()], v, at);
  const errs = [];
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => validate(s, v, at).length === 0).length;
    if (n !== 1) errs.push(`${at}: matches ${n} branches of oneOf`);
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const k = kind(v);
    if (!types.includes(k) && !(k === 'integer' && types.includes('number'))) return [...errs, `${at}: ${k} is not ${types.join('|')}`];
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${at}: ${JSON.stringify(v)} is not in the enum`);
  if (typeof v === 'string') {
    if (schema.format === 'uuid' && !UUID.test(v)) errs.push(`${at}: not a uuid`);
    if (schema.format === 'date-time' && (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v)))) errs.push(`${at}: not a date-time`);
    if (schema.format === 'uri') {
      try {
        new URL(v);
        if (/[^\x21-\x7e]/.test(v)) errs.push(`${at}: not an ASCII uri`);
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
const ROUTE_LIST = { type: 'object', required: ['object', 'data', 'hasMore'], properties: { object: { enum: ['list'] }, data: { type: 'array', items: ROUTE }, hasMore: { type: 'boolean' } } };
function schemaFor(op, method, status) {
  if (op === 'route') return ROUTE;
  if (op === 'routes') return ROUTE_LIST;
  return doc.paths[op]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema ?? null;
}

// ---------------------------------------------------------------- harness
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
  try {
    json = r.text ? JSON.parse(r.text) : null;
  } catch {
    ok(method === 'HEAD', `${label}: body is not JSON: ${r.text.slice(0, 80)}`);
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
  }
  if (r.status < 300 && r.status !== 204 && op && method !== 'HEAD') {
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
const ZERO = '00000000-0000-4000-8000-000000000000';
const enc = encodeURIComponent;
const fields = (r) => r.body.details.map((d) => d.field).join(',');

try {
  const ws = s.workspaceId;
  // ============================================================== sites
  const sites = await call('list sites', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(sites.body.data.map((x) => x.name).join('|') === 'Oak Journal|Oak Market', 'sites by name');
  const [journal, market] = sites.body.data;
  ok(journal.localeManagementMode === 'external' && market.localeManagementMode === 'internal', 'seeded modes');
  ok(journal.id[14] === '6', 'ids are UUID v6');
  const p1 = await call('list sites limit=0 clamped to 1', 'GET', `/v2/sites?workspaceId=${ws}&limit=0`, 200, { op: '/v2/sites' });
  ok(p1.body.data.length === 1 && p1.body.hasMore === true, 'limit 0 -> 1');
  const p2 = await call('list sites page 2', 'GET', `/v2/sites?workspaceId=${ws}&limit=1&startingAfter=${p1.body.data[0].id}`, 200, { op: '/v2/sites' });
  ok(p2.body.data[0].id === market.id && p2.body.hasMore === false, 'sites page 2, exact hasMore');
  await call('list sites limit=5000 clamped', 'GET', `/v2/sites?workspaceId=${ws}&limit=5000`, 200, { op: '/v2/sites' });
  await call('list sites limit=1e1', 'GET', `/v2/sites?workspaceId=${ws}&limit=1e1`, 200, { op: '/v2/sites' });
  await call('list sites limit=abc', 'GET', `/v2/sites?workspaceId=${ws}&limit=abc`, 400);
  await call('list sites no workspaceId', 'GET', '/v2/sites', 400);
  await call('list sites snake_case query names', 'GET', `/v2/sites?workspace_id=${ws}&LIMIT=1`, 200, { op: '/v2/sites' });
  await call('list sites other workspace', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.otherApiKey });
  await call('list sites unknown workspace', 'GET', `/v2/sites?workspaceId=${ZERO}`, 404);
  await call('list sites unknown cursor -> empty', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${ZERO}`, 200, { op: '/v2/sites' });
  await call('list sites with site key', 'GET', `/v2/sites?workspaceId=${ws}`, 403, { key: s.siteApiKey });

  const created = await call('create site', 'POST', '/v2/sites', 201, { body: { workspace_id: ws, Name: '  Smoke\u0007 Site ', hostOrigin: 'https://Smoke.EXAMPLE:443/app/?x=1' }, op: '/v2/sites' });
  const sid = created.body.id;
  ok(created.body.name === 'Smoke Site', `name trimmed, control characters removed: ${JSON.stringify(created.body.name)}`);
  ok(created.body.hostOrigin === 'https://smoke.example/app', `hostOrigin normalised: ${created.body.hostOrigin}`);
  ok(created.body.defaultLocale === 'en-US' && created.body.localeManagementMode === 'internal', 'new site defaults');
  const fr = await call('create site fr', 'POST', '/v2/sites', 201, { body: { workspaceId: ws.toUpperCase(), name: 'Site 10', defaultLocale: 'FR_be' }, op: '/v2/sites' });
  ok(fr.body.defaultLocale === 'fr-BE' && fr.body.hostOrigin === null, 'locale code normalised');
  await call('create site Site 9', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'Site 9' }, op: '/v2/sites' });
  const order = await call('sites numeric order', 'GET', `/v2/sites?workspaceId=${ws}`, 200, { op: '/v2/sites' });
  ok(order.body.data.map((x) => x.name).join('|') === 'Oak Journal|Oak Market|Site 9|Site 10|Smoke Site', `numeric collation: ${order.body.data.map((x) => x.name)}`);
  const bad = await call('create site invalid', 'POST', '/v2/sites', 400, { body: { name: 5, hostOrigin: 'ftp://x', defaultLocale: 'en-XX' } });
  ok(fields(bad) === 'workspaceId,name,hostOrigin,defaultLocale', `details: missing, then type, then value: ${fields(bad)}`);
  await call('create site name twice', 'POST', '/v2/sites', 400, { body: { workspaceId: ws, name: 'a', NAME: 'b' } });
  await call('create site foreign workspace', 'POST', '/v2/sites', 403, { key: s.otherApiKey, body: { workspaceId: ws, name: 'x' } });
  await call('create site unknown workspace', 'POST', '/v2/sites', 404, { body: { workspaceId: ZERO, name: 'x' } });
  await call('create site with site key', 'POST', '/v2/sites', 403, { key: s.siteApiKey, body: { workspaceId: ws, name: 'x' } });
  await call('create site as a form', 'POST', '/v2/sites', 201, { rawBody: `workspaceId=${ws}&name=Form+Site`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, op: '/v2/sites' });
  await call('create site utf-16', 'POST', '/v2/sites', 201, {
    rawBody: Buffer.from(JSON.stringify({ workspaceId: ws, name: 'Sixteen' }), 'utf16le'),
    headers: { 'content-type': 'application/json; charset=utf-16le' },
    op: '/v2/sites',
  });
  await call('create site unknown charset', 'POST', '/v2/sites', 400, { rawBody: '{}', headers: { 'content-type': 'application/json; charset=klingon' } });
  await call('create site xml', 'POST', '/v2/sites', 400, { rawBody: '<site/>', headers: { 'content-type': 'application/xml' } });
  await call('create site text/plain JSON', 'POST', '/v2/sites', 201, { rawBody: JSON.stringify({ workspaceId: ws, name: 'Plain' }), headers: { 'content-type': 'text/plain' }, op: '/v2/sites' });

  await call('get site', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  await call('get site hyphenless upper-case id', 'GET', `/v2/sites/${sid.replace(/-/g, '').toUpperCase()}`, 200, { op: '/v2/sites/{siteId}' });
  await call('get site malformed id', 'GET', '/v2/sites/not-a-uuid', 400);
  await call('get site unknown', 'GET', `/v2/sites/${ZERO}`, 404);
  await call('get site other workspace', 'GET', `/v2/sites/${journal.id}`, 403, { key: s.otherApiKey });
  await call('head site', 'HEAD', `/v2/sites/${sid}`, 200);
  const upd = await call('update site', 'PATCH', `/v2/sites/${sid}`, 200, { body: { name: 'Smoke 2', hostOrigin: null, extra: 1 }, op: '/v2/sites/{siteId}' });
  ok(upd.body.name === 'Smoke 2' && upd.body.hostOrigin === null, 'null hostOrigin clears it; unknown field ignored');
  await call('update site defaultLocale refused', 'PATCH', `/v2/sites/${sid}`, 400, { body: { defaultLocale: 'de-DE' } });
  await call('update site bad json (400 before 404)', 'PATCH', `/v2/sites/${ZERO}`, 400, { rawBody: '{', headers: { 'content-type': 'application/json' } });
  await call('update site array body', 'PATCH', `/v2/sites/${sid}`, 400, { body: [1] });
  await call('update site with site key (own)', 'PATCH', `/v2/sites/${market.id}`, 200, { key: s.siteApiKey, body: { name: 'Oak Market' }, op: '/v2/sites/{siteId}' });
  await call('update site with site key (other)', 'PATCH', `/v2/sites/${journal.id}`, 403, { key: s.siteApiKey, body: { name: 'x' } });

  const journalLocales = await call('journal locales', 'GET', `/v2/locales?siteId=${journal.id}`, 200, { op: '/v2/locales' });
  const dup = await call('duplicate site', 'POST', `/v2/sites/${journal.id}/duplicate`, 201, { body: { name: 'Oak Journal' }, op: '/v2/sites/{siteId}/duplicate' });
  ok(dup.body.hostOrigin === journal.hostOrigin && dup.body.defaultLocale === journal.defaultLocale && dup.body.publicApiKey !== journal.publicApiKey && dup.body.localeManagementMode === 'external', 'duplicate copies configuration');
  const dupPages = await call('duplicate pages', 'GET', `/v6/pages?siteId=${dup.body.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  const srcPages = await call('source pages', 'GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&limit=100`, 200, { op: '/v6/pages' });
  const sig = (r) => r.body.data.map((p) => `${p.pathname}:${p.isOnline}:${p.title}:${p.localizations.map((z) => z.pathname)}`).join();
  ok(sig(dupPages) === sig(srcPages), 'duplicate copies pages, publication state and localizations');
  const dupLive = await call('duplicate live pages', 'GET', `/v6/pages?siteId=${dup.body.id}&versionRef=ref:live`, 200, { op: '/v6/pages' });
  ok(dupLive.body.data.find((p) => p.pathname === '/contact')?.title === 'Contact', 'duplicate keeps live snapshots');
  const dupLocales = await call('duplicate locales', 'GET', `/v2/locales?siteId=${dup.body.id}`, 200, { op: '/v2/locales' });
  ok(dupLocales.body.data.map((l) => `${l.locale}:${l.domain}`).sort().join() === journalLocales.body.data.map((l) => `${l.locale}:${l.domain}`).sort().join(), 'duplicate copies active locales');
  const dupRoutes = await call('duplicate routes', 'GET', `/v2/routes?siteId=${dup.body.id}`, 200, { op: 'routes' });
  ok(dupRoutes.body.data.length === 2, 'duplicate copies routes');
  await call('duplicate without name', 'POST', `/v2/sites/${journal.id}/duplicate`, 400, { body: {} });
  await call('duplicate unknown', 'POST', `/v2/sites/${ZERO}/duplicate`, 404, { body: { name: 'x' } });
  await call('duplicate with site key', 'POST', `/v2/sites/${market.id}/duplicate`, 403, { key: s.siteApiKey, body: { name: 'x' } });
  await call('delete site', 'DELETE', `/v2/sites/${dup.body.id}`, 204);
  await call('delete site again', 'DELETE', `/v2/sites/${dup.body.id}`, 404);
  await call('get deleted site', 'GET', `/v2/sites/${dup.body.id}`, 404);
  await call('deleted site pages', 'GET', `/v6/pages?siteId=${dup.body.id}`, 404);
  await call('delete site other workspace', 'DELETE', `/v2/sites/${journal.id}`, 403, { key: s.otherApiKey });
  await call('delete site with site key', 'DELETE', `/v2/sites/${market.id}`, 403, { key: s.siteApiKey });
  await call('cursor on a deleted site resumes in place', 'GET', `/v2/sites?workspaceId=${ws}&startingAfter=${dup.body.id}`, 200, { op: '/v2/sites' });

  // ============================================================== locales
  const locs = await call('list locales', 'GET', `/v2/locales?siteId=${journal.id}`, 200, { op: '/v2/locales' });
  ok(locs.body.data.map((l) => l.locale).join() === 'es-MX,fr-FR,en-US', `locales newest first, deleted hidden: ${locs.body.data.map((l) => l.locale)}`);
  ok(locs.body.data[2].isDefault === true && locs.body.data[0].pathPrefix === 'mx', 'locale fields');
  const l1 = await call('list locales limit=2', 'GET', `/v2/locales?siteId=${journal.id}&limit=2`, 200, { op: '/v2/locales' });
  ok(l1.body.hasMore === true, 'locales hasMore');
  const l2 = await call('list locales page 2', 'GET', `/v2/locales?siteId=${journal.id}&limit=2&startingAfter=${l1.body.data[1].id}`, 200, { op: '/v2/locales' });
  ok(l2.body.hasMore === false && l2.body.data.length === 1 && l2.body.data[0].locale === 'en-US', 'locales page 2');
  await call('list locales limit=101 refused', 'GET', `/v2/locales?siteId=${journal.id}&limit=101`, 400);
  await call('list locales limit=0 refused', 'GET', `/v2/locales?siteId=${journal.id}&limit=0`, 400);
  await call('list locales limit=2.9 floored', 'GET', `/v2/locales?siteId=${journal.id}&limit=2.9`, 200, { op: '/v2/locales' });
  await call('list locales no siteId', 'GET', '/v2/locales', 400);
  await call('list locales site key, no siteId', 'GET', '/v2/locales', 400, { key: s.siteApiKey });
  await call('list locales site key other site', 'GET', `/v2/locales?siteId=${journal.id}`, 403, { key: s.siteApiKey });

  const de = await call('create locale', 'POST', '/v2/locales', 201, { body: { siteId: sid, locale: 'de_de', domain: 'HTTPS://DE.Smoke.Example:443' }, op: '/v2/locales' });
  ok(de.body.locale === 'de-DE' && de.body.domain === 'https://de.smoke.example/' && de.body.isDefault === false && de.body.pathPrefix === null, `locale normalised: ${JSON.stringify(de.body)}`);
  await call('create locale same code', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'DE-DE' } });
  await call('create locale same host other scheme', 'POST', '/v2/locales', 409, { body: { siteId: sid, locale: 'fr', domain: 'http://de.smoke.example:8080' } });
  await call('create locale domain without protocol', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'fr', domain: 'fr.smoke.example' } });
  await call('create locale domain with path', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'fr', domain: 'https://smoke.example/fr' } });
  await call('create locale bad code', 'POST', '/v2/locales', 400, { body: { siteId: sid, locale: 'english' } });
  await call('create locale with site key', 'POST', '/v2/locales', 403, { key: s.siteApiKey, body: { siteId: market.id, locale: 'fr' } });
  await call('create locale unknown site', 'POST', '/v2/locales', 404, { body: { siteId: ZERO, locale: 'fr' } });
  await call('get locale by id', 'GET', `/v2/locales/${de.body.id}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await call('get locale by code any case', 'GET', `/v2/locales/DE_de?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}' });
  await call('get locale by code without siteId', 'GET', '/v2/locales/de-DE', 400);
  await call('get locale by code, site key', 'GET', `/v2/locales/en-GB?siteId=${market.id}`, 200, { key: s.siteApiKey, op: '/v2/locales/{localeIdOrCode}' });
  await call('get locale id with other siteId', 'GET', `/v2/locales/${de.body.id}?siteId=${journal.id}`, 400);
  await call('get locale other workspace', 'GET', `/v2/locales/${de.body.id}`, 403, { key: s.otherApiKey });
  const ren = await call('update locale', 'PATCH', `/v2/locales/${de.body.id}`, 200, { body: { locale: 'de-AT', domain: null }, op: '/v2/locales/{localeIdOrCode}' });
  ok(ren.body.locale === 'de-AT' && ren.body.domain === null, 'locale renamed, domain cleared');
  await call('update locale conflict', 'PATCH', `/v2/locales/de-AT?siteId=${sid}`, 409, { body: { locale: 'en-US' } });
  await call('update locale with site key', 'PATCH', `/v2/locales/en-GB?siteId=${market.id}`, 403, { key: s.siteApiKey, body: {} });
  const renDefault = await call('rename default locale', 'PATCH', `/v2/locales/en-US?siteId=${sid}`, 200, { body: { locale: 'en-GB' }, op: '/v2/locales/{localeIdOrCode}' });
  ok(renDefault.body.isDefault === true, 'renamed default stays default');
  const siteAfter = await call('site follows default rename', 'GET', `/v2/sites/${sid}`, 200, { op: '/v2/sites/{siteId}' });
  ok(siteAfter.body.defaultLocale === 'en-GB', 'site defaultLocale follows');
  await call('delete default locale', 'DELETE', `/v2/locales/en-GB?siteId=${sid}`, 400);
  await call('delete locale', 'DELETE', `/v2/locales/de-AT?siteId=${sid}`, 204);
  await call('delete locale again (idempotent)', 'DELETE', `/v2/locales/${de.body.id}`, 204);
  await call('get deleted locale', 'GET', `/v2/locales/${de.body.id}`, 404);
  await call('update deleted locale', 'PATCH', `/v2/locales/${de.body.id}`, 404, { body: {} });
  const rest = await call('restore locale by code', 'POST', `/v2/locales/de-at/restore?siteId=${sid}`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  ok(rest.body.id === de.body.id, 'restore brings back the same id');
  await call('restore live locale (idempotent)', 'POST', `/v2/locales/${de.body.id}/restore`, 200, { op: '/v2/locales/{localeIdOrCode}/restore' });
  await call('restore unknown', 'POST', `/v2/locales/${ZERO}/restore`, 404);
  await call('restore with site key', 'POST', `/v2/locales/${de.body.id}/restore`, 403, { key: s.siteApiKey });
  // creating a soft-deleted code revives the record
  const deLoc = (await call('journal de-DE is deleted', 'GET', `/v2/locales/de-DE?siteId=${journal.id}`, 404));
  ok(deLoc.status === 404, 'seeded deleted locale hidden');
  const revived = await call('create locale onto deleted code', 'POST', '/v2/locales', 201, { body: { siteId: journal.id, locale: 'de-DE' }, op: '/v2/locales' });
  const essaysDe = await call('revived locale brings localizations back', 'GET', `/v6/pages/essays?siteId=${journal.id}&locale=de-DE`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(essaysDe.body.pathname === '/aufsaetze' && essaysDe.body.locale === 'de-DE', 'localization of the revived locale');
  await call('delete revived', 'DELETE', `/v2/locales/${revived.body.id}`, 204);

  // ============================================================== pages
  const pages = await call('list pages', 'GET', `/v6/pages?siteId=${journal.id}`, 200, { op: '/v6/pages' });
  ok(pages.body.data.map((p) => p.pathname).join() === '/,/Colophon,/contact,/essays,/essays/winter-light', `online pages by path, case-insensitive: ${pages.body.data.map((p) => p.pathname)}`);
  ok(pages.body.data.every((p) => p.locale === 'en-US'), 'list items carry locale');
  const all = await call('list pages includeOffline=true', 'GET', `/v6/pages?siteId=${journal.id}&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(all.body.data.length === 7, 'offline included');
  const byTitle = await call('list pages by title desc', 'GET', `/v6/pages?siteId=${journal.id}&includeOffline=true&sortBy=title&sortDirection=desc`, 200, { op: '/v6/pages' });
  ok(byTitle.body.data.at(-1).title === null && byTitle.body.data[0].title === 'Winter Light', `nulls smallest, -title is desc: ${byTitle.body.data.map((p) => p.title)}`);
  const live = await call('list pages live', 'GET', `/v6/pages?siteId=${journal.id}&versionRef=ref:live&includeOffline=true`, 200, { op: '/v6/pages' });
  ok(live.body.data.length === 6 && live.body.data.find((p) => p.pathname === '/contact').title === 'Contact', 'live snapshots, offline snapshot included');
  const pre = await call('list pages pathPrefix', 'GET', `/v6/pages?siteId=${journal.id}&pathPrefix=ESSAYS`, 200, { op: '/v6/pages' });
  ok(pre.body.data.length === 2 && pre.body.data.every((p) => p.pathname.startsWith('/essays')), 'pathPrefix begins with, any case');
  const frList = await call('list pages locale', 'GET', `/v6/pages?siteId=${journal.id}&locale=fr_FR`, 200, { op: '/v6/pages' });
  ok(frList.body.data.map((p) => `${p.pathname}@${p.locale}`).join() === '/@fr-FR,/essais@fr-FR,/essais/lumiere-d-hiver@fr-FR', `locale filter collapses: ${frList.body.data.map((p) => p.pathname)}`);
  await call('list pages unknown locale', 'GET', `/v6/pages?siteId=${journal.id}&locale=pt-PT`, 400);
  await call('list pages bad sortBy', 'GET', `/v6/pages?siteId=${journal.id}&sortBy=name`, 400);
  await call('list pages bad versionRef', 'GET', `/v6/pages?siteId=${journal.id}&versionRef=ref:main`, 400);
  await call('list pages no siteId', 'GET', '/v6/pages', 400);
  await call('list pages other workspace', 'GET', `/v6/pages?siteId=${journal.id}`, 403, { key: s.otherApiKey });
  for (const sortBy of ['path', 'title', 'description', 'createdAt', 'updatedAt']) {
    for (const dir of ['asc', 'desc']) {
      const base = `/v6/pages?siteId=${journal.id}&includeOffline=true&sortBy=${sortBy}&sortDirection=${dir}`;
      const full = (await call(`full ${sortBy} ${dir}`, 'GET', `${base}&limit=100`, 200, { op: '/v6/pages' })).body.data.map((p) => p.id);
      const seen = [];
      let after = '';
      for (let i = 0; i < 10; i++) {
        const r = await call(`walk ${sortBy} ${dir}`, 'GET', `${base}&limit=2${after}`, 200, { op: '/v6/pages' });
        seen.push(...r.body.data.map((p) => p.id));
        if (!r.body.hasMore) break;
        after = `&startingAfter=${r.body.data.at(-1).id}`;
      }
      ok(seen.join() === full.join(), `pagination walk ${sortBy} ${dir}`);
    }
  }

  const pg = await call('create page', 'POST', '/v6/pages', 201, { body: { siteId: journal.id, pathname: 'Notes/%C3%9Cber//', name: ' Über ' }, op: '/v6/pages' });
  ok(pg.body.pathname === '/Notes/Über' && pg.body.isOnline === false && pg.body.publishedAt === null, `new page normalised, offline: ${pg.body.pathname}`);
  ok(pg.body.sitemapPriority === 0.33 && pg.body.sitemapFrequency === 'never' && pg.body.title === null && pg.body.excludedFromSearchEngines === false, 'new page defaults');
  ok(!('locale' in pg.body), 'write responses carry no locale');
  ok(/\.\d{2}\+00:00$/.test(pg.body.createdAt) && pg.body.createdAt === pg.body.updatedAt, `centisecond timestamps: ${pg.body.createdAt}`);
  await call('create page conflict, other case', 'POST', '/v6/pages', 409, { body: { siteId: journal.id, pathname: '/notes/über', name: 'x' } });
  await call('create page conflict with a route', 'POST', '/v6/pages', 409, { body: { siteId: journal.id, pathname: '/feed/:format', name: 'x' } });
  const pbad = await call('create page invalid', 'POST', '/v6/pages', 400, { body: { pathname: '/a b', name: '' } });
  ok(fields(pbad) === 'siteId,pathname,name', `create page details: ${fields(pbad)}`);
  await call('create page unknown site', 'POST', '/v6/pages', 404, { body: { siteId: ZERO, pathname: '/x', name: 'x' } });
  await call('create page other workspace', 'POST', '/v6/pages', 403, { key: s.otherApiKey, body: { siteId: journal.id, pathname: '/x', name: 'x' } });
  const sk = await call('create page with site key', 'POST', '/v6/pages', 201, { key: s.siteApiKey, body: { siteId: market.id, pathname: '/aanbiedingen', name: 'Aanbiedingen' }, op: '/v6/pages' });
  await call('create page with site key elsewhere', 'POST', '/v6/pages', 403, { key: s.siteApiKey, body: { siteId: journal.id, pathname: '/x', name: 'x' } });

  await call('get page by id', 'GET', `/v6/pages/${pg.body.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page by encoded pathname', 'GET', `/v6/pages/${enc('/Notes/Über')}?siteId=${journal.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page by raw nested pathname, any case', 'GET', `/v6/pages/notes/%C3%BCber/?siteId=${journal.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get root page', 'GET', `/v6/pages/%2F?siteId=${journal.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get root page (double slash)', 'GET', `/v6/pages//?siteId=${journal.id}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  await call('get page pathname without siteId', 'GET', '/v6/pages/contact', 400);
  await call('get page id with other siteId', 'GET', `/v6/pages/${pg.body.id}?siteId=${market.id}`, 400);
  await call('get page live of never-published', 'GET', `/v6/pages/${pg.body.id}?versionRef=ref:live`, 404);
  await call('get page bad versionRef', 'GET', `/v6/pages/${pg.body.id}?versionRef=main`, 400);
  const contactLive = await call('get page live', 'GET', `/v6/pages/contact?siteId=${journal.id}&versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(contactLive.body.title === 'Contact', 'live snapshot differs from draft');
  const gl = await call('get page localized', 'GET', `/v6/pages/essays?siteId=${journal.id}&locale=fr-fr`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(gl.body.pathname === '/essais' && gl.body.title === 'Essais' && gl.body.locale === 'fr-FR', 'collapsed localization');
  const glp = await call('get page by localized pathname', 'GET', `/v6/pages/essais?siteId=${journal.id}&locale=fr-FR`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(glp.body.id === gl.body.id, 'localized pathname lookup');
  const nol = await call('get page without localization', 'GET', `/v6/pages/Colophon?siteId=${journal.id}&locale=fr-FR`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(nol.body.locale === 'en-US', 'base page when not localized');
  await call('get page unknown locale', 'GET', `/v6/pages/essays?siteId=${journal.id}&locale=pt-PT`, 404);
  await call('get page other workspace', 'GET', `/v6/pages/${pg.body.id}`, 403, { key: s.otherApiKey });
  // a UUID that names no page is tried as a pathname of the given site
  const uuidPath = '/0f0f0f0f-0000-4000-8000-000000000001';
  await call('create page with a uuid pathname', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: uuidPath, name: 'u' }, op: '/v6/pages' });
  await call('get page uuid as pathname', 'GET', `/v6/pages${uuidPath}?siteId=${sid}`, 200, { op: '/v6/pages/{pageIdOrPathname}' });

  const up = await call('publish page', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: { is_online: true, pathname: '/notes/ueber' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(up.body.isOnline && up.body.publishedAt !== null && up.body.pathname === '/notes/ueber' && up.body.updatedAt > pg.body.updatedAt, 'publish and rename');
  await call('get page live now', 'GET', `/v6/pages/${pg.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  const same = await call('update page no change', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: { pathname: '/notes/ueber' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(same.body.updatedAt === up.body.updatedAt && same.body.publishedAt === up.body.publishedAt, 'no change keeps updatedAt');
  const edit = await call('edit online page republishes', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: { name: 'Ueber' }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(edit.body.publishedAt > up.body.publishedAt && edit.body.updatedAt > up.body.updatedAt, 'publishedAt follows every publication');
  const off = await call('update page offline', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: { isOnline: false }, op: '/v6/pages/{pageIdOrPathname}' });
  ok(off.body.publishedAt === edit.body.publishedAt && off.body.isOnline === false, 'offline keeps publishedAt');
  const offLive = await call('offline page live snapshot', 'GET', `/v6/pages/${pg.body.id}?versionRef=ref:live`, 200, { op: '/v6/pages/{pageIdOrPathname}' });
  ok(offLive.body.isOnline === false, 'live snapshot frozen offline');
  const missing = await call('update page empty pathname', 'PATCH', `/v6/pages/${pg.body.id}`, 400, { body: { pathname: '' } });
  ok(missing.body.details[0].message === 'Missing pathname field.', 'missing pathname message');
  await call('update page empty body', 'PATCH', `/v6/pages/${pg.body.id}`, 200, { body: {}, op: '/v6/pages/{pageIdOrPathname}' });
  await call('update page bad isOnline', 'PATCH', `/v6/pages/${pg.body.id}`, 400, { body: { isOnline: 'maybe' } });
  await call('update page conflict', 'PATCH', `/v6/pages/${pg.body.id}`, 409, { body: { pathname: '/CONTACT' } });
  await call('update page site key', 'PATCH', `/v6/pages/${sk.body.id}`, 200, { key: s.siteApiKey, body: { name: 'Aanbiedingen!' }, op: '/v6/pages/{pageIdOrPathname}' });
  await call('delete page by pathname', 'DELETE', `/v6/pages/notes/ueber?siteId=${journal.id}`, 204);
  await call('delete page again', 'DELETE', `/v6/pages/${pg.body.id}`, 404);
  await call('cursor on deleted page resumes', 'GET', `/v6/pages?siteId=${journal.id}&startingAfter=${pg.body.id}`, 200, { op: '/v6/pages' });
  const foreignCursor = await call('cursor from another site -> empty', 'GET', `/v6/pages?siteId=${journal.id}&startingAfter=${sk.body.id}`, 200, { op: '/v6/pages' });
  ok(foreignCursor.body.data.length === 0 && foreignCursor.body.hasMore === false, 'unknown cursor gives an empty list');
  await call('delete page site key', 'DELETE', `/v6/pages/${sk.body.id}`, 204, { key: s.siteApiKey });

  const sp = await call('site pages (v2 path), live by default', 'GET', `/v2/sites/${journal.id}/pages?limit=100`, 200, { op: '/v6/pages' });
  ok(sp.body.data.find((p) => p.pathname === '/contact')?.title === 'Contact', 'v2 listing shows the live version');
  await call('site pages draft', 'GET', `/v2/sites/${journal.id}/pages?versionRef=ref:draft`, 200, { op: '/v6/pages' });

  // ============================================================== routes
  const routes = await call('list routes', 'GET', `/v2/routes?siteId=${journal.id}`, 200, { op: 'routes' });
  ok(routes.body.data.map((r) => r.pathname).join() === '/tags/{tag},/feed/:format', `routes shortest first: ${routes.body.data.map((r) => r.pathname)}`);
  const rt = await call('create route', 'POST', '/v2/routes', 201, { body: { siteId: sid, pathname: 'docs/[...rest]/' }, op: 'route' });
  ok(rt.body.pathname === '/docs/[...rest]', 'route normalised');
  await call('create route conflict', 'POST', '/v2/routes', 409, { body: { siteId: sid, pathname: '/DOCS/[...rest]' } });
  await call('create route bad', 'POST', '/v2/routes', 400, { body: { siteId: sid, pathname: '/a b' } });
  await call('create route other workspace', 'POST', '/v2/routes', 403, { key: s.otherApiKey, body: { siteId: sid, pathname: '/x' } });
  await call('get route', 'GET', `/v2/routes/${rt.body.id}`, 200, { op: 'route' });
  await call('get route by pathname', 'GET', `/v2/routes/docs/[...rest]?siteId=${sid}`, 200, { op: 'route' });
  const ur = await call('update route by pathname', 'PATCH', `/v2/routes/${enc('/docs/[...rest]')}?siteId=${sid}`, 200, { body: { pathname: '/guides/:slug' }, op: 'route' });
  ok(ur.body.pathname === '/guides/:slug' && ur.body.id === rt.body.id, 'route renamed');
  await call('update route by id', 'PATCH', `/v2/routes/${rt.body.id}`, 200, { body: { pathname: '/guides/:slug/:part?' }, op: 'route' });
  await call('update route invalid', 'PATCH', `/v2/routes/${rt.body.id}`, 400, { body: { pathname: '/weird/<x>' } });
  const skipped = await call('update route skipValidation', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=true`, 200, { body: { pathname: 'weird/<x>//' }, op: 'route' });
  ok(skipped.body.pathname === '/weird/<x>//', `skipValidation keeps the value (with a leading slash): ${skipped.body.pathname}`);
  await call('create page in smoke site', 'POST', '/v6/pages', 201, { body: { siteId: sid, pathname: '/hello', name: 'Hello' }, op: '/v6/pages' });
  await call('update route conflict with page', 'PATCH', `/v2/routes/${rt.body.id}`, 409, { body: { pathname: '/hello' } });
  await call('update route onto page with skipValidation', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=true`, 200, { body: { pathname: '/hello' }, op: 'route' });
  await call('update route bad skipValidation', 'PATCH', `/v2/routes/${rt.body.id}?skipValidation=perhaps`, 400, { body: {} });
  await call('update route pathname without siteId', 'PATCH', '/v2/routes/hello', 400, { body: {} });
  await call('update route empty body', 'PATCH', `/v2/routes/${rt.body.id}`, 200, { body: {}, op: 'route' });
  await call('update route site key', 'PATCH', `/v2/routes/${enc('/afrekenen/:stap')}?siteId=${market.id}`, 200, { key: s.siteApiKey, body: { pathname: '/kassa/:stap' }, op: 'route' });
  await call('update route other workspace', 'PATCH', `/v2/routes/${rt.body.id}`, 403, { key: s.otherApiKey, body: {} });
  await call('update route unknown', 'PATCH', `/v2/routes/${ZERO}`, 404, { body: {} });
  await call('delete route', 'DELETE', `/v2/routes/${rt.body.id}`, 204);
  await call('get deleted route', 'GET', `/v2/routes/${rt.body.id}`, 404);

  // ============================================================== keys
  await call('no key', 'GET', `/v2/sites/${journal.id}`, 401, { key: null });
  await call('bad key', 'GET', '/nowhere', 401, { key: 'sbk_app_NOPE' });
  await call('unknown uuid key', 'GET', `/v2/sites/${journal.id}`, 401, { key: ZERO });
  await call('bearer key', 'GET', `/v2/sites/${journal.id}`, 200, { key: null, headers: { authorization: `Bearer ${s.apiKey}` }, op: '/v2/sites/{siteId}' });
  await call('app key lower-case, Crockford', 'GET', `/v2/sites/${journal.id}`, 200, { key: s.apiKey.toLowerCase().replace(/1/g, 'l').replace(/0/g, 'o'), op: '/v2/sites/{siteId}' });
  await call('site key reads its site', 'GET', `/v2/sites/${market.id}`, 200, { key: s.siteApiKey, op: '/v2/sites/{siteId}' });
  await call('site key upper-case', 'GET', `/v2/sites/${market.id}`, 200, { key: s.siteApiKey.toUpperCase(), op: '/v2/sites/{siteId}' });
  await call('site key other site', 'GET', `/v2/sites/${journal.id}`, 403, { key: s.siteApiKey });
  const pub = await call('public key pages (live only)', 'GET', `/v6/pages?siteId=${journal.id}&versionRef=ref:draft&includeOffline=true`, 200, { key: journal.publicApiKey, op: '/v6/pages' });
  ok(pub.body.data.every((p) => p.isOnline) && pub.body.data.find((p) => p.pathname === '/contact').title === 'Contact', 'publishable key sees online live pages only');
  await call('public key site', 'GET', `/v2/sites/${journal.id}`, 200, { key: journal.publicApiKey, op: '/v2/sites/{siteId}' });
  await call('public key routes', 'GET', `/v2/routes?siteId=${journal.id}`, 403, { key: journal.publicApiKey });
  await call('public key write', 'POST', '/v6/pages', 403, { key: journal.publicApiKey, body: { siteId: journal.id, pathname: '/x', name: 'x' } });
  const tmp = await call('create tmp site', 'POST', '/v2/sites', 201, { body: { workspaceId: ws, name: 'tmp' }, op: '/v2/sites' });
  await call('delete tmp site', 'DELETE', `/v2/sites/${tmp.body.id}`, 204);
  await call('public key of deleted site', 'GET', `/v6/pages?siteId=${tmp.body.id}`, 401, { key: tmp.body.publicApiKey });

  // ============================================================== robustness
  await call('unknown path', 'GET', '/v3/whatever', 404);
  await call('trailing slashes tolerated', 'GET', `/v2/sites/${journal.id}//`, 200, { op: '/v2/sites/{siteId}' });
  await call('empty inner segment', 'GET', `/v2//sites/${journal.id}`, 404);
  await call('wrong method', 'PUT', `/v2/sites/${journal.id}`, 404);
  await call('bad percent-encoding in path', 'GET', '/v6/pages/%E0%A4%A', 400);
  await call('bad percent-encoding in query value', 'GET', `/v2/locales?siteId=${journal.id}&limit=%ZZ`, 400);
  await call('repeated query parameter: last non-empty wins', 'GET', `/v2/locales?siteId=${journal.id}&limit=0&limit=1&limit=`, 200, { op: '/v2/locales' });
  await call('unknown query parameter ignored', 'GET', `/v2/sites?workspaceId=${ws}&foo=bar`, 200, { op: '/v2/sites' });
  await call('huge body', 'POST', '/v2/sites', 400, { rawBody: `{"name":"${'x'.repeat(3 * 1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } });
  await call('json null body', 'POST', '/v6/pages', 400, { rawBody: 'null', headers: { 'content-type': 'application/json' } });
  await call('deep json', 'POST', '/v6/pages', 400, { rawBody: '['.repeat(100000), headers: { 'content-type': 'application/json' } });
  await call('__proto__ body', 'POST', '/v6/pages', 400, { rawBody: '{"__proto__":{"siteId":1}}', headers: { 'content-type': 'application/json' } });
  await call('wrong types', 'POST', '/v6/pages', 400, { body: { siteId: 5, pathname: ['/'], name: {} } });
  await call('BOM body', 'POST', '/v2/sites', 201, { rawBody: `\ufeff${JSON.stringify({ workspaceId: ws, name: 'Bom' })}`, headers: { 'content-type': 'application/json' }, op: '/v2/sites' });
  await call('invalid utf-8', 'POST', '/v2/sites', 400, { rawBody: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } });
  const malformed = await new Promise((resolve) => {
    const sock = connect(new URL(s.url).port, '127.0.0.1', () => sock.write('GARBAGE\r\n\r\n'));
    let data = '';
    sock.on('data', (d) => (data += d));
    sock.on('close', () => resolve(data));
    sock.on('error', () => resolve(data));
  });
  calls++;
  ok(/^HTTP\/1\.1 400/.test(malformed) && malformed.includes('"bad_request"'), 'malformed HTTP answered with a 400 envelope');
} catch (e) {
  failures++;
  console.error('FAIL (exception)', e);
} finally {
  await s.close();
}
console.log(`outsider10 smoke: ${calls} requests, ${validated} bodies validated against the schemas, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
