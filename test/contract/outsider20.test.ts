import { describeOutsider } from './outsider-suite.js'

/**
 * A twentieth deployment nobody tuned the suite to: outsider20/ was written from the two documents
 * alone, as a .NET team would build it (ASP.NET Core controllers with case-insensitive routing and
 * model binding, FluentValidation-style validators, Entity Framework Core on SQL Server: sequential
 * GUIDs in SQL Server's own order, a case-insensitive collation that ignores trailing spaces,
 * instants of seven fraction digits with a `+00:00` offset, soft deletes behind global filters),
 * choosing otherwise than the nineteen before it. It passed on first contact: no check failed, none
 * was skipped, and the stateful group found no divergence in 60 s.
 * Later, once the validation group sent the near misses of `format: uuid`, a true defect of its
 * own was found and mended there: its query UUID fields took a UUID without its hyphens, or in braces.
 */
describeOutsider({
  folder: 'outsider20',
  called: 'a twentieth deployment',
  learned: ['nameMaxLength=128', 'pathnameMaxLength=450', 'skipValidationConflicts="page-conflicts"', 'publicApiKeyAsSiteKey="site-and-pages"'],
  defects: false,
})
