import { apiRoutes } from '../api/operations.js'
import { CONTROL_PREFIX } from '../control/control-types.js'
import { parseBaseUrl } from './base-url.js'

/**
 * A request for one of the API's paths that the mock did not take went to another address than
 * the mock's base URL: most often a mistyped or outdated baseUrl. msw's default for it is to
 * bypass in silence, so the app shows only "Failed to fetch" (or, with network, talks to a real
 * host with the mock's keys). This says which address the app used and how to make them meet.
 */
export function apiPathWarning(baseUrl: string): (request: Request) => void {
  const expected = parseBaseUrl(baseUrl)
  // Once per address the app used: a page that lists ten things would say the same ten times.
  const told = new Set<string>()
  return (request) => {
    const url = new URL(request.url)
    const prefix = apiPrefixOf(request.method, url.pathname)
    if (prefix === undefined) return
    const used = url.origin + prefix
    if (told.has(used)) return
    told.add(used)
    const mockAt = expected.relative ? `the path ${expected.prefix || '/'} on the page's own origin` : `${expected.origin}${expected.prefix}`
    console.warn(
      `sitemock: ${request.method} ${url.href} is one of the API's paths, but the mock answers at ${mockAt} (its baseUrl), so the mock did not answer it (under onUnhandledRequest 'bypass', the default, it went to the network). ` +
        `If the app's API is at ${used}, start the mock with baseUrl: ${JSON.stringify(suggestion(url.origin, prefix))}; otherwise point the app at ${mockAt}.`,
    )
  }
}

/**
 * The path before an API or control route in `pathname` ("" for /v2/sites, "/api" for
 * /api/v2/sites), or undefined when no part of it is one of the mock's paths.
 */
function apiPrefixOf(method: string, pathname: string): string | undefined {
  const segments = pathname.split('/')
  for (let start = 1; start < segments.length; start++) {
    const path = `/${segments.slice(start).join('/')}`
    if (path.startsWith(CONTROL_PREFIX) || apiRoutes.match(method, path).kind !== 'not-found') return segments.slice(0, start).join('/')
  }
  return undefined
}

/** On the page's own origin the path alone is the baseUrl to give, as the app's relative requests are. */
function suggestion(origin: string, prefix: string): string {
  const pageOrigin = typeof location === 'undefined' ? undefined : location.origin
  return origin === pageOrigin ? prefix || '/' : origin + prefix
}
