// The performance targets, each judged on one run's own numbers: a line each, met or not.
import os from 'node:os'
import type { LoadResult } from './load-types.js'
import type { InProcessResult } from './msw-inprocess.js'
import type { StartupResult } from './startup.js'
import type { FirstRequestResult } from './first-request.js'
import type { JournalWork } from './journal-work.js'
import type { MockDbResult } from './mock-db.js'
import type { TestLoopFigures } from './test-loop.js'
import { median } from './rounds.js'
import { verdict } from './verdict.js'

export interface Row {
  server: string
  workload: string
  n: number | ''
  result: LoadResult
  /** Median over rounds of this workload's req/s divided by the limit's in the same round; 0 when not measured at saturation. */
  ofLimit: number
  /** Each round's figures, for ratios between rows measured in the same rounds. */
  rounds?: LoadResult[]
}

export interface SizeFigures {
  n: number
  loadSeconds: number
  rssAfterLoadMb: number
  rssAfterRunMb?: number
  /** Seconds of load the server answered between the two RSS readings. */
  loadedSeconds?: number
}

export interface Measured {
  rows: Row[]
  sizes: SizeFigures[]
  fixedRate: Row[]
  small: number
  large: number
  fixedRateTarget: number
  startup?: StartupResult
  firstRequest?: FirstRequestResult
  inProcess?: InProcessResult
  mockDb?: MockDbResult
  /** The journal's own work per request, timed in process, at N = small and large. */
  journalWork?: JournalWork[]
  /** reset, createMock and deep cursors: where a test suite waits (test-loop.ts). */
  testLoop?: TestLoopFigures
  /** Collections V8's memory reducer started, summed over the servers of each kind. */
  reducingCollections: { sitemock: number; limit: number }
}

/**
 * The journal is priced on two servers with it and two without, at each size: a process has a
 * speed of its own (two identical ones differ by a few percent however many rounds they run),
 * and what two identical servers differ by is the resolution of the journal's lines.
 */
export const JOURNAL_OFF = 'sitemock --journal-size 0'
export const JOURNAL_ON_TWIN = 'sitemock, a second server'
export const JOURNAL_OFF_TWIN = 'sitemock --journal-size 0, a second server'

