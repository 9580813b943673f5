import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Milliseconds from spawn to the listening line: for sitemock, the time to load its state. */
  startMs: number
  rssMb(): number
  /** CPU time of the process's main thread (the event loop) so far, in seconds. */
  mainThreadCpuSeconds(): number
  /** CPU time of the whole process so far (the event loop, the collector's threads, libuv's pool), in seconds. */
  processCpuSeconds(): number
  /** The collections V8 reported so far (node --trace-gc), oldest first; empty without that flag. */
  gcPauses: GcPause[]
  stop(): Promise<void>
}

/** One garbage collection as node --trace-gc prints it: how long the event loop stood still. */
export interface GcPause {
  kind: string
  ms: number
  /** The heap's size before the collection. */
  heapMb: number
}

// "[27390:0x40672770]  1259 ms: Mark-Compact 84.4 (111.1) -> 82.0 (116.8) MB, 87.48 / 0.01 ms ..."
const GC_LINE = /\d+ ms: ([A-Za-z -]+?(?: \([a-z]+\))?) ([\d.]+) \([\d.]+\) -> [\d.]+ \([\d.]+\) MB, ([\d.]+) \//

/** Spawns a server and waits for the line that names its URL. */
export async function startServer(command: string, args: string[], urlPattern: RegExp, timeoutMs = 120_000): Promise<ServerProcess> {
  const started = performance.now()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const match = urlPattern.exec(output)
      if (match) {
        clearTimeout(timer)
        // From here on the output is only drained: matching it again on every chunk would cost
        // the load generator more with each request a chatty server logs.
        child.stdout!.off('data', onData)
        child.stderr!.off('data', onData)
        resolve(match[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)))
  })
  const startMs = performance.now() - started
  // Keep draining output so a chatty server never blocks on a full pipe; only GC lines are read.
  const gcPauses: GcPause[] = []
  let partial = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop()!
    for (const line of lines) {
      const gc = GC_LINE.exec(line)
      if (gc) gcPauses.push({ kind: gc[1]!, heapMb: Number(gc[2]), ms: Number(gc[3]) })
    }
  })
  child.stderr!.resume()
  return {
    url,
    child,
    startMs,
    gcPauses,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
    },
    mainThreadCpuSeconds: () => cpuSeconds(`/proc/${child.pid}/task/${child.pid}/stat`),
    processCpuSeconds: () => cpuSeconds(`/proc/${child.pid}/stat`),
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit')
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5000).unref()
      }),
  }
}

/** Fields 14 and 15 of a /proc stat file (a process's or one thread's): user and system time in clock ticks (100 a second). */
function cpuSeconds(statFile: string): number {
  const fields = fs.readFileSync(statFile, 'utf8').replace(/^.*\) /, '').split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}
