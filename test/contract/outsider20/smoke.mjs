// Self-test: starts the server in-process, calls every operation (successes, errors and this
// deployment's own choices), walks every list in every order, and checks each success body against
// the published OpenAPI response schema (routes against the SPEC's Route table) with a small
// hand-written schema checker. Exits 0 when every check passes.
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';
import { collate, compareGuids } from './sqlserver.mjs';
import { normaliseCultureName } from './validation.mjs';

const openapi = JSON.parse(readFileSync(new URL('../../../contracts/published-openapi.json', import.meta.url), 'utf8'));

let passed = 0;
const failures = [];
function check(name, condition, detail) {
  if (condition) passed++;
  else failures.push(`${name}${detail === undefined ? '' : ` — ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`);
}

// ---------------------------------------------------------------------------------------------
// A small JSON Schema checker for the subset the published document uses.

function deref(schema) {
  let s = schema;
  while (s && s.$ref) s = openapi.components.schemas[s.$ref.split('/').pop()];
  return s;
}

const FORMATS = {
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
  uri: (v) => {
    try {
      return Boolean(new URL(v));
    } catch {
      return false;
    }
  },
  double: () => true,
};

function typeMatches(type, v) {
  switch (type) {
    case 'null': return v === null;
    case 'string': return typeof v === 'string';
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'integer': return Number.isInteger(v);
    case 'boolean': return typeof v === 'boolean';
    case 'array': return Array.isArray(v);
    case 'object': return v !== null && typeof v === 'object' && !Array.isArray(v);
    default: return false;
  }
}

function validate(schemaRef, value, path = '$', errors = []) {
  const schema = deref(schemaRef);
  if (!schema) return errors;
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => validate(s, value, path, []).length === 0).length;
    if (n !== 1) errors.push(`${path}: matches ${n} branches of oneOf`);
    return errors;
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    if (!types.some((t) => typeMatches(t, value))) {
      errors.push(`${path}: ${JSON.stringify(value)} is not ${types.join('|')}`);
      return errors;
    }
  }
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in ${schema.enum}`);
  if (typeof value === 'string' && schema.format && FORMATS[schema.format] && !FORMATS[schema.format](value)) {
    errors.push(`${path}: ${value} is not a ${schema.format}`);
  }
  if (typeMatches('object', value)) {
    for (const r of schema.required ?? []) if (!(r in value)) errors.push(`${path}: missing ${r}`);
    for (const [k, s] of Object.entries(schema.properties ?? {})) if (k in value) validate(s, value[k], `${path}.${k}`, errors);
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => validate(schema.items, item, `${path}[${i}]`, errors));
  return errors;
}

function responseSchema(path, method, status) {
  return openapi.paths[path][method].responses[String(status)].content['application/json'].schema;
}

function conforms(name, path, method, status, body) {
  const errors = validate(responseSchema(path, method, status), body);
  check(`${name}: body matches the published ${method.toUpperCase()} ${path} ${status} schema`, errors.length === 0, errors.slice(0, 3).join('; '));
}

// The SPEC's Route table: object "route", id (uuid), pathname (string) and nothing else.
function conformsRoute(name, body) {
  const ok = typeMatches('object', body) && body.object === 'route' && FORMATS.uuid(body.id) && typeof body.pathname === 'string' && body.pathname.startsWith('/') && Object.keys(body).length === 3;
  check(`${name}: body is a SPEC Route`, ok, body);
}

function conformsRouteList(name, body) {
  check(`${name}: list envelope`, body?.object === 'list' && Array.isArray(body.data) && typeof body.hasMore === 'boolean', body);
  for (const r of body?.data ?? []) conformsRoute(`${name} item`, r);
}

// The error envelope of the SPEC.
function isError(name, res, status, code) {
  const b = res.body;
  const shape = b && b.object === 'error' && b.code === code && typeof b.message === 'string';
  const details = status === 400
    ? Array.isArray(b?.details) && b.details.length > 0 && b.details.every((d) => typeof d.field === 'string' && typeof d.message === 'string')
    : b?.details === undefined;
  check(`${name}: ${status} ${code}`, res.status === status && shape && details, { status: res.status, body: b });
  return b;
}

function fields(res) {
  return (res.body?.details ?? []).map((d) => d.field);
}

// ---------------------------------------------------------------------------------------------
// HTTP

let base = '';
let keys = {};

async function api(method, path, { key = keys.apiKey, body, rawBody, headers = {} } = {}) {
  const h = { ...headers };
  if (key !== null) h['x-api-key'] = key;
  let payload;
  if (rawBody !== undefined) payload = rawBody;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] = h['content-type'] ?? 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers: h, body: payload });
  const text = await res.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { unparsable: text };
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

function rawExchange(port, request) {
  return new Promise((resolve) => {
    let data = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (c) => {
      data += c;
    });
    socket.on('close', () => resolve(data));
    socket.on('error', () => resolve(data));
    setTimeout(() => {
      socket.destroy();
      resolve(data);
    }, 3000);
  });
}

async function walk(path, query, limit, key) {
  const items = [];
  let after = null;
  for (let guard = 0; guard < 200; guard++) {
    const qs = `${query}${query ? '&' : ''}limit=${limit}${after ? `&startingAfter=${after}` : ''}`;
    const res = await api('GET', `${path}?${qs}`, { key });
    if (res.status !== 200) return { error: res };
    items.push(...res.body.data);
    if (res.body.data.length > limit) return { error: 'page longer than limit' };
    if (!res.body.hasMore) return { items, last: res };
    after = res.body.data.at(-1).id;
  }
  return { error: 'did not finish' };
}

const uuid = () => crypto.randomUUID();

// ---------------------------------------------------------------------------------------------

