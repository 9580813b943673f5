// What every handler shares: the error type, query reading (net/url.ParseQuery), body
// decoding (the readJSON helper), the validation gate and key reach checks.

import { decodeStruct } from './gojson.mjs';
import { validateStruct, parseFloatGo, goUUIDParse } from './validator.mjs';
import { activeSite } from './db.mjs';

export const MAX_BODY_BYTES = 1_048_576; // http.MaxBytesReader(w, r.Body, 1_048_576)

export class ApiError extends Error {
  constructor(status, code, message, details = undefined, headers = {}) {
    super(message);
    Object.assign(this, { status, code, details, headers });
  }
}

export const badRequest = (message, details) => new ApiError(400, 'bad_request', message, details);
export const unauthorized = (message) => new ApiError(401, 'unauthorized', message);
export const forbidden = () =>
  new ApiError(403, 'forbidden', "your API key doesn't have the necessary permissions to access this resource");
export const notFound = (message = 'the requested resource could not be found') => new ApiError(404, 'not_found', message);
export const conflict = (message) => new ApiError(409, 'conflict', message);

// ---- query strings: url.ParseQuery, then Values.Get (first value) ----

const utf8 = new TextDecoder('utf-8', { fatal: false });

function queryUnescape(s) {
  const bytes = [];
  for (let k = 0; k < s.length; k++) {
    const c = s[k];
    if (c === '%') {
      const hex = s.slice(k + 1, k + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return { error: `invalid URL escape "${s.slice(k, k + 3)}"` };
      bytes.push(parseInt(hex, 16)); k += 2;
    } else if (c === '+') bytes.push(0x20);
    else for (const b of Buffer.from(c)) bytes.push(b);
  }
  return { value: utf8.decode(Uint8Array.from(bytes)) };
}

export function parseQuery(raw) {
  const values = new Map();
  let error = null;
  for (const piece of raw.split('&')) {
    if (piece === '') continue;
    if (piece.includes(';')) { error ??= 'invalid semicolon separator in query'; continue; }
    const eq = piece.indexOf('=');
    const k = queryUnescape(eq < 0 ? piece : piece.slice(0, eq));
    if (k.error) { error ??= k.error; continue; }
    const v = queryUnescape(eq < 0 ? '' : piece.slice(eq + 1));
    if (v.error) { error ??= v.error; continue; }
    if (!values.has(k.value)) values.set(k.value, []);
    values.get(k.value).push(v.value);
  }
  return { values, error };
}

// r.URL.Query() with the error checked: any undecodable pair refuses the request.
export function readQuery(ctx) {
  const { values, error } = parseQuery(ctx.rawQuery);
  if (error) throw badRequest(`invalid query string: ${error}`, [{ field: 'rawQuery', message: error }]);
  // Values.Get: the first value; "" and absent are the same thing to the handlers.
  return (name) => {
    const list = values.get(name);
    return list && list[0] !== '' ? list[0] : undefined;
  };
}

// ---- request bodies: the readJSON helper ----

export function readJSON(ctx, spec) {
  const body = ctx.body;
  if (body.timedOut) {
    throw badRequest('body contains badly-formed JSON', [{ field: 'body', message: 'i/o timeout' }]);
  }
  if (body.tooLarge) {
    const msg = `body must not be larger than ${MAX_BODY_BYTES} bytes`;
    throw badRequest(msg, [{ field: 'body', message: 'http: request body too large' }]);
  }
  const result = decodeStruct(body.text, spec);
  if (result.empty) throw badRequest('body must not be empty', [{ field: 'body', message: 'EOF' }]);
  if (result.fatal) throw badRequest(result.fatal.message, [{ field: 'body', message: result.fatal.detail }]);
  return result;
}

// ---- the validation gate: query problems, decode problems, struct validation ----

export class Problems {
  constructor() { this.details = []; this.lines = []; }
  add(field, message, line) {
    if (this.details.some((d) => d.field === field)) return;
    this.details.push({ field, message });
    this.lines.push(line ?? message);
  }
  decode(problems) {
    for (const p of problems) {
      const line = p.message.startsWith('json: unknown field')
        ? `body contains unknown key "${p.field}"`
        : `body contains incorrect JSON type for field "${p.field}"`;
      this.add(p.field, p.message, line);
    }
  }
  validate(structName, entries) {
    const taken = new Set(this.details.map((d) => d.field));
    const { problems, lines } = validateStruct(structName, entries.filter((e) => !taken.has(e.field)));
    problems.forEach((p, k) => this.add(p.field, p.message, lines[k]));
  }
  throwIfAny() {
    if (this.details.length) throw badRequest(this.lines.join('\n'), this.details);
  }
}

// limit: bound to a float64 as the OpenAPI types it (number/double), then it must be a
// whole number from 1 to 100.
export function readLimit(get, problems, structName) {
  const raw = get('limit');
  if (raw === undefined) return 20;
  const parsed = parseFloatGo(raw);
  const line = (tag) => `Key: '${structName}.limit' Error:Field validation for 'limit' failed on the '${tag}' tag`;
  if (parsed.error) { problems.add('limit', parsed.error); return 20; }
  const v = parsed.value;
  if (!Number.isFinite(v) || Math.trunc(v) !== v) { problems.add('limit', 'limit must be a whole number', line('integer')); return 20; }
  if (v < 1) { problems.add('limit', 'limit must be 1 or greater', line('gte')); return 20; }
  if (v > 100) { problems.add('limit', 'limit must be 100 or less', line('lte')); return 20; }
  return v;
}

// ---- keys and reach ----

export function reaches(key, site) {
  return key.kind === 'app' ? site.workspaceId === key.workspaceId : site.id === key.siteId;
}

// The site a request names: 404 when it does not exist (or is soft-deleted), 403 when it
// exists but the key cannot reach it.
export function siteFor(ctx, siteId) {
  const site = activeSite(ctx.tx.state, siteId);
  if (!site) throw notFound();
  if (!reaches(ctx.key, site)) throw forbidden();
  return site;
}

// Path parameters holding a bare site id go through uuid.Parse; a value it refuses
// names nothing, so the answer is 404 (readIDParam -> notFoundResponse).
export function pathUUID(value) {
  const id = goUUIDParse(value);
  if (!id) throw notFound();
  return id;
}
