import { createDispatcher } from './api/dispatch.js'
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
      if (request.path.startsWith(CONTROL_PREFIX)) return handleControl(request, { store: () => store, reset: mock.reset })
      return dispatch(request)
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
  return mock
}
