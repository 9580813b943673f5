// npm run bench: sitemock against the limit (a bare node:http server) in one run on one machine.
// Every saturation figure is a median of alternating rounds in which the limit is measured too,
// and every ratio is taken within a round. Flags: --quick (shorter runs, no million pages),
// --save (write bench/results/latest.md, the figures docs/performance.md quotes), --rounds N, --seconds S.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { SERVE_NODE_FLAGS } from '../src/cli/node-flags.js'
import { chooseLoadGenerator, LOAD } from './load.js'
import type { LoadGenerator, LoadResult, Workload } from './load-types.js'
import { openLoopInClient } from './open-loop.js'
import { describeJournalWork, measureJournalWork } from './journal-work.js'
import { describeMockDb, measureMockDb } from './mock-db.js'
import { describeTestLoop, judgeTestLoop, measureTestLoop } from './test-loop.js'
import { measureInProcess } from './msw-inprocess.js'
import { startServer, type GcPause, type ServerProcess } from './processes.js'
import { alternate, median } from './rounds.js'
import { measureStartup } from './startup.js'
import { describeFirstRequest, measureFirstRequest } from './first-request.js'
import { JOURNAL_OFF, JOURNAL_OFF_TWIN, JOURNAL_ON_TWIN, judgeTargets, type Measured, type Row, type SizeFigures } from './targets.js'
import { readWorkloads, resolveTarget, sitemockWorkloads, writeWorkloads, type SitemockTarget } from './workloads.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.dirname(here)
const bin = path.join(root, 'bin/sitemock.js')
const LISTENING = /listening on (http:\/\/[^\s]+)/

const { values: flags } = parseArgs({
  options: { quick: { type: 'boolean' }, save: { type: 'boolean' }, rounds: { type: 'string' }, seconds: { type: 'string' } },
})
const quick = flags.quick === true
const ROUNDS = Math.max(3, Number(flags.rounds ?? (quick ? 3 : 5)))
const SECONDS = Number(flags.seconds ?? (quick ? 2 : 4))
const WARMUP_SECONDS = 1
/** Every workload is measured at the small and the large size; the curve sizes get GET one and a deep list. */
export const SMALL = 100
export const LARGE = 100_000
const CURVE = quick ? [1_000, 10_000, LARGE] : [1_000, 10_000, LARGE, 1_000_000]
const FIXED_RATE = 5_000
const FIXED_RATE_SECONDS = quick ? 3 : 5

const log = (line: string): void => console.log(line)

/**
 * The fixture of `pages` pages, generated once per version of the generator: a million pages
 * take a minute to generate, and the same code gives the same document.
 */
function generateFixture(pages: number): string {
  const generator = createHash('sha256')
  for (const file of fs.readdirSync(path.join(root, 'dist/src/scenarios')).sort()) generator.update(fs.readFileSync(path.join(root, 'dist/src/scenarios', file)))
  const file = path.join(os.tmpdir(), `sitemock-bench-${pages}-${generator.digest('hex').slice(0, 12)}.json`)
  if (fs.existsSync(file)) return file
  const partial = `${file}.partial`
  execFileSync(process.execPath, [bin, 'generate', '--sites', '1', '--pages', String(pages), '--locales', '2', '--routes', '10', '--seed', '1', '--output', partial])
  fs.renameSync(partial, file)
  return file
}

const startSitemock = (fixture: string, ...extra: string[]): Promise<ServerProcess> =>
  // --trace-gc: each collection's pause, to tell a latency's tail that is the garbage collector's.
  // The node flags that `serve` would start node again with, given here: the figures read from
  // /proc are then the server's own.
  startServer(process.execPath, ['--trace-gc', ...SERVE_NODE_FLAGS, bin, 'serve', '--port', '0', '--log', 'off', '--scenario', fixture, ...extra], LISTENING, 300_000)

interface Measurement {
  server: string
  workload: Workload
  url: string
  /** false for a server whose state is not the N pages of the block (the limit, Prism). */
  sized?: false
  /** The server's size, where the block measures more than one. */
  n?: number
}

