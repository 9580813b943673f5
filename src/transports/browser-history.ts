import type { JournalEntry } from '../generated/types.js'
import type { RequestJournal } from '../journal/journal.js'

/**
 * The page's request journal with the entries of the tab's earlier loads before it, so that a
 * reload does not hide what the page sent before it. The earlier entries are kept as they were
 * read (bodies capped, keys redacted); the live journal numbers on after them. A clear of the
 * live journal (reset(), DELETE /__mock/requests) forgets them too.
 */
export class JournalHistory {
  /** Newest first, as newestFirst() gives them. */
  private earlier: JournalEntry[]
  private seen: number

  constructor(
    private readonly journal: RequestJournal,
    earlier: JournalEntry[],
  ) {
    this.earlier = earlier.slice(0, journal.size)
    this.seen = journal.recorded
    // Only needed while there is something to forget: a clear followed by as many requests as
    // before it would otherwise look like no clear at all.
    if (this.earlier.length > 0) {
      journal.onEntry(() => {
        if (journal.recorded !== this.seen + 1) this.earlier = []
        this.seen = journal.recorded
      })
    }
  }

  get size(): number {
    return this.journal.size
  }

  /** Every kept entry, newest first: the live ones, then the earlier loads', at most `size` in all. */
  *newestFirst(): Generator<JournalEntry> {
    if (this.journal.recorded < this.seen) this.earlier = []
    this.seen = this.journal.recorded
    const offset = this.earlier[0]?.seq ?? 0
    let count = 0
    for (const entry of this.journal.newestFirst()) {
      if (count++ >= this.size) return
      yield offset === 0 ? entry : { ...entry, seq: entry.seq + offset }
    }
    for (const entry of this.earlier) {
      if (count++ >= this.size) return
      yield entry
    }
  }

  /** Drops the earlier loads' entries (the live journal is the mock's to clear). */
  forget(): void {
    this.earlier = []
  }
}
