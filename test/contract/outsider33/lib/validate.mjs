// marshmallow-3-style field validation, ported to plain JS.
// Every schema is a list of [name, spec]; load() collects one message per
// invalid field (the first marshmallow would report), in declaration order.
import net from 'node:net';

export const MSG = {
  required: 'Missing data for required field.',
  null: 'Field may not be null.',
  string: 'Not a valid string.',
  uuid: 'Not a valid UUID.',
  url: 'Not a valid URL.',
  boolean: 'Not a valid boolean.',
  number: 'Not a valid number.',
  special: 'Special numeric values (nan or infinity) are not permitted.',
  unknown: 'Unknown field.',
  locale: 'Not a valid locale code.',
  pathname: 'Not a valid pathname.',
  mysqlString: 'Incorrect string value.',
};

export class ValidationError extends Error {
  constructor(details, message = 'The request is invalid.') {
    super(message);
    this.details = details; // [{field, message}]
  }
}

// ---- UUID: Python's uuid.UUID(str) leniency (braces, urn:uuid:, no hyphens)
const CANON_UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export function isCanonicalUuid(s) { return typeof s === 'string' && CANON_UUID.test(s); }
export function pyUuid(v) {
  if (typeof v !== 'string') return null;
  let h = v.split('urn:').join('').split('uuid:').join('');
  h = h.replace(/^[{}]+/, '').replace(/[{}]+$/, '').split('-').join('');
  if (!/^[0-9a-fA-F]{32}$/.test(h)) return null;
  h = h.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// ---- RFC 3986 absolute URI
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUBDELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUBDELIMS}:@]|${PCT})`;
const RE_SEG = new RegExp(`^${PCHAR}*$`);
const RE_QF = new RegExp(`^(?:${PCHAR}|[/?])*$`);
const RE_USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUBDELIMS}:]|${PCT})*$`);
const RE_REGNAME = new RegExp(`^(?:[${UNRESERVED}${SUBDELIMS}]|${PCT})*$`);
const RE_IPFUTURE = new RegExp(`^v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUBDELIMS}:]+$`);
export function isUri(s) {
  if (typeof s !== 'string') return false;
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(s);
  if (!m) return false;
  let rest = m[2];
  let i = rest.indexOf('#');
  if (i >= 0) { if (!RE_QF.test(rest.slice(i + 1))) return false; rest = rest.slice(0, i); }
  i = rest.indexOf('?');
  if (i >= 0) { if (!RE_QF.test(rest.slice(i + 1))) return false; rest = rest.slice(0, i); }
  let path = rest;
  if (rest.startsWith('//')) {
    const after = rest.slice(2);
    const j = after.indexOf('/');
    const authority = j >= 0 ? after.slice(0, j) : after;
    path = j >= 0 ? after.slice(j) : '';
    let hostport = authority;
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      if (!RE_USERINFO.test(authority.slice(0, at))) return false;
      hostport = authority.slice(at + 1);
    }
    let host = hostport; let port = '';
    if (hostport.startsWith('[')) {
      const close = hostport.indexOf(']');
      if (close < 0) return false;
      host = hostport.slice(0, close + 1);
      const tail = hostport.slice(close + 1);
      if (tail) { if (!tail.startsWith(':')) return false; port = tail.slice(1); }
      const lit = host.slice(1, -1);
      if (!net.isIPv6(lit) && !RE_IPFUTURE.test(lit)) return false;
      if (lit.includes('%')) return false;
    } else {
      const c = hostport.lastIndexOf(':');
      if (c >= 0) { host = hostport.slice(0, c); port = hostport.slice(c + 1); }
      if (!RE_REGNAME.test(host)) return false;
    }
    if (!/^[0-9]*$/.test(port)) return false;
  }
  for (const seg of path.split('/')) if (!RE_SEG.test(seg)) return false;
  return true;
}

// ---- locale codes: ISO 639 language, optional ISO 3166-1 alpha-2 region
const LANG = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const REGION = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const NOT_ISO3166 = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'XK', 'AA']);
export function isLocaleCode(s) {
  const m = /^([A-Za-z]{2,3})(?:-([A-Za-z]{2}))?$/.exec(s);
  if (!m) return false;
  const lang = m[1].toLowerCase();
  if (lang === 'und' || lang === 'mis' || lang === 'mul' || lang === 'zxx') return false;
  try { if (!LANG.of(lang)) return false; } catch { return false; }
  if (m[2]) {
    const r = m[2].toUpperCase();
    if (NOT_ISO3166.has(r) || /^Q[M-Z]$/.test(r) || /^X/.test(r)) return false;
    try { if (!REGION.of(r)) return false; } catch { return false; }
  }
  return true;
}

