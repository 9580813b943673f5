import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-ninth deployment nobody tuned the suite to: outsider29/ was written from the two
 * documents alone, as a team on Cloudflare Workers would build it with Hono, Zod and Drizzle over
 * D1 (middleware in the order it is registered, the first failing validator answering alone, Zod's
 * messages and transforms, SQLite's collations, whole-second instants, UUIDv7 keysets), choosing
 * otherwise than the twenty-eight before it. On first contact the stateful group alone failed. One
 * cause was a true defect of its own, mended there: an IRI taken as a URL (`new URL()` punycodes
 * it; the documents' "format: uri" is ASCII). One was the suite's: its locale and route lists take
 * any id as a cursor (a keyset on time-ordered ids) where its page lists take only a page of the
 * list, read as a contradiction of foreignCursor; each list is a class of its own since.
 */
describeOutsider({
  folder: 'outsider29',
  called: 'a twenty-ninth deployment',
  learned: ['clockPrecision="second"', 'unknownCursor="from-start"', 'foreignCursor="400"', 'siteKeyWrites="refused"', 'restoreLiveLocale="200"'],
  defects: false,
})
