import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-first deployment nobody tuned the suite to: outsider21/ was written from the two
 * documents alone, as a Rails team would build it on MySQL (routes with explicit verbs, Rack's query
 * parsing, strong parameters refusing unknown fields, ActiveModel's English messages, a collation
 * that ignores case and accents for lookups, clashes and sorting, microsecond instants written to
 * the millisecond), choosing otherwise than the twenty before it. On first contact no check failed
 * and one was skipped (its publicApiKey does not read its site, so a copy's site has nothing to
 * compare with), but the stateful group found 2 false divergences in 681 sequences: its publicApiKey
 * reads the site's locales and all its pages, offline ones included, which no alternative named. The
 * class publicApiKeyOfflinePages gained `read` for it. Once it had, the group found a true defect in
 * 1 of 854 sequences: a copy's published pages kept their original's createdAt in the live version
 * while the draft had the copy's own. The deployment was mended.
 * Later, once the validation group sent the near misses of `format: uuid`, a true defect of its
 * own was found and mended there: its body and query UUID fields took a UUID without its hyphens, or in braces.
 */
describeOutsider({
  folder: 'outsider21',
  called: 'a twenty-first deployment',
  learned: ['nameMaxLength=100', 'pathnameMaxLength=768', 'pathnameConflictCase="any-case"', 'publicApiKeyAsSiteKey="online-pages"', 'publicApiKeyOfflinePages="read"'],
  defects: false,
})
