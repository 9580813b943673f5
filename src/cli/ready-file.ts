import fs from 'node:fs'
import { writeFileSafelySync } from '../persist/safe-file.js'
import { createFolderFor } from './output-folder.js'

/**
 * `serve --ready-file FILE`: the base URL, in FILE once the server listens, so that a script
 * waits with `until [ -s FILE ]` and reads the URL with `cat`, with no JSON tool. A file left by
 * an earlier run is removed before the server starts, and the file is removed when it stops:
 * FILE is there exactly while the server answers (unless the process is killed outright).
 */
export class ReadyFile {
  constructor(private readonly file: string) {
    createFolderFor('--ready-file', file)
    fs.rmSync(file, { force: true })
  }

  /** Written whole (a file beside it, renamed): a reader never sees part of the URL. */
  listening(url: string): void {
    writeFileSafelySync(this.file, `${url}\n`)
  }

  stopping(): void {
    fs.rmSync(this.file, { force: true })
  }
}
