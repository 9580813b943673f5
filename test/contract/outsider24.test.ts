import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-fourth deployment nobody tuned the suite to: outsider24/ was written from the two
 * documents alone, as a Django REST Framework team would build it on PostgreSQL (URL confs per
 * version with `<uuid:>` converters, authentication then permission classes then the view,
 * serializers with DRF's English messages, CPython's JSON errors, `Lower()` unique constraints, a
 * citext locale code, `CursorPagination` re-keyed on startingAfter), choosing otherwise than the
 * twenty-three before it. On first contact 13 checks failed, all but two of them on true defects
 * of the deployment, mended there: another site's key answered 404 on an existing resource (the
 * specification: "a valid key without permission for the resource yields 403"), a number taken as
 * a name, `defaultLocale` ignored in Update Site ("not accepted in this body"), `includeOffline=1`
 * taken, an IRI taken as a "string (uri)", a required `siteId` left out, `isOnline: "yes"` taken.
 * The suite's own: a refused update blamed for a name another check's write had changed; and, in
 * the stateful group, a siteId of a deleted site answered as an invalid value (400) where the
 * group knew only "not found", a restore of a live locale refused as a 400 naming no field of the
 * request, and a code written with `_` that its writes take as `-` but its lookups compare as
 * sent (localeLookupSpelling `as-sent`, a class of its own since). Once mended, 812 sequences found
 * no divergence. A siteId of no site in a query or a body answered 400 naming it, which the mock
 * answered 404 whatever it learned, left its calibration at 95.4%: the class unknownSiteReference
 * (`invalid`) names it since, and the probes learn it.
 */
describeOutsider({
  folder: 'outsider24',
  called: 'a twenty-fourth deployment',
  learned: ['localeLookupSpelling="as-sent"', 'localeCodeCase="any-spelling"', 'localeLookupCase="any-case"', 'localeCodeStored="canonical"', 'siteListOrder="newest-first"', 'unknownSiteReference="invalid"'],
  defects: false,
})
