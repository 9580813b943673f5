import { describeOutsider } from './outsider-suite.js'

/**
 * A second deployment nobody tuned the suite to: outsider2/ was written from the two documents
 * alone, asked to choose otherwise than outsider/ wherever they are silent, and shown to the suite
 * once done. What it chose and none of the other implementations had: a default locale without an
 * id (the specification types Locale.id "string (uuid), nullable"), listed last; a site's
 * publicApiKey answered 403; a pathname required in every page update (the published 400: "Missing
 * pathname field."); at most 10 locales a site (quotas are "not shown"); pathnames that conflict
 * and prefixes that match in any case; copies whose pages start offline and unpublished; a
 * repeated site delete answered 204; site names unique in a workspace; a deleted locale's code
 * kept from reuse; every page listed in any locale; microsecond timestamps.
 */
describeOutsider({
  folder: 'outsider2',
  called: 'a second deployment',
  learned: ['emptyPageUpdate="pathname-required"', 'publicApiKeyAsSiteKey="forbidden"'],
  defects: true,
  statefulAsked: ['site-key-reads-other-sites', 'has-more-never', 'page-delete-keeps'],
})
