// Request pipeline: routing -> authentication -> endpoint authorization policy -> binding/validation -> handler.
import { sendJson, sendNoContent, sendError, readBody, HttpError } from './http.mjs';
import { match } from './router.mjs';
import { authenticate, appOnly } from './auth.mjs';
import { queryGetter } from './binding.mjs';

const LOG = process.env.OUTSIDER_ACCESS_LOG === '1';

export async function handle(req, res) {
  const t0 = LOG ? process.hrtime.bigint() : 0n;
  if (LOG) res.on('finish', () => process.stderr.write(`${req.method} ${req.url} ${res.statusCode} ${Number(process.hrtime.bigint() - t0) / 1e6}ms\n`));
  try {
    const body = await readBody(req);
    const rawUrl = req.url || '/';
    const qi = rawUrl.indexOf('?');
    const path = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
    let search;
    try { search = new URLSearchParams(qi < 0 ? '' : rawUrl.slice(qi + 1)); } catch { search = new URLSearchParams(); }
    if (!path.startsWith('/')) throw new HttpError(404, 'not_found', `No endpoint matches '${path.slice(0, 200)}'.`);
    const m = match(path);
    if (!m) throw new HttpError(404, 'not_found', `No endpoint matches '${path.slice(0, 200)}'.`);
    const epDef = m.route.methods[req.method];
    if (!epDef) {
      const allow = Object.keys(m.route.methods).join(', ');
      throw new HttpError(405, 'method_not_allowed', `Method '${req.method}' is not allowed on this endpoint. Allowed: ${allow}.`, undefined, { allow });
    }
    const ctx = { req, res, body, params: m.params, q: queryGetter(search) };
    ctx.principal = authenticate(req);
    if (epDef.appOnly) appOnly(ctx);
    const [status, payload] = epDef.handler(ctx);
    if (status === 204) sendNoContent(res); else sendJson(res, status, payload);
  } catch (err) {
    if (res.headersSent) { res.destroy(); return; }
    if (err instanceof HttpError) sendError(res, err);
    else {
      if (LOG) process.stderr.write(String(err && err.stack) + '\n');
      sendError(res, new HttpError(500, 'internal_error', 'An unexpected error occurred.'));
    }
  }
}
