// outsider23: the Site-Building Service API as an axum 0.8 + sqlx team would write it, ported to plain Node.
import { fileURLToPath } from 'node:url';
import { Router, createHttpServer } from './lib/http.mjs';
import { seed } from './lib/seed.mjs';
import * as sites from './lib/sites.mjs';
import * as locales from './lib/locales.mjs';
import * as pages from './lib/pages.mjs';
import * as routes from './lib/routes.mjs';

export function buildRouter() {
  const v2 = new Router()
    .route('/sites', { GET: sites.listSites, POST: sites.createSite })
    .route('/sites/{siteId}', { GET: sites.getSite, PATCH: sites.updateSite, DELETE: sites.deleteSite })
    .route('/sites/{siteId}/duplicate', { POST: sites.duplicateSite })
    .route('/sites/{siteId}/pages', { GET: pages.listPages })
    .route('/locales', { GET: locales.listLocales, POST: locales.createLocale })
    .route('/locales/{localeIdOrCode}', { GET: locales.getLocale, PATCH: locales.updateLocale, DELETE: locales.deleteLocale })
    .route('/locales/{localeIdOrCode}/restore', { POST: locales.restoreLocale })
    .route('/routes', { GET: routes.listRoutes, POST: routes.createRoute })
    .route('/routes/{routeIdOrPathname}', { GET: routes.getRoute, PATCH: routes.updateRoute, DELETE: routes.deleteRoute });
  const v6 = new Router()
    .route('/pages', { GET: pages.listPages, POST: pages.createPage })
    .route('/pages/{pageIdOrPathname}', { GET: pages.getPage, PATCH: pages.updatePage, DELETE: pages.deletePage });
  return new Router().nest('/v2', v2).nest('/v6', v6);
}

export async function startServer({ port = 0 } = {}) {
  const info = seed();
  const server = createHttpServer(buildRouter());
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', resolve); });
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url, ...info,
    close: () => new Promise((resolve) => { server.close(() => resolve()); for (const s of sockets) s.destroy(); }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const s = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  process.stderr.write(`[outsider23] listening on ${s.url}\n`);
  const stop = () => { s.close().then(() => process.exit(0)); setTimeout(() => process.exit(0), 2000).unref(); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
