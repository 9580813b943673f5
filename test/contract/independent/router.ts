import type { Handler } from './call.js'
import { checked } from './checked.js'
import { ApiError, badRequest } from './http-error.js'
import * as locales from './handlers/locales.js'
import { listPagesOf, PAGE_LIST_QUERY } from './handlers/pages.js'
import * as pages from './handlers/pages.js'
import * as routes from './handlers/routes.js'
import * as sites from './handlers/sites.js'
import { uuid } from './validate.js'

/** GET /v2/sites/{siteId}/pages: the page list with its site in the path. */
const listSitePages: Handler = (call) => {
  checked(call, { params: { siteId: { rule: uuid, required: true } }, query: PAGE_LIST_QUERY })
  return listPagesOf(call, call.params.siteId!)
}

/** The operations, by path template; the version is part of the path, per family. */
const TABLE: Array<[method: string, template: string, handler: Handler]> = [
  ['POST', '/v2/sites', sites.createSite],
  ['GET', '/v2/sites', sites.listSites],
  ['GET', '/v2/sites/{siteId}', sites.getSite],
  ['PATCH', '/v2/sites/{siteId}', sites.updateSite],
  ['DELETE', '/v2/sites/{siteId}', sites.deleteSite],
  ['POST', '/v2/sites/{siteId}/duplicate', sites.duplicateSite],
  ['GET', '/v2/sites/{siteId}/pages', listSitePages],
  ['GET', '/v2/locales', locales.listLocales],
  ['POST', '/v2/locales', locales.createLocale],
  ['GET', '/v2/locales/{localeIdOrCode}', locales.getLocale],
  ['PATCH', '/v2/locales/{localeIdOrCode}', locales.updateLocale],
  ['DELETE', '/v2/locales/{localeIdOrCode}', locales.deleteLocale],
  ['POST', '/v2/locales/{localeIdOrCode}/restore', locales.restoreLocale],
  ['GET', '/v6/pages', pages.listPages],
  ['POST', '/v6/pages', pages.createPage],
  ['GET', '/v6/pages/{pageIdOrPathname}', pages.getPage],
  ['PATCH', '/v6/pages/{pageIdOrPathname}', pages.updatePage],
  ['DELETE', '/v6/pages/{pageIdOrPathname}', pages.deletePage],
  ['GET', '/v2/routes', routes.listRoutes],
  ['POST', '/v2/routes', routes.createRoute],
  ['GET', '/v2/routes/{routeIdOrPathname}', routes.getRoute],
  ['PATCH', '/v2/routes/{routeIdOrPathname}', routes.updateRoute],
  ['DELETE', '/v2/routes/{routeIdOrPathname}', routes.deleteRoute],
]

export interface Match {
  handler: Handler
  params: Record<string, string>
}

/** The path parameters of a template against raw path segments, decoded; undefined when it does not fit. */
function fit(template: string, segments: string[]): Record<string, string> | undefined {
  const parts = template.split('/').slice(1)
  if (parts.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    if (name === undefined) {
      if (segment !== part) return undefined
      continue
    }
    if (segment === '') return undefined
    try {
      params[name] = decodeURIComponent(segment)
    } catch {
      throw badRequest([{ field: name, message: 'the path segment is not valid percent-encoding' }])
    }
  }
  return params
}

/**
 * The operation at a method and raw path. A path no operation has (another version included) is
 * a 404; a known path with another method is a 405.
 */
export function route(method: string, rawPath: string): Match {
  const segments = rawPath.split('/').slice(1)
  let pathKnown = false
  for (const [m, template, handler] of TABLE) {
    const params = fit(template, segments)
    if (!params) continue
    pathKnown = true
    if (m === method) return { handler, params }
  }
  if (pathKnown) throw new ApiError('method_not_allowed', `${method} is not an operation of this path.`)
  throw new ApiError('not_found', `Nothing is served at ${rawPath}.`)
}
