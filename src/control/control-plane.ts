import type { Credentials, ResetBody } from '../contracts/types.js'
import { ApiError, methodNotAllowed } from '../api/errors.js'
import { parseBody } from '../api/parse-request.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { compileValidator } from '../api/validate.js'
import type { Store } from '../store/store.js'

export const CONTROL_PREFIX = '/__mock/'

/** What the control plane may do to the mock it belongs to. */
export interface ControlTarget {
  store(): Store
  reset(body: ResetBody): void
}

const validateReset = compileValidator<ResetBody>('control-reset.json', 'body')

type ControlHandler = (request: ApiRequest, target: ControlTarget) => unknown

const handlers: Record<string, Partial<Record<string, ControlHandler>>> = {
  health: { GET: () => ({ status: 'ok' }) },
  credentials: { GET: (_request, target) => credentialsOf(target.store()) },
  reset: {
    POST: (request, target) => {
      const hasBody = request.body !== undefined && request.body.length > 0
      target.reset(hasBody ? validateReset(parseBody(request, true)) : {})
      return credentialsOf(target.store())
    },
  },
}

/** The /__mock/* endpoints: not part of the service's API, so no API key is needed. */
export function handleControl(request: ApiRequest, target: ControlTarget): ApiResponse {
  const headers = { 'content-type': 'application/json; charset=utf-8' }
  try {
    const name = request.path.slice(CONTROL_PREFIX.length)
    const methods = handlers[name]
    if (!methods) throw new ApiError(404, 'not_found', `No control endpoint at ${request.path}; see GET /__mock/health.`)
    const handler = methods[request.method]
    if (!handler) throw methodNotAllowed(request.method, Object.keys(methods))
    return { status: 200, headers, body: handler(request, target) }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: error.status, headers: { ...headers, ...error.headers }, body: error.toBody() }
  }
}

export function credentialsOf(store: Store): Credentials {
  return {
    workspaces: [...store.workspaces.values()].map(({ id, appApiKey }) => ({ id, appApiKey })),
    sites: [...store.sites.values()].map((site) => ({ id: site.id, workspaceId: site.workspaceId, siteApiKey: site.publicApiKey })),
  }
}
