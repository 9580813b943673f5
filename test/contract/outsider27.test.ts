import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-seventh deployment nobody tuned the suite to: outsider27/ was written from the two
 * documents alone, as a FastAPI team would build it with Pydantic v2 and SQLAlchemy on SQLite (the
 * body read before the key's dependency, every invalid parameter reported at once, Pydantic's
 * messages, `HttpUrl` normalisation, a `NOCASE` collation that folds ASCII letters alone, whole-second
 * instants, keyset pages, Starlette's route syntax), choosing otherwise than the twenty-six before
 * it. On first contact three checks failed and one was skipped (its publicApiKey does not read its
 * own site). Two causes were true defects of its own, mended there: `includeOffline=TRUE` and `=1`
 * taken (Pydantic's lax bool where the documents' enum is `true` | `false`), as was the same of
 * Update Route's `skipValidation`, which no check asked until `validation.patch.v2-routes-
 * routeIdOrPathname.skipValidation.*` was written; and an IRI taken as a "string (uri)". One was the
 * suite's: a route write under skipValidation=true, which skips a page's clash whatever the case, read
 * as pathnames that conflict as sent (pathnameConflictCase leaves such a write to
 * skipValidationConflicts since). Once mended, 726 sequences found no divergence, and its calibration
 * is 99.0%.
 * Later, once the validation group sent the near misses of `format: uuid`, a true defect of its
 * own was found and mended there: its body and query UUID fields took a UUID without its hyphens, or in braces.
 */
describeOutsider({
  folder: 'outsider27',
  called: 'a twenty-seventh deployment',
  learned: ['clockPrecision="second"', 'routePathnameCharacters="refused"', 'pathnameConflictCase="any-case"', 'validationOrder="input-first"'],
  defects: false,
})
