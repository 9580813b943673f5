import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { FixtureError } from './fixture-error.js'

/**
 * Calls `reload` whenever the file's content changes. The directory is watched rather than the
 * file, because editors save by writing a new file and renaming it over the old one. A reload
 * that throws a FixtureError (a bad edit) is reported and otherwise ignored: the mock keeps
 * the state it had. Returns a function that stops watching.
 */
export function watchFixtureFile(file: string, reload: () => void, report: { info(line: string): void; error(line: string): void }): () => void {
  let last = contentHash(file)
  let timer: NodeJS.Timeout | undefined
  const check = (): void => {
    const hash = contentHash(file)
    if (hash === undefined || hash === last) return
    last = hash
    try {
      reload()
      report.info(`sitemock: reloaded ${file}`)
    } catch (error) {
      if (!(error instanceof FixtureError)) throw error
      report.error(`sitemock: ${error.message}\nsitemock: the edit was ignored; the state is unchanged\n`)
    }
  }
  const watcher = fs.watch(path.dirname(path.resolve(file)), (_event, name) => {
    if (name !== path.basename(file)) return
    // An editor's save can fire several events; read once they stop.
    clearTimeout(timer)
    timer = setTimeout(check, 50)
  })
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}

/** undefined while the file is missing (between an editor's delete and rename). */
function contentHash(file: string): number | undefined {
  try {
    return zlib.crc32(fs.readFileSync(file))
  } catch {
    return undefined
  }
}
