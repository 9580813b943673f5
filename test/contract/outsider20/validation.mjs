import { EMPTY_GUID } from './sqlserver.mjs';

// FluentValidation-style rules. Each property's rules stop at the first failure (CascadeMode.Stop),
// messages are FluentValidation's English defaults, and the property's display name is its name
// split into words ("hostOrigin" -> "Host Origin"), as FluentValidation's default resolver does.

export function displayName(property) {
  const words = property.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const messages = {
  notEmpty: (p) => `'${displayName(p)}' must not be empty.`,
  maxLength: (p, max, len) => `The length of '${displayName(p)}' must be ${max} characters or fewer. You entered ${len} characters.`,
  length: (p, min, max, len) => `'${displayName(p)}' must be between ${min} and ${max} characters. You entered ${len} characters.`,
  between: (p, from, to, v) => `'${displayName(p)}' must be between ${from} and ${to}. You entered ${v}.`,
  enumValue: (p, v) => `'${displayName(p)}' has a range of values which does not include '${v}'.`,
  format: (p) => `'${displayName(p)}' is not in the correct format.`,
  mustBeEmpty: (p) => `'${displayName(p)}' must be empty.`,
  // ASP.NET Core model binding
  notValidFor: (raw, p) => `The value '${raw}' is not valid for ${p}.`,
  required: (p) => `The ${p} field is required.`,
};

// ModelState: one entry per field, the first problem recorded wins.
export class ModelState {
  constructor() {
    this.errors = [];
  }
  add(field, message) {
    if (!this.errors.some((e) => e.field === field)) this.errors.push({ field, message });
  }
  has(field) {
    return this.errors.some((e) => e.field === field);
  }
  get isValid() {
    return this.errors.length === 0;
  }
}

// A tiny rule chain: rule(state, 'name', value).notEmpty().maximumLength(128)
export function rule(state, property, value) {
  let stopped = state.has(property);
  const chain = {
    must(predicate, message) {
      if (!stopped && !predicate(value)) {
        state.add(property, typeof message === 'function' ? message(value) : message);
        stopped = true;
      }
      return chain;
    },
    // NotEmpty: not null, not white space only, and not Guid.Empty (the nil UUID is "empty" too).
    notEmpty() {
      return chain.must((v) => v != null && v !== EMPTY_GUID && (typeof v !== 'string' || v.trim().length > 0), messages.notEmpty(property));
    },
    notNull() {
      return chain.must((v) => v != null, messages.notEmpty(property));
    },
    maximumLength(max) {
      return chain.must((v) => v == null || v.length <= max, (v) => messages.maxLength(property, max, v.length));
    },
    length(min, max) {
      return chain.must((v) => v == null || (v.length >= min && v.length <= max), (v) => messages.length(property, min, max, v.length));
    },
    inclusiveBetween(from, to) {
      return chain.must((v) => v == null || (v >= from && v <= to), (v) => messages.between(property, from, to, v));
    },
    isEnumName(names) {
      return chain.must((v) => v == null || names.includes(v), (v) => messages.enumValue(property, v));
    },
  };
  return chain;
}

// ---------------------------------------------------------------------------------------------
// Culture codes: what CultureInfo.GetCultureInfo would take on ICU, limited to the documented
// "language with optional region": a 2-3 letter language ICU knows, optionally "-" and a 2-letter
// region ICU knows (grouping codes such as EU, UN or ZZ are not regions of a culture).

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);

export function normaliseCultureName(value) {
  if (typeof value !== 'string') return null;
  const m = /^([A-Za-z]{2,3})(?:-([A-Za-z]{2}))?$/.exec(value);
  if (!m) return null;
  const language = m[1].toLowerCase();
  if (language === 'und' || language === 'root') return null;
  let known;
  try {
    known = languageNames.of(language);
  } catch {
    known = undefined;
  }
  if (!known) return null;
  if (!m[2]) return language;
  const region = m[2].toUpperCase();
  if (NOT_COUNTRIES.has(region) || region.startsWith('X') && region !== 'XK') return null;
  let regionKnown;
  try {
    regionKnown = regionNames.of(region);
  } catch {
    regionKnown = undefined;
  }
  return regionKnown ? `${language}-${region}` : null;
}

// ---------------------------------------------------------------------------------------------
// URIs: Uri.TryCreate(value, UriKind.Absolute) with an http or https scheme and a host; the
// value must be printable ASCII (a URI, not an IRI). Stored exactly as sent.

