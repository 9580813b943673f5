// Where a test suite waits on the mock: reset() after a test's writes, createMock of a scenario
// (first and second in a process, first in a fresh process against reading and parsing the
// scenario's export in a fresh process), and a list at a deep cursor by N, in process and over HTTP. Every figure is a median
// of alternating rounds, and every target a ratio of figures measured in the same rounds: the
// machine is shared, so absolute times move with whatever else runs on it.
//
//   node --import tsx bench/test-loop.ts [--quick]
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
// The package's entry: it provides faker, which generating a scenario needs.
import { createMock, type Mock, type MockOptions } from '../src/index.js'
import { exportState } from '../src/scenarios/export-state.js'
import { generateFixture } from '../src/scenarios/generate.js'
import { LARGE, type ScenarioName } from '../src/scenarios/index.js'
import { startServer } from './processes.js'
import { median } from './rounds.js'
import { verdict } from './verdict.js'
import { wrk } from './wrk.js'

const runAlone = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)
/** --quick (run alone): fewer and shorter rounds, for a check while working. */
const quick = runAlone && process.argv.includes('--quick')
const ROUNDS = quick ? 5 : 11
const repoFile = (name: string): string => fileURLToPath(new URL(name, import.meta.url))

interface Sized {
  label: string
  pages: number
  options: MockOptions
}

/** The default scenario (36 pages), large (10,000) and a generated site of 100,000 pages as a fixture source. */
function sizes(): Sized[] {
  const huge = generateFixture({ ...LARGE, pages: 100_000, seed: 1 })
  return [
    { label: 'default', pages: 36, options: { scenario: 'default' } },
    { label: 'large', pages: 10_000, options: { scenario: 'large' } },
    { label: '100k fixture', pages: 100_000, options: { scenario: { fixture: huge } } },
  ]
}

interface Caller {
  key: string
  siteId: string
  pageIds: string[]
}

function callerOf(mock: Mock): Caller {
  const { workspaces, sites } = mock.credentials()
  const siteId = sites[0]!.id
  return { key: workspaces[0]!.appApiKey, siteId, pageIds: mock.store.pages.ofSite(siteId).values().map((page) => page.id) }
}

