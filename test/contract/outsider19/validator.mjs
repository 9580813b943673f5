// go-playground/validator/v10, ported to the handful of tags the service uses, with the
// English messages of its universal-translator bundle ("name is a required field") and
// field names taken from the json tags (RegisterTagNameFunc). Each field reports only its
// first failing tag, fields in struct declaration order — as ValidationErrors does.

export const UUID36 = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

// github.com/google/uuid Parse: the service's path parameters go through it, so it takes
// the 36-character form in any case, 32 bare hex digits, {braced} and urn:uuid: forms.
export function goUUIDParse(s) {
  if (typeof s !== 'string') return null;
  let t = s;
  if (t.length === 45 && t.slice(0, 9).toLowerCase() === 'urn:uuid:') t = t.slice(9);
  else if (t.length === 38 && t[0] === '{' && t[37] === '}') t = t.slice(1, 37);
  if (t.length === 36 && UUID36.test(t)) return t.toLowerCase();
  if (t.length === 32 && /^[0-9a-fA-F]{32}$/.test(t)) {
    const h = t.toLowerCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return null;
}

// PostgreSQL's uuid input function: keys are looked up with `$1::uuid`, so the header takes
// every form uuid_in accepts — any case, optional braces, and a hyphen after any group of
// four digits (or none at all). urn:uuid: is not one of them.
export function pgUUIDParse(s) {
  if (typeof s !== 'string') return null;
  let t = s;
  if (t.startsWith('{')) { if (!t.endsWith('}')) return null; t = t.slice(1, -1); }
  if (!/^[0-9a-fA-F]{4}(-?[0-9a-fA-F]{4}){7}$/.test(t)) return null;
  const h = t.replace(/-/g, '').toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// path.Clean from Go's standard library.
export function pathClean(p) {
  if (p === '') return '.';
  const rooted = p[0] === '/';
  const n = p.length;
  const out = [];
  let r = 0, dotdot = 0;
  if (rooted) { out.push('/'); r = 1; dotdot = 1; }
  while (r < n) {
    if (p[r] === '/') r++;
    else if (p[r] === '.' && (r + 1 === n || p[r + 1] === '/')) r++;
    else if (p[r] === '.' && p[r + 1] === '.' && (r + 2 === n || p[r + 2] === '/')) {
      r += 2;
      if (out.length > dotdot) {
        out.pop();
        while (out.length > dotdot && out[out.length - 1] !== '/') out.pop();
      } else if (!rooted) {
        if (out.length > 0) out.push('/');
        out.push('.', '.');
        dotdot = out.length;
      }
    } else {
      if ((rooted && out.length !== 1) || (!rooted && out.length !== 0)) out.push('/');
      for (; r < n && p[r] !== '/'; r++) out.push(p[r]);
    }
  }
  return out.length === 0 ? '.' : out.join('');
}

// Locale codes go through golang.org/x/text/language (here: the same CLDR data via ICU):
// any letter case, "-" or "_", deprecated subtags replaced (iw -> he, in -> id), then the
// tag must be a known language with at most a known two-letter region; no script, no
// numeric region, no variants or extensions. Returns the canonical "ll-RR" or null.
const languageNames = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });
const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
export function canonicalLocale(input) {
  if (typeof input !== 'string' || input.length === 0 || input.length > 35) return null;
  if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(input)) return null;
  let tag;
  try { [tag] = Intl.getCanonicalLocales(input.replace(/_/g, '-')); } catch { return null; }
  let loc;
  try { loc = new Intl.Locale(tag); } catch { return null; }
  const { language, region, script } = loc;
  if (script || !/^[a-z]{2,3}$/.test(language) || language === 'und') return null;
  if (region !== undefined && (!/^[A-Z]{2}$/.test(region) || region === 'ZZ')) return null;
  const base = region ? `${language}-${region}` : language;
  if (tag !== base) return null; // variants or extensions
  if (!languageNames.of(language)) return null;
  if (region && !regionNames.of(region)) return null;
  return base;
}

