import { describeOutsider } from './outsider-suite.js'

/**
 * A thirty-seventh deployment nobody tuned the suite to: outsider37/ was written from the two
 * documents alone, as a Go team would build it with chi, go-playground/validator and sqlc over
 * CockroachDB (byte-wise text, microsecond instants, ids in UUID order, the key judged before the
 * path, no route operation the documents do not show), choosing otherwise than the thirty-six
 * before it. On first contact it failed no check and skipped none; its stateful group found five
 * divergences in 60 s. Four were true defects, mended there: a `hostOrigin` or a locale's `domain`
 * taken as an IRI (`https://exämple.com`), which `format: uri` does not name (the validation group
 * now sends that near miss too, statement S33). The fifth was the suite's: a 404 to a page read by
 * pathname in a locale the site has (no localization of that pathname there) was read as an
 * answer to a locale the site lacks (pageReadUnknownLocale), and the deployment, which refuses
 * those with a 400, looked as if it contradicted itself.
 */
describeOutsider({
  folder: 'outsider37',
  called: 'a thirty-seventh deployment',
  learned: ['unknownPathKey="key-first"', 'pagePathnameSlash="added"', 'pageReadUnknownLocale="400"', 'deletedLocaleCode="reserved"', 'unservedMethod="404"'],
  defects: false,
})
