/**
 * Records kept sorted by a comparator that is a total order (ties broken by id), so a cursor
 * is a position found by binary search: reads never scan, and a walk never repeats an item.
 */
export class SortedIndex<T> {
  private items: T[] = []

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length
  }

  insert(item: T): void {
    this.items.splice(this.lowerBound(item), 0, item)
  }

  /** Removes the item; call it before changing any field the comparator reads. */
  remove(item: T): void {
    const at = this.lowerBound(item)
    if (this.items[at] === item) this.items.splice(at, 1)
  }

  /** Position of an item in the index, or -1. */
  indexOf(item: T): number {
    const at = this.lowerBound(item)
    return this.items[at] === item ? at : -1
  }

  at(position: number): T | undefined {
    return this.items[position]
  }

  values(): readonly T[] {
    return this.items
  }

  private lowerBound(item: T): number {
    let low = 0
    let high = this.items.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.compare(this.items[mid]!, item) < 0) low = mid + 1
      else high = mid
    }
    return low
  }
}

export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
