import { localeOperations } from './locales.js'
import { pageOperations } from './pages.js'
import { RouteTable } from './route-table.js'
import { routeOperations } from './routes.js'
import { siteOperations } from './sites.js'

/** Every operation of the API, in the order the served OpenAPI lists them. */
export const operations = [...siteOperations, ...localeOperations, ...pageOperations, ...routeOperations]

export const apiRoutes = new RouteTable(operations)
