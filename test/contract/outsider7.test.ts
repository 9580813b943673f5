import { describeOutsider } from './outsider-suite.js'

/**
 * A seventh deployment nobody tuned the suite to: outsider7/ was written from the two documents
 * alone, asked to choose otherwise than the six before it. On first contact the suite failed it on
 * a setup it could not make (site names longer than its 32 characters) and on what it had no
 * reading for: a sitemapPriority made of a page's depth, a defaultLocalePathPrefix made of the
 * default locale's code, writes to the default locale refused as forbidden, a siteId beside an id
 * looked up and answered 404 when it names no site, and a publicApiKey that reads pages in both
 * versions, its site and its routes, and nothing else, which no alternative of the catalogue
 * named then (its reach was held request kind by request kind): publicApiKeyAsSiteKey
 * site-and-pages, with publicApiKeyRoutes read, now.
 */
describeOutsider({
  folder: 'outsider7',
  called: 'a seventh deployment',
  learned: ['pagePathnameCase="refused"', 'accessOrder="site-first"', 'siteIdBesideId="ignored"', 'restoreLiveLocale="200"', 'nameMaxLength=32', 'publicApiKeyAsSiteKey="site-and-pages"', 'publicApiKeyRoutes="read"'],
  defects: false,
})
