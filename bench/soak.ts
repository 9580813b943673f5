// npm run soak: 200,000 mixed requests, 20 in flight, against `sitemock serve` in its own process.
// Prints RSS after warm-up and after the run (the run passes when the latter is within 1.2x of
// the former) and the count of 5xx answers (must be zero). Exit code 1 when either fails.
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVE_NODE_FLAGS } from '../src/cli/node-flags.js'
import { startServer } from './processes.js'

const TOTAL = Number(process.env.SOAK_REQUESTS ?? 200_000)
const IN_FLIGHT = 20
const WARMUP = Math.min(20_000, Math.floor(TOTAL / 10))
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

interface Context {
  url: string
  key: string
  workspaceId: string
  siteId: string
}

type Step = (ctx: Context, i: number) => Promise<number>

// node:http with a keep-alive pool rather than fetch: the client must stay cheaper than the server
// it measures, on a machine where the two share the CPUs.
const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT })

function send(ctx: Context, method: string, p: string, body?: unknown): Promise<number> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string | number> = { 'x-api-key': ctx.key }
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) })
  return new Promise((resolve, reject) => {
    const request = http.request(ctx.url + p, { method, headers, agent }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end(payload)
  })
}

// A mix of reads, writes that are undone (each page is deleted four cycles after its create, far
// past the 20 in flight; each route at once), updates, and errors: the state stays the same size.
const steps: Step[] = [
  (ctx) => send(ctx, 'GET', `/v2/sites/${ctx.siteId}`),
  (ctx) => send(ctx, 'GET', `/v6/pages?siteId=${ctx.siteId}&limit=20`),
  (ctx) => send(ctx, 'GET', `/v2/locales?siteId=${ctx.siteId}`),
  (ctx) => send(ctx, 'GET', `/v2/routes?siteId=${ctx.siteId}`),
  (ctx, i) => send(ctx, 'POST', '/v6/pages', { siteId: ctx.siteId, pathname: `/soak/${i}`, name: `Soak ${i}` }),
  (ctx, i) => send(ctx, 'DELETE', `/v6/pages/${encodeURIComponent(`/soak/${i - 41}`)}?siteId=${ctx.siteId}`),
  (ctx) => send(ctx, 'POST', '/v6/pages', { siteId: ctx.siteId, pathname: 'no slash', name: '' }),
  async (ctx, i) => {
    const status = await send(ctx, 'POST', '/v2/routes', { siteId: ctx.siteId, pathname: `/soak-route/${i}` })
    await send(ctx, 'DELETE', `/v2/routes/${encodeURIComponent(`/soak-route/${i}`)}?siteId=${ctx.siteId}`)
    return status
  },
  (ctx) => send(ctx, 'GET', '/v2/sites/00000000-0000-4000-8000-000000000000'),
  (ctx) => send(ctx, 'PATCH', `/v2/sites/${ctx.siteId}`, { name: 'Soaked' }),
]

async function drive(ctx: Context, from: number, to: number, statuses: Map<number, number>): Promise<void> {
  let next = from
  const worker = async (): Promise<void> => {
    while (next < to) {
      const i = next++
      const status = await steps[i % steps.length]!(ctx, i)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
}

// The flags given here, as `serve` would start node again with them: /proc then reads the server's own figures.
const server = await startServer(process.execPath, [...SERVE_NODE_FLAGS, path.join(root, 'bin/sitemock.js'), 'serve', '--port', '0'], /listening on (http:\/\/[^\s]+)/)
try {
  const credentials = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as {
    workspaces: Array<{ id: string; appApiKey: string }>
    sites: Array<{ id: string }>
  }
  const ctx: Context = { url: server.url, key: credentials.workspaces[0]!.appApiKey, workspaceId: credentials.workspaces[0]!.id, siteId: credentials.sites[0]!.id }
  const statuses = new Map<number, number>()
  await drive(ctx, 0, WARMUP, statuses)
  const warmRss = server.rssMb()
  const started = performance.now()
  await drive(ctx, WARMUP, TOTAL, statuses)
  const seconds = (performance.now() - started) / 1000
  const endRss = server.rssMb()
  const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0)
  const ratio = endRss / warmRss
  console.log(`requests: ${TOTAL.toLocaleString('en-US')} (${WARMUP.toLocaleString('en-US')} warm-up), ${IN_FLIGHT} in flight, ${((TOTAL - WARMUP) / seconds).toFixed(0)} req/s`)
  console.log(`statuses: ${[...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`).join(' ')}`)
  console.log(`RSS after warm-up: ${warmRss.toFixed(1)} MB; after the run: ${endRss.toFixed(1)} MB; ratio ${ratio.toFixed(2)} (limit 1.20)`)
  console.log(`5xx answers: ${serverErrors}`)
  process.exitCode = serverErrors === 0 && ratio <= 1.2 ? 0 : 1
} finally {
  await server.stop()
}
