import type { JournalEntry } from '../generated/types.js'
import { DEFAULT_JOURNAL_SIZE } from '../journal/journal.js'

/**
 * The proxy's journal: the last `size` exchanges it forwarded, in the request journal's shape
 * (GET /__mock/requests reads both alike), each with the findings it showed. A proxy forwards
 * over the network, so plain objects do here what the mock's typed arrays do for its speed.
 */
export class ExchangeJournal {
  private readonly entries: JournalEntry[] = []
  private seq = 0
  private recordedSinceClear = 0

  constructor(readonly size = DEFAULT_JOURNAL_SIZE) {}

  get recorded(): number {
    return this.recordedSinceClear
  }

  /** The next entry's number. */
  nextSeq(): number {
    return ++this.seq
  }

  add(entry: JournalEntry): void {
    this.recordedSinceClear++
    if (this.size === 0) return
    this.entries.push(entry)
    if (this.entries.length > this.size) this.entries.shift()
  }

  *newestFirst(): Generator<JournalEntry> {
    for (let i = this.entries.length - 1; i >= 0; i--) yield this.entries[i]!
  }

  clear(): void {
    this.entries.length = 0
    this.recordedSinceClear = 0
  }
}