// ---- pathnames (pages and routes)
export const PATHNAME_MAX = 1024;
export function normalisePathname(s) {
  let p = s;
  if (!p.startsWith('/')) p = '/' + p;
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}
export function pathnameProblem(p) {
  if ([...p].length > PATHNAME_MAX) return `Longer than maximum length ${PATHNAME_MAX}.`;
  if (/[\u0000-\u0020\u007f\\?#]/.test(p)) return MSG.pathname;
  if (p !== '/' && p.slice(1).split('/').some((seg) => seg === '' || seg === '.' || seg === '..')) return MSG.pathname;
  return null;
}

const hasLoneSurrogate = (s) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
const cpLen = (s) => [...s].length;

// Length(min, max) message exactly as marshmallow words it.
export function lengthProblem(s, min, max) {
  const n = cpLen(s);
  if (min != null && max != null && (n < min || n > max)) return `Length must be between ${min} and ${max}.`;
  if (min != null && n < min) return `Shorter than minimum length ${min}.`;
  if (max != null && n > max) return `Longer than maximum length ${max}.`;
  return null;
}


// Python float(str): surrounding whitespace, underscores between digits, inf/nan.
export function pyFloat(raw) {
  const s = String(raw).trim();
  if (/^[+-]?(inf|infinity|nan)$/i.test(s)) return { special: true };
  const D = '\\d(?:_?\\d)*';
  const re = new RegExp(`^[+-]?(?:${D}(?:\\.(?:${D})?)?|\\.${D})(?:[eE][+-]?${D})?$`);
  if (!re.test(s)) return { error: true };
  const n = Number(s.replace(/_/g, ''));
  if (!Number.isFinite(n)) return { special: true };
  return { value: n };
}

function loadField(spec, v) {
  switch (spec.type) {
    case 'string':
    case 'pathname':
    case 'url':
    case 'locale': {
      if (typeof v !== 'string') return { error: MSG.string };
      if (hasLoneSurrogate(v)) return { error: MSG.mysqlString };
      if (spec.type === 'url') {
        if (!isUri(v)) return { error: MSG.url };
        const lp = lengthProblem(v, null, spec.max ?? 2048);
        if (lp) return { error: lp };
        return { value: v };
      }
      if (spec.type === 'locale') {
        if (!isLocaleCode(v)) return { error: MSG.locale };
        return { value: v };
      }
      if (spec.type === 'pathname') {
        const p = normalisePathname(v);
        if (!spec.skipRules) { const pp = pathnameProblem(p); if (pp) return { error: pp }; }
        else if (cpLen(p) > PATHNAME_MAX) return { error: `Longer than maximum length ${PATHNAME_MAX}.` };
        return { value: p };
      }
      const lp = lengthProblem(v, spec.min, spec.max);
      if (lp) return { error: lp };
      if (spec.oneOf && !spec.oneOf.includes(v)) return { error: `Must be one of: ${spec.oneOf.join(', ')}.` };
      return { value: v };
    }
    case 'uuid': {
      // fields.UUID with a Regexp validator: the hyphenated form alone, as `format: uuid` in both
      // documents says. uuid.UUID's leniency (no hyphens, braces, urn:uuid:) took what that format
      // refuses, which the contract suite's near misses caught.
      return isCanonicalUuid(v) ? { value: v.toLowerCase() } : { error: MSG.uuid };
    }
    case 'boolean': {
      // fields.Boolean(truthy={True}, falsy={False}): the published schema's `boolean` is JSON's.
      // marshmallow's default truthy and falsy sets ("yes", "on", 1...) took {"isOnline": "yes"}, a
      // defect of the documented type the contract suite's stateful group caught.
      if (v === true) return { value: true };
      if (v === false) return { value: false };
      return { error: MSG.boolean };
    }
    case 'limit': {
      const f = pyFloat(v);
      if (f.special) return { error: MSG.special };
      if (f.error) return { error: MSG.number };
      if (f.value < spec.min || f.value > spec.max) {
        return { error: `Must be greater than or equal to ${spec.min} and less than or equal to ${spec.max}.` };
      }
      return { value: Math.floor(f.value) };
    }
    default:
      return { value: v };
  }
}

// data: plain object (body) or Map-like record (query, already first-value).
// Returns an object of loaded values; pushes {field,message} into errors.
export function load(schema, data, errors) {
  const out = {};
  for (const [name, spec] of schema) {
    const present = Object.prototype.hasOwnProperty.call(data, name) && data[name] !== undefined;
    if (spec.reject) { if (present) errors.push({ field: name, message: MSG.unknown }); continue; }
    if (!present) {
      if (spec.required) errors.push({ field: name, message: MSG.required });
      else if (spec.default !== undefined) out[name] = spec.default;
      continue;
    }
    const v = data[name];
    if (v === null) {
      if (spec.allowNull) out[name] = null;
      else errors.push({ field: name, message: MSG.null });
      continue;
    }
    const r = loadField(spec, v);
    if (r.error) errors.push({ field: name, message: r.error });
    else out[name] = r.value;
  }
  return out;
}

export function assertObjectBody(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError([{ field: '_schema', message: 'Invalid input type.' }]);
  }
}
