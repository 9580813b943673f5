import { describeOutsider } from './outsider-suite.js'

/**
 * A twelfth deployment nobody tuned the suite to: outsider12/ was written from the two documents
 * alone, as a team on a document store would (one document per site holding its locales, items
 * under composite keys, revisions, a clock of tenths of a second, a field derived from another),
 * choosing otherwise than the eleven before it. On first contact it failed 2 checks: one break of
 * the documents (a valid pair of list parameters refused), mended since, and readings the suite
 * lacked (a clock of tenths, a default locale's delete taken, excludedFromSearchEngines following
 * isOnline, a page's own pathname refused where a route holds it).
 */
describeOutsider({
  folder: 'outsider12',
  called: 'a twelfth deployment',
  learned: ['newPageSitemapFrequency="weekly"', 'newPageExcludedFromSearchEngines="true"', 'pathnameTrailingSlash="dropped"', 'malformedPathId="404"', 'accessOrder="site-first"', 'siteKeyWrites="pages-only"'],
  defects: false,
})
