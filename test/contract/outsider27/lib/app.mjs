// FastAPI(redirect_slashes=False) with four routers, Starlette's routing, and the exception handlers that
// turn RequestValidationError, HTTPException and Starlette's 404/405 into the API's error envelope.
import { RequestValidationError, HTTPException } from './pydantic.mjs';
import { parseQuery, unquote, dumps, readBody } from './wire.mjs';
import { apiKey } from './deps.mjs';
import { routes as siteRoutes } from './routers/sites.mjs';
import { routes as localeRoutes } from './routers/locales.mjs';
import { routes as pageRoutes } from './routers/pages.mjs';
import { routes as routeRoutes } from './routers/routes.mjs';

const CODES = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };

/** starlette.routing.compile_path: {name} -> [^/]+, {name:path} -> .* ; full match on the decoded path. */
function compile(route) {
  let re = '^'; let last = 0; const names = [];
  const p = route.path;
  for (const m of p.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)(?::(str|path))?\}/g)) {
    re += p.slice(last, m.index).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    re += m[2] === 'path' ? '(.*)' : '([^/]+)'; names.push(m[1]); last = m.index + m[0].length;
  }
  re += `${p.slice(last).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  return { ...route, regex: new RegExp(re, 's'), names };
}

export function errorBody(status, message, details) {
  const out = { object: 'error', code: CODES[status] ?? 'bad_request', message };
  if (details) out.details = details;
  return out;
}
function fieldOf(loc) {
  if (loc[0] === 'body' && (loc.length === 1 || typeof loc[1] === 'number')) return 'body';
  return loc.slice(1).join('.');
}
/** RequestValidationError -> 400: one item per invalid field (its first error), in FastAPI's order. */
export function validationBody(errors) {
  const seen = new Map();
  for (const e of errors) {
    const field = fieldOf(e.loc);
    if (seen.has(field)) continue;
    const message = e.type === 'json_invalid' ? `JSON decode error: ${e.ctx.error} (char ${e.loc[1]})` : e.msg;
    seen.set(field, { field, message });
  }
  const details = [...seen.values()];
  const n = details.length;
  return errorBody(400, `${n} validation error${n === 1 ? '' : 's'} in the request`, details);
}

export function createApp(store, { log = () => {} } = {}) {
  const table = [...siteRoutes, ...localeRoutes, ...pageRoutes, ...routeRoutes].map(compile);

  async function run(route, m, req, bodyBuf, query) {
    const ctx = { store, headers: req.headers, path: {}, query: {}, body: null, auth: null };
    // 1. the body, read and json.loads()-ed before any dependency runs
    const raw = route.body ? readBody(bodyBuf, req.headers['content-type']) : undefined;
    // 2. dependencies: the API key, then the key-kind guard; an HTTPException here wins over bad parameters
    apiKey(ctx);
    for (const dep of route.deps ?? []) dep(ctx);
    // 3. path, query and body parameters, every error reported at once
    const errors = [];
    route.names.forEach((name, i) => {
      const t = route.params?.[name];
      ctx.path[name] = t ? t(m[i + 1], ['path', name], errors) : m[i + 1];
    });
    for (const [name, spec] of Object.entries(route.query ?? {})) {
      if (query.has(name)) ctx.query[name] = spec.type(query.get(name), ['query', name], errors);
      else if (spec.required) errors.push({ loc: ['query', name], type: 'missing', msg: 'Field required' });
      else ctx.query[name] = spec.default;
    }
    if (route.body) {
      if (raw === undefined) errors.push({ loc: ['body'], type: 'missing', msg: 'Field required' });
      else ctx.body = route.body(raw, ['body'], errors);
    }
    if (errors.length) throw new RequestValidationError(errors);
    return ctx;
  }

  /** Returns { status, headers, body } where body is a JSON string or null. */
  return async function app(req, bodyBuf) {
    const json = (status, obj, headers = {}) => ({ status, headers: { 'content-type': 'application/json', ...headers }, body: dumps(obj) });
    try {
      let target = req.url || '/';
      if (!target.startsWith('/')) { try { const u = new URL(target); target = u.pathname + u.search; } catch { target = '/'; } }
      const qi = target.indexOf('?');
      const path = unquote(qi < 0 ? target : target.slice(0, qi));
      const query = parseQuery(qi < 0 ? '' : target.slice(qi + 1));
      let partial = null;
      for (const route of table) {
        const m = route.regex.exec(path);
        if (!m) continue;
        if (route.method !== req.method) { partial ??= path; continue; }
        const ctx = await run(route, m, req, bodyBuf, query);
        const out = route.handler(ctx);
        if (route.status === 204) return { status: 204, headers: {}, body: null };
        return json(route.status ?? 200, out);
      }
      if (partial) {
        const allow = table.filter((r) => r.regex.test(partial)).map((r) => r.method).join(', ');
        return json(404, errorBody(404, 'Method Not Allowed'), { allow });
      }
      return json(404, errorBody(404, 'Not Found'));
    } catch (e) {
      if (e instanceof RequestValidationError) return json(400, validationBody(e.errors));
      if (e instanceof HTTPException) {
        const details = e.status === 400 ? [{ field: 'body', message: e.detail }] : undefined;
        return json(e.status, errorBody(e.status, e.detail, details), e.headers);
      }
      log(`unhandled error: ${e && e.stack}`);
      return json(400, errorBody(400, 'Internal Server Error', [{ field: 'request', message: 'Internal Server Error' }]));
    }
  };
}