// validator's `url` tag: lower-cased, then net/url.Parse must give a scheme and a host
// (or an opaque part or a fragment). Any scheme passes, as the tag allows.
function parseURLParts(raw) {
  const s = raw.toLowerCase();
  const m = /^([a-z][a-z0-9+.-]*):(.*)$/s.exec(s);
  if (!m) return null;
  let rest = m[2];
  if (/%(?![0-9a-f]{2})/.test(rest)) return null; // invalid URL escape
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) { fragment = rest.slice(hash + 1); rest = rest.slice(0, hash); }
  const q = rest.indexOf('?');
  if (q >= 0) rest = rest.slice(0, q);
  if (!rest.startsWith('/')) return { scheme: m[1], host: '', opaque: rest, fragment, path: '' };
  if (!rest.startsWith('//')) return { scheme: m[1], host: '', opaque: '', fragment, path: rest };
  const authEnd = rest.indexOf('/', 2);
  let authority = authEnd < 0 ? rest.slice(2) : rest.slice(2, authEnd);
  const path = authEnd < 0 ? '' : rest.slice(authEnd);
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  let host = authority, port = '';
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0) return null;
    port = host.slice(close + 1); host = host.slice(0, close + 1);
    if (port && !/^:\d*$/.test(port)) return null;
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0) { port = host.slice(colon); host = host.slice(0, colon); }
    if (port && !/^:\d*$/.test(port)) return null;
    if (!/^[a-z0-9.\-_~!$&'()*+,;=%]*$/.test(host)) return null;
  }
  return { scheme: m[1], host, opaque: '', fragment, path };
}
const PRINTASCII = /^[\x20-\x7e]*$/;
export function isURL(s) {
  if (!s || !PRINTASCII.test(s) || /\s/.test(s)) return false;
  const u = parseURLParts(s);
  if (!u) return false;
  if (u.scheme === 'file') return u.path.length > 1 || u.host.length > 0;
  return u.host.length > 0 || u.fragment.length > 0 || u.opaque.length > 0;
}
export function isHttpURL(s) {
  if (!isURL(s)) return false;
  const u = parseURLParts(s);
  return (u.scheme === 'http' || u.scheme === 'https') && u.host.length > 0;
}

