// outsider30: API Gateway (REST API) + one Lambda per resource + a DynamoDB single table,
// ported to one Node process. `node server.mjs --port 0`
import { pathToFileURL } from 'node:url';
import { createGateway } from './lib/gateway.mjs';
import { authorise } from './lib/authoriser.mjs';
import { seed } from './lib/seed.mjs';
import sites from './functions/sites.mjs';
import locales from './functions/locales.mjs';
import pages from './functions/pages.mjs';
import routes from './functions/routes.mjs';

const log = (m) => process.stderr.write(`[outsider30] ${m}\n`);

// API Gateway resources and methods (the deployment's resource tree, one Lambda per family).
export const RESOURCES = [
  { path: '/v2/sites', methods: { GET: { op: 'listSites', fn: sites, requiredQuery: ['workspaceId'] }, POST: { op: 'createSite', fn: sites } } },
  { path: '/v2/sites/{siteId}', methods: { GET: { op: 'getSite', fn: sites }, PATCH: { op: 'updateSite', fn: sites }, DELETE: { op: 'deleteSite', fn: sites } } },
  { path: '/v2/sites/{siteId}/duplicate', methods: { POST: { op: 'duplicateSite', fn: sites } } },
  { path: '/v2/sites/{siteId}/pages', methods: { GET: { op: 'listSitePages', fn: pages } } },
  { path: '/v2/locales', methods: { GET: { op: 'listLocales', fn: locales, requiredQuery: ['siteId'] }, POST: { op: 'createLocale', fn: locales } } },
  { path: '/v2/locales/{localeIdOrCode}', methods: { GET: { op: 'getLocale', fn: locales }, PATCH: { op: 'updateLocale', fn: locales }, DELETE: { op: 'deleteLocale', fn: locales } } },
  { path: '/v2/locales/{localeIdOrCode}/restore', methods: { POST: { op: 'restoreLocale', fn: locales } } },
  { path: '/v6/pages', methods: { GET: { op: 'listPages', fn: pages, requiredQuery: ['siteId'] }, POST: { op: 'createPage', fn: pages } } },
  { path: '/v6/pages/{pageIdOrPathname}', methods: { GET: { op: 'getPage', fn: pages }, PATCH: { op: 'updatePage', fn: pages }, DELETE: { op: 'deletePage', fn: pages } } },
  { path: '/v2/routes', methods: { GET: { op: 'listRoutes', fn: routes, requiredQuery: ['siteId'] }, POST: { op: 'createRoute', fn: routes } } },
  { path: '/v2/routes/{routeIdOrPathname}', methods: { GET: { op: 'getRoute', fn: routes }, PATCH: { op: 'updateRoute', fn: routes }, DELETE: { op: 'deleteRoute', fn: routes } } },
];

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const seeded = seed();
  const server = createGateway({ resources: RESOURCES, authoriser: authorise, log });
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return {
    url,
    ...seeded,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : Number(process.env.PORT ?? 0);
  const srv = await startServer({ port });
  process.stdout.write(`${JSON.stringify({ baseUrl: srv.url, apiKey: srv.apiKey, workspaceId: srv.workspaceId, siteApiKey: srv.siteApiKey, otherApiKey: srv.otherApiKey })}\n`);
  log(`listening on ${srv.url}`);
  const stop = async () => {
    await srv.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
