import autocannon from 'autocannon'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  errors: number
  /** Responses whose status was not the one the workload expects. */
  unexpected: number
}

export interface Workload {
  name: string
  method?: 'GET' | 'POST' | 'PATCH'
  path: string
  headers?: Record<string, string>
  /** A fresh body per request (e.g. a new pathname for every create). */
  body?: () => string
  expectStatus: number
}

export const LOAD = { connections: 50, warmupSeconds: 2, durationSeconds: 6 }

/** Warm up, then measure: 50 connections for a fixed duration. */
export async function measure(baseUrl: string, workload: Workload): Promise<LoadResult> {
  await run(baseUrl, workload, LOAD.warmupSeconds)
  return run(baseUrl, workload, LOAD.durationSeconds)
}

async function run(baseUrl: string, workload: Workload, duration: number): Promise<LoadResult> {
  let unexpected = 0
  const result = await autocannon({
    url: baseUrl,
    connections: LOAD.connections,
    duration,
    requests: [
      {
        method: workload.method ?? 'GET',
        path: workload.path,
        headers: { 'content-type': 'application/json', ...workload.headers },
        setupRequest: (request) => (workload.body ? { ...request, body: workload.body() } : request),
        onResponse: (status) => {
          if (status !== workload.expectStatus) unexpected++
        },
      },
    ],
  })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, unexpected }
}
