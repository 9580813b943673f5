import fs from 'node:fs'
import { createNewFileSync } from './safe-file.js'

/** Another running process holds the state file: refused like any state file that cannot be used. */
export class StateFileBusyError extends Error {}

/**
 * One process per state file: two writers would interleave their journals. The lock is a file
 * holding the owner's pid; a lock left by a process that no longer runs (kill -9) is taken over.
 */
export function lockStateFile(file: string): () => void {
  const lock = `${file}.lock`
  for (let attempt = 0; ; attempt++) {
    try {
      createNewFileSync(lock, String(process.pid))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error
      const owner = Number(fs.readFileSync(lock, 'utf8'))
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new StateFileBusyError(`the state file ${file} is in use by process ${owner} (lock ${lock}); stop it first, or use another --state-file`)
      }
      fs.rmSync(lock, { force: true })
    }
  }
  let held = true
  const release = (): void => {
    if (held) fs.rmSync(lock, { force: true })
    held = false
    process.off('exit', release)
  }
  process.on('exit', release)
  return release
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  // A killed process nobody has reaped yet (a zombie) still answers signal 0, but holds nothing.
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}