/** Saturation: a warm-up of every measurement, then alternating rounds; the limit is one of the measurements. */
async function measureRounds(load: LoadGenerator, bare: Measurement, measurements: Measurement[], sizes: string, n: number | '' = ''): Promise<Row[]> {
  const all = [bare, ...measurements]
  for (const m of all) await load.saturate(m.url, m.workload, WARMUP_SECONDS)
  const results = await alternate(
    all.map((m) => () => load.saturate(m.url, m.workload, SECONDS)),
    ROUNDS,
  )
  const limits = results[0]!
  return all.map((m, i) => {
    const rounds = results[i]!
    const size = i === 0 || m.sized === false ? '' : (m.n ?? n)
    const workload = i === 0 ? `${m.workload.name} (the rounds of N = ${sizes})` : m.workload.name
    const row: Row = { server: m.server, workload, n: size, result: medianResult(rounds), ofLimit: median(rounds.map((r, round) => r.rps / limits[round]!.rps)), rounds }
    log(`  ${row.server} ${row.workload}${row.n === '' ? '' : ` N=${row.n}`}: ${row.result.rps.toFixed(0)} req/s (${(row.ofLimit * 100).toFixed(0)}% of the limit; rounds ${rounds.map((r) => r.rps.toFixed(0)).join(', ')}) p99 ${row.result.p99.toFixed(1)} ms`)
    return row
  })
}

function medianResult(rounds: LoadResult[]): LoadResult {
  const pick = (field: 'rps' | 'p50' | 'p99'): number => median(rounds.map((r) => r[field]))
  const busy = rounds.every((r) => r.busy !== undefined) ? { busy: median(rounds.map((r) => r.busy!)) } : {}
  const cpus = rounds.every((r) => r.cpus !== undefined) ? { cpus: { server: median(rounds.map((r) => r.cpus!.server)), client: median(rounds.map((r) => r.cpus!.client)) } } : {}
  const pause = longest(rounds.flatMap((r) => (r.longestPause ? [r.longestPause] : [])))
  const stalls = rounds.flatMap((r) => (r.clientStallMs === undefined ? [] : [r.clientStallMs]))
  return {
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    errors: rounds.reduce((s, r) => s + r.errors, 0),
    unexpected: rounds.reduce((s, r) => s + r.unexpected, 0),
    ...busy,
    ...cpus,
    ...(pause ? { longestPause: pause } : {}),
    ...(stalls.length > 0 ? { clientStallMs: Math.max(...stalls) } : {}),
  }
}

/**
 * Collections V8's memory reducer started to shrink the heap ("Mark-Compact (reduce)"): after
 * one, node:http answers a quarter fewer requests for the rest of the process's life, so every
 * server here runs with SERVE_NODE_FLAGS, and the report counts them to show it held.
 */
const reducingCollections = (server: ServerProcess): number => server.gcPauses.filter((pause) => pause.kind.includes('(reduce)')).length

const longest = (pauses: GcPause[]): GcPause | undefined => pauses.reduce<GcPause | undefined>((a, b) => (a === undefined || b.ms > a.ms ? b : a), undefined)

async function withServers<T>(starts: Array<() => Promise<ServerProcess>>, use: (servers: ServerProcess[]) => Promise<T>): Promise<T> {
  const servers: ServerProcess[] = []
  try {
    for (const start of starts) servers.push(await start())
    return await use(servers)
  } finally {
    for (const server of servers) await server.stop()
  }
}

interface SizeServers {
  n: number
  target: SitemockTarget
  server: ServerProcess
  journalOff?: ServerProcess
  writer?: ServerProcess
  /** A second server with the journal and one without: a process has a speed of its own, so the journal is priced on two of each. */
  twins?: { on: ServerProcess; off: ServerProcess }
}

