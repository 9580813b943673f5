import { describeOutsider } from './outsider-suite.js'

/**
 * An eleventh deployment nobody tuned the suite to: outsider11/ was written from the two documents
 * alone, as a team on a relational database with an ORM would (ids from a sequence, one instant
 * per request, soft deletes), choosing otherwise than the ten before it. On first contact it broke
 * no document; it failed on readings the suite lacked: `limit=0` served as the default page, and
 * pathnames stored percent-encoded.
 */
describeOutsider({
  folder: 'outsider11',
  called: 'an eleventh deployment',
  learned: ['newPageSitemapFrequency="daily"', 'pageUpdateSearchFields="refused"', 'deletedLocaleCode="reserved"', 'accessOrder="existence-first"', 'routeListOrder="creation"', 'pagePathnameForm="trailing-slash"', 'publicApiKeyAsSiteKey="single-resources"'],
  defects: false,
})
