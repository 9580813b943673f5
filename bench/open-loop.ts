// Latency at a fixed offered rate. Requests are due at even intervals whatever the answers do
// (an open loop), and each latency runs from when its request was due, not from when a free
// connection sent it: a server that stalls is charged for every request that waited, as a
// user's traffic would wait (no coordinated omission). Raw keep-alive sockets keep the client's
// own CPU use and event-loop delay small beside the server's on a two-CPU machine.
import { execFile } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import type { LoadResult, Workload } from './load-types.js'
import { fillBody } from './workloads.js'

/** Requests due within one timer tick leave together; node's timers tick at best every millisecond. */
const TICK_MS = 1

interface Connection {
  socket: net.Socket
  /** When the request in flight was due (ms, performance.now()); undefined when idle. */
  dueAt?: number
  pending: Buffer
}

export interface OpenLoopRun {
  baseUrl: string
  workload: Workload
  seconds: number
  rate: number
  connections: number
}

/** What a client process reports: the loop's result, how long it ran (s) and the CPUs it used meanwhile. */
export type ClientResult = LoadResult & { seconds: number; clientCpus: number }

/** The open loop run by a fresh client process (open-loop-client.ts). */
export function openLoopInClient(run: OpenLoopRun): Promise<ClientResult> {
  const client = path.join(path.dirname(fileURLToPath(import.meta.url)), 'open-loop-client.ts')
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', client, JSON.stringify(run)], (error, stdout) => {
      if (error) reject(error)
      else resolve(JSON.parse(stdout) as ClientResult)
    })
  })
}

export async function openLoop(baseUrl: string, workload: Workload, seconds: number, rate: number, connections: number): Promise<LoadResult> {
  const url = new URL(workload.path, baseUrl)
  const headers = Object.entries({ host: url.host, 'content-type': 'application/json', ...workload.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  const requestText = (n: number): string => {
    const body = workload.body === undefined ? '' : fillBody(workload.body, n, `open-${process.pid}-${Date.now()}`)
    return `${workload.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  }
  const fixedRequest = workload.body === undefined ? Buffer.from(requestText(0)) : undefined

  const total = Math.round(rate * seconds)
  const latencies = new Float64Array(total)
  let completed = 0
  let sent = 0
  let errors = 0
  let unexpected = 0
  const idle: Connection[] = []
  const backlog: number[] = []
  let finish: () => void = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))

  const send = (connection: Connection, dueAt: number): void => {
    connection.dueAt = dueAt
    connection.socket.write(fixedRequest ?? requestText(++sent))
  }
  const answered = (connection: Connection, status: number): void => {
    latencies[completed++] = performance.now() - connection.dueAt!
    if (status >= 400) unexpected++
    connection.dueAt = undefined
    const next = backlog.shift()
    if (next !== undefined) send(connection, next)
    else idle.push(connection)
    if (completed + errors >= total) finish()
  }

  const open = (): Promise<Connection> =>
    new Promise((resolve, reject) => {
      const connection: Connection = { socket: net.connect(Number(url.port), url.hostname), pending: Buffer.alloc(0) }
      connection.socket.setNoDelay(true)
      connection.socket.once('connect', () => resolve(connection))
      connection.socket.once('error', reject)
      connection.socket.on('data', (chunk: Buffer) => {
        connection.pending = connection.pending.length === 0 ? chunk : Buffer.concat([connection.pending, chunk])
        // One answer at a time per connection (no pipelining): the buffer holds at most one.
        const headerEnd = connection.pending.indexOf('\r\n\r\n')
        if (headerEnd < 0) return
        const head = connection.pending.toString('latin1', 0, headerEnd)
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
        if (connection.pending.length < headerEnd + 4 + length) return
        connection.pending = Buffer.alloc(0)
        answered(connection, Number(head.slice(9, 12)))
      })
    })
  const pool = await Promise.all(Array.from({ length: connections }, open))
  for (const connection of pool) {
    connection.socket.on('error', () => {
      errors++
      if (completed + errors >= total) finish()
    })
  }
  idle.push(...pool)

  // The client's own stalls delay its reading of answers and count as the server's latency.
  const clientDelay = monitorEventLoopDelay({ resolution: 1 })
  clientDelay.enable()
  const start = performance.now()
  const interval = 1000 / rate
  let scheduled = 0
  const tick = (): void => {
    const now = performance.now()
    for (; scheduled < total && start + scheduled * interval <= now; scheduled++) {
      const dueAt = start + scheduled * interval
      const connection = idle.pop()
      if (connection) send(connection, dueAt)
      else backlog.push(dueAt)
    }
    if (scheduled < total) setTimeout(tick, TICK_MS)
  }
  tick()
  // A request still unanswered long after the run is a stall worth reporting, not a wait forever.
  const giveUp = setTimeout(finish, seconds * 1000 + 10_000)
  await done
  clearTimeout(giveUp)
  clientDelay.disable()
  const elapsed = (performance.now() - start) / 1000
  for (const connection of pool) connection.socket.destroy()

  const sorted = latencies.subarray(0, completed).sort()
  const percentile = (p: number): number => (completed === 0 ? NaN : sorted[Math.min(completed - 1, Math.floor((p / 100) * completed))]!)
  // Every request not answered counts as an error: refused connections and those still waiting.
  return { rps: completed / elapsed, p50: percentile(50), p99: percentile(99), errors: total - completed, unexpected, clientStallMs: clientDelay.max / 1e6 }
}
