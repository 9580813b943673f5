import { describeOutsider } from './outsider-suite.js'

/**
 * A fortieth deployment nobody tuned the suite to: outsider40/ was written from the two documents
 * alone, as a PHP team would build it with Symfony, API Platform and Doctrine over PostgreSQL
 * (instants to the second with a `+00:00` offset, PHP's query parsing, locale codes rewritten to
 * their standard form, a read-only Site key, no route operation the documents do not show),
 * choosing otherwise than the thirty-nine before it. On first contact it failed no check, skipped
 * none, and its stateful group found no divergence in 60 s on two seeds (958 and 870 sequences).
 */
describeOutsider({
  folder: 'outsider40',
  called: 'a fortieth deployment',
  learned: ['clockPrecision="second"', 'localeCodeCase="any-spelling"', 'routeOperations="elsewhere"', 'emptyPageUpdate="refused"', 'nameMaxLength=100'],
  defects: false,
})
