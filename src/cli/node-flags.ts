import { spawn } from 'node:child_process'
import { whenShellEnds } from './parent-shell.js'

/**
 * Node flags the server runs with. V8's memory reducer (on by default) starts a collection that
 * shrinks the heap once a process has been idle for a while, at the latest about 100 s after the
 * last collection. On Node 20, node:http answers 25 to 35% fewer requests per second for the
 * rest of the process's life after that collection: sitemock and a bare node:http server alike
 * (docs/performance.md). A mock idles between test runs, so it would meet this every day. V8 reads
 * the flag only when the process starts, so `serve` starts node again with it.
 */
export const SERVE_NODE_FLAGS: readonly string[] = ['--no-memory-reducer']

/** Marks the process that `serve` started again: it stops when the one that started it is gone. */
const RESPAWNED = 'SITEMOCK_RESPAWNED'

/**
 * The node arguments that run this command again with SERVE_NODE_FLAGS, or undefined when the
 * process already has them, or runs under an inspector (a second process could not take its port,
 * and whoever debugs wants this process).
 */
export function respawnArguments(execArgv: readonly string[], argv: readonly string[]): string[] | undefined {
  if (SERVE_NODE_FLAGS.every((flag) => execArgv.includes(flag))) return undefined
  if (execArgv.some((flag) => flag.startsWith('--inspect'))) return undefined
  return [...execArgv, ...SERVE_NODE_FLAGS.filter((flag) => !execArgv.includes(flag)), ...argv.slice(1)]
}

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Runs the command again in a node started with `args` and resolves to its exit code. Its output
 * goes straight to this process's streams; SIGINT, SIGTERM and SIGHUP are passed on; a child
 * killed by a signal makes this process end by the same signal, as a shell expects.
 */
export function runRespawned(args: string[]): Promise<number> {
  const child = spawn(process.execPath, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, [RESPAWNED]: '1' } })
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal)
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward)
  const stopWatching = whenShellEnds(() => forward('SIGTERM'))
  return new Promise((resolve) => {
    child.once('error', (error) => {
      process.stderr.write(`sitemock: could not start node again with ${SERVE_NODE_FLAGS.join(' ')}: ${error.message}\n`)
      resolve(1)
    })
    child.once('exit', (code, signal) => {
      for (const name of FORWARDED_SIGNALS) process.off(name, forward)
      stopWatching()
      if (signal !== null) process.kill(process.pid, signal)
      resolve(code ?? 1)
    })
  })
}

/**
 * Calls `stop` when the process that started the server is gone, so that a server is never left
 * behind on its port: in a process that `serve` started again, its starter (killed outright,
 * with no signal to pass on); otherwise the `sh -c` command it runs in the foreground of (see whenShellEnds).
 */
export function stopWithParent(stop: () => void): void {
  if (process.env[RESPAWNED] !== '1' || !process.channel) return void whenShellEnds(stop)
  // Not passed on to whatever the server itself starts.
  delete process.env[RESPAWNED]
  process.once('disconnect', stop)
  // The channel alone must not keep the process running once the server has closed.
  process.channel.unref()
}

