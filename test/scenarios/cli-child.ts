import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeForOthers } from '../support/node-for-others.js'
import { sitemockArgs } from '../support/sitemock-command.js'

export const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** `sitemock ...` as a real child process: the built bin when dist/ is fresh, else the sources, so it never runs a stale build. */
export class CliChild {
  readonly process: ChildProcessWithoutNullStreams
  stdout = ''
  stderr = ''

  /** `as` runs it as another user (the tests run it as nobody when they run as root). */
  constructor(args: string[], as: { uid?: number; gid?: number; env?: Record<string, string> } = {}) {
    this.process = spawn(as.uid === undefined ? process.execPath : nodeForOthers(), [...sitemockArgs(), ...args], {
      cwd: ROOT,
      ...(as.uid === undefined ? {} : { uid: as.uid, gid: as.gid }),
      env: { ...process.env, ...as.env },
    })
    this.process.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()))
    this.process.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()))
  }

  /** Resolves once `pattern` appears in stdout (or stderr), with what matched. */
  async waitFor(pattern: RegExp, stream: 'stdout' | 'stderr' = 'stdout', timeoutMs = 20_000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const match = pattern.exec(this[stream])
      if (match) return match
      if (this.process.exitCode !== null || this.process.signalCode !== null) throw new Error(`exited (${this.process.exitCode}) before ${pattern}; stdout:\n${this.stdout}\nstderr:\n${this.stderr}`)
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; stdout:\n${this.stdout}\nstderr:\n${this.stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /** The base URL, once the server listens: from the banner, or under --log json from the first JSON line. */
  async url(): Promise<string> {
    const match = await this.waitFor(/listening on (http:\/\/\S+)|^\{"event":"listening","url":"([^"]+)"\}$/m)
    return match[1] ?? match[2]!
  }

  /** The exit code; -1 when a signal ended the process. */
  async exit(): Promise<number> {
    if (this.process.exitCode === null && this.process.signalCode === null) await once(this.process, 'exit')
    return this.process.exitCode ?? -1
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number> {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill(signal)
    return this.exit()
  }
}

export async function getJson<T>(url: string, key?: string): Promise<T> {
  const response = await fetch(url, { headers: key ? { 'x-api-key': key } : {} })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}
