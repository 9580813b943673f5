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
  if (typeof baseUrl !== 'string') throw new TypeError(`baseUrl must be a string such as "http://localhost:3000/api" or "/api"; got ${describe(baseUrl)}`)
  if (baseUrl.startsWith('/')) return { relative: true, origin: undefined, prefix: baseUrl.replace(/\/$/, '') }
  // new URL() takes "localhost:3000/api" as the scheme "localhost:", and no request would ever match it.
  const url = /^https?:\/\/[^/?#\s]/i.test(baseUrl) ? absolute(baseUrl) : undefined
  if (url === undefined) {
    const guess = /^[\w.-]+(:\d+)?(\/|$)/.test(baseUrl) ? ` Did you mean "http://${baseUrl}"?` : ''
    throw new TypeError(
      `baseUrl ${JSON.stringify(baseUrl)} is not an http:// or https:// URL nor a path; accepted: an absolute URL with its scheme ("http://localhost:3000/api") or a path on the page's own origin ("/api").${guess}`,
    )
  }
  return { relative: false, origin: url.origin, prefix: url.pathname.replace(/\/$/, '') }
}

function absolute(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
