/**
 * Records kept sorted by a comparator that is a total order (ties broken by id), so a cursor
 * is a position found by binary search: reads never scan, and a walk never repeats an item.
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

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.count
  }

  insert(item: T): void {
    this.count++
    if (this.chunks.length === 0) {
      this.chunks.push([item])
      this.validStarts = 0
      return
    }
    const c = this.chunkFor(item)
    const chunk = this.chunks[c]!
    chunk.splice(lowerBound(chunk, item, this.compare), 0, item)
    if (chunk.length > CHUNK) this.chunks.splice(c + 1, 0, chunk.splice(CHUNK / 2))
    this.validStarts = Math.min(this.validStarts, c + 1)
  }

  /** Removes the item; call it before changing any field the comparator reads. */
  remove(item: T): void {
    if (this.chunks.length === 0) return
    const c = this.chunkFor(item)
    const chunk = this.chunks[c]!
    // A scan of the chunk's pointers, not a binary search: each comparison reads two records,
    // which in a large index the CPU caches no longer hold; the pointers sit side by side.
    const at = chunk.indexOf(item)
    if (at < 0) return
    chunk.splice(at, 1)
    this.count--
    if (chunk.length === 0) this.chunks.splice(c, 1)
    this.validStarts = Math.min(this.validStarts, chunk.length === 0 ? c : c + 1)
  }

  /** Position of an item in the index, or -1. */
  indexOf(item: T): number {
    if (this.chunks.length === 0) return -1
    const c = this.chunkFor(item)
    const chunk = this.chunks[c]!
    const at = lowerBound(chunk, item, this.compare)
    if (chunk[at] !== item) return -1
    return this.startOf(c) + at
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
