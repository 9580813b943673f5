import { describeOutsider } from './outsider-suite.js'

/**
 * A seventeenth deployment nobody tuned the suite to: outsider17/ was written from the two documents
 * alone, as a Rails team would (models validated field by field, strong parameters, callbacks that
 * touch timestamps, pathnames made slugs, instants of microseconds in the app's own zone), choosing
 * otherwise than the sixteen before it. On first contact it failed 3 checks. One cause was a true
 * break of the documents, in its own code: its route list's cursor listed the cursor's item again
 * on the next page (mended in outsider17/server.mjs). The others were freedoms the catalogue lacked:
 * pathnames kept as slugs, a title that follows the name, a locale rename that touches its pages,
 * and a 400 naming `base` for a default locale's delete.
 */
describeOutsider({
  folder: 'outsider17',
  called: 'a seventeenth deployment',
  learned: ['pagePathnameCharacters="slugged"', 'pageTitleFollowsName="follows"', 'localeRenameTouchesPages="touched"', 'pagePathnameCase="lower-case"'],
  defects: false,
})
