// outsider9 — helpers: strict JSON, ids, keys, time, validation grammars.
import { randomBytes } from 'node:crypto';

// ---------------------------------------------------------------- strict JSON (duplicate keys refused)
export function parseStrictJson(text) {
  let i = 0;
  const n = text.length;
  const fail = (msg) => {
    throw new SyntaxError(`${msg} at character ${i}`);
  };
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const NUM = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  function str() {
    i++; // opening quote
    let out = '';
    for (;;) {
      if (i >= n) fail('unterminated string');
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c < ' ') fail('control character in string');
      if (c === '\\') {
        const e = text[i + 1];
        const map = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in map) {
          out += map[e];
          i += 2;
        } else if (e === 'u') {
          const h = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(h)) fail('bad unicode escape');
          out += String.fromCharCode(parseInt(h, 16));
          i += 6;
        } else fail('bad escape');
        continue;
      }
      out += c;
      i++;
    }
  }
  function value(depth) {
    if (depth > 32) fail('nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const o = {};
      const seen = new Set();
      ws();
      if (text[i] === '}') {
        i++;
        return o;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a property name');
        const k = str();
        if (seen.has(k)) throw new DuplicateKeyError(k);
        seen.add(k);
        ws();
        if (text[i] !== ':') fail('expected ":"');
        i++;
        const v = value(depth + 1);
        Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return o;
        }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const a = [];
      ws();
      if (text[i] === ']') {
        i++;
        return a;
      }
      for (;;) {
        a.push(value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return a;
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return str();
    if (text.startsWith('true', i)) {
      i += 4;
      return true;
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return false;
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return null;
    }
    NUM.lastIndex = i;
    const m = NUM.exec(text);
    if (m) {
      i += m[0].length;
      return Number(m[0]);
    }
    fail('unexpected token');
  }
  const v = value(0);
  ws();
  if (i !== n) fail('unexpected data after the JSON value');
  return v;
}
export class DuplicateKeyError extends Error {
  constructor(key) {
    super(`duplicate key "${key}"`);
    this.key = key;
  }
}

// ---------------------------------------------------------------- ids: UUID version 6 (reordered Gregorian time)
let lastTicks = 0n;
const GREGORIAN_OFFSET = 122192928000000000n; // 100-ns ticks between 1582-10-15 and 1970-01-01
export function uuid6() {
  let ticks = BigInt(Date.now()) * 10000n + GREGORIAN_OFFSET;
  if (ticks <= lastTicks) ticks = lastTicks + 1n;
  lastTicks = ticks;
  const hex = ticks.toString(16).padStart(15, '0'); // 60 bits
  const r = randomBytes(8);
  r[0] = (r[0] & 0x3f) | 0x80; // variant
  const rand = r.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-6${hex.slice(12, 15)}-${rand.slice(0, 4)}-${rand.slice(4, 16)}`;
}
export function uuid4() {
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
export const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s) => typeof s === 'string' && UUID_RE.test(s);

// ---------------------------------------------------------------- App API keys: Crockford base32
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newAppKey() {
  const b = randomBytes(32);
  let s = '';
  for (let k = 0; k < 32; k++) s += CROCKFORD[b[k] & 31];
  return `svc_app_${s.slice(0, 8)}-${s.slice(8, 16)}-${s.slice(16, 24)}-${s.slice(24, 32)}`;
}
/** Canonical form used for matching: case-insensitive, hyphens optional, I/L read as 1 and O as 0. */
export function canonicalAppKey(k) {
  if (typeof k !== 'string') return null;
  const m = /^svc_app_([0-9A-Za-z-]+)$/i.exec(k);
  if (!m) return null;
  const body = m[1].replace(/-/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
  if (!/^[0-9A-HJKMNP-TV-Z]{32}$/.test(body)) return null;
  return body;
}

// ---------------------------------------------------------------- time: centisecond precision, "Z"
export function now() {
  const s = new Date().toISOString(); // 2026-01-05T10:00:00.123Z
  return `${s.slice(0, 22)}Z`;
}

// ---------------------------------------------------------------- locale codes
const REGIONS = new Set(
  ('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '),
);
/** Returns { code } normalised (`EN-gb` -> `en-GB`) or { error }. */
export function parseLocaleCode(s) {
  if (typeof s !== 'string') return { error: 'must be a string' };
  const m = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/.exec(s);
  if (!m) return { error: 'must be a two-letter language, optionally followed by "-" and a two-letter ISO 3166 region (e.g. "en" or "en-US")' };
  const lang = m[1].toLowerCase();
  if (!m[2]) return { code: lang };
  const region = m[2].toUpperCase();
  if (!REGIONS.has(region)) return { error: `region "${region}" is not an assigned ISO 3166-1 country code` };
  return { code: `${lang}-${region}` };
}

// ---------------------------------------------------------------- URLs (hostOrigin, locale domain)
/** An http(s) origin: no credentials, path, query or fragment; max 120 characters; stored as the URL origin. */
export function parseOrigin(s) {
  if (typeof s !== 'string') return { error: 'must be a string' };
  if (s.length === 0) return { error: 'must not be empty' };
  if (s.length > 120) return { error: 'must have at most 120 characters' };
  if (!/^[\x21-\x7e]+$/.test(s)) return { error: 'must be an ASCII URI without spaces' };
  let u;
  try {
    u = new URL(s);
  } catch {
    return { error: 'must be an absolute URL including its protocol' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { error: 'must use http or https' };
  if (u.username || u.password) return { error: 'must not carry credentials' };
  if (u.pathname !== '/' || u.search || u.hash || /[?#]/.test(s)) return { error: 'must be an origin only (no path, query or fragment)' };
  const host = u.hostname;
  if (!(host === 'localhost' || host.includes('.') || host.startsWith('['))) return { error: 'must have a fully qualified host name' };
  return { origin: u.origin };
}

// ---------------------------------------------------------------- page and route pathnames
/** Page pathname: "/" or up to 10 segments of lower-case letters (any script), marks, digits and "-"; max 120. */
export function parsePagePathname(s) {
  if (typeof s !== 'string') return { error: 'must be a string' };
  const p = s.normalize('NFC');
  if (!p.startsWith('/')) return { error: 'must begin with "/"' };
  if (p === '/') return { pathname: p };
  if ([...p].length > 120) return { error: 'must have at most 120 characters' };
  if (p.endsWith('/')) return { error: 'must not end with "/"' };
  const segs = p.slice(1).split('/');
  if (segs.length > 10) return { error: 'must have at most 10 segments' };
  for (const seg of segs) {
    if (seg === '') return { error: 'must not contain empty segments ("//")' };
    if (/[\p{Lu}\p{Lt}]/u.test(seg)) return { error: 'must be lower case' };
    if (!/^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}-]+$/u.test(seg)) return { error: 'segments may hold only lower-case letters, digits and "-"' };
    if ([...seg].length > 48) return { error: 'segments must have at most 48 characters' };
  }
  return { pathname: p };
}
/** Route pathname: "/" or segments that are literals, `:name`, or (last only) `:name?`, `:name*`, `:name+`; max 160. */
export function parseRoutePathname(s, skipValidation) {
  if (typeof s !== 'string') return { error: 'must be a string' };
  if (!s.startsWith('/')) return { error: 'must begin with "/"' };
  if (skipValidation) {
    if (s.length > 2048) return { error: 'must have at most 2048 characters' };
    if (/[\s\x00-\x1f\x7f]/.test(s)) return { error: 'must not contain whitespace or control characters' };
    return { pathname: s };
  }
  if (s === '/') return { pathname: s };
  if (s.length > 160) return { error: 'must have at most 160 characters' };
  if (s.endsWith('/')) return { error: 'must not end with "/"' };
  const segs = s.slice(1).split('/');
  for (let k = 0; k < segs.length; k++) {
    const seg = segs[k];
    if (seg === '') return { error: 'must not contain empty segments ("//")' };
    if (/^[A-Za-z0-9._~-]+$/.test(seg)) {
      if (seg === '.' || seg === '..') return { error: 'must not contain "." or ".." segments' };
      continue;
    }
    const m = /^:[A-Za-z_][A-Za-z0-9_]*([?*+]?)$/.exec(seg);
    if (!m) return { error: `segment "${seg}" is neither a literal nor a :parameter` };
    if (m[1] && k !== segs.length - 1) return { error: 'only the last segment may carry a ?, * or + modifier' };
  }
  return { pathname: s };
}
/** Router precedence rank of a route segment: literal < :param < :param? < :param+ < :param*. */
export function routeSegRank(seg) {
  if (!seg.startsWith(':')) return 0;
  if (seg.endsWith('?')) return 2;
  if (seg.endsWith('+')) return 3;
  if (seg.endsWith('*')) return 4;
  return 1;
}
