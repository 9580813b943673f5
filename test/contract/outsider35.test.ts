import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-fifth deployment nobody tuned the suite to: outsider35/ was written from the two
 * documents alone, as a Ruby team would build it with Hanami, dry-validation and ROM over SQLite
 * (the key judged before routing, dry's two-phase contracts, Rack's query parser, NOCASE
 * collation, rowid order, soft deletes), choosing otherwise than the thirty-four before it. On
 * first contact three checks failed, on a true defect of its own, mended there: "list pages of a
 * site" left out, though the specification gives its path (`/v2/sites/{siteId}/pages`). Its
 * stateful group then found one false alarm of the suite's: a route operation served elsewhere
 * answered 401 without a key, as every path is there before it is routed. Its calibration, 96.7%,
 * rose to 99.4% once the catalogue named that (unknownPathKey key-first) and its 404 to a method a
 * path does not take (unservedMethod 404).
 */
describeOutsider({
  folder: 'outsider35',
  called: 'a thirty-fifth deployment',
  learned: ['routeOperations="elsewhere"', 'unknownPathKey="key-first"', 'unservedMethod="404"', 'publicApiKeyAsSiteKey="not-a-key"', 'offlineLiveVersion="withdrawn"', 'sortTies="creation"'],
  defects: false,
})
