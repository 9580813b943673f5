import { describeOutsider } from './outsider-suite.js'

/**
 * A fifteenth deployment nobody tuned the suite to: outsider15/ was written from the two documents
 * alone, as a team would write a REST facade over a gRPC backend (proto3 defaults, field masks for
 * updates, ids derived from resource names, a status table from gRPC codes to HTTP, the facade
 * judging the input and the backend the rest), choosing otherwise than the fourteen before it. On
 * first contact it failed 1 check: a deleted locale read by its id answered as it was (soft deletes
 * the AIP-164 way), which no document forbids and the catalogue lacked.
 */
describeOutsider({
  folder: 'outsider15',
  called: 'a fifteenth deployment',
  learned: ['foreignCursor="400"', 'limitAboveMaximum="clamped"', 'deletedLocaleCode="reserved"', 'duplicateDeletedLocales="copied"'],
  defects: false,
})
