import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-second deployment nobody tuned the suite to: outsider32/ was written from the two
 * documents alone, as a Scala team would build it with http4s, circe and doobie on PostgreSQL
 * (no 405, strict decoding that refuses unknown fields and duplicate keys, citext pathnames,
 * microsecond instants printed as Java prints them, a read-only Site key), the strict kind,
 * choosing otherwise than the thirty-one before it. On first contact the stateful group alone
 * failed, on a true defect of its own, mended there: a site update without a name refused, the
 * create's required `name` reused where the specification makes every field optional.
 */
describeOutsider({
  folder: 'outsider32',
  called: 'a thirty-second deployment',
  learned: ['siteKeyWrites="refused-first"', 'nameMaxLength=100', 'accessOrder="site-first"', 'localeDomains="unique"', 'pageReadUnknownLocale="default"'],
  defects: false,
})
