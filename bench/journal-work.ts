// The journal's own work per request, timed in process: microseconds per mock.respond of each
// workload on two mocks of the same state, one with the default journal and one without. No
// sockets and no load generator stand between them, so the difference is the journal's alone and
// holds to a fraction of a percent, where two identical servers under wrk differ by a few percent.
// The core's modules directly, as a Node entry holds them: every operation's validators from the start.
import '../src/eager-parts.js'
import type { ApiRequest } from '../src/api/types.js'
import { createMock, type Mock } from '../src/mock.js'
import type { Workload } from './load-types.js'
import { median } from './rounds.js'
import { fillBody } from './workloads.js'

export interface JournalWork {
  n: number
  workload: string
  /** µs per request with the default journal. */
  onMicros: number
  /** µs per request with --journal-size 0. */
  offMicros: number
}

/** The workload as the core receives it; `{n}` and `{tag}` in a body vary per request, as under load. */
function requestOf(workload: Workload, i: number): ApiRequest {
  const q = workload.path.indexOf('?')
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  for (const [name, value] of Object.entries(workload.headers ?? {})) headers[name.toLowerCase()] = value
  return {
    method: workload.method ?? 'GET',
    path: q < 0 ? workload.path : workload.path.slice(0, q),
    query: q < 0 ? '' : workload.path.slice(q + 1),
    headers,
    body: workload.body === undefined ? undefined : fillBody(workload.body, i, 'work'),
  }
}

/** Mean µs per request over `count` requests of the workload. */
function meanMicros(mock: Mock, workload: Workload, count: number): number {
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const response = mock.respond(requestOf(workload, i))
    if (response.status >= 400) throw new Error(`${workload.name} answered ${response.status}`)
  }
  return ((performance.now() - started) * 1000) / count
}

/**
 * Each workload on both mocks, alternating in rounds (which mock goes first changes every round:
 * the garbage the first leaves is collected during the second), the median round of each.
 */
export function measureJournalWork(fixture: unknown, n: number, workloads: Workload[], count = 2000, rounds = 15): JournalWork[] {
  const on = createMock({ state: structuredClone(fixture), rateLimit: false })
  const off = createMock({ state: structuredClone(fixture), rateLimit: false, journalSize: 0 })
  return workloads.map((workload) => {
    for (const mock of [on, off]) meanMicros(mock, workload, count)
    const times = { on: [] as number[], off: [] as number[] }
    for (let round = 0; round < rounds; round++) {
      const pair = round % 2 === 0 ? ([on, off] as const) : ([off, on] as const)
      for (const mock of pair) times[mock === on ? 'on' : 'off'].push(meanMicros(mock, workload, count))
    }
    return { n, workload: workload.name, onMicros: median(times.on), offMicros: median(times.off) }
  })
}

export const describeJournalWork = (work: JournalWork): string =>
  `${work.workload} at N = ${work.n.toLocaleString('en-US')}: ${(work.onMicros - work.offMicros).toFixed(2)} µs per request (${work.onMicros.toFixed(2)} vs ${work.offMicros.toFixed(2)} µs)`

