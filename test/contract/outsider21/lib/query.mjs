// Rack 3's query parser (Rack::QueryParser) as far as this API sees it: "&" separates pairs, "+" is a
// space, "%XX" is decoded (a bad escape or bad UTF-8 is an InvalidParameterError -> 400), a repeated
// name keeps its LAST value, `a[]=` builds arrays, `a[b]=` hashes, depth at most 32, at most 4096 pairs.
import { ApiError } from './errors.mjs';

const PARAMS_LIMIT = 4096;
const DEPTH_LIMIT = 32;

function invalid(message) {
  return new ApiError(400, 'bad_request', `Invalid query parameters: ${message}`, [{ field: 'query', message: `Query ${message}` }]);
}

function unescape(s) {
  const plus = s.replace(/\+/g, ' ');
  if (/%(?![0-9a-fA-F]{2})/.test(plus)) throw invalid('invalid %-encoding (' + s.slice(0, 60) + ')');
  const bytes = [];
  for (let i = 0; i < plus.length; i++) {
    if (plus[i] === '%') { bytes.push(parseInt(plus.slice(i + 1, i + 3), 16)); i += 2; }
    else for (const b of Buffer.from(plus[i], 'utf8')) bytes.push(b);
  }
  const buf = Buffer.from(bytes);
  const text = buf.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(buf)) throw invalid('invalid byte sequence in UTF-8');
  return text;
}

export function parseQuery(qs) {
  const params = Object.create(null);
  if (!qs) return params;
  const pairs = qs.split('&');
  let count = 0;
  for (const pair of pairs) {
    if (pair === '') continue;
    if (++count > PARAMS_LIMIT) throw invalid(`total number of query parameters (${pairs.length}) exceeds limit (${PARAMS_LIMIT})`);
    const eq = pair.indexOf('=');
    const k = unescape(eq < 0 ? pair : pair.slice(0, eq));
    const v = eq < 0 ? null : unescape(pair.slice(eq + 1));
    normalize(params, k, v, 0);
  }
  return params;
}

function normalize(params, name, v, depth) {
  if (depth >= DEPTH_LIMIT) throw invalid('exceeded available parameter key space');
  let k, after;
  if (depth === 0) {
    const b = name.indexOf('[');
    if (b <= 0) { k = name; after = ''; } else { k = name.slice(0, b); after = name.slice(b); }
  } else if (name.startsWith('[]')) { k = '[]'; after = name.slice(2); }
  else if (name.startsWith('[') && name.indexOf(']') > 0) {
    const e = name.indexOf(']'); k = name.slice(1, e); after = name.slice(e + 1);
  } else { k = name; after = ''; }
  if (k === '') return;
  if (after === '') {
    params[k] = v;
  } else if (after === '[]') {
    if (params[k] == null) params[k] = [];
    if (!Array.isArray(params[k])) throw invalid(`expected Array (got ${typeName(params[k])}) for param \`${k}'`);
    params[k].push(v);
  } else if (after.startsWith('[]')) {
    if (params[k] == null) params[k] = [];
    if (!Array.isArray(params[k])) throw invalid(`expected Array (got ${typeName(params[k])}) for param \`${k}'`);
    const child = Object.create(null);
    normalize(child, after.slice(2), v, depth + 1);
    params[k].push(child);
  } else {
    if (params[k] == null) params[k] = Object.create(null);
    if (typeof params[k] !== 'object' || Array.isArray(params[k])) throw invalid(`expected Hash (got ${typeName(params[k])}) for param \`${k}'`);
    normalize(params[k], after, v, depth + 1);
  }
}
const typeName = (x) => (Array.isArray(x) ? 'Array' : typeof x === 'string' ? 'String' : x === null ? 'NilClass' : 'Hash');

// `params[:x]` through strong parameters: only a scalar string counts; arrays and hashes are filtered
// out as if absent, and an empty value is absent too (`.presence`).
export function scalar(query, name) {
  const v = query[name];
  if (typeof v !== 'string' || v === '') return undefined;
  return v;
}
