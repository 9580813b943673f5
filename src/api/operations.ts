import { localeOperations } from './declarations/locales.js'
import { pageOperations } from './declarations/pages.js'
import { routeOperations } from './declarations/routes.js'
import { siteOperations } from './declarations/sites.js'
import { RouteTable } from './route-table.js'
import type { RegisteredOperation } from './types.js'

/** The operations by family: each family's behaviour is one module (behaviours.ts). */
export const FAMILIES = { sites: siteOperations, locales: localeOperations, pages: pageOperations, routes: routeOperations } as const

export type Family = keyof typeof FAMILIES

/** Every operation of the API, in the order the served OpenAPI lists them. */
export const operations: readonly RegisteredOperation[] = Object.values(FAMILIES).flat()

export const apiRoutes = new RouteTable(operations)
