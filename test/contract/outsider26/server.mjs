// outsider26 — bootstrap (main.ts): NestFactory.create(AppModule) on the Express adapter,
// URI versioning, global ValidationPipe, global exception filter, in-memory "Prisma".
import { pathToFileURL } from 'node:url';
import { Application } from './lib/platform.mjs';
import { createClient } from './lib/prisma.mjs';
import { makeGuards } from './lib/auth.mjs';
import { seed } from './lib/seed.mjs';
import { makeCommon } from './modules/common.mjs';
import { registerSites } from './modules/sites.mjs';
import { registerLocales } from './modules/locales.mjs';
import { registerPages } from './modules/pages.mjs';
import { registerRoutes } from './modules/routes.mjs';

export async function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const db = createClient();
  const seeded = seed(db);
  const guards = makeGuards(db);
  const common = makeCommon(db, guards);
  const app = new Application();
  const deps = { db, guards, common };
  registerSites(app, deps);
  registerLocales(app, deps);
  registerPages(app, deps);
  registerRoutes(app, deps);
  const listening = await app.listen(port, host);
  return {
    url: `http://${host}:${listening.port}`,
    apiKey: seeded.apiKey,
    workspaceId: seeded.workspaceId,
    siteApiKey: seeded.siteApiKey,
    otherApiKey: seeded.otherApiKey,
    publicApiKey: seeded.publicApiKey,
    seeded,
    close: listening.close,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--port');
  const port = i !== -1 ? Number(process.argv[i + 1]) : Number(process.env.PORT ?? 0);
  const s = await startServer({ port });
  process.stdout.write(JSON.stringify({ baseUrl: s.url, apiKey: s.apiKey, workspaceId: s.workspaceId, siteApiKey: s.siteApiKey, otherApiKey: s.otherApiKey }) + '\n');
  process.stderr.write(`[NestApplication] Nest application successfully started on ${s.url}\n`);
  let closing = false;
  const stop = async () => { if (closing) return; closing = true; await s.close(); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
