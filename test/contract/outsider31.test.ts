import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-first deployment nobody tuned the suite to: outsider31/ was written from the two
 * documents alone, as a TypeScript team would build it on Express with Mongoose over MongoDB and
 * Joi through celebrate (Joi's conversions and messages, collation-based unique indexes, soft
 * deletes, qs query parsing), choosing otherwise than the thirty before it. On first contact two
 * groups failed. Two causes were true defects of its own, mended there: enum values taken in any
 * case (Joi's `insensitive()` and its case-blind booleans took `TITLE` and `TRUE`), and an IRI
 * (`https://exämple.com`) taken as a "string (uri)". One was the suite's: its route rules write a
 * pathname's leading slash, so that skipValidation=true keeps one sent without it as it is, which
 * no alternative of routePathnameSlash said (now `added-unless-skipped`).
 */
describeOutsider({
  folder: 'outsider31',
  called: 'a thirty-first deployment',
  learned: ['routePathnameSlash="added-unless-skipped"', 'localeCodeStored="canonical"', 'newPageOnline="offline"', 'emptyPageUpdate="refused"', 'pathnameTrailingSlash="dropped"'],
  defects: false,
})
