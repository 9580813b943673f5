// Validation helpers and the error type shared by every handler.
// Error envelope (SPEC "Errors"): {object:"error", code, message, details?}; details only on 400.

export class HttpError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const unauthorized = (m = 'API key missing or invalid') => new HttpError(401, 'unauthorized', m);
export const forbidden = (m = 'This API key does not have permission for this resource') => new HttpError(403, 'forbidden', m);
export const notFound = (what) => new HttpError(404, 'not_found', `${what} not found`);
export const conflict = (m) => new HttpError(409, 'conflict', m);
export function badRequest(details, message) {
  // CHOICE (message text): summary naming the invalid fields, in the order they were checked.
  return new HttpError(400, 'bad_request', message ?? `Invalid request: ${details.map((d) => d.field).join(', ')}`, details);
}

/** Collects per-field problems; throws one 400 holding all of them. */
export class Problems {
  constructor() { this.list = []; }
  add(field, message) { this.list.push({ field, message }); }
  has(field) { return this.list.some((p) => p.field === field); }
  throwIfAny() { if (this.list.length) throw badRequest(this.list); }
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// CHOICE: identifiers are matched case-insensitively and always answered in lower case.
export const isUuid = (v) => typeof v === 'string' && UUID_RE.test(v);

// ---------- value checkers: return {value} or {error} ----------

export function checkUuid(v) {
  return isUuid(v) ? { value: v.toLowerCase() } : { error: 'must be a UUID' };
}

// CHOICE (locale code): language = 2 letters, optional region = 2 letters; "_" accepted as separator;
// input normalised to "ll" / "ll-RR" case (e.g. "EN_us" -> "en-US").
export function normalizeLocaleCode(v) {
  if (typeof v !== 'string') return null;
  const m = /^([A-Za-z]{2})(?:[-_]([A-Za-z]{2}))?$/.exec(v.trim());
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}
export function checkLocaleCode(v) {
  const c = normalizeLocaleCode(v);
  return c ? { value: c } : { error: 'must be a locale code: a 2-letter language with an optional 2-letter region, e.g. en or en-US' };
}

// CHOICE (uri): only absolute http/https URLs, at most 2048 characters.
function parseHttpUrl(v) {
  if (v.length > 2048) return null;
  // format: uri is RFC 3986: printable ASCII only (an IRI such as https://exämple.com is not a URI).
  if (/[^\x21-\x7e]/.test(v)) return null;
  let u;
  try { u = new URL(v); } catch { return null; }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!u.hostname) return null;
  return u;
}
// CHOICE (hostOrigin normalisation): WHATWG-canonicalised (scheme/host lower-cased), a lone trailing "/" dropped.
export function checkHostOrigin(v) {
  const u = parseHttpUrl(v);
  if (!u) return { error: 'must be an absolute http or https URL' };
  let s = u.href;
  if (u.pathname === '/' && !u.search && !u.hash) s = u.origin;
  return { value: s };
}
// CHOICE (locale domain): validated like hostOrigin but stored exactly as sent (no normalisation).
export function checkDomain(v) {
  return parseHttpUrl(v) ? { value: v } : { error: 'must be an absolute http or https URL including the protocol' };
}

// CHOICE (site name): trimmed before storing; 1..80 characters after trimming.
export function checkSiteName(v) {
  const t = v.trim();
  if (t.length < 1) return { error: 'must not be empty' };
  if (t.length > 80) return { error: 'must be at most 80 characters' };
  return { value: t };
}

// Page name: SPEC minimum length 1. CHOICE: maximum 256, not trimmed, whitespace-only accepted.
export function checkPageName(v) {
  if (v.length < 1) return { error: 'must have a minimum length of 1' };
  if (v.length > 256) return { error: 'must be at most 256 characters' };
  return { value: v };
}

