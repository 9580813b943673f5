import { isUuid } from '../contracts/uuid.js'

/**
 * How a page or route pathname travels in the path (choice pathnameInPath): sitemock's routes take
 * it as one segment, its slashes encoded (`/v6/pages/%2Fblog%2Fhello`); a deployment may take it as
 * the rest of the path instead (`segments`: `/v6/pages/blog/hello`, the root page `/v6/pages/`).
 * The two forms are turned into each other here: the suite writes what it sends to such a
 * deployment so, and the mock following it reads what it is sent back into its own form.
 */

/** The families whose path names a resource by a pathname. */
const FAMILIES = ['/v6/pages/', '/v2/routes/']

/** Where a path of a pathname family ends its family, or -1. */
const familyEnd = (path: string): number => {
  for (const family of FAMILIES) if (path.startsWith(family)) return family.length
  return -1
}

/**
 * A path whose pathname is written as one encoded segment (`/v6/pages/%2Fblog%2Fhello?siteId=…`),
 * written as the rest of the path (`/v6/pages/blog/hello?siteId=…`), each segment encoded on its
 * own; any other path as it is.
 */
export function pathnameAsSegments(path: string): string {
  const start = familyEnd(path)
  if (start < 0) return path
  const queryAt = path.indexOf('?')
  const end = queryAt < 0 ? path.length : queryAt
  const segment = path.slice(start, end)
  if (!/^%2F/i.test(segment) || segment.includes('/')) return path
  let pathname: string
  try {
    pathname = decodeURIComponent(segment)
  } catch {
    return path
  }
  return `${path.slice(0, start - 1)}${pathname.split('/').map(encodeURIComponent).join('/')}${path.slice(end)}`
}

/**
 * A path (without its query) that names a pathname as the rest of the path, as sitemock's routes
 * take it: one segment, encoded (`/v6/pages/blog/hello` → `/v6/pages/%2Fblog%2Fhello`,
 * `/v6/pages/` → `/v6/pages/%2F`); a single segment that is an id stays as it is. `refused` for an
 * encoded slash in such a path, which a deployment reading pathnames so refuses; undefined for a
 * path of no pathname family.
 */
export function segmentsAsPathname(path: string): string | 'refused' | undefined {
  const start = familyEnd(path)
  if (start < 0) return undefined
  const rest = path.slice(start)
  if (/%2F/i.test(rest)) return 'refused'
  if (!rest.includes('/') && isUuid(rest)) return path
  const segments = rest.split('/')
  let decoded: string[]
  try {
    decoded = segments.map((segment) => decodeURIComponent(segment))
  } catch {
    // A stray percent sign is the router's to refuse, as in any other path.
    return path
  }
  return `${path.slice(0, start)}${encodeURIComponent(`/${decoded.join('/')}`)}`
}
