import type { Choices } from '../freedom/catalogue.js'
import { ApiError, methodNotAllowed } from './errors.js'
import type { ApiRequest } from './types.js'

/** Update Route's path: where the other route operations are served elsewhere, the update is its one method. */
export const UPDATE_ROUTE_PATH = '/v2/routes/{routeIdOrPathname}'

/**
 * The answer to a request the deployment has no operation for: a path it lacks (404); a method
 * its path does not take (`allowed` the methods it does), a 405, or a 404 where the deployment
 * answers it as a path it lacks (choice unservedMethod 404). Where the key is judged before the
 * request is routed (choice unknownPathKey key-first), a key missing or unknown is its 401 first.
 */
export function unrouted(request: Pick<ApiRequest, 'method' | 'path'>, allowed: readonly string[] | undefined, choices: Required<Choices> | undefined, keyRefusal: () => ApiError | undefined): ApiError {
  const refused = choices?.unknownPathKey === 'key-first' ? keyRefusal() : undefined
  if (refused !== undefined) return refused
  if (allowed !== undefined && allowed.length > 0 && choices?.unservedMethod !== '404') return methodNotAllowed(request.method, [...allowed])
  return new ApiError(404, 'not_found', `No operation at ${request.method} ${request.path}.`)
}