/**
 * Sizes measured in the same rounds: load time and memory, then every workload (or the curve's
 * two) with the journal on, and again with it off. The same workload at each size, and with the
 * journal on and off, run back to back within a round, so that the ratios the targets take
 * compare figures measured seconds apart, not minutes. The server without the journal runs every
 * workload the one with it runs: a server that has answered other requests since its last
 * round (other lists, edits) is not the same as one that has answered only this one. A second
 * server of each kind does the same, since one process of the same code may run a few percent
 * faster than another for its whole life.
 */
async function measureSizes(load: LoadGenerator, bare: Measurement, sizes: number[], measured: Measured, others: Measurement[] = []): Promise<void> {
  const full = sizes.includes(SMALL) || sizes.includes(LARGE)
  const fixtures = sizes.map((n) => generateFixture(n))
  const targets = await Promise.all(fixtures.map((fixture) => resolveTarget(fixture)))
  // Creates grow the state, so they go to a server of their own: the reads keep measuring N pages.
  const off = ['--journal-size', '0']
  const roles = full ? [[], off, [], [], off] : [[]]
  const starts = fixtures.flatMap((fixture) => roles.map((extra) => () => startSitemock(fixture, ...extra)))
  await withServers(starts, async (started) => {
    const servers: SizeServers[] = sizes.map((n, i) => {
      const [server, journalOff, writer, onTwin, offTwin] = started.slice(i * roles.length, (i + 1) * roles.length)
      return { n, target: targets[i]!, server: server!, journalOff, writer, twins: onTwin && offTwin ? { on: onTwin, off: offTwin } : undefined }
    })
    const figures = servers.map(({ n, server }): SizeFigures => ({ n, loadSeconds: server.startMs / 1000, rssAfterLoadMb: server.rssMb() }))
    for (const f of figures) log(`N = ${f.n.toLocaleString('en-US')}: loaded and listening in ${f.loadSeconds.toFixed(2)} s, RSS ${f.rssAfterLoadMb.toFixed(0)} MB`)
    // The same workloads in the same order for every size (each size's ids differ).
    const workloads = servers.map(({ target }): Workload[] => {
      const { one, deepList } = readWorkloads(target)
      return full ? [...sitemockWorkloads(target).filter((w) => w.method !== 'POST'), writeWorkloads(target).find((w) => w.method === 'POST')!] : [one, deepList]
    })
    const measurements: Measurement[] = [...others]
    workloads[0]!.forEach((workload, w) => {
      const post = workload.method === 'POST'
      servers.forEach((s, i) => measurements.push({ server: 'sitemock', workload: workloads[i]![w]!, url: (post ? s.writer! : s.server).url, n: s.n }))
      // Creates run on a server of their own, with the journal on.
      if (!full || post) return
      servers.forEach((s, i) => measurements.push({ server: JOURNAL_OFF, workload: workloads[i]![w]!, url: s.journalOff!.url, n: s.n }))
      servers.forEach((s, i) => measurements.push({ server: JOURNAL_ON_TWIN, workload: workloads[i]![w]!, url: s.twins!.on.url, n: s.n }))
      servers.forEach((s, i) => measurements.push({ server: JOURNAL_OFF_TWIN, workload: workloads[i]![w]!, url: s.twins!.off.url, n: s.n }))
    })
    measured.rows.push(...(await measureRounds(load, bare, measurements, sizes.map((n) => n.toLocaleString('en-US')).join(' and '))))
    measured.reducingCollections.sitemock += started.reduce((sum, server) => sum + reducingCollections(server), 0)
    servers.forEach(({ server }, i) => {
      figures[i]!.rssAfterRunMb = server.rssMb()
      figures[i]!.loadedSeconds = measurements.filter((m) => m.url === server.url).length * (SECONDS * ROUNDS + WARMUP_SECONDS)
    })
    const large = servers.find((s) => s.n === LARGE)
    if (large) {
      const { one, deepList } = readWorkloads(large.target)
      measured.fixedRate = await measureFixedRate(bare, large.server, [one, deepList])
    }
    measured.sizes.push(...figures)
  })
}

