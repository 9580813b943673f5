import { apiRoutes } from '../api/operations.js'
import { CONTROL_PREFIX } from '../control/control-types.js'

/**
 * Whether the mock answers this path (after the base URL's prefix): an API route or the control
 * plane. Under a path on the page's own origin everything else is the app's (scripts, images).
 */
export function isMockPath(method: string, path: string): boolean {
  return path.startsWith(CONTROL_PREFIX) || apiRoutes.match(method, path).kind !== 'not-found'
}
