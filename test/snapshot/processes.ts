import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Credentials, Fixture, JournalPage } from '../../src/generated/types.js'

export const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sitemock.js')

/** A `sitemock serve` process on an ephemeral port, and what it has printed so far. */
export interface ServeProcess {
  url: string
  child: ChildProcessWithoutNullStreams
  output(): string
  credentials(): Promise<Credentials>
  journal(): Promise<JournalPage>
  state(): Promise<Fixture>
  stop(): Promise<void>
}

export function sitemock(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args])
}

export async function startServe(args: string[]): Promise<ServeProcess> {
  const child = sitemock(['serve', '--port', '0', ...args])
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sitemock serve did not start; printed:\n${output}`)), 20_000)
    const look = (): void => {
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (!found || !output.includes('All credentials')) return
      clearTimeout(timer)
      child.stdout.off('data', look)
      resolve(found[1]!)
    }
    child.stdout.on('data', look)
    child.once('exit', () => reject(new Error(`sitemock serve exited; printed:\n${output}`)))
  })
  const control = async <T>(route: string): Promise<T> => (await (await fetch(`${url}/__mock/${route}`)).json()) as T
  return {
    url,
    child,
    output: () => output,
    credentials: () => control<Credentials>('credentials'),
    journal: () => control<JournalPage>('requests?limit=10000'),
    state: () => control<Fixture>('state'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGKILL')
      await once(child, 'exit')
    },
  }
}

export interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `sitemock snapshot` to its end; `during` may act on the running process. */
export async function runSnapshot(args: string[], during?: (child: ChildProcessWithoutNullStreams) => void): Promise<Finished> {
  const child = sitemock(['snapshot', ...args])
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  during?.(child)
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stdout, stderr }
}

/** Resolves once `count` lines of the target's request log name `pattern`. */
export function afterRequests(target: ServeProcess, pattern: RegExp, count: number): Promise<void> {
  return new Promise((resolve) => {
    const look = (): void => {
      const seen = target.output().split('\n').filter((line) => pattern.test(line)).length
      if (seen < count) return
      target.child.stdout.off('data', look)
      resolve()
    }
    target.child.stdout.on('data', look)
    look()
  })
}
