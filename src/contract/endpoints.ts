import { operations } from '../api/operations.js'
import type { RegisteredOperation } from '../api/types.js'
import type { ResourceKind } from './types.js'

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
