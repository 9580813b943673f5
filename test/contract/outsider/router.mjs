// Request dispatch: path matching, body parsing, error rendering.
import { HttpError, badRequest } from './validate.mjs';
import { authenticate } from './auth.mjs';
import * as sites from './routes/sites.mjs';
import * as locales from './routes/locales.mjs';
import * as pages from './routes/pages.mjs';
import * as routes from './routes/routes.mjs';

const SEG = '([^/]+)';
const TABLE = [
  ['POST', '/v2/sites', sites.create, true],
  ['GET', '/v2/sites', sites.list],
  ['GET', `/v2/sites/${SEG}`, sites.get],
  ['PATCH', `/v2/sites/${SEG}`, sites.update, true],
  ['DELETE', `/v2/sites/${SEG}`, sites.remove],
  ['POST', `/v2/sites/${SEG}/duplicate`, sites.duplicate, true],
  ['POST', '/v2/locales', locales.create, true],
  ['GET', '/v2/locales', locales.list],
  ['GET', `/v2/locales/${SEG}`, locales.get],
  ['PATCH', `/v2/locales/${SEG}`, locales.update, true],
  ['DELETE', `/v2/locales/${SEG}`, locales.remove],
  ['POST', `/v2/locales/${SEG}/restore`, locales.restore],
  ['POST', '/v6/pages', pages.create, true],
  ['GET', '/v6/pages', pages.list],
  // CHOICE: SPEC's pagination example path for listing a site's pages is served as an alias of GET /v6/pages.
  ['GET', `/v2/sites/${SEG}/pages`, pages.listForSite],
  ['GET', `/v6/pages/${SEG}`, pages.get],
  ['PATCH', `/v6/pages/${SEG}`, pages.update, true],
  ['DELETE', `/v6/pages/${SEG}`, pages.remove],
  ['PATCH', `/v2/routes/${SEG}`, routes.update, true],
].map(([method, path, fn, hasBody]) => ({ method, re: new RegExp(`^${path}$`), fn, hasBody: !!hasBody }));

function send(res, status, body) {
  if (status === 204) { res.writeHead(204); res.end(); return; }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readRaw(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => { size += c.length; if (size <= 1_000_000) chunks.push(c); });
    req.on('end', () => resolve(size > 1_000_000 ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * CHOICE (content type): a non-empty body must be sent as application/json (400 otherwise);
 * an empty body counts as {}. CHOICE: bodies larger than 1 MB are a 400.
 */
function parseBody(req, raw) {
  if (raw === null) throw badRequest([{ field: 'body', message: 'must be at most 1 MB' }]);
  if (raw.trim() === '') return undefined;
  const ct = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (ct !== 'application/json') throw badRequest([{ field: 'body', message: 'must be sent with Content-Type: application/json' }]);
  try { return JSON.parse(raw); } catch { throw badRequest([{ field: 'body', message: 'is not valid JSON' }]); }
}

export async function handle(store, req, res) {
  try {
    const url = new URL(req.url, 'http://localhost');
    // CHOICE: paths are matched exactly (no trailing-slash tolerance); unknown paths and unsupported
    // methods both answer 404 not_found, before any authentication.
    let match = null;
    let entry = null;
    for (const e of TABLE) {
      if (e.method !== req.method) continue;
      const m = e.re.exec(url.pathname);
      if (m) { match = m; entry = e; break; }
    }
    const raw = await readRaw(req);
    if (!entry) throw new HttpError(404, 'not_found', `No operation ${req.method} ${url.pathname}`);
    let params;
    try { params = match.slice(1).map(decodeURIComponent); } catch { throw new HttpError(404, 'not_found', 'Malformed path'); }
    // Error precedence (CHOICE): 401 -> 400 -> 404 -> 403 -> 409.
    const principal = authenticate(store, req);
    const body = entry.hasBody ? parseBody(req, raw) : undefined; // CHOICE: bodies of GET/DELETE/restore are ignored
    const [status, out] = await entry.fn({ store, req, query: url.searchParams, params, body, principal });
    send(res, status, out);
  } catch (err) {
    if (err instanceof HttpError) {
      const b = { object: 'error', code: err.code, message: err.message };
      if (err.status === 400) b.details = err.details ?? [];
      send(res, err.status, b);
    } else {
      console.error(err);
      send(res, 500, { object: 'error', code: 'internal_error', message: 'Internal error' });
    }
  }
}
