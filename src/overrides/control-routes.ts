import type { OverrideRequest } from '../contracts/types.js'
import type { ControlRoute } from '../control/control-types.js'
import { setControlRoutes } from '../control/set-routes.js'

/**
 * GET, POST and DELETE /__mock/overrides, DELETE /__mock/overrides/{id}: the active overrides,
 * in the order they are tried. OverrideSet.add checks the body, for code and requests alike.
 */
export const overrideControlRoutes: ControlRoute[] = setControlRoutes('overrides', 'override', (target) => target.overrides, (body) => body as OverrideRequest)
