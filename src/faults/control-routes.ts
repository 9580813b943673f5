import { compileValidator } from '../api/validate.js'
import type { FaultRequest } from '../contracts/types.js'
import type { ControlRoute } from '../control/control-types.js'
import { setControlRoutes } from '../control/set-routes.js'

const validateFault = compileValidator<FaultRequest>('control-fault.json', 'body')

/** GET, POST and DELETE /__mock/faults, DELETE /__mock/faults/{id}: the active faults. */
export const faultControlRoutes: ControlRoute[] = setControlRoutes('faults', 'fault', (target) => target.faults, validateFault)
