import type { ErrorDetail } from '../generated/types.js'

/**
 * How many problems a 400 (or an error message) names one by one; the rest are counted. A
 * document with 20,000 invalid records is refused in a few kilobytes: the first problems name
 * the mistake, the count tells how far it goes.
 */
export const MAX_LISTED = 20

/** The detail that counts what a 400 did not list: field `(more invalid fields)`, message "19980 more invalid fields are not listed; the first 20 are". */
export function unlistedDetail(unlisted: number, field: string, what: string): ErrorDetail {
  return { field, message: `${unlisted} more ${what} are not listed; the first ${MAX_LISTED} are` }
}

/** Keeps the first MAX_LISTED problems and counts every one: what a report needs, in memory that does not grow with the input. */
export class ProblemList<T> {
  readonly listed: T[] = []
  count = 0

  add(problem: T): void {
    if (this.listed.length < MAX_LISTED) this.listed.push(problem)
    this.count++
  }

  /** Counts problems that are not listed, for one already known to be past the first ones. */
  countUnlisted(count: number): void {
    this.count += count
  }
}
