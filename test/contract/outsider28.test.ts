import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-eighth deployment nobody tuned the suite to: outsider28/ was written from the two
 * documents alone, as a Spring Boot team would build it in Kotlin (Spring Security's firewall and
 * key filter before the dispatcher, Jackson's strict reading, Bean Validation's messages, Hibernate
 * with PostgreSQL's en_US collation, microsecond instants), choosing otherwise than the twenty-seven
 * before it. On first contact seven checks failed: every lookup by pathname, sent as one segment
 * with its slashes encoded, met the firewall's 400 for an encoded slash, as the pathname is the rest
 * of the path there. That is a freedom no document closes, now a class of the catalogue
 * (pathnameInPath segments): the probes learn it before any lookup, and the run then writes every
 * pathname it sends so. One cause was a true defect of its own, mended there: an IRI
 * (`https://exämple.com`) taken as a "string (uri)". Its site list, by name under en_US, is
 * siteListOrder `name`.
 */
describeOutsider({
  folder: 'outsider28',
  called: 'a twenty-eighth deployment',
  learned: ['pathnameInPath="segments"', 'siteListOrder="name"', 'newPageSitemapFrequency="weekly"', 'publicApiKeyAsSiteKey="online-pages"'],
  defects: false,
})
