import type { Credentials, ResetBody } from '../generated/types.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import type { FaultSet } from '../faults/fault-set.js'
import type { RequestJournal } from '../journal/journal.js'
import type { OverrideSet } from '../overrides/override-set.js'
import type { Store } from '../store/store.js'

/**
 * The shapes a feature needs to add control endpoints. They live apart from the plane that
 * routes them, so a feature depends on these types alone and the plane on no feature.
 */

export const CONTROL_PREFIX = '/__mock/'

/** createMock's `control`: the control plane, open or behind a token, or false for none. */
export type ControlOption = { token?: string } | false

/** What the control plane may do to the mock it belongs to. */
export interface ControlTarget {
  store(): Store
  /** mock.reset(): the state, journal, faults and overrides back to the start. Throws a FixtureError, changing nothing, when body.fixture is invalid. */
  reset(body: ResetBody): void
  /** mock.resetState(): the state only. Throws a FixtureError, changing nothing, when body.fixture is invalid. */
  resetState(body: ResetBody): void
  credentials(): Credentials
  /** What a reset restores: the scenario name or fixture file, and the seed. */
  scenario(): { name: string; seed?: number }
  readonly journal: RequestJournal
  readonly faults: FaultSet
  readonly overrides: OverrideSet
  /** Runs an API request as the operations do, without the rate limit, journal, faults or overrides; a state file keeps it. */
  write(request: ApiRequest): ApiResponse
}

/**
 * One control endpoint of the mock (or, with another target, of the proxy). `path` is relative to /__mock/ and may hold `{name}` parameters,
 * e.g. `sites/{siteId}/publish`. Handlers return the JSON body of a 200, or throw an ApiError.
 */
export interface ControlRoute<T = ControlTarget> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  handle(request: ApiRequest, params: Record<string, string>, target: T): unknown
  /**
   * Work on the request too long to do in one turn of the event loop (judging a large state
   * import), done before handle() by a transport that can wait (see Mock.prepare); undefined when
   * there is none for this request. It never rejects: what it finds, handle() answers.
   */
  prepare?(request: ApiRequest): Promise<void> | undefined
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
