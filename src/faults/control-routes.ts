import { ApiError } from '../api/errors.js'
import { parseBody } from '../api/parse-request.js'
import { compileValidator } from '../api/validate.js'
import type { FaultRequest } from '../contracts/types.js'
import type { ControlRoute } from '../control/control-types.js'

const validateFault = compileValidator<FaultRequest>('control-fault.json', 'body')

/**
 * GET /__mock/faults lists the active faults; POST adds one (answering the new list);
 * DELETE clears them all, DELETE /__mock/faults/{id} one. Faults are not part of the state:
 * a state file neither saves nor replays them.
 */
export const faultControlRoutes: ControlRoute[] = [
  { method: 'GET', path: 'faults', handle: (_request, _params, target) => target.faults.list() },
  {
    method: 'POST',
    path: 'faults',
    writes: false,
    handle: (request, _params, target) => {
      target.faults.add(validateFault(parseBody(request, true)))
      return target.faults.list()
    },
  },
  {
    method: 'DELETE',
    path: 'faults',
    writes: false,
    handle: (_request, _params, target) => {
      target.faults.clear()
      return target.faults.list()
    },
  },
  {
    method: 'DELETE',
    path: 'faults/{id}',
    writes: false,
    handle: (_request, params, target) => {
      const id = /^\d{1,9}$/.test(params.id!) ? Number(params.id) : Number.NaN
      if (!target.faults.remove(id)) throw new ApiError(404, 'not_found', `No fault found with id ${params.id!}; see GET /__mock/faults.`)
      return target.faults.list()
    },
  },
]
