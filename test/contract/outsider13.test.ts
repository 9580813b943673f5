import { describeOutsider } from './outsider-suite.js'

/**
 * A thirteenth deployment nobody tuned the suite to: outsider13/ was written from the two documents
 * alone, as a team doing event sourcing would (every write an event in one log, reads from
 * projections, ids and cursors that carry the event's sequence, instants to the microsecond, lists
 * in the order of their last write), choosing otherwise than the twelve before it. On first contact
 * it failed 1 check, the stateful group's, from 1 cause: a publicApiKey that reads its site's pages
 * in either version and nothing else, which the catalogue lacked.
 */
describeOutsider({
  folder: 'outsider13',
  called: 'a thirteenth deployment',
  learned: ['publicApiKeyAsSiteKey="pages"', 'pagePathnameCase="lower-case"', 'localeListOrder="code"', 'pageUpdateSearchFields="refused"'],
  defects: false,
})
