import type { FaultRequest } from '../generated/types.js'
import type { ControlRoute } from '../control/control-types.js'
import { setControlRoutes } from '../control/set-routes.js'

/** GET, POST and DELETE /__mock/faults, DELETE /__mock/faults/{id}: the active faults. FaultSet checks the bodies, for code and requests alike. */
export const faultControlRoutes: ControlRoute[] = setControlRoutes('faults', 'fault', (target) => target.faults, (body) => body as FaultRequest)