/**
 * Latency at a fixed offered rate (open loop), the bare server included: its figures are the
 * floor that the client and the machine set, measured in the same rounds.
 */
async function measureFixedRate(bare: Measurement, server: ServerProcess, workloads: Workload[]): Promise<Row[]> {
  const rate = `at ${FIXED_RATE.toLocaleString('en-US')} req/s`
  const all: Measurement[] = [{ ...bare, server: `${bare.server} ${rate}`, sized: false }, ...workloads.map((workload) => ({ server: `sitemock ${rate}`, workload, url: server.url }))]
  const openLoop = (m: Measurement, seconds: number) => openLoopInClient({ baseUrl: m.url, workload: m.workload, seconds, rate: FIXED_RATE, connections: LOAD.connections })
  for (const m of all) await openLoop(m, WARMUP_SECONDS)
  // How busy sitemock's event loop is at this rate: the share of time a request may find it occupied.
  const run = async (m: Measurement): Promise<LoadResult> => {
    if (m.url !== server.url) return openLoop(m, FIXED_RATE_SECONDS)
    const [loop, whole, collections] = [server.mainThreadCpuSeconds(), server.processCpuSeconds(), server.gcPauses.length]
    // The client's own start-up falls within these CPU readings; the server idles through it.
    const { clientCpus, seconds, ...result } = await openLoop(m, FIXED_RATE_SECONDS)
    return {
      ...result,
      busy: (server.mainThreadCpuSeconds() - loop) / seconds,
      // The client shares the machine: what both take of its CPUs tells a queue that is the machine's.
      cpus: { server: (server.processCpuSeconds() - whole) / seconds, client: clientCpus },
      longestPause: longest(server.gcPauses.slice(collections)),
    }
  }
  const results = await alternate(
    all.map((m) => () => run(m)),
    ROUNDS,
  )
  return all.map((m, i) => {
    const row: Row = { server: m.server, workload: m.workload.name, n: m.sized === false ? '' : LARGE, result: medianResult(results[i]!), ofLimit: 0 }
    log(`  ${row.server}, ${row.workload}: ${row.result.rps.toFixed(0)} req/s, p50 ${row.result.p50.toFixed(2)} ms, p99 ${row.result.p99.toFixed(2)} ms (rounds ${results[i]!.map((r) => r.p99.toFixed(1)).join(', ')})`)
    return row
  })
}

