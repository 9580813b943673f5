// outsider12 — a small validation library of its own: each request gets a Checker that collects
// one problem per field (the first one), body fields first, then query parameters, then path parameters.

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

export class Checker {
  constructor() {
    this.body = [];
    this.query = [];
    this.path = [];
  }
  bad(where, field, message) {
    const list = this[where];
    if (!this.all().some((d) => d.field === field)) list.push({ field, message });
  }
  all() {
    return [...this.body, ...this.query, ...this.path];
  }
  get failed() {
    return this.all().length > 0;
  }
}

export function byteLength(s) {
  return Buffer.byteLength(s, 'utf8');
}

/** Body string with byte limits; returns undefined when absent. */
export function str(ck, body, field, { required = false, min = 1, maxBytes = 200, nullable = false, label } = {}) {
  if (!(field in body) || body[field] === undefined) {
    if (required) ck.bad('body', field, 'is required');
    return undefined;
  }
  const v = body[field];
  if (v === null) {
    if (nullable) return null;
    ck.bad('body', field, 'must be a string, not null');
    return undefined;
  }
  if (typeof v !== 'string') {
    ck.bad('body', field, `must be a string, got ${Array.isArray(v) ? 'array' : typeof v}`);
    return undefined;
  }
  if (v.length < min) {
    ck.bad('body', field, `must have at least ${min} character${min === 1 ? '' : 's'}`);
    return undefined;
  }
  if (byteLength(v) > maxBytes) {
    ck.bad('body', field, `must be at most ${maxBytes} bytes of UTF-8 (${label || 'value'} is ${byteLength(v)})`);
    return undefined;
  }
  return v;
}

export function noControl(ck, field, v) {
  if (typeof v === 'string' && CONTROL.test(v)) {
    ck.bad('body', field, 'must not contain control characters');
    return false;
  }
  return true;
}

// ---- locale codes: two-letter language, optional two-letter region; letter case normalised, "_" refused
export function normLocale(v) {
  if (typeof v !== 'string') return null;
  const m = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/.exec(v);
  if (!m) return null;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toUpperCase()}` : m[1].toLowerCase();
}

// ---- origins (hostOrigin, locale domain): http(s)://host[:port][/], ASCII only
const ORIGIN_RE = /^(https?):\/\/([A-Za-z0-9.-]+)(?::(\d{1,5}))?\/?$/i;
export function normOrigin(v) {
  if (typeof v !== 'string' || v.length > 256) return { error: 'must be at most 256 characters' };
  if (!/^https?:\/\//i.test(v)) return { error: 'must be an absolute http:// or https:// URL' };
  const m = ORIGIN_RE.exec(v);
  if (!m) return { error: 'must be an origin: scheme and host (and port) only, ASCII, no path, query, fragment or credentials' };
  const host = m[2].toLowerCase();
  const labels = host.split('.');
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) && labels.every((x) => Number(x) <= 255);
  const isName = labels.every((l) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
  if (!isIp && !(isName && (labels.length >= 2 || host === 'localhost'))) return { error: 'must have a valid host name' };
  if (m[3] !== undefined && (Number(m[3]) < 1 || Number(m[3]) > 65535)) return { error: 'must have a port between 1 and 65535' };
  try {
    new URL(v);
  } catch {
    return { error: 'must be a valid URI' };
  }
  return { value: `${m[1].toLowerCase()}://${host}${m[3] !== undefined ? ':' + Number(m[3]) : ''}`, host };
}

// ---- page pathnames: "/" + segments of [A-Za-z0-9._-], "//" collapsed, trailing "/" dropped
export function normPagePath(v) {
  if (typeof v !== 'string' || v === '') return { error: 'is required' };
  if (/\s/.test(v) || CONTROL.test(v)) return { error: 'must not contain whitespace or control characters' };
  if (!v.startsWith('/')) return { error: "must begin with '/'" };
  let p = v.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (p.length > 200) return { error: 'must be at most 200 characters' };
  if (p === '/') return { value: p };
  for (const seg of p.slice(1).split('/')) {
    if (seg === '.' || seg === '..') return { error: "must not contain '.' or '..' segments" };
    if (!/^[A-Za-z0-9._-]+$/.test(seg)) return { error: `segment '${seg}' may only hold letters A-Z a-z, digits, '.', '_' and '-'` };
  }
  return { value: p };
}

// ---- route pathnames: literal segments, ":name" or "$name" parameters, a final "*"
export function normRoutePath(v, skip) {
  if (typeof v !== 'string' || v === '') return { error: 'is required' };
  if (/\s/.test(v) || CONTROL.test(v)) return { error: 'must not contain whitespace or control characters' };
  if (skip) {
    if (v.length > 2048) return { error: 'must be at most 2048 characters' };
    return { value: v.startsWith('/') ? v : '/' + v };
  }
  if (!v.startsWith('/')) return { error: "must begin with '/'" };
  if (v.length > 200) return { error: 'must be at most 200 characters' };
  if (v === '/') return { value: v };
  const segs = v.slice(1).split('/');
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    if (s === '') return { error: "must not contain '//' or end with '/'" };
    if (s === '*' && i === segs.length - 1) continue;
    if (/^[:$][A-Za-z_][A-Za-z0-9_]*$/.test(s)) continue;
    if (/^[A-Za-z0-9._-]+$/.test(s) && s !== '.' && s !== '..') continue;
    return { error: `segment '${s}' is neither a literal, a ':name' or '$name' parameter, nor a final '*'` };
  }
  return { value: v };
}
