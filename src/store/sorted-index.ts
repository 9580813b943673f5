/**
 * Records kept sorted by a comparator that is a total order (ties broken by id): a position is
 * found without a scan of the list, and a walk never repeats an item.
 *
 * The items live in chunks of at most CHUNK items: an insert or a remove moves at most one
 * chunk's worth of pointers instead of the whole list, which keeps writes cheap at 100k items.
 */
const CHUNK = 512

export class SortedIndex<T> {
  private chunks: T[][] = []
  private count = 0
  /** starts[c]: how many items precede chunk c, correct for every c below `validStarts`. */
  private readonly starts: number[] = []
  private validStarts = 0
  /**
   * The chunk that holds each item. A removal or a cursor finds its item by pointers, not by a
   * binary search whose every comparison reads two records: in a large index those are out of
   * the CPU's caches, and an edit's moves cost more in misses than in work.
   *
   * A removed item is set to null, not deleted: an edit removes and re-inserts the same item,
   * and V8's Map keeps each deleted entry in its key's bucket until the table is rebuilt, so
   * deleting and setting one key again and again makes its lookups ever longer (microseconds
   * per edit after a few thousand). The null entries are let go when they outnumber the items.
   */
  private chunkOf = new Map<T, T[] | null>()
  private removedEntries = 0
  /**
   * Each chunk's place in `chunks`: a cursor's item is found by two lookups, however many
   * chunks there are, where a search of the chunk list grew with the index. Renumbered from
   * the chunk on when one is split off or dropped, once per CHUNK / 2 inserts at most.
   */
  private readonly numberOf = new Map<T[], number>()

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.count
  }

  insert(item: T): void {
    this.count++
    if (this.chunks.length === 0) {
      const chunk = [item]
      this.chunks.push(chunk)
      this.numberOf.set(chunk, 0)
      this.chunkOf.set(item, chunk)
      this.validStarts = 0
      return
    }
    // A write stamps the newest updatedAt, a create the newest createdAt: in a view by time the
    // item comes in at one end, where one comparison places it instead of two binary searches.
    const lastChunk = this.chunks.length - 1
    const last = this.chunks[lastChunk]!
    if (this.compare(last[last.length - 1]!, item) < 0) return this.place(lastChunk, last.length, item)
    if (this.compare(item, this.chunks[0]![0]!) < 0) return this.place(0, 0, item)
    const c = this.chunkFor(item)
    this.place(c, lowerBound(this.chunks[c]!, item, this.compare), item)
  }

  private place(c: number, at: number, item: T): void {
    const chunk = this.chunks[c]!
    chunk.splice(at, 0, item)
    if (this.chunkOf.get(item) === null) this.removedEntries--
    this.chunkOf.set(item, chunk)
    if (chunk.length > CHUNK) {
      const moved = chunk.splice(CHUNK / 2)
      for (const other of moved) this.chunkOf.set(other, moved)
      this.chunks.splice(c + 1, 0, moved)
      this.renumber(c + 1)
    }
    this.validStarts = Math.min(this.validStarts, c + 1)
  }

  /** Removes the item (the very object inserted). */
  remove(item: T): void {
    const found = this.find(item)
    if (found === undefined) return
    const { c, chunk, at } = found
    chunk.splice(at, 1)
    this.chunkOf.set(item, null)
    this.count--
    if (chunk.length === 0) {
      this.chunks.splice(c, 1)
      this.numberOf.delete(chunk)
      this.renumber(c)
    }
    this.validStarts = Math.min(this.validStarts, chunk.length === 0 ? c : c + 1)
    if (++this.removedEntries > Math.max(this.count, CHUNK)) this.forgetRemoved()
  }

  /** A map of the items held now: the removed ones' entries go with the old one. */
  private forgetRemoved(): void {
    this.chunkOf = new Map()
    for (const chunk of this.chunks) for (const item of chunk) this.chunkOf.set(item, chunk)
    this.removedEntries = 0
  }

  /** Position of an item in the index, or -1. */
  indexOf(item: T): number {
    const found = this.find(item)
    return found === undefined ? -1 : this.startOf(found.c) + found.at
  }

  /** Where the item sits: scans of pointers that lie side by side, the chunks' and then its chunk's. */
  private find(item: T): { c: number; chunk: T[]; at: number } | undefined {
    const chunk = this.chunkOf.get(item)
    if (chunk === undefined || chunk === null) return undefined
    return { c: this.numberOf.get(chunk)!, chunk, at: chunk.indexOf(item) }
  }

  private renumber(from: number): void {
    for (let c = from; c < this.chunks.length; c++) this.numberOf.set(this.chunks[c]!, c)
  }

  /** Position of the first item not less than `probe` (which need not be in the index). */
  lowerBound(probe: T): number {
    if (this.chunks.length === 0) return 0
    const c = this.chunkFor(probe)
    return this.startOf(c) + lowerBound(this.chunks[c]!, probe, this.compare)
  }

  at(position: number): T | undefined {
    if (position < 0 || position >= this.count) return undefined
    const c = this.chunkAt(position)
    return this.chunks[c]![position - this.startOf(c)]
  }

  /** Items from `position` on, forward (step 1) or backward (step -1), without copying the list. */
  *walk(position: number, step: 1 | -1): Generator<T> {
    if (position < 0 || position >= this.count) return
    let c = this.chunkAt(position)
    let offset = position - this.startOf(c)
    while (c >= 0 && c < this.chunks.length) {
      const chunk = this.chunks[c]!
      for (; offset >= 0 && offset < chunk.length; offset += step) yield chunk[offset]!
      c += step
      offset = step === 1 ? 0 : (this.chunks[c]?.length ?? 0) - 1
    }
  }

  values(): T[] {
    return this.chunks.flat()
  }

  /**
   * How many items precede chunk c. Reads compute the counts once after a write and reuse them,
   * so a position costs a binary search, not a sum over every chunk before it.
   */
  private startOf(c: number): number {
    for (; this.validStarts <= c; this.validStarts++) {
      const v = this.validStarts
      this.starts[v] = v === 0 ? 0 : this.starts[v - 1]! + this.chunks[v - 1]!.length
    }
    return this.starts[c]!
  }

  /** The chunk that holds the item at `position` (0 <= position < size). */
  private chunkAt(position: number): number {
    this.startOf(this.chunks.length - 1)
    let low = 0
    let high = this.chunks.length - 1
    while (low < high) {
      const mid = (low + high + 1) >>> 1
      if (this.starts[mid]! <= position) low = mid
      else high = mid - 1
    }
    return low
  }

  /** The chunk whose range holds the item: the first chunk whose last item is not less than it. */
  private chunkFor(item: T): number {
    let low = 0
    let high = this.chunks.length - 1
    while (low < high) {
      const mid = (low + high) >>> 1
      const chunk = this.chunks[mid]!
      if (this.compare(chunk[chunk.length - 1]!, item) < 0) low = mid + 1
      else high = mid
    }
    return low
  }
}

function lowerBound<T>(items: T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0
  let high = items.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (compare(items[mid]!, item) < 0) low = mid + 1
    else high = mid
  }
  return low
}

export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Items sorted afresh by a key of theirs, ties by id: a list in an order the store does not keep (a deployment's choice). */
export function sortedByKey<T extends { id: string }>(items: Iterable<T>, key: (item: T) => string): SortedIndex<T> {
  const index = new SortedIndex<T>((a, b) => compareStrings(key(a), key(b)) || compareStrings(a.id, b.id))
  for (const item of items) index.insert(item)
  return index
}
