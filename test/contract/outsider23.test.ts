import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-third deployment nobody tuned the suite to: outsider23/ was written from the two
 * documents alone, as a Rust team would build it with axum and sqlx on PostgreSQL (extractors
 * before the handler, serde's messages and its `deny_unknown_fields` on updates, `Option<Option<T>>`
 * for the fields null clears, a "C" collation, microsecond instants with their trailing zeros
 * dropped, soft deletes, keyset pages), choosing otherwise than the twenty-two before it. On first
 * contact no check failed and one was skipped (its Site key does not read its own site, so a
 * copy's site has nothing to compare with). The stateful group found, in 773 sequences, the true
 * defect the twenty-second had (an IRI, `https://exämple.com`, taken as a "string (uri)"), mended
 * there, and one false divergence: its empty `locale=` is looked up as a code like any other,
 * which no locale has, so its list of pages is empty and its page read a 404, where the catalogue
 * knew only a refusal or the default locale. emptyLocaleQuery `unknown` is that alternative,
 * which the probes learn and the stateful group adopts. Its publicApiKey reads its site's locales
 * besides its live pages, which left its calibration at 97.8% until publicApiKeyLocales (`read`)
 * named it: 98.9% since.
 * Later, once the validation group sent the near misses of `format: uuid`, a true defect of its
 * own was found and mended there: its body and query UUID fields took a UUID without its hyphens, or in braces.
 */
describeOutsider({
  folder: 'outsider23',
  called: 'a twenty-third deployment',
  learned: ['emptyLocaleQuery="unknown"', 'pageUnknownLocale="empty-list"', 'keyKindOrder="after-input"', 'publicApiKeyAsSiteKey="live-pages"', 'localeCodeStored="canonical"', 'validationOrder="input-first"', 'publicApiKeyLocales="read"'],
  defects: false,
})
