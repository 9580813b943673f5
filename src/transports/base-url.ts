/** The service's production address; the msw handler and the Playwright route intercept it unless told otherwise. */
export const DEFAULT_BASE_URL = 'https://api.makeswift.com'

/** Where an in-page adapter answers, as it matches requests. */
export interface BaseUrl {
  /** A path on whatever origin the page has ("/", "/api"), not an absolute URL. */
  relative: boolean
  /** The absolute base URL's origin; undefined for a path. */
  origin: string | undefined
  /** The path prefix without its trailing slash ("" for the root). */
  prefix: string
}

/** An absolute base URL (origin and optional path prefix) or a path prefix such as "/". */
export function parseBaseUrl(baseUrl: string): BaseUrl {
  if (baseUrl.startsWith('/')) return { relative: true, origin: undefined, prefix: baseUrl.replace(/\/$/, '') }
  const url = new URL(baseUrl)
  return { relative: false, origin: url.origin, prefix: url.pathname.replace(/\/$/, '') }
}
