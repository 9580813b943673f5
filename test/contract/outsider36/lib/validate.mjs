// Field-level validators. Each returns null when valid or a message string.
import { isIPv6 } from 'node:net';
import { LANGUAGES, REGIONS } from './iso.mjs';

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s) => typeof s === 'string' && UUID_RE.test(s);
// PostgreSQL's uuid type compares values, not text: normalise to lower case.
export const normUuid = (s) => s.toLowerCase();

export const LIMITS = {
  siteName: 100,
  pageName: 255,
  pathname: 1024,
  uri: 2048,
};

const cpLength = (s) => { let n = 0; for (const _ of s) n++; return n; };
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

export function checkName(v, max) {
  if (typeof v !== 'string') return 'must be a string';
  if (v.length === 0) return 'must not be empty';
  if (v.trim().length === 0) return 'must not be only whitespace';
  if (CONTROL_RE.test(v)) return 'must not contain control characters';
  if (cpLength(v) > max) return `must be at most ${max} characters long`;
  return null;
}

export function checkUuidField(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (!isUuid(v)) return 'must be a UUID (RFC 4122 hyphenated form)';
  return null;
}

export function isLocaleCode(s) {
  if (typeof s !== 'string') return false;
  const m = /^([a-z]{2})(?:-([A-Z]{2}))?$/.exec(s);
  if (!m) return false;
  if (!LANGUAGES.has(m[1])) return false;
  if (m[2] !== undefined && !REGIONS.has(m[2])) return false;
  return true;
}

export function checkLocaleCode(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (!isLocaleCode(v)) return 'must be a locale code: an ISO 639-1 language in lower case, optionally followed by "-" and an ISO 3166-1 alpha-2 region in upper case (e.g. "en" or "en-US")';
  return null;
}

// --- RFC 3986 -----------------------------------------------------------
const UNRES = 'A-Za-z0-9\\-._~';
const SUB = "!$&'()*+,;=";
const subEsc = SUB.replace(/[-\\\]^]/g, '\\$&');
const PCT = '%[0-9A-Fa-f]{2}';
const rx = (chars) => new RegExp(`^(?:[${chars}]|${PCT})*$`);
const REGNAME_RE = rx(UNRES + subEsc);
const USERINFO_RE = rx(UNRES + subEsc + ':');
const PATH_RE = rx(UNRES + subEsc + ':@/');
const QUERY_RE = rx(UNRES + subEsc + ':@/?');
const SCHEME_RE = /^[A-Za-z][A-Za-z0-9+.\-]*$/;
const IPVFUTURE_RE = new RegExp(`^v[0-9A-Fa-f]+\\.[${UNRES}${subEsc}:]+$`);

export function isAbsoluteUri(s) {
  if (typeof s !== 'string') return false;
  const colon = s.indexOf(':');
  if (colon <= 0) return false;
  if (!SCHEME_RE.test(s.slice(0, colon))) return false;
  let rest = s.slice(colon + 1);
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    if (!QUERY_RE.test(rest.slice(hash + 1))) return false;
    rest = rest.slice(0, hash);
  }
  const q = rest.indexOf('?');
  if (q >= 0) {
    if (!QUERY_RE.test(rest.slice(q + 1))) return false;
    rest = rest.slice(0, q);
  }
  if (rest.startsWith('//')) {
    const after = rest.slice(2);
    const slash = after.indexOf('/');
    const authority = slash >= 0 ? after.slice(0, slash) : after;
    const path = slash >= 0 ? after.slice(slash) : '';
    if (!PATH_RE.test(path)) return false;
    let hostport = authority;
    const at = authority.indexOf('@');
    if (at >= 0) {
      if (!USERINFO_RE.test(authority.slice(0, at))) return false;
      hostport = authority.slice(at + 1);
    }
    let host;
    let port = '';
    if (hostport.startsWith('[')) {
      const close = hostport.indexOf(']');
      if (close < 0) return false;
      const lit = hostport.slice(1, close);
      const tail = hostport.slice(close + 1);
      if (tail !== '' && !tail.startsWith(':')) return false;
      port = tail.slice(1);
      if (!(IPVFUTURE_RE.test(lit) || (!lit.includes('%') && isIPv6(lit)))) return false;
      host = null;
    } else {
      const c = hostport.lastIndexOf(':');
      if (c >= 0) { host = hostport.slice(0, c); port = hostport.slice(c + 1); } else host = hostport;
      if (!REGNAME_RE.test(host)) return false;
    }
    if (!/^[0-9]*$/.test(port)) return false;
    return true;
  }
  // path-absolute / path-rootless / path-empty
  return PATH_RE.test(rest);
}

export function checkUri(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (v.length === 0) return 'must not be empty';
  if (v.length > LIMITS.uri) return `must be at most ${LIMITS.uri} characters long`;
  if (!isAbsoluteUri(v)) return 'must be an absolute URI (RFC 3986) with a scheme';
  return null;
}

// Page and route pathnames: an absolute path of RFC 3986 segments.
const SEGMENT_RE = new RegExp(`^(?:[${UNRES}${subEsc}:@]|${PCT})+$`);
export function checkPathname(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (v.length === 0) return 'must not be empty';
  if (!v.startsWith('/')) return 'must start with "/"';
  if (v.length > LIMITS.pathname) return `must be at most ${LIMITS.pathname} characters long`;
  if (v === '/') return null;
  if (v.endsWith('/')) return 'must not end with "/" (except the root pathname "/")';
  const segs = v.slice(1).split('/');
  for (const seg of segs) {
    if (seg === '') return 'must not contain empty segments ("//")';
    if (seg === '.' || seg === '..') return 'must not contain "." or ".." segments';
    if (!SEGMENT_RE.test(seg)) return 'must contain only RFC 3986 path characters (percent-encode others); "?" and "#" are not allowed';
  }
  return null;
}

// Used when skipValidation=true on Update Route: only the stated rule
// (a pathname is written with a leading slash) and storage limits remain.
export function checkPathnameLoose(v) {
  if (typeof v !== 'string') return 'must be a string';
  if (!v.startsWith('/')) return 'must start with "/"';
  if (v.length > LIMITS.pathname) return `must be at most ${LIMITS.pathname} characters long`;
  if (CONTROL_RE.test(v)) return 'must not contain control characters';
  return null;
}
