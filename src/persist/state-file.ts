import fs from 'node:fs'
import path from 'node:path'
import type { Mock } from '../mock.js'
import { FixtureError } from '../scenarios/fixture-error.js'
import { lockStateFile } from './file-lock.js'
import { digestOf, encodeWrite, type JournaledWrite } from './record-format.js'
import { isTemporaryOf, openTrustedSync } from './safe-file.js'
import { readStateFile, StateFileError, type SavedState } from './state-reader.js'
import { StateWriter, type CompactionPolicy } from './state-writer.js'

export { StateFileError } from './state-reader.js'

export interface PersistentMock {
  mock: Mock
  /**
   * Set when the state came from the file: how many journaled writes were replayed, how many
   * torn bytes dropped, and the bytes of free room folding the journal into a snapshot will take.
   */
  restored: { writes: number; tornBytes: number; compactionBytes: number } | undefined
  /** Saves what is pending, leaves a file without journal, and releases the file. */
  close(): Promise<void>
}

/**
 * A mock whose state lives in `file`: loaded from it at start (its snapshot, then its journal
 * replayed), or created from the scenario when there is no file yet; from then on every write
 * is on disk before its response is sent. A file that cannot be trusted is refused with a
 * StateFileError and left as it is; one that another user owns, or that group or others may
 * write to, or a symlink, with an UntrustedFileError: they could choose the state served and
 * read every write appended.
 */
export async function openStateFile(file: string, createMock: (state: unknown) => Mock, compaction?: CompactionPolicy): Promise<PersistentMock> {
  let release: () => void
  try {
    release = lockStateFile(file)
  } catch (error) {
    throw unusable(file, error)
  }
  let fd: number | undefined
  try {
    removeOwnLeftovers(file)
    // Read and appended to through one descriptor, checked once: the path is not opened again.
    fd = openTrustedSync(file, 'state file', { write: true })
    let restored: Mock | undefined
    const saved: SavedState | undefined = fd === undefined ? undefined : readStateFile(file, fd, {
      snapshot(fixture) {
        try {
          restored = createMock(fixture)
        } catch (error) {
          if (error instanceof FixtureError) throw new StateFileError(file, `holds a snapshot that is not a valid state:\n${error.message}\n`)
          throw error
        }
      },
      write: (write, index) => replay(file, restored!, write, index),
    })
    const mock = restored ?? createMock(undefined)
    const writer = new StateWriter(file, () => mock.store, compaction)
    if (saved && fd !== undefined) {
      // The file goes on as it is, its journal included: a restart needs no room on the disk
      // (a full one is what may have stopped the last run), only the torn end cut off.
      if (saved.tornBytes > 0) fs.ftruncateSync(fd, saved.snapshotBytes + saved.journalBytes)
      writer.continueFile(fd, saved.snapshotBytes, saved.journalBytes)
      fd = undefined
    } else {
      await writer.snapshot()
    }
    mock.onChange((change) => (change.kind === 'replace' ? writer.snapshot() : writer.append(encodeWrite(change))))
    return {
      mock,
      restored: saved && { writes: saved.writes, tornBytes: saved.tornBytes, compactionBytes: saved.snapshotBytes + saved.journalBytes },
      close: async () => {
        try {
          await writer.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd)
    release()
    throw unusable(file, error)
  }
}

/**
 * Snapshots a crash left half written beside the file (the file itself is whole). Only this
 * user's: the folder may be shared, and the lock says no other process of this file runs.
 */
function removeOwnLeftovers(file: string): void {
  const folder = path.dirname(file)
  let names: string[]
  try {
    names = fs.readdirSync(folder)
  } catch {
    return
  }
  for (const name of names.filter((entry) => isTemporaryOf(file, entry))) {
    try {
      const stat = fs.lstatSync(path.join(folder, name))
      if (stat.isFile() && stat.uid === process.getuid?.()) fs.rmSync(path.join(folder, name))
    } catch {
      // Gone meanwhile, or not ours to remove: it is never read either way.
    }
  }
}

/** A state file the system will not let sitemock use (EACCES, EROFS, ENOSPC, ...), as a StateFileError naming the file and the cause. */
function unusable(file: string, error: unknown): unknown {
  const { code, message } = error as NodeJS.ErrnoException
  if (code === undefined) return error
  return new StateFileAccessError(file, message.startsWith(`${code}: `) ? message.slice(code.length + 2).replace(/, \w+ '.*'$/, '') : message, code)
}

/** A state file that exists or would be created but cannot be written: nothing about its content. */
export class StateFileAccessError extends Error {
  constructor(file: string, cause: string, code: string) {
    super(`the state file ${file} cannot be used: ${cause} (${code}). Make it writable by this user (its folder too), or point --state-file elsewhere.`)
  }
}

function replay(file: string, mock: Mock, write: JournaledWrite, index: number): void {
  const response = mock.replay(write)
  if (response.status === write.status && digestOf(response) === write.digest) return
  const { method, path } = write.request
  throw new StateFileError(
    file,
    `cannot be replayed: its journaled write #${index + 1} (${method} ${path}, answered ${write.status}) now answers ${response.status}` +
      (response.status === write.status ? ' with another body' : '') +
      '; the file was written by another version of sitemock, or edited',
  )
}
