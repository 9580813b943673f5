// A small port of the Hono 4 behaviour this service relies on: registration-order
// middleware+handler chains, `:param` / `:param{regex}` / trailing `/*` patterns, strict
// (trailing-slash-sensitive, case-sensitive) matching, HEAD answered by the GET route without
// a body, Hono's getPath/decodeURI and query-string decoding, notFound/onError, app.route().

export class HTTPException extends Error {
  constructor(status, opts = {}) { super(opts.message || 'HTTP Exception'); this.status = status; this.field = opts.field; }
}

const tryDecode = (str, decoder) => {
  try { return decoder(str); } catch {
    return str.replace(/(?:%[0-9A-Fa-f]{2})+/g, (m) => { try { return decoder(m); } catch { return m; } });
  }
};
const tryDecodeURI = (s) => tryDecode(s, decodeURI);
const tryDecodeURIComponent = (s) => tryDecode(s, decodeURIComponent);

export function getPath(url) {
  const start = url.indexOf('/', url.indexOf(':') + 4);
  let i = start;
  for (; i < url.length; i++) {
    const ch = url.charCodeAt(i);
    if (ch === 37) {
      const q = url.indexOf('?', i);
      const path = url.slice(start, q === -1 ? undefined : q);
      return tryDecodeURI(path.includes('%25') ? path.replace(/%25/g, '%2525') : path);
    } else if (ch === 63) break;
  }
  return url.slice(start, i);
}

function parseQuery(url) {
  const out = {};
  const qi = url.indexOf('?');
  if (qi === -1) return out;
  let qs = url.slice(qi + 1);
  const hash = qs.indexOf('#');
  if (hash !== -1) qs = qs.slice(0, hash);
  for (const part of qs.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    let name = eq === -1 ? part : part.slice(0, eq);
    let value = eq === -1 ? '' : part.slice(eq + 1);
    if (/[%+]/.test(name)) name = tryDecodeURIComponent(name.replace(/\+/g, ' '));
    if (/[%+]/.test(value)) value = tryDecodeURIComponent(value.replace(/\+/g, ' '));
    (out[name] ||= []).push(value);
  }
  return out;
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function compile(path) {
  if (path === '*' || path === '/*') return { re: /^.*$/s, names: [] };
  let p = path;
  let tail = false;
  if (p.endsWith('/*')) { tail = true; p = p.slice(0, -2); }
  let src = '^';
  const names = [];
  for (const seg of p.split('/').slice(1)) {
    const m = seg.match(/^:([A-Za-z_][A-Za-z0-9_]*)(?:\{(.+)\})?$/);
    if (m) { names.push(m[1]); src += '/(' + (m[2] || '[^/]+') + ')'; } else src += '/' + escapeRe(seg);
  }
  if (tail) src += '(?:|/.*)';
  return { re: new RegExp(src + '$', 's'), names };
}

class HonoRequest {
  constructor(raw, path) { this.raw = raw; this.path = path; this.method = raw.method; this.url = raw.url; this._params = {}; this._valid = {}; this._q = null; }
  param(name) {
    const decode = (v) => (v.includes('%') ? tryDecodeURIComponent(v) : v);
    if (name) return this._params[name] === undefined ? undefined : decode(this._params[name]);
    return Object.fromEntries(Object.entries(this._params).map(([k, v]) => [k, decode(v)]));
  }
  queries(name) { this._q ||= parseQuery(this.url); return name ? this._q[name] : this._q; }
  query(name) {
    const q = this.queries();
    if (name) return q[name]?.[0];
    return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v[0]]));
  }
  header(name) { return this.raw.headers.get(name) ?? undefined; }
  async json() { return (this._json ??= this.raw.json()); }
  valid(target) { return this._valid[target]; }
  addValidatedData(target, data) { this._valid[target] = data; }
}

class Context {
  constructor(req) { this.req = req; this.res = undefined; this._vars = {}; this._h = {}; }
  set(k, v) { this._vars[k] = v; }
  get(k) { return this._vars[k]; }
  header(k, v) { this._h[k.toLowerCase()] = v; }
  json(obj, status = 200, headers = {}) {
    return new Response(JSON.stringify(obj), { status, headers: { ...this._h, 'content-type': 'application/json', ...headers } });
  }
  body(data, status = 200, headers = {}) { return new Response(data, { status, headers: { ...this._h, ...headers } }); }
}

export class Hono {
  constructor() {
    this.routes = [];
    this._notFound = (c) => c.body('404 Not Found', 404);
    this._onError = (err, c) => { console.error(err); return c.body('Internal Server Error', 500); };
  }
  _add(method, path, handlers) {
    const { re, names } = compile(path);
    for (const handler of handlers) this.routes.push({ method, path, re, names, handler });
    return this;
  }
  use(path, ...handlers) { if (typeof path === 'function') { handlers.unshift(path); path = '*'; } return this._add('ALL', path, handlers); }
  get(path, ...h) { return this._add('GET', path, h); }
  post(path, ...h) { return this._add('POST', path, h); }
  patch(path, ...h) { return this._add('PATCH', path, h); }
  put(path, ...h) { return this._add('PUT', path, h); }
  delete(path, ...h) { return this._add('DELETE', path, h); }
  on(method, path, ...h) { return this._add(method, path, h); }
  route(prefix, sub) {
    for (const r of sub.routes) {
      const full = r.path === '*' || r.path === '/*' ? prefix + '/*' : r.path === '/' ? prefix : prefix + r.path;
      this._add(r.method, full, [r.handler]);
    }
    return this;
  }
  notFound(fn) { this._notFound = fn; return this; }
  onError(fn) { this._onError = fn; return this; }

  async fetch(request) {
    if (request.method === 'HEAD') {
      const res = await this._dispatch(request, 'GET');
      return new Response(null, { status: res.status, headers: res.headers });
    }
    return this._dispatch(request, request.method);
  }

  async _dispatch(request, method) {
    const path = getPath(request.url);
    const chain = [];
    for (const r of this.routes) {
      if (r.method !== 'ALL' && r.method !== method) continue;
      const m = r.re.exec(path);
      if (m) chain.push({ r, params: Object.fromEntries(r.names.map((n, i) => [n, m[i + 1]])) });
    }
    const c = new Context(new HonoRequest(request, path));
    const dispatch = async (i) => {
      const entry = chain[i];
      if (!entry) { if (!c.res) c.res = await this._notFound(c); return; }
      c.req._params = entry.params;
      let res;
      try {
        res = await entry.r.handler(c, () => dispatch(i + 1));
      } catch (err) {
        res = await this._onError(err, c);
      }
      if (res instanceof Response) c.res = res;
    };
    await dispatch(0);
    return c.res;
  }
}
