import { ApiError } from '../api/errors.js'
import { parseBody } from '../api/parse-request.js'
import type { OverrideRequest } from '../contracts/types.js'
import type { ControlRoute } from '../control/control-types.js'

/**
 * GET /__mock/overrides lists the overrides in the order they are tried; POST adds one
 * (answering the new list); DELETE clears them, DELETE /__mock/overrides/{id} removes one.
 * Overrides are not part of the state: a state file neither saves nor replays them.
 */
export const overrideControlRoutes: ControlRoute[] = [
  { method: 'GET', path: 'overrides', handle: (_request, _params, target) => target.overrides.list() },
  {
    method: 'POST',
    path: 'overrides',
    writes: false,
    handle: (request, _params, target) => {
      target.overrides.add(parseBody(request, true) as OverrideRequest)
      return target.overrides.list()
    },
  },
  {
    method: 'DELETE',
    path: 'overrides',
    writes: false,
    handle: (_request, _params, target) => {
      target.overrides.clear()
      return target.overrides.list()
    },
  },
  {
    method: 'DELETE',
    path: 'overrides/{id}',
    writes: false,
    handle: (_request, params, target) => {
      const id = /^\d{1,9}$/.test(params.id!) ? Number(params.id) : Number.NaN
      if (!target.overrides.remove(id)) throw new ApiError(404, 'not_found', `No override found with id ${params.id!}; see GET /__mock/overrides.`)
      return target.overrides.list()
    },
  },
]
