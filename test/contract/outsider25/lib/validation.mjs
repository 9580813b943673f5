// A port of the parts of Illuminate\Validation\Validator this API uses, with Laravel 12's
// English messages (lang/en/validation.php) and its rule semantics: implicit rules, `bail`,
// `sometimes`, `nullable`, size rules that read strings, numbers or arrays.
import { HttpError } from './http.mjs';

const UUID_RE = /^[\da-fA-F]{8}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{12}$/;
export const isUuid = (v) => typeof v === 'string' && UUID_RE.test(v);

// Illuminate's url rule (Symfony UrlValidator pattern), restricted by the `url:http,https` parameter.
const URL_RE = new RegExp(
  '^(https?)://' +
  '(((?:[_.\\p{L}\\p{N}-]|%[0-9A-Fa-f]{2})+:)?((?:[_.\\p{L}\\p{N}-]|%[0-9A-Fa-f]{2})+)@)?' +
  '((?:(?:xn--[a-z0-9-]+\\.)*xn--[a-z0-9-]+|(?:[\\p{L}\\p{N}\\p{S}\\p{M}_-]+\\.)+[\\p{L}\\p{N}\\p{M}]+|[a-z0-9_-]+)\\.?' +
  '|\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}|\\[[0-9a-f:.]+\\])' +
  '(:[0-9]+)?' +
  "(?:/(?:[\\p{L}\\p{N}\\p{S}\\p{M}\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)*" +
  "(?:\\?(?:[\\p{L}\\p{N}\\-._~!$&'\\[\\]()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?" +
  "(?:#(?:[\\p{L}\\p{N}\\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$", 'iu');
export const isHttpUrl = (v) => typeof v === 'string' && URL_RE.test(v);

// Laravel's displayable attribute: Str::snake() then "_" -> " " (hostOrigin -> "host origin").
export const attributeName = (a) => a.replace(/([a-z\d])([A-Z])/g, '$1_$2').toLowerCase().replace(/_/g, ' ');

const IMPLICIT = new Set(['required', 'prohibited', 'required_without_uuid']);
const mbLen = (s) => [...s].length;
const isEmpty = (v) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0) || (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
// FILTER_VALIDATE_INT: optional sign, no leading zeros, 64-bit range
const isIntegerLike = (v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^[+-]?(0|[1-9]\d{0,18})$/.test(v) && Math.abs(Number(v)) <= 9223372036854775807);

function sizeOf(value, rules) {
  if (rules.some((r) => r === 'integer' || r === 'numeric')) return Number(value);
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === 'object') return Object.keys(value).length;
  return typeof value === 'string' ? mbLen(value) : Number(value);
}

// rules: { field: [ 'required', 'string', 'max:255', { name, test(value, data), message } ] }
export function validate(data, rules) {
  const errors = [];
  for (const [field, list] of Object.entries(rules)) {
    const present = Object.prototype.hasOwnProperty.call(data, field);
    const value = present ? data[field] : undefined;
    const names = list.map((r) => (typeof r === 'string' ? r.split(':')[0] : r.name));
    if (names.includes('sometimes') && !present) continue;
    const nullSkip = names.includes('nullable') && value === null; // nullable silences the non-implicit rules
    const bail = names.includes('bail');
    const messages = [];
    const attr = attributeName(field);
    for (const rule of list) {
      const [name, param] = typeof rule === 'string' ? [rule.split(':')[0], rule.slice(rule.indexOf(':') + 1)] : [rule.name, null];
      if (['sometimes', 'nullable', 'bail'].includes(name)) continue;
      const implicit = IMPLICIT.has(name) || (typeof rule === 'object' && rule.implicit);
      if (!implicit && nullSkip) continue;
      if (!implicit && (!present || value === undefined || (typeof value === 'string' && value.trim() === ''))) continue;
      let msg = null;
      switch (name) {
        case 'required': if (isEmpty(value)) msg = `The ${attr} field is required.`; break;
        case 'prohibited': if (present && !isEmpty(value)) msg = `The ${attr} field is prohibited.`; break;
        case 'string': if (typeof value !== 'string') msg = `The ${attr} field must be a string.`; break;
        case 'uuid': if (!isUuid(value)) msg = `The ${attr} field must be a valid UUID.`; break;
        case 'url': if (!isHttpUrl(value)) msg = `The ${attr} field must be a valid URL.`; break;
        case 'boolean': if (![true, false, 0, 1, '0', '1'].includes(value)) msg = `The ${attr} field must be true or false.`; break;
        case 'integer': if (!isIntegerLike(value)) msg = `The ${attr} field must be an integer.`; break;
        case 'in': if (typeof value !== 'string' && typeof value !== 'number' || !param.split(',').includes(String(value))) msg = `The selected ${attr} is invalid.`; break;
        case 'min': case 'max': {
          const n = Number(param); const size = sizeOf(value, names);
          const numeric = names.includes('integer');
          const bad = name === 'min' ? !(size >= n) : !(size <= n);
          if (bad) {
            const kind = numeric ? '' : Array.isArray(value) ? ' items' : ' characters';
            msg = name === 'min' ? `The ${attr} field must be at least ${n}${kind}.` : `The ${attr} field must not be greater than ${n}${kind}.`;
          }
          break;
        }
        default: if (!rule.test(value, data)) msg = rule.message.replace(':attribute', attr);
      }
      if (msg) {
        messages.push(msg);
        if (bail || implicit) break;
      }
    }
    if (messages.length) errors.push([field, messages]);
  }
  return errors;
}

// Laravel's ValidationException (422), mapped onto the API's 400 envelope: `message` is Laravel's
// summary ("… (and 2 more errors)"), `details` one item per field with its first message.
export function validationError(errors) {
  const all = errors.flatMap(([, m]) => m);
  const more = all.length - 1;
  const message = all[0] + (more > 0 ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : '');
  return new HttpError(400, message, errors.map(([field, m]) => ({ field, message: m[0] })));
}

export function validateOrThrow(data, rules) {
  const errors = validate(data, rules);
  if (errors.length) throw validationError(errors);
  const out = {};
  for (const f of Object.keys(rules)) if (Object.prototype.hasOwnProperty.call(data, f)) out[f] = data[f];
  return out;
}

export const rule = (name, test, message, implicit = false) => ({ name, test, message, implicit });
