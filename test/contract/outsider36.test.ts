import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-sixth deployment nobody tuned the suite to: outsider36/ was written from the two
 * documents alone, as a C++ team would build it with Drogon over an event log on PostgreSQL
 * (projections updated in the request, byte-wise text, microsecond instants, no route operation
 * the documents do not show), the strict kind, choosing otherwise than the thirty-five before it.
 * On first contact it failed no check; its stateful group found three false alarms of the suite's:
 * a 405 (with a code of its own) to a route read or delete at the path of Update Route, which it
 * alone serves; the code of a status the specification's table lacks held to sitemock's; and an
 * updatedAt that stays as a page goes online (its publication) but moves as it goes offline (now
 * `onlineUpdatedAt` `offline-moves`). Its calibration, 96.2%, rose to 99.7% once the mock,
 * where routes are served elsewhere, answered a method Update Route's path does not take as
 * `unservedMethod` says (405 here).
 */
describeOutsider({
  folder: 'outsider36',
  called: 'a thirty-sixth deployment',
  learned: ['onlineUpdatedAt="offline-moves"', 'routeOperations="elsewhere"', 'sitePagesQuery="pagination"', 'nameMaxLength=100', 'localeDomains="unique"'],
  defects: false,
})
