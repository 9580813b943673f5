import { RouteTable } from './route-table.js'
import { siteOperations } from './sites.js'

/** Every operation of the API, in the order the served OpenAPI lists them. */
export const operations = [...siteOperations]

export const apiRoutes = new RouteTable(operations)
