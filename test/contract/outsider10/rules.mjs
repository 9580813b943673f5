// outsider10 input rules: how values of the query, the path and the body are read, normalised
// and judged. Every function returns { value } or { error } (never throws).

export class Problems {
  constructor() {
    this.items = []; // { field, message, rank, order }
  }
  // rank: 0 = missing, 1 = wrong type / syntax, 2 = bad value
  add(field, message, rank = 2) {
    if (this.items.some((p) => p.field === field)) return;
    this.items.push({ field, message, rank, order: this.items.length });
  }
  has(field) {
    return this.items.some((p) => p.field === field);
  }
  get size() {
    return this.items.length;
  }
  details() {
    return [...this.items].sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ field, message }) => ({ field, message }));
  }
}

// ---- UUIDs: any letter case, optional braces or "urn:uuid:", hyphens optional
export function parseUuid(v) {
  if (typeof v !== 'string') return null;
  let s = v.trim().toLowerCase();
  if (s.startsWith('urn:uuid:')) s = s.slice(9);
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1);
  if (/^[0-9a-f]{32}$/.test(s)) s = `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s) ? s : null;
}

// ---- UUIDs sent as a body or query field, where both documents declare `format: uuid`: the
// RFC 4122 hyphenated form alone, any letter case. parseUuid's forgiving forms (no hyphens,
// braces, urn:uuid:) stay for path segments and keys; taking them in fields broke the format,
// which the contract suite's near misses caught.
export function parseFieldUuid(v) {
  if (typeof v !== 'string' || !/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(v)) return null;
  return v.toLowerCase();
}

// ---- locale codes: ISO 639 language (2-3 letters) and optional ISO 3166-1 alpha-2 region,
// separated by "-", "_" or a space, any letter case; stored as ll-RR
const LANG_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const NOT_ISO_3166 = new Set(['AA', 'EU', 'EZ', 'UN', 'ZZ', 'QO']);
export function normLocaleCode(v) {
  if (typeof v !== 'string') return { error: 'must be a string', rank: 1 };
  const m = /^([a-zA-Z]{2,3})(?:[-_ ]([a-zA-Z]{2}))?$/.exec(v.trim());
  if (!m) return { error: 'must be a language code with an optional region, such as en or en-US' };
  const lang = m[1].toLowerCase();
  let known = false;
  try {
    known = LANG_NAMES.of(lang) !== undefined;
  } catch {
    known = false;
  }
  if (!known) return { error: `"${lang}" is not an ISO 639 language code` };
  if (!m[2]) return { value: lang };
  const region = m[2].toUpperCase();
  let regionKnown = false;
  try {
    regionKnown = REGION_NAMES.of(region) !== undefined;
  } catch {
    regionKnown = false;
  }
  if (!regionKnown || NOT_ISO_3166.has(region) || /^Q[M-Z]$/.test(region) || (/^X[A-Z]$/.test(region) && region !== 'XK'))
    return { error: `"${region}" is not an ISO 3166-1 alpha-2 region` };
  return { value: `${lang}-${region}` };
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

// ---- site names: control characters removed, trimmed, 1..120 code points
export function normSiteName(v) {
  if (typeof v !== 'string') return { error: 'must be a string', rank: 1 };
  const s = v.replace(CONTROL, '').trim();
  const n = [...s].length;
  if (n < 1) return { error: 'must contain at least 1 visible character' };
  if (n > 120) return { error: 'must be at most 120 characters long' };
  return { value: s };
}

// ---- page names: kept as sent, 1..255 code points
export function checkPageName(v) {
  if (typeof v !== 'string') return { error: 'must be a string', rank: 1 };
  const n = [...v].length;
  if (n < 1) return { error: 'must have a minimum length of 1' };
  if (n > 255) return { error: 'must be at most 255 characters long' };
  return { value: v };
}

// ---- hostOrigin: an http(s) URL; a value without a scheme gets "https://"; stored as origin + path
// (no trailing slash, no query or fragment), host lower-cased and punycoded, default port dropped
export function normHostOrigin(v) {
  if (typeof v !== 'string') return { error: 'must be a string', rank: 1 };
  const s = v.trim();
  if (s.length > 2048) return { error: 'must be at most 2048 characters long' };
  // mended: a value without a scheme got "https://", and a host outside ASCII was punycoded; neither is a URI ("format: uri")
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(s)) return { error: 'must be an absolute URL with its scheme (http:// or https://)' };
  if (/[^\x21-\x7e]/.test(s)) return { error: 'must be a URI: characters outside printable ASCII are percent-encoded, and a host outside ASCII is written in punycode' };
  let u;
  try {
    u = new URL(s);
  } catch {
    return { error: 'must be an absolute http or https URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { error: 'must use the http or https scheme' };
  if (!u.hostname) return { error: 'must name a host' };
  if (u.username || u.password) return { error: 'must not carry credentials' };
  const path = u.pathname.replace(/\/+$/, '');
  return { value: u.origin + path };
}

// ---- locale domain: an http(s) origin WITH its scheme (documented), no path, query or fragment;
// stored as the origin followed by "/"
export function normDomain(v) {
  if (typeof v !== 'string') return { error: 'must be a string', rank: 1 };
  const s = v.trim();
  if (s.length > 2048) return { error: 'must be at most 2048 characters long' };
  if (!/^https?:\/\//i.test(s)) return { error: 'must be a URL that includes the protocol (http:// or https://)' };
  if (/[^\x21-\x7e]/.test(s)) return { error: 'must be a URI: characters outside printable ASCII are percent-encoded, and a host outside ASCII is written in punycode' };
  let u;
  try {
    u = new URL(s);
  } catch {
    return { error: 'must be an absolute http or https URL' };
  }
  if (!u.hostname) return { error: 'must name a host' };
  if (u.username || u.password) return { error: 'must not carry credentials' };
  if (u.pathname !== '/' || u.search || u.hash) return { error: 'must be an origin only (no path, query or fragment)' };
  return { value: `${u.origin}/` };
}

// ---- pathnames
const PAGE_SEGMENT = /^[\p{L}\p{M}\p{N}\-._~!$&'()*+,;=:@]+$/u;
const ROUTE_PARAM = /^(?::[A-Za-z_][A-Za-z0-9_]*\??|\{[A-Za-z_][A-Za-z0-9_]*\}|\[(?:\.\.\.)?[A-Za-z_][A-Za-z0-9_]*\]|\*\*?)$/;

function tidyPath(v) {
  let s = v.trim();
  if (s.includes('%')) {
    try {
      s = decodeURIComponent(s);
    } catch {
      return { error: 'contains invalid percent-encoding' };
    }
  }
  s = s.normalize('NFC');
  if (!s.startsWith('/')) s = `/${s}`;
  s = s.replace(/\/{2,}/g, '/');
  if (s.length > 1) s = s.replace(/\/+$/, '');
  return { value: s };
}

export function normPagePath(v) {
  if (typeof v !== 'string') return { error: 'must be a string', rank: 1 };
  if (v.trim() === '') return { error: 'Missing pathname field.', rank: 0 };
  const t = tidyPath(v);
  if (t.error) return t;
  const s = t.value;
  if (s.length > 1000) return { error: 'must be at most 1000 characters long' };
  if (s !== '/')
    for (const seg of s.slice(1).split('/')) {
      if (seg === '.' || seg === '..') return { error: 'must not contain "." or ".." segments' };
      if (!PAGE_SEGMENT.test(seg)) return { error: `segment "${seg}" may hold only letters, digits and - . _ ~ ! $ & ' ( ) * + , ; = : @` };
    }
  return { value: s };
}

