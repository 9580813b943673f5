import { badRequest, invalidField } from '../api/errors.js'
import { parseBody } from '../api/parse-request.js'
import type { ControlRoute, ControlTarget } from '../control/control-types.js'
import type { ResetBody } from '../contracts/types.js'
import { exportState } from './fixture.js'
import { FixtureError } from './fixture-error.js'

/**
 * Resets the target to a scenario or a fixture: everything a test changes ('all', POST
 * /__mock/reset) or the state only ('state'); a fixture with problems is a 400 with one
 * detail per problem, its path under `prefix` (e.g. fixture.sites[2].defaultLocale).
 */
export function resetOrRefuse(target: ControlTarget, body: ResetBody, prefix: string, scope: 'all' | 'state'): void {
  if (body.scenario !== undefined && body.fixture !== undefined) {
    throw invalidField('fixture', 'cannot be sent with scenario; send a scenario name or a fixture document, not both')
  }
  try {
    if (scope === 'all') target.reset(body)
    else target.resetState(body)
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error
    const details = error.problems.slice(0, MAX_DETAILS).map((p) => ({ field: p.path === '(fixture)' ? prefix.replace(/\.$/, '') || '(body)' : prefix + p.path, message: p.message }))
    const more = error.problems.length - details.length
    throw badRequest(details, `The fixture was refused and the state left as it was: ${error.problems.length} problem(s)${more > 0 ? `, the first ${MAX_DETAILS} listed` : ''}.`)
  }
}

/** A refused document may have thousands of problems; the answer lists the first ones. */
const MAX_DETAILS = 100

/**
 * GET /__mock/state exports the whole state as a fixture document; PUT /__mock/state imports
 * one (validated like any fixture: a bad one is a 400 and changes nothing) and answers the
 * credentials, as a reset does.
 */
export const stateControlRoutes: ControlRoute[] = [
  { method: 'GET', path: 'state', handle: (_request, _params, target) => exportState(target.store()) },
  {
    method: 'PUT',
    path: 'state',
    // An import replaces the state through reset, which a state file saves as a whole.
    writes: false,
    handle: (request, _params, target) => {
      resetOrRefuse(target, { fixture: parseBody(request, true) as ResetBody['fixture'] }, '', 'state')
      return target.credentials()
    },
  },
]
