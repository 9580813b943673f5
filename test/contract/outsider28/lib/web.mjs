// The Spring MVC / Spring Security / Tomcat layer: firewall, error envelope (@ControllerAdvice), DTO binding
// (Jackson + Bean Validation), @ModelAttribute query binding and the handler mapping.
import { parseJackson, JsonParseError, jsonKind, isNum } from './jackson.mjs';
import { javaUuid, jacksonUuid, javaDouble } from './convert.mjs';

export class ApiError extends Error {
  constructor(status, code, message, details, headers) { super(message); Object.assign(this, { status, code, details, headers }); }
}
export const badRequest = (message, details, headers) => new ApiError(400, 'bad_request', message, details, headers);
export const notFound = (message) => new ApiError(404, 'not_found', message);
export const forbidden = () => new ApiError(403, 'forbidden', 'Access Denied');
export const conflict = (message) => new ApiError(409, 'conflict', message);
export const unauthorized = (message) => new ApiError(401, 'unauthorized', message, undefined, { 'www-authenticate': 'ApiKey header="x-api-key"' });

// Spring Security's default response headers (HeaderWriterFilter)
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff', 'x-xss-protection': '0', 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
  pragma: 'no-cache', expires: '0', 'x-frame-options': 'DENY',
};

export function errorBody(err) {
  const b = { object: 'error', code: err.code, message: err.message };
  if (err.status === 400) b.details = err.details && err.details.length ? err.details : [{ field: 'request', message: err.message }];
  return b;
}

export function send(res, status, body, { head = false, headers = {}, close = false } = {}) {
  const h = { ...SECURITY_HEADERS, ...headers };
  if (close) h.connection = 'close';
  if (body === undefined) { res.writeHead(status, h); res.end(); return; }
  const text = JSON.stringify(body);
  h['content-type'] = 'application/json';
  h['content-length'] = Buffer.byteLength(text);
  res.writeHead(status, h);
  res.end(head ? undefined : text);
}
export function sendError(res, err, opts = {}) {
  send(res, err.status, errorBody(err), { ...opts, headers: { ...(err.headers || {}), ...(opts.headers || {}) } });
}

// ---- Tomcat + StrictHttpFirewall ----
const ALLOWED_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];
export function firewall(method, rawUrl) {
  const reject = (what) => badRequest(`The request was rejected because the URL contained a potentially malicious String "${what}"`, [{ field: 'requestURI', message: 'rejected by the firewall' }]);
  if (!ALLOWED_METHODS.includes(method)) return { error: badRequest(`The request was rejected because the HTTP method "${method}" was not included within the list of allowed HTTP methods [${ALLOWED_METHODS.join(', ')}]`, [{ field: 'method', message: 'not allowed' }]) };
  let url = rawUrl;
  const abs = /^https?:\/\/[^/]*/i.exec(url);
  if (abs) url = url.slice(abs[0].length) || '/';
  if (!url.startsWith('/')) return { error: badRequest('The request was rejected because the URL was not normalized.', [{ field: 'requestURI', message: 'not normalized' }]) };
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q), rawQuery = q < 0 ? '' : url.slice(q + 1);
  for (const bad of [';', '%3b', '%3B', '%2f', '%2F', '%5c', '%5C', '\\', '%25', '%2e', '%2E', '//']) if (rawPath.includes(bad)) return { error: reject(bad) };
  if (/(^|\/)\.\.?(\/|$)/.test(rawPath)) return { error: badRequest('The request was rejected because the URL was not normalized.', [{ field: 'requestURI', message: 'not normalized' }]) };
  let path;
  try { path = decodeURIComponent(rawPath); } catch { return { error: badRequest('Invalid URI: invalid percent-encoding or UTF-8 in the request path', [{ field: 'requestURI', message: 'undecodable' }]) }; }
  if (/[\x00-\x1f\x7f]/.test(path)) return { error: reject('control character') };
  return { path, rawQuery };
}

// Tomcat query parsing: '&'-separated, '+' is a space, an undecodable pair is dropped
export function parseQuery(raw) {
  const out = new Map();
  if (!raw) return out;
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const k = eq < 0 ? pair : pair.slice(0, eq), v = eq < 0 ? '' : pair.slice(eq + 1);
    let dk, dv;
    try { dk = decodeURIComponent(k.replace(/\+/g, ' ')); dv = decodeURIComponent(v.replace(/\+/g, ' ')); } catch { continue; }
    if (!out.has(dk)) out.set(dk, []);
    out.get(dk).push(dv);
  }
  return out;
}

