import { violations, badRequest } from './errors.mjs';

export const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s) => typeof s === 'string' && UUID_RE.test(s);
// PostgreSQL uuid columns compare case-insensitively; we store lower-case.
export const normUuid = (s) => s.toLowerCase();

// ---- RFC 3986 absolute URI, ASCII only -----------------------------------
const PCT = '%[0-9A-Fa-f]{2}';
const UNRES = "A-Za-z0-9\\-._~";
const SUB = "!$&'()*+,;=";
const PCHAR = `(?:[${UNRES}${SUB}:@]|${PCT})`;
const USERINFO = `(?:[${UNRES}${SUB}:]|${PCT})*`;
const IPLIT = `\\[(?:[0-9A-Fa-f:.]+|[vV][0-9A-Fa-f]+\\.[${UNRES}${SUB}:]+)\\]`;
const REGNAME = `(?:[${UNRES}${SUB}]|${PCT})*`;
const AUTH = `(?:${USERINFO}@)?(?:${IPLIT}|${REGNAME})(?::[0-9]*)?`;
const URI_RE = new RegExp(
  `^[A-Za-z][A-Za-z0-9+.\\-]*:(?://${AUTH}(?:/${PCHAR}*)*|/?(?:${PCHAR}+(?:/${PCHAR}*)*)?)(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`
);
export const isUri = (s) => typeof s === 'string' && s.length <= 2048 && URI_RE.test(s);

// ---- locale codes ----------------------------------------------------------
const langNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
// Symfony's Locale constraint with canonicalize: true -> "EN_us" becomes "en-US".
// Returns the canonical code or null when the code is not language[-REGION].
export function canonicalLocale(s) {
  if (typeof s !== 'string') return null;
  const m = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$/.exec(s);
  if (!m) return null;
  const lang = m[1].toLowerCase();
  const region = m[2] ? m[2].toUpperCase() : null;
  try {
    if (langNames.of(lang) === lang) return null;
    if (region && regionNames.of(region) === region) return null;
  } catch { return null; }
  return region ? `${lang}-${region}` : lang;
}

// ---- pathnames -------------------------------------------------------------
// Leading slash, no trailing slash (except "/"), no empty segments, no
// dot-segments, no query/fragment, RFC 3986 pchar only, max 512 chars.
const SEG = `${PCHAR}+`;
const PATH_RE = new RegExp(`^(?:/|(?:/${SEG})+)$`);
export function pathnameProblem(s) {
  if (s.length === 0) return 'This value should not be blank.';
  if (s.length > 512) return 'This value is too long. It should have 512 characters or less.';
  if (s[0] !== '/') return 'The pathname must start with a "/".';
  if (s.length > 1 && s.endsWith('/')) return 'The pathname must not end with a "/".';
  if (!PATH_RE.test(s)) return 'The pathname contains invalid characters or empty segments.';
  if (s.split('/').some((seg) => seg === '.' || seg === '..')) return 'The pathname must not contain dot-segments.';
  return null;
}

const CTRL = /[\u0000-\u001f\u007f]/;
const cpLen = (s) => [...s].length;

// Field specs: { name: { type, required, nullable, check(v)->msg|null } }.
// Unknown fields are refused first (serializer allow_extra_attributes=false),
// then every field is validated and one detail per invalid field is returned.
export function validateBody(body, spec, { forbidden = {} } = {}) {
  const extra = Object.keys(body).filter((k) => !(k in spec));
  if (extra.length) {
    throw badRequest(`Extra attributes are not allowed ("${extra.join('", "')}" ${extra.length > 1 ? 'are' : 'is'} unknown).`,
      extra.map((k) => ({ field: k, message: forbidden[k] || 'This field was not expected.' })));
  }
  const details = [];
  for (const [name, f] of Object.entries(spec)) {
    const has = Object.prototype.hasOwnProperty.call(body, name);
    const v = body[name];
    let msg = null;
    if (!has) { if (f.required) msg = 'This field is missing.'; }
    else if (v === null) { if (!f.nullable) msg = 'This value should not be null.'; }
    else if (typeof v !== f.type) msg = `This value should be of type ${f.type}.`;
    else if (f.check) msg = f.check(v);
    if (msg) details.push({ field: name, message: msg });
  }
  if (details.length) throw violations(details);
  return body;
}

export const checks = {
  siteName: (v) => {
    if (v.trim() === '') return 'This value should not be blank.';
    if (cpLen(v) > 100) return 'This value is too long. It should have 100 characters or less.';
    if (CTRL.test(v)) return 'This value contains control characters.';
    return null;
  },
  pageName: (v) => {
    if (cpLen(v) < 1) return 'This value is too short. It should have 1 character or more.';
    if (cpLen(v) > 255) return 'This value is too long. It should have 255 characters or less.';
    return null;
  },
  uri: (v) => (isUri(v) ? null : 'This value is not a valid URI.'),
  uuid: (v) => (isUuid(v) ? null : 'This is not a valid UUID.'),
  locale: (v) => (canonicalLocale(v) ? null : 'This value is not a valid locale.'),
  pathname: (v) => pathnameProblem(v),
};

// ---- query parameters --------------------------------------------------------
export function qString(q, name, details, { required = false } = {}) {
  const v = q[name];
  if (v === undefined || v === '') {
    if (required) details.push({ field: name, message: 'This value should not be blank.' });
    return undefined;
  }
  if (Array.isArray(v)) { details.push({ field: name, message: 'This value should be of type string.' }); return undefined; }
  return v;
}
export function qUuid(q, name, details, opts) {
  const v = qString(q, name, details, opts);
  if (v === undefined) return undefined;
  if (!isUuid(v)) { details.push({ field: name, message: 'This is not a valid UUID.' }); return undefined; }
  return normUuid(v);
}
export function qEnum(q, name, values, dflt, details) {
  const v = qString(q, name, details);
  if (v === undefined) return dflt;
  if (!values.includes(v)) { details.push({ field: name, message: `The value you selected is not a valid choice. Valid choices: "${values.join('", "')}".` }); return dflt; }
  return v;
}
export function qLimit(q, details) {
  const v = qString(q, 'limit', details);
  if (v === undefined) return 20;
  if (!/^[0-9]+$/.test(v)) { details.push({ field: 'limit', message: 'This value should be a positive integer.' }); return 20; }
  const n = Number(v);
  if (n < 1 || n > 100) { details.push({ field: 'limit', message: 'This value should be between 1 and 100.' }); return 20; }
  return n;
}
export function throwIf(details) { if (details.length) throw violations(details); }