async function measureDurableWrites(load: LoadGenerator, bare: Measurement, target: SitemockTarget, fixture: string, measured: Measured): Promise<Row[]> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-bench-state-'))
  try {
    return await withServers([() => startSitemock(fixture, '--state-file', path.join(stateDir, 'state.json'))], async ([server]) => {
      const rows = await measureRounds(load, bare, writeWorkloads(target).map((workload) => ({ server: 'sitemock --state-file', workload, url: server!.url })), LARGE.toLocaleString('en-US'), LARGE)
      measured.reducingCollections.sitemock += reducingCollections(server!)
      return rows
    })
  } finally {
    fs.rmSync(stateDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const load = chooseLoadGenerator(log)
  log(`sitemock benchmark: ${load.name}, ${LOAD.connections} connections, ${ROUNDS} alternating rounds of ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up${quick ? ' (--quick)' : ''}`)
  const measured: Measured = { rows: [], sizes: [], fixedRate: [], small: SMALL, large: LARGE, fixedRateTarget: FIXED_RATE, reducingCollections: { sitemock: 0, limit: 0 } }

  const startup = measureStartup(quick ? 5 : 9)
  measured.startup = startup
  log(`startup (median of ${startup.runs} fresh processes): msw/node ${startup.mswNodeMs.toFixed(0)} ms, then sitemock + createMock() ${startup.sitemockMs.toFixed(0)} ms`)
  measured.firstRequest = await measureFirstRequest(quick ? 7 : 15)
  log(describeFirstRequest(measured.firstRequest))
  const inProcess = await measureInProcess(quick ? 500 : 1000, quick ? 5 : 9)
  measured.inProcess = inProcess
  log(`in-process: static msw handler ${inProcess.staticMicros.toFixed(0)} µs, sitemock ${inProcess.sitemockMicros.toFixed(0)} µs per request`)

  const pageBodySize = 650
  const prismStart = (): Promise<ServerProcess> =>
    startServer(path.join(here, 'node_modules/.bin/prism'), ['mock', path.join(root, 'contracts/published-openapi.json'), '-h', '127.0.0.1', '-p', '4590', '--errors', 'false'], /Prism is listening on (http:\/\/[^\s]+)/)
  // The limit runs with the node flags sitemock serve runs with: without them, node:http itself
  // answers a quarter fewer requests after V8's memory reducer has run (src/cli/node-flags.ts).
  const bareStart = (): Promise<ServerProcess> => startServer(process.execPath, ['--trace-gc', ...SERVE_NODE_FLAGS, '--import', 'tsx', path.join(here, 'servers/bare.ts'), String(pageBodySize)], LISTENING)
  await withServers([bareStart, prismStart], async ([bareServer, prismServer]) => {
    const bare: Measurement = { server: 'bare node:http', workload: { name: 'fixed JSON body', path: '/' }, url: bareServer!.url }
    // Stoplight Prism mocking the published OpenAPI, for comparison: measured once, beside the smallest state.
    const prism: Measurement = {
      server: 'Prism',
      workload: { name: 'GET one page', path: '/v6/pages/497f6eca-6276-4993-bfeb-53cbbbba6f08', headers: { 'x-api-key': 'sk_benchbenchbenchbenchbench' } },
      url: prismServer!.url,
      sized: false,
    }
    await measureSizes(load, bare, [SMALL, LARGE], measured, [prism])
    for (const n of CURVE.filter((size) => size !== LARGE)) await measureSizes(load, bare, [n], measured)
    const largeFixture = generateFixture(LARGE)
    measured.rows.push(...(await measureDurableWrites(load, bare, await resolveTarget(largeFixture), largeFixture, measured)))
    measured.reducingCollections.limit = reducingCollections(bareServer!)
  })
  measured.mockDb = measureMockDb(JSON.parse(fs.readFileSync(generateFixture(LARGE), 'utf8')), LARGE)
  log(describeMockDb(measured.mockDb))
  // The journal's own work, in process and after the servers have stopped: nothing else runs meanwhile.
  measured.journalWork = []
  for (const n of [SMALL, LARGE]) {
    const fixture = generateFixture(n)
    const workloads = sitemockWorkloads(await resolveTarget(fixture)).filter((w) => w.method !== 'POST')
    measured.journalWork.push(...measureJournalWork(JSON.parse(fs.readFileSync(fixture, 'utf8')), n, workloads))
  }
  for (const work of measured.journalWork) log(`journal's work in process, ${describeJournalWork(work)}`)
  // Where a test suite waits: reset, createMock of a scenario, and lists at a deep cursor by N.
  measured.testLoop = await measureTestLoop(log)

  const report = render(load, measured)
  console.log('\n' + report)
  const file = path.join(here, 'results', flags.save ? 'latest.md' : 'last-run.md')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, report)
  log(`Written to ${path.relative(root, file)}${flags.save ? '' : ' (untracked; --save writes bench/results/latest.md)'}`)
}

function prismNote(measured: Measured): string[] {
  const prism = measured.rows.find((r) => r.server === 'Prism')
  const one = measured.rows.find((r) => r.server === 'sitemock' && r.workload === 'GET page by id' && r.n === SMALL)
  return prism && one ? [`- Prism mocking the published OpenAPI: ${prism.result.rps.toFixed(0)} req/s on GET one page; sitemock's GET page by id at N = ${SMALL}: ${(one.result.rps / prism.result.rps).toFixed(1)}x that`] : []
}

