import { describeOutsider } from './outsider-suite.js'

/**
 * A twenty-sixth deployment nobody tuned the suite to: outsider26/ was written from the two
 * documents alone, as a NestJS team would build it with class-validator and Prisma on PostgreSQL
 * (body-parser before routing, guards before pipes, so that a key's reach of what exists is judged
 * before the input and whether what the input names exists after it; class-validator's messages,
 * ParseUUIDPipe, Prisma's cursor pages, which skip a cursor that names no row and list nothing,
 * millisecond instants, unique indexes that keep a deleted locale's code), choosing otherwise than
 * the twenty-five before it. It passed on first contact: no check failed, none was skipped, and the
 * stateful group found no divergence in 846 sequences (60 s). Its calibration was 95.5%: it refuses a
 * key what it does not reach before the input is judged, and finds what the input names missing
 * after, an order no alternative named; reachOrder `first` names it since (98.4%). Its route
 * pathnames' grammar is judged once the route is found, after the schema: the probes, which took a
 * route update's 404 as the grammar passed where the whole input goes first, learned `accepted`;
 * they create a route to ask since (98.8%).
 */
describeOutsider({
  folder: 'outsider26',
  called: 'a twenty-sixth deployment',
  learned: ['publicApiKeyAsSiteKey="reads"', 'validationOrder="input-first"', 'keyKindOrder="first"', 'unknownCursor="empty-list"', 'deletedLocaleCode="reserved"', 'reachOrder="first"', 'routePathnameCharacters="refused"'],
  defects: false,
})
