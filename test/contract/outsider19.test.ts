import { describeOutsider } from './outsider-suite.js'

/**
 * A nineteenth deployment nobody tuned the suite to: outsider19/ was written from the two documents
 * alone, as a Go team would build it (net/http with Go 1.22 ServeMux patterns and its 405s,
 * encoding/json binding field names in any case, validator-tag messages, PostgreSQL keyset
 * pagination under a Czech collation, microsecond instants written as RFC3339Nano in a +05:45
 * zone), choosing otherwise than the eighteen before it. On first contact no check failed and one
 * was skipped (its publicApiKey does not read its site, so a copy's site has nothing to compare
 * with), but the stateful group called it inconsistent in 6 of 196 sequences: a cursor that names
 * an item its key does not reach is a 403 there, which the suite read as the key's reach. The
 * class foreignCursor gained `refused-unreached` for it.
 */
describeOutsider({
  folder: 'outsider19',
  called: 'a nineteenth deployment',
  learned: ['nameMaxLength=150', 'pathnameMaxLength=400', 'localeCodeCase="any-spelling"', 'publicApiKeyAsSiteKey="pages"', 'foreignCursor="refused-unreached"'],
  defects: false,
})