const pct = (ratio: number): string => `${(ratio * 100).toFixed(0)}%`
/** A share near a target's bound, printed to a tenth: 10.1% must not read as 10%. */
const pct1 = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`
const count = (n: number): string => n.toLocaleString('en-US')

/**
 * How many times faster row `a` ran than row `b`: the median of the ratios of each round when the
 * two were measured in the same rounds (seconds apart, under the same conditions), else the
 * ratio of their shares of the limit, each taken in its own rounds.
 */
export function speedRatio(a: Row, b: Row): number {
  if (a.rounds && b.rounds && a.rounds.length === b.rounds.length) return median(a.rounds.map((round, i) => round.rps / b.rounds![i]!.rps))
  return a.ofLimit / b.ofLimit
}

/** Each round's cost of the journal: 1 - the requests the servers with it answered / those the servers without it answered. */
function roundCosts(ons: Row[], offs: Row[]): number[] | undefined {
  const rounds = ons[0]!.rounds?.length
  if (rounds === undefined || [...ons, ...offs].some((row) => row.rounds?.length !== rounds)) return undefined
  const total = (rows: Row[], round: number): number => rows.reduce((sum, row) => sum + row.rounds![round]!.rps, 0)
  return Array.from({ length: rounds }, (_, round) => 1 - total(ons, round) / total(offs, round))
}

/** The row of one server, workload and size. */
const rowFinder =
  (m: Measured) =>
  (server: string, workload: string, n: number): Row | undefined =>
    m.rows.find((r) => r.server === server && r.workload === workload && r.n === n)

/** The median over rounds of each round's mean over workloads: every workload weighs alike, and a round's hiccup is one round. */
function pooledMedian(perWorkload: number[][]): number {
  const rounds = Math.min(...perWorkload.map((values) => values.length))
  return median(Array.from({ length: rounds }, (_, round) => perWorkload.reduce((sum, values) => sum + values[round]!, 0) / perWorkload.length))
}

/**
 * The journal's target, judged at each size on all its workloads together: a single workload's
 * figure moves with the process it ran in (two identical servers differ by up to a tenth on one
 * line), so one line's verdict would be a coin toss near the bound. Each workload's figure is
 * printed beside it, with the journal's own work timed in process, which no such noise reaches.
 */
function judgeJournal(m: Measured): string[] {
  const find = rowFinder(m)
  const lines: string[] = []
  const twins = (n: number): Array<{ twin: Row; first: Row }> =>
    m.rows
      .filter((r) => r.n === n && (r.server === JOURNAL_OFF_TWIN || r.server === JOURNAL_ON_TWIN))
      .flatMap((twin) => {
        const first = find(twin.server === JOURNAL_OFF_TWIN ? JOURNAL_OFF : 'sitemock', twin.workload, n)
        return first ? [{ twin, first }] : []
      })
  const lineGaps = [m.small, m.large].flatMap((n) => twins(n).map(({ twin, first }) => Math.abs(1 - speedRatio(twin, first))))
  if (lineGaps.length > 0) {
    const pooledGaps = [m.small, m.large].flatMap((n) =>
      [JOURNAL_ON_TWIN, JOURNAL_OFF_TWIN].flatMap((server) => {
        const pairs = twins(n).filter(({ twin, first }) => twin.server === server && twin.rounds?.length === first.rounds?.length && twin.rounds !== undefined)
        return pairs.length === 0 ? [] : [Math.abs(pooledMedian(pairs.map(({ twin, first }) => twin.rounds!.map((round, i) => 1 - round.rps / first.rounds![i]!.rps))))]
      }),
    )
    lines.push(
      `- resolution of the journal figures: two servers identical in every way (both with the journal, or both without) differed by ${pct(Math.min(...lineGaps))} to ${pct(Math.max(...lineGaps))} on a single workload (median ${pct(median(lineGaps))})` +
        (pooledGaps.length > 0 ? `, and by ${pct1(Math.min(...pooledGaps))} to ${pct1(Math.max(...pooledGaps))} on all the workloads of a size together, in the same rounds` : ''),
    )
  }
  for (const n of [m.small, m.large]) {
    const compared = m.rows.flatMap((on) => {
      const off = on.server === 'sitemock' && on.n === n ? find(JOURNAL_OFF, on.workload, n) : undefined
      if (!off) return []
      const ons = [on, find(JOURNAL_ON_TWIN, on.workload, n)].filter((row) => row !== undefined)
      const offs = [off, find(JOURNAL_OFF_TWIN, on.workload, n)].filter((row) => row !== undefined)
      const costs = roundCosts(ons, offs) ?? [1 - speedRatio(on, off)]
      const work = m.journalWork?.find((w) => w.n === n && w.workload === on.workload)
      return [{ on, off, costs, work, servers: ons.length > 1 ? `${ons.length} servers with it against ${offs.length} without` : 'on against off' }]
    })
    if (compared.length === 0) continue
    // The main thread is busy the whole time under saturation: the work's share of a request's time at the throughput without the journal.
    const share = (work: JournalWork, rps: number): number => ((work.onMicros - work.offMicros) * rps) / 1e6
    for (const { on, off, costs, work } of compared) {
      const inProcess = work ? `; its work timed in process ${(work.onMicros - work.offMicros).toFixed(2)} µs per request (${work.onMicros.toFixed(2)} vs ${work.offMicros.toFixed(2)} µs), ${pct1(share(work, off.result.rps))} of a request's time at ${count(Math.round(off.result.rps))} req/s` : ''
      lines.push(`- journal on vs off, ${on.workload} at N = ${count(n)}: ${pct(on.ofLimit)} vs ${pct(off.ofLimit)} of the limit, costs ${pct1(median(costs))} of the throughput (median of the rounds' ${costs.map(pct).join(', ')})${inProcess}`)
    }
    const cost = pooledMedian(compared.map(({ costs }) => costs))
    const works = compared.flatMap(({ work, off }) => (work ? [{ micros: work.onMicros - work.offMicros, share: share(work, off.result.rps) }] : []))
    const workText = works.length > 0 ? `; its own work, timed in process: ${Math.min(...works.map((w) => w.micros)).toFixed(2)} to ${Math.max(...works.map((w) => w.micros)).toFixed(2)} µs per request, ${pct1(Math.min(...works.map((w) => w.share)))} to ${pct1(Math.max(...works.map((w) => w.share)))} of a request's time` : ''
    lines.push(verdict(cost <= 0.1, `journal on vs off at N = ${count(n)}, its ${compared.length} workloads together: the journal costs ${pct1(cost)} of the throughput (median over rounds of each round's mean cost), ${compared[0]!.servers} in the same rounds (at most 10%)${workText}`))
  }
  return lines
}

