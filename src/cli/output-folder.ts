import fs from 'node:fs'
import path from 'node:path'
import { UsageError } from './args.js'

/**
 * Creates the folders a file given on the command line goes in (as `mkdir -p` would), before
 * any work: `--output reports/run.json` in a fresh checkout just works, and a path that cannot
 * hold a file (a folder named like a file) is one line up front, not a failure after the run.
 */
export function createFolderFor(flag: string, file: string): void {
  const folder = path.dirname(path.resolve(file))
  try {
    fs.mkdirSync(folder, { recursive: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'EEXIST' || code === 'ENOTDIR' ? 'a file of that name is in the way' : (code ?? (error as Error).message)
    throw new UsageError(`${flag} ${file}: cannot create its folder ${folder}: ${reason}`, false)
  }
}
