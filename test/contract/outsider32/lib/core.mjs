// Core pieces: error envelope (ApiError ~ a sealed trait mapped by an http4s
// ErrorHandler), a microsecond timestamptz clock, format validators, and an
// accumulating body/query decoder in the spirit of circe's decodeAccumulating.
import { randomUUID, randomBytes } from 'node:crypto';
import { isObj, render } from './json.mjs';

export class ApiError extends Error {
  constructor(status, code, message, details) { super(message); this.status = status; this.code = code; this.details = details; }
}
export const badRequest = (message, details) => new ApiError(400, 'bad_request', message, details && details.length ? details : [{ field: 'body', message }]);
export const unauthorized = (m = 'The x-api-key header is missing or does not hold a valid API key.') => new ApiError(401, 'unauthorized', m);
export const forbidden = (m = 'The API key does not have permission for this resource.') => new ApiError(403, 'forbidden', m);
export const notFound = (m = 'Not found.') => new ApiError(404, 'not_found', m);
export const conflict = (m) => new ApiError(409, 'conflict', m);
export const fieldErrors = (details) => new ApiError(400, 'bad_request', 'The request is invalid.', details);

export function errorBody(e) {
  const b = { object: 'error', code: e.code, message: e.message };
  if (e.status === 400) b.details = e.details || [];
  return b;
}

// ---- timestamptz(6): microseconds since epoch, strictly increasing per statement
let lastMicros = 0;
const hrBase = process.hrtime.bigint();
const wallBase = BigInt(Date.now()) * 1000n;
export function nowMicros() {
  let t = Number(wallBase + (process.hrtime.bigint() - hrBase) / 1000n);
  if (t <= lastMicros) t = lastMicros + 1;
  lastMicros = t;
  return t;
}
// java.time.Instant#toString (what circe's Encoder[Instant] prints): the fraction is
// omitted when zero, otherwise printed in groups of three digits.
export function isoInstant(micros) {
  if (micros === null || micros === undefined) return null;
  const ms = Math.floor(micros / 1000);
  const us = micros - ms * 1000;
  const base = new Date(ms).toISOString().slice(0, 19);
  const frac = (ms % 1000 + 1000) % 1000;
  if (frac === 0 && us === 0) return base + 'Z';
  if (us === 0) return base + '.' + String(frac).padStart(3, '0') + 'Z';
  return base + '.' + String(frac).padStart(3, '0') + String(us).padStart(3, '0') + 'Z';
}

export const uuid = () => randomUUID();
export const appKey = () => 'sk_' + randomBytes(32).toString('base64url');
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s) => typeof s === 'string' && UUID_RE.test(s);

// ---- locale codes: ISO 639-1 language, optional ISO 3166-1 alpha-2 region, canonical case only
const LANGS = new Set(('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '));
const REGIONS = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '));
export const REGION_COUNT = REGIONS.size;
export const LANG_COUNT = LANGS.size;
export function localeProblem(s) {
  const m = /^([a-z]{2})(?:-([A-Z]{2}))?$/.exec(s);
  if (!m) return "must be a locale code of the form 'll' or 'll-RR' (lowercase ISO 639-1 language, optional uppercase ISO 3166-1 region), e.g. 'en-US'";
  if (!LANGS.has(m[1])) return `'${m[1]}' is not an ISO 639-1 language code`;
  if (m[2] && !REGIONS.has(m[2])) return `'${m[2]}' is not an ISO 3166-1 alpha-2 region code`;
  return null;
}

// ---- URLs: hostOrigin / domain must be an exact http(s) origin (scheme://host[:port])
export function originProblem(s, what) {
  if (s.length > 255) return `${what} must be at most 255 characters`;
  let u;
  try { u = new URL(s); } catch { return `${what} must be an absolute URL including the protocol`; }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `${what} must use the http or https scheme`;
  if (u.origin !== s) return `${what} must be an origin exactly as 'scheme://host[:port]' (lowercase, no path, trailing slash, query, fragment or credentials), e.g. '${u.origin}'`;
  return null;
}