async function sites() {
  const W = keys.workspaceId;
  const list = await api('GET', `/v2/sites?workspaceId=${W}`);
  check('List Sites 200', list.status === 200);
  conforms('List Sites', '/v2/sites', 'get', 200, list.body);
  check('List Sites: two seeded sites', list.body.data.length === 2, list.body.data.length);
  const [docs, store] = list.body.data;
  const walked = await walk('/v2/sites', `workspaceId=${W}`, 1);
  check('List Sites walk (limit 1) equals the full list', JSON.stringify(walked.items?.map((s) => s.id)) === JSON.stringify(list.body.data.map((s) => s.id)));
  check('List Sites: ordered by uniqueidentifier (SQL Server order)', list.body.data.every((s, i, a) => i === 0 || compareGuids(a[i - 1].id, s.id) < 0));

  isError('List Sites without a key', await api('GET', `/v2/sites?workspaceId=${W}`, { key: null }), 401, 'unauthorized');
  isError('List Sites with an unknown key', await api('GET', `/v2/sites?workspaceId=${W}`, { key: 'sbs-app-nope' }), 401, 'unauthorized');
  isError('List Sites of another workspace', await api('GET', `/v2/sites?workspaceId=${W}`, { key: keys.otherApiKey }), 403, 'forbidden');
  isError('List Sites of an unknown workspace', await api('GET', `/v2/sites?workspaceId=${uuid()}`), 403, 'forbidden');
  isError('List Sites with a Site API key', await api('GET', `/v2/sites?workspaceId=${W}`, { key: keys.siteApiKey }), 403, 'forbidden');
  const noWs = isError('List Sites without workspaceId', await api('GET', '/v2/sites'), 400, 'bad_request');
  check('List Sites: detail names workspaceId', noWs?.details?.[0]?.field === 'workspaceId');
  const badLimit = await api('GET', `/v2/sites?workspaceId=${W}&limit=101`);
  isError('List Sites limit=101', badLimit, 400, 'bad_request');
  isError('List Sites limit=2.5', await api('GET', `/v2/sites?workspaceId=${W}&limit=2.5`), 400, 'bad_request');
  isError('List Sites limit=abc', await api('GET', `/v2/sites?workspaceId=${W}&limit=abc`), 400, 'bad_request');
  const spaced = await api('GET', `/v2/sites?workspaceId=${W}&limit=%201%20`);
  check('List Sites: limit " 1 " is int.Parse-able', spaced.status === 200 && spaced.body.data.length === 1);
  const plus = await api('GET', `/v2/sites?workspaceId=${W}&limit=%2B1`);
  check('List Sites: limit "+1" is int.Parse-able', plus.status === 200 && plus.body.data.length === 1);
  isError('List Sites with an unknown cursor', await api('GET', `/v2/sites?workspaceId=${W}&startingAfter=${uuid()}`), 400, 'bad_request');
  const caseless = await api('GET', `/V2/Sites/?WORKSPACEID=${W}&Limit=1`, { key: keys.apiKey.toLowerCase() });
  check('Routes, query names and the App key compare case-insensitively', caseless.status === 200 && caseless.body.data.length === 1);

  // Create
  const made = await api('POST', '/v2/sites', { body: { workspaceId: W, name: 'Smoke Site' } });
  check('Create Site 201', made.status === 201, made.body);
  conforms('Create Site', '/v2/sites', 'post', 201, made.body);
  check('Create Site: Location names the site', made.headers.get('location') === `${base}/v2/sites/${made.body.id}`);
  check('Create Site: defaults (en-US, hostOrigin null, internal)', made.body.defaultLocale === 'en-US' && made.body.hostOrigin === null && made.body.localeManagementMode === 'internal');
  check('Create Site: rowversion ETag', /^"[A-Za-z0-9+/]{11}="$/.test(made.headers.get('etag') ?? ''));
  const site = made.body;
  const caseInsensitive = await api('POST', '/v2/sites', { body: { WorkspaceId: W, NAME: 'Cased', DefaultLocale: 'fr-fr', hostOrigin: 'https://cased.example/app?x=1' } });
  check('Create Site: JSON property names bind case-insensitively; culture normalised', caseInsensitive.status === 201 && caseInsensitive.body.name === 'Cased' && caseInsensitive.body.defaultLocale === 'fr-FR' && caseInsensitive.body.hostOrigin === 'https://cased.example/app?x=1', caseInsensitive.body);
  const invalid = await api('POST', '/v2/sites', { body: { workspaceId: 'nope', name: '  ', hostOrigin: 'ftp://x', defaultLocale: 'en_US' } });
  isError('Create Site with four invalid fields', invalid, 400, 'bad_request');
  check('Create Site: one detail per invalid field', JSON.stringify(fields(invalid).sort()) === JSON.stringify(['defaultLocale', 'hostOrigin', 'name', 'workspaceId']), fields(invalid));
  const nil = await api('POST', '/v2/sites', { body: { workspaceId: '00000000-0000-0000-0000-000000000000', name: 'x' } });
  check('Create Site: the nil GUID is "empty"', nil.status === 400 && fields(nil)[0] === 'workspaceId');
  isError('Create Site in another workspace', await api('POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: keys.otherApiKey }), 403, 'forbidden');
  isError('Create Site with a Site API key', await api('POST', '/v2/sites', { body: { workspaceId: W, name: 'x' }, key: keys.siteApiKey }), 403, 'forbidden');
  isError('Create Site with an IRI hostOrigin', await api('POST', '/v2/sites', { body: { workspaceId: W, name: 'x', hostOrigin: 'https://exämple.com' } }), 400, 'bad_request');
  const emptyBody = await api('POST', '/v2/sites', { rawBody: '', headers: { 'content-type': 'application/json' } });
  check('Create Site: empty body is 400 "non-empty body required"', emptyBody.status === 400 && emptyBody.body.details[0].message === 'A non-empty request body is required.');
  const badJson = await api('POST', '/v2/sites', { rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
  check('Create Site: malformed JSON is 400 on "$" and "request"', badJson.status === 400 && JSON.stringify(fields(badJson)) === '["$","request"]', badJson.body);
  const textPlain = await api('POST', '/v2/sites', { rawBody: JSON.stringify({ workspaceId: W, name: 'x' }), headers: { 'content-type': 'text/plain' } });
  isError('Create Site as text/plain', textPlain, 400, 'bad_request');
  const textJson = await api('POST', '/v2/sites', { rawBody: JSON.stringify({ workspaceId: W, name: 'TextJson' }), headers: { 'content-type': 'text/json' } });
  check('Create Site as text/json', textJson.status === 201);
  const utf16 = await api('POST', '/v2/sites', { rawBody: Buffer.from(JSON.stringify({ workspaceId: W, name: 'Über' }), 'utf16le'), headers: { 'content-type': 'application/json; charset=utf-16' } });
  check('Create Site: a UTF-16 body is read', utf16.status === 201 && utf16.body.name === 'Über');
  check('STJ escaping: non-ASCII as \\u00DC', utf16.text.includes('\\u00DCber'));
  const latin = await api('POST', '/v2/sites', { rawBody: JSON.stringify({ workspaceId: W, name: 'x' }), headers: { 'content-type': 'application/json; charset=iso-8859-1' } });
  isError('Create Site with an unsupported charset', latin, 400, 'bad_request');
  const arrayBody = await api('POST', '/v2/sites', { body: [1] });
  isError('Create Site with a JSON array', arrayBody, 400, 'bad_request');
  const wrongType = await api('POST', '/v2/sites', { body: { workspaceId: W, name: 5 } });
  check('Create Site: a number for name is a conversion error on name', wrongType.status === 400 && fields(wrongType)[0] === 'name' && wrongType.body.details[0].message.includes('System.String'));

  // Get
  const got = await api('GET', `/v2/sites/${docs.id}`);
  check('Get Site 200', got.status === 200);
  conforms('Get Site', '/v2/sites/{siteId}', 'get', 200, got.body);
  const braces = await api('GET', `/v2/sites/%7B${docs.id.toUpperCase()}%7D`);
  check('Get Site: the {siteId:guid} constraint takes the B format', braces.status === 200 && braces.body.id === docs.id);
  const nFormat = await api('GET', `/v2/sites/${docs.id.replace(/-/g, '')}`);
  check('Get Site: the N format', nFormat.status === 200);
  isError('Get Site unknown', await api('GET', `/v2/sites/${uuid()}`), 404, 'not_found');
  isError('Get Site malformed id (no route)', await api('GET', '/v2/sites/not-a-guid'), 404, 'not_found');
  isError('Get Site of another workspace', await api('GET', `/v2/sites/${docs.id}`, { key: keys.otherApiKey }), 403, 'forbidden');
  isError('Get Site with another site\'s Site key', await api('GET', `/v2/sites/${docs.id}`, { key: keys.siteApiKey }), 403, 'forbidden');
  const own = await api('GET', `/v2/sites/${store.id}`, { key: keys.siteApiKey });
  check('Get Site with its own Site key', own.status === 200);
  const siteKeyParens = await api('GET', `/v2/sites/${store.id}`, { key: `(${keys.siteApiKey.toUpperCase()})` });
  check('A Site key is read with Guid.TryParse (P format, any case)', siteKeyParens.status === 200);
  const publishable = await api('GET', `/v2/sites/${store.id}`, { key: keys.publicApiKey });
  check('Get Site with the publishable key', publishable.status === 200);
  const put = await api('PUT', `/v2/sites/${docs.id}`);
  isError('PUT on a PATCH path', put, 404, 'not_found');
  check('404 for another method carries Allow', put.headers.get('allow') === 'GET, PATCH, DELETE');
  const head = await api('HEAD', `/v2/sites/${docs.id}`);
  check('HEAD is not GET: 404 (no body, as HEAD never has one)', head.status === 404 && head.headers.get('allow') === 'GET, PATCH, DELETE');

  // Update
  const up = await api('PATCH', `/v2/sites/${site.id}`, { body: { name: 'Smoke Site 2', hostOrigin: 'https://smoke.example' } });
  check('Update Site 200', up.status === 200 && up.body.name === 'Smoke Site 2' && up.body.hostOrigin === 'https://smoke.example');
  conforms('Update Site', '/v2/sites/{siteId}', 'patch', 200, up.body);
  const keep = await api('PATCH', `/v2/sites/${site.id}`, { body: { hostOrigin: null } });
  check('Update Site: hostOrigin null changes nothing', keep.body.hostOrigin === 'https://smoke.example');
  const clear = await api('PATCH', `/v2/sites/${site.id}`, { body: { hostOrigin: '' } });
  check('Update Site: hostOrigin "" clears it', clear.status === 200 && clear.body.hostOrigin === null);
  const dl = await api('PATCH', `/v2/sites/${site.id}`, { body: { defaultLocale: 'fr-FR' } });
  check('Update Site: defaultLocale is not accepted', dl.status === 400 && fields(dl)[0] === 'defaultLocale');
  const noop = await api('PATCH', `/v2/sites/${site.id}`, { body: {} });
  check('Update Site {} is 200', noop.status === 200);
  isError('Update Site with no body', await api('PATCH', `/v2/sites/${site.id}`, { rawBody: '' }), 400, 'bad_request');
  isError('Update Site with the publishable key', await api('PATCH', `/v2/sites/${store.id}`, { key: keys.publicApiKey, body: {} }), 403, 'forbidden');
  const bySiteKey = await api('PATCH', `/v2/sites/${store.id}`, { key: keys.siteApiKey, body: { name: 'Contoso Store' } });
  check('Update Site with its own Site key', bySiteKey.status === 200);
  const etag = (await api('GET', `/v2/sites/${site.id}`)).headers.get('etag');
  isError('Update Site with a stale If-Match', await api('PATCH', `/v2/sites/${site.id}`, { body: { name: 'x' }, headers: { 'if-match': '"AAAAAAAAAAE="' } }), 409, 'conflict');
  const fresh = await api('PATCH', `/v2/sites/${site.id}`, { body: { name: 'Smoke Site 3' }, headers: { 'if-match': etag } });
  check('Update Site with the current If-Match', fresh.status === 200 && fresh.headers.get('etag') !== etag);

  // Duplicate
  const dup = await api('POST', `/v2/sites/${docs.id}/duplicate`, { body: { name: 'Docs copy' } });
  check('Duplicate Site 201', dup.status === 201, dup.body);
  conforms('Duplicate Site', '/v2/sites/{siteId}/duplicate', 'post', 201, dup.body);
  const copy = dup.body;
  check('Duplicate Site: configuration copied', copy.defaultLocale === docs.defaultLocale && copy.hostOrigin === docs.hostOrigin && copy.localeManagementMode === docs.localeManagementMode && copy.publicApiKey !== docs.publicApiKey);
  const srcPages = await api('GET', `/v6/pages?siteId=${docs.id}&includeOffline=true&limit=100`);
  const copyPages = await api('GET', `/v6/pages?siteId=${copy.id}&includeOffline=true&limit=100`);
  check('Duplicate Site: same pathnames', JSON.stringify(srcPages.body.data.map((p) => p.pathname)) === JSON.stringify(copyPages.body.data.map((p) => p.pathname)));
  check('Duplicate Site: new page ids', copyPages.body.data.every((p) => !srcPages.body.data.some((q) => q.id === p.id)));
  const srcLocales = await api('GET', `/v2/locales?siteId=${docs.id}`);
  const copyLocales = await api('GET', `/v2/locales?siteId=${copy.id}`);
  check('Duplicate Site: same locales', JSON.stringify(srcLocales.body.data.map((l) => [l.locale, l.domain, l.pathPrefix, l.isDefault])) === JSON.stringify(copyLocales.body.data.map((l) => [l.locale, l.domain, l.pathPrefix, l.isDefault])));
  const srcRoutes = await api('GET', `/v2/routes?siteId=${docs.id}`);
  const copyRoutes = await api('GET', `/v2/routes?siteId=${copy.id}`);
  check('Duplicate Site: same routes', JSON.stringify(srcRoutes.body.data.map((r) => r.pathname)) === JSON.stringify(copyRoutes.body.data.map((r) => r.pathname)));
  const frCopy = await api('GET', `/v6/pages/getting-started?siteId=${copy.id}&locale=fr-FR`);
  check('Duplicate Site: localizations copied', frCopy.status === 200 && frCopy.body.pathname === '/demarrage');
  const liveCopy = await api('GET', `/v6/pages/faq?siteId=${copy.id}&versionRef=ref:live`);
  check('Duplicate Site: live versions copied', liveCopy.status === 200 && liveCopy.body.title === 'FAQ');
  await api('PATCH', `/v6/pages/faq?siteId=${copy.id}`, { body: { pathname: '/faq-copy' } });
  const srcFaq = await api('GET', `/v6/pages/faq?siteId=${docs.id}`);
  check('Duplicate Site: the copy is independent', srcFaq.status === 200 && srcFaq.body.pathname === '/faq');
  isError('Duplicate Site without a name', await api('POST', `/v2/sites/${docs.id}/duplicate`, { body: {} }), 400, 'bad_request');
  isError('Duplicate Site of another workspace', await api('POST', `/v2/sites/${docs.id}/duplicate`, { key: keys.otherApiKey, body: { name: 'x' } }), 403, 'forbidden');
  isError('Duplicate Site unknown', await api('POST', `/v2/sites/${uuid()}/duplicate`, { body: { name: 'x' } }), 404, 'not_found');
  const dupBySiteKey = await api('POST', `/v2/sites/${store.id}/duplicate`, { key: keys.siteApiKey, body: { name: 'Store copy' } });
  check('Duplicate Site with its own Site key', dupBySiteKey.status === 201);

  // Delete
  isError('Delete Site with a Site key', await api('DELETE', `/v2/sites/${store.id}`, { key: keys.siteApiKey }), 403, 'forbidden');
  isError('Delete Site of another workspace', await api('DELETE', `/v2/sites/${docs.id}`, { key: keys.otherApiKey }), 403, 'forbidden');
  const dupKey = await api('GET', `/v2/sites/${dupBySiteKey.body.id}`, { key: keys.siteApiKey });
  isError('The Site key does not reach the copy it made', dupKey, 403, 'forbidden');
  const del = await api('DELETE', `/v2/sites/${site.id}`);
  check('Delete Site 204 without a body', del.status === 204 && del.text === '');
  isError('Get Site after delete', await api('GET', `/v2/sites/${site.id}`), 404, 'not_found');
  isError('Delete Site again', await api('DELETE', `/v2/sites/${site.id}`), 404, 'not_found');
  const afterDelete = await api('GET', `/v2/sites?workspaceId=${W}&startingAfter=${site.id}`);
  check('A deleted site still works as a cursor', afterDelete.status === 200);
  return { docs, store, copy };
}

async function locales({ docs, store }) {
  const list = await api('GET', `/v2/locales?siteId=${docs.id}`);
  check('List Locales 200', list.status === 200);
  conforms('List Locales', '/v2/locales', 'get', 200, list.body);
  check('List Locales: the soft-deleted ja-JP is hidden', !list.body.data.some((l) => l.locale === 'ja-JP'));
  check('List Locales: default first (created first)', list.body.data[0].isDefault === true);
  const walked = await walk('/v2/locales', `siteId=${docs.id}`, 1);
  check('List Locales walk equals the full list', JSON.stringify(walked.items?.map((l) => l.id)) === JSON.stringify(list.body.data.map((l) => l.id)));
  isError('List Locales limit=0', await api('GET', `/v2/locales?siteId=${docs.id}&limit=0`), 400, 'bad_request');
  isError('List Locales without siteId', await api('GET', '/v2/locales'), 400, 'bad_request');
  isError('List Locales malformed siteId', await api('GET', '/v2/locales?siteId=nope'), 400, 'bad_request');
  isError('List Locales unknown site', await api('GET', `/v2/locales?siteId=${uuid()}`), 404, 'not_found');
  isError('List Locales of another workspace', await api('GET', `/v2/locales?siteId=${docs.id}`, { key: keys.otherApiKey }), 403, 'forbidden');
  isError('List Locales with the publishable key', await api('GET', `/v2/locales?siteId=${store.id}`, { key: keys.publicApiKey }), 403, 'forbidden');
  const bySiteKey = await api('GET', `/v2/locales?siteId=${store.id}`, { key: keys.siteApiKey });
  check('List Locales with the Site key', bySiteKey.status === 200);

  const made = await api('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'it-it', domain: 'https://it.docs.contoso.example' } });
  check('Create Locale 201', made.status === 201, made.body);
  conforms('Create Locale', '/v2/locales', 'post', 201, made.body);
  check('Create Locale: culture normalised, pathPrefix null', made.body.locale === 'it-IT' && made.body.pathPrefix === null && made.body.isDefault === false);
  isError('Create Locale with an existing code (any case)', await api('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'IT-it' } }), 409, 'conflict');
  isError('Create Locale with a taken domain', await api('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'es-ES', domain: 'https://IT.docs.contoso.example' } }), 409, 'conflict');
  const bad = await api('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'xx-XX', domain: 'not a uri' } });
  check('Create Locale: unknown culture and bad domain', bad.status === 400 && JSON.stringify(fields(bad)) === '["locale","domain"]', bad.body);
  isError('Create Locale es-419 (not ISO 3166)', await api('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'es-419' } }), 400, 'bad_request');
  isError('Create Locale unknown site', await api('POST', '/v2/locales', { body: { siteId: uuid(), locale: 'es-ES' } }), 404, 'not_found');
  isError('Create Locale with the publishable key', await api('POST', '/v2/locales', { key: keys.publicApiKey, body: { siteId: store.id, locale: 'es-ES' } }), 403, 'forbidden');

  const byId = await api('GET', `/v2/locales/${made.body.id}`);
  check('Get Locale by id', byId.status === 200 && byId.body.locale === 'it-IT');
  conforms('Get Locale', '/v2/locales/{localeIdOrCode}', 'get', 200, byId.body);
  const byCode = await api('GET', `/v2/locales/IT-IT?siteId=${docs.id}`);
  check('Get Locale by code under the collation', byCode.status === 200 && byCode.body.id === made.body.id);
  const noSite = await api('GET', '/v2/locales/it-IT');
  check('Get Locale by code without siteId is 400 on siteId', noSite.status === 400 && fields(noSite)[0] === 'siteId');
  isError('Get Locale by id with another site', await api('GET', `/v2/locales/${made.body.id}?siteId=${store.id}`), 404, 'not_found');
  isError('Get Locale unknown code', await api('GET', `/v2/locales/pt-PT?siteId=${docs.id}`), 404, 'not_found');
  isError('Get Locale of another workspace', await api('GET', `/v2/locales/${made.body.id}`, { key: keys.otherApiKey }), 403, 'forbidden');

  const up = await api('PATCH', `/v2/locales/${made.body.id}`, { body: { domain: null } });
  check('Update Locale: domain null clears', up.status === 200 && up.body.domain === null);
  conforms('Update Locale', '/v2/locales/{localeIdOrCode}', 'patch', 200, up.body);
  const renamed = await api('PATCH', `/v2/locales/it-IT?siteId=${docs.id}`, { body: { locale: 'it-CH', domain: 'https://ch.docs.contoso.example' } });
  check('Update Locale: rename by code', renamed.status === 200 && renamed.body.locale === 'it-CH');
  isError('Update Locale onto an existing code', await api('PATCH', `/v2/locales/${made.body.id}`, { body: { locale: 'fr-FR' } }), 409, 'conflict');
  isError('Update Locale with a bad domain', await api('PATCH', `/v2/locales/${made.body.id}`, { body: { domain: '' } }), 400, 'bad_request');

  const defaultLocale = list.body.data.find((l) => l.isDefault);
  const delDefault = await api('DELETE', `/v2/locales/${defaultLocale.id}`);
  check('Delete the default locale is 400', delDefault.status === 400 && fields(delDefault)[0] === 'localeIdOrCode');
  const del = await api('DELETE', `/v2/locales/it-CH?siteId=${docs.id}`);
  check('Delete Locale 204', del.status === 204);
  isError('Get a deleted locale', await api('GET', `/v2/locales/${made.body.id}`), 404, 'not_found');
  isError('Delete a deleted locale', await api('DELETE', `/v2/locales/${made.body.id}`), 404, 'not_found');
  const restored = await api('POST', `/v2/locales/it-CH/restore?siteId=${docs.id}`);
  check('Restore Locale by code 200', restored.status === 200 && restored.body.id === made.body.id && restored.body.domain === 'https://ch.docs.contoso.example', restored.body);
  conforms('Restore Locale', '/v2/locales/{localeIdOrCode}/restore', 'post', 200, restored.body);
  const again = await api('POST', `/v2/locales/${made.body.id}/restore`);
  check('Restore an active locale is a 200 no-op', again.status === 200);
  isError('Restore an unknown locale', await api('POST', `/v2/locales/${uuid()}/restore`), 404, 'not_found');

  // The seeded soft-deleted ja-JP and its hidden localization come back with a restore.
  const ja = await api('POST', `/v2/locales/ja-JP/restore?siteId=${docs.id}`);
  check('Restore the seeded ja-JP', ja.status === 200 && ja.body.locale === 'ja-JP');
  const jaPage = await api('GET', `/v6/pages/getting-started?siteId=${docs.id}&locale=ja-JP`);
  check('Its localization is back', jaPage.status === 200 && jaPage.body.pathname === '/hajimeni');
  await api('DELETE', `/v2/locales/${ja.body.id}`);
  const newJa = await api('POST', '/v2/locales', { body: { siteId: docs.id, locale: 'ja-JP' } });
  check('A deleted code can be created again (filtered unique index)', newJa.status === 201 && newJa.body.id !== ja.body.id);
  isError('Restoring the old record now clashes', await api('POST', `/v2/locales/${ja.body.id}/restore`), 409, 'conflict');
  await api('DELETE', `/v2/locales/${newJa.body.id}`);

  // The quota: 100 active locales per site, the default included.
  const quotaSite = await api('POST', '/v2/sites', { body: { workspaceId: keys.workspaceId, name: 'Quota' } });
  const languages = 'aa ab af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
    .split(' ')
    .filter((l) => normaliseCultureName(l) !== null);
  let createdCount = 1;
  let refused = null;
  for (const language of languages) {
    const r = await api('POST', '/v2/locales', { body: { siteId: quotaSite.body.id, locale: language } });
    if (r.status === 201) createdCount++;
    else {
      refused = r;
      break;
    }
  }
  check('Locale quota: the 101st active locale is 400 on locale', createdCount === 100 && refused?.status === 400 && fields(refused)[0] === 'locale', { createdCount, status: refused?.status });
  const quotaWalk = await walk('/v2/locales', `siteId=${quotaSite.body.id}`, 7);
  check('List Locales walk over 100 locales', quotaWalk.items?.length === 100);
}

async function pages({ docs, store }) {
  const all = await api('GET', `/v6/pages?siteId=${docs.id}&includeOffline=true&limit=100`);
  check('List Pages 200', all.status === 200);
  conforms('List Pages', '/v6/pages', 'get', 200, all.body);
  const online = await api('GET', `/v6/pages?siteId=${docs.id}`);
  check('List Pages: offline pages only with includeOffline=true', online.body.data.every((p) => p.isOnline) && all.body.data.some((p) => !p.isOnline));
  check('List Pages: default order is path ascending (collation)', online.body.data.every((p, i, a) => i === 0 || collate(a[i - 1].pathname, p.pathname) <= 0));
  const total = all.body.data.length;

  const keyOf = {
    title: (p) => p.title,
    path: (p) => p.pathname,
    description: (p) => p.description,
    updatedAt: (p) => p.updatedAt,
    createdAt: (p) => p.createdAt,
  };
  for (const sortBy of Object.keys(keyOf)) {
    for (const dir of ['asc', 'desc']) {
      for (const includeOffline of ['true', 'false']) {
        const q = `siteId=${docs.id}&sortBy=${sortBy}&sortDirection=${dir}&includeOffline=${includeOffline}`;
        const full = await api('GET', `/v6/pages?${q}&limit=100`);
        const w = await walk('/v6/pages', q, 2);
        const ids = w.items?.map((p) => p.id);
        check(`List Pages walk ${sortBy} ${dir} offline=${includeOffline}: same items as one page`, JSON.stringify(ids) === JSON.stringify(full.body.data.map((p) => p.id)), w.error);
        check(`List Pages walk ${sortBy} ${dir}: no repeats`, new Set(ids).size === ids?.length);
        for (const p of w.items ?? []) check(`List Pages item ${sortBy} ${dir}`, validate(responseSchema('/v6/pages', 'get', 200).$ref ? deref(responseSchema('/v6/pages', 'get', 200)).properties.data.items : null, p).length === 0);
        const sign = dir === 'asc' ? 1 : -1;
        const cmp = (a, b) => {
          const x = keyOf[sortBy](a);
          const y = keyOf[sortBy](b);
          if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
          return sortBy.endsWith('At') ? (x < y ? -1 : x > y ? 1 : 0) : collate(x, y);
        };
        const sorted = full.body.data.every((p, i, a) => i === 0 || sign * (cmp(a[i - 1], p) || compareGuids(a[i - 1].id, p.id)) < 0);
        check(`List Pages ${sortBy} ${dir}: ordered, nulls smallest, ties by id`, sorted);
        if (includeOffline === 'true') check(`List Pages ${sortBy} ${dir}: every page`, full.body.data.length === total);
      }
    }
  }
  const wordSort = all.body.data.map((p) => p.pathname).filter((p) => p.startsWith('/co'));
  check('Word sort: "/co-op" sits beside "/coop"', JSON.stringify(wordSort) === '["/coop","/co-op"]' || JSON.stringify(wordSort) === '["/co-op","/coop"]', wordSort);

  const prefix = await api('GET', `/v6/pages?siteId=${docs.id}&pathPrefix=/GETTING`);
  check('pathPrefix is a case-insensitive "begins with"', prefix.body.data.length === 2 && prefix.body.data.every((p) => p.pathname.startsWith('/getting')));
  const fr = await api('GET', `/v6/pages?siteId=${docs.id}&locale=fr-FR`);
  check('locale=fr-FR: every page, localized ones collapsed', fr.body.data.length === online.body.data.length && fr.body.data.some((p) => p.pathname === '/demarrage' && p.locale === 'fr-FR'));
  const frPrefix = await api('GET', `/v6/pages?siteId=${docs.id}&locale=fr-FR&pathPrefix=/demarrage`);
  check('pathPrefix applies to the localized pathname', frPrefix.body.data.length === 2);
  const unknownLocale = await api('GET', `/v6/pages?siteId=${docs.id}&locale=pt-BR`);
  check('An unknown locale lists nothing', unknownLocale.status === 200 && unknownLocale.body.data.length === 0 && unknownLocale.body.hasMore === false);
  const live = await api('GET', `/v6/pages?siteId=${docs.id}&versionRef=ref:live&includeOffline=true&limit=100`);
  conforms('List Pages ref:live', '/v6/pages', 'get', 200, live.body);
  check('ref:live lists published pages with their live values', live.body.data.some((p) => p.pathname === '/faq' && p.title === 'FAQ') && !live.body.data.some((p) => p.pathname === '/drafts/roadmap'));
  check('ref:live + includeOffline=true shows once-published offline pages', live.body.data.some((p) => p.pathname === '/release-notes' && !p.isOnline));
  isError('List Pages sortBy=pathname', await api('GET', `/v6/pages?siteId=${docs.id}&sortBy=pathname`), 400, 'bad_request');
  isError('List Pages includeOffline=TRUE', await api('GET', `/v6/pages?siteId=${docs.id}&includeOffline=TRUE`), 400, 'bad_request');
  isError('List Pages versionRef=live', await api('GET', `/v6/pages?siteId=${docs.id}&versionRef=live`), 400, 'bad_request');
  isError('List Pages sortDirection=DESC', await api('GET', `/v6/pages?siteId=${docs.id}&sortDirection=DESC`), 400, 'bad_request');
  isError('List Pages without siteId', await api('GET', '/v6/pages'), 400, 'bad_request');
  isError('List Pages of another workspace', await api('GET', `/v6/pages?siteId=${docs.id}`, { key: keys.otherApiKey }), 403, 'forbidden');
  isError('List Pages with a foreign cursor', await api('GET', `/v6/pages?siteId=${docs.id}&startingAfter=${uuid()}`), 400, 'bad_request');
  const pub = await api('GET', `/v6/pages?siteId=${store.id}&includeOffline=true`, { key: keys.publicApiKey });
  check('List Pages with the publishable key', pub.status === 200 && pub.body.data.length === 3);
  const v2 = await api('GET', `/v2/sites/${docs.id}/pages?limit=3&sortBy=createdAt`);
  check('GET /v2/sites/{siteId}/pages', v2.status === 200 && v2.body.data.length === 3 && v2.body.hasMore === true);
  conforms('GET /v2/sites/{siteId}/pages', '/v6/pages', 'get', 200, v2.body);
  const v2walk = await walk(`/v2/sites/${docs.id}/pages`, 'includeOffline=true', 3);
  check('/v2/sites/{siteId}/pages walk', v2walk.items?.length === total);

  // Create
  const made = await api('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/smoke/new-page', name: 'New page' } });
  check('Create Page 201', made.status === 201, made.body);
  conforms('Create Page', '/v6/pages', 'post', 201, made.body);
  const p = made.body;
  check('Create Page: zero-initialised defaults', p.isOnline === false && p.publishedAt === null && p.sitemapPriority === 0 && p.sitemapFrequency === 'always' && p.excludedFromSearchEngines === false && p.title === null && p.locale === 'en-US' && p.createdAt === p.updatedAt);
  check('Timestamps: seven fraction digits and +00:00', /\.\d{7}\+00:00$/.test(p.createdAt) && made.text.includes('+00:00'));
  isError('Create Page with a taken pathname (any case)', await api('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/SMOKE/new-page', name: 'x' } }), 409, 'conflict');
  isError('Create Page on a route pathname', await api('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/products/{id:int}', name: 'x' } }), 400, 'bad_request');
  await api('POST', '/v2/routes', { body: { siteId: docs.id, pathname: '/smoke-route' } });
  isError('Create Page where a route is', await api('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/smoke-route', name: 'x' } }), 409, 'conflict');
  const invalid = await api('POST', '/v6/pages', { body: { pathname: 'x/', name: '' } });
  check('Create Page: siteId, pathname and name reported', invalid.status === 400 && JSON.stringify(fields(invalid)) === '["siteId","pathname","name"]', invalid.body);
  isError('Create Page unknown site', await api('POST', '/v6/pages', { body: { siteId: uuid(), pathname: '/x', name: 'x' } }), 404, 'not_found');
  isError('Create Page with the publishable key', await api('POST', '/v6/pages', { key: keys.publicApiKey, body: { siteId: store.id, pathname: '/x', name: 'x' } }), 403, 'forbidden');
  const bySiteKey = await api('POST', '/v6/pages', { key: keys.siteApiKey, body: { siteId: store.id, pathname: '/over-ons', name: 'Over ons' } });
  check('Create Page with the Site key', bySiteKey.status === 201);
  const unicode = await api('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/über-uns', name: 'x' } });
  check('Create Page: Unicode letters in a pathname', unicode.status === 201);

  // Get
  const byId = await api('GET', `/v6/pages/${p.id}`);
  check('Get Page by id', byId.status === 200);
  conforms('Get Page', '/v6/pages/{pageIdOrPathname}', 'get', 200, byId.body);
  const byPath = await api('GET', `/v6/pages/smoke/new-page?siteId=${docs.id}`);
  check('Get Page by raw multi-segment pathname', byPath.status === 200 && byPath.body.id === p.id);
  const encoded = await api('GET', `/v6/pages/%2FSMOKE%2Fnew-page?siteId=${docs.id}`);
  check('Get Page by encoded pathname, any case', encoded.status === 200 && encoded.body.id === p.id);
  const root = await api('GET', `/v6/pages/%2F?siteId=${docs.id}`);
  check('Get Page of the root', root.status === 200 && root.body.pathname === '/');
  const noSite = await api('GET', '/v6/pages/smoke/new-page');
  check('Get Page by pathname without siteId is 400 on siteId', noSite.status === 400 && fields(noSite)[0] === 'siteId');
  isError('Get Page never published, ref:live', await api('GET', `/v6/pages/${p.id}?versionRef=ref:live`), 404, 'not_found');
  isError('Get Page unknown locale', await api('GET', `/v6/pages/${p.id}?locale=pt-BR`), 404, 'not_found');
  const frFaq = await api('GET', `/v6/pages/faq?siteId=${docs.id}&locale=fr-FR`);
  check('Get Page in a locale it has no localization in: base form, default locale', frFaq.status === 200 && frFaq.body.pathname === '/faq' && frFaq.body.locale === 'en-US');
  const liveFaq = await api('GET', `/v6/pages/faq?siteId=${docs.id}&versionRef=ref:live`);
  const draftFaq = await api('GET', `/v6/pages/faq?siteId=${docs.id}`);
  check('ref:live is the row as of publishedAt', liveFaq.body.title === 'FAQ' && draftFaq.body.title === 'Frequently asked questions');
  isError('Get Page of another workspace', await api('GET', `/v6/pages/${p.id}`, { key: keys.otherApiKey }), 403, 'forbidden');
  isError('Get Page unknown', await api('GET', `/v6/pages/${uuid()}`), 404, 'not_found');
  isError('Get Page by id with another siteId', await api('GET', `/v6/pages/${p.id}?siteId=${store.id}`), 404, 'not_found');

  // Update
  const published = await api('PATCH', `/v6/pages/${p.id}`, { body: { isOnline: true, name: 'Renamed' } });
  check('Update Page: isOnline true publishes', published.status === 200 && published.body.isOnline === true && published.body.publishedAt !== null);
  conforms('Update Page', '/v6/pages/{pageIdOrPathname}', 'patch', 200, published.body);
  const moved = await api('PATCH', `/v6/pages/smoke/new-page?siteId=${docs.id}`, { body: { pathname: '/smoke/moved' } });
  check('Update Page: pathname', moved.status === 200 && moved.body.pathname === '/smoke/moved' && moved.body.updatedAt > published.body.updatedAt);
  const liveAfterMove = await api('GET', `/v6/pages/${p.id}?versionRef=ref:live`);
  check('Edits after publication stay in the draft', liveAfterMove.body.pathname === '/smoke/new-page');
  const same = await api('PATCH', `/v6/pages/${p.id}`, { body: { pathname: '/smoke/moved' } });
  check('Update Page with the current value changes nothing', same.body.updatedAt === moved.body.updatedAt);
  const empty = await api('PATCH', `/v6/pages/${p.id}`, { body: { pathname: '' } });
  check('Update Page pathname "" is "Missing pathname field."', empty.status === 400 && empty.body.details[0].message === 'Missing pathname field.');
  const stringBool = await api('PATCH', `/v6/pages/${p.id}`, { body: { isOnline: 'true' } });
  check('Update Page isOnline "true" (a string) is 400', stringBool.status === 400 && fields(stringBool)[0] === 'isOnline');
  isError('Update Page onto a taken pathname', await api('PATCH', `/v6/pages/${p.id}`, { body: { pathname: '/faq' } }), 409, 'conflict');
  const off = await api('PATCH', `/v6/pages/${p.id}`, { body: { isOnline: false } });
  check('Update Page: offline keeps publishedAt', off.body.isOnline === false && off.body.publishedAt === published.body.publishedAt);
  isError('Update Page with the publishable key', await api('PATCH', `/v6/pages/${p.id}`, { key: keys.publicApiKey, body: {} }), 403, 'forbidden');

  // Delete
  const del = await api('DELETE', `/v6/pages/${p.id}`);
  check('Delete Page 204', del.status === 204);
  isError('Get a deleted page', await api('GET', `/v6/pages/${p.id}`), 404, 'not_found');
  const again = await api('POST', '/v6/pages', { body: { siteId: docs.id, pathname: '/smoke/moved', name: 'again' } });
  check('A deleted page frees its pathname', again.status === 201);
  const cursorDeleted = await api('GET', `/v6/pages?siteId=${docs.id}&startingAfter=${p.id}`);
  check('A deleted page still works as a cursor', cursorDeleted.status === 200);
  isError('Delete Page by pathname without siteId', await api('DELETE', '/v6/pages/smoke/moved'), 400, 'bad_request');
  const delByPath = await api('DELETE', `/v6/pages/smoke/moved?siteId=${docs.id}`);
  check('Delete Page by pathname', delByPath.status === 204);
}

async function routes({ docs, store }) {
  const list = await api('GET', `/v2/routes?siteId=${docs.id}`);
  check('List Routes 200', list.status === 200);
  conformsRouteList('List Routes', list.body);
  const made = await api('POST', '/v2/routes', { body: { siteId: docs.id, pathname: '/blog/{slug}/{**rest}' } });
  check('Create Route 201', made.status === 201, made.body);
  conformsRoute('Create Route', made.body);
  isError('Create Route clash (any case)', await api('POST', '/v2/routes', { body: { siteId: docs.id, pathname: '/BLOG/{slug}/{**rest}' } }), 409, 'conflict');
  isError('Create Route on a page pathname', await api('POST', '/v2/routes', { body: { siteId: docs.id, pathname: '/faq' } }), 409, 'conflict');
  const skipped = await api('POST', '/v2/routes?skipValidation=true', { body: { siteId: docs.id, pathname: '/getting-started' } });
  check('skipValidation=true skips the page clash', skipped.status === 201);
  isError('Create Route with an invalid template', await api('POST', '/v2/routes', { body: { siteId: docs.id, pathname: '/x/{a}{b}' } }), 400, 'bad_request');
  isError('Create Route without a leading slash', await api('POST', '/v2/routes?skipValidation=true', { body: { siteId: docs.id, pathname: 'x' } }), 400, 'bad_request');
  isError('Create Route with the publishable key', await api('POST', '/v2/routes', { key: keys.publicApiKey, body: { siteId: store.id, pathname: '/x' } }), 403, 'forbidden');

  const full = await api('GET', `/v2/routes?siteId=${docs.id}&limit=100`);
  const w = await walk('/v2/routes', `siteId=${docs.id}`, 1);
  check('List Routes walk equals the full list', JSON.stringify(w.items?.map((r) => r.id)) === JSON.stringify(full.body.data.map((r) => r.id)));
  check('List Routes: pathname order under the collation', full.body.data.every((r, i, a) => i === 0 || collate(a[i - 1].pathname, r.pathname) <= 0));
  const pub = await api('GET', `/v2/routes?siteId=${store.id}`, { key: keys.publicApiKey });
  check('List Routes with the publishable key', pub.status === 200 && pub.body.data.length === 1);
  isError('List Routes without siteId', await api('GET', '/v2/routes'), 400, 'bad_request');

  const byId = await api('GET', `/v2/routes/${made.body.id}`);
  check('Get Route by id', byId.status === 200);
  conformsRoute('Get Route', byId.body);
  const byPath = await api('GET', `/v2/routes/%2Fblog%2F%7Bslug%7D%2F%7B**rest%7D?siteId=${docs.id}`);
  check('Get Route by pathname', byPath.status === 200 && byPath.body.id === made.body.id);

  const up = await api('PATCH', `/v2/routes/${made.body.id}`, { body: { pathname: '/posts/{id:int}' } });
  check('Update Route 200', up.status === 200 && up.body.pathname === '/posts/{id:int}');
  conformsRoute('Update Route', up.body);
  isError('Update Route with an unknown constraint', await api('PATCH', `/v2/routes/${made.body.id}`, { body: { pathname: '/posts/{id:wat}' } }), 400, 'bad_request');
  const skip = await api('PATCH', `/v2/routes/${made.body.id}?skipValidation=true`, { body: { pathname: '/posts/{id:wat}' } });
  check('Update Route skipValidation=true stores it as sent', skip.status === 200 && skip.body.pathname === '/posts/{id:wat}');
  isError('Update Route skipValidation=yes', await api('PATCH', `/v2/routes/${made.body.id}?skipValidation=yes`, { body: { pathname: '/x' } }), 400, 'bad_request');
  const byPathUpdate = await api('PATCH', `/v2/routes/posts/%7Bid:wat%7D?siteId=${docs.id}`, { body: { pathname: '/posts/{id:guid}' } });
  check('Update Route by pathname', byPathUpdate.status === 200 && byPathUpdate.body.pathname === '/posts/{id:guid}');
  isError('Update Route onto another route', await api('PATCH', `/v2/routes/${made.body.id}`, { body: { pathname: '/smoke-route' } }), 409, 'conflict');
  isError('Update Route unknown', await api('PATCH', `/v2/routes/${uuid()}`, { body: { pathname: '/x' } }), 404, 'not_found');
  isError('Update Route of another workspace', await api('PATCH', `/v2/routes/${made.body.id}`, { key: keys.otherApiKey, body: { pathname: '/x' } }), 403, 'forbidden');
  const noop = await api('PATCH', `/v2/routes/${made.body.id}`, { body: {} });
  check('Update Route {} is 200', noop.status === 200);

  const del = await api('DELETE', `/v2/routes/${made.body.id}`);
  check('Delete Route 204', del.status === 204);
  isError('Get a deleted route', await api('GET', `/v2/routes/${made.body.id}`), 404, 'not_found');
  const bySiteKey = await api('POST', '/v2/routes', { key: keys.siteApiKey, body: { siteId: store.id, pathname: '/winkel/{slug}' } });
  check('Create Route with the Site key', bySiteKey.status === 201);
  const delBySiteKey = await api('DELETE', `/v2/routes/${bySiteKey.body.id}`, { key: keys.siteApiKey });
  check('Delete Route with the Site key', delBySiteKey.status === 204);
}

async function robustness(port) {
  const garbage = await rawExchange(port, 'GARBAGE\r\n\r\n');
  check('Raw garbage: 400 with the envelope', garbage.startsWith('HTTP/1.1 400') && garbage.includes('"object":"error"'));
  const binary = await rawExchange(port, Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10]));
  check('Binary garbage: 400', binary.startsWith('HTTP/1.1 400'));
  const huge = await rawExchange(port, `POST /v2/sites HTTP/1.1\r\nHost: x\r\nx-api-key: ${keys.apiKey}\r\ncontent-type: application/json\r\ncontent-length: 40000000\r\n\r\n{`);
  check('Declared body over 30 000 000 bytes: 400', huge.startsWith('HTTP/1.1 400') && huge.includes('too large'));
  const bigHeader = await rawExchange(port, `GET /v2/sites HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(40000)}\r\n\r\n`);
  check('Headers over 32 KiB: 400', bigHeader.startsWith('HTTP/1.1 400'));
  const stream = await api('POST', '/v2/sites', { rawBody: `{"workspaceId":"${keys.workspaceId}","name":"${'x'.repeat(200000)}"}`, headers: { 'content-type': 'application/json' } });
  check('A 200 kB name is refused by MaximumLength', stream.status === 400 && stream.body.details[0].message.includes('128 characters or fewer'));
  const deep = await api('POST', '/v2/sites', { rawBody: '['.repeat(5000), headers: { 'content-type': 'application/json' } });
  check('Deep JSON: 400 at depth 64', deep.status === 400 && deep.body.details[0].message.includes('depth of 64'));
  const badEscape = await api('GET', '/v2/sites?workspaceId=%zz%E0%A4&limit=%');
  check('Bad percent-encoding in the query: 400, not 500', badEscape.status === 400);
  const badPath = await api('GET', '/v6/pages/%zz%E0?siteId=' + keys.workspaceId);
  check('Bad percent-encoding in the path: 404 (a site that does not exist)', badPath.status === 404);
  const unknown = await api('GET', '/v3/nothing', { key: null });
  isError('Unknown path, before authentication', unknown, 404, 'not_found');
  const slow = await rawExchange(port, `GET /v2/sites?workspaceId=${keys.workspaceId} HTTP/1.1\r\nHost: x\r\nx-api-key: ${keys.apiKey}\r\nConnection: close\r\n\r\n`);
  check('Raw GET with Connection: close', slow.startsWith('HTTP/1.1 200'));
}