// ---- @PathVariable UUID (MethodArgumentTypeMismatchException) ----
export function pathUuid(name, raw) {
  const r = javaUuid(raw);
  if (r.value) return r.value;
  const why = r.empty ? 'Invalid UUID string: ' : r.error;
  throw badRequest(`Method parameter '${name}': Failed to convert value of type 'java.lang.String' to required type 'java.util.UUID'; ${why}`, [{ field: name, message: `Failed to convert value of type 'java.lang.String' to required type 'java.util.UUID'; ${why}` }]);
}

// ---- @Valid @ModelAttribute query objects: every parameter bound, all errors collected ----
// spec: { name: { type: 'uuid'|'limit'|'string'|'enum', required, values, javaType, default } }
export function bindQuery(query, spec, objectName) {
  const out = {}, details = [];
  for (const [name, p] of Object.entries(spec)) {
    const vals = query.get(name);
    let raw = vals === undefined ? undefined : p.type === 'string' ? vals.join(',') : vals[0];
    if (raw !== undefined && raw.trim() === '' && p.type !== 'string') raw = undefined; // empty -> null -> default
    const convFail = (why) => details.push({ field: name, message: `Failed to convert property value of type 'java.lang.String' to required type '${p.javaType}' for property '${name}'; ${why}` });
    if (raw === undefined) {
      if (p.required) details.push({ field: name, message: 'must not be null' });
      else out[name] = p.default;
      continue;
    }
    if (p.type === 'uuid') {
      const r = javaUuid(raw);
      if (r.value) out[name] = r.value; else convFail(r.error);
    } else if (p.type === 'limit') {
      const r = javaDouble(raw);
      if (r.error) { convFail(r.error); continue; }
      if (Number.isNaN(r.value) || r.value < 1) details.push({ field: name, message: 'must be greater than or equal to 1' });
      else if (r.value > 100) details.push({ field: name, message: 'must be less than or equal to 100' });
      else out[name] = Math.trunc(r.value);
    } else if (p.type === 'enum') {
      const v = raw.trim();
      if (p.values.includes(v)) out[name] = v;
      else convFail(`No enum constant ${p.javaType}.${v}`);
    } else out[name] = raw;
  }
  if (details.length) throw badRequest(`Validation failed for object='${objectName}'. Error count: ${details.length}`, sortDetails(details));
  return out;
}
const sortDetails = (d) => d.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));

// ---- @RequestBody reading: Content-Type, Jackson, then Bean Validation ----
export function readBody(req, body, { required = true } = {}) {
  const ct = req.headers['content-type'];
  const empty = body.length === 0;
  if (!ct) {
    if (empty) { if (required) throw missingBody(); return null; }
    throw badRequest("Content-Type 'application/octet-stream' is not supported", [{ field: 'Content-Type', message: 'must be application/json' }], { accept: 'application/json, application/*+json' });
  }
  const mt = ct.split(';')[0].trim().toLowerCase();
  if (!(mt === 'application/json' || /^application\/[^/]+\+json$/.test(mt))) throw badRequest(`Content-Type '${ct}' is not supported`, [{ field: 'Content-Type', message: 'must be application/json' }], { accept: 'application/json, application/*+json' });
  if (empty) { if (required) throw missingBody(); return null; }
  let text;
  try { text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body); } catch {
    throw badRequest('JSON parse error: Invalid UTF-8 middle byte or start byte', [{ field: 'requestBody', message: 'Invalid UTF-8' }]);
  }
  let v;
  try { v = parseJackson(text); } catch (e) {
    if (e instanceof JsonParseError) throw badRequest(`JSON parse error: ${e.message}`, [{ field: 'requestBody', message: e.message }]);
    throw e;
  }
  if (v === undefined || v === null) { if (required) throw missingBody(); return null; }
  return v;
}
const missingBody = () => badRequest('Required request body is missing', [{ field: 'requestBody', message: 'Required request body is missing' }]);

