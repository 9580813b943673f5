import { describeOutsider } from './outsider-suite.js'

/**
 * A tenth deployment nobody tuned the suite to: outsider10/ was written from the two documents
 * alone, asked to choose otherwise than the eight before it, to be lenient where they let it, and
 * to sit behind a gateway that answers some errors before the service. On first contact the suite
 * found three breaks of the documents in it, all mended since: a Site key's request without the
 * `siteId` the specification requires taken as its own site's, `isOnline: "yes"` taken as true
 * (the published OpenAPI types it a boolean), and a `hostOrigin` or `domain` outside ASCII taken
 * and punycoded (both documents type them a URI). What it failed on beyond them was readings the
 * suite lacked: names with their control characters left out, a page's locale left out of write
 * answers but shown when read, a route pathname given its leading slash, and `limit=0` served as 1.
 * Two more readings came later: the slash added with or without skipValidation, and the key the
 * suite took for a Site key (its sites' publicApiKey) refused every route request, reads included.
 * Told apart from the Site key given the suite, that key reads the site, its locales and its online
 * pages, the offline ones unseen (publicApiKeyAsSiteKey online-pages, publicApiKeySiteRead read,
 * publicApiKeyOfflinePages hidden).
 * Later, once the validation group sent the near misses of `format: uuid`, a true defect of its
 * own was found and mended there: its body and query UUID fields took a UUID without its hyphens, or in braces.
 */
describeOutsider({
  folder: 'outsider10',
  called: 'a tenth deployment',
  learned: ['unknownCursor="empty-list"', 'cursorOutsideList="after-place"', 'deletedLocaleCode="revived"', 'newPageSitemapFrequency="never"', 'pageLocale="absent"', 'routePathnameSlash="added-always"', 'publicApiKeyAsSiteKey="online-pages"', 'publicApiKeySiteRead="read"', 'publicApiKeyOfflinePages="hidden"'],
  defects: false,
})
