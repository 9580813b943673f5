import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-fifth deployment nobody tuned the suite to: outsider25/ was written from the two
 * documents alone, as a Laravel team would build it with Eloquent on MySQL (route-model binding,
 * FormRequests whose authorize() runs before their rules, Laravel's English messages, its
 * TrimStrings and ConvertEmptyStringsToNull middleware, a `utf8mb4_0900_ai_ci` collation that
 * compares page pathnames, codes and ids without case or accents beside route pathnames compared
 * exactly, soft deletes, second-precision timestamps written as Carbon writes them), choosing
 * otherwise than the twenty-four before it. On first contact one check failed (the stateful group,
 * from three causes in 205 sequences) and one was skipped (its publicApiKey does not read its own
 * site, so a copy's site has nothing to compare with). One cause was a true defect, mended there:
 * an IRI, `https://exämple.com`, taken as a "string (uri)" and stored as punycode. Two were the
 * suite's: a siteId of no site refused as a 400 by its `exists` rule where it was never made, but a
 * 404 where it was deleted or names a lookup's site (the oracle, learning `invalid`, expected a 400
 * there; either is the truth, "resource does not exist" and "invalid request body or query
 * parameters", and the group takes either since; unknownSiteReference `invalid-never-made` names
 * that deployment's answer since, which the probes learn); and page pathnames that conflict in any case
 * beside route pathnames that conflict as sent (pathnameConflictCase is read by what writes and what
 * holds the pathname since, and skipValidationConflicts holds a pathname held in another case alone
 * apart). Once mended, 621 sequences found no divergence.
 */
describeOutsider({
  folder: 'outsider25',
  called: 'a twenty-fifth deployment',
  learned: ['pathnameConflictCase="any-case"', 'skipValidationConflicts="page-conflicts"', 'unknownSiteReference="invalid-never-made"', 'reachOrder="first"', 'clockPrecision="second"', 'publicApiKeyAsSiteKey="online-pages"'],
  defects: false,
})
