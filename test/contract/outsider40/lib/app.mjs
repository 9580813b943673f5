import { match } from './router.mjs';
import { ApiError, envelope, notFound } from './errors.mjs';
import { sendJson, readRaw, parseQuery } from './http.mjs';
import { authenticate, firewall } from './auth.mjs';

const LOG = process.env.OUTSIDER_ACCESS_LOG === '1';

export async function handle(req, res) {
  const started = LOG ? process.hrtime.bigint() : 0n;
  if (LOG) res.on('finish', () => process.stderr.write(`${req.method} ${req.url} ${res.statusCode} ${Number(process.hrtime.bigint() - started) / 1e6}ms\n`));
  const rawP = readRaw(req);
  try {
    let url = req.url || '/';
    if (!url.startsWith('/')) { const i = url.indexOf('/', url.indexOf('//') + 2); url = i < 0 ? '/' : url.slice(i); }
    const qi = url.indexOf('?');
    const path = qi < 0 ? url : url.slice(0, qi);
    const q = parseQuery(qi < 0 ? '' : url.slice(qi + 1).split('#')[0]);
    const m = match(req.method, path);
    if (!m) throw notFound(`No route found for "${req.method} ${safe(path)}".`);
    if (!m.handler) throw notFound(`No route found for "${req.method} ${safe(path)}": Method Not Allowed (Allow: ${m.allow.join(', ')}).`);
    const auth = authenticate(req);
    firewall(auth, req.method);
    const ctx = { req, res, q, params: m.params, auth, raw: () => rawP };
    await m.handler(ctx);
  } catch (err) {
    await rawP;
    if (err instanceof ApiError) {
      const h = err.status === 401 ? { 'www-authenticate': 'ApiKey header="x-api-key"' } : undefined;
      sendJson(res, err.status, envelope(err), h);
    } else {
      process.stderr.write(`internal error: ${err && err.stack}\n`);
      if (!res.headersSent) sendJson(res, 500, { object: 'error', code: 'internal_error', message: 'Internal server error.' });
    }
  }
}

const safe = (p) => (p.length > 200 ? p.slice(0, 200) + '…' : p);
