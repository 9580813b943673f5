import { operations } from '../api/operations.js'
import type { RegisteredOperation } from '../api/types.js'
import type { ResourceKind } from './types.js'
import { freeChoice } from './choice-reasons.js'
import { UNSHOWN_ROUTE_OPERATIONS } from '../freedom/route-operations.js'

/** The path templates of the API, as the service rules, the published OpenAPI and the route table write them. */
export const SITES = '/v2/sites'
export const SITE = '/v2/sites/{siteId}'
export const SITE_DUPLICATE = '/v2/sites/{siteId}/duplicate'
export const SITE_PAGES = '/v2/sites/{siteId}/pages'
export const LOCALES = '/v2/locales'
export const LOCALE = '/v2/locales/{localeIdOrCode}'
export const LOCALE_RESTORE = '/v2/locales/{localeIdOrCode}/restore'
export const PAGES = '/v6/pages'
export const PAGE = '/v6/pages/{pageIdOrPathname}'
export const ROUTES = '/v2/routes'
export const ROUTE = '/v2/routes/{routeIdOrPathname}'

/** The words a difference at an unshown route operation carries: why it is sitemock's choice alone. */
export const UNSHOWN_ROUTES_WHY = freeChoice(
  'routeOperations',
  'the specification names creating a route among the endpoints not shown and shows only PATCH /v2/routes/{routeIdOrPathname}, and the published OpenAPI has no route: where a deployment serves the others is its own',
)

/** Why a site's publicApiKey used as its Site API key is sitemock's choice alone. */
export const PUBLIC_API_KEY_WHY = freeChoice(
  'publicApiKeyAsSiteKey',
  'the specification calls a Site API key "a UUID" and the publicApiKey a "publishable key a host can use to fetch page and component data", and neither document says the one is the other',
)

/** Whether an answer says that a route operation no document shows is not served at sitemock's path (a 404 or 405 there). */
export const unshownRouteAbsent = (method: string, template: string | undefined, status: number): boolean =>
  (status === 404 || status === 405) && UNSHOWN_ROUTE_OPERATIONS.has(`${method} ${template}`)

/**
 * The same, told by the route collection alone (a create or a list): a deployment that serves the
 * routes there answers a route's read or delete 404 only for a route it lacks, which is a
 * failure of its own; without a create there, no route of the run exists to read.
 */
export const routeCollectionAbsent = (method: string, template: string | undefined, status: number): boolean =>
  template === ROUTES && unshownRouteAbsent(method, template, status)

/** The operations that create a resource, and what they create. */
export const CREATES: Readonly<Record<string, ResourceKind>> = {
  [`POST ${SITES}`]: 'site',
  [`POST ${SITE_DUPLICATE}`]: 'site',
  [`POST ${LOCALES}`]: 'locale',
  [`POST ${PAGES}`]: 'page',
  [`POST ${ROUTES}`]: 'route',
}

/** The operation of the route table at this method and template: its shapes and documented statuses. */
export function operationAt(method: string, template: string): RegisteredOperation | undefined {
  return operations.find((operation) => operation.method === method && operation.path === template)
}

/** Fills a template's {params} (percent-encoded) and appends the query. */
export function buildPath(template: string, params: Record<string, string> = {}, query: Record<string, string | number | undefined> = {}): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`buildPath: ${template} needs ${name}`)
    return encodeURIComponent(value)
  })
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
