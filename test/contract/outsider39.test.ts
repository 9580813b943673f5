import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-ninth deployment nobody tuned the suite to: outsider39/ was written from the two
 * documents alone, as a Java team would build it with Quarkus, Hibernate ORM with Panache and
 * Jakarta Bean Validation over MariaDB (text compared case- and accent-insensitively, instants
 * without a fraction when it is zero, published pages as snapshots, errors in two rounds), choosing
 * otherwise than the thirty-eight before it. On first contact it failed no check, skipped none, and
 * its stateful group found no divergence in 60 s on two seeds (954 and 879 sequences).
 */
describeOutsider({
  folder: 'outsider39',
  called: 'a thirty-ninth deployment',
  learned: ['pathnameConflictCase="any-case"', 'localeCodeStored="canonical"', 'hostOriginNull="refused"', 'pathnameTrailingSlash="dropped"', 'nameMaxLength=255'],
  defects: false,
})