// DTO: { className, fields: { name: { type: 'string'|'uuid'|'boolean', nullableClear, checks: [fn(value)->msg|null] , notNull } } }
export function bindDto(json, dto) {
  const details = [];
  if (jsonKind(json) !== 'Object') {
    const tok = Array.isArray(json) ? 'START_ARRAY' : typeof json === 'string' ? 'VALUE_STRING' : typeof json === 'boolean' ? (json ? 'VALUE_TRUE' : 'VALUE_FALSE') : isNum(json) ? (json.isInt ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT') : 'VALUE_NULL';
    const msg = `Cannot deserialize value of type \`${dto.className}\` from ${jsonKind(json)} value (token \`JsonToken.${tok}\`)`;
    throw badRequest(`JSON parse error: ${msg}`, [{ field: 'requestBody', message: msg }]);
  }
  const out = {}, present = new Set();
  for (const k of Object.keys(json)) {
    if (!Object.hasOwn(dto.fields, k)) details.push({ field: k, message: `Unrecognized field "${k}" (class ${dto.className}), not marked as ignorable (${Object.keys(dto.fields).length} known properties: ${Object.keys(dto.fields).map((f) => `"${f}"`).join(', ')})` });
  }
  for (const [name, f] of Object.entries(dto.fields)) {
    if (!Object.hasOwn(json, name)) { if (f.notNull) details.push({ field: name, message: 'must not be null' }); continue; }
    const v = json[name];
    const kind = jsonKind(v);
    const javaType = { string: 'java.lang.String', uuid: 'java.util.UUID', boolean: 'java.lang.Boolean' }[f.type];
    if (v === null) {
      if (f.notNull || f.nullForbidden) details.push({ field: name, message: 'must not be null' });
      else if (f.nullableClear) { out[name] = null; present.add(name); }
      continue;
    }
    if (kind === 'Object' || kind === 'Array') { details.push({ field: name, message: `Cannot deserialize value of type \`${javaType}\` from ${kind} value (token \`JsonToken.START_${kind.toUpperCase()}\`)` }); continue; }
    let val;
    if (f.type === 'boolean') {
      if (typeof v !== 'boolean') { details.push({ field: name, message: `Cannot coerce ${kind} value (${kind === 'String' ? JSON.stringify(v) : v.__num}) to \`java.lang.Boolean\` value (but could if coercion was enabled using \`CoercionConfig\`)` }); continue; }
      val = v;
    } else {
      if (typeof v !== 'string') { details.push({ field: name, message: `Cannot coerce ${kind} value (${isNum(v) ? v.__num : v}) to \`${javaType}\` value (but could if coercion was enabled using \`CoercionConfig\`)` }); continue; }
      if (f.type === 'uuid') {
        if (v === '') { if (f.notNull) details.push({ field: name, message: 'must not be null' }); continue; }
        const r = jacksonUuid(v);
        if (r.error) { details.push({ field: name, message: r.error }); continue; }
        val = r.value;
      } else val = v;
    }
    let bad = null;
    for (const c of f.checks || []) { bad = c(val); if (bad) break; }
    if (bad) { details.push({ field: name, message: bad }); continue; }
    out[name] = val; present.add(name);
  }
  if (details.length) throw badRequest(`Validation failed for object='${dto.className.replace(/^./, (c) => c.toLowerCase())}'. Error count: ${details.length}`, sortDetails(details));
  return { value: out, present };
}

// Bean Validation constraint helpers (Hibernate Validator default messages)
export const notBlank = (v) => (v.trim() === '' ? 'must not be blank' : null);
export const size = (min, max) => (v) => (v.length < min || v.length > max ? `size must be between ${min} and ${max}` : null);
export const pattern = (re, src) => (v) => (re.test(v) ? null : `must match "${src}"`);

// ---- handler mapping (PathPatternParser: literal segments, {var}, {*rest}) ----
export function compileRoutes(defs) {
  return defs.map((d) => ({ ...d, segs: d.path.split('/').slice(1) }));
}
export function matchPath(routes, path) {
  const segs = path.split('/').slice(1);
  const hits = [];
  for (const r of routes) {
    const vars = {};
    let ok = true, i = 0;
    for (; i < r.segs.length; i++) {
      const s = r.segs[i];
      if (s.startsWith('{*')) { vars[s.slice(2, -1)] = '/' + segs.slice(i).join('/'); i = segs.length; break; }
      if (i >= segs.length) { ok = false; break; }
      if (s.startsWith('{')) { if (segs[i] === '') { ok = false; break; } vars[s.slice(1, -1)] = segs[i]; } else if (s !== segs[i]) { ok = false; break; }
    }
    if (ok && i === segs.length && !(r.segs.at(-1)?.startsWith('{*') && segs.length < r.segs.length)) hits.push({ route: r, vars, score: r.segs.filter((s) => s.startsWith('{')).length * 10 + r.segs.filter((s) => s.startsWith('{*')).length * 100 });
  }
  return hits.sort((a, b) => a.score - b.score);
}
