// The load generators. wrk (closed loop, saturation throughput) needs far less CPU than a Node
// client, so on a small machine it measures the server rather than itself; autocannon stays as
// the fallback where wrk cannot be installed. The runs at a fixed rate have their own client (open-loop.ts).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import type { GcPause } from './processes.js'
import { fillBody } from './workloads.js'

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

export const LOAD = { connections: 50 }

export interface LoadGenerator {
  name: 'wrk' | 'autocannon'
  /** Closed loop: `connections` connections send as fast as answers come back. */
  saturate(baseUrl: string, workload: Workload, seconds: number): Promise<LoadResult>
}

let runs = 0
const uniqueTag = (): string => `${process.pid}-${Date.now().toString(36)}-${++runs}`

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

const luaString = (text: string): string => `[==[${text}]==]`

/**
 * A wrk script for the workload. A body needs a request() function, which costs wrk a Lua call
 * per request; every other workload sends wrk's one prebuilt request. done() prints the
 * figures as JSON, so nothing depends on wrk's human-readable layout.
 */
function wrkScript(workload: Workload, tag: string): string {
  const headers = Object.entries({ 'content-type': 'application/json', ...workload.headers })
    .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
    .join('\n')
  const request = workload.body
    ? `local counter = 0
local template = ${luaString(workload.body)}
request = function()
  counter = counter + 1
  local body = template:gsub("{n}", tostring(counter)):gsub("{tag}", ${luaString(tag)})
  return wrk.format(nil, nil, nil, body)
end`
    : ''
  return `wrk.method = ${luaString(workload.method ?? 'GET')}
${headers}
${request}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_RESULT {\\"requests\\":%d,\\"micros\\":%d,\\"p50\\":%d,\\"p99\\":%d,\\"status\\":%d,\\"socket\\":%d}\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
`
}

const wrk: LoadGenerator = {
  name: 'wrk',
  async saturate(baseUrl, workload, seconds) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-wrk-'))
    const script = path.join(dir, 'workload.lua')
    fs.writeFileSync(script, wrkScript(workload, uniqueTag()))
    try {
      // One thread: the server under test keeps the other CPU of a two-CPU machine.
      const output = await runProcess('wrk', ['-t1', `-c${LOAD.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, baseUrl + workload.path])
      const line = /WRK_RESULT (.*)/.exec(output)
      if (!line) throw new Error(`wrk printed no result:\n${output}`)
      const r = JSON.parse(line[1]!) as { requests: number; micros: number; p50: number; p99: number; status: number; socket: number }
      return { rps: r.requests / (r.micros / 1e6), p50: r.p50 / 1000, p99: r.p99 / 1000, errors: r.socket, unexpected: r.status }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  },
}

function runProcess(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn(command, args)
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`))))
  })
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
