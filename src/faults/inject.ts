import { ApiError } from '../api/errors.js'
import type { RouteMatch } from '../api/route-table.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { FAULT_HEADER } from './fault-header.js'
import { dropResponse, faultResponse } from './fault-response.js'
import type { FaultSet } from './fault-set.js'
import { parsePrefer } from './prefer.js'

/**
 * Runs an API request through the Prefer header and the active faults. A forced or injected
 * error answers instead of the operation, which then never runs (nothing changes); a delay
 * travels with the response for the transport to honour. Requests to no operation (404, 405)
 * are left alone.
 */
export function injectFaults(request: ApiRequest, match: RouteMatch, faults: FaultSet, run: () => ApiResponse): ApiResponse {
  const prefer = request.headers['prefer']
  if (prefer === undefined && faults.size === 0) return run()
  if (match.kind !== 'found') return run()
  const { operation } = match
  let preference
  try {
    preference = parsePrefer(prefer, operation)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return error.toResponse({ [FAULT_HEADER]: 'invalid Prefer header' })
  }
  const decision = faults.decide(operation.operationId)
  const delayMs = preference.delay ?? decision.delayMs
  let response: ApiResponse
  if (preference.code !== undefined) {
    // Asking for the success status runs the operation, and no injected failure overrides the request's own choice.
    response =
      preference.code === operation.success.status
        ? run()
        : faultResponse(preference.code, `Answered with ${preference.code} because the request asked for it with Prefer: code=${preference.code}.`, 'prefer', `Prefer code=${preference.code}`)
  } else if (decision.failure?.drop) {
    response = dropResponse(decision.failure.drop, `fault ${decision.failure.id}: ${decision.failure.drop}`)
  } else if (decision.failure) {
    const { id, status } = decision.failure
    response = faultResponse(status ?? 500, `Answered with ${status ?? 500} by an injected fault (fault ${id}; see GET /__mock/faults).`, '(fault)', `fault ${id}: status ${status ?? 500}`)
  } else {
    response = run()
  }
  return delayMs > 0 ? { ...response, delayMs } : response
}
