import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-third deployment nobody tuned the suite to: outsider33/ was written from the two
 * documents alone, as a Python team would build it with Flask, marshmallow and SQLAlchemy on MySQL
 * (Werkzeug's converters, marshmallow's messages, an accent- and case-insensitive collation for
 * uniqueness, lookups and sorting, whole-second DATETIMEs), the lenient kind, choosing otherwise
 * than the thirty-two before it. On first contact it failed no check, and its stateful group found
 * in 60 s a true defect of its own, mended there: marshmallow's Boolean, which takes `"yes"`, `"on"`
 * and `1`, took `{"isOnline": "yes"}` where the published schema's type is `boolean`.
 * Later, once the validation group sent the near misses of `format: uuid`, a true defect of its
 * own was found and mended there: its body and query UUID fields took a UUID without its hyphens, or in braces.
 */
describeOutsider({
  folder: 'outsider33',
  called: 'a thirty-third deployment',
  learned: ['clockPrecision="second"', 'routePathnameSlash="added-always"', 'unknownCursor="empty-list"', 'localeListOrder="code"', 'siteIdBesideId="ignored"'],
  defects: false,
})
