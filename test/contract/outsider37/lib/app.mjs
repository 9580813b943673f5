// Request pipeline: URL decode -> auth -> route -> site-key gate -> handler; every failure is
// rendered with the error envelope.
import { ApiError, badRequest, notFound, forbidden } from './errors.mjs';
import { collectBody, parseQuery, sendJson, sendNoContent, sendError } from './http.mjs';
import { authenticate } from './auth.mjs';
import { match } from './router.mjs';

function splitUrl(raw) {
  let url = raw || '/';
  const abs = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(url);
  if (abs) url = url.slice(abs[0].length) || '/';
  const hash = url.indexOf('#');
  if (hash >= 0) url = url.slice(0, hash);
  const qi = url.indexOf('?');
  return { path: qi < 0 ? url : url.slice(0, qi), rawQuery: qi < 0 ? '' : url.slice(qi + 1) };
}

export function makeHandler(store, { accessLog = false } = {}) {
  return async function handle(req, res) {
    const started = accessLog ? process.hrtime.bigint() : 0n;
    if (accessLog) {
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        process.stderr.write(`${req.method} ${req.url} ${res.statusCode} ${ms.toFixed(2)}ms\n`);
      });
    }
    const body = await collectBody(req);
    if (body.tooLarge) {
      res.setHeader('Connection', 'close');
      req.resume();
    }
    try {
      const { path, rawQuery } = splitUrl(req.url);
      let segments;
      try {
        segments = path.split('/').slice(1).map((s) => decodeURIComponent(s));
      } catch {
        throw badRequest([{ field: 'path', message: 'contains an invalid percent-encoding' }], 'Malformed request path.');
      }
      if (!path.startsWith('/')) segments = null;
      const auth = authenticate(store, req);
      const m = segments && match(req.method, segments);
      if (!m) throw notFound('No such endpoint.');
      if (auth.kind === 'site' && !m.route.siteKey) throw forbidden('A Site API key can only read data of its own site.');
      const ctx = { req, res, store, auth, params: m.params, query: parseQuery(rawQuery), body };
      const [status, payload] = m.route.handler(ctx);
      if (status === 204) sendNoContent(res);
      else sendJson(res, status, payload);
    } catch (err) {
      if (err instanceof ApiError) sendError(res, err);
      else {
        if (process.env.OUTSIDER_ACCESS_LOG === '1') process.stderr.write(`internal error: ${err && err.stack}\n`);
        sendError(res, badRequest([{ field: 'request', message: 'could not be processed' }], 'Request could not be processed.'));
      }
    }
  };
}
