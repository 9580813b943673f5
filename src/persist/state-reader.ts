import fs from 'node:fs'
import { appendChunk, type ExportChunk } from '../scenarios/export-state.js'
import { readLines } from './read-lines.js'
import { asWrite, decodeRecord, HEADER, type JournaledWrite } from './record-format.js'

/** A state file that cannot be trusted: it is refused as it is and never overwritten. */
export class StateFileError extends Error {
  constructor(path: string, problem: string) {
    super(`the state file ${path} ${problem}. It was left untouched: move it away (or point --state-file elsewhere) to start afresh, or restore a backup.`)
  }
}

/** What a state file holds, in the order it is read: the snapshot, then each journaled write, oldest first. */
export interface StateFileVisitor {
  snapshot(fixture: unknown): void
  write(write: JournaledWrite, index: number): void
}

export interface SavedState {
  writes: number
  /** The bytes of the file's header and snapshot, before its journal. */
  snapshotBytes: number
  /** The bytes of its journal's whole records. */
  journalBytes: number
  /**
   * Bytes at the end of the file that are not a whole record: a write cut short by a crash.
   * Such a write was never answered (answers wait for the disk), so it is dropped.
   */
  tornBytes: number
}

const COLLECTIONS = new Set<string>(['workspaces', 'sites', 'locales', 'pages', 'routes'])

/**
 * Reads the file (open as `fd`; `path` names it in errors) record by record, handing the
 * snapshot and then each write to the visitor as they come, so a long journal is replayed
 * without being held. A StateFileError when it cannot be trusted (possibly after some writes
 * were visited).
 */
export function readStateFile(path: string, fd: number, visitor: StateFileVisitor): SavedState {
  const size = fs.fstatSync(fd).size
  let fixture: SnapshotDocument | undefined = { version: 1, randomState: 0, workspaces: [], sites: [], locales: [], pages: [], routes: [] }
  let writes = 0
  let phase = 'header' as 'header' | 'snapshot' | 'journal'
  let torn: { offset: number; line: number } | undefined
  let lineNumber = 0
  let journalStart = 0
  readLines(fd, (line, offset, complete) => {
    lineNumber++
    if (phase === 'header') {
      if (line.toString('latin1') !== HEADER || !complete) throw new StateFileError(path, `is not a sitemock state file (its first line is not "${HEADER}")`)
      return void (phase = 'snapshot')
    }
    const record = complete ? decodeRecord(line) : undefined
    if (torn) {
      // A good record after a bad one is damage in the middle of the file, not a cut-short end.
      if (record !== undefined) throw new StateFileError(path, `is corrupt: line ${torn.line} fails its checksum but later records are intact`)
      return
    }
    if (phase === 'snapshot') {
      if (record === undefined) throw new StateFileError(path, `is corrupt: line ${lineNumber} of its snapshot ${complete ? 'fails its checksum' : 'is cut short'}`)
      if (!applySnapshotRecord(fixture!, record, lineNumber === 2)) throw new StateFileError(path, `is corrupt: line ${lineNumber} is not a snapshot record`)
      if ((record as { snapshot: string }).snapshot === 'end') {
        phase = 'journal'
        journalStart = offset + line.length + 1
        visitor.snapshot(fixture)
        fixture = undefined
      }
      return
    }
    const write = record === undefined ? undefined : asWrite(record)
    if (record !== undefined && write === undefined) throw new StateFileError(path, `is corrupt: line ${lineNumber} is not a journal record`)
    if (write) visitor.write(write, writes++)
    else torn = { offset, line: lineNumber }
  })
  if (phase !== 'journal') throw new StateFileError(path, phase === 'header' ? 'is empty' : 'is corrupt: its snapshot is incomplete')
  const tornBytes = torn ? size - torn.offset : 0
  return { writes, tornBytes, snapshotBytes: journalStart, journalBytes: size - tornBytes - journalStart }
}

type SnapshotDocument = Parameters<typeof appendChunk>[0] & { version: number; randomState: number }

function applySnapshotRecord(fixture: SnapshotDocument, record: unknown, first: boolean): boolean {
  const { snapshot, items, randomState } = record as { snapshot?: unknown; items?: unknown; randomState?: unknown }
  if (first !== (snapshot === 'begin')) return false
  if (snapshot === 'begin') {
    if (typeof randomState !== 'number') return false
    fixture.randomState = randomState
    return true
  }
  if (snapshot === 'end') return true
  if (typeof snapshot !== 'string' || !COLLECTIONS.has(snapshot) || !Array.isArray(items)) return false
  // The items are checked when the document is loaded, like any fixture's.
  appendChunk(fixture, { collection: snapshot, items } as ExportChunk)
  return true
}