function render(load: LoadGenerator, measured: Measured): string {
  const mb = (value: number | undefined): string => (value === undefined ? '' : value.toFixed(0))
  const small = measured.sizes.find((s) => s.n === SMALL)!
  const lines = [
    '# sitemock benchmark',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}) · ` +
      `${load.name}, ${LOAD.connections} connections, medians of ${ROUNDS} alternating rounds of ${SECONDS} s; the limit (bare node:http, a fixed 650-byte JSON body) measured in every round`,
    '',
    '| server | workload | N pages | req/s | p50 ms | p99 ms | of the limit | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...[...measured.rows, ...measured.fixedRate].map((row) => {
      const r = row.result
      return `| ${row.server} | ${row.workload} | ${row.n === '' ? '' : row.n.toLocaleString('en-US')} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${row.ofLimit ? `${(row.ofLimit * 100).toFixed(0)}%` : ''} | ${r.errors + r.unexpected} |`
    }),
    '',
    '## Cost with N',
    '',
    '| N pages | load s | RSS after load MB | RSS per page (beyond N = 100) | RSS after the run MB | GET one req/s | of the limit | p99 ms | deep list req/s | of the limit | p99 ms |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...[...measured.sizes].sort((a, b) => a.n - b.n).map((size) => {
      const find = (workload: string): Row => measured.rows.find((r) => r.server === 'sitemock' && r.n === size.n && r.workload === workload)!
      const one = find('GET page by id')
      const list = find('GET list, 20 from the middle, offline included')
      const perPage = size.n === SMALL ? '' : `${(((size.rssAfterLoadMb - small.rssAfterLoadMb) * 1024 * 1024) / (size.n - SMALL)).toFixed(0)} B`
      return (
        `| ${size.n.toLocaleString('en-US')} | ${size.loadSeconds.toFixed(2)} | ${mb(size.rssAfterLoadMb)} | ${perPage} | ${mb(size.rssAfterRunMb)} | ` +
        `${one.result.rps.toFixed(0)} | ${(one.ofLimit * 100).toFixed(0)}% | ${one.result.p99.toFixed(1)} | ${list.result.rps.toFixed(0)} | ${(list.ofLimit * 100).toFixed(0)}% | ${list.result.p99.toFixed(1)} |`
      )
    }),
    '',
    `- Startup, median of ${measured.startup!.runs} fresh processes: importing msw/node ${measured.startup!.mswNodeMs.toFixed(0)} ms; then importing sitemock and sitemock/msw and calling createMock() ${measured.startup!.sitemockMs.toFixed(0)} ms`,
    `- The ${describeFirstRequest(measured.firstRequest!)}`,
    `- In-process (setupServer + fetch, sequential requests, median of alternating rounds): static msw handler ${measured.inProcess!.staticMicros.toFixed(0)} µs, sitemock handler (GET page by id) ${measured.inProcess!.sitemockMicros.toFixed(0)} µs per request`,
    ...prismNote(measured),
    `- ${describeMockDb(measured.mockDb!)}`,
    ...describeTestLoop(measured.testLoop!).map((line) => `- ${line}`),
    `- Collections started by V8's memory reducer, which leave node:http slower for good (src/cli/node-flags.ts): ${measured.reducingCollections.sitemock} in the sitemock servers, ${measured.reducingCollections.limit} in the limit's`,
    `- Fixed rate: an open loop (bench/open-loop.ts) offering ${FIXED_RATE.toLocaleString('en-US')} req/s evenly over ${LOAD.connections} keep-alive connections for ${FIXED_RATE_SECONDS} s, medians of ${ROUNDS} alternating rounds; ` +
      'each latency runs from when its request was due, so a stall is charged for every request that waited; the bare server at the same rate shows the floor that the client and the machine set',
    '',
    '## Targets',
    '',
    ...judgeTargets(measured),
    ...judgeTestLoop(measured.testLoop!),
    '',
  ]
  return lines.join('\n')
}

await main()
