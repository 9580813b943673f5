import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-second deployment nobody tuned the suite to: outsider22/ was written from the two
 * documents alone, as a Phoenix team would build it with Ecto on PostgreSQL (Plug's parsers before
 * the router, query and body parameters merged, changesets with Ecto's English messages and their
 * casting rules, UUIDv7 ids, microsecond instants, an en_US collation for sorting, soft deletes by
 * deleted_at, keyset pages), choosing otherwise than the twenty-one before it. On first contact
 * no check failed and one was skipped (the Site key the run holds does not read its own site, so
 * a copy's site has nothing to compare with), and the stateful group found one true defect in 709
 * sequences, seen four ways: a hostOrigin or a locale domain of non-ASCII letters
 * (`https://exämple.com`), which is no URI (both documents: "string (uri)"), was taken. Its URL
 * check was a WHATWG URL parse where Elixir's URI.new/1 refuses such
 * characters; the deployment was mended, and then 763 sequences found no divergence. Its
 * calibration stood at 93.2%: its publicApiKey is refused any write before the write's body and
 * lookups, while a read of a site by its path loads the site first (a router's plug), so the
 * probes took the first answer they saw, the read's, for keyKindOrder with-access. They now learn
 * `first` from the refused page create, and the calibration is 99.6%.
 */
describeOutsider({
  folder: 'outsider22',
  called: 'a twenty-second deployment',
  learned: ['nameMaxLength=255', 'keyKindOrder="first"', 'publicApiKeyAsSiteKey="online-pages"', 'publicApiKeyOfflinePages="read"', 'siteKeyWrites="locales-refused"', 'localeListOrder="code"', 'offlineLiveVersion="withdrawn"'],
  defects: false,
})
