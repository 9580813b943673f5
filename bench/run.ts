// npm run bench: sitemock against the physical limit (bare node:http) and Stoplight Prism, in one
// run on one machine, one server at a time, then a table of requests/s, p50, p99 and ratios.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LOAD, measure, type LoadResult } from './load.js'
import { describeMockDb, measureMockDb, type MockDbResult } from './mock-db.js'
import { measureInProcess } from './msw-inprocess.js'
import { startServer, type ServerProcess } from './processes.js'
import { resolveTarget, sitemockWorkloads } from './workloads.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.dirname(here)
const bin = path.join(root, 'bin/sitemock.js')
const LISTENING = /listening on (http:\/\/[^\s]+)/
const SIZES = [100, 100_000]

interface Row {
  server: string
  workload: string
  n: number | ''
  result: LoadResult
}

async function withServer<T>(start: () => Promise<ServerProcess>, use: (server: ServerProcess) => Promise<T>): Promise<T> {
  const server = await start()
  try {
    return await use(server)
  } finally {
    await server.stop()
  }
}

function generateFixture(pages: number): string {
  const file = path.join(os.tmpdir(), `sitemock-bench-${pages}.json`)
  execFileSync(process.execPath, [bin, 'generate', '--sites', '1', '--pages', String(pages), '--locales', '2', '--routes', '10', '--seed', '1', '--output', file])
  return file
}

async function main(): Promise<void> {
  const rows: Row[] = []
  const notes: string[] = []
  const loads = new Map<number, { seconds: number; rssMb: number }>()
  const log = (line: string): void => console.log(line)
  log(`sitemock benchmark: ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up, ${LOAD.durationSeconds} s measured, autocannon`)

  const pageBodySize = 650
  const bare = await withServer(
    () => startServer(process.execPath, ['--import', 'tsx', path.join(here, 'servers/bare.ts'), String(pageBodySize)], LISTENING),
    (server) => measure(server.url, { name: 'fixed JSON', path: '/', expectStatus: 200 }),
  )
  rows.push({ server: 'bare node:http', workload: 'fixed JSON body', n: '', result: bare })
  log(`  bare node:http: ${bare.rps.toFixed(0)} req/s`)

  const prism = await withServer(
    () => startServer(path.join(here, 'node_modules/.bin/prism'), ['mock', path.join(root, 'contracts/published-openapi.json'), '-h', '127.0.0.1', '-p', '4590', '--errors', 'false'], /(Prism is listening on http:\/\/[^\s]+)/),
    async () => measure('http://127.0.0.1:4590', { name: 'GET page', path: '/v6/pages/497f6eca-6276-4993-bfeb-53cbbbba6f08', headers: { 'x-api-key': 'sk_benchbenchbenchbenchbench' }, expectStatus: 200 }),
  )
  rows.push({ server: 'Prism', workload: 'GET one page', n: '', result: prism })
  log(`  Prism: ${prism.rps.toFixed(0)} req/s`)

  for (const n of SIZES) {
    const fixture = generateFixture(n)
    await withServer(
      () => startServer(process.execPath, [bin, 'serve', '--port', '0', '--log', 'off', '--scenario', fixture], LISTENING),
      async (server) => {
        loads.set(n, { seconds: server.startMs / 1000, rssMb: server.rssMb() })
        notes.push(`N = ${n.toLocaleString('en-US')}: state loaded and listening in ${(server.startMs / 1000).toFixed(2)} s; RSS ${server.rssMb().toFixed(0)} MB after load`)
        const target = await resolveTarget(server.url)
        for (const workload of sitemockWorkloads(target)) {
          const result = await measure(server.url, workload)
          rows.push({ server: 'sitemock', workload: workload.name, n, result })
          log(`  sitemock N=${n} ${workload.name}: ${result.rps.toFixed(0)} req/s p99 ${result.p99} ms`)
        }
        notes.push(`N = ${n.toLocaleString('en-US')}: RSS ${server.rssMb().toFixed(0)} MB after the workloads`)
      },
    )
  }

  // Durable writes: every acknowledged write is in the state file before its answer.
  const largest = SIZES[SIZES.length - 1]!
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-bench-state-'))
  const stateFile = path.join(stateDir, 'state.json')
  await withServer(
    () => startServer(process.execPath, [bin, 'serve', '--port', '0', '--log', 'off', '--scenario', generateFixture(largest), '--state-file', stateFile], LISTENING),
    async (server) => {
      const target = await resolveTarget(server.url)
      for (const workload of sitemockWorkloads(target).filter((w) => w.method !== undefined)) {
        const result = await measure(server.url, workload)
        rows.push({ server: 'sitemock --state-file', workload: workload.name, n: largest, result })
        log(`  sitemock --state-file N=${largest} ${workload.name}: ${result.rps.toFixed(0)} writes/s p99 ${result.p99} ms`)
      }
      notes.push(`--state-file at N = ${largest.toLocaleString('en-US')}: the file holds ${(fs.statSync(stateFile).size / 1e6).toFixed(0)} MB after the write workloads`)
    },
  )
  fs.rmSync(stateDir, { recursive: true, force: true })

  const inProcess = await measureInProcess()
  notes.push(
    `In-process (setupServer + fetch, sequential requests, median of 9 alternating rounds of 1,000): static msw handler ${inProcess.staticMicros.toFixed(0)} µs, ` +
      `sitemock handler (GET page by id) ${inProcess.sitemockMicros.toFixed(0)} µs, ratio ${(inProcess.sitemockMicros / inProcess.staticMicros).toFixed(2)}x`,
  )
  const mockDb = measureMockDb(JSON.parse(fs.readFileSync(generateFixture(largest), 'utf8')), largest)
  notes.push(describeMockDb(mockDb))
  const verdicts = judgeTargets({ rows, bare, prism, loads, inProcessRatio: inProcess.sitemockMicros / inProcess.staticMicros, mockDb })
  const table = render(rows, bare, prism, notes) + ['', '## Targets', '', ...verdicts, ''].join('\n')
  console.log('\n' + table)
  fs.mkdirSync(path.join(here, 'results'), { recursive: true })
  fs.writeFileSync(path.join(here, 'results/latest.md'), table)
}

