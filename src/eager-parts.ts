// What a page's entries (sitemock/handlers, sitemock/browser) import on demand, each part when a
// request first needs it, Node's entries (and sitemock/msw, sitemock/data) hold from the start:
// a mock there answers synchronously, through any transport, without awaiting mock.prepare.
import { provideOperationValidators } from './contracts/validator-sets.js'
import { validators as operationBodies } from './contracts/validators/operation-body.js'
import { validators as operationParams } from './contracts/validators/operation-params.js'
import { dashboardPage } from './dashboard/control-routes.js'
import { DASHBOARD_PAGE } from './dashboard/page.js'
import { docsPage } from './openapi/docs.js'
import { DOCS_PAGE } from './openapi/docs-page.js'

provideOperationValidators('body', operationBodies)
provideOperationValidators('params', operationParams)
dashboardPage.provide(DASHBOARD_PAGE)
docsPage.provide(DOCS_PAGE)
