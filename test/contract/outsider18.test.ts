import { describeOutsider } from './outsider-suite.js'

/**
 * An eighteenth deployment nobody tuned the suite to: outsider18/ was written from the two documents
 * alone, as a team on an edge platform would (a router in front checking keys against a table of
 * kinds and scopes, one actor per workspace answering in order, UUID v7 ids, instants of four
 * fraction digits, size and time limits at the edge), choosing otherwise than the seventeen before
 * it. It passed on first contact: no check failed, none was skipped, and the stateful group found
 * no divergence in 60 s. Its sites' publicApiKey, which reads its site, its locales and its online
 * pages, is read so since publicApiKeySiteRead; where it meets offline pages both ways (a list asking
 * them refused, a read of one not found), the stateful group holds it by its own reach.
 */
describeOutsider({
  folder: 'outsider18',
  called: 'an eighteenth deployment',
  learned: ['nameMaxLength=64', 'localeFilterScope="all"', 'newPageSitemapFrequency="hourly"', 'siteIdBesideId="refused"', 'publicApiKeyAsSiteKey="online-pages"', 'publicApiKeySiteRead="read"'],
  defects: false,
})
