// Model-level rules (the `validates ...` lines of the models) and the `normalizes` blocks.
import { parseFieldUuid } from './store.mjs';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

// Locale code: a two-letter ISO 639-1 language in lower case, optionally "-" and an ISO 3166-1
// alpha-2 region in upper case, both known to CLDR. Written exactly so (`en-us` is invalid).
export function localeCodeProblem(code) {
  const m = /^([a-z]{2})(?:-([A-Z]{2}))?$/.exec(code);
  if (!m) return 'is invalid';
  if (!languageNames.of(m[1]) || languageNames.of(m[1]) === m[1]) return 'is not a known language';
  if (m[2]) {
    const r = regionNames.of(m[2]);
    if (!r || r === m[2] || ['EU', 'EZ', 'UN', 'QO', 'ZZ'].includes(m[2])) return 'is not a known region';
  }
  return null;
}

// normalizes :pathname: stripped, "/" prepended, runs of "/" squeezed, a trailing "/" dropped.
export function normalizePathname(p) {
  let s = p.trim();
  if (s === '') return s;
  s = ('/' + s).replace(/\/{2,}/g, '/');
  if (s.length > 1 && s.endsWith('/')) s = s.slice(0, -1);
  return s;
}
export const PATHNAME_MAX = 768; // the longest utf8mb4 VARCHAR an InnoDB index key holds (3072 bytes)
const SEGMENT = /^[\p{L}\p{M}\p{N}._~-]+$/u;
export function pagePathnameProblem(p) {
  if (p === '/') return null;
  for (const seg of p.slice(1).split('/')) {
    if (!SEGMENT.test(seg) || seg === '.' || seg === '..') return 'is invalid';
  }
  return null;
}
// Routes: the page grammar, plus an optional final "*" segment (everything below that prefix).
export function routePathnameProblem(p) {
  if (p === '/' || p === '/*') return null;
  const segs = p.slice(1).split('/');
  if (segs[segs.length - 1] === '*') segs.pop();
  for (const seg of segs) if (!SEGMENT.test(seg) || seg === '.' || seg === '..') return 'is invalid';
  return null;
}
// With skipValidation only the column's own limits remain: printable, no white space.
export function rawRouteProblem(p) {
  if (/[\s\u0000-\u001f\u007f]/.test(p)) return 'is invalid';
  return null;
}

// hostOrigin / domain: an http(s) origin, optionally with a lone trailing "/"; stored as URL#origin.
export function originOf(v) {
  if (!/^[\x21-\x7e]+$/.test(v)) return null;
  let u;
  try { u = new URL(v); } catch { return null; }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!/^https?:\/\//i.test(v)) return null;
  if (u.username || u.password || u.search || u.hash || v.includes('?') || v.includes('#')) return null;
  if (u.pathname !== '/' || /^https?:\/\/[^/]+\/.+/i.test(v)) return null;
  if (!u.hostname) return null;
  return u.origin;
}
export const ORIGIN_MAX = 255;

// validates :limit, numericality: { only_integer: true, greater_than_or_equal_to: 1, less_than_or_equal_to: 100 }
export function limitProblem(raw) {
  if (!/^[+-]?\d+$/.test(raw)) {
    return isRubyFloat(raw) ? 'must be an integer' : 'is not a number';
  }
  const n = Number(raw);
  if (n < 1) return 'must be greater than or equal to 1';
  if (n > 100) return 'must be less than or equal to 100';
  return null;
}
// Kernel.Float(str): decimal with optional fraction/exponent, underscores between digits, hex; white space around.
function isRubyFloat(s) {
  const t = s.trim();
  return /^[+-]?(\d+(_\d+)*)(\.\d+(_\d+)*)?([eE][+-]?\d+)?$/.test(t) || /^[+-]?0x[0-9a-f]+$/i.test(t);
}

export const uuidProblem = (v) => (parseFieldUuid(v) ? null : 'is not a valid UUID');
export const SITE_NAME_MAX = 100;
export const PAGE_NAME_MAX = 250;
export const tooLong = (n) => `is too long (maximum is ${n} characters)`;
export const cpLength = (s) => [...s].length;
export const isBlank = (v) => v == null || (typeof v === 'string' && /^[\s\u00a0\u2000-\u200b\u3000]*$/.test(v));
