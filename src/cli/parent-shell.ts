import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * `npx sitemock serve &` then `kill $!`: npm passes SIGTERM on to the shell it runs the command
 * in (npm → sh -c 'sitemock' serve ... → node), and the shell ends without passing it on; make,
 * npm scripts and CI runners run commands through `sh -c` alike. So when sitemock runs in the
 * foreground of a `sh -c` command, it watches that shell: once the shell is gone (the parent
 * process changes), `callback` runs as SIGTERM would. Not when the command sends sitemock to
 * the background itself (`sitemock serve &`): that shell ends at once by design, and the server
 * is meant to outlive it. Returns the function that stops watching.
 */
export function whenShellEnds(callback: () => void): () => void {
  const parent = process.ppid
  const command = shellCommand(parent)
  if (command === undefined || runsInBackground(command)) return () => {}
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    callback()
  }, PARENT_CHECK_MS)
  // The watch alone must not keep the process running once the server has closed.
  timer.unref()
  return () => clearInterval(timer)
}

/** How often the parent is looked at: a kill is answered within this, at the cost of one system call. */
const PARENT_CHECK_MS = 200

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ash'])

/** The command text of process `pid` when it is a shell running `-c TEXT`, else undefined. */
export function shellCommand(pid: number): string | undefined {
  const args = argumentsOf(pid)
  if (args === undefined || !SHELLS.has(path.basename(args[0] ?? '')) || !/^-\w*c\w*$/.test(args[1] ?? '')) return undefined
  return args.slice(2).join(' ')
}

/** Whether a shell command puts something in the background: a lone `&`, not `&&`, `2>&1` or `&>`. */
export function runsInBackground(command: string): boolean {
  return /(^|[^&<>])&(?![&>])/.test(command)
}

/** A process's arguments: Linux's /proc, else ps (macOS; its words split at spaces, enough to tell a shell's -c); Windows has no sh. */
function argumentsOf(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1)
  } catch {
    if (process.platform === 'win32') return undefined
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split(' ')
    } catch {
      return undefined
    }
  }
}