// ---- pathnames (pages and routes)
export const PATHNAME_MAX = 1024;
export function pathnameProblem(s) {
  if (s.length === 0) return 'must not be empty';
  if (s.length > PATHNAME_MAX) return `must be at most ${PATHNAME_MAX} characters`;
  if (s[0] !== '/') return "must start with '/'";
  if (s === '/') return null;
  if (s.endsWith('/')) return "must not end with '/'";
  if (s.includes('//')) return 'must not contain empty segments';
  if (!/^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+)+$/.test(s)) return 'may only contain URL path characters (RFC 3986 pchar, percent-encoded otherwise)';
  for (const seg of s.split('/')) if (seg === '.' || seg === '..') return "must not contain '.' or '..' segments";
  return null;
}

// PostgreSQL text cannot hold NUL, and UTF-8 cannot hold lone surrogates.
export function storable(s) {
  if (s.includes('\u0000')) return false;
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

// ---- accumulating decoder
function describe(v) {
  if (v === null) return 'null';
  if (isObj(v)) return render(v).slice(0, 60);
  if (Array.isArray(v)) return render(v).slice(0, 60);
  return String(typeof v === 'string' ? JSON.stringify(v) : v).slice(0, 60);
}
// spec: { field: { type: 'string'|'boolean'|'number', required, nullable, check(v)->msg|null } }
// refused: { field: message } for fields the contract explicitly refuses.
export function decodeObject(json, spec, refused = {}) {
  if (!isObj(json)) return { errors: [{ field: 'body', message: `Got value '${describe(json)}' with wrong type, expecting a JSON object` }] };
  const errors = []; const value = {};
  for (const [name, f] of Object.entries(spec)) {
    const present = json.__keys.includes(name);
    if (!present) { if (f.required) errors.push({ field: name, message: 'Missing required field' }); continue; }
    const v = json.__obj[name];
    if (v === null) {
      if (f.nullable) { value[name] = null; continue; }
      errors.push({ field: name, message: f.required ? `Got value 'null' with wrong type, expecting ${f.type}` : 'Null is not allowed; omit the field instead' });
      continue;
    }
    if (typeof v !== f.type || isObj(v) || Array.isArray(v)) { errors.push({ field: name, message: `Got value '${describe(v)}' with wrong type, expecting ${f.type}` }); continue; }
    if (f.type === 'string' && !storable(v)) { errors.push({ field: name, message: 'contains characters that cannot be stored (NUL or unpaired surrogate)' }); continue; }
    const p = f.check ? f.check(v) : null;
    if (p) { errors.push({ field: name, message: p }); continue; }
    value[name] = v;
  }
  for (const k of json.__keys) {
    if (Object.hasOwn(spec, k)) continue;
    errors.push({ field: k, message: (Object.hasOwn(refused, k) && refused[k]) || 'Unknown field' });
  }
  return { value, errors };
}

// Query parameters: each known at most once, unknown ones refused.
export function decodeQuery(query, spec) {
  const errors = []; const value = {};
  for (const k of query.keys) {
    if (!Object.hasOwn(spec, k)) errors.push({ field: k, message: 'Unknown query parameter' });
  }
  for (const [name, f] of Object.entries(spec)) {
    const vals = query.map.get(name);
    if (!vals) { if (f.required) errors.push({ field: name, message: 'Missing required query parameter' }); else if ('default' in f) value[name] = f.default; continue; }
    if (vals.length > 1) { errors.push({ field: name, message: 'must be given at most once' }); continue; }
    const raw = vals[0];
    if (raw === null) { errors.push({ field: name, message: 'must have a value' }); continue; }
    const r = f.parse(raw);
    if (r && r.error) { errors.push({ field: name, message: r.error }); continue; }
    value[name] = r.value;
  }
  return { value, errors };
}
export const qUuid = (raw) => isUuid(raw) ? { value: raw.toLowerCase() } : { error: 'must be a UUID (8-4-4-4-12 hexadecimal)' };
export const qLimit = (raw) => /^[1-9][0-9]{0,2}$/.test(raw) && Number(raw) <= 100 ? { value: Number(raw) } : { error: 'must be an integer from 1 to 100' };
export const qEnum = (...vals) => (raw) => vals.includes(raw) ? { value: raw } : { error: `must be one of: ${vals.join(', ')}` };
export const qString = (check) => (raw) => { if (!storable(raw)) return { error: 'contains characters that cannot be stored' }; const p = check ? check(raw) : null; return p ? { error: p } : { value: raw }; };

// ---- PostgreSQL ordering helpers (COLLATE "C" = byte order; NULLs sort last ascending)
export function cmpText(a, b) { return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')); }
export function cmpNullable(a, b, cmp) {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return cmp(a, b);
}
export const cmpNum = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