export function judgeTargets(m: Measured): string[] {
  const find = rowFinder(m)
  const lines: string[] = []
  const failed = m.rows.filter((r) => r.result.errors + r.result.unexpected > 0)
  lines.push(verdict(failed.length === 0, failed.length === 0 ? 'no errors and no 4xx/5xx answers in any workload' : `errors or 4xx/5xx answers in: ${failed.map((r) => `${r.workload} (N = ${r.n})`).join(', ')}`))
  for (const workload of ['GET page by id', 'GET page by pathname']) {
    const row = find('sitemock', workload, m.large)
    if (row) lines.push(verdict(row.ofLimit >= 0.55, `${workload} at N = ${count(m.large)}: ${pct(row.ofLimit)} of the limit (at least 55%)`))
  }
  for (const big of m.rows.filter((r) => r.server === 'sitemock' && r.n === m.large && r.workload.startsWith('GET list'))) {
    const small = find('sitemock', big.workload, m.small)
    if (!small) continue
    const slowdown = speedRatio(small, big)
    lines.push(verdict(big.ofLimit >= 0.3 && slowdown <= 1.3, `${big.workload} at N = ${count(m.large)}: ${pct(big.ofLimit)} of the limit (at least 30%), ${slowdown.toFixed(2)}x slower than at N = ${m.small} in the same rounds (at most 1.3x)`))
  }
  for (const workload of ['POST page (fresh pathname)', 'PATCH page']) {
    const write = find('sitemock', workload, m.large)
    if (write) lines.push(verdict(write.ofLimit >= 0.3, `${workload} at N = ${count(m.large)}: ${pct(write.ofLimit)} of the limit (at least 30%)`))
    const durable = find('sitemock --state-file', workload, m.large)
    if (durable) lines.push(verdict(durable.result.rps >= 3000, `${workload} with --state-file at N = ${count(m.large)}: ${durable.result.rps.toFixed(0)} durable writes/s (at least 3,000)`))
  }
  lines.push(...judgeJournal(m))
  const floor = m.fixedRate.find((row) => row.n === '')
  for (const row of m.fixedRate.filter((r) => r.n !== '')) {
    const bare = floor ? `; the bare server at the same rate: p99 ${floor.result.p99.toFixed(1)} ms` : ''
    const busy = row.result.busy === undefined ? '' : `; sitemock's event loop busy ${pct(row.result.busy)} of the time`
    const cpus = row.result.cpus
    const machine = cpus ? `; CPUs in use: sitemock ${cpus.server.toFixed(2)}, the client ${cpus.client.toFixed(2)}, of ${os.cpus().length}` : ''
    const pause = row.result.longestPause
    const gc = pause ? `; its longest garbage collection in those rounds: ${pause.kind} of a ${pause.heapMb.toFixed(0)} MB heap, ${pause.ms.toFixed(1)} ms` : ''
    const stall = row.result.clientStallMs === undefined ? '' : `; the client's longest stall of its own ${row.result.clientStallMs.toFixed(1)} ms`
    lines.push(verdict(row.result.p99 <= 5, `p99 at a fixed ${count(m.fixedRateTarget)} req/s, ${row.workload} at N = ${count(m.large)}: ${row.result.p99.toFixed(1)} ms (at most 5 ms; p50 ${row.result.p50.toFixed(1)} ms, ${row.result.rps.toFixed(0)} req/s delivered${busy}${machine}${gc}${stall}${bare})`))
  }
  const large = m.sizes.find((s) => s.n === m.large)
  if (large?.rssAfterRunMb !== undefined) {
    const growth = large.rssAfterRunMb / large.rssAfterLoadMb
    lines.push(verdict(growth <= 1.5 && (large.loadedSeconds ?? 0) >= 60, `RSS at N = ${count(m.large)} after ${large.loadedSeconds} s of mixed load: ${large.rssAfterRunMb.toFixed(0)} MB, ${growth.toFixed(2)}x the ${large.rssAfterLoadMb.toFixed(0)} MB right after loading (at most 1.5x, after at least 60 s)`))
  }
  const million = m.sizes.find((s) => s.n === 1_000_000)
  if (million) {
    const one = (n: number): Row | undefined => find('sitemock', 'GET page by id', n)
    const slowdown = speedRatio(one(1_000)!, one(1_000_000)!)
    lines.push(verdict(million.loadSeconds < 45, `N = 1,000,000 loaded and listening in ${million.loadSeconds.toFixed(1)} s (under 45 s)`))
    lines.push(verdict(slowdown <= 1.3, `GET page by id at N = 1,000,000: ${slowdown.toFixed(2)}x slower than at N = 1,000 (at most 1.3x)`))
  } else {
    lines.push('- not measured: N = 1,000,000 (left out by --quick)')
  }
  if (m.inProcess) {
    const ratio = m.inProcess.sitemockMicros / m.inProcess.staticMicros
    lines.push(verdict(ratio <= 1.1, `in-process through msw's setupServer: ${ratio.toFixed(2)}x a single static msw handler (at most 1.1x)`))
  }
  if (m.mockDb) {
    const get = m.mockDb.getWith / m.mockDb.getWithout
    const patch = m.mockDb.patchWith / m.mockDb.patchWithout
    lines.push(verdict(get <= 1.1 && patch <= 1.1, `request path with mock.db in use at N = ${count(m.mockDb.pages)}: GET ${get.toFixed(2)}x, PATCH ${patch.toFixed(2)}x the figures without (at most 1.1x)`))
  }
  if (m.firstRequest) {
    const { ratio, sitemockMs, mswNodeMs } = m.firstRequest
    lines.push(verdict(ratio <= 1.25, `first answers: importing sitemock, createMock() and the first GET and POST take ${ratio.toFixed(2)}x importing msw/node in fresh processes (${sitemockMs.toFixed(0)} ms against ${mswNodeMs.toFixed(0)} ms; at most 1.25x)`))
  }
  if (m.startup) {
    const { mswNodeMs, sitemockMs } = m.startup
    lines.push(verdict(sitemockMs <= mswNodeMs, `startup: sitemock's imports and createMock() take ${sitemockMs.toFixed(0)} ms after msw/node's ${mswNodeMs.toFixed(0)} ms in the same fresh process (at most as long)`))
  }
  return lines
}