function send(mock: Mock, method: 'GET' | 'PATCH', path: string, caller: Caller, body?: unknown, query = ''): void {
  const response = mock.respond({ method, path, query, headers: { 'x-api-key': caller.key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  if (response.status !== 200) throw new Error(`${method} ${path}?${query} answered ${response.status}`)
}

/**
 * How many times a round repeats a test's edits and the reset after them: one reset after a
 * change takes about 10 µs, near the timer's own noise, so a round's figure is their mean.
 */
const RESETS_PER_ROUND = 200

/** ms of one reset() after a test that edited `changes` pages (each PATCH a record changed): the mean over RESETS_PER_ROUND tests. */
function resetAfter(mock: Mock, changes: number, round: number): number {
  const caller = callerOf(mock)
  let total = 0
  for (let test = 0; test < RESETS_PER_ROUND; test++) {
    for (let i = 0; i < changes; i++) send(mock, 'PATCH', `/v6/pages/${caller.pageIds[(i * 7 + round + test) % caller.pageIds.length]}`, caller, { title: `Edited ${round} ${test} ${i}` })
    const started = performance.now()
    mock.reset()
    total += performance.now() - started
  }
  return total / RESETS_PER_ROUND
}

function measureResets(): Array<{ label: string; changes: number; ms: number }> {
  const mocks = sizes().map((size) => ({ size, mock: createMock({ ...size.options, rateLimit: false }) }))
  const results: Array<{ label: string; changes: number; ms: number[] }> = []
  for (const changes of [1, 10, 100]) for (const { size } of mocks) results.push({ label: size.label, changes, ms: [] })
  for (let round = 0; round < ROUNDS; round++) {
    for (const result of results) result.ms.push(resetAfter(mocks.find((m) => m.size.label === result.label)!.mock, result.changes, round))
  }
  return results.map(({ label, changes, ms }) => ({ label, changes, ms: median(ms) }))
}

interface CreateFigures {
  scenario: ScenarioName
  firstMs: number
  secondMs: number
  /** A fresh process's first createMock with the scenario cache on disk (written by an earlier process), and without it. */
  freshMs: number
  freshUncachedMs: number
  /**
   * The bound: a fresh process of its own that reads the scenario's export file and parses it,
   * in the same rounds. A fresh createMock has to get the whole state into a heap with nothing
   * in it yet; loading a saved export is the least that takes (the file's bytes, then the
   * objects parsed from them, in a young heap whose collections copy them all), so that process
   * is what createMock is judged against.
   */
  freshReadParseMs: number
  /**
   * The bound judged before, printed for comparison: JSON.parse of the export inside the
   * createMock process, after it. Its heap holds the built state already and its parser is
   * warm, so it took less than loading the export costs and made the target look harder.
   */
  warmParseMs: number
}

/** Runs a bench script in a fresh process and returns the JSON line it prints last. */
function probe<T>(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): T {
  const output = execFileSync(process.execPath, ['--import', 'tsx', repoFile(script), ...args], { encoding: 'utf8', env })
  return JSON.parse(output.trim().split('\n').at(-1)!) as T
}

/** One fresh process: its first createMock and (after it) its JSON.parse of the scenario's export. */
const freshProcess = (scenario: ScenarioName, env: NodeJS.ProcessEnv): { createMs: number; parseMs: number } => probe('./create-mock-probe.ts', [scenario], env)

/** One fresh process that reads the export file and parses it: the bound. */
const freshReadParse = (file: string): number => probe<{ readParseMs: number }>('./parse-export-probe.ts', [file]).readParseMs

function measureCreate(): CreateFigures[] {
  const scenarios: ScenarioName[] = ['default', 'multi-locale', 'large']
  // A cache of this run's own: the first process writes it, the later ones read it.
  const cached = { ...process.env, SITEMOCK_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-bench-cache-')) }
  // The scenarios' exports, written once here for the bound's processes to read.
  const exports = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-bench-exports-'))
  const uncached = { ...process.env, SITEMOCK_SCENARIO_CACHE: 'off' }
  const figures = scenarios.map((scenario) => {
    const time = (): number => {
      const started = performance.now()
      createMock({ scenario })
      return performance.now() - started
    }
    const firstMs = time()
    const second = Array.from({ length: ROUNDS }, time)
    freshProcess(scenario, cached)
    const exportFile = path.join(exports, `${scenario}.json`)
    fs.writeFileSync(exportFile, JSON.stringify(exportState(createMock({ scenario }).store)))
    return { scenario, exportFile, firstMs, secondMs: median(second), fresh: [] as number[], uncached: [] as number[], warmParse: [] as number[], readParse: [] as number[] }
  })
  const rounds = Math.min(ROUNDS, 7)
  // A fresh createMock and its bound, one after the other in every round. The processes that
  // generate a scenario without the cache run in rounds of their own, after: each works for
  // hundreds of milliseconds, and the process of a pair that followed one was measured slower.
  for (let round = 0; round < rounds; round++) {
    for (const figure of figures) {
      const fresh = freshProcess(figure.scenario, cached)
      figure.fresh.push(fresh.createMs)
      figure.warmParse.push(fresh.parseMs)
      figure.readParse.push(freshReadParse(figure.exportFile))
    }
  }
  for (let round = 0; round < rounds; round++) for (const figure of figures) figure.uncached.push(freshProcess(figure.scenario, uncached).createMs)
  for (const directory of [cached.SITEMOCK_CACHE_DIR, exports]) fs.rmSync(directory, { recursive: true, force: true })
  return figures.map(({ scenario, firstMs, secondMs, fresh, uncached, warmParse, readParse }) => ({
    scenario,
    firstMs,
    secondMs,
    freshMs: median(fresh),
    freshUncachedMs: median(uncached),
    freshReadParseMs: median(readParse),
    warmParseMs: median(warmParse),
  }))
}

interface CursorFigures {
  pages: number
  firstMicros: number
  deepMicros: number
  /** Requests per second over HTTP (wrk), first page and deep cursor, each size in a server process of its own. */
  firstRps: number
  deepRps: number
}

const CURSOR_SIZES = [100, 10_000, 100_000]
const listQuery = (siteId: string): string => `siteId=${siteId}&limit=20&includeOffline=true`

/** µs per list request through mock.respond, alternating the sizes round by round in this process. */
function measureCursorsInProcess(): Array<{ first: number; deep: number }> {
  const targets = CURSOR_SIZES.map((pages) => {
    const mock = createMock({ state: generateFixture({ ...LARGE, pages, seed: 1 }), rateLimit: false, journalSize: 0 })
    const caller = callerOf(mock)
    return { mock, caller, first: listQuery(caller.siteId), deep: `${listQuery(caller.siteId)}&startingAfter=${caller.pageIds[Math.floor(caller.pageIds.length / 2)]}` }
  })
  const micros = (t: (typeof targets)[number], query: string): number => {
    const count = 20_000
    const started = performance.now()
    for (let i = 0; i < count; i++) send(t.mock, 'GET', '/v6/pages', t.caller, undefined, query)
    return ((performance.now() - started) * 1000) / count
  }
  for (const t of targets) micros(t, t.deep)
  const values = targets.map(() => ({ first: [] as number[], deep: [] as number[] }))
  for (let round = 0; round < ROUNDS; round++) {
    targets.forEach((t, i) => {
      values[i]!.first.push(micros(t, t.first))
      values[i]!.deep.push(micros(t, t.deep))
    })
  }
  return values.map(({ first, deep }) => ({ first: median(first), deep: median(deep) }))
}

/** Requests per second over HTTP (wrk), one server process per size, the sizes alternating round by round. */
async function measureCursorsOverHttp(): Promise<Array<{ first: number; deep: number }>> {
  const servers = await Promise.all(
    CURSOR_SIZES.map((pages) => startServer(process.execPath, ['--import', 'tsx', repoFile('./servers/pages.ts'), String(pages)], /listening on (\S+ \S+)/)),
  )
  try {
    const targets = servers.map((server) => {
      const [url, encoded] = server.url.split(' ') as [string, string]
      const { key, siteId, cursor } = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as { key: string; siteId: string; cursor: string }
      const headers = { 'x-api-key': key }
      return { url, first: { name: 'first page', path: `/v6/pages?${listQuery(siteId)}`, headers }, deep: { name: 'deep cursor', path: `/v6/pages?${listQuery(siteId)}&startingAfter=${cursor}`, headers } }
    })
    const seconds = quick ? 2 : 3
    for (const t of targets) await wrk.saturate(t.url, t.deep, 1)
    const values = targets.map(() => ({ first: [] as number[], deep: [] as number[] }))
    for (let round = 0; round < (quick ? 3 : 5); round++) {
      for (const [i, t] of targets.entries()) {
        values[i]!.first.push((await wrk.saturate(t.url, t.first, seconds)).rps)
        values[i]!.deep.push((await wrk.saturate(t.url, t.deep, seconds)).rps)
      }
    }
    return values.map(({ first, deep }) => ({ first: median(first), deep: median(deep) }))
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

async function measureCursors(): Promise<CursorFigures[]> {
  const inProcess = measureCursorsInProcess()
  const overHttp = await measureCursorsOverHttp()
  return CURSOR_SIZES.map((pages, i) => ({
    pages,
    firstMicros: inProcess[i]!.first,
    deepMicros: inProcess[i]!.deep,
    firstRps: overHttp[i]!.first,
    deepRps: overHttp[i]!.deep,
  }))
}

const f2 = (n: number): string => n.toFixed(2)

export interface TestLoopFigures {
  creates: CreateFigures[]
  resets: Array<{ label: string; changes: number; ms: number }>
  cursors: CursorFigures[]
}

export async function measureTestLoop(log: (line: string) => void): Promise<TestLoopFigures> {
  // First: nothing of a scenario is built in this process yet.
  const creates = measureCreate()
  for (const line of describeCreates(creates)) log(line)
  const resets = measureResets()
  for (const line of describeResets(resets)) log(line)
  const cursors = await measureCursors()
  for (const line of describeCursors(cursors)) log(line)
  return { creates, resets, cursors }
}

export function describeTestLoop(figures: TestLoopFigures): string[] {
  return [...describeCreates(figures.creates), ...describeResets(figures.resets), ...describeCursors(figures.cursors)]
}

const describeCreates = (creates: CreateFigures[]): string[] =>
  creates.map(
    (c) =>
      `createMock ${c.scenario}: first in process ${c.firstMs.toFixed(1)} ms, second ${c.secondMs.toFixed(3)} ms; first in a fresh process ${c.freshMs.toFixed(1)} ms ` +
      `(${c.freshUncachedMs.toFixed(1)} ms without the scenario cache); reading and parsing its export in a fresh process ${c.freshReadParseMs.toFixed(1)} ms ` +
      `(JSON.parse of it after createMock in that process ${c.warmParseMs.toFixed(2)} ms)`,
  )

const describeResets = (resets: TestLoopFigures['resets']): string[] => resets.map((r) => `reset after ${r.changes} change(s), ${r.label}: ${(r.ms * 1000).toFixed(2)} µs`)

const describeCursors = (cursors: CursorFigures[]): string[] =>
  cursors.map(
    (c) =>
      `list at N = ${c.pages.toLocaleString('en-US')}: in process ${f2(c.firstMicros)} µs first page, ${f2(c.deepMicros)} µs deep cursor; ` +
      `over HTTP ${c.firstRps.toFixed(0)} req/s first page, ${c.deepRps.toFixed(0)} req/s deep cursor`,
  )

/** The test loop's targets, each a ratio of figures of this run. */
export function judgeTestLoop({ creates, resets, cursors }: TestLoopFigures): string[] {
  const lines: string[] = []
  const resetOf = (label: string, changes: number): number => resets.find((r) => r.label === label && r.changes === changes)!.ms
  for (const label of ['large', '100k fixture']) {
    for (const changes of [1, 10]) {
      const ratio = resetOf(label, changes) / resetOf('default', changes)
      lines.push(verdict(ratio <= 2, `reset after ${changes} change(s) at ${label} is ${f2(ratio)}x the same reset on default (target ≤ 2x)`))
    }
  }
  for (const c of creates) lines.push(verdict(c.secondMs <= 1, `second createMock of ${c.scenario} in a process: ${c.secondMs.toFixed(3)} ms (target ≤ 1 ms)`))
  // Judged where the state is what a start costs: parsing the small scenarios' exports takes
  // microseconds, less than the rest of a createMock.
  const large = creates.find((c) => c.scenario === 'large')!
  const ratio = large.freshMs / large.freshReadParseMs
  lines.push(
    verdict(
      ratio <= 1.5,
      `first createMock of large in a fresh process is ${f2(ratio)}x reading and parsing its export in a fresh process (target ≤ 1.5x; ` +
        `${f2(large.freshUncachedMs / large.freshReadParseMs)}x without the scenario cache; ${f2(large.freshMs / large.warmParseMs)}x JSON.parse of it after createMock, the bound judged before)`,
    ),
  )
  const base = cursors.find((c) => c.pages === 100)!
  for (const c of cursors.filter((c) => c.pages > 100)) {
    const costs = base.deepRps / c.deepRps
    const text = `deep-cursor list over HTTP at N = ${c.pages.toLocaleString('en-US')} costs ${f2(costs)}x N = 100 (in process ${f2(c.deepMicros / base.deepMicros)}x)`
    lines.push(c.pages === 100_000 ? verdict(costs <= 1.3, `${text} (target ≤ 1.3x)`) : `- ${text}`)
  }
  return lines
}

if (runAlone) {
  const log = (line: string): void => console.log(line)
  log(`test-loop benchmark, ${ROUNDS} alternating rounds; the CPUs are shared, so targets are ratios within this run`)
  const figures = await measureTestLoop(log)
  log('')
  log('Targets:')
  for (const line of judgeTestLoop(figures)) log(line)
}
