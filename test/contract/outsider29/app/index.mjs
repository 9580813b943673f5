// The Worker: `export default app` in src/index.ts. Order of app.use() decides precedence:
// CORS (preflights answered without a key) -> x-api-key on /v2/* and /v6/* -> routes.
// Anything outside /v2 and /v6 is 404 without a key; an unknown path under /v2 or /v6 is 401
// without a key and 404 with one.
import { Hono } from '../lib/hono.mjs';
import { apiKeyAuth } from './auth.mjs';
import { onError, onNotFound } from './errors.mjs';
import { sitesApp } from './sites.mjs';
import { localesApp } from './locales.mjs';
import { pagesApp } from './pages.mjs';
import { routesApp } from './routes.mjs';

// hono/cors with { origin: '*', allowHeaders: ['x-api-key', 'content-type'], maxAge: 86400 }
const cors = () => async (c, next) => {
  c.header('access-control-allow-origin', '*');
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 204, {
      'access-control-allow-methods': 'GET,HEAD,POST,PATCH,DELETE',
      'access-control-allow-headers': 'x-api-key,content-type',
      'access-control-max-age': '86400',
      vary: 'Access-Control-Request-Headers',
    });
  }
  await next();
};

export function createApp(db) {
  const app = new Hono();
  app.use('*', cors());
  app.use('/v2/*', apiKeyAuth(db));
  app.use('/v6/*', apiKeyAuth(db));
  app.route('/v2/sites', sitesApp(db));
  app.route('/v2/locales', localesApp(db));
  app.route('/v2/routes', routesApp(db));
  app.route('/v6/pages', pagesApp(db));
  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}