export function isAbsoluteHttpUri(value) {
  if (typeof value !== 'string' || value.length === 0) return false;
  if (!/^[\x21-\x7e]+$/.test(value)) return false;
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Page pathnames: "/" or "/"-separated segments of Unicode letters, marks, digits and the RFC 3986
// pchar punctuation (no "%"), no empty, "." or ".." segments, no trailing "/". Letter case is kept.

const PAGE_SEGMENT = /^[\p{L}\p{M}\p{N}\-._~!$&'()*+,;=:@]+$/u;

export function pagePathnameProblem(value) {
  if (!value.startsWith('/')) return "'Pathname' must begin with '/'.";
  if (value === '/') return null;
  if (value.endsWith('/')) return "'Pathname' must not end with '/'.";
  for (const segment of value.slice(1).split('/')) {
    if (segment.length === 0) return "'Pathname' must not contain empty segments ('//').";
    if (segment === '.' || segment === '..') return "'Pathname' must not contain '.' or '..' segments.";
    if (!PAGE_SEGMENT.test(segment)) return messages.format('pathname');
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Route pathnames are ASP.NET Core route templates written with a leading slash:
//   literals, {name}, {name?}, {name=default}, {name:constraint(args)...}, {*name}, {**name}.

const CONSTRAINTS = new Map([
  ['int', 0], ['bool', 0], ['datetime', 0], ['decimal', 0], ['double', 0], ['float', 0], ['guid', 0], ['long', 0],
  ['alpha', 0], ['required', 0], ['nonfile', 0], ['file', 0],
  ['minlength', 1], ['maxlength', 1], ['length', -1], ['min', 1], ['max', 1], ['range', 2], ['regex', -2],
]);

function constraintProblem(text) {
  const m = /^([A-Za-z]+)(?:\((.*)\))?$/s.exec(text);
  if (!m) return `'${text}' is not a valid route constraint.`;
  const name = m[1].toLowerCase();
  if (!CONSTRAINTS.has(name)) return `The constraint '${m[1]}' is not known to the route template grammar.`;
  const arity = CONSTRAINTS.get(name);
  const args = m[2] === undefined ? [] : name === 'regex' ? [m[2]] : m[2].split(',');
  if (arity === 0 && m[2] !== undefined) return `The constraint '${m[1]}' takes no arguments.`;
  if (arity === -2) return args.length === 1 && args[0].length > 0 ? null : `The constraint '${m[1]}' needs a pattern.`;
  if (arity === -1) return args.length >= 1 && args.length <= 2 && args.every((a) => /^\d+$/.test(a)) ? null : `The constraint '${m[1]}' needs one or two numbers.`;
  if (arity > 0 && (args.length !== arity || !args.every((a) => /^-?\d+$/.test(a)))) return `The constraint '${m[1]}' needs ${arity} number(s).`;
  return null;
}

export function routeTemplateProblem(value) {
  if (!value.startsWith('/')) return "'Pathname' must begin with '/'.";
  if (value === '/') return null;
  if (value.endsWith('/')) return "'Pathname' must not end with '/'.";
  const segments = value.slice(1).split('/');
  const names = new Set();
  for (let s = 0; s < segments.length; s++) {
    const segment = segments[s];
    const last = s === segments.length - 1;
    if (segment.length === 0) return "'Pathname' must not contain empty segments ('//').";
    if (segment === '.' || segment === '..') return "'Pathname' must not contain '.' or '..' segments.";
    let k = 0;
    let previousWasParameter = false;
    while (k < segment.length) {
      const c = segment[k];
      if (c === '{' && segment[k + 1] === '{') {
        k += 2;
        previousWasParameter = false;
        continue;
      }
      if (c === '}' && segment[k + 1] === '}') {
        k += 2;
        previousWasParameter = false;
        continue;
      }
      if (c === '}') return "'Pathname' has an unmatched '}' in a route template.";
      if (c === '{') {
        const close = segment.indexOf('}', k);
        if (close < 0) return "'Pathname' has an unmatched '{' in a route template.";
        if (previousWasParameter) return "'Pathname' has two route parameters with no literal between them.";
        const body = segment.slice(k + 1, close);
        const p = /^(\*{1,2})?([A-Za-z_][A-Za-z0-9_]*)((?::[A-Za-z]+(?:\([^)]*\))?)*)(\?|=[^{}?]*)?$/.exec(body);
        if (!p) return `'Pathname' has an invalid route parameter '{${body}}'.`;
        const [, star, name, constraintText, suffix] = p;
        const key = name.toLowerCase();
        if (names.has(key)) return `'Pathname' uses the route parameter name '${name}' more than once.`;
        names.add(key);
        if (star && (!last || close !== segment.length - 1 || k !== 0)) return "'Pathname' may use a catch-all parameter only as the whole last segment.";
        if (star && suffix === '?') return "'Pathname' has a catch-all parameter that is marked optional.";
        if (suffix === '?' && !last) return "'Pathname' may have optional parameters only in the last segment.";
        for (const c2 of constraintText.split(':').slice(1)) {
          const problem = constraintProblem(c2);
          if (problem) return `'Pathname' is not a valid route template: ${problem}`;
        }
        k = close + 1;
        previousWasParameter = true;
        continue;
      }
      if (/[\s?#\\]/.test(c) || c.charCodeAt(0) < 0x20) return "'Pathname' contains a character that a route template literal cannot hold.";
      k++;
      previousWasParameter = false;
    }
  }
  return null;
}