export function normRoutePath(v, skipValidation) {
  if (typeof v !== 'string') return { error: 'must be a string', rank: 1 };
  if (skipValidation) {
    if (v.length === 0) return { error: 'must not be empty', rank: 0 };
    if (/[\s\u0000-\u001f\u007f]/.test(v)) return { error: 'must not contain whitespace or control characters' };
    if (v.length > 4096) return { error: 'must be at most 4096 characters long' };
    return { value: v.startsWith('/') ? v : `/${v}` };
  }
  if (v.trim() === '') return { error: 'must not be empty', rank: 0 };
  const t = tidyPath(v);
  if (t.error) return t;
  const s = t.value;
  if (s.length > 1000) return { error: 'must be at most 1000 characters long' };
  if (s !== '/')
    for (const seg of s.slice(1).split('/')) {
      if (seg === '.' || seg === '..') return { error: 'must not contain "." or ".." segments' };
      if (!PAGE_SEGMENT.test(seg) && !ROUTE_PARAM.test(seg))
        return { error: `segment "${seg}" is neither a literal nor a parameter (:name, :name?, {name}, [name], [...name], *, **)` };
    }
  return { value: s };
}

// lookups by pathname are tidied the same way but never judged
export function lookupPath(v) {
  const t = tidyPath(String(v));
  return t.error ? null : t.value;
}

