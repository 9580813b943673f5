import { isoInstant } from '../store/instant.js'

/**
 * The clock every store of a mock reads. While a write runs it is frozen at one instant, so
 * every timestamp of that write is the same and a journal can replay it exactly.
 */
export interface RequestClock {
  now: () => Date
  /** Freezes at the current time (or at `at`) and returns that instant as an ISO string. */
  freeze(at?: string): string
  thaw(): void
}

export function createRequestClock(source: () => Date = () => new Date()): RequestClock {
  let frozen: Date | undefined
  return {
    now: () => (frozen ? new Date(frozen.getTime()) : source()),
    freeze(at) {
      frozen = at === undefined ? source() : new Date(at)
      return isoInstant(frozen.getTime())
    },
    thaw() {
      frozen = undefined
    },
  }
}