// CHOICE (page pathname normalisation): lower-cased, leading "/" added, repeated "/" collapsed,
// trailing "/" removed (except root). Allowed characters a-z 0-9 - _ . ~ /; no "." or ".." segments; max 180.
export function normalizePagePath(v) {
  if (typeof v !== 'string') return null;
  let p = v.trim().toLowerCase();
  p = ('/' + p).replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  if (p.length > 180) return null;
  if (!/^\/[a-z0-9\-_.~/]*$/.test(p)) return null;
  if (p.split('/').some((s) => s === '.' || s === '..')) return null;
  return p;
}
export function checkPagePath(v) {
  const p = normalizePagePath(v);
  return p ? { value: p } : { error: 'must be a pathname of at most 180 characters using letters, digits, "-", "_", ".", "~" and "/"' };
}

// CHOICE (route pathname): NOT normalised (unlike pages); must start with "/", max 180,
// characters A-Z a-z 0-9 - _ . ~ / : * (":" and "*" allowed for external route patterns).
export function checkRoutePath(v) {
  if (v.length > 180) return { error: 'must be at most 180 characters' };
  if (!/^\/[A-Za-z0-9\-_.~/:*]*$/.test(v)) return { error: 'must start with "/" and use only letters, digits, "-", "_", ".", "~", "/", ":" and "*"' };
  return { value: v };
}

/**
 * Reads a JSON body against a field list. Each field: {name, type, required, nullable, check, reject}.
 * Problems are reported in field-list order, then unknown fields in body order.
 */
export function readBody(body, fields, problems) {
  const out = {};
  if (body === undefined) body = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    problems.add('body', 'must be a JSON object');
    return out;
  }
  for (const f of fields) {
    if (f.reject) continue;
    if (!Object.hasOwn(body, f.name)) {
      if (f.required) problems.add(f.name, f.missing ?? 'is required');
      continue;
    }
    let v = body[f.name];
    if (v === null) {
      if (f.nullable) out[f.name] = null;
      else problems.add(f.name, 'must not be null');
      continue;
    }
    if (f.type === 'boolean' ? typeof v !== 'boolean' : typeof v !== 'string') {
      problems.add(f.name, `must be a ${f.type === 'boolean' ? 'boolean' : 'string'}`);
      continue;
    }
    if (f.check) {
      const r = f.check(v);
      if (r.error) { problems.add(f.name, r.error); continue; }
      v = r.value;
    }
    out[f.name] = v;
  }
  // CHOICE: unknown body fields are rejected with 400 (one detail per unknown field), not ignored.
  for (const k of Object.keys(body)) {
    const f = fields.find((x) => x.name === k);
    if (!f) problems.add(k, 'is not an allowed field');
    else if (f.reject) problems.add(k, f.reject);
  }
  return out;
}

// ---------- query helpers ----------
// CHOICE: unknown query parameters are ignored; a repeated parameter uses its FIRST value.

export function queryUuid(query, name, problems, { required = false, missing } = {}) {
  if (!query.has(name)) {
    if (required) problems.add(name, missing ?? 'is required');
    return undefined;
  }
  const r = checkUuid(query.get(name));
  if (r.error) { problems.add(name, r.error); return undefined; }
  return r.value;
}

export function queryEnum(query, name, values, dflt, problems) {
  if (!query.has(name)) return dflt;
  const v = query.get(name);
  if (!values.includes(v)) { problems.add(name, `must be one of: ${values.join(', ')}`); return dflt; }
  return v;
}

/**
 * limit: SPEC default 20, maximum 100; minimum 1 stated only on List Locales.
 * CHOICE: minimum 1 on every list (limit=0 would give hasMore:true with no last item to page from).
 * CHOICE: a fractional limit is rounded UP (2.5 -> 3) after the range check; out-of-range is 400, not clamped.
 */
export function queryLimit(query, problems, { min }) {
  if (!query.has('limit')) return 20;
  const raw = query.get('limit');
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) { problems.add('limit', 'must be a number'); return 20; }
  if (n < min || n > 100) { problems.add('limit', `must be between ${min} and 100`); return 20; }
  return Math.ceil(n);
}
