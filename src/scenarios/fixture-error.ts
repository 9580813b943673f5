/** One problem of a fixture document, at a path such as `sites[2].defaultLocale`. */
export interface FixtureProblem {
  path: string
  message: string
}

/** How many problems the message lists; every one stays in `problems`. */
const LISTED = 20

/** A fixture refused as a whole: nothing of it was loaded, and the state it would have replaced is kept. */
export class FixtureError extends Error {
  constructor(
    readonly problems: FixtureProblem[],
    source = 'The fixture',
  ) {
    const lines = problems.slice(0, LISTED).map((p) => `  ${p.path}: ${p.message}`)
    if (problems.length > LISTED) lines.push(`  ... and ${problems.length - LISTED} more`)
    super(`${source} is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`)
  }
}
