import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The CLI as the package installs it. */
export const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sitemock.js')

/** Runs the built CLI (bin/sitemock.js) with these arguments. */
export function start(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } })
}

/** Resolves with the output once `pattern` appears in stdout. */
export async function waitFor(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; got:\n${output}`)), 15_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (pattern.test(output)) {
        clearTimeout(timer)
        resolve(output)
      }
    })
    child.once('exit', () => reject(new Error(`exited before ${pattern}; got:\n${output}`)))
  })
}
