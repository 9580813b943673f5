// wrk, closed loop at saturation, on its own: load.ts chooses it, and a script without the
// fallback client (test-loop.ts) calls it directly.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LoadGenerator, Workload } from './load-types.js'

/** Connections of every closed-loop run. */
export const LOAD = { connections: 50 }

let runs = 0
export const uniqueTag = (): string => `${process.pid}-${Date.now().toString(36)}-${++runs}`

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

export const wrk: LoadGenerator = {
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

export function runProcess(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn(command, args)
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`))))
  })
}

