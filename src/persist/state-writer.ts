import fs from 'node:fs'
import { promisify } from 'node:util'
import path from 'node:path'
import type { Store } from '../store/store.js'
import { HEADER, snapshotRecords } from './record-format.js'
import { createTemporarySync } from './safe-file.js'

const fsync = promisify(fs.fsync)
const fdatasync = promisify(fs.fdatasync)
const write = promisify(fs.write)
const close = promisify(fs.close)

/** When the journal is folded into a new snapshot: once it is `growth` times the snapshot's size and at least `minJournalBytes`. */
export interface CompactionPolicy {
  minJournalBytes?: number
  growth?: number
}

/** Journal records that go to disk together, and the promise that settles once they are there. */
class Batch {
  readonly lines: string[] = []
  snapshot = false
  readonly done: Promise<void>
  resolve!: () => void
  reject!: (error: Error) => void

  constructor() {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
    // Failures reach whoever waits on `done`; a batch nobody waited on must not crash the process.
    this.done.catch(() => undefined)
  }
}

/**
 * Appends journal records with group commit: records that arrive while the disk is busy are
 * written and fsynced together, so one fsync covers every write of a burst. When the journal
 * outgrows the last snapshot (or the whole state was replaced), it writes a new snapshot to a
 * temporary file, fsyncs it and renames it over the state file: at any instant the file on
 * disk is either the old one or the new one, never a mix. A write therefore costs its own
 * record plus, amortized, a constant share of a snapshot: never the whole state.
 */
export class StateWriter {
  private batch = new Batch()
  private running: Promise<void> | undefined
  private failure: Error | undefined
  private fd: number | undefined
  private journalBytes = 0
  private snapshotBytes = 0

  constructor(
    private readonly file: string,
    /** The state to snapshot: read when a snapshot starts, all in one go. */
    private readonly state: () => Store,
    private readonly compaction: CompactionPolicy = {},
  ) {}

  /**
   * Appends to a state file as it is on disk, through `fd` (opened for appending, and checked,
   * by openStateFile): a snapshot of `snapshotBytes` bytes and a journal of `journalBytes`.
   */
  continueFile(fd: number, snapshotBytes: number, journalBytes = 0): void {
    this.fd = fd
    this.snapshotBytes = snapshotBytes
    this.journalBytes = journalBytes
  }

  /** Saves one journal record; settles once it is on disk. */
  append(record: string): Promise<void> {
    this.batch.lines.push(record)
    return this.schedule()
  }

  /** Saves the whole state as it is now (after a reset or an import); settles once it is on disk. */
  snapshot(): Promise<void> {
    this.batch.snapshot = true
    return this.schedule()
  }

  /** Waits for every pending record, then leaves a file with no journal, so the next start replays nothing. */
  async close(): Promise<void> {
    try {
      if (!this.failure && (this.journalBytes > 0 || this.batch.lines.length > 0 || this.running)) await this.snapshot()
    } catch {
      // Said on stderr as it failed (drain); the file keeps its journal, which the next start replays.
    }
    if (this.fd !== undefined) await close(this.fd)
    this.fd = undefined
  }

  private schedule(): Promise<void> {
    const batch = this.batch
    if (this.failure) batch.reject(this.failure)
    // Waiting for the next turn lets the other requests of this turn join the batch.
    else this.running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain())
    return batch.done
  }

  private async drain(): Promise<void> {
    while (this.batch.lines.length > 0 || this.batch.snapshot) {
      const batch = this.batch
      this.batch = new Batch()
      try {
        if (batch.snapshot || this.fd === undefined || this.journalOutgrown()) {
          await this.writeSnapshot()
        } else {
          await this.appendLines(batch.lines)
        }
        batch.resolve()
      } catch (error) {
        const room = (error as NodeJS.ErrnoException).code === 'ENOSPC' ? ` (a new snapshot needs about ${megabytes(this.snapshotBytes + this.journalBytes)} free beside the file)` : ''
        this.failure = new Error(`saving to ${this.file} failed: ${(error as Error).message}${room}`)
        process.stderr.write(`sitemock: ${this.failure.message}; every answer from now on reports it\n`)
        batch.reject(this.failure)
        this.batch.reject(this.failure)
        break
      }
    }
    this.running = undefined
  }

  private journalOutgrown(): boolean {
    const { minJournalBytes = 1 << 20, growth = 1 } = this.compaction
    return this.journalBytes > Math.max(minJournalBytes, this.snapshotBytes * growth)
  }

  private async appendLines(lines: string[]): Promise<void> {
    const buffer = Buffer.from(lines.join(''))
    for (let offset = 0; offset < buffer.length; ) offset += (await write(this.fd!, buffer, offset, buffer.length - offset, null)).bytesWritten
    await fdatasync(this.fd!)
    this.journalBytes += buffer.length
  }

  private async writeSnapshot(): Promise<void> {
    // 0600, under a random name, created exclusively: the state holds every key, and the
    // x-api-key of each journaled write, so no name planted beside the file may receive it.
    const temporary = createTemporarySync(this.file)
    let bytes: number
    try {
      // Synchronous on purpose: no request runs until the whole state is in the file, so the
      // snapshot is one consistent state. Writes arriving meanwhile go to the next batch.
      bytes = writeAllSync(temporary.fd, fileRecords(this.state()))
      await fsync(temporary.fd)
      fs.renameSync(temporary.path, this.file)
    } catch (error) {
      await close(temporary.fd)
      fs.rmSync(temporary.path, { force: true })
      throw error
    }
    if (this.fd !== undefined) await close(this.fd)
    // The journal goes on through the descriptor the snapshot was written with: the path is
    // never opened again, so nothing put there meanwhile is appended to.
    this.fd = temporary.fd
    this.snapshotBytes = bytes
    this.journalBytes = 0
    await syncDirectory(path.dirname(this.file))
  }
}

/** A size for people: megabytes with one decimal, at least 0.1 MB. */
export function megabytes(bytes: number): string {
  return `${Math.max(0.1, Math.ceil(bytes / 1e5) / 10).toFixed(1)} MB`
}

function* fileRecords(store: Store): Generator<string> {
  yield `${HEADER}\n`
  yield* snapshotRecords(store)
}

function writeAllSync(fd: number, records: Iterable<string>): number {
  let total = 0
  let pending: string[] = []
  let pendingLength = 0
  const flush = (): void => {
    const buffer = Buffer.from(pending.join(''))
    for (let offset = 0; offset < buffer.length; ) offset += fs.writeSync(fd, buffer, offset, buffer.length - offset)
    total += buffer.length
    pending = []
    pendingLength = 0
  }
  for (const record of records) {
    pending.push(record)
    pendingLength += record.length
    if (pendingLength > 1 << 20) flush()
  }
  flush()
  return total
}

/** Makes a rename durable: the directory entry is on disk too (Windows cannot open a directory, nor needs to). */
async function syncDirectory(directory: string): Promise<void> {
  if (process.platform === 'win32') return
  const fd = fs.openSync(directory, 'r')
  try {
    await fsync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
