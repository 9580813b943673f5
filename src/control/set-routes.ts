import { ApiError } from '../api/errors.js'
import { parseBody } from '../api/parse-request.js'
import type { ControlRoute, ControlTarget } from './control-types.js'

/** A set of numbered entries the control plane lists, adds to, and removes from (faults, overrides). */
export interface ControlSet<Body> {
  list(): unknown
  add(body: Body): unknown
  remove(id: number): boolean
  clear(): void
}

/**
 * GET /__mock/{path} lists the set; POST adds one entry (its body checked by `check`) and answers
 * the new list; DELETE clears it, DELETE /__mock/{path}/{id} removes one (404 when there is none).
 * Such sets are not part of the state: a state file neither saves nor replays these requests.
 */
export function setControlRoutes<Body>(path: string, entry: string, setOf: (target: ControlTarget) => ControlSet<Body>, check: (body: unknown) => Body): ControlRoute[] {
  return [
    { method: 'GET', path, handle: (_request, _params, target) => setOf(target).list() },
    {
      method: 'POST',
      path,
      writes: false,
      handle: (request, _params, target) => {
        setOf(target).add(check(parseBody(request, true)))
        return setOf(target).list()
      },
    },
    {
      method: 'DELETE',
      path,
      writes: false,
      handle: (_request, _params, target) => {
        setOf(target).clear()
        return setOf(target).list()
      },
    },
    {
      method: 'DELETE',
      path: `${path}/{id}`,
      writes: false,
      handle: (_request, params, target) => {
        const id = /^\d{1,9}$/.test(params.id!) ? Number(params.id) : Number.NaN
        if (!setOf(target).remove(id)) throw new ApiError(404, 'not_found', `No ${entry} found with id ${params.id!}; see GET /__mock/${path}.`)
        return setOf(target).list()
      },
    },
  ]
}
