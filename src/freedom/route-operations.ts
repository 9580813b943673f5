import type { Choices } from './catalogue.js'

/**
 * The route operations no document shows: the specification names creating a route among the
 * "endpoints not shown" and shows only the route update, and the published OpenAPI has no route.
 * sitemock serves them at its own paths (api-behaviour.md#routes); a deployment may serve them
 * elsewhere (choice routeOperations), and then has none at these paths.
 */
export const UNSHOWN_ROUTE_OPERATIONS: ReadonlySet<string> = new Set(['POST /v2/routes', 'GET /v2/routes', 'GET /v2/routes/{routeIdOrPathname}', 'DELETE /v2/routes/{routeIdOrPathname}'])

/** Whether the deployment has no operation at this method and path template, though sitemock has one (choice routeOperations). */
export const servedElsewhere = (method: string, template: string, choices: Required<Choices> | undefined): boolean =>
  choices?.routeOperations === 'elsewhere' && UNSHOWN_ROUTE_OPERATIONS.has(`${method} ${template}`)
