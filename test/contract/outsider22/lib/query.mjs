// A port of Plug.Conn.Query.decode/1: "&"-separated pairs, "+" is a space, percent-decoding with
// UTF-8 validation, `a[]=` lists and `a[b]=` maps, the last value wins for repeated plain keys.
export class InvalidQueryError extends Error {}

function decodeComponent(s) {
  const t = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(t);
  } catch {
    throw new InvalidQueryError(`invalid urlencoded params, got ${s}`);
  }
}

function splitKey(key) {
  const open = key.indexOf('[');
  if (open <= 0) return [key, []];
  const root = key.slice(0, open);
  const parts = [];
  let rest = key.slice(open);
  while (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0) break;
    parts.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  if (rest !== '') return [key, []]; // not a well-formed nested key: taken literally
  return [root, parts];
}

function assign(target, root, parts, value) {
  if (parts.length === 0) { target[root] = value; return; }
  const [head, ...tail] = parts;
  if (head === '' && tail.length === 0) {
    // `a[]=v`: append to a list
    if (!Array.isArray(target[root])) target[root] = [];
    target[root].push(value);
    return;
  }
  let child = target[root];
  if (!child || typeof child !== 'object' || Array.isArray(child)) { child = Object.create(null); target[root] = child; }
  assign(child, head, tail, value);
}

export function decodeQuery(qs, { maxPairs = 1000 } = {}) {
  const params = Object.create(null);
  if (!qs) return params;
  const pairs = qs.split('&');
  if (pairs.length > maxPairs) throw new InvalidQueryError(`too many query parameters (more than ${maxPairs})`);
  for (const pair of pairs) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawVal = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rawVal);
    if (key === '') continue;
    const [root, parts] = splitKey(key);
    assign(params, root, parts, value);
  }
  return params;
}
