// The load generators. wrk (closed loop, saturation throughput) needs far less CPU than a Node
// client, so on a small machine it measures the server rather than itself; autocannon stays as
// the fallback where wrk cannot be installed. The runs at a fixed rate have their own client (open-loop.ts).
import { execFileSync, spawnSync } from 'node:child_process'
import autocannon from 'autocannon'
import type { LoadGenerator, LoadResult, Workload } from './load-types.js'
import { fillBody } from './workloads.js'
import { LOAD, uniqueTag, wrk } from './wrk.js'

export { LOAD }

/** wrk when it is installed or can be (apt-get as root, as the tests install Chromium); otherwise autocannon, with a warning. */
export function chooseLoadGenerator(log: (line: string) => void): LoadGenerator {
  if (hasWrk() || installWrk(log)) return wrk
  log('WARNING: wrk is not installed and cannot be installed here (apt-get install wrk); using autocannon, whose own CPU use caps')
  log('         the throughput it can measure on a small machine: every ratio to the limit reads higher than it is.')
  return autocannonGenerator
}

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined
}

function installWrk(log: (line: string) => void): boolean {
  if (process.getuid?.() !== 0) return false
  log('Installing wrk (apt-get install wrk) for the benchmark...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env })
  } catch {
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env })
      execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env })
    } catch {
      return false
    }
  }
  return hasWrk()
}

const autocannonGenerator: LoadGenerator = {
  name: 'autocannon',
  saturate: (baseUrl, workload, seconds) => runAutocannon(baseUrl, workload, seconds),
}

async function runAutocannon(baseUrl: string, workload: Workload, seconds: number): Promise<LoadResult> {
  let unexpected = 0
  let n = 0
  const tag = uniqueTag()
  const result = await autocannon({
    url: baseUrl,
    connections: LOAD.connections,
    duration: seconds,
    requests: [
      {
        method: workload.method ?? 'GET',
        path: workload.path,
        headers: { 'content-type': 'application/json', ...workload.headers },
        setupRequest: (request) => (workload.body ? { ...request, body: fillBody(workload.body, ++n, tag) } : request),
        onResponse: (status) => {
          if (status >= 400) unexpected++
        },
      },
    ],
  })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, unexpected }
}
