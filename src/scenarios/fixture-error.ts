import { MAX_LISTED } from '../api/listed.js'

/** One problem of a fixture document, at a path such as `sites[2].defaultLocale`. */
export interface FixtureProblem {
  path: string
  message: string
}

/** A fixture refused as a whole: nothing of it was loaded, and the state it would have replaced is kept. */
export class FixtureError extends Error {
  /**
   * @param problems the first problems (at most MAX_LISTED of them are named in the message)
   * @param count how many problems the document has, listed or not
   */
  constructor(
    readonly problems: FixtureProblem[],
    source = 'The fixture',
    readonly count = problems.length,
  ) {
    const lines = problems.slice(0, MAX_LISTED).map((p) => `  ${p.path}: ${p.message}`)
    if (count > lines.length) lines.push(`  ... and ${count - lines.length} more`)
    super(`${source} is invalid (${count} problem${count === 1 ? '' : 's'}):\n${lines.join('\n')}`)
  }
}
