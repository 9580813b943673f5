import { describeOutsider } from './outsider-suite.js'

/**
 * A fourteenth deployment nobody tuned the suite to: outsider14/ was written from the two documents
 * alone, as a team behind an API gateway would (key, syntax and rate checks in the gateway, the
 * rules in a backend of tables, integer keys behind public ids, limits from a configuration file,
 * instants with their trailing zeros trimmed), choosing otherwise than the thirteen before it. On
 * first contact it failed 3 checks from 2 causes, neither a break of the documents: instants with
 * fewer digits read as text (`…:51.54Z` before `…:51.542Z`), and a publicApiKey that reads its
 * site's pages in either version and nothing else, which the catalogue lacked.
 */
describeOutsider({
  folder: 'outsider14',
  called: 'a fourteenth deployment',
  learned: ['publicApiKeyAsSiteKey="pages"', 'limitAboveMaximum="clamped"', 'pageLocale="absent"', 'renameDefaultLocale="refused"'],
  defects: false,
})