async function processCheck() {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./server.mjs', import.meta.url)), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  const line = await new Promise((resolve) => {
    const t = setTimeout(() => resolve(null), 5000);
    child.stdout.on('data', () => {
      if (out.includes('\n')) {
        clearTimeout(t);
        resolve(out.split('\n')[0]);
      }
    });
  });
  let parsed = null;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = null;
  }
  check('CLI prints one JSON line with baseUrl, apiKey, workspaceId, siteApiKey, otherApiKey', parsed && ['baseUrl', 'apiKey', 'workspaceId', 'siteApiKey', 'otherApiKey'].every((k) => typeof parsed[k] === 'string'), line);
  const ping = parsed ? await fetch(`${parsed.baseUrl}/v2/sites?workspaceId=${parsed.workspaceId}`, { headers: { 'x-api-key': parsed.apiKey } }) : null;
  check('CLI server answers', ping?.status === 200);
  const code = await new Promise((resolve) => {
    child.on('exit', (c) => resolve(c));
    child.kill('SIGTERM');
  });
  check('SIGTERM exits 0 and nothing else reached stdout', code === 0 && out.trim().split('\n').length === 1, { code, out });
}

async function main() {
  const server = await startServer({ port: 0 });
  base = server.url;
  keys = server;
  const port = Number(new URL(server.url).port);
  try {
    const ctx = await sites();
    await locales(ctx);
    await pages(ctx);
    await routes(ctx);
    await robustness(port);
    const revoked = await api('DELETE', `/v2/sites/${ctx.store.id}`);
    check('Delete the Site key\'s site', revoked.status === 204);
    isError('A deleted site\'s Site key is no longer valid', await api('GET', `/v2/sites/${ctx.store.id}`, { key: keys.siteApiKey }), 401, 'unauthorized');
  } finally {
    await server.close();
  }
  await processCheck();
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(`${passed} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