export function normPathPrefix(v) {
  const t = tidyPath(v);
  if (t.error) return t;
  // tidyPath drops a trailing slash; a prefix keeps it ("/essays/" must not match "/essays")
  let s = t.value;
  if (v.trim().endsWith('/') && s !== '/') s += '/';
  return { value: s };
}

// ---- query values
// (mended: 1/0, yes/no and on/off were read as booleans; the published OpenAPI's enum is "true" | "false")
export function parseBool(v) {
  if (v === 'true') return { value: true };
  if (v === 'false') return { value: false };
  return { error: 'must be true or false' };
}

export function parseLimit(v, strict) {
  const s = v.trim();
  const n = s === '' ? NaN : Number(s);
  if (!Number.isFinite(n)) return { error: 'must be a number' };
  const whole = Math.floor(n);
  if (strict) {
    if (whole < 1 || n > 100) return { error: 'must be between 1 and 100' };
    return { value: whole };
  }
  return { value: Math.min(100, Math.max(1, whole)) };
}

const SORT_FIELDS = ['title', 'path', 'description', 'updatedAt', 'createdAt'];
export function parseSortBy(v) {
  if (!SORT_FIELDS.includes(v)) return { error: 'must be one of title, path, description, updatedAt, createdAt' };
  return { value: v };
}
export function parseDirection(v) {
  if (v === 'asc' || v === 'desc') return { value: v };
  return { error: 'must be asc or desc' };
}
export function parseVersionRef(v) {
  if (v === 'ref:live') return { value: 'live' };
  if (v === 'ref:draft') return { value: 'draft' };
  return { error: 'must be ref:live or ref:draft' };
}

// ---- body fields: names matched in any letter case, with or without "_" / "-"
export const canonName = (k) => String(k).toLowerCase().replace(/[_\-\s]/g, '');
export function pickFields(body, names, problems) {
  const wanted = new Map(names.map((n) => [canonName(n), n]));
  const seen = new Map();
  const out = Object.create(null);
  for (const [k, v] of Object.entries(body)) {
    const name = wanted.get(canonName(k));
    if (!name) continue; // unknown fields are ignored
    if (seen.has(name)) {
      problems.add(name, `was given more than once (${seen.get(name)}, ${k})`, 1);
      continue;
    }
    seen.set(name, k);
    out[name] = v;
  }
  return out;
}

// booleans in a body: JSON booleans (mended: strings were read as the query reads them; the
// published OpenAPI types isOnline a boolean)
export function bodyBool(v) {
  if (typeof v === 'boolean') return { value: v };
  return { error: 'must be a boolean', rank: 1 };
}