function render(rows: Row[], bare: LoadResult, prism: LoadResult, notes: string[]): string {
  const lines = [
    `# sitemock benchmark`,
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}) · ` +
      `autocannon, ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up, ${LOAD.durationSeconds} s measured`,
    '',
    '| server | workload | N pages | req/s | p50 ms | p99 ms | vs limit | vs Prism | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const row of rows) {
    const r = row.result
    lines.push(
      `| ${row.server} | ${row.workload} | ${row.n === '' ? '' : row.n.toLocaleString('en-US')} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ` +
        `${((r.rps / bare.rps) * 100).toFixed(0)}% | ${(r.rps / prism.rps).toFixed(1)}x | ${r.errors + r.unexpected} |`,
    )
  }
  lines.push('', ...notes.map((note) => `- ${note}`), '')
  return lines.join('\n')
}

interface Measured {
  rows: Row[]
  bare: LoadResult
  prism: LoadResult
  loads: Map<number, { seconds: number; rssMb: number }>
  inProcessRatio: number
  mockDb: MockDbResult
}

/** The targets of the performance issue, each judged on this run's numbers: one line each, met or not. */
function judgeTargets({ rows, bare, prism, loads, inProcessRatio, mockDb }: Measured): string[] {
  const large = SIZES[SIZES.length - 1]!
  const small = SIZES[0]!
  const find = (server: string, workload: string, n: number): LoadResult => rows.find((r) => r.server === server && r.workload === workload && r.n === n)!.result
  const line = (met: boolean, text: string): string => `- ${met ? 'met' : 'NOT MET'}: ${text}`
  const pct = (r: LoadResult): string => `${((r.rps / bare.rps) * 100).toFixed(0)}%`
  const lines: string[] = []
  const one = find('sitemock', 'GET page by id', large)
  lines.push(line(one.rps >= 0.5 * bare.rps && one.rps >= 10 * prism.rps, `GET one at N = ${large}: ${pct(one)} of the limit (at least 50%), ${(one.rps / prism.rps).toFixed(1)}x Prism (at least 10x)`))
  for (const workload of rows.filter((r) => r.server === 'sitemock' && r.n === large && r.workload.startsWith('GET list')).map((r) => r.workload)) {
    const big = find('sitemock', workload, large)
    const slowdown = find('sitemock', workload, small).rps / big.rps
    lines.push(line(big.rps >= 0.25 * bare.rps && slowdown <= 1.5, `${workload} at N = ${large}: ${pct(big)} of the limit (at least 25%), ${slowdown.toFixed(2)}x slower than at N = ${small} (at most 1.5x)`))
  }
  for (const workload of ['POST page (fresh pathname)', 'PATCH page']) {
    const write = find('sitemock', workload, large)
    lines.push(line(write.rps >= 0.25 * bare.rps, `${workload} at N = ${large}: ${pct(write)} of the limit (at least 25%)`))
    const durable = find('sitemock --state-file', workload, large)
    lines.push(line(durable.rps >= 1000, `${workload} with --state-file: ${durable.rps.toFixed(0)} durable writes/s (at least 1,000)`))
  }
  const worst = rows.filter((r) => r.server.startsWith('sitemock')).reduce((a, b) => (b.result.p99 > a.result.p99 ? b : a))
  lines.push(line(worst.result.p99 < 10, `p99 under 10 ms for every sitemock workload: the worst is ${worst.result.p99} ms (${worst.workload}, N = ${worst.n}); the limit's own p99 is ${bare.p99} ms`))
  lines.push(line(inProcessRatio <= 2, `in-process cost: ${inProcessRatio.toFixed(2)}x a single static msw handler (at most 2x)`))
  const dbGet = mockDb.getWith / mockDb.getWithout
  const dbPatch = mockDb.patchWith / mockDb.patchWithout
  lines.push(line(dbGet <= 1.1 && dbPatch <= 1.1, `request path with mock.db in use at N = ${large}: GET ${dbGet.toFixed(2)}x, PATCH ${dbPatch.toFixed(2)}x the figures without (at most 1.1x)`))
  const loaded = loads.get(large)!
  lines.push(line(loaded.rssMb < 300 && loaded.seconds < 5, `N = ${large} loaded in ${loaded.seconds.toFixed(2)} s (under 5 s), RSS ${loaded.rssMb.toFixed(0)} MB (under 300 MB)`))
  return lines
}

await main()