// Page pathnames: a rooted path that path.Clean leaves unchanged, without whitespace,
// control characters, "?" or "#" (they would not survive a URL).
export function pagePathProblem(p) {
  if (/[\s\p{Cc}?#]/u.test(p)) return 'must not contain whitespace, control characters, "?" or "#"';
  const clean = pathClean(p);
  if (clean !== p) return `must be a clean path (path.Clean gives "${clean}")`;
  return null;
}

// Route pathnames are Go 1.22 ServeMux path patterns: literal segments, whole-segment
// wildcards {name}, a final {name...} or {$}, an optional trailing "/" (a subtree).
const LITERAL_SEGMENT = /^([A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/;
const WILDCARD_NAME = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;
export function routePatternProblem(p) {
  if (/[\s\p{Cc}]/u.test(p)) return 'must not contain whitespace or control characters';
  const subtree = p.length > 1 && p.endsWith('/');
  const body = subtree ? p.slice(0, -1) : p;
  const clean = pathClean(body);
  if (clean !== body) return `must be a clean path (path.Clean gives "${clean}${subtree ? '/' : ''}")`;
  if (body === '/') return null;
  const segments = body.slice(1).split('/');
  const names = new Set();
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k];
    const last = k === segments.length - 1;
    if (seg.startsWith('{') || seg.endsWith('}') || seg.includes('{') || seg.includes('}')) {
      const m = /^\{([^{}]*)\}$/.exec(seg);
      if (!m) return `bad wildcard segment "${seg}" (a wildcard must be a whole segment)`;
      let name = m[1];
      if (name === '$') {
        if (!last || subtree) return '{$} must be the last segment';
        continue;
      }
      if (name.endsWith('...')) {
        if (!last || subtree) return `{${name}} must be the last segment`;
        name = name.slice(0, -3);
      }
      if (!WILDCARD_NAME.test(name)) return `bad wildcard name "${name}"`;
      if (names.has(name)) return `duplicate wildcard name "${name}"`;
      names.add(name);
      continue;
    }
    if (!LITERAL_SEGMENT.test(seg)) return `bad literal segment "${seg}"`;
  }
  return null;
}

// strconv.ParseFloat's grammar: decimal with optional fraction and exponent, signs,
// hexadecimal floats with a mandatory p exponent, inf/infinity/nan.
export function parseFloatGo(s) {
  const err = (why) => ({ error: `strconv.ParseFloat: parsing "${s}": ${why}` });
  if (/^[+-]?(inf|infinity)$/i.test(s)) return { value: s.startsWith('-') ? -Infinity : Infinity };
  if (/^nan$/i.test(s)) return { value: NaN };
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) {
    const v = Number(s);
    return Number.isFinite(v) ? { value: v } : err('value out of range');
  }
  const hex = /^([+-]?)0[xX]((?:_?[0-9a-fA-F])*)(?:\.((?:_?[0-9a-fA-F])*))?[pP]([+-]?\d+)$/.exec(s);
  if (hex && (hex[2].replace(/_/g, '') + (hex[3] || '').replace(/_/g, '')).length > 0) {
    const intPart = hex[2].replace(/_/g, ''), fracPart = (hex[3] || '').replace(/_/g, '');
    let mant = 0;
    for (const c of intPart + fracPart) mant = mant * 16 + parseInt(c, 16);
    const v = mant * 2 ** (Number(hex[4]) - 4 * fracPart.length) * (hex[1] === '-' ? -1 : 1);
    return Number.isFinite(v) ? { value: v } : err('value out of range');
  }
  return err('invalid syntax');
}

// ---- the tag engine ----

const runeCount = (s) => [...s].length;
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

const TAGS = {
  required: { test: (v) => v !== undefined && v !== '', msg: (f) => `${f} is a required field` },
  uuid: { test: (v) => UUID36.test(v), msg: (f) => `${f} must be a valid UUID` },
  max: { test: (v, p) => runeCount(v) <= Number(p), msg: (f, p) => `${f} must be a maximum of ${plural(Number(p), 'character')} in length` },
  min: { test: (v, p) => runeCount(v) >= Number(p), msg: (f, p) => `${f} must be at least ${plural(Number(p), 'character')} in length` },
  oneof: { test: (v, p) => p.split(' ').includes(v), msg: (f, p) => `${f} must be one of [${p}]` },
  url: { test: (v) => isURL(v), msg: (f) => `${f} must be a valid URL` },
  http_url: { test: (v) => isHttpURL(v), msg: (f) => `${f} must be a valid http or https URL` },
  startswith: { test: (v, p) => v.startsWith(p), msg: (f, p) => `${f} must start with text '${p}'` },
  locale: { test: (v) => canonicalLocale(v) !== null, msg: (f) => `${f} must be a language code with an optional ISO 3166 region, such as "en" or "en-US"` },
  localeoruuid: { test: (v) => UUID36.test(v) || canonicalLocale(v) !== null, msg: (f) => `${f} must be a locale code or a locale ID` },
  nonul: { test: (v) => !v.includes('\u0000'), msg: (f) => `${f} must not contain the NUL character (PostgreSQL text cannot store it)` },
  cleanpath: { test: (v) => pagePathProblem(v) === null, msg: (f, p, v) => `${f} ${pagePathProblem(v)}` },
  routepattern: { test: (v) => routePatternProblem(v) === null, msg: (f, p, v) => `${f} ${routePatternProblem(v)}` },
  printunicode: { test: (v) => !/[\s\p{Cc}]/u.test(v), msg: (f) => `${f} must not contain whitespace or control characters` },
  isdefault: { test: (v) => v === undefined, msg: (f) => `${f} is not accepted in this body` },
};

// entries: [{ field, value, tags: 'required,uuid', messages?: { tag: text } }]
// Returns { problems: [{ field, message }], lines: [ValidationErrors.Error() lines] }.
export function validateStruct(structName, entries) {
  const problems = [];
  const lines = [];
  for (const { field, value, tags, messages } of entries) {
    for (const part of tags.split(',')) {
      const [tag, param] = part.includes('=') ? part.split(/=(.*)/s) : [part, undefined];
      if (tag === 'omitempty') { if (value === undefined || value === '') break; continue; }
      const rule = TAGS[tag];
      if (tag !== 'required' && tag !== 'isdefault' && (value === undefined || typeof value !== 'string')) continue;
      if (rule.test(value, param)) continue;
      problems.push({ field, message: (messages && messages[tag]) || rule.msg(field, param, value) });
      lines.push(`Key: '${structName}.${field}' Error:Field validation for '${field}' failed on the '${tag}' tag`);
      break;
    }
  }
  return { problems, lines };
}
