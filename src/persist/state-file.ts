import fs from 'node:fs'
import type { Mock } from '../mock.js'
import { FixtureError } from '../scenarios/fixture-error.js'
import { lockStateFile } from './file-lock.js'
import { digestOf, encodeWrite, type JournaledWrite } from './record-format.js'
import { readStateFile, StateFileError } from './state-reader.js'
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
 * StateFileError and left as it is.
 */
export async function openStateFile(file: string, createMock: (state: unknown) => Mock, compaction?: CompactionPolicy): Promise<PersistentMock> {
  let release: () => void
  try {
    release = lockStateFile(file)
  } catch (error) {
    throw unusable(file, error)
  }
  try {
    // Left by a crash in the middle of a snapshot; the state file beside it is whole.
    fs.rmSync(`${file}.tmp`, { force: true })
    let restored: Mock | undefined
    const saved = readStateFile(file, {
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
    if (saved) {
      // The file goes on as it is, its journal included: a restart needs no room on the disk
      // (a full one is what may have stopped the last run), only the torn end cut off.
      if (saved.tornBytes > 0) fs.truncateSync(file, saved.snapshotBytes + saved.journalBytes)
      writer.continueFile(saved.snapshotBytes, saved.journalBytes)
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
    release()
    throw unusable(file, error)
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
