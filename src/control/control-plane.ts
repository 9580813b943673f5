import type { Credentials, ResetBody } from '../contracts/types.js'
import { ApiError, JSON_HEADERS, methodNotAllowed } from '../api/errors.js'
import { parseBody } from '../api/parse-request.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { compileValidator } from '../api/validate.js'
import { resetOrRefuse, stateControlRoutes } from '../scenarios/state-routes.js'
import { publishControlRoutes } from './publish.js'
import { ControlContent } from './control-content.js'
import { dashboardControlRoutes } from '../dashboard/control-routes.js'
import type { FaultSet } from '../faults/fault-set.js'
import { faultControlRoutes } from '../faults/control-routes.js'
import { journalControlRoutes } from '../journal/control-routes.js'
import type { RequestJournal } from '../journal/journal.js'
import { docsControlRoutes } from '../openapi/docs.js'
import type { Store } from '../store/store.js'

export const CONTROL_PREFIX = '/__mock/'

/** What the control plane may do to the mock it belongs to. */
export interface ControlTarget {
  store(): Store
  /** Throws a FixtureError, changing nothing, when body.fixture is invalid. */
  reset(body: ResetBody): void
  credentials(): Credentials
  /** What a reset restores: the scenario name or fixture file, and the seed. */
  scenario(): { name: string; seed?: number }
  readonly journal: RequestJournal
  readonly faults: FaultSet
}

/**
 * One control endpoint. `path` is relative to /__mock/ and may hold `{name}` parameters,
 * e.g. `sites/{siteId}/publish`. Handlers return the JSON body of a 200, or throw an ApiError.
 */
export interface ControlRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  handle(request: ApiRequest, params: Record<string, string>, target: ControlTarget): unknown
  /**
   * false for an endpoint that leaves the store alone, or replaces it through reset (which is
   * saved whole). A 2xx from any other non-GET endpoint is a write: a state file journals the
   * request and replays it on restart.
   */
  writes?: false
  /**
   * A page or file that holds no state (the dashboard, the API reference): served without the
   * control token so that a browser can open it; what the page then asks for needs the token.
   */
  open?: true
}

const validateReset = compileValidator<ResetBody>('control-reset.json', 'body')

export const coreControlRoutes: ControlRoute[] = [
  { method: 'GET', path: 'health', handle: () => ({ status: 'ok' }) },
  { method: 'GET', path: 'credentials', handle: (_request, _params, target) => credentialsOf(target.store()) },
  {
    method: 'POST',
    path: 'reset',
    writes: false,
    handle: (request, _params, target) => {
      const hasBody = request.body !== undefined && request.body.length > 0
      resetOrRefuse(target, hasBody ? validateReset(parseBody(request, true)) : {}, 'fixture.')
      return credentialsOf(target.store())
    },
  },
]

/** Every control endpoint; feature modules add theirs here. */
const controlRoutes: ControlRoute[] = [...coreControlRoutes, ...stateControlRoutes, ...publishControlRoutes, ...journalControlRoutes, ...faultControlRoutes, ...dashboardControlRoutes, ...docsControlRoutes]

/** The /__mock/* endpoints: not part of the service's API, so no API key is needed. */
export function handleControl(request: ApiRequest, target: ControlTarget): ApiResponse {
  try {
    const segments = request.path.slice(CONTROL_PREFIX.length).split('/')
    const allowed: string[] = []
    for (const route of controlRoutes) {
      const params = matchControlPath(route.path, segments)
      if (!params) continue
      if (route.method !== request.method) {
        allowed.push(route.method)
        continue
      }
      const body = route.handle(request, params, target)
      if (body instanceof ControlContent) return { status: 200, headers: { 'content-type': body.contentType }, body: undefined, payload: body.text }
      return { status: 200, headers: { ...JSON_HEADERS }, body }
    }
    if (allowed.length) throw methodNotAllowed(request.method, allowed)
    throw new ApiError(404, 'not_found', `No control endpoint at ${request.path}; see GET /__mock/health.`)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return error.toResponse()
  }
}

/** Whether a successful request to this control endpoint changed the store (see ControlRoute.writes). */
export function controlWrites(request: ApiRequest): boolean {
  const route = routeOf(request)
  return route !== undefined && route.method !== 'GET' && route.writes !== false
}

/** Whether this control request is for a page or file that needs no token (see ControlRoute.open). */
export function isOpenControlRequest(request: ApiRequest): boolean {
  return routeOf(request)?.open === true
}

function routeOf(request: ApiRequest): ControlRoute | undefined {
  const segments = request.path.slice(CONTROL_PREFIX.length).split('/')
  return controlRoutes.find((r) => r.method === request.method && matchControlPath(r.path, segments))
}

function matchControlPath(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split('/')
  if (parts.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if (part.startsWith('{')) params[part.slice(1, -1)] = decodeSegment(part.slice(1, -1), segments[i]!)
    else if (part !== segments[i]) return undefined
  }
  return params
}

function decodeSegment(name: string, segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError(400, 'bad_request', `The path parameter ${name} is not validly percent-encoded.`, [
      { field: name, message: 'is not validly percent-encoded' },
    ])
  }
}

export function credentialsOf(store: Store): Credentials {
  return {
    workspaces: [...store.workspaces.values()].map(({ id, appApiKey }) => ({ id, appApiKey })),
    sites: [...store.sites.values()].map((site) => ({ id: site.id, workspaceId: site.workspaceId, name: site.name, siteApiKey: site.publicApiKey })),
  }
}
