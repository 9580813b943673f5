import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-eighth deployment nobody tuned the suite to: outsider38/ was written from the two
 * documents alone, as a .NET team would build it with ASP.NET Core minimal APIs, FluentValidation
 * and EF Core over PostgreSQL (citext names and codes, a lenient model binder, ids in UUIDv7 order,
 * new pages offline, a read-only Site key), choosing otherwise than the thirty-seven before it. On
 * first contact it failed sixteen checks and its stateful group found six divergences in 60 s, all
 * true defects of its own, mended there: enum and boolean values taken in any case or as ordinals
 * (`TITLE`, `ASC`, `TRUE`, `sortBy=3`), UUIDs taken without hyphens or in braces in bodies and
 * queries, an IRI taken for `hostOrigin` or `domain`, and a route kept without its leading slash
 * under `skipValidation=true` that its own pathname no longer found (the lookup added the slash).
 */
describeOutsider({
  folder: 'outsider38',
  called: 'a thirty-eighth deployment',
  learned: ['newPageOnline="offline"', 'malformedPathId="404"', 'accessOrder="site-first"', 'unknownCursor="from-start"', 'skipValidationConflicts="page-conflicts"'],
  defects: false,
})
