// FluentValidation rule sets (one failure reported per property: CascadeMode.Stop).
import { display, parseUuidStrict } from './binding.mjs';

export const LIMITS = { siteName: 128, pageName: 256, pathname: 1024, locale: 16, url: 2048 };

export function notEmpty(errors, field, v) {
  if (v === undefined || v.trim() === '') { errors.add(field, `'${display(field)}' must not be empty.`); return false; }
  return true;
}
export function maxLen(errors, field, v, max) {
  if (v.length > max) { errors.add(field, `The length of '${display(field)}' must be ${max} characters or fewer. You entered ${v.length} characters.`); return false; }
  return true;
}
export function bodyGuid(errors, field, v) {
  if (!notEmpty(errors, field, v)) return undefined;
  const g = parseUuidStrict(v);
  if (!g) errors.add(field, `'${display(field)}' must be a UUID in the hyphenated 8-4-4-4-12 form.`);
  return g ?? undefined;
}
export function name(errors, field, v, max, required = true) {
  if (v === undefined && !required) return undefined;
  if (!notEmpty(errors, field, v)) return undefined;
  if (!maxLen(errors, field, v, max)) return undefined;
  return v;
}

// language (2-3 letters) with optional region (2 letters or 3 digits), any case.
const LOCALE = /^[A-Za-z]{2,3}(-([A-Za-z]{2}|\d{3}))?$/;
export const isLocaleCode = (s) => LOCALE.test(s);
export function localeCode(errors, field, v, required = true) {
  if (v === undefined && !required) return undefined;
  if (!notEmpty(errors, field, v)) return undefined;
  if (!LOCALE.test(v)) { errors.add(field, `'${display(field)}' must be a language code with an optional region, e.g. 'en' or 'en-US'.`); return undefined; }
  return v;
}

// `format: uri` is RFC 3986: ASCII only. An IRI (non-ASCII host, path, ...) is refused, never
// punycoded or percent-encoded on the caller's behalf.
const NON_ASCII = /[^\x00-\x7f]/;
function asciiOnly(errors, field, v) {
  if (NON_ASCII.test(v)) { errors.add(field, `'${display(field)}' must be a URI (RFC 3986): characters outside ASCII are not allowed.`); return false; }
  return true;
}
// Absolute http(s) URI (Uri.TryCreate(UriKind.Absolute) + scheme check).
function absUrl(v) {
  if (/\s/.test(v)) return null;
  try { const u = new URL(v); return (u.protocol === 'http:' || u.protocol === 'https:') && u.host ? u : null; } catch { return null; }
}
// hostOrigin: must be an origin (no path beyond "/", no query/fragment); stored as URL.origin.
export function hostOrigin(errors, field, v) {
  if (v === undefined) return undefined;
  if (!notEmpty(errors, field, v) || !maxLen(errors, field, v, LIMITS.url) || !asciiOnly(errors, field, v)) return undefined;
  const u = absUrl(v);
  if (!u) { errors.add(field, `'${display(field)}' must be an absolute http or https URI.`); return undefined; }
  if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || u.username || u.password) {
    errors.add(field, `'${display(field)}' must be an origin (scheme, host and optional port) without path, query or fragment.`); return undefined;
  }
  return u.origin;
}
// locale domain: absolute http(s) URI including protocol; stored verbatim.
export function domain(errors, field, v) {
  if (v === undefined) return undefined;
  if (!notEmpty(errors, field, v) || !maxLen(errors, field, v, LIMITS.url) || !asciiOnly(errors, field, v)) return undefined;
  if (!absUrl(v)) { errors.add(field, `'${display(field)}' must be an absolute URI that includes the protocol (http or https).`); return undefined; }
  return v;
}

export function pathname(errors, field, v, required = true) {
  if (v === undefined && !required) return undefined;
  if (!notEmpty(errors, field, v) || !maxLen(errors, field, v, LIMITS.pathname)) return undefined;
  const msg = pathnameProblem(v);
  if (msg) { errors.add(field, `'${display(field)}' ${msg}`); return undefined; }
  return v;
}
export function pathnameProblem(v) {
  if (!v.startsWith('/')) return "must start with '/'.";
  if (v.length > 1 && v.endsWith('/')) return "must not end with '/'.";
  if (v.includes('//')) return "must not contain empty segments ('//').";
  if (/[\s?#%\\]/.test(v) || /[\u0000-\u001f\u007f]/.test(v)) return 'must not contain whitespace, control characters or any of ? # % \\.';
  return null;
}
