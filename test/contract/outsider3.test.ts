import { describeOutsider } from './outsider-suite.js'

/**
 * A third deployment nobody tuned the suite to: outsider3/ was written from the two documents
 * alone, asked to choose otherwise than outsider/ and outsider2/ wherever they are silent and to
 * invent freedoms neither took, and shown to the suite once done. What it chose that the suite had
 * no class for until it was shown: a publicApiKey that reads the site's live pages alone, a limit
 * above 100 served as 100, skipValidation skipping the route's conflicts, a cursor of a deleted
 * item read from the place it had, a page read in a locale the site lacks answered in its default
 * locale, a siteId beside an id of another site refused with a 400, a restore of a live locale
 * refused with a 400, canonicalUrl made of the site's hostOrigin and the pathname and kept in step
 * with it, a site's page list holding its offline pages. Also: site names of at most 40
 * characters, offsets written +00:00, ids of UUID v7.
 */
describeOutsider({
  folder: 'outsider3',
  called: 'a third deployment',
  learned: ['publicApiKeyAsSiteKey="live-pages"', 'limitAboveMaximum="clamped"', 'skipValidationConflicts="skipped"', 'restoreLiveLocale="400"', 'siteIdBesideId="refused"', 'pageReadUnknownLocale="default"', 'deletedCursor="after-place"'],
  defects: true,
})
