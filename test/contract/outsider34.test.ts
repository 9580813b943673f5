import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-fourth deployment nobody tuned the suite to: outsider34/ was written from the two
 * documents alone, as a Kotlin team would build it with Ktor, kotlinx.serialization and Exposed on
 * SQL Server (a case-insensitive, accent-sensitive collation, uniqueidentifier order for its lists,
 * 100 ns instants printed as Java prints them, a read-only Site key), the strict kind, choosing
 * otherwise than the thirty-three before it. On first contact it failed no check; in 60 s its
 * stateful group found one false alarm of the suite's: a page read in a locale of its site that it
 * has no localization in shows that locale as its `locale`, which no class named (now
 * `unlocalizedPageLocale` `requested`).
 */
describeOutsider({
  folder: 'outsider34',
  called: 'a thirty-fourth deployment',
  learned: ['unlocalizedPageLocale="requested"', 'newPageSitemapPriority="0.5"', 'unknownCursor="from-start"', 'deletedLocaleCode="reserved"', 'renameDefaultLocale="refused"'],
  defects: false,
})
