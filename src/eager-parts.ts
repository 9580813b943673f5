// What a page's entries (sitemock/handlers, sitemock/browser) import on demand, each part when a
// request first needs it, Node's entries (and sitemock/msw, sitemock/data) hold from the start:
// a mock there answers synchronously, through any transport, without awaiting mock.prepare.
import { fieldChoicesOf, followChoices, tighterLimits } from './api/follow-choices.js'
import { answerAsChosen } from './api/chosen-answers.js'
import { provideBehaviours } from './api/behaviours.js'
import { localeBehaviour } from './api/locales.js'
import { pageBehaviour } from './api/pages.js'
import { routeBehaviour } from './api/routes.js'
import { siteBehaviour } from './api/sites.js'
import { choicesOfLists } from './api/list-choices.js'
import { segmentsAsPathname } from './freedom/pathname-in-path.js'
import { choiceFollowing } from './api/validate.js'
import { provideOperationValidators } from './contracts/validator-sets.js'
import { controlExtras } from './control/control-extras.js'
import { EXTRA_ROUTES } from './control/extra-routes.js'
import { dashboardPage } from './dashboard/control-routes.js'
import { DASHBOARD_PAGE } from './dashboard/page.js'
import { eager } from './generated/validators/eager.js'
import { docsPage } from './openapi/docs.js'
import { DOCS_PAGE } from './openapi/docs-page.js'
import { buildOpenApiDocument } from './openapi/document.js'
import { openApiBuilder } from './openapi/served-document.js'
import { GENERATORS } from './scenarios/generators.js'
import { provideGenerators } from './scenarios/index.js'

// Every family's operations, which a page imports with its first request to one.
provideBehaviours('sites', siteBehaviour)
provideBehaviours('locales', localeBehaviour)
provideBehaviours('pages', pageBehaviour)
provideBehaviours('routes', routeBehaviour)
// The same module per operation file that a page imports on demand (on-demand.ts), here all at once.
for (const { kind, validators } of Object.values(eager)) provideOperationValidators(kind, validators)
dashboardPage.provide(DASHBOARD_PAGE)
docsPage.provide(DOCS_PAGE)
openApiBuilder.provide(buildOpenApiDocument)
controlExtras.provide(EXTRA_ROUTES)
provideGenerators(GENERATORS)
choiceFollowing.provide({ fieldChoicesOf, followChoices, tighterLimits, segmentsAsPathname, answerAsChosen, choicesOfLists })
