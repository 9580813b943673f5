// Zod schemas shared by the route modules.
import { z } from '../lib/zod.mjs';

export const uuid = () => z.string().uuid().toLowerCase();
export const name = () => z.string().trim().min(1).max(255);
export const limit = () => z.coerce.number().int().min(1).max(100).default(20);

// hostOrigin: an http(s) origin; a bare trailing "/" is dropped, any other path, query,
// fragment or credentials are refused.
export const hostOrigin = () => z.string().trim().max(2048).url().transform((v, ctx) => {
  const u = new URL(v);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') { ctx.addIssue({ message: 'URL must use http or https' }); return v; }
  if (u.pathname !== '/' || u.search || u.hash || u.username || u.password || v.endsWith('?') || v.endsWith('#')) {
    ctx.addIssue({ message: 'hostOrigin must be an origin (scheme, host and optional port only)' });
    return v;
  }
  return u.origin;
});

// Locale domain: any http(s) URL, kept as sent (trimmed).
export const domain = () => z.string().trim().max(2048).url().refine((v) => /^https?:$/.test(new URL(v).protocol), 'URL must use http or https');

// Locale codes: language (2-3 letters) with optional region (2 letters or 3 digits), any case
// in, canonical case out: "EN-us" -> "en-US".
export const LOCALE_RE = /^[A-Za-z]{2,3}(?:-(?:[A-Za-z]{2}|[0-9]{3}))?$/;
export const canonLocale = (v) => { const [l, r] = v.split('-'); return r ? `${l.toLowerCase()}-${r.toUpperCase()}` : l.toLowerCase(); };
export const localeCode = () => z.string().trim().regex(LOCALE_RE, 'Invalid locale code: expected a language with an optional region, such as "fr" or "en-US"').transform(canonLocale);

// Page pathnames: "/" or "/"-separated non-empty segments, no whitespace, control characters,
// "?" or "#", no trailing slash.
export const PAGE_PATH_RE = /^\/(?:[^\s?#/\u0000-\u001f\u007f]+(?:\/[^\s?#/\u0000-\u001f\u007f]+)*)?$/;
export const pagePathname = () => z.string().min(1).max(1024).regex(PAGE_PATH_RE, 'Invalid pathname: expected "/" or "/"-separated segments without spaces, "?", "#" or a trailing slash');

export const routePathname = () => z.string().min(1).max(1024).regex(/^\//, 'Route pathname must start with "/"');
export const bool = () => z.enum(['true', 'false']);
