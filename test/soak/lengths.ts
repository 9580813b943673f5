/**
 * How long the long runs are. `npm test` runs the first part of each (the same first seed, fewer
 * sequences or cases: what is known to catch a defect stays in), which keeps CI within its quarter
 * hour; `npm run soak` sets SITEMOCK_FULL_LENGTH=1 and runs the whole of each. docs/development.md
 * lists what each file runs where.
 */
export const FULL_LENGTH = process.env.SITEMOCK_FULL_LENGTH === '1'

/** `inTest` under `npm test`, `full` under `npm run soak`. */
export function atLength(inTest: number, full: number): number {
  return FULL_LENGTH ? full : inTest
}
