import type { ApiRequest, ApiResponse } from '../api/types.js'
import type { ControlOption } from './control-types.js'

/**
 * `/__mock` as a person types it (the banner says /__mock/) is sent on to the dashboard at
 * `/__mock/`. A 308, not a 301: it keeps the method and body, so a POST is never turned into a
 * GET on its way; and the address with the slash is where the control plane always lives. The
 * location is relative, so it holds under any path the mock is mounted at (an express mount).
 */
export function redirectToControlPlane(request: ApiRequest, control: ControlOption | undefined): ApiResponse | undefined {
  if (request.path !== '/__mock' || control === false) return undefined
  return { status: 308, headers: { location: `__mock/${request.query ? `?${request.query}` : ''}` }, body: undefined }
}
