import { corsHeaders, preflight, type CorsOrigins } from './api/cors.js'
import { createDispatcher } from './api/dispatch.js'
import { ApiError } from './api/errors.js'
import { apiRoutes } from './api/operations.js'
import { DEFAULT_RATE_LIMIT, RateLimiter } from './api/rate-limit.js'
import type { ApiRequest, ApiResponse } from './api/types.js'
import { CONTROL_PREFIX, credentialsOf, handleControl } from './control/control-plane.js'
import { buildScenario, DEFAULT_SEED, type ScenarioName } from './scenarios/index.js'
import type { Store } from './store/store.js'

export interface MockOptions {
  scenario?: ScenarioName
  seed?: number
  /** Enforce the rate limit (429 past it); the x-ratelimit-* headers are sent either way. */
  rateLimit?: number | false
  /** The clock for timestamps; the wall clock by default. */
  now?: () => Date
  /** Browser origins admitted by CORS; any local origin by default. */
  corsOrigins?: CorsOrigins
  /** The /__mock/* control plane: open (default), guarded by a token sent as x-control-token, or off. */
  control?: { token?: string } | false
}

export interface Mock {
  /** Answers one request: the API, or the /__mock/* control plane. */
  handle(request: ApiRequest): ApiResponse
  readonly store: Store
  reset(options?: { scenario?: ScenarioName; seed?: number }): void
  credentials(): ReturnType<typeof credentialsOf>
}

/** The transport-agnostic mock: every transport (node:http, msw, express) adapts this one object. */
export function createMock(options: MockOptions = {}): Mock {
  let scenario = options.scenario ?? 'default'
  let seed = options.seed ?? DEFAULT_SEED
  let store = buildScenario(scenario, seed, options.now)
  const limit = options.rateLimit === undefined || options.rateLimit === false ? DEFAULT_RATE_LIMIT : options.rateLimit
  const dispatch = createDispatcher({
    routes: apiRoutes,
    store: () => store,
    rateLimiter: new RateLimiter(limit, options.rateLimit !== undefined && options.rateLimit !== false),
  })
  const mock: Mock = {
    handle(request) {
      const early = preflight(request, options.corsOrigins)
      if (early) return early
      const response = answer(request)
      return { ...response, headers: { ...response.headers, ...corsHeaders(request, options.corsOrigins) } }
    },
    get store() {
      return store
    },
    reset(next = {}) {
      scenario = next.scenario ?? scenario
      seed = next.seed ?? seed
      store = buildScenario(scenario, seed, options.now)
    },
    credentials: () => credentialsOf(store),
  }
  const answer = (request: ApiRequest): ApiResponse => {
    try {
      return request.path.startsWith(CONTROL_PREFIX) ? control(request) : dispatch(request)
    } catch (error) {
      // The last net: a bug is answered in the envelope, never with a stack trace or a dropped socket.
      console.error(`sitemock: unexpected error on ${request.method} ${request.path}`, error)
      const body = new ApiError(500, 'internal_error', 'The mock hit an unexpected error; this is a bug in sitemock.').toBody()
      return { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body }
    }
  }
  const control = (request: ApiRequest): ApiResponse => {
    const refusal = controlRefusal(request, options.control)
    if (refusal) return { status: refusal.status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: refusal.toBody() }
    return handleControl(request, { store: () => store, reset: mock.reset })
  }
  return mock
}

function controlRefusal(request: ApiRequest, control: MockOptions['control']): ApiError | undefined {
  // Switched off, the control plane does not exist at all: the same 404 as any unknown path.
  if (control === false) return new ApiError(404, 'not_found', `No operation at ${request.method} ${request.path}.`)
  if (control?.token !== undefined && request.headers['x-control-token'] !== control.token) {
    return new ApiError(401, 'unauthorized', 'The control plane needs the x-control-token header with the token given to --control-token.')
  }
  return undefined
}
