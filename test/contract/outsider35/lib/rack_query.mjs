// Port of Rack 3's query parser (Rack::QueryParser#parse_nested_query) semantics:
// '&' separated, '+' is space, `a[]=1` arrays, `a[b]=c` hashes, type conflicts
// and bad %-encoding raise (→ 400), key without '=' has a nil value, last scalar wins.
export class QueryError extends Error {}
const DEPTH_LIMIT = 32;
const PARAMS_LIMIT = 4096;
const BYTESIZE_LIMIT = 4194304;

function unescape(s) {
  const plus = s.replace(/\+/g, ' ');
  try { return decodeURIComponent(plus); } catch { throw new QueryError('invalid %-encoding (' + s.slice(0, 40) + ')'); }
}
const isHash = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function normalize(params, name, v, depth) {
  if (depth >= DEPTH_LIMIT) throw new QueryError('parameters nested too deeply');
  let k, after;
  if (!name) { k = ''; after = ''; }
  else if (depth === 0) {
    const start = name.indexOf('[', 1);
    if (start > 0) { k = name.slice(0, start); after = name.slice(start); }
    else { k = name; after = ''; }
  } else if (name.startsWith('[]')) { k = '[]'; after = name.slice(2); }
  else if (name.startsWith('[')) {
    const start = name.indexOf(']', 1);
    if (start > 0) { k = name.slice(1, start); after = name.slice(start + 1); }
    else { k = name; after = ''; }
  } else { k = name; after = ''; }
  if (k === '') return params;
  if (after === '') {
    if (k === '[]' && depth !== 0) return [v];
    params[k] = v;
  } else if (after === '[') {
    params[name] = v;
  } else if (after === '[]') {
    if (params[k] === undefined) params[k] = [];
    if (!Array.isArray(params[k])) throw new QueryError(`expected Array (got ${typeof params[k]}) for param \`${k}'`);
    params[k].push(v);
  } else if (after.startsWith('[]')) {
    let childKey = after.slice(2);
    if (childKey.startsWith('[') && childKey.endsWith(']') && !childKey.slice(1, -1).includes('[') && !childKey.slice(1, -1).includes(']')) childKey = childKey.slice(1, -1);
    if (params[k] === undefined) params[k] = [];
    if (!Array.isArray(params[k])) throw new QueryError(`expected Array for param \`${k}'`);
    const last = params[k][params[k].length - 1];
    if (isHash(last) && !paramsHasKey(last, childKey)) normalize(last, childKey, v, depth + 1);
    else params[k].push(normalize(Object.create(null), childKey, v, depth + 1));
  } else {
    if (params[k] === undefined) params[k] = Object.create(null);
    if (!isHash(params[k])) throw new QueryError(`expected Hash (got ${Array.isArray(params[k]) ? 'Array' : 'String'}) for param \`${k}'`);
    params[k] = normalize(params[k], after, v, depth + 1);
  }
  return params;
}
function paramsHasKey(h, key) {
  if (/\[\]/.test(key)) return false;
  const parts = key.split(/[\[\]]+/).filter(Boolean);
  let cur = h;
  for (const p of parts) { if (!isHash(cur) || !(p in cur)) return false; cur = cur[p]; }
  return true;
}

export function parseQuery(qs) {
  const params = Object.create(null);
  if (!qs) return params;
  if (Buffer.byteLength(qs) > BYTESIZE_LIMIT) throw new QueryError('query string too large');
  const pairs = qs.split('&');
  if (pairs.length > PARAMS_LIMIT) throw new QueryError('too many parameters');
  for (const pair of pairs) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const k = unescape(eq < 0 ? pair : pair.slice(0, eq));
    const v = eq < 0 ? null : unescape(pair.slice(eq + 1));
    normalize(params, k, v, 0);
  }
  return params;
}
