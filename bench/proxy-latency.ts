// node --import tsx bench/proxy-latency.ts [--requests N] [--clients N]: the latency sitemock proxy
// adds to a request, against the same request sent directly, in one run on one machine. A sitemock
// process is the deployment; a proxy process (log off) forwards to it. Each client sends its
// requests one at a time, direct and proxied in turn, so that whatever else the machine does
// weighs on both alike; --clients 1 (the default) is one request at a time, --clients 8 is the
// proxy under load, where the time it spends judging one exchange delays the others. Needs dist/
// (npm run build).
import path from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { startServer } from './processes.js'
import { median } from './rounds.js'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const bin = path.join(root, 'bin/sitemock.js')
const { values: flags } = parseArgs({ options: { requests: { type: 'string' }, clients: { type: 'string' } } })
const REQUESTS = Math.max(100, Number(flags.requests ?? 2000))
const CLIENTS = Math.max(1, Number(flags.clients ?? 1))
const WARMUP = 200

const percentile = (values: number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!
const ms = (value: number): string => `${value.toFixed(3)} ms`

const target = await startServer(process.execPath, [bin, 'serve', '--port', '0', '--log', 'off', '--scenario', 'multi-locale'], /listening on (http:\/\/[^\s]+)/)
const proxy = await startServer(process.execPath, [bin, 'proxy', '--to', target.url, '--port', '0', '--log', 'off'], /listening on (http:\/\/[^\s,]+)/)
try {
  const credentials = (await (await fetch(`${target.url}/__mock/credentials`)).json()) as { workspaces: Array<{ id: string; appApiKey: string }>; sites: Array<{ id: string; workspaceId: string }> }
  const workspace = credentials.workspaces[0]!
  const siteId = credentials.sites.find((site) => site.workspaceId === workspace.id)!.id
  const headers = { 'x-api-key': workspace.appApiKey }
  // A read by id, and a list page that the proxy also follows as a walk.
  const paths = [`/v2/sites/${siteId}`, `/v6/pages?siteId=${siteId}&limit=20`]
  const timed = async (base: string, pathAndQuery: string): Promise<number> => {
    const started = performance.now()
    const response = await fetch(base + pathAndQuery, { headers })
    await response.arrayBuffer()
    return performance.now() - started
  }
  for (let i = 0; i < WARMUP; i++) {
    await timed(target.url, paths[i % paths.length]!)
    await timed(proxy.url, paths[i % paths.length]!)
  }
  for (const pathAndQuery of paths) {
    const direct: number[] = []
    const proxied: number[] = []
    const client = async (): Promise<void> => {
      for (let i = 0; i < REQUESTS / CLIENTS; i++) {
        direct.push(await timed(target.url, pathAndQuery))
        proxied.push(await timed(proxy.url, pathAndQuery))
      }
    }
    const cpuBefore = proxy.mainThreadCpuSeconds()
    await Promise.all(Array.from({ length: CLIENTS }, client))
    // The proxy's event loop does everything for every exchange (forwarding and judging): its CPU
    // time per exchange is what a request waits for each one queued before it, under any load.
    const cpuPerExchange = ((proxy.mainThreadCpuSeconds() - cpuBefore) * 1000) / proxied.length
    const added = proxied.map((value, i) => value - direct[i]!)
    console.log(`GET ${pathAndQuery.replace(siteId, '{siteId}')}, ${direct.length} requests each way, ${CLIENTS === 1 ? 'one at a time' : `${CLIENTS} clients at once`}`)
    console.log(`  direct:   median ${ms(median(direct))}, p99 ${ms(percentile(direct, 0.99))}`)
    console.log(`  proxied:  median ${ms(median(proxied))}, p99 ${ms(percentile(proxied, 0.99))}`)
    console.log(`  the proxy's event loop: ${ms(cpuPerExchange)} of CPU per exchange, forwarding and judging`)
    console.log(`  added by the proxy: median ${ms(median(proxied) - median(direct))}, p99 ${ms(percentile(proxied, 0.99) - percentile(direct, 0.99))} (per pair: median ${ms(median(added))}, p99 ${ms(percentile(added, 0.99))})`)
  }
} finally {
  await proxy.stop()
  await target.stop()
}
