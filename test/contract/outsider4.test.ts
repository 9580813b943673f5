import { describeOutsider } from './outsider-suite.js'

/**
 * A fourth deployment nobody tuned the suite to: outsider4/ was written from the two documents
 * alone, asked to choose otherwise than the three before it wherever they are silent and to invent
 * ten freedoms none took, and shown to the suite once done. On first contact the suite failed it
 * on what it had no class or reading for: a deleted site's key answered 403 (now deletedSiteKey),
 * skipValidation skipping the clash with a page's pathname and not with another route's
 * (skipValidationConflicts page-conflicts), a pathname read in a locale looked up among that
 * locale's pathnames (pathnameLookupLocale), an unknown workspaceId answered 400, a copy's pages
 * given their own creation time and no updatedAt, a name sent again leaving updatedAt as it was.
 * Also: new pages offline, sites newest first and locales by code, one 400 detail a field, a
 * cursor naming nothing answered with an empty page, locale codes stored in canonical case.
 * Its sites' publicApiKey, apart from their Site keys, reads all a Site key reads, routes included,
 * and writes nothing (publicApiKeyAsSiteKey reads): the probes know no deleted site's Site key
 * there.
 */
describeOutsider({
  folder: 'outsider4',
  called: 'a fourth deployment',
  learned: ['publicApiKeyAsSiteKey="reads"', 'publicApiKeyRoutes="read"', 'skipValidationConflicts="page-conflicts"', 'restoreLiveLocale="404"', 'unknownCursor="empty-list"', 'localeCodeStored="canonical"'],
  defects: false,
})
