import { describeOutsider } from './outsider-suite.js'

/**
 * A sixth deployment nobody tuned the suite to: outsider6/ was written from the two documents
 * alone, asked to choose otherwise than the five before it. On first contact the suite failed it
 * on what it had no reading for: a hostOrigin kept in its URL serialisation (a trailing slash), a
 * page's localizations that list its own locale, a copy's pages with the copy's own updatedAt, a
 * locale's pathPrefix made of its code, a path that names nothing answered 404 before the key, a
 * site judged for the key before a pathname is looked up in it (accessOrder site-first), and a
 * publicApiKey that reads its site's locales and online pages in any version.
 */
describeOutsider({
  folder: 'outsider6',
  called: 'a sixth deployment',
  learned: ['accessOrder="site-first"', 'pathnameLookupCase="any-case"', 'duplicatePublication="reset"', 'routeListOrder="creation"', 'foreignCursor="404"'],
  defects: false,
})
