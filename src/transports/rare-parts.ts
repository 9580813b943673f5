// What a page's mock imports on demand in one chunk, the first time it needs any of it: the
// generators of the generated scenarios (with faker, by loadFaker), the OpenAPI document's builder
// (GET /openapi.json), the control plane's rarely used routes (the data browser, the journal's,
// the summary, the state's export) and the following of a deployment's choices. Few pages use one
// of them, fewer several: one chunk keeps the start in few chunks (a chunk for each would split
// the code they share with the start into as many more, in a page's build and in dist/esm, which
// Node's entries load too), for a few kB more when a page uses one of them.
export { fieldChoicesOf, followChoices, tighterLimits } from '../api/follow-choices.js'
export { segmentsAsPathname } from '../freedom/pathname-in-path.js'
export { answerAsChosen } from '../api/chosen-answers.js'
export { choicesOfLists } from '../api/list-choices.js'
export { EXTRA_ROUTES } from '../control/extra-routes.js'
export { buildOpenApiDocument } from '../openapi/document.js'
export { GENERATORS } from '../scenarios/generators.js'
