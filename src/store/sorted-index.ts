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

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.count
  }

  insert(item: T): void {
    this.count++
    if (this.chunks.length === 0) {
      this.chunks.push([item])
      return
    }
    const c = this.chunkFor(item)
    const chunk = this.chunks[c]!
    chunk.splice(lowerBound(chunk, item, this.compare), 0, item)
    if (chunk.length > CHUNK) this.chunks.splice(c + 1, 0, chunk.splice(CHUNK / 2))
  }

  /** Removes the item; call it before changing any field the comparator reads. */
  remove(item: T): void {
    if (this.chunks.length === 0) return
    const c = this.chunkFor(item)
    const chunk = this.chunks[c]!
    const at = lowerBound(chunk, item, this.compare)
    if (chunk[at] !== item) return
    chunk.splice(at, 1)
    this.count--
    if (chunk.length === 0) this.chunks.splice(c, 1)
  }

  /** Position of an item in the index, or -1. */
  indexOf(item: T): number {
    if (this.chunks.length === 0) return -1
    const c = this.chunkFor(item)
    const chunk = this.chunks[c]!
    const at = lowerBound(chunk, item, this.compare)
    if (chunk[at] !== item) return -1
    let before = 0
    for (let i = 0; i < c; i++) before += this.chunks[i]!.length
    return before + at
  }

  /** Position of the first item not less than `probe` (which need not be in the index). */
  lowerBound(probe: T): number {
    if (this.chunks.length === 0) return 0
    const c = this.chunkFor(probe)
    let before = 0
    for (let i = 0; i < c; i++) before += this.chunks[i]!.length
    return before + lowerBound(this.chunks[c]!, probe, this.compare)
  }

  at(position: number): T | undefined {
    if (position < 0) return undefined
    for (const chunk of this.chunks) {
      if (position < chunk.length) return chunk[position]
      position -= chunk.length
    }
    return undefined
  }

  /** Items from `position` on, forward (step 1) or backward (step -1), without copying the list. */
  *walk(position: number, step: 1 | -1): Generator<T> {
    let c = 0
    let offset = position
    while (c < this.chunks.length && offset >= this.chunks[c]!.length) offset -= this.chunks[c++]!.length
    if (step === -1 && c === this.chunks.length) return
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
