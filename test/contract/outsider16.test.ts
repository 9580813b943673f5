import { describeOutsider } from './outsider-suite.js'

/**
 * A sixteenth deployment nobody tuned the suite to: outsider16/ was written from the two documents
 * alone, as a team on a store with a case- and accent-insensitive collation would (auto-increment
 * keys behind time-based ids, whole-second instants in a local offset, cursors placed by the row's
 * values in the whole table, soft deletes everywhere), choosing otherwise than the fifteen before
 * it. On first contact its stateful group diverged from 3 causes, none a break of the documents: a
 * 400 naming the default locale's own `isDefault` for its delete, titles equal but for case listed
 * as ties, and another site's item as a cursor placed after every item of the list.
 */
describeOutsider({
  folder: 'outsider16',
  called: 'a sixteenth deployment',
  learned: ['unknownCursor="empty-list"', 'restoreLiveLocale="200"', 'localeDomains="unique-everywhere"', 'pathnameConflictCase="any-case"'],
  defects: false,
})
