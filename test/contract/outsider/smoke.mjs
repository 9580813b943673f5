// Smoke test: starts the server in-process and exercises every operation of the published OpenAPI
// (plus SPEC's PATCH /v2/routes) with fetch; checks statuses, the error envelope and, when the published
// OpenAPI is available, validates each documented response body against its schema.
import { readFileSync } from 'node:fs';
import { startServer } from './server.mjs';

const OPENAPI_PATH = process.env.OPENAPI ?? new URL('../../../contracts/published-openapi.json', import.meta.url).pathname;
let doc = null;
try { doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')); } catch { console.log(`(no OpenAPI at ${OPENAPI_PATH}: schema checks skipped)`); }

// ---- tiny JSON-schema checker (subset used by the published document) ----
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
function typeOf(v) { return v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v; }
function check(schema, v, path, errs) {
  if (schema.$ref) schema = schema.$ref.split('/').slice(1).reduce((o, k) => o[k], doc);
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => { const e = []; check(s, v, path, e); return !e.length; }).length;
    if (n !== 1) errs.push(`${path}: matches ${n} of oneOf`);
    return;
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    const t = typeOf(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) { errs.push(`${path}: type ${t} not in ${types}`); return; }
  }
  if (schema.enum && !schema.enum.includes(v)) errs.push(`${path}: ${JSON.stringify(v)} not in enum`);
  if (typeof v === 'string' && schema.format === 'uuid' && !UUID.test(v)) errs.push(`${path}: not a uuid`);
  if (typeof v === 'string' && schema.format === 'date-time' && !DT.test(v)) errs.push(`${path}: not a date-time`);
  if (typeof v === 'string' && schema.format === 'uri') { try { new URL(v); } catch { errs.push(`${path}: not a uri`); } }
  if (typeOf(v) === 'object') {
    for (const r of schema.required ?? []) if (!(r in v)) errs.push(`${path}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties ?? {})) if (k in v) check(s, v[k], `${path}.${k}`, errs);
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => check(schema.items, x, `${path}[${i}]`, errs));
}

let failures = 0, passes = 0;
function ok(cond, label) { if (cond) passes++; else { failures++; console.log('FAIL', label); } }

const s = await startServer({ port: 0 });
const H = (key) => (key === null ? {} : { "x-api-key": key }); // key: null = send no header

/** call(method, template, {params, query, body, key}, expectedStatus) -> body */
async function call(method, template, { params = {}, query = {}, body, key = s.apiKey } = {}, expect) {
  let path = template;
  for (const [k, v] of Object.entries(params)) path = path.replace(`{${k}}`, encodeURIComponent(v));
  const qs = new URLSearchParams(query).toString();
  const headers = H(key);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${s.baseUrl}${path}${qs ? '?' + qs : ''}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  const label = `${method} ${template} ${JSON.stringify({ params, query, body })} -> ${res.status} (want ${expect})`;
  ok(res.status === expect, label + (res.status !== expect ? ' ' + text : ''));
  if (res.status === 204) ok(text === '', label + ' empty body');
  if (res.status >= 400) {
    ok(json?.object === 'error' && typeof json.message === 'string', label + ' error envelope');
    const codes = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
    ok(json?.code === codes[res.status], label + ' error code');
    if (res.status === 400) ok(Array.isArray(json.details) && json.details.length > 0 && json.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string'), label + ' details');
  }
  const schema = doc?.paths[template]?.[method.toLowerCase()]?.responses?.[res.status]?.content?.['application/json']?.schema;
  if (schema && res.status !== 204) {
    const errs = [];
    check(schema, json, '$', errs);
    ok(!errs.length, label + ' schema: ' + errs.join('; '));
  }
  return json;
}

try {
  const ws = s.workspaceId;
  // ---------- auth ----------
  await call('GET', '/v2/sites', { query: { workspaceId: ws }, key: null }, 401);
  await call('GET', '/v2/sites', { query: { workspaceId: ws }, key: 'sk_nope' }, 401);
  await call('GET', '/v2/sites', { query: { workspaceId: ws }, key: '550e8400-e29b-41d4-a716-446655440000' }, 401);

  // every operation answers 401 without a key
  const anyId = '00000000-0000-4000-8000-000000000000';
  for (const [m, t] of [
    ['POST', '/v2/sites'], ['GET', '/v2/sites'], ['GET', '/v2/sites/{siteId}'], ['PATCH', '/v2/sites/{siteId}'],
    ['DELETE', '/v2/sites/{siteId}'], ['POST', '/v2/sites/{siteId}/duplicate'], ['POST', '/v2/locales'], ['GET', '/v2/locales'],
    ['GET', '/v2/locales/{localeIdOrCode}'], ['PATCH', '/v2/locales/{localeIdOrCode}'], ['DELETE', '/v2/locales/{localeIdOrCode}'],
    ['POST', '/v2/locales/{localeIdOrCode}/restore'], ['POST', '/v6/pages'], ['GET', '/v6/pages'], ['GET', '/v6/pages/{pageIdOrPathname}'],
    ['PATCH', '/v6/pages/{pageIdOrPathname}'], ['DELETE', '/v6/pages/{pageIdOrPathname}'], ['PATCH', '/v2/routes/{routeIdOrPathname}'],
  ]) {
    const params = { siteId: anyId, localeIdOrCode: anyId, pageIdOrPathname: anyId, routeIdOrPathname: anyId };
    await call(m, t, { params, key: null, body: ['POST', 'PATCH'].includes(m) ? {} : undefined }, 401);
  }

  // ---------- sites ----------
  const all = await call('GET', '/v2/sites', { query: { workspaceId: ws } }, 200);
  ok(all.data.length === 2 && all.hasMore === false, 'two seeded sites');
  const p1 = await call('GET', '/v2/sites', { query: { workspaceId: ws, limit: 1 } }, 200);
  ok(p1.data.length === 1 && p1.hasMore === true, 'limit=1 hasMore');
  const p2 = await call('GET', '/v2/sites', { query: { workspaceId: ws, limit: 1, startingAfter: p1.data[0].id } }, 200);
  ok(p2.data.length === 1 && p2.hasMore === false && p2.data[0].id !== p1.data[0].id, 'second page');
  await call('GET', '/v2/sites', { query: {} }, 400);
  await call('GET', '/v2/sites', { query: { workspaceId: ws, limit: 101 } }, 400);
  await call('GET', '/v2/sites', { query: { workspaceId: ws, limit: 0 } }, 400);
  const ceil = await call('GET', '/v2/sites', { query: { workspaceId: ws, limit: 1.5 } }, 200);
  ok(ceil.data.length === 2, 'fractional limit rounded up');
  const stale = await call('GET', '/v2/sites', { query: { workspaceId: ws, startingAfter: '00000000-0000-4000-8000-000000000000' } }, 200);
  ok(stale.data.length === 0 && stale.hasMore === false, 'unknown cursor -> empty');
  await call('GET', '/v2/sites', { query: { workspaceId: ws }, key: s.otherApiKey }, 403);
  await call('GET', '/v2/sites', { query: { workspaceId: ws }, key: s.siteApiKey }, 403);

  const siteA = all.data.find((x) => x.name === 'Acme Marketing');
  const siteB = all.data.find((x) => x.name === 'Acme Shop');
  ok(siteA && siteB, 'seeded names');

  const created = await call('POST', '/v2/sites', { body: { workspaceId: ws, name: '  New Site ', hostOrigin: 'https://new.example/' } }, 201);
  ok(created.name === 'New Site' && created.defaultLocale === 'en-US' && created.hostOrigin === 'https://new.example', 'create defaults/normalisation');
  await call('POST', '/v2/sites', { body: { workspaceId: ws } }, 400);
  await call('POST', '/v2/sites', { body: { workspaceId: ws, name: 'x', hostOrigin: 'not a url' } }, 400);
  await call('POST', '/v2/sites', { body: { workspaceId: ws, name: 'x' }, key: s.otherApiKey }, 403);
  await call('POST', '/v2/sites', { body: { workspaceId: ws, name: 'x' }, key: null }, 401);

  await call('GET', '/v2/sites/{siteId}', { params: { siteId: siteA.id } }, 200);
  await call('GET', '/v2/sites/{siteId}', { params: { siteId: siteA.id }, key: s.siteApiKey }, 200);
  await call('GET', '/v2/sites/{siteId}', { params: { siteId: siteB.id }, key: s.siteApiKey }, 403);
  await call('GET', '/v2/sites/{siteId}', { params: { siteId: siteA.id }, key: s.otherApiKey }, 403);
  await call('GET', '/v2/sites/{siteId}', { params: { siteId: '00000000-0000-4000-8000-000000000000' } }, 404);

  const upd = await call('PATCH', '/v2/sites/{siteId}', { params: { siteId: created.id }, body: { name: 'Renamed' } }, 200);
  ok(upd.name === 'Renamed', 'site renamed');
  await call('PATCH', '/v2/sites/{siteId}', { params: { siteId: created.id }, body: { defaultLocale: 'fr-FR' } }, 400);
  await call('PATCH', '/v2/sites/{siteId}', { params: { siteId: created.id }, body: { name: 'x' }, key: s.otherApiKey }, 403);

  const dup = await call('POST', '/v2/sites/{siteId}/duplicate', { params: { siteId: siteA.id }, body: { name: 'Copy of A' } }, 201);
  ok(dup.id !== siteA.id && dup.defaultLocale === siteA.defaultLocale, 'duplicate');
  await call('POST', '/v2/sites/{siteId}/duplicate', { params: { siteId: siteA.id }, body: {} }, 400);
  await call('POST', '/v2/sites/{siteId}/duplicate', { params: { siteId: siteA.id }, body: { name: 'x' }, key: s.otherApiKey }, 403);
  const dupPages = await call('GET', '/v6/pages', { query: { siteId: dup.id, includeOffline: 'true' } }, 200);
  ok(dupPages.data.length === 3, 'duplicate copied pages');

  await call('DELETE', '/v2/sites/{siteId}', { params: { siteId: dup.id }, key: s.otherApiKey }, 403);
  await call('DELETE', '/v2/sites/{siteId}', { params: { siteId: dup.id } }, 204);
  await call('GET', '/v2/sites/{siteId}', { params: { siteId: dup.id } }, 404);
  await call('DELETE', '/v2/sites/{siteId}', { params: { siteId: dup.id } }, 404);

  // ---------- locales ----------
  const locs = await call('GET', '/v2/locales', { query: { siteId: siteA.id } }, 200);
  ok(locs.data.length === 2 && locs.data[0].isDefault && locs.data[0].locale === 'en-US', 'seeded locales, default first');
  const lp1 = await call('GET', '/v2/locales', { query: { siteId: siteA.id, limit: 1 } }, 200);
  ok(lp1.hasMore === true, 'locale page 1');
  const lp2 = await call('GET', '/v2/locales', { query: { siteId: siteA.id, limit: 1, startingAfter: lp1.data[0].id } }, 200);
  ok(lp2.hasMore === false && lp2.data.length === 1, 'locale page 2');
  await call('GET', '/v2/locales', { query: { siteId: siteA.id, limit: 0 } }, 400);
  await call('GET', '/v2/locales', { query: {} }, 400);
  await call('GET', '/v2/locales', { query: { siteId: siteA.id }, key: s.otherApiKey }, 403);

  const de = await call('POST', '/v2/locales', { body: { siteId: siteA.id, locale: 'de_de', domain: 'https://acme.example.de' } }, 201);
  ok(de.locale === 'de-DE' && de.isDefault === false && de.pathPrefix === null, 'locale created');
  await call('POST', '/v2/locales', { body: { siteId: siteA.id, locale: 'de-DE' } }, 409);
  await call('POST', '/v2/locales', { body: { siteId: siteA.id, locale: 'not a locale' } }, 400);
  await call('POST', '/v2/locales', { body: { siteId: '00000000-0000-4000-8000-000000000000', locale: 'it' } }, 404);
  await call('POST', '/v2/locales', { body: { siteId: siteA.id, locale: 'it' }, key: s.otherApiKey }, 403);

  await call('GET', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id } }, 200);
  await call('GET', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: 'de-DE' }, query: { siteId: siteA.id } }, 200);
  await call('GET', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: 'de-DE' } }, 400);
  await call('GET', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: 'xx-XX' }, query: { siteId: siteA.id } }, 404);
  await call('GET', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id }, key: s.otherApiKey }, 403);

  const dePatched = await call('PATCH', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id }, body: { domain: null } }, 200);
  ok(dePatched.domain === null, 'domain cleared');
  await call('PATCH', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id }, body: { locale: 'fr-FR' } }, 409);
  await call('PATCH', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id }, body: { domain: 'ftp://x' } }, 400);
  await call('PATCH', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id }, body: {}, key: s.otherApiKey }, 403);

  await call('DELETE', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: 'en-US' }, query: { siteId: siteA.id } }, 400);
  await call('DELETE', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id }, key: s.otherApiKey }, 403);
  await call('DELETE', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: 'de-DE' }, query: { siteId: siteA.id } }, 204);
  await call('GET', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id } }, 404);
  await call('DELETE', '/v2/locales/{localeIdOrCode}', { params: { localeIdOrCode: de.id } }, 404);
  await call('POST', '/v2/locales/{localeIdOrCode}/restore', { params: { localeIdOrCode: de.id }, key: s.otherApiKey }, 403);
  const restored = await call('POST', '/v2/locales/{localeIdOrCode}/restore', { params: { localeIdOrCode: 'de-DE' }, query: { siteId: siteA.id } }, 200);
  ok(restored.id === de.id, 'restored same locale');
  await call('POST', '/v2/locales/{localeIdOrCode}/restore', { params: { localeIdOrCode: de.id } }, 409);
  await call('POST', '/v2/locales/{localeIdOrCode}/restore', { params: { localeIdOrCode: '00000000-0000-4000-8000-000000000000' } }, 404);
  await call('POST', '/v2/locales/{localeIdOrCode}/restore', { params: { localeIdOrCode: 'de-DE' } }, 400);

  // ---------- pages ----------
  const online = await call('GET', '/v6/pages', { query: { siteId: siteA.id } }, 200);
  ok(online.data.map((x) => x.pathname).join(',') === '/,/about', 'online pages by path asc');
  const withOff = await call('GET', '/v6/pages', { query: { siteId: siteA.id, includeOffline: 'true', sortBy: 'path', sortDirection: 'desc' } }, 200);
  ok(withOff.data.map((x) => x.pathname).join(',') === '/drafts/new-idea,/about,/', 'includeOffline + desc');
  const pg1 = await call('GET', '/v6/pages', { query: { siteId: siteA.id, includeOffline: 'true', limit: 2 } }, 200);
  const pg2 = await call('GET', '/v6/pages', { query: { siteId: siteA.id, includeOffline: 'true', limit: 2, startingAfter: pg1.data[1].id } }, 200);
  ok(pg1.hasMore && !pg2.hasMore && pg2.data.length === 1, 'page pagination');
  const pref = await call('GET', '/v6/pages', { query: { siteId: siteA.id, includeOffline: 'true', pathPrefix: '/dr' } }, 200);
  ok(pref.data.length === 1, 'pathPrefix');
  const fr = await call('GET', '/v6/pages', { query: { siteId: siteA.id, locale: 'fr-FR' } }, 200);
  ok(fr.data.length === 1 && fr.data[0].pathname === '/a-propos' && fr.data[0].locale === 'fr-FR', 'locale filter');
  const live = await call('GET', '/v6/pages', { query: { siteId: siteA.id, versionRef: 'ref:live', sortBy: 'title' } }, 200);
  ok(live.data.length === 2, 'live pages');
  await call('GET', '/v6/pages', { query: { siteId: siteA.id, sortBy: 'nope' } }, 400);
  await call('GET', '/v6/pages', { query: { siteId: siteA.id, includeOffline: 'yes' } }, 400);
  await call('GET', '/v6/pages', { query: { siteId: siteA.id }, key: s.otherApiKey }, 403);
  await call('GET', '/v6/pages', { query: { siteId: siteA.id }, key: s.siteApiKey }, 200);
  const alias = await call('GET', '/v2/sites/{siteId}/pages', { params: { siteId: siteA.id }, query: { limit: 1 } }, 200);
  ok(alias.object === 'list' && alias.data.length === 1 && alias.hasMore === true, 'SPEC alias list pages');
  await call('GET', '/v2/sites/{siteId}/pages', { params: { siteId: siteA.id }, key: s.otherApiKey }, 403);

  const page = await call('POST', '/v6/pages', { body: { siteId: siteA.id, pathname: 'Blog/Hello/', name: 'Hello' } }, 201);
  ok(page.pathname === '/blog/hello' && page.isOnline === false && page.locale === 'en-US', 'page created offline, normalised');
  await call('POST', '/v6/pages', { body: { siteId: siteA.id, pathname: '/blog/hello', name: 'Again' } }, 409);
  await call('POST', '/v6/pages', { body: { siteId: siteA.id, pathname: '/docs', name: 'Route clash' } }, 409);
  await call('POST', '/v6/pages', { body: { pathname: '/x', name: 'x' } }, 400);
  await call('POST', '/v6/pages', { body: { siteId: siteA.id, pathname: '/x', name: '' } }, 400);
  await call('POST', '/v6/pages', { body: { siteId: siteA.id, pathname: '/x', name: 'x' }, key: s.otherApiKey }, 403);
  await call('POST', '/v6/pages', { body: { siteId: siteA.id, pathname: '/x', name: 'x' }, key: null }, 401);

  await call('GET', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id } }, 200);
  const about = await call('GET', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: '/about' }, query: { siteId: siteA.id, locale: 'fr-FR' } }, 200);
  ok(about.pathname === '/a-propos' && about.localizations.length === 1, 'collapsed localization');
  await call('GET', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: '/about' } }, 400);
  await call('GET', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, query: { versionRef: 'ref:live' } }, 404);
  await call('GET', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, key: s.otherApiKey }, 403);

  const on = await call('PATCH', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, body: { isOnline: true, name: 'Hello!' } }, 200);
  ok(on.isOnline === true && on.publishedAt !== null, 'page online + published');
  await call('GET', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, query: { versionRef: 'ref:live' } }, 200);
  await call('PATCH', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, body: {} }, 400);
  await call('PATCH', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, body: { pathname: '/about' } }, 409);
  await call('PATCH', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, body: { isOnline: 'yes' } }, 400);
  await call('PATCH', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, body: { name: 'x' }, key: s.otherApiKey }, 403);
  await call('PATCH', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: '/blog/hello' }, query: { siteId: siteA.id }, body: { pathname: '/blog/hello-world' } }, 200);

  await call('DELETE', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id }, key: s.otherApiKey }, 403);
  await call('DELETE', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: '/blog/hello-world' }, query: { siteId: siteA.id } }, 204);
  await call('GET', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id } }, 404);
  await call('DELETE', '/v6/pages/{pageIdOrPathname}', { params: { pageIdOrPathname: page.id } }, 404);

  // ---------- routes (SPEC only) ----------
  const r = await call('PATCH', '/v2/routes/{routeIdOrPathname}', { params: { routeIdOrPathname: '/docs' }, query: { siteId: siteA.id }, body: { pathname: '/help' } }, 200);
  ok(r.object === 'route' && r.pathname === '/help' && /^[0-9a-f-]{36}$/.test(r.id), 'route updated');
  await call('PATCH', '/v2/routes/{routeIdOrPathname}', { params: { routeIdOrPathname: r.id }, body: { pathname: '/about' } }, 409);
  await call('PATCH', '/v2/routes/{routeIdOrPathname}', { params: { routeIdOrPathname: r.id }, body: { pathname: 'no-slash' } }, 400);
  await call('PATCH', '/v2/routes/{routeIdOrPathname}', { params: { routeIdOrPathname: '/help' }, body: {} }, 400);
  const sk = await call('PATCH', '/v2/routes/{routeIdOrPathname}', { params: { routeIdOrPathname: r.id }, query: { skipValidation: 'true' }, body: { pathname: 'no slash!' } }, 200);
  ok(sk.pathname === '/no slash!', 'skipValidation');
  await call('PATCH', '/v2/routes/{routeIdOrPathname}', { params: { routeIdOrPathname: r.id }, body: {}, key: s.otherApiKey }, 403);
  await call('PATCH', '/v2/routes/{routeIdOrPathname}', { params: { routeIdOrPathname: '00000000-0000-4000-8000-000000000000' }, body: {} }, 404);
  await call('PATCH', '/v2/routes/{routeIdOrPathname}', { params: { routeIdOrPathname: r.id }, body: {}, key: null }, 401);

  // ---------- cascade: deleting a site revokes its Site API key ----------
  await call('DELETE', '/v2/sites/{siteId}', { params: { siteId: siteA.id }, key: s.siteApiKey }, 403);
  await call('DELETE', '/v2/sites/{siteId}', { params: { siteId: siteA.id } }, 204);
  await call('GET', '/v6/pages', { query: { siteId: siteA.id }, key: s.siteApiKey }, 401);
} finally {
  await s.close();
}

console.log(`${passes} checks passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
