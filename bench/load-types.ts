// What a load generator is given and what it measures: shared by the generators (load.ts, wrk.ts),
// the workloads and the reports, apart from the generators themselves.
import type { GcPause } from './processes.js'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  errors: number
  /** Responses with a 4xx or 5xx status: a workload that is refused measures nothing. */
  unexpected: number
  /** How busy the server's event loop was during the run (0 to 1), where measured. */
  busy?: number
  /** CPUs in use during the run (CPU seconds per second), where measured: the whole server process, and the client. */
  cpus?: { server: number; client: number }
  /** The client's longest event-loop delay during the run (ms), where measured: a stall of the client's own. */
  clientStallMs?: number
  /** The server's longest garbage collection during the run, where measured. */
  longestPause?: GcPause
}

export interface Workload {
  name: string
  method?: 'GET' | 'POST' | 'PATCH'
  path: string
  headers?: Record<string, string>
  /** The request body; `{n}` becomes a counter and `{tag}` a text unique to the run, so each create is fresh. */
  body?: string
}

export interface LoadGenerator {
  name: 'wrk' | 'autocannon'
  /** Closed loop: `connections` connections send as fast as answers come back. */
  saturate(baseUrl: string, workload: Workload, seconds: number): Promise<LoadResult>
}
