import { describeOutsider } from './outsider-suite.js'

/**
 * A ninth deployment nobody tuned the suite to: outsider9/ was written from the two documents
 * alone, asked to choose otherwise than the eight before it and to be strict where they let it. On
 * first contact the suite found one break of the documents in it, mended since: a Site key's
 * request without the `siteId` the specification requires (a list of locales) answered as if the
 * key's site had been sent, where the documents give an invalid query a 400. What it failed on
 * beyond that was readings the suite lacked: a publicApiKey that reads live pages, locales and
 * routes (a reach of its own), a page with no live version answered 404 to it, a 400 naming the
 * query string as a whole, the invalid siteId beside a locale of a deleted site, and pages sorted
 * by path level by level.
 */
describeOutsider({
  folder: 'outsider9',
  called: 'a ninth deployment',
  learned: ['newPageSitemapFrequency="hourly"', 'pagePathnameCase="refused"', 'limitAboveMaximum="clamped"', 'unknownCursor="404"', 'localeCodeStored="canonical"'],
  defects: false,
})
