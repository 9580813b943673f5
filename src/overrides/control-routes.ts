import { parseBody } from '../api/parse-request.js'
import type { OverrideDocument, OverrideRequest } from '../generated/types.js'
import type { ControlRoute } from '../control/control-types.js'
import { setControlRoutes } from '../control/set-routes.js'

/**
 * GET, POST and DELETE /__mock/overrides, DELETE /__mock/overrides/{id}: the active overrides,
 * in the order they are tried; PUT /__mock/overrides replaces them all with a document's (a
 * recording of sitemock proxy --record). OverrideSet checks the bodies, for code and requests alike.
 */
export const overrideControlRoutes: ControlRoute[] = [
  ...setControlRoutes('overrides', 'override', (target) => target.overrides, (body) => body as OverrideRequest),
  { method: 'PUT', path: 'overrides', writes: false, handle: (request, _params, target) => target.overrides.replace(parseBody(request, true) as OverrideDocument) },
]
